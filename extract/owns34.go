package extract

import (
	"iter"
	"regexp"
	"strings"
	"time"
)

// Possessions said in frames the earlier rules leave (session 34, from
// the possession misses of the LoCoMo dev draws, locomo_more, outside chat
// 1/2/4 and synthetic rounds 1–2). Cases in owns34_test.go.
//
// Group 1, a thing named and then said bought or got by the speaker in a
// clause after it: "photos of Seraphim in the new aquarium that I bought
// the day before yesterday", "I'll wear the long linen trousers I bought
// in Crete last year", "I did it on the Jawa 638 I bought back in 2008",
// "that jacket i bought from u last month". The thing is one of the goods
// lists or, after "bought", a make and model. Not a thing got for the
// listener or another ("the scarf I bought you", "the bike I got for my
// son"), rented or borrowed, eaten, a question or a wish ("the phone I
// want to buy"), nor got by another ("the drill my brother bought").
// possessions27 reads the frame after "these" and "those".
//
// Group 2, the speaker's collection of a kind of thing: "I love talking to
// people about my sneaker collection", "This is my book collection so
// far", "my vinyl collection is out of control". Not another's ("your
// record collection", "my dad's stamp collection"), one to start ("I want
// to start my own coin collection"), a question, nor a gathering that is
// no thing kept ("my data collection", "our waste collection").

// owns34Need: a word of the frames below, looked for before them.
var owns34Need = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:\w+\s+)?(?:bought|got|picked|ordered|purchased)\b|\bcollection\b`)

// myCollection34RE: "my" and the kind of thing collected (group 1).
var myCollection34RE = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:(?:own|little|small|growing|whole|entire|huge|big|modest)\s+)?([a-z]+(?:-[a-z]+)?)\s+collection\b`)

// notCollected34 are gatherings that are no thing kept.
var notCollected34 = setOf(`data waste garbage trash rubbish refuse debt evidence sample samples specimen fund funds
	bin recycling litter rent tax fee fees own spring summer autumn fall winter`)

// boughtAfter34RE: a thing with the word before it (group 1), then the
// speaker's verb of getting (group 2) and what follows (group 3).
var boughtAfter34RE = regexp.MustCompile(`(?i)\b(?:the|that|this|my|our|a|an)\s+((?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:just\s+|recently\s+|finally\s+|also\s+|even\s+|once\s+)?(bought|got|picked\s+up|ordered|purchased)\b(.*)`)

// boughtFor34RE: the words after the verb give the thing to someone:
// "I bought you", "I got for my son", "I got him".
var boughtFor34RE = regexp.MustCompile(`(?i)^\s*(?:you|u|him|her|them|for\b|as\s+a\s+(?:gift|present)|to\s+(?:give|sell)|rid\b|back\b|stuck|wrong|caught|told|asked)`)

// ownsStatements yields the turn's sentences, case restored, that state
// something of the speaker's: not a question, nor said of the listener, on
// a condition, as a hypothetical or as a joke. owns34 and owns35 read them.
func ownsStatements(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, s := range sentences(clean(text)) {
			s = restoreCase(strings.TrimSpace(s))
			if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) || hypoRE.MatchString(s) || jokeRE.MatchString(s) {
				continue
			}
			if !yield(s) {
				return
			}
		}
	}
}

// owns34 runs after the turn's rules and the whole-turn passes.
func owns34(text, speaker string, at time.Time, out []Fact) []Fact {
	if !owns34Need.MatchString(text) {
		return out
	}
	for s := range ownsStatements(text) {
		out = boughtAfter34(s, speaker, at, out)
		out = myCollection34(s, speaker, at, out)
	}
	return notOwned31(text, speaker, out)
}

// boughtAfter34 adds the things s names and then says the speaker bought
// or got (group 1).
func boughtAfter34(s, speaker string, at time.Time, out []Fact) []Fact {
	m := boughtAfter34RE.FindStringSubmatchIndex(s)
	if m == nil {
		return out
	}
	rest := s[m[6]:m[7]]
	if boughtFor34RE.MatchString(rest) || forSomeoneText(rest) || forOther32RE.MatchString(rest) || atWork31RE.MatchString(rest) {
		return out
	}
	ws := strings.Fields(s[m[2]:m[3]])
	if notThing32(ws) {
		return out
	}
	claim, head := thing31(ws)
	if head == "" || claim != strings.Join(ws, " ") && len(strings.Fields(claim)) < len(ws)-1 {
		return out
	}
	lh := strings.ToLower(head)
	if pronoun[lh] || stopLower[lh] || dwellings[lh] {
		return out
	}
	verb := strings.ToLower(strings.Fields(s[m[4]:m[5]])[0])
	ok := owned32(head) || compound32(claim)
	if !ok && buyVerb32[verb] {
		ok = model32(ws, claim)
	}
	if !ok {
		return out
	}
	// the getting is told in the clause after the thing: "I'll wear the
	// trousers I bought in Crete" is no owning ahead
	return addOwn32(s[m[0]:], speaker, at, 0, claim, s[m[0]:m[1]], confPref-6, out)
}

// myCollection34 adds the speaker's collection said in s (group 2).
func myCollection34(s, speaker string, at time.Time, out []Fact) []Fact {
	m := myCollection34RE.FindStringSubmatchIndex(s)
	if m == nil {
		return out
	}
	kind := strings.ToLower(s[m[2]:m[3]])
	if notCollected34[kind] || stopLower[kind] || pronoun[kind] {
		return out
	}
	if k := m[0]; k > 0 && strings.HasSuffix(strings.TrimSpace(lowerASCII(s[:k])), "start") {
		return out // "start my own coin collection"
	}
	return addOwn32(s, speaker, at, m[0], kind+" collection", s[m[0]:m[1]], confPref-6, out)
}
