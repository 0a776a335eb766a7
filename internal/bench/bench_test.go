package bench

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/recall"
)

// docs is a tiny hand-made "conversation" of five turns.
var docs = []string{
	"I adopted a puppy named Rex last week.",        // D1:1
	"We went hiking near the lake on Sunday.",       // D1:2
	"Rex loves the lake, he swims every day!",       // D1:3
	"My sister Ana moved to Lisbon in March.",       // D2:1
	"The weather was awful, it rained all weekend.", // D2:2
}
var dias = []string{"D1:1", "D1:2", "D1:3", "D2:1", "D2:2"}

func TestTokens(t *testing.T) {
	got := Tokens("Rex's LAKE, day-2!")
	want := []string{"rex", "s", "lake", "day", "2"}
	if !slices.Equal(got, want) {
		t.Fatalf("Tokens = %q, want %q", got, want)
	}
}

func TestBM25HandComputed(t *testing.T) {
	x := NewBM25(docs, 1.5, 0.75)
	// "rex" occurs in docs 0 and 2 (df 2 of N 5): idf = ln(1 + 3.5/2.5).
	if got, want := x.IDF("rex"), math.Log(1+3.5/2.5); math.Abs(got-want) > 1e-12 {
		t.Fatalf("IDF(rex) = %v, want %v", got, want)
	}
	// doc 0 has 8 tokens; average length is (8+8+8+8+8)/5 = 8, so the
	// length norm is k1 and the tf part is 1×2.5/(1+1.5) = 1.
	if got, want := x.Score([]string{"rex"}, 0), math.Log(1+3.5/2.5); math.Abs(got-want) > 1e-12 {
		t.Fatalf("Score(rex, doc 0) = %v, want %v", got, want)
	}
	// doc 2 has all three; docs 0 (rex) and 1 (lake) tie, the earlier first
	if got := x.Search("Rex swims lake", 3); !slices.Equal(got, []int{2, 0, 1}) {
		t.Fatalf("Search = %v, want [2 0 1]", got)
	}
	// "the" is in three docs, "in" only in doc 3: the rarer term weighs more
	if got := x.Search("in the", 5); !slices.Equal(got, []int{3, 1, 2, 4}) {
		t.Fatalf("Search(in the) = %v, want [3 1 2 4]", got)
	}
	// a query with no known token returns nothing; k caps the list
	if got := x.Search("zebra", 5); len(got) != 0 {
		t.Fatalf("Search(zebra) = %v, want none", got)
	}
	if got := x.Search("the lake rex", 1); !slices.Equal(got, []int{2}) {
		t.Fatalf("Search k=1 = %v, want [2]", got)
	}
}

func TestRecallAtK(t *testing.T) {
	ranked := [][]string{{"D2:1"}, nil, {"D1:3"}, {"D1:1", "D1:2"}} // nil: a row that is no turn
	ev := []string{"D1:1", "D1:3", "D2:1"}
	for _, c := range []struct {
		k    int
		want float64
	}{{1, 1.0 / 3}, {2, 1.0 / 3}, {3, 2.0 / 3}, {4, 1}, {50, 1}} {
		if got := TurnRecall(ev, ranked, c.k); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("TurnRecall@%d = %v, want %v", c.k, got, c.want)
		}
	}
	if got := TurnRecall(nil, nil, 5); got != 1 {
		t.Errorf("no evidence: recall %v, want 1", got)
	}
	// sessions: evidence sessions D1, D2; the first position gives D2
	if got := SessionRecall(ev, ranked, 1); got != 0.5 {
		t.Errorf("SessionRecall@1 = %v, want 0.5", got)
	}
	if got := SessionRecall(ev, ranked, 3); got != 1 {
		t.Errorf("SessionRecall@3 = %v, want 1", got)
	}
	// recall_all over distinct sessions: many positions in one session
	// reach one session; both evidence sessions are needed
	crowded := [][]string{{"D2:1"}, {"D2:2"}, {"D2:3"}, nil, {"hay1-D5:hay"}, {"D1:4"}}
	for _, c := range []struct {
		k    int
		want float64
	}{{1, 0}, {2, 0}, {3, 1}, {50, 1}} {
		if got := SessionRecallAll(ev, crowded, c.k); got != c.want {
			t.Errorf("SessionRecallAll@%d = %v, want %v", c.k, got, c.want)
		}
	}
	if got := SessionRecallAll(ev, crowded[:5], 50); got != 0 {
		t.Errorf("SessionRecallAll without D1 = %v, want 0", got)
	}
	if got := SessionRecall(ev, crowded, 3); got != 0.5 {
		t.Errorf("SessionRecall@3 (three positions, one session) = %v, want 0.5", got)
	}
}

func TestAccumulatorGroups(t *testing.T) {
	x := NewBM25(docs, 1.5, 0.75)
	a := NewAcc()
	ask := func(cat int, q string, ev []string) {
		var ranked [][]string
		for _, i := range x.Search(q, 50) {
			ranked = append(ranked, []string{dias[i]})
		}
		a.Add(cat, ev, ranked)
	}
	ask(4, "Where did Ana move?", []string{"D2:1"})               // found first
	ask(1, "What is the puppy called?", []string{"D1:1", "D2:1"}) // half found
	ask(5, "What colour is Rex's car?", nil)                      // no evidence: 1
	tab := a.Table("bm25")
	check := func(g string, n int, at5 float64) {
		t.Helper()
		r := tab.Row(g)
		if r.Questions != n || math.Abs(r.Turn[0]-at5) > 1e-9 {
			t.Errorf("group %s: n %d recall@5 %v, want %d and %v", g, r.Questions, r.Turn[0], n, at5)
		}
	}
	check("4", 1, 100)
	check("1", 1, 50)
	check("5", 1, 100)
	check("1-4", 2, 75)
	check("overall", 3, 250.0/3)
}

func TestRefuseMatchesServiceOrder(t *testing.T) {
	legs := []recall.LegDiagnostic{
		{Leg: recall.LegKeyword, Weight: 1, Ranked: []string{"episode:a", "episode:b", "episode:c"}},
		{Leg: recall.LegSemantic, Weight: 1, Ranked: []string{"episode:c", "episode:d"}},
		{Leg: recall.LegTemporal, Weight: 0, Ranked: []string{"episode:d"}},
	}
	all, err := Refuse(recall.SpecFusion, legs, func(_ string, w int) int64 { return int64(w) }, 10)
	if err != nil {
		t.Fatal(err)
	}
	// c has two votes (ranks 3 and 1): 1.5×(1/63+1/61) beats a's 1/61;
	// b and d tie at 1/62 and best rank 2, so leg order puts keyword's b
	// first; temporal has weight 0 and votes for nothing.
	if want := []string{"episode:c", "episode:a", "episode:b", "episode:d"}; !slices.Equal(all, want) {
		t.Fatalf("all legs = %v, want %v", all, want)
	}
	kw, err := Refuse(recall.SpecFusion, legs, func(l string, w int) int64 {
		if l == recall.LegKeyword {
			return int64(w)
		}
		return 0
	}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"episode:a", "episode:b"}; !slices.Equal(kw, want) {
		t.Fatalf("keyword only = %v, want %v", kw, want)
	}
	// two disjoint legs: unweighted, ranks interleave (ties by leg order);
	// keyword weight 3 puts both keyword hits first
	two := []recall.LegDiagnostic{
		{Leg: recall.LegKeyword, Weight: 1, Ranked: []string{"episode:a", "episode:b"}},
		{Leg: recall.LegSemantic, Weight: 1, Ranked: []string{"episode:d", "episode:c"}},
	}
	plain, err := Refuse(recall.SpecFusion, two, func(_ string, w int) int64 { return int64(w) }, 10)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"episode:a", "episode:d", "episode:b", "episode:c"}; !slices.Equal(plain, want) {
		t.Fatalf("disjoint legs = %v, want %v", plain, want)
	}
	heavy, err := Refuse(recall.SpecFusion, two, func(l string, w int) int64 {
		if l == recall.LegKeyword {
			return 3 * int64(w)
		}
		return int64(w)
	}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"episode:a", "episode:b", "episode:d", "episode:c"}; !slices.Equal(heavy, want) {
		t.Fatalf("keyword weight 3 = %v, want %v", heavy, want)
	}
	// the default fusion (K 5, no agreement factor): z, which both legs
	// hold at rank 9 (2/14), no longer outranks the legs' first hits (1/6),
	// as it does under the SPEC's K 60 (2/69 × 1.5 > 1/61)
	deep := []recall.LegDiagnostic{
		{Leg: recall.LegKeyword, Weight: 1, Ranked: []string{"episode:a", "episode:k2", "episode:k3", "episode:k4",
			"episode:k5", "episode:k6", "episode:k7", "episode:k8", "episode:z"}},
		{Leg: recall.LegSemantic, Weight: 1, Ranked: []string{"episode:s1", "episode:s2", "episode:s3", "episode:s4",
			"episode:s5", "episode:s6", "episode:s7", "episode:s8", "episode:z"}},
	}
	def, err := Refuse(recall.DefaultFusion, deep, func(_ string, w int) int64 { return int64(w) }, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"episode:a", "episode:s1", "episode:k2"}; !slices.Equal(def, want) {
		t.Fatalf("default fusion = %v, want %v", def, want)
	}
	old, err := Refuse(recall.SpecFusion, deep, func(_ string, w int) int64 { return int64(w) }, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"episode:z"}; !slices.Equal(old, want) {
		t.Fatalf("SPEC fusion = %v, want %v (the agreement at ranks 9 and 9 first)", old, want)
	}
}

func TestHaystackIsOtherPeoplesTalkBeforeAndAfter(t *testing.T) {
	samples, err := locomo.Load("")
	if err != nil {
		t.Fatal(err)
	}
	s := samples[3]
	hay, asOf := Haystack(samples, 3, 5001)
	if len(hay) != 5001 {
		t.Fatalf("%d haystack turns, want 5001", len(hay))
	}
	own := map[string]bool{}
	for _, tr := range s.Turns() {
		own[tr.Text] = true
	}
	var first time.Time
	for k, se := range s.Sessions {
		if k == 0 || se.Start.Before(first) {
			first = se.Start
		}
	}
	ids := map[string]bool{}
	before, after := 0, 0
	for _, tr := range hay {
		if ids[tr.ID] {
			t.Fatalf("duplicate id %s", tr.ID)
		}
		ids[tr.ID] = true
		for _, a := range s.Audience() {
			if !slices.Contains(tr.Audience, a) {
				t.Fatalf("haystack turn %q not heard by %s: the member's audience could not see it", tr.Text, a)
			}
		}
		if slices.Contains(s.Audience(), tr.Speaker) || own[tr.Text] && tr.Text != "" && len(tr.Text) > 40 {
			t.Fatalf("haystack turn %q (%s) is the sample's own", tr.Text, tr.Speaker)
		}
		switch {
		case tr.At.Before(first):
			before++
		case tr.At.After(s.Now()) && !tr.At.After(asOf):
			after++
		default:
			t.Fatalf("haystack turn at %s inside the conversation (%s .. %s) or after as_of %s", tr.At, first, s.Now(), asOf)
		}
	}
	if before != 2500 || after != 2501 {
		t.Fatalf("before %d, after %d; want half each", before, after)
	}
	again, _ := Haystack(samples, 3, 5001)
	if again[4000].ID != hay[4000].ID || again[4000].Text != hay[4000].Text {
		t.Fatal("the haystack differs between runs")
	}
}

// TestRefuseFoldsAsTheServiceFolded: a fact the service folded into its
// source turn leaves the re-fused list and its votes lift the turn.
func TestRefuseFoldsAsTheServiceFolded(t *testing.T) {
	legs := []recall.LegDiagnostic{
		{Leg: recall.LegKeyword, Weight: 3, Ranked: []string{"episode:e2", "episode:e1", "fact:f1"}},
		{Leg: recall.LegSemantic, Weight: 2, Ranked: []string{"fact:f1", "episode:e3"}},
	}
	same := func(_ string, w int) int64 { return int64(w) }
	plain, err := RefuseFolded(recall.DefaultFusion, legs, same, 0, nil, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(plain, " "); got != "fact:f1 episode:e2 episode:e1 episode:e3" {
		t.Fatalf("without folds: %s", got)
	}
	folded, err := RefuseFolded(recall.DefaultFusion, legs, same, 0, nil, []recall.FoldDiagnostic{{Key: "fact:f1", Into: "episode:e1"}}, 10)
	if err != nil {
		t.Fatal(err)
	}
	// e1: keyword at 2 and semantic at 1 (from f1) outscores e2's keyword at 1
	if got := strings.Join(folded, " "); got != "episode:e1 episode:e2 episode:e3" {
		t.Fatalf("with f1 folded into e1: %s", got)
	}
	// a variant without the keyword leg has no e1: f1 stands on its own
	noKW, err := RefuseFolded(recall.DefaultFusion, legs, func(l string, w int) int64 {
		if l == recall.LegKeyword {
			return 0
		}
		return int64(w)
	}, 0, nil, []recall.FoldDiagnostic{{Key: "fact:f1", Into: "episode:e1"}}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(noKW, " "); got != "fact:f1 episode:e3" {
		t.Fatalf("keyword off: %s", got)
	}
}

// The production record's turns are dated in the past, whatever the
// member's size (the appender refuses a turn dated after its arrival), in
// the order they were said, second-apart inside a session.
func TestProdTurnsDatedInThePast(t *testing.T) {
	samples, err := locomo.Load("")
	if err != nil {
		t.Fatal(err)
	}
	start, end := prodSpan(time.Now())
	for _, m := range []prodMember{{id: "life", n: 100_000, people: []string{"person:a", "person:b", "person:c"}},
		{id: "m0001", n: 1_000, people: []string{"person:a", "person:b", "person:c"}}} {
		ts := prodTurns(samples, m, start, end, 1)
		if len(ts) != m.n {
			t.Fatalf("%s: %d turns, want %d", m.id, len(ts), m.n)
		}
		for i, tu := range ts {
			if tu.At.Before(start) || tu.At.After(end) {
				t.Fatalf("%s: turn %d dated %s, outside [%s, %s]", m.id, i, tu.At, start, end)
			}
			if i > 0 && tu.Session == ts[i-1].Session && tu.At.Sub(ts[i-1].At) != time.Second {
				t.Fatalf("%s: turns %d and %d of session %s are %s apart", m.id, i-1, i, tu.Session, tu.At.Sub(ts[i-1].At))
			}
			if i > 0 && tu.At.Before(ts[i-1].At) {
				t.Fatalf("%s: turn %d (%s) before turn %d (%s)", m.id, i, tu.At, i-1, ts[i-1].At)
			}
		}
		if m.n == 100_000 && ts[len(ts)-1].At.Sub(start) < 4*365*24*time.Hour {
			t.Fatalf("the big member's history spans only %s", ts[len(ts)-1].At.Sub(start))
		}
	}
}
