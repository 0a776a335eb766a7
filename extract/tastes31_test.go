package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession31 holds the preference rules of session 31
// (tastes31.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession31(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// "I love it" of what one said one is doing; not a move or a plan,
		// not another's doing, not "they love it", not denied.
		{"I've been leading the design team since June and I actually love it.", []want{w(me, "likes", "leading the design team")}},
		{"burnout. i'm freelancing now, mostly logos. scary but i love it", []want{w(me, "likes", "freelancing")}},
		{"I'm taking them out for a stroll in the park - they love it.", nil},
		{"I'm helping her paint the fence and I love it.", nil},
		{"I'm freelancing now and I don't love it.", nil},
		{"I'm freelancing now. Do you love it?", nil},
		{"it's hideous and i love it", nil},
		// what a thing does for the speaker as for the listener.
		{"Yeah, nature has that effect on me too.", []want{w(me, "likes", "nature")}},
		{"Swimming does the same for me.", []want{w(me, "likes", "Swimming")}},
		{"It does the same for me.", nil},
		{"Your words have that effect on me.", nil},
		{"Coffee never has that effect on me.", nil},
		// a title or a place called one of one's favourites.
		{`I saw "The Hobbit" on your shelf, one of my favorites.`, []want{w(me, "likes", "The Hobbit")}},
		{`Did you see "The Hobbit" on my shelf, one of my favorites?`, nil},
		{"It's Lisbon! It's one of my favorite cities to explore.", []want{w(me, "likes", "Lisbon")}},
		{"It's Priya! It's one of my favorite photos of her.", nil},
		{"It's Lisbon! Is it one of your favorite cities?", nil},
		{"I watched Aftersun again last night. Still my favourite film, I think.", []want{w(me, "likes", "Aftersun")}},
		{"I watched Aftersun with Sam. Still my favourite person.", nil},
		{"Did you watch Aftersun? Still my favourite film.", nil},
		// pastimes named, and "it" praised in the next sentence for what
		// it does for one; or done "to help relax".
		{"I'm trying to make time for yoga and meditation. It helps me stay grounded.", []want{w(me, "likes", "yoga"), w(me, "likes", "meditation")}},
		{"I do my watercolor painting in the evenings. It's a chill way to relax.", []want{w(me, "likes", "watercolor painting")}},
		{"I'm doing more pottery lately to help me unwind.", []want{w(me, "likes", "pottery")}},
		{"Most days I'm teaching yoga. It's a great way to find balance.", []want{w(me, "job_title", "yoga teacher")}},
		{"One of my go-to yoga routines is a slow flow. It helps me find my chill.", nil},
		{"My daughter loves painting. It helps her relax.", []want{w("Alice's daughter", "likes", "painting"), w(me, "daughter", "Alice's daughter")}},
		{"Do you do yoga? It helps me relax.", nil},
		{"I never got into pottery. It helps me relax, they say.", []want{w(me, "dislikes", "pottery")}},
		{"This is my go-to place for writing inspiration. It helps me stay sharp.", nil},
		// a food one cannot have, of those people are intolerant to; not
		// one kept off for now, not a day one cannot do.
		{"Unfortunately, I can't have dairy, so no ice cream for me.", []want{w(me, "allergic_to", "dairy")}},
		{"I cannot have milk products, they make me ill.", []want{w(me, "allergic_to", "milk products")}},
		{"Gluten-free is a must for me, especially for bread.", []want{w(me, "allergic_to", "gluten")}},
		{"I can't have coffee right now.", nil},
		{"I can't have dairy today, doctor's orders.", nil},
		{"I can't do Sunday, sorry.", nil},
		{"Can you have dairy?", nil},
		// a sport by its verb alone, or got up early for; not with an
		// object, denied or asked.
		{"I play chess on Thursdays. And I run, but not far", []want{w(me, "likes", "playing chess"), w(me, "likes", "running")}},
		{"lol sorry in advance, i wake up at 5am to swim", []want{w(me, "likes", "swimming")}},
		{"I run a small bakery.", []want{w(me, "owns", "bakery")}},
		{"I don't run, my knees are shot.", nil},
		{"Do I run?", nil},
		// a named person's coeliac disease said with "'s"; not a place's.
		{"Food! Cian's coeliac so eating out is an adventure.", []want{w("Cian", "allergic_to", "gluten")}},
		{"Is Cian's coeliac test back?", nil},
		{"Lisbon's coeliac scene is great.", nil},
		// a clause split off a list at its "and" is no taste.
		{"Calum loves hot dogs and he hates tacos.", []want{w("Calum", "likes", "hot dogs")}},
		// praise of a thing shown, after "looks great" or a question about
		// the photo, is no taste; "I love the …" alone still is.
		{"Wow, looks great! Where did you take this picture? I love the dark sky.", nil},
		{"Wow, that looks amazing, Nate! I love the colour and texture.", nil},
		{"I love the ocean.", []want{w(me, "likes", "ocean")}},
		// what is said of a favourite there is no favourite.
		{"One of my favorites there is great for chilling and admiring nature.", nil},
		{"One of my favorites is hiking.", []want{w(me, "likes", "hiking")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
