package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession34 holds the preference rules of session 34
// (tastes34.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession34(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// the speaker's things named "my <plural>", taken up by "they"
		// with what they do for the speaker; not people, keepsakes, the
		// listener's, or "they" with nothing named.
		{"Anyway, I took my turtles to the beach yesterday! They always bring me peace in the craziness of life.", []want{w(me, "has_pet", "turtles"), w(me, "likes", "turtles")}},
		{"I couldn't walk my dogs because of a knee injury. It was tough 'cause they bring me so much joy.", []want{w(me, "has_pet", "dogs"), w(me, "likes", "dogs")}},
		{"My pets have been my good ol' buddies! They make me so happy.", []want{w(me, "has_pet", "pets"), w(me, "likes", "pets")}},
		{"It made me realize how much joy they bring me, my dogs.", []want{w(me, "has_pet", "dogs")}},
		{"I got this picture of my workmates on a hike, they really make me happy!", []want{w(me, "colleague", "Alice's colleagues")}},
		{"I looked through my photos. They bring me so much peace.", nil},
		{"I've had them for 3 years now and they bring me tons of joy!", nil},
		{"How are your dogs? They always bring me joy.", nil},
		{"I repotted my plants. They don't make me happy anymore.", nil},
		// what the speaker loves getting lost in; not another world, not
		// a question, not the listener.
		{"I love getting lost in fantasy stories, but also in history books.", []want{w(me, "likes", "fantasy stories")}},
		{"In my downtime, I still love to get lost in good books.", []want{w(me, "likes", "good books")}},
		{"The author is great - I love getting lost in those fantasy worlds.", []want{w(me, "likes", "fantasy worlds")}},
		{"I love getting lost in another world.", nil},
		{"I love getting lost in the moment.", nil},
		{"We just love to get lost in the world.", nil},
		{"Do you love getting lost in fantasy stories?", nil},
		{"You love getting lost in fantasy stories.", nil},
		{"I don't love getting lost in crowds.", nil},
		// a favourite said by rank or by choice; not a to-do list, not a
		// pick asked of the listener.
		{"Coconut milk ice cream is at the top of my list.", []want{w(me, "likes", "Coconut milk ice cream")}},
		{"If I had to pick a favorite, it would definitely be Aerosmith.", []want{w(me, "likes", "Aerosmith")}},
		{"Epic fantasy series with intricate storylines are what I enjoy reading.", []want{w(me, "likes", "Epic fantasy series"), w(me, "likes", "reading")}},
		{"I'm also a big fan of scents like this!", []want{w(me, "likes", "scents")}},
		{"Laundry is at the top of my to-do list.", nil},
		{"If you had to pick a favorite, would it be Aerosmith?", nil},
		{"That is what I like to hear!", nil},
		// a dislike of a thing named just before by "it", "the thing" or
		// "this <word>"; not a person, a chore, a thing named without
		// "the", or nothing named.
		{"Please don't give me the payment module, I hate this code", []want{w(me, "dislikes", "payment module")}},
		{"Also the hearing aid is ready on Thursday. I hate the thing, but she insists.", []want{w(me, "dislikes", "hearing aid")}},
		{"Anything but the ocean waves one, I hate that sound", []want{w(me, "dislikes", "ocean waves")}},
		{"Skip, I hate this song so much", nil},
		{"Before I was working in bank, but I hate it", nil},
		{"I have to clean the kitchen tonight. I hate it.", nil},
		{"I met your brother yesterday. I can't stand him.", nil},
		{"They sent me the new laptops. I don't hate them.", nil},
		// a joy-source clause joined by "and" to a whole clause; not the
		// second of two things named first.
		{"Dance is my stress relief and fashion fuels my creativity.", []want{w(me, "likes", "Dance"), w(me, "likes", "fashion")}},
		{"Seeing my kids and playing games makes me happy.", []want{w(me, "child", "Alice's children")}},
		{"Work is busy and talking to you always helps me relax.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
