// Package lexsrc holds what the word-list generators under extract/cmd
// share when they filter a gazetteer (cities, regions): WordNet's persons,
// SCOWL's lower-case words, the lexicon's own lists, and accent folding. It
// lives here so the generators, not the extractor, depend on it.
package lexsrc

import (
	"bufio"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/memhive/memhive/internal/wordnet"
)

// Persons is the lower-cased names WordNet gives persons, real, imagined
// or divine: the lemmas of its instances of person#1, imaginary_being#1
// (Medea) or spiritual_being#1, or of a class below them ("Mary",
// "Douglas").
func Persons(dir string) map[string]bool {
	noun, err := wordnet.ReadData(filepath.Join(dir, "data.noun"))
	if err != nil {
		log.Fatal(err)
	}
	index, err := wordnet.ReadIndex(filepath.Join(dir, "index.noun"))
	if err != nil {
		log.Fatal(err)
	}
	var stack []string
	for _, w := range []string{"person", "imaginary_being", "spiritual_being"} {
		if len(index[w]) == 0 {
			log.Fatalf("%s: no noun %s", dir, w)
		}
		stack = append(stack, index[w][0])
	}
	class := map[string]bool{}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if class[id] || noun[id] == nil {
			continue
		}
		class[id] = true
		stack = append(stack, noun[id].Hyponyms...)
	}
	out := map[string]bool{}
	for _, s := range noun {
		for _, c := range s.InstanceOf {
			if class[c] {
				for _, l := range s.Lemmas {
					out[strings.ToLower(l)] = true
				}
				break
			}
		}
	}
	return out
}

// Fold is s without its accents ("Kraków" → "Krakow").
func Fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// LowerWords is the set of SCOWL's words written in lower case.
func LowerWords(file string) map[string]bool {
	f, err := os.Open(file)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" && unicode.IsLower([]rune(w)[0]) {
			out[w] = true
		}
	}
	return out
}

// List reads one of the lexicon's lists, lower-cased.
func List(dir, name string) map[string]bool {
	raw, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		log.Fatal(err)
	}
	out := map[string]bool{}
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out[strings.ToLower(l)] = true
		}
	}
	return out
}

// Sorted is the spellings kept (the map's values), in case-blind order, a
// spelling in capitals after its lower-case twin.
func Sorted(keep map[string]string) []string {
	lines := make([]string, 0, len(keep))
	for _, n := range keep {
		lines = append(lines, n)
	}
	sort.Slice(lines, func(i, j int) bool {
		a, b := strings.ToLower(lines[i]), strings.ToLower(lines[j])
		return a < b || a == b && lines[i] < lines[j]
	})
	return lines
}
