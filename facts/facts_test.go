package facts_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
)

func TestInsertIsIdempotentAndGuarded(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	f := facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "Lives In", Claim: "Berlin",
		ValidFrom: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Channel: "web:chat", Audience: []string{"member:alice"}}
	ok, id, err := facts.Insert(ctx, pool, &f)
	if err != nil || !ok {
		t.Fatalf("first insert: %v %v", ok, err)
	}
	g := f
	g.ID = ""
	ok, id2, err := facts.Insert(ctx, pool, &g)
	if err != nil || ok || id2 != id {
		t.Fatalf("second insert: inserted=%v id=%s (want %s) err=%v", ok, id2, id, err)
	}
	var pred string
	if err := pool.QueryRow(ctx, `SELECT predicate_canon FROM facts WHERE member_id='alice' AND id=$1`, id).Scan(&pred); err != nil || pred != "lives_in" {
		t.Fatalf("predicate_canon %q %v", pred, err)
	}
	if _, err := pool.Exec(ctx, `UPDATE facts SET claim = 'Paris' WHERE member_id='alice'`); err == nil {
		t.Fatal("changing a claim succeeded; only supersession columns may change")
	}
	if _, err := pool.Exec(ctx, `DELETE FROM facts WHERE member_id='alice'`); err == nil {
		t.Fatal("deleting a fact succeeded")
	}
	if _, err := pool.Exec(ctx, `UPDATE facts SET expired_at = now(), closure_source = 'test' WHERE member_id='alice'`); err != nil {
		t.Fatalf("supersession columns must be writable: %v", err)
	}
	bad := f
	bad.Audience = nil
	if _, _, err := facts.Insert(ctx, pool, &bad); memhive.CodeOf(err) != memhive.CodeMissingAudience {
		t.Fatalf("no audience: %v", err)
	}
}
