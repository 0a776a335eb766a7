package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession27 holds the rules and mends of session 27
// (BENCHMARKS.md, "Chat rules, session 27"), each beside the near miss it
// must leave alone.
func TestChatRulesSession27(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	started := func(c string) want { return want{s: me, p: "started", c: c, kind: "experience", pol: "positive"} }
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Eagerness with more words than "excited": a plan.
		{"I'm stoked to start my new job next week.", []want{fut(me, "plans", "start my new job", "2026-03-11")}},
		{"I'm pumped to try surfing this summer.", []want{fut(me, "plans", "try surfing", "2026-06-01")}},
		{"I'm looking to buy a house next year.", []want{fut(me, "plans", "buy a house", "2027-01-01")}},
		{"I'm looking at the menu.", nil},
		// "It" praised in the clause after the one that named a pastime: the pastime is liked.
		{"I took up knitting last winter. I love it!", []want{started("knitting"), w(me, "likes", "knitting")}},
		{"I started playing acoustic guitar about five years ago; it's been a great way to express myself.",
			[]want{started("playing acoustic guitar"), w(me, "likes", "playing acoustic guitar")}},
		{"Pottery is so relaxing, it really helps me unwind.", []want{w(me, "likes", "pottery")}},
		{"I bought a new bike. I love it!", []want{{s: me, p: "owns", c: "bike", kind: "world", pol: "positive"}}},
		{"We went to the fair. I loved it!", nil},
		{"I started knitting. My sister loves it!", []want{started("knitting"), w(me, "sister", "Alice's sister")}},
		{"I started journaling in January. I'm really enjoying it so far!", []want{started("journaling"), w(me, "likes", "journaling")}},
		// Tastes said by what the pastime is to the speaker (tastes.go).
		{"Spider-Man has always been a favorite of mine.", []want{w(me, "likes", "Spider-Man")}},
		{"Contemporary is my top pick.", []want{w(me, "likes", "Contemporary")}},
		{"Cooking is therapy for me.", []want{w(me, "likes", "Cooking")}},
		{"Writing has become an escape for me.", []want{w(me, "likes", "Writing")}},
		{"Hiking has opened up a whole new world for me.", []want{w(me, "likes", "Hiking")}},
		{"Playing video games with my partner is a great way for me to relax.", []want{w(me, "partner", "Alice's partner"), w(me, "likes", "Playing video games")}},
		{"Work is a great way for me to stay busy.", nil},
		{"Therapy is a great way for me to cope.", nil},
		{"I'm trying to juggle studying with my fantasy reading hobby.", []want{w(me, "likes", "fantasy reading")}},
		{"Knitting is my new hobby.", []want{w(me, "likes", "Knitting")}},
		{"I'm kind of a sucker for superhero movies.", []want{w(me, "likes", "superhero movies")}},
		// Events: who came along is no part of what was started; a competition entered is joined;
		// a group one is now part of is joined.
		{"I started a weekend yoga class with a colleague.", []want{started("weekend yoga class")}},
		{"I entered a local tournament last month.", []want{{s: me, p: "joined", c: "local tournament", kind: "experience", pol: "positive"}}},
		{"I entered the room.", nil},
		{"I'm now part of the fire-fighting brigade.", []want{{s: me, p: "joined", c: "fire-fighting brigade", kind: "experience", pol: "positive"}}},
		{"I'm now part of the problem.", nil},
		// Work: an employer after "for" beside a job, the trade's verb for a named employer, a post
		// taken, "instead" no part of a claim, and an organisation's name that goes on with "of".
		{"I'm a truck driver for Maple Leaf Freight.", []want{w(me, "job_title", "truck driver"), w(me, "works_at", "Maple Leaf Freight")}},
		{"I've been a nurse for 20 years.", []want{w(me, "job_title", "nurse")}},
		{"I drive for Uber.", []want{w(me, "works_at", "Uber")}},
		{"I drove for Lyft in 2019.", []want{{s: me, p: "works_at", c: "Lyft", kind: "world", pol: "negative", from: "2019-01-01"}}},
		{"I cook for my family.", nil},
		{"I took a postdoc at the University of Arizona.", []want{w(me, "works_at", "University of Arizona")}},
		{"I got a job at the campus cinema instead.", []want{w(me, "works_at", "campus cinema"), {s: me, p: "started_job", c: "campus cinema", kind: "experience", pol: "positive"}}},
		{"I got an internship at a studio in Wrocław for the summer.", nil},
		{"I work at Bank of America.", []want{w(me, "works_at", "Bank of America")}},
		// Homes: "been in X" for years without the "have" or the "I"; an invitation to visit the speaker there.
		{"originally from Rosario, been in Tallinn for 3 years.", []want{w(me, "from", "Rosario"), w(me, "lives_in", "Tallinn")}},
		{"I been in Berlin since 2010.", []want{w(me, "lives_in", "Berlin")}},
		{"I've been in Paris for a week, flying home tomorrow.", nil},
		{"now you can come visit me in Houston", []want{w(me, "lives_in", "Houston")}},
		{"You have to come to Skye.", nil},
		{"If you come to Nagoya I can show you the castle.", nil},
		// A parent addressed opening the turn or closing a sentence is the speaker's; not after thanks, not in the third person.
		{"Mum, Ruth and I thought we'd drive down on the 8th.", []want{w(me, "mother", "Alice's mother")}},
		{"Daddy you are the best.", []want{w(me, "father", "Alice's father")}},
		{"Freeze two of them, Mum.", []want{w(me, "mother", "Alice's mother")}},
		{"Thanks mom, love you", nil},
		{"Papá is stubborn.", nil},
		{"Your mom is hilarious.", nil},
		// A move said in the present is one ahead: no home yet, no move made.
		{"We move to Canoas in December.", []want{fut(me, "lives_in", "Canoas", "2026-12-01"), fut(me, "plans", "move to Canoas", "2026-12-01")}},
		{"We moved to Canoas in 2019.", []want{{s: me, p: "lives_in", c: "Canoas", kind: "world", pol: "positive", from: "2019-01-01"},
			{s: me, p: "moved", c: "Canoas", kind: "experience", pol: "positive", from: "2019-01-01"}}},
		{"We didn't move to Canoas.", []want{neg(me, "lives_in", "Canoas")}},
		// A schedule in the present with a date ahead is a plan, as a progressive is.
		{"I start my new job on Monday.", []want{fut(me, "plans", "start my new job", "2026-03-09")}},
		{"Then we fly out to Oslo on Friday.", []want{fut(me, "travels_to", "Oslo", "")}},
		{"I start my day with coffee.", nil},
		{"I started my new job on Monday.", []want{{s: me, p: "started_job", c: "job", kind: "experience", pol: "positive"}}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
