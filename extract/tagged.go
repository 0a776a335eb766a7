package extract

import (
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/memhive/memhive"

	"github.com/jdkato/prose/v3/tag"
	"github.com/jdkato/prose/v3/tokenize"
)

// The tagged reader (issue 9, session 4): a clause reader over
// part-of-speech tags rather than raw strings. A clause is normalised
// (contractions spelt out, case folded for the tagger), tokenised and
// tagged with prose's averaged perceptron (Penn Treebank tags), and read as
// subject + verb group + object: the subject is "I"/"we" or none at all
// (chat drops it: "Love experimenting with spices"), the verb group gives
// negation and modality, the main verb's lemma picks a verb class
// (preference, plan or wish, life event, possession), and the object is
// the tagged noun or gerund phrase after it, cut where the tags say the
// phrase ends. It runs after the rulebook on the same clause and adds a
// fact only in a family the rulebook found nothing in, with a confidence
// below the rulebook's (confTagged*), so where the rulebook is precise it
// stays in charge. Questions, conditions, second person and hedges go
// through clause.mode like every rule.

// Confidences of the tagged reader: below the rulebook's for the same
// family (a tagged reading is looser than a written-out pattern).
const (
	confTaggedPref   = 62
	confTaggedEvent  = 64
	confTaggedPlan   = 56
	confTaggedPosses = 62
)

// One tokenizer and one tagger per process: prose loads its model once
// (about 6 ms) and both are safe for concurrent use.
var (
	proseTokenizer = sync.OnceValue(func() *tokenize.Tokenizer { return tokenize.New() })
	proseTagger    = sync.OnceValue(func() *tag.Tagger {
		t, err := tag.New(tag.WithLexicon(taggerLexicon()))
		if err != nil {
			panic("extract: loading the part-of-speech model: " + err.Error())
		}
		return t
	})
)

// taggerOn switches the tagged reader (tests compare the rulebook alone).
var taggerOn = true

// fixedTags are closed-class words the tagger gets wrong in lower-case
// chat ("i" as a noun).
var fixedTags = tag.Lexicon{"i": "PRP", "we": "PRP", "my": "PRP$", "our": "PRP$", "me": "PRP", "us": "PRP",
	"not": "RB", "never": "RB", "gonna": "VBG", "wanna": "VBP"}

// taggerLexicon is fixedTags with the place list (proper nouns: "to
// Portugal" is not an infinitive) and the pet words (nouns: "a puppy").
// Places whose lower-case spelling is an ordinary word are left to the
// model.
func taggerLexicon() tag.Lexicon {
	l := tag.Lexicon{}
	for _, w := range lexPlaces {
		if !strings.Contains(w, " ") && !lexCommonPlaces.has(w) {
			l[w] = "NNP"
		}
	}
	for w := range petWords {
		l[w] = "NN"
	}
	for w := range lexOwned {
		l[w] = "NN" // "a ukulele" is not an adjective
	}
	for w := range vehicle {
		l[w] = "NN"
	}
	for w, t := range fixedTags {
		l[w] = t
	}
	return l
}

// ttok is one tagged token: the word as written, lower-cased, its tag.
type ttok struct {
	w, lw, t   string
	start, end int // byte offsets in the spelt-out clause
}

func (k ttok) noun() bool  { return strings.HasPrefix(k.t, "NN") }
func (k ttok) verb() bool  { return strings.HasPrefix(k.t, "VB") || k.t == "MD" }
func (k ttok) adj() bool   { return strings.HasPrefix(k.t, "JJ") }
func (k ttok) adv() bool   { return strings.HasPrefix(k.t, "RB") }
func (k ttok) punct() bool { return k.t == "," || k.t == "." || k.t == ":" || k.t == "-" }

var contractions = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?i)\b(can)'?t\b`), "$1 not"},
	{regexp.MustCompile(`(?i)\bwon'?t\b`), "will not"},
	{regexp.MustCompile(`(?i)\b(\w+)n't\b`), "$1 not"},
	{regexp.MustCompile(`(?i)\b(i)'m\b`), "$1 am"},
	{regexp.MustCompile(`(?i)\b(i|we|you|they)'ve\b`), "$1 have"},
	{regexp.MustCompile(`(?i)\b(i|we|you|they)'re\b`), "$1 are"},
	{regexp.MustCompile(`(?i)\b(i|we|you|they|he|she|it)'ll\b`), "$1 will"},
	{regexp.MustCompile(`(?i)\b(i|we|you|they)'d\b`), "$1 would"},
	{regexp.MustCompile(`(?i)\bgonna\b`), "going to"},
	{regexp.MustCompile(`(?i)\bwanna\b`), "want to"},
	{regexp.MustCompile(`(?i)\bgotta\b`), "got to"},
}

// tagText spells out contractions, tokenises and tags s; the tagger reads
// the lower-cased words (so "i live in berlin" and "I live in Berlin" are
// tagged alike), the tokens keep the words as written.
func tagText(s string) ([]ttok, string) {
	s = spellOut(s)
	toks := proseTokenizer().Tokenize(s)
	low := make([]tag.Token, len(toks))
	for i, k := range toks {
		low[i].Text = k.Text
	}
	// A verb that starts a clause without its subject ("Got a new bike",
	// "Been really into yoga", "Thinking of getting a cat") is capitalised
	// as a sentence's first word, and the tagger takes it for a name.
	if len(low) > 1 && isCapital(low[0].Text) && strings.ToUpper(low[0].Text) != low[0].Text {
		lw := strings.ToLower(low[0].Text)
		_, irr := irregular[lw]
		_, cls := verbClass[lemma(lw)]
		if (irr || cls || strings.HasSuffix(lw, "ing") || strings.HasSuffix(lw, "ed")) && !lexNames.has(low[0].Text) && !lexPlaces.has(low[0].Text) {
			low[0].Text = lw
		}
	}
	proseTagger().TagTokens(low)
	out := make([]ttok, len(toks))
	for i, k := range toks {
		out[i] = ttok{w: k.Text, lw: strings.ToLower(k.Text), t: low[i].Tag, start: k.Start, end: k.End()}
	}
	return out, s
}

// spellOut writes contractions out in full ("can't" → "can not").
func spellOut(s string) string {
	for _, c := range contractions {
		s = c.re.ReplaceAllString(s, c.with)
	}
	return s
}

// lemma gives the base form of a verb: an irregular form from the table,
// else a regular -s, -ed, -ing stripped.
func lemma(w string) string {
	w = strings.ToLower(w)
	if b, ok := irregular[w]; ok {
		return b
	}
	if _, ok := verbClass[w]; ok {
		return w
	}
	for _, suf := range []string{"ies", "ied", "ing", "ed", "es", "s"} {
		if !strings.HasSuffix(w, suf) || len(w) <= len(suf)+1 {
			continue
		}
		b := strings.TrimSuffix(w, suf)
		cands := []string{b, b + "e"}
		if suf == "ies" || suf == "ied" {
			cands = []string{b + "y"}
		}
		if n := len(b); n > 2 && b[n-1] == b[n-2] {
			cands = append(cands, b[:n-1]) // "planning" → "plan"
		}
		for _, c := range cands {
			if _, ok := verbClass[c]; ok {
				return c
			}
		}
		return cands[0]
	}
	return w
}

var irregular = map[string]string{"am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "been": "be",
	"being": "be", "has": "have", "had": "have", "having": "have", "did": "do", "does": "do", "done": "do",
	"doing": "do", "won": "win", "winning": "win", "began": "begin", "begun": "begin", "got": "get",
	"gotten": "get", "getting": "get", "lost": "lose", "losing": "lose", "went": "go", "gone": "go", "going": "go",
	"bought": "buy", "took": "take", "taken": "take", "made": "make", "found": "find", "left": "leave",
	"moving": "move", "loving": "love", "liking": "like", "hoping": "hope", "joining": "join", "visiting": "visit",
	"adopting": "adopt", "planning": "plan", "planned": "plan", "starting": "start", "marrying": "marry",
	"married": "marry", "graduating": "graduate", "enjoying": "enjoy", "adoring": "adore", "thinking": "think",
	"thought": "think", "signed": "sign", "saw": "see", "seen": "see", "felt": "feel", "ran": "run",
}

// Verb classes by lemma.
const (
	vPref = iota + 1
	vWish
	vEvent
	vHave
	vDo
)

var verbClass = map[string]int{
	"love": vPref, "enjoy": vPref, "like": vPref, "adore": vPref, "prefer": vPref,
	"want": vWish, "hope": vWish, "plan": vWish, "intend": vWish, "aim": vWish, "wish": vWish,
	"move": vEvent, "marry": vEvent, "adopt": vEvent, "graduate": vEvent, "start": vEvent, "begin": vEvent,
	"lose": vEvent, "join": vEvent, "win": vEvent, "visit": vEvent, "sign": vEvent, "apply": vEvent, "enter": vEvent,
	"have": vHave, "own": vHave, "get": vHave, "buy": vHave, "do": vDo,
	"go": 0, "travel": 0, "fly": 0, "see": 0, "try": 0, "take": 0, "make": 0, "think": 0, "look": 0, "feel": 0,
}

// eventPredicate maps an event verb's lemma to the fact's predicate.
var eventPredicate = map[string]string{"move": "moved", "marry": "married", "adopt": "adopted",
	"graduate": "graduated", "start": "started", "begin": "started", "join": "joined", "win": "won",
	"visit": "visited", "sign": "joined", "apply": "applied_to", "lose": "lost_job", "enter": "joined"}

// predFamily groups predicates as the labelled set does (extract/testdata
// README): the tagged reader adds nothing in a family the rulebook already
// read from the clause.
func predFamily(p string) string {
	switch p {
	case "name", "nickname", "age", "gender", "birthday", "nationality":
		return "identity"
	case "lives_in", "from", "moved_from":
		return "home"
	case "works_at", "job_title", "studies", "studies_at", "volunteers_at", "works_in_field":
		return "work"
	case "likes", "dislikes", "prefers", "allergic_to", "diet":
		return "preference"
	case "has_pet", "owns", "is_a":
		return "possession"
	case "plans", "travels_to", "visits":
		return "plan"
	case "moved", "married", "adopted", "graduated", "started_job", "lost_job", "joined", "started", "applied_to",
		"won", "visited", "engaged", "was_in", "completed", "promoted", "retired", "had_child":
		return "event"
	}
	if strings.HasPrefix(p, "favorite_") {
		return "preference"
	}
	return "relation"
}

// tagged is one clause's tokens with the clause it adds facts to.
type tagged struct {
	c    *clause
	toks []ttok
	src  string // the spelt-out clause the tokens index
	// subject: the clause says "I" or "we" (not a dropped subject).
	subject bool
	had     map[string]bool // families the rulebook found in the clause
	// listOpen: the clause ends on a list of likings; itemsEnd is where
	// the last list read ended.
	listOpen bool
	itemsEnd int
	// from: where the clause being read starts (an embedded one's subject).
	from int
	// inSubject: the phrase being read is the clause's subject, so a
	// finite verb after it is its own.
	inSubject bool
	// mention: the fact being added was read from "my <noun>", not a verb.
	mention bool
	// eagerPrefix, when set, stands for the words before a claim
	// ("I can't wait for" read as "I … for").
	eagerPrefix *string
}

// readTagged reads the clause with the tagger and adds what the rulebook
// did not find.
//
// cont says the clause before, in the same sentence, ended on a list of
// likings ("We love being outdoors - going for hikes, having picnics"): a
// clause of gerunds goes on with it. readTagged reports whether this clause
// too ends on such a list.
func (c *clause) readTagged(cont bool) (open bool) {
	if !taggerOn {
		return false
	}
	if secondRE.MatchString(c.raw) || condRE.MatchString(c.raw) || questionW.MatchString(c.raw) {
		return false
	}
	toks, src := tagText(placeholderRE.ReplaceAllString(c.text, "Someone"))
	r := &tagged{c: c, toks: toks, src: src, had: map[string]bool{}}
	for _, f := range c.facts {
		r.had[predFamily(f.Predicate)] = true
	}
	if cont && len(toks) > 0 && toks[0].t == "VBG" {
		r.subject = true
		r.prefObject(0)
	} else {
		r.read()
	}
	c.neg, c.fore = false, false
	return r.listOpen
}

// add keeps a fact when the rulebook found none of its family and the
// words before the claim (toks[:at]) pass clause.mode.
func (r *tagged) add(at int, pred, claim, kind string, conf int) bool {
	if r.had[predFamily(pred)] || claim == "" {
		return false
	}
	if pred == "likes" && jobAsRE.MatchString(strings.ToLower(claim)+" as") && r.had["work"] {
		return false // "I love my job as a chef": the role is read; the job is no taste
	}
	for _, f := range r.c.facts {
		if strings.EqualFold(f.Claim, claim) {
			return false // the rulebook read this claim as something else ("move to Lisbon": lives_in)
		}
	}
	if !r.c.mode(r.prefix(at)) {
		return false
	}
	if r.c.neg && (kind == Experience || pred == "plans" || pred == "travels_to") {
		return false // "I didn't win", "I don't want to move": nothing happened or is planned
	}
	if r.mention {
		r.c.neg = false // "I haven't shown you my pets yet": the pets are still the speaker's
		// "I decided to spend time with my beloved pets": had now,
		// whatever the clause wishes (as clause.mention says; session 28)
		r.c.fore = false
	}
	if (kind == Foresight || kind == Experience) && canRE.MatchString(r.prefix(at)) && r.eagerPrefix == nil {
		r.c.neg, r.c.fore = false, false
		return false // "we can plan a trip together": an offer, not a plan
	}
	if pred == "likes" && (r.c.fore || pastLikingRE.MatchString(r.c.raw)) {
		r.c.neg, r.c.fore = false, false
		return false // "I'll enjoy writing them", "we loved skateboards back then"
	}
	n := len(r.c.facts)
	r.c.add(r.c.speaker, pred, claim, kind, conf)
	r.c.neg, r.c.fore = false, false
	return len(r.c.facts) > n
}

// canRE: "can" before the verb makes an offer or an ability of a plan or
// an event.
var canRE = regexp.MustCompile(`\bcan\b`)

// pastLikingRE marks a liking of the past.
var pastLikingRE = regexp.MustCompile(`(?i)\b(?:as\s+a\s+(?:kid|child|teen|teenager)|back\s+then|when\s+(?:i|we)\s+(?:was|were)|growing\s+up|in\s+high\s+school|in\s+college|used\s+to)\b`)

// eager reads a plan after "can't wait", whose "not" is no negation: the
// words before the plan are read without it.
func (r *tagged) eager(pre string, read func()) {
	r.eagerPrefix = &pre
	read()
	r.eagerPrefix = nil
}

func (r *tagged) prefix(at int) string {
	if r.eagerPrefix != nil {
		return *r.eagerPrefix
	}
	var b strings.Builder
	for _, k := range r.toks[min(r.from, at, len(r.toks)):min(at, len(r.toks))] {
		b.WriteString(k.lw)
		b.WriteByte(' ')
	}
	return b.String()
}

// leadSkip are words that may stand before a clause's subject.
var leadSkip = map[string]bool{"just": true, "also": true, "really": true, "recently": true, "finally": true,
	"still": true, "even": true, "actually": true, "definitely": true, "totally": true, "so": true, "and": true,
	"but": true, "plus": true, "now": true, "lately": true, "honestly": true, "personally": true, "then": true,
	"yesterday": true, "today": true, "tonight": true}

func (r *tagged) read() {
	ts := r.toks
	i := 0
	for i < len(ts) && (ts[i].punct() || ts[i].t == "UH" || leadSkip[ts[i].lw]) {
		i++
	}
	if i >= len(ts) {
		return
	}
	r.mentions()
	if ts[i].t == "VBG" && r.gerundSubject(i) {
		return
	}
	switch {
	case ts[i].lw == "i" || ts[i].lw == "we":
		r.subject = true
		r.predicate(i + 1)
	case ts[i].lw == "into" && i > 0 && i+1 < len(ts) && r.dropped(i) && !plightWords[ts[i+1].lw]:
		// "Really into knitting these days": "I'm" left out.
		r.subject = true
		r.prefObject(i + 1)
	case (ts[i].t == "VBG" || ts[i].t == "NN") && progressiveWish[ts[i].lw] && ts[i].lw != "looking" && i+1 < len(ts) && r.dropped(i):
		r.beComplement(i) // "Thinking of getting a cat"
	case ts[i].t == "VBG" && r.c.hasDate && verbClass[lemma(ts[i].lw)] == 0 && motion[lemma(ts[i].lw)] && i+1 < len(ts) && r.dropped(i):
		r.planVerb(i, true) // "Heading to Paris next week!"
	case ts[i].verb() && ts[i].t != "MD" && i+1 < len(ts):
		// Chat drops the subject: "Love experimenting with spices",
		// "Planning a trip there next month", "Been playing it for a month".
		l := lemma(ts[i].lw)
		if l == "be" && ts[i].lw != "been" || l == "have" && ts[i].lw != "had" {
			return // "Is it …", "Have you …": a question or an imperative
		}
		if ts[i].t == "VB" && verbClass[l] != vPref {
			return // an imperative: "Take care", "Check out my studio"
		}
		if verbClass[l] == vPref && i+1 < len(ts) && (ts[i+1].t == "DT" || ts[i+1].t == "PRP$" || ts[i+1].t == "PRP") {
			return // "Love the colors", "Love your style": a reaction to what the listener showed
		}
		r.predicate(i)
	case ts[i].noun():
		r.gerundSubject(i)
	}
	// A second progressive wish joined to the first verb group: "I've
	// been looking into volunteering and thinking of going into nursing".
	if r.subject && len(r.c.facts) == 0 {
		for k := i + 1; k+2 < len(ts); k++ {
			if ts[k].lw == "and" && (ts[k+1].t == "VBG" || ts[k+1].t == "NN") && progressiveWish[ts[k+1].lw] {
				r.beComplement(k + 1)
				break
			}
		}
	}
	// A first-person clause embedded after the first ("I wanted to tell
	// you I just joined a writers group", "guess what, I got a puppy") is
	// read from its own subject, and only the words from there on count
	// for negation and modality.
	for k := i + 1; k+1 < len(ts) && len(r.c.facts) == 0; k++ {
		if (ts[k].lw == "i" || ts[k].lw == "we") && ts[k].t == "PRP" && !embedBlock[ts[k-1].lw] {
			r.from, r.subject = k, true
			r.predicate(k + 1)
			r.from = 0
		}
	}
}

// dreamWord: a dream of doing something is a plan held ("I dream of
// opening a bakery").
var dreamWord = setOf(`dream dreamed dreamt dreaming`)

// motion verbs make a trip of a dropped-subject progressive with a date.
var motion = setOf(`go head fly travel drive`)

// dropped reports whether toks[:i] are only what may stand before a
// clause's first word (adverbs, interjections), so the clause left its
// subject out.
func (r *tagged) dropped(i int) bool {
	for _, k := range r.toks[:i] {
		if !(k.punct() || k.t == "UH" || leadSkip[k.lw] || k.adv()) {
			return false
		}
	}
	return true
}

// embedBlock: an embedded "I" after these is a condition, a comparison or
// something reported, not a statement.
var embedBlock = setOf(`if when whenever unless because since until before after as like than whether once while
	said says told tells think thought guess hope wish bet`)

// predicate reads the verb group from i (after the subject).
func (r *tagged) predicate(i int) {
	ts := r.toks
	// The verb group: auxiliaries, modals, adverbs, negation.
	for i < len(ts) && (ts[i].t == "MD" || ts[i].adv() || auxWord[ts[i].lw]) && !(ts[i].lw == "have" || ts[i].lw == "had" || ts[i].lw == "has") {
		if isBe(ts[i].lw) && i+1 < len(ts) && (!ts[i+1].verb() && !ts[i+1].adv() && ts[i+1].lw != "not" || ts[i+1].adv() && nextAfterAdv(ts, i+1) == "into") {
			r.beComplement(i + 1)
			return
		}
		if ts[i].lw == "do" || ts[i].lw == "does" || ts[i].lw == "did" {
			j := i + 1
			for j < len(ts) && (ts[j].adv() || ts[j].lw == "not") {
				j++
			}
			if j >= len(ts) || !ts[j].verb() && ts[j].t != "IN" || ts[j].t == "VBG" {
				break // "I do yoga": "do" is the main verb
			}
		}
		i++
	}
	if i >= len(ts) {
		return
	}
	// "have" / "had" as an auxiliary before a participle.
	if (ts[i].lw == "have" || ts[i].lw == "has" || ts[i].lw == "had") && i+1 < len(ts) {
		j := i + 1
		for j < len(ts) && ts[j].adv() {
			j++
		}
		if j < len(ts) && (ts[j].t == "VBN" || ts[j].t == "VBD") {
			if ts[j].lw == "been" {
				r.predicate(j)
				return
			}
			i = j
		}
	}
	if isBe(ts[i].lw) {
		if i+1 < len(ts) {
			r.beComplement(i + 1)
		}
		return
	}
	if ts[i].t == "VBG" && i > 0 && isBe(ts[i-1].lw) && progressiveWish[ts[i].lw] {
		r.beComplement(i) // "we're thinking about buying a house", "I'm hoping to get a dog"
		return
	}
	if ts[i].lw == "tempted" && i > 0 && isBe(ts[i-1].lw) {
		r.beComplement(i) // "I'm tempted to try dairy-free flavors"
		return
	}
	if dreamWord[ts[i].lw] && i+2 < len(ts) && (ts[i+1].lw == "of" || ts[i+1].lw == "about") && ts[i+2].t == "VBG" {
		r.planVerb(i+2, true) // "I dream of opening a bakery", "I've always dreamed of visiting Japan"
		return
	}
	if ts[i].t == "VBG" && i > 0 && isBe(ts[i-1].lw) && (ts[i-1].lw == "am" || ts[i-1].lw == "are") && r.c.hasDate && verbClass[lemma(ts[i].lw)] == 0 {
		// A present progressive with a future date is a plan: "I'm putting
		// together an art show next month", "we're hosting a party on Friday".
		r.planVerb(i, true)
		return
	}
	if !ts[i].verb() && ts[i].t != "NN" {
		return
	}
	v := ts[i]
	l := lemma(v.lw)
	if l == "wait" && i+1 < len(ts) && strings.Contains(r.prefix(i), "can not") {
		// "I can't wait to see Paris", "can't wait for some birdwatching": eager, not negative.
		pre := strings.Replace(r.prefix(i), "can not", "", 1)
		if ts[i+1].lw == "to" && i+2 < len(ts) && ts[i+2].verb() {
			r.eager(pre, func() { r.planVerb(i+2, true) })
		} else if ts[i+1].lw == "for" {
			r.eager(pre, func() { r.planObject(i+2, "") })
		}
		return
	}
	switch verbClass[l] {
	case vPref:
		if l == "like" && (v.t == "IN" || i+1 < len(ts) && ts[i+1].lw == "to" && i+2 < len(ts) && !ts[i+2].verb()) {
			return
		}
		if v.t == "VBG" {
			return // "I'm loving …" is read by the rulebook; "loving" after "be" would be progressive
		}
		if v.t == "VBD" && i+1 < len(ts) && ts[i+1].t == "VBG" {
			return // "I loved taking lessons": a pastime of the past
		}
		if i+1 < len(ts) && ts[i+1].t == "VBG" {
			// "I love hiking": the rulebook reads a gerund object, and what
			// it refuses ("I love seeing …", "being a mom") stays refused;
			// a list that goes on in the next clause is read there.
			r.items(i+1, false)
			r.listOpen = r.itemsEnd >= len(ts)
			return
		}
		r.prefObject(i + 1)
	case vWish:
		r.wish(i + 1)
	case vEvent:
		if v.t == "VBD" || v.t == "VBN" {
			r.event(l, i+1)
		}
	case vHave:
		r.possession(l, v, i+1)
	case vDo:
		if v.t == "VBP" || v.t == "VBZ" || v.t == "VBG" && r.subject {
			r.hobby(i + 1) // "I do yoga", not "I've done weight training"
		}
	default:
		// A pastime said in the habitual present: "I collect vinyl
		// records", "we bake bread on Sundays".
		if v.t == "VBP" && r.subject && habitual[l] && !strings.Contains(r.prefix(i), " not ") {
			g := gerundOf(l)
			claim := g
			if np, e := r.nounPhrase(i+1, false); np != "" && e > i+1 {
				claim = g + " " + np
			} else if i+1 < len(ts) && ts[i+1].t == "PRP" {
				return // "I paint it"
			}
			r.add(i, "likes", claim, World, confTaggedPref)
			return
		}
		// "i listen to jazz", "I write poetry", "i run marathons", "i ride
		// horses": a verb left out of habitual says a pastime only with a
		// pastime's object.
		if v.t == "VBP" && r.subject && !strings.Contains(r.prefix(i), " not ") {
			if l == "listen" && i+1 < len(ts) && ts[i+1].lw == "to" {
				j := i + 2
				if j+2 < len(ts) && ts[j].lw == "a" && ts[j+1].lw == "lot" && ts[j+2].lw == "of" {
					j += 3 // "a lot of country music"
				}
				if np, e := r.nounPhrase(j, false); np != "" && e > j && pastimeObject(strings.ToLower(np)) {
					r.add(i, "likes", np, World, confTaggedPref)
				} else if j < len(ts) && ts[j].t == "VB" && pastimeWords[ts[j].lw] && (j+1 == len(ts) || !ts[j+1].noun()) {
					r.add(i, "likes", ts[j].w, World, confTaggedPref) // "listen to jazz", jazz read as a verb
				}
				return
			}
			if objs := habitualWith[l]; objs != nil {
				// The object's words up to the first that says a pastime
				// ("deer" of "hunt deer every fall").
				for j := i + 1; j < len(ts) && j <= i+3; j++ {
					if ts[j].t == "DT" || ts[j].t == "IN" || ts[j].t == "PRP$" || ts[j].t == "PRP" || ts[j].verb() && ts[j].t != "VB" {
						break
					}
					if objs[ts[j].lw] {
						r.add(i, "likes", gerundOf(l)+" "+r.span(i+1, j+1), World, confTaggedPref)
						break
					}
				}
			}
		}
	}
}

// habitualWith are pastime verbs that say a liking in the habitual present
// only with these objects ("I write poetry", not "I write emails").
var habitualWith = map[string]map[string]bool{
	"write": setOf(`poetry poems songs music stories fiction novels`),
	"run":   setOf(`marathons marathon half-marathons triathlons ultramarathons ultras 5ks 10ks trails`),
	"ride":  setOf(`horses motorcycles motorbikes bikes dirtbikes waves`),
	"hunt":  setOf(`deer ducks elk turkey birds`),
}

// activityGerund are outings said with "go" ("go camping") beyond the
// hobby verbs.
var activityGerund = setOf(`camping hiking fishing shopping skiing snowboarding surfing sailing kayaking canoeing
	bowling hunting birdwatching stargazing backpacking climbing biking swimming skating dancing snorkeling
	scuba diving rafting paddleboarding`)

// acquire are generic verbs that make a plan with a concrete object.
var acquire = map[string]bool{"get": true, "buy": true, "find": true}

// progressiveWish are gerunds after "be" that carry a plan.
var progressiveWish = map[string]bool{"thinking": true, "hoping": true, "planning": true, "looking": true, "considering": true}

// habitual are pastime verbs whose habitual present says a liking ("I
// knit", "we hike every weekend"); verbs that are as often one-off or
// something else ("read", "write", "play", "learn", "run") are left out.
var habitual = setOf(`paint draw bake knit crochet sew sing journal meditate cycle climb surf ski skate fish camp
	sketch collect sculpt compose kayak golf photograph blog vlog skateboard snowboard garden hike jog swim dance`)

// gerundOf is the -ing form of a base verb: "bake" → "baking", "swim" →
// "swimming", "garden" → "gardening".
func gerundOf(b string) string {
	switch {
	case strings.HasSuffix(b, "ie"):
		return b[:len(b)-2] + "ying"
	case strings.HasSuffix(b, "e") && !strings.HasSuffix(b, "ee"):
		return b[:len(b)-1] + "ing"
	case doubledFinal[b]:
		return b + b[len(b)-1:] + "ing"
	}
	return b + "ing"
}

var doubledFinal = setOf(`swim jog run skip shop plan stop knit`)

var auxWord = map[string]bool{"am": true, "are": true, "is": true, "was": true, "were": true, "be": true,
	"been": true, "do": true, "did": true, "does": true, "will": true, "would": true, "can": true, "could": true,
	"not": true, "never": true, "really": true, "just": true, "also": true}

// nextAfterAdv is the first word from i on that is not an adverb.
func nextAfterAdv(ts []ttok, i int) string {
	for i < len(ts) && ts[i].adv() {
		i++
	}
	if i < len(ts) {
		return ts[i].lw
	}
	return ""
}

func isBe(w string) bool {
	switch w {
	case "am", "are", "is", "was", "were", "be", "been":
		return true
	}
	return false
}

// beComplement reads "I am into X", "I am a (big) fan of X", "I am
// passionate about X", "I am planning to …", "I am excited for X".
func (r *tagged) beComplement(i int) {
	ts := r.toks
	for i < len(ts) && (ts[i].adv() || ts[i].lw == "not") {
		i++
	}
	if i >= len(ts) {
		return
	}
	w := ts[i].lw
	switch {
	case w == "into" && i+1 < len(ts):
		if plightWords[ts[i+1].lw] {
			return // "been getting into trouble", "into debt"
		}
		r.prefObject(i + 1)
	case w == "all" && i+2 < len(ts) && ts[i+1].lw == "about":
		r.prefObject(i + 2) // "I'm all about dramas and romcoms"
	case (w == "a" || w == "an") && i+1 < len(ts):
		j := i + 1
		for j < len(ts) && (ts[j].adj() || ts[j].adv()) {
			j++
		}
		if j+1 < len(ts) && (ts[j].lw == "fan" || ts[j].lw == "lover") && ts[j+1].lw == "of" {
			r.prefObject(j + 2)
		}
	case prefAdj[w] && i+1 < len(ts) && (ts[i+1].lw == "about" || ts[i+1].lw == "with" || ts[i+1].lw == "on"):
		r.prefObject(i + 2)
	case w == "doing":
		r.hobby(i + 1)
	case ts[i].t == "VBG" && verbClass[lemma(w)] == vWish:
		r.wish(i + 1)
	case (w == "excited" || w == "stoked" || w == "pumped") && i+1 < len(ts) && ts[i+1].lw == "for":
		r.planObject(i+2, "")
	case w == "tempted" && i+2 < len(ts) && ts[i+1].lw == "to" && (ts[i+2].t == "VB" || ts[i+2].t == "VBP"):
		r.planVerb(i+2, true) // "I'm tempted to try dairy-free flavors"
	case w == "considering" && i+1 < len(ts) && ts[i+1].t == "VBG":
		r.planVerb(i+1, true) // "we're considering adopting a cat"
	case (w == "looking" || w == "thinking") && i+1 < len(ts):
		j := i + 1
		if w == "looking" && (ts[j].lw != "forward" || j+1 >= len(ts) || ts[j+1].lw != "to") {
			return
		}
		if w == "looking" {
			j += 2
		} else if ts[j].lw == "of" || ts[j].lw == "about" {
			j++
		} else {
			return
		}
		if j < len(ts) && ts[j].t == "VBG" {
			r.planVerb(j, true)
		}
	}
}

// prefAdj are adjectives that, with about/with/on, say a lasting liking.
var prefAdj = map[string]bool{"passionate": true, "obsessed": true, "hooked": true, "crazy": true, "big": true,
	"nuts": true, "mad": true, "keen": true}

// prefObject reads the object of a preference: a list of gerund phrases or
// noun phrases.
func (r *tagged) prefObject(i int) {
	its := r.items(i, false) // "I love the …": the rulebook reads it, and refuses it for a reason (deictic, someone else's)
	for _, it := range its {
		if it.claim == "" {
			continue
		}
		if g := r.toks[it.at]; g.t == "VBG" && !hobbyGerund(g.lw) && g.lw != "being" && g.lw != "going" {
			continue // a gerund the rulebook refused is kept only when it names a known pastime
		}
		r.add(it.at, "likes", it.claim, World, confTaggedPref)
	}
	r.listOpen = len(its) > 0 && r.itemsEnd >= len(r.toks)
}

type item struct {
	at    int
	claim string
}

// items reads a coordinated list of objects from i: gerund phrases
// ("going for hikes, having picnics") or noun phrases ("board games and
// movie nights"), each cut where its tags end it.
func (r *tagged) items(i int, allowThe bool) []item {
	ts := r.toks
	var out []item
	for i < len(ts) && len(out) < 6 {
		var claim string
		start := i
		var end int
		if ts[i].t == "VBG" || (ts[i].noun() && strings.HasSuffix(ts[i].lw, "ing") && hobbyGerund(ts[i].lw)) || ts[i].lw == "being" {
			claim, end = r.gerundPhrase(i)
		} else {
			claim, end = r.nounPhrase(i, allowThe)
		}
		if end <= start {
			break
		}
		if len(out) > 0 && ts[start].t != "VBG" && strings.Contains(out[len(out)-1].claim, " ") && ts[out[len(out)-1].at].t == "VBG" {
			break // "organizing workshops and events": the noun joins the gerund's object
		}
		out = append(out, item{at: start, claim: claim})
		i = end
		r.itemsEnd = end
		// A list goes on after ",", "and", "or", "plus", a dash.
		j := i
		for j < len(ts) && (ts[j].lw == "," || ts[j].lw == "and" || ts[j].lw == "or" || ts[j].lw == "plus" || ts[j].lw == "-" || ts[j].lw == "&") {
			j++
		}
		if j == i || j >= len(ts) {
			break
		}
		if ts[j].lw == "i" || ts[j].lw == "we" || ts[j].t == "PRP" || ts[j].verb() && ts[j].t != "VBG" {
			break // a new clause
		}
		i = j
	}
	return out
}

// nounPhrase reads [det] [adj|noun]* noun [NNP…]; a claim only when its
// head is a noun and it is not deictic, someone else's or vague.
func (r *tagged) nounPhrase(i int, allowThe bool) (string, int) {
	ts := r.toks
	start := i
	if i < len(ts) && (ts[i].t == "DT" || ts[i].t == "PRP$") {
		switch ts[i].lw {
		case "a", "an", "some", "my", "our", "all", "another":
		case "the":
			if !allowThe {
				return "", i + 1
			}
		default:
			return "", i + 1 // "this", "that", "your", "his": said elsewhere
		}
		i++
	}
	if i < len(ts) && (ts[i].lw == `"` || ts[i].t == "``") {
		// A quoted title: "I loved \"Becoming Nicole\"".
		for j := i + 1; j < len(ts) && j < i+10; j++ {
			if ts[j].lw == `"` || ts[j].t == "''" {
				if j > i+1 {
					return r.span(i+1, j), j + 1
				}
				break
			}
		}
	}
	first := i
	head := -1
	for i < len(ts) && (ts[i].adj() || ts[i].noun() || ts[i].t == "CD" || ts[i].t == "HYPH" || ts[i].lw == "-" && i+1 < len(ts) && ts[i+1].noun() || ts[i].t == "VBG" && i+1 < len(ts) && ts[i+1].noun() || ts[i].t == "POS") {
		if ts[i].noun() {
			if head >= 0 && ts[i].t == "NNP" && ts[head].t == "NN" && ts[head].w == ts[head].lw {
				break // "the thought Nate": a name after a common noun is someone addressed
			}
			head = i
		}
		i++
	}
	if head < 0 {
		return "", min(max(i, start+1), len(ts)) // never past the clause's end (called at its end)
	}
	// "a fan of X", "a game of chess": keep a short of-phrase after a noun.
	if head == i-1 && i+1 < len(ts) && ts[i].lw == "of" && (ts[i+1].noun() || ts[i+1].adj()) {
		j := i + 1
		for j < len(ts) && (ts[j].adj() || ts[j].noun()) {
			j++
		}
		if j-i <= 3 {
			head, i = j-1, j
		}
	}
	if i < len(ts) && ts[i].verb() && ts[i].t != "VBG" && ts[i].t != "VBN" && !r.inSubject {
		return "", i // "[love] sure does bring us joy": the phrase is the next clause's subject
	}
	if start < len(ts) && ts[start].lw == "the" && i < len(ts) && (ts[i].t == "PRP" || ts[i].lw == "that" || ts[i].lw == "which" || ts[i].t == "NNP") {
		return "", i // "the freedom it brings", "the lesson that it teaches": which one was said elsewhere
	}
	if ts[first].t == "CD" {
		return "", i // "two projects"
	}
	words := r.span(first, head+1)
	ws := strings.Fields(strings.ToLower(words))
	if len(ws) == 0 || len(ws) > 5 || pronoun[ws[0]] || vague[ws[len(ws)-1]] || vagueNoun[ws[len(ws)-1]] ||
		pronoun[ws[len(ws)-1]] {
		return "", i
	}
	return words, i
}

// vagueNoun are heads that name nothing kept.
var vagueNoun = map[string]bool{"future": true, "past": true, "freedom": true, "connection": true, "smell": true, "taste": true, "lesson": true,
	"view": true, "views": true, "feel": true, "look": true, "sound": true, "message": true, "story": true,
	"projects": true, "project": true, "plan": true, "plans": true, "goal": true, "goals": true, "process": true,
	"community": true, "team": false, "sight": true, "idea's": true, "details": true, "colors": true, "colours": true, "time": true, "times": true, "day": true, "days": true, "week": true, "lot": true,
	"lots": true, "bit": true, "kind": true, "sort": true, "part": true, "one": true, "ones": true, "bunch": true,
	"opportunity": true, "chance": true, "experience": true, "support": true, "help": true, "advice": true,
	"news": true, "energy": true, "fun": true, "blast": true, "break": true, "way": true, "ways": true,
	"place": true, "spot": true, "side": true, "end": true, "rest": true, "idea": true, "ideas": true,
	"progress": true, "journey": true, "memories": true, "memory": true, "update": true, "updates": true,
	"pic": true, "pics": true, "photo": true, "photos": true, "picture": true, "pictures": true, "feedback": true,
	"tips": true, "tip": true, "suggestion": true, "suggestions": true, "results": true, "work": true,
	"effort": true, "efforts": true, "challenge": true, "challenges": true, "vibe": true, "atmosphere": true,
	"season": true, "weekend": true, "month": true, "year": true, "night": true, "morning": true, "evening": true,
	"yesterday": true, "today": true, "tomorrow": true, "moment": true, "moments": true, "thanks": true,
	"sense": true, "feeling": true, "feelings": true, "reminder": true, "inspiration": true, "motivation": true,
	"outcome": true, "result": true, "change": true, "difference": true, "impact": true, "love": true,
	"care": true, "attention": true, "try": true, "shot": true, "go": true, "peace": true,
	"joy": true, "happiness": true, "hope": true, "faith": true, "courage": true, "strength": true, "self": true,
	"stuff": true, "thing": true, "things": true, "everything": true, "something": true, "anything": true}

// gerundPhrase reads a gerund with its particle and object or one
// prepositional phrase: "experimenting with spices", "going for hikes",
// "hanging out at the park", "working on cars".
func (r *tagged) gerundPhrase(i int) (string, int) {
	ts := r.toks
	start := i
	g := ts[i].lw
	i++
	if i < len(ts) && (ts[i].t == "RP" || ts[i].lw == "out" || ts[i].lw == "up") {
		i++
	}
	objEnd := i
	if i+1 < len(ts) && (ts[i].lw == "these" || ts[i].lw == "this") && timeNoun[ts[i+1].lw] {
		return r.span(start, i), i // "knitting these days": the time is no part of it
	}
	if i < len(ts) && (ts[i].t == "PRP" || deictic[ts[i].lw]) {
		return "", i + 1 // "watching them play", "writing them"
	}
	if i < len(ts) && (ts[i].t == "IN" || ts[i].t == "TO") && ts[i].lw != "because" && ts[i].lw != "so" && ts[i].lw != "than" && ts[i].lw != "like" {
		if i+1 < len(ts) && (ts[i+1].t == "PRP" || deictic[ts[i+1].lw] || ts[i+1].lw == "your") {
			return "", i + 2 // "escaping to that world", "playing with you"
		}
		if np, e := r.nounPhrase(i+1, true); e > i+1 && r.headAt(i+1, e) {
			if np == "" {
				return "", e // "escaping to the world it shows"
			}
			if ts[i].lw == "with" && (ts[i+1].t == "PRP$" || ts[i+1].t == "NNP" || relations[ts[i+1].lw] != "") {
				// "running with my neighbours": the company is not the pastime.
				if vague[g] || notTakenUp[g] {
					return "", e
				}
				return r.span(start, i), e
			}
			objEnd = e
		}
	} else if i < len(ts) {
		if np, e := r.nounPhrase(i, true); e > i && r.headAt(i, e) {
			if np == "" {
				return "", e // "spending time with them"
			}
			objEnd = e
		}
	}
	if (vague[g] || notTakenUp[g]) && (objEnd == i || g != "being" && g != "going") {
		return "", max(objEnd, start+1) // "seeing that", "having fun", "learning about it" (as the rulebook); "being outdoors", "going for hikes" are kept
	}
	words := r.span(start, objEnd)
	ws := strings.Fields(strings.ToLower(words))
	for _, w := range ws[1:] {
		if pronoun[w] && w != "the" && w != "a" && w != "an" && w != "some" {
			return "", objEnd // "playing it", "seeing them grow"
		}
	}
	if len(ws) > 6 {
		return "", objEnd
	}
	return words, objEnd
}

// timeNoun after "this"/"these" makes a time, not a thing pointed at.
var timeNoun = setOf(`days week weekend month year summer winter spring fall autumn morning evening afternoon time`)

// strictVague gerunds say nothing kept even with an object ("hearing your
// news", "getting ready").
var strictVague = map[string]bool{"seeing": true, "hearing": true, "knowing": true, "getting": true,
	"feeling": true, "thinking": true, "saying": true, "telling": true, "doing": true, "learning": false}

// headAt reports whether toks[a:b] ends in a noun.
func (r *tagged) headAt(a, b int) bool {
	for k := b - 1; k >= a; k-- {
		if r.toks[k].noun() {
			return true
		}
	}
	return false
}

// span is the text of toks[a:b] as written, quotes trimmed.
func (r *tagged) span(a, b int) string {
	if a >= b || b > len(r.toks) {
		return ""
	}
	return strings.Trim(r.src[r.toks[a].start:r.toks[b-1].end], `"' `)
}

// wish reads the complement of a wish or plan verb: "want to VB …", "plan
// on VBG …", "hope to …".
func (r *tagged) wish(i int) {
	ts := r.toks
	if i < len(ts) && (ts[i].lw == "to" || ts[i].lw == "on") {
		i++
	}
	for i < len(ts) && ts[i].adv() {
		i++
	}
	if i < len(ts) && (ts[i].t == "VB" || ts[i].t == "VBG" || ts[i].t == "VBP") {
		r.planVerb(i, true)
		return
	}
	// "planning a trip to Japan", "I want a dog".
	r.planObject(i, "")
}

// planVerb reads a planned verb phrase from i: the verb, a particle, and
// its object or one prepositional phrase; a trip to a named place is
// travels_to.
func (r *tagged) planVerb(i int, fore bool) {
	ts := r.toks
	l := lemma(ts[i].lw)
	if l == "go" && i+1 < len(ts) && ts[i+1].t == "VBG" && (hobbyGerund(ts[i+1].lw) || activityGerund[ts[i+1].lw]) {
		r.add(i, "plans", r.span(i, i+2), Foresight, confTaggedPlan) // "going camping", "go skiing"
		return
	}
	if l == "go" && i+2 < len(ts) && ts[i+1].lw == "into" && (ts[i+2].noun() || ts[i+2].adj() || ts[i+2].t == "VBG") {
		// "thinking of going into nursing", "I want to go into non-profit work": a line of work ahead.
		// A head that names nothing elsewhere ("work") is kept here: "non-profit work".
		// Only a line of work: "going into debt/labor/surgery" is none.
		if _, e := r.nounPhrase(i+2, false); e > i+2 && r.headAt(i+2, e) && !pronoun[ts[e-1].lw] && fieldOfWork(r.span(i+2, e)) {
			r.add(i, "plans", r.span(i, e), Foresight, confTaggedPlan)
		} else if strings.HasSuffix(ts[i+2].lw, "ing") && (i+3 == len(ts) || ts[i+3].punct()) && fieldOfWork(ts[i+2].lw) {
			r.add(i, "plans", r.span(i, i+3), Foresight, confTaggedPlan) // "going into teaching"
		}
		return
	}
	if l == "go" && i+2 < len(ts) && (ts[i+1].lw == "on" || ts[i+1].lw == "for") && (ts[i+2].t == "DT" || ts[i+2].t == "PRP$") {
		r.planObject(i+2, "") // "we're going on a road trip next week", "going for a hike on Sunday"
		return
	}
	if genericVerb[l] && !(acquire[l] && i+1 < len(ts) && (ts[i+1].t == "DT" || ts[i+1].t == "PRP$" || ts[i+1].lw == "into") && i+2 < len(ts) && ts[i+2].noun()) {
		return // "get a dog", "get into politics" are plans; "get going", "get it" are not
	}
	j := i + 1
	if j < len(ts) && (ts[j].t == "RP" || ts[j].lw == "out" || ts[j].lw == "up") {
		j++
	}
	if (l == "go" || l == "travel" || l == "fly" || l == "head" || l == "visit" || l == "move" || l == "relocate") && j < len(ts) {
		k := j
		if ts[k].lw == "to" || ts[k].lw == "back" && k+1 < len(ts) && ts[k+1].lw == "to" {
			for k < len(ts) && (ts[k].lw == "to" || ts[k].lw == "back" || ts[k].lw == "the") {
				k++
			}
		}
		if k < len(ts) && ts[k].t == "NNP" || k < len(ts) && lexPlaces.has(ts[k].w) {
			e := k
			for e < len(ts) && (ts[e].t == "NNP" || ts[e].t == "NNPS") {
				e++
			}
			if p := r.span(k, max(e, k+1)); (lexPlaces.has(p) || isCapital(p)) && !lexCommonPlaces.has(p) {
				r.add(i, "travels_to", p, Foresight, confTaggedPlan+4)
				return
			}
		}
	}
	end := j
	if j < len(ts) && (ts[j].t == "IN" || ts[j].t == "TO") && ts[j].lw != "so" && ts[j].lw != "because" && ts[j].lw != "like" && ts[j].lw != "than" {
		if np, e := r.nounPhrase(j+1, true); e > j+1 && r.headAt(j+1, e) {
			if np == "" {
				return
			}
			end = e
		}
	} else if j < len(ts) {
		if np, e := r.nounPhrase(j, true); e > j && r.headAt(j, e) {
			if np == "" {
				return // "solidify the plan", "capture the vibe"
			}
			end = e
		}
	}
	if end < len(ts) && (ts[end].lw == "there" || ts[end].lw == "here") {
		return // "try the seafood there": where was said elsewhere
	}
	if end == j && !soloPlans[l] {
		return // "I want to try", "hope to see": a verb without an object is a plan only for a few verbs
	}
	claim := r.span(i, end)
	for _, w := range strings.Fields(strings.ToLower(claim))[1:] {
		if refWords[w] || w == "you" || w == "your" {
			return
		}
	}
	r.c.fore = true
	r.add(i, "plans", claim, Foresight, confTaggedPlan)
}

// properName: every word capitalised ("Grand Canyon", not "LGBTQ center").
func properName(p string) bool {
	for _, w := range strings.Fields(p) {
		if !isCapital(w) {
			return false
		}
	}
	return p != ""
}

func isCapital(p string) bool {
	return p != "" && p[0] >= 'A' && p[0] <= 'Z'
}

// genericVerb are verbs whose plans say nothing kept: "let you know",
// "catch up", "see how it goes".
var genericVerb = map[string]bool{"let": true, "tell": true, "show": true, "hear": true, "see": true, "check": true,
	"catch": true, "talk": true, "chat": true, "share": true, "keep": true, "give": true, "say": true, "know": true,
	"help": true, "thank": true, "send": true, "be": true, "do": true, "make": true, "have": true, "get": true,
	"continue": true, "stay": true, "find": true, "put": true, "think": true, "figure": true, "update": true,
	"hang": true, "meet": true, "support": true, "cheer": true, "celebrate": true, "enjoy": true, "reach": true,
	"follow": true, "read": false, "look": true, "feel": true, "come": true, "use": true, "spread": true,
	"inspire": true, "bring": true, "create": true, "grow": true, "give it": true, "go": true,
	"stop": true, "remember": true, "hold": true, "pass": true, "listen": true, "watch": true, "ask": true,
	"call": true, "text": true, "join": false, "take": true, "spend": true, "keep going": true, "push": true}

// planObject reads "a trip to X", "some birdwatching", "a dog" after a plan
// or wish word.
func (r *tagged) planObject(i int, _ string) {
	ts := r.toks
	if i >= len(ts) {
		return
	}
	claim, end := r.nounPhrase(i, false)
	if claim == "" {
		if ts[i].t == "VBG" || ts[i].noun() && hobbyGerund(ts[i].lw) {
			claim, end = r.gerundPhrase(i)
		}
	}
	if claim == "" || end <= i {
		return
	}
	ws := strings.Fields(strings.ToLower(claim))
	h := ws[len(ws)-1]
	if end < len(ts) && (ts[end].lw == "there" || ts[end].lw == "here") {
		return // "a trip there": where was said elsewhere
	}
	if h == "trip" || h == "vacation" || h == "holiday" {
		if end+1 < len(ts) && ts[end].lw == "to" {
			if p := r.span(end+1, end+2); lexPlaces.has(p) && !lexCommonPlaces.has(p) {
				r.add(i, "travels_to", p, Foresight, confTaggedPlan+4)
				return
			}
		}
	}
	if !plannable(ws) {
		return
	}
	if len(ws) == 1 {
		claim = r.span(i, end) // "some birdwatching": one word alone reads as a generic plan
	}
	r.add(i, "plans", claim, Foresight, confTaggedPlan)
}

// plannable: a planned noun phrase worth keeping is a trip, an event, an
// activity (a gerund or a hobby word) or something to get (a pet).
func plannable(ws []string) bool {
	h := ws[len(ws)-1]
	return planNouns[h] || isPet(h) || hobbyGerund(h) || strings.HasSuffix(h, "ing") && len(h) > 5 && !vague[h]
}

var planNouns = map[string]bool{"trip": true, "vacation": true, "holiday": true, "hike": true, "concert": true,
	"festival": true, "wedding": true, "party": true, "marathon": true, "race": true, "tournament": true,
	"camping": true, "tour": true, "retreat": true, "cruise": true, "workshop": true, "class": true,
	"course": true, "show": true, "game": true, "match": true, "competition": true, "road": true, "roadtrip": true,
	"getaway": true, "visit": true, "move": true, "exhibition": true, "gig": true, "performance": true,
	"recital": true, "shoot": true, "launch": true, "opening": true, "degree": true, "interview": true}

// event reads a first-person life event: "I moved to Lisbon", "we adopted
// a puppy", "I lost my job", "I just signed with a new team".
func (r *tagged) event(l string, i int) {
	ts := r.toks
	for k := max(0, i-3); k < i && k < len(ts); k++ {
		if ts[k].lw == "almost" || ts[k].lw == "nearly" {
			return // "I almost adopted a cat": it did not happen
		}
	}
	pred := eventPredicate[l]
	switch l {
	case "move":
		j := i
		for j < len(ts) && ts[j].adv() {
			j++
		}
		if j < len(ts) && (ts[j].lw == "to" || ts[j].lw == "from") {
			claim, end := r.nounPhrase(j+1, true)
			if claim == "" || calendarName(claim) {
				return // "moved to Thursday": a meeting moved to a day
			}
			if ts[j].lw == "from" && !knownPlace(claim) && !isCapital(claim) {
				return // "I moved from finance to the IT side": a move in work, not a home
			}
			if ts[j].lw == "from" {
				// "I moved here from Kiel": where one moved from is a home
				// left (events28.go), not where one went; "from Lagos to
				// Footscray" goes to the second.
				if end < len(ts) && ts[end].lw == "to" {
					if to, _ := r.nounPhrase(end+1, true); to != "" && (knownPlace(to) || isCapital(to)) {
						r.add(end, pred, to, Experience, confTaggedEvent)
					}
				}
				return
			}
			if ts[j].lw == "to" && (lexPlaces.has(claim) || isCapital(claim)) {
				r.add(j, "lives_in", claim, World, confTaggedEvent)
			}
			r.add(j, pred, claim, Experience, confTaggedEvent)
			return
		}
		if j < len(ts) && (ts[j].lw == "here" || ts[j].lw == "in" || ts[j].lw == "out") || j >= len(ts) {
			r.add(i, pred, "moved", Experience, confTaggedEvent-4)
		}
		return
	case "marry":
		r.add(i, pred, "married", Experience, confTaggedEvent)
		return
	case "graduate":
		claim := "graduated"
		if i+1 < len(ts) && ts[i].lw == "from" {
			if c, _ := r.nounPhrase(i+1, true); c != "" {
				claim = c
			}
		}
		r.add(i, pred, claim, Experience, confTaggedEvent)
		return
	case "lose":
		claim, _ := r.nounPhrase(i, false)
		if ws := strings.Fields(strings.ToLower(claim)); len(ws) > 0 && (ws[len(ws)-1] == "job" || ws[len(ws)-1] == "position") {
			r.add(i, "lost_job", "job", Experience, confTaggedEvent)
		}
		return
	case "sign", "apply":
		if i < len(ts) && (ts[i].lw == "with" || ts[i].lw == "to" || ts[i].lw == "for" || ts[i].lw == "up") {
			j := i + 1
			if ts[i].lw == "up" {
				if j >= len(ts) || ts[j].lw != "for" && ts[j].lw != "with" {
					return // "signed up Nike for a deal": a sponsor signed, nothing joined
				}
				j++
			}
			if claim, _ := r.nounPhrase(j, true); claim != "" {
				if ts[i].lw == "up" {
					if r.c.hasDate && r.c.date.After(day(r.c.at)) {
						return // "signed up for a workshop next month": the rulebook's sign-up and plan
					}
					pred = "joined"
				}
				r.add(j, pred, claim, Experience, confTaggedEvent)
			}
		}
		return
	}
	if i < len(ts) && (ts[i].lw == "to" || ts[i].t == "IN") {
		return // "started to feel", "began with": the rulebook's
	}
	var claim string
	if i < len(ts) && ts[i].t == "VBG" {
		return // "started painting": the rulebook reads pastimes taken up, with its refusals
	} else {
		claim, _ = r.nounPhrase(i, l == "visit" || l == "join" || l == "win" || l == "enter")
	}
	if claim == "" {
		return
	}
	if l == "visit" && !properName(claim) && !lexPlaces.has(claim) {
		return // "visited a center": a named place is an event worth keeping
	}
	ws := strings.Fields(strings.ToLower(claim))
	h := ws[len(ws)-1]
	named := isCapital(claim) // "joined Greenpeace"
	switch l {
	case "win":
		if !prizes[singular(h)] {
			return // "we won the game": a match is not a life event; a prize or a competition is
		}
	case "adopt":
		if !isPet(h) && !adoptees[h] && !named {
			return // "adopted a new approach"
		}
	case "enter":
		if !entrants[singular(h)] {
			return // "entered the room", "entered my details": only a competition entered is joined
		}
	case "join":
		if !groups[singular(h)] && !named {
			return // "joined them for dinner"
		}
	case "start", "begin":
		if h == "job" || h == "position" || h == "role" {
			pred = "started_job"
		} else if !ventures[singular(h)] && !hobbyGerund(ws[0]) {
			return // "started the car", "started a fight"
		}
	}
	if r.add(i, pred, claim, Experience, confTaggedEvent) && l == "adopt" && isPet(h) && !ambiguousPets[h] && !r.had["possession"] {
		r.c.add(r.c.speaker, "has_pet", singular(h), World, confTaggedPosses) // "just adopted a puppy": the puppy is the speaker's
	}
}

// Heads that make a life event of "won", "joined", "started" + a noun.
var (
	prizes = setOf(`tournament competition contest championship award prize trophy medal title cup race marathon
		scholarship grant fellowship lottery raffle election league pageant bet`)
	// entrants are what one enters as a contestant: "I entered a local tournament".
	entrants = setOf(`tournament competition contest championship race marathon half-marathon triathlon pageant
		raffle lottery draw league cup open slam`)
	groups = setOf(`club team group band choir league gym community organization organisation society union
		association network committee board class course program programme crew squad orchestra guild
		circle company startup firm lab staff faculty army navy church congregation council party movement
		nonprofit charity brigade troupe ensemble collective cooperative co-op`)
	ventures = setOf(`business company startup blog podcast channel class course program programme diet
		job career degree project petition charity foundation garden band shop store studio restaurant
		bakery cafe newsletter series book novel journal tradition routine hobby club group collection
		therapy treatment training apprenticeship internship residency campaign fundraiser nonprofit`)
)

var adoptees = setOf(`child children kid kids baby babies son daughter boy girl twins sibling siblings pet pets pup pups`)

// placings are wins said by rank: "won first place", "won gold".
var placings = setOf(`place gold silver bronze first second third`)

// anyWord reports whether a word of p (or its singular) is in set.
func anyWord(p string, set map[string]bool) bool {
	for _, w := range strings.Fields(strings.ToLower(p)) {
		w = strings.Trim(w, `"',.!?`)
		if set[w] || set[singular(w)] {
			return true
		}
	}
	return false
}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// possession reads "I have / own / got / bought" + a pet or an ownable.
func (r *tagged) possession(l string, v ttok, i int) {
	ts := r.toks
	if i < len(ts) && (ts[i].lw == "to" || ts[i].lw == "been") {
		return // "I have to …"
	}
	claim, end := r.nounPhrase(i, false)
	if claim == "" {
		return
	}
	ws := strings.Fields(strings.ToLower(claim))
	h := ws[len(ws)-1]
	if l == "get" && (v.t != "VBD" && v.t != "VBN") {
		return
	}
	if l == "buy" && v.t == "VBG" || l == "have" && v.t == "VBD" {
		return // "we're buying a house": not yet; "I had a dog growing up": not now
	}
	if (l == "get" || l == "buy") && strings.Contains(r.prefix(i), " not ") {
		return // "I haven't gotten a dog": nothing owned, nothing ended
	}
	if end+1 < len(ts) && ts[end].lw == "for" && forSomeone(ts[end+1:]) {
		return // "bought a console for my partner": a gift ("for my birthday", "for work" are not)
	}
	switch {
	case l == "get" && (h == "job" || h == "position") && len(ws) > 1:
		if jobAhead(r.c) {
			return // "I got my dream job at Pixar! Can't wait to start!": won, not begun (plans27.go)
		}
		r.add(i, "started_job", claim, Experience, confTaggedEvent) // "I got a temp job"
	case isPet(h) && !ambiguousPets[h]:
		// "a puppy named Ned": the name is the claim.
		if end+1 < len(ts) && (ts[end].lw == "named" || ts[end].lw == "called") && ts[end+1].t == "NNP" {
			claim = ts[end+1].w
		}
		r.add(i, "has_pet", claim, World, confTaggedPosses)
	case ownableRE.MatchString(h) || ownedThing(h):
		if l == "buy" || l == "own" || l == "get" || l == "have" && (len(ws) > 1 && (ws[0] == "my" || ws[0] == "our") || ownedThing(h) && v.t != "VBD" && v.t != "VBN" && !strings.Contains(r.prefix(i), " not ")) {
			// "I have a piano at home": an instrument or a vehicle had now
			r.add(i, "owns", claim, World, confTaggedPosses)
		}
	}
}

// forSomeone reports whether the words after "for" name a person: "my
// partner", "him", "Sam", "the kids".
func forSomeone(ts []ttok) bool {
	if len(ts) == 0 {
		return false
	}
	switch {
	case ts[0].t == "PRP" || ts[0].t == "NNP":
		return true
	case ts[0].t == "PRP$" || ts[0].t == "DT":
		for _, k := range ts[1:min(len(ts), 4)] {
			if relations[k.lw] != "" || relations[singular(k.lw)] != "" || k.lw == "family" || k.lw == "kids" {
				return true
			}
			if !k.adj() {
				break
			}
		}
	}
	return false
}

var vehicle = map[string]bool{"car": true, "truck": true, "van": true, "motorcycle": true, "scooter": true,
	"guitar": true, "piano": true, "violin": true, "drum": true, "drums": true, "keyboard": true, "camera": true,
	"console": true, "telescope": true, "kayak": true, "canoe": true, "surfboard": true, "skateboard": true,
	"rv": true, "camper": true, "jeep": true, "suv": true}

// ownedThing reports whether the noun names a thing one owns: a vehicle or
// an instrument of the hand list or of the WordNet list (owned.txt).
func ownedThing(h string) bool {
	return vehicle[h] || lexOwned.has(h) || h != singular(h) && (vehicle[singular(h)] || lexOwned.has(singular(h)))
}

// soldVerb before "my <thing>" says it is no longer the speaker's.
var soldVerb = setOf(`sold selling sell crashed totaled totalled wrecked scrapped gave giving given`)

// hobby reads "I do / am doing X": an activity (a gerund or a noun with no
// determiner) is a pastime.
func (r *tagged) hobby(i int) {
	ts := r.toks
	if i+2 < len(ts) && (ts[i].lw == "a" && ts[i+1].lw == "lot" && ts[i+2].lw == "of" || ts[i].lw == "lots" && ts[i+1].lw == "of") {
		i += 3 // "I've been doing a lot of yoga"
		if ts[i-3].lw == "lots" {
			i--
		}
	} else if i+1 < len(ts) && (ts[i].lw == "more" || ts[i].lw == "some") && ts[i+1].noun() {
		i++ // "doing more yoga"
	}
	if i >= len(ts) || ts[i].t == "DT" || ts[i].t == "PRP$" || ts[i].t == "PRP" || ts[i].adv() || ts[i].adj() && (i+1 >= len(ts) || !ts[i+1].noun()) {
		return // "doing great", "doing the dishes", "doing it"
	}
	for _, it := range r.items(i, false) {
		ws := strings.Fields(strings.ToLower(it.claim))
		if len(ws) == 0 || len(ws) > 5 {
			continue
		}
		h := ws[len(ws)-1]
		if r.toks[it.at].t == "VBG" {
			h = ws[0] // "running with my neighbours"
		} else if len(ws) > 3 {
			continue
		}
		if !(hobbyGerund(h) || activity[h] || strings.HasSuffix(h, "ing") && len(h) > 5 && !vague[h]) {
			continue
		}
		r.add(it.at, "likes", it.claim, World, confTaggedPref)
	}
}

// activity are pastimes said as nouns ("I do yoga", "I'm doing kickboxing").
var activity = map[string]bool{"yoga": true, "pilates": true, "karate": true, "judo": true, "taekwondo": true,
	"crossfit": true, "kickboxing": true, "boxing": true, "ballet": true, "meditation": true, "tai": true,
	"chi": true, "parkour": true, "archery": true, "fencing": true, "gymnastics": true, "zumba": true,
	"triathlon": true, "triathlons": true, "marathons": true, "pottery": true, "ceramics": true, "origami": true,
	"photography": true, "calligraphy": true, "woodworking": true, "gardening": true, "improv": true,
	"theater": true, "theatre": true, "jiu-jitsu": true, "aikido": true, "rowing": true, "sailing": true}

// gerundSubject reads a pastime said as the subject: "Writing has always
// been a passion of mine", "Working on cars really helps me relax",
// "Painting landscapes is my favorite".
func (r *tagged) gerundSubject(i int) bool {
	ts := r.toks
	r.inSubject = true
	its := r.items(i, false)
	r.inSubject = false
	if len(its) == 0 || its[0].claim == "" {
		return false
	}
	// the end of the list: the first token after the last item's words
	end := its[len(its)-1].at + 1
	for end < len(ts) && !ts[end].verb() && !isContractedIs(ts, end) {
		end++
	}
	if end >= len(ts) || ts[end].t == "VBG" || ts[end].t == "MD" || ts[end].lw == "was" || ts[end].lw == "were" {
		return false // "Acting was my first passion": a liking of the past
	}
	j := end
	if isContractedIs(ts, end) {
		j++ // "Painting's a fun way to unwind": the tagger reads a possessive
	}
	for j < len(ts) && (ts[j].adv() || auxWord[ts[j].lw] || ts[j].lw == "has" || ts[j].lw == "have" || ts[j].lw == "been") {
		j++
	}
	rest := " " + r.prefix(len(ts))[len(r.prefix(j)):]
	loose := false
	switch {
	case praiseRE.MatchString(rest):
	case wayToRE.MatchString(rest) && mineRE.MatchString(rest):
		// "Painting's a fun way to express my feelings", not advice ("Yoga
		// is a great way to relax, you should try it")
	case helpsMeRE.MatchString(rest):
		loose = true // "Photography helps me see the world": only of a pastime
	default:
		return false
	}
	denied := false
	for _, k := range ts[its[len(its)-1].at+1 : j] {
		if k.lw == "not" || k.lw == "n't" || k.lw == "never" || k.lw == "no" {
			denied = true // "Horror movies aren't my thing"
		}
	}
	if denied && (loose || !denialRE.MatchString(rest)) {
		return false // "Running never helps me relax": no liking, and no dislike said
	}
	added := false
	for _, it := range its {
		if denied {
			r.add(it.at, "dislikes", it.claim, World, confTaggedPref)
			added = true
			continue
		}
		if (ts[i].t != "VBG" || loose) && !pastimeObject(strings.ToLower(it.claim)) {
			continue // "Xanax has been so good for me", "Therapy helps me …": only a pastime named by a noun
		}
		r.add(it.at, "likes", it.claim, World, confTaggedPref)
		added = true
	}
	return added
}

// lostLoveRE: words before "my love for" that take the love away.
var lostLoveRE = regexp.MustCompile(`\b(?:lost|lose|losing|loses|gave\s+up|give\s+up|giving\s+up|killed|ruined|kill|ruin|no|not|never|n't|without|outgrew|outgrown|doubt|doubting|question|questioning)\s+(?:\w+\s+)?$`)

// isContractedIs reports whether ts[i] is an "'s" that stands for "is" or
// "has" ("Painting's a fun way", "Nature's always been my haven"): one
// followed by a determiner, an adverb, "been" or "my", not by a noun as a
// possessive is ("Painting's history").
func isContractedIs(ts []ttok, i int) bool {
	if i+1 >= len(ts) || ts[i].lw != "'s" {
		return false
	}
	n := ts[i+1]
	return n.t == "DT" || n.adv() || n.lw == "been" || n.lw == "my" || n.lw == "our"
}

// denialRE: a praise that, denied, is a dislike ("Horror movies aren't my
// thing", "Camping is not my cup of tea").
var denialRE = regexp.MustCompile(`^\s*(?:really\s+|exactly\s+|quite\s+)?(?:my|our)\s+(?:thing|jam|cup\s+of\s+tea|favorite|favourite|scene|style|vibe)\b`)

// wayToRE: a pastime said to be a way to unwind; said of oneself only
// when the clause says "me" or "my" (mineRE).
var wayToRE = regexp.MustCompile(`^\s*(?:a|an)\s+(?:(?:fun|great|good|nice|perfect|wonderful|awesome|amazing|healthy|relaxing|creative|fantastic|cool|lovely)\s+){1,2}way\s+(?:for\s+me\s+)?to\s+(?:relax|unwind|de-stress|destress|decompress|express|escape|recharge|get\s+creative|blow\s+off\s+steam|clear|stay\s+(?:active|fit|sane|calm|grounded|healthy|positive)|chill)\b`)

var mineRE = regexp.MustCompile(`\b(?:me|my|myself)\b`)

// helpsMeRE: a pastime that helps the speaker do anything ("Photography
// helps me capture the moment"); read only of a pastime by its name, as
// "Talking to you helps me think" says no liking.
var helpsMeRE = regexp.MustCompile(`^\s*(?:has\s+)?(?:helps?|helped|has\s+helped|keeps|kept)\s+me\s+[a-z]`)

// praiseRE follows a pastime that the speaker says is theirs.
var praiseRE = regexp.MustCompile(`^\s*(?:(?:a|one)\s+(?:(?:big|huge|real|true|great|long-time|lifelong)\s+)?(?:passion|love|hobby|favorite|favourite)s?\s+of\s+mine|(?:my|a|an)\s+(?:(?:big|biggest|first|true|real|greatest|new|main|favorite|favourite|total|real|awesome|amazing|great|wonderful|perfect|ultimate|personal|own|little|creative|constant)\s+){0,2}(?:passion|hobby|favorite|favourite|thing|jam|escape|outlet|therapy|happy\s+place|lifesaver|life\s+saver|game\s+changer|game-changer|stress\s+relief|stress\s+reliever|haven|sanctuary|refuge|safe\s+(?:place|space)|getaway|zen|sanity|source\s+of\s+(?:joy|peace|comfort|happiness|calm|strength))|(?:calms|relaxes|soothes|grounds|energizes|energises|centers|centres)\s+me|(?:calm|relax|soothe)\s+me\s+down|fuels\s+my\s+(?:creativity|soul|passion|spirit)|brings?\s+me\s+(?:so\s+much\s+|such\s+|a\s+lot\s+of\s+)?(?:joy|peace|happiness|comfort|calm)|makes?\s+me\s+(?:so\s+|really\s+)?(?:happy|feel\s+(?:alive|free|calm|good|at\s+peace))|helps?\s+me\s+(?:relax|unwind|de-stress|destress|decompress|cope|recharge|escape|express\s+myself|get\s+through|clear\s+my\s+(?:head|mind)|feel\s+(?:better|alive|calm|relaxed|grounded|at\s+peace)|stay\s+(?:sane|calm|grounded|positive|focused|motivated|healthy|balanced|present))|(?:(?:has\s+been|is|'s)\s+)?(?:so\s+|really\s+|super\s+)?(?:good|great|amazing|healing|therapeutic)\s+for\s+(?:me|my\s+(?:mental\s+health|soul|mind|headspace|wellbeing|well-being))|helping\s+me\s+(?:relax|unwind|de-stress|destress|cope|recharge))\b`)

// mentions reads the speaker's pets and possessions named with "my"/"our"
// anywhere in the clause: "spending time with my pets", "took my pups to
// the park", "my new Prius".
func (r *tagged) mentions() {
	ts := r.toks
	for i := 0; i+1 < len(ts); i++ {
		if ts[i].lw != "my" && ts[i].lw != "our" {
			continue
		}
		j := i + 1
		for j < len(ts) && (ts[j].adj() || ts[j].lw == "new" || ts[j].lw == "little" || ts[j].lw == "old") && !isPet(ts[j].lw) {
			j++
		}
		if j >= len(ts) || !ts[j].noun() {
			continue
		}
		// the noun run
		e := j
		for e < len(ts) && ts[e].noun() && ts[e].t != "NNP" {
			e++
		}
		if e == j {
			if ts[j].t == "NNP" && ts[j-1].lw == "new" && !petNotOwned[ts[max(i-1, 0)].lw] {
				// "my new Prius", "our new Vespa": a thing just got, named by
				// its make or model. Not "my new Instagram post" (a common
				// noun follows) or a place; a person comes after a word
				// ("my new boss Sarah"), not straight after "my new".
				k := j
				for k < len(ts) && ts[k].t == "NNP" && k-j < 3 {
					k++
				}
				n := r.span(j, k)
				first := strings.TrimSuffix(ts[j].lw, ".")
				if !(k < len(ts) && ts[k].noun()) && strings.ToUpper(n) != n && len(n) > 2 && !lexPlaces.has(n) && !lexNationalities.has(n) &&
					!notMakes[first] && !(lexNames.has(ts[j].w) && k < len(ts) && personVerb[ts[k].lw]) {
					// Not an account ("my new Instagram"), a title ("my new
					// Dr. Patel") or a person ("my new Sarah said"; the
					// names lexicon holds makes too: Tesla, Prius).
					r.mention = true
					r.add(i, "owns", n, World, confTaggedPosses)
					r.mention = false
				}
			}
			continue
		}
		h := ts[e-1].lw
		if (h == "passion" || h == "love" || h == "loves") && e+1 < len(ts) && (ts[e].lw == "for" || ts[e].lw == "of") && ts[i].lw == "my" {
			// "a reminder of my passion for music", "my love of hiking".
			// The possessive says the love is there whatever the clause
			// does with it ("I wanted to blend my love for dance and
			// fashion"), unless the clause takes it away ("I lost my love
			// for running").
			if lostLoveRE.MatchString(r.prefix(i)) {
				continue
			}
			hedged := !r.c.mode(r.prefix(i))
			r.c.neg, r.c.fore = false, false
			for _, it := range r.items(e+1, false) {
				pre := ""
				if hedged {
					r.eagerPrefix = &pre // a hedge or a plan before "my love": the love is still stated
				}
				r.add(e+1, "likes", it.claim, World, confTaggedPref)
				r.eagerPrefix = nil
			}
			continue
		}
		if e < len(ts) && ts[e].lw == "'s" {
			continue // "my dog's bed" still says a dog, but the rulebook reads "my dog"
		}
		if ownedThing(h) && e-i == 2 && !(e < len(ts) && ts[e].noun()) && !petNotOwned[ts[max(i-1, 0)].lw] && !soldVerb[ts[max(i-1, 0)].lw] &&
			!(ts[max(i-1, 0)].lw == "away" && soldVerb[ts[max(i-2, 0)].lw]) &&
			!compoundHeads[ts[min(e, len(ts)-1)].lw] && !ownableRE.MatchString(h) {
			// "my guitar", "our kayak": an instrument or a vehicle said as
			// one's own (the rulebook reads "my car", "my bike").
			r.mention = true
			r.add(i, "owns", h, World, confTaggedPosses)
			r.mention = false
			continue
		}
		if (ownableRE.MatchString(h) || ownedThing(h)) && e-i > 2 && !(e < len(ts) && ts[e].noun()) && !petNotOwned[ts[max(i-1, 0)].lw] {
			// "my awesome music studio", "our little vegetable garden": the
			// rulebook reads "my (one word) studio"; the tags read longer ones.
			mods := r.toks[i+1 : e-1]
			ok := !dwellings[h] && !frequented[h]
			for _, k := range mods {
				if notOwned[k.lw] || frequentedAdj[k.lw] || k.lw == "old" || k.lw == "dream" || kinGenitive(k.lw) {
					ok = false
				}
				if k.lw == "own" && wantRE.MatchString(r.prefix(i)) {
					ok = false // "I want to run my own bakery": a plan, no bakery yet
				}
			}
			if ok {
				var ws []string
				for _, k := range mods {
					if k.noun() {
						ws = append(ws, k.lw) // the compound, without the praise: "music studio"
					}
				}
				r.mention = true
				r.add(i, "owns", strings.Join(append(ws, h), " "), World, confTaggedPosses)
				r.mention = false
			}
			continue
		}
		if (isPet(h) || h == "pets" || h == "pups" || h == "pup") && !ambiguousPets[h] && !petNotOwned[ts[max(i-1, 0)].lw] && !pastPet[ts[j-1].lw] && !pastPet[ts[j].lw] {
			claim := r.span(j, e)
			if e < len(ts) && ts[e].t == "NNP" {
				claim = ts[e].w // "my dog Max"
			}
			r.mention = true
			r.add(i, "has_pet", claim, World, confTaggedPosses)
			r.mention = false
		}
	}
}

// petNotOwned are words before "my <pet>" that do not say the pet is the
// speaker's ("like my dog" in a comparison is still one; "lost my dog" is
// read by the rulebook as ended).
// pastPet: "my childhood dog", "my late cat" are not pets the speaker has.
var pastPet = map[string]bool{"childhood": true, "late": true, "old": true, "former": true, "first": true,
	"previous": true, "neighbor's": true, "friend's": true}

// Missed or remembered ("I miss my dog", "I remember my first car") is not
// had now either: missVerbs are added in init.
var petNotOwned = map[string]bool{"lost": true, "miss": true, "missed": true}

func init() {
	for w := range missVerbs {
		petNotOwned[w] = true
	}
}

// A pet shown in a shared photo: "This is Max!" with a caption that shows a
// dog. The caption alone says nothing kept (a photo of a dog may be anyone's
// dog), and neither does "This is Max" alone; together the speaker is
// introducing their pet by name.
var (
	introRE      = regexp.MustCompile(`(?:^|[.!?]\s+|,\s+)(?i:this\s+is|meet|here's|here\s+is|say\s+hi\s+to|say\s+hello\s+to)\s+(\p{Lu}\p{Ll}{1,15})\b`)
	captionTexts = regexp.MustCompile(`\[shares? a photo:([^\]]*)\]`)
)

func photoPets(text, speaker string, at time.Time, seen map[string]bool) []Fact {
	caps := captionTexts.FindAllStringSubmatch(text, -1)
	if len(caps) == 0 || !taggerOn {
		return nil
	}
	pet := ""
	for _, c := range caps {
		for _, w := range strings.Fields(strings.ToLower(c[1])) {
			if w = strings.Trim(w, ".,;:"); isPet(w) && !ambiguousPets[w] {
				pet = singular(w)
			}
		}
	}
	if pet == "" {
		return nil
	}
	var out []Fact
	body := clean(text)
	for _, m := range introRE.FindAllStringSubmatch(body, -1) {
		n := m[1]
		if lexPlaces.has(n) || lexNationalities.has(n) || relations[strings.ToLower(n)] != "" || pronoun[strings.ToLower(n)] ||
			introNot[strings.ToLower(n)] || seen[memhive.Canon(speaker)+"\x00"+memhive.Canon(n)] {
			continue
		}
		c := newClause(m[0], speaker, at)
		c.add(speaker, "has_pet", n, World, confTaggedPosses)
		for _, f := range c.facts {
			f.Entities = append(f.Entities, Entity{Name: n, Kind: "animal"})
			out = append(out, f, Fact{Subject: n, Predicate: "is_a", Claim: pet, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confTaggedPosses, Speaker: speaker,
				Entities: []Entity{{Name: n, Kind: "animal"}}})
		}
	}
	return out
}

// introNot are capitalised words after "this is" that are no pet's name.
var introNot = setOf(`the my our this that it what how why when where who so such just me us one another
	amazing awesome great cool crazy huge insane incredible`)

// notMakes are capitalised words after "my new" that name no thing owned:
// platforms and apps, and titles before a person's name.
var notMakes = setOf(`instagram tiktok youtube facebook twitter x snapchat linkedin spotify netflix whatsapp discord reddit twitch
	pinterest insta ig fb tumblr threads bluesky hulu venmo tinder bumble hinge uber lyft airbnb
	dr doctor mr mrs ms miss prof professor pastor rev father sister brother coach`)

// personVerb after a name says a person: "my new Sarah said".
var personVerb = setOf(`who said says told tells called calls texted texts thinks thought asked asks wants wanted knows knew smiled laughed`)

// goIntoFields are lines of work one goes into (besides fields).
var goIntoFields = setOf(`nursing teaching medicine law engineering finance banking marketing tech technology accounting politics
	journalism research academia science education healthcare business sales design consulting advertising publishing
	film acting music art fashion real estate insurance retail hospitality tourism cooking catering social therapy
	counseling counselling psychology pharmacy dentistry architecture programming coding software it ministry
	nonprofit non-profit government policy public service military police firefighting construction farming
	agriculture fitness coaching modeling modelling writing photography animation gaming veterinary`)

// fieldOfWork reports whether p names a line of work: "nursing", "non-profit
// work", "software engineering", "the medical field".
func fieldOfWork(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 {
		return false
	}
	h := ws[len(ws)-1]
	if fields[h] || goIntoFields[h] || isOccupation(p) || h == "work" && len(ws) > 1 || h == "field" || h == "industry" || h == "sector" || h == "profession" {
		return true
	}
	return false
}
