package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession27 holds the plan rules of session 27 (plans27.go),
// each beside the near miss it must leave alone.
func TestPlanRulesSession27(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Getting ready, training or rehearsing for an occasion: a plan.
		{"I've been busy getting ready for a yoga retreat with some buddies.", []want{fut(me, "plans", "yoga retreat with some buddies", "")}},
		{"I'm busy at the shelter getting ready for a fundraiser next week.", []want{fut(me, "plans", "a fundraiser", "2026-03-11")}},
		{"Yeah, I've just been practicing for my next chess tournament.", []want{fut(me, "plans", "next chess tournament", "")}},
		{"She is getting ready for her wedding.", nil},
		{"I'm getting ready for bed.", nil},
		// A search for work, a home or a pet of one's own: a plan.
		{"I'm currently on the hunt for a new job, which hasn't been easy.", []want{fut(me, "plans", "new job", "")}},
		{"I'm looking for a place near a park, so the dog can run.", []want{fut(me, "plans", "place near a park", "")}},
		{"I'm looking for a place to eat.", nil},
		{"I'm not looking for a new job.", nil},
		{"Are you looking for a new job?", nil},
		// A line of work or a course weighed: a plan.
		{"I'm considering a career in nursing.", []want{fut(me, "plans", "career in nursing", "")}},
		{"I'm looking at a dispatcher job with Northcott.", []want{fut(me, "plans", "dispatcher job with Northcott", "")}},
		{"I'm looking at a photo of my nan.", []want{w(me, "grandmother", "Alice's grandmother")}},
		// An occasion of one's own said with its date and no verb.
		{"Then the ICES conference in Lisbon, 22–25 Oct.", []want{fut(me, "plans", "ICES conference", "2026-10-25")}},
		{"Exams in June.", []want{fut(me, "plans", "Exams", "2026-06-01")}},
		{"Panto rehearsals start in three weeks.", []want{fut(me, "plans", "Panto rehearsals", "2026-03-25")}},
		{"Defence is in May.", []want{fut(me, "plans", "Defence", "2026-05-01")}},
		{"We talk tomorrow.", nil},
		{"She visits in April.", nil},
		{"Rain in June.", nil},
		{"I'm going into surgery tomorrow.", nil},
		// A job won that begins on a date ahead: a plan, no job begun.
		{"Big news: I got the job at Shopify!! Start January 6", []want{fut(me, "plans", "job at Shopify", "")}},
		{"I got a job as a curriculum developer. I start in January", []want{fut(me, "plans", "job as a curriculum developer", "")}},
		{"I got a job at the campus cinema.", []want{w(me, "works_at", "campus cinema"), {s: me, p: "started_job", c: "campus cinema", kind: "experience", pol: "positive"}}},
		// A place won on a course or an internship: a plan.
		{"I just got accepted for a fashion internship!", []want{fut(me, "plans", "fashion internship", "")}},
		{"I got into the agronomy program.", []want{fut(me, "plans", "agronomy program", "")}},
		{"I got into the car.", nil},
		// An occasion awaited, plans made for one, a release awaited.
		{"Cool, can't wait for the tour with Frank!", []want{fut(me, "plans", "tour with Frank", "")}},
		{"Can't wait for the trip!", nil},
		{"I have plans for a hike next month.", []want{fut(me, "plans", "a hike", "2026-04-01")}},
		{"I have plans for the money.", nil},
		{"There's a new fantasy TV series coming out next month - can't wait!", []want{fut(me, "plans", "new fantasy TV series", "")}},
		{"There's a new phone coming out next month, apparently.", nil},
		// A range of days with an en dash stays one date in one clause.
		{"I have a conference in Singapore 12–15 May.", []want{fut(me, "plans", "conference", "2026-05-15")}},
		{"We won 3–2 in May.", nil},
		// A place taken in a one-off event is joined and a plan; a class only joined.
		{"I just signed up for the Tallinn marathon again.", []want{{s: me, p: "joined", c: "Tallinn marathon", kind: "experience", pol: "positive"},
			fut(me, "plans", "Tallinn marathon", "")}},
		{"I signed up for a pottery class.", []want{{s: me, p: "joined", c: "pottery class", kind: "experience", pol: "positive"}}},
		{"I entered a local tournament and took second place.", []want{ev(me, "joined", "local tournament", ""), {s: me, p: "won", c: "second place in the tournament", kind: "experience", pol: "positive"}}},
		// Saving for a thing is written as the saving, as the labelled sets write it.
		{"I'm saving for a deposit on a flat.", []want{fut(me, "plans", "save for a deposit on a flat", "")}},
		{"I'm saving for it.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
