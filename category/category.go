// Package category answers two questions about general English nouns, from
// a table generated offline from WordNet 3.0 (wordnet.txt, see README.md):
// which categories a word falls in ("violin" → instrument; "Paris" → city,
// place), and which category a question asks for ("What instruments does
// Melanie play?" → instrument). Recall uses it to find, for a question
// that names a person and a category, that person's facts and turns that
// name a member of the category, although they share no word with the
// question.
package category

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
)

//go:embed wordnet.txt
var table string

var (
	once  sync.Once
	cats  map[string][]string // lemma → categories
	words map[string][]string // category → its single-word lemmas
)

func load() {
	cats = map[string][]string{}
	words = map[string][]string{}
	for _, line := range strings.Split(table, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		l, cs, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		cats[l] = strings.Split(cs, ",")
		if !strings.ContainsAny(l, " -") {
			for _, c := range cats[l] {
				words[c] = append(words[c], l)
			}
		}
	}
}

// Of is the categories of a noun (a word or a lemma of up to three words,
// any case), singular or in a regular plural ("cities", "dogs", "knives").
func Of(word string) []string {
	once.Do(load)
	w := strings.ToLower(strings.TrimSpace(word))
	for _, f := range singulars(w) {
		if cs, ok := cats[f]; ok {
			return cs
		}
	}
	return nil
}

// Is reports whether word falls in category c.
func Is(word, c string) bool {
	return slices.Contains(Of(word), c)
}

// Words are the single-word lemmas of category c (sorted), for matching
// running text.
func Words(c string) []string {
	once.Do(load)
	return words[c]
}

// singulars are w and the singular forms a regular English plural of it
// may have, most likely first.
func singulars(w string) []string {
	out := []string{w}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "ves") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"f", w[:len(w)-3]+"fe")
	case strings.HasSuffix(w, "children"):
		out = append(out, strings.TrimSuffix(w, "ren"))
	}
	if strings.HasSuffix(w, "es") && len(w) > 3 {
		out = append(out, w[:len(w)-2])
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 2 {
		out = append(out, w[:len(w)-1])
	}
	return out
}

// Ask is what a question asks for: a category, and the fact predicates
// that answer it whatever their claim (a question about pets is answered by
// has_pet).
type Ask struct {
	Category string
	// Noun is the question's word that named it ("instruments").
	Noun string
	// Predicates are canonical predicates (snake_case) of facts that
	// answer it by their relation alone.
	Predicates []string
}

// questionNouns are the question words that name a category, with the
// category they name: the head of "what X", "which X", "how many X",
// "<name>'s X". General English, written by hand (the words people use to
// ask about someone's activities, pets, places, food, family).
var questionNouns = map[string]string{
	"activity": "activity", "hobby": "activity", "pastime": "activity", "interest": "activity",
	"sport": "sport", "game": "game",
	"exercise": "exercise", "workout": "exercise",
	"art": "art", "artwork": "art",
	"instrument": "instrument",
	"pet":        "pet", "animal": "animal", "dog": "dog", "puppy": "dog", "cat": "cat", "kitten": "cat",
	"city": "city", "town": "city",
	"country": "country", "state": "country",
	"place": "place", "location": "place", "spot": "place", "destination": "place",
	"food": "food", "meal": "food", "snack": "food",
	"dish": "dish", "recipe": "dish",
	"dessert": "dessert", "treat": "dessert", "sweet": "dessert", "pastry": "dessert",
	"drink": "drink", "beverage": "drink",
	"vehicle": "vehicle", "car": "car",
	"relative": "relative", "family": "relative", "member": "", // "family members": family decides
	"child": "child", "kid": "child", "son": "child", "daughter": "child",
}

// predicates are the fact predicates that answer a category by their
// relation alone.
var predicates = map[string][]string{
	"activity": {"pastime"},
	"pet":      {"has_pet", "adopted"},
	"dog":      {"has_pet", "adopted"},
	"cat":      {"has_pet", "adopted"},
	"animal":   {"has_pet"},
	"child":    {"child", "son", "daughter"},
	"relative": {"child", "son", "daughter", "mother", "father", "sibling", "sister", "brother", "cousin", "aunt", "uncle", "wife", "husband", "partner", "grandmother", "grandfather", "parent"},
	"city":     {"visited", "travels_to", "lives_in", "moved_to", "moved_from", "from"},
	"country":  {"visited", "travels_to", "lives_in", "moved_to", "moved_from", "from", "nationality"},
	"place":    {"visited", "travels_to", "lives_in", "moved_to", "moved_from", "from"},
}

// Asked is the category a list question asks for, if it asks for one: a
// plural noun after "what"/"which" (past "kind(s)/type(s)/sort(s) of" and
// up to two modifiers: "what outdoor activities"), after "how many", or,
// in a question starting with "what"/"which", after a possessive ("What
// are Joanna's hobbies?"). A question with no such noun asks for no
// category ("What did Melanie paint?"), and neither does a singular one
// ("What activity did Maria do with her mom in May?" asks for one event,
// not the members of a category).
func Asked(question string) (Ask, bool) {
	ws := tokens(question)
	listQ := len(ws) > 0 && (ws[0] == "what" || ws[0] == "which")
	at := func(i int) (Ask, bool) {
		if i >= len(ws) {
			return Ask{}, false
		}
		w := ws[i]
		for k, f := range singulars(w) {
			c, ok := questionNouns[f]
			if !ok {
				continue
			}
			if k == 0 && !plural[w] { // a singular noun
				return Ask{}, false
			}
			if c == "" { // "family members"
				if i > 0 && ws[i-1] == "family" {
					c = "relative"
				} else {
					return Ask{}, false
				}
			}
			return Ask{Category: c, Noun: w, Predicates: predicates[c]}, true
		}
		return Ask{}, false
	}
	for i, w := range ws {
		var start int
		switch {
		case w == "what" || w == "which":
			start = i + 1
			if start+1 < len(ws) && (ws[start] == "of") { // "which of james's family members"
				start++
			}
		case w == "how" && i+1 < len(ws) && (ws[i+1] == "many"):
			start = i + 2
		case listQ && (strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "s'") ||
			i == 2 && (w == "my" || w == "our") && (ws[1] == "are" || ws[1] == "were")): // "What are my hobbies?"
			if a, ok := at(i + 1); ok {
				return a, true
			}
			if i+2 < len(ws) && ws[i+1] == "family" { // "james's family members"
				if a, ok := at(i + 2); ok {
					return a, true
				}
			}
			continue
		default:
			continue
		}
		j := start
		if j+1 < len(ws) && kindWords[ws[j]] && ws[j+1] == "of" {
			j += 2
		}
		for k := j; k < len(ws) && k <= j+2; k++ {
			if a, ok := at(k); ok {
				return a, true
			}
			if notModifier[ws[k]] || strings.HasSuffix(ws[k], "'s") {
				break
			}
		}
	}
	// no category noun: perhaps a pastime asked by its purpose
	return askedByPurpose(ws)
}

// purposes are the phrases that ask what someone habitually does to rest
// ("What does Calvin do to relax?", "How do Jon and Gina like to
// destress?"): general English for a question about pastimes, which
// names no category noun. Words as tokens gives them.
var purposes = [][]string{
	{"to", "relax"}, {"to", "unwind"}, {"to", "destress"}, {"to", "de-stress"}, {"to", "de", "stress"},
	{"to", "chill"}, {"to", "recharge"}, {"to", "decompress"}, {"to", "have", "fun"}, {"for", "fun"},
	{"to", "blow", "off", "steam"}, {"to", "relieve", "stress"}, {"to", "cope"},
	{"free", "time"}, {"spare", "time"}, {"leisure", "time"}, {"downtime"},
}

// askedByPurpose: a "what"/"how" question about what someone does, in the
// present (habitual: "does", "do"; "did" asks for one occasion, "What did
// Melanie do after the road trip to relax?"), for a purpose in purposes.
// It asks for activities, answered by pastimes too.
func askedByPurpose(ws []string) (Ask, bool) {
	if len(ws) == 0 || ws[0] != "what" && ws[0] != "how" {
		return Ask{}, false
	}
	habitual := (slices.Contains(ws, "do") || slices.Contains(ws, "does")) && !slices.Contains(ws, "did")
	for i := range ws {
		for _, p := range purposes {
			if i+len(p) > len(ws) || !slices.Equal(ws[i:i+len(p)], p) {
				continue
			}
			if habitual {
				return Ask{Category: "activity", Predicates: predicates["activity"]}, true
			}
		}
	}
	return Ask{}, false
}

// plural are plural question nouns singulars does not reduce.
var plural = map[string]bool{"children": true, "members": true}

var kindWords = map[string]bool{"kind": true, "kinds": true, "type": true, "types": true, "sort": true, "sorts": true}

// notModifier are words that end a wh-phrase: auxiliaries and pronouns
// ("what did", "what does she"), so "What did Melanie paint for her pet?"
// asks for no category.
var notModifier = map[string]bool{
	"do": true, "does": true, "did": true, "has": true, "have": true, "had": true, "is": true, "are": true, "was": true, "were": true,
	"will": true, "would": true, "can": true, "could": true, "should": true, "might": true, "may": true,
	"he": true, "she": true, "they": true, "i": true, "you": true, "we": true, "it": true, "the": true, "a": true, "an": true,
	"his": true, "her": true, "their": true, "my": true, "your": true, "our": true,
}

// tokens are the question's lower-case words, apostrophes kept ("melanie's").
func tokens(s string) []string {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '-'
	})
}
