package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 32, from the misses and the wrong facts of the
// preference family on the LoCoMo dev draws, locomo_more.jsonl, synthetic
// rounds 1–2 and the outside read sets. Read: the rest of a list of
// pastimes after "I love <doing>" ("I love going on road trips with
// friends and family, exploring and hiking or playing board games"); "I'm
// a huge fan" of the name the sentence before opened with or asked about
// ("Emma Watson, she's a big supporter of gender equality. I'm a huge
// fan"); a pastime done to find peace ("I find calm when I do yoga or
// meditate"); one who does a pastime ("I'm an avid reader"); a second
// liking after "but" ("Ava hates broccoli but loves peas"); a title
// opening with "The" loved ("I liked The Bear because …"); a soft spot, a
// weakness or a craving ("I could listen to jazz all day"); examples of a
// kind liked vaguely ("i like indie stuff, Phoebe Bridgers, boygenius");
// and, with the rulebook, a named person "more into" a thing and a phase
// the speaker is in. Mended or dropped: a clause joined to a liked thing
// ("karting and he's a massive Hibs fan"), a liking of a photo, a name,
// a chat or a thing in a photo's background, a phase of an age or a mood
// ("a biting phase"). Cases in tastes32_test.go.

// tastes32 is have, the facts so far, with the speaker's likings the
// groups read in text that have does not already hold, and without the
// likings the drop pass refuses.
// tastes32Need are words one of which a turn must hold for the groups
// below to read it (most turns hold none).
var tastes32Need = []string{"lov", "i'm", "i am", "im ", "enjoy", "like", "adore", "fan", "find", "could", "give",
	"obsess", "addict", "spot", "weakness", "thing for"}

func tastes32(text, speaker string, at time.Time, have []Fact) []Fact {
	have = slices.DeleteFunc(mendClauseTail32(have), func(f Fact) bool {
		return f.Subject == speaker && shownLike32(f) || f.Predicate == "likes" && phaseThing32(f.Claim) == "" && strings.Contains(text, " "+f.Claim+" phase")
	})
	lt := lowerASCII(text)
	if strings.Contains(lt, " but ") {
		have = butSecond32(text, speaker, at, have)
	}
	if !slices.ContainsFunc(tastes32Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return have
	}
	sents := trimmedSentences(text)
	var add []Fact
	for prev, s := range tasteStatements(sents) {
		var got []string
		got = append(got, gerundTail32(s)...)
		got = append(got, fanOfNamed32(prev, s)...)
		got = append(got, findWhen32(s)...)
		got = append(got, theTitle32(s)...)
		got = append(got, softSpot32(s)...)
		if ex := kindExamples32(prev, s); len(ex) > 0 {
			got = append(got, ex...)
			// "anything old" said vaguely: the examples say it
			have = slices.DeleteFunc(have, func(f Fact) bool {
				c := lowerASCII(f.Claim)
				return f.Subject == speaker && f.Predicate == "likes" && (strings.HasPrefix(c, "anything ") || strings.HasPrefix(c, "everything ") || strings.HasPrefix(c, "all things "))
			})
		}
		if p, job := hobbyAgent32(s); p != "" {
			got = append(got, p)
			have = slices.DeleteFunc(have, func(f Fact) bool {
				return f.Subject == speaker && f.Predicate == "job_title" && strings.EqualFold(f.Claim, job)
			})
		}
		for _, p := range got {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	return withTastes(text, speaker, have, add)
}

// The list-tail group: "I love <doing X>, <doing Y> and <doing Z>" where
// the first item runs long enough ("with friends and family") that the
// list rules stop at it; each later item that is a gerund phrase is a
// liking too. The list ends at the first part that is no gerund phrase.
var (
	// loveGerundRE: the speaker loves or enjoys doing something (the match
	// ends where the object starts).
	loveGerundRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:really|absolutely|totally|just|also|truly|genuinely|still|both|all|do|especially)\s+)*(?:love|enjoy|adore|like)\s+(?:to\s+)?`)
	// listSepRE: what divides the items of a list.
	listSepRE = regexp.MustCompile(`\s*(?:,|;|\s[-–—]+\s|\s\(|\))\s*`)
	// itemJoinRE: what joins two items within a part.
	itemJoinRE = regexp.MustCompile(`(?i)\s+(?:and|or|plus|&)\s+`)
	// itemLeadRE: words before an item of the list.
	itemLeadRE = regexp.MustCompile(`(?i)^(?:(?:and|or|plus|also|even|especially|sometimes|just)\s+)+`)
)

// notTailGerund32: gerunds that open no pastime of the list ("escaping
// reality", "getting lost", "knowing …").
var notTailGerund32 = setOf(`getting escaping feeling knowing seeing hearing being doing thinking making trying wondering
	saying telling meaning hoping wishing looking waiting using keeping letting helping including depending according
	considering regarding following starting ending`)

// notInTail32: words that make a list part a clause, not an item.
var notInTail32 = setOf(`i i'm i've he she they it it's we you is are was were makes made gives gave helps helped keeps
	has have had which that who because when while if so but`)

// vagueThing32: words that make an item no named pastime.
var vagueThing32 = setOf(`something anything everything nothing stuff`)

// gerundTail32 is the items after the first of a list of pastimes a
// sentence says the speaker loves: "exploring", "hiking", "playing board
// games" of "I love going on road trips with friends and family,
// exploring and hiking or playing board games".
func gerundTail32(s string) []string {
	loc := loveGerundRE.FindStringIndex(s)
	if loc == nil || negRE.MatchString(s[:loc[1]]) || condRE.MatchString(s[:loc[0]]) {
		return nil
	}
	rest := s[loc[1]:]
	first := strings.Fields(rest)
	if len(first) == 0 || !isGerund(strings.Trim(first[0], ",;")) {
		return nil
	}
	parts := listSepRE.Split(strings.TrimRight(rest, ".!…"), -1)
	if len(parts) < 2 || len(parts) == 2 && !itemJoinRE.MatchString(parts[1]) {
		return nil // "I love experimenting in the kitchen, coming up with something tasty": one thing said twice
	}
	var out []string
	for _, part := range parts[1:] {
		part = strings.TrimSpace(itemLeadRE.ReplaceAllString(strings.TrimSpace(part), ""))
		if part == "" {
			continue
		}
		var items []string
		for _, it := range itemJoinRE.Split(part, -1) {
			it = strings.TrimSpace(itemLeadRE.ReplaceAllString(strings.TrimSpace(it), ""))
			ws := strings.Fields(lowerASCII(it))
			if len(ws) == 0 || len(ws) > 6 || !isGerund(ws[0]) || notTailGerund32[ws[0]] || vague[ws[0]] && !havingThings32(ws) {
				break
			}
			if slices.ContainsFunc(ws, func(w string) bool { return notInTail32[w] || vagueThing32[w] }) {
				break
			}
			if c := cut(it); c != "" && !danglingPrep[lowerASCII(lastWord(c))] {
				items = append(items, c)
			}
		}
		if len(items) == 0 {
			break // the list ended: "…, which refreshes me"
		}
		out = append(out, items...)
	}
	return out
}

// havingThings32: "having picnics", "having movie nights": a pastime
// had, not "having a blast" or "having fun".
func havingThings32(ws []string) bool {
	return ws[0] == "having" && len(ws) >= 2 && !notInTail32[ws[1]] && !deictic[ws[1]] && !pronoun[ws[1]] &&
		ws[1] != "a" && ws[1] != "an" && ws[1] != "to" && ws[1] != "fun" && ws[1] != "been" && ws[1] != "my" && ws[1] != "no"
}

// The fan group: "I'm a huge fan" with no object, of the name the
// sentence before opened with ("Emma Watson, she's a big supporter of
// gender equality. I'm a huge fan.") or asked the listener about ("Have
// you seen all the Harry Potter movies? I'm a fan too!").
var (
	// fanAloneRE: a sentence that says the speaker is a fan and no more.
	fanAloneRE = regexp.MustCompile(`(?i)^(?:i'm|i\s+am|im)\s+(?:(?:also|such|really|definitely|totally|still)\s+)*an?\s+(?:(?:huge|big|massive|total|die-hard|diehard|major|lifelong|true)\s+)?fan(?:\s+(?:too|myself|as\s+well|of\s+(?:hers|his|theirs|them|him|her)))?\s*[.!]*$`)
	// openNameRE: a sentence opened by a name and a comma or a verb:
	// "Emma Watson, she's …", "Aerosmith is …" (group 1).
	openNameRE = regexp.MustCompile(`^(\p{Lu}[\p{L}'.-]*(?:\s+(?:of\s+the\s+|of\s+|the\s+)?\p{Lu}[\p{L}'.-]*){0,3})(?:,|\s+(?:is|was|are|were|has|have)\b)`)
	// askedSeenRE: a question about a work the listener has seen, read,
	// heard or played: "Have you seen all the Harry Potter movies?" (group
	// 1 the name).
	askedSeenRE = regexp.MustCompile(`(?i:\b(?:have|did)\s+you\s+(?:ever\s+)?(?:seen|watched|read|heard|heard\s+of|played|listened\s+to|tried)\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?)(\p{Lu}[\p{L}\d'.:-]*(?:\s+\p{Lu}[\p{L}\d'.:-]*){0,4})`)
)

// fanOfNamed32 is the name "I'm a huge fan" in s is of, read from the
// sentence before; nil when none.
func fanOfNamed32(prev, s string) []string {
	if prev == "" || !fanAloneRE.MatchString(leadIn30RE.ReplaceAllString(s, "")) {
		return nil
	}
	var n string
	if m := askedSeenRE.FindStringSubmatch(prev); m != nil && strings.HasSuffix(prev, "?") {
		n = m[1]
	} else if m := openNameRE.FindStringSubmatch(prev); m != nil && !strings.HasSuffix(prev, "?") {
		n = m[1]
	}
	if n == "" {
		return nil
	}
	ws := strings.Fields(n)
	if len(ws) == 1 && (lexNames.has(n) || isStopName(n)) || pronoun[lowerASCII(ws[0])] || isStopName(ws[0]) ||
		lexPlaces.has(n) || lexCities.has(n) || personWord(n) {
		return nil // one given name is a friend, not a star; a place is no fandom
	}
	return []string{n}
}

// The find-peace group: a pastime done to find calm: "I find calm when I
// do yoga or meditate", "I always find peace when I go hiking", "I find
// so much joy when I'm gardening".
var findWhenRE = regexp.MustCompile(`(?i)\bi\s+(?:(?:always|really|usually|often|truly|also)\s+)*find\s+(?:(?:so\s+much|such|real|true|my|a\s+lot\s+of|some|inner)\s+)?(?:peace|calm|joy|comfort|solace|happiness|balance|serenity|calmness|zen|release)\s+(?:when|while|whenever)\s+(?:i|i'm|i\s+am|im)\s+(?:(?:do|go|am|'m)\s+)?([^,;.!?]+)`)

// findWhen32 is the pastimes findWhenRE reads in a sentence.
func findWhen32(s string) []string {
	m := findWhenRE.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(s[m[0]:m[1]]) {
		return nil
	}
	var out []string
	for _, it := range itemJoinRE.Split(s[m[2]:m[3]], -1) {
		ws := strings.Fields(lowerASCII(it))
		if len(ws) == 0 || len(ws) > 4 {
			return nil
		}
		w := ws[0]
		switch {
		case isGerund(w) && !vague[w] && !notTailGerund32[w]:
		case pastimeNouns[w] || pastimes31[w] || w == "meditate":
		default:
			return nil // "when I'm with my friends"
		}
		if c := cut(it); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// The shown-thing drop: a liking whose object is a photo, a name, a plan
// or a chat of the moment, not a taste: "I love the photo, the sunset
// looks amazing", "I love the name Luna for a dog", "I love catching up
// with you".
var shownHead32 = setOf(`photo pic picture snap shot selfie name idea plan moment chat message post update`)

// shownIn32: where in a photo a thing liked is ("in the background").
var shownIn32 = setOf(`background foreground photo pic picture shot corner back front`)

// shownLike32 reports whether f is a liking of a thing shown or of a
// chat with the listener.
func shownLike32(f Fact) bool {
	if f.Predicate != "likes" {
		return false
	}
	ws := strings.Fields(f.Claim)
	if len(ws) > 0 && (ws[0] == "the" || ws[0] == "that" || ws[0] == "this") {
		ws = ws[1:]
	}
	if len(ws) == 0 || ws[0] != lowerASCII(ws[0]) {
		return false // "The Name of the Wind": a title
	}
	if ws[0] == "catching" && len(ws) >= 2 && ws[1] == "up" {
		return true
	}
	if n := len(ws); n >= 3 && ws[n-3] == "in" && ws[n-2] == "the" && shownIn32[ws[n-1]] {
		return true // "the beach in the background": a thing in a photo
	}
	return shownHead32[ws[0]] && (len(ws) == 1 || ws[1] == "of" || ws[0] == "name")
}

// The rules of session 32 read clause by clause with the rulebook: a
// named person "more into" a thing ("Tom is more into football", "she's
// more into like plants and ceramics"), and a phase the speaker is in
// ("I'm in a big baking phase"; another's phase is read by phaseRE,
// tastes28.go).
func init() {
	rules = append(rules,
		r(subj+`(?i:\s+is|'s)(?i:\s+(?:so|really|totally|just|still|now|much|way|a\s+lot))*(?i:\s+(?:more|mostly))(?i:\s+(?:so|really|totally))*(?i:\s+(?:into|obsessed\s+with))(?i:\s+like)?\s+(.+)`, 2, func(c *clause, m []string) {
			n := third(c, m[1], strings.HasPrefix(c.text, m[1]))
			if n == "" || intoPlight(m[2]) {
				return
			}
			for _, p := range splitGerunds(object(m[2])) {
				c.add(n, "likes", p, World, confThird-6)
			}
		}),
		r(fpbe+phase32, 1, func(c *clause, m []string) {
			if p := phaseThing32(m[1]); p != "" {
				c.add(c.speaker, "likes", p, World, confPref-8)
			}
		}),
	)
}

// phase32: "is deep in a dinosaur phase" (group the thing).
const phase32 = `(?i:(?:\s+is|'s|\s+am|'m|\s+are|'re)?(?:\s+(?:deep|really|totally|well|firmly|currently|still|now|so|kind\s+of|kinda|going))*\s+(?:in|through)\s+(?:a|an|her|his|my|their|our)(?:\s+(?:big|huge|major|serious|real|full-on|total|massive|proper))?)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?i:\s+phase)\b`

// notPhase32: phases that are of an age or a mood, no taste.
var notPhase32 = setOf(`teenage teen terrible difficult tough hard awkward rebellious experimental testing planning early final first
	second new growth healing grieving sleep sleepy regression clingy biting fussy picky moody weird dark bad rough quiet
	no honeymoon transition transitional learning toddler baby`)

// phaseThing32 is the thing of "a dinosaur phase", or "" when the phase
// is of an age or a mood.
func phaseThing32(p string) string {
	ws := strings.Fields(lowerASCII(p))
	if len(ws) == 0 || slices.ContainsFunc(ws, func(w string) bool { return notPhase32[w] || pronoun[w] || deictic[w] }) {
		return ""
	}
	return p
}

// clauseTail32RE: a clause joined to a liked thing: "karting and he's a
// massive Hibs fan".
var clauseTail32RE = regexp.MustCompile(`(?i)\s+(?:and|but|so|or|because)\s+(?:he|she|they|i|we|it|you)(?:'s|'re|'m|'ve|'d|’s|\s+(?:is|are|was|were|has|have|had|do|does|did|can|will|would|also|just|really|loves?|likes?|hates?))\b.*$`)

// mendClauseTail32 cuts from a preference's claim a clause joined to it;
// a claim left empty or said already goes.
func mendClauseTail32(have []Fact) []Fact {
	var out []Fact
	for _, f := range have {
		if preference(f.Predicate) {
			if loc := clauseTail32RE.FindStringIndex(f.Claim); loc != nil {
				f.Claim = strings.TrimSpace(f.Claim[:loc[0]])
				if f.Claim == "" || slices.ContainsFunc(out, func(g Fact) bool {
					return g.Subject == f.Subject && g.Predicate == f.Predicate && strings.EqualFold(g.Claim, f.Claim)
				}) {
					continue
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// The hobby-noun group: the speaker named by the one who does a pastime
// for its own sake: "I'm an avid reader", "I'm a keen cyclist", "I'm a
// huge gamer". A noun that is also a job ("gardener", "photographer")
// counts only with a word that makes it a hobby ("a keen gardener"), and
// such a word makes it no job: the job the rulebook read of it goes. Not
// "a terrible swimmer", not denied.
var hobbyAgentRE = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im)\s+(?:(?:also|such|really|definitely|still|quite|kind\s+of|kinda|a\s+bit\s+of|more\s+of)\s+)*an?\s+(?:(big|huge|keen|avid|passionate|massive|total|proper|real|serious|die-hard|diehard|lifelong|dedicated|enthusiastic|obsessive|voracious|budding|amateur|hardcore|weekend|hobby|casual)\s+)?([a-z]+)\b`)

// hobbyAgents32: the one who does a pastime, and the pastime; jobAgent32
// of them are jobs too.
var hobbyAgents32 = map[string]string{"reader": "reading", "runner": "running", "jogger": "jogging", "cyclist": "cycling",
	"swimmer": "swimming", "hiker": "hiking", "climber": "climbing", "surfer": "surfing", "skier": "skiing",
	"gamer": "gaming", "knitter": "knitting", "birder": "birdwatching", "birdwatcher": "birdwatching",
	"golfer": "golf", "foodie": "food", "bookworm": "reading", "cinephile": "movies", "gardener": "gardening",
	"baker": "baking", "photographer": "photography", "painter": "painting", "cook": "cooking", "dancer": "dancing",
	"sailor": "sailing", "fisherman": "fishing", "angler": "fishing", "skater": "skating", "snowboarder": "snowboarding"}

var jobAgent32 = setOf(`gardener baker photographer painter cook dancer sailor fisherman`)

// hobbyAgent32 is the pastime hobbyAgentRE reads in s, and the job
// phrase the rulebook may have read of it ("keen gardener"); "" when none.
func hobbyAgent32(s string) (pastime, jobPhrase string) {
	m := hobbyAgentRE.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(s[:m[1]]) || condRE.MatchString(s[:m[0]]) {
		return "", ""
	}
	agent := lowerASCII(s[m[4]:m[5]])
	p, ok := hobbyAgents32[agent]
	if !ok {
		return "", ""
	}
	mod := ""
	if m[2] >= 0 {
		mod = lowerASCII(s[m[2]:m[3]])
	}
	if jobAgent32[agent] && (mod == "" || mod == "big" || mod == "huge" || mod == "real" || mod == "proper" || mod == "total" || mod == "massive" || mod == "serious") {
		return "", "" // "I'm a gardener": a job; "a keen gardener" a pastime
	}
	if rest := strings.TrimSpace(s[m[5]:]); strings.HasPrefix(lowerASCII(rest), "at ") && !strings.HasPrefix(lowerASCII(rest), "at heart") || strings.HasPrefix(lowerASCII(rest), "for ") {
		return "", "" // "I'm a runner at a restaurant": a job
	}
	return p, strings.TrimSpace(mod + " " + agent)
}

// The but group: a second liking of the same subject after "but" with
// no subject of its own: "Ava loves peas but hates broccoli", "My son
// hates baths but loves swimming" (the first was read by the rulebook).
var butSecondRE = regexp.MustCompile(`(?i)\b(loves|adores|likes|enjoys|hates|dislikes|can't\s+stand|cannot\s+stand)\s+([^,.;!?]+?)\s+but\s+(?:(?:really|absolutely|totally|also|still|actually)\s+)?(loves|adores|likes|enjoys|hates|dislikes|can't\s+stand|cannot\s+stand)\s+([^,.;!?]+)`)

// butSecond32 is have with the second likings butSecondRE reads in text.
func butSecond32(text, speaker string, at time.Time, have []Fact) []Fact {
	for _, s := range trimmedSentences(text) {
		m := butSecondRE.FindStringSubmatch(s)
		if m == nil || strings.HasSuffix(s, "?") || condRE.MatchString(s) {
			continue
		}
		first := slices.IndexFunc(have, func(f Fact) bool {
			return (f.Predicate == "likes" || f.Predicate == "dislikes") && claimOverlap(f.Claim, cut(m[2]))
		})
		p := object(m[4])
		if first < 0 || p == "" || personWord(p) {
			continue
		}
		pred := "likes"
		switch v := lowerASCII(m[3]); {
		case strings.HasPrefix(v, "hate") || strings.HasPrefix(v, "dislike") || strings.HasSuffix(v, "stand"):
			pred = "dislikes"
		}
		subj := have[first].Subject
		if slices.ContainsFunc(have, func(f Fact) bool { return f.Subject == subj && preference(f.Predicate) && claimOverlap(f.Claim, p) }) {
			continue
		}
		conf := have[first].Confidence
		have = append(have, Fact{Subject: subj, Predicate: pred, Claim: p, Kind: World, Polarity: Positive,
			ValidFrom: at, Confidence: conf, Speaker: speaker})
	}
	return have
}

// The title group: a work named by a title that opens with "The", loved
// now or when it was seen: "I liked The Bear because it reminds me of my
// family", "I loved The Remains of the Day", "We enjoyed The Great
// British Bake Off". Not a liking of one's childhood ("I loved The Lion
// King as a kid"), denied, asked, or wished for.
var (
	theTitleRE = regexp.MustCompile(`\b(?i:i|we)\s+(?i:(?:all|really|absolutely|totally|just|also|both|truly|genuinely|honestly)\s+)*(?i:loved|liked|enjoyed|adored|love|like|enjoy|adore)\s+(The\s+\p{Lu}[\p{L}\d'’-]*(?:\s+(?:of|the|and|in|on|a|an|to|for|at|\p{Lu}[\p{L}\d'’-]*))*)`)
	// youngRE: a liking said of one's childhood.
	youngRE = regexp.MustCompile(`(?i)\b(?:as\s+a\s+(?:kid|child|teen|teenager|boy|girl)|when\s+i\s+was|growing\s+up|back\s+then|back\s+in\s+the\s+day|in\s+(?:school|college|high\s+school))\b`)
	// titleTailRE: lower-case words a title does not end on.
	titleTailRE = regexp.MustCompile(`(?:\s+(?:of|the|and|in|on|a|an|to|for|at))+$`)
)

// theTitle32 is the title theTitleRE reads in s, as a list.
func theTitle32(s string) []string {
	m := theTitleRE.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(s[:m[1]]) || condRE.MatchString(s[:m[0]]) || youngRE.MatchString(s) {
		return nil
	}
	if strings.Contains(lowerASCII(s[m[0]:m[2]]), "d like") || strings.Contains(lowerASCII(s[m[0]:m[2]]), "d love") {
		return nil
	}
	t := titleTailRE.ReplaceAllString(s[m[2]:m[3]], "")
	ws := strings.Fields(t)
	if len(ws) < 2 || isStopName(ws[1]) || personWord(t) || lexCities.has(t) || lexPlaces.has(t) ||
		lexCities.has(strings.Join(ws[1:], " ")) || lexPlaces.has(strings.Join(ws[1:], " ")) {
		return nil // "We loved The Hague": a place seen
	}
	return []string{t}
}

// The soft-spot group: a taste said as a weakness or a craving: "I've
// got a soft spot for old westerns", "I have a real weakness for
// pastries", "I've always had a thing for vintage cars", "my obsession
// with sourdough", "I could eat sushi every day", "Give me a good curry
// any day".
var (
	softSpotRE     = regexp.MustCompile(`(?i)\b(?:(?:i|we)(?:'ve|\s+have)?\s+(?:(?:always|really|also|still|definitely|kinda|kind\s+of)\s+)*(?:got|have|had)\s+(?:(?:such|a\s+bit\s+of|kind\s+of)\s+)?an?\s+(?:(?:real|big|huge|massive|serious|major|total|soft|slight|definite|weird|special|little)\s+)*(?:(?:soft\s+spot|weakness|thing)\s+for|(?:obsession|addiction)\s+(?:with|for))|\bmy\s+(?:(?:little|slight|current|new|latest|biggest|weird)\s+)?(?:obsession|addiction)\s+with)\s+([^,.;!?()]+)`)
	couldAllDayRE  = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:honestly|literally|genuinely|seriously)\s+)*could\s+(?:(?:honestly|literally|happily|easily)\s+)*(?:eat|drink|listen\s+to|watch|read|play)\s+([^,.;!?]+?)\s+(?:every\s+(?:single\s+)?day|all\s+day(?:\s+long)?|forever|for\s+hours|on\s+repeat|every\s+night|for\s+days)\b`)
	giveMeAnyDayRE = regexp.MustCompile(`(?i)^(?:(?:honestly|but|just)[,\s]+)?give\s+me\s+([^,.;!?]+?)\s+any\s+day\b`)
)

// verbAfter32RE: a verb after the thing of a soft spot.
var verbAfter32RE = regexp.MustCompile(`(?i)\s+(?:is|are|was|were|has|have|had|keeps|kept|gets|got|makes|made|started|began)\b`)

// softSpot32 is the things the soft-spot group reads in s.
func softSpot32(s string) []string {
	var out []string
	for _, re := range []*regexp.Regexp{softSpotRE, couldAllDayRE, giveMeAnyDayRE} {
		m := re.FindStringSubmatchIndex(s)
		if m == nil || negRE.MatchString(s[:m[1]]) || condRE.MatchString(s[:m[0]]) {
			continue
		}
		o := s[m[2]:m[3]]
		if k := verbAfter32RE.FindStringIndex(o); k != nil {
			o = o[:k[0]] // "my obsession with sourdough [is getting out of hand]"
		}
		if p := object(o); p != "" && !personWord(p) {
			if ws := strings.Fields(lowerASCII(p)); len(ws) > 0 && !pronoun[ws[0]] && ws[0] != "him" && ws[0] != "her" && ws[0] != "them" {
				out = append(out, p)
			}
		}
	}
	return out
}

// The examples group: a vague kind of thing liked, then examples of it,
// in the same sentence or the next: "i like indie stuff, Phoebe Bridgers,
// boygenius, that kind of thing", "we both love food markets and
// anything old. temples, castles, old streets". Only after a kind said
// vaguely ("… stuff", "anything old", "all things Korean"), so that "I
// love this place, great food, nice staff" names no examples.
var (
	// vagueKindRE: a liking that ends on a kind said vaguely (group 1
	// where it ends).
	vagueKindRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:really|also|both|all|just|absolutely|totally|mostly)\s+)*(?:love|like|enjoy|adore|dig)\s+[^,.;:!?]*?(?:\b(?:anything|everything|all\s+things)\s+[a-z-]+|\b[a-z-]+\s+stuff)(\s*[,:–—-]\s*|\s*[.!]\s*|\s*$)`)
	// kindEndRE: how a list of examples ends.
	kindEndRE = regexp.MustCompile(`(?i),?\s*(?:(?:and\s+)?(?:that|this)\s+(?:kind|sort)\s+of\s+(?:thing|stuff)|etc\.?|and\s+so\s+on|stuff\s+like\s+that|things\s+like\s+that|you\s+know)\s*[.!]*$`)
)

// kindExamples32 is the examples of a vague kind liked in s (or, when
// s is only a list, in the sentence before it).
func kindExamples32(prev, s string) []string {
	if m := vagueKindRE.FindStringSubmatchIndex(s); m != nil && !negRE.MatchString(s[:m[1]]) {
		if rest := s[m[1]:]; strings.TrimSpace(rest) != "" && !strings.ContainsAny(s[m[2]:m[3]], ".!") {
			return exampleList32(rest)
		}
		return nil
	}
	if m := vagueKindRE.FindStringSubmatchIndex(prev); m != nil && !negRE.MatchString(prev[:m[1]]) && strings.TrimSpace(prev[m[1]:]) == "" {
		return exampleList32(s)
	}
	return nil
}

// exampleSepRE32: what divides the examples of a list.
var exampleSepRE32 = regexp.MustCompile(`\s*,\s*|\s+(?:and|or|&)\s+`)

// exampleList32 is the items of s when s is a list of at least two
// short names of things and nothing else.
func exampleList32(s string) []string {
	s = kindEndRE.ReplaceAllString(strings.TrimSpace(s), "")
	s = strings.TrimRight(s, ".!… ")
	parts := exampleSepRE32.Split(s, -1)
	if len(parts) < 2 {
		return nil
	}
	var out []string
	for _, p := range parts {
		ws := strings.Fields(lowerASCII(p))
		if len(ws) == 0 || len(ws) > 3 {
			return nil
		}
		for _, w := range ws {
			if pronoun[w] || auxVerb[w] || notInTail32[w] || deictic[w] || vagueThing32[w] || w == "my" || w == "a" || w == "an" {
				return nil
			}
		}
		if personWord(p) {
			return nil
		}
		out = append(out, strings.TrimSpace(p))
	}
	return out
}
