package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 34, from the misses of the preference family on the
// LoCoMo dev draws and locomo_more.jsonl (the chat most like the unseen
// set), then the outside read sets and synthetic rounds 1–2, grouped by
// the frame the speaker uses. Read:
//
//   - the they-joy group: the speaker's own things or animals, named as
//     "my <plural>" in the sentence or the one before, taken up by "they"
//     with what they do for the speaker ("I took my turtles to the beach
//     yesterday! They always bring me peace", "one of my snakes! They
//     always calm me down and make me happy", "I couldn't walk my dogs
//     … 'cause they bring me so much joy", "My pets have been my good ol'
//     buddies … They make me so happy"); not people ("my workmates … they
//     really make me keep going", "my kids, they make me so happy"), not
//     photos or memories, not "they" with nothing of the speaker's named;
//   - the lost-in group: what the speaker loves getting lost in ("I love
//     getting lost in fantasy stories", "I still love to get lost in good
//     books", "I love getting lost in those fantasy worlds"); not "another
//     world", not the listener's ("you love getting lost in …");
//   - the said-favourite group: a favourite said by rank or by choice
//     ("Coconut milk ice cream is at the top of my list", "If I had to
//     pick a favorite, it would definitely be Aerosmith", "Epic fantasy
//     series … are what I enjoy reading", "I'm also a big fan of scents
//     like this!"); not a list of chores ("… is at the top of my to-do
//     list"), not a pick asked of the listener.
//   - the hate-named group: a dislike said of a thing named just before
//     by "it", "them", "the thing" or "this/that <word>", the thing the
//     first "the/your/my <noun>" of the clause or sentence before
//     ("Only please not give me the payment module, I hate this code",
//     "Also the hearing aid is ready at the optician on Thursday. I hate
//     the thing", "Anything but the ocean waves one, I hate that sound",
//     "she'll love your whisky. I can't stand it"); not a person, a time
//     or a place named, not "them" of a thing named in the singular, not
//     a thing named without "the" ("I was working in bank, but I hate
//     it"), not "I hate this song" with nothing named before.
//   - the joined-joy group: a pastime or kind of thing that brings joy
//     or fuels creativity (tastes33's joy-source tail) named in a clause
//     joined by "and" to a whole clause before it ("Dance is my stress
//     relief and fashion fuels my creativity"); not the second of two
//     things named first ("Seeing my kids and playing games makes me
//     happy", where the list is the subject).
//
// Tried and dropped: dropping likings of a cause ("I just like helping
// people", "We both love helping others": on the LoCoMo read sets all
// three such facts are labelled no liking) breaks TestTasteRulesSession29,
// which wants "We both love helping people" read as a liking: left as it
// is. A gerund subject found fun ("Mixing and matching flavors is fun",
// "Jamming with friends is always a blast"): 1 of 7 such sentences on the
// read sets is labelled a liking. A pastime started again ("I've started
// swimming again", "I started knitting again"): about half are labelled a
// liking. "I've been <doing> … lately": most are labelled nothing. Cases
// in tastes34_test.go.

// tastes34Need are words one of which a turn must hold for the groups
// below to read it.
var tastes34Need = []string{" and ", "they", "lost in", "top of my", "favorite", "favourite", "fave", "what i ", "fan of", "hate", "stand", "loathe", "despise", "detest"}

// tastes34 is have with the speaker's likings the groups read in text
// that have does not already hold, through tasteFilter28's jests.
func tastes34(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := lowerASCII(text)
	if !slices.ContainsFunc(tastes34Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return have
	}
	var add []Fact
	sents := trimmedSentences(text)
	for i, s := range sents {
		if s == "" {
			continue
		}
		var got []string
		if !strings.HasSuffix(s, "?") {
			prev := ""
			if i > 0 {
				prev = sents[i-1]
			}
			got = append(got, theyJoy34(prev, s)...)
			got = append(got, lostIn34(s)...)
			got = append(got, hateNamed34(prev, s)...)
			got = append(got, joinedJoy34(s)...)
		}
		got = append(got, saidFavourite34(s)...)
		for _, p := range got {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	return withTastes(text, speaker, have, add)
}

// The they-joy group.
var (
	// theyJoyRE34: "they" and what they do for the speaker.
	theyJoyRE34 = regexp.MustCompile(`(?i)\b(?:they|they've|they\s+have)\s+(?:(?:always|really|sure|truly|just|do|also|still|honestly|definitely|all)\s+)*` +
		`(?:(?:bring|brought|give|gave)\s+me\s+(?:so\s+much\s+|such\s+|a\s+lot\s+of\s+|tons\s+of\s+|real\s+|great\s+|pure\s+|endless\s+)?(?:joy|peace|happiness|comfort)\b|` +
		`(?:make|made)\s+me\s+(?:so\s+|really\s+|very\s+|super\s+|truly\s+)?happy\b|` +
		`(?:make|made)\s+me\s+feel\s+(?:so\s+)?(?:calm|peaceful|happy|relaxed)\b|` +
		`(?:calm|calmed)\s+me\s+down\b|` +
		`(?:keep|kept)\s+me\s+(?:grounded|sane|calm|balanced)\b|` +
		`(?:help|helped)\s+me\s+(?:relax|unwind|de-?stress|find\s+peace)\b)`)
	// joyBringMeRE34: "how much joy they bring me".
	joyBringMeRE34 = regexp.MustCompile(`(?i)\bhow\s+much\s+(?:joy|happiness|peace)\s+they\s+(?:bring|give)\s+me\b`)
	// myPluralRE34: a thing of the speaker's named in the plural: "my
	// turtles", "one of my snakes", "My two dogs" (group 1).
	myPluralRE34 = regexp.MustCompile(`(?i)\bmy\s+(?:(?:two|three|four|five|little|furry|lovely|sweet|own|new|old|pet|precious|beloved)\s+)*([a-z]+s)\b`)
)

// notJoyThing34: plural words of the speaker's that are people, times or
// keepsakes, not a taste ("my kids", "my workmates", "my photos").
var notJoyThing34 = setOf(`kids children sons daughters parents grandparents grandkids grandchildren siblings brothers sisters cousins
	friends buddies pals mates workmates coworkers co-workers colleagues teammates classmates students fans followers clients customers
	neighbors neighbours guys girls boys folks parents-in-law in-laws aunts uncles nieces nephews twins babies
	photos pictures pics memories moments days times years weeks months hours plans goals dreams thoughts feelings words
	things ones efforts hands eyes legs arms feet knees shoulders bones muscles glasses clothes shoes jeans bills savings
	lessons classes sessions studies exams grades results chores responsibilities struggles problems worries issues`)

// theyJoy34 is the thing "they" stands for in s when s says it brings the
// speaker joy or calm: the last "my <plural>" of s before "they" that is
// no company, or else of prev.
func theyJoy34(prev, s string) []string {
	loc := theyJoyRE34.FindStringIndex(s)
	if loc == nil {
		loc = joyBringMeRE34.FindStringIndex(s)
	}
	if loc == nil || negRE.MatchString(s[loc[0]:loc[1]]) {
		return nil
	}
	for _, src := range []string{s[:loc[0]], prev} {
		ms := myPluralRE34.FindAllStringSubmatch(src, -1)
		for k := len(ms) - 1; k >= 0; k-- {
			// the last thing of the speaker's, past company ("My pets
			// have been my good ol' buddies … They make me so happy")
			w := lowerASCII(ms[k][1])
			if companyWord33[w] {
				continue
			}
			if notJoyThing34[w] || lexKinship.has(w) || lexKinship.has(singular(w)) && singular(w) != "pet" || strings.HasSuffix(w, "ss") || len(w) < 4 {
				return nil
			}
			return []string{w}
		}
		if len(ms) > 0 {
			return nil
		}
	}
	return nil
}

// The lost-in group.
var (
	// lostInRE34: "I love getting lost in …" (group 1).
	lostInRE34 = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:still|really|just|also|absolutely|totally|always)\s+)*(?:love|enjoy|like|adore)\s+(?:to\s+get|getting)\s+lost\s+in\s+([^,.;:!?()]+)`)
	// lostInStopRE34: where the thing one gets lost in ends.
	lostInStopRE34 = regexp.MustCompile(`(?i)\s+(?:and|but|when|while|because|so|for|with|after|on|at|during|every|whenever|like)\b.*$`)
)

// notLostIn34: first or last words of what one gets lost in that make it
// no taste: a mood, a moment, a pronoun ("lost in thought", "lost in the
// moment", "lost in another world", "lost in your eyes").
var notLostIn34 = setOf(`another thought thoughts moment moments it them my your his her their our crowd crowds eyes work details
	conversation conversations`)

// lostIn34 is what s says the speaker loves getting lost in.
func lostIn34(s string) []string {
	m := lostInRE34.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(s[:m[1]]) {
		return nil
	}
	o := strings.TrimSpace(lostInStopRE34.ReplaceAllString(s[m[2]:m[3]], ""))
	ws := strings.Fields(lowerASCII(o))
	if len(ws) > 0 && (ws[0] == "those" || ws[0] == "these" || ws[0] == "the" || ws[0] == "a") {
		o = strings.TrimSpace(o[len(ws[0]):])
		ws = ws[1:]
	}
	if len(ws) == 0 || len(ws) > 4 || notLostIn34[ws[0]] || notLostIn34[ws[len(ws)-1]] || len(ws) == 1 && (ws[0] == "world" || ws[0] == "worlds" || ws[0] == "time") {
		return nil
	}
	if p, ok := thingItem33(o); ok {
		return []string{p}
	}
	return nil
}

// The said-favourite group.
var (
	// topListRE34: "Coconut milk ice cream is at the top of my list"
	// (group 1, the sentence's subject).
	topListRE34 = regexp.MustCompile(`(?i)^([^,;:!?]{2,50}?)\s+(?:is|are|'s|has\s+always\s+been|have\s+always\s+been)\s+(?:(?:definitely|always|still|right|probably)\s+)*(?:at\s+)?the\s+top\s+of\s+my\s+(?:list|favou?rites)\b`)
	// pickFavRE34: "If I had to pick a favorite, it would definitely be
	// Aerosmith" (group 1).
	pickFavRE34 = regexp.MustCompile(`(?i)^(?:but\s+|and\s+|so\s+)?if\s+i\s+(?:had\s+to|have\s+to|could\s+only)\s+(?:pick|choose|name)\s+(?:a|one|my|just\s+one)\s+(?:(?:all-time|absolute|single)\s+)?(?:favou?rite|fave)(?:\s+[a-z]+)?,?\s+(?:it(?:'d|\s+would)\s+(?:definitely\s+|probably\s+|have\s+to\s+|totally\s+)*be|i(?:'d|\s+would)\s+(?:definitely\s+|probably\s+)*(?:say|go\s+with|pick|choose))\s+([^,.;:!?()]+)`)
	// whatIEnjoyRE34: "Epic fantasy series … are what I enjoy reading"
	// (group 1, the sentence's subject).
	whatIEnjoyRE34 = regexp.MustCompile(`(?i)^([^,;:!?]{2,80}?)\s+(?:is|are)\s+(?:(?:exactly|just|really)\s+)?what\s+i\s+(?:really\s+|truly\s+|most\s+)?(?:love|enjoy|like)(?:\s+(?:reading|watching|playing|listening\s+to|doing|eating|making|cooking))?\s*[.!]*$`)
	// fanLikeThisRE34: "I'm also a big fan of scents like this!" (group 1).
	fanLikeThisRE34 = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im)\s+(?:(?:also|really|such|definitely|totally)\s+)*an?\s+(?:(?:big|huge|massive|great)\s+)?fan\s+of\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+like\s+(?:this|these|that|those)\b`)
	// withWhatRE34: the clause "with …" after the thing enjoyed ("Epic
	// fantasy series with immersive world-building").
	withWhatRE34 = regexp.MustCompile(`(?i)\s+(?:with|that|which|where)\s+.*$`)
)

// saidFavourite34 is the favourites s says by rank or by choice.
func saidFavourite34(s string) []string {
	s = strings.TrimSpace(s)
	var out []string
	if m := topListRE34.FindStringSubmatch(s); m != nil && !strings.Contains(lowerASCII(s), "to-do") && !strings.Contains(lowerASCII(s), "todo") {
		if p, ok := thingItem33(m[1]); ok && !negRE.MatchString(m[1]) {
			out = append(out, p)
		}
	}
	if m := pickFavRE34.FindStringSubmatch(s); m != nil {
		o := strings.TrimSpace(m[1])
		if ws := strings.Fields(o); len(ws) > 0 && isCapital(ws[0]) {
			o = firstWords30(o) // a name: its capitalised words
		}
		if p := object(o); p != "" && len(strings.Fields(p)) <= 5 && !pronoun[lowerASCII(strings.Fields(p)[0])] {
			out = append(out, p)
		}
	}
	if m := whatIEnjoyRE34.FindStringSubmatch(s); m != nil {
		o := withWhatRE34.ReplaceAllString(m[1], "")
		if p, ok := thingItem33(o); ok {
			out = append(out, p)
		}
	}
	if m := fanLikeThisRE34.FindStringSubmatch(s); m != nil {
		if p, ok := thingItem33(m[1]); ok {
			out = append(out, p)
		}
	}
	return out
}

// The hate-named group.
var (
	// hateRefRE34: a dislike of a thing named before (group 1 the word
	// that takes it up).
	hateRefRE34 = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:really|absolutely|just|honestly|genuinely|still|truly|so)\s+)*(?:hate|can't\s+stand|cannot\s+stand|can\s+not\s+stand|loathe|despise|detest)\s+(it|them|the\s+thing|(?:this|that|these|those)(?:\s+[a-z]+)?)\b`)
	// theNounRE34: a thing named with "the", "your" or "my" (group 1 the
	// words after it).
	// choreRE34: a thing to be done, which "it" may be rather than the
	// thing named in it.
	choreRE34   = regexp.MustCompile(`(?i)\b(?:have|has|had|need|needs|got|gotta|want|wants)\s+to\b|\bgotta\b`)
	theNounRE34 = regexp.MustCompile(`(?i)\b(?:the|your|my|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})`)
)

// notHated34: words that end a thing named or make it none: times,
// places, people, and the words of a clause.
var notHated34 = setOf(`one ones day days week weeks weekend month year morning evening night time times moment end start
	today tonight tomorrow yesterday now
	way thing things stuff lot bit kind sort rest first last next other same whole only
	house home place room office city town school work job app phone family kids friend friends people guy guys
	is are was were be been being has have had do does did will would can could should may might must
	to with in on at for of from by about into over after before during since like than as
	and or but so because if when while though although then also too just really very still
	it this that these those them they he she we you i me him her us my your our their his its
	gave give gives got get gets made make makes went go goes said says told`)

// hateNamed34 is the thing s dislikes by "it", "them", "the thing" or
// "this <word>": the first thing named with "the", "your" or "my" in s
// before the dislike, or else in prev.
func hateNamed34(prev, s string) []string {
	m := hateRefRE34.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(lastWords33(s[:m[0]], 3)) {
		return nil
	}
	ref := lowerASCII(s[m[2]:m[3]])
	for _, src := range []string{s[:m[0]], prev} {
		nm := theNounRE34.FindStringSubmatchIndex(src)
		if nm == nil {
			continue
		}
		if ref == "it" && choreRE34.MatchString(src[:nm[0]]) {
			return nil // "I have to clean the kitchen tonight. I hate it": the chore
		}
		var ws []string
		for _, w := range strings.Fields(src[nm[2]:nm[3]]) {
			if notHated34[lowerASCII(w)] {
				break
			}
			ws = append(ws, w)
		}
		if len(ws) == 0 {
			return nil
		}
		p := strings.Join(ws, " ")
		head := lowerASCII(ws[len(ws)-1])
		if ref == "them" && !strings.HasSuffix(head, "s") || ref != "them" && ref != "these" && !strings.HasPrefix(ref, "those") && strings.HasSuffix(head, "s") && !strings.HasSuffix(head, "ss") && len(ws) == 1 {
			return nil // "them" of a thing named in the singular
		}
		if lexKinship.has(head) || lexKinship.has(singular(head)) || lexPlaces.has(p) || lexCities.has(p) || personWord(p) {
			return nil
		}
		if len(ws) > 3 || len(ws) == 1 && (vague[head] || lexNames.has(ws[0]) || isStopName(ws[0])) {
			return nil
		}
		return []string{dislikeMark + p}
	}
	return nil
}

// The joined-joy group.

// clauseVerbRE34: a verb that makes the words before "and" a clause of
// their own.
var clauseVerbRE34 = regexp.MustCompile(`(?i)\s(?:is|are|was|were|'s|has|have|had)\s`)

// joinedJoy34 is what joySource33 reads in a clause joined by "and" to a
// whole clause before it.
func joinedJoy34(s string) []string {
	var out []string
	for i := 0; ; {
		k := strings.Index(s[i:], " and ")
		if k < 0 {
			break
		}
		k += i
		if left := s[:k]; clauseVerbRE34.MatchString(left) && !strings.ContainsAny(left, ",;") {
			out = append(out, joySource33(s[k+len(" and "):])...)
		}
		i = k + len(" and ")
	}
	return out
}
