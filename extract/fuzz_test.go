package extract_test

import (
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// FuzzTurnFacts: the extractor reads every turn a member's assistants
// publish, whatever its text; no text may make it panic (a panic in the
// close pass stops that member's closes). Seeds are chat of the kinds its
// rules read, cut short where a rule looks past a word.
func FuzzTurnFacts(f *testing.F) {
	for _, s := range []string{
		"Cool! Been wanting to try that.",
		"I'm thinking of going into nursing",
		"My brother Bob works at Siemens.",
		"We're going on a road trip next week",
		"I don't live in Berlin anymore, we moved to Lisbon.",
		"Just adopted a puppy! His name is Buddy",
		"I love reading, hiking, and \"Becoming Nicole\"",
		"my new Prius broke down",
		"I'm Good, thanks! I'm 100% sure",
		"Omar, my neighbour, lent me his ladder",
		// session 31's frames
		"Can't wait to try the food and check out the culture",
		"Been up and down lately, got married last week - how about you?",
		"I own a small bakery in Porto with my husband",
		"I'll make sure I give the turtles a bath",
		"balancing my engineering studies",
		"Oh, Italy! I always dreamed of visiting there",
		"I just started writing another one",
		// a capital that grows in strings.ToLower before a role (session 34's
		// review: roleEmployer34 cut the text at the lowered text's offset)
		"ȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺ I'm a nurse",
		"I", "my", "going to", "the", "\"", "'s", "—", "🙂 I love 東京",
	} {
		f.Add(s)
	}
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		for _, fact := range extract.TurnFacts(s, "person:alice", at) {
			if fact.Predicate == "" {
				t.Fatalf("%q: a fact without a predicate: %+v", s, fact)
			}
		}
	})
}
