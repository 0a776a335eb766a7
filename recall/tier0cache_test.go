package recall

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/memhive/memhive/facts"
	audgate "github.com/memhive/memhive/gate"
)

// seedProfile writes n facts about member: single and multi axes, several
// speakers and confidences, three audiences, some closed (valid_until),
// some valid only later, some foresight, and a few written beliefs.
func seedProfile(f *fixture, member string, n int, seed uint64) {
	f.t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 1))
	preds := []string{"lives_in", "works_at", "likes", "dislikes", "owns", "favorite_food", "job_title", "plays", "has_pet", "visited"}
	speakers := []string{"member:" + member, "assistant:talky", "person:bob"}
	auds := [][]string{{"member:" + member}, {"member:" + member, "person:bob"}, {"*"}}
	for i := range n {
		from := t0.Add(time.Duration(rnd.IntN(400*24)) * time.Hour)
		fa := facts.Fact{Member: member, Subject: "member:" + member, Predicate: preds[rnd.IntN(len(preds))],
			Claim: fmt.Sprintf("thing %d", rnd.IntN(n/2+1)), Confidence: 20 + rnd.IntN(81), ValidFrom: from,
			Channel: "web:chat", Audience: auds[rnd.IntN(len(auds))], Speaker: speakers[rnd.IntN(len(speakers))], Origin: "memorize"}
		if rnd.IntN(6) == 0 {
			fa.ValidUntil = ptr(from.Add(time.Duration(1+rnd.IntN(90*24)) * time.Hour))
		}
		if rnd.IntN(12) == 0 {
			fa.Kind = facts.Foresight
		}
		_ = i
		f.fact(fa)
	}
	for i := range 5 {
		f.belief(member, "member:"+member, fmt.Sprintf("written line %d", i), "web:chat", auds[i%len(auds)], i == 0)
	}
}

// With the lines kept or not, tier 0 (and tier 2's profile) answers byte
// for byte the same, at every as_of, given or the clock's, as the clock
// crosses the instants where facts start and stop being valid, for several
// readers and budgets; and the kept lines are used.
func TestTier0KeptEqualsUncached(t *testing.T) {
	t.Parallel()
	f := setup(t)
	seedProfile(f, "alice", 400, 7)
	clock := t0
	now := func() time.Time { return clock }
	kept := New(f.pool, Config{}, nil, nil)
	kept.now = now
	plain := New(f.pool, Config{}, nil, nil)
	plain.now = now
	plain.t0.off = true

	readers := [][]string{{"member:alice"}, {"member:alice", "person:bob"}, {"person:bob"}}
	var calls int
	for step := range 60 {
		clock = t0.Add(time.Duration(step*7) * 24 * time.Hour)
		for ri, aud := range readers {
			for _, budget := range []int{0, 150} {
				for _, given := range []bool{false, true} {
					r := req("alice", "0", "", aud, "web:chat")
					r.BudgetTokens = budget
					if given {
						r.AsOf = ptr(t0.Add(time.Duration(step*5) * 24 * time.Hour))
					}
					sameAnswer(t, f, kept, plain, r, fmt.Sprintf("step %d reader %d budget %d as_of given %v: kept and uncached", step, ri, budget, given))
					calls++
				}
			}
		}
		if step == 30 { // a write half way
			seedProfile(f, "alice", 20, 8)
		}
	}
	hits, misses := kept.Tier0CacheStats()
	if hits == 0 || misses == 0 || hits+misses != int64(calls) {
		t.Fatalf("kept lines: %d hits, %d misses over %d calls", hits, misses, calls)
	}
	if h, _ := plain.Tier0CacheStats(); h != 0 {
		t.Fatalf("the uncached service used kept lines %d times", h)
	}
	t.Logf("%d calls: %d hits, %d misses", calls, hits, misses)
}

// Concurrent calls share the kept lines without changing them: each answer
// equals the uncached one for its reader (run with -race).
func TestTier0KeptConcurrent(t *testing.T) {
	t.Parallel()
	f := setup(t)
	seedProfile(f, "alice", 200, 9)
	kept := New(f.pool, Config{}, nil, nil)
	plain := New(f.pool, Config{}, nil, nil)
	plain.t0.off = true
	readers := [][]string{{"member:alice"}, {"member:alice", "person:bob"}, {"person:bob"}}
	want := make([]string, len(readers))
	for i, aud := range readers {
		a, err := plain.Recall(f.ctx, req("alice", "0", "", aud, "web:chat"))
		if err != nil {
			t.Fatal(err)
		}
		j, _ := json.Marshal(a)
		want[i] = string(j)
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for n := range 15 {
				i := (g + n) % len(readers)
				a, err := kept.Recall(f.ctx, req("alice", "0", "", readers[i], "web:chat"))
				if err != nil {
					errs <- err
					return
				}
				if j, _ := json.Marshal(a); string(j) != want[i] {
					errs <- fmt.Errorf("goroutine %d call %d reader %d: kept answer differs", g, n, i)
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if hits, _ := kept.Tier0CacheStats(); hits == 0 {
		t.Fatal("no call used the kept lines")
	}
}

// A reader whose lines are not kept is made from the member's snapshot,
// gated in memory: over many readers (audiences, channels, an
// open_history channel, assistants with drafts of their own and scopes,
// as_of given or not) and a write half way, tier 0 answers byte for byte
// as the uncached service, and the snapshot served the misses.
func TestTier0SnapshotEqualsUncached(t *testing.T) {
	t.Parallel()
	for _, max := range []int{0, 50} {
		t.Run(fmt.Sprint("snapMax=", max), func(t *testing.T) { testTier0Snapshot(t, max) })
	}
}

// testTier0Snapshot is TestTier0SnapshotEqualsUncached with at most max
// facts in a snapshot (0: the default): a member with more is read by each
// reader in SQL.
func testTier0Snapshot(t *testing.T, max int) {
	t.Parallel()
	f := setup(t)
	seedProfile(f, "alice", 300, 21)
	// facts on other channels, some drafts of one assistant, some rejected
	rnd := rand.New(rand.NewPCG(21, 2))
	for i := range 60 {
		fa := facts.Fact{Member: "alice", Subject: "member:alice", Predicate: []string{"likes", "lives_in", "owns"}[i%3],
			Claim: fmt.Sprintf("other %d", i), Confidence: 40 + rnd.IntN(60), ValidFrom: t0.Add(time.Duration(rnd.IntN(300*24)) * time.Hour),
			Channel: []string{"voice:car", "slack:#team"}[i%2], Audience: [][]string{{"member:alice"}, {"member:alice", "person:carol"}}[rnd.IntN(2)],
			Speaker: "member:alice", Origin: "memorize"}
		if i%5 < 3 {
			fa.Origin, fa.Draft = "drain", &facts.Draft{By: "talky", Hash: fmt.Sprintf("h%d", i)}
		}
		id := f.fact(fa)
		switch i % 5 {
		case 1:
			f.exec(`UPDATE facts SET draft = 'rejected' WHERE member_id = 'alice' AND id = $1`, id)
		case 2:
			f.exec(`UPDATE facts SET draft = 'approved' WHERE member_id = 'alice' AND id = $1`, id)
		}
	}
	clock := t0.Add(200 * 24 * time.Hour)
	now := func() time.Time { return clock }
	cfg := Config{OpenHistory: []string{"slack:#team"}}
	kept := New(f.pool, cfg, nil, nil)
	kept.now = now
	plain := New(f.pool, cfg, nil, nil)
	plain.now = now
	plain.t0.off = true
	kept.t0.snapMax = max
	scopes := audgate.Scopes{
		"talky": {},
		"picky": {Predicates: []string{"likes", "owns"}, ExcludeChannels: []string{"voice:car"}},
		"kindy": {Kinds: []string{"world"}, Channels: []string{"web:chat", "slack:#team"}},
	}
	kept.Scopes, plain.Scopes = scopes, scopes
	readers := [][]string{{"member:alice"}, {"member:alice", "person:bob"}, {"person:bob"}, {"member:alice", "person:carol"}}
	var calls int
	for step := range 8 {
		for _, aud := range readers {
			for _, ch := range []string{"web:chat", "voice:car", "slack:#team"} {
				for _, as := range []string{"", "talky", "picky", "kindy"} {
					r := req("alice", "0", "", aud, ch)
					r.Assistant = as
					if step%2 == 1 {
						r.AsOf = ptr(t0.Add(time.Duration(step*40) * 24 * time.Hour))
					}
					// every call a new reader to the kept lines: the
					// snapshot serves it
					kept.t0.dropLines()
					sameAnswer(t, f, kept, plain, r, fmt.Sprintf("step %d reader %v channel %s assistant %q: snapshot and uncached", step, aud, ch, as))
					calls++
				}
			}
		}
		if step == 4 {
			seedProfile(f, "alice", 20, 22)
		}
	}
	served := kept.t0.snapHits.Load()
	if max > 0 {
		if served != 0 {
			t.Fatalf("a snapshot over its bound served %d calls", served)
		}
		return
	}
	if _, misses := kept.Tier0CacheStats(); misses != int64(calls) || served < int64(calls)-4 {
		t.Fatalf("%d calls: %d missed the kept lines, %d served by the snapshot", calls, misses, served)
	}
	t.Logf("%d calls, %d served by the snapshot", calls, served)
}

// sameAnswer fails the test unless a and b answer r byte for byte alike
// (as JSON); what names the comparison.
func sameAnswer(t *testing.T, f *fixture, a, b *Service, r Request, what string) {
	t.Helper()
	x, err := a.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	y, err := b.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	jx, _ := json.Marshal(x)
	jy, _ := json.Marshal(y)
	if string(jx) != string(jy) {
		t.Fatalf("%s differ:\n%s\n---\n%s", what, x.Text, y.Text)
	}
}

// dropLines forgets every reader's kept lines (the member snapshots stay):
// the next call of each reader misses them.
func (c *tier0Cache) dropLines() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries, c.lines = nil, 0
	c.lru.Init()
}
