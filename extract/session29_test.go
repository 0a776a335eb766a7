package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession29 holds the lead's rules of session 29
// (BENCHMARKS.md, "Chat rules, session 29"), each beside the near miss it
// must leave alone.
func TestChatRulesSession29(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A relative named in lower case before more verbs than before,
		// "are" only after "and" (patterns.go myNameRE, nameFollow).
		{"me and my brother kofi are driving down from the coast", []want{w(me, "brother", "Kofi")}},
		{"my missus kiri reckons its character building", []want{w(me, "wife", "Kiri")}},
		{"my son lwazi made pancakes for everyone", []want{w(me, "son", "Lwazi")}},
		{"my sister thinks im crazy", []want{w(me, "sister", "Alice's sister")}},
		{"my dad played football for years", []want{w(me, "father", "Alice's father")}},
		{"my brother really are the best", []want{w(me, "brother", "Alice's brother")}},
		// A "not" fragment before the subject is no negation of the
		// clause after it (rules.go fragNegRE); "not that I …" is.
		{"yes but not too early i work at the taquería till 1am tonight", []want{w(me, "works_at", "taquería")}},
		{"not today, i work at the bakery till 6", []want{w(me, "works_at", "bakery")}},
		{"no I dont work at the bakery anymore", []want{neg(me, "works_at", "bakery")}},
		{"no, i never worked at the library", []want{neg(me, "works_at", "library")}},
		{"Not that I work at Google.", []want{neg(me, "works_at", "Google")}},
		// Volunteering as a gerund with no subject of its own (lead29.go);
		// not another's, a wish, or said of anyone.
		{"Been busy volunteering at the homeless shelter and keeping fit.", []want{w(me, "volunteers_at", "homeless shelter")}},
		{"Volunteering at the food bank made me feel useful again.", []want{w(me, "volunteers_at", "food bank")}},
		{"It's been great having people behind me while volunteering at the shelter.", []want{w(me, "volunteers_at", "shelter")}},
		{"I'm doing my part too, volunteering at a homeless shelter.", []want{w(me, "volunteers_at", "homeless shelter")}},
		{"Volunteering at a shelter is a great way to give back.", nil},
		{"Thanks for volunteering at the fair!", nil},
		{"If you know anyone interested in volunteering for the event, let me know.", nil},
		{"You were volunteering at the shelter, right?", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
