package nightly_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
)

// Two processes whose clocks fire the same night run each member once:
// they share the night's run id, the pass lock keeps them off the same
// member at once, and a member the other finished is not run again.
func TestTwoProcessesRunEachMemberOncePerNight(t *testing.T) {
	t.Parallel()
	a := dbtest.New(t)
	b, err := pgxpool.NewWithConfig(context.Background(), a.Config().Copy())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	t0 := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	alone := []string{"member:alice"}
	say(t, a, ep{"s1", "I live in Berlin.", alone, t0}, ep{"s2", "I live in Lisbon.", alone, t0.Add(24 * time.Hour)})
	// More members, so the two runs overlap in time.
	for _, m := range []string{"m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"} {
		if _, err := a.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ($1, $1 || 'e1', 's', 'web:chat', 'user', 'member:' || $1, ARRAY['member:' || $1], 'I live in Porto.', $2)`, m, t0); err != nil {
			t.Fatal(err)
		}
	}
	night := nightly.NightRunID(time.Date(2026, 1, 7, 3, 0, 0, 0, time.UTC))
	reps := make([]*nightly.Report, 2)
	var wg sync.WaitGroup
	for i, pool := range []*pgxpool.Pool{a, b} {
		wg.Go(func() {
			rep, err := nightly.Run(ctx, pool, nightly.Options{RunID: night, Now: t0.Add(48 * time.Hour)})
			if err != nil {
				t.Error(err)
			}
			reps[i] = rep
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	ran := map[string]int{}
	superseded := 0
	for _, rep := range reps {
		for _, m := range rep.Members {
			switch m.Status {
			case "completed", "skipped":
				ran[m.Member]++
			case "busy", "done":
			default:
				t.Errorf("member %s: status %q", m.Member, m.Status)
			}
			superseded += m.Superseded
		}
	}
	for _, m := range []string{"alice", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"} {
		if ran[m] != 1 {
			t.Errorf("member %s ran %d times in the night, want 1", m, ran[m])
		}
		var rows int
		if err := a.QueryRow(ctx, `SELECT count(*) FROM consolidation_log WHERE member_id = $1 AND kind = 'nightly'`, m).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 1 {
			t.Errorf("member %s: %d nightly rows in consolidation_log, want 1", m, rows)
		}
	}
	if superseded != 1 {
		t.Errorf("superseded %d in all, want 1 (Berlin by Lisbon)", superseded)
	}
	// The same night fired again (a third process, late) runs no one.
	rep, err := nightly.Run(ctx, a, nightly.Options{RunID: night, Now: t0.Add(49 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Members {
		if m.Status != "done" {
			t.Errorf("late firing: member %s status %q, want done", m.Member, m.Status)
		}
	}
}
