package extract

import (
	"regexp"
	"strings"
)

// Homes said in passing (session 30, from the home misses of locomo_more,
// synthetic rounds 1–2 and outside chat 1, 2 and 4). Three forms of chat the earlier rules left alone:
//
//   - a named relative placed by "in" right after the name ("I want to call
//     my daughter Sigrid in Bergen", "remind me to ring my brother Shigeo in
//     Osaka"): where the relative lives;
//   - where the speaker starts a flight or a daily trip ("flights from
//     Monterrey are like 1400", "flying out of Bristol on the 16th", "my bus
//     from Ede is always late"), and "in <place> we pay / have / say …":
//     where the speaker lives, as the labels write it.
//
// Cases in owns30_test.go.

// kinInRE: a relative with a name, then "in" and a place (group 1 the
// name, group 2 the place). Not "is in" (the earlier rules read it).
var kinInRE = `(?i:\b(?:my|our)\s+)` + mods + `(?i:mum|mom|mother|mam|dad|father|brother|sister|son|daughter|cousin|aunt|auntie|aunty|uncle|nephew|niece|grandson|granddaughter|grandma|grandmother|gran|granny|nan|nana|grandpa|grandfather|grandad|granddad|husband|wife|partner|boyfriend|girlfriend|fiancé|fiancee|fiance|bestie|best\s+friend|friend|mate|kid|kids|child|brother-in-law|sister-in-law|mother-in-law|father-in-law|stepson|stepdaughter|stepmom|stepmum|stepdad)\s+(\p{Lu}\p{Ll}[\p{L}'-]*)\s*,?\s+(?:(?i:(?:who\s+)?(?:lives|is\s+living|'s\s+living|is|'s)\s+(?:now\s+|still\s+)?(?:(?:up|down|out|over|back)\s+)?))?in\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})`

// kinInAfterRE: what after the place says it is a stay, not a home, or
// that the place is no town ("in Year 5").
var kinInAfterRE = regexp.MustCompile(`^\s*(?:\d|(?i:this\s+(?:week|weekend|month)|for\s+(?:a|the|two|three|\d)|on\s+(?:holiday|vacation|a\s+trip|business)|at\s+the\s+moment|right\s+now|until|till|visiting|hospital))`)

// leaveFromRE: where the first person's flight or daily trip starts
// (group 1 the place).
var leaveFromRE = `(?i:\b(?:flights?|flying|fly|flew|my\s+(?:\d+\s+)?(?:bus|train|commute|drive|ride)|(?:i|we)\s+(?:still\s+|usually\s+|always\s+)?(?:do\s+the\s+\d+\s+bus|cycle|commute|drive|bike)(?:\s+\d+\s*(?:min|mins|minutes|hours?|hrs?|km))?(?:\s+(?:every\s+day|each\s+way|daily))?)\s+(?:out\s+of|from))\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2}|[a-z][\p{L}'-]+(?:\s+[a-z][\p{L}'-]+)?)`

// leaveBackRE: a trip home from elsewhere, not where one lives.
var leaveBackRE = regexp.MustCompile(`(?i)\b(?:back|home|return|returning|returned)\s+(?:flights?\s+)?(?:from|out\s+of)\b`)

// inPlaceWeRE: "in Toronto we pay …", "here in Asturias we say …" (group 1
// the place).
var inPlaceWeRE = `(?:^|[,;:.!]\s*|\b(?i:and|but|so|yeah|yes|haha|lol|yikes|ha)\s+)(?i:(?:over\s+)?here\s+)?(?i:in)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2}|[a-z][\p{L}'-]+)\s*,?\s+(?i:we|people|everyone|everybody)\s+(?i:(?:only|still|also|all|just|usually|always|even|normally|mostly)\s+)?(?i:have|pay|get|say|call|do|don't|dont|eat|drink|grow|celebrate|speak|use|need|can|can't|cant|go)\b`

// homePlace30 is the place read by the home rules, or "" when it can be
// no town: a month, a name, a lower-case word no lexicon knows.
func homePlace30(p string) string {
	p = place(p)
	if p == "" {
		return ""
	}
	if low := strings.ToLower(p); p == low {
		if !knownPlace(low) {
			return ""
		}
		return p
	}
	if !plausiblePlace(p) || lexNames.has(p) && !knownPlace(p) {
		return ""
	}
	return p
}

func init() {
	rules = append(rules,
		// The wish or plan around it ("I want to call …") is no part of
		// where the relative lives.
		rule{re: regexp.MustCompile(kinInRE), claim: 2, raw: true, fn: func(c *clause, m []string) {
			if c.neg {
				return
			}
			c.fore = false
			i := strings.Index(c.raw, m[0])
			if i < 0 || kinInAfterRE.MatchString(c.raw[i+len(m[0]):]) {
				return
			}
			p := homePlace30(m[2])
			if p == "" || !lexNames.has(m[1]) && isStopName(m[1]) {
				return
			}
			if hasClaim30(c, "lives_in", p) {
				return
			}
			c.add(m[1], "lives_in", p, World, confPref-4)
		}},
		// "flights from Monterrey are like 1400", "my bus from Ede":
		// where the speaker sets out from daily or flies from.
		r(leaveFromRE, 1, func(c *clause, m []string) {
			if c.fore || c.neg || leaveBackRE.MatchString(c.text) {
				return
			}
			p := homePlace30(m[1])
			if p == "" || hasPred30(c, c.speaker, "lives_in") {
				return
			}
			if fly := strings.ToLower(m[0]); strings.Contains(fly, "fl") && (!knownPlace(p) || strings.Contains(strings.ToLower(c.turn+" "+c.sent), "book")) {
				return // "Booked it! We fly out of Gatwick on the 3rd": a trip's airport
			}
			c.add(c.speaker, "lives_in", p, World, confLoose-6)
		}),
		// "in Toronto we pay 2900 for a 2 bed", "here in Asturias we say …".
		r(inPlaceWeRE, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			p := homePlace30(m[1])
			if p == "" || hasPred30(c, c.speaker, "lives_in") {
				return
			}
			c.add(c.speaker, "lives_in", p, World, confLoose-6)
		}),
	)
}

// hasClaim30 reports whether the clause already gave pred with claim p.
func hasClaim30(c *clause, pred, p string) bool {
	for _, f := range c.facts {
		if f.Predicate == pred && strings.EqualFold(f.Claim, p) {
			return true
		}
	}
	return false
}

// hasPred30 reports whether the clause already gave who pred.
func hasPred30(c *clause, who, pred string) bool {
	for _, f := range c.facts {
		if f.Subject == who && f.Predicate == pred {
			return true
		}
	}
	return false
}
