package episodes_test

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/testtext"
)

// Migration 031's down goes back to 030's index on claim_canon when every
// claim fits a btree row; when a claim 031 let in does not (12 KB that does
// not compress), it keeps the md5 index in its place rather than fail, and
// the facts stay as they were. Up again works either way.
func TestMigration031DownAndUpAgain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		claims    []string
		afterDown []string // the claim indexes on facts after the down
	}{
		{"short claims", []string{"Lisbon", "the red bicycle"}, []string{"facts_claim_canon_idx"}},
		{"a long claim", []string{"Lisbon", testtext.Incompressible(12000)}, []string{"facts_claim_md5_idx"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			pool, _ := dbtest.NewUnmigrated(t)
			migrateThrough(t, pool, 31)
			for i, claim := range c.claims {
				if _, err := pool.Exec(ctx, `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon,
					claim_canon, claim_hash, valid_from, channel, audience)
					VALUES ('alice', $1, 'member:alice', 'note', $2, 'member:alice', 'note', lower($2), $1, now(), 'web:chat', '{member:alice}')`,
					"f"+string(rune('0'+i)), claim); err != nil {
					t.Fatalf("insert at 031: %v", err)
				}
			}
			if got := claimIndexes(t, pool); !slices.Equal(got, []string{"facts_claim_md5_idx"}) {
				t.Fatalf("claim indexes at 031: %v", got)
			}
			if _, err := pool.Exec(ctx, migration(t, 31).Down); err != nil {
				t.Fatalf("031 down: %v", err)
			}
			if got := claimIndexes(t, pool); !slices.Equal(got, c.afterDown) {
				t.Fatalf("claim indexes after 031 down: %v, want %v", got, c.afterDown)
			}
			facts := func(when string) {
				t.Helper()
				rows, err := pool.Query(ctx, `SELECT claim FROM facts WHERE member_id = 'alice' ORDER BY id`)
				if err != nil {
					t.Fatal(err)
				}
				got, err := pgx.CollectRows(rows, pgx.RowTo[string])
				if err != nil || !slices.Equal(got, c.claims) {
					t.Fatalf("facts %s: %d claims (%v), want the %d written", when, len(got), err, len(c.claims))
				}
			}
			facts("after 031 down")
			if _, err := pool.Exec(ctx, `DELETE FROM memhive_migrations WHERE version >= 31`); err != nil {
				t.Fatal(err)
			}
			if err := episodes.Migrate(ctx, pool, nil); err != nil {
				t.Fatalf("031 up again: %v", err)
			}
			if got := claimIndexes(t, pool); !slices.Equal(got, []string{"facts_claim_md5_idx"}) {
				t.Fatalf("claim indexes after 031 up again: %v", got)
			}
			facts("after 031 up again")
		})
	}
}

// claimIndexes are the indexes on facts of the test's schema that hold its
// claim (claim_canon or its md5), by name.
func claimIndexes(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT i.relname FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class f ON f.oid = x.indrelid
		WHERE f.relnamespace = current_schema()::regnamespace AND f.relname = 'facts'
		  AND i.relname IN ('facts_claim_canon_idx', 'facts_claim_md5_idx') ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// migration is the embedded migration of version v.
func migration(t *testing.T, v int) episodes.Migration {
	t.Helper()
	ms, err := episodes.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version == v {
			if m.Down == "" {
				t.Fatalf("migration %03d has no down migration", v)
			}
			return m
		}
	}
	t.Fatalf("no migration %03d", v)
	return episodes.Migration{}
}
