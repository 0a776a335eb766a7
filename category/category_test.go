package category

import (
	"slices"
	"testing"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		word string
		in   []string
		out  []string
	}{
		{"violin", []string{"instrument"}, []string{"animal", "food"}},
		{"clarinets", []string{"instrument"}, nil},
		{"Paris", []string{"city"}, nil},
		{"France", []string{"country"}, []string{"city"}},
		{"pottery", []string{"activity"}, nil},
		{"swimming", []string{"activity", "sport"}, nil},
		{"camping", []string{"activity"}, nil},
		{"ice cream", []string{"dessert", "food"}, nil},
		{"puppies", []string{"dog", "pet"}, nil},
		{"dog", []string{"dog", "pet"}, []string{"food"}}, // its fifth sense, frankfurter, is not counted
		{"son", []string{"child", "relative"}, nil},
		{"work", nil, []string{"activity"}},                 // activity's direct child: too general
		{"reading", []string{"activity"}, []string{"city"}}, // Reading is an ordinary word, not the town
	} {
		got := Of(tc.word)
		for _, c := range tc.in {
			if !slices.Contains(got, c) {
				t.Errorf("Of(%q) = %v, want %s in it", tc.word, got, c)
			}
		}
		for _, c := range tc.out {
			if slices.Contains(got, c) {
				t.Errorf("Of(%q) = %v, want no %s", tc.word, got, c)
			}
		}
	}
	if w := Words("instrument"); !slices.Contains(w, "violin") || slices.Contains(w, "ice cream") {
		t.Errorf("Words(instrument) = %d words", len(w))
	}
}

func TestAsked(t *testing.T) {
	for _, tc := range []struct {
		q, cat string
		preds  []string
	}{
		{"What instruments does Melanie play?", "instrument", nil},
		{"Which cities has Jon visited?", "city", []string{"visited"}},
		{"What activities does Melanie partake in?", "activity", nil},
		{"What outdoor activities does John enjoy?", "activity", nil},
		{"What kind of interests do Joanna and Nate share?", "activity", nil},
		{"What are Joanna's hobbies?", "activity", []string{"pastime"}},
		{"How many children does Melanie have?", "child", []string{"son"}},
		{"What are the names of Audrey's dogs?", "dog", []string{"has_pet"}},
		{"What pets does Nate have?", "pet", []string{"has_pet"}},
		{"Which of James's family members have visited him?", "relative", []string{"sister"}},
		{"What desserts has Maria made?", "dessert", nil},
		{"What does Calvin do to relax?", "activity", []string{"pastime"}},
		{"What are my hobbies?", "activity", []string{"pastime"}},
		{"What instruments do I play?", "instrument", nil},
		{"What did I buy for my dogs?", "", nil}, // the noun is not the wh-phrase's head
		{"How do Jon and Gina both like to de-stress?", "activity", nil},
		{"What sports does Calvin play to relax?", "sport", nil}, // the noun, where there is one
		{"what does she do in her free time", "activity", nil},
		{"What did Melanie do after the road trip to relax?", "", nil}, // one occasion, not a habit
		{"What did Melanie paint recently?", "", nil},                  // no category noun
		{"What activity did Maria do with her mom in May?", "", nil},   // singular: one event
		{"How did Melanie's children handle the accident?", "", nil},   // not a "what"/"which" question
		{"What did Caroline buy for her dogs?", "", nil},               // the noun is not the wh-phrase's head
		{"Where did Caroline move from?", "", nil},
	} {
		a, ok := Asked(tc.q)
		if tc.cat == "" {
			if ok {
				t.Errorf("Asked(%q) = %+v, want none", tc.q, a)
			}
			continue
		}
		if !ok || a.Category != tc.cat {
			t.Errorf("Asked(%q) = %+v %v, want %s", tc.q, a, ok, tc.cat)
			continue
		}
		for _, p := range tc.preds {
			if !slices.Contains(a.Predicates, p) {
				t.Errorf("Asked(%q).Predicates = %v, want %s", tc.q, a.Predicates, p)
			}
		}
	}
}
