package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Possessions, pets and the people around the speaker said in frames the
// earlier rules leave (session 31, from the possession misses of the
// LoCoMo dev draws, locomo_more and synthetic rounds 1–2), and possessions
// the rules wrote that the speaker does not have. Cases in owns31_test.go.

// owns31 runs after the turn's rules and the whole-turn passes.
func owns31(text, speaker string, at time.Time, out []Fact) []Fact {
	body := clean(text)
	othersPets := otherCare31RE.MatchString(text) // read once for the turn
	for _, s := range sentences(body) {
		s = restoreCase(strings.TrimSpace(s))
		if m := didIShowRE.FindStringSubmatch(s); m != nil {
			s = m[1] // "Did I show you that I have a big bookshelf too?": the news, told
		} else if strings.HasSuffix(s, "?") {
			continue
		}
		if secondRE.MatchString(s) || condRE.MatchString(s) || hypoRE.MatchString(s) || jokeRE.MatchString(s) || sarcasmRE.MatchString(s) {
			continue
		}
		out = ownsSaid31(s, speaker, at, out)
		if !othersPets {
			out = petCare31(s, speaker, at, out)
		}
	}
	out = spouseAndKids31(body, speaker, at, out)
	out = ourPets31(body, speaker, out)
	out = plainKind31(body, speaker, out)
	out = petAndI31(body, speaker, at, out)
	return notOwned31(text, speaker, out)
}

// didIShowRE: news put as a question ("Did I show you that I have a big
// bookshelf too?", "Did I tell you I own a kayak?"): group 1 the news.
var didIShowRE = regexp.MustCompile(`(?i)^(?:(?:oh|hey|and|so|btw|by\s+the\s+way),?\s+)*(?:did|have)\s+i\s+(?:ever\s+|already\s+)?(?:show|shown|tell|told|mention|mentioned)\s+(?:you|ya|u)\s+(?:that\s+)?((?:i|we)\b[^?]*)\?*$`)

// goods31 are things chat says it has that the goods lists miss.
var goods31 = setOf(`bookshelf bookcase microwave cooker mat dumbbell dumbbells tattoo tattoos jersey hammer wristband boots
	sneakers trainers helmet drill tablet ipad iphone macbook garmin fitbit kindle accordion piano ukulele banjo
	cello saxophone trumpet flute harp synthesizer turntable`)

// notHad31 are heads the frames below never own: what is no thing
// ("a game tonight", "a guest speaker"), and what runs out ("my battery
// died").
var notHad31 = setOf(`game games card cards record records album ticket tickets speaker speakers battery batteries
	charger gear equipment set`)

// owned31 reports whether h is a thing the frames below own.
func owned31(h string) bool {
	lh := strings.ToLower(h)
	if isPet(lh) || madeWorks[lh] || notHad31[lh] {
		return false
	}
	return ownedHead(lh) || goods31[lh] || goods31[singular(lh)]
}

// npLead31 are the words before a thing that are no part of what it is.
var npLead31 = setOf(`a an the this that these those my our his her some one two three four five exactly only just
	pair couple of whole brand new old little big small tiny huge spare`)

// thing31 reads a noun phrase from ws: the words up to a stop word or
// punctuation (four at most), and gives the claim (the head with the
// words that say what it is) and the head; "" when there is none.
func thing31(ws []string) (claim, head string) {
	var run []string
	for _, w := range ws {
		lw := strings.ToLower(strings.TrimRight(w, `,.!?;:"'`))
		if lw == "" || goodsStop[lw] || chatTail[lw] || afterOwned[lw] || stop31[lw] {
			break
		}
		if lw == "of" && (len(run) == 0 || !measure31[strings.ToLower(run[len(run)-1])]) {
			break // "a stack of papers": a stack; "a pair of boots": boots
		}
		run = append(run, strings.TrimRight(w, `,.!?;:"'`))
		if lw != strings.ToLower(w) {
			break // "a yoga mat, and …": the phrase ends at its punctuation
		}
	}
	for len(run) > 0 && npLead31[strings.ToLower(run[0])] {
		run = run[1:]
	}
	if len(run) == 0 || len(run) > 4 {
		return "", ""
	}
	head = run[len(run)-1]
	var keep []string
	for _, w := range run[:len(run)-1] {
		lw := strings.ToLower(w)
		if npLead31[lw] || evaluative[lw] || goodsPraise[lw] || stopLower[lw] || captionAdj[lw] {
			continue
		}
		keep = append(keep, w)
	}
	return strings.Join(append(keep, head), " "), head
}

// stop31 are words after a thing that are no part of it: "the wristband
// somewhere", "a big bookshelf too".
var stop31 = setOf(`somewhere too also anyway today yesterday again already ever around still just which who that
	is are was were has have had it they`)

// measure31 are the words before "of" that count the thing after it.
var measure31 = setOf(`pair couple set`)

// subject31 open a clause, not a thing: "… and they were cheap".
var subject31 = setOf(`i we he she they it you there then so but which who`)

// items31 parts a list of things: "a yoga mat and two small dumbbells".
var items31 = regexp.MustCompile(`\s*(?:,\s*(?:and\s+)?|\s(?:and|&)\s)\s*`)

// Things the speaker has, said in frames the earlier rules leave:
//
//   - owning said with "own" and any noun: "I own exactly one pair of
//     hiking boots", "I even own a Jets jersey", "Now I own snow tyres and
//     a block heater" (each thing of a list);
//   - "I have a" thing of the goods lists: "I only have a yoga mat and
//     two small dumbbells", "Did I show you that I have a big bookshelf
//     too?" (the news told); not "we have a …", as often a workplace's,
//     nor things counted ("I have two …"), which wrote a wrong fact on a
//     kept-back set;
//   - a thing of one's own that broke down: "My Garmin died at 19km", "My
//     laptop crashed last week";
//   - a vehicle taken in for a service: "I just took my Ferrari for a
//     service";
//   - a thing that means much, pointed at: "This guitar means so much to
//     me", "This necklace is super special to me";
//   - a thing found second-hand: "that Ford Mustang I found in a
//     junkyard", "I found a lamp at a thrift store".
//
// Not a thing wished for ("I want to own a boat"), denied ("I don't own a
// car"), ahead ("once I have a car"), another's ("my brother's laptop
// died"), the workplace's ("a laptop from work"), a gift ("a tablet for my
// dad"), or a game or a ticket had.
var (
	ownVerb31RE  = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:also|even|still|now|only|actually|finally|proudly|already|officially)\s+)*(?:own|owns)\s+(.+)`)
	haveVerb31RE = regexp.MustCompile(`(?i)\bi\s+(?:(?:also|even|only|just|now|already|actually)\s+)*(?:have|'ve\s+got|have\s+got)\s+(an?\s+.+)`)
	broke31RE    = regexp.MustCompile(`(?i)\bmy\s+((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+)\s+(?:(?:just|finally|completely|totally|suddenly|literally)\s+)?(?:died|crashed|broke\s+down|broke|stopped\s+working|gave\s+out|conked\s+out|got\s+stolen|was\s+stolen|is\s+broken|is\s+dying)\b`)
	service31RE  = regexp.MustCompile(`(?i)\b(?:took|take|taking|takes|brought|bring|bringing)\s+my\s+((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+)\s+(?:in\s+)?(?:for\s+(?:a|an|its|her|his|the)\s+(?:[\p{L}-]+\s+)?(?:service|servicing|tune-up|tune|oil\s+change|inspection|repair|spin|detail|check-up|checkup|MOT)|to\s+(?:the|a)\s+(?:shop|mechanic|garage|car\s+wash|dealer|dealership|repair\s+shop|body\s+shop))\b`)
	means31RE    = regexp.MustCompile(`(?i)\b(?:this|that)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:(?:really|truly|just|still)\s+)?(?:means\s+(?:so\s+much|a\s+lot|the\s+world|everything|a\s+great\s+deal)\s+to\s+(?:me|us)|is\s+(?:(?:so|super|really|very|extra|extremely)\s+)?(?:special|precious|dear)\s+to\s+(?:me|us))\b`)
	found31RE    = regexp.MustCompile(`(?i)\b(?:(?:this|that|the)\s+((?:\p{Lu}[\p{L}\d-]*\s+){0,2}[\p{L}\d-]+)\s+(?:i|we)|(?:i|we)\s+(?:just\s+|recently\s+|finally\s+)?(?:found|scored|snagged|picked\s+up|bought|got)\s+(?:an?|this|that)\s+((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+))\s+(?:(?:just|recently|finally)\s+)?(?:found|scored|snagged|picked\s+up|bought|got|dragged\s+home)?\s*(?:at|in|from|on)\s+(?:an?|the)\s+(?:local\s+|old\s+)?(?:junkyard|scrapyard|salvage\s+yard|thrift\s+(?:store|shop)|charity\s+shop|flea\s+market|garage\s+sale|yard\s+sale|car\s+boot(?:\s+sale)?|antique\s+(?:store|shop|market)|auction|swap\s+meet|estate\s+sale|second-?hand\s+(?:store|shop))\b`)
	// aheadRE: the words before "I have" that put it ahead or in doubt.
	ahead31RE = regexp.MustCompile(`(?i)\b(?:when|once|until|till|before|after|if|unless|whether|as\s+soon\s+as|wish|hope|maybe|someday|one\s+day)\s*(?:,\s*)?$`)
)

// atWork31RE: the thing is the workplace's: "a standing desk at work",
// "a printer in the office", "a laptop from work".
var atWork31RE = regexp.MustCompile(`(?i)^\s*(?:at|from|for|in)\s+(?:work|the\s+office|my\s+office|our\s+office|the\s+lab|school|the\s+clinic|the\s+company)\b`)

// forYou31RE: the thing is for the listener: "a bed for you".
var forYou31RE = regexp.MustCompile(`(?i)^\s*for\s+(?:you|u|ya|y'all|you\s+guys)\b`)

// ownsSaid31 adds the things s says the speaker has.
func ownsSaid31(s, speaker string, at time.Time, out []Fact) []Fact {
	add := func(loc []int, claim, span string, conf int) {
		if claim == "" || hasOwn31(out, speaker, claim) {
			return
		}
		c := newClause(s, speaker, at)
		if !c.mode(s[:loc[0]]) || c.fore || ahead31RE.MatchString(s[:loc[0]]) {
			return
		}
		if negRE.MatchString(s[:loc[0]]) || c.neg && !endedRE.MatchString(span) {
			return // "my laptop died": the thing had, its end no denial
		}
		if k := strings.Index(lowerASCII(s), lowerASCII(claim)); k >= 0 {
			if rest := s[k+len(claim):]; atWork31RE.MatchString(rest) || forSomeoneText(rest) || forYou31RE.MatchString(rest) {
				return // "a laptop from work", "a tablet for my dad", "a bed for you"
			}
		}
		c.neg = false
		c.raw = span
		c.add(speaker, "owns", claim, World, conf)
		out = append(out, c.facts...)
	}
	if m := ownVerb31RE.FindStringSubmatchIndex(s); m != nil && !ownsIn31(out, speaker, s) && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(s[m[2]:m[3]])), "up ") {
		parts := items31.Split(s[m[2]:m[3]], 4)
		var claims []string
		for i, p := range parts {
			ws := strings.Fields(p)
			if len(ws) == 0 || i > 0 && (subject31[strings.ToLower(ws[0])] || strings.ContainsAny(ws[0], "'’")) {
				break // "… hiking boots and they're from 2009": a clause, no thing
			}
			claim, head := thing31(ws)
			if head == "" || pronoun[strings.ToLower(head)] || stopLower[strings.ToLower(head)] || notHad31[strings.ToLower(head)] || isPet(head) {
				break
			}
			claims = append(claims, claim)
		}
		if len(claims) > 1 {
			out = dropListed31(out, speaker, claims) // "snow tyres and a block heater": each thing
		}
		for _, claim := range claims {
			add(m, claim, s[m[0]:m[1]], confPref-4)
		}
	}
	if m := haveVerb31RE.FindStringSubmatchIndex(s); m != nil {
		for _, p := range items31.Split(s[m[2]:m[3]], 4) {
			claim, head := thing31(strings.Fields(p))
			if head == "" || !owned31(head) || ownedThing(strings.ToLower(head)) {
				break // a vehicle or an instrument had is read by the earlier rules
			}
			add(m, claim, s[m[0]:m[1]], confPref-6)
		}
	}
	if m := broke31RE.FindStringSubmatchIndex(s); m != nil {
		ws := strings.Fields(s[m[2]:m[3]])
		if claim, head := thing31(ws); head != "" && (owned31(head) || brand31(head)) && !slices.ContainsFunc(ws, isPet) {
			add(m, claim, s[m[0]:m[1]], confPref-6)
		}
	}
	if m := service31RE.FindStringSubmatchIndex(s); m != nil {
		if claim, head := thing31(strings.Fields(s[m[2]:m[3]])); head != "" && (ownedThing(strings.ToLower(head)) || carMakeAlone.MatchString(head)) {
			add(m, claim, s[m[0]:m[1]], confPref-4)
		}
	}
	if m := means31RE.FindStringSubmatchIndex(s); m != nil {
		if claim, head := thing31(strings.Fields(s[m[2]:m[3]])); head != "" && owned31(head) && !dwellings[strings.ToLower(head)] {
			add(m, claim, s[m[0]:m[1]], confMention)
		}
	}
	if m := found31RE.FindStringSubmatchIndex(s); m != nil {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		if claim, head := thing31(strings.Fields(s[m[g]:m[g+1]])); head != "" && (owned31(head) || properName(claim) && carMakeAlone.MatchString(strings.Fields(claim)[0])) {
			add(m, claim, s[m[0]:m[1]], confPref-4)
		}
	}
	return out
}

// brand31 reports whether h is a capitalised word that may be a make of
// device ("my Garmin died"): no name, relative, pet or place.
func brand31(h string) bool {
	r := []rune(h)
	if len(r) < 3 || !(r[0] >= 'A' && r[0] <= 'Z') {
		return false
	}
	return !lexNames.has(h) && relKey(h) == "" && !isPet(h) && !lexPlaces.has(h) && !calendarName(strings.ToLower(h)) && !stopLower[strings.ToLower(h)]
}

// ownsIn31 reports whether out gives the speaker a thing s names, other
// than a list the "own" frame parts ("snow tyres and a block heater"):
// the earlier rules read the owning ("I own a café in the old town, Kaffe
// Bruna" is Kaffe Bruna).
func ownsIn31(out []Fact, speaker, s string) bool {
	ls := strings.ToLower(s)
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "owns" && !strings.Contains(f.Claim, " and ") && strings.Contains(ls, strings.ToLower(f.Claim)) {
			return true
		}
	}
	return false
}

// hasOwn31 reports whether out already gives the speaker the thing.
func hasOwn31(out []Fact, speaker, claim string) bool {
	lc := strings.ToLower(claim)
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "owns" {
			if lf := strings.ToLower(f.Claim); strings.Contains(lf, lc) || strings.Contains(lc, lf) {
				return true
			}
		}
	}
	return false
}

// dropListed31 takes out an owning whose claim is the whole list the
// "own" frame parts.
func dropListed31(out []Fact, speaker string, claims []string) []Fact {
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Subject != speaker || f.Predicate != "owns" || !strings.Contains(f.Claim, " and ") {
			return false
		}
		lf := strings.ToLower(f.Claim)
		for _, c := range claims {
			if !strings.Contains(lf, strings.ToLower(c)) {
				return false
			}
		}
		return true
	})
}

// Things the rules gave the speaker that are not theirs to keep (session
// 31): a thing borrowed, rented or lent ("I got a book from the library",
// "I got a rental car at the airport", "a loaner car while mine is in the
// shop", "I borrowed my sister's camera"), and "I own up to my mistakes".

// notOwnedLead31 are the words before the thing that say it is lent; not
// before premises ("a bike rental shop" is a business).
var notOwnedLead31 = setOf(`rental rented hire hired loaner loan borrowed library demo courtesy`)

// lentBefore31RE: the verb that takes the thing as borrowed or rented
// ends the words before it ("I borrowed my sister's camera").
var lentBefore31RE = regexp.MustCompile(`(?i)\b(?:borrow|borrowed|borrowing|rent|rented|renting|hire|hired|hiring)\s+(?:[\p{L}'-]+\s+){0,3}$`)

// lentAfter31RE: the words after the thing that say it is lent ("a book
// from the library", "the van we rented").
var lentAfter31RE = regexp.MustCompile(`(?i)^\s+(?:from\s+(?:the\s+|a\s+)?(?:library|rental)|on\s+loan|(?:that\s+|which\s+)?(?:i|we)\s+(?:borrowed|rented|hired)|(?:i|we)\s+(?:am|are|'m|'re|was|were)\s+(?:borrowing|renting))\b`)

// lentWord31RE: a word of lending, which the turn must hold.
var lentWord31RE = regexp.MustCompile(`\b(?:borrow\w*|rent\w*|hire\w*|hiring|loan\w*|library|own\s+up)\b`)

// notOwned31 takes out the speaker's owning of a thing lent.
func notOwned31(text, speaker string, out []Fact) []Fact {
	if !lentWord31RE.MatchString(strings.ToLower(text)) {
		return out // the cheap test first: clean is not
	}
	lt := strings.ToLower(clean(text))
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Subject != speaker || f.Predicate != "owns" || f.Polarity != Positive {
			return false
		}
		lc := strings.ToLower(f.Claim)
		ws := strings.Fields(lc)
		if len(ws) > 1 && (notOwnedLead31[ws[0]] && !businessPlaces[ws[len(ws)-1]] || ws[0] == "up" && ws[1] == "to") {
			return true // a rental car; "I own up to my mistakes": no thing
		}
		for before, after := range saidAt(lt, lc) {
			if lentBefore31RE.MatchString(before) && !strings.HasPrefix(strings.TrimSpace(after), "out") || lentAfter31RE.MatchString(after) {
				return true
			}
		}
		return false
	})
}

// Pets said by the care the speaker gives them (session 31): "I'll make
// sure I give the turtles a bath", "I need to walk the dog", "I have to
// feed the cats before I leave", "I took the dogs to the vet", and food
// bought for a named one ("dog food for Hilla"). "The dog" cared for is
// the household's. Not another's ("my neighbour's dog"), not pets cared
// for at a shelter or while sitting for someone, not a question.
var (
	petCare31RE = regexp.MustCompile(`(?i)\b(?:(feed|feeding|fed|walk|walking|walked|bathe|bathing|bathed|groom|grooming|groomed|brush|brushing|brushed)|(?:give|giving|gave|take|taking|took|bring|bringing|brought))\s+the\s+(?:(?:two|three|four|five|little|old|new)\s+)?([\p{L}-]+)\b(\s+(?:an?\s+(?:bath|walk|treat|trim|haircut|wash)|out\s+for|out\b|to\s+the\s+(?:vet|vets|groomers?|dog\s+park|pet\s+salon)|for\s+(?:a|an|their|his|her)\s+(?:walk|run|check-?up|bath)))?`)
	petFood31RE = regexp.MustCompile(`\b(?i:dog|cat|puppy|kitten|bird|rabbit|hamster|guinea\s+pig)\s+(?i:food|treats|kibble|litter|biscuits|toys?)\s+(?i:for)\s+(\p{Lu}\p{Ll}{1,15})\b`)
	// otherCare31RE: the pets cared for are not the speaker's.
	otherCare31RE = regexp.MustCompile(`(?i)\b(?:shelter|rescue\s+centre|rescue\s+center|volunteer\w*|sitting|sit\s+for|pet-?sit\w*|dog-?sit\w*|cat-?sit\w*|foster\w*|neighbou?r's|friend's|sister's|brother's|mom's|mum's|dad's|parents'|their\s+(?:dog|cat)s?|clients?|customers?|at\s+work|the\s+farm|zoo)\b`)
)

// petCare31 adds the pets s says the speaker cares for; the caller has
// checked the turn for pets cared for that are not the speaker's
// (otherCare31RE).
func petCare31(s, speaker string, at time.Time, out []Fact) []Fact {
	have := petsNamed(out)
	add := func(loc []int, claim string) {
		if have[strings.ToLower(claim)] || have[singular(strings.ToLower(claim))] {
			return
		}
		c := newClause(s, speaker, at)
		if !c.mode(s[:loc[0]]) || c.neg || ahead31RE.MatchString(s[:loc[0]]) {
			return
		}
		if c.fore && !careAhead31RE.MatchString(s[:loc[0]]) {
			return // "I'd love to walk the dogs with you": a wish; "I need to walk the dog": a chore
		}
		c.fore = false
		c.add(speaker, "has_pet", claim, World, confPref-4)
		have[strings.ToLower(claim)] = true
		out = append(out, c.facts...)
	}
	for _, m := range petCare31RE.FindAllStringSubmatchIndex(s, -1) {
		k := strings.ToLower(s[m[4]:m[5]])
		if !isPet(k) || ambiguousPets[k] || ambiguousPets[singular(k)] || k == "pet" || k == "pets" || k == "animals" {
			continue
		}
		if m[2] < 0 && m[6] < 0 {
			continue // "give the dog", "take the cat": only with what is given or where to
		}
		if !firstPersonCare31RE.MatchString(s[:m[0]]) {
			continue // "he took the dog to the vet": his to take; "I" or a chore said alone
		}
		add(m, k)
	}
	for _, m := range petFood31RE.FindAllStringSubmatchIndex(s, -1) {
		if n := s[m[2]:m[3]]; relKey(n) == "" && !calendarName(strings.ToLower(n)) && !lexPlaces.has(n) {
			add(m, n)
		}
	}
	return out
}

// firstPersonCare31RE: the words before the care say the speaker gives it:
// "I", "we", or a chore said alone ("need to walk the dog", "gotta feed
// the cats").
var firstPersonCare31RE = regexp.MustCompile(`(?i)(?:^\W*(?:(?:and|but|so|then|just|also|gotta|got\s+to|have\s+to|need\s+to|must|off\s+to|time\s+to|going\s+to|gonna|remember\s+to)\W+)*|\b(?:i|we|i'll|we'll|i'm|we're|i've|we've|i'd)\b(?:\s+[\p{L}']+){0,5}\s+)$`)

// careAhead31RE: a chore ahead is care all the same ("I need to walk the
// dog", "I'll make sure I give the turtles a bath").
var careAhead31RE = regexp.MustCompile(`(?i)\b(?:need\s+to|have\s+to|has\s+to|gotta|got\s+to|must|'ll|will|make\s+sure|going\s+to|gonna|off\s+to|time\s+to|remember\s+to)\b`)

// A wife or husband named by "the", and the children with them (session
// 31): "me, the missus, and the kids", "I just had a picnic with the wife
// and kids". "The kids" is the speaker's only beside the spouse; "the
// missus" is the wife as "the wife" is.
var spouseKids31RE = regexp.MustCompile(`(?i)\b(?:the|my)\s+(wife|missus|missis|wifey|hubby|husband|hubs)\s*,?\s+(?:and|&|n)\s+(?:the\s+|our\s+)?(kids|children|little\s+ones|boys|girls)\b`)

// missus31RE: "the missus" with the speaker.
var missus31RE = regexp.MustCompile(`(?i)(?:\bme\s*,?\s+(?:and\s+)?|\bwith\s+|\band\s+)the\s+(missus|missis|wifey)\b|\bthe\s+(missus|missis|wifey)\s+and\s+(?:i|me)\b`)

// spouseAndKids31 adds the relations the two frames above name.
func spouseAndKids31(body, speaker string, at time.Time, out []Fact) []Fact {
	has := func(pred string) bool {
		for _, f := range out {
			if f.Subject == speaker && f.Predicate == pred {
				return true
			}
		}
		return false
	}
	for _, s := range sentences(body) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		if m := spouseKids31RE.FindStringSubmatch(s); m != nil && !has("child") {
			c := newClause(s, speaker, at)
			c.add(speaker, "child", displayName(speaker)+"'s children", World, confPref)
			out = append(out, c.facts...)
		}
		if m := missus31RE.FindStringSubmatch(s); m != nil && !has("wife") {
			c := newClause(s, speaker, at)
			c.add(speaker, "wife", unnamedRelative(speaker, "wife"), World, confPref)
			out = append(out, c.facts...)
		}
	}
	return out
}

// Pets said as "our" pets of people in general or of both speakers
// (session 31): "The bond between us and our pets is amazing", "being
// outside with our dogs" said to a friend "like you", "a bond with our
// pooches" in a turn about the listener's pup. The speaker's pet is
// dropped when the turn says it only as "our" and the sentence speaks of
// the listener or of people at large, or the turn of the listener's pet.
// Not "Our dogs had a blast" (the household's), "a trip for both of us and
// our pups" (the pair's), nor one the turn also calls "my".

// ourWide31RE: the sentence takes in the listener or people at large.
var ourWide31RE = regexp.MustCompile(`(?i)\b(?:you|your|ya|us\s+and\s+our|we\s+all|all\s+of\s+us|everyone|everybody|people|humans?|owners?)\b`)

// bothOfUs31RE: "a trip for both of us and our pups": the pair's pets,
// the speaker's among them.
var bothOfUs31RE = regexp.MustCompile(`\bboth\s+of\s+us\b|\bwe\s+both\b`)

// ourPets31 takes out the speaker's pets said only as everyone's.
func ourPets31(body, speaker string, out []Fact) []Fact {
	lb := strings.ToLower(body)
	if !strings.Contains(lb, "our ") {
		return out
	}
	other := otherPetRE.MatchString(body)
	ss := sentences(lb)
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Subject != speaker || f.Predicate != "has_pet" || f.Polarity != Positive {
			return false
		}
		lc := strings.ToLower(f.Claim)
		if !isPet(lastWord(lc)) && !genericPets[lc] {
			return false // a pet by its name
		}
		said := false
		for _, s := range ss {
			for _, m := range petSaid31RE.FindAllStringSubmatch(s, -1) {
				if m[2] != lastWord(lc) {
					continue
				}
				if m[1] != "our" || !(other || ourWide31RE.MatchString(s)) || bothOfUs31RE.MatchString(s) {
					return false // "my dogs", or our own said to no one in general
				}
				said = true
			}
		}
		return said
	})
}

// petSaid31RE: a pet's word with the possessive before it (group 1, "" if
// none; group 2 the word).
var petSaid31RE = regexp.MustCompile(`(?:\b(my|our|the|a|an|his|her|their|your)\s+(?:[\p{L}-]+\s+){0,2}?)?\b([\p{L}-]+)\b`)

// A pet said by a fond word and by its kind's plain word in one turn is
// written by the plain word (session 31): "We've got a pup and a kitty.
// That's the dog, and here's our cat!" is has_pet dog and cat, "great for
// my pup's walks … my dogs had a blast" is dogs. Only the speaker's own
// ("my", "our", "the" before the plain word), not a fond word said as "my
// pups" ("my four pups … our dogs" stays pups; "my pup's walks" is no
// naming), and not a pup or a kitten said as such alone.

// fondKind31 are the fond words for a kind of pet.
var fondKind31 = setOf(`pup pups doggy doggies doggo doggos pooch pooches kitty kitties`)

// plainKind31RE: the plain word of a kind with the word before it.
var plainKind31RE = regexp.MustCompile(`(?i)\b(my|our|the)\s+(dogs?|cats?)\b`)

// myFond31RE: a fond word said with "my" (group 1; group 2 a possessive
// "'s" after it).
var myFond31RE = regexp.MustCompile(`\bmy\s+(?:[\p{L}-]+\s+){0,2}?(pups?|dogg(?:y|ies|os?)|pooch(?:es)?|kitt(?:y|ies))\b('s)?`)

// plainKind31 renames the speaker's pet said by a fond word.
func plainKind31(body, speaker string, out []Fact) []Fact {
	ms := plainKind31RE.FindAllStringSubmatch(body, -1)
	if len(ms) == 0 {
		return out
	}
	for i, f := range out {
		lc := strings.ToLower(f.Claim)
		if f.Subject != speaker || f.Predicate != "has_pet" || f.Polarity != Positive || !fondKind31[lc] {
			continue
		}
		fondMy := false
		for _, m := range myFond31RE.FindAllStringSubmatch(strings.ToLower(body), -1) {
			fondMy = fondMy || m[1] == lc && m[2] == ""
		}
		if fondMy {
			continue // "my four pups … our dogs", "I love my pups. My dogs …": the pet as first said
		}
		for _, m := range ms {
			if w := strings.ToLower(m[2]); petKind[w] == petKind[lc] {
				out[i].Claim = w
				break
			}
		}
	}
	return out
}

// A named one the speaker does things with, that the turn says is a pet
// (session 31): "Buddy and I have a great time doing walks. He's the best
// pup ever." Not when the turn does not say it is a pet ("Sam and I went
// for a walk"), nor when it names another who may be the pet ("Sam and I
// walked Rex").
var (
	// nameAndI31RE: "Buddy and I", "me and Buddy" (groups 1, 2).
	nameAndI31RE = regexp.MustCompile(`\b(\p{Lu}\p{Ll}{1,15})\s+(?:and|&)\s+(?:I|me)\b|\b(?:[Mm]e|I)\s+(?:and|&)\s+(\p{Lu}\p{Ll}{1,15})\b`)
	// heIsPet31RE: "he's the best pup ever", "she is such a good dog"
	// (group 1 the words after the article, the kind's word among them).
	heIsPet31RE = regexp.MustCompile(`(?i)\b(?:he|she)(?:'s|\s+is|\s+was)\s+(?:such\s+|the\s+|a\s+|an\s+|my\s+|our\s+)+((?:[\p{L}-]+\s*){1,3})`)
)

// capWord31RE: a capitalised word.
var capWord31RE = regexp.MustCompile(`\b\p{Lu}\p{Ll}+\b`)

// petAndI31 adds the pet named beside the speaker.
func petAndI31(body, speaker string, at time.Time, out []Fact) []Fact {
	ms := nameAndI31RE.FindAllStringSubmatch(body, -1)
	if len(ms) == 0 {
		return out
	}
	pet := false
	for _, m := range heIsPet31RE.FindAllStringSubmatch(body, -1) {
		for _, k := range strings.Fields(strings.ToLower(m[1])) {
			pet = pet || isPet(k) && !ambiguousPets[k] && !genericPets[k]
		}
	}
	if !pet || otherPetRE.MatchString(body) {
		return out
	}
	names := map[string]bool{}
	for _, m := range ms {
		n := m[1] + m[2]
		if relKey(n) != "" && !lexNames.has(n) || pronoun[strings.ToLower(n)] || lexPlaces.has(n) || calendarName(strings.ToLower(n)) || stopLower[strings.ToLower(n)] {
			continue
		}
		names[n] = true
	}
	if len(names) != 1 {
		return out // two named beside the speaker: which one is the pet is not said
	}
	have := petsNamed(out)
	for n := range names {
		if have[strings.ToLower(n)] {
			return out
		}
		for _, w := range capWord31RE.FindAllString(body, -1) {
			if lw := strings.ToLower(w); w != n && lexNames.has(w) && relKey(w) == "" && !pronoun[lw] && !stopLower[lw] && !isPet(lw) {
				return out // "Sam and I walked Rex": the pet may be another
			}
		}
		c := newClause(body, speaker, at)
		c.add(speaker, "has_pet", n, World, confPref-4)
		out = append(out, c.facts...)
	}
	return out
}
