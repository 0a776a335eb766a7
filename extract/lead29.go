package extract

import (
	"regexp"
	"strings"
)

// The lead's rules of session 29, from the misses of locomo_more.jsonl,
// LoCoMo's dev draws and the read synthetic rounds. Cases in
// session29_test.go.

// volunteeringRE: volunteering said as a gerund with no subject of its own
// ("Been busy volunteering at the homeless shelter", "I'm doing my part
// too, volunteering at a homeless shelter", "having people behind me
// while volunteering at the shelter", "Volunteering at the shelter made me
// feel great"); group 1 is what follows "at", "with" or "for".
var volunteeringRE = regexp.MustCompile(`(?i)(?:^(?:i've\s+|i\s+have\s+)?|,\s*|\bwhile\s+)(?:(?:been|busy|also|still|and|so)\s+)*volunteering\s+(?:at|with|for)\s+(.+)`)

// volunteeringFirstRE: at a clause's start, the gerund is the speaker's
// only when the clause says so ("… made me feel great"); "Volunteering
// at a shelter is a great way to give back" is said of anyone.
var volunteeringFirstRE = regexp.MustCompile(`(?i)\b(?:me|my|i|i'm|i've)\b`)

// othersLeadRE: words before the gerund that give it another subject or
// make it a wish ("thanks for", "you're", "thinking of", "interested in").
var othersLeadRE = regexp.MustCompile(`(?i)\b(?:you|your|you're|he|she|they|his|her|their|thanks|thank|thinking|interested|about|of|in|to|start|starting|want|wanna|love|maybe)\b`)

// volunteeringEndRE: where the place one volunteers at ends, at the verb
// of the clause it opens or a joined clause.
var volunteeringEndRE = regexp.MustCompile(`(?i)\s+(?:made|makes|is|was|has|had|gives|gave|helps|helped|keeps|kept|feels|felt|taught|teaches|and|but|because|since)\b`)

func init() {
	rules = append(rules,
		rawRule(volunteeringRE.String(), 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			i := strings.Index(c.raw, m[0])
			if i < 0 {
				return
			}
			before := c.raw[:i]
			if othersLeadRE.MatchString(before) {
				return
			}
			if strings.TrimSpace(before) == "" && strings.HasPrefix(strings.ToLower(m[0]), "volunteering") &&
				!volunteeringFirstRE.MatchString(m[1]) {
				return
			}
			what := m[1]
			if loc := volunteeringEndRE.FindStringIndex(what); loc != nil {
				what = what[:loc[0]] // "the shelter made me feel great": the place ends at the verb
			}
			if o := org(what); o != "" && !personWord(o) {
				c.add(c.speaker, "volunteers_at", o, World, confLoose)
			}
		}),
	)
}
