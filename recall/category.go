package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/category"
)

// The category match (a source of the graph leg, graph.go): a question that
// names a person of the conversation and asks for a category ("What
// instruments does Melanie play?", "Which cities has Jon visited?", "How
// many dogs does Andrew have?") is answered by turns and facts that name a
// member of the category ("I play the violin", "has_pet Pixie") and share
// no word with the question, so the keyword and semantic legs miss them.
// The category's members come from WordNet (package category); the
// proposals are that person's facts whose claim names one (or whose
// predicate answers the category: pets → has_pet) and that person's own
// turns that name one, gated and filtered like every read.
const (
	// categoryFacts and categoryEpisodes bound the proposals of each kind.
	categoryFacts    = 3
	categoryEpisodes = 5
	// categoryMaxDFPct: a category word in more than this percentage of
	// the member's episodes ("home", "dinner") says too little to propose
	// a turn by.
	categoryMaxDFPct = 2
	// categoryMaxDF caps it in turns too, so a large record reads at most
	// categoryMaxTerms × categoryMaxDF postings.
	categoryMaxDF = 200
	// categoryMaxTerms bounds the category words looked up in the
	// member's postings (the rarest the member has).
	categoryMaxTerms = 64
	// categorySharedFacts and categorySharedTurns bound the facts whose
	// turns are read for the question's words, and the turns read of each
	// (sharedWithQuestion): at most 128 turns by primary key.
	categorySharedFacts = 32
	categorySharedTurns = 4
	// categoryPersonFacts bounds the person's facts read (newest first).
	categoryPersonFacts = 500
)

// namedParticipants are the people of the conversation (the asker and the
// current audience) the query names by their bare name ("melanie" for
// person:melanie, possessive "melanie's" too), and the asker of a question
// in the first person ("my", "I"), as ids.
func namedParticipants(q *query) []string {
	ws := map[string]bool{}
	for _, w := range words(strings.ReplaceAll(strings.ReplaceAll(q.req.Query, "’s", ""), "'s", "")) {
		ws[w] = true
	}
	text := " " + strings.Join(words(q.req.Query), " ") + " "
	var out []string
	// A question in the first person ("What instruments do I play?") is
	// about its asker, who names no one.
	if _, first := firstPersonQuery(q.req.Query); first && q.asker != "" && q.asker != "*" {
		out = append(out, q.asker)
	}
	for _, p := range append([]string{q.asker}, q.gate.g.Audience...) {
		if p == "" || p == "*" || slices.Contains(out, p) {
			continue
		}
		_, bare, ok := strings.Cut(p, ":")
		if !ok || bare == "" {
			continue
		}
		name := strings.Join(words(strings.ReplaceAll(bare, "_", " ")), " ")
		if name == "" {
			continue
		}
		if ws[name] || strings.Contains(text, " "+name+" ") {
			out = append(out, p)
		}
	}
	return out
}

// categoryStems caches each category's words as the english text search
// configuration stems them (keyword_terms' terms).
var categoryStems sync.Map // category → []string

func (s *Service) stemsOf(ctx context.Context, c string) ([]string, error) {
	if v, ok := categoryStems.Load(c); ok {
		return v.([]string), nil
	}
	var stems []string
	if err := s.pool.QueryRow(ctx, `/* leg:graph */ SELECT coalesce(array_agg(DISTINCT l.lexeme ORDER BY l.lexeme), '{}')
		FROM unnest(to_tsvector('english', $1)) l`, strings.Join(category.Words(c), " ")).Scan(&stems); err != nil {
		return nil, err
	}
	categoryStems.Store(c, stems)
	return stems, nil
}

// claimInCategory: some one-, two- or three-word run of the claim is a
// member of category c ("playing clarinet", "Coconut milk ice cream").
func claimInCategory(claim, c string) bool {
	ws := words(claim)
	for n := 3; n >= 1; n-- {
		for i := 0; i+n <= len(ws); i++ {
			if category.Is(strings.Join(ws[i:i+n], " "), c) {
				return true
			}
		}
	}
	return false
}

// categoryMatch is the category match's proposals, best first: facts, then
// turns. Nothing when the query asks for no category or names no person.
func (s *Service) categoryMatch(ctx context.Context, q *query) ([]*row, error) {
	ask, ok := category.Asked(q.req.Query)
	if !ok {
		return nil, nil
	}
	people := namedParticipants(q)
	if len(people) == 0 {
		return nil, nil
	}
	var out []*row
	// The question's words other than the category noun and the names.
	var rest []string
	for _, w := range terms(q.req.Query) {
		if w != ask.Noun && !slices.ContainsFunc(people, func(p string) bool { return strings.HasSuffix(p, ":"+w) }) {
			rest = append(rest, w)
		}
	}
	// Facts about the named people.
	canons := make([]string, len(people))
	for i, p := range people {
		canons[i] = memhive.Canon(p)
	}
	fb := newSQLB(q.member, q.gate)
	rows, err := s.pool.Query(ctx, `/* leg:graph */ SELECT `+factCols("f")+`, f.source_episode_ids FROM facts f
		WHERE f.member_id = $1 AND f.subject_canon = ANY(`+fb.p(canons)+`::text[]) AND `+fb.readFilter(q, "fact", "f")+`
		ORDER BY f.valid_from DESC, f.id DESC LIMIT `+fb.p(categoryPersonFacts), fb.args...)
	if err != nil {
		return nil, fmt.Errorf("category match: facts: %w", err)
	}
	var byPred, byClaim []*row
	sources := map[*row][]string{}
	for rows.Next() {
		var src []string
		r, err := scanFact(rows, &src)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("category match: facts: %w", err)
		}
		sources[r] = src
		switch {
		case claimInCategory(r.claim, ask.Category):
			byClaim = append(byClaim, r)
		case slices.Contains(ask.Predicates, r.predicateCanon):
			byPred = append(byPred, r)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("category match: facts: %w", err)
	}
	// The best-attested members first: a fact that stands for more turns
	// (a pastime spoken of in many sessions) before one said once; then
	// newest first, as read.
	for _, rs := range [][]*row{byClaim, byPred} {
		slices.SortStableFunc(rs, func(a, b *row) int { return len(sources[b]) - len(sources[a]) })
	}
	cands := append(byClaim, byPred...)
	// Then a fact holding a word of the question (in its claim or its
	// turns) before one holding none, whichever way it matched.
	shared, err := s.sharedWithQuestion(ctx, q, cands, rest)
	if err != nil {
		return nil, fmt.Errorf("category match: facts: %w", err)
	}
	slices.SortStableFunc(cands, func(a, b *row) int { return shared[b.ID] - shared[a.ID] })
	// A turn a proposed fact was distilled from is not proposed again:
	// the fact already stands for it. One fact a claim, as one turn a
	// category word below: a list question wants the different members,
	// not the same one said in three sessions.
	seen := map[string]bool{}
	claims := map[string]bool{}
	for _, r := range cands {
		if len(out) == categoryFacts {
			break
		}
		c := memhive.Canon(r.claim)
		if claims[c] {
			continue
		}
		claims[c] = true
		out = append(out, r)
		for _, id := range sources[r] {
			seen[id] = true
		}
	}
	// The named people's own turns that name a member of the category.
	stems, err := s.stemsOf(ctx, ask.Category)
	if err != nil {
		return nil, fmt.Errorf("category match: stems: %w", err)
	}
	if len(stems) == 0 {
		return out, nil
	}
	eb := newSQLB(q.member, q.gate)
	// One turn a category word (a list question wants the different
	// members: clarinet and violin, not five turns about the clarinet):
	// of the person's turns that name it, the one sharing most of the
	// question's other words ("play" in "what instruments does Melanie
	// play"), then the first; words ranked the same way, then rarest first.
	sql := `/* leg:graph */ WITH n AS (SELECT k.df FROM keyword_terms k WHERE k.member_id = $1 AND k.term = ''),
		t AS (SELECT k.term, k.df FROM keyword_terms k, n WHERE k.member_id = $1 AND k.term = ANY(` + eb.p(stems) + `::text[])
		      AND k.df * 100 <= n.df * ` + eb.p(categoryMaxDFPct) + ` AND k.df <= ` + eb.p(categoryMaxDF) + ` ORDER BY k.df, k.term LIMIT ` + eb.p(categoryMaxTerms) + `),
		qt AS (` + questionLexemes(eb, rest) + `)
		SELECT ` + episodeCols("e") + ` FROM t CROSS JOIN qt CROSS JOIN LATERAL (
			SELECT x.*, (SELECT count(*) FROM unnest(tsvector_to_array(x.tsv)) l WHERE l = ANY(qt.lx)) AS shared
			FROM keyword_postings p JOIN episodes x ON x.member_id = $1 AND x.id = p.episode_id
			WHERE p.member_id = $1 AND p.term = t.term COLLATE "C" AND x.speaker = ANY(` + eb.p(people) + `::text[]) AND ` + eb.readFilter(q, "episode", "x") + `
			ORDER BY shared DESC, x.happened_at, x.id LIMIT 1) e
		ORDER BY e.shared DESC, t.df, t.term LIMIT ` + eb.p(categoryEpisodes*2)
	erows, err := s.pool.Query(ctx, sql, eb.args...)
	if err != nil {
		return nil, fmt.Errorf("category match: turns: %w", err)
	}
	defer erows.Close()
	n := 0
	for erows.Next() {
		r, err := scanEpisode(erows)
		if err != nil {
			return nil, fmt.Errorf("category match: turns: %w", err)
		}
		if !seen[r.ID] && n < categoryEpisodes {
			seen[r.ID] = true
			n++
			out = append(out, r)
		}
	}
	return out, erows.Err()
}

// sharedWithQuestion counts, for each fact of fs, the question's words
// (rest, stemmed) that its claim or its visible source turns hold: of a
// person's pastimes, the one spoken of "to de-stress" answers "what does
// Melanie do to destress?" before the one spoken of more often. Nothing
// to count when there are at most categoryFacts facts or no words; only
// the first categorySharedFacts of fs (best attested first) are read, and
// of each its first categorySharedTurns source turns (a restated claim's
// first sayings).
func (s *Service) sharedWithQuestion(ctx context.Context, q *query, fs []*row, rest []string) (map[string]int, error) {
	if len(fs) <= categoryFacts || len(rest) == 0 {
		return nil, nil
	}
	fs = fs[:min(len(fs), categorySharedFacts)]
	ids := make([]string, len(fs))
	for i, r := range fs {
		ids[i] = r.ID
	}
	b := newSQLB(q.member, q.gate)
	rows, err := s.pool.Query(ctx, `/* leg:graph */ WITH qt AS (`+questionLexemes(b, rest)+`)
		SELECT f.id, (SELECT count(DISTINCT l) FROM (
				SELECT unnest(tsvector_to_array(to_tsvector('english', normalize(f.claim, NFC)))) AS l
				UNION ALL
				SELECT unnest(tsvector_to_array(x.tsv)) FROM episodes x
				WHERE x.member_id = $1 AND x.id = ANY(f.source_episode_ids[1:`+b.p(categorySharedTurns)+`]) AND `+b.readFilter(q, "episode", "x")+`) z
			WHERE z.l = ANY(qt.lx))
		FROM facts f, qt WHERE f.member_id = $1 AND f.id = ANY(`+b.p(ids)+`::text[])`, b.args...)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	var id string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error { out[id] = n; return nil })
	return out, err
}

// questionLexemes is a statement giving one row, lx: the question's words
// rest as the english configuration stems them (keyword_terms' terms and
// the episodes' tsv lexemes), to match turns and claims by.
func questionLexemes(b *sqlb, rest []string) string {
	return `SELECT coalesce(array_agg(l.lexeme), '{}') AS lx FROM unnest(to_tsvector('english', ` + b.p(strings.Join(rest, " ")) + `)) l`
}
