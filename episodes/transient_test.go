package episodes_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/lanes"
)

// TestTransientStoreErrorsAreNotRefusals: while the store cannot take rows
// (episodes locked past the appender's lock_timeout, then its connections
// killed), the appender holds its turns and retries: no refusal, nothing
// acknowledged before commit, nothing redelivered, every turn once.
func TestTransientStoreErrorsAreNotRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	var schema string
	if err := b.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	app := "appender_" + schema
	cfg, err := pgxpool.ParseConfig(dbtest.URL())
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema + ",public"
	cfg.ConnConfig.RuntimeParams["application_name"] = app
	cfg.ConnConfig.RuntimeParams["lock_timeout"] = "100ms"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	// The store is locked before the appender starts.
	lock, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(ctx, `LOCK TABLE episodes IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	a, err := episodes.NewAppender(pool, b.nc, episodes.AppenderConfig{Batch: 100}, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- a.Run(runCtx) }()
	t.Cleanup(func() { cancel(); <-done })

	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const total = 2000
	publish := func(from, to int) {
		for i := from; i < to; i++ {
			m := fmt.Sprintf("m%d", i%4)
			if err := c.Publish(m, lanes.Turn{Channel: "web:chat", Audience: []string{"member:" + m}, Speaker: "member:" + m,
				Text: fmt.Sprintf("turn-%05d", i)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	publish(0, total/2)
	deadline := time.Now().Add(30 * time.Second)
	for a.Stats.Transient.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if a.Stats.Transient.Load() < 3 {
		t.Fatalf("transient errors seen: %d; the lock did not bite", a.Stats.Transient.Load())
	}
	cons, err := b.js.Consumer(ctx, lanes.EpisodeStream, lanes.AppenderDurable)
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.AckFloor.Consumer != 0 {
		t.Fatalf("acknowledged up to %d while the store was locked", info.AckFloor.Consumer)
	}
	if err := lock.Rollback(ctx); err != nil {
		t.Fatal(err)
	}

	// Now kill the appender's connections a few times while it writes.
	publish(total/2, total)
	for range 5 {
		if _, err := b.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, app); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, total)
	deadline = time.Now().Add(30 * time.Second)
	for {
		info, err = cons.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if info.NumPending == 0 && info.NumAckPending == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	var n, distinct, refusals int
	if err := b.pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT content), (SELECT count(*) FROM refusals) FROM episodes`).Scan(&n, &distinct, &refusals); err != nil {
		t.Fatal(err)
	}
	if n != total || distinct != total || refusals != 0 {
		t.Fatalf("%d episodes, %d distinct, %d refusals; want %d, %d, 0", n, distinct, refusals, total, total)
	}
	if info.NumRedelivered != 0 || a.Stats.Redelivered.Load() != 0 {
		t.Fatalf("redelivered: consumer %d, appender %d; want 0", info.NumRedelivered, a.Stats.Redelivered.Load())
	}
	if got := a.Stats.Refused.Load() + a.Stats.DeadLetters.Load() + a.Stats.Failures.Load(); got != 0 {
		t.Fatalf("refused + dead letters + failures = %d, want 0", got)
	}
}
