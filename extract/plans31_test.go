package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession31 holds the plan rules of plans31.go, each beside
// the near misses it must leave alone.
func TestPlanRulesSession31(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A list's later items, after a plan read from its first.
		{"I've always wanted to learn auto engineering and work on building a custom car.",
			[]want{fut(me, "plans", "learn auto engineering", ""), fut(me, "plans", "work on building a custom car", "")}},
		{"Japan is amazing. Can't wait to try the food and check out the culture.",
			[]want{fut(me, "plans", "try the food", ""), fut(me, "plans", "check out the culture", "")}},
		{"I'm looking forward to exploring the city, trying out some delicious food, and visiting the popular attractions.",
			[]want{fut(me, "plans", "exploring the city", ""), fut(me, "plans", "trying out some delicious food", ""),
				fut(me, "plans", "visiting the popular attractions", "")}},
		// Not: an item that says nothing to keep, a noun, another's aim,
		// a pastime's noun, a list denied.
		{"I want to learn Spanish and see what happens.", []want{fut(me, "plans", "learn Spanish", "")}},
		{"I want to try the food and drinks.", []want{fut(me, "plans", "try the food", "")}},
		{"I want to create a place for people to dance and express themselves.", []want{fut(me, "plans", "create a place for people to dance", "")}},
		{"I'm keen to try out jazz and film scores too.", []want{fut(me, "plans", "try out jazz", "")}},
		{"I don't want to learn Spanish and move abroad.", nil},

		// An activity named, then wished for as "it".
		{"Ooh, skiing looks like a blast! I'd love to try it but I'm not sure my body can take it.", []want{fut(me, "plans", "try skiing", "")}},
		{"Is yoga on the beach a thing? I've been wanting to try it.", []want{fut(me, "plans", "try yoga on the beach", "")}},
		{"Kayaking sounds awesome! Haven't tried it yet. I'm definitely considering giving it a try.", []want{fut(me, "plans", "try kayaking", "")}},
		// Not: no activity named, a wish denied or on a condition.
		{"The cake looks great! I'd love to try it.", nil},
		{"Skiing looks fun. I'd never try it though.", nil},
		{"Skiing looks fun. If I had the time I'd love to try it.", nil},

		// Something sought for a purpose, or on the lookout.
		{"I'm still searching for a place to open my dance studio.", []want{w(me, "owns", "dance studio"), fut(me, "plans", "open my dance studio", "")}},
		{"Since we last spoke, I've been looking for a doggo to adopt.", []want{fut(me, "plans", "adopt a doggo", "")}},
		{"I'm still on the lookout for the perfect furry friend.", []want{fut(me, "plans", "find the perfect furry friend", "")}},
		// Not: always on the lookout (a taste), a place with no purpose, a
		// purpose that is no plan, a question, another's search.
		{"I'm always on the lookout for new reads!", []want{w(me, "likes", "new reads")}},
		{"I'm on the hunt for the ideal spot for my studio.", []want{w(me, "owns", "studio")}},
		{"I've been looking for a hobby to stay motivated.", nil},
		{"Are you still looking for a place to open your studio?", nil},
		{"My neighbour is looking for a dog to adopt.", []want{w(me, "neighbor", "Alice's neighbor")}},

		// A wish with a verb the wish rule leaves without a date.
		{"I started again because I want to work in Vienna one day", []want{fut(me, "plans", "work in Vienna", "")}},
		{"Which lake do you recommend? I'd love to explore some of the local trails.", []want{fut(me, "plans", "explore some of the local trails", "")}},
		{"Can't wait to experience the music scene there.", []want{fut(me, "plans", "experience the music scene", "")}},
		{"one day i want to see the northern lights", []want{fut(me, "plans", "see the northern lights", "")}},
		// Not: no thing named, a time, a wish denied or on a condition, a
		// past wish, another's, the listener's pictures, an errand.
		{"I really want to explore something like this right now.", nil},
		{"I hope to work in the future.", nil},
		{"I don't want to explore the city.", nil},
		{"If I could, I'd love to explore the city.", nil},
		{"I wanted to make the place look like my own style.", nil},
		{"My sister wants to work in Vienna.", []want{w(me, "sister", "Alice's sister")}},
		{"Would love to see the view from the top!", nil},
		{"Can't wait to see the final result!", nil},
		{"I want to see if the grandson plays better than the grandfather.", nil},
		{"I'm gonna work in the garden.", nil},

		// A plan whose date opens the sentence before a comma.
		{"Starting tomorrow, I will go to the gym and exercise regularly.", []want{fut(me, "plans", "go to the gym", "")}},
		{"Next week, I'll start the pottery course.", []want{fut(me, "plans", "start the pottery course", "")}},
		// Not: a date past, a promise of news, a manner of speaking, a
		// condition.
		{"Last week, I will go to the gym.", nil},
		{"Tomorrow, I'll let you know.", nil},
		{"Next week, I'm going to be honest with him.", nil},
		{"Tomorrow, if it rains, I will go to the gym.", nil},

		// A career or a course looked into.
		{"Lately, I've been looking into counseling and mental health as a career.", []want{fut(me, "plans", "counseling and mental health", "")}},
		{"I've been looking into some opportunities in the tech industry for a while now.", []want{fut(me, "plans", "opportunities in the tech industry", "")}},
		{"I'm looking into nursing programs in Toronto.", []want{fut(me, "plans", "nursing programs in Toronto", "")}},
		// Not: no career named, a look promised, a negation, another's, a
		// question.
		{"I've been looking into local politics, talking to community leaders.", nil},
		{"I'll look into it. Thanks for the tip!", nil},
		{"I'm not looking into jobs right now.", nil},
		{"My brother is looking into nursing programs.", []want{w(me, "brother", "Alice's brother")}},
		{"Have you been looking into jobs abroad?", nil},

		// "my plan for now is to …", its list split (chat.go).
		{"My plan for now is to expand my brand worldwide and grow my fanbase.",
			[]want{fut(me, "plans", "expand my brand worldwide", ""), fut(me, "plans", "grow my fanbase", "")}},
		{"My plan for now is to stay home.", nil},
		{"Her plan for now is to open a bakery.", nil},

		// A trip wished to the one place the turn named before.
		{"Oh, Italy! I always dreamed of visiting there.", []want{fut(me, "travels_to", "Italy", "")}},
		{"I've never been to Boston, but I hear the parks are amazing. Can't wait to visit next month.", []want{fut(me, "travels_to", "Boston", "")}},
		{"Barcelona sounds awesome! Definitely adding it to my list.", []want{fut(me, "travels_to", "Barcelona", "")}},
		// Not: no place, two places, a negation, a condition, a home.
		{"That castle looks amazing! Can't wait to visit!", nil},
		{"Rome and Paris are lovely. Can't wait to visit!", nil},
		{"Paris is lovely. I don't want to go there.", nil},
		{"Paris is lovely. If I win, I'd love to visit.", nil},
		{"I grew up in Lagos. Can't wait to visit!", []want{w(me, "from", "Lagos")}},
		{"Peru is on my list of places to avoid.", nil},
		{"While I'm here in Rome, I want to see the Colosseum.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
