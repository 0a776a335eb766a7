package episodes_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// Migration 008 backfills the keyword index (keyword_postings,
// keyword_terms) from the episodes already written, and its trigger keeps
// it for every episode written after, in one statement or several: both
// end equal to the index recomputed from episodes.tsv.
func TestMigration008BackfillsAndKeepsTheKeywordIndex(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	migrateThrough(t, pool, 7)
	ins := `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at) VALUES `
	if _, err := pool.Exec(ctx, ins+`
		('alice', '01J00000000000000000000001', 's', 'web:chat', 'peer', 'person:bob_smith', '{person:bob_smith}', 'Running to Lisbon, running again', now()),
		('alice', '01J00000000000000000000002', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', '', now()),
		('carol', '01J00000000000000000000003', 's', 'web:chat', 'user', 'member:carol', '{member:carol}', 'running to Lisbon too', now())`); err != nil {
		t.Fatal(err)
	}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("migrate 007 → latest with rows: %v", err)
	}
	check := func(when string) {
		t.Helper()
		var bad int
		err := pool.QueryRow(ctx, `WITH lx AS (
				SELECT e.member_id, e.id, l.lexeme, greatest(coalesce(cardinality(l.positions), 0), 1) AS tf
				FROM episodes e LEFT JOIN LATERAL unnest(e.tsv) l ON true),
			want_p AS (
				SELECT member_id, lexeme AS term, id AS episode_id, tf, sum(tf) OVER (PARTITION BY member_id, id)::int AS dl
				FROM lx WHERE lexeme IS NOT NULL),
			want_k AS (
				SELECT member_id, term, count(*)::bigint AS df, 0::bigint AS len FROM want_p GROUP BY member_id, term
				UNION ALL
				SELECT member_id, '', count(DISTINCT id), coalesce(sum(tf) FILTER (WHERE lexeme IS NOT NULL), 0) FROM lx GROUP BY member_id)
			SELECT (SELECT count(*) FROM (
					(SELECT * FROM want_p EXCEPT ALL SELECT member_id, term, episode_id, tf, dl FROM keyword_postings)
					UNION ALL
					(SELECT member_id, term, episode_id, tf, dl FROM keyword_postings EXCEPT ALL SELECT * FROM want_p)) a)
				+ (SELECT count(*) FROM (
					(SELECT * FROM want_k EXCEPT ALL SELECT member_id, term, df, len FROM keyword_terms)
					UNION ALL
					(SELECT member_id, term, df, len FROM keyword_terms EXCEPT ALL SELECT * FROM want_k)) b)`).Scan(&bad)
		if err != nil {
			t.Fatal(err)
		}
		if bad != 0 {
			t.Fatalf("%s: %d rows of the keyword index differ from episodes", when, bad)
		}
	}
	check("after the backfill")
	var n, ln int64
	if err := pool.QueryRow(ctx, `SELECT df, len FROM keyword_terms WHERE member_id = 'alice' AND term = ''`).Scan(&n, &ln); err != nil {
		t.Fatal(err)
	}
	// alice: 2 episodes; "bob smith running to lisbon, running again" →
	// bob, smith, run ×2, lisbon = 5 ("again" is a stop word); the empty
	// turn holds its speaker's name "alice" = 1
	if n != 2 || ln != 6 {
		t.Fatalf("alice's totals N %d len %d, want 2 and 6", n, ln)
	}
	if _, err := pool.Exec(ctx, ins+`
		('alice', '01J00000000000000000000004', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'Lisbon trams', now()),
		('dave', '01J00000000000000000000005', 's', 'web:chat', 'user', 'member:dave', '{member:dave}', 'trams', now())`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, ins+`('alice', '01J00000000000000000000006', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'more trams', now())`); err != nil {
		t.Fatal(err)
	}
	check("after inserts")
}
