package extract_test

import (
	"testing"
	"time"
)

// TestEventWorkHomeRulesSession28 holds the event, work and home rules of
// session 28 (events28.go), each beside the near miss it must leave alone.
func TestEventWorkHomeRulesSession28(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	exneg := func(s, p, c string) want { return want{s: s, p: p, c: c, kind: "experience", pol: "negative"} }
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A group quit or left: a membership ended. Not a night out ended,
		// not a habit quit.
		{"I quit the choir.", []want{exneg(me, "joined", "choir")}},
		{"and i quit the gym btw so it's all yours again", []want{exneg(me, "joined", "gym")}},
		{"I left the club in November, my knee said non.", []want{exneg(me, "joined", "club")}},
		{"I left the club at 2am.", nil},
		{"I quit smoking last year.", nil},
		// A retirement said as a state, or without its "I"; not a retired
		// greyhound or someone else's.
		{"Retired since 2019, and I don't miss the night shifts one bit.", []want{ev(me, "retired", "retired", "")}},
		{"I was captain for 22 years, retired in 2019.", []want{ev(me, "retired", "retired", ""), neg(me, "job_title", "captain")}},
		{"We are both retired.", []want{ev(me, "retired", "retired", "")}},
		{"Now I am pensioner, I have only time for my trees.", []want{ev(me, "retired", "pensioner", "")}},
		{"My dad, now retired, plays golf.", []want{w(me, "father", "Alice's father")}},
		{"Every morning I walk with two other retired headmasters.", nil},
		// The retirement is from where the turn says the years were spent.
		{"I finally retired in January after thirty one years with the Hawaii Fire Department.",
			[]want{ev(me, "retired", "Hawaii Fire Department", ""), neg(me, "works_at", "Hawaii Fire Department")}},
		// A divorce, a marriage said as a state, no marriage; not divorced
		// parents, not "not married yet".
		{"I've been divorced since 2020.", []want{exneg(me, "married", "divorced")}},
		{"I'm three years out from my divorce.", []want{exneg(me, "married", "divorce")}},
		{"I'm a child of divorced parents.", nil},
		{"We are married!!!", []want{ev(me, "married", "married", "")}},
		{"We're not married and not planning to get married just for a visa.", []want{exneg(me, "married", "married")}},
		{"We're not married yet.", nil},
		// A child born; not a son arrived home.
		{"my daughter was born in november so sundays are now for nappies", []want{w(me, "daughter", "Alice's daughter"), ev(me, "had_child", "daughter", "")}},
		{"Our son Makana arrived December 29th, 7 pounds.", []want{w(me, "son", "Makana"), ev(me, "had_child", "Makana", "")}},
		{"My son arrived home late last night.", []want{w(me, "son", "Alice's son")}},
		{"My sister's son was born in May.", []want{w(me, "sister", "Alice's sister")}},
		// A job lost by another's doing; not a brother's.
		{"Paystack let me go last year, I'm at Moniepoint now", []want{ev(me, "lost_job", "Paystack", ""), neg(me, "works_at", "Paystack")}},
		{"54, laid off from a bank in Dublin last autumn.", []want{ev(me, "lost_job", "bank", ""), neg(me, "works_at", "bank")}},
		{"My brother was laid off last week.", []want{w(me, "brother", "Alice's brother")}},
		// Moves: from a place (a home left), from one to another, with a
		// direction, into a place in a town, out of a place; not "moved in
		// together", not a move ahead.
		{"I moved here from Ljubljana in January.", []want{neg(me, "lives_in", "Ljubljana")}},
		{"I moved house in May, from Foleshill to Earlsdon.", []want{w(me, "lives_in", "Earlsdon"), ev(me, "moved", "Earlsdon", ""), neg(me, "lives_in", "Foleshill")}},
		{"I moved from finance to the IT side in 2023.", nil},
		{"I moved up to Nairn three years ago.", []want{w(me, "lives_in", "Nairn"), ev(me, "moved", "Nairn", "")}},
		{"We moved into a bigger place in Sunnyside last month.", []want{w(me, "lives_in", "Sunnyside"), ev(me, "moved", "Sunnyside", "")}},
		{"I moved out of Grünerløkka in october.", []want{neg(me, "lives_in", "Grünerløkka")}},
		{"We're moving from Bergen to Tromsø this summer.", []want{fut(me, "plans", "moving from Bergen to Tromsø", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
