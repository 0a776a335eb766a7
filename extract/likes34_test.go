package extract_test

import (
	"testing"
	"time"
)

// TestLikeRulesSession34 holds the preference rules of likes34.go, each
// group beside the near misses it must leave alone.
func TestLikeRulesSession34(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// a thing named just before, loved for a quality of its own; not
		// the listener's love, a past or wished love, people of the
		// speaker's, a friend's work or style, a thing named in the
		// singular.
		{"That picture is from MinaLima. They created all the props for the films, and I love their work.", []want{w(me, "likes", "MinaLima")}},
		{"My other dream is working on classic cars. I love their design and engineering.", []want{w(me, "likes", "classic cars")}},
		{"And LeBron is the man - love his skills and leadership.", []want{w(me, "likes", "LeBron")}},
		{"You love their work, right?", nil},
		{"I used to love their music. I stopped listening after college.", nil},
		{"I'd love their help with the move.", nil},
		{"Jon is amazing, I love his work.", nil},
		{"Mel is my best friend and I love her voice.", []want{w(me, "friend", "Mel")}},
		{"She is great - I love her voice.", nil},
		{"I had lunch with my cousins. I love their music.", []want{w(me, "cousin", "Alice's cousins")}},
		{"We talked about the new phones. I love its design.", nil},
		// a pastime or a titled work that is worth it; not it, an effort,
		// a wait, a trip, a gerund of advice, a person of the speaker's.
		{"It can be tough, but aerial yoga is totally worth it.", []want{w(me, "likes", "aerial yoga")}},
		{`Glad you liked it! "The Alchemist" is worth it.`, []want{w(me, "likes", "The Alchemist")}},
		{"It's totally worth it.", nil},
		{"All that hard work is worth it.", nil},
		{"The wait is worth it.", nil},
		{"The trip is worth it, trust me.", nil},
		{"Stepping out of your comfort zone is worth it.", nil},
		{"Yoga is not worth it.", nil},
		{"Is yoga worth it?", nil},
		{"My therapist is worth it.", nil},
		{"The new app is worth it.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
