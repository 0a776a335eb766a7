package recall

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
)

// Leg names, in leg order (the fusion's second tie-break).
const (
	LegKeyword  = "keyword"
	LegSemantic = "semantic"
	LegGraph    = "graph"
	LegTemporal = "temporal"
	LegSelf     = "self"
)

var legOrder = []string{LegKeyword, LegSemantic, LegGraph, LegTemporal, LegSelf}

// legResult is one leg's ranked candidates (best first).
type legResult struct {
	name string
	// weight is the leg's fusion weight w_leg: the SPEC's 1 (0 for
	// temporal in point mode, which proposes nothing), replaced for a
	// voting leg by Config.LegWeights (1..1000) in tier1; 0 = not voting
	// (also a leg LegWeights turns off, which does not run).
	weight  int
	mode    string
	missing string
	rows    []*row
}

// filters are the request filters every leg puts inside its SQL: as_of
// and the window, on the row's validity time column col.
func (b *sqlb) filters(q *query, col string) string {
	s := col + ` <= ` + b.p(q.asOf)
	if q.from != nil {
		s += ` AND ` + col + ` >= ` + b.p(*q.from) + ` AND ` + col + ` <= ` + b.p(*q.to)
	}
	return s
}

// readFilter is the whole WHERE tail for a table alias: request filters,
// retraction (facts) and the gate.
func (b *sqlb) readFilter(q *query, kind, a string) string {
	if kind == "episode" {
		return b.filters(q, a+".happened_at") + ` AND ` + b.gate(a)
	}
	return b.filters(q, a+".valid_from") + ` AND ` + notRetractedSQL(a) + ` AND ` + b.gate(a)
}

func tableOf(kind string) string {
	if kind == "episode" {
		return "episodes"
	}
	return "facts"
}

func colsOf(kind, a string) string {
	if kind == "episode" {
		return episodeCols(a)
	}
	return factCols(a)
}

func scanOf(kind string, rows pgx.Rows, extra ...any) (*row, error) {
	if kind == "episode" {
		return scanEpisode(rows, extra...)
	}
	return scanFact(rows, extra...)
}

// scored is a row with the leg's own score, for merging episode and fact
// candidates of one leg.
type scored struct {
	r     *row
	score float64
}

func mergeScored(lists [][]scored, limit int) []*row {
	var all []scored
	for _, l := range lists {
		all = append(all, l...)
	}
	slices.SortStableFunc(all, func(x, y scored) int {
		switch {
		case x.score > y.score:
			return -1
		case x.score < y.score:
			return 1
		}
		return strings.Compare(x.r.key(), y.r.key())
	})
	if len(all) > limit {
		all = all[:limit]
	}
	out := make([]*row, len(all))
	for i, s := range all {
		out[i] = s.r
	}
	return out
}

func (s *Service) queryScored(ctx context.Context, kind, sql string, args []any) ([]scored, error) {
	return queryScoredOn(ctx, s.pool, kind, sql, args)
}

// keywordLeg: full text with prefix matching. All terms first, ranked by
// ts_rank_cd; when that finds fewer than the limit, any term, where each
// term contributes at most KeywordTermCap gated rows (a cheap pre-limit
// through the GIN index over memhive_mtsv(member_id, tsv), whose
// member-qualified lexemes keep each posting list to one member's rows) and
// candidates are ranked by the
// summed IDF of the terms they match (BM25's term weight, from the capped
// document frequencies), then ts_rank_cd.
func (s *Service) keywordLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegKeyword, weight: 1, mode: "all"}
	ts := terms(q.req.Query)
	if len(ts) == 0 {
		res.mode = "no_terms"
		return res, nil
	}
	each, all, anyq := tsQueries(ts)
	limit := s.cfg.LegLimit
	var lists [][]scored
	n := 0
	for _, kind := range []string{"episode", "fact"} {
		b := newSQLB(q.member, q.gate)
		tq := b.p(all)
		// The GIN index over memhive_mtsv(member_id, tsv) (migration 005)
		// holds member-qualified lexemes, so the posting lists read are this
		// member's only; ts_rank_cd ranks on tsv,
		// which has the positions. The tsquery is built once, in an InitPlan,
		// also under a generic plan of the cached prepared statement.
		sql := `/* leg:keyword */ SELECT ` + colsOf(kind, "x") + `, ts_rank_cd(x.tsv, to_tsquery('english', ` + tq + `), 1)::float8 AS score
			FROM ` + mtsvScan(kind, `(SELECT `+mquerySQL(b.p(each), "&")+`)`) + ` x
			WHERE x.member_id = $1 AND ` + b.readFilter(q, kind, "x") + `
			ORDER BY score DESC, x.id LIMIT ` + b.p(limit)
		l, err := s.queryScored(ctx, kind, sql, b.args)
		if err != nil {
			return nil, fmt.Errorf("keyword leg (all terms, %s): %w", kind, err)
		}
		// all-terms matches outrank every partial match below
		for i := range l {
			l[i].score += 1e6
		}
		n += len(l)
		lists = append(lists, l)
	}
	if n >= limit || len(ts) == 1 {
		res.rows = mergeScored(lists, limit)
		return res, nil
	}
	res.mode = "any"
	allIDs := make([][]string, 2)
	for i, l := range lists {
		allIDs[i] = []string{}
		for _, sc := range l {
			allIDs[i] = append(allIDs[i], sc.r.ID)
		}
	}
	var sqls []string
	var args [][]any
	for ki, kind := range []string{"episode", "fact"} {
		b := newSQLB(q.member, q.gate)
		tAll, tAny, tEach, tIDs := b.p(all), b.p(anyq), b.p(each), b.p(allIDs[ki])
		size, err := s.memberSize(ctx, q.member, kind)
		if err != nil {
			return nil, err
		}
		tN := b.p(float64(size))
		// Each term's rows are gated and capped inside the lateral subquery,
		// so a common term costs at most cap row visits; candidates are
		// scored from the tsv read there, and only the best are joined back.
		// terms.mq is the term's member-qualified tsquery (memhive_mquery,
		// migration 005), the index condition; terms.tq the plain one, for
		// scoring on tsv.
		sql := `/* leg:keyword */ WITH terms AS MATERIALIZED (
				SELECT t.ord, to_tsquery('english', t.q) AS tq, ` + mquerySQL("ARRAY[t.q]", "|") + ` AS mq
				FROM unnest(` + tEach + `::text[]) WITH ORDINALITY AS t(q, ord)),
			per AS MATERIALIZED (
				SELECT terms.ord, h.id, h.tsv FROM terms CROSS JOIN LATERAL (
					SELECT x.id, x.tsv FROM ` + mtsvScan(kind, "terms.mq") + ` x
					WHERE x.member_id = $1 AND ` + b.readFilter(q, kind, "x") + `
					LIMIT ` + b.p(s.cfg.KeywordTermCap) + `) h),
			df AS MATERIALIZED (SELECT ord, count(*)::float8 AS n FROM per GROUP BY ord),
			cand AS MATERIALIZED (
				SELECT DISTINCT ON (id) id, tsv FROM (
					SELECT id, tsv FROM per
					UNION ALL
					SELECT x.id, x.tsv FROM ` + tableOf(kind) + ` x WHERE x.member_id = $1 AND x.id = ANY(` + tIDs + `::text[])) c
				ORDER BY id),
			scored AS MATERIALIZED (
				SELECT c.id,
					(SELECT coalesce(sum(ln(1 + (` + tN + `::float8 - df.n + 0.5) / (df.n + 0.5))), 0) FROM terms JOIN df USING (ord) WHERE c.tsv @@ terms.tq)
					+ 0.1 * ts_rank_cd(c.tsv, to_tsquery('english', ` + tAny + `), 1)
					+ CASE WHEN c.tsv @@ to_tsquery('english', ` + tAll + `) THEN 1e6 ELSE 0 END AS score
				FROM cand c ORDER BY score DESC, c.id LIMIT ` + b.p(limit) + `)
			SELECT ` + colsOf(kind, "x") + `, scored.score::float8
			FROM scored JOIN ` + tableOf(kind) + ` x ON x.member_id = $1 AND x.id = scored.id
			WHERE ` + b.readFilter(q, kind, "x") + `
			ORDER BY scored.score DESC, x.id`
		sqls, args = append(sqls, sql), append(args, b.args)
	}
	// The planner prices each term's capped scan at the default full-text
	// selectivity (the tsquery is computed in the query), so from about 7
	// terms the estimate passes jit_above_cost and JIT compilation adds
	// ~30 ms to a statement that runs in a few: JIT is off for these two.
	lists = lists[:0]
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `/* leg:keyword */ SET LOCAL jit = off`); err != nil {
			return err
		}
		for i, kind := range []string{"episode", "fact"} {
			l, err := queryScoredOn(ctx, tx, kind, sqls[i], args[i])
			if err != nil {
				return fmt.Errorf("%s: %w", kind, err)
			}
			lists = append(lists, l)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("keyword leg (any term): %w", err)
	}
	res.rows = mergeScored(lists, limit)
	return res, nil
}

// queryScoredOn runs a statement whose rows are kind's columns and a score,
// on a pool or a transaction.
func queryScoredOn(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, kind, sql string, args []any) ([]scored, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []scored
	for rows.Next() {
		var sc float64
		r, err := scanOf(kind, rows, &sc)
		if err != nil {
			return nil, err
		}
		out = append(out, scored{r, sc})
	}
	return out, rows.Err()
}

// mquerySQL is the SQL of the member-qualified tsquery (memhive_mquery,
// migration 005) over the keyword terms terms (a text[] SQL expression, in
// tsTerm form), joined with op ("&" or "|"); the member is $1.
func mquerySQL(terms, op string) string {
	return `memhive_mquery($1, ` + terms + `::text[], '` + op + `')`
}

// mtsvScan is the rows of kind's table whose member-qualified lexemes
// (memhive_mtsv(member_id, tsv), the GIN expression index of migration 005;
// the expression here must stay identical to the index's) match the tsquery
// SQL mq, as a subquery to select from: a bitmap scan of that index alone.
// member_id = $1 is checked above it (OFFSET 0 keeps it there), never ANDed
// into the bitmap: the planner, taking member_id and the lexemes as
// independent, would otherwise AND the member's btree bitmap in — every row
// of the member (100,000 entries, 20–25 ms for a big member) to remove no
// row, since the lexemes already carry the member.
func mtsvScan(kind, mq string) string {
	return `(SELECT * FROM ` + tableOf(kind) + ` WHERE memhive_mtsv(member_id, tsv) @@ ` + mq + ` OFFSET 0)`
}

// semanticLeg: cosine over the active model's vectors, gate and filters
// joined inside the SQL. Small members are scanned exactly; larger ones go
// through the model's partial HNSW index with iterative scans.
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
	err := s.pool.QueryRow(ctx, `/* leg:semantic */ SELECT name, dimensions FROM emb_models WHERE active`).Scan(&model, &dims)
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
	res.mode = "hnsw"
	if count < s.cfg.ExactVectorBelow {
		res.mode = "exact"
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
	sql := `/* leg:semantic */ SELECT kind, id, dist FROM (
			SELECT m.owner_kind AS kind, m.owner_id AS id, ` + dist + ` AS dist
			FROM embeddings m
			LEFT JOIN episodes e ON m.owner_kind = 'episode' AND e.member_id = m.member_id AND e.id = m.owner_id
				AND ` + b.readFilter(q, "episode", "e") + `
			LEFT JOIN facts f ON m.owner_kind = 'fact' AND f.member_id = m.member_id AND f.id = m.owner_id
				AND ` + b.readFilter(q, "fact", "f") + `
			WHERE m.member_id = $1 AND m.model = ` + quoteLiteral(model) + ` AND m.status = 'ready'
			  AND (e.id IS NOT NULL OR f.id IS NOT NULL)
			ORDER BY ` + dist + ` LIMIT ` + b.p(s.cfg.LegLimit) + `) nn
		WHERE dist <= ` + b.p(1-s.cfg.SimilarityFloor) + `::float8
		ORDER BY dist, kind, id`
	var hits []vecHit
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// one round trip for both settings (simple protocol: no arguments)
		if _, err := tx.Exec(ctx, `/* leg:semantic */ SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL hnsw.ef_search = 100`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, sql, b.args...)
		if err != nil {
			return err
		}
		hits, err = pgx.CollectRows(rows, scanVecHit)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("semantic leg: %w", err)
	}
	return s.semanticRows(ctx, q, res, hits)
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
	sql := `/* leg:semantic */ WITH d AS MATERIALIZED (
			SELECT m.owner_kind AS kind, m.owner_id AS id, ` + dist + ` AS dist
			FROM embeddings m
			WHERE m.member_id = $1 AND m.owner_kind IN ('episode', 'fact') AND m.model = ` + model + ` AND m.status = 'ready')
		SELECT c.kind, c.id, c.dist FROM (
			SELECT kind, id, dist FROM d WHERE dist <= ` + b.p(1-s.cfg.SimilarityFloor) + `::float8
			ORDER BY dist, kind, id OFFSET 0) c
		WHERE CASE WHEN c.kind = 'episode'
			THEN EXISTS (SELECT 1 FROM episodes e WHERE e.member_id = $1 AND e.id = c.id AND ` + b.readFilter(q, "episode", "e") + ` OFFSET 0)
			ELSE EXISTS (SELECT 1 FROM facts f WHERE f.member_id = $1 AND f.id = c.id AND ` + b.readFilter(q, "fact", "f") + ` OFFSET 0) END
		ORDER BY c.dist, c.kind, c.id LIMIT ` + b.p(s.cfg.LegLimit)
	rows, err := s.pool.Query(ctx, sql, b.args...)
	if err != nil {
		return nil, fmt.Errorf("semantic leg (exact): %w", err)
	}
	hits, err := pgx.CollectRows(rows, scanVecHit)
	if err != nil {
		return nil, fmt.Errorf("semantic leg (exact): %w", err)
	}
	return s.semanticRows(ctx, q, res, hits)
}

// semanticRows reads the hits' rows (gated and filtered again) into res,
// in the hits' order.
func (s *Service) semanticRows(ctx context.Context, q *query, res *legResult, hits []vecHit) (*legResult, error) {
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
		return nil, fmt.Errorf("semantic leg: %w", err)
	}
	for _, h := range hits {
		if r, ok := byKey[h.kind+":"+h.id]; ok {
			res.rows = append(res.rows, r)
		}
	}
	return res, nil
}

// memberSize is how many rows of kind the member has, capped at 10,000
// (the N of the keyword leg's IDF), cached for five minutes.
func (s *Service) memberSize(ctx context.Context, member, kind string) (int, error) {
	key := "size|" + kind + "|" + member
	s.vecMu.Lock()
	c, ok := s.vecCount[key]
	s.vecMu.Unlock()
	if ok && s.now().Sub(c.at) < 5*time.Minute {
		return c.n, nil
	}
	var n int
	err := s.pool.QueryRow(ctx, `/* leg:keyword */ SELECT count(*) FROM (SELECT 1 FROM `+tableOf(kind)+` WHERE member_id = $1 ORDER BY member_id, id LIMIT 10000) z`, member).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("keyword leg: member size: %w", err)
	}
	n = max(n, 1)
	s.vecMu.Lock()
	s.vecCount[key] = vecCount{n: n, at: s.now()}
	s.vecMu.Unlock()
	return n, nil
}

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

// fetchRows reads episodes and facts by id, gated and filtered again in
// SQL, keyed kind:id.
func (s *Service) fetchRows(ctx context.Context, q *query, episodeIDs, factIDs []string) (map[string]*row, error) {
	out := map[string]*row{}
	for _, part := range []struct {
		kind string
		ids  []string
	}{{"episode", episodeIDs}, {"fact", factIDs}} {
		if len(part.ids) == 0 {
			continue
		}
		b := newSQLB(q.member, q.gate)
		sql := `/* leg:semantic */ SELECT ` + colsOf(part.kind, "x") + ` FROM ` + tableOf(part.kind) + ` x
			WHERE x.member_id = $1 AND x.id = ANY(` + b.p(part.ids) + `::text[]) AND ` + b.readFilter(q, part.kind, "x")
		rows, err := s.pool.Query(ctx, sql, b.args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			r, err := scanOf(part.kind, rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out[r.key()] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// seedNames are the canonical names the graph leg looks up: the query's
// grams; each gram as a participant id ("alice" → "member:alice",
// "person:alice"; "bob smith" → "member:bob_smith" …), since the close pass
// names a speaker's entity by their id; and, when the query speaks in the
// first person ("my manager"), the asker's own id, returned as self.
func seedNames(gs []string, query, asker string) (names []string, self string) {
	seen := map[string]bool{}
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, g := range gs {
		add(g)
	}
	for _, g := range gs {
		if strings.Contains(g, ":") {
			continue
		}
		u := strings.ReplaceAll(g, " ", "_")
		add("member:" + u)
		add("person:" + u)
	}
	for _, w := range words(query) {
		switch w {
		case "i", "me", "my", "mine", "myself":
			self = memhive.Canon(asker)
			add(self)
		}
	}
	return names, self
}

// participantCanons are the canonical names of the people in the
// conversation: the asker and the current audience, each as its id
// ("person:mary_ann") and as its bare name ("mary ann").
func participantCanons(q *query) map[string]bool {
	out := map[string]bool{}
	for _, p := range append([]string{q.asker}, q.gate.audience...) {
		if p == "" || p == "*" {
			continue
		}
		out[memhive.Canon(p)] = true
		if _, bare, ok := strings.Cut(p, ":"); ok && bare != "" {
			out[memhive.Canon(strings.ReplaceAll(bare, "_", " "))] = true
		}
	}
	return out
}

// graphLeg: entities named in the query (canonical names, participant
// ids, the asker for a first-person query, live entity aliases one hop;
// trigram similarity when no name but the asker's matches exactly),
// walked over gated edges to GraphDepth, never expanding a hub, then up to
// GraphFactsPerNode facts about each node that is not a participant (the
// asker or someone in the current audience: their nodes are walked
// through, their own facts not proposed).
func (s *Service) graphLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegGraph, weight: 1, mode: "exact"}
	var exists bool
	if err := s.pool.QueryRow(ctx, `/* leg:graph */ SELECT EXISTS (SELECT 1 FROM entities WHERE member_id = $1)`, q.member).Scan(&exists); err != nil {
		return nil, fmt.Errorf("graph leg: %w", err)
	}
	if !exists {
		res.missing = "no entities yet"
		return res, nil
	}
	gs := grams(q.req.Query)
	names, self := seedNames(gs, q.req.Query, q.asker)
	if len(names) == 0 {
		return res, nil
	}
	type node struct {
		id, canon string
		depth     int
	}
	b := newSQLB(q.member, q.gate)
	g := b.p(names)
	seedSQL := `/* leg:graph */ SELECT en.id, en.canon FROM entities en
		WHERE en.member_id = $1 AND ` + b.gate("en") + ` AND (en.canon = ANY(` + g + `::text[])
		   OR en.canon IN (SELECT a.canonical FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity'
		                   AND a.reverted_at IS NULL AND a.alias = ANY(` + g + `::text[])))
		ORDER BY en.canon, en.id LIMIT ` + b.p(s.cfg.GraphMaxNodes)
	collect := func(sql string, args []any) ([]node, error) {
		rows, err := s.pool.Query(ctx, sql, args...)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, func(r pgx.CollectableRow) (node, error) {
			var n node
			return n, r.Scan(&n.id, &n.canon)
		})
	}
	seeds, err := collect(seedSQL, b.args)
	if err != nil {
		return nil, fmt.Errorf("graph leg: seeds: %w", err)
	}
	named := slices.ContainsFunc(seeds, func(n node) bool { return n.canon != self })
	if !named {
		var long []string
		for _, x := range gs {
			if len([]rune(x)) >= 4 {
				long = append(long, x)
			}
		}
		if len(long) > 0 {
			res.mode = "fuzzy"
			b := newSQLB(q.member, q.gate)
			sql := `/* leg:graph */ SELECT DISTINCT ON (en.canon) en.id, en.canon FROM unnest(` + b.p(long) + `::text[]) AS g(name)
				JOIN entities en ON en.member_id = $1 AND en.canon % g.name AND similarity(en.canon, g.name) >= 0.6
				WHERE ` + b.gate("en") + `
				ORDER BY en.canon, en.id LIMIT ` + b.p(s.cfg.GraphMaxNodes)
			fuzzy, err := collect(sql, b.args)
			if err != nil {
				return nil, fmt.Errorf("graph leg: fuzzy seeds: %w", err)
			}
			seeds = append(seeds, fuzzy...)
		}
	}
	if len(seeds) == 0 {
		return res, nil
	}
	nodes := map[string]*node{}
	var order []*node
	for _, n := range seeds {
		n := n
		if _, ok := nodes[n.id]; !ok {
			nodes[n.id] = &n
			order = append(order, &n)
		}
	}
	frontier := make([]string, 0, len(order))
	for _, n := range order {
		frontier = append(frontier, n.id)
	}
	for depth := 1; depth <= s.cfg.GraphDepth && len(frontier) > 0 && len(order) < s.cfg.GraphMaxNodes; depth++ {
		// degrees over gated edges: a hub (degree > GraphHubDegree) is never walked through
		b := newSQLB(q.member, q.gate)
		fr := b.p(frontier)
		degSQL := `/* leg:graph */ SELECT n, count(*) FROM (
				SELECT x.src_id AS n FROM entity_edges x WHERE x.member_id = $1 AND x.src_id = ANY(` + fr + `::text[]) AND ` + b.gate("x") + `
				UNION ALL
				SELECT x.dst_id FROM entity_edges x WHERE x.member_id = $1 AND x.dst_id = ANY(` + fr + `::text[]) AND ` + b.gate("x") + `) d
			GROUP BY n`
		rows, err := s.pool.Query(ctx, degSQL, b.args...)
		if err != nil {
			return nil, fmt.Errorf("graph leg: degrees: %w", err)
		}
		var walk []string
		deg := map[string]int{}
		for rows.Next() {
			var id string
			var n int
			if err := rows.Scan(&id, &n); err != nil {
				rows.Close()
				return nil, fmt.Errorf("graph leg: degrees: %w", err)
			}
			deg[id] = n
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("graph leg: degrees: %w", err)
		}
		for _, id := range frontier {
			if d := deg[id]; d > 0 && d <= s.cfg.GraphHubDegree {
				walk = append(walk, id)
			}
		}
		if len(walk) == 0 {
			break
		}
		b = newSQLB(q.member, q.gate)
		w := b.p(walk)
		edgeSQL := `/* leg:graph */ SELECT DISTINCT en.id, en.canon FROM entity_edges x
			JOIN entities en ON en.member_id = $1 AND en.id = CASE WHEN x.src_id = ANY(` + w + `::text[]) THEN x.dst_id ELSE x.src_id END
			WHERE x.member_id = $1 AND (x.src_id = ANY(` + w + `::text[]) OR x.dst_id = ANY(` + w + `::text[]))
			  AND ` + b.gate("x") + ` AND ` + b.gate("en") + `
			ORDER BY en.canon, en.id`
		next, err := collect(edgeSQL, b.args)
		if err != nil {
			return nil, fmt.Errorf("graph leg: edges: %w", err)
		}
		frontier = frontier[:0]
		for _, n := range next {
			if _, ok := nodes[n.id]; ok || len(order) >= s.cfg.GraphMaxNodes {
				continue
			}
			n := n
			n.depth = depth
			nodes[n.id] = &n
			order = append(order, &n)
			frontier = append(frontier, n.id)
		}
	}
	// A participant's node is walked through but proposes none of its own
	// facts: questions name the people talking in nearly every turn, and
	// their newest facts answer few of those questions (the self leg ranks
	// the asker's facts by the query).
	part := participantCanons(q)
	canons := make([]string, 0, len(order))
	for _, n := range order {
		if !part[n.canon] {
			canons = append(canons, n.canon)
		}
	}
	if len(canons) == 0 {
		return res, nil
	}
	fb := newSQLB(q.member, q.gate)
	factSQL := `/* leg:graph */ SELECT ` + factCols("f") + ` FROM unnest(` + fb.p(canons) + `::text[]) WITH ORDINALITY AS n(canon, ord)
		CROSS JOIN LATERAL (
			SELECT f.* FROM facts f
			WHERE f.member_id = $1 AND (f.subject_canon = n.canon OR f.claim_canon = n.canon) AND ` + fb.readFilter(q, "fact", "f") + `
			ORDER BY f.valid_from DESC, f.id DESC LIMIT ` + fb.p(s.cfg.GraphFactsPerNode) + `) f
		ORDER BY n.ord, f.valid_from DESC, f.id DESC`
	rows, err := s.pool.Query(ctx, factSQL, fb.args...)
	if err != nil {
		return nil, fmt.Errorf("graph leg: facts: %w", err)
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		r, err := scanFact(rows)
		if err != nil {
			return nil, fmt.Errorf("graph leg: facts: %w", err)
		}
		if seen[r.ID] || len(res.rows) >= s.cfg.LegLimit {
			continue
		}
		seen[r.ID] = true
		res.rows = append(res.rows, r)
	}
	return res, rows.Err()
}

// temporalLeg: window mode (the request's window, else a time expression
// in the query resolved against as_of) ranks rows whose validity time lies
// in the window: those matching more of the query's terms first, then
// newest first. Point mode (no window) has weight 0 and proposes nothing.
func (s *Service) temporalLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegTemporal, weight: 0, mode: "point"}
	var from, to time.Time
	switch {
	case q.from != nil:
		from, to = *q.from, *q.to
	default:
		f, t, ok := ResolveTime(q.req.Query, q.asOf)
		if !ok {
			return res, nil
		}
		from, to = f, t.Add(-time.Microsecond)
	}
	res.weight, res.mode = 1, "window "+fmtTime(from)+" "+fmtTime(to)
	each, _, _ := tsQueries(terms(q.req.Query))
	var lists [][]scored
	for _, kind := range []string{"episode", "fact"} {
		b := newSQLB(q.member, q.gate)
		col := "x.happened_at"
		if kind == "fact" {
			col = "x.valid_from"
		}
		// how many of the query's terms the row matches (0 without terms)
		hit := `0`
		if len(each) > 0 {
			hit = `(SELECT count(*) FROM unnest(` + b.p(each) + `::text[]) AS t(q) WHERE x.tsv @@ to_tsquery('english', t.q))`
		}
		sql := `/* leg:temporal */ SELECT ` + colsOf(kind, "x") + `, (` + hit + `)::float8 AS score FROM ` + tableOf(kind) + ` x
			WHERE x.member_id = $1 AND ` + col + ` >= ` + b.p(from) + ` AND ` + col + ` <= ` + b.p(to) + `
			  AND ` + b.readFilter(q, kind, "x") + `
			ORDER BY score DESC, ` + col + ` DESC, x.id DESC LIMIT ` + b.p(s.cfg.LegLimit)
		l, err := s.queryScored(ctx, kind, sql, b.args)
		if err != nil {
			return nil, fmt.Errorf("temporal leg (%s): %w", kind, err)
		}
		lists = append(lists, l)
	}
	// merge: term matches first, then validity time newest first
	var all []scored
	for _, l := range lists {
		all = append(all, l...)
	}
	slices.SortStableFunc(all, func(x, y scored) int {
		if x.score != y.score {
			if x.score > y.score {
				return -1
			}
			return 1
		}
		if c := y.r.at.Compare(x.r.at); c != 0 {
			return c
		}
		return strings.Compare(y.r.key(), x.r.key())
	})
	for i, sc := range all {
		if i == s.cfg.LegLimit {
			break
		}
		res.rows = append(res.rows, sc.r)
	}
	return res, nil
}

// selfLeg: facts whose subject is the asker (its canonical id, its bare
// name, and live entity aliases one hop either way), ranked by the query
// (ts_rank) then recency.
func (s *Service) selfLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegSelf, weight: 1}
	var exists bool
	if err := s.pool.QueryRow(ctx, `/* leg:self */ SELECT EXISTS (SELECT 1 FROM facts WHERE member_id = $1)`, q.member).Scan(&exists); err != nil {
		return nil, fmt.Errorf("self leg: %w", err)
	}
	if !exists {
		res.missing = "no facts yet"
		return res, nil
	}
	names := []string{memhive.Canon(q.asker)}
	if _, bare, ok := strings.Cut(q.asker, ":"); ok && bare != "" {
		names = append(names, memhive.Canon(bare))
	}
	if q.asker == "member:"+q.member {
		names = append(names, memhive.Canon(q.member))
	}
	b := newSQLB(q.member, q.gate)
	nm := b.p(names)
	_, _, anyq := tsQueries(terms(q.req.Query))
	rank := `0::float8`
	if anyq != "" {
		rank = `ts_rank(f.tsv, to_tsquery('english', ` + b.p(anyq) + `))::float8`
	}
	sql := `/* leg:self */ WITH names AS (
			SELECT unnest(` + nm + `::text[]) AS name
			UNION SELECT a.alias FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity' AND a.reverted_at IS NULL AND a.canonical = ANY(` + nm + `::text[])
			UNION SELECT a.canonical FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity' AND a.reverted_at IS NULL AND a.alias = ANY(` + nm + `::text[]))
		SELECT ` + factCols("f") + `, ` + rank + ` AS score FROM facts f
		WHERE f.member_id = $1 AND f.subject_canon IN (SELECT name FROM names) AND ` + b.readFilter(q, "fact", "f") + `
		ORDER BY score DESC, f.valid_from DESC, f.id DESC LIMIT ` + b.p(s.cfg.LegLimit)
	l, err := s.queryScored(ctx, "fact", sql, b.args)
	if err != nil {
		return nil, fmt.Errorf("self leg: %w", err)
	}
	for _, sc := range l {
		res.rows = append(res.rows, sc.r)
	}
	return res, nil
}
