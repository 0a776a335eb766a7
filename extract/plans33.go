package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"
)

// Plans of chat the earlier passes left (session 33, from the plan misses
// of the read sets). Cases in plans33_test.go. Three rules: a named
// person's wish to do something (othersWant33), a place of work or study
// with its start ahead (startAt33), and a ticket to a place booked or
// looked at (ticketTo33).
//
// Tried and dropped: a sentence opening with a verb in -ing, the first
// person left out, and a date ahead in its clause ("Going to do the
// silicone this weekend", "Making a seeded rye for my mother-in-law's 70th
// on Sunday"): read sets +5 right of +5 with a date after today (with one
// of today, "Ordering a National hive tonight", +6 of +7), but kept back
// +1 predicted, none right.
//
// Read and left (the labelled sets do not agree with themselves on them,
// or they are one-off sentences): "let's …" (in the read sets some 60
// turns, one labelled); "Can't wait to <verb>" (tried in session 32, see
// plans32.go); "I'm in for …" / "count me in for …" (three labelled, "I'm
// definitely in for the show" not); "saving for …"; a child who "starts
// school/kindergarten" (two labelled, two not); "signed up for … in
// <month>" (one labelled, two said of the past not); a trip's occasion
// after "for" ("going to Nairobi for my cousin's nikah" labelled, "off to
// Gujarat … for my cousin's wedding" and "going to London … for my
// grandson's christening" not).

// plans33 adds plans the earlier passes left.
func plans33(text, speaker string, at time.Time, out []Fact) []Fact {
	sents := sentences(clean(text))
	out = othersWant33(sents, speaker, at, out)
	out = startAt33(sents, speaker, at, out)
	out = ticketTo33(sents, speaker, at, out)
	return out
}

// A named person's wish to do something, told by the speaker ("Rocío
// wants to be a veterinarian now", "my daughter Emi wants to move to
// Kagoshima after university", "Renata wants to hire a third physio",
// "Andrés will come in summer as my dependant, he wants to find work with
// the theatres in Bristol", "Vira is 11. She wants to be architect"): a
// plan of that person, as the labelled sets write it. "he"/"she" is read
// only when one name stands before it in its sentence, or the sentence
// before opens with one. Not in a question or a condition, not negated,
// not a verb of no plan ("Amma wants to know", "Losa wants to keep
// going"), and "be" only with an occupation ("wants to be a garbage
// truck", "wants to be around for him" give none).

// othersWantRE33: group 1 the name or pronoun, group 2 what is wished.
var othersWantRE33 = regexp.MustCompile(`(?:^|[,;:—–]\s*|\s-\s+|\b(?i:and|but|so|now|because|cause|plus|also)\s+|\b(?i:my|our)\s+(?:[a-z-]+\s+){0,2}?)(\p{Lu}[\p{L}'’-]+|(?i:he|she))\s*,?\s+(?:(?i:also|really|still|now|just|even|already|says\s+(?:he|she)|said\s+(?:he|she))\s+)*(?i:wants\s+to)\s+([a-z][^.!?;:—–()]*)`)

// wantEnd33: where what is wished ends.
var wantEnd33 = regexp.MustCompile(`(?i)\s*,|\s+(?:and|but|so|because|cause|after|before|when|once|like|since|while|instead|too|now|though|tho|lol|haha)\b|\s+at\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|night)\b|\s+in\s+the\s+(?:morning|evening|afternoon)\b`)

// withMe33: the speaker's company at the end of the wish ("run the 5k
// with me").
var withMe33 = regexp.MustCompile(`(?i)\s+with\s+(?:me|us)$`)

// wantNotVerb33 are verbs of a wish that name no plan.
var wantNotVerb33 = setOf(`know hear say tell talk speak ask help come stay keep be see sleep eat sit stop go get do make have
	give try chat play watch meet thank understand check`)

// wantVague33 are words that leave the wish unnamed.
var wantVague33 = setOf(`something anything everything this that it them these those stuff things there here same somewhere anywhere
	everyone everybody you u me us`)

// notPerson33 are capitalised words before "wants to" that name no one
// a plan could be kept for.
var notPerson33 = setOf(`mum mom mam mama mamma mummy mommy dad da daddy papa pappa amma appa nan nana gran granny grandma grandpa
	everyone everybody nobody somebody someone anyone who he she it they god`)

func othersWant33(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	prev := ""
	for _, raw := range sents {
		s := strings.TrimSpace(raw)
		before := prev
		prev = s
		if strings.HasSuffix(s, "?") || condRE.MatchString(s) {
			continue
		}
		for _, m := range othersWantRE33.FindAllStringSubmatchIndex(s, -1) {
			who := s[m[2]:m[3]]
			if wishLeadNotRE.MatchString(clauseHead30(s[:m[2]])) {
				continue
			}
			if lw := strings.ToLower(who); lw == "he" || lw == "she" {
				who = antecedent33(s[:m[2]], before)
			} else if !personWord33(who) && !(strings.Contains(strings.ToLower(s[m[0]:m[2]]), "my ") && kinNameWord(who, "")) {
				continue
			}
			if who == "" {
				continue
			}
			p := s[m[4]:m[5]]
			if k := wantEnd33.FindStringIndex(p); k != nil {
				p = p[:k[0]]
			}
			if _, rest, ok := findDate(p, at); ok {
				p = rest
			}
			p = withMe33.ReplaceAllString(strings.TrimSpace(trimCompanyTail(doneTailRE32.ReplaceAllString(strings.TrimSpace(p), ""))), "")
			if !wantPlan33(p) {
				continue
			}
			if planHeld31(out, who, p) {
				continue
			}
			out = append(out, Fact{Subject: who, Predicate: "plans", Claim: p, Kind: Foresight, Polarity: Positive,
				ValidFrom: at, Confidence: confPlan - 8, Speaker: speaker})
		}
	}
	return out
}

// wantPlan33 reports whether a wish's words name a plan: a verb with what
// it is about, or "be"/"become" with an occupation.
func wantPlan33(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) < 2 || len(ws) > 9 || hasWord31(strings.ToLower(p), wantVague33) || badObject(p) {
		return false
	}
	if ws[0] == "be" || ws[0] == "become" {
		n := ws[len(ws)-1]
		if ws[1] == "a" || ws[1] == "an" || ws[1] == "the" {
			ws = ws[1:]
		}
		return len(ws) <= 4 && (lexOccupations.has(n) || lexOccupations.has(strings.Join(ws[1:], " ")))
	}
	if wantNotVerb33[ws[0]] && !(ws[0] == "see" && seeNamed33.MatchString(p)) && !(ws[0] == "get" && ws[1] == "married") {
		return false // "see Nessie", "see the …" only of a place or a sight named
	}
	return ws[0] == "see" || !genericPlan(p)
}

// seeNamed33: a sight named by its capitals ("see Nessie", "see the
// Gardens by the Bay").
var seeNamed33 = regexp.MustCompile(`^(?i:see)\s+(?:(?i:the)\s+)?\p{Lu}`)

// personWord33 reports whether w, capitalised before "wants to", may be a
// person's name.
func personWord33(w string) bool {
	lw := strings.ToLower(w)
	if len([]rune(w)) < 3 || notPerson33[lw] || pronoun[lw] || isStopName(w) || stopWords[lw] || calendarName(w) || relKey(lw) != "" || textingWords[lw] {
		return false
	}
	if lexNames.has(w) {
		return true
	}
	return !lexCommon().has(lw) && !knownPlace(w) && !lexNationalities.has(lw)
}

// antecedent33 is the one name standing before "he"/"she" in its
// sentence, or opening the sentence before; "" when none or more than
// one.
func antecedent33(head, before string) string {
	var names []string
	for i, w := range strings.Fields(head) {
		w = strings.Trim(w, ",.;:!\"“”()")
		if w == "" || !unicode.IsUpper([]rune(w)[0]) || i == 0 && !lexNames.has(w) && lexCommon().has(strings.ToLower(w)) {
			continue
		}
		if personWord33(w) || i > 0 && relKey(strings.Trim(strings.Fields(head)[i-1], ",")) != "" && kinNameWord(w, "") {
			names = append(names, w)
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	if len(names) > 1 || strings.TrimSpace(head) != "" && !strings.HasSuffix(strings.TrimSpace(head), ",") {
		return ""
	}
	if ws := strings.Fields(before); len(ws) > 1 && len(names) == 0 {
		if w := strings.Trim(ws[0], ",.;:!"); personWord33(w) && unicode.IsUpper([]rune(w)[0]) {
			return w
		}
	}
	return ""
}

// A place of work or study named with its start ahead, the first person
// left out or said before the date ("I start on Monday at a logistics firm
// in Modena", "starting at Deltares in February, 3 days a week", "I'm
// starting at DBS in March"), or a job or course said as a phrase with
// its start after a comma ("A postdoc in Lisbon, starting in October",
// "new job at Solaris, start March 1", "a beginner group class at the
// community centre, starts in july"): a plan, as the labelled sets write
// it. Only with a date ahead, not in a question, a condition or a
// negation, and not a time of day ("I start at 9 tomorrow").

// startAtRE33: group 1 the place of work after "at"/"with", group 2 the
// rest of the clause; the date stands between the verb and "at", or after
// the place.
var startAtRE33 = regexp.MustCompile(`(?i)(?:^|[,;:.!]\s*|\b(?:i|we|i'?m|i’m|im|i\s+am|and|so|then|now)\s+)(?:(?:also|finally|officially|only)\s+)?(?:start|starting)\s+((?:(?:on|in|next|this|from|tomorrow|tmrw)\b[^,.!?;]{0,25}?\s+)?)(?:at|with)\s+([^,.!?;()]+)`)

// jobStartRE33: group 1 a job or course said as a phrase, then its start.
var jobStartRE33 = regexp.MustCompile(`(?i)(?:^|[.!;:,]\s*|\b(?:for|got|found|landed|accepted)\s+)((?:a|an|the|my|new|a\s+new)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:job|position|role|postdoc|post-doc|internship|course|class|programme|program|degree|master'?s|masters|phd|contract|placement|apprenticeship|residency|fellowship)\b[^,.!?;()]{0,50}?),\s+(?:starting|start|starts|from)\s+([^,.!?;()]+)`)

// myJobStartsRE33: group 1 one's job or course named with its place,
// group 2 the start ("my contract at TU starts in october").
var myJobStartsRE33 = regexp.MustCompile(`(?i)\b(?:my|our)\s+((?:new\s+|first\s+)?(?:job|position|role|postdoc|internship|course|programme|program|contract|placement|apprenticeship|residency|fellowship)\s+(?:at|in|with)\s+[^,.!?;()]{2,40}?)\s+(?:starts|begins|will\s+start|is\s+starting)\s+([^,.!?;()]+)`)

// startPlaceEnd33: where a place of work ends.
var startPlaceEnd33 = regexp.MustCompile(`(?i)\s+(?:as|doing|for|and|but|so|because|cause|if|once|when|full\s+time|part\s+time|\d+\s+days)\b`)

func startAt33(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		for _, m := range startAtRE33.FindAllStringSubmatchIndex(s, -1) {
			head := clauseHead30(s[:m[0]+1])
			if wishLeadNotRE.MatchString(head) || pastLead30.MatchString(s[:m[0]+1]) || secondLead32.MatchString(s[:m[0]+1]) {
				continue
			}
			lead := strings.ToLower(strings.TrimSpace(s[m[0]:m[2]]))
			if strings.Contains(" "+lead, " he ") || strings.Contains(" "+lead, " she ") {
				continue
			}
			place := s[m[4]:m[5]]
			if clockObj32.MatchString("at " + place) {
				continue // "I start at 9 tomorrow"
			}
			if k := startPlaceEnd33.FindStringIndex(place); k != nil {
				place = place[:k[0]]
			}
			date, rest, ok := findDate(s[m[2]:m[3]], at)
			if strings.TrimSpace(rest) != "" && ok {
				continue // words beside the date that are no date
			}
			if !ok {
				if date, rest, ok = findDate(place, at); ok {
					place = rest
				}
			}
			if !ok || date.Before(day(at)) {
				continue
			}
			place = strings.TrimSpace(doneTailRE32.ReplaceAllString(strings.TrimSpace(place), ""))
			o := object(place)
			if o == "" || len(strings.Fields(o)) > 8 || badObject(o) || hasWord31(strings.ToLower(o), vagueObj32) || planHeld31(out, speaker, o) || startHeld33(out, speaker) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "plans", Claim: o, Kind: Foresight, Polarity: Positive,
				ValidFrom: date, Confidence: confPlan - 6, Speaker: speaker})
		}
		for _, m := range append(jobStartRE33.FindAllStringSubmatchIndex(s, -1), myJobStartsRE33.FindAllStringSubmatchIndex(s, -1)...) {
			if wishLeadNotRE.MatchString(clauseHead30(s[:m[2]])) || pastLead30.MatchString(s[:m[2]]) {
				continue
			}
			date, _, ok := findDate(s[m[4]:m[5]], at)
			if !ok || date.Before(day(at)) {
				continue
			}
			o := object(strings.TrimSpace(s[m[2]:m[3]]))
			if o == "" || len(strings.Fields(o)) > 10 || badObject(o) || planHeld31(out, speaker, o) || startHeld33(out, speaker) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "plans", Claim: o, Kind: Foresight, Polarity: Positive,
				ValidFrom: date, Confidence: confPlan - 6, Speaker: speaker})
		}
	}
	return out
}

// startHeld33 reports whether the speaker already has a job or a course
// ahead in out (read by an earlier rule from the same turn).
func startHeld33(out []Fact, speaker string) bool {
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "plans" && jobWord33.MatchString(f.Claim) {
			return true
		}
	}
	return false
}

var jobWord33 = regexp.MustCompile(`(?i)\b(?:job|position|role|postdoc|internship|course|contract|placement|start\s+at)\b`)

// A ticket to a place, booked or looked at ("We booked the ferry to Cebu
// for the whole family, May 16", "I'm already looking at flights to
// Durban", "I need something to read on the train to Cardiff next week"):
// a trip ahead (travels_to), unless it is for someone else ("I booked a
// flight to London for my sister"). Only with a verb of booking or looking, or
// "on the … to" with a date ahead; not "Flights to Korea are £900" (a
// price, no trip), not in a question, a condition, a negation or the
// past ("on the ferry to Arran in 1976").

// ticketRE33: group 1 the frame, group 2 the place.
var ticketRE33 = regexp.MustCompile(`(?i:\b((?:booked|bought|got|grabbed|have|i'?ve\s+got|looking\s+at|checking|on)\s+(?:the|my|our|a|an|some|two|three|four|cheap|return|one-way)?\s*(?:(?:flight|plane|air|train|bus|coach|ferry|boat|return)\s+)?(?:flights?|tickets?|ferry|train|bus|coach|boat)\s+to)\s+)` + place30)

// forOtherRE33: the ticket is for someone else (group 1 who).
var forOtherRE33 = regexp.MustCompile(`^\s*,?\s*(?i:for)\s+((?i:my|our|his|her|their|him|them|mum|mom|dad)\b|\p{Lu}[\p{L}'’-]*)`)

func ticketTo33(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		for _, m := range ticketRE33.FindAllStringSubmatchIndex(s, -1) {
			head := clauseHead30(s[:m[0]])
			if wishLeadNotRE.MatchString(head) || secondLead32.MatchString(s[:m[0]]) || pastTrip30.MatchString(s[m[1]:]) {
				continue
			}
			if strings.HasPrefix(strings.ToLower(s[m[2]:m[3]]), "on ") {
				if date, _, ok := findDate(s[m[1]:], at); !ok || date.Before(day(at)) {
					continue // "on the train to Cardiff" with no date ahead: a journey now
				}
			}
			if fm := forOtherRE33.FindStringSubmatch(s[m[5]:]); fm != nil && !calendarName(fm[1]) {
				continue // "I booked a flight to London for my sister": her trip
			}
			p := place30Claim(s[m[4]:m[5]], s[m[5]:], false)
			if p == "" || !knownPlace(p) || planHeld31(out, speaker, p) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "travels_to", Claim: p, Kind: Foresight, Polarity: Positive,
				ValidFrom: at, Confidence: confPlan - 6, Speaker: speaker})
		}
	}
	return out
}
