package extract_test

import (
	"testing"
	"time"
)

// TestLikeRulesSession35 holds the preference rules of likes35.go, each
// group beside the near misses it must leave alone.
func TestLikeRulesSession35(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// a thing the speaker is drawn to or fascinated by, or that
		// fascinates or captivates them; not a pull to a plan, the
		// listener's pull, a negated one, a pronoun or a person.
		{"Where'd you get it? I'm always drawn to animals, they bring so much joy.", []want{w(me, "likes", "animals")}},
		{"I was fascinated by reptiles, and it felt like the perfect pet for me.", []want{w(me, "likes", "reptiles")}},
		{"Lately I've been thinking about what makes me happy, and I'm really drawn to the gaming industry.", []want{w(me, "likes", "gaming industry")}},
		{"Learning about different cultures and seeing historical architecture fascinates me.", []want{w(me, "likes", "learning about different cultures"), w(me, "likes", "historical architecture")}},
		{"Thanks for asking! I'm reading a fantasy book that really captivates me.", []want{w(me, "likes", "fantasy book")}},
		{"I feel drawn to serving my country.", nil},
		{"You're drawn to sad songs, I know.", nil},
		{"I was never drawn to golf.", nil},
		{"I'm drawn to you.", nil},
		{"It fascinates me.", nil},
		{"Your story fascinates me.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
