package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// temporalLeg: window mode (the request's window, else a time expression
// in the query resolved against as_of) ranks rows whose validity time lies
// in the window by that time, newest first (SPEC §4); among rows of the
// same time, those matching more of the query's terms first. Each table's
// statement walks its time index (episodes_time_idx, facts_valid_idx)
// backwards from the window's end and stops after LegLimit visible rows,
// so its cost is bounded by the candidates it returns, not by the rows in
// the window; the term count is computed for those rows only. Point mode
// (no window) has weight 0 and proposes nothing.
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
	var all []scored
	for _, kind := range []string{"episode", "fact"} {
		sql, args := temporalSQL(q, kind, from, to, each, s.cfg.LegLimit)
		l, err := s.queryScored(ctx, kind, sql, args)
		if err != nil {
			return nil, fmt.Errorf("temporal leg (%s): %w", kind, err)
		}
		all = append(all, l...)
	}
	// merge: validity time newest first, then term matches, then id
	slices.SortStableFunc(all, func(x, y scored) int {
		if c := y.r.at.Compare(x.r.at); c != 0 {
			return c
		}
		if x.score != y.score {
			if x.score > y.score {
				return -1
			}
			return 1
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

// temporalSQL is the window statement for one kind: the newest limit
// visible rows with from <= time <= to, each with the count of query terms
// it matches. The inner subquery is the window in the order of the
// member's time index (member_id, time, id); its OFFSET 0 keeps the gate
// and the filters above it, and the CASE around them is one opaque
// condition the planner estimates at one row in two (the gate's many
// conditions, each with its default selectivity, multiply to "one row
// passes", which made it read and sort the whole window to fill the
// LIMIT): so the LIMIT is met after a few rows, and the cheapest way to
// the first rows is the ordered index walk that stops early. The term
// count is computed only for the rows kept.
func temporalSQL(q *query, kind string, from, to time.Time, each []string, limit int) (string, []any) {
	b := newSQLB(q.member, q.gate)
	col := "happened_at"
	if kind == "fact" {
		col = "valid_from"
	}
	hit := `0`
	if len(each) > 0 {
		hit = `(SELECT count(*) FROM unnest(` + b.p(each) + `::text[]) AS t(q) WHERE x.tsv @@ to_tsquery('english', t.q))`
	}
	w := `SELECT * FROM ` + tableOf(kind) + ` w WHERE w.member_id = $1 AND w.` + col + ` >= ` + b.p(from) + ` AND w.` + col + ` <= ` + b.p(to) + `
			ORDER BY w.` + col + ` DESC, w.id DESC OFFSET 0`
	sql := `/* leg:temporal */ SELECT ` + colsOf(kind, "x") + `, (` + hit + `)::float8 AS score FROM (` + w + `) x
		WHERE CASE WHEN ` + b.readFilter(q, kind, "x") + ` THEN true ELSE false END
		LIMIT ` + b.p(limit)
	return sql, b.args
}
