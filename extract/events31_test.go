package extract_test

import (
	"testing"
	"time"
)

// TestEventRulesSession31 holds the event rules of session 31
// (events31.go), each beside the near miss it must leave alone.
func TestEventRulesSession31(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A gerund started after "only" or "first".
		{"I only started beekeeping in 2021.", []want{ev(me, "started", "beekeeping", "")}},
		{"I only started crying.", nil},
		// "another one": the work named before; none named, nothing.
		{"I loved the screenplay, so I just started writing another one.",
			[]want{ev(me, "started", "writing another screenplay", "")}},
		{"I finished the laundry, so I just started doing another one.", nil},
		{"She just started writing another one.", nil},
		// A wish, then its start; a start with no wish before it says
		// nothing.
		{"I've always wanted to learn Spanish. I just stared with it.",
			[]want{fut(me, "plans", "learn Spanish", ""), ev(me, "started", "learning Spanish", "")}},
		{"The film was long. I just started with it.", nil},
		// A place in a sentence of its own; not a longer sentence, not a
		// word that is no place.
		{"This was Japan.", []want{ev(me, "visited", "Japan", "")}},
		{"It was in London.", []want{ev(me, "visited", "London", "")}},
		{"It was in London that we met.", nil},
		{"This was Monday.", nil},
		// A place beside the places been to; not beside a wish.
		{"Besides Italy, I was also in Turkey.", []want{ev(me, "visited", "Italy", ""), ev(me, "visited", "Turkey", "")}},
		{"Besides Italy, I want to go to Turkey.", []want{fut(me, "plans", "go to Turkey", "")}},
		// A trip one took others on; not one ahead.
		{"Last weekend, I took my family on a road trip to Jasper.", []want{ev(me, "visited", "Jasper", "")}},
		{"I'm going to take my family on a road trip to Jasper.", []want{fut(me, "plans", "take my family on a road trip to Jasper", "")}},
		// Groups: signed up by another, a team made, a member of, a name
		// put down, a competition entered.
		{"Margaret has signed me up for a woodturning course.", []want{ev(me, "joined", "woodturning course", "")}},
		{"My dad signed me up for a haircut.", []want{w(me, "father", "Alice's father")}},
		{"also i made the basketball team at school", []want{ev(me, "joined", "basketball team", "")}},
		{"I didn't make the basketball team.", nil},
		{"I'm a member of the Swale branch actually.", []want{ev(me, "joined", "Swale branch", "")}},
		{"I've already put my name down for the quilting circle.", []want{ev(me, "joined", "quilting circle", "")}},
		{"Last Friday I entered a local tournament and took second place!", []want{
			ev(me, "joined", "local tournament", ""), ev(me, "won", "second place in the tournament", "")}},
		{"I entered the kitchen.", nil},
		// The speaker's own wedding, held; not one ahead, not one only
		// filmed.
		{"she came to my wedding", []want{ev(me, "married", "married", "")}},
		{"My wedding was perfect.", []want{ev(me, "married", "married", "")}},
		{"We're engaged! She'll come to my wedding.", []want{ev(me, "engaged", "engaged", ""), w(me, "partner", "Alice's partner")}},
		{"I have a video of my wedding.", nil},
		// Applied: an application sent in, a work sent in to a festival;
		// not one sent to a person.
		{"I submitted the visa application!!", []want{ev(me, "applied_to", "visa", "")}},
		{"I sent in my screenplay to the film festival.", []want{ev(me, "applied_to", "film festival", "")}},
		{"I sent in my screenplay to my mom.", []want{w(me, "mother", "Alice's mother")}},
		// A venture of one's own open or begun; not one hoped for.
		{"Yay! My online clothes store is open!", []want{ev(me, "started", "clothes store", ""), w(me, "owns", "clothes store")}},
		{"Startin' my biz has been tough.", []want{ev(me, "started", "biz", "")}},
		{"Starting my own store was scary.", []want{w(me, "owns", "store")}},
		{"Starting my own business is my dream.", []want{w(me, "owns", "business")}},
		{"I just launched an ad campaign.", []want{ev(me, "started", "ad campaign", "")}},
		{"I'm going to launch an ad campaign.", []want{fut(me, "plans", "launch an ad campaign", "")}},
		// An adoption said with a pronoun; not another's.
		{"I adopted her two years ago.", []want{ev(me, "adopted", "adopted", "")}},
		{"She was adopted by a family in Ohio.", nil},
		{"His name is Jake. We adopted him from foster care last year.", nil},
		// Where the speaker's photo was taken; not a word that is no
		// place.
		{"Here's a picture I took on vacation last summer in Bogota.", []want{ev(me, "visited", "Bogota", "")}},
		{"I took this photo at a beautiful location called Whispering Falls.", []want{ev(me, "visited", "Whispering Falls", "")}},
		{"I took this photo in March.", nil},
		// Sights seen in a place; a place done, with a past date only.
		{"I visited some sights in Boston with a friend.", []want{ev(me, "visited", "Boston", "")}},
		{"we did Rotorua two years ago", []want{ev(me, "visited", "Rotorua", "")}},
		{"we did Rotorua", nil},
		// A job lost, said as a sentence's subject; not a fear of it.
		{"Thanks! Losing my job gave me the push to change.", []want{ev(me, "lost_job", "job", "")}},
		{"I'm scared of losing my job.", nil},
		// A new home in a place; a job or training begun, not one ahead;
		// a place one was taken to; only been to; a move dated by a year.
		{"the walls in our new apartment in Meguro are so empty", []want{ev(me, "moved", "Meguro", ""), w(me, "lives_in", "Meguro")}},
		{"Our new apartment in Meguro will be ready next month.", []want{w(me, "lives_in", "Meguro")}},
		{"I want my new place in Lisbon to have a view.", nil},
		{"the internship started Monday", []want{ev(me, "started_job", "internship", "")}},
		{"My internship starts Monday.", nil},
		{"Deniz took me to a pottery village near Kyoto.", []want{ev(me, "visited", "Kyoto", "")}},
		{"only been to Tallinn once, for the marathon", []want{ev(me, "visited", "Tallinn", "")}},
		{"I came to Auckland in 2004.", []want{ev(me, "moved", "Auckland", ""), w(me, "lives_in", "Auckland")}},
		{"I came to London in 2019 for a conference.", nil},
		// A place gone to by boat, bike or car, or "there"; not a trip
		// ahead.
		{"We backpacked through Vietnam in 2019.", []want{ev(me, "visited", "Vietnam", "")}},
		{"Zakopane! I cycled there in 1978.", []want{ev(me, "visited", "Zakopane", "")}},
		{"I'm going to drive to Boston tomorrow.", []want{fut(me, "plans", "drive to Boston", "2026-03-05")}},
		// A marriage's length is no wedding; a wedding said beside it is.
		{"He died two winters ago. We were married 44 years.", nil},
		{"I got married last week.", []want{ev(me, "married", "married", "")}},
		// A course done, not a degree; a venture one started, named after
		// "started this"; a place won in a group.
		{"I did the pastry course, finished in February.", []want{ev(me, "completed", "pastry course", "")}},
		{"I did my master's in Utrecht", nil},
		{"I didn't do a course.", nil},
		{"That's why I started this group.", []want{ev(me, "started", "this group", "")}},
		{"I got picked for a car mod workshop.", []want{ev(me, "joined", "car mod workshop", "")}},
		{"I got picked for jury duty.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
