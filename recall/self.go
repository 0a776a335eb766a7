package recall

import (
	"context"
	"fmt"
	"strings"

	"github.com/memhive/memhive"
)

// selfLeg: facts whose subject is the asker (its canonical id, its bare
// name, and live entity aliases one hop either way), ranked by the query
// (ts_rank) then recency.
func (s *Service) selfLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegSelf, weight: 1}
	var exists bool
	eb := newSQLB(q.member, q.gate) // gated: a stranger must not learn whether the member has facts
	if err := s.pool.QueryRow(ctx, `/* leg:self */ SELECT EXISTS (SELECT 1 FROM facts f WHERE f.member_id = $1 AND `+eb.gate(tFacts, "f")+`)`, eb.args...).Scan(&exists); err != nil {
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
