package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Work and identity said the ways casual chat says them (session 30, from
// the misses and spurious facts of the read sets: LoCoMo more, synthetic
// rounds 1–2, outside chat 1, 2 and 4).
//
// Identity:
//   - a named person's age said as a bare number after the name: "Maddie's
//     15 so …", "Tolu is 7 months", "Priya who is 8", "Kacper and Lena are
//     seven", "Her name is Lotte, she is 12";
//   - the speaker's age said without "I'm": "turned 40 on tuesday lol",
//     "47 and learning the piano", "61, laid off from the mill",
//     "Thirty-nine years old and still …", "At 59!";
//   - a birthday: "my birthday's the 14th", "Ella turns 7 on June 3",
//     "Meet Rosa, born 9th May", "our son Tom arrived on March 2nd" (not
//     "I turned 40 in March" nor "I'm turning 40 in October", which the
//     rules of sessions 24–26 leave at the age or at nothing).
//
// Filter: an age given to a word that is no one's name ("Dinner is 7",
// "Doctor is 30 years old, what does he know").

// work30 adds what the rules above read and drops what the filter says.
func work30(text, speaker string, at time.Time, out []Fact) []Fact {
	named := map[string]bool{}
	for _, f := range out {
		if f.Predicate == "has_pet" || predFamily(f.Predicate) == "relation" {
			named[f.Claim] = true
		}
	}
	// The turn's sentences, split once and only for a pass that reads them.
	var ct string
	var split []string
	sents := func() []string {
		if split == nil {
			ct = clean(text)
			split = sentences(ct)
		}
		return split
	}
	out = append(out, otherRoles30(text, sents, speaker, at, out)...)
	out = append(out, doingFor30(text, sents, speaker, at, out)...)
	out = slices.DeleteFunc(out, func(f Fact) bool {
		// "Dinner is 7", "Doctor is 30 years old, what does he know": a
		// word that is no one's name is given no age (a pet or a
		// relative the turn names keeps it: "Biscuit is 4")
		return f.Predicate == "age" && !named[f.Subject] && !strings.Contains(f.Subject, ":") && !strings.Contains(f.Subject, " ") &&
			!personName30(f.Subject, f.Subject)
	})
	if !hasNumberish30(text) {
		return out
	}
	var add []Fact
	has := func(subject, pred string) bool {
		f := func(x Fact) bool { return x.Subject == subject && x.Predicate == pred }
		return slices.ContainsFunc(out, f) || slices.ContainsFunc(add, f)
	}
	put := func(s, subject, pred, claim string, conf int) {
		if has(subject, pred) {
			return
		}
		c := newClause(s, speaker, at)
		c.add(subject, pred, claim, World, conf)
		add = append(add, c.facts...)
	}
	pos := 0
	for _, s := range sents() {
		if i := strings.Index(ct[pos:], s); i >= 0 {
			pos += i + len(s)
		}
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) || quotedRE30.MatchString(s) {
			continue
		}
		// "is 1.2 million": the sentence split inside a number gives no age
		inNumber := pos < len(ct) && ct[pos] >= '0' && ct[pos] <= '9'
		// The speaker's age and birthday.
		if m := turnedRE30.FindStringSubmatch(s); m != nil && !inNumber {
			put(s, speaker, "age", ageDigits(m[1]), confFirst-15)
		}
		if m := myBirthdayRE30.FindStringSubmatch(s); m != nil {
			put(s, speaker, "birthday", m[1], confFirst-12)
		}
		if m := bareAgeRE30.FindStringSubmatch(s); m != nil && !inNumber {
			if n := m[1] + m[2] + m[3]; plausibleAge30(n, 16) {
				put(s, speaker, "age", ageDigits(n), confFirst-18)
			}
		}
		// A named person's age and birthday.
		for _, m := range namedAgeRE30.FindAllStringSubmatch(s, -1) {
			who := m[1]
			if inNumber || !named[who] && !personName30(who, s) || !plausibleAge30(m[2], 0) {
				continue
			}
			if !named[who] && !lexNames.has(strings.Fields(who)[0]) && strings.HasPrefix(s, who) && !plausibleChild30(m[2]) {
				continue // "Vira is 45.": a name the lexicon lacks, opening the sentence, gets a child's age only (as outside.go)
			}
			claim := ageDigits(m[2])
			if u := strings.ToLower(m[3]); strings.HasPrefix(u, "month") {
				claim += " months"
			}
			put(s, who, "age", claim, confFirst-20)
		}
		if m := pairAgeRE30.FindStringSubmatch(s); m != nil && !inNumber && personName30(m[1], s) && personName30(m[2], s) && plausibleAge30(m[3], 0) {
			put(s, m[1], "age", ageDigits(m[3]), confFirst-20)
			put(s, m[2], "age", ageDigits(m[3]), confFirst-20)
		}
		if m := namedTurnsRE30.FindStringSubmatch(s); m != nil && personName30(m[1], s) {
			put(s, m[1], "birthday", m[3], confFirst-15)
		}
		if m := namedBornRE30.FindStringSubmatch(s); m != nil {
			who := m[1]
			if ws := strings.Fields(who); len(ws) == 2 && !personName30(who, s) {
				who = ws[1] // "Meet Rosa, born 9th May"
			}
			if personName30(who, s) {
				put(s, who, "birthday", m[2], confFirst-15)
			}
		}
	}
	// "Her name is Lotte, she is 12" / "she's 9 … her name's Efua".
	if nm := nameIsRE30.FindAllStringSubmatch(text, -1); len(nm) == 1 && personName30(nm[0][2], "") {
		g := "she"
		if strings.EqualFold(nm[0][1], "his") {
			g = "he"
		}
		for _, s := range sents() {
			s = strings.TrimRight(strings.TrimSpace(s), ".")
			if strings.HasSuffix(s, "?") {
				continue
			}
			for _, m := range pronounAgeRE.FindAllStringSubmatch(s, -1) {
				if strings.EqualFold(m[1], g) {
					put(s, nm[0][2], "age", ageDigits(m[2]), confFirst-22)
				}
			}
		}
	}
	return append(out, add...)
}

// hasNumberish30: the turn has a digit, a spelt number or a birth word;
// every rule of the pass needs one.
func hasNumberish30(text string) bool {
	if strings.ContainsAny(text, "0123456789") {
		return true
	}
	return numberWordRE30.MatchString(text)
}

var numberWordRE30 = regexp.MustCompile(`(?i)\b(?:born|birthday|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b`)

// quotedRE30: a sentence that quotes someone ("'Counsel, please state …'").
var quotedRE30 = regexp.MustCompile(`^["'“‘]`)

const (
	age30    = `(\d{1,2}|(?i:` + spelledAge + `))`
	date30   = `(?i:(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthRE + `|` + monthRE + `\s+\d{1,2}(?:st|nd|rd|th)?|the\s+\d{1,2}(?:st|nd|rd|th))\b`
	name30   = `(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)?)`
	ageEnd30 = `(?:\s+(?:now|already|today|this\s+year))?\s*(?:$|[,;:.!)](?:\s|$)|\s+(?:and|but|so|lol|haha|n|with)\b)`
	lead30   = `^(?i:(?:and|so|but|yeah|ya|well|also|honestly|lol|haha|oh|ok|okay|anyway|btw)[,!\s]+)*`
)

var (
	// "turned 40 on tuesday lol", "I just turned 30": the age.
	turnedRE30 = regexp.MustCompile(`(?i:(?:^|\bi\s+)(?:just\s+)?turned)\s+` + age30 + `(?i:\s+(?:last\s+(?:week|month|weekend|night)|this\s+(?:week|month|weekend|year)|yesterday|today|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\s*(?:$|[,;:.!]|\s+(?:and|lol|haha|so)\b))`)
	// "my birthday's the 29th", "my own birthday is 14 December".
	myBirthdayRE30 = regexp.MustCompile(`(?i:\bmy\s+(?:own\s+)?(?:birthday|bday)(?:'s|’s|\s+is)\s+(?:actually\s+)?(?:on\s+)?)(` + date30 + `)`)
	// "47 and learning the piano", "61, laid off from the mill",
	// "Thirty-nine years old and still …", "At 59!", "At 67 years I am …".
	bareAgeRE30 = regexp.MustCompile(lead30 + `(?:` + age30 + `(?:,\s*|\s+and\s+)(?i:made\s+redundant|laid\s+off|retired|divorced|widowed|single|unemployed|learning|still\s+(?:learning|working|single|going)|starting)\b` +
		`|` + `(` + `\d{2}|(?i:` + spelledAge + `))\s+(?i:years?\s+old\s+and)\b` +
		`|(?i:at)\s+(\d{2}|(?i:` + spelledAge + `))(?:\s+(?i:years?)(?:\s+(?i:old))?)?(?:\s*!|,?\s+(?i:i\s+am|i'm)\b))`)
	// "Maddie's 15 so …", "Tolu is 7 months", "Priya who is 8".
	namedAgeRE30 = regexp.MustCompile(`(?:^|[\s,(])` + name30 + `(?:'s|’s|\s+is|\s+who\s+is|\s+who's)\s+(?:only\s+|just\s+|now\s+|already\s+)?` + age30 + `(?:\s+((?i:years?|yrs?|months?))(?:\s+(?i:old))?)?` + ageEnd30)
	// "Kacper and Lena are seven".
	pairAgeRE30 = regexp.MustCompile(`(?:^|[\s,(])` + name30 + `\s+and\s+` + name30 + `\s+are\s+(?:both\s+)?` + age30 + `(?:\s+(?i:years?)(?:\s+(?i:old))?)?` + ageEnd30)
	// "Ella turns 7 on June 3", "Heilala turns 1 in july", "Tarjei's 30th
	// is on the 9th", "Embla's birthday is in March".
	namedTurnsRE30 = regexp.MustCompile(`(?:^|[\s,(])` + name30 + `(?:\s+turns\s+` + age30 + `\s+(?i:on|in)|(?:'s|’s)\s+(?:\d{1,2}(?:st|nd|rd|th)|(?i:birthday))\s+is(?:\s+(?i:on|in))?)\s+(` + date30 + `|(?i:` + monthRE + `)\b)`)
	// "Meet Rosa, born 9th May", "Meet Nizhoni, our daughter, born July
	// 19", "our son Tom arrived on March 2nd".
	namedBornRE30 = regexp.MustCompile(name30 + `(?:,\s+(?i:our|my)\s+(?i:son|daughter|baby(?:\s+(?:boy|girl))?|grandson|granddaughter|niece|nephew))?,?\s+(?i:(?:was\s+)?born|arrived)\s+(?i:on\s+)?(` + date30 + `)`)
	// "Her name is Lotte", "his name's Tom".
	nameIsRE30 = regexp.MustCompile(`(?i:\b(her|his)\s+name(?:'s|’s|\s+is)\s+)` + name30)
)

// notName30 are capitalised words that are no one's name.
var notName30 = setOf(`it this that there here he she they we you i what who which mine ours yours everything nothing something today tomorrow tonight
	mum mom dad mama papa grandma granny nan gran grandpa grandad baby bubs total price rent score room gate page chapter level year grade class
	dinner lunch breakfast kickoff practice training mass church school work check-in checkout pickup dropoff flight train bus game match
	monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december
	christmas easter eid diwali hanukkah number size one two three four five six seven eight nine ten plan version part step`)

// personName30 says w can be a person's (or a pet's) name: not a word of
// notName30, not a place, and not only capitalised because it opens the
// sentence s unless a known first name or no common word.
func personName30(w, s string) bool {
	first := strings.Fields(w)[0]
	if notName30[strings.ToLower(first)] || knownPlace(w) || lexOccupations.has(first) && lexCommon().has(first) {
		return false // "Doctor is 30 years old": a role, no name
	}
	if s != "" && strings.HasPrefix(s, w) && !lexNames.has(first) && lexCommon().has(first) {
		return false // "Dinner is 7": a word opening the sentence
	}
	return true
}

// plausibleChild30: the number can be a child's age.
func plausibleChild30(n string) bool { return plausibleAge30(n, 0) && !plausibleAge30(n, 18) }

// plausibleAge30: the number can be an age (at least min).
func plausibleAge30(n string, min int) bool {
	v, err := strconv.Atoi(ageDigits(n))
	return err == nil && v > 0 && v >= min && v < 110
}

// Work of a named third party (session 30): "my sister Perlita is in
// Calgary, she's a caregiver", "Her name is Wanjiru, she's a paediatric
// nurse at the Children's Hospital", "Chidinma wants to see the orchids,
// she's a botanist at Rice", "My brother Kwame is a pilot for Emirates".
// The pronoun stands for the one person the turn has named before it;
// a turn that named two, or none, gives nothing.

// otherRoleRE finds "she's a …", "he is …", "<Name> is a …" and reads
// what follows.
var otherRoleRE = regexp.MustCompile(`(?:\b(she|he|She|He)|` + name30 + `)(?:'s|’s|\s+is)\s+(?:also\s+|now\s+|still\s+|actually\s+)?(?:(?:an?|the)\s+)?(\p{L}.*)`)

// clauseNameRE: a name opening a sentence as the subject of a verb
// ("Chidinma wants …", "Konstantin's not that new").
var clauseNameRE = regexp.MustCompile(`^` + name30 + `(?:'s|’s|\s+\p{Ll}+s)\b`)

// turnNames is the names the turn gives people (the speaker's relatives
// and friends the rules read, and "his name is X"), each with "he" or "she"
// when its relation says which. otherRoles30 and theirStudies35 give a
// pronoun's clause to one of them.
func turnNames(text, speaker string, out []Fact) (known map[string]bool, gender map[string]string) {
	known, gender = map[string]bool{}, map[string]string{}
	for _, f := range out {
		if f.Subject == speaker && f.Polarity == Positive && predFamily(f.Predicate) == "relation" && isCapital(f.Claim) &&
			!strings.Contains(f.Claim, "'s ") && !relNotOne[f.Predicate] {
			known[f.Claim] = true
			gender[f.Claim] = relGender[f.Predicate]
		}
	}
	for _, m := range nameIsRE30.FindAllStringSubmatch(text, -1) {
		known[m[2]] = true
	}
	return known, gender
}

// otherRoles adds the jobs named third parties have.
func otherRoles30(text string, sents func() []string, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(text, " is ") && !strings.Contains(text, "'s ") && !strings.Contains(text, "’s ") {
		return nil
	}
	known, gender := turnNames(text, speaker, out)
	var add []Fact
	seen := map[string]bool{} // the names spoken of so far in the turn
	for _, s := range sents() {
		s = strings.TrimSpace(s)
		if m := clauseNameRE.FindStringSubmatch(s); m != nil && personName30(m[1], "") && !lexCommon().has(m[1]) {
			known[m[1]] = true
		}
		if strings.HasSuffix(s, "?") || condRE.MatchString(s) || quotedRE30.MatchString(s) {
			for k := range known {
				if strings.Contains(s, k) {
					seen[k] = true
				}
			}
			continue
		}
		for _, loc := range otherRoleRE.FindAllStringSubmatchIndex(s, -1) {
			before := s[:loc[0]]
			for k := range known {
				if strings.Contains(before, k) {
					seen[k] = true
				}
			}
			who := ""
			if loc[4] >= 0 {
				who = s[loc[4]:loc[5]]
				if !known[who] {
					continue // "Mark is a legend": only a name the turn gives a person
				}
			} else {
				if len(seen) != 1 {
					continue
				}
				for k := range seen {
					who = k
				}
				if g := gender[who]; g != "" && !strings.EqualFold(g, s[loc[2]:loc[3]]) {
					continue // "my brother Tom … she's a nurse"
				}
			}
			if negBeforeRE30.MatchString(s[loc[0]:]) {
				continue
			}
			role, rest := roleAt(strings.Fields(s[loc[6]:loc[7]]))
			if role == "" || !job(role) {
				continue
			}
			next := strings.Join(rest, " ")
			if !roleNextRE.MatchString(next) {
				continue
			}
			c := newClause(s, speaker, at)
			c.add(who, "job_title", role, World, confLoose)
			if p, ok := cutAny30(next, "at ", "for ", "with "); ok {
				o, _ := workplaceAt(p)
				if body := strings.TrimPrefix(p, "the "); isCapital(body) && !knownPlace(firstWords30(body)) {
					o = org(body) // "at the Alberta Children's Hospital"
				}
				if o != "" && o != who && !known[o] {
					c.add(who, "works_at", o, World, confLoose-2)
				}
			}
			add = append(add, c.facts...)
		}
		for k := range known {
			if strings.Contains(s, k) {
				seen[k] = true
			}
		}
	}
	return slices.DeleteFunc(add, func(f Fact) bool {
		return slices.ContainsFunc(out, func(x Fact) bool { return x.Subject == f.Subject && x.Predicate == f.Predicate })
	})
}

// firstWords30 is s up to its first mark or lower-case word.
func firstWords30(s string) string {
	var ws []string
	for _, w := range strings.Fields(s) {
		t := strings.TrimRight(w, `,.!?;:`)
		if !isCapital(t) {
			break
		}
		ws = append(ws, t)
		if t != w {
			break
		}
	}
	return strings.Join(ws, " ")
}

// negBeforeRE30: "he's not a chef", "she is no longer a nurse".
var negBeforeRE30 = regexp.MustCompile(`(?i)^\S+(?:'s|’s|\s+is)\s+(?:not|no\s+longer|never)\b`)

// cutAny30 cuts the first of the prefixes s starts with.
func cutAny30(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if r, ok := strings.CutPrefix(s, p); ok {
			return r, true
		}
	}
	return "", false
}

// Work said by what one does and for whom (session 30): "doing payroll for
// a construction mob now", "doing logistics at the Michelin plant",
// "I'm doing online tutoring for a Canadian company". The field and the
// place of work; not a chore ("doing homework at the library"), a one-off
// ("doing a talk at the museum") or someone's errand ("doing some
// shopping for my mum").
var doingForRE30 = regexp.MustCompile(`(?i)(?:^|[,;:]\s*|\b(?:i'm|im|i\s+am|been|now|still|currently|mostly)\s+)doing\s+([a-z][\w&/-]*(?:\s+[a-z][\w&/-]*){0,2}?)\s+(?:for|at|with)\s+(.+)`)

// doingNotWork30 are first words of what one does that is no field of work.
var doingNotWork30 = setOf(`a an the my our your his her their this that these those some any lots lot nothing something stuff things everything
	homework laundry shopping errands chores yoga pilates karaoke drinks lunch dinner brunch breakfast volunteering time well ok okay fine good great
	badly shifts nights overtime cover`)

// doingNotHere30: the words before "doing" put it off, deny or wish it.
var doingNotHere30 = regexp.MustCompile(`(?i)\b(?:not|never|n't|will|'ll|gonna|going\s+to|would|might|could|should|maybe|hope|hoping|want|wanna|wish|if|used\s+to|was|were|thinking\s+of|thinking\s+about)\b`)

// extraWorkplace30 are places of work chat names by what they are that
// workplaceNoun lacks.
var extraWorkplace30 = setOf(`mob outfit consultancy charity nonprofit ngo hospice chain franchise`)

func doingFor30(text string, sents func() []string, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "doing ") {
		return nil
	}
	if slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Predicate == "works_at" && f.Polarity == Positive }) {
		return nil // the turn's place of work is read already
	}
	var add []Fact
	for _, s := range sents() {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		loc := doingForRE30.FindStringSubmatchIndex(s)
		if loc == nil || doingNotHere30.MatchString(s[:loc[2]]) {
			continue
		}
		field := s[loc[2]:loc[3]]
		if doingNotWork30[strings.ToLower(strings.Fields(field)[0])] {
			continue
		}
		o := workplace30(s[loc[4]:loc[5]])
		if o == "" {
			continue
		}
		c := newClause(s, speaker, at)
		c.add(speaker, "works_at", o, World, confLoose-4)
		c.add(speaker, "works_in_field", field, World, confLoose-6)
		add = append(add, c.facts...)
	}
	return add
}

// workplace30 reads the place of work at the start of s: workplaceAt's,
// or a place named by a word of extraWorkplace30 with up to two words
// before it ("a construction mob").
func workplace30(s string) string {
	if o, _ := workplaceAt(s); o != "" && !lexNationalities.has(o) {
		return o
	}
	ws := strings.Fields(strings.TrimSpace(s))
	if len(ws) > 0 && articleRE.MatchString(ws[0]+" ") {
		ws = ws[1:]
	}
	for k := 0; k < len(ws) && k < 3; k++ {
		word := strings.TrimRight(ws[k], `,.!?;:`)
		if w := strings.ToLower(word); extraWorkplace30[w] || workplaceNoun[w] {
			return strings.Join(append(ws[:k:k], word), " ")
		}
		if word != ws[k] {
			break
		}
	}
	return ""
}
