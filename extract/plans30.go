package extract

import (
	"regexp"
	"strings"
	"time"
)

// Trips ahead said in chat's own frames (session 30, from the travels_to
// misses of the read sets, the largest group of the plan family's misses):
// a stay said by where one will be ("I'll be in Galway from the 10th",
// "I'm in Durban for work all week", "me in goa from tomorrow"), a journey
// said by its verb after a first-person subject the earlier rules do not
// read ("then I fly home to Freiburg", "we r coming to italy in august",
// "we're away over Christmas, off to Chennai", "I'll take the train up to
// Aberdeen"), and a journey said by its tickets or its trip ("flights to
// Nice booked", "solo trip to Morocco in October"). The place must be a
// known place when written in lower case or after a loose verb (go, come);
// a capitalised unknown name is kept only after a verb of travel proper
// (fly, travel, head, leave for) or a stay ("be in"). A question, a
// condition ("if I win the lottery I will take her to Lapland"), a negation
// or a wish ("would", "should", "might") gives none. Cases in
// plans30_test.go.

// place30 is a place as chat writes it: capitalised words, or one word in
// lower case (checked against the gazetteer).
const place30 = `(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}|\p{Ll}[\p{L}'’-]+)`

var (
	// stayWillRE: "I'll be in Galway", "we will be back in Lisbon", "I'll be
	// at my mum's in Ibadan over Easter".
	stayWillRE = regexp.MustCompile(`(?i:\b(?:i'?ll|i’ll|i\s+will|we'?ll|we’ll|we\s+will|i'?m\s+gonna|im\s+gonna|i'?m\s+going\s+to|we'?re\s+(?:gonna|going\s+to))\s+(?:(?:also|only|still|probably|definitely|actually)\s+)?be\s+(?:(?:back|away|out|up|down|over|off|staying)\s+)?(?:at\s+(?:my|our)\s+[\w'’]+(?:\s+[\w'’]+)?\s+)?in\s+)` + place30)
	// goVerbRE: a journey after a first-person subject: "then I fly home to
	// Freiburg", "we r coming to italy in august", "I'll take the train up
	// to Aberdeen", "In summer we go to Montreal".
	goVerbRE = regexp.MustCompile(`(?i:\b(i|we|im|i'?m|i’m|we'?re|we’re|i'?ll|i’ll|we'?ll|we’ll|i\s+am|we\s+are|we\s+r|i\s+will|we\s+will)\s+(?:(?:also|only|then|finally|actually|just|all|both|definitely|probably|now|still)\s+)?(fly|flying|head|heading|drive|driving|travel|travelling|traveling|come|coming|go|going|leave\s+for|leaving\s+for|take\s+(?:a|the)\s+(?:train|boat|ferry|bus|plane|flight)|taking\s+(?:a|the)\s+(?:train|boat|ferry|bus|plane|flight))\s+(?:(?:back|home|down|up|over|out|across|again)\s+){0,2}(?:to\s+))` + place30)
	// offToRE: the subject left out after a comma: "we're away over
	// Christmas, off to Chennai", "…, flying to Oslo on Friday".
	offToRE = regexp.MustCompile(`(?i:[,;:—–]\s*(?:then\s+)?(off|heading|flying)\s+(?:(?:back|home|down|up|over)\s+)?to\s+)` + place30)
	// ticketsToRE: "flights from bergen to nice booked", "I booked my
	// flight to Halifax", "our flight to Chicago on the 3rd".
	ticketsToRE = regexp.MustCompile(`(?i:\b(?:my|our|booked|bought|got)\s+(?:\w+\s+)?(?:flights?|tickets?|train|ferry|plane\s+tickets?)\s+(?:from\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s+)?to\s+)` + place30 + `|` +
		`(?i:\b(?:flights?|tickets?)\s+(?:from\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s+)?to\s+)` + place30 + `(?i:\s+(?:are\s+|all\s+|finally\s+)*booked)`)
	// tripToRE30: "solo trip to Morocco in October", "my trip to Porto next
	// month": a trip with a date ahead.
	tripToRE30 = regexp.MustCompile(`(?i:\b(?:trip|travel|holiday|vacation|getaway|honeymoon)\s+to\s+(?:the\s+)?)` + place30)

	firstPerson30 = regexp.MustCompile(`(?i)\b(?:i|we|i'm|i’m|im|we're|we’re)\b`)
	forOther30    = regexp.MustCompile(`(?i)^[^.!?]*?\bfor\s+(?:my|his|her|their|him|them|\p{Lu})`)
	possHead30    = regexp.MustCompile(`(?i)\b(?:my|our|the|his|her|their)\b`)

	// pastTrip30: a trip told, not planned.
	pastTrip30 = regexp.MustCompile(`(?i)\b(?:was|were|went|had|did|last|ago|loved|enjoyed|remember|back\s+from|got\s+back|how\s+was|yesterday)\b`)
	// unsureGo30: a wish, a condition or a doubt before the journey.
	unsureGo30 = regexp.MustCompile(`(?i)\b(?:no\s+way|if|would|wouldn'?t|could|couldn'?t|should|shouldn'?t|might|maybe|wish|unless|hope|hoping|not|never|can'?t|cannot|won'?t|don'?t|didn'?t|isn'?t|wasn'?t)\b|n't\b|n’t\b`)
	// placeNextOK30: what may follow a place read after "be in" or "to"; other
	// words say it was no place ("in nice weather", "to Costa Coffee").
	placeNextOK30 = regexp.MustCompile(`(?i)^(?:\s*$|\s*[,.;:!?)(—–-]|\s+(?:in|on|for|from|until|till|til|next|this|tomorrow|tmrw|with|w|to|and|then|over|at|after|before|soon|by|around|again|during|the|a|first|via|lol|haha|tho|though)\b|\s*[\p{So}\p{Sk}])`)
)

// travelVerb30 are the verbs after which a capitalised name unknown to the
// gazetteer is still read as a place ("fly to Pokhara").
var travelVerb30 = setOf(`fly flying head heading travel travelling traveling leave leaving take taking off`)

// plans30 adds the trips ahead the earlier passes left.
func plans30(text, speaker string, at time.Time, out []Fact) []Fact {
	low := strings.ToLower(text)
	if !strings.Contains(low, " to ") && !strings.Contains(low, " in ") {
		return out
	}
	have := map[string]bool{}
	for _, f := range out {
		if f.Subject == speaker && (f.Predicate == "travels_to" || f.Predicate == "lives_in" || f.Predicate == "moved") {
			have[strings.ToLower(f.Claim)] = true
		}
	}
	add := func(p string, date time.Time) {
		lp := strings.ToLower(p)
		if have[lp] {
			return
		}
		for _, f := range out {
			if f.Subject == speaker && f.Predicate == "plans" && strings.Contains(" "+strings.ToLower(f.Claim)+" ", " "+lp+" ") {
				return // "moving back to Montreal" already says it
			}
		}
		have[lp] = true
		out = append(out, Fact{Subject: speaker, Predicate: "travels_to", Claim: p, Kind: Foresight,
			Polarity: Positive, ValidFrom: date, Confidence: confPlan, Speaker: speaker})
	}
	for _, s := range sentences(text) {
		st := strings.TrimSpace(s)
		if strings.HasSuffix(st, "?") {
			continue // a question: "are u coming to rotorua?"
		}
		date, _, future := findDate(st, at)
		when := at
		if future {
			when = date
		}
		try := func(re *regexp.Regexp, loose func(m []string) bool, need func(before, after string) bool) {
			for _, loc := range re.FindAllStringSubmatchIndex(st, -1) {
				m := make([]string, len(loc)/2)
				for i := range m {
					if loc[2*i] >= 0 {
						m[i] = st[loc[2*i]:loc[2*i+1]]
					}
				}
				pi := len(m) - 1
				for pi > 0 && m[pi] == "" {
					pi--
				}
				end := loc[2*pi+1]
				before, after := clauseHead30(st[:loc[0]]), st[end:]
				if unsureGo30.MatchString(before) || unsureGo30.MatchString(st[loc[0]:loc[2*pi]]) {
					continue
				}
				if re == goVerbRE && !aheadGo30(m[1], m[2], before, future) {
					continue
				}
				p := place30Claim(m[pi], after, loose(m))
				if p == "" || need != nil && !need(before, after) {
					continue
				}
				add(p, when)
			}
		}
		if strings.Contains(strings.ToLower(st), " be ") {
			try(stayWillRE, func([]string) bool { return true }, nil)
		}
		try(goVerbRE, func(m []string) bool {
			return travelVerb30[strings.ToLower(strings.Fields(m[2])[0])]
		}, nil)
		if pastTrip30.MatchString(st) {
			continue
		}
		try(offToRE, func([]string) bool { return true }, func(before, _ string) bool {
			return firstPerson30.MatchString(before) // "My sister is in Rome, flying to Paris": hers
		})
		try(ticketsToRE, func([]string) bool { return true }, func(_, after string) bool {
			return !forOther30.MatchString(after) // "flights to Italy for my parents": theirs
		})
		if future && !strings.Contains(strings.ToLower(st), "your") {
			try(tripToRE30, func([]string) bool { return false }, func(before, _ string) bool {
				return len(strings.Fields(before)) <= 1 && !possHead30.MatchString(before) // "solo trip to Morocco in October"
			})
		}
	}
	return out
}

// aheadGo30: "we go to X", "I fly to X" in the present simple is a habit
// unless a date ahead or a "then" or "when" says it is to come; the
// will/'ll and -ing forms are ahead by themselves.
func aheadGo30(subj, verb, before string, future bool) bool {
	ls, lv := strings.ToLower(subj), strings.ToLower(strings.Fields(verb)[0])
	if strings.Contains(ls, "ll") || strings.Contains(ls, "will") {
		return true
	}
	if strings.HasSuffix(lv, "ing") {
		return ls != "i" && ls != "we" || future // "I'm flying to Oslo"; a bare "we going" wants its date
	}
	if ls != "i" && ls != "we" {
		return false // "I'm go": no English
	}
	if pastLead30.MatchString(before) {
		return false
	}
	return future || thenLead30.MatchString(before)
}

var (
	thenLead30  = regexp.MustCompile(`(?i)\b(?:then|after\s+that|afterwards|when|next)\s*$`)
	pastLead30  = regexp.MustCompile(`(?i)\b(?:every|always|usually|often|sometimes|each|normally)\b`)
	clauseCut30 = regexp.MustCompile(`[,;:—–(]|\bbut\b|\bso\b`)
)

// clauseHead30 is the words before a match within its own clause.
func clauseHead30(before string) string {
	if locs := clauseCut30.FindAllStringIndex(before, -1); len(locs) > 0 {
		return before[locs[len(locs)-1][1]:]
	}
	return before
}

// place30Claim checks the place read and returns it as written, or "".
// loose lets a capitalised name unknown to the gazetteer stand.
func place30Claim(p, after string, loose bool) string {
	p = strings.TrimSpace(p)
	if p == "" {
		return ""
	}
	ws := strings.Fields(p)
	// cut a capitalised run at a month, a weekday or a word that is no name
	for i, w := range ws {
		if i > 0 && (calendarName(w) || stopCap30[strings.ToLower(w)]) {
			ws = ws[:i]
			after = " x" // words followed: the place ends at a word
			break
		}
	}
	p = strings.Join(ws, " ")
	lp := strings.ToLower(p)
	if stopCap30[lp] || calendarName(p) {
		return ""
	}
	if after != " x" && !placeNextOK30.MatchString(after) {
		return "" // "in nice weather", "to Costa Coffee"
	}
	if isCapital(p) {
		if knownPlace(p) {
			return p
		}
		if !loose || lexNames.has(ws[0]) || len(ws[0]) < 3 {
			return ""
		}
		return p
	}
	// lower case: a known place only, and a word that is no common noun
	if len(ws) == 1 && isPlace(p) && !lowAmbiguous30[lp] && !lexCommonPlaces.has(p) {
		return p
	}
	return ""
}

// stopCap30 are capitalised words that are no place.
var stopCap30 = setOf(`i i'm i'll the a an my our your his her their this that me us you it work home school town bed ` +
	`christmas easter xmas new ramadan eid diwali thanksgiving halloween summer winter spring autumn fall weekend ` +
	`mum mom dad mums moms dads mother father grandma granny nan gran hospital office church uni college ` +
	`lol haha omg ok okay yes no pm am tbh also then via and but so`)

// lowAmbiguous30 are places that are ordinary words in lower case.
var lowAmbiguous30 = setOf(`nice reading bath mobile split bar victoria florence jersey york orange ` +
	`sale wells march may june august chester lincoln phoenix paradise hope plenty deal royal`)
