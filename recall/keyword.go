package recall

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

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
