package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// subj is a third-person subject at the start of a clause or after a
// boundary: a name, or a placeholder for "my mom".
const subj = `(?:^|[,;]\s*|\b(?:and|but|so|because)\s+)` + nm

func third(c *clause, m string, start bool) string { return c.subjectName(m, start) }

// unlistedPerson is the name m when a rule has other evidence that it names
// a person (it is said to be in a job, or to live in a place the lexicon
// knows): one capitalised word that is not a WordNet place, a nationality
// or a word of the calendar. The first-name lexicon lacks many names
// ("Kian", "Efua"); a GeoNames town may be a name too ("Kemi").
func unlistedPerson(m string) string {
	n := name(m)
	if n == "" || strings.HasPrefix(n, "\x01") || strings.Contains(n, " ") || lexPlaces.has(n) || isStopName(n) || lexNationalities.has(n) {
		return ""
	}
	return n
}

var genderRE = regexp.MustCompile(`(?i)^(?:trans(?:gender)?\s+)?(?:cis(?:gender)?\s+)?(?:woman|man|female|male|non-binary|nonbinary|girl|guy)$`)

var rules = []rule{
	// Identity: only from explicit statements.
	r(`(?i:\bmy\s+(?:full\s+|real\s+|first\s+)?name(?:\s+is|'s))\s+`+nm, 1, func(c *clause, m []string) {
		if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !notAName[strings.ToLower(strings.Fields(n)[0])] && !notNickname[strings.ToLower(strings.Fields(n)[0])] {
			c.add(c.speaker, "name", n, World, confExplicit)
		}
	}),
	r(`(?i:\b(?:please\s+)?(?:just\s+)?call\s+me)\s+`+nm+`\s*$`, 1, func(c *clause, m []string) {
		if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !notAName[strings.ToLower(strings.Fields(n)[0])] && !notNickname[strings.ToLower(strings.Fields(n)[0])] {
			c.add(c.speaker, "nickname", n, World, confFirst)
		}
	}),
	r(`(?i:\b(?:i'm|i am)\s+(?:now\s+|already\s+|just\s+)?)(\d{1,3})(?i:\s*(?:years?|yrs?)[\s-]+old|\s*y/?o)\b`, 1, func(c *clause, m []string) {
		if n, _ := strconv.Atoi(m[1]); n > 0 && n < 120 {
			c.add(c.speaker, "age", m[1], World, confExplicit)
		}
	}),
	r(`(?i:\bi\s+(?:just\s+|recently\s+|finally\s+)?turned)\s+(\d{1,3})(?i:\s+(?:years?\s+old|today|yesterday|this\s+\w+|last\s+\w+))?\s*$`, 1, func(c *clause, m []string) {
		if n, _ := strconv.Atoi(m[1]); n > 0 && n < 120 {
			c.add(c.speaker, "age", m[1], World, confExplicit-5)
		}
	}),
	{re: regexp.MustCompile(`(?i:^(?:and\s+)?(?:i'm|i am))\s+(\d{1,3})\s*$`), claim: 1, raw: true, fn: func(c *clause, m []string) {
		// "My name is Alice Moreau. I am 34": a bare number alone in its
		// clause; "I'm 30 minutes late" and "I'm 100% sure" are not this
		// ("I'll retire when I'm 60" is dropped by clause.add).
		if n, _ := strconv.Atoi(m[1]); n > 0 && n < 120 {
			c.add(c.speaker, "age", m[1], World, confLoose)
		}
	}},
	{re: regexp.MustCompile(`(?i:\bmy\s+birthday\s+is\s+(?:on\s+)?(?:the\s+)?)((?i:` + monthRE + `)\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?i:` + monthRE + `))`), claim: 1, raw: true, fn: func(c *clause, m []string) {
		c.add(c.speaker, "birthday", m[1], World, confExplicit-5)
	}},
	r(`(?i:\b(?:i'm|i am)\s+(?:a\s+)?(?:proud\s+)?)((?i:trans(?:gender)?\s+(?:woman|man)|cis(?:gender)?\s+(?:woman|man)|non-?binary))\b`, 1, func(c *clause, m []string) {
		c.add(c.speaker, "gender", strings.ToLower(m[1]), World, confFirst)
	}),
	r(`(?i:\bi\s+identify\s+as\s+(?:an?\s+)?)(\w+(?:[\s-]\w+)?)`, 1, func(c *clause, m []string) {
		if genderRE.MatchString(m[1]) {
			c.add(c.speaker, "gender", strings.ToLower(m[1]), World, confFirst)
		}
	}),
	r(`(?i:\b(?:i'm|i am)\s+(?:half\s+)?)(\p{Lu}\p{Ll}+)\b`, 1, func(c *clause, m []string) {
		if lexNationalities.has(m[1]) && m[1] != "Good" {
			c.add(c.speaker, "nationality", m[1], World, confLoose+3)
		}
	}),

	// Home.
	r(fp+aux+`(?i:\s+(?:live|lives|living|reside|resides|residing|'m based|am based|are based|'re based|based|settled))\s+(?i:(?:just\s+)?(?:in|outside|near|outside\s+of))\s+(.+)`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "lives_in", p, World, confFirst+2)
		}
	}),
	r(fp+aux+`(?i:\s+lived)\s+(?i:in)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			// lived there: not any more. "I've lived in Denver for ten
			// years", "since 2019": there still.
			lm := strings.ToLower(m[0])
			still := (strings.Contains(lm, "'ve") || strings.Contains(lm, " have")) && !strings.Contains(lm, "had") &&
				(livedForRE.MatchString(c.raw) || c.followedBy(sinceNextRE))
			if !still {
				c.neg = true
			}
			c.add(c.speaker, "lives_in", p, World, confLoose)
		}
	}),
	r(fp+aux+`(?i:\s+(?:moved|relocated|move|relocate|moved back|emigrated))\s+(?i:to|in)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			head := strings.Fields(strings.ToLower(m[0][:len(m[0])-len(m[1])])) // "we move to"
			if v := head[len(head)-2]; !c.fore && !c.neg && (v == "move" || v == "relocate") &&
				!slices.ContainsFunc(head, func(w string) bool { return w == "did" || w == "do" || w == "does" || w == "would" || w == "could" }) {
				// "We move to Canoas in December": a move said in the
				// present is one ahead (a schedule), no home yet and no
				// move made (session 27).
				c.fore = true
				c.add(c.speaker, "lives_in", p, Foresight, confPlan+8)
				c.add(c.speaker, "plans", "move to "+p, Foresight, confPlan+4)
				return
			}
			// The move is the lives_in fact, valid from when it happened,
			// and an event of its own, as every labelled set writes it.
			c.add(c.speaker, "lives_in", p, World, confFirst-3)
			if c.fore {
				c.add(c.speaker, "plans", "move to "+p, Foresight, confPlan+4) // "I want to move to Lisbon": a plan too
			} else if !c.neg {
				c.add(c.speaker, "moved", p, Experience, confEvent)
			}
		}
	}),
	r(fpbe+`(?i:\s+(?:moving|relocating))\s+(?i:to)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "lives_in", p, Foresight, confPlan+8)
			// The move is a plan too, as every labelled set writes it down.
			c.add(c.speaker, "plans", "moving to "+p, Foresight, confPlan+4)
		}
	}),
	// "came back from Paris", "came up from London for the weekend": back
	// from a trip or a visit, no home left (only a move takes "up", "down",
	// "back" here; session 28).
	r(fp+aux+`(?i:\s+(?:(?:moved|emigrated|immigrated|relocated)(?:\s+here|\s+over|\s+up|\s+down|\s+back)?|came(?:\s+here|\s+over)?)\s+from)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			// "I moved here from Ljubljana": a home left, as every labelled
			// set writes it (lives_in, negative); "I came here from
			// Gdańsk" says where one is from too (session 28).
			moved := movedFromRE.MatchString(m[0])
			if !moved {
				c.add(c.speaker, "from", p, World, confFirst-3)
			}
			if !c.fore && !c.neg && (moved || strings.Contains(strings.ToLower(m[0]), "came")) {
				c.neg = true
				c.add(c.speaker, "lives_in", p, World, confFirst-5)
			}
			return
		}
		if o := phrase(m[1]); strings.HasPrefix(strings.ToLower(o), "home country") || strings.HasPrefix(strings.ToLower(o), "hometown") {
			c.add(c.speaker, "moved_from", o, Experience, confEvent)
		}
	}),
	r(`(?:`+fpbe+`(?i:\s+(?:originally\s+|also\s+)?from)|`+fp+`(?i:\s+(?:originally\s+)?(?:come|came)\s+from)|`+fp+`(?i:\s+(?:grew\s+up|was\s+born|were\s+born|was\s+raised))\s+(?i:in))\s+(.+)`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "from", p, World, confFirst)
		}
	}),

	// Where one is from, said without "I'm" or with one's childhood
	// (session 26): "originally from Rosario, been in Tallinn for 3 years",
	// "Born and bred in St Ives", "when I was a boy in Gdańsk", "I grew up
	// on the Big Island", "my hometown is Sendai".
	r(`(?:(?i:^(?:(?:and|but|so|also|me|myself)[,\s]+)*(?:originally\s+from|born\s+and\s+(?:bred|raised)\s+in|born\s+in))|`+fp+`(?i:\s+(?:was|were)\s+born\s+and\s+(?:bred|raised)\s+in)|(?i:(?:^|\b(?:when|since|while)\s+)i\s+was\s+(?:a\s+)?(?:little\s+|young\s+|small\s+)?(?:boy|girl|kid|child|teenager|teen|lad|lass|baby)\s+in)|`+fp+`(?i:\s+grew\s+up\s+on)|(?i:\bmy\s+home\s*town\s+(?:is|was)))\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && knownPlace(p) && !c.fore {
			c.add(c.speaker, "from", p, World, confFirst-6)
		}
	}),

	// Work done for a named employer with the verb of the trade (session
	// 27): "I drive for Uber", "twelve years I've driven for Skånetrafiken",
	// "I write for The Guardian"; not "I cook for my family", "I write for fun".
	r(fp+aux+`(?i:\s+(?:drive|drives|driving|driven|drove|deliver|delivers|delivering|delivered|write|writes|writing|written|wrote|code|codes|coding|coded|teach|teaches|teaching|taught|freelance|freelancing|freelanced|consult|consulting|consulted|design|designs|designing|designed|report|reporting|reported|fly|flies|flying|flown|flew|model|modelling|modeling))\s+(?i:for)\s+(\p{Lu}.*)`, 1, func(c *clause, m []string) {
		if o := employer(m[1]); o != "" && isCapital(o) && !c.fore {
			if pastTradeRE.MatchString(m[0]) {
				c.neg = true // "I drove for Uber": not any more
			}
			c.add(c.speaker, "works_at", o, World, confFirst-6)
		}
	}),
	// Work.
	r(fp+aux+`(?i:\s+(?:work|working|worked|started\s+working|began\s+working|'m employed|am employed|employed|intern|interning))(?i:\s+in\s+[a-z]+|\s+`+workShifts+`|\s+`+workYears+`)?\s+(?i:at|for|by)\s+(.+)`, 1, func(c *clause, m []string) {
		if o := employer(m[1]); o != "" { // not "I work at home", "at least 50 hours", "at times", "for a living", "for my dad"
			if strings.Contains(strings.ToLower(m[0]), "worked") {
				c.neg = true
			}
			c.add(c.speaker, "works_at", o, World, confFirst)
		}
	}),
	r(fp+aux+`(?i:\s+(?:work|working|worked|started\s+working)\b.*?\bas\s+(?:an?\s+)?)(.+)`, 1, func(c *clause, m []string) {
		if p := strings.TrimSpace(orgCutRE.ReplaceAllString(phrase(m[1])+" ", "")); p != "" && job(p) {
			if strings.Contains(strings.ToLower(m[0]), "worked") {
				c.neg = true
			}
			c.add(c.speaker, "job_title", p, World, confFirst)
			// "I work as a nurse at the local hospital": the place too.
			if _, at, ok := strings.Cut(phrase(m[1]), " at "); ok {
				if o := employer(at); o != "" {
					c.add(c.speaker, "works_at", o, World, confFirst)
				}
			}
		}
	}),
	r(fpbe+aux+`(?i:\s+(?:an?|the))\s+(.+)`, 1, func(c *clause, m []string) {
		p := phrase(m[1])
		j, at, _ := strings.Cut(p, " at ")
		if j2, f, ok := strings.Cut(j, " for "); ok {
			j = j2
			if f = strings.TrimSpace(f); at == "" && isCapital(f) {
				at = f // "a truck driver for Maple Leaf Freight" (session 27); not "a nurse for 20 years"
			}
		}
		home := ""
		if bm := basedInRE.FindStringSubmatch(j); bm != nil {
			j, home = bm[1], place(bm[2]) // "a photographer based in Brooklyn"
		}
		j = jobHead(j) // "I'm a nurse in Boston"
		if am := agedRE.FindStringSubmatch(j); am != nil {
			// "I'm a 28-year-old nurse": the age, and the role after it
			if n, _ := strconv.Atoi(am[1]); n > 0 && n < 120 {
				c.add(c.speaker, "age", am[1], World, confFirst)
			}
			j = am[2]
		}
		if jw := strings.Fields(strings.ToLower(j)); len(jw) > 0 && notNowJob[jw[0]] {
			return // "I'm a former teacher", "a retired nurse", "an aspiring writer"
		}
		if jj, _, ok := strings.Cut(j, " and "); ok && !job(j) && job(jobHead(jj)) {
			j = jobHead(jj) // "I'm a secondary teacher and the group chats are …"
		}
		for _, w := range []string{" by ", " with ", " on "} {
			if jj, _, ok := strings.Cut(j, w); ok && !job(j) && job(jobHead(jj)) && !strings.EqualFold(jj, "volunteer") {
				j = jobHead(jj) // "a software tester by day", "a teaching assistant with two little ones"
			}
		}
		if schoolYear[strings.ToLower(j)] {
			if o := org(at); o != "" {
				c.add(c.speaker, "studies_at", o, World, confThird) // "I'm a senior at UCLA"
			} else if sm := schoolInRE.FindStringSubmatch(p); sm != nil && at == "" {
				c.add(c.speaker, "studies_at", strings.ToLower(sm[1]), World, confLoose) // "a junior in high school"
			}
			return
		}
		if !job(j) {
			return
		}
		c.add(c.speaker, "job_title", j, World, confThird)
		if home != "" {
			c.add(c.speaker, "lives_in", home, World, confLoose)
		}
		if o := org(at); o != "" && strings.HasSuffix(strings.ToLower(j), "student") {
			c.add(c.speaker, "studies_at", o, World, confThird) // "a grad student at MIT" studies there
		} else if o != "" {
			c.add(c.speaker, "works_at", o, World, confThird)
		}
	}),
	r(fp+aux+`(?i:\s+(?:got|landed|found|accepted|started|start|began|took|take|taken))\s+(?i:a\s+|an\s+|my\s+|the\s+)?(?i:new\s+|first\s+|full-time\s+|part-time\s+|summer\s+)?(?i:job|position|role|internship|postdoc|placement|post)\s+(?i:at|with)\s+(.+)`, 1, func(c *clause, m []string) {
		if startNowRE.MatchString(m[0]) && c.hasDate && c.date.After(day(c.at)) || c.fore {
			return // "I start a new job at Google next month": ahead
		}
		if jobWonRE.MatchString(m[0]) && jobAhead(c) {
			return // "I got the job at Shopify!! Start January 6": won, not begun (plans27.go)
		}
		if lm := strings.ToLower(m[0]); (strings.Contains(lm, "internship") || strings.Contains(lm, "placement")) && !strings.Contains(lm, "start") && !strings.Contains(lm, "began") {
			return // "I got an internship at a studio for the summer": one to come more often than one begun
		}
		if lm := strings.ToLower(m[0]); !strings.Contains(lm, " at ") && !namedEmployer(m[1]) {
			return // "I got a job with benefits", "a job with a great team": no employer named (session 28)
		}
		took := tookRE.MatchString(m[0]) // "I took a postdoc at the University of Arizona": where one works
		if o := org(m[1]); o != "" {
			c.add(c.speaker, "works_at", o, World, confFirst-3)
			if !took {
				c.add(c.speaker, "started_job", o, Experience, confEvent+5)
			}
		}
	}),
	r(fp+aux+`(?i:\s+(?:started|began)\s+working)\s+(?i:at|for)\s+(.+)`, 1, func(c *clause, m []string) {
		if o := org(m[1]); o != "" {
			c.add(c.speaker, "started_job", o, Experience, confEvent+5)
		}
	}),
	r(fp+aux+`(?i:\s+(?:drive|drives|ride|rides))\s+(?i:an?)\s+((?:[a-z]+\s+)?\p{Lu}[\p{L}\-]*(?:\s+[A-Z0-9][\p{L}\-]*)*)`, 1, func(c *clause, m []string) {
		c.add(c.speaker, "owns", m[1], World, confPref)
	}),
	// "i drive a red pickup truck", "i drive a honda civic": the vehicle
	// driven in lower case, by its kind or its make; not one driven for a
	// living ("I drive a truck for work").
	r(fp+aux+`(?i:\s+(?:drive|drives))\s+(?i:an?)\s+((?i:(?:[a-z]+\s+){0,2}(?:pickup truck|truck|pickup|car|van|minivan|suv|jeep|sedan|convertible|hatchback|station wagon|motorcycle)|(?:`+carMakes+`)(?:\s+[a-z0-9]+)?(?:\s+\d[\w-]*)?))\b`, 1, func(c *clause, m []string) {
		if i := strings.Index(c.text, m[0]); i >= 0 && driveForWorkRE.MatchString(c.text[i+len(m[0]):]) {
			return
		}
		v := strings.ToLower(m[1])
		if ws := strings.Fields(v); len(ws) > 1 && (stopLower[ws[len(ws)-1]] || notModel[ws[len(ws)-1]]) {
			v = strings.Join(ws[:len(ws)-1], " ") // "a tesla someday"
		}
		for _, f := range c.facts {
			if f.Predicate == "owns" && strings.HasPrefix(strings.ToLower(f.Claim), v) {
				return // "I drive a Tesla Model 3": read with its capitals above
			}
		}
		c.add(c.speaker, "owns", v, World, confPref)
	}),
	// "I'm vegan"; "I've been a vegetarian for 5 years" (still one, unless
	// "before" or "on and off" says otherwise).
	r(`(?:`+fpbe+aux+`|`+fp+`(?i:'ve|\s+have)(?i:\s+(?:now|also|actually|always|basically|mostly|pretty\s+much|never|not))*\s+(?i:been))(?i:\s+(?:an?\s+)?(?:strict\s+)?)((?i:vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free|lactose intolerant|teetotal|sober))\b`, 1, func(c *clause, m []string) {
		if i := strings.Index(c.text, m[0]); i >= 0 {
			rest := c.text[i+len(m[0]):]
			if strings.HasPrefix(rest, "-") || dietOnceRE.MatchString(rest) {
				return // "vegan-curious", "I've been vegetarian before"
			}
		}
		c.add(c.speaker, "diet", strings.Replace(strings.ToLower(m[1]), " free", "-free", 1), World, confFirst-3)
	}),
	r(subj+`(?i:\s+(?:starts|is\s+starting|will\s+start|begins))\s+(.+)`, 2, func(c *clause, m []string) {
		if n, p := third(c, m[1], true), object(m[2]); n != "" && p != "" && c.hasDate {
			c.fore = true
			c.add(n, "plans", "starts "+p, Foresight, confPlan)
		}
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|also|finally|then)\s+)*(?:lost|quit|left)\s+(my)\s+job)(?i:\s+as\s+(?:an?\s+)?([a-z][a-z ]*?))?(?i:\s+at\s+(.+))?\s*$`, 1, func(c *clause, m []string) {
		employer := lostJobAt(m[3])
		what := "job"
		if m[2] != "" {
			what = strings.TrimSpace(m[2])
		} else if employer != "" {
			what = employer
		}
		c.add(c.speaker, "lost_job", what, Experience, confEvent+8)
		c.neg = true
		if m[2] != "" {
			c.add(c.speaker, "job_title", strings.TrimSpace(m[2]), World, confFirst-5)
		}
		if employer != "" {
			c.add(c.speaker, "works_at", employer, World, confFirst-5) // ended: c.neg
		}
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+)?(?:got|was|were)\s+(?:fired|laid\s+off|let\s+go))(?i:\s+(?:from|at)\s+)?`+nm+`?`, 0, func(c *clause, m []string) {
		what := "job"
		if n := name(m[1]); n != "" {
			what = n
		}
		c.add(c.speaker, "lost_job", what, Experience, confEvent+8)
		if what != "job" {
			c.neg = true
			c.add(c.speaker, "works_at", what, World, confFirst-5)
		}
	}),
	r(fp+aux+`(?i:\s+(?:(?:just\s+|recently\s+|also\s+)?(?:started|began|carrying\s+on|carry\s+on|keep\s+on|keep|keeping|kept|continue\s+to|continue|continuing|continued)\s+)?(?:volunteer|volunteering|volunteered))\s+(?i:at|with|for)\s+(.+)`, 1, func(c *clause, m []string) {
		if o := org(m[1]); o != "" {
			if strings.Contains(strings.ToLower(m[0]), "volunteered") {
				return // a one-off
			}
			c.add(c.speaker, "volunteers_at", o, World, confLoose)
		}
	}),
	r(`(?i:\b(?:an?|the)\s+)([a-z][a-z\- ]{2,40}?)(?i:\s+(?:that\s+|where\s+)?(?:i|we)\s+(?:\w+\s+)?volunteer\s+(?:at|with|for))\b`, 1, func(c *clause, m []string) {
		c.add(c.speaker, "volunteers_at", strings.TrimSpace(m[1]), World, confLoose-2)
	}),
	r(fpbe+aux+`(?i:\s+(?:studying|majoring\s+in|doing\s+(?:(?:a|my|the|an)\s+)?(?:degree|phd|masters?|master's|master|bachelor'?s|ma|msc|mba|llm|diploma)\s+(?:in|of)))\s+(.+)`, 1, func(c *clause, m []string) {
		if p := phrase(m[1]); p != "" && !badObject(p) && !notStudied[strings.ToLower(strings.Fields(p)[0])] {
			c.add(c.speaker, "studies", orgCutRE.ReplaceAllString(p+" ", ""), World, confLoose)
			if _, at, ok := strings.Cut(p, " at "); ok {
				if o := schoolAt(at, true); o != "" {
					c.add(c.speaker, "studies_at", o, World, confLoose) // "I'm studying biology at UCLA"
				}
			}
		}
	}),
	// A degree of one's own and its subject, said without "I'm studying"
	// (session 26): "I'm in 3rd year of my PhD in atmospheric chemistry",
	// "second year of the MA in comparative lit", "my masters in public
	// health".
	r(`(?i:\b(?:(?:\d(?:st|nd|rd|th)|first|second|third|fourth|fifth|final|last)\s+year\s+of\s+(?:my|the|a|an)\s+|my\s+)(?:degree|phd|masters?|master's|ma|msc|mba|llm|bsc|ba|bachelor'?s|doctorate|diploma)\s+(?:in|of))\s+(.+)`, 1, func(c *clause, m []string) {
		if c.fore || c.neg || degreeDoneRE.MatchString(c.raw) {
			return // "I got my degree in biology": done, the completion rules' to read
		}
		if p := phrase(m[1]); p != "" && !badObject(p) && !notStudied[strings.ToLower(strings.Fields(p)[0])] {
			c.add(c.speaker, "studies", orgCutRE.ReplaceAllString(p+" ", ""), World, confLoose-4)
		}
	}),
	r(fpbe+`(?i:\s+(?:a\s+)?(?:student|studying)\s+at)\s+(.+)`, 1, func(c *clause, m []string) {
		if o := org(m[1]); o != "" {
			c.add(c.speaker, "studies_at", o, World, confFirst-5)
		}
	}),
	r(`(?i:\b(?:i'm|i am|we're|we are)\s+(?:happily\s+)?married\s+to)\s+`+nm, 1, func(c *clause, m []string) {
		if n := name(m[1]); n != "" {
			c.add(c.speaker, "married_to", n, World, confFirst)
		}
	}),

	// Relationships between others.
	r(`(?i:\bthe\s+)(?i:`+rel+`)(?i:\s+of\s+)`+nm+`(?i:\s+is\s+(?:called\s+|named\s+)?)`+nm, 2, func(c *clause, m []string) {
		if a, b := name(m[2]), name(m[3]); a != "" && b != "" {
			c.add(a, relKey(m[1]), b, World, confThird)
		}
	}),
	r(nm+`'s\s+(?i:`+rel+`)\s*,?\s+(?i:(?:is\s+)?(?:called\s+|named\s+)?)`+nm, 3, func(c *clause, m []string) {
		if a, b := name(m[1]), name(m[3]); a != "" && b != "" {
			c.add(a, relKey(m[2]), b, World, confThird)
		}
	}),
	r(nm+`(?i:\s+is\s+)`+nm+`'s\s+(?i:`+rel+`)`, 1, func(c *clause, m []string) {
		if a, b := name(m[1]), name(m[2]); a != "" && b != "" {
			c.add(b, relKey(m[3]), a, World, confThird)
		}
	}),

	r(`(?i:\bmy\s+(?:daily\s+)?(?:commute|office|workplace)\s+(?:to\s+(?:the\s+office|work)\s+)?(?:is\s+)?in\s+)`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "works_in", p, World, confLoose)
		}
	}),

	// Third person.
	r(subj+aux+`(?i:\s+(?:lives|live|resides|is living|is based|are living))\s+(?i:in)\s+(.+)`, 2, func(c *clause, m []string) {
		n, p, conf := third(c, m[1], true), place(m[2]), confThird+4
		if n == "" && p != "" && knownPlace(p) {
			n, conf = unlistedPerson(m[1]), confThird-8 // "Efua lives in Accra"
		}
		if n != "" && p != "" {
			c.add(n, "lives_in", p, World, conf)
		}
	}),
	r(subj+aux+`(?i:\s+(?:moved|relocated|is moving|are moving))\s+(?i:to)\s+(.+)`, 2, func(c *clause, m []string) {
		n, p := third(c, m[1], true), place(m[2])
		if n == "" && p != "" && knownPlace(p) {
			n = unlistedPerson(m[1]) // "Zala moved to Ljubljana"
		}
		if n != "" && p != "" {
			kind := World
			if strings.Contains(strings.ToLower(m[0]), "moving") {
				kind = Foresight
			}
			c.add(n, "lives_in", p, kind, confThird)
		}
	}),
	r(subj+`(?i:\s+(?:is\s+(?:originally\s+)?from|are\s+(?:originally\s+)?from|comes\s+from|grew\s+up\s+in|was\s+born\s+in))\s+(.+)`, 2, func(c *clause, m []string) {
		n, p := third(c, m[1], true), place(m[2])
		if n == "" && p != "" && knownPlace(p) && !strings.Contains(strings.ToLower(m[0]), "comes from") {
			n = unlistedPerson(m[1]) // "Kian is originally from Tabriz"; a thing "comes from" a place
		}
		if n != "" && p != "" {
			c.add(n, "from", p, World, confThird)
		}
	}),
	r(subj+aux+`(?i:\s+(?:works|work|is working))(?i:\s+`+workShifts+`)?\s+(?i:at|for)\s+(.+)`, 2, func(c *clause, m []string) {
		if n, o := third(c, m[1], true), org(m[2]); n != "" && o != "" && !notEmployer[strings.ToLower(strings.Fields(o)[0])] && !personWord(o) {
			c.add(n, "works_at", o, World, confThird+4)
		}
	}),
	r(subj+aux+`(?i:\s+works\s+as\s+(?:an?\s+)?)(.+)`, 2, func(c *clause, m []string) {
		n, p, conf := third(c, m[1], true), phrase(m[2]), confThird
		if n == "" && job(p) {
			n, conf = unlistedPerson(m[1]), confThird-8 // "Efua works as a nurse"
		}
		if n != "" && p != "" && job(p) {
			c.add(n, "job_title", p, World, conf)
		}
	}),
	r(subj+`(?i:\s+is\s+an?)\s+(.+)`, 2, func(c *clause, m []string) {
		p := phrase(m[2])
		j, at, _ := strings.Cut(p, " at ")
		j = jobHead(j)
		if jw := strings.Fields(strings.ToLower(j)); len(jw) > 0 && (notNowJob[jw[0]] || schoolYear[jw[len(jw)-1]]) {
			return // "my dad is a retired nurse", "my son is a senior in high school"
		}
		if job(j) {
			n, conf := third(c, m[1], true), confThird
			if n == "" {
				// "Kian is a sound engineer at the Elbphilharmonie": a
				// name the lexicon lacks is a person when what it is, is
				// a job; not a place or a word of the week.
				if nn := unlistedPerson(m[1]); nn != "" {
					n, conf = nn, confThird-8
				}
			}
			if n != "" {
				c.add(n, "job_title", j, World, conf)
				if o := org(at); o != "" && !strings.HasSuffix(strings.ToLower(j), "student") && !pronoun[strings.ToLower(o)] {
					c.add(n, "works_at", o, World, conf) // "my sister is a nurse at the children's hospital"
				}
			}
		}
	}),
	r(subj+aux+`(?i:\s+(?:loves|likes|enjoys|adores|is\s+into|is\s+a\s+(?:huge\s+|big\s+)?fan\s+of))\s+(.+)`, 2, func(c *clause, m []string) {
		n, p, conf := third(c, m[1], true), object(m[2]), confThird-6
		if n == "" && !afterPreposition(c.raw, m[1]) {
			n, conf = unlistedPerson(m[1]), confThird-12 // "Zosia loves horses"
		}
		if n != "" && p != "" {
			c.add(n, "likes", p, World, conf)
		}
	}),
	r(subj+aux+`(?i:\s+(?:hates|dislikes|detests))\s+(.+)`, 2, func(c *clause, m []string) {
		if n, p := third(c, m[1], true), object(m[2]); n != "" && p != "" {
			c.add(n, "dislikes", p, World, confThird-6)
		}
	}),
	r(subj+`(?i:\s+(?:just\s+)?(?:called|texted|phoned|rang|messaged|emailed|wrote\s+to|facetimed))\s+(?i:me|us)\s+(?i:from)\s+(.+)`, 2, func(c *clause, m []string) {
		if n, p := third(c, m[1], true), place(m[2]); n != "" && p != "" {
			c.add(n, "was_in", p, Experience, confMention+5)
		}
	}),
	r(subj+`(?i:\s+(?:is|are|will\s+be)\s+(?:visiting|coming\s+to\s+(?:see|visit)|coming\s+over\s+to\s+see))\s+(?i:(us|me))`, 2, func(c *clause, m []string) {
		if n := third(c, m[1], true); n != "" {
			c.fore = true
			c.add(n, "visits", c.speaker, Foresight, confPlan)
		}
	}),

	// Pets.
	r(fp+aux+`(?i:\s+(?:have|has|got|adopted|own|'ve got|have got|rescued|bought|brought home))\s+(?i:an?|another|a new|two|three|\d+)\s+(?i:(?:little|new|sweet|cute|baby|rescue|young|old)\s+)*(?:\w+\s+)?(?i:`+pet+`)(?i:s|es)?(?:,\s*|(?i:\s+(?:named|called))?\s*)`+nm+`?`, 2, func(c *clause, m []string) {
		kind := strings.ToLower(m[1])
		lm := strings.ToLower(m[0])
		adopted := strings.Contains(lm, "adopted")
		if strings.Contains(m[0], ",") && m[2] != "" && !petApposRE.MatchString(c.text[strings.Index(c.text, m[0])+len(m[0]):]) {
			m[2] = "" // "a cat, Miso, he is 12" names it; "a dog, Max and I walk" may not
		}
		if compoundAfter(m[0], c.text) {
			return // "I bought a dog bed"
		}
		if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") {
			c.add(c.speaker, "has_pet", n, World, confFirst-3)
			c.add(n, "is_a", kind, World, confFirst-3)
			if adopted {
				c.add(c.speaker, "adopted", n, Experience, confEvent+5)
			}
			return
		}
		if ambiguousPets[singular(kind)] && !adopted && !strings.Contains(lm, "rescued") && !strings.Contains(lm, " pet ") {
			return // "I bought a mouse from Logitech", "we got a few fish"
		}
		if c.fore {
			// "I would love to have a horse someday": a pet wished for
			// is a plan, no pet ahead.
			if _, obj, ok := strings.Cut(lm, "have "); ok {
				c.add(c.speaker, "plans", "have "+strings.TrimSpace(obj), Foresight, confPlan)
			}
			return
		}
		c.add(c.speaker, "has_pet", kind, World, confPref)
		if adopted {
			c.add(c.speaker, "adopted", kind, Experience, confEvent+5)
		}
	}),
	r(`(?i:\b(?:my|our)\s+(?:(?:little|old|new|young|two|three|four|sweet|pet|rescue|baby|cute|furry|lovely|beloved)\s+)*)(?i:`+pet+`)(?i:s|es)?\s*,?\s+`+nm, 1, func(c *clause, m []string) {
		if !c.mention(m[0]) {
			return
		}
		if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") && !lexPlaces.has(n) {
			c.add(c.speaker, "has_pet", n, World, confFirst-3)
			c.add(n, "is_a", strings.ToLower(m[1]), World, confFirst-3)
		}
	}),
	// "old" only after a count ("our two old dogs"): "my old dog" is as
	// often one gone.
	r(`(?i:\b(?:my|our)\s+(?:(?:little|new|young|two|three|four|five|sweet|pet|rescue|baby|cute|furry|lovely|beloved|fur)\s+|(?:two|three|four|five)\s+old\s+)*)((?i:`+pet+`)(?i:s|es)?)\b`, 1, func(c *clause, m []string) {
		if compoundAfter(m[0], c.text) || (ambiguousPets[singular(strings.ToLower(m[1]))] && !strings.Contains(strings.ToLower(m[0]), "pet")) || badEsPlural(m[1]) {
			return // "my horse painting", "my mouse", "my rates" (possessions29.go)
		}
		for _, f := range c.facts {
			if f.Predicate == "is_a" && strings.EqualFold(f.Claim, m[1]) {
				return // "my dog Toby": the pet is Toby, read above
			}
		}
		if !c.mention(m[0]) {
			return
		}
		c.add(c.speaker, "has_pet", strings.ToLower(m[1]), World, confPref)
	}),

	// Preferences.
	r(fp+aux+`\s+(?i:(love|loves|like|likes|enjoy|enjoys|adore|adores|prefer|prefers|hate|hates|dislike|dislikes|detest|detests|loathe))(?i:\s+(?:also|too|both))?\s+(.+)`, 2, func(c *clause, m []string) {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(m[2])), "to ") && c.fore {
			return // "I'd love to …" is a plan, read below
		}
		if beLike.MatchString(m[0][:len(m[0])-len(m[2])]) {
			return // "We're like a family": a comparison, not a preference
		}
		if items := listItems(m[2]); len(items) > 0 && !c.fore && !strings.HasPrefix(strings.ToLower(m[1]), "prefer") {
			pred := "likes"
			if w := strings.ToLower(m[1]); strings.HasPrefix(w, "hate") || strings.HasPrefix(w, "dislike") || strings.HasPrefix(w, "detest") || w == "loathe" {
				pred = "dislikes"
			}
			for _, it := range items {
				c.add(c.speaker, pred, it, World, confPref)
			}
			return
		}
		p := object(m[2])
		if p == "" {
			return
		}
		switch strings.ToLower(m[1]) {
		case "hate", "hates", "dislike", "dislikes", "detest", "detests", "loathe":
			c.add(c.speaker, "dislikes", p, World, confPref)
		case "prefer", "prefers":
			p = regexp.MustCompile(`(?i)\s+(?:over|to|rather than|instead of)\s.*$`).ReplaceAllString(p, "")
			c.add(c.speaker, "prefers", p, World, confPref)
		default:
			if c.fore {
				return
			}
			if jobAsRE.MatchString(p) {
				return // "I love my job as a chef": the job, read as job_title, is the fact
			}
			for _, q := range splitGerunds(p) {
				c.add(c.speaker, "likes", q, World, confPref)
			}
		}
	}),
	r(fpbe+aux+`(?i:\s+(?:a\s+)?(?:huge|big|massive|great|real|longtime|long-time|die-hard|total)?\s*fan\s+of)\s+(.+)`, 1, func(c *clause, m []string) {
		for _, p := range splitGerunds(object(m[1])) {
			if c.neg { // "I'm not a fan of …"
				c.neg = false
				c.add(c.speaker, "dislikes", p, World, confPref)
				c.neg = true
				continue
			}
			c.add(c.speaker, "likes", p, World, confPref+3)
		}
	}),
	r(fpbe+aux+`(?i:\s+(?:into|obsessed\s+with|passionate\s+about|crazy\s+about|hooked\s+on|addicted\s+to|in\s+love\s+with))\s+(.+)`, 1, func(c *clause, m []string) {
		if intoPlight(m[1]) {
			return // "we're into debt up to our ears"
		}
		for _, p := range splitGerunds(object(m[1])) {
			c.add(c.speaker, "likes", p, World, confPref)
		}
	}),
	r(fp+`(?i:'ve|\s+have)(?i:\s+(?:really|recently|also|just|lately|actually|totally|definitely|seriously))*\s+(?i:been)(?i:\s+(?:really|recently|also|lately|so|actually|totally|super|pretty|seriously|kinda|kind\s+of|slowly))*\s+(?i:into|getting\s+(?:(?:really|more|back)\s+)?into|hooked\s+on|obsessed\s+with)\s+(.+)`, 1, func(c *clause, m []string) {
		if intoPlight(m[1]) {
			return // "I've been getting into trouble"
		}
		for _, p := range splitGerunds(object(m[1])) {
			c.add(c.speaker, "likes", p, World, confPref)
		}
	}),
	r(`(?i:\bmy\s+(?:love|passion|fondness|enthusiasm)\s+(?:for|of)\s+)(.+)`, 1, func(c *clause, m []string) {
		if k := strings.Index(c.text, m[0]); k >= 0 && lostLoveRE.MatchString(strings.ToLower(c.text[:k])) {
			return // "I lost my love for running"
		}
		c.neg = false // "I don't share my love for jazz with anyone": the love stands
		rest := m[1]
		if loc := loveVerbRE.FindStringIndex(rest); loc != nil && loc[0] > 0 && !pronounBefore(rest[:loc[0]]) {
			rest = rest[:loc[0]] // "my love for cooking started early": the love's subject ends at its verb
			if strings.Contains(" "+strings.ToLower(rest)+" ", " my ") {
				return // "My love for improving my skills keeps me going": an aim, not a pastime
			}
		}
		for _, p := range splitGerunds(object(rest)) {
			c.add(c.speaker, "likes", p, World, confPref-2)
		}
	}),
	r(fp+aux+`(?i:\s+(?:have|had|'ve)\s+(?:always\s+)?(?:had\s+)?(?:a\s+)?(?:love|passion|soft\s+spot)\s+for)\s+(.+)`, 1, func(c *clause, m []string) {
		for _, p := range splitGerunds(object(m[1])) {
			c.add(c.speaker, "likes", p, World, confPref)
		}
	}),
	r(fp+aux+`(?i:\s+(?:(?:have|'ve)\s+)?(?:always\s+)?been\s+(?:awed|fascinated|amazed)\s+by)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" {
			c.add(c.speaker, "likes", p, World, confPref-4)
		}
	}),
	r(`(?i:^(?:for\s+me,?\s+)?([a-z][a-z\-']+(?:\s+[a-z][a-z\-']+){0,3}))(?i:(?:\s+(?:is|are|has\s+become|have\s+become)|'s)\s+(?:mostly\s+|totally\s+|definitely\s+|really\s+|kind\s+of\s+)?(?:one\s+of\s+)?my\s+(?:(?:biggest|greatest|true|real|main|all-time|absolute|top|new|latest)\s+)?(?:favou?rites?|faves?|fave\s+things?|thing|jam|passions?|go-to|happy\s+place|stress-buster|hobby|hobbies|obsession)\b)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" && !strings.HasPrefix(strings.ToLower(p), "it") {
			if lw := strings.ToLower(lastWord(p)); strings.Contains(strings.ToLower(m[0]), "obsession") && (relKey(lw) != "" || lw == "work" || lw == "job" || lw == "school" || lw == "ex") {
				return // "My ex has become my new obsession", "Work has become my obsession"
			}
			// "Painting and hiking are my favorite things to do": each
			// (session 28: one liking "Painting and hiking" before).
			qs := []string{p}
			if strings.Contains(strings.ToLower(m[0]), " are ") {
				qs = listParts(p) // "Mac and cheese is my favorite": one thing
			}
			for _, q := range qs {
				c.add(c.speaker, "likes", q, World, confPref-2)
			}
		}
	}),
	r(`(?i:^(?:for\s+me,?\s+)?([a-z][a-z\-']+ing(?:\s+[a-z][a-z\-']+){0,3}))(?i:\s+(?:brings|gives)\s+me\s+(?:so\s+much\s+|a\s+lot\s+of\s+|such\s+|real\s+|great\s+)?(?:joy|happiness|peace))\b`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" {
			c.add(c.speaker, "likes", p, World, confPref-2)
		}
	}),
	r(`(?i:\bmy\s+(?:favou?rite\s+|main\s+|biggest\s+|new\s+|latest\s+|current\s+|newest\s+)?(?:passions?|hobbies|hobby|interests|obsession))(?i:\s+(?:are|is|include)\s+|\s*:\s*)(.+)`, 1, func(c *clause, m []string) {
		for _, p := range strings.Split(cut(m[1]), " and ") {
			if p = object(p); p != "" {
				c.add(c.speaker, "likes", p, World, confPref)
			}
		}
	}),
	r(`(?i:^(?:for\s+me,?\s+)?([a-z][a-z\-']+(?:\s+[a-z][a-z\-']+){0,3}))(?i:\s+is\s+what\s+(?:i'm|i\s+am|i)\s+(?:really\s+|most\s+)?(?:passionate\s+about|into|love|enjoy))`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" {
			c.add(c.speaker, "likes", p, World, confPref-2)
		}
	}),
	r(`(?i:\bme\s+who\s+(?:wants?|plans?|hopes?|intends?)\s+to)\s+([a-z].*)`, 1, func(c *clause, m []string) {
		if p := cut(m[1]); p != "" && !badObject(p) && len(strings.Fields(p)) <= 6 {
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-6)
		}
	}),
	r(`(?i:\bone\s+of\s+my\s+(?:favou?rites|faves)\s+is\s+)(.+)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" {
			c.add(c.speaker, "likes", p, World, confPref)
		}
	}),
	// "my favorite show is Succession"; a time or a scope may stand before
	// "is" ("my favorite show right now", "my favorite place in the world",
	// "my favorite movie of all time").
	r(`(?i:\bmy\s+(?:all-time\s+)?favou?rite\s+(?:[a-z]+-[a-z]+\s+)?)(\w+)(?i:\s+(?:right\s+now|at\s+the\s+moment|currently|these\s+days|lately|in\s+the\s+(?:whole\s+)?(?:world|universe)|on\s+earth|of\s+all\s+time|ever|so\s+far|rn|atm))?(?i:\s+(?:is|are)\s+)(.+)`, 2, func(c *clause, m []string) {
		p := object(m[2])
		if p == "" {
			// "my favorite treat is this amazing chocolate tart": the
			// thing is named by what follows "this", when that is more
			// than one word ("this one", "this song" name nothing here)
			if d := deicticDet.FindString(m[2]); d != "" {
				if q := object(strings.TrimSpace(m[2][len(d):])); len(strings.Fields(q)) >= 2 {
					p = q
					for ws := strings.Fields(p); len(ws) > 2 && (evaluative[strings.ToLower(ws[0])] || praiseAdj[strings.ToLower(ws[0])]); ws = strings.Fields(p) {
						p = strings.Join(ws[1:], " ")
					}
				}
			}
		}
		if p == "" || notFavoriteOf[strings.ToLower(m[1])] || personWord(p) || unsureClaimRE.MatchString(p) {
			return // "my favorite part is the ending" (of what was shown), "my favorite person is my mom", "… is probably Succession", "… is hard to pick"
		}
		if w := strings.ToLower(strings.Fields(p)[0]); notFavoriteClaim[w] || isGerund(w) && !favoriteActivity[strings.ToLower(m[1])] {
			return // "my favorite show is on hiatus", "… is ending soon", "my favorite band is coming to town": what it does, not what it is
		}
		c.add(c.speaker, "favorite_"+strings.ToLower(m[1]), p, World, confFirst-3)
	}),
	r(fpbe+`(?i:\s+allergic\s+to)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" && !jokeAllergy(p) {
			c.add(c.speaker, "allergic_to", p, World, confFirst)
		}
	}),

	// Possessions.
	r(fp+aux+`(?i:\s+(?:own|owns|bought|opened|launched|founded|set\s+up|started))\s+(?i:(?:my|our)\s+(?:own\s+)?|an?\s+|the\s+)?(?:(\w+(?:\s+\w+)?)\s+)?`+ownables+`\b`, 2, func(c *clause, m []string) {
		p := strings.ToLower(m[2])
		if mw := strings.Fields(strings.ToLower(m[1])); len(mw) == 2 && danglingPrep[mw[1]] {
			// "started a blog on [car] mods": the blog, not the car
			if ownableRE.MatchString(mw[0]) {
				c.add(c.speaker, "owns", mw[0], World, confPref)
			}
			return
		}
		if m[1] != "" && !pronoun[strings.ToLower(m[1])] && !adjNotCompound[strings.ToLower(m[1])] {
			p = strings.ToLower(m[1]) + " " + p
		}
		if compoundAfter(m[0], c.text) {
			return // "I opened my own car maintenance shop": not a car
		}
		if vehicleStartRE.MatchString(m[0]) {
			return // "we started the car": an engine started, nothing owned
		}
		if i := strings.Index(c.text, m[0]); i >= 0 && forSomeoneText(c.text[i+len(m[0]):]) {
			return // "I bought a car for my daughter": a gift
		}
		c.add(c.speaker, "owns", p, World, confPref)
		if openedRE.MatchString(m[0]) && businessRE.MatchString(strings.ToLower(m[2])) && !c.fore && !c.neg && !openedTheRE.MatchString(m[0]) {
			// "I opened an online clothing store": a business started
			// (session 21), as the started rule reads "started a blog".
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}
	}),
	r(fp+`(?i:\s+own)\s+(.+)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" && !isPet(lastWord(p)) { // "I own two cats": pets, read above
			for _, f := range c.facts {
				if f.Predicate == "owns" && strings.HasSuffix(strings.ToLower(p), " "+strings.ToLower(f.Claim)) {
					return // "I own a small bakery": the bakery, read above, once
				}
			}
			c.add(c.speaker, "owns", p, World, confPref)
		}
	}),
	r(`(?i:\b(?:my|our)\s+(?:(?:own|new|trusty|first|little|very\s+own)\s+)*)(?:(\w+)\s+)?`+ownables+`\b`, 2, func(c *clause, m []string) {
		p := strings.ToLower(m[2])
		if m[1] != "" && !pronoun[strings.ToLower(m[1])] && !adjNotCompound[strings.ToLower(m[1])] {
			p = strings.ToLower(m[1]) + " " + p
		}
		if strings.HasPrefix(strings.ToLower(m[0]), "my old") || strings.HasPrefix(strings.ToLower(m[0]), "our old") {
			return
		}
		if notOwned[strings.ToLower(m[1])] {
			return // "my favorite studio", "my dream house"
		}
		if kinGenitive(strings.ToLower(m[1])) {
			return // "my sisters car", "my cousins shop": the relative's
		}
		if strings.ToLower(m[2]) == "brand" && !strings.Contains(strings.ToLower(m[0]), "own") {
			return // "grow my brand", "boost my brand": the speaker's name, not a label they own
		}
		if c.fore && strings.Contains(strings.ToLower(m[0]), "own") {
			return // "I want to open my own bakery": a plan, no bakery yet
		}
		if compoundAfter(m[0], c.text) {
			return // "my gym membership", "my car project"
		}
		if dwellings[p] {
			return // "my house", "my apartment": where one lives, not what one owns
		}
		if i := strings.Index(c.text, m[0]); i >= 0 && soldBefore(c.text, i) {
			return // "I sold my bike": no longer the speaker's
		}
		if frequented[strings.ToLower(m[2])] || frequentedAdj[strings.ToLower(m[1])] {
			return // "my gym", "my local bar": where one goes, not what one owns
		}
		if !c.mention(m[0]) {
			return
		}
		c.add(c.speaker, "owns", p, World, confMention+2)
	}),

	// Life events (experience, dated by a past date expression).
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|officially\s+)?graduated)(?i:\s+from\s+(.+))?`, 0, func(c *clause, m []string) {
		what := "graduated"
		if o := org(m[1]); o != "" {
			what = o
		}
		c.add(c.speaker, "graduated", what, Experience, confEvent+8)
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|officially\s+)?(?:got\s+married|married|tied\s+the\s+knot|got\s+hitched))(?i:\s+(?:to\s+)?`+nm+`)?`, 0, func(c *clause, m []string) {
		what := "married"
		if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") {
			what = n
			c.add(c.speaker, "married_to", n, World, confFirst)
		}
		c.add(c.speaker, "married", what, Experience, confEvent+8)
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|officially\s+)?got\s+engaged)`, 0, func(c *clause, m []string) {
		c.add(c.speaker, "engaged", "engaged", Experience, confEvent+5)
	}),
	r(fp+aux+`(?i:\s+(?:adopted))\s+(.+)`, 1, func(c *clause, m []string) {
		p := object(m[1])
		if p == "" {
			return
		}
		for _, w := range strings.Fields(strings.ToLower(p)) {
			if petWords[singular(w)] {
				return // pets are read above
			}
		}
		if !anyWord(p, adoptees) && !properName(p) {
			return // "adopted a new approach": a child or an animal is adopted
		}
		c.add(c.speaker, "adopted", p, Experience, confEvent+5)
	}),
	r(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+|\band\s+)(?:just\s+|finally\s+|recently\s+|officially\s+|already\s+)?(?:joined|signed\s+up\s+for|registered\s+for|enrolled\s+(?:in|for)|became\s+a\s+member\s+of))\s+(.+)`, 1, func(c *clause, m []string) {
		if strings.HasPrefix(strings.ToLower(m[0]), "and") && !fpLeadRE.MatchString(c.text) {
			return // "my sister and joined": only "I'm 44 and just signed up for …" leaves its "I" out
		}
		if p := object(m[1]); p != "" {
			if strings.HasPrefix(strings.ToLower(m[0]), "and") && !anyWord(p, groups) && !anyWord(p, prizes) && !occasionHead(p) {
				return // with its "I" left out, only a group, a race or an occasion ("and joined a new platform" is no life event)
			}
			if c.hasDate && c.date.After(day(c.at)) && !strings.Contains(strings.ToLower(m[0]), "joined") && !strings.Contains(strings.ToLower(m[0]), "member") {
				// "I signed up for a workshop next month": the sign-up is done,
				// the workshop is ahead
				c.add(c.speaker, "joined", p, Experience, confEvent)
				c.fore = true
				c.add(c.speaker, "plans", p, Foresight, confPlan)
				return
			}
			c.add(c.speaker, "joined", p, Experience, confEvent)
		}
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|recently\s+)?(?:took\s+up|started|began|picked\s+up))\s+((?i:a|an|the|some|my\s+new|my\s+own|my\s+first)\s+.+)`, 1, func(c *clause, m []string) {
		if p := strings.TrimPrefix(strings.TrimPrefix(object(m[1]), "own "), "first "); p != "" && !regexp.MustCompile(`(?i)\b(?:job|position|role|internship)\b`).MatchString(p) &&
			(anyWord(p, ventures) && !pickedUpRE.MatchString(m[0]) || anyWord(p, activity) || anyWord(p, groups)) { // "started the car" is no life event; "picked up a book" is reading one
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}
	}),
	// What one has booked is ahead: "i booked my open water course",
	// "I've booked a sea swim for Christmas morning". A room, a table or a
	// flight is booked for something else, which is the plan when it is
	// said ("I have booked the hall for the family meeting"); the trip
	// rules read a flight's place.
	r(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:just\s+|finally\s+|already\s+|also\s+)?booked)\s+(?:(?i:myself|us|ourselves)\s+)?((?i:a|an|the|my|our)\s+.+)`, 1, func(c *clause, m []string) {
		what, forWhat := m[1], ""
		if loc := forWordRE.FindStringIndex(what); loc != nil {
			what, forWhat = what[:loc[0]], what[loc[1]:]
		}
		p := object(what)
		if p == "" {
			return
		}
		head := strings.ToLower(lastWord(headPrepRE.Split(p, 2)[0]))
		if bookedFor[head] {
			if f := bookedForRE.FindStringSubmatch("for" + forWhat); f != nil {
				if q := object(f[1]); q != "" && bookedOccasion(q) {
					c.fore = true
					c.add(c.speaker, "plans", q, Foresight, confPlan-2)
				}
			}
			return
		}
		if courseWord[head] {
			c.add(c.speaker, "joined", p, Experience, confEvent-4)
		}
		c.fore = true
		c.add(c.speaker, "plans", p, Foresight, confPlan-2)
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|recently\s+)?(?:applied\s+(?:to|for)))\s+(.+)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" {
			c.add(c.speaker, "applied_to", p, Experience, confEvent)
		}
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|actually\s+)?won)\s+((?i:a|an|the|first|second|third|my)\s+.+)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" && (anyWord(p, prizes) || anyWord(p, placings)) {
			c.add(c.speaker, "won", p, Experience, confEvent) // "won the game" is a match, not a life event
		}
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|recently\s+)?(?:visited|went\s+to|travell?ed\s+to|flew\s+to|went\s+back\s+to|(?:was|were)\s+(?:also\s+|once\s+|actually\s+)?in|got\s+back\s+from|came\s+back\s+from|returned\s+from|spent\s+\w+\s+(?:days?|weeks?)\s+in))\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && (isPlace(p) || strings.Contains(p, " ")) {
			c.add(c.speaker, "visited", p, Experience, confEvent)
		}
	}),
	// "I went to Woodhaven, a small town in the Midwest": a name the
	// speaker says is a town is a place, in the lexicon or not.
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|recently\s+)?(?:visited|went\s+to|travell?ed\s+to|flew\s+to|drove\s+to))\s+`+nm+`(?i:\s*,\s*(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:town|city|village|island|country|state|province|region|beach|lake|park|resort))\b`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && !lexPlaces.has(p) && !strings.Contains(p, " ") {
			c.add(c.speaker, "visited", p, Experience, confEvent-2)
		}
	}),
	// "I went to a place in London": the place is in a city the lexicon knows.
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:just\s+|finally\s+|recently\s+)?(?:visited|went\s+to|stayed\s+at|stayed\s+in)\s+(?:a|an|this|that|the)\s+(?:[\w-]+\s+){0,2}?(?:place|spot|town|village|restaurant|cafe|café|museum|park|beach|hotel|castle|temple|church|gallery)\s+in)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && isPlace(p) {
			c.add(c.speaker, "visited", p, Experience, confEvent-4)
		}
	}),
	// Places been to said other ways (session 26): "Just back from three
	// weeks in Lisbon", "last trip was Georgia in the summer", and "Hanoi!
	// I was there in 2019" (there: the one place the turn named before,
	// onlyPlaceBefore). Not "I went to a festival in Boston": the town may
	// be one's own.
	r(`(?i:(?:^|\b(?:i|we|i'm|we're|im)\s+)(?:just\s+|finally\s+)?(?:back|home)\s+from\s+(?:(?:a|an|\d+|one|two|three|four|five|six|ten)\s+)?(?:[\w-]+\s+){0,2}?(?:days?|weeks?|months?|nights?|trip|holiday|vacation|week-end|weekend)\s+(?:in|on|at|to))\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && knownPlace(p) {
			c.add(c.speaker, "visited", p, Experience, confEvent-2)
		}
	}),
	r(`(?i:\b(?:my|our)\s+last\s+(?:trip|holiday|vacation)\s+(?:was|were)(?:\s+to)?)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && knownPlace(p) {
			c.add(c.speaker, "visited", p, Experience, confEvent-2)
		}
	}),
	r(`(?i:^(?:last\s+(?:trip|holiday|vacation)\s+(?:was|were)(?:\s+to)?))\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && knownPlace(p) {
			c.add(c.speaker, "visited", p, Experience, confEvent-2)
		}
	}),
	r(`(?i:\b(?:i|we)\s+(?:was|were|went|'ve\s+been|have\s+been|stayed)\s+there)\b`, 0, func(c *clause, m []string) {
		if p := c.onlyPlaceBefore(); p != "" && !c.fore && !c.neg {
			c.add(c.speaker, "visited", p, Experience, confEvent-4)
		}
	}),
	// "I've been to France": a place been to is a place visited.
	r(`(?i:\b(?:i|we)(?:'ve|\s+have)\s+(?:also\s+|actually\s+|already\s+|even\s+)?been\s+to)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && isPlace(p) {
			c.add(c.speaker, "visited", p, Experience, confEvent-2)
		}
	}),
	r(`(?i:(?:^|\b(?:i|we)\s+)(?:took|had|went\s+on|made|(?:just\s+)?(?:got|came|flew)\s+back\s+from|(?:just\s+)?returned\s+from)\s+(?:a|an|my|our)\s+(?:[\w-]+\s+){0,2}trip(?:\s+[\w-]+){0,3}?\s+to)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "visited", p, Experience, confEvent)
		}
	}),
	r(`(?i:\b(?:my|our)\s+(?:[\w-]+\s+)?(?:trip|vacation|holiday|time)\s+(?:to|in)\s+)`+nm+`(?i:\s+(?:was|has\s+been|is))`, 1, func(c *clause, m []string) {
		if upcomingRE.MatchString(m[0]) || c.hasDate && !c.hasPast {
			return // "my upcoming trip to Peru is …", "our trip to Peru next month is …": ahead, read as travels_to
		}
		if p := place(m[1]); p != "" {
			if tripAhead(c.text, m[0]) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+6)
				return
			}
			c.add(c.speaker, "visited", p, Experience, confEvent-4)
		}
	}),
	r(`(?i:\b(?:my|our)\s+)`+nm+`(?i:\s+(?:trip|vacation|holiday))\b`, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && isPlace(p) {
			if tripAhead(c.text, m[0]) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+6)
				return
			}
			c.add(c.speaker, "visited", p, Experience, confEvent-4)
		}
	}),
	r(`(?i:\bduring\s+my\s+time\s+in\s+)`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "visited", p, Experience, confEvent-4)
		}
	}),

	// Plans and dates.
	r(`(?:`+fpbe+`|(?i:\b(?:i'll|i will|we'll|we will|i|we)))(?i:\s+(?:actually|also|finally|really|just|definitely|soon|even))*(?i:\s+(?:be\s+)?(?:going|flying|travell?ing|heading|driving|coming|off|going back|returning|going on a trip|taking a trip)(?:\s+(?:up|down|over|out|across|home|back))?)\s+(?i:to|into)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" {
			c.fore = true
			c.add(c.speaker, "travels_to", p, Foresight, confPlan+8)
		}
	}),
	// "I will go to Singapore in the spring", "we'll fly into Edinburgh",
	// "I'll fly home to Freiburg" (session 26): a trip said with the verb
	// itself after "will".
	r(`(?i:\b(?:i'll|i will|we'll|we will|i'm\s+gonna|we're\s+gonna|im\s+gonna)(?:\s+(?:also|finally|definitely|then|first))*\s+(?:go|fly|head|travel|drive|come|sail|return)(?:\s+(?:up|down|over|out|across|home|back))?\s+(?:to|into))\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && knownPlace(p) {
			c.fore = true
			c.add(c.speaker, "travels_to", p, Foresight, confPlan+6)
		}
	}),
	// "going home to Apia for christmas", "then I fly home to Freiburg":
	// a journey home or back, said without "I'm" or with the present.
	r(`(?i:(?:^|\b(?:then|and|so)\s+)(?:(?:i|we)\s+(?:fly|head|go|drive|travel)|(?:going|flying|heading|driving|travelling|traveling))\s+(?:home|back)\s+to)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && knownPlace(p) {
			c.fore = true
			c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
		}
	}),
	// "I'll be in Japan next month", "I'm gonna be in Japan for a few
	// months" (session 28: with "gonna" and a stay's length for its date).
	r(`(?i:\b(?:i'll|i will|we'll|we will|i'm\s+gonna|i'm\s+going\s+to|we're\s+gonna|we're\s+going\s+to)\s+be\s+in)\s+`+nm, 1, func(c *clause, m []string) {
		if p := place(m[1]); p != "" && (c.hasDate || stayLengthRE.MatchString(c.text) && knownPlace(p)) {
			c.add(c.speaker, "travels_to", p, Foresight, confPlan+8)
		}
	}),
	r(`(?:`+fpbe+`|(?i:\b(?:i'll|i will|we'll|we will)))(?i:\s+(?:actually|also|finally|really|just|definitely|soon|even))*(?i:\s+(?:going|heading|off))\s+(?i:to)\s+((?i:a|an|the)\s+[a-z].*)`, 1, func(c *clause, m []string) {
		if p := object(m[1]); p != "" && c.hasDate {
			c.add(c.speaker, "plans", "go to "+p, Foresight, confPlan)
		}
	}),
	r(fpbe+`(?i:\s+(?:also|really|definitely|finally|actually|still|totally)\s+|\s+)(?i:going\s+to)\s+([a-z].*)`, 1, func(c *clause, m []string) {
		p := cut(m[1])
		if articleRE.MatchString(p) {
			p = "go to " + phrase(p)
		}
		if p != "" && !strings.HasPrefix(p, "be ") && !badObject(p) {
			c.add(c.speaker, "plans", p, Foresight, confPlan)
		}
	}),
	r(fpbe+`\s+(?i:(?:going|gonna\s+go)\s+)([a-z]+ing)\b`, 1, func(c *clause, m []string) {
		c.add(c.speaker, "plans", "going "+m[1], Foresight, confPlan)
	}),
	r(fpbe+aux+`\s+((?i:meeting|visiting|seeing|starting|taking|attending|hosting|celebrating|having|getting|running|organizing|organising|planning|throwing|doing|hitting|playing|competing|performing|launching|releasing|opening|expecting)\s+.+)`, 1, func(c *clause, m []string) {
		p := cut(m[1])
		lw := strings.ToLower(p)
		if strings.HasPrefix(lw, "planning to") || strings.HasPrefix(lw, "planning on") {
			return
		}
		if strings.HasPrefix(lw, "planning ") || strings.HasPrefix(lw, "organizing ") || strings.HasPrefix(lw, "organising ") {
			if q := object(p[strings.IndexByte(p, ' ')+1:]); q != "" {
				c.fore = true
				c.add(c.speaker, "plans", q, Foresight, confPlan)
			}
			return
		}
		if p != "" && (c.hasDate || c.fore) && !badObject(p) {
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan)
		}
	}),
	r(fp+`(?i:'ll|\s+will|\s+plan\s+to|\s+intend\s+to|'m\s+planning\s+to|\s+am\s+planning\s+to|'re\s+planning\s+to|\s+are\s+planning\s+to)\s+([a-z].*)`, 1, func(c *clause, m []string) {
		if !(c.hasDate || strings.Contains(strings.ToLower(m[0]), "plan") || strings.Contains(strings.ToLower(m[0]), "intend")) {
			return
		}
		// "We're planning to ski, try the local cuisine, and enjoy the
		// views": each verb phrase of the list is a plan.
		for _, p := range planList(m[1]) {
			if p = cut(p); p != "" && !strings.HasPrefix(p, "be ") && !badObject(p) {
				c.add(c.speaker, "plans", p, Foresight, confPlan)
			}
		}
	}),
	r(`(?:`+fp+`(?i:\s*(?:really\s+|also\s+|still\s+)?(?:want\s+to|wanna|'d\s+love\s+to|would\s+love\s+to|'d\s+like\s+to|would\s+like\s+to|hope\s+to|am\s+hoping\s+to|'m\s+hoping\s+to|'m\s+keen\s+to|am\s+keen\s+to|'m\s+(?:excited|stoked|pumped|psyched|eager|buzzing|dying)\s+to|am\s+(?:excited|stoked|pumped|psyched|eager|buzzing|dying)\s+to|'m\s+looking\s+to|am\s+looking\s+to|'m\s+thinking\s+(?:of|about)|am\s+thinking\s+(?:of|about)|'m\s+considering|am\s+considering|'m\s+looking\s+forward\s+to|am\s+looking\s+forward\s+to|want\s+to|'m\s+ready\s+to|am\s+ready\s+to|'m\s+gonna|am\s+gonna|'m\s+planning\s+on|am\s+planning\s+on|'m\s+about\s+to|am\s+about\s+to|'re\s+about\s+to|are\s+about\s+to))|(?i:^(?:gonna|wanna|planning\s+to|hoping\s+to|want\s+to|looking\s+forward\s+to)))\s+([a-z].*)`, 1, func(c *clause, m []string) {
		for _, f := range c.facts {
			if f.Kind == Foresight {
				return // a more specific rule read it
			}
		}
		for _, p := range strings.Split(cut(m[1]), " and ") {
			p = trimRefTail(trimCompanyTail(cut(p)))
			ws := strings.Fields(strings.ToLower(p))
			// Without a date only a plan a person would write down: a
			// verb of the list with what it is about.
			if (len(ws) < 2 && !(len(ws) == 1 && soloPlans[ws[0]])) || len(ws) > 8 || badObject(p) || (!c.hasDate && !planVerbs[ws[0]]) ||
				(ws[0] == "be" && ws[1] != "a" && ws[1] != "an") {
				continue
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}
	}),
	r(fp+`(?i:\s+(?:have|have got|got)|'ve\s+got|'ve)\s+(?i:an?|my|our)\s+(.*?(?i:appointment|meeting|interview|exam|flight|party|dinner|date|wedding|concert|game|match|class|check-up|checkup|tournament|trip|competition|race|marathon|recital|performance|show|gig|presentation|audition|surgery|trial|retreat|course|lesson|hearing|scan|session|shoot|defen[cs]e|viva|test|camp|reunion|festival|conference|workshop)(?:\s+with\s+`+nameRE+`)?)\b`, 1, func(c *clause, m []string) {
		if p := phrase(m[1]); p != "" && (c.hasDate || strings.Contains(strings.ToLower(c.raw), "coming up")) {
			c.add(c.speaker, "plans", p, Foresight, confPlan)
		}
	}),
	{re: regexp.MustCompile(`(?i:\b(?:my|our)\s+)([a-z][a-z\- ]{2,40}?)(?i:\s+is\s+(?:coming\s+up\s+)?(?:next|this|on|tomorrow|in))\b`), claim: 1, raw: true, fn: func(c *clause, m []string) {
		if c.hasDate && !strings.HasPrefix(strings.TrimSpace(m[1]), "\x01") && !strings.Contains(m[1], "birthday") {
			c.add(c.speaker, "plans", strings.TrimSpace(m[1]), Foresight, confPlan-2)
		}
	}},
	// An occasion with its date (session 26): "The Pune marathon is in
	// December", "the wedding is 14 Feb in Ibadan", and said alone:
	// "Physio on Tuesday", "interview on Thursday".
	{re: regexp.MustCompile(`(?i:^(?:(?:and|also|so|oh|btw|haha|yes|yeah)[,!.\s]+)*(?:the|my|our)\s+)((?:[\p{L}'-]+\s+){0,3}?[\p{L}'-]+)(?i:\s+(?:is|'s)\s+(?:(?:on|in|this|next|coming\s+up|tomorrow|tonight)\b|\d))`), claim: 1, raw: true, fn: func(c *clause, m []string) {
		if c.hasDate && c.date.After(day(c.at)) && occasionHead(m[1]) && !strings.Contains(strings.ToLower(m[1]), "birthday") {
			c.fore = true // "my birthday is on July 9" is the birthday rule's
			c.add(c.speaker, "plans", strings.TrimSpace(m[1]), Foresight, confPlan-4)
		}
	}},
	{re: regexp.MustCompile(`(?i:^(?:(?:and|also|so|oh|btw|only|just)[,!.\s]+)*(?:(?:an?|my|the)\s+)?)((?:[\p{L}'-]+\s+){0,2}?[\p{L}'-]+)(?i:\s+(?:on|this|next|tomorrow|tmrw|tonight|at\s+\d))\b`), claim: 1, raw: true, need: []string{"on", "this", "next", "tomorrow", "tmrw", "tonight", "at"}, fn: func(c *clause, m []string) {
		if c.hasDate && c.date.After(day(c.at)) && occasionHead(m[1]) && len(strings.Fields(c.text)) <= len(strings.Fields(m[1]))+3 &&
			!strings.Contains(" "+strings.ToLower(m[1])+" ", " to ") { // "[Can't wait →] want to visit next month": a verb, no occasion (session 28)
			c.fore = true
			c.add(c.speaker, "plans", strings.TrimSpace(m[1]), Foresight, confPlan-4)
		}
	}},
	// A first person left out at the start of a clause ("Love experimenting
	// with spices").
	r(`(?i:^(?:really\s+|totally\s+|also\s+)?(?:love|loving))\s+(.+)`, 1, func(c *clause, m []string) {
		if w := strings.ToLower(strings.Fields(m[1])[0]); deictic[w] || notAfterLove[w] {
			return // "Love the colors" (of what was shown), "Love sure does bring us joy" (a noun)
		}
		if p := object(m[1]); p != "" {
			c.add(c.speaker, "likes", p, World, confPref-4)
		}
	}),
}

// mention reads a possessive mention ("my dogs", "my car"): what "my"
// presupposes holds whatever the clause wishes, plans or denies ("I want to
// show you my snakes", "I don't want to hurt my dogs"), unless the clause
// says it ended.
// notNowJob before a role says it is not held now; schoolYear are a
// student's years, no job.
var (
	notNowJob  = setOf(`former ex ex- retired future aspiring wannabe would-be recovering onetime one-time`)
	schoolYear = setOf(`freshman sophomore junior senior`)
	// schoolInRE: the level of school a year is in ("a junior in high
	// school", "a senior in college").
	schoolInRE = regexp.MustCompile(`(?i)^\S+\s+in\s+((?:high|middle|grad|law|med|medical|nursing)\s+school|college|university|uni)\s*$`)
)

// jobHead is the role of "a doctor in Boston", "a nurse in the ER": the
// words before " in ", or "" when what follows says the role is not held
// ("a doctor in training", "a chef in my dreams").
func jobHead(p string) string {
	j, rest, ok := strings.Cut(p, " in ")
	if !ok {
		return p
	}
	if notHeldInRE.MatchString(rest) {
		return ""
	}
	return j
}

// agedRE: "a 28-year-old nurse"; basedInRE: "a photographer based in
// Brooklyn", "a teacher living in Ohio".
var (
	agedRE    = regexp.MustCompile(`(?i)^(\d{1,3})[\s-]+years?[\s-]+old\s+(.+)$`)
	basedInRE = regexp.MustCompile(`(?i)^(.+?)\s+(?:based|living|located)\s+(?:in|out\s+of)\s+(.+)$`)
)

var notHeldInRE = regexp.MustCompile(`(?i)^(?:training|the\s+making|waiting|disguise|spirit|theory|name\s+only|my\s+(?:dreams?|head|mind|heart|past\s+life|own\s+mind)|a\s+past\s+life|another\s+life)\b`)

// jokeAllergy: "allergic to my cooking", "allergic to Mondays": a manner of
// speaking, not an allergy.
func jokeAllergy(p string) bool {
	w := strings.ToLower(strings.Fields(p)[0])
	return isGerund(w) || jokeAllergens[strings.ToLower(p)] || jokeAllergens[w]
}

var jokeAllergens = setOf(`work mondays monday mornings morning people exercise responsibility responsibilities effort stupidity nonsense drama adulting chores homework math commitment cardio small talk sunlight fun`)

// notEmployer start what follows "I work at/for" when it is no employer.
var notEmployer = setOf(`home least times time point moment living night nights first once all best most random will free peace on in during over around with from weekends weekdays years months weeks decades ages two three four five six seven eight nine ten`)

// workYears say how long one worked, between "worked" and where: "I
// worked three years at Stripe" (session 34).
const workYears = `(?:for\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|many|several|a\s+few|a\s+couple\s+of)\s+(?:years?|yrs|months?)`

// workShifts say when one works, between "work" and where: "I work
// nights at the hospital", "I work weekends at a cafe".
const workShifts = `(?:nights|days|weekends|evenings|mornings|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|long\s+(?:days|hours|shifts)|(?:two|three|four|five|\d)\s+days\s+(?:a|per)\s+week|overnights?|part-time|part\s+time|full-time|full\s+time|(?:the\s+)?(?:night|day|evening|morning|graveyard|overnight|early|late|weekend)\s+shifts?|shifts|doubles|double\s+shifts|(?:\d+|eight|ten|twelve)[\s-]hour\s+shifts|(?:\d+|ten|twenty|thirty|forty|fifty)\s+(?:hrs?|hours)\s+(?:a|per|each)\s+(?:wk|week|day))`

// dietOnceRE: a diet kept once, not now ("I've been vegan before", "on
// and off", "a few times").
var dietOnceRE = regexp.MustCompile(`(?i)^\s*(?:before|in\s+the\s+past|once|twice|on\s+and\s+off|off\s+and\s+on|a\s+few\s+times|for\s+a\s+(?:bit|while|week|month)\s+(?:once|before|back))\b`)

// notFavoriteOf are favourites of something spoken of, not of the
// speaker's tastes ("my favorite part is the ending").
var notFavoriteOf = setOf(`part parts bit bits moment moments scene scenes line lines one ones`)

// notFavoriteClaim start what is said of a favourite rather than what it
// is; favoriteActivity are the favourites a gerund names ("my favorite
// hobby is knitting").
var (
	notFavoriteClaim = setOf(`on in at off back out from with over under up down stuck same gone closed closing ending cancelled canceled done finished sold also still now not coming going getting`)
	favoriteActivity = setOf(`hobby hobbies activity activities pastime pastimes sport sports exercise workout thing things way ways`)
)

// unsureClaimRE starts a claim the speaker is not sure of or will not
// give ("… is probably Succession", "… is hard to pick").
var unsureClaimRE = regexp.MustCompile(`(?i)^(?:probably|maybe|perhaps|possibly|likely|hard|tough|difficult|impossible|changing|always\s+changing|a\s+secret|secret|too\s+hard)\b`)

// notStudied start what follows "I'm studying" when it names no subject:
// "studying for my exams", "studying abroad", "studying hard", "studying
// at Stanford" (read as studies_at).
var notStudied = setOf(`for at in with to on from abroad hard late all again together now tonight today rn right up so really`)

// mention reads the clause for a possessive mention m0 ("my dog", "our
// boat"): it reports false when the mention says nothing of having the
// thing now ("I miss my dog", "I still think of my old car": missed or
// remembered, maybe gone, maybe only away), and sets c.neg when the clause
// says it is gone ("we lost our dog", "we had to give our dog away").
func (c *clause) mention(m0 string) bool {
	c.fore = false
	if i := strings.Index(c.text, m0); i >= 0 && missedBefore(c.text[:i]) {
		return false
	}
	c.neg = endedRE.MatchString(c.text) || lostMine(c.text, m0)
	return true
}

// lostMine reports whether the mention m0 in text is the thing lostMineRE
// says was lost or given away: "Losing my job gave me the push to start …
// my own dance studio" lost the job, not the studio.
func lostMine(text, m0 string) bool {
	i := strings.Index(text, m0)
	if i < 0 {
		return lostMineRE.MatchString(text)
	}
	for _, loc := range lostMineRE.FindAllStringIndex(text, -1) {
		if loc[0] <= i && i <= loc[1] {
			return true
		}
	}
	return false
}

// lostMineRE: a pet or a thing of one's own lost, or a pet put down or
// given away ("we lost our dog Buddy", "we had to put our dog down", "we
// had to give our cat away", "we rehomed our dog"): had, not had now.
var lostMineRE = regexp.MustCompile(`(?i)\b(?:lost|losing)\s+(?:my|our)\b|\bput\s+(?:my|our)\s+(?:[\w']+\s+){1,2}down\b|\b(?:give|gave|giving|given)\s+(?:my|our)\s+(?:[\w']+\s+){1,2}(?:away|up\s+for\s+adoption)\b|\b(?:gave|give|giving|given)\s+(?:away|up)\s+(?:my|our)\b|\brehom(?:e|ed|ing)\s+(?:my|our)\b`)

// missVerbs, just before a possessive mention, say the thing is missed or
// remembered, not had now.
var missVerbs = setOf(`miss misses missed missing remember remembered remembering mourn mourning grieve grieving grieved`)

// missedBefore reports whether the words before a mention end on a verb of
// missVerbs ("I really miss [my dog]", "still missing [our old cat]").
func missedBefore(before string) bool {
	ws := strings.Fields(strings.ToLower(before))
	for len(ws) > 0 && (ws[len(ws)-1] == "so" || ws[len(ws)-1] == "really" || ws[len(ws)-1] == "still") {
		ws = ws[:len(ws)-1]
	}
	return len(ws) > 0 && missVerbs[ws[len(ws)-1]]
}

// soldBefore reports whether the words before "my <thing>" at i in text
// give it away: "I sold my bike", "I'm selling my car", "I gave away my
// guitar".
func soldBefore(text string, i int) bool {
	ws := strings.Fields(strings.ToLower(text[:max(i, 0)]))
	if len(ws) > 0 && ws[len(ws)-1] == "away" {
		ws = ws[:len(ws)-1]
	}
	return len(ws) > 0 && (soldVerb[ws[len(ws)-1]] || ws[len(ws)-1] == "giving" || ws[len(ws)-1] == "given")
}

// ambiguousPets are pet words with a common other sense (a computer mouse,
// fish one catches or eats): a pet only with a name, "pet" or an adoption.
var ambiguousPets = map[string]bool{"mouse": true, "mice": true, "fish": true, "rat": true, "chicken": true, "pig": true,
	"goat": true, "turkey": true, "duck": true, "cow": true, "sheep": true}

// listRE is a list of three or more short items: "reading, watching
// movies, and exploring nature".
var listRE = regexp.MustCompile(`^([^,;:.!?]{2,40})((?:,\s+[^,;:.!?]{2,40}){1,6}),?\s+(?:and|or)\s+([^,;:.!?]{2,40})`)

// listItems returns the objects of a list of three or more items at the
// start of s, or nil when s does not start with one or any item is not an
// object ("I love Paris, it's like home, and …" is no list).
func listItems(s string) []string {
	m := listRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil
	}
	raw := []string{m[1]}
	for _, x := range strings.Split(m[2], ",") {
		if x = strings.TrimSpace(x); x != "" {
			raw = append(raw, x)
		}
	}
	raw = append(raw, m[3])
	var out []string
	for _, x := range raw {
		if len(strings.Fields(x)) > 4 {
			return nil
		}
		o := object(x)
		if o == "" {
			return nil
		}
		out = append(out, o)
	}
	return out
}

// beLike: "like" after a form of "be" is a preposition.
var beLike = regexp.MustCompile(`(?i)(?:'re|'m|'s|\bam|\bare|\bis|\bwas|\bwere|\bbe|\bbeen)(?:\s+(?:just|so|really|kinda|kind of|sort of|totally|all|both))*\s+like\s*$`)

// notOwned words before a thing say it is liked or wished for, not owned.
var notOwned = map[string]bool{"favorite": true, "favourite": true, "fave": true, "dream": true, "ideal": true,
	"future": true, "next": true, "ex": true, "former": true, "previous": true, "last": true}

// dwellings said as "my …" do not say the speaker owns them (a tenant says
// "my flat" too); "I bought a house" does.
var dwellings = map[string]bool{"house": true, "apartment": true, "flat": true, "condo": true, "place": true}

// compoundHeads are nouns that, after a pet or a thing owned, make it a
// modifier: "my horse painting" is a painting, "my gym membership" a card.
var compoundHeads = map[string]bool{"painting": true, "paintings": true, "drawing": true, "drawings": true,
	// "my business goals", "my business plan" (session 21)
	"goal": true, "goals": true, "plan": true, "plans": true, "idea": true, "ideas": true, "skills": true,
	"project": true, "projects": true, "membership": true, "card": true, "food": true, "bed": true, "toy": true,
	"toys": true, "show": true, "shows": true, "walker": true, "sitter": true, "park": true, "treats": true,
	"trainer": true, "training": true, "lover": true, "lovers": true, "owner": true, "owners": true, "collar": true,
	"leash": true, "cage": true, "photo": true, "photos": true, "picture": true, "pictures": true, "pic": true,
	"pics": true, "figure": true, "figurine": true, "costume": true, "shirt": true, "t-shirt": true, "poster": true,
	"print": true, "keys": true, "key": true, "seat": true, "insurance": true, "payment": true, "ride": true,
	"rides": true, "maintenance": true, "dealership": true, "wash": true, "repair": true, "repairs": true, "mechanic": true, "session": true, "sessions": true,
	"class": true, "classes": true, "lesson": true, "lessons": true, "routine": true, "buddy": true, "buddies": true,
	"friends": true, "crew": true, "group": true, "team": true, "community": true, "scene": true, "culture": true,
	"stuff": true, "life": true, "game": true, "games": true, "video": true, "videos": true, "account": true,
	"post": true, "posts": true, "page": true, "name": true, "logo": true, "sticker": true, "mug": true, "sketch": true,
	// "a flat tire", "a dog grooming business"
	"tire": true, "tires": true, "tyre": true, "tyres": true, "screen": true, "grooming": true, "groomer": true,
	"walking": true, "sitting": true, "daycare": true, "boarding": true}

// compoundAfter reports whether the word after the match in text is a
// compound head.
// carMakes are makes and models of cars said in lower case.
const carMakes = `honda|toyota|ford|chevy|chevrolet|subaru|bmw|tesla|prius|mazda|nissan|volkswagen|vw|audi|mercedes|kia|hyundai|volvo|civic|corolla|camry|mustang|dodge|jeep wrangler|mini cooper|lexus|porsche|ferrari|lamborghini|maserati|bentley|cadillac|buick|chrysler|mitsubishi|suzuki|fiat|peugeot|renault|skoda|alfa romeo|land rover|range rover|jeep|rivian|polestar`

// notModel are words after a make that name no model.
var notModel = setOf(`someday now today tomorrow daily everyday anymore though too lol haha again there here around`)

// driveForWorkRE: a vehicle driven for work is no vehicle owned.
var driveForWorkRE = regexp.MustCompile(`(?i)^\s*(?:for\s+(?:a\s+living|work|my\s+job|uber|lyft|a\s+company)|at\s+work|professionally)`)

func compoundAfter(match, text string) bool {
	i := strings.Index(text, match)
	if i < 0 {
		return false
	}
	rest := strings.Fields(text[i+len(match):])
	return len(rest) > 0 && compoundHeads[strings.ToLower(strings.Trim(rest[0], `"',.!;:`))]
}

// deictic first words of an object point at something shown or said
// ("Love the colors", "Love that!"), not at a lasting preference.
var deictic = map[string]bool{"the": true, "that": true, "this": true, "those": true, "these": true, "your": true,
	"how": true, "it": true, "them": true, "seeing": true, "hearing": true}

// notAfterLove: "Love" followed by these is a noun ("Love sure does bring
// us joy", "Love is all you need").
var notAfterLove = map[string]bool{"sure": true, "is": true, "was": true, "does": true, "did": true, "can": true,
	"will": true, "has": true, "makes": true, "brings": true, "wins": true, "conquers": true, "and": true,
	"you": true, "ya": true, "u": true, "it": true}

// genericPlan reports a plan that says nothing to keep: a continuation
// ("keep chasing my dreams", "stay positive") or a verb with only filler
// ("have a great time", "get started").
func genericPlan(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 {
		return true
	}
	if len(ws) == 1 {
		b, _ := gerundBase(ws[0])
		return !soloPlans[ws[0]] && !soloPlans[b] && !soloPastimes[ws[0]] && !soloPastimes[b] && !(eventNouns[ws[0]] && !tripWords[ws[0]]) && !appointmentWords[ws[0]] && !occasionWords[ws[0]] // "adopt", "moving", "ski", "concert", "interview" are plans; "go", "trip" are not
	}
	switch ws[0] {
	case "keep", "continue", "stay", "stick", "carry", "remain", "see", "seeing", "hear", "hearing", "know",
		"knowing", "chat", "chatting", "talk", "talking", "catch":
		return true // a continuation, or looking forward to news
	case "kill", "killing", "murder", "murdering", "strangle", "strangling", "die", "dying", "cry", "crying",
		"scream", "screaming", "explode", "exploding", "faint", "fainting", "puke", "puking":
		return true // "I'm going to kill my brother lol": a manner of speaking
	case "be":
		for _, w := range ws[1:] {
			if evaluative[w] || planFiller[w] && w != "a" && w != "an" && w != "the" || w == "amazing" || w == "exciting" || w == "epic" {
				return true // "be an amazing experience"
			}
		}
	case "have", "get", "make", "do", "take", "give", "bring", "buy", "find":
		if ws[0] == "get" && len(ws) > 2 && ws[1] == "into" && !articleRE.MatchString(ws[2]+" ") && !pronoun[ws[2]] {
			break // "get into local politics": a field taken up; not "get into the car"
		}
		if len(ws) > 1 && danglingPrep[ws[1]] && (!articleRE.MatchString(ws[1]+" ") || (len(ws) > 2 && lightNouns[ws[2]])) {
			return true // "[the connection I'd like to] have with Toby": the object is elsewhere
		}
	}
	for _, w := range ws[1:] {
		if abstractPlan[strings.Trim(w, `"',.!;:`)] {
			return true // "raise awareness", "build more memories", "make a difference": an aim, not a plan written down
		}
	}
	if len(ws) == 2 && (ws[1] == "myself" || ws[1] == "ourselves" || ws[1] == "me" || ws[1] == "us") {
		return true // "[I want to] take myself [and my partner to Lisbon]": the object is cut off
	}
	if len(ws) == 2 && ws[1] == "home" && ws[0] != "move" && ws[0] != "moving" {
		return true // "flying home", "heading home": no place named ("moving home" is a move)
	}
	for _, w := range ws[1:] {
		if !planFiller[strings.Trim(w, `"',.!;:`)] {
			return false
		}
	}
	return true
}

// abstractPlan are objects of an aim or an errand rather than of a plan
// one would write down ("raise awareness", "bring some snacks"; no dev
// label holds one).
var abstractPlan = setOf(`awareness memories memory difference impact change progress conversations conversation moments
	experience experiences snack snacks`)

// lostJobAt is the employer named after "lost my job at" ("Door Dash",
// "the mechanical engineering company" → "mechanical engineering
// company"), or "".
func lostJobAt(at string) string {
	if strings.TrimSpace(at) == "" {
		return ""
	}
	o := org(at)
	if o == "" || strings.HasPrefix(o, "\x01") || pronoun[strings.ToLower(o)] {
		return ""
	}
	return o
}

// pickedUpRE: "picked up" something to read or use, not a venture begun.
var pickedUpRE = regexp.MustCompile(`(?i)\bpicked\s+up\b`)

// tripWords need where to: "a trip" alone is no plan written down (the
// travels_to fact says where).
var tripWords = setOf(`trip visit vacation holiday getaway cruise tour road-trip adventure`)

// soloPastimes are pastimes that make a plan on their own ("we're planning
// to ski").
var soloPastimes = setOf(`ski skiing surf surfing swim swimming hike hiking camp camping skate skating snowboard snowboarding
	kayak kayaking fish fishing climb climbing dance dancing jog jogging cycle cycling sail sailing dive diving`)

var planFiller = map[string]bool{"a": true, "an": true, "the": true, "some": true, "great": true, "good": true,
	"awesome": true, "amazing": true, "fun": true, "blast": true, "time": true, "started": true, "going": true,
	"back": true, "out": true, "there": true, "here": true, "ready": true, "it": true, "better": true, "best": true,
	"done": true, "lot": true, "lots": true, "of": true, "more": true, "nice": true, "so": true, "much": true,
	"really": true, "this": true, "that": true, "again": true, "together": true, "soon": true, "well": true,
	"on": true, "up": true, "over": true, "at": true, "to": true, "with": true, "you": true, "them": true, "in": true,
	"new": true, "my": true, "our": true, "everyone": true, "everybody": true, "special": true, "extraordinary": true, "incredible": true, "journey": true, "pics": true, "pictures": true, "photos": true, "selfies": true, "notes": true, "hard": true, "harder": true, "hardest": true, "things": true, "thing": true, "stuff": true, "something": true, "everything": true}

// planVerbs start a plan worth keeping when no date is said ("I want to
// adopt a child", not "I want to find the best spot").
// planList splits a list of verb phrases ("ski, try the local cuisine,
// and enjoy the views") when each item opens with a verb of planVerbs,
// hobbyVerbs or listVerbs; otherwise it is the one phrase as written.
func planList(s string) []string {
	parts := planListRE.Split(strings.TrimSpace(s), -1)
	if len(parts) < 2 {
		return []string{s}
	}
	var out []string
	for _, p := range parts {
		ws := strings.Fields(strings.ToLower(p))
		if len(ws) == 0 || !(planVerbs[ws[0]] || hobbyVerbs[ws[0]] || listVerbs[ws[0]]) {
			break
		}
		out = append(out, p)
	}
	if len(out) < 2 {
		return []string{s}
	}
	return out
}

var (
	planListRE = regexp.MustCompile(`(?i)\s*,\s*(?:and\s+|or\s+|then\s+)?|\s+(?:and|or)\s+(?:then\s+|also\s+|maybe\s+)?`)
	listVerbs  = setOf(`enjoy explore see check eat take make spend relax hang catch watch meet do have sightsee shop tour`)
)

var planVerbs = map[string]bool{"visit": true, "travel": true, "move": true, "start": true, "open": true, "adopt": true,
	"buy": true, "get": true, "learn": true, "try": true, "go": true, "volunteer": true, "host": true, "become": true,
	"be": true, "launch": true, "write": true, "pursue": true, "join": true, "expand": true, "expanding": true,
	"study": true, "apply": true, "run": true, "build": true, "create": true, "release": true, "publish": true,
	"record": true, "retire": true, "marry": true, "propose": true, "compete": true, "attend": true, "enroll": true,
	"sign": true, "take": true, "have": true, "quit": true, "change": true, "switch": true, "found": true,
	"teach": true, "train": true, "climb": true, "hike": true, "see": false, "finish": true, "complete": true,
	"organize": true, "plan": true, "throw": true, "celebrate": true, "renovate": true, "paint": true,
	"mentor": true, "coach": true, "perform": true, "sell": true, "invest": true, "save": true, "foster": true,
	"raise": true, "remodel": true, "redo": true, "grow": true, "donate": true, "fundraise": true}

// adjNotCompound are words before an ownable that are not part of its name
// ("my new car", "my own studio").
var adjNotCompound = map[string]bool{"own": true, "new": true, "old": true, "first": true, "little": true, "trusty": true,
	"very": true, "favorite": true, "favourite": true, "dream": true, "whole": true, "beautiful": true, "lovely": true,
	"small": true, "big": true, "local": true, "a": true, "an": true, "the": true, "my": true, "our": true}

// loveVerbRE: the verb after "my love for …" said as a subject.
var loveVerbRE = regexp.MustCompile(`\s+(?:started|began|grew|is|was|has|had|came|went|will|would|kept|ran|took|led|made|helped)\b`)

// pronounBefore: s ends in a pronoun subject ("the friendships I've"), so
// the verb after it is a relative clause's, not the love's.
func pronounBefore(s string) bool {
	ws := strings.Fields(strings.ToLower(s))
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "i", "i've", "i'd", "we", "we've", "you", "you've", "they", "they've", "he", "she":
		return true
	}
	return false
}

// openedRE and businessRE: a business opened, launched or founded is a
// venture started.
var (
	openedRE = regexp.MustCompile(`(?i)\b(?:opened|launched|founded|set\s+up)\b`)
	// "I opened the store at 6am": a shift, not a venture
	openedTheRE = regexp.MustCompile(`(?i)\b(?:opened|set\s+up)\s+the\b`)
	businessRE  = regexp.MustCompile(`^(?:` + businessKinds + `|brand|label|gym)$`)
)

func lastWord(p string) string {
	ws := strings.Fields(p)
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// vehicleStartRE: "started" before a vehicle is an engine started, not a
// business founded.
var vehicleStartRE = regexp.MustCompile(`(?i)\bstarted\s+(?:the|my|our|a|an)?\s*(?:\w+\s+)?(?:car|truck|boat|motorcycle|motorbike|bike)\b`)

// sinceNextRE starts a clause of its own that says since when: "I've lived
// in Florida | since I was 8", "… | ever since we got married".
var sinceNextRE = regexp.MustCompile(`(?i)^\s*,?\s*(?:ever\s+)?since\b`)

// livedForRE: a stay measured up to now ("for ten years", "since 2019",
// "all my life").
var livedForRE = regexp.MustCompile(`(?i)\blived\s+in\s+.*\b(?:for\s+(?:almost\s+|nearly\s+|about\s+|over\s+|around\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|many|several|a\s+few|a\s+couple)\b|since\b|all\s+my\s+life)`)

// praiseAdj are words of praise before a thing named ("this amazing
// chocolate tart"): no part of its name.
var praiseAdj = setOf(`amazing awesome delicious lovely incredible cool fantastic wonderful beautiful yummy tasty gorgeous epic perfect`)

// tripAheadRE: what a trip "is" that puts it ahead: "my Japan trip is
// booked", "our trip to Peru is next month", "is coming up".
var tripAheadRE = regexp.MustCompile(`(?i)^\s*(?:is|'s)\s+(?:(?:all|finally|officially|now|already)\s+)*(?:booked|planned|set|confirmed|sorted|coming\s+up|happening|next\s+(?:week|month|year|spring|summer|autumn|fall|winter)|soon|in\s+(?:` + monthRE + `|\d+\s+(?:days?|weeks?|months?)|a\s+(?:few\s+)?(?:days?|weeks?|months?)|two\s+weeks|three\s+weeks)|going\s+to\s+be)\b`)

// tripAhead reports whether the trip named by m in text is said to be
// ahead ("my Japan trip is booked").
func tripAhead(text, m string) bool {
	if strings.Contains(strings.ToLower(m), " time ") {
		return false // "my time in Paris is …": a stay, not a trip
	}
	i := strings.Index(text, m)
	if i < 0 {
		return false
	}
	rest := text[i+len(m):]
	if j := strings.LastIndex(strings.ToLower(m), " is"); j >= 0 && j == len(m)-3 {
		rest = m[j:] + rest // the rule's match ends with its "is"
	}
	return tripAheadRE.MatchString(rest)
}

// petApposRE: what follows a pet's name set off by a comma ("we have a
// cat, Miso, he is 12"): the appositive's closing comma or the end.
var petApposRE = regexp.MustCompile(`^\s*(?:,|$|[.!]|\s+(?:who|which)\b)`)

// progressiveRE is a first-person progressive: "I'm presenting …", "we are
// moving out of …".
var progressiveRE = regexp.MustCompile(fpbe + aux + `\s+((?i:[a-z]+ing)\b.*)`)

// scheduleRE is a first-person clause in the present simple with a verb of
// something scheduled: with a date ahead it says a plan, as a progressive
// does ("I start my new job on Monday", "we fly out on the 3rd").
var scheduleRE = regexp.MustCompile(`(?i:^(?:(?:and|so|then|also|ok|okay|btw)[,\s]+)*(?:i|we)(?:\s+(?:then|also|finally|officially|actually|only))*\s+)((?i:start|begin|leave|fly|graduate|retire|defend|present|perform|compete|race|head|return|arrive|land|depart)\b.*)`)

// progressivePlan reads any first-person progressive with a date ahead as a
// plan ("I'm presenting the new rota at Monday's meeting", "I am moving out
// of my flat at the end of May") when no rule read a plan, a trip or
// another foresight in the clause: it runs after every rule and the tagged
// reader. The verbs of feeling and of trying are no plan ("I'm hoping for
// sun tomorrow"), nor a trip the trip rules read, nor a time where the
// object would be ("I'm leaving the day after tomorrow").
func (c *clause) progressivePlan() {
	if !c.hasDate || !c.date.After(day(c.at)) {
		return
	}
	for _, f := range c.facts {
		if f.Kind == Foresight {
			return
		}
	}
	loc := progressiveRE.FindStringSubmatchIndex(c.text)
	if loc == nil {
		// "I start at the Royal Botanic Garden in September", "then we
		// fly to Oslo on Friday": a schedule said in the present.
		if loc = scheduleRE.FindStringSubmatchIndex(c.text); loc == nil {
			return
		}
	}
	defer func() { c.neg, c.fore = false, false }()
	if !c.mode(c.text[:loc[2]]) || c.neg {
		return // a question, a hedge, a negation: no plan
	}
	p := trimRefTail(cut(c.text[loc[2]:loc[3]]))
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) < 2 || len(ws) > 8 || notPlanIng[ws[0]] || badObject(p) || pronounObject[ws[1]] || timeWords[ws[1]] ||
		len(ws) > 2 && ws[1] == "the" && timeWords[ws[2]] {
		return
	}
	if tripIng[ws[0]] && (ws[1] == "to" || ws[1] == "back" || ws[1] == "home" || ws[1] == "down" || ws[1] == "up" || ws[1] == "over" || ws[1] == "out") {
		return // "I'm coming to Accra in February": a trip, the trip rules' to read
	}
	c.fore = true
	c.add(c.speaker, "plans", p, Foresight, confPlan-4)
}

// notPlanIng are the -ing words after "I'm" that say how one is, not what
// one will do, even with a date beside them ("I'm hoping for sun
// tomorrow", "I'm dreading Monday").
var notPlanIng = setOf(`feeling thinking hoping wondering trying looking waiting dying loving enjoying hating dreading
	struggling counting guessing assuming expecting praying getting being going bring kidding joking wishing worrying
	stressing freaking panicking missing craving considering debating planning asking saying telling talking
	recovering retiring turning coming`)

// timeWords start what a clause says of when, not of what.
var timeWords = setOf(`today tonight tomorrow tmrw yesterday next this later soon early evening morning afternoon day week
	weekend month year`)

// tripIng are the verbs of a journey; with "to", "back", "home" after them
// the trip rules read the clause.
var tripIng = setOf(`coming going flying heading driving travelling traveling returning popping nipping`)

// pronounObject are the words after a verb that leave what is done unsaid
// ("we're making ours this weekend"); not rules.go's pronoun, which also
// holds "to", "the" and "a".
var pronounObject = setOf(`it that this them ours mine yours theirs his hers one some something`)

// fpLeadRE is a clause that opens with the first person.
var fpLeadRE = regexp.MustCompile(`(?i)^(?:i|i'm|im|i've|we|we're|we've)\b`)

// bookedFor are the things booked for the sake of something else: a room,
// a seat, a ride, time off.
var bookedFor = setOf(`flight flights ticket tickets hotel hotels hostel room rooms table hall venue airbnb cabin apartment flat
	seat seats taxi cab car train bus ferry day days time slot place spot accommodation ryokan villa cottage house b&b campsite
	pitch babysitter sitter it them everything off`)

// bookedOccasion reports whether what a booking is for is an occasion
// ("the family meeting", "the wedding"), not the people it is for ("the
// whole family") or when ("the first week of April").
func bookedOccasion(q string) bool {
	h := strings.ToLower(lastWord(headPrepRE.Split(q, 2)[0]))
	h = strings.TrimSuffix(h, "s")
	return eventNouns[h] || courseWord[h] || occasionWords[h]
}

// occasionWords are occasions a booking is for, beside the event nouns.
var occasionWords = setOf(`meeting birthday anniversary dinner lunch brunch party interview appointment exam date shoot
	weekend-away honeymoon christening funeral memorial celebration launch`)

// forWordRE is the "for" that says what a booking is for.
var forWordRE = regexp.MustCompile(`(?i)\s+for\b`)

// headPrepRE ends a noun phrase's head at its first preposition ("flights
// to Lisbon", "a swim with the club").
var headPrepRE = regexp.MustCompile(`(?i)\s+(?:to|in|at|with|from|on|near|by)\s+`)

// bookedForRE is what a booking is for: "the hall for the family meeting".
var bookedForRE = regexp.MustCompile(`(?i)\bfor\s+((?:a|an|the|my|our)\s+.+)`)

// courseWord are what one is enrolled in once booked.
var courseWord = setOf(`course class classes lesson lessons workshop retreat camp bootcamp program programme`)

// occasionHead reports whether a noun phrase ends in an occasion one goes
// to or has: an event, a course, an appointment.
func occasionHead(p string) bool {
	h := strings.ToLower(lastWord(p))
	return eventNouns[h] || eventNouns[strings.TrimSuffix(h, "s")] || courseWord[h] || occasionWords[h] || appointmentWords[h]
}

// appointmentWords are what one has on a date besides events and courses.
var appointmentWords = setOf(`appointment interview exam exams test surgery operation physio checkup check-up scan
	hearing trial audition presentation defence defense viva recital match game tournament race marathon half
	flight move`)

// degreeDoneRE: a degree had, finished or left, not being studied.
var degreeDoneRE = regexp.MustCompile(`(?i)\b(?:got|get|earned|received|finished|finish|completed|complete|did|graduated|dropped\s+out|quit|left|have|had|hold|defended|submitted|passed)\b`)

// onlyPlaceBefore is the one known place the turn names before the clause
// ("Hanoi! I was there in 2019": Hanoi), or "" for none or several.
func (c *clause) onlyPlaceBefore() string {
	before := c.turn
	if i := strings.Index(c.turn, c.raw); i > 0 {
		before = c.turn[:i]
	} else if c.sent != "" {
		if i := strings.Index(c.turn, c.sent); i > 0 {
			before = c.turn[:i]
		} else {
			return ""
		}
	} else {
		return ""
	}
	found := ""
	for _, n := range placeNameRE.FindAllString(before, -1) {
		p := place(n)
		if p == "" || !knownPlace(p) || lexNames.has(p) {
			continue
		}
		if found != "" && found != p {
			return ""
		}
		found = p
	}
	return found
}

// placeNameRE finds capitalised names in running text.
var placeNameRE = regexp.MustCompile(nameRE)
