package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Rules for everyday wordings of chat (session 21): a job left, a class
// being taken, a prize given, pastimes said as habits or by what they do
// for the speaker, a place remembered as great, a stay ahead and a place
// added to a travel list. The clause rules go through clause.mode like
// every rule (questions, second person, conditions, hedges, negation);
// the turn readers (adoptedNamed here, praisedTitles in praise.go) read
// whole sentences and apply those checks themselves. The cases are in
// everyday_test.go.

// hobbyPhrase reports whether p (lower case, one to four words) names a
// pastime: a hobby's gerund or a pastime noun ("yoga", "abstract
// painting", "board games").
func hobbyPhrase(p string) bool {
	ws := strings.Fields(p)
	if len(ws) == 0 || len(ws) > 4 || badObject(p) {
		return false
	}
	last := ws[len(ws)-1]
	return pastimeWords[last] || activityGerund[last] || hobbyGerund(last) || activity[last] || broadPastimes[last]
}

// broadPastimes are the broad things people say they love doing or being
// around ("Exercise is key for me", "Cars give me an outlet").
var broadPastimes = setOf(`exercise fitness workouts nature music art cars games gaming books movies sports travel
	outdoors animals dogs cats`)

// habitItemRE is one pastime of a habit list, said with its base verb:
// "watch movies", "hike", "have game nights", "play board games".
var habitItemRE = regexp.MustCompile(`(?i)^(?:(?:watch|play|read|have|go)\s+)?([\w'-]+(?:\s+[\w'-]+){0,2})$`)

// habitTailRE is the when and where after a habit's last item ("on
// Sundays", "at my place", "together").
var habitTailRE = regexp.MustCompile(`\s+(?:on\s+(?:the\s+)?(?:weekends?|[a-z]+days)|at\s+(?:my|our|home|the)\b.*|every\s+.*|together|a\s+lot|in\s+the\s+(?:evenings?|mornings?))$`)

// lossFearRE: a job loss feared or ruled out, not had.
var lossFearRE = regexp.MustCompile(`(?i)\b(?:fear|fears|afraid|worry|worried|worries|scared|nightmare|option|not|never|n't)\b`)

// notClassWords: what one is "taking" that is no class joined ("a break
// from classes", "a nap after class", "too many classes").
var notClassWords = setOf(`break nap rest day week time from after before too many much few several extra more`)

// prizeCompoundRE: a prize word that is not the thing won ("an award
// nomination", "the prize money", "a ribbon for my hair", "our trophy case").
var prizeCompoundRE = regexp.MustCompile(`(?i)^\s*(?:nomination|nominations|application|applications|money|case|cabinet|shelf|ceremony|show|night|dinner|for\s+(?:my|her|his)\s+hair)\b`)

// planningRE: a honeymoon still being planned.
var planningRE = regexp.MustCompile(`(?i)\b(?:planning|plan|plans|saving|booking|someday|dream|dreaming)\b`)

// placeOnShowRE: a place praised as a team or on a screen, not visited.
var placeOnShowRE = regexp.MustCompile(`(?i)^\s*(?:in|at|on|against|during)\s+(?:the\s+)?(?:\w+\s+)?(?:final|finals|world\s+cup|olympics|game|match|tv|television|movie|film|show|series|tournament|championship|news|documentary)\b`)

// overRE: an event waited out, not looked forward to.
var overRE = regexp.MustCompile(`(?i)^\s*to\s+(?:be\s+over|end|pass|be\s+done|finish)\b`)

// orAndRE splits a short list.
var orAndRE = regexp.MustCompile(`\s*,\s*|\s+(?:or|and)\s+`)

// thingWords end in -ing and are no pastime.
var thingWords = setOf(`nothing something anything everything thing things`)

// notLovedThing: the words of "the ones I love", "the reasons I love …",
// "the way I love …": no thing liked.
var notLovedThing = setOf(`one ones reason reasons way ways people person thing things part parts kind sort bit most much`)

// deicticRE: a subject that points at something said elsewhere.
var deicticRE = regexp.MustCompile(`(?i)\b(?:that|this|these|those|it)\b`)

// notSought: what one is always looking for that is no taste ("new
// recommendations", "new opportunities").
var notSought = setOf(`recommendations recommendation suggestions tips advice opportunities opportunity ways challenges friends people clients customers
	jobs job work apartment apartments place places house houses roommate roommates`)

// loveTailRE: the time after a liking ("right now", "lately").
var loveTailRE = regexp.MustCompile(`(?i)\s+(?:right\s+now|lately|recently|so\s+far|these\s+days|at\s+the\s+moment|nowadays|together|every\s+\w+)$`)

// prizeWords are what is won when given or received.
const prizeWords = `(?:medal|award|trophy|prize|plaque|scholarship|ribbon|certificate\s+of\s+(?:achievement|excellence|recognition))`

const praisedPlace = `(?:(?:so|really|just|absolutely|truly|totally|super)\s+)*(?:awesome|amazing|great|incredible|fantastic|beautiful|wonderful|stunning|breathtaking|unforgettable|gorgeous|magical|unreal|epic|unbelievable|a\s+blast|an\s+adventure|so\s+much\s+fun|such\s+a\s+blast|the\s+best)\b`

func init() {
	rules = append(rules,
		// "I recently left my IT job", "I left my job at the bank": a job
		// left is a job lost, as the labels of real chat write it. Not
		// "left my job early" (a day's work) or a job left for the day.
		r(`(?:^(?i:(?:just|recently|finally)\s+)?|`+fp+aux+`\s+)(?i:left\s+my\s+)((?:[\w-]+\s+){0,2}?job)\b((?i:\s+(?:early|for\s+the\s+day|at\s+\d|at\s+noon|on\s+time|after\s+(?:lunch|work|dinner|class)|before|to\s+(?:see|go|pick|get|grab|catch)|interview|application|search|hunt|posting|offer|site|board|fair))?)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || m[2] != "" {
				return // "I left my job early", "left my job interview", "left my job after lunch to see the doctor"
			}
			c.add(c.speaker, "lost_job", strings.TrimSpace(m[1]), Experience, confEvent-2)
		}),
		// "Losing my job was a bummer", "Getting laid off was hard": the
		// loss told as the clause's subject happened.
		r(`^(?i:(?:and|but|so)\s+)?(?i:(losing|getting\s+laid\s+off\s+from|getting\s+fired\s+from)\s+my\s+((?:[\w-]+\s+)?job))\s+(?i:was|hit|really|felt)\b`, 2, func(c *clause, m []string) {
			if c.neg || c.fore || lossFearRE.MatchString(c.text) {
				return // "Losing my job was never an option", "… is my biggest fear"
			}
			c.add(c.speaker, "lost_job", strings.TrimSpace(m[2]), Experience, confEvent-2)
		}),
		// "I'm taking a cooking class", "we're taking salsa lessons": a
		// class one is taking is one joined. Not one ahead ("taking a class
		// next month" is read as a plan) or wished.
		r(fpbe+`(?i:\s+(?:now\s+|currently\s+|also\s+|finally\s+)?taking\s+(?:(?:a|an|some)\s+)?)((?:[\w-]+\s+){1,2}(?:class|classes|course|lessons|workshop))\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			p := strings.ToLower(strings.TrimSpace(m[1]))
			ws := strings.Fields(p)
			if badObject(p) || evaluative[ws[0]] || vague[ws[0]] || notClassWords[ws[0]] || !nounish(ws[:len(ws)-1]) {
				return // "taking a break from classes", "taking too many classes"
			}
			for _, w := range ws[:len(ws)-1] {
				if notClassWords[w] {
					return
				}
			}
			c.add(c.speaker, "joined", p, Experience, confEvent-4)
		}),
		// "They gave me a medal", "I got an award at work", "I received a
		// scholarship": a prize given to the speaker is won.
		r(`(?i:\b(?:they|we|i|she|he|the\s+\w+)\s+(?:just\s+|even\s+|finally\s+|actually\s+)?(?:gave\s+me|handed\s+me|awarded\s+me|got|received|was\s+given|was\s+awarded)\s+(?:a|an|the|my\s+first|our)\s+)((?:[\w-]+\s+){0,2}`+prizeWords+`)\b`, 1, func(c *clause, m []string) {
			lw := strings.ToLower(m[0])
			if c.neg || c.fore || !strings.HasPrefix(lw, "i ") && !strings.Contains(lw, " me ") && !strings.HasPrefix(lw, "we ") {
				return
			}
			i := strings.Index(c.text, m[0])
			if i < 0 {
				return
			}
			rest := c.text[i+len(m[0]):]
			if forSomeoneText(rest) || prizeCompoundRE.MatchString(rest) {
				return // "I got a trophy for my son's team", "an award nomination", "the prize money", "a ribbon for my hair"
			}
			c.add(c.speaker, "won", strings.TrimSpace(m[1]), Experience, confEvent-2)
		}),
		// "We usually watch movies, hike, and have game nights", "I often
		// read and paint": pastimes said as a habit are liked. Every item
		// must be a pastime; "I usually work late" is none.
		r(fp+`(?i:\s+(?:usually|often|always|regularly|normally|typically)\s+)([a-z][\w' ,-]*)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			items := exampleSepRE.Split(strings.TrimSpace(m[1]), -1)
			if len(items) < 2 {
				return // one pastime as a habit is read by the hobby rules
			}
			var likes []string
			for _, it := range items {
				it = strings.ToLower(strings.TrimSpace(it))
				it = habitTailRE.ReplaceAllString(it, "")
				hm := habitItemRE.FindStringSubmatch(it)
				if hm == nil {
					return
				}
				ws := strings.Fields(it)
				switch {
				case len(ws) == 1 && hobbyVerbs[ws[0]]:
					likes = append(likes, gerundOf(ws[0])) // "hike" → "hiking"
				case len(ws) == 1 && (hobbyGerund(ws[0]) || activityGerund[ws[0]]):
					likes = append(likes, ws[0]) // "… biking, and camping"
				case len(ws) == 2 && ws[0] == "go" && (hobbyGerund(ws[1]) || activityGerund[ws[1]]):
					likes = append(likes, ws[1]) // "go hiking"
				case ws[0] == "watch" || ws[0] == "play" || ws[0] == "read":
					if !hobbyPhrase(strings.Join(ws[1:], " ")) && !(ws[0] == "watch" && strings.HasPrefix(hm[1], "movies")) {
						return
					}
					likes = append(likes, gerundOf(ws[0])+" "+strings.Join(ws[1:], " "))
				case ws[0] == "have" && len(ws) > 1 && (strings.HasSuffix(it, "nights") || strings.HasSuffix(it, "parties")):
					likes = append(likes, strings.Join(ws[1:], " ")) // "have game nights"
				default:
					return
				}
			}
			for _, l := range likes {
				c.add(c.speaker, "likes", l, World, confPref-6)
			}
		}),
		// "I find painting to be a great stress reliever", "I find yoga so
		// calming": a pastime the speaker finds restful is liked.
		r(fp+aux+`(?i:\s+find\s+)([\w'-]+(?:\s+[\w'-]+){0,2}?)(?i:\s+(?:to\s+be\s+)?(?:(?:a|an|so|really|very|super|such|incredibly|truly|quite)\s+)*(?:(?:great|good|perfect|real|huge|big|wonderful)\s+)?(?:stress\s+reliever|stress-reliever|relaxing|calming|therapeutic|soothing|enjoyable|rewarding|fulfilling|peaceful|meditative|way\s+to\s+(?:relax|unwind|de-stress|destress)))\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := strings.ToLower(strings.TrimSpace(m[1])); hobbyPhrase(p) && !strings.HasPrefix(p, "it") {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "Yoga's been really awesome for me", "Running has been great for
		// me": a pastime the speaker says is good for them is liked.
		r(`^(?i:(?:and|but|so|honestly|yeah)[,]?\s+)?([A-Za-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?i:'s|\s+has|\s+is|\s+was)(?i:\s+been)?(?i:\s+(?:really|so|truly|super|very|also|always|just))*(?i:\s+(?:awesome|great|amazing|good|wonderful|helpful|beneficial|a\s+lifesaver|a\s+game\s+changer|life-changing|a\s+big\s+help|huge|key|essential|a\s+must|everything))\s+(?i:for|to)\s+(?i:me)\b`, 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			if hobbyPhrase(strings.ToLower(m[1])) {
				c.add(c.speaker, "likes", m[1], World, confPref-6)
			}
		}),
		// "I'm always up for trying new games": a standing readiness for a
		// pastime is a liking; a one-off "I'm up for a hike" is not.
		r(fpbe+`(?i:\s+(?:always|forever|usually)\s+(?:up|down|game)\s+for\s+)([a-z][\w'-]*ing(?:\s+[\w'-]+){0,3})`, 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			p := strings.TrimSpace(m[1])
			if ws := strings.Fields(p); len(ws) > 1 && (danglingPrep[ws[len(ws)-1]] || trailingConj[ws[len(ws)-1]]) {
				p = strings.Join(ws[:len(ws)-1], " ")
			}
			if !badObject(p) {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "Italy was awesome!", "The festival in Tokyo was amazing": a place
		// the speaker remembers as great was visited. A known place, not a
		// word that is also a common noun.
		r(`^(?i:(?:oh|wow|yeah|yes|honestly|and)[,!]?\s+)*(?:(?i:the|our|my|that|this)\s+(?:[\w-]+\s+){1,2}?(?i:in|to|at)\s+)?`+nm+`(?i:\s+was\s+)`+praisedPlace, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if i := strings.Index(c.text, m[0]); i >= 0 && placeOnShowRE.MatchString(c.text[i+len(m[0]):]) || strings.Contains(strings.ToLower(m[0]), "weather") {
				return // "Brazil was amazing in the World Cup", "The weather in Italy was beautiful on TV"
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) && !c.known[p] {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}),
		// "I'm gonna stay in Galway", "we'll be staying in Lisbon": a stay
		// ahead in a known place is travel ahead.
		r(`(?:`+fpbe+`|(?i:\b(?:i'll|i will|we'll|we will)))(?i:\s+(?:gonna|going\s+to|be))?(?i:\s+(?:stay|staying))\s+(?i:in)\s+`+nm, 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			lw := strings.ToLower(m[0])
			if !strings.Contains(lw, "gonna") && !strings.Contains(lw, "going to") && !strings.Contains(lw, "'ll") && !strings.Contains(lw, "will") && !c.hasDate {
				return // "I'm staying in Paris" with no time ahead may be now
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan+4)
			}
		}),
		// "Adding NYC to my travel list", "Peru is on my bucket list": a
		// place the speaker keeps a list of is travel ahead.
		r(`(?i:\b(?:adding|added|add|putting|put)\s+)`+nm+`(?i:\s+(?:to|on)\s+(?:my|our)\s+(?:travel\s+|bucket\s+|to-visit\s+|must-visit\s+)(?:list|bucket\s+list))`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && isPlace(p) && !c.neg {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan)
			}
		}),
		r(`^`+nm+`(?i:\s+is\s+(?:(?:really|definitely|high|top|still|also)\s+)*(?:on|at\s+the\s+top\s+of)\s+(?:my|our)\s+(?:(?:travel\s+|bucket\s+|to-visit\s+)list|list\s+of\s+(?:places|countries|cities)\s+to\s+(?:visit|see|go)))`, 1, func(c *clause, m []string) {
			if p := place(m[1]); p != "" && isPlace(p) && !c.neg {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan)
			}
		}),
		// "I want to do some birdwatching", "I'd love to do more yoga": a
		// pastime wished for is a plan.
		r(fp+aux+`(?i:\s+love\s+to)?\s+((?i:do\s+(?:some|more|a\s+bit\s+of|a\s+lot\s+more|a\s+little))\s+((?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*))`, 1, func(c *clause, m []string) {
			if c.neg || !c.fore {
				return
			}
			if p := strings.ToLower(strings.TrimSpace(m[2])); hobbyPhrase(p) {
				c.add(c.speaker, "plans", strings.ToLower(m[1]), Foresight, confPlan-4)
			}
		}),
		// "I recently attended a conference in Detroit": a gathering
		// attended in a known place is a place visited, as the labels of
		// real chat take "a car workshop in San Francisco". Not "went to a
		// festival in Boston": that may be at home.
		r(fp+aux+`(?i:\s+(?:attended|got\s+to\s+go\s+to|flew\s+out\s+to|spoke\s+at|presented\s+at)\s+(?:a|an|the|this|that|my|our)\s+(?:[\w'-]+\s+){0,3}?(?:conference|workshop|convention|summit|expo|retreat|seminar|festival|tournament|competition|bootcamp|camp)\s+in\s+)`+nm, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			if p := place(m[1]); p != "" && isPlace(p) && !lexCommonPlaces.has(p) && !c.known[p] {
				c.add(c.speaker, "visited", p, Experience, confEvent-4)
			}
		}),
		// "Can't wait for tomorrow's grand opening!": an event ahead the
		// speaker waits for is a plan.
		r(`(?i:(?:^|\b(?:i|we)\s+)eagerly\s+await\s+(?:'s\s+)?(?:(?:the|tomorrow's|tonight's|next\s+\w+'s|this|that)\s+)?)((?:[\w-]+\s+){0,2}(?:`+strings.ReplaceAll(eventNounList, " ", "|")+`))\b`, 1, func(c *clause, m []string) {
			if i := strings.Index(c.text, m[0]); c.neg || i >= 0 && overRE.MatchString(c.text[i+len(m[0]):]) {
				return // "I can't wait for this party to be over"
			}
			c.fore = true
			c.add(c.speaker, "plans", strings.ToLower(m[1]), Foresight, confPlan-4)
		}),
		// "I'd love to join you and your pups for a walk": joining the
		// listener for something is a plan once it is wished.
		r(fp+aux+`(?i:\s+love\s+to)?(?i:\s+join\s+(?:you|u|y'all|you\s+guys|us|them)(?:\s+(?:and|&)\s+(?:your|the)\s+[\w'-]+)?\s+(?:for|on)\s+(?:a|an|the|some|that|your)\s+)((?:[\w-]+\s+){0,2}[\w-]+)`, 1, func(c *clause, m []string) {
			if c.neg || !c.fore {
				return
			}
			p, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(m[1])), " and ") // "a hike [and bring my dogs]"
			if ws := strings.Fields(p); len(ws) > 1 && (danglingPrep[ws[len(ws)-1]] || trailingConj[ws[len(ws)-1]] || ws[len(ws)-1] == "sometime" || ws[len(ws)-1] == "soon") {
				p = strings.Join(ws[:len(ws)-1], " ")
			}
			if !badObject(p) {
				c.add(c.speaker, "plans", "a "+p, Foresight, confPlan-4) // "a walk": one word alone is no plan to genericPlan
			}
		}),
		// "We're off to Canada for our honeymoon", "on our honeymoon": a
		// honeymoon is the speaker's marriage.
		r(fp+aux+`(?i:.*\b(?:our|my)\s+honeymoon)\b`, 0, func(c *clause, m []string) {
			if !c.neg && !wantRE.MatchString(m[0]) && !hedgeRE.MatchString(m[0]) && !planningRE.MatchString(m[0]) {
				c.fore = false
				c.add(c.speaker, "married", "married", Experience, confEvent-4)
			}
		}),
		// "I'm loving experimenting with flavors right now": a pastime the
		// speaker is loving is liked; "I'm loving this weather" is not one.
		r(fpbe+`(?i:\s+(?:really\s+|totally\s+|just\s+|so\s+|also\s+)*loving\s+)([a-z][\w'-]*(?:\s+[\w'-]+){0,4})`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			p := loveTailRE.ReplaceAllString(strings.TrimSpace(m[1]), "")
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || badObject(p) || vague[ws[0]] || thingWords[ws[0]] {
				return
			}
			if strings.HasSuffix(ws[0], "ing") && len(ws[0]) > 5 || hobbyPhrase(strings.ToLower(p)) {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "Buddy and I have a great time doing walks": a pastime the
		// speaker has a great time at, said in the present, is liked.
		r(fp+`(?i:\s+(?:always\s+|usually\s+|really\s+)?(?:have|has)\s+(?:such\s+)?(?:a\s+)?(?:great|good|fun|wonderful|lovely|fantastic|blast|ball)\s+(?:time\s+)?(?:doing|going\s+on|going|playing|having)\s+)((?:[\w'-]+\s+){0,2}[\w'-]+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasPast || c.hasDate {
				return
			}
			p := loveTailRE.ReplaceAllString(strings.ToLower(strings.TrimSpace(m[1])), "")
			if ws := strings.Fields(p); len(ws) > 0 && !badObject(p) && (hobbyPhrase(p) || pastimeWords[strings.TrimSuffix(ws[len(ws)-1], "s")] || ws[len(ws)-1] == "walks") {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "I've found that painting or going for a drive helps": what the
		// speaker has found helps is liked, each thing named.
		r(fp+aux+`(?i:\s+found\s+(?:that\s+)?)((?:[a-z][\w'-]*)(?:\s+[\w'-]+){0,8}?)(?i:\s+(?:really\s+|also\s+)?(?:helps?|works?\s+for\s+me|calms?\s+me))\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			var items []string
			for _, it := range orAndRE.Split(strings.TrimSpace(m[1]), -1) {
				it = strings.ToLower(strings.TrimSpace(it))
				ws := strings.Fields(it)
				if len(ws) > 0 && thingWords[ws[0]] {
					return // "nothing helps"
				}
				outing := len(ws) > 2 && ws[0] == "going" && (ws[1] == "for" || ws[1] == "on") // "going for a drive"
				if len(ws) == 0 || !(outing || hobbyGerund(ws[0]) || hobbyPhrase(it)) {
					return
				}
				items = append(items, it)
			}
			for _, it := range items {
				c.add(c.speaker, "likes", it, World, confPref-6)
			}
		}),
		// "my faithful furry friend Daisy": a pet called by the words pet
		// owners use.
		r(`(?i:\b(?:my|our)\s+(?:(?:faithful|little|beloved|loyal|sweet|trusty|best|two|three|lovely)\s+)*)((?i:furry|four-legged|fluffy|feathered|scaly)\s+(?i:friend|buddy|companion|baby|babies|pal|kid|kids|friends|buddies|companions|pals|family\s+members?))(?:\s+`+nm+`)?`, 1, func(c *clause, m []string) {
			if c.fore {
				return
			}
			// Unnamed ("our furry pals") it is as often pets in general, or
			// the pets the turn names otherwise: only a name is written.
			if n := name(m[2]); n != "" && !strings.HasPrefix(n, "\x01") {
				c.add(c.speaker, "has_pet", n, World, confPref-6)
			}
		}),
		// "Blue calms me", "Gardening relaxes me": what calms the speaker
		// is liked.
		r(`(?i:^((?:[a-z][\w'-]*)(?:\s+[a-z][\w'-]*){0,2}?)\s+(?:really\s+|always\s+|just\s+|truly\s+|also\s+)*(?:calms|relaxes|soothes|grounds|centers|centres|recharges)\s+me)\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || !pastimeSubject(m[1]) || deicticRE.MatchString(m[1]) {
				return // "Glimpsing that calms me": what "that" is was said elsewhere
			}
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
		// "We're traveling through Lake Tahoe!": a trip under way through a
		// known place, told as it happens, is travel.
		r(fpbe+`(?i:\s+(?:currently\s+|now\s+|still\s+)?(?:traveling|travelling|road\s*tripping|backpacking|driving)\s+(?:through|around|across)\s+(?:the\s+)?)`+nm, 1, func(c *clause, m []string) {
			if c.neg || c.hasPast {
				return
			}
			if p := place(m[1]); p != "" && (isPlace(p) || strings.Contains(p, " ")) && !lexCommonPlaces.has(p) {
				c.fore = true
				c.add(c.speaker, "travels_to", p, Foresight, confPlan)
			}
		}),
		// "this boardgame I love", "that band I love": a thing pointed at and
		// named by the speaker's love for it ("the city I love is Paris" names
		// no thing; "a song I love" is one of many).
		r(`(?i:\b(?:this|that)\s+)((?:[a-z][\w'-]*\s+)?[a-z][\w'-]*)(?i:\s+(?:i|we)\s+(?:really\s+|absolutely\s+|just\s+)?(?:love|adore|am\s+obsessed\s+with))\b`, 1, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			p := strings.ToLower(m[1])
			if ws := strings.Fields(p); badObject(p) || vague[ws[0]] || personWord(p) || thingWords[ws[len(ws)-1]] || notLovedThing[ws[len(ws)-1]] || relKey(ws[len(ws)-1]) != "" || notATaste(p) {
				return
			}
			c.add(c.speaker, "likes", p, World, confPref-6)
		}),
		// "I'm always on the lookout for new reads": a standing search for
		// more of a thing is a liking of it.
		r(fpbe+`(?i:\s+(?:always|forever|constantly)\s+(?:on\s+the\s+lookout|looking|searching|hunting)\s+for\s+(?:new|more|good|great|fresh|different)\s+)((?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*)`, 1, func(c *clause, m []string) {
			if c.neg {
				return
			}
			p := loveTailRE.ReplaceAllString(strings.ToLower(strings.TrimSpace(m[1])), "")
			if ws := strings.Fields(p); len(ws) > 0 && danglingPrep[ws[len(ws)-1]] {
				p = strings.Join(ws[:len(ws)-1], " ")
			}
			if ws := strings.Fields(p); p != "" && !badObject(p) && !thingWords[p] && !notSought[ws[len(ws)-1]] {
				c.add(c.speaker, "likes", "new "+p, World, confPref-6)
			}
		}),
		// "I'm volunteering as a mentor for a local school": the place one
		// volunteers at, a role named on the way.
		r(fp+aux+`(?i:\s+(?:volunteer|volunteering|volunteered)\s+as\s+(?:a|an)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:for|at|with)\s+)((?i:a|an|the|my|our)\s+(?:[\w'-]+\s+){0,2}[\w'-]+)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasPast {
				return
			}
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "volunteers_at", p, World, confFirst-4)
			}
		}),
		// "I'm trying out yoga", "I've been getting into abstract
		// painting": a pastime being taken up is liked.
		r(fp+aux+`(?i:\s+(?:trying\s+out|getting\s+into|getting\s+back\s+into|taking\s+up))\s+((?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*)`, 1, func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			p := strings.ToLower(strings.TrimSpace(m[1]))
			for _, d := range []string{"some ", "a bit of ", "more "} {
				p = strings.TrimPrefix(p, d)
			}
			// the phrase ends at a word that starts a purpose or a time
			if ws := strings.Fields(p); len(ws) > 1 {
				for i, w := range ws {
					if w == "to" || w == "for" || w == "with" || w == "again" || w == "recently" || w == "lately" || w == "now" {
						p = strings.Join(ws[:i], " ")
						break
					}
				}
			}
			if hobbyPhrase(p) {
				c.add(c.speaker, "likes", p, World, confPref-6)
			}
		}),
	)
}

// adoptedNamed reads a pet named in one sentence and adopted in the next:
// "His name's Ned and he's been awesome since I adopted him." Not a child
// ("we adopted him from foster care"); the pronouns must agree ("his name"
// … "adopted him"), and the adoption must be said, not wished ("I wish we
// adopted her").
func adoptedNamed(text, speaker string, at time.Time, have []Fact) []Fact {
	if !adoptedHimRE.MatchString(text) || humanAdoptRE.MatchString(text) {
		return nil // most turns; "We adopted him from foster care": a child
	}
	t := clean(text)
	a := adoptedHimRE.FindStringSubmatch(t)
	if a == nil {
		return nil
	}
	m := petNameIsRE.FindStringSubmatch(t)
	if m == nil || lexPlaces.has(m[2]) || pronoun[strings.ToLower(m[2])] ||
		(strings.EqualFold(m[1], "his")) != (strings.EqualFold(a[2], "him")) {
		return nil
	}
	if strings.Index(t, m[0]) > strings.Index(t, a[0]) {
		return nil // the name comes first
	}
	for _, s := range sentences(t) {
		if strings.Contains(s, a[0]) && (hedgeRE.MatchString(s) || negRE.MatchString(strings.SplitN(s, a[0], 2)[0]) || wishRE.MatchString(s)) {
			return nil
		}
	}
	for _, f := range have {
		if f.Predicate == "has_pet" && strings.EqualFold(f.Claim, m[2]) {
			return nil
		}
	}
	base := Fact{Subject: speaker, Claim: m[2], Polarity: Positive, ValidFrom: at, Speaker: speaker,
		Entities: []Entity{{Name: m[2], Kind: "animal"}}}
	pet, ev := base, base
	pet.Predicate, pet.Kind, pet.Confidence = "has_pet", World, confPref-6
	ev.Predicate, ev.Kind, ev.Confidence = "adopted", Experience, confEvent-4
	return []Fact{pet, ev}
}

var (
	adoptedHimRE = regexp.MustCompile(`(?i)\b(i|we)\s+(?:just\s+|finally\s+|recently\s+)?adopted\s+(him|her)\b`)
	petNameIsRE  = regexp.MustCompile(`\b([Hh]is|[Hh]er)\s+name(?:'s|\s+is)\s+(\p{Lu}\p{Ll}+)\b`)
	// a child adopted, not a pet
	humanAdoptRE = regexp.MustCompile(`(?i)\b(?:foster|orphan\w*|agency|baby|babies|son|daughter|child|children|kid|kids|boy|girl|toddler|infant|newborn)\b`)
	wishRE       = regexp.MustCompile(`(?i)\b(?:wish|hope|want|if|would|could)\b`)
)

// volunteeringOnce drops "likes volunteering" when the turn says where the
// speaker volunteers: "I've been volunteering at a homeless shelter" is
// that place, not a liking besides it.
func volunteeringOnce(out []Fact) []Fact {
	at := map[string]bool{}
	for _, f := range out {
		if f.Predicate == "volunteers_at" && f.Polarity == Positive {
			at[f.Subject] = true
		}
	}
	if len(at) == 0 {
		return out
	}
	return slices.DeleteFunc(out, func(f Fact) bool {
		return f.Predicate == "likes" && at[f.Subject] && strings.EqualFold(f.Claim, "volunteering")
	})
}
