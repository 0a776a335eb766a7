package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// LegContext is the sixth voting list of tier 1: the turns around the
// keyword leg's best hits (contextLeg). It runs after the five legs, from
// the keyword leg's answer.
const LegContext = "context"

// contextSources is how many of the keyword leg's first episodes lend
// their neighbours a vote.
const contextSources = 10

// contextGap is how far apart (validity time) a neighbour may be from its
// source turn: the embedder's ContextGap, for the same reason (a turn an
// hour later has moved on).
const contextGap = 10 * time.Minute

// contextLeg: in a conversation the turn that answers a question often
// shares none of its words ("Their name is Luna." after "What's your new
// cat called?"), and a matched question's answer is the turn after it.
// The semantic leg's vectors carry the previous turns for that reason
// (embed.DrainerConfig.PrevTurns); this is the same idea for the keyword
// leg: for each of its first contextSources episodes, the previous and the
// next visible turn of the same session and channel, at most contextGap
// apart, each proposed at its source's rank (Vote.Rank), so a neighbour of
// the keyword leg's first hit votes as a first-ranked row, at this list's
// own weight (DefaultLegWeights: 1, against the keyword leg's 3). A row
// proposed twice keeps its better rank. One statement: an
// episodes_session_idx range each way per source, stopped at the first
// visible row, the gate and filters inside.
//
// On LoCoMo conversations 1-5 (re-fused from one run's legs, dia-keyed):
// @5/@10/@25/@50 62.4/73.4/80.8/85.7 without it, 65.5/75.4/83.8/88.7 with
// both neighbours at weight 1 (the next turn alone at weight 1:
// 64.5/74.8/82.8/87.8; at weight 2: 64.6/75.9/83.5/87.3).
func (s *Service) contextLeg(ctx context.Context, q *query, kw *legResult) (*legResult, error) {
	res := &legResult{name: LegContext, weight: 1, mode: fmt.Sprintf("keyword top %d ±1 turn", contextSources)}
	if kw == nil || kw.weight == 0 || kw.missing != "" {
		return res, nil
	}
	var ids []string
	rank := map[string]int{}
	for i, r := range kw.rows {
		if r.Kind != "episode" {
			continue
		}
		ids = append(ids, r.ID)
		rank[r.ID] = i + 1
		if len(ids) == contextSources {
			break
		}
	}
	if len(ids) == 0 {
		return res, nil
	}
	b := newSQLB(q.member, q.gate)
	gap := b.p(fmt.Sprintf("%d seconds", int(contextGap.Seconds())))
	side := func(dir string) string {
		cmp, ord, bound := "<", "DESC", `x.happened_at >= e.happened_at - `+gap+`::interval`
		if dir == "next" {
			cmp, ord, bound = ">", "", `x.happened_at <= e.happened_at + `+gap+`::interval`
		}
		return `(SELECT ` + episodeCols("x") + `, s.id AS source FROM episodes x
			WHERE x.member_id = $1 AND x.session_id = e.session_id AND x.channel = e.channel
			AND (x.happened_at, x.id) ` + cmp + ` (e.happened_at, e.id) AND ` + bound + `
			AND ` + b.readFilter(q, "episode", "x") + `
			ORDER BY x.happened_at ` + ord + `, x.id ` + ord + ` LIMIT 1)`
	}
	sql := `/* leg:context */ SELECT n.* FROM unnest(` + b.p(ids) + `::text[]) AS s(id)
		JOIN episodes e ON e.member_id = $1 AND e.id = s.id
		CROSS JOIN LATERAL (` + side("prev") + ` UNION ALL ` + side("next") + `) n`
	rows, err := s.pool.Query(ctx, sql, b.args...)
	if err != nil {
		return nil, fmt.Errorf("context leg: %w", err)
	}
	defer rows.Close()
	type cand struct {
		r    *row
		rank int
	}
	best := map[string]cand{}
	for rows.Next() {
		var src string
		r, err := scanEpisode(rows, &src)
		if err != nil {
			return nil, fmt.Errorf("context leg: %w", err)
		}
		if c, ok := best[r.ID]; !ok || rank[src] < c.rank {
			best[r.ID] = cand{r, rank[src]}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("context leg: %w", err)
	}
	var cs []cand
	for _, c := range best {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return strings.Compare(a.r.ID, b.r.ID)
	})
	for _, c := range cs {
		res.rows = append(res.rows, c.r)
		res.ranks = append(res.ranks, c.rank)
	}
	return res, nil
}
