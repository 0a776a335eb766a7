package extract_test

import (
	"testing"
	"time"
)

// TestPossessionRulesSession29 holds the possession rules of session 29
// (possessions29.go), each beside the near miss it must leave alone.
func TestPossessionRulesSession29(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A pet named in the shared photo's frame.
		{"Here's a pic of Biscuit after the groomer! [shares a photo: a photo of a small white dog on a sofa]", []want{w(me, "has_pet", "Biscuit")}},
		{"His name is Waffles. He sleeps all day. [shares a photo: a photo of an orange cat in a box]", []want{w(me, "has_pet", "Waffles")}},
		{"Here's a pic of Dana at the lake. [shares a photo: a photo of a woman and a dog by a lake]", nil},
		{"Here's a pic of Dana at the lake.", nil},
		// Names given to pets the turn speaks of.
		{"We've got three rescue dogs now. Their names are Juno, Pickle and Moss.", []want{w(me, "has_pet", "Juno"), w(me, "has_pet", "Pickle"), w(me, "has_pet", "Moss")}},
		{"Her name is Kiki, a tabby from the shelter down the road.", []want{w(me, "has_pet", "Kiki")}},
		{"MEET MY NEW BABY 🐶 his name is BRUNO", []want{w(me, "has_pet", "BRUNO")}},
		{"We hired a new designer. Her name is Linda.", nil},
		{"My sister got a kitten, her name is Luna.", []want{w(me, "sister", "Alice's sister")}},
		{"What are their names?", nil},
		// A pet named after a pronoun that stands for it, or named in pairs
		// at the end of the clause; the kind is then left out.
		{"I finally adopted a kitten! she was hiding under a car. her name is Pip", []want{w(me, "has_pet", "Pip"), ev(me, "adopted", "kitten", "")}},
		{"We got a dog last month. He's three, very shy and called Bramble.", []want{w(me, "has_pet", "Bramble")}},
		{"I adopted two old rabbits from the rescue, Fudge and Clover", []want{w(me, "has_pet", "Fudge"), w(me, "has_pet", "Clover"), ev(me, "adopted", "rabbit", "")}},
		{"I met two designers at the fair, Anna and Rui.", nil},
		{"My neighbour has a cat. She's called Misty.", []want{w(me, "neighbor", "Alice's neighbor")}},
		// A thing shown in the photo and named only by a pointing word: the
		// caption's noun.
		{"Look what I got!! [shares a photo: a photo of a ukulele leaning against a wall]", []want{w(me, "owns", "ukulele")}},
		{"Here's a pic of my set [shares a photo: a photo of a chess set on a wooden table]", []want{w(me, "owns", "chess set")}},
		{"Check out this beauty. [shares a photo: a photo of a blue vintage motorcycle parked on a street]", []want{w(me, "owns", "motorcycle")}},
		{"Check out this beauty. [shares a photo: a photo of a sunset over the sea]", nil},
		{"Look what I found at the market, a Leica from 1970! [shares a photo: a photo of an old camera on a table]", []want{w(me, "owns", "Leica")}},
		{"Look what my brother got! [shares a photo: a photo of a ukulele leaning against a wall]", []want{w(me, "brother", "Alice's brother")}},
		{"Did you see what I got? [shares a photo: a photo of a ukulele leaning against a wall]", nil},
		// "rates" is no plural of "rat".
		{"My rates went up this year.", nil},
		{"My rats love the new cage.", []want{w(me, "has_pet", "rats")}},
		// Disbelief denies nothing.
		{"Six years this month and I still can't believe I own a bakery", []want{w(me, "owns", "bakery")}},
		{"I don't own a bakery", []want{neg(me, "owns", "bakery")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
