package extract_test

import (
	"testing"
	"time"
)

// TestWishRulesSession35 holds the plan rule of wishes35.go: a plan said
// with "gonna" or "planning to" and no date, beside the near misses it
// must leave alone.
func TestWishRulesSession35(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		{"Gonna finish my degree and look at jobs, which is exciting!", []want{fut(me, "plans", "finish my degree", "")}},
		{"I'm gonna talk with local shop owners, get advice and plan the stall.", []want{fut(me, "plans", "talk with local shop owners", "")}},
		{"hate it tbh. gonna quit the choir, no time for it", []want{fut(me, "plans", "quit the choir", "")}},
		// Not: a trip (read elsewhere), a state, a check of one's own
		// diary, a pronoun, a negation, a gerund subject.
		{"I'm going to Kyoto for two weeks!", []want{fut(me, "travels_to", "Kyoto", "")}},
		{"I'm gonna be so tired tomorrow.", nil},
		{"I'm gonna check my schedule and get back to you.", nil},
		{"I'm gonna fix it tonight.", nil},
		{"I'm not gonna paint the fence.", nil},
		{"Going to those places is on my list.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
