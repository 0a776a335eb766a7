package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Relatives named in frames of session 35 (helper kin35), from the
// relation misses of the read synthetic rounds and the outside sets. Cases
// in kin35_test.go.
//
//   - a partner named by what the two of them did as a couple: "Sizwe and I
//     broke up in March", "me n callum got engaged last weekend", "Dervla
//     and I are finally setting a date", "Me and Sonia finally tie the
//     knot in December" (a break-up is a partner denied);
//   - a child named after a word that says which child: "Our youngest,
//     Aperahama, lives in Brisbane", "Our eldest Fiachra is in Boston",
//     "My younger one, Davit, says …", "my lad Alfie", "My boy Caspian is
//     doing his first 200 IM";
//   - a child a parent introduces themself by: "this is Farzaneh, mother of
//     Kian from class 3B", "Teuila here, mum of Losa", "Ignatius, Cosimo's
//     dad.";
//   - a parent or grandparent said by the bare kin word, as chat says its
//     own family's: "Mum refuses to fly though", "Papá decided himself",
//     "Amma will not be happy", "ill tell mum to save u a seat", "video
//     call w mam n dad at 9pm";
//   - the age a pronoun says of a relative named just before: "Haruto is
//     my grandson, he is 18", "My eldest, Barnaby, is obsessed. He's 12";
//   - the speaker's age said with more of its clause after it: "I'm 68
//     with a stent so probably you pay less", "Umma I'm 29, not 49".
//
// Each must leave alone a couple said in a question, a condition or a
// past tense that was no couple ("when Tom and I were kids"), a pet called
// "my boy" ("my boy Rex is a lab"), another's parent ("Tunde's mum said
// the gele should be coral", "her mom and dad"), and an age ahead ("Maybe
// when I'm 80") or of a measure ("I'm 30 minutes late").

// kin35 adds the relatives and ages the frames above name, when the turn
// gives the speaker no relative by that name (no age) already.
func kin35(text, speaker string, at time.Time, out []Fact) []Fact {
	lt := lowerASCII(text)
	couple := strings.Contains(lt, " and ") || strings.Contains(lt, " n ") || strings.Contains(lt, "&")
	child := kinChildCue35.MatchString(text)
	parent := kinParentCue35.MatchString(text)
	bare := bareKinCue35.MatchString(text)
	if rolePlay(text) {
		return out
	}
	out = ownAge35(text, speaker, at, out)
	if !couple && !child && !parent && !bare {
		return pronounAges35(text, speaker, at, out)
	}
	t := captionRE.ReplaceAllString(text, "")
	add := func(pred, name string, pol string, conf int) {
		for _, f := range out {
			if f.Subject == speaker && predFamily(f.Predicate) == "relation" && strings.EqualFold(f.Claim, name) {
				return
			}
		}
		out = append(out, Fact{Subject: speaker, Predicate: pred, Claim: name, Kind: World, Polarity: pol, ValidFrom: at,
			Confidence: conf, Speaker: speaker, Entities: []Entity{{Name: speaker, Kind: "person"}, {Name: name, Kind: "person"}},
			Edges: []Edge{{Src: speaker, Relation: pred, Dst: name}}})
	}
	pet := false
	if child {
		for _, w := range strings.Fields(lt) {
			if isPet(strings.Trim(w, ",.!?;:'’()")) {
				pet = true // "my boy Rex is a lab": a pet called a boy
				break
			}
		}
	}
	for _, s := range sentences(t) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") || condRE.MatchString(s) || hypoRE.MatchString(s) {
			continue
		}
		if couple {
			for _, m := range coupleRE35.FindAllStringSubmatch(s, -1) {
				name, verb := m[1]+m[2], strings.ToLower(m[3])
				if !kinNameWord(name, "") {
					continue
				}
				pol := Positive
				if coupleEndRE35.MatchString(verb) {
					pol = Negative // "Sizwe and I broke up in March"
				}
				add("partner", name, pol, confLoose-2)
			}
		}
		if child {
			for _, m := range whichChildRE35.FindAllStringSubmatch(s, -1) {
				w, name := strings.ToLower(strings.Join(strings.Fields(m[1]), " ")), m[2]
				if !kinNameWord(name, "") {
					continue
				}
				pred := "child"
				switch w {
				case "boy", "lad", "little boy":
					pred = "son"
				case "girl", "little girl":
					pred = "daughter"
				}
				if pet && pred != "child" {
					continue
				}
				add(pred, name, Positive, confLoose-4)
			}
		}
		if parent {
			for _, re := range []*regexp.Regexp{parentOfRE35, parentGenRE35} {
				for _, m := range re.FindAllStringSubmatch(s, -1) {
					for _, name := range m[1:] {
						if name != "" && kinNameWord(name, "") {
							add("child", name, Positive, confLoose-6)
						}
					}
				}
			}
		}
	}
	if bare && !strings.HasPrefix(speaker, "assistant") {
		out = bareParent35(t, speaker, at, out)
	}
	return pronounAges35(text, speaker, at, out)
}

// bareKinRE35: a parent or grandparent said by the kin word alone, after
// a start of sentence or clause, "and", or a verb or preposition that
// takes it as object ("tell mum", "w mam n dad", "with Mamá"). Group 1 the
// kin word, group 2 a genitive after it. Words chat also uses for other
// things are left out ("da", "ma", "pops", "baba").
var bareKinRE35 = regexp.MustCompile(`(?i)(?:^|[.!?;:]\s+|,\s+|\b(and|n|&|since|after|before|until|till|when|because|cause|bc|but|so|then|tell|told|ask|asked|with|w|call|called|visit|visiting|visited|text|texted|help|helping|helped|see|seeing|saw|to|for|phone|phoned|miss|missing)\s+)` +
	`(mum|mom|mam|mama|mamá|amma|umma|mummy|mommy|dad|papa|papá|daddy|appa|grandma|granny|gran|nana|grandpa|grandad|granddad)(['’]s)?(?:[^\p{L}'’]|$)`)

// letterRE35: a letter or message the turn drafts ("Dear Haruto,").
var letterRE35 = regexp.MustCompile(`\b(?i:dear)\s+\p{Lu}\p{L}*\s*,`)

// othersBeforeAnd35: another's relative said before "and" ("her mom and
// dad").
var othersBeforeAnd35 = regexp.MustCompile(`(?i)\b(?:her|his|your|ur|their|its)\s+\p{L}+\s+$`)

// wantsToKnowRE35: "… wants to know": a question passed on, not said of
// the one who asks.
var wantsToKnowRE35 = regexp.MustCompile(`(?i)^\s+(?:wants|wanted|would\s+like)\s+to\s+know\b`)

// andLead35: the words of bareKinRE35 that join two kin words.
var andLead35 = setOf(`and n &`)

// subjectLead35: the words of bareKinRE35 after which the kin word is the
// subject of a clause and needs a verb after it.
var subjectLead35 = setOf(`and n & since after before until till when because cause bc but so then`)

// bareKinVerbRE35: a verb after a bare kin word at the start of a clause,
// which makes it the subject of the clause ("Mum refuses …", "mama is
// crying", "da's doing better"): "dad bod", "Mum, we live …" (one spoken
// to) and "Dad doing homework" are left, and so is a copula ("Papá is
// stubborn", "Nana is my coworker": a name as often as a kin word, as
// TestChatRulesSession27 and TestInPassing hold).
var bareKinVerbRE35 = regexp.MustCompile(`(?i)^(?:['’]s\s+(?:\p{L}+ing|been|gonna|finally|still|not|always|already|really|so|back|home|coming|going|doing)\b|\s+(?:(?:and|n|&)\s+(?:i|me|mum|mom|mam|dad|papa|mama)|(?:is|was)\s+\p{L}+ing|has|had|will|would|can|could|did|does|didn't|doesn't|won't|can't|isn't|wasn't|still|just|finally|always|never|also|already|really|even|lowkey|literally|keeps?|kept|wants?|wanted|needs?|needed|says?|said|thinks?|thought|refuses|refused|decided|went|goes|moved|died|passed|calls|told|tells|asked|asks|hates|loves|likes|made|makes|got|gets|gonna|sent|sends|cooked|cooks|bought|came|comes|lives|lived|works|worked|insists|insisted|misses|missed|cried|cries|drove|drives|picked|helped|dragged|booked|found|sold)\b)`)

// bareKinKey35 maps the words of bareKinRE35 to their relation.
func bareKinKey35(w string) string {
	switch strings.ToLower(w) {
	case "dad", "papa", "papá", "daddy", "appa":
		return "father"
	case "grandma", "granny", "gran", "nana":
		return "grandmother"
	case "grandpa", "grandad", "granddad":
		return "grandfather"
	}
	return "mother"
}

// bareParent35 gives the speaker the parent or grandparent a sentence of
// the turn says by the kin word alone (bareKinRE35), when the turn gives
// the speaker none of that relation already. A question ("How's Mum?"),
// a quote and a word followed by a capitalised one ("Papa John's") are
// left.
func bareParent35(t, speaker string, at time.Time, out []Fact) []Fact {
	if letterRE35.MatchString(t) {
		return out // "'Dear Haruto, … Grandma and I want to visit you'": a letter drafted for another
	}
	t = quotedRE.ReplaceAllString(apostropheFolder32.Replace(t), "")
	for _, s := range sentences(t) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") || strings.ContainsAny(s, "\"“”‘") || strings.HasPrefix(s, "'") || strings.HasSuffix(s, "'") ||
			condRE.MatchString(s) {
			continue
		}
		for _, m := range bareKinRE35.FindAllStringSubmatchIndex(s, -1) {
			end := m[5]
			if m[6] >= 0 {
				end = m[7]
			}
			if r := strings.TrimLeft(s[end:], " "); r != "" && unicode.IsUpper([]rune(r)[0]) && !strings.HasPrefix(r, "I ") {
				continue // "Papa John's", "to Mama Rosa's"
			}
			subject := m[2] < 0 || subjectLead35[strings.ToLower(s[m[2]:m[3]])]
			if wantsToKnowRE35.MatchString(s[m[5]:]) {
				continue // "Amma wants to know who is coming": a question passed on (TestPlanRulesSession33)
			}
			if m[2] >= 0 && andLead35[strings.ToLower(s[m[2]:m[3]])] && othersBeforeAnd35.MatchString(s[:m[2]]) {
				continue // "her mom and dad just moved": another's parents
			}
			if subject && !bareKinVerbRE35.MatchString(s[m[5]:]) {
				continue // a subject with no verb after it: "dad bod loading", "Mum, we live …"
			}
			key := bareKinKey35(s[m[4]:m[5]])
			if slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Predicate == key }) {
				continue
			}
			out = append(out, unnamedKinFact(speaker, key, at))
		}
	}
	return out
}

// coupleRE35: a name and the speaker said as a couple by what they did
// ("Sizwe and I broke up", "me n callum got engaged", "Dervla and I are
// finally setting a date"). Group 1 or 2 the name, group 3 the verb.
// "were" is left out of the words between: "Tom and I were together at
// school" may be no couple.
var coupleRE35 = regexp.MustCompile(`(?i)(?:^|[^\p{L}'’])(?:(?:me|i)\s+(?:and|n|&)\s+(\p{L}[\p{L}'’-]*)|(\p{L}[\p{L}'’-]*)\s+(?:and|n|&)\s+(?:i|me))\s+` +
	`(?:(?:finally|just|officially|recently|have|are|r|'ve|’ve|now|both)\s+){0,3}` +
	`(got\s+engaged|got\s+married|are\s+getting\s+married|getting\s+married|setting\s+a\s+date|set\s+a\s+date|tie\s+the\s+knot|tied\s+the\s+knot|tying\s+the\s+knot|` +
	`broke\s+up|split\s+up|ended\s+it|ended\s+things|separated|divorced|moved\s+in\s+together|been\s+together|started\s+dating)\b`)

// coupleEndRE35: the verbs of coupleRE35 that end the couple.
var coupleEndRE35 = regexp.MustCompile(`^(?:broke|split|ended|separated|divorced)`)

// kinChildCue35 and kinParentCue35: a cheap look for the words of
// whichChildRE35 and of parentOfRE35 and parentGenRE35.
var (
	kinChildCue35  = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:little\s+)?(?:eldest|oldest|youngest|middle|younger|older|little|first-?born|boy|girl|lad)\b`)
	kinParentCue35 = regexp.MustCompile(`(?i)\b(?:mum|mom|mother|dad|father|mama|papa|mummy|mommy|daddy)\b`)
	bareKinCue35   = regexp.MustCompile(`(?i)m[ua]m|mom|amma|umma|dad|pap|appa|gran|nana`)
)

// whichChildRE35: a child named after "my" or "our" and a word that says
// which child ("Our youngest, Aperahama,", "My eldest Seini starts high
// school", "my little one Mele", "my lad Alfie"). Group 1 the word, group
// 2 the name, which must be capitalised.
var whichChildRE35 = regexp.MustCompile(`\b(?i:my|our)\s+((?i:eldest|oldest|youngest|middle\s+one|younger\s+one|older\s+one|little\s+one|first-?born|little\s+boy|little\s+girl|boy|girl|lad))\s*,?\s+(\p{Lu}[\p{L}'’-]*)\b`)

// parentOfRE35: the speaker a parent of a named child, said to introduce
// themself ("this is Farzaneh, mother of Kian", "Teuila here, mum of
// Losa", "I'm 'mom of Lautaro and Pilar'"). Groups 1 and 2 the names.
var parentOfRE35 = regexp.MustCompile(`(?i:\bi'?m|\bi\s+am|\bthis\s+is\s+\p{L}+\s*,|\bhere\s*,|^\s*\p{L}+\s*,)\s+['‘"]?(?i:(?:the\s+)?(?:mum|mom|mother|dad|father|mama|papa|mummy|mommy|daddy)\s+(?:of|to))\s+(\p{Lu}[\p{L}'’-]*)(?:\s+(?i:and|&)\s+(\p{Lu}[\p{L}'’-]*))?`)

// parentGenRE35: "Ignatius, Cosimo's dad.", "Hi, I'm Tom's mum": the
// speaker's name or "I'm" before the child's genitive, and the sentence
// ending or going on after it; "Tunde's mum said …" is another's mother.
var parentGenRE35 = regexp.MustCompile(`(?:^\s*(?:\p{Lu}\p{L}+\s*,|(?i:(?:hi|hey|hello)\s*,?\s*)?(?i:i'?m|i\s+am))|(?i:\bthis\s+is)\s+\p{L}+\s*,|(?i:\bi'?m|\bi\s+am))\s+(\p{Lu}[\p{L}-]*)['’]s\s+(?i:mum|mom|mother|dad|father|mama|papa|mummy|mommy|daddy)(?:\s*[.,!;(–—-]|\s*$|\s+here\b)`)

// --- an age said by a pronoun of a relative named before ----------------

// pronounAges35 gives the age a pronoun's clause says (pronounAgeRE, "she
// is 10", "He's 12 and beats me") to the one relative or pet the turn has
// named before it in that sentence or the one before, where pronounAges
// (outside.go) reads only the sentence
// the pronoun is in and takes a kin word after the name for another
// person: "Haruto is my grandson, he is 18", "My eldest, Barnaby, is
// obsessed. He's 12 and beats me", "my daughter Solongo wants to run the
// 5k with me, she's 12". No other person may be spoken of between the name
// and the pronoun but by the relative's own kin word, and the pronoun must
// agree with the kin word ("my brother Jan, she is 30" gives nothing).
func pronounAges35(text, speaker string, at time.Time, out []Fact) []Fact {
	if !pronounAgeCue35.MatchString(text) {
		return out
	}
	ct := clean(text)
	pos, prev := 0, 0
	var add []Fact
	for _, s := range sentences(ct) {
		start := pos
		if i := strings.Index(ct[pos:], s); i >= 0 {
			start = pos + i
			pos = start + len(s)
		}
		lead := len(s) - len(strings.TrimLeft(s, " \t\n"))
		start += lead
		from := prev // the name is said in this sentence or the one before
		prev = start
		s = strings.TrimRight(strings.TrimSpace(s), ".") // "he is 18.": the number ends the sentence
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		for _, loc := range pronounAgeRE.FindAllStringSubmatchIndex(s, -1) {
			g := strings.ToLower(s[loc[2]:loc[3]])
			before := ct[from : start+loc[0]]
			var who []string
			for _, f := range out {
				if f.Subject != speaker || f.Polarity != Positive || !isCapital(f.Claim) ||
					f.Claim == unnamedRelative(speaker, f.Predicate) || strings.Contains(f.Claim, "'s ") {
					continue
				}
				var own []string
				switch {
				case f.Predicate == "has_pet":
				case predFamily(f.Predicate) == "relation":
					if rg := relGender[f.Predicate]; rg != "" && rg != g {
						continue
					}
					own = ownKinWords35(f.Predicate)
				default:
					continue
				}
				if namedJustBefore35(before, f.Claim, own) {
					who = append(who, f.Claim)
				}
			}
			slices.Sort(who)
			who = slices.Compact(who)
			if len(who) != 1 {
				continue
			}
			has := func(x Fact) bool { return x.Subject == who[0] && x.Predicate == "age" }
			if slices.ContainsFunc(out, has) || slices.ContainsFunc(add, has) {
				continue
			}
			c := newClause(s[loc[0]:loc[1]], speaker, at)
			c.add(who[0], "age", ageDigits(s[loc[4]:loc[5]]), World, confFirst-22)
			add = append(add, c.facts...)
		}
	}
	return append(out, add...)
}

// kinGeneric35 maps a relation key to the one that says it without sex:
// "grandson" to "grandchild", "wife" to "partner".
var kinGeneric35 = map[string]string{"son": "child", "daughter": "child", "grandson": "grandchild", "granddaughter": "grandchild",
	"brother": "sibling", "sister": "sibling", "wife": "partner", "husband": "partner", "boyfriend": "partner", "girlfriend": "partner",
	"mother": "parent", "father": "parent", "grandmother": "grandparent", "grandfather": "grandparent"}

// ownKinWords35 are the kin words that may say the relative of key pred
// ("Haruto is my grandson" for the grandchild Haruto).
func ownKinWords35(pred string) []string {
	g := kinGeneric35[pred]
	if g == "" {
		g = pred
	}
	var ws []string
	for w, p := range relations {
		if (p == pred || p == g || kinGeneric35[p] == g) && !strings.Contains(w, " ") {
			ws = append(ws, w)
		}
	}
	return ws
}

// pronounAgeCue35: a cheap look for the words of pronounAgeRE before the
// turn's sentences are read (the sentence's full stop is cut first: "he
// is 18.").
var pronounAgeCue35 = regexp.MustCompile(`(?i)\bs?he(?:'s|’s|\s+is|\s+just\s+turned|\s+turn)\s+(?:only\s+|just\s+)?(?:\d|[a-z]+(?:teen|ty)?\b)`)

// namedJustBefore35 reports whether before names name with no other person
// spoken of after it but by the words own (the relative's kin words) and
// the speaker ("Haruto is my grandson, he is 18").
func namedJustBefore35(before, name string, own []string) bool {
	ws := strings.FieldsFunc(before, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' })
	nws := strings.Fields(name)
	last := -1
	for i := 0; i+len(nws) <= len(ws); i++ {
		ok := true
		for k, nw := range nws {
			w := strings.TrimSuffix(strings.TrimSuffix(ws[i+k], "'s"), "’s")
			if !strings.EqualFold(w, nw) {
				ok = false
				break
			}
		}
		if ok {
			last = i + len(nws) - 1
		}
	}
	if last < 0 {
		return false
	}
	for _, w := range ws[last+1:] {
		lw := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		if slices.Contains(own, lw) {
			continue
		}
		if personWord(lw) || otherPerson[lw] || isCapital(w) && !isStopName(w) && !lexPlaces.has(w) && !knownPlace(w) && !calendarName(w) && lw != "i" {
			return false
		}
	}
	return true
}

// --- the speaker's age said with words after it ------------------------

// ownAgeRE35: the speaker's age said as "I'm N" with more of the clause
// after it, where the rulebook reads it only as the whole clause ("I'm
// 68 with a stent so probably you pay less", "Umma I'm 29, not 49", "I'm
// 41, I want to be playing Bach"); a number that ends the sentence is
// the rulebook's ("I turned 30 in 2015 and now I'm 41." gives nothing,
// as TestInPassing holds). Group 1 the number. A word of measure
// after the number ("I'm 30 minutes late", "I'm 20 pages in") is no age:
// only the words listed may follow it.
var ownAgeRE35 = regexp.MustCompile(`(?i)(?:^|[^\p{L}'’])(?:i'?m|i’m|i\s+am)\s+(?:now\s+|already\s+|only\s+|just\s+)?(1[3-9]|[2-9]\d)(?:\s*[,;:)…]|\s+(?:and|with|but|so|now|already|lol|haha|lmao|too|this\s+year|years?\s+old)\b|\s+[^\x00-\x7F])`)

// ownAgeNotRE35: what before "I'm N" makes it no age the speaker is now:
// a time ahead or supposed ("Maybe when I'm 80", "if I'm 30 and single").
var ownAgeNotRE35 = regexp.MustCompile(`(?i)\b(?:when|whenever|if|till|until|once|by\s+the\s+time|before|after|unless|like|as\s+if|pretend)\s+$`)

// ownAge35 gives the speaker the age ownAgeRE35 reads, when the turn gives
// them none; a question, a condition and a quote give nothing.
func ownAge35(text, speaker string, at time.Time, out []Fact) []Fact {
	if !ownAgeRE35.MatchString(text) || slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Predicate == "age" }) {
		return out
	}
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") || condRE.MatchString(s) || hypoRE.MatchString(s) || strings.ContainsAny(s, "\"“”") {
			continue
		}
		m := ownAgeRE35.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		if i := m[0]; ownAgeNotRE35.MatchString(s[:i]) || s[i] != 'i' && s[i] != 'I' && ownAgeNotRE35.MatchString(s[:i+1]) {
			continue // "Maybe when I'm 80"
		}
		c := newClause(s, speaker, at)
		c.add(speaker, "age", s[m[2]:m[3]], World, confLoose-2)
		return append(out, c.facts...)
	}
	return out
}
