package extract

import (
	"regexp"
	"strings"
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
	jobWords["contractor"] = true
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
			if !stillWorkCueRE.MatchString(rest) && !workTurnRE.MatchString(turn29(c)) {
				return // "still at Heathrow, flight's delayed"
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: yearsAtRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || tenureEndedRE.MatchString(turn29(c)) || tenureLostRE.MatchString(turn29(c)) {
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

// turn29 is the turn the clause was cut from, or the clause.
func turn29(c *clause) string {
	if c.turn != "" {
		return c.turn
	}
	if c.sent != "" {
		return c.sent
	}
	return c.raw
}
