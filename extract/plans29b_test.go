package extract_test

import (
	"testing"
	"time"
)

// TestTripRulesSession29b holds the trip rules of plans29b.go: a trip said
// in a plan's frame with its place after a comma or a colon, or by its
// length in a place, beside the near misses they must leave alone.
func TestTripRulesSession29b(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A trip planned, its place after a comma or a colon.
		{"We're planning our first big holiday abroad, Lisbon in June.", []want{fut(me, "travels_to", "Lisbon", "")}},
		{"we're finally doing our big trip: Peru, three weeks in October.", []want{fut(me, "travels_to", "Peru", "")}},
		{"I'm planning a trip for the long weekend, Vienna in May.", []want{fut(me, "travels_to", "Vienna", "")}},
		// A trip said by its length in a place.
		{"I need help planning 10 days in Portugal in September.", []want{fut(me, "travels_to", "Portugal", "")}},
		{"Could you help me plan two weeks in Vietnam?", nil},
		// Not: no place after the comma, a person after it, a trip taken.
		{"We're planning a trip, Sarah and I.", []want{fut(me, "plans", "a trip", "")}},
		{"We took our big trip, Japan was amazing.", nil},
		{"We're not planning a holiday, Spain is too hot.", nil},
		// A course signed up for, said to be still to come: a plan too.
		{"I signed up for a watercolour course. Can't wait to start!", []want{ev(me, "joined", "watercolour course", ""), fut(me, "plans", "watercolour course", "")}},
		{"We signed up for a salsa class, it starts on Friday.", []want{ev(me, "joined", "salsa class", ""), fut(me, "plans", "salsa class", "")}},
		// Not one running, done, or signed up for by another.
		{"I signed up for a cooking class. It's been great, can't wait for the next one.", []want{ev(me, "joined", "cooking class", "")}},
		{"I signed up for a pottery class last month, can't wait to show you.", []want{ev(me, "joined", "pottery class", "")}},
		{"She signed up for a yoga course, can't wait to hear about it.", nil},
		// A family occasion ahead, with its place.
		{"I'm off next Friday for my cousin's wedding in Kisumu.", []want{w(me, "cousin", "Alice's cousin"), fut(me, "travels_to", "Kisumu", "")}},
		// Not one past, nor without a date ahead.
		{"I played at my cousin's wedding in Kisumu last year.", []want{w(me, "cousin", "Alice's cousin")}},
		{"The wedding in Kisumu was lovely.", nil},
		// A journey said by a bare gerund after a comma, the speaker's.
		{"signing off till Monday, going home to Kumasi to see my gran", []want{w(me, "from", "Kumasi"), fut(me, "travels_to", "Kumasi", ""), w(me, "grandmother", "Alice's grandmother")}},
		{"I'm in Lyon on the 18th for one night, flying to Lisbon on the 19th", []want{fut(me, "travels_to", "Lyon", ""), fut(me, "travels_to", "Lisbon", "")}},
		// Not another's, one past, or an idea weighed.
		{"My sister is in Rome, flying to Paris next week.", []want{w(me, "sister", "Alice's sister")}},
		{"We had a great time last year, flying to Paris for the weekend.", nil},
		{"Sure, going to Paris is a good idea.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
