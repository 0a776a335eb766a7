package recall

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/facts"
)

// wordHash is a tiny deterministic embedder for tests: each word (with a
// synonym table, so "vacation" and "trip" meet) hashed into dims buckets.
type wordHash struct {
	dims int
	fail bool
}

var synonyms = map[string]string{"vacation": "trip", "holiday": "trip"}

func (w wordHash) Model() string   { return "test-hash-" + strconv.Itoa(w.dims) }
func (w wordHash) Dimensions() int { return w.dims }
func (w wordHash) Embed(_ context.Context, texts []string) ([][]float32, error) {
	if w.fail {
		return nil, errors.New("embedder down")
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, w.dims)
		for _, word := range terms(t) {
			if s, ok := synonyms[word]; ok {
				word = s
			}
			h := fnv.New32a()
			h.Write([]byte(word))
			v[h.Sum32()%uint32(w.dims)] += 1
		}
		var n float64
		for _, x := range v {
			n += float64(x * x)
		}
		if n == 0 {
			v[0], n = 1, 1
		}
		for j := range v {
			v[j] /= float32(math.Sqrt(n))
		}
		out[i] = v
	}
	return out, nil
}

func (f *fixture) embedAll(member string, e wordHash) {
	f.t.Helper()
	f.exec(`INSERT INTO emb_models (name, dimensions, active) VALUES ($1, $2, true)`, e.Model(), e.Dimensions())
	pred, err := embed.ModelPredicate(e.Model())
	if err != nil {
		f.t.Fatal(err)
	}
	f.exec(`CREATE INDEX ON embeddings USING hnsw ((vec::vector(` + strconv.Itoa(e.dims) + `)) vector_cosine_ops) WHERE ` + pred)
	rows, err := f.pool.Query(f.ctx, `SELECT 'episode', id, content FROM episodes WHERE member_id = $1
		UNION ALL SELECT 'fact', id, subject || ' ' || predicate || ' ' || claim FROM facts WHERE member_id = $1`, member)
	if err != nil {
		f.t.Fatal(err)
	}
	type own struct{ kind, id, text string }
	var owners []own
	for rows.Next() {
		var o own
		if err := rows.Scan(&o.kind, &o.id, &o.text); err != nil {
			f.t.Fatal(err)
		}
		owners = append(owners, o)
	}
	rows.Close()
	for _, o := range owners {
		v, _ := e.Embed(f.ctx, []string{o.text})
		f.exec(`INSERT INTO embeddings (member_id, owner_kind, owner_id, model, status, vec, ready_at)
			VALUES ($1, $2, $3, $4, 'ready', $5::vector, now())`, member, o.kind, o.id, e.Model(), vecText(v[0]))
	}
}

func TestSemanticLegExactAndHNSW(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	trip := f.episode(ep{member: "alice", channel: "c", content: "we booked a trip to Lisbon", audience: me, at: t0})
	hidden := f.episode(ep{member: "alice", channel: "c", content: "a secret trip to Lisbon", audience: []string{"person:zed"}, at: t0})
	f.episode(ep{member: "alice", channel: "c", content: "the dog ate my homework", audience: me, at: t0})
	emb := wordHash{dims: 64}
	f.embedAll("alice", emb)

	// exact scan; then exact still, since alice's vectors are not in the
	// HNSW index yet (migration 029); then, once they are, HNSW with
	// iterative scan
	for i, exactBelow := range []int{20000, 1, 1} {
		if i == 2 {
			if ok, err := embed.IndexMember(f.ctx, f.pool, emb.Model(), "alice"); err != nil || !ok {
				t.Fatalf("index alice: %v, %v", ok, err)
			}
		}
		s := New(f.pool, Config{ExactVectorBelow: exactBelow}, emb, nil)
		r := req("alice", "1", "vacation Lisbon", me, "c")
		q, _ := s.prepare(r)
		res, err := s.semanticLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"exact", "exact", "hnsw"}[i]; res.mode != want {
			t.Errorf("round %d (exactBelow %d): mode %s, want %s", i, exactBelow, res.mode, want)
		}
		if res.missing != "" || len(res.rows) != 1 || res.rows[0].ID != trip {
			t.Fatalf("exactBelow %d (%s): %+v", exactBelow, res.mode, res.rows)
		}
		for _, r := range res.rows {
			if r.ID == hidden {
				t.Fatal("semantic leg leaked a hidden row")
			}
		}
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range a.Legs {
			if l.Missing != "" && l.Leg != LegGraph && l.Leg != LegSelf {
				t.Fatalf("leg %+v", l)
			}
		}
	}
	// an embedder outage is a missing leg, not a failed recall
	s := New(f.pool, Config{}, wordHash{dims: 64, fail: true}, nil)
	a, err := s.Recall(f.ctx, req("alice", "1", "vacation", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Legs[1].Leg != LegSemantic || a.Legs[1].Missing == "" {
		t.Fatalf("legs %+v", a.Legs)
	}
	// an embedder of another model than the active one
	s = New(f.pool, Config{}, wordHash{dims: 32}, nil)
	a, _ = s.Recall(f.ctx, req("alice", "1", "vacation", me, "c"))
	if a.Legs[1].Missing == "" {
		t.Fatalf("legs %+v", a.Legs)
	}
}

func TestGraphLegWalksGatedEdgesAndSkipsHubs(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	other := []string{"person:zed"}
	fact := func(subject, claim string, aud []string) string {
		return f.fact(facts.Fact{Member: "alice", Subject: subject, Predicate: "note", Claim: claim, ValidFrom: t0, Channel: "c", Audience: aud})
	}
	bob := f.entity("alice", "Bob", "c", me)
	carol := f.entity("alice", "Carol", "c", me)
	dave := f.entity("alice", "Dave", "c", me)
	erin := f.entity("alice", "Erin", "c", me)
	hub := f.entity("alice", "Acme", "c", me)
	secret := f.entity("alice", "Sam", "c", me)
	f.edge("alice", bob, carol, "knows", "c", me)     // depth 1
	f.edge("alice", carol, dave, "knows", "c", me)    // depth 2
	f.edge("alice", dave, erin, "knows", "c", me)     // depth 3: never reached
	f.edge("alice", bob, secret, "knows", "c", other) // hidden edge
	f.edge("alice", carol, hub, "works_at", "c", me)
	for i := range 14 { // Acme is a hub
		n := f.entity("alice", "worker "+strconv.Itoa(i), "c", me)
		f.edge("alice", n, hub, "works_at", "c", me)
		fact("worker "+strconv.Itoa(i), "is behind the hub", me)
	}
	fb := fact("Bob", "plays chess", me)
	fc := fact("Carol", "sings", me)
	fd := fact("Dave", "paints", me)
	fe := fact("Erin", "is too far", me)
	fs := fact("Sam", "is behind a hidden edge", me)
	fh := fact("Acme", "is a company", me)
	fx := fact("Bob", "has a secret", other)
	for i := range 5 {
		fact("Bob", "detail "+strconv.Itoa(i), me) // ≤3 facts per node
	}
	s := New(f.pool, Config{}, nil, nil)
	q, _ := s.prepare(req("alice", "1", "what about bob?", me, "c"))
	res, err := s.graphLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	bobFacts := 0
	for _, r := range res.rows {
		got[r.ID] = true
		if r.subjectCanon == "bob" {
			bobFacts++
		}
	}
	for _, id := range []string{fc, fd, fh} {
		if !got[id] {
			t.Errorf("missing %s in %v", id, res.rows)
		}
	}
	for _, id := range []string{fe, fs, fx} {
		if got[id] {
			t.Errorf("should not reach %s", id)
		}
	}
	if bobFacts != 3 || !got[fb] && bobFacts != 3 {
		t.Errorf("bob facts %d", bobFacts)
	}
	for _, r := range res.rows {
		if r.Text == "worker 0 note is behind the hub" {
			t.Errorf("walked through the hub: %s", r.Text)
		}
	}
	// fuzzy: a misspelt name still seeds the walk
	q.req.Query = "what about Caroll"
	res, err = s.graphLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if res.mode != "fuzzy" || len(res.rows) == 0 || !slices.ContainsFunc(res.rows, func(r *row) bool { return r.ID == fc }) {
		t.Fatalf("fuzzy: %s %v", res.mode, res.rows)
	}
	// no entities for a member: named missing
	q.member = "nobody"
	res, _ = s.graphLeg(f.ctx, q)
	if res.missing != "no entities yet" {
		t.Fatalf("missing %q", res.missing)
	}
}

// TestGraphLegSeedsParticipantsAndTheAsker: "Alice" reaches the entity the
// close pass names member:alice, and "my" reaches the asker's own entity,
// without any alias; then the walk goes two hops from there.
func TestGraphLegSeedsParticipantsAndTheAsker(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	alice := f.entity("alice", "member:alice", "c", me)
	carol := f.entity("alice", "Carol", "c", me)
	dana := f.entity("alice", "Dana", "c", me)
	porto := f.entity("alice", "Porto", "c", me)
	f.edge("alice", alice, carol, "manager", "c", me)
	f.edge("alice", carol, dana, "sister", "c", me)
	f.edge("alice", dana, porto, "lives_in", "c", me)
	lives := f.fact(facts.Fact{Member: "alice", Subject: "Dana", Predicate: "lives_in", Claim: "Porto", ValidFrom: t0, Channel: "c", Audience: me})
	s := New(f.pool, Config{}, nil, nil)
	for _, tc := range []struct {
		query, asker string
		want         bool
	}{
		{"where does the sister of Alice's manager live?", "", true},
		{"where does my manager's sister live?", "", true},
		{"where does my manager's sister live?", "person:zed", false}, // zed's "my" is not alice
		{"where does the sister of the manager live?", "", false},
	} {
		r := req("alice", "1", tc.query, me, "c")
		r.Asker = tc.asker
		q, _ := s.prepare(r)
		res, err := s.graphLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		got := slices.ContainsFunc(res.rows, func(r *row) bool { return r.ID == lives })
		if got != tc.want {
			t.Errorf("%q (asker %q): Porto fact found %v, want %v (%v)", tc.query, tc.asker, got, tc.want, res.rows)
		}
	}
}

type fakeSynth struct {
	down *Downgrade
	got  []Item
}

func (s *fakeSynth) Synthesize(_ context.Context, _ Request, beliefs, cands []Item) (*Synthesis, *Downgrade, error) {
	s.got = append(beliefs, cands...)
	if s.down != nil {
		return nil, s.down, nil
	}
	return &Synthesis{Answer: "Lisbon", Gap: "none - the candidates cover the question", Sources: []string{cands[0].ID}, Confidence: 80}, nil, nil
}

func TestTier2(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	f.episode(ep{member: "alice", channel: "c", content: "we booked a trip to Lisbon", audience: me, at: t0})
	f.belief("alice", "member:alice", "alice loves travel", "c", me, false)
	f.belief("alice", "member:alice", "hidden belief", "c", []string{"person:zed"}, false)
	s := New(f.pool, Config{}, nil, nil)
	syn := &fakeSynth{}
	s.Synth = syn
	a, err := s.Recall(f.ctx, req("alice", "2", "trip Lisbon", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Tier != 2 || a.Answer == nil || a.Answer.Answer != "Lisbon" || a.Downgraded != nil {
		t.Fatalf("%+v", a)
	}
	for _, it := range syn.got {
		if it.Text == "hidden belief" {
			t.Fatal("tier 2 gave the model a hidden belief")
		}
	}
	if syn.got[0].Kind != "belief" {
		t.Fatalf("beliefs first: %+v", syn.got)
	}
	syn.down = &Downgrade{Reason: "gap_missing"}
	a, err = s.Recall(f.ctx, req("alice", "2", "trip Lisbon", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Tier != 1 || a.Answer != nil || a.Downgraded == nil || a.Downgraded.Reason != "gap_missing" || len(a.Items) == 0 {
		t.Fatalf("downgrade: %+v", a)
	}
}

// TestSemanticExactHeadEqualsWholeSort: the exact scan sorts only the
// nearest exactHead×LegLimit vectors, and sorts all of them when the gate
// leaves fewer than LegLimit of that head. Its rows equal those of sorting
// every vector, whether the audience sees nearly everything, a few rows
// among many hidden ones (the head is cut short), or nothing.
func TestSemanticExactHeadEqualsWholeSort(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	zed := []string{"person:zed"}
	words := []string{"dog", "garden", "coffee", "beach", "school", "music", "train", "pasta", "snow", "books"}
	// hidden rows nearest the query, so that the head is nearly all hidden
	for i := range 100 {
		f.episode(ep{member: "alice", channel: "c", audience: zed, at: t0.Add(time.Duration(i) * time.Minute),
			content: "our trip to Lisbon " + words[i%10] + " " + words[(i/10)%10]})
	}
	// two visible rows as near, and visible rows farther off
	f.episode(ep{member: "alice", channel: "c", audience: me, at: t0, content: "our trip to Lisbon"})
	f.episode(ep{member: "alice", channel: "c", audience: me, at: t0, content: "the trip to Lisbon dog"})
	for i := range 20 {
		f.episode(ep{member: "alice", channel: "c", audience: me, at: t0.Add(time.Duration(i) * time.Hour),
			content: words[i%10] + " and Lisbon and " + words[(i*3)%10]})
	}
	emb := wordHash{dims: 64}
	f.embedAll("alice", emb)
	for _, c := range []struct {
		aud   []string
		query string
	}{
		{[]string{"member:alice", "person:zed"}, "trip to Lisbon"}, // sees all
		{me, "trip to Lisbon"},              // two of the head's 40 visible: the head is cut short
		{me, "Lisbon trip"},                 // same
		{[]string{"person:nobody"}, "trip"}, // sees nothing
	} {
		var got [2][]string
		var reruns int64
		for i, whole := range []bool{false, true} {
			s := New(f.pool, Config{LegLimit: 5}, emb, nil)
			s.exactWhole = whole
			q, _ := s.prepare(req("alice", "1", c.query, c.aud, "c"))
			res, err := s.semanticLeg(f.ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if res.mode != "exact" {
				t.Fatalf("mode %s, want exact", res.mode)
			}
			if !whole {
				reruns = s.exactReruns.Load()
			}
			for _, r := range res.rows {
				got[i] = append(got[i], r.ID)
			}
		}
		if !slices.Equal(got[0], got[1]) {
			t.Fatalf("%v %q: head then whole %v, whole sort %v", c.aud, c.query, got[0], got[1])
		}
		if len(c.aud) == 1 && c.aud[0] == "member:alice" && (len(got[0]) == 0 || reruns == 0) {
			t.Fatalf("%q as alice: %d rows, %d whole sorts after the head: the case does not cut the head short", c.query, len(got[0]), reruns)
		}
	}
}
