package extract

import (
	"regexp"
	"strings"
	"unicode"
)

// What a member says to an assistant is often not about the member: the
// text of a task ("proofread this: 'I have lived in Paris …'"), the words
// of a message to write ("write an email saying I'm sick"), a role to play
// ("act as my girlfriend") or a case to suppose ("assume I live in
// California"). The rules below take those out of a turn before it is read;
// what the member says of himself around them is kept ("help me write a
// toast for my brother Jake", "act as a travel agent. I want to go to
// Iceland").

// taskLead is what may come before the verb of a request: politeness,
// "can you", "help me".
const taskLead = `(?:(?:please|pls|plz|kindly|now|ok|okay|hey|so|also|and|then)[,!]?\s+)*` +
	`(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:help\s+me\s+(?:to\s+)?)?(?:please\s+)?`

// textOps are requests to work on a text given with them: what follows
// their colon or dash is that text, not the member's word.
// Verbs that also label a note in chat ("Edit: I meant Ohio", "Review: I
// loved it") count only with their object.
const textOps = `(?:translate|proofread|proof-read|proof\s+read|rewrite|re-write|rephrase|reword|paraphrase|improve|polish|summari[sz]e|shorten|condense|simplify|punctuate|spell-?check|convert|` +
	`(?:fix|correct|check|edit|review|continue|finish|format|grade|critique|analy[sz]e|explain|turn|make)\s+(?:this|these|that|it|my\s+[\w-]+|the\s+(?:following|grammar|spelling|text|sentence|paragraph)|following)|here(?:'s|\s+is)\s+(?:my|the|a)\s+(?:[\w-]+\s+)?(?:draft|essay|text|paragraph|letter|email|e-mail|message|story|poem|post|bio|resume|speech|article|notes|sentence|passage|paper|copy|script))`

// writeOps are requests to write something: its words in quotes, or after
// "saying", are the text asked for.
const writeOps = `(?:write|draft|compose|create|generate|prepare|make\s+up|come\s+up\s+with|send|text|email|e-mail|message|post|tweet|reply|respond|make)`

// sentStart is the start of a sentence.
const sentStart = `(?:^|[.!?]\s+|\n\s*)\s*`

var (
	// textOpColonRE: "Proofread this:", "Edit this for me -": the rest of
	// the turn is the text to work on.
	textOpColonRE = regexp.MustCompile(`(?i)` + sentStart + taskLead + textOps + `\b[^.!?\n:]{0,80}?(?::|\s[-–—]\s)`)
	// quotedTaskRE, quotedTaskRE1: a quote in a sentence that asks for
	// work on a text or for a text ("Translate "I have two dogs" into
	// German", "Write an ad: 'Our family has owned this farm …'").
	quotedTaskRE  = regexp.MustCompile(`(?i)(` + sentStart + taskLead + `(?:` + textOps + `|` + writeOps + `|how\s+do\s+(?:you|i)\s+say|tell\s+me\s+how\s+to\s+say|say)\b[^.!?\n"]*?)"[^"\n]*"`)
	quotedTaskRE1 = regexp.MustCompile(`(?i)(` + sentStart + taskLead + `(?:` + textOps + `|` + writeOps + `|how\s+do\s+(?:you|i)\s+say|tell\s+me\s+how\s+to\s+say|say)\b[^.!?\n"']*?[\s:])'[^'\n]+'`)
	// sayingRE: "Write a message to my sister telling her I'm moving to
	// Denver": the message is cut off, the sister stays.
	sayingRE = regexp.MustCompile(`(?i)(` + sentStart + taskLead + writeOps + `\b[^.!?\n]*?)\s+(?:saying|that\s+says|which\s+says|to\s+say|telling|to\s+tell|announcing|explaining|letting|informing)\b[^.!?\n]*`)
	// tellRE: "Tell my boss I'm running late": what is to be told.
	tellRE = regexp.MustCompile(`(?i)(` + sentStart + taskLead + `(?:tell|text|email|message|ask|let)\s+(?:my\s+[\w-]+|him|her|them|\p{Lu}\p{Ll}+)(?:\s+know)?)\s+(?:that\s+)?(?:i|i'm|i've|i'll|we|we're|we've|my)\b[^.!?\n]*`)
	// hypoRE: a sentence that sets a case to suppose ("Let's say I lived
	// in London", "Assume I live in California", "Pretend I'm allergic to
	// peanuts").
	hypoRE = regexp.MustCompile(`(?i)^(?:(?:let's|let\s+us|lets)\s+say|say\s+(?:that\s+)?(?:i|i'm|we|we're|my)|assume|assuming|pretend|supposing|hypothetically|picture\s+(?:this|me))\b`)
	// Role play: a part given to the assistant ("act as my girlfriend") or
	// taken by the member ("I am your first mate").
	roleSetupRE = regexp.MustCompile(`(?i)\b(?:pretend|act\s+(?:as|like)|role[- ]?play|let's\s+play\s+(?:a\s+game|pretend)|play\s+(?:the\s+(?:role|part)|a\s+game)|imagine\s+(?:you|we)|simulate|from\s+now\s+on|you\s+are\s+(?:now\s+)?(?:a|an|my)|you're\s+(?:now\s+)?(?:a|an|my)|in\s+this\s+(?:story|game|scenario))\b`)
	selfRoleRE  = regexp.MustCompile(`(?i)\bI(?:\s+am|'m)\s+your\b|\bI(?:'ll|\s+will)\s+be\s+(?:the|your|a)\b|\bI\s+play\s+(?:the|a)\b`)
	roleRelRE   = regexp.MustCompile(`(?i)(?:\bpretend\s+(?:to\s+be|you(?:'re|\s+are))|\bact\s+as|\brole[- ]?play\s+as|\bplay\s+the\s+(?:role|part)\s+of|\b(?:talk|speak|act|respond|answer|reply|write|text|behave)(?:\s+to\s+me)?\s+(?:like|as\s+if|as\s+though)\s+you(?:'re|\s+are|\s+were)|\byou(?:'re|\s+are)\s+now|\bfrom\s+now\s+on,?\s+you(?:'re|\s+are)|` + sentStart + `(?:please\s+)?be)\s+my\s+(?:best\s+|new\s+|loving\s+)?([\w-]+)`)
)

// rolePlay reports whether the turn is a role play in which the member is
// not speaking of himself: the assistant cast as a relative or partner of
// his ("act as my girlfriend", "talk to me like you're my best friend"), or
// the member cast in a part ("you are a pirate captain, I am your first
// mate").
func rolePlay(text string) bool {
	for _, m := range roleRelRE.FindAllStringSubmatch(text, -1) {
		if personWord(m[1]) {
			return true
		}
	}
	return roleSetupRE.MatchString(text) && selfRoleRE.MatchString(text)
}

// straightQuotes writes curly quotes straight, as the patterns above read them.
var straightQuotes = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`)

// dropTaskContent removes from a turn the text of a task it asks for.
func dropTaskContent(text string) string {
	text = straightQuotes.Replace(text)
	if loc := textOpColonRE.FindStringIndex(text); loc != nil {
		text = text[:loc[1]]
	}
	for _, re := range []*regexp.Regexp{quotedTaskRE, quotedTaskRE1} {
		for {
			t := re.ReplaceAllString(text, "$1")
			if t == text {
				break
			}
			text = t
		}
	}
	text = sayingRE.ReplaceAllString(text, "$1")
	text = tellRE.ReplaceAllString(text, "$1")
	// Whatever else is quoted in the first person is someone's words, not
	// the member's word about himself: a child's essay handed over to
	// check ("My daughter wrote this, can you check the grammar: "My
	// favourite animal is …""), a line of a song, what someone said.
	text = quotedFirstRE.ReplaceAllStringFunc(text, func(q string) string {
		if firstPersonQuote(q) {
			return `""`
		}
		return q
	})
	return singleQuotedFirst35(text) // the same in single quotes (precision35.go)
}

// firstPersonQuote reports whether a quoted passage is someone's words in
// the first person: five to 120 words, a first-person word among them, and
// not a title (mostlyCapitalised). Double quotes (dropTaskContent) and
// single quotes (singleQuotedFirst35) are blanked by it alike.
func firstPersonQuote(q string) bool {
	ws := strings.Fields(q)
	return len(ws) >= 5 && len(ws) <= 120 && firstWordRE.MatchString(q) && !mostlyCapitalised(ws)
}

// mostlyCapitalised reports whether most words of a quote start with a
// capital: a title ("Fly Me to the Moon"), not a sentence (titleCase in
// patterns.go wants every word capitalised, which "to the" is not).
func mostlyCapitalised(ws []string) bool {
	n := 0
	for _, w := range ws {
		if r := []rune(strings.Trim(w, `"'`)); len(r) > 0 && unicode.IsUpper(r[0]) {
			n++
		}
	}
	return 2*n > len(ws)
}

var (
	quotedFirstRE = regexp.MustCompile(`"[^"\n]+"`)
	firstWordRE   = regexp.MustCompile(`(?i)\b(?:i|i'm|i've|i'll|i'd|my|me|we|we're|our)\b`)
)
