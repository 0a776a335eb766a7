package cli

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/internal/bench"
	"github.com/memhive/memhive/templates"
)

func init() { benches["embed"] = benchEmbed }

func benchEmbed(e *env, args []string) error {
	fs := newFlags(e, "bench embed", "bench embed [--turns N] [--embedder wink|hash] [--batch N] [--workers N] [--bulk-backlog N] [--every D] [--timeout D] [--database URL] [--json]", `
How fast the embedder drains the queue of a bulk import: --turns real
conversational turns (LoCoMo's, built in, re-homed into one member per
conversation copy with dates moved back) are written as the appender writes
them (one transaction per 1,000 rows, the embedding queue filled in the same
transaction) into a fresh schema; then a drainer configured as memhive up
configures it (the hive template's embedder batch, DrainerConfig defaults)
drains the queue. Prints rows/s every --every and at every 25,000 rows, the
time until nothing is queued and until the HNSW index is valid, and, in the
same run, two baselines: the embedder alone in Go (same texts and context,
no database) and raw Postgres (COPY of the same vectors into a bare table,
then one HNSW build). Every stored vector is checked against the Go one.
The schema is dropped at the end. See docs/benchmarks-method.md.`)
	turns := fs.Int("turns", 250000, "turns to import")
	embedder := fs.String("embedder", "wink", "built-in embedder: wink or hash")
	batch := fs.Int("batch", 0, "rows per round (0: the hive template's embedder batch)")
	workers := fs.Int("workers", 0, "rounds at once (0: the drainer's default)")
	bulk := fs.Int("bulk-backlog", 0, "backlog from which the index is built after the drain (0: the drainer's default; -1: never)")
	every := fs.Duration("every", 0, "sample interval (default 10s)")
	timeout := fs.Duration("timeout", 30*time.Minute, "stop the drain after this long and report how far it got")
	dbURL := fs.String("database", "", "Postgres URL (default MEMHIVE_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *turns <= 0 {
		return usagef("--turns must be positive")
	}
	if *embedder == "none" {
		return usagef("--embedder must be wink or hash")
	}
	url := *dbURL
	if url == "" {
		url = bench.DefaultURL()
	}
	// The drainer as memhive up makes it: the hive template's params.
	hive, err := templates.LoadHive("")
	if err != nil {
		return err
	}
	var p struct {
		Provider string `json:"provider"`
		Batch    int    `json:"batch"`
	}
	if err := hive.Params("embedder", &p); err != nil {
		return err
	}
	cfg := embed.DrainerConfig{Batch: p.Batch, Workers: *workers, BulkBacklog: *bulk}
	if *batch > 0 {
		cfg.Batch = *batch
	}
	ctx, cancel := signalContext()
	defer cancel()
	emb, closeEmb, err := bench.NewEmbedder(*embedder)
	if err != nil {
		return err
	}
	defer closeEmb()
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	// the pool memhive up gets: pgxpool's default size
	db, err := bench.OpenSchema(ctx, url, "", "bench_embed", false, 0)
	if err != nil {
		return err
	}
	defer db.Drop(context.Background())
	var res bench.EmbedResult
	if err := bench.RunEmbed(ctx, db, emb, bench.EmbedOptions{Turns: *turns, Every: *every, Timeout: *timeout, Drainer: cfg, Logger: log, Progress: e.stderr}, &res); err != nil {
		return err
	}
	if *asJSON {
		return printJSON(e.stdout, res)
	}
	m := res.Machine
	e.printf("%d turns (%d members, %d copies of LoCoMo), model %s, batch %d, workers %d, bulk backlog %d, build memory %s\n",
		res.Turns, res.Members, res.Copies, res.Model, res.Batch, res.Workers, res.BulkBacklog, res.IndexMemory)
	e.printf("%d cpus, PostgreSQL %s, pgvector %s, load %s before, %s after (shared machine)\n", m.CPUs, m.Postgres, m.PGVector, m.LoadAvg, res.LoadAfter)
	e.printf("import (appender path, queue filled)  %7.1f s  %8.0f rows/s\n", res.ImportSec, res.ImportPerSec)
	e.printf("drain: every %d s\n", int(res.Samples[0].Seconds+0.5))
	for _, s := range res.Samples {
		e.printf("  %7.1f s  %7d rows  %6.0f rows/s  %s\n", s.Seconds, s.Embedded, s.RowsPerSec, s.Phase)
	}
	e.printf("drain: every 25,000 rows\n")
	for _, mk := range res.Marks {
		e.printf("  %7d rows at %7.1f s  %6.0f rows/s since the previous mark\n", mk.Rows, mk.Seconds, mk.RowsPerSec)
	}
	if res.TimedOut {
		e.printf("TIMED OUT after %s: %d of %d rows settled; no baselines or checks\n", *timeout, res.Samples[len(res.Samples)-1].Embedded, res.Turns)
		return nil
	}
	e.printf("queue empty after   %7.1f s\n", res.DrainSec)
	e.printf("index valid after   %7.1f s  (%d builds)  %6.0f rows/s overall, slowest interval %0.f rows/s\n", res.ReadySec, res.IndexBuilds, res.DrainPerSec, res.MinSampleRPS)
	e.printf("baseline Go embed   %7.1f s  %6.0f rows/s   memhive/go  %.2f\n", res.GoSec, res.GoPerSec, res.RatioGo)
	e.printf("baseline raw PG     %7.1f s  %6.0f rows/s   memhive/raw %.2f  (COPY %.1f s, then one HNSW build)\n", res.RawSec, res.RawPerSec, res.RatioRaw, res.RawCopySec)
	e.printf("vectors checked     %d, differing from Go %d\n", res.Checked, res.Mismatched)
	if res.Mismatched > 0 {
		return fmt.Errorf("%d stored vectors differ from the ones computed in Go", res.Mismatched)
	}
	return nil
}
