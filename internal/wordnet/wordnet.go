// Package wordnet reads the dict files of Princeton WordNet 3.0 (Debian's
// wordnet-base, /usr/share/wordnet) for memhive's offline generators of
// word lists: extract/cmd/wordlists (the extractor's lexicon) and
// category/cmd/categories (the category table of recall's category
// match). Nothing reads WordNet at run time: the generators write lists
// that are committed and embedded with go:embed. It lives under internal/
// because it is a build tool's helper, not part of memhive's API.
package wordnet

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Synset is one line of a data.* file: a synset's lemmas, its gloss and
// the pointers the generators follow, each a synset offset in the same
// part of speech unless said otherwise.
type Synset struct {
	// Lemmas with "_" written as spaces and an adjective's syntactic
	// marker ("(a)", "(p)", "(ip)") dropped.
	Lemmas     []string
	Hypernyms  []string // @
	InstanceOf []string // @i: the classes an instance belongs to
	Hyponyms   []string // ~
	Instances  []string // ~i
	// Pertains holds the noun synsets an adjective pertains to (\ with
	// target part of speech n).
	Pertains []string
	Gloss    string
}

// ReadData reads a data file (data.noun, data.adj …) keyed by offset.
func ReadData(path string) (map[string]*Synset, error) {
	out := map[string]*Synset{}
	err := eachLine(path, func(line string) error {
		data, gloss, _ := strings.Cut(line, " | ")
		fs := strings.Fields(data)
		if len(fs) < 4 {
			return fmt.Errorf("short synset line %q", line)
		}
		s := &Synset{Gloss: gloss}
		n, err := strconv.ParseInt(fs[3], 16, 32)
		if err != nil {
			return fmt.Errorf("synset %s: lemma count: %w", fs[0], err)
		}
		i := 4
		for range n {
			l := strings.ReplaceAll(fs[i], "_", " ")
			if k := strings.IndexByte(l, '('); k > 0 {
				l = l[:k]
			}
			s.Lemmas = append(s.Lemmas, l)
			i += 2
		}
		p, err := strconv.Atoi(fs[i])
		if err != nil {
			return fmt.Errorf("synset %s: pointer count: %w", fs[0], err)
		}
		i++
		for range p {
			sym, off := fs[i], fs[i+1]
			switch sym {
			case "@":
				s.Hypernyms = append(s.Hypernyms, off)
			case "@i":
				s.InstanceOf = append(s.InstanceOf, off)
			case "~":
				s.Hyponyms = append(s.Hyponyms, off)
			case "~i":
				s.Instances = append(s.Instances, off)
			case `\`:
				if fs[i+2] == "n" {
					s.Pertains = append(s.Pertains, off)
				}
			}
			i += 4
		}
		out[fs[0]] = s
		return nil
	})
	return out, err
}

// ReadIndex reads an index file (index.noun …): each lemma's synset
// offsets, most frequent sense first.
func ReadIndex(path string) (map[string][]string, error) {
	out := map[string][]string{}
	err := eachLine(path, func(line string) error {
		fs := strings.Fields(line)
		if len(fs) < 3 {
			return fmt.Errorf("short index line %q", line)
		}
		sn, err := strconv.Atoi(fs[2])
		if err != nil || sn > len(fs) {
			return fmt.Errorf("index line %q: sense count", line)
		}
		out[fs[0]] = fs[len(fs)-sn:]
		return nil
	})
	return out, err
}

// eachLine calls f on each line of path but the licence header (lines
// starting with two spaces).
func eachLine(path string, f func(string) error) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue
		}
		if err := f(line); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
