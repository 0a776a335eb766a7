package extract

import (
	"regexp"
	"strings"
	"time"
)

// Plans of chat the earlier passes left (session 35, from the plan misses
// of the read sets). Cases in plans35_test.go. Three small frames, each
// found in more than one file: something joined that names no occasion
// (joinedFor35: read sets +5 right of +5, kept back +0/+0), money put by
// for a thing with no subject or with "trying to" (savingFor35: read +3
// of +3, kept back +0/+0), and a move said with no subject and no date
// (movingBare35: read +2 of +2, kept back +0/+0); and a trip said in a
// clause of time (whenTrip35: read +2 of +2, kept back +0/+0); and the
// stops of a trip listed after it (tripList35: read +6 of +6, kept back
// +3 of +3).

// plans35 adds the speaker's plans the earlier passes left.
func plans35(text, speaker string, at time.Time, out []Fact) []Fact {
	low := lowerASCII(text)
	if !strings.Contains(low, " for") && !strings.Contains(low, "sav") && !strings.Contains(low, "moving") &&
		!strings.Contains(low, "when") && !strings.Contains(low, "once") && !strings.Contains(low, ",") {
		return out
	}
	sents := sentences(clean(text))
	out = joinedFor35(sents, speaker, at, out)
	out = savingFor35(sents, speaker, at, out)
	out = movingBare35(sents, speaker, at, out)
	out = whenTrip35(sents, speaker, at, out)
	out = tripList35(sents, speaker, at, out)
	return out
}

// Something joined that is no occasion by its name ("Definitely, I'm in
// for the shakeout", "I'm in for ramen, that's a sacred ritual", "ya im
// in for rotorua if i can get the days off", "Count me in for the
// pastéis", "I'm down for a hike with you and your furry friends"): what
// the others planned, joined, is a plan of the speaker's. plans28.go
// reads "in for" with an occasion named ("the hike", "the party"); this
// reads the rest. Not a time or a pace ("I'm in for 6:00 pace", "Ok I'm in
// for 1:30"), not a place at another's plan ("Count me in for the front
// row"), not the idiom "in for a treat", not "those"/"it", not a
// negation or a question.

// joinedForRE35: group 1 what is joined.
var joinedForRE35 = regexp.MustCompile(`(?i)(?:\b(?:i'm|i’m|im|i\s+am|we're|we’re|we\s+are)(?:\s+(?:so|totally|definitely|also|def|100%|deffo))?\s+(in|down)|\bcount\s+(?:me|us)\s+in)\s+for\s+((?:the|a|an|some)?\s*\p{L}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,3})`)

// seatWords35 are places at another's plan, no plan of one's own.
var seatWords35 = setOf(`row seat seats spot place ride lift`)

// joinedNot35 are what one is "in for" or "down for" that is no plan.
var joinedNot35 = setOf(`whatever anything everything something it that this those these them you treat surprise shock
	trouble challenge long ride rough bumpy world lot bit count`)

func joinedFor35(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		m := joinedForRE35.FindStringSubmatchIndex(s)
		if m == nil || wishLeadNotRE.MatchString(clauseHead30(s[:m[0]])) {
			continue
		}
		raw := s[m[4]:m[5]]
		lr := strings.ToLower(raw)
		if strings.HasPrefix(lr, "a ") || strings.HasPrefix(lr, "an ") {
			if m[2] < 0 || strings.ToLower(s[m[2]:m[3]]) != "down" {
				continue // "I'm in for a treat": the idiom
			}
		}
		raw, from := ahead35(raw, at)
		p := strings.TrimSpace(articleRE.ReplaceAllString(strings.TrimSpace(raw), ""))
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) == 0 || len(ws) > 4 {
			continue
		}
		if joinedNot35[ws[0]] || joinedNot35[ws[len(ws)-1]] || seatWords35[ws[len(ws)-1]] || pronoun[ws[0]] {
			continue
		}
		if danglingPrep[ws[len(ws)-1]] {
			continue
		}
		if planHeld31(out, speaker, p) {
			continue
		}
		out = append(out, Fact{Subject: speaker, Predicate: "plans", Claim: p, Kind: Foresight, Polarity: Positive,
			ValidFrom: from, Confidence: confPlan - 8, Speaker: speaker})
	}
	return out
}

// companyCut35: where a plan's words end: the company or the moment said
// after it ("a hike with you next month", "the hike saturday").
var companyCut35 = regexp.MustCompile(`(?i)\s+(?:with\s+(?:you|u|ya|y'all|you\s+guys|you\s+all|them|him|her|us|everyone)|together|when|if|once|as\s+long\s+as)\b`)

// ahead35 cuts a plan read after its frame at its clause's end, takes a
// date ahead out of it and returns it with the date (at when none).
func ahead35(raw string, at time.Time) (string, time.Time) {
	if k := end34.FindStringIndex(raw); k != nil {
		raw = raw[:k[0]]
	}
	if k := companyCut35.FindStringIndex(raw); k != nil {
		raw = raw[:k[0]]
	}
	from := at
	if d, rest, ok := findDate(raw, at); ok && !d.Before(day(at)) {
		raw, from = rest, d
	}
	return strings.TrimSpace(doneTailRE32.ReplaceAllString(strings.TrimSpace(raw), "")), from
}

// Money put by for a thing said with no subject or with "trying to"
// ("lol it was 187 dollars i'm not rich 😭 saving for a new gpu", "Money is
// good. Saving for a flat.", "we're trying to save for a car since the
// old one died"): a plan to get it, as "I'm saving for a deposit" is
// (chat.go). Only a thing said with a/an/my/our (not "the tickets", which
// names what was said before, nor "this"), at the head of its sentence or
// after the first person's "trying/going/planning to", and not in a
// question or a negation.

// savingForRE35: group 1 what is saved for.
var savingForRE35 = regexp.MustCompile(`(?i)(?:^(?:(?:lol|haha|ok|okay|so|and|also|just|still|now|plus|yeah|yep|currently)[,!]?\s+)*|\b(?:i'?m|i’m|im|i\s+am|we'?re|we’re|we\s+are)\s+(?:(?:also|still|just|really)\s+)?(?:trying|going|planning)\s+to\s+)(?:saving|save)\s+(?:up\s+)?for\s+((?:a|an|my|our)\s+[^,.;!?()—–:]+)`)

func savingFor35(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		m := savingForRE35.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		raw, from := ahead35(s[m[2]:m[3]], at)
		ws := strings.Fields(strings.ToLower(raw))
		if len(ws) < 2 || len(ws) > 6 || notObj34[ws[1]] || danglingPrep[ws[len(ws)-1]] {
			continue
		}
		p := "save for " + raw
		if planHeld31(out, speaker, raw) || planHeld31(out, speaker, p) {
			continue
		}
		out = append(out, Fact{Subject: speaker, Predicate: "plans", Claim: p, Kind: Foresight, Polarity: Positive,
			ValidFrom: from, Confidence: confPlan - 8, Speaker: speaker})
	}
	return out
}

// A move said with no subject at the head of its sentence and no date
// ("moving to south b, small bedsitter near capital centre", "moving to
// Sasolburg end of month. selling the golf"): plans28.go reads "moving to
// …" with no subject only with a date ahead; a sentence that is nothing
// but the move, with no verb of its own after it, is the speaker's news
// too. Not "Moving to Rotterdam was the best decision" or "… would be a
// big change" (the move is the subject of a verb), not "moving out of it" (which place was said
// before), not in a question.

// verbAfterMove35 are verbs that, with finiteAfterGerund, make the move
// the subject of its sentence ("Moving to Rotterdam would be a big
// change").
var verbAfterMove35 = setOf(`would will could might may can must should sounds seems feels looks means takes costs scares
	isn't wasn't won't would've be`)

// movingBareRE35: group 1 the move.
var movingBareRE35 = regexp.MustCompile(`(?i)^(?:(?:ok|okay|so|and|also|btw|anyway|anyways|plus|yes|yeah|update)[,:!]*\s+)*((?:moving|relocating)\s+(?:back\s+|out\s+)?(?:to|into|out\s+of)\s+[^,.;!?()—–:]+)`)

func movingBare35(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		m := movingBareRE35.FindStringSubmatchIndex(s)
		if m == nil || planHeld31(out, speaker, "moving") || planHeld31(out, speaker, "move") {
			continue
		}
		p, from := ahead35(planTail(s[m[2]:m[3]]), at)
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) < 3 || len(ws) > 8 {
			continue
		}
		skip := false
		for _, w := range ws {
			if finiteAfterGerund[w] || verbAfterMove35[w] {
				skip = true // the move is the subject of a verb of its own
			}
		}
		for _, w := range ws[1:min(4, len(ws))] {
			if movePointer[w] {
				skip = true // "moving out of it"
			}
		}
		if skip || wishLeadNotRE.MatchString(p) {
			continue
		}
		out = append(out, Fact{Subject: speaker, Predicate: "plans", Claim: p, Kind: Foresight, Polarity: Positive,
			ValidFrom: from, Confidence: confPlan - 8, Speaker: speaker})
	}
	return out
}

// A trip said in a clause of time ("I'd like to be able to talk with her
// when we visit Addis in December", "can you help me make a list of
// respite options for when we go to chile in the autumn?", "it's on my
// list for when i visit japan someday"): the clause takes the trip as
// settled, so the place is a trip ahead (travels_to), even in a question
// (the request is about the trip). Only the first person's trip, to a
// known place, with a date ahead, a season or "someday" in the clause;
// not "every summer" (a habit), not "when I get to the site" (no trip
// verb), not "when we go to see our son in Edinburgh" (the place is not
// the verb's).

// whenTripRE35: group 1 the place, group 2 the rest of the sentence.
var whenTripRE35 = regexp.MustCompile(`\b(?i:when|once)\s+(?i:i|we)\s+(?i:finally\s+)?(?i:visit|go\s+(?:back\s+)?to|come\s+(?:back\s+)?to|fly\s+(?:back\s+)?to|travel\s+to|head\s+(?:back\s+)?to)\s+(\p{L}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2})(.*)$`)

// seasonAheadRE35: a season or "someday" said of a trip ahead.
var seasonAheadRE35 = regexp.MustCompile(`(?i)^\s*(?:(?:for|with)\s+[^,.;!?]*?\s+)?(?:in\s+(?:the\s+)?(?:summer|autumn|fall|winter|spring)\b|some\s?day\b|one\s+day\b)`)

func whenTrip35(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for _, raw := range sents {
		s := strings.TrimSpace(raw)
		m := whenTripRE35.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		place, rest := s[m[2]:m[3]], s[m[4]:m[5]]
		if k := clauseCut30.FindStringIndex(rest); k != nil {
			rest = rest[:k[0]]
		}
		if !knownPlace(place) || strings.Contains(strings.ToLower(rest), "every") {
			continue
		}
		from := at
		if d, _, ok := findDate(rest, at); ok && !d.Before(day(at)) {
			from = d
		} else if !seasonAheadRE35.MatchString(rest) {
			continue
		}
		if planHeld31(out, speaker, place) {
			continue
		}
		out = append(out, Fact{Subject: speaker, Predicate: "travels_to", Claim: place, Kind: Foresight, Polarity: Positive,
			ValidFrom: from, Confidence: confPlan - 8, Speaker: speaker})
	}
	return out
}

// The stops of a trip listed after it ("we're celebrating with a trip to
// Andalusia in October. Sevilla, Granada, Córdoba.", "Our Japan trip is
// booked, 3 weeks, Tokyo, Kyoto, then Fukuoka to see Sasha and the baby",
// "We're doing Stuttgart in August, then a week in Mallorca with my
// sister"): once the turn has the speaker's trip to a place, each known
// place said as a bare stop of a list (alone in its part of the sentence,
// with "then", "first", a stay or a date at most) is a trip too. Not a
// place said with a verb of its own ("I live in Miami, she's in Tampa"),
// not "from" or "via" a place, and not in a turn with no trip read.

// stopRE35: one part of a list of stops: group 1 the place.
var stopRE35 = regexp.MustCompile(`^(?i:(?:and|&|then|and\s+then|after\s+that|finally|plus|also)\s+)*(?i:(?:a|one|two|three|four|five|\d+)\s+(?:days?|nights?|weeks?|months?)\s+in\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2})(?i:\s+(?:first|last|after|too|then|for\s+(?:a|one|two|three|\d+)[^,]*|in\s+` + monthRE + `|(?:for\s+)?(?:a|one|two|three|four|\d+(?:-\d+)?)\s+(?:days?|nights?|weeks?|months?)(?:\s+max)?|to\s+see\s+[^,]+|with\s+[^,]+))*\s*[.!]*$`)

// capWordEndRE35: a part of a sentence that ends with a capitalised word.
var capWordEndRE35 = regexp.MustCompile(`\p{Lu}[\p{L}'’-]*$`)

// stopCutRE35: where a list's parts part.
var stopCutRE35 = regexp.MustCompile(`\s*,\s*|\s*;\s*|\s+(?i:then)\s+`)

func tripList35(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	trip := false
	for _, f := range out {
		if f.Subject == speaker && (f.Predicate == "travels_to" || f.Predicate == "plans" && knownPlace(lastWord(f.Claim))) {
			trip = true
		}
	}
	if !trip {
		return out
	}
	for s := range statements(sents) {
		parts := stopCutRE35.Split(strings.TrimRight(s, ".! "), -1)
		if len(parts) < 2 {
			continue // "Seoul!! I love kpop": a place alone, no list
		}
		prevStop := true
		for _, part := range parts {
			part = strings.TrimSpace(part)
			m := stopRE35.FindStringSubmatch(part)
			if m == nil {
				// "from Columbus, Ohio": a place after a place said with
				// words of its own is where that one is
				prevStop = !capWordEndRE35.MatchString(part)
				continue
			}
			ok := prevStop && len(m[1]) > 2 && knownPlace(m[1])
			prevStop = true
			if !ok || planHeld31(out, speaker, m[1]) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "travels_to", Claim: m[1], Kind: Foresight, Polarity: Positive,
				ValidFrom: at, Confidence: confPlan - 8, Speaker: speaker})
		}
	}
	return out
}
