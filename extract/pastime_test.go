package extract

import (
	"slices"
	"testing"
)

func TestPastimes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		// taken part in
		{"We went camping up north with the kids last weekend.", []string{"camping"}},
		{"I took my nephews fishing on Saturday, they caught nothing.", []string{"fishing"}},
		{"Me and my sister went for a hike this morning.", []string{"hiking"}},
		{"I'm heading out to go swimming now.", []string{"swimming"}},
		{"I've been running a lot lately, feels great.", []string{"running"}},
		{"My daughter and I finished another painting yesterday.", []string{"painting"}},
		{"I'm taking a salsa class on Tuesdays.", []string{"salsa"}},
		{"We camped by the lake and roasted marshmallows.", []string{"camping"}},
		{"I still paint most evenings.", []string{"painting"}},
		{"I volunteer at the food bank twice a month.", []string{"volunteering"}},
		{"Did some yoga this morning, feel so calm.", []string{"yoga"}},         // the subject dropped
		{"I meditated for twenty minutes before work.", []string{"meditation"}}, // one name for meditate and meditation
		{"I just signed up for a dance class!", []string{"dancing"}},
		{"Sounds like camping was fun.", nil},
		{"I did some yoga this morning and I feel so calm.", []string{"yoga"}},
		{"Ran a marathon in April, I can barely walk!", []string{"running"}},
		{"I ran a marathon in April!", []string{"running"}},
		{"We went skiing and then snowboarding.", []string{"skiing", "snowboarding"}},
		{"We played basketball at the park after work.", []string{"basketball"}},
		{"I play the cello in a community orchestra.", []string{"cello"}},
		{"My brother and I played a game of chess last night.", []string{"chess"}},
		{"I've been playing video games all weekend.", []string{"video games"}},
		{"My son plays soccer on Saturdays.", nil},
		{"We played the game you told me about.", nil},
		// not taken part in, or not by the speaker
		{"Have you ever been camping?", nil},
		{"I've never been skiing.", nil},
		{"I don't really like hiking.", nil},
		{"I'd love to go kayaking one day.", nil},
		{"I'm going to try pottery next month.", nil},
		{"If I had time I would paint more.", nil},
		{"I want to start swimming again.", nil},
		{"You should go hiking, it's great.", nil},
		{"I heard she went camping with her friends.", nil},
		{"My brother says he loves fishing.", nil},
		{"I saw a painting of a lighthouse at the gallery.", nil},
		{"I love your drawing of the cat!", nil},
		{"I'm running late, sorry!", nil},
		{"I ran into an old friend at the store.", nil},
		{"We're running out of milk.", nil},
		{"I'll go swimming after work.", nil},
		{"We can't wait to go camping.", nil},
		{"I used to dance ballet as a kid.", nil},
		{`She told me "I went surfing" but I doubt it.`, nil},
		{"Here's a photo. [shares a photo: a photo of a family camping by a lake]", nil},
	} {
		if got := Pastimes(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("Pastimes(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestPastimesOthers(t *testing.T) {
	for _, text := range []string{
		"That sounds lovely. Tell me all about your hike!",
		"I walk to work, but biking sounds like more fun.",
		"I got a book about the basics of surfing, a beginner's guide to surfing.",
		"I saw someone painting by the river and it made my day.",
		"I've been wanting to do some birdwatching.",
	} {
		if got := Pastimes(text); len(got) != 0 {
			t.Errorf("Pastimes(%q) = %q, want none", text, got)
		}
	}
}

func BenchmarkPastimes(b *testing.B) {
	turn := "Hey! Last weekend we moved to Denver with my two pups. I love going for hikes and trying out new recipes. Can't wait for some stargazing next month!"
	b.ReportAllocs()
	for b.Loop() {
		Pastimes(turn)
	}
}
