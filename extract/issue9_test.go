package extract_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// want is one fact a person would write down: subject, predicate, claim,
// kind, polarity and, when it matters, the date it is valid from.
type want struct {
	s, p, c, kind, pol, from string
}

func (w want) String() string {
	return fmt.Sprintf("(%s, %s, %s, %s, %s%s)", w.s, w.p, w.c, w.kind, w.pol, map[bool]string{true: ", from " + w.from}[w.from != ""])
}

func got(f extract.Fact) want {
	return want{s: f.Subject, p: f.Predicate, c: f.Claim, kind: f.Kind, pol: f.Polarity}
}

const me = "member:alice"

func w(s, p, c string) want   { return want{s: s, p: p, c: c, kind: "world", pol: "positive"} }
func neg(s, p, c string) want { return want{s: s, p: p, c: c, kind: "world", pol: "negative"} }
func ev(s, p, c, from string) want {
	return want{s: s, p: p, c: c, kind: "experience", pol: "positive", from: from}
}
func fut(s, p, c, from string) want {
	return want{s: s, p: p, c: c, kind: "foresight", pol: "positive", from: from}
}

// TestIssue9Sentences is must-show 1 of issue 9: every sentence quoted
// under "What was found" gives what a person would write down, exactly
// (no fact more, none less), and the chit-chat gives no identity fact.
func TestIssue9Sentences(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct {
		text, speaker string
		want          []want
	}{
		// Coverage.
		{text: "i live in berlin", want: []want{w(me, "lives_in", "Berlin")}},
		{text: "I live in the Netherlands.", want: []want{w(me, "lives_in", "Netherlands")}},
		{text: "i'm from the netherlands and i work at philips",
			want: []want{w(me, "from", "Netherlands"), w(me, "works_at", "philips")}},
		{text: "My mom lives in Texas.",
			want: []want{w(me, "mother", "Alice's mother"), w("Alice's mother", "lives_in", "Texas")}},
		{text: "Omar, my neighbour, works at a bakery.",
			want: []want{w(me, "neighbor", "Omar"), w("Omar", "works_at", "bakery")}},
		{text: "Lost my job as a banker yesterday.",
			want: []want{ev(me, "lost_job", "banker", "2026-03-03"), neg(me, "job_title", "banker")}},
		{text: "It's been hard since I moved from my home country.",
			want: []want{ev(me, "moved_from", "home country", "")}},
		{text: "I don't live in Berlin anymore, we moved to Lisbon.",
			want: []want{neg(me, "lives_in", "Berlin"), w(me, "lives_in", "Lisbon"), {s: me, p: "moved", c: "Lisbon", kind: "experience", pol: "positive"}}},
		// a line break ends a sentence: a line without end punctuation is read
		{text: "I live in Tel Aviv\nI work at Intel", want: []want{w(me, "lives_in", "Tel Aviv"), w(me, "works_at", "Intel")}},
		{text: "We moved to Lisbon last month.", want: []want{{s: me, p: "lives_in", c: "Lisbon", kind: "world", pol: "positive", from: "2026-02-01"}, {s: me, p: "moved", c: "Lisbon", kind: "experience", pol: "positive", from: "2026-02-01"}}},

		// Chit-chat: no identity fact.
		{text: "I'm Italian and I love pasta", want: []want{w(me, "nationality", "Italian"), w(me, "likes", "pasta")}},
		{text: "I'm 30 minutes late", want: nil},
		{text: "I'm 100% sure", want: nil},
		{text: "I'm Good, thanks! I'm 100% sure", want: nil},
		{text: "My name is Alice Moreau. I am 34", want: []want{w(me, "name", "Alice Moreau"), w(me, "age", "34")}},

		// Alias must-show: each sentence names its people as entities.
		{text: "My brother Bob works at Siemens.",
			want: []want{w(me, "brother", "Bob"), w("Bob", "works_at", "Siemens")}},
		{text: "bob called me from Munich today.", want: []want{ev("Bob", "was_in", "Munich", "2026-03-04")}},
		{text: "Robert (Bob) Smith is visiting us next month.",
			want: []want{fut("Robert (Bob) Smith", "visits", me, "2026-04-01")}},

		// Tom: the same claim from two speakers, each the speaker's own.
		{text: "Tom lives in Amsterdam.", want: []want{w("Tom", "lives_in", "Amsterdam")}},
		{text: "Tom lives in Paris.", speaker: "person:bob", want: []want{w("Tom", "lives_in", "Paris")}},
		// Berlin, then Lisbon.
		{text: "I live in Berlin.", want: []want{w(me, "lives_in", "Berlin")}},
		{text: "We live in Lisbon now.", want: []want{w(me, "lives_in", "Lisbon")}},
		// Teacher, then nurse.
		{text: "I'm a teacher.", want: []want{w(me, "job_title", "teacher")}},
		{text: "I work as a nurse.", want: []want{w(me, "job_title", "nurse")}},
	} {
		speaker := tc.speaker
		if speaker == "" {
			speaker = me
		}
		facts := extract.TurnFacts(tc.text, speaker, at)
		var have []want
		for _, f := range facts {
			if f.Predicate == "is_a" {
				continue
			}
			g := got(f)
			if f.Speaker != speaker {
				t.Errorf("%q: fact %v has speaker %q, want %q", tc.text, g, f.Speaker, speaker)
			}
			if f.Confidence <= 0 || f.Confidence > 100 {
				t.Errorf("%q: fact %v has confidence %d", tc.text, g, f.Confidence)
			}
			for _, wf := range tc.want {
				if wf.s == g.s && wf.p == g.p && wf.c == g.c && wf.from != "" {
					g.from = f.ValidFrom.Format(time.DateOnly)
				}
			}
			have = append(have, g)
		}
		if !sameFacts(have, tc.want) {
			t.Errorf("%q:\n got  %v\n want %v", tc.text, have, tc.want)
		}
		for _, f := range facts {
			switch f.Predicate {
			case "name", "age", "gender", "birthday":
				if !slices.ContainsFunc(tc.want, func(x want) bool { return x.p == f.Predicate }) {
					t.Errorf("%q: identity fact %v from chit-chat", tc.text, got(f))
				}
			}
		}
	}
}

func sameFacts(a, b []want) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(x want) string { return strings.Join([]string{x.s, x.p, x.c, x.kind, x.pol, x.from}, "\x00") }
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		ka[i], kb[i] = key(a[i]), key(b[i])
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

// TestIssue9BobEntities shows what the alias pass gets from the three Bob
// sentences, each closed as its own session: person entities "Bob" (twice,
// one canon "bob") and "Robert (Bob) Smith", so nightly's containment rule
// can make "bob" an alias of "robert (bob) smith".
func TestIssue9BobEntities(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	persons := map[string]bool{}
	for i, text := range []string{"My brother Bob works at Siemens.", "bob called me from Munich today.",
		"Robert (Bob) Smith is visiting us next month."} {
		facts, err := extract.Patterns{}.Extract(context.Background(), extract.Session{Member: "alice", SessionID: fmt.Sprint("s", i),
			Channel: "web:chat", Turns: []extract.Turn{{EpisodeID: fmt.Sprint("e", i), Speaker: me, Role: "user", Text: text, At: at,
				Audience: []string{me}}}})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range facts {
			for _, e := range f.Entities {
				if e.Kind == "person" && !strings.Contains(e.Name, ":") {
					names = append(names, e.Name)
					persons[e.Name] = true
				}
			}
		}
		if len(names) == 0 {
			t.Errorf("%q: no person entity", text)
		}
	}
	for _, n := range []string{"Bob", "Robert (Bob) Smith"} {
		if !persons[n] {
			t.Errorf("no person entity %q among %v", n, persons)
		}
	}
}

// TestConfidenceFollowsTheRule: a fact carries the confidence of the rule
// that made it; an explicit identity statement outranks a loose reading.
func TestConfidenceFollowsTheRule(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	conf := func(text, pred string) int {
		for _, f := range extract.TurnFacts(text, me, at) {
			if f.Predicate == pred {
				return f.Confidence
			}
		}
		t.Fatalf("%q: no %s fact", text, pred)
		return 0
	}
	explicit, bare := conf("I am 34 years old.", "age"), conf("I am 34", "age")
	if explicit <= bare {
		t.Errorf("age: explicit %d should outrank bare %d", explicit, bare)
	}
	if a, b := conf("My name is Alice Moreau.", "name"), conf("I love pasta.", "likes"); a <= b {
		t.Errorf("name %d should outrank a preference %d", a, b)
	}
	if a, b := conf("I live in Berlin.", "lives_in"), conf("Tom lives in Berlin.", "lives_in"); a <= b {
		t.Errorf("first person %d should outrank third person %d", a, b)
	}
}

// TestPolarityAndModality: negation, hedges, wishes, questions, quoted
// speech and second person.
func TestPolarityAndModality(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		{"I might move to Lisbon.", nil},
		{"Maybe I'll get a dog.", nil},
		{"If I lived in Spain I would surf every day.", nil},
		{"Do you live in Berlin?", nil},
		{"You live in Berlin, right.", nil},
		{`My sister said "I live in Rome" yesterday.`, []want{w(me, "sister", "Alice's sister")}},
		{"I want to move to Lisbon.", []want{fut(me, "lives_in", "Lisbon", ""), fut(me, "plans", "move to Lisbon", "")}},
		{"I'd love to adopt a child someday.", []want{fut(me, "plans", "adopt a child", "")}},
		{"I'm planning to adopt a child next year.", []want{fut(me, "plans", "adopt a child", "2027-01-01")}},
		{"I don't like cilantro.", []want{w(me, "dislikes", "cilantro")}}, // a dislike, as a person writes it down
		{"I don't like cilantro anymore.", []want{neg(me, "likes", "cilantro")}},
		{"I used to like cilantro.", []want{neg(me, "likes", "cilantro")}},
		{"I'm not a fan of horror movies.", []want{w(me, "dislikes", "horror movies")}},
		{"I no longer work at Siemens.", []want{neg(me, "works_at", "Siemens")}},
		{"We got married last Saturday!", []want{ev(me, "married", "married", "2026-02-28")}},
		{"I graduated from MIT last week.", []want{ev(me, "graduated", "MIT", "2026-02-25")}},
		{"We adopted a puppy called Biscuit last month.", []want{w(me, "has_pet", "Biscuit"), ev(me, "adopted", "Biscuit", "2026-02-01")}},
		{"I started a new job at Spotify two weeks ago.",
			[]want{w(me, "works_at", "Spotify"), ev(me, "started_job", "Spotify", "2026-02-18")}},
	} {
		var have []want
		for _, f := range extract.TurnFacts(tc.text, me, at) {
			if f.Predicate == "is_a" {
				continue
			}
			g := got(f)
			for _, wf := range tc.want {
				if wf.s == g.s && wf.p == g.p && wf.c == g.c && wf.from != "" {
					g.from = f.ValidFrom.Format(time.DateOnly)
				}
			}
			have = append(have, g)
		}
		if !sameFacts(have, tc.want) {
			t.Errorf("%q:\n got  %v\n want %v", tc.text, have, tc.want)
		}
	}
}
