package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 32, from the misses and the wrong facts of the
// preference family on the LoCoMo dev draws, locomo_more.jsonl, synthetic
// rounds 1–2 and the outside read sets. Read: the rest of a list of
// pastimes after "I love <doing>" ("I love going on road trips with
// friends and family, exploring and hiking or playing board games"); a
// plain thing called the best on its own ("Live music is the best",
// "Nature's the best"); "I'm a huge fan" of the name the sentence before
// opened with or asked about ("Emma Watson, she's a big supporter of
// gender equality. I'm a huge fan"); a pastime done to find peace ("I find
// calm when I do yoga or meditate"). Dropped: a liking of a photo, a name
// or a chat shown or had with the listener ("I love the photo, the sunset
// looks amazing", "I love catching up with you"). Cases in
// tastes32_test.go.

// tastes32 is have, the facts so far, with the speaker's likings the
// groups read in text that have does not already hold, and without the
// likings the drop pass refuses.
func tastes32(text, speaker string, at time.Time, have []Fact) []Fact {
	have = slices.DeleteFunc(have, func(f Fact) bool { return f.Subject == speaker && shownLike32(f) })
	lt := lowerASCII(text)
	if !strings.Contains(lt, "lov") && !strings.Contains(lt, "enjoy") && !strings.Contains(lt, "like") &&
		!strings.Contains(lt, "adore") && !strings.Contains(lt, "best") && !strings.Contains(lt, "fan") &&
		!strings.Contains(lt, "find") {
		return have
	}
	sents := trimmedSentences(text)
	var add []Fact
	for i, s := range sents {
		if s == "" || strings.HasSuffix(s, "?") {
			continue
		}
		prev := ""
		if i > 0 {
			prev = sents[i-1]
		}
		var got []string
		got = append(got, gerundTail32(s)...)
		got = append(got, fanOfNamed32(prev, s)...)
		got = append(got, findWhen32(s)...)
		for _, p := range got {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	if len(add) == 0 {
		return have
	}
	return tasteFilter28(text, speaker, append(have, add...))
}

// The list-tail group: "I love <doing X>, <doing Y> and <doing Z>" where
// the first item runs long enough ("with friends and family") that the
// list rules stop at it; each later item that is a gerund phrase is a
// liking too. The list ends at the first part that is no gerund phrase.
var (
	// loveGerundRE: the speaker loves or enjoys doing something (the match
	// ends where the object starts).
	loveGerundRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:really|absolutely|totally|just|also|truly|genuinely|still|both|all|do|especially)\s+)*(?:love|enjoy|adore|like)\s+(?:to\s+)?`)
	// listSepRE: what divides the items of a list.
	listSepRE = regexp.MustCompile(`\s*(?:,|;|\s[-–—]+\s|\s\(|\))\s*`)
	// itemJoinRE: what joins two items within a part.
	itemJoinRE = regexp.MustCompile(`(?i)\s+(?:and|or|plus|&)\s+`)
	// itemLeadRE: words before an item of the list.
	itemLeadRE = regexp.MustCompile(`(?i)^(?:(?:and|or|plus|also|even|especially|sometimes|just)\s+)+`)
)

// notTailGerund32: gerunds that open no pastime of the list ("escaping
// reality", "getting lost", "knowing …").
var notTailGerund32 = setOf(`getting escaping feeling knowing seeing hearing being doing thinking making trying wondering
	saying telling meaning hoping wishing looking waiting using keeping letting helping including depending according
	considering regarding following starting ending`)

// notInTail32: words that make a list part a clause, not an item.
var notInTail32 = setOf(`i i'm i've he she they it it's we you is are was were makes made gives gave helps helped keeps
	has have had which that who because when while if so but`)

// vagueThing32: words that make an item no named pastime.
var vagueThing32 = setOf(`something anything everything nothing stuff`)

// gerundTail32 is the items after the first of a list of pastimes a
// sentence says the speaker loves: "exploring", "hiking", "playing board
// games" of "I love going on road trips with friends and family,
// exploring and hiking or playing board games".
func gerundTail32(s string) []string {
	loc := loveGerundRE.FindStringIndex(s)
	if loc == nil || negRE.MatchString(s[:loc[1]]) || condRE.MatchString(s[:loc[0]]) {
		return nil
	}
	rest := s[loc[1]:]
	first := strings.Fields(rest)
	if len(first) == 0 || !isGerund(strings.Trim(first[0], ",;")) {
		return nil
	}
	parts := listSepRE.Split(strings.TrimRight(rest, ".!…"), -1)
	if len(parts) < 2 || len(parts) == 2 && !itemJoinRE.MatchString(parts[1]) {
		return nil // "I love experimenting in the kitchen, coming up with something tasty": one thing said twice
	}
	var out []string
	for _, part := range parts[1:] {
		part = strings.TrimSpace(itemLeadRE.ReplaceAllString(strings.TrimSpace(part), ""))
		if part == "" {
			continue
		}
		var items []string
		for _, it := range itemJoinRE.Split(part, -1) {
			it = strings.TrimSpace(itemLeadRE.ReplaceAllString(strings.TrimSpace(it), ""))
			ws := strings.Fields(lowerASCII(it))
			if len(ws) == 0 || len(ws) > 6 || !isGerund(ws[0]) || notTailGerund32[ws[0]] || vague[ws[0]] && !havingThings32(ws) {
				break
			}
			if slices.ContainsFunc(ws, func(w string) bool { return notInTail32[w] || vagueThing32[w] }) {
				break
			}
			if c := cut(it); c != "" && !danglingPrep[lowerASCII(lastWord(c))] {
				items = append(items, c)
			}
		}
		if len(items) == 0 {
			break // the list ended: "…, which refreshes me"
		}
		out = append(out, items...)
	}
	return out
}

// havingThings32: "having picnics", "having movie nights": a pastime
// had, not "having a blast" or "having fun".
func havingThings32(ws []string) bool {
	return ws[0] == "having" && len(ws) >= 2 && !notInTail32[ws[1]] && !deictic[ws[1]] && !pronoun[ws[1]] &&
		ws[1] != "a" && ws[1] != "an" && ws[1] != "to" && ws[1] != "fun" && ws[1] != "been" && ws[1] != "my" && ws[1] != "no"
}

// The best group: a plain thing, named by a bare noun (no article, no
// owner), called the best and nothing more: "Live music is the best",
// "Nature's the best!", "Sleep is honestly the best". Not a person or
// a relative ("Mom is the best"), a pronoun ("You're the best", "That's
// the best"), or the best of a kind ("the best part").
var theBestRE = regexp.MustCompile(`(?i)^([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)(?:'s|’s|\s+is|\s+are)\s+(?:(?:just|truly|honestly|really|simply|always|still|seriously)\s+)*the\s+(?:best|greatest)(?:\s+ever)?\s*[.!]*$`)

// notBest32: first words of a subject that make it no plain taste.
var notBest32 = setOf(`the a an this that these those my our your his her their its it he she they we you i there here what which
	who everyone everybody everything someone somebody nobody nothing something anything mom mum dad mother father
	wife husband partner family friends kids people he's she's it's that's one`)

// theBest32 is the thing theBestRE reads in a sentence, as a list.
func theBest32(s string) []string {
	body := leadIn30RE.ReplaceAllString(s, "") // tastes30.go
	m := theBestRE.FindStringSubmatch(body)
	if m == nil {
		return nil
	}
	ws := strings.Fields(lowerASCII(m[1]))
	if notBest32[ws[0]] || vague[ws[0]] || pronoun[ws[0]] || !pastimeSubject(m[1]) || personWord(m[1]) ||
		relKey(ws[len(ws)-1]) != "" || lexNames.has(restoreName32(ws[0])) {
		return nil
	}
	return []string{m[1]}
}

// restoreName32 is a lower-case word with its first letter in capital,
// to look it up among the given names.
func restoreName32(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// The fan group: "I'm a huge fan" with no object, of the name the
// sentence before opened with ("Emma Watson, she's a big supporter of
// gender equality. I'm a huge fan.") or asked the listener about ("Have
// you seen all the Harry Potter movies? I'm a fan too!").
var (
	// fanAloneRE: a sentence that says the speaker is a fan and no more.
	fanAloneRE = regexp.MustCompile(`(?i)^(?:i'm|i\s+am|im)\s+(?:(?:also|such|really|definitely|totally|still)\s+)*an?\s+(?:(?:huge|big|massive|total|die-hard|diehard|major|lifelong|true)\s+)?fan(?:\s+(?:too|myself|as\s+well|of\s+(?:hers|his|theirs|them|him|her)))?\s*[.!]*$`)
	// openNameRE: a sentence opened by a name and a comma or a verb:
	// "Emma Watson, she's …", "Aerosmith is …" (group 1).
	openNameRE = regexp.MustCompile(`^(\p{Lu}[\p{L}'.-]*(?:\s+(?:of\s+the\s+|of\s+|the\s+)?\p{Lu}[\p{L}'.-]*){0,3})(?:,|\s+(?:is|was|are|were|has|have)\b)`)
	// askedSeenRE: a question about a work the listener has seen, read,
	// heard or played: "Have you seen all the Harry Potter movies?" (group
	// 1 the name).
	askedSeenRE = regexp.MustCompile(`(?i:\b(?:have|did)\s+you\s+(?:ever\s+)?(?:seen|watched|read|heard|heard\s+of|played|listened\s+to|tried)\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?)(\p{Lu}[\p{L}\d'.:-]*(?:\s+\p{Lu}[\p{L}\d'.:-]*){0,4})`)
)

// fanOfNamed32 is the name "I'm a huge fan" in s is of, read from the
// sentence before; nil when none.
func fanOfNamed32(prev, s string) []string {
	if prev == "" || !fanAloneRE.MatchString(leadIn30RE.ReplaceAllString(s, "")) {
		return nil
	}
	var n string
	if m := askedSeenRE.FindStringSubmatch(prev); m != nil && strings.HasSuffix(prev, "?") {
		n = m[1]
	} else if m := openNameRE.FindStringSubmatch(prev); m != nil && !strings.HasSuffix(prev, "?") {
		n = m[1]
	}
	if n == "" {
		return nil
	}
	ws := strings.Fields(n)
	if len(ws) == 1 && (lexNames.has(n) || isStopName(n)) || pronoun[lowerASCII(ws[0])] || isStopName(ws[0]) ||
		lexPlaces.has(n) || lexCities.has(n) || personWord(n) {
		return nil // one given name is a friend, not a star; a place is no fandom
	}
	return []string{n}
}

// The find-peace group: a pastime done to find calm: "I find calm when I
// do yoga or meditate", "I always find peace when I go hiking", "I find
// so much joy when I'm gardening".
var findWhenRE = regexp.MustCompile(`(?i)\bi\s+(?:(?:always|really|usually|often|truly|also)\s+)*find\s+(?:(?:so\s+much|such|real|true|my|a\s+lot\s+of|some|inner)\s+)?(?:peace|calm|joy|comfort|solace|happiness|balance|serenity|calmness|zen|release)\s+(?:when|while|whenever)\s+(?:i|i'm|i\s+am|im)\s+(?:(?:do|go|am|'m)\s+)?([^,;.!?]+)`)

// findWhen32 is the pastimes findWhenRE reads in a sentence.
func findWhen32(s string) []string {
	m := findWhenRE.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(s[m[0]:m[1]]) {
		return nil
	}
	var out []string
	for _, it := range itemJoinRE.Split(s[m[2]:m[3]], -1) {
		ws := strings.Fields(lowerASCII(it))
		if len(ws) == 0 || len(ws) > 4 {
			return nil
		}
		w := ws[0]
		switch {
		case isGerund(w) && !vague[w] && !notTailGerund32[w]:
		case pastimeNouns[w] || pastimes31[w] || w == "meditate":
		default:
			return nil // "when I'm with my friends"
		}
		if c := cut(it); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// The shown-thing drop: a liking whose object is a photo, a name, a plan
// or a chat of the moment, not a taste: "I love the photo, the sunset
// looks amazing", "I love the name Luna for a dog", "I love catching up
// with you".
var shownHead32 = setOf(`photo pic picture snap shot selfie name idea plan moment chat message post update`)

// shownLike32 reports whether f is a liking of a thing shown or of a
// chat with the listener.
func shownLike32(f Fact) bool {
	if f.Predicate != "likes" {
		return false
	}
	ws := strings.Fields(f.Claim)
	if len(ws) > 0 && (ws[0] == "the" || ws[0] == "that" || ws[0] == "this") {
		ws = ws[1:]
	}
	if len(ws) == 0 || ws[0] != lowerASCII(ws[0]) {
		return false // "The Name of the Wind": a title
	}
	if ws[0] == "catching" && len(ws) >= 2 && ws[1] == "up" {
		return true
	}
	return shownHead32[ws[0]] && (len(ws) == 1 || ws[1] == "of" || ws[0] == "name")
}
