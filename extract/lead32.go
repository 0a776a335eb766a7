package extract

import (
	"regexp"
	"strings"
)

// Session 32's mends of relatives' names (the lead's; used by
// mendKinNames32 through notKinName32).

// diseaseEponyms32 are the people an illness is named after, said with
// its genitive: "My father has moderate Alzheimer's" names no father.
var diseaseEponyms32 = setOf(`alzheimer alzheimers parkinson parkinsons crohn crohns asperger aspergers huntington huntingtons tourette tourettes hodgkin hodgkins`)

// kinVerbAfterRE32: a name before ", my <kin> <verb>", where the kin is
// the subject of its own clause ("go through Paris with Transat, my brother
// says it's cheap", "Dear Prof. Wendtland, my daughter will miss class"),
// not the name's apposition ("Omar, my neighbour, …", "this is Ana, my
// sister."). Group 1 is the kin word, group 2 the word after it.
var kinVerbAfterRE32 = regexp.MustCompile(`^\s*,\s*(?i:my|our)\s+(?:(?:older|younger|big|little|baby|twin|eldest|oldest|youngest|step|late)\s+)?([\p{L}-]+)\s+([\p{L}']+)`)

// kinListAfterRE32: a name after "my <kin>," that goes on with "and I" or
// "and me" and no comma of its own ("My girlfriend, Toby and I went"): the
// three are a list, not a relative and her name.
var kinListAfterRE32 = regexp.MustCompile(`^\s+and\s+(?:I|me)\b`)

// kinListBeforeRE32: "my <kin>," just before the name.
var kinListBeforeRE32 = regexp.MustCompile(`(?i)\bmy\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)\s*,\s*$`)

// notKinName32 reports whether the text gives the name n to no relative:
// an illness named after a person ("Alzheimer's"), or every time the text
// says n it stands before ", my <kin> <verb>" or in "my <kin>, n and I".
func notKinName32(n, text string) bool {
	if diseaseEponyms32[strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(n, "'s"), "’s"))] {
		return true
	}
	seen := false
	for before, after := range wordAt(text, n) { // kin32.go
		if m := kinVerbAfterRE32.FindStringSubmatch(after); m != nil && relKey(strings.ToLower(m[1])) != "" && verbAfterKin32(m[2]) {
			seen = true
			continue
		}
		if m := kinListBeforeRE32.FindStringSubmatch(before); m != nil && relKey(strings.ToLower(m[1])) != "" && kinListAfterRE32.MatchString(after) {
			seen = true
			continue
		}
		return false
	}
	return seen
}

// verbAfterKin32 reports whether w, the word after "my <kin>", makes the
// kin a clause's subject: a lower-case word that opens a predicate.
func verbAfterKin32(w string) bool {
	if w == "" || strings.ToLower(w) != w {
		return false
	}
	return kinClauseVerbs32[w] || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "'s")
}

// kinClauseVerbs32 are verbs and auxiliaries with no -s or -ed that open
// the predicate of "my brother …".
var kinClauseVerbs32 = setOf(`will would can could should might must may is was are were has had did does do just always never still also told said went came got made took gave thinks says`)
