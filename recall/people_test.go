package recall

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// TestNamedSessionsComeFirst: a question naming a person ranks the
// sessions that person spoke in above better keyword matches from other
// people's conversations; a hidden turn of theirs does not count; a
// question naming nobody who speaks leaves the fused order alone.
func TestNamedSessionsComeFirst(t *testing.T) {
	t.Parallel()
	f := setup(t)
	aud := []string{"member:alice", "person:bob", "person:carol"}
	// alice and bob talk about a trip; alice's long turn says coffee once
	long := f.episode(ep{member: "alice", session: "s-bob", channel: "c", speaker: "member:alice", content: "we should take some coffee along on the long trip next month, and a map", audience: aud, at: t0.Add(-50 * time.Hour)})
	f.episode(ep{member: "alice", session: "s-bob", channel: "c", speaker: "person:bob", content: "sure, and tea for me", audience: aud, at: t0.Add(-50*time.Hour + time.Minute)})
	// carol's session says coffee twice, in short turns: better BM25 matches
	var carol []string
	for i := range 3 {
		carol = append(carol, f.episode(ep{member: "alice", session: "s-carol", channel: "c", speaker: "person:carol", content: "coffee coffee", audience: aud, at: t0.Add(time.Duration(-40+i) * time.Hour)}))
	}
	// dave spoke only in private to alice, in a session about coffee too
	f.episode(ep{member: "alice", session: "s-dave", channel: "c", speaker: "person:dave", content: "hello", audience: []string{"member:alice"}, at: t0.Add(-30 * time.Hour)})
	daves := f.episode(ep{member: "alice", session: "s-dave", channel: "c", speaker: "member:alice", content: "coffee coffee coffee", audience: aud, at: t0.Add(-30*time.Hour + time.Minute)})

	s := New(f.pool, Config{}, nil, nil)
	recall := func(query string) ([]string, Diagnostic) {
		t.Helper()
		r := req("alice", "1", query, aud, "c")
		r.AsOf = ptr(t0)
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, it := range a.Items {
			ids = append(ids, it.ID)
		}
		var d Diagnostic
		if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
			t.Fatal(err)
		}
		return ids, d
	}

	before := func(ids []string, x, y string) bool {
		i, j := slices.Index(ids, x), slices.Index(ids, y)
		return i >= 0 && (j < 0 || i < j)
	}
	keyword := func(d Diagnostic) []string {
		for _, l := range d.Legs {
			if l.Leg == LegKeyword {
				var ids []string
				for _, k := range l.Ranked {
					ids = append(ids, k[len("episode:"):])
				}
				return ids
			}
		}
		return nil
	}

	// naming nobody: BM25's order, carol's turns before alice's long one
	plain, d := recall("what about the coffee")
	if len(d.Named) != 0 {
		t.Fatalf("no one named, yet %v boosted", d.Named)
	}
	if !before(plain, carol[0], long) {
		t.Fatalf("without a name: %v, want carol's turns before alice's long one", plain)
	}

	// naming bob: the keyword leg still puts carol first, the fused list
	// puts bob's session first
	got, d := recall("what did Bob think of the coffee")
	if !before(keyword(d), carol[0], long) {
		t.Fatalf("keyword leg %v: the fixture needs carol's turns first there", keyword(d))
	}
	if !before(got, long, carol[0]) || !before(got, long, daves) {
		t.Fatalf("bob's session is not first: %v (named %v)", got, d.Named)
	}
	if !slices.Contains(d.Named, "episode:"+long) || slices.Contains(d.Named, "episode:"+carol[0]) {
		t.Fatalf("named %v", d.Named)
	}

	// naming dave, whose only turn the audience cannot see: no boost for
	// his session's visible row
	_, d = recall("what did dave say about coffee")
	if slices.Contains(d.Named, "episode:"+daves) {
		t.Fatalf("a hidden turn named a session: %v", d.Named)
	}
	// alice herself can see it: the session is hers and dave's
	r := req("alice", "1", "what did dave say about coffee", []string{"member:alice"}, "c")
	r.AsOf = ptr(t0)
	a, err := s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range a.Items {
		ids = append(ids, it.ID)
	}
	if len(a.Items) == 0 || a.Items[0].Session != "s-dave" || !before(ids, daves, carol[0]) {
		t.Fatalf("alice alone: %v, want dave's session first", ids)
	}
}
