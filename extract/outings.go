package extract

import (
	"regexp"
	"strings"
)

// Places been to and classes joined, said the ways chat shares them
// (session 24, from the misses of the LoCoMo turns no draw took,
// locomo_more.jsonl): a photo taken somewhere ("took this pic in Spain",
// "a picture from a vacation in Florida", "this pic from one of my trips
// to New York City"), a trip said past ("a road trip to Jasper last
// weekend", "a special vacation we had to California"), "I went up to the
// Rocky Mountains"; a class
// or course taken ("I took a dog grooming course", "I've been taking a
// poetry class"). Only a place the lexicon knows or a name of several
// words; never a trip ahead, nor an outing that may be in one's own town
// ("I went to a concert in Chicago", TestGeneralChat). Cases in
// named_test.go.

// pastTripRE: the clause says the trip is past.
var pastTripRE = regexp.MustCompile(`(?i)\b(?:took|taken|had|went|was|were|did|came\s+back|got\s+back|returned|last\s+(?:year|summer|winter|spring|fall|autumn|week|weekend|month|time)|yesterday|ago|once|remember|reminded|memories|memory|snapped|shot)\b`)

func init() {
	visited := func(c *clause, raw string, conf int) {
		p := place(raw)
		if p == "" || c.fore || c.neg || upcomingRE.MatchString(c.raw) || dayAhead(c) {
			return
		}
		if !(isPlace(p) && !lexCommonPlaces.has(p) || len(strings.Fields(p)) > 1 && !lexNames.has(strings.Fields(p)[0])) {
			return
		}
		c.add(c.speaker, "visited", p, Experience, conf)
	}
	rules = append(rules,
		// "took this pic in Spain", "I snapped that photo at Whispering
		// Falls", "Here's a picture I took on vacation last summer in
		// Bogota".
		rawRule(`(?i:\b(?:took|snapped|taken|shot)\s+(?:this|that|these|those|the|a|my)?\s*(?:\w+\s+)?(?:pic|pics|photo|photos|picture|pictures|shot|snap|selfie)\s+(?:(?:on|during)\s+(?:a|my|our|the)\s+(?:\w+\s+)?(?:trip|vacation|holiday|hike)\s+)?(?:(?:last|this)\s+\w+\s+)?(?:in|at))\s+`+nm, 1, func(c *clause, m []string) {
			visited(c, m[1], confEvent-6)
		}),
		rawRule(`(?i:\b(?:pic|pics|photo|photos|picture|pictures|shot|snap)\s+(?:I\s+took\s+)?(?:on|during|from)\s+(?:(?:one\s+of\s+)?(?:a|my|our|the)\s+)(?:[\w-]+\s+){0,2}?(?:trips?|vacations?|holidays?|getaways?)\s+(?:(?:last|this)\s+\w+\s+)?(?:to|in))\s+`+nm, 1, func(c *clause, m []string) {
			visited(c, m[1], confEvent-6)
		}),
		// "a road trip to Jasper last weekend", "a special vacation we had
		// to California", "my trip to the Smoky Mountains last year".
		rawRule(`(?i:\b(?:a|my|our|the|one\s+of\s+my|one\s+of\s+our)\s+(?:[\w-]+\s+){0,2}?(?:trips?|vacations?|holidays?|getaways?)\s+(?:(?:we|I)\s+(?:had|took)\s+)?(?:to|in))\s+(?:the\s+)?`+nm, 1, func(c *clause, m []string) {
			if !pastTripRE.MatchString(c.raw) && !c.hasPast {
				return
			}
			visited(c, m[1], confEvent-6)
		}),
		// "I went up to the Rocky Mountains", "we drove out to Taos".
		rawRule(fp+`(?i:\s+(?:went|drove|flew|hiked|headed|travell?ed)\s+(?:up|down|over|out|back|all\s+the\s+way)\s+to)\s+(?:the\s+)?`+nm, 1, func(c *clause, m []string) {
			visited(c, m[1], confEvent-4)
		}),
		// "I took a dog grooming course", "I've been taking a poetry class"
		// ("started taking guitar lessons" is started, chat.go).
		rawRule(fp+aux+`(?i:\s+(?:took|taking|take))\s+(?:(?i:a|an|the|this|some|my|our)\s+)?((?:[\p{L}-]+\s+){1,3}?(?i:class|classes|course|courses|workshop|workshops|lessons|program|programme|bootcamp|seminar|seminars))\b`, 1, func(c *clause, m []string) {
			if c.fore || c.neg || condRE.MatchString(c.raw) {
				return
			}
			p := strings.TrimSpace(m[1])
			ws := strings.Fields(strings.ToLower(p))
			for _, w := range ws[:len(ws)-1] {
				if pronoun[w] || deictic[w] || evaluative[w] || vague[w] || notClassWords[w] || w == "online" && len(ws) == 2 {
					return // "taking too many classes", "took a break from classes"
				}
			}
			c.add(c.speaker, "joined", p, Experience, confEvent-6)
		}),
		// "I'm now part of the fire-fighting brigade", "I'm officially a
		// part of the team": a group one belongs to now, joined (session 27).
		// Not "part of the problem", nor a group said to be the listener's.
		rawRule(fpbe+`(?i:\s+(?:now|also|officially|finally|proudly|newly)(?:\s+(?:now|also|officially|finally|proudly|newly))*\s+(?:a\s+)?part\s+of)\s+(?i:the|a|an|our|this)\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)`, 1, func(c *clause, m []string) {
			if c.fore || c.neg || condRE.MatchString(c.raw) {
				return
			}
			ws := strings.Fields(m[1])
			for k, w := range ws {
				if groups[singular(strings.ToLower(w))] {
					c.add(c.speaker, "joined", strings.Join(ws[:k+1], " "), Experience, confEvent-6)
					return
				}
			}
		}),
	)
}
