package extract

import (
	"regexp"
	"strings"
)

// Plans said by three frames of chat the earlier rules left to the verb
// "going to" (session 28, from the plan misses of the synthetic rounds 1–2
// and of locomo_more.jsonl): an occasion one *has* ("i have my anatomy
// practical monday", "Signe can't, she has her exams at DTU that week",
// "Jovana has the European Youth Championships in April"), a job, a course
// or a school one *starts* on a date ahead ("I start at the Royal Botanic
// Garden in September", "she starts at the Aga Khan hospital next month"),
// and a move ("i'm moving to yaba next month", "moving out of my parents'
// place end of month", "Gladys is moving to Tampa next month"). Cases in
// plans28_test.go.

// heldOccasionHeads are what one has as an occasion of one's own beside
// occasionHead's (a school's tests, a sport's fixtures).
var heldOccasionHeads = setOf(`exams exam test tests finals final midterms midterm mocks practical practicals viva defence
	defense recital concert tournament competition championships championship gala trials meet match race audition
	interview appointment dentist orthodontist physio surgery operation presentation wedding`)

// heldNeedsDate are occasion heads that say a plan only with a date: "I
// have a game tonight", not "I have a game on my phone".
var heldNeedsDate = setOf(`game games class classes lesson lessons date party dinner lunch meeting session show`)

// occasionHeldRE: someone has an occasion (group 1 who, group 2 the
// phrase from its determiner).
var occasionHeldRE = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|because|cause|cos|coz|also|btw|plus)\s+)(?:(?i:my|our)\s+(?:[\p{L}-]+\s+){1,2})?((?i:i|we|he|she)|\p{Lu}[\p{L}'’-]+|\x01\d+\x01)(?:\s+(?i:also|still|just|already|finally|only|actually))*(?i:\s+has|\s+have|\s+got|\s+has\s+got|\s+have\s+got|'ve\s+got|'s\s+got)\s+((?i:my|his|her|their|our|the|an?|a\s+lot\s+of|some|\d+(?:\s+more)?|two|three|four)\s+[^,;:.!?]+)`)

// heldLead are the determiners an occasion had is said with; heldOwn the
// possessive ones, which say the occasion is the subject's own.
var (
	heldLead = setOf(`my his her their our the a an some`)
	heldOwn  = setOf(`my his her their our`)
)

// excuseRE: the turn gives the occasion as a reason ("can't", "might be
// late", "so if im quiet"), which dates it to a time being arranged.
var excuseRE = regexp.MustCompile(`(?i)\b(?:can't|cannot|can\s+not|cant|won't|wont|unable|busy|late|quiet|miss|skip|coming\s+up)\b`)

// heldStop ends the noun phrase of an occasion: a preposition, a date word,
// a conjunction.
var heldStop = setOf(`in at on for with to from by this next that tomorrow tonight today and or but so which who
	where when if because coming`)

// turnPerson is the one person the turn names before the clause, for a
// "he" or "she" that stands for them: a name after a relation word ("my son
// Kacper"), or a capitalised word opening a sentence or a clause before a
// verb ("Signe can't"); "" when none or more than one.
func turnPerson(c *clause, m0 string) string {
	t := c.turn
	if t == "" {
		t = c.raw
	}
	before := ""
	if i := strings.Index(t, c.raw); i > 0 {
		before = t[:i]
	}
	if j := strings.Index(c.raw, strings.TrimLeft(m0, ",;: ")); j > 0 {
		before += c.raw[:j] // "Signe can't, she has …": named in the clause itself
	}
	found := ""
	for _, m := range personBeforeRE.FindAllStringSubmatch(before, -1) {
		n := m[1]
		if n == "" {
			n = m[2]
			if unlistedPerson(n) == "" || relKey(n) != "" {
				continue
			}
		} else if unlistedPerson(n) == "" {
			continue
		}
		if found != "" && found != n {
			return ""
		}
		found = n
	}
	return found
}

var personBeforeRE = regexp.MustCompile(`(?:\b(?i:son|daughter|brother|sister|husband|wife|partner|boyfriend|girlfriend|cousin|friend|niece|nephew|grandson|granddaughter|mum|mom|dad|father|mother|sponsor|colleague|neighbour|neighbor|flatmate|roommate)\s+(\p{Lu}[\p{L}'’-]+)|(?:^|[.!?]\s+|,\s+)(\p{Lu}[\p{L}'’-]+)\s+(?i:can't|cannot|won't|is|has|was|will|wants|got|'s|starts|just))`)

// planSubject is who a clause's subject word s stands for: the speaker for
// "I" or "we", the one person named before for "he" or "she", a name; "".
func planSubject(c *clause, m0, s string, atStart bool) string {
	if strings.HasPrefix(s, "\x01") && strings.Contains(c.resolve(s), "'s ") {
		return "" // "my son has his exams": no name to hold the plan
	}
	switch strings.ToLower(s) {
	case "i", "we":
		return c.speaker
	case "he", "she":
		return turnPerson(c, m0)
	}
	if strings.HasPrefix(s, "\x01") {
		return s
	}
	if n := c.subjectName(s, atStart); n != "" {
		return n
	}
	return unlistedPerson(s)
}

// hasPlanFor reports whether the clause already holds a plan of subject
// whose claim holds word.
func hasPlanFor(c *clause, subject, word string) bool {
	for _, f := range c.facts {
		if predFamily(f.Predicate) == "plan" && f.Subject == c.resolve(subject) && strings.Contains(strings.ToLower(f.Claim), word) {
			return true
		}
	}
	return false
}

// startRE28: someone starts a job, a course or a school (group 1 who,
// group 2 what, from its preposition or determiner).
var startRE28 = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|then|also|btw|plus)\s+)(?:(?i:my|our)\s+(?:[\p{L}-]+\s+){1,2})?((?i:i|we|he|she)|\p{Lu}[\p{L}'’-]+|\x01\d+\x01)(?:\s+(?i:also|just|finally|officially|then))*(?i:\s+start|\s+starts|\s+begin|\s+begins|'m\s+starting|\s+am\s+starting|'s\s+starting|\s+is\s+starting)\s+((?i:at|with|a|an|my|his|her|their|the|school|kindergarten|preschool|nursery|uni|university|college|primary|secondary|high\s+school)\b.*)`)

// movingRE28: a move said with "moving" after the first person or with no
// subject (group 1 the move).
var movingRE28 = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:i'm|im|i\s+am|we're|we\s+are|and|so|then|also|btw|anyway|anyways|plus)\s+)(?:(?i:also|finally|actually|officially|definitely|now)\s+)?((?i:moving)\s+(?i:to|out|back|in|into|abroad|overseas|interstate|home|house|away|closer|nearer|across)\b.*)`)

// moveRE28: "we move in August", "Gladys is moving to Tampa": a move of a
// named person, or the first person's with the bare verb and a date
// (group 1 who, group 2 the move).
var moveRE28 = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|then|also|btw)\s+)(?:(?i:my|our)\s+(?:[\p{L}-]+\s+){1,2})?((?i:i|we|he|she)|\p{Lu}[\p{L}'’-]+|\x01\d+\x01)(?i:\s+move|\s+moves|\s+is\s+moving|'s\s+moving)(?:\s+((?i:to|out|back|in|into|abroad|overseas|away|home)\b.*)|\s*$)`)

func init() {
	rules = append(rules,
		// "i have my anatomy practical monday", "Signe can't, she has her
		// exams at DTU that week", "Jovana has the European Youth
		// Championships in Chisinau in April": an occasion had is a plan of
		// whoever has it. Without a date only an exam or a fixture of one's
		// own, or one given as a reason ("Can't do Sunday, Taiga has a
		// football tournament").
		r(occasionHeldRE.String(), 2, func(c *clause, m []string) {
			if !c.mode(strings.TrimSuffix(m[0], m[2])) || c.neg || c.fore && !c.hasDate {
				return // the words before the subject ("Signe can't, she has …") are another clause's
			}
			i := strings.Index(c.text, m[0])
			who := planSubject(c, m[0], m[1], i <= 0 || strings.TrimSpace(c.text[:i]) == "")
			if who == "" {
				return
			}
			ws := strings.Fields(m[2])
			det := strings.ToLower(ws[0])
			if det == "a" && len(ws) > 2 && strings.EqualFold(ws[1], "lot") {
				ws, det = ws[3:], "some" // "a lot of finals"
			} else if heldLead[det] {
				ws = ws[1:]
			}
			end := -1
			for k, w := range ws {
				lw := strings.ToLower(strings.Trim(w, `"'’()`))
				if k > 4 || heldStop[lw] || lw == "favorite" || lw == "favourite" {
					break
				}
				if heldOccasionHeads[lw] || heldNeedsDate[lw] || occasionHead(lw) {
					end = k
				}
			}
			if end < 0 {
				return
			}
			h := strings.ToLower(strings.Trim(ws[end], `"'’()`))
			if h == "birthday" || h == "anniversary" {
				return // "Kerrion has his birthday next week": the birthday rules' own
			}
			dated := c.hasDate && c.date.After(day(c.at))
			if !dated {
				if !heldOccasionHeads[h] {
					return
				}
				if !heldOwn[det] && !excuseRE.MatchString(c.turn+" "+c.raw) {
					return
				}
			}
			if heldNeedsDate[h] && !dated {
				return
			}
			claim := strings.Join(ws[:end+1], " ")
			if hasPlanFor(c, who, strings.ToLower(ws[end])) {
				return
			}
			c.fore = true
			c.add(who, "plans", claim, Foresight, confPlan-4)
		}),
		// "I start at the Royal Botanic Garden in September", "she starts
		// at the Aga Khan hospital next month", "Then I start my pottery
		// class": a start on a date ahead is a plan.
		r(startRE28.String(), 2, func(c *clause, m []string) {
			who := aheadSubject(c, m)
			if who == "" {
				return
			}
			p := planTail(m[2])
			ws := strings.Fields(p)
			if len(ws) < 2 && !(len(ws) == 1 && schoolStart[strings.ToLower(ws[0])]) || len(ws) > 10 {
				return
			}
			if lw := strings.ToLower(ws[0]); (lw == "at" || lw == "with") && (len(ws) < 2 || startsWithDigit(ws[1])) {
				return // "I start at 9": an hour
			}
			if hasPlanFor(c, who, strings.ToLower(lastWord(p))) {
				return
			}
			c.fore = true
			c.add(who, "plans", "start "+p, Foresight, confPlan-4)
		}),
		// "i'm moving to yaba next month", "moving out of my parents'
		// place end of month", "Moving to Brno for a new job in June".
		r(movingRE28.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || c.neg || c.hasPast {
				return
			}
			prefix := c.text[:i]
			if otherSubjRE.MatchString(prefix) || !c.mode(prefix) || c.neg {
				return
			}
			if !fpMoveRE.MatchString(m[0]) && !(c.hasDate && c.date.After(day(c.at))) {
				return // "Moving to Rotterdam was the best decision": no "I'm", no date ahead
			}
			p := planTail(m[1])
			ws := strings.Fields(p)
			if len(ws) < 2 || len(ws) > 10 {
				return
			}
			for _, w := range ws {
				if finiteAfterGerund[strings.ToLower(w)] {
					return // the move is the subject of a verb of its own
				}
			}
			for _, w := range ws[1:min(4, len(ws))] {
				if movePointer[strings.ToLower(w)] {
					return // "moving out of it into the small room": which place was said before
				}
			}
			if hasPlanFor(c, c.speaker, "mov") || hasForesight(c) {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
		// "The wedding will be next summer in Shiraz", "pharmacology final
		// is Apr 22", "my birthday drinks are Saturday": the speaker's
		// occasion said with its date.
		rawRule(occasionIsRE.String(), 1, func(c *clause, m []string) {
			if !c.hasDate || !c.date.After(day(c.at)) || !dateLeadRE.MatchString(m[2]) || hasForesight(c) {
				return
			}
			p := strings.TrimSpace(m[1])
			for _, w := range strings.Fields(strings.ToLower(p)) {
				if notInOccasion[w] || pronoun[w] || w == "his" || w == "her" || w == "their" || w == "your" {
					return // "she is in June", "her wedding is in May": no occasion of the speaker's
				}
			}
			h := strings.ToLower(lastWord(p))
			if h == "birthday" || h == "anniversary" || !(occasionHead(h) || heldOccasionHeads[h]) || strings.EqualFold(p, h) && vagueOccasion[h] {
				return // "date is saturday july 18", "Flight is Feb 18": of what, said elsewhere
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
		// "I'm getting married in December", "my college friend Liwayway is
		// getting married in Iloilo in June": a wedding ahead, with its date.
		r(marryingRE.String(), 0, func(c *clause, m []string) {
			if c.neg || c.fore && !c.hasDate || !c.hasDate || !c.date.After(day(c.at)) {
				return
			}
			s := m[1]
			if lw := strings.ToLower(s); strings.HasPrefix(lw, "me and ") || strings.HasSuffix(lw, " and i") || coupleRE.MatchString(c.raw) || coupleRE.MatchString(c.sent) {
				s = "I" // "me and my partner Jovan are getting married": the speaker's wedding
			}
			i := strings.Index(c.text, m[0])
			who := planSubject(c, m[0], s, i <= 0 || strings.TrimSpace(c.text[:i]) == "")
			if who == "" || hasPlanFor(c, who, "marr") {
				return
			}
			c.fore = true
			c.add(who, "plans", "getting married", Foresight, confPlan-4)
		}),
		// "I'm in for the hike", "Count me in for the pastéis": a plan joined.
		rawRule(inForRE.String(), 1, func(c *clause, m []string) {
			if c.neg || hasForesight(c) {
				return
			}
			p := strings.TrimSpace(articleRE.ReplaceAllString(cut(m[1]), ""))
			if p == "" || len(strings.Fields(p)) > 4 || badObject(p) || pronoun[strings.ToLower(strings.Fields(p)[0])] {
				return
			}
			if h := strings.ToLower(lastWord(p)); !(occasionHead(h) || eventNouns[h] || planNouns[h] || heldOccasionHeads[h]) {
				return // "Count me in for the front row": a place at another's plan
			}
			c.fore = true
			c.add(c.speaker, "plans", withDet(p, m[1]), Foresight, confPlan-4)
		}),
		// "A pastry party sounds awesome, count me in!": a plan joined.
		rawRule(soundsInRE.String(), 1, func(c *clause, m []string) {
			if hasForesight(c) {
				return
			}
			if h := strings.ToLower(lastWord(m[1])); !(occasionHead(h) || eventNouns[h] || planNouns[h]) {
				return // "That idea sounds great, count me in": which plan, said before
			}
			c.fore = true
			c.add(c.speaker, "plans", m[1], Foresight, confPlan-4)
		}),
		// "We move in August", "Gladys is moving to Tampa next month".
		r(moveRE28.String(), 2, func(c *clause, m []string) {
			who := aheadSubject(c, m)
			if who == "" {
				return
			}
			verb := "move "
			if strings.Contains(strings.ToLower(m[0]), "moving") {
				verb = "moving "
			}
			p := planTail(m[2])
			if p == "" && !strings.Contains(strings.ToLower(m[0]), "moving") {
				verb = "move" // "We move in August": the date was the rest
			}
			if len(strings.Fields(p)) > 9 || hasPlanFor(c, who, "mov") {
				return
			}
			c.fore = true
			c.add(who, "plans", verb+p, Foresight, confPlan-4)
		}),
	)
}

// planTailRE: what follows a plan's object and is no part of it: the
// role taken ("as a junior plant pathologist"), when in the month ("end of
// month").
var planTailRE = regexp.MustCompile(`(?i)\s+(?:(?:to|so)\s+(?:be|get|live|work|study|save|help|look|take|join|care|stay)\b.*|as\s+(?:an?|the)\b.*|(?:at\s+the\s+|by\s+the\s+)?end\s+of\s+(?:the\s+)?(?:month|week|year)\b.*)$`)

// planTail is the object of a plan, cut at its clause's end, a purpose
// ("to be closer to the office") or a role.
func planTail(s string) string {
	p := trimPurpose(cut(s))
	return strings.TrimSpace(planTailRE.ReplaceAllString(p, ""))
}

// movePointer are the words that point at a place said before.
var movePointer = setOf(`it there here them that this`)

// occasionIsRE: an occasion said with its date after "is", "are" or
// "will be" (group 1 the occasion, group 2 what follows the verb).
var occasionIsRE = regexp.MustCompile(`^(?i:(?:and|also|so|oh|btw|plus|then|reminder|fyi)[,!.:\s]+)*(?i:(?:the|my|our)\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)(?i:\s+is|\s+are|\s+will\s+be|'s)\s+(.+)$`)

// dateLeadRE: what follows the verb starts with the date.
var dateLeadRE = regexp.MustCompile(`(?i)^(?:(?:probably|likely|now|still|finally|officially)\s+)?(?:on|in|this|next|tomorrow|tonight|from|\d|the\s+\d|` + monthRE + `\b|` + dayRE + `\b)`)

// vagueOccasion are occasion words that said alone do not say which.
var vagueOccasion = setOf(`date flight time deadline move meeting appointment`)

// marryingRE: someone getting married (group 1 who: the first person,
// "me and my partner Jovan", a name).
var marryingRE = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|also|btw)\s+)(?:(?i:my|our)\s+(?:[\p{L}-]+\s+){1,2})?((?i:i|we|me\s+and\s+[^,;]+?|[^,;]+?\s+and\s+i)|\p{Lu}[\p{L}'’-]+)(?i:'m|'re|\s+am|\s+are|\s+is|'s)\s+(?i:(?:finally|officially|actually|also)\s+)*(?i:getting\s+married|getting\s+hitched|tying\s+the\s+knot)\b`)

// fpMoveRE: the move is said with "I'm" or "we're".
var fpMoveRE = regexp.MustCompile(`(?i)\b(?:i'm|im|i\s+am|we're|we\s+are|were)\b`)

// finiteAfterGerund are verbs that make "moving to X" a subject: "Moving to
// Linux was the best decision".
var finiteAfterGerund = setOf(`was is were are has had changed made helped gave felt feels been`)

// coupleRE: the speaker and another as one subject.
var coupleRE = regexp.MustCompile(`(?i)\bme\s+and\s+\S|\band\s+i\s+(?:are|'re)\b`)

// inForRE: the first person joins what is planned (group 1): "I'm in for
// the hike", "Count me in for the pastéis".
var inForRE = regexp.MustCompile(`(?i)(?:\b(?:i'm|im|i\s+am|we're|we\s+are)(?:\s+(?:so|totally|definitely|also|def))?\s+in|\bcount\s+(?:me|us)\s+in)\s+for\s+((?:the|a|an|some)?\s*\p{L}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,3})`)

// soundsInRE: what another proposed, joined: "A pastry party sounds
// awesome, count me in!" (group 1).
var soundsInRE = regexp.MustCompile(`(?i)^(?:(?:oh|wow|yes|yeah|ooh|that)[,!.\s]+)*(?:an?|the)\s+((?:[\p{L}'’-]+\s+){0,2}[\p{L}'’-]+)\s+sounds\s+(?:so\s+|really\s+|super\s+)?(?:great|awesome|amazing|fun|perfect|good|lovely|brilliant)[,!.\s]+(?:count\s+me\s+in|i'm\s+in)\b`)

// schoolStart are what one starts said alone: "Tomé starts school".
var schoolStart = setOf(`school kindergarten preschool nursery uni university college`)

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// aheadSubject is whose plan a start or a move on a date ahead is (group 1
// the subject as written, group 2 what follows the verb): "" when the
// clause does not state it, has no date ahead, or names no one it can be.
func aheadSubject(c *clause, m []string) string {
	if !c.mode(strings.TrimSuffix(m[0], m[2])) || c.neg || !c.hasDate || !c.date.After(day(c.at)) {
		return ""
	}
	i := strings.Index(c.text, m[0])
	return planSubject(c, m[0], m[1], i <= 0 || strings.TrimSpace(c.text[:i]) == "")
}
