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
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
