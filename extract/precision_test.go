package extract_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// TestPrecisionRules pins the general rules written against the second
// dev draw and samples of unlabelled chat: each sentence gives exactly the
// facts listed ("predicate claim kind polarity"), none besides.
func TestPrecisionRules(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		text string
		want []string
	}{
		// a possessive mention holds whatever the clause wishes or denies
		{"I don't want to hurt any of my dogs.", []string{"has_pet dogs world positive"}},
		{"I want to show you one of my snakes!", []string{"has_pet snakes world positive"}},
		{"I used to have a dog back in Michigan.", []string{"has_pet dog world negative"}},
		// words with another sense, compounds, wishes
		{"I bought a mouse from Logitech.", nil},
		{"We got a few fish and had a blast.", nil},
		{"Here's a photo of my horse painting.", nil},
		{"Here's a reminder: my gym membership card.", nil},
		{"This is my favorite studio.", nil},
		{"It's a mile from my house.", nil},
		// opening or starting one's own business is owning it (the dev
		// labels write "owns car shop", "owns online clothing store"), and
		// a venture started (the labels of draws 6 and 10: "started online
		// clothing store", session 21)
		{"I finally opened my own car maintenance shop!", []string{"owns car maintenance shop world positive", "started car maintenance shop experience positive"}},
		{"We adopted a bird named Kiwi.", []string{"has_pet Kiwi world positive", "adopted Kiwi experience positive"}},
		// objects that are someone else's, deictic or cut off
		{"I love his tech and that sarcastic humor.", nil},
		{"Yeah, I love this genre.", nil},
		{"I'm really into this book called Sapiens.", []string{"likes book called Sapiens world positive"}},
		{"Love the colors and the chilled-out sunset vibe.", nil},
		{"Love sure does bring us joy.", nil},
		{"I love escaping to that world.", nil},
		{"We're like a family.", nil},
		{"I've worked with Python and C++.", nil},
		// plans that say nothing to keep
		{"I'm going to keep chasing my dreams.", nil},
		{"Gonna have a great time.", nil},
		{"Gonna be an amazing experience!", nil},
		{"I'm excited to try new things.", nil},
		// what the rules now read
		{"Besides writing, I also enjoy reading, watching movies, and exploring nature.",
			[]string{"likes writing world positive", "likes reading world positive", "likes watching movies world positive", "likes exploring nature world positive"}},
		{"I've been into yoga lately.", []string{"likes yoga world positive"}},
		{"Blue's my fave.", []string{"likes Blue world positive"}},
		{"I recently joined a rock band and have been practicing guitar.", []string{"joined rock band experience positive"}},
		{"Unfortunately, I also lost my job at Door Dash.", []string{"lost_job Door Dash experience positive", "works_at Door Dash world negative"}},
		{"I started my own online clothing store not so long ago.", []string{"owns online clothing store world positive", "started online clothing store experience positive"}},
		{"Max is my mother's cat.", []string{"mother Alice's mother world positive"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range extract.TurnFacts(c.text, "member:alice", at) {
			if f.Predicate == "is_a" {
				continue
			}
			got = append(got, fmt.Sprintf("%s %s %s %s", f.Predicate, f.Claim, f.Kind, f.Polarity))
		}
		if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%q:\n got  %q\n want %q", c.text, got, c.want)
		}
	}
}
