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
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
