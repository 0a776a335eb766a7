package episodes_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// Migration 025 numbers each member's episodes 1..N (keyword_docs): the
// episodes written before it in recorded order, every episode written after
// by the keyword trigger, in one statement for several members at once;
// the member's count (keyword_terms, term ”) is the highest number. Its
// down migration drops the table and the trigger still writes the index.
func TestMigration025NumbersEpisodesPerMember(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	migrateThrough(t, pool, 21)
	ins := `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at) VALUES `
	if _, err := pool.Exec(ctx, ins+`
		('alice', '01J00000000000000000000002', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'Lisbon', now()),
		('alice', '01J00000000000000000000001', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'the', now()),
		('carol', '01J00000000000000000000003', 's', 'web:chat', 'user', 'member:carol', '{member:carol}', 'running to Lisbon too', now())`); err != nil {
		t.Fatal(err)
	}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("migrate 021 → latest with rows: %v", err)
	}
	if _, err := pool.Exec(ctx, ins+`
		('carol', '01J00000000000000000000005', 's', 'web:chat', 'user', 'member:carol', '{member:carol}', 'trams', now()),
		('alice', '01J00000000000000000000004', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'and', now()),
		('carol', '01J00000000000000000000006', 's', 'web:chat', 'user', 'member:carol', '{member:carol}', 'more trams', now())`); err != nil {
		t.Fatal(err)
	}
	check := func() {
		t.Helper()
		var bad int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM (
				SELECT member_id, count(*) AS n, max(ord) AS m, count(DISTINCT episode_id) AS d FROM keyword_docs GROUP BY member_id) d
			FULL JOIN (SELECT member_id, count(*) AS n FROM episodes GROUP BY member_id) e USING (member_id)
			LEFT JOIN keyword_terms k ON k.member_id = coalesce(d.member_id, e.member_id) AND k.term = ''
			WHERE d.n IS DISTINCT FROM e.n OR d.m IS DISTINCT FROM e.n OR d.d IS DISTINCT FROM e.n OR k.df IS DISTINCT FROM e.n`).Scan(&bad); err != nil {
			t.Fatal(err)
		}
		if bad != 0 {
			t.Fatalf("%d members whose ordinals are not 1..N with N their count", bad)
		}
	}
	check()
	var got []string
	rows, err := pool.Query(ctx, `SELECT member_id || ':' || ord || ':' || right(episode_id, 1) FROM keyword_docs ORDER BY member_id, ord`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	rows.Close()
	// backfill in recorded order (clock_timestamp: row by row, as written);
	// after, by the trigger, each statement's rows in id order
	want := []string{"alice:1:2", "alice:2:1", "alice:3:4", "carol:1:3", "carol:2:5", "carol:3:6"}
	if len(got) != len(want) {
		t.Fatalf("ordinals %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ordinals %v, want %v", got, want)
		}
	}

	ms, err := episodes.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	var down string
	for _, m := range ms {
		if m.Version == 25 {
			down = m.Down
		}
	}
	if down == "" {
		t.Fatal("migration 025 has no down migration")
	}
	if _, err := pool.Exec(ctx, down); err != nil {
		t.Fatalf("025 down: %v", err)
	}
	if _, err := pool.Exec(ctx, ins+`('erin', '01J00000000000000000000007', 's', 'web:chat', 'user', 'member:erin', '{member:erin}', 'trams', now())`); err != nil {
		t.Fatalf("insert after 025 down: %v", err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM keyword_postings WHERE member_id = 'erin'`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("erin's postings after 025 down: %d (%v), want 2 (erin, tram)", n, err)
	}
}
