package extract_test

import (
	"testing"
	"time"
)

// TestRegions holds regions that neither WordNet's places nor GeoNames'
// towns list (states, provinces, counties, islands: regions.txt, CLDR's
// subdivisions; sentences written for this test, none from a labelled set),
// and names the generator leaves out because chat means a person by them
// ("Kerry", "Clare").
func TestRegions(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		{"I grew up in Donegal.", []want{w(me, "from", "Donegal")}},
		{"im from kerala originally", []want{w(me, "from", "Kerala")}},
		{"i live in hampshire now", []want{w(me, "lives_in", "Hampshire")}},
		{"We just got back from Penang, it was lovely!", []want{{s: me, p: "visited", c: "Penang", kind: "experience", pol: "positive"}}},
		// given names and words CLDR also has as regions stay persons or
		// words
		{"my husband kerry works late", []want{w(me, "husband", "Kerry")}},
		{"My friend Clare called me yesterday.", []want{w(me, "friend", "Clare")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
