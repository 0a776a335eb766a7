package extract_test

import (
	"testing"
	"time"
)

// TestPraisedTitles: a named work the speaker praises is a taste; a title
// asked about, the listener's, another's or spoken ill of is not.
// Sentences written for this test.
func TestPraisedTitles(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		{`Honestly, "Project Hail Mary" is amazing!`, []want{w(me, "likes", "Project Hail Mary")}},
		{`Just finished "The Left Hand of Darkness" and it's so good.`, []want{w(me, "likes", "The Left Hand of Darkness")}},
		{`I'm watching a show called Severance. It's really good!`, []want{w(me, "likes", "Severance")}},
		{`We tried this game Wingspan last night. I loved it!`, []want{w(me, "likes", "Wingspan")}},
		{`Finished "Piranesi" last week. Highly recommend it!`, []want{w(me, "likes", "Piranesi")}},
		{`"Spirited Away" is one of my favorites.`, []want{w(me, "likes", "Spirited Away")}},
		{`Last night I watched Arrival. Great movie, so moving!`, []want{w(me, "likes", "Arrival")}},
		{`The album is called "Blue Lines", very addictive!`, []want{w(me, "likes", "Blue Lines")}},
		{`"Fix You" by Coldplay means a lot to me.`, []want{w(me, "likes", "Fix You")}},
		// a liked pair split
		{`I love jazz and hip-hop music.`, []want{w(me, "likes", "jazz music"), w(me, "likes", "hip-hop music")}},
		{`I really enjoy documentaries and long podcasts.`, []want{w(me, "likes", "documentaries"), w(me, "likes", "long podcasts")}},
		{`I'm passionate about photography and restoring old cameras.`, []want{w(me, "likes", "photography"), w(me, "likes", "restoring old cameras")}},
		{`I love rock and roll music.`, []want{w(me, "likes", "rock and roll music")}},
		{`I just finished The Hobbit and it was amazing.`, []want{w(me, "likes", "The Hobbit")}},
		// what the session's review found: hearsay, jokes, conditions, others'
		// works, quoted speech, people, cuisines, shared heads that are food
		{`I heard "Dune" is amazing.`, nil},
		{`If "Dune" is amazing, I'll read the sequel.`, nil},
		{`I watched "Cats" last night. It's amazing how bad it was.`, nil},
		{`Their new album "Midnights" is amazing.`, nil},
		{`He said "Hi Mom" and it was hilarious.`, nil},
		{`I played Ben and Sam at tennis. It was so fun.`, nil},
		{`I tried Thai food for the first time. It was amazing!`, nil},
		{`I love pie and ice cream.`, []want{w(me, "likes", "pie and ice cream")}},
		{`I love salt and vinegar chips.`, []want{w(me, "likes", "salt and vinegar chips")}},
		{`I love jazz and rock music. I love rock music.`, []want{w(me, "likes", "jazz music"), w(me, "likes", "rock music")}},
		// not praise, not the speaker's, or asked
		{`Have you read "Piranesi"? It's really good.`, nil},
		{`Your song "Blue Hour" is amazing!`, nil},
		{`Maria's book "Lilac" is amazing.`, nil},
		{`"The Room" is not good at all.`, nil},
		{`I read "Dune" last year.`, nil},
		{`My sister said "I love it" when she saw it.`, []want{w(me, "sister", "Alice's sister")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
