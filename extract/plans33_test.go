package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession33 holds the plan rules of plans33.go: a named
// person's wish to do something, beside the near misses it must leave
// alone.
func TestPlanRulesSession33(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A named person's wish, with the name or a "he"/"she" after it.
		{"Hélène wants to learn fado.", []want{fut("Hélène", "plans", "learn fado", "")}},
		{"Rocío wants to be a veterinarian now.", []want{fut("Rocío", "plans", "be a veterinarian", "")}},
		{"Full! Renata wants to hire a third physio.", []want{fut("Renata", "plans", "hire a third physio", "")}},
		{"Tomasz will come in summer, he wants to find work with the theatres in Bristol.", []want{fut("Tomasz", "plans", "find work with the theatres in Bristol", "")}},
		{"Pietro says he wants to be a geologist now", []want{fut("Pietro", "plans", "be a geologist", "")}},
		{"Vira is 11. She wants to be an architect, always drawing houses.", []want{w("Vira", "age", "11"), fut("Vira", "plans", "be an architect", "")}},
		{"Amara wants to see the Gardens by the Bay light show and the orchids", []want{fut("Amara", "plans", "see the Gardens by the Bay light show", "")}},
		// Not: no one named, a verb of no plan, "be" with no occupation,
		// vague, a question, a condition, negated.
		{"Mine is 14. He wants to be an actual lawyer now.", nil},
		{"yeah he just bought a boat, he wants to take us out when it gets warmer.", nil},
		{"Amma wants to know who is coming for Avurudu.", nil},
		{"Losa wants to keep going over winter.", nil},
		{"Amaro wants to be a garbage truck.", nil},
		{"Pilar wants to move there now.", nil},
		{"Does Pilar want to move to Porto?", nil},
		{"Who wants to start?", nil},
		{"If Maria wants to join the club she can.", nil},
		{"Tom doesn't want to move to Leeds.", nil},
		{"Tom never wants to move to Leeds.", nil},
		{"Anna and Tom are here, she wants to learn Spanish.", nil},
		{"I want to learn fado.", []want{fut(me, "plans", "learn fado", "")}},
		// A place of work or study with its start ahead.
		{"after 14 months I start on Monday at a logistics firm in Modena.", []want{fut(me, "plans", "logistics firm in Modena", "2026-03-09")}},
		{"thanks!! starting at Deltares in February, 3 days a week.", []want{fut(me, "plans", "Deltares", "2027-02-01")}},
		{"A postdoc in Lisbon, starting in October.", []want{fut(me, "plans", "postdoc in Lisbon", "2026-10-01")}},
		{"my contract at TU starts in october and nobody has replied", []want{fut(me, "plans", "contract at TU", "2026-10-01")}},
		// Not: a time of day, a habit, the past, someone else's, a question.
		{"I start at 9 tomorrow.", nil},
		{"I started at the CHUM on the 12th.", nil},
		{"He starts on Monday at the bakery.", nil},
		{"Do you start in May at the lab?", nil},
		{"My contract at TU started in October.", nil},
		// A ticket to a place, booked or looked at.
		{"May! We booked the ferry to Cebu for the whole family, May 16.", []want{fut(me, "travels_to", "Cebu", "")}},
		{"We'll be there, I'm already looking at flights to Durban.", []want{fut(me, "travels_to", "Durban", "")}},
		{"I need something to read on the train to Cardiff next week.", []want{fut(me, "travels_to", "Cardiff", "")}},
		// Not: a price, the past, a question, denied.
		{"Flights to Korea are £900 this year.", nil},
		{"Ian proposed to me on the ferry to Arran in 1976.", nil},
		{"Is there a train to Glasgow?", nil},
		{"I didn't get the flights to Lisbon.", nil},
		{"I booked a flight to London for Sam.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
