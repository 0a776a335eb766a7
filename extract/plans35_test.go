package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession35 holds the plan rules of plans35.go: something
// joined that names no occasion, money put by for a thing, and a move said
// with no subject, beside the near misses they must leave alone.
func TestPlanRulesSession35(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Something joined: "in for", "count me in for", "down for".
		{"Sure, I'm in for the warm-up jog.", []want{fut(me, "plans", "warm-up jog", "")}},
		{"I'm in for dumplings, always.", []want{fut(me, "plans", "dumplings", "")}},
		{"Count me in for the churros", []want{fut(me, "plans", "churros", "")}},
		{"Yes! I'm down for a hike with you and the kids.", []want{fut(me, "plans", "hike", "")}},
		// Not: a time or a pace, a seat at another's plan, the idiom, a
		// pronoun, a negation, a question.
		{"I'm in for 5:45 pace.", nil},
		{"Count me in for the front row when you play!", nil},
		{"Oh you're in for a treat.", nil},
		{"I'm in for a long night.", nil},
		{"I'm down for whatever.", nil},
		{"I'm all in for those road trips!", nil},
		{"I'm not in for the dumplings.", nil},
		{"Are you in for the dumplings?", nil},
		// Money put by for a thing, with no subject or "trying to".
		{"ugh it cost a fortune. saving for a new laptop", []want{fut(me, "plans", "save for a new laptop", "")}},
		{"Work is fine. Saving for a van.", []want{fut(me, "plans", "save for a van", "")}},
		{"we're trying to save for a house since the rent went up", []want{fut(me, "plans", "save for a house", "")}},
		// Not: what was said before, "this", a question.
		{"saving for the deposit now.", nil},
		{"i want to save for this without going broke", nil},
		{"Saving for a rainy day?", nil},
		// A move with no subject at the head of its sentence.
		{"moving to east london, tiny studio near the park", []want{fut(me, "plans", "moving to east london", "")}},
		{"moving to Ghent end of month. selling the car", []want{fut(me, "plans", "moving to Ghent", "")}},
		// Not: the move as a subject, a place said before, a question.
		{"Moving to the cloud was the best call.", nil},
		{"moving out of it into the box room", nil},
		{"Moving to Ghent?", nil},
		{"Moving to Ghent would be a big step.", nil},
		// A trip in a clause of time, with a date ahead, a season or
		// "someday", even in a question.
		{"My aunt speaks no English and I'd like to talk with her when we visit Portugal in October", []want{w(me, "aunt", "Alice's aunt"), fut(me, "travels_to", "Portugal", "")}},
		{"can you list some day trips for when we go to peru in the spring?", []want{fut(me, "travels_to", "peru", "")}},
		{"ramen is on my list for when i visit japan someday", []want{fut(me, "travels_to", "japan", "")}},
		// Not: a habit, no date, no trip verb, the place not the verb's.
		{"I buy a new hat when we go to Spain every summer.", nil},
		{"Remind me to call when I get to Leeds tomorrow.", nil},
		{"I'm always sleepy when I go to Spain.", nil},
		// The stops of a trip listed after it.
		{"We're finally doing a trip to Japan in April. Osaka, Kyoto, Nara.", []want{fut(me, "plans", "doing a trip to Japan", ""), fut(me, "travels_to", "Osaka", ""), fut(me, "travels_to", "Kyoto", ""), fut(me, "travels_to", "Nara", "")}},
		// Not: a place with words of its own after a place, a place
		// alone, a list with no trip read.
		{"We're flying to Chicago in May. I'm working from Columbus, Ohio.", []want{fut(me, "travels_to", "Chicago", "")}},
		{"We're going to Korea in May. Seoul!! So excited.", []want{fut(me, "travels_to", "Korea", "")}},
		{"Osaka, Kyoto, Nara.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
