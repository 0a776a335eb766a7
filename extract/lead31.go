package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// The lead's rules of session 31 (BENCHMARKS.md, "Chat rules, session 31").

// moveReasonDeniedRE: a move whose reason is denied, not the move: "I
// didn't move to Berlin for a job", "we didn't move here just because of
// the weather". Group 1 is the place.
var moveReasonDeniedRE = regexp.MustCompile(`\b(?i:i|we)\s+(?i:didn't|didnt|did\s+not)\s+(?i:really\s+)?(?i:move|moved|relocate|relocated)\s+(?i:to|out\s+to)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})\s+(?i:(?:just\s+|only\s+|purely\s+|mainly\s+)?(?:for|because)|(?:just|only|purely|mainly)\s+to\s+\p{Ll})`)

// moveReasonDenied turns the home a move-denial rule denied back into a
// home, and adds the move, when what the speaker denies is the reason for
// it: "I didn't move to Berlin for a job, I moved for love" lives in Berlin
// ("We didn't move to Canoas." is still no home there).
func moveReasonDenied(text, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "move") && !strings.Contains(strings.ToLower(text), "relocate") {
		return out
	}
	for _, m := range moveReasonDeniedRE.FindAllStringSubmatch(text, -1) {
		place := m[1]
		i := slices.IndexFunc(out, func(f Fact) bool {
			return f.Subject == speaker && f.Predicate == "lives_in" && f.Claim == place && f.Polarity == Negative
		})
		if i < 0 {
			continue
		}
		out[i].Polarity = Positive
		if !slices.ContainsFunc(out, func(f Fact) bool {
			return f.Subject == speaker && f.Predicate == "moved" && f.Claim == place && f.Polarity == Positive
		}) {
			out = append(out, Fact{Subject: speaker, Predicate: "moved", Claim: place, Kind: Experience, Polarity: Positive,
				ValidFrom: at, Confidence: confEvent - 2, Speaker: speaker})
		}
	}
	return out
}
