package extract

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Life events in frames the earlier passes leave (session 34, from the
// event misses of the LoCoMo dev draws and locomo_more.jsonl, read beside
// synthetic rounds 1–2 and outside 1, 2 and 4). Cases in events34_test.go.
//
// First group. A pastime or an undertaking taken up, said with a gerund
// that chat.go's "started …ing" rule leaves as a feeling or a happening
// (its notTakenUp list): going to something ("I just started going to boot
// camps with my fam last month", "I've started going to a carers' group"),
// doing a thing of a plural noun ("I started doing seminars"), helping
// out with or at something ("I just started helping out with a food
// drive"). Not "going to bed", "doing better", "doing this", "doing what
// you said", not another's ("he started going to therapy"), not a question
// or a plan ("Have you started going …?", "I'll start going …").
//
// Second group. A work sent in or an application said in the frames the
// submitted and applied rules leave: done or finished submitting a work to
// a contest ("I just got done submitting my recent screenplay to a film
// contest"); the work "I sent in to" a place, said as a relative clause
// ("The screenplay I sent in to the film festival has been on my mind");
// the program "I applied for" ("I'm finally in the study abroad program I
// applied for!"). The destination must be a kind of place work or an
// application goes to (events31's submittedTo).
//
// The two groups: read sets +8 right of +8 predicted (locomo_more +6,
// outside 4 +1, synthetic rounds 1–2 none; +9 with "getting into",
// dropped below); kept back +1 of +1 (synthetic round 3).
//
// Third group. A venture of one's own started ("Last week, I started my
// blog about coding", "we launched our podcast"), a class or group one
// started going to ("I started this yoga class in the neighborhood"), a
// work started on ("I actually started on a book recently"); not "started
// my day", "this whole thing", "on my homework". A new home got, rented or
// moved into, said without its place ("I got a new place with a bigger
// backyard", "We rented an apartment not far from McGee's bar", "I moved to
// a flat with Batuhan"): moved, the home the claim; not a stay away ("a
// cottage for the weekend"), not another's. Read sets +5 of +5 (LoCoMo dev
// +1, locomo_more +4); kept back none.
//
// Fourth group. One's own wedding held, said with the partner or "we"
// ("My girlfriend and I had an amazing and emotional wedding ceremony last
// week"; not "we had a wedding order", "a wedding to go to", "I had a
// wedding this weekend" said alone, a wedding ahead) or as the subject of
// "was" ("Marrying my partner … was the best part"): married. A
// competition won: first place won by one's team or crew ("my team won
// first place at a regionals", "my dance crew took home first in a local
// comp"), one was in and then "and I won!", a trophy of one's own from it
// ("one of my trophies from a dance contest"); the competition the claim,
// as the labels write it. Read sets +6 of +6 (LoCoMo dev +4, locomo_more
// +2); kept back none.
//
// A mend in everyday.go: a place praised as past ("Tokyo was unreal")
// takes more words of praise (unreal, epic, unbelievable) and
// "that" or "this" before the event held there ("That show in Tokyo was
// awesome!"). Read sets +2 of +2 (locomo_more); kept back +1 of +1
// (synthetic round 3).
//
// A mend in rulebook.go: work said with the days or the years between
// "work" and where ("I work saturdays at the Shoppers on Danforth", "I work
// long days at the institute", "I worked three years at Stripe"). Read
// sets +2 of +2 (synthetic rounds 1–2); kept back +1 of +1 (round 3).
//
// Fifth group (the hook, events34). A move said with a particle ("We got
// her as a pup when we moved up to Fairbanks in 2010", "when we moved back
// to Accra"): the rules read the home (lives_in) and no move; the move to
// it is added. Not another's ("My sister moved back to Accra"). Read sets
// +1 of +1 (synthetic rounds 1–2); kept back none.
//
// Sixth group. A membership got, paid for or cancelled, with what it is
// of ("I paid for the swimming club membership", "I cancelled my PureGym
// membership": joined, negative when ended); not "a new membership", not
// another's. Read sets +1 of +1 (synthetic rounds 1–2); kept back none.
//
// Seventh group. An application accepted by a named place ("The Kilkenny
// craft fair accepted my application"; not "They accepted …") and an
// audition done for something ("had an audition yesterday for a writing
// gig"; not another's, not one ahead): applied_to, as the labels write
// both. Read sets +2 of +2 (locomo_more +1, synthetic rounds 1–2 +1);
// kept back none.
//
// Eighth group (the hook). The place of work said right after a role the
// rules read without it ("Logistics coordinator for DP World", "Before
// that I was an economist for the ministry": over, as the role is), when
// the turn gives no place of work; not a compound ("a software tester for
// a bank app": the first try read "bank" there, and added one wrong on
// the read sets and one on the kept-back, so the place must now end the
// phrase). Read sets +2 of +2 (synthetic rounds 1–2); kept back none.
//
// A mend in chat.go's "started …ing" rule: no start read when told as
// the reason or the time of something else ("a reminder of why I started
// playing basketball", "after I started walking again") or of nothing
// said ("Just started learning, but haven't gone yet"); "since" and
// "when" keep theirs (the labels write those). Read sets 3 wrong fewer,
// none right lost (locomo_more); kept back unchanged.
//
// All of it together: read sets +28 right of +28 predicted (LoCoMo dev
// +5, locomo_more +15, synthetic rounds 1–2 +7, outside 4 +1), and 3
// wrong fewer; kept back +3 of +3 (synthetic round 3; outside 3 and 5
// none; the LoCoMo held-out parts unchanged).
//
// Tried and dropped, for the near negatives of earlier sessions' tests:
// "I started getting into board games" as started (tastes33_test.go wants
// the taste alone; the LoCoMo label has both); "Moving to Rotterdam was
// the best decision" as a move (passing_test.go wants the home alone;
// it was +1 on outside 4); "lovely" as praise of a place past
// (plans29b_test.go: "The wedding in Kisumu was lovely" is no visit).
// A role of one's own said with "being" ("Being a coach will hopefully
// keep me motivated", "the most exciting part of being a geologist", "i
// miss being a truck driver" over; not "have you thought about being an
// entrepreneur?", "being a mom", "a positive role model"): read sets +6
// of +6, but it added one wrong fact on the LoCoMo held-out part and
// nothing right (TestLoCoMoHeldOut fell below its precision floor), so it
// was taken out.
// Left alone after reading the read sets: "lost my job at Door Dash" (the
// LoCoMo labels write lost_job without works_at, negative, but
// session28_test.go and precision_test.go pin both); a pet got "from the
// shelter" as adopted (the labels split: "I took Luna from the shelter"
// adopted, "I got a dog from the shelter" not); "went to a gala in
// Boston" as visited (general_test.go: "I went to a concert in Chicago" is
// no visit); "As an artist, I …" and "for me as an engineer" as job_title
// (the labels split); quitting or leaving a lowercase place of work ("quit
// the chippy", "left the council in april"): each fails work28's guard for
// a different reason, none recurring.

// startedMoreRE34: "started" or "began" with the gerunds chat.go leaves;
// group 1 the gerund phrase.
var startedMoreRE34 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|even|actually|only|first|already)\s+)*(?:started|began))\s+((?i:going\s+to|doing|helping\s+out\s+(?:with|at|in))\s+.+)`)

// notTakenUp34 are what follows those gerunds when nothing was taken up:
// "going to bed", "getting into trouble", "doing better", "doing the
// dishes".
var notTakenUp34 = setOf(`bed sleep work school trouble debt fights fight arguments argument it this that these those them
	what things stuff better worse well fine okay ok good great badly so more less some something nothing anything
	everything the dishes laundry homework my our his her their your`)

// togetherTail34 cuts the company one does it with off a claim ("going to
// boot camps with my fam").
var togetherTail34 = regexp.MustCompile(`(?i)\s+(?:with|alongside)\s+(?:my|our|the)\s+.*$|\s+together$|\s+for\s+(?:folks|people|those|anyone|kids|families)\b.*$`)

// whereTail34 cuts where a thing gone to is held off its claim ("going to
// a carers' group at the church hall in Wynnum").
var whereTail34 = regexp.MustCompile(`(?i)\s+(?:at|in|on|near|down|up|by|every|once|twice)\s.*$`)

// sentToDest34 is the destination at the start of what follows "to": a
// kind of place work or an application is sent to, with at most three
// words before it ("a film contest", "the film festival").
var sentToDest34 = regexp.MustCompile(`(?i)^(?:a|an|the)\s+((?:[\w'-]+\s+){0,3}?(?:festival|contest|competition|journal|magazine|agency|program|programme|fellowship|residency|award|prize|council|university|college|school|publisher|showcase|exhibition))\b`)

// doneSubmittingRE34: "got done submitting my recent screenplay to a film
// contest", "finished sending my poems off to a magazine"; group 1 the
// destination.
var doneSubmittingRE34 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|also)\s+)*(?:got\s+done|finished|am\s+done|'m\s+done)\s+(?:submitting|sending(?:\s+in)?|entering)\s+(?:my|our|a|an|the)\s+(?:[\w'-]+\s+){0,3}?(?:off\s+|in\s+)?to)\s+((?i:a|an|the)\s+.+)`)

// sentInRelRE34: "the screenplay I sent in to the film festival", "the
// story I submitted to the magazine": a relative clause (the work before
// it); group 1 the destination.
var sentInRelRE34 = regexp.MustCompile(`(?i:\b(?:the|my|that)\s+[\w'-]+(?:\s+[\w'-]+)?\s+(?:that\s+)?(?:i|we)\s+(?:(?:just|finally|also)\s+)*(?:sent\s+in|sent\s+off|sent|submitted|entered)\s+(?:in\s+)?to)\s+((?i:a|an|the)\s+.+)`)

// appliedRelRE34: "the study abroad program I applied for": group 1 what
// was applied for, said before "I applied for".
var appliedRelRE34 = regexp.MustCompile(`(?i:\b(?:the|that))\s+((?:[\w'-]+\s+){0,3}?(?i:program|programme|course|fellowship|residency|scholarship|internship|apprenticeship|grant|position|job|role))\s+(?i:(?:that\s+)?(?:i|we)\s+(?:(?:had\s+)?(?:just|finally|also)\s+)*applied\s+(?:for|to))\b`)

// startedMyRE34: "I started my blog about coding", "we launched our
// podcast last month", "I started this yoga class in the neighborhood",
// "I started on a book recently"; group 1 the venture, class or work with
// what it is about.
var startedMyRE34 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|actually|officially)\s+)*(?:started|launched|set\s+up|began)\s+(?:(?:on\s+)?(?:my|our|a|an)|this)\s+)(.+)`)

// ventures34 are what one starts of one's own (after "my" or "our"), a
// class or group one starts going to (after "this"), and a work one
// starts on (after "on").
var (
	myVentures34   = setOf(`blog vlog podcast channel business company startup petition charity foundation band newsletter campaign fundraiser nonprofit club group`)
	thisClasses34  = setOf(`class course club group league team choir`)
	worksBegun34   = setOf(`book novel memoir screenplay script album song painting mural quilt blanket sweater project story`)
	notVentureTail = regexp.MustCompile(`(?i)\s+(?:about|on)\s+(?:it|this|that|the|a|an|my|our|time|track|top|hold|fire|purpose)\b.*$`)
)

// movedHomeRE34: a new home got or moved into, said without its place:
// "I got a new place with a bigger backyard", "We rented an apartment not
// far from McGee's bar", "I moved to a flat with Batuhan"; group 1 the
// home.
var movedHomeRE34 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|recently|finally|also|actually|officially)\s+)*(?:(?:got|found)\s+(?:a|our|my)\s+(new)\s+|rented\s+(?:a|an)\s+(?:(?:new|small|little|tiny|nice|cute|big|bigger)\s+)?|moved\s+(?:in)?to\s+(?:a|an)\s+(?:(new|small|little|tiny|nice|cute|big|bigger)\s+)?))((?i:place|house|apartment|flat|home|condo|cottage))\b`)

// weddingHeldRE34: one's own wedding held, said with the partner or
// "we": "My girlfriend and I had an amazing and emotional wedding
// ceremony last week", "we had a tiny wedding in the garden"; group 1 the
// subject, group 2 what follows the wedding.
var weddingHeldRE34 = regexp.MustCompile(`(?i:(?:^|\b)(i|we)\s+(?:(?:just|finally|recently|also|actually|officially)\s+)*(?:had|held|threw|celebrated)\s+(?:a|an|our)\s+(?:[\w'-]+\s+){0,4}?wedding(?:\s+(?:ceremony|reception))?)(.*)`)

// partnerAndI34: "my girlfriend and I" before the clause that says the
// wedding (clauses are cut before "I").
var partnerAndI34 = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|spouse|gf|bf)(?:\s+\p{Lu}\p{L}+)?\s+and\s+i\b`)

// weddingHeldTail34: all that may follow the wedding held: nothing, when,
// where or how ("last week", "in the garden", "and it was perfect"); not
// a noun that makes the wedding an order or a plan ("a wedding order",
// "a wedding to go to").
var weddingHeldTail34 = regexp.MustCompile(`(?i)^\s*(?:$|[,.!;:)–—-]|(?:last|yesterday|this|in|on|at|and|back|with|a\s+few|two|three|four|five|ten|twenty|\d+)\b)`)

// marryingMyRE34: "Marrying my partner and promising to be together
// forever was the best part": the marriage told as the subject of "was".
var marryingMyRE34 = regexp.MustCompile(`(?i)^(?:(?:and|but|so|honestly|yeah)[,\s]+)?marrying\s+(?:my|the)\s+(?:wife|husband|partner|girlfriend|boyfriend|love|soulmate|best\s+friend)\b.*\s(?:was|were)\b`)

// teamWonRE34: a first place won by one's team or crew at a competition:
// "my team won first place at a regionals", "my dance crew took home
// first in a local comp"; group 1 the competition.
var teamWonRE34 = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:[\w-]+\s+)?(?:team|crew|squad|band|club|choir|troupe)\s+(?:(?:just|also|even|finally|once)\s+)*(?:won|took\s+home|took|placed|came|finished)\s+(?:the\s+)?(?:first|1st|gold)(?:\s+(?:place|prize))?\s+(?:at|in)\s+(?:a|an|the|our)\s+)((?:[\w'-]+\s+){0,3}?(?:regionals|nationals|comp|competition|contest|tournament|championship|championships|cup|league|meet|race|regatta|battle|showcase|festival|fair|show))\b`)

// wonAfterRE34: "and I won!" said as a clause of its own after the
// competition one was in ("I was in the final of a big Valorant tournament
// last Saturday, and I won!"); wonInRE34 finds the competition (group 1)
// earlier in the sentence.
var (
	wonAfterRE34 = regexp.MustCompile(`(?i)^(?:and\s+)?(?:i|we)\s+(?:(?:actually|even|totally|somehow)\s+)?won\s*[!.]*$`)
	wonInRE34    = regexp.MustCompile(`(?i:\b(?:i|we)\s+(?:was|were)\s+in\s+(?:the\s+(?:final|finals|semi-?finals?)\s+of\s+)?(?:a|an|the|my)\s+(?:(?:big|local|huge)\s+)?)((?:[\w'-]+\s+){0,3}?(?:tournament|contest|competition|championship|race|match|cup|league|meet))\b`)
)

// trophyFromRE34: "one of my trophies from a dance contest": a trophy or
// medal of one's own from a competition; group 1 the competition.
var trophyFromRE34 = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:(?:first|old|own|little)\s+)?(?:trophy|trophies|medal|medals|ribbon|ribbons|plaque)\s+(?:from|for\s+winning)\s+(?:a|an|the|my)\s+)((?:[\w'-]+\s+){0,2}?(?:contest|competition|tournament|championship|championships|race|marathon|regatta|meet|show|fair))\b`)

// membershipRE34: a membership got or paid for, or cancelled, with what
// it is of before it: "I paid for the swimming club membership", "I
// cancelled my PureGym membership in january"; group 1 the verb, group 2
// the club.
var membershipRE34 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|also|recently|already)\s+)*(got|bought|paid\s+for|renewed|cancel+ed|quit|ended|stopped)\s+(?:a|an|the|my|our)\s+)((?:[\p{L}'-]+\s+){0,2}?[\p{L}'-]+)(?i:\s+membership)\b`)

// acceptedAppRE34: "The Kilkenny craft fair accepted my application":
// where an application went (group 1, without its "the").
var acceptedAppRE34 = regexp.MustCompile(`(?:^|[,;:!.]\s*|\b(?i:and|but|so|then)\s+)(?i:the\s+)?(\p{Lu}[\p{L}'-]*(?:\s+[\p{L}'&-]+){0,4}?)\s+(?i:(?:finally|just|officially)\s+)?(?i:accepted|approved|took)\s+(?i:my|our)\s+(?i:application|submission|entry|abstract|paper|manuscript)\b`)

// auditionRE34: "had an audition yesterday for a writing gig": an
// audition done for something (group 1), which the labels write as an
// application.
var auditionRE34 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:just|finally|also|actually)\s+)*(?:had|did|went\s+to|nailed|aced|passed)\s+(?:an?|my|the|our)\s+(?:[\w-]+\s+)?(?:audition|tryout|try-out)s?\s+(?:(?:yesterday|today|this\s+morning|last\s+\w+|on\s+\w+day)\s+)?for)\s+(.+)`)

// whyStarted34: a start told as the reason or the time of something else
// ("why I started playing basketball", "after I started walking again");
// chat.go's started rule reads no start there.
var whyStarted34 = regexp.MustCompile(`(?i)\b(?:why|after|before|until|till)\s+(?:i|we)\s+(?:\w+\s+)?(?:started|began)\s*$`)

// whyLead34: the same said before a clause cut at its "I" ("… after | I
// started walking again").
var whyLead34 = regexp.MustCompile(`(?i)\b(?:why|after|before|until|till)\s*$`)

// holidayStay34: a home rented for a stay away, not moved into.
var holidayStay34 = regexp.MustCompile(`(?i)\bfor\s+(?:the|a|our|my|two|three|four|five|\d+)\s+(?:[\w-]+\s+)?(?:weekend|week|weeks|night|nights|days|trip|holiday|vacation|summer|stay)\b|\b(?:airbnb|vacation|holiday|trip|getaway|festival|wedding)\b`)

// movedToRE34: a move said with a particle or as the subject of "was"
// ("we moved up to Fairbanks in 2010", "when we moved back to Accra",
// "Moving to Rotterdam was the best decision"); group 1 the words from
// the place on. The rules read the home (lives_in); this pass adds the
// move when the place the home rule read starts group 1.
var movedToRE34 = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:(?:just|finally|recently|also|then|only)\s+)*moved\s+(?:up|down|over|back|out|across|away)\s+to\s+(?:the\s+)?(\p{Lu}.*)`)

func init() {
	rules = append(rules,
		rule{re: startedMoreRE34, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "started" }) {
				return
			}
			p := trimPurpose(togetherTail34.ReplaceAllString(cut(m[1]), ""))
			ws := strings.Fields(strings.ToLower(p))
			head := 1 // the word after the gerund
			switch ws[0] {
			case "going":
				head = 2
			case "helping":
				head = 3
			}
			if ws[0] != "doing" && len(ws) > head+1 {
				fs := strings.Fields(p)
				p = strings.Join(fs[:head+1], " ") + whereTail34.ReplaceAllString(" "+strings.Join(fs[head+1:], " "), "")
			}
			p = trimTail(p)
			ws = strings.Fields(strings.ToLower(p))
			if len(ws) > head+1 && articleWord33[ws[head]] {
				head++ // "going to a carers' group": the noun after the article
			}
			if len(ws) <= head || len(ws) > head+6 || badObject(strings.Join(ws[head:], " ")) {
				return
			}
			w := strings.Trim(ws[head], `"',.!`)
			if notTakenUp34[w] || vague[w] || pronoun[w] || refWords[w] {
				return // "going to bed", "getting into it", "doing better"
			}
			if ws[0] == "doing" && (len(ws) != 2 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss")) {
				return // "doing seminars": a plural noun of its own; "doing the dishes", "doing fine" are no start
			}
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}},
		rule{re: startedMyRE34, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "started" }) {
				return
			}
			lead := strings.ToLower(strings.TrimSpace(m[0][:len(m[0])-len(m[1])]))
			heads := myVentures34
			switch {
			case strings.HasSuffix(lead, "this"):
				heads = thisClasses34
			case strings.Contains(lead, " on "):
				heads = worksBegun34
			case !strings.HasSuffix(lead, " my") && !strings.HasSuffix(lead, " our"):
				return // "a blog": left to the rules that read "started a …"
			}
			fs := strings.Fields(cut(m[1]))
			k := slices.IndexFunc(fs, func(w string) bool { return heads[strings.ToLower(strings.Trim(w, `"',.!`))] })
			if k < 0 || k > 2 {
				return
			}
			for _, w := range fs[:k] {
				if articleWord33[strings.ToLower(w)] || pronoun[strings.ToLower(w)] {
					return
				}
			}
			p := strings.Trim(strings.Join(fs[:k+1], " "), `"',.!`)
			if k+2 < len(fs) && (strings.EqualFold(fs[k+1], "about") || strings.EqualFold(fs[k+1], "on")) {
				// what it is about: "my blog about coding", "a blog on car mods"
				if t := notVentureTail.ReplaceAllString(" "+strings.Join(fs[k+1:min(len(fs), k+4)], " "), ""); t != "" {
					p += strings.TrimRight(whereTail34.ReplaceAllString(t, ""), `"',.!`)
				}
			}
			if w := strings.ToLower(strings.Fields(p)[0]); (w == "new" || w == "own" || w == "first" || w == "little" || w == "very") && len(strings.Fields(p)) > 1 {
				p = strings.Join(strings.Fields(p)[1:], " ")
			}
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}},
		rule{re: movedHomeRE34, claim: 3, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "moved" }) {
				return
			}
			if holidayStay34.MatchString(c.sent + " " + c.raw) {
				return // "We rented a cottage for the weekend": a stay away
			}
			p := strings.ToLower(m[3])
			if m[1] != "" || m[2] == "new" {
				p = "new " + p // "a new place"
			}
			c.add(c.speaker, "moved", p, Experience, confEvent-4)
		}},
		rule{re: weddingHeldRE34, claim: 2, raw: true, fn: func(c *clause, m []string) {
			if strings.EqualFold(m[1], "i") && !partnerAndI34.MatchString(c.sent) {
				return // "I had a wedding this weekend": a baker's or a photographer's
			}
			if c.neg || c.fore || !weddingHeldTail34.MatchString(m[2]) || weddingAheadRE.MatchString(c.turn+" "+c.sent) {
				return // "we had a wedding order for 400 conchas", "next month"
			}
			c.add(c.speaker, "married", "married", Experience, confEvent-4)
		}},
		rule{re: marryingMyRE34, claim: 0, raw: true, fn: func(c *clause, m []string) {
			if !c.neg && !c.fore && !weddingAheadRE.MatchString(c.sent) {
				c.add(c.speaker, "married", "married", Experience, confEvent-4)
			}
		}},
		rule{re: teamWonRE34, claim: 1, raw: true, fn: wonAt34},
		rule{re: wonAfterRE34, claim: 0, raw: true, fn: func(c *clause, m []string) {
			i := strings.Index(c.sent, c.raw)
			if i <= 0 {
				return
			}
			if w := wonInRE34.FindStringSubmatch(c.sent[:i]); w != nil {
				wonAt34(c, w)
			}
		}},
		rule{re: trophyFromRE34, claim: 1, raw: true, fn: wonAt34},
		rule{re: membershipRE34, claim: 2, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			p := strings.Join(strings.Fields(m[2]), " ")
			ws := strings.Fields(strings.ToLower(p))
			if pronoun[ws[0]] || articleWord33[ws[0]] || ws[0] == "new" || ws[0] == "annual" || ws[0] == "monthly" || ws[0] == "yearly" || ws[0] == "family" || ws[0] == "free" || ws[0] == "trial" {
				return // "a new membership", "the annual membership": of what, said elsewhere
			}
			v := strings.ToLower(m[1])
			if strings.HasPrefix(v, "cancel") || v == "quit" || v == "ended" || v == "stopped" {
				c.neg = true // "I cancelled my PureGym membership": a membership ended
			}
			c.add(c.speaker, "joined", p, Experience, confEvent-4)
		}},
		rule{re: acceptedAppRE34, claim: 1, raw: true, fn: func(c *clause, m []string) {
			p := strings.TrimSpace(m[1])
			if c.neg || c.fore || pronoun[strings.ToLower(strings.Fields(p)[0])] || lexNames.has(strings.Fields(p)[0]) || c.known[p] {
				return // "They accepted my application", "Anna accepted my paper": who, said elsewhere
			}
			c.add(c.speaker, "applied_to", p, Experience, confEvent-4)
		}},
		rule{re: auditionRE34, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || !c.speakerClause() {
				return
			}
			if p := object(m[1]); p != "" && len(strings.Fields(p)) <= 5 {
				c.add(c.speaker, "applied_to", p, Experience, confEvent-4)
			}
		}},
		rule{re: doneSubmittingRE34, claim: 1, fn: sentTo34},
		rule{re: sentInRelRE34, claim: 1, raw: true, fn: sentTo34},
		rule{re: appliedRelRE34, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if p := object(m[1]); p != "" {
				c.add(c.speaker, "applied_to", p, Experience, confEvent-4)
			}
		}},
	)
}

// sentTo34 gives the speaker the destination a work was sent in to (group
// 1), when it is one of submittedTo.
func sentTo34(c *clause, m []string) {
	if c.neg || c.fore || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "applied_to" }) {
		return
	}
	if d := sentToDest34.FindStringSubmatch(m[1]); d != nil {
		c.add(c.speaker, "applied_to", strings.Join(strings.Fields(d[1]), " "), Experience, confEvent-4)
	}
}

// wonAt34 gives the speaker the competition a win rule read (group 1),
// when no win is read in the clause already.
func wonAt34(c *clause, m []string) {
	if c.neg || c.fore || slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "won" }) {
		return
	}
	if p := strings.Join(strings.Fields(m[1]), " "); p != "" {
		c.add(c.speaker, "won", p, Experience, confEvent-4)
	}
}

// events34 adds the move to a home the rules read from a move said with
// a particle or as a subject (movedToRE34), when the turn has no move to
// it already.
func events34(text, speaker string, out []Fact) []Fact {
	out = roleEmployer34(text, speaker, out)
	ms := movedToRE34.FindAllStringSubmatch(text, -1)
	if ms == nil {
		return out
	}
	for _, f := range out {
		if f.Subject != speaker || f.Predicate != "lives_in" || f.Polarity != Positive || f.Claim == "" {
			continue
		}
		if slices.ContainsFunc(out, func(g Fact) bool { return g.Predicate == "moved" && strings.EqualFold(g.Claim, f.Claim) }) {
			continue
		}
		for _, m := range ms {
			rest, ok := strings.CutPrefix(m[1], f.Claim)
			if !ok || rest != "" && isLetterStart(rest) {
				continue
			}
			out = append(out, Fact{Subject: speaker, Predicate: "moved", Claim: f.Claim, Kind: Experience, Polarity: Positive,
				ValidFrom: f.ValidFrom, Confidence: confEvent - 4, Speaker: speaker})
			break
		}
	}
	return out
}

// isLetterStart reports whether s goes on with a letter (the place read
// is only the start of a longer name).
func isLetterStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

// roleEmployer34 adds the place of work said right after a role the
// rules read without it: "I'm the bookkeeper for a coffee farm in
// Holualoa", "Logistics coordinator for DP World", "im sous chef at a
// smaller place in barranco now". The work there has the role's polarity
// ("Before that I was an economist for the ministry": over). Only a
// place workplaceAt reads (a named employer or a place of work by what it
// is), and only when the turn gives the speaker no place of work yet.
func roleEmployer34(text, speaker string, out []Fact) []Fact {
	if slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Predicate == "works_at" }) {
		return out
	}
	low := lowerASCII(text) // the same byte offsets as text ("Ⱥ" grows in strings.ToLower)
	for _, f := range out {
		if f.Subject != speaker || f.Predicate != "job_title" || f.Claim == "" || anyWord(f.Claim, studentRoles34) {
			continue // "I'm a grad student at MIT": a study, read as studies_at
		}
		i := strings.Index(low, lowerASCII(f.Claim))
		if i < 0 {
			continue
		}
		after := text[i+len(f.Claim):]
		m := roleAtRest34.FindStringSubmatch(after)
		if m == nil {
			continue
		}
		o, rest := workplaceAt(m[1])
		if o == "" || notTenurePlace33[strings.ToLower(o)] || !placeEnd34.MatchString(rest) ||
			slices.ContainsFunc(out, func(g Fact) bool { return g.Predicate == "studies_at" && strings.EqualFold(g.Claim, o) }) {
			continue // "a software tester for a bank app": the bank is no employer
		}
		out = append(out, Fact{Subject: speaker, Predicate: "works_at", Claim: o, Kind: World, Polarity: f.Polarity,
			ValidFrom: f.ValidFrom, Confidence: confLoose - 4, Speaker: speaker})
		break
	}
	return out
}

// studentRoles34 are roles held at a place of study, not of work.
var studentRoles34 = setOf(`student students undergrad undergraduate postgrad freshman sophomore fresher intern trainee apprentice
	candidate scholar fellow resident`)

// placeEnd34: what may follow the place of work read after a role: the
// end, a stop, or where or when ("in Harare", "now", "since 2019").
var placeEnd34 = regexp.MustCompile(`(?i)^\s*(?:$|[,.;:!?)–—-]|(?:in|at|on|near|since|and|but|so|now|here|there|for\s+\d|for\s+(?:a|the|over|almost|about|nearly|\w+\s+years?))\b)`)

// roleAtRest34: what follows a role when it names where the role is held
// ("at a smaller place", "for DP World"); group 1 the place.
var roleAtRest34 = regexp.MustCompile(`^\s+(?i:at|for)\s+(.+)`)
