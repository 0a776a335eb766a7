package extract

import (
	"regexp"
	"slices"
	"strings"
)

// Rules for casual chat in general (session 13): wordings of what one owns,
// likes, plans and has done that people write in any chat, and the
// wordings around them that state none of it. Each goes through
// clause.mode like every rule (questions, second person, conditions,
// hedges, negation) and has positive and negative cases in
// general_test.go (TestCasualChat).

// carMakeRE is a vehicle named by its make, with its model after it when
// one is written ("a Tesla Model 3", "a used Honda Civic").
var carMakeRE = regexp.MustCompile(`(?i:\b(?:an?|my|our)\s+(?:(?:new|used|old|little|brand\s+new|beat-up|trusty|red|blue|black|white|silver|grey|gray|green)\s+)?)((?i:` + carMakes + `)(?:\s+(?:[A-Z0-9][\w-]*|[a-z]*\d[\w-]*))*)\b`)

// businessKinds are what one runs as one's own ("I run a small bakery").
const businessKinds = `(?:business|company|startup|start-up|store|shop|restaurant|bakery|cafe|café|coffee\s+shop|bar|pub|salon|farm|boutique|studio|podcast|blog|channel|food\s+truck|daycare|nonprofit|non-profit|charity|agency|firm|clinic|practice|etsy\s+shop|online\s+store|side\s+business|small\s+business|family\s+business)`

// businessSize are the words of size and praise before a business that are
// not part of what it is ("a small bakery" is a bakery, "an online store"
// an online store).
var businessSize = setOf(`small little tiny local new successful thriving cute cozy`)

// businessCompound: a word after the business that makes it part of a
// compound ("run a business meeting", "run a shop's account").
var businessCompound = setOf(`meeting meetings account accounts page pages website site chain group class classes event events
	team project sale sales budget software plan plans simulator game games's 's`)

func init() {
	rules = append(rules,
		// "I have a Tesla Model 3", "we just got a Subaru", "I bought a
		// used Honda Civic": a car named by its make is owned. Not a car
		// wished for ("I want to get a Tesla"), rented, test-driven or
		// someone else's.
		r(fp+aux+`(?i:\s+(?:have|has|own|owns|got|bought|'ve\s+got|have\s+got|picked\s+up|finally\s+got|just\s+got|just\s+bought))\s+`+`((?i:an?|my|our)\s+.+)`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			mm := carMakeRE.FindStringSubmatch(m[1])
			if mm == nil || !strings.HasPrefix(m[1], mm[0]) {
				return // the make must be the object: "I have a friend with a Tesla"
			}
			v := strings.TrimSpace(mm[1])
			if ws := strings.Fields(v); len(ws) > 1 && (stopLower[strings.ToLower(ws[len(ws)-1])] || notModel[strings.ToLower(ws[len(ws)-1])]) {
				v = strings.Join(ws[:len(ws)-1], " ")
			}
			if forSomeoneText(m[1][len(mm[0]):]) {
				return // "I bought a Honda for my son"
			}
			c.add(c.speaker, "owns", v, World, confPref)
		}),
		// "I run a small bakery", "we run a family business", "I run my own
		// studio": a business one runs is one's own. Not "run the bar"
		// (a job), "run a marathon", "run a business meeting".
		r(fp+aux+`(?i:\s+(?:run|runs|operate|operates|manage\s+my\s+own|have\s+my\s+own|have\s+our\s+own))\s+(?i:(?:a|an|my|our)\s+(?:own\s+)?)((?:(?:small|little|tiny|local|new|successful|thriving|cute|cozy|online|home)\s+)*(?:[\w'-]+\s+)?)(`+businessKinds+`)\b`, 2, func(c *clause, m []string) {
			if c.fore {
				return // "I want to run my own bakery": a plan, read elsewhere
			}
			if i := strings.Index(c.text, m[0]); i >= 0 {
				if rest := strings.Fields(strings.ToLower(c.text[i+len(m[0]):])); len(rest) > 0 && businessCompound[strings.Trim(rest[0], `"',.!;:`)] {
					return // "I run a business meeting", "we run a store's website"
				}
			}
			kind := strings.ToLower(m[2])
			mods := strings.Fields(strings.ToLower(m[1]))
			var keep []string
			for _, w := range mods {
				if businessSize[w] || stopLower[w] || evaluative[w] {
					continue
				}
				keep = append(keep, w) // "online store", "flower shop"
			}
			c.add(c.speaker, "owns", strings.Join(append(keep, kind), " "), World, confPref)
		}),
		// "One of my favorites was "Monster Hunter: World"", "one of my
		// favorite games is Catan": the favourite named after it is liked.
		r(`(?i:^(?:and\s+|but\s+|also\s+)?one\s+of\s+my\s+(?:all-time\s+|absolute\s+)?favou?rites?(?:\s+([a-z]+))?\s+(?:is|was|has\s+to\s+be|would\s+be|has\s+always\s+been))\s+(.+)`, 2, func(c *clause, m []string) {
			if c.neg || favoriteNotTaste[strings.ToLower(m[1])] {
				return // "one of my favorite memories was …": a moment, not a taste
			}
			p := strings.Trim(object(m[2]), `"`)
			if p == "" || isGerund(strings.ToLower(strings.Fields(p)[0])) && m[1] == "" || favPredicateAdj[strings.ToLower(strings.Fields(p)[0])] {
				return // "one of my favorites there is great for chilling": said of a place, no taste named
			}
			for _, f := range c.facts {
				if preference(f.Predicate) && strings.EqualFold(f.Claim, p) {
					return // "one of my favorite games is Catan": favorite_games, read above
				}
			}
			c.add(c.speaker, "likes", p, World, confPref-2)
		}),
		// "I entered a local tournament and took second place", "we got
		// first place at the science fair": a placing is won, with where.
		r(`(?i:(?:^|\b(?:i|we)\s+|\b(?:i|we)\s+[\w'-]+(?:\s+[\w'-]+){0,6}\s+and\s+)(?:just\s+|finally\s+|actually\s+|also\s+)?(?:took|got|grabbed|snagged|earned|secured|claimed))\s+((?i:first|second|third|1st|2nd|3rd)\s+place)\b((?i:\s+(?:in|at)\s+(?:the\s+|a\s+|my\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}))?`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			p := strings.ToLower(m[1])
			if queueRE.MatchString(m[2]) {
				return // "first place in line at the DMV": no contest
			}
			if where := strings.TrimSpace(cut(m[2])); where != "" {
				p += " " + strings.ToLower(where)
			} else if t := strings.ToLower(c.text); strings.Contains(t, "tournament") || strings.Contains(t, "competition") || strings.Contains(t, "contest") {
				for _, w := range []string{"tournament", "competition", "contest"} {
					if strings.Contains(t, w) {
						p += " in the " + w // "entered a local tournament and took second place"
						break
					}
				}
			}
			c.add(c.speaker, "won", p, Experience, confEvent-2)
		}),
		// "I find calm when I do yoga or meditate", "I find peace in
		// painting": what the speaker finds calm in is a taste.
		r(fp+aux+`(?i:\s+(?:find|found|get)\s+(?:so\s+much\s+|a\s+lot\s+of\s+|real\s+|such\s+)?(?:calm|peace|joy|comfort|solace|happiness|relief|balance|my\s+zen)\s+(?:when\s+(?:i|we)\s+(?:do|go|am|'m)?\s*|in\s+|through\s+|by\s+))(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			items := listItems(m[1])
			if len(items) == 0 {
				if p := object(m[1]); p != "" {
					items = []string{p}
				}
			}
			for _, it := range items {
				if ws := strings.Fields(strings.ToLower(it)); len(ws) > 0 && !pronoun[ws[0]] && !vague[ws[0]] && len(ws) <= 4 {
					c.add(c.speaker, "likes", it, World, confPref-4)
				}
			}
		}),
		// "I do yoga every morning", "we practice karate": a pastime done
		// as a habit (the activity list), whatever the tagger makes of "do".
		r(fp+`(?i:\s+(?:also\s+|still\s+|usually\s+|regularly\s+|really\s+)?(?:do|practice|practise))\s+([a-z][a-z-]*(?:\s+chi)?)\b`, 1, func(c *clause, m []string) {
			w := strings.ToLower(m[1])
			if c.neg || c.fore || !activity[strings.Fields(w)[0]] {
				return
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && listAfterRE.MatchString(c.text[i+len(m[0]):]) {
				return // "I do pilates/yoga on weekends": a list, read by the tagged reader
			}
			for _, f := range c.facts {
				if f.Predicate == "likes" && strings.EqualFold(f.Claim, m[1]) {
					return
				}
			}
			c.add(c.speaker, "likes", m[1], World, confPref-4)
		}),
		// "I'm looking forward to the concert next week", "so pumped for
		// this hike", "Looking forward to the next tournament!": an event
		// ahead named by its noun (eventNouns) is a plan.
		r(`(?i:(?:^|\b(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+)(?:(?:so|really|super|totally|very|just|also|all|definitely)\s+)*(?:looking\s+forward\s+to|excited\s+(?:for|about)|pumped\s+(?:for|about)|stoked\s+(?:for|about)|psyched\s+(?:for|about)|hyped\s+(?:for|about)|can't\s+wait\s+for|cannot\s+wait\s+for|counting\s+down\s+to))\s+((?i:the|this|our|my|an?|next|upcoming)\s+.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.hasPast {
				return
			}
			var keep []string
			for _, w := range strings.Fields(m[1]) {
				lw := strings.ToLower(strings.TrimRight(w, `,.!?;:`))
				if goodsStop[lw] || lw == "with" || lw == "next" && len(keep) > 0 {
					break
				}
				if eventDet[lw] || goodsPraise[lw] || evaluative[lw] {
					if lw != strings.ToLower(w) {
						break
					}
					continue
				}
				keep = append(keep, lw)
				if lw != strings.ToLower(w) || eventNouns[lw] || eventNouns[singular(lw)] {
					break // the phrase ends at its punctuation or its event noun
				}
			}
			if len(keep) == 0 || len(keep) > 3 {
				return
			}
			if h := keep[len(keep)-1]; !eventNouns[h] && !eventNouns[singular(h)] {
				return // "looking forward to the weekend", "excited about the news"
			}
			if mm := eventWhereRE.FindStringSubmatch(m[1]); mm != nil {
				keep = append(keep, strings.ToLower(mm[1]), mm[2]) // "my upcoming performance in Tokyo"
			}
			c.fore = true
			c.add(c.speaker, "plans", strings.Join(keep, " "), Foresight, confPlan)
		}),
		// "As a Manchester City fan, …", "as a huge Marvel fan": the team
		// or the work the speaker is a fan of.
		r(`(?i:\bas\s+an?\s+(?:(?:huge|big|massive|lifelong|long-time|longtime|die-hard|diehard|true|proud)\s+)?)((?-i:\p{Lu}[\p{L}\w'.-]*)(?:\s+(?-i:\p{Lu}[\p{L}\w'.-]*)){0,3})(?i:\s+(?:fan|supporter|lover))\b`, 1, func(c *clause, m []string) {
			if lexNationalities.has(m[1]) {
				return // "as an Italian fan of …": who, not what
			}
			c.neg, c.fore = false, false
			c.add(c.speaker, "likes", m[1], World, confPref)
		}),
		// "Oscar, my guinea pig", "meet Toby, my puppy": a pet named
		// beside its kind.
		r(`((?-i:\p{Lu}\p{Ll}+)),\s+(?i:my|our)\s+((?:[a-z-]+\s+)?[a-z-]+)\b`, 2, func(c *clause, m []string) {
			if !isPet(lastWord(m[2])) || lexPlaces.has(m[1]) || stopWords[strings.ToLower(m[1])] || relKey(lastWord(m[2])) != "" {
				return
			}
			for _, f := range c.facts {
				if f.Predicate == "has_pet" && strings.EqualFold(f.Claim, m[1]) {
					return
				}
			}
			c.neg, c.fore = false, false
			// the pet by its name, not its kind as well ("Toby, my puppy")
			c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool {
				return f.Predicate == "has_pet" && strings.EqualFold(f.Claim, m[2])
			})
			c.add(c.speaker, "has_pet", m[1], World, confPref)
		}),
		// "I've started to enjoy running", "I've come to love hiking": a
		// taste come to (kept out of aux, which every rule's pattern
		// carries).
		r(fp+`(?i:(?:'ve|\s+have)?\s+(?:also\s+|really\s+|slowly\s+)?(?:started|begun|began|come|came|grown|learned|learnt)\s+to\s+(?:really\s+)?(?:love|enjoy|like|appreciate))\s+(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := object(m[1]); p != "" {
				for _, q := range splitGerunds(p) {
					c.add(c.speaker, "likes", q, World, confPref)
				}
			}
		}),
		// "I bought some new headphones", "I got this cool video card last
		// week", "we just got a new couch": a thing bought or got is the
		// speaker's, when its head is goods (lexicon goods.txt, from
		// WordNet, or goodsWords). Not a thing wished for ("I want to get a
		// new laptop"), bought for someone ("a bike for my son"), or got
		// that is no thing ("got a new job", "got a call").
		r(`(?:`+fp+aux+`|(?i:^(?:just|finally|recently)))(?i:\s+(?:just\s+|finally\s+|recently\s+|also\s+)?(?:bought|purchased|got|ordered|got\s+myself|treated\s+myself\s+to))\s+((?i:a|an|this|these|some|a\s+pair\s+of|a\s+couple\s+of|two|three|new|my\s+first|a\s+lot\s+of)\s+.+)`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			var words []string
			raw := strings.Fields(m[1])
			n := 0
			for _, w := range raw {
				lw := strings.ToLower(strings.TrimRight(w, `,.!?;:`))
				if goodsStop[lw] || chatTail[lw] {
					break // "a cheap trumpet lol"
				}
				words = append(words, lw)
				n++
				if lw != strings.ToLower(w) {
					break // "headphones, and …": the phrase ends at its punctuation
				}
			}
			for len(words) > 0 && goodsDet[words[0]] {
				words = words[1:]
			}
			if len(words) == 0 || len(words) > 4 {
				return
			}
			head := words[len(words)-1]
			if !(lexGoods.has(head) || lexGoods.has(singular(head)) || goodsWords[head] || goodsWords[singular(head)]) {
				return
			}
			if forSomeoneText(strings.Join(raw[n:], " ")) {
				return // "I bought a bike for my daughter"
			}
			var keep []string
			for _, w := range words[:len(words)-1] {
				if goodsDet[w] || evaluative[w] || goodsPraise[w] || stopLower[w] {
					continue
				}
				keep = append(keep, w) // "video card", "gaming desk"
			}
			c.add(c.speaker, "owns", strings.Join(append(keep, head), " "), World, confPref-4)
		}),
	)
}

// favoriteNotTaste are favourites that name a moment or a person, not a
// taste ("one of my favorite memories was …", "… parts was …").
var favoriteNotTaste = setOf(`memory memories moment moments part parts day days time times thing things people person
	quote quotes`)

// listAfterRE: more items follow the first.
var listAfterRE = regexp.MustCompile(`^\s*(?:/|,|&|\band\b|\bor\b)`)

const eventNounList = `concert tournament trip hike party show festival wedding vacation holiday race marathon competition conference camp meetup gig tour recital performance exhibition reunion retreat opening premiere visit adventure workshop audition graduation ceremony fair convention expo parade cruise road-trip getaway picnic barbecue bbq seminar`

// eventNouns are events one goes to or takes part in; eventDet are the
// words before them that say which ("the next", "our upcoming").
var (
	// Not a game, a match or a season: what a player plays as routine
	// ("excited for the season", "stoked for my game there").
	eventNouns = setOf(eventNounList)
	eventDet   = setOf(`the this that our my a an upcoming big first`)
)

// eventWhereRE: where the event is, by name, after its noun.
var eventWhereRE = regexp.MustCompile(`(?i:\b(?:` + strings.ReplaceAll(strings.TrimSpace(eventNounList), " ", "|") + `)s?\s+(in|at))\s+(\p{Lu}[\p{L}\w'-]*(?:\s+\p{Lu}[\p{L}\w'-]*)*)`)

// queueRE: a place in a queue, not in a contest.
var queueRE = regexp.MustCompile(`(?i)^\s+(?:in|at)\s+(?:the\s+)?(?:line|queue)\b`)

// goodsWords are goods WordNet's first senses miss (goods.txt keeps only
// words whose most frequent sense is a thing bought): "ring", "tablet".
var goodsWords = setOf(`ring tablet monitor keyboard lamp rug mattress bracelet earrings earring skateboard surfboard
	tent kayak drone speaker speakers album record headphones earbuds console controller printer tv television xbox
	playstation kindle e-reader bookshelf bookcase gadget gear equipment card game`)

// goodsDet open the noun phrase; goodsPraise are the praise and size words
// before the thing that are no part of what it is.
var (
	goodsDet    = setOf(`a an this these some pair couple of two three four new my first lot brand`)
	goodsPraise = setOf(`cool nice awesome great amazing fancy cute little beautiful gorgeous lovely sweet shiny expensive cheap used second-hand secondhand old vintage fresh whole huge tiny super really so very pretty quite`)
	goodsStop   = setOf(`for from at in on with to and but so because that which who as when while since last yesterday today`)
)

// outingVerbs are past verbs of going somewhere and being there: a place
// "in" or "to" after what was done is a place visited ("we spent the
// weekend in Seattle", "we hiked in Colorado"); "went" only on a trip
// ("I went on a road trip through Texas"), for "I went to a festival in
// Boston" is as often said at home.
const outingVerbs = `(?:went|got\s+to\s+go|traveled|travelled|flew|drove|spent|stayed|hiked|explored|toured|got\s+back|came\s+back|returned|backpacked|camped|vacationed)`

// notOuting: words between the verb and the place that make it no visit:
// a school attended ("went to college in Boston") is a stay of years, a
// clause boundary makes the place another clause's.
var notOuting = setOf(`school college university uni grad high med law and but because so when where who that which while if live living work working`)

// tripNouns are the words for a trip.
const tripNouns = `(?:trip|vacation|vacay|holiday|getaway|road\s+trip|cruise|honeymoon|weekend\s+away)`

func init() {
	rules = append(rules,
		// "We spent the weekend in Seattle", "I just got back from a
		// vacation with my family in Mexico", "we hiked in Colorado", "we
		// went on a road trip through Texas": a place of the lexicon where
		// the speaker went is visited. Not an outing that may be at home
		// ("I went to a concert in Chicago"), a school attended, denied,
		// asked, or a place of another clause.
		r(fp+`(?i:\s+(?:just\s+|finally\s+|recently\s+|also\s+|actually\s+|even\s+)*`+outingVerbs+`)\b((?:\s+[\w'-]+){0,8}?)\s+(?i:in|to|through|around|across)\s+(?i:the\s+)?`+nm, 2, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			for _, w := range strings.Fields(strings.ToLower(m[1])) {
				if notOuting[w] {
					return
				}
			}
			if lw := strings.ToLower(m[0]); (strings.Contains(lw, "went") || strings.Contains(lw, "got to go")) && !awayRE.MatchString(c.raw) {
				return // "I went to a music festival in Boston": an outing, maybe at home; a trip says it is one
			}
			if p := place(m[2]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) && !c.known[p] {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}),
		// "That trip to England a few years ago was amazing", "our
		// vacation in Spain last summer": a trip dated in the past is a
		// place visited. Not one ahead ("our trip to Peru next month").
		r(`(?i:\b(?:that|the|my|our)\s+(?:[\w-]+\s+){0,2}`+tripNouns+`\s+(?:to|in|through)\s+(?:the\s+)?)`+nm, 1, func(c *clause, m []string) {
			if !c.hasPast || c.hasDate || c.neg || upcomingRE.MatchString(m[0]) || calledOffRE.MatchString(c.raw) {
				return
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) && !c.known[p] {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}),
		// "After losing my job, I …", "since I lost my job", "ever since
		// getting laid off": a job lost, said in a subordinate clause.
		r(`(?i:\b(?:after|since|ever\s+since|before)\s+(?:(?:i|we)\s+)?(?:losing|lost|getting\s+laid\s+off|got\s+laid\s+off|being\s+laid\s+off|getting\s+fired|got\s+fired|quitting|quit)(?:\s+(my)\s+job)?)\b(?i:\s+at\s+(.+))?`, 0, func(c *clause, m []string) {
			lw := strings.ToLower(m[0])
			if (strings.Contains(lw, "los") || strings.Contains(lw, "quit")) && m[1] == "" {
				return // "after losing the game", "since I quit smoking"
			}
			employer := ""
			if m[1] != "" {
				employer = lostJobAt(m[2]) // "since I lost my job at Door Dash"
			}
			if employer == "" {
				c.add(c.speaker, "lost_job", "job", Experience, confEvent)
				return
			}
			c.add(c.speaker, "lost_job", employer, Experience, confEvent)
			c.neg = true
			c.add(c.speaker, "works_at", employer, World, confFirst-5) // ended
		}),
	)
}

// favPredicateAdj: words that open what is said of a favourite, not the
// favourite itself ("One of my favorites there is great for chilling").
var favPredicateAdj = setOf(`great good perfect ideal awesome amazing lovely nice so really very pretty super just always also
	too quite definitely right close near`)

// joySubjectNot are first words of a subject that is no pastime or thing
// liked: a person, a pronoun, what was shown ("Seeing you gives me joy",
// "My kids bring me so much joy", "Your words give me hope").
var joySubjectNot = setOf(`my our his her their your its people kids children family friends seeing being having knowing hearing watching
	talking spending moments days times memories news words life everyone everybody someone somebody nobody work job school
	drinking smoking gambling drugs alcohol booze vaping`)

// pastimeSubject: the subject of "… gives me joy", "… is my life" can be
// a thing liked: not a person, a relative, a pronoun or a vague word.
func pastimeSubject(subject string) bool {
	ws := strings.Fields(strings.ToLower(subject))
	return len(ws) > 0 && !joySubjectNot[ws[0]] && !pronoun[ws[0]] && !vague[ws[0]] && relKey(ws[len(ws)-1]) == ""
}

// jobAsRE: a liking of one's job as a role ("I love my job as a chef")
// says the role, not a taste.
var jobAsRE = regexp.MustCompile(`(?i)^(?:my\s+|our\s+)?(?:job|work|career|role|position|gig)\s+as\b`)

// pastimeNouns are pastimes named by a noun, "done" as one ("I've been
// doing a lot of yoga lately").
var pastimeNouns = setOf(`yoga pilates crossfit meditation karate judo taekwondo jiu-jitsu boxing parkour tai chi zumba
	pottery woodwork woodworking carpentry embroidery calligraphy origami photography improv cardio weights sudoku crosswords puzzles`)

func init() {
	rules = append(rules,
		// "Art gives me so much joy", "Dogs and nature bring me so much joy
		// and peace", "Gardening brings me peace", "Chilling with friends
		// and traveling always give me motivation": what the speaker says
		// gives them joy is liked. Not a person, a pronoun or what was
		// shown ("Your painting gives me joy", "Seeing you brings me joy").
		r(`(?i:^((?:[a-z][\w'-]*)(?:\s+[a-z][\w'-]*){0,5}?)\s+(?:really\s+|always\s+|just\s+|truly\s+|also\s+|honestly\s+)*(?:gives?|brings?|has\s+(?:always\s+)?(?:given|brought)|have\s+(?:always\s+)?(?:given|brought))\s+me\s+(?:so\s+much\s+|such\s+|tons\s+of\s+|lots\s+of\s+|a\s+lot\s+of\s+|a\s+ton\s+of\s+|great\s+|real\s+|pure\s+|a\s+sense\s+of\s+|a\s+feeling\s+of\s+)?(?:joy|happiness|peace|comfort|calm|fulfillment|fulfilment|purpose|inner\s+peace|motivation|inspiration|an?\s+(?:escape|outlet|release)))\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			long := len(strings.Fields(m[1])) > 4
			for _, part := range strings.Split(m[1], " and ") {
				if !pastimeSubject(part) || long && !isGerund(strings.ToLower(strings.Fields(part)[0])) {
					return // a long subject only as a list of pastimes, each a gerund ("Chilling with friends and traveling")
				}
			}
			for _, part := range strings.Split(m[1], " and ") {
				if p := object(part); p != "" {
					c.add(c.speaker, "likes", p, World, confPref-6)
				}
			}
		}),
		// "Concerts are what I live for", "Music is my life": liked.
		r(`(?i:^((?:[a-z][\w'-]*)(?:\s+[a-z][\w'-]*){0,2}?)\s+(?:is|are|'s)\s+(?:(?:really|literally|honestly|basically|just)\s+)?(?:what\s+I\s+live\s+for|my\s+(?:whole\s+)?life|my\s+(?:biggest\s+|true\s+|first\s+|greatest\s+)?(?:passion|obsession)))\b`, 1, func(c *clause, m []string) {
			if c.neg || !pastimeSubject(m[1]) {
				return
			}
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
	)
}

func init() {
	rules = append(rules,
		// "I've gotten really into gardening", "we've gotten into board
		// games": a pastime taken up and kept. Not a plight ("I've gotten
		// into debt", "gotten into trouble").
		r(fp+`(?i:'ve|\s+have)(?i:\s+(?:really|recently|also|just|lately|totally|kinda|kind\s+of))*\s+(?i:gotten|got)(?i:\s+(?:really|super|so|more|back|pretty|seriously|totally|very))*\s+(?i:into)\s+(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || intoPlight(m[1]) {
				return
			}
			for _, p := range splitGerunds(object(m[1])) {
				c.add(c.speaker, "likes", p, World, confPref-2)
			}
		}),
		// "I've been doing a lot of rock climbing lately", "we've been
		// doing more yoga": a pastime done often. Only a gerund or a
		// pastime's noun ("doing a lot of work" is none).
		r(fp+`(?i:'ve|\s+have)(?i:\s+(?:really|also|just|still))*\s+(?i:been\s+doing)\s+((?i:a\s+lot\s+of|lots\s+of|a\s+ton\s+of|tons\s+of|more|plenty\s+of|so\s+much)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\b`, 2, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			ws := strings.Fields(strings.ToLower(m[2]))
			if m[1] == "" {
				// "I've been doing yoga every morning" (session 28): without
				// "a lot of" only a pastime's noun ("doing homework", "doing
				// okay" are none).
				if !pastimeNouns[ws[0]] {
					return
				}
				ws = ws[:1]
			}
			last := ws[len(ws)-1]
			if len(ws) == 2 && !(isGerund(last) || pastimeNouns[last]) {
				ws, last = ws[:1], ws[0] // "doing a lot of yoga lately"
			}
			if !(isGerund(last) && !notTakenUp[last] && !vague[last] || pastimeNouns[last]) {
				return
			}
			c.add(c.speaker, "likes", strings.Join(ws, " "), World, confPref-4)
		}),
	)
}

// landmarkHeads end a capitalised name that is a place to see ("the Grand
// Canyon", "Niagara Falls", "the Eiffel Tower"); landmarkFirsts start one
// ("Mount Rainier", "Lake Tahoe").
var (
	landmarkHeads  = setOf(`canyon park falls tower museum beach lake mountains mountain island islands coast river bridge valley desert temple palace castle cathedral`)
	landmarkFirsts = setOf(`mount mt lake cape isle fort`)
)

// seeablePlace: a name one goes to see or visit is a place when the lexicon
// has it or it is named as a landmark; any other capitalised name may be
// a person ("I can't wait to see Taylor Swift", "I want to visit Jake
// Miller"). The wish rule (chat.go) and the rule of places to see ahead
// (below) both ask it.
func seeablePlace(p string) bool {
	if lexPlaces.has(p) {
		return !lexCommonPlaces.has(p)
	}
	ws := strings.Fields(strings.ToLower(p))
	return len(ws) > 1 && (landmarkHeads[ws[len(ws)-1]] || landmarkFirsts[ws[0]])
}

// forWhenRE: "for" a time, not for someone ("flights to Italy for August").
var forWhenRE = regexp.MustCompile(`(?i)^\s*,?\s*for\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|fall|autumn|winter|christmas|easter|thanksgiving|new\s+year)`)

// gaveUpRE: a goal or dream given up is no plan.
var gaveUpRE = regexp.MustCompile(`(?i)\b(?:gave\s+up|give\s+up|giving\s+up|abandoned|let\s+go\s+of|lost\s+sight\s+of|put\s+aside|shelved)\b`)

func init() {
	rules = append(rules,
		// "Can't wait to see the Grand Canyon", "I want to explore Iceland":
		// a place to see ahead (not a person: "I can't wait to see Taylor
		// Swift"; not "see you").
		r(`(?:`+fp+aux+`|(?i:^\s*(?:want\s+to|wanna)))(?i:\s+(?:see|explore|tour|check\s+out))\s+(?i:the\s+)?`+nm, 1, func(c *clause, m []string) {
			if !c.fore || c.neg {
				return
			}
			p := place(m[1])
			if p == "" || c.known[p] {
				return
			}
			if seeablePlace(p) {
				c.add(c.speaker, "travels_to", p, Foresight, confPlan)
			}
		}),
		// "I'll give painting a go", "I'm gonna give pottery a shot": a
		// pastime to try. Not hedged ("maybe I'll give it a go") or "it".
		r(fp+aux+`(?i:\s+give)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?i:\s+a\s+(?:go|try|shot|whirl))\b`, 1, func(c *clause, m []string) {
			if !c.fore || c.neg {
				return
			}
			if p := object(m[1]); p != "" && !pronoun[strings.ToLower(strings.Fields(p)[0])] && relKey(lastWord(p)) == "" {
				c.add(c.speaker, "plans", "try "+p, Foresight, confPlan-4)
			}
		}),
		// "a big step towards my goal of having a family", "part of my
		// dream of opening a bakery": a goal held is a plan. Not one given
		// up ("I gave up on my dream of becoming a doctor").
		r(`(?i:\b(?:my|our)\s+(?:(?:big|biggest|main|ultimate|long-term|lifelong|life-long)\s+)?(?:goal|dream|plan)\s+of\s+)([a-z]+ing\b.*)`, 1, func(c *clause, m []string) {
			if c.neg || gaveUpRE.MatchString(c.text) {
				return
			}
			p := trimTail(cut(m[1]))
			if p == "" || badObject(p) || !isGerund(strings.Fields(p)[0]) || len(strings.Fields(p)) > 6 {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
		// "We're going on a cruise to the Bahamas", "we booked flights to
		// Italy", "counting down the days until our trip to Hawaii": a trip
		// ahead to a place.
		r(`(?:`+fpbe+`(?i:\s+(?:going|heading|leaving|off)\s+on\s+(?:a|an|our|my)\s+(?:[\w-]+\s+){0,2}(?:cruise|trip|vacation|holiday|getaway|road\s+trip|tour)\s+(?:to|around|through|of)\s+(?:the\s+)?)|`+fp+aux+`(?i:\s+(?:booked|bought|got)\s+(?:(?:our|my|the|a|some)\s+)?(?:cheap\s+)?(?:flights?|plane\s+tickets?|tickets?|a\s+flight|a\s+hotel|an\s+airbnb|a\s+cabin)\s+(?:to|in|for)\s+(?:the\s+)?)|(?i:\bcounting\s+down\s+(?:the\s+)?(?:days\s+)?(?:to|until|till|til)\s+(?:my|our)\s+(?:[\w-]+\s+)?(?:trip|vacation|holiday|cruise|getaway)\s+(?:to|in)\s+(?:the\s+)?))`+nm, 1, func(c *clause, m []string) {
			if c.neg || c.hasPast || calledOffRE.MatchString(c.raw) {
				return
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && forSomeoneText(c.text[i+len(m[0]):]) && !forWhenRE.MatchString(c.text[i+len(m[0]):]) {
				return // "I booked flights to London for my parents": their trip ("for August" is when)
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) && !c.known[p] {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+2)
			}
		}),
		// "I'm studying to be a nurse", "going back to school to become an
		// engineer", "training to be a pilot": a job ahead is a plan.
		r(fpbe+`(?i:\s+(?:now\s+|currently\s+|also\s+)?(?:studying|training|going\s+back\s+to\s+school|back\s+in\s+school|in\s+school|working\s+hard)\s+(?:to\s+)?(?:be|become)\s+(?:an?\s+))([a-z][a-z -]{2,40})`, 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			p := cut(m[1])
			ws := strings.Fields(strings.ToLower(p))
			for n := len(ws); n >= 1; n-- {
				if cand := strings.Join(ws[:n], " "); isOccupation(cand) {
					art := "a "
					if strings.ContainsRune("aeiou", rune(cand[0])) {
						art = "an "
					}
					c.fore = true
					c.add(c.speaker, "plans", "become "+art+cand, Foresight, confPlan)
					return
				}
			}
		}),
	)
}

func init() {
	rules = append(rules,
		// "I have celiac disease", "I'm celiac": gluten is what the
		// speaker cannot eat. Not another's ("my son has celiac").
		r(`(?:`+fp+aux+`(?i:\s+(?:have|has|'ve\s+got|was\s+diagnosed\s+with|got\s+diagnosed\s+with))\s+(?i:celiac|coeliac)|`+fpbe+aux+`(?i:\s+(?:a\s+)?(?:celiac|coeliac)))\b`, 0, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			c.add(c.speaker, "allergic_to", "gluten", World, confFirst-3)
		}),
		// "I don't eat meat", "we don't eat pork": a food kept out of
		// one's diet (not "I didn't eat meat today", "I don't eat breakfast").
		r(fp+`(?i:\s+(?:don't|do\s+not|never|no\s+longer|can't|cannot|can\s+not)\s+(?:really\s+)?eat)\s+((?i:meat|red\s+meat|pork|beef|dairy|gluten|fish|seafood|shellfish|eggs|sugar|animal\s+products|wheat))\b`, 0, func(c *clause, m []string) {
			if i := strings.Index(c.raw, m[0]); i >= 0 && onceRE.MatchString(c.raw[i+len(m[0]):]) || c.hasDate || c.hasPast {
				return // "I can't eat dairy today", "anymore tonight"
			}
			c.neg = false
			c.add(c.speaker, "diet", "no "+strings.ToLower(m[1]), World, confFirst-6)
		}),
	)
}

// onceRE: a time that makes a food not eaten a one-off.
var onceRE = regexp.MustCompile(`(?i)^\s*(?:today|tonight|this\s+(?:week|morning|evening|time)|right\s+now|before|after|until|during|for\s+(?:a|the|lent|now))\b`)
