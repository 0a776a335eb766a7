package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"
)

// Plans of chat the earlier passes left (session 33, from the plan misses
// of the read sets). Cases in plans33_test.go.
//
// Read and left (the labelled sets do not agree with themselves on them,
// or they are one-off sentences): "let's …" (in the read sets some 60
// turns, one labelled); "Can't wait to <verb>" (tried in session 32, see
// plans32.go); "I'm in for …" / "count me in for …" (three labelled, "I'm
// definitely in for the show" not); "saving for …"; a child who "starts
// school/kindergarten" (two labelled, two not); "signed up for … in
// <month>" (one labelled, two said of the past not).

// plans33 adds plans the earlier passes left.
func plans33(text, speaker string, at time.Time, out []Fact) []Fact {
	sents := sentences(clean(text))
	out = othersWant33(sents, speaker, at, out)
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
var wantNotVerb33 = setOf(`know hear say tell talk speak ask help come stay keep be know see sleep eat sit stop go get do make have
	give try talk chat play watch meet thank understand check`)

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
