package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession32 holds the lead's mends of session 32
// (BENCHMARKS.md, "Chat rules, session 32"), each beside the near miss it
// must leave alone.
func TestChatRulesSession32(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A dash typed against the word before it is a pause (patterns.go
		// clean, gluedDashRE); a hyphen left hanging before "and", "or"
		// or "to" is not.
		{"It has paid off now that I'm an assistant manager- it's like a stepping stone.", []want{w(me, "job_title", "assistant manager")}},
		{"pre- and post-war flats are lovely, I live in Berlin.", []want{w(me, "lives_in", "Berlin")}},
		// A job said with its "I" left out after "still" or "currently"
		// (patterns.go dropIRE, lead31.go dropIAfterEvent); not a gerund
		// that is the subject, nor another's job.
		{"I'm still in Istanbul, still teaching German at the high school.", []want{w(me, "lives_in", "Istanbul"), w(me, "job_title", "German teacher"), w(me, "works_at", "high school")}},
		{"Still working at the bakery, still broke.", []want{w(me, "works_at", "bakery")}},
		{"Currently teaching yoga three times a week.", []want{w(me, "job_title", "yoga teacher")}},
		{"Still teaching kids is the best part of my week.", nil},
		{"Tom is back, still teaching at the school.", nil},
		// A family doctor by chat's short form (rules.go); "ta" is thanks.
		{"I'm a GP in Leeds.", []want{w(me, "job_title", "GP"), w(me, "lives_in", "Leeds")}},
		{"Ta for now", nil},
		// A relative's name that is none (lead32.go notKinName32): an
		// illness named after a person, a name before ", my <kin>
		// <verb>", a name in "my <kin>, <name> and I"; an apposition keeps
		// its name.
		{"My father has moderate Alzheimer's now, so I visit him every weekend.", []want{w(me, "father", "Alice's father")}},
		{"We'll go through Paris with Transat, my brother says it's cheap.", []want{w(me, "brother", "Alice's brother")}},
		{"Dear Prof. Wendtland, my daughter will miss class on Monday.", []want{w(me, "daughter", "Alice's daughter")}},
		{"My girlfriend, Toby and I went to the park.", []want{w(me, "partner", "Alice's partner")}},
		{"My girlfriend, Toby, and I went to the park.", []want{w(me, "partner", "Toby")}},
		{"Tom, my brother, says hi.", []want{w(me, "brother", "Tom")}},
		{"This is Ana, my sister.", []want{w(me, "sister", "Ana")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
