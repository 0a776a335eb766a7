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
