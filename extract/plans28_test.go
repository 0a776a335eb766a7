package extract_test

import (
	"testing"
	"time"
)

// TestPlanPossessionRulesSession28 holds the plan and possession rules of
// session 28 (plans28.go, possessions28.go), each beside the near miss it
// must leave alone.
func TestPlanPossessionRulesSession28(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	const me = "member:alice"
	for _, tc := range []struct {
		text string
		want []want
	}{
		// An occasion had: the plan of whoever has it.
		{"i have my anatomy practical monday and i still mix up the brachial plexus", []want{fut(me, "plans", "anatomy practical", "")}},
		{"Signe can't, she has her exams at DTU that week.", []want{fut("Signe", "plans", "exams", "")}},
		{"Jovana has the European Youth Championships in Chisinau in April.", []want{fut("Jovana", "plans", "European Youth Championships", "2026-04-01")}},
		{"I have a game on my phone.", nil},
		{"I had my exams last week.", nil},
		{"My son has his exams in June.", []want{w(me, "son", "Alice's son")}},
		{"Kerrion has his birthday next week.", nil},
		// A start on a date ahead.
		{"I start at the Royal Botanic Garden in September as a junior plant pathologist.", []want{fut(me, "plans", "start at the Royal Botanic Garden", "2026-09-01")}},
		{"Our daughter Rukhsana called, she starts at the Aga Khan hospital next month!", []want{w(me, "daughter", "Rukhsana"), fut("Rukhsana", "plans", "start at the Aga Khan hospital", "2026-04-01")}},
		{"I start at 9 tomorrow.", nil},
		// A start behind is no plan; the job begun there is work28.go's.
		{"I started at the hospital last year.", []want{ev(me, "started_job", "hospital", ""), w(me, "works_at", "hospital")}},
		// A job won, with its start on a day of the month.
		{"got the job at te papa. start on the 11th", []want{fut(me, "plans", "job at te papa", "")}},
		{"It was the 3rd time I tried.", nil},
		// A move.
		{"anyways i'm moving to yaba next month to be closer to the office", []want{fut(me, "plans", "moving to yaba", "2026-04-01")}},
		{"i'm also moving out of my parents' place end of month", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother"), fut(me, "plans", "moving out of my parents' place", "")}},
		{"My sponsor Gladys is moving to Tampa next month and I'm scared.", []want{fut("Gladys", "plans", "moving to Tampa", "2026-04-01")}},
		{"I'm moving out of it into the small room.", nil},
		{"Moving to Linux was the best decision.", nil},
		{"She's moving to Paris next month.", nil},
		// An occasion said with its date after "is" or "will be".
		{"The wedding will be next summer in Shiraz.", []want{fut(me, "plans", "wedding", "2026-06-01")}},
		{"pharmacology final is Apr 22, and then I'm free.", []want{fut(me, "plans", "pharmacology final", "2026-04-22")}},
		{"Her wedding is in May.", nil},
		{"Flight is Feb 18, Almaty to Berlin.", nil},
		// A wedding ahead.
		{"My granddaughter Ingeborg is getting married in July in Bergen.", []want{w(me, "grandchild", "Ingeborg"), fut("Ingeborg", "plans", "getting married", "2026-07-01")}},
		{"She keeps asking when I'm getting married.", nil},
		{"me and my partner Jovan are finally getting married this august", []want{w(me, "partner", "Jovan"), fut(me, "plans", "getting married", "2026-08-01")}},
		// A plan joined: "I'm in for", "count me in".
		{"Sounds great! I'm in for the hike, and my dogs can come too.", []want{fut(me, "plans", "the hike", ""), w(me, "has_pet", "dogs")}},
		{"Count me in for the front row when you're up onstage!", nil},
		{"That looks delicious! A pastry party sounds awesome, count me in!", []want{fut(me, "plans", "pastry party", "")}},
		{"I'm in for 6:00 pace.", nil},
		{"I'm in for it.", nil},
		{"That idea sounds great, count me in!", nil},
		// A thing not had, or sold: an owning denied; a business being sold is still owned.
		{"we dont even have a car yet so the bins will be our big weekly outing", []want{neg(me, "owns", "car")}},
		{"i never had a license lol, i bike everywhere.", []want{neg(me, "owns", "license")}},
		{"I don't have a car seat for her.", nil},
		{"I don't have a clue.", nil},
		{"We sold the second car, and I do weekend shifts.", []want{neg(me, "owns", "second car")}},
		{"don't ask. closed the café in may.", []want{neg(me, "owns", "café")}},
		{"I'm selling the café. Don't panic.", []want{w(me, "owns", "café")}},
		{"I closed the door.", nil},
		{"Gave up the studio job when Orla went back to work.", nil},
		{"She sold her car.", nil},
		// A business run, had or owned: the runner's.
		{"My brother-in-law Rustom runs an events company in Indiranagar.", []want{w(me, "in_law", "Rustom"), w("Rustom", "owns", "events company")}},
		{"My family has a longan farm in Lamphun.", []want{w(me, "owns", "longan farm")}},
		{"My partner Ottokar has his own carpentry workshop here.", []want{w(me, "partner", "Ottokar"), w("Ottokar", "owns", "carpentry workshop")}},
		{"My dad has a vineyard there.", []want{w(me, "father", "Alice's father")}},
		{"She runs the show at work.", nil},
		{"He has a company car.", nil},
		// What a pet spoken of is, or a pet said alone: the speaker's.
		{"thats bánh mì, shes a staffy, very friendly.", []want{w(me, "has_pet", "staffy")}},
		{"he's a beagle mix fourteen years old", []want{w(me, "has_pet", "beagle mix")}},
		{"Very real, a fat old beagle. 13 this year.", []want{w(me, "has_pet", "beagle")}},
		{"My neighbour's dog barks all day, he's a husky.", nil},
		{"She's a cat person.", nil},
		{"a greyhound!! they're basically couches with legs.", nil},
		{"a hedgehog who's afraid of the dark. i'm illustrating AND writing it", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
