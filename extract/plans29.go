package extract

import (
	"regexp"
	"strings"
)

// Plans said by a frame the earlier rules left (session 29, from the plan
// misses of locomo_more.jsonl and the synthetic rounds 1–2): a course of
// action weighed, said with a gerund ("I'm thinking of asking Mia out on a
// date", "I've been thinking about doing a teacher training this year",
// "still dreaming about opening a bakery", "We're seriously thinking about
// switching Efua to Pickering Swim Club"). The wish rule (rulebook.go)
// reads "I'm thinking of" only before a verb of its list, and not after
// "I've been" or with no subject. Cases in plans29_test.go.

// weighGerundRE: a gerund weighed (group 1 from the gerund on).
var weighGerundRE = regexp.MustCompile(`(?i)\b(?:thinking|thinkin|dreaming|dreamin)\s+(?:of|about)\s+([a-z]+ing\b.*)`)

// notWeighed are gerunds whose weighing is no plan: a thought about the
// past or another's doing, a feeling.
var notWeighed = setOf(`being feeling seeing meeting hearing calling texting telling asking`)

// weighedTailRE: who the weighed thing is for, said by a pronoun at its
// end ("making competitions for them too").
var weighedTailRE = regexp.MustCompile(`(?i)\s+(?:for|with|to)\s+(?:them|him|her|it|you|us)(?:\s+(?:too|as\s+well|also))?\s*[.!?]*$`)

// weighedWho are the words after a gerund that make the gerund another's
// or a thought of someone: "thinking about seeing you", "about doing it".
var weighedWho = setOf(`you u it this that them him her me us everyone`)

// vagueThing as or after the gerund leaves what is weighed unsaid.
var vagueThing = setOf(`something anything nothing everything stuff things`)

// vagueWhere in a plan say no where yet ("a trip somewhere warm").
var vagueWhere = setOf(`somewhere anywhere someplace elsewhere`)

// saysVagueWhere: the plan's words say no where yet.
func saysVagueWhere(p string) bool {
	for _, w := range strings.Fields(strings.ToLower(p)) {
		if vagueWhere[w] {
			return true
		}
	}
	return false
}

func init() {
	rules = append(rules,
		// "I'm thinking of asking her out on a date", "I've been thinking
		// about doing a teacher training this year", "We're seriously
		// thinking about switching Efua to Pickering Swim Club".
		r(weighGerundRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || !c.mode(c.text[:i]) || c.neg || hasForesight(c) {
				return
			}
			ws := strings.Fields(m[1])
			if notWeighed[strings.ToLower(ws[0])] && (len(ws) < 2 || weighedWho[strings.ToLower(ws[1])]) || vagueThing[strings.ToLower(ws[0])] ||
				len(ws) > 1 && vagueThing[strings.ToLower(ws[1])] {
				return // "thinking about nothing", "thinking about seeing you", "thinking about trying something different"
			}
			g := m[1]
			if j := strings.Index(g, " and "); j > 0 {
				g = g[:j] // "teaming up with local schools/centers": chat's slash was read as "and"; a list is cut to its first
			}
			p := planTail(weighedTailRE.ReplaceAllString(g, ""))
			if p == "" || badObject(p) || len(strings.Fields(p)) > 10 || saysVagueWhere(p) {
				return // "thinking about taking a trip somewhere": where, not yet known
			}
			c.fore = true
			c.add(c.speaker, "plans", p, Foresight, confPlan-4)
		}),
	)
}

// What another studies, said with "he" or "she" for the one person the
// turn named, or with a name the first-name list lacks ("Vesela is studying
// marine biology in Valencia", "She studies law in Santiago", "Emi studies
// agriculture in Kyoto"): the rulebook's rule reads only names it knows.

// studyThirdRE: someone studies a field or at a school (group 1 who,
// group 2 the field or "in/at" the school).
var studyThirdRE = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|because|now)\s+)((?i:he|she)|\p{Lu}[\p{L}'’-]+|\x01\d+\x01)(?:\s+(?i:also|now|still|currently|actually))*(?i:\s+is\s+(?:now\s+|still\s+|currently\s+|also\s+)?studying|'s\s+(?:now\s+|still\s+|currently\s+|also\s+)?studying|\s+studies|\s+study)\s+((?i:in|at)\s+(?:the\s+)?\p{Lu}[^,;.!?]*|[a-z][\w-]*(?:\s+[a-z][\w-]*)?)`)

func init() {
	rules = append(rules,
		r(studyThirdRE.String(), 2, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			i := strings.Index(c.text, m[0])
			who := planSubject(c, m[0], m[1], i <= 0 || strings.TrimSpace(c.text[:i]) == "")
			if who == "" || who == c.speaker {
				return
			}
			if lw := strings.ToLower(m[1]); lw != "he" && lw != "she" && !strings.HasPrefix(m[1], "\x01") && c.subjectName(m[1], true) == "" && lexCommon().has(lw) {
				return // "Engineering studies are still going strong": a word, no one
			}
			for _, f := range c.facts {
				if f.Subject == c.resolve(who) && predFamily(f.Predicate) == "work" {
					return // the rulebook's rule read it
				}
			}
			f := strings.TrimSpace(m[2])
			if lw := strings.ToLower(f); strings.HasPrefix(lw, "in ") || strings.HasPrefix(lw, "at ") {
				s := strings.TrimSpace(strings.TrimPrefix(f[3:], "the "))
				s = strings.TrimSpace(orgCutRE.ReplaceAllString(s+" ", ""))
				if n := name(s); n != "" && !strings.HasPrefix(n, "\x01") && !knownPlace(n) {
					c.add(who, "studies", n, World, confThird-6) // "studying in Sheridan College"
				}
				return
			}
			f = strings.TrimSpace(orgCutRE.ReplaceAllString(f+" ", ""))
			if f == "" {
				return
			}
			w0 := strings.ToLower(strings.Fields(f)[0])
			if vague[w0] || notStudied[w0] || articleRE.MatchString(f+" ") || pronoun[w0] || studyNot[w0] {
				return
			}
			c.add(who, "studies", f, World, confThird-6)
		}),
	)
}

// studyNot are the words after "studies" that name no field: "studies
// hard", "studying together", "studying abroad".
var studyNot = setOf(`hard harder together abroad online late all every day night nights full part so too very really
	there here now again more less well for with are is were was have has had been will would can could should do does did
	show shows showed suggest suggests found find say says`)

// A year of study said with the field or degree and no verb, as students
// say it ("first year architecture at the Politechnika", "I'm in third
// year nursing at TMU", "Fourth year of my PhD at Masaryk", "second year of
// cinematography"): what the speaker studies.

// studyYearRE: a year of study (group 1 what follows "year of" or the
// year, group 2 the field said right after the year).
var studyYearRE = regexp.MustCompile(`(?:^|[,;:.!?]\s*|\b(?i:yes|yeah|yep|ya|i'm\s+in|im\s+in|i\s+am\s+in|now\s+in|still\s+in)\s+)(?i:(?:1st|2nd|3rd|4th|5th|first|second|third|fourth|fifth|final|last)[- ]year)(?:\s+(?i:of\s+(?:my|the|a|an)?)\s*([\p{L}'’.-]+(?:\s+[\p{L}'’.-]+){0,2})|[,\s]+([a-z][\p{L}'’-]*(?:\s+[a-z][\p{L}'’-]*){0,2})\s+(?i:at|in)\s+\S)`)

// studyDegrees are what one is in a year of by name alone.
var studyDegrees = setOf(`phd ph.d doctorate masters master's ma msc mba llm ba bsc bachelor's degree pharmd`)

// studyYearStop end or rule out a field after a year: "third year there
// now", "first year on the plot", "second year running".
var studyYearStop = setOf(`at in on of with there here now running straight in a row and but so the my our his her their
	this that it is was has have had been are were`)

// yearNotStudy open what a year is of that is no study: a job, a home, a
// marriage ("first year teaching at Ashby", "second year living in Oslo").
var yearNotStudy = setOf(`teaching working living coaching running playing training marriage married together here there
	in on at`)

// studyContextRE: the turn speaks of study, for a year "of" a field that
// names no degree ("second year of cinematography" at a film school).
var studyContextRE = regexp.MustCompile(`(?i)\b(?:uni|university|college|school|student|degree|class|classes|lecture|lectures|exam|exams|thesis|dissertation|semester|term|professor|course|major|faculty|campus|varsity|polytechnic|politechnika)\b`)

func init() {
	rules = append(rules,
		rawRule(studyYearRE.String(), 0, func(c *clause, m []string) {
			i := strings.Index(c.raw, m[0])
			if i < 0 || c.neg || c.fore || otherSubjRE.MatchString(c.raw[:i]) { // run has set c.neg and c.fore by the words before
				return
			}
			p := m[1]
			if p == "" {
				p = m[2]
			}
			var keep []string
			for _, w := range strings.Fields(p) {
				lw := strings.ToLower(strings.Trim(w, `.,'’`))
				if studyYearStop[lw] {
					break
				}
				keep = append(keep, strings.Trim(w, `,`))
			}
			if len(keep) == 0 || yearNotStudy[strings.ToLower(keep[0])] {
				return
			}
			f := strings.Join(keep, " ")
			if m[1] != "" {
				if j := strings.Index(strings.ToLower(p), " in "); j > 0 && studyDegrees[strings.ToLower(keep[0])] {
					return // "second year of the MA in comparative lit": the rulebook's degree rule reads the field
				}
				if studyDegrees[strings.ToLower(keep[0])] {
					f = keep[0] // "Fourth year of my PhD at Masaryk"
				} else if !studyContextRE.MatchString(c.turn + " " + c.raw) {
					return // "Second year of marriage", said with no word of study
				}
			}
			if isOccupation(f) || notField[strings.ToLower(keep[0])] {
				return // "Second year beekeeper": a pastime or a job
			}
			for _, g := range c.facts {
				if predFamily(g.Predicate) == "work" && g.Subject == c.speaker {
					return
				}
			}
			c.add(c.speaker, "studies", f, World, confLoose-4)
		}),
	)
}

// A degree another is doing, with its field ("he's doing his masters
// there in robotics", "Dovile, who's doing a PhD in epidemiology at UCL",
// "he's doing a PhD at Leeds on batteries"): what they study. The rulebook
// reads the frame for the first person only.

// degreeThirdRE: group 1 who (or a name before ", who"), group 2 the
// degree, group 3 what follows it.
var degreeThirdRE = regexp.MustCompile(`(?:^|[,;:]\s*|\b(?i:and|but|so|because)\s+)((?i:he|she|who)|\p{Lu}[\p{L}'’-]+(?:,\s+(?i:who))?|\x01\d+\x01)(?i:'s|\s+is)\s+(?i:(?:now|still|currently|also)\s+)?(?i:doing)\s+(?i:a|an|his|her|their)\s+(?i:(?:part[- ]time|online|full[- ]time)\s+)?((?i:phd|masters|master's|degree|residency|apprenticeship|diploma|ma|msc|mba|bachelor's|doctorate))\b(.*)`)

// nameBeforeWhoRE: a name ending the words before a "who" clause.
var nameBeforeWhoRE = regexp.MustCompile(`(\p{Lu}[\p{L}'’-]+),?\s*$`)

// degreeFieldRE: the field after the degree: "in X", "on X" (group 1 the
// preposition, group 2 the field).
var degreeFieldRE = regexp.MustCompile(`(?i)^(?:\s+there)?(?:\s+at\s+[^,;]+?)?\s+(in|on|of)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2})`)

// degreeAtRE: the school after the degree (group 1).
var degreeAtRE = regexp.MustCompile(`^\s+(?i:at)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3})`)

func init() {
	rules = append(rules,
		r(degreeThirdRE.String(), 2, func(c *clause, m []string) {
			if c.neg || c.fore {
				return
			}
			s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(m[1]), "who"), "Who"))
			s = strings.TrimSuffix(s, ",")
			if s == "" {
				// "Dovile, who's doing a PhD …": the name the clause before ends with
				before := c.text[:max(0, strings.Index(c.text, m[0]))]
				if before == "" {
					if j := strings.Index(c.sent, c.raw); j > 0 {
						before = c.sent[:j]
					}
				}
				nm := nameBeforeWhoRE.FindStringSubmatch(before)
				if nm == nil {
					return
				}
				s = nm[1]
			}
			i := strings.Index(c.text, m[0])
			who := planSubject(c, m[0], s, i <= 0 || strings.TrimSpace(c.text[:i]) == "")
			if who == "" || who == c.speaker {
				return
			}
			for _, f := range c.facts {
				if f.Subject == c.resolve(who) && (f.Predicate == "studies" || f.Predicate == "studies_at") {
					return
				}
			}
			if fm := degreeFieldRE.FindStringSubmatch(m[3]); fm != nil {
				var keep []string
				for _, w := range strings.Fields(fm[2]) {
					if studyYearStop[strings.ToLower(w)] || heldStop[strings.ToLower(w)] {
						break
					}
					keep = append(keep, w)
				}
				if len(keep) > 0 && !pronoun[strings.ToLower(keep[0])] && !notStudied[strings.ToLower(keep[0])] {
					c.add(who, "studies", strings.Join(keep, " "), World, confThird-6)
				}
				return
			}
			if am := degreeAtRE.FindStringSubmatch(m[3]); am != nil {
				c.add(who, "studies", m[2]+" at "+am[1], World, confThird-6) // "He's doing his masters at UNN"
			}
		}),
	)
}

// A new home named with its place ("Greetings from my new flat in
// Johannesburg", "Happy new year from our new place in Brisbane", "the
// walls in our new apartment in Meguro are so empty"): a move there, and a
// home.

// newHomeRE: group 1 the place.
var newHomeRE = regexp.MustCompile(`(?i:\b(?:my|our)\s+(?:brand\s+)?new\s+(?:(?:little|tiny|small|big|rented|two-bed|2-bed|one-bed|1-bed)\s+)?(?:flat|place|apartment|house|home|condo|pad|digs|studio|bedsit)\s+(?:in|on)\s+)` + nm)

// homeWishRE: the new home is wished, sought or supposed, not had.
var homeWishRE = regexp.MustCompile(`(?i)\b(?:want|wants|wish|hope|need|looking\s+for|find|if|when|once|until|imagine)\b`)

func init() {
	rules = append(rules,
		r(newHomeRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !c.mode(c.text[:i]) || c.neg || c.fore || wantRE.MatchString(c.text) || homeWishRE.MatchString(c.text[:i]) {
				return // "I want my new place in Lisbon to have a view": none yet
			}
			p := place(m[1])
			if p == "" || !plausiblePlace(p) || strings.HasPrefix(p, "\x01") || lexNames.has(p) && !knownPlace(p) {
				return
			}
			home := false
			for _, f := range c.facts {
				if f.Predicate == "moved" {
					return
				}
				home = home || f.Predicate == "lives_in" && strings.EqualFold(f.Claim, p)
			}
			c.add(c.speaker, "moved", p, Experience, confLoose-4)
			if !home {
				c.add(c.speaker, "lives_in", p, World, confLoose-4)
			}
		}),
	)
}

// A pastime taken up, said by its noun ("I've taken up photography",
// "I've taken up whittling at the senior center in town"): a start, beside
// the liking the taste rules read. The rules read "took up" before a
// gerund or a determiner only.

// takenUpRE: group 1 what was taken up.
var takenUpRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|recently|finally|also|even|actually|since)\s+)*(?:took|taken)\s+up\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})`)

func init() {
	rules = append(rules,
		r(takenUpRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || c.neg || c.fore {
				return
			}
			for _, f := range c.facts {
				if f.Predicate == "started" || f.Predicate == "joined" {
					return
				}
			}
			p := strings.TrimSpace(prepRE27.ReplaceAllString(m[1], ""))
			ws := strings.Fields(strings.ToLower(p))
			if len(ws) == 0 || len(ws) > 2 {
				return
			}
			h := ws[len(ws)-1]
			if !(pastimeNouns[h] || pastimeWords[h] || strings.HasSuffix(h, "ing") && len(h) > 5 && !vagueThing[h]) || vague[ws[0]] {
				return // "took up the offer", "took up too much of your time"
			}
			c.add(c.speaker, "started", p, Experience, confEvent-4)
		}),
	)
}

// A thesis defended or handed in ("I defended my thesis in July", "I
// submitted my thesis on December 19th"): the thesis completed, as every
// read set writes it.

// thesisDoneRE: group 1 what was completed.
var thesisDoneRE = regexp.MustCompile(`(?i)(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:(?:just|finally|officially|successfully|also|actually)\s+)*(?:defended|submitted|handed\s+in|turned\s+in|finished|completed)\s+(?:my|our|the)\s+(?:(?:phd|ph\.d\.?|doctoral|master's|masters|msc|ma|ba|honours|honors|final)\s+)?(thesis|dissertation)\b`)

func init() {
	rules = append(rules,
		r(thesisDoneRE.String(), 1, func(c *clause, m []string) {
			i := strings.Index(c.text, m[0])
			if i < 0 || !fpLeadOK(c.text[:i]) || c.neg || c.fore {
				return
			}
			for _, f := range c.facts {
				if f.Predicate == "completed" || f.Predicate == "graduated" {
					return
				}
			}
			c.add(c.speaker, "completed", strings.ToLower(m[1]), Experience, confEvent-4)
		}),
	)
}
