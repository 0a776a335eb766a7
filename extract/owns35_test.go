package extract

import "testing"

// TestOwns35 holds the possession rules of session 35 (owns35.go), each
// beside the near misses it must leave alone.
func TestOwns35(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	any := [][3]string{me("owns", "")}
	checkOwns31(t, []owns31Case{
		// a herd or hives counted
		{"Just shut the gate behind, I've got 300 ewes in that paddock and they're due to lamb in August", [][3]string{me("owns", "300 ewes")}, nil},
		{"Calving's done by end of April but we've 80 cows and somebody has to milk them", [][3]string{me("owns", "80 cows")}, nil},
		{"I have fourteen hives now and spring is the busy season.", [][3]string{me("owns", "fourteen hives")}, nil},
		{"Our three hives are barely out of winter.", [][3]string{me("owns", "three hives")}, nil},
		{"Gotland sheep, the old breed. I have eleven Gotland sheep.", [][3]string{me("owns", "eleven Gotland sheep")}, nil},
		{"My uncle has 40 cows.", nil, any},
		{"I'd love to have two hives one day.", nil, any},
		{"I don't have 30 sheep.", nil, any},
		{"We saw 80 cows on the road.", nil, any},
		{"I had two hives in 2016.", nil, any},
		{"Do you have 40 cows?", nil, any},
		// a pet named after "very" and its kind
		{"I love that. I don't have kids, I have a very spoiled rabbit named Dikkertje. Does that count", [][3]string{me("has_pet", "Dikkertje")}, nil},
		{"no kids, just a very old cat called Snorri and a boyfriend who knits", [][3]string{me("has_pet", "Snorri")}, nil},
		{"My sister has a very old dog named Rex.", nil, [][3]string{me("has_pet", "")}},
		{"I have a very good friend named Ana.", nil, [][3]string{me("has_pet", "")}},
		{"I don't have a very old cat called Snorri.", nil, [][3]string{me("has_pet", "")}},
		// an allotment or a garden plot
		{"My allotment is beautiful this year. Callaloo coming up lovely.", [][3]string{me("owns", "allotment")}, nil},
		{"I got my first allotment in February, after nearly two years on the waiting list.", [][3]string{me("owns", "allotment")}, nil},
		{"I've had my plot there since I retired, I grow ugwu and scotch bonnet", [][3]string{me("owns", "plot")}, nil},
		{"My plot twist was weak, I need to grow as a writer.", nil, any},
		{"The plot of my novel is a mess.", nil, any},
		{"I've got a plot for my next book.", nil, any},
		{"I'm on the waiting list for an allotment.", nil, any},
		{"I'd love an allotment one day.", nil, any},
		{"My partner keeps saying I've lost the plot.", nil, any},
	})
}
