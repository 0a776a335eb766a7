package extract

import (
	"testing"
	"time"
)

// TestHomes35 holds the home rules of session 35 (homes35.go), each beside
// the near misses it must leave alone. A case's want and not are claims of
// lives_in (the speaker's, or a relative's) with their polarity.
func TestHomes35(t *testing.T) {
	type home struct{ who, claim, pol string }
	pos := func(c string) home { return home{"person:me", c, Positive} }
	neg := func(c string) home { return home{"person:me", c, Negative} }
	their := func(who, c string) home { return home{who, c, Positive} }
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text      string
		want, not []home
	}{
		// group 2: here on an island, for us in a place
		{"Midsummer has passed and the light is still never ending here on Gotland.", []home{pos("Gotland")}, nil},
		{"Lucky you, swarms are still a month away for us in Bergen.", []home{pos("Bergen")}, nil},
		{"Over here in Galway it rains every day.", []home{pos("Galway")}, nil},
		{"We're here on Crete for the week, the beaches are amazing.", nil, []home{pos("Crete")}},
		{"My mum is coming to us in October instead.", nil, []home{pos("October")}},
		// group 3: a home left after the new place
		{"I moved to Bergen on Monday, from Trondheim, and the caretaker gave me this number.", []home{neg("Trondheim"), pos("Bergen")}, []home{pos("Trondheim")}},
		{"We moved to Dubai only in July from Tehran, so everything is new for him.", []home{neg("Tehran")}, nil},
		{"He's new to the club, we only moved up from Geelong over summer", []home{neg("Geelong")}, nil},
		{"grew up in Nuku'alofa, did uni in Auckland and moved here from Auckland two weeks ago", []home{neg("Auckland")}, nil},
		{"She just moved from Leeds, she loves it here.", nil, []home{neg("Leeds")}},
		{"We're moving from Bergen to Tromsø this summer.", nil, []home{neg("Bergen")}},
		// group 4: where the turn's one named relative lives
		{"Also my brother Tarjei's 30th is on the 9th, he lives in Bodø. gift idea?", []home{their("Tarjei", "Bodø")}, nil},
		{"Dresden is beautiful. My brother Florian lived there for a while, now he's in Linz with his kids", []home{their("Florian", "Linz")}, nil},
		{"Thank you. Haruto is my grandson, he is 18. He live in Toronto with my daughter since 10 years.", []home{their("Haruto", "Toronto")}, nil},
		{"My sister Morenike would never let her boys near a motorbike. She's in Leeds now, married to a Yorkshireman.", []home{their("Morenike", "Leeds")}, nil},
		{"My sister Ama called, she's in Paris this week for a conference.", nil, []home{their("Ama", "Paris")}},
		{"My brother Kofi and my sister Ama are great, she lives in Leeds.", nil, []home{their("Ama", "Leeds"), their("Kofi", "Leeds")}},
		{"My friend Tom is in hospital, he's in Leeds General.", nil, []home{their("Tom", "Leeds")}},
	} {
		got := TurnFacts(tc.text, "person:me", at)
		has := func(h home) bool {
			for _, g := range got {
				if g.Subject == h.who && predFamily(g.Predicate) == "home" && g.Claim == h.claim && g.Polarity == h.pol && g.Kind == World {
					return true
				}
			}
			return false
		}
		for _, h := range tc.want {
			if !has(h) {
				t.Errorf("%q: want lives_in %v, got %v", tc.text, h, got)
			}
		}
		for _, h := range tc.not {
			if has(h) {
				t.Errorf("%q: must not give lives_in %v, got %v", tc.text, h, got)
			}
		}
	}
}
