package extract

import (
	"regexp"
	"strings"
)

// Plans said by a frame the earlier rules left (session 29, from the plan
// misses of locomo_more.jsonl and the synthetic rounds 1–2): a course of
// action weighed, said with a gerund ("I'm thinking of asking Mia out on a
// date", "I've been thinking about doing a teacher training this year",
// "still dreaming about opening a bakery", "We're seriously thinking about
// switching Efua to Pickering Swim Club"). The wish rule (rulebook.go)
// reads "I'm thinking of" only before a verb of its list, and not after
// "I've been" or with no subject. Cases in plans29_test.go.

// weighGerundRE: a gerund weighed (group 1 from the gerund on).
var weighGerundRE = regexp.MustCompile(`(?i)\b(?:thinking|thinkin|dreaming|dreamin)\s+(?:of|about)\s+([a-z]+ing\b.*)`)

// notWeighed are gerunds whose weighing is no plan: a thought about the
// past or another's doing, a feeling.
var notWeighed = setOf(`being feeling seeing meeting hearing calling texting telling asking`)

// weighedTailRE: who the weighed thing is for, said by a pronoun at its
// end ("making competitions for them too").
var weighedTailRE = regexp.MustCompile(`(?i)\s+(?:for|with|to)\s+(?:them|him|her|it|you|us)(?:\s+(?:too|as\s+well|also))?\s*[.!?]*$`)

// weighedWho are the words after a gerund that make the gerund another's
// or a thought of someone: "thinking about seeing you", "about doing it".
var weighedWho = setOf(`you u it this that them him her me us everyone`)

// vagueThing as or after the gerund leaves what is weighed unsaid.
var vagueThing = setOf(`something anything nothing everything stuff things`)

// vagueWhere in a plan say no where yet ("a trip somewhere warm").
var vagueWhere = setOf(`somewhere anywhere someplace elsewhere`)

// saysVagueWhere: the plan's words say no where yet.
func saysVagueWhere(p string) bool {
	for _, w := range strings.Fields(strings.ToLower(p)) {
		if vagueWhere[w] {
			return true
		}
	}
	return false
}

func init() {
	rules = append(rules,
		// "I'm thinking of asking her out on a date", "I've been thinking
		// about doing a teacher training this year", "We're seriously
		// thinking about switching Efua to Pickering Swim Club".
		r(weighGerundRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || !c.mode(c.text[:i]) || c.neg || hasForesight(c) {
				return
			}
			ws := strings.Fields(m[1])
			if notWeighed[strings.ToLower(ws[0])] && (len(ws) < 2 || weighedWho[strings.ToLower(ws[1])]) || vagueThing[strings.ToLower(ws[0])] ||
				len(ws) > 1 && vagueThing[strings.ToLower(ws[1])] {
				return // "thinking about nothing", "thinking about seeing you", "thinking about trying something different"
			}
			g := m[1]
			if j := strings.Index(g, " and "); j > 0 {
				g = g[:j] // "teaming up with local schools/centers": chat's slash was read as "and"; a list is cut to its first
			}
			p := planTail(weighedTailRE.ReplaceAllString(g, ""))
			if p == "" || badObject(p) || len(strings.Fields(p)) > 10 || saysVagueWhere(p) {
				return // "thinking about taking a trip somewhere": where, not yet known
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
	)
}
