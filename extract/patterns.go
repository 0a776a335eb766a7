package extract

import (
	"context"
	"iter"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memhive/memhive"
)

// Patterns is the default, deterministic Extractor: hand-written rules over
// clauses, embedded word lists and no model. Its zero value is ready to use;
// it holds no client of any kind, so it cannot make a network request.
type Patterns struct{}

var _ Extractor = Patterns{}

// Extract reads every non-assistant turn of s sentence by sentence and
// returns the facts found, merged across turns: a claim said twice is one
// fact naming both episodes, valid from the first time it was said.
func (Patterns) Extract(ctx context.Context, s Session) ([]Fact, error) {
	var out []Fact
	index := map[string]int{}
	named := map[string]bool{}
	for _, t := range s.Turns {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if t.Role == "assistant" || strings.TrimSpace(t.Speaker) == "" {
			continue
		}
		for _, f := range TurnFacts(t.Text, t.Speaker, t.At) {
			key := memhive.Canon(f.Subject) + "\x00" + memhive.CanonPredicate(f.Predicate) + "\x00" +
				memhive.Canon(f.Claim) + "\x00" + f.Kind + "\x00" + f.Polarity
			if f.Kind != World {
				key += "\x00" + f.ValidFrom.Format(time.DateOnly)
			}
			if i, ok := index[key]; ok {
				if !slices.Contains(out[i].EpisodeIDs, t.EpisodeID) {
					out[i].EpisodeIDs = append(out[i].EpisodeIDs, t.EpisodeID)
				}
				continue
			}
			f.EpisodeIDs = []string{t.EpisodeID}
			if f.Subject == t.Speaker && !named[t.Speaker] && f.Polarity != Negative {
				// The first fact about a speaker also names them, so the graph
				// reaches "member:alice" from "Alice".
				if n := displayName(t.Speaker); n != "" {
					named[t.Speaker] = true
					f.Entities = append(f.Entities, Entity{Name: n, Kind: "person"})
					f.Edges = append(f.Edges, Edge{Src: t.Speaker, Relation: "name", Dst: n})
				}
			}
			index[key] = len(out)
			out = append(out, f)
		}
	}
	return out, nil
}

// displayName is the name part of a participant id: "member:alice" → "Alice".
func displayName(id string) string {
	_, name, ok := strings.Cut(id, ":")
	if !ok {
		name = id
	}
	name = strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(name)
	words := strings.Fields(name)
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}

// TurnFacts returns the facts in one turn's text said by speaker at at. It
// is the whole of the pattern extractor for one turn; Extract adds episode
// ids and merges across turns.
//
// A turn is cleaned (quoted speech and shared-photo captions removed), cut
// into sentences (questions are dropped) and each sentence into clauses
// (at "but", ";", dashes, and a conjunction or comma that starts a new
// first-person subject). Each clause is read on its own: negation before
// the verb makes the facts negative; hedges ("might", "maybe", "would",
// "if", "wish") drop them; wishes and plans ("want to", "planning to",
// "can't wait to") make them foresight; a second-person subject is skipped.
//
// A turn longer than turnPiece bytes (a pasted document, a poison turn) is
// read in pieces of whole sentences of at most turnPiece bytes each, so
// that its cost grows with its length and not with the square of it; no
// chat turn of the labelled sets is a tenth as long.
func TurnFacts(text, speaker string, at time.Time) []Fact {
	if rolePlay(text) {
		return nil // "act as my girlfriend …": a part played (assistant.go)
	}
	text = dropTaskContent(text)
	if len(text) <= turnPiece {
		return turnFacts(text, speaker, at)
	}
	var out []Fact
	seen := map[[5]string]bool{}
	for len(text) > 0 {
		n := pieceEnd(text, turnPiece)
		for _, f := range turnFacts(text[:n], speaker, at) {
			k := [5]string{f.Subject, f.Predicate, f.Claim, f.Kind, f.Polarity}
			if !seen[k] {
				seen[k] = true
				out = append(out, f)
			}
		}
		text = text[n:]
	}
	return out
}

// turnPiece is the most of a turn TurnFacts reads at once, in bytes.
const turnPiece = 4 << 10

// pieceEnd is the length of text's first piece of at most max bytes: up to
// the last sentence end or line break in it, else the last space, else the
// last whole character.
func pieceEnd(text string, max int) int {
	if len(text) <= max {
		return len(text)
	}
	head := text[:max]
	if i := strings.LastIndexAny(head, ".!?\n"); i > 0 {
		return i + 1
	}
	if i := strings.LastIndexByte(head, ' '); i > 0 {
		return i + 1
	}
	n := max
	for n > 1 && !utf8.RuneStart(text[n]) {
		n--
	}
	return n
}

// turnFacts is TurnFacts for one piece of a turn.
func turnFacts(text, speaker string, at time.Time) []Fact {
	var out []Fact
	seen := map[string]bool{}
	sents := sentences(clean(text))
	lastPastime := "" // the pastime the clause before named, for "it" (anaphora.go)
	for si, s := range sents {
		s = strings.TrimSpace(s)
		// "my cousin Deniz. She's studying architecture in Tokyo": a
		// pronoun opening a sentence stands for the one relative the turn
		// has named so far, when it has named exactly one.
		n := onlyNamedRelative(out, speaker)
		if n == "" && si > 0 && pronounLeadRE.MatchString(s) {
			// "her name is Aoife. she's a paramedic": the one person the
			// sentences before named as someone new (session 26).
			n = onlyIntroduced(sents[:si])
		}
		if n != "" {
			s = pronounLeadRE.ReplaceAllStringFunc(s, func(x string) string {
				sub := pronounLeadRE.FindStringSubmatch(x)
				if !pronounFits(out, speaker, n, sub[2]) {
					return x // "my brother Tomas … she's a nurse": she is someone else
				}
				return sub[1] + n + pronounVerb(sub[3])
			})
		}
		if s == "" || jokeRE.MatchString(s) || si+1 < len(sents) && jokeOnlyRE.MatchString(sents[si+1]) {
			// "I won the lottery lol jk", "I quit! jk": said in jest
			continue
		}
		sarcastic := sarcasmRE.MatchString(s)
		if strings.HasSuffix(s, "?") {
			// A statement with a short question tag ("We're going to a game
			// on Sunday, want to join?") or a question of its own after it
			// ("I'm vegan, can you suggest a high protein breakfast?")
			// keeps its statement.
			// The tag may follow a dash: "got married last week - how
			// about you?".
			i, j := tagStart(s)
			if i < 0 || len(strings.Fields(s[j:])) > 5 && !questionW.MatchString(strings.TrimSpace(s[j:])) || questionW.MatchString(strings.TrimSpace(s)) {
				continue
			}
			s = s[:i]
		}
		s = strings.TrimRight(s, ".!;: ")
		s = restoreCase(s)
		if lead := strings.TrimSpace(markerRE.ReplaceAllString(s, "")); condRE.MatchString(lead) || hypoRE.MatchString(lead) || notSureRE.MatchString(lead) || noWayRE.MatchString(lead) || atHeartRE.MatchString(s) {
			// "If I get the job, I plan on moving": the clause after a
			// condition is as hypothetical as the condition.
			continue
		}
		s = freeTimeCommaRE.ReplaceAllString(s, "$1 $2")
		s = elideIm(s) // "I'm vegetarian and allergic to nuts" (lead30.go)
		// "Mairi and I got engaged": said so, the name would be a clause
		// of its own.
		s = engagedWithRE.ReplaceAllString(s, "${1}I ${3}got engaged to ${2}")
		s = meAndEngagedRE.ReplaceAllString(s, "${1}I ${3}got engaged to ${2}")
		s = togetherRE.ReplaceAllString(s, "${1}I ${3}${4} with ${2}")
		s = splitWithRE.ReplaceAllString(s, "${1}I ${3}${4} with ${2}")
		s = meAndSplitRE.ReplaceAllString(s, "${1}I ${3}${4} with ${2}")
		// "Besides writing, I also enjoy reading": the first is liked too.
		// Only a pastime or a bare noun phrase: "Besides the rain, I also
		// love the city" likes no rain.
		if m := besidesRE.FindStringSubmatch(s); m != nil && !besidesDet[strings.ToLower(strings.Fields(m[1])[0])] {
			s = besidesRE.ReplaceAllString(s, "${2} ${3} ${1}; ${2} also ${3} ")
		}
		open := false
		s = joinDayRange(s) // "12–15 May": one date, not two clauses (plans27.go)
		for _, cl := range clauses(s) {
			c := newClause(cl, speaker, at)
			c.sent, c.turn = s, text
			c.run()
			ruled := len(c.facts)
			open = c.readTagged(open)
			c.progressivePlan()
			if ifAfter(cl) {
				// "I'm moving to Canada if he wins": a plan on a condition
				c.facts = slices.DeleteFunc(c.facts, func(f Fact) bool { return f.Kind == Foresight })
			}
			it := -1 // the liking "it" says, which the turn's start of the pastime does not repeat
			if p := itPastime(cl, lastPastime); p != "" && !sarcastic &&
				!slices.ContainsFunc(c.facts, func(f Fact) bool { return f.Predicate == "likes" }) {
				// "I took up knitting last winter. I love it!"
				c.add(c.speaker, "likes", p, World, confPref-8)
				it = len(c.facts) - 1
			}
			lastPastime = pastimeBefore(cl, c.facts)
			for i, f := range c.facts {
				key := memhive.Canon(f.Subject) + "\x00" + f.Predicate + "\x00" + memhive.Canon(f.Claim) + "\x00" + f.Polarity
				claimKey := memhive.Canon(f.Subject) + "\x00" + memhive.Canon(f.Claim)
				famKey := memhive.Canon(f.Subject) + "\x00" + f.Predicate
				adoptedPet := f.Predicate == "has_pet" && seen[claimKey+"\x00adopted"] && !seen[famKey]
				if sarcastic && (f.Predicate == "likes" || f.Predicate == "dislikes") {
					continue // "I just love meetings 🙄"
				}
				if seen[key] || i >= ruled && i != it && (seen[claimKey] && !adoptedPet || f.Predicate == "has_pet" && seen[famKey]) {
					// The tagged reader's reading of a claim the turn already
					// gave, or "my pups" beside a pet the turn named.
					continue
				}
				seen[key], seen[claimKey], seen[famKey] = true, true, true
				if f.Predicate == "adopted" {
					seen[claimKey+"\x00adopted"] = true // "just adopted a puppy": the puppy is a pet too
				}
				out = append(out, f)
			}
		}
	}
	if hereInRE.MatchString(text) && (awayRE.MatchString(text) || hereAwayRE.MatchString(text)) {
		// "It's freezing here in Chicago, we're visiting my in-laws": the
		// stay said in another clause is no home either.
		lt := strings.Join(strings.Fields(strings.ToLower(text)), " ")
		out = slices.DeleteFunc(out, func(f Fact) bool {
			lc := strings.ToLower(f.Claim)
			return f.Predicate == "lives_in" && f.Kind == World && f.Polarity == Positive &&
				(strings.Contains(lt, "here in "+lc) || strings.Contains(lt, "here in the "+lc))
		})
	}
	if whenInRE.MatchString(text) {
		// "I'll catch you when I'm in Boston": the clause split from its
		// "when" (homes.go) says a stay, no home.
		lt := strings.Join(strings.Fields(strings.ToLower(text)), " ")
		out = slices.DeleteFunc(out, func(f Fact) bool {
			if f.Predicate != "lives_in" || f.Polarity != Positive {
				return false
			}
			for _, m := range whenInRE.FindAllStringIndex(lt, -1) {
				if strings.HasPrefix(strings.TrimPrefix(strings.TrimSpace(lt[m[1]:]), "the "), strings.ToLower(f.Claim)) {
					return true
				}
			}
			return false
		})
	}
	if calledOffRE.MatchString(text) {
		// "My trip to Denver was cancelled": no visit, no trip ahead.
		for _, sent := range sentences(clean(text)) {
			if !calledOffRE.MatchString(sent) {
				continue
			}
			out = slices.DeleteFunc(out, func(f Fact) bool {
				return (f.Predicate == "visited" || f.Predicate == "travels_to") && strings.Contains(strings.ToLower(sent), strings.ToLower(f.Claim))
			})
		}
	}
	if quitRE.MatchString(text) {
		// "my first week at Amazon was terrible, glad I quit": no job held.
		started := map[string]bool{}
		for _, f := range out {
			if f.Predicate == "started_job" {
				started[f.Claim] = true
			}
		}
		out = slices.DeleteFunc(out, func(f Fact) bool {
			return f.Predicate == "started_job" || f.Predicate == "works_at" && started[f.Claim] && f.Polarity == Positive
		})
	}
	for _, f := range slices.Concat(introFacts(text, speaker, at), greetingHome(text, sents, speaker), hostHome(text, sents, speaker), vocativeKin(text, speaker, out)) {
		key := memhive.Canon(f.Subject) + "\x00" + f.Predicate + "\x00" + memhive.Canon(f.Claim) + "\x00" + f.Polarity
		if !seen[key] {
			seen[key] = true
			out = append(out, f)
		}
	}
	if taggerOn {
		out = petNames(text, speaker, at, out)
	}
	out = petNamedLower29(text, speaker, at, out) // chat29.go
	out = childNames(text, speaker, at, out)
	out = relativeNamedLater(text, speaker, out)
	out = foreignKinFacts(text, speaker, at, out) // kin29.go
	out = kinNamed29(text, speaker, out)          // kin29.go
	out = loneKinName(text, speaker, out)         // kin29.go
	out = workFilter29(text, speaker, out)
	out = namedRoles29(text, speaker, at, out)
	out = engagedPartner(text, speaker, at, out)
	out = promotedRole(text, speaker, at, out)
	out = movedWhere(text, speaker, out) // events28.go
	out = append(out, pronounAges(text, speaker, at, out)...)
	// "I love my mom", "I really like my boss": a person is someone in the
	// speaker's life (the relation rules write that), not a taste
	for i, f := range out {
		if (f.Predicate == "likes" || f.Predicate == "dislikes") && qualityOfRE.MatchString(f.Claim) {
			// "I'm into the rush of awesome cars": the cars
			out[i].Claim = qualityOfRE.ReplaceAllString(f.Claim, "")
		}
	}
	out = slices.DeleteFunc(out, func(f Fact) bool {
		return (f.Predicate == "likes" || f.Predicate == "dislikes") && (personWord(f.Claim) || notATaste(f.Claim))
	})
	out = append(out, photoPets(text, speaker, at, seen)...)
	if taggerOn {
		out = petNamed29(text, speaker, at, out) // possessions29.go
		out = photoOwns(text, speaker, at, out)  // possessions29.go
	}
	out = namedExamples(out)
	out = splitLikedPair(out)
	out = volunteeringOnce(out)
	out = append(out, hookedOn(text, speaker, at, out)...)
	out = append(out, praisedTitles(text, speaker, at, out)...)
	out = append(out, adoptedNamed(text, speaker, at, out)...)
	pets := petsNamed(out)
	// "I love my pups", "I do love Toby": the speaker's own pet, loved, is
	// the pet (has_pet), not a taste for pets.
	out = slices.DeleteFunc(out, func(f Fact) bool {
		return f.Predicate == "likes" && (pets[strings.ToLower(f.Claim)] || pastTaste(text, f.Claim))
	})
	if noPetsRE.MatchString(text) {
		// "It's a pity that I don't have pets": "our pets" said of people
		// in general a sentence before is no pet of the speaker's
		out = slices.DeleteFunc(out, func(f Fact) bool {
			return f.Predicate == "has_pet" && f.Polarity == Positive && genericPets[strings.ToLower(f.Claim)]
		})
	}
	out = append(out, favoriteNamed(text, speaker, at, out)...)
	out = dropTastes29(text, splitPlurals29(append(out, tastes29(text, speaker, at, out)...))) // tastes29.go
	out = tasteFilter28(text, speaker, out)                                                    // tastes28.go
	out = precision29(text, speaker, out)                                                      // precision29.go
	out = work30(text, speaker, at, out)                                                       // work30.go
	out = plans30(text, speaker, at, out)                                                      // plans30.go
	out = append(mendTastes30(text, out), tastes30(text, speaker, at, out)...)                 // tastes30.go
	out = events30(text, speaker, out)                                                         // events30.go
	out = shopTrips(text, out)                                                                 // lead30.go
	out = angryNotFond(text, out)                                                              // lead30.go
	out = moveReasonDenied(text, speaker, at, out)                                             // lead31.go
	out = studyOwn(text, speaker, at, out)                                                     // lead31.go
	out = ownAnniversary(text, speaker, at, out)                                               // lead31.go
	out = sigOther(text, speaker, at, out)                                                     // lead31.go
	out = fromWork(text, speaker, at, out)                                                     // lead31.go
	out = tastes31(text, speaker, at, out)                                                     // tastes31.go
	out = events31(text, speaker, at, out)                                                     // events31.go
	out = plans31(text, speaker, at, out)                                                      // plans31.go
	out = owns31(text, speaker, at, out)                                                       // owns31.go
	out = owns32(text, speaker, at, out)                                                       // owns32.go
	out = plans32(text, speaker, at, out)                                                      // plans32.go
	out = tastes32(text, speaker, at, out)                                                     // tastes32.go
	out = kin32(text, speaker, at, out)                                                        // kin32.go
	out = events33(text, speaker, at, out)                                                     // events33.go
	out = plans33(text, speaker, at, out)                                                      // plans33.go
	out = tastes33(text, speaker, at, out)                                                     // tastes33.go
	out = tastes34(text, speaker, at, out)                                                     // tastes34.go
	out = likes34(text, speaker, at, out)                                                      // likes34.go
	out = plans34(text, speaker, at, out)                                                      // plans34.go
	out = events34(text, speaker, out)                                                         // events34.go
	out = owns34(text, speaker, at, out)                                                       // owns34.go
	out = plans35(text, speaker, at, out)                                                      // plans35.go
	out = work35(text, speaker, at, out)                                                       // work35.go
	out = homes35(text, speaker, out)                                                          // homes35.go
	out = kin35(text, speaker, at, out)                                                        // kin35.go
	out = owns35(text, speaker, at, out)                                                       // owns35.go
	out = tastes35(text, speaker, at, out)                                                     // tastes35.go
	out = events35(text, speaker, out)                                                         // events35.go
	out = likes35(text, speaker, at, out)                                                      // likes35.go
	out = wishes35(text, speaker, at, out)                                                     // wishes35.go
	out = precision34(text, speaker, out)                                                      // precision34.go
	out = precision35(text, speaker, out)                                                      // precision35.go
	out = trimOwnedTail(speaker, out)                                                          // lead31.go
	out = trimChatTail(out)                                                                    // lead30.go
	return stamped(nested(out), speaker, at)
}

// stamped gives every fact the turn's speaker and, when a rule set no date
// of its own, the turn's time: a few rules built their facts bare ("come
// visit me in Osaka" was valid from year 1 and said by no one, so it was
// the oldest version on its chain and no restatement joined it).
func stamped(out []Fact, speaker string, at time.Time) []Fact {
	for i := range out {
		if out[i].Speaker == "" {
			out[i].Speaker = speaker
		}
		if out[i].ValidFrom.IsZero() {
			out[i].ValidFrom = at
		}
	}
	return out
}

// pastTaste reports whether text puts the liking of claim in the past
// only: "We also enjoyed exploring nature", "Exploring nature was my
// escape", "when we were 10 we were really into skateboarding". "I've
// always loved strategy games" and "I loved it and still do" are not.
func pastTaste(text, claim string) bool {
	lt, lc := strings.ToLower(text), strings.ToLower(claim)
	i := strings.Index(lt, lc)
	if i < 0 || strings.Contains(lt, "still") {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(claim); unicode.IsUpper(r) && (!isGerund(strings.Fields(lc)[0]) || titleCase(claim)) {
		return false // "I loved "Piranesi"", "I loved "Becoming Nicole"": a work read and loved is a taste still
	}
	before, after := lt[:i], lt[i+len(lc):]
	if k := strings.LastIndexAny(before, ".!?;"); k >= 0 {
		before = before[k+1:] // the claim's own sentence
	}
	if locs := pastLikeRE.FindAllStringIndex(before, -1); locs != nil {
		m := locs[len(locs)-1]
		if !presentLikeRE.MatchString(before[m[1]:]) {
			return !strings.HasSuffix(strings.TrimSpace(before[:m[0]]), "always") && !haveBeforeRE.MatchString(before[:m[0]])
		}
	}
	return pastIsRE.MatchString(after)
}

// titleCase reports whether every word of a claim of two or more words
// starts with a capital ("Becoming Nicole").
func titleCase(claim string) bool {
	ws := strings.Fields(claim)
	if len(ws) < 2 {
		return false
	}
	for _, w := range ws {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

var (
	// pastLikeRE: a past verb of liking in the claim's sentence before
	// it, with no present one after it.
	pastLikeRE    = regexp.MustCompile(`\b(?:enjoyed|loved|liked|adored|(?:was|were)\s+(?:really\s+|so\s+|super\s+|totally\s+)?(?:into|obsessed\s+with|passionate\s+about))\b`)
	presentLikeRE = regexp.MustCompile(`\b(?:love|loves|like|likes|enjoy|enjoys|adore|adores|am|'m|is|are|'re)\b`)
	haveBeforeRE  = regexp.MustCompile(`(?:'ve|\bhave|\bhas|'s|\bhad)(?:\s+\w+)?\s*$`)
	// pastIsRE begins just after the claim: "… was my escape".
	pastIsRE = regexp.MustCompile(`^\s+(?:was|were)\s+(?:my|our|a|an|the|so|such|always)\b`)
)

// hookedOn reads a liking said with no object of its own about the works
// the turn names: "I'm playing "The Witcher 3"! … I'm totally hooked",
// "Harry Potter and Game of Thrones are amazing - I'm totally hooked!".
// The works are the quoted titles, or else the names before "is/are
// amazing"; nothing when the turn asks or denies.
func hookedOn(text, speaker string, at time.Time, have []Fact) []Fact {
	t := captionRE.ReplaceAllString(text, "")
	if !hookedRE.MatchString(t) || negRE.MatchString(hookedRE.FindString(t)) {
		return nil
	}
	var works []string
	for _, m := range quotedTitleRE.FindAllStringSubmatch(t, -1) {
		works = append(works, m[1])
	}
	if len(works) == 0 {
		if m := namesAmazingRE.FindStringSubmatch(t); m != nil {
			works = exampleSepRE.Split(m[1], -1)
		}
	}
	var out []Fact
	for _, w := range works {
		w = strings.TrimSpace(w)
		if w == "" || len(strings.Fields(w)) > 6 || lexNames.has(w) && !strings.Contains(w, " ") {
			continue // one given name is a person, not a work
		}
		dup := false
		for _, f := range have {
			dup = dup || preference(f.Predicate) && strings.EqualFold(f.Claim, w)
		}
		if !dup {
			out = append(out, Fact{Subject: speaker, Predicate: "likes", Claim: w, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confPref - 4, Speaker: speaker})
		}
	}
	return out
}

var (
	// hookedRE: a liking with no object: "I'm totally hooked!", "I'm
	// obsessed!", not "hooked on X" (read by the rules).
	hookedRE       = regexp.MustCompile(`(?i)\b(?:i'm|i\s+am|we're|i've\s+been|i\s+got)\s+(?:(?:so|totally|completely|really|super|already|just|now)\s+)*(?:not\s+)?(?:hooked|obsessed|addicted)\s*(?:[!.,;-]|$)`)
	quotedTitleRE  = regexp.MustCompile(`"([^"]{2,60})"`)
	namesAmazingRE = regexp.MustCompile(`((?:\p{Lu}[\p{L}\w'-]*(?:\s+(?:of|the|and|\p{Lu}[\p{L}\w'-]*))*)(?:\s*(?:,|and|&)\s*\p{Lu}[\p{L}\w'-]*(?:\s+(?:of|the|\p{Lu}[\p{L}\w'-]*))*)*)\s+(?:is|are)\s+(?:so\s+|really\s+|just\s+)?(?:amazing|awesome|great|incredible|fantastic|the\s+best)\b`)
)

// namedExamples splits a taste that names its examples: "playing strategy
// games like Civilization and Total War" is a liking of strategy games, of
// Civilization and of Total War. Only names and titles (a capital or a
// digit first) are examples; "games like you do" stays one claim.
func namedExamples(out []Fact) []Fact {
	var add []Fact
	for i, f := range out {
		if f.Predicate != "likes" && f.Predicate != "dislikes" {
			continue
		}
		loc := examplesRE.FindStringIndex(f.Claim)
		if loc == nil || loc[0] == 0 {
			continue
		}
		head, tail := strings.TrimSpace(f.Claim[:loc[0]]), f.Claim[loc[1]:]
		var names []string
		for _, e := range exampleSepRE.Split(tail, -1) {
			e = strings.Trim(e, ` "'.!`)
			if e == "" {
				continue
			}
			r, _ := utf8.DecodeRuneInString(e)
			if !unicode.IsUpper(r) && !unicode.IsDigit(r) || len(strings.Fields(e)) > 5 {
				names = nil
				break
			}
			names = append(names, e)
		}
		if len(names) == 0 || len(strings.Fields(head)) == 0 {
			continue
		}
		out[i].Claim = head
		for _, n := range names {
			g := f
			g.Claim = n
			add = append(add, g)
		}
	}
	return append(out, add...)
}

var (
	examplesRE   = regexp.MustCompile(`\s+(?:like|such\s+as|especially|including)\s+`)
	exampleSepRE = regexp.MustCompile(`\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+`)
)

// nested drops a fact whose claim is a part of another claim the turn gives
// the same subject under the same predicate, kind and polarity (not a
// taste: "passionate about fashion trends … my love for dance and fashion"
// likes both): "my clothing store … starting my own store" is one store,
// the clothing store; "watching our pets play … my dog" has the dog, and
// "pets" says no more than it.
func nested(out []Fact) []Fact {
	if len(out) < 2 {
		return out
	}
	same := func(a, b Fact) bool {
		return memhive.Canon(a.Subject) == memhive.Canon(b.Subject) && a.Predicate == b.Predicate &&
			a.Kind == b.Kind && a.Polarity == b.Polarity && !preference(a.Predicate)
	}
	drop := make([]bool, len(out))
	for i, f := range out {
		for j, g := range out {
			if i == j || drop[j] || !same(f, g) {
				continue
			}
			a, b := strings.Fields(strings.ToLower(f.Claim)), strings.Fields(strings.ToLower(g.Claim))
			if f.Predicate == "has_pet" && j < i && petKind[strings.ToLower(f.Claim)] != "" && petKind[strings.ToLower(f.Claim)] == petKind[strings.ToLower(g.Claim)] {
				drop[i] = true // "a pup … the dog": one kind of pet, said twice
				break
			}
			if len(a) < len(b) && containsRun(b, a) ||
				f.Predicate == "has_pet" && genericPets[strings.ToLower(f.Claim)] && !genericPets[strings.ToLower(g.Claim)] {
				drop[i] = true
				break
			}
		}
	}
	kept := out[:0]
	for i, f := range out {
		if !drop[i] {
			kept = append(kept, f)
		}
	}
	return kept
}

// containsRun reports whether the words of part occur in whole, in order
// and next to each other.
func containsRun(whole, part []string) bool {
	for i := 0; i+len(part) <= len(whole); i++ {
		if slices.Equal(whole[i:i+len(part)], part) {
			return true
		}
	}
	return false
}

// petKind puts the words for one kind of pet together.
var petKind = map[string]string{"dog": "dog", "dogs": "dog", "pup": "dog", "pups": "dog", "puppy": "dog", "puppies": "dog",
	"doggy": "dog", "doggies": "dog", "doggo": "dog", "doggos": "dog", "pooch": "dog", "pooches": "dog",
	"cat": "cat", "cats": "cat", "kitty": "cat", "kitties": "cat", "kitten": "cat", "kittens": "cat"}

// genericPets name pets without saying which: a turn that names the dog or
// the cat says more.
var genericPets = setOf(`pet pets animal animals babies furbabies fur-babies critters`)

// noPetsRE: the speaker says they have no pet.
var noPetsRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:don't|do\s+not|didn't|never)\s+(?:have|own|had|owned)\s+(?:any\s+|a\s+)?(?:pets?|animals?)\b|\bno\s+pets\b`)

// notATaste reports whether a liked claim is a quality of something just
// shown ("I love the color and texture", "the Miami vibe") or a clause
// read past its end ("my love for improving my skills keep me going"):
// nothing a person would write down as the speaker's taste.
//
// A cause the speaker cares about ("passionate about veterans and their
// rights", "sustainability") is no taste either, as the labelled sets
// leave it; nor is a bare activity word that names no pastime ("I like
// playing for fun", "practicing", "a new hobby", "exploring options").
func notATaste(claim string) bool {
	lc := strings.ToLower(strings.TrimSpace(claim))
	if vagueTastes[lc] || strings.HasSuffix(lc, " ever") {
		return true
	}
	if strings.Contains(lc, " for good") {
		return true // "using tech for good": a cause
	}
	for _, w := range strings.Fields(lc) {
		w = strings.Trim(w, `"',.!;:`)
		if qualityNouns[w] || finiteVerbs[w] || causeWords[w] {
			return true
		}
	}
	return false
}

// qualityOfRE opens a claim with a quality of what follows: "the rush of
// awesome cars", "the energy of live music".
var qualityOfRE = regexp.MustCompile(`(?i)^(?:the\s+)?(?:rush|energy|thrill|vibe|vibes|atmosphere|sound|taste|smell|feel|beauty)\s+of\s+(?:the\s+)?`)

var (
	qualityNouns = setOf(`color colors colour colours texture textures energy vibe vibes theme themes atmosphere design designs detail details shape shapes pattern patterns lighting composition mood scenery connection structure rush`)
	finiteVerbs  = setOf(`keep keeps kept makes began begins is are was were gives helps brings`)
	causeWords   = setOf(`rights sustainability infrastructure equality justice advocacy awareness inclusion policy policies reform`)
	vagueTastes  = map[string]bool{"playing": true, "practicing": true, "practising": true, "learning": true, "working": true,
		"trying": true, "new hobby": true, "new hobbies": true, "pushing myself": true, "exploring options": true,
		"playing for fun": true, "challenging myself": true}
)

// personWord reports whether claim is a relative or someone of one's life
// ("mom", "my kids", "the boss"): a relation word the relation rules know
// (relations) or a kinship word.
func personWord(claim string) bool {
	w := strings.ToLower(strings.TrimSpace(claim))
	for _, p := range []string{"my ", "our ", "the ", "his ", "her ", "their "} {
		w = strings.TrimPrefix(w, p)
	}
	return relations[w] != "" || relations[singular(w)] != "" || lexKinship.has(w) || lexKinship.has(singular(w))
}

var (
	// jokeRE: a sentence taken back as a joke; jokeOnlyRE, a next
	// sentence that does only that ("I quit! jk").
	jokeRE     = regexp.MustCompile(`(?i)\b(?:jk|j/k|just\s+kidding|just\s+joking)\b|\s/s\s*$`)
	jokeOnlyRE = regexp.MustCompile(`(?i)^\s*(?:(?:lol|lmao|haha+)\s+)?(?:jk|j/k|just\s+kidding|just\s+joking|kidding)\b[\s.!?]*(?:lol|lmao|haha+)?[\s.!?\p{So}]*$`)
	// sarcasmRE: an eye-roll or a stock phrase says a liking is not
	// meant ("I just love meetings 🙄", "I love Mondays, said no one
	// ever", "Oh yeah, I love traffic. Yeah right.").
	sarcasmRE = regexp.MustCompile(`🙄|🙃|😒|\s/s\s*$|(?i)\bsaid\s+no\s*(?:one|body)\s+ever\b|\byeah,?\s+right\b`)
	captionRE = regexp.MustCompile(`\s*\[shares? a photo:[^\]]*\]`)
	// Quoted speech: what someone else said is not the speaker's claim.
	quotedRE = regexp.MustCompile(`(?i)\b(?:said|says|say|told me|tells me|asked|asks|goes|went|like),?\s*"[^"]*"`)
	// Unquoted reported speech of someone else: "He was like, I'm a huge
	// coffee lover", "my mom said, I love this place".
	reportedRE = regexp.MustCompile(`(?:\b(?i:he|she|they|my\s+[a-z]+)|\b\p{Lu}\p{Ll}+)\s+(?i:was\s+like|is\s+like|were\s+like|'s\s+like|said|says|goes|told\s+me|tells\s+me),\s*[^.!?\n]*`)
	// a line break ends a sentence too ((?m): $ before each \n), so a line
	// without end punctuation is read, not dropped
	sentenceRE = regexp.MustCompile(`(?m)[^.!?\n]+(?:[.!?]+|$)`)
	// two words of three letters or more joined by a slash
	slashPairRE = regexp.MustCompile(`\b[A-Za-z]{3,}/[A-Za-z]{3,}\b`)
)

// clean normalises quotes, drops captions and quoted speech, and joins
// abbreviations that would split a sentence. Some twenty passes of
// TurnFacts clean the same turn, so the last few results are kept
// (cleaned); clean is a function of its text alone.
func clean(text string) string {
	if c, ok := cleaned.get(text); ok {
		return c
	}
	c := cleanText(text)
	cleaned.put(text, c)
	return c
}

// cleaned holds clean's last results.
var cleaned = &memo{}

// memo is a small cache of string results for a pure function of a
// string, safe for concurrent use: a ring of the last memoSize keys. A
// slot not yet filled holds "" for "", which clean gives too.
type memo struct {
	mu   sync.Mutex
	keys [memoSize]string
	vals [memoSize]string
	next int
}

const memoSize = 8

func (m *memo) get(k string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := range m.keys {
		if m.keys[i] == k {
			return m.vals[i], true
		}
	}
	return "", false
}

func (m *memo) put(k, v string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys[m.next], m.vals[m.next] = k, v
	m.next = (m.next + 1) % memoSize
}

// quoteFolder makes chat's typographic quotes, ellipsis and no-break
// space plain.
var quoteFolder = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`, "…", "...", "\u00a0", " ")

func cleanText(text string) string {
	text = quoteFolder.Replace(text)
	text = captionRE.ReplaceAllString(text, "")
	// "yoga/meditation": chat's slash between two words is "and".
	text = slashPairRE.ReplaceAllStringFunc(text, func(m string) string {
		a, b, _ := strings.Cut(m, "/")
		if la, lb := strings.ToLower(a), strings.ToLower(b); la == "and" || lb == "or" || la == "he" || la == "she" || la == "his" || la == "him" {
			return m // "and/or", "he/she"
		}
		return a + " and " + b
	})
	// "an assistant manager- it's like a stepping stone": a dash typed
	// against the word before it is the pause " - ", not a hyphen.
	// Not a hyphen left hanging before "and", "or", "to" ("pre- and
	// post-war", "two- to three-day").
	text = gluedDashRE.ReplaceAllStringFunc(text, func(m string) string {
		if strings.HasSuffix(m, "and") || strings.HasSuffix(m, "or") || strings.HasSuffix(m, "to") {
			return m
		}
		word, _, _ := strings.Cut(m, "-")
		return word + " - " + m[len(word)+1:]
	})
	text = quotedRE.ReplaceAllString(text, "")
	text = reportedRE.ReplaceAllStringFunc(text, func(m string) string {
		switch strings.Fields(m)[0] {
		case "We", "So", "Then", "And", "But", "Also", "Just", "Still":
			return m // "We went, and I loved it": the speaker's own clause
		}
		return ""
	})
	for _, a := range []string{"Mr.", "Mrs.", "Ms.", "Dr.", "St.", "Jr.", "Sr."} {
		text = strings.ReplaceAll(text, a, strings.TrimSuffix(a, "."))
	}
	// "flying out april 3 😱 leaving st lukes": in emoji-heavy chat an
	// emoji between words ends what was said before it.
	// After a word that needs what follows ("a 👩‍⚕️ nurse", "at 🍎 Apple")
	// the emoji is dropped instead.
	if strings.ContainsFunc(text, isEmoji) {
		text = emojiMidRE.ReplaceAllStringFunc(text, func(x string) string {
			m := emojiMidRE.FindStringSubmatch(x)
			if emojiJoins[strings.ToLower(m[1])] {
				return m[1] + " " + m[3]
			}
			return m[1] + m[2] + ". " + m[3]
		})
	}
	return text
}

// emojiMidRE: a run of emoji between words, with the word before it.
var emojiMidRE = regexp.MustCompile(`([\p{L}\p{N}'’]*)([ \t]*[\p{So}\x{FE0F}\x{200D}\x{1F3FB}-\x{1F3FF}]+(?:[ \t]*[\p{So}\x{FE0F}\x{200D}\x{1F3FB}-\x{1F3FF}]+)*)[ \t]+([\p{L}\p{N}])`)

// emojiJoins are words an emoji after them does not end the sentence at.
var emojiJoins = setOf(`a an the my our your his her their at to in on of for with as from by new`)

// gluedDashRE: a dash typed against the word before it, with a space after.
var gluedDashRE = regexp.MustCompile(`\p{L}{2,}-[ \t]+(?:(?:and|or|to)\b)?`)

func isEmoji(r rune) bool { return unicode.Is(unicode.So, r) }

func sentences(text string) []string { return sentenceRE.FindAllString(text, -1) }

// lowerASCII lowers A–Z only, so that an index found in the result is an
// index in s ("\xff" and some capitals change length in strings.ToLower).
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// statements yields sents, each trimmed, that are neither a question nor a
// condition: what the plan rules read a turn for.
func statements(sents []string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, s := range sents {
			s = strings.TrimSpace(s)
			if strings.HasSuffix(s, "?") || condRE.MatchString(s) {
				continue
			}
			if !yield(s) {
				return
			}
		}
	}
}

// tasteStatements yields each of sents that is neither empty nor a
// question, with the sentence before it (any sentence, "" for the first):
// what the taste rules read, the one before for what "it" or "they"
// names.
func tasteStatements(sents []string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i, s := range sents {
			if s == "" || strings.HasSuffix(s, "?") {
				continue
			}
			prev := ""
			if i > 0 {
				prev = sents[i-1]
			}
			if !yield(prev, s) {
				return
			}
		}
	}
}

// trimmedSentences is the cleaned text's sentences, each trimmed.
func trimmedSentences(text string) []string {
	sents := sentences(clean(text))
	for i := range sents {
		sents[i] = strings.TrimSpace(sents[i])
	}
	return sents
}

var (
	loneIRE         = regexp.MustCompile(`\bi\b`)
	contractRE      = regexp.MustCompile(`(?i)\b(i|we|you|they|he|she|it|that|there)(m|re|ve|ll|d|s)\b`)
	bareContrRE     = regexp.MustCompile(`(?i)\b(dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|havent|hasnt|couldnt|wouldnt|shouldnt)\b`)
	imRE            = regexp.MustCompile(`(?i)\b(im|ive|ill|id)\b`)
	dropIRE         = regexp.MustCompile(`(?i)^(?:(?:just|finally|recently|also|actually|literally|basically|still|currently)\s+)*(?:(?:still|currently)\s+teaching\s|grew\s+up|was\s+born|born|moved|started|quit|adopted|retired|graduated|got\s+(?:married|engaged|divorced|promoted|hired|transferred|laid\s+off|accepted)|(?:living|working|studying)\s+(?:in|at|as|for|from)\b)\b`)
	gerundLeadRE    = regexp.MustCompile(`(?i)^(?:(?:just|finally|recently|also|actually|literally|basically|still|currently)\s+)*(?:living|working|studying|teaching)\b`)
	gerundSubjectRE = regexp.MustCompile(`(?i)\b(?:must|is|was|would|will|sounds|seems|looks|can|could|has\s+been|gets|got|made|makes|helps|helped)\b`)
	dropIAfterRE    = regexp.MustCompile(`(?i)(,\s+)((?:grew\s+up|born|moved|(?:living|working|studying)\s+(?:in|at|as|for|from))\b)`)
	bareKinRE       = regexp.MustCompile(`(?i)(^|[.!?;]\s+|,\s+|\b(?:but|so|cause|because|bc|tho)\s+)(mum|mom|mommy|mummy|dad|daddy|mam|mamma|pappa|grandma|grandpa|granny|gran|nan|oma|opa|nonna|nonno|abuela|abuelo|babcia|yiayia|husband|hubby|wife|wifey|(?-i:lola|lolo|mama|papa|nana))\s+(is|was|has|had|will|would|can|could|says|said|called|calls|texted|hates|loves|likes|thinks|thought|made|makes|cooked|cooks|asked|told|keeps|sent|sends|got|gets|came|comes|went|goes|just|still|always|never|used|wants|wanted|lives|lived|works|worked|passed|died|moved|cried|cries|laughed|helped|helps|already)\b`)
	parentsPlaceRE  = regexp.MustCompile(`\b((?:at|to|from)\s+my\s+(?:mum|mom|mam|dad|nan|gran|grandma|grandpa|nana))s\b`)
	idIllRE         = regexp.MustCompile(`\b(?:id\s+(?:rather|love|like|say|never|probably|better|prefer|hate|go|be|do)|ill\s+(?:be|do|have|go|get|see|call|text|send|try|make|take|bring|check|let|tell|ask|come|never|probably|definitely|just|still|need|pick|think|show|start|miss))\b`)
	settlementInRE  = regexp.MustCompile(`(?i)\b((?:town|city|village|suburb|county|area|part|farm)\s+(?:in|of|near|outside|outside\s+of))\s+([a-z][a-z.\-']*(?:\s+[a-z][a-z.\-']*){0,2})`)
	placeRunRE      = regexp.MustCompile(`(?i)\b(in|to|from|near|at|visit|visited|visiting|of)\s+((?:the\s+)?[a-z][a-z.\-']*(?:\s+[a-z][a-z.\-']*){0,3})`)
	nameIsRE        = regexp.MustCompile(`(?i)\b(my\s+(?:full\s+)?name\s+is|my\s+nick\s?name\s+is|my\s+name's|call\s+me|(?:his|her|its)\s+name\s+is|(?:his|her|its)\s+name's|named(?:\s+(?:him|her|it))?|(?:my|our)\s+[a-z]+'s\s+name\s+is)\s+([a-z][a-z\-']*(?:\s+[a-z][a-z\-']*){0,2})`)
)

// startsLower reports whether s's first letter is a lower-case one.
func startsLower(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return unicode.IsLower(r)
		}
	}
	return false
}

// restoreCase gives an all-lower-case sentence the capitals the rules read
// names by: "i" → "I", contractions without apostrophes, known place
// names after a preposition ("berlin" → "Berlin", "the netherlands" →
// "the Netherlands"), a name after "my name is", and a known given name
// that starts the sentence before a verb ("bob called me" → "Bob").
// Sentences with capitals of their own are left as written, unless their
// writer leaves "i" or the first letter in lower case.
func restoreCase(s string) string {
	s = imRE.ReplaceAllStringFunc(s, func(m string) string {
		switch strings.ToLower(m) {
		case "im":
			return "I'm"
		case "ive":
			return "I've"
		}
		return m // "ill", "id" are words
	})
	// ... except before a verb: "id rather die", "ill be there".
	if strings.Contains(s, "id ") || strings.Contains(s, "ill ") {
		s = idIllRE.ReplaceAllStringFunc(s, func(m string) string {
			if strings.ToLower(m[:2]) == "id" {
				return "I'd" + m[2:]
			}
			return "I'll" + m[3:]
		})
	}
	s = bareContrRE.ReplaceAllStringFunc(s, func(m string) string { return m[:len(m)-1] + "'t" })
	// A writer who leaves "i" or a sentence's first letter in lower case
	// writes in lower case, whatever names they capitalise: "i live in
	// berlin and my sister Ana works at Siemens" still has its places and
	// names to restore.
	hasCaps := false
	lowerWriter := loneIRE.MatchString(s) || startsLower(s)
	for i, r := range s {
		if lowerWriter {
			break
		}
		if unicode.IsUpper(r) && i > 0 && !(r == 'I' && (i+1 == len(s) || !unicode.IsLetter(rune(s[i+1])))) {
			hasCaps = true
			break
		}
	}
	s = loneIRE.ReplaceAllString(s, "I")
	// "grew up in Marseille", "born in Groningen, grew up in Assen":
	// chat drops the "I" of a life event at the start of a sentence.
	if dropIRE.MatchString(s) && !(gerundLeadRE.MatchString(s) && gerundSubjectRE.MatchString(s)) {
		s = dropIRE.ReplaceAllStringFunc(s, dropI)
		s = dropIAfterRE.ReplaceAllStringFunc(s, func(x string) string {
			sub := dropIAfterRE.FindStringSubmatch(x)
			return sub[1] + dropI(sub[2])
		})
	}
	s = dropIAfterEvent(s) // "Been up and down lately, got married last week" (lead31.go)
	// "dad hates flying", "Mum will be in the front row": a parent or
	// grandparent said with no "my" is the speaker's. Words that are also
	// given names (lola, lolo, mama, papa, nana) only in lower case: "Lola
	// works at Google" is Lola.
	if mayBareKin(s) {
		// "call mom", "remind me to text dad": a request names the
		// speaker's own parent (session 31).
		s = callKinRE.ReplaceAllString(s, "${1}my ${2}")
		s = bareKinRE.ReplaceAllStringFunc(s, func(x string) string {
			if i := strings.Index(s, x); i >= 0 && namedAsRE.MatchString(s[i+len(x):]) {
				return x // "Nan is my coworker": a name
			}
			return bareKinRE.ReplaceAllString(x, "${1}my ${2} ${3}")
		})
	}
	if ws := strings.Fields(s); len(ws) > 1 && lexNames.has(ws[0]) && thirdVerbs[strings.ToLower(strings.Trim(ws[1], ",."))] {
		s = titleWord(ws[0]) + s[len(ws[0]):]
	}
	if hasCaps {
		return s
	}
	// "at my mums": a parent's place, not two mothers.
	s = parentsPlaceRE.ReplaceAllString(s, "${1}'s")
	// "in a small town in ohio": the first run takes the second "in";
	// the place after a settlement's word is read apart first.
	s = settlementInRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := settlementInRE.FindStringSubmatch(m)
		if p, ok := placeWithCapitals(strings.Fields(sub[2]), true); ok {
			return sub[1] + " " + p
		}
		return m
	})
	s = placeRunRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := placeRunRE.FindStringSubmatch(m)
		words := strings.Fields(sub[2])
		lead := ""
		if strings.ToLower(words[0]) == "the" {
			lead, words = "the ", words[1:]
		}
		prep := strings.ToLower(sub[1])
		if p, ok := placeWithCapitals(words, prep != "at" && prep != "of"); ok {
			return sub[1] + " " + lead + p
		}
		return m
	})
	s = myNameRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := myNameRE.FindStringSubmatch(m)
		rel := strings.ToLower(sub[2])
		known := lexNames.has(sub[3])
		if _, ok := relations[rel]; !ok && !isPet(rel) || !known && !unknownWord(sub[3]) || stopLower[strings.ToLower(sub[3])] {
			return m
		}
		next := strings.ToLower(sub[5])
		if next == "are" {
			// "me and my brother kofi are driving down": a plural verb
			// follows a name only when the name ends a pair (session 29).
			if i := strings.Index(s, m); i >= 0 && andBeforeRE.MatchString(s[:i]) {
				next = "is"
			}
		}
		if next != "" && !thirdVerbs[next] && !nameFollow[next] || !known && next == "" {
			return m // a word no list knows is a name only before a verb ("my husband matteo works …")
		}
		return sub[1] + titleWord(sub[3]) + sub[4]
	})
	s = nameIsRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := nameIsRE.FindStringSubmatch(m)
		// A pet's or another's name ("her name is luna", "named him max")
		// is only a word of the names lexicon: "her name is still up for
		// debate", "named him pretty quickly" name nothing.
		lead := strings.ToLower(sub[1])
		if strings.Contains(lead, "nick") {
			// "my nickname is bee": one word, said last ("my nickname is
			// pretty dumb", "still bee" name none)
			ws := strings.Fields(sub[2])
			w := strings.ToLower(ws[0])
			if stopLower[w] || notNickname[w] || strings.HasSuffix(w, "ly") && !lexNames.has(w) || len(ws) > 1 && !stopLower[strings.ToLower(ws[1])] && !chatTail[strings.ToLower(ws[1])] {
				return m
			}
			return sub[1] + " " + titleWord(ws[0]) + strings.TrimPrefix(sub[2], ws[0])
		}
		petName := (!strings.HasPrefix(lead, "my") || strings.Contains(lead, "'s name")) && !strings.HasPrefix(lead, "call")
		// A pet's kind just before "named" or in "my dog's name is" says a
		// name follows ("a cat named whiskers", "my dog's name is
		// buddy"), a word of the names lexicon or not.
		petSaid := petBeforeName(s, m, lead)
		if first := strings.ToLower(strings.Fields(sub[2])[0]); !petName && (notAName[first] || notNickname[first]) {
			return m // "my name is pretty common", "call me crazy": no name
		}
		var ws []string
		for _, w := range strings.Fields(sub[2]) {
			if stopLower[w] || petName && !lexNames.has(w) && (!petSaid || notAName[w] || notNickname[w] || strings.HasSuffix(w, "ly")) {
				break
			}
			ws = append(ws, titleWord(w))
			if petName {
				break
			}
		}
		if len(ws) == 0 {
			return m
		}
		return sub[1] + " " + strings.Join(ws, " ") + strings.TrimPrefix(sub[2], strings.Join(strings.Fields(sub[2])[:len(ws)], " "))
	})
	return s
}

// namedAsRE: after "<kin word> is", what makes the word a name.
var namedAsRE = regexp.MustCompile(`(?i)^\s*(?:my|a|an|\d+)\b`)

// mayBareKin is a cheap test before bareKinRE: the sentence holds one of
// its words.
func mayBareKin(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"mum", "mom", "dad", "mam", "gran", "nan", "oma", "opa", "pap", "lol", "non", "abu", "babc", "yiay", "husb", "hubb", "wife"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// callKinRE: a parent or grandparent to be called or written to, said with
// no "my": "call mom", "remind me to text dad tonight".
var callKinRE = regexp.MustCompile(`(?i)(^(?:(?:please|pls|plz|ok|okay|and|also|then)\s+)*(?:remind\s+me\s+to\s+|i\s+(?:need|have|want)\s+to\s+|gotta\s+|(?:i'll|ill|i\s+will|i\s+should)\s+)?(?:call|text|ring|phone|message|email|facetime|visit)\s+)(mum|mom|mam|dad|grandma|grandpa|granny|gran|nan|nana)\b`)

// pronounLeadRE: "She's …", "he just moved …" opening a sentence.
var pronounLeadRE = regexp.MustCompile(`^((?:(?i:and|also|oh|btw)\s+)?)((?i:she|he))('s\s+got|'s|\s+is|\s+was|\s+has|\s+loves|\s+likes|\s+hates|\s+lives|\s+works|\s+studies|\s+just|\s+moved|\s+got|\s+started|\s+wants)\b`)

// pronounVerb is the verb after a pronoun replaced by a name: "'s" is
// "is" ("She's studying" → "Deniz is studying"), "'s got" "has got".
func pronounVerb(v string) string {
	switch strings.ToLower(v) {
	case "'s":
		return " is"
	case "'s got":
		return " has got"
	}
	return v
}

// onlyNamedRelative is the name of the one relative or friend the facts so
// far name ("my cousin Deniz"), or "" when they name none or several.
func onlyNamedRelative(out []Fact, speaker string) string {
	name := ""
	for _, f := range out {
		if f.Subject != speaker || predFamily(f.Predicate) != "relation" || f.Polarity != Positive ||
			strings.Contains(f.Claim, "'s ") || !isCapital(f.Claim) {
			continue
		}
		if name != "" && name != f.Claim {
			return ""
		}
		name = f.Claim
	}
	return name
}

// tagStart finds where a question put after a statement may start: the
// last comma, or the last dash set off by spaces ("got married last week -
// how about you?"), whichever comes later. i is where the statement ends,
// j where the question starts; i is -1 when there is neither.
func tagStart(s string) (i, j int) {
	i = strings.LastIndex(s, ",")
	j = i + 1
	for _, d := range []string{" - ", " – ", " — "} {
		if k := strings.LastIndex(s, d); k > i {
			i, j = k, k+len(d)
		}
	}
	return i, j
}

// pronounFits reports whether "he" or "she" (any case) may stand for name,
// whom out gives the speaker as a relative: "she" is not "my brother
// Tomas". A relation that says no sex (friend, cousin) fits either.
func pronounFits(out []Fact, speaker, name, pronoun string) bool {
	p := strings.ToLower(pronoun)
	for _, f := range out {
		if f.Subject == speaker && f.Claim == name && f.Polarity == Positive {
			if g := relGender[f.Predicate]; g != "" && g != p {
				return false
			}
		}
	}
	return true
}

// onlyIntroduced is the one person the sentences name as someone new
// ("her name is Aoife", "a guy named Tevita"), or "" for none or several.
func onlyIntroduced(sents []string) string {
	name := ""
	for _, s := range sents {
		for _, m := range introducedRE.FindAllStringSubmatch(s, -1) {
			if name != "" && name != m[1] {
				return ""
			}
			name = m[1]
		}
	}
	if name == "" || lexPlaces.has(name) || isStopName(name) {
		return ""
	}
	return name
}

// introducedRE names someone new: "her name is Aoife", "a guy named
// Tevita", "this girl called Mara".
var introducedRE = regexp.MustCompile(`(?:\b(?i:her|his)\s+(?i:name\s+is|name's)|\b(?i:a|this|some)\s+(?i:guy|girl|woman|man|boy|lady|bloke|dude|friend|colleague|coworker|co-worker|neighbou?r)\s+(?i:named|called))\s+(\p{Lu}\p{Ll}+)\b`)

// dropI gives a life event said without its subject its "I": "grew up in"
// → "I grew up in", "born in" → "I was born in", "living in" → "I'm living
// in" (a gerund only before where, and not as the subject of a verb:
// "Working on cars helps me relax", "Working for Google must be amazing").
func dropI(x string) string {
	lx := strings.ToLower(x)
	switch {
	case strings.Contains(lx, "born"):
		return "I was " + x
	case strings.Contains(lx, "living"), strings.Contains(lx, "working"), strings.Contains(lx, "studying"), strings.Contains(lx, "teaching"):
		return "I'm " + x // "also living in Berlin" → "I'm also living in Berlin"
	}
	return "I " + x
}

// placeWithCapitals gives words with their longest leading run that is a
// place of the lexicon (not a common one) written as the lexicon writes
// it, the rest after it ("new york city hall" → "New York city hall"), or
// false when they start with no place.
//
// A common one is taken only where travel words put it (afterTravel: after
// "to", "in", "from", "near", "visit…") and only if chat rarely means the
// ordinary word there (placeAfterTravel): "going to japan", "from china",
// but never "in reading", "to mobile", "set of china".
func placeWithCapitals(words []string, afterTravel bool) (string, bool) {
	for n := len(words); n >= 1; n-- {
		cand := strings.Join(words[:n], " ")
		if w, ok := lexPlaces[strings.ToLower(cand)]; ok && len(cand) > 3 &&
			(!lexCommonPlaces.has(cand) || afterTravel && placeAfterTravel[strings.ToLower(cand)]) {
			return strings.TrimSpace(w + " " + strings.Join(words[n:], " ")), true
		}
		if w, ok := lexCities[strings.ToLower(cand)]; ok && len(cand) > 3 && afterTravel {
			return strings.TrimSpace(w + " " + strings.Join(words[n:], " ")), true // "in porto alegre": a town only where travel words put it
		}
	}
	return "", false
}

// placeAfterTravel are the common places (lexicon/common_places.txt) that
// chat means as places after a travel word: countries and cities whose
// ordinary word (lacquer, porcelain, a bird) nobody travels to or lives in.
var placeAfterTravel = setOf(`japan china chile morocco turkey shanghai oxford phoenix savannah cork limerick
	wellington anchorage boulder buffalo flagstaff cologne bologna tangier muscat madras`)

// petBeforeName reports whether the naming m in s is of a pet said just
// before it: "a cat named …", "my dog's name is …".
func petBeforeName(s, m, lead string) bool {
	if strings.HasSuffix(lead, "'s name is") {
		ws := strings.Fields(lead)
		return len(ws) > 1 && isPet(strings.TrimSuffix(ws[1], "'s"))
	}
	if !strings.HasPrefix(lead, "named") {
		return false
	}
	i := strings.Index(s, m)
	if i < 0 {
		return false
	}
	ws := strings.Fields(s[:i])
	return len(ws) > 0 && isPet(strings.ToLower(ws[len(ws)-1]))
}

// notAName are words after "my name is" or "call me" that start no name:
// "call me crazy, but …", "call me maybe", "my name is a long story", and
// the function words ("my name is on the list"; session 34).
var notAName = setOf(`crazy maybe old old-fashioned anytime later back whatever anything sometime lucky biased naive paranoid
	cynical skeptical sceptical sentimental picky lazy a an the tomorrow tonight if when what impressed jealous obsessed
	ignorant stupid dumb silly weird boring basic extra totally honestly basically probably definitely seriously obviously
	clearly kinda sorta on in at to of for with from by up out off over under about into onto upon not no yes so too very
	just also still here there that this it`)

// notNickname are words after "my nickname is" that say what it is like,
// not what it is; chatTail, words chat ends a sentence with.
var (
	notNickname = setOf(`pretty kinda kind so still really very quite super just literally weird embarrassing dumb silly funny cute long short hard easy lame stupid cool hilarious complicated unique something like not also too actually`)
	chatTail    = setOf(`btw lol haha lmao though tho now`)
)

func titleWord(w string) string {
	r := []rune(w)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// stopLower are words that end a lower-case name run.
var stopLower = map[string]bool{"and": true, "but": true, "so": true, "i": true, "im": true, "i'm": true, "by": true,
	"the": true, "way": true, "from": true, "in": true, "at": true, "nice": true, "to": true, "meet": true, "you": true,
	"after": true, "because": true, "for": true, "who": true, "which": true, "a": true, "an": true}

// myNameRE: a relative or a pet named after "my" in a lower-case
// sentence ("my sister jo just moved to cork", "my dog luna is 3"): the
// word is a name when the names lexicon holds it and what follows is the
// end, a comma, "and", or a verb a subject takes (thirdVerbs, nameFollow),
// so "my brother will call" keeps its "will".
var myNameRE = regexp.MustCompile(`(?i)(\bmy\s+(?:(?:best|little|big|older|younger|baby|eldest|oldest|youngest|twin|new|late)\s+)?([a-z]+)\s+)(\p{L}+)((?:\s+(?:just|also|still|recently|finally|really|actually))?(?:\s+([a-z']+)|\s*[,.!?]|\s*$))`)

// andBeforeRE ends the words before a pair's second member: "me and ".
var andBeforeRE = regexp.MustCompile(`(?i)\b(?:and|&|n)\s+$`)

// unknownWord reports whether a lower-case word is none that SCOWL's
// lower-case list (common.txt) or the hand lists of chat know, and so may
// be a name written in lower case ("my husband matteo", "my son lwazi";
// session 26). Three letters at least, letters only.
func unknownWord(w string) bool {
	lw := strings.ToLower(w)
	if len([]rune(lw)) < 3 || strings.IndexFunc(lw, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return false
	}
	return !lexCommon().has(lw) && !stopLower[lw] && !chatTail[lw] && !notNickname[lw] && !notAName[lw] &&
		!isStopName(w) && !isPlace(titleWord(lw)) && !lexNationalities.has(lw) && !isPet(lw) && !lexKinship.has(lw)
}

// nameFollow are words that may follow a name said after "my <relative>"
// besides thirdVerbs.
var nameFollow = setOf(`and is was has had lives works moved loves likes hates turned turns started got gets
	knocked came comes went goes can could will would reckons reckoned thinks thought wants wanted needs does did
	makes made takes took texted called calls told asked bought drives drove cooks cooked plays played runs ran owns
	studies teaches taught lost left found keeps kept helps helped sends sent`)

// thirdVerbs follow a third-person subject; a known given name before one
// at the start of a lower-case sentence is a name.
var thirdVerbs = map[string]bool{"called": true, "calls": true, "texted": true, "said": true, "says": true, "lives": true,
	"lived": true, "works": true, "worked": true, "moved": true, "is": true, "was": true, "visited": true, "came": true,
	"went": true, "loves": true, "likes": true, "has": true, "got": true, "wrote": true, "told": true, "'s": true}

var clauseRE = regexp.MustCompile(`(?i)\s*(?:;|\s[-–—]\s|—|–|,?\s+but\s+|,\s+so\s+)\s*|` +
	`,?\s+(?:and|because|since|cause|'cause|cuz|coz|bc|as|when|after|before|so|while|though|although|tho|plus)\s+` +
	`((?:i|we|i'm|we're|i've|we've|i'll|we'll|i'd|we'd|my|our)\b)|` +
	`[,:]\s+((?:i|we|i'm|we're|i've|we've|i'll|we'll|i'd|we'd)\b)|` +
	// "left the council in april, moved to rotorua for it": a move with its
	// "I" left out starts a clause of its own
	`,\s+((?:just\s+|then\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+|over\s+|out\s+|up\s+|down\s+)?to\b)`)

// besidesRE: "Besides writing, I also enjoy …", "apart from hiking, we
// also love …": what is set beside the liking is liked too (only with
// "also", which says so).
var besidesRE = regexp.MustCompile(`(?i)^(?:besides|apart\s+from|aside\s+from|other\s+than|in\s+addition\s+to)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}),\s+(i|we)\s+(?:also|too)\s+((?:really\s+)?(?:love|enjoy|like|adore))\s+`)

// atHeartRE: "I'm a volunteer at heart", "a kid at heart": what one is
// like, not a job or a place.
var atHeartRE = regexp.MustCompile(`(?i)\bat\s+heart\b`)

// hereInRE: "here in <place>".
var hereInRE = regexp.MustCompile(`(?i)\bhere\s+in\b`)

// noWayRE: "No way I'm going to Denver": what follows is denied.
var noWayRE = regexp.MustCompile(`(?i)^(?:there's\s+|there\s+is\s+)?no\s+way\b|^hell\s+no\b`)

// ifAfterRE finds a condition after the main verb of a clause; ifAfter
// leaves out the words before "if" that ask rather than set a condition
// ("see if", "even if").
var ifAfterRE = regexp.MustCompile(`(?i)\b([\w']+)\s+(?:if|unless)\s+[\w']`)

var notCondBefore = setOf(`even only as see ask asked asking wonder wondering wondered know knew check checking decide sure what`)

func ifAfter(cl string) bool {
	for _, m := range ifAfterRE.FindAllStringSubmatch(cl, -1) {
		if !notCondBefore[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

// notSureRE: "Not really sure I like my job", "I'm not sure we'll move":
// what follows is in doubt, neither said nor denied.
var notSureRE = regexp.MustCompile(`(?i)^(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?:still\s+)?not\s+(?:really\s+|quite\s+|so\s+|too\s+|entirely\s+|totally\s+)?sure\b`)

// besidesDet: a phrase after "besides" starting so is a thing spoken of,
// not a pastime.
var besidesDet = setOf(`the a an my our your his her their this that these those some all any its work school`)

// markerRE is a discourse marker starting a clause ("Definitely, …",
// "Therefore, chilling with friends …", "For me, taking my dogs for a walk
// …": "for me" only with its comma).
// "Not much," / "not really," / "not yet," answer a question and are stripped only
// with their comma (or alone): "Not really sure I like my job" keeps its
// negation.
var markerRE = regexp.MustCompile(`(?i)^\s*(?:(?:not\s+much|nothing\s+much|not\s+a\s+lot|not\s+too\s+much|not\s+really|not\s+yet|not\s+at\s+all|not\s+really\s+no|no\s+not\s+yet)(?:\s*,\s*|\s*$)|(?:not\s+gonna\s+lie|not\s+going\s+to\s+lie|ngl|to\s+be\s+honest|tbh|no\s+worries|definitely|yeah|yes|yep|yup|well|honestly|oh|so|and|but|also|plus|actually|anyway|btw|by the way|haha|lol|wow|totally|absolutely|sure|true|exactly|right|okay|ok|hey|hi|hello|thanks|thank you|cool|nice|awesome|great|therefore|besides|luckily|thankfully|fortunately|unfortunately|sadly|personally|basically|in fact|of course|anyways),?\s+|for\s+me\s*,\s*)`)

// clauses cuts a sentence at clause boundaries. A conjunction or comma
// before a first-person subject starts a new clause ("I don't live in
// Berlin anymore, we moved to Lisbon").
func clauses(s string) []string {
	var out []string
	last := 0
	for _, m := range clauseRE.FindAllStringSubmatchIndex(s, -1) {
		end := m[1]
		if m[2] >= 0 {
			end = m[2] // keep the new subject
		} else if m[4] >= 0 {
			end = m[4]
		} else if m[6] >= 0 {
			end = m[6] // keep the verb
		}
		out = append(out, s[last:m[0]])
		last = end
	}
	out = append(out, s[last:])
	var keep []string
	for _, c := range out {
		for {
			t := markerRE.ReplaceAllString(c, "")
			if t == c {
				break
			}
			c = t
		}
		if c = strings.TrimSpace(c); c != "" {
			keep = append(keep, c)
		}
	}
	return keep
}
