package extract_test

import (
	"testing"
	"time"
)

// TestInPassing holds the cases of passing.go: sentences written for this
// test (none from a labelled set), each with every fact it must give and
// no other.
func TestInPassing(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// a post that opens with where its writer is
		{"Hello everyone from Leeds! First post here, be gentle.", []want{w(me, "lives_in", "Leeds")}},
		{"G'day Mick, from Perth. My tomatoes split every year too.", []want{w(me, "lives_in", "Perth")}},
		{"Toronto checking in. Same problem with aphids here.", []want{w(me, "lives_in", "Toronto")}},
		{"Greetings from Rome! The trip has been amazing so far.", nil},
		{"Hi from Lisbon! We're visiting friends for a week.", nil},
		{"Same here! Let's talk later.", nil},
		{"Marco checking in. Anyone around tonight?", nil},
		{"I got a postcard from Lisbon.", nil},
		// an age reached, said with where or when
		{"I turned 35 on a night bus, of all places.", []want{w(me, "age", "35")}},
		{"I turned 40 in March and threw a party.", []want{w(me, "age", "40")}},
		{"I turned 5 on a Sunday, apparently.", nil},
		{"I turned left at the lights.", nil},
		// a birthday as a form says it
		{"My name's Rob Kowalski, date of birth 4/17/1978.", []want{w(me, "name", "Rob Kowalski"), w(me, "birthday", "4/17/1978")}},
		{"DOB: 12 March 1990, if they ask.", []want{w(me, "birthday", "12 March 1990")}},
		{"What date of birth should I put for my son?", nil},
		// where one is, beside where others said they live
		{"I'm also in Sheffield, up near the park.", []want{w(me, "lives_in", "Sheffield")}},
		{"I'm in Texas. Where are you from?", nil},
		{"I'll call you when I'm also in Boston for the conference.", nil},
		// a move said with its year
		{"I came to Auckland in 2004 and never left.", []want{w(me, "lives_in", "Auckland")}},
		{"We moved over to Spain twelve years ago.", []want{w(me, "lives_in", "Spain")}},
		{"I came to Paris in 2019 for a conference.", nil},
		{"I came to the party in 2019 with Tom.", nil},
		// where one moved from
		{"I moved out here from Glasgow in 1998.", []want{w(me, "from", "Glasgow")}},
		{"They moved out here from Glasgow.", nil},
		// a move made
		{"Honestly? Moving to Rotterdam was the best decision I ever made.", []want{w(me, "lives_in", "Rotterdam")}},
		{"Moving to Rotterdam would be a big change.", nil},
		// a job said without its article
		{"I am taxi driver, so I work nights.", []want{w(me, "job_title", "taxi driver")}},
		{"Actually I am not engineer, I am technician.", []want{neg(me, "job_title", "engineer"), w(me, "job_title", "technician")}},
		{"I'm back in Belo Horizonte.", []want{w(me, "lives_in", "Belo Horizonte")}}, // not job_title "back"
		{"I'm lovely, thanks for asking.", nil},
		{"I'm good driver, trust me.", nil},
		{"I'm a teacher.", []want{w(me, "job_title", "teacher")}},
		// a job kept, said in a catch-up
		{"Still at Volvo Cars, yes, same old.", []want{w(me, "works_at", "Volvo Cars")}},
		{"Still at the office, ugh.", nil},
		{"Still at home with the kids.", nil},
		// a job held, with where it is done and how long
		{"I've been a nurse on a dementia ward in Lewisham for eleven years.", []want{w(me, "job_title", "nurse")}},
		{"I've been a fan on and off for eleven years.", nil},
		// hours worked
		{"i work 30 hrs a wk at HEB", []want{w(me, "works_at", "HEB")}},
		{"that's the one I work at on weekends", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
