package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 30, from the misses of the preference family on
// locomo_more.jsonl, synthetic rounds 1–2 and the LoCoMo dev draws: likings
// said the casual way the clause rules do not read. A sentence with its
// subject dropped ("not a fan of cilantro", "can't get enough of lo-fi",
// "always been into old cars"), a liking said by an idiom ("I live for
// karaoke nights", "nothing better than cruising around", "no team better
// than the Saints", "board games have always been my thing"), a hedged
// allergy ("I'm a little allergic to cats"), and a pastime named by what it
// does for the speaker, said at more length than the clause rules take
// ("fixing up old bikes is definitely therapeutic", "long drives help me
// relax"). Each group reads the turn's sentences; tastes30 adds what they
// find and the facts so far do not hold, through tasteFilter28's jests and
// the like. Cases in tastes30_test.go.

// tastes30Need: words one of which a turn must hold for any group to read
// it.
var tastes30Need = []string{"fan of", "enough of", "always been", "enjoying", "loving", "obsessed", "live for", "better than",
	"compares", "tops", "my thing", "my jam", "allergic", "help me", "helps me", "helped me", "therap", "relaxing", "calming", "soothing", "meditative", "my escape", "my zen", "happy place",
	"sense of", " my mind", " my head", "puts me in", "turn to", " mad ", "crazy about", "worships", "adores", " phase", "game for", "my team", "my club", "my band"}

// relaxVerbs30: what a pastime helps one do ("help me relax", "helps me
// find my center").
const relaxVerbs30 = `(?:relax|unwind|de-?stress|decompress|recharge|chill|clear\s+my\s+(?:head|mind)|switch\s+off|stay\s+(?:calm|sane|grounded|balanced|centered|centred)|find\s+(?:peace|balance|calm|my\s+center|my\s+centre)|feel\s+(?:calm|calmer|relaxed|grounded))\b`

// allergyMark opens a claim a group reads as an allergy.
const allergyMark = "\x00!"

var (
	// leadIn30: words of chat before a sentence's own start ("honestly",
	// "yeah,", "lol").
	leadIn30RE = regexp.MustCompile(`(?i)^(?:(?:honestly|tbh|ngl|lol|haha+|yeah|yea|yep|yes|oh|ok|okay|and|but|also|plus|well|man|dude|lowkey|low-key|so|omg|ugh|same|true|hmm+|personally|for\s+me)[,!.]*\s+)+`)

	// droppedRE: a liking with its subject dropped (group 1 the thing).
	droppedRE = []*regexp.Regexp{
		// "not a fan of cilantro", "not really a big fan of horror"
		regexp.MustCompile(`(?i)^(?:i'?m\s+|i\s+am\s+|im\s+)?(?:really\s+|just\s+|honestly\s+)?not\s+(?:really\s+|much\s+of\s+)?(?:a\s+)?(?:big\s+|huge\s+|massive\s+|great\s+)?fan\s+of\s+(.+)`),
		// "never been a fan of jazz"
		regexp.MustCompile(`(?i)^(?:i've\s+|i\s+have\s+|ive\s+)?never\s+been\s+(?:a\s+|much\s+of\s+a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+(.+)`),
		// "can't get enough of lo-fi beats"
		regexp.MustCompile(`(?i)^(?:i\s+)?(?:just\s+|honestly\s+|seriously\s+|literally\s+|really\s+)?(?:can't|can’t|cant|cannot|can\s+not)\s+get\s+enough\s+of\s+(.+)`),
		// "still enjoying my morning runs" ("really loving the view" is the
		// moment's)
		regexp.MustCompile(`(?i)^(?:still|kinda)\s+(?:(?:really|so|totally)\s+)?(?:enjoying|loving|obsessed\s+with|hooked\s+on|addicted\s+to)\s+(.+)`),
		// "always been into old cars", "I've always been a huge fan of jazz"
		regexp.MustCompile(`(?i)^(?:i've\s+|i\s+have\s+|ive\s+|have\s+)?always\s+been\s+(?:really\s+|so\s+|super\s+|kinda\s+)?(?:into|obsessed\s+with|a\s+(?:big\s+|huge\s+|massive\s+)?fan\s+of|passionate\s+about|crazy\s+about|mad\s+about|drawn\s+to|fascinated\s+by)\s+(.+)`),
	}

	// droppedDislikes: how many of droppedRE, first, read dislikes.
	droppedDislikes = 2

	// liveForRE: "I live for karaoke nights" (group 1 the thing).
	liveForRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:really\s+|just\s+|honestly\s+|literally\s+|totally\s+|kinda\s+)?live\s+for\s+([^,;:!?.]+)`)

	// notLiveFor: what one lives for that is no taste ("I live for free",
	// "we live for now").
	notLiveFor = setOf(`now free today tomorrow years months weeks days a an one two three it this that them you him her my our each other the moment my family my kids`)

	// nothingBetterRE: "nothing better than cruising around" (group 1).
	nothingBetterRE = regexp.MustCompile(`(?i)^(?:there's\s+|there\s+is\s+|theres\s+|is\s+)?(?:just\s+|honestly\s+|really\s+)?nothing\s+(?:quite\s+|much\s+)?(?:better\s+than|compares\s+to|tops)\s+([^,;:!?.]+)`)

	// noKindBetterRE: "no club better than Liverpool" (group 2 the thing).
	noKindBetterRE = regexp.MustCompile(`(?i)(?:^|[,;]\s*|\bthere\s+is\s+|\bthere's\s+)no\s+([a-z]+)\s+(?:is\s+)?better\s+than\s+([^,;:!?.]+)`)

	// alwaysMyThingRE: "board games have always been my thing" (group 1).
	alwaysMyThingRE = regexp.MustCompile(`(?i)^([^,;:!?]{2,40}?)\s+(?:has|have|'s)\s+(?:(?:always|honestly|really|just|kinda|forever|long)\s+)*been\s+my\s+(?:(?:absolute|total|all-time)\s+)?(?:thing|jam|jams|fave|fav|go-to|passion|obsession|weakness|guilty\s+pleasure|comfort\s+food|happy\s+place|therapy|escape)\b`)

	// hedgedAllergyRE: "I'm a little allergic to cats" (group 1).
	hedgedAllergyRE = regexp.MustCompile(`(?i)\b(?:i'm|i’m|i\s+am|im)\s+(?:also\s+)?(?:a\s+little(?:\s+bit)?|a\s+bit|little|kinda|kind\s+of|sort\s+of|slightly|mildly|somewhat|super|very|really|so|deathly|severely|highly|seriously|crazy)\s+allergic\s+to\s+([^,;:!?.]+)`)

	// soothingGerundRE: a pastime said at length, and what it does for the
	// speaker: "fixing up old bikes is definitely therapeutic" (group 1).
	soothingGerundRE = regexp.MustCompile(`(?i)^([a-z]+ing(?:\s+[\w'-]+){0,4}?)\s+(?:is|has\s+(?:always\s+)?been|'s)\s+(?:(?:so|really|very|super|truly|definitely|always|also|honestly|pretty|incredibly|genuinely|weirdly|oddly|such|a|an|kind\s+of|kinda)\s+)*(?:therapeutic|relaxing|calming|soothing|meditative|(?:great|good|nice|perfect|real|total)\s+therapy|therapy|my\s+(?:therapy|escape|zen|happy\s+place|outlet|sanctuary|meditation))\b`)

	// helpsRelaxRE: a plural thing one does that helps one relax: "long
	// drives help me relax", "walks in the park really help me unwind"
	// (group 1).
	helpsRelaxRE = regexp.MustCompile(`(?i)^((?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*s)(?:\s+(?:in|on|at|with|by|around|through|along)\s+[^,;]{1,30}?)?\s+(?:(?:really|always|also|just|definitely|honestly|truly)\s+)*help\s+me\s+(?:to\s+)?` + relaxVerbs30)

	// occasionTail30RE: when one does a thing, after it ("cruising around
	// on a sunny day", "a cold beer after a long shift").
	occasionTail30RE = regexp.MustCompile(`(?i)\s+(?:on|in|at|after|before|during)\s+(?:a|an|the|my|our)?\s*(?:(?:long|lazy|hot|cold|sunny|rainy|busy|quiet|slow|warm|nice)\s+)?(?:day|days|morning|mornings|evening|evenings|night|nights|weekend|weekends|work|school|class|shift|summer|winter|afternoon|afternoons|sundays?|saturdays?)$`)

	// gerundHelpsRE: a pastime said at length that helps one relax:
	// "watching the boats come in really helps me find peace" (group 1).
	gerundHelpsRE = regexp.MustCompile(`(?i)^([a-z]+ing(?:\s+[\w'-]+){0,9}?)\s+(?:(?:really|always|also|just|definitely|honestly|truly)\s+)*(?:helps|has\s+(?:always\s+)?helped)\s+me\s+(?:to\s+)?` + relaxVerbs30)

	// myTeamRE: "The Saints are my team for sure" (group 1).
	myTeamRE = regexp.MustCompile(`^(?:[Tt]he\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\s+(?:is|are)\s+(?:(?i:totally|definitely|still|always)\s+)?my\s+(?i:team|club|band)(?:\s+(?i:for\s+sure|forever|for\s+life|now))?\s*(?:[.!,;-]|$)`)

	// chunkRE: where a clause of a sentence starts after a comma or dash.
	chunkRE = regexp.MustCompile(`(?:,|\s[-–—])\s+`)

	// othersMadRE: a named person's passion said after a comma or "and",
	// where the clause rules look for the speaker: "…, and Rosa is mad
	// about lighthouses" ("mad about" left out: angry, to many), "Arlo worships the Broncos", "Pia is deep in a
	// shark phase" (group 1 the name, 2 the thing, 3 the phase's thing).
	othersMadRE = regexp.MustCompile(`\b([A-Z][\p{Ll}]+)\s+(?:(?:is|'s)\s+(?:(?i:so|totally|completely|really|super|absolutely|just|still|now|kinda|a\s+bit)\s+)*(?i:crazy|nuts|wild|obsessed|passionate)\s+(?i:about|with|for)\s+([^,;:!?.]+)|(?i:worships|adores)\s+([^,;:!?.]+)|(?:is|'s)\s+(?i:deep\s+|totally\s+|really\s+)?in\s+(?:a|an|her|his|their)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+phase)`)

	// senseOfRE: what a pastime gives or does for one: "art gives me a
	// sense of freedom", "knitting calms my mind", "hiking puts me in a
	// good mood" (group 1).
	senseOfRE = regexp.MustCompile(`(?i)^([a-z][\w'-]*(?:\s+[\w'-]+){0,5}?)\s+(?:(?:really|always|also|just|definitely|honestly|truly)\s+)*(?:(?:gives|has\s+given|brings)\s+me\s+(?:a\s+|such\s+a\s+)?(?:(?:real|great|huge|deep|big)\s+)?sense\s+of\s+(?:freedom|peace|calm|purpose|accomplishment|achievement|belonging|joy|fulfil?lment)|(?:calms|quiets|clears|settles)\s+my\s+(?:mind|head|nerves|soul|thoughts)|puts\s+me\s+in\s+(?:my|a|such\s+a)\s+(?:(?:great|good|better|happy)\s+mood|happy\s+place|zen|calm\s+place|good\s+headspace))\b`)

	// joined30RE: a word that joins clauses, inside what was read as a
	// subject ("doing poses relieves tension and [calms my mind]").
	joined30RE = regexp.MustCompile(`(?i)\s(?:and|or|but|so|then)(?:\s|$)`)

	// turnToRE: what one turns to when stressed: "whenever I need a reset,
	// I turn to nature" (group 1 the thing).
	turnToRE = regexp.MustCompile(`(?i)\b(?:when|whenever|if)\b[^,]{0,50}\b(?:stress|stressed|down|overwhelmed|reset|sad|anxious|low|upset|need|tough|rough|hard|bad|tired)\b[^,]*,\s*i\s+(?:always\s+|usually\s+|just\s+|often\s+)?turn\s+to\s+([^,;:!?.]+)`)

	// notSoothing: gerunds that name no pastime ("knowing she's safe is
	// calming", "having you here is so relaxing").
	notSoothing = setOf(`morning evening spring thing wedding ceiling being having knowing getting thinking feeling hearing seeing talking chatting spending saying telling nothing something anything everything`)

	// notInPastime30: words a gerund phrase naming a pastime does not hold:
	// people ("having you here"), things said elsewhere ("doing that").
	notInPastime30 = setOf(`i you u ya your ur he him his she her they them their we us me it its this that these those`)

	// beingOut30: what follows "being" in a pastime ("being outdoors",
	// "being by the sea").
	beingOut30 = setOf(`outdoors outside out in by near on around underwater`)

	// notHelpSubject: subjects of "help me relax" that are no pastime.
	notHelpSubject = setOf(`your his her their these those they people friends kids parents things its this that my`)
)

// tastes30 is the speaker's likings the groups read in text that the
// facts so far (have) do not already hold.
func tastes30(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := strings.ToLower(text)
	if !slices.ContainsFunc(tastes30Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return nil
	}
	var out []Fact
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") {
			continue
		}
		for _, f := range othersTastes30(s, at, speaker) {
			if !negRE.MatchString(s) && !slices.ContainsFunc(slices.Concat(have, out), func(g Fact) bool {
				return g.Subject == f.Subject && preference(g.Predicate) && claimOverlap(g.Claim, f.Claim)
			}) {
				out = append(out, f)
			}
		}
		for _, p := range tasteSentence30(leadIn30RE.ReplaceAllString(s, "")) {
			out = addMarkedTaste(p, speaker, at, have, out) // tastes29.go
		}
	}
	if len(out) == 0 {
		return nil
	}
	return tasteFilter28(text, speaker, out)
}

// othersTastes30 are the likings of named people othersMadRE reads in a
// sentence, as facts of theirs.
func othersTastes30(s string, at time.Time, speaker string) []Fact {
	var out []Fact
	for _, m := range othersMadRE.FindAllStringSubmatch(s, -1) {
		name := m[1]
		if !lexNames.has(name) || lexPlaces.has(name) || lexCities.has(name) || notFragment[strings.ToLower(name)] {
			continue
		}
		o := m[2] + m[3] + m[4]
		for _, p := range tasteList(cut(object(symbolCut(o)))) {
			out = append(out, Fact{Subject: name, Predicate: "likes", Claim: p, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confPref - 8, Speaker: speaker})
		}
	}
	return out
}

// tasteSentence30 is the likings one sentence says (a dislike marked with
// dislikeMark, an allergy with allergyMark).
func tasteSentence30(s string) []string {
	var out []string
	add := func(mark, o string) {
		o = cut(object(symbolCut(o)))
		o = strings.TrimSpace(occasionTail30RE.ReplaceAllString(tasteTail(o), ""))
		ps := tasteList(o)
		if ws := strings.Fields(o); len(ps) == 0 && len(ws) == 2 && isCapital(ws[0]) && strings.ToLower(ws[1]) == ws[1] {
			// "Long walks help me relax": the sentence's capital, not a name's
			ps = tasteList(strings.ToLower(ws[0]) + " " + ws[1])
		}
		for _, p := range ps {
			out = append(out, mark+p)
		}
	}
	// gerund: a gerund phrase taken whole, as long as it is ("taking my
	// dogs for a walk in the park", "being outdoors"); a list's items
	// otherwise
	gerund := func(o string) {
		p := strings.TrimSpace(occasionTail30RE.ReplaceAllString(cut(o), ""))
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) < 2 || tasteSplitRE.MatchString(p) && len(tasteList(p)) > 0 {
			add("", o)
			return
		}
		if !personWord(p) && !notTaste[ws[len(ws)-1]] {
			out = append(out, p)
		}
	}
	for i, re := range droppedRE {
		if m := re.FindStringSubmatch(s); m != nil {
			if i < droppedDislikes {
				add(dislikeMark, m[1])
			} else {
				add("", m[1])
			}
		}
	}
	if m := liveForRE.FindStringSubmatchIndex(s); m != nil && !negRE.MatchString(s[:m[0]]) {
		o := strings.TrimSpace(s[m[2]:m[3]])
		lo := strings.ToLower(o)
		if ws := strings.Fields(lo); len(ws) > 0 && !notLiveFor[ws[0]] && !notLiveFor[lo] && !strings.HasPrefix(lo, "the moment") {
			add("", o)
		}
	}
	if m := nothingBetterRE.FindStringSubmatch(s); m != nil {
		add("", strings.TrimPrefix(strings.TrimSpace(m[1]), "to "))
	}
	for _, m := range noKindBetterRE.FindAllStringSubmatch(s, -1) {
		if lo := strings.ToLower(strings.TrimSpace(m[2])); !notTaste[strings.ToLower(m[1])] && !notLiveFor[lo] && lo != "that" {
			add("", m[2])
		}
	}
	if m := alwaysMyThingRE.FindStringSubmatch(s); m != nil && !negRE.MatchString(m[1]) && !slices.ContainsFunc(strings.Fields(strings.ToLower(m[1])), func(w string) bool { return notInPastime30[w] }) {
		add("", m[1])
	}
	if m := hedgedAllergyRE.FindStringSubmatchIndex(s); m != nil && !negRE.MatchString(s[:m[0]]) {
		add(allergyMark, s[m[2]:m[3]])
	}
	if m := turnToRE.FindStringSubmatch(s); m != nil {
		add("", m[1])
	}
	if m := myTeamRE.FindStringSubmatch(s); m != nil && !nameAlone(m[1]) && !lexNames.has(strings.Fields(m[1])[0]) && !personWord(m[1]) &&
		(strings.HasPrefix(strings.ToLower(s), "the ") || strings.HasSuffix(m[1], "s")) {
		add("", m[1]) // "The Saints", "Wolves": a side, not "Priya is my team"
	}
	// a pastime and what it does for one, at a sentence's start or a
	// clause's after a comma ("And when I'm off, cooking is therapy")
	starts := []string{s}
	for _, loc := range chunkRE.FindAllStringIndex(s, -1) {
		starts = append(starts, leadIn30RE.ReplaceAllString(s[loc[1]:], ""))
	}
	for _, c := range starts {
		for _, re := range []*regexp.Regexp{soothingGerundRE, gerundHelpsRE} {
			if m := re.FindStringSubmatch(c); m != nil && gerundPastime30(m[1]) {
				gerund(m[1])
			}
		}
		if m := senseOfRE.FindStringSubmatch(c); m != nil && !joined30RE.MatchString(m[1]) && !negRE.MatchString(m[1]) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if strings.HasSuffix(ws[0], "ing") && gerundPastime30(m[1]) {
				gerund(m[1])
			} else if len(ws) <= 2 && !notHelpSubject[ws[0]] && !notInPastime30[ws[0]] && !praisedLead[ws[0]] {
				add("", m[1])
			}
		}
		if m := helpsRelaxRE.FindStringSubmatch(c); m != nil && !negRE.MatchString(m[1]) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if !notHelpSubject[ws[0]] && !pronoun[ws[0]] {
				add("", m[1])
			}
		}
	}
	return out
}

// gerundPastime30: a gerund phrase names a pastime, not a state or a
// person ("knowing she's safe", "having you here").
func gerundPastime30(p string) bool {
	if negRE.MatchString(p) {
		return false // "Running never helps me relax"
	}
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 || notSoothing[ws[0]] && !(ws[0] == "being" && len(ws) > 1 && beingOut30[ws[1]]) {
		return false // "being outdoors" is a pastime; "being late" no
	}
	for _, w := range ws {
		if notInPastime30[w] || auxVerb[w] {
			return false
		}
	}
	return true
}

// evenTailRE: "even" left at a taste's end when the clause was cut at the
// "if" or "though" after it ("I do like my cricket even if England are
// rubbish" gave "cricket even").
var evenTailRE = regexp.MustCompile(`(?i)\s+even$`)

// relaxWithRE: a liking of how one relaxes, not what with: "I like to
// unwind with a good podcast" gave "unwind with a good podcast" (group 1
// the thing).
var relaxWithRE = regexp.MustCompile(`(?i)^(?:to\s+)?(?:relax|unwind|chill|de-?stress|decompress)(?:\s+out)?\s+(?:with|by)\s+(?:(?:a|an|some|my)\s+)?(?:(?:good|nice|great)\s+)?(.+)$`)

// mendTastes30 mends claims of tastes other passes made: a dangling
// "even" cut off, "unwind with a good podcast" made the podcast.
func mendTastes30(text string, out []Fact) []Fact {
	lt := strings.ToLower(text)
	if !strings.Contains(lt, "even ") && !strings.Contains(lt, " with ") && !strings.Contains(lt, " by ") {
		return out
	}
	for i, f := range out {
		if !preference(f.Predicate) {
			continue
		}
		if evenTailRE.MatchString(f.Claim) {
			if c := evenTailRE.ReplaceAllString(f.Claim, ""); strings.Contains(lt, strings.ToLower(c)+" even ") {
				out[i].Claim = c
			}
		}
		if m := relaxWithRE.FindStringSubmatch(out[i].Claim); m != nil && f.Predicate == "likes" {
			if ps := tasteList(m[1]); len(ps) == 1 && !slices.ContainsFunc(out, func(g Fact) bool {
				return g.Subject == f.Subject && g.Predicate == "likes" && strings.EqualFold(g.Claim, ps[0])
			}) {
				out[i].Claim = ps[0]
			}
		}
	}
	return out
}
