package cli

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/memhive/memhive/internal/bench"
)

func benchProduction(e *env, args []string) error {
	fs := newFlags(e, "bench latency", "bench latency [--big N] [--mid N] [--small N] [--questions N] [--query-rate R] [--ingest-rate R] [--embedder wink|hash|none] [--database URL] [--keep] [--reuse SCHEMA] [--json] | bench latency --synthetic …", `
Recall latency on a record that looks like production, through the node
assembly `+"`memhive up`"+` runs (its pools, its cells):

  build   the LoCoMo turns (real conversation) re-homed into one member of
          --big turns, --mid members of --mid-size and --small members of
          --small-size, copy after copy with shifted dates; a third of the
          sessions heard by the member alone, the rest shared with one to
          three of their people; published on the lanes and written by the
          appender; every session of the members asked closed (facts,
          entities, edges; --close-all: of every member); one
          nightly pass (supersession, aliases, beliefs); vectors for the
          big and mid members and --embed-small small ones, with the index.
  measure while --ingest-rate turns a second arrive on the lanes, each of
          --questions LoCoMo questions is asked at tiers 0 and 1 of one member
          of each size, --query-rate a second, open loop (latency counts from
          when a question was due). p50/p95/p99 per tier and member size, and
          each tier-1 leg's time inside the call.

Build once with --keep, measure again with --reuse SCHEMA (same sizes).
--synthetic runs the earlier benchmark (word salad, one question at a time).
See docs/benchmarks-method.md.`)
	var o bench.ProdOptions
	fs.IntVar(&o.Big, "big", 100000, "turns of the big member")
	fs.IntVar(&o.Mid, "mid", 10, "members of --mid-size turns")
	fs.IntVar(&o.MidSize, "mid-size", 10000, "turns of each mid member")
	fs.IntVar(&o.Small, "small", 800, "members of --small-size turns")
	fs.IntVar(&o.SmallSize, "small-size", 1000, "turns of each small member")
	fs.IntVar(&o.EmbedSmall, "embed-small", 50, "small members given vectors (questions to small members go to these)")
	fs.IntVar(&o.VectorCacheMB, "vector-cache-mb", 0, "the measuring node's vector_cache_mb (0: its default, 256; -1: off, the exact semantic scan in SQL, to compare)")
	fs.IntVar(&o.Questions, "questions", 300, "questions, each asked at tiers 0 and 1 of one member of each size")
	fs.Float64Var(&o.QueryRate, "query-rate", 20, "questions a second (open loop)")
	fs.Float64Var(&o.IngestRate, "ingest-rate", 100, "turns a second published while the questions run")
	fs.IntVar(&o.Closers, "closers", 3, "close-pass workers while building")
	fs.BoolVar(&o.CloseAll, "close-all", false, "close every member's sessions (default: the members questions go to)")
	fs.StringVar(&o.Embedder, "embedder", "wink", "built-in embedder: wink, hash or none")
	fs.StringVar(&o.File, "file", "", "the LoCoMo file (default: $MEMHIVE_LOCOMO, else the copy built into memhive)")
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed")
	dbURL := fs.String("database", "", "Postgres URL (default MEMHIVE_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)")
	keep := fs.Bool("keep", false, "keep the schema at the end (its name is printed)")
	reuse := fs.String("reuse", "", "measure on this kept schema instead of building one")
	asJSON := fs.Bool("json", false, "print JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measure (not the build) to this file, for go tool pprof")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if o.Big < 0 || o.Mid < 0 || o.Small < 0 || o.Questions <= 0 || o.QueryRate <= 0 || o.IngestRate < 0 {
		return usagef("want sizes ≥ 0, --questions > 0, --query-rate > 0, --ingest-rate ≥ 0")
	}
	url := *dbURL
	if url == "" {
		url = bench.DefaultURL()
	}
	ctx, cancel := signalContext()
	defer cancel()
	o.Logger = slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	o.Progress = e.stderr
	db, err := bench.OpenSchema(ctx, url, *reuse, "bench_prod", *reuse != "", 8)
	if err != nil {
		return err
	}
	defer closeSchema(e, db, *keep || *reuse != "")
	res := &bench.ProdResult{Date: time.Now().UTC().Format(time.RFC3339), Schema: db.Schema, Seconds: map[string]float64{}}
	if *reuse == "" {
		if err := bench.BuildProduction(ctx, db, o, res); err != nil {
			return err
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer f.Close()
		o.Profile = f
	}
	if err := bench.RunProduction(ctx, db, o, res); err != nil {
		return err
	}
	if *asJSON {
		return printJSON(e.stdout, res)
	}
	printProduction(e.stdout, res)
	return nil
}

func printProduction(w io.Writer, r *bench.ProdResult) {
	fmt.Fprintf(w, "Recall latency, production-like record, %s\n", r.Date)
	fmt.Fprintf(w, "machine: %d CPUs (%s), %s, PostgreSQL %s (shared_buffers %s), pgvector %s; load average %s at the start, %s at the end\n",
		r.Machine.CPUs, r.Machine.CPUModel, r.Machine.MemoryGB, r.Machine.Postgres, r.Machine.SharedBuffers, r.Machine.PGVector, r.LoadAvg, r.LoadAvgEnd)
	fmt.Fprintf(w, "host costs: a system call %.0f ns, a Postgres round trip (SELECT 1) %.0f µs (medians)\n", r.Machine.SyscallNS, r.Machine.PGRoundTripUS)
	fmt.Fprintf(w, "record: %d episodes (members by size %v; %.0f%% heard by the member alone), %d facts, %d entities, %d edges, %d beliefs, %d vectors; schema %s\n",
		r.Episodes, r.Members, 100*r.Private, r.Facts, r.Entities, r.Edges, r.Beliefs, r.Vectors, r.Schema)
	fmt.Fprintf(w, "load: %.1f questions/s asked, %.1f turns/s ingested alongside (%d turns); recall pool max %d connections; %d errors; %.2f of %d CPUs busy meanwhile\n\n",
		r.QueryRate, r.IngestRate, r.Ingested, r.PoolMaxConn, r.Errors, r.BusyCPUs, r.Machine.CPUs)
	fmt.Fprintf(w, "  %-5s %-5s %7s | %-23s | %7s %6s\n", "tier", "size", "queries", "p50 / p95 / p99 ms", "max", "items")
	var p95 = map[string]float64{}
	for _, t := range r.Tiers {
		fmt.Fprintf(w, "  %-5s %-5s %7d | %6.1f %6.1f %6.1f    | %7.1f %6.1f\n", t.Tier, t.Size, t.Queries, t.P[0], t.P[1], t.P[2], t.Max, t.Items)
		p95[t.Tier+" "+t.Size] = t.P[1]
	}
	if r.PoolAcquires > 0 {
		fmt.Fprintf(w, "recall pool: %d connections acquired, %d of them waited for one (%.0f ms acquiring in all)\n", r.PoolAcquires, r.PoolWaited, r.PoolWaitMS)
	}
	if n := r.Tier0Kept + r.Tier0Resolved; n > 0 {
		fmt.Fprintf(w, "tier 0: %d of %d calls found their profile lines kept (%d resolved the member's facts, %d of them from the member's snapshot)\n", r.Tier0Kept, n, r.Tier0Resolved, r.Tier0Snapshot)
	}
	if s, b := p95["1 1k"], p95["1 100k"]; s > 0 {
		fmt.Fprintf(w, "\ntier-1 p95 at 100k turns / at 1k turns (same questions): %.2f\n", b/s)
	}
	fmt.Fprintln(w, "\nTier 1, each leg's time inside the call (ms; legs run concurrently)")
	fmt.Fprintf(w, "  %-12s %-5s | %s\n", "leg", "size", "p50 / p95 / p99")
	for _, l := range r.Legs {
		fmt.Fprintf(w, "  %-12s %-5s | %6.1f %6.1f %6.1f\n", l.Leg, l.Size, l.P[0], l.P[1], l.P[2])
	}
	fmt.Fprintf(w, "keyword leg during the measure: %d calls from the in-memory index, %d by the SQL path, %d member indexes loaded\n",
		r.KeywordCache[0], r.KeywordCache[1], r.KeywordCache[2])
	fmt.Fprintf(w, "semantic leg's exact scans from memory during the measure: %d from a current copy, %d after reading the new vectors, %d members read whole\n",
		r.VectorCache[0], r.VectorCache[2], r.VectorCache[1])
	if len(r.Missing) > 0 {
		var ks []string
		for k, v := range r.Missing {
			ks = append(ks, fmt.Sprintf("%s ×%d", k, v))
		}
		sort.Strings(ks)
		fmt.Fprintf(w, "legs missing: %s\n", strings.Join(ks, "; "))
	}
	if r.FirstError != "" {
		fmt.Fprintf(w, "%d questions failed (left out of the percentiles); the first: %s\n", r.Errors, r.FirstError)
	}
	var secs []string
	for _, k := range []string{"append", "close", "nightly", "vectors", "questions"} {
		if v, ok := r.Seconds[k]; ok {
			secs = append(secs, fmt.Sprintf("%s %.0fs", k, v))
		}
	}
	fmt.Fprintf(w, "time: %s\n", strings.Join(secs, ", "))
}
