package extract

import "testing"

// TestOwns34 holds the possession rules of session 34 (owns34.go), each
// beside the near misses it must leave alone.
func TestOwns34(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	any := [][3]string{me("owns", "")}
	checkOwns31(t, []owns31Case{
		// a thing named, then said bought or got
		{"Here are new photos of Seraphim in the new aquarium that I bought the day before yesterday.", [][3]string{me("owns", "aquarium")}, nil},
		{"Good tips. I'll wear the long linen trousers I bought in Crete last year", [][3]string{me("owns", "long linen trousers")}, nil},
		{"that jacket i bought from u last month is my favourite", [][3]string{me("owns", "jacket")}, nil},
		{"Do you like the scarf I bought you?", nil, any},
		{"The scarf I bought you is in the post.", nil, any},
		{"The bike I got for my son is too big.", nil, any},
		{"The drill my brother bought is great.", nil, any},
		{"The phone I want to buy is expensive.", nil, any},
		{"The coffee I got this morning was cold.", nil, any},
		{"The car we rented was tiny.", nil, any},
		{"The book I got from the library was great.", nil, any},
		{"The results I got were bad.", nil, any},
		{"If the lamp I ordered arrives, I'll send a pic.", nil, any},
		// the speaker's collection
		{"I love talking to people about my sneaker collection.", [][3]string{me("owns", "sneaker collection")}, nil},
		{"Can't wait to see what's up! This is my book collection so far.", [][3]string{me("owns", "book collection")}, nil},
		{"my vinyl collection is out of control", [][3]string{me("owns", "vinyl collection")}, nil},
		{"I love your record collection.", nil, any},
		{"My dad's stamp collection is huge.", nil, any},
		{"I want to start my own coin collection.", nil, any},
		{"Have you seen my comic collection?", nil, any},
		{"I finished my data collection for the thesis.", nil, any},
		{"Our waste collection is on Tuesdays.", nil, any},
	})
}
