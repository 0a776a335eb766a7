package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/memhive/memhive"
)

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
	for _, p := range append([]string{q.asker}, q.gate.g.Audience...) {
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

// maxFuzzyNames bounds the grams the fuzzy seed step compares by trigram
// similarity (each one is a trigram index probe).
const maxFuzzyNames = 24

// graphLeg: entities named in the query (canonical names, participant
// ids, the asker for a first-person query, live entity aliases one hop;
// trigram similarity when no name but the asker's matches exactly),
// walked over gated edges to GraphDepth, never expanding a hub, then up to
// GraphFactsPerNode facts about each node that is not a participant (the
// asker or someone in the current audience: their nodes are walked
// through, their own facts not proposed).
//
// Before the walk's facts, the category match (category.go): for a query
// that names a person of the conversation and asks for a category, that
// person's facts and turns that name a member of it.
func (s *Service) graphLeg(ctx context.Context, q *query) (*legResult, error) {
	cat, err := s.categoryMatch(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("graph leg: %w", err)
	}
	res, err := s.graphWalk(ctx, q)
	if err != nil || len(cat) == 0 {
		return res, err
	}
	seen := map[string]bool{}
	rows := make([]*row, 0, len(cat)+len(res.rows))
	for _, r := range append(cat, res.rows...) {
		if !seen[r.key()] && len(rows) < s.cfg.LegLimit {
			seen[r.key()] = true
			rows = append(rows, r)
		}
	}
	// The category match's proposals are alike (one turn or fact a
	// member of the category, none better than another): each votes at
	// rank 1; the walk's facts follow at ranks 2, 3, ...
	res.rows, res.missing = rows, ""
	res.ranks = make([]int, len(rows))
	for i := range rows {
		res.ranks[i] = max(1, i-len(cat)+2)
	}
	if res.mode == "exact" || res.mode == "" {
		res.mode = "category"
	} else {
		res.mode += "+category"
	}
	return res, nil
}

// graphWalk is the graph leg's walk over the entity graph (graphLeg).
func (s *Service) graphWalk(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegGraph, weight: 1, mode: "exact"}
	type node struct {
		id, canon string
		depth     int
	}
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
	gs := grams(q.req.Query)
	names, self := seedNames(gs, q.req.Query, q.asker)
	// whether the member has entities, and the seeds, in one round trip
	var exists bool
	var seeds []node
	var batch pgx.Batch
	eb := newSQLB(q.member, q.gate) // gated: a stranger must not learn whether the member has entities
	batch.Queue(`/* leg:graph */ SELECT EXISTS (SELECT 1 FROM entities en WHERE en.member_id = $1 AND `+eb.gate(tEntities, "en")+`)`+
		` OR EXISTS (SELECT 1 FROM entity_edges x WHERE x.member_id = $1 AND `+eb.gate(tEdges, "x")+`)`, eb.args...).QueryRow(func(r pgx.Row) error {
		return r.Scan(&exists)
	})
	if len(names) > 0 {
		b := newSQLB(q.member, q.gate)
		g := b.p(names)
		seedSQL := `/* leg:graph */ SELECT en.id, en.canon FROM entities en
			WHERE en.member_id = $1 AND ` + b.gate(tEntities, "en") + ` AND (en.canon = ANY(` + g + `::text[])
			   OR en.canon IN (SELECT a.canonical FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity'
			                   AND a.reverted_at IS NULL AND a.alias = ANY(` + g + `::text[])))
			ORDER BY en.canon, en.id LIMIT ` + b.p(s.cfg.GraphMaxNodes)
		batch.Queue(seedSQL, b.args...).Query(func(rows pgx.Rows) error {
			var err error
			seeds, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (node, error) {
				var n node
				return n, r.Scan(&n.id, &n.canon)
			})
			return err
		})
	}
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("graph leg: seeds: %w", err)
	}
	if !exists {
		res.missing = "no entities yet"
		return res, nil
	}
	if len(names) == 0 {
		return res, nil
	}
	named := slices.ContainsFunc(seeds, func(n node) bool { return n.canon != self })
	if !named {
		var long []string
		for _, x := range gs {
			if len([]rune(x)) >= 4 && len(long) < maxFuzzyNames {
				long = append(long, x)
			}
		}
		if len(long) > 0 {
			res.mode = "fuzzy"
			b := newSQLB(q.member, q.gate)
			// one trigram-index probe a gram (entities_canon_trgm_idx): as a
			// plain join the planner compared every gram with every entity
			// of the member (24 grams × 136 entities: 10–13 ms; this: 1.5)
			sql := `/* leg:graph */ SELECT DISTINCT ON (en.canon) en.id, en.canon FROM unnest(` + b.p(long) + `::text[]) AS g(name)
				CROSS JOIN LATERAL (SELECT en.id, en.canon FROM entities en
					WHERE en.member_id = $1 AND en.canon % g.name AND similarity(en.canon, g.name) >= 0.6
					  AND ` + b.gate(tEntities, "en") + ` OFFSET 0) en
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
	part := participantCanons(q)
	for depth := 1; depth <= s.cfg.GraphDepth && len(frontier) > 0 && len(order) < s.cfg.GraphMaxNodes; depth++ {
		// degrees over gated edges: a hub (degree > GraphHubDegree) is never walked through
		b := newSQLB(q.member, q.gate)
		fr := b.p(frontier)
		degSQL := `/* leg:graph */ SELECT n, count(*) FROM (
				SELECT x.src_id AS n FROM entity_edges x WHERE x.member_id = $1 AND x.src_id = ANY(` + fr + `::text[]) AND ` + b.gate(tEdges, "x") + `
				UNION ALL
				SELECT x.dst_id FROM entity_edges x WHERE x.member_id = $1 AND x.dst_id = ANY(` + fr + `::text[]) AND ` + b.gate(tEdges, "x") + `) d
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
			// a topical request (the advisor's) walks from a participant
			// the query names, never through one the walk reached
			if q.req.Topical && nodes[id].depth > 0 && part[nodes[id].canon] {
				continue
			}
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
			  AND ` + b.gate(tEdges, "x") + ` AND ` + b.gate(tEntities, "en") + `
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
	canons := make([]string, 0, len(order))
	for _, n := range order {
		if !part[n.canon] {
			canons = append(canons, n.canon)
		}
	}
	if len(canons) == 0 {
		return res, nil
	}
	// A node's facts name it as subject or as claim (facts_claim_md5_idx
	// holds md5(claim_canon): migration 031).
	fb := newSQLB(q.member, q.gate)
	factSQL := `/* leg:graph */ SELECT ` + factCols("f") + ` FROM unnest(` + fb.p(canons) + `::text[]) WITH ORDINALITY AS n(canon, ord)
		CROSS JOIN LATERAL (
			SELECT f.* FROM facts f
			WHERE f.member_id = $1 AND (f.subject_canon = n.canon OR f.claim_canon = n.canon AND md5(f.claim_canon) = md5(n.canon)) AND ` + fb.readFilter(q, "fact", "f") + `
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
