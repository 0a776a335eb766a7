package extract

import (
	"regexp"
	"slices"
	"strings"
)

// Session 34 precision pass over a turn's facts: facts the labelled sets
// never write, read from the spurious facts of every read set (synthetic
// rounds 1-2, the LoCoMo dev draws and locomo_more, outside chat 1, 2 and
// 4) and from sentences written to probe the rules (chat of the LoCoMo
// kind: the listener's things, one-off acts, a time said where a place
// goes). Cases in precision34_test.go. Figures are removed facts, right /
// wrong, against the session's start; kept back is syn_r3 with outside
// chat 3 and 5, totals only.
//
// Groups kept:
//
//   - sameDayPlans34: something to do later the same day ("I'll book the
//     Chiado place tonight", "i'll start looking at funda tonight", "Now
//     I'm gonna order some sushi for tonight", "I'll go down with a torch
//     tonight", "I'm shooting a wedding in Naivasha this afternoon") is an
//     errand of the evening, not a plan a memory keeps: by the next turn it
//     is done or not. Read sets: 2 right / 6 wrong removed (the right ones
//     "I'll book the Raglan training tonight", "i'll start with duolingo
//     tonight"); kept back 1 / 2. Kept: something new tried ("I'm trying
//     out a new recipe tonight", pinned by everyday_test.go); a trip
//     (travels_to), which names a place; a plan said with "we", a gathering
//     more than an errand ("We're having a family get-together tonight",
//     labelled).
//   - notAPlace34: a place of work, study or volunteering that is a time of
//     day or the word work ("I have a meeting with my boss at 3" gave
//     works_at 3, "I'm working at noon tomorrow", "I love my team at work").
//     Read sets: none; kept back 0 / 2. A name that is a function word ("My
//     name is on the list" gave name On) is notAName's (patterns.go).
//   - joinedOnce34: joined of people met or a one-off gathering ("I joined
//     my friends for dinner", "I joined a Zoom call with my team"). Read
//     sets and kept back: none (all 79 joined facts of the read sets are
//     clubs, classes, teams, courses or events); from probe sentences.
//   - likesTheListener34: a taste that is the speaker's time with the one
//     spoken to ("I love hanging out with you", "I really enjoy our chats",
//     "I love our friendship"). Read sets and kept back: none; from probe
//     sentences.
//   - and in lead31.go (ownAnniversary): a numbered anniversary without
//     "wedding" gives no married event. Read sets 0 / 3, kept back 0 / 1.
//
// Read and left (the spurious fact is the labels' policy against a choice
// an earlier session made that a test pins, or the labelled sets do not
// agree with themselves), with the read sets' counts:
//
//   - facts about an unnamed relative ("Alice's mother lives_in Harstad",
//     "Alice's son age 11"): 24, all unlabelled (the labelling notes leave
//     out an unnamed third party's facts), but general_test.go and others
//     pin them;
//   - lives_in with kind foresight beside the plan "moving to X" (12, all
//     unlabelled; issue9_test.go and named_test.go pin it); nationality (6,
//     all unlabelled; pinned); "engaged" as an event (5, unlabelled; kept
//     on purpose in session 29); a pet that died or was had as a child as
//     has_pet negative (3; every labelled set writes it positive;
//     precision29_test.go and general_test.go pin negative);
//   - works_at negative beside lost_job for the same place ("I lost my job
//     at Door Dash"): the LoCoMo and outside labels write only lost_job
//     (5), the synthetic ones both (4);
//   - a place below the first as won ("we came second in the league",
//     "took second place": 2, both unlabelled): events31_test.go pins
//     "took second place" as won;
//   - a dated event said as a bare noun ("The concert is on Saturday", "the
//     viva is on the 21st", "Last game tomorrow"): 6 unlabelled, 11
//     labelled ("ceremony is in july", "Defence is in March");
//   - "I'm applying for …" as a plan: 3 unlabelled, 5 labelled;
//   - likes read from a long gerund after "love" ("I love throwing on some
//     music": 16 of 85 unlabelled), from an activity done ("I'm learning
//     German now": 6 of 23) or from a thing said to calm or help ("Cooking
//     is definitely calming"); a pet's taste ("Pepper loves lounging on
//     the couch": 2 of 3); "love a (good) X" (2 of 6);
//   - owns of a thing named in passing ("knocked my coffee onto my
//     keyboard", "set a reminder to move my car", "my back garden"): the
//     LoCoMo labels write "my car broke down", "My laptop crashed";
//   - "moved moved" with no place ("we moved in together", "since I moved
//     here"): 4 unlabelled, 1 labelled;
//   - a relative left unnamed whose name the turn gives ("I'm seeing
//     someone. Henrike.", "my wife coming, Claudette"): 10, each a frame of
//     its own; kin32.go reads several of them as address on purpose.
func precision34(text, speaker string, out []Fact) []Fact {
	if len(out) == 0 {
		return out
	}
	out = sameDayPlans34(text, out)
	out = notAPlace34(out)
	out = joinedOnce34(out)
	out = likesTheListener34(text, out)
	return out
}

// likesTheListener34 drops a taste that is the speaker's time with the one
// spoken to ("I love hanging out with you", "I really enjoy our chats", "I
// love our friendship"): a kindness to the listener, not a taste the
// labelled sets write (a taste said "with you" or of "our" talk is in none
// of the read sets' facts). The claim followed by "with/to you", or a
// word for talk or friendship after "our".
func likesTheListener34(text string, out []Fact) []Fact {
	lt := strings.ToLower(text)
	if !strings.Contains(lt, "you") && !strings.Contains(lt, "our ") && !strings.Contains(lt, " u ") && !strings.Contains(lt, " ya") {
		return out
	}
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "likes" && f.Predicate != "dislikes" {
			return false
		}
		c := strings.ToLower(f.Claim)
		for before, rest := range saidAt(lt, c) {
			if withYouRE34.MatchString(rest) || talkWords34[c] && strings.HasSuffix(before, "our ") {
				return true
			}
		}
		return false
	})
}

// withYouRE34: the listener, right after the claim.
var withYouRE34 = regexp.MustCompile(`^\s+(?:with|to)\s+(?:you|u|ya|y'all|you\s+guys|you\s+all)\b`)

// talkWords34: talk and friendship, as "our …" says them of the speaker and
// the listener.
var talkWords34 = setOf(`talks talk chats chat conversations conversation friendship catch-ups catchups time calls`)

// joinedOnce34 drops a group joined that is people met or a one-off
// gathering ("I joined my friends for dinner", "I joined a Zoom call with
// my team", "I joined the fun at the party"): joined is a club, class,
// team, course or event entered (all 79 joined facts of the read sets are
// of that kind, none of this). The head is the claim's words before its
// first "with", "for", "at", "in" or "on".
func joinedOnce34(out []Fact) []Fact {
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "joined" {
			return false
		}
		ws := strings.Fields(strings.ToLower(f.Claim))
		for i, w := range ws {
			if joinTail34[w] && i > 0 {
				ws = ws[:i]
				break
			}
		}
		return len(ws) > 0 && (joinPeople34[ws[0]] || joinOnce34[ws[len(ws)-1]])
	})
}

// joinTail34 are the words a joined claim's head ends before.
var joinTail34 = setOf(`with for at in on`)

// joinPeople34: people joined, not a group ("my friends", "the family").
var joinPeople34 = setOf(`friends friend family parents mom mum dad kids children husband wife partner boyfriend girlfriend
	them us him her everyone everybody colleagues coworkers`)

// joinOnce34: one-off gatherings.
var joinOnce34 = setOf(`call calls fun dinner lunch breakfast brunch meeting conversation chat discussion celebration
	festivities queue line`)

// notAPlace34 drops a place of work, study or volunteering that is a time
// of day or a number ("I have a meeting with my boss at 3", "I work at 9
// tomorrow", "I'm working at noon tomorrow", "I volunteer at 10 on
// Saturdays") or the bare word for work itself ("I love my team at work"):
// the rules that read "at <place>" took the time or the word. None of the
// read sets' facts is of this kind, right or wrong; the cases came from
// sentences written to try the rules (precision34_test.go).
func notAPlace34(out []Fact) []Fact {
	return slices.DeleteFunc(out, func(f Fact) bool {
		switch f.Predicate {
		case "works_at", "studies_at", "volunteers_at":
			c := strings.ToLower(strings.TrimSpace(f.Claim))
			return clockRE34.MatchString(c) || genericWorkplace34[c]
		}
		return false
	})
}

// clockRE34: a time of day or a bare number.
var clockRE34 = regexp.MustCompile(`^(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|h|o'clock)?|noon|midnight|midday|half\s+past\s+\w+|quarter\s+(?:past|to)\s+\w+)$`)

// genericWorkplace34: words for a workplace that name none.
var genericWorkplace34 = map[string]bool{"work": true, "job": true, "the job": true, "my job": true, "office": true, "the office": true, "home": true}

// sameDayRE34: a time later the same day.
var sameDayRE34 = regexp.MustCompile(`(?i)\b(?:tonight|tonite|this\s+(?:afternoon|evening)|later\s+(?:today|tonight))\b`)

// weRE34: the plan is shared ("We're having a family get-together
// tonight"): a gathering, kept.
var weRE34 = regexp.MustCompile(`(?i)\b(?:we|we're|we'll|let's|us)\b`)

// sameDayPlans34 drops a plan whose sentence puts it later the same day.
func sameDayPlans34(text string, out []Fact) []Fact {
	if !sameDayRE34.MatchString(text) {
		return out
	}
	sents := sentences(clean(text))
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "plans" || f.Kind != Foresight || f.Polarity == Negative {
			return false
		}
		if w := strings.ToLower(firstWords(f.Claim, 1)); w == "try" || w == "trying" {
			return false // something new tried tonight (everyday_test.go)
		}
		s := claimSentence34(sents, f.Claim)
		return s != "" && sameDayRE34.MatchString(s) && !weRE34.MatchString(s)
	})
}

// claimSentence34 is the first sentence that holds the claim, or its first
// two words when the claim was reworded; "" when none does.
func claimSentence34(sents []string, claim string) string {
	c := strings.ToLower(claim)
	for _, s := range sents {
		if strings.Contains(strings.ToLower(s), c) {
			return s
		}
	}
	c = strings.ToLower(firstWords(claim, 2))
	if c == "" {
		return ""
	}
	for _, s := range sents {
		if strings.Contains(strings.ToLower(s), c) {
			return s
		}
	}
	return ""
}
