package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession30 holds the preference rules of session 30
// (tastes30.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession30(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// dropped: the subject left out; not a question, nor a thing
		// pointed at.
		{"not a fan of olives tbh", []want{w(me, "dislikes", "olives")}},
		{"Honestly never been a fan of musicals.", []want{w(me, "dislikes", "musicals")}},
		{"can't get enough of lo-fi beats", []want{w(me, "likes", "lo-fi beats")}},
		{"Still enjoying my evening swims.", []want{w(me, "likes", "evening swims")}},
		{"Always been into vintage synths.", []want{w(me, "likes", "vintage synths")}},
		{"Not a fan of olives?", nil},
		{"can't get enough of this!", nil},
		{"Still enjoying the weather?", nil},
		{"Really loving the view from here.", nil},
		// live for: what one lives for; not a span, a person or "now".
		{"I live for rainy sunday mornings", []want{w(me, "likes", "rainy sunday mornings")}},
		{"I live for now.", nil},
		{"We live for free on the boat now.", nil},
		{"I don't live for karaoke.", nil},
		// nothing better: the thing nothing beats; "no kind better than".
		{"Nothing better than fishing at dawn - pure bliss.", []want{w(me, "likes", "fishing at dawn")}},
		{"there's nothing better than cold noodles on a hot day", []want{w(me, "likes", "cold noodles")}},
		{"There is no band better than Radiohead, fight me.", []want{w(me, "likes", "Radiohead")}},
		{"I've got nothing better to do.", nil},
		{"Nothing better than you guys!", nil},
		// my thing: "has always been my thing".
		{"honestly bouldering has always been my thing", []want{w(me, "likes", "bouldering")}},
		{"It has always been my thing.", nil},
		// allergy hedged.
		{"I'm a little allergic to shellfish, so nothing with prawns.", []want{w(me, "allergic_to", "shellfish")}},
		{"I'm not really allergic to anything.", nil},
		// soothing: a pastime said at length with what it does for one.
		{"Fixing up old radios is definitely therapeutic.", []want{w(me, "likes", "Fixing up old radios")}},
		{"Yeah, sanding down old furniture is so relaxing.", []want{w(me, "likes", "sanding down old furniture")}},
		{"Knowing she's safe is so calming.", nil},
		{"Having you around is really relaxing.", nil},
		{"Long swims really help me relax.", []want{w(me, "likes", "long swims")}},
		{"Evening strolls by the river help me unwind.", []want{w(me, "likes", "Evening strolls")}},
		{"Your messages help me relax.", nil},
		{"These pills help me relax.", nil},
		{"Watching the trains go by really helps me unwind.", []want{w(me, "likes", "Watching the trains go by")}},
		{"Oh totally, and after a long week, baking bread is my therapy.", []want{w(me, "likes", "baking bread")}},
		{"Talking to you really helps me relax.", nil},
		{"Running never helps me relax.", nil},
		{"Long meetings don't help me relax.", nil},
		// my team: a side one follows; not a person or a team one works in.
		{"The Rockets are my team for life!", []want{w(me, "likes", "Rockets")}},
		{"Priya is my team for sure.", nil},
		// sense of, calms my mind, puts me in a mood, turn to.
		{"Sculpting gives me a real sense of freedom.", []want{w(me, "likes", "Sculpting")}},
		{"Birdwatching really calms my mind.", []want{w(me, "likes", "Birdwatching")}},
		{"Being by the sea puts me in a good mood.", []want{w(me, "likes", "Being by the sea")}},
		{"Whenever I'm overwhelmed, I turn to crochet.", []want{w(me, "likes", "crochet")}},
		{"Your voice calms my mind.", nil},
		{"Stretching every morning loosens me up and calms my mind.", nil},
		{"Doing slow stretches relieves stress and calms my mind.", nil},
		{"Watching the trains and the boats really helps me unwind.", []want{w(me, "likes", "Watching the trains and the boats")}},
		{"Knowing you're safe puts me in a good mood.", nil},
		{"When I'm stressed, I turn to you.", nil},
		// mend: "even" left after a taste cut at "if"; how one relaxes made
		// what with.
		{"I like to unwind with a good audiobook.", []want{w(me, "likes", "audiobook")}},
		{"I do like my darts even if I'm rubbish at it.", []want{w(me, "likes", "darts")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
