package episodes_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// TestDeadLetter: a turn whose write fails for a reason that is neither the
// row's data nor the store being away (here a hook that runs a broken
// statement for it) is redelivered up to MaxDeliver times, then kept as a
// dead_letter refusal with its raw bytes; the other turns are not held.
func TestDeadLetter(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	after := func(ctx context.Context, tx pgx.Tx, written []episodes.Episode) error {
		for _, e := range written {
			if e.Content == "hook-poison" {
				_, err := tx.Exec(ctx, `SELECT * FROM no_such_table`)
				return err
			}
		}
		return nil
	}
	a, err := episodes.NewAppender(b.pool, b.nc, episodes.AppenderConfig{MaxDeliver: 3}, after, slog.New(slog.DiscardHandler))
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
	poison := []byte(`{"channel":"web:chat","audience":["member:ann"],"speaker":"member:ann","text":"hook-poison"}`)
	for i := range 200 {
		if i == 100 {
			if err := c.PublishRaw("ann", nil, poison); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Publish("ann", lanes.Turn{Channel: "web:chat", Audience: []string{"member:ann"}, Speaker: "member:ann",
			Text: fmt.Sprintf("good-%03d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, 200)
	waitCount(t, b.pool, `SELECT count(*) FROM refusals`, 1)
	rs, err := episodes.Refusals(ctx, b.pool, "ann", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].Code != string(memhive.CodeDeadLetter) || !bytes.Equal(rs[0].Raw, poison) {
		t.Fatalf("refusals %+v, want one dead_letter with the raw bytes", rs)
	}
	var n int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE content = 'hook-poison'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("hook-poison stored %d times (%v)", n, err)
	}
	if a.Stats.DeadLetters.Load() != 1 || a.Stats.Failures.Load() != 2 {
		t.Fatalf("dead letters %d, failures %d; want 1 and 2 (MaxDeliver 3)", a.Stats.DeadLetters.Load(), a.Stats.Failures.Load())
	}
}
