package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 35, from the misses and the wrong facts of the
// preference family on synthetic rounds 1–2, the LoCoMo dev draws,
// locomo_more.jsonl and the outside read sets, grouped by the frame the
// speaker uses. Read:
//
//   - the fronted-title group: a work named first, as the object of the
//     speaker's verb the sentence then leaves out, with a verdict after
//     it ("Derry Girls I've seen, loved it", "Martha Jac a Sianco I read
//     in Welsh when it came out, it's wonderful", "Kristin Lavransdatter
//     I have read three times", "Succession I tried, I couldn't stand a
//     single character"); not a phrase that opens with a determiner or a
//     time ("This book I read last year reminds me …", "Yesterday I
//     watched, …"), not a verb with its own object after it, not a
//     sentence with no verdict.
//   - the said-aside group: a dislike said as "I'm not a <kind> person" or
//     "I'm not into <thing>" inside a sentence, after a verb of saying or
//     "even if", where the clause rules, which read it only at a clause's
//     start, miss it ("I should say I'm not really a dog person", "Sounds
//     like a fun experience, even if I'm not into games"); not a kind
//     that is a time or a manner ("not a morning person", "not a people
//     person": notKindTaste), not "it" or "that".
//   - the shared-love group: a thing others love as the speaker does
//     ("I even made some friends at the convention who love games just
//     like me", "Love being with people who are as passionate about Harry
//     Potter as us!", "With their passion for video games like me, …");
//     not "the same stuff as me", not a person or "it".
//   - the hooked-by group: the pastime that left the speaker hooked, said
//     with no object, named before it in the turn by "introduced me to"
//     or a class taken ("Those games introduced me to gaming and I've
//     been hooked ever since", "my friends and I took a rock climbing
//     class … now I'm hooked"); not "hooked on" (the clause rules read
//     it), not a class of no pastime ("a new class", "a free class").
//   - the lower-case allergy group: an allergy of a person named in lower
//     case in texting ("legend. kiri's allergic to cats tho so might have
//     to be a hotel"), with the guards of lowerTasteRE (chat29.go), which
//     reads the likings and dislikes so said; not a common word, a
//     relative, a pronoun or a pet ("that's allergic", "mum's allergic
//     to", "she's allergic to").
//
// Dropped (the filter group): a dislike of "a single <thing>" after
// "can't stand" or the like, which says "not one", not what is disliked
// ("Succession I tried, I couldn't stand a single character").
//
// Tried and dropped: a liking of learning something said with no verb of
// liking ("I'm learning German now - tough but fun", "we've been learning
// about watercolors", "I'm still just learning how to draw"): on the read
// sets it removed 4 wrong facts and 1 right one and nothing on the
// kept-back sets, but TestGeneralChat and TestChatRules want "I'm learning
// Spanish" read as a liking: left as it is.
//
// Cases in tastes35_test.go.

// tastes35Need are words one of which a turn must hold for the groups
// below to read it.
var tastes35Need = []string{" i read", " i have read", " i've read", "seen", "watched", "tried", "played", "finished", "heard", "single", " not ", " me", " us", " as i ", " as we ", "hooked", "allergic"}

// tastes35 is have with the speaker's tastes the groups above read in text
// that have does not already hold, and without the dislikes the filter
// group refuses.
func tastes35(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := lowerASCII(text)
	if !slices.ContainsFunc(tastes35Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return have
	}
	have = dropTastes35(have)
	var add []Fact
	for _, p := range hookedBy35(text, lt) {
		add = addMarkedTaste(p, speaker, at, have, add)
	}
	for _, s := range trimmedSentences(text) {
		if s == "" || strings.HasSuffix(s, "?") {
			continue
		}
		add = lowerAllergy35(s, at, speaker, have, add)
		for _, p := range slices.Concat(frontedTitle35(s), saidAside35(s), sharedLove35(s)) {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	return withTastes(text, speaker, have, add)
}

// The fronted-title group.

// frontedTitleRE35: a run of capitalised words (with the small words of a
// title) opening the sentence or following a dash, then "I" and a verb of
// taking in a work with no object of its own after it: a comma, the end,
// or an adverbial ("twice", "three times", "in Welsh", "when …", "last
// year", "again").
var frontedTitleRE35 = regexp.MustCompile(`(?:^|\s[—–-]\s+)(\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|of|the|a|an|and|in|on|to|at|for|jac|de|la|le|von|van)){0,5})\s+I(?:\s+have|'ve|’ve)?(?:\s+(?:already|finally|just|also|only|actually))?\s+(seen|read|watched|tried|finished|played|heard)(\s*(?:[,.!;:]|$)|\s+(?:twice|once|three|four|five|several|many|in|when|last|again|already|years|back|as|every)\b)`)

// notTitleLead35: first words of the run that make it no title: a
// determiner, a time, a linking word.
var notTitleLead35 = setOf(`this that these those the a an my our his her their your what which when then now so and but or also yesterday today tonight last first next once sometimes lately recently finally honestly actually well oh ok okay yes yeah no and everything anything something nothing all everyone everybody someone somebody`)

// titleLoved35: a verdict of liking after the work ("loved it", "it's
// wonderful") or a work taken in again and again ("three times").
var titleLoved35 = regexp.MustCompile(`(?i)\b(?:(?:loved|adored|enjoyed|liked)\s+it|it(?:'s|’s|\s+is|\s+was)\s+(?:so\s+|really\s+|just\s+|absolutely\s+)?(?:wonderful|brilliant|great|amazing|fantastic|excellent|beautiful|superb|perfect|a\s+masterpiece|a\s+classic)|(?:twice|three|four|five|several|many)\s+times|twice)\b`)

// titleHated35: a verdict of dislike after the work.
var titleHated35 = regexp.MustCompile(`(?i)\b(?:(?:couldn't|could\s+not|can't|cannot)\s+(?:stand|bear|get\s+into)|hated\s+it|(?:didn't|did\s+not)\s+(?:like|enjoy)\s+it|gave\s+up\s+on\s+it|not\s+for\s+me)\b`)

// frontedTitle35 is the work s names first and the speaker's verdict on it
// (a dislike marked), or nothing.
func frontedTitle35(s string) []string {
	m := frontedTitleRE35.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	title := s[m[2]:m[3]]
	if notTitleLead35[strings.ToLower(strings.Fields(title)[0])] || pronoun[strings.ToLower(strings.Fields(title)[0])] {
		return nil
	}
	tail := s[m[6]:]
	switch {
	case titleHated35.MatchString(tail):
		return []string{dislikeMark + title}
	case titleLoved35.MatchString(tail):
		return []string{title}
	}
	return nil
}

// The filter group.

// dropTastes35 is have without dislikes of "a single <thing>".
func dropTastes35(have []Fact) []Fact {
	return slices.DeleteFunc(have, func(f Fact) bool {
		return f.Predicate == "dislikes" && strings.HasPrefix(lowerASCII(f.Claim), "single ")
	})
}

// The said-aside group.

// saidAsideRE35: "I'm not (really) a <kind> person" or "I'm not into
// <thing>" after a verb of saying or "even if" (lower-case text).
var saidAsideRE35 = regexp.MustCompile(`\b(?:say|admit|confess|guess|mean|even\s+if)\s+(?:i'm|i\s+am|im|i’m)\s+(?:honestly\s+|just\s+)?not\s+(?:really\s+|exactly\s+|that\s+|too\s+|much\s+of\s+|super\s+|very\s+)*(?:an?\s+(?:big\s+|huge\s+)?([a-z][a-z-]*)\s+person\b|into\s+([^,.;:!?]+))`)

// saidAside35 is the dislikes s says aside, each marked.
func saidAside35(s string) []string {
	ls := lowerASCII(s)
	m := saidAsideRE35.FindStringSubmatchIndex(ls)
	if m == nil {
		return nil
	}
	if m[2] >= 0 {
		if notKindTaste[ls[m[2]:m[3]]] {
			return nil
		}
		return []string{dislikeMark + s[m[2]:m[3]]}
	}
	var got []string
	for _, p := range tasteObjects(s[m[4]:m[5]]) {
		if ws := strings.Fields(lowerASCII(p)); len(ws) == 0 || pronoun[ws[0]] || ws[0] == "it" || ws[0] == "that" || ws[0] == "this" {
			continue
		}
		got = append(got, dislikeMark+p)
	}
	return got
}

// The shared-love group.

// sharedLoveRE35: others who love a thing as the speaker does, "who love
// <thing> just like me", "who are as passionate about <thing> as us",
// "their passion for <thing> like me" (lower-case text).
var sharedLoveRE35 = regexp.MustCompile(`\b(?:(?:who|that)\s+(?:all\s+|also\s+|really\s+)?(?:loves?|(?:are|is)\s+(?:as\s+|so\s+|just\s+as\s+)?(?:passionate\s+about|into|crazy\s+about|obsessed\s+with|mad\s+about))|(?:their|his|her)\s+(?:passion|love)\s+(?:for|of))\s+([^,.;:!?]{2,40}?)\s+(?:just\s+)?(?:like|as)\s+(?:me|us|(?:much\s+as\s+)?(?:i|we)\s+(?:do|am|are))\b`)

// notShared35: first words of what is shared that name no thing.
var notShared35 = setOf(`the same it that this them me us you him her each one what`)

// sharedLove35 is what s says others love as the speaker does.
func sharedLove35(s string) []string {
	ls := lowerASCII(s)
	var got []string
	for _, m := range sharedLoveRE35.FindAllStringSubmatchIndex(ls, -1) {
		ws := strings.Fields(ls[m[2]:m[3]])
		if len(ws) == 0 || notShared35[ws[0]] || pronoun[ws[0]] || ws[0] == "the" && len(ws) > 1 && ws[1] == "same" {
			continue
		}
		got = append(got, s[m[2]:m[3]])
	}
	return got
}

// The hooked-by group.

// hookedRE35: the speaker hooked with no object ("now I'm hooked", "I've
// been hooked ever since"), in lower-case text.
var hookedRE35 = regexp.MustCompile(`\b(?:i'm|i\s+am|i've\s+been|i\s+have\s+been|im)\s+(?:totally\s+|completely\s+|so\s+|well\s+and\s+truly\s+)?hooked\s*(?:ever\s+since|since\s+then|now)?\s*(?:[.!,;]|$)`)

// hookedByRE35: what hooked the speaker, named before in the turn: "X
// introduced me to <pastime>", "I took a <pastime> class", "my first
// <pastime> lesson" (lower-case text).
var hookedByRE35 = regexp.MustCompile(`\b(?:introduced\s+me\s+to\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*(?:[.!,;]|\s+and\b|$)|(?:took|tried|did|started|joined|signed\s+up\s+for)\s+(?:a|an|my\s+first|our\s+first|some)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:class|classes|lesson|lessons|course|session|workshop)\b)`)

// notHookedBy35: first words of what hooked the speaker that name no
// pastime.
var notHookedBy35 = setOf(`new few couple free short quick long online great good lot bit this that the it my our his her their your me him them us`)

// hookedBy35 is the pastime the speaker says hooked them in the turn
// (lower-case text lt, original text).
func hookedBy35(text, lt string) []string {
	h := hookedRE35.FindStringIndex(lt)
	if h == nil {
		return nil
	}
	var got []string
	for _, m := range hookedByRE35.FindAllStringSubmatchIndex(lt[:h[0]], -1) {
		a, b := m[2], m[3]
		if a < 0 {
			a, b = m[4], m[5]
		}
		ws := strings.Fields(lt[a:b])
		if len(ws) == 2 && (ws[1] == "and" || ws[1] == "or" || ws[1] == "but" || ws[1] == "so") {
			ws, b = ws[:1], a+len(ws[0])
		}
		if len(ws) == 0 || notHookedBy35[ws[0]] || pronoun[ws[0]] || relWord(ws[len(ws)-1]) || personWord(text[a:b]) {
			continue
		}
		got = append(got, text[a:b])
	}
	return got
}

// The lower-case allergy group.

// lowerAllergyRE35: a word in lower case, then "'s allergic to" or "is
// allergic to": a person named in lower case in texting (lowerTasteRE,
// chat29.go, reads the likings and dislikes so said, not allergies).
var lowerAllergyRE35 = regexp.MustCompile(taste3Start + `([a-z]{3,14})(?:'s|’s|\s+is)` + taste3Adv + `(?:\s+(?i:very|severely|badly|deathly|mildly|a\s+bit|a\s+little))*\s+(?i:allergic\s+to)\s+(.+)`)

// lowerAllergy35 adds to add the allergies s says of a person named in
// lower case.
func lowerAllergy35(s string, at time.Time, speaker string, have, add []Fact) []Fact {
	m := lowerAllergyRE35.FindStringSubmatch(s)
	if m == nil {
		return add
	}
	w := m[1]
	if lexCommon().has(w) || textingWords[w] || stopLower[w] || pronoun[w] || notLowerSubject[w] || auxVerb[w] ||
		isPet(w) || lexPlaces.has(w) || lexOccupations.has(w) || relWord(w) {
		return add
	}
	for _, p := range tasteObjects(m[2]) {
		if slices.ContainsFunc(slices.Concat(have, add), func(f Fact) bool {
			return f.Predicate == "allergic_to" && strings.EqualFold(f.Subject, w) && claimOverlap(f.Claim, p)
		}) {
			continue
		}
		add = append(add, Fact{Subject: w, Predicate: "allergic_to", Claim: p, Kind: World, Polarity: Positive,
			ValidFrom: at, Confidence: confThird - 10, Speaker: speaker})
	}
	return add
}
