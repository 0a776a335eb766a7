package inspector

import (
	"encoding/json"
	"testing"

	"github.com/memhive/memhive/recall"
)

// TestPlaygroundRecomputesAFoldedScore: a fact folded into its source turn
// (recall's one place per piece of evidence) brings its votes to the turn;
// the playground's breakdown must add them to recompute the turn's score,
// and says which candidate they came from.
func TestPlaygroundRecomputesAFoldedScore(t *testing.T) {
	fu := recall.DefaultFusion
	score := func(vs ...recall.Vote) string {
		s, _, _, _, err := fu.Score(vs)
		if err != nil {
			t.Fatal(err)
		}
		return s.Text('f')
	}
	legs := []recall.LegDiagnostic{
		{Leg: recall.LegKeyword, Weight: 3, Ranked: []string{"episode:e1", "fact:f1"}},
		{Leg: recall.LegSemantic, Weight: 2, Ranked: []string{"fact:f1", "episode:e2"}},
	}
	// e1: keyword at 1, and through f1 semantic at 1 (keyword keeps e1's
	// better rank, 1, over f1's 2)
	e1 := score(recall.Vote{Leg: recall.LegKeyword, Weight: 3, Rank: 1}, recall.Vote{Leg: recall.LegSemantic, Weight: 2, Rank: 1})
	e2 := score(recall.Vote{Leg: recall.LegSemantic, Weight: 2, Rank: 2})
	check := func(folded []recall.FoldDiagnostic) fusedRow {
		t.Helper()
		diag := recall.Diagnostic{Legs: legs, FusionK: fu.K, AgreementPct: fu.AgreementPct, Folded: folded,
			Fused: []recall.FusedDiagnostic{{Key: "episode:e1", Score: e1, Votes: 2, BestRank: 1}, {Key: "episode:e2", Score: e2, Votes: 1, BestRank: 2}}}
		raw, err := json.Marshal(diag)
		if err != nil {
			t.Fatal(err)
		}
		d := &playgroundData{Answer: &recall.Answer{Tier: 1, Diagnostic: raw}}
		if err := d.breakdown(); err != nil {
			t.Fatal(err)
		}
		if len(d.Fused) != 2 || !d.Fused[1].Agrees {
			t.Fatalf("breakdown %+v", d.Fused)
		}
		return d.Fused[0]
	}
	r := check([]recall.FoldDiagnostic{{Key: "fact:f1", Into: "episode:e1"}})
	if !r.Agrees || len(r.Folded) != 1 || r.Folded[0] != "fact:f1" {
		t.Fatalf("folded turn: check %s against %s, agrees %v, folded %v", r.Check, e1, r.Agrees, r.Folded)
	}
	// without the fold recorded, the turn's own votes do not make its score
	if r := check(nil); r.Agrees {
		t.Fatalf("without its fold the breakdown still agrees (%s)", r.Check)
	}
}
