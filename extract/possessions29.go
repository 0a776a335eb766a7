package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Pets named in the turn with no clause that gives them as the speaker's
// (session 29): a name said of the pet in the shared photo ("Here's a pic
// of Oliver" with a photo of a dog; "her name is Shadow" with one), and
// the names given to pets the turn speaks of ("Their names are Pepper,
// Precious and Panda", "Her name is Mel, a street dog from the shelter",
// "MEET MY BABY 🐶 his name is TOFU"). Each is `has_pet` with the name.

// petName29: a pet's name, capitalised or in capitals.
const petName29 = `(\p{Lu}(?:\p{Ll}{1,15}|\p{Lu}{1,15}))`

// picWordRE: a word for a picture, which picOfPetRE needs.
var picWordRE = regexp.MustCompile(`\b(?:pics?|pictures?|photos?|shot|snaps?)\b`)

// picOfPetRE: a picture of a named one (group 1).
var picOfPetRE = regexp.MustCompile(`\b(?i:pic|pics|picture|pictures|photo|photos|shot|snap|snaps)\s+(?i:of)\s+` + petName29 + `\b`)

// petNamesAreRE: "their names are A, B and C", "her name is A" (group 1
// the names).
var petNamesAreRE = regexp.MustCompile(`\b(?i:their|her|his|its)\s+(?i:names?\s+(?:is|are)|name's|names're)\s+(` + petName29[1:len(petName29)-1] + `(?:\s*,\s*` + petName29[1:len(petName29)-1] + `)*(?:\s*,?\s+(?i:and|&)\s+` + petName29[1:len(petName29)-1] + `)?)\b`)

// pronCalledRE: "she's six, one-eyed and called Frida Kahlo": the pet
// just spoken of, named (group 1 the name).
var pronCalledRE = regexp.MustCompile(`\b(?i:she|he)(?:'s|\s+is)\s+(?:[^.!?]{0,40}?\s)?(?i:called|named)\s+(\p{Lu}\p{Ll}{1,15}(?:\s+\p{Lu}\p{Ll}{1,15})?)\b`)

// petPairNamedRE: pets counted, then named at the clause's end: "I adopted
// two elderly cats from Cats Protection, Morag and Effie" (group 1 the
// words after the count, the kind among them; groups 2 and 3 the names).
var petPairNamedRE = regexp.MustCompile(`\b(?i:two|a\s+pair\s+of|a\s+couple\s+of)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\b[^.!?]{0,60}?,\s*(\p{Lu}\p{Ll}{1,15})\s+(?i:and|&)\s+(\p{Lu}\p{Ll}{1,15})\s*(?:[.!]|$)`)

// petNameSplitRE parts a list of names.
var petNameSplitRE = regexp.MustCompile(`\s*(?:,\s*(?i:and\s+)?|\s(?i:and|&)\s)\s*`)

// petEmojiRE: an animal's emoji, said of a pet.
var petEmojiRE = regexp.MustCompile(`[🐶🐕🐩🐈🐱🐰🐇🐹🐢🐍🦜🐴🐾🦎🐠🐟]`)

// captionPersonRE: a photo with a person in it, whose name a caption's
// "pic of X" may be.
var captionPersonRE = regexp.MustCompile(`(?i)\b(?:man|men|woman|women|person|people|girl|boy|child|children|kid|kids|baby|family|couple|group)\b`)

// petKindAfterRE: the kind said after the name: ", a street dog".
var petKindAfterRE = regexp.MustCompile(`^\s*,?\s*(?i:an?|the|my|our)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)`)

// petNamed29 adds the pets the turn names in the two frames above.
func petNamed29(text, speaker string, at time.Time, out []Fact) []Fact {
	low := strings.ToLower(text)
	if !strings.Contains(low, "name") && !(strings.Contains(low, " of ") && picWordRE.MatchString(low)) && !strings.Contains(low, "called") &&
		!(strings.Contains(low, ",") && (strings.Contains(low, "two ") || strings.Contains(low, "pair ") || strings.Contains(low, "couple "))) {
		return out
	}
	capPet, capPerson := "", false
	for _, cp := range captionTexts.FindAllStringSubmatch(text, -1) {
		for _, w := range strings.Fields(strings.ToLower(cp[1])) {
			if w = strings.Trim(w, ".,;:"); isPet(w) && !ambiguousPets[w] {
				capPet = singular(w)
			}
		}
		capPerson = capPerson || captionPersonRE.MatchString(cp[1])
	}
	emoji := petEmojiRE.MatchString(text)
	have := petsNamed(out)
	okName := func(n string) bool {
		ln := strings.ToLower(n)
		return petNameOK(have, n) && relKey(ln) == "" && !calendarName(ln)
	}
	add := func(n, kind, span string) {
		if !okName(n) {
			return
		}
		have[strings.ToLower(n)] = true
		c := newClause(span, speaker, at)
		c.add(speaker, "has_pet", n, World, confTaggedPosses)
		if kind != "" {
			c.add(n, "is_a", kind, World, confTaggedPosses)
		}
		out = append(out, c.facts...)
	}
	body := clean(text)
	var before []string
	for _, s := range sentences(body) {
		s = strings.TrimSpace(s)
		rs := restoreCase(s)
		if !strings.HasSuffix(s, "?") && !secondRE.MatchString(s) && !condRE.MatchString(s) {
			if capPet != "" && !capPerson {
				for _, m := range picOfPetRE.FindAllStringSubmatch(rs, -1) {
					add(m[1], capPet, m[0])
				}
			}
			for _, mi := range petNamesAreRE.FindAllStringSubmatchIndex(rs, -1) {
				kind := namedPetKind29(append(slices.Clone(before), strings.Fields(rs[:mi[0]])...))
				if kind == "" {
					if k := petKindAfterRE.FindStringSubmatch(rs[mi[1]:]); k != nil {
						ws := strings.Fields(k[1])
						for j := len(ws); j > 0 && kind == ""; j-- {
							kind = petKindOf(ws[:j]) // "a street dog from the shelter"
						}
					}
				}
				if kind == "" && (capPet != "" && !capPerson || emoji) {
					kind = capPet
					if kind == "" {
						kind = "-"
					}
				}
				if kind == "" {
					continue
				}
				if kind == "-" {
					kind = ""
				}
				named := false
				for _, n := range petNameSplitRE.Split(rs[mi[2]:mi[3]], -1) {
					if n != "" && okName(n) {
						add(n, kind, rs[mi[0]:mi[1]])
						named = true
					}
				}
				if named && kind != "" {
					out = dropPetKind(out, speaker, kind)
				}
			}
			for _, mi := range pronCalledRE.FindAllStringSubmatchIndex(rs, -1) {
				kind := namedPetKind29(append(slices.Clone(before), strings.Fields(rs[:mi[0]])...))
				if n := rs[mi[2]:mi[3]]; kind != "" && okName(n) {
					add(n, kind, rs[mi[0]:mi[1]])
					out = dropPetKind(out, speaker, kind)
				}
			}
			if m := petPairNamedRE.FindStringSubmatch(rs); m != nil && firstPerson29RE.MatchString(rs) {
				kind := ""
				for _, w := range strings.Fields(strings.ToLower(m[1])) {
					if isPet(w) {
						kind = singular(w)
						break
					}
				}
				if kind != "" && isPet(kind) && !ambiguousPets[kind] && okName(m[2]) && okName(m[3]) {
					add(m[2], kind, m[0])
					add(m[3], kind, m[0])
					out = dropPetKind(out, speaker, kind)
				}
			}
		}
		before = append(before, ".")
		before = append(before, strings.Fields(rs)...)
	}
	return out
}

// dropPetKind takes out the speaker's pet written by its kind once the
// turn named it: "three rescue dogs … their names are …" are the names.
func dropPetKind(out []Fact, speaker, kind string) []Fact {
	return slices.DeleteFunc(out, func(f Fact) bool {
		return f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive &&
			isPet(lastWord(f.Claim)) && singular(strings.ToLower(lastWord(f.Claim))) == kind
	})
}

// firstPerson29RE: the speaker, as one person.
var firstPerson29RE = regexp.MustCompile(`(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|me|my)\b`)

// namedPetKind29 is namedPetKind with the pronouns that stand for the pet
// let through: "I adopted a cat!! she was living under the stairs … her
// name is Bica".
func namedPetKind29(before []string) string {
	var ws []string
	for _, w := range before {
		switch strings.ToLower(strings.Trim(w, ",.!;:'\"")) {
		case "she", "he", "her", "him", "it", "they", "them", "she's", "he's", "shes", "hes":
			continue
		}
		ws = append(ws, w)
	}
	return namedPetKind(ws)
}

// A thing shown in the shared photo and spoken of only by a word that
// points at it (session 29): "look what I got!", "Here's a pic of my set",
// "this beauty", "my new baby" with a photo of a drum kit, a guitar, a
// tractor. The thing is `owns` with the caption's noun, when that noun is
// goods, an instrument or a vehicle, as the labels take the caption's noun
// for "it" (README, draws 7 and 11).

// showOwnRE: the words that show the speaker's thing in the photo.
var showOwnRE = regexp.MustCompile(`(?i)\b(?:(?:look|check\s+out|see)\s+what\s+(?:i|we)\s+(?:just\s+|finally\s+)?(?:got|bought|found|picked\s+up|ordered)|(?:this|my\s+new|my\s+latest)\s+(?:beauty|baby|ride|toy|purchase|buy|treasure|addition|pride\s+and\s+joy)|(?:here's|here\s+is|this\s+is|these\s+are|check\s+out|look\s+at|a\s+pic\s+of|a\s+picture\s+of|a\s+photo\s+of)\s+my\s+(?:new\s+)?(?:set|setup|set-up|rig|kit|gear|ride|baby|prized\s+possession|pride\s+and\s+joy)|(?:i|we)\s+(?:just\s+|finally\s+|recently\s+)?(?:bought|ordered|picked\s+up)\s+(?:this|these|one|it|them))\b`)

// captionThingRE: the first thing a caption shows (group 1, with the
// words before it).
var captionThingRE = regexp.MustCompile(`(?i)^\s*an?\s+(?:photo|photography|picture|image|close\s+up)\s+of\s+(?:an?|the|two|some|a\s+pair\s+of|a\s+set\s+of)\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)(?:\s+(?:on|in|with|sitting|laying|lying|parked|next|by|at|and|that|standing|hanging|leaning|under|against|from|near|inside|covered|filled|full|is|are)\b|\s*$|\s*,)`)

// captionAdj are the colours and looks a caption gives that are no part of
// what the thing is.
var captionAdj = setOf(`red blue green yellow black white grey gray brown pink purple orange silver gold golden beige dark
	light bright shiny new old small large big little tiny huge white-and-black black-and-white colorful colourful
	wooden ceramic metal plastic glass leather close-up`)

// namedThingRE: the thing named after the words that show it: "— a
// Rolleiflex from 1962" (group 1).
var namedThingRE = regexp.MustCompile(`\b(?:a|an)\s+(\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)*)`)

// captionGoods are things a caption shows that the goods lists miss.
var captionGoods = setOf(`tractor trailer camper motorhome telescope turntable`)

// photoOwns adds the thing the turn shows as the speaker's.
func photoOwns(text, speaker string, at time.Time, out []Fact) []Fact {
	caps := captionTexts.FindAllStringSubmatch(text, -1)
	if len(caps) == 0 {
		return out
	}
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "owns" {
			return out // the text named the thing
		}
	}
	m := captionThingRE.FindStringSubmatch(caps[0][1])
	if m == nil {
		return out
	}
	ws := strings.Fields(m[1])
	head := strings.ToLower(ws[len(ws)-1])
	kitOf := (head == "kit" || head == "set") && len(ws) > 1 // "a drum kit", "a chess set"
	if isPet(head) || !(kitOf || captionGoods[head] || lexGoods.has(head) || lexGoods.has(singular(head)) || goodsWords[head] || goodsWords[singular(head)] || ownedThing(head)) {
		return out
	}
	var keep []string
	for _, w := range ws[:len(ws)-1] {
		if lw := strings.ToLower(w); captionAdj[lw] || evaluative[lw] || goodsPraise[lw] || stopLower[lw] {
			continue
		}
		keep = append(keep, w)
	}
	claim := strings.Join(append(keep, ws[len(ws)-1]), " ")
	body := clean(text)
	for _, s := range sentences(body) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		if loc := showOwnRE.FindStringIndex(s); loc != nil {
			c := newClause(s, speaker, at)
			if !c.mode(s[:loc[0]]) || c.neg || c.fore {
				continue
			}
			if n := namedThingRE.FindStringSubmatch(s[loc[1]:]); n != nil {
				if nm := name(n[1]); nm != "" && !lexPlaces.has(nm) {
					claim = nm // "look what I found … a Rolleiflex from 1962": the text names it
				}
			}
			c.add(speaker, "owns", claim, World, confTaggedPosses)
			return append(out, c.facts...)
		}
	}
	return out
}
