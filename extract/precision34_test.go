package extract_test

import (
	"testing"
	"time"
)

// TestPrecisionSession34 holds the filters of precision34.go beside the
// near misses they must leave alone.
func TestPrecisionSession34(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Something to do later the same day is no plan.
		{"Perfect, I'll book the Chiado place tonight.", nil},
		{"i'll start looking at funda tonight", nil},
		{"Enjoy! Now I'm gonna order some sushi for tonight.", nil},
		{"I'll go down with a torch tonight.", nil},
		{"I'm going to bake a cake this evening.", nil},
		// Kept: a day ahead, a trip to a place.
		{"I'm going to bake a cake on Saturday.", []want{fut(me, "plans", "bake a cake", "")}},
		{"I'll book the Chiado place next week.", []want{fut(me, "plans", "book the Chiado place", "")}},
		{"We're flying to Lisbon tonight.", []want{fut(me, "travels_to", "Lisbon", "")}},
		{"I'm going to Porto this afternoon.", []want{fut(me, "travels_to", "Porto", "")}},
		{"We're having a family get-together tonight and enjoying some homemade lasagna.", []want{fut(me, "plans", "having a family get-together and enjoying some homemade lasagna", "")}},
		// A time of day or the word "work" is no place of work.
		{"I have a meeting with my boss at 3.", []want{w(me, "manager", "Alice's manager")}},
		{"I work at 9 tomorrow.", nil},
		{"I volunteer at 10 on Saturdays.", nil},
		{"I love my team at work.", []want{w(me, "likes", "team at work")}},
		{"My name is on the list.", nil},
		{"My name's Sofia, nice to meet you.", []want{w(me, "name", "Sofia")}},
		// People met or a one-off gathering is no group joined.
		{"I joined my friends for dinner.", nil},
		{"I joined a Zoom call with my team.", nil},
		{"I joined the fun at the party.", nil},
		{"I joined a rowing club on the Alster in May.", []want{ev(me, "joined", "rowing club on the Alster", "")}},
		{"I joined a hiking group with my friends.", []want{ev(me, "joined", "hiking group", "")}},
		// The speaker's time with the listener is no taste.
		{"I love hanging out with you.", nil},
		{"I really enjoy our chats.", nil},
		{"I love our conversations.", nil},
		{"I love our friendship.", nil},
		{"I love hanging out with my friends.", []want{w(me, "likes", "hanging out with my friends")}},
		// Kept: a place named.
		{"I work at the bakery on Main Street.", []want{w(me, "works_at", "bakery")}},
		{"I volunteer at the food bank on Saturdays.", []want{w(me, "volunteers_at", "food bank")}},
		// A numbered anniversary without "wedding" says no marriage
		// (lead31.go ownAnniversary); a wedding anniversary does.
		{"My partner booked it as a surprise for our 10th anniversary.", []want{w(me, "partner", "Alice's partner")}},
		{"It was our 10th wedding anniversary on Sunday.", []want{ev(me, "married", "married", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
