package extract_test

import (
	"testing"
	"time"
)

// TestEventRulesSession35 holds the event rules of session 35
// (events35.go), each beside the near misses it must leave alone.
func TestEventRulesSession35(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A place gone to for a wedding; not ahead, not another's.
		{"I did that for my brother's wedding in Meknes last year", []want{w(me, "brother", "Alice's brother"), ev(me, "visited", "Meknes", "")}},
		{"We went to my cousin's wedding in Leeds last month.", []want{w(me, "cousin", "Alice's cousin"), ev(me, "visited", "Leeds", "")}},
		{"My parents went to a wedding in Leeds.", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother")}},
		{"We are going to a wedding in Leeds next month.", []want{fut(me, "plans", "go to wedding in Leeds", ""), fut(me, "travels_to", "Leeds", "")}},
		// A place gone to without "to"; not a word that is no place.
		{"Yes we went Cappadocia with my cousins for bayram.", []want{w(me, "cousin", "Alice's cousins"), ev(me, "visited", "Cappadocia", "")}},
		{"Last summer we went Spain for two weeks.", []want{ev(me, "visited", "Spain", "")}},
		{"We went Dutch on the bill.", nil},
		{"I went home early.", nil},
		// A move after a comma, dated by an age; not a visit.
		{"I'm originally from Shiraz though, came to Canada at 19", []want{w(me, "from", "Shiraz"), ev(me, "moved", "Canada", "")}},
		{"I'm from Shiraz, came to Paris in 2019 for a conference.", []want{w(me, "from", "Shiraz")}},
		// An animal taken in from a shelter, a rescue or the street; not a
		// pronoun, not a thing from a shop, not ahead, not asked.
		{"I rescued Biscuit from the pound last spring.", []want{w(me, "has_pet", "Biscuit"), ev(me, "adopted", "Biscuit", "")}},
		{"I took Luna from the shelter.", []want{w(me, "has_pet", "Luna")}},
		{"I adopt a cat from the street, she live in my room secretly", []want{ev(me, "adopted", "cat", "")}},
		{"Mine was Pamuk, a white street cat I took in back in Kadıköy.", []want{ev(me, "adopted", "white street cat", "")}},
		{"We got her from the shelter last year.", nil},
		{"I got a dog from the shelter in January.", []want{w(me, "has_pet", "dog")}},
		{"I got a new lamp from the shop.", []want{w(me, "owns", "lamp")}},
		{"Did you get a dog from the shelter?", nil},
		{"My sister took in a stray last winter.", []want{w(me, "sister", "Alice's sister")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
