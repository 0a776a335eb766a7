package extract

import "testing"

// TestOwns32 holds the possession rules of session 32 (owns32.go), each
// beside the near misses it must leave alone.
func TestOwns32(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	any := [][3]string{me("owns", "")}
	checkOwns31(t, []owns31Case{
		// things bought or got
		{"Look at us, being adults. I even bought a drill last week.", [][3]string{me("owns", "drill")}, nil},
		{"I bought a tanuki statue that's way too big for my flat", [][3]string{me("owns", "tanuki statue")}, nil},
		{"Right, bought a multi-tool (it was on offer, my wife is thrilled).", [][3]string{me("owns", "multi-tool")}, nil},
		{"Picked up a secondhand Olympus OM-1 at a car boot sale for forty quid.", [][3]string{me("owns", "Olympus OM-1")}, nil},
		{"I got the new Novablasts and my shins have finally stopped screaming.", [][3]string{me("owns", "Novablasts")}, nil},
		{"I've got a ute so space isn't an issue.", [][3]string{me("owns", "ute")}, nil},
		{"Also we bought a flat! In Újlipótváros.", [][3]string{me("owns", "flat")}, [][3]string{me("owns", "In Újlipótváros")}},
		{"I just got a new cutting-edge gaming system and the graphics are incredible.", [][3]string{me("owns", "cutting-edge gaming system")}, nil},
		{"Very. I bought a swamp cooler and a hat the size of an umbrella", [][3]string{me("owns", "swamp cooler"), me("owns", "hat")}, nil},
		{"I bought some new devices and refurbished my gaming desk.", [][3]string{me("owns", "devices")}, [][3]string{me("owns", "refurbished gaming desk")}},
		{"I want to buy a drill.", nil, any},
		{"I'm getting a new phone next week.", nil, any},
		{"My brother bought a new drill.", nil, any},
		{"I bought a drill for my dad.", nil, any},
		{"I got a small job translating a cookbook.", nil, any},
		{"Ok I've ordered a bag of dark rye from the mill.", nil, any},
		{"I got a letter from the council.", nil, any},
		{"I got a flat tire on the way home.", nil, any},
		{"I got a coffee on the way.", nil, any},
		{"We got an Uber back to the hotel.", nil, any},
		{"I got a book from the library.", nil, any},
		{"I've got a tiny flat in Graça with a view of the river.", nil, [][3]string{me("owns", "flat")}},
		{"They gave me a medal!", nil, any},
		// things kept
		{"I still have the accordion in the basement, nobody can play it.", [][3]string{me("owns", "accordion")}, nil},
		{"I still have the Bechstein piano, she remembers it", [][3]string{me("owns", "Bechstein piano")}, nil},
		{"Best and worst weekend of my life. I still have the wristband somewhere.", [][3]string{me("owns", "wristband")}, nil},
		{"I still have the feeling it went wrong.", nil, any},
		{"I still have the photos from that trip.", nil, any},
		// things given to the speaker
		{"My daughter gave me a record player for my birthday and now I need records.", [][3]string{me("owns", "record player")}, nil},
		{"he made me a sweater with puffins on it. it's hideous and i love it", [][3]string{me("owns", "sweater")}, nil},
		{"My mum made me a cake for my birthday.", nil, any},
		{"My boss gave me a laptop for the project.", nil, any},
		{"My sister sent me a photo of the kids.", nil, any},
	})
	checkOwns31(t, []owns31Case{
		// a pet's word in a compound names no pet
		{"I have a dog-walking business.", [][3]string{me("owns", "dog-walking business")}, [][3]string{me("has_pet", "dog")}},
		{"I love my dog-walking routine with my dog.", [][3]string{me("has_pet", "dog")}, nil},
	})
}
