package extract

import (
	"reflect"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/locomo"
)

// TestPrefilterNeverSkipsAMatch: on real chat (LoCoMo turns, whole and
// sentence by sentence, as written and in lower case) every rule whose
// pattern matches a text passes the prefilter on it; and the extractor's
// facts on a tenth of the turns are the same with and without the
// prefilter.
func TestPrefilterNeverSkipsAMatch(t *testing.T) {
	samples, err := locomo.Load("")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	var turns []string
	n := 0
	for _, s := range samples {
		for _, tr := range s.Turns() {
			n++
			if n%10 == 0 {
				turns = append(turns, tr.Text)
			}
			if n%4 == 0 {
				texts = append(texts, tr.Text, strings.ToLower(tr.Text))
				texts = append(texts, sentences(clean(tr.Text))...)
			}
		}
	}
	filtered := 0
	for i, ru := range rules {
		if ruleNeeds()[i] == nil {
			continue
		}
		for _, s := range texts {
			low := strings.ToLower(s)
			if !mayMatch(i, low) {
				filtered++
				if ru.re.MatchString(s) {
					t.Fatalf("rule %d (%s) matches %q, but the prefilter (%q) skips it", i, ru.re, s, ruleNeeds()[i])
				}
			}
		}
	}
	if filtered == 0 {
		t.Fatal("the prefilter skipped no rule on any text: it is not working")
	}
	at := time.Date(2023, 5, 8, 13, 0, 0, 0, time.UTC)
	for _, text := range turns {
		with := TurnFacts(text, "person:caroline", at)
		prefilterOn = false
		without := TurnFacts(text, "person:caroline", at)
		prefilterOn = true
		if !reflect.DeepEqual(with, without) {
			t.Fatalf("%q: with the prefilter %+v, without %+v", text, with, without)
		}
	}
}

func TestNeed(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{`(?i:\bi\s+live\s+in\s+)(\w+)`, []string{"live"}}, // the longest part of a concatenation
		{`(?i:my\s+(?:brother|sister|mom))`, []string{"brother", "sister", "mom"}},
		{`(?:lives?|moved)\s+to`, []string{"live", "moved"}},
		{`(?i:i\s+(?:love|adore)?\s*(\w+))`, nil}, // an optional part needs nothing
		{`\d+`, nil},
		{`(?:ab|cd)`, []string{"ab", "cd"}}, // two letters still rule most text out ("im", "we")
		{`(?:a|bc)`, nil},                   // one letter rules nothing out
		{`Berlin`, []string{"berlin"}},
		{`(?i:café|bistro)`, nil}, // a non-ASCII literal needs nothing
		{`(?i:Köln)\s+\w+\s+Berlin`, []string{"berlin"}},
	} {
		re, err := syntax.Parse(c.pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		got := need(re.Simplify())
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("need(%s) = %q, want %q", c.pattern, got, want)
		}
	}
}
