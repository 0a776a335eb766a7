package embed

import (
	"strings"
	"unicode"
)

// tokens splits text into lowercase runs of letters and digits. Apostrophes
// and every other mark separate tokens ("we're" gives "we", "re").
func tokens(text string) []string {
	var out []string
	start := -1
	lower := strings.ToLower(text)
	for i, r := range lower {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = append(out, lower[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, lower[start:])
	}
	return out
}

// stopWords are English function words that carry no topic; both built-in
// embedders drop them (unless a text holds nothing else).
var stopWords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(`
a about above after again against all am an and any are aren as at be because
been before being below between both but by can cannot could couldn d did didn
do does doesn doing don down during each few for from further had hadn has hasn
have haven having he her here hers herself him himself his how i if in into is
isn it its itself just ll m me mightn more most mustn my myself needn no nor not
now o of off on once only or other our ours ourselves out over own re s same
shan she should shouldn so some such t than that the their theirs them
themselves then there these they this those through to too under until up ve
very was wasn we were weren what when where which while who whom why will with
won would wouldn y you your yours yourself yourselves also get got go went gone
going us let lets shall may might must`) {
		m[w] = struct{}{}
	}
	return m
}()

func isStopWord(w string) bool {
	_, ok := stopWords[w]
	return ok
}
