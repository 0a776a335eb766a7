package closer_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
)

// secondPool is another process's view of the same schema: its own
// connections, so its advisory locks are its own.
func secondPool(t *testing.T, pool *pgxpool.Pool) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.NewWithConfig(context.Background(), pool.Config().Copy())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

func closeRuns(t *testing.T, pool *pgxpool.Pool, member string) map[string]map[string]int {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT verdicts->>'session', status, count(*) FROM consolidation_log
		WHERE member_id = $1 AND kind = 'close' GROUP BY 1, 2`, member)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]map[string]int{}
	for rows.Next() {
		var s, st string
		var n int
		if err := rows.Scan(&s, &st, &n); err != nil {
			t.Fatal(err)
		}
		if out[s] == nil {
			out[s] = map[string]int{}
		}
		out[s][st] = n
	}
	return out
}

// Two processes that both find the same idle sessions close each once:
// the per-member pass lock serialises them and the second finds the
// session closed since its last turn.
func TestTwoProcessesCloseEachSessionOnce(t *testing.T) {
	t.Parallel()
	a := dbtest.New(t)
	b := secondPool(t, a)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	aud := []string{"member:alice"}
	const sessions = 6
	for i := range sessions {
		s := fmt.Sprintf("s%d", i)
		insert(t, a, "alice",
			ep{s, "web:chat", "user", "member:alice", "I live in Berlin and my sister Carol lives in Rome.", aud, t0.Add(time.Duration(i) * time.Minute)},
			ep{s, "web:chat", "user", "member:alice", "My manager is Dave Chen.", aud, t0.Add(time.Duration(i)*time.Minute + time.Second)})
	}
	reqs, err := closer.IdleSessions(ctx, a, time.Hour, t0.Add(3*time.Hour))
	if err != nil || len(reqs) != sessions {
		t.Fatalf("idle sessions: %d %v", len(reqs), err)
	}
	var wg sync.WaitGroup
	written := make([]int, 2)
	errs := make(chan error, 2*sessions)
	for p, pool := range []*pgxpool.Pool{a, b} {
		wg.Go(func() {
			for _, r := range reqs {
				rep, err := closer.Close(ctx, pool, extract.Patterns{}, r, nil)
				if err != nil {
					errs <- err
					return
				}
				written[p] += rep.Written()
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	runs := closeRuns(t, a, "alice")
	for i := range sessions {
		s := fmt.Sprintf("s%d", i)
		if runs[s]["completed"] != 1 || runs[s]["skipped"] != 1 {
			t.Errorf("session %s: close runs %v, want one completed and one skipped", s, runs[s])
		}
	}
	if written[0] == 0 && written[1] == 0 {
		t.Fatal("no close wrote anything")
	}
	var facts int
	if err := a.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'alice'`).Scan(&facts); err != nil {
		t.Fatal(err)
	}
	if facts == 0 {
		t.Fatal("no facts")
	}
	if again, _ := closer.IdleSessions(ctx, a, time.Hour, t0.Add(3*time.Hour)); len(again) != 0 {
		t.Fatalf("closed sessions still idle: %+v", again)
	}
}

// A close that failed for good is recorded, and the idle scan leaves the
// session alone until a newer turn arrives.
func TestFailedCloseIsRecordedAndNotProposedAgain(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	insert(t, pool, "bea", ep{"s1", "web:chat", "user", "member:bea", "I live in Oslo.", []string{"member:bea"}, t0})
	reqs, err := closer.IdleSessions(ctx, pool, time.Hour, t0.Add(3*time.Hour))
	if err != nil || len(reqs) != 1 {
		t.Fatalf("idle: %+v %v", reqs, err)
	}
	if err := closer.RecordFailure(ctx, pool, reqs[0], 5, fmt.Errorf("extractor down")); err != nil {
		t.Fatal(err)
	}
	if runs := closeRuns(t, pool, "bea"); runs["s1"]["failed"] != 1 {
		t.Fatalf("close runs %v, want one failed", runs)
	}
	if again, _ := closer.IdleSessions(ctx, pool, time.Hour, t0.Add(3*time.Hour)); len(again) != 0 {
		t.Fatalf("a session whose close failed for good is proposed again: %+v", again)
	}
	insert(t, pool, "bea", ep{"s1", "web:chat", "user", "member:bea", "I moved to Bergen.", []string{"member:bea"}, t0.Add(time.Minute)})
	if again, _ := closer.IdleSessions(ctx, pool, time.Hour, t0.Add(3*time.Hour)); len(again) != 1 {
		t.Fatalf("a newer turn proposes the session again: %+v", again)
	}
}
