package extract

import (
	"embed"
	"strings"
	"sync"
)

// The word lists are generated offline by extract/cmd/wordlists from
// WordNet 3.0 and SCOWL and embedded here; extract/lexicon/README.md says
// how each was made and its licence.
//
//go:embed lexicon/*.txt
var lexiconFS embed.FS

// wordSet maps a lower-case spelling to its written form.
type wordSet map[string]string

// loadWords reads one or more lists into one set.
func loadWords(names ...string) wordSet {
	s := wordSet{}
	for _, name := range names {
		raw, err := lexiconFS.ReadFile("lexicon/" + name)
		if err != nil {
			panic("extract: word list " + name + ": " + err.Error())
		}
		for _, l := range strings.Split(string(raw), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				s[strings.ToLower(l)] = l
			}
		}
	}
	return s
}

func (s wordSet) has(w string) bool {
	_, ok := s[strings.ToLower(w)]
	return ok
}

var (
	lexPlaces        = loadWords("places.txt")
	lexCities        = loadWords("cities.txt", "regions.txt")
	lexCommonPlaces  = loadWords("common_places.txt")
	lexNationalities = loadWords("nationalities.txt")
	lexOccupations   = loadWords("occupations.txt")
	lexKinship       = loadWords("kinship.txt")
	lexPets          = loadWords("pets.txt")
	lexNames         = loadWords("names.txt")
	lexOwned         = loadWords("owned.txt")
	lexGoods         = loadWords("goods.txt")
)

// lexCommon is SCOWL's lower-case words (common.txt), loaded on first use:
// 64,000 words only the lower-case name rule reads.
var lexCommon = sync.OnceValue(func() wordSet { return loadWords("common.txt") })

// isOccupation reports whether the noun phrase p names an occupation: the
// whole phrase, its last two words or its last word is in the list.
func isOccupation(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for i := 0; i < len(ws); i++ {
		if lexOccupations.has(strings.Join(ws[i:], " ")) || jobWords[strings.Join(ws[i:], " ")] {
			return true
		}
	}
	return false
}

// isPlace reports whether p names a place where a place is expected
// ("here in Pokhara", "moved to Porto Alegre", "back from Kerala"): a
// WordNet place, a GeoNames town (cities.txt) or a CLDR region
// (regions.txt; both in lexCities). A town or region never keeps a word from
// being read as a person's name ("my sister Farah"): only lexPlaces does.
func isPlace(p string) bool { return lexPlaces.has(p) || lexCities.has(p) }

// textingWords are words of texting that no list of English words holds and
// that follow "my cat" or "my mom" as often as a name does ("my mom pls",
// "my bro tbh", "my cat lol"), with the days of the year chat names
// there ("my mum xmas"): never a name.
var textingWords = setOf(`lol lmao lmfao rofl haha hahaha hehe omg tbh rn pls plz idk ngl btw imo smh ikr jk fr
	lowkey highkey literally wud cud shud cuz coz bc bcs tho thru yall im ive hes shes dont cant wont didnt doesnt isnt
	wasnt aint thats whats abt wen wat nd n w wif ur u ya yh ok okay kinda sorta gonna wanna gotta dunno luv hv rly ily
	sm tmrw tmr tonite 2day bday xmas christmas easter thanksgiving diwali eid ramadan hanukkah halloween ofc pic pics
	vid irl asap fyi bro sis ppl`)

// isPet reports whether the word names a kind of pet (singular or plural).
func isPet(w string) bool {
	w = strings.ToLower(w)
	return petWords[w] || petWords[singular(w)]
}

// badEsPlural reports a pet's word with an "es" no plural of it takes:
// "rates" is no plural of "rat" (the pet rules read "rat" + "es").
func badEsPlural(w string) bool {
	lw := strings.ToLower(w)
	if !strings.HasSuffix(lw, "es") || isPet(lw) {
		return false
	}
	base := lw[:len(lw)-2]
	if !isPet(base) {
		return false
	}
	for _, e := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(base, e) {
			return false // "foxes", "finches", "fishes"
		}
	}
	return true
}

func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}
