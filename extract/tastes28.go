package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Tastes of session 28, from the misses and the wrong facts of the
// preference family on synthetic rounds 1–2 and locomo_more.jsonl.
//
// Read: another person's taste said with the verbs chat uses for it ("Gerdina
// hates big crowds", "Benedetta is mad about castles", "Zanele is obsessed
// with the otters", "Pietro is allergic to hazelnuts"), its subject a name
// the name list lacks, or "he"/"she" standing for the one person named just
// before in the turn ("I'll bring Konstantin, he loves Hindemith"); a food
// or drink kept out of one's diet, one's own or another's ("I don't drink
// alcohol", "Mireya doesn't eat pork", "I haven't eaten meat in 12 years");
// a taste said as the kind of person one is ("Rutger is a big bread
// person", "I'm strictly a hotel person").
//
// Dropped (tasteFilter28): a liking said in jest ("Wonderful. I love paying
// more every year", "I LOVE humidity. … 🙃"), one someone else thinks the
// speaker has ("my team still thinks I just like loose dresses"), a person
// called one's "favourite person", what one is "less into", what "we can
// enjoy" some day, and the words of a description read as a list of likings
// ("I like the steppe, very quiet, only me …"). Cases in tastes28_test.go.

// taste3Start: where another's taste clause starts: the clause's start, a
// comma or a conjunction.
const taste3Start = `(?:^|[,;:]\s*|\b(?i:and|but|so|because|since|though|plus|also|while)\s+)`

// taste3Adv: the adverbs between the subject and the verb.
const taste3Adv = `(?i:\s+(?:also|really|still|just|totally|absolutely|actually|literally|seriously|completely|kinda|kind\s+of|so|even|always|now|already))*`

// taste3Like: the verbs and frames of another's liking.
const taste3Like = `(?i:loves?|likes?|adores?|worships?|lives\s+for|(?:is|'s|has\s+been|'s\s+been)` + taste3Adv + `\s+(?:obsessed\s+with|mad\s+about|crazy\s+about|nuts\s+about|hooked\s+on|into|deep\s+into)|(?:has|'s|is)\s+(?:gotten|got)(?:\s+(?:really|so|super|very|seriously))*\s+into)`

// taste3Dislike: the verbs and frames of another's dislike.
const taste3Dislike = `(?i:hates?|detests?|(?:can't|cannot|can\s+not)\s+(?:stand|abide)|(?:is|'s)` + taste3Adv + `\s+(?:scared|terrified|afraid)\s+of)`

// taste3Allergy: another's allergy.
const taste3Allergy = `(?i:(?:is|'s)` + taste3Adv + `(?:\s+(?:very|severely|badly|deathly|mildly|a\s+bit|a\s+little))*\s+allergic\s+to)`

// tasteSubj3: the subject of another's taste: a name, a placeholder for
// "my wife", or "he"/"she".
const tasteSubj3 = `(` + nameRE + `|(?i:he|she))`

var taste3RE = regexp.MustCompile(taste3Start + tasteSubj3 + taste3Adv + `(?:\s+|\b)(?:(` + taste3Like + `)|(` + taste3Dislike + `)|(` + taste3Allergy + `))\s+(.+)`)

// phaseRE: "my little one Mele is deep in a dinosaur phase".
var phaseRE = regexp.MustCompile(taste3Start + tasteSubj3 + `(?i:\s+(?:is|'s)(?:\s+(?:deep|totally|really|still|currently|going\s+through))*\s+(?:in\s+)?(?:an?|his|her)\s+)([\p{L}-]+(?:\s+[\p{L}-]+)?)(?i:\s+phase)\b`)

// allergyHasRE: "Paa Kwesi has a severe peanut allergy", "Izaro is
// celiac" (gluten).
var allergyHasRE = regexp.MustCompile(taste3Start + `(` + nameRE + `|(?i:i|we|he|she))` + taste3Adv + `(?:(?i:\s+(?:has|have|'s\s+got|has\s+got|'ve\s+got)\s+(?:an?\s+)?(?:(?:severe|serious|bad|mild|deadly|life-threatening|slight|nut|food)\s+)*)([\p{L}-]+(?:\s+[\p{L}-]+)?)(?i:\s+allerg(?:y|ies))|(?i:\s+is\s+(?:a\s+)?(?:celiac|coeliac)\b))`)

// allergyDegree: how bad an allergy is, no allergen ("a mild allergy").
var allergyDegree = setOf(`severe serious bad mild deadly life-threatening slight nut food real bit little`)

// dietRE: a food or drink kept out of one's diet: "I don't eat raw fish",
// "Julián doesn't eat pork", "Tomoe cannot eat shellfish", "I don't drink
// coffee or alcohol".
var dietRE = regexp.MustCompile(taste3Start + `(` + nameRE + `|(?i:i|we|he|she))` + taste3Adv + `(?i:\s+(?:don't|do\s+not|doesn't|does\s+not|dont|doesnt|never|no\s+longer|can't|cannot|can\s+not|won't|will\s+not))` + taste3Adv + `(?i:\s+(eat|drink|touch))\s+(.+)`)

// abstainedRE: "I haven't eaten meat in 12 years", "haven't eaten meat
// since I was 15", "I finally stopped eating meat".
var abstainedRE = regexp.MustCompile(`(?:` + taste3Start + `(` + nameRE + `|(?i:i|we|he|she))` + taste3Adv + `\s+)?(?i:(?:haven't|have\s+not|hasn't|has\s+not|'ve\s+not)` + taste3Adv + `\s+(?:eaten|drunk|touched|had)\s+(` + dietFood + `)(?:\s+(?:in|for|since)\b|\s*$)|(?:stopped|quit|gave\s+up|given\s+up)\s+(eating|drinking)\s+(` + dietFood + `)\b)`)

// dietFood: the foods and drinks a diet keeps out, as "I haven't eaten …
// in years" says it (a dish not had in a while is missed, not given up).
const dietFood = `(?i:(?:red\s+)?meat|pork|beef|chicken|poultry|lamb|fish|seafood|shellfish|dairy|milk|gluten|eggs|sugar|alcohol|booze|caffeine|animal\s+products|wheat|meat\s+or\s+fish|meat\s+and\s+fish)`

// tasteKindRE: a taste said as the kind of person one is: "Rutger is a big
// bread person", "he's a massive Hibs fan", "I'm strictly a hotel person",
// "Hoani is a huge Studio Ghibli nerd".
var tasteKindRE = regexp.MustCompile(taste3Start + `(` + nameRE + `|(?i:he|she|i))(?i:'s|'m|\s+is|\s+am)` + `(?i:\s+(?:also|really|still|just|totally|definitely|strictly|absolutely|very\s+much|more\s+of|such|not|never|actually|literally|basically|a\s+bit\s+of|kind\s+of|kinda|quite))*\s+(?i:an?)\s+(?i:(?:huge|big|massive|total|real|true|proper|die-?hard|complete|major|serious|mad|crazy|lifelong|life-long)\s+)*([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*){0,2}?)\s+(?i:person|fan|nerd|geek|buff|snob|junkie|fanatic|fiend)\b`)

// notFoods: what "I don't eat …" names that is no food kept out of a diet:
// a meal skipped, an amount, a time.
var notFoods = setOf(`breakfast lunch dinner supper brunch meals meal much a lot anything enough out well before after late early
	properly right here there that this it them much much any anymore alone at today tonight now either too fast slowly with in on
	food stuff things anyway anyways either obviously anymore though tho too now`)

// dietSplitRE parts the foods of a diet: "coffee or alcohol", "pork nor
// shellfish".
var dietSplitRE = regexp.MustCompile(`\s*(?:,|\bor\b|\band\b|\bnor\b)\s*`)

// dietFoods is the food or drink a diet clause names, cut at its tail.
func dietFoods(s string) []string {
	p := tasteTail(object(s))
	if p == "" {
		return nil
	}
	var out []string
	for _, part := range dietSplitRE.Split(p, -1) {
		part = strings.TrimSpace(articleRE.ReplaceAllString(part, ""))
		ws := strings.Fields(strings.ToLower(part))
		if len(ws) == 0 || len(ws) > 3 || notFoods[ws[0]] || notFoods[part] || pronoun[ws[0]] {
			return nil
		}
		out = append(out, part)
	}
	return out
}

func init() {
	rules = append(rules,
		// "Gerdina hates big crowds", "Benedetta is mad about castles",
		// "Pietro is allergic to hazelnuts", "I'll bring Konstantin, he loves
		// Hindemith": another's taste, its subject a name (one the name
		// list lacks will do when the verb is one of taste) or "he"/"she"
		// for the person named just before.
		r(taste3RE.String(), 5, func(c *clause, m []string) {
			n := tasteSubject(c, m[0], m[1])
			if n == "" {
				return
			}
			if v := strings.ToLower(strings.TrimSpace(m[2])); v == "like" || v == "love" {
				if ls := strings.ToLower(m[1]); ls != "he" && ls != "she" && v == "like" {
					return // "Sounds like a plan": "like" after a name is no verb
				}
			}
			if m[3] != "" && strings.Contains(strings.ToLower(m[3]), "stand") || strings.Contains(strings.ToLower(m[3]), "abide") {
				c.neg = false // "can't stand": the negation is the verb's own
			}
			for _, p := range tasteObjects(m[5]) {
				switch {
				case m[2] != "":
					c.add(n, "likes", p, World, confThird-8)
				case m[3] != "":
					c.add(n, "dislikes", p, World, confThird-8)
				case m[4] != "" && !jokeAllergy(p):
					c.add(n, "allergic_to", p, World, confThird-6)
				}
			}
		}),
		// "Paa Kwesi has a severe peanut allergy", "Izaro is celiac".
		r(allergyHasRE.String(), 2, func(c *clause, m []string) {
			n := c.speaker
			if s := strings.ToLower(m[1]); s != "i" && s != "we" {
				if n = tasteSubject(c, m[0], m[1]); n == "" {
					return
				}
			}
			if m[2] != "" {
				if p := object(m[2]); p != "" && !jokeAllergy(p) && !vague[strings.ToLower(p)] && !notAllergen[strings.ToLower(strings.Fields(p)[0])] && !allergyDegree[strings.ToLower(strings.Fields(p)[0])] {
					c.add(n, "allergic_to", p, World, confThird-6)
				}
			} else if !c.neg && n != c.speaker {
				c.add(n, "allergic_to", "gluten", World, confThird-6)
			}
		}),
		// "my little one Mele is deep in a dinosaur phase".
		r(phaseRE.String(), 2, func(c *clause, m []string) {
			if n := tasteSubject(c, m[0], m[1]); n != "" {
				if p := object(m[2]); p != "" && !evaluative[strings.ToLower(p)] {
					c.add(n, "likes", p, World, confThird-10)
				}
			}
		}),
		// "I don't drink alcohol", "Mireya doesn't eat pork", "Tomoe cannot
		// eat shellfish": a food kept out of one's diet, as casual.go's
		// rule writes it ("no meat"); not a meal skipped ("I don't eat
		// breakfast") or a one-off ("I can't eat dairy today").
		r(dietRE.String(), 3, func(c *clause, m []string) {
			if !c.neg || c.fore || c.hasDate || c.hasPast {
				return
			}
			if i := strings.Index(c.raw, m[0]); i >= 0 && onceRE.MatchString(c.raw[i+len(m[0]):]) {
				return
			}
			n := c.speaker
			if s := strings.ToLower(m[1]); s != "i" && s != "we" {
				if n = tasteSubject(c, m[0], m[1]); n == "" {
					return
				}
			} else if cantRE.MatchString(m[0]) {
				return // "I can't eat bread": said of a reason told with it (casual.go reads celiac)
			}
			c.neg = false
			for _, p := range dietFoods(m[3]) {
				c.add(n, "diet", "no "+strings.ToLower(p), World, confFirst-8)
			}
		}),
		// "I haven't eaten meat in 12 years", "I finally stopped eating
		// meat": a food given up.
		r(abstainedRE.String(), 0, func(c *clause, m []string) {
			if c.fore {
				return
			}
			n := c.speaker
			if s := strings.ToLower(m[1]); s != "" && s != "i" && s != "we" {
				if n = tasteSubject(c, m[0], m[1]); n == "" {
					return
				}
			}
			if i := strings.Index(c.raw, m[0]); i >= 0 && onceRE.MatchString(c.raw[i+len(m[0]):]) {
				return // "I haven't had meat today"
			}
			food := m[2]
			if food == "" {
				food = m[4]
			}
			c.neg = false
			for _, p := range dietFoods(food) {
				c.add(n, "diet", "no "+strings.ToLower(p), World, confFirst-10)
			}
		}),
		// "Rutger is a big bread person", "he's a massive Hibs fan", "I'm
		// strictly a hotel person", "I'm not really a dog person".
		r(tasteKindRE.String(), 2, func(c *clause, m []string) {
			w := strings.TrimSpace(m[2])
			lw := strings.ToLower(w)
			ws := strings.Fields(lw)
			if strings.HasPrefix(lw, "ex-") || ws[0] == "former" || ws[0] == "recovering" || notPersonLike[ws[0]] || evaluative[ws[0]] || notKindTaste[lw] || notKindTaste[ws[len(ws)-1]] || personWord(lw) {
				return // "a people person", "a morning person", "a good person"
			}
			n := c.speaker
			if s := strings.ToLower(m[1]); s != "i" {
				if n = tasteSubject(c, m[0], m[1]); n == "" {
					return
				}
			}
			c.add(n, "likes", w, World, confPref-6)
		}),
	)
}

// habitTail: how often a habit is kept: "every Tuesday", "most
// Saturdays", "on Wednesdays", "a lot", "twice a week".
const habitTail = `(?i:every\s+(?:single\s+|other\s+)?(?:day|morning|evening|night|week|weekend|summer|winter|[a-z]+day)|most\s+(?:days|mornings|evenings|nights|weekends|weeks|[a-z]+days)|on\s+(?:the\s+)?(?:weekends|[a-z]+days)|(?:once|twice|three\s+times|\d+\s+times)\s+a\s+(?:week|month)|daily|weekly|a\s+lot|all\s+the\s+time|whenever\s+i\s+can)\b`

// habitDoRE: a pastime done by habit: "I do parkrun at Woodhouse Moor most
// Saturdays", "Now I do ikebana every Tuesday", "we do karaoke on
// Wednesdays", "I do the crossword every morning".
var habitDoRE = regexp.MustCompile(`(?:^|\b(?i:i|we)\s+)(?i:(?:still|also|usually|always|now|mostly|often|regularly|even)\s+)*(?i:do)\s+((?i:the\s+)?[\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,2}?)(?:\s+(?i:at|in|with|on|by|near)\s+[^,.;!?]{1,40}?)?\s+` + habitTail)

// habitVerbRE: a pastime verb kept by habit: "I cook most nights", "I walk
// a lot", "I dance tango every Friday", "Jelena swims every morning".
var habitVerbRE = regexp.MustCompile(taste3Start + `(` + nameRE + `|(?i:i|we|he|she))(?i:\s+(?:still|also|usually|always|now|mostly|often|regularly|even))*\s+(?i:(swim|run|walk|cook|bake|dance|sing|paint|knit|sew|hike|cycle|bike|climb|surf|ski|skate|row|paddle|garden|meditate|draw|sketch|write|read|jog|crochet|fish)(?:s|es)?)((?:\s+[\p{L}][\p{L}'-]*){0,4}?)(?:\s+(?i:at|in|with|by|near|before|after)\s+[^,.;!?]{1,40}?)?\s+` + habitTail)

// doingSinceRE: "been doing yoga since I was a teen", "I've been doing
// beadwork all week".
var doingSinceRE = regexp.MustCompile(`(?i:\b(?:i've\s+|i\s+have\s+|we've\s+)?been\s+doing)\s+([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*)?)(?:\s+(?i:since|for\s+(?:years|ages|decades|\d+\s+years)|every|all\s+(?:week|day|month|year))\b|\s*$)`)

// goClubRE: "I go to the bocce club", "we go to salsa classes".
var goClubRE = regexp.MustCompile(`(?:^|\b(?i:i|we)\s+)(?i:(?:still|also|usually|always|now|often|regularly)\s+)*(?i:go\s+to)\s+(?i:(?:the|a|my|our)\s+)?([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*)?)\s+(?i:club|classes|class|lessons|group|league|practice|sessions)\b`)

// myThingRE: "Weaving is my meditation", "bouldering is basically my
// church": what one's day turns on, said as a thing of one's own.
var myThingRE = regexp.MustCompile(`(?i:(?:^|[,;]\s*|\bso\s+)(?:(?:and|so|but|now|honestly|yeah)[,\s]+)*)([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}?)(?i:\s+(?:(?:is|are|has\s+become)(?:\s+(?:basically|literally|kind\s+of|kinda|like|now|really|honestly|still|pretty\s+much))*\s+my\s+(?:whole\s+|new\s+|only\s+|one\s+|little\s+)?(?:meditation|church|religion|drug|vice|weakness|guilty\s+pleasure|sport|thing|medicine|lifeline|whole\s+personality|personality|therapy|escape|happy\s+place|sanity|zen|outlet)|(?:really\s+|always\s+|honestly\s+)?keeps\s+me\s+(?:sane|going|young|grounded)))\b`)

// myIsRE: "my entertainment is the ocean", "My exercise is the choir", "My
// idea of holiday is Sozopol in August".
var myIsRE = regexp.MustCompile(`(?i:^(?:(?:and|so|but|now|honestly|well)[,\s]+)*my\s+(?:(?:main|only|favou?rite|daily|weekly)\s+)?(?:entertainment|exercise|sport|therapy|meditation|church|religion|idea\s+of\s+(?:a\s+)?(?:holiday|vacation|fun|heaven|a\s+good\s+time|relaxing|relaxation))\s+(?:is|are|=))\s+(.+)`)

// favApposRE: a thing named, then called one's favourite: "Today I eat
// bún chả, my favorite", "Tuesday is hill repeats, my favourite", "and
// ur moms rocoto relleno, still my fav food ever".
var favApposRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+(?:\w+\s+)?(?:eat|ate|had|have|watch|watched|read|play|played|do|did|made|make|cook|cooked|got|get|love|is|'s)\s+|\b(?:and|is|'s|are)\s+))([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}),\s+(?i:(?:still|probably|definitely|always|also|easily)\s+)?(?i:my\s+(?:all-time\s+|absolute\s+|very\s+)?(?:fav(?:ou?rite)?|fave))(?:\s+(?i:(food|dish|film|movie|book|song|band|drink|game|show|meal|snack|dessert|place)))?(?:\s+(?i:ever|of\s+all\s+time|from\s+home))?\s*(?:[.!,;]|$|\p{So})`)

// itFavRE: "Maybe kelewele, fried plantain, it's my favourite food from
// home": the first thing named, taken up by "it".
var itFavRE = regexp.MustCompile(`(?i:^(?:(?:maybe|oh|and|but|definitely|also|then|well)[,\s]+)*)([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}),(?:\s+[^,]{1,40},)?\s+(?i:it's|it\s+is|that's|that\s+is)\s+(?i:(?:still|probably|definitely|always|also|easily)\s+)?(?i:my\s+(?:all-time\s+|absolute\s+)?(?:fav(?:ou?rite)?|fave))(?:\s+(?i:(food|dish|film|movie|book|song|band|drink|game|show|meal|snack|dessert)))?\b`)

// frontedLoveRE: "Fuchsias I love!", "Jazz I adore": the thing said first.
var frontedLoveRE = regexp.MustCompile(`^([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,2})\s+(?i:i|we)\s+(?i:(?:really|absolutely|just|do|totally|still)\s+)*(?i:love|adore|like|enjoy)\s*[.!]*$`)

// missDoingRE: "I miss designing though", "Miss being outdoors": a
// pastime missed is a taste.
var missDoingRE = regexp.MustCompile(`(?:^|\b(?i:i|we)\s+)(?i:(?:really|so|still|do|truly|just)\s+)*(?i:miss)\s+([a-z][a-z'-]*ing(?:\s+[\p{L}][\p{L}'-]*){0,3})`)

// notHabit: what one does by habit that is no pastime: chores, work, a
// turn of speech.
var notHabit = setOf(`laundry dishes homework shopping groceries cleaning errands taxes work overtime shift shifts nights days
	school run drop-off pickup it that this them nothing everything something anything stuff things same best most lot job
	chores commute dishes bills paperwork admin rounds well good great okay ok fine better alright badly much research therapy physio physiotherapy rehab
	physical`)

// quantWord: an amount before what is done ("a few rows", "some work").
var quantWord = setOf(`few some couple bit lot lots little more less most several many any`)

// lotOf reports whether the habit's "a lot" is "a lot of" something: "I
// cook a lot of beans" says what is cooked, not how often.
func lotOf(c *clause, m string) bool {
	i := strings.Index(c.text, m)
	return i >= 0 && strings.HasSuffix(strings.ToLower(m), "lot") && strings.HasPrefix(strings.TrimSpace(c.text[i+len(m):]), "of")
}

func init() {
	rules = append(rules,
		// "I do parkrun at Woodhouse Moor most Saturdays", "we do karaoke
		// on Wednesdays"; not a chore ("I do the dishes every night").
		r(habitDoRE.String(), 1, func(c *clause, m []string) {
			p := strings.TrimSpace(articleRE.ReplaceAllString(m[1], ""))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || notHabit[ws[0]] || notHabit[ws[len(ws)-1]] || pronoun[ws[0]] || auxVerb[ws[0]] || quantWord[ws[0]] || emphaticDo[ws[0]] || c.neg || lotOf(c, m[0]) {
				return // "I do miss nature a lot": "do" says the verb after it
			}
			for _, q := range tasteSplitRE.Split(p, -1) {
				if q = strings.TrimSpace(q); q != "" {
					c.add(c.speaker, "likes", q, World, confPref-8) // "I do pilates and yoga on weekends"
				}
			}
		}),
		// "I cook most nights", "I walk a lot", "I dance tango every
		// Friday", "Jelena swims every morning".
		r(habitVerbRE.String(), 2, func(c *clause, m []string) {
			if c.neg {
				return
			}
			n := c.speaker
			if s := strings.ToLower(m[1]); s != "i" && s != "we" {
				if n = tasteSubject(c, m[0], m[1]); n == "" {
					return
				}
			}
			if lotOf(c, m[0]) {
				return // "I cook a lot of beans"
			}
			v := strings.ToLower(m[2])
			p := gerundOf(v)
			if obj := strings.TrimSpace(m[3]); obj != "" {
				ow := strings.Fields(strings.ToLower(obj))
				if pronoun[ow[0]] || ow[0] == "it" || ow[0] == "them" || ow[0] == "out" || ow[0] == "home" || ow[0] == "to" || ow[0] == "there" {
					return // "I walk to work every day", "I read it every night"
				}
				if len(ow) <= 2 {
					p += " " + obj
				}
			}
			c.add(n, "likes", p, World, confPref-8)
		}),
		// "been doing yoga since I was a teen".
		r(doingSinceRE.String(), 1, func(c *clause, m []string) {
			p := strings.TrimSpace(articleRE.ReplaceAllString(m[1], ""))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || notHabit[ws[0]] || notHabit[ws[len(ws)-1]] || pronoun[ws[0]] || quantWord[ws[0]] || c.neg {
				return
			}
			c.add(c.speaker, "likes", p, World, confPref-8)
		}),
		// "I go to the bocce club".
		r(goClubRE.String(), 1, func(c *clause, m []string) {
			p := strings.TrimSpace(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || notHabit[ws[0]] || pronoun[ws[0]] || ws[0] == "book" || ws[0] == "support" || c.neg || c.fore {
				return // "a book club", "a support group" say no pastime of their own
			}
			c.add(c.speaker, "likes", p, World, confPref-8)
		}),
		// "Weaving is my meditation", "surfing is my whole personality".
		r(myThingRE.String(), 1, func(c *clause, m []string) {
			if p := object(m[1]); p != "" && !deicticDet.MatchString(p+" ") && !pronoun[strings.ToLower(strings.Fields(p)[0])] && !stopLead[strings.ToLower(strings.Fields(p)[0])] && !personWord(p) && !frontDet[strings.ToLower(strings.Fields(p)[0])] && !notThingLead[strings.ToLower(strings.Fields(p)[0])] {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "my entertainment is the ocean", "My idea of holiday is Sozopol".
		r(myIsRE.String(), 1, func(c *clause, m []string) {
			if p := object(m[1]); p != "" && !pronoun[strings.ToLower(strings.Fields(p)[0])] && !personWord(p) {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "Today I eat bún chả, my favorite", "kelewele, fried plantain,
		// it's my favourite food from home".
		// "My favourite is Dave Brubeck": lead28.go (bareFavoriteRE).
		// "Fuchsias I love!".
		r(frontedLoveRE.String(), 1, func(c *clause, m []string) {
			p := strings.TrimSpace(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if pronoun[ws[0]] || deicticDet.MatchString(p+" ") || stopLead[ws[0]] || frontDet[ws[0]] || strings.Contains(ws[0], "'") || personWord(p) {
				return // "Here's another recipe I like", "The one I like": a relative clause, nothing fronted
			}
			c.add(c.speaker, "likes", p, World, confPref-6)
		}),
		// "We connected over our shared love for basketball", "people who
		// shared the same love of HP as me", "our love of furry pals": a
		// love the speaker shares is the speaker's too.
		r(sharedLoveRE.String(), 1, func(c *clause, m []string) {
			if k := strings.Index(c.text, m[0]); k >= 0 && youRE.MatchString(c.text[:k]) {
				return // "So glad you bonded over our love of nature": said of the listener
			}
			rest := m[1]
			if loc := loveVerbRE.FindStringIndex(rest); loc != nil && loc[0] > 0 && !pronounBefore(rest[:loc[0]]) {
				rest = rest[:loc[0]]
			}
			c.neg = false
			for _, p := range splitGerunds(asMeRE.ReplaceAllString(object(rest), "")) {
				if !personWord(p) {
					c.add(c.speaker, "likes", p, World, confPref-6)
				}
			}
		}),
		// "I miss designing though", "Miss being outdoors".
		r(missDoingRE.String(), 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := object(m[1]); p != "" && isGerund(strings.Fields(p)[0]) && !vague[strings.ToLower(strings.Fields(p)[0])] {
				c.add(c.speaker, "likes", p, World, confPref-8)
			}
		}),
	)
}

// frontDet: a determiner that opens a noun with a relative clause after
// it ("another recipe I like"), not a thing fronted.
var frontDet = setOf(`a an another the some any every one each my your his her our their no`)

// sharedLoveRE: a love shared with the speaker: "our (shared) love for",
// "shared the same love of", "share a passion for".
var sharedLoveRE = regexp.MustCompile(`(?i:(?:\bour\s+(?:shared\s+|mutual\s+|common\s+)?|\bshared?\s+(?:the\s+same\s+|a\s+|an\s+|our\s+)(?:(?:deep|big|huge|real|genuine|strong|common)\s+)?)(?:love|passion)\s+(?:for|of)\s+)(.+)`)

// youRE: the listener named before a shared love.
var youRE = regexp.MustCompile(`(?i)\byou\b`)

// asMeRE: "as me" after a love shared ("the same love of HP as me").
var asMeRE = regexp.MustCompile(`(?i)\s+as\s+(?:me|us|i\s+do|mine)$`)

// notThingLead: words that open no pastime before "is my therapy": "work
// is my therapy" says a job, "he is my rock" a person.
var notThingLead = setOf(`work job family faith god church he she they you money coffee`)

// stopLead: words that open a clause and are no thing fronted.
var stopLead = setOf(`what which who how why when where so and but or if because yes no yeah oh well maybe then also just really
	honestly all this that these those there here it i we you they he she one`)

// favoriteNamed reads what a sentence calls its favourite after naming
// it (favApposRE, itFavRE; the comma before "my favourite" cuts the
// clause, so the sentence is read whole): a favourite of a kind ("my
// favourite food") or, with no kind, a liking. Not in a question, a
// negation or of a person.
func favoriteNamed(text, speaker string, at time.Time, have []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "fav") {
		return nil // both frames say "favourite", "fav" or "fave": most turns say none
	}
	var out []Fact
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || negRE.MatchString(s) {
			continue
		}
		for _, re := range []*regexp.Regexp{favApposRE, itFavRE} {
			m := re.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			p := strings.TrimSpace(m[1])
			if parts := copulaRE.Split(p, -1); len(parts) > 1 {
				p = parts[len(parts)-1] // "Tuesday is hill repeats, my favourite"
			}
			p = possLeadRE.ReplaceAllString(p, "")
			p = articleRE.ReplaceAllString(p, "")
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || pronoun[ws[0]] || stopLead[ws[0]] || personWord(p) || lexNames.has(p) {
				continue
			}
			pred := "likes"
			if k := strings.ToLower(m[2]); k != "" {
				switch k {
				case "dish", "meal", "snack", "dessert":
					k = "food"
				case "film":
					k = "movie"
				}
				pred = "favorite_" + k
			}
			dup := false
			for _, f := range slices.Concat(have, out) {
				dup = dup || preference(f.Predicate) && strings.EqualFold(f.Claim, p)
			}
			if !dup {
				out = append(out, Fact{Subject: speaker, Predicate: pred, Claim: p, Kind: World, Polarity: Positive,
					ValidFrom: at, Confidence: confPref - 6, Speaker: speaker})
			}
		}
	}
	return out
}

// possLeadRE: whose a thing is, before it: "ur moms rocoto relleno".
var possLeadRE = regexp.MustCompile(`(?i)^(?:(?:ur|your|my|his|her|their|our)\s+)?(?:[\p{L}]+'?s\s+)`)

// notKindTaste: "a morning person", "a detail person": a trait, no taste.
var notKindTaste = setOf(`morning night evening early late people details detail numbers big-picture glass-half-full half type
	team sports-loving one first second last only good bad nice kind lucky total huge big new`)

// tasteObjects are the things another's taste clause names: its object,
// cut at the clause's tail; "dinosaurs and trains" stay one claim (the
// splitting passes read it).
func tasteObjects(s string) []string {
	p := tasteTail(object(s))
	if p == "" {
		return nil
	}
	lw := strings.ToLower(p)
	if ws := strings.Fields(lw); pronoun[ws[0]] || ws[0] == "him" || ws[0] == "her" || ws[0] == "them" || ws[0] == "me" || ws[0] == "us" ||
		ws[0] == "everything" || ws[0] == "anything" || ws[0] == "nothing" || ws[0] == "everyone" || ws[0] == "everybody" || personWord(lw) {
		return nil
	}
	return []string{p}
}

// tasteSubject is who another's taste clause is about: the name said
// (one the name list lacks too, the verb being one of taste, not after a
// preposition), the relative a placeholder stands for, or the person "he"
// or "she" stands for (pronounPerson).
func tasteSubject(c *clause, whole, subj string) string {
	ls := strings.ToLower(subj)
	if ls == "he" || ls == "she" {
		return pronounPerson(c, whole)
	}
	if strings.HasPrefix(subj, "\x01") {
		return c.resolve(name(subj))
	}
	n := third(c, subj, true)
	if n == "" && !afterPreposition(c.raw, subj) {
		if n = unlistedPerson(subj); lexCommon().has(strings.ToLower(n)) {
			n = "" // "Sounds like fun", "Grey like my hair": a word, no one
		}
	}
	if n == "" || strings.HasPrefix(n, "\x01") || pronoun[strings.ToLower(n)] || lexNationalities.has(n) || lexPlaces.has(n) {
		return ""
	}
	return n
}

// personAfterRelRE: a relative or friend named: "my grandson Matyáš", "My
// flatmate Njeri", "our daughter Nasrin".
var personAfterRelRE = regexp.MustCompile(`(?i:\b(?:my|our|his|her)\s+(?:(?:little|older|younger|big|eldest|youngest|best|new|old|dear|lovely|baby)\s+)*([a-z]+)\s*,?\s+)(\p{Lu}[\p{L}'-]*)`)

// capWordRE: a capitalised word.
var capWordRE = regexp.MustCompile(`\b\p{Lu}[\p{L}-]*`)

// pronounPerson is the person "he" or "she" (in whole, a match in the
// clause) stands for: the one person the turn names before it (a name
// after a relation word, "my grandson Matyáš"; a given name the name list
// knows; a capitalised word that is no place and opens no sentence), or
// the name just before ", he" ("I'll bring Konstantin, he loves …"). ""
// when the turn names no one before it, or two people or more (a relative
// unnamed counts: "my sister met Tom, she …" may be either), or only
// whom it speaks to ("Thanks Sam! He …").
func pronounPerson(c *clause, whole string) string {
	i := pronounIndex(c.turn, whole)
	if i < 0 {
		return ""
	}
	before := c.turn[:i]
	type mention struct {
		at   int
		name string
	}
	var ms []mention
	named := map[int]bool{} // where a relation word's name starts
	for _, m := range personAfterRelRE.FindAllStringSubmatchIndex(before, -1) {
		if rel := strings.ToLower(before[m[2]:m[3]]); relWord(rel) {
			ms = append(ms, mention{m[4], strings.TrimSuffix(before[m[4]:m[5]], "'s")})
			named[m[4]] = true
		}
	}
	for _, m := range unnamedRelRE.FindAllStringSubmatchIndex(before, -1) {
		if rel := strings.ToLower(before[m[2]:m[3]]); relWord(rel) && !capNextRE.MatchString(before[m[1]:]) {
			ms = append(ms, mention{m[0], "\x00" + rel})
		}
	}
	for _, m := range capWordRE.FindAllStringIndex(before, -1) {
		w := strings.TrimSuffix(strings.TrimSuffix(before[m[0]:m[1]], "'s"), "-")
		if named[m[0]] || isStopName(w) || lexPlaces.has(w) || lexNationalities.has(w) || pronoun[strings.ToLower(w)] || relWord(strings.ToLower(w)) || placePrepRE.MatchString(before[:m[0]]) {
			continue
		}
		if vocativeAt(before, m[0], m[1]) {
			continue
		}
		rest := before[m[1]:]
		if resumptiveRE.MatchString(rest) {
			ms = append(ms, mention{m[0], w})
			continue
		}
		if lexNames.has(w) || !sentenceStart(before, m[0]) && !titleRunAt(before, m[0], m[1]) ||
			!lexCommon().has(strings.ToLower(w)) && nameSubjVerbRE.MatchString(rest) {
			ms = append(ms, mention{m[0], w})
		}
	}
	if len(ms) == 0 {
		return ""
	}
	last := ms[0]
	who := map[string]bool{}
	for _, m := range ms {
		if m.at > last.at {
			last = m
		}
		who[m.name] = true
	}
	if strings.HasPrefix(last.name, "\x00") {
		return ""
	}
	if len(who) > 1 && !resumptiveRE.MatchString(before[last.at+len(last.name):]) {
		return ""
	}
	return last.name
}

// placePrepRE: a preposition of place just before a capitalised word
// ("her first day at Carcavelos"): a place, not whom "she" stands for
// (tastes29.go).
var placePrepRE = regexp.MustCompile(`\b(?i:at|in|near|around|outside|inside)\s+$`)

func relWord(w string) bool {
	return relations[w] != "" || lexKinship.has(w) || relations[singular(w)] != ""
}

// resumptiveRE: what follows a name "he"/"she" takes up at once: "Sigrid,
// she is 7", "Konstantin, he".
var resumptiveRE = regexp.MustCompile(`^\s*,\s*(?:(?i:he|she)\b.*)?$`)

// unnamedRelRE: a relative said by relation word ("my sister").
var unnamedRelRE = regexp.MustCompile(`(?i:\b(?:my|our|his|her)\s+(?:(?:little|older|younger|big|eldest|youngest|best|new|old|dear|lovely|baby)\s+)*([a-z]+))\b`)

// capNextRE: a name right after a relation word.
var capNextRE = regexp.MustCompile(`^\s*,?\s+\p{Lu}`)

// capFollowsRE: a capitalised word next ("Club| Sunderland").
var capFollowsRE = regexp.MustCompile(`^\s+\p{Lu}`)

// titleRunAt reports whether the capitalised word at [i,j) is part of a
// run of them (a title, a place, a firm: "Club Sunderland", "St Mary's").
func titleRunAt(s string, i, j int) bool {
	if capFollowsRE.MatchString(s[j:]) {
		return true
	}
	t := strings.TrimRightFunc(s[:i], unicode.IsSpace)
	return t != s[:i] && t != "" && unicode.IsUpper([]rune(lastWord(t))[0])
}

// sentenceStart reports whether the word at i opens a sentence (a
// capital there says nothing of a name).
func sentenceStart(s string, i int) bool {
	t := strings.TrimRightFunc(s[:i], unicode.IsSpace)
	return t == "" || strings.HasSuffix(t, ".") || strings.HasSuffix(t, "!") || strings.HasSuffix(t, "?")
}

// vocativeAt reports whether the name at [i,j) is whom the turn speaks
// to: "Thanks Sam!", "Hey Maria, …", a name alone before a comma or "!"
// at the start.
func vocativeAt(s string, i, j int) bool {
	lead := strings.ToLower(strings.TrimSpace(s[:i]))
	rest := strings.TrimSpace(s[j:])
	return lead == "" && (rest == "" || strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, "!")) || greetLeadRE.MatchString(lead)
}

var greetLeadRE = regexp.MustCompile(`(?:^|[.!?]\s*)(?:hi|hey|hello|thanks|thank\s+you|cheers|dear|morning|good\s+morning|good\s+evening|yo|oh|wow|congrats|congratulations|aw+|ah+)[,!\s]*$`)

// Turn-level checks on the likings the rules gave.
var (
	// sarcasmTagRE: a short sentence after a liking that says it was
	// meant the other way: "Best day of my life.", "🙃", "Living the dream".
	sarcasmTagRE = regexp.MustCompile(`(?i)^(?:🙃|🙄|😒|🫠|/s|best\s+day\s+of\s+my\s+life|living\s+the\s+dream|just\s+what\s+i\s+needed|what\s+a\s+treat|said\s+no\s*(?:one|body)\s+ever|can't\s+wait|love\s+that\s+for\s+me)[\s.!🙃🙄😒🫠]*$`)
	// sarcasmLeadRE: a one-word cheer alone before a liking of a cost:
	// "The embassy fee went up again. Wonderful. I love paying more".
	sarcasmLeadRE = regexp.MustCompile(`(?i)^(?:oh\s+)?(?:wonderful|great|fantastic|brilliant|lovely|perfect|marvellous|marvelous|fabulous|super|splendid|yay|joy|oh\s+joy|oh\s+yes(?:,?\s+great)?|oh\s+great)[.!]*$`)
	// burdenRE: a liking of a cost or a wait, which chat says only in jest.
	burdenRE = regexp.MustCompile(`(?i)^(?:paying|being\s+charged|waiting|queu(?:e)?ing|standing\s+in\s+line|being\s+stuck|being\s+ignored|doing\s+taxes|filling\s+(?:in|out)\s+forms)\b`)
	// othersThinkRE: another's view of what the speaker likes.
	othersThinkRE = regexp.MustCompile(`(?i)\b([\w']+)\s+(?:(?:still|probably|all|just|even|always)\s+)*(?:thinks|thought|believes|believed|assumes|assumed|reckons|reckoned|says|said|figures|imagines)\s+(?:that\s+)?(?:i|i'm)\s+(?:just\s+|only\s+|really\s+|secretly\s+)*(?:like|love|hate|enjoy|prefer|into|obsessed\s+with|a\s+fan\s+of)\s+(.+)`)
	// favPersonRE: "Njeri is my new favourite person": praise of a person.
	favPersonRE = regexp.MustCompile(`(?i)\b(?:is|'s|are)\s+(?:now\s+|officially\s+|officially\s+now\s+)?my\s+(?:new\s+|current\s+|absolute\s+|official\s+|all-time\s+)?(?:fav(?:ou?rite|e)?)\s+(?:person|people|human|humans|man|woman|guy|girl|kid|child|grandchild|niece|nephew)\b`)
	// lessIntoRE: "I'm less into big cities": less liked, no taste.
	lessIntoRE = regexp.MustCompile(`(?i)\b(?:less|not\s+(?:that|so|too|very|all\s+that))\s+(?:into|keen\s+on|fond\s+of|of\s+an?)\s+(?:the\s+)?(.+)`)
	// canEnjoyRE: "We can enjoy nature": what may be enjoyed some day.
	canEnjoyRE = regexp.MustCompile(`(?i)\b(?:(?:we|you|they)\s+(?:can|could)|i\s+could)\s+(?:all\s+|both\s+|just\s+|really\s+|then\s+)?(?:enjoy|love)\s+(?:the\s+|some\s+)?(.+)`)
	// descriptorRE: a claim that is a description, no thing: "very quiet",
	// "only me".
	descriptorRE = regexp.MustCompile(`(?i)^(?:(?:very|so|quite|too|pretty|rather|super|extremely|really)\s+[a-z]+|(?:only|just)\s+(?:me|us|him|her|them|myself)|me|us)$`)
	// playedHowRE: "I play alone": how one plays, no game.
	playedHowRE = regexp.MustCompile(`(?i)^playing\s+(?:alone|together|outside|inside|online|offline|well|badly|again|around|along|more|less|solo|a\s+lot|for\s+fun)$`)
)

// tasteFilter28 drops the likings that are no taste of the one they are
// said of (above), and trims "very much" off a claim ("I like very much
// the tiles").
func tasteFilter28(text, speaker string, out []Fact) []Fact {
	if !hasTaste(out) {
		return out
	}
	sents := sentences(clean(text))
	jest := make([]bool, len(sents))
	for i, s := range sents {
		s = strings.TrimSpace(s)
		if sarcasmRE.MatchString(s) {
			jest[i] = true
		}
		if sarcasmTagRE.MatchString(s) && i > 0 {
			jest[i-1] = true
			if i > 1 && sarcasmLeadRE.MatchString(strings.TrimSpace(sents[i-2])) {
				jest[i-2] = true
			}
		}
	}
	// "The fee went up. Wonderful. I love paying more": a cheer alone,
	// then a liking of a cost; "Oh yes, I LOVE humidity. Houston in August
	// is my happy place. 🙃": the jest marked after spreads back to "oh yes".
	for i := len(sents) - 1; i > 0; i-- {
		if jest[i] && ohYesRE.MatchString(strings.TrimSpace(sents[i-1])) {
			jest[i-1] = true
		}
	}
	lt := strings.ToLower(text)
	var keep []Fact
	for _, f := range out {
		if f.Predicate != "likes" && f.Predicate != "dislikes" && !strings.HasPrefix(f.Predicate, "favorite_") {
			keep = append(keep, f)
			continue
		}
		lc := strings.ToLower(f.Claim)
		if strings.HasPrefix(lc, "like ") || strings.HasPrefix(lc, "such as ") {
			f.Claim = strings.TrimSpace(f.Claim[strings.Index(lc, " ")+1:]) // "all kinds of music, like jazz": an example
			if strings.HasPrefix(lc, "such as ") {
				f.Claim = strings.TrimSpace(f.Claim[3:])
			}
			lc = strings.ToLower(f.Claim)
		}
		if strings.HasPrefix(lc, "very much ") || strings.HasPrefix(lc, "so much ") {
			f.Claim = strings.TrimSpace(articleRE.ReplaceAllString(f.Claim[strings.Index(lc, "much ")+5:], ""))
			lc = strings.ToLower(f.Claim)
		}
		if f.Polarity == Positive && (f.Predicate == "likes" || strings.HasPrefix(f.Predicate, "favorite_")) {
			if burdenRE.MatchString(f.Claim) || inJest(sents, jest, lc) {
				continue // "I love paying a €500 excess … Best day of my life."
			}
			if descriptorRE.MatchString(f.Claim) || playedHowRE.MatchString(f.Claim) {
				continue
			}
			if after(othersThinkRE, lt, lc, func(m []string) bool { return m[1] != "i" && m[1] != "we" }) ||
				after(lessIntoRE, lt, lc, nil) || after(canEnjoyRE, lt, lc, nil) {
				continue // "my team still thinks I just like loose dresses"
			}
			if favoritePerson(lt, lc) {
				continue // "Then Njeri is my new favourite person"
			}
			if afterDescriptor(sents, out, f) {
				continue // "I like the steppe, very quiet, only me, the colleagues and the eagles"
			}
		}
		if f.Subject == speaker && f.Predicate == "likes" && simileVerb(lt, lc) {
			continue // "I sing like a goat"
		}
		if ex := kindExamples(text, f); ex != nil {
			for _, g := range ex {
				if !slices.ContainsFunc(out, func(h Fact) bool {
					return h.Subject == g.Subject && h.Predicate == g.Predicate && strings.EqualFold(h.Claim, g.Claim)
				}) {
					keep = append(keep, g) // "different types of games, like RPGs and strategy games"
				}
			}
			continue
		}
		if slices.ContainsFunc(keep, func(h Fact) bool {
			return h.Subject == f.Subject && h.Predicate == f.Predicate && strings.EqualFold(h.Claim, f.Claim)
		}) {
			continue
		}
		keep = append(keep, f)
	}
	return keep
}

// ohYesRE: a sentence that opens with "Oh yes," or "Oh great,": a jest
// when the next sentence is marked as one.
var ohYesRE = regexp.MustCompile(`(?i)^oh\s+(?:yes|yeah|great|joy|sure|wonderful|brilliant|lovely|perfect)\b`)

func hasTaste(out []Fact) bool {
	for _, f := range out {
		if f.Predicate == "likes" || f.Predicate == "dislikes" || strings.HasPrefix(f.Predicate, "favorite_") {
			return true
		}
	}
	return false
}

// inJest reports whether the claim is said in a sentence marked as a jest,
// or after a cheer alone that opens a liking of a cost.
func inJest(sents []string, jest []bool, lc string) bool {
	for i, s := range sents {
		if !strings.Contains(strings.ToLower(s), lc) {
			continue
		}
		if jest[i] {
			return true
		}
	}
	return false
}

// after reports whether a match of re in lt (the turn in lower case) has
// the claim lc at the start of its last group, and ok (when given) holds.
func after(re *regexp.Regexp, lt, lc string, ok func([]string) bool) bool {
	for _, m := range re.FindAllStringSubmatch(lt, -1) {
		rest := m[len(m)-1]
		if strings.HasPrefix(rest, lc) || strings.HasPrefix(articleRE.ReplaceAllString(rest, ""), lc) {
			if ok == nil || ok(m) {
				return true
			}
		}
	}
	return false
}

// favoritePerson reports whether the claim is the one called "my
// favourite person": the words just before "is my … favourite person".
func favoritePerson(lt, lc string) bool {
	for _, m := range favPersonRE.FindAllStringIndex(lt, -1) {
		if strings.HasSuffix(strings.TrimSpace(lt[:m[0]]), lc) {
			return true
		}
	}
	return false
}

// afterDescriptor reports whether f is a liking listed in the same
// sentence after a description read as one ("very quiet", "only me"): the
// list is what the first thing is like, not more things liked.
func afterDescriptor(sents []string, out []Fact, f Fact) bool {
	for _, s := range sents {
		ls := strings.ToLower(s)
		j := strings.Index(ls, strings.ToLower(f.Claim))
		if j < 0 {
			continue
		}
		for _, g := range out {
			if g.Predicate == f.Predicate && g.Subject == f.Subject && descriptorRE.MatchString(g.Claim) {
				if k := strings.Index(ls, strings.ToLower(g.Claim)); k >= 0 && k < j {
					return true
				}
			}
		}
	}
	return false
}

// simileVerb reports whether a liking of a pastime ("singing") comes from
// a verb with a simile after it: "I sing like a goat".
func simileVerb(lt, lc string) bool {
	ws := strings.Fields(lc)
	if len(ws) != 1 || !strings.HasSuffix(ws[0], "ing") {
		return false
	}
	stem := strings.TrimSuffix(ws[0], "ing")
	if len(stem) < 2 {
		return false // "ing" alone (found by FuzzTurnFacts: the stem was cut below nothing)
	}
	cands := []string{stem, stem + "e", stem[:len(stem)-1]}
	for _, m := range simileRE.FindAllStringSubmatch(lt, -1) {
		for _, v := range []string{m[1], strings.TrimSuffix(m[1], "s")} {
			if slices.Contains(cands, v) {
				return true
			}
		}
	}
	return false
}

// simileRE: "I sing like a goat", "i really dance like my dad" (group 1 the
// verb).
var simileRE = regexp.MustCompile(`\bi\s+(?:\w+\s+)?(\w+)\s+like\s+(?:a|an|my|the|someone|somebody)\b`)

// pronounIndex is where in the turn the clause's "he"/"she" (whole opens
// with it, after a comma or a conjunction) is said, or -1.
func pronounIndex(turn, whole string) int {
	m := pronounAtRE.FindStringIndex(whole)
	if m == nil {
		return -1
	}
	ws := strings.Fields(whole[m[0]:])
	if len(ws) > 3 {
		ws = ws[:3]
	}
	return strings.Index(turn, strings.Join(ws, " "))
}

var pronounAtRE = regexp.MustCompile(`\b(?i:he|she)\b`)

// tasteTailRE: words after a taste's object that are no part of it.
var tasteTailRE = regexp.MustCompile(`(?i)(?:\s+(?:for\s+some\s+reason|obviously|anyway|anyways|either|at\s+all|though|tho|too|as\s+well|more\s+than\s+(?:me|us|anyone|anything)|all\s+day|all\s+the\s+time|like\s+crazy))+$`)

func tasteTail(p string) string { return strings.TrimSpace(tasteTailRE.ReplaceAllString(p, "")) }

// nameSubjVerbRE: a verb after a capitalised word that opens a sentence,
// which makes the word a subject ("Calum (the groom) doesn't drink").
var nameSubjVerbRE = regexp.MustCompile(`^\s+(?:\([^)]*\)\s+)?(?:is|was|has|had|does|doesn't|did|didn't|will|would|can|can't|could|said|says|went|got|loves|likes|hates|wants|lives|works|turned|turns)\b`)

// cantRE: "can't", "cannot": what one is unable to eat.
var cantRE = regexp.MustCompile(`(?i)\b(?:can't|cannot|can\s+not)\b`)

// copulaRE: "is" inside the words before "my favourite".
var copulaRE = regexp.MustCompile(`(?i)\s(?:is|are|was|were)\s`)

// emphaticDo: a verb after an emphatic "do" ("I do miss nature", "I do
// love it").
var emphaticDo = setOf(`miss love like enjoy hope think want need know feel wish believe agree understand appreciate remember
	try get go have see play read cook watch run walk swim worry care mean`)

// kindsOfRE: a liking of kinds of things ("different types of games"),
// and examplesAfterRE the examples named after it (", like RPGs and
// strategy games").
var (
	kindsOfRE       = regexp.MustCompile(`(?i)^(?:(?:some|many|all|different|various|other|new|lots\s+of)\s+)*(?:types?|kinds?|sorts?|genres?)(?:\s+of\s+[\p{L}-]+(?:\s+[\p{L}-]+)?)?$`)
	examplesAfterRE = regexp.MustCompile(`^(?:\s+(?:now|lately|too|these\s+days))?,?\s+(?i:like|such\s+as|including)\s+([^.!?;]+)`)
)

// kindExamples are the examples a liking of kinds of things names after
// it, each a liking of its own; nil when the claim names no kinds or no
// examples follow.
func kindExamples(text string, f Fact) []Fact {
	if f.Predicate != "likes" || !kindsOfRE.MatchString(f.Claim) {
		return nil
	}
	i := strings.Index(text, f.Claim)
	if i < 0 {
		return nil
	}
	m := examplesAfterRE.FindStringSubmatch(text[i+len(f.Claim):])
	if m == nil {
		return nil
	}
	list := m[1]
	if j := strings.Index(strings.ToLower(list), " instead of "); j >= 0 {
		list = list[:j]
	}
	var out []Fact
	for _, q := range exampleSepRE.Split(strings.TrimSpace(list), -1) {
		q = strings.TrimSpace(articleRE.ReplaceAllString(strings.TrimSpace(q), ""))
		if q == "" || len(strings.Fields(q)) > 4 {
			return nil
		}
		g := f
		g.Claim = q
		out = append(out, g)
	}
	return out
}
