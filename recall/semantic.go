package recall

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// semanticLeg: cosine over the active model's vectors, gate and filters
// joined inside the SQL. Small members are scanned exactly (from a copy of
// their vectors in memory, veccache.go, from a size on); larger ones go
// through the model's partial HNSW index with iterative scans once their
// vectors are in it (ann, migration 029).
func (s *Service) semanticLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegSemantic, weight: 1}
	if s.emb == nil {
		res.missing = "no embedder configured"
		return res, nil
	}
	if strings.TrimSpace(q.req.Query) == "" {
		res.mode = "no_query"
		return res, nil
	}
	var model string
	var dims int
	var vv vecVersion // the member's vectors' (veccache.go)
	var indexed bool  // the member's vectors are in the model's HNSW index (migration 029)
	err := s.pool.QueryRow(ctx, `/* leg:semantic */ SELECT m.name, m.dimensions, `+vecEpochSQL+`,
			coalesce(v.gen, 0), coalesce(v.version, 0), coalesce(v.ann, false)
		FROM emb_models m LEFT JOIN vector_versions v ON v.member_id = $1 AND v.model = m.name
		WHERE m.active`, q.member).Scan(&model, &dims, &vv.epoch, &vv.gen, &vv.version, &indexed)
	if err == pgx.ErrNoRows {
		res.missing = "no active embedding model"
		return res, nil
	}
	if err != nil {
		return nil, fmt.Errorf("semantic leg: active model: %w", err)
	}
	if model != s.emb.Model() || dims != s.emb.Dimensions() {
		res.missing = fmt.Sprintf("the embedder's model %s (%d dimensions) is not the active model %s (%d)", s.emb.Model(), s.emb.Dimensions(), model, dims)
		return res, nil
	}
	vecs, err := s.emb.Embed(ctx, []string{q.req.Query})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res.missing = "embedder failed: " + err.Error()
		s.logger.Warn("semantic leg: embed query", "member", q.member, "err", err)
		return res, nil
	}
	if len(vecs) != 1 || len(vecs[0]) != dims {
		res.missing = "embedder returned a vector of the wrong shape"
		return res, nil
	}
	count, err := s.readyVectors(ctx, q.member, model)
	if err != nil {
		return nil, err
	}
	// A big member is searched through the HNSW index once its vectors
	// are in it (the embed drainer puts them there when the member reaches
	// the size; until then, and for every smaller member, exactly).
	res.mode = "hnsw"
	if count < s.cfg.ExactVectorBelow || !indexed {
		res.mode = "exact"
	}
	if res.mode == "exact" && count >= s.cfg.VectorCacheMinVectors && s.vcFits(count, dims) {
		return s.semanticCached(ctx, q, res, model, dims, vecs[0], vv)
	}
	d := strconv.Itoa(dims)
	b := newSQLB(q.member, q.gate)
	qv := b.p(vecText(vecs[0])) + `::vector(` + d + `)`
	dist := `(m.vec::vector(` + d + `)) <=> ` + qv
	// model and dims come from emb_models (never from the request): as
	// literals they let the planner match the partial index WHERE model = '…'.
	if res.mode == "exact" {
		return s.semanticExact(ctx, q, res, b, dist, quoteLiteral(model))
	}
	sql := s.semanticHNSWSQL(q, b, dist, model)
	// the transaction, its settings and the statement in one round trip (a
	// batch); a failed batch leaves its connection in a failed transaction,
	// which the pool then discards
	var hits []vecHit
	var batch pgx.Batch
	batch.Queue(`BEGIN`)
	for _, set := range strings.Split(strings.TrimPrefix(semanticSettings, semanticTag), ";") {
		batch.Queue(semanticTag + strings.TrimSpace(set)) // each tagged: one statement each
	}
	batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
		var err error
		hits, err = pgx.CollectRows(rows, scanVecHit)
		return err
	})
	batch.Queue(`COMMIT`)
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("semantic leg: %w", err)
	}
	return s.semanticRows(ctx, q, res, hits)
}

// semanticSettings are the HNSW statement's transaction settings: iterative
// scans (a member's rows are a small part of the index), and no sort, so
// the ANN order can only come from the HNSW index: without planner
// statistics (right after a bulk import) the planner, which then guesses a
// member holds a handful of vectors, would rather read all of them through
// the primary key and sort them by distance (seconds on a 50,000-turn
// member). The statement's only other sort is of its ≤ LegLimit results.
const semanticSettings = semanticTag + `SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL hnsw.ef_search = 100; SET LOCAL enable_sort = off`

const semanticTag = `/* leg:semantic */ `

// semanticHNSWSQL is the HNSW statement. The ANN walk comes first and
// alone: one table, ordered by distance, so the model's HNSW index serves
// it (iterative scans go on past hidden rows); each candidate is then
// checked by a primary-key probe (the OFFSET 0 keeps each EXISTS a per-row
// probe). Joining the vectors to episodes instead let a planner without
// statistics walk episodes_time_idx's range for every vector: a quadratic
// plan (30 s on a 50,000-turn member). model comes from emb_models, never
// from the request.
func (s *Service) semanticHNSWSQL(q *query, b *sqlb, dist, model string) string {
	return `/* leg:semantic */ SELECT kind, id, dist FROM (
			SELECT m.owner_kind AS kind, m.owner_id AS id, ` + dist + ` AS dist
			FROM embeddings m
			WHERE m.member_id = $1 AND m.model = ` + quoteLiteral(model) + ` AND m.ann AND m.status = 'ready'
			  AND m.owner_kind IN ('episode', 'fact')
			  AND CASE WHEN m.owner_kind = 'episode'
				THEN EXISTS (SELECT 1 FROM episodes e WHERE e.member_id = $1 AND e.id = m.owner_id AND ` + b.readFilter(q, "episode", "e") + ` OFFSET 0)
				ELSE EXISTS (SELECT 1 FROM facts f WHERE f.member_id = $1 AND f.id = m.owner_id AND ` + b.readFilter(q, "fact", "f") + ` OFFSET 0) END
			ORDER BY ` + dist + ` LIMIT ` + b.p(s.cfg.LegLimit) + `) nn
		WHERE dist <= ` + b.p(1-s.cfg.SimilarityFloor) + `::float8
		ORDER BY dist, kind, id`
}

// vecHit is one semantic candidate: kind, id and cosine distance.
type vecHit struct {
	kind, id string
	dist     float64
}

func scanVecHit(r pgx.CollectableRow) (vecHit, error) {
	var h vecHit
	return h, r.Scan(&h.kind, &h.id, &h.dist)
}

// semanticExact is the semantic leg for a member with few vectors: every
// ready vector of the member is compared (no ANN recall loss), through the
// embeddings primary key (member_id first) — the query has no ORDER BY on
// the vector column, so the HNSW index cannot serve it. The distances are
// computed once in a materialized CTE and sorted; only then is each
// candidate, nearest first, checked against the gate and the filters by
// primary key, until the leg's limit is reached: the subquery's OFFSET 0
// keeps the check above the sort, so a hidden row costs one index probe and
// the walk goes on past it (no starvation); the OFFSET 0 inside each EXISTS
// keeps it a per-row primary-key probe instead of a hash of every visible
// row of the member. Joining all the member's vectors to its episodes first
// made the planner, misestimating the gated rows as 1, compare every vector
// with every visible episode (900 × 450 join-filter tests: 57 ms for a
// 900-row member; this plan: 5 ms, most of it reading the 900 vectors).
func (s *Service) semanticExact(ctx context.Context, q *query, res *legResult, b *sqlb, dist, model string) (*legResult, error) {
	// The nearest exactHead×LegLimit only are sorted (a top-N heap, not a
	// sort of every vector: a fifth of the statement on a 10,000-vector
	// member); when the gate leaves fewer than LegLimit of them and the
	// head was full, the statement runs again with no head (LIMIT NULL),
	// sorting every vector. The head's size n comes back in a row of its
	// own (kind ''), so that it is known when the gate leaves nothing.
	head := b.p(exactHead * s.cfg.LegLimit)
	headArg := len(b.args) - 1
	if s.exactWhole {
		b.args[headArg] = nil
	}
	sql := `/* leg:semantic */ WITH d AS MATERIALIZED (
			SELECT m.owner_kind AS kind, m.owner_id AS id, ` + dist + ` AS dist
			FROM embeddings m
			WHERE m.member_id = $1 AND m.owner_kind IN ('episode', 'fact') AND m.model = ` + model + ` AND m.status = 'ready'),
		h AS MATERIALIZED (
			SELECT kind, id, dist FROM d WHERE dist <= ` + b.p(1-s.cfg.SimilarityFloor) + `::float8
			ORDER BY dist, kind, id LIMIT ` + head + `::bigint)
		SELECT * FROM (SELECT c.kind, c.id, c.dist FROM (SELECT kind, id, dist FROM h ORDER BY dist, kind, id OFFSET 0) c
			WHERE CASE WHEN c.kind = 'episode'
				THEN EXISTS (SELECT 1 FROM episodes e WHERE e.member_id = $1 AND e.id = c.id AND ` + b.readFilter(q, "episode", "e") + ` OFFSET 0)
				ELSE EXISTS (SELECT 1 FROM facts f WHERE f.member_id = $1 AND f.id = c.id AND ` + b.readFilter(q, "fact", "f") + ` OFFSET 0) END
			ORDER BY c.dist, c.kind, c.id LIMIT ` + b.p(s.cfg.LegLimit) + `) g
		UNION ALL SELECT '', '', (SELECT count(*) FROM h)::float8`
	run := func() ([]vecHit, int64, error) {
		rows, err := s.pool.Query(ctx, sql, b.args...)
		if err != nil {
			return nil, 0, fmt.Errorf("semantic leg (exact): %w", err)
		}
		all, err := pgx.CollectRows(rows, scanVecHit)
		if err != nil {
			return nil, 0, fmt.Errorf("semantic leg (exact): %w", err)
		}
		// the head's size is the row of kind '' (found wherever UNION ALL
		// put it); the others keep their order
		n := int64(-1)
		hits := all[:0]
		for _, h := range all {
			if h.kind == "" {
				n = int64(h.dist)
			} else {
				hits = append(hits, h)
			}
		}
		if n < 0 {
			return nil, 0, fmt.Errorf("semantic leg (exact): the head's size row is missing")
		}
		return hits, n, nil
	}
	hits, n, err := run()
	if err != nil {
		return nil, err
	}
	// the gate may have cut the head short: sort every vector
	if b.args[headArg] != nil && len(hits) < s.cfg.LegLimit && n >= int64(exactHead*s.cfg.LegLimit) {
		b.args[headArg] = nil
		s.exactReruns.Add(1)
		if hits, _, err = run(); err != nil {
			return nil, err
		}
	}
	return s.semanticRows(ctx, q, res, hits)
}

// semanticRows reads the hits' rows (gated and filtered again) into res,
// in the hits' order.
func (s *Service) semanticRows(ctx context.Context, q *query, res *legResult, hits []vecHit) (*legResult, error) {
	rows, err := s.hitRows(ctx, q, hits, len(hits))
	if err != nil {
		return nil, fmt.Errorf("semantic leg: %w", err)
	}
	res.rows = append(res.rows, rows...)
	return res, nil
}

// hitRows reads the rows of hits that the gate and the request's filters
// show (one round trip), in the hits' order, at most limit of them.
func (s *Service) hitRows(ctx context.Context, q *query, hits []vecHit, limit int) ([]*row, error) {
	var eps, fs []string
	for _, h := range hits {
		if h.kind == "episode" {
			eps = append(eps, h.id)
		} else {
			fs = append(fs, h.id)
		}
	}
	byKey, err := s.fetchRows(ctx, q, eps, fs)
	if err != nil {
		return nil, err
	}
	var out []*row
	for _, h := range hits {
		if r, ok := byKey[h.kind+":"+h.id]; ok && len(out) < limit {
			out = append(out, r)
		}
	}
	return out, nil
}

// exactHead: the exact semantic scan sorts the nearest exactHead×LegLimit
// vectors first (semanticExact).
const exactHead = 8

func (s *Service) readyVectors(ctx context.Context, member, model string) (int, error) {
	key := member + "|" + model
	s.vecMu.Lock()
	c, ok := s.vecCount[key]
	s.vecMu.Unlock()
	if ok && s.now().Sub(c.at) < time.Minute {
		return c.n, nil
	}
	var n int
	err := s.pool.QueryRow(ctx, `/* leg:semantic */ SELECT count(*) FROM (SELECT 1 FROM embeddings
		WHERE member_id = $1 AND model = $2 AND status = 'ready' LIMIT $3) z`, member, model, s.cfg.ExactVectorBelow).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("semantic leg: count vectors: %w", err)
	}
	s.vecMu.Lock()
	if len(s.vecCount) > 100000 {
		clear(s.vecCount)
	}
	s.vecCount[key] = vecCount{n: n, at: s.now()}
	s.vecMu.Unlock()
	return n, nil
}

func vecText(v []float32) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range v {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 32))
	}
	b.WriteByte(']')
	return b.String()
}

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
