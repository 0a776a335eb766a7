package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Plans of casual chat the earlier passes left (session 31, from the plan
// misses of the LoCoMo dev draws and locomo_more.jsonl). Cases in
// plans31_test.go. Tried: money saved for a thing or a purpose as its
// plan ("saving for a new gpu", "I'm saving to open my own empanada
// place"): read sets +3/+3, kept back +2/+1, dropped.

// plans31 adds the speaker's plans the earlier passes left.
func plans31(text, speaker string, at time.Time, out []Fact) []Fact {
	body := clean(text)
	out = planListTail31(body, speaker, out)
	sents := sentences(body)
	out = tryIt31(sents, speaker, at, out)
	out = seekTo31(sents, speaker, at, out)
	out = wishVerb31(sents, speaker, at, out)
	out = dateLead31(sents, text, speaker, at, out)
	out = lookInto31(sents, speaker, at, out)
	out = visitThere31(sents, speaker, at, out)
	return out
}

// A list of plans said in one frame, whose first item a rule read and
// whose later items it left because their verb is not on its list ("I've
// always wanted to learn auto engineering and work on building a custom
// car", "Can't wait to try the food and check out the culture", "I'm
// looking forward to exploring the city, trying out some delicious food,
// and visiting the popular attractions"): every item is a plan, as the
// labelled sets write them. An item is read only right after a plan read
// from the same words (so the frame's checks — negation, question, a
// condition, another's subject — were made for the first), only when it
// opens with a verb of the first item's form, and not when it says
// nothing to keep ("… and see what happens", "… and have fun"; genericPlan).

// listNextRE: what joins the next item of a list to the one before (group
// 1 the next item's first word).
var listNextRE = regexp.MustCompile(`^(?:\s*,\s*(?:and\s+|or\s+|then\s+|and\s+then\s+|plus\s+)?|\s+(?:and|or)\s+(?:then\s+|also\s+|maybe\s+|perhaps\s+)?)(?:(?:even|maybe|perhaps|also|eventually|finally|hopefully)\s+)?([a-z][a-z'-]*)\b`)

// itemEndRE: where a list's item ends: the next comma or "and", or the
// clause's end.
var itemEndRE = regexp.MustCompile(`(?i)\s*,|\s+(?:and|or)\s+|\s+-\s|\s*[.!?;:()\[\]—–]|$`)

func planListTail31(src, speaker string, out []Fact) []Fact {
	low := lowerASCII(src) // indexes src
	n := len(out)
	for i := 0; i < n; i++ {
		f := out[i]
		if f.Subject != speaker || f.Predicate != "plans" || f.Kind != Foresight || f.Polarity != Positive {
			continue
		}
		j := strings.Index(low, lowerASCII(f.Claim))
		if j < 0 {
			continue
		}
		gerund := isGerund(strings.ToLower(strings.Fields(f.Claim)[0]))
		pos := j + len(f.Claim)
		for range 4 {
			m := listNextRE.FindStringSubmatchIndex(src[pos:])
			if m == nil {
				break
			}
			start := pos + m[2]
			end := start + itemEndRE.FindStringIndex(src[start:])[0]
			item := strings.TrimSpace(src[start:end])
			if !listVerb31(item, gerund) {
				break
			}
			p := trimRefTail(trimPurpose(cut(item)))
			pos = end
			if p == "" || badObject(p) || genericPlan(p) || len(strings.Fields(p)) > 8 || planHeld31(out, speaker, p) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "plans", Claim: p, Kind: Foresight, Polarity: Positive,
				ValidFrom: f.ValidFrom, Confidence: confPlan - 6, Speaker: speaker})
		}
	}
	return out
}

// listVerb31 reports whether a list's item opens with a verb of the form
// the first item had: a gerund after a gerund ("exploring …, trying …"),
// a base form otherwise, and a verb one plans with (planVerbs, listVerbs,
// listVerbs31; hobbyVerbs only as gerunds). An item about someone said
// before by a pronoun ("… and supporting their mental health", "… and
// express themselves") is an aim for them, not a plan of one's own.
func listVerb31(item string, gerund bool) bool {
	ws := strings.Fields(strings.ToLower(item))
	if len(ws) < 2 {
		return false
	}
	for _, w := range ws[1:] {
		if otherWho31[strings.Trim(w, `"',.!`)] {
			return false
		}
	}
	v := ws[0]
	if gerund {
		b, ok := gerundBase(v)
		return ok && (planVerbs[b] || hobbyVerbs[b] || listVerbs[b] || listVerbs31[b])
	}
	// a pastime's verb in its base form is as often its noun: "try out jazz
	// and film scores" lists what is tried
	return planVerbs[v] || listVerbs[v] || listVerbs31[v]
}

// listVerbs31 are verbs of a plan's list besides those of the plan lists
// ("work on building a custom car", "put a roof over kids", "collaborate
// with musicians").
var listVerbs31 = setOf(`work put provide collaborate`)

// otherWho31 are the pronouns that make an item someone else's.
var otherWho31 = setOf(`them themselves their they him himself her herself us it`)

// addPlan31 adds the speaker's plan p, or the trip it is ("a trip to
// Japan" is travels_to Japan, as the labelled sets write it).
func addPlan31(out []Fact, speaker, p string, at time.Time) []Fact {
	pred := "plans"
	if m := tripToRE.FindStringSubmatch(p); m != nil && knownPlace(m[1]) {
		pred, p = "travels_to", m[1]
		if planHeld31(out, speaker, p) {
			return out
		}
	}
	return append(out, Fact{Subject: speaker, Predicate: pred, Claim: p, Kind: Foresight, Polarity: Positive,
		ValidFrom: at, Confidence: confPlan - 6, Speaker: speaker})
}

// planHeld31 reports whether the speaker already has a plan or a trip
// whose words hold p's, or p holds theirs.
func planHeld31(out []Fact, speaker, p string) bool {
	lp := " " + strings.ToLower(p) + " "
	for _, f := range out {
		if f.Subject != speaker || f.Predicate != "plans" && f.Predicate != "travels_to" {
			continue
		}
		lc := " " + strings.ToLower(f.Claim) + " "
		if strings.Contains(lp, lc) || strings.Contains(lc, lp) {
			return true
		}
	}
	return false
}

// An activity named and then wished for as "it" ("Ooh, skiing looks like
// a blast! I'd love to try it", "Is yoga on the beach a thing? I've been
// wanting to try it", "Kayaking sounds awesome! … I'm definitely
// considering giving it a try"): the wish is to try the activity named, as
// draw 8 labels "Trying new classes sounds like a fun way … I should give
// it a go!" (a bare "I'd love to try it" names nothing and gives none). The
// activity is a gerund or a pastime's noun opening the same sentence or
// one of the two before, said to look or sound good, or asked about as "a
// thing"; the wish is the speaker's, not negated ("I'd never try it" does
// not match) and not under a condition.

// activityLeadRE: an activity opening a sentence (group 1).
var activityLeadRE = regexp.MustCompile(`(?i)^(?:(?:ooh+|oh+|wow|omg|yeah|yes|hey|hmm+|aw+|ah+|haha|cool|nice)[,!.\s]+)*(?:is\s+)?([a-z][a-z'-]*(?:\s+(?:on|in|at|with|by)\s+(?:the\s+|a\s+)?[a-z'-]+)?)\s+(?:looks|sounds|seems|is|must\s+be|a\s+thing\b)`)

// tryItRE: the wish to try "it".
var tryItRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|i'd|i'm|i've|im|ive)\s+|^(?:(?:been|always)\s+)+)(?:(?:really|definitely|also|totally|always|so|been)\s+)*(?:'d\s+|would\s+)?(?:love\s+to|like\s+to|want\s+to|wanna|wanting\s+to|gonna|going\s+to|should|keen\s+to|eager\s+to|dying\s+to|considering|thinking\s+(?:of|about))\s+(?:try(?:ing)?\s+(?:it|that|this)|giv(?:e|ing)\s+(?:it|that|this)\s+a\s+(?:go|try|shot|whirl))\b`)

// tryCondRE: a condition or a doubt before the wish.
var tryCondRE = regexp.MustCompile(`(?i)\b(?:if|unless|when|once|never|not|n't)\b|n't\b`)

func tryIt31(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for i, s := range sents {
		loc := tryItRE.FindStringIndex(s)
		if loc == nil || strings.HasSuffix(strings.TrimSpace(s), "?") || tryCondRE.MatchString(s[:loc[0]]) {
			continue
		}
		act := activity31(s[:loc[0]])
		for k := i - 1; act == "" && k >= 0 && k >= i-2; k-- {
			act = activity31(sents[k]) // "Kayaking sounds awesome! Haven't tried it yet, … I'm considering giving it a try"
		}
		if act == "" {
			continue
		}
		p := "try " + act
		if planHeld31(out, speaker, act) {
			continue
		}
		out = addPlan31(out, speaker, p, at)
	}
	return out
}

// activity31 is the activity a sentence opens with, in lower case, or "".
func activity31(s string) string {
	m := activityLeadRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	a := strings.ToLower(m[1])
	w := strings.Fields(a)[0]
	if !isGerund(w) && !pastimeNouns[w] || vagueThing[w] {
		return ""
	}
	return a
}

// Something sought in order to do a thing ("I'm still searching for a
// place to open my dance studio", "I've been looking for a doggo to
// adopt") is the plan of doing it, as draws 8 and 11 label it: the
// purpose when what is sought is a place for it ("open my dance studio"),
// the thing with its verb otherwise ("adopt a doggo"). Sought "on the
// lookout" or "on the hunt" ("I'm still on the lookout for the perfect
// furry friend") is the plan of finding it, unless one always is ("I'm
// always on the lookout for new reads" is a taste, draw 11). A place
// sought with no purpose ("on the hunt for the ideal spot for my studio")
// is not labelled.

// seekToRE: group 1 what is sought, group 2 the verb of the purpose,
// group 3 the rest of the purpose.
var seekToRE = regexp.MustCompile(`(?i)(?:^|\b(?:i'?m|i\s+am|i'?ve\s+been|im|ive\s+been|we'?re|we\s+are|we'?ve\s+been)\s+)(?:(?:still|currently|now|also|actively|busy|really)\s+)*(?:looking|searching|hunting)\s+(?:around\s+)?for\s+(?:a|an|the|some)\s+((?:[a-z'-]+\s+){0,2}?[a-z'-]+)\s+to\s+([a-z]+)\b([^.!?;,()\[\]—–]*)`)

// lookoutRE: group 1 what is sought.
var lookoutRE = regexp.MustCompile(`(?i)(?:^|\b(?:i'?m|i\s+am|im|we'?re|we\s+are)\s+)(?:(?:still|currently|now|officially|actively|also)\s+)*on\s+the\s+(?:lookout|hunt|search)\s+for\s+(.+)`)

// seekPlace are the places sought for a purpose.
var seekPlace = setOf(`place spot space location venue site building premises unit property room`)

// seekNotPlan are the things sought whose purpose says no plan ("a way to
// relax", "an excuse to go").
var seekNotPlan = setOf(`way ways reason excuse chance opportunity time moment hobby something anything someone somebody`)

func seekTo31(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	add := func(p string) {
		if p == "" || badObject(p) || genericPlan(p) || len(strings.Fields(p)) > 8 || planHeld31(out, speaker, p) {
			return
		}
		out = addPlan31(out, speaker, p, at)
	}
	for s := range statements(sents) {
		if m := seekToRE.FindStringSubmatch(s); m != nil && !tryCondRE.MatchString(s[:strings.Index(s, m[0])]) {
			ws := strings.Fields(strings.ToLower(m[1]))
			head, verb, rest := ws[len(ws)-1], strings.ToLower(m[2]), strings.TrimSpace(cut(m[3]))
			switch {
			case seekNotPlan[head] || !planVerbs[verb] || verb == "be":
			case seekPlace[head]:
				if rest != "" {
					add(verb + " " + rest) // "a place to open my dance studio"
				}
			case rest == "":
				add(verb + " " + withArticle31(m[1])) // "a doggo to adopt"
			}
		}
		if m := lookoutRE.FindStringSubmatch(s); m != nil && !strings.Contains(strings.ToLower(s), "always") {
			i := strings.Index(s, m[0])
			if tryCondRE.MatchString(s[:i]) {
				continue
			}
			o := object(strings.TrimRight(m[1], ".!;: "))
			if o == "" || seekPlace[headOf(o)] {
				continue
			}
			det := strings.Fields(strings.ToLower(strings.TrimSpace(m[1])))[0]
			if det == "a" || det == "an" || det == "the" {
				o = det + " " + o // "the perfect furry friend"
			}
			add("find " + o)
		}
	}
	return out
}

// withArticle31 is a noun with "a" or "an" before it.
func withArticle31(n string) string {
	if strings.ContainsRune("aeiouAEIOU", rune(n[0])) {
		return "an " + n
	}
	return "a " + n
}

// A wish said with a verb the wish rule (rulebook.go) does not take
// without a date, because alone it is no plan: "I want to work in Vienna
// one day", "I'd love to explore some of the local trails", "Can't wait to
// experience the music scene there", "one day i want to see the northern
// lights". Each is kept only with an object that names something
// ("explore it", "work in the future" give none), and "see" only in a
// wish proper ("I want", "I always wanted") and with a thing named by
// "the" ("can't wait to see you", "want to see if he plays", "see their
// happy faces" give none). "do" was tried ("I want to do a masters
// abroad"): read sets +3/+3, kept back +3/+2, dropped.

// wishVerbRE: group 1 the frame, group 2 the verb, group 3 its object.
var wishVerbRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|we|i'm|i am|im|we're|we are)\s*)(?:(?:really|also|still|just|always|so|super|totally|definitely)\s+)*((?:'ve|have)?\s*(?:always\s+)?(?:want\s+to|wanted\s+to|wanna|'d\s+love\s+to|would\s+love\s+to|'d\s+like\s+to|would\s+like\s+to|hope\s+to|dream\s+of|dreaming\s+of|dreamed\s+of|looking\s+forward\s+to|excited\s+to|stoked\s+to|eager\s+to|keen\s+to|can'?t\s+wait\s+to|cannot\s+wait\s+to))\s+(work\s+(?:in|at|with|as|for)|working\s+(?:in|at|with|as|for)|explore|exploring|experience|experiencing|see|seeing)\s+([^.!?;]+)`)

// seeFrameRE: the frames of a wish proper, which alone take "see", and
// only after "I" or "we" ("Would love to see the view from the top!" asks
// for the listener's pictures).
var seeFrameRE = regexp.MustCompile(`(?i)(?:want\s+to|wanted\s+to|wanna|dream\s+of|dreaming\s+of|dreamed\s+of)$`)

// hereNowRE: the speaker is where the sight is already ("While I'm here in
// Rome, I want to see the Colosseum"): a sight on a visit, no plan.
var hereNowRE = regexp.MustCompile(`(?i)\b(?:while|here|now)\b`)

// wishLeadNotRE: a negation, a condition or a past wish before the frame.
var wishLeadNotRE = regexp.MustCompile(`(?i)\b(?:if|unless|never|not|don't|dont|didn't|won't|wouldn't|no)\b|n't\b`)

// wishTailRE: words ending a wish's object that are no part of it.
var wishTailRE = regexp.MustCompile(`(?i)(?:\s+(?:there|here|over\s+there|maybe|perhaps|too|as\s+well))+\s*$`)

// timeObj31 are the heads of a time said after "in", no object.
var timeObj31 = setOf(`future past meantime moment end while`)

// wishObjNot are the words that make an object the listener's or no thing
// ("do what you love", "see how it goes").
var wishObjNot = setOf(`you your u ur what how if whether where who`)

// seeNot are the words that make a thing seen no wish of a plan: a
// result, a work of another's, a picture.
var seeNot = setOf(`result results outcome outcomes impact difference progress look looks face faces smile smiles
	pictures picture photos photo pics pic video vid vids videos final end rest way point light`)

func wishVerb31(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		for _, m := range wishVerbRE.FindAllStringSubmatchIndex(s, -1) {
			frame, verb, rest := strings.ToLower(s[m[2]:m[3]]), strings.ToLower(s[m[4]:m[5]]), s[m[6]:m[7]]
			lead := clauseHead30(s[:m[0]])
			if wishLeadNotRE.MatchString(lead+" "+s[m[0]:m[2]]) ||
				strings.Contains(frame, "wanted") && !strings.Contains(strings.ToLower(s[m[0]:m[3]]), "always") {
				continue // "I don't want to …", "if I want to …", "I wanted to make the place look like my own style"
			}
			see := strings.HasPrefix(verb, "see")
			raw := wishTailRE.ReplaceAllString(cut(rest), "") // "the music scene there", "a masters abroad maybe"
			o := object(raw)
			if o == "" || len(strings.Fields(o)) > 8 {
				continue
			}
			lo := strings.ToLower(o)
			if hasWord31(lo, otherWho31) || hasWord31(lo, wishObjNot) || timeObj31[headOf(lo)] {
				continue // "work in the future"
			}
			p := strings.TrimSpace(s[m[4]:m[5]]) + " " + strings.TrimSpace(raw)
			if see {
				if s[m[0]:m[2]] == "" || hereNowRE.MatchString(s[:m[0]]) || !seeFrameRE.MatchString(strings.TrimSpace(frame)) || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(rest)), "the ") ||
					hasWord31(lo, seeNot) {
					continue
				}
			} else if genericPlan(p) || badObject(o) {
				continue
			}
			if planHeld31(out, speaker, o) {
				continue
			}
			out = addPlan31(out, speaker, p, at)
		}
	}
	return out
}

// hasWord31 reports whether a word of s is in set, as written: not
// anyWord (tagged.go), which takes a plural for its singular ("the
// northern lights" is no "light").
func hasWord31(s string, set map[string]bool) bool {
	for _, w := range strings.Fields(s) {
		if set[strings.Trim(w, `"',.!`)] {
			return true
		}
	}
	return false
}

// A plan whose date opens the sentence before a comma ("Starting
// tomorrow, I will go to the gym and exercise regularly", "Next week,
// I'll start the pottery course", "On Saturday we're gonna paint the
// fence"): the clause rules read "I will …" as a plan only with its date,
// and the comma cut the date off into a clause of its own. The sentence is
// read again with the date put after the plan ("I will go to the gym …
// tomorrow"), and the plans it gives are kept. Only a date ahead, and
// only a will, gonna, going to or planning to after it.

// dateLeadRE31: group 1 the date, group 2 the plan's clause.
var dateLeadRE31 = regexp.MustCompile(`(?i)^(?:(?:so|and|ok|okay|well|also|anyway|yeah|yes)[,\s]+)*(?:(?:starting|from|beginning)\s+)?([^,]{3,30}?)\s*,\s*((?:i|we)(?:'ll|\s+will|'m\s+(?:gonna|going\s+to|planning\s+to)|\s+am\s+(?:gonna|going\s+to|planning\s+to)|'re\s+(?:gonna|going\s+to|planning\s+to)|\s+are\s+(?:gonna|going\s+to|planning\s+to))\s+.+)$`)

func dateLead31(sents []string, text, speaker string, at time.Time, out []Fact) []Fact {
	for _, s := range sents {
		s = strings.TrimRight(strings.TrimSpace(s), ".!;: ")
		m := dateLeadRE31.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		date, rest, ok := findDate(m[1], at)
		if !ok || strings.TrimSpace(rest) != "" || !date.After(day(at)) {
			continue
		}
		moved := m[2] + " " + m[1]
		for _, cl := range clauses(moved) {
			c := newClause(cl, speaker, at)
			c.sent, c.turn = moved, text
			c.run()
			for _, f := range c.facts {
				if f.Subject == speaker && f.Kind == Foresight && (f.Predicate == "plans" || f.Predicate == "travels_to") && !planHeld31(out, speaker, f.Claim) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// A career or a course of study looked into ("Lately, I've been looking
// into counseling and mental health as a career", "I'm still looking into
// counseling and mental health jobs", "I've been looking into some
// opportunities in the tech industry") is a plan, as draw 4 took "looking
// into … non-profit work". Only what names a way of working or studying
// (a job, a career, options, opportunities, a programme, a course) or is
// said "as a career": "I've been looking into local politics" and "I'll
// look into it" give none, nor does a look into the past ("I looked into
// it").

// lookIntoRE: group 1 what is looked into.
var lookIntoRE = regexp.MustCompile(`(?i)(?:^|\b(?:i'?m|i\s+am|im|i'?ve\s+been|ive\s+been|we'?re|we\s+are|we'?ve\s+been|i|we)\s+)(?:(?:still|also|currently|now|really|seriously|actively|been|started|begun|began)\s+)*looking\s+into\s+([^.!?;]+)`)

// careerHeads name a way of working or studying.
var careerHeads = setOf(`job jobs career careers option options opportunity opportunities role roles position positions
	program programs programme programmes course courses degree degrees school schools college colleges university
	universities internship internships apprenticeship apprenticeships scholarship scholarships`)

// asCareerRE: the field said as a career (group 1).
var asCareerRE = regexp.MustCompile(`(?i)^(.+?)\s+as\s+a\s+(?:career|job|profession)\b`)

// forWhileRE: how long one has looked, after what is looked into.
var forWhileRE = regexp.MustCompile(`(?i)\s+for\s+(?:a\s+(?:while|bit|long\s+time)|ages|some\s+time|months|weeks|years)(?:\s+now)?\s*$`)

// careerPreps end the noun of what is looked into ("opportunities in the
// tech industry").
var careerPreps = setOf(`in at for with near abroad around across of`)

func lookInto31(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sents) {
		m := lookIntoRE.FindStringSubmatchIndex(s)
		if m == nil || wishLeadNotRE.MatchString(clauseHead30(s[:m[0]])) {
			continue
		}
		rest := forWhileRE.ReplaceAllString(s[m[2]:m[3]], "")
		var p string
		if cm := asCareerRE.FindStringSubmatch(rest); cm != nil {
			p = phrase(cm[1]) // "counseling and mental health as a career"
		} else {
			p = phrase(rest)
			ws := strings.Fields(strings.ToLower(p))
			k := 0
			for k < len(ws) && !careerPreps[ws[k]] {
				k++
			}
			if k == 0 || !careerHeads[strings.Trim(ws[k-1], `"',.!`)] {
				continue
			}
		}
		if p == "" || badObject(p) || len(strings.Fields(p)) > 8 || planHeld31(out, speaker, p) {
			continue
		}
		out = addPlan31(out, speaker, p, at)
	}
	return out
}

// A trip wished to a place the turn named before, said without the place
// ("Oh, Italy! I always dreamed of visiting there", "Adding NYC to my
// travel list … Can't wait to visit!", "I hear the parks are amazing.
// Can't wait to visit next month" of Boston, "Italy is definitely on my
// list of places to visit"): travels_to the place, as draws 6–11 label it.
// The place is the one known place the turn names before the wish (none,
// or two, give nothing: "there" alone is not labelled); the wish is the
// speaker's, not a question, a condition or a negation.

// visitWishRE: a wish to visit said without its place.
var visitWishRE = regexp.MustCompile(`(?i)(?:\b(?:can'?t|cannot)\s+wait\s+to\s+(?:visit|go)|\b(?:dream(?:ed|t|ing)?\s+of|(?:want|wanted|love|like|hope|hoping)\s+to)\s+(?:visit(?:ing)?|go(?:ing)?)(?:\s+there)?|\b(?:adding|add|added|put|putting)\s+(?:it|that|this\s+place|the\s+place)\s+(?:to|on)\s+my\s+(?:travel\s+|bucket\s+)?list)\s*(?:[.!]|$|someday|one\s+day|soon|next\s+\w+|this\s+\w+|sometime)`)

// listPlaceRE: a place put on one's list (group 1 before "on my list",
// group 2 after "adding").
var listPlaceRE = regexp.MustCompile(`(?:^|[.!,]\s*)(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})(?i:\s+is\s+(?:definitely\s+|also\s+|totally\s+|high\s+)?on\s+my\s+(?:travel\s+|bucket\s+)?list)|(?i:\b(?:adding|added|add|putting|put))\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})(?i:\s+(?:to|on)\s+my\s+(?:travel\s+|bucket\s+)?list)`)

// listAvoidRE: the list is of places to keep away from ("Peru is on my
// list of places to avoid").
var listAvoidRE = regexp.MustCompile(`(?i)\b(?:avoid|skip|never|worst|hate)\b`)

// namedPlaceRE: a capitalised run that may be a place.
var namedPlaceRE = regexp.MustCompile(`\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2}`)

func visitThere31(sents []string, speaker string, at time.Time, out []Fact) []Fact {
	add := func(p string) {
		if p == "" || planHeld31(out, speaker, p) {
			return
		}
		for _, f := range out {
			if f.Subject == speaker && (f.Predicate == "visited" || f.Predicate == "lives_in" || f.Predicate == "from") && strings.EqualFold(f.Claim, p) {
				return // a place been to or lived in
			}
		}
		out = append(out, Fact{Subject: speaker, Predicate: "travels_to", Claim: p, Kind: Foresight, Polarity: Positive,
			ValidFrom: at, Confidence: confPlan - 6, Speaker: speaker})
	}
	var places []string // the known places named so far
	for _, s := range sents {
		s = strings.TrimSpace(s)
		question := strings.HasSuffix(s, "?")
		if m := listPlaceRE.FindStringSubmatch(s); m != nil && !question && !wishLeadNotRE.MatchString(s) && !listAvoidRE.MatchString(s) {
			p := m[1] + m[2]
			if knownPlace(p) {
				add(p)
			}
		}
		loc := visitWishRE.FindStringIndex(s)
		if loc != nil && !question && !condRE.MatchString(s) && !wishLeadNotRE.MatchString(s[:loc[0]]) && len(places) == 1 {
			add(places[0])
		}
		for _, n := range namedPlaceRE.FindAllString(s, -1) {
			ln := strings.ToLower(n)
			if len(n) > 2 && !stopCap30[ln] && !lowAmbiguous30[ln] && knownPlace(n) && !lexNames.has(n) && !slices.Contains(places, n) {
				places = append(places, n)
			}
		}
	}
	return out
}
