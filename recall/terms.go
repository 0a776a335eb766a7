package recall

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/memhive/memhive"
)

// stopWords is Postgres' english.stop list: words that carry no search
// weight (and that to_tsquery would drop anyway).
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`i me my myself we our ours ourselves you your yours yourself yourselves
		he him his himself she her hers herself it its itself they them their theirs themselves what which who
		whom this that these those am is are was were be been being have has had having do does did doing a an
		the and but if or because as until while of at by for with about against between into through during
		before after above below to from up down in out on off over under again further then once here there
		when where why how all any both each few more most other some such no nor not only own same so than
		too very s t can will just don should now`) {
		m[w] = true
	}
	return m
}()

// maxTerms bounds how many query terms a keyword search uses.
const maxTerms = 16

// words splits text, in Unicode NFC, into lower-cased runs of letters,
// digits and combining marks. A mark is part of its word: Devanagari's
// vowel signs and virama ("दिल्ली" is six runes, three of them marks),
// Arabic's vowel marks ("مُحَمَّد"), an accent typed apart from its letter
// ("cafe\u0301"), as Postgres' text search parser reads them (the stored
// lexemes: to_tsvector of the text in NFC, migration 032), where a word cut
// at each mark ("द", "ल", "ल") matched nothing. NFC makes "cafe\u0301" and
// "café" one word, on both sides.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(norm.NFC.String(text)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.M, r)
	})
}

// terms are the query's search terms: its words without stop words,
// deduplicated in order of first appearance, at most maxTerms.
func terms(query string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words(query) {
		if stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == maxTerms {
			break
		}
	}
	return out
}

// tsTerm is one term as to_tsquery input: a prefix match for words of four
// or more letters (shorter prefixes match too much), exact otherwise. Terms
// are letters, digits and marks only, so they carry no tsquery syntax.
func tsTerm(t string) string {
	if len([]rune(t)) >= 4 {
		return t + ":*"
	}
	return t
}

// tsQueries returns each term's tsquery text, the all-terms (&) and the
// any-term (|) tsquery texts.
func tsQueries(ts []string) (each []string, all, any string) {
	each = make([]string, len(ts))
	for i, t := range ts {
		each[i] = tsTerm(t)
	}
	return each, strings.Join(each, " & "), strings.Join(each, " | ")
}

// maxGramWords and maxGrams bound the graph leg's candidate names: grams
// are made from the query's first maxGramWords words, and at most maxGrams
// of them are kept (longest first), so a long query costs what a short one
// does (SPEC §11 "Bounded work").
const (
	maxGramWords = 32
	maxGrams     = 96
)

// grams are the query's word n-grams (1 to 3 words) in canonical form, the
// candidate entity names of the graph leg; grams made only of stop words
// are left out. At most maxGrams, from the first maxGramWords words.
func grams(query string) []string {
	ws := words(query)
	if len(ws) > maxGramWords {
		ws = ws[:maxGramWords]
	}
	seen := map[string]bool{}
	var out []string
	for n := 3; n >= 1; n-- {
		for i := 0; i+n <= len(ws); i++ {
			part := ws[i : i+n]
			allStop := true
			for _, w := range part {
				if !stopWords[w] {
					allStop = false
				}
			}
			if allStop {
				continue
			}
			g := memhive.Canon(strings.Join(part, " "))
			if !seen[g] {
				seen[g] = true
				out = append(out, g)
				if len(out) == maxGrams {
					return out
				}
			}
		}
	}
	return out
}
