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

func init() {
	rules = append(rules,
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
