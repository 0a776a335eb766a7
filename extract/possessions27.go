package extract

import (
	"regexp"
	"strings"
)

// Possessions said in the frames chat uses for its pets and its things
// (session 27, from the misses of locomo_more.jsonl and synthetic rounds
// 1–2): a pet called by a fond name ("my furry friends", "my fur babies"),
// a named pet taken for a walk or to the vet ("I took Max for a walk"), a
// pet named with its kind in a clause of its own ("just a rescue greyhound
// called Tulppu", "I have a pet axolotl called Pancho"), a pet adopted as
// "this cute pup"; a thing shown as bought ("these figurines I bought
// yesterday") or as the speaker's new one ("my new kiln arrived"). Cases
// in possessions27_test.go.

// furryPetRE: the fond names for one's pets.
const furryPet = `furry\s+(?:friends?|pals?|bab(?:y|ies)|kids?|companions?|buddy|buddies|family|children|child|ones)|fur[\s-]?(?:bab(?:y|ies)|kids?|family|children|child)|furbab(?:y|ies)`

// petOuting: what one takes a pet out for.
const petOuting = `(?:out\s+)?for\s+(?:a|an|his|her|their|our|its|the)\s+(?:[\w-]+\s+){0,2}(?:walk|walkies|hike|stroll|run|swim)\b|(?:out\s+)?to\s+(?:the\s+)?(?:vet|vets|groomers?|dog\s+park|pet\s+salon)\b|(?:home\s+)?from\s+(?:a|the)\s+(?:[\w-]+\s+)?(?:shelter|rescue|pound)\b`

// petFondAdj: words before a pet's kind in a naming fragment.
const petFondAdj = `(?:very|really|so|super|little|big|old|young|fat|spoiled|spoilt|rescue|rescued|sweet|cute|lazy|grumpy|elderly|tiny|giant|fluffy|senior|black|white|ginger|grey|gray|brown|orange|tabby)`

var newThingRE = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:brand[\s-]new|new)\s+([\w-]+(?:\s+[\w-]+){0,3})`)

// petBreeds are kinds of pet isPet does not know.
var petBreeds = setOf(`tabby lurcher staffy shiba axolotl moggy`)

// ownedPlaces are the homes and premises "my new …" says are owned.
// A new house, flat or cabin is a home (lives_in), as homes.go reads it.
var ownedPlaces = setOf(`mansion studio store shop business company restaurant bakery cafe café bar gym salon farm boat car truck motorcycle motorbike bike boutique van camper`)

// madeWorks are what "my new …" names as made, not owned: "my new album".
var madeWorks = setOf(`album albums record records song songs single track tracks ep book books video videos film movie painting paintings collection`)

func init() {
	// Goods WordNet's first senses miss that chat buys and shows.
	for _, w := range strings.Fields(`detector candle candles figurine figurines kiln aquarium pendant sneakers shoes boots painting
		trophy microphone mic collar collars leash tattoo turntable amp synth telescope binoculars`) {
		goodsWords[w] = true
	}
	rules = append(rules,
		// "My furry friends always make me happy", "I took my fur kids to
		// the pet salon": the speaker's pets, named as the turn names them.
		// Not "our furry friends", said as often of the speaker's and the
		// listener's pets together.
		r(`(?i:\bmy\s+(?:(?:little|sweet|two|three|four|five|beloved|precious|adorable|cute|lovely|own)\s+)*)((?i:`+furryPet+`))\b`, 1, func(c *clause, m []string) {
			if petInTurn(c) || !c.mention(m[0]) {
				return // "my dog … my furry friend": the pet has its kind said
			}
			c.add(c.speaker, "has_pet", strings.ToLower(strings.Join(strings.Fields(m[1]), " ")), World, confPref)
		}),
		// "I took Max for a walk", "Gotta take Toby out for a small hike",
		// "I took Luna from the shelter": a named animal the speaker walks,
		// takes to the vet or brought home from a shelter is the speaker's
		// pet. The one who takes it is the speaker (or no one is named:
		// "Gotta take Toby …"); a relative taken out is no pet.
		r(`(?:^|`+fp+aux+`|(?i:\b(?:gotta|got\s+to|have\s+to|need\s+to)))(?i:\s*\b(?:took|take|taking|walked|walk|walking|adopted|rescued|got))\s+(`+nameRE+`)\s+(?i:`+petOuting+`)`, 1, func(c *clause, m []string) {
			n := name(m[1])
			if n == "" || strings.Contains(n, " ") || strings.HasPrefix(n, "\x01") || relKey(n) != "" || lexPlaces.has(n) || pronoun[strings.ToLower(n)] {
				return
			}
			c.fore = false
			c.add(c.speaker, "has_pet", n, World, confPref-4)
		}),
		// "I have a pet axolotl called Pancho": the word after "pet" is the
		// kind, whatever it is.
		r(fp+aux+`(?i:\s+(?:have|has|got|adopted|own|'ve\s+got|have\s+got|rescued))\s+(?i:an?\s+(?:`+petFondAdj+`\s+)*pet\s+)([a-z][\w-]+)\s+(?i:called|named)\s+`+nm, 2, func(c *clause, m []string) {
			if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") && !lexPlaces.has(n) {
				c.add(c.speaker, "has_pet", n, World, confFirst-3)
				c.add(n, "is_a", strings.ToLower(m[1]), World, confFirst-3)
			}
		}),
		// "No kids yet, just a very spoiled cat named Biryani": a pet named
		// with its kind in a clause of its own, no one else's named.
		r(`(?:^|,\s*(?i:just|only)\s+)(?i:(?:and|but|just|only|plus|also|oh|well|then)[,\s]+)*(?i:an?)\s+(?i:`+petFondAdj+`\s+)*([\w-]+)\s+(?i:called|named)\s+`+nm+`\s*(?:[,.!;]|$)`, 2, func(c *clause, m []string) {
			if k := strings.ToLower(m[1]); !isPet(k) && !petBreeds[k] || petSaidBefore(c) {
				return // "I adopted a cat … A grey tabby called Biscuit": petNames names the cat
			}
			if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") && !lexPlaces.has(n) {
				c.add(c.speaker, "has_pet", n, World, confFirst-3)
				c.add(n, "is_a", strings.ToLower(m[1]), World, confFirst-3)
			}
		}),
		// "I just adopted this cute pup from a shelter": the pet shown.
		r(fp+aux+`(?i:\s+(?:adopted|rescued|brought\s+home))\s+(?i:this|these)\s+(?i:(?:`+petFondAdj+`|adorable|lovely|beautiful|gorgeous|handsome)\s+)*((?i:`+pet+`)(?i:s|es)?)\b`, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			k := strings.ToLower(m[1])
			c.add(c.speaker, "has_pet", k, World, confPref)
			c.add(c.speaker, "adopted", k, Experience, confEvent+5)
		}),
		// "These figurines I bought yesterday remind me of family love": a
		// thing shown as bought is the speaker's, when it is goods.
		r(`(?i:\b(?:these|those)\s+)((?:[\w-]+\s+){0,2}[\w-]+)\s+(?i:(?:i|we)\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?:bought|got|picked\s+up|ordered))\b`, 1, func(c *clause, m []string) {
			if claim := goodsClaim(strings.Fields(m[1])); claim != "" {
				c.add(c.speaker, "owns", claim, World, confPref-4)
			}
		}),
		// "My new kiln arrived", "Here's my new mansion": the speaker's new
		// thing, when it is goods or a home or premises owned.
		r(`(?i:\b(?:my|our)\s+(?:brand[\s-]new|new))\s+([\w-]+(?:\s+[\w-]+){0,3})`, 1, func(c *clause, m []string) {
			var ws []string
			for _, w := range strings.Fields(m[1]) {
				lw := strings.ToLower(strings.TrimRight(w, `,.!?;:`))
				if goodsStop[lw] || chatTail[lw] {
					break
				}
				ws = append(ws, lw)
				if lw != strings.ToLower(w) {
					break
				}
			}
			// the longest run whose last word is the thing; "vintage" and
			// "used" say what it is here ("my new vintage camera")
			for k := len(ws); k > 0; k-- {
				if madeWorks[ws[k-1]] {
					continue
				}
				if claim := goodsClaim(ws[:k]); claim != "" {
					if k > 1 && (ws[k-2] == "vintage" || ws[k-2] == "used") {
						claim = ws[k-2] + " " + claim
					}
					c.add(c.speaker, "owns", claim, World, confPref-4)
					return
				}
			}
		}),
	)
}

// goodsClaim is the thing named by ws when its last word is goods or a
// place owned, without the praise and size words before it; "" otherwise.
func goodsClaim(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	head := strings.ToLower(ws[len(ws)-1])
	if !(lexGoods.has(head) || lexGoods.has(singular(head)) || goodsWords[head] || goodsWords[singular(head)] || ownedPlaces[head]) {
		return ""
	}
	var keep []string
	for _, w := range ws[:len(ws)-1] {
		lw := strings.ToLower(w)
		if goodsDet[lw] || evaluative[lw] || goodsPraise[lw] || stopLower[lw] {
			continue
		}
		keep = append(keep, lw)
	}
	return strings.Join(append(keep, head), " ")
}

// petSaidBefore reports whether the turn spoke of a pet before the clause.
func petSaidBefore(c *clause) bool {
	i := strings.Index(c.turn, c.raw)
	if i <= 0 {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(c.turn[:i])) {
		if w = strings.Trim(w, `.,!?;:"'()`); isPet(w) || petBreeds[w] {
			return true
		}
	}
	return false
}

// petInTurn reports whether the turn names a kind of pet anywhere.
func petInTurn(c *clause) bool {
	t := c.turn
	if t == "" {
		t = c.raw
	}
	for _, w := range strings.Fields(strings.ToLower(t)) {
		if w = strings.Trim(w, `.,!?;:"'()`); isPet(w) || petBreeds[w] {
			return true
		}
	}
	return false
}
