package extract_test

import (
	"testing"
	"time"
)

// TestPossessionRulesSession27 holds the possession rules of session 27
// (possessions27.go), each beside the near miss it must leave alone.
func TestPossessionRulesSession27(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Fond names for one's pets; not "our furry friends".
		{"My furry friends always make me happy.", []want{w(me, "has_pet", "furry friends")}},
		{"Last Friday I took my fur kids to the groomer.", []want{w(me, "has_pet", "fur kids")}},
		{"It's great to be out in nature with our furry friends.", nil},
		// A named animal walked, taken to the vet or brought from a shelter.
		{"I took Max for a walk and ran into a neighbor.", []want{w(me, "has_pet", "Max")}},
		{"Gotta take Toby out for a small hike at the local trail.", []want{w(me, "has_pet", "Toby")}},
		{"I took Luna from the shelter.", []want{w(me, "has_pet", "Luna")}},
		{"I took Grandma for a walk.", nil},
		{"She took Max for a walk.", nil},
		// A pet named with its kind in a clause of its own, or after "a pet".
		{"No kids yet, just a very spoiled cat named Biryani.", []want{neg(me, "child", "Alice's child"), w(me, "has_pet", "Biryani")}},
		{"Weird fact: I have a pet axolotl called Pancho.", []want{w(me, "has_pet", "Pancho")}},
		{"My neighbor has a dog, a beagle named Rex.", []want{w(me, "neighbor", "Alice's neighbor")}},
		// A pet adopted, shown as "this".
		{"I just adopted this cute pup from a shelter last week.", []want{w(me, "has_pet", "pup"), ev(me, "adopted", "pup", "")}},
		// A thing shown as bought, a new thing of one's own.
		{"These figurines I bought yesterday remind me of family love.", []want{w(me, "owns", "figurines")}},
		{"These tickets I bought are for Friday.", nil},
		{"My new kiln arrived after four months.", []want{w(me, "owns", "kiln")}},
		{"My new job starts on Monday.", nil},
		{"I bought a metal detector.", []want{w(me, "owns", "metal detector")}},
		{"Last week I threw a party for my new album.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
