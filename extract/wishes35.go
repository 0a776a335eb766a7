package extract

import (
	"regexp"
	"strings"
	"time"
)

// Plans said with "gonna" or "planning to" and no date, that the wish
// rules leave (session 35b, from the plan misses of the LoCoMo read sets):
// "Gonna continue my edu and check out career options", "I'm gonna chat
// with local leaders and organizations", "I'm gonna ask the doc about a
// balanced diet plan". Only after "I" or "we" or at the head of the
// sentence; not "going to" (a trip, "I'm going to Kyoto", or banter, "I'm
// going to kill my brother lol"), not a state, a chore or a verb other
// passes read (be, have, go, see, keep, work: "I'm gonna work in the
// garden"), not a check of one's diary ("gonna check my schedule"), not a
// dated plan (read elsewhere), not an object that is a pronoun or the
// listener's, not after a negation or a condition. Read sets +4 right of
// +4 (LoCoMo +3, synthetic +1).

// gonnaRE35: group 1 the verb, group 2 the rest.
var gonnaRE35 = regexp.MustCompile(`(?i)(?:^(?:gonna|planning\s+to)|\b(?:i'm|i’m|im|i\s+am|we're|we’re|we\s+are)\s+(?:(?:also|just|definitely|totally|really|so|def|still|now|finally)\s+)*(?:gonna|planning\s+to))\s+(\p{L}+)\s+([^.!?;]+)`)

// gonnaVerbNot35 are verbs after "gonna" that name no plan of one's own
// or that other passes read.
var gonnaVerbNot35 = setOf(`be have go going get see hear need keep make take give do let miss love like try start
	stay tell show say know find bring look work kill the a an my your his her their our this that it some be need`)

func wishes35(text, speaker string, at time.Time, out []Fact) []Fact {
	low := lowerASCII(text)
	if !strings.Contains(low, "gonna") && !strings.Contains(low, "going to") && !strings.Contains(low, "planning") {
		return out
	}
	for s := range statements(sentences(clean(text))) {
		m := gonnaRE35.FindStringSubmatchIndex(s)
		if m == nil || wishLeadNotRE.MatchString(clauseHead30(s[:m[0]])+" "+s[m[0]:m[2]]) {
			continue
		}
		verb, rest := s[m[2]:m[3]], s[m[4]:m[5]]
		lv := strings.ToLower(verb)
		if verb != lv || gonnaVerbNot35[lv] || lv == "check" && !strings.HasPrefix(strings.ToLower(rest), "out ") {
			continue // "I'm going to Kyoto in April": a trip, read elsewhere; "check my schedule"
		}
		if _, _, ok := findDate(rest, at); ok {
			continue // "We are planning to play … next Saturday": a dated plan, read elsewhere
		}
		raw := wishTailRE.ReplaceAllString(cut(rest), "")
		if i := strings.Index(strings.ToLower(raw), " and "); i > 0 {
			raw = raw[:i]
		}
		o := object(raw)
		if o == "" || len(strings.Fields(o)) > 7 {
			continue
		}
		lo := strings.ToLower(o)
		if hasWord31(lo, wishObjNot) || pronoun[headOf(lo)] || timeObj31[headOf(lo)] {
			continue
		}
		p := verb + " " + strings.TrimSpace(raw)
		if badObject(o) || planHeld31(out, speaker, o) {
			continue
		}
		out = addPlan31(out, speaker, p, at)
	}
	return out
}
