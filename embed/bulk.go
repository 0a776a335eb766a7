package embed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// startBulk looks at the model's backlog and, when it is at least
// BulkBacklog rows and at least as many rows as are ready, drops the
// model's HNSW index so that the backlog is embedded without a graph insert
// per row; run builds the index again once the queue is drained. It
// reports whether the drainer is now in bulk mode (the index absent).
//
// Why: pgvector inserts each row into the graph with a search of
// ef_construction candidates over pages that, past shared_buffers, come
// from the OS cache; the cost per row grows with the index, and on a bulk
// import it was most of the drain. A build sorts out the graph in memory
// (maintenance_work_mem) and writes it once. Both statements are the
// CONCURRENTLY forms: no write waits on them. While the index is absent the
// semantic leg still answers, by an exact scan of the member's vectors
// (the plan small members get anyway).
func (d *Drainer) startBulk(ctx context.Context) (bool, error) {
	if d.cfg.BulkBacklog < 0 {
		return false, nil
	}
	model := d.e.Model()
	queued, err := boundedCount(ctx, d.pool, `/* embed:bulk */ SELECT count(*) FROM (SELECT 1 FROM embeddings
		WHERE model = $1 AND status = 'queued' LIMIT $2) q`, model, 1<<40)
	if err != nil || queued < int64(d.cfg.BulkBacklog) {
		return false, err
	}
	// The ready rows, counted no further than the backlog: the decision
	// only needs to know whether they outnumber it.
	ready, err := boundedCount(ctx, d.pool, `/* embed:bulk */ SELECT count(*) FROM (SELECT 1 FROM embeddings
		WHERE model = $1 AND status = 'ready' AND vec IS NOT NULL LIMIT $2) r`, model, queued+1)
	if err != nil || ready > queued {
		return false, err
	}
	name := IndexName(model)
	start := time.Now()
	if _, err := d.indexPool().Exec(ctx, `DROP INDEX CONCURRENTLY IF EXISTS `+quoteIdent(name)); err != nil {
		return false, fmt.Errorf("drop index %s: %w", name, err)
	}
	d.logger.Info("bulk backlog: embedding without the HNSW index, to build it after", "queued", queued, "ready", ready,
		"index", name, "dropped_in", time.Since(start).Round(time.Millisecond))
	return true, nil
}

// buildIndex builds the model's HNSW index after a bulk backlog (CREATE
// INDEX CONCURRENTLY, maintenance_work_mem BuildMemory on its own
// connection). A failed concurrent build leaves an invalid index, which is
// dropped so that the next try starts clean.
func (d *Drainer) buildIndex(ctx context.Context) error {
	start := time.Now()
	err := createIndex(ctx, d.indexPool(), d.e.Model(), d.e.Dimensions(), true, d.cfg.BuildMemory)
	if errors.Is(err, errBuilding) {
		d.logger.Info("another drainer is building the HNSW index", "index", IndexName(d.e.Model()))
		return nil // it finishes it, or retries
	}
	if err != nil {
		return err
	}
	d.Stats.Builds.Add(1)
	d.logger.Info("HNSW index built after a bulk backlog", "index", IndexName(d.e.Model()), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

func boundedCount(ctx context.Context, pool *pgxpool.Pool, sql, model string, limit int64) (int64, error) {
	var n int64
	if err := pool.QueryRow(ctx, sql, model, limit).Scan(&n); err != nil {
		return 0, fmt.Errorf("count embeddings %s: %w", model, err)
	}
	return n, nil
}

// indexState reports whether the model's index exists and is valid (a
// concurrent build that failed leaves it invalid).
func indexState(ctx context.Context, pool *pgxpool.Pool, name string) (exists, valid bool, err error) {
	err = pool.QueryRow(ctx, `
		SELECT count(*) > 0, coalesce(bool_and(i.indisvalid), false)
		FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		WHERE c.relname = $1 AND i.indrelid = 'embeddings'::regclass`, name).Scan(&exists, &valid)
	return exists, valid, err
}

// createIndex creates the model's partial HNSW index unless a valid one
// exists; an invalid one (a failed concurrent build) is dropped first.
// concurrently builds it without blocking writes (not inside a transaction);
// memory, if set, is the build's maintenance_work_mem at least.
func createIndex(ctx context.Context, pool *pgxpool.Pool, model string, dims int, concurrently bool, memory string) error {
	name := IndexName(model)
	exists, valid, err := indexState(ctx, pool, name)
	if err != nil {
		return fmt.Errorf("index %s: %w", name, err)
	}
	if exists && valid {
		return nil
	}
	pred, err := ModelPredicate(model)
	if err != nil {
		return err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("index %s: %w", name, err)
	}
	defer conn.Release()
	// One builder at a time: under the lock, an invalid index is a build
	// that failed, not one in progress.
	// The key names the schema and the model (advisory locks are per
	// database: two hives in one database must not contend).
	var key int64
	var got bool
	if err := conn.QueryRow(ctx, `SELECT k, pg_try_advisory_lock(k) FROM
		(SELECT hashtextextended('memhive embed build/' || current_schema() || '/' || $1, 0) AS k) z`, model).Scan(&key, &got); err != nil {
		return fmt.Errorf("index %s: %w", name, err)
	}
	if !got {
		return fmt.Errorf("index %s: %w", name, errBuilding)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key)
	if exists, valid, err = indexState(ctx, pool, name); err != nil {
		return fmt.Errorf("index %s: %w", name, err)
	} else if exists && valid {
		return nil
	}
	if exists {
		if _, err := conn.Exec(ctx, `DROP INDEX CONCURRENTLY IF EXISTS `+quoteIdent(name)); err != nil {
			return fmt.Errorf("drop invalid index %s: %w", name, err)
		}
	}
	if memory != "" {
		// raised, never lowered (the server's may be larger)
		if _, err := conn.Exec(ctx, `SELECT set_config('maintenance_work_mem', $1, false)
			WHERE pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes($1)`, memory); err != nil {
			return fmt.Errorf("index %s: maintenance_work_mem %s: %w", name, memory, err)
		}
		defer conn.Exec(context.WithoutCancel(ctx), `RESET maintenance_work_mem`)
	}
	ops := "vector_cosine_ops"
	if dims > 2000 {
		ops = "halfvec_cosine_ops"
	}
	how := "INDEX"
	if concurrently {
		how = "INDEX CONCURRENTLY"
	}
	ddl := fmt.Sprintf(`CREATE %s IF NOT EXISTS %s ON embeddings USING hnsw ((%s) %s) WHERE %s`,
		how, quoteIdent(name), VecExpr(dims), ops, pred)
	if _, err := conn.Exec(ctx, ddl); err != nil {
		// Two processes building at once race on the name; the loser's
		// error is harmless once a valid index is there.
		if exists, valid, _ := indexState(ctx, pool, name); exists && valid {
			return nil
		}
		if exists, _, _ := indexState(context.WithoutCancel(ctx), pool, name); exists && concurrently {
			_, _ = conn.Exec(context.WithoutCancel(ctx), `DROP INDEX CONCURRENTLY IF EXISTS `+quoteIdent(name))
		}
		return fmt.Errorf("create index %s: %w", name, err)
	}
	return nil
}

var errBuilding = errors.New("another process is building it")

// quoteIdent quotes an identifier (IndexName's are plain already).
func quoteIdent(s string) string { return `"` + s + `"` }

// indexPool is the pool that may drop and build the model's index.
func (d *Drainer) indexPool() *pgxpool.Pool {
	if d.cfg.IndexPool != nil {
		return d.cfg.IndexPool
	}
	return d.pool
}
