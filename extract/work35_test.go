package extract_test

import (
	"testing"
	"time"
)

// TestWork35Rules holds the groups of work35.go (work and study said the
// ways casual chat says them), each beside the near misses it must leave
// alone.
func TestWork35Rules(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A place of work left, said with "I" and when, or quit; one about
		// to be left. "left the depot in may" without "I" gives nothing
		// (work30_test.go and named_test.go pin it).
		{"I left the council in april, moved to rotorua for it", []want{w(me, "lives_in", "Rotorua"), ev(me, "moved", "Rotorua", ""), neg(me, "works_at", "council")}},
		{"I left the sports clinic in February and opened my own practice.", []want{neg(me, "works_at", "sports clinic")}},
		{"Ha. I have news: I quit the hagwon in December.", []want{neg(me, "works_at", "hagwon")}},
		{"also quit the chippy finally", []want{neg(me, "works_at", "chippy")}},
		{"I'm leaving the shipyard. After eleven years.", []want{w(me, "works_at", "shipyard")}},
		{"i have to quit the cafe first tho", []want{w(me, "works_at", "cafe")}},
		{"I left the office at 6 and went home.", nil},
		{"We left the hospital yesterday, the baby is fine.", nil},
		{"I'm leaving the office now, see you soon.", nil},
		{"She left the bank in 2019.", nil},
		{"Did you leave the bank in 2019?", nil},
		{"also i quit the company futsal team so fridays are all games now", []want{{s: me, p: "joined", c: "company futsal team", kind: "experience", pol: "negative"}}},
		// A return to a place of work, or time off from it; not a visit,
		// not another's without a name, not asked; a return a plan says
		// ("I go back to work at the hospital in May") is the plan's alone
		// (plans32_test.go pins it).
		{"I took time off from the clinic but being home is worse", []want{w(me, "works_at", "clinic")}},
		{"Back at the council on Monday and I don't know how I'll cope.", []want{w(me, "works_at", "council")}},
		{"Leilani went back to work at the school last week.", []want{w("Leilani", "works_at", "school")}},
		{"I took six weeks off from the plant, my supervisor was great about it.", []want{w(me, "manager", "Alice's manager"), w(me, "works_at", "plant")}},
		{"he's back at the pub on fridays for the music", nil},
		{"Are you back at the office?", nil},
		{"I took the day off from work.", nil},
		// Whom one drives or delivers for; past when said so; not a drive
		// for a cause, a person or a while.
		{"I'm at twenty six years driving buses for Winnipeg Transit and my knees are done", []want{w(me, "works_at", "Winnipeg Transit")}},
		{"i deliver for a bike courier company during the day", []want{w(me, "works_at", "bike courier company")}},
		{"before i was in germany five years driving for dhl", []want{neg(me, "works_at", "dhl")}},
		{"driving for uber at night, sending CVs in the day", []want{w(me, "works_at", "uber")}},
		{"We are doing a food drive for kids in need.", nil},
		{"I drive for my mum on Sundays.", []want{w(me, "mother", "Alice's mother")}},
		{"I've been driving for hours.", nil},
		{"He drives for the company.", nil},
		{"I drive for a living.", nil},
		// What a named relative studies, said with a pronoun or after
		// another verb; not how one studies.
		{"I have one brother, Joaquín, he has 19 years and he study music in Córdoba.", []want{w(me, "brother", "Joaquín"), w("Joaquín", "studies", "music")}},
		{"I have only one grandson, Haruki. He lives in Osaka and studies robotics.", []want{w("Haruki", "studies", "robotics")}},
		{"My neighbour's girl, Anagha, will water the garden. She is studying agriculture.", []want{w("Anagha", "studies", "agriculture")}},
		{"My son Tom is great. He studies hard every night.", []want{w(me, "son", "Tom")}},
		{"My son Tom and my daughter Ana are home. She is studying law.", []want{w(me, "son", "Tom"), w(me, "daughter", "Ana"), w("Ana", "studies", "law")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
