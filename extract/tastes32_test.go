package extract_test

import (
	"testing"
	"time"
)

// TestTasteRulesSession32 holds the preference rules of session 32
// (tastes32.go), each group beside the near misses it must leave alone.
func TestTasteRulesSession32(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// the rest of a list of pastimes after "I love <doing>"; not an
		// aside said after one pastime, a clause, or a thing said vaguely.
		{"I love going on road trips with friends and family, exploring and hiking or playing board games.", []want{
			w(me, "likes", "going on road trips with friends and family"), w(me, "likes", "exploring"), w(me, "likes", "hiking"),
			w(me, "likes", "playing board games")}},
		{"We love being outdoors - going for hikes, having picnics - plus playing board games and having movie nights.", []want{
			w(me, "likes", "being outdoors"), w(me, "likes", "going for hikes"), w(me, "likes", "having picnics"),
			w(me, "likes", "playing board games"), w(me, "likes", "having movie nights")}},
		{"I love experimenting in the kitchen, coming up with something tasty.", []want{w(me, "likes", "experimenting in the kitchen")}},
		{"I love cooking, it relaxes me.", []want{w(me, "likes", "cooking")}},
		{"I love hiking, seeing the views is the best.", []want{w(me, "likes", "hiking")}},
		{"I'd love going hiking, fishing and camping with you.", nil},
		{"I don't love cooking, cleaning and washing up.", []want{w(me, "dislikes", "cooking"), w(me, "dislikes", "cleaning"), w(me, "dislikes", "washing up")}},
		// "I'm a huge fan" of the name the sentence before opened with or
		// asked about; not a friend's given name, not a question.
		{"Emma Watson, she's a big supporter of gender equality. I'm a huge fan.", []want{w(me, "likes", "Emma Watson")}},
		{"Have you seen all the Harry Potter movies? I'm a fan too!", []want{w(me, "likes", "Harry Potter")}},
		{"Sarah, she's been so kind. I'm a huge fan.", nil},
		{"Emma Watson, she's great. Are you a fan?", nil},
		// a pastime done to find calm; not company.
		{"I find calm when I do yoga or meditate.", []want{w(me, "likes", "yoga"), w(me, "likes", "meditate")}},
		{"I always find peace when I go hiking.", []want{w(me, "likes", "hiking")}},
		{"I find peace when I'm with my friends.", nil},
		// a named person more into a thing; a phase the speaker is in,
		// not one of an age or a mood.
		{"Tom is more into football.", []want{w("Tom", "likes", "football")}},
		{"I'm in a big baking phase right now.", []want{w(me, "likes", "baking")}},
		{"I'm going through a rough phase.", nil},
		{"Leo is in a biting phase.", nil},
		// a clause joined to a liked thing is cut off it.
		{"Calum doesn't drink much. He's into karting and he's a massive Hibs fan.", []want{w("Calum", "likes", "karting"), w("Calum", "likes", "Hibs")}},
		// one who does a pastime for its own sake; a job noun only with
		// a word that makes it a hobby, and then no job.
		{"I'm an avid reader.", []want{w(me, "likes", "reading")}},
		{"I'm a keen gardener.", []want{w(me, "likes", "gardening")}},
		{"I'm a huge gamer.", []want{w(me, "likes", "gaming")}},
		{"I'm a foodie at heart.", []want{w(me, "likes", "food")}},
		{"I'm a terrible swimmer.", nil},
		{"I'm not a big reader.", nil},
		{"I'm a gardener at Kew.", []want{w(me, "job_title", "gardener"), w(me, "works_at", "Kew")}},
		// a second liking after "but" with no subject of its own.
		{"Ava hates broccoli but loves peas.", []want{w("Ava", "dislikes", "broccoli"), w("Ava", "likes", "peas")}},
		{"Ava loves peas but hates broccoli.", []want{w("Ava", "likes", "peas"), w("Ava", "dislikes", "broccoli")}},
		{"He loves the idea but hates the cost.", nil},
		// a work whose title opens with "The", loved now or when seen; not
		// in childhood, not denied, asked or wished for.
		{"I liked The Bear because it reminds me of my family.", []want{w(me, "likes", "The Bear")}},
		{"I loved The Remains of the Day.", []want{w(me, "likes", "The Remains of the Day")}},
		{"I loved The Lion King as a kid.", nil},
		{"Did you like The Bear?", nil},
		{"I'd love The Bear to come back.", nil},
		// a taste said as a weakness or a craving; not of a person, not
		// a thing wrong with one.
		{"I've got a soft spot for old westerns.", []want{w(me, "likes", "old westerns")}},
		{"I have a real weakness for pastries.", []want{w(me, "likes", "pastries")}},
		{"My obsession with sourdough is getting out of hand.", []want{w(me, "likes", "sourdough")}},
		{"I could listen to jazz all day.", []want{w(me, "likes", "jazz")}},
		{"Give me a good curry any day.", []want{w(me, "likes", "good curry")}},
		{"I have a soft spot for him.", nil},
		{"I could watch you all day.", nil},
		{"I have a thing with my knee.", nil},
		{"I don't have a weakness for sweets.", nil},
		// examples of a kind liked vaguely, in its sentence or the next;
		// not descriptions of a place.
		{"i like indie stuff, Phoebe Bridgers, boygenius, that kind of thing", []want{w(me, "likes", "indie stuff"),
			w(me, "likes", "Phoebe Bridgers"), w(me, "likes", "boygenius")}},
		{"we both love food markets and anything old. temples, castles, old streets", []want{w(me, "likes", "food markets"),
			w(me, "likes", "temples"), w(me, "likes", "castles"), w(me, "likes", "old streets")}},
		{"I love this place, great food, nice staff.", nil},
		{"I like old stuff. It's charming.", []want{w(me, "likes", "old stuff")}},
		// a photo, a name or a chat is no taste.
		{"That's a great photo of you and your family. I love the beach in the background.", nil},
		{"I love the photo, the sunset looks amazing.", nil},
		{"I love the name Luna for a dog.", nil},
		{"I love catching up with you.", nil},
		{"I love photos of old cars.", []want{w(me, "likes", "photos of old cars")}},
		{`I'm reading "The Name of the Wind". It's really good!`, []want{w(me, "likes", "The Name of the Wind")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
