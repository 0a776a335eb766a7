package extract_test

import (
	"testing"
	"time"
)

// TestChat29Rules holds the rules of chat29.go (work said without "I work
// at", pets named in lower case, others' tastes, the team one supports),
// each group beside the near misses it must leave alone.
func TestChat29Rules(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// still at: one's place of work still held, with work done there
		// or how long after it, or in a turn about work; not a place one
		// is only at.
		{"Still at Brightwell, mostly designing brochures for dentists.", []want{w(me, "works_at", "Brightwell")}},
		{"I'm still at Fenwick Logistics, twelve years now.", []want{w(me, "works_at", "Fenwick Logistics")}},
		{"still at zalora, just a different team since they moved me at work", []want{w(me, "works_at", "zalora")}},
		{"I'm still at Gatwick, the flight got pushed back again", nil},
		{"still at home, packing for tomorrow", nil},
		{"Still at the gym lol", nil},
		// N years at a place of work: not a place of study or a stay.
		{"almost six years at Brightwell and nobody knows my name", []want{w(me, "works_at", "Brightwell")}},
		{"three years at Oxford and I still can't punt", nil},
		{"two nights at the Marriott was plenty", nil},
		// N years as a role, and where.
		{"Twelve years as a welder and I still burn my arms.", []want{w(me, "job_title", "welder")}},
		{"Twelve years as a parent and I still panic.", nil},
		{"Nine years as a nurse taught me that.", nil},
		// "As a <role>," then the speaker: the speaker's job. Not a part
		// of life ("As a kid"), not the one spoken to.
		{"As a paramedic, my weekends are never free.", []want{w(me, "job_title", "paramedic")}},
		{"As an electrician, I see this all the time.", []want{w(me, "job_title", "electrician")}},
		{"As a kid, I loved this show.", nil},
		{"As a parent, I worry about it.", nil},
		{"As a fan, I'm gutted.", nil},
		{"As a teacher, you must be exhausted.", nil},
		// Pets named in lower case (chat29.go).
		{"my cat pilyo sleeps on my laptop all day", []want{w(me, "has_pet", "pilyo")}},
		{"ugh my dog tomtom ate my charger", []want{w(me, "has_pet", "tomtom")}},
		{"my dog will go mad, Bori barks at every delivery", []want{w(me, "has_pet", "Bori")}},
		{"my cat lol", []want{w(me, "has_pet", "cat")}},
		{"my dog wud never", []want{w(me, "has_pet", "dog")}},
		{"my dogs bark all night", []want{w(me, "has_pet", "dogs")}},
		{"does my cat pilyo look fat?", nil},
		// Another's tastes, a lower-case name or a child's wants.
		{"we all loved it. marisol hates horror, she screams at trailers", []want{w("marisol", "dislikes", "horror")}},
		{"ok and tobiasz adores trains", []want{w("tobiasz", "likes", "trains")}},
		{"Ines is 9 and only wants slime and stickers.", []want{w("Ines", "likes", "slime"), w("Ines", "likes", "stickers"), w("Ines", "age", "9")}},
		{"omg everyone loves that song", nil},
		{"lol loves it", nil},
		{"tbh hates mondays", nil},
		{"pizza loves me", nil},
		{"does marisol hate horror?", nil},
		// The team one supports.
		{"Kwabena supports Arsenal, poor man", []want{w("Kwabena", "likes", "Arsenal")}},
		{"Remind me to text Sebastián, he supports Boca and they lost", []want{w("Sebastián", "likes", "Boca")}},
		{"I support Hibs, always have", []want{w(me, "likes", "Hibs")}},
		{"he supports Tom through all of it", nil},
		{"I support Ukraine", nil},
		{"she supports me no matter what", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
