package cli

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/memhive/memhive/internal/bench"
)

// closeSchema ends a benchmark's use of its schema: kept (the pool closed,
// its name printed) or dropped with everything in it.
func closeSchema(e *env, db *bench.DB, keep bool) {
	if keep {
		db.Pool.Close()
		fmt.Fprintf(e.stderr, "schema %s kept\n", db.Schema)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := db.Drop(ctx); err != nil {
		fmt.Fprintln(e.stderr, err)
	}
}

func cmdBench(e *env, args []string) error {
	fs := newFlags(e, "bench", "bench ingest|locomo|latency|embed|bm25|cluster [flags]", `
Run a benchmark and print its figures (see BENCHMARKS.md):
  ingest   N turns published until committed, against a raw COPY of the same
           rows into the same schema, in the same run
  locomo   LoCoMo turn-level recall@k per category, leg ablation, BM25-only
  latency  tier 0 and tier 1 p50/p95/p99 per member size on a production-like
           record with ingest and questions running alongside (--synthetic:
           the earlier word-salad record)
  embed    how fast the embedder drains the queue of a bulk import
  bm25     the keyword leg's top 20 against an exact BM25 at 1,000 / 10,000 /
           100,000 turns, and its latency
  cluster  ingest with one, two and three memhive processes on a three-node
           NATS cluster, against four parallel raw COPY streams`)
	if len(args) > 0 && isHelp(args[0]) {
		fs.Usage()
		return flag.ErrHelp
	}
	if len(args) == 0 {
		fs.Usage()
		return usagef("name a benchmark")
	}
	b, ok := benches[args[0]]
	if !ok {
		fs.Usage()
		return usagef("unknown benchmark %q", args[0])
	}
	return b(e, args[1:])
}

// benches are added by the files that implement them.
var benches = map[string]func(e *env, args []string) error{}
