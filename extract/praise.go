package extract

import (
	"regexp"
	"strings"
	"time"
)

// praisedTitles reads a work the speaker names and praises: "Just finished
// "A Dance with Dragons" and it's a really good story", ""The Witcher 3" is
// amazing!", "I'm reading a novel called "The Name of the Wind". It's
// really good!", "We played this game Catan … I love it!". A named book,
// film, game, show or song the speaker speaks well of is a taste a person
// writes down. The title is quoted, or follows "called" or the kind of
// work; the praise follows it in its sentence ("is amazing", "and it's so
// good") or opens the next one ("It's really good!", "I love it!",
// "Highly recommend it!"). Not a title in a question, one of the
// listener's ("your"), another's ("Anna's "Lilac""), or praise denied.
func praisedTitles(text, speaker string, at time.Time, have []Fact) []Fact {
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
		if strings.HasSuffix(strings.TrimSpace(s), "?") {
			continue
		}
		for _, loc := range titleIndexes(s) {
			title := strings.TrimSpace(s[loc[2]:loc[3]])
			for _, w := range []string{" of", " the", " and", " in", " on", " with", " a", " to"} {
				title = strings.TrimSuffix(title, w)
			}
			before, after := s[:loc[0]], s[loc[1]:]
			if !titleShaped(title) || listenerBeforeRE.MatchString(before) || seen[strings.ToLower(title)] {
				continue
			}
			next := ""
			if i+1 < len(sents) {
				next = strings.TrimSpace(sents[i+1])
			}
			if !praiseAfterRE.MatchString(after) && !(praiseNextRE.MatchString(next) && !strings.Contains(after, `"`)) {
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
// sentence of its own ("I love you").
func titleShaped(t string) bool {
	ws := strings.Fields(t)
	if len(ws) == 0 || len(ws) > 8 {
		return false
	}
	r := ws[0][0]
	if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		return false
	}
	switch strings.ToLower(ws[0]) {
	case "i", "i'm", "i've", "you", "we", "it", "it's", "this", "that", "my", "your":
		return false
	}
	return !(len(ws) == 1 && lexNames.has(ws[0])) // one given name is a person
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
	calledWorkRE = regexp.MustCompile(`\b(?:called|named|titled|(?:this|the|a|an)\s+(?:[a-z]+\s+)?(?:game|book|novel|movie|film|show|series|album|song|podcast)|(?i:i|we)\s+(?:just\s+|finally\s+|also\s+)?(?:tried|played|watched|read|finished|binged|started\s+(?:reading|watching|playing)))\s+((?:[A-Z0-9][\w'&:-]*)(?:\s+(?:of|the|and|in|on|with|a|to|[A-Z0-9][\w'&:-]*))*)`)
	// praise in the title's sentence, after it
	praiseAfterRE = regexp.MustCompile(`^[",]?\s*(?:by\s+[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*\s+)?(?i:(?:(?:is|was|'s)\s+|(?:,\s*)?(?:and|-|–)\s+it(?:'s|\s+is|\s+was)\s+)(?:(?:so|really|just|truly|absolutely|such|definitely|also|still|totally|seriously)\s+)*(?:an?\s+)?(?:(?:really|truly|super|very)\s+)?` + praiseWords + `\b|` + meansMuch + `|,\s*(?:so|very|really|super|such\s+an?)\s+(?:exciting|addictive|fun|good|great|amazing|fascinating)\b)`)
	// praise that opens the next sentence
	praiseNextRE = regexp.MustCompile(`(?i)^(?:(?:wow|yeah|honestly|seriously|and)[,!]?\s+)?(?:(?:an?\s+|such\s+an?\s+)?(?:great|awesome|amazing|fantastic|brilliant|excellent|fun|incredible)\s+(?:game|book|movie|show|film|read|series|album|song|story|novel)\b|it(?:'s|\s+is|\s+was)\s+(?:(?:so|really|just|truly|absolutely|such|definitely|totally|seriously)\s+)*(?:an?\s+)?(?:(?:really|truly|super|very)\s+)?` + praiseWords + `\b|i\s+(?:really\s+|just\s+|absolutely\s+)?(?:love|loved|adore|adored)\s+it\b|(?:i\s+)?(?:highly|totally|definitely|strongly)\s+recommend\s+it\b)`)
	// the listener's or another's work: "your", "you", "Anna's" before it
	listenerBeforeRE = regexp.MustCompile(`(?i)(?:\byour\b|\byou\b|[A-Za-z]'s\s*(?:new\s+)?(?:[a-z]+\s+)?["]?\s*$)`)
	deniedRE         = regexp.MustCompile(`(?i)^[",]?\s*(?:(?:is|was|'s)\s+)?(?:n't|not|never)\b|^[",]?\s*(?:isn't|wasn't)\b`)
)

// splitLikedPair splits a liking of two things joined by "and" (session
// 21): "electronic and rock music" is electronic music and rock music (one
// head shared), "fashion trends and finding unique pieces" and "art and
// the sea" are two likings. Not a pair that names one thing ("rock and
// roll", "arts and crafts"), a title (capitalised) or a longer list.
func splitLikedPair(out []Fact) []Fact {
	var add []Fact
	for i, f := range out {
		if f.Predicate != "likes" && f.Predicate != "dislikes" || strings.Count(f.Claim, " and ") != 1 || strings.ContainsAny(f.Claim, ",&\"") {
			continue
		}
		l, r, _ := strings.Cut(f.Claim, " and ")
		lw, rw := strings.Fields(l), strings.Fields(r)
		if len(lw) == 0 || len(rw) == 0 || len(lw) > 3 || len(rw) > 4 || onePairRE.MatchString(strings.ToLower(f.Claim)) || hasUpper(f.Claim) {
			continue
		}
		var a, b string
		switch {
		case len(lw) == 1 && len(rw) >= 2 && len(rw) <= 3 && !strings.HasSuffix(lw[0], "ing") && !strings.HasSuffix(rw[0], "ing") && rw[0] != "the":
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
		out[i].Claim = a
		g := f
		g.Claim = b
		add = append(add, g)
	}
	return append(out, add...)
}

// onePairRE: pairs that name one thing.
var onePairRE = regexp.MustCompile(`\b(?:rock and roll|arts and crafts|mac and cheese|fish and chips|salt and pepper|black and white|hide and seek|trial and error|bread and butter|peace and quiet|r and b|rhythm and blues|drum and bass|dungeons and dragons|pen and paper|sweet and sour|hip and|rise and shine|bed and breakfast|health and wellness|food and drink|wine and dine|arts and culture|hustle and bustle|pros and cons|ups and downs|odds and ends)\b`)

func hasUpper(s string) bool {
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}
