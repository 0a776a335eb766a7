package extract

import (
	"regexp"
	"slices"
	"strings"
)

// upcomingRE: a trip said to be ahead.
var upcomingRE = regexp.MustCompile(`(?i)\b(?:upcoming|next|planned|long-awaited)\b`)

var tripWord = setOf(`trip vacation holiday getaway visit`)

// Rules for casual conversation in general (session 8): constructions of
// how people talk about what they like, own and plan that the rules before
// did not read. Each is written for chat in general, goes through
// clause.mode like every rule (questions, second person, conditions,
// hedges, negation), and has positive and negative cases in
// general_test.go.

// fanModifiers are words before the liked thing that only say how much
// ("a huge coffee lover").
var fanModifiers = setOf(`huge big massive total real true die-hard diehard lifelong longtime long-time major serious
	hardcore avid passionate enormous giant absolute complete crazy mega super such bit little`)

func init() {
	rules = append(rules,
		// "I'm a huge coffee lover", "we're big Lakers fans", "I'm a
		// history buff": what stands before the word for a devotee is liked.
		r(fpbe+aux+`(?i:\s+(?:an?\s+)?)((?:[\w'-]+\s+){1,4}?)(?i:lovers?|fans?|enthusiasts?|buffs?|junkies?|fanatics?|aficionados?|addicts?|geeks?|nerds?)\b`, 1, func(c *clause, m []string) {
			ws := strings.Fields(m[1])
			for len(ws) > 0 && fanModifiers[strings.ToLower(ws[0])] {
				ws = ws[1:]
			}
			if len(ws) == 0 || len(ws) > 3 {
				return // "I'm a huge fan": of what was said elsewhere
			}
			p := strings.Join(ws, " ")
			lw := strings.ToLower(p)
			if evaluative[strings.ToLower(ws[0])] || pronoun[lw] || badObject(p) || notJobs[lw] || strings.HasSuffix(lw, "ly") {
				return
			}
			if c.neg { // "I'm not a coffee lover"
				c.neg = false
				c.add(c.speaker, "dislikes", p, World, confPref-2)
				return
			}
			c.add(c.speaker, "likes", p, World, confPref-2)
		}),
		// "I find painting really relaxing", "we find cooking therapeutic".
		r(fp+aux+`(?i:\s+find)\s+([a-z]+ing(?:\s+[a-z'-]+){0,4}?)(?i:\s+(?:(?:so|really|very|super|quite|pretty|incredibly|deeply|truly|always)\s+)*(?:relaxing|therapeutic|calming|soothing|rewarding|fulfilling|enjoyable|fun|meditative|peaceful|satisfying))\b`, 1, func(c *clause, m []string) {
			if p := object(m[1]); p != "" && isGerund(strings.Fields(p)[0]) && !vague[strings.ToLower(strings.Fields(p)[0])] {
				c.add(c.speaker, "likes", p, World, confPref-4)
			}
		}),
		// A trip ahead: "my upcoming trip to Japan", "excited about our
		// vacation to Mexico", "can't wait for my trip to Rome".
		r(`(?i:\b(?:(?:my|our)\s+(?:upcoming|next|planned|long-awaited|big\s+upcoming)\s+(?:[\w-]+\s+)?|(?:excited|stoked|pumped|thrilled|eagerly\s+await)\s+(?:about\s+|for\s+)?(?:my|our)\s+(?:(?:upcoming|next|big|first)\s+)?(?:[\w-]+\s+)?)(?:trip|vacation|holiday|getaway|visit)\s+(?:to|in)\s+(?:the\s+)?)`+nm, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && (lexPlaces.has(p) || strings.Contains(p, " ")) && !c.known[p] {
				// The trip named by its place, not as "our trip".
				c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool {
					return f.Predicate == "plans" && tripWord[strings.ToLower(lastWord(f.Claim))]
				})
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),
	)
}
