package episodes_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// TestRuntimeRoleCannotRewriteTheRecord: memhive's runtime role inserts and
// reads episodes and refusals, but cannot UPDATE, DELETE or TRUNCATE them,
// nor disable their triggers, nor switch triggers off for its session.
func TestRuntimeRoleCannotRewriteTheRecord(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	// Twice: idempotent (roles are cluster-global; other tests grant too).
	for range 2 {
		if err := episodes.GrantRuntime(ctx, pool, episodes.RuntimeRole, false); err != nil {
			t.Fatal(err)
		}
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		_, _ = conn.Exec(ctx, `RESET ROLE`)
		conn.Release()
	}()
	if _, err := conn.Exec(ctx, `SET ROLE `+episodes.RuntimeRole); err != nil {
		t.Fatal(err)
	}
	mustRun := func(sql string) {
		t.Helper()
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	mustRun(`INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', '01J00000000000000000000001', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'hello', now())`)
	mustRun(`INSERT INTO refusals (member_id, id, subject, code, message, raw) VALUES ('alice', 'R1', 'memhive.alice.episode', 'malformed_turn', 'x', '\x00')`)
	mustRun(`SELECT count(*) FROM episodes WHERE member_id = 'alice'`)
	mustRun(`SELECT count(*) FROM refusals WHERE member_id = 'alice'`)
	// The derived tables are the cells' to write (supersession columns).
	mustRun(`UPDATE sessions SET closed_at = closed_at WHERE member_id = 'alice'`)

	for _, sql := range []string{
		`UPDATE episodes SET content = 'rewritten' WHERE member_id = 'alice'`,
		`DELETE FROM episodes WHERE member_id = 'alice'`,
		`TRUNCATE episodes`,
		`UPDATE refusals SET code = 'x' WHERE member_id = 'alice'`,
		`DELETE FROM refusals WHERE member_id = 'alice'`,
		`ALTER TABLE episodes DISABLE TRIGGER episodes_append_only`,
		`ALTER TABLE episodes DISABLE TRIGGER ALL`,
		`SET session_replication_role = replica`,
		`DROP TRIGGER episodes_append_only ON episodes`,
		`INSERT INTO api_keys (key_id, hash, kind) VALUES ('0123456789abcdef', sha256('x'), 'operator')`,
		`DELETE FROM memhive_migrations`,
	} {
		_, err := conn.Exec(ctx, sql)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || (pe.Code != "42501" && pe.Code != "42809") {
			t.Fatalf("%s: want a privilege error (42501), got %v", sql, err)
		}
	}
	var content string
	if err := pool.QueryRow(ctx, `SELECT content FROM episodes WHERE member_id = 'alice'`).Scan(&content); err != nil || content != "hello" {
		t.Fatalf("episode after the attempts: %q %v", content, err)
	}
}
