package extract

import (
	"regexp"
	"strconv"
	"strings"
)

// Home, work and age said in passing in styles the earlier rules were not
// written from (session 22; testdata/outside_chat4.jsonl: forum posts,
// voice transcripts, non-native English, emoji chat): a forum post that
// opens "Kia ora from Dunedin!", "I came to Auckland in 2004", a job said
// without its article ("I am taxi driver"), a catch-up's "Still at Volvo
// Cars, yes", a form read out ("date of birth 4/17/1978"), relations and
// pets said to be none. Each goes through clause.mode like every rule, and
// each has positive and negative cases in passing_test.go.

// greetWords open a post or a message and may come before "from <place>".
const greetWords = `(?:hi|hello|hey|hiya|howdy|greetings|g'day|gday|kia\s+ora|moin|ol[áa]|hola|bonjour|salut|ciao|hallo|namaste|aloha|yo|morning|evening|good\s+(?:morning|evening|afternoon)|(?:a\s+)?(?:(?:very|belated|late)\s+)*(?:happy|merry)\s+(?:new\s+year|easter|christmas|xmas|holidays|diwali|eid|hanukkah|thanksgiving|lunar\s+new\s+year)|season'?s\s+greetings)`

var (
	// greetFromRE: "Kia ora from Dunedin!", "G'day Lorraine, from
	// Brisbane.", "Hello everyone from sunny Leeds": the opening of a
	// post, where the writer is.
	greetFromRE = regexp.MustCompile(`(?i)^(?:` + greetWords + `(?:\s+(?:all|everyone|everybody|folks|y'all|guys|friends|there|again))?[\s,!.]*(?:\p{Lu}[\p{L}'-]+[\s,!.]+)?)?from\s+(?:(?:sunny|rainy|snowy|cold|hot|windy|beautiful|lovely|rural|downtown|central)\s+)?([^,.!?;:()]+?)(?:,\s*\p{Lu}[\p{L}.]+(?:\s+\p{Lu}[\p{L}.]+)?)?\s*[.!]*\s*$`)
	// greetFromLeadRE: a greeting from a place with more said after it
	// ("morning from Tucson, coffee #1 in progress"), the place written
	// with its capital, with a word or two of weather before it
	// ("greetings from snowy Kanazawa", "hello from a very wet Galway").
	greetFromLeadRE = regexp.MustCompile(`(?i:^` + greetWords + `(?:\s+(?:all|everyone|everybody|folks|y'all|guys|friends|there|again))?[\s,!.]*from\s+(?:(?:a\s+)?(?:very\s+|really\s+|super\s+)?[a-z]+\s+)?)(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})\s*(?:[,;!.:]|\s+-|$)`)
	// checkingInRE: "Leicester checking in."
	checkingInRE = regexp.MustCompile(`^(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})\s+(?i:checking\s+in|reporting\s+in)\s*[.!]*\s*$`)
)

// onTheRoadRE: what else says a greeting from a place is sent from a
// trip ("Greetings from Rome! Day 3 and my feet hurt").
var onTheRoadRE = regexp.MustCompile(`(?i)\b(?:jet\s*lag|day\s+\d+|flying\s+(?:home|back)|here\s+(?:until|till|til)|spring\s+break|landed|holidays?|hostel|sightseeing|postcard|wish\s+you\s+were\s+here|layover|airport)\b`)

// greetingHome reads where the writer of a post is from its opening: the
// first sentence of the turn is a greeting from a place, or "<Place>
// checking in". A turn that speaks of a trip, a visit or travelling says
// where the writer is now, not home ("Hallo from Hanoi!! I've been
// travelling for three weeks"), and gives nothing.
//
// sents are the turn's sentences as TurnFacts cut them.
func greetingHome(text string, sents []string, speaker string) []Fact {
	if len(sents) == 0 || awayRE.MatchString(text) || hereAwayRE.MatchString(text) || onTheRoadRE.MatchString(text) {
		return nil
	}
	first, last := strings.TrimSpace(sents[0]), strings.TrimSpace(sents[len(sents)-1])
	if len(sents) > 1 && vocativeOnlyRE.MatchString(first) {
		first = strings.TrimSpace(sents[1]) // "Reinier! Happy Easter from Chicago." (session 28)
	}
	for _, try := range []struct {
		re *regexp.Regexp
		s  string
	}{
		{greetFromRE, first}, {checkingInRE, first}, {greetFromLeadRE, first},
		// A greeting from a place that signs a message off: "Enjoy your
		// breakfast. Greetings from snowy Kanazawa."
		{greetFromLeadRE, last},
	} {
		m := try.re.FindStringSubmatch(try.s)
		if m == nil {
			continue
		}
		p := place(m[1])
		if p == "" || !knownPlace(p) || lexNames.has(p) || p != strings.TrimSpace(strings.TrimPrefix(m[1], "the ")) {
			continue // "Hi from Mum", "Greetings from Google HQ", "Hello from Mars"
		}
		return []Fact{{Subject: speaker, Predicate: "lives_in", Claim: p, Kind: World, Polarity: Positive, Confidence: confLoose - 6}}
	}
	return nil
}

// turnedRE: "I turned 35 on a night bus", "I turned 40 in March": an age
// reached, with where or when after it.
var turnedRE = regexp.MustCompile(`(?i:\bi\s+(?:just\s+|recently\s+|finally\s+|officially\s+)?turned)\s+(\d{1,3})(?i:\s+(?:on|in|at|during|while|with|over|last|this|yesterday|today)\b)`)

// turnedThen: an age reached long ago.
var turnedThen = regexp.MustCompile(`(?i)\bturned\s+\d+\s+(?:in\s+(?:(?:19|20)\d\d|the\s+\d0s|'\d0s)|during|back|when|before|after)\b`)

// dobRE: "date of birth 4/17/1978", "DOB: 12 March 1990": a birthday said
// as a form says it.
var dobRE = regexp.MustCompile(`(?i)(?:^|\bmy\s+|[,;:]\s*)(?:date\s+of\s+birth|d\.?o\.?b\.?)(?:\s+is)?[\s:,-]+(\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthRE + `\.?(?:,?\s+\d{4})?|` + monthRE + `\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?)\b`)

// defaultDOB: a date of birth spoken of, not given ("01/01/1970 is the
// default", "patient DOB").
var defaultDOB = regexp.MustCompile(`(?i)\b(?:default|example|placeholder|patient|his|her|their|your)\b`)

// cameToNot: a "came to" that is a visit, not a move.
var cameToNot = regexp.MustCompile(`(?i)\b(?:visit|visiting|for\s+(?:a|the|two|three|\d)\s+(?:\w+\s+)?(?:days?|weeks?|weekend|holiday|vacation|trip|conference|wedding|funeral|semester|term|year|course|festival|concert|gig|match|game)|on\s+(?:holiday|vacation|business|an?\s+(?:exchange|school\s+trip|trip))|semester|exchange|grad\s+school|first\s+time|to\s+see|with\s+my|stayed|school\s+trip)\b`)

// someoneElsesRE: a decision said to be someone else's.
var someoneElsesRE = regexp.MustCompile(`(?i)\b(?:my|his|her|their|our)\s+\w+\s+(?:ever\s+)?(?:made|did|took)\b|\b(?:for|to)\s+(?:my|his|her|their)\s+\w+`)

// movedOnRE: a move after the one the rule read, in the same clause.
var movedOnRE = regexp.MustCompile(`(?i)\b(?:moved|went)\s+(?:back\s+)?to\b`)

// bareJobRE: "I am taxi driver", "I'm technician": a job said without its
// article (non-native English); only what the occupation list knows, with
// nothing after it but the end of the clause or a joining word.
var bareJobRE = regexp.MustCompile(fpbe + `(?i:\s+(?:now|also|still|actually|just|not|currently))*\s+([a-z]+(?:[\s-][a-z]+)?)(?:\s*$|\s*[,;]|(?i:\s+(?:so|and|but|now|too|in|at|for)\b))`)

// roleWordRE: a job said without its article must look like one: the
// occupation list (WordNet) holds "lovely", "star", "second", "help" too.
var roleWordRE = regexp.MustCompile(`(?i)(?:er|or|ist|ian|ant|ent|eer|ic|nurse|chef|student|doctor|engineer|pilot|vet|cashier)$`)

// judged are words before an occupation that are not part of its name:
// an article ("a teacher" is read by the rules with the article) or a
// grade ("good driver").
var judged = setOf(`a an the my our your his her their this that no so very such good bad great terrible better best safe careful new old big huge real proper awful decent lazy busy tired happy`)

// notBareJob are words the occupation list holds that "I'm <word>" says
// as something else ("when I'm back", "I'm host tonight", "I'm realist").
var notBareJob = setOf(`designated backseat realist romantic independent minimalist senior junior critic academic trooper supporter commentator hunter dungeon game team medic back forward guard center centre host lead chair single cook model page runner judge closer tender father mother sister brother lover loner member owner winner loser starter sooner master player comic sport extra ham`)

func init() {
	rules = append(rules,
		r(`(?i:\bi\s+(?:just\s+|recently\s+|finally\s+|officially\s+)?turned)\s+(\d{1,3})\b`, 1, func(c *clause, m []string) {
			mm := turnedRE.FindStringSubmatch(c.raw)
			if mm == nil || c.fore || c.neg || turnedThen.MatchString(c.raw) {
				return // "I turned 30 in 2015 and now I'm 41", "during lockdown"
			}
			if n, _ := strconv.Atoi(mm[1]); n >= 13 && n < 120 {
				c.add(c.speaker, "age", mm[1], World, confFirst-6)
			}
		}),
		// "my age is 39", "occupation staff nurse and age thirty nine" (a
		// form read out; spoken numbers are digits by then).
		rawRule(`(?i:(?:\bmy\s+age\s+is|^age|\band\s+age|,\s*age)[:\s]+)(\d{1,3})\b(?:\s*$|\s*[,;.!]|\s+(?:and|now|years?)\b)`, 1, func(c *clause, m []string) {
			if n, _ := strconv.Atoi(m[1]); n >= 13 && n < 120 && !c.neg && !c.fore && !defaultDOB.MatchString(c.raw) {
				c.add(c.speaker, "age", m[1], World, confLoose)
			}
		}),
		r(`(?i:\b(?:date\s+of\s+birth|d\.?o\.?b\.?)\b)`, 0, func(c *clause, m []string) {
			if mm := dobRE.FindStringSubmatch(c.raw); mm != nil && !c.neg && !c.fore && !defaultDOB.MatchString(c.raw) {
				c.add(c.speaker, "birthday", strings.TrimSpace(mm[1]), World, confLoose)
			}
		}),
		// "I came to Auckland in 2004", "came over to Scotland back in
		// 2009": a move, said with its year.
		rawRule(fp+aux+`(?i:\s+(?:came|moved|emigrated|immigrated)\s+(?:over\s+|out\s+|here\s+)?to)\s+(?:the\s+)?`+nm+`(?i:\s+(?:for\s+[^,.]*?\s+)?(?:back\s+)?in\s+(?:19|20)\d\d|\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twenty)\s+years\s+ago)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || cameToNot.MatchString(c.raw) || movedOnRE.MatchString(c.raw[strings.Index(c.raw, m[1])+len(m[1]):]) {
				return // "I came to America in 1990 but moved back to Poland in 1995"
			}
			if p := place(m[1]); p != "" && knownPlace(p) {
				c.add(c.speaker, "lives_in", p, World, confFirst-6)
			}
		}),
		// "I moved out here from Glasgow": where one came from.
		r(fp+aux+`(?i:\s+(?:moved|came|emigrated)\s+(?:out|over)\s+(?:here\s+|there\s+)?from)\s+`+nm, 1, func(c *clause, m []string) {
			if cameToNot.MatchString(c.raw) {
				return // "I came over from Glasgow for the weekend"
			}
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "from", p, World, confFirst-6)
			}
		}),
		// "Moving to Rotterdam was the best decision I've made": a move
		// made.
		r(`(?i:^(?:honestly[,?]?\s+|tbh[,]?\s+)?(?:moving|moving\s+back|relocating)\s+to)\s+`+nm+`(?i:\s+(?:was|has\s+been)\s+(?:the\s+best|a\s+great|the\s+right|a\s+good|so\s+worth|worth))`, 1, func(c *clause, m []string) {
			if someoneElsesRE.MatchString(c.raw) {
				return // "… the best decision my sister ever made", "worth it for my parents"
			}
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
		// "I am taxi driver", "actually I am not engineer, I am
		// technician".
		r(fpbe+`(?i:\s+(?:now|also|still|actually|just|not|currently))*\s+([a-z]+(?:[\s-][a-z]+)?)\b`, 1, func(c *clause, m []string) {
			mm := bareJobRE.FindStringSubmatch(c.raw)
			if mm == nil || c.fore {
				return
			}
			j := strings.ToLower(mm[1])
			if !lexOccupations.has(j) {
				ws := strings.Fields(j)
				switch {
				case len(ws) == 2 && lexOccupations.has(ws[1]) && !judged[ws[0]]:
					// "taxi driver": the list has the head ("driver")
				default:
					return
				}
			}
			if notNowJob[strings.Fields(j)[0]] || notBareJob[strings.Fields(j)[0]] || !job(j) || !roleWordRE.MatchString(j) {
				return
			}
			c.add(c.speaker, "job_title", j, World, confLoose-4)
		}),
		// "Still at Volvo Cars, yes": a catch-up's answer, the job kept.
		// Only as an answer ("…, yes") or with "working": "Still at Costco,
		// the line is insane" is an errand.
		r(`^(?i:(?:yep|yes|yeah|yup|sadly|still)[,!.]?\s+)*(?i:still\s+(?:working\s+at|at))\s+`+nm+`(?:'s\b)?((?i:,?\s+(?:yes|yep|yeah|yup|yes\s+sadly|sadly))?)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || strings.HasSuffix(m[0], "'s") || m[2] == "" && !strings.Contains(strings.ToLower(m[0]), "working") {
				return
			}
			if o := employer(m[1]); o != "" && !knownPlace(o) && !strings.ContainsAny(o, "0123456789") {
				c.add(c.speaker, "works_at", o, World, confLoose-6)
			}
		}),
		// "I don't have kids or pets", "we have no children", "I'm an
		// only child": a relation or a pet said to be none.
		r(fp+`(?i:\s+(?:do\s+not|don't|dont|never)\s+(?:have|had)|(?:'ve|\s+have|\s+ve)?\s+(?:got\s+)?no)\s+(?i:any\s+)?((?i:kids|children|pets|siblings|brothers\s+or\s+sisters))(?i:\s+(?:or|and|nor)\s+(?:any\s+)?(kids|children|pets|siblings))?\b`, 1, func(c *clause, m []string) {
			if c.fore || hedgedNone.MatchString(c.raw) || notLikeNone.MatchString(c.raw) {
				return
			}
			rest := ""
			if k := strings.Index(c.raw, m[0]); k >= 0 {
				rest = c.raw[k+len(m[0]):] // with its dates: "no kids today"
			}
			if !noneEndsRE.MatchString(rest) {
				return // "no kids in my class", "no kids' menu", "don't have kids with him", "never had pets growing up"
			}
			c.neg = true
			for _, w := range m[1:] {
				switch strings.ToLower(w) {
				case "kids", "children":
					c.add(c.speaker, "child", unnamedRelative(c.speaker, "child"), World, confLoose)
				case "pets":
					c.add(c.speaker, "has_pet", "pets", World, confLoose)
				case "siblings", "brothers or sisters":
					c.add(c.speaker, "sibling", unnamedRelative(c.speaker, "sibling"), World, confLoose)
				}
			}
		}),
		r(`(?i:(?:\bi'm|\bi\s+am|\bim|\bi\s+was|\bbeing)\s+an\s+only)(?i:\s+(child|kid)|\s*[,.;!]|\s*$)`, 0, func(c *clause, m []string) {
			lr := strings.ToLower(c.raw)
			if c.fore || strings.Contains(lr, "not an only") || strings.Contains(lr, "until") || strings.Contains(lr, "since my") {
				return
			}
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(m[0])), "being") && !strings.HasSuffix(strings.TrimRight(lr, ".!"), "being an only") {
				return // "Being an only child, my daughter is lonely": hers
			}
			c.neg = true
			c.add(c.speaker, "sibling", unnamedRelative(c.speaker, "sibling"), World, confLoose)
		}),
		// "Don't tell my ex I asked", "me and my ex's song": a partner
		// who was ("my ex-wife", "my ex boss" are other rules' or none).
		r(`(?i:\bmy\s+ex)((?:'s)?)(?:$|[^\p{L}\-'](?:\s*([\p{L}-]+))?)`, 0, func(c *clause, m []string) {
			if c.fore {
				return
			}
			if next := strings.ToLower(m[2]); m[1] == "" && next != "" && !exNext[next] {
				return // "my ex therapist", "my ex best friend", "my ex Marine dad"
			}
			// Not "Alice's partner": said negative, that would end the
			// partner she has now; the ex is another person.
			c.neg = true
			c.add(c.speaker, "partner", unnamedRelative(c.speaker, "ex-partner"), World, confLoose-4)
		}),
		// "I want to take myself and my partner to Lisbon", "we're
		// bringing the kids to Disneyland in May": a trip ahead.
		r(fp+aux+`(?i:\s+(?:take|taking|bring|bringing)\s+(?:myself|me|us|the\s+kids|the\s+family|my\s+[a-z]+|\x01\d+\x01)(?:\s+and\s+(?:(?:my\s+|the\s+)?[a-z]+|\x01\d+\x01))?\s+to)\s+`+nm, 1, func(c *clause, m []string) {
			if c.neg || !c.fore && !c.hasDate || dropOffRE.MatchString(c.raw) {
				return
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && strings.HasPrefix(c.text[i+len(m[0]):], "'") {
				return // "taking my daughter to Florence's party"
			}
			if p := place(m[1]); p != "" && knownPlace(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+6)
			}
		}),
	)
}

// dropOffRE: a place taken to that is an errand, not a trip.
var dropOffRE = regexp.MustCompile(`(?i)\b(?:station|airport|hospital|vet|vets|doctor|dentist|clinic|school|practice|party|game|match|appointment)\b`)

// exNext are the words after "my ex" that leave it a person: a verb, a
// pronoun, a joining word.
var exNext = setOf(`is was and or but who i me we you he she they texted texts called calls said says wants wanted keeps kept has had just still asked got gets moved lives lived would will can could never always tried tries showed shows sent sends took takes came comes cheated left dumped broke hates hated loved loves thinks thought does did doesn't didn't won't can't isn't wasn't yesterday today again`)

// hedgedNone: what makes "no kids" something else than none at all ("no
// kids allowed", "no kids in the flat", "never had pets growing up").
var hedgedNone = regexp.MustCompile(`(?i)\b(?:allowed|here\s+(?:today|tonight)|in\s+the\s+(?:building|flat|house|car)|growing\s+up|as\s+a\s+(?:kid|child))\b`)

// noneEndsRE: what may follow "no kids" for it to say none at all.
var noneEndsRE = regexp.MustCompile(`(?i)^(?:\s*$|\s*[,.;!:)–-]|\s+(?:yet|either|at\s+all|so|and|but|or|nor|though|tho|lol|haha)\b)`)

// notLikeNone: "It's not like I have no kids", "Just because I have no
// kids doesn't mean …".
var notLikeNone = regexp.MustCompile(`(?i)\b(?:not\s+like|just\s+because|doesn't\s+mean|does\s+not\s+mean)\b`)

// rawRule is r for a rule that reads the clause with its dates in it.
func rawRule(pattern string, claim int, fn func(c *clause, m []string)) rule {
	x := r(pattern, claim, fn)
	x.raw = true
	return x
}
