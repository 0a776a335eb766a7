package recall

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// semanticIDs runs s's semantic leg and returns its mode and rows' keys.
func semanticIDs(t *testing.T, f *fixture, s *Service, query string, aud []string) (string, []string) {
	t.Helper()
	q, err := s.prepare(req("alice", "1", query, aud, "c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.semanticLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range res.rows {
		ids = append(ids, r.key())
	}
	return res.mode, ids
}

// TestSemanticFromMemoryEqualsSQL: the exact scan from the member's vectors
// in memory returns the rows the SQL scan returns, in the same order, for
// readers who see parts or none of the record (the nearest forty are
// hidden from them, so the gate's first batch is all hidden); a vector made ready after the
// copy was read (as the drainer makes it: a queued row updated) is seen at
// the next call through a delta read, and a ready vector removed is gone
// at the next call through a whole read.
func TestSemanticFromMemoryEqualsSQL(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	zed := []string{"person:zed"}
	words := []string{"dog", "garden", "coffee", "beach", "school", "music", "train", "pasta", "snow", "books", "Lisbon", "trip"}
	both := []string{"member:alice", "person:zed"}
	for i := range 1200 {
		aud := [][]string{zed, both, me}[i%3]
		f.episode(ep{member: "alice", channel: "c", audience: aud, at: t0.Add(time.Duration(i) * time.Minute),
			content: fmt.Sprintf("%s %s %s", words[i%12], words[(i/12)%12], words[(i*7/5)%12])})
	}
	// the nearest to "trip to Lisbon" are heard by someone else: the first
	// batch of candidates the gate checks is all hidden
	for i := range 60 {
		f.episode(ep{member: "alice", channel: "c", audience: []string{"person:ann"}, at: t0.Add(time.Duration(i) * time.Second),
			content: "trip to Lisbon"})
	}
	emb := wordHash{dims: 64}
	f.embedAll("alice", emb)
	mem := New(f.pool, Config{LegLimit: 5, VectorCacheMinVectors: 100}, emb, nil)
	sql := New(f.pool, Config{LegLimit: 5, VectorCacheMB: -1}, emb, nil)
	cases := []struct {
		aud   []string
		query string
	}{
		{both, "trip to Lisbon"},
		{me, "trip to Lisbon"},
		{zed, "coffee on the beach"},
		{me, "music school"},
		{me, "pasta and snow and books"},
		{[]string{"person:nobody"}, "dog"},
	}
	for _, c := range cases {
		mm, got := semanticIDs(t, f, mem, c.query, c.aud)
		sm, want := semanticIDs(t, f, sql, c.query, c.aud)
		if mm != "exact_memory" || sm != "exact" {
			t.Fatalf("modes %s and %s, want exact_memory and exact", mm, sm)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%v %q: from memory %v, SQL %v", c.aud, c.query, got, want)
		}
		if c.aud[0] != "person:nobody" && len(got) == 0 {
			t.Fatalf("%v %q: nothing found; the case tests nothing", c.aud, c.query)
		}
	}
	_, _, _, _, held := mem.VectorCacheStats()
	if held != 1 {
		t.Fatalf("%d members held, want 1", held)
	}

	// a new vector, made ready the drainer's way, nearest to the query
	id := f.episode(ep{member: "alice", channel: "c", audience: me, at: t0, content: "zebra quokka"})
	v, _ := emb.Embed(f.ctx, []string{"zebra quokka"})
	f.exec(`INSERT INTO embeddings (member_id, owner_kind, owner_id, model) VALUES ('alice', 'episode', $1, $2)`, id, emb.Model())
	f.exec(`UPDATE embeddings SET vec = $3::vector, status = 'ready', ready_at = now() WHERE member_id = 'alice' AND owner_id = $1 AND model = $2`,
		id, emb.Model(), vecText(v[0]))
	_, loads0, deltas0, _, _ := mem.VectorCacheStats()
	_, got := semanticIDs(t, f, mem, "zebra quokka", me)
	if len(got) == 0 || got[0] != "episode:"+id {
		t.Fatalf("after a new vector: %v, want %s first", got, id)
	}
	_, loads1, deltas1, _, _ := mem.VectorCacheStats()
	if deltas1 != deltas0+1 || loads1 != loads0 {
		t.Fatalf("the new vector came by %d delta and %d whole reads, want 1 delta", deltas1-deltas0, loads1-loads0)
	}
	if _, want := semanticIDs(t, f, sql, "zebra quokka", me); !slices.Equal(got, want) {
		t.Fatalf("after a new vector: from memory %v, SQL %v", got, want)
	}

	// a ready vector removed (an operator's hand): read whole again
	f.exec(`DELETE FROM embeddings WHERE member_id = 'alice' AND owner_id = $1`, id)
	_, got = semanticIDs(t, f, mem, "zebra quokka", me)
	if slices.Contains(got, "episode:"+id) {
		t.Fatalf("after its vector was removed: %v still holds %s", got, id)
	}
	if _, loads2, _, _, _ := mem.VectorCacheStats(); loads2 != loads1+1 {
		t.Fatalf("the removal caused %d whole reads, want 1", loads2-loads1)
	}
	if _, want := semanticIDs(t, f, sql, "zebra quokka", me); !slices.Equal(got, want) {
		t.Fatalf("after the removal: from memory %v, SQL %v", got, want)
	}
}
