package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Work and life events in frames the earlier passes left (session 33,
// from the event and work misses of the read sets: LoCoMo dev, locomo_more,
// outside 1, 2 and 4, synthetic rounds 1–2). Cases in events33_test.go.
//
// First group. A shift or nights at a place of work ("the night shifts at
// the tram depot ate me", "back to nights on the labour ward at CUMH"):
// works_at, positive, or negative when it is a past stint of years ("I did
// nights at Parirenyatwa for 5 years"); not a third party's ("my
// husband's working nights at the port"), not "my dad's pharmacy". A
// tenure said by its years ("almost five years at Sunforge Software and i
// feel like a ghost there", "32 years at LAUSD"): works_at, negative when
// the turn says the work ended (retired, redundant, before that). A
// subject taught at a school ("I taught English at Tonga High School for
// 31 years"): works_at, negative. A role at an employer the occupation
// lists may not hold ("I'm a route planner at Delhivery", "I'm cabin crew
// for Emirates", "I'm sous chef at Mizu now"): job_title and works_at;
// not "a regular at", "a member at", not "a senior at UCLA", not "I am
// nurse in hospital" (the preposition "in" is left to the rulebook).
// Still at a named employer ("Still at Kiezgrün, still writing copy"),
// not a school, not a third party's ("Erik's still in Stockholm, still at
// Spotify"). Read sets +20 right of +21 predicted (+4 wrong before the
// third-party leads were mended; the last, "a shift at my dad's
// pharmacy", mended with the second group); kept back +6 of +6.
//
// Second group. A medal got or won ("11:42, got my Bronze medal", "First
// medal I've ever won paddling"); my colleagues or boss at a place of
// work ("my colleagues at the Ghana Highway Authority"). Read sets +2 of
// +2; kept back +1 of +1.
//
// Third group (the hook, events33). A self-introduction's role after
// one's name or age between commas ("I'm Dragana, team manager this
// season", "And I'm the old one here, 31, physiotherapist."); not a role
// no longer or not yet held ("retired school nurse", "aspiring
// novelist": session31_test.go wants no job there), not another's bare
// name ("Tiago, 29, vet." said by Marco). Read sets +3 of +3; kept back
// +1 of +1 (figures before these mends).
//
// All three groups with the mends that the package's near negatives asked
// for: read sets +24 right of +24 predicted (synthetic rounds 1–2 +23,
// outside 2 +1); kept back +5 of +5 (synthetic round 3 +3, outside 5 +2,
// outside 3 none).
//
// Tried and dropped: a new job said in passing after a comma ("if it
// helps, new job pays better"): the clause rules never see the comma
// (clauses are cut there) and "new job or not" matched; left to work28's
// newJobRE. An introduction's name without "I'm" or an age ("Cheers,
// mate!", "Bravo, chef.", "Oscar, my guinea pig"): five wrong on the read
// sets, so a bare name now needs an age after it. Left alone after
// reading the read sets: "doing my masters at UCL" (studies) and "I did my
// master's at X" (the labels split between studies, graduated and none);
// a divorce (married, negative: the labels' claims split between
// "married", "divorce" and "divorced"); a trip said by its length ("Five
// days in a little guesthouse in Dilijan": most such are plans);
// lowercase employers quit ("quit amazon in feb", "i quit grab"): no list
// tells them from things given up.

// shiftAtRE33: a shift or nights at a place; group 1 the word, group 2
// what follows "at". The lead is a verb of the speaker's or a determiner,
// so "his night shift at the plant" is not read.
var shiftAtRE33 = regexp.MustCompile(`(?i:(?:^|[,;:]\s*|\b(?:back\s+to|on|did|doing|do|done|pulled|pulling|working|work|worked|the|my|an?|another|more|extra|\d+)\s+))(?i:(?:extra|double|night|late|early|long|weekend|day|closing|opening|overnight|\d+-?(?:hour|hr)|twelve-hour)\s+)*((?i:shifts?|nights))\s+(?i:(?:on|in)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+)?(?i:at)\s+(.+)`)

// otherLead33: a third party or the listener before the frame ("she did
// nights at …", "your shift at …").
var otherLead33 = regexp.MustCompile(`(?i)(?:\b(?:he|she|they|you|u|his|her|their|your|ur|he's|she's|they're|you're|hes|shes|is|are|was|were)|\p{L}(?:'s|’s)|\x01)\s*(?:[\w']+\s+){0,2}$`)

// possLead33: another's subject said with a possessive just before the
// frame ("My wife did a double shift at the hospital").
var possLead33 = regexp.MustCompile(`(?i)\b(?:my|our|his|her|their|your)\s+[\p{L}-]+\s+(?:[\w']+\s+){0,2}$`)

// otherSubject33: a third party or the listener as a subject before the
// frame ("He worked 30 years at the same mine", "Erik's still in
// Stockholm, still at Spotify").
var otherSubject33 = regexp.MustCompile(`(?i)\b(?:he|she|they|you|u|he's|she's|they're|you're|hes|shes)\b|\p{Lu}\p{L}+(?:'s|’s)\s+still\b`)

// stintRE33: a past stint of years ("for 5 years", "twenty years").
var stintRE33 = regexp.MustCompile(`(?i)\b(?:did|used\s+to|back\s+then|was|were)\b.*\b(?:years?|yrs)\b`)

// numWords33 are the counts a tenure is said with.
const numWords33 = `(?:\d{1,2}|(?:twenty|thirty|forty|fifty|sixty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)(?:-odd)?`

// tenureRE33: "five years at Sunforge Software", "32 years at LAUSD",
// "Forty-one years with the Bruny Island ferry"; group 1 what follows.
var tenureRE33 = regexp.MustCompile(`(?i:\b(?:(?:almost|nearly|over|about|just\s+over|after|another)\s+)?` + numWords33 + `\s+(?:more\s+)?(?:years?|yrs)\s+(?:at|with))\s+(.+)`)

// tenureEnded33: words of a turn that say the work is over.
var tenureEnded33 = regexp.MustCompile(`(?i)\b(?:retired|redundant|severance|unemployed|laid\s+off|lost\s+my\s+job|before\s+that|back\s+then|pensioner|taught\s+me|was|were|used\s+to|left|quit)\b`)

// taughtAtRE33: "I taught English at Tonga High School", "I taught
// geography thirty years at the gymnasium"; group 1 what follows "at".
var taughtAtRE33 = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+)(?:(?:also|once)\s+)?taught\s+(?:[a-z]+(?:\s+and\s+[a-z]+)?\s+)?(?:(?:for\s+)?` + numWords33 + `\s+years\s+)?at)\s+(.+)`)

// medalRE33: "Got my Bronze medal", "I won a silver medal"; group 1 the
// medal.
var medalRE33 = regexp.MustCompile(`(?i:(?:^|[,;:]\s*|\b(?:i|we)\s+)(?:(?:just|finally|also|even|actually)\s+)*(?:got|won|earned|took\s+home|bagged|picked\s+up)\s+(?:my|a|an|the|our)\s+(?:(?:first|first-ever|very\s+first|own)\s+)?)((?i:(?:bronze|silver|gold|finisher'?s?)\s+)?(?i:medal))\b`)

// firstMedalRE33: "First medal I've ever won".
var firstMedalRE33 = regexp.MustCompile(`(?i)^(?:(?:my|our|the)\s+)?first\s+(?:ever\s+)?((?:(?:bronze|silver|gold)\s+)?medal)\s+(?:i'?ve|we'?ve|i\s+have|we\s+have)\s+(?:ever\s+)?won\b`)

// roleAtRE33: "I'm a route planner at Delhivery", "I'm sous chef at Mizu
// now", "I'm cabin crew for Emirates"; group 1 the role, group 2 the
// preposition, group 3 what follows it.
var roleAtRE33 = regexp.MustCompile(`(?i:(?:^|\b)(?:i'm|i’m|im|i\s+am)\s+(?:(?:now|still|also|actually|currently|literally)\s+)*(?:an?\s+|the\s+)?)((?i:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s+((?i:at|for))\s+(.+)`)

// roleHeads33 are heads of a role the occupation lists may not hold with
// its modifiers ("route planner", "junior UX designer", "cabin crew").
var roleHeads33 = setOf(`planner designer developer engineer analyst crew staff lead manager coordinator officer assistant
	technician specialist consultant director associate editor nurse chef driver teacher`)

// notRole33 are words before "at" that name no job ("a regular at",
// "a member at", "a patient at").
var notRole33 = setOf(`regular member customer fan guest patient volunteer student visitor resident user client subscriber
	speaker participant attendee winner finalist owner partner tourist passenger newbie beginner mess wreck`)

// stillAtRE33: "Still at Volvo Cars, yes", "still at Kiezgrün, still
// writing copy"; group 1 what follows.
var stillAtRE33 = regexp.MustCompile(`(?i:(?:^|[,;]\s*|\b(?:i'm|i’m|im|i\s+am)\s+)still\s+(?:working\s+)?at)\s+(.+)`)

// travelTurn33: a turn about a journey, where "still at Gatwick" is a
// wait.
var travelTurn33 = regexp.MustCompile(`(?i)\b(?:flight|flights|gate|airport|terminal|plane|train|bus|station|layover|boarding|delayed|pushed\s+back|queue|traffic|lounge|check-?in)\b`)

// schoolName33: a name that is a school, where one may study.
var schoolName33 = regexp.MustCompile(`(?i)\b(?:university|uni|college|school|high|academy|institute|polytechnic)\b`)

// colleaguesAtRE33: "my colleagues at the Ghana Highway Authority", "my
// boss at the café"; group 1 what follows "at".
var colleaguesAtRE33 = regexp.MustCompile(`(?i:\bmy\s+(?:colleagues?|co-?workers?|workmates?|boss|manager|supervisor|team|line\s+manager)\s+(?:at|in)\s+)(.+)`)

// notTenurePlace33 are heads too vague to be written as an employer.
var notTenurePlace33 = setOf(`company firm place job business office work`)

func init() {
	rules = append(rules,
		rule{re: shiftAtRE33, claim: 2, raw: true, fn: func(c *clause, m []string) {
			i, k := strings.Index(c.raw, m[0]), strings.Index(m[0], m[1])
			if i < 0 || k < 0 || otherLead33.MatchString(c.raw[:i]+m[0][:k]) || possLead33.MatchString(c.raw[:i]) {
				return // "she did nights at the hospital", "My wife did a double shift at …": hers
			}
			if c.neg {
				// "I did not write for a week, the night shifts at the
				// tram depot ate me": the negation is another clause's
				seg := c.raw[:i+k]
				if j := strings.LastIndexAny(seg, ",;"); j >= 0 {
					seg = seg[j+1:]
				} else {
					return
				}
				if negRE.MatchString(seg + " " + m[2]) {
					return
				}
				c.neg = false
			}
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(m[2])), "my ") {
				return // "a shift at my dad's pharmacy": a family's place, left to the kin rules
			}
			o, _ := workplaceAt(m[2])
			if o == "" || notTenurePlace33[strings.ToLower(o)] {
				return
			}
			if stintRE33.MatchString(c.raw) {
				c.neg = true // "I did nights at Parirenyatwa for 5 years"
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: tenureRE33, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if i := strings.Index(c.raw, m[0]); i < 0 || otherSubject33.MatchString(c.raw[:i]) {
				return // "He worked 30 years at the same mine": his
			}
			o := tenurePlace33(c, m[1])
			if o == "" || c.known[o] || strings.HasPrefix(strings.ToLower(o), "same ") {
				return
			}
			if tenureEnded33.MatchString(c.turn + " " + c.raw) {
				c.neg = true // "I retired on Friday!!! 32 years at LAUSD"
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: taughtAtRE33, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if o := tenurePlace33(c, m[1]); o != "" {
				c.neg = true // taught: the work is over
				c.add(c.speaker, "works_at", o, World, confLoose-4)
			}
		}},
		rule{re: roleAtRE33, claim: 3, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			role := strings.Join(strings.Fields(m[1]), " ")
			ws := strings.Fields(strings.ToLower(role))
			if notRole33[ws[len(ws)-1]] || notRole33[ws[0]] || pronoun[ws[0]] || schoolYear[ws[len(ws)-1]] || strings.HasSuffix(ws[0], "ing") {
				return // "a senior at UCLA" studies there; "volunteering as a tutor at …"
			}
			for _, w := range ws {
				if careerPreps[w] || articleWord33[w] || w == "as" {
					return
				}
			}
			o := tenurePlace33(c, m[3])
			if o == "" {
				return
			}
			isJob := job(role)
			if !isJob && !roleHeads33[ws[len(ws)-1]] {
				return
			}
			if !isJob {
				c.add(c.speaker, "job_title", role, World, confLoose-4) // "route planner" at an employer
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: stillAtRE33, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			if i := strings.Index(c.sent, m[0]); i > 0 && otherSubject33.MatchString(c.sent[:i]) || otherSubject33.MatchString(c.text[:max(0, strings.Index(c.text, m[0]))]) {
				return // "Erik's still in Stockholm, still at Spotify": his
			}
			o, _ := workplaceAt(m[1])
			if o == "" || !isCapital(o) || schoolName33.MatchString(o) || c.known[o] || lexCommon().has(strings.ToLower(strings.Fields(o)[0])) || travelTurn33.MatchString(c.turn+" "+c.sent) {
				return // a place of work by its name only: "still at the hospital" may be a visit, "Still at Gate 12" or "still at Gatwick, the flight …" a wait
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
		rule{re: colleaguesAtRE33, claim: 1, raw: true, fn: func(c *clause, m []string) {
			if o := tenurePlace33(c, m[1]); o != "" {
				c.add(c.speaker, "works_at", o, World, confLoose-4)
			}
		}},
		rule{re: medalRE33, claim: 1, fn: wonMedal33},
		rule{re: firstMedalRE33, claim: 1, fn: wonMedal33},
	)
}

// introRoleRE33: a self-introduction's role, said after one's name or
// age between commas ("I'm Lautaro, gameplay programmer, joining the
// combat team", "I'm new — Ottoline, HR consultant, moved over from
// Bristol", "Tiago, 29, vet.", "I'm the old one here, 31,
// physiotherapist."); group 1 the role. A name without "I'm" needs an age after
// it, so "Cheers, mate!" and "Bravo, chef." are no introductions.
var introRoleRE33 = regexp.MustCompile(`(?:\b(?i:i'm|i’m|im|i\s+am)\s+\p{Lu}\p{L}+\s*,\s*(?:\d{2}\s*,\s*)?|(?:^|,\s*)\p{Lu}\p{L}+\s*,\s*\d{2}\s*,\s*|(?:^|,\s*|\b(?i:i'm|i’m|im|i\s+am)\s+)\d{2}(?i:\s+years\s+old)?\s*,\s*)((?i:retired\s+)?(?:\p{Ll}[\p{L}-]*|\p{Lu}{2,5})(?:\s+[\p{L}-]+){0,2}?)(?i:\s+this\s+(?:season|year|term))?\s*(?:[,.;!]|$)`)

// bareName33: the name of an introduction without "I'm" (group 1).
var bareName33 = regexp.MustCompile(`^(?:,\s*)?(\p{Lu}\p{L}+)\s*,\s*\d{2}\s*,`)

// articleWord33 are words a role does not start with ("my guinea pig",
// "the classic").
var articleWord33 = setOf(`my the a an your his her our their this that`)

// events33 reads a self-introduction's role (introRoleRE33) in each
// statement of the turn; the pass's other readings are the clause rules
// above.
func events33(text, speaker string, at time.Time, out []Fact) []Fact {
	for s := range statements(sentences(clean(text))) {
		m := introRoleRE33.FindStringSubmatch(s)
		if m == nil || negRE.MatchString(s) {
			continue
		}
		if n := bareName33.FindStringSubmatch(m[0]); n != nil && !strings.EqualFold(n[1], strings.Fields(displayName(speaker) + " x")[0]) {
			continue // "Tiago, 29, vet." said by Marco: another's introduction
		}
		role := strings.Join(strings.Fields(m[1]), " ")
		ws := strings.Fields(strings.ToLower(role))
		if len(ws) == 0 || notNowJob[ws[0]] || articleWord33[ws[0]] || notRole33[ws[len(ws)-1]] || !job(role) && !roleHeads33[ws[len(ws)-1]] {
			continue
		}
		if slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Predicate == "job_title" }) {
			continue // a role the turn already gave
		}
		out = append(out, Fact{Subject: speaker, Predicate: "job_title", Claim: role, Kind: World, Polarity: Positive,
			ValidFrom: at, Confidence: confLoose - 4, Speaker: speaker})
	}
	return out
}

// tenurePlace33 is the workplace named in s for a rule that reads one
// said plainly (not denied, not ahead), or "" when s names none or a place
// no one works at (notTenurePlace33).
func tenurePlace33(c *clause, s string) string {
	if c.neg || c.fore {
		return ""
	}
	o, _ := workplaceAt(s)
	if o == "" || notTenurePlace33[strings.ToLower(o)] {
		return ""
	}
	return o
}

// wonMedal33 gives the speaker the medal a medal rule read (group 1).
func wonMedal33(c *clause, m []string) {
	if !c.neg && !c.fore {
		c.add(c.speaker, "won", strings.Join(strings.Fields(m[1]), " "), Experience, confEvent-4)
	}
}
