package extract

import (
	"regexp"
	"strings"
	"unicode"
)

// Jobs left and begun in the frames chat says them (session 28, from the
// misses of synthetic rounds 1–2): a place of work quit or left ("I also
// quit the café in December", "nope, left the hospital in october, im in
// the HSE office now", "I left Nightgrove, full freelance since August",
// "Gave notice at the firm in July"); a job begun at a place ("got a job
// at the campus cinema", "first day at Blue Rock studios", "started monday
// at a surf shop in umhlanga"), or said as one's new job ("day one of the
// new job", "I'm really enjoying my new job"); the place one is at now in
// a turn about work ("Paystack let me go last year, I'm at Moniepoint
// now"). Cases in events28_test.go.

// leftWorkRE: a place of work quit or left, with the words before it that
// chat starts such news with ("nah quit …", "nope, left …").
var leftWorkRE = regexp.MustCompile(`(?i:(?:^(?:(?:nah|nope|no|yeah|yes|so|and|but|also|well|oh|btw|anyway|actually)[,\s]+)*|\b(?:i|we)\s+(?:(?:just|also|finally|officially|actually|already|then|recently)\s+)*)(quit|left|resigned\s+from|gave\s+(?:my\s+)?notice\s+at|handed\s+in\s+my\s+notice\s+at))\s+(.+)`)

// leftWhenRE: all that may follow a place of work left: nothing, or when
// ("in October", "last year", "after 31 years"); "I left the hospital
// yesterday after my surgery" is a stay ended.
var leftWhenRE = regexp.MustCompile(`(?i)^\s*(?:(?:in|on)\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d{4}|the\s+(?:spring|summer|autumn|fall|winter))(?:\s+\d{4})?|last\s+(?:year|month|spring|summer|autumn|fall|winter)|this\s+(?:year|spring|summer)|after\s+\S+(?:\s+\S+)?\s+years?|for\s+good|behind)?\s*(?:[,.;!:)]|$)`)

// workTurnRE: a turn that speaks of work, where "left the hotel" is a job
// left and "I'm at Moniepoint now" a place of work.
var workTurnRE = regexp.MustCompile(`(?i)\b(?:job|jobs|work|works|worked|working|freelance|freelancing|hired|shifts?|boss|colleagues?|salary|career|unemployed|redundant|laid\s+off|let\s+me\s+go|fired|notice|resigned|joined|startup|employer|contract)\b`)

// startedAtRE: "got a job at the campus cinema", "first day at Blue Rock
// studios", "started monday at a surf shop", "I started at a new company
// in January".
var startedAtRE = regexp.MustCompile(`(?i:(?:^|\b(?:i|we)\s+(?:(?:just|finally|also|recently|then)\s+)*|\bmy\s+)(?:got\s+(?:a\s+|my\s+)?(?:new\s+|first\s+|part[- ]time\s+|full[- ]time\s+|summer\s+|weekend\s+)?job|first\s+(?:day|week|shift)|day\s+one|started(?:\s+(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday))?)\s+(?:at|with))\s+(.+)`)

// newJobRE: one's new job spoken of as begun: "day one of the new job",
// "I'm really enjoying my new job", "new job is eating me alive".
var newJobRE = regexp.MustCompile(`(?i:(?:^(?:(?:day\s+one|first\s+(?:day|week))\s+(?:of|at)\s+the\s+)?|\bmy\s+)new\s+job)\b(.*)`)

// atNowRE: "I'm at Moniepoint now", "im at Technodom now".
var atNowRE = regexp.MustCompile(`(?i:\b(?:i'm|im|i\s+am)\s+(?:now\s+)?at)\s+` + nm + `(?i:\s+now)\b`)

func init() {
	rules = append(rules,
		// A place of work quit or left: the work there ended (works_at,
		// negative). "quit" reads any place of work or named employer;
		// "left", said as often of a visit, only when nothing but when
		// follows and the turn speaks of work.
		rule{re: leftWorkRE, claim: 2, fn: func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			verb := strings.ToLower(strings.Fields(m[1])[0])
			rest := chatTailRE.ReplaceAllString(m[2], "")
			o, after := workplaceAt(rest)
			if o == "" {
				return
			}
			if verb == "left" && (!leftWhenRE.MatchString(after) || !workTurnRE.MatchString(c.turn)) {
				return // "I left the hotel and walked to the beach"
			}
			if verb == "quit" && !leftWhenRE.MatchString(after) && !strings.HasPrefix(strings.TrimSpace(after), "because") {
				return
			}
			c.neg = true
			c.add(c.speaker, "works_at", o, World, confLoose-2)
		}},
		// A job begun at a place: the job and the work there.
		rule{re: startedAtRE, claim: 1, fn: func(c *clause, m []string) {
			if c.fore || c.neg {
				return
			}
			o, _ := workplaceAt(m[1])
			if o == "" || asStudentRE.MatchString(m[1]) {
				return // "I just started at UCLA as a freshman": a study
			}
			if strings.HasPrefix(strings.ToLower(m[0]), "started") || strings.Contains(strings.ToLower(m[0]), " started") {
				if ws := strings.Fields(o); len(ws) == 0 || !workplaceNoun[ws[len(ws)-1]] && ws[len(ws)-1] != "cinema" && ws[len(ws)-1] != "port" {
					return // "I started at Level 3"; "started at Microsoft" is the rulebook's
				}
			}
			if c.hasDate && c.date.After(day(c.at)) {
				return // "I start at Google next month": ahead, the plan rules' own
			}
			c.add(c.speaker, "started_job", o, Experience, confEvent-2)
			c.add(c.speaker, "works_at", o, World, confLoose-2)
		}},
		// One's new job, begun: "day one of the new job". Not "my new job
		// starts Monday" (ahead) and not someone else's.
		rule{re: newJobRE, claim: 0, fn: func(c *clause, m []string) {
			if c.fore || c.neg || c.hasDate || newJobAheadRE.MatchString(m[1]) {
				return
			}
			if lead := strings.ToLower(m[0]); !strings.HasPrefix(lead, "my") && !strings.HasPrefix(lead, "day") && !strings.HasPrefix(lead, "first") && !strings.HasPrefix(lead, "new") {
				if !strings.HasPrefix(strings.TrimSpace(strings.ToLower(c.text)), strings.TrimSpace(lead)) {
					return
				}
			}
			for _, f := range c.facts {
				if f.Predicate == "started_job" {
					return
				}
			}
			c.add(c.speaker, "started_job", "new job", Experience, confEvent-4)
		}},
		// "Paystack let me go last year, I'm at Moniepoint now": the place
		// of work one is at, in a turn about work.
		rule{re: atNowRE, claim: 1, fn: func(c *clause, m []string) {
			if c.fore || c.neg || !workTurnRE.MatchString(c.turn) {
				return
			}
			o := name(m[1])
			if o == "" || strings.HasPrefix(o, "\x01") || lexNames.has(strings.Fields(o)[0]) || knownPlace(o) || c.known[o] {
				return
			}
			c.add(c.speaker, "works_at", o, World, confLoose-4)
		}},
	)
}

// asStudentRE: a place begun at as a student.
var asStudentRE = regexp.MustCompile(`(?i)\bas\s+(?:an?\s+)?(?:freshman|fresher|sophomore|student|undergrad|undergraduate|grad\s+student|postgrad|phd\s+student|first[- ]year|intern)\b`)

// newJobAheadRE: a new job said as ahead: "my new job starts Monday".
var newJobAheadRE = regexp.MustCompile(`(?i)^\s*(?:starts|begins|will|is\s+starting|is\s+going\s+to|'ll)\b`)

// workplaceAt reads the place of work at the start of s: a named employer
// ("Nightgrove", "the Queensland Museum") or a place of work named by what
// it is, with up to two words before it ("the campus cinema", "a surf
// shop"), and the words after it. "" for a place, a person or anything
// else.
func workplaceAt(s string) (string, string) {
	s = strings.TrimSpace(s)
	lead := articleRE.FindString(s)
	body := s[len(lead):]
	if n := name(body); n != "" && !strings.HasPrefix(n, "\x01") {
		if knownPlace(n) || lexNames.has(strings.Fields(n)[0]) || personWord(n) || calendarName(n) {
			return "", ""
		}
		return n, body[len(n):]
	}
	ws := strings.Fields(body)
	for k := 0; k < len(ws) && k < 3; k++ {
		word := strings.TrimRight(ws[k], `,.!?;:`)
		w := strings.ToLower(word)
		if workplaceNoun[w] || w == "cinema" || w == "port" || w == "office" || w == "firm" {
			after := strings.Join(ws[k+1:], " ")
			if word != ws[k] {
				after = ws[k][len(word):] + " " + after // "the bank, …": the clause goes on
			}
			return strings.ToLower(strings.Join(append(ws[:k:k], word), " ")), after
		}
		if word != ws[k] {
			break // "a new, …": the phrase ended
		}
	}
	return "", ""
}

// roleAt reads the role at the start of ws (at most four words, up to a
// punctuation mark): the longest run the occupation lists know, and the
// words after it; "" when none.
func roleAt(ws []string) (string, []string) {
	n := 0
	for n < len(ws) && n < 4 {
		n++
		if strings.TrimRight(ws[n-1], `,.!?;:)`) != ws[n-1] {
			break
		}
	}
	for k := n; k >= 1; k-- {
		parts := make([]string, k)
		for i := range parts {
			parts[i] = strings.ToLower(strings.TrimRight(ws[i], `,.!?;:)`))
		}
		if pronoun[parts[0]] || strings.ContainsAny(parts[0], "'’") || auxVerb[parts[0]] {
			return "", nil // "I'm a bus driver", "is a nurse": no role starts so
		}
		if p := strings.Join(parts, " "); strictRole(parts) && !notNowJob[parts[0]] {
			rest := ws[k:]
			if last := ws[k-1]; strings.TrimRight(last, `,.!?;:)`) != last {
				rest = append([]string{last[len(strings.TrimRight(last, `,.!?;:)`)):]}, rest...)
			}
			return p, rest
		}
	}
	return "", nil
}

// roleNextRE: what may follow a role said of oneself: the end, a mark,
// where ("here", "at …", "in …"), how long, "now", "not a …".
var roleNextRE = regexp.MustCompile(`(?i)^(?:$|[,.!;:(]|(?:here|there|now|not|at|in|for|from|since|already|and|so|but|by|with|too|sis|lol|haha|yeah|btw|i|i've|i'm|we|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|eighteen)\b)`)

// ownRoleRE: "I'm literally a midwife", "I'm mostly a subtitler now",
// "I am plumber here in Reading", "I'm the bookkeeper for a coffee farm",
// "I'm a joiner not an English teacher".
var ownRoleRE = regexp.MustCompile(`(?:` + fpbe + `|` + fp + `(?i:'ve|\s+have)\s+been)(?i:\s+(?:literally|mostly|just|actually|only|technically|currently|still|now|also|really|officially))*(?i:\s+(?:an?|the))?\s+(.+)`)

// forOwnRE: a role played for one's own people, no job ("a taxi driver for
// my kids", "the chef for our family").
var forOwnRE = regexp.MustCompile(`(?i)^for\s+(?:my|our|the)\s+(?:own\s+)?(?:kids?|children|family|fam|friends?|parents?|mum|mom|dad|husband|wife|partner|boyfriend|girlfriend|sister|brother|household|dog|dogs|cat|cats)\b`)

// roleFragmentRE: a role said as a clause of its own at the start of a
// sentence: "Data analyst, same as before", "Ha no, anaesthetist at
// Charlotte Maxeke", "Plumber here (30 years, Valencia)".
var roleFragmentRE = regexp.MustCompile(`^(?i:(?:ha|haha|no|yes|yeah|ya|yep|well|oh|so|nah|nope)[,!.\s]+)*([\p{L}].*)`)

// notRoleRE: "not a fisherman", "not civil": the role denied after one
// said.
var notRoleRE = regexp.MustCompile(`(?i)^,?\s*(?:\w+\s+)?not\s+(?:an?\s+)?(.+)`)

func init() {
	// Occupations chat names that the lists miss (session 28).
	for _, w := range strings.Fields(`bookkeeper coordinator subtitler cartographer interpreter chocolatier postie caregiver
		carer receptionist paralegal`) {
		jobWords[w] = true
	}
	rules = append(rules,
		// A role said of oneself in the frames the rulebook's "I'm a …"
		// misses: with a word between ("I'm literally a midwife"), without
		// its article ("I am plumber here"), with where or how long after
		// it ("I'm a bus driver here in Nantes", "ive been a tanker driver
		// eighteen years"), and one denied after it ("I'm a joiner not an
		// English teacher").
		rule{re: ownRoleRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate {
				return
			}
			role, rest := roleAt(strings.Fields(m[1]))
			after := strings.Join(rest, " ")
			if role == "" || !roleNextRE.MatchString(after) {
				return
			}
			if in, ok := strings.CutPrefix(strings.ToLower(after), "in "); ok && notHeldInRE.MatchString(in) {
				return // "I'm a teacher in training"
			}
			if forOwnRE.MatchString(after) {
				return // "I'm a taxi driver for my kids at this point": a role played for one's own (session 28)
			}
			lead := strings.ToLower(m[0][:len(m[0])-len(m[1])])
			if strings.Contains(lead, " been") && !roleSinceRE.MatchString(after) {
				return // "I've been a waiter, a cook and a driver": jobs had, not one held
			}
			if !articleEndRE.MatchString(lead) {
				// "I am plumber here": without its article, only a job of
				// the short list, and no "designated driver"
				ws := strings.Fields(role)
				if !jobWords[ws[len(ws)-1]] || len(ws) > 2 || len(ws) == 2 && strings.HasSuffix(ws[0], "ed") {
					return
				}
			}
			c.add(c.speaker, "job_title", role, World, confThird-2)
			if nm := notRoleRE.FindStringSubmatch(strings.Join(rest, " ")); nm != nil {
				if other, _ := roleAt(strings.Fields(nm[1])); other != "" {
					c.neg = true
					c.add(c.speaker, "job_title", other, World, confThird-4)
				}
			}
		}},
		// A role said as a clause of its own at the start of a sentence,
		// the answer to "what do you do?": "Data analyst, same as before",
		// "Ha no, anaesthetist at Charlotte Maxeke", "Plumber here (30
		// years, Valencia)". Not a list of roles, not one after an article
		// ("Oh, a nurse, good choice"), not one said with a verb ("Nurse
		// is also hard").
		rule{re: roleFragmentRE, claim: 1, fn: func(c *clause, m []string) {
			if c.neg || c.fore || c.hasDate || !c.startsSentence() || jobAhead(c) {
				return
			}
			ws := strings.Fields(m[1])
			if len(ws) == 0 || articleRE.MatchString(m[1]) {
				return // "Oh, a nurse, good choice": another's
			}
			role, rest := roleAt(ws)
			if role == "" {
				return
			}
			after := strings.Join(rest, " ")
			switch {
			case strings.HasPrefix(after, "(") || strings.HasPrefix(strings.ToLower(after), "here") || strings.HasPrefix(strings.ToLower(after), "yeah"):
			case strings.HasPrefix(after, ","):
				next := strings.Fields(strings.TrimLeft(after, ", "))
				if len(next) == 0 || !unicode.IsLower([]rune(next[0])[0]) || pronoun[next[0]] || next[0] == "please" {
					return // "Teacher, Aisyah will be absent Friday": the one spoken to
				}
				if r, _ := roleAt(next); r != "" {
					return // "Electrician, plumber, carpenter": a list
				}
			case strings.HasPrefix(strings.ToLower(after), "at "), strings.HasPrefix(strings.ToLower(after), "for "):
				if yearsForRE.MatchString(after) && tenureEndedRE.MatchString(c.turn) {
					return // "Bus driver for 38 years … when I retired": a past job
				}
			default:
				return
			}
			c.add(c.speaker, "job_title", role, World, confLoose-4)
			if strings.HasPrefix(strings.ToLower(after), "at ") {
				if o := employer(after[3:]); o != "" && !knownPlace(o) {
					c.add(c.speaker, "works_at", o, World, confLoose-4)
				}
			}
		}},
	)
}

// roleSinceRE: how long a role has been held: "eighteen years", "for
// 20 years", "since 2019", "now".
var roleSinceRE = regexp.MustCompile(`(?i)^(?:(?:for\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|forty|many|several|a\s+few)\s+(?:years?|months?|decades?)|since\b|now\b)`)

// articleEndRE: the words before a role end with its article.
var articleEndRE = regexp.MustCompile(`(?i)\b(?:an?|the)\s*$`)

// yearsForRE: "for 37 years", "for thirty-eight of them".
var yearsForRE = regexp.MustCompile(`(?i)^for\s+(?:\d+|[a-z]+(?:-[a-z]+)?)\s+(?:years?|of\s+them|decades?)\b`)

// startsSentence reports whether the clause opens its sentence.
func (c *clause) startsSentence() bool {
	return c.sent == "" || strings.HasPrefix(strings.TrimSpace(c.sent), strings.TrimSpace(c.raw))
}

// strictRole reports whether the words are a role for certain: at most
// three words, none a function word, the last one a job the short list
// knows or an agent noun of the occupation list ("subtitler",
// "anaesthetist"); the list's other heads ("help", "back", "classic")
// are chat.
func strictRole(ws []string) bool {
	if len(ws) == 0 || len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		if w == "" || stopLower[w] || pronoun[w] || auxVerb[w] || strings.ContainsAny(w, "'’!?") || notRoleAlone[w] || evaluative[w] {
			return false
		}
	}
	head := ws[len(ws)-1]
	if notJobs[head] || head == "student" || head == "volunteer" || ws[0] == "not" || ws[0] == "no" || ws[0] == "never" || schoolYear[strings.Join(ws, " ")] {
		return false // "not engineer", "a senior at UCLA" (a school year)
	}
	return jobWords[head] || lexOccupations.has(head) && agentNounRE.MatchString(head) || jobWords[strings.Join(ws, " ")]
}

// agentNounRE: the endings of nouns for who does a thing.
var agentNounRE = regexp.MustCompile(`(?:er|or|ist|ian|ant|ent|man|woman|wife|smith|wright|hand|maker|lead)$`)
