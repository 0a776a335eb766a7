package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// upcomingRE: a trip said to be ahead.
var upcomingRE = regexp.MustCompile(`(?i)\b(?:upcoming|next|planned|long-awaited)\b`)

// awayRE marks a clause said away from home.
var awayRE = regexp.MustCompile(`(?i)\b(?:trip|vacation|holiday|visit|visiting|travel|travell?ing|while|tour|touring|stay|staying|conference|honeymoon|weekend\s+in|few\s+days|week\s+in)\b`)

// comingUpRE: what is said to be ahead.
var comingUpRE = regexp.MustCompile(`(?i)\b(?:coming\s+up|planned|booked|lined\s+up|scheduled|upcoming)\b`)

// petItemRE is one item of a list of pets.
var petItemRE = regexp.MustCompile(`(?i:an?|one|two|three|four|five|\d+)\s+(?:\w+\s+)?(?i:` + pet + `(?:s|es)?)\b`)

// pastAuxRE: a past progressive or perfect ("I was learning", "I had been").
var pastAuxRE = regexp.MustCompile(`(?i)\b(?:was|were|had)\b`)

var tripWord = setOf(`trip vacation holiday getaway visit`)

// Rules for casual conversation in general (session 8): constructions of
// how people talk about what they like, own and plan that the rules before
// did not read. Each is written for chat in general, goes through
// clause.mode like every rule (questions, second person, conditions,
// hedges, negation), and has positive and negative cases in
// general_test.go.

// fanModifiers are words before the liked thing that only say how much
// ("a huge coffee lover").
var fanModifiers = setOf(`huge big massive total real true die-hard diehard lifelong longtime long-time major serious
	hardcore avid passionate enormous giant absolute complete crazy mega super such bit little
	newly converted self-proclaimed self-confessed proud certified new recent`)

func init() {
	rules = append(rules,
		// "I'm a huge coffee lover", "we're big Lakers fans", "I'm a
		// history buff": what stands before the word for a devotee is liked.
		r(fpbe+aux+`(?i:\s+(?:an?\s+)?)((?:[\w'-]+\s+){1,4}?)(?i:lovers?|fans?|enthusiasts?|buffs?|junkies?|fanatics?|aficionados?|addicts?|geeks?|nerds?)\b`, 1, func(c *clause, m []string) {
			ws := strings.Fields(m[1])
			prev := ""
			for len(ws) > 0 && (fanModifiers[strings.ToLower(ws[0])] || len(ws) > 1 && (strings.EqualFold(ws[0], "of") || strings.EqualFold(ws[0], "a") && prev == "of")) {
				prev = strings.ToLower(ws[0])
				ws = ws[1:] // "a bit of a coffee addict"
			}
			for _, w := range ws {
				lw := strings.ToLower(w)
				if formerRE.MatchString(lw) || strings.ContainsAny(lw, "0123456789") {
					return // "a recovering sugar addict", "a former coffee addict", "a 30-year-old music lover"
				}
			}
			if len(ws) == 0 || len(ws) > 3 {
				return // "I'm a huge fan": of what was said elsewhere
			}
			p := strings.Join(ws, " ")
			lw := strings.ToLower(p)
			if evaluative[strings.ToLower(ws[0])] || pronoun[lw] || badObject(p) || notJobs[lw] || strings.HasSuffix(lw, "ly") {
				return
			}
			if c.neg { // "I'm not a coffee lover"
				c.neg = false
				c.add(c.speaker, "dislikes", p, World, confPref-2)
				return
			}
			c.add(c.speaker, "likes", p, World, confPref-2)
		}),
		// "I find painting really relaxing", "we find cooking therapeutic".
		r(fp+aux+`(?i:\s+find)\s+([a-z]+ing(?:\s+[a-z'-]+){0,4}?)(?i:\s+(?:(?:so|really|very|super|quite|pretty|incredibly|deeply|truly|always)\s+)*(?:relaxing|therapeutic|calming|soothing|rewarding|fulfilling|enjoyable|fun|meditative|peaceful|satisfying))\b`, 1, func(c *clause, m []string) {
			if p := object(m[1]); p != "" && isGerund(strings.Fields(p)[0]) && !vague[strings.ToLower(strings.Fields(p)[0])] {
				c.add(c.speaker, "likes", p, World, confPref-4)
			}
		}),
		// "a rock concert here in Boston", "the weather here in Denver":
		// where the speaker is at home. Not said on a trip ("while I'm here
		// in Rome", "our vacation here in Bali").
		rule{re: regexp.MustCompile(`(?i:\bhere\s+in\s+(?:the\s+)?)` + nm), claim: 1, raw: true, fn: func(c *clause, m []string) {
			if awayRE.MatchString(c.raw) || hereAwayRE.MatchString(c.raw) {
				return // "here in Paris for the week", "stuck here in Chicago"
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) {
				c.add(c.speaker, "lives_in", p, World, confMention+2)
			}
		}},
		// Time given to a pastime: "I spend most of my free time reading",
		// "lately I've been spending a lot of time painting".
		r(fp+aux+`(?i:\s+(?:spend|spends|spending)\s+(?:(?:a\s+lot\s+of|lots\s+of|most\s+of|much\s+of|all\s+of|so\s+much|a\s+ton\s+of|every\s+bit\s+of)\s+)?(?:my|our)?\s*(?:(?:free|spare|down|weekend)\s*)?(?:time|weekends|evenings|afternoons|mornings|days|nights|summers)\s+)([a-z]+ing\b.*)`, 1, func(c *clause, m []string) {
			p := object(m[1])
			if p == "" {
				return
			}
			ws := strings.Fields(strings.ToLower(p))
			if !(hobbyGerund(ws[0]) || activityGerund[ws[0]]) || ws[0] == "working" || len(ws) > 5 {
				return // "spending time thinking", "spending my days working", "spending time remembering my mom"
			}
			c.add(c.speaker, "likes", p, World, confPref-4)
		}),
		// A skill being learnt is a pastime: "I'm learning to play the
		// guitar", "I've been teaching myself to code", "I'm learning
		// Spanish".
		r(fp+aux+`(?i:\s+(?:learning|teaching\s+myself|trying\s+to\s+learn))\s+(.+)`, 1, func(c *clause, m []string) {
			if c.fore || c.neg || pastAuxRE.MatchString(m[0]) || pastLikingRE.MatchString(c.raw) {
				return // "when I was learning how to dance": then, not now
			}
			p := trimTail(cut(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 6 {
				return
			}
			if rest := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(p), "how "), "to "), "the "); rest == "" || badObject(rest) {
				return // "learning to love it"
			}
			skill := false
			switch {
			case (ws[0] == "to" || ws[0] == "how") && len(ws) > 1:
				v := ws[1]
				if ws[0] == "how" && len(ws) > 2 && ws[1] == "to" {
					v = ws[2]
				}
				skill = hobbyVerbs[v] && v != "learn" && v != "be"
			case len(ws) == 1:
				skill = lexNationalities.has(p) || ownedThing(ws[0]) || activity[ws[0]] // "learning Spanish", "learning guitar", "learning pottery"
			case len(ws) == 2 && (ws[0] == "the" || ws[0] == "a"):
				skill = ownedThing(ws[1]) // "learning the cello"
			}
			if !skill {
				return // "learning a lot", "learning to be patient"
			}
			c.add(c.speaker, "likes", "learning "+p, World, confPref-6)
		}),
		// A pastime missed is a pastime liked: "I really miss painting",
		// "I miss playing the guitar" (not "I miss you", "I miss my mom").
		r(fp+aux+`(?i:\s+miss(?:\s+(?:being\s+able\s+to|having\s+time\s+for))?)\s+([a-z].*)`, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			p := object(m[1])
			if p == "" {
				return
			}
			ws := strings.Fields(strings.ToLower(p))
			if !(hobbyGerund(ws[0]) || activityGerund[ws[0]] || len(ws) == 1 && activity[ws[0]] || len(ws) <= 2 && pastimeWords[ws[len(ws)-1]]) || len(ws) > 5 {
				return
			}
			c.add(c.speaker, "likes", p, World, confPref-6)
		}),
		// "I got really into photography", "we've gotten into board games".
		r(fp+aux+`(?i:\s+(?:got|gotten|getting)\s+(?:(?:really|so|super|very|totally|more|seriously|big)\s+)*into)\s+(.+)`, 1, func(c *clause, m []string) {
			if c.fore || articleRE.MatchString(m[1]) {
				return // "hoping to get into politics": a wish; "got into the accident", "into a scrape": not a pastime
			}
			p := object(m[1])
			if p == "" || isGerund(strings.Fields(p)[0]) {
				return // a gerund is a pastime taken up (chat.go)
			}
			if i := strings.Index(strings.ToLower(p), " during "); i > 0 {
				p = p[:i] // "got into yoga during lockdown": when, not what
			}
			// "I got into Stanford", "got into trouble", "got into debt": a
			// place won or a plight. Only a pastime, or "really/so into".
			lp := strings.ToLower(p)
			if notPastime[strings.Fields(lp)[0]] || !gotIntoKeenRE.MatchString(m[0]) && !pastimeObject(lp) {
				return
			}
			for _, q := range splitGerunds(p) {
				c.add(c.speaker, "likes", q, World, confPref-4)
			}
		}),
		// "Music has always been a big part of my life", "Running is a huge
		// part of who I am".
		r(`(?i:^([a-z][a-z\-']+(?:\s+[a-z][a-z\-']+){0,3}))(?i:\s+(?:is|has\s+(?:always\s+)?been|has\s+become)\s+(?:always\s+|really\s+|definitely\s+)?(?:a|such\s+a)\s+(?:(?:big|huge|major|important|massive|key|central|large|core)\s+)?part\s+of\s+(?:my\s+life|who\s+i\s+am|me|my\s+(?:days?|routine|week|identity)))\b`, 1, func(c *clause, m []string) {
			if articleRE.MatchString(m[1]+" ") && !strings.HasPrefix(strings.ToLower(m[1]), "a ") {
				return // "My family is a huge part of my life": someone, not a pastime
			}
			if sadlyRE.MatchString(c.raw) {
				return // "Drinking is a big part of my life, sadly"
			}
			// Only a pastime: "Cancer is a big part of my life", "Anxiety …"
			// are no likings.
			if p := object(m[1]); p != "" && !strings.HasPrefix(strings.ToLower(p), "it") && relKey(lastWord(p)) == "" && pastimeObject(strings.ToLower(p)) {
				c.add(c.speaker, "likes", p, World, confPref-4)
			}
		}),
		// A thing shown or spoken of and then said to be one's own: "this
		// guitar I keep by my bed", "that Ford Mustang I found in a
		// junkyard", "the Prius we bought".
		r(`(?:^|\b)(?i:this|that|the)\s+((?:\p{Lu}[\p{L}\w-]*\s+){0,2}[\w-]+)\s+(?i:(?:i|we)\s+(?:just\s+|recently\s+|finally\s+)?(?:keep|have|had\s+restored|bought|restored|built|own|picked\s+up|rebuilt))\b`, 1, func(c *clause, m []string) {
			p := m[1]
			ws := strings.Fields(p)
			h := strings.ToLower(ws[len(ws)-1])
			if strings.Contains(strings.ToLower(m[0]), "i had") || compoundAfter(m[0], c.text) {
				return
			}
			// Only a thing of the owned list ("this guitar I keep"), or a make
			// bought or restored ("the Prius we bought"): not "this podcast I
			// found", "the Uber I got", "the garden I keep at my grandma's".
			lm := strings.ToLower(m[0])
			made := strings.Contains(lm, "bought") || strings.Contains(lm, "restored") || strings.Contains(lm, "built") || strings.Contains(lm, " own")
			if ownedThing(h) || made && properName(p) && len(ws) <= 3 && !lexPlaces.has(p) && !lexNationalities.has(p) && !notMakes[strings.ToLower(ws[0])] {
				c.add(c.speaker, "owns", p, World, confPref-4)
			}
		}),
		// Pets listed after one verb: "we have two dogs and a cat", "I've
		// got a dog, two cats and a parrot".
		r(fp+aux+`(?i:\s+(?:have|has|got|'ve\s+got|have\s+got|own|adopted|rescued))\s+((?i:an?|one|two|three|four|five|\d+)\s+(?:\w+\s+)?(?i:`+pet+`)(?i:s|es)?(?:\s*(?:,|,?\s+and)\s+(?i:an?|one|two|three|four|five|\d+)\s+(?:\w+\s+)?(?i:`+pet+`)(?i:s|es)?)+)\b`, 1, func(c *clause, m []string) {
			for _, it := range petItemRE.FindAllStringSubmatch(m[1], -1) {
				k := strings.ToLower(it[1])
				if ambiguousPets[singular(k)] {
					continue
				}
				c.add(c.speaker, "has_pet", k, World, confPref)
			}
		}),
		// "Big fan of jazz", "huge fan of the Lakers": "I'm a" left out.
		r(`(?i:^(?:an?\s+)?(?:huge|big|massive|great|die-hard|diehard|longtime|long-time|lifelong|total|true|such\s+a)\s+fan\s+of)\s+(.+)`, 1, func(c *clause, m []string) {
			for _, p := range splitGerunds(object(m[1])) {
				c.add(c.speaker, "likes", p, World, confPref)
			}
		}),
		// "My favorite thing to do is hiking", "my favourite way to relax is
		// reading": the pastime is liked.
		r(`(?i:\bmy\s+(?:all-time\s+|absolute\s+|very\s+)?favou?rite\s+(?:things?|ways?|activity|activities|pastimes?)\s+to\s+(?:do|relax|unwind|de-stress|destress|spend\s+(?:my\s+)?(?:time|weekends|free\s+time)|pass\s+the\s+time|chill)(?:\s+(?:on|at|in|during)\s+(?:the\s+)?(?:weekends?|night|evenings?|summer|winter|free\s+time|my\s+free\s+time|my\s+spare\s+time))?\s+(?:is|are)\s+)(.+)`, 1, func(c *clause, m []string) {
			for _, p := range splitGerunds(object(m[1])) {
				c.add(c.speaker, "likes", p, World, confPref)
			}
		}),
		// A wish something caused: "it made me even more determined to
		// adopt", "that trip made me want to learn Spanish".
		r(`(?i:\b(?:made|makes|has\s+made|have\s+made)\s+me\s+(?:(?:even|so|really|much|all\s+the)\s+)*(?:more\s+)?(?:want\s+to|determined\s+to|eager\s+to|keen\s+to|excited\s+to|ready\s+to|decide\s+to))\s+([a-z].*)`, 1, func(c *clause, m []string) {
			p := trimRefTail(cut(m[1]))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 8 || badObject(p) || hasForesight(c) || !(len(ws) == 1 && soloPlans[ws[0]] || len(ws) > 1 && planVerbs[ws[0]] && ws[0] != "be") {
				return
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
		// "We just celebrated our fifth wedding anniversary": married.
		r(fp+aux+`(?i:\s+(?:celebrated|celebrate|celebrating|had|marked))\s+(?i:our)\s+(?:[\w-]+\s+)?(?i:wedding\s+anniversary)`, 0, func(c *clause, m []string) {
			c.add(c.speaker, "married", "married", Experience, confEvent-4)
		}),
		// A degree got: "I got my degree in biology", "I earned my master's".
		r(fp+aux+`(?i:\s+(?:got|earned|received|finished|completed))\s+(?i:my|a|an|the)\s+((?i:(?:bachelor's|master's|masters|bachelors|phd|doctorate|associate's|law|nursing|teaching|engineering|college|university)\s+)?(?i:degree|diploma|phd|doctorate|master's|masters)(?:\s+in\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)?)`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			c.add(c.speaker, "completed", m[1], Experience, confEvent)
		}),
		// Time to be spent somewhere: "we're spending Christmas in Vermont",
		// "I'll be spending the summer in Spain".
		r(`(?:`+fpbe+`|(?i:\b(?:i'll|i\s+will|we'll|we\s+will)\s+be))(?i:\s+(?:also\s+)?spending\s+(?:(?:the|a|two|three|a\s+few|a\s+couple\s+of|my|our)\s+)?(?:[\w-]+\s+){0,2}?(?:in|at))\s+`+nm, 1, func(c *clause, m []string) {
			if !spendTimeRE.MatchString(m[0]) {
				return // "we're spending a fortune in London": money, not time
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) && !c.known[p] {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),
		// Tickets got: "I've got tickets to see Coldplay next month".
		r(fp+aux+`(?i:\s+(?:got|have|bought|booked|scored|snagged|'ve\s+got))\s+(?i:(?:some\s+)?tickets?\s+(?:to|for)\s+(?:see\s+)?)(.+)`, 1, func(c *clause, m []string) {
			if strings.Contains(strings.ToLower(m[0]), "had") {
				return
			}
			if lead := strings.ToLower(strings.TrimSpace(m[0][:strings.LastIndex(m[0], m[1])])); strings.HasSuffix(lead, " for") && forSomeoneText("for "+m[1]) {
				return // "I got tickets for my parents to see Hamilton": theirs
			}
			if p := object(m[1]); p != "" && len(strings.Fields(p)) <= 5 {
				c.fore = true
				t := strings.TrimSpace(m[0][strings.Index(strings.ToLower(m[0]), "ticket"):strings.LastIndex(m[0], m[1])])
				c.add(c.speaker, "plans", t+" "+p, Foresight, confPlan-2) // "tickets to see Coldplay": "see Coldplay" alone reads as a generic plan
			}
		}),
		// "I recently became a volunteer at the library", "I'm now a
		// volunteer with the Red Cross".
		r(fp+aux+`(?i:(?:\s+(?:became|become))?\s+a\s+(?:(?:regular|weekly|new)\s+)?volunteer\s+(?:at|with|for))\s+(.+)`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			if o := org(m[1]); o != "" {
				c.add(c.speaker, "volunteers_at", o, World, confLoose)
			}
		}),
		// A placing is a win: "I got first place in the science fair", "we
		// took second place at the tournament", "I placed third".
		r(fp+aux+`(?i:\s+(?:got|took|placed|finished|came\s+in|came|won|earned|grabbed|snagged))\s+((?i:first|second|third|1st|2nd|3rd)(?:\s+place)?(?:\s+(?:in|at)\s+(?:the\s+|a\s+|my\s+)?[\w'-]+(?:\s+[\w'-]+){0,3})?)`, 1, func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			lm := strings.ToLower(m[0])
			if !strings.Contains(lm, "place") && !strings.Contains(lm, "placed") && !strings.Contains(lm, "came") && !strings.Contains(lm, "finished") {
				return // "I got first dibs", "took first steps"
			}
			if strings.Contains(lm, " won ") {
				return // read by the win rule
			}
			// "I came first, so I got the best seat", "finished first, then
			// went home": a placing is a win only said with "place" or a
			// contest it was in; "third from the bottom", "second to last",
			// "first in line" are none.
			rest := strings.ToLower(strings.TrimSpace(c.text[strings.Index(c.text, m[0])+len(m[0]):]))
			if strings.Contains(lm, " in line") || strings.Contains(lm, " at line") || strings.HasPrefix(rest, "from the bottom") || strings.HasPrefix(rest, "to last") ||
				strings.HasPrefix(rest, "in line") || strings.HasPrefix(rest, "last") {
				return
			}
			if !strings.Contains(lm, "place") && !strings.Contains(lm, "prize") && !placingInRE.MatchString(m[1]) {
				return
			}

			c.add(c.speaker, "won", strings.TrimSpace(cut(m[1])), Experience, confEvent)
		}),
		// A first day at a job: "today was my first day at my new job",
		// "my first week at Google".
		r(`(?i:\bmy\s+first\s+(?:day|week|shift)\s+(?:at|of)\s+(?:the\s+|my\s+)?(?:new\s+)?)(job|work|`+nameRE+`)`, 1, func(c *clause, m []string) {
			if c.hasDate && !pastAuxRE.MatchString(c.raw) || c.fore {
				return // "tomorrow is my first day at my new job": ahead
			}
			what := m[1]
			if !strings.EqualFold(what, "work") && !strings.EqualFold(what, "job") && !firstJobRE.MatchString(c.raw) {
				return // "my first day at Disneyland", "my first week at Harvard": a visit, a school
			}
			if strings.EqualFold(what, "work") {
				what = "job"
			} else if !strings.EqualFold(what, "job") {
				if n := org(what); n != "" {
					c.add(c.speaker, "works_at", n, World, confLoose)
					what = n
				}
			}
			c.add(c.speaker, "started_job", what, Experience, confEvent)
		}),
		// A trip booked or coming up: "I booked a flight to London", "I've
		// got a trip to Mexico coming up", "we have a trip to Rome next month".
		r(fp+aux+`(?i:\s+(?:booked|got|have|'ve\s+got|have\s+got|'ve))\s+(?i:a|an|my|our)\s+(?:[\w-]+\s+){0,2}?(?i:flights?|trips?|tickets?|vacation|holiday|getaway|cruise)\s+(?i:to|in)\s+(?:the\s+)?`+nm, 1, func(c *clause, m []string) {
			lm := strings.ToLower(m[0])
			booked := strings.Contains(lm, "booked")
			if !booked && !c.hasDate && !comingUpRE.MatchString(c.raw) {
				return // "I had a trip to Rome": a visit, read elsewhere
			}
			if strings.Contains(lm, "had") || calledOffRE.MatchString(c.raw) {
				return
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && forSomeoneText(c.text[i+len(m[0]):]) {
				return // "I booked a flight to London for my sister": her trip
			}
			if p := place(m[1]); p != "" && (isPlace(p) || strings.Contains(p, " ")) && !c.known[p] {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),
		// A trip ahead: "my upcoming trip to Japan", "excited about our
		// vacation to Mexico", "can't wait for my trip to Rome".
		r(`(?i:\b(?:(?:my|our)\s+(?:upcoming|next|planned|long-awaited|big\s+upcoming)\s+(?:[\w-]+\s+)?|(?:excited|stoked|pumped|thrilled|eagerly\s+await|looking\s+forward\s+to)\s+(?:about\s+|for\s+)?(?:my|our)\s+(?:(?:upcoming|next|big|first)\s+)?(?:[\w-]+\s+)?)(?:trip|vacation|holiday|getaway|visit)\s+(?:to|in)\s+(?:the\s+)?)`+nm, 1, func(c *clause, m []string) {
			if calledOffRE.MatchString(c.raw) {
				return // "my upcoming trip to Japan got cancelled"
			}
			if p := place(m[1]); p != "" && (isPlace(p) || strings.Contains(p, " ")) && !c.known[p] {
				// The trip named by its place, not as "our trip".
				c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool {
					return f.Predicate == "plans" && (tripWord[strings.ToLower(lastWord(f.Claim))] || strings.Contains(f.Claim, p))
				})
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),
		// A thing of one's own that means much: "my old bike means the
		// world to me" (not "this guitar": which one is not said).
		r(`(?i:\b(?:my|our)\s+(?:(?:old|little|new|beloved|trusty)\s+)?)([a-z][\w-]*)(?i:\s+(?:really\s+|still\s+)?(?:means|has\s+meant)\s+(?:so\s+much|a\s+lot|the\s+world|everything)\s+to\s+(?:me|us))\b`, 1, func(c *clause, m []string) {
			if h := strings.ToLower(m[1]); ownedThing(h) && !dwellings[h] && !c.neg {
				c.add(c.speaker, "owns", h, World, confMention)
			}
		}),
		// An event said to be ahead of the speaker: "excited for my
		// upcoming performance in Tokyo", "our upcoming wedding", "my
		// upcoming surgery". A trip is the rule above's.
		r(`(?i:\b(?:my|our)\s+(?:big\s+|first\s+)?upcoming\s+)([a-z][\w'-]*(?:\s+[\w'-]+){0,5})`, 1, func(c *clause, m []string) {
			if calledOffRE.MatchString(c.raw) || c.neg {
				return // "my upcoming trip got cancelled"
			}
			p := object(m[1])
			ws := strings.Fields(strings.ToLower(p))
			if p == "" || tripWord[ws[0]] || len(ws) > 6 {
				return
			}
			for _, f := range c.facts {
				if f.Predicate == "travels_to" || f.Predicate == "plans" && strings.Contains(strings.ToLower(f.Claim), ws[0]) {
					return // read already, by its place or as a plan
				}
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan)
		}),
		// "I have a sister", "we have two kids", "I've got three brothers":
		// a relative counted is a relation with no name, like "my sister".
		r(`(?i:(?:\b(?:i|we)\s+(?:have|have\s+got)|\b(?:i|we)'ve\s+got)\s+(?:(?:an?|one|two|three|four|five|six|\d)\s+)?`+countedMods+`)`+countedWords+`\b`, 1, func(c *clause, m []string) {
			lm := strings.ToLower(m[0])
			if !countRE.MatchString(lm) && !strings.Contains(lm, "twin ") {
				return // "I have kids in my class": a number, an article or twins say whose
			}
			if (strings.EqualFold(m[1], "girl") || strings.EqualFold(m[1], "boy")) && !strings.Contains(lm, "baby ") {
				return // "we have a baby girl"; "I have a girl crush" is none
			}
			if c.neg {
				return // "I don't have a sister": nothing to keep of no one
			}
			if i := strings.Index(c.text, m[0]); i >= 0 {
				if rest := c.text[i+len(m[0]):]; strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "-") || compoundAfter(m[0], c.text) {
					return // "a kid's party", "a brother-in-law", "a sister company"
				}
			}
			who := addCounted(c, m[1])
			// "I have a brother who lives in Chicago": where the one
			// relative counted lives, what he does.
			if i := strings.Index(c.text, m[0]); i >= 0 && who != "" {
				rest := c.text[i+len(m[0]):]
				if wm := whoLivesRE.FindStringSubmatch(rest); wm != nil {
					if p := place(wm[1]); p != "" {
						c.add(who, "lives_in", p, World, confThird)
					}
				} else if wm := whoIsRE.FindStringSubmatch(rest); wm != nil {
					if j := jobHead(phrase(wm[1])); job(j) {
						c.add(who, "job_title", j, World, confThird)
					}
				}
			}
			// "I have a son and a daughter": a second relative counted
			// after "and" is one too.
			if i := strings.Index(c.text, m[0]); i >= 0 {
				if a := countedAndRE.FindStringSubmatch(c.text[i+len(m[0]):]); a != nil && !compoundAfter(a[0], c.text) {
					addCounted(c, a[1])
				}
			}
		}),
		// "I'm a mother of three", "a single dad of two boys", "married
		// with three kids", "single dad with two kids here": a parent
		// counting children has them.
		r(`(?:`+fpbe+`\s+(?i:a\s+)?(?i:(?:single|proud|busy|working|young|stay[- ]at[- ]home)\s+)*(?i:mom|mother|mum|mommy|dad|father|daddy|parent|parents)\s+(?i:of|to|with)|(?i:^\s*(?:(?:single|proud|busy|working|stay[- ]at[- ]home)\s+)+(?:mom|mother|mum|dad|father|parent)\s+(?:of|to|with))|`+fpbe+`\s+(?i:happily\s+)?(?i:married|divorced|single|a\s+widow|a\s+widower)\s+with)\s+(?i:(an?|one|two|three|four|five|six|seven|\d)\b)(?:\s+(?i:(?:little|young|small|grown|teenage|beautiful|wonderful|amazing)\s+)*(?i:(kids|children|boys|girls|sons|daughters|teenagers|teens|kid|child|boy|girl|son|daughter)\b))?`, 1, func(c *clause, m []string) {
			if c.neg {
				return // "I'm not a mother of three"
			}
			w := m[2]
			if w == "" {
				if strings.EqualFold(m[1], "an") || strings.EqualFold(m[1], "a") {
					return // "a mother of a teenager" names the kin itself; "of a sort"
				}
				if i := strings.Index(c.text, m[0]); i < 0 || !bareCountEndRE.MatchString(c.text[i+len(m[0]):]) {
					return // "married with two dogs", "a mom of three cats"
				}
				w = "kids"
				if strings.EqualFold(m[1], "one") || m[1] == "1" {
					w = "kid"
				}
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && compoundAfter(m[0], c.text) {
				return // "a mom of two dogs' worth", "with two kids' toys"
			}
			addCounted(c, w)
		}),
	)
}

// addCounted adds the relation a counted kin word names ("sister",
// "two kids", "a boyfriend") with no name.
// It returns who that one is ("Alice's brother") when one is counted.
func addCounted(c *clause, word string) string {
	w := strings.ToLower(word)
	key := countedKin[w]
	if key == "" {
		key = relKey(w)
	}
	if key == "" {
		key = relKey(singular(w))
	}
	if key == "" || c.named[key] {
		return "" // "I have two kids, Emma and Jack": named already
	}
	who := unnamedRelative(c.speaker, key)
	if w != singular(w) || w == "children" || w == "twins" || w == "grandchildren" {
		c.add(c.speaker, key, displayName(c.speaker)+"'s "+pluralKey(key), World, confLoose)
		return ""
	}
	c.add(c.speaker, key, who, World, confLoose)
	return who
}

// whoLivesRE, whoIsRE: what a relative counted does ("a brother who lives
// in Chicago", "a sister who is a nurse").
var (
	whoLivesRE = regexp.MustCompile(`^(?i:\s*,?\s+who\s+(?:lives|is\s+living)\s+in\s+)` + nm)
	whoIsRE    = regexp.MustCompile(`^(?i:\s*,?\s+who\s+is\s+(?:an?)\s+)([a-z][a-z ]*?)(?:\s+(?:in|at|for|and|who|with)\b|\s*[,.!;]|\s*$)`)
)

// countedWords are the kin a count names ("a sister", "two kids", "five
// grandkids", "a boyfriend"); countedMods may stand before them.
const (
	countedWords = `(sisters?|brothers?|siblings?|sons?|daughters?|kids|children|child|kid|boys|girls|twins|girl|boy|grandkids|grandchildren|grandsons?|granddaughters?|teenagers|teens|boyfriend|girlfriend)`
	countedMods  = `(?i:(?:little|older|younger|big|baby|twin|grown|grown-up|adult|teenage|newborn|infant|wonderful|amazing|beautiful)\s+)*`
)

// bareCountEndRE ends a count that stands alone ("a mother of three.",
// "a dad of two and …").
var bareCountEndRE = regexp.MustCompile(`^(?i:\s*$|\s*[.,!?;:)]|\s+(?:and|but|so|who|lol|haha)\b)`)

// countedAndRE is a second relative counted after the first: " and a
// daughter".
var countedAndRE = regexp.MustCompile(`^(?i:\s+and\s+(?:an?|one|two|three|four|five|six|\d)\s+)` + countedMods + `(?i:` + countedWords + `)\b`)

// countedKin are words for children that name no relation alone.
var countedKin = map[string]string{"boys": "son", "girls": "daughter", "twins": "child", "children": "child", "kids": "child",
	"boy": "son", "girl": "daughter", "teenagers": "child", "teens": "child"}

var countRE = regexp.MustCompile(`\s(?:an?|one|two|three|four|five|six|\d)\s`)

// petNamedRE names a pet the turn spoke of without its name: "we adopted a
// puppy, his name is Buddy", "I got a kitten and named her Mochi".
var petNamedRE = regexp.MustCompile(`(?:\b(?i:his|her|its)\s+(?i:name\s+is|name's)|\b(?i:he|she|it)(?:'s|\s+is)\s+(?i:called|named)|\b(?i:i|we)\s+(?:(?i:just|finally)\s+)?(?i:named|called|call|name)\s+(?i:him|her|it)|\b(?i:and|,)\s+(?i:named|called)\s+(?i:him|her|it))\s+(\p{Lu}\p{Ll}{1,15})\b`)

// petCalledRE names an animal just spoken of: "a rescue greyhound called
// Fritzi", "a shiba, named Kome" (petCalled says it is an animal's name).
var petCalledRE = regexp.MustCompile(`(?:,\s*|\s+)(?i:called|named)\s+(\p{Lu}\p{Ll}{1,15})\b`)

// petCalled: the few words before "called X" speak of an animal and of no
// person ("a band called Muse", "my friend's dog trainer called Sam" name
// no pet).
func petCalled(before []string) bool {
	pet := false
	for i := len(before) - 1; i >= 0 && i >= len(before)-4; i-- {
		w := strings.ToLower(strings.Trim(before[i], ",.!;:'\""))
		if personNouns[w] || relKey(w) != "" || relKey(singular(w)) != "" || !isPet(w) && (goodsStop[w] || w == "band" || w == "place" || w == "show" || w == "book" || w == "game") {
			return false
		}
		pet = pet || isPet(w)
	}
	return pet
}

// petPossNameRE names the speaker's pet with its kind: "my dog's name is
// Buddy".
var petPossNameRE = regexp.MustCompile(`\b(?i:my|our)\s+(?:(?i:little|old|new|sweet|baby)\s+)?(?i:` + pet + `)'s\s+(?i:name\s+is|name's)\s+(\p{Lu}\p{Ll}{1,15})\b`)

// newPetRE: "the new pup Ned", "the new kitten, Mochi": a pet just come
// into the speaker's home, named with its kind.
var newPetRE = regexp.MustCompile(`\b(?i:the|our|my)\s+(?i:new)\s+(?:(?i:little|baby|rescue)\s+)?(?i:` + pet + `)\s*,?\s+(\p{Lu}\p{Ll}{1,15})\b`)

// petNames gives a pet the turn named its name: the speaker's has_pet fact
// whose claim is only a kind takes the name said after it; "the new pup
// Ned" is a pet of the speaker's too. The clause naming it is read like
// every clause: a question or a clause about the listener names nothing.
// petsNamed is the pets the facts already name, lower-cased.
func petsNamed(out []Fact) map[string]bool {
	have := map[string]bool{}
	for _, f := range out {
		if f.Predicate == "has_pet" {
			have[strings.ToLower(f.Claim)] = true
		}
	}
	return have
}

// petNameOK reports whether n may name a pet of the turn: none already
// named (have), no place, nationality, pronoun, introduction word or word
// that is never a name.
func petNameOK(have map[string]bool, n string) bool {
	ln := strings.ToLower(n)
	return !have[ln] && !lexPlaces.has(n) && !lexNationalities.has(n) && !pronoun[ln] && !introNot[ln] && !isStopName(n)
}

func petNames(text, speaker string, at time.Time, out []Fact) []Fact {
	body := clean(text)
	type naming struct{ name, kind string }
	var names []naming
	var before []string // the words of the turn before the naming
	for _, s := range sentences(body) {
		s = strings.TrimSpace(s)
		rs := restoreCase(s)
		if !strings.HasSuffix(s, "?") && !secondRE.MatchString(s) && !condRE.MatchString(s) {
			for _, m := range petNamedRE.FindAllStringSubmatchIndex(rs, -1) {
				// The pet named is the nearest animal spoken of before the
				// naming, and only when it is the speaker's: "my neighbor
				// has a cat, her name is Luna", "a cat and a new boss, her
				// name is Linda" name no pet of the speaker's.
				if k := namedPetKind(append(slices.Clone(before), strings.Fields(rs[:m[0]])...)); k != "" {
					names = append(names, naming{rs[m[2]:m[3]], k})
				}
			}
		}
		if !strings.HasSuffix(s, "?") && !secondRE.MatchString(s) && !condRE.MatchString(s) {
			for _, m := range petCalledRE.FindAllStringSubmatchIndex(rs, -1) {
				if ws := strings.Fields(rs[:m[0]]); petCalled(ws) {
					if k := namedPetKind(append(slices.Clone(before), ws...)); k != "" {
						names = append(names, naming{rs[m[2]:m[3]], k})
					}
				}
			}
			// "My cat's name is Luna": the kind is said with the name.
			for _, m := range petPossNameRE.FindAllStringSubmatch(rs, -1) {
				names = append(names, naming{m[2], singular(strings.ToLower(m[1]))})
			}
		}
		before = append(before, ".")
		before = append(before, strings.Fields(rs)...)
	}
	have := petsNamed(out)
	okName := func(n string) bool { return petNameOK(have, n) }
	for _, nk := range names {
		if !okName(nk.name) {
			continue
		}
		kind := -1
		for i, f := range out {
			if f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive && isPet(lastWord(f.Claim)) &&
				singular(strings.ToLower(lastWord(f.Claim))) == nk.kind {
				kind = i
				break
			}
		}
		if kind < 0 {
			// "I got a dog, a retired racing greyhound called Fritzi": the
			// breed names the one pet the turn gave only by its kind.
			for i, f := range out {
				if f.Subject == speaker && f.Predicate == "has_pet" && f.Polarity == Positive && isPet(lastWord(f.Claim)) {
					if kind >= 0 {
						kind = -1
						break
					}
					kind = i
				}
			}
		}
		if kind < 0 {
			continue
		}
		n, k := nk.name, singular(strings.ToLower(lastWord(out[kind].Claim)))
		have[strings.ToLower(n)] = true
		out[kind].Claim = n
		out[kind].Entities = append(out[kind].Entities, Entity{Name: n, Kind: "animal"})
		out[kind].Edges = []Edge{{Src: speaker, Relation: "has_pet", Dst: n}}
		out = append(out, Fact{Subject: n, Predicate: "is_a", Claim: k, Kind: World, Polarity: Positive, ValidFrom: out[kind].ValidFrom,
			Confidence: out[kind].Confidence, Speaker: speaker, Entities: []Entity{{Name: n, Kind: "animal"}}})
	}
	for _, s := range sentences(body) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		for _, mi := range newPetRE.FindAllStringSubmatchIndex(s, -1) {
			m := []string{s[mi[0]:mi[1]], s[mi[2]:mi[3]], s[mi[4]:mi[5]]}
			if next := strings.Fields(s[mi[1]:]); len(next) > 0 && afterNameVerb(strings.Trim(next[0], ",.!;:")) {
				continue // "the new kitten Jessica adopted": Jessica's kitten, not a pet named Jessica
			}
			if n := m[2]; okName(n) {
				have[strings.ToLower(n)] = true
				c := newClause(m[0], speaker, at)
				c.add(speaker, "has_pet", n, World, confTaggedPosses)
				c.add(n, "is_a", strings.ToLower(m[1]), World, confTaggedPosses)
				out = append(out, c.facts...)
			}
		}
	}
	return out
}

// afterNameVerb: a verb after "the new kitten Jessica" makes Jessica the
// one who got the kitten ("the new dog Sarah got").
func afterNameVerb(w string) bool {
	lw := strings.ToLower(w)
	if lw == "" || w != lw {
		return false
	}
	switch lw {
	case "got", "gets", "has", "had", "found", "brought", "bought", "took", "takes", "gave", "keeps", "just", "picked", "wants", "brings", "and":
		return true
	}
	return strings.HasSuffix(lw, "ed") && lw != "need"
}

// personNouns say someone other than the speaker; an animal spoken of after
// one ("my neighbor has a cat") is theirs.
var personNouns = setOf(`he she they him them his her their someone somebody guy girl lady man woman boy kid boss`)

// namedPetKind is the kind of pet a naming ("her name is Luna") names: the
// nearest animal in the words before it, when no person is spoken of after
// that animal and the animal is not spoken of as someone else's.
func namedPetKind(before []string) string {
	for i := len(before) - 1; i >= 0; i-- {
		w := strings.ToLower(strings.Trim(before[i], ",.!;:'\""))
		if w == "" {
			continue
		}
		if personNouns[w] || relKey(w) != "" || relKey(singular(w)) != "" {
			return "" // "a cat and a new boss, her name is Linda"
		}
		if !isPet(w) {
			continue
		}
		// The animal's sentence says whose it is: "my husband and I got a
		// dog" is the speaker's.
		for j := i - 1; j >= 0 && before[j] != "."; j-- {
			if lw := strings.ToLower(strings.Trim(before[j], ",.!;:'\"")); lw == "i" || lw == "we" {
				break
			}
			lw := strings.ToLower(strings.Trim(before[j], ",.!;:'\""))
			if personNouns[lw] || relKey(lw) != "" || relKey(singular(lw)) != "" || strings.HasSuffix(lw, "'s") && lw != "it's" && lw != "that's" && lw != "there's" && lw != "what's" {
				return "" // "my neighbor has a cat", "my sister got a puppy"
			}
		}
		return singular(w)
	}
	return ""
}

// gotIntoKeenRE: "got really into", "so into": keenness said outright.
var gotIntoKeenRE = regexp.MustCompile(`(?i)\b(?:really|so|super|totally|seriously|big\s+time)\s+into\b`)

// notPastime are what one gets into that is no pastime.
var notPastime = setOf(`trouble debt debts college school university uni grad med law harvard stanford yale oxford cambridge mit
	program programme fight fights argument arguments shape character position bed fights accident accidents mess it that this
	labor labour surgery politics office`)

// pastimeWords are pastimes and what a fan is into.
var pastimeWords = setOf(`music games board video anime manga comics podcasts books novels art crafts cooking baking fitness
	sports football soccer basketball baseball hockey tennis golf chess poker wine coffee tea plants jazz rock hip-hop rap
	kpop k-pop metal punk country classical opera poetry sci-fi fantasy movies films documentaries gaming cycling climbing
	bouldering skateboarding skating baking knitting crochet sewing embroidery painting drawing sketching writing reading
	birdwatching astronomy gardening photography hiking running swimming surfing yoga pilates meditation dance dancing
	nature outdoors fashion travel travelling traveling volunteering`)

// pastimeObject: a liked pastime's words ("board games", "jazz", "pottery").
func pastimeObject(lp string) bool {
	ws := strings.Fields(lp)
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		if pastimeWords[w] || activity[w] || activityGerund[w] || hobbyGerund(w) || ownedThing(w) && !dwellings[w] {
			return true
		}
	}
	return false
}

// placingInRE: a placing in a contest ("first in the race", "second at
// the regional meet").
var placingInRE = regexp.MustCompile(`(?i)\s(?:in|at)\s+(?:the\s+|a\s+|my\s+)?[\w'-]+`)

// firstJobRE: a first day at a named place is at a job only when the
// clause says so ("my first shift at Starbucks", "my first day at Google
// as an intern", "first day of work at Acme").
var firstJobRE = regexp.MustCompile(`(?i)\b(?:first\s+shift|job|work|worked|working|hired|new\s+role|new\s+position|onboarding|orientation|coworkers?|co-workers?|colleagues?|as\s+an?\s+(?:\w+\s+)?(?:intern|engineer|nurse|teacher|manager|developer|analyst|designer|assistant|barista|cashier|server))\b`)

// quitRE: a turn saying a job was left; a first day it names is no job held.
var quitRE = regexp.MustCompile(`(?i)\b(?:quit|quitting|resigned|got\s+fired|was\s+fired|laid\s+off|walked\s+out)\b`)

// sadlyRE: a clause said with regret.
var sadlyRE = regexp.MustCompile(`(?i)\b(?:sadly|unfortunately|regrettably|sad\s+to\s+say|struggl\w*|addict\w*)\b`)

// formerRE: a devotee no longer ("former", "ex-gym", "recovering").
var formerRE = regexp.MustCompile(`^(?:former|formerly|ex|ex-.*|recovering|reformed|retired|once|past|onetime|one-time|old)$`)

// calledOffRE: a trip that will not happen.
var calledOffRE = regexp.MustCompile(`(?i)\b(?:cancell?ed|canceling|cancelling|cancel|called\s+off|postponed|fell\s+through|scrapped)\b`)

// spendTimeRE: time spent somewhere ("spending Christmas in", "the
// summer", "a week", "two nights").
var spendTimeRE = regexp.MustCompile(`(?i)\bspending\s+(?:(?:the|a|an|two|three|four|five|a\s+few|a\s+couple\s+of|my|our|some|the\s+whole|the\s+entire)\s+)?(?:(?:whole|entire|next|long|holiday|spring|summer|winter|fall|christmas|thanksgiving|easter|few|couple|of|upcoming)\s+)*(?:days?|nights?|weeks?|weekends?|months?|years?|summer|winter|spring|fall|autumn|holidays?|christmas|thanksgiving|easter|new\s+year'?s?|break|vacation|time|semester|honeymoon|birthday)\b`)

// hereAwayRE: "here in" said of a stay, not of home.
var hereAwayRE = regexp.MustCompile(`(?i)\b(?:stuck|visiting|visit|spending|staying|for\s+(?:my\s+|our\s+|a\s+|the\s+)?(?:[\w']+\s+){0,2}(?:wedding|conference|funeral|graduation|reunion|festival|concert|game|meeting|trip|vacation|holiday|holidays|work|business|tournament|interview)|on\s+(?:business|vacation|holiday|a\s+trip)|for\s+(?:the|a|this|two|three|a\s+few|a\s+couple\s+of)\s+(?:\w+\s+)?(?:days?|nights?|weeks?|weekends?|months?|summer|holidays?|conference|wedding|semester)|just\s+for|passing\s+through|layover|hotel|airbnb|business)\b`)

// forSomeoneText reports whether the words after a booking give it to
// someone else: "for my sister", "for him", "for the kids" (as forSomeone
// does over tagged words).
func forSomeoneText(rest string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimLeft(rest, " ,")))
	if len(ws) < 2 || ws[0] != "for" {
		return false
	}
	if strings.HasPrefix(ws[1], "\x01") {
		return true // "for my sister" once the relation is read: a placeholder
	}
	switch w := strings.Trim(ws[1], ",.!;:"); w {
	case "him", "her", "them", "us":
		return w != "us"
	case "my", "our", "his", "the":
		for _, k := range ws[2:min(len(ws), 5)] {
			k = strings.Trim(k, ",.!;:")
			if relKey(k) != "" || relKey(singular(k)) != "" || k == "family" || k == "kids" {
				return true
			}
		}
	}
	if f := strings.Fields(strings.TrimLeft(rest, " ,")); len(f) > 1 && lexNames.has(strings.Trim(f[1], ",.!;:")) && unicode.IsUpper([]rune(f[1])[0]) {
		return true // "for Sam"
	}
	return false
}

// plightWords are what one gets into that no one likes ("into trouble",
// "into debt").
var plightWords = setOf(`trouble debt debts fight fights argument arguments accident accidents mess shape character labor labour surgery`)

// intoPlight reports whether a liked object after "into" is a plight.
func intoPlight(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	return len(ws) > 0 && plightWords[strings.Trim(ws[0], ",.!;:")]
}

// Session 14: the people of the speaker's life (a relative's allergy, work
// got or started), work and study said with a verb ("I study biology at
// UCLA", "I teach yoga", "I just started at Microsoft"), and life states
// ("I'm engaged", "I'm retiring next year", "my nickname is Bee"). Each is
// written for chat in general, goes through clause.mode like every rule,
// and has positive and negative cases in general_test.go.
func init() {
	rules = append(rules,
		// A relative's allergy: "my husband is allergic to cats".
		r(subj+`(?i:(?:\s+(?:is|are)|'s)(?:n't|\s+not)?\s+(?:(?:also|very|super|so|really|severely|deathly|extremely|highly|mildly|slightly|a\s+little|a\s+bit)\s+)*allergic\s+to)\s+(.+)`, 2, func(c *clause, m []string) {
			if n, p := third(c, m[1], true), object(m[2]); n != "" && p != "" && !jokeAllergy(p) {
				c.add(n, "allergic_to", p, World, confThird)
			}
		}),
		// Work a relative got or started: "my husband got a new job at
		// Apple", "my wife just started at Google", "Sam landed a job
		// with Pixar". The event is the relative's, so only where they
		// work is kept.
		r(subj+aux+`(?i:\s+(?:got|landed|found|accepted|started|began)\s+(?:(?:a|her|his|their|the)\s+)?(?:new\s+|first\s+|dream\s+)?(?:job|position|role)\s+(?:at|with))\s+(.+)`, 2, func(c *clause, m []string) {
			if n, o := third(c, m[1], true), org(m[2]); n != "" && o != "" && !pronoun[strings.ToLower(o)] {
				c.add(n, "works_at", o, World, confThird)
			}
		}),
		r(subj+`(?i:\s+(?:(?:just|recently|finally|officially|also)\s+)*(?:started|began)\s+(?:working\s+)?at)\s+`+nm, 2, func(c *clause, m []string) {
			if n, o := third(c, m[1], true), startedAt(c, m[0], m[2]); n != "" && o != "" {
				c.add(n, "works_at", o, World, confThird)
			}
		}),
		// "I just started at Microsoft": a job started, like "I got a new
		// job at Google". Only a name, and no school ("I started at UCLA
		// as a freshman"), no place or level ("started at Central Park",
		// "started at Level 3").
		r(`(?i:(?:^|\bi(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|officially|also)\s+)*(?:started|began))\s+(?i:at)\s+`+nm, 1, func(c *clause, m []string) {
			if o := startedAt(c, m[0], m[1]); o != "" {
				c.add(c.speaker, "works_at", o, World, confFirst-5)
				c.add(c.speaker, "started_job", o, Experience, confEvent+5)
			}
		}),
		// A subject studied, said with the verb: "I study biology at UCLA",
		// "I study nursing". Not how, when or with whom one studies ("I
		// study best at night", "I study with friends"), nor "the menu".
		r(fp+aux+`(?i:\s+(?:study|studies))\s+(.+)`, 1, func(c *clause, m []string) {
			if c.fore {
				return // "I want to study law": a plan, read by the plan rules
			}
			raw := strings.TrimSpace(m[1])
			first := strings.ToLower(strings.Trim(strings.Fields(raw)[0], ",.!"))
			if notStudied[first] || notStudyObject[first] || articleRE.MatchString(raw) || pronoun[first] {
				if first == "at" {
					if o := schoolAt(strings.TrimSpace(raw[2:]), false); o != "" {
						c.add(c.speaker, "studies_at", o, World, confFirst-5)
					}
				}
				return
			}
			p := phrase(raw)
			subject := strings.TrimSpace(orgCutRE.ReplaceAllString(p+" ", ""))
			if subject == "" || badObject(subject) || len(strings.Fields(subject)) > 3 || notStudyObject[strings.ToLower(lastWord(subject))] {
				return
			}
			c.add(c.speaker, "studies", subject, World, confLoose)
			if _, at, ok := strings.Cut(p, " at "); ok {
				if o := schoolAt(at, true); o != "" {
					c.add(c.speaker, "studies_at", o, World, confLoose)
				}
			}
		}),
		// An occupation said by its verb: "I teach yoga" → yoga teacher, "I
		// coach soccer" → soccer coach, as the labelling conventions write
		// "keep teaching yoga"; "I teach at Lincoln High" → a teacher there.
		// Not whom or how one teaches ("I teach my kids to read", "I teach
		// online"), a wish, or a date ahead ("I'm teaching yoga next week").
		r(fp+aux+`(?i:\s+(?:(?:keep|continue\s+to|continue)\s+)?(teach|teaches|teaching|coach|coaches|coaching))\s+(.+)`, 2, func(c *clause, m []string) {
			if c.fore || c.hasDate {
				return
			}
			role := "teacher"
			if strings.HasPrefix(strings.ToLower(m[1]), "coach") {
				role = "coach"
			}
			raw := strings.TrimSpace(m[2])
			first := strings.ToLower(strings.Trim(strings.Fields(raw)[0], ",.!"))
			if first == "at" {
				if o := org(raw[2:]); o != "" && (name(o) != "" || schoolName(o)) && !strings.HasPrefix(o, "\x01") {
					c.add(c.speaker, "job_title", role, World, confLoose)
					c.add(c.speaker, "works_at", o, World, confLoose)
				}
				return
			}
			if articleRE.MatchString(raw) || pronoun[first] || notTaught[first] || notStudyObject[first] || strings.Contains(raw, "\x01") {
				return // "I teach a class", "I teach my son's team", "I teach online"
			}
			p := phrase(raw)
			what, at, _ := strings.Cut(p, " at ")
			what = strings.TrimSpace(orgCutRE.ReplaceAllString(what+" ", ""))
			for lessonWords[strings.ToLower(lastWord(what))] || strings.EqualFold(lastWord(what), "lessons") {
				what = strings.TrimSpace(what[:len(what)-len(lastWord(what))])
			}
			if what == "" || badObject(what) || len(strings.Fields(what)) > 3 || notTaught[strings.ToLower(lastWord(what))] {
				return
			}
			for _, w := range strings.Fields(strings.ToLower(what)) {
				if pronoun[w] || subjectPronoun[w] {
					return // "I teach whatever they need"
				}
			}
			c.add(c.speaker, "job_title", what+" "+role, World, confLoose)
			if o := org(at); o != "" && (name(o) != "" || schoolName(o)) && !strings.HasPrefix(o, "\x01") {
				c.add(c.speaker, "works_at", o, World, confLoose)
			}
		}),
		// "I'm engaged!", "we're officially engaged", "I'm engaged to Tom":
		// the engagement, like "we got engaged". Not "engaged in a project"
		// or "engaged with the community".
		r(`(?i:\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:now|finally|officially|also|just|newly|happily)\s+)*engaged)(?i:\s+to\s+`+nm+`)?`, 0, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 {
				return
			}
			rest := strings.TrimSpace(c.text[i+len(m[0]):])
			if rest != "" && !engagedTailRE.MatchString(rest) {
				return
			}
			c.add(c.speaker, "engaged", "engaged", Experience, confEvent+5)
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") && !c.neg {
				c.add(c.speaker, "partner", n, World, confFirst-5)
			}
		}),
		// "He proposed to me", "my boyfriend proposed!", "I proposed to my
		// girlfriend and she said yes": engaged. A bare "he proposed" or
		// "she said yes" may be anyone's news and is not read.
		r(`(?i:^(he|she|`+nameRE+`)\s+(?:(?:finally|just|actually|officially)\s+)*(?:proposed|popped\s+the\s+question)(\s+to\s+me)?)`, 0, func(c *clause, m []string) {
			toMe := m[2] != ""
			switch who := m[1]; {
			case strings.HasPrefix(who, "\x01"):
				if !partnerPlaceholder(c, who) {
					return // "my sister proposed"
				}
			case strings.EqualFold(who, "he") || strings.EqualFold(who, "she"):
				if !toMe {
					return // "he proposed!": whose news is not said
				}
			default:
				if !toMe || c.subjectName(who, true) == "" {
					return // "Sam proposed": Sam's news
				}
			}
			if proposalRest(c, m[0]) {
				c.add(c.speaker, "engaged", "engaged", Experience, confEvent)
			}
		}),
		r(`(?i:^i\s+(?:(?:finally|just|actually|officially)\s+)*proposed\s+to\s+(?:her|him|my\s+(?:girlfriend|boyfriend|gf|bf|partner|fiance|fiancee|fiancé|fiancée)|(`+nameRE+`)))`, 0, func(c *clause, m []string) {
			if m[1] != "" && (strings.HasPrefix(m[1], "\x01") || name(m[1]) == "") {
				return // "I proposed to the board"
			}
			if proposalRest(c, m[0]) {
				c.add(c.speaker, "engaged", "engaged", Experience, confEvent)
			}
		}),
		// "I'm retiring next year", "we're retiring soon": a plan.
		r(fpbe+aux+`(?i:\s+retiring)\b(.*)`, 1, func(c *clause, m []string) {
			rest := strings.ToLower(strings.TrimSpace(cut(m[1])))
			if c.neg || rest != "" && !retireTailRE.MatchString(rest) || retireNotRE.MatchString(c.raw) {
				return // "I'm retiring for the night", "retiring my old laptop"
			}
			c.fore = true
			c.add(c.speaker, "plans", "retire", Foresight, confPlan)
		}),
		// "I'm retired now", "I'm officially retired": retired.
		r(fpbe+`(?i:\s+(?:(?:now|finally|officially|happily|recently|fully|just)\s+)*retired)(?i:\s+(?:now|from\s+(.+)))?\s*$`, 0, func(c *clause, m []string) {
			c.retiredFrom(m[1], confEvent)
		}),
		// "My nickname is Bee", "my nickname's Bee".
		r(`(?i:\bmy\s+nick\s?name(?:\s+is|'s))\s+`+nm, 1, func(c *clause, m []string) {
			if n := name(m[1]); n != "" && !strings.HasPrefix(n, "\x01") {
				c.add(c.speaker, "nickname", n, World, confFirst)
			}
		}),
		// "I'm in nursing school", "we're in grad school at NYU".
		r(fpbe+aux+`(?i:\s+in\s+((?:nursing|law|med|medical|dental|vet|veterinary|grad|graduate|culinary|art|film|business|beauty|cosmetology|pharmacy|architecture|engineering|divinity|music|drama|cooking|flight|police|barber|trade)\s+school))\b(.*)`, 1, func(c *clause, m []string) {
			rest := strings.TrimSpace(cut(m[2]))
			at := ""
			if a, ok := strings.CutPrefix(rest, "at "); ok {
				at, rest = a, ""
			} else if strings.HasPrefix(rest, "in ") && place(rest[3:]) != "" {
				rest = ""
			}
			if rest != "" {
				return // "I'm in nursing school mode", "… applications"
			}
			c.add(c.speaker, "studies", strings.ToLower(m[1]), World, confLoose)
			if o := schoolAt(at, true); o != "" {
				c.add(c.speaker, "studies_at", o, World, confLoose)
			}
		}),
	)
}

// startedAt is the employer named after "started at" in match, or "" when
// the name is a school, a place, a level or a time, or the clause speaks
// of study.
func startedAt(c *clause, match, at string) string {
	n := name(at)
	if n == "" || strings.HasPrefix(n, "\x01") || lexPlaces.has(n) || schoolName(n) {
		return ""
	}
	for _, w := range strings.Fields(n) {
		if notEmployerWord[strings.ToLower(w)] {
			return ""
		}
	}
	if i := strings.Index(c.text, match); i >= 0 {
		if rest := strings.TrimSpace(c.text[i+len(match):]); rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return "" // "started at Level 3"
		}
	}
	if studyTalkRE.MatchString(c.raw) {
		return "" // "I just started at Lincoln as a freshman"
	}
	return n
}

// schoolName reports whether n names a school: a school word in it, or a
// well-known university.
func schoolName(n string) bool {
	for _, w := range strings.Fields(strings.ToLower(n)) {
		if schoolWords[w] {
			return true
		}
	}
	return knownSchools[strings.ToLower(n)]
}

var (
	schoolWords  = setOf(`university uni college school academy institute elementary kindergarten preschool montessori prep high middle polytechnic seminary conservatory`)
	knownSchools = setOf(`harvard stanford yale princeton columbia cornell brown dartmouth penn mit caltech ucla usc nyu berkeley oxford cambridge duke georgetown northwestern vanderbilt rice emory tufts purdue rutgers uchicago umich ucsd ucsb ucsf uci ucd ut byu asu lse ucl`)
	// notEmployerWord in a name after "started at" make it a place, a
	// level or a time, not an employer.
	notEmployerWord = setOf(`park street st avenue ave road rd station square beach lake trail bridge mile level chapter page step stage zero noon midnight dawn sunrise sunset square gate terminal exit floor room`)
	studyTalkRE     = regexp.MustCompile(`(?i)\b(?:freshman|sophomore|junior|senior|semester|student|major|majoring|classes|campus|degree|studying|grad\s+school|undergrad)\b`)
)

// notStudyObject start or end what follows "I study" when it is no
// subject: how, when, where or with whom one studies.
var notStudyObject = setOf(`best better well every daily nightly alone online there here whenever when while until too so much more less late early hours everyday constantly nonstop people them him her me myself each some any no lots lot way`)

// schoolAt is the school named at the start of s: a name with a subject
// studied there of two words or more (withSubject: "biology at Georgia
// Tech"), or a name that says it is a school ("at Stanford", "at Boston
// College", "at NYU"): "biology at Starbucks" names none.
func schoolAt(s string, withSubject bool) string {
	n := name(phrase(s))
	if n == "" || strings.HasPrefix(n, "\x01") || lexPlaces.has(n) {
		return ""
	}
	if withSubject && strings.Contains(n, " ") || schoolName(n) || len(n) >= 2 && strings.ToUpper(n) == n && !strings.Contains(n, " ") && len(n) <= 5 {
		return n
	}
	return ""
}

// notTaught start or end what follows "I teach" when it names no subject.
var notTaught = setOf(`kids children students people others myself yourself themselves ourselves how what why where to for with in on by as from about through via over whatever whoever anything everything something part-time full-time part full remotely privately sometimes`)

var subjectPronoun = setOf(`i we they he she you`)

var (
	// engagedTailRE: what may follow "I'm engaged" ("to be married", a
	// name read by the rule).
	engagedTailRE = regexp.MustCompile(`(?i)^(?:to\s+be\s+married|now|finally|officially|lol|haha|yay|omg|yes)\b`)
	// saidYesRE: "… and she said yes".
	saidYesRE = regexp.MustCompile(`(?i)^(?:and\s+)?(?:she|he|they)\s+said\s+yes\b`)
	// retireTailRE: what may follow "I'm retiring" (dates are already
	// taken out): where from, early, soon.
	retireTailRE = regexp.MustCompile(`^(?:from\s+\S.*|early|soon|at\s+\d+|at\s+the\s+end\s+of\s+.*)$`)
	retireNotRE  = regexp.MustCompile(`(?i)\b(?:tonight|for\s+the\s+(?:night|evening|day)|to\s+(?:bed|my\s+room|the\s+couch))\b`)
)

// proposalRest reports whether nothing but "and she said yes" follows the
// proposal in the clause ("I proposed to her that we split the bill" is
// no proposal of marriage).
func proposalRest(c *clause, match string) bool {
	i := strings.Index(c.text, match)
	if i < 0 {
		return false
	}
	rest := strings.TrimSpace(c.text[i+len(match):])
	return rest == "" || saidYesRE.MatchString(rest)
}

// partnerPlaceholder reports whether who is the placeholder of the
// speaker's partner ("my boyfriend").
func partnerPlaceholder(c *clause, who string) bool {
	m := placeholderRE.FindStringSubmatch(who)
	if m == nil {
		return false
	}
	i, _ := strconv.Atoi(m[1])
	if i >= len(c.subjects) {
		return false
	}
	s := c.subjects[i]
	return strings.HasSuffix(s, "'s partner") || strings.HasSuffix(s, "'s husband") || strings.HasSuffix(s, "'s wife")
}

// childByAgeRE: the speaker's child spoken of by age or stage ("our
// one-year-old", "my 3-year-old", "my toddler", "our newborn"), said as a
// noun (a verb or a stop follows, not a noun: "my 3-year-old nephew", "our
// one-year-old retriever" name no child), then named in the same sentence
// by "his name is" or "her name is".
var childByAgeRE = regexp.MustCompile(`\b(?i:my|our)\s+(?:(?i:little|sweet|baby|youngest|oldest|eldest)\s+)?(?i:(?:[a-z]+|\d{1,2})-(?:year|month|week)-old|toddler|newborn|little\s+one)(?:\s+(?i:is|was|has|just|turned|loves)\b|\s*[,!]|\s+-)[^.!?]*?\b((?i:his|her))\s+(?i:name\s+is|name's)\s+(\p{Lu}\p{Ll}{1,15})\b`)

// childNames gives the speaker a son or a daughter named after being spoken
// of by age: "Our one-year-old is so cute, his name is Kyle!" is a son
// Kyle. A question, a clause about the listener or a condition names no one.
func childNames(text, speaker string, at time.Time, out []Fact) []Fact {
	if !strings.Contains(text, "name") && !strings.Contains(text, "Name") && !strings.Contains(text, "NAME") {
		return out // no naming: nothing to read (most turns)
	}
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		rs := restoreCase(s)
		for _, m := range childByAgeRE.FindAllStringSubmatch(rs, -1) {
			n := m[2]
			if pronoun[strings.ToLower(n)] || introNot[strings.ToLower(n)] || isStopName(n) || lexPlaces.has(n) {
				continue
			}
			rel := "son"
			if strings.EqualFold(m[1], "her") {
				rel = "daughter"
			}
			dup := false
			for _, f := range out {
				if f.Subject == speaker && strings.EqualFold(f.Claim, n) {
					dup = true // "my son Kyle … his name is Kyle": said already
				}
			}
			if dup {
				continue
			}
			c := newClause(m[0], speaker, at)
			c.add(speaker, rel, n, World, confFirst-8)
			// the child spoken of by age ("my 3-year-old", read as a child
			// with no name) is the one named: one child, not two
			age := displayName(speaker) + "'s child"
			out = slices.DeleteFunc(out, func(f Fact) bool {
				return f.Subject == speaker && f.Predicate == "child" && f.Claim == age
			})
			out = append(out, c.facts...)
		}
	}
	return out
}
