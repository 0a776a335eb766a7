package extract

import (
	"regexp"
	"strings"
)

// Possessions said by two frames the earlier rules left alone (session 28,
// from the possession misses of the synthetic rounds 1–2): a thing the
// speaker says they do not have ("I don't have a car", "i dont even have a
// license", "i don't have an apartment yet"), and one sold, closed or given
// up ("sold my car in june", "closed the café in may", "We sold the second
// car"), both written as an owning denied; a business being sold is still
// owned ("I'm selling the café"). Cases in plans28_test.go.

// noneOwnedRE: the first person says they have no such thing (group 1).
var noneOwnedRE = regexp.MustCompile(`(?:^|\b(?i:i|we)\s+)(?i:don't|dont|do\s+not|never|haven't|havent)\s+(?i:(?:even|really|actually|yet|ever)\s+)*(?i:have|own|owned|had|got)\s+(?:(?i:an?|any)\s+)?((?:[\p{L}-]+\s+)?[\p{L}-]+)`)

// soldRE28: a thing the first person sold, closed or gave up (group 1 the
// verb, group 2 the thing from its determiner).
var soldRE28 = regexp.MustCompile(`(?:^|\b(?i:i|we))\s*(?i:(?:just|finally|already|recently|also|even)\s+)*((?i:sold|closed|gave\s+up|got\s+rid\s+of|scrapped|'re\s+selling|'m\s+selling|are\s+selling|am\s+selling))\s+((?i:my|our|the)(?:\s+[\p{L}&-]+){1,3})`)

// keptThings are what chat says one has or has not beside goods and
// vehicles: a licence to drive, a home of one's own.
var keptThings = setOf(`license licence apartment flat house condo car`)

// notTheThing after a thing's word makes it part of another: "the studio
// job", "my car insurance".
var notTheThing = setOf(`job jobs work lease contract insurance seat seats keys key loan payments space`)

// afterOwned are words said after the thing one lacks: "a car here".
var afterOwned = setOf(`here there yet anymore either now though tho atm currently lol haha tbh`)

// businessPlaces are the premises a business is run from: selling one is
// still owning it.
var businessPlaces = setOf(`café cafe shop store bakery restaurant bar pub salon studio business company farm b&b
	guesthouse hotel practice clinic workshop boutique`)

// carMakeAlone: a make of car said alone ("sold the volvo").
var carMakeAlone = regexp.MustCompile(`(?i)^(?:` + carMakes + `|micra|golf|fiesta|clio|corsa|polo|yaris)$`)

// ownedHead reports whether w is a thing one owns: goods, a vehicle or an
// instrument, a business's premises, a home or a licence.
func ownedHead(w string) bool {
	w = strings.ToLower(w)
	return lexGoods.has(w) || lexGoods.has(singular(w)) || goodsWords[w] || ownedThing(w) || ownableRE.MatchString(w) ||
		keptThings[w] || businessPlaces[w] || carMakeAlone.MatchString(w)
}

// runsRE28: someone runs, has or owns a business (group 1 who: the first
// person, "my family", a name, "he" or "she"; group 2 the business from its
// determiner).
var runsRE28 = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|also)\s+)(?:(?i:my|our)\s+(?:[\p{L}-]+\s+){1,2})?((?i:i|we|he|she|my\s+family|our\s+family)|\p{Lu}[\p{L}'’-]+|\x01\d+\x01)(?:\s+(?i:still|now|also|actually))*(?i:\s+runs?|\s+has|\s+have|\s+owns?|'ve\s+got|\s+has\s+got)\s+((?i:an?|the|his|her|their|our|my)\s+(?i:own\s+)?(?:[\p{L}'’-]+\s+){0,2}?(?i:` + businessKinds + `|workshop|stall|pharmacy|garage|hotel|guesthouse|b&b|vineyard|orchard|nursery|sari-sari\s+store))\b`)

// petIsRE: "she's a staffy", "he's a beagle mix": what a pet spoken of
// is (group 1 the kind with the words before it).
var petIsRE = regexp.MustCompile(`(?i)(?:^|[,;:.!]\s*|\b(?:and|but|so)\s+)(?:he|she)(?:['’]s|\s+is|s)\s+(?:an?\s+)((?:[\p{L}\d-]+\s+){0,3}?[\p{L}-]+(?:\s+(?:mix|cross))?)\s*(?:[,.;!]|$|\s+(?:so|and|but|who|with|\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|\p{L}+teen)\b))`)

// petFragRE: a pet said as a fragment answering what it is: "a fat old
// beagle." (group 1); not one with a clause after it, which may be a
// story's ("a hedgehog who's afraid of the dark").
var petFragRE = regexp.MustCompile(`(?i)^(?:(?:yes|yeah|yep|very\s+real|just|oh)[,!.]?\s+)*an?\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s*$`)

// petKindOf is the kind named by ws when its last word (or the one before
// "mix") is a pet, without the words of size and fondness before it; "".
func petKindOf(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	k := len(ws) - 1
	if lw := strings.ToLower(ws[k]); (lw == "mix" || lw == "cross") && k > 0 {
		k--
	}
	if h := strings.ToLower(ws[k]); !(isPet(h) || petBreeds[h] || h == "tomcat" || h == "mutt") || ambiguousPets[h] {
		return ""
	}
	var keep []string
	for i, w := range ws {
		lw := strings.ToLower(w)
		if i < k && (petFondWord[lw] || startsWithDigit(lw)) {
			continue
		}
		keep = append(keep, lw)
	}
	return strings.Join(keep, " ")
}

// petFondWord are the words of size, age and fondness before a pet's kind.
var petFondWord = setOf(`very really so super little big old young fat spoiled spoilt sweet cute lazy grumpy elderly tiny
	giant fluffy senior good bad naughty lovely beautiful gorgeous handsome crazy silly`)

// otherPetRE: the turn speaks of another's pet ("your dog", "my neighbour's
// cat"), which a "he" or "she" may stand for.
var otherPetRE = regexp.MustCompile(`(?i)\b(?:your|ur|his|her|their)\s+(?:\w+\s+)?(?:dog|cat|pup|puppy|kitten|pet|bird|horse|rabbit)s?\b|\w+['’]s\s+(?:dog|cat|pup|puppy|kitten|pet)s?\b`)

// exclaimRE: a clause said with "!".
var exclaimRE = regexp.MustCompile(`^\s*!`)

// runsLead are the determiners and size words before a business that are
// no part of what it is.
var runsLead = setOf(`a an the his her their our my own`)

func init() {
	rules = append(rules,
		// "shes a staffy, very friendly", "he's a beagle mix fourteen years
		// old", and said alone: "a fat old beagle.": the speaker's pet,
		// when the turn speaks of no one else's.
		r(petIsRE.String(), 1, func(c *clause, m []string) {
			petIs(c, m[1])
		}),
		rawRule(petFragRE.String(), 1, func(c *clause, m []string) {
			if c.followedBy(exclaimRE) || strings.Contains(c.turn, c.raw+"!") {
				return // "a greyhound!! they're basically couches": the other's news cheered
			}
			petIs(c, m[1])
		}),
		// "Rustom runs an events company in Indiranagar", "My partner
		// Ottokar has his own carpentry workshop", "My family has a longan
		// farm", "I have a small workshop in Graz": the business is theirs.
		r(runsRE28.String(), 2, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			who := ""
			switch lw := strings.ToLower(strings.Join(strings.Fields(m[1]), " ")); lw {
			case "i", "we":
				return // casual.go's and rulebook.go's ("I run the bar at the hotel": a job)
			case "my family", "our family":
				who = c.speaker
			default:
				i := strings.Index(c.text, m[0])
				who = planSubject(c, m[0], m[1], i <= 0 || strings.TrimSpace(c.text[:i]) == "")
			}
			if who == "" || hasFact(c, who, "owns") {
				return
			}
			if compoundAfter(m[0], c.text) {
				return // "runs a business meeting"
			}
			var keep []string
			for _, w := range strings.Fields(m[2]) {
				if lw := strings.ToLower(w); !runsLead[lw] && !businessSize[lw] {
					keep = append(keep, w)
				}
			}
			c.add(who, "owns", strings.Join(keep, " "), World, confPref-4)
		}),
		// "I don't have a car", "i dont even have a license": an owning
		// denied.
		r(noneOwnedRE.String(), 1, func(c *clause, m []string) {
			if c.fore {
				return // "I won't have a car": what is ahead
			}
			ws := strings.Fields(strings.ToLower(m[1]))
			h := strings.Trim(ws[len(ws)-1], `"',.!?`)
			if len(ws) == 2 && afterOwned[h] {
				h, ws = ws[0], ws[:1] // "a car here", "a car yet"
			}
			if !ownedHead(h) || isPet(h) {
				return // "I don't have a car seat": a seat
			}
			if len(ws) == 1 && compoundAfter(m[0], c.text) {
				return // "I don't have a car seat"
			}
			claim := h
			if len(ws) == 2 && !stopLower[ws[0]] && !evaluative[ws[0]] && !goodsDet[ws[0]] {
				claim = ws[0] + " " + h
			}
			neg := c.neg
			c.neg = true
			c.add(c.speaker, "owns", claim, World, confPref-4)
			c.neg = neg
		}),
		// "sold my car in june", "closed the café in may", "We sold the
		// second car": owned no longer; "I'm selling the café": still owned.
		r(soldRE28.String(), 2, func(c *clause, m []string) {
			if c.fore && !strings.Contains(strings.ToLower(m[1]), "selling") {
				return
			}
			ws := strings.Fields(m[2])[1:]
			end := -1
			for k, w := range ws {
				if lw := strings.ToLower(w); ownedHead(lw) && !isPet(lw) {
					end = k
					break
				}
			}
			if end < 0 {
				return
			}
			if end+1 < len(ws) && (compoundHeads[strings.ToLower(ws[end+1])] || notTheThing[strings.ToLower(ws[end+1])]) || end+1 == len(ws) && compoundAfter(m[0], c.text) {
				return // "gave up the studio job": no thing; "sold my car insurance"
			}
			ws = ws[:end+1]
			h := strings.ToLower(ws[end])
			selling := strings.Contains(strings.ToLower(m[1]), "selling")
			if selling && !businessPlaces[h] {
				return // "selling my bike": still owned, but said as a sale
			}
			if strings.EqualFold(m[1], "closed") && !businessPlaces[h] {
				return // "closed the door"
			}
			var keep []string
			for _, w := range ws[:len(ws)-1] {
				if lw := strings.ToLower(w); !evaluative[lw] && !goodsPraise[lw] && !stopLower[lw] {
					keep = append(keep, w)
				}
			}
			claim := strings.Join(append(keep, ws[len(ws)-1]), " ")
			neg := c.neg
			c.neg = !selling
			c.add(c.speaker, "owns", claim, World, confPref-4)
			c.neg = neg
		}),
	)
}

// hasFact reports whether the clause already holds a fact of subject with
// predicate pred.
func hasFact(c *clause, subject, pred string) bool {
	for _, f := range c.facts {
		if f.Predicate == pred && f.Subject == c.resolve(subject) {
			return true
		}
	}
	return false
}

// petIs adds the pet kind said by p as the speaker's.
func petIs(c *clause, p string) {
	if c.neg || c.fore {
		return
	}
	k := petKindOf(strings.Fields(p))
	if k == "" {
		return
	}
	t := c.turn
	if t == "" {
		t = c.raw
	}
	if otherPetRE.MatchString(t) {
		return // "your dog is cute … he's a beagle?": another's
	}
	for _, f := range c.facts {
		if f.Predicate == "has_pet" {
			return
		}
	}
	c.add(c.speaker, "has_pet", k, World, confPref-4)
}
