package extract

import (
	"regexp"
	"strings"
)

// Rules for casual chat in general (session 13): wordings of what one owns,
// likes, plans and has done that people write in any chat, and the
// wordings around them that state none of it. Each goes through
// clause.mode like every rule (questions, second person, conditions,
// hedges, negation) and has positive and negative cases in
// general_test.go (TestCasualChat).

// carMakeRE is a vehicle named by its make, with its model after it when
// one is written ("a Tesla Model 3", "a used Honda Civic").
var carMakeRE = regexp.MustCompile(`(?i:\b(?:an?|my|our)\s+(?:(?:new|used|old|little|brand\s+new|beat-up|trusty|red|blue|black|white|silver|grey|gray|green)\s+)?)((?i:` + carMakes + `)(?:\s+(?:[A-Z0-9][\w-]*|[a-z]*\d[\w-]*))*)\b`)

// businessKinds are what one runs as one's own ("I run a small bakery").
const businessKinds = `(?:business|company|startup|start-up|store|shop|restaurant|bakery|cafe|café|coffee\s+shop|bar|pub|salon|farm|boutique|studio|podcast|blog|channel|food\s+truck|daycare|nonprofit|non-profit|charity|agency|firm|clinic|practice|etsy\s+shop|online\s+store|side\s+business|small\s+business|family\s+business)`

// businessCompound: a word after the business that makes it part of a
// compound ("run a business meeting", "run a shop's account").
var businessCompound = setOf(`meeting meetings account accounts page pages website site chain group class classes event events
	team project sale sales budget software plan plans simulator game games's 's`)

func init() {
	rules = append(rules,
		// "I have a Tesla Model 3", "we just got a Subaru", "I bought a
		// used Honda Civic": a car named by its make is owned. Not a car
		// wished for ("I want to get a Tesla"), rented, test-driven or
		// someone else's.
		r(fp+aux+`(?i:\s+(?:have|has|own|owns|got|bought|'ve\s+got|have\s+got|picked\s+up|finally\s+got|just\s+got|just\s+bought))\s+`+`((?i:an?|my|our)\s+.+)`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			mm := carMakeRE.FindStringSubmatch(m[1])
			if mm == nil || !strings.HasPrefix(m[1], mm[0]) {
				return // the make must be the object: "I have a friend with a Tesla"
			}
			v := strings.TrimSpace(mm[1])
			if ws := strings.Fields(v); len(ws) > 1 && (stopLower[strings.ToLower(ws[len(ws)-1])] || notModel[strings.ToLower(ws[len(ws)-1])]) {
				v = strings.Join(ws[:len(ws)-1], " ")
			}
			if forSomeoneText(m[1][len(mm[0]):]) {
				return // "I bought a Honda for my son"
			}
			c.add(c.speaker, "owns", v, World, confPref)
		}),
		// "I run a small bakery", "we run a family business", "I run my own
		// studio": a business one runs is one's own. Not "run the bar"
		// (a job), "run a marathon", "run a business meeting".
		r(fp+aux+`(?i:\s+(?:run|runs|operate|operates|manage\s+my\s+own|have\s+my\s+own|have\s+our\s+own))\s+(?i:(?:a|an|my|our)\s+(?:own\s+)?)((?:(?:small|little|tiny|local|new|successful|thriving|cute|cozy|online|home)\s+)*(?:[\w'-]+\s+)?)(`+businessKinds+`)\b`, 2, func(c *clause, m []string) {
			if c.fore {
				return // "I want to run my own bakery": a plan, read elsewhere
			}
			if i := strings.Index(c.text, m[0]); i >= 0 {
				if rest := strings.Fields(strings.ToLower(c.text[i+len(m[0]):])); len(rest) > 0 && businessCompound[strings.Trim(rest[0], `"',.!;:`)] {
					return // "I run a business meeting", "we run a store's website"
				}
			}
			kind := strings.ToLower(m[2])
			mods := strings.Fields(strings.ToLower(m[1]))
			var keep []string
			for _, w := range mods {
				if w == "small" || w == "little" || w == "tiny" || w == "local" || w == "new" || w == "successful" ||
					w == "thriving" || w == "cute" || w == "cozy" || stopLower[w] || evaluative[w] {
					continue
				}
				keep = append(keep, w) // "online store", "flower shop"
			}
			c.add(c.speaker, "owns", strings.Join(append(keep, kind), " "), World, confPref)
		}),
	)
}
