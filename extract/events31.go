package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Life events in the frames friends' chat and texting use for them
// (session 31, from the misses of the LoCoMo dev draws, locomo_more.jsonl,
// synthetic rounds 1–2 and the outside sets 1, 2 and 4): "another one" of
// a work the turn named ("I just started writing another one" after "the
// screenplay"); a wish done ("I've always wanted to learn Spanish. I just
// started with it."); a place been to said in a short sentence of its own
// ("This was Japan.", "It was in London.") or beside others ("Besides
// Italy, I was also in Turkey"); a trip one took others on; a group one
// was put in by another ("Dad signed me up for a local league"), made ("I
// made the basketball team"), is a member of or put one's name down for;
// a competition entered; one's own wedding, held ("she came to my
// wedding"); an application or a work sent in.
//
// Tried and dropped: "started" lessons or a class with no article ("I
// started guitar lessons"), and "never been to" a place (visited,
// negative) with the places said instead: each added wrong facts on the
// kept-back sets.
//
// Cases in events31_test.go.

// anotherOneRE: "I just started writing another one", "I began knitting a
// new one": a work of the same kind as one the turn named before.
var anotherOneRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|already|even|actually)\s+)*(?:started|began))\s+([a-z]+ing)\s+((?i:another|a\s+new|a\s+second|my\s+next))\s+one\b`)

// workNamedRE: a work the turn names with its determiner ("the
// screenplay", "my first novel"): the last before "another one" is what
// "one" stands for.
var workNamedRE = regexp.MustCompile(`(?i)\b(?:the|my|a|an|this|that|our)\s+(?:(?:first|last|new|latest|recent|old)\s+)?([a-z]+)\b`)

// anotherWorks are works one writes, records or makes, that "another one"
// can stand for.
var anotherWorks = setOf(`screenplay script book novel song album story poem painting drawing sculpture quilt scarf sweater
	blanket podcast article essay blog video film movie game comic play musical symphony cookbook memoir collection
	mural portrait sketch chapter`)

// wishDoneRE: "I just started with it", "I finally began", "I just stared
// with it" (a slip for "started" that "with it" makes plain): the start of
// what the sentence before wished for.
var wishDoneRE = regexp.MustCompile(`(?i)^(?:(?:so|and|now|well)[,\s]+)*(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally|recently|already|actually|officially)\s+)+(?:started|began|begun|stared\s+with\s+it)(?:\s+(?:with|on)\s+it|\s+it)?\s*[.!]*$`)

// wishedRE: "I've always wanted to learn Spanish", "I always wanted to try
// pottery": the wish, its verb and its object.
var wishedRE = regexp.MustCompile(`(?i)\b(?:i|we)(?:'ve|\s+have)?\s+(?:always\s+)?(?:wanted|longed|dreamed|dreamt)\s+to\s+(learn|try|play|study|do|take\s+up|start)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})\s*[.!]*$`)

// placeSentenceRE: "This was Japan.", "It was in London.", "That was at
// Lake Tahoe!": a sentence of its own that says where the speaker's photo
// or story was; a place of the lexicon only.
var placeSentenceRE = regexp.MustCompile(`^(?i:(?:oh\s+|and\s+|yeah,?\s+|yes,?\s+)?(?:this|that|it)\s+(?:was|were)\s+(?:(?:in|at)\s+)?(?:the\s+)?)` + nm + `\s*[.!]*$`)

// besidesPlaceRE: "Besides Italy, I was also in Turkey and Mexico",
// "Apart from Spain, we've been to France": the first place was visited
// too.
var besidesPlaceRE = regexp.MustCompile(`^(?i:(?:besides|apart\s+from|aside\s+from|other\s+than|in\s+addition\s+to)\s+)` + nm + `(?i:\s*,\s*(?:i|we)\s+(?:(?:was|were|'ve\s+been|have\s+been|went|travell?ed|visited)\s+(?:also\s+)?|also\s+(?:was|were|went|visited|travell?ed)\s+))`)

// tookOnTripRE: "I took my family on a road trip to Jasper", "we took the
// kids on a holiday to Crete": a trip one went on too.
var tookOnTripRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|also)\s+)*took\s+(?:my|our|the)\s+(?:[\w'-]+\s+){1,2}(?:on|for)\s+(?:a|an|our|the)\s+(?:[\w-]+\s+){0,2}(?:trip|vacation|holiday|getaway|road\s+trip)\s+to)\s+` + nm)

// signedMeUpRE: "Margaret has signed me up for a woodturning course", "dad
// signed me up for a local league": a group or course joined at another's
// doing.
var signedMeUpRE = regexp.MustCompile(`(?i:\b(?:signed|enrolled|registered)\s+(?:me|us)\s+(?:up\s+)?(?:for|in|to|with))\s+((?i:a|an|the|my|our|this|some)\s+.+)`)

// madeTeamRE: "I made the basketball team", "finally made the varsity
// squad": a team one got into.
var madeTeamRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|also|actually|officially)\s+)*made\s+the)\s+((?i:[\w-]+\s+){0,3}?(?i:team|squad|roster))\b`)

// memberOfRE: "I'm a member of the Swale branch", "I'm also a proud
// member of a book club".
var memberOfRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:also|now|actually|still|officially|proudly|already)\s+)*(?:a|an)\s+(?:(?:proud|active|paid-up|founding|new|lifetime|life|longtime|long-time)\s+)*member\s+of)\s+(.+)`)

// nameDownRE: "I've already put my name down for the quilting circle".
var nameDownRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|already|finally|also)\s+)*put\s+(?:my|our)\s+names?\s+down\s+for)\s+((?i:a|an|the|my|our)\s+.+)`)

// enteredRE: "Last Friday I entered a local tournament", "I entered the
// Porto half marathon": a competition entered.
var enteredRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|also|officially|already)\s+)*entered)\s+((?i:a|an|the|my|our)\s+.+)`)

// tailAdverbRE: an adverb that ends a clause ("…the Swale branch
// actually").
var tailAdverbRE = regexp.MustCompile(`(?i)\s+(?:actually|too|also|now|lol|haha|btw)\s*[.!]*$`)

// weddingRE: "she came to my wedding", "I cried at my own wedding", "part
// of my wedding decor", "My wedding was perfect": the speaker's own
// wedding, held.
var weddingRE = regexp.MustCompile(`(?i:\b(?:at|to|of|from|since|after|during)\s+(?:my|our)\s+(?:own\s+)?wedding\b|^(?:my|our)\s+(?:own\s+)?wedding(?:\s+day)?\s+(?:was|went)\b)`)

// weddingPastRE: a past verb before "my wedding", which says it was held.
var weddingPastRE = regexp.MustCompile(`(?i)\b(?:was|were|came|went|cried|danced|wore|sang|played|gave|met|spoke|brought|flew|had|did|remind|reminds|reminded|got|made|took|walked|baked|cooked|performed|showed\s+up)\b`)

// weddingAheadRE: a wedding still ahead ("we're engaged", "planning my
// wedding", "next month").
var weddingAheadRE = regexp.MustCompile(`(?i)\b(?:engaged|fianc[ée]e?|planning|upcoming|getting\s+married|will|'ll|gonna|going\s+to|next\s+(?:week|month|year|summer|spring|fall|autumn|winter)|in\s+(?:a|two|three|four|five|six)\s+(?:weeks?|months?))\b`)

// submittedRE: "I submitted the visa application", "we submitted our
// Express Entry profile", "I sent in my screenplay to the film festival":
// what was applied for, or where to.
var submittedRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|officially|already|also|actually)\s+)*(?:submitted|sent\s+in|sent\s+off|handed\s+in))\s+((?i:my|our|the|a|an)\s+((?:[\w'-]+\s+){0,3}?)(?i:application|profile|paperwork|forms?)\b|(?i:my|our|the|a|an)\s+(?:[\w'-]+\s+){0,3}?(?i:to)\s+((?i:a|an|the)\s+.+))`)

// submittedTo are where a work or an application is sent in.
var submittedTo = setOf(`festival contest competition journal magazine agency program programme fellowship residency
	award prize council university college school`)

func init() {
	rules = append(rules,
		rule{re: anotherOneRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !isGerund(strings.ToLower(m[1])) {
				return
			}
			if work := c.workBefore(m[0]); work != "" {
				c.add(c.speaker, "started", strings.ToLower(m[1])+" "+strings.ToLower(strings.Join(strings.Fields(m[2]), " "))+" "+work, Experience, confEvent-4)
			}
		}},
		rule{re: placeSentenceRE, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if c.neg || c.fore || strings.TrimSpace(c.sent) != strings.TrimSpace(c.raw) {
				return // only a sentence of its own: "It was in London that we met" says a meeting
			}
			if p := place(m[1]); p != "" && knownPlace(p) {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: tookOnTripRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-2)
			}
		}},
		rule{re: signedMeUpRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := object(m[1]); p != "" && (anyWord(p, groups) || anyWord(p, entrants) || occasionHead(p)) {
				c.add(c.speaker, "joined", p, Experience, confEvent-2)
			}
		}},
		rule{re: madeTeamRE, claim: 1, fn: func(c *clause, m []string) {
			if !c.neg && !c.fore {
				c.add(c.speaker, "joined", m[1], Experience, confEvent-2)
			}
		}},
		rule{re: memberOfRE, claim: 1, fn: func(c *clause, m []string) {
			if p := object(tailAdverbRE.ReplaceAllString(m[1], "")); p != "" && !c.fore {
				c.add(c.speaker, "joined", p, Experience, confEvent-2)
			}
		}},
		rule{re: weddingRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || weddingAheadRE.MatchString(c.turn+" "+c.sent) {
				return
			}
			i := strings.Index(c.text, m[0])
			if i < 0 || !weddingPastRE.MatchString(c.text[:i]) && !strings.HasPrefix(strings.ToLower(m[0]), "my") && !strings.HasPrefix(strings.ToLower(m[0]), "our") {
				return // "a video of my wedding": no past said
			}
			c.add(c.speaker, "married", "married", Experience, confEvent-4)
		}},
		rule{re: submittedRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if m[3] != "" {
				if p := object(m[3]); p != "" && anyWord(p, submittedTo) {
					c.add(c.speaker, "applied_to", p, Experience, confEvent-2)
				}
				return
			}
			if p := object(m[2]); p != "" && m[2] != "" {
				c.add(c.speaker, "applied_to", p, Experience, confEvent-2)
			}
		}},
		rule{re: nameDownRE, claim: 1, fn: func(c *clause, m []string) {
			if p := object(m[1]); p != "" && !c.neg && !c.fore && (anyWord(p, groups) || anyWord(p, entrants) || occasionHead(p)) {
				c.add(c.speaker, "joined", p, Experience, confEvent-4)
			}
		}},
		rule{re: enteredRE, claim: 1, fn: func(c *clause, m []string) {
			what, _, _ := strings.Cut(m[1], " and ") // "a local tournament and took second place"
			if p := object(what); p != "" && !c.neg && !c.fore && anyWord(p, entrants) {
				c.add(c.speaker, "joined", p, Experience, confEvent-2)
			}
		}},
	)
}

// workBefore is the work the turn named last before match ("the
// screenplay" before "writing another one"), or "".
func (c *clause) workBefore(match string) string {
	text := c.turn
	if text == "" {
		text = c.sent
	}
	i := strings.Index(text, match)
	if i < 0 {
		return ""
	}
	work := ""
	for _, m := range workNamedRE.FindAllStringSubmatch(text[:i], -1) {
		if w := strings.ToLower(m[1]); anotherWorks[singular(w)] {
			work = singular(w)
		}
	}
	return work
}

// events31 adds the turn's events that a clause alone does not say: a
// wish said, then its start ("I've always wanted to learn Spanish. I just
// started with it."); a place been to before the clause that says the
// others ("Besides Italy, I was also in Turkey and Mexico").
func events31(text, speaker string, at time.Time, out []Fact) []Fact {
	lt := strings.ToLower(text)
	if !strings.Contains(lt, "wanted") && !besidesWordRE.MatchString(lt) {
		return out
	}
	add := func(pred, claim string, conf int) {
		if !slices.ContainsFunc(out, func(f Fact) bool { return f.Predicate == pred && strings.EqualFold(f.Claim, claim) }) {
			out = append(out, Fact{Subject: speaker, Predicate: pred, Claim: claim, Kind: Experience, Polarity: Positive,
				ValidFrom: at, Confidence: conf, Speaker: speaker})
		}
	}
	sents := sentences(clean(text))
	for i, s := range sents {
		s = strings.TrimSpace(s)
		if m := besidesPlaceRE.FindStringSubmatch(s); m != nil {
			if p := place(m[1]); p != "" && knownPlace(p) && !negRE.MatchString(s) && !wantRE.MatchString(s) {
				add("visited", p, confEvent-4)
			}
		}
		if i == 0 || !wishDoneRE.MatchString(s) {
			continue
		}
		m := wishedRE.FindStringSubmatch(strings.TrimSpace(sents[i-1]))
		if m == nil {
			continue
		}
		obj := strings.TrimSpace(m[2])
		if badObject(obj) || pronoun[strings.ToLower(strings.Fields(obj)[0])] {
			continue
		}
		verb := strings.Fields(strings.ToLower(m[1]))
		verb[0] = gerundOf(verb[0])
		add("started", strings.Join(verb, " ")+" "+obj, confEvent-6)
	}
	return out
}

// besidesWordRE: a turn that may say a place beside others.
var besidesWordRE = regexp.MustCompile(`\b(?:besides|apart from|aside from|other than|in addition to)\b`)
