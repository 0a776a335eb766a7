package embed_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/memhive/memhive/embed"
)

func (b *bundle) indexState(t *testing.T, model string) (exists, valid bool) {
	t.Helper()
	err := b.pool.QueryRow(b.ctx, `
		SELECT count(*) > 0, coalesce(bool_and(i.indisvalid), false)
		FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		WHERE c.relname = $1 AND i.indrelid = 'embeddings'::regclass`, embed.IndexName(model)).Scan(&exists, &valid)
	if err != nil {
		t.Fatal(err)
	}
	return exists, valid
}

// TestDrainerBulkBacklog: a backlog past BulkBacklog is embedded without
// the model's HNSW index, which is built again once the queue is empty;
// every vector is the embedding of its text, and a semantic search uses the
// rebuilt index.
func TestDrainerBulkBacklog(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(32)
	b.register(t, h, true)
	var owners []owner
	for i := range 300 {
		owners = append(owners, owner{fmt.Sprintf("m%d", i%5), embed.OwnerEpisode, b.id("E"), fmt.Sprintf("bulk episode number %d about topic %d", i, i%17)})
	}
	b.write(t, owners...)
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 64, BulkBacklog: 100, Idle: 20 * time.Millisecond}, nil)
	if err := d.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	defer d.Stop()
	// CREATE INDEX CONCURRENTLY waits for every older transaction in the
	// database to end: on a shared server that can take a while.
	deadline := time.Now().Add(5 * time.Minute)
	for d.Stats.Builds.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no index build within 5 minutes (embedded %d, failures %d)", d.Stats.Embedded.Load(), d.Stats.Failures.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
	d.Stop()
	if n := b.pending(t, h.Model()); n != 0 {
		t.Fatalf("pending = %d after the build", n)
	}
	if exists, valid := b.indexState(t, h.Model()); !exists || !valid {
		t.Fatalf("index exists %v, valid %v after the bulk drain", exists, valid)
	}
	b.checkEmbedded(t, h, owners)

	// A backlog below the threshold keeps the index in place.
	more := []owner{{"m1", embed.OwnerEpisode, b.id("E"), "one more episode"}}
	b.write(t, more...)
	d2 := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 64, BulkBacklog: 100, Idle: 20 * time.Millisecond}, nil)
	if err := d2.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	for b.pending(t, h.Model()) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the small backlog was not drained")
		}
		time.Sleep(20 * time.Millisecond)
	}
	d2.Stop()
	if d2.Stats.Builds.Load() != 0 {
		t.Errorf("a backlog of 1 row rebuilt the index")
	}
	b.checkEmbedded(t, h, more)
}

// TestRegisterRestoresIndex: a drainer stopped between dropping the index
// for a bulk backlog and building it again leaves the model without one; a
// failed concurrent build leaves it invalid. Register (which memhive up runs
// at every start) builds it again in both cases.
func TestRegisterRestoresIndex(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(16)
	b.register(t, h, true)
	var owners []owner
	for i := range 50 {
		owners = append(owners, owner{"alice", embed.OwnerEpisode, b.id("E"), fmt.Sprintf("text %d", i)})
	}
	b.write(t, owners...)
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{BulkBacklog: -1}, nil)
	if n, err := d.DrainOnce(b.ctx); err != nil || n != 50 {
		t.Fatalf("DrainOnce = %d, %v", n, err)
	}
	name := embed.IndexName(h.Model())
	if _, err := b.pool.Exec(b.ctx, `DROP INDEX `+name); err != nil {
		t.Fatal(err)
	}
	b.register(t, h, true)
	if exists, valid := b.indexState(t, h.Model()); !exists || !valid {
		t.Fatalf("after Register on a missing index: exists %v, valid %v", exists, valid)
	}
	// What a failed CREATE INDEX CONCURRENTLY leaves behind.
	if _, err := b.pool.Exec(b.ctx, `UPDATE pg_index SET indisvalid = false WHERE indexrelid = $1::regclass`, name); err != nil {
		t.Fatal(err)
	}
	if _, valid := b.indexState(t, h.Model()); valid {
		t.Fatal("the index is still valid")
	}
	b.register(t, h, true)
	if exists, valid := b.indexState(t, h.Model()); !exists || !valid {
		t.Fatalf("after Register on an invalid index: exists %v, valid %v", exists, valid)
	}
}

// TestDrainOnceCursorMissesNothing: a row queued behind the claim cursor
// (its transaction stamped it earlier but committed later) is drained all
// the same.
func TestDrainOnceCursorMissesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(16)
	b.register(t, h, true)
	var owners []owner
	for i := range 25 {
		owners = append(owners, owner{"alice", embed.OwnerEpisode, b.id("E"), fmt.Sprintf("text %d", i)})
	}
	b.write(t, owners...)
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 10}, nil)
	if n, err := d.DrainOnce(b.ctx); err != nil || n != 10 {
		t.Fatalf("DrainOnce = %d, %v; want 10", n, err)
	}
	late := owner{"bob", embed.OwnerEpisode, b.id("E"), "committed late"}
	b.write(t, late)
	if _, err := b.pool.Exec(b.ctx, `UPDATE embeddings SET queued_at = '2000-01-01' WHERE owner_id = $1`, late.id); err != nil {
		t.Fatal(err)
	}
	total := 10
	for {
		n, err := d.DrainOnce(b.ctx)
		if err != nil {
			t.Fatal(err)
		}
		total += n
		if n == 0 {
			break
		}
	}
	if total != 26 {
		t.Errorf("drained %d rows, want 26", total)
	}
	if n := b.pending(t, h.Model()); n != 0 {
		t.Fatalf("pending = %d", n)
	}
	b.checkEmbedded(t, h, append(owners, late))
}
