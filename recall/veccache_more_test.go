package recall

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestSemanticFromMemorySkipsEmptyVectors: the drainer stores a zero vector (a turn
// with no words: "👍", "...") as status 'ready' with vec NULL
// (embed/drainer.go: NULLIF(u.vec, ”)). The SQL exact scan skips such a
// row (NULL <=> q is NULL); the in-memory scan must too, not fail the leg.
func TestSemanticFromMemorySkipsEmptyVectors(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	words := []string{"dog", "garden", "coffee", "beach", "school", "music", "train", "pasta", "snow", "books", "Lisbon", "trip"}
	for i := range 150 {
		f.episode(ep{member: "alice", channel: "c", audience: me, at: t0.Add(time.Duration(i) * time.Minute),
			content: fmt.Sprintf("%s %s", words[i%12], words[(i/12)%12])})
	}
	emb := wordHash{dims: 64}
	f.embedAll("alice", emb)
	// a wordless turn, made ready the drainer's way
	id := f.episode(ep{member: "alice", channel: "c", audience: me, at: t0, content: "👍"})
	f.exec(`INSERT INTO embeddings (member_id, owner_kind, owner_id, model) VALUES ('alice', 'episode', $1, $2)`, id, emb.Model())
	f.exec(`UPDATE embeddings SET vec = NULLIF('', '')::vector, status = 'ready', ready_at = now() WHERE member_id = 'alice' AND owner_id = $1 AND model = $2`,
		id, emb.Model())

	sql := New(f.pool, Config{LegLimit: 5, VectorCacheMB: -1}, emb, nil)
	_, want := semanticIDs(t, f, sql, "trip to Lisbon", me)
	mem := New(f.pool, Config{LegLimit: 5, VectorCacheMinVectors: 100}, emb, nil)
	q, err := mem.prepare(req("alice", "1", "trip to Lisbon", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := mem.semanticLeg(f.ctx, q)
	if err != nil {
		t.Fatalf("the memory scan fails where the SQL scan answers %v: %v", want, err)
	}
	var got []string
	for _, r := range res.rows {
		got = append(got, r.key())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("from memory %v, SQL %v", got, want)
	}
}

// TestVectorCacheAccountsWhatItHolds: six members whose copies (each under
// a quarter of the budget) do not all fit, asked concurrently while new
// vectors arrive: loads evict one another, sometimes while the other is
// being refreshed. The cache's byte count must stay the sum of what the sets
// it holds count (go test -race must stay quiet: a set's size is written
// under its lock, the cache's count under the cache's).
func TestVectorCacheAccountsWhatItHolds(t *testing.T) {
	t.Parallel()
	f := setup(t)
	emb := wordHash{dims: 64}
	members := []string{"alice", "bob", "carol", "dan", "erin", "fay"}
	f.exec(`INSERT INTO emb_models (name, dimensions, active) VALUES ($1, $2, true)`, emb.Model(), emb.Dimensions())
	for _, m := range members {
		f.exec(`INSERT INTO embeddings (member_id, owner_kind, owner_id, model, status, vec, ready_at)
			SELECT $1, 'episode', 'e' || g, $2, 'ready',
				(SELECT array_agg(random())::vector FROM generate_series(1, 64) x WHERE g.g > 0), now()
			FROM generate_series(1, 600) g`, m, emb.Model())
	}
	s := New(f.pool, Config{LegLimit: 5, VectorCacheMinVectors: 100, VectorCacheMB: 1}, emb, nil)
	if !s.vcFits(600, 64) || s.vcFits(600*4, 64) {
		t.Fatal("the members' copies are not between a quarter and the whole budget: the test tests nothing")
	}
	done := make(chan error)
	for w := range 4 {
		go func() {
			var err error
			for i := range 18 {
				m := members[(w+i)%len(members)]
				q, perr := s.prepare(req(m, "1", "dog", []string{"member:" + m}, "c"))
				if perr != nil {
					err = perr
					break
				}
				if _, err = s.semanticLeg(f.ctx, q); err != nil {
					break
				}
				if i%3 == 0 { // a new vector: the next call reads a delta
					_, err = f.pool.Exec(f.ctx, `INSERT INTO embeddings (member_id, owner_kind, owner_id, model, status, vec, ready_at)
						SELECT $1, 'episode', 'n' || $3::int || '-' || $4::int, $2, 'ready',
							(SELECT array_agg(random())::vector FROM generate_series(1, 64)), now()`, m, emb.Model(), w, i)
					if err != nil {
						break
					}
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	c := &s.vc
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.evictions.Load() == 0 || c.loads.Load() <= int64(len(members)) {
		t.Fatalf("%d evictions, %d whole reads: the members did not push one another out", c.evictions.Load(), c.loads.Load())
	}
	var sum int64
	for _, el := range c.entries {
		vs := el.Value.(*vecSet)
		sum += vs.accounted
		if vs.accounted != vs.bytes {
			t.Errorf("set %s: counted %d bytes, holds %d", vs.key, vs.accounted, vs.bytes)
		}
	}
	if c.bytes != sum || c.bytes > s.vcBudgetBytes() {
		t.Fatalf("the cache counts %d bytes, its sets %d, the budget %d", c.bytes, sum, s.vcBudgetBytes())
	}
}

// TestVectorCacheSeesTheCounterMadeAgain: vector_versions made again (its
// migration run down and up, a restore) numbers vectors from 1 again; a
// copy read before must not take its own higher version for current.
func TestVectorCacheSeesTheCounterMadeAgain(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	for i := range 150 {
		f.episode(ep{member: "alice", channel: "c", audience: me, at: t0.Add(time.Duration(i) * time.Minute),
			content: fmt.Sprintf("dog garden %d", i)})
	}
	emb := wordHash{dims: 64}
	f.embedAll("alice", emb)
	mem := New(f.pool, Config{LegLimit: 5, VectorCacheMinVectors: 100}, emb, nil)
	if mode, got := semanticIDs(t, f, mem, "dog", me); mode != "exact_memory" || len(got) == 0 {
		t.Fatalf("mode %s, %d rows: the copy was not made", mode, len(got))
	}
	f.exec(`DROP TABLE vector_versions`)
	f.exec(`CREATE TABLE vector_versions (member_id text NOT NULL, model text NOT NULL, version bigint NOT NULL DEFAULT 0,
		gen bigint NOT NULL DEFAULT 0, ann boolean NOT NULL DEFAULT false, PRIMARY KEY (member_id, model))`)
	id := f.episode(ep{member: "alice", channel: "c", audience: me, at: t0, content: "zebra quokka"})
	v, _ := emb.Embed(f.ctx, []string{"zebra quokka"})
	f.exec(`INSERT INTO embeddings (member_id, owner_kind, owner_id, model, status, vec, ready_at)
		VALUES ('alice', 'episode', $1, $2, 'ready', $3::vector, now())`, id, emb.Model(), vecText(v[0]))
	if _, got := semanticIDs(t, f, mem, "zebra quokka", me); len(got) == 0 || got[0] != "episode:"+id {
		t.Fatalf("after the counter was made again: %v, want %s first", got, id)
	}
}
