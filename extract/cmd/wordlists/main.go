// Command wordlists generates the word lists the pattern extractor embeds
// (extract/lexicon/*.txt) from WordNet 3.0 (Debian package wordnet-base) and
// SCOWL (Debian package wamerican). It is run by hand, offline; its output
// is committed. See extract/lexicon/README.md for what each list holds.
//
//	apt-get install wordnet-base wamerican
//	go run ./extract/cmd/wordlists -wordnet /usr/share/wordnet -words /usr/share/dict/american-english -out extract/lexicon
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
	noun, adj map[string]*wordnet.Synset
	index     map[string][]string // noun lemma → synset offsets, by sense
}

func main() {
	wn := flag.String("wordnet", "/usr/share/wordnet", "WordNet 3.0 dict directory")
	words := flag.String("words", "/usr/share/dict/american-english", "SCOWL word list")
	out := flag.String("out", "extract/lexicon", "output directory")
	verbose := flag.Bool("v", false, "print the gloss of every root")
	flag.Parse()
	w := &db{noun: must(wordnet.ReadData(filepath.Join(*wn, "data.noun"))), adj: must(wordnet.ReadData(filepath.Join(*wn, "data.adj"))), index: must(wordnet.ReadIndex(filepath.Join(*wn, "index.noun")))}

	root := func(specs ...string) []string {
		var ids []string
		for _, s := range specs {
			word, sense, _ := strings.Cut(s, "#")
			n, _ := strconv.Atoi(sense)
			offs := w.index[word]
			if n < 1 || n > len(offs) {
				fail("no sense %s", s)
			}
			if *verbose {
				fmt.Fprintf(os.Stderr, "%s: %s\n", s, w.noun[offs[n-1]].Gloss)
			}
			ids = append(ids, offs[n-1])
		}
		return ids
	}

	// Places: instances (cities, countries, states, continents, regions) of
	// these classes, or of their subclasses. capital#3 ("a seat of
	// government", above national and state capital) holds Edinburgh,
	// Cardiff and Belfast, which WordNet makes instances of it and of no
	// city; principality#1 holds Wales. Wider classes were left out for
	// the given names among their instances: county#1 (Kent, Devon),
	// borough#1 (Brooklyn), district#1 (Village, AS).
	placeRoots := root("city#1", "town#1", "country#2", "state#1", "american_state#1", "continent#1", "province#1",
		"capital#3", "principality#1", "port#1", "municipality#1", "island#1", "geographical_area#1", "mountain_range#1", "national_park#1")
	placeSet := map[string]bool{}
	for id := range w.closure(placeRoots) {
		placeSet[id] = true
	}
	var places []string
	for id, s := range w.noun {
		if !w.instanceOf(id, placeSet) {
			continue
		}
		for _, l := range s.Lemmas {
			if isCapitalised(l) {
				places = append(places, l)
			}
		}
	}
	placeNames := map[string]bool{}
	for _, p := range places {
		placeNames[p] = true
	}

	// Nationalities: capitalised adjectives that pertain to a place
	// ("Italian" → Italy).
	var nationalities []string
	for _, s := range w.adj {
		for _, p := range s.Pertains {
			ps := w.noun[p]
			if ps == nil {
				continue
			}
			isPlace := false
			for _, l := range ps.Lemmas {
				isPlace = isPlace || placeNames[l]
			}
			if !isPlace {
				continue
			}
			for _, l := range s.Lemmas {
				if isCapitalised(l) {
					nationalities = append(nationalities, l)
				}
			}
		}
	}

	lower := func(roots []string) []string {
		var out []string
		for id := range w.closure(roots) {
			for _, l := range w.noun[id].Lemmas {
				if l == strings.ToLower(l) && len(strings.Fields(l)) <= 3 {
					out = append(out, l)
				}
			}
		}
		return out
	}
	occupations := lower(root("worker#1", "professional#1", "employee#1", "skilled_worker#1", "creator#2", "scientist#1",
		"practitioner#1", "health_professional#1", "lawman#1", "serviceman#1", "athlete#1", "performer#1", "writer#1",
		"entrepreneur#1", "businessman#1", "student#1", "educator#1", "engineer#1"))
	kinship := lower(root("relative#1", "spouse#1", "lover#1", "friend#1", "neighbor#1", "roommate#1", "colleague#1"))
	petRoots := root("domestic_animal#1", "dog#1", "house_cat#1", "hamster#1", "guinea_pig#2", "rabbit#1", "turtle#2",
		"snake#1", "parrot#1", "goldfish#1", "lizard#1", "ferret#2", "horse#1", "pony#2", "budgerigar#1", "canary#4", "gerbil#1",
		"chinchilla#3", "tortoise#1")
	// Pets: only words whose every noun sense is an animal of the list, so
	// "my boxer" or "my charger" is not read as a pet.
	petClasses := w.closure(petRoots)
	var pets []string
	for _, l := range lower(petRoots) {
		only := true
		for _, id := range w.index[strings.ReplaceAll(l, " ", "_")] {
			only = only && petClasses[id]
		}
		if only {
			pets = append(pets, l)
		}
	}
	foods := lower(root("food#2", "dish#2", "beverage#1", "fruit#1", "vegetable#1"))

	// Owned things: vehicles, bicycles, small boats and musical
	// instruments, single words whose every noun sense is in those classes
	// (as for pets: "organ", "keyboard", "horn" are out), less the words
	// chat uses for something else or for a vehicle one rides but does not
	// own ("my vibes", "my taxi").
	ownedRoots := root("motor_vehicle#1", "bicycle#1", "boat#1", "musical_instrument#1")
	ownedClasses := w.closure(ownedRoots)
	var owned []string
	for _, l := range lower(ownedRoots) {
		if strings.Contains(l, " ") || notOwnedThing[l] {
			continue
		}
		only := true
		for _, id := range w.index[l] {
			only = only && ownedClasses[id]
		}
		if only {
			owned = append(owned, l)
		}
	}

	// Goods: what one buys and then has (devices, clothes and shoes,
	// jewellery, furniture, appliances, sports gear, toys and games,
	// books), single lower-case words whose first (most frequent) noun
	// sense is in those classes: "I bought a mouse" is read as the animal
	// and left, "I got new headphones" is read. Only the bought/got rule
	// uses the list ("goods.txt"), never "my <thing>".
	goodsRoots := root("electronic_equipment#1", "computer#1", "electronic_device#1", "gadget#1", "headphone#1", "clothing#1", "footwear#2", "jewelry#1",
		"furniture#1", "home_appliance#1", "sports_equipment#1", "plaything#1", "game_equipment#1", "book#2",
		"publication#1", "camera#1", "watch#1", "bag#1", "musical_instrument#1", "bicycle#1", "motor_vehicle#1")
	goodsClasses := w.closure(goodsRoots)
	var goods []string
	for _, l := range lower(goodsRoots) {
		if strings.Contains(l, " ") || notOwnedThing[l] {
			continue
		}
		if offs := w.index[l]; len(offs) > 0 && goodsClasses[offs[0]] {
			goods = append(goods, l)
		}
	}

	// Given names: the capitalised single words of SCOWL that WordNet does
	// not list as a place or a nationality.
	nat := map[string]bool{}
	for _, n := range nationalities {
		nat[n] = true
	}
	var names, scowl []string
	common := map[string]bool{} // SCOWL's lower-case words
	f, err := os.Open(*words)
	if err != nil {
		fail("%v", err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		scowl = append(scowl, sc.Text())
	}
	f.Close()
	for _, l := range scowl {
		if l == strings.ToLower(l) {
			common[l] = true
		}
	}
	for _, l := range scowl {
		if isCapitalised(l) && !strings.ContainsAny(l, "' ") && !placeNames[l] && !nat[l] && l != strings.ToUpper(l) {
			names = append(names, l)
		}
	}
	// Places whose lower-case spelling is also an ordinary word ("Nice",
	// "Reading", "Bath"): never recognised in lower-case text.
	var commonPlaces []string
	for _, p := range places {
		if common[strings.ToLower(p)] {
			commonPlaces = append(commonPlaces, p)
		}
	}

	const wnHeader = "# Generated by extract/cmd/wordlists from WordNet 3.0. WordNet 3.0 Copyright 2006 by Princeton University.\n" +
		"# All rights reserved. Licence and disclaimer: extract/lexicon/README.md.\n"
	const both = "# Generated by extract/cmd/wordlists from WordNet 3.0 (Copyright 2006 by Princeton University, all rights\n" +
		"# reserved) and SCOWL (Copyright 2000-2011 by Kevin Atkinson). Licences: extract/lexicon/README.md.\n"
	for name, list := range map[string][]string{"places.txt": places, "nationalities.txt": nationalities,
		"occupations.txt": occupations, "kinship.txt": kinship, "pets.txt": pets, "foods.txt": foods, "owned.txt": owned,
		"goods.txt": goods} {
		write(filepath.Join(*out, name), wnHeader, list)
	}
	write(filepath.Join(*out, "names.txt"), both, names)
	write(filepath.Join(*out, "common_places.txt"), both, commonPlaces)
}

// notOwnedThing are words of the owned classes that chat uses for
// something else ("vibes", "bones", "electric") or that name a vehicle
// one rides, works on or calls, not one's own ("my taxi", "my ambulance").
var notOwnedThing = map[string]bool{"vibes": true, "bones": true, "electric": true, "chime": true, "clappers": true,
	"bombard": true, "pipework": true, "virginal": true, "diapason": true, "ambulance": true, "taxi": true,
	"taxicab": true, "minicab": true, "hearse": true, "bloodmobile": true, "bookmobile": true, "dustcart": true,
	"dumper": true, "snowplow": true, "snowplough": true, "barge": true, "bumboat": true, "car-ferry": true,
	"dredger": true, "ferryboat": true, "fireboat": true, "gunboat": true, "lifeboat": true, "mailboat": true,
	"showboat": true, "towboat": true, "tugboat": true, "hoy": true, "scow": true, "pantechnicon": true}

func isCapitalised(l string) bool {
	r := []rune(l)
	return len(r) > 1 && unicode.IsUpper(r[0])
}

// instanceOf reports whether synset id is an instance (@i) of a class in set.
func (w *db) instanceOf(id string, set map[string]bool) bool {
	for _, h := range w.noun[id].InstanceOf {
		if set[h] {
			return true
		}
	}
	return false
}

// closure is the roots and every class below them (hyponyms, not instances).
func (w *db) closure(roots []string) map[string]bool {
	seen := map[string]bool{}
	stack := append([]string(nil), roots...)
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[id] || w.noun[id] == nil {
			continue
		}
		seen[id] = true
		stack = append(stack, w.noun[id].Hyponyms...)
	}
	return seen
}

func write(path, header string, list []string) {
	seen := map[string]bool{}
	var out []string
	for _, l := range list {
		l = strings.TrimSpace(l)
		if l != "" && !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	sort.Strings(out)
	if err := os.WriteFile(path, []byte(header+strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		fail("%v", err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d\n", path, len(out))
}

// must is v, or the end of the program with err.
func must[T any](v T, err error) T {
	if err != nil {
		fail("%v", err)
	}
	return v
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "wordlists: "+format+"\n", a...)
	os.Exit(1)
}
