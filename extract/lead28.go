package extract

import (
	"regexp"
	"strings"
)

// The lead's rules of session 28, from the misses of locomo_more.jsonl and
// LoCoMo's dev draws: a favourite said with no kind before "is" ("My
// favorite is the amazing banana split sundae", "My fave right now is
// Thai green curry", "My favourite has to be Dave Brubeck"); a plan's tail saying where ("there") or with whom
// ("with you", "together") is cut, not a reason to drop the plan ("Can't
// wait to try out the food there with you"); a place been to, said without
// its "I've" ("Been only to Rome once"). Cases in session28_test.go.

// bareFavoriteRE: "my favorite is …" (group 1 the thing), present tense
// only: "my favorite was the fireworks" is a part of an outing, not a
// taste.
var bareFavoriteRE = regexp.MustCompile(`(?i)^(?:(?:and|but|so|oh|honestly|personally|definitely|yeah|yes)[,\s]+)*my\s+(?:all-time\s+|absolute\s+|current\s+)?(?:favou?rite|fave)(?:\s+(?:right\s+now|at\s+the\s+moment|these\s+days|lately|by\s+far|of\s+all\s+time|ever|so\s+far))?(?:\s+(?:is|has\s+to\s+be|would\s+be|will\s+always\s+be)|'s)\s+(.+)`)

// notBareFavorite start what "my favorite is" says that names no thing:
// a time, a manner, a choice among things shown ("the one with the red
// roof", "when it rains", "how they …").
var notBareFavorite = setOf(`when where how what whatever whichever who that this these those one ones probably maybe definitely either
	hard tough impossible difficult still always`)

func init() {
	rules = append(rules,
		// "Been only to Rome once", "Been to Lisbon twice": a visit, its
		// "I've" left out at the clause's start (with it, rulebook.go).
		r(`(?i:^(?:(?:only|just|also|once|even|actually)\s+)*been\s+(?:(?:only|just|also|once|even|actually)\s+)*to)\s+`+nm, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := place(m[1]); p != "" && isPlace(p) {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}),
		rawRule(bareFavoriteRE.String(), 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			ws := strings.Fields(strings.ToLower(m[1]))
			if len(ws) == 0 || notBareFavorite[ws[0]] {
				return
			}
			p := object(m[1])
			for ws := strings.Fields(p); len(ws) > 1 && (evaluative[strings.ToLower(ws[0])] || praiseAdj[strings.ToLower(ws[0])]); ws = strings.Fields(p) {
				p = strings.Join(ws[1:], " ") // "the amazing banana split sundae"
			}
			if p == "" || personWord(p) || unsureClaimRE.MatchString(p) || notBareFavorite[strings.ToLower(strings.Fields(p)[0])] || len(strings.Fields(p)) > 5 {
				return
			}
			c.add(c.speaker, "likes", p, World, confPref-4)
		}),
	)
}

// companyTailRE: the end of a plan that says where it was named before or
// who comes along: "there", "there with you", "with you guys", "together".
var companyTailRE = regexp.MustCompile(`(?i)(?:\s+(?:there|over\s+there|out\s+there))?(?:\s+(?:with\s+(?:you|u|ya|you\s+guys|you\s+all|y'all|you\s+both|them|him|her|us)|together))?\s*$`)

// trimCompanyTail cuts companyTailRE from a plan of at least two words
// more: "try out the food there with you" is "try out the food".
func trimCompanyTail(p string) string {
	loc := companyTailRE.FindStringIndex(p)
	if loc == nil || loc[0] == len(strings.TrimRight(p, " ")) {
		return p
	}
	if q := strings.TrimSpace(p[:loc[0]]); len(strings.Fields(q)) >= 2 {
		return q
	}
	return p
}

// stayLengthRE: how long a stay ahead lasts, which dates it as a trip: "for
// a few months", "for two weeks", "for a semester".
var stayLengthRE = regexp.MustCompile(`(?i)\bfor\s+(?:a\s+few|a\s+couple\s+(?:of\s+)?|several|\d+|two|three|four|five|six|a|an|one)\s+(?:days?|nights?|weeks?|months?|semesters?|terms?|years?|weekends?)\b`)

// listParts parts p at its commas, "and" and "or" (tastes.go's tasteSplitRE) when every part is one to three
// words ("Painting and hiking", "cats, dogs and birds"); else p whole
// ("salt and pepper chips" stays one, as does any longer phrase).
func listParts(p string) []string {
	parts := tasteSplitRE.Split(p, -1)
	if len(parts) < 2 {
		return []string{p}
	}
	for _, q := range parts {
		if n := len(strings.Fields(q)); n == 0 || n > 3 {
			return []string{p}
		}
	}
	// "salt and pepper chips", "mac and cheese": two words joined into one
	// thing end the same way as a list of two; a list's parts are of a kind
	// (all gerunds, or none).
	g := isGerund(strings.ToLower(strings.Fields(parts[0])[0]))
	for _, q := range parts[1:] {
		if isGerund(strings.ToLower(strings.Fields(q)[0])) != g {
			return []string{p}
		}
	}
	if !g && len(parts) == 2 && len(strings.Fields(parts[0])) == 1 && len(strings.Fields(parts[1])) > 1 {
		return []string{p} // "salt and pepper chips"
	}
	return parts
}
