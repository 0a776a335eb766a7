package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/memhive/memhive"
)

// The labelled sets' claim match (extract/testdata/README.md, "Matching"),
// in the package so that both the scorer (locomo_test.go, in extract_test)
// and the span-learner experiment (spanlearn_test.go) use one copy.

var (
	claimPunctRE = regexp.MustCompile(`[^\p{L}\p{N}\s'-]+`)
	claimDetRE   = map[string]bool{"a": true, "an": true, "the": true, "some": true, "my": true, "our": true, "his": true,
		"her": true, "their": true, "to": true, "of": true, "this": true, "that": true}
)

// claimWords is the lenient canonical form of a claim: Canon, punctuation
// and determiners dropped, a number spelt out written in digits ("twenty
// three", "seven"; session 24), each word stemmed.
func claimWords(s string) []string {
	s = claimPunctRE.ReplaceAllString(memhive.Canon(s), " ")
	s = spelledNumbers(s)
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.TrimSuffix(strings.Trim(w, "'-"), "'s")
		if w == "" || claimDetRE[w] {
			continue
		}
		out = append(out, claimStem(w))
	}
	return out
}

func claimStem(w string) string {
	for _, suf := range []string{"ing", "ies", "es", "ed", "s"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			w = strings.TrimSuffix(w, suf)
			if suf == "ies" {
				w += "i" // "movies" is "movie", "cities" is "city"
			}
			break
		}
	}
	w = strings.TrimSuffix(w, "e")
	if n := len(w); n > 2 && w[n-1] == 'y' {
		w = w[:n-1] + "i"
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		w = w[:n-1]
	}
	return w
}

// ClaimMatch: "*" (an unnamed relative) matches anything; otherwise the
// stemmed words are equal, or one claim's words are a contiguous run of the
// other's ("pottery class" / "pottery").
func ClaimMatch(want, got string) bool {
	if want == "*" {
		return true
	}
	a, b := claimWords(want), claimWords(got)
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	for i := 0; i+len(a) <= len(b); i++ {
		if slices.Equal(a, b[i:i+len(a)]) {
			return true
		}
	}
	return false
}

// spelledNumbers writes the numbers 1–99 spelt out in s in digits.
func spelledNumbers(s string) string {
	ws := strings.Fields(strings.ReplaceAll(s, "-", " "))
	var out []string
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if t, ok := spokenTens[w]; ok {
			if i+1 < len(ws) && t >= 20 && spokenUnits[ws[i+1]] > 0 {
				t += spokenUnits[ws[i+1]]
				i++
			}
			out = append(out, strconv.Itoa(t))
			continue
		}
		if u, ok := spokenUnits[w]; ok {
			out = append(out, strconv.Itoa(u))
			continue
		}
		if n, ok := spokenTenToTwelve[w]; ok {
			out = append(out, strconv.Itoa(n))
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}
