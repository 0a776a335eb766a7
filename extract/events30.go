package extract

import (
	"regexp"
	"slices"
	"strings"
)

// Life events in the frames casual chat uses for them (session 30, from the
// misses of locomo_more.jsonl, synthetic rounds 1–2 and the LoCoMo dev
// draws):
//
//   - a visit said as a stay counted in days ("our ten days on Skye",
//     "we spent five days in Dilijan");
//   - an enrolment said sideways: "my wife signed me up for a pottery
//     course", "put my name down for the choir", "got a membership at the
//     climbing gym", "I made the hockey team", "I'm doing an online course
//     in X";
//   - a thing taken up after "only", "even" ("I only started learning
//     Korean in May"), or lessons of something started ("I started guitar
//     lessons"; a bare "I started lessons" says of what elsewhere);
//   - a marriage said by its day ("I cried at my own wedding", "we had a
//     lovely wedding last week") or a clause with its "I" left out
//     ("crazy month, got married on Saturday");
//   - a medal, trophy or grant got ("got my bronze medal", "we got a grant
//     for the project"); a promotion said "got bumped up to".
//
// Cases in events30_test.go.

// stayDaysRE: "ten days on Skye", "five weeks in Lofoten": a stay counted.
var stayDaysRE = regexp.MustCompile(`(?i:\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|few|couple\s+of)\s+(?:days|weeks|nights|months)\s+(?:in|on))\s+(` + nameRE + `)`)

// notVisitRE: words in the sentence that make a place named a home, a
// plan or a wish, not a place visited.
var notVisitRE = regexp.MustCompile(`(?i)\b(?:will|'ll|gonna|going\s+to|planning|plan\s+to|hope|hoping|want|wanna|would|next|someday|one\s+day|wish|born|grew\s+up|raised|live|lived|living|moved|home)\b`)

// dateLead: words that open a date, not a group ("signed us up for next
// week").
var dateLead = setOf(`next this tomorrow tonight today later the_day weekend morning evening`)

// visitStopNames: capitalised words after "in" that are no place.
var visitStopNames = setOf(`january february march april may june july august september october november december
	monday tuesday wednesday thursday friday saturday sunday english spanish french german person`)

// signedMeUpRE: "my wife signed me up for a sourdough course", "put my name
// down for the quilting circle".
var signedMeUpRE = regexp.MustCompile(`(?i:\b(?:signed\s+(?:me|us)\s+up|put\s+(?:my|our)\s+names?\s+down)\s+(?:for|to|with)\s+)(.+)`)

// membershipRE: "finally got a membership at the climbing gym", "I paid
// for the swimming club membership", "got my gym membership".
var membershipRE = regexp.MustCompile(`(?i:\b(?:got|bought|paid\s+for|took\s+out|signed\s+up\s+for)\s+(?:a|an|my|our|the)\s+(?:(?:new|annual|yearly|monthly|year's|family)\s+)*)(?:membership\s+(?:at|to|for|with|of)\s+(.+)|([\p{L}'-]+(?:\s+[\p{L}'-]+){0,2})\s+membership\b)`)

// madeTeamRE: "I made the basketball team", "finally made the squad".
var madeTeamRE = regexp.MustCompile(`(?i:\b(?:i|we)\s+(?:(?:just|finally|actually|also|officially)\s+)*made\s+(?:the|our|my)\s+)((?:[\p{L}'-]+\s+){0,3}?(?:team|squad|varsity|team\s+at\s+school|first\s+team))\b`)

// doingCourseRE: "I'm doing an online course in oenology", "also im
// doing a course online".
var doingCourseRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|i've\s+been|i\s+have\s+been)\s+(?:(?:also|now|currently|still|actually)\s+)*doing\s+(?:an?\s+)?)((?:[\p{L}'-]+\s+){0,3}?(?:course|class|diploma|certificate|bootcamp|apprenticeship)(?:\s+(?:online|in\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?))?)\b`)

// startedOnlyRE: "I only started learning Spanish in January", "we even
// started going to boot camps", "I started guitar lessons": the adverbs
// and objects the started rules (chat.go) leave.
var startedOnlyRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:only|even|just|recently|finally|also|actually)\s+)*(?:started|began)\s+)(?:taking\s+(?:an?\s+|some\s+)?)?((?:[\p{L}'-]+\s+){1,2}?(?:lessons|classes)|(?:learning|studying|practi[cs]ing)\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?)\b`)

// gotMarriedBareRE: "Been up and down, got married last week": the
// clause's "I" left out.
var gotMarriedBareRE = regexp.MustCompile(`(?i)(?:^|,\s*)(?:(?:and|but|so|also|just|finally|recently|then|oh|btw|actually)[,\s]+)*got\s+(?:married|hitched)\b`)

// ownWeddingRE: "I cried at my own wedding", "we danced all night at our
// wedding", "we had an amazing wedding ceremony last week".
var ownWeddingRE = regexp.MustCompile(`(?i:\b(?:i|we)\s+(?:[\p{L}']+\s+){1,4}?(?:at|during|on|after)\s+(?:my|our)\s+(?:own\s+)?wedding\b|\b(?:i|we)\s+(?:just\s+|finally\s+)?had\s+(?:a|an|our)\s+(?:[\p{L}'-]+\s+){0,4}?wedding(?:\s+ceremony)?\b)`)

// pastWordRE: a past verb of the speaker's in a clause.
var pastWordRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:[a-z]+\s+){0,2}?(?:[a-z]+ed|had|was|were|did|got|went|cried|spent|made|wore|said)\b`)

// gotMedalRE: "got my bronze medal", "I also got this trophy", "we got a
// grant to work with the symphony".
var gotMedalRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:also|finally|just|even|actually)\s+)*(?:got|received|earned|was\s+awarded|were\s+awarded)\s+(?:my|our|a|an|the|this|that)\s+(?:(?:first|very\s+first|own|big|small)\s+)*)((?:gold|silver|bronze|finisher'?s?|participation)\s+medal|medal|trophy|grant|award|bursary|fellowship)(?:\s*[,.!;:)]|\s*$|\s+(?:for|at|in|from|to|and|with|on|last|this|yesterday|today|after|by|so|but|which|that|of|too|as|lol|haha)\b|\s*[\p{So}])`)

// bumpedRE: "got bumped up to shift lead at the shop".
var bumpedRE = regexp.MustCompile(`(?i:\b(?:i|we)?\s*(?:got|was|been)\s+bumped\s+(?:up\s+)?to\s+)((?:[\p{L}'-]+\s+){0,2}[\p{L}'-]+)`)

func init() {
	rules = append(rules,
		// A stay counted in days: "our ten days on Skye".
		rule{re: stayDaysRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || notVisitRE.MatchString(c.sent+" "+c.raw) || !pastWordRE.MatchString(c.sent) && !strings.Contains(strings.ToLower(c.sent), "our ") {
				return
			}
			if n := strings.TrimSpace(m[1]); !visitStopNames[strings.ToLower(n)] && !stopWords[n] {
				c.add(c.speaker, "visited", n, Experience, confEvent-3)
			}
		}},
		rule{re: signedMeUpRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg {
				return
			}
			c.addJoined(m[1])
		}},
		rule{re: membershipRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			what := m[1]
			if what == "" {
				what = m[2]
			}
			c.addJoined(what)
		}},
		rule{re: madeTeamRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			c.addJoined(m[1])
		}},
		rule{re: doingCourseRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			c.addJoined(m[1])
		}},
		rule{re: startedOnlyRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "started" || f.Predicate == "joined" }) {
				return
			}
			p := trimTail(phrase(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || badObject(p) {
				return
			}
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}},
		rule{re: gotMarriedBareRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			c.add(c.speaker, "married", "married", Experience, confEvent)
		}},
		rule{re: ownWeddingRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || !pastWordRE.MatchString(m[0]) {
				return
			}
			c.add(c.speaker, "married", "married", Experience, confEvent-4)
		}},
		rule{re: gotMedalRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			c.add(c.speaker, "won", strings.ToLower(m[1]), Experience, confEvent-4)
		}},
		rule{re: bumpedRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			p := strings.TrimSpace(orgCutRE.ReplaceAllString(phrase(m[1])+" ", ""))
			if p == "" {
				return
			}
			c.add(c.speaker, "promoted", p, Experience, confEvent)
		}},
	)
}

// addJoined adds a group or course joined, its chat tail cut ("the choir
// at the village, can't wait" → the choir at the village).
func (c *clause) addJoined(what string) {
	p := object(chatTailRE.ReplaceAllString(what, ""))
	if p == "" {
		return
	}
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) > 6 || pronoun[ws[0]] || ws[0] == "there" || ws[0] == "it" || visitStopNames[ws[0]] || dateLead[ws[0]] || badObject(p) {
		return
	}
	c.add(c.speaker, "joined", p, Experience, confEvent-4)
}

// gotCredentialRE: "Got my forklift certificate in July", "got my level 2
// last spring", "I finally got my black belt": a qualification earned.
var gotCredentialRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:also|finally|just|even|actually|officially)\s+)*(?:got|earned|received|passed)\s+(?:my|our)\s+)((?:[\p{L}'-]+\s+){0,3}?(?:certificate|certification|licen[cs]e|diploma|qualification|black\s+belt|level\s+\d))\b`)

// openedOwnRE: "I opened my own practice with my cousin", "we're starting
// a bakery": a venture of one's own started.
var openedOwnRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|also|officially)\s+)*opened\s+(?:my|our)\s+(?:very\s+)?own\s+)([\p{L}'-]+(?:\s+[\p{L}'-]+)?)`)

// startingVentureRE: "I'm starting a dance studio", "we're starting our
// own label".
var startingVentureRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:finally|officially|actually|now)\s+)*starting\s+(?:a|an|my|our)\s+(?:(?:own|new|little|small)\s+)*)([\p{L}'-]+(?:\s+[\p{L}'-]+)?)`)

// lostJobGaveRE: "Losing my job gave me the push to …": the loss said as
// the subject of what it did.
var lostJobGaveRE = regexp.MustCompile(`^(?i:(?:and|but|so|honestly|thanks)[,\s]+)*(?i:losing\s+my\s+((?:[\w-]+\s+)?job)\s+(?:gave|made|taught|pushed|forced|led|changed|turned|opened|showed|got))\b`)

// ventureHeads are what a venture of one's own is.
var ventureHeads = setOf(`studio practice business shop store bakery cafe café restaurant company startup label agency
	clinic salon gym school firm brand boutique bar gallery kitchen workshop nursery studio`)

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
		rule{re: lostJobGaveRE, claim: 1, fn: func(c *clause, m []string) {
			c.add(c.speaker, "lost_job", phrase(m[1]), Experience, confEvent-2)
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
	re := regexp.MustCompile(`\bin\s+` + regexp.QuoteMeta(place) + `\s+(?:for\s+)?(?:almost\s+|nearly\s+|about\s+|over\s+)?(?:\d+|a\s+few|few|two|three|four|five|six|seven|eight|nine|ten|many|several|twenty|thirty)\s+(?:years|decades)\b`)
	for _, loc := range re.FindAllStringIndex(lt, -1) {
		if !strings.HasPrefix(strings.TrimSpace(lt[loc[1]:]), "ago") {
			return true
		}
	}
	return false
}
