package extract_test

import (
	"testing"
	"time"
)

// TestEventRulesSession33 holds the work and event rules of session 33
// (events33.go), each beside the near miss it must leave alone.
func TestEventRulesSession33(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A shift or nights at a place of work; a past stint of years is
		// over; not a third party's shift, not a stay at a hotel.
		{"the night shifts at the tram depot ate me", []want{w(me, "works_at", "tram depot")}},
		{"I did not write for a week, the night shifts at the tram depot ate me.", []want{w(me, "works_at", "tram depot")}},
		{"and then its back to nights on the labour ward at CUMH lovely", []want{w(me, "works_at", "CUMH")}},
		{"I did nights at Parirenyatwa for 5 years", []want{neg(me, "works_at", "Parirenyatwa")}},
		{"she did nights at the hospital for years", nil},
		{"His night shifts at the port are long.", nil},
		{"We stayed three nights at the Hilton.", nil},
		// A tenure said by its years; over when the turn says so; not a
		// third party's, not a town.
		{"almost five years at Sunforge Software and i feel like a ghost there", []want{w(me, "works_at", "Sunforge Software")}},
		{"I have news: after 31 years at Mahle I signed the severance papers on Friday.", []want{neg(me, "works_at", "Mahle")}},
		{"He worked 30 years at the same mine and never left.", nil},
		{"Ten years with my wife and still happy.", []want{w(me, "wife", "Alice's wife")}},
		// A subject taught at a school: the work there, over.
		{"I taught English at Tonga High School for 31 years.", []want{neg(me, "works_at", "Tonga High School")}},
		{"I taught myself guitar at home.", nil},
		// A role at an employer the occupation lists may not hold.
		{"Sure, I'm a route planner at Delhivery, this is my day job.", []want{w(me, "job_title", "route planner"), w(me, "works_at", "Delhivery")}},
		{"I'm sous chef at Mizu now.", []want{w(me, "job_title", "sous chef"), w(me, "works_at", "Mizu")}},
		{"I'm a member at Costco.", nil},
		// Still at a named employer; not a third party's, not a school.
		{"Still at Kiezgrün, still writing copy about oat milk.", []want{w(me, "works_at", "Kiezgrün")}},
		{"Erik's still in Stockholm, still at Spotify.", []want{w("Erik", "lives_in", "Stockholm")}},
		{"I'm still at Oxford, finishing my thesis.", nil},
		// My colleagues at a place of work.
		{"Haha, my colleagues at the Ghana Highway Authority think I am crazy.", []want{w(me, "colleague", "Alice's colleagues"), w(me, "works_at", "Ghana Highway Authority")}},
		// A self-introduction's role, after one's name or age; not an
		// interjection or a name said to someone.
		{"hola! I'm Lautaro, gameplay programmer, joining the combat team.", []want{w(me, "job_title", "gameplay programmer")}},
		{"And I'm the old one here, 31, physiotherapist.", []want{w(me, "job_title", "physiotherapist")}},
		{"Hello. I am 67 years old, retired school nurse, living in Sapporo.", []want{w(me, "age", "67"), w(me, "lives_in", "Sapporo")}},
		{"Noor, 22, aspiring novelist", nil},
		{"I am nurse in hospital.", []want{w(me, "job_title", "nurse")}},
		{"I'm a senior at UCLA.", []want{w(me, "studies_at", "UCLA")}},
		{"Still at Gate 12.", nil},
		{"Cheers, mate! Really appreciate it.", nil},
		{"Bravo, chef. That was great.", nil},
		{"I'm Sam, and honestly I'm exhausted.", nil},
		// A medal got or won; not another's, not asked.
		{"Brutal. 11:42, got my Bronze medal with minutes to spare.", []want{ev(me, "won", "Bronze medal", "")}},
		{"Our crew came second! First medal I've ever won paddling.", []want{ev(me, "won", "medal", "")}},
		{"He got a gold medal at the nationals.", nil},
		{"Did you get a medal?", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
