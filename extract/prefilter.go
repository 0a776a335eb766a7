package extract

import (
	"regexp/syntax"
	"strings"
	"sync"
)

// The rules' literal prefilter. Most rules cannot match most clauses: a
// rule about where someone lives needs "live" or "moved" somewhere in the
// clause. Running every rule's regular expression over every clause was
// nearly all of the extractor's time (about 5 ms a three-sentence turn), so
// each rule's pattern is read once for the words any match of it must
// contain (need), and the rule runs only on a clause holding one of them.
//
// Soundness: need is derived from the pattern's syntax tree, so a match
// always holds one of its strings, compared in lower case (a case-sensitive
// literal still appears in the lowered text). Only ASCII literals are
// used, and case folding reaches ASCII from two other runes only (the
// Kelvin sign and the long s): a clause holding either skips the prefilter. TestPrefilterNeverSkipsAMatch checks
// the property on real chat.

var (
	needOnce sync.Once
	needs    [][]string // needs[i]: rules[i] runs only on a clause holding one of these; nil: always
)

// prefilterOn is false only in tests that compare with and without it.
var prefilterOn = true

func ruleNeeds() [][]string {
	needOnce.Do(func() {
		needs = make([][]string, len(rules))
		for i, ru := range rules {
			if ru.need != nil {
				needs[i] = ru.need
				continue
			}
			re, err := syntax.Parse(ru.re.String(), syntax.Perl)
			if err != nil {
				continue
			}
			needs[i] = need(re.Simplify())
		}
	})
	return needs
}

// need is a set of lower-case strings one of which every match of re
// contains, or nil when none can be told (or the strings would be too
// short to rule anything out).
func need(re *syntax.Regexp) []string {
	set := needSet(re)
	if len(set) == 0 || len(set) > maxNeeds {
		return nil
	}
	for _, s := range set {
		if len(s) < 2 {
			return nil
		}
	}
	return set
}

// maxNeeds bounds a rule's need set: past it, checking the strings costs
// about what running the pattern would.
const maxNeeds = 64

func needSet(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		// ASCII only: a non-ASCII letter's case-fold orbit can hold runes
		// that strings.ToLower does not bring together (µ and μ)
		for _, r := range re.Rune {
			if r >= 0x80 {
				return nil
			}
		}
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCapture, syntax.OpPlus:
		return needSet(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return needSet(re.Sub[0])
		}
	case syntax.OpConcat:
		// any part's need is the whole's: keep the one whose shortest
		// string is longest
		var best []string
		bestMin := 0
		for _, sub := range re.Sub {
			s := needSet(sub)
			if len(s) == 0 || len(s) > maxNeeds {
				continue
			}
			m := len(s[0])
			for _, x := range s {
				m = min(m, len(x))
			}
			if m > bestMin {
				best, bestMin = s, m
			}
		}
		return best
	case syntax.OpAlternate:
		// every branch must need something; the union is the whole's
		var out []string
		for _, sub := range re.Sub {
			s := needSet(sub)
			if len(s) == 0 {
				return nil
			}
			out = append(out, s...)
		}
		return out
	}
	return nil
}

// foldsToASCII reports whether s holds a rune that matches an ASCII letter
// under case folding without being one (the Kelvin sign K, the long s ſ).
func foldsToASCII(s string) bool {
	return strings.ContainsRune(s, '\u212A') || strings.ContainsRune(s, '\u017F')
}

// mayMatch reports whether rule i can match the clause whose lower-cased
// text is lower.
func mayMatch(i int, lower string) bool {
	n := ruleNeeds()[i]
	if n == nil {
		return true
	}
	for _, s := range n {
		if strings.Contains(lower, s) {
			return true
		}
	}
	return false
}
