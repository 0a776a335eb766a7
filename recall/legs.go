package recall

import (
	"context"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Leg names, in leg order (the fusion's second tie-break).
const (
	LegKeyword  = "keyword"
	LegSemantic = "semantic"
	LegGraph    = "graph"
	LegTemporal = "temporal"
	LegSelf     = "self"
)

// legOrder is the five legs and, last, the context list (context.go),
// which runs after them from the keyword leg's answer.
var legOrder = []string{LegKeyword, LegSemantic, LegGraph, LegTemporal, LegSelf, LegContext}

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
	// ranks, when set, is each row's rank (Vote.Rank); else its position
	ranks []int
}

// rankOf is row i's rank in the leg: ranks[i] when set, else i+1.
func (l *legResult) rankOf(i int) int {
	if i < len(l.ranks) {
		return l.ranks[i]
	}
	return i + 1
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
		return b.filters(q, a+".happened_at") + ` AND ` + b.gate(tEpisodes, a)
	}
	return b.filters(q, a+".valid_from") + ` AND ` + notRetractedSQL(a) + ` AND ` + b.gate(tFacts, a)
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

// fetchRows reads episodes and facts by id, gated and filtered again in
// SQL, keyed kind:id; both kinds in one round trip.
func (s *Service) fetchRows(ctx context.Context, q *query, episodeIDs, factIDs []string) (map[string]*row, error) {
	out := map[string]*row{}
	var batch pgx.Batch
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
		batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				r, err := scanOf(part.kind, rows)
				if err != nil {
					return err
				}
				out[r.key()] = r
			}
			return rows.Err()
		})
	}
	if batch.Len() == 0 {
		return out, nil
	}
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, err
	}
	return out, nil
}
