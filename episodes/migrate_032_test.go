package episodes_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// Migration 032 makes every keyword lexeme from text in NFC: episodes and
// facts written before it in decomposed form ("cafe" and U+0301) get their
// tsv again, and the episodes' keyword postings and counts with it, equal
// to the index recomputed from scratch; rows in NFC keep theirs; rows
// written after it are made in NFC by the trigger; episodes stay
// append-only. Its down goes back to lexemes as stored, and up again works.
func TestMigration032KeywordLexemesInNFC(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	migrateThrough(t, pool, 31)
	ins := `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at) VALUES `
	if _, err := pool.Exec(ctx, ins+`
		('alice', '01J00000000000000000000001', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', E'a cafe\u0301 au lait at the cafe\u0301', now()),
		('alice', '01J00000000000000000000002', 's', 'web:chat', 'peer', E'person:zoe\u0308', '{member:alice}', E'the caf\u00e9 on the corner', now()),
		('alice', '01J00000000000000000000003', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'दिल्ली जा रहा हूँ', now()),
		('alice', '01J00000000000000000000004', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'plain ascii words about the cafe', now()),
		('bob', '01J00000000000000000000005', 's', 'web:chat', 'user', 'member:bob', '{member:bob}', E'an\u0303o nuevo', now())`); err != nil {
		t.Fatal(err)
	}
	fact := `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash,
		valid_from, channel, audience) VALUES `
	if _, err := pool.Exec(ctx, fact+`
		('alice', 'f1', 'member:alice', 'likes', E'the cafe\u0301 by the river', 'member:alice', 'likes', 'x', 'h1', now(), 'web:chat', '{member:alice}'),
		('alice', 'f2', 'member:alice', 'lives_in', 'Lisbon', 'member:alice', 'lives_in', 'lisbon', 'h2', now(), 'web:chat', '{member:alice}')`); err != nil {
		t.Fatal(err)
	}
	if n := lexemeDF(t, pool, "alice", "cafe\u0301"); n != 1 {
		t.Fatalf("before 032: the decomposed lexeme's df is %d, want 1", n)
	}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("migrate 031 → latest with rows: %v", err)
	}
	keywordIndexIsTheEpisodes(t, pool, "after 032")
	// one lexeme, 'café', in both of alice's spellings; none decomposed
	if n, d := lexemeDF(t, pool, "alice", "café"), lexemeDF(t, pool, "alice", "cafe\u0301"); n != 2 || d != 0 {
		t.Fatalf("after 032: df of café %d (want 2), of the decomposed one %d (want 0)", n, d)
	}
	if n := lexemeDF(t, pool, "bob", "año"); n != 1 {
		t.Fatalf("after 032: df of año %d, want 1", n)
	}
	// the fact is found by the composed word, through its index
	var found []string
	rows, err := pool.Query(ctx, `SELECT id FROM facts WHERE memhive_mtsv(member_id, tsv) @@ memhive_mquery('alice', '{café}', '|') ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		found = append(found, id)
	}
	if rows.Close(); len(found) != 1 || found[0] != "f1" {
		t.Fatalf("facts matching café after 032: %v, want [f1]", found)
	}
	// written after: the trigger's rows are in NFC too
	if _, err := pool.Exec(ctx, ins+`('alice', '01J00000000000000000000006', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', E'another cafe\u0301', now())`); err != nil {
		t.Fatal(err)
	}
	keywordIndexIsTheEpisodes(t, pool, "a row written after 032")
	if n := lexemeDF(t, pool, "alice", "café"); n != 3 {
		t.Fatalf("a row written after 032: df of café %d, want 3", n)
	}
	if _, err := pool.Exec(ctx, `UPDATE episodes SET content = 'x' WHERE member_id = 'alice'`); err == nil {
		t.Fatal("episodes took an UPDATE after 032: the append-only trigger is off")
	}

	if _, err := pool.Exec(ctx, migration(t, 32).Down); err != nil {
		t.Fatalf("032 down: %v", err)
	}
	keywordIndexIsTheEpisodes(t, pool, "after 032 down")
	if n := lexemeDF(t, pool, "alice", "cafe\u0301"); n != 2 {
		t.Fatalf("after 032 down: df of the decomposed lexeme %d, want 2", n)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM memhive_migrations WHERE version >= 32`); err != nil {
		t.Fatal(err)
	}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("032 up again: %v", err)
	}
	keywordIndexIsTheEpisodes(t, pool, "after 032 up again")
	if n := lexemeDF(t, pool, "alice", "café"); n != 3 {
		t.Fatalf("after 032 up again: df of café %d, want 3", n)
	}
}

// lexemeDF is keyword_terms' df of lexeme for member, 0 without a row.
func lexemeDF(t *testing.T, pool *pgxpool.Pool, member, lexeme string) int64 {
	t.Helper()
	var n int64
	if err := pool.QueryRow(context.Background(), `SELECT coalesce((SELECT df FROM keyword_terms WHERE member_id = $1 AND term = $2), 0)`,
		member, lexeme).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// keywordIndexIsTheEpisodes fails unless every episode's and fact's tsv is
// what its function makes of its text now (memhive_episode_tsv, and the
// facts' generated expression, evaluated again by a no-op UPDATE in a
// rolled-back transaction), and keyword_postings and keyword_terms equal
// the index recomputed from the episodes' tsv (df and length exactly;
// max_tf at least each lexeme's largest tf).
func keywordIndexIsTheEpisodes(t *testing.T, pool *pgxpool.Pool, when string) {
	t.Helper()
	ctx := context.Background()
	var stale int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE tsv IS DISTINCT FROM memhive_episode_tsv(speaker, content)`).Scan(&stale); err != nil {
		t.Fatal(err)
	}
	if stale != 0 {
		t.Fatalf("%s: %d episodes hold a tsv their function does not make now", when, stale)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE before_tsv ON COMMIT DROP AS SELECT member_id, id, tsv FROM facts;
		ALTER TABLE facts DISABLE TRIGGER USER; UPDATE facts SET claim = claim`); err != nil {
		t.Fatal(err)
	}
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM facts f JOIN before_tsv b USING (member_id, id) WHERE f.tsv IS DISTINCT FROM b.tsv`).Scan(&stale); err != nil {
		t.Fatal(err)
	}
	if stale != 0 {
		t.Fatalf("%s: %d facts hold a tsv their expression does not make now", when, stale)
	}
	var bad int
	err = pool.QueryRow(ctx, `WITH lx AS (
			SELECT e.member_id, e.id, l.lexeme, greatest(coalesce(cardinality(l.positions), 0), 1) AS tf
			FROM episodes e LEFT JOIN LATERAL unnest(e.tsv) l ON true),
		want_p AS (
			SELECT member_id, lexeme AS term, id AS episode_id, tf, sum(tf) OVER (PARTITION BY member_id, id)::int AS dl
			FROM lx WHERE lexeme IS NOT NULL),
		want_k AS (
			SELECT member_id, term, count(*)::bigint AS df, 0::bigint AS len, max(tf) AS max_tf FROM want_p GROUP BY member_id, term
			UNION ALL
			SELECT member_id, '', count(DISTINCT id), coalesce(sum(tf) FILTER (WHERE lexeme IS NOT NULL), 0), 1 FROM lx GROUP BY member_id)
		SELECT (SELECT count(*) FROM (
				(SELECT * FROM want_p EXCEPT ALL SELECT member_id, term, episode_id, tf, dl FROM keyword_postings)
				UNION ALL
				(SELECT member_id, term, episode_id, tf, dl FROM keyword_postings EXCEPT ALL SELECT * FROM want_p)) a)
			+ (SELECT count(*) FROM (
				(SELECT member_id, term, df, len FROM want_k EXCEPT ALL SELECT member_id, term, df, len FROM keyword_terms)
				UNION ALL
				(SELECT member_id, term, df, len FROM keyword_terms EXCEPT ALL SELECT member_id, term, df, len FROM want_k)) b)
			+ (SELECT count(*) FROM want_k w JOIN keyword_terms k ON k.member_id = w.member_id AND k.term = w.term COLLATE "C"
				WHERE k.max_tf < w.max_tf)`).Scan(&bad)
	if err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Fatalf("%s: %d rows of the keyword index differ from the episodes' tsv", when, bad)
	}
}
