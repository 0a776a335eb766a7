package episodes_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// Migration 006 on a table that already holds a non-canonical audience (as
// the old joined-string store could write: {"person:bob","*"} unsorted from
// "person:bob\x1f*"): the migration applies, the old row stays (append-only),
// the constraint is NOT VALID on that table and validated on the others, and
// every new row is checked.
func TestMigration006WithOldNonCanonicalRows(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	migrateThrough(t, pool, 5)
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', '01J00000000000000000000001', 's', 'c', 'user', 'member:alice', '{person:bob,*}', 'old', now())`); err != nil {
		t.Fatal(err)
	}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("migrate over an old non-canonical row: %v", err)
	}
	valid := map[string]bool{}
	rows, err := pool.Query(ctx, `SELECT conrelid::regclass::text, convalidated FROM pg_constraint
		WHERE conname LIKE '%_audience_canonical' AND connamespace = current_schema()::regnamespace`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var table string
		var ok bool
		if err := rows.Scan(&table, &ok); err != nil {
			t.Fatal(err)
		}
		valid[table] = ok
	}
	if len(valid) != 6 || valid["episodes"] || !valid["facts"] || !valid["entity_edges"] {
		t.Fatalf("constraints validated: %v; want all six, episodes NOT VALID", valid)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE content = 'old'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("old row: %d (%v)", n, err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', '01J00000000000000000000002', 's', 'c', 'user', 'member:alice', '{person:bob,*}', 'new', now())`); err == nil {
		t.Fatal("a new non-canonical audience was accepted")
	}
}
