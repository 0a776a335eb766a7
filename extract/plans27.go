package extract

import (
	"regexp"
	"strings"
)

// Plans said by the frames chat uses around an occasion or a search
// rather than by "I'm going to …" (session 27, from the plan misses of the
// synthetic rounds 1–2 and of locomo_more.jsonl): what one gets ready,
// trains or rehearses for ("I've been busy getting ready for a yoga
// retreat", "practicing for my next tournament"), what one is on the hunt
// for ("I'm looking for a new job"), a line of work weighed ("I'm
// considering a career in nursing"), and an occasion of one's own said
// with its date and no verb ("Then the conference in Lisbon, 22–25 Oct",
// "Exams in June", "Panto rehearsals start in three weeks"). Cases in
// plans27_test.go.

// fpLead27 is what may stand before the frame when the speaker is its
// subject: nothing, a filler, or the first person with its auxiliaries
// ("I've been busy", "we're", "Still").
var fpLead27 = regexp.MustCompile(`(?i)^(?:(?:yeah|yes|yep|ok|okay|so|and|but|also|plus|btw|well|oh|right\s+now|lately|currently|still|just|now|honestly|anyway|meanwhile)[,!.\s]+)*` +
	`(?:(?:i|we)(?:'m|'re|'ve|\s+am|\s+are|\s+have|\s+was|\s+were)?(?:\s+(?:been|also|still|just|currently|really|now|already|finally|busy|kinda|kind\s+of|pretty|super|so|hard\s+at\s+work|all\s+week|all\s+day|officially|actively|seriously))*\s*)?` +
	`(?:(?:been|busy|still|currently|just|also|now)\s+)*$`)

// readyForRE: getting ready, training or rehearsing for what comes
// (group 2).
var readyForRE = regexp.MustCompile(`(?i)\b(getting\s+ready|gearing\s+up|preparing|prepping|training|practi[cs]ing|rehearsing|studying|revising|cramming)(?:\s+(?:hard|like\s+crazy|a\s+lot|so\s+hard|really\s+hard|non-?stop))?\s+for\s+((?:an?|my|our|the|this|next|upcoming)\s+.+)`)

// readyHeads are occasions one gets ready for, beside occasionHead's.
var readyHeads = setOf(`final fundraiser market season finals midterms exams exam tournament tournemant championship championships
	contest meet triathlon ironman trek expedition climb pilgrimage premiere debut play panto musical production pitch
	speech launch sale fair tryouts trials move gala showcase`)

// huntForRE: a search for something to have (group 1).
var huntForRE = regexp.MustCompile(`(?i)\b(?:looking\s+for|on\s+the\s+hunt\s+for|hunting\s+for|searching\s+for|on\s+the\s+lookout\s+for|in\s+the\s+market\s+for)\s+((?:an?|some)\s+.+)`)

// huntHeads are what a search for one's own is a plan for: work, a home,
// a car (a pet is isPet's).
var huntHeads = setOf(`job jobs position role gig internship apprenticeship apartment flat house home room place car
	partner roommate flatmate`)

// weighRE: a line of work, a course or a pet weighed (group 1).
var weighRE = regexp.MustCompile(`(?i)\b(?:considering|thinking\s+(?:of|about)|looking\s+(?:at|into)|eyeing|weighing\s+up)\s+((?:an?|some)\s+.+)`)

// weighHeads are what is weighed as a plan.
var weighHeads = setOf(`career job position role degree masters master's phd course program programme apprenticeship
	internship move`)

// prepRE27 cuts a noun phrase at the first preposition, to find its head.
var prepRE27 = regexp.MustCompile(`(?i)\s+(?:in|at|with|for|on|near|to|as|from|of|by|around|about|this|next|that|which|who|where|so|because|but|and)\b.*$`)

// headOf is the last word of p before its first preposition, lower case.
func headOf(p string) string {
	return strings.ToLower(strings.Trim(lastWord(prepRE27.ReplaceAllString(p, "")), `"',.!?`))
}

// bareOccasionRE: a clause that is only an occasion, said with its date
// removed ("Then the ICES conference in Lisbon", "Exams", "Panto
// rehearsals start"): group 1 the occasion, group 2 where.
var bareOccasionRE = regexp.MustCompile(`^(?i:(?:then|and|also|so|oh|btw|plus|next|after\s+that|first)[,!.:\s]+)*(?i:(?:the|my|our|an?)\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)(?:\s+(?i:in|at)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?))?(?i:\s+(?:starts?|begins?|kicks?\s+off|is|are))?$`)

// notInOccasion are words no bare occasion's name holds: a subject, an
// auxiliary, a verb of its own.
var notInOccasion = setOf(`i we you he she they it this that there who what will would can could should must may might shall
	do does did to be been have has had not never miss missing won't can't don't didn't is are was were i'm im we're i've
	we've i'll we'll going coming getting having doing`)

// dayRangeRE: a range of days with an en dash ("12–15 May", "22–25
// Oct"), which the clause splitter would otherwise cut at the dash.
var (
	dayRangeRE  = regexp.MustCompile(`(?i)\b(\d{1,2})\s*[–—]\s*(\d{1,2}(?:st|nd|rd|th)?\s+` + monthRE + `)`)
	dayRangeRE2 = regexp.MustCompile(`(?i)\b(` + monthRE + `\s+\d{1,2})\s*[–—]\s*(\d{1,2})\b`)
)

// joinDayRange writes a range of days with a hyphen, so that it stays in
// one clause.
func joinDayRange(s string) string {
	return dayRangeRE2.ReplaceAllString(dayRangeRE.ReplaceAllString(s, "${1}-${2}"), "${1}-${3}") // ${2} is monthRE's own group
}

// rangeTailRE: the first day of a range whose last day was read as the
// date ("22–25 Oct").
var rangeTailRE = regexp.MustCompile(`[\s,]*\d{1,2}\s*[–-]\s*$`)

// fpLeadOK: the words before a frame leave the speaker its subject: the
// fillers of fpLead27, or a clause of the first person with no other
// subject in it ("I'm busy at the shelter getting ready for …").
func fpLeadOK(prefix string) bool {
	return fpLead27.MatchString(prefix) || fpStartRE.MatchString(prefix) && !otherSubjRE.MatchString(prefix)
}

var (
	fpStartRE   = regexp.MustCompile(`(?i)^(?:(?:yeah|yes|so|and|but|also|well|oh|honestly)[,!.\s]+)*(?:i|i'm|im|i've|we|we're|we've)\b`)
	otherSubjRE = regexp.MustCompile(`(?i)\b(?:he|she|they|you|u|it|he's|she's|they're|you're|it's|his|her|their|your|who|which|that)\b`)
)

// withDet keeps the determiner the text gave a one-word claim ("a
// fundraiser"): a bare noun reads as no plan to the plan filter.
func withDet(p, raw string) string {
	if len(strings.Fields(p)) != 1 || tripWords[strings.ToLower(p)] {
		return p // "Can't wait for the trip!": which trip was said elsewhere
	}
	if ws := strings.Fields(cut(raw)); len(ws) >= 2 && strings.EqualFold(strings.Trim(ws[1], `"',.!?`), p) {
		return ws[0] + " " + p
	}
	return p
}

func init() {
	rules = append(rules,
		// "I've been busy getting ready for a yoga retreat", "practicing
		// for my next video game tournament".
		r(readyForRE.String(), 2, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || !c.mode(c.text[:i]) || c.neg {
				return
			}
			p := object(m[2])
			if p == "" {
				return
			}
			h := headOf(p)
			if !(occasionHead(h) || readyHeads[h] || planNouns[h]) || strings.HasSuffix(h, "s") && !readyHeads[h] && !appointmentWords[h] {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", withDet(p, m[len(m)-1]), Foresight, confPlan-4)
		}),
		// "I'm on the hunt for a new job", "looking for a place near a park".
		r(huntForRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || !c.mode(c.text[:i]) || c.neg {
				return
			}
			p := object(m[1])
			if p == "" {
				return
			}
			h := headOf(p)
			if !(huntHeads[h] || isPet(h)) {
				return
			}
			if h == "place" && !placeToLiveRE.MatchString(p) {
				return // "a place to eat": an errand
			}
			c.fore = true
			c.add(c.speaker, "plans", withDet(p, m[len(m)-1]), Foresight, confPlan-4)
		}),
		// "I'm considering a career in nursing", "looking at a dispatcher job".
		r(weighRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || hasForesight(c) {
				return
			}
			if !c.mode(c.text[:i]) || c.neg {
				return
			}
			p := object(m[1])
			if p == "" {
				return
			}
			if h := headOf(p); !(weighHeads[h] || isPet(strings.ToLower(lastWord(p)))) {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", withDet(p, m[len(m)-1]), Foresight, confPlan-4)
		}),
		// An occasion said alone with its date: "Then the ICES conference
		// in Lisbon, 22–25 Oct", "Exams in June", "Panto rehearsals start
		// in three weeks".
		rule{re: regexp.MustCompile(`^.+$`), claim: 0, fn: func(c *clause, m []string) {
			if hasForesight(c) {
				return
			}
			t := c.raw
			if !c.hasDate {
				// "Then the ICES conference in Lisbon, 22–25 Oct": the date
				// is the rest of the sentence, and all of it.
				i := strings.Index(c.sent, c.raw)
				if i < 0 || !strings.HasPrefix(strings.TrimSpace(c.sent[i+len(c.raw):]), ",") && !strings.HasPrefix(strings.TrimSpace(c.sent[i+len(c.raw):]), "–") {
					return
				}
				t = c.raw + c.sent[i+len(c.raw):]
			}
			d, t, ok := findDate(t, c.at)
			if !ok {
				return
			}
			t = rangeTailRE.ReplaceAllString(strings.TrimSpace(strings.TrimRight(t, ",.!;: ")), "")
			if !c.hasDate {
				c.date, c.hasDate = d, true
				defer func() { c.hasDate = false }()
			}
			if !c.date.After(day(c.at)) {
				return
			}
			mm := bareOccasionRE.FindStringSubmatch(t)
			if mm == nil {
				return
			}
			p := strings.TrimSpace(mm[1])
			for _, w := range strings.Fields(strings.ToLower(p)) {
				if notInOccasion[w] {
					return // "we talk tomorrow", "Aarav will miss the game": a clause, no occasion named
				}
			}
			h := strings.ToLower(lastWord(p))
			if !(occasionHead(p) || readyHeads[h] || h == "rehearsals" || h == "rehearsal") || strings.Contains(strings.ToLower(p), "birthday") {
				return
			}
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(c.raw)), "his ") || strings.HasPrefix(strings.ToLower(strings.TrimSpace(c.raw)), "her ") {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}},
	)
}

// placeToLiveRE: a place searched for as a home ("a place to live", "a
// place near work"), not "a place to eat".
var placeToLiveRE = regexp.MustCompile(`(?i)\bplace\s+(?:to\s+live|near|in|with|by|close)\b`)

// startAheadRE: a turn that says when a job or a course begins.
var startAheadRE = regexp.MustCompile(`(?i)\b(?:start|starts|starting|begin|begins|beginning)\b`)

// jobAhead reports whether the turn of c says the job just won begins on a
// date ahead ("I got the job at Shopify!! Start January 6"): a job won
// but not begun is a plan, no job held yet.
func jobAhead(c *clause) bool {
	if c.hasDate && c.date.After(day(c.at)) {
		return true
	}
	t := c.turn
	if t == "" {
		t = c.raw
	}
	for _, s := range sentenceSplitRE27.Split(t, -1) {
		if startAheadRE.MatchString(s) {
			if d, _, ok := findDate(s, c.at); ok && d.After(day(c.at)) || eagerStartRE.MatchString(s) {
				return true
			}
		}
	}
	return false
}

// eagerStartRE: a start awaited, with no date: "Can't wait to start my
// journey!", "so excited to start" (session 28).
var eagerStartRE = regexp.MustCompile(`(?i)\b(?:can'?t\s+wait|cannot\s+wait|excited|stoked|pumped|eager|looking\s+forward)\s+to\s+(?:start|starting|begin|beginning)\b`)

var sentenceSplitRE27 = regexp.MustCompile(`[.!?;]+\s+|\n+`)

// jobWonRE: a job won (group 1 what it is): "I got the job at Shopify",
// "got a job as a curriculum developer", "landed the placement".
var jobWonRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|officially|actually)\s+)*(?:got|landed|accepted|was\s+offered|been\s+offered|got\s+offered)\s+)((?i:the|a|an|my)\s+(?i:(?:new|permanent|full-time|part-time|dream|first)\s+)*(?:[\p{L}'-]+\s+){0,2}?(?i:job|position|role|post|placement|internship|apprenticeship|postdoc|residency|fellowship)\b.*)`)

// acceptedRE: a place won on a course or an internship (group 1): "I just
// got accepted for a fashion internship", "I got into the agronomy
// program", "got a place on the master's".
var acceptedRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|officially|actually)\s+)*(?:got\s+accepted|was\s+accepted|been\s+accepted|got\s+into|got\s+a\s+(?:place|spot|seat))\s+(?:for\s+|into\s+|to\s+|on\s+|in\s+|at\s+)?)((?i:the|a|an|my)\s+.+)`)

// acceptedHeads are what one is accepted onto.
var acceptedHeads = setOf(`internship program programme course master's masters degree phd apprenticeship residency
	fellowship placement scholarship`)

func init() {
	rules = append(rules,
		r(jobWonRE.String(), 1, func(c *clause, m []string) {
			if !jobAhead(c) {
				return
			}
			p := phrase(m[1])
			if len(strings.Fields(p)) > 8 {
				// "a job as a data analyst with an edtech company in
				// Joburg": the job, without where (session 28)
				if i := strings.Index(p, " with "); i > 0 {
					p = p[:i]
				}
			}
			if ws := strings.Fields(p); len(ws) < 2 || len(ws) > 10 {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-2)
		}),
		r(acceptedRE.String(), 1, func(c *clause, m []string) {
			p := phrase(m[1])
			if p == "" || len(strings.Fields(p)) > 8 || !acceptedHeads[headOf(p)] {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", withDet(p, m[1]), Foresight, confPlan-2)
		}),
	)
}

// cantWaitForRE: an occasion awaited (group 1): "can't wait for the tour
// with Frank".
var cantWaitForRE = regexp.MustCompile(`(?i:(?:^(?:[\p{L}!]+[,!.]+\s+)?|\b(?:i|we)\s+)(?:really\s+|just\s+|honestly\s+)?(?:(?:can't|cannot|can\s+not|cant)\s+wait\s+for|eagerly\s+await)\s+)((?i:the|a|an|my|our|this|next|that)\s+.+)`)

// plansForRE: plans made for an occasion (group 1): "I have plans for a
// hike next month".
var plansForRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have|\s+had)?\s+)(?:got\s+|made\s+|have\s+|already\s+)*(?:big\s+|some\s+)?plans\s+for\s+)((?i:a|an|the|my|our|this|next)\s+.+)`)

// releaseRE: a new thing coming out (group 1): "There's a new fantasy TV
// series coming out next month".
var releaseRE = regexp.MustCompile(`(?i:^(?:(?:woo-?hoo|yay|omg|oh|and|so|also|btw)[,!.\s]+)*(?:there's|there\s+is)\s+)((?i:an?|this)\s+(?i:new|brand\s+new)\s+.+?)(?i:\s+(?:coming\s+out|out|released|dropping|premiering))\b`)

// eagerRE: the words in a turn that await what it names.
var eagerRE = regexp.MustCompile(`(?i)\b(?:can't\s+wait|cannot\s+wait|cant\s+wait|so\s+excited|really\s+excited|looking\s+forward|stoked|pumped|hyped)\b`)

// occasionPlan is the plan of an occasion awaited or planned for
// (cantWaitForRE, plansForRE): only an occasion, an event or a plan noun.
func occasionPlan(c *clause, m []string) {
	if hasForesight(c) {
		return
	}
	p := object(m[1])
	if p == "" {
		return
	}
	if h := headOf(p); !(planNouns[h] || eventNouns[h] || occasionHead(h)) {
		return
	}
	c.fore = true
	c.add(c.speaker, "plans", withDet(p, m[1]), Foresight, confPlan-4)
}

func init() {
	rules = append(rules,
		r(cantWaitForRE.String(), 1, occasionPlan),
		r(plansForRE.String(), 1, occasionPlan),
		rawRule(releaseRE.String(), 1, func(c *clause, m []string) {
			t := c.turn
			if t == "" {
				t = c.raw
			}
			if hasForesight(c) || !eagerRE.MatchString(t) {
				return
			}
			if p := phrase(m[1]); p != "" && len(strings.Fields(p)) <= 6 {
				c.fore = true
				c.add(c.speaker, "plans", p, Foresight, confPlan-4)
			}
		}),
	)
}

// signedUpRE: a place taken in an event (group 1): "I just signed up for
// the Tallinn marathon again", "signed up for next year's retreat".
var signedUpRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|already|officially|also|have|'ve)\s+)*(?:signed\s+up\s+(?:for|to)|registered\s+for|entered)\s+)((?i:an?|the|my|our|next\s+year's|this\s+year's)\s+.+)`)

// signedUpHeads are the one-off events a place is taken in; a class or a
// course signed up for is joined only (the labelled sets write "signed up
// for a pottery class" as joined, "for the Accra Half Marathon" as both).
var signedUpHeads = setOf(`marathon half race run triathlon ironman duathlon retreat workshop competition tournament contest
	conference festival camp trip tour trek hike cruise gala fair ultra 10k 5k swim ride sportive`)

// outcomeRE: the event signed up for is already over ("entered a local
// tournament and took second place").
var outcomeRE = regexp.MustCompile(`(?i)\b(?:took|won|finished|came\s+(?:first|second|third|last)|placed|completed|ran\s+it|did\s+it|lost)\b`)

func init() {
	rules = append(rules,
		r(signedUpRE.String(), 1, func(c *clause, m []string) {
			if hasForesight(c) || outcomeRE.MatchString(c.raw) || c.hasPast && !c.hasDate {
				return
			}
			p := object(m[1])
			if p == "" || !signedUpHeads[headOf(p)] {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", withDet(p, m[1]), Foresight, confPlan-4)
		}),
	)
}
