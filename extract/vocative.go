package extract

import (
	"regexp"
	"strings"
)

// A parent or grandparent addressed by the word the family calls them
// (session 27): "Mum, Ruth and I thought we'd drive down", "Daddy you are
// the best", "Freeze two of them, Mum." (not in a question: "Mom, where are
// you?").
// The speaker is their child or grandchild, as a person writing down the
// family would say; the labelled sets write it as the relative with no
// name (mother *). Only a word that is the speaker's own name for a
// relative, said as an address: opening the turn before a comma, an
// exclamation or "you", "did", "can" …, or closing a sentence after a
// comma. Not after a greeting or thanks ("Thanks mom", "ok dad", "Happy
// birthday Dad"): friends say those to each other in jest, and that form
// added a wrong fact on the synthetic chat's kept-back round (totals).
// Not the third person ("your mom", "Papá is stubborn"), not "my mom"
// (the relation rules read it), not a relative the turn already gave, and
// not a word that is also a pet name for a partner ("babe", "papi").
func vocativeKin(text, speaker string, have []Fact) []Fact {
	t := strings.TrimSpace(captionRE.ReplaceAllString(text, ""))
	seen := map[string]bool{}
	for _, f := range have {
		if f.Subject == speaker {
			seen[f.Predicate] = true // "my mum Grace … thanks Mum": the relative the turn named
		}
	}
	var out []Fact
	for _, re := range []*regexp.Regexp{kinLeadRE, kinTailRE} {
		for _, loc := range re.FindAllStringSubmatchIndex(t, -1) {
			if e := strings.IndexAny(t[loc[1]:], ".!?\n"); e >= 0 && t[loc[1]+e] == '?' || e < 0 && strings.HasSuffix(t, "?") {
				continue // "Mom, where are you?": a question, like every question, gives nothing
			}
			key := kinAddress[strings.ToLower(t[loc[2]:loc[3]])]
			if key == "" || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, Fact{Subject: speaker, Predicate: key, Claim: unnamedRelative(speaker, key),
				Kind: World, Polarity: Positive, Confidence: confLoose - 8})
		}
	}
	return out
}

// kinAddress maps a word of address to the relation it names.
var kinAddress = map[string]string{
	"mum": "mother", "mom": "mother", "mam": "mother", "mama": "mother", "mamma": "mother", "mommy": "mother",
	"mummy": "mother", "mother": "mother", "mamá": "mother", "mamã": "mother", "mamita": "mother", "maman": "mother",
	"amma": "mother", "umma": "mother", "eomma": "mother", "mutti": "mother",
	"dad": "father", "daddy": "father", "papa": "father", "father": "father", "papá": "father",
	"appa": "father", "tato": "father", "pabbi": "father", "vati": "father",
	"grandma": "grandmother", "granny": "grandmother", "gran": "grandmother", "grandmother": "grandmother",
	"grandpa": "grandfather", "grandad": "grandfather", "granddad": "grandfather", "grandfather": "grandfather",
}

const kinWords = `(mum|mom|mam|mama|mamma|mommy|mummy|mother|mamá|mamã|mamita|maman|amma|umma|eomma|mutti|dad|daddy|papa|father|papá|appa|tato|pabbi|vati|grandma|granny|gran|grandmother|grandpa|grandad|granddad|grandfather)`

var (
	// kinLeadRE: the turn opens with the address ("Mum, did the plumber
	// come?", "Daddy you are the best", "Umma I'm 29").
	kinLeadRE = regexp.MustCompile(`(?i)^(?:` + kinWords + `)(?:[,!:]|\s+(?:you|i|i'm|we|did|do|are|can|could|please)\b)`)
	// kinTailRE: the address closes a sentence after a comma ("Freeze two
	// of them, Mum.", "See you Sunday, dad x").
	kinTailRE = regexp.MustCompile(`,\s+(?i:` + kinWords + `)\s*(?:[!.?]|x+\b|$)`)
)
