package episodes_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// Migration 005 rewrites episodes.tsv (now with the speaker's name) and
// indexes the member-qualified lexemes memhive_mtsv(member_id, tsv), on a
// table that already holds append-only rows: the rewrite must not trip the
// append-only trigger, the old rows must get the new tsv and be found
// through the new index, and the trigger must still refuse updates
// afterwards.
func TestMigration005OnTableWithRows(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	migrateThrough(t, pool, 4)
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at) VALUES
		('alice', '01J00000000000000000000001', 's', 'web:chat', 'peer', 'person:bob_smith', '{person:bob_smith}', 'Running to Lisbon', now()),
		('alice', '01J00000000000000000000002', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', '', now()),
		('carol', '01J00000000000000000000003', 's', 'web:chat', 'user', 'member:carol', '{member:carol}', 'running to Lisbon too', now())`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon,
		claim_hash, valid_from, channel, audience) VALUES
		('alice', 'F1', 'alice', 'lives_in', 'Lisbon', 'alice', 'lives_in', 'lisbon', 'h1', now(), 'web:chat', '{member:alice}')`); err != nil {
		t.Fatal(err)
	}
	migrateThrough(t, pool, 5)

	var tsv, mtsv string
	if err := pool.QueryRow(ctx, `SELECT tsv::text, memhive_mtsv(member_id, tsv)::text FROM episodes WHERE member_id = 'alice' AND id = '01J00000000000000000000001'`).Scan(&tsv, &mtsv); err != nil {
		t.Fatal(err)
	}
	if want := `'bob':1 'lisbon':5 'run':3 'smith':2`; tsv != want {
		t.Errorf("tsv after 005 = %s, want %s (speaker's name first)", tsv, want)
	}
	if want := `'alice/bob' 'alice/lisbon' 'alice/run' 'alice/smith'`; mtsv != want {
		t.Errorf("memhive_mtsv after 005 = %s, want %s", mtsv, want)
	}
	// a member-qualified query finds the member's rows only
	var ids []string
	rows, err := pool.Query(ctx, `SELECT id FROM episodes WHERE member_id = $1 AND memhive_mtsv(member_id, tsv) @@ memhive_mquery($1, '{lisbon,run:*}', '&') ORDER BY id`, "alice")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if rows.Err() != nil || len(ids) != 1 || ids[0] != "01J00000000000000000000001" {
		t.Errorf("alice's lisbon & run:* = %v (%v), want her one row", ids, rows.Err())
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE memhive_mtsv(member_id, tsv) @@ memhive_mquery('carol', '{lisbon}', '|')`).Scan(&n); err != nil || n != 1 {
		t.Errorf("carol's lisbon without a member_id filter: %d rows (%v), want 1", n, err)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM facts WHERE memhive_mtsv(member_id, tsv) @@ memhive_mquery('alice', '{lives,lisbon}', '&')`).Scan(&n); err != nil || n != 1 {
		t.Errorf("fact by memhive_mtsv: %d rows (%v), want 1", n, err)
	}
	// empty text and stop words: an empty mtsv, a NULL query
	var empty, isNull bool
	if err := pool.QueryRow(ctx, `SELECT memhive_mtsv('alice', ''::tsvector) = ''::tsvector, memhive_mquery('alice', '{the,of}', '&') IS NULL`).Scan(&empty, &isNull); err != nil || !empty || !isNull {
		t.Errorf("empty tsvector → empty mtsv: %v; only stop words → NULL query: %v (%v)", empty, isNull, err)
	}
	// every branch of memhive_mtsv gives the prefixed lexemes: the string
	// fast path (short), the subquery (a tsvector of 2,000 bytes or more)
	var long strings.Builder
	for i := range 400 {
		fmt.Fprintf(&long, "lisbon%d ", i)
	}
	for _, text := range []string{"Running to Lisbon", long.String()} {
		var same bool
		var size int
		err := pool.QueryRow(ctx, `SELECT memhive_mtsv('alice', t) = array_to_tsvector(ARRAY(SELECT 'alice/' || l FROM unnest(tsvector_to_array(t)) l)),
			pg_column_size(t) FROM (SELECT to_tsvector('english', $1::text) AS t) z`, text).Scan(&same, &size)
		if err != nil || !same {
			t.Errorf("memhive_mtsv on a %d-byte tsvector: same as prefixing each lexeme = %v (%v)", size, same, err)
		}
	}
	// the keyword leg's form of the query is served by the expression index
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	var plan strings.Builder
	if _, err := conn.Exec(ctx, `SET enable_seqscan = off`); err != nil {
		t.Fatal(err)
	}
	prow, err := conn.Query(ctx, `EXPLAIN SELECT id FROM (SELECT * FROM episodes WHERE memhive_mtsv(member_id, tsv) @@ (SELECT memhive_mquery($1, '{lisbon}', '&')) OFFSET 0) x WHERE x.member_id = $1`, "alice")
	if err != nil {
		t.Fatal(err)
	}
	for prow.Next() {
		var line string
		if err := prow.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan.WriteString(line + "\n")
	}
	if _, err := conn.Exec(ctx, `RESET enable_seqscan`); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan.String(), "episodes_mtsv_idx") {
		t.Errorf("the member-qualified query does not use episodes_mtsv_idx:\n%s", plan.String())
	}
	// a lexeme too long once prefixed is left out instead of failing the insert
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', '01J00000000000000000000004', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', repeat('x', 2040) || ' hello', now())`); err != nil {
		t.Errorf("insert with a 2,040-byte word: %v", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE episodes SET content = 'changed' WHERE member_id = 'alice'`); err == nil {
		t.Error("UPDATE on episodes succeeded after 005, want the append-only trigger to refuse it")
	}
	var idx []string
	rows, err = pool.Query(ctx, `SELECT i.relname::text `+ginIndexes+` AND t.relname IN ('episodes', 'facts') ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		idx = append(idx, s)
	}
	if len(idx) != 2 || idx[0] != "episodes_mtsv_idx" || idx[1] != "facts_mtsv_idx" {
		t.Errorf("GIN indexes on episodes and facts after 005: %v, want [episodes_mtsv_idx facts_mtsv_idx]", idx)
	}
	// 027 drops the episodes' one: nothing reads it since the keyword
	// postings (008, 025)
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatalf("migrate 005 → latest with rows: %v", err)
	}
	if n := countGIN(t, pool, "episodes"); n != 0 {
		t.Errorf("%d GIN indexes on episodes after 027, want 0", n)
	}
	if n := countGIN(t, pool, "facts"); n != 1 {
		t.Errorf("%d GIN indexes on facts after 027, want 1 (facts_mtsv_idx)", n)
	}
}

// ginIndexes is the FROM and WHERE of the GIN indexes of the test's schema,
// read from the catalogs by name and access method: pg_indexes renders every
// index's definition (pg_get_indexdef), and a parallel test dropping its
// schema meanwhile fails that with "could not open relation with OID".
const ginIndexes = `FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
	JOIN pg_am a ON a.oid = i.relam WHERE a.amname = 'gin' AND t.relnamespace = current_schema()::regnamespace`

func countGIN(t *testing.T, pool *pgxpool.Pool, table string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) `+ginIndexes+` AND t.relname = $1`, table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// migrateThrough applies the migrations up to and including last, by hand,
// recording them as the migrator does, so a test can write rows the way an
// older schema held them before episodes.Migrate runs the rest. A second
// call goes on from where the first stopped.
func migrateThrough(t *testing.T, pool *pgxpool.Pool, last int) {
	t.Helper()
	ctx := context.Background()
	ms, err := episodes.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS memhive_migrations (
		version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		t.Fatal(err)
	}
	var done int
	if err := pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM memhive_migrations`).Scan(&done); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version <= done {
			continue
		}
		if m.Version > last {
			break
		}
		if _, err := pool.Exec(ctx, m.Up); err != nil {
			t.Fatalf("%03d_%s: %v", m.Version, m.Name, err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO memhive_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
			t.Fatal(err)
		}
	}
}
