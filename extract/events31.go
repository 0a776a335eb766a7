package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Life events in the frames friends' chat and texting use for them (session
// 31, from the misses of the LoCoMo dev draws, locomo_more.jsonl, synthetic
// rounds 1–2 and the outside sets 1, 2 and 4): "another one" of a work the
// turn named ("I just started writing another one" after "the screenplay");
// a wish done ("I've always wanted to learn Spanish. I just started with
// it."); a place been to said in a short sentence of its own ("This was
// Japan.", "It was in London.") or beside others ("Besides Italy, I was also
// in Turkey"); a trip one took others on; a group one was put in by another
// ("Dad signed me up for a local league"), made ("I made the basketball
// team"), is a member of or put one's name down for; a competition entered;
// one's own wedding, held ("she came to my wedding"); an application or a
// work sent in. A second group: a venture of one's own said open or begun as
// a subject ("My online clothes store is open!", "Startin' my biz has been
// tough"); an undertaking launched ("I just launched an ad campaign"); an
// adoption said with a pronoun ("I adopted her two years ago"); where one's
// photo was taken ("a picture I took on vacation in Bogota"); sights seen in
// a place; a place "did" with a past date ("we did Rotorua two years ago");
// a job lost said as a sentence's subject ("Losing my job gave me the push
// …"). A third: a new home in a place ("our new apartment in Meguro"); a job
// or training begun as the subject ("the internship started Monday"); a
// place one was taken to ("Deniz took me to a pottery village near
// Shigaraki"); "only been to Tallinn once"; a move dated by a year or an age
// ("I came to Auckland in 2004"). A fourth: a place gone to by boat, bike or
// car ("we backpacked through Vietnam", "Zakopane! I cycled there in 1978");
// no wedding for a marriage's length. A fifth: a course done ("I did the
// pastry course"); "I started this group"; a place won in a group or course
// ("I got picked for a car mod workshop").
//
// Tried and dropped: "started" lessons or a class with no article ("I
// started guitar lessons"); "never been to" a place (visited, negative) with
// the places said instead; a divorce said as "since the divorce" (married,
// negative); a degree "did" as graduated ("I did my master's in Utrecht"); a
// venture named before "I started" ("the petition I started"): each added
// wrong facts on the kept-back sets.
//
// Cases in events31_test.go.

// anotherOneRE: "I just started writing another one", "I began knitting a
// new one": a work of the same kind as one the turn named before.
var anotherOneRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|already|even|actually)\s+)*(?:started|began))\s+([a-z]+ing)\s+((?i:another|a\s+new|a\s+second|my\s+next))\s+one\b`)

// workNamedRE: a work the turn names with its determiner ("the
// screenplay", "my first novel"): the last before "another one" is what
// "one" stands for.
var workNamedRE = regexp.MustCompile(`(?i)\b(?:the|my|a|an|this|that|our)\s+(?:(?:first|last|new|latest|recent|old)\s+)?([a-z]+)\b`)

// anotherWorks are works one writes, records or makes, that "another one"
// can stand for.
var anotherWorks = setOf(`screenplay script book novel song album story poem painting drawing sculpture quilt scarf sweater
	blanket podcast article essay blog video film movie game comic play musical symphony cookbook memoir collection
	mural portrait sketch chapter`)

// wishDoneRE: "I just started with it", "I finally began", "I just stared
// with it" (a slip for "started" that "with it" makes plain): the start of
// what the sentence before wished for.
var wishDoneRE = regexp.MustCompile(`(?i)^(?:(?:so|and|now|well)[,\s]+)*(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally|recently|already|actually|officially)\s+)+(?:started|began|begun|stared\s+with\s+it)(?:\s+(?:with|on)\s+it|\s+it)?\s*[.!]*$`)

// wishedRE: "I've always wanted to learn Spanish", "I always wanted to try
// pottery": the wish, its verb and its object.
var wishedRE = regexp.MustCompile(`(?i)\b(?:i|we)(?:'ve|\s+have)?\s+(?:always\s+)?(?:wanted|longed|dreamed|dreamt)\s+to\s+(learn|try|play|study|do|take\s+up|start)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})\s*[.!]*$`)

// placeSentenceRE: "This was Japan.", "It was in London.", "That was at
// Lake Tahoe!": a sentence of its own that says where the speaker's photo
// or story was; a place of the lexicon only.
var placeSentenceRE = regexp.MustCompile(`^(?i:(?:oh\s+|and\s+|yeah,?\s+|yes,?\s+)?(?:this|that|it)\s+(?:was|were)\s+(?:(?:in|at)\s+)?(?:the\s+)?)` + nm + `\s*[.!]*$`)

// besidesPlaceRE: "Besides Italy, I was also in Turkey and Mexico",
// "Apart from Spain, we've been to France": the first place was visited
// too.
var besidesPlaceRE = regexp.MustCompile(`^(?i:(?:besides|apart\s+from|aside\s+from|other\s+than|in\s+addition\s+to)\s+)` + nm + `(?i:\s*,\s*(?:i|we)\s+(?:(?:was|were|'ve\s+been|have\s+been|went|travell?ed|visited)\s+(?:also\s+)?|also\s+(?:was|were|went|visited|travell?ed)\s+))`)

// tookOnTripRE: "I took my family on a road trip to Jasper", "we took the
// kids on a holiday to Crete": a trip one went on too.
var tookOnTripRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|also)\s+)*took\s+(?:my|our|the)\s+(?:[\w'-]+\s+){1,2}(?:on|for)\s+(?:a|an|our|the)\s+(?:[\w-]+\s+){0,2}(?:trip|vacation|holiday|getaway|road\s+trip)\s+to)\s+` + nm)

// signedMeUpRE: "Margaret has signed me up for a woodturning course", "dad
// signed me up for a local league": a group or course joined at another's
// doing.
var signedMeUpRE = regexp.MustCompile(`(?i:\b(?:signed|enrolled|registered)\s+(?:me|us)\s+(?:up\s+)?(?:for|in|to|with))\s+((?i:a|an|the|my|our|this|some)\s+.+)`)

// madeTeamRE: "I made the basketball team", "finally made the varsity
// squad": a team one got into.
var madeTeamRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|also|actually|officially)\s+)*made\s+the)\s+((?i:[\w-]+\s+){0,3}?(?i:team|squad|roster))\b`)

// memberOfRE: "I'm a member of the Swale branch", "I'm also a proud
// member of a book club".
var memberOfRE = regexp.MustCompile(`(?i:\b(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:also|now|actually|still|officially|proudly|already)\s+)*(?:a|an)\s+(?:(?:proud|active|paid-up|founding|new|lifetime|life|longtime|long-time)\s+)*member\s+of)\s+(.+)`)

// nameDownRE: "I've already put my name down for the quilting circle".
var nameDownRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|already|finally|also)\s+)*put\s+(?:my|our)\s+names?\s+down\s+for)\s+((?i:a|an|the|my|our)\s+.+)`)

// enteredRE: "Last Friday I entered a local tournament", "I entered the
// Porto half marathon": a competition entered.
var enteredRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|also|officially|already)\s+)*entered)\s+((?i:a|an|the|my|our)\s+.+)`)

// tailAdverbRE: an adverb that ends a clause ("…the Swale branch
// actually").
var tailAdverbRE = regexp.MustCompile(`(?i)\s+(?:actually|too|also|now|lol|haha|btw)\s*[.!]*$`)

// weddingRE: "she came to my wedding", "I cried at my own wedding", "part
// of my wedding decor", "My wedding was perfect": the speaker's own
// wedding, held.
var weddingRE = regexp.MustCompile(`(?i:\b(?:at|to|of|from|since|after|during)\s+(?:my|our)\s+(?:own\s+)?wedding\b|^(?:my|our)\s+(?:own\s+)?wedding(?:\s+day)?\s+(?:was|went)\b)`)

// weddingPastRE: a past verb before "my wedding", which says it was held.
var weddingPastRE = regexp.MustCompile(`(?i)\b(?:was|were|came|went|cried|danced|wore|sang|played|gave|met|spoke|brought|flew|had|did|remind|reminds|reminded|got|made|took|walked|baked|cooked|performed|showed\s+up)\b`)

// weddingAheadRE: a wedding still ahead ("we're engaged", "planning my
// wedding", "next month").
var weddingAheadRE = regexp.MustCompile(`(?i)\b(?:engaged|fianc[ée]e?|planning|upcoming|getting\s+married|will|'ll|gonna|going\s+to|next\s+(?:week|month|year|summer|spring|fall|autumn|winter)|in\s+(?:a|two|three|four|five|six)\s+(?:weeks?|months?))\b`)

// submittedRE: "I submitted the visa application", "we submitted our
// Express Entry profile", "I sent in my screenplay to the film festival":
// what was applied for, or where to.
var submittedRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|officially|already|also|actually)\s+)*(?:submitted|sent\s+in|sent\s+off|handed\s+in))\s+((?i:my|our|the|a|an)\s+((?:[\w'-]+\s+){0,3}?)(?i:application|profile|paperwork|forms?)\b|(?i:my|our|the|a|an)\s+(?:[\w'-]+\s+){0,3}?(?i:to)\s+((?i:a|an|the)\s+.+))`)

// submittedTo are where a work or an application is sent in.
var submittedTo = setOf(`festival contest competition journal magazine agency program programme fellowship residency
	award prize council university college school`)

// storeOpenRE: "My online clothes store is open!", "our bakery is
// officially open": a venture of one's own begun.
var storeOpenRE = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:(?:new|own|very\s+own|online|little|first)\s+)*)((?i:[\w'-]+\s+){0,2}?[\w'-]+)(?i:\s+is\s+(?:(?:now|finally|officially)\s+)*open)\b`)

// startingMyRE: "Startin' my biz has been tough", "Opening my own studio
// has been a ride": a venture begun, said as the subject of a perfect
// verb ("Starting my own store was scary" may tell of a start weighed).
var startingMyRE = regexp.MustCompile(`(?i:^(?:(?:but|and|so|honestly|yeah)[,\s]+)*(?:starting|startin'?|opening|launching)\s+(?:my|our)\s+(?:(?:own|new|dream|very\s+own|little)\s+)*)((?i:[\w'-]+\s+){0,2}?[\w'-]+)(?i:\s+has\s+been)\b`)

// launchedRE: "I just launched an ad campaign", "we launched a
// fundraiser": an undertaking begun (the rulebook reads a work put out).
var launchedRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|officially|also)\s+)*(?:launched|kicked\s+off))\s+((?i:a|an|my|our)\s+(?:[\w-]+\s+){0,2}?(?i:campaign|fundraiser|initiative|petition|project|drive|challenge|nonprofit|non-profit|charity|foundation))\b`)

// adoptedPronounRE: "I adopted her two years ago", "he's adopted and so
// full of energy": an adoption whose animal or child the turn names
// elsewhere.
var adoptedPronounRE = regexp.MustCompile(`(?i:\b(?:(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally|officially|recently)\s+)*adopted\s+(?:him|her|them)|(?:he|she)(?:'s|\s+is|\s+was)\s+adopted))\b(.*)`)

// namedInTurnRE: a turn that names someone ("His name's Ned", "a dog
// called Rex").
var namedInTurnRE = regexp.MustCompile(`(?i)\b(?:name\s+is|name's|named|called)\b`)

// photoTakenRE: "Here's a picture I took on vacation last summer in
// Bogota", "I took that pic on a hike near Fort Wayne": where the
// speaker's own photo was taken, said after it.
var photoTakenRE = regexp.MustCompile(`(?i:\b(?:(?:took|snapped|shot)\s+(?:this|that|these|those|the|a)\s+(?:pic|pics|picture|pictures|photo|photos|shot|snap)|(?:pic|picture|photo|shot|snap)s?\s+(?:i|we)\s+(?:took|snapped|shot))\b)(.*)`)

// photoPlaceRE: the place in the words after a photo taken: "in Bogota",
// "near Fort Wayne", "a location called Whispering Falls".
var photoPlaceRE = regexp.MustCompile(`(?:\b(?i:in|near|at)\s+(?i:the\s+)?|(?i:location|place|spot|lake|beach|trail|park|town|village|waterfall|falls)\s+(?i:called|named)\s+)` + nm)

// calledRE: a place said to be called something.
var calledRE = regexp.MustCompile(`(?i)\b(?:called|named)\b`)

// sightsInRE: "visited some sights in Boston", "saw the museums in Rome".
var sightsInRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+|\band\s+)(?:(?:also|just|finally)\s+)*(?:visited|saw|explored|toured)\s+(?:some|the|a\s+few|all\s+the|lots\s+of|many)\s+(?:[\w-]+\s+){0,2}?(?:sights|museums|landmarks|attractions|temples|churches|markets|beaches|spots)\s+(?:in|of|around))\s+` + nm)

// didPlaceRE: "we did Rotorua two years ago": a place done as a trip, with
// a past date.
var didPlaceRE = regexp.MustCompile(`(?i:\b(?:i|we)\s+(?:(?:also|finally|once|already)\s+)*did)\s+` + nm)

// newHomeInRE: "the walls in our new apartment in Meguro", "my new flat
// in Leith": a home moved to.
var newHomeInRE = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:(?:brand|little|small|tiny|big)\s+)?new\s+(?:apartment|flat|house|home|place|condo|room)\s+in)\s+` + nm)

// wishWordRE: a wish or a search in the clause, which puts a new home
// ahead.
var wishWordRE = regexp.MustCompile(`(?i)\b(?:want|wants|wanted|wish|hope|hoping|need|needs|looking\s+for|find|finding|search|searching|dream|imagine|if)\b`)

// thingStartedRE: "the internship started Monday", "basic training
// started monday", "my new job began last week": a job or training begun.
var thingStartedRE = regexp.MustCompile(`(?i:(?:^|,\s*|\b(?:my|the|our)\s+)(?:new\s+|first\s+)?)((?i:internship|job|apprenticeship|residency|placement|postdoc|basic\s+training|training|semester|course))(?i:\s+(?:(?:finally|officially|just)\s+)*(?:started|began|kicked\s+off))\b`)

// tookMeToRE: "Deniz took me to a pottery village near Shigaraki", "my
// uncle took us to Zanzibar": a place one was taken to.
var tookMeToRE = regexp.MustCompile(`(?i:\b(?:took|brought|drove)\s+(?:me|us)\s+(?:out\s+)?to\s+(?:(?:a|an|the|this|some)\s+(?:[\w'-]+\s+){0,3}?(?:in|near|outside|on)\s+)?)` + nm)

// onlyBeenToRE: "only been to Tallinn once", "I've just been to Lisbon":
// a place been to, said with "only" or "just".
var onlyBeenToRE = regexp.MustCompile(`(?i:(?:^|,\s*|\b(?:i|we)(?:'ve|\s+have)\s+)(?:only|just|once)\s+been\s+to)\s+` + nm)

// cameToRE: "I came to Auckland in 2004", "came to Canada at 19": a move
// to a place, dated by a year or an age.
var cameToRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:first|only|originally)\s+)?came\s+(?:over\s+|here\s+)?to)\s+` + nm + `(?i:\s+(?:in\s+(?:19|20)\d\d|at\s+(?:age\s+)?\d{1,2}|when\s+i\s+was\s+\d{1,2}|as\s+a\s+(?:kid|child|baby|teenager|teen|student|refugee)))\b`)

// travelVerbs are past verbs of going somewhere under one's own steam
// ("we sailed up to Lofoten", "I cycled there in 1978").
const travelVerbs = `(?:drove|cycled|biked|sailed|hiked|rode|backpacked|hitchhiked|road-?tripped|trekked|cruised|motored|roadtripped)`

// travelledToRE: "we sailed our boat up to Lofoten", "I backpacked
// through Vietnam": a place gone to.
var travelledToRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|recently|once|also|even|actually)\s+)*` + travelVerbs + `(?:\s+(?:our|my|the)\s+(?:[\w-]+\s+)?(?:boat|car|bike|van|camper|motorbike|motorcycle))?\s+(?:(?:up|down|over|out|across|all\s+the\s+way)\s+)?(?:to|through|around|across|into)\s+(?:the\s+)?)` + nm)

// travelledThereRE: "Zakopane! I cycled there in 1978": the one place the
// turn named before.
var travelledThereRE = regexp.MustCompile(`(?i:\b(?:i|we)\s+(?:(?:once|also|even|actually)\s+)*` + travelVerbs + `\s+(?:(?:up|down|over|out|all\s+the\s+way)\s+)?there)\b`)

// didCourseRE: "Did a bootcamp", "I did the pastry course, finished in
// February": a course done.
var didCourseRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:also|just|finally|already|once)\s+)*did\s+(?:a|an|the|my|our)\s+)((?i:[\w'-]+\s+){0,3}?(?i:course|bootcamp|boot\s+camp|apprenticeship|training|certificate|diploma))\b`)

// startedThisRE: "That's why I started this group".
var startedThisRE = regexp.MustCompile(`(?i:\b(?:i|we)\s+(?:(?:just|recently|finally|also)\s+)*(?:started|founded|launched|co-founded|cofounded)\s+)((?i:this|that)\s+(?i:[\w-]+\s+){0,2}?(?i:petition|group|club|blog|business|company|charity|fundraiser|podcast|channel|campaign|band|nonprofit|non-profit|foundation|newsletter|initiative))\b`)

// pickedForRE: "I got picked for a car mod workshop", "we got selected
// for the regional team": a place won in a group or course.
var pickedForRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|also|actually|officially)\s+)*(?:got|was|were|have\s+been|'ve\s+been)\s+(?:picked|selected|chosen|accepted)\s+(?:for|into|onto|to\s+join))\s+((?i:a|an|the|my|our)\s+.+)`)

// cameForRE: a purpose or a first time after "came to X in 2019", which
// makes it a visit.
var cameForRE = regexp.MustCompile(`(?i)^\s*,?\s*(?:for|to\s+(?:see|visit|attend|watch))\b`)

func init() {
	rules = append(rules,
		rule{re: anotherOneRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !isGerund(strings.ToLower(m[1])) {
				return
			}
			if work := c.workBefore(m[0]); work != "" {
				c.add(c.speaker, "started", strings.ToLower(m[1])+" "+strings.ToLower(strings.Join(strings.Fields(m[2]), " "))+" "+work, Experience, confEvent-4)
			}
		}},
		rule{re: placeSentenceRE, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if c.neg || c.fore || strings.TrimSpace(c.sent) != strings.TrimSpace(c.raw) {
				return // only a sentence of its own: "It was in London that we met" says a meeting
			}
			if p := place(m[1]); p != "" && knownPlace(p) {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: tookOnTripRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-2)
			}
		}},
		rule{re: signedMeUpRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := object(m[1]); p != "" && (anyWord(p, groups) || anyWord(p, entrants) || occasionHead(p)) {
				c.add(c.speaker, "joined", p, Experience, confEvent-2)
			}
		}},
		rule{re: madeTeamRE, claim: 1, fn: func(c *clause, m []string) {
			if !c.neg && !c.fore {
				c.add(c.speaker, "joined", m[1], Experience, confEvent-2)
			}
		}},
		rule{re: memberOfRE, claim: 1, fn: func(c *clause, m []string) {
			if p := object(tailAdverbRE.ReplaceAllString(m[1], "")); p != "" && !c.fore {
				c.add(c.speaker, "joined", p, Experience, confEvent-2)
			}
		}},
		rule{re: storeOpenRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			n := len(c.facts)
			c.addVenture(m[1])
			if len(c.facts) > n {
				// "My online clothes store is open": the store is the speaker's too
				c.add(c.speaker, "owns", c.facts[n].Claim, World, confPref-10)
			}
		}},
		rule{re: startingMyRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if strings.EqualFold(lastWord(m[1]), "biz") || strings.EqualFold(lastWord(m[1]), "blog") {
				c.add(c.speaker, "started", m[1], Experience, confEvent-4) // "my biz": chat's word for a business
				return
			}
			c.addVenture(m[1])
		}},
		rule{re: launchedRE, claim: 1, fn: func(c *clause, m []string) {
			if p := object(m[1]); p != "" && !c.neg && !c.fore {
				c.add(c.speaker, "started", p, Experience, confEvent-4)
			}
		}},
		rule{re: adoptedPronounRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || strings.HasPrefix(strings.TrimSpace(strings.ToLower(m[1])), "by") || namedInTurnRE.MatchString(c.turn) {
				return // "she was adopted by a family in Ohio": another's adoption; "His name is Jake": the name rules read it
			}
			c.add(c.speaker, "adopted", "adopted", Experience, confEvent-4)
		}},
		rule{re: photoTakenRE, claim: 0, raw: true, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := photoPlaceRE.FindStringSubmatch(m[1]); p != nil {
				called := calledRE.MatchString(p[0]) // "a location called Whispering Falls" says it is a place
				if q := place(p[1]); q != "" && (knownPlace(q) || called) {
					c.add(c.speaker, "visited", q, Experience, confEvent-4)
				}
			}
		}},
		rule{re: sightsInRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-2)
			}
		}},
		rule{re: didPlaceRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && knownPlace(p) && c.hasPast && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: newHomeInRE, claim: 1, fn: func(c *clause, m []string) {
			if wishWordRE.MatchString(c.text) {
				return // "I want my new place in Lisbon to have a view": not there yet
			}
			if p := place(m[1]); p != "" && !c.neg && !c.fore && !c.hasDate {
				c.add(c.speaker, "moved", p, Experience, confEvent-4)
			}
		}},
		rule{re: thingStartedRE, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			what, pred := strings.ToLower(strings.Join(strings.Fields(m[1]), " ")), "started"
			switch what {
			case "internship", "job", "apprenticeship", "residency", "placement", "postdoc":
				pred = "started_job"
			}
			c.add(c.speaker, pred, what, Experience, confEvent-4)
		}},
		rule{re: tookMeToRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: onlyBeenToRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: cameToRE, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if _, after, _ := strings.Cut(c.raw, m[0]); cameForRE.MatchString(after) {
				return // "I came to Paris in 2019 for a conference": a visit
			}
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "moved", p, Experience, confEvent-4)
			}
		}},
		rule{re: travelledToRE, claim: 1, fn: func(c *clause, m []string) {
			if p := place(m[1]); p != "" && knownPlace(p) && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: travelledThereRE, claim: 0, fn: func(c *clause, m []string) {
			if p := c.onlyPlaceBefore(); p != "" && !c.neg && !c.fore {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}},
		rule{re: didCourseRE, claim: 1, fn: func(c *clause, m []string) {
			if !c.neg && !c.fore {
				c.add(c.speaker, "completed", strings.Join(strings.Fields(m[1]), " "), Experience, confEvent-4)
			}
		}},
		rule{re: startedThisRE, claim: 1, fn: func(c *clause, m []string) {
			if !c.neg && !c.fore && !slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "started" }) {
				c.add(c.speaker, "started", m[1], Experience, confEvent-4)
			}
		}},
		rule{re: pickedForRE, claim: 1, fn: func(c *clause, m []string) {
			if p := object(m[1]); p != "" && !c.neg && !c.fore && (anyWord(p, groups) || anyWord(p, entrants) || occasionHead(p)) {
				c.add(c.speaker, "joined", p, Experience, confEvent-4)
			}
		}},
		rule{re: weddingRE, claim: 0, fn: func(c *clause, m []string) {
			if c.neg || c.fore || weddingAheadRE.MatchString(c.turn+" "+c.sent) {
				return
			}
			i := strings.Index(c.text, m[0])
			if i < 0 || !weddingPastRE.MatchString(c.text[:i]) && !strings.HasPrefix(strings.ToLower(m[0]), "my") && !strings.HasPrefix(strings.ToLower(m[0]), "our") {
				return // "a video of my wedding": no past said
			}
			c.add(c.speaker, "married", "married", Experience, confEvent-4)
		}},
		rule{re: submittedRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if m[3] != "" {
				if p := object(m[3]); p != "" && anyWord(p, submittedTo) {
					c.add(c.speaker, "applied_to", p, Experience, confEvent-2)
				}
				return
			}
			if p := object(m[2]); p != "" && m[2] != "" {
				c.add(c.speaker, "applied_to", p, Experience, confEvent-2)
			}
		}},
		rule{re: nameDownRE, claim: 1, fn: func(c *clause, m []string) {
			if p := object(m[1]); p != "" && !c.neg && !c.fore && (anyWord(p, groups) || anyWord(p, entrants) || occasionHead(p)) {
				c.add(c.speaker, "joined", p, Experience, confEvent-4)
			}
		}},
		rule{re: enteredRE, claim: 1, fn: func(c *clause, m []string) {
			what, _, _ := strings.Cut(m[1], " and ") // "a local tournament and took second place"
			if p := object(what); p != "" && !c.neg && !c.fore && anyWord(p, entrants) {
				c.add(c.speaker, "joined", p, Experience, confEvent-2)
			}
		}},
	)
}

// workBefore is the work the turn named last before match ("the
// screenplay" before "writing another one"), or "".
func (c *clause) workBefore(match string) string {
	text := c.turn
	if text == "" {
		text = c.sent
	}
	i := strings.Index(text, match)
	if i < 0 {
		return ""
	}
	work := ""
	for _, m := range workNamedRE.FindAllStringSubmatch(text[:i], -1) {
		if w := strings.ToLower(m[1]); anotherWorks[singular(w)] {
			work = singular(w)
		}
	}
	return work
}

// events31 mends the turn's events where a clause alone does not say
// them: a wish said, then its start ("I've always wanted to learn
// Spanish. I just started with it."); a place been to before the clause
// that says the others ("Besides Italy, I was also in Turkey and Mexico");
// a job lost said as a sentence's subject ("Losing my job gave me the
// push to …"); and no wedding for a marriage's length ("We were married
// 44 years").
func events31(text, speaker string, at time.Time, out []Fact) []Fact {
	lt := strings.ToLower(text)
	if marriedYearsRE.MatchString(text) && !weddingHeldRE.MatchString(text) {
		// "We were married 44 years", "We've been married 37 years": a
		// spouse, no wedding to write down.
		out = slices.DeleteFunc(out, func(f Fact) bool {
			return f.Predicate == "married" && f.Claim == "married" && f.Polarity == Positive && f.Subject == speaker
		})
	}
	if !strings.Contains(lt, "wanted") && !besidesWordRE.MatchString(lt) && !strings.Contains(lt, "losing my job") {
		return out
	}
	add := func(pred, claim string, conf int) {
		if !slices.ContainsFunc(out, func(f Fact) bool { return f.Predicate == pred && strings.EqualFold(f.Claim, claim) }) {
			out = append(out, Fact{Subject: speaker, Predicate: pred, Claim: claim, Kind: Experience, Polarity: Positive,
				ValidFrom: at, Confidence: conf, Speaker: speaker})
		}
	}
	sents := sentences(clean(text))
	for i, s := range sents {
		s = strings.TrimSpace(s)
		if m := besidesPlaceRE.FindStringSubmatch(s); m != nil {
			if p := place(m[1]); p != "" && knownPlace(p) && !negRE.MatchString(s) && !wantRE.MatchString(s) {
				add("visited", p, confEvent-4)
			}
		}
		if losingJobRE.MatchString(s) && !slices.ContainsFunc(out, func(f Fact) bool { return f.Predicate == "lost_job" }) {
			add("lost_job", "job", confEvent-4)
		}
		if i == 0 || !wishDoneRE.MatchString(s) {
			continue
		}
		m := wishedRE.FindStringSubmatch(strings.TrimSpace(sents[i-1]))
		if m == nil {
			continue
		}
		obj := strings.TrimSpace(m[2])
		if badObject(obj) || pronoun[strings.ToLower(strings.Fields(obj)[0])] {
			continue
		}
		verb := strings.Fields(strings.ToLower(m[1]))
		verb[0] = gerundOf(verb[0])
		add("started", strings.Join(verb, " ")+" "+obj, confEvent-6)
	}
	return out
}

// losingJobRE: "Losing my job gave me the push…", "Thanks! Losing my job
// was hard": a job lost, said as the subject of a past verb.
var losingJobRE = regexp.MustCompile(`(?i)^(?:(?:thanks|but|and|so|honestly|yeah)[,!\s]+)*losing\s+my\s+job\s+(?:(?:really|actually|kind\s+of|kinda)\s+)?(?:was|has\s+been|gave|pushed|made|taught|forced|hit|got|led)\b`)

// marriedYearsRE: a marriage's length ("married 44 years", "married for
// over thirty years").
var marriedYearsRE = regexp.MustCompile(`(?i)\b(?:were|are|'re|'ve\s+been|have\s+been|had\s+been|was|been)\s+married\s+(?:for\s+)?(?:(?:almost|nearly|about|over|around|just\s+over)\s+)?(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|many|several)\b[\w\s-]*?\b(?:years?|decades?)\b`)

// weddingHeldRE: a wedding the turn says was just held.
var weddingHeldRE = regexp.MustCompile(`(?i)\b(?:got|just)\s+married\b|\bwedding\b`)

// besidesWordRE: a turn that may say a place beside others.
var besidesWordRE = regexp.MustCompile(`\b(?:besides|apart from|aside from|other than|in addition to)\b`)
