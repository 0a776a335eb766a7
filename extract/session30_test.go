package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession30 holds the lead's mends of session 30
// (BENCHMARKS.md, "Chat rules, session 30"), each beside the near miss it
// must leave alone.
func TestChatRulesSession30(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A writer who leaves "i" or the first letter in lower case has
		// places and names restored though they capitalise one name
		// (patterns.go restoreCase, lowerWriter).
		{"i live in berlin and my sister Ana works at Siemens", []want{w(me, "lives_in", "Berlin"), w(me, "sister", "Ana"), w("Ana", "works_at", "Siemens")}},
		{"moved to lisbon last year with my partner Tiago", []want{w(me, "lives_in", "Lisbon"), {s: me, p: "moved", c: "Lisbon", kind: "experience", pol: "positive"}, w(me, "partner", "Tiago")}},
		{"I live in Berlin and my sister Ana works at Siemens", []want{w(me, "lives_in", "Berlin"), w(me, "sister", "Ana"), w("Ana", "works_at", "Siemens")}},
		// A second state after "I'm … and" with no "I'm" of its own
		// (lead30.go elideIm); an adjective before a noun is no state.
		{"I'm vegetarian and allergic to peanuts", []want{w(me, "diet", "vegetarian"), w(me, "allergic_to", "peanuts")}},
		{"I'm 34 and from Ohio", []want{w(me, "age", "34"), w(me, "from", "Ohio")}},
		{"i'm 29 and living in leeds", []want{w(me, "age", "29"), w(me, "lives_in", "Leeds")}},
		{"I'm happy for you and married couples everywhere", nil},
		// Chat's last word is no part of a claim (lead30.go trimChatTail).
		{"i'm allergic to shellfish btw", []want{w(me, "allergic_to", "shellfish")}},
		{"I hate big-city chaos anyway", []want{w(me, "dislikes", "big-city chaos")}},
		// A shop or someone's home gone to is no trip (lead30.go
		// shopTrips); a place the gazetteer knows is one.
		{"we're heading to Trader Joe's after work", nil},
		{"I'm going to Walmart to get some snacks", nil},
		{"going to Mark's tonight for pizza", nil},
		{"I'm going to Lisbon next week", []want{{s: me, p: "travels_to", c: "Lisbon", kind: "foresight", pol: "positive"}}},
		// "mad about" what happened is anger (lead30.go angryNotFond);
		// about a kind of thing or a name, a passion.
		{"Dana is mad about the delay", nil},
		{"Benedetta is mad about castles", []want{w("Benedetta", "likes", "castles")}},
		{"Dana is mad about the Beatles", []want{w("Dana", "likes", "Beatles")}},
		// A job named as the reason of a move (lead30.go): the speaker's
		// employer, and a new job begun; not another's job.
		{"moved here for a new job at Shopify", []want{w(me, "works_at", "Shopify"), {s: me, p: "started_job", c: "Shopify", kind: "experience", pol: "positive"}}},
		{"we moved to Denver for my husband's job at Lockheed", []want{w(me, "husband", "Alice's husband"), w(me, "lives_in", "Denver"), {s: me, p: "moved", c: "Denver", kind: "experience", pol: "positive"}}},
		{"I might move to Austin for a job at Dell", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
