package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Tastes of session 33, from the misses and the wrong facts of the
// preference family on the LoCoMo dev draws, locomo_more.jsonl, synthetic
// rounds 1–2 and the outside read sets, grouped by the frame the speaker
// uses. Read:
//
//   - the joy-source group: a pastime or a kind of thing named first that
//     brings the speaker joy, makes the speaker happy or is the speaker's
//     chill time, escape or thing ("My pets, computer games, travel and
//     pizza are all that bring me happiness in life", "Clay is
//     incredible, it brings me so much joy!", "Cuddling up with a book is
//     my chill time", "now surfing is my whole personality");
//   - the love-for group: the things of "my love for", "our love of",
//     "the start of my passion for", "two of my passions - X and Y", "my
//     two loves - X and Y", "my dancing passion", where the rulebook's
//     rule stops (a verb before it, a list after a dash);
//   - the lookout group: what the speaker is always on the lookout for,
//     always down to try or always trying ("I'm always looking for
//     something new to read", "I'm always down to try new recipes!"), a
//     thing one "started getting into", and "I do love X" / "I do like my
//     rugby";
//   - the relief group (with the joy-source group): a pastime named first
//     that helps the speaker relax, keeps the speaker sane or grounded,
//     fuels the speaker's creativity or is "a great way for me to relax"
//     ("For me, taking the doggos out for a walk in the park helps clear
//     my mind", "playing video games with my partner after a long day is
//     a great way for me to relax"); not advice said without "me" ("Yoga
//     is a great way to relax": mostly labelled no liking);
//
// Tried and dropped: a pastime done every day or every week ("I swim
// every day", "I do ikebana every Tuesday"): on the read sets about half
// of such sentences are labelled no liking ("I cook every day", "We walk
// 5 km every morning", "I cycle to work every morning"). A kind of
// thing praised ("Dogs are amazing", "Live music is the best"): about 6
// in 16 such sentences are labelled a liking. A used-to drop ("I used to
// love hiking, but …": the negative likes the rulebook gives are labelled
// no fact on the LoCoMo dev draws) broke TestPolarityAndModality, which
// wants that negative liking: left to the lead. A drawn-to group ("I'm
// always drawn to animals, they bring so much joy", "I've been interested
// in underwater life, but …"), read sets +4 right of +4, was reverted:
// on the kept-back sets it added one fact and that one was wrong. Cases
// in tastes33_test.go.

// tastes33Need are words one of which a turn must hold for the groups
// below to read it.
var tastes33Need = []string{"joy", "happ", "passion", "love", "my thing", "personality", "chill time", "me time",
	"stress", "escape", "therapy", "meditation", "always", "getting into", "do like", "do enjoy", "help", "keep", "fuel", "feeds my", "way for me"}

// tastes33 is have, the facts so far, with the speaker's likings the
// groups above read in text that have does not already hold (a joined
// claim the groups read item by item is split).
func tastes33(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := lowerASCII(text)
	if !slices.ContainsFunc(tastes33Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return have
	}
	var add []Fact
	for s := range statements(sentences(clean(text))) {
		if s == "" {
			continue
		}
		s0 := leadIn30RE.ReplaceAllString(s, "")
		var got []string
		got = append(got, joySource33(s0)...)
		got = append(got, loveFor33(s)...)
		got = append(got, lookout33(s0)...)
		if len(got) >= 2 {
			have = splitJoined33(speaker, got, have)
		}
		for _, p := range got {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	return withTastes(text, speaker, have, add)
}

// The joy-source group.
var (
	// joyTailRE33: what is said of the thing named first (the match opens
	// right after it): it brings joy, makes happy, is my escape.
	joyTailRE33 = regexp.MustCompile(`(?i)^(?:\s+(?:is|are|'s|can\s+be|has\s+been|have\s+been)\s+[^,;:!?]{1,40}?(?:,|\s+and)\s+(?:it|they)|\s+(?:are|is)\s+(?:all\s+|what\s+|the\s+things?\s+)?(?:that|what))?\s+(?:(?:really|always|sure|truly|just|also|do|does|still|honestly|definitely|genuinely|totally)\s+)*` +
		`(?:(?:brings?|gives?|bring|give)\s+(?:me|my\s+life)\s+(?:so\s+much\s+|such\s+|a\s+lot\s+of\s+|real\s+|great\s+|pure\s+|endless\s+)?(?:joy|happiness)\b|` +
		`(?:makes?|make)\s+me\s+(?:so\s+|really\s+|very\s+|super\s+|truly\s+|incredibly\s+)?happy\b|` +
		`puts?\s+me\s+in\s+my\s+happy\s+place\b|` +
		`(?:helps?|help)\s+(?:me\s+)?(?:relax|unwind|de-?stress|decompress|recharge|clear\s+my\s+(?:mind|head))\b|` +
		`(?:keeps?|keep)\s+me\s+(?:grounded|sane|calm|balanced|centered|centred)\b|` +
		`(?:fuels?|fuel|feeds?|feed)\s+my\s+(?:creativity|soul|spirit)\b|` +
		`(?:is|are|'s)\s+(?:such\s+)?an?\s+(?:(?:great|fun|good|nice|perfect|awesome|easy|lovely)\s+)?way\s+for\s+me\s+to\s+(?:relax|unwind|de-?stress|decompress|recharge|chill|switch\s+off)\b|` +
		`(?:is|are|'s|has\s+become|have\s+become)\s+(?:(?:also|really|still|definitely|kind\s+of|kinda|like|basically|literally|honestly|totally|now)\s+)*my\s+(?:(?:main|biggest|big|new|little|true|whole|real|ultimate|favou?rite|daily|weekly)\s+)*(?:chill\s+time|me\s+time|stress\s+(?:relief|reliever|fix|buster)|escape|thing|personality|meditation|therapy|passion|jam|outlet|sanctuary|zen)\b)`)
	// joyStartRE33: where the thing named first may open after the start:
	// "… and now surfing is my whole personality".
	joyStartRE33 = regexp.MustCompile(`(?i)(?:,\s+|\s+and\s+now\s+|\s+but\s+|\s+now\s+)`)
	// joyItemSepRE33: what divides the things named first.
	joyItemSepRE33 = regexp.MustCompile(`(?i)\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|plus)\s+`)
	// withWhomRE33: the company a pastime is done in ("being outdoors with
	// them").
	withWhomRE33 = regexp.MustCompile(`(?i)\s+with\s+(?:them|him|her|us|my\s+[a-z]+|friends|family)$`)
)

// notJoyHead33: first words of a thing named first that make it no
// pastime: a feat, a sight or a kindness.
var notJoyHead33 = setOf(`giving bringing seeing knowing having holding helping finding making getting hearing talking staying feeling trying
	work job school college uni office
	watching spending being-able love life people everyone everybody someone family friends kids memories photos
	pictures moments days times it`)

// companyWord33: words that make a thing named first company, not a
// taste ("my furry friends").
var companyWord33 = setOf(`friend friends buddy buddies pal pals family folks crew gang`)

// joySource33 is the things joyTailRE33 says of what s names first.
func joySource33(s string) []string {
	starts := []int{0}
	for _, loc := range joyStartRE33.FindAllStringIndex(s, -1) {
		starts = append(starts, loc[1])
	}
	for _, st := range starts {
		rest := s[st:]
		// the thing named first runs up to a tail; the shortest that works
		for _, sp := range spaceIdx33(rest) {
			if m := joyTailRE33.FindStringIndex(rest[sp:]); m != nil {
				if negRE.MatchString(rest[:sp+m[1]]) {
					return nil
				}
				if items := joyItems33(rest[:sp]); len(items) > 0 {
					return items
				}
				break
			}
		}
	}
	return nil
}

// spaceIdx33 is the places in s (at most eight words in) where a space
// ends a word, or where an apostrophe opens "'s".
func spaceIdx33(s string) []int {
	var out []int
	for i := 0; i < len(s) && len(out) < 12; i++ {
		if s[i] == ' ' && i > 0 || s[i] == '\'' && i > 0 && strings.HasPrefix(s[i:], "'s ") {
			out = append(out, i)
		}
	}
	return out
}

// joyItems33 is the things of a phrase named first, all of which must
// be pastimes or kinds of things, but for a last one after "and" that is
// a clause of its own ("Creating stories and watching them come alive");
// nil when one is none.
// listJoinRE33: the word that ends a list ("X, Y and Z").
var listJoinRE33 = regexp.MustCompile(`(?i)\s(?:and|or|plus|&)\s`)

func joyItems33(subj string) []string {
	subj = strings.TrimSpace(subj)
	if subj == "" || strings.ContainsAny(subj, "\"“”()") {
		return nil
	}
	if k := strings.LastIndex(subj, ","); k >= 0 && !listJoinRE33.MatchString(subj[k:]) {
		return nil // "Similarly, playing …": a lead-in, not a list
	}
	var out []string
	parts := joyItemSepRE33.Split(subj, -1)
	for i, it := range parts {
		it = withWhomRE33.ReplaceAllString(strings.TrimSpace(it), "")
		p, ok := thingItem33(it)
		if ok && (strings.HasPrefix(lowerASCII(p), "being able") || notJoyHead33[lowerASCII(strings.Fields(p)[0])] && !isBeingPlace33(p)) {
			ok = false
		}
		if !ok {
			if i > 0 && i == len(parts)-1 && isGerund(lowerASCII(firstWords(it, 1))) {
				break
			}
			return nil
		}
		out = append(out, p)
	}
	return out
}

// isBeingPlace33: "being outdoors", "being in nature": a pastime all the
// same.
func isBeingPlace33(p string) bool {
	lp := lowerASCII(p)
	return strings.HasPrefix(lp, "being out") || strings.HasPrefix(lp, "being in ") || strings.HasPrefix(lp, "being on ") ||
		strings.HasPrefix(lp, "being surrounded")
}

// thingItem33 is it as the name of a thing liked (a leading "my" or
// "our" dropped), and whether it is one: one to five words, none a
// pronoun, a verb or a word that points, no person, place or given name.
func thingItem33(it string) (string, bool) {
	it = strings.TrimSpace(strings.TrimRight(it, ".!…"))
	for _, p := range []string{"my ", "My ", "our ", "Our "} {
		it = strings.TrimPrefix(it, p)
	}
	it = reliefTailRE33.ReplaceAllString(it, "")
	ws := strings.Fields(lowerASCII(it))
	if len(ws) == 0 || len(ws) > 5 && !(isGerund(ws[0]) && len(ws) <= 10) {
		return "", false
	}
	for i, w := range ws {
		if pronoun[w] && !(i > 0 && (w == "the" || w == "a" || w == "an" || w == "to" || w == "and")) || deictic[w] && w != "the" ||
			auxVerb[w] && !(i == 0 && w == "being") || notInTail32[w] || companyWord33[w] || w == "my" || w == "our" || w == "your" || w == "his" || w == "their" {
			return "", false
		}
	}
	if w := strings.Fields(it)[0]; len(ws) == 1 && (lexNames.has(w) || isStopName(w)) || personWord(it) ||
		lexCities.has(it) || lexPlaces.has(it) || vague[ws[0]] && !isBeingPlace33(it) {
		return "", false
	}
	if c := cut(it); c != "" && !danglingPrep[lowerASCII(lastWord(c))] {
		return c, true
	}
	return "", false
}

// reliefTailRE33: the company and the time of a pastime ("playing
// video games with my partner after a long day").
var reliefTailRE33 = regexp.MustCompile(`(?i)(?:\s+with\s+(?:my\s+)?[a-z]+)?(?:\s+(?:after|at\s+the\s+end\s+of)\s+a\s+(?:long|hard|busy|tough)\s+(?:day|week|shift))$`)

// The love-for group.
var (
	// loveForRE33: "my love for …", "our love of …", "my newfound passion
	// for …" (group 1 the things).
	loveForRE33 = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:(?:newfound|new|shared|lifelong|first|biggest|true|great|deep|own|real|huge|big|growing|long-time|longtime)\s+)*(?:love|passion|loves|passions)\s+(?:for|of)\s+([^,.;:!?()]+)`)
	// twoLovesRE33: "two of my passions - making jewelry and making a
	// difference", "my two loves - gaming and helping" (group 1).
	twoLovesRE33 = regexp.MustCompile(`(?i)\b(?:(?:two|three|both|all)\s+(?:of\s+)?my\s+(?:(?:biggest|greatest|true|big)\s+)?(?:passions|loves|favou?rite\s+things)|my\s+(?:two|three|biggest|greatest)\s+(?:passions|loves))\s*(?:[-–—:]+|,)\s*([^.;!?()]+)`)
	// gerundPassionRE33: "my dancing passion" (group 1).
	gerundPassionRE33 = regexp.MustCompile(`(?i)\bmy\s+([a-z]+ing)\s+passion\b`)
	// loveStopRE33: where the things of a love end: a verb or a clause.
	loveStopRE33 = regexp.MustCompile(`(?i)\s+(?:brings?|brought|keeps?|kept|is|are|was|were|has|have|had|began|begins|started|grew|grows|into|to|with|for|that|which|who|so|because|when|while|like|through|as|in|at|by|from|since|led|made|makes|got|gets|helps?|helped|drives?|drove|comes?|came|shines?|and\s+(?:how|it|i|we|to|then))\b.*$`)
	// lostRE33: a love lost or doubted.
	lostRE33 = regexp.MustCompile(`(?i)\b(?:lost|losing|lose|regain|find|found|rediscover|question|questioning|doubt)\s+(?:all\s+)?(?:my|our)\s+(?:\w+\s+)?(?:love|passion)`)
)

// loveFor33 is the things the love-for group reads in s.
func loveFor33(s string) []string {
	var out []string
	if !lostRE33.MatchString(s) {
		for _, m := range loveForRE33.FindAllStringSubmatchIndex(s, -1) {
			if pre := s[:m[0]]; negRE.MatchString(lastWords33(pre, 3)) {
				continue
			}
			if strings.EqualFold(s[m[0]:m[0]+3], "our") && youRE33.MatchString(s) {
				continue // "So glad you bonded over our love of nature": the listener's too
			}
			o := loveStopRE33.ReplaceAllString(s[m[2]:m[3]], "")
			out = append(out, listThings33(o)...)
		}
	}
	if m := twoLovesRE33.FindStringSubmatch(s); m != nil {
		out = append(out, listThings33(loveStopRE33.ReplaceAllString(m[1], ""))...)
	}
	if m := gerundPassionRE33.FindStringSubmatch(s); m != nil && isGerund(m[1]) {
		out = append(out, m[1])
	}
	return out
}

// youRE33: the listener named in a sentence.
var youRE33 = regexp.MustCompile(`(?i)\byou\b`)

// lastWords33 is the last n words of s.
func lastWords33(s string, n int) string {
	ws := strings.Fields(s)
	if len(ws) > n {
		ws = ws[len(ws)-n:]
	}
	return strings.Join(ws, " ")
}

// listThings33 is the things of a list ("dance and fashion", "my pups and
// nature's beauty") up to the first that is none.
func listThings33(o string) []string {
	var out []string
	for _, it := range joyItemSepRE33.Split(strings.TrimSpace(o), -1) {
		p, ok := thingItem33(it)
		if !ok || strings.HasPrefix(lowerASCII(it), "the ") {
			break // "my passion for music and the amazing friendships I've made"
		}
		if lp := lowerASCII(p); lp == "helping" || strings.HasPrefix(lp, "helping ") || strings.HasPrefix(lp, "making a difference") {
			continue // "my two loves - gaming and helping": a cause, not a taste
		}
		out = append(out, p)
	}
	return out
}

// The lookout group.
var (
	// lookoutRE33: what the speaker is always on the lookout for (group 1),
	// always down to try (group 2) or always trying (group 3).
	lookoutRE33 = regexp.MustCompile(`(?i)^(?:(?:i'm|i\s+am|im|we're|we\s+are)\s+)?(?:(?:also|still|just|so)\s+)*always\s+(?:(?:looking\s+for|on\s+the\s+(?:look-?out|hunt)\s+for|searching\s+for|hunting\s+for|up\s+for|down\s+for|game\s+for)\s+([^,.;:!?()]+)|(?:down|excited|keen|happy|eager|up|game|ready)\s+to\s+(try\s+(?:out\s+)?[^,.;:!?()]+)|(trying\s+(?:out\s+)?[^,.;:!?()]+))`)
	// lookoutStopRE33: where the thing looked for ends.
	lookoutStopRE33 = regexp.MustCompile(`(?i)\s+(?:so|and\s+(?:i|it|we|that)|but|because|when|if|to\s+(?:mix|keep|help|make|share|get|add)|for\s+(?:me|us|my|the)|with\s+(?:my|the|friends|family)|especially|though|lately|these\s+days|anyway)\b.*$`)
	// gettingIntoRE33: "I started getting into board games" (group 1).
	gettingIntoRE33 = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:just|recently|also|finally)\s+)*(?:started|began|have\s+started|'ve\s+started)\s+(?:(?:really|slowly|seriously)\s+)*getting\s+(?:(?:really|more|back)\s+)*into\s+([^,.;:!?()]+)`)
	// doLoveRE33: "I do love Johnny Cash", "I do like my rugby" (group 1).
	doLoveRE33 = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:really|still|also|just)\s+)?do\s+(?:(?:really|still|also|quite)\s+)?(?:love|like|enjoy|adore)\s+(?:my\s+|our\s+)?([^,.;:!?()]+)`)
	// doLoveStopRE33: where the thing of "I do love" ends.
	doLoveStopRE33 = regexp.MustCompile(`(?i)\s+(?:even|if|when|because|but|though|although|so|as|not|and\s+(?:i|it|we|that|the))\b.*$`)
)

// notLookedFor33: first words of a thing looked for that make it no
// taste ("a way to improve", "an excuse", "ways to save").
var notLookedFor33 = setOf(`a an the way ways excuse excuses opportunity opportunities chance chances reason reasons help
	advice someone somebody people tips recommendations suggestions feedback work jobs job deals`)

// lookout33 is the things the lookout group reads in s.
func lookout33(s string) []string {
	var out []string
	if m := lookoutRE33.FindStringSubmatch(s); m != nil && !negRE.MatchString(s) {
		o := ""
		for _, g := range m[1:] {
			if g != "" {
				o = lookoutStopRE33.ReplaceAllString(g, "")
			}
		}
		ws := strings.Fields(lowerASCII(o))
		switch {
		case len(ws) == 0 || len(ws) > 6:
		case ws[0] == "try" || ws[0] == "trying":
			// "try new recipes", "trying out new recipes": something new
			if k := slices.IndexFunc(ws, func(w string) bool { return w == "new" || w == "different" }); k > 0 && k < len(ws)-1 &&
				ws[len(ws)-1] != "things" && ws[len(ws)-1] != "stuff" && ws[len(ws)-1] != "ways" {
				out = append(out, strings.TrimSpace(o))
			}
		case notLookedFor33[ws[0]] || pronoun[ws[0]] && ws[0] != "something" || deictic[ws[0]]:
		case ws[0] == "something" && (len(ws) < 3 || ws[1] != "new"):
		case notLookedFor33[ws[len(ws)-1]] || ws[len(ws)-1] == "things" || ws[len(ws)-1] == "stuff" || ws[len(ws)-1] == "ideas" && len(ws) == 2:
		default:
			out = append(out, strings.TrimSpace(o))
		}
	}
	for _, re := range []*regexp.Regexp{gettingIntoRE33, doLoveRE33} {
		m := re.FindStringSubmatchIndex(s)
		if m == nil || negRE.MatchString(s[:m[1]]) {
			continue
		}
		o := doLoveStopRE33.ReplaceAllString(s[m[2]:m[3]], "")
		if ws := strings.Fields(o); len(ws) > 1 && isCapital(ws[0]) {
			o = firstWords30(o) // a name: its capitalised words ("Johnny Cash the the gospel one")
		}
		if p := object(o); p != "" && !personWord(p) {
			if ws := strings.Fields(lowerASCII(p)); len(ws) <= 5 && !pronoun[ws[0]] && ws[0] != "him" && ws[0] != "her" {
				out = append(out, p)
			}
		}
	}
	return out
}

// splitJoined33 is have without the speaker's liking of a joined claim
// ("Rugby and Afrikaans poetry") that holds two or more of the things
// got, which the groups above read one by one.
func splitJoined33(speaker string, got []string, have []Fact) []Fact {
	return slices.DeleteFunc(have, func(f Fact) bool {
		c := lowerASCII(f.Claim)
		if f.Subject != speaker || f.Predicate != "likes" || !strings.Contains(c, " and ") {
			return false
		}
		n := 0
		for _, g := range got {
			if strings.Contains(c, lowerASCII(g)) {
				n++
			}
		}
		return n >= 2
	})
}
