package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession28 holds the preference rules and checks of session
// 28 (tastes28.go), each beside the near miss it must leave alone.
func TestTasteRulesSession28(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Another's taste, its subject a name the name list lacks; not a
		// word before "like" that is no one.
		{"Tokyo only a few days, Gerdina hates big crowds.", []want{w("Gerdina", "dislikes", "big crowds")}},
		{"Benedetta is mad about castles.", []want{w("Benedetta", "likes", "castles")}},
		{"Zanele is obsessed with the otters.", []want{w("Zanele", "likes", "otters")}},
		{"Pietro is allergic to hazelnuts, so no Nutella anywhere.", []want{w("Pietro", "allergic_to", "hazelnuts")}},
		{"Important: Paa Kwesi has a severe peanut allergy.", []want{w("Paa Kwesi", "allergic_to", "peanut")}},
		{"Izaro is celiac, so gluten is the real danger.", []want{w("Izaro", "allergic_to", "gluten")}},
		{"Ebo is scared of heights.", []want{w("Ebo", "dislikes", "heights")}},
		{"Sounds like a plan, John!", nil},
		{"Rye is hard. Wet like mud.", nil},
		// "he"/"she" for the one person named before; not for whom the
		// turn speaks to, nor when two people were named.
		{"I'll bring Konstantin, he loves Hindemith for some reason.", []want{w("Konstantin", "likes", "Hindemith")}},
		{"My flatmate Njeri will be thrilled, she's obsessed with Japanese food.",
			[]want{w(me, "roommate", "Njeri"), w("Njeri", "likes", "Japanese food")}},
		{"In my family is only one girl, Sigrid, she is 7, very calm, she like drawing all day.", []want{w("Sigrid", "likes", "drawing")}},
		{"Thanks Sam! He loves hiking.", nil},
		{"My sister met Tom at work, she loves hiking.", []want{w(me, "sister", "Alice's sister")}},
		// A food or drink kept out of one's diet; not a meal skipped or an
		// amount, and a dish not had in a while is no diet.
		{"Also I don't drink alcohol, so the beer tradition is out.", []want{w(me, "diet", "no alcohol")}},
		{"I don't eat raw fish, so no sushi dinners for me please.", []want{w(me, "diet", "no raw fish")}},
		{"Mireya doesn't eat pork.", []want{w("Mireya", "diet", "no pork")}},
		{"I haven't eaten meat in 12 years.", []want{w(me, "diet", "no meat")}},
		{"I don't eat breakfast.", nil},
		{"Calum doesn't drink much.", nil},
		{"I haven't eaten sushi in ages.", nil},
		// A taste said as the kind of person one is; not a trait.
		{"Rutger is a big bread person.", []want{w("Rutger", "likes", "bread")}},
		{"I'm strictly a hotel person.", []want{w(me, "likes", "hotel")}},
		{"I'm not a morning person.", nil},
		// A pastime kept by habit; not a chore, nor "a lot of" a thing.
		{"I do parkrun at Woodhouse Moor most Saturdays.", []want{w(me, "likes", "parkrun")}},
		{"We do karaoke on Wednesdays, very fun.", []want{w(me, "likes", "karaoke")}},
		{"I do the dishes every night.", nil},
		{"I cook most nights.", []want{w(me, "likes", "cooking")}},
		{"Jelena swims every morning.", []want{w("Jelena", "likes", "swimming")}},
		{"I cook a lot of beans.", nil},
		{"I walk to work every day.", nil},
		{"I've been doing yoga since I was a teen.", []want{w(me, "likes", "yoga")}},
		{"I've been doing double shifts.", nil},
		{"I go to the bocce club.", []want{w(me, "likes", "bocce")}},
		{"I go to a book club.", nil},
		// What one's day turns on, said as one's own.
		{"Weaving is my meditation.", []want{w(me, "likes", "Weaving")}},
		{"My exercise is the choir.", []want{w(me, "likes", "choir")}},
		{"My car is my pride.", []want{w(me, "owns", "car")}},
		{"I've been going to that gym since it opened, bouldering is basically my therapy.", []want{w(me, "likes", "bouldering")}},
		{"My day job is print design so pixel art keeps me sane.", []want{w(me, "likes", "pixel art")}},
		{"Work is my therapy.", nil},
		{"Also I'm vegetarian, haven't eaten meat since I was 15.", []want{w(me, "diet", "vegetarian"), w(me, "diet", "no meat")}},
		{"I haven't had meat today.", nil},
		// A thing named, then called one's favourite; not a person.
		{"Today I eat bún chả, my favorite 😋", []want{w(me, "likes", "bún chả")}},
		{"Maybe kelewele, fried plantain, it's my favourite food from home.", []want{w(me, "favorite_food", "kelewele")}},
		{"My favourite is Dave Brubeck.", []want{w(me, "likes", "Dave Brubeck")}},
		{"And Sam, my favourite!", nil},
		// A thing fronted before "I love"; not a relative clause.
		{"Fuchsias I love!", []want{w(me, "likes", "Fuchsias")}},
		{"Here's another recipe I like.", nil},
		// A pastime missed; not a person.
		{"I miss designing though.", []want{w(me, "likes", "designing")}},
		{"I miss seeing you.", nil},
		// A love the speaker shares; not one between people.
		{"We connected over our shared love for basketball.", []want{w(me, "likes", "basketball")}},
		{"So many people shared the same love of HP as me.", []want{w(me, "likes", "HP")}},
		{"Our love for each other is strong.", nil},
		// Kinds of things liked, with examples: the examples.
		{"I'm getting into different types of games now, like RPGs and strategy games.",
			[]want{w(me, "likes", "RPGs"), w(me, "likes", "strategy games")}},
		{"I love all kinds of music, like jazz, rock and pop.",
			[]want{w(me, "likes", "jazz"), w(me, "likes", "rock"), w(me, "likes", "pop")}},
		// Likings that are no taste of the speaker's.
		{"The embassy fee went up again. Wonderful. I love paying more every year.", nil},
		{"Oh yes, I LOVE humidity. Houston in August is my happy place. 🙃", nil},
		{"Oh yes, I love hiking!", []want{w(me, "likes", "hiking")}},
		{"My team still thinks I just like loose dresses.", nil},
		{"I just like loose dresses.", []want{w(me, "likes", "loose dresses")}},
		{"Then Njeri is my new favourite person.", nil},
		{"I'm less into big cities.", nil},
		{"We can enjoy nature and have a fun time!", nil},
		{"I can just enjoy my movies and games.", []want{w(me, "likes", "movies"), w(me, "likes", "games")}},
		{"I like the steppe, very quiet, only me and the eagles.", []want{w(me, "likes", "steppe")}},
		{"I sing like a goat.", nil},
		{"I play alone, with the door shut.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
