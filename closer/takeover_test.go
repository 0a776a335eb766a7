package closer_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
)

// A process that dies in the middle of a member's pass (its connection
// gone, as when it is SIGKILLed) leaves the member to the next process: the
// waiting close runs once the dead holder's lock is gone, writes the
// session's rows once, and a repeat writes nothing.
func TestPassHolderDiesAnotherTakesOver(t *testing.T) {
	t.Parallel()
	a := dbtest.New(t)
	b := secondPool(t, a)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	aud := []string{"member:alice"}
	insert(t, a, "alice",
		ep{"s1", "web:chat", "user", "member:alice", "I live in Berlin and my sister Carol lives in Rome.", aud, t0},
		ep{"s1", "web:chat", "user", "member:alice", "My manager is Dave Chen.", aud, t0.Add(time.Second)})

	// process A is mid-pass: it holds alice's pass lock
	unlockA, ok, err := closer.LockMember(ctx, a, "alice", true)
	if err != nil || !ok {
		t.Fatalf("lock: %v %v", ok, err)
	}
	// (its connection, dead by then, goes back to the pool so the pool can close)
	t.Cleanup(unlockA)
	holder := func(granted bool) int {
		var pid int
		_ = b.QueryRow(ctx, `SELECT coalesce(max(pid), 0) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1
			AND objid::bigint = (hashtext(current_schema() || chr(31) || 'alice')::bigint & 4294967295) AND granted = $2`,
			0x70617373, granted).Scan(&pid)
		return pid
	}
	pidA := holder(true)
	if pidA == 0 {
		t.Fatal("A's lock not found in pg_locks")
	}
	// process B is asked to close the session: it waits for the lock
	done := make(chan error, 1)
	var written int
	go func() {
		rep, err := closer.Close(ctx, b, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil)
		if err == nil {
			written = rep.Written()
		}
		done <- err
	}()
	deadline := time.Now().Add(30 * time.Second)
	for holder(false) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("B never waited for the pass lock")
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case err := <-done:
		t.Fatalf("B ran while A held the member (err %v)", err)
	default:
	}
	// A dies: its backend goes away with the lock
	if _, err := b.Exec(ctx, `SELECT pg_terminate_backend($1)`, pidA); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("B did not take the member over after A died")
	}
	if written == 0 {
		t.Fatal("B's close wrote nothing")
	}
	rep, err := closer.Close(ctx, b, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Written() != 0 {
		t.Fatalf("a second close wrote %d rows", rep.Written())
	}
	var facts, distinct int
	if err := b.QueryRow(ctx, `SELECT count(*), count(DISTINCT claim_hash) FROM facts WHERE member_id = 'alice'`).Scan(&facts, &distinct); err != nil {
		t.Fatal(err)
	}
	if facts == 0 || facts != distinct {
		t.Fatalf("facts of alice: %d rows, %d distinct claims", facts, distinct)
	}
}
