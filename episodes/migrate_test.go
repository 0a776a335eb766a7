package episodes_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

func TestMigrateIsIdempotentAndConcurrent(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.NewUnmigrated(t)
	ctx := context.Background()
	errs := make(chan error, 3)
	for range 3 {
		go func() { errs <- episodes.Migrate(ctx, pool, nil) }()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatalf("migrate: %v", err)
		}
	}
	ms, err := episodes.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	v, err := episodes.Version(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if v != ms[len(ms)-1].Version {
		t.Fatalf("version %d, want %d", v, ms[len(ms)-1].Version)
	}
}

func TestEpisodesRejectUpdateAndDelete(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', '01J00000000000000000000000', 's', 'web:chat', 'user', 'member:alice', '{member:alice}', 'hello', now())`)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE episodes SET content = 'changed' WHERE member_id = 'alice'`,
		`DELETE FROM episodes WHERE member_id = 'alice'`,
		`TRUNCATE episodes`,
	} {
		if _, err := pool.Exec(ctx, q); err == nil {
			t.Errorf("%s: succeeded, want the database to refuse it", q)
		}
	}
	var content string
	if err := pool.QueryRow(ctx, `SELECT content FROM episodes WHERE member_id = 'alice'`).Scan(&content); err != nil || content != "hello" {
		t.Fatalf("row after refused writes: %q, %v", content, err)
	}
}
