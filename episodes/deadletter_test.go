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

// TestNoDeadLetterForStoredTurn: a delivery that reaches MaxDeliver still
// failing is not kept as a dead letter when its turn is already stored as
// an episode, as when, in a long stall, a batch retried past AckWait writes
// the turn while JetStream's redeliveries of it run out: the message is
// acknowledged and counted a duplicate, and the turn is recorded once, as
// an episode. Here the turn is stored first through the appender, then a
// trigger makes every insert of it fail (SQLSTATE P0001: neither a data
// error nor transient), and the same turn, its id in the body, arrives
// again and is delivered MaxDeliver (2) times. On the old code the second
// delivery kept a dead_letter refusal beside the episode.
func TestNoDeadLetterForStoredTurn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	a, _ := b.startAppender(t, episodes.AppenderConfig{MaxDeliver: 2})
	id := lanes.NewID()
	body := []byte(fmt.Sprintf(`{"id":%q,"channel":"web:chat","audience":["member:ann"],"speaker":"member:ann","text":"stored-then-failing"}`, id))
	subj := lanes.Subjects{}.Episode("ann")
	// No Nats-Msg-Id header: the stream keeps the second publish too.
	if _, err := b.js.Publish(ctx, subj, body); err != nil {
		t.Fatal(err)
	}
	waitCount(t, b.pool, `SELECT count(*) FROM episodes WHERE member_id = 'ann' AND id = $1`, 1, id)
	if !eventually(func() bool { return a.Stats.Accepted.Load() == 1 }) {
		t.Fatalf("accepted %d, want 1", a.Stats.Accepted.Load())
	}
	for _, q := range []string{
		`CREATE FUNCTION test_fail_turn() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			RAISE EXCEPTION 'test: this turn cannot be inserted';
		END $$`,
		`CREATE TRIGGER test_fail_turn BEFORE INSERT ON episodes FOR EACH ROW
			WHEN (NEW.content = 'stored-then-failing') EXECUTE FUNCTION test_fail_turn()`,
	} {
		if _, err := b.pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.js.Publish(ctx, subj, body); err != nil {
		t.Fatal(err)
	}
	if !eventually(func() bool { return a.Stats.Duplicates.Load()+a.Stats.Refused.Load() >= 1 }) {
		t.Fatalf("the second message was neither a duplicate nor refused (failures %d)", a.Stats.Failures.Load())
	}
	var eps, refs int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE member_id = 'ann' AND id = $1`, id).Scan(&eps); err != nil {
		t.Fatal(err)
	}
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM refusals`).Scan(&refs); err != nil {
		t.Fatal(err)
	}
	if eps != 1 || refs != 0 {
		t.Fatalf("%d episodes and %d refusals for the turn; want 1 episode and no dead letter", eps, refs)
	}
	if !eventually(func() bool {
		info := b.appenderConsumerInfo(t)
		return info.NumAckPending == 0 && info.NumPending == 0 && info.AckFloor.Stream == 2
	}) {
		info := b.appenderConsumerInfo(t)
		t.Fatalf("consumer: %d ack pending, %d pending, ack floor %d; want both messages acknowledged",
			info.NumAckPending, info.NumPending, info.AckFloor.Stream)
	}
	if d, f, dl := a.Stats.Duplicates.Load(), a.Stats.Failures.Load(), a.Stats.DeadLetters.Load(); d != 1 || f != 1 || dl != 0 {
		t.Fatalf("duplicates %d, failures %d, dead letters %d; want 1, 1 (the first delivery) and 0", d, f, dl)
	}
}
