package extract_test

import (
	"testing"
	"time"
)

// TestPrecisionRulesSession29 holds session 29's precision pass
// (precision29.go), each form beside a near miss it must leave alone.
func TestPrecisionRulesSession29(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A pet that died or was once had is had no more (has_pet
		// negative): kept against the read sets' labels, which write it
		// positive (precision29.go's doc).
		{"Bad news, my old dog Rufus died in March. He was fifteen.", []want{neg(me, "has_pet", "Rufus")}},
		{"My tabby Mitten passed away on Sunday.", []want{neg(me, "has_pet", "Mitten")}},
		{"We used to have a rabbit when I lived in Porto.", []want{neg(me, "has_pet", "rabbit"), neg(me, "lives_in", "Porto")}},
		{"I don't have a dog, mine died years ago.", []want{neg(me, "has_pet", "dog")}},
		{"I've never had a cat.", nil},
		// An engagement is an event and the partner.
		{"I'm engaged!! Tomás asked me at the lake", []want{ev(me, "engaged", "engaged", ""), w(me, "partner", "Tomás")}},
		{"I'm engaged in a big project at work.", nil},
		// An errand said with "will" is no plan.
		{"OK I will knock on Thursday then.", nil},
		{"I'll swap shifts with someone for the 9th.", nil},
		{"I will show Marta after dinner.", nil},
		// The speaker's pet named with "called", even in lower case: the name.
		{"omg we finally got a cat!! a little tabby called pickle", []want{w(me, "has_pet", "pickle")}},
		{"we got a kitten named after my grandad", []want{w(me, "has_pet", "kitten"), w(me, "grandfather", "Alice's grandfather")}},
		{"I have a dog. My neighbour has a parrot called Kiwi.", []want{w(me, "has_pet", "dog"), w(me, "neighbor", "Alice's neighbor")}},
		// A flight is no plan; the trip's place is.
		{"Booked it! We fly out of Gatwick on the 3rd.", nil},
		// A thing or place to show, or a trip, is a plan still.
		{"I'll visit my aunt in Cork in June.", []want{w(me, "aunt", "Alice's aunt"), fut(me, "plans", "visit my aunt in Cork", "")}},
		// A club joined or a shop owned, named in apposition: the name.
		{"I finally joined a cycling club here, the Harbour Wheelers.", []want{ev(me, "joined", "Harbour Wheelers", "")}},
		{"I own a café in the old town, Kaffe Bruna, since 2012.", []want{w(me, "owns", "Kaffe Bruna")}},
		{"I joined a walking group that meets at dawn. The Early Striders. Love it.", []want{ev(me, "joined", "Early Striders", "")}},
		{"I joined a choir, Anna talked me into it.", []want{ev(me, "joined", "choir", "")}},
		{"I joined a gym, Monday was my first day.", []want{ev(me, "joined", "gym", "")}},
		// An intensifier left over from a cut quality word goes too.
		{"I bought a very bad bicycle and joined a club.", []want{w(me, "owns", "bicycle"), ev(me, "joined", "club", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
