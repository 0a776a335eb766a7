package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Likings of session 34 (second pass), from the misses of the preference
// family on the LoCoMo dev draws and locomo_more.jsonl, grouped by the
// frame the speaker uses. Read:
//
//   - the love-quality group: a thing named just before, loved for a
//     quality of its own: "their <quality>" of the thing the sentence
//     before ends on ("That picture is from MinaLima. They created all the
//     props …, and I love their work", "my other dream of working on
//     classic cars. I love their design and engineering"), "his/her
//     <quality>" of a name that is the subject of the same sentence
//     ("LeBron is the man - love his skills and leadership"); not the
//     listener's loving ("you love their work"), not a quality of a person
//     of the speaker's ("my son Jake … I love his energy": kin and "my"
//     are no thing), not a past or wished love ("I used to love their
//     music", "I'd love …");
//   - the worth-it group: a pastime or a titled work named as the subject
//     of "is (totally) worth it" ("aerial yoga is totally worth it",
//     "\"The Alchemist\" is worth it"); not "it's worth it", not hard work,
//     an effort or a wait ("all that hard work was worth it", "the rewards
//     are totally worth it"), not a gerund subject of advice ("Stepping out
//     of your comfort zone … is worth it").
//
// Tried and dropped (no rule): "It's one of my favorites" of the thing
// the sentence before names (2 of 4 such sentences on the read sets are
// labelled a liking); "I love the feeling of …" (2 on the read sets, one
// labelled another thing); "I'm into X - like Y" for Y (one sentence);
// "you should read/try it" after praise (2 of 4 labelled a liking).

// likes34Need are words one of which a turn must hold for the groups
// below to read it.
var likes34Need = []string{"love", "adore", "worth it"}

// likes34 is have with the speaker's likings the groups above read in
// text that have does not already hold.
func likes34(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := lowerASCII(text)
	if !slices.ContainsFunc(likes34Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return have
	}
	var add []Fact
	sents := trimmedSentences(text)
	for prev, s := range tasteStatements(sents) {
		var got []string
		got = append(got, loveQuality34(prev, s)...)
		got = append(got, worthIt34(s)...)
		for _, p := range got {
			add = addMarkedTaste(p, speaker, at, have, add) // tastes29.go
		}
	}
	return withTastes(text, speaker, have, add)
}

// The love-quality group.
var (
	// loveQualityRE34: "I love their work", "- love his skills" (group 1
	// the possessive). The verb opens a clause or has "I"/"we" before it.
	loveQualityRE34 = regexp.MustCompile(`(?i)(?:^|[,;:–—-]\s*|\b(?:and\s+)?(?:i|we)\s+(?:(?:really|just|absolutely|totally|also|truly|so|do)\s+)*)(?:love|adore)\s+(their|his|her)\s+(?:(?:amazing|incredible|unique|whole|awesome)\s+)?` +
		`(?:skills?|work|design|designs|engineering|style|music|sound|voice|art|artwork|writing|books|songs|lyrics|games|films|movies|acting|craftsmanship|leadership|talent|storytelling|flavou?rs|recipes|shows|performances?|moves|playing|game|props|products|collections?)\b`)
	// subjectNameRE34: a name that is the subject of a sentence ("And
	// LeBron is the man") (group 1).
	subjectNameRE34 = regexp.MustCompile(`^(?:(?i:and|but|so|oh|also|plus)\s+)?([A-Z][A-Za-z'.]*(?:\s+[A-Z][A-Za-z'.]*){0,2})\s+(?:is|was|'s)\s`)
)

// myRE34: a person of the speaker's named ("my best friend").
var myRE34 = regexp.MustCompile(`(?i)\b(?:my|our)\b`)

// performerQuality34: the qualities "his"/"her" may be loved for, those
// of a player, a writer or a singer ("love his skills"), not of a friend
// ("I love his work", "I love her style").
var performerQuality34 = regexp.MustCompile(`(?i)\b(?:skills?|game|music|voice|songs|lyrics|acting|movies|films|books|writing|playing|moves|leadership|performances?|storytelling)$`)

// loveQuality34 is the thing s loves for a quality of its own.
func loveQuality34(prev, s string) []string {
	m := loveQualityRE34.FindStringSubmatchIndex(s)
	if m == nil || negRE.MatchString(lastWords33(s[:m[2]], 4)) {
		return nil
	}
	pos := lowerASCII(s[m[2]:m[3]])
	before := strings.TrimSpace(s[:m[0]])
	if pos == "his" || pos == "her" {
		n := subjectNameRE34.FindStringSubmatch(before)
		if n == nil || myRE34.MatchString(before) || !performerQuality34.MatchString(s[m[3]:m[1]]) {
			return nil // "Mel is my best friend and I love her style"
		}
		name := n[1]
		first := strings.Fields(name)[0]
		if isStopName(first) || pronoun[lowerASCII(first)] || personWord(name) || lexKinship.has(lowerASCII(name)) || lexPlaces.has(name) || lexCities.has(name) {
			return nil
		}
		return []string{name}
	}
	// "their": the thing the sentence before ends on, when s names none
	// of its own before the love ("They created …, and I love their
	// work" takes up the sentence before).
	if before != "" && !strings.HasPrefix(lowerASCII(before), "they ") {
		return nil
	}
	o := tailThing34(prev)
	if o == "" {
		return nil
	}
	o = strings.TrimPrefix(strings.TrimPrefix(o, "the "), "The ")
	ws := strings.Fields(o)
	head := ws[len(ws)-1]
	if isCapital(ws[0]) && isCapital(head) {
		if isStopName(ws[0]) || personWord(o) || lexNames.has(ws[0]) || lexPlaces.has(o) || lexCities.has(o) {
			return nil
		}
		return []string{o}
	}
	lh := lowerASCII(head)
	if !strings.HasSuffix(lh, "s") || strings.HasSuffix(lh, "ss") || notJoyThing34[lh] || lexKinship.has(singular(lh)) {
		return nil // "their" of a thing named in the singular, or of people
	}
	if p, ok := thingItem33(o); ok {
		return []string{p}
	}
	return nil
}

// The worth-it group.

// worthItRE34: "<thing> is (totally) worth it" at the start of a clause
// (group 1 the thing).
var worthItRE34 = regexp.MustCompile(`(?i)(?:^|[,;]\s*)(?:(?:but|and|so|honestly|trust\s+me)\s+)?(["“]?[A-Za-z][^,;.!?"”]{1,40}?["”]?)\s+(?:is|'s)\s+(?:(?:totally|so|definitely|really|absolutely|well|always)\s+)*worth\s+it\b`)

// notWorth34: first or last words of a subject that is no taste: an
// effort, a wait, a result.
var notWorth34 = setOf(`work effort efforts wait waiting time money price cost journey process struggle pain rewards reward result results
	trip drive view views risk sacrifice everything all this that it what`)

// worthIt34 is the thing s says is worth it.
func worthIt34(s string) []string {
	m := worthItRE34.FindStringSubmatch(s)
	if m == nil || negRE.MatchString(m[0]) {
		return nil
	}
	o := strings.Trim(strings.TrimSpace(m[1]), `"“”`)
	ws := strings.Fields(lowerASCII(o))
	if len(ws) == 0 || len(ws) > 4 || isGerund(ws[0]) || ws[0] == "my" || ws[0] == "our" || ws[0] == "your" || ws[0] == "his" || ws[0] == "her" || ws[0] == "their" || notWorth34[ws[0]] || notWorth34[ws[len(ws)-1]] {
		return nil
	}
	if ws[0] == "the" {
		// only a title: "The Alchemist"
		if f := strings.Fields(o); len(f) < 2 || !isCapital(f[1]) {
			return nil
		}
		return []string{o}
	}
	if p, ok := thingItem33(o); ok {
		return []string{p}
	}
	return nil
}

// tailPrep34 are the prepositions after the last of which tailThing34
// takes the words a sentence ends on.
var tailPrep34 = setOf(`of on from by with about for into`)

// tailThing34 is the 1 to 4 words s ends on after its last preposition
// ("… from MinaLima", "… working on classic cars"), or "".
func tailThing34(s string) string {
	ws := strings.Fields(strings.TrimRight(strings.TrimSpace(s), ".!…"))
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-5; k-- {
		if tailPrep34[lowerASCII(ws[k])] {
			if k == len(ws)-1 {
				return ""
			}
			for _, w := range ws[k+1:] {
				if strings.ContainsAny(w, ",;:()\"") {
					return ""
				}
			}
			return strings.Join(ws[k+1:], " ")
		}
	}
	return ""
}
