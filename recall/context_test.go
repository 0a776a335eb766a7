package recall

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// TestContextLegProposesTheTurnsAroundAKeywordHit: the reply that answers
// a matched question shares none of its words, yet is a candidate, voting
// at its source's rank; a hidden turn is skipped for the next visible one,
// a turn past the gap or in another session is not proposed.
func TestContextLegProposesTheTurnsAroundAKeywordHit(t *testing.T) {
	t.Parallel()
	f := setup(t)
	aud := []string{"member:alice", "person:bob"}
	at := t0.Add(-48 * time.Hour)
	before := f.episode(ep{member: "alice", session: "s1", channel: "c", speaker: "person:bob", content: "I adopted a kitten last week", audience: aud, at: at})
	q := f.episode(ep{member: "alice", session: "s1", channel: "c", speaker: "member:alice", content: "what is your new cat called?", audience: aud, at: at.Add(time.Minute)})
	f.episode(ep{member: "alice", session: "s1", channel: "c", speaker: "person:bob", content: "(private aside)", audience: []string{"member:alice"}, at: at.Add(2 * time.Minute)})
	reply := f.episode(ep{member: "alice", session: "s1", channel: "c", speaker: "person:bob", content: "Their name is Luna.", audience: aud, at: at.Add(3 * time.Minute)})
	late := f.episode(ep{member: "alice", session: "s2", channel: "c", speaker: "person:bob", content: "a cat show", audience: aud, at: at.Add(5 * time.Hour)})
	f.episode(ep{member: "alice", session: "s2", channel: "c", speaker: "person:bob", content: "much later, about dinner", audience: aud, at: at.Add(6 * time.Hour)})

	s := New(f.pool, Config{}, nil, nil)
	r := req("alice", "1", "what is the cat called", aud, "c")
	r.AsOf = ptr(t0)
	a, err := s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	var d Diagnostic
	if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
		t.Fatal(err)
	}
	var ctxLeg *LegDiagnostic
	for i := range d.Legs {
		if d.Legs[i].Leg == LegContext {
			ctxLeg = &d.Legs[i]
		}
	}
	if ctxLeg == nil || ctxLeg.Weight != 1 {
		t.Fatalf("no context list with weight 1 in %+v", d.Legs)
	}
	// the keyword leg: q first (cat, called), then the cat show
	got := map[string]int{}
	for i, k := range ctxLeg.Ranked {
		got[k] = ctxLeg.Ranks[i]
	}
	if got["episode:"+reply] != 1 || got["episode:"+before] != 1 {
		t.Fatalf("context list %v ranks %v: want the reply (past the hidden turn) and the turn before at rank 1", ctxLeg.Ranked, ctxLeg.Ranks)
	}
	for k := range got {
		if k != "episode:"+reply && k != "episode:"+before && k != "episode:"+q {
			t.Fatalf("context list proposes %s (a turn past the gap or another session's): %v", k, ctxLeg.Ranked)
		}
	}
	var ids []string
	for _, it := range a.Items {
		ids = append(ids, it.ID)
	}
	if !slices.Contains(ids, reply) || !slices.Contains(ids, late) {
		t.Fatalf("items %v: want the reply and the other session's cat show", ids)
	}

	// turned off: not run, named missing
	a, err = New(f.pool, Config{LegWeights: map[string]int{LegContext: 0}}, nil, nil).Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range a.Legs {
		if l.Leg == LegContext && l.Missing != "disabled by configuration" {
			t.Fatalf("context off: %+v", l)
		}
	}
	for _, it := range a.Items {
		if it.ID == reply {
			t.Fatalf("context off, the reply is still a candidate: %+v", a.Items)
		}
	}
}
