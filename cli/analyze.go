package cli

import (
	"context"
	"fmt"

	"github.com/memhive/memhive/episodes"
)

// analyzeAfterImport gives the planner its statistics once an import is
// committed (ANALYZE of the recall tables), so the imported member is not
// planned blind until autovacuum gets to it. Without a database to reach
// (a memhive given only by its NATS URL) the hive's analyzer cell does it
// within a minute; a failure is a warning, never a failed import.
func analyzeAfterImport(ctx context.Context, e *env, t *target) {
	if _, err := t.dbURL(); err != nil {
		return
	}
	pool, err := t.connectDB(ctx)
	if err == nil {
		defer pool.Close()
		err = episodes.Analyze(ctx, pool)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "memhive import: could not ANALYZE after the import (the hive's analyzer will): %v\n", err)
	}
}
