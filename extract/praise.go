package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// praisedTitles reads a work the speaker names and praises: "Just finished
// "A Dance with Dragons" and it's a really good story", ""The Witcher 3" is
// amazing!", "I'm reading a novel called "The Name of the Wind". It's
// really good!", "We played this game Catan … I love it!". A named book,
// film, game, show or song the speaker speaks well of is a taste a person
// writes down. The title is quoted, or follows "called", the kind of work
// or "I tried/played/watched/read/finished"; the praise follows it in its
// sentence ("is amazing", "and it's so good") or opens the next one ("It's
// really good!", "I love it!", "Highly recommend it!"). It reads whole
// sentences, so it applies the clause filters itself: not a title in a
// question, a joke, sarcasm or a condition; not one the listener or
// someone else owns ("your", "his", "Anna's"), heard of ("I heard …",
// "everyone says …") or spoken ill of; not quoted speech ("he said "Hi
// Mom""), a person ("Ben and Sam", "Mark's") or a cuisine ("Thai food").
func praisedTitles(text, speaker string, at time.Time, have []Fact) []Fact {
	if !strings.ContainsAny(text, "\"“”") && !calledWorkRE.MatchString(text) {
		return nil // no title in the turn: most turns
	}
	t := strings.NewReplacer("“", `"`, "”", `"`, "’", "'", "‘", "'").Replace(captionRE.ReplaceAllString(text, ""))
	sents := titleSentRE.FindAllString(t, -1)
	var out []Fact
	seen := map[string]bool{}
	for _, f := range have {
		if preference(f.Predicate) {
			seen[strings.ToLower(f.Claim)] = true
		}
	}
	for i, s := range sents {
		st := strings.TrimSpace(s)
		if strings.HasSuffix(st, "?") || jokeRE.MatchString(st) || sarcasmRE.MatchString(st) || condRE.MatchString(st) ||
			i+1 < len(sents) && jokeOnlyRE.MatchString(sents[i+1]) {
			continue
		}
		for _, loc := range titleIndexes(s) {
			title := trimTitle(s[loc[2]:loc[3]])
			end := loc[2] + strings.Index(s[loc[2]:], title) + len(title)
			before, after := s[:loc[0]], s[end:]
			if strings.HasPrefix(after, `"`) {
				after = after[1:]
			}
			if !titleShaped(title) || notTitleBeforeRE.MatchString(before) || negRE.MatchString(before) || seen[strings.ToLower(title)] {
				continue
			}
			if m := lowerNounAfterRE.FindStringSubmatch(after); loc[0] < loc[2] && s[loc[0]] != '"' && m != nil && !titleFollowers[m[1]] {
				continue // "I tried Thai food": a kind of food, no title
			}
			next := ""
			if i+1 < len(sents) {
				next = strings.TrimSpace(sents[i+1])
			}
			if !praiseAfterRE.MatchString(after) && !(praiseNextRE.MatchString(next) && !praiseHowRE.MatchString(next) && !strings.Contains(after, `"`)) {
				continue
			}
			if deniedRE.MatchString(after) {
				continue
			}
			seen[strings.ToLower(title)] = true
			out = append(out, Fact{Subject: speaker, Predicate: "likes", Claim: title, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confPref - 8, Speaker: speaker})
		}
	}
	return out
}

// trimTitle drops the joining words and marks a title's match ends with:
// "Part 2 of [the]", "Dune:", "Dune,".
func trimTitle(t string) string {
	for {
		u := strings.Trim(strings.TrimSpace(t), `"'.,:;!?- `)
		for _, w := range []string{" of", " the", " and", " in", " on", " with", " a", " to"} {
			u = strings.TrimSuffix(u, w)
		}
		if u == t {
			return u
		}
		t = u
	}
}

// titleIndexes finds the titles of s: quoted, or after "called"/"named" or
// the kind of work ("this game Catan"). Each is [start, end, titleStart,
// titleEnd].
func titleIndexes(s string) [][]int {
	var out [][]int
	for _, re := range []*regexp.Regexp{quotedWorkRE, calledWorkRE} {
		out = append(out, re.FindAllStringSubmatchIndex(s, -1)...)
	}
	return out
}

// titleShaped: one to eight words, the first capitalised or a number, not a
// sentence of its own ("I love you"), not people ("Ben and Sam", "Mark's",
// "Maria Lopez") or a nationality ("Thai").
func titleShaped(t string) bool {
	ws := strings.Fields(t)
	if len(ws) == 0 || len(ws) > 8 || strings.HasSuffix(t, "'s") || lexNationalities.has(ws[0]) {
		return false
	}
	if len(ws) <= 3 && lexNames.has(ws[0]) && (len(ws) == 1 || ws[1] == "and" || len(ws) == 2 && isCapital(ws[1])) {
		return false // a given name, two people, or a first and last name
	}
	r := ws[0][0]
	if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		return false
	}
	switch strings.ToLower(ws[0]) {
	case "i", "i'm", "i've", "you", "we", "it", "it's", "this", "that", "my", "your":
		return false
	}
	return true
}

// meansMuch: a work that means much to the speaker ("has a lot of
// significance for me", "means a lot to me", "is special to me").
const meansMuch = `(?:has|holds)\s+(?:a\s+lot\s+of|so\s+much|great|special|a\s+special|real)\s+(?:significance|meaning|place)\s+(?:for|to|in)\s+(?:me|my\s+heart)|means\s+(?:a\s+lot|so\s+much|everything|the\s+world)\s+to\s+me|(?:is|was|'s)\s+(?:so\s+|really\s+|very\s+|truly\s+)?special\s+to\s+me`

const praiseWords = `(?:amazing|awesome|great|incredible|fantastic|brilliant|excellent|wonderful|epic|legendary|` +
	`a\s+classic|a\s+masterpiece|a\s+must(?:-|\s+)(?:read|see|watch|play)|my\s+favou?rite|one\s+of\s+my\s+favou?rites|` +
	`(?:so|really|super|very|pretty)\s+(?:good|fun|great)|gripping|captivating|hilarious|a\s+blast|a\s+gem)`

var (
	titleSentRE  = regexp.MustCompile(`[^.!?\n]+(?:[.!?]+|$)`)
	quotedWorkRE = regexp.MustCompile(`"([^"]{2,60})"`)
	calledWorkRE = regexp.MustCompile(`\b(?:called|titled|(?:this|the|a|an)\s+(?:[a-z]+\s+)?(?:game|book|novel|movie|film|show|series|album|song|podcast)|(?i:i|we)\s+(?:just\s+|finally\s+|also\s+)?(?:tried|played|watched|read|finished|binged|started\s+(?:reading|watching|playing)))\s+((?:[A-Z0-9][\w'&:-]*)(?:\s+(?:of|the|and|in|on|with|a|to|[A-Z0-9][\w'&:-]*))*)`)
	// praise in the title's sentence, after it
	praiseAfterRE = regexp.MustCompile(`^[",]?\s*(?:by\s+\p{Lu}[\p{L}\w.]*(?:\s+\p{Lu}[\p{L}\w.]*)*\s+)?(?i:(?:(?:is|was|'s)\s+|(?:,\s*)?(?:and|-|–)\s+it(?:'s|\s+is|\s+was)\s+)(?:(?:so|really|just|truly|absolutely|such|definitely|also|still|totally|seriously)\s+)*(?:an?\s+)?(?:(?:really|truly|super|very)\s+)?` + praiseWords + `\b|` + meansMuch + `|,\s*(?:so|very|really|super|such\s+an?)\s+(?:exciting|addictive|fun|good|great|amazing|fascinating)\b)`)
	// praise that opens the next sentence
	praiseNextRE = regexp.MustCompile(`(?i)^(?:(?:wow|yeah|honestly|seriously|and)[,!]?\s+)?(?:(?:an?\s+|such\s+an?\s+)?(?:great|awesome|amazing|fantastic|brilliant|excellent|fun|incredible)\s+(?:game|book|movie|show|film|read|series|album|song|story|novel)\b|it(?:'s|\s+is|\s+was)\s+(?:(?:so|really|just|truly|absolutely|such|definitely|totally|seriously)\s+)*(?:an?\s+)?(?:(?:really|truly|super|very)\s+)?` + praiseWords + `\b|i\s+(?:really\s+|just\s+|absolutely\s+)?(?:love|loved|adore|adored)\s+it\b|(?:i\s+)?(?:highly|totally|definitely|strongly)\s+recommend\s+it\b)`)
	// the listener's or another's work, one heard of, or quoted speech:
	// "your", "you", "his", "Anna's", "I heard", "everyone says", "he said"
	notTitleBeforeRE = regexp.MustCompile(`(?i)(?:\byour\b|\byou\b|\bhis\b|\bher\b|\btheir\b|[A-Za-z]'s\s*(?:new\s+)?(?:[a-z]+\s+)?["]?\s*$|\b(?:heard|hear|says|said|say|told|apparently|supposedly|everyone|everybody|people)\b|\b(?:chanted|yelled|shouted|screamed|texted|wrote|asked|replied|goes|went)\s*,?\s*"?$)`)
	// a lower-case noun right after an unquoted name: "Thai food"
	lowerNounAfterRE = regexp.MustCompile(`^\s+([a-z]+)`)
	// the words that may follow a title ("… The Hobbit and it was amazing")
	titleFollowers = setOf(`and but or so by it is was which that last yesterday today tonight this again with for at on in
		over before after too yet recently lately finally once twice all from`)
	// "It's amazing how bad it was": praise of something else
	praiseHowRE = regexp.MustCompile(`(?i)^it(?:'s|\s+is|\s+was)\s+(?:\w+\s+)?(?:amazing|great|incredible|awesome)\s+(?:how|that|what|to\s+see)\b`)
	deniedRE    = regexp.MustCompile(`(?i)^[",]?\s*(?:(?:is|was|'s)\s+)?(?:n't|not|never)\b|^[",]?\s*(?:isn't|wasn't)\b`)
)

// splitLikedPair splits a liking of two things joined by "and" (session
// 21): "electronic and rock music" is electronic music and rock music (one
// kind of work shared: music, movies, books, games, flavors …), "fashion
// trends and finding unique pieces" and "art and the sea" are two likings.
// Not a pair that names one thing (binomials: "rock and roll", "salt and
// vinegar chips"), a title (capitalised), food whose last word is no kind
// ("pie and ice cream"), or a claim the turn already gives.
func splitLikedPair(out []Fact) []Fact {
	have := map[string]bool{}
	for _, f := range out {
		have[f.Subject+"\x00"+f.Predicate+"\x00"+strings.ToLower(f.Claim)] = true
	}
	var add []Fact
	for i, f := range out {
		if f.Predicate != "likes" && f.Predicate != "dislikes" || strings.Count(f.Claim, " and ") != 1 || strings.ContainsAny(f.Claim, ",&\"") {
			continue
		}
		l, r, _ := strings.Cut(f.Claim, " and ")
		lw, rw := strings.Fields(l), strings.Fields(r)
		if len(lw) == 0 || len(rw) == 0 || len(lw) > 3 || len(rw) > 4 || inBinomial(strings.ToLower(f.Claim)) || hasUpper(f.Claim) {
			continue
		}
		var a, b string
		switch {
		case len(lw) == 1 && (len(rw) == 2 || len(rw) == 3) && sharedKinds[rw[len(rw)-1]] && !strings.HasSuffix(lw[0], "ing") && !strings.HasSuffix(rw[0], "ing"):
			if strings.HasSuffix(lw[0], "s") || strings.Contains(lw[0], "'") {
				a, b = l, r // "dramas and emotionally-driven films": two things
			} else {
				a, b = lw[0]+" "+rw[len(rw)-1], r // "electronic and rock music", "chocolate and mixed berry flavors"
			}
		case strings.HasSuffix(rw[0], "ing") && len(rw[0]) > 4 || rw[0] == "the" && len(rw) > 1:
			a, b = l, strings.TrimPrefix(r, "the ") // "… and finding unique pieces", "art and the sea"
		default:
			continue
		}
		key := f.Subject + "\x00" + f.Predicate + "\x00"
		if have[key+strings.ToLower(a)] && have[key+strings.ToLower(b)] {
			out[i].Claim = "" // both said on their own already
			continue
		}
		out[i].Claim = a
		if have[key+strings.ToLower(a)] {
			out[i].Claim = ""
		}
		have[key+strings.ToLower(a)] = true
		if !have[key+strings.ToLower(b)] {
			g := f
			g.Claim = b
			add = append(add, g)
			have[key+strings.ToLower(b)] = true
		}
	}
	out = slices.DeleteFunc(out, func(f Fact) bool { return f.Claim == "" })
	return append(out, add...)
}

// sharedKinds are the kinds of work or taste two modifiers share ("jazz and
// hip-hop music", "chocolate and mixed berry flavors").
var sharedKinds = setOf(`music movies films books novels games shows series songs genres flavors flavours podcasts
	documentaries cuisine food dishes sports art comics anime bands albums`)

// inBinomial: the claim holds a pair that names one thing.
func inBinomial(c string) bool {
	for b := range binomials {
		if strings.Contains(c, b) {
			return true
		}
	}
	return false
}

func hasUpper(s string) bool {
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}
