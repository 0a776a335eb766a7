package embed_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/embed"
)

// annRows counts a member's ready vectors of model in and out of the HNSW
// index (ann), and reads the member's vector_versions.ann.
func annRows(t *testing.T, b *bundle, model, member string) (in, out int, flag bool) {
	t.Helper()
	err := b.pool.QueryRow(b.ctx, `SELECT count(*) FILTER (WHERE ann), count(*) FILTER (WHERE NOT ann),
		coalesce((SELECT ann FROM vector_versions WHERE member_id = $1 AND model = $2), false)
		FROM embeddings WHERE member_id = $1 AND model = $2 AND status = 'ready'`, member, model).Scan(&in, &out, &flag)
	if err != nil {
		t.Fatal(err)
	}
	return in, out, flag
}

// TestIndexFromMemberSize: the drainer puts a member's vectors into the
// model's HNSW index when the member reaches IndexFrom ready vectors, all
// of them at once, and every later vector goes in as it becomes ready; a
// smaller member's vectors stay out of the graph (recall compares them
// exactly). The index's predicate names ann, so a search through it only
// finds the indexed member's rows.
func TestIndexFromMemberSize(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)
	b.notes(t, "big", 25, "the train to lisbon, note %d")
	b.notes(t, "small", 5, "the train to porto, note %d")
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 10, IndexFrom: 20, PrevTurns: -1}, nil)
	b.drainAll(t, d)
	if in, out, flag := annRows(t, b, h.Model(), "big"); in != 25 || out != 0 || !flag {
		t.Errorf("big (25 vectors, IndexFrom 20): %d in the index, %d out, member indexed %v; want 25, 0, true", in, out, flag)
	}
	if in, out, flag := annRows(t, b, h.Model(), "small"); in != 0 || out != 5 || flag {
		t.Errorf("small (5 vectors): %d in the index, %d out, member indexed %v; want 0, 5, false", in, out, flag)
	}
	if got := d.Stats.Indexed.Load(); got != 1 {
		t.Errorf("Stats.Indexed = %d, want 1", got)
	}

	// a vector written after the member was indexed goes in as it is made
	b.notes(t, "big", 1, "the train to lisbon, late note %d")
	if n, err := d.DrainOnce(b.ctx); err != nil || n != 1 {
		t.Fatalf("drain the late vector: %d, %v", n, err)
	}
	if in, out, _ := annRows(t, b, h.Model(), "big"); in != 26 || out != 0 {
		t.Errorf("big after a late vector: %d in, %d out; want 26, 0", in, out)
	}

	// a search through the index (the plan a big member gets) finds the
	// indexed member's rows, and none of the small member's
	pred, err := embed.ModelPredicate(h.Model())
	if err != nil {
		t.Fatal(err)
	}
	qv, err := h.Embed(b.ctx, []string{"the train to porto"})
	if err != nil {
		t.Fatal(err)
	}
	qlit := "[" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(qv[0])), ","), "[]") + "]"
	search := fmt.Sprintf(`SELECT count(*) FROM (SELECT owner_id FROM embeddings WHERE %s AND member_id = $1 AND status = 'ready'
		ORDER BY %s <=> $2::%s LIMIT 10) z`, pred, embed.VecExpr(64), embed.VecType(64))
	for member, want := range map[string]int{"big": 10, "small": 0} {
		var got int
		var plan []string
		err := pgx.BeginFunc(b.ctx, b.pool, func(tx pgx.Tx) error {
			for _, s := range []string{"SET LOCAL hnsw.iterative_scan = relaxed_order", "SET LOCAL enable_seqscan = off", "SET LOCAL enable_sort = off"} {
				if _, err := tx.Exec(b.ctx, s); err != nil {
					return err
				}
			}
			rows, err := tx.Query(b.ctx, "EXPLAIN "+search, member, qlit)
			if err != nil {
				return err
			}
			if plan, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
				return err
			}
			return tx.QueryRow(b.ctx, search, member, qlit).Scan(&got)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(plan, "\n"), embed.IndexName(h.Model())) {
			t.Fatalf("%s: the search does not use the model's index:\n%s", member, strings.Join(plan, "\n"))
		}
		if got != want {
			t.Errorf("%s: %d rows through the index, want %d", member, got, want)
		}
	}

	// IndexMember of an indexed member does nothing; IndexMembers sweeps
	// the members at a size, counted exactly
	if ok, err := embed.IndexMember(b.ctx, b.pool, h.Model(), "big"); err != nil || ok {
		t.Errorf("IndexMember(big) again = %v, %v; want false, nil", ok, err)
	}
	ms, err := embed.IndexMembers(b.ctx, b.pool, h.Model(), 5)
	if err != nil || len(ms) != 1 || ms[0] != "small" {
		t.Errorf("IndexMembers(from 5) = %v, %v; want [small]", ms, err)
	}
	if in, out, flag := annRows(t, b, h.Model(), "small"); in != 5 || out != 0 || !flag {
		t.Errorf("small after the sweep: %d in, %d out, indexed %v; want 5, 0, true", in, out, flag)
	}
}

// TestLegacyIndexDropped: the index from before migration 029 (every
// member's vectors, another name) is dropped once the model's index is
// there, so writes stop paying for it.
func TestLegacyIndexDropped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)
	legacy := embed.LegacyIndexName(h.Model())
	if legacy == embed.IndexName(h.Model()) {
		t.Fatal("the legacy index name is the new one")
	}
	if _, err := b.pool.Exec(b.ctx, fmt.Sprintf(`CREATE INDEX %q ON embeddings USING hnsw ((%s) vector_cosine_ops) WHERE model = 'hash-64'`,
		legacy, embed.VecExpr(64))); err != nil {
		t.Fatal(err)
	}
	b.register(t, h, true)
	var have []string
	rows, err := b.pool.Query(b.ctx, `SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		WHERE i.indrelid = 'embeddings'::regclass AND c.relname LIKE 'embeddings_hnsw_%' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	if have, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		t.Fatal(err)
	}
	if len(have) != 1 || have[0] != embed.IndexName(h.Model()) {
		t.Errorf("HNSW indexes after Register = %v, want only %s", have, embed.IndexName(h.Model()))
	}
}

// TestIndexMemberWhileDraining: a member indexed while a drainer writes its
// vectors ends with every ready vector in the index, whichever commits
// first, and neither side fails.
func TestIndexMemberWhileDraining(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)
	b.notes(t, "busy", 400, "a note about the garden, number %d")
	// the drainer never indexes on its own (IndexFrom far away)
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 8, Workers: 2, IndexFrom: 1 << 30, Idle: 5 * time.Millisecond, PrevTurns: -1}, nil)
	if err := d.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	defer d.Stop()
	for {
		var ready int
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM embeddings WHERE member_id = 'busy' AND status = 'ready'`).Scan(&ready); err != nil {
			t.Fatal(err)
		}
		if ready >= 100 {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	if ok, err := embed.IndexMember(b.ctx, b.pool, h.Model(), "busy"); err != nil || !ok {
		t.Fatalf("IndexMember while draining = %v, %v", ok, err)
	}
	for b.pending(t, h.Model()) > 0 {
		time.Sleep(5 * time.Millisecond)
	}
	d.Stop()
	if in, out, flag := annRows(t, b, h.Model(), "busy"); in != 400 || out != 0 || !flag {
		t.Errorf("busy: %d of its ready vectors in the index, %d out, indexed %v; want 400, 0, true", in, out, flag)
	}
	if f := d.Stats.Failures.Load(); f != 0 {
		t.Errorf("%d drainer rounds failed", f)
	}
}

// TestStartSweepIndexes: a member already past IndexFrom when a drainer
// starts (its vectors written before, by a drainer that never indexed) is
// indexed by the start's sweep, with nothing queued.
func TestStartSweepIndexes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)
	b.notes(t, "old", 30, "an old note, number %d")
	b.drainAll(t, embed.NewDrainer(b.pool, h, embed.DrainerConfig{IndexFrom: 1 << 30, PrevTurns: -1}, nil))
	if in, _, flag := annRows(t, b, h.Model(), "old"); in != 0 || flag {
		t.Fatalf("old indexed before the sweep: %d in, %v", in, flag)
	}
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{IndexFrom: 20, Idle: 5 * time.Millisecond}, nil)
	if err := d.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	defer d.Stop()
	for deadline := time.Now().Add(30 * time.Second); d.Stats.Indexed.Load() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the start's sweep indexed no member within 30 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if in, out, flag := annRows(t, b, h.Model(), "old"); in != 30 || out != 0 || !flag {
		t.Errorf("old after the sweep: %d in, %d out, indexed %v; want 30, 0, true", in, out, flag)
	}
}
