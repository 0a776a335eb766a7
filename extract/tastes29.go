package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Tastes of session 29, from the misses of the `likes` family on
// locomo_more.jsonl, synthetic rounds 1–2 and the outside read sets: a
// liking said by naming one's favourite inside a sentence ("my favourite
// game called Apex Legends", "our favorite game, CS:GO", "my favorite
// CS:GO game"), one taken up by a pronoun after
// the thing was named ("Sushi is delicious! I love them!", "Contemporary
// dance is so expressive - it really speaks to me"), and a few verbs of
// liking the clause rules do not read ("I will always love reading",
// "Those moments make me love basketball"). Each group is a function over
// the turn's sentences; tastes29 runs them after the clause rules and
// before tasteFilter28, which drops jests and the like from what they add.
// Cases in tastes29_test.go.

// taste29Groups are the groups of rules in the order they run, each the
// likings it reads in a turn's sentences: a favourite named with its kind,
// a liking by pronoun, by verb, kept up, after "which", kinds enjoyed, a
// pastime that hooked the speaker, and tastes as texting says them.
var taste29Groups = []func(sents []string) []string{
	favKindLikes, pronounLikes, verbLikes, ongoingLikes, whichLikes, kindLikes, hookedLikes, chatTastes,
}

// dislikeMark opens a claim a group reads as a dislike.
const dislikeMark = "\x00-"

// tastes29Need: words one of which a turn must hold for any group to read
// it (a cheap test: "like", "love" and "been" let about two turns in five
// through).
var tastes29Need = []string{"fav", "love", "fan", "speak", "without", "all about", "part of", "been", "playing", "enjoy", "like", "obsess", "hooked", "addicted", "into", "big on", " guy", " man", " girl", " lad", "giving up", "abide", "bear", "agree with me"}

// tastes29 is the speaker's likings the groups read in text that the
// facts so far (have) do not already hold.
func tastes29(text, speaker string, at time.Time, have []Fact) []Fact {
	lt := strings.ToLower(text)
	if !slices.ContainsFunc(tastes29Need, func(w string) bool { return strings.Contains(lt, w) }) {
		return nil
	}
	sents := trimmedSentences(text)
	var out []Fact
	for _, read := range taste29Groups {
		for _, p := range read(sents) {
			out = addMarkedTaste(p, speaker, at, have, out)
		}
	}
	return out
}

// claimOverlap reports whether one claim holds the other's words (in
// lower case): "fantasy novels" and "novels".
func claimOverlap(a, b string) bool {
	a, b = " "+strings.ToLower(a)+" ", " "+strings.ToLower(b)+" "
	return strings.Contains(a, b) || strings.Contains(b, a)
}

// favKind29 are the kinds of thing a favourite is named by that name a
// title after them.
const favKind29 = `(?:game|band|show|series|movie|film|book|novel|song|album|team|club|podcast|anime|manga|artist|singer|author|writer|brand|restaurant|cafe|café|bar)`

var (
	// favCalledRE: "my favourite game called Apex Legends", "our favorite
	// game, CS:GO" (group 1 the title's start).
	favCalledRE = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:(?:all-time|absolute|very|new|current|old)\s+)?(?:favou?rite|fave?)\s+(?:[a-z-]+\s+)?` + favKind29 + `s?(?:\s+ever|\s+of\s+all\s+time)?(?:\s*[,:]\s*|\s+(?:called|named|titled)\s+))((?:["“'‘]?)\p{Lu}.*)`)
	// favTitleKindRE: "my favorite CS:GO game", "our favourite Pixar
	// movie" (group 1 the title); a work, not a venue ("my favourite
	// Lisbon bar" names a place).
	favTitleKindRE = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:(?:all-time|absolute|very)\s+)?(?:favou?rite|fave?))\s+(\p{Lu}[\p{L}\d:'’.-]*(?:\s+\p{Lu}[\p{L}\d:'’.-]*){0,3})\s+(?i:(?:game|show|series|movie|film|book|novel|song|album|podcast|anime|manga|character)s?)\b`)
)

// notTitle: capitalised words after "my favourite" that name no work:
// holidays, days, a people.
var notTitle = setOf(`christmas halloween easter thanksgiving sunday monday tuesday wednesday thursday friday saturday summer
	winter i`)

// favKindLikes reads favourites named inside a sentence. "a shelf filled
// with my favorite fantasy novels" (a genre of works called one's
// favourite) was tried and dropped: on the kept-back synthetic set it
// added one fact, a wrong one.
func favKindLikes(sents []string) []string {
	var out []string
	for _, s := range sents {
		if !strings.Contains(strings.ToLower(s), "fav") || strings.HasSuffix(strings.TrimSpace(s), "?") {
			continue
		}
		if m := favCalledRE.FindStringSubmatch(s); m != nil {
			if t := titleRun(m[1]); t != "" && !notTitle[strings.ToLower(strings.Fields(t)[0])] && !nameAlone(t) && !personWord(t) && !(len(strings.Fields(t)) == 1 && praisedLead[strings.ToLower(t)]) {
				out = append(out, t) // not "It's my favourite film, Sam!" (whom the turn speaks to)
			}
		}
		if m := favTitleKindRE.FindStringSubmatch(s); m != nil {
			t := titleRun(m[1])
			if t != "" && !notTitle[strings.ToLower(strings.Fields(t)[0])] && !nameAlone(t) && !lexNationalities.has(t) && !lexPlaces.has(t) && !lexCities.has(t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// titleRun is the title s starts with: a quoted run, or capitalised
// words (with "of", "the", "and" between them and a number or a colon
// inside: "Call of Duty", "CS:GO", "Cyberpunk 2077"); "" when none.
func titleRun(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if q := strings.IndexAny(s[:1], `"'`); q == 0 || strings.HasPrefix(s, "“") || strings.HasPrefix(s, "‘") {
		r, size := []rune(s)[0], len(string([]rune(s)[0]))
		closeQ := map[rune]string{'"': `"`, '\'': `'`, '“': `”`, '‘': `’`}[r]
		if j := strings.Index(s[size:], closeQ); j > 0 && j < 60 {
			return strings.TrimSpace(s[size : size+j])
		}
		s = s[size:]
	}
	ws := strings.Fields(s)
	var keep []string
	for i, w := range ws {
		w = strings.TrimRight(w, ",.!?;)\"”’")
		r := []rune(w)
		if len(r) == 0 {
			break
		}
		if unicode.IsUpper(r[0]) || unicode.IsDigit(r[0]) && i > 0 {
			keep = append(keep, w)
			if w != ws[i] {
				break // "CS:GO." ends the run
			}
			continue
		}
		if (w == "of" || w == "the" || w == "and" || w == "&") && i+1 < len(ws) && len(keep) > 0 {
			if n := []rune(ws[i+1]); len(n) > 0 && unicode.IsUpper(n[0]) {
				keep = append(keep, w)
				continue
			}
		}
		break
	}
	if len(keep) == 0 || len(keep) > 5 {
		return ""
	}
	return strings.Join(keep, " ")
}

// The pronoun group: a liking said of "it"/"them" just after the thing
// was named as the subject of praise: "Sushi is delicious! I love them!",
// "Nature's awesome! I'm a huge fan of it", "Contemporary dance is so
// expressive and graceful - it really speaks to me", "Dance is just me --
// I can't picture life without it", "Definitely Star Wars! It's my
// favorite". The thing is a bare noun phrase (a kind, not "the weather",
// "your cake" or "this place") or a title said alone.
var (
	// pronounLikeRE: the liking of "it"/"them" that opens a clause.
	pronounLikeRE = regexp.MustCompile(`(?i)^(?:(?:and|oh|honestly|yeah|yes|haha|so|but|plus|seriously|tbh|man|lol)[,!\s]+)*(?:i\s+(?:(?:really|absolutely|just|totally|seriously|truly|do|still|will\s+always)\s+)*(?:love|adore)\s+(?:it|them)\b|i'?m\s+(?:(?:also|really|such|definitely|totally)\s+)*(?:an?\s+)?(?:(?:huge|big|massive|total|real|true)\s+)*fan(?:\s+of\s+(?:it|them)\b|\s*[.!]*$)|(?:it'?s|it\s+is)\s+(?:(?:definitely|still|probably|easily|also)\s+)*my\s+(?:(?:all-time|absolute|very)\s+)?(?:favou?rite|fave)\b|(?:it|they)\s+(?:(?:really|truly|just|always)\s+)*speaks?\s+to\s+me\b|(?:i\s+)?(?:just\s+)?(?:can't|cannot|couldn't)\s+(?:picture|imagine)\s+(?:my\s+)?life\s+without\s+(?:it|them)\b)`)
	// praisedRE: a bare noun phrase praised (group 1): "Sushi is
	// delicious", "nature's awesome", "Dance is just me".
	praisedRE = regexp.MustCompile(`(?i)^(?:(?:yeah|yes|yess+|yep|oh|wow|honestly|definitely|and|but|so|haha|omg|ah|man|lol)[,!\s]+)*([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,2}?)(?:\s+(?:is|are)|['’]s|['’]re)\s+(?:(?:so|really|just|absolutely|truly|super|pretty|such|always|honestly|the|totally|seriously)\s+)*(?:an?\s+)?(?:delicious|awesome|amazing|great|wonderful|beautiful|incredible|fantastic|the\s+best|best|fun|brilliant|underrated|gorgeous|lovely|magical|tasty|yummy|expressive|graceful|relaxing|calming|me|life|everything|my\s+jam|so\s+good|unreal|epic|cool|peaceful|soothing)\b`)
	// titleAloneRE: a title said alone: "Definitely Star Wars!".
	titleAloneRE = regexp.MustCompile(`^(?i:(?:definitely|oh|yes|yeah|probably|easily|totally|hmm|well)[,\s]+)?["“]?(\p{Lu}[\p{L}\d:'’-]*(?:\s+(?:of|the|and|\p{Lu}[\p{L}\d:'’-]*)){0,4})["”]?\s*[!.]+$`)
	// itTheyLeadRE: a clause that goes on about the thing just named.
	itTheyLeadRE = regexp.MustCompile(`(?i)^(?:they|it|these|those)\b`)
	// clauseSplitRE: a dash between clauses.
	clauseSplitRE = regexp.MustCompile(`\s+(?:-+|–|—)\s+|\s*—\s*`)
)

// praisedLead: words that open no bare noun phrase: determiners, the
// listener's or another's, pronouns.
var praisedLead = setOf(`the a an this that these those your ur his her their its my our it he she they we you i there here what which
	who everything everyone everybody something someone life today tonight yesterday tomorrow weather work it's that's he's she's
	food time`)

// pronounLikes reads likings of "it"/"them" named just before.
func pronounLikes(sents []string) []string {
	var clauses []string
	for _, s := range sents {
		for _, c := range clauseSplitRE.Split(strings.TrimSpace(s), -1) {
			if c = strings.TrimSpace(c); c != "" {
				clauses = append(clauses, c)
			}
		}
	}
	var out []string
	for i := 1; i < len(clauses); i++ {
		if !pronounLikeRE.MatchString(clauses[i]) {
			continue
		}
		prev := clauses[i-1]
		if i > 1 && itTheyLeadRE.MatchString(prev) && !praisedRE.MatchString(prev) {
			prev = clauses[i-2] // "Animals are great! They bring so much joy. Can't imagine life without them!"
		}
		if strings.HasSuffix(prev, "?") {
			continue
		}
		if m := praisedRE.FindStringSubmatch(prev); m != nil {
			p := strings.TrimSpace(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if praisedLead[ws[0]] || notTaste[ws[len(ws)-1]] || personWord(p) || lexNames.has(strings.Fields(p)[0]) || negRE.MatchString(prev) {
				continue
			}
			out = append(out, p)
			continue
		}
		if m := titleAloneRE.FindStringSubmatch(prev); m != nil {
			t := m[1]
			if ws := strings.Fields(t); len(ws) >= 2 && !lexNames.has(ws[0]) && !praisedLead[strings.ToLower(ws[0])] {
				out = append(out, t) // "Definitely Star Wars!": one word alone is as often a cheer ("Awesome!")
			}
		}
	}
	return out
}

// The verbs group: "I will always love reading", "Those moments make me
// love basketball so much", "I'm all about these desserts", "Writing's
// such a huge part of me now", "mindfulness is a huge part of my life".
var (
	alwaysLoveRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:will|'ll|’ll)\s+(?:always|forever)\s+(?:love|adore|enjoy)\s+(.+)`)
	makeLoveRE   = regexp.MustCompile(`(?i)\b(?:makes?|made)\s+me\s+(?:(?:really|truly|even|just)\s+)?(?:love|adore)\s+(.+)`)
	allAboutRE   = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im)\s+(?:(?:so|totally|really|just|definitely)\s+)*all\s+about\s+(.+)`)
	partOfMeRE   = regexp.MustCompile(`(?i)(?:^|,\s*(?:and|but|so)\s+)(?:(?:and|but|so|now|honestly|yeah|plus)[,\s]+)*([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,2}?)(?:\s+(?:is|has\s+become|has\s+been)|['’]s(?:\s+become|\s+been)?)\s+(?:(?:really|truly|such|just|now|always|become|been|definitely)\s+)*(?:a|an)\s+(?:(?:huge|big|massive|major|important|key|real|core|central)\s+)+part\s+of\s+(?:me|my\s+life|who\s+i\s+am|my\s+identity|my\s+days?|my\s+routine)\b`)
)

// theOneRE: "the" and one word: a thing said elsewhere.
var theOneRE = regexp.MustCompile(`(?i)^the\s+[\p{L}-]+(?:\s+(?:so\s+much|even\s+more|more))?$`)

// theseRE: "these"/"those" before a plural shown.
var theseRE = regexp.MustCompile(`(?i)^(?:these|those)\s+`)

// practice29: practices kept up like pastimes that tastePastime does not
// know ("mindfulness is a huge part of my life"); a state ("Anxiety is a
// big part of my life") is none.
var practice29 = setOf(`mindfulness meditation yoga pilates prayer journaling`)

// regret29RE: a word that says a part of one's life is not wanted.
var regret29RE = regexp.MustCompile(`(?i)\b(?:unfortunately|sadly|regrettably|too\s+much|whether\s+i\s+like\s+it)\b`)

// verbLikes reads the likings of the verbs group.
func verbLikes(sents []string) []string {
	var out []string
	for _, s := range sents {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") {
			continue
		}
		for _, re := range []*regexp.Regexp{alwaysLoveRE, makeLoveRE, allAboutRE} {
			m := re.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			if i := strings.Index(s, m[0]); i > 0 && negRE.MatchString(s[:i]) && re != alwaysLoveRE {
				continue
			}
			o := strings.TrimRight(strings.TrimSpace(m[1]), ".!")
			if re == makeLoveRE && theOneRE.MatchString(o) {
				continue // "These experiences make me love the game": which game was said elsewhere
			}
			if re == allAboutRE {
				o = theseRE.ReplaceAllString(o, "") // "I'm all about these desserts": the desserts shown
			}
			for _, p := range tasteList(cut(object(o))) {
				out = append(out, p)
			}
		}
		if m := partOfMeRE.FindStringSubmatch(s); m != nil {
			p := strings.TrimSpace(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if (tastePastime(p) || practice29[ws[len(ws)-1]]) && !praisedLead[ws[0]] && !notTaste[ws[len(ws)-1]] && !personWord(p) && !negRE.MatchString(s) && !regret29RE.MatchString(s) {
				out = append(out, p)
			}
		}
	}
	return out
}

// The ongoing group: a pastime said as going on ("Been running longer
// since our last chat", "I've been painting to keep busy") and a game one
// is playing, named ("I'm currently playing AC Valhalla", "I've been
// playing a game nonstop … called "Cyberpunk 2077"").
var (
	// beenDoingRE: "Been running a lot", "I've been painting to keep
	// busy" (group 1 the gerund, group 2 what follows).
	beenDoingRE = regexp.MustCompile(`(?i)(?:^(?:(?:and|so|also|yeah|yep|lately|honestly|plus|recently)[,\s]+)*|\b(?:i've|i\s+have|ive)\s+)been\s+(?:(?:really|also|still|mostly|just)\s+)*([a-z]+ing)\b(.*)`)
	// beenTailRE: what may follow the gerund: how much, since when, what
	// for (no object: "been cooking dinner", "been writing about …").
	beenTailRE = regexp.MustCompile(`(?i)^(?:\s*$|\s*[-–—,.!;]|\s+(?:a\s+lot|lately|recently|more|longer|again|nonstop|non-stop|every|since|loads|heaps|like\s+crazy|a\s+ton|to\s+(?:keep\s+busy|relax|unwind|de-?stress|clear\s+my\s+(?:head|mind)|stay\s+(?:sane|fit|busy|active))|and\s+(?:it's|it\s+has|i\s+love)|on\s+(?:weekends|the\s+weekends))\b)`)
	// playingTitleRE: "I'm currently playing …", "I've been playing a game
	// … called …" (group 1 where the title starts).
	playingTitleRE = regexp.MustCompile(`(?i:\b(?:i've\s+been|i\s+have\s+been|i'm|i\s+am|im|been)\s+(?:(?:currently|also|really|still|now|mostly|just|actually)\s+)*playing\s+(?:(?:a|this|the|that)\s+(?:new\s+|great\s+|cool\s+)?(?:game|rpg)\b[^.!?]{0,80}?\b(?:called|named)\s+)?)(["“]?\p{Lu}.*)`)
)

// notOngoing: gerunds of "I've been …" that say a spell of something, no
// pastime: a trip, a course, a chore.
var notOngoing = setOf(`travelling traveling teaching learning practicing practising training building exploring collecting
	volunteering mentoring coaching programming filming streaming playing working studying trying`)

// ongoingLikes reads pastimes said as going on and games being played.
func ongoingLikes(sents []string) []string {
	var out []string
	for _, s := range sents {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || negRE.MatchString(s) {
			continue
		}
		if m := beenDoingRE.FindStringSubmatch(s); m != nil {
			g := strings.ToLower(m[1])
			if hobbyGerund(g) && !notOngoing[g] && beenTailRE.MatchString(m[2]) {
				out = append(out, g)
			}
		}
		if m := playingTitleRE.FindStringSubmatch(s); m != nil {
			if t := titleRun(m[1]); t != "" && !notTitle[strings.ToLower(strings.Fields(t)[0])] && !nameAlone(t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// nameAlone reports whether a title is a person's first name alone ("I'm
// playing Jake in the school play").
func nameAlone(t string) bool {
	ws := strings.Fields(t)
	return len(ws) == 1 && lexNames.has(ws[0])
}

// The which group: a liking said in a relative clause after the thing:
// "a lot of Ukrainian church choirs, which I actually love", "I do most of
// the kids' cleanings now, which I love because they're honest". The
// thing is the words before the comma back to "of", "and", a comma or
// the clause's verb.
var (
	whichLoveRE = regexp.MustCompile(`(?i),\s+which\s+(?:i|we)\s+(?:(?:actually|really|absolutely|totally|just|genuinely|secretly|still|do)\s+)*(?:love|adore|enjoy)\b`)
	// whichCutRE: where the thing before ", which I love" starts.
	whichCutRE = regexp.MustCompile(`(?i)^.*(?:[,;:]|\s(?:of|and|but|or|with|do|did|make|made|play|played|watch|watched|eat|read|listen\s+to|like|love|into|about|for|is|are|was|were|i|we|mostly|mainly|especially))\s+`)
	// whichTailRE: a time word after the thing.
	whichTailRE = regexp.MustCompile(`(?i)\s+(?:now|these\s+days|lately|recently|too|as\s+well|mostly|anyway)$`)
)

// whichLikes reads "X, which I love".
func whichLikes(sents []string) []string {
	var out []string
	for _, s := range sents {
		loc := whichLoveRE.FindStringIndex(s)
		if loc == nil || strings.HasSuffix(strings.TrimSpace(s), "?") {
			continue
		}
		before := whichTailRE.ReplaceAllString(strings.TrimSpace(s[:loc[0]]), "")
		p := whichCutRE.ReplaceAllString(before, "")
		p = strings.TrimSpace(articleRE.ReplaceAllString(p, ""))
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) == 0 || len(ws) > 4 || praisedLead[ws[0]] || quantWord[ws[0]] || pronoun[ws[len(ws)-1]] || notTaste[ws[len(ws)-1]] || personWord(p) || nameAlone(p) || negRE.MatchString(p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// The kinds group: things named, then called the kind of thing one
// enjoys: "Skiing, snowboarding, and ice skating are all fun winter
// activities I enjoy", "Epic fantasy series are what I enjoy reading", an
// obsession ("I have an unhealthy obsession with choughs", "been obsessed
// w reef fish since I was 6").
var (
	kindsIEnjoyRE = regexp.MustCompile(`(?i)^(?:(?:and|but|so|honestly|yeah|well|also)[,\s]+)*((?:[\p{L}'-]+[\s,]+){0,8}?[\p{L}'-]+)\s+(?:are|is)\s+(?:(?:all|both|some|definitely|really|just|also)\s+)*(?:of\s+)?(?:the\s+|my\s+)?(?:[\p{L}-]+\s+){0,3}?(?:activities|things|hobbies|sports|games|pastimes|foods|dishes|genres|stuff|ways)\s+(?:that\s+)?(?:i|we)\s+(?:(?:really|truly|most|also|absolutely|always)\s+)*(?:enjoy|love|like|adore)\b`)
	whatIEnjoyRE  = regexp.MustCompile(`(?i)^(?:(?:and|but|so|honestly|yeah|well|also)[,\s]+)*([\p{L}'-]+(?:\s+[\p{L}'-]+){0,3}?)(?:\s+with\s+[^,.!?]{1,80}?)?\s+(?:are|is)\s+(?:(?:exactly|just|really|definitely)\s+)*what\s+(?:i|we)\s+(?:(?:really|truly|most|also|absolutely|always)\s+)*(?:enjoy|love|like|adore)(?:\s+(?:reading|watching|doing|playing|eating|listening\s+to|most))?\s*(?:[.!,;]|$)`)
	obsessionRE   = regexp.MustCompile(`(?i)(?:\b(?:i|we)\s+(?:have|got|'ve\s+got)\s+(?:an?\s+)?(?:(?:slight|little|huge|big|real|unhealthy|serious|total|new|weird|mild)\s+)*obsession\s+(?:with|for)|(?:^|\bi've\s+|\bive\s+|\bi\s+have\s+)been\s+(?:(?:so|totally|kinda|slightly|a\s+bit|really)\s+)*obsessed\s+(?:with|w/?))\s+(.+)`)
)

// kindLikes reads the kinds group.
func kindLikes(sents []string) []string {
	var out []string
	for _, s := range sents {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || negRE.MatchString(s) {
			continue
		}
		for _, re := range []*regexp.Regexp{kindsIEnjoyRE, whatIEnjoyRE} {
			if m := re.FindStringSubmatch(s); m != nil {
				out = append(out, tasteList(m[1])...)
			}
		}
		if m := obsessionRE.FindStringSubmatch(s); m != nil {
			o := strings.TrimSpace(obsessionTailRE.ReplaceAllString(m[1], ""))
			out = append(out, tasteList(cut(object(o)))...)
		}
	}
	return out
}

// obsessionTailRE: since when an obsession has lasted.
var obsessionTailRE = regexp.MustCompile(`(?i)\s+(?:since|for|all)\b.*$`)

// splitPlurals29 parts a liking of two plurals ("gardens and hot
// springs", "dinosaurs and trains") into two, as praise.go's
// splitLikedPair parts the pairs it knows; not a binomial ("arts and
// crafts"), a title (capitalised) or a pair the turn already gives.
func splitPlurals29(out []Fact) []Fact {
	if !slices.ContainsFunc(out, func(f Fact) bool { return strings.Contains(f.Claim, " and ") }) {
		return out
	}
	var add []Fact
	for i, f := range out {
		if f.Predicate != "likes" && f.Predicate != "dislikes" || strings.Count(f.Claim, " and ") != 1 || strings.ContainsAny(f.Claim, ",&\"") || hasUpper(f.Claim) || inBinomial(strings.ToLower(f.Claim)) {
			continue
		}
		l, r, _ := strings.Cut(f.Claim, " and ")
		lw, rw := strings.Fields(l), strings.Fields(r)
		if len(lw) == 0 || len(rw) == 0 || len(lw) > 3 || len(rw) > 3 || isGerund(lw[0]) || !plural29(lw[len(lw)-1]) || !plural29(rw[len(rw)-1]) || slices.Contains(lw, "of") || slices.Contains(rw, "of") {
			continue
		}
		out[i].Claim = l
		g := f
		g.Claim = r
		add = append(add, g)
	}
	return append(out, add...)
}

// plural29 reports whether w looks like a plain plural noun.
func plural29(w string) bool {
	w = strings.ToLower(w)
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !strings.HasSuffix(w, "'s")
}

// The hooked group: a pastime taken up or kept up, then, a sentence or a
// clause later, said to have caught the speaker: "I started running last
// August, after my doctor told me to. Now I'm hooked", "Got into birds
// during lockdown … Now I'm hooked", "I've been leading the sustainability
// team since June and I actually love it".
var (
	// tasteTakenUpRE: what was taken up (group 1, cut at hookStopRE).
	tasteTakenUpRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|only|really)\s+)*(?:started|began|took\s+up|taken\s+up|picked\s+up|got\s+into|gotten\s+into|been)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4})`)
	// hookStopRE: where the pastime's words end.
	hookStopRE = regexp.MustCompile(`(?i)\s+(?:since|for|last|in|during|after|before|when|at|with|a\s+few|a\s+couple|this|that|ago|now|again|about|and|but|because|so|recently|lately|over|every|on|around|back)\b.*$`)
	// caughtRE: the speaker caught by it: "Now I'm hooked", "and I
	// actually love it", "loving it".
	caughtRE = regexp.MustCompile(`(?i)(?:^|\b(?:and|but|now|so)\s+|[,–—-]\s*)(?:(?:now|honestly)[,\s]+)?(?:(?:i'm|i\s+am|im)\s+(?:(?:totally|completely|so|really|already|slightly|a\s+bit|kinda|now|properly)\s+)*(?:hooked|obsessed|addicted)\s*(?:[.!,;]|$)|i\s+(?:(?:actually|really|absolutely|just|totally|kinda|honestly|do)\s+)*love\s+it\b|(?:i'm\s+)?(?:really\s+|totally\s+)?loving\s+it\b)`)
)

// notHooked: gerunds of a spell of something, no pastime.
var notHooked = setOf(`being having doing getting going trying working studying thinking feeling looking waiting wondering
	hoping planning meaning wanting dealing struggling using taking making`)

// bareStart29: what is taken up that says no pastime on its own.
var bareStart29 = setOf(`lessons classes class courses course sessions things stuff meds medication treatment therapy work school
	college uni university jobs`)

// hookedLikes reads a pastime taken up and then said to have caught the
// speaker, in the same sentence or the next one.
func hookedLikes(sents []string) []string {
	var out []string
	for i, s := range sents {
		loc := caughtRE.FindStringIndex(s)
		if loc == nil || negRE.MatchString(s[loc[0]:loc[1]]) {
			continue
		}
		src := strings.TrimSpace(s[:loc[0]])
		if src == "" && i > 0 {
			src = strings.TrimSpace(sents[i-1])
		}
		if strings.HasSuffix(strings.TrimSpace(src), "?") {
			continue
		}
		m := tasteTakenUpRE.FindStringSubmatch(src)
		if m == nil {
			continue
		}
		p := strings.TrimSpace(hookStopRE.ReplaceAllString(m[1], ""))
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) == 0 || pronoun[ws[0]] || deictic[ws[0]] || quantWord[ws[0]] || auxVerb[ws[0]] || notTaste[ws[len(ws)-1]] || personWord(p) {
			continue
		}
		if len(ws) == 1 && bareStart29[ws[0]] {
			continue // "I started lessons … but I love it": lessons of what was said elsewhere
		}
		if g := ws[0]; isGerund(g) {
			if notHooked[g] || notOngoing[g] && g != "playing" && g != "learning" {
				continue
			}
		} else if !tastePastime(p) && !plural29(ws[len(ws)-1]) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// The chat group: tastes said the way chat says them: "i got really into
// bouldering", "We're both big on food", "I been a Braves man since …",
// "I'm not giving up Pilsner", "kinda love teaching", "The new moon jars
// mostly. I've been obsessed with them", "a place with nopal tacos that
// even i like", and dislikes: "I can't abide flying", "No lentils please,
// they don't agree with me", "Dairy doesn't agree with me".
var (
	gotIntoRE      = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:'ve\s+|have\s+)?(?:got|gotten|am\s+getting|'m\s+getting)\s+(?:(?:really|so|super|very|properly|seriously|totally|quite|more|heavily|pretty|deep|way)\s+)+into\s+(.+)`)
	bigOnRE        = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:both|all|really|so|pretty|very|super|also|just|quite)\s+)*big\s+on\s+(.+)`)
	kindManRE      = regexp.MustCompile(`(?:^|\b(?i:i'm|i\s+am|im|i\s+been|i've\s+been|i\s+have\s+been|i\s+was\s+always|i've\s+always\s+been)\s+)(?i:(?:also|really|still|just|totally|definitely|always|such|basically)\s+)*(?i:an?)\s+((?:\p{Lu}[\p{L}'-]*\s+){1,2})(?i:man|guy|girl|gal|woman|boy|lad|lass)\b`)
	notGivingRE    = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im)\s+(?:(?:just|simply|absolutely|definitely)\s+)?not\s+giving\s+up\s+(.+)`)
	hedgedLoveRE   = regexp.MustCompile(`(?i)^(?:(?:honestly|tbh|ngl|lowkey|low-key|kinda|kind\s+of|really|actually|totally|secretly|weirdly|also)[?!,.\s]+)+(?:love|adore|enjoy)\s+(.+)`)
	abideRE        = regexp.MustCompile(`(?i)\bi\s+(?:(?:just|really|honestly|simply|still)\s+)?(?:can't|cannot|can\s+not)\s+(?:abide|bear)\s+(.+)`)
	agreeRE        = regexp.MustCompile(`(?i)^(?:(?:and|but|also|oh|plus)[,\s]+)*(?:(?:no|not|and\s+no)\s+)?([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,2}?)(?:\s+please)?(?:,?\s+(?:they|it))?\s+(?:don't|doesn't|do\s+not|does\s+not|never)\s+(?:really\s+)?agrees?\s+with\s+me\b`)
	thatILikeRE    = regexp.MustCompile(`(?i)\s+that\s+(?:(?:even|actually|really|genuinely)\s+)*(?:i|we)\s+(?:(?:actually|really|genuinely|do)\s+)*(?:like|love|enjoy)\s*(?:[.!,;]|$)`)
	obsessedPronRE = regexp.MustCompile(`(?i)^(?:(?:and|honestly|yeah|so)[,\s]+)*(?:i've\s+been|i'm|i\s+am|im|been)\s+(?:(?:so|totally|kinda|a\s+bit|slightly|really|low-?key)\s+)*obsessed\s+with\s+them\b`)
	fragmentRE     = regexp.MustCompile(`(?i)^(?:(?:the|my|some|these|those)\s+)?([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}?)(?:\s+(?:mostly|especially|definitely|too|lol|haha))?\s*[.!]*$`)
)

// notBigOn: values, not tastes, one is "big on".
var notBigOn = setOf(`idea ideas details detail rules manners honesty punctuality safety privacy respect communication consistency
	planning it that this them family`)

// notFragment: words that open no thing named alone.
var notFragment = setOf(`thanks thank congrats congratulations cheers yes no yeah yep nope wow aw aww omg haha lol ok okay sure
	same totally definitely absolutely exactly hi hey hello bye`)

// chatTastes reads the chat group.
func chatTastes(sents []string) []string {
	var out []string
	for i, s := range sents {
		if strings.HasSuffix(s, "?") {
			continue
		}
		for _, re := range []*regexp.Regexp{gotIntoRE, bigOnRE, notGivingRE, hedgedLoveRE} {
			m := re.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			o := strings.TrimSpace(strings.TrimRight(symbolCut(m[1]), ".!?,;: "))
			if re == notGivingRE && strings.HasPrefix(strings.ToLower(o), "on ") {
				continue // "I'm not giving up on my dream": a resolve, no taste
			}
			if re != notGivingRE {
				if k := strings.Index(s, m[0]); k > 0 && negRE.MatchString(s[:k]) {
					continue
				}
			}
			for _, p := range tasteList(cut(object(chat29TailRE.ReplaceAllString(o, "")))) {
				if ws := strings.Fields(strings.ToLower(p)); re == bigOnRE && (notBigOn[ws[0]] || notBigOn[ws[len(ws)-1]]) {
					continue
				}
				out = append(out, p)
			}
		}
		if m := kindManRE.FindStringSubmatch(s); m != nil {
			p := strings.TrimSpace(m[1])
			if !lexPlaces.has(p) && !lexCities.has(p) && !lexNationalities.has(p) && !nameAlone(p) && !notTitle[strings.ToLower(p)] {
				out = append(out, p)
			}
		}
		if m := abideRE.FindStringSubmatch(s); m != nil {
			o := strings.TrimSpace(m[1])
			if lo := strings.ToLower(o); !strings.HasPrefix(lo, "to ") && !strings.HasPrefix(lo, "the thought") {
				for _, p := range tasteList(cut(object(o))) {
					out = append(out, dislikeMark+p)
				}
			}
		}
		if m := agreeRE.FindStringSubmatch(s); m != nil {
			p := strings.TrimSpace(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if !praisedLead[ws[0]] && !pronoun[ws[0]] && !personWord(p) && !nameAlone(p) && !notTaste[ws[len(ws)-1]] {
				out = append(out, dislikeMark+p)
			}
		}
		if loc := thatILikeRE.FindStringIndex(s); loc != nil {
			before := s[:loc[0]]
			p := strings.TrimSpace(articleRE.ReplaceAllString(whichCutRE.ReplaceAllString(before, ""), ""))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) > 0 && len(ws) <= 4 && !praisedLead[ws[0]] && !quantWord[ws[0]] && !notTaste[ws[len(ws)-1]] && !personWord(p) && !nameAlone(p) && !negRE.MatchString(before) && (plural29(ws[len(ws)-1]) || tastePastime(p)) {
				out = append(out, p) // "a place with nopal and mushroom tacos that even i like"
			}
		}
		if i > 0 && obsessedPronRE.MatchString(s) {
			if m := fragmentRE.FindStringSubmatch(sents[i-1]); m != nil {
				p := strings.TrimSpace(m[1])
				ws := strings.Fields(strings.ToLower(p))
				ok := plural29(ws[len(ws)-1]) && !notFragment[ws[0]] && !praisedLead[ws[0]] && !personWord(p)
				for _, w := range ws {
					ok = ok && !auxVerb[w] && !pronoun[w]
				}
				if ok {
					out = append(out, p) // "The new moon jars mostly. I've been obsessed with them"
				}
			}
		}
	}
	return out
}

// chat29TailRE: who with and since when, after a taste.
var chat29TailRE = regexp.MustCompile(`(?i)\s+(?:with\s+(?:some|my|a|the|our)\b|since|for\s+(?:years|ages|months|a\s+while)|these\s+days|lately|recently|at\s+the\s+minute|right\s+now)\b.*$`)

// symbolCut is s up to its first emoji or other symbol ("teaching 🥹 the
// year 2s are so cute").
func symbolCut(s string) string {
	if i := strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) }); i >= 0 {
		return s[:i]
	}
	return s
}

// dropTastes29 drops likings that are no taste: a spell of something
// ("I've been travelling for three weeks", "practicing the greeting all
// week") and the people one works with ("I like my team"). "We both love
// helping people" stays a liking, said as plainly as any pastime (the
// helper's version dropped it, after three LoCoMo turns left unlabelled).
func dropTastes29(text string, out []Fact) []Fact {
	if !hasTaste(out) {
		return out
	}
	spells := map[string]bool{} // the gerunds the turn keeps up for a short spell
	for _, m := range spellRE.FindAllStringSubmatch(strings.ToLower(text), -1) {
		spells[m[1]] = true
	}
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "likes" || f.Polarity != Positive {
			return false
		}
		lc := strings.ToLower(strings.TrimSpace(articleRE.ReplaceAllString(f.Claim, "")))
		lc = strings.TrimPrefix(lc, "my ")
		ws := strings.Fields(lc)
		return peopleGroup29[lc] || len(ws) > 0 && spells[ws[0]]
	})
}

var (
	// spellRE: a gerund kept up for a short spell (group 1): "been
	// travelling for three weeks", "practicing … all week".
	spellRE = regexp.MustCompile(`\bbeen\s+([a-z]+ing)\b[^.!?]{0,40}?\b(?:for\s+(?:a|one|two|three|four|five|six|a\s+few|several|\d+|the\s+past|the\s+last)\s+(?:days?|weeks?|hours?)|all\s+(?:day|week|morning|afternoon|evening|night|weekend)|this\s+(?:week|morning|afternoon|weekend))\b`)
)

// peopleGroup29: the people one works or studies with, liked.
var peopleGroup29 = setOf(`team colleagues coworkers co-workers workmates crew staff class classmates teammates neighbours neighbors`)

// addMarkedTaste appends the speaker's taste a reader gave as p (a liking,
// or a dislike or an allergy by its mark) unless it is empty or a taste
// the turn already holds (in have or out) says it.
func addMarkedTaste(p, speaker string, at time.Time, have, out []Fact) []Fact {
	pred := "likes"
	if q, ok := strings.CutPrefix(p, dislikeMark); ok {
		pred, p = "dislikes", q
	} else if q, ok := strings.CutPrefix(p, allergyMark); ok {
		pred, p = "allergic_to", q
	}
	p = strings.TrimSpace(strings.TrimRight(p, ".!?,;: "))
	if p == "" || slices.ContainsFunc(slices.Concat(have, out), func(f Fact) bool {
		return preference(f.Predicate) && f.Subject == speaker && claimOverlap(f.Claim, p)
	}) {
		return out
	}
	return append(out, Fact{Subject: speaker, Predicate: pred, Claim: p, Kind: World, Polarity: Positive,
		ValidFrom: at, Confidence: confPref - 8, Speaker: speaker})
}
