package extract_test

import (
	"testing"
	"time"
)

// TestHomesInChat holds the cases of session 23's chat rules: sentences
// written for this test (none from a labelled set), each with every fact it
// must give and no other. They are homes said the ways chat says them
// (homes.go); a role cut off by "and" and "literally" as an adverb
// (rulebook.go); names the first-name lexicon lacks, taken for people when
// the clause says so (unlistedPerson; a child's age in outside.go); ages
// said before more (homes.go); where one works shifts, partners proposed
// to or broken up with (outside.go); and every name of a list after a
// relation word, with no unnamed relative beside them (rules.go).
func TestHomesInChat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// living with someone somewhere
		{"I live with my in-laws in Levenshulme.", []want{w(me, "in_law", "Alice's in-law"), w(me, "lives_in", "Levenshulme")}},
		{"i live with two cats near hamburg", []want{w(me, "lives_in", "Hamburg")}},
		{"I'd love to live with my sister in Madrid one day.", []want{w(me, "sister", "Alice's sister")}},
		// a move said without its "I"
		{"left my job in april. moved to hamburg for the new one", []want{w(me, "lives_in", "Hamburg"), {s: me, p: "lost_job", c: "job", kind: "experience", pol: "positive"}, {s: me, p: "moved", c: "Hamburg", kind: "experience", pol: "positive"}}},
		{"Just moved back to Leeds, so tired.", []want{w(me, "lives_in", "Leeds"), {s: me, p: "moved", c: "Leeds", kind: "experience", pol: "positive"}}},
		// a home left
		{"I'm not in London anymore, btw.", []want{neg(me, "lives_in", "London")}},
		{"We're not in Paris now, we're in Lyon for the day.", []want{neg(me, "lives_in", "Paris")}},
		{"I'm not in the mood anymore.", nil},
		// where one is from, said around other words
		{"We're from near Utrecht originally.", []want{w(me, "from", "Utrecht")}},
		{"I'm 26, from Toronto.", []want{w(me, "age", "26"), w(me, "from", "Toronto")}},
		{"I worked in an office in Belo Horizonte, which is where I'm from.", []want{w(me, "from", "Belo Horizonte")}},
		{"Shiraz is where I grew up.", []want{w(me, "from", "Shiraz")}},
		{"Is Shiraz where you grew up?", nil},
		{"I'm from near the station.", nil},
		// how long one has lived somewhere
		{"I've been in Calgary four months now and it's freezing.", []want{w(me, "lives_in", "Calgary")}},
		{"Nine years in Hamburg now, can you believe it.", []want{w(me, "lives_in", "Hamburg")}},
		{"I've been in Paris for two weeks.", nil},
		{"I've been in Rome three months on a work trip.", nil},
		// a new place
		// Session 29: a new home is a move there too, as the synthetic set labels it (plans29.go).
		{"Happy new year from our new place in Brisbane!", []want{w(me, "lives_in", "Brisbane"), ev(me, "moved", "Brisbane", "")}},
		{"We're looking for a new flat in Leeds.", []want{{s: me, p: "plans", c: "new flat in Leeds", kind: "foresight", pol: "positive"}}}, // a plan, no home (session 27)
		{"Our new house in the suburbs has a garden.", nil},
		// two people's home
		{"Deacon and Meron live in Raleigh.", []want{w("Deacon", "lives_in", "Raleigh"), w("Meron", "lives_in", "Raleigh")}},
		{"Deacon and Meron might live in Raleigh next year.", nil},
		// a name the lexicon lacks, living in, moving to or from a place it
		// knows
		{"Efua lives in Accra with her mum.", []want{w("Efua", "lives_in", "Accra")}},
		{"Paris lives in my heart.", nil},
		{"Kian is originally from Tabriz.", []want{w("Kian", "from", "Tabriz")}},
		{"Zala moved to Ljubljana in October.", []want{w("Zala", "lives_in", "Ljubljana")}},
		{"Monday is from Berlin.", nil},
		// someone else's years in a place
		{"My cousin Chiamaka has lived in Calgary for six years.", []want{w(me, "cousin", "Chiamaka"), w("Chiamaka", "lives_in", "Calgary")}},
		{"Chiamaka has lived in Calgary for years.", nil}, // a name alone may not be a person
		{"I'm a secondary teacher and the group chats are what cause the drama.", []want{w(me, "job_title", "secondary teacher")}},
		{"I'm a nurse and a mum of three.", []want{w(me, "job_title", "nurse")}},
		{"I'm literally a midwife.", []want{w(me, "job_title", "midwife")}},
		{"I'm a big fan and the show is great.", nil},
		// a name the lexicon lacks, said to be in a job
		{"Kian is a sound engineer at the Elbphilharmonie.", []want{w("Kian", "job_title", "sound engineer"), w("Kian", "works_at", "Elbphilharmonie")}},
		{"Efua works as a nurse.", []want{w("Efua", "job_title", "nurse")}},
		{"Paris is a city of lights.", nil},
		{"Monday is a teacher training day.", nil},
		// a liking, by a name the lexicon lacks
		{"Zosia loves horses.", []want{w("Zosia", "likes", "horses")}},
		{"Everyone loves pizza.", nil},
		{"Mine loves the park.", nil},
		// a child's age, by a name the lexicon lacks (outside.go)
		{"Vira is 11.", []want{w("Vira", "age", "11")}},
		{"Vira is 45.", nil},
		{"Mine is 14 and still negotiating everything.", nil},
		{"The residence in Funes is 1.2 million.", nil},
		// where one works shifts (outside.go)
		{"I'm on nights all this week at the ambulance station.", []want{w(me, "works_at", "ambulance station")}},
		{"im on nights at the call center all week", []want{w(me, "works_at", "call center")}},
		{"I'm on nights at home with the baby.", nil},
		// an age said before more
		{"I'm 44 and just signed up for my first marathon.", []want{w(me, "age", "44"), {s: me, p: "joined", c: "first marathon", kind: "experience", pol: "positive"}}}, // the sign-up too since session 26
		{"Sure. I'm 26, from Toronto.", []want{w(me, "age", "26"), w(me, "from", "Toronto")}},
		{"I'm 30 minutes late, sorry.", nil},
		{"I'm 100% sure, and so is Tom.", nil},
		{"I'm 5, 10 minutes away.", nil},
		{"I'm 2 and 0 this season.", nil},
		{"I have two kids, Emma and Jack.", []want{w(me, "child", "Emma"), w(me, "child", "Jack")}},
		{"Our daughters Ama and Esi are at uni.", []want{w(me, "daughter", "Ama"), w(me, "daughter", "Esi")}},
		{"my two boys, Kofi and Yaw, are 8 and 5", []want{w(me, "son", "Kofi"), w(me, "son", "Yaw")}},
		{"I have a brother, Kwame.", []want{w(me, "brother", "Kwame")}},
		{"My sisters Ana, Eva and Rosa came over.", []want{w(me, "sister", "Ana"), w(me, "sister", "Eva"), w(me, "sister", "Rosa")}},
		// Seini's start at a school ahead is her plan, as "Tomé starts school in
		// September" is (session 28, plans28.go).
		{"My eldest Seini starts high school next week.", []want{w(me, "child", "Seini"), fut("Seini", "plans", "start high school", "2026-03-11")}},
		{"my little one Mele is in a dinosaur phase", []want{w(me, "child", "Mele")}},
		// a partner proposed to, or broken up with (outside.go)
		{"I'm going to propose to Andreea in May.", []want{w(me, "partner", "Andreea"), {s: me, p: "plans", c: "propose to Andreea", kind: "foresight", pol: "positive"}}},
		{"If I proposed to Maria she would laugh.", nil},
		{"since me and Damián broke up i'm so done", []want{neg(me, "partner", "Damián")}},
		{"My favourite cities, Lisbon and Porto, are both by the sea.", nil},
		{"I have two options, Monday and Friday.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
