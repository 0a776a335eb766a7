package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// Work and study said the ways casual chat says them (session 35, from the
// misses and spurious facts of the work family on the read sets:
// synthetic rounds 1–2, LoCoMo dev and more, outside chat 1, 2 and 4).
// Cases in work35_test.go. Figures are facts added, right / predicted,
// against the session's start; kept back is syn_r3 with outside chat 3 and
// 5, totals only.
//
// Groups:
//
//   - leftWork35: a place of work left, said with "I" and when, or quit
//     ("I left the shipyard for the same reason in 2015", "I left the
//     sports clinic in February", "I quit the hagwon in December", "also
//     quit the chippy finally"): works_at, negative; and one about to be
//     left ("I'm leaving the shipyard. After eleven years.", "i have to
//     quit the cafe first"): works_at, positive. Not an evening's leaving
//     ("I left the office at 6"), a stay ("we left the hospital
//     yesterday"), another's, or a team ("quit the company futsal team").
//     "left the depot in may" with no "I" is left alone, as work30_test.go
//     and named_test.go pin. Read sets +6 / +6; kept back +1 / +1.
//   - backAtWork35: a return to a place of work, or time off from it
//     ("Back at the council on Monday", "I'm back at the school in
//     January", "Leilani went back to work at the school last week", "I
//     took six weeks off from the plant"): works_at. Not a visit or a stay
//     ("he's back at the pub on fridays", "back at the hospital for
//     tests"), not asked; a return a plan already says ("I go back to work
//     at the hospital in May") is the plan's, as plans32_test.go pins.
//     Read sets +6 / +6; kept back none.
//   - driveFor35: whom one drives or delivers for ("driving buses for
//     Winnipeg Transit", "i deliver for a bike courier company", "driving
//     for uber at night", "before i was in germany five years driving for
//     dhl"): works_at, negative when said in the past. Not a drive for a
//     cause, a person or a while ("a food drive for kids", "I drive for my
//     mum", "driving for hours"). Read sets +5 / +5; kept back +1 / +1.
//   - theirStudies35: what a named relative studies, said with a pronoun
//     or after another verb ("I have one brother, Joaquín, he has 19 years
//     and he study music", "my grandson, Haruki. He lives in Osaka and
//     studies robotics", "Anagha … She is studying agriculture"). The
//     pronoun stands for the one person the turn has named before it (of
//     its gender when the relation or the kin word says it). Read sets
//     +3 / +3; kept back +1 / +1.
//
// Tried and dropped: a filter of the work of a relative the turn gives no
// name ("my wife got a job at the ministry", "My mother is a lawyer"): no
// labelled set writes one (the labelling notes leave out an unnamed third
// party's facts); it removed 9 wrong and no right fact on the read sets
// and 4 wrong on the kept-back ones, but general_test.go and
// named_test.go pin such facts ("My sister is a doctor in Boston", "my
// husband still works at a bank"). A teacher named by the subject taught
// ("I taught geography thirty years at the gymnasium", "I teach Year 9
// all day", "free from teaching chemistry"): read sets +4 / +4, but kept
// back +1 predicted, none right.

// work35 adds what the groups above read.
func work35(text, speaker string, at time.Time, out []Fact) []Fact {
	lt := lowerASCII(text)
	if strings.Contains(lt, "left ") || strings.Contains(lt, "quit") || strings.Contains(lt, "leaving ") {
		out = append(out, leftWork35(text, speaker, at, out)...)
	}
	if strings.Contains(lt, "back ") || strings.Contains(lt, " off ") {
		out = append(out, backAtWork35(text, speaker, at, out)...)
	}
	if strings.Contains(lt, "driv") || strings.Contains(lt, "drove") || strings.Contains(lt, "deliver") {
		out = append(out, driveFor35(text, speaker, at, out)...)
	}
	if strings.Contains(lt, "stud") {
		out = append(out, theirStudies35(text, speaker, at, out)...)
	}
	return out
}

// workLeftNoun35 are places of work by what they are that workplaceNoun
// lacks.
var workLeftNoun35 = setOf(`hagwon chippy mill brewery winery refinery dealership school`)

// leftAfterWord35 are the words that may follow the place of work left
// ("in april", "after nine years", "finally", "first", "and").
var leftAfterWord35 = setOf(`in after finally first and but so for last at on this tho though because cause bc lol haha mate now
	today yesterday back already too as with to when two three four five six seven eight nine ten years ago`)

// leftWorkRE35: "left the council", "quit the hagwon", "I'm leaving the
// shipyard", "i have to quit the cafe"; group 1 what comes before the
// verb, group 2 the verb, group 3 what follows "the" or "my".
var leftWorkRE35 = regexp.MustCompile(`(?i)((?:^|[,;:—–]\s*|\b(?:i|i'm|im|i\s+am|nope|also|and|so|just|finally|have\s+to|need\s+to|gonna|going\s+to|about\s+to)\s+)(?:(?:just|finally|also|actually|officially|already)\s+)*)(left|quit|leaving|quitting)\s+(?:the|my)\s+(.+)`)

// leftWhenRE35: when a place of work was left, said in months or years
// ("in april", "in October", "in 2015", "last year", "after nine
// years", "two years ago"), not a day's leaving.
var leftWhenRE35 = regexp.MustCompile(`(?i)\b(?:in\s+(?:` + monthRE + `|\d{4}|the\s+(?:spring|summer|autumn|fall|winter))|last\s+(?:year|spring|summer|autumn|fall|winter)|after\s+(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|many|several)\s+(?:years?|yrs)|(?:years?|months)\s+ago|finally|for\s+good)\b`)

// leavingWhenRE35: a leaving still ahead said with when or with the years
// done ("after 6 yrs", "in December", "at the end of the month", "next
// month", "first").
var leavingWhenRE35 = regexp.MustCompile(`(?i)^(?:\s+(?:after\s+\w+\s+(?:years?|yrs)|in\s+(?:` + monthRE + `|\d{4})|at\s+the\s+end\s+of|next\s+(?:month|year|week)|first))\b`)

// yearsDoneRE35: the sentence after "I'm leaving the shipyard." says the
// years done there ("After eleven years.").
var yearsDoneRE35 = regexp.MustCompile(`(?i)^\s*after\s+\w+(?:[- ]\w+)?\s+(?:years?|yrs)\b`)

// iLeadRE35: the lead says "I".
var iLeadRE35 = regexp.MustCompile(`(?i)\b(?:i|i'm|im|i\s+am)\b`)

// leftNotHere35: the words before the verb that make it another's, a
// wish, a question or a denial.
var leftNotHere35 = regexp.MustCompile(`(?i)\b(?:he|she|they|you|u|we|not|never|n't|would|might|could|should|maybe|want|wanna|wish|if|thinking|when|before|after|since)\b|\p{L}(?:'s|’s)\s*$`)

func leftWork35(text, speaker string, at time.Time, out []Fact) []Fact {
	var add []Fact
	ct := clean(text)
	pos := 0
	for _, s := range sentences(ct) {
		if i := strings.Index(ct[pos:], s); i >= 0 {
			pos += i + len(s)
		}
		next := ct[pos:] // the rest of the turn
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		loc := leftWorkRE35.FindStringSubmatchIndex(s)
		if loc == nil || leftNotHere35.MatchString(s[:loc[4]]) {
			continue
		}
		verb := strings.ToLower(s[loc[4]:loc[5]])
		lead := strings.ToLower(s[loc[2]:loc[3]])
		ahead := verb == "leaving" || verb == "quitting" || strings.Contains(lead, "to ")
		if (verb == "leaving" || verb == "left") && !iLeadRE35.MatchString(lead) {
			continue // "leaving the office now", "left the depot in may": only said with "I"
		}
		o, after := workplaceAt(s[loc[6]:loc[7]])
		if o == "" {
			ws := strings.Fields(s[loc[6]:loc[7]])
			if len(ws) == 0 {
				continue
			}
			w := strings.TrimRight(ws[0], `,.!?;:`)
			if !workLeftNoun35[strings.ToLower(w)] {
				continue
			}
			o, after = strings.ToLower(w), s[loc[6]+len(w):loc[7]]
		}
		if a := strings.Fields(after); len(a) > 0 && isLetterStart(a[0]) && !leftAfterWord35[strings.ToLower(strings.TrimRight(a[0], `,.!?;:`))] {
			continue // "quit the company futsal team": the place names another thing
		}
		if isCapital(o) || strings.Contains(o, " ") && !workplaceNoun[lastWord(strings.ToLower(o))] && !workLeftNoun35[lastWord(strings.ToLower(o))] {
			continue // a named place may be a town or a shop one visits
		}
		if slices.ContainsFunc(out, func(f Fact) bool {
			return f.Subject == speaker && predFamily(f.Predicate) == "work" && strings.EqualFold(f.Claim, o)
		}) {
			continue
		}
		c := newClause(s, speaker, at)
		switch {
		case ahead:
			if verb == "leaving" && !leavingWhenRE35.MatchString(after) && !(strings.TrimSpace(strings.TrimRight(after, ".! ")) == "" && yearsDoneRE35.MatchString(next)) {
				continue // "I'm leaving the office now"
			}
			c.add(speaker, "works_at", o, World, confLoose-6)
		case leftWhenRE35.MatchString(after) || verb == "quit":
			c.neg = true
			c.add(speaker, "works_at", o, World, confLoose-6)
		default:
			continue
		}
		add = append(add, c.facts...)
	}
	return add
}

// theirStudyRE35: "he study music", "She is studying agriculture", "He
// lives in Osaka and studies robotics"; group 1 the pronoun, group 2 the
// field.
var theirStudyRE35 = regexp.MustCompile(`\b(he|she|He|She)\b(?:(?:'s|’s|\s+is)\s+(?:also\s+|now\s+|still\s+)?studying|\s+(?:also\s+|now\s+)?(?:studies|study)|\s+\p{Ll}+s\b[^,.;!?]*?\s+and\s+(?:also\s+)?(?:studies|is\s+studying))\s+(\p{Ll}[\p{Ll}-]*(?:\s+\p{Ll}[\p{Ll}-]*){0,2}?)(?:\s+(?:in|at|there|and|so|but|because|since|now|too|as)\b|\s*[,.;!?)]|\s*$)`)

// kinNameRE35: a relative or a neighbour named after a comma ("I have
// only one grandson, Haruki.", "My neighbour's girl, Anagha, will …");
// group 1 the word, group 2 the name.
var kinNameRE35 = regexp.MustCompile(`(?i:\b(?:my|our|one|only|a)\s+(?:[\p{L}'’]+\s+){0,2}?(son|daughter|grandson|granddaughter|brother|sister|cousin|nephew|niece|girl|boy|kid|child|grandchild|neighbou?r|friend)),\s+(\p{Lu}\p{Ll}+)\b`)

// kinGender35 are the words of kinNameRE35 that say a gender.
var kinGender35 = map[string]string{"son": "he", "grandson": "he", "brother": "he", "nephew": "he", "boy": "he",
	"daughter": "she", "granddaughter": "she", "sister": "she", "niece": "she", "girl": "she"}

// notStudy35 are first words of what follows "studies" that name no
// field.
var notStudy35 = setOf(`a an the my his her their this that these those some all every hard harder really very so too well there here abroad online together late at in for with from to by on with away lots lot`)

func theirStudies35(text, speaker string, at time.Time, out []Fact) []Fact {
	known, gender := turnNames(text, speaker, out)
	for _, m := range kinNameRE35.FindAllStringSubmatch(text, -1) {
		if personName30(m[2], "") && !known[m[2]] {
			known[m[2]] = true
			gender[m[2]] = kinGender35[strings.ToLower(m[1])]
		}
	}
	if len(known) == 0 {
		return nil
	}
	var add []Fact
	ct := clean(text)
	pos := 0
	for _, s := range sentences(ct) {
		if i := strings.Index(ct[pos:], s); i >= 0 {
			pos += i
		}
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || condRE.MatchString(s) {
			continue
		}
		for _, loc := range theirStudyRE35.FindAllStringSubmatchIndex(s, -1) {
			field := s[loc[4]:loc[5]]
			if notStudy35[strings.Fields(field)[0]] {
				continue
			}
			pron := strings.ToLower(s[loc[2]:loc[3]])
			// the names spoken of before the pronoun in the turn
			before := ct[:pos] + " " + s[:loc[0]]
			var who []string
			for k := range known {
				if strings.Contains(before, k) && (gender[k] == "" || gender[k] == pron) {
					who = append(who, k)
				}
			}
			if len(who) != 1 {
				continue
			}
			if slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == who[0] && f.Predicate == "studies" }) {
				continue
			}
			c := newClause(s, speaker, at)
			c.add(who[0], "studies", field, World, confLoose-4)
			add = append(add, c.facts...)
		}
	}
	return add
}

// backToWorkRE35: "back to work at the hospital", "back at the council";
// group 1 the subject before it (a name, "I", or none), group 2 "to work"
// when said, group 3 what follows "at".
var backToWorkRE35 = regexp.MustCompile(`(?:^|(?:\b(?i:(i|i'm|im|i\s+am|i'll\s+be|i\s+will\s+be|i\s+go|i\s+went|i'm\s+going|i\s+am\s+going))|\b(\p{Lu}\p{Ll}+)\s+(?i:went|goes|is\s+going|has\s+gone|is))\s+)(?i:(?:finally|officially|also|just)\s+)?(?i:back\s+(to\s+work\s+)?at)\s+(.+)`)

// offFromWorkRE35: "I took six weeks off from the plant", "I took time
// off from the clinic"; group 1 what follows "from".
var offFromWorkRE35 = regexp.MustCompile(`(?i:\b(?:i|i'm|im|i've|i\s+have)\s+(?:just\s+|already\s+)?(?:took|take|taking|taken|had|got)\s+(?:some\s+|a\s+bit\s+of\s+)?(?:time|\w+\s+(?:days?|weeks?|months?))\s+off\s+from)\s+(.+)`)

// notBackAt35 are places one goes back to as a patient, a pupil or for
// leisure ("back at the pub on fridays", "back at the hospital for
// tests").
var notBackAt35 = setOf(`pub bar hospital clinic surgery library museum station gym base port garage site centre center`)

func backAtWork35(text, speaker string, at time.Time, out []Fact) []Fact {
	var add []Fact
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		who, rest := speaker, ""
		if m := backToWorkRE35.FindStringSubmatch(s); m != nil {
			toWork := m[3] != ""
			if m[2] != "" {
				if !toWork || !personName30(m[2], s) {
					continue // "Leilani went back to work at …": only a name, to work
				}
				who = m[2]
			}
			rest = m[4]
			if !toWork {
				if o := placeOfWork35(rest); o == "" || isCapital(o) || notBackAt35[lastWord(o)] || !strings.HasPrefix(strings.ToLower(rest), "the ") {
					continue
				}
			}
		} else if m := offFromWorkRE35.FindStringSubmatch(s); m != nil {
			rest = m[1]
		} else {
			continue
		}
		o := placeOfWork35(rest)
		if o == "" {
			o = org(rest) // "back to work at King's"
		}
		if o == "" || strings.HasPrefix(o, "\x01") || knownPlace(o) || strings.EqualFold(o, "work") || strings.EqualFold(o, "home") {
			continue
		}
		if slices.ContainsFunc(out, func(f Fact) bool {
			return f.Subject == who && predFamily(f.Predicate) == "work" && strings.EqualFold(f.Claim, o) ||
				f.Predicate == "plans" && strings.Contains(strings.ToLower(f.Claim), strings.ToLower(o))
		}) {
			continue // the place is read already, or a plan says the return ("I go back to work at the hospital in May")
		}
		c := newClause(s, speaker, at)
		c.add(who, "works_at", o, World, confLoose-6)
		add = append(add, c.facts...)
	}
	return add
}

// placeOfWork35 is the place of work at the start of s: workplaceAt's, or
// "the school", "the hagwon" (a word of workLeftNoun35 after an article).
func placeOfWork35(s string) string {
	if o, _ := workplaceAt(s); o != "" {
		return o
	}
	ws := strings.Fields(s)
	if len(ws) > 1 && articleRE.MatchString(ws[0]+" ") {
		if w := strings.ToLower(strings.TrimRight(ws[1], `,.!?;:`)); workLeftNoun35[w] {
			return w
		}
	}
	return ""
}

// driveForRE35: "driving buses for Winnipeg Transit", "i deliver for a
// bike courier company"; group 1 what comes before the verb, group 2 the
// verb, group 3 what follows "for".
var driveForRE35 = regexp.MustCompile(`(?i)(^|\b(?:i|i'm|im|i\s+am|i\s+was|i've\s+been|been|still|now|currently|years|yrs|was)\s+(?:(?:still|also|now|just|mostly)\s+)*)(driving|drive|drove|delivering|deliver|delivered)\s+(?:(?:buses|trucks|taxis|cabs|lorries|vans|trams|parcels|packages|food)\s+)?for\s+(.+)`)

// driveForNot35 are first words after "for" that name no employer.
var driveForNot35 = setOf(`a an the my our your his her their me him us them hours ages years months days weeks miles kids people folks work fun free money a while long so`)

// pastLead35: a past said before the verb.
var pastLead35 = regexp.MustCompile(`(?i)\b(?:was|were|used\s+to|before|back\s+then)\b`)

func driveFor35(text, speaker string, at time.Time, out []Fact) []Fact {
	if slices.ContainsFunc(out, func(f Fact) bool { return f.Subject == speaker && f.Predicate == "works_at" }) {
		return nil
	}
	var add []Fact
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if strings.HasSuffix(s, "?") || secondRE.MatchString(s) || condRE.MatchString(s) {
			continue
		}
		loc := driveForRE35.FindStringSubmatchIndex(s)
		if loc == nil {
			continue
		}
		if lead := clauseTail35(s[:loc[4]]); leftNotHere35.MatchString(lead) && !pastLead35.MatchString(lead) {
			continue
		}
		rest := s[loc[6]:loc[7]]
		ws := strings.Fields(rest)
		if len(ws) == 0 {
			continue
		}
		first := strings.TrimRight(ws[0], `,.!?;:`)
		lf := strings.ToLower(first)
		if driveForNot35[lf] && lf != "a" && lf != "an" && lf != "the" {
			continue // "I drive for my mum", "driving for hours"
		}
		o := placeOfWork35(rest)
		switch {
		case o != "":
		case lf == "a" || lf == "an" || lf == "the" || isCapital(first):
			// "for Winnipeg Transit", "for the Guardian": a name
			if o = org(rest); o == "" || strings.HasPrefix(o, "\x01") || !isCapital(o) || knownPlace(o) {
				continue
			}
		default:
			// "for uber at night", "for dhl": a brand said in lower case
			if lexCommon().has(lf) || knownPlace(first) || !isLetterStart(first) || len(ws) > 1 && first == ws[0] && !leftAfterWord35[strings.ToLower(ws[1])] {
				continue
			}
			o = first
		}
		c := newClause(s, speaker, at)
		v := strings.ToLower(s[loc[4]:loc[5]])
		if v == "drove" || v == "delivered" || pastLead35.MatchString(s[:loc[4]]) {
			c.neg = true
		}
		c.add(speaker, "works_at", o, World, confLoose-6)
		add = append(add, c.facts...)
	}
	return add
}

// clauseBreakRE35: where a clause starts inside a sentence.
var clauseBreakRE35 = regexp.MustCompile(`(?i)[,;:]|\b(?:cause|because|bc|and|but|so|though|tho)\b`)

// clauseTail35 is s from its last clause break on.
func clauseTail35(s string) string {
	if locs := clauseBreakRE35.FindAllStringIndex(s, -1); len(locs) > 0 {
		return s[locs[len(locs)-1][1]:]
	}
	return s
}
