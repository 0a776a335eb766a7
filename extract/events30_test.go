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
		// A place visited, said by what was done there, stays a one-off
		// outing (general_test.go), as the labelling guide has it.
		{"We went to a jazz night in Lisbon yesterday and met some lovely people.", nil},
		// A stay counted in days; not one ahead.
		{"we spent five days in Dubrovnik, so hot", []want{ev(me, "visited", "Dubrovnik", "")}},
		{"our ten days on Skye were magical", []want{ev(me, "visited", "Skye", "")}},
		{"I'll spend ten days in Rome next year.", []want{fut(me, "plans", "spend ten days in Rome", "")}},
		// An enrolment said sideways; not a wish, not one ahead.
		{"My wife signed me up for a sourdough course.", []want{w(me, "wife", "Alice's wife"), ev(me, "joined", "sourdough course", "")}},
		{"I've already put my name down for the knitting circle at the library.", []want{ev(me, "joined", "knitting circle at the library", "")}},
		{"finally got a membership at the climbing gym", []want{ev(me, "joined", "climbing gym", "")}},
		{"I paid for the tennis club membership for the whole year.", []want{ev(me, "joined", "tennis club", "")}},
		{"also i made the football team at school, first game friday", []want{ev(me, "joined", "football team", "")}},
		{"I want to make the soccer team.", nil},
		{"I'm doing an online course in data science.", []want{ev(me, "joined", "online course in data science", "")}},
		{"I'm doing my nursing diploma next year.", []want{fut(me, "plans", "doing my nursing diploma", ""), w(me, "studies", "nursing")}},
		// A thing taken up after "only", lessons started.
		{"I only started learning Italian in March.", []want{ev(me, "started", "learning Italian", "")}},
		{"I started guitar lessons in the autumn.", []want{ev(me, "started", "guitar lessons", "")}},
		{"I also started taking a pottery classes few days ago.", []want{ev(me, "started", "pottery classes", "")}},
		{"I started lessons in May and I'm hopeless.", nil},
		// A marriage said by its day, or with its "I" left out; not one
		// ahead, not a question.
		{"Been crazy busy, got married last weekend!", []want{ev(me, "married", "married", "")}},
		{"im bad at speeches, i cried at my own wedding", []want{ev(me, "married", "married", "")}},
		{"We had a small wedding ceremony last month.", []want{ev(me, "married", "married", "")}},
		{"Were you at my wedding?", nil},
		{"My sister got married last weekend.", []want{w(me, "sister", "Alice's sister")}},
		// A medal, a trophy, a grant; a promotion bumped up.
		{"I FINISHED. 5 hours 10 minutes. Got my silver medal and couldn't walk for days.", []want{ev(me, "won", "silver medal", "")}},
		{"We got a grant to do a project with the city orchestra.", []want{ev(me, "won", "grant", "")}},
		{"I got an award nomination, can you believe it!", nil},
		{"My daughter got a medal at the gala.", []want{w(me, "daughter", "Alice's daughter")}},
		{"ok good. got bumped to team lead at the cafe", []want{ev(me, "promoted", "team lead", "")}},
		// An enrolment whose object is a date is none.
		{"they run bat walks in summer, I've signed us up for june", nil},
		// A qualification got; a venture of one's own opened or being
		// started, not one ahead; a job loss said by what it did.
		{"Got my forklift certificate in July.", []want{ev(me, "completed", "forklift certificate", "")}},
		{"got my level 2 last spring", []want{ev(me, "completed", "level 2", "")}},
		{"I opened my own practice in the old town with a friend.", []want{ev(me, "started", "practice", "")}},
		{"I'm starting a bakery because bread is my thing.", []want{ev(me, "started", "bakery", "")}},
		{"I'm starting a business next year.", []want{fut(me, "plans", "starting a business", "")}},
		{"Losing my job gave me the push to go freelance.", []want{ev(me, "lost_job", "job", "")}},
		// Mend: a place lived in for years is no visit, one two years ago
		// is.
		{"i am in bergen since 2019, before i was in germany five years driving trucks", []want{w(me, "lives_in", "Bergen")}},
		{"I was in Germany two years ago.", []want{ev(me, "visited", "Germany", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
