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

const praiseWords = `(?:amazing|awesome|great|incredible|fantastic|brilliant|excellent|wonderful|epic|legendary|` +
	`a\s+classic|a\s+masterpiece|a\s+must(?:-|\s+)(?:read|see|watch|play)|my\s+favou?rite|one\s+of\s+my\s+favou?rites|` +
	`(?:so|really|super|very|pretty)\s+(?:good|fun|great)|gripping|captivating|hilarious|a\s+blast|a\s+gem)`

var (
	titleSentRE  = regexp.MustCompile(`[^.!?\n]+(?:[.!?]+|$)`)
	quotedWorkRE = regexp.MustCompile(`"([^"]{2,60})"`)
	calledWorkRE = regexp.MustCompile(`\b(?:called|named|titled|(?:this|the|a|an)\s+(?:[a-z]+\s+)?(?:game|book|novel|movie|film|show|series|album|song|podcast))\s+((?:[A-Z0-9][\w'&:-]*)(?:\s+(?:of|the|and|in|on|with|a|to|[A-Z0-9][\w'&:-]*))*)`)
	// praise in the title's sentence, after it
	praiseAfterRE = regexp.MustCompile(`(?i)^[",]?\s*(?:(?:by\s+[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*\s+)?(?:is|was|'s)\s+|(?:,\s*)?(?:and|-|–)\s+it(?:'s|\s+is|\s+was)\s+)(?:(?:so|really|just|truly|absolutely|such|definitely|also|still|totally|seriously)\s+)*(?:an?\s+)?(?:(?:really|truly|super|very)\s+)?` + praiseWords + `\b`)
	// praise that opens the next sentence
	praiseNextRE = regexp.MustCompile(`(?i)^(?:(?:wow|yeah|honestly|seriously|and)[,!]?\s+)?(?:it(?:'s|\s+is|\s+was)\s+(?:(?:so|really|just|truly|absolutely|such|definitely|totally|seriously)\s+)*(?:an?\s+)?(?:(?:really|truly|super|very)\s+)?` + praiseWords + `\b|i\s+(?:really\s+|just\s+|absolutely\s+)?(?:love|loved|adore|adored)\s+it\b|(?:i\s+)?(?:highly|totally|definitely|strongly)\s+recommend\s+it\b)`)
	// the listener's or another's work: "your", "you", "Anna's" before it
	listenerBeforeRE = regexp.MustCompile(`(?i)(?:\byour\b|\byou\b|[A-Za-z]'s\s*(?:new\s+)?(?:[a-z]+\s+)?["]?\s*$)`)
	deniedRE         = regexp.MustCompile(`(?i)^[",]?\s*(?:(?:is|was|'s)\s+)?(?:n't|not|never)\b|^[",]?\s*(?:isn't|wasn't)\b`)
)
