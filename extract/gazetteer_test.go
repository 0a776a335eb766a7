package extract_test

import (
	"testing"
	"time"
)

// TestGazetteerCapitals holds places the word lists missed until the
// generators were widened (sentences written for this test, none from a
// labelled set): capitals WordNet files under capital#3 ("a seat of
// government") and no city, and Wales, a principality (places.txt); and
// national capitals and first-level seats of 100,000 or more whose name
// SCOWL also spells, so that names.txt held it (cities.txt). A given name
// that is a town's is still a person's where a person is expected.
func TestGazetteerCapitals(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// capitals WordNet files as a seat of government, not as a city
		// (capitalised after "live in", "moved to", "from", a capitalised
		// word was read as a place before; lower-case text and the other
		// ways of saying it needed the list)
		{"I live in Edinburgh.", []want{w(me, "lives_in", "Edinburgh")}},
		{"We moved to Cardiff last year.", []want{
			{s: me, p: "lives_in", c: "Cardiff", kind: "world", pol: "positive", from: "2025-01-01"},
			{s: me, p: "moved", c: "Cardiff", kind: "experience", pol: "positive", from: "2025-01-01"}}},
		{"I'm from Belfast.", []want{w(me, "from", "Belfast")}},
		{"i live in edinburgh", []want{w(me, "lives_in", "Edinburgh")}},
		{"i moved to cardiff", []want{w(me, "lives_in", "Cardiff"), {s: me, p: "moved", c: "Cardiff", kind: "experience", pol: "positive"}}},
		{"im from belfast", []want{w(me, "from", "Belfast")}},
		{"Edinburgh is where I grew up.", []want{w(me, "from", "Edinburgh")}},
		{"Here in Edinburgh it rains a lot.", []want{w(me, "lives_in", "Edinburgh")}},
		// a principality, and the nationality that pertains to it
		{"I live in Wales.", []want{w(me, "lives_in", "Wales")}},
		{"I'm Welsh.", []want{w(me, "nationality", "Welsh")}},
		// GeoNames capitals whose name SCOWL spells
		{"i'm from trieste", []want{w(me, "from", "Trieste")}},
		{"we just moved to podgorica", []want{w(me, "lives_in", "Podgorica"), {s: me, p: "moved", c: "Podgorica", kind: "experience", pol: "positive"}}},
		// a given name that is also a town is no place ("Jackson" is a
		// WordNet state capital, so no name either: it gives nothing)
		{"my friend Jackson called", nil},
		{"I'm with Jackson now.", nil},
		{"My friend Kara called me yesterday.", []want{w(me, "friend", "Kara")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
