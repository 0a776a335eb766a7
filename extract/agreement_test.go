package extract_test

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// A second, independent reading of some labelled LoCoMo turns
// (testdata/locomo_second.jsonl; README there, "A second annotator"): how
// far two careful annotators following the same written guide agree is the
// ceiling any extractor's precision and recall against one of them can be
// read against.
const (
	secondAnnotatorFile = "testdata/locomo_second.jsonl"
	// MEMHIVE_SHOW_AGREEMENT=1 (with -v) logs every fact one annotator wrote
	// and the other did not, for the dev draws only: the held-out draw's
	// cases stay unseen.
	showAgreementEnv = "MEMHIVE_SHOW_AGREEMENT"
)

// secondTurn is one line of the second annotation: the turn's ref and the
// facts the second annotator wrote (text, speaker and time are the first
// file's).
type secondTurn struct {
	Ref   string      `json:"ref"`
	Facts []labelFact `json:"facts"`
}

// agreeFact is the symmetric match between two annotators' facts: as the
// scorer's, with a "*" claim on either side matching any claim.
func agreeFact(a, b labelFact) bool { return sameFact(a, b) || sameFact(b, a) }

// matchLabels pairs want's facts with got's, each used at most once, in
// the scorer's first-fit order; it returns which of got were used and
// which of want were found.
func matchLabels(want, got []labelFact, same func(w, g labelFact) bool) (found, used []bool) {
	found, used = make([]bool, len(want)), make([]bool, len(got))
	for i, w := range want {
		for j, g := range got {
			if !used[j] && same(w, g) {
				found[i], used[j] = true, true
				break
			}
		}
	}
	return found, used
}

func countTrue(bs []bool) (n int) {
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// agreeRow is one line of the agreement table: matched facts of predicted
// against reference.
type agreeRow struct {
	name                          string
	reference, predicted, correct int
	// correctPred counts predicted facts matched when it differs from
	// correct (a prediction counted right against either annotator).
	correctPred int
}

func (r agreeRow) String() string {
	cp := r.correct
	if r.correctPred > 0 {
		cp = r.correctPred
	}
	return fmt.Sprintf("  %-38s %9d %9d %9d %9s %9s", r.name, r.reference, r.predicted, r.correct,
		ratio(cp, r.predicted), ratio(r.correct, r.reference))
}

// TestAnnotatorAgreement scores the second annotator against the first,
// and the extractor against each and against both: precision against
// facts either annotator wrote, recall of the facts both wrote.
func TestAnnotatorAgreement(t *testing.T) {
	first := map[string]locomoTurn{}
	known := map[string]bool{}
	for _, lt := range loadLoCoMo(t) {
		first[lt.Ref] = lt
		for _, f := range lt.Facts {
			known[f.P] = true
		}
	}
	b, err := os.ReadFile(secondAnnotatorFile)
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string][]secondTurn{}
	seen := map[string]bool{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var st secondTurn
		if err := jsonUnmarshal([]byte(line), &st); err != nil {
			t.Fatalf("%s:%d: %v", secondAnnotatorFile, i+1, err)
		}
		lt, ok := first[st.Ref]
		if !ok || seen[st.Ref] {
			t.Fatalf("%s:%d: ref %q is not in the labelled set, or comes twice", secondAnnotatorFile, i+1, st.Ref)
		}
		seen[st.Ref] = true
		for _, f := range st.Facts {
			if msg := checkLabel(f); msg != "" {
				t.Errorf("%s %v: %s", st.Ref, f, msg)
			}
			if !known[f.P] {
				// counted in the relation family unless the scorer knows it
				t.Logf("%s: predicate %q is not in the first annotation", st.Ref, f.P)
			}
		}
		set := lt.Split
		if lt.Split == "dev" {
			set = fmt.Sprintf("dev draw %d", max(lt.Draw, 1))
		}
		sets[set] = append(sets[set], st)
	}
	names := make([]string, 0, len(sets))
	for s := range sets {
		names = append(names, s)
	}
	// held-out first, then the dev draws in number order
	rank := func(s string) (n int) {
		fmt.Sscanf(s, "dev draw %d", &n)
		return n
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a, b)) })
	show := os.Getenv(showAgreementEnv) != ""
	var out strings.Builder
	var allAgree agreeRow
	byFamily := map[string]*agreeRow{}
	fam := func(p string) *agreeRow {
		f := family(p)
		if byFamily[f] == nil {
			byFamily[f] = &agreeRow{name: f}
		}
		return byFamily[f]
	}
	for _, set := range names {
		var second, extrFirst, extrSecond, either agreeRow
		second.name = "second annotator against the first"
		extrFirst.name = "extractor against the first"
		extrSecond.name = "extractor against the second"
		either.name = "extractor: either wrote it / both did"
		for _, st := range sets[set] {
			lt := first[st.Ref]
			at, err := time.Parse(time.RFC3339, lt.At)
			if err != nil {
				t.Fatal(err)
			}
			var got []labelFact
			for _, g := range extract.TurnFacts(lt.Text, lt.Speaker, at) {
				if g.Predicate != "is_a" {
					got = append(got, labelFact{g.Subject, g.Predicate, g.Claim, g.Kind, g.Polarity})
				}
			}
			foundA, usedB := matchLabels(lt.Facts, st.Facts, agreeFact)
			for i, f := range lt.Facts {
				fam(f.P).reference++
				if foundA[i] {
					fam(f.P).correct++
				}
			}
			for _, f := range st.Facts {
				fam(f.P).predicted++
			}
			second.reference += len(lt.Facts)
			second.predicted += len(st.Facts)
			second.correct += countTrue(foundA)
			if show && strings.HasPrefix(set, "dev") {
				for i, f := range lt.Facts {
					if !foundA[i] {
						t.Logf("first only  %s %q: %v", lt.Ref, lt.Text, f)
					}
				}
				for j, f := range st.Facts {
					if !usedB[j] {
						t.Logf("second only %s %q: %v", lt.Ref, lt.Text, f)
					}
				}
			}
			fA, uA := matchLabels(lt.Facts, got, sameFact)
			extrFirst.reference += len(lt.Facts)
			extrFirst.predicted += len(got)
			extrFirst.correct += countTrue(fA)
			fB, uB := matchLabels(st.Facts, got, sameFact)
			extrSecond.reference += len(st.Facts)
			extrSecond.predicted += len(got)
			extrSecond.correct += countTrue(fB)
			// Either: a prediction is right when one annotator wrote it;
			// recall is over the first's facts the second wrote too.
			either.predicted += len(got)
			for j := range got {
				if uA[j] || uB[j] {
					either.correctPred++
				}
			}
			var agreed []labelFact
			for i, f := range lt.Facts {
				if foundA[i] {
					agreed = append(agreed, f)
				}
			}
			fBoth, _ := matchLabels(agreed, got, sameFact)
			either.reference += len(agreed)
			either.correct += countTrue(fBoth)
		}
		allAgree.reference += second.reference
		allAgree.predicted += second.predicted
		allAgree.correct += second.correct
		fmt.Fprintf(&out, "LoCoMo %s, %d turns read by two annotators:\n", set, len(sets[set]))
		fmt.Fprintf(&out, "  %-38s %9s %9s %9s %9s %9s\n", "", "reference", "predicted", "correct", "precision", "recall")
		for _, r := range []agreeRow{second, extrFirst, extrSecond, either} {
			out.WriteString(r.String() + "\n")
		}
		if second.correct == 0 {
			t.Errorf("%s: the two annotators agree on no fact: the second file is not a reading of these turns", set)
		}
	}
	fmt.Fprintf(&out, "the second annotator against the first by family, every set:\n")
	fams := make([]string, 0, len(byFamily))
	for f := range byFamily {
		fams = append(fams, f)
	}
	slices.Sort(fams)
	for _, f := range fams {
		fmt.Fprintf(&out, "%s\n", byFamily[f])
	}
	allAgree.name = "all families"
	fmt.Fprintf(&out, "%s\n", allAgree)
	t.Log(out.String())
	fmt.Print(out.String())
}

// checkLabel says what is wrong with a second annotator's fact, or "": a
// missing field, a kind its family does not take, or a polarity that is
// neither.
func checkLabel(f labelFact) string {
	if f.S == "" || f.P == "" || f.C == "" {
		return "subject, predicate and claim are required"
	}
	want := "world"
	switch family(f.P) {
	case "plan":
		want = "foresight"
	case "event":
		want = "experience"
	}
	if f.Kind != want {
		return fmt.Sprintf("kind %q, want %q for %s", f.Kind, want, family(f.P))
	}
	if p := polarity(f.Polarity); p != extract.Positive && p != "negative" {
		return fmt.Sprintf("polarity %q", f.Polarity)
	}
	return ""
}
