package recall

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The issue 8 member: 250 turns about coffee, 250 about Bob, one about both.
// A sampled keyword leg never saw the two-term turn among its candidates;
// BM25 over all rows ranks it first.
func TestKeywordFindsTheTwoTermTurnAmongCommonTerms(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:carol"}
	for range 250 {
		f.episode(ep{member: "carol", channel: "c", content: "I drank coffee this morning", audience: me, at: t0})
	}
	for range 250 {
		f.episode(ep{member: "carol", channel: "c", content: "Bob called me again", audience: me, at: t0})
	}
	kenya := f.episode(ep{member: "carol", channel: "c", content: "Bob brought coffee beans from Kenya", audience: me, at: t0})
	s := New(f.pool, Config{}, nil, nil)
	q, err := s.prepare(req("carol", "1", "did Bob bring coffee from the market", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.keywordLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.rows) == 0 || res.rows[0].ID != kenya {
		first := ""
		if len(res.rows) > 0 {
			first = res.rows[0].Text
		}
		t.Fatalf("first row %q (mode %s), want the Kenya turn", first, res.mode)
	}
}

// A hidden row is never a candidate, however well it scores, while document
// frequencies count every row of the member.
func TestKeywordGateInsideTheRanking(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:dan"}
	other := []string{"member:dan", "person:eve"}
	hidden := f.episode(ep{member: "dan", channel: "private", content: "zebra zebra zebra", audience: me, at: t0})
	for range 40 {
		f.episode(ep{member: "dan", channel: "c", content: "a zebra at the zoo, and more words around it", audience: other, at: t0})
	}
	s := New(f.pool, Config{LegLimit: 20}, nil, nil)
	q, err := s.prepare(req("dan", "1", "zebra", []string{"person:eve"}, "c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.keywordLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.rows) != 20 {
		t.Fatalf("%d rows, want 20", len(res.rows))
	}
	for _, r := range res.rows {
		if r.ID == hidden {
			t.Fatal("the private row is a candidate for eve")
		}
	}
	// the member sees it, first (three zebras in a short turn)
	q, err = s.prepare(req("dan", "1", "zebra", me, "private"))
	if err != nil {
		t.Fatal(err)
	}
	res, err = s.keywordLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.rows) == 0 || res.rows[0].ID != hidden {
		t.Fatalf("member's own search: %d rows, first not the private turn", len(res.rows))
	}
}

// The keyword leg's rounds give exactly the ranking of a BM25 computed in
// SQL over the member's tsv, also when the first round reads one posting of
// each lexeme only and the rest must be read in later rounds.
func TestKeywordRoundsAreExact(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:fay"}
	for i := range 90 {
		var ws []string
		if i%15 == 0 {
			ws = append(ws, "hippo")
		}
		if i%4 == 1 || i%15 == 0 {
			ws = append(ws, "giraffe")
		}
		if i%3 != 0 {
			ws = append(ws, "zebra")
		}
		if i%7 == 0 {
			ws = append(ws, "zebra")
		}
		for range i % 5 {
			ws = append(ws, "savanna")
		}
		ws = append(ws, "walk")
		if i%6 == 2 {
			ws = append(ws, "walker") // "walks" is a prefix of both: one term
		}
		f.episode(ep{member: "fay", channel: "c", content: strings.Join(ws, " "), audience: me, at: t0})
	}
	for _, budget := range []int64{1, 1000} {
		s := New(f.pool, Config{LegLimit: 20}, nil, nil)
		s.kwBudget = budget
		if budget == 1 {
			s.kwChunk = 1 // one posting a lexeme in the first round: several rounds
		}
		q, err := s.prepare(req("fay", "1", "hippo giraffe zebras walks", me, "c"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.keywordLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if budget == 1 && res.mode == "bm25" {
			t.Fatalf("budget 1: one round only (mode %s); the test needs several", res.mode)
		}
		var want []string
		// the query's terms as classes of lexemes: walks → walk, walker
		rows, err := f.pool.Query(f.ctx, `WITH cls(lexeme, c) AS (VALUES ('hippo', 1), ('giraff', 2), ('zebra', 3), ('walk', 4), ('walker', 4)),
			lx AS (
				SELECT e.id, l.lexeme, greatest(coalesce(cardinality(l.positions), 0), 1)::float8 AS tf
				FROM episodes e LEFT JOIN LATERAL unnest(e.tsv) l ON true WHERE e.member_id = 'fay'),
			dl AS (SELECT id, coalesce(sum(tf), 0) AS dl FROM lx GROUP BY id),
			n AS (SELECT count(*)::float8 AS n, avg(dl) AS avgdl FROM dl),
			ct AS (SELECT lx.id, cls.c, sum(lx.tf) AS tf FROM lx JOIN cls USING (lexeme) GROUP BY lx.id, cls.c),
			df AS (SELECT c, count(*)::float8 AS df FROM ct GROUP BY c)
			SELECT ct.id FROM ct JOIN dl USING (id) JOIN df USING (c) CROSS JOIN n
			GROUP BY ct.id
			ORDER BY round(sum(ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5)) * ct.tf * 2.2 / (ct.tf + 1.2 * (0.25 + 0.75 * dl.dl / n.avgdl)))::numeric, 9) DESC, ct.id
			LIMIT 20`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			want = append(want, id)
		}
		rows.Close()
		if len(res.rows) != len(want) {
			t.Fatalf("budget %d: %d rows, want %d", budget, len(res.rows), len(want))
		}
		for i := range want {
			if res.rows[i].ID != want[i] {
				t.Fatalf("budget %d (mode %s): row %d is %s, want %s", budget, res.mode, i, res.rows[i].ID, want[i])
			}
		}
	}
}

// The keyword leg's top 20 equals a BM25 computed in SQL over the member's
// tsv, on random members and queries: common and rare words, words said
// several times in a turn, turns of every length, a third of them hidden
// from the asker (document frequencies still count them), and the leg run
// both with its defaults and with one posting a lexeme a round (many
// rounds, every bound and every resolution step used) and with a few.
func TestKeywordRankingEqualsBM25OnRandomMembers(t *testing.T) {
	t.Parallel()
	f := setup(t)
	rng := rand.New(rand.NewPCG(12, 7))
	words := strings.Fields("zebra hippo lion tiger panda koala otter moose bison camel llama yak")
	eve := []string{"person:eve"}
	for i := range 600 {
		n := 1 + rng.IntN(14)
		var ws []string
		for range n {
			// Zipf-like: the first words are common, the last rare
			ws = append(ws, words[min(int(rng.ExpFloat64()*2.5), len(words)-1)])
		}
		aud := []string{"member:gus", "person:eve"}
		if i%3 == 0 {
			aud = []string{"member:gus"}
		}
		f.episode(ep{member: "gus", channel: "c", content: strings.Join(ws, " "), audience: aud, at: t0})
	}
	for qi := range 25 {
		var qw []string
		for range 1 + rng.IntN(4) {
			qw = append(qw, words[rng.IntN(len(words))])
		}
		query := strings.Join(qw, " ")
		var want []string
		rows, err := f.pool.Query(f.ctx, `WITH qw AS (SELECT DISTINCT w, (tsvector_to_array(to_tsvector('english', w)))[1] AS stem
				FROM unnest($1::text[]) AS w),
			lx AS (
				SELECT e.id, e.audience, l.lexeme, greatest(coalesce(cardinality(l.positions), 0), 1)::float8 AS tf
				FROM episodes e LEFT JOIN LATERAL unnest(e.tsv) l ON true WHERE e.member_id = 'gus'),
			dl AS (SELECT id, coalesce(sum(tf), 0) AS dl FROM lx GROUP BY id),
			n AS (SELECT count(*)::float8 AS n, avg(dl) AS avgdl FROM dl),
			cls AS (SELECT DISTINCT array_agg(DISTINCT lx.lexeme ORDER BY lx.lexeme) AS lexemes
				FROM qw JOIN lx ON lx.lexeme = qw.stem OR (length(qw.w) >= 4 AND starts_with(lx.lexeme, qw.stem))
				GROUP BY qw.w),
			ct AS (SELECT lx.id, cls.lexemes, sum(lx.tf) AS tf FROM lx JOIN cls ON lx.lexeme = ANY(cls.lexemes) GROUP BY lx.id, cls.lexemes),
			df AS (SELECT lexemes, count(*)::float8 AS df FROM ct GROUP BY lexemes)
			SELECT ct.id FROM ct JOIN dl USING (id) JOIN df USING (lexemes) CROSS JOIN n
			WHERE ct.id IN (SELECT id FROM episodes WHERE member_id = 'gus' AND 'person:eve' = ANY(audience))
			GROUP BY ct.id
			ORDER BY round(sum(ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5)) * ct.tf * 2.2 / (ct.tf + 1.2 * (0.25 + 0.75 * dl.dl / n.avgdl)))::numeric, 9) DESC, ct.id
			LIMIT $2`, qw, Config{}.WithDefaults().LegLimit) // the leg's depth
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			want = append(want, id)
		}
		rows.Close()
		for _, small := range []int64{0, 1, 8, 40} {
			s := New(f.pool, Config{}, nil, nil)
			if small > 0 {
				s.kwBudget, s.kwChunk = small, small
			}
			q, err := s.prepare(req("gus", "1", query, eve, "c"))
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.keywordLeg(f.ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range res.rows {
				got = append(got, r.ID)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("query %d %q (first round's budget %d, 0: the default; mode %s):\n got %v\nwant %v", qi, query, small, res.mode, got, want)
			}
		}
	}
}
