package extract_test

import (
	"testing"
	"time"
)

// TestEventWorkHomeRulesSession28 holds the event, work and home rules of
// session 28 (events28.go), each beside the near miss it must leave alone.
func TestEventWorkHomeRulesSession28(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	const me = "member:alice"
	exneg := func(s, p, c string) want { return want{s: s, p: p, c: c, kind: "experience", pol: "negative"} }
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A group quit or left: a membership ended. Not a night out ended,
		// not a habit quit.
		{"I quit the choir.", []want{exneg(me, "joined", "choir")}},
		{"and i quit the gym btw so it's all yours again", []want{exneg(me, "joined", "gym")}},
		{"I left the club in November, my knee said non.", []want{exneg(me, "joined", "club")}},
		{"I left the club at 2am.", nil},
		{"I quit smoking last year.", nil},
		// A retirement said as a state, or without its "I"; not a retired
		// greyhound or someone else's.
		{"Retired since 2019, and I don't miss the night shifts one bit.", []want{ev(me, "retired", "retired", "")}},
		{"I was captain for 22 years, retired in 2019.", []want{ev(me, "retired", "retired", ""), neg(me, "job_title", "captain")}},
		{"We are both retired.", []want{ev(me, "retired", "retired", "")}},
		{"Now I am pensioner, I have only time for my trees.", []want{ev(me, "retired", "pensioner", "")}},
		{"My dad, now retired, plays golf.", []want{w(me, "father", "Alice's father")}},
		{"Every morning I walk with two other retired headmasters.", nil},
		// The retirement is from where the turn says the years were spent.
		{"I finally retired in January after thirty one years with the Hawaii Fire Department.",
			[]want{ev(me, "retired", "Hawaii Fire Department", ""), neg(me, "works_at", "Hawaii Fire Department")}},
		// A divorce, a marriage said as a state, no marriage; not divorced
		// parents, not "not married yet".
		{"I've been divorced since 2020.", []want{exneg(me, "married", "divorced")}},
		{"I'm three years out from my divorce.", []want{exneg(me, "married", "divorce")}},
		{"I'm a child of divorced parents.", nil},
		{"We are married!!!", []want{ev(me, "married", "married", "")}},
		{"We're not married and not planning to get married just for a visa.", []want{exneg(me, "married", "married")}},
		{"We're not married yet.", nil},
		// A child born; not a son arrived home.
		{"my daughter was born in november so sundays are now for nappies", []want{w(me, "daughter", "Alice's daughter"), ev(me, "had_child", "daughter", "")}},
		{"Our son Makana arrived December 29th, 7 pounds.", []want{w(me, "son", "Makana"), ev(me, "had_child", "Makana", ""), w("Makana", "birthday", "December 29th")}},
		{"My son arrived home late last night.", []want{w(me, "son", "Alice's son")}},
		{"My sister's son was born in May.", []want{w(me, "sister", "Alice's sister")}},
		// A job lost by another's doing; not a brother's.
		{"54, laid off from a bank in Dublin last autumn.", []want{ev(me, "lost_job", "bank", ""), neg(me, "works_at", "bank"), w(me, "age", "54")}},
		{"My brother was laid off last week.", []want{w(me, "brother", "Alice's brother")}},
		// Moves: from a place (a home left), from one to another, with a
		// direction, into a place in a town, out of a place; not "moved in
		// together", not a move ahead.
		{"I moved here from Ljubljana in January.", []want{neg(me, "lives_in", "Ljubljana")}},
		{"I moved house in May, from Foleshill to Earlsdon.", []want{w(me, "lives_in", "Earlsdon"), ev(me, "moved", "Earlsdon", ""), neg(me, "lives_in", "Foleshill")}},
		{"I moved from finance to the IT side in 2023.", nil},
		{"I moved up to Nairn three years ago.", []want{w(me, "lives_in", "Nairn"), ev(me, "moved", "Nairn", "")}},
		{"We moved into a bigger place in Sunnyside last month.", []want{w(me, "lives_in", "Sunnyside"), ev(me, "moved", "Sunnyside", "")}},
		{"I moved out of Grünerløkka in october.", []want{neg(me, "lives_in", "Grünerløkka")}},
		{"We're moving from Bergen to Tromsø this summer.", []want{fut(me, "plans", "moving from Bergen to Tromsø", "")}},
		// A bare move named by the place the turn names after it; not by
		// the old home named before it.
		{"Big news, I moved! Little house in Quilpué, with a yard for the kids.", []want{ev(me, "moved", "Quilpué", "")}},
		{"I was a coach back in Gisborne for twenty years before we moved up here.", []want{neg(me, "job_title", "coach"), ev(me, "moved", "moved", "")}},
		// A child named before "our daughter, born …".
		{"Sorry I went quiet. Meet Nizhoni, our daughter, born July 19, 3.4 kilos of opinions",
			[]want{w(me, "daughter", "Meet Nizhoni"), ev(me, "had_child", "Nizhoni", ""), w("Nizhoni", "birthday", "July 19")}},
		// Home is where one goes home to; not a sister's.
		{"going home to Apia for christmas, first time in two years.", []want{fut(me, "travels_to", "Apia", ""), w(me, "from", "Apia")}},
		{"I still send money home to Sapporo every month", []want{w(me, "from", "Sapporo")}},
		{"My sister is going home to Manila next week.", []want{w(me, "sister", "Alice's sister")}},
		// A greeting from a place after the name of the one spoken to;
		// the weather where one lives; a relative who lives with the
		// speaker; not the weather of a trip.
		{"Reinier! Happy Easter from Chicago.", []want{w(me, "lives_in", "Chicago")}},
		{"It is 33 degrees in Accra and the harmattan dust is everywhere.", []want{w(me, "lives_in", "Accra")}},
		{"Day three of our trip, 33 degrees in Accra!", nil},
		{"My mum Vlasta is 84 and lives with us in Brno since last autumn.", []want{w(me, "mother", "Vlasta"), w("Vlasta", "age", "84"), w(me, "lives_in", "Brno")}},
		// An application under way or sent; not one thought of, one ahead
		// or one given up.
		{"I already applied for the elective last week.", []want{ev(me, "applied_to", "elective", "")}},
		{"I sent an application to a consultancy in Calgary last week, don't tell anyone", []want{ev(me, "applied_to", "consultancy in Calgary", "")}},
		{"Funny thing, I stopped applying for jobs.", nil},
		// Back from a place; not back from work.
		{"back from Lisbon! the talk went fine", []want{ev(me, "visited", "Lisbon", "")}},
		{"I'm back from work.", nil},
		// A place of work quit or left (work28.go); "left" only in a turn
		// about work with nothing but when after it.
		{"I also quit the café in December.", []want{neg(me, "works_at", "café")}},
		{"I have news too. I left Nightgrove, full freelance since August", []want{neg(me, "works_at", "Nightgrove")}},
		{"I left the hotel!! Now I work in an agency of tourism", []want{neg(me, "works_at", "hotel"), w(me, "works_at", "agency of tourism")}},
		{"I left the hospital yesterday after my surgery.", nil},
		{"We left the hotel and walked to the beach.", nil},
		{"I quit school in 2010.", nil},
		// A job begun at a place, one's new job; not one ahead.
		{"got a job at the campus cinema instead", []want{ev(me, "started_job", "campus cinema", ""), w(me, "works_at", "campus cinema")}},
		{"started monday at a surf shop in umhlanga", []want{ev(me, "started_job", "surf shop", ""), w(me, "works_at", "surf shop")}},
		{"I started at 9am today.", nil},
		{"day one of the new job and I'm still figuring out the VPN", []want{ev(me, "started_job", "new job", "")}},
		{"My new job starts on Monday.", nil},
		{"How's the new job going?", nil},
		// The place of work one is at now, in a turn about work.
		{"Paystack let me go last year, I'm at Moniepoint now", []want{ev(me, "lost_job", "Paystack", ""), neg(me, "works_at", "Paystack"), w(me, "works_at", "Moniepoint")}},
		{"I'm at Heathrow now, boarding soon.", nil},
		// A role said of oneself with a word between, without its
		// article, with where or how long after it, and one denied; not
		// "I'm back", not a role said with a number after it.
		{"I'm literally a midwife I've delivered like four hundred babies", []want{w(me, "job_title", "midwife")}},
		{"I am plumber here in Reading.", []want{w(me, "job_title", "plumber")}},
		{"ive been a tanker driver eighteen years", []want{w(me, "job_title", "tanker driver")}},
		{"I'm the bookkeeper for a coffee farm in Holualoa.", []want{w(me, "job_title", "bookkeeper")}},
		{"I'm a joiner not an English teacher", []want{w(me, "job_title", "joiner"), neg(me, "job_title", "english teacher")}},
		{"Treat me when I'm back.", nil},
		{"I have been reviewer 2. I regret nothing.", nil},
		// A role said as a clause of its own; not one spoken to, not a
		// list, not one said with a verb, not after an article.
		{"Data analyst, same as before but with worse coffee", []want{w(me, "job_title", "data analyst")}},
		{"Ha no, anaesthetist at Charlotte Maxeke. Twelve years now", []want{w(me, "job_title", "anaesthetist"), w(me, "works_at", "Charlotte Maxeke")}},
		{"Plumber here (30 years, Valencia).", []want{w(me, "job_title", "plumber")}},
		{"Teacher, Aisyah will be absent Friday.", nil},
		{"Electrician, plumber, carpenter, all booked till May.", nil},
		{"Nurse is also hard ha, ask my sister.", []want{w(me, "sister", "Alice's sister")}},
		{"Oh, a nurse, good choice.", nil},
		{"Bravo coach! Are you still thinking about it?", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
