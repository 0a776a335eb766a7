package episodes_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// TestAudienceTravelsAsAnArray: an entry holding U+001F (which the decoder
// refuses, but the store must not depend on that) is stored as the one
// entry it is, never split into a public "*".
func TestAudienceTravelsAsAnArray(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	now := time.Now()
	eps := []episodes.Episode{
		{Member: "alice", ID: "01J00000000000000000000001", Session: "s", Channel: "c", Role: "user", Speaker: "member:alice",
			Audience: []string{"person:bob\x1f*"}, Content: "one entry", HappenedAt: now},
		{Member: "alice", ID: "01J00000000000000000000002", Session: "s", Channel: "c", Role: "user", Speaker: "member:alice",
			Audience: []string{"member:alice", "person:bob"}, Content: "two entries", HappenedAt: now},
		{Member: "alice", ID: "01J00000000000000000000003", Session: "s", Channel: "c", Role: "user", Speaker: "member:alice",
			Audience: []string{"*"}, Content: "public", HappenedAt: now},
	}
	if _, err := episodes.Insert(ctx, pool, eps); err != nil {
		t.Fatal(err)
	}
	got, err := episodes.List(ctx, pool, "alice", episodes.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	byContent := map[string][]string{}
	for _, e := range got {
		byContent[e.Content] = e.Audience
	}
	if a := byContent["one entry"]; len(a) != 1 || a[0] != "person:bob\x1f*" {
		t.Fatalf("audience %q, want the one entry as written", a)
	}
	if a := byContent["two entries"]; len(a) != 2 {
		t.Fatalf("audience %q, want two entries", a)
	}
	var public int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE member_id = 'alice' AND '*' = ANY(audience)`).Scan(&public); err != nil {
		t.Fatal(err)
	}
	if public != 1 {
		t.Fatalf("%d public rows, want 1 (only the one tagged *)", public)
	}
}

// TestDatabaseRefusesNonCanonicalAudience: migration 006's check holds on
// every table that carries an audience, whoever writes it.
func TestDatabaseRefusesNonCanonicalAudience(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	insert := map[string]string{
		"episodes": `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $2, 's', 'c', 'user', 'member:alice', $1, 'x', now())`,
		"entity_edges": `INSERT INTO entity_edges (member_id, id, src_id, dst_id, relation, channel, audience)
			VALUES ('alice', $2, 'a', 'b', 'knows', 'c', $1)`,
		"entities": `INSERT INTO entities (member_id, id, name, canon, audience, channel)
			VALUES ('alice', $2, $2, $2, $1, 'c')`,
		"beliefs": `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience)
			VALUES ('alice', $2, 'member:alice', 'likes tea', 'c', $1)`,
		"facts": `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash,
			valid_from, channel, audience) VALUES ('alice', $2, 's', 'p', 'c', 's', 'p', 'c', $2, now(), 'c', $1)`,
	}
	bad := map[string]string{
		"unsorted":   `{person:bob,member:alice}`,
		"duplicated": `{member:alice,member:alice}`,
		"empty":      `{}`,
		"blank":      `{""}`,
		"null entry": `{NULL,member:alice}`,
		"two dims":   `{{a,b},{c,d}}`,
		// "B" < "a" in byte order but not in most linguistic collations.
		"collation order": `{a,B}`,
	}
	n := 0
	for table, sql := range insert {
		for name, aud := range bad {
			n++
			_, err := pool.Exec(ctx, sql, aud, "bad"+string(rune('a'+n%26))+name)
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "23514" {
				t.Errorf("%s, %s audience %s: err %v, want check_violation (23514)", table, name, aud, err)
			}
		}
		for i, aud := range []string{`{*}`, `{member:alice,person:bob}`, `{B,a}`} {
			if _, err := pool.Exec(ctx, sql, aud, "good"+string(rune('a'+i))); err != nil {
				t.Errorf("%s, canonical audience %s: %v", table, aud, err)
			}
		}
	}
}
