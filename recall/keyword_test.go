package recall

import (
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
	s := New(f.pool, Config{}, nil, nil)
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
