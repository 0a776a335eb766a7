package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession33 holds the preference rules of session 33
// (tastes33.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession33(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// a pastime or a kind of thing named first that brings joy, makes
		// happy or is one's escape; not a sight, a kindness, company, or
		// joy said of things in general.
		{"Computer games, travel and pizza are all that bring me happiness in life.", []want{
			w(me, "likes", "Computer games"), w(me, "likes", "travel"), w(me, "likes", "pizza")}},
		{"Creating stories and watching them come alive gives me happiness.", []want{w(me, "likes", "Creating stories")}},
		{"Being in nature can be so refreshing and it always brings me joy.", []want{w(me, "likes", "Being in nature")}},
		{"Cuddling up with a book is my chill time.", []want{w(me, "likes", "Cuddling up with a book")}},
		{"she bought a longboard and now surfing is my whole personality", []want{w(me, "likes", "surfing")}},
		{"Knitting and baking are my thing.", []want{w(me, "likes", "Knitting"), w(me, "likes", "baking")}},
		{"Seeing them so happy and bouncy makes me really happy.", nil},
		{"Work is my therapy.", nil},
		{"Giving people peace and awareness brings me so much happiness.", nil},
		{"My friends always make me happy.", nil},
		{"Dogs truly bring so much joy and friendship.", nil},
		{"At the retreat, I had time to reflect on what makes me happy.", nil},
		{"Cooking doesn't bring me joy anymore.", nil},
		// a pastime named first that helps one relax, keeps one sane or
		// fuels one's creativity; not advice, company or a lead-in.
		{"For me, taking the doggos out for a walk in the park helps clear my mind.", []want{w(me, "likes", "taking the doggos out for a walk in the park")}},
		{"Similarly, playing video games after a long day is a great way for me to relax.", []want{w(me, "likes", "playing video games")}},
		{"The sea swimming keeps me sane.", []want{w(me, "likes", "sea swimming")}},
		{"Fantasy books always fuel my creativity.", []want{w(me, "likes", "Fantasy books")}},
		{"Yoga is a great way to relax and concentrate.", nil},
		{"Talking to you always helps me relax.", nil},
		{"Hey Dave, that really helps me relax.", nil},
		// the things of "my love for", "two of my passions - X and Y";
		// not a love lost, not another's passion, not a cause.
		{"It was the start of my passion for video games.", []want{w(me, "likes", "video games")}},
		{"Feels good to use our love of gaming for good!", []want{w(me, "likes", "gaming")}},
		{"It's a way to combine two of my passions - making jewelry and making a difference.", []want{w(me, "likes", "making jewelry")}},
		{"It all started with my dancing passion.", []want{w(me, "likes", "dancing")}},
		{"I've lost my passion for painting.", nil},
		{"So glad you bonded over our love of nature.", nil},
		{"Your passion for helping others is awesome.", nil},
		{"My mom had a big passion for cooking.", []want{w(me, "mother", "Alice's mother")}},
		// what one is always on the lookout for or down to try; not
		// advice, a way or things in general.
		{"I'm always looking for something new to read.", []want{w(me, "likes", "something new to read")}},
		{"Always on the lookout for healthy snacks, thanks for the tip!", []want{w(me, "likes", "healthy snacks")}},
		{"I'm always down to try new recipes!", []want{w(me, "likes", "try new recipes")}},
		{"I started getting into board games.", []want{w(me, "likes", "board games")}},
		{"oh I do like my rugby even if Wales are hopeless these days", []want{w(me, "likes", "rugby")}},
		{"I'm always looking for new recommendations.", nil},
		{"I'm always looking for a way to improve.", nil},
		{"I'm always trying new things.", nil},
		{"I'm always trying to help.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
