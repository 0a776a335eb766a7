package recall

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/memhive/memhive/facts"
)

// A fact and the turn it was read from take one place: the one fused
// higher stays, the other is named in the diagnostic, and the place freed
// goes to other evidence.
func TestFoldFactIntoSourceTurn(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	src := f.episode(ep{member: "alice", channel: "web:chat", content: "I really love hiking in the mountains", audience: me, at: t0})
	other := f.episode(ep{member: "alice", channel: "web:chat", content: "hiking boots were on sale at the market", audience: me, at: t0.Add(time.Hour)})
	fid := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "likes", Claim: "hiking", ValidFrom: t0,
		Channel: "web:chat", Audience: me, SourceEpisodeIDs: []string{src}})
	// a fact with no source never folds
	lone := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "enjoys", Claim: "hiking trips", ValidFrom: t0,
		Channel: "web:chat", Audience: me})

	r := req("alice", "1", "hiking", me, "web:chat")
	r.AsOf = ptr(t0.Add(24 * time.Hour))
	a, keys, d := recallKeys(t, f, r)
	// the fact's only source turn is a candidate: the turn stands for it
	want := FoldDiagnostic{Key: "fact:" + fid, Into: "episode:" + src}
	if !slices.Equal(d.Folded, []FoldDiagnostic{want}) {
		t.Fatalf("folded %+v, want [%+v]", d.Folded, want)
	}
	if slices.Contains(keys, "fact:"+fid) || !slices.Contains(keys, "episode:"+src) {
		t.Fatalf("items %v: want the source turn and not the fact", keys)
	}
	for _, fu := range d.Fused {
		if fu.Key == want.Key {
			t.Fatalf("folded %s still in the fused list", fu.Key)
		}
	}
	if !slices.Contains(keys, "episode:"+other) || !slices.Contains(keys, "fact:"+lone) {
		t.Fatalf("other evidence missing: %v", keys)
	}

	// with room for two, the second place goes to other evidence, not to
	// the pair's second half
	r.Limit = 2
	a, _, _ = recallKeys(t, f, r)
	if len(a.Items) != 2 || a.Items[0].ID == fid || a.Items[1].ID == fid {
		t.Fatalf("limit 2: %+v", a.Items)
	}
}

// foldEvidence's rules, with exact scores.
func TestFoldEvidenceRules(t *testing.T) {
	t.Parallel()
	fact := func(id, subj, pred, claim string) *row {
		return &row{Item: Item{Kind: "fact", ID: id}, subjectCanon: subj, predicateCanon: pred, claim: claim}
	}
	rows := map[string]*row{
		"fact:F":     fact("F", "person:jo", "likes", "hiking"), // read from e1, e2
		"fact:G":     fact("G", "person:jo", "likes", "tea"),    // read from e3 and e9 (not a candidate)
		"fact:H":     fact("H", "person:jo", "likes", "Tea "),   // G's claim, read from e4
		"fact:I":     fact("I", "person:jo", "owns", "a bike"),  // read from e3 only: inside G's evidence
		"fact:J":     fact("J", "person:jo", "owns", "a car"),   // no sources
		"episode:e1": {Item: Item{Kind: "episode", ID: "e1"}},
		"episode:e2": {Item: Item{Kind: "episode", ID: "e2"}},
		"episode:e3": {Item: Item{Kind: "episode", ID: "e3"}},
	}
	sources := map[string][]string{"F": {"e1", "e2"}, "G": {"e3", "e9"}, "H": {"e4"}, "I": {"e3"}}
	kw := []*row{rows["fact:F"], rows["fact:G"], rows["fact:H"], rows["fact:J"], rows["episode:e1"]}
	sem := []*row{rows["episode:e2"], rows["fact:I"], rows["episode:e3"]}
	legs := []*legResult{{name: LegKeyword, weight: 1, rows: kw}, {name: LegSemantic, weight: 1, rows: sem}}
	fused, _, votes, err := fuseVotes(DefaultFusion, legs)
	if err != nil {
		t.Fatal(err)
	}
	out, folds, err := foldEvidence(DefaultFusion, fused, votes, rows, sources, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	// F's turns are both candidates: F folds into the better placed, e2
	// (semantic rank 1 = 1/6, tied with F and after it by leg order; e1 is
	// keyword rank 5 = 1/10). I (semantic 2) is read from e3 alone, a
	// candidate: into e3. G stays (e9 is no candidate); H says what G says:
	// into G. J has no sources and no twin: it stays.
	want := []FoldDiagnostic{
		{Key: "fact:F", Into: "episode:e2"},
		{Key: "fact:I", Into: "episode:e3"},
		{Key: "fact:H", Into: "fact:G"},
	}
	if !slices.Equal(folds, want) {
		t.Fatalf("folds %+v, want %+v", folds, want)
	}
	var keys []string
	for _, fu := range out {
		keys = append(keys, fu.Key)
	}
	// e2: semantic 1 + keyword 1 (F's) = 1/3; e3: semantic min(3, 2) = 1/7
	// ... G: keyword min(2, 3) = 1/7 — tie with e3 on score and best rank
	// (2); keyword comes first in leg order.
	if !slices.Equal(keys, []string{"episode:e2", "fact:G", "episode:e3", "fact:J", "episode:e1"}) {
		t.Fatalf("order %v", keys)
	}
	check := func(i int, num, den string, votes, best int) {
		t.Helper()
		if cmpExact(&out[i].Num, &out[i].Den, dec(t, num), dec(t, den)) != 0 || out[i].Votes != votes || out[i].BestRank != best {
			t.Fatalf("%s: %s (%d votes, best %d), want %s/%s, %d, %d", out[i].Key, out[i].Score.Text('f'),
				out[i].Votes, out[i].BestRank, num, den, votes, best)
		}
	}
	check(0, "1", "3", 2, 1)
	check(1, "1", "7", 1, 2)
	check(2, "1", "7", 1, 2)

	// no fact among the candidates: nothing changes
	legs = []*legResult{{name: LegKeyword, weight: 1, rows: []*row{rows["episode:e1"], rows["episode:e2"]}}}
	fused, _, votes, _ = fuseVotes(DefaultFusion, legs)
	out, folds, _ = foldEvidence(DefaultFusion, fused, votes, rows, sources, nil, true)
	if len(folds) != 0 || len(out) != 2 || out[0].Key != "episode:e1" {
		t.Fatalf("episodes only: %+v %+v", out, folds)
	}
}

// A fact on a version chain (a single-cardinality axis, lives_in) keeps
// its own place beside its source turn: the version in force and what it
// replaced are what it adds.
func TestFoldKeepsChainFacts(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	src := f.episode(ep{member: "alice", channel: "web:chat", content: "I live in Berlin now", audience: me, at: t0})
	fid := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "lives_in", Claim: "Berlin", ValidFrom: t0,
		Channel: "web:chat", Audience: me, SourceEpisodeIDs: []string{src}})
	r := req("alice", "1", "where does alice live Berlin", me, "web:chat")
	r.AsOf = ptr(t0.Add(24 * time.Hour))
	_, keys, d := recallKeys(t, f, r)
	if len(d.Folded) != 0 || !slices.Contains(keys, "fact:"+fid) || !slices.Contains(keys, "episode:"+src) {
		t.Fatalf("items %v, folded %+v: want the fact and its turn, nothing folded", keys, d.Folded)
	}
}

// recallKeys asks r and returns the answer, its items' keys (kind:id) in
// order and its diagnostic.
func recallKeys(t *testing.T, f *fixture, r Request) (*Answer, []string, Diagnostic) {
	t.Helper()
	a, err := New(f.pool, Config{}, nil, nil).Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	var d Diagnostic
	if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range a.Items {
		keys = append(keys, it.Kind+":"+it.ID)
	}
	return a, keys, d
}

// A topical request (the advisor's, Request.Topical) keeps a fact beside
// its source turn, and its graph walk does not go on through a
// participant's node the walk reached: from "Miso" through alice's own
// node, where she travels is not about Miso. Without the flag the answer
// is what it was.
func TestTopicalRequest(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	turn := f.episode(ep{member: "alice", channel: "web:chat", content: "I adopted a cat named Miso", audience: me, at: t0})
	pet := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "has_pet", Claim: "Miso", ValidFrom: t0,
		Channel: "web:chat", Audience: me, SourceEpisodeIDs: []string{turn}})
	trip := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "travels_to", Claim: "Lisbon", ValidFrom: t0,
		Channel: "web:chat", Audience: me})
	alice, miso, lisbon := f.entity("alice", "member:alice", "web:chat", me), f.entity("alice", "Miso", "web:chat", me),
		f.entity("alice", "Lisbon", "web:chat", me)
	f.edge("alice", alice, miso, "has_pet", "web:chat", me)
	f.edge("alice", alice, lisbon, "travels_to", "web:chat", me)

	r := req("alice", "1", "Miso the cat", me, "web:chat")
	r.AsOf = ptr(t0.Add(24 * time.Hour))
	_, keys, d := recallKeys(t, f, r)
	if !slices.Contains(d.Folded, FoldDiagnostic{Key: "fact:" + pet, Into: "episode:" + turn}) || slices.Contains(keys, "fact:"+pet) {
		t.Fatalf("plain: items %v, folded %+v: want the pet folded into its turn", keys, d.Folded)
	}
	if !slices.Contains(keys, "fact:"+trip) {
		t.Fatalf("plain: items %v: want the walk through alice's node to reach the trip", keys)
	}
	r.Topical = true
	_, keys, d = recallKeys(t, f, r)
	if len(d.Folded) != 0 || !slices.Contains(keys, "fact:"+pet) || !slices.Contains(keys, "episode:"+turn) {
		t.Fatalf("topical: items %v, folded %+v: want the pet beside its turn", keys, d.Folded)
	}
	for _, l := range d.Legs {
		if l.Leg == LegGraph && slices.Contains(l.Ranked, "fact:"+trip) {
			t.Fatalf("topical: the graph leg walked through alice's node to %v", l.Ranked)
		}
	}
}
