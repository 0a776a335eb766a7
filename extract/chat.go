package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Rules for how people talk about themselves in chat (issue 9, second
// pass): plans said as "plan on …" or "my goal is to …", life events said
// with a gerund ("I started painting again"), ongoing hobbies ("I've been
// reading a lot lately"), lasting preferences ("I've always loved …"), and
// work said as "my job at …" or "I've been working as a barista for two
// years". Every rule here goes through clause.mode like the others, so
// questions, second person, conditions, hedges and negation are handled
// the same way; each is written for conversation in general, with negative
// cases in chat_test.go.

// kinOrWorkWords are the people "my …'s" is said of before a verb.
const kinOrWorkWords = `mum|mom|mam|dad|mother|father|wife|husband|hubby|sister|sis|brother|bro|son|daughter|partner|girlfriend|boyfriend|gf|bf|fiance|fiancé|fiancée|grandma|grandpa|granny|nan|nana|aunt|uncle|cousin|niece|nephew|kid|friend|bestie|roommate|flatmate|housemate|neighbou?r|manager|boss|coworker|co-worker|colleague|landlord|landlady`

// chatRewrites normalise wordings before the rules read a clause: "I've
// always wanted to learn Spanish" is a wish still held, not a past one
// ("wanted to" alone is a hedge); "I always dreamed of visiting Italy" is one
// too.
var chatRewrites = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?i)\b(i|we)(?:'ve|\s+have)?\s+always\s+wanted\s+to\s+`), "${1} want to "},
	// "guess who's moving to zapopan", "guess who just got a puppy": the
	// speaker's news, said as a riddle (session 25).
	{regexp.MustCompile(`(?i)\bguess\s+who(?:'s|\s+is)\s+((?:moving|going|getting|starting|flying|heading|engaged|pregnant|expecting|retiring|back|officially)\b)`), "I'm ${1}"},
	{regexp.MustCompile(`(?i)\bguess\s+who\s+((?:just\s+|finally\s+)?(?:got|adopted|bought|booked|passed|won|quit|moved|started|joined|signed)\b)`), "I ${1}"},
	// "Fenna's from Utrecht", "Cian's a civil engineer", "Erik's still in
	// Stockholm", "Maddie's 15": a name's "'s" before what only "is" can
	// come before (not "Erik's car"); "Erik's been" is "has been".
	{regexp.MustCompile(`\b(\p{Lu}\p{Ll}+)'s\s+((?i:a|an|from|still|also|now|originally|currently|in|at|going|gonna|moving|working|studying|living|doing|married|engaged|pregnant|retired)\s|\d{1,2}(?:\s*$|[\s,.;!]))`), "${1} is ${2}"},
	{regexp.MustCompile(`\b(\p{Lu}\p{Ll}+)'s\s+(been|got)\b`), "${1} has ${2}"},
	// "my sister's gonna visit", "my manager's always late": a relative's
	// or a workmate's "'s" before what only "is" can come before (session
	// 31); "my sister's gonna visit" had been a plan "sister's gonna visit".
	{regexp.MustCompile(`(?i)\b(my\s+(?:` + kinOrWorkWords + `))'s\s+((?:gonna|going\s+to|always|never|not|still|also|now|from|so|such|really|coming|moving|getting|starting|working|visiting|flying|staying|retiring|pregnant|expecting|engaged|married|retired)\b)`), "${1} is ${2}"},
	{regexp.MustCompile(`(?i)\b(i|we)(?:'ve|\s+have)?\s+(?:always\s+)?dreamed\s+(?:of|about)\s+`), "${1} want to \x02"},
	{regexp.MustCompile(`(?i)\b(i|we)(?:'re|'m|\s+am|\s+are)\s+determined\s+to\s+`), "${1} want to "},
	// "I've been wanting to do some birdwatching", "I've been meaning to
	// learn the guitar": a wish held for a while (session 21).
	{regexp.MustCompile(`(?i)\b(i|we)(?:'ve|\s+have)\s+(?:(?:really|always|long|kind\s+of|kinda)\s+)?been\s+(?:wanting|meaning|dying|itching|hoping)\s+to\s+`), "${1} want to "},
	// "I'm gonna take a shot at starting my own business": a try
	// (session 21).
	{regexp.MustCompile(`(?i)\b(gonna|going\s+to|will|'ll|want\s+to|wanna)\s+(?:take\s+a\s+(?:shot|stab|crack)\s+at|have\s+a\s+go\s+at|give\s+it\s+a\s+(?:shot|go)\s+(?:at|with))\s+`), "${1} try "},
	// "You know I love live music", "you know, I …": the listener is
	// reminded; the clause is the speaker's (session 21).
	{regexp.MustCompile(`(?i)^((?:oh|and|but|well|yeah|hey|plus)[,]?\s+)?you\s+know,?\s+(?:that\s+)?((?:i|we)\b)`), "${1}${2}"},
	// "I'm also excited to", "we're really looking forward to": the
	// adverb between the verb and the wish hides it from the plan rules.
	{regexp.MustCompile(`(?i)\b(i'm|we're|i am|we are)\s+(?:also\s+|really\s+|so\s+|super\s+|just\s+|still\s+)+(excited\s+to|looking\s+forward\s+to|keen\s+to|hoping\s+to|planning\s+to|planning\s+on|thinking\s+(?:of|about))\s+`), "${1} ${2} "},
	// A decision or a saving is a plan: "I've decided to start a blog",
	// "we're saving up for a house".
	{regexp.MustCompile(`(?i)\b(i|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+)?decided\s+to\s+`), "${1} want to "},
	{regexp.MustCompile(`(?i)\b(i|we)(?:'m|'re|\s+am|\s+are)\s+(?:also\s+)?saving\s+(?:up\s+)?for\s+(an?|my|our)\s+((?:[a-z]+\s+)?(?:trip|vacation|holiday|honeymoon|cruise)\b)`), "${1} want to take ${2} ${3}"},
	{regexp.MustCompile(`(?i)\b(i|we)(?:'m|'re|\s+am|\s+are)\s+(?:also\s+)?saving\s+(?:up\s+)?for\s+(an?|my|our)\s+`), "${1} want to save for ${2} "},
	// Liking said idiomatically: "I can't get enough of jazz", "I'm a
	// sucker for thrillers".
	{regexp.MustCompile(`(?i)\b(i|we)\s+(?:just\s+)?(?:can't|cannot)\s+get\s+enough\s+of\s+`), "${1} love "},
	{regexp.MustCompile(`(?i)\b(i|we)(?:'m|'re|\s+am|\s+are)\s+(?:such\s+|a\s+)?(?:total\s+|big\s+|huge\s+|real\s+)?suckers?\s+for\s+`), "${1} love "},
	// "I'm so excited to tell you I started a yoga class", "happy to share
	// that we moved": news told, no wish (session 28: the start was read
	// as foresight).
	{regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:so\s+|really\s+|super\s+|just\s+|very\s+)*(?:excited|happy|glad|thrilled|stoked|proud|pleased)\s+to\s+(?:(?:tell|let)\s+(?:you|u|ya|y'all|you\s+guys|everyone)(?:\s+know)?|share(?:\s+with\s+(?:you|u|ya|y'all|you\s+guys|everyone))?|announce)(?:\s+that)?\s+((?:i|we)\b)`), "${1}"},
	// "Can't wait for our hike" is eager, not negative (and "Can't …" at
	// the start is no question).
	{regexp.MustCompile(`(?i)(^|\b(?:i|we)\s+)(?:can't|cannot|can\s+not)\s+wait\s+for\s+(my|our|the|this|that|tomorrow's|tonight's|this\s+weekend's|next\s+\w+'s)\s+`), "${1}eagerly await ${2} "},
}

func rewriteChat(s string) string {
	for _, rw := range chatRewrites {
		s = rw.re.ReplaceAllString(s, rw.with)
	}
	if spokenAgeRE.MatchString(s) {
		s = spokenAgeRE.ReplaceAllStringFunc(s, spokenAge)
	}
	s = hedgedPlan(s)
	// "dreamed of visiting" → "want to visit": the gerund marked \x02 by
	// the rewrite above takes its base form when it is a known verb.
	return dreamedGerundRE.ReplaceAllStringFunc(s, func(m string) string {
		w := strings.TrimPrefix(m, "\x02")
		if b, ok := gerundBase(strings.ToLower(w)); ok && (planVerbs[b] || hobbyVerbs[b]) {
			return b
		}
		return w
	})
}

var dreamedGerundRE = regexp.MustCompile(`\x02[A-Za-z]*`)

// spokenAgeRE: an age spelt out as speech is transcribed ("I'm twenty
// three", "I turned forty", "thirty-nine years old"), after the words an
// age follows; spokenAge writes it in digits, so the age rules (and their
// guards: "I'm twenty minutes late" is no age) read it as "I'm 23".
var spokenAgeRE = regexp.MustCompile(`(?i)\b(i'm|i\s+am|im|turned|turning|turn|aged?)\s+(?:(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](one|two|three|four|five|six|seven|eight|nine))?|(thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))\b`)

var spokenTens = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}

var spokenUnits = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

// spokenTenToTwelve are the numbers spelt out that neither spokenTens nor
// spokenUnits holds.
var spokenTenToTwelve = map[string]int{"ten": 10, "eleven": 11, "twelve": 12}

func spokenAge(x string) string {
	m := spokenAgeRE.FindStringSubmatch(x)
	n := spokenTens[strings.ToLower(m[2])] + spokenUnits[strings.ToLower(m[3])]
	if m[4] != "" {
		n = spokenTens[strings.ToLower(m[4])]
	}
	return m[1] + " " + strconv.Itoa(n)
}

// hedgedPlan reads a plan said with a hedge as a wish (session 21): "Maybe
// I'll give painting a go", "I might try kayaking", "perhaps I should take
// up exercise" are plans as every annotator of real chat writes them down,
// and issue 9 allows a modal kept with its kind. Only where the speaker's
// clause starts (not "my doctor said I should …", "I'm worried I might …"),
// and only taking something up: trying, learning, joining, signing up,
// visiting, adopting; "try" with a thing after it ("try harder" is none),
// "give" only as "give … a go/try/shot". "I should get some sleep", "I might
// get fired", "we may get rain" stay hedges.
func hedgedPlan(s string) string {
	s = maybeWillRE.ReplaceAllString(s, "${1}${2} ")
	var b strings.Builder
	last := 0
	for _, loc := range hedgedVerbRE.FindAllStringSubmatchIndex(s, -1) {
		verb, rest := strings.ToLower(s[loc[6]:loc[7]]), s[loc[8]:]
		if notTried[strings.ToLower(s[loc[8]:loc[9]])] || strings.HasPrefix(strings.ToLower(rest), "the hard way") ||
			verb == "give" && !giveItAGoRE.MatchString(rest) {
			continue // "I should try harder", "I might learn the hard way", "I might give up"
		}
		b.WriteString(s[last:loc[3]])                 // up to the clause's start, "maybe" left out
		b.WriteString(s[loc[4]:loc[5]] + " want to ") // "I want to …"
		last = loc[6]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

var (
	// "maybe I'll …" where a clause starts: "I'll …", which the plan rules
	// read with a date or as "give … a go"
	maybeWillRE = regexp.MustCompile(`(?i)(^|[,;:]\s*|\b(?:and|but|so)\s+)(?:maybe|perhaps|probably)\s+(?:one\s+day\s+|someday\s+|soon\s+)?(i'll|i\s+will|we'll|i'm\s+gonna|i'm\s+going\s+to)\s+`)
	// "I might try …", "perhaps I should learn …" where a clause starts
	hedgedVerbRE = regexp.MustCompile(`(?i)(^|[,;:]\s*|\b(?:and|but|so)\s+)(?:(?:maybe|perhaps)\s+)?(i|we)\s+(?:might|may|should)\s+(?:(?:really|definitely|finally|also|actually)\s+)?(try|give|take\s+up|join|learn|sign\s+up\s+for|visit|adopt)\s+([\w'-]+)`)
	giveItAGoRE  = regexp.MustCompile(`(?i)^(?:[\w'-]+\s+){1,4}?a\s+(?:go|try|shot|whirl)\b`)
	// words after "try" that make no thing tried
	notTried = setOf(`harder hard again to my your it that this not me him her them`)
)

// planVerb reports whether w (a base form or a gerund) starts a plan worth
// keeping without a date: "planning on running a marathon".
func planVerb(w string) bool {
	w = strings.ToLower(w)
	if planVerbs[w] {
		return true
	}
	b, ok := gerundBase(w)
	return ok && planVerbs[b]
}

// gerundBase returns the base form of a gerund ("running" → "run",
// "moving" → "move", "visiting" → "visit") when it is in planVerbs or
// hobbyVerbs, and otherwise the word without "ing".
func gerundBase(w string) (string, bool) {
	if !strings.HasSuffix(w, "ing") || len(w) < 5 {
		return "", false
	}
	b := strings.TrimSuffix(w, "ing")
	for _, cand := range []string{b, b + "e", b[:len(b)-1]} {
		if planVerbs[cand] || hobbyVerbs[cand] {
			return cand, true
		}
	}
	return b, true
}

// soloPlans are verbs that are a plan on their own ("I'm determined to
// adopt", "we want to retire").
var soloPlans = map[string]bool{"adopt": true, "retire": true, "move": true, "relocate": true, "travel": true,
	"propose": true, "graduate": true, "emigrate": true}

// hobbyVerbs are the pastimes a person keeps doing; "I've been <verb>ing
// a lot" or "I started <verb>ing" says one is taken up.
var hobbyVerbs = map[string]bool{"read": true, "write": true, "paint": true, "draw": true, "cook": true, "bake": true,
	"hike": true, "run": true, "jog": true, "swim": true, "garden": true, "knit": true, "crochet": true, "sew": true,
	"dance": true, "sing": true, "journal": true, "meditate": true, "cycle": true, "bike": true, "climb": true,
	"surf": true, "ski": true, "skate": true, "fish": true, "camp": true, "sketch": true, "practice": true,
	"practise": true, "learn": true, "play": true, "volunteer": true, "skateboard": true,
	"snowboard": true, "kayak": true, "golf": true, "box": true, "photograph": true, "write poetry": true,
	"blog": true, "vlog": true, "stream": true, "code": true, "program": true, "train": true, "lift": true,
	"workout": true, "exercise": true, "travel": true, "explore": true, "collect": true, "build": true,
	"sculpt": true, "film": true, "compose": true, "rap": true, "teach": true, "mentor": true, "coach": true}

// hobbyGerund reports whether w is the gerund of a hobby verb.
func hobbyGerund(w string) bool {
	b, ok := gerundBase(strings.ToLower(w))
	return ok && hobbyVerbs[b]
}

// completions are what "I finished / completed …" makes a life event of;
// "I just finished the book" or "finished my coffee" are not.
var completions = map[string]bool{"degree": true, "course": true, "program": true, "programme": true,
	"marathon": true, "half-marathon": true, "race": true, "triathlon": true, "training": true, "internship": true,
	"thesis": true, "dissertation": true, "phd": true, "masters": true, "master's": true, "bachelor's": true,
	"certification": true, "certificate": true, "residency": true, "bootcamp": true, "apprenticeship": true,
	"studies": true, "school": true, "novel": true, "first": true, "screenplay": true, "album": true,
	"diploma": true, "college": true, "university": true, "uni": true, "exams": true, "exam": true, "test": true, "license": true, "licence": true, "finals": true, "semester": true, "rehab": true, "chemo": true, "treatment": true}

// startNowRE is "start" in the present: with a date ahead, a start to come.
var startNowRE = regexp.MustCompile(`(?i)\bstart\s`)

// fields are lines of work said as "I work in …" without an article.
var fields = map[string]bool{"marketing": true, "sales": true, "finance": true, "tech": true, "it": true,
	"healthcare": true, "education": true, "retail": true, "construction": true, "hospitality": true, "hr": true,
	"engineering": true, "design": true, "advertising": true, "publishing": true, "journalism": true, "law": true,
	"accounting": true, "banking": true, "insurance": true, "real estate": true, "nursing": true, "research": true,
	"software": true, "logistics": true, "consulting": true, "medicine": true, "pharma": true, "film": true,
	"music": true, "fashion": true, "politics": true, "government": true, "academia": true, "customer service": true}

// soothingRE ends a gerund subject that the speaker says helps them:
// "Cooking has been helping me de-stress", "Painting is my escape".
const soothingRE = `(?:has\s+been|is|'s|was|have\s+been|are)\s+(?:really\s+|always\s+|so\s+|truly\s+|also\s+)?(?:helping\s+me|helped\s+me|my\s+(?:escape|outlet|therapy|refuge|sanctuary|happy\s+place|way\s+to\s+(?:relax|unwind|de-stress|destress|cope))|(?:so\s+)?(?:relaxing|therapeutic|calming)\s+for\s+me|a\s+(?:great|huge|big)\s+(?:outlet|escape|stress\s+reliever)\s+for\s+me)`

func init() {
	rules = append(rules,
		// Plans: "I plan on running a marathon", "we're planning on moving".
		r(fp+`(?i:\s+(?:plan|plans)\s+on|'m\s+planning\s+on|\s+am\s+planning\s+on|'re\s+planning\s+on|\s+are\s+planning\s+on)\s+([a-z]+ing\b.*)`, 1, func(c *clause, m []string) {
			p := cut(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 8 || badObject(p) || !(c.hasDate || planVerb(ws[0])) || hasForesight(c) {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-2)
		}),
		// "My dream is to …", "our plan is to …", "my goal this year is to …",
		// "my plan for now is to …" (session 31).
		r(`(?i:\b(?:my|our)\s+(?:(?:big|biggest|main|new|next|only|ultimate|long-term)\s+)?(?:dream|goal|plan|aim|hope|ambition|wish|resolution)(?:\s+(?:this|for\s+(?:this|next))\s+(?:year|month|summer|week)|\s+for\s+now|\s+for\s+the\s+(?:future|year|summer)|\s+right\s+now)?\s+is\s+to)\s+([a-z].*)`, 1, func(c *clause, m []string) {
			p := trimRefTail(cut(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 10 || badObject(p) || hasForesight(c) || (len(ws) == 1 && !soloPlans[ws[0]]) {
				return
			}
			c.fore = true
			for _, q := range planList(p) { // "to expand my brand worldwide and grow my fanbase": two plans
				c.add(c.speaker, "plans", q, Foresight, confPlan-4)
			}
		}),
		// "It's always been my dream to visit Japan", "it's been a dream of
		// mine to adopt": the dream said with "it" first (session 25).
		r(`(?i:(?:^|\b)(?:it's|it\s+is|it\s+has|its)\s+(?:always\s+)?(?:been\s+)?(?:always\s+)?(?:my|a|a\s+(?:long-?time|lifelong|life-long|big|huge)|my\s+(?:big|biggest|lifelong|life-long|ultimate))\s+(?:dream|goal|ambition)(?:\s+of\s+mine)?\s+to)\s+([a-z].*)`, 1, func(c *clause, m []string) {
			p := trimRefTail(cut(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if c.neg || len(ws) == 0 || len(ws) > 10 || badObject(p) || hasForesight(c) || (len(ws) == 1 && !soloPlans[ws[0]]) {
				return
			}
			if len(ws) > 1 && (ws[len(ws)-2] == "a" || ws[len(ws)-2] == "an" || ws[len(ws)-2] == "the") && strings.Contains(m[1], p+",") {
				return // "to adopt and provide a safe, loving home": cut inside the thing
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
		// "Visiting castles is really on my bucket list": a pastime ahead.
		r(`(?i:^(?:(?:and|also|so|but|plus)\s+)?)([A-Za-z][\w'-]*ing(?:\s+[\w'-]+){0,4}?)(?i:\s+(?:is|are|has\s+been)\s+(?:(?:really|definitely|totally|also|still|always|high|top|at\s+the\s+top|first)\s+)*(?:on|of)\s+my\s+bucket\s+list)`, 1, func(c *clause, m []string) {
			p := trimRefTail(cut(m[1]))
			if c.neg || p == "" || badObject(p) || !isGerund(strings.Fields(p)[0]) {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
		// A wish to go somewhere named: "I want to visit Japan", "can't wait
		// to see the Grand Canyon". One sees and visits people too: there
		// the name must be a place (seeablePlace), not "Taylor Swift".
		r(fp+`(?i:\s*(?:really\s+|also\s+|still\s+)?(?:want\s+to|wanna|'d\s+love\s+to|would\s+love\s+to|hope\s+to|'m\s+hoping\s+to|am\s+hoping\s+to|plan\s+to|'m\s+planning\s+to|am\s+planning\s+to|'re\s+planning\s+to)\s+(?:finally\s+)?(visit|see|explore|go\s+to|travel\s+to|fly\s+to|get\s+to)(?:\s+the)?)\s+`+nm, 2, func(c *clause, m []string) {
			p := place(m[2])
			if v := strings.ToLower(m[1]); (v == "see" || v == "visit") && !seeablePlace(p) {
				return
			}
			if p != "" && (isPlace(p) || strings.Contains(p, " ")) && !c.known[p] {
				for _, f := range c.facts {
					if f.Predicate == "plans" && strings.Contains(f.Claim, p) {
						return // "plans visit Japan" says it
					}
				}
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),

		// Events: "I started painting again", "we began learning Spanish".
		r(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|even|actually|only|first|already)\s+)*(?:started|began|took\s+up|taken\s+up|picked\s+up|got\s+into))\s+([a-z]+ing\b.*)`, 1, func(c *clause, m []string) {
			p := cut(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 {
				return
			}
			if ws[0] == "doing" && len(ws) > 1 && len(ws) <= 4 && pastimeObject(strings.Join(ws[1:], " ")) && !pronoun[ws[1]] && !refWords[ws[1]] {
				// "Just started doing aerial yoga": the pastime, not "doing";
				// "we started doing yoga together" is yoga
				fs := strings.Fields(p)[1:]
				if len(fs) > 1 && strings.EqualFold(fs[len(fs)-1], "together") {
					fs = fs[:len(fs)-1]
				}
				p = strings.Join(fs, " ")
				ws = strings.Fields(strings.ToLower(p))
			}
			if tp := trimPurpose(asHobbyRE.ReplaceAllString(p, "")); tp != p {
				p, ws = tp, strings.Fields(strings.ToLower(tp)) // "playing chess to get better at strategy"
			}
			lessons := ws[0] == "taking" && anyWord(p, lessonWords) // "I started taking guitar lessons"
			// "I started making jewelry": a thing made as a pastime
			crafting := ws[0] == "making" && len(ws) > 1 && (pastimeObject(strings.Join(ws[1:], " ")) || anyWord(p, madeThings))
			if len(ws) > 6 || (vague[ws[0]] && !hobbyGerund(ws[0])) || badObject(p) || notTakenUp[ws[0]] && !lessons && !crafting {
				return // "I started thinking", "I started feeling better"
			}
			if ws[0] == "working" || ws[0] == "interning" {
				return // "I started working at Zalando": a job started, read as started_job
			}
			if fs := strings.Fields(p); len(fs) > 1 && !hobbyGerund(ws[0]) && lexNames.has(strings.Trim(fs[1], ",")) && isCapital(fs[1]) && !lexPlaces.has(strings.Trim(fs[1], ",")) {
				return // "I started introducing Max to the others": something done to someone, nothing taken up
			}
			if p = trimTail(trimAgain(p)); p == "" || strings.EqualFold(p, "learning") {
				return // "Just started learning": learning what, said elsewhere
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && whyStarted34.MatchString(c.text[:i+len(m[0])-len(m[1])]) || c.precededBy(whyLead34) {
				return // "a reminder of why I started playing basketball", "after I started walking again": told as the reason or the time of something else (session 34)
			}
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}),
		// "I started to learn the guitar" → started learning the guitar.
		r(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also)\s+)*(?:started|began)\s+to)\s+([a-z]+\b.*)`, 1, func(c *clause, m []string) {
			p := cut(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) < 2 || len(ws) > 6 || !hobbyVerbs[ws[0]] || badObject(p) {
				return // "I started to feel", "began to cry"
			}
			c.add(c.speaker, "started", trimAgain(p), Experience, confEvent-6)
		}),
		// "I just finished my first marathon", "I completed my degree".
		r(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|officially|also)\s+)*(?:finished|completed|passed))\s+((?i:my|our|a|an|the)\s+.+)`, 1, func(c *clause, m []string) {
			p := object(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 5 {
				return
			}
			for _, w := range ws {
				if completions[strings.Trim(w, `"',.!`)] {
					c.add(c.speaker, "completed", p, Experience, confEvent)
					return
				}
			}
		}),
		// "I got promoted (to team lead)".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|finally|officially)\s+)*(?:got|was|have\s+been|'ve\s+been)\s+promoted)(?i:\s+to\s+(?:an?\s+|the\s+)?([a-z][a-z ]*))?`, 1, func(c *clause, m []string) {
			what := "promoted"
			if j := strings.TrimSpace(orgCutRE.ReplaceAllString(phrase(m[1])+" ", "")); j != "" && job(j) {
				what = j
				c.add(c.speaker, "job_title", j, World, confFirst-5)
			}
			c.add(c.speaker, "promoted", what, Experience, confEvent+5)
		}),
		// "I got a promotion", "I finally got that promotion".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|finally|officially)\s+)*(?:got|received|earned|landed)\s+(?:a|the|that|my|my\s+first)\s+(?:(?:big|long-awaited|well-deserved)\s+)?promotion)\b`, 0, func(c *clause, m []string) {
			c.add(c.speaker, "promoted", "promoted", Experience, confEvent+5)
		}),
		// "I just became a dad", "we became parents in May".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|finally|officially)\s+)*(?:became|become|'ve\s+become|have\s+become)\s+(?:an?\s+)?(?:first-time\s+|new\s+)?)(mom|mum|mother|dad|father|parents?|mommy|daddy)\b`, 1, func(c *clause, m []string) {
			c.add(c.speaker, "had_child", "child", Experience, confEvent)
		}),
		// A work put out: "I launched my website", "I published my first
		// book", "we released our first album".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|finally|officially)\s+)*(launched|published|released|self-published))\s+((?i:my|our|a|an|the)\s+(?:(?:first|second|new|own|very\s+own|debut)\s+)*[a-z][\w-]*(?:\s+[a-z][\w-]*)?)`, 2, func(c *clause, m []string) {
			p := object(m[2])
			ws := strings.Fields(strings.ToLower(p))
			if p == "" || len(ws) > 3 || !workPutOut[ws[len(ws)-1]] {
				return // "released the dog", "launched a ball": only a work of one's own
			}
			pred := "completed"
			if strings.EqualFold(m[1], "launched") {
				pred = "started"
			}
			c.add(c.speaker, pred, p, Experience, confEvent-2)
		}),
		// "I retired last year", "I finally retired".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|finally|officially)\s+)*retired)(?i:\s+from\s+(.+))?\s*$`, 0, func(c *clause, m []string) {
			c.retiredFrom(m[1], confEvent+5)
		}),

		// Preferences said as lasting: "I've always loved the ocean".
		r(fp+`(?i:'ve|\s+have)?(?i:\s+(?:really\s+)?always)\s+(?i:(loved|liked|enjoyed|adored|hated|disliked))\s+(.+)`, 2, func(c *clause, m []string) {
			p := object(m[2])
			if p == "" || strings.HasPrefix(strings.ToLower(p), "to ") {
				return
			}
			pred := "likes"
			if w := strings.ToLower(m[1]); w == "hated" || w == "disliked" {
				pred = "dislikes"
			}
			for _, q := range splitGerunds(p) {
				c.add(c.speaker, pred, q, World, confPref)
			}
		}),
		r(fp+`(?i:'ve|\s+have)(?i:\s+(?:really|also|always|just))*\s+(?i:been)(?i:\s+(?:really|also|always|so|pretty))*\s+(?i:passionate\s+about|a\s+(?:huge\s+|big\s+|massive\s+|long-time\s+|longtime\s+)?fan\s+of|in\s+love\s+with|fascinated\s+by|drawn\s+to|loving|enjoying)\s+(.+)`, 1, func(c *clause, m []string) {
			// "I've been loving getting to know Japanese culture": the culture
			obj := learningRE.ReplaceAllString(m[1], "")
			for _, p := range splitGerunds(object(obj)) {
				c.add(c.speaker, "likes", p, World, confPref)
			}
		}),
		// An ongoing pastime: "I've been reading a lot lately", "I've been
		// painting more". Only hobby verbs: "I've been working a lot" is not
		// a pastime, nor "I've been thinking".
		r(fp+`(?i:'ve|\s+have)(?i:\s+(?:really|also|just|still))*\s+(?i:been)(?i:\s+(?:really|also|so|still|busy))*\s+([a-z]+ing)\b(.*)`, 1, func(c *clause, m []string) {
			if !hobbyGerund(m[1]) {
				return
			}
			rest := strings.ToLower(strings.TrimSpace(m[2]))
			p := strings.ToLower(m[1])
			if strings.Contains(" "+rest+" ", " from ") {
				return // "I've been learning a lot from you"
			}
			obj := m[2]
			if t := strings.TrimSpace(m[2]); muchOfRE.MatchString(t) {
				q := muchOfRE.FindStringIndex(t)
				if after := strings.ToLower(t[q[1]:]); !pastimeTailRE.MatchString(after) {
					// "I've been playing a lot of chess": the pastime is chess
					rest, obj = after, t[q[1]:]
				}
			}
			switch o := object(obj); {
			case rest == "" || pastimeTailRE.MatchString(rest):
				// "I've been reading a lot lately": the pastime alone
				if needsObject[p] {
					return // "I've been playing a lot": playing what is not said
				}
			case o == "" || notPastimeObj[strings.Fields(strings.ToLower(o))[0]]:
				return // "playing it by ear", "running late"
			case len(strings.Fields(o)) > 4:
				return
			default:
				if strings.HasPrefix(rest, "to ") && !strings.HasPrefix(strings.ToLower(o), "to ") {
					o = "to " + o // "I've been learning to code": object() drops the "to"
				}
				p += " " + o
			}
			c.add(c.speaker, "likes", p, World, confPref-8)
		}),
		// "Cooking has been helping me de-stress", "Painting is my escape".
		r(`(?i:^([a-z]+ing(?:\s+[a-z']+){0,3})\s+`+soothingRE+`)`, 1, func(c *clause, m []string) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if !isGerund(ws[0]) || vague[ws[0]] || notTakenUp[ws[0]] {
				return // "Being outside is calming for me", "Seeing them is my therapy"
			}
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "likes", p, World, confPref-4)
			}
		}),

		// "Cooking and eating the food is so rewarding": a pastime the
		// speaker finds good, said with a gerund subject at the start.
		r(`(?i:^([a-z]+ing(?:\s+[a-z']+){0,2}(?:\s+and\s+[a-z]+ing(?:\s+[a-z']+){0,2})?)\s+(?:is|has\s+been|'s)\s+(?:so\s+|really\s+|always\s+|super\s+|very\s+|truly\s+)*(?:rewarding|fun|enjoyable|satisfying|fulfilling|relaxing|therapeutic|calming))\b`, 1, func(c *clause, m []string) {
			for _, part := range strings.Split(m[1], " and ") {
				ws := strings.Fields(strings.ToLower(part))
				if len(ws) == 0 || !hobbyGerund(ws[0]) {
					continue
				}
				if o := object(part); o != "" {
					c.add(c.speaker, "likes", strings.ToLower(o[:1])+o[1:], World, confPref-6)
				}
			}
		}),
		// "Music really helps me focus", "Yoga helps me unwind".
		r(`(?i:^([a-z][a-z\-]+(?:\s+[a-z][a-z\-]+)?)\s+(?:really\s+|always\s+|also\s+|definitely\s+)*(?:helps|has\s+helped|has\s+been\s+helping|keeps)\s+me\s+(?:to\s+)?(?:focus|relax|unwind|de-stress|destress|cope|recharge|calm\s+down|stay\s+sane|stay\s+grounded|sane|grounded|centered|centred))\b`, 1, func(c *clause, m []string) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if pronoun[ws[0]] || vague[ws[0]] || notTakenUp[ws[0]] || deicticWords[ws[0]] || stopWords[titleWord(ws[0])] {
				return // "It helps me relax", "That keeps me sane"
			}
			if l := ws[len(ws)-1]; l == "never" || l == "not" || l == "hardly" || l == "rarely" || strings.HasSuffix(l, "n't") {
				return // "Running never helps me relax"
			}
			p := m[1]
			if l := strings.ToLower(lastWord(p)); len(ws) > 1 && (l == "really" || l == "always" || l == "also" || l == "definitely" || l == "just") {
				p = strings.Fields(p)[0]
			}
			c.add(c.speaker, "likes", p, World, confPref-6)
		}),
		// "I love how video games spark the imagination": the subject of
		// "how" is what is liked, when it is named (not "it", "you", "the
		// colors" of a photo shown).
		r(fp+`(?i:\s+(?:really\s+|just\s+|also\s+)*(?:love|like|enjoy|adore))\s+(?i:how)\s+([a-z][a-z\-]+(?:\s+[a-z][a-z\-]+)?)\s+(?i:can|are|is|make|makes|bring|brings|help|helps|let|lets|have|has|always|really|just)\b`, 1, func(c *clause, m []string) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if len(ws) > 1 && (pronoun[ws[1]] || refWords[ws[1]]) {
				return // "I love how uncomplicated it is"
			}
			if pronoun[ws[0]] || deicticWords[ws[0]] || refWords[ws[0]] || vague[ws[0]] || ws[0] == "much" || ws[0] == "well" ||
				ws[0] == "far" || ws[0] == "fast" || ws[0] == "easy" || ws[0] == "often" || ws[0] == "quickly" {
				return
			}
			c.add(c.speaker, "likes", m[1], World, confPref-8)
		}),
		// "I was also in Turkey and Mexico", "we visited Spain, Italy and
		// Greece": every place of a list of known places.
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|also|once|even)\s+)*(?:visited|went\s+to|travell?ed\s+to|(?:was|were)\s+(?:also\s+|once\s+)?in|'ve\s+(?:also\s+)?been\s+to|have\s+(?:also\s+)?been\s+to))\s+(\p{Lu}[\p{L}\- ]*(?:,\s+\p{Lu}[\p{L}\- ]*)*,?\s+(?i:and)\s+\p{Lu}[\p{L}\-]*(?:\s+\p{Lu}[\p{L}\-]*)*)`, 1, func(c *clause, m []string) {
			items := strings.FieldsFunc(strings.ReplaceAll(m[1], " and ", ","), func(r rune) bool { return r == ',' })
			var places []string
			for _, it := range items {
				it = strings.TrimSpace(it)
				if !lexPlaces.has(it) {
					return // a list that is not all places is not read
				}
				places = append(places, it)
			}
			for _, p := range places {
				c.add(c.speaker, "visited", p, Experience, confEvent-2)
			}
		}),
		// "Can't wait for our hike": a plan of the speaker's own.
		r(`(?i:(?:^|\b(?:i|we)\s+)eagerly\s+await\s+)((?i:my|our)\s+[a-z][a-z\- ]{2,40})`, 1, func(c *clause, m []string) {
			p := strings.TrimSpace(orgCutRE.ReplaceAllString(cut(m[1])+" ", ""))
			if ws := strings.Fields(p); len(ws) < 2 || len(ws) > 4 || badObject(strings.Join(ws[1:], " ")) || vague[strings.ToLower(ws[1])] {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4) // "our hike": whose it is stays said
		}),

		// "I'm a huge Star Wars fan", "Big basketball fan here".
		r(`(?:`+fpbe+aux+`\s+(?i:an?)|^(?i:an?)?)\s*(?i:(?:huge|big|massive|great|die-hard|diehard|longtime|long-time|lifelong|total|true)\s+)([A-Za-z][\w'\-]*(?:\s+[A-Za-z][\w'\-]*){0,2})\s+(?i:fan)\b`, 1, func(c *clause, m []string) {
			ws := strings.Fields(strings.ToLower(m[1]))
			if len(ws) == 0 || pronoun[ws[0]] || deicticWords[ws[0]] || ws[len(ws)-1] == "of" || ws[0] == "fan" {
				return
			}
			for _, w := range ws {
				if evaluative[w] || w == "fan" {
					return // "a huge big fan"
				}
			}
			if c.neg { // "I'm not a huge football fan"
				c.neg = false
				c.add(c.speaker, "dislikes", m[1], World, confPref-4)
				return
			}
			c.add(c.speaker, "likes", m[1], World, confPref)
		}),
		// "I got a new job as a nurse", "I started a new job", "I got the job!".
		//
		// The employer may follow the role or come first: "I got a job as a
		// nurse at St Mary's", "I got a job at Google as a software
		// engineer" (session 28: both gave no fact, or no employer); so may
		// "hired": "Just got hired as a line cook at Nando's!".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|officially)\s+)*(?:(?:got|landed|started|began|accepted|found|start)\s+(?:a|my|the)\s+(?:new\s+|first\s+|dream\s+)?(?:job|position|role)|(?:got|was|were|been|'ve\s+been|have\s+been)\s+(?:(?:just|finally|officially)\s+)?hired))(?i:\s+(?:at|with)\s+(.+?))?(?i:\s+as\s+(?:an?\s+)?([a-z][a-z\- ]*?))?(?i:\s+(?:at|with)\s+(.+?))?\s*$`, 2, func(c *clause, m []string) {
			if startNowRE.MatchString(m[0]) && c.hasDate && c.date.After(day(c.at)) {
				return // "I start my new job on Monday": ahead, a plan (progressivePlan)
			}
			hired := strings.Contains(strings.ToLower(m[0]), "hired")
			if (hired || jobWonRE.MatchString(m[0])) && jobAhead(c) {
				return // "I got the job! I start in May": won, not begun (plans27.go)
			}
			if hired && m[1] == "" && m[2] == "" && m[3] == "" {
				return // "I got hired!": no more said than a job (the rule above reads "got a job")
			}
			what := "job"
			if j := strings.TrimSpace(orgCutRE.ReplaceAllString(phrase(m[2])+" ", "")); j != "" && job(j) {
				what = j
				c.add(c.speaker, "job_title", j, World, confFirst-5)
			}
			if m[1] == "" && m[3] == "" {
				c.add(c.speaker, "started_job", what, Experience, confEvent+3)
				return
			}
			// An employer named: where one works, and the job begun there
			// (as the rule of "got a job at Google" in rulebook.go says it).
			at := m[1] + m[3]
			if strings.Contains(strings.ToLower(m[0]), " with ") && !namedEmployer(at) {
				return // "a job with benefits", "a job with a great team": no employer named
			}
			if o := employer(at); o != "" {
				c.add(c.speaker, "works_at", o, World, confFirst-3)
				c.add(c.speaker, "started_job", o, Experience, confEvent+5)
			}
		}),
		// "We just moved into a new apartment".
		r(`(?i:(?:^|\b(?:i|we)(?:'re|'m|\s+are|\s+am)?\s+)(?:(?:just|finally|recently|officially)\s+)*(?:moved|moving)\s+into\s+(?:a|an|our|my|the)\s+)((?:new|bigger|smaller|first|own|little)\s+)?((?i:house|home|apartment|flat|condo|place|dorm|studio))\b`, 2, func(c *clause, m []string) {
			what := strings.ToLower(strings.TrimSpace(m[1] + m[2]))
			if strings.Contains(strings.ToLower(m[0]), "moving") {
				if c.hasDate {
					c.add(c.speaker, "plans", "move into "+what, Foresight, confPlan)
				}
				return
			}
			c.add(c.speaker, "moved", what, Experience, confEvent)
		}),
		// "I'll be starting a new course next week": a plan with its date.
		r(fp+`(?i:'ll|\s+will)\s+(?i:be)\s+([a-z]+ing\b.*)`, 1, func(c *clause, m []string) {
			p := trimRefTail(cut(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if !c.hasDate || len(ws) < 2 || len(ws) > 8 || badObject(p) || vague[ws[0]] || notTakenUp[ws[0]] || hasForesight(c) {
				return // "I'll be thinking of you", "I'll be waiting"
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan)
		}),

		// A habit of the present: "I go hiking every weekend", "we often
		// go camping".
		r(fp+`(?i:\s+(?:usually|often|always|also|still|sometimes|regularly|really|love\s+to|like\s+to))*\s+(?i:go)\s+([a-z]+ing)\b`, 1, func(c *clause, m []string) {
			if w := strings.ToLower(m[1]); isGerund(w) && !vague[w] && !notTakenUp[w] {
				c.add(c.speaker, "likes", w, World, confPref-4)
			}
		}),
		// "I play the guitar", "we play tennis on Sundays".
		r(fp+`(?i:\s+(?:usually|often|always|also|still|sometimes|regularly|mostly|mainly))*\s+(?i:play)\s+((?i:the\s+)?[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?|\p{Lu}[\p{L}\w\-]*(?::[\w\-]+)?(?:\s+(?:of\s+|the\s+|of\s+the\s+)?[A-Z0-9][\w\-]*){0,3})`, 1, func(c *clause, m []string) {
			if articleRE.MatchString(m[1]) && !strings.HasPrefix(strings.ToLower(m[1]), "the ") {
				return // "I play a big role", "I play a lot"
			}
			if r0 := m[1][0]; r0 >= 'A' && r0 <= 'Z' {
				// A game by its name ("I usually play Fortnite", "we play
				// CS:GO"); not a part played ("I play Santa", "I play Juliet
				// in the school play") or a place ("we play Boston next").
				n := strings.Fields(m[1])[0]
				if lexNames.has(n) || lexPlaces.has(n) || lexNationalities.has(n) || isStopName(n) || playedPartRE.MatchString(c.raw) {
					return
				}
				c.add(c.speaker, "likes", "playing "+strings.TrimSpace(m[1]), World, confPref-6)
				return
			}
			p := object(strings.TrimSpace(orgCutRE.ReplaceAllString(m[1]+" ", "")))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 2 || placePreps[ws[0]] || pronoun[ws[0]] || ws[0] == "games" || ws[0] == "around" ||
				ws[0] == "along" || ws[0] == "together" || ws[0] == "outside" || ws[0] == "it" || ws[0] == "dead" || ws[0] == "fair" {
				return // "I play with my kids", "I play along", "I play it safe"
			}
			c.add(c.speaker, "likes", "playing "+p, World, confPref-4)
		}),
		// "In my free time I paint", "in my spare time, I read".
		r(`(?i:\b(?:in|during)\s+(?:my|our)\s+(?:free|spare|down|own)\s*time,?\s+(?:i|we)\s+(?:(?:usually|often|also|still|really|always|mostly|mainly|like\s+to|love\s+to|enjoy)\s+)*)([a-z].*)`, 1, func(c *clause, m []string) {
			ws := strings.Fields(strings.ToLower(trimTail(cut(m[1]))))
			if len(ws) == 0 || len(ws) > 5 || vague[ws[0]] || ws[0] == "love" || ws[0] == "like" || ws[0] == "enjoy" || auxVerb[ws[0]] || pronoun[ws[0]] || notTakenUp[ws[0]] || ws[0] == "just" || ws[0] == "try" {
				return
			}
			if len(ws) > 1 && (pronoun[ws[1]] || refWords[ws[1]]) {
				return
			}
			c.add(c.speaker, "likes", strings.Join(ws, " "), World, confPref-4)
		}),
		// "I took up yoga", "I've taken up knitting".
		r(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also)\s+)*(?:took|taken)\s+up)\s+([a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s*$`, 1, func(c *clause, m []string) {
			p := object(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || isGerund(ws[0]) || placePreps[ws[0]] || ws[0] == "space" || ws[0] == "room" || ws[0] == "time" {
				return // gerunds are read above; "it took up space"
			}
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}),

		// "I'm a cat person", "I'm more of a morning person", "I'm more of
		// a purple girl".
		r(fpbe+`(?i:\s+(?:definitely\s+|totally\s+|more\s+of\s+|such\s+|really\s+)*(?:an?)\s+)([a-z][a-z\-]+)(?i:\s+(?:person|girl|guy|gal|kinda\s+(?:girl|guy)))\b`, 1, func(c *clause, m []string) {
			w := strings.ToLower(m[1])
			if notPersonLike[w] || evaluative[w] {
				return // "a people person", "a good person"
			}
			if !strings.HasSuffix(strings.ToLower(m[0]), "person") && !tasteGirl[w] && !soloPastimes[w] {
				return // "a delivery guy", "a lucky girl", "a flower girl": a girl or guy only of a colour, a food, a pastime
			}
			c.add(c.speaker, "likes", w, World, confPref-4)
		}),
		// "Nothing beats a good book", "there's nothing like fresh bread".
		r(`(?i:^(?:honestly,?\s+)?(?:nothing\s+beats|there's\s+nothing\s+like|there\s+is\s+nothing\s+like|nothing\s+compares\s+to))\s+(.+)`, 1, func(c *clause, m []string) {
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "I ran my first marathon", "we ran a 5K".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|also)\s+)*(?:ran|completed|finished|did))\s+((?i:my\s+first|our\s+first|a|an|the)\s+(?:[\w\-]+\s+)?(?i:marathon|half-marathon|half\s+marathon|5k|10k|triathlon|ultramarathon|ultra|race|ironman))\b`, 1, func(c *clause, m []string) {
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "completed", p, Experience, confEvent)
			}
		}),
		// "I had a baby girl", "we welcomed our second child".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently)\s+)*(?:had|welcomed|gave\s+birth\s+to))\s+((?i:a|an|our|my)\s+(?:(?:first|second|third|new|beautiful|healthy|little)\s+)*(?i:baby(?:\s+(?:girl|boy))?|son|daughter|child|twins))\b`, 1, func(c *clause, m []string) {
			if i := strings.Index(c.text, m[0]); i >= 0 {
				if rest := strings.Fields(strings.ToLower(c.text[i+len(m[0]):])); len(rest) > 0 && babyThings[strings.Trim(rest[0], `"',.!;:`)] {
					return // "I had a baby shower last weekend"
				}
			}
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "had_child", p, Experience, confEvent+3)
			}
		}),
		// "I got accepted into law school", "I got into Stanford".
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|officially)\s+)*(?:got\s+accepted|was\s+accepted|were\s+accepted|got\s+admitted|was\s+admitted)\s+(?:in|into|to|at)\s+)(.+)`, 1, func(c *clause, m []string) {
			if o := org(m[1]); o != "" && !pronoun[strings.ToLower(o)] {
				c.add(c.speaker, "joined", o, Experience, confEvent)
			}
		}),
		// Signing up, enrolling, applying said as under way: a plan.
		r(fpbe+`(?i:\s+(?:also\s+|finally\s+|now\s+)?)((?i:signing\s+up\s+for|enrolling\s+in|applying\s+(?:to|for)|joining|registering\s+for)\s+.+)`, 1, func(c *clause, m []string) {
			p := trimRefTail(cut(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) < 2 || len(ws) > 8 || badObject(p) || hasForesight(c) {
				return
			}
			if last := ws[len(ws)-1]; danglingPrep[last] {
				return
			}
			if ws[0] == "applying" && !(c.hasDate && c.date.After(day(c.at))) {
				return // "I'm applying for a masters in UK": applied_to (events28.go); a plan only with its date ("applying to Osler for next summer")
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-2)
		}),
		// "I got hired at Acme", "my shift at the diner", "my coworkers at Acme".
		r(`(?i:\b(?:(?:i|we)\s+(?:just\s+|finally\s+)?got\s+hired\s+(?:at|by)|my\s+(?:shift|shifts|coworkers|co-workers|colleagues|boss|manager|team|office|desk)\s+at))\s+(.+)`, 1, func(c *clause, m []string) {
			o := strings.TrimSpace(copulaTailRE.ReplaceAllString(org(m[1])+" ", ""))
			if o == "" || pronoun[strings.ToLower(o)] || strings.HasPrefix(o, "\x01") || len(strings.Fields(o)) > 4 {
				return
			}
			if strings.Contains(strings.ToLower(m[0]), "hired") {
				c.add(c.speaker, "started_job", o, Experience, confEvent+3)
			}
			c.add(c.speaker, "works_at", o, World, confFirst-8)
		}),

		// Work: "my job at the hospital", "my new job with Acme".
		r(`(?i:\bmy\s+(?:new\s+|current\s+|full-time\s+|part-time\s+|day\s+)?(?:job|work|position|role|internship)\s+(?:at|with|for))\s+(.+)`, 1, func(c *clause, m []string) {
			if i := strings.Index(c.text, m[0]); i >= 0 && jobLostBeforeRE.MatchString(c.text[:i]) {
				return // "I lost my job at the X": read by the job-loss rules, as ended
			}
			o := strings.TrimSpace(copulaTailRE.ReplaceAllString(org(m[1])+" ", ""))
			if o != "" && !strings.HasPrefix(o, "\x01") && !pronoun[strings.ToLower(o)] {
				c.add(c.speaker, "works_at", o, World, confFirst-6)
			}
		}),
		// "my job as a nurse", "my career as a musician", "hustling as a
		// musician"; "As a teacher, I …".
		r(`(?i:\b(?:my\s+(?:new\s+|current\s+|first\s+)?(?:job|work|career|role|position|time)|(?:i|we)\s+(?:\w+\s+)?(?:hustling|hustle|grinding|making\s+a\s+living|earning\s+a\s+living|start(?:ed|ing)?\s+out))\s+as\s+(?:an?\s+)?)([a-z][a-z\- ]*)`, 1, func(c *clause, m []string) {
			j := strings.TrimSpace(orgCutRE.ReplaceAllString(phrase(m[1])+" ", ""))
			if j != "" && job(j) {
				c.add(c.speaker, "job_title", j, World, confFirst-8)
			}
		}),
		rule{re: regexp.MustCompile(`(?i:^as\s+an?\s+)([a-z][a-z\- ]*?)(?i:\s+myself)?\s*$`), claim: 1, raw: true, fn: func(c *clause, m []string) {
			if j := strings.TrimSpace(m[1]); job(j) {
				c.add(c.speaker, "job_title", j, World, confFirst-8)
			}
		}},
		// "As a taxi driver I sit outside the casino", the comma left out;
		// "I love being a primary teacher" (session 26).
		rule{re: regexp.MustCompile(`(?i:^as\s+an?\s+)([a-z][a-z\- ]*?)\s+(?:I|i|we|We)\s`), claim: 1, raw: true, fn: func(c *clause, m []string) {
			if j := strings.TrimSpace(m[1]); len(strings.Fields(j)) <= 3 && job(j) {
				c.add(c.speaker, "job_title", j, World, confFirst-8)
			}
		}},
		r(fp+`(?i:\s+(?:really\s+|just\s+|still\s+)?(?:love|enjoy|like)\s+being\s+(?:an?|the)\s+)([a-z][a-z\- ]*?)(?:\s*$|\s+(?:though|tho|but|and|at|in|for|here|now|so|because)\b|[,.!])`, 1, func(c *clause, m []string) {
			if j := strings.TrimSpace(m[1]); len(strings.Fields(j)) <= 3 && job(j) && !c.neg && !c.fore {
				c.add(c.speaker, "job_title", j, World, confFirst-8)
			}
		}),
		// "I work in marketing", "I work in a hospital".
		r(fp+aux+`(?i:\s+(?:work|works|working))\s+(?i:in)\s+(.+)`, 1, func(c *clause, m []string) {
			p := cut(m[1])
			lp := strings.ToLower(p)
			if strings.HasPrefix(lp, "a ") || strings.HasPrefix(lp, "an ") {
				if o := org(p); o != "" && len(strings.Fields(o)) <= 3 && !pronoun[strings.ToLower(o)] {
					c.add(c.speaker, "works_at", o, World, confFirst-8)
				}
				return
			}
			f := strings.TrimSpace(orgCutRE.ReplaceAllString(lp+" ", ""))
			if fields[f] {
				c.add(c.speaker, "works_in_field", f, World, confFirst-8)
			}
		}),
		// "I have a car", "I got a new bike", "we bought a boat".
		r(fp+`(?i:\s+(?:have|has|'ve\s+got|have\s+got|got|bought|purchased|just\s+bought|just\s+got|finally\s+got|finally\s+bought))\s+(?i:an?\s+|my\s+first\s+|our\s+first\s+)(?i:(?:new|used|old|second-hand|little|brand\s+new|gorgeous|beautiful|vintage)\s+)?((?i:car|truck|motorcycle|motorbike|bike|boat|van|camper|rv|scooter|house|apartment|flat|condo|cabin|cottage|piano|guitar|drum\s+kit|keyboard)|\p{Lu}[\p{L}\-]+(?:\s+[A-Z0-9][\p{L}\-]*)*)\b`, 1, func(c *clause, m []string) {
			if compoundAfter(m[0], c.text) {
				return // "I got a car wash"
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && forSomeoneText(c.text[i+len(m[0]):]) {
				return // "I bought a guitar for my son": a gift
			}
			p := m[1]
			if p[0] >= 'A' && p[0] <= 'Z' {
				// A named thing ("a Prius"): without a word list of brands,
				// only when bought, and not a place ("bought a Paris guide").
				lm := strings.ToLower(m[0])
				if !(strings.Contains(lm, "bought") || strings.Contains(lm, "purchased")) || lexPlaces.has(p) {
					return
				}
			} else {
				p = strings.ToLower(p)
			}
			c.add(c.speaker, "owns", p, World, confPref)
		}),
	)
}

// babyThings after "a baby" make it a thing, not a child born.
var babyThings = setOf(`shower showers monitor gate food clothes sitter blanket bump scare steps pictures photos picture photo`)

// copulaTailRE is the rest of a clause after its subject ("[my job at the
// hospital] is hard").
var copulaTailRE = regexp.MustCompile(`(?i)\s+(?:is|was|has|had|are|were|keeps|makes|gets|pays|sucks|takes|starts|ends)\s.*$`)

// lessonWords make "taking …" a pastime taken up.
var lessonWords = setOf(`lesson lessons class classes course courses`)

// notTakenUp gerunds after "started" say how one felt or what happened,
// not what was taken up.
// jobLostBeforeRE ends on a verb that loses the job that follows ("lost
// [my job at …]").
var jobLostBeforeRE = regexp.MustCompile(`(?i)\b(?:lost|quit|left)\s*$`)

// madeThings are what one makes as a pastime or a craft ("I started making
// jewelry", "making music").
// asHobbyRE: "… as a hobby", said after the pastime.
var asHobbyRE = regexp.MustCompile(`(?i)\s+as\s+(?:a|my)\s+(?:hobby|pastime|side\s+hustle|side\s+project)\b.*$`)

var madeThings = setOf(`jewelry jewellery music pottery candles soap furniture art films movies videos clothes
	quilts cards bread cakes beer wine models games apps crafts comics songs beats podcasts necklaces bracelets`)

var notTakenUp = map[string]bool{"dating": true, "feeling": true, "thinking": true, "wondering": true, "crying": true, "laughing": true,
	"getting": true, "going": true, "having": true, "noticing": true, "realizing": true, "realising": true,
	"worrying": true, "looking": true, "seeing": true, "being": true, "trying": true, "doing": true, "making": true,
	"coming": true, "saying": true, "talking": true, "asking": true, "missing": true, "hurting": true, "raining": true,
	"snowing": true, "panicking": true, "freaking": true, "questioning": true, "doubting": true, "wanting": true,
	"needing": true, "using": true, "spending": true, "taking": true, "putting": true, "focusing": true,
	"prioritizing": true, "prioritising": true}

// trimAgain drops an "again" or "back up" that says the start is a return.
func trimAgain(p string) string {
	for _, s := range []string{" again", " back up", " once more"} {
		p = strings.TrimSuffix(p, s)
	}
	return p
}

// hasForesight reports whether a rule already read a plan in the clause.
func hasForesight(c *clause) bool {
	for _, f := range c.facts {
		if f.Kind == Foresight {
			return true
		}
	}
	return false
}

// seasonStart is the first month of a season (meteorological seasons of
// the northern hemisphere: a member in the south would say "this summer"
// for December; without a location the northern reading is taken).
var seasonStart = map[string]time.Month{"spring": time.March, "summer": time.June, "fall": time.September,
	"autumn": time.September, "winter": time.December}

// resolveSeason resolves "this summer" (the current season: at's day, or
// the coming one this year; false once it has passed) and "next summer"
// (the next start of the season after at's, not the one at is in).
func resolveSeason(which, season string, at time.Time) (time.Time, bool) {
	mo := seasonStart[strings.ToLower(season)]
	d := day(at)
	start := time.Date(at.Year(), mo, 1, 0, 0, 0, 0, time.UTC)
	if mo == time.December && at.Month() < time.March {
		start = start.AddDate(-1, 0, 0) // January is in last December's winter
	}
	end := start.AddDate(0, 3, 0)
	switch strings.ToLower(which) {
	case "this", "in the":
		if d.Before(start) {
			return start, true
		}
		if d.Before(end) {
			return d, true
		}
		return time.Time{}, false
	}
	if d.Before(start) {
		return start, true
	}
	return start.AddDate(1, 0, 0), true
}

func init() {
	futureDates = append(futureDates, struct {
		re      *regexp.Regexp
		resolve func(m []string, at time.Time) (time.Time, bool)
	}{regexp.MustCompile(`(?i)\b(this|next|coming|in\s+the)\s+(spring|summer|fall|autumn|winter)\b`), func(m []string, at time.Time) (time.Time, bool) {
		return resolveSeason(m[1], m[2], at)
	}})
}

// placePreps end what an object is before a word pointing elsewhere:
// "taking walks on [this trail]", "go on a hike to [a place like this]".
var placePreps = map[string]bool{"on": true, "in": true, "at": true, "to": true, "with": true, "around": true,
	"near": true, "through": true, "along": true, "by": true, "from": true, "for": true, "into": true}

// trimRefTail cuts an object before a prepositional phrase whose words
// point at something said or shown elsewhere ("this", "it", "them", "you"),
// when what is left still says something: "taking walks on this nearby
// trail" → "taking walks". An object that is itself a reference stays
// whole, for badObject to refuse.
func trimRefTail(p string) string {
	ws := strings.Fields(p)
	for i := 1; i < len(ws); i++ {
		w := strings.ToLower(strings.Trim(ws[i], `"',.!`))
		if !refWords[w] && !deicticWords[w] {
			continue
		}
		j := i - 1
		for j > 0 && !placePreps[strings.ToLower(ws[j])] && articleRE.MatchString(ws[j]+" ") {
			j-- // "on a place like this": back to the preposition
		}
		if j >= 2 && placePreps[strings.ToLower(ws[j])] {
			if last := strings.ToLower(ws[j-1]); vague[last] || last == "time" {
				return p // "spending time [with them]" says nothing kept
			}
			return strings.Join(ws[:j], " ")
		}
		return p
	}
	return p
}

var deicticWords = map[string]bool{"this": true, "that": true, "these": true, "those": true}

// muchOfRE: how much of a pastime before what it is ("a lot of chess").
var muchOfRE = regexp.MustCompile(`(?i)^(?:a\s+lot\s+of|lots\s+of|a\s+bunch\s+of|a\s+ton\s+of|tons\s+of|plenty\s+of)\s+`)

// needsObject are gerunds that name no pastime without their object.
var needsObject = setOf(`playing doing making watching going`)

// workPutOut are works one launches or publishes.
var workPutOut = setOf(`book books novel novels album albums ep single song songs website site blog podcast channel app game
	business company startup store shop brand line collection newsletter magazine zine paper article articles poem poems
	memoir cookbook course series documentary film movie video videos comic comics product`)

// splitGerunds splits "hiking in the mountains and exploring forests"
// and "yoga and meditation" into the two pastimes they name; a fixed pair
// ("mac and cheese", "rock and roll") or a longer conjunction of nouns
// ("peace and quiet of the woods") stays one. An empty p gives none.
func splitGerunds(p string) []string {
	if p == "" {
		return nil
	}
	a, b, ok := strings.Cut(p, " and ")
	if !ok || strings.Contains(b, " and ") {
		return []string{p}
	}
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) == 0 || len(fb) == 0 {
		return []string{p}
	}
	if newClauseVerbs[strings.ToLower(fb[0])] {
		return []string{a} // "strategy games [and wanted to challenge myself]": a new clause
	}
	if isGerund(fa[0]) && isGerund(fb[0]) {
		return []string{a, b}
	}
	if len(fa) == 1 && len(fb) == 1 && unicode.IsUpper([]rune(fa[0])[0]) && unicode.IsUpper([]rune(fb[0])[0]) {
		return []string{p} // "Hall and Oates", "Simon and Garfunkel": one name
	}
	if len(fa) == 1 && len(fb) == 1 && len(fa[0]) > 3 && len(fb[0]) > 3 && !binomials[strings.ToLower(p)] {
		return []string{a, b}
	}
	// Two short noun phrases: "cheese pizza and prosciutto", "board games
	// and movie nights". Not "action and sci-fi movies" (one word before
	// two may share the head: "action movies"), nor when one side starts
	// with a gerund and the
	// other does not ("playing guitar and piano" shares its verb), nor
	// when the second starts with a determiner or a pronoun.
	if len(fa) <= 2 && len(fb) <= 2 && !(len(fa) == 1 && len(fb) == 2) && !isGerund(fa[0]) && !isGerund(fb[0]) && !binomials[strings.ToLower(p)] &&
		!articleRE.MatchString(b+" ") && !pronoun[strings.ToLower(fb[0])] && len(a) > 3 && len(b) > 3 && nounish(fa) && nounish(fb) {
		return []string{a, b}
	}
	return []string{p}
}

// nounish: the words of a short phrase are letters only and none is a
// function word ("in", "to", "of"), so "hiking in Utah" or "trips to Rome"
// are not cut at their "and".
func nounish(ws []string) bool {
	for _, w := range ws {
		lw := strings.ToLower(w)
		if danglingPrep[lw] || auxVerb[lw] || pronoun[lw] || refWords[lw] {
			return false
		}
		for _, r := range lw {
			if (r < 'a' || r > 'z') && r != '-' {
				return false
			}
		}
	}
	return true
}

// binomials are fixed pairs of nouns that name one thing.
var binomials = map[string]bool{"rock and roll": true, "salt and pepper": true, "fish and chips": true,
	"bread and butter": true, "pen and paper": true, "peace and quiet": true, "arts and crafts": true,
	"hide and seek": true, "trial and error": true, "drum and bass": true, "mac and cheese": true,
	"rhythm and blues": true, "dungeons and dragons": true, "pros and cons": true, "law and order": true,
	"beauty and the beast": true, "cookies and cream": true, "strawberries and cream": true,
	// session 21: pairs that name one taste
	"salt and vinegar": true, "cheese and onion": true, "hot and sour": true, "sweet and sour": true,
	"country and western": true, "fruit and nut": true, "black and white": true, "r and b": true,
	"health and wellness": true, "food and drink": true, "arts and culture": true, "hustle and bustle": true,
	"ups and downs": true, "odds and ends": true, "bed and breakfast": true, "rise and shine": true,
	"wine and dine": true}

func isGerund(w string) bool {
	w = strings.ToLower(w)
	return len(w) > 4 && strings.HasSuffix(w, "ing") && !notGerund[w]
}

// notGerund are words ending in -ing that are nouns or adjectives.
var notGerund = map[string]bool{"thing": true, "things": true, "something": true, "nothing": true, "anything": true,
	"everything": true, "morning": true, "evening": true, "spring": true, "string": true, "king": true, "ring": true,
	"wedding": true, "building": true, "amazing": true, "interesting": true, "exciting": true, "during": true,
	"clothing": true, "ceiling": true, "pudding": true, "sibling": true, "darling": true, "ending": true}

// frequented places said as "my …" are where one goes ("my gym", "my
// bar", "my company" as often the employer): owned only when said so ("I
// own a gym", "we opened a cafe").
var frequented = map[string]bool{"gym": true, "bar": true, "cafe": true, "café": true, "salon": true,
	"restaurant": true, "company": true}

// frequentedAdj before a place say it is one's usual, not one's own ("my
// local store").
var frequentedAdj = map[string]bool{"local": true, "usual": true, "regular": true, "nearest": true,
	"neighborhood": true, "neighbourhood": true, "corner": true, "go-to": true}

// freeTimeCommaRE: "In my spare time, I read comics" is one clause for the
// free-time rule (the comma before "I" would otherwise start a new one).
var freeTimeCommaRE = regexp.MustCompile(`(?i)\b((?:in|during)\s+(?:my|our)\s+(?:free|spare|down|own)\s*time),\s+((?:i|we)\b)`)

// pastimeTailRE: words after an ongoing pastime that say how often, not
// what ("I've been reading a lot lately", "painting more").
var pastimeTailRE = regexp.MustCompile(`^(?:as\s+usual|as\s+always|a\s+bunch|a\s+lot|a\s+ton|more|lately|recently|again|so\s+much|every|each|daily|weekly|these\s+days|for\s|with\s|on\s|at\s|in\s|since\s|almost|nearly|non-stop|nonstop)`)

// notPastimeObj after a gerund make an idiom, not a pastime ("running
// late", "running low", "playing around").
var notPastimeObj = map[string]bool{"late": true, "low": true, "behind": true, "out": true, "around": true,
	"errands": true, "catch-up": true, "games": true, "along": true, "up": true, "down": true, "off": true}

// notPersonLike: "I'm a <word> person" that says what one is, not what one
// likes.
// tasteGirl are what "I'm a … girl/guy" says one likes: colours, drinks,
// foods, places to be.
var tasteGirl = setOf(`purple pink blue green red yellow orange gold silver coffee tea beer wine whisky whiskey cocktail pizza burger taco sushi pasta chocolate cake cheese dog cat horse beach mountain outdoors city sports gym book books music movie football soccer baseball basketball hockey`)

var notPersonLike = map[string]bool{"only": true, "people": true, "big": true, "little": true, "tough": true, "smart": true, "bad": true, "nice": true, "kind": true, "private": true, "shy": true,
	"different": true, "changed": true, "new": true, "better": true, "grown": true, "young": true, "old": true,
	"sensitive": true, "positive": true, "negative": true, "spiritual": true, "religious": true, "simple": true,
	"social": true, "visual": true, "practical": true, "logical": true, "creative": true, "quiet": true,
	"patient": true, "single": true, "real": true, "normal": true, "whole": true, "free": true, "lucky": true,
	"strong": true, "stubborn": true, "busy": true, "lazy": true, "tall": true, "short": true, "reserved": true,
	// a chronotype, not a liking: "I'm such a morning person"
	"morning": true, "night": true, "evening": true, "early": true, "day": true, "late-night": true}

// lightNouns after a light verb and an article say nothing kept ("take a
// look", "have a blast", "give it a shot"); "make an appointment" or
// "take a trip" do.
var lightNouns = map[string]bool{"look": true, "blast": true, "chance": true, "shot": true, "go": true, "try": true,
	"moment": true, "break": true, "breath": true, "step": true, "minute": true, "second": true, "rest": true,
	"nap": true, "peek": true, "listen": true, "stab": true, "crack": true, "ball": true, "difference": true,
	"good": true, "great": true, "best": true, "lot": true, "bit": true, "little": true, "few": true, "deep": true, "quick": true}

// trimTail drops words a removed time expression leaves dangling at the
// end of a claim ("playing guitar [about] five years ago").
func trimTail(p string) string {
	for {
		l := strings.ToLower(lastWord(p))
		if l == "" || !(danglingPrep[l] || trailingConj[l] || l == "around" || l == "roughly" || l == "nearly" ||
			l == "almost" || l == "over" || l == "some" || l == "since" || l == "ever") {
			return p
		}
		p = strings.TrimSpace(p[:len(p)-len(lastWord(p))])
	}
}

var ownableRE = regexp.MustCompile(`^` + ownables + `$`)

// newClauseVerbs after "and" start a new clause of the same subject, not
// a second object ("strategy games and wanted to …"); an adjective in -ed
// ("chocolate and mixed berry flavors") does not.
var newClauseVerbs = map[string]bool{"wanted": true, "want": true, "decided": true, "realized": true,
	"realised": true, "started": true, "tried": true, "thought": true, "felt": true, "found": true, "went": true,
	"got": true, "made": true, "learned": true, "learnt": true, "hope": true, "hoped": true, "need": true,
	"needed": true, "can't": true, "couldn't": true, "would": true, "will": true}

// learningRE opens an object that is what is being learnt about.
var learningRE = regexp.MustCompile(`(?i)^(?:getting\s+to\s+know|learning\s+(?:more\s+)?about|exploring|discovering)\s+`)

// playedPartRE: "play" as a part in a show, or against a team: no game.
var playedPartRE = regexp.MustCompile(`(?i)\b(?:role|part|character|lead|in\s+the\s+(?:play|show|musical|film|movie)|against|tonight|tomorrow|next\s+(?:week|game|season)|at\s+home|away)\b`)
