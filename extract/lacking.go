package extract

import "strings"

// "Still single, no kids": what one does not have, said as a bare phrase
// in a list about oneself (session 24, from the synthetic chat's misses).
// The labelled sets write it as the relation or pet with any claim and
// polarity negative. Only at the start of a clause and with nothing after
// it but "yet", "of my own" and the like before the clause or a comma
// ends ("no kids allowed" says nothing of the speaker).
var noneEndRE = `(?i:\s+(?:yet|of\s+(?:my|our)\s+own|for\s+(?:me|us)|either|though|tho|here|over\s+here|lol|thank\s+god|thankfully))*\s*(?:[,;].*)?$`

func init() {
	rules = append(rules,
		rawRule(`(?:^|,\s*)(?i:(?:and|but|still|so|also|no|nope|nah)[,\s]+)*(?i:no)\s+((?i:kids|children|pets))`+noneEndRE, 1, func(c *clause, m []string) {
			c.neg = true
			if strings.EqualFold(m[1], "pets") {
				c.add(c.speaker, "has_pet", "pets", World, confLoose-4)
				return
			}
			c.add(c.speaker, "child", unnamedRelative(c.speaker, "child"), World, confLoose-4)
		}),
		// "no wife, no girlfriend", "no boyfriend": no partner.
		rawRule(`(?:^|,\s*)(?i:(?:and|but|still|so|also|no|nope|nah|ha|haha)[,\s]+)*(?i:no)\s+((?i:wife|husband|girlfriend|boyfriend|partner|gf|bf))`+noneEndRE, 1, func(c *clause, m []string) {
			key := strings.ToLower(m[1])
			if key != "wife" && key != "husband" {
				key = "partner"
			}
			c.neg = true
			c.add(c.speaker, key, unnamedRelative(c.speaker, key), World, confLoose-4)
		}),
		rawRule(`(?:^|,\s*)(?:`+fpbe+`\s+|(?i:(?:and|but|still|so|also|no|nope|nah|happily|currently)[,\s]+)*)(?i:(?:still|happily|currently|very\s+much|now)\s+)?(?i:single)`+noneEndRE, 0, func(c *clause, m []string) {
			c.neg = true
			c.add(c.speaker, "partner", unnamedRelative(c.speaker, "partner"), World, confLoose-4)
		}),
	)
}
