package extract_test

import (
	"testing"
	"time"
)

// TestPlanRulesSession29 holds the plan rule of session 29 (plans29.go): a
// course of action weighed, said with a gerund, beside the near misses it
// must leave alone.
func TestPlanRulesSession29(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A gerund weighed, after "I've been", "we're seriously", or with no subject.
		{"I've been thinking about doing a yoga teacher training.", []want{fut(me, "plans", "doing a yoga teacher training", "")}},
		{"We're seriously thinking about switching Lotte to Harbour Swim Club. Closer and cheaper", []want{fut(me, "plans", "switching Lotte to Harbour Swim Club", "")}},
		{"Fair. I'm still at the insurance office, still miserable, still dreaming about opening a bakery", []want{fut(me, "plans", "opening a bakery", "")}},
		{"I'm already thinking about running workshops for them too.", []want{fut(me, "plans", "running workshops", "")}},
		{"I'm thinking of teaming up with local libraries/schools to run coding clubs.", []want{fut(me, "plans", "teaming up with local libraries", "")}},
		// Not: another's weighing, a question, a thought of someone, a weighing left vague or denied.
		{"Are you still thinking about going back to Samoa for the holidays?", nil},
		{"She's thinking about moving to Leeds.", nil},
		{"I've been thinking about you a lot lately.", nil},
		{"I keep thinking about seeing you at the reunion.", nil},
		{"Thinking about trying something different outdoors. Any suggestions?", nil},
		{"Been cramming all week. Thinking about taking a trip somewhere warm afterwards.", nil},
		{"I was thinking about nothing in particular.", nil},
		{"I'm not thinking of moving anywhere.", nil},
		// What another studies: a name the list may lack, "he" or "she" for the one person named.
		{"Vesna is studying marine biology in Split, so I'll have an excuse to visit.", []want{w("Vesna", "studies", "marine biology")}},
		{"My daughter Dilnoza called. She is studying architecture in Seoul now.", []want{w(me, "daughter", "Dilnoza"), w("Dilnoza", "studies", "architecture")}},
		{"Emi studies agriculture in Kyoto, so maybe she helps with the vegetables.", []want{w("Emi", "studies", "agriculture")}},
		{"My son Harjot is studying in Sheridan College, he can help with the forms.", []want{w(me, "son", "Harjot"), w("Harjot", "studies", "Sheridan College")}},
		// Not: how or where one studies, a thing studied for a while, no one named.
		{"My son Harjot is studying hard for his exams.", []want{w(me, "son", "Harjot")}},
		{"He studies the game to gain the edge.", nil},
		{"She is studying in Paris this year.", nil},
		{"Engineering studies are still going strong too.", nil},
		{"Psychology studies show that sleep matters.", nil},
		// A year of study with the field or degree and no verb.
		{"I'm in second year physiotherapy at Curtin.", []want{w(me, "studies", "physiotherapy")}},
		{"Yes, first year law at the Jagiellonian. I'm drowning in reading.", []want{w(me, "studies", "law")}},
		{"Grey and slow. Fourth year of my PhD at Masaryk and the catalyst still refuses to work.", []want{w(me, "studies", "PhD")}},
		{"Weekdays I'm at the art school in Lyon, second year of ceramics.", []want{w(me, "studies", "ceramics")}},
		// Not: a year of something else, a job or pastime, another's year, no field.
		{"Second year of marriage has been the best.", nil},
		{"Help!! Second year beekeeper, two hives in my back garden.", []want{w(me, "owns", "back garden")}},
		{"First year teaching at Ashby Primary and I'm exhausted.", nil},
		{"Grade eleven at Umbilo Secondary, third year there now.", nil},
		{"My son is in third year medicine at Wits.", []want{w(me, "son", "Alice's son")}},
		// A degree another is doing, with its field or school.
		{"The new flatmates are Dovile, who's doing a PhD in epidemiology at UCL, and a quiet guy.", []want{w("Dovile", "studies", "epidemiology")}},
		{"my brother Khoa sent photos from Osaka, he's doing his masters there in robotics.", []want{w(me, "brother", "Khoa"), w("Khoa", "studies", "robotics")}},
		{"My sister Ana is doing a degree in nursing.", []want{w(me, "sister", "Ana"), w("Ana", "studies", "nursing")}},
		// Not: a time for it, no one named, no field or school.
		{"That was Tom, who is doing his masters at the moment.", nil},
		{"I met Rosa, who is doing a degree in the evenings.", nil},
		{"She's doing a degree in her spare time.", nil},
		// A new home named with its place: a move there and a home.
		{"Greetings from my new flat in Durban, where it rains every afternoon.", []want{ev(me, "moved", "Durban", ""), w(me, "lives_in", "Durban")}},
		{"the walls in our new apartment in Meguro are so empty", []want{ev(me, "moved", "Meguro", ""), w(me, "lives_in", "Meguro")}},
		// Not one wished, supposed, or with no place named.
		{"If my new flat in Leeds has a garden I'll get a dog.", nil},
		{"I want my new place in Lisbon to have a view.", nil},
		{"Our new house in the suburbs is huge.", nil},
		// A pastime taken up, said by its noun.
		{"I've taken up whittling at the senior center in town.", []want{ev(me, "started", "whittling", "")}},
		{"I've taken up photography and it's been great.", []want{ev(me, "started", "photography", ""), w(me, "likes", "photography")}},
		// Not an offer, time or room taken up.
		{"She took up the offer.", nil},
		{"I took up too much of your time.", nil},
		{"We've taken up the whole table, sorry.", nil},
		// A thesis defended or handed in: completed.
		{"Happy news: I defended my thesis in July! I'm Dr Ines now", []want{ev(me, "completed", "thesis", "")}},
		{"I submitted my dissertation on December 19th.", []want{ev(me, "completed", "dissertation", "")}},
		// Not one still to do, or another's.
		{"I haven't submitted my thesis yet.", nil},
		{"My friend defended her thesis yesterday.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
