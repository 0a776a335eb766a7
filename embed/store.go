package embed

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier is what the registry and the queue need of Postgres: a pool, a
// connection or a transaction (pgx.Tx) all do.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Owner kinds: the rows an embedding belongs to.
const (
	OwnerEpisode = "episode"
	OwnerFact    = "fact"
	OwnerBelief  = "belief"
)

// MaxIndexedDimensions is the largest model dimension with an HNSW index
// (pgvector indexes vector up to 2,000 dimensions and halfvec up to 4,000).
const MaxIndexedDimensions = 4000

var modelRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$`)

// ErrUnknownModel is returned for a model missing from emb_models.
var ErrUnknownModel = errors.New("embed: model is not registered")

// ValidModel reports whether name may name a model: letters, digits and
// . _ : / @ + - (so that it can appear as a literal in index definitions).
func ValidModel(name string) bool { return modelRE.MatchString(name) }

// VecType is the SQL type a model's vectors are compared as: vector(dims),
// or halfvec(dims) past 2,000 dimensions.
func VecType(dims int) string {
	if dims > 2000 {
		return fmt.Sprintf("halfvec(%d)", dims)
	}
	return fmt.Sprintf("vector(%d)", dims)
}

// VecExpr is the expression a model's HNSW index is built on. A search uses
// that index when it orders by VecExpr(dims) <=> $n::VecType(dims) and its
// WHERE holds ModelPredicate(model) written as a literal (a bind parameter
// in its place hides the partial index from generic plans).
func VecExpr(dims int) string { return "vec::" + VecType(dims) }

// ModelPredicate returns `model = '<name>' AND ann`, the predicate of the
// model's partial index, for a search to include verbatim. The index holds
// the vectors of the members indexed (IndexMember) only. The name must be
// valid.
func ModelPredicate(model string) (string, error) {
	if !ValidModel(model) {
		return "", fmt.Errorf("embed: invalid model name %q", model)
	}
	return "model = '" + strings.ReplaceAll(model, "'", "''") + "' AND ann", nil
}

// IndexName is the name of the model's partial HNSW index on embeddings
// (predicate ModelPredicate).
func IndexName(model string) string { return indexName(model, "ann/") }

// legacyIndexName is the name the index had when it held every member's
// vectors (before migration 029); ensureIndex drops it.
func legacyIndexName(model string) string { return indexName(model, "") }

func indexName(model, salt string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(model) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if len(s) > 28 {
		s = s[:28]
	}
	// The hash keeps two names that sanitize alike apart.
	return fmt.Sprintf("embeddings_hnsw_%s_%08x", s, uint32(fnv64(salt+model)))
}

// activationLock serialises activations (pg_advisory_xact_lock key).
const activationLock = 0x6d656d6869766501 // "memhive" 01

// Register records e's model in emb_models and creates its partial HNSW
// index if missing. A model keeps its dimension for life: registering the
// same name with another dimension is an error.
//
// With activate, it then calls Activate: the model becomes the active one at
// once. To keep the old model serving until the new one has caught up,
// register without activate, Backfill, and run a Drainer for the new model
// with DrainerConfig.ActivateWhenDrained (or call ActivateIfDrained).
func Register(ctx context.Context, pool *pgxpool.Pool, e Embedder, activate bool) error {
	model, dims := e.Model(), e.Dimensions()
	if !ValidModel(model) {
		return fmt.Errorf("register embedder: invalid model name %q", model)
	}
	if dims <= 0 {
		return fmt.Errorf("register embedder %s: %d dimensions", model, dims)
	}
	if dims > MaxIndexedDimensions {
		return fmt.Errorf("register embedder %s: %d dimensions, pgvector indexes at most %d", model, dims, MaxIndexedDimensions)
	}
	var have int
	err := pool.QueryRow(ctx, `
		INSERT INTO emb_models (name, dimensions) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET name = excluded.name
		RETURNING dimensions`, model, dims).Scan(&have)
	if err != nil {
		return fmt.Errorf("register embedder %s: %w", model, err)
	}
	if have != dims {
		return fmt.Errorf("register embedder %s: registered with %d dimensions, now %d", model, have, dims)
	}
	if err := ensureIndex(ctx, pool, model, dims); err != nil {
		return err
	}
	if activate {
		return Activate(ctx, pool, model)
	}
	return nil
}

// ensureIndex creates the model's partial HNSW index unless a valid one
// exists (an invalid one, left by a failed concurrent build, is built
// again). The lookup first spares writers the lock CREATE INDEX takes even
// when the index is there. A model with vectors already (its index dropped
// for a bulk backlog by a drainer that stopped before building it again)
// gets CREATE INDEX CONCURRENTLY, so that no write waits on the build; a
// new model's empty index is built at once. While a drainer is building
// it, Register leaves the build to it.
func ensureIndex(ctx context.Context, pool *pgxpool.Pool, model string, dims int) error {
	exists, valid, err := indexState(ctx, pool, IndexName(model))
	if err != nil {
		return fmt.Errorf("register embedder %s: look up index: %w", model, err)
	}
	if exists && valid {
		return dropLegacyIndex(ctx, pool, model)
	}
	var filled bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM embeddings WHERE model = $1 AND vec IS NOT NULL)`, model).Scan(&filled); err != nil {
		return fmt.Errorf("register embedder %s: %w", model, err)
	}
	err = createIndex(ctx, pool, model, dims, filled, DefaultBuildMemory)
	if errors.Is(err, errBuilding) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("register embedder %s: %w", model, err)
	}
	return dropLegacyIndex(ctx, pool, model)
}

// dropLegacyIndex drops the model's index from before migration 029, which
// held every member's vectors, once the new one is there: the new one is
// built first (holding the indexed members' vectors, none right after the
// migration), so that a search never finds neither. A member over the
// threshold is searched exactly until the drainer indexes it.
func dropLegacyIndex(ctx context.Context, pool *pgxpool.Pool, model string) error {
	name := legacyIndexName(model)
	exists, _, err := indexState(ctx, pool, name)
	if err != nil || !exists {
		return err
	}
	if _, err := pool.Exec(ctx, `DROP INDEX CONCURRENTLY IF EXISTS `+quoteIdent(name)); err != nil {
		return fmt.Errorf("register embedder %s: drop the index from before migration 029: %w", model, err)
	}
	return nil
}

// IndexMember puts member's vectors of model into the model's HNSW index
// (ann), and reports whether it did (false: they were already there). The
// cost is one graph insert per vector, once in the member's life.
//
// The vectors go in by chunks of indexChunk rows, each its own transaction,
// so that a stop keeps the chunks done and no transaction holds the
// member's rows for minutes. The member is marked indexed (vector_versions
// .ann, which the semantic leg reads) only in the last transaction, with the
// rows left: that transaction takes the member's vector_versions row first,
// which every writer of the member's vectors takes before its write
// (migration 028's trigger, and the drainer's own lock), so a vector
// written meanwhile commits either before it (and is set here) or after
// (and the trigger copies ann onto it). No search reads the index for the
// member before every one of its ready vectors is in it. Only ready rows
// are set: a queued row gets its ann from the trigger as it becomes ready,
// and a drainer's round holds its queued rows from its claim on, before it
// takes the member's row, so waiting for them here under that row could
// deadlock.
func IndexMember(ctx context.Context, pool interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
	Begin(context.Context) (pgx.Tx, error)
}, model, member string) (bool, error) {
	for {
		tag, err := pool.Exec(ctx, `/* embed:index */ UPDATE embeddings e SET ann = true
			FROM (SELECT owner_kind, owner_id FROM embeddings
				WHERE member_id = $1 AND model = $2 AND status = 'ready' AND NOT ann LIMIT $3) c
			WHERE e.member_id = $1 AND e.model = $2 AND e.owner_kind = c.owner_kind AND e.owner_id = c.owner_id`,
			member, model, indexChunk)
		if err != nil {
			return false, fmt.Errorf("index member %s: %w", member, err)
		}
		if tag.RowsAffected() < indexChunk {
			break
		}
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("index member %s: %w", member, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	var one int
	err = tx.QueryRow(ctx, `/* embed:index */ INSERT INTO vector_versions AS v (member_id, model, ann) VALUES ($1, $2, true)
		ON CONFLICT (member_id, model) DO UPDATE SET ann = true WHERE NOT v.ann RETURNING 1`, member, model).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil // already indexed
	}
	if err != nil {
		return false, fmt.Errorf("index member %s: %w", member, err)
	}
	if _, err := tx.Exec(ctx, `/* embed:index */ UPDATE embeddings SET ann = true
		WHERE member_id = $1 AND model = $2 AND status = 'ready' AND NOT ann`, member, model); err != nil {
		return false, fmt.Errorf("index member %s: %w", member, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("index member %s: %w", member, err)
	}
	return true, nil
}

// indexChunk is how many of a member's vectors IndexMember puts into the
// index per transaction.
const indexChunk = 2000

// IndexMembers indexes (IndexMember) every member with at least from ready
// vectors of model not yet in the index, counted exactly (a scan of the
// model's rows), and returns them.
func IndexMembers(ctx context.Context, pool *pgxpool.Pool, model string, from int) ([]string, error) {
	rows, err := pool.Query(ctx, `/* embed:index */ SELECT member_id FROM embeddings
		WHERE model = $1 AND status = 'ready' AND NOT ann GROUP BY member_id HAVING count(*) >= $2 ORDER BY 1`, model, max(from, 1))
	if err != nil {
		return nil, fmt.Errorf("index members %s: %w", model, err)
	}
	members, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("index members %s: %w", model, err)
	}
	var done []string
	for _, m := range members {
		ok, err := IndexMember(ctx, pool, model, m)
		if err != nil {
			return done, err
		}
		if ok {
			done = append(done, m)
		}
	}
	return done, nil
}

// Activate makes model the active one, in one transaction: the old active
// model is deactivated, and the new model's rows are queued for every
// episode, fact and belief that has a row (ready or queued) for the old one.
// Recall reads the active model only, so until the Drainer has embedded the
// backlog, the semantic leg finds just the rows already embedded. The old
// model's rows stay, so switching back is cheap.
func Activate(ctx context.Context, pool *pgxpool.Pool, model string) error {
	_, err := activate(ctx, pool, model, false)
	return err
}

// ActivateIfDrained activates model only when none of its rows is queued,
// and reports whether it did (or whether it already was active). This is the
// switch that keeps the old model serving until the new one has caught up.
func ActivateIfDrained(ctx context.Context, pool *pgxpool.Pool, model string) (bool, error) {
	return activate(ctx, pool, model, true)
}

func activate(ctx context.Context, pool *pgxpool.Pool, model string, onlyIfDrained bool) (bool, error) {
	done := false
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(activationLock)); err != nil {
			return err
		}
		var known bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM emb_models WHERE name = $1)`, model).Scan(&known); err != nil {
			return err
		}
		if !known {
			return fmt.Errorf("%w: %s", ErrUnknownModel, model)
		}
		var old string
		err := tx.QueryRow(ctx, `SELECT name FROM emb_models WHERE active`).Scan(&old)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if old == model {
			done = true
			return nil
		}
		if onlyIfDrained {
			var queued bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM embeddings WHERE model = $1 AND status = 'queued')`, model).Scan(&queued); err != nil {
				return err
			}
			if queued {
				return nil
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE emb_models SET active = false WHERE active`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE emb_models SET active = true WHERE name = $1`, model); err != nil {
			return err
		}
		if old != "" {
			if _, err := tx.Exec(ctx, `
				INSERT INTO embeddings (member_id, owner_kind, owner_id, model)
				SELECT member_id, owner_kind, owner_id, $2 FROM embeddings WHERE model = $1
				ON CONFLICT DO NOTHING`, old, model); err != nil {
				return err
			}
		}
		done = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("activate embedder %s: %w", model, err)
	}
	return done, nil
}

// ActiveModel returns the active model and its dimension; ok is false when
// no model is active (the semantic leg then cannot run).
func ActiveModel(ctx context.Context, q Querier) (name string, dims int, ok bool, err error) {
	err = q.QueryRow(ctx, `SELECT name, dimensions FROM emb_models WHERE active`).Scan(&name, &dims)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, fmt.Errorf("active embedder: %w", err)
	}
	return name, dims, true, nil
}

// Enqueue queues the embedding of owners (members[i], ids[i]) of one kind
// for model, in the caller's transaction: one INSERT … SELECT FROM unnest,
// ON CONFLICT DO NOTHING, so it is cheap and idempotent and never waits on an
// embedder. An empty model means the active model; with none active it
// queues nothing (a later Backfill catches up).
func Enqueue(ctx context.Context, tx Querier, model, ownerKind string, members, ids []string) error {
	switch ownerKind {
	case OwnerEpisode, OwnerFact, OwnerBelief:
	default:
		return fmt.Errorf("enqueue embeddings: owner kind %q", ownerKind)
	}
	if len(members) != len(ids) {
		return fmt.Errorf("enqueue embeddings: %d members for %d ids", len(members), len(ids))
	}
	if len(ids) == 0 {
		return nil
	}
	var err error
	if model == "" {
		_, err = tx.Exec(ctx, `
			INSERT INTO embeddings (member_id, owner_kind, owner_id, model)
			SELECT u.member_id, $1, u.owner_id, m.name
			FROM unnest($2::text[], $3::text[]) AS u(member_id, owner_id)
			CROSS JOIN emb_models m WHERE m.active
			ON CONFLICT DO NOTHING`, ownerKind, members, ids)
	} else {
		_, err = tx.Exec(ctx, `
			INSERT INTO embeddings (member_id, owner_kind, owner_id, model)
			SELECT u.member_id, $1, u.owner_id, $4
			FROM unnest($2::text[], $3::text[]) AS u(member_id, owner_id)
			ON CONFLICT DO NOTHING`, ownerKind, members, ids, model)
	}
	if err != nil {
		return fmt.Errorf("enqueue embeddings: %w", err)
	}
	return nil
}

// Backfill queues model's row for every episode, fact and belief that lacks
// one, and returns how many it queued. The nightly pass calls it; so does a
// model switch that must cover rows the old model never had.
func Backfill(ctx context.Context, pool *pgxpool.Pool, model string) (int, error) {
	var known bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM emb_models WHERE name = $1)`, model).Scan(&known); err != nil {
		return 0, fmt.Errorf("backfill embeddings %s: %w", model, err)
	}
	if !known {
		return 0, fmt.Errorf("backfill embeddings: %w: %s", ErrUnknownModel, model)
	}
	tag, err := pool.Exec(ctx, `
		INSERT INTO embeddings (member_id, owner_kind, owner_id, model)
		SELECT member_id, 'episode', id, $1 FROM episodes
		UNION ALL SELECT member_id, 'fact', id, $1 FROM facts
		UNION ALL SELECT member_id, 'belief', id, $1 FROM beliefs
		ON CONFLICT DO NOTHING`, model)
	if err != nil {
		return 0, fmt.Errorf("backfill embeddings %s: %w", model, err)
	}
	return int(tag.RowsAffected()), nil
}

// Pending returns how many of model's rows are queued.
func Pending(ctx context.Context, q Querier, model string) (int, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM embeddings WHERE model = $1 AND status = 'queued'`, model).Scan(&n); err != nil {
		return 0, fmt.Errorf("pending embeddings %s: %w", model, err)
	}
	return n, nil
}
