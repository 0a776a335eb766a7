package extract

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memhive/memhive/category"
)

// Pastimes returns the pastimes a turn says its speaker took part in, alone
// or with others ("we went camping", "I'm off to go swimming with the
// kids", "my kids and I just finished another painting", "I've been
// taking a pottery class"), each once, by its activity noun ("camping",
// "swimming", "painting", "pottery"), in the order the turn names them.
//
// One mention is not a fact: a one-off outing is not what a person writes
// down about someone. The close pass keeps the mentions and makes a
// `pastime` fact of one that the same person has spoken of in two or more
// sessions (closer.pastimes). So this reader aims at what was done, not at
// what was liked: a clause that is a question, negated, wished, planned,
// conditional or said of someone else ("you", "he", "she", "they" nearer
// than "I" or "we") gives nothing.
func Pastimes(text string) []string {
	var out []string
	for _, s := range sentences(clean(text)) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") {
			continue
		}
		ws := ptWords(s)
		if pastimeBlocked(ws) {
			continue
		}
		for i := range ws {
			p, ok := pastimeAt(ws, i)
			if n, ok := pastimeName[p]; ok {
				p = n
			}
			if !ok || !firstPersonBefore(ws, i) || slices.Contains(out, p) {
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

// ptWords splits a sentence into lower-case words; an apostrophe's
// contraction stays with its word ("i'm", "don't"), other marks go.
func ptWords(s string) []string {
	s = strings.ToLower(strings.ReplaceAll(s, "’", "'"))
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-')
	})
}

// pastimeBlocked reports a sentence that does not say a pastime was taken
// part in: negated, modal, wished, planned or conditional.
func pastimeBlocked(ws []string) bool {
	for i, w := range ws {
		switch {
		case pastimeStop[w], strings.HasSuffix(w, "n't"), strings.HasSuffix(w, "'ll"), strings.HasSuffix(w, "'d"):
			return true
		case w == "going" && i+1 < len(ws) && ws[i+1] == "to", w == "about" && i+1 < len(ws) && ws[i+1] == "to":
			return true // "I'm going to go camping", "about to start painting": not yet done
		}
	}
	return false
}

// pastimeStop are words that make a sentence something other than a
// pastime taken part in.
var pastimeStop = setOf(`not no never nor cannot if unless would could should might may must will shall wish wishes
	want wants wanted wanting wanna gonna hope hoping hoped plan plans planning planned thinking considering tomorrow next
	someday sometime maybe perhaps used try trying cant dont didnt havent hasnt wont isnt wasnt`)

// firstPersonBefore reports whether the nearest subject pronoun before ws[i]
// in its sentence is "I" or "we".
func firstPersonBefore(ws []string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch w := ws[j]; w {
		case "i", "i'm", "i've", "im", "ive", "we", "we're", "we've", "me", "us":
			return true
		case "you", "you're", "you've", "he", "he's", "she", "she's", "they", "they're", "they've", "it", "it's",
			"that", "that's", "this", "who", "which", "someone", "somebody", "everyone", "everybody", "anyone",
			"people", "but", "though", "although", "while", "whereas":
			return false // someone else's, or another clause: "I take the bus, but biking sounds fun"
		}
	}
	// no subject before it: chat drops a first-person one ("Went camping
	// last weekend", "Did some yoga this morning", "Just finished another
	// painting")
	return droppedSubject[ws[0]] || len(ws) > 1 && (ws[0] == "just" || ws[0] == "finally" || ws[0] == "also") && droppedSubject[ws[1]]
}

// droppedSubject are the verbs a first-person sentence with its subject
// dropped starts with.
var droppedSubject = setOf(`went did took finished started spent been had tried got joined signed camped hiked painted
	swam skied surfed ran played`)

// pastimeAt reads a pastime at ws[i]: a pastime verb's gerund ("camping",
// "painting"), its past or present after the subject ("we camped", "I
// paint"), a pastime noun ("yoga", "pottery", "a hike"), or a class or
// lessons in something ("a poetry class").
func pastimeAt(ws []string, i int) (string, bool) {
	w := ws[i]
	if g, ok := pastimeGerund[w]; ok && !(i > 0 && aboutIt[ws[i-1]]) {
		if g == "running" && notRun(ws, i) {
			return "", false // "running late", "running a business", "ran into"
		}
		if i > 0 && gerundNotPastime[ws[i-1]] && !(i > 1 && madeThing[ws[i-2]]) {
			return "", false // "the painting you sent", "a drawing of"; not "finished another painting"
		}
		return g, true
	}
	if g, ok := pastimeVerb[w]; ok && i > 0 && subjectBefore(ws, i) {
		if g == "running" && notRun(ws, i) {
			return "", false
		}
		return g, true
	}
	if n, ok := pastimeNoun[w]; ok && !(i > 0 && othersOwn[ws[i-1]]) {
		return n, true // "a hike", "my yoga class"; not "your hike"
	}
	if playForms[w] {
		return played(ws, i+1)
	}
	if (w == "class" || w == "classes" || w == "lessons" || w == "course" || w == "workshop") && i > 1 {
		if a := ws[i-1]; ptClassSubject[a] {
			return a, true
		}
	}
	return "", false
}

// subjectBefore reports "I" or "we" right before ws[i], with at most two
// adverbs between ("we camped", "I still paint", "we often go hiking").
func subjectBefore(ws []string, i int) bool {
	for j, n := i-1, 0; j >= 0 && n <= 2; j, n = j-1, n+1 {
		switch ws[j] {
		case "i", "we":
			return true
		case "also", "still", "usually", "often", "always", "sometimes", "really", "just", "even", "both", "all",
			"finally", "actually", "recently", "regularly", "then":
			continue
		}
		return false
	}
	return false
}

// pastimeGerund are the gerunds and nouns of pastimes a person takes part in
// (the hobby and outing verbs of the other rules, less those that say as
// often what is not a pastime: reading a message, writing an email,
// playing a part, building a business, learning the ropes), each to its
// pastime's name.
var pastimeGerund = map[string]string{}

// pastimeVerb are the same pastimes' past and present forms, read only
// right after "I" or "we".
var pastimeVerb = map[string]string{}

func init() {
	for _, v := range strings.Fields(`paint:painted:paints draw:drew:draws:drawing cook:cooked:cooks bake:baked:bakes
		hike:hiked:hikes jog:jogged:jogs swim:swam:swims:swimming garden:gardened:gardens knit:knitted:knits:knitting
		crochet:crocheted:crochets sew:sewed:sews dance:danced:dances sing:sang:sings:singing meditate:meditated:meditates
		cycle:cycled:cycles bike:biked:bikes surf:surfed:surfs ski:skied:skis:skiing
		skate:skated:skates fish:fished:fishes sketch:sketched:sketches camp:camped:camps
		skateboard:skateboarded:skateboards snowboard:snowboarded:snowboards kayak:kayaked:kayaks:kayaking
		canoe:canoed:canoes:canoeing golf:golfed:golfs volunteer:volunteered:volunteers
		run:ran:runs:running sail:sailed:sails backpack:backpacked:backpacks bowl:bowled:bowls:bowling
		row:rowed:rows:rowing journal:journaled:journals:journaling photograph:photographed:photographs:photographing`) {
		parts := strings.Split(v, ":")
		base := parts[0]
		g := ""
		if len(parts) == 4 {
			g = parts[3]
		} else {
			g = gerundOf(base)
		}
		pastimeGerund[g] = g
		for _, f := range parts[1:3] {
			pastimeVerb[f] = g
		}
		if base != "row" && base != "bowl" && base != "journal" && base != "run" {
			pastimeVerb[base] = g // "we camp every summer", "I paint"; not "I box up", "we row", "I run a shop"
		}
	}
	for _, g := range strings.Fields(`gaming boxing climbing fishing hunting birdwatching stargazing snorkeling snorkelling
		rafting paddleboarding bouldering`) {
		pastimeGerund[g] = g
	}
	delete(pastimeVerb, "sang") // "I sang at a wedding" is an occasion as often as a pastime; the gerund stays
}

// aboutIt are words before a gerund that make it a topic or a prospect,
// not a pastime taken part in: "a guide to surfing", "looking forward to
// hiking", "the basics of sailing", "a book about fishing".
var aboutIt = setOf(`to of about on`)

// othersOwn are the possessives that make a pastime noun someone else's.
var othersOwn = setOf(`your his her their`)

// playForms are the forms of "play" that name a game, a sport or an
// instrument as a pastime: "we played basketball", "I play the guitar".
var playForms = setOf(`play played playing`)

// played reads what is played from ws[j]: past an article or a "game of",
// a sport, a game or an instrument (WordNet's, through the category
// table), or a kind of game chat names by two words.
func played(ws []string, j int) (string, bool) {
	for j < len(ws) && playFiller[ws[j]] {
		j++
	}
	if j >= len(ws) {
		return "", false
	}
	if j+1 < len(ws) {
		if two := ws[j] + " " + ws[j+1]; gamesPlayed[two] {
			return two, true
		}
	}
	w := ws[j]
	if category.Is(w, "sport") || category.Is(w, "game") || category.Is(w, "instrument") {
		return w, true
	}
	return "", false
}

// playFiller are words between "play" and what is played.
var playFiller = setOf(`a an the some my our more lots lot of game games round rounds match matches bit little`)

// gamesPlayed are kinds of game said in two words.
var gamesPlayed = map[string]bool{"video games": true, "board games": true, "card games": true, "computer games": true,
	"mobile games": true, "tabletop games": true}

// madeThing are verbs that make a painting or a drawing one's own work.
var madeThing = setOf(`finished made did completed started painted drew sketched on`)

// notRun reports a run at ws[i] that is not running: "running late",
// "running a business", "ran into"; "running a lot" is.
func notRun(ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	if (ws[i+1] == "a" || ws[i+1] == "an") && i+2 < len(ws) && (ws[i+2] == "lot" || ws[i+2] == "bit" || ws[i+2] == "little") {
		return false
	}
	return notRunning[ws[i+1]]
}

// notRunning are words after "running" that make it something else.
var notRunning = setOf(`late out low into errands a an the my our his her their its around behind short on away over
	through for things this that`)

// gerundNotPastime are words before a gerund that make it a thing, not an
// activity ("the painting", "a drawing", "that sketch").
var gerundNotPastime = setOf(`a an the this that these those his her their your its another one each`)

// pastimeNoun are pastimes said as nouns, each to its name.
var pastimeNoun = map[string]string{"hike": "hiking", "hikes": "hiking", "yoga": "yoga", "pilates": "pilates",
	"karate": "karate", "judo": "judo", "taekwondo": "taekwondo", "kickboxing": "kickboxing", "crossfit": "crossfit",
	"ballet": "ballet", "meditation": "meditation", "pottery": "pottery", "ceramics": "pottery", "origami": "origami",
	"calligraphy": "calligraphy", "woodworking": "woodworking", "gardening": "gardening", "archery": "archery",
	"fencing": "fencing", "gymnastics": "gymnastics", "zumba": "zumba", "jiu-jitsu": "jiu-jitsu", "aikido": "aikido",
	"photography": "photography", "improv": "improv", "marathon": "running", "marathons": "running",
	"triathlon": "triathlon", "triathlons": "triathlon", "campfire": "camping", "campsite": "camping"}

// pastimeName gives one name to a pastime said in several forms: "I
// meditate" and "my meditation", "a dance class" and "dancing", "a
// ceramics course" and "pottery", so their mentions count together.
var pastimeName = map[string]string{"meditating": "meditation", "dance": "dancing", "ceramics": "pottery",
	"jogging": "running", "cycling": "biking"}

// ptClassSubject are what a class, lessons or a course can be in and make
// a pastime ("a poetry class", "salsa lessons"), beyond the gerunds and
// nouns above.
var ptClassSubject = setOf(`poetry painting pottery art drawing writing dance dancing salsa ballet yoga cooking baking
	music guitar piano violin drums singing photography swimming surfing sewing knitting ceramics sculpture sculpting
	acting improv drama martial boxing kickboxing karate judo taekwondo climbing sailing spanish french italian german
	japanese chinese`)
