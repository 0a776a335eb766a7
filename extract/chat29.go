package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"
)

// Work said without "I work at" (session 29): "still at X" after a job
// is spoken of, "N years at X", "As a writer, my laptop is …", "fifteen
// years as a luthier".

// stillAtRE: one's place of work still held, the clause opening with it
// or with "I'm": "Still at gmp, working on …", "I'm still at Joben",
// "still with Northcott Freight, eleven years now".
var stillAtRE = regexp.MustCompile(`(?i:^(?:(?:yeah|yes|ya|yep|no|nope|nah|ha|haha|lol|well|oh|so|and|but|me)[,!.\s]+)*(?:(?:i'm|im|i\s+am)\s+)?(?:still\s+(?:at|with)))\s+(.+)`)

// stillWorkCueRE: what after the place shows it is a job: work done
// there ("working on …", "still writing copy"), or how long ("eleven
// years now").
var stillWorkCueRE = regexp.MustCompile(`(?i)^\s*[,;-]?\s*(?:(?:still|mostly|now|just)\s+)?(?:working|writing|making|doing|teaching|building|designing|coding|selling|managing|running|developing|testing|leading|fixing|driving|cooking|serving|nursing|programming|editing|planning)\b|^\s*[,;-]?\s*(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)\s+years?\s+now\b`)

// yearsAtRE: "almost five years at Sunforge Software", "38 years at HKL
// driving trams"; yearsAsRE: "fifteen years as a luthier", "10 years as
// a contractor at ING".
var yearsAtRE = regexp.MustCompile(`(?i:(?:^|\b(?:almost|nearly|over|about|my|after)\s+|^\S*\s*)(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty)(?:\s+|-)(?:years?|yrs?)\s+(at|as\s+an?|as))\s+(.+)`)

// tenureLostRE: years of a job summed up as over: "taught me", "lost my
// job", "and gone".
var tenureLostRE = regexp.MustCompile(`(?i)\b(?:taught|teaches|lost|gone|over|ended|laid|retire|retirement|pension|pensioner|former|ex|severance|redundancy|goodbye|farewell)\b`)

// asRoleRE: a role opening a sentence and then the speaker: "As a
// writer, my laptop is …", "As a nurse, I see it every day".
var asRoleRE = regexp.MustCompile(`^(?i:as\s+an?)\s+(.+)`)

// asRoleFirstRE: the words after "As a <role>," are the speaker's.
var asRoleFirstRE = regexp.MustCompile(`(?i)^,\s*(?:i|i'm|im|i've|ive|i'd|i'll|my|me)\b`)

// notRoleAs: roles said with "As a …" that are a part of life, not a job.
var notRoleAs = setOf(`kid child teen teenager parent mom mum dad mother father grandparent grandma grandpa fan lover
	beginner newbie novice user customer member reader viewer listener follower person woman man girl boy friend
	runner cyclist gamer hobbyist amateur owner foodie player student dog cat`)

// studyPlaceRE: a place of study, not of work.
var studyPlaceRE = regexp.MustCompile(`(?i)\b(?:uni|university|college|school|academy|institute|polytechnic|campus|high|grad)\b`)

func init() {
	rules = append(rules,
		rule{re: stillAtRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || !c.startsSentence() {
				return
			}
			o, after := workplaceAt(m[1])
			if o == "" {
				o, after = lowerEmployerAt(m[1])
			}
			if o == "" || knownPlace(o) || c.known[o] || studyPlaceRE.MatchString(o) {
				return
			}
			rest := after
			if c.sent != "" {
				if i := strings.Index(c.sent, o); i >= 0 {
					rest = c.sent[i+len(o):]
				}
			}
			if !stillWorkCueRE.MatchString(rest) && !workTurnRE.MatchString(c.turn) {
				return // "still at Heathrow, flight's delayed"
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: yearsAtRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || tenureEndedRE.MatchString(c.turn) || tenureLostRE.MatchString(c.turn) {
				return // "32 years at LAUSD" said on retiring; "10 years as a contractor taught me that"
			}
			if strings.EqualFold(strings.TrimSpace(m[1]), "one") || strings.HasPrefix(strings.ToLower(m[0]), "after") {
				return // "after 31 years at Mahle": the years are over
			}
			if strings.HasPrefix(strings.ToLower(m[2]), "as") {
				role, rest := roleAt(strings.Fields(m[3]))
				if role == "" || notRoleAs[lastWord(role)] {
					return
				}
				c.add(c.speaker, "job_title", role, World, confLoose-4)
				after := strings.TrimSpace(strings.Join(rest, " "))
				if a, ok := strings.CutPrefix(after, "at "); ok {
					if o := employer(a); o != "" && !knownPlace(o) && !studyPlaceRE.MatchString(o) {
						c.add(c.speaker, "works_at", o, World, confLoose-4)
					}
				}
				return
			}
			o, _ := workplaceAt(m[3])
			if o == "" || knownPlace(o) || c.known[o] || studyPlaceRE.MatchString(o) || asStudentRE.MatchString(c.text) {
				return
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: asRoleRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.startsSentence() {
				return
			}
			src := m[1]
			if c.sent != "" {
				if i := strings.Index(c.sent, m[1]); i >= 0 {
					src = c.sent[i:]
				}
			}
			ws := strings.Fields(src)
			role, rest := roleAt(ws)
			if role == "" || notRoleAs[lastWord(role)] || !asRoleFirstRE.MatchString(strings.Join(rest, " ")) {
				return
			}
			c.add(c.speaker, "job_title", role, World, confLoose-4)
		}},
	)
}

// lowerEmployerAt reads a named employer written in lower case ("still at
// ubisoft, …"): one word no dictionary, place or name list knows, then a
// mark or the end.
func lowerEmployerAt(s string) (string, string) {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return "", ""
	}
	w := strings.TrimRight(ws[0], ",.;!?")
	after := strings.TrimSpace(strings.TrimPrefix(s, w))
	if w == "" || len([]rune(w)) < 3 || (after != "" && !strings.ContainsAny(after[:1], ",.;!?-")) {
		return "", ""
	}
	for _, r := range w {
		if !unicode.IsLower(r) && !unicode.IsDigit(r) {
			return "", ""
		}
	}
	if lexCommon().has(w) || lexPlaces.has(w) || lexCities.has(w) || lexNames.has(w) || notEmployer[w] || stopLower[w] || pronoun[w] {
		return "", ""
	}
	return w, after
}

// Pets named in lower case in texting (session 29): "my cat kulot wud
// destroy him"; and a pet of the speaker's then named by what it does:
// "my dog will hate it, Dubu howls whenever I play".

// myPetLowerRE: "my cat kulot", the name a word in lower case.
var myPetLowerRE = regexp.MustCompile(`\b(?i:my)\s+(?:(?i:little|old|baby|rescue)\s+)?(?i:(?P<kind>` + pet + `))\s+(?P<name>[a-z]{3,14})\b`)

// petDoesRE: a name then what only an animal does.
var petDoesRE = regexp.MustCompile(`(?:^|[,;.!]\s*|\s-\s)(\p{L}\p{Ll}{2,14})\s+(?:(?:always|just|still|literally|only)\s+)?(?:barks|howls|meows|miaows|purrs|growls|hisses|wags|whines|snores|sheds|zoomies)\b`)

// petNamedLower29 gives the speaker's pet spoken of only by its kind the
// name the turn gives it in lower case or by what it does.
func petNamedLower29(text, speaker string, at time.Time, out []Fact) []Fact {
	lt := strings.ToLower(text)
	if !strings.Contains(lt, "my ") {
		return out
	}
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		var kind, n string
		if m := myPetLowerRE.FindStringSubmatch(s); m != nil && !strings.HasSuffix(strings.ToLower(m[petKindI]), "s") {
			w := m[petNameI]
			if !lexCommon().has(w) && !textingWords[w] && !stopLower[w] && !pronoun[w] && !isPet(w) && !lexPlaces.has(w) && !lexOccupations.has(w) {
				kind, n = singular(strings.ToLower(m[petKindI])), w
			}
		}
		if n == "" {
			if m := petKindOnlyRE.FindStringSubmatchIndex(s); m != nil {
				k := 2 * petKindOnlyRE.SubexpIndex("kind")
				if d := petDoesRE.FindStringSubmatch(s[m[1]:]); d != nil && !pronoun[strings.ToLower(d[1])] && !stopLower[strings.ToLower(d[1])] && !lexCommon().has(strings.ToLower(d[1])) {
					kind, n = singular(strings.ToLower(s[m[k]:m[k+1]])), d[1]
				}
			}
		}
		if n == "" {
			continue
		}
		for _, f := range out {
			if f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive && strings.EqualFold(f.Claim, n) {
				return out // named already
			}
		}
		for i, f := range out {
			if f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive && singular(strings.ToLower(f.Claim)) == kind {
				out[i].Claim = n
				out[i].Entities = append(out[i].Entities, Entity{Name: n, Kind: "animal"})
				out[i].Edges = []Edge{{Src: speaker, Relation: "has_pet", Dst: n}}
				return out
			}
		}
		c := newClause(s, speaker, at)
		c.add(speaker, "has_pet", n, World, confLoose-2)
		return append(out, c.facts...)
	}
	return out
}

// petKindOnlyRE: "my dog", the kind alone.
var petKindOnlyRE = regexp.MustCompile(`\b(?i:my)\s+(?:(?i:little|old|baby|rescue)\s+)?(?i:(?P<kind>` + pet + `))\b`)

var (
	petKindI = myPetLowerRE.SubexpIndex("kind")
	petNameI = myPetLowerRE.SubexpIndex("name")
)

// Others' tastes said of a person named in lower case in texting (session
// 29): "junelle hates horror", "kacper loves trucks"; and a child's wants
// said with its age: "Connor's 12 and just wants pizza and Minecraft".

// lowerTasteRE: a word in lower case then a verb of taste.
var lowerTasteRE = regexp.MustCompile(taste3Start + `([a-z]{3,14})` + taste3Adv + `\s+(?:(` + taste3Like + `)|(` + taste3Dislike + `))\s+(.+)`)

// ageWantsRE: "Connor's 12 and just wants pizza", "Unai is 14 and only
// wants Pokémon".
var ageWantsRE = regexp.MustCompile(taste3Start + `(` + nameRE + `)(?:'s|\s+is)\s+(?:1[0-7]|[1-9]|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen))\s+and\s+(?i:(?:just|only|still|mostly)\s+)?wants\s+(.+)`)

// notLowerSubject: words in lower case before a verb of taste that are no
// one's name.
var notLowerSubject = setOf(`everyone everybody nobody noone somebody someone anyone anybody who mum mom dad kid kids baby
	hubby wifey bf gf bestie bro sis fam everyone`)

func init() {
	rules = append(rules,
		r(lowerTasteRE.String(), 3, func(c *clause, m []string) {
			w := m[1]
			if c.fore || lexCommon().has(w) || textingWords[w] || stopLower[w] || pronoun[w] || notLowerSubject[w] || auxVerb[w] ||
				isPet(w) || lexPlaces.has(w) || lexOccupations.has(w) || strings.HasSuffix(strings.TrimSpace(c.sent), "?") {
				return
			}
			if v := strings.ToLower(strings.TrimSpace(m[2])); v == "like" || v == "love" || v == "likes" {
				return // "omg like", "ppl like it": only the verbs that must have a subject
			}
			for _, p := range tasteObjects(m[4]) {
				if m[2] != "" {
					c.add(w, "likes", p, World, confThird-10)
				} else {
					c.add(w, "dislikes", p, World, confThird-10)
				}
			}
		}),
		r(ageWantsRE.String(), 2, func(c *clause, m []string) {
			n := name(m[1])
			if c.fore || n == "" || strings.HasPrefix(n, "\x01") || pronoun[strings.ToLower(n)] || knownPlace(n) {
				return
			}
			if strings.HasPrefix(strings.ToLower(m[2]), "to ") {
				return // "Izaro is 10 and wants to feed deer": a wish to do, no taste
			}
			for _, part := range strings.Split(m[2], " and ") {
				for _, p := range tasteObjects(part) {
					c.add(n, "likes", p, World, confThird-10)
				}
			}
		}),
	)
}

// supportsRE: one's team, or another's: "Remind me to phone Nicanor, he supports
// Wanderers", "Kofi supports Arsenal".
var supportsRE = regexp.MustCompile(taste3Start + `(` + nameRE + `|(?i:he|she|i))` + taste3Adv + `\s+(?i:supports?)\s+(?i:the\s+)?(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})`)

func init() {
	rules = append(rules,
		r(supportsRE.String(), 2, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			o := strings.TrimSpace(m[2])
			var n string
			if s := strings.ToLower(m[1]); s == "i" {
				if knownPlace(o) {
					return // "I support Ukraine": a cause, no team
				}
				n = c.speaker
			} else {
				n = tasteSubject(c, m[0], m[1])
			}
			if n == "" || o == "" || lexNames.has(strings.Fields(o)[0]) || pronoun[strings.ToLower(o)] {
				return // "he supports Tom": a person helped, no team
			}
			c.add(n, "likes", o, World, confThird-8)
		}),
	)
}
