package extract_test

import (
	"testing"
	"time"
)

// TestTripRulesSession30 holds the trip rules of plans30.go: a stay ahead
// said by where one will be, a journey said by its verb after a
// first-person subject, by its tickets or by a dated trip, beside the near
// misses they must leave alone.
func TestTripRulesSession30(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A stay ahead: "be in", or "in" with its end or start.
		{"We will be in Tenby from the 3rd to the 9th.", []want{fut(me, "travels_to", "Tenby", "")}},
		{"heads up, I'll be at my gran's in Galway over Easter", []want{w(me, "grandmother", "Alice's grandmother"), fut(me, "travels_to", "Galway", "")}},
		// Not: a stay denied, a state, no place.
		{"I won't be in Berlin next week.", nil},
		{"I'll be in touch.", nil},
		{"I'll be in the office tomorrow.", nil},
		{"I'm in bed until noon lol", nil},
		// A journey after a first-person subject.
		{"we r coming to italy in august", []want{fut(me, "travels_to", "italy", "")}},
		{"I'll take the train up to Aberdeen for a day.", []want{fut(me, "travels_to", "Aberdeen", "")}},
		{"Next week we go to Montreal for three weeks.", []want{fut(me, "travels_to", "Montreal", "")}},
		{"we're away over Christmas, off to Chennai for a week", []want{fut(me, "travels_to", "Chennai", "")}},
		// Not a habit, a condition, a question, a wish.
		{"Every summer we go to Tenby.", nil},
		{"If I get the bonus I will fly to Lapland.", nil},
		{"Are you coming to Leeds in June?", nil},
		{"I would be in Oslo next week if the strike ends.", nil},
		// Tickets and a dated trip.
		{"booked my flights to Halifax!!", []want{fut(me, "travels_to", "Halifax", "")}},
		{"solo trip to Morocco in October, 10 days.", []want{fut(me, "travels_to", "Morocco", "")}},
		// Not one past, nor another's.
		{"My trip to Morocco in October was the best.", nil},
		{"How was your trip to Morocco?", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
