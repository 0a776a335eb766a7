package episodes_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// Migration 012 keys the keyword postings by (member, lexeme, episode
// length, episode) so that the keyword leg reads a lexeme's postings
// shortest episode first, and keeps each lexeme's largest tf per member
// (keyword_terms.max_tf): backfilled from the postings written before, kept
// by the trigger for every episode written after; its down migration puts
// the key of 008 back and the trigger still writes the index.
func TestMigration012KeysPostingsByLengthAndKeepsMaxTF(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	migrateThrough(t, pool, 11)
	ins := `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at) VALUES `
	if _, err := pool.Exec(ctx, ins+`
		('alice', '01J00000000000000000000001', 's', 'web:chat', 'peer', 'person:bob_smith', '{person:bob_smith}', 'Running to Lisbon, running again and running', now()),
		('alice', '01J00000000000000000000002', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'Lisbon', now()),
		('carol', '01J00000000000000000000003', 's', 'web:chat', 'user', 'member:carol', '{member:carol}', 'running to Lisbon too', now())`); err != nil {
		t.Fatal(err)
	}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("migrate 011 → latest with rows: %v", err)
	}
	key := func() string {
		t.Helper()
		var def string
		if err := pool.QueryRow(ctx, `SELECT pg_get_indexdef('keyword_postings_pkey'::regclass)`).Scan(&def); err != nil {
			t.Fatal(err)
		}
		return def
	}
	if k := key(); !strings.Contains(k, "(member_id, term, dl, episode_id) INCLUDE (tf)") {
		t.Fatalf("key after 012: %s", k)
	}
	var multi string
	if err := pool.QueryRow(ctx, `SELECT pg_get_indexdef('keyword_postings_multi_idx'::regclass)`).Scan(&multi); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(multi, "WHERE (tf > 1)") {
		t.Fatalf("the index of the postings whose tf is above 1: %s", multi)
	}
	// max_tf is the largest tf of the lexeme's postings, for every lexeme
	check := func(when string) {
		t.Helper()
		var bad int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM keyword_terms k
			LEFT JOIN (SELECT member_id, term, max(tf) AS m FROM keyword_postings GROUP BY member_id, term) p USING (member_id, term)
			WHERE k.term <> '' AND k.max_tf IS DISTINCT FROM p.m`).Scan(&bad); err != nil {
			t.Fatal(err)
		}
		if bad != 0 {
			t.Fatalf("%s: %d lexemes whose max_tf is not their postings' largest tf", when, bad)
		}
	}
	check("after the backfill")
	var run int
	if err := pool.QueryRow(ctx, `SELECT max_tf FROM keyword_terms WHERE member_id = 'alice' AND term = 'run'`).Scan(&run); err != nil {
		t.Fatal(err)
	}
	if run != 3 {
		t.Fatalf("alice's max tf of run: %d, want 3", run)
	}
	if _, err := pool.Exec(ctx, ins+`
		('alice', '01J00000000000000000000004', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'Lisbon Lisbon Lisbon Lisbon trams', now()),
		('dave', '01J00000000000000000000005', 's', 'web:chat', 'user', 'member:dave', '{member:dave}', 'trams', now())`); err != nil {
		t.Fatal(err)
	}
	check("after inserts")
	// a shortest-first read of a lexeme's postings is a range of the key
	var plan string
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil { // a table of a few rows
		t.Fatal(err)
	}
	rows, err := tx.Query(ctx, `EXPLAIN (COSTS OFF) SELECT episode_id FROM keyword_postings
		WHERE member_id = 'alice' AND term = 'lisbon' AND (dl, episode_id) > (1, '') ORDER BY dl, episode_id LIMIT 2`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			t.Fatal(err)
		}
		plan += l + "\n"
	}
	rows.Close()
	tx.Rollback(ctx)
	if !strings.Contains(plan, "keyword_postings_pkey") || strings.Contains(plan, "Sort") {
		t.Fatalf("a shortest-first read is not a range of the key:\n%s", plan)
	}
	var first string
	if err := pool.QueryRow(ctx, `SELECT episode_id FROM keyword_postings
		WHERE member_id = 'alice' AND term = 'lisbon' ORDER BY dl, episode_id LIMIT 1`).Scan(&first); err != nil {
		t.Fatal(err)
	}
	if first != "01J00000000000000000000002" {
		t.Fatalf("alice's shortest turn holding lisbon: %s", first)
	}

	ms, err := episodes.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	var down string
	for _, m := range ms {
		if m.Version == 12 {
			down = m.Down
		}
	}
	if down == "" {
		t.Fatal("migration 012 has no down migration")
	}
	if _, err := pool.Exec(ctx, down); err != nil {
		t.Fatalf("012 down: %v", err)
	}
	if k := key(); !strings.Contains(k, "(member_id, term, episode_id) INCLUDE (tf, dl)") {
		t.Fatalf("key after 012 down: %s", k)
	}
	if _, err := pool.Exec(ctx, ins+`('erin', '01J00000000000000000000006', 's', 'web:chat', 'user', 'member:erin', '{member:erin}', 'trams', now())`); err != nil {
		t.Fatalf("insert after 012 down: %v", err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM keyword_postings WHERE member_id = 'erin'`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("erin's postings after 012 down: %d (%v), want 2 (erin, tram)", n, err)
	}
}
