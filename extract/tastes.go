package extract

import (
	"regexp"
	"strings"
)

// Tastes said by what a thing does for the speaker rather than by "I love
// …" (session 24, from the misses of the LoCoMo turns no draw took,
// locomo_more.jsonl, the set used to write rules): "Basketball is still
// really important to me", "Yoga and meditation help me find balance",
// "Clay brings me so much joy", "Cooking and baking are my creative
// outlets", "Eagles have always mesmerized me", "I'm drawn to turtles",
// "we connected over our shared love for basketball". The thing is the
// subject the clause starts with, or the object after the frame: a
// pastime (a gerund) or a plain noun phrase, never a person, a pronoun or a
// thing shown ("this", "that"). Cases in named_test.go.

// tasteSubjRE: a clause that starts with its subject (group 1) and goes on
// with what the subject does for the speaker.
var tasteSubjRE = regexp.MustCompile(`(?i)^(?:(?:yeah|yes|yep|honestly|and|but|so|plus|also|for\s+me|personally|definitely|lately|well|now)[,\s]+)*` +
	`([\p{L}'’-]+(?:[\s,]+[\p{L}'’-]+){0,7}?)\s+` +
	`(?:(?:(?:always|really|also|just|totally|definitely)\s+)*(?:helps?|helped|keeps?|kept)\s+me\s+(?:find\s+(?:my\s+)?(?:peace|calm|balance|joy|center|centre|zen)|stay\s+(?:calm|sane|grounded|balanced|cent(?:er|re)d)|relax|unwind|calm\s+down|cope|clear\s+my\s+(?:head|mind)|recharge|get\s+through|de-?stress|grounded|sane|balanced|cent(?:er|re)d|express\s+myself|escape|sleep|happy|creative|inspired)` +
	`|(?:(?:always|really|also|just|truly)\s+)*(?:brings?|brought|gives?|gave|fills?)\s+me\s+(?:so\s+much\s+|such\s+|a\s+lot\s+of\s+|great\s+|a\s+(?:great\s+|real\s+|deep\s+)?|real\s+|lots\s+of\s+)?(?:joy|peace|happiness|calm|comfort|fulfil?lment|purpose|satisfaction|sense\s+of|freedom|energy)` +
	`|(?:is|are|has\s+become|have\s+become|'s\s+become)\s+(?:(?:also|really|still|definitely|kind\s+of|kinda|like|basically|literally|honestly)\s+)*my\s+(?:main\s+|favou?rite\s+|biggest\s+|big\s+|new\s+|go-to\s+|little\s+|true\s+|one\s+true\s+|creative\s+|real\s+|whole\s+)*(?:hobby|hobbies|passion|passions|stress\s+fix|outlets?|escape|therapy|happy\s+place|sanctuary|jam|obsession|addiction|personality|chill\s+time|zen|safe\s+space|comfort)` +
	`|(?:(?:has|have)\s+)?(?:always\s+|really\s+|just\s+|totally\s+)*(?:(?:fascinates?|fascinated|mesmeri[sz]es?|mesmeri[sz]ed|captivates?|captivated|inspires?|inspired|calms?|relaxes?|fuels?)\s+(?:me|my\s+(?:soul|creativity))|cheers?\s+me\s+up)` +
	`|(?:is|are)\s+what\s+(?:gets?|got|keeps?)\s+me\s+(?:through|going|sane)` +
	// "Spider-Man has always been a favorite of mine", "Contemporary is my top pick" (session 27)
	`|(?:is|are|'s|has\s+(?:always\s+|long\s+)?been|have\s+(?:always\s+|long\s+)?been)\s+(?:always\s+)?(?:(?:a|one)\s+(?:(?:big|huge|real|true|all-time|long-time|personal|total)\s+)?(?:favou?rite|fave)s?\s+of\s+mine|my\s+(?:(?:top|first|number\s+one|#1)\s+(?:pick|choice)|all-time\s+favou?rite)))\b`)

// tasteWeakRE: frames said of values and habits as often as of tastes
// ("Mental health is important to me", "Being in nature is so calming"):
// read only when the subject is a pastime (pastimeSubject).
var tasteWeakRE = regexp.MustCompile(`(?i)^(?:(?:yeah|yes|yep|honestly|and|but|so|plus|also|for\s+me|personally|definitely|lately|well)[,\s]+)*` +
	`([\p{L}'’-]+(?:[\s,]+[\p{L}'’-]+){0,7}?)\s+` +
	`(?:(?:is|are|has\s+been|have\s+been)\s+(?:still\s+|really\s+|so\s+|very\s+|super\s+|always\s+|truly\s+|just\s+|definitely\s+)*(?:important|special|precious|dear)\s+to\s+me` +
	`|(?:is|are)\s+(?:(?:so|really|very|definitely|always|just|honestly|super|truly|such)\s+)*(?:therapeutic|relaxing|calming|soothing|meditative)(?:\s+for\s+me)?\s*$` +
	`|(?:always\s+|really\s+)?makes?\s+me\s+(?:(?:so|really|very|super|truly)\s+)?happy` +
	`|(?:is|are|has\s+been|have\s+been|has\s+become|have\s+become)\s+(?:(?:such|really|truly|just|honestly|definitely|always|been)\s+)*(?:an?\s+)?(?:(?:real|huge|true|great|big|total)\s+)?(?:blessing|lifesaver|life\s+saver|game[\s-]changer)` +
	`|(?:is|are)\s+(?:(?:just|really|kind\s+of|kinda|basically|literally|like)\s+)*like\s+(?:therapy|meditation|air|breathing|second\s+nature)` +
	`|(?:(?:really|just|always|truly)\s+)?speaks?\s+to\s+(?:me|my\s+soul)` +
	// "Cooking is therapy for me", "Writing has become an escape for me", "Hiking has opened up a
	// whole new world for me", "Being outdoors puts me in my happy place" (session 27)
	`|(?:is|are|has\s+been|have\s+been|has\s+become|have\s+become|'s)\s+(?:(?:really|truly|just|honestly|definitely|always|been|become|like|kind\s+of|kinda)\s+)*(?:(?:therapy|an?\s+(?:(?:real|great|big|huge|total|little)\s+)?(?:escape|outlet|refuge))\s+for\s+me)` +
	`|(?:has|have)\s+(?:really\s+|truly\s+)?opened\s+up\s+a\s+(?:whole\s+)?new\s+world\s+for\s+me` +
	// "Playing video games with my partner is a great way for me to relax"
	`|(?:is|are|has\s+been|have\s+been)\s+(?:(?:such|really|always|also|just|honestly|definitely)\s+)*an?\s+(?:(?:great|good|nice|perfect|fun|healthy|awesome|amazing|wonderful|lovely)\s+)+way\s+for\s+me\s+to\s+(?:relax|unwind|de-?stress|express|escape|clear\s+my|cope|recharge|decompress|blow\s+off|switch\s+off|stay\s+(?:sane|calm|grounded|fit|healthy|active))` +
	`|(?:always\s+|really\s+)?puts?\s+me\s+in\s+(?:my|a)\s+happy\s+place)\b`)

// tasteContractedRE: the weak frame with "'s" for "is": "Pottery's so
// relaxing and creative".
var tasteContractedRE = regexp.MustCompile(`(?i)^(?:(?:yeah|yes|yep|honestly|and|but|so|plus|also|for\s+me|personally|definitely|lately|well)[,\s]+)*` +
	`([\p{L}-]+(?:\s+[\p{L}-]+){0,3}?)['’]s\s+(?:(?:so|really|very|super|truly|such|always|just)\s+)+(?:therapeutic|relaxing|calming|soothing|meditative)\b`)

// takenUpLikedRE: a pastime taken up and, in the same breath, said to be
// good: "I've taken up photography and it's been great", "Just started
// doing aerial yoga, it's great", "I started surfing five years ago and I
// love it". A pastime started with no word on it stays a start only.
var takenUpLikedRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|been)\s+)*(?:started|began|taken\s+up|took\s+up|picked\s+up|got\s+into|gotten\s+into|getting\s+into)\s+` +
	`(?:doing\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+(?:a\s+(?:few|couple)|\d+|one|two|three|four|five|six|seven|eight|nine|ten|some|last|this|recently|lately|ago|years?|months?|weeks?|days?|back|now)){0,4}\s*(?:,|-|–|—|\s+and)\s+` +
	`(?:(?:it's|it\s+is|it\s+has|it's\s+been|it\s+has\s+been|it\s+was)\s+(?:been\s+)?(?:(?:so|really|super|absolutely|just|truly|honestly)\s+)*(?:great|awesome|amazing|fun|a\s+blast|wonderful|fantastic|brilliant|the\s+best|a\s+great\s+way|so\s+good|a\s+lot\s+of\s+fun|life-?changing)|i\s+(?:absolutely\s+|really\s+|just\s+)?love\s+it|i'm\s+(?:really\s+|totally\s+)?loving\s+it|loving\s+it)\b`)

// tasteObjRE: a frame after the speaker, then the thing (group 1).
var tasteObjRE = regexp.MustCompile(`(?i)(?:\b(?:i'm|i\s+am|im|i've\s+(?:always\s+)?been|i\s+have\s+(?:always\s+)?been|i've\s+become|i\s+(?:have\s+)?become|i\s+got|i've\s+gotten|i'm\s+getting|we're|we\s+are)\s+(?:so\s+|really\s+|always\s+|totally\s+|very\s+|super\s+|deeply\s+|quite\s+|more\s+)*(?:drawn\s+to|fascinated\s+(?:by|with)|interested\s+in|mesmeri[sz]ed\s+by|captivated\s+by|passionate\s+about)` +
	`|\b(?:i'm|i\s+am|im)\s+(?:(?:kind|sort)\s+of\s+|kinda\s+|such\s+|also\s+|totally\s+|definitely\s+)*(?:a\s+)?(?:(?:total|big|huge|real|complete)\s+)?sucker\s+for` +
	`|\b(?:shared|(?:i|we)\s+(?:have|share|shared|had|got|'ve\s+got|'ve\s+always\s+had)\s+a)\s+(?:(?:deep|big|huge|great|lifelong|true|mutual|shared|own)\s+)*(?:love|passion)\s+(?:for|of))\s+(.+)`)

// notTaste are heads of a subject that is no taste ("my family", "work",
// "people", "it all").
var notTaste = setOf(`family friends friend people work job life everything everyone everybody it this that these those they he she we you i time money home things thing
	kids children wife husband partner mom mum dad parents support help advice community team words love goals goal dreams dream career health staying being feeling keeping having getting
	therapy counseling counselling medication meds pills treatment therapist ex boss`)

// tasteSubjNeed and tasteWeakNeed are the words one of which every match
// of tasteSubjRE and tasteWeakRE holds: the frames' verbs and nouns
// (their alternations are too many for the prefilter to read).
var (
	tasteSubjNeed = strings.Fields(`help keep kept bring brought give gave fill hobb passion stress outlet escape therapy happy
		sanctuary jam obsession addiction personality chill zen safe comfort fascinat mesmeri captivat inspir calm relax fuel cheer what
		mine pick choice`)
	tasteWeakNeed = strings.Fields(`important special precious dear therapeutic relax calm sooth meditat happy blessing saver changer like speak
		therapy escape outlet refuge world way`)
)

func init() {
	subj := rawRule(tasteSubjRE.String(), 1, func(c *clause, m []string) {
		if c.neg || c.fore {
			return
		}
		for _, p := range tasteList(m[1]) {
			c.add(c.speaker, "likes", p, World, confPref-6)
		}
	})
	subj.need = tasteSubjNeed
	// pastimesOnly likes what the frame names only when every part is a
	// pastime ("Mental health is important to me" likes nothing).
	pastimesOnly := func(conf int) func(c *clause, m []string) {
		return func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			ps := tasteList(m[1])
			for _, p := range ps {
				if !tastePastime(p) {
					return
				}
			}
			for _, p := range ps {
				c.add(c.speaker, "likes", p, World, conf)
			}
		}
	}
	weak := rawRule(tasteWeakRE.String(), 1, pastimesOnly(confPref-8))
	weak.need = tasteWeakNeed
	rules = append(rules, rawRule(tasteContractedRE.String(), 1, pastimesOnly(confPref-8)),
		rawRule(takenUpLikedRE.String(), 1, pastimesOnly(confPref-6)))
	rules = append(rules,
		// "I juggle studying with my fantasy reading hobby", "my photography
		// passion": the pastime that names the hobby (session 27).
		rawRule(`(?i)\bmy\s+((?:[a-z][a-z\-]+\s+){0,2}[a-z][a-z\-]+)\s+(?:hobby|passion)\b`, 1, func(c *clause, m []string) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if c.neg || c.fore || notHobbyLead[ws[0]] || !tastePastime(m[1]) {
				return // "my new hobby", "my only passion": which is said elsewhere
			}
			c.add(c.speaker, "likes", strings.ToLower(m[1]), World, confPref-8)
		}),
	)
	rules = append(rules, subj, weak,
		rawRule(tasteObjRE.String(), 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if lostTasteRE.MatchString(c.raw) {
				return // "I lost my love for running"
			}
			if ws := strings.Fields(strings.ToLower(m[1])); len(ws) > 1 && (deictic[ws[1]] || pronoun[ws[1]]) {
				return // "passionate about sharing that with others": what is shared was said elsewhere
			}
			for _, p := range tasteList(cut(m[1])) {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
	)
}

// tasteSplitRE cuts a list of things at its commas and conjunctions.
var tasteSplitRE = regexp.MustCompile(`(?i)\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+`)

// tasteList splits "yoga and meditation", "Skiing, snowboarding, and ice
// skating" into the things, each a pastime or a plain noun phrase of at
// most four words; nil when any part is no taste (a person, a pronoun, a
// thing shown, a clause).
func tasteList(s string) []string {
	s = strings.TrimSpace(strings.Trim(s, `"'“”`))
	if _, after, ok := strings.Cut(s, " like "); ok {
		s = after // "Self-care activities like yoga and meditation"
	}
	parts := tasteSplitRE.Split(s, -1)
	var out []string
	for _, p := range parts {
		p = strings.TrimSpace(p)
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) == 0 || len(ws) > 4 {
			return nil
		}
		for _, w := range ws {
			if pronoun[w] || deictic[w] && w != "the" || auxVerb[w] || w == "i" || w == "you" || w == "my" && len(ws) == 1 || tasteNot[w] {
				return nil
			}
		}
		if ws[0] == "my" || ws[0] == "our" || ws[0] == "the" {
			ws = ws[1:]
			p = strings.Join(strings.Fields(p)[1:], " ")
		}
		if len(ws) == 0 || notTaste[ws[len(ws)-1]] || notTaste[ws[0]] || personWord(p) || relKey(ws[len(ws)-1]) != "" || relKey(singular(ws[len(ws)-1])) != "" ||
			isCapital(p) && lexNames.has(strings.Fields(p)[0]) && len(ws) <= 2 || isPet(ws[len(ws)-1]) && len(ws) == 1 && false {
			return nil
		}
		if strings.HasSuffix(ws[len(ws)-1], "'s") || strings.HasSuffix(ws[len(ws)-1], "’s") {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// tastePastime: p is a pastime ("basketball", "cooking", "working on
// cars", "nature"), not a value or a habit ("mental health", "staying
// connected").
func tastePastime(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 {
		return false
	}
	h := ws[len(ws)-1]
	return hobbyGerund(ws[0]) || activityGerund[ws[0]] || soloPastimes[ws[0]] || pastimeNoun[h] != "" || pastimeNouns[h] || tasteNoun[h] || tasteNoun[singular(h)]
}

// notHobbyLead open a phrase before "hobby" that says which hobby, not
// what it is: "my new hobby", "my weekend hobby".
var notHobbyLead = setOf(`new only favorite favourite fave main latest old little own biggest one other current true real weekend
	first second lifelong life-long great big greatest newest newfound new-found pandemic lockdown`)

// tasteNoun are more nouns of pastimes said as the subject of "is
// important to me", "is so calming".
var tasteNoun = setOf(`basketball football soccer tennis golf baseball hockey rugby cricket volleyball music art painting dance
	nature exercise fitness reading writing book cooking baking gaming game travel knitting crochet sewing chess poetry theater
	theatre film movie singing guitar piano`)

// tasteNot are words that make a subject no taste: a negation or a hedge
// inside it ("Running never helps me relax").
var tasteNot = setOf(`never not no nothing hardly barely rarely n't don't doesn't didn't won't can't isn't aren't wasn't`)

// lostTasteRE: a love said to be lost or gone.
var lostTasteRE = regexp.MustCompile(`(?i)\b(?:lost|lose|losing|gave\s+up|no\s+longer\s+have|don't\s+have|haven't\s+got)\s+(?:my|all|the|any|that)\b`)

// What one is afraid of (session 24, from the synthetic chat's misses):
// "I'm terrified of heights" is a dislike, as the labelled sets write it;
// not a gerund ("afraid of losing my job" is a worry). "I don't drink
// alcohol" as a dislike was tried and dropped: the sets write it as a
// diet as often, and it read "I don't drink anyway" as a thing.
var (
	afraidRE = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im)\s+(?:so\s+|really\s+|very\s+|absolutely\s+|deathly\s+)?(?:terrified|scared|afraid|frightened)\s+of\s+([a-z][a-z -]*?)(?:\s*$|\s*[,;]|\s+(?:so|which|and|but|though|lol)\b)`)
)

func init() {
	rules = append(rules,
		rawRule(afraidRE.String(), 1, func(c *clause, m []string) {
			p := strings.TrimSpace(m[1])
			if ws := strings.Fields(p); len(ws) == 0 || len(ws) > 3 || isGerund(ws[0]) || c.fore || pronoun[strings.ToLower(ws[0])] || deictic[strings.ToLower(ws[0])] {
				return
			}
			c.neg = false
			c.add(c.speaker, "dislikes", p, World, confPref-8)
		}),
	)
}
