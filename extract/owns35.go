package extract

import (
	"regexp"
	"strings"
	"time"
)

// Possessions said in frames the earlier rules leave (session 35, from
// the possession misses of synthetic rounds 1–2, the LoCoMo dev draws,
// locomo_more and outside chat 1/2/4). Cases in owns35_test.go.
//
// Group 1, a herd, a flock or hives counted: "I've got 300 ewes in that
// paddock", "we've 80 cows and somebody has to milk them", "I have
// fourteen hives now", "Our three hives are barely out of winter". The
// claim is the count and the kind ("300 ewes"). Not a count denied or
// wished for ("I don't have 30 sheep", "I'd love two hives"), another's
// ("my uncle has 40 cows"), one had once ("I had two hives in 2016"), nor
// one seen ("we saw 80 cows").
//
// Group 2, a pet named with "very" or the like before its kind, which the
// rulebook's pet rule does not read: "I have a very spoiled rabbit named
// Dikkertje", "no kids, just a very old cat called Snorri and a boyfriend
// who knits". Not another's ("my sister has a very old dog named Rex"),
// nor a kind that is no pet ("a very good friend named Ana").
//
// Group 3, the speaker's allotment or garden plot: "My allotment is
// beautiful this year", "I got my first allotment in February", "I've had
// my plot there since I retired … I grow ugwu", "I've had a plot in
// Harrogate since 2001". A plot only in a turn about growing things. Not
// a story's plot ("my plot twist", "the plot of my novel", "I've lost the
// plot"), nor one waited for or wished ("on the waiting list for an
// allotment", "I'd love an allotment").

// owns35Need: a word of the frames below, looked for before them.
var owns35Need = regexp.MustCompile(`(?i)\ballotment|\bplot\b|\b(?:hives|beehives|sheep|ewes|lambs|cows|cattle|heifers|goats|pigs|alpacas|llamas)\b|\b(?:named|called)\b`)

// herdNumber35 are the counts a herd is said with.
const herdNumber35 = `(?:\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|hundreds\s+of|a\s+dozen|a\s+few|a\s+couple\s+of|several)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?`

// herd35RE: the speaker's having or "my"/"our", a count (group 1) and the
// kind counted (group 2), with at most one word before it ("eleven
// Gotland sheep").
var herd35RE = regexp.MustCompile(`(?i)(?:\b(?:i|we)(?:\s*['’]ve(?:\s+got)?|\s+(?:(?:still|now|also|only|just)\s+)?(?:have|keep|run|own)(?:\s+got)?)|\b(?:my|our))\s+(?:(?:about|around|over|nearly|almost|just|only|roughly|like)\s+)?(` + herdNumber35 + `)\s+((?:[\p{L}-]+\s+)?(?:hives|beehives|bee\s+hives|sheep|ewes|cows|cattle|heifers|goats|pigs|alpacas|llamas))\b`)

// owns35 runs after the turn's rules and the whole-turn passes.
func owns35(text, speaker string, at time.Time, out []Fact) []Fact {
	if !owns35Need.MatchString(text) {
		return out
	}
	for s := range ownsStatements(text) {
		out = herd35(s, speaker, at, out)
		out = veryPet35(s, speaker, at, out)
		out = plot35(s, text, speaker, at, out)
	}
	return out
}

// plot35RE: "my" or the speaker's having or getting, and an allotment or
// a plot (group 1).
var plot35RE = regexp.MustCompile(`(?i)(?:\b(?:my|our)|\b(?:i|we)(?:\s*['’]ve|\s+have)?\s+(?:(?:just|finally|still|also)\s+)?(?:had|got|have|rent|took\s+on)\s+(?:an?|my|our))\s+(?:(?:own|first|new|little|small|half|quarter)\s+)?(allotment|plot)\b`)

// plotAfter35RE: a plot that is a story's: "my plot twist", "my plot
// holes".
var plotAfter35RE = regexp.MustCompile(`(?i)^\s*(?:twists?|holes?|lines?|points?|of\b)`)

// growing35RE: a turn about growing things, where a plot is ground.
var growing35RE = regexp.MustCompile(`(?i)\b(?:grow|grows|growing|grew|allotment|veg|vegetables?|beds?|dig|digging|slugs?|harvest|seedlings?|tomato(?:es)?|beans|potatoes|greenhouse|compost|garden(?:ing)?)\b`)

// plot35 adds the speaker's allotment or garden plot said in s (group 3).
func plot35(s, text, speaker string, at time.Time, out []Fact) []Fact {
	m := plot35RE.FindStringSubmatchIndex(s)
	if m == nil || plotAfter35RE.MatchString(s[m[1]:]) {
		return out
	}
	what := strings.ToLower(s[m[2]:m[3]])
	if what == "plot" && !growing35RE.MatchString(text) {
		return out
	}
	return addOwn32(s, speaker, at, m[0], what, s[m[0]:m[1]], confPref-6, out)
}

// veryPet35RE: the speaker's having, or "just"/"only" opening the clause,
// "a", an intensifier and one or two words (the last the kind, group 1)
// and the name (group 2).
var veryPet35RE = regexp.MustCompile(`(?:\b(?i:i|we)\s*(?i:have|['’]ve\s+got|have\s+got|adopted|rescued)|\b(?i:just|only))\s+(?i:an?)\s+(?i:very|really|super|so|quite|pretty|extremely)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s+(?i:named|called)\s+(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)`)

// veryPet35 adds the pet named after an intensified kind in s (group 2).
func veryPet35(s, speaker string, at time.Time, out []Fact) []Fact {
	m := veryPet35RE.FindStringSubmatchIndex(s)
	if m == nil {
		return out
	}
	kind := strings.ToLower(s[m[2]:m[3]])
	if !isPet(kind) && !petBreeds[kind] {
		return out
	}
	n := name(s[m[4]:m[5]])
	if n == "" || strings.HasPrefix(n, "\x01") || lexPlaces.has(n) {
		return out
	}
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "has_pet" && strings.EqualFold(f.Claim, n) {
			return out
		}
	}
	// only the clause the pet is said in: "I don't have kids, I have a very
	// spoiled rabbit named Dikkertje"
	before := s[:m[0]]
	if k := strings.LastIndexAny(before, ",;:"); k >= 0 {
		before = before[k+1:]
	}
	c := newClause(s, speaker, at)
	if !c.mode(before) || c.fore || negRE.MatchString(before) {
		return out
	}
	c.raw = s[m[0]:m[1]]
	c.add(speaker, "has_pet", n, World, confFirst-3)
	c.add(n, "is_a", kind, World, confFirst-3)
	return append(out, c.facts...)
}

// herd35 adds the herds and hives the speaker counts in s (group 1).
func herd35(s, speaker string, at time.Time, out []Fact) []Fact {
	for _, m := range herd35RE.FindAllStringSubmatchIndex(s, -1) {
		claim := strings.Join(strings.Fields(s[m[2]:m[5]]), " ")
		out = addOwn32(s, speaker, at, m[0], claim, s[m[0]:m[1]], confPref-6, out)
	}
	return out
}
