package extract

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Life events in the frames casual chat uses for them (session 30, from the
// misses of locomo_more.jsonl, synthetic rounds 1–2 and the LoCoMo dev
// draws): a qualification got ("got my forklift certificate", "got my
// level 2 last spring"); a venture of one's own opened or being started
// ("I opened my own practice", "I'm starting a bakery"). A mend: a place the
// turn says was lived in for years is no visit.
//
// The session's first group (enrolments said sideways, lessons started
// after "only", a wedding of one's own, a medal or grant got, "got bumped
// to", a stay counted in days; commit 784ca21) was taken out: on the
// kept-back sets together it added 4 right facts of 6.
//
// Cases in events30_test.go.

// gotCredentialRE: "Got my forklift certificate in July", "got my level 2
// last spring", "I finally got my black belt": a qualification earned.
var gotCredentialRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:also|finally|just|even|actually|officially)\s+)*(?:got|earned|received|passed)\s+(?:my|our)\s+)((?:[\p{L}'-]+\s+){0,3}?(?:certificate|certification|licen[cs]e|diploma|qualification|black\s+belt|level\s+\d))\b`)

// openedOwnRE: "I opened my own practice with my cousin", "we're starting
// a bakery": a venture of one's own started.
var openedOwnRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|also|officially)\s+)*opened\s+(?:my|our)\s+(?:very\s+)?own\s+)([\p{L}'-]+(?:\s+[\p{L}'-]+)?)`)

// startingVentureRE: "I'm starting a dance studio", "we're starting our
// own label".
var startingVentureRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:finally|officially|actually|now)\s+)*starting\s+(?:a|an|my|our)\s+(?:(?:own|new|little|small)\s+)*)([\p{L}'-]+(?:\s+[\p{L}'-]+)?)`)

// ventureHeads are what a venture of one's own is.
var ventureHeads = setOf(`studio practice business shop store bakery cafe café restaurant company startup label agency
	clinic salon gym school firm brand boutique bar gallery kitchen workshop nursery`)

func init() {
	rules = append(rules,
		rule{re: gotCredentialRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			c.add(c.speaker, "completed", phrase(m[1]), Experience, confEvent-4)
		}},
		rule{re: openedOwnRE, claim: 1, fn: func(c *clause, m []string) {
			c.addVenture(m[1])
		}},
		rule{re: startingVentureRE, claim: 1, fn: func(c *clause, m []string) {
			if c.hasDate {
				return // "I'm starting a business next year": a plan
			}
			c.addVenture(m[1])
		}},
	)
}

// addVenture adds a venture of one's own started, when its last word is
// one (ventureHeads) and no start is read in the clause already.
func (c *clause) addVenture(what string) {
	if c.neg || c.fore || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "started" }) {
		return
	}
	ws := strings.Fields(strings.ToLower(what))
	for i, w := range ws {
		if ventureHeads[strings.Trim(w, ",.!")] {
			c.add(c.speaker, "started", strings.Join(strings.Fields(what)[:i+1], " "), Experience, confEvent-4)
			return
		}
	}
}

// events30 mends the turn's events: a place "visited" that the turn says
// was lived in for years ("before I was in Germany five years driving for
// DHL").
func events30(text, speaker string, out []Fact) []Fact {
	lt := strings.ToLower(text)
	if strings.Contains(lt, "years") || strings.Contains(lt, "decades") {
		out = slices.DeleteFunc(out, func(f Fact) bool {
			return f.Predicate == "visited" && f.Polarity == Positive && yearsIn(lt, strings.ToLower(f.Claim))
		})
	}
	return out
}

// yearsIn reports whether lt says a stay of years in place: "in germany
// five years", "in Oslo for 12 years"; not "in Germany two years ago".
func yearsIn(lt, place string) bool {
	for rest := lt; ; {
		i := strings.Index(rest, "in "+place)
		if i < 0 {
			return false
		}
		before, after := rest[:i], rest[i+len("in "+place):]
		rest = after
		if before != "" && !unicode.IsSpace(rune(before[len(before)-1])) {
			continue // "within", "begin"
		}
		if m := stayYearsRE.FindStringIndex(after); m != nil && !strings.HasPrefix(strings.TrimSpace(after[m[1]:]), "ago") {
			return true
		}
	}
}

// stayYearsRE: a length of years right after a place ("… five years", "…
// for 12 years").
var stayYearsRE = regexp.MustCompile(`^\s+(?:for\s+)?(?:almost\s+|nearly\s+|about\s+|over\s+)?(?:\d+|a\s+few|few|two|three|four|five|six|seven|eight|nine|ten|many|several|twenty|thirty)\s+(?:years|decades)\b`)
