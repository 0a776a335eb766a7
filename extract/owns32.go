package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Possessions said in frames the earlier rules leave (session 32, from
// the possession misses of the LoCoMo dev draws, locomo_more and synthetic
// rounds 1–2), and possessions the rules wrote wrong. Cases in
// owns32_test.go.

// owns32 runs after the turn's rules and the whole-turn passes.
func owns32(text, speaker string, at time.Time, out []Fact) []Fact {
	out = badClaim32(speaker, out)
	lt := lowerASCII(text)
	if strings.Contains(lt, "-") {
		out = petModifier32(text, speaker, out)
	}
	if !gotWord32RE.MatchString(lt) && !strings.Contains(lt, "still") && !strings.Contains(lt, " me ") && !strings.Contains(lt, " us ") {
		return out // none of the frames below can be said
	}
	body := clean(text)
	for _, s := range sentences(body) {
		s = restoreCase(strings.TrimSpace(s))
		if strings.HasSuffix(s, "?") || quoted32RE.MatchString(s) {
			continue
		}
		if secondRE.MatchString(s) || condRE.MatchString(s) || hypoRE.MatchString(s) || jokeRE.MatchString(s) || sarcasmRE.MatchString(s) {
			continue
		}
		ls := lowerASCII(s)
		if gotWord32RE.MatchString(ls) {
			out = gotThing32(s, speaker, at, out)
		}
		if strings.Contains(ls, "still") {
			out = keptThing32(s, speaker, at, out)
		}
		if strings.Contains(ls, " me ") || strings.Contains(ls, " us ") {
			out = givenMe32(s, speaker, at, out)
		}
	}
	return notOwned31(text, speaker, out)
}

// gotWord32RE: a word of the frames below, looked for before them.
var gotWord32RE = regexp.MustCompile(`\b(?:bought|purchased|ordered|picked|got|scored|snagged|treated)\b`)

// quoted32RE: a sentence inside a quoted letter or message the speaker
// drafts ("'Dear Mr Asante, … we would like to order …'").
var quoted32RE = regexp.MustCompile(`^['"‘“]`)

// goods32 are things chat says it bought, kept or was given that the
// goods lists miss.
var goods32 = setOf(`statue sculpture poster vase mug kettle blender toaster grill smoker air-fryer hoodie amulet
	plant plants terrarium multi-tool toolbox saw ladder lawnmower mower stroller pram helmet binos vinyl ssd gpu
	pc desktop router nas wallet purse umbrella hammock suitcase lens tripod dvd scooty ute
	props gadgets devices device keyboard drill headphones earbuds controller kindle ipad iphone macbook gear
	equipment sweater sneakers trainers boots jersey wristband accordion piano`)

// notGot32 are heads that name no thing kept: what is sent or handed
// over ("got a letter", "got a card"), what happens ("got a flat tyre",
// "got a cold"), what one plays or goes to.
var notGot32 = setOf(`card cards game games ticket tickets record records set letter letters note notes parcel
	package bill bills cold flu tire tyre tires tyres puncture fine receipt invoice text message call email
	shot jab vaccine scan x-ray ride lift`)

// owned32 reports whether h is a thing the frames below own.
func owned32(h string) bool {
	lh := strings.ToLower(h)
	if isPet(lh) || notGot32[lh] || lexFoods32.has(lh) && !ownedThing(lh) {
		return false
	}
	return owned31(h) || goods32[lh] || goods32[singular(lh)] || (ownedHead(lh) && !madeWorks[lh])
}

// lexFoods32: what is eaten or drunk ("I got a coffee", "ordered a pizza")
// is no thing kept.
var lexFoods32 = loadWords("foods.txt")

// Things bought or got (session 32): "I even bought a drill last week",
// "I bought a tanuki statue", "Right, bought a multi-tool", "Picked up a
// secondhand Olympus OM-1 at a car boot sale", "I got the new Novablasts",
// "I've got a ute" — with the verb said
// with any of the small words before it, or the subject dropped at the
// start of a sentence. A thing is one of the goods lists or, after a verb
// of buying, a make and model ("a secondhand Olympus OM-1"). Not a thing
// wished for, denied or ahead ("I'm getting a new phone"), bought for
// someone ("a bike for my daughter"), from the library or rented, eaten
// ("got a coffee"), nor one sent or befallen ("got a letter", "got a flat
// tyre").
var gotThing32RE = regexp.MustCompile(`(?i)(?:^(?:(?:oh|ok|okay|right|so|also|and|well|update|anyway|plus|btw|lol|haha|yeah|yes|finally|just|recently)\W+)*|\b(?:i|we|i've|we've)\s+)(?:(?:just|finally|recently|also|even|actually|literally|officially|already|proudly|impulsively|somehow|then|now|since|went\s+and|went\s+out\s+and)\s+)*(bought|purchased|ordered|picked\s+up|got\s+myself|got\s+ourselves|bought\s+myself|bought\s+ourselves|treated\s+myself\s+to|got|scored|snagged)\s+((?:an?|some|the|this|these|a\s+pair\s+of|my\s+first|our\s+first|my\s+own|our\s+own|two|three|four|five|six|new|a\s+new|a\s+couple\s+of)\s+.+)`)

// itemLead32 open a further thing of a list: "a swamp cooler and a hat".
var itemLead32 = setOf(`a an some the two three four five six new my our another`)

// notThing32 reports whether the words of a noun phrase name no thing
// kept: a job or a chance got ("a small job translating a cookbook"), or
// a measure of stuff ("a bag of dark rye", "a box of chocolates").
func notThing32(ws []string) bool {
	for i, w := range ws {
		lw := strings.ToLower(strings.Trim(w, ",.!?;:"))
		if i < 4 && notThingWord32[lw] {
			return true
		}
		if i+1 < len(ws) && strings.ToLower(ws[i+1]) == "of" && container32[lw] {
			return true
		}
	}
	return false
}

var (
	notThingWord32 = setOf(`job jobs gig gigs role position chance deal offer internship contract shift shifts lesson
		lessons class classes spot place seat invite invitation`)
	container32 = setOf(`bag bags box boxes bottle bottles jar jars pack packs packet packets can cans tin tins crate
		carton sack loaf cup cups glass glasses bunch bowl plate slice piece pieces bar bars case`)
)

// buyVerb32 are the verbs that say the thing was paid for.
var buyVerb32 = setOf(`bought purchased ordered picked`)

// modelLead32 are words before a make and model that say it is a thing
// bought ("a secondhand Olympus OM-1", "the new Novablasts").
var modelLead32 = setOf(`new secondhand second-hand used vintage refurbished`)

// gotThing32 adds the things s says the speaker bought or got.
func gotThing32(s, speaker string, at time.Time, out []Fact) []Fact {
	m := gotThing32RE.FindStringSubmatchIndex(s)
	if m == nil {
		return out
	}
	verb := strings.ToLower(strings.Fields(s[m[2]:m[3]])[0])
	np := npCut32(s[m[4]:m[5]])
	var claims []string
	for i, p := range items31.Split(np, 4) {
		ws := strings.Fields(p)
		for k := 1; k < len(ws); k++ {
			if lw := strings.ToLower(ws[k]); lw == "the" || lw == "a" || lw == "an" {
				ws = ws[:k] // "a hat the size of an umbrella"
				break
			}
		}
		if len(ws) == 0 || i > 0 && (subject31[strings.ToLower(ws[0])] || strings.ContainsAny(ws[0], "'’")) {
			break
		}
		if i > 0 && !itemLead32[strings.ToLower(ws[0])] && !owned32(strings.Trim(ws[0], ",.!?;:")) {
			break // "some new devices and refurbished my gaming desk": a clause, no thing
		}
		if notThing32(ws) {
			if i == 0 {
				return out
			}
			break
		}
		claim, head := thing31(ws)
		if head == "" || pronoun[strings.ToLower(head)] || stopLower[strings.ToLower(head)] {
			break
		}
		if lh := strings.ToLower(head); dwellings[lh] && !buyVerb32[verb] {
			break // "I've got a tiny flat in Graça", "I got the flat" when parting: rented as often as owned
		}
		ok := owned32(head) || compound32(claim)
		if !ok && (buyVerb32[verb] || hasLead32(ws)) {
			ok = model32(ws, claim)
		}
		if !ok && hasOwn31(out, speaker, claim) {
			continue // "a swamp cooler and a hat": the earlier rules read the first
		}
		if !ok {
			if i == 0 {
				return out
			}
			break
		}
		claims = append(claims, claim)
	}
	for _, claim := range claims {
		out = addOwn32(s, speaker, at, m[0], claim, s[m[0]:m[1]], confPref-6, out)
	}
	return out
}

// model32 reports whether claim, read from ws, is a make and model said
// after a word of buying: capitalised words with a digit or a model word
// before them ("a secondhand Olympus OM-1", "a 1974 Jawa 350").
func model32(ws []string, claim string) bool {
	if claim == "" || !properName(strings.TrimLeft(claim, "0123456789 ")) {
		return false
	}
	first := strings.Fields(strings.TrimLeft(claim, "0123456789 "))
	if len(first) == 0 || lexPlaces.has(first[0]) || lexNames.has(first[0]) && len(first) == 1 || relKey(first[0]) != "" || calendarName(strings.ToLower(first[0])) || stopLower[strings.ToLower(first[0])] || notModel32[strings.ToLower(first[0])] {
		return false
	}
	return hasLead32(ws) || strings.ContainsAny(claim, "0123456789")
}

// hasLead32 reports whether ws say the thing is new or second-hand.
func hasLead32(ws []string) bool {
	for _, w := range ws {
		if modelLead32[strings.ToLower(w)] {
			return true
		}
	}
	return false
}

// npCut32 cuts a noun phrase at the words that open an aside or a
// clause: "a multi-tool (it was on offer", "a tanuki statue that's way
// too big".
func npCut32(np string) string {
	if k := npCut32RE.FindStringIndex(np); k != nil {
		return np[:k[0]]
	}
	return np
}

var npCut32RE = regexp.MustCompile(`(?i)\s*(?:[(\[—–;:]|\s-\s|\b(?:that|which|who|it|they|she|he)(?:'|’)|\bthat\s+(?:i|we|is|was|are|were)\b)`)

// compounds32 are things named by two words whose last word alone is no
// thing kept: "a record player", "an external drive".
var compounds32 = setOf(`record-player external-drive hard-drive flash-drive gaming-system sound-system coffee-machine
	espresso-machine sewing-machine washing-machine ice-cream-maker bread-maker air-fryer pressure-cooker slow-cooker
	rice-cooker stuffed-animal dash-cam smart-watch`)

// compound32 reports whether the claim ends in one of compounds32.
func compound32(claim string) bool {
	ws := strings.Fields(strings.ToLower(claim))
	if len(ws) < 2 {
		return false
	}
	return compounds32[ws[len(ws)-2]+"-"+ws[len(ws)-1]]
}

// notModel32 are capitalised words after "got" or "bought" that name a
// service or a trip, not a thing kept.
var notModel32 = setOf(`uber lyft airbnb taxi netflix spotify hulu disney amazon prime`)

// addOwn32 writes the speaker's owning of claim, read at loc in s, when
// the words before it neither deny nor wish it and the words after it do
// not give it to someone else.
func addOwn32(s, speaker string, at time.Time, loc int, claim, span string, conf int, out []Fact) []Fact {
	if claim == "" || hasOwn31(out, speaker, claim) {
		return out
	}
	c := newClause(s, speaker, at)
	if !c.mode(s[:loc]) || c.fore || ahead31RE.MatchString(s[:loc]) || negRE.MatchString(s[:loc]) || c.neg {
		return out
	}
	if k := strings.Index(lowerASCII(s), lowerASCII(claim)); k >= 0 {
		if rest := s[k+len(claim):]; atWork31RE.MatchString(rest) || forSomeoneText(rest) || forYou31RE.MatchString(rest) || forOther32RE.MatchString(rest) {
			return out
		}
	}
	c.raw = span
	c.add(speaker, "owns", claim, World, conf)
	return append(out, c.facts...)
}

// forOther32RE: the thing is got for another or as a present ("a watch
// for his birthday", "as a gift for Mum").
var forOther32RE = regexp.MustCompile(`(?i)^\s*(?:for\s+(?:his|her|their|your|ur)\b|as\s+an?\s+(?:gift|present)\s+for\b|to\s+give\b)`)

// Things kept (session 32): "I still have the accordion in the basement",
// "I still have the Bechstein piano", "I still have the wristband
// somewhere". Only a thing of the goods lists, and not one kept for
// another ("I still have your jacket").
var keptThing32RE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:do|actually|also)\s+)?(?:still)\s+(?:have|keep|got|'ve\s+got|have\s+got)\s+(?:the|my|our|that|this|those|these)\s+((?:[\p{L}\d&'-]+\s*){1,4})`)

// keptThing32 adds the things s says the speaker still has.
func keptThing32(s, speaker string, at time.Time, out []Fact) []Fact {
	m := keptThing32RE.FindStringSubmatchIndex(s)
	if m == nil {
		return out
	}
	claim, head := thing31(strings.Fields(npCut32(s[m[2]:])))
	if head == "" || !(owned32(head) || compound32(claim)) {
		return out
	}
	return addOwn32(s, speaker, at, m[0], claim, s[m[0]:m[1]], confPref-6, out)
}

// Things given to the speaker (session 32): "My daughter gave me a record
// player for my birthday", "My grandson bought me a new Samsung", "he
// made me a sweater", "acoustic, a yamaha my sister gave me". Only a thing
// of the goods lists or a make, and not food ("my mum made me a cake").
var (
	givenMe32RE = regexp.MustCompile(`(?i)\b(he|she|(?:my|our|a)\s+(?:[\p{L}'-]+\s+){0,2}?[\p{L}'-]+)\s+(?:(?:just|even|once|kindly|finally|also)\s+)?(?:gave|bought|made|gifted|knitted|knit|built)\s+(?:me|us)\s+((?:an?|this|that|the|some|a\s+pair\s+of|my\s+first|a\s+new|new)\s+.+)`)
	gaveMe32RE  = regexp.MustCompile(`(?i)\b(?:an?|the|this|that)\s+((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+)\s+(?:that\s+)?(?:my|our)\s+(?:[\p{L}'-]+\s+){0,1}?[\p{L}'-]+\s+(?:gave|bought|got|made|gifted|knitted|built)\s+(?:me|us)\b`)
)

// giverKin32 are the givers of a present who are not kin words: a friend
// or a partner (no boss, company or school, whose things are lent).
var giverKin32 = setOf(`friend friends bestie bff partner boyfriend girlfriend bf gf fiancé fiance fiancee husband wife
	hubby mum mom dad parents grandparents grandson granddaughter grandkids kids son daughter sister brother aunt uncle
	mother father mama papa grandma grandpa nan nana gran granny cousin niece nephew godmother godfather stepmom stepdad`)

// givenMe32 adds the things s says were given to the speaker.
func givenMe32(s, speaker string, at time.Time, out []Fact) []Fact {
	if m := givenMe32RE.FindStringSubmatchIndex(s); m != nil {
		giver := strings.Fields(strings.ToLower(s[m[2]:m[3]]))
		who := giver[len(giver)-1]
		kin := len(giver) == 1 || giverKin32[who]
		ws := strings.Fields(npCut32(s[m[4]:m[5]]))
		if claim, head := thing31(ws); kin && head != "" && (owned32(head) || compound32(claim) || hasLead32(ws) && model32(ws, claim)) {
			out = addOwn32(s, speaker, at, m[0], claim, s[m[0]:m[1]], confPref-6, out)
		}
	}
	if m := gaveMe32RE.FindStringSubmatchIndex(s); m != nil {
		ws := strings.Fields(s[m[2]:m[3]])
		if claim, head := thing31(ws); head != "" && (owned32(head) || compound32(claim) || brand31(ws[0]) && len(ws) <= 2 || carMakeAlone.MatchString(head)) {
			out = addOwn32(s, speaker, at, m[0], claim, s[m[0]:m[1]], confPref-6, out)
		}
	}
	return out
}

// badClaim32 takes out the speaker's owning whose claim opens with a
// preposition: the rules read past the thing into the next words ("we
// bought a flat! In Újlipótváros" wrote "In Újlipótváros").
func badClaim32(speaker string, out []Fact) []Fact {
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Subject != speaker || f.Predicate != "owns" {
			return false
		}
		ws := strings.Fields(f.Claim)
		if len(ws) < 2 || !unicode.IsUpper([]rune(ws[0])[0]) {
			return false
		}
		return leadPrep32[strings.ToLower(ws[0])]
	})
}

// leadPrep32 are the prepositions that open no thing's name.
var leadPrep32 = setOf(`in at on from to into near by`)

// A pet's word said only as the first part of a compound names no pet
// ("I have a dog-walking business", "some cat-sitting"): the speaker's
// pet of that kind is taken out when every time the turn says the word it
// is joined by a hyphen to the next.
func petModifier32(body, speaker string, out []Fact) []Fact {
	if !strings.Contains(body, "-") {
		return out
	}
	lb := lowerASCII(body)
	return slices.DeleteFunc(out, func(f Fact) bool {
		lc := strings.ToLower(f.Claim)
		if f.Subject != speaker || f.Predicate != "has_pet" || !isPet(lc) || strings.Contains(lc, " ") {
			return false
		}
		seen := false
		for _, after := range wordAt(lb, lc) { // kin32.go
			if !strings.HasPrefix(after, "-") {
				return false // the word said alone too: "my dog-walking routine with Rex, my dog"
			}
			seen = true
		}
		return seen
	})
}
