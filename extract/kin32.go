package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Relatives and friends of session 32 (helper kin32), from the relation
// misses and wrong names of the LoCoMo dev draws, locomo_more, the read
// synthetic rounds and the outside sets. Cases in kin32_test.go.

// kin32 runs after the turn's rules and the whole-turn passes: it first
// mends the names earlier rules gave the speaker's relatives, then adds the
// friends the turn speaks of with no name.
func kin32(text, speaker string, at time.Time, out []Fact) []Fact {
	out = mendKinNames32(text, speaker, out)
	return friends32(text, speaker, at, out)
}

// --- names that are no name -------------------------------------------

// kinParticleRE: a lower-case particle between two capitalised words of one
// place or name ("Rio de Janeiro", "Ludwig van Beethoven"), before the word.
var kinParticleRE = regexp.MustCompile(`\p{Lu}[\p{L}.]*\s+(?:de|da|do|dos|das|del|della|di|du|la|le|van|von|der|den|bin|al|el)\s+$`)

// vocLeadRE: what precedes a name said in address: the start of a sentence
// or a comma, or a greeting or thanks ("congrats Kez and Sam!").
var vocLeadRE = regexp.MustCompile(`(?i)(?:^|[.!?]\s*|,\s*|(?:^|[\s,.!])(?:hey|hi|hello|hiya|yo|thanks|thank\s+you|ty|dear|morning|evening|night|congrats|congratulations|ok|okay|sorry|bye|cheers|welcome|aw+|omg|oh|wow|haha|lol|yes|yeah|yep)\s+(?:\p{Lu}[\p{L}'’-]*\s+and\s+)?)$`)

// vocTailRE: what follows a name said in address: an end of sentence, a
// comma or a dash.
var vocTailRE = regexp.MustCompile(`^(?:\s*[,.!?;:…]|\s+[-–—]|\s*$)`)

// apposLeadRE: the kin word (or one of its stand-ins) before a comma that
// puts a name in apposition, not address ("my son, Kevin, he come", "my
// eldest, Barnaby, is obsessed").
var apposLeadRE = regexp.MustCompile(`(?i)\b(?:my|our|his|her|their)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+\s*,\s*$|\b(?:named|called|is|was|it's|its|name's)\s*,?\s*$`)

// apposTailRE: a name said before its apposition ("Leilani, my wife, …").
var apposTailRE = regexp.MustCompile(`(?i)^\s*,\s*(?:my|our)\b`)

// interjections32 are words that open chat and no list of English words
// holds, read as a relative's name by the rules that take the one name of
// a turn ("… with my partner. Sooo excited!").
var interjections32 = setOf(`woohoo wohoo woo yay yass yas yess yesss ugh ughh argh arghh aww awww hmm hmmm hmmmm ooh oooh
	whoa woah yikes phew welp oops oopsie yup yep nope nah meh huh hah heh omgg omfg wooo whee yeehaw ayy ayyy eek
	gah bleh blah duh ahh ahhh ohh ohhh uhh umm erm ahem shh psst oof`)

// tripleLetter reports whether w has one letter three times running
// ("Sooo", "Yesss", "Ahhh"): chat's drawl, never a name.
func tripleLetter(w string) bool {
	var a, b rune
	for _, r := range strings.ToLower(w) {
		if r == a && r == b && unicode.IsLetter(r) {
			return true
		}
		a, b = b, r
	}
	return false
}

// badKinName reports whether n, given by the rules as the name of one of
// the speaker's relatives, is no name: a word with a hyphen or genitive
// hanging off it ("Janeiro-", "Vikram's"), chat's drawl or an interjection
// ("Sooo"), a word of a place with a particle before it ("Rio de
// Janeiro"), words in capitals that are common words ("my mom is
// UNBEARABLE now", "MY GRANDDAUGHTER MADE ME PLAY SHOP"), or a name the
// turn says only in address ("That sounds great, Jolene.", "Sunita – you
// and your brother", "congratulations Kez and Sam!").
func badKinName(n, text string) bool {
	if n == "" || strings.HasSuffix(n, "-") || strings.HasSuffix(n, "'s") || strings.HasSuffix(n, "’s") {
		return n != ""
	}
	ws := strings.Fields(n)
	if len(ws) > 3 {
		return true
	}
	for _, w := range ws {
		lw := strings.ToLower(w)
		if tripleLetter(w) || interjections32[lw] || textingWords[lw] {
			return true
		}
		if utf8.RuneCountInString(w) > 1 && strings.ToUpper(w) == w && strings.ToLower(w) != w && lexCommon().has(lw) && !lexNames.has(capsTitle32(w)) {
			return true
		}
	}
	return onlyInAddress(n, text)
}

// capsTitle32 is w with its first letter a capital and the rest lower case.
func capsTitle32(w string) string {
	r, size := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + strings.ToLower(w[size:])
}

// onlyInAddress reports whether every time the text says n it is in a place
// name ("Rio de Janeiro") or says it in address, and it says it at least
// once.
func onlyInAddress(n, text string) bool {
	t := strings.NewReplacer("’", "'", "\u00a0", " ").Replace(captionRE.ReplaceAllString(text, ""))
	seen := false
	for i := 0; i < len(t); {
		j := strings.Index(t[i:], n)
		if j < 0 {
			break
		}
		at, end := i+j, i+j+len(n)
		i = end
		if at > 0 {
			if r, _ := utf8.DecodeLastRuneInString(t[:at]); unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		if end < len(t) {
			if r, _ := utf8.DecodeRuneInString(t[end:]); unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		seen = true
		before, after := t[:at], t[end:]
		if kinParticleRE.MatchString(before) {
			continue
		}
		if !vocLeadRE.MatchString(before) || !vocTailRE.MatchString(after) || apposLeadRE.MatchString(before) || apposTailRE.MatchString(after) {
			return false
		}
		if strings.HasSuffix(strings.TrimSpace(before), ",") && (strings.HasPrefix(strings.TrimSpace(after), ",") || strings.TrimSpace(after) == "") {
			// ", Toby, and I": between two commas after a kin word is apposition
			if apposLeadRE.MatchString(before) {
				return false
			}
		}
	}
	return seen
}

// mendKinNames32 gives back their want of a name to the speaker's
// relatives whose name the earlier rules took from a word that is no name
// (badKinName). A single-valued relative (a mother, a partner) with a wrong
// name replaces the right one in the store, so the claim goes back to "Jo's
// partner"; the facts the turn said of the wrong name go with it. A second
// fact of the same relative with no name makes the mended one a duplicate,
// which is dropped.
func mendKinNames32(text, speaker string, out []Fact) []Fact {
	for i := 0; i < len(out); i++ {
		f := out[i]
		if f.Subject != speaker || predFamily(f.Predicate) != "relation" || f.Kind == Foresight {
			continue
		}
		unnamed := unnamedRelative(speaker, f.Predicate)
		if f.Claim == unnamed || strings.Contains(f.Claim, "'s ") || !badKinName(f.Claim, text) {
			continue
		}
		old := f.Claim
		dup := false
		for j, g := range out {
			if j != i && g.Subject == speaker && g.Predicate == f.Predicate && g.Claim == unnamed && g.Polarity == f.Polarity {
				dup = true
			}
		}
		if dup {
			out = append(out[:i], out[i+1:]...)
			i--
		} else {
			out[i].Claim = unnamed
			out[i].Entities = append([]Entity(nil), f.Entities...)
			for k := range out[i].Entities {
				if out[i].Entities[k].Name == old {
					out[i].Entities[k].Name = unnamed
				}
			}
			out[i].Edges = append([]Edge(nil), f.Edges...)
			for k := range out[i].Edges {
				if out[i].Edges[k].Dst == old {
					out[i].Edges[k].Dst = unnamed
				}
			}
		}
		for j := range out {
			if out[j].Subject == old {
				out[j].Subject = unnamed
			}
		}
	}
	return out
}

// --- friends with no name ----------------------------------------------

// myFriendsRE: friends said as the speaker's own, with up to two words
// before the friend word ("my friends", "my close friend", "our old high
// school buddy", "one of my gaming pals"). Group 1 the words between,
// group 2 the friend word.
var myFriendsRE = regexp.MustCompile(`(?i)\b(?:my|our)\s+((?:[\p{L}'’-]+\s+){0,3}?)(friends?|buddy|buddies|pals?|mates)\b`)

// aFriendRE: a friend or friends said with a determiner or a number ("a
// friend made it for my birthday", "some friends from church", "with two
// friends", "a close friend of mine"), or "with friends"; the sentence must
// say "I", "we" or "my" for them to be the speaker's.
var aFriendRE = regexp.MustCompile(`(?i)\b(?:a|an|some|few|two|three|four|five|several|many|lots\s+of|bunch\s+of|group\s+of|couple\s+of|with|made|new)\s+((?:[\p{L}-]+\s+){0,2}?)(friends?|buddy|buddies|pals)\b`)

// ofMineRE: "a friend of mine", "a buddy of ours".
var ofMineRE = regexp.MustCompile(`(?i)\b(friends?|buddy|buddies|pals?|mates?)\s+of\s+(?:mine|ours)\b`)

// friendsWithRE: "I'm now friends with one of my fellow volunteers",
// "I became friends with a neighbour". "We are friends" and "glad we're
// friends" are said of the one spoken to or a partner, and give nothing.
var friendsWithRE = regexp.MustCompile(`(?i)\b(?:i'?m|i\s+am|became|become|becoming|stayed|made)\s+(?:\w+\s+)?(friends)\s+with\b`)

// ownPerson32RE: a word that makes a sentence the speaker's own.
var ownPerson32RE = regexp.MustCompile(`(?i)\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|we|we're|we've|we'd|us|our|ours|myself)\b`)

// otherPersonRE: a person other than the speaker whose the friends may
// be, or one spoken to.
var otherPersonRE = regexp.MustCompile(`(?i)\b(?:you|your|you're|u|ur|he|she|they|his|her|their|him|them)\b`)

// friendNotRE: words between "my" and the friend word that make the
// friends another's, an animal or no friend ("my mum's friend", "my furry
// friends", "my boyfriend's mates").
var friendNotRE = regexp.MustCompile(`(?i)['’]|\b(?:furry|fur|four-legged|feathered|canine|animal|pet|little|imaginary|mutual|her|his|their|your|its|the|ur|new-found|facebook|instagram|online|internet|fake)\b`)

// friendTailNotRE: a word after the friend word that makes it something
// else ("a friend request", "my friends list").
var friendTailNotRE = regexp.MustCompile(`(?i)^\s*(?:request|requests|list|zone|zoned|code|codes|finder|ship|ly)\b`)

// friendNegRE: a friend denied ("I don't have any friends", "no friends").
var friendNegRE = regexp.MustCompile(`(?i)(?:\b(?:no|not|never|without|zero|n't|nt|lost\s+all)\s+(?:[\p{L}'’-]+\s+){0,2}|\basking\s+for\s+|\bfor\s+)$`)

// friendVocLeadRE and friendVocTailRE: "my friend" said in address
// ("Thank you my friend", "Kwabena, my friend!", "Happy new year, my
// friend.").
var (
	friendVocLeadRE = regexp.MustCompile(`(?i)(?:^|,|\b(?:thanks|thank\s+you|ty|tack|cheers|hello|hi|hey|welcome|congrats|congratulations|bye|goodbye|night|morning|dear|oh|ah|yes|no|sorry|luck|year|day|birthday|you|too|well))\s*$`)
	friendVocTailRE = regexp.MustCompile(`^\s*(?:[,.!?;:…]|$)`)
)

// friends32 gives the speaker friends with no name when a sentence of the
// turn says them as the speaker's own: "I had a great time at the
// amusement park with my friends", "A friend made it for my 18th birthday",
// "I played one with friends two days ago", "a close friend of mine", "my
// old high school buddy", "I'm now friends with one of my fellow
// volunteers". Not a friend spoken to ("thank you my friend"), another's
// ("my mum's friend", "you hang out with friends"), an animal ("my furry
// friends"), one denied ("I don't have friends"), asked of ("Do you play
// with friends?"), or said when the turn already names a friend of the
// speaker's.
func friends32(text, speaker string, at time.Time, out []Fact) []Fact {
	lt := lowerASCII(text)
	if !strings.Contains(lt, "friend") && !strings.Contains(lt, "buddy") && !strings.Contains(lt, "buddies") &&
		!strings.Contains(lt, "pal") && !strings.Contains(lt, "mate") {
		return out
	}
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "friend" {
			return out
		}
	}
	if rolePlay(text) {
		return out
	}
	plural, found, name := false, false, ""
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") || condRE.MatchString(s) || hypoRE.MatchString(s) {
			continue
		}
		if p, n, ok := friendIn32(s); ok {
			found = true
			if n != "" {
				name = n
				break
			}
			plural = plural || p
		}
	}
	if !found {
		return out
	}
	claim := unnamedRelative(speaker, "friend")
	switch {
	case name != "":
		claim = name
	case plural:
		claim = displayName(speaker) + "'s friends"
	}
	f := Fact{Subject: speaker, Predicate: "friend", Claim: claim, Kind: World, Polarity: Positive, ValidFrom: at,
		Confidence: confLoose - 8, Speaker: speaker}
	if name != "" {
		f.Confidence = confLoose
	}
	f.Entities = []Entity{{Name: speaker, Kind: "person"}, {Name: claim, Kind: "person"}}
	f.Edges = []Edge{{Src: speaker, Relation: "friend", Dst: claim}}
	return append(out, f)
}

// likeYouRE: "a friend like you": the one spoken to.
var likeYouRE = regexp.MustCompile(`(?i)^\s+(?:like|such\s+as)\s+(?:you|u|ya)\b`)

// lastPerson32 is "self" or "other" for the last pronoun of s that names
// the speaker or someone else, or "" for none.
func lastPerson32(s string) string {
	a, b := ownPerson32RE.FindAllStringIndex(s, -1), otherPersonRE.FindAllStringIndex(s, -1)
	switch {
	case len(a) == 0 && len(b) == 0:
		return ""
	case len(b) == 0:
		return "self"
	case len(a) == 0:
		return "other"
	case a[len(a)-1][0] > b[len(b)-1][0]:
		return "self"
	}
	return "other"
}

// friendIn32 reports whether the sentence s says friends of the speaker's,
// and whether more than one.
func friendIn32(s string) (plural bool, name string, ok bool) {
	check := func(loc []int, mods string, word string, own bool) bool {
		before, after := s[:loc[0]], s[loc[1]:]
		if friendNotRE.MatchString(mods) || friendTailNotRE.MatchString(after) || friendNegRE.MatchString(before) {
			return false
		}
		for _, w := range strings.Fields(mods) {
			if relKey(w) != "" || kinGenitive(strings.ToLower(w)) {
				return false // "my mums friend", "my sisters mates": the relative's friends
			}
		}
		if strings.EqualFold(word, "friends") && word == "Friends" && loc[0] > 0 && !own {
			return false // "watching Friends": the show
		}
		if own {
			// "thank you my friend", "Kwabena, my friend!"
			if friendVocLeadRE.MatchString(before) && friendVocTailRE.MatchString(after) {
				return false
			}
			return !secondRE.MatchString(s) || ownPerson32RE.MatchString(before)
		}
		if !ownPerson32RE.MatchString(s) || secondRE.MatchString(s) || likeYouRE.MatchString(after) {
			return false
		}
		if strings.HasPrefix(strings.ToLower(s[loc[0]:]), "with") && !ownPerson32RE.MatchString(before) {
			return false // "Tough times are easier with friends we can rely on": no one's
		}
		// "you hang out with friends", "for them to make new friends": the
		// last person said before the friends is whose they are
		return lastPerson32(before) != "other"
	}
	isPlural := func(w string) bool {
		lw := strings.ToLower(w)
		return lw == "friends" || lw == "buddies" || lw == "pals" || lw == "mates"
	}
	for _, m := range myFriendsRE.FindAllStringSubmatchIndex(s, -1) {
		if check(m[:2], s[m[2]:m[3]], s[m[4]:m[5]], true) {
			return isPlural(s[m[4]:m[5]]), friendName32(s[m[1]:]), true
		}
	}
	for _, m := range ofMineRE.FindAllStringSubmatchIndex(s, -1) {
		if check(m[:2], "", s[m[2]:m[3]], true) {
			return isPlural(s[m[2]:m[3]]), friendName32(s[m[1]:]), true
		}
	}
	for _, m := range aFriendRE.FindAllStringSubmatchIndex(s, -1) {
		if check(m[:2], s[m[2]:m[3]], s[m[4]:m[5]], false) {
			return isPlural(s[m[4]:m[5]]), friendName32(s[m[1]:]), true
		}
	}
	for _, m := range friendsWithRE.FindAllStringSubmatchIndex(s, -1) {
		if check(m[:2], "", s[m[2]:m[3]], false) {
			return true, "", true
		}
	}
	return false, "", false
}

// friendNameRE: the friend's name right after the friend word or put in
// apposition after where the friend is from ("my college friend Liwayway
// is getting married", "a friend of ours, Milla, runs a catering
// company", "a friend from uni, Pieter, keeps sending me"). Group 1 the
// name.
var friendNameRE = regexp.MustCompile(`^(?:\s+(?:from|at)\s+[\p{L}'’ -]{1,30}?,|\s*,)?\s+(\p{Lu}[\p{L}'’-]+)(?:\s*,|\s*[.!;]|\s*$|\s+(?:is|was|has|had|and|who|says|said|keeps|kept|runs|ran|came|comes|lives|lived|just|works|worked|invited|gave|told|made|sent|took|wants|loves)\b)`)

// friendName32 is the name said of a friend by the words after the friend
// word, or "".
func friendName32(after string) string {
	m := friendNameRE.FindStringSubmatch(after)
	if m == nil {
		return ""
	}
	n := m[1]
	lw := strings.ToLower(n)
	if utf8.RuneCountInString(n) < 2 || lexCommon().has(lw) && !lexNames.has(n) || knownPlace(n) || calendarName(n) ||
		pronoun[lw] || stopWords[n] || relKey(lw) != "" || badKinName(n, "") {
		return ""
	}
	return n
}
