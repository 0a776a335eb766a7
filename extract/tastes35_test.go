package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession35 holds the preference rules of tastes35.go, each
// group beside the near misses it must leave alone.
func TestTasteRulesSession35(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// a work named first, its verb left without an object, and a
		// verdict; not a determiner or a time first, not a verb with an
		// object of its own, not a sentence with no verdict.
		{"Derry Girls I've seen, loved it.", []want{w(me, "likes", "Derry Girls")}},
		{"Middlemarch I read in college, it's wonderful.", []want{w(me, "likes", "Middlemarch")}},
		{"Long novels, yes. Sigrid Undset — Kristin Lavransdatter I have read three times.", []want{w(me, "likes", "Kristin Lavransdatter")}},
		{"Succession I tried, I couldn't stand a single character.", []want{w(me, "dislikes", "Succession")}},
		{"Breaking Bad I watched, hated it.", []want{w(me, "dislikes", "Breaking Bad")}},
		{"This book I read last year, it's wonderful.", nil},
		{"Yesterday I watched, and it was great.", nil},
		{"Derry Girls I've seen the trailer, loved it.", nil},
		{"Derry Girls I've seen, not sure yet.", nil},
		// a liking of learning said with no verb of liking is dropped; not
		// one said as a liking, not learning to play an instrument.
		{"I'm learning German now - tough but fun.", nil},
		{"We've been learning about watercolors in class.", nil},
		{"I love learning about different cultures.", []want{w(me, "likes", "learning about different cultures")}},
		{"I am learning to play the cello!", []want{w(me, "likes", "learning to play the cello")}},
		// a dislike of "a single <thing>" is no dislike of the thing.
		{"Honestly I couldn't stand a single episode.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
