package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession28 holds the preference rules and checks of session
// 28 (tastes28.go), each beside the near miss it must leave alone.
func TestTasteRulesSession28(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Likings that are no taste of the speaker's.
		{"The embassy fee went up again. Wonderful. I love paying more every year.", nil},
		{"Oh yes, I LOVE humidity. Houston in August is my happy place. 🙃", nil},
		{"Oh yes, I love hiking!", []want{w(me, "likes", "hiking")}},
		{"My team still thinks I just like loose dresses.", nil},
		{"I just like loose dresses.", []want{w(me, "likes", "loose dresses")}},
		{"Then Njeri is my new favourite person.", nil},
		{"I'm less into big cities.", nil},
		{"We can enjoy nature and have a fun time!", nil},
		{"I can just enjoy my movies and games.", []want{w(me, "likes", "movies"), w(me, "likes", "games")}},
		{"I like the steppe, very quiet, only me and the eagles.", []want{w(me, "likes", "steppe")}},
		{"I sing like a goat.", nil},
		{"I play alone, with the door shut.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
