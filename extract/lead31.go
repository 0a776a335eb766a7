package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// The lead's rules of session 31 (BENCHMARKS.md, "Chat rules, session 31").

// moveReasonDeniedRE: a move whose reason is denied, not the move: "I
// didn't move to Berlin for a job", "we didn't move here just because of
// the weather". Group 1 is the place.
var moveReasonDeniedRE = regexp.MustCompile(`\b(?i:i|we)\s+(?i:didn't|didnt|did\s+not)\s+(?i:really\s+)?(?i:move|moved|relocate|relocated)\s+(?i:to|out\s+to)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})\s+(?i:(?:just\s+|only\s+|purely\s+|mainly\s+)?(?:for|because)|(?:just|only|purely|mainly)\s+to\s+\p{Ll})`)

// moveReasonDenied turns the home a move-denial rule denied back into a
// home, and adds the move, when what the speaker denies is the reason for
// it: "I didn't move to Berlin for a job, I moved for love" lives in Berlin
// ("We didn't move to Canoas." is still no home there).
func moveReasonDenied(text, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "move") && !strings.Contains(strings.ToLower(text), "relocate") {
		return out
	}
	for _, m := range moveReasonDeniedRE.FindAllStringSubmatch(text, -1) {
		place := m[1]
		i := slices.IndexFunc(out, func(f Fact) bool {
			return f.Subject == speaker && f.Predicate == "lives_in" && f.Claim == place && f.Polarity == Negative
		})
		if i < 0 {
			continue
		}
		out[i].Polarity = Positive
		if !slices.ContainsFunc(out, func(f Fact) bool {
			return f.Subject == speaker && f.Predicate == "moved" && f.Claim == place && f.Polarity == Positive
		}) {
			out = append(out, Fact{Subject: speaker, Predicate: "moved", Claim: place, Kind: Experience, Polarity: Positive,
				ValidFrom: at, Confidence: confEvent - 2, Speaker: speaker})
		}
	}
	return out
}

// eventAfterCommaRE: a life event with its "I" left out after a comma:
// "Been up and down lately, got married last week", "busy month, just
// started a new job", "I'm in Lisbon, found a flat in Graça", "I'm good,
// back in Belo Horizonte", "still in Istanbul, still teaching German at the
// high school" (session 32). Group 1 is the comma, group 2 the event. "retired"
// only as a verb: "I am 67, retired school nurse" is a state.
var eventAfterCommaRE = regexp.MustCompile(`(?i)(,\s+)((?:(?:just|finally|recently|also|then|and)\s+)*(?:(?:started|quit|adopted|graduated|got\s+(?:married|engaged|divorced|promoted|hired|laid\s+off|accepted)|found\s+a\s+(?:flat|apartment|house|place)\s+in)\b|back\s+(?:home\s+)?in\s+(?-i:\p{Lu})|still\s+(?:teaching|working\s+(?:at|for|as))\s|retired(?:\s*$|\s*[.!,;]|\s+(?:from|last|in|this|early|on|at|after|two|three|a\s+(?:year|month|week))\b)))`)

// eventOwnerRE: a word before the comma that may be the event's subject
// when it is not the speaker ("Tom called, got engaged" is Tom's news).
var eventOwnerRE = regexp.MustCompile(`(?i)\b(?:he|she|they|we|you|it|his|her|their|our|your|my|mine|who|someone|everyone|everybody|somebody)\b`)

// dropIAfterEvent gives such an event its "I" when the words before the
// comma name no one else: no pronoun, no "my …", no given name, and no
// capitalised word after the first.
func dropIAfterEvent(s string) string {
	loc := eventAfterCommaRE.FindStringSubmatchIndex(s)
	if loc == nil {
		return s
	}
	subject := "I "
	if rest := strings.ToLower(s[loc[4]:]); strings.HasPrefix(rest, "back") || strings.HasPrefix(rest, "still") {
		subject = "I'm " // "I'm good, back in Belo Horizonte", "I'm in Istanbul, still teaching German" (session 32)
	}
	before := s[:loc[0]]
	if eventOwnerRE.MatchString(before) {
		return s
	}
	ws := strings.Fields(before)
	for i, w := range ws {
		w = strings.Trim(w, `"',.!;:`)
		if w == "" || w == "I" || strings.HasPrefix(w, "I'") || !unicode.IsUpper([]rune(w)[0]) || knownPlace(w) {
			continue // "I'm in Lisbon, found a flat in Graça"
		}
		if i > 0 || lexNames.has(w) && (!lexCommon().has(strings.ToLower(w)) || len(ws) > 1 && nameVerbNext(ws[1])) {
			return s // "Dinner with Ana, got engaged", "Tom came by, got engaged": whose news is not said
		}
	}
	return s[:loc[3]] + subject + s[loc[4]:]
}

// nameVerbNext reports a word that makes the given name before it a
// subject: "Tom came by", "Will called" (not "Long week", "Rose garden").
func nameVerbNext(w string) bool {
	w = strings.ToLower(strings.Trim(w, `"',.!;:`))
	return strings.HasSuffix(w, "ed") || nameVerbs[w]
}

// nameVerbs are verbs with no "-ed" a subject's news is told with.
var nameVerbs = setOf(`came went said told is was has had just got left finally also swung`)

// studyFields are fields of study a student's work is named by ("my
// engineering studies", "my English lit assignments"). Languages are not
// among them: "my Japanese class", "my English homework" are as often a
// pastime or a class taught as a field studied.
const studyFields = `engineering|(?:mechanical|civil|electrical|software|chemical)\s+engineering|law|medicine|med|nursing|biology|chemistry|physics|math|maths|mathematics|statistics|history|art\s+history|english\s+lit(?:erature)?|literature|psychology|sociology|economics|philosophy|computer\s+science|accounting|finance|architecture|marketing|business|geology|anthropology|linguistics|political\s+science|politics|pharmacy|dentistry|journalism|graphic\s+design`

// studyOwnRE: a field of the speaker's own study, said by what belongs to
// a student: "balancing my engineering studies", "my Engineering
// assignments", "my second year of law school", "my chemistry professor".
// Not a degree ("my nursing degree" may be years behind) or a class ("my
// history class" may be one the speaker teaches). Group 1 is the field.
var studyOwnRE = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:(?:first|second|third|final|last|new)\s+)?(?:(?:year|semester|term)\s+(?:of\s+)?)?(` + studyFields + `)\s+(?:studies|coursework|assignments?|homework|finals|thesis|dissertation|professor|lecturer|school|program|programme|major)\b`)

// studyOwn gives the speaker the field of the studies the turn calls
// theirs ("my engineering studies" → studies engineering). Not another's
// ("my son's math homework", "his law school") and not a study ahead ("I
// want to start my nursing program").
func studyOwn(text, speaker string, at time.Time, out []Fact) []Fact {
	t := captionRE.ReplaceAllString(text, "")
	for _, m := range studyOwnRE.FindAllStringSubmatchIndex(t, -1) {
		field := strings.ToLower(strings.Join(strings.Fields(t[m[2]:m[3]]), " "))
		if studyAheadRE.MatchString(t[max(0, m[0]-40):m[0]]) {
			continue
		}
		if strings.HasPrefix(field, "english ") {
			field = "English" + field[len("english"):]
		}
		if field == "med" {
			field = "medicine"
		}
		if slices.ContainsFunc(out, func(f Fact) bool {
			return f.Subject == speaker && f.Predicate == "studies" && strings.EqualFold(f.Claim, field)
		}) {
			continue
		}
		out = append(out, Fact{Subject: speaker, Predicate: "studies", Claim: field, Kind: World, Polarity: Positive,
			ValidFrom: at, Confidence: confLoose, Speaker: speaker})
	}
	return out
}

// studyAheadRE: a study begun later or wished for, in the words before it.
var studyAheadRE = regexp.MustCompile(`(?i)\b(?:want|wanna|hope|hoping|plan|planning|going\s+to|gonna|will|'ll|thinking\s+(?:of|about)|considering|apply(?:ing)?\s+(?:to|for)|if)\b[^.!?]*$`)

// anniversaryRE: the speaker's own wedding anniversary, which says they are
// married: "today is our 10th wedding anniversary", "our golden
// anniversary" (a wedding held is events31.go's). A numbered anniversary
// without "wedding" is not read (session 34): a couple's anniversary may
// be of the day they met ("my partner booked it as a surprise for our 10th
// anniversary"), and a husband or wife the turn names says the marriage
// already; the read sets wrote none of the three it gave.
var anniversaryRE = regexp.MustCompile(`(?i)\bour\s+(?:(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twentieth|silver|golden|ruby|pearl)\s+wedding|silver|golden|ruby|pearl|diamond)\s+anniversary\b`)

// ownAnniversary says the speaker is married when they speak of their
// wedding anniversary, not in a question.
func ownAnniversary(text, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "anniversary") || slices.ContainsFunc(out, func(f Fact) bool {
		return f.Subject == speaker && f.Predicate == "married"
	}) {
		return out
	}
	for _, s := range sentences(captionRE.ReplaceAllString(text, "")) {
		if anniversaryRE.MatchString(s) && !strings.HasSuffix(strings.TrimSpace(s), "?") {
			return append(out, Fact{Subject: speaker, Predicate: "married", Claim: "married", Kind: Experience,
				Polarity: Positive, ValidFrom: at, Confidence: confEvent - 4, Speaker: speaker})
		}
	}
	return out
}

// sigOtherRE: a partner named by chat's words for one: "my new SO", "with
// bae". "SO" only in capitals ("my so-called friend" is none); not "my
// boo", said as often of a child or a pet.
var sigOtherRE = regexp.MustCompile(`\b(?i:my)\s+(?:(?i:new|lovely|amazing)\s+)?(?:SO|S\.O\.)(?:\s|[,.!?;)]|$)|(?i:\b(?:with|and|my)\s+bae\b)`)

// sigOther gives the speaker a partner named so, when the turn gives none
// yet.
func sigOther(text, speaker string, at time.Time, out []Fact) []Fact {
	if !sigOtherRE.MatchString(text) || slices.ContainsFunc(out, func(f Fact) bool {
		return f.Subject == speaker && (f.Predicate == "partner" || f.Predicate == "wife" || f.Predicate == "husband" || f.Predicate == "spouse")
	}) {
		return out
	}
	return append(out, Fact{Subject: speaker, Predicate: "partner", Claim: unnamedRelative(speaker, "partner"), Kind: World,
		Polarity: Positive, ValidFrom: at, Confidence: confLoose, Speaker: speaker})
}

// fromWorkRE: someone named as from the speaker's work: "Cape Verde in
// February with Inês from work", "drinks with Sam from the office". Group
// 1 is the name.
var fromWorkRE = regexp.MustCompile(`(?:^|[\s,(])(\p{Lu}\p{Ll}+)\s+(?i:from\s+(?:work|the\s+office|my\s+(?:work|office|job|team)))\b`)

// fromWork makes the one named so the speaker's colleague. Not a greeting
// ("Hello from work") or a place ("Lisbon from work"), and not when the
// speaker asks.
func fromWork(text, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), " from ") {
		return out
	}
	for _, s := range sentences(captionRE.ReplaceAllString(text, "")) {
		if strings.HasSuffix(strings.TrimSpace(s), "?") {
			continue
		}
		for _, m := range fromWorkRE.FindAllStringSubmatch(s, -1) {
			n := m[1]
			if lexCommon().has(strings.ToLower(n)) && !lexNames.has(n) || knownPlace(n) || isStopName(n) ||
				slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Claim == n }) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "colleague", Claim: n, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confLoose, Speaker: speaker})
		}
	}
	return out
}

// ownedTailRE: where and with whom a thing is owned, after the thing:
// "a small bakery in Porto with my husband", "a house in Lisbon with my
// wife". Group 1 is the thing.
var ownedTailRE = regexp.MustCompile(`^(.+?)\s+(?:in\s+\p{Lu}|with\s+(?:my|our|his|her|their)\b)`)

// trimOwnedTail cuts that tail from what the speaker owns ("I own a small
// bakery in Porto with my husband" owns "small bakery"): the place and the
// partner are facts of their own.
func trimOwnedTail(speaker string, out []Fact) []Fact {
	for i, f := range out {
		if f.Subject != speaker || f.Predicate != "owns" {
			continue
		}
		m := ownedTailRE.FindStringSubmatch(f.Claim)
		if m == nil {
			continue
		}
		if slices.ContainsFunc(out, func(g Fact) bool { return g.Subject == speaker && g.Predicate == "owns" && g.Claim == m[1] }) {
			out[i].Claim = "" // the thing is there already, said alone
			continue
		}
		out[i].Claim = m[1]
	}
	return slices.DeleteFunc(out, func(f Fact) bool { return f.Predicate == "owns" && f.Claim == "" })
}
