// Command categories generates category/wordnet.txt, the table the recall
// category match embeds: every noun lemma under a small set of WordNet 3.0
// classes useful for personal facts (activities, sports, games, musical
// instruments, animals and pets, places, cities and countries, foods, dishes,
// desserts, drinks, vehicles, art, exercise, relatives, children), each with
// the categories (its hypernym ancestors among those classes) it falls in.
// It is run by hand, offline; its output is committed. See
// category/README.md.
//
//	apt-get install wordnet-base wamerican     # Debian 12: WordNet 3.0, SCOWL 2020.12.07
//	go run ./category/cmd/categories -out category/wordnet.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/memhive/memhive/internal/wordnet"
)

type db struct {
	noun  map[string]*wordnet.Synset
	index map[string][]string // noun lemma → synset offsets, by sense
}

// class is one category: the WordNet senses it is rooted at and how its
// lemmas are taken.
type class struct {
	name string
	// roots are word#sense, or word#sense:depth: a lemma counts through
	// that root only by a sense at least depth hyponym steps below it (2
	// under activity drops its direct children, "work", "game": too
	// general to name an activity).
	roots []string
	// instances: also the capitalised instances of the classes (Paris,
	// France), stored lower-case unless their lower-case spelling is an
	// ordinary word ("reading", "nice").
	instances bool
	// common: keep only lower-case lemmas whose every word is in SCOWL
	// (drops Latin and rare taxonomic names).
	common bool
}

var classes = []class{
	{name: "activity", roots: []string{"activity#1:2", "travel#1", "cooking#1", "camping#1", "reading#1"}, common: true},
	{name: "sport", roots: []string{"sport#1"}, common: true},
	{name: "game", roots: []string{"game#1", "game#2", "game#3"}, common: true},
	{name: "exercise", roots: []string{"exercise#1"}, common: true},
	{name: "art", roots: []string{"art#1", "art#2"}, common: true},
	{name: "instrument", roots: []string{"musical_instrument#1"}, common: true},
	{name: "animal", roots: []string{"animal#1"}, common: true},
	{name: "pet", roots: []string{"domestic_animal#1", "dog#1", "house_cat#1", "hamster#1", "guinea_pig#2", "rabbit#1", "turtle#2",
		"snake#1", "parrot#1", "goldfish#1", "lizard#1", "ferret#2", "horse#1", "pony#2", "budgerigar#1", "canary#4", "gerbil#1",
		"chinchilla#3", "tortoise#1"}, common: true},
	{name: "dog", roots: []string{"dog#1"}, common: true},
	{name: "cat", roots: []string{"cat#1"}, common: true},
	{name: "city", roots: []string{"city#1", "town#1", "national_capital#1", "state_capital#1"}, instances: true, common: true},
	{name: "country", roots: []string{"country#1", "country#2", "state#1", "american_state#1", "continent#1"}, instances: true, common: true},
	{name: "place", roots: []string{"location#1:2", "geological_formation#1", "land#2", "land#4", "body_of_water#1", "facility#1", "establishment#4"},
		instances: true, common: true},
	{name: "food", roots: []string{"food#1:1", "food#2:1"}, common: true},
	{name: "dish", roots: []string{"dish#2"}, common: true},
	{name: "dessert", roots: []string{"dessert#1", "sweet#3", "baked_goods#1"}, common: true},
	{name: "drink", roots: []string{"beverage#1"}, common: true},
	{name: "vehicle", roots: []string{"vehicle#1"}, common: true},
	{name: "car", roots: []string{"car#1"}, common: true},
	{name: "relative", roots: []string{"relative#1", "spouse#1"}, common: true},
	{name: "child", roots: []string{"child#1", "child#2", "offspring#1", "son#1", "daughter#1"}, common: true},
}

func main() {
	wn := flag.String("wordnet", "/usr/share/wordnet", "WordNet 3.0 dict directory")
	words := flag.String("words", "/usr/share/dict/american-english", "SCOWL word list")
	out := flag.String("out", "category/wordnet.txt", "output file")
	verbose := flag.Bool("v", false, "print the gloss of every root")
	flag.Parse()
	w := &db{noun: must(wordnet.ReadData(filepath.Join(*wn, "data.noun"))), index: must(wordnet.ReadIndex(filepath.Join(*wn, "index.noun")))}
	common := map[string]bool{}
	f, err := os.Open(*words)
	if err != nil {
		fail("%v", err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		common[sc.Text()] = true
	}
	f.Close()

	cats := map[string]map[string]bool{} // lemma → categories
	add := func(lemma, cat string) {
		if cats[lemma] == nil {
			cats[lemma] = map[string]bool{}
		}
		cats[lemma][cat] = true
	}
	for _, c := range classes {
		depth := map[string]int{} // synset → least steps below a root it may count through
		for _, s := range c.roots {
			s, min, _ := strings.Cut(s, ":")
			minDepth, _ := strconv.Atoi(min)
			word, sense, _ := strings.Cut(s, "#")
			n, _ := strconv.Atoi(sense)
			offs := w.index[word]
			if n < 1 || n > len(offs) {
				fail("no sense %s", s)
			}
			if *verbose {
				fmt.Fprintf(os.Stderr, "%s %s: %s\n", c.name, s, w.noun[offs[n-1]].Gloss)
			}
			for id, d := range w.depths(offs[n-1]) {
				if d >= minDepth {
					depth[id] = d
				}
			}
		}
		for id := range depth {
			s := w.noun[id]
			for _, l := range s.Lemmas {
				if w.rank(l, id) > maxRank || l != strings.ToLower(l) || len(strings.Fields(l)) > 3 {
					continue
				}
				if c.common && !allCommon(l, common) {
					continue
				}
				add(l, c.name)
			}
			if !c.instances {
				continue
			}
			for _, i := range s.Instances {
				for _, l := range w.noun[i].Lemmas {
					low := strings.ToLower(l)
					if !isCapitalised(l) || common[low] || w.rank(l, i) > maxRank || len(strings.Fields(l)) > 3 {
						continue
					}
					add(low, c.name)
				}
			}
		}
	}
	var lines []string
	for l, cs := range cats {
		var names []string
		for c := range cs {
			names = append(names, c)
		}
		sort.Strings(names)
		lines = append(lines, l+"\t"+strings.Join(names, ","))
	}
	sort.Strings(lines)
	const header = "# Generated by category/cmd/categories from WordNet 3.0 (Copyright 2006 by Princeton University, all rights\n" +
		"# reserved) and SCOWL (Copyright 2000-2011 by Kevin Atkinson). Licences: category/README.md.\n" +
		"# lemma<TAB>categories (its hypernym ancestors among the classes of the generator)\n"
	if err := os.WriteFile(*out, []byte(header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		fail("%v", err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d lemmas\n", *out, len(lines))
}

// allCommon: every word of a lower-case lemma is an ordinary SCOWL word.
func allCommon(l string, common map[string]bool) bool {
	for _, w := range strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '-' }) {
		if !common[w] {
			return false
		}
	}
	return true
}

func isCapitalised(l string) bool {
	r := []rune(l)
	return len(r) > 1 && unicode.IsUpper(r[0])
}

// maxRank: a lemma counts for a category only through one of its first
// maxRank noun senses (WordNet orders them by frequency), so "dog" is no
// food (its fifth sense, frankfurter) and "kid" no animal.
const maxRank = 2

// rank is the sense number of synset id among lemma l's noun senses (1 =
// most frequent), or a large number when l has no such sense.
func (w *db) rank(l, id string) int {
	for i, o := range w.index[strings.ToLower(strings.ReplaceAll(l, " ", "_"))] {
		if o == id {
			return i + 1
		}
	}
	return 1 << 30
}

// depths is root and every class below it (hyponyms, not instances), each
// with its least number of steps below the root.
func (w *db) depths(root string) map[string]int {
	d := map[string]int{root: 0}
	frontier := []string{root}
	for step := 1; len(frontier) > 0; step++ {
		var next []string
		for _, id := range frontier {
			if w.noun[id] == nil {
				continue
			}
			for _, h := range w.noun[id].Hyponyms {
				if _, ok := d[h]; !ok {
					d[h] = step
					next = append(next, h)
				}
			}
		}
		frontier = next
	}
	return d
}

// must is v, or the end of the program with err.
func must[T any](v T, err error) T {
	if err != nil {
		fail("%v", err)
	}
	return v
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "categories: "+format+"\n", a...)
	os.Exit(1)
}
