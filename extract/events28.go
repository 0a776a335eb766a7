package extract

import (
	"regexp"
	"slices"
	"strings"
)

// Life events said in the frames chat uses for them (session 28, from the
// misses of synthetic rounds 1–2 and locomo_more.jsonl): a group left
// ("I quit the gym", "I left the club in November") is a membership ended;
// a retirement said as a state ("I am retired since 2019", "…, retired in
// 2019", "now retired"); a divorce ("I'm divorced", "we divorced three
// years ago", "my divorce") and "I'm not married"; a child born ("my
// daughter was born in November", "Our son Makana arrived December 29th");
// a job lost by others' doing ("laid off from a bank in Dublin", "Paystack
// let me go"). Cases in events28_test.go.

// memberGroups are what one is a member of and quits: a gym, a club, a
// choir. Not a company or a firm (a job, read as works_at).
var memberGroups = setOf(`gym club team choir band league orchestra crew squad society circle ensemble troupe
	membership five-a-side`)

// leftGroupRE: "I quit the gym", "also i quit my climbing gym", "I left
// the club in November", "I cancelled my PureGym membership".
var leftGroupRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|also|even|finally|recently|then|already|actually|officially)\s+)*(?:quit|left|cancell?ed|gave\s+up))\s+((?i:the|my|our)\s+)?(.+)`)

// notLeftTail: the words after a place left that say it was a visit ended,
// not a membership ("I left the club at 2am", "left the gym early").
var notLeftTail = regexp.MustCompile(`(?i)^\s*(?:at\s+\d|early|late|after|before|around|and\s+went|to\s+go|for\s+the\s+(?:day|night)|this\s+(?:morning|evening|afternoon)|tonight|yesterday)`)

// retiredStateRE: "I am retired since 2019", "we are both retired",
// "Retired since 2019", "…, retired in 2019", "now retired": the speaker
// retired, said as a state or without its "I".
var retiredStateRE = regexp.MustCompile(`(?i:(?:,\s*(?:and\s+)?|^)(?:(?:and|but|so|now|also|then|yes|yeah|well|ok|okay|and\s+now)[,\s]+)*(?:(?:i'm|i\s+am|im|we're|we\s+are|i've\s+been|i\s+have\s+been|i|we)(?:\s+(?:both|now|also|officially|finally|happily|fully|just|recently|already|semi))*\s+)?(?:(?:now|finally|officially|just|recently)\s+)*(?:retired|(?:an?\s+)?pensioner))\b(.*)`)

// retiredNext: what may follow "retired" when it is the speaker's state,
// not a word before a noun ("retired greyhound", "retired headmasters").
var retiredNext = regexp.MustCompile(`(?i)^(?:\s*(?:[,.!;:)]|$|[\p{So}\p{Sk}])|\s+(?:since|in|at|on|for|now|after|two|three|four|five|six|seven|eight|nine|ten|a|an|one|last|this|already|officially|early|and|so|but|from|i|we|btw|lol|\d)\b)`)

// divorcedFromRE: whom one is divorced from (group 1), after the word.
var divorcedFromRE = regexp.MustCompile(`(?i)^\s+from\s+(\S+(?:\s+\S+)?)`)

// divorcedRE: "I'm divorced", "I've been divorced since 2020", "we
// divorced three years ago", "Recently divorced", "we are divorced".
var divorcedRE = regexp.MustCompile(`(?i:(?:^(?:(?:and|but|so|now|also|recently|newly|just)[,\s]+)*|\b(?:i'm|i\s+am|im|we're|we\s+are|i've\s+been|i\s+have\s+been|i\s+was|we\s+were|i\s+got|we\s+got|i|we)\s+(?:(?:recently|newly|now|just|finally|officially|also)\s+)*)divorced)\b(.*)`)

// notMarriedRE: "I am not married", "We're not married".
var notMarriedRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:not|never)\s+married)\b(.*)`)

// marriedStateRE: "We are married!!!", "we're finally married".
var marriedStateRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:now|finally|officially|happily|newly|just|also|both)\s+)*married)\b(.*)`)

// childBornRE: "my daughter was born in November", "Our son Makana
// arrived December 29th", "Our daughter Edda Marie, born on the 9th",
// "Baby number two arrived in January".
var childBornRE = regexp.MustCompile(`(?:(?i:\b(?:my|our)\s+(?:(?:little|baby|first|second|third|youngest|newborn|new)\s+)?)((?i:son|daughter|baby\s+boy|baby\s+girl|baby|twins|boy|girl))(?:\s*,?\s*(` + nameRE + `))?|(?i:\b(baby\s+(?:number\s+)?(?:two|three|four|2|3|4|no\.?\s*\d)))|(?i:^(baby)))\s*,?\s+(?i:(was\s+born|were\s+born|born|arrived|came))\b(.*)`)

// laidOffRE: "laid off from a bank in Dublin", "made redundant from
// Rolls-Royce", "got made redundant", said of the speaker (or with the
// "I" left out at the start of a clause).
var laidOffRE = regexp.MustCompile(`(?i:(?:^(?:(?:and|but|so|then|also|\d{2})[,\s]+)*|\b(?:i|we)\s+(?:(?:just|recently|then|also)\s+)*(?:got|was|were|'ve\s+been|have\s+been)\s+|^(?:got|was)\s+)(?:laid\s+off|made\s+redundant|let\s+go)(?:\s+(?:from|at|by)\s+(.+))?)`)

// movedFromRE: a move from a place, said with "moved" or "relocated"
// (rulebook.go's "moved here from" rule).
var movedFromRE = regexp.MustCompile(`(?i)\b(?:moved|relocated)\b`)

// vocativeOnlyRE: a sentence that is only the name of the one spoken to
// ("Reinier!", "Dorotea!"), before a greeting (passing.go).
var vocativeOnlyRE = regexp.MustCompile(`^\p{Lu}[\p{L}'-]+\s*[!.,]+$`)

// tripTurnRE: a turn about a trip, where the weather is of a place
// visited.
var tripTurnRE = regexp.MustCompile(`(?i)\b(?:trip|vacation|holiday|visiting|travell?ing|here\s+for|arrived|landed|hotel|sightseeing|tour)\b`)

// stoppedRE: an activity given up ("I stopped applying for jobs").
var stoppedRE = regexp.MustCompile(`(?i)\b(?:stopped|quit|gave\s+up)\b`)

// movingWasRE: a move said with a gerund as the subject of a past verb:
// "moving from Lagos to Footscray in January … was madness".
var movingWasRE = regexp.MustCompile(`(?i)\b(?:was|were)\b`)

// chatTailRE: the chat words that end a clause after its object: "i
// quit the gym btw so it's all yours".
var chatTailRE = regexp.MustCompile(`(?i)\s+(?:btw|lol|haha|lmao|tbh|ngl|fyi|anyway)\b.*$`)

// yearsWithRE: "after thirty one years with the Hawaii Fire Department",
// "32 years at LAUSD": the place of work of a tenure.
var yearsWithRE = regexp.MustCompile(`(?i:\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)(?:[\s-]+(?:one|two|three|four|five|six|seven|eight|nine))?\s+years\s+(?:with|at|for))\s+(.+)`)

// yearsWith is the place of work the turn says the speaker spent years
// at, or "".
func (c *clause) yearsWith() string {
	m := yearsWithRE.FindStringSubmatch(c.turn)
	if m == nil {
		return ""
	}
	if e := employer(m[1]); e != "" && !knownPlace(e) && !isGerund(strings.Fields(strings.ToLower(e))[0]) {
		return e
	}
	return ""
}

// letMeGoRE: "Paystack let me go last year", "The Republic laid off 40
// of us and I was one of them": a named employer ended the job.
var letMeGoRE = regexp.MustCompile(`^(?i:(?:and|but|so|then)[,\s]+)?(?:(?i:the)\s+)?(` + nameRE + `)\s+(?i:let\s+me\s+go|laid\s+me\s+off|fired\s+me|made\s+me\s+redundant|laid\s+off\s+\d+\s+of\s+us|let\s+\d+\s+of\s+us\s+go)\b`)

func init() {
	rules = append(rules,
		// A group quit or left is a membership ended, as every labelled
		// set of chat writes it ("joined", negative): "I quit the choir",
		// "Quit Laga rowing in first year", "I left the club in November".
		// Only a group (memberGroups); "I left the club at 2am" is a night
		// out ended.
		rule{re: leftGroupRE, claim: 2, fn: func(c *clause, m []string) {
			if c.fore || notLeftTail.MatchString(m[2]) {
				return
			}
			rest := m[2]
			if i := strings.Index(strings.ToLower(rest), " membership"); i > 0 {
				rest = rest[:i] // "my PureGym membership": PureGym
			}
			p := object(chatTailRE.ReplaceAllString(rest, ""))
			if p == "" {
				return
			}
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) > 4 || !memberGroups[ws[len(ws)-1]] && !strings.Contains(strings.ToLower(m[2]), " membership") {
				return
			}
			c.neg = true
			c.add(c.speaker, "joined", p, Experience, confEvent-4)
		}},
		// A retirement said as the speaker's state: "I am retired since
		// 2019", "We are both retired", "Retired since 2019, and I don't
		// miss the night shifts", "I was captain … for 22 years, retired in
		// 2019", "now retired, so my free time is all the time". Not
		// "retired greyhound", "two other retired headmasters".
		rule{re: retiredStateRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !retiredNext.MatchString(m[1]) || !c.speakerClause() {
				return
			}
			if f := strings.TrimSpace(m[1]); strings.HasPrefix(strings.ToLower(f), "from ") {
				c.retiredFrom(f[len("from "):], confEvent)
				return
			}
			if o := c.yearsWith(); o != "" {
				// "I retired in January after thirty one years with the
				// Hawaii Fire Department": the retirement is from there; a
				// bare "retired" read before says no more.
				c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool { return f.Predicate == "retired" && f.Claim == "retired" })
				c.retiredFrom(o, confEvent)
				return
			}
			claim := "retired"
			if strings.Contains(strings.ToLower(m[0]), "pensioner") {
				claim = "pensioner"
			}
			c.add(c.speaker, "retired", claim, Experience, confEvent)
		}},
		// "I'm divorced", "we divorced three years ago", "I've been
		// divorced since May": a marriage ended, as the labelled sets
		// write it (married, negative). Not "divorced parents".
		rule{re: divorcedRE, claim: 0, fn: func(c *clause, m []string) {
			if c.fore || !retiredNext.MatchString(m[1]) || !c.speakerClause() {
				return
			}
			if fm := divorcedFromRE.FindStringSubmatch(m[1]); fm != nil && !personWord(fm[1]) && !isCapital(fm[1]) && !strings.HasPrefix(strings.ToLower(fm[1]), "my ") {
				return // "I'm divorced from reality lol": from no one (session 28)
			}
			c.neg = true
			c.add(c.speaker, "married", "divorced", Experience, confEvent)
		}},
		// "my divorce": the speaker's.
		r(`(?i:\bmy\s+divorce)\b`, 0, func(c *clause, m []string) {
			c.neg = true
			c.add(c.speaker, "married", "divorce", Experience, confEvent-4)
		}),
		// "We are married!!!", "we're finally married": a marriage, said
		// as a state. Not "I'm married to my job" (a figure of speech:
		// the words after it must end the clause or date it).
		rule{re: marriedStateRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !retiredNext.MatchString(m[1]) {
				return
			}
			c.add(c.speaker, "married", "married", Experience, confEvent)
		}},
		// "I am not married", "We're not married": no marriage. Not "not
		// married yet", said of one ahead.
		rule{re: notMarriedRE, claim: 0, fn: func(c *clause, m []string) {
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(m[1])), "yet") {
				return
			}
			c.neg = true
			c.add(c.speaker, "married", "married", Experience, confEvent-4)
		}},
		// A child born: "my daughter was born in November", "Our son
		// Makana arrived December 29th, 7 pounds 2 ounces". "arrived" and
		// "came" only with nothing after them but a date, a weight or the
		// end ("my son arrived home late" is no birth).
		rule{re: childBornRE, claim: 0, raw: true, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			verb, rest := strings.ToLower(m[5]), strings.TrimSpace(m[6])
			if (verb == "arrived" || verb == "came") && !bornTailRE.MatchString(rest) {
				return
			}
			if verb == "born" && m[1] == "" && m[3] == "" {
				return
			}
			if c.hasPast && c.past.Before(c.at.AddDate(-2, 0, 0)) {
				return // "My son was born in 1990": the son is the fact, not news of a birth
			}
			what := strings.ToLower(m[1])
			if m[2] == "" && m[1] != "" {
				// "Meet Nizhoni, our daughter, born July 19": the name before
				if i := strings.Index(c.raw, m[0]); i > 0 {
					if b := nameBeforeRE.FindStringSubmatch(c.raw[:i]); b != nil {
						m[2] = b[1]
					}
				}
			}
			if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") && !calendarName(n) && !knownPlace(n) {
				what = n
			} else if m[3] != "" {
				what = strings.Join(strings.Fields(m[3]), " ")
			} else if what == "" {
				return
			}
			c.add(c.speaker, "had_child", what, Experience, confEvent)
		}},
		// A job lost by another's doing: "laid off from a bank in Dublin
		// last autumn", "I got made redundant", "made redundant from
		// Rolls-Royce in March".
		rule{re: laidOffRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			what := "job"
			if e := employer(m[1]); e != "" && !knownPlace(e) {
				what = e
			}
			c.add(c.speaker, "lost_job", what, Experience, confEvent)
			if what != "job" {
				c.neg = true
				c.add(c.speaker, "works_at", what, World, confFirst-5)
			}
		}},
		// A move said with its direction: "I moved up to Nairn three
		// years ago", "moved down to Brighton": the rulebook reads "moved
		// to"; the new home and the move, as every labelled set writes it.
		r(`(?:^|`+fp+aux+`\s+)(?i:(?:moved|relocated)\s+(?:up|down|over|across|back\s+up|back\s+down|back\s+over|all\s+the\s+way)\s+to)\s+(.+)`, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			if p := introPlace(m[1]); p != "" && (knownPlace(p) || isCapital(p) && !c.known[p] && !lexNames.has(p)) {
				c.add(c.speaker, "lives_in", p, World, confFirst-5)
				c.add(c.speaker, "moved", p, Experience, confEvent-2)
			}
		}),
		// "I moved house in May, from Foleshill to Earlsdon", "I moved
		// from Kobe in March to … Burnaby" is read by its "to live";
		// "moving from Lagos to Footscray in January … was madness": the
		// move to the second place, a home left at the first.
		r(`(?:^|,\s*|`+fp+aux+`\s+)(?i:(moved|relocated|moving)(?:\s+(?:house|home|countries|cities|back|over|up|down))?\s*,?\s+from)\s+(.+?)(?i:\s+to)\s+(.+)`, 2, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			if strings.EqualFold(m[1], "moving") && !movingWasRE.MatchString(m[3]) {
				return // "we're moving from Bergen to Tromsø this summer": ahead, the plan rules' own
			}
			from, to := introPlace(m[2]), introPlace(m[3])
			if from == "" || to == "" || !knownPlace(from) && !isCapital(from) || !knownPlace(to) && !isCapital(to) {
				return // "I moved from finance to the IT side": no homes
			}
			c.add(c.speaker, "lives_in", to, World, confFirst-5)
			c.add(c.speaker, "moved", to, Experience, confEvent-2)
			c.neg = true
			c.add(c.speaker, "lives_in", from, World, confFirst-5)
		}),
		// "We moved into a bigger place in Sunnyside last month", "I moved
		// into a tiny officetel near campus in Yongsan": the move is to the
		// town named, not to "a bigger place" (chat.go's reading, dropped).
		r(`(?:^|`+fp+aux+`\s+)(?i:moved\s+into\s+(?:a|an|our|my|the|this)\s+(?:[\w'-]+\s+){0,6}?in)\s+(.+)`, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			p := introPlace(m[1])
			if p == "" || !knownPlace(p) && !isCapital(p) || c.known[p] {
				return
			}
			c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool { return f.Predicate == "moved" && f.Subject == c.speaker })
			c.add(c.speaker, "lives_in", p, World, confFirst-5)
			c.add(c.speaker, "moved", p, Experience, confEvent-2)
		}),
		// "I moved out of Grünerløkka in October": a home left.
		r(`(?:^|`+fp+aux+`\s+)(?i:moved\s+out\s+of)\s+`+nm, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			if p := place(m[1]); p != "" && (knownPlace(p) || isCapital(p)) && !c.known[p] {
				c.neg = true
				c.add(c.speaker, "lives_in", p, World, confFirst-5)
			}
		}),
		// Home said as where one goes home to: "I'm flying home to Iloilo
		// on the 20th", "going back home to Kharkiv", "I still send money
		// home to Sapporo": where one is from, as the labelled sets write
		// it. Not someone else's home ("my sister is going home to …").
		r(`(?i:\b(?:going|go|goes|went|flying|fly|flew|heading|head|headed|coming|come|came|driving|drove|travell?ing|moving|moved|back|money|trip)\s+(?:back\s+)?home\s+to)\s+`+nm, 1, func(c *clause, m []string) {
			if c.neg || !c.speakerClause() {
				return
			}
			p := place(m[1])
			if p == "" || !knownPlace(p) && !isCapital(p) || lexNames.has(p) || c.known[p] {
				return
			}
			fore := c.fore
			c.fore = false
			c.add(c.speaker, "from", p, World, confLoose-4)
			c.fore = fore
		}),
		// "back from Lisbon! the talk went fine", "Back from Donegal, and
		// I've already signed up for next year": a place been to.
		r(`(?:^|`+fpbe+`\s+|(?i:\bjust\s+))(?i:(?:just\s+|finally\s+)?(?:got\s+)?back\s+from)\s+`+nm+`\s*(?:[,.!;:]|$|(?i:since|and|yesterday|last|this))`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := place(m[1]); p != "" && knownPlace(p) && !lexNames.has(p) {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}),
		// Where one lives said by the weather there: "It is 33 degrees in
		// Accra and the harmattan dust is everywhere", "39 degrees
		// yesterday in Ballarat". Not in a turn about a trip.
		r(`(?i:\b\d{1,3}\s*(?:degrees|°\s*[cf]?)(?:\s+(?:celsius|fahrenheit|yesterday|today|tonight|now|here|already|outside|again))*\s+(?:here\s+)?in)\s+`+nm, 1, func(c *clause, m []string) {
			if c.neg || c.fore || awayRE.MatchString(c.turn) || onTheRoadRE.MatchString(c.turn) || tripTurnRE.MatchString(c.turn) {
				return
			}
			if p := place(m[1]); p != "" && knownPlace(p) && !lexNames.has(p) {
				c.add(c.speaker, "lives_in", p, World, confLoose-6)
			}
		}),
		// "My mum Vlasta is 84 and lives with us in Brno", "He lives with
		// me and my two boys in Kileleshwa": the speaker's home too.
		r(`(?i:\blives?\s+with\s+(?:us|me)(?:\s+and\s+(?:[\w'-]+\s+){1,4}?)?\s+in)\s+(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := introPlace(m[1]); p != "" && knownPlace(p) {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
		// "we stay in umlazi", "I live on Bowen": a home said with "stay"
		// (as much of the world's English says it) or an island's "on".
		r(`(?:^|`+fp+`)(?i:\s*(?:still\s+|now\s+)?(?:stay|live)\s+(?:in|on))\s+(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || strings.Contains(strings.ToLower(m[0]), "live in") {
				return // "I live in …" is the rulebook's
			}
			p := introPlace(m[1])
			if p == "" || !knownPlace(p) && !(isCapital(p) && strings.Contains(strings.ToLower(m[0]), " on")) || lexNames.has(p) || c.known[p] {
				return
			}
			c.add(c.speaker, "lives_in", p, World, confLoose-4)
		}),
		// Applications said as under way or with a word between: "I'm
		// applying for a masters in UK, fingers crossed", "I already
		// applied for the elective last week", "I sent an application to a
		// consultancy in Calgary" (the rulebook reads "I applied to …").
		r(`(?:^|`+fp+aux+`\s+)(?i:(?:(?:just|already|also|finally|recently|actually|currently|still)\s+)*(?:applied|applying|sent\s+(?:an?\s+|my\s+)?applications?|submitted\s+(?:an?\s+|my\s+)?applications?)\s+(?:for|to))\s+(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || stoppedRE.MatchString(m[0]) || c.hasDate && c.date.After(day(c.at)) {
				return // "I'm thinking about applying for a grant", "applying for faculty jobs this fall": a plan
			}
			p := object(m[1])
			if p == "" || len(strings.Fields(p)) > 6 {
				return
			}
			c.add(c.speaker, "applied_to", p, Experience, confEvent-4)
		}),
		// "Paystack let me go last year": the named employer ended it.
		rule{re: letMeGoRE, claim: 1, fn: func(c *clause, m []string) {
			o := name(m[1])
			if o == "" || strings.HasPrefix(o, "\x01") || lexNames.has(strings.Fields(o)[0]) || knownPlace(o) || c.known[o] || c.neg || c.fore {
				return
			}
			c.add(c.speaker, "lost_job", o, Experience, confEvent)
			c.neg = true
			c.add(c.speaker, "works_at", o, World, confFirst-5)
		}},
	)
}

// nameBeforeRE: a name just before a comma, at the end of the words
// before a child's birth ("Meet Nizhoni, | our daughter, born …").
var nameBeforeRE = regexp.MustCompile(`(?:(?i:meet|welcome|introducing)\s+)?(` + nameRE + `)\s*,\s*$`)

// bornTailRE: what may follow "arrived" of a child born: nothing, a date
// left in the clause, a weight.
var bornTailRE = regexp.MustCompile(`(?i)^(?:$|[,.!;:]|[\p{So}\p{Sk}]|on\b|in\b|at\b|early|last|this|yesterday|today|\d|safe|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)`)

// speakerClause reports whether the clause is the speaker's: its sentence
// names no one else before it as the subject ("my dad, now retired"), so a
// clause without its "I" is the speaker's.
func (c *clause) speakerClause() bool {
	s := c.sent
	if s == "" {
		s = c.raw
	}
	i := strings.Index(s, c.raw)
	if i <= 0 {
		return !otherSubjectRE.MatchString(c.raw)
	}
	before := s[:i]
	return !otherSubjectRE.MatchString(c.raw) && !otherSubjectRE.MatchString(before)
}

// otherSubjectRE: someone other than the speaker is the subject.
var otherSubjectRE = regexp.MustCompile(`(?i)(?:^|[,.;!?]\s*)(?:(?:and|but|so|now|also)\s+)?(?:(?:my|our|his|her|their)\s+\w+|he|she|they|he's|she's|they're|you|you're)\b`)

// movedWhere names a move said bare ("Big news, I moved! Little house in
// Quilpué") by the one home the turn gives the speaker, or the one place
// it names after "in", as the labelled sets write it.
func movedWhere(text, speaker string, out []Fact) []Fact {
	at := -1
	for i, f := range out {
		if f.Subject == speaker && f.Predicate == "moved" && f.Claim == "moved" && f.Polarity == Positive {
			at = i
		}
	}
	if at < 0 {
		return out
	}
	where := ""
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "lives_in" && f.Kind == World && f.Polarity == Positive {
			if where != "" && where != f.Claim {
				return out
			}
			where = f.Claim
		}
	}
	if where == "" {
		// only a place named after the move: "before we moved up here"
		// follows the old home ("back in Gisborne")
		i := strings.Index(strings.ToLower(text), "moved")
		if i < 0 {
			return out
		}
		for _, m := range inPlaceRE.FindAllStringSubmatch(text[i:], -1) {
			p := place(m[1])
			if p == "" || !knownPlace(p) || lexNames.has(p) {
				continue
			}
			if where != "" && where != p {
				return out
			}
			where = p
		}
	}
	if where != "" {
		out[at].Claim = where
	}
	return out
}

// inPlaceRE: a name after "in" ("a little house in Quilpué").
var inPlaceRE = regexp.MustCompile(`\b(?:in|to)\s+(` + nameRE + `)`)
