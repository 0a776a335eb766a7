package cli

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/internal/bench"
	"github.com/memhive/memhive/recall"
)

func init() { benches["latency"] = benchLatency }

func benchLatency(e *env, args []string) error {
	for i, a := range args {
		if a == "--synthetic" || a == "-synthetic" {
			return benchLatencySynthetic(e, append(args[:i:i], args[i+1:]...))
		}
	}
	return benchProduction(e, args)
}

// benchLatencySynthetic is the first latency benchmark (Zipf word salad,
// loaded by COPY, questions one at a time), kept for comparison.
func benchLatencySynthetic(e *env, args []string) error {
	fs := newFlags(e, "bench latency --synthetic", "bench latency --synthetic [--members N] [--episodes N] [--big N] [--queries N] [--embed-small N] [--embedder wink|hash|none] [--file F] [--database URL] [--keep] [--reuse SCHEMA] [--json]", `
Tier 0 and tier 1 latency over a large synthetic record: --episodes episodes
in all, --big of them held by one member ("big"), the rest spread over
--members members; text of 6-30 Zipf-distributed words of the LoCoMo
vocabulary, audiences drawn from five people per member, loaded by COPY.
Vectors (in Go, written by COPY, then the HNSW index) for the big member and
--embed-small small members. Then --queries questions (LoCoMo question
texts) at tier 0 and at tier 1, one at a time, mostly to the big member;
p50/p95/p99 per tier, and each tier-1 leg's SQL time. Build once with
--keep, then measure again with --reuse SCHEMA (same sizes).
See docs/benchmarks-method.md.`)
	members := fs.Int("members", 1000, "small members")
	episodes := fs.Int("episodes", 1000000, "episodes in all, the big member's included")
	big := fs.Int("big", 100000, "episodes of the big member")
	queries := fs.Int("queries", 1000, "queries per tier")
	embedSmall := fs.Int("embed-small", 50, "small members given vectors (tier-1 queries to small members go to these)")
	bigShare := fs.Float64("big-share", 0.7, "share of queries to the big member")
	embedder := fs.String("embedder", "wink", "built-in embedder: wink, hash or none")
	file := fs.String("file", "", "the LoCoMo file (default: $MEMHIVE_LOCOMO, else the copy built into memhive) (vocabulary and query texts)")
	dbURL := fs.String("database", "", "Postgres URL (default MEMHIVE_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)")
	keep := fs.Bool("keep", false, "keep the schema at the end (its name is printed)")
	reuse := fs.String("reuse", "", "measure on this kept schema instead of building one")
	seed := fs.Uint64("seed", 1, "random seed")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *members < 0 || *big < 0 || *episodes < *big || *queries <= 0 || (*members == 0 && *episodes != *big) {
		return usagef("want --episodes ≥ --big ≥ 0, --members > 0 unless every episode is the big member's, --queries > 0")
	}
	url := *dbURL
	if url == "" {
		url = bench.DefaultURL()
	}
	ctx, cancel := signalContext()
	defer cancel()
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := bench.OpenSchema(ctx, url, *reuse, "bench_latency", *reuse != "", 8, func(c *pgxpool.Config) {
		c.ConnConfig.Tracer = bench.Tracer{}
		for k, v := range recall.SessionParams { // as memhive up sets them
			c.ConnConfig.RuntimeParams[k] = v
		}
	})
	if err != nil {
		return err
	}
	defer closeSchema(e, db, *keep || *reuse != "")
	o := bench.LatencyOptions{Members: *members, Episodes: *episodes, Big: *big, Queries: *queries, EmbedSmall: *embedSmall,
		BigShare: *bigShare, Embedder: *embedder, File: *file, Seed: *seed, Progress: e.stderr, Logger: log}
	res := &bench.LatencyResult{Date: time.Now().UTC().Format(time.RFC3339), Schema: db.Schema, Members: *members,
		Episodes: *episodes, Big: *big, Embedder: *embedder, Seconds: map[string]float64{}}
	if *reuse == "" {
		if err := bench.BuildLatency(ctx, db, o, res); err != nil {
			return err
		}
	} else {
		_ = db.Pool.QueryRow(ctx, `SELECT count(*) FROM embeddings WHERE status = 'ready'`).Scan(&res.Embedded)
	}
	res.Machine = bench.DescribeMachine(ctx, db.Pool)
	t0 := time.Now()
	if err := bench.RunLatency(ctx, db, o, res); err != nil {
		return err
	}
	res.Seconds["queries"] = time.Since(t0).Seconds()
	if *asJSON {
		return printJSON(e.stdout, res)
	}
	printLatency(e.stdout, res)
	return nil
}

func printLatency(w io.Writer, r *bench.LatencyResult) {
	fmt.Fprintf(w, "Recall latency, %s\n", r.Date)
	fmt.Fprintf(w, "machine: %d CPUs (%s), %s, PostgreSQL %s, pgvector %s, load average %s\n", r.Machine.CPUs, r.Machine.CPUModel, r.Machine.MemoryGB, r.Machine.Postgres, r.Machine.PGVector, r.Machine.LoadAvg)
	fmt.Fprintf(w, "record: %d episodes, %d members + big (%d episodes); %d vectors (%s); schema %s\n\n", r.Episodes, r.Members, r.Big, r.Embedded, r.Embedder, r.Schema)
	fmt.Fprintf(w, "  %-5s %7s | %-23s | %-23s | %-23s | %7s %6s\n", "tier", "queries", "all p50/p95/p99 ms", "big member", "small members", "max", "items")
	for _, t := range r.Tiers {
		f := func(p [3]float64) string { return fmt.Sprintf("%6.1f %6.1f %6.1f", p[0], p[1], p[2]) }
		fmt.Fprintf(w, "  %-5s %7d | %-23s | %-23s | %-23s | %7.1f %6.1f\n", t.Tier, t.Queries, f(t.All), f(t.Big), f(t.Small), t.Max, t.Items)
	}
	fmt.Fprintln(w, "\nTier 1, SQL time per leg and query (ms; legs run concurrently)")
	fmt.Fprintf(w, "  %-9s %6s | %-23s | %-23s\n", "leg", "stmts", "big p50/p95/p99", "small p50/p95/p99")
	for _, l := range r.Legs {
		fmt.Fprintf(w, "  %-9s %6.1f | %6.1f %6.1f %6.1f    | %6.1f %6.1f %6.1f\n", l.Leg, l.Statements, l.Big[0], l.Big[1], l.Big[2], l.Small[0], l.Small[1], l.Small[2])
	}
	fmt.Fprintf(w, "\nsemantic leg modes: %v\nkeyword leg modes: %v\n", r.SemanticMode, r.KeywordMode)
	var secs []string
	for _, k := range []string{"copy_episodes", "index_episodes", "embed", "index_vectors", "queries"} {
		if v, ok := r.Seconds[k]; ok {
			secs = append(secs, fmt.Sprintf("%s %.0fs", k, v))
		}
	}
	fmt.Fprintf(w, "time: %s\nload average at the end of the queries: %s\n", strings.Join(secs, ", "), r.LoadAvgEnd)
}
