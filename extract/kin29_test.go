package extract_test

import (
	"testing"
	"time"
)

// TestKinWorkRulesSession29 holds the relation and work rules of session 29
// (kin29.go), each beside the near miss it must leave alone.
func TestKinWorkRulesSession29(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A relative named right after the kin word in a form the rules
		// read as no name: lower case, a month or a place, "is called".
		{"talk to my cousin inés, she does translations", []want{w(me, "cousin", "inés")}},
		{"my brother kofi used to drive me to school", []want{w(me, "brother", "kofi")}},
		{"my little sister is called nilu which means blue", []want{w(me, "sister", "nilu")}},
		{"My late husband August built this shed", []want{w(me, "husband", "August")}},
		{"my mum pls stop asking", []want{w(me, "mother", "Alice's mother")}},
		{"I called my mom Sunday and she was fine", []want{w(me, "mother", "Alice's mother")}},
		{"my sister lives in Oslo", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "lives_in", "Oslo")}},
		// The one relative with no name named by the one name the turn says
		// elsewhere.
		{"Tariq says I work too much. My husband is right for once.", []want{w(me, "husband", "Tariq")}},
		{"that's Manaia!! my wife!! 20 yrs!!", []want{w(me, "wife", "Manaia")}},
		{"Yes, my son sent me his old laptop. Batbayar always upgrades.", []want{w(me, "son", "Batbayar")}},
		{"Gráinne and I climbed Ben Nevis on Sunday and my girlfriend complained the whole way", []want{w(me, "partner", "Gráinne")}},
		{"Hey Dave! My mom loved the cake", []want{w(me, "mother", "Alice's mother")}},
		{"Tariq and Jun came over and my wife cooked", []want{w(me, "wife", "Alice's wife")}},
		{"My wife and my daughter loved Lisbon", []want{w(me, "wife", "Alice's wife"), w(me, "daughter", "Alice's daughter")}},
		// Work the turn does not state.
		{"I'm a QA tester for a bank app", []want{w(me, "job_title", "QA tester")}},
		{"I'm a sound designer for games, mostly indie", []want{w(me, "job_title", "sound designer")}},
		{"i quit the company football team so my sundays are free", []want{{s: me, p: "joined", c: "company football team", kind: "experience", pol: "negative"}}},
		{"I work at a bank", []want{w(me, "works_at", "bank")}},
		{"ok the castle is lit. i am a professional", nil},
		{"I went back to the choir. I am an alto, who knew.", nil},
		{"got a new job, im at Elkor now, in the warehouse", []want{ev(me, "started_job", "Elkor", ""), w(me, "works_at", "Elkor")}},
		// One's shifts at a place of work; a role for an employer.
		{"im wrecked, did a double shift at the pub last night", []want{w(me, "works_at", "pub")}},
		{"I'm on nights all week at Rikshospitalet, so tired", []want{w(me, "works_at", "Rikshospitalet")}},
		{"my wife does night shifts at the plant", []want{w(me, "wife", "Alice's wife")}},
		{"Tomas picked up his shift at the bar", nil},
		{"I spent two nights at the Hilton", nil},
		{"I'm a tram driver for the GVB, the schedule changes weekly", []want{w(me, "job_title", "tram driver"), w(me, "works_at", "GVB")}},
		{"I'm a taxi driver for my kids these days", []want{w(me, "job_title", "taxi driver"), w(me, "child", "Alice's children")}},
		// A kin word of another language after "my".
		{"my akka is getting married in june and i'm the maid of honour", []want{w(me, "sibling", "Alice's sibling")}},
		{"my tía marisol called me at 7am", []want{w(me, "aunt", "marisol")}},
		{"went to my halmeoni's for lunch", []want{w(me, "grandmother", "Alice's grandmother")}},
		{"say hi to your abuela for me", nil},
		{"thanks tía, see you sunday", nil},
		{"my halmeoni-style kimchi is the best", nil},
		// A role said of a relative or friend the turn names.
		{"my sister Dunya is a face painter actually, she does parties", []want{w(me, "sister", "Dunya"), w("Dunya", "job_title", "face painter")}},
		{"my cousin Idris is a lab tech there, I'll ask him", []want{w(me, "cousin", "Idris"), w("Idris", "job_title", "lab tech")}},
		{"my sister Dunya and my brother Aziz came, she's a nurse", []want{w(me, "sister", "Dunya"), w(me, "brother", "Aziz")}},
		{"my sister Dunya is a big fan of yours", []want{w(me, "sister", "Dunya")}},
		// A role said of oneself with where one is from after it.
		{"I'm a software tester from Shiraz, 31", []want{w(me, "job_title", "software tester")}},
		{"I'm a long way from home this week", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
