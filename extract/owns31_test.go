package extract

import (
	"testing"
	"time"
)

// owns31Case is a turn with the facts it must give and those it must not;
// a claim "" in not stands for any claim of the predicate.
type owns31Case struct {
	text      string
	want, not [][3]string
}

func checkOwns31(t *testing.T, cases []owns31Case) {
	t.Helper()
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range cases {
		got := TurnFacts(tc.text, "person:me", at)
		has := func(x [3]string) bool {
			for _, g := range got {
				if g.Subject == x[0] && g.Predicate == x[1] && (x[2] == "" || g.Claim == x[2]) && g.Polarity == Positive && g.Kind == World {
					return true
				}
			}
			return false
		}
		for _, x := range tc.want {
			if !has(x) {
				t.Errorf("%q: want %v, got %v", tc.text, x, got)
			}
		}
		for _, x := range tc.not {
			if has(x) {
				t.Errorf("%q: must not give %v, got %v", tc.text, x, got)
			}
		}
	}
}

func TestOwnsSaid31(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		// owning said with "own"
		{"I own exactly one pair of hiking boots and they're from 2009.", [][3]string{me("owns", "hiking boots")}, [][3]string{me("owns", "they're")}},
		{"I even own a Jets jersey.", [][3]string{me("owns", "Jets jersey")}, nil},
		{"Now I own snow tyres and a block heater.", [][3]string{me("owns", "snow tyres"), me("owns", "block heater")}, [][3]string{me("owns", "snow tyres and a block heater")}},
		{"I don't own a jersey.", nil, [][3]string{me("owns", "")}},
		{"I want to own a boat someday.", nil, [][3]string{me("owns", "")}},
		{"Do you own a drill?", nil, [][3]string{me("owns", "")}},
		// "I have" a thing of the goods lists
		{"I only have a yoga mat and two small dumbbells", [][3]string{me("owns", "yoga mat"), me("owns", "dumbbells")}, nil},
		{"Did I show you that I have a big bookshelf too?", [][3]string{me("owns", "bookshelf")}, nil},
		{"Do I have a bookshelf?", nil, [][3]string{me("owns", "")}},
		{"Once I have a bookshelf I'll sort the books.", nil, [][3]string{me("owns", "")}},
		{"I have a game tonight.", nil, [][3]string{me("owns", "")}},
		{"I have a laptop from work.", nil, [][3]string{me("owns", "")}},
		{"We have a printer in the office.", nil, [][3]string{me("owns", "")}},
		{"I have a tablet for my dad.", nil, [][3]string{me("owns", "")}},
		{"I have a bed for you if you come.", nil, [][3]string{me("owns", "")}},
		{"I have a yoga mat lol jk", nil, [][3]string{me("owns", "")}},
		{"If I have a microwave I'll cook.", nil, [][3]string{me("owns", "")}},
		// a thing that broke down
		{"My Garmin died at 19km so I'm claiming it was 30.", [][3]string{me("owns", "Garmin")}, nil},
		{"My laptop crashed last week and I lost all my work.", [][3]string{me("owns", "laptop")}, nil},
		{"My husky Tikaani died on Saturday.", nil, [][3]string{me("owns", "")}},
		{"My brother's laptop died.", nil, [][3]string{me("owns", "")}},
		{"My battery died.", nil, [][3]string{me("owns", "")}},
		{"Your laptop crashed?", nil, [][3]string{me("owns", "")}},
		// a vehicle taken in for a service
		{"I just took my Ferrari for a service and it was so stressful.", [][3]string{me("owns", "Ferrari")}, nil},
		{"I took my Tesla to the shop.", [][3]string{me("owns", "Tesla")}, nil},
		{"I took my mom for a check-up.", nil, [][3]string{me("owns", "")}},
		// a thing that means much, pointed at
		{"This guitar means so much to me; it's a reminder of my passion.", [][3]string{me("owns", "guitar")}, nil},
		{"This necklace is super special to me - a gift from my grandma.", [][3]string{me("owns", "necklace")}, nil},
		{"This song means so much to me.", nil, [][3]string{me("owns", "")}},
		{"This place means so much to me.", nil, [][3]string{me("owns", "")}},
		// a thing found second-hand
		{"I've been working on that Ford Mustang I found in a junkyard.", [][3]string{me("owns", "Ford Mustang")}, nil},
		{"I found a lamp at a thrift store.", [][3]string{me("owns", "lamp")}, nil},
		{"I found a friend at a flea market.", nil, [][3]string{me("owns", "")}},
	})
}

func TestNotOwned31(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"I got a book from the library.", nil, [][3]string{me("owns", "")}},
		{"I have a small apartment in Tartu that I rent out.", [][3]string{me("owns", "apartment")}, nil},
		{"I own up to my mistakes.", nil, [][3]string{me("owns", "")}},
		{"I got a rental car at the airport.", nil, [][3]string{me("owns", "")}},
		{"I got a loaner car while mine is in the shop.", nil, [][3]string{me("owns", "")}},
		{"Rent one. In Cusco we have a rental house for camera gear.", nil, [][3]string{me("owns", "")}},
		{"I bought some new headphones.", [][3]string{me("owns", "headphones")}, nil},
		{"I got a new car last week.", [][3]string{me("owns", "car")}, nil},
	})
}

func TestPetCare31(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"Sounds good. Well I'll make sure I give the turtles a bath before you get here.", [][3]string{me("has_pet", "turtles")}, nil},
		{"I need to walk the dog.", [][3]string{me("has_pet", "dog")}, nil},
		{"I have to feed the cats before I leave.", [][3]string{me("has_pet", "cats")}, nil},
		{"I took the dogs to the vet.", [][3]string{me("has_pet", "dogs")}, nil},
		{"sausages, mustard, rye bread. and dog food for Hilla", [][3]string{me("has_pet", "Hilla")}, nil},
		{"I'd love to walk the dogs with you sometime.", nil, [][3]string{me("has_pet", "")}},
		{"He took the dog to the vet.", nil, [][3]string{me("has_pet", "")}},
		{"I volunteer at the shelter, I walk the dogs there.", nil, [][3]string{me("has_pet", "")}},
		{"Can you feed the cats?", nil, [][3]string{me("has_pet", "")}},
		{"I'm dog-sitting and I walk the dog twice a day.", nil, [][3]string{me("has_pet", "")}},
		{"I give the dog a treat whenever I visit my neighbour's.", nil, [][3]string{me("has_pet", "")}},
		{"We fed the ducks at the lake.", nil, [][3]string{me("has_pet", "")}},
		// "our" pets said of people in general or of both speakers
		{"The bond between us and our pets is amazing.", nil, [][3]string{me("has_pet", "")}},
		{"I'm so lucky to have a friend like you who loves exploring and being outside with our dogs.", nil, [][3]string{me("has_pet", "")}},
		{"A bond with our pooches takes time. And your pup looks so sharp in that hat!", nil, [][3]string{me("has_pet", "")}},
		{"Our dogs had a blast at the beach.", [][3]string{me("has_pet", "dogs")}, nil},
		{"We should plan a trip for both of us and our pups!", [][3]string{me("has_pet", "pups")}, nil},
		{"My dogs and I went hiking, you would love it.", [][3]string{me("has_pet", "dogs")}, nil},
	})
}

func TestSpouseAndKids31(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"I just had a picnic with the wife and kids.", [][3]string{me("child", ""), me("wife", "")}, nil},
		{"Yeah, my family is awesome - me, the missus, and the kids.", [][3]string{me("child", ""), me("wife", "")}, nil},
		{"The kids at school loved it.", nil, [][3]string{me("child", "")}},
		{"Is the wife and kids coming?", nil, [][3]string{me("child", "")}},
		{"The missus at the shop was rude.", nil, [][3]string{me("wife", "")}},
	})
}

func TestPetWords31(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"We've got a pup and a kitty. That's the dog, and here's our cat!", [][3]string{me("has_pet", "dog"), me("has_pet", "cat")}, [][3]string{me("has_pet", "pup")}},
		{"It's great for my pup's walks. Last Friday my dogs had a blast!", [][3]string{me("has_pet", "dogs")}, nil},
		{"We got a pup last week.", [][3]string{me("has_pet", "pup")}, nil},
		{"I love new parks with my four pups. Last weekend our dogs ran around.", [][3]string{me("has_pet", "pups")}, [][3]string{me("has_pet", "dogs")}},
		{"My pup loves your dog.", [][3]string{me("has_pet", "pup")}, nil},
		{"Buddy and I have a great time doing walks. He's the best pup ever.", [][3]string{me("has_pet", "Buddy")}, nil},
		{"Sam and I went for a walk. He's the best.", nil, [][3]string{me("has_pet", "")}},
		{"Sam and I walked your dog. He's such a good dog.", nil, [][3]string{me("has_pet", "Sam")}},
		{"Sam and I walked Rex and Max. He's such a good dog.", nil, [][3]string{me("has_pet", "Sam")}},
	})
}
