package episodes_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// TestLostCommitReplyWritesNoDuplicate: the client never gets the reply to
// an atomic batch's commit (it waits a nanosecond for it), although every
// batch did commit; it sends each batch again one by one. The turns carry no
// id from the caller: the client assigns one, the stream drops the second
// copies, and each turn is one episode.
func TestLostCommitReplyWritesNoDuplicate(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const total = 3000
	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{CommitWait: 1, BatchSize: 200})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !c.Atomic() {
		t.Fatal("the embedded server takes atomic batches; the client did not detect it")
	}
	publishTurnsWith(t, c, total)
	select {
	case e := <-c.Errors():
		t.Fatalf("publish error: %v", e)
	default:
	}
	if c.Stats().Retried == 0 {
		t.Fatal("no batch was retried: the test did not lose a commit reply")
	}
	s, err := b.js.Stream(ctx, lanes.EpisodeStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != total {
		t.Fatalf("the stream holds %d messages, want %d (one per turn)", info.State.Msgs, total)
	}
	b.runAppender(t, episodes.AppenderConfig{})
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, total)
	var n, distinct int
	if err := b.pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT content) FROM episodes`).Scan(&n, &distinct); err != nil {
		t.Fatal(err)
	}
	if n != total || distinct != total {
		t.Fatalf("%d episodes, %d distinct turns; want %d of each (0 duplicates)", n, distinct, total)
	}
}
