package nightly_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/remember"
)

// A memorized fact whose claim names a place in more bytes than a btree row
// holds (the cap is remember.MaxText) is kept and found, and the nightly
// run that builds the graph for memorized facts completes: the claim is
// too long to be an entity, so it gets none and no edge. The run used to
// fail on entities' (member_id, canon) with SQLSTATE 54000, every night.
func TestLongClaimIsNoEntity(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	var b strings.Builder
	for i := range 6000 { // letters without a pattern: nothing compresses them
		b.WriteByte("abcdefghijklmnopqrstuvwxyz"[(i*i*7919+i*31)%104729%26])
	}
	at := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	for _, claim := range []string{b.String(), "Lisbon"} {
		if _, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Subject: "member:alice", Predicate: "lives_in",
			Claim: claim, Audience: []string{"member:alice"}, Channel: "web:chat", At: &at}); err != nil {
			t.Fatal(err)
		}
		at = at.AddDate(0, 1, 0)
	}
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "run1"})
	if err != nil {
		t.Fatal(err)
	}
	if m := rep.Members[0]; m.Status != "completed" || m.Superseded != 1 {
		t.Fatalf("run: %+v", m)
	}
	rows, err := pool.Query(ctx, `SELECT canon FROM entities WHERE member_id = 'alice' ORDER BY canon`)
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, "|") != "lisbon|member:alice" {
		t.Fatalf("entities: %.200v", names)
	}
}
