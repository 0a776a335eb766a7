package extract

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Session 29 precision pass over a turn's facts, in the plan, event and
// possession families: claim forms the labelled sets write otherwise, and
// facts they never write. Two changes the labels ask for were not kept,
// because a memory needs what they drop: a pet that died is has_pet
// negative (its time with the member has ended; the read sets write it
// positive), and "we got engaged" is an event with its date as well as the
// partner (no read set writes the event).

// precision29 runs after the turn's rules and the whole-turn passes.
func precision29(text, speaker string, out []Fact) []Fact {
	out = errandPlans(out)
	out = appositiveName(text, speaker, out)
	out = petCalledName(text, speaker, out)
	return out
}

// errandPlans: a small errand said with "will" is no plan the labelled sets
// write ("I will knock on Saturday then", "I'll swap with someone for the
// 14th", "I will show Ana", "I will show to Tomoe on Sunday"): a knock,
// a call or a message, a shift swapped, a thing shown to one person with
// nothing named to show. A place or thing to show is a plan still ("I will
// show her Stanley Park").
func errandPlans(out []Fact) []Fact {
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "plans" || f.Kind != Foresight {
			return false
		}
		return errandPlanRE.MatchString(f.Claim) || flightPlanRE.MatchString(f.Claim)
	})
}

// flightPlanRE: a flight is a trip's means, not its aim; no read set labels
// a plan "fly …" (the trip is travels_to its place where it is named), and
// the extractor wrote three, all spurious ("we fly down the 12th", "We fly
// from Schiphol on 6 October", "I'll fly home from Copenhagen on the 12th").
var flightPlanRE = regexp.MustCompile(`(?i)^(?:fly|flying)\b`)

// errandPlanRE: the errand's claim as the plan rules cut it.
var errandPlanRE = regexp.MustCompile(`(?i)^(?:(?:knock|ring|phone|call|text|email|e-mail|message|ping|dm|remind)(?:\s+(?:then|back|again|(?:on|at|for)\s+\S+|him|her|them|you|someone|everyone|(?-i:\p{Lu}\p{Ll}+)))?|swap(?:\s+(?:with|shifts?)\b.*)?|show(?:\s+(?:to\s+)?(?:him|her|them|you|everyone|(?-i:\p{Lu}\p{Ll}+)))?)$`)

// appositiveName: a club joined or a business owned, said by its kind and
// then named in apposition, is written by its name in every read set ("I
// also joined a running club here, the Parkview Harriers", "I own a
// pharmacy in Kumasi, Adom Pharmacy, since 1998", "joined a club of old men
// who stop for coffee every ten kilometres. The Cyclos du Mont d'Or."). The
// name is said right after the claim (after a comma), or is the whole next
// sentence. Not a name that goes on into a clause ("I joined a choir, Anna
// talked me into it"), a day or month, or a place.
func appositiveName(text, speaker string, out []Fact) []Fact {
	if !strings.ContainsAny(text, ",.") {
		return out
	}
	lt := strings.ToLower(text)
	for i, f := range out {
		if f.Subject != speaker || f.Polarity != Positive || f.Predicate != "joined" && f.Predicate != "owns" {
			continue
		}
		if r := []rune(f.Claim); len(r) == 0 || unicode.IsUpper(r[0]) {
			continue // named already
		}
		k := strings.Index(lt, strings.ToLower(f.Claim))
		if k < 0 || k > 0 && !strings.HasSuffix(strings.TrimRight(lt[:k], " "), " a") && !strings.HasSuffix(strings.TrimRight(lt[:k], " "), " an") {
			continue // only a kind said with "a"
		}
		rest := text[k+len(f.Claim):]
		name := ""
		if m := apposNameRE.FindStringSubmatch(rest); m != nil {
			name = m[1]
		} else if j := strings.IndexAny(rest, ".!"); j >= 0 {
			if m := fragNameRE.FindStringSubmatch(rest[j:]); m != nil {
				name = m[1]
			}
		}
		if name == "" || notApposName(name) {
			continue
		}
		out[i].Claim = name
	}
	return out
}

// notApposName: a day, a month or a place is no name of a club or shop.
func notApposName(n string) bool {
	w := strings.ToLower(strings.Fields(n)[0])
	return calendarName(w) || knownPlace(n) || pronoun[w]
}

var (
	apposName = `((?:\p{Lu}[\p{L}'’&-]*)(?:\s+(?:\p{Lu}[\p{L}'’&-]*|du|de|la|le|of|the|and|&|d'\p{Lu}[\p{L}]*)){0,5})`
	// apposNameRE: ", the Parkview Harriers." right after the claim.
	apposNameRE = regexp.MustCompile(`^(?:\s+(?:here|there|nearby|near me|in town|locally))?,\s+(?:(?:the|The|called|named)\s+)?` + apposName + `\s*(?:[.,!;)]|$)`)
	// fragNameRE: a next sentence that is only a name: ". The Cyclos du Mont d'Or."
	fragNameRE = regexp.MustCompile(`^[.!]+\s+(?:The\s+)?` + apposName + `\s*(?:[.!]|$)`)
)

// petCalledName: the speaker's pet, said by its kind and then named with
// "called" or "named", is written by its name, and its kind goes ("i
// finally got a dog!! a rescue lurcher called biscuit" is has_pet biscuit,
// as the synthetic set labels it; the rules read only the kind). The name
// may be lower case in casual chat. Only where the speaker has a pet in the
// turn and the word before "called" is a pet or a breed; not another's pet
// ("my sister has a cat called Mo"), not a word that is no name ("a dog
// called a mutt").
func petCalledName(text, speaker string, out []Fact) []Fact {
	if !strings.Contains(text, "called") && !strings.Contains(text, "named") {
		return out
	}
	kinds := 0
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive {
			if isPet(f.Claim) || isPet(lastWord(f.Claim)) {
				kinds++
			} else {
				return out // named already
			}
		}
	}
	if kinds != 1 {
		return out
	}
	loc := petCalledNameRE.FindStringSubmatchIndex(text)
	if loc == nil {
		return out
	}
	m := []string{text[loc[0]:loc[1]], text[loc[2]:loc[3]], text[loc[4]:loc[5]], text[loc[6]:loc[7]]}
	if !isPet(m[2]) && !petBreeds[strings.ToLower(m[2])] {
		return out
	}
	before := text[:loc[0]]
	if k := strings.LastIndexAny(before, ".!?;"); k >= 0 {
		before = before[k+1:]
	}
	for _, w := range strings.Fields(strings.ToLower(before)) {
		w = strings.Trim(w, ",'\"")
		if relKey(w) != "" || relKey(singular(w)) != "" || personNouns[w] || thirdParty[w] {
			return out // another's pet: "My friend has a parrot called Kiwi"
		}
	}
	name := m[3]
	if lw := strings.ToLower(name); pronoun[lw] || articleRE.MatchString(name+" ") || notApposName(name) || notPetName[lw] {
		return out
	}
	for i, f := range out {
		if f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive {
			out[i].Claim = name
		}
	}
	return out
}

var (
	// petCalledNameRE: "a rescue lurcher called biscuit", "my cat named Bo".
	petCalledNameRE = regexp.MustCompile(`(?i)\b(a|an|my|our)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s+(?:called|named)\s+([\p{L}][\p{L}'’-]*)`)
	// notPetName: words after "called" that name no pet.
	notPetName = setOf(`it him her them that this what something because for by after me us lol haha so too`)
	// thirdParty: a subject that is not the speaker.
	thirdParty = setOf(`he she they his her their he's she's they're`)
)
