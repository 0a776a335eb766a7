package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession28 holds the lead's rules and mends of session 28
// (BENCHMARKS.md, "Chat rules, session 28"), each beside the near miss it
// must leave alone.
func TestChatRulesSession28(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A job won with its role and its employer, in either order, or by
		// "hired" (chat.go); no employer in "a job with benefits".
		{"I got a job as a nurse at St Mary's Hospital.", []want{w(me, "job_title", "nurse"), w(me, "works_at", "St Mary's Hospital"), ev(me, "started_job", "St Mary's Hospital", "")}},
		{"I got a job at Google as a software engineer.", []want{w(me, "works_at", "Google"), ev(me, "started_job", "Google", ""), w(me, "job_title", "software engineer")}},
		{"Just got hired as a line cook at Nando's!", []want{w(me, "job_title", "line cook"), w(me, "works_at", "Nando's"), ev(me, "started_job", "Nando's", "")}},
		{"I got a job with an edtech company in Joburg.", []want{w(me, "works_at", "edtech company"), ev(me, "started_job", "edtech company", "")}},
		{"I got a new job as a teacher in Leeds.", []want{w(me, "job_title", "teacher"), ev(me, "started_job", "teacher", "")}},
		{"I got a job with benefits.", nil},
		{"I got a job with a great team.", nil},
		{"I got hired!", nil},
		// Won, to start on a date ahead: a plan, its claim without where.
		{"I got a job as a data analyst with an edtech company in Joburg. I start in January.", []want{fut(me, "plans", "job as a data analyst", "")}},
		{"I got hired as a lifeguard, starting next week.", nil},
		{"got the job at te papa. start on the 11th", []want{fut(me, "plans", "job at te papa", "")}},
		{"got the job at te papa.", []want{w(me, "works_at", "te papa"), ev(me, "started_job", "te papa", "")}},
		// A pastime's noun done lately, with no "a lot of" (casual.go).
		{"I've been doing yoga every morning.", []want{w(me, "likes", "yoga")}},
		{"I've been doing homework all day.", nil},
		{"I've been doing okay.", nil},
		// What gives the speaker motivation; a longer subject only as a
		// list of pastimes, each a gerund.
		{"Chilling with friends and traveling always give me motivation to work further.", []want{w(me, "likes", "Chilling with friends"), w(me, "likes", "traveling")}},
		{"Giving people peace and awareness brings me so much happiness.", nil},
		{"Work gives me motivation.", nil},
		// Discourse markers before a clause (patterns.go markerRE): "for
		// me" only with its comma.
		{"Therefore, chilling with friends and traveling always give me motivation to work further.", []want{w(me, "likes", "chilling with friends"), w(me, "likes", "traveling")}},
		{"Unfortunately, I also lost my job at Door Dash this month.", []want{ev(me, "lost_job", "Door Dash", ""), neg(me, "works_at", "Door Dash")}},
		// A favourite with no kind before "is" (lead28.go); not a past
		// one, a time, a thing shown, a guess.
		{"My favorite is the amazing banana split sundae - I enjoy it after a day of volunteering.", []want{w(me, "likes", "banana split sundae")}},
		{"My fave right now is Thai green curry.", []want{w(me, "likes", "Thai green curry")}},
		{"My favorite was the chocolate one.", nil},
		{"My favorite is when the leaves change color.", nil},
		{"My favorite is the one with the red roof.", nil},
		{"My favorite's probably the lasagna.", nil},
		// A plan's tail of where and with whom is cut (lead28.go).
		{"I can't wait to try out the food there with you.", []want{fut(me, "plans", "try out the food", "")}},
		{"I want to try out the food there.", []want{fut(me, "plans", "try out the food", "")}},
		{"I can't wait to see you there!", nil},
		// A place been to, its "I've" left out (lead28.go); not a question.
		{"Never had a chance to visit it. Been only to Rome once.", []want{ev(me, "visited", "Rome", "")}},
		{"Been to Paris?", nil},
		{"Been to the doctor twice this week.", nil},
		// A stay ahead said with "gonna be in" and its length (rulebook.go).
		{"I'm going to be in Berlin for two weeks.", []want{fut(me, "travels_to", "Berlin", "")}},
		{"I'm gonna be in trouble for a week.", nil},
		// News told is no wish (chat.go); a verb before a date is no
		// occasion said alone (rulebook.go).
		{"I'm so excited to tell you I started a weekend yoga class!", []want{{s: me, p: "started", c: "weekend yoga class", kind: "experience", pol: "positive"}}},
		{"Can't wait to visit next month.", nil},
		// A job won and a start awaited: a plan (plans27.go, tagged.go).
		{"I finally got my dream job! Can't wait to start my journey!", []want{fut(me, "plans", "dream job", "")}},
		{"I finally got my dream job at Pixar! Can't wait to start!", []want{fut(me, "plans", "dream job at Pixar", "")}},
		// A pet of one's own named in a wish is had now (tagged.go).
		{"Today I decided to spend time with my beloved pets.", []want{fut(me, "plans", "spend time with my beloved pets", ""), w(me, "has_pet", "pets")}},
		// Back from a trip is no home left (rulebook.go: only a move takes
		// "back", "up", "down" before "from").
		{"I just came back from Paris last week.", []want{ev(me, "visited", "Paris", "")}},
		{"I moved back from Berlin in May.", []want{neg(me, "lives_in", "Berlin")}},
		// A role played for one's own is no job (work28.go).
		{"I'm basically a taxi driver for my kids at this point.", []want{w(me, "child", "Alice's children")}},
		// A divorce from no one is none (events28.go).
		{"I'm divorced from reality lol.", nil},
		// A list said to be one's favourites is each of them; one thing
		// of two words is not (lead28.go listParts).
		{"Painting and hiking are my favorite things to do.", []want{w(me, "likes", "Painting"), w(me, "likes", "hiking")}},
		{"Mac and cheese is my favorite.", []want{w(me, "likes", "Mac and cheese")}},
		{"Salt and pepper chips are my favorite.", []want{w(me, "likes", "Salt and pepper chips")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
