package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Rules for chat that is not LoCoMo (session 15): what a member says in
// passing to an assistant, texting between friends, getting-to-know-you
// chat and catch-ups months apart (testdata/outside_chat.jsonl, README
// there). Each rule goes through clause.mode like every rule (questions,
// second person, conditions, hedges, negation); introFacts, a turn-wide
// reading, skips questions itself. Each has positive and negative cases in
// outside_rules_test.go.

// workplaces are the places one works at that "quit the …" leaves as a
// job (not "quit the gym", "quit the band").
const workplaces = `(?:agency|company|firm|bank|cafe|café|restaurant|bar|store|shop|startup|start-up|office|factory|warehouse|hospital|clinic|school|call\s+cent(?:er|re)|bakery|salon|hotel|supermarket|studio|lab|newspaper|magazine|council|ministry|department|practice)`

// workplaceHeadRE: a workplace named by what it is ("an edtech company",
// "a small law firm").
var workplaceHeadRE = regexp.MustCompile(`(?i)^(?:(?:an?|the|this|that|my)\s+)?(?:[\w-]+\s+){0,3}` + workplaces + `\b`)

// namedEmployer reports whether what follows "a job with" names an
// employer: a name ("Deloitte") or a workplace ("an edtech company"), not
// "benefits" or "a great team" (session 28).
func namedEmployer(s string) bool {
	s = strings.TrimSpace(s)
	return isCapital(s) || workplaceHeadRE.MatchString(s)
}

// allergyHead: "a peanut allergy", "a bad nut allergy".
const allergyHead = `(?i:\s+(?:a\s+(?:bad|mild|severe|serious|real|proper|slight|bit\s+of\s+an?)|an\s+(?:awful|annoying)|an?)\s+)([a-z]+(?:\s+[a-z]+)?)(?i:\s+allerg(?:y|ies))\b`

// jobVehicles are the vehicles a driver is named by ("I drive a bus" →
// bus driver): what one drives for a living, not a car one owns; a truck
// or a van only when said to be for a living (drivenForWork).
var (
	jobVehicles   = setOf(`bus lorry taxi cab forklift ambulance tram train uber lyft`)
	workVehicles  = setOf(`truck van`)
	drivenForWork = regexp.MustCompile(`(?i)\b(?:for\s+a\s+living|for\s+work|at\s+work|for\s+(?:a|an|the)\s+(?:[\w-]+\s+)?(?:company|firm|living))\b`)
)

// onInRE: where a role is done, after the role ("on a ward", "in
// Lewisham", "with the council").
var onInRE = regexp.MustCompile(`\s(?:on|in|with)\s`)

// stillInNot: what makes "back in X" a visit or a time, not a home.
var stillInNot = regexp.MustCompile(`(?i)\b(?:for\s+(?:a|the|work|business|vacation|holiday|the\s+weekend|a\s+few|two|three|\d)|visiting|on\s+(?:vacation|holiday|business)|this\s+week|for\s+now|the\s+day|the\s+days|the\s+\d|school|time|town|action|shape|business|the\s+game|bed|love|touch)\b`)

func init() {
	rules = append(rules,
		// "I've been a nurse for 10 years", "I have been a teacher since
		// 2015": a role held from then till now. Without the span it may be
		// one of several past ones ("I've been a waiter, a cook, a driver").
		r(`(?i:\b(?:i've|ive|i\s+have)\s+(?:now\s+|also\s+|actually\s+|officially\s+)?been\s+(?:an?)\s+)([a-z][^,.;!?]*?)(?i:\s+(?:for|since)\s+(?:over\s+|almost\s+|nearly\s+|about\s+|like\s+|the\s+(?:last|past)\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|many|several|a\s+few|a\s+couple|years|ages|decades|\d{4}|last|january|february|march|april|may|june|july|august|september|october|november|december|college|school|uni|university|graduation)\b)`, 1, func(c *clause, m []string) {
			j, at, _ := strings.Cut(strings.TrimSpace(m[1]), " at ")
			if !job(jobHead(j)) {
				// "a nurse on a dementia unit in Lewisham": the role before
				// where it is done
				if k := onInRE.FindStringIndex(j); k != nil {
					j = j[:k[0]]
				}
			}
			j = jobHead(j)
			if jw := strings.Fields(strings.ToLower(j)); len(jw) == 0 || notNowJob[jw[0]] || !job(j) {
				return // "I've been a fan for years", "a member since 2019"
			}
			c.add(c.speaker, "job_title", j, World, confFirst-8)
			// "I've been a nurse at St Mary's for 10 years": the place too
			if o := employer(at); o != "" {
				c.add(c.speaker, "works_at", o, World, confFirst-8)
			}
		}),
		// "Ava is obsessed with pasta", "Tom's really into chess": a named
		// person's liking, as "Tom loves chess" is.
		r(subj+`(?i:\s+is|'s)(?i:\s+(?:so|totally|completely|really|super|kind\s+of|kinda|absolutely|just|still|now))*(?i:\s+(?:obsessed\s+with|into|crazy\s+about|passionate\s+about|hooked\s+on|in\s+love\s+with))\s+(.+)`, 2, func(c *clause, m []string) {
			n := third(c, m[1], strings.HasPrefix(c.text, m[1]))
			if n == "" || intoPlight(m[2]) {
				return
			}
			for _, p := range splitGerunds(object(m[2])) {
				c.add(n, "likes", p, World, confThird-6)
			}
		}),
		// "I have a peanut allergy", "Ava has a bad nut allergy": an allergy
		// said by its noun.
		r(fp+aux+`(?i:\s+(?:have|has|got|'ve\s+got|have\s+got))`+allergyHead, 1, func(c *clause, m []string) {
			if a := strings.ToLower(m[1]); !jokeAllergy(a) && !vague[a] && !notAllergen[strings.Fields(a)[0]] {
				c.add(c.speaker, "allergic_to", a, World, confFirst-4)
			}
		}),
		r(subj+`(?i:\s+(?:has|had|'s\s+got|has\s+got))`+allergyHead, 2, func(c *clause, m []string) {
			n := third(c, m[1], strings.HasPrefix(c.text, m[1]))
			if a := strings.ToLower(m[2]); n != "" && !jokeAllergy(a) && !vague[a] && !notAllergen[strings.Fields(a)[0]] {
				c.add(n, "allergic_to", a, World, confThird)
			}
		}),
		// "I got engaged to Sam" (and "Mairi and I got engaged", rewritten
		// so, engagedWithRE): the one named is the partner, known name or
		// not (the engagement itself is read elsewhere).
		r(fp+aux+`(?i:\s+(?:got|are|'re|am|'m)\s+engaged\s+to)\s+`+nm, 1, func(c *clause, m []string) {
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") {
				c.add(c.speaker, "partner", n, World, confFirst-6)
			}
		}),
		// "I need help planning a trip to Japan", "help me plan our
		// honeymoon to Peru": the member's own trip, asked about.
		r(`(?i:\bhelp\s+(?:me\s+|us\s+)?(?:with\s+)?(?:plan|planning|book|booking|organi[sz]e|organi[sz]ing)\s+(?:a|my|our|the)\s+(?:[\w-]+\s+){0,2}(?:trip|vacation|holiday|honeymoon|getaway|visit)\s+to)\s+(.+)`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && plausiblePlace(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+6)
			}
		}),
		// "I'm a vet tech in Ohio", "i'm a librarian in reykjavik": a job
		// said with its town says where one lives.
		r(fpbe+`(?i:\s+(?:an?|the)\s+)((?:[\w-]+\s+){0,2}[\w-]+)(?i: in )\s*(.+)`, 2, func(c *clause, m []string) {
			if c.neg || c.fore || !job(m[1]) || notNowJob[strings.ToLower(strings.Fields(m[1])[0])] {
				return
			}
			if p := place(m[2]); p != "" && plausiblePlace(p) {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
		// "I drive a bus in Lagos", "i tutor on weekends": a job said by
		// its verb.
		r(fp+aux+`(?i:\s+drive\s+(?:an?|the)\s+)((?i:[a-z]+))\b`, 1, func(c *clause, m []string) {
			if v := strings.ToLower(m[1]); (jobVehicles[v] || workVehicles[v] && drivenForWork.MatchString(c.raw)) && !c.neg && !c.fore {
				c.add(c.speaker, "job_title", v+" driver", World, confLoose)
			}
		}),
		r(fp+aux+`\s+((?i:tutor|babysit|nanny|bartend|waitress|freelance))\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			v := strings.ToLower(m[1])
			switch v {
			case "babysit":
				v = "babysitter"
			case "bartend":
				v = "bartender"
			case "freelance":
				v = "freelancer"
			}
			c.add(c.speaker, "job_title", v, World, confLoose)
		}),
		// "Working at my dad's restaurant for now", "just finished a
		// shift at the library": where one works, with no subject.
		r(`(?i:^(?:(?:still|now|currently|just)\s+)?working\s+(?:at|for)\s+)(.+)`, 1, func(c *clause, m []string) {
			if gerundSubjectRE.MatchString(c.text) {
				return // "Working for Google must be amazing": a subject, not a job
			}
			if o := org(m[1]); o != "" && !pronoun[strings.ToLower(o)] && !c.neg && !c.fore {
				c.add(c.speaker, "works_at", o, World, confLoose-4)
			}
		}),
		// A shift at a place, of whatever kind and however many: "did a
		// closing shift at the bar", "I'm on a 12-hour shift at the
		// Walsgrave", "i picked up more shifts at the bakery", "I have a
		// shift at the pharmacy", "shift at the clinique and then …"
		// (session 26 widened it).
		r(`(?i:(?:^|\b(?:i|we|i'm|im|we're|i've|ive|we've|i\s+am)\s+)(?:just\s+|also\s+|still\s+)?(?:finished|started|did|worked|working|pulled|doing|do|have|had|got|picked\s+up|pick\s+up|picking\s+up|on)\s+(?:(?:a|an|my|another|the|more|some|extra|few|\d+-?(?:hour|hr)|long|late|double|early|night|closing|opening|day|morning|evening|weekend|saturday|sunday|friday|overnight|graveyard|rotating|split)\s+)+shifts?\s+at\s+|^shifts?\s+at\s+)(.+)`, 1, func(c *clause, m []string) {
			if o := org(strings.TrimPrefix(m[1], "my ")); o != "" && !pronoun[strings.ToLower(o)] && !c.neg && !c.fore && !unicode.IsDigit([]rune(o)[0]) && !knownPlace(o) {
				c.add(c.speaker, "works_at", o, World, confLoose-4)
			}
		}),
		// "I quit the agency", "quit the bike delivery thing": a job left
		// ("left the office" is an evening, not a job).
		r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|officially\s+)?quit\s+(?:the|my)\s+)((?:[\w-]+\s+){0,2}(?:`+workplaces+`|job|gig|delivery\s+thing|job\s+at\s+[\w'-]+(?:\s+[\w'-]+)?))\b`, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			if strings.Contains(" "+strings.ToLower(m[1])+" ", " at ") {
				return
			}
			o := strings.TrimSuffix(strings.TrimSpace(m[1]), " thing")
			if at, ok := strings.CutPrefix(strings.ToLower(o), "job at "); ok {
				o = o[len(o)-len(at):]
			}
			if strings.EqualFold(o, "job") || strings.EqualFold(o, "gig") {
				return // "my job" alone: the loss rules say it
			}
			c.neg = true
			c.add(c.speaker, "works_at", o, World, confLoose)
		}),
		// "i work 3 nights a week 7p to 7a at Sunnybrook", "I've gone part
		// time at the pharmacy": where one works, with when said first.
		r(fp+aux+`(?i:\s+(?:work\s+(?:(?:\d+|a|an|one|two|three|four|five|six|nights?|days?|evenings?|mornings?|weekends?|shifts?|week|weeks|part[- ]time|full[- ]time|to|till|until|from|[0-9:]+\s*[ap]m?)\s+){1,8}|(?:went|gone|going)\s+part[- ]time\s+)at\s+)(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if atNotPlaceRE.MatchString(m[1]) {
				return // "I work nights at times"
			}
			if o := org(m[1]); o != "" && !pronoun[strings.ToLower(o)] && !strings.HasPrefix(o, "\x01") {
				c.add(c.speaker, "works_at", o, World, confFirst-10)
			}
		}),
		// "Still in Glasgow", "I'm back in Belo Horizonte": where one lives.
		r(`(?:^|,\s*)(?i:(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?:still|back)\s+(?:living\s+)?in)\s+(.+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if lead := strings.ToLower(strings.TrimLeft(m[0], ", ")); strings.HasPrefix(lead, "back") || usedToRE.MatchString(c.text) {
				return // "Back in Tokyo, the trains were on time": then, not now
			}
			rest := m[1]
			if i := strings.IndexAny(rest, ",;"); i >= 0 {
				rest = rest[:i] // "still in Istanbul, still teaching at the high school"
			}
			if stillInNot.MatchString(rest) {
				return
			}
			if p := place(rest); p != "" && plausiblePlace(p) && strings.HasPrefix(strings.TrimSpace(rest), p) {
				c.add(c.speaker, "lives_in", p, World, confLoose-6)
			}
		}),
		// "Ava is 5 and Mira is 2": a named person's age, said bare.
		// A name the lexicon lacks is taken for a child's only below 18,
		// and not after a preposition, where it is a place ("the residence
		// in Funes is 1.2 million"); stopWords keeps out "Older", "Mine".
		r(`(`+nameRE+`)(?i:(?: is |'s ))(\d{1,2}|`+spelledAge+`)(?i:\s+(?:years?\s+old|yrs?\s+old|now))?(?:\s*$|\s*[,;]|\s+and\b)`, 2, func(c *clause, m []string) {
			if strings.Contains(m[0], "'s ") && !isDigits(m[2]) {
				return // "Tom's seven …" may be his seven of anything; "Maddie's 15" is read
			}
			m[2] = ageDigits(m[2])
			n := third(c, m[1], true)
			if a, _ := strconv.Atoi(m[2]); n == "" && a > 0 && a < 18 && !afterPreposition(c.raw, m[1]+" is ") {
				n = unlistedPerson(m[1]) // "Vira is 11": a child, by a name the lexicon lacks
			}
			if n == "" || c.neg || c.fore {
				return
			}
			c.add(n, "age", m[2], World, confThird-8)
		}),
		// "i have three cats and a one-eyed pug named waffles": a second
		// pet named in the same breath.
		r(fp+aux+`(?i:\s+(?:have|has|got|adopted|own|rescued|'ve\s+got))\b.*?(?i:\band\s+(?:an?|another|one)\s+(?:[\w-]+\s+){0,2}?)([a-zA-Z]+)(?i:\s+(?:named|called))\s+`+nm, 2, func(c *clause, m []string) {
			if !isPet(m[1]) || c.neg || c.fore {
				return
			}
			if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") {
				c.add(c.speaker, "has_pet", n, World, confLoose)
			}
		}),
		// "We moved from Ohio to Texas": where one lives now is the place
		// moved to (the move is the lives_in fact, as for "moved to").
		r(fp+aux+`(?i:\s+(?:moved|relocated|emigrated))\s+(?i:from)\s+(?:the\s+)?`+nm+`(?i:\s+to)\s+(.+)`, 2, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			if p := place(m[2]); p != "" {
				c.add(c.speaker, "lives_in", p, World, confFirst-3)
			}
		}),
		// "I drive a bus in Lagos": a job done in a town is done where one
		// lives, as "I'm a nurse in Denver".
		r(fp+aux+`(?i:\s+drive\s+(?:an?|the)\s+)((?i:[a-z]+))(?i:\s+in)\s+(.+)`, 2, func(c *clause, m []string) {
			if c.neg || c.fore || !jobVehicles[strings.ToLower(m[1])] {
				return
			}
			if p := place(m[2]); p != "" && plausiblePlace(p) {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
		// "We're trying to save for a car", "saving up for a house": a goal
		// with its object is a plan.
		r(fp+aux+`(?i:\s+(?:trying\s+to\s+)?(?:save|saving)\s+(?:up\s+)?(?:money\s+)?for\s+)((?i:a|an|our|my|the)\s+.+)`, 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			if p := object(m[1]); p != "" && len(strings.Fields(p)) <= 4 {
				c.fore = true
				c.add(c.speaker, "plans", "save for "+strings.ToLower(cut(m[1])), Foresight, confPlan)
			}
		}),
		// "Bristol, where we used to live": a home left.
		r(`(`+nameRE+`)(?i:,?\s+where\s+(?:i|we)\s+used\s+to\s+live)\b`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && plausiblePlace(p) {
				c.neg = true
				c.add(c.speaker, "lives_in", p, World, confLoose)
			}
		}),
		// "I'd rather die than do council planning": a strong dislike.
		r(fp+`(?i:'d|\s+would)(?i:\s+(?:honestly|literally|genuinely))?\s+(?i:rather\s+(?:die|eat\s+glass|be\s+dead|walk\s+on\s+hot\s+coals)\s+than)\s+(.+)`, 0, func(c *clause, m []string) {
			o := m[1]
			if ws := strings.Fields(o); len(ws) > 1 && (strings.EqualFold(ws[0], "do") || strings.EqualFold(ws[0], "go")) {
				o = strings.Join(ws[1:], " ") // "than do council planning"
			}
			p := object(o)
			if p != "" && !c.neg {
				c.add(c.speaker, "dislikes", p, World, confPref)
			}
		}),
		// "I'm going back to school next year": a plan.
		r(fpbe+aux+`(?i:\s+(?:going|heading|headed)\s+back\s+to\s+(school|college|uni|university|grad\s+school))\b`, 1, func(c *clause, m []string) {
			if !c.neg {
				c.fore = true
				c.add(c.speaker, "plans", "go back to "+strings.ToLower(m[1]), Foresight, confPlan)
			}
		}),
		// "I'm going home to Hanoi for Tet": a trip.
		r(fpbe+aux+`(?i:\s+(?:going|heading|flying|headed)\s+(?:back\s+)?home\s+to)\s+(.+)`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && plausiblePlace(p) && !c.neg {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+6)
			}
		}),
		// "found a flat in Graça", "my rent in Marchmont is criminal": where
		// one's home is, is where one lives.
		r(`(?i:(?:^|\b(?:i|we|i've|we've)\s+)(?:just\s+|finally\s+)?(?:found|rented|bought|got)\s+(?:a|an|our|my)\s+(?:(?:new|little|tiny|small|nice|cute|lovely|cheap)\s+)?(?:flat|apartment|house|condo|place|studio\s+flat)\s+in)\s+(.+)`, 1, func(c *clause, m []string) {
			if stillInNot.MatchString(m[1]) || holidayRE.MatchString(c.raw) {
				return // "we rented a house in Cornwall for the week"
			}
			if p := place(m[1]); p != "" && plausiblePlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
		r(`(?i:\b(?:my|our)\s+(?:(?:new|little|tiny|small|old)\s+)?(?:flat|apartment|house|condo|rent|neighbou?rhood|street)\s+in)\s+(.+)`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && plausiblePlace(p) && !c.neg && !c.fore && !usedToRE.MatchString(c.text) {
				c.add(c.speaker, "lives_in", p, World, confLoose-6)
			}
		}),
		// "32 years old and back in my childhood bedroom": an age said with
		// no subject at the start of a sentence.
		rule{re: regexp.MustCompile(`^(\d{1,2})(?i:\s+(?:years?\s+old|yrs?\s+old|y/o|yo))(?:\s*$|\s*[,;!.]|(?i:\s+(?:and|now|lol|haha|btw|here|&)\b))`), claim: 1, raw: true, fn: func(c *clause, m []string) {
			// not "82 yr old in bed 4 decided to …": someone described
			c.add(c.speaker, "age", m[1], World, confLoose)
		}},
		// "my sister Bia had a baby in December": a named person's child.
		r(subj+`(?i:\s+(?:just\s+|finally\s+)?(?:had|welcomed|gave\s+birth\s+to))\s+((?i:a|an|her|his|their)\s+(?:(?:first|second|third|new|beautiful|healthy|little)\s+)*(?i:baby(?:\s+(?:girl|boy))?|son|daughter|child|twins))\b`, 2, func(c *clause, m []string) {
			n := third(c, m[1], strings.HasPrefix(c.text, m[1]))
			if i := strings.Index(c.text, m[0]); i >= 0 {
				if rest := strings.Fields(strings.ToLower(c.text[i+len(m[0]):])); len(rest) > 0 && babyThings[strings.Trim(rest[0], `"',.!;:`)] {
					return // "had a baby shower"
				}
			}
			if p := object(m[2]); n != "" && p != "" && !c.neg && !c.fore {
				c.add(n, "had_child", p, Experience, confThird-6)
			}
		}),
		// "I broke up with Sam", "Mo and I broke up" (rewritten so,
		// splitWithRE), "Helena and I are separating": a partner no more.
		r(fp+aux+`(?i:\s+(?:broke\s+up|split\s+up|separated|separating|got\s+divorced|divorced|ended\s+it|ended\s+things|called\s+it\s+off)\s+(?:with|from)?)\s*`+nm, 1, func(c *clause, m []string) {
			// one breaks up with a person, so a town's name is a person's
			// here ("Helena")
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !c.fore {
				c.neg = true
				c.add(c.speaker, "partner", n, World, confFirst-10)
			}
		}),
		// "Sizwe and I moved in together", "Mathis and I are expecting"
		// (rewritten "I moved in together with Sizwe", togetherRE): the one
		// named is the partner.
		rawRule(fp+`(?i:\s+(?:just\s+|finally\s+|officially\s+|recently\s+)?(?:moved\s+in\s+together|are\s+expecting|got\s+married|are\s+getting\s+married|are\s+engaged|are\s+dating|started\s+dating|have\s+been\s+together|'ve\s+been\s+together)\s+with)\s+`+nm, 1, func(c *clause, m []string) {
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !lexPlaces.has(n) && !c.neg && !c.fore {
				c.add(c.speaker, "partner", n, World, confLoose-2)
			}
		}),
		// "I started dating Renata", "I've been seeing Tomás": the partner.
		rawRule(fp+aux+`(?i:\s+(?:started\s+dating|started\s+seeing|been\s+dating|been\s+seeing|dating|seeing))\s+`+nm, 1, func(c *clause, m []string) {
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !lexPlaces.has(n) && !c.neg && !c.fore && !strings.Contains(n, " ") {
				c.add(c.speaker, "partner", n, World, confLoose-4)
			}
		}),
		// "I'm seeing someone": a partner not yet named ("I met someone
		// special at the shelter" is no partner)
		// (relativeNamedLater names them: "His name is Olumide").
		rawRule(fp+aux+`(?i:\s+(?:seeing|dating)\s+someone)(?:\s*$|\s*[,.!]|\s+(?:new|special|amazing|nice|great))`, 0, func(c *clause, m []string) {
			if !c.neg && !c.fore {
				c.add(c.speaker, "partner", unnamedRelative(c.speaker, "partner"), World, confLoose-6)
			}
		}),
		// "We broke up in March", "we called it off in December", "I just
		// got out of a six year relationship": a partner no more, unnamed.
		rawRule(`(?i:^(?:(?:nah|yeah|well|so|and|but|um|honestly)[,\s]+)*(?:we|we've|we\s+have|we\s+just|we\s+finally)\s+(?:just\s+|finally\s+|officially\s+)?(?:broke\s+up|split\s+up|separated|got\s+divorced|divorced|ended\s+it|ended\s+things|called\s+it\s+off))(?:\s+(?:in|last|this|on|a|after|before|two|three|four|five|six|over)\b.*)?\s*$`, 0, func(c *clause, m []string) {
			if !c.fore {
				c.neg = true
				c.add(c.speaker, "partner", unnamedRelative(c.speaker, "partner"), World, confLoose-6)
			}
		}),
		rawRule(fp+aux+`(?i:\s+(?:got|came)\s+out\s+of\s+(?:a|my)\s+(?:[\w-]+\s+){0,3}(?:relationship|marriage))\b`, 0, func(c *clause, m []string) {
			if !c.fore && !c.neg {
				c.neg = true
				c.add(c.speaker, "partner", unnamedRelative(c.speaker, "partner"), World, confLoose-6)
			}
		}),
		// "I'm going to propose to Andreea in May", "I proposed to Jonas":
		// the one proposed to is the partner, whether the proposal is made
		// or planned.
		rawRule(fp+aux+`(?i:\s+(?:propose|proposed|proposing)\s+to)\s+`+nm, 1, func(c *clause, m []string) {
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !lexPlaces.has(n) && !c.neg && !condRE.MatchString(c.raw) {
				c.neg, c.fore = false, false
				c.add(c.speaker, "partner", n, World, confLoose-4)
			}
		}),
		// "I'm on nights all this week at the ambulance station", "back to
		// night shifts at the hospital": where one works shifts.
		r(`(?i:(?:\b(?:i'm|i\s+am|im)\s+(?:back\s+)?on|^(?:back\s+)?(?:to\s+)?(?:on\s+)?)\s*`+workShifts+`(?:\s+all)?(?:\s+(?:this|next|the\s+whole)\s+(?:week|month|weekend))?(?:\s+(?:on|in)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)?\s+at)\s+(.+)`, 1, func(c *clause, m []string) {
			if shiftsSaidRE.MatchString(m[1]) {
				return // "nights at Pari were no joke": the shifts are what is spoken of
			}
			if o := shiftSpanRE.ReplaceAllString(employer(m[1]), ""); o != "" && !c.neg && !c.fore && !personWord(o) {
				c.add(c.speaker, "works_at", o, World, confLoose-6)
			}
		}),
		// "being on nights as an ICU nurse", "my job as a nurse": the job.
		r(`(?i:\b(?:being|my\s+(?:job|work|career|shifts?|years?)|working|work|shifts?)\b(?:\s+[\w']+){0,3}?\s+as\s+an?\s+)([\w-]+(?:\s+[\w-]+){0,2})`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.subjects != nil && strings.Contains(c.text, "\x01") || toWorkRE.MatchString(c.text) || !selfStartRE.MatchString(c.text) {
				return // "I'm coming to work as a physio": ahead; "She's working as a nurse": hers
			}
			ws := strings.Fields(m[1])
			for n := len(ws); n >= 1; n-- {
				if j := strings.Join(ws[:n], " "); job(j) {
					c.add(c.speaker, "job_title", j, World, confLoose)
					return
				}
			}
		}),
		// "I work in IT support at the university": the field, then where.
		r(fp+aux+`(?i:\s+work\s+in\s+)((?:[\w-]+\s+){1,3}?)(?i:at|for)\s+(.+)`, 2, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if o := org(m[2]); o != "" && !pronoun[strings.ToLower(o)] {
				c.add(c.speaker, "works_at", o, World, confFirst-8)
			}
		}),
		// "I'm a sound designer for a podcast company": where the job is.
		r(fpbe+`(?i:\s+(?:an?)\s+)((?:[\w-]+\s+){0,2}[\w-]+)(?i:\s+for\s+)((?i:an?|the)\s+(?:[\w-]+\s+){0,2}(?i:company|firm|agency|startup|start-up|bank|studio|charity|nonprofit|non-profit|newspaper|magazine|hospital|school|university|council|brand|restaurant|store|shop|lab))\b`, 2, func(c *clause, m []string) {
			if c.neg || c.fore || !job(m[1]) || notNowJob[strings.ToLower(strings.Fields(m[1])[0])] {
				return // "I'm a former designer for a fashion brand"
			}
			c.add(c.speaker, "works_at", strings.ToLower(articleRE.ReplaceAllString(m[2], "")), World, confLoose)
		}),
		// "I'm renting a small apartment in Batel": a home.
		r(fpbe+aux+`(?i:\s+(?:renting|sharing|subletting)\s+(?:a|an|my|our)\s+(?:(?:new|little|tiny|small|nice|cute|cheap|big)\s+)?(?:flat|apartment|house|condo|place|room|studio)\s+in)\s+(.+)`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && plausiblePlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
		// "I handed in my notice at Barclays", "I gave my notice at the
		// bakery": a job being left.
		r(`(?i:\b(?:(?:i|we)\s+)?(?:just\s+|finally\s+)?(?:(?:handed|put|gave|turned)\s+in|gave|(?:'ve|have)\s+given)\s+my\s+(?:two\s+weeks'?\s+)?(?:notice|resignation)\s+at\s+)(.+)`, 1, func(c *clause, m []string) {
			if o := org(m[1]); o != "" && !pronoun[strings.ToLower(o)] && !c.fore {
				c.neg = true // the notice ends it
				c.add(c.speaker, "works_at", o, World, confLoose-4)
			}
		}),
		// "started the Open University psychology degree", "I'm doing a law
		// degree": what one studies (a course is as often a pastime: "a
		// woodworking course").
		r(fp+aux+`(?i:\s+(?:started|starting|doing|began|finishing|studying\s+for))\s+(?i:(?:a|an|the|my)\s+)(?:[\w'-]+\s+){0,3}?([a-z]+)(?i:\s+(?:degree|diploma|masters?|phd|ba|bsc|msc))\b`, 1, func(c *clause, m []string) {
			f := strings.ToLower(m[1])
			if notField[f] || c.neg {
				return
			}
			c.add(c.speaker, "studies", f, World, confLoose-4)
		}),
		// "they made me senior scientist": a promotion and the new title.
		r(`(?i:\b(?:they|the\s+company|my\s+boss|work)\s+(?:just\s+|finally\s+)?(?:made|named|appointed)\s+me\s+(?:the\s+|a\s+|an\s+)?)([\w-]+(?:\s+[\w-]+){0,2})`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			ws := strings.Fields(m[1])
			for n := len(ws); n >= 1; n-- {
				if j := strings.Join(ws[:n], " "); job(j) {
					c.add(c.speaker, "job_title", strings.ToLower(j), World, confLoose)
					c.add(c.speaker, "promoted", strings.ToLower(j), Experience, confEvent)
					return
				}
			}
		}),
		// "I retire in August": a plan with its date.
		r(fp+aux+`(?i:\s+(?:retire|retiring))\b`, 0, func(c *clause, m []string) {
			if !c.neg && c.hasDate {
				c.fore = true
				c.add(c.speaker, "plans", "retire", Foresight, confPlan)
			}
		}),
		// "my 7yo is obsessed with owls", "my 4 year old loves dinosaurs":
		// a child named by its age.
		r(`(?i:\bmy\s+(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:-|\s)?(?:yo|y/o|year[- ]old|yr[- ]old|month[- ]old))(?:\s*$|\s*[,.!?;]|(?i:\s+(?:is|was|has|had|loves|likes|hates|just|keeps|asks|asked|wants|won't|can't|doesn't|does|started|says|said|and|who|will|got|gets|goes|went|thinks|still|already|refuses|refused)\b))`, 0, func(c *clause, m []string) {
			// not "my 2 year old laptop": an age said of a thing
			c.add(c.speaker, "child", displayName(c.speaker)+"'s child", World, confLoose)
		}),
		// "married with twin boys": the speaker's sons.
		r(`(?i:\bmarried\s+with\s+(?:twin|two|three|four|\d|a\s+couple\s+of|little)?\s*)(boys|girls|sons|daughters)\b`, 1, func(c *clause, m []string) {
			key := "son"
			if w := strings.ToLower(m[1]); w == "girls" || w == "daughters" {
				key = "daughter"
			}
			c.add(c.speaker, key, displayName(c.speaker)+"'s "+key+"s", World, confLoose)
		}),
		// "Tom is studying law", "my cousin Deniz is studying architecture":
		// what a named person studies.
		r(subj+`(?i:\s+is\s+(?:now\s+|still\s+|currently\s+)?studying|\s+studies)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)`, 2, func(c *clause, m []string) {
			n := third(c, m[1], strings.HasPrefix(c.text, m[1]))
			f := strings.TrimSpace(orgCutRE.ReplaceAllString(m[2]+" ", ""))
			if n == "" || f == "" || c.neg || c.fore || vague[strings.ToLower(strings.Fields(f)[0])] || notStudied[strings.ToLower(strings.Fields(f)[0])] || articleRE.MatchString(f+" ") {
				return
			}
			c.add(n, "studies", f, World, confThird-6)
		}),
	)
}

// atNotPlaceRE: what "at" starts that is no place ("at times", "at home").
var atNotPlaceRE = regexp.MustCompile(`(?i)^(?:times|night|nights|the\s+moment|all|least|first|last|once|home|work|most|best|worst|my\s+own\s+pace|weekends)\b`)

// selfStartRE: a clause about the speaker, by its start.
var selfStartRE = regexp.MustCompile(`(?i)^(?:(?:and|but|so|also|now|still|just)\s+)*(?:i\b|i'm|i've|we\b|we're|my\b|being\b|working\b|work\b)`)

// toWorkRE: work as something still ahead ("coming to work as", "want to
// work as").
var toWorkRE = regexp.MustCompile(`(?i)\bto\s+(?:work|be\s+working)\s+as\b`)

// notField are the words before "degree" that name no field.
var notField = setOf(`bachelor bachelors master masters new first second online university college honours honors part-time full-time year uni 's undergrad undergraduate graduate postgraduate
	my a an the this that his her our their time last of`)

// notAllergen are the words before "allergy" that name no allergen ("a
// mild allergy", "a few allergies").
var notAllergen = setOf(`mild severe few lot couple weird food seasonal bad slight serious real proper little small big strange`)

// holidayRE: a stay, not a home ("rented a house in Cornwall for the
// week").
var holidayRE = regexp.MustCompile(`(?i)\bfor\s+(?:the|a|two|three|\d+)\s+(?:week|weeks|weekend|days?|nights?|holidays?|summer)\b|\b(?:holiday|vacation|trip|getaway|airbnb)\b`)

// splitWithRE: "Mo and I broke up" → "I broke up with Mo".
var splitWithRE = regexp.MustCompile(`(^|[,;]\s*|\b(?:and|but|so|nah|yeah)\s+)(` + nameRE + `)\s+(?:and|n|&)\s+(?:I|i|me)\s+((?:just|finally|officially)\s+)?(broke\s+up|split\s+up|separated|are\s+separating|got\s+divorced|divorced|ended\s+it|ended\s+things|called\s+it\s+off)\b`)

// meAndSplitRE: "since me and Damián broke up" → "since I broke up with
// Damián".
var meAndSplitRE = regexp.MustCompile(`(^|[,;]\s*|\b(?i:and|but|so|since|after|when|until|nah|yeah)\s+)(?:me|Me|I|i)\s+(?:and|n|&)\s+(` + nameRE + `)\s+((?:just|finally|officially)\s+)?(broke\s+up|split\s+up|separated|are\s+separating|got\s+divorced|divorced|ended\s+it|ended\s+things|called\s+it\s+off)\b`)

// engagedWithRE: "Mairi and I got engaged" → "I got engaged to Mairi".
var engagedWithRE = regexp.MustCompile(`(^|[,;]\s*|\b(?:and|but|so|yeah)\s+)(` + nameRE + `)\s+(?:and|n|&)\s+(?:I|i|me)\s+((?:just|finally|officially)\s+)?got\s+engaged\b`)

// togetherRE: "Sizwe and I moved in together" → "I moved in together with
// Sizwe", so the clause keeps the name its "I" would split off.
var togetherRE = regexp.MustCompile(`(^|[,;:]\s*|\b(?:and|but|so|also|news)\s+)(` + nameRE + `)\s+(?:and|n|&)\s+(?:I|i|me)\s+((?:just|finally|officially|recently)\s+)?(moved\s+in\s+together|are\s+expecting|got\s+married|are\s+getting\s+married|are\s+engaged|are\s+dating|started\s+dating|have\s+been\s+together|'ve\s+been\s+together)\b`)

// meAndEngagedRE: "me n Callum got engaged" → "I got engaged to Callum".
var meAndEngagedRE = regexp.MustCompile(`(^|[,;]\s*|\b(?i:and|but|so|yeah)\s+)(?:me|Me)\s+(?:and|n|&)\s+(` + nameRE + `)\s+((?:just|finally|officially)\s+)?got\s+engaged\b`)

// plausiblePlace reports whether p, read where a place is expected, can
// be one: a place of the lexicon, or a capitalised name that is no month,
// weekday or nationality and not an acronym ("in ICU"). The names lexicon
// is no test: it holds towns WordNet lacks ("Edinburgh").
func plausiblePlace(p string) bool {
	if knownPlace(p) {
		return true
	}
	ws := strings.Fields(p)
	if len(ws) == 0 || len(ws) > 4 || p == strings.ToUpper(p) || isStopName(ws[0]) {
		return false
	}
	r := []rune(ws[0])
	return unicode.IsUpper(r[0]) && !lexNationalities.has(ws[0])
}

// knownPlace reports whether p is a place of the lexicon (a country, a
// city, a region), not just any capitalised word.
func knownPlace(p string) bool {
	return isPlace(p) || isPlace(strings.TrimPrefix(p, "the "))
}

// A self-introduction in the list form of forums, dating apps and new-hire
// channels: "Hamid here, 52, retired schoolteacher from Shiraz, living in
// Vancouver", "Tiago, 29, vet.", "I'm Gwen, nurse in Cardiff". It is read
// only when the name said is the speaker's own (the participant id's), so
// the name is confirmed, not guessed from "I'm <word>" (issue 9: "I'm
// Italian" names nobody); the fragments after it are the speaker's age,
// job, home and origin.
var (
	introLeadRE = regexp.MustCompile(`(?i)^(?:(?:hi|hello|hey|hiya|heya|yo|ola|olá|hola|hallo|salut|ciao|greetings)(?:\s+(?:all|everyone|everybody|folks|there|guys|team|y'all))?[!,.]*\s*)?(?:(?:i'm|i\s+am|im|my\s+name\s+is|my\s+name's|this\s+is|it's|name's)\s+)?`)
	introAgeRE  = regexp.MustCompile(`(?i)^(\d{1,2})(?:\s*(?:y/?o|yrs?(?:\s+old)?|years?\s+old|/?\s*[mf]))?$`)
	introSelfRE = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|im|my\s+name\s+is|my\s+name's|this\s+is|it's|name's)\s`)
	introHomeRE = regexp.MustCompile(`(?i)^(?:(?:currently|now)\s+)?(?:living|based|live|located|settled)\s+(?:in|near|outside)\s+(.+)`)
	introFromRE = regexp.MustCompile(`(?i)^(?:originally\s+)?from\s+(.+)`)
	introAtRE   = regexp.MustCompile(`(?i)^(.+?)\s+(in|at|from|for)\s+(.+)$`)
	introSplit  = regexp.MustCompile(`\s*(?:,|;|\s[-–—]\s|\s\|\s)\s*`)
)

func introFacts(text, speaker string, at time.Time) []Fact {
	own := strings.ToLower(strings.Fields(displayName(speaker) + " x")[0])
	if len(own) < 2 || !strings.Contains(strings.ToLower(text), own) {
		return nil // nearly every turn: no introduction can be read
	}
	var out []Fact
	for si, sent := range sentences(clean(text)) {
		if si > 3 {
			break // an introduction opens its turn
		}
		frags := introSplit.Split(strings.TrimRight(strings.TrimSpace(sent), ".!"), -1)
		if strings.HasSuffix(strings.TrimSpace(sent), "?") {
			continue
		}
		at0 := -1
		var said string
		explicit := false // "I'm Gwen", "Hamid here": said as an introduction
		for i, f := range frags {
			if i > 2 {
				break
			}
			n := strings.TrimSpace(introLeadRE.ReplaceAllString(f, ""))
			lead := n != strings.TrimSpace(f) && introSelfRE.MatchString(f)
			if t := strings.TrimSuffix(strings.TrimSuffix(n, " here"), " Here"); t != n {
				n, lead = t, true
			}
			if strings.EqualFold(n, own) {
				at0, said, explicit = i, n, lead
				break
			}
		}
		if at0 < 0 {
			continue
		}
		c := newClause(sent, speaker, at)
		c.add(speaker, "name", titleWord(said), World, confExplicit-10)
		for _, f := range frags[at0+1:] {
			f = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(f), "and "), "a "))
			f = strings.TrimPrefix(f, "an ")
			if f == "" {
				continue
			}
			if m := introAgeRE.FindStringSubmatch(f); m != nil {
				c.add(speaker, "age", m[1], World, confFirst-8)
				continue
			}
			if m := introHomeRE.FindStringSubmatch(f); m != nil {
				if p := introPlace(m[1]); p != "" {
					c.add(speaker, "lives_in", p, World, confLoose)
				}
				continue
			}
			if m := introFromRE.FindStringSubmatch(f); m != nil {
				if p := introPlace(m[1]); p != "" {
					c.add(speaker, "from", p, World, confLoose)
				}
				continue
			}
			role, prep, where := f, "", ""
			if m := introAtRE.FindStringSubmatch(f); m != nil {
				role, prep, where = m[1], strings.ToLower(m[2]), m[3]
			}
			if first := strings.ToLower(strings.Fields(role)[0]); job(role) && (!notNowJob[first] || first == "retired") {
				// "retired schoolteacher" describes the speaker as he is;
				// "aspiring novelist", "ex-nurse" do not
				c.add(speaker, "job_title", strings.ToLower(role), World, confLoose)
				if strings.HasPrefix(strings.ToLower(role), "retired ") {
					c.add(speaker, "retired", "retired", Experience, confLoose)
				}
				switch prep {
				case "in":
					if p := introPlace(where); p != "" {
						c.add(speaker, "lives_in", p, World, confLoose-4)
					}
				case "from":
					if p := introPlace(where); p != "" {
						c.add(speaker, "from", p, World, confLoose-4)
					}
				case "at", "for":
					if o := org(where); o != "" {
						c.add(speaker, "works_at", o, World, confLoose-4)
					}
				}
				continue
			}
			if p := introPlace(f); p != "" && strings.EqualFold(p, strings.TrimSpace(f)) {
				c.add(speaker, "lives_in", p, World, confLoose-6) // "Noor, Rotterdam, software dev"
				continue
			}
			break // the list has ended ("mostly do coastal birds")
		}
		if len(c.facts) > 1 || explicit {
			// a bare name with nothing after it ("Marco, you there")
			// introduces nobody
			out = append(out, c.facts...)
		}
		break
	}
	return out
}

// introPlace is the place at the start of s, capitalised or a place of the
// lexicon in lower case ("porto").
func introPlace(s string) string {
	s = strings.TrimSpace(s)
	if p := place(s); p != "" && plausiblePlace(p) {
		return p
	}
	ws := strings.Fields(s)
	for n := min(len(ws), 3); n >= 1; n-- {
		if w, ok := lexPlaces[strings.ToLower(strings.Join(ws[:n], " "))]; ok && !lexCommonPlaces.has(w) {
			return w
		}
		if w, ok := lexCities[strings.ToLower(strings.Join(ws[:n], " "))]; ok {
			return w
		}
	}
	return ""
}

// relNameRE names someone spoken of before by a pronoun's name: "his name
// is Leo", "her name's Efua".
var relNameRE = regexp.MustCompile(`\b((?i:his|her))\s+(?i:name\s+is|name's)\s+(\p{Lu}\p{Ll}{1,15})\b`)

// relGender is the pronoun a relation key takes ("he" or "she"); keys not
// here take either (friend, cousin, partner, colleague …).
var relGender = map[string]string{
	"son": "he", "brother": "he", "husband": "he", "father": "he", "grandfather": "he", "uncle": "he", "nephew": "he",
	"daughter": "she", "sister": "she", "wife": "she", "mother": "she", "grandmother": "she", "aunt": "she", "niece": "she",
}

// relNotOne are relation keys that may stand for several people ("my
// kids", "my parents", "my in-laws"): a pronoun's name or age is never
// theirs.
var relNotOne = map[string]bool{"child": true, "parent": true, "grandparent": true, "grandchild": true, "in_law": true, "sibling": true}

// unnamedRelatives are the facts so far that give the speaker a relative
// with no name ("my son" → the speaker's son "Me's son"), each one relative
// the pronoun can stand for (he or she, "" for either).
func unnamedRelatives(out []Fact, speaker, pronoun string) []int {
	var idx []int
	for i, f := range out {
		if f.Subject != speaker || f.Polarity != Positive || predFamily(f.Predicate) != "relation" || relNotOne[f.Predicate] ||
			f.Claim != unnamedRelative(speaker, f.Predicate) {
			continue
		}
		if g := relGender[f.Predicate]; pronoun != "" && g != "" && g != pronoun {
			continue
		}
		idx = append(idx, i)
	}
	return idx
}

// relativeNamedLater names the one relative a turn spoke of without a name
// when a later clause names them by pronoun: "my son is turning 7. his name
// is Leo" gives the speaker a son Leo (and what the turn said of "Me's son"
// is said of Leo). A naming with a pet in the turn is the pet's (petNamedRE);
// with two relatives it could say one's or the other's, and gives nothing.
func relativeNamedLater(text, speaker string, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "name") {
		return out // no naming: nothing to read (most turns)
	}
	for _, f := range out {
		if f.Predicate == "has_pet" || f.Predicate == "adopted" {
			return out // "we got a puppy and my son loves him. his name is Bruno": whose?
		}
	}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if isPet(strings.Trim(w, `,.!?;:'"`)) {
			return out // "my sister got a puppy. her name is Ronja": the puppy's, most likely
		}
	}
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		for _, m := range relNameRE.FindAllStringSubmatch(restoreCase(s), -1) {
			n := m[2]
			if pronoun[strings.ToLower(n)] || introNot[strings.ToLower(n)] || isStopName(n) || lexPlaces.has(n) {
				continue
			}
			named := false
			for _, f := range out {
				named = named || strings.EqualFold(f.Claim, n) || strings.EqualFold(f.Subject, n)
			}
			if named {
				continue // "my son Leo … his name is Leo": said already
			}
			g := "he"
			if strings.EqualFold(m[1], "her") {
				g = "she"
			}
			idx := unnamedRelatives(out, speaker, g)
			if len(idx) != 1 || len(unnamedRelatives(out, speaker, "")) != 1 {
				continue
			}
			old := out[idx[0]].Claim
			for i := range out {
				if out[i].Subject == old {
					out[i].Subject = n
				}
			}
			out[idx[0]].Claim = n
		}
	}
	return out
}

// pronounAgeRE is a bare age said of "he" or "she": "she is 10", "he's 40
// now", "she's 9 and obsessed with octopuses", "he is 12 years old". The
// number ends its clause (or is years old): "she is 10 minutes away", "he's
// 6 foot" and "she's 30 weeks pregnant" give no age.
var pronounAgeRE = regexp.MustCompile(`(?i)\b(she|he)(?:'s|\s+is|\s+just\s+turned|\s+turned|\s+turns)\s+(?:only\s+|just\s+)?(\d{1,2}|` + spelledAge + `)(?:\s+(?:years?|yrs?)(?:\s+old)?)?(?:\s+(?:now|already|today|this\s+year))?\s*(?:$|[,;:!]|\s+and\b|\s+but\b|\s+so\b|\s+lol\b|\s+haha\b)`)

// pronounAges gives the age a pronoun's clause says to the one person or
// pet the turn has spoken of that the pronoun can stand for: "my daughter
// Zosia does scratch at school, she is 10" (Zosia), "a cat, Miso, he is
// 12" (Miso), "my sister lives in Oslo, she is 34" (the speaker's sister).
// A turn that spoke of two, or of none, gives no age.
func pronounAges(text, speaker string, at time.Time, out []Fact) []Fact {
	if !pronounAgeRE.MatchString(text) {
		return nil // no number after "he's" or "she is", no age (most turns)
	}
	var add []Fact
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		for _, loc := range pronounAgeRE.FindAllStringSubmatchIndex(s, -1) {
			m := []string{s[loc[0]:loc[1]], s[loc[2]:loc[3]], s[loc[4]:loc[5]]}
			g := strings.ToLower(m[1])
			before := s[:loc[0]]
			var who []string
			for _, f := range out {
				if f.Subject != speaker || f.Polarity != Positive || relNotOne[f.Predicate] {
					continue
				}
				switch {
				case f.Predicate == "has_pet" && isCapital(f.Claim):
					if spokenJustBefore(before, []string{f.Claim}) {
						who = append(who, f.Claim)
					}
				case predFamily(f.Predicate) == "relation" && (isCapital(f.Claim) || f.Claim == unnamedRelative(speaker, f.Predicate)):
					if rg := relGender[f.Predicate]; rg != "" && rg != g {
						continue
					}
					words := []string{f.Claim}
					if f.Claim == unnamedRelative(speaker, f.Predicate) {
						words = relationWords(f.Predicate) // "my dad, he is 60"
					}
					if spokenJustBefore(before, words) {
						who = append(who, f.Claim)
					}
				}
			}
			slices.Sort(who)
			who = slices.Compact(who)
			if len(who) != 1 {
				continue
			}
			hasAge := func(fs []Fact) bool {
				return slices.ContainsFunc(fs, func(f Fact) bool { return f.Subject == who[0] && f.Predicate == "age" })
			}
			if hasAge(out) || hasAge(add) {
				continue // "Zosia is 10 … she is 10": said already
			}
			c := newClause(m[0], speaker, at)
			c.add(who[0], "age", ageDigits(m[2]), World, confFirst-20)
			add = append(add, c.facts...)
		}
	}
	return add
}

// relationWords are the words that say relation key pred ("mother": mom,
// mum, mother …).
func relationWords(pred string) []string {
	var ws []string
	for w, p := range relations {
		if p == pred && !strings.Contains(w, " ") {
			ws = append(ws, w)
		}
	}
	return ws
}

// spokenJustBefore reports whether the sentence before a pronoun names one
// of words, with no other person spoken of after it: "my daughter Zosia
// does scratch at school, she" is Zosia; in "my daughter's friend came
// over, she" and "my friend has a son, he" the pronoun may be the other
// one's.
func spokenJustBefore(before string, words []string) bool {
	ws := strings.FieldsFunc(before, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '-' })
	last := -1
	for i, w := range ws {
		for _, x := range words {
			if strings.EqualFold(strings.TrimSuffix(w, "'s"), x) {
				last = i
			}
		}
	}
	if last < 0 {
		return false
	}
	for _, w := range ws[last+1:] {
		lw := strings.ToLower(strings.TrimSuffix(w, "'s"))
		if personWord(lw) || otherPerson[lw] || isCapital(w) && !isStopName(w) && !lexPlaces.has(w) && lw != "i" {
			return false
		}
	}
	return true
}

// otherPerson are words for a person who is no relation: after them, a
// pronoun may be theirs ("I met a guy at work, he is 25").
var otherPerson = map[string]bool{"guy": true, "girl": true, "man": true, "woman": true, "boy": true, "baby": true, "kid": true,
	"lady": true, "dude": true, "teacher": true, "doctor": true, "someone": true, "somebody": true, "nurse": true, "coach": true}

// afterPreposition reports whether name comes right after a preposition
// in raw ("the residence in Funes is 1.2 million", "the camp in
// Magaliesberg is 12–14 Sept"): a place, not a person.
func afterPreposition(raw, name string) bool {
	i := strings.Index(raw, name)
	if i < 0 {
		return false
	}
	ws := strings.Fields(strings.ToLower(raw[:i]))
	return len(ws) > 0 && prepositionBefore[ws[len(ws)-1]]
}

var prepositionBefore = setOf(`in at of from to near on by into around outside`)

// shiftSpanRE: how long the shifts run, after where ("the call center all
// week").
var shiftSpanRE = regexp.MustCompile(`(?i)\s+(?:all|this|next|the\s+whole)\s+(?:week|weekend|month|night)$`)

// spelledAge is an age spelt out, 1–99 ("seven", "twenty-two", "forty
// one").
const spelledAge = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|ten|eleven|twelve|one|two|three|four|five|six|seven|eight|nine)\b`

// ageDigits writes an age spelt out in digits ("twenty-two" → "22"); an
// age in digits is returned as it is.
func ageDigits(s string) string {
	if isDigits(s) {
		return s
	}
	ws := strings.Fields(strings.ReplaceAll(strings.ToLower(s), "-", " "))
	n := 0
	for _, w := range ws {
		n += spokenTens[w] + spokenUnits[w] + spokenTenToTwelve[w]
	}
	return strconv.Itoa(n)
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// shiftsSaidRE finds a verb after the place of "nights at …" that makes
// the shifts the subject of what is said ("nights at Pari were no joke").
var shiftsSaidRE = regexp.MustCompile(`(?i)^(?:[\w'&.-]+\s+){1,4}?(?:were|was|are|is|have\s+been|had\s+been|used\s+to|sucked|suck|killed|kill|wore|wear|nearly|almost)\b`)
