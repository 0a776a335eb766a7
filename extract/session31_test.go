package extract_test

import (
	"testing"
	"time"
)

// TestChatRulesSession31 holds the lead's mends of session 31
// (BENCHMARKS.md, "Chat rules, session 31"), each beside the near miss it
// must leave alone.
func TestChatRulesSession31(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	moved := func(c string) want { return want{s: me, p: "moved", c: c, kind: "experience", pol: "positive"} }
	married := want{s: me, p: "married", c: "married", kind: "experience", pol: "positive"}
	for _, tc := range []struct {
		text string
		want []want
	}{
		// "she" is not "my brother Tomas" (patterns.go pronounFits, used
		// where a pronoun stands for the one relative named).
		{"my brother Tomas is in Oslo, she's a nurse", []want{w(me, "brother", "Tomas"), w("Tomas", "lives_in", "Oslo")}},
		{"my sister Ana lives in Lisbon, she's a nurse", []want{w(me, "sister", "Ana"), w("Ana", "lives_in", "Lisbon"), w("Ana", "job_title", "nurse")}},
		{"My brother Tomas lives in Oslo. She works at a bakery.", []want{w(me, "brother", "Tomas"), w("Tomas", "lives_in", "Oslo")}},
		{"My brother Tomas lives in Oslo. He works at Equinor.", []want{w(me, "brother", "Tomas"), w("Tomas", "lives_in", "Oslo"), w("Tomas", "works_at", "Equinor")}},
		// A move whose reason is denied is still a move (lead31.go
		// moveReasonDenied); a move denied is none.
		{"I didn't move to Berlin for a job, I moved for love", []want{w(me, "lives_in", "Berlin"), moved("Berlin")}},
		{"we didn't move to Lisbon just because of the weather", []want{w(me, "lives_in", "Lisbon"), moved("Lisbon")}},
		{"We didn't move to Canoas.", []want{neg(me, "lives_in", "Canoas")}},
		{"I never moved to Paris to study", []want{neg(me, "lives_in", "Paris")}},
		// A question put after a dash leaves the statement before it
		// (patterns.go tagStart); a question of its own is dropped.
		{"I got married last week - what about you?", []want{{s: me, p: "married", c: "married", kind: "experience", pol: "positive"}}},
		{"Did you get married last week - or was it June?", nil},
		// A life event after a comma with its "I" left out (lead31.go
		// dropIAfterEvent); not when the words before name its subject.
		{"Been up and down lately, got married last week", []want{{s: me, p: "married", c: "married", kind: "experience", pol: "positive"}}},
		{"Busy year, retired.", []want{{s: me, p: "retired", c: "retired", kind: "experience", pol: "positive"}}},
		{"Tom came by, got engaged apparently", nil},
		{"Dinner with Ana, got engaged", nil},
		{"she called, got married last week", nil},
		{"I am 67 years old, retired school nurse, living in Sapporo.", []want{w(me, "age", "67"), w(me, "lives_in", "Sapporo")}},
		{"I'm in Lisbon, found a flat in Graça", []want{w(me, "lives_in", "Lisbon"), w(me, "lives_in", "Graça")}},
		{"I'm good, back in Belo Horizonte.", []want{w(me, "lives_in", "Belo Horizonte")}},
		{"Had fun, back in the office tomorrow", nil},
		{"Tom called, back in Berlin now", nil},
		// A field of study named by what belongs to the speaker's own
		// studies (lead31.go studyOwn); not another's, not one ahead.
		{"I'm having a hard time dealing with my Engineering assignments.", []want{w(me, "studies", "engineering")}},
		{"Hey John, I had a tough time with my English lit assignments.", []want{w(me, "studies", "English lit")}},
		{"I had a tough time with my history class today", nil},
		{"my nursing degree is from 1998", nil},
		{"i'm in my second year of law school", []want{w(me, "studies", "law")}},
		{"helping my son with his math homework tonight", []want{w(me, "son", "Alice's son")}},
		{"I hope to finish my law school applications soon", []want{{s: me, p: "plans", c: "finish my law school applications", kind: "foresight", pol: "positive"}}},
		// The speaker's own wedding said as past (events31.go) or their
		// wedding anniversary (lead31.go ownAnniversary); not one ahead,
		// not another's, not a question.
		{"Today is our 10th wedding anniversary!", []want{married}},
		{"im terrible at public speaking, i cried at my own wedding", []want{married}},
		{"They were an important part of my wedding decor and always remind me of that day.", []want{married}},
		{"my wedding dress was ordered, the big day is next month", nil},
		{"I danced all night at my sister's wedding", []want{w(me, "sister", "Alice's sister")}},
		{"Was it raining at your wedding?", nil},
		{"is it your 10th anniversary?", nil},
		// Chat's words for a partner (lead31.go sigOther); "so" in lower
		// case is no partner.
		{"so my SO said no", []want{w(me, "partner", "Alice's partner")}},
		{"went to dinner with bae last night", []want{w(me, "partner", "Alice's partner")}},
		{"I'm so bored, my so called friends left", nil},
		{"omg my boo is so sweet", nil},
		// Someone named as from the speaker's work is a colleague
		// (lead31.go fromWork); a greeting or a question is not.
		{"grabbing drinks with Sam from work tonight", []want{w(me, "colleague", "Sam")}},
		{"Hello from work!", nil},
		{"is Sam from work coming?", nil},
		// "my sister's gonna …" is "my sister is gonna …" (chat.go
		// chatRewrites): her visit is no plan of the speaker's.
		{"my sister's gonna visit next week", []want{w(me, "sister", "Alice's sister")}},
		{"my manager's gonna kill me", []want{w(me, "manager", "Alice's manager")}},
		// A parent asked to be called, or a spouse said with no "my", is
		// the speaker's (patterns.go callKinRE, bareKinRE).
		{"call mom", []want{w(me, "mother", "Alice's mother")}},
		{"remind me to call grandma on sunday", []want{w(me, "grandmother", "Alice's grandmother")}},
		{"husband will eat anything lol", []want{w(me, "husband", "Alice's husband")}},
		{"did you call mom?", nil},
		{"a husband will eat anything", nil},
		// What is owned ends before where and with whom (lead31.go
		// trimOwnedTail).
		{"I own a small bakery in Porto with my husband", []want{w(me, "owns", "small bakery"), w(me, "husband", "Alice's husband")}},
		{"I own a café in Bergen, Kaffe Bruna", []want{w(me, "owns", "Kaffe Bruna")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
