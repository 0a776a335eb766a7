package extract

import (
	"regexp"
	"slices"
	"strings"
)

// Trips named in a plan's frame (session 29, from the travels_to misses of
// the synthetic rounds 1–2): the trip is said as a plan and its place after
// a comma or a colon ("We're planning our first family holiday outside
// Ghana, Cape Town in December", "we're finally doing our honeymoon: Japan,
// 16 days in November"), or the trip is said by its length in a place
// ("I need help planning 10 days in Scotland in September"). The labelled
// sets write where the trip goes (travels_to), not the plan's words.
// Cases in plans29b_test.go.

// tripFrameRE: a trip planned, booked or about to be taken, said by the
// speaker ("we're planning our …holiday", "doing our honeymoon", "booked a
// trip").
var tripFrameRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|we|i'm|we're|im|i\s+am|we\s+are|i've|we've)\s+)(?:(?:just|finally|also|already|now|currently|still)\s+)*(?:planning|organi[sz]ing|booking|booked|doing|taking)\s+(?:a|an|our|my)\s+(?:[\w'-]+\s+){0,4}?(trip|holiday|holidays|vacation|honeymoon|getaway|road\s+trip)\b`)

// placeAfterRE: the place said after the clause, before its end, a date, a
// length or another comma ("…, Cape Town in December", ": Japan, 16 days").
var placeAfterRE = regexp.MustCompile(`^[^,:.;!?]{0,40}?[,:]\s*(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})\s*(?:$|[,.;!]|\s+(?:in|on|for|from|this|next|over|at\s+the\s+end)\b)`)

// tripDaysRE: a trip said by its length in a place ("planning 10 days in
// Scotland", "plan two weeks in Japan").
var tripDaysRE = regexp.MustCompile(`(?i:\bplan(?:ning)?\s+(?:a\s+)?(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of)\s+(?:days|weeks|nights)\s+in)\s+` + `(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})`)

// tripPlanWords: a plan whose words are the trip itself, which the place
// replaces.
var tripPlanWords = setOf(`trip holiday holidays vacation honeymoon getaway`)

func init() {
	rules = append(rules,
		r(tripFrameRE.String(), 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			loc := tripFrameRE.FindStringIndex(c.raw)
			if loc == nil {
				return
			}
			pm := placeAfterRE.FindStringSubmatch(c.raw[loc[1]:])
			if pm == nil {
				return
			}
			p := place(pm[1])
			if p == "" || !knownPlace(p) {
				return
			}
			// the plan the clause gave is the trip, now said by its place
			c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool {
				if f.Predicate != "plans" {
					return false
				}
				for _, w := range strings.Fields(strings.ToLower(f.Claim)) {
					if tripPlanWords[w] {
						return true
					}
				}
				return false
			})
			c.fore = true
			c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
		}),
		r(tripDaysRE.String(), 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			if p := place(m[1]); p != "" && knownPlace(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),
	)
}
