package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/memhive/memhive/internal/bench"
)

func init() { benches["bm25"] = benchBM25 }

func benchBM25(e *env, args []string) error {
	fs := newFlags(e, "bench bm25", "bench bm25 [--sizes 1000,10000,100000] [--queries N] [--k 20] [--database URL] [--keep] [--json]", `
Keyword leg against an exact BM25: for each size, one member holding that
many LoCoMo turns (the ten conversations in order, repeated with dates
shifted until the size is reached), every LoCoMo question (or --queries of
them, spread evenly) asked of the keyword leg alone and of a BM25 computed
in Go from the member's episodes (to_tsvector's lexemes, the same prefix
rule, k1 1.2, b 0.75), independently of the leg's index. Reports how many
top-k sets are equal, the mean overlap and the leg's latency per size, as
recall runs it (a member of keyword_cache_min_episodes or more from its index
in memory, loaded first: warm; the cold load's time is reported), and the same
for the SQL path alone (cache off).
See docs/benchmarks-method.md.`)
	sizes := fs.String("sizes", "1000,10000,100000", "member sizes in turns, comma-separated")
	queries := fs.Int("queries", 0, "questions per size, spread over all of LoCoMo's (0: all 1,986)")
	k := fs.Int("k", 20, "the compared top")
	file := fs.String("file", "", "the LoCoMo file (default: $MEMHIVE_LOCOMO, else the copy built into memhive)")
	dbURL := fs.String("database", "", "Postgres URL (default MEMHIVE_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)")
	keep := fs.Bool("keep", false, "keep the schema at the end (its name is printed)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	var ns []int
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 10_000_000 {
			return usagef("--sizes: %q is not a size from 1 to 10000000", s)
		}
		ns = append(ns, n)
	}
	if *queries < 0 || *k < 1 {
		return usagef("--queries must be 0 or more and --k 1 or more")
	}
	url := *dbURL
	if url == "" {
		url = bench.DefaultURL()
	}
	ctx, cancel := signalContext()
	defer cancel()
	db, err := bench.OpenSchema(ctx, url, "", "bench_bm25", false, 4)
	if err != nil {
		return err
	}
	defer closeSchema(e, db, *keep)
	res, err := bench.RunBM25Agree(ctx, db, bench.BM25AgreeOptions{File: *file, Sizes: ns, Queries: *queries, K: *k, Progress: e.stderr})
	if err != nil {
		return err
	}
	if *asJSON {
		return printJSON(e.stdout, res)
	}
	w := e.stdout
	fmt.Fprintf(w, "Keyword leg vs exact BM25 (k1 %.2f, b %.2f), top-%d sets, %s\n", res.K1, res.B, res.K, res.Date)
	fmt.Fprintf(w, "machine: %d CPUs (%s), %s, PostgreSQL %s, load average %s\n", res.Machine.CPUs, res.Machine.CPUModel, res.Machine.MemoryGB, res.Machine.Postgres, res.Machine.LoadAvg)
	fmt.Fprintf(w, "  %8s %8s %8s %8s %9s %9s %9s %9s  %s\n", "turns", "queries", "equal", "equal %", "overlap", "leg p50", "leg p95", "leg p99", "modes")
	for _, s := range res.Sizes {
		fmt.Fprintf(w, "  %8d %8d %8d %8.1f %9.3f %7.1fms %7.1fms %7.1fms  %v\n", s.Turns, s.Queries, s.Equal, s.Percent, s.MeanOverlap, s.LegMS[0], s.LegMS[1], s.LegMS[2], s.Modes)
		fmt.Fprintf(w, "  %8s %8s %8d %8.1f %9s %7.1fms %7.1fms %7.1fms  SQL path alone (cache off)\n", "", "", s.SQLEqual, 100*float64(s.SQLEqual)/float64(max(s.Queries, 1)), "", s.SQLLegMS[0], s.SQLLegMS[1], s.SQLLegMS[2])
		if s.CacheLoadSeconds > 0 {
			fmt.Fprintf(w, "  %8s cold load of the member's keyword index: %.2fs, %.1f MiB\n", "", s.CacheLoadSeconds, s.CacheMiB)
		}
		for _, m := range s.Mismatches {
			fmt.Fprintf(w, "           differs: %s\n", m)
		}
	}
	return nil
}
