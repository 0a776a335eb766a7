package recall

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestLegWeightsValidate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w    map[string]int
		want string // "" = valid
	}{
		{nil, ""},
		{map[string]int{"keyword": 2, "semantic": 0, "temporal": 1}, ""},
		{map[string]int{"bm25": 1}, `"bm25", not a leg`},
		{map[string]int{"graph": -1}, "outside 0..1000"},
		{map[string]int{"self": 1001}, "outside 0..1000"},
	} {
		err := Config{LegWeights: c.w}.WithDefaults().Validate()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%v: Validate = %v, want %q", c.w, err, c.want)
		}
	}
}

// TestLegWeights: a configured weight replaces the default
// (DefaultLegWeights) in the fused score, 0 keeps a leg from running,
// temporal stays 0 in point mode.
func TestLegWeights(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	dinner := f.episode(ep{member: "alice", channel: "c", content: "dinner with Bob at the harbour", audience: me, at: t0.Add(-24 * time.Hour)})
	f.episode(ep{member: "alice", channel: "c", content: "went swimming", audience: me, at: t0.Add(-20 * time.Hour)})
	ask := func(cfg Config, query string) (*Answer, Diagnostic) {
		t.Helper()
		r := req("alice", "1", query, me, "c")
		r.AsOf = ptr(t0)
		a, err := New(f.pool, cfg, nil, nil).Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		var d Diagnostic
		if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
			t.Fatal(err)
		}
		return a, d
	}
	weight := func(d Diagnostic, leg string) int {
		for _, l := range d.Legs {
			if l.Leg == leg {
				return l.Weight
			}
		}
		t.Fatalf("no leg %s in %+v", leg, d.Legs)
		return -1
	}
	scoreOf := func(votes ...Vote) string {
		s, _, _, _, err := FuseScore(votes)
		if err != nil {
			t.Fatal(err)
		}
		return s.Text('f')
	}

	// default: keyword weight 3 (DefaultLegWeights), dinner first with 3/(K+1)
	a, d := ask(Config{}, "harbour dinner")
	if len(a.Items) == 0 || a.Items[0].ID != dinner || weight(d, LegKeyword) != 3 {
		t.Fatalf("default: items %+v legs %+v", a.Items, d.Legs)
	}
	if want := scoreOf(Vote{LegKeyword, 3, 1}); a.Items[0].Score != want {
		t.Errorf("default score %s, want %s", a.Items[0].Score, want)
	}

	// keyword weight 6: the same ranking, twice the default's score
	a, d = ask(Config{LegWeights: map[string]int{LegKeyword: 6}}, "harbour dinner")
	if len(a.Items) == 0 || a.Items[0].ID != dinner || weight(d, LegKeyword) != 6 {
		t.Fatalf("weight 6: items %+v legs %+v", a.Items, d.Legs)
	}
	if want := scoreOf(Vote{LegKeyword, 6, 1}); a.Items[0].Score != want {
		t.Errorf("weight 6 score %s, want %s", a.Items[0].Score, want)
	}

	// keyword off: it does not run and is named missing; nothing else finds the dinner
	a, _ = ask(Config{LegWeights: map[string]int{LegKeyword: 0}}, "harbour dinner")
	if len(a.Items) != 0 {
		t.Errorf("keyword off: items %+v, want none", a.Items)
	}
	found := false
	for _, l := range a.Legs {
		if l.Leg == LegKeyword {
			found = true
			if l.Missing != "disabled by configuration" || l.Candidates != 0 {
				t.Errorf("keyword off: leg %+v", l)
			}
		}
	}
	if !found {
		t.Error("keyword off: the leg is not named in the answer")
	}

	// temporal: weight 2 in window mode, still 0 in point mode
	_, d = ask(Config{LegWeights: map[string]int{LegTemporal: 2}}, "what did I do yesterday")
	if weight(d, LegTemporal) != 2 {
		t.Errorf("window mode: temporal weight %d, want 2", weight(d, LegTemporal))
	}
	_, d = ask(Config{LegWeights: map[string]int{LegTemporal: 2}}, "harbour dinner")
	if weight(d, LegTemporal) != 0 {
		t.Errorf("point mode: temporal weight %d, want 0", weight(d, LegTemporal))
	}
}
