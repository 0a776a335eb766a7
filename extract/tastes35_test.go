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
		// a dislike said aside after a verb of saying or "even if"; not a
		// time or a manner, not "it".
		{"I should say I'm not really a cat person, I was scratched as a kid.", []want{w(me, "dislikes", "cat")}},
		{"Sounds like a fun night, even if I'm not into board games.", []want{w(me, "dislikes", "board games")}},
		{"I have to admit I'm not a morning person.", nil},
		{"I guess I'm not into it.", nil},
		// a thing others love as the speaker does; not "the same stuff",
		// not a person.
		{"I met some people at the club who love chess just like me.", []want{w(me, "likes", "chess")}},
		{"It's great to be with people who are as passionate about jazz as us!", []want{w(me, "likes", "jazz")}},
		{"Met lots of people who were into the same stuff as me.", nil},
		{"I met a girl who loves you like me.", nil},
		// the pastime that hooked the speaker, named before by
		// "introduced me to" or a class taken; not a person, not a class
		// of no pastime, not a thing hooked with nothing named.
		{"My cousin introduced me to bouldering and I've been hooked ever since.", []want{w(me, "likes", "bouldering"), w(me, "cousin", "Alice's cousin")}},
		{"On Sunday I took a pottery class with my sister and now I'm hooked.", []want{w(me, "likes", "pottery"), w(me, "sister", "Alice's sister"), want{s: me, p: "joined", c: "pottery class", kind: "experience", pol: "positive"}}},
		{"My aunt introduced me to my husband and I've been hooked ever since.", []want{w(me, "aunt", "Alice's aunt"), w(me, "husband", "Alice's husband")}},
		{"I'm reading this book and I'm totally hooked!", nil},
		// an allergy of a person named in lower case; not a common word,
		// a relative, a pronoun, a question.
		{"ok so tavita's allergic to cats tho", []want{{s: "tavita", p: "allergic_to", c: "cats", kind: "world", pol: "positive"}}},
		{"lol that's allergic to nothing", nil},
		{"mum's allergic to cats", nil},
		{"who's allergic to cats?", nil},
		// a dislike of "a single <thing>" is no dislike of the thing.
		{"Honestly I couldn't stand a single episode.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
