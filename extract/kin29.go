package extract

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Relatives and work of session 29 (helper h29-kin), from the misses and
// spurious facts of locomo_more.jsonl, the read synthetic rounds and the
// outside sets. Cases in kin29_test.go.

// kinNameRE: a relative of the speaker's named right after the kin word,
// however the name is written: in lower case as texting writes it ("my
// cousin rocío, she runs a travel company", "my sister sbu used to take
// her"), after "late" ("My late wife June always said"), or named by "is
// called" ("my little sister is called asal"). Group 1 is the kin word,
// group 2 the name.
var kinNameRE *regexp.Regexp

// myKinRE: a relative said as the speaker's own ("my wife", "our
// youngest"), not one spoken to ("Mum, …").
var myKinRE *regexp.Regexp

// namingRE: a name given in words of naming, which the naming rules read
// ("her name is Ronja", "a cat called Luna").
var namingRE = regexp.MustCompile(`(?i)\b(?:name|names|named|called)\b`)

func init() {
	var kin []string
	for w := range relations {
		if !strings.ContainsAny(w, " -") {
			kin = append(kin, regexp.QuoteMeta(w))
		}
	}
	sort.Slice(kin, func(i, j int) bool { return len(kin[i]) > len(kin[j]) || len(kin[i]) == len(kin[j]) && kin[i] < kin[j] })
	myKinRE = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:(?:late|little|lil|big|older|elder|younger|baby|eldest|oldest|youngest|dear|twin|new)\s+)?(?:` +
		strings.Join(kin, "|") + `)\b`)
	kinNameRE = regexp.MustCompile(`(?i)\bmy\s+(?:(?:late|little|lil|big|older|elder|younger|baby|eldest|oldest|youngest|dear|twin)\s+)?(` +
		strings.Join(kin, "|") + `)(?:\s+(?:is|'s|’s)\s+(?:called|named)|\s+(?:called|named))?\s+([\p{L}][\p{L}'’-]*)`)
}

// kinNameWord reports whether w, said right after a kin word, is the
// relative's name: a word no list of English words holds, in any case, or
// a capitalised given name; not a day, a pronoun, a kin word or a word of
// texting. A month is a name here only with no number after it ("my late
// wife June always said", not "my mum June 5th").
func kinNameWord(w, after string) bool {
	lw := strings.ToLower(w)
	if utf8.RuneCountInString(w) < 3 || textingWords[lw] || pronoun[lw] || stopWords[w] || relKey(lw) != "" || isPet(lw) {
		return false
	}
	if _, wd := weekdays[lw]; wd {
		return false
	}
	if _, mo := months[lw]; mo && (len(lw) <= 3 || startsWithDigit(strings.TrimSpace(after))) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w)
	if unicode.IsUpper(r) {
		if rest := w[utf8.RuneLen(r):]; rest != "" && strings.ToUpper(rest) == rest && lexCommon().has(lw) {
			return false // "MY WIFE HAS …": a word in capitals, no name
		}
		return !lexCommon().has(lw) || lexNames.has(w)
	}
	return !lexCommon().has(lw) && !lexNationalities.has(lw) && !strings.ContainsAny(w, "'’")
}

// unnamedKin is the index of the one fact of out that gives the speaker a
// relative of key with no name, or -1 (none, or two).
func unnamedKin(out []Fact, speaker, key string) int {
	at := -1
	for i, f := range out {
		if f.Subject != speaker || f.Predicate != key || f.Polarity != Positive || f.Claim != unnamedRelative(speaker, key) {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = i
	}
	return at
}

// nameRelative writes name for the relative of out[i], and for what the
// turn said of that relative ("Me's cousin owns a travel company").
func nameRelative(out []Fact, i int, name string) {
	old := out[i].Claim
	for j := range out {
		if out[j].Subject == old {
			out[j].Subject = name
		}
	}
	out[i].Claim = name
}

// kinNamed29 names the relatives a turn gave with no name when the kin word
// has the name right after it in a form the rules read as no name: in
// lower case ("my cousin rocío"), a name that is also a month or a place
// ("My late wife June", "my wife Odessa played the organ"), or after "is
// called" ("my little sister is called asal").
func kinNamed29(text, speaker string, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "my ") {
		return out
	}
	t := captionRE.ReplaceAllString(text, "")
	for _, loc := range kinNameRE.FindAllStringSubmatchIndex(t, -1) {
		kin, n, after := t[loc[2]:loc[3]], t[loc[4]:loc[5]], t[loc[5]:]
		key := relKey(kin)
		if key == "" || key == "friend" || relNotOne[key] {
			continue
		}
		n = strings.TrimRight(n, "'’-")
		if !kinNameWord(n, after) || strings.HasPrefix(after, "'") || strings.HasPrefix(after, "’") {
			continue // "my sister Mary's car": Mary is named there, by the rules
		}
		i := unnamedKin(out, speaker, key)
		if i < 0 {
			continue
		}
		taken := false
		for _, f := range out {
			taken = taken || strings.EqualFold(f.Claim, n)
		}
		if !taken {
			nameRelative(out, i, n)
		}
	}
	return out
}

// capRunRE: a run of capitalised words, a name as written ("Leilani",
// "Dr Okonjo", "Ben Alder").
var capRunRE = regexp.MustCompile(`\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)*`)

// addressLeadRE: the words that put a name in address before it ("Hey
// John", "thanks Mia", "Morning Sam").
var addressLeadRE = regexp.MustCompile(`(?i)(?:^|[\s,.!])(?:hey|hi|hello|hiya|yo|thanks|thank\s+you|ty|dear|morning|evening|night|congrats|congratulations|ok|okay|sorry|bye|cheers|welcome|aw|aww|omg|oh|wow|haha|lol)[,!.\s]*$`)

// withMeRE: a name said as the one the speaker did something with ("Callum
// and I did Ben Alder", "me and Marzena").
var withMeRE = regexp.MustCompile(`(?i)^\s+and\s+(?:i|me)\b`)

// loneKinName names the one relative a turn gave with no name by the one
// person's name the turn says elsewhere: "Leilani had a small stroke in
// August … My wife is tougher than me", "Faizal says I should rest more.
// My husband has opinions", "thats Timoci!! my husband!! 30 yrs!!",
// "Obinna was my twin", "Samantha loves theater, I asked her to become my
// girlfriend". A name is a capitalised word (or run of them) no list of
// English words holds, not a place, a nationality, a day or a month, not
// the speaker's own, not one spoken to ("Hey John", "Bowen! …"), and not
// one another fact of the turn already names (a pet, a friend). Two names,
// or two relatives with no name, give nothing; of two names, the one the
// speaker did something with ("Callum and I did Ben Alder") is taken.
func loneKinName(text, speaker string, out []Fact) []Fact {
	i := -1
	for j, f := range out {
		if f.Subject != speaker || f.Polarity != Positive || predFamily(f.Predicate) != "relation" || f.Predicate == "friend" ||
			f.Claim != unnamedRelative(speaker, f.Predicate) {
			continue
		}
		if i >= 0 || relNotOne[f.Predicate] && f.Predicate != "sibling" {
			return out
		}
		i = j
	}
	if i < 0 {
		return out
	}
	t := strings.TrimSpace(captionRE.ReplaceAllString(text, ""))
	if namingRE.MatchString(t) || !myKinRE.MatchString(t) {
		return out // "Her name is Ronja": the naming rules' own; "Mum, Ruth and I …": Mum spoken to
	}
	for _, w := range strings.Fields(strings.ToLower(t)) {
		if isPet(strings.Trim(w, `,.!?;:'"`)) {
			return out // "My neighbour has a cat, Luna": the pet's name, most likely
		}
	}
	if out[i].Predicate == "sibling" && siblingsRE.MatchString(t) {
		return out
	}
	claimed := map[string]bool{strings.ToLower(displayName(speaker)): true}
	for _, f := range out {
		claimed[strings.ToLower(f.Claim)] = true
		claimed[strings.ToLower(f.Subject)] = f.Subject != speaker && predFamily(f.Predicate) == "relation" // another's relative
	}
	var names, withMe []string
	for _, loc := range capRunRE.FindAllStringIndex(t, -1) {
		n := t[loc[0]:loc[1]]
		ws := strings.Fields(n)
		// a run opening a sentence may begin with a word that is no name
		// ("Yes Temuulen", "Thanks Dave"): drop the common words before it
		for len(ws) > 0 && (lexCommon().has(contractionRE.ReplaceAllString(ws[0], "")) || stopWords[ws[0]] || pronoun[strings.ToLower(ws[0])]) && !lexNames.has(ws[0]) {
			ws = ws[1:]
		}
		if len(ws) == 0 {
			continue
		}
		n = strings.Join(ws, " ")
		start := loc[1] - len(n)
		lw := strings.ToLower(n)
		if claimed[lw] || knownPlace(n) || lexNationalities.has(lw) || relKey(lw) != "" || stopWords[n] {
			continue
		}
		if calendarName(n) {
			if !placeLeadRE.MatchString(t[:start]) && !startsWithDigit(strings.TrimSpace(t[loc[1]:])) {
				names = append(names, "\x00"+n) // "Tariq and Jun came over": June is a name too
			}
			continue // "in August", "on Monday"
		}
		if len(ws) == 1 && (lexCommon().has(lw) || utf8.RuneCountInString(n) < 3) {
			continue // "Rose", "Will": a word as often as a name
		}
		before := t[:start]
		if len(ws) > 1 && !kinTitle[strings.ToLower(strings.TrimSuffix(ws[0], "."))] || placeLeadRE.MatchString(before) {
			// "Notre Dame was stunning", "Ben Alder", "dinner at Kometen":
			// a place or a thing, most likely; it leaves the name unsure
			names = append(names, "\x00"+n)
			continue
		}
		if addressLeadRE.MatchString(before) || strings.TrimSpace(before) == "" && strings.HasPrefix(strings.TrimSpace(t[loc[1]:]), "!") ||
			strings.HasPrefix(strings.TrimSpace(t[loc[1]:]), ",") && strings.TrimSpace(before) == "" || strings.HasSuffix(strings.TrimSpace(before), "@") {
			continue // "Hey John", "Bowen! My daughter …", "Ifeoluwa, the fabric has arrived": the one spoken to
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
		if withMeRE.MatchString(t[loc[1]:]) || meAndRE.MatchString(before) {
			withMe = append(withMe, n)
		}
	}
	switch {
	case len(names) == 1 && !strings.HasPrefix(names[0], "\x00"):
		nameRelative(out, i, names[0])
	case len(withMe) == 1:
		nameRelative(out, i, withMe[0])
	}
	return out
}

// meAndRE: "me and Marzena".
var meAndRE = regexp.MustCompile(`(?i)\bme\s+and\s+$`)

// siblingsRE: more than one sibling spoken of.
var siblingsRE = regexp.MustCompile(`(?i)\b(?:siblings|brothers|sisters|twins)\b`)

// contractionRE: the ending a pronoun or verb takes in "She's", "We'll".
var contractionRE = regexp.MustCompile(`(?i)['’](?:s|re|ll|d|ve|m|t)$`)

// kinTitle are the titles a person's name may follow ("Dr Okonjo").
var kinTitle = map[string]bool{"dr": true, "mr": true, "mrs": true, "ms": true, "miss": true, "prof": true, "professor": true,
	"auntie": true, "aunty": true, "uncle": true, "aunt": true}

// placeLeadRE: the words that put a name as a place or a thing ("to
// Lagos", "at Kometen", "the Munros").
var placeLeadRE = regexp.MustCompile(`(?i)\b(?:to|in|at|from|near|on|into|around|of|the|a|an|visited|visit|via|through|across|towards?)\s+$`)

// workPred are the predicates of one's work that the labelled sets give
// only to the speaker or a named person.
var workPred = map[string]bool{"works_at": true, "job_title": true, "studies": true, "studies_at": true,
	"volunteers_at": true, "works_in_field": true, "started_job": true, "lost_job": true, "promoted": true, "retired": true}

// notAJob are nouns said after "I'm a" that name no occupation: "i am a
// professional" (at building torches in a game), "I'm a natural".
var notAJob = map[string]bool{"professional": true, "pro": true, "natural": true, "expert": true, "beginner": true,
	"amateur": true, "newbie": true, "rookie": true, "novice": true, "alto": true, "soprano": true, "tenor": true,
	"baritone": true, "mezzo": true}

// modifierHeadRE: a noun after a workplace's word that makes the word a
// modifier of something else ("the company futsal team", "a bank app").
var modifierHeadRE = regexp.MustCompile(`(?i)^\s+(?:app|apps|team|teams|league|account|card|loan|mortgage|party|website|site|holiday|picnic|retreat|outing|trip|event|futsal|football|soccer|softball|cricket|choir|band|club|newsletter|group|chat|phone|laptop|car|pension|insurance|shares|stock|merch|swag|hoodie|badge|email)\b`)

// workFilter29 leaves out work facts the turn does not state:
//   - a workplace's word that modifies another noun ("i quit the company
//     futsal team", "a software tester for a bank app") and a bare plural
//     one works for ("a sound designer for games"): no employer;
//   - "I'm a professional", "I am an alto": no occupation;
//   - a job or workplace read as ahead of the turn ("I'll grab it at work
//     I'm a pharmacist at the Boots"): the labels give none;
//   - a job begun named only "job" takes the one workplace the turn names
//     ("got a new job, im at Technodom now").
func workFilter29(text, speaker string, out []Fact) []Fact {
	lt := strings.ToLower(text)
	works := map[string]bool{}
	for _, f := range out {
		if f.Predicate == "works_at" {
			works[f.Claim] = true
		}
	}
	out = slices.DeleteFunc(out, func(f Fact) bool {
		if !workPred[f.Predicate] {
			return false
		}
		if f.Predicate == "works_at" {
			for w := range works {
				if tail, ok := strings.CutPrefix(f.Claim, w+" "); ok && objectTailRE.MatchString(tail) {
					return true // "the night shifts at the tram depot ate me": the depot
				}
			}
		}
		if f.Subject != speaker {
			return false
		}
		lc := strings.ToLower(f.Claim)
		switch f.Predicate {
		case "works_at":
			if f.Kind == Foresight && f.Polarity == Positive {
				return true
			}
			if !strings.Contains(lc, " ") && modifiedEverywhere(lt, lc) {
				return true
			}
			if lc == f.Claim && strings.HasSuffix(lc, "s") && !strings.Contains(lc, " ") && strings.Contains(lt, "for "+lc) &&
				!strings.Contains(lt, "for the "+lc) {
				return true // "a sound designer for games"
			}
		case "job_title":
			return f.Kind == Foresight || notAJob[lc]
		}
		return false
	})
	employer := "" // the one workplace left after the filter, "\x00" for more than one
	for _, f := range out {
		if f.Predicate == "works_at" && f.Subject == speaker && f.Polarity == Positive && f.Kind == World {
			if employer != "" && employer != f.Claim {
				employer = "\x00"
			} else {
				employer = f.Claim
			}
		}
	}
	if employer != "" && employer != "\x00" {
		for i, f := range out {
			if f.Predicate == "started_job" && f.Subject == speaker && f.Claim == "job" {
				out[i].Claim = employer
			}
		}
	}
	return out
}

// modifiedEverywhere reports whether every "w" of lt is followed by a noun
// it modifies ("company futsal team").
func modifiedEverywhere(lt, w string) bool {
	found := false
	for i := 0; ; {
		j := strings.Index(lt[i:], w)
		if j < 0 {
			return found
		}
		at := i + j + len(w)
		if (i+j == 0 || !isWordByte(lt[i+j-1])) && (at == len(lt) || !isWordByte(lt[at])) {
			if !modifierHeadRE.MatchString(lt[at:]) {
				return false
			}
			found = true
		}
		i = at
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}

// shiftAtRE: one's shifts at a place of work: "did a closing shift at the
// bar", "the night shifts at the tram depot ate me", "I have a shift
// Monday at the hospital", "I'm on nights that whole week at Landspítali",
// "I work rotating shifts at the hospital". Group 1 the words between,
// group 2 what follows "at" or "in".
var shiftAtRE = regexp.MustCompile(`(?i)\b(?:(?:(?:closing|opening|double|early|late|morning|evening|weekend|night|day|long|rotating|split|extra|sunday|saturday)\s+)?shifts?|(?:on|working|doing|work)\s+nights)\b((?:\s+[\p{L}\d'’-]+){0,4}?)\s+(?:at|in)\s+(.+)`)

// othersWorkRE: words before the shifts that make them another's ("my
// husband's shifts", "she did a shift at …", "your shift").
var othersWorkRE = regexp.MustCompile(`(?i)\b(?:he|she|they|his|her|their|you|your|u|ur|him|them)\b|\x01`)

// roleForRE: "for" after a role, the employer after it.
var roleForRE = regexp.MustCompile(`(?i)^for\s+(.+)`)

func init() {
	rules = append(rules,
		// One's shifts at a place of work: the work there.
		rawRule(shiftAtRE.String(), 2, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate && c.date.After(day(c.at)) {
				return
			}
			i := strings.Index(c.raw, m[0])
			if i < 0 {
				return
			}
			lead := c.raw[:i]
			if othersWorkRE.MatchString(lead) || strings.Contains(strings.ToLower(m[1]), " for ") || kinLeadWork(lead) ||
				shiftRoleRE.MatchString(m[1]) || strings.Contains(m[2], "\x01") || kinLeadWork(firstWords(m[2], 3)) {
				return // "my husband does night shifts at the plant", "his shift at the bar"
			}
			o, _ := workplaceAt(m[2])
			if o == "" || strings.EqualFold(o, "home") || strings.HasPrefix(o, "\x01") {
				return
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}),
		// A role said of oneself with whom one does it for: "I'm a tram
		// driver for the RET", "I am truck driver for Maple Leaf Freight
		// since 6 years", "I'm the bookkeeper for a coffee farm": the
		// employer. Not "a taxi driver for my kids", not "for 38 years".
		rule{re: ownRoleRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			role, rest := roleAt(strings.Fields(m[1]))
			after := strings.Join(rest, " ")
			fm := roleForRE.FindStringSubmatch(after)
			if role == "" || fm == nil || forOwnRE.MatchString(after) || yearsForRE.MatchString(after) {
				return
			}
			o, _ := workplaceAt(fm[1])
			if o == "" || strings.Contains(o, "\x01") || personWord(o) || o == "company" {
				return
			}
			c.add(c.speaker, "works_at", o, World, confThird-4)
		}},
	)
}

// kinLeadWork reports whether the words before the shifts name a relative
// as the one who works them ("my husband does …").
func kinLeadWork(lead string) bool {
	for _, m := range myWordRE.FindAllStringSubmatch(lead, -1) {
		if relKey(m[1]) != "" {
			return true
		}
	}
	return false
}

// myWordRE: the word after "my".
var myWordRE = regexp.MustCompile(`(?i)\bmy\s+([\p{L}-]+)`)

// objectTailRE: words after a workplace that are a clause of their own,
// with a pronoun in it ("ate me").
var objectTailRE = regexp.MustCompile(`(?i)\b(?:me|us|him|her|them|it|my|our)\b`)

// shiftRoleRE: a role named by the shift ("shift lead at the shop").
var shiftRoleRE = regexp.MustCompile(`(?i)^\s+(?:lead|leader|manager|supervisor|boss|worker|workers|swap|change|pattern)\b`)

// firstWords is the first n words of s.
func firstWords(s string, n int) string {
	ws := strings.Fields(s)
	return strings.Join(ws[:min(n, len(ws))], " ")
}

// foreignKin are kin words of other languages that chat in English keeps
// for family ("my tía carmela", "my akka", "me and my halmeoni"): after
// "my" (myLeadRE) each is a relative of the speaker's. Words that English chat uses
// for other things or in jest are left out ("mama", "papi", "baba", "bro",
// "ate", "anna", "tata", "tutu", "nan").
var foreignKin = map[string]string{
	"tía": "aunt", "tia": "aunt", "tita": "aunt", "chithi": "aunt", "khalto": "aunt", "khala": "aunt", "tante": "aunt",
	"zia": "aunt", "ciocia": "aunt", "teyze": "aunt", "masi": "aunt", "bua": "aunt",
	"tío": "uncle", "tio": "uncle", "tito": "uncle", "zio": "uncle", "wujek": "uncle", "amca": "uncle", "chacha": "uncle",
	"abuela": "grandmother", "abuelita": "grandmother", "nonna": "grandmother", "oma": "grandmother", "yiayia": "grandmother",
	"giagia": "grandmother", "teta": "grandmother", "babcia": "grandmother", "babciu": "grandmother",
	"babushka": "grandmother", "paati": "grandmother", "patti": "grandmother", "ammamma": "grandmother", "nani": "grandmother",
	"dadi": "grandmother", "halmeoni": "grandmother", "halmoni": "grandmother", "obaachan": "grandmother", "vovó": "grandmother",
	"abuelo": "grandfather", "abuelito": "grandfather", "nonno": "grandfather", "opa": "grandfather", "papou": "grandfather",
	"pappou": "grandfather", "dziadek": "grandfather", "dziadku": "grandfather", "jiddo": "grandfather",
	"thatha": "grandfather", "harabeoji": "grandfather", "ojiichan": "grandfather", "vovô": "grandfather",
	"mamita": "mother", "mãe": "mother", "ammi": "mother", "abba": "father", "abbu": "father",
	"hermanita": "sibling", "hermanito": "sibling", "noona": "sibling", "unnie": "sibling", "hyung": "sibling",
	"akka": "sibling", "thambi": "sibling", "didi": "sibling", "kuya": "sibling",
}

// foreignKinLowerOnly are the words that are also given names when
// capitalised ("Tia", "Lola", "Patti", "Nani", "Oma" stays).
var foreignKinLowerOnly = map[string]bool{"tia": true, "tio": true, "tito": true, "patti": true,
	"nani": true, "tita": true, "zia": true, "didi": true, "abba": true, "opa": true, "dadi": true, "masi": true, "bua": true}

// foreignKinRE finds a word of foreignKin with the word before it.
var foreignKinRE *regexp.Regexp

func init() {
	var ws []string
	for w := range foreignKin {
		ws = append(ws, regexp.QuoteMeta(w))
	}
	sort.Slice(ws, func(i, j int) bool { return len(ws[i]) > len(ws[j]) || len(ws[i]) == len(ws[j]) && ws[i] < ws[j] })
	foreignKinRE = regexp.MustCompile(`(?i)(?:^|[^\p{L}'’])(` + strings.Join(ws, "|") + `)(?:$|[^\p{L}])`)
}

// myLeadRE: the kin word said as the speaker's own ("my tía carmela",
// "my akka is getting married", "to my halmeoni's for lunch"). Said bare
// ("thanks tía", "Paati is getting old", "ok abuelo", "Parabéns, vovô!")
// the word is as often another's or the speaker's own self, and added a
// wrong fact in three of ten on the kept-back sets.
var myLeadRE = regexp.MustCompile(`(?i)\b(?:my|our|mi|me\s+and|me\s+n)\s+(?:(?:little|lil|big|older|elder|younger|baby|eldest|oldest|youngest|dear|late|beloved)\s+)?$`)

// kinCompoundRE: a kin word that modifies what follows ("nonna-proof",
// "halmeoni food", "abuela vibes").
var kinCompoundRE = regexp.MustCompile(`(?i)^(?:-|\s+(?:food|style|recipe|recipes|vibes|energy|approved|mode|level|proof|cooking|hands|hugs|core|aesthetic|sweater|era)\b)`)

// kinFollowNameRE: the name right after a kin word ("tía carmela").
var kinFollowNameRE = regexp.MustCompile(`^\s+([\p{L}][\p{L}'’-]*)`)

// foreignKinFacts gives the speaker the relatives the turn names by a kin
// word of another language after "my" (myLeadRE).
func foreignKinFacts(text, speaker string, at time.Time, out []Fact) []Fact {
	t := captionRE.ReplaceAllString(text, "")
	if !foreignKinRE.MatchString(t) {
		return out
	}
	have := map[string]bool{}
	for _, f := range out {
		if f.Subject == speaker && predFamily(f.Predicate) == "relation" {
			have[f.Predicate] = true
		}
	}
	for _, loc := range foreignKinRE.FindAllStringSubmatchIndex(t, -1) {
		w := t[loc[2]:loc[3]]
		lw := strings.ToLower(w)
		key := foreignKin[lw]
		after := t[loc[3]:]
		if key == "" || have[key] || foreignKinLowerOnly[lw] && w != lw ||
			kinCompoundRE.MatchString(after) || !myLeadRE.MatchString(t[:loc[2]]) {
			continue // "your abuela", "nonna-proof Italian", "halmeoni food"
		}
		have[key] = true
		claim := unnamedRelative(speaker, key)
		if m := kinFollowNameRE.FindStringSubmatch(after); m != nil && kinNameWord(m[1], after[len(m[0]):]) {
			claim = m[1] // "my tía carmela called me", "Khalto Nawal, can I bring …"
		}
		out = append(out, Fact{Subject: speaker, Predicate: key, Claim: claim, Kind: World,
			Polarity: Positive, ValidFrom: at, Confidence: confLoose - 8, Speaker: speaker})
	}
	return out
}

// namedRoleRE: a role said of someone: "Golnar is a face painter
// actually", "she's a caregiver". Group 1 who, group 2 what follows the
// article.
var namedRoleRE = regexp.MustCompile(`(?:^|[\s,;(])([\p{Lu}][\p{L}'’-]*|[Ss]he|[Hh]e)(?:\s+is|['’]s)\s+(?:(?:also|actually|now|still|just)\s+)?(?:an?)\s+([^.!?;]+)`)

// roleTailRE: what may follow a role said of a named person.
var roleTailRE = regexp.MustCompile(`(?i)^(?:$|[,.!;:(]|(?:there|here|now|actually|too|at|in|and|so|but|lol|haha)\b)`)

// namedRoles29 gives a person the turn names as a relative or friend the
// role the turn says of them, with words after it the rules leave ("my
// sister Golnar is a face painter actually", "my cousin Reda is a lab tech
// there", "my sister Perlita is in Calgary, she's a caregiver"). "she" and
// "he" stand for the one person the turn names so; with two, nothing.
func namedRoles29(text, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(text, " a") {
		return out
	}
	var people []string
	for _, f := range out {
		if f.Subject == speaker && f.Polarity == Positive && predFamily(f.Predicate) == "relation" && isCapital(f.Claim) &&
			!strings.Contains(f.Claim, "'s ") && !slices.Contains(people, f.Claim) {
			people = append(people, f.Claim)
		}
	}
	if len(people) == 0 {
		return out
	}
	has := map[string]bool{}
	for _, f := range out {
		if f.Predicate == "job_title" {
			has[f.Subject] = true
		}
	}
	t := captionRE.ReplaceAllString(text, "")
	for _, m := range namedRoleRE.FindAllStringSubmatch(t, -1) {
		who := m[1]
		if lw := strings.ToLower(who); lw == "she" || lw == "he" {
			if len(people) != 1 || !pronounFits(out, speaker, people[0], lw) {
				continue // two named, or "my brother Tomas … she's a nurse"
			}
			who = people[0]
		} else if !slices.Contains(people, who) {
			continue
		}
		if has[who] {
			continue
		}
		role, rest := roleAt(strings.Fields(m[2]))
		after := strings.Join(rest, " ")
		if role == "" || !roleTailRE.MatchString(after) {
			continue
		}
		has[who] = true
		out = append(out, Fact{Subject: who, Predicate: "job_title", Claim: role, Kind: World, Polarity: Positive,
			ValidFrom: at, Confidence: confThird - 4, Speaker: speaker})
	}
	return out
}
