package lanes_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/nats-io/nats.go/jetstream"
)

// TestAckedMovingTarget (found by a review): the close's wait
// (node/passes.go closerCell.committed) once re-read the member's newest
// turn on every poll, so while the member kept talking (another session,
// another channel) and the appender acknowledged each turn a little after it
// arrived, the wait never ended, although every turn sent before the close
// request was committed within a fraction of a second. It now waits for the
// mark taken when the request came.
func TestAckedMovingTarget(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc := natstest.Start(t).Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lanes.EnsureStream(ctx, js, lanes.StreamConfig{}); err != nil {
		t.Fatal(err)
	}
	c, err := lanes.EnsureConsumer(ctx, js, "memhive", time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	subj := lanes.Subjects{Prefix: "memhive"}.Episode("ann")
	// the member talks: a turn every 40 ms
	go func() {
		for ctx.Err() == nil {
			_, _ = js.Publish(ctx, subj, []byte(`{}`))
			time.Sleep(40 * time.Millisecond)
		}
	}()
	// the appender: commits what it fetched, acknowledging ~120 ms later
	var acked atomic.Uint64
	go func() {
		for ctx.Err() == nil {
			b, err := c.Fetch(100, jetstream.FetchMaxWait(50*time.Millisecond))
			if err != nil {
				continue
			}
			var ms []jetstream.Msg
			for m := range b.Messages() {
				ms = append(ms, m)
			}
			time.Sleep(120 * time.Millisecond)
			for _, m := range ms {
				_ = m.DoubleAck(ctx)
				md, _ := m.Metadata()
				acked.Store(md.Sequence.Stream)
			}
		}
	}()
	time.Sleep(500 * time.Millisecond)
	// the close request arrives now: these turns are what it needs
	mark, err := lanes.LastTurn(ctx, js, "memhive", "ann")
	if err != nil {
		t.Fatal(err)
	}
	if mark.Seq == 0 || mark.Consumer != lanes.AppenderDurable {
		t.Fatalf("mark %+v: want a turn on the shared consumer", mark)
	}
	// closerCell.committed's loop, with a 3 s wait instead of 30 s
	deadline := time.Now().Add(3 * time.Second)
	for pause := 5 * time.Millisecond; ; pause = min(2*pause, 250*time.Millisecond) {
		ok, err := lanes.Acked(ctx, js, mark)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the wait never ended: the turns before the close request (up to seq %d) were acknowledged long ago (acked up to %d)",
				mark.Seq, acked.Load())
		}
		time.Sleep(pause)
	}
}
