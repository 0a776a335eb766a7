package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession34 holds the plan rules of plans34.go: a wish said
// with "I should", "I wish I could" or "it would be great to", beside the
// near misses they must leave alone.
func TestPlanRulesSession34(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// "I should …" at the head of its clause.
		{"Yeah true. I should get some herbs for the balcony.", []want{fut(me, "plans", "get some herbs for the balcony", "")}},
		{"Yup! I should go learn some of the local birds.", []want{fut(me, "plans", "learn some of the local birds", "")}},
		{"Perhaps I should take up swimming, it's low impact.", []want{fut(me, "plans", "take up swimming", "")}},
		{"I should take him fishing with me.", []want{fut(me, "plans", "take him fishing with me", "")}},
		// "I wish I could …" and "it would be great to …".
		{"Wow! I really wish I could go on a camping trip in the mountains.", []want{fut(me, "plans", "go on a camping trip in the mountains", "")}},
		{"Wish I could spend more time at the beach!", []want{fut(me, "plans", "spend more time at the beach", "")}},
		{"Honestly it would be great to have a garden of my own.", []want{fut(me, "plans", "have a garden of my own", "")}},
		{"It'd be so cool to build an app for booking climbing gyms.", []want{fut(me, "plans", "build an app for booking climbing gyms", "")}},
		// Not: someone else's advice, a relative clause, a question, a
		// tag question, the past, "really should", a pronoun or the
		// listener's thing, a verb of no plan, a condition.
		{"My coach says I should learn Python.", nil},
		{"Any tips on what I should get for the kitchen?", nil},
		{"Do you think I should dye my hair?", nil},
		{"I should start a journal of my own shouldn't I.", nil},
		{"Some days I think I should have done it sooner.", nil},
		{"I really should start a journal.", nil},
		{"I should do that someday too!", nil},
		{"I should get a lamp like that.", nil},
		{"I wish I could make it the way you do!", nil},
		{"I wish I could have been there!", nil},
		{"Oh, I wish I could bring you along.", nil},
		{"It would be nice to go play with you one day.", nil},
		{"It would be cool to go somewhere together next year.", nil},
		{"It would be great to have a chance to rest.", nil},
		{"It'd be great to share it with others.", nil},
		{"If I had the money I should buy a boat.", nil},
		{"You should get a bike.", nil},
		// A wish or a resolve for "someday" or "one day".
		{"I want to translate her diaries one day", []want{fut(me, "plans", "translate her diaries", "")}},
		{"One day I want a cabin with a wood stove too.", []want{fut(me, "plans", "a cabin with a wood stove", "")}},
		{"One day I'm getting a whippet though.", []want{fut(me, "plans", "getting a whippet", "")}},
		{"But I'm saving to open my own taqueria one day.", []want{fut(me, "plans", "open my own taqueria", "")}},
		{"Maybe one day I'll be a certified electrician.", []want{fut(me, "plans", "be a certified electrician", "")}},
		{"my dream is go to Peru some day", []want{fut(me, "travels_to", "Peru", "")}},
		// Not: a pronoun or the listener, "someday" in another clause, a
		// condition, a question, an idle possibility, a verb of no plan.
		{"I'd love to explore them someday!", nil},
		{"I must try that one day.", nil},
		{"I'd love to hear you play one day.", nil},
		{"I want to read more novels, but one day at a time.", nil},
		{"Unless someday I decide to get a boat.", nil},
		{"Will you open a shop one day?", nil},
		{"Who knows, maybe I'll go back to teaching someday.", nil},
		{"I want to see you one day.", nil},
		// A vague learning beside an event planned in the turn is the
		// event's; alone, or with a subject of its own, it stays.
		{"I'm going to a coding workshop this month. So excited to learn more about robotics!", []want{fut(me, "plans", "go to coding workshop", "")}},
		{"I'm so excited to learn more about Japanese culture.", []want{fut(me, "plans", "learn more about Japanese culture", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
