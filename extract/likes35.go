package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Likings of session 35 (second pass), from the misses of the preference
// family on the LoCoMo dev draws and locomo_more.jsonl. Read:
//
//   - the drawn-to group: a thing the speaker says they are drawn to or
//     fascinated by ("I'm always drawn to animals, they bring so much
//     joy", "I was fascinated by reptiles, and it felt like the perfect
//     pet for me", "I'm really drawn to the gaming industry"), and a thing
//     that is the subject of "fascinates me" / "captivates me" ("Learning
//     about different cultures and seeing historical architecture
//     fascinates me", "I'm reading a fantasy book that really captivates
//     me"); not a pull to a plan or a service ("I feel drawn to serving my
//     country": no "feel", no gerund), not a pronoun ("it fascinates
//     me"), not the listener ("you're drawn to …"), not a negated or past
//     habit ("I never was drawn to golf", "I used to be fascinated by …").
//
// Tried and dropped (no rule): "<pastime> is a great way to relax"
// (on the read sets 2 of 8 such sentences are a liking of the speaker:
// it is advice or praise of the listener's pastime as often); "I love
// listening to <name> and <name>" and "we love having/playing …" (one
// sentence each); "<thing> brings me (so much) joy" (mostly pets in
// general, unlabelled); "<gerund …> is/has been awesome/a blast" (about 3
// of 48 such sentences on the read sets are a liking).

// likes35Need are words one of which a turn must hold for the groups
// below to read it.
var likes35Need = []string{"drawn to", "fascinat", "captivat"}

// likes35 is have with the speaker's likings the groups above read in
// text that have does not already hold.
func likes35(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := lowerASCII(text)
	found := false
	for _, w := range likes35Need {
		if strings.Contains(lt, w) {
			found = true
			break
		}
	}
	if !found {
		return have
	}
	var add []Fact
	for _, s := range tasteStatements(trimmedSentences(text)) {
		for _, p := range drawnTo35(s) {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	return withTastes(text, speaker, have, add)
}

// The drawn-to group.
var (
	// drawnToRE35: "I'm (always) drawn to X", "I was fascinated by X",
	// "I've always been drawn to X" (group 1 the thing, to the end of
	// the clause).
	drawnToRE35 = regexp.MustCompile(`(?i)(?:^|[,;]\s*|\b(?:and|but|so)\s+)(?:i|we)(?:'m|'re|\s+am|\s+are|\s+was|\s+were|(?:'ve|\s+have)\s+(?:always\s+)?been)\s+(?:(?:always|really|so|just|naturally|totally|genuinely|truly|also)\s+)*(?:drawn\s+to|fascinated\s+(?:by|with))\s+([^,;:.!?()\[\]"“”]+)`)
	// fascinatesRE35: "<thing> (really) fascinates me" at the start of a
	// sentence (group 1 the thing).
	fascinatesRE35 = regexp.MustCompile(`(?i)^(?:(?:and|but|so|honestly|plus|also)\s+)?([a-z][^,;:.!?()\[\]"“”]{2,70}?)\s+(?:(?:really|always|truly|just|still)\s+)*(?:fascinates|captivates)\s+me\b`)
	// thatFascinatesRE35: "a <thing> that (really) captivates me" after
	// "I" in the same sentence (group 1 the thing).
	thatFascinatesRE35 = regexp.MustCompile(`(?i)\b(?:a|an)\s+([a-z][a-z -]{2,40}?)\s+that\s+(?:(?:really|always|truly|just)\s+)*(?:fascinates|captivates)\s+me\b`)
	// objEndRE35: where the thing drawn to ends: a new clause.
	objEndRE35 = regexp.MustCompile(`(?i)\s+(?:and\s+(?:it|they|that|i|we)|because|since|but|so|which|when|as|ever|lately|recently|these\s+days|too)\b.*$`)
	// iBeforeRE35: the speaker as a subject before a relative clause.
	iBeforeRE35 = regexp.MustCompile(`(?i)\b(?:i|i'm|i've|i'd|we|we're)\b`)
)

// notFascinating35: first words of a subject or a thing that is no taste
// of the speaker's.
var notFascinating35 = setOf(`it that this these those they what which everything nothing something anything he she you your
	people person someone somebody everyone idea thought fact how why`)

// drawnTo35 is the things s says the speaker is drawn to or fascinated by.
func drawnTo35(s string) []string {
	var got []string
	take := func(o string) {
		o = strings.TrimSpace(objEndRE35.ReplaceAllString(strings.TrimSpace(o), ""))
		ws := strings.Fields(lowerASCII(o))
		if len(ws) > 0 && ws[0] == "the" {
			o, ws = strings.TrimSpace(o[4:]), ws[1:]
		}
		if len(ws) == 0 || notFascinating35[ws[0]] {
			return
		}
		if isGerund(ws[0]) && ws[0] != "seeing" && len(ws) <= 6 && !slices.ContainsFunc(ws, func(w string) bool {
			return pronoun[w] || w == "my" || w == "our" || w == "your" || w == "his" || w == "their"
		}) {
			got = append(got, strings.ToLower(o[:1])+o[1:])
			return
		}
		if p, ok := thingItem33(o); ok {
			got = append(got, p)
		}
	}
	if m := drawnToRE35.FindStringSubmatchIndex(s); m != nil {
		before := lastWords33(s[:m[2]], 6)
		o := s[m[2]:m[3]]
		if !negRE.MatchString(before) && !isGerund(lowerASCII(firstWords(o, 1))) {
			take(o)
		}
	}
	if m := thatFascinatesRE35.FindStringSubmatchIndex(s); m != nil {
		if !negRE.MatchString(s[:m[1]]) && iBeforeRE35.MatchString(s[:m[0]]) {
			take(s[m[2]:m[3]])
		}
	} else if m := fascinatesRE35.FindStringSubmatch(s); m != nil && !negRE.MatchString(m[0]) {
		subj := strings.TrimSpace(m[1])
		if strings.Contains(subj, " and ") {
			for _, part := range strings.Split(subj, " and ") {
				if p := strings.TrimSpace(part); strings.HasPrefix(lowerASCII(p), "seeing ") {
					take(p[len("seeing "):]) // "seeing historical architecture"
				} else {
					take(p)
				}
			}
		} else {
			take(subj)
		}
	}
	return got
}
