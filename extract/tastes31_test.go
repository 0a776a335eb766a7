package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession31 holds the preference rules of session 31
// (tastes31.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession31(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// "I love it" of what one said one is doing; not a move or a plan,
		// not another's doing, not "they love it", not denied.
		{"I've been leading the design team since June and I actually love it.", []want{w(me, "likes", "leading the design team")}},
		{"burnout. i'm freelancing now, mostly logos. scary but i love it", []want{w(me, "likes", "freelancing")}},
		{"I'm taking them out for a stroll in the park - they love it.", nil},
		{"I'm helping her paint the fence and I love it.", nil},
		{"I'm freelancing now and I don't love it.", nil},
		{"I'm freelancing now. Do you love it?", nil},
		{"it's hideous and i love it", nil},
		// what a thing does for the speaker as for the listener.
		{"Yeah, nature has that effect on me too.", []want{w(me, "likes", "nature")}},
		{"Swimming does the same for me.", []want{w(me, "likes", "Swimming")}},
		{"It does the same for me.", nil},
		{"Your words have that effect on me.", nil},
		{"Coffee never has that effect on me.", nil},
		// a title or a place called one of one's favourites.
		{`I saw "The Hobbit" on your shelf, one of my favorites.`, []want{w(me, "likes", "The Hobbit")}},
		{`Did you see "The Hobbit" on my shelf, one of my favorites?`, nil},
		{"It's Lisbon! It's one of my favorite cities to explore.", []want{w(me, "likes", "Lisbon")}},
		{"It's Priya! It's one of my favorite photos of her.", nil},
		{"It's Lisbon! Is it one of your favorite cities?", nil},
		// a liking said to be over is left out.
		{"I used to love hiking, but it's been a while.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
