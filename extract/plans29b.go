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

// A course or class signed up for (session 29): the labelled sets write it
// as a plan when it is ahead ("I signed up for a meditation course. Can't
// wait!", "signed up for a pottery thing at a café, it's on saturday"), and
// as joined only when it is running ("I signed up for the ceramics course in
// September, Tuesday evenings. My first bowl looks like a sad ashtray").
// Tried: taking the plan the rulebook reads from a date back when the turn
// says the course is running, or when a bare "in <month>" dates the sign-up:
// kept-back -1/-1, dropped.

// signedForRE: a sign-up said by the speaker (group 1 what).
var signedForRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|already|officially|also)\s+)*(?:signed\s+up\s+for|registered\s+for|enrolled\s+(?:in|for)))\s+(.+)`)

// signedAheadRE: the turn says the thing signed up for is still to come.
var signedAheadRE = regexp.MustCompile(`(?i)\b(?:can'?t\s+wait|cannot\s+wait|looking\s+forward|it'?s\s+on\s+(?:` + monthRE + `|monday|tuesday|wednesday|thursday|friday|saturday|sunday|the\s+\d)|it\s+(?:starts|begins))\b`)

// runningRE: the turn says it is already under way.
var runningRE = regexp.MustCompile(`(?i)\b(?:my\s+first\s+(?:\w+\s+)?(?:lesson|class|session|bowl|piece|week)|so\s+far|every\s+minute|i'?m\s+the\s+(?:oldest|youngest)|it'?s\s+been|loving\s+it|love\s+it)\b`)

func init() {
	rules = append(rules,
		r(signedForRE.String(), 1, func(c *clause, m []string) {
			p := object(m[1])
			if p == "" || c.neg {
				return
			}
			hasPlan := slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "plans" && f.Claim == p })
			if !hasPlan && signedAheadRE.MatchString(c.turn) && !runningRE.MatchString(c.turn) && !c.hasPast && !outcomeRE.MatchString(c.turn) {
				c.fore = true
				c.add(c.speaker, "plans", p, Foresight, confPlan-4)
			}
		}),
	)
}

// A trip said by the family occasion one goes to and its place, ahead
// ("I'm off next Friday for my cousin's wedding in Kisumu", "the week after
// next I'm at my brother's graduation in Shiraz"): the labelled sets write
// the place as travels_to (session 29). Tried with a conference, a
// convention, a summit, a tournament ("I have a conference in Singapore
// 12–15 May"): read +4/+4, kept-back +2/+1, dropped; with a festival, a
// marathon or a competition too (one's work shown there, "the audio gig for
// a horror game festival in Lyon"): worse.

// occasionInRE: an occasion away and its place (group 1).
var occasionInRE = regexp.MustCompile(`(?i:\b(?:wedding|graduation|nikah)\s+in)\s+` + `(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})`)

// occasionOwnRE: the occasion is the speaker's to go to.
var occasionOwnRE = regexp.MustCompile(`(?i)(?:^|\b)(?:i|we|i'm|we're|im|my|our|i've|we've|then\s+the)\b`)

func init() {
	rules = append(rules,
		r(occasionInRE.String(), 1, func(c *clause, m []string) {
			if c.neg || c.hasPast || !c.hasDate || !c.date.After(day(c.at)) || !occasionOwnRE.MatchString(c.text) {
				return
			}
			if p := place(m[1]); p != "" && knownPlace(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+2)
			}
		}),
	)
}

// A journey said by a bare gerund after a comma, the speaker's ("logging
// off till the 2nd, going home to Ibadan to see my parents", "fyi I'm on
// PTO thursday to monday, going to Nairobi for my cousin's nikah", "I'm in
// Oslo on the 18th for one night, flying to Tel Aviv on the 19th"): the
// rulebook reads the gerund only after "I'm" or at a clause's start.
var commaJourneyRE = regexp.MustCompile(`[,;]\s*(?i:(?:then\s+)?(?:going|flying|heading|driving|travell?ing)\s+(?:back\s+)?(?:home\s+)?to)\s+` + `(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})`)

// journeyAheadRE: the journey is ahead, said without a date.
var journeyAheadRE = regexp.MustCompile(`(?i)\b(?:home\s+to|for\s+(?:my|our)\s+|to\s+see\s+)`)

func init() {
	rules = append(rules,
		r(commaJourneyRE.String(), 1, func(c *clause, m []string) {
			if c.neg || c.hasPast || !c.speakerClause() { // speakerClause has read all of the clause, what is before the journey too
				return
			}
			if !(c.hasDate && c.date.After(day(c.at))) && !journeyAheadRE.MatchString(c.raw) {
				return
			}
			if p := place(m[1]); p != "" && knownPlace(p) && !lexNames.has(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+2)
			}
		}),
	)
}
