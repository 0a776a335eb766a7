package extract_test

import (
	"testing"
	"time"
)

// TestEventRulesSession30 holds the event rules of session 30
// (events30.go), each beside the near miss it must leave alone.
func TestEventRulesSession30(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A qualification got; a venture of one's own opened or being
		// started, not one ahead.
		{"Got my forklift certificate in July.", []want{ev(me, "completed", "forklift certificate", "")}},
		{"got my level 2 last spring", []want{ev(me, "completed", "level 2", "")}},
		{"I opened my own practice in the old town with a friend.", []want{ev(me, "started", "practice", "")}},
		{"I'm starting a bakery because bread is my thing.", []want{ev(me, "started", "bakery", "")}},
		{"I'm starting a business next year.", []want{fut(me, "plans", "starting a business", "")}},
		// Mend: a place lived in for years is no visit, one two years ago
		// is.
		{"i am in bergen since 2019, before i was in germany five years driving trucks", []want{w(me, "lives_in", "Bergen")}},
		{"I was in Germany two years ago.", []want{ev(me, "visited", "Germany", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
