package recall

import (
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

// MaxScore's rounds give exactly the ranking of a BM25 computed in SQL over
// the member's tsv, also when the first round reads one lexeme's postings
// only and the others must be read in later rounds.
func TestKeywordMaxScoreRoundsAreExact(t *testing.T) {
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
