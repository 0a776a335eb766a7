package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession29 holds the preference rules of session 29
// (tastes29.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession29(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// favkind: a favourite named inside a sentence; not a vocative, a
		// place or a holiday, nor "one of my favourite …".
		{"We spent the night on my favourite game called Rocket League.", []want{w(me, "likes", "Rocket League")}},
		{"We streamed our favorite show, Bluey, all afternoon.", []want{w(me, "likes", "Bluey")}},
		{"I beat my favorite Zelda game again last week.", []want{w(me, "likes", "Zelda")}},
		{"It's my favourite film, Sam!", nil},
		{"We ate at my favourite Lisbon restaurant.", nil},
		{"We watched my favourite Christmas movie.", nil},
		{"I rewatched one of my favorite horror movies.", nil},
		{"I keep my favourite old books by the bed.", nil},
		// pronoun: a liking of "it"/"them" just after a kind was praised;
		// not the weather, the listener's thing or a thing shown.
		{"Ramen is so good! I love it!", []want{w(me, "likes", "Ramen")}},
		{"Yeah, jazz is magical - it really speaks to me.", []want{w(me, "likes", "jazz")}},
		{"Horses are amazing! They bring me such peace. Can't imagine life without them!", []want{w(me, "likes", "Horses")}},
		{"Oh, gardening's awesome! I'm a huge fan of it.", []want{w(me, "likes", "gardening")}},
		{"Definitely Blade Runner! It's my favorite.", []want{w(me, "likes", "Blade Runner")}},
		{"The weather is great! I love it.", nil},
		{"Your cake is amazing! I love it.", nil},
		{"This place is awesome, I love it.", nil},
		{"Awesome! I love it.", nil},
		// verbs: "will always love", "make me love", "all about", "a huge
		// part of my life"; not a person, a thing said elsewhere.
		{"I will always love painting, honestly.", []want{w(me, "likes", "painting")}},
		{"Days like that make me love tennis even more.", []want{w(me, "likes", "tennis")}},
		{"I'm all about these cupcakes!", []want{w(me, "likes", "cupcakes")}},
		{"Honestly, knitting is a huge part of my life.", []want{w(me, "likes", "knitting")}},
		{"My family is a huge part of my life.", nil},
		{"Stress is a big part of my job.", nil},
		{"It made me love him even more.", nil},
		{"Those wins make me love the game.", nil},
		{"I'm all about that.", nil},
		// ongoing: a pastime said as going on, a game being played; not a
		// trip, a task or a role.
		{"Been swimming a lot lately, it clears my head.", []want{w(me, "likes", "swimming")}},
		{"I've been sketching to keep busy.", []want{w(me, "likes", "sketching")}},
		{"I'm currently playing Hollow Knight, so tough.", []want{w(me, "likes", "Hollow Knight")}},
		{"I've also been playing a game nonstop called \"Stardew Valley\".", []want{w(me, "likes", "Stardew Valley")}},
		{"Been running around all day.", nil},
		{"I'm playing Jake in the school play.", nil},
		// which: "X, which I love".
		{"I mostly listen to old records and a lot of Brazilian bossa nova, which I really love", []want{w(me, "likes", "Brazilian bossa nova")}},
		{"I do most of the night shifts now, which I love because it's quiet.", []want{w(me, "likes", "night shifts")}},
		{"She bought me flowers, which I love.", nil},
		// kinds: things called the kind one enjoys; an obsession.
		{"Surfing, sailing, and rowing are all fun summer sports I enjoy.",
			[]want{w(me, "likes", "Surfing"), w(me, "likes", "sailing"), w(me, "likes", "rowing")}},
		{"Cozy mysteries with small-town settings are what I enjoy reading.", []want{w(me, "likes", "Cozy mysteries"), w(me, "likes", "reading")}},
		{"And I have a slight obsession with succulents.", []want{w(me, "likes", "succulents")}},
		{"been obsessed w sea turtles since i was a kid", []want{w(me, "likes", "sea turtles")}},
		{"Those are things I enjoy?", nil},
		// hooked: a pastime taken up, then said to have caught the
		// speaker; not lessons of what was said elsewhere, nor a spell.
		{"I took up rowing in the spring. Now I'm hooked.", []want{w(me, "likes", "rowing"), ev(me, "started", "rowing", "")}},
		{"Got into moths during the summer. Now I'm totally hooked!", []want{w(me, "likes", "moths")}},
		{"I started lessons in May and I'm awful, but I love it.", nil},
		{"I've been waiting for the bus for an hour and I love it.", nil},
		// chat: tastes said the way chat says them; not a place won, a
		// value one is "big on", a resolve, a person.
		{"i got really into climbing with some mates from work", []want{w(me, "likes", "climbing")}},
		{"I got into Oxford!", nil},
		{"We're both big on seafood.", []want{w(me, "likes", "seafood")}},
		{"I'm big on the idea.", nil},
		{"I been a Lakers man since I was a boy", []want{w(me, "likes", "Lakers")}},
		{"I'm not giving up espresso, don't even ask.", []want{w(me, "likes", "espresso")}},
		{"I'm not giving up on my dream.", nil},
		{"tbh?? kinda love gardening 🥹", []want{w(me, "likes", "gardening")}},
		{"The old tin robots mostly. I've been obsessed with them all winter.", []want{w(me, "likes", "old tin robots")}},
		{"Thanks so much! I've been obsessed with them.", nil},
		{"there's a stall with spicy dumplings that even i like", []want{w(me, "likes", "spicy dumplings")}},
		{"I really can't abide crowds.", []want{w(me, "dislikes", "crowds")}},
		{"I can't bear to watch.", nil},
		{"No beans please, they don't agree with me lol", []want{w(me, "dislikes", "beans")}},
		{"My boss doesn't agree with me.", []want{w(me, "manager", "Alice's manager")}},
		// "she" is not the place named after "at".
		{"Tinta on her first day at Carcavelos. She's terrified of the tram", nil},
		// drop: a spell of something, the people one works with; not a
		// pastime kept up for years, nor helping people said as a liking.
		{"I've been travelling for two weeks.", nil},
		{"Been rehearsing the speech all morning.", nil},
		{"I've been running for ten years.", []want{w(me, "likes", "running")}},
		{"Work is hectic but I like my team.", nil},
		{"We both love helping people.", []want{w(me, "likes", "helping people")}},
		// pairs: two plurals liked are two likings; not a binomial.
		{"Luca loves trains and tall ships.", []want{w("Luca", "likes", "trains"), w("Luca", "likes", "tall ships")}},
		{"I love arts and crafts.", []want{w(me, "likes", "arts and crafts")}},
		{"I love organizing workshops and events.", []want{w(me, "likes", "organizing workshops and events")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
