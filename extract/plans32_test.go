package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession32 holds the plan rules of plans32.go: a time away
// said as a notice with its place and occasion, an occasion one is
// "doing", a plan thought of, a step ahead in the present simple and a
// job won and named, beside the near misses they must leave alone.
func TestPlanRulesSession32(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A time away: its place and its occasion.
		{"on that note, I'm away 9-20 June at the Gordon conference in New Hampshire, if anyone needs my slots let me know",
			[]want{fut(me, "travels_to", "New Hampshire", "2026-06-20"), fut(me, "plans", "Gordon conference", "")}},
		{"also reminder I'm out Thu-Fri, the team offsite in Kisumu", []want{fut(me, "travels_to", "Kisumu", "")}},
		{"I'm away next weekend for a wedding in Cork.", []want{fut(me, "travels_to", "Cork", "")}},
		{"Leave from 3 November to 17 November, for the festival in Ludhiana.", []want{fut(me, "travels_to", "Ludhiana", "")}},
		{"Are you coming home for Christmas? I'm at my parents' in Partille from the 20th.", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother"), fut(me, "travels_to", "Partille", "")}},
		// Not: no date, a night out, past, denied, a journey the trip rules read.
		{"I'm at my mum's in Leeds right now.", []want{w(me, "mother", "Alice's mother")}},
		{"Horizontal rain, as per. I'm out in Salthill so I get it straight off the sea", nil},
		{"I'm out tonight with friends in Leeds.", nil},
		{"I was away last week in Paris.", nil},
		{"I'm not away next week, staying in Leeds.", nil},
		{"Are you away next week in Paris?", nil},
		{"I start at 9 tomorrow.", nil},
		// An occasion one is doing.
		{"also lavinia and i r doing the temple thing in june finally", []want{fut(me, "plans", "temple thing", "2026-06-01")}},
		{"We're doing the shoot in Miami and picked an awesome beach.", []want{fut(me, "plans", "shoot in Miami", "")}},
		// Not: studies under way, a manner of speaking, a trip.
		{"im doing my phd in pharmacology at charité so i also have no life lol", []want{w(me, "studies", "pharmacology")}},
		{"It's still a work in progress, but I'm doing my best.", nil},
		{"ok matteo is calling me for dinner, we're doing the detox week", nil},
		// A plan thought of, with any verb.
		{"I'm thinking of doing a pastry course in Budapest, daytime job, better for the body.", []want{fut(me, "plans", "doing a pastry course in Budapest", "")}},
		{"We're seriously thinking about switching Efua to Pickering Swim Club.", []want{fut(me, "plans", "switching Efua to Pickering Swim Club", "")}},
		// Not: vague, a question, a condition, denied, no plan.
		{"I'm thinking of setting up something like this for my kids soon.", []want{w(me, "child", "Alice's children")}},
		{"I'm thinking of ordering some too, what do you think, are they worth it?", nil},
		{"we're thinking of coming in october if Kenji can handle the flight.", nil},
		{"Thinking about taking a trip somewhere to relax and recharge afterward.", nil},
		{"I'm not thinking of leaving.", nil},
		{"I'm thinking about you.", nil},
		// A step ahead in the present simple with its date.
		{"11 months. I go back to work at the hospital in May so the timing is perfect", []want{fut(me, "plans", "go back to work at the hospital", "2026-05-01")}},
		{"he's on paternity leave till july, then I go back to the lab in september, part time", []want{fut(me, "plans", "go back to the lab", "2026-09-01")}},
		{"We start seeding canola next week if the wind behaves.", []want{fut(me, "plans", "start seeding canola", "")}},
		// Not: a habit, the job named elsewhere, a condition, a question, past.
		{"Every year we move in August.", nil},
		{"I start in September.", nil},
		{"I defend in December and I'm still rewriting the lit review", nil},
		{"If I get it I start in May.", nil},
		{"Do you start in May?", nil},
		{"I started at the CHUM on the 12th.", nil},
		// A job won and named, with no start said.
		{"Lena. Big news. I got the Rotterdam job.", []want{fut(me, "plans", "Rotterdam job", "")}},
		{"Guess who got the Islay job", []want{fut(me, "plans", "Islay job", "")}},
		{"I got the job in Calgary!", []want{fut(me, "plans", "job in Calgary", "")}},
		// Not: named nothing, got back, got in the past, someone else's.
		{"i got the job", []want{{s: me, p: "started_job", c: "job", kind: "experience", pol: "positive"}}},
		{"I got the same job back.", nil},
		{"He got the Rotterdam job.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
