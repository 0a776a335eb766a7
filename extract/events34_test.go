package extract_test

import (
	"testing"
	"time"
)

// TestEventRulesSession34 holds the event rules of session 34
// (events34.go), each beside the near misses it must leave alone.
func TestEventRulesSession34(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Started going to, getting into, doing, helping out with; not a
		// feeling or a chore, not another's, not asked, not ahead.
		{"I just started going to boot camps with my fam last month.", []want{ev(me, "started", "going to boot camps", "")}},
		{"I've started going to a carers' group at the church hall on Thursday mornings.", []want{ev(me, "started", "going to a carers' group", "")}},
		{"My week's been busy - I started doing seminars, helping people with their sports.", []want{ev(me, "started", "doing seminars", "")}},
		{"I just started helping out with a food drive for folks who lost their jobs.", []want{ev(me, "started", "helping out with a food drive", "")}},
		{"I started going to bed earlier.", nil},
		{"I started doing better after that.", nil},
		{"I started doing this a few years back.", nil},
		{"I started doing the dishes.", nil},
		{"I already started doing what you said about social media.", nil},
		{"He started going to therapy.", nil},
		{"Have you started going to the gym?", nil},
		{"If I started going to the gym I'd feel better.", nil},
		// A work sent in, said after "done" or as a relative clause; the
		// program applied for; not another's, not asked.
		{"I just got done submitting my recent screenplay to a film contest!", []want{ev(me, "applied_to", "film contest", "")}},
		{"The screenplay I sent in to the film festival has been on my mind all day.", []want{ev(me, "applied_to", "film festival", "")}},
		{"I'm finally in the study abroad program I applied for!", []want{ev(me, "applied_to", "study abroad program", "")}},
		{"The story she sent in to the magazine got rejected.", nil},
		{"The job you applied for sounds great.", nil},
		{"Did you finish submitting your essay to the contest?", nil},
		// A venture of one's own started, a class started going to, a work
		// started on; not a day, a job (read elsewhere), another's.
		{"Last week, I started my blog about coding.", []want{w(me, "owns", "blog"), ev(me, "started", "blog about coding", "")}},
		{"I started this yoga class in the neighborhood - it's such a good feeling!", []want{ev(me, "started", "yoga class", "")}},
		{"I actually started on a book recently since my movie did well!", []want{ev(me, "started", "book", "")}},
		{"I started my day with coffee.", nil},
		{"I started this whole thing because of you.", nil},
		{"I started on my homework.", nil},
		{"He started his own band.", nil},
		// A new home got, rented or moved into; not a stay away, not
		// another's, not wished.
		{"I got a new place with a bigger backyard for the pooches!", []want{ev(me, "moved", "new place", "")}},
		{"We rented an apartment not far from the bar.", []want{ev(me, "moved", "apartment", "")}},
		{"We rented a cottage for the weekend.", nil},
		{"We rented a car for the trip.", nil},
		{"My sister got a new place in town.", []want{w(me, "sister", "Alice's sister")}},
		{"I got a new phone.", []want{w(me, "owns", "phone")}},
		// One's own wedding held, with the partner or "we"; not an order,
		// a wedding gone to, one ahead, a sister's.
		{"My girlfriend and I had an amazing and emotional wedding ceremony last week.", []want{w(me, "partner", "Alice's partner"), ev(me, "married", "married", "")}},
		{"We had a tiny wedding in the garden.", []want{ev(me, "married", "married", "")}},
		{"Marrying my partner and promising to be together forever was the best part.", []want{w(me, "partner", "Alice's partner"), ev(me, "married", "married", "")}},
		{"I'm dead, we had a wedding order for 400 conchas at the bakery today.", nil},
		{"We had a wedding to go to last weekend.", nil},
		{"I had a wedding this weekend, three hundred guests.", nil},
		{"My sister and I had a wedding to plan.", []want{w(me, "sister", "Alice's sister")}},
		// A competition won by one's team, one was in "and I won", a
		// trophy from; not another's team, not a loss, not asked.
		{"My fav memory was when my team won first place at a regionals at age fifteen.", []want{ev(me, "won", "regionals", "")}},
		{"That pic's from when my dance crew took home first in a local comp last year.", []want{ev(me, "won", "local comp", "")}},
		{"I was in the final of a big Valorant tournament last Saturday, and I won!", []want{ev(me, "won", "Valorant tournament", "")}},
		{"Here's one of my trophies from a dance contest, nice reminder of the hard work.", []want{ev(me, "won", "dance contest", "")}},
		{"His team won first place at the state fair.", nil},
		{"My team lost in the final of the cup.", nil},
		{"Were you in the final of the tournament and you won?", nil},
		// A place praised as past (everyday.go, mended): more words of
		// praise, "that show in Tokyo"; not one on TV, not denied.
		{"Tokyo was unreal -- the crowd was insane.", []want{ev(me, "visited", "Tokyo", "")}},
		{"That show in Tokyo was awesome!", []want{ev(me, "visited", "Tokyo", "")}},
		{"Brazil was unreal in the World Cup.", nil},
		{"Is Tokyo unreal in spring?", nil},
		// Work said with the days or the years between "work" and where
		// (rulebook.go, mended); not years of nothing.
		{"I work saturdays at the Shoppers, 9 to 5.", []want{w(me, "works_at", "Shoppers")}},
		{"I work long days at the institute.", []want{w(me, "works_at", "institute")}},
		{"I worked for three years at the bakery.", []want{neg(me, "works_at", "bakery")}},
		{"I worked for three years for nothing.", nil},
		// A move said with a particle or as the subject of "was": the
		// move to the home the rules read; not one ahead.
		{"We got her as a pup when we moved up to Fairbanks in 2010.", []want{w(me, "lives_in", "Fairbanks"), ev(me, "moved", "Fairbanks", "")}},
		{"went freelance in 2021 when we moved back to Accra", []want{w(me, "lives_in", "Accra"), ev(me, "moved", "Accra", "")}},
		{"My sister moved back to Accra last year.", []want{w(me, "sister", "Alice's sister")}},
		// A membership got, paid for or cancelled, with its club; not a
		// bare or new one, not another's, not asked.
		{"I paid for the swimming club membership for the whole year.", []want{ev(me, "joined", "swimming club", "")}},
		{"I got a gym membership last week.", []want{ev(me, "joined", "gym", "")}},
		{"I cancelled my PureGym membership in January.", []want{{s: me, p: "joined", c: "PureGym", kind: "experience", pol: "negative"}}},
		{"I got a new membership at the pool.", nil},
		{"My wife cancelled her gym membership.", []want{w(me, "wife", "Alice's wife")}},
		{"Did you cancel your gym membership?", nil},
		// An application accepted by a named place; an audition done for
		// something; not "they", not another's, not ahead, not asked.
		{"Yusra!! I got in. The Kilkenny craft fair accepted my application, I have a stand in August.", []want{ev(me, "applied_to", "Kilkenny craft fair", "")}},
		{"Been quite a ride - had an audition yesterday for a writing gig.", []want{ev(me, "applied_to", "writing gig", "")}},
		{"They accepted my application!", nil},
		{"My sister had an audition for a musical last week.", []want{w(me, "sister", "Alice's sister")}},
		{"Did you have an audition for the play?", nil},
		// The place of work said right after a role the rules read alone;
		// not a compound ("a bank app"), a person, a time.
		{"ȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺȺ I'm a nurse", []want{w(me, "job_title", "nurse")}}, // capitals that grow when lowered: offsets kept
		{"Logistics coordinator for DP World. Before that I was an economist in Dushanbe.", []want{w(me, "job_title", "logistics coordinator"), neg(me, "job_title", "economist"), w(me, "works_at", "DP World")}},
		{"Before that I was an economist for the ministry in Dushanbe.", []want{neg(me, "job_title", "economist"), neg(me, "works_at", "ministry")}},
		{"Now I live in Addis for work, I'm a software tester for a bank app.", []want{w(me, "lives_in", "Addis"), w(me, "job_title", "software tester")}},
		{"I was a nurse for 20 years.", []want{neg(me, "job_title", "nurse")}},
		// A start told as the reason or the time of something else, or
		// of nothing said (chat.go, mended); "since" and "when" keep it.
		{"It's a nice reminder of why I started playing basketball and my journey.", nil},
		{"This pic was taken after I started walking again.", nil},
		{"Just started learning, but haven't gone yet.", nil},
		{"Since I started transitioning three years ago, things changed.", []want{ev(me, "started", "transitioning", "")}},
		{"I'm a nanny for my sister's kids.", []want{w(me, "sister", "Alice's sister"), w(me, "job_title", "nanny")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
