package episodes_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// errLog keeps the err attribute of every record logged at warn or above.
type errLog struct {
	mu   sync.Mutex
	errs []error
}

func (l *errLog) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelWarn }
func (l *errLog) WithAttrs([]slog.Attr) slog.Handler            { return l }
func (l *errLog) WithGroup(string) slog.Handler                 { return l }
func (l *errLog) Handle(_ context.Context, r slog.Record) error {
	r.Attrs(func(a slog.Attr) bool {
		if err, ok := a.Value.Any().(error); ok && a.Key == "err" {
			l.mu.Lock()
			l.errs = append(l.errs, err)
			l.mu.Unlock()
		}
		return true
	})
	return nil
}

func (l *errLog) all() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]error(nil), l.errs...)
}

// TestCommitGivesUpAfterAckWait: a store that stops answering mid-commit
// (here the appender's insert waits on a lock another transaction holds,
// with no lock_timeout or statement_timeout to end the wait) fails each
// commit attempt at its deadline, one AckWait, as a transient error retried
// in place, instead of holding the batch until the store answers. Once the
// lock is gone every turn is stored once and every message acknowledged,
// although the attempts that gave up left their statements waiting on the
// lock and JetStream may have redelivered their messages meanwhile.
func TestCommitGivesUpAfterAckWait(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()

	lock, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(ctx, `LOCK TABLE episodes IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	var released bool
	release := func() {
		if !released {
			released = true
			if err := lock.Rollback(ctx); err != nil {
				t.Error(err)
			}
		}
	}

	logs := &errLog{}
	a, err := episodes.NewAppender(b.pool, b.nc, episodes.AppenderConfig{AckWait: episodes.Duration(time.Second)}, nil, slog.New(logs))
	if err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- a.Run(runCtx) }()
	// Cleanups run last first: the lock goes before the appender stops,
	// so a failing test does not leave a commit waiting on it.
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("appender: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	t.Cleanup(release)

	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const total = 300
	for i := range total {
		m := fmt.Sprintf("m%d", i%3)
		if err := c.Publish(m, lanes.Turn{Channel: "web:chat", Audience: []string{"member:" + m}, Speaker: "member:" + m,
			Text: fmt.Sprintf("turn-%05d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	// While the lock is held nothing but the commit's own deadline can end
	// an attempt: two attempts ended is two deadlines met.
	deadline := time.Now().Add(30 * time.Second)
	for len(logs.all()) < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	errs := logs.all()
	if len(errs) < 2 {
		t.Fatalf("%d commit attempts ended in 30s while the store held them; a commit waits for the store past its deadline", len(errs))
	}
	for _, err := range errs {
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("a commit attempt ended with %v, want its deadline (context.DeadlineExceeded)", err)
		}
	}
	if n := a.Stats.Transient.Load(); n < 2 {
		t.Fatalf("%d transient errors counted for %d logged; the attempts were not retried as transient", n, len(errs))
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
		t.Fatalf("acknowledged up to %d while no commit could finish", info.AckFloor.Consumer)
	}
	var held int
	if err := lock.QueryRow(ctx, `SELECT count(*) FROM episodes`).Scan(&held); err != nil {
		t.Fatal(err)
	}
	if held != 0 {
		t.Fatalf("%d episodes written while the table was locked", held)
	}

	release()
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, total)
	deadline = time.Now().Add(60 * time.Second)
	for {
		info, err = cons.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if info.NumPending == 0 && info.NumAckPending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("consumer still has %d pending, %d unacknowledged", info.NumPending, info.NumAckPending)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Stopped, the appender has finished every attempt it began (a retry
	// after the lock finds the turns written and counts them duplicates),
	// so its counters are final.
	stop()
	var n, distinct, refusals int
	if err := b.pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT content), (SELECT count(*) FROM refusals) FROM episodes`).Scan(&n, &distinct, &refusals); err != nil {
		t.Fatal(err)
	}
	if n != total || distinct != total || refusals != 0 {
		t.Fatalf("%d episodes, %d distinct, %d refusals; want %d, %d, 0", n, distinct, refusals, total, total)
	}
	if got := a.Stats.Accepted.Load(); got != total {
		t.Fatalf("accepted %d, want %d", got, total)
	}
	if got := a.Stats.Refused.Load() + a.Stats.DeadLetters.Load() + a.Stats.Failures.Load(); got != 0 {
		t.Fatalf("refused + dead letters + failures = %d, want 0", got)
	}
	t.Logf("transient %d, redelivered %d (consumer %d), duplicates %d, isolated %d", a.Stats.Transient.Load(),
		a.Stats.Redelivered.Load(), info.NumRedelivered, a.Stats.Duplicates.Load(), a.Stats.Isolated.Load())
}
