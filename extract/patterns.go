package extract

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/memhive/memhive"
)

// Patterns is the default, deterministic Extractor: regular expressions and
// no model. Its zero value is ready to use; it holds no client of any kind,
// so it cannot make a network request.
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
				memhive.Canon(f.Claim) + "\x00" + f.Kind
			if f.Kind == "foresight" {
				key += "\x00" + f.ValidFrom.Format(time.DateOnly)
			}
			if i, ok := index[key]; ok {
				if !slices.Contains(out[i].EpisodeIDs, t.EpisodeID) {
					out[i].EpisodeIDs = append(out[i].EpisodeIDs, t.EpisodeID)
				}
				continue
			}
			f.EpisodeIDs = []string{t.EpisodeID}
			if f.Subject == t.Speaker && !named[t.Speaker] {
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
func TurnFacts(text, speaker string, at time.Time) []Fact {
	text = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`).Replace(text)
	var out []Fact
	seen := map[string]bool{}
	for _, s := range sentenceRE.FindAllString(text, -1) {
		s = strings.TrimSpace(s)
		if s == "" || strings.HasSuffix(s, "?") || hedgeRE.MatchString(s) {
			continue
		}
		s = cantStandRE.ReplaceAllString(s, "I hate")
		if negationRE.MatchString(s) || endedRE.MatchString(s) {
			continue
		}
		s = strings.TrimRight(s, ".!;: ")
		date, rest, hasDate := findDate(s, at)
		c := &sentence{speaker: speaker, at: at, date: date, hasDate: hasDate}
		for _, r := range rules {
			in := rest
			if r.raw {
				in = s
			}
			for _, m := range r.re.FindAllStringSubmatch(in, -1) {
				r.fn(c, m)
			}
		}
		for _, f := range c.facts {
			key := memhive.Canon(f.Subject) + "\x00" + f.Predicate + "\x00" + memhive.Canon(f.Claim)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, f)
		}
	}
	return out
}

var (
	sentenceRE  = regexp.MustCompile(`[^.!?\n]+[.!?]*`)
	hedgeRE     = regexp.MustCompile(`(?i)^\s*(?:if|maybe|perhaps|i think|i guess|i wonder|imagine|suppose|would|could|should)\b`)
	cantStandRE = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:can't|cannot|can not)\s+stand\b`)
	negationRE  = regexp.MustCompile(`(?i)\b(?:not|never|no longer|don't|doesn't|didn't|won't|isn't|aren't|wasn't|weren't|haven't|hasn't|can't|cannot|used to|anymore)\b`)
	endedRE     = regexp.MustCompile(`(?i)\b(?:died|passed away|ex-\w+|divorced|broke up|quit|left my job|was fired)\b`)
)

// sentence collects the facts of one sentence.
type sentence struct {
	speaker string
	at      time.Time
	date    time.Time
	hasDate bool
	facts   []Fact
}

// EntityKind says what a claim names, for the predicates whose claim is an
// entity of the graph (lives_in → place, works_at → organization, sister →
// person …); for the rest (likes, plans, age …) it is "" and no edge is made.
func EntityKind(pred string) string {
	switch pred {
	case "lives_in", "from", "travels_to", "works_in":
		return "place"
	case "works_at":
		return "organization"
	case "has_pet":
		return "animal"
	case "owns":
		return "thing"
	case "name", "manager", "married_to":
		return "person"
	}
	if _, ok := relations[pred]; ok {
		return "person"
	}
	return ""
}

func (c *sentence) add(subject, pred, claim, kind string, conf int) {
	subject, claim = strings.TrimSpace(subject), strings.TrimSpace(claim)
	if subject == "" || claim == "" {
		return
	}
	vf := c.at
	if kind == "foresight" && c.hasDate {
		vf = c.date
	}
	f := Fact{Subject: subject, Predicate: pred, Claim: claim, Kind: kind, ValidFrom: vf, Confidence: conf, Speaker: c.speaker}
	sk := "person"
	if pred == "is_a" {
		sk = "animal"
	}
	f.Entities = append(f.Entities, Entity{Name: subject, Kind: sk})
	if ek := EntityKind(pred); ek != "" {
		f.Entities = append(f.Entities, Entity{Name: claim, Kind: ek})
		f.Edges = append(f.Edges, Edge{Src: subject, Relation: pred, Dst: claim})
	}
	c.facts = append(c.facts, f)
}

func (c *sentence) world(subject, pred, claim string) { c.add(subject, pred, claim, "world", 70) }

func (c *sentence) plan(pred, claim string) { c.add(c.speaker, pred, claim, "foresight", 60) }

// Name runs: capitalised words, with a parenthesised nickname allowed
// ("Robert (Bob) Smith").
const nameRE = `[A-Z][\p{L}\-]*(?:'[A-Z][\p{L}]*)?(?:\s+(?:[A-Z][\p{L}\-]*|\([A-Z][\p{L}\-]*\)))*`

var (
	leadingName = regexp.MustCompile(`^` + nameRE)
	inName      = regexp.MustCompile(`\b(?:in|at)\s+(` + nameRE + `)`)
	stopWords   = map[string]bool{
		"I": true, "I'm": true, "My": true, "Our": true, "We": true, "The": true, "This": true, "That": true,
		"It": true, "He": true, "She": true, "They": true, "Next": true, "Last": true, "If": true, "And": true,
		"But": true, "So": true, "Hi": true, "Hello": true, "Hey": true, "Thanks": true, "What": true, "Do": true,
		"Sadly": true, "Honestly": true, "Yes": true, "No": true, "Today": true, "Tomorrow": true, "Also": true,
		"Well": true, "Oh": true, "Then": true, "There": true, "Here": true, "You": true, "A": true, "An": true,
	}
)

// name returns the name run at the start of s with stop words and dates
// trimmed off, or "".
func name(s string) string {
	n := leadingName.FindString(strings.TrimSpace(s))
	words := strings.Fields(n)
	for len(words) > 0 && isStopName(words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 || isStopName(words[0]) {
		return ""
	}
	return strings.Join(words, " ")
}

func isStopName(w string) bool {
	lw := strings.ToLower(w)
	_, mo := months[lw]
	_, wd := weekdays[lw]
	return stopWords[w] || (mo && len(lw) > 3) || wd
}

// place returns the place named at the start of s, or after "in"/"at"
// within it ("a small flat in Porto").
func place(s string) string {
	if n := name(s); n != "" {
		return n
	}
	if m := inName.FindStringSubmatch(cut(s)); m != nil {
		return name(m[1])
	}
	return ""
}

var (
	cutRE     = regexp.MustCompile(`(?i)\s*(?:[,;:(]|\s(?:and|but|because|since|so|when|though|although|which|who|while|as well)\s).*$`)
	articleRE = regexp.MustCompile(`(?i)^(?:a|an|the|some)\s+`)
)

// cut returns s up to the first clause boundary, without past or vague
// time expressions.
func cut(s string) string {
	s = cutRE.ReplaceAllString(" "+s+" ", "")
	s = pastDates.ReplaceAllString(s, "")
	return strings.TrimSpace(s)
}

// phrase is a cut claim without a leading article.
func phrase(s string) string {
	return strings.TrimSpace(articleRE.ReplaceAllString(cut(s), ""))
}

var orgCutRE = regexp.MustCompile(`\s+(?:as|in|on|for|near|since|with)\s.*$`)

// org returns the organisation at the start of s.
func org(s string) string {
	s = phrase(s)
	if n := name(s); n != "" {
		return n
	}
	return strings.TrimSpace(orgCutRE.ReplaceAllString(s+" ", ""))
}

var jobWords = map[string]bool{
	"nurse": true, "doctor": true, "teacher": true, "engineer": true, "developer": true, "designer": true,
	"manager": true, "lawyer": true, "architect": true, "photographer": true, "chef": true, "student": true,
	"scientist": true, "researcher": true, "accountant": true, "consultant": true, "writer": true, "artist": true,
	"musician": true, "pilot": true, "dentist": true, "pharmacist": true, "programmer": true, "analyst": true,
	"professor": true, "lecturer": true, "journalist": true, "editor": true, "farmer": true, "mechanic": true,
	"electrician": true, "plumber": true, "carpenter": true, "firefighter": true, "paramedic": true,
	"therapist": true, "psychologist": true, "translator": true, "baker": true, "waiter": true, "waitress": true,
	"cashier": true, "cook": true, "driver": true, "officer": true, "librarian": true, "vet": true,
	"veterinarian": true, "surgeon": true, "midwife": true, "entrepreneur": true, "founder": true, "ceo": true,
	"cto": true, "intern": true, "clerk": true, "secretary": true, "barista": true, "tutor": true, "coach": true,
	"trainer": true, "physiotherapist": true, "nanny": true, "actor": true, "actress": true, "director": true,
	"producer": true, "administrator": true, "economist": true, "banker": true, "broker": true, "student.": true,
}

// job reports whether the phrase names an occupation.
func job(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	last := ws[len(ws)-1]
	if jobWords[last] {
		return true
	}
	for _, suf := range []string{"ist", "eer", "grapher", "ician", "ologist"} {
		if strings.HasSuffix(last, suf) && len(last) > len(suf)+2 {
			return true
		}
	}
	return false
}

// relations maps a relation word to its relation key.
var relations = map[string]string{
	"sister": "sister", "brother": "brother", "sibling": "sibling", "wife": "wife", "husband": "husband",
	"partner": "partner", "boyfriend": "partner", "girlfriend": "partner", "fiance": "partner", "fiancé": "partner",
	"fiancée": "partner", "friend": "friend", "mother": "mother", "mom": "mother", "mum": "mother",
	"father": "father", "dad": "father", "son": "son", "daughter": "daughter", "child": "child",
	"colleague": "colleague", "coworker": "colleague", "co-worker": "colleague", "manager": "manager",
	"boss": "manager", "supervisor": "manager", "cousin": "cousin", "aunt": "aunt", "uncle": "uncle",
	"grandmother": "grandmother", "grandfather": "grandfather", "grandma": "grandmother", "grandpa": "grandfather",
	"niece": "niece", "nephew": "nephew", "neighbour": "neighbor", "neighbor": "neighbor", "roommate": "roommate",
	"flatmate": "roommate", "teammate": "colleague", "mentor": "mentor",
}

func relationAlternation() string {
	var ws []string
	for w := range relations {
		ws = append(ws, regexp.QuoteMeta(w))
	}
	// Longest first so "grandmother" wins over "mother".
	slices.SortFunc(ws, func(a, b string) int { return len(b) - len(a) })
	return `(` + strings.Join(ws, "|") + `)`
}

var pets = `(dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|bird|fish|horse|turtle|tortoise|guinea pig|snake|lizard|ferret|pony)`

func relKey(w string) string { return relations[strings.ToLower(w)] }

type rule struct {
	re  *regexp.Regexp
	raw bool // match the sentence with its date expression still in it
	fn  func(c *sentence, m []string)
}

func r(pattern string, fn func(c *sentence, m []string)) rule {
	return rule{re: regexp.MustCompile(pattern), fn: fn}
}

const (
	fp   = `(?i:\b(?:i|we))`                     // first person subject
	fpbe = `(?i:\b(?:i'm|i am|im|we're|we are))` // first person + be
	adv  = `(?i:\s+(?:now|currently|still|also|just|recently|finally|actually|really|absolutely))*`
	nm   = `\b(` + nameRE + `)` // a name
)

var rel = relationAlternation()

var rules = []rule{
	// Identity.
	r(`(?i:\bmy\s+(?:full\s+)?name\s+is)\s+(.+)`, func(c *sentence, m []string) {
		if n := name(m[1]); n != "" {
			c.add(c.speaker, "name", n, "world", 90)
		}
	}),
	r(`(?i:\b(?:i'm|i am|call me))\s+(`+nameRE+`)\s*(?:$|,|\band\b)`, func(c *sentence, m []string) {
		if n := name(m[1]); n != "" {
			c.add(c.speaker, "name", n, "world", 80)
		}
	}),
	r(`(?i:\b(?:i'm|i am|i turned|i just turned))\s+(\d{1,3})(?i:\s+years?\s+old|\s+y/?o)?\b`, func(c *sentence, m []string) {
		c.world(c.speaker, "age", m[1])
	}),
	{re: regexp.MustCompile(`(?i:\bmy\s+birthday\s+is\s+(?:on\s+)?(?:the\s+)?)(.+)`), raw: true, fn: func(c *sentence, m []string) {
		c.world(c.speaker, "birthday", cut(m[1]))
	}},

	// Home.
	r(fp+adv+`(?i:\s+(?:live|reside|am living|are living|have been living|live and work)|'m living|'re living|'ve been living)\s+(?i:in)\s+(.+)`, func(c *sentence, m []string) {
		if p := place(m[1]); p != "" {
			c.world(c.speaker, "lives_in", p)
		}
	}),
	r(fp+adv+`(?i:\s+(?:moved|relocated|settled))\s+(?i:to|in)\s+(.+)`, func(c *sentence, m []string) {
		if p := place(m[1]); p != "" {
			c.world(c.speaker, "lives_in", p)
		}
	}),
	r(fpbe+`(?i:\s+moving)\s+(?i:to)\s+(.+)`, func(c *sentence, m []string) {
		if p := place(m[1]); p != "" {
			c.add(c.speaker, "lives_in", p, "foresight", 60)
		}
	}),
	r(`(?:`+fpbe+`(?i:\s+(?:originally\s+)?from)|`+fp+`(?i:\s+(?:originally\s+)?come\s+from))\s+(.+)`, func(c *sentence, m []string) {
		if p := place(m[1]); p != "" {
			c.world(c.speaker, "from", p)
		}
	}),

	// Work.
	r(fp+adv+`(?i:\s+(?:work|am working|'m working|started working|started a (?:new )?job))\s+(?i:at|for)\s+(.+)`, func(c *sentence, m []string) {
		if o := org(m[1]); o != "" {
			c.world(c.speaker, "works_at", o)
		}
	}),
	r(fp+adv+`(?i:\s+(?:work|am working|'m working|started working)\b.*?\bas\s+(?:an?\s+)?)(.+)`, func(c *sentence, m []string) {
		c.world(c.speaker, "job_title", phrase(m[1]))
	}),
	r(fpbe+`(?i:\s+an?)\s+(.+)`, func(c *sentence, m []string) {
		p := phrase(m[1])
		j, at, _ := strings.Cut(p, " at ")
		if !job(j) {
			return
		}
		c.world(c.speaker, "job_title", j)
		if o := org(at); o != "" {
			c.world(c.speaker, "works_at", o)
		}
	}),
	r(`(?i:\b(?:i'm|i am|we're|we are)\s+married\s+to)\s+(`+nameRE+`)`, func(c *sentence, m []string) {
		if n := name(m[1]); n != "" {
			c.world(c.speaker, "married_to", n)
		}
	}),

	// Relationships, first person.
	r(`(?i:\b(?:my|our)\s+(?:(?:best|closest|good|old|older|younger|little|big|new|dear|twin)\s+)*)`+`(?i:`+rel+`)`+`\s*,?\s+(?i:(?:is\s+)?(?:called|named)\s+)?(`+nameRE+`)`, func(c *sentence, m []string) {
		if n := name(m[2]); n != "" {
			c.world(c.speaker, relKey(m[1]), n)
		}
	}),
	r(`(?i:\b(?:my|our)\s+(?:(?:best|closest|good|old|older|younger|little|big|new|dear|twin)\s+)*)`+`(?i:`+rel+`)`+`(?i:\s+is\s+(?:called\s+|named\s+)?)(`+nameRE+`)`, func(c *sentence, m []string) {
		if n := name(m[2]); n != "" {
			c.world(c.speaker, relKey(m[1]), n)
		}
	}),
	r(nm+`(?i:\s+is\s+(?:my|our)\s+(?:(?:best|closest|good|old|older|younger|little|big|new|dear|twin)\s+)*)`+`(?i:`+rel+`)`, func(c *sentence, m []string) {
		if n := name(m[1]); n != "" {
			c.world(c.speaker, relKey(m[2]), n)
		}
	}),
	// Relationships between others.
	r(`(?i:\bthe\s+)(?i:`+rel+`)(?i:\s+of\s+)(`+nameRE+`)(?i:\s+is\s+(?:called\s+|named\s+)?)(`+nameRE+`)`, func(c *sentence, m []string) {
		if a, b := name(m[2]), name(m[3]); a != "" && b != "" {
			c.world(a, relKey(m[1]), b)
		}
	}),
	r(nm+`'s\s+(?i:`+rel+`)\s*,?\s+(?i:(?:is\s+)?(?:called\s+|named\s+)?)(`+nameRE+`)`, func(c *sentence, m []string) {
		if a, b := name(m[1]), name(m[3]); a != "" && b != "" {
			c.world(a, relKey(m[2]), b)
		}
	}),
	r(nm+`(?i:\s+is\s+)(`+nameRE+`)'s\s+(?i:`+rel+`)`, func(c *sentence, m []string) {
		if a, b := name(m[1]), name(m[2]); a != "" && b != "" {
			c.world(b, relKey(m[3]), a)
		}
	}),

	// Third person.
	r(nm+adv+`(?i:\s+(?:lives|resides|is living))\s+(?i:in)\s+(.+)`, func(c *sentence, m []string) {
		if n, p := name(m[1]), place(m[2]); n != "" && p != "" {
			c.world(n, "lives_in", p)
		}
	}),
	r(nm+adv+`(?i:\s+(?:moved|relocated))\s+(?i:to)\s+(.+)`, func(c *sentence, m []string) {
		if n, p := name(m[1]), place(m[2]); n != "" && p != "" {
			c.world(n, "lives_in", p)
		}
	}),
	r(nm+`(?i:\s+(?:is\s+(?:originally\s+)?from|comes\s+from))\s+(.+)`, func(c *sentence, m []string) {
		if n, p := name(m[1]), place(m[2]); n != "" && p != "" {
			c.world(n, "from", p)
		}
	}),
	r(nm+adv+`(?i:\s+works)\s+(?i:at|for)\s+(.+)`, func(c *sentence, m []string) {
		if n, o := name(m[1]), org(m[2]); n != "" && o != "" {
			c.world(n, "works_at", o)
		}
	}),
	r(nm+adv+`(?i:\s+works\s+as\s+(?:an?\s+)?)(.+)`, func(c *sentence, m []string) {
		if n := name(m[1]); n != "" {
			c.world(n, "job_title", phrase(m[2]))
		}
	}),
	r(nm+`(?i:\s+is\s+an?)\s+(.+)`, func(c *sentence, m []string) {
		p := phrase(m[2])
		if j, _, _ := strings.Cut(p, " at "); job(j) {
			if n := name(m[1]); n != "" {
				c.world(n, "job_title", j)
			}
		}
	}),
	r(nm+adv+`(?i:\s+(?:loves|likes|enjoys|adores))\s+(.+)`, func(c *sentence, m []string) {
		if n, p := name(m[1]), phrase(m[2]); n != "" && p != "" {
			c.world(n, "likes", p)
		}
	}),
	r(nm+adv+`(?i:\s+(?:hates|dislikes|detests))\s+(.+)`, func(c *sentence, m []string) {
		if n, p := name(m[1]), phrase(m[2]); n != "" && p != "" {
			c.world(n, "dislikes", p)
		}
	}),

	// Preferences.
	r(fp+adv+`\s+(?i:(love|like|enjoy|adore|hate|dislike|detest|prefer))\s+(.+)`, func(c *sentence, m []string) {
		p := phrase(m[2])
		if p == "" || pronoun[strings.ToLower(strings.Fields(p)[0])] {
			return
		}
		switch strings.ToLower(m[1]) {
		case "hate", "dislike", "detest":
			c.world(c.speaker, "dislikes", p)
		case "prefer":
			p = regexp.MustCompile(`(?i)\s+(?:over|to|rather than|instead of)\s.*$`).ReplaceAllString(p, "")
			c.world(c.speaker, "prefers", p)
		default:
			c.world(c.speaker, "likes", p)
		}
	}),
	r(`(?i:\bmy\s+favou?rite\s+)(\w+)(?i:\s+is\s+)(.+)`, func(c *sentence, m []string) {
		if p := phrase(m[2]); p != "" {
			c.world(c.speaker, "favorite_"+strings.ToLower(m[1]), p)
		}
	}),
	r(fpbe+`(?i:\s+allergic\s+to)\s+(.+)`, func(c *sentence, m []string) {
		if p := phrase(m[1]); p != "" {
			c.world(c.speaker, "allergic_to", p)
		}
	}),

	// Possessions.
	r(fp+`(?i:\s+(?:have|got|adopted|own|'ve got|have got))\s+(?i:an?)\s+(?i:`+pets+`)(?i:\s+(?:named|called))\s+(`+nameRE+`)`, func(c *sentence, m []string) {
		if n := name(m[2]); n != "" {
			c.world(c.speaker, "has_pet", n)
			c.world(n, "is_a", strings.ToLower(m[1]))
		}
	}),
	r(`(?i:\b(?:my|our)\s+(?:(?:little|old|new|young)\s+)?)(?i:`+pets+`)\s*,?\s+(`+nameRE+`)`, func(c *sentence, m []string) {
		if n := name(m[2]); n != "" {
			c.world(c.speaker, "has_pet", n)
			c.world(n, "is_a", strings.ToLower(m[1]))
		}
	}),
	r(fp+`(?i:\s+own)\s+(.+)`, func(c *sentence, m []string) {
		if p := phrase(m[1]); p != "" {
			c.world(c.speaker, "owns", p)
		}
	}),

	// Plans and dates.
	r(`(?:`+fpbe+`|(?i:\b(?:i'll|i will|we'll|we will)))(?i:\s+(?:be\s+)?(?:going|flying|travell?ing|heading|driving|off|going back|returning))\s+(?i:to)\s+(`+nameRE+`)`, func(c *sentence, m []string) {
		if p := name(m[1]); p != "" {
			c.plan("travels_to", p)
		}
	}),
	r(`(?i:\b(?:i'll|i will|we'll|we will)\s+be\s+in)\s+(`+nameRE+`)`, func(c *sentence, m []string) {
		if p := name(m[1]); p != "" && c.hasDate {
			c.plan("travels_to", p)
		}
	}),
	r(fpbe+`(?i:\s+going\s+to)\s+([a-z].*)`, func(c *sentence, m []string) {
		p := cut(m[1])
		if articleRE.MatchString(p) {
			p = "go to " + p
		}
		if p != "" && !strings.HasPrefix(p, "be ") {
			c.plan("plans", p)
		}
	}),
	r(fpbe+`\s+(going\s+[a-z]+ing)\b`, func(c *sentence, m []string) { c.plan("plans", m[1]) }),
	r(fpbe+`\s+((?i:meeting|visiting|seeing|starting|taking|attending|hosting|celebrating|having|getting|running)\s+.+)`, func(c *sentence, m []string) {
		if p := cut(m[1]); p != "" && c.hasDate {
			c.plan("plans", p)
		}
	}),
	r(fp+`(?i:'ll|\s+will|\s+plan\s+to|\s+intend\s+to|'m\s+planning\s+to|\s+am\s+planning\s+to|'re\s+planning\s+to|\s+are\s+planning\s+to)\s+([a-z].*)`, func(c *sentence, m []string) {
		if p := cut(m[1]); p != "" && c.hasDate && !strings.HasPrefix(p, "be ") {
			c.plan("plans", p)
		}
	}),
	r(fp+`(?i:\s+(?:have|'ve got|have got))\s+(?i:an?)\s+(.*?(?i:appointment|meeting|interview|exam|flight|party|dinner|date|wedding|concert|game|match|class|check-up|checkup)(?:\s+with\s+`+nameRE+`)?)\b`, func(c *sentence, m []string) {
		if p := phrase(m[1]); p != "" {
			c.plan("plans", p)
		}
	}),
}

var pronoun = map[string]bool{"you": true, "it": true, "that": true, "this": true, "them": true, "him": true, "her": true, "to": true, "when": true, "how": true}
