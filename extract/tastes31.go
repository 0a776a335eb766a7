package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 31, from the misses and the wrong facts of the
// preference family on the LoCoMo dev draws, locomo_more.jsonl, synthetic
// rounds 1–2 and the outside read sets. Read: a liking said by "I love it"
// of what the speaker said they are doing ("i'm freelancing now … scary
// but i love it"); by what a thing does for the speaker as it does for the
// listener ("nature has that effect on me too"); a title or a place called
// one of the speaker's favourites ("I saw that you had "The Alchemist" on
// there, one of my favorites", "It's Seattle! It's one of my favorite
// cities to explore", "I watched Aftersun again … Still my favourite
// film"); pastimes named and then praised by "it" ("like yoga and
// meditation. It helps me stay balanced"); a sport by its verb alone ("And
// I run, but not far"); a food one cannot have ("I can't have dairy") and
// a named person's coeliac disease ("Cian's coeliac"). Dropped: praise of
// a thing shown ("Wow, looks great! … I love the dark sky") and a clause
// split off a list as a taste ("he hates tacos"). Cases in
// tastes31_test.go.

// tastes31Need: words one of which a turn must hold for any group to read
// it.
var tastes31Need = []string{"eliac", "i run", "i also run", "i still run", " to run", " to swim", " up to ", "i swim", "i jog", "i cycle", "i hike", "i surf", "i climb", "i row", "i skate", "i ski", "i dance", "i sing", "i sketch", "i knit", "i crochet", "can't", "cannot", "can not", "cant", "free", "love it", "enjoy it", "adore it", "effect on me", "for me", "fav", "it help", "way to", "to help", "it keeps", "it really", "it always", "it's been", "it has"}

var (
	// lovedItRE: a clause that says the speaker loves "it", at a
	// sentence's end: "but I actually love it", "and i love it".
	lovedItRE = regexp.MustCompile(`(?i)(?:^|[,;]\s*|\b(?:and|but|so|though|tbh|honestly)\s+)i\s+(?:(?:really|actually|absolutely|totally|honestly|just|truly|genuinely|still|kinda|kind\s+of|secretly|do)\s+)*(?:love|enjoy|adore)\s+it(?:\s+(?:so\s+much|a\s+lot|already|now|there|tho|though))?[\s.!…]*$`)

	// doingRE: what the speaker says they are doing these days: "i'm
	// freelancing now", "I've been leading the sustainability team since
	// June" (group 1 the gerund, 2 what follows it in the clause).
	doingRE = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im|i've\s+been|i\s+have\s+been|ive\s+been)\s+(?:(?:now|currently|still|really|just|also|actually|mostly|officially)\s+)*([a-z]+ing)\b([^,;:.!?()]*)`)

	// doingTailRE: what ends the thing one is doing: when, how long, and
	// the next clause ("since June", "now", "and I …").
	doingTailRE = regexp.MustCompile(`(?i)\s+(?:since|for|now|and|but|so|because|while|at\s+the\s+(?:minute|moment)|these\s+days|lately|recently|full[- ]time|part[- ]time|again|every|each|on\s+(?:weekends|the\s+side)|mostly|instead)\b.*$`)

	// sameEffectRE: a thing that does for the speaker what the listener
	// said it does for them: "nature has that effect on me too", "Yoga
	// does the same for me" (group 1 the thing).
	sameEffectRE = regexp.MustCompile(`(?i)^([a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?:(?:really|always|definitely|just|also|totally|honestly|certainly)\s+)*(?:(?:has|have)\s+(?:(?:always|also)\s+)?(?:had\s+)?(?:that|the\s+same|this|a\s+similar)\s+(?:\w+\s+)?effect\s+on\s+me|(?:does|do)\s+(?:that|the\s+same|this)\s+for\s+me)\b`)

	// quotedFavRE: a title in quotes called one of the speaker's
	// favourites later in its sentence: "I saw that you had "The
	// Alchemist" on there, one of my favorites" (group 1 the title).
	quotedFavRE = regexp.MustCompile(`"(\p{Lu}[^"]{1,60})"[^.!?"]{0,60}?,\s*(?:(?:it's|it\s+is|which\s+is|that's)\s+)?(?:(?:definitely|easily|still|honestly|probably)\s+)?(?:one\s+of\s+my\s+(?:all-time\s+|absolute\s+|very\s+)?fav(?:ou?rite|e)s?|my\s+(?:all-time\s+|absolute\s+|very\s+)?fav(?:ou?rite|e))\b`)

	// itsNameRE: a sentence that says what is shown or spoken of by its
	// name: "It's Seattle, I'm stoked …" (group 1 the name).
	itsNameRE = regexp.MustCompile(`^(?i:it's|it\s+is|that's|that\s+is)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})\s*(?:[,.!;-]|$)`)

	// itsFavRE: "It's one of my favorite cities to explore" (group 1 the
	// kind, if said).
	itsFavRE = regexp.MustCompile(`(?i)^(?:it's|it\s+is)\s+(?:(?:definitely|easily|still|honestly|probably|also)\s+)?one\s+of\s+my\s+(?:all-time\s+|absolute\s+|very\s+)?fav(?:ou?rite|e)s?\b(?:\s+([a-z]+))?`)
)

var (
	// seenTitleRE: a work the speaker watched, read or played, named by
	// its title: "I watched Aftersun again last night" (group 1).
	seenTitleRE = regexp.MustCompile(`\b(?i:i|we)\s+(?i:(?:just|finally|also)\s+)?(?i:watched|rewatched|re-watched|read|reread|re-read|finished|played|replayed|listened\s+to)\s+("?\p{Lu}[\p{L}\d'’:-]*(?:\s+\p{Lu}[\p{L}\d'’:-]*){0,4}"?)`)

	// stillFavRE: a sentence that calls what the one before named the
	// speaker's favourite: "Still my favourite film, I think" (group 1
	// the kind, if said).
	stillFavRE = regexp.MustCompile(`(?i)^(?:still|it's|it\s+is|that's|definitely|easily|probably)\s+(?:(?:still|definitely|easily|probably|honestly)\s+)*(?:one\s+of\s+)?my\s+(?:all-time\s+|absolute\s+|very\s+)?fav(?:ou?rite|e)s?\b(?:\s+([a-z]+))?`)
)

// favKinds31: the kinds of thing "It's X! It's one of my favorite …" names
// X as (not "photos of her", "people").
var favKinds31 = setOf(`cities city places place spots spot towns town countries country destinations beaches parks restaurants
	bands band shows show series books book novels novel movies movie films film games game songs song albums album teams team
	clubs club artists singers authors dishes foods brands`)

// favNamed31 reports whether "It's <name>!" followed by fav, a match of
// itsFavRE, calls the name one of the speaker's favourites: a kind of
// place or work said, or a known place without one.
func favNamed31(name string, fav []string) bool {
	if nameAlone(name) || lexNames.has(strings.Fields(name)[0]) || personWord(name) || isStopName(name) {
		return false
	}
	if fav[1] == "" {
		return lexCities.has(name) || lexPlaces.has(name)
	}
	return favKinds31[strings.ToLower(fav[1])]
}

// notDoing: gerunds after "I'm" that say no pastime: a move, a plan, a
// state ("I'm going", "I'm hoping", "I'm feeling").
var notDoing = setOf(`going getting trying hoping planning thinking looking having feeling being waiting starting moving staying
	leaving coming saying telling doing guessing wondering kidding joking struggling dying seeing talking asking meaning
	sitting lying standing heading taking making running finishing considering expecting counting packing`)

// tastes31 is have, the facts so far, with the speaker's likings the
// groups read in text that have does not already hold, and without the
// likings the drop passes refuse.
func tastes31(text, speaker string, at time.Time, have []Fact) []Fact {
	have = slices.DeleteFunc(have, clauseClaim31)
	have = praiseOfShown31(text, have)
	if n := namedCeliac(text); n != "" && !slices.ContainsFunc(have, func(f Fact) bool {
		return f.Subject == n && f.Predicate == "allergic_to"
	}) {
		have = append(have, Fact{Subject: n, Predicate: "allergic_to", Claim: "gluten", Kind: World, Polarity: Positive,
			ValidFrom: at, Confidence: confPref - 8, Speaker: speaker})
	}
	lt := strings.ToLower(text)
	if !slices.ContainsFunc(tastes31Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return have
	}
	sents := trimmedSentences(text)
	var add []Fact
	for _, p := range tasteSentences31(sents) {
		add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
	}
	for _, a := range allergens31(sents) {
		if !slices.ContainsFunc(slices.Concat(have, add), func(f Fact) bool {
			return f.Subject == speaker && (f.Predicate == "allergic_to" || f.Predicate == "diet") && claimOverlap(strings.TrimPrefix(f.Claim, "no "), a)
		}) {
			add = append(add, Fact{Subject: speaker, Predicate: "allergic_to", Claim: a, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confPref - 8, Speaker: speaker})
		}
	}
	return withTastes(text, speaker, have, add)
}

// tasteSentences31 is the likings the groups read in a turn's sentences.
func tasteSentences31(sents []string) []string {
	var out []string
	for prev, s := range tasteStatements(sents) {
		if p := lovedDoing(prev, s); p != "" {
			out = append(out, p)
		}
		if itHelpsRE.MatchString(leadIn30RE.ReplaceAllString(s, "")) && !strings.HasSuffix(prev, "?") {
			out = append(out, pastimesNamed31(prev)...)
		}
		if loc := toHelpRelaxRE.FindStringIndex(s); loc != nil {
			out = append(out, pastimesNamed31(s[:loc[0]])...)
		}
		for _, re := range []*regexp.Regexp{sportAloneRE, upToSportRE} {
			if m := re.FindStringSubmatch(s); m != nil {
				out = append(out, sportGerund31(m[1]))
			}
		}
		body := leadIn30RE.ReplaceAllString(s, "") // tastes30.go
		if m := sameEffectRE.FindStringSubmatch(body); m != nil && !negRE.MatchString(m[1]) {
			if ws := strings.Fields(strings.ToLower(m[1])); pastimeSubject(m[1]) && !notHelpSubject[ws[0]] && !praisedLead[ws[0]] {
				out = append(out, tasteList(cut(object(m[1])))...)
			}
		}
		if m := quotedFavRE.FindStringSubmatch(s); m != nil && !negRE.MatchString(s) {
			if t := strings.TrimSpace(m[1]); !personWord(t) && !nameAlone(t) {
				out = append(out, t)
			}
		}
		if f := stillFavRE.FindStringSubmatch(body); f != nil && (f[1] == "" || favKinds31[strings.ToLower(f[1])]) {
			if m := seenTitleRE.FindStringSubmatch(prev); m != nil && !strings.HasSuffix(prev, "?") {
				if t := strings.Trim(m[1], `"`); !nameAlone(t) && !personWord(t) && !isStopName(t) {
					out = append(out, t)
				}
			}
		}
		if m := itsNameRE.FindStringSubmatch(prev); m != nil {
			if f := itsFavRE.FindStringSubmatch(body); f != nil && favNamed31(m[1], f) {
				out = append(out, m[1])
			}
		}
		if m := itsNameRE.FindStringSubmatchIndex(s); m != nil {
			// "It's Seattle, and it's one of my favorite cities"
			rest := strings.TrimLeft(s[m[1]:], " ,;-")
			rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, "and "), "And "))
			if f := itsFavRE.FindStringSubmatch(rest); f != nil && favNamed31(s[m[2]:m[3]], f) {
				out = append(out, s[m[2]:m[3]])
			}
		}
	}
	return out
}

// lovedDoing is what the speaker says they are doing and then that they
// love, in one sentence or the one before: "I've been leading the
// sustainability team since June and I actually love it", "i'm
// freelancing now, illustration mostly. scary but i love it"; "" when the
// sentence says no such thing.
func lovedDoing(prev, s string) string {
	loc := lovedItRE.FindStringIndex(s)
	if loc == nil || negRE.MatchString(s[loc[0]:]) {
		return ""
	}
	before := s[:loc[0]]
	where := before
	if ws := strings.Fields(before); !doingRE.MatchString(before) && len(ws) <= 4 && !slices.ContainsFunc(ws, func(w string) bool {
		w = strings.ToLower(strings.Trim(w, ",;:-"))
		return pronoun[w] || w == "he" || w == "she" || w == "they" || w == "we" || w == "i"
	}) {
		where = prev // "scary but i love it": what the sentence before said
	}
	ms := doingRE.FindAllStringSubmatch(where, -1)
	if ms == nil || strings.HasSuffix(strings.TrimSpace(where), "?") {
		return ""
	}
	m := ms[len(ms)-1]
	g := strings.ToLower(m[1])
	if notDoing[g] || !isGerund(g) || negRE.MatchString(m[0]) {
		return ""
	}
	rest := strings.TrimSpace(doingTailRE.ReplaceAllString(" "+m[2], ""))
	p := strings.TrimSpace(m[1] + " " + rest)
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) > 6 || slices.ContainsFunc(ws[1:], func(w string) bool { return notInPastime30[w] && w != "my" }) {
		return "" // "I'm helping her move": another's doing
	}
	return p
}

// The pastime group: pastimes the speaker named in one sentence, and "it"
// praised in the next for what it does for them: "I'm trying to
// prioritize self-care, like yoga and meditation. It helps me stay
// balanced", "I just take a break and do some breathing or meditate. It
// really helps me feel calmer", "I do my favorite watercolor painting to
// keep me busy. It's a chill way to relax"; or in one sentence, done "to
// help relax" ("I'm trying to do more yoga and meditation myself to help
// relax"). Not a pastime taught ("teaching yoga. It's a great way to find
// balance") or one named for another thing ("my go-to place for writing
// inspiration").
var (
	// itHelpsRE: a sentence that says what "it" does for the speaker.
	itHelpsRE = regexp.MustCompile(`(?i)^(?:(?:and|plus|honestly|yeah)[,\s]+)?it(?:'s|\s+is|\s+has)?\s+(?:(?:really|always|definitely|just|also|truly|honestly|been)\s+)*(?:(?:helps|has\s+helped)\s+(?:give\s+)?me\b|keeps\s+me\s+(?:sane|calm|grounded|balanced|centered|centred)\b|(?:an?|such\s+an?)\s+(?:(?:great|good|nice|relaxing|chill|fun|perfect|healthy|lovely|wonderful|awesome|amazing)\s+)+way\s+to\s+(?:relax|unwind|de-?stress|take\s+a\s+break|find\s+(?:peace|calm|balance)|express\s+myself|clear\s+my\s+(?:head|mind)|escape|recharge|decompress|switch\s+off|get\s+away|calm\s+down|chill)\b)`)

	// toHelpRelaxRE: a pastime done to relax, later in its sentence ("…
	// myself to help relax and stay focused").
	toHelpRelaxRE = regexp.MustCompile(`(?i)\bto\s+help\s+(?:me\s+)?(?:relax|unwind|de-?stress|decompress|recharge|calm\s+down|stay\s+(?:calm|sane|grounded|balanced))\b`)

	// wordRE31: a word of a sentence, as the pastime group reads it.
	wordRE31 = regexp.MustCompile(`[\p{L}'-]+`)
)

// pastimes31 are the gerunds of pastimes done for their own sake, which
// the pastime group reads as named (with pastimeNouns, casual.go).
var pastimes31 = setOf(`painting drawing writing reading running jogging swimming hiking cooking baking gardening knitting
	crocheting sewing dancing singing journaling meditating cycling biking climbing surfing skiing skating fishing camping
	sketching meditate`)

// notBeforePastime31: words just before a pastime's name that make it no
// pastime of the speaker's: one taught, one for another thing, another's.
var notBeforePastime31 = setOf(`teaching teach teaches taught teacher your his her their our about`)

// pastimeHeads31: nouns after a pastime's name that make it a part of
// another thing ("yoga routines", "painting classes").
var pastimeHeads31 = setOf(`routine routines class classes course courses session sessions studio teacher teachers instructor
	mat mats retreat retreats inspiration group groups club clubs job career business tips`)

// pastimeKinds31: words before a pastime that name its kind, kept with it
// ("watercolor painting", "aerial yoga").
var pastimeKinds31 = setOf(`watercolor watercolour oil acrylic landscape portrait abstract creative fantasy aerial hot kundalini power
	restorative trail wild open-water guided mindful sound`)

// pastimesNamed31 are the pastimes a first-person sentence (or the part
// of one before "to help relax") names, each with a noun just before it
// that names its kind ("watercolor painting").
func pastimesNamed31(s string) []string {
	if negRE.MatchString(s) || strings.HasSuffix(strings.TrimSpace(s), "?") || secondRE.MatchString(strings.TrimSpace(s)) {
		return nil
	}
	ws := wordRE31.FindAllString(s, -1)
	first := false
	for _, w := range ws {
		switch strings.ToLower(w) {
		case "i", "i'm", "i've", "im", "my", "me", "myself":
			first = true
		}
	}
	if !first {
		return nil
	}
	var out []string
	for i, w := range ws {
		lw := strings.ToLower(w)
		if !pastimes31[lw] && !pastimeNouns[lw] {
			continue
		}
		if i > 0 && notBeforePastime31[strings.ToLower(ws[i-1])] || i+1 < len(ws) && pastimeHeads31[strings.ToLower(ws[i+1])] {
			continue // "teaching yoga", "my favorite yoga routines"
		}
		if i > 0 && pastimeKinds31[strings.ToLower(ws[i-1])] {
			lw = strings.ToLower(ws[i-1]) + " " + lw // "watercolor painting"
		}
		out = append(out, lw)
	}
	return out
}

// The allergen group: a food the speaker cannot have, said as chat says
// an intolerance: "Unfortunately, I can't have dairy, so no ice cream for
// me", "I cannot have milk products, they make me ill", "Dairy-free is a
// must for me". Only the foods people are allergic or intolerant to, not
// what one cannot have now ("I can't have coffee right now", "I can't do
// Sunday").
const allergen31 = `(?i:dairy|lactose|gluten|wheat|milk(?:\s+products)?|(?:tree\s+)?nuts|peanuts|shellfish|eggs|soy)`

var (
	// cantHaveRE: "I can't have dairy" (group 1 the food).
	cantHaveRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:just|really|unfortunately|sadly|still|also)\s+)*(?:can't|cannot|can\s+not|cant)\s+(?:(?:really|even)\s+)?(?:have|do|tolerate|handle|digest|eat|drink)\s+(?:any\s+|much\s+)?(` + allergen31 + `)\b`)
	// freeMustRE: "Dairy-free is a must for me" (group 1 the food).
	freeMustRE = regexp.MustCompile(`(?i)(?:^|[,;]\s*)(` + allergen31 + `)[- ]free\s+(?:is|has\s+to\s+be)\s+(?:a\s+must|essential|non-negotiable)(?:\s+for\s+(?:me|us))?\b`)
)

// allergens31 are the foods the allergen group reads in a turn's
// sentences.
func allergens31(sents []string) []string {
	var out []string
	for _, s := range sents {
		if strings.HasSuffix(s, "?") || condRE.MatchString(s) {
			continue
		}
		if m := cantHaveRE.FindStringSubmatchIndex(s); m != nil && !onceRE.MatchString(s[m[1]:]) {
			out = append(out, strings.ToLower(s[m[2]:m[3]]))
		}
		if m := freeMustRE.FindStringSubmatch(s); m != nil {
			out = append(out, strings.ToLower(m[1]))
		}
	}
	return out
}

// The sport group: a sport or craft said by its verb alone, with no
// object, or as what one gets up to do: "And I run, but not far", "I also
// swim, most days", "i also wake up at 5am to run". Not with an object
// ("I run a bakery", "I row with my arms"), denied, or asked.
const sportVerbs31 = `(run|jog|swim|cycle|hike|surf|climb|row|skate|ski|dance|sing|sketch|knit|crochet)`

var (
	// sportAloneRE: "And I run, but not far" (group 1 the verb).
	sportAloneRE = regexp.MustCompile(`(?i)(?:^|[,;]\s*|\b(?:and|but|also|so|plus)\s+)i\s+(?:(?:also|still|even|usually|mostly|sometimes|often|do)\s+)*` + sportVerbs31 + `(?:\s*(?:[,.!;…]|$)|\s+(?:but|too|a\s+lot|as\s+well|every|most\s+days|daily|regularly|sometimes|before|after|in\s+the\s+(?:mornings?|evenings?)|on\s+(?:weekends|[a-z]+days))\b)`)
	// upToSportRE: "i also wake up at 5am to run" (group 1 the verb).
	upToSportRE = regexp.MustCompile(`(?i)\bi\s+(?:(?:also|still|usually|always|often)\s+)*(?:wake|get)\s+up\s+(?:(?:early|at\s+[\d:]+\s*(?:am|a\.m\.)?|every\s+(?:day|morning))\s+)*to\s+` + sportVerbs31 + `\b`)
)

// sportGerund31 is the pastime a sport's verb names: "run" → "running".
func sportGerund31(v string) string {
	v = strings.ToLower(v)
	switch {
	case v == "run" || v == "swim" || v == "jog" || v == "knit":
		return v + v[len(v)-1:] + "ing"
	case v == "ski":
		return "skiing"
	case strings.HasSuffix(v, "e"):
		return strings.TrimSuffix(v, "e") + "ing"
	}
	return v + "ing"
}

// clauseClaim31: a taste whose claim is a clause, split off a list at its
// "and": "Calum loves hot dogs and he hates tacos" gave `likes he hates
// tacos`.
func clauseClaim31(f Fact) bool {
	if f.Predicate != "likes" && f.Predicate != "dislikes" {
		return false
	}
	ws := strings.Fields(strings.ToLower(f.Claim))
	return len(ws) >= 2 && subjectPronoun31[ws[0]] && (strings.HasSuffix(ws[1], "s") || auxVerb[ws[1]] || ws[1] == "love" || ws[1] == "hate" || ws[1] == "like")
}

// subjectPronoun31: the pronouns that open a clause.
var subjectPronoun31 = setOf(`he she they we i`)

// namedCeliacRE: a named person's coeliac disease said with "'s": "Cian's
// coeliac so eating out is …" (group 1 the name).
var namedCeliacRE = regexp.MustCompile(`\b(\p{Lu}[\p{Ll}'-]+)(?:'s|’s)\s+(?:(?:also|severely|badly)\s+)?(?i:coeliac|celiac)\b`)

// namedCeliac is the person a turn says is coeliac by namedCeliacRE, in a
// sentence that asks nothing; "" when none.
func namedCeliac(text string) string {
	if !strings.Contains(strings.ToLower(text), "eliac") {
		return ""
	}
	for _, s := range sentences(clean(text)) {
		if m := namedCeliacRE.FindStringSubmatch(s); m != nil && !strings.HasSuffix(strings.TrimSpace(s), "?") && !vocativeOrPlace31(m[1]) {
			return m[1]
		}
	}
	return ""
}

// vocativeOrPlace31 reports whether a capitalised word is no person's
// name: a place, a word of the calendar, a common word.
func vocativeOrPlace31(w string) bool {
	return lexPlaces.has(w) || lexCities.has(w) || isStopName(w) || lexCommon().has(strings.ToLower(w)) && !lexNames.has(w)
}

// The shown-praise group: "I love the …" after the speaker said a thing
// shown looks good or asked about a photo is praise of the listener's
// thing, not a taste: "Wow, looks great! Where did you take this picture?
// I love the dark sky and green scenery".
var (
	// shownGoodRE: a thing shown praised or a photo asked about, before
	// "I love the" (group 1 what follows "the").
	shownGoodRE = regexp.MustCompile(`(?i)(?:\blooks?\s+(?:so\s+|really\s+|absolutely\s+)?(?:great|amazing|awesome|beautiful|gorgeous|stunning|delicious|cool|lovely|incredible|fantastic|good)\b|\b(?:picture|photo|pic|shot)\b[^.!?]*\?)[^"]*?\bi\s+(?:really\s+|just\s+|absolutely\s+)?(?:love|like|adore)\s+the\s+([^.!?,;]+)`)
)

// praiseOfShown31 drops from have the likings shownGoodRE reads as praise
// of a thing shown.
func praiseOfShown31(text string, have []Fact) []Fact {
	m := shownGoodRE.FindStringSubmatch(text)
	if m == nil {
		return have
	}
	praised := " " + strings.ToLower(m[1]) + " "
	return slices.DeleteFunc(have, func(f Fact) bool {
		return f.Predicate == "likes" && strings.Contains(praised, " "+strings.ToLower(f.Claim)+" ")
	})
}

// withTastes is have with the likings a taste pass added (add), through
// the filter every taste pass's additions go through (tasteFilter28); have
// as it is when the pass added none.
func withTastes(text, speaker string, have, add []Fact) []Fact {
	if len(add) == 0 {
		return have
	}
	return tasteFilter28(text, speaker, append(have, add...))
}
