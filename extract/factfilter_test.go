package extract_test

// An experiment (session 23; BENCHMARKS.md, "Agreement, more labels and a
// learned filter"): can the labels say which of the rules' facts are wrong?
// A logistic regression over features of each fact the rules find (its
// predicate, rule confidence, claim words, the words around the claim, a
// question, "you", a modal or a negation in its sentence) is trained on
// whether the fact matched a label, over every labelled LoCoMo dev turn
// but draws 10 and 11 and the synthetic chat; it scores the outside dev
// sets and draws 10 and 11, keeping facts at or above each probability.
// MEMHIVE_FF_TRAIN=synth trains on the synthetic chat alone;
// MEMHIVE_FF_FAMS=chat filters only the preference, possession, plan and
// event families. No filter is part of the extractor. Run only when asked
// (about fifteen seconds):
//
//	go test -run '^$' -bench FactFilterExperiment -benchtime 1x -v ./extract/

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
)

// ffExample is one fact the rules found, its features and whether it
// matched a label.
type ffExample struct {
	feats []string
	right bool
	fam   string
}

var chatFam = map[string]bool{"preference": true, "possession": true, "plan": true, "event": true}

var (
	ffSentRE = regexp.MustCompile(`[^.!?]+[.!?]*`)
	ffWordRE = regexp.MustCompile(`[a-z']+`)
	ffModal  = map[string]bool{"would": true, "could": true, "might": true, "maybe": true, "if": true, "wish": true,
		"hope": true, "should": true, "perhaps": true, "someday": true, "probably": true}
	ffNeg = map[string]bool{"not": true, "never": true, "no": true, "don't": true, "didn't": true, "can't": true,
		"won't": true, "isn't": true, "wasn't": true, "anymore": true}
)

// ffFeatures describes fact g found in text.
func ffFeatures(g extract.Fact, text, speaker string) []string {
	fs := []string{"bias", "pred=" + g.Predicate, "fam=" + family(g.Predicate), "kind=" + g.Kind,
		"pol=" + polarity(g.Polarity), fmt.Sprintf("conf=%d", g.Confidence)}
	if memhive.Canon(g.Subject) != memhive.Canon(speaker) {
		fs = append(fs, "third", "third&fam="+family(g.Predicate))
	}
	cw := ffWordRE.FindAllString(strings.ToLower(g.Claim), -1)
	fs = append(fs, fmt.Sprintf("clen=%d", min(len(cw), 5)))
	for _, w := range cw {
		fs = append(fs, "cw="+w)
	}
	if len(cw) > 0 {
		fs = append(fs, "cfirst="+cw[0], "clast="+cw[len(cw)-1])
	}
	if g.Claim != "" && strings.ToUpper(g.Claim[:1]) == g.Claim[:1] {
		fs = append(fs, "ccap")
	}
	low := strings.ToLower(text)
	sent := low
	for _, s := range ffSentRE.FindAllString(low, -1) {
		if strings.Contains(s, strings.ToLower(g.Claim)) {
			sent = s
			break
		}
	}
	ws := ffWordRE.FindAllString(sent, -1)
	if strings.HasSuffix(strings.TrimSpace(sent), "?") {
		fs = append(fs, "q", "q&fam="+family(g.Predicate))
	}
	if strings.Contains(low, "?") {
		fs = append(fs, "turnq")
	}
	if strings.Contains(sent, `"`) || strings.Contains(sent, "“") {
		fs = append(fs, "quote")
	}
	if len(ws) > 0 {
		fs = append(fs, "sf="+ws[0])
	}
	fs = append(fs, fmt.Sprintf("slen=%d", min(len(ws)/5, 6)))
	for _, w := range ws {
		switch {
		case w == "you" || w == "your" || w == "you're" || w == "u":
			fs = append(fs, "you")
		case ffModal[w]:
			fs = append(fs, "m="+w, "modal&fam="+family(g.Predicate))
		case ffNeg[w] || strings.HasSuffix(w, "n't"):
			fs = append(fs, "neg", "neg&fam="+family(g.Predicate))
		case w == "let's" || w == "lets":
			fs = append(fs, "lets")
		}
	}
	// the words around the claim
	if len(cw) > 0 {
		for i := range ws {
			if ws[i] != cw[0] {
				continue
			}
			if i > 0 {
				fs = append(fs, "pre1="+ws[i-1], "pre1&fam="+ws[i-1]+"&"+family(g.Predicate))
			}
			if i > 1 {
				fs = append(fs, "pre2="+ws[i-2]+"_"+ws[i-1])
			}
			if j := i + len(cw); j < len(ws) {
				fs = append(fs, "post1="+ws[j])
			}
			break
		}
	}
	return fs
}

// ffCollect runs the rules over turns and labels each fact they find.
func ffCollect(t testing.TB, turns []locomoTurn) (ex []ffExample, labels int) {
	for _, lt := range turns {
		if lt.Role == "assistant" {
			continue
		}
		at, err := time.Parse(time.RFC3339, lt.At)
		if err != nil {
			t.Fatal(err)
		}
		var got []labelFact
		var facts []extract.Fact
		for _, g := range extract.TurnFacts(lt.Text, lt.Speaker, at) {
			if g.Predicate != "is_a" {
				got = append(got, labelFact{g.Subject, g.Predicate, g.Claim, g.Kind, g.Polarity})
				facts = append(facts, g)
			}
		}
		_, used := matchLabels(lt.Facts, got, sameFact)
		for j, g := range facts {
			ex = append(ex, ffExample{ffFeatures(g, lt.Text, lt.Speaker), used[j], family(g.Predicate)})
		}
		labels += len(lt.Facts)
	}
	return ex, labels
}

type ffModel map[string]float64

func (m ffModel) prob(fs []string) float64 {
	z := 0.0
	for _, f := range fs {
		z += m[f]
	}
	return 1 / (1 + math.Exp(-z))
}

// ffTrain fits a logistic regression by stochastic gradient descent with
// an L2 penalty.
func ffTrain(ex []ffExample, epochs int, rate, l2 float64) ffModel {
	m := ffModel{}
	r := rand.New(rand.NewPCG(23, 9))
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	for e := 0; e < epochs; e++ {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := rate / (1 + float64(e))
		for _, i := range order {
			y := 0.0
			if ex[i].right {
				y = 1
			}
			g := y - m.prob(ex[i].feats)
			for _, f := range ex[i].feats {
				m[f] += lr * (g - l2*m[f])
			}
		}
	}
	return m
}

func BenchmarkFactFilterExperiment(b *testing.B) {
	var train, test []locomoTurn
	for _, lt := range readTurns(b, "testdata/locomo_labelled.jsonl") {
		switch {
		case lt.Split != "dev":
		case lt.Draw == 10 || lt.Draw == 11:
			test = append(test, lt)
		default:
			train = append(train, lt)
		}
	}
	train = append(train, readTurns(b, "testdata/locomo_more.jsonl")...)
	if os.Getenv("MEMHIVE_FF_TRAIN") == "synth" {
		train = nil
	}
	train = append(train, readTurns(b, "testdata/synthetic_chat.jsonl")...)
	ex, _ := ffCollect(b, train)
	nRight := 0
	for _, e := range ex {
		if e.right {
			nRight++
		}
	}
	fmt.Printf("trained on %d facts the rules found (%d matched a label)\n", len(ex), nRight)
	m := ffTrain(ex, 12, 0.1, 1e-4)
	thresholds := []float64{0, 0.3, 0.5, 0.6, 0.7, 0.8}
	for _, set := range []struct {
		name  string
		turns []locomoTurn
	}{
		{"LoCoMo dev draws 10+11", test},
		{"outside chat 1", readTurns(b, "testdata/outside_chat.jsonl")},
		{"outside chat 2", readTurns(b, "testdata/outside_chat2.jsonl")},
		{"outside chat 4", readTurns(b, "testdata/outside_chat4.jsonl")},
	} {
		ex, labels := ffCollect(b, set.turns)
		var line []string
		for _, th := range thresholds {
			kept, right := 0, 0
			for _, e := range ex {
				if m.prob(e.feats) >= th || os.Getenv("MEMHIVE_FF_FAMS") == "chat" && !chatFam[e.fam] {
					kept++
					if e.right {
						right++
					}
				}
			}
			line = append(line, fmt.Sprintf(">=%.1f %s/%s (%d/%d)", th, ratio(right, kept), ratio(right, labels), right, kept))
		}
		fmt.Printf("%-24s %s\n", set.name, strings.Join(line, "; "))
	}
	// the heaviest features, for reading
	type fw struct {
		f string
		w float64
	}
	var ws []fw
	for f, w := range m {
		ws = append(ws, fw{f, w})
	}
	slices.SortFunc(ws, func(a, b fw) int {
		return strings.Compare(fmt.Sprintf("%09.4f", math.Abs(b.w)), fmt.Sprintf("%09.4f", math.Abs(a.w)))
	})
	for _, x := range ws[:min(25, len(ws))] {
		fmt.Printf("  %-40s %+.3f\n", x.f, x.w)
	}
}
