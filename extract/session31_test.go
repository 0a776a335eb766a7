package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession31 holds the lead's mends of session 31
// (BENCHMARKS.md, "Chat rules, session 31"), each beside the near miss it
// must leave alone.
func TestChatRulesSession31(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	moved := func(c string) want { return want{s: me, p: "moved", c: c, kind: "experience", pol: "positive"} }
	for _, tc := range []struct {
		text string
		want []want
	}{
		// "she" is not "my brother Tomas" (patterns.go pronounFits, used
		// where a pronoun stands for the one relative named).
		{"my brother Tomas is in Oslo, she's a nurse", []want{w(me, "brother", "Tomas"), w("Tomas", "lives_in", "Oslo")}},
		{"my sister Ana lives in Lisbon, she's a nurse", []want{w(me, "sister", "Ana"), w("Ana", "lives_in", "Lisbon"), w("Ana", "job_title", "nurse")}},
		{"My brother Tomas lives in Oslo. She works at a bakery.", []want{w(me, "brother", "Tomas"), w("Tomas", "lives_in", "Oslo")}},
		{"My brother Tomas lives in Oslo. He works at Equinor.", []want{w(me, "brother", "Tomas"), w("Tomas", "lives_in", "Oslo"), w("Tomas", "works_at", "Equinor")}},
		// A move whose reason is denied is still a move (lead31.go
		// moveReasonDenied); a move denied is none.
		{"I didn't move to Berlin for a job, I moved for love", []want{w(me, "lives_in", "Berlin"), moved("Berlin")}},
		{"we didn't move to Lisbon just because of the weather", []want{w(me, "lives_in", "Lisbon"), moved("Lisbon")}},
		{"We didn't move to Canoas.", []want{neg(me, "lives_in", "Canoas")}},
		{"I never moved to Paris to study", []want{neg(me, "lives_in", "Paris")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
