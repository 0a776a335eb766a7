package episodes_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
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

// stall is the episodes table locked ACCESS EXCLUSIVE by a transaction of
// its own, as a long migration or a VACUUM FULL would hold it: every commit
// of the appender waits on it, and nothing but a timeout ends the wait.
type stall struct {
	t        *testing.T
	pool     *pgxpool.Pool
	lock     pgx.Tx
	pid      int
	released bool
}

// lockEpisodes starts a stall; it is released when the test ends, before
// the appenders started before it stop (cleanups run last first), so that
// a failing test does not leave a commit waiting on it. Each test starts
// its appender first, then the stall, then publishes.
func lockEpisodes(t *testing.T, pool *pgxpool.Pool) *stall {
	t.Helper()
	ctx := context.Background()
	lock, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s := &stall{t: t, pool: pool, lock: lock}
	t.Cleanup(s.release)
	if _, err := lock.Exec(ctx, `LOCK TABLE episodes IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	if err := lock.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&s.pid); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *stall) release() {
	if !s.released {
		s.released = true
		if err := s.lock.Rollback(context.Background()); err != nil {
			s.t.Error(err)
		}
	}
}

// held checks, while the stall lasts, that nothing was written or
// acknowledged.
func (s *stall) held(cons jetstream.Consumer) {
	s.t.Helper()
	ctx := context.Background()
	info, err := cons.Info(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	if info.AckFloor.Consumer != 0 {
		s.t.Fatalf("acknowledged up to %d while no commit could finish", info.AckFloor.Consumer)
	}
	var n int
	if err := s.lock.QueryRow(ctx, `SELECT count(*) FROM episodes`).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	if n != 0 {
		s.t.Fatalf("%d episodes written while the table was locked", n)
	}
}

// waiting counts the backends of the test's database that wait on a lock
// the stall holds: the appenders', since nothing else touches the test's
// schema.
func (s *stall) waiting() int {
	s.t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1 AND $1 = ANY(pg_blocking_pids(pid))`,
		s.pid).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// eventually polls cond for a generous minute and reports whether it held.
func eventually(cond func() bool) bool {
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

// runOn runs an appender on pool, logging to h, until stop or the test's end.
func (b *bundle) runOn(t *testing.T, pool *pgxpool.Pool, cfg episodes.AppenderConfig, h slog.Handler) (a *episodes.Appender, stop func()) {
	t.Helper()
	a, err := episodes.NewAppender(pool, b.nc, cfg, nil, slog.New(h))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("appender: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return a, stop
}

// poolOn is a pool of its own on b's schema, its config edited by edit;
// it is closed when the test ends, after the appenders started later stop.
func (b *bundle) poolOn(t *testing.T, edit func(*pgxpool.Config)) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	var schema string
	if err := b.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	cfg, err := pgxpool.ParseConfig(dbtest.URL())
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema + ",public"
	edit(cfg)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// publishTurns publishes total turns of three members, each text its own.
func (b *bundle) publishTurns(t *testing.T, total int) {
	t.Helper()
	ctx := context.Background()
	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	publishTurnsWith(t, c, total)
}

// publishTurnsWith publishes total turns of three members on c, each text
// its own, and flushes c.
func publishTurnsWith(t *testing.T, c *lanes.Client, total int) {
	t.Helper()
	for i := range total {
		m := fmt.Sprintf("m%d", i%3)
		if err := c.Publish(m, lanes.Turn{Channel: "web:chat", Audience: []string{"member:" + m}, Speaker: "member:" + m,
			Text: fmt.Sprintf("turn-%05d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// requireEachStoredOnce fails t unless the episodes are total turns, each
// once, and nothing was refused.
func (b *bundle) requireEachStoredOnce(t *testing.T, total int) {
	t.Helper()
	var n, distinct, refusals int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*), count(DISTINCT content), (SELECT count(*) FROM refusals) FROM episodes`).Scan(&n, &distinct, &refusals); err != nil {
		t.Fatal(err)
	}
	if n != total || distinct != total || refusals != 0 {
		t.Fatalf("%d episodes, %d distinct, %d refusals; want %d, %d, 0", n, distinct, refusals, total, total)
	}
}

// appenderConsumer is the appender's durable consumer.
func (b *bundle) appenderConsumer(t *testing.T) jetstream.Consumer {
	t.Helper()
	cons, err := b.js.Consumer(context.Background(), lanes.EpisodeStream, lanes.AppenderDurable)
	if err != nil {
		t.Fatal(err)
	}
	return cons
}

// appenderConsumerInfo is the appender's durable consumer's info.
func (b *bundle) appenderConsumerInfo(t *testing.T) *jetstream.ConsumerInfo {
	t.Helper()
	info, err := b.appenderConsumer(t).Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// storedOnce waits for total episodes and for the consumer to have every
// message acknowledged, stops the appenders (so their counters are final:
// a retry after the stall finds the turns written and counts them
// duplicates), and checks that each turn is stored once, nothing refused,
// dead-lettered, failed or written one turn at a time, and every turn
// counted accepted once across the appenders.
func (b *bundle) storedOnce(t *testing.T, total int, cons jetstream.Consumer, stops []func(), apps ...*episodes.Appender) {
	t.Helper()
	ctx := context.Background()
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, total)
	var info *jetstream.ConsumerInfo
	if !eventually(func() bool {
		var err error
		if info, err = cons.Info(ctx); err != nil {
			t.Fatal(err)
		}
		return info.NumPending == 0 && info.NumAckPending == 0
	}) {
		t.Fatalf("consumer still has %d pending, %d unacknowledged", info.NumPending, info.NumAckPending)
	}
	for _, stop := range stops {
		stop()
	}
	b.requireEachStoredOnce(t, total)
	var accepted int64
	for _, a := range apps {
		accepted += a.Stats.Accepted.Load()
		if got := a.Stats.Refused.Load() + a.Stats.DeadLetters.Load() + a.Stats.Failures.Load(); got != 0 {
			t.Fatalf("refused + dead letters + failures = %d, want 0", got)
		}
		if got := a.Stats.Isolated.Load(); got != 0 {
			t.Fatalf("%d batches written one turn at a time; a stall is no bad row", got)
		}
	}
	if accepted != int64(total) {
		t.Fatalf("accepted %d, want %d", accepted, total)
	}
}

// stallEnded reports whether err ends a commit attempt the way a stall
// does: Postgres canceling the statement at the attempt's deadline
// (57014), or the deadline met on the client first.
func stallEnded(err error) (byServer, ok bool) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "57014" {
		return true, true
	}
	return false, errors.Is(err, context.DeadlineExceeded)
}

// TestCommitGivesUpAfterAckWait: a store that stops answering mid-commit
// (here the appender's insert waits on a lock another transaction holds)
// fails each commit attempt at its deadline, one AckWait, as a transient
// error retried in place, instead of holding the batch until the store
// answers: Postgres cancels the statement (the appender sets its
// statement_timeout from the deadline) or the client's deadline ends it.
// Once the lock is gone every turn is stored once and every message
// acknowledged, although JetStream may have redelivered the messages of
// the attempts that gave up meanwhile.
func TestCommitGivesUpAfterAckWait(t *testing.T) {
	t.Parallel()
	b := setup(t)
	logs := &errLog{}
	a, stop := b.runOn(t, b.pool, episodes.AppenderConfig{AckWait: episodes.Duration(time.Second)}, logs)
	s := lockEpisodes(t, b.pool)
	const total = 300
	b.publishTurns(t, total)

	// While the lock is held nothing but the commit's own deadline can end
	// an attempt: two attempts ended is two deadlines met.
	eventually(func() bool { return len(logs.all()) >= 2 })
	errs := logs.all()
	if len(errs) < 2 {
		t.Fatalf("%d commit attempts ended in a minute while the store held them; a commit waits for the store past its deadline", len(errs))
	}
	for _, err := range errs {
		if _, ok := stallEnded(err); !ok {
			t.Fatalf("a commit attempt ended with %v, want its deadline (57014 query_canceled or context.DeadlineExceeded)", err)
		}
	}
	if n := a.Stats.Transient.Load(); n < 2 {
		t.Fatalf("%d transient errors counted for %d logged; the attempts were not retried as transient", n, len(errs))
	}
	cons := b.appenderConsumer(t)
	s.held(cons)

	s.release()
	b.storedOnce(t, total, cons, []func(){stop}, a)
	t.Logf("transient %d, redelivered %d, duplicates %d", a.Stats.Transient.Load(), a.Stats.Redelivered.Load(), a.Stats.Duplicates.Load())
}

// TestLongStallIsRetriedWhole: a stall longer than the six strikes
// retryTransient allows errors that are not from Postgres (episodes locked
// through seven commit attempts of the one writer) keeps the batch retried
// whole with backoff: it is not sent to be written one turn at a time,
// each turn again up to a deadline per attempt, which finds a bad row but
// only slows the way out of a stall. Postgres ends each attempt
// (57014), so no attempt counts as a strike; seven are fewer than the ten
// timeouts in a row (maxTimeouts) after which a batch is taken for slow by
// itself and split (TestSlowBatchIsWrittenOneTurnAtATime).
func TestLongStallIsRetriedWhole(t *testing.T) {
	t.Parallel()
	b := setup(t)
	logs := &errLog{}
	// One writer, so every attempt that ends is of the first batch.
	a, stop := b.runOn(t, b.pool, episodes.AppenderConfig{AckWait: episodes.Duration(time.Second), Writers: 1}, logs)
	s := lockEpisodes(t, b.pool)
	const total = 300
	b.publishTurns(t, total)

	if !eventually(func() bool { return a.Stats.Transient.Load() >= 7 }) {
		t.Fatalf("%d commit attempts retried in a minute while the store held them", a.Stats.Transient.Load())
	}
	if n := a.Stats.Isolated.Load(); n != 0 {
		t.Fatalf("%d batches written one turn at a time during a stall; a stall is retried whole", n)
	}
	var byServer int
	for _, err := range logs.all() {
		server, ok := stallEnded(err)
		if !ok {
			t.Fatalf("a commit attempt ended with %v, want its deadline (57014 query_canceled or context.DeadlineExceeded)", err)
		}
		if server {
			byServer++
		}
	}
	cons := b.appenderConsumer(t)
	s.held(cons)

	s.release()
	b.storedOnce(t, total, cons, []func(){stop}, a)
	t.Logf("%d attempts ended, %d by Postgres (57014); redelivered %d, duplicates %d",
		len(logs.all()), byServer, a.Stats.Redelivered.Load(), a.Stats.Duplicates.Load())
}

// TestGivenUpStatementEndsOnTheServer: a commit attempt that gives up
// leaves no backend waiting on the lock, even when its client can no
// longer open a connection to Postgres, as in a network partition or with
// max_connections spent (where even a cancel request could not reach it;
// pgx, as configured, sends none: it drops the connection, which a backend
// waiting on a lock does not notice), so without the statement_timeout the
// appender sets the backend would wait on the lock until the lock went, one
// more with every attempt of a long stall. Once the lock is gone every turn
// is stored once.
func TestGivenUpStatementEndsOnTheServer(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// cut: no new connection (nor cancel request) reaches Postgres; the
	// connections made before go on.
	var cut atomic.Bool
	pool := b.poolOn(t, func(c *pgxpool.Config) {
		var dialer net.Dialer
		c.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
			if cut.Load() {
				return nil, errors.New("test: no new connection reaches Postgres")
			}
			return dialer.DialContext(ctx, network, addr)
		}
	})

	cfg := episodes.AppenderConfig{AckWait: episodes.Duration(time.Second), Writers: 1}
	a, stop := b.runOn(t, pool, cfg, slog.DiscardHandler)
	s := lockEpisodes(t, b.pool)
	const total = 30
	b.publishTurns(t, total)
	if !eventually(func() bool { return s.waiting() >= 1 }) {
		t.Fatal("the appender's commit never waited on the lock")
	}
	cut.Store(true)
	if !eventually(func() bool { return a.Stats.Transient.Load() >= 2 }) {
		t.Fatalf("%d commit attempts retried in a minute while the store held them", a.Stats.Transient.Load())
	}
	// Stopped, the appender has ended every attempt it began.
	stop()
	if !eventually(func() bool { return s.waiting() == 0 }) {
		t.Fatalf("%d backends still wait on the lock after every commit attempt gave up", s.waiting())
	}
	cons := b.appenderConsumer(t)
	s.held(cons)

	cut.Store(false)
	s.release()
	again, stopAgain := b.runOn(t, b.pool, cfg, slog.DiscardHandler)
	b.storedOnce(t, total, cons, []func(){stopAgain}, a, again)
}

// TestShorterStatementTimeoutIsKept: a statement_timeout the store's
// sessions already have (set on the pool's connections) that is shorter
// than a commit's deadline is kept for the commit, not raised to the
// deadline: with AckWait ten minutes and the sessions' timeout 100ms,
// commit attempts on locked episodes end in Postgres's 57014 long before a
// minute is out, and are retried; once the lock is gone every turn is
// stored once.
func TestShorterStatementTimeoutIsKept(t *testing.T) {
	t.Parallel()
	b := setup(t)
	pool := b.poolOn(t, func(c *pgxpool.Config) { c.ConnConfig.RuntimeParams["statement_timeout"] = "100ms" })
	logs := &errLog{}
	a, stop := b.runOn(t, pool, episodes.AppenderConfig{AckWait: episodes.Duration(10 * time.Minute)}, logs)
	s := lockEpisodes(t, b.pool)
	const total = 30
	b.publishTurns(t, total)

	if !eventually(func() bool { return a.Stats.Transient.Load() >= 2 }) {
		t.Fatalf("%d commit attempts retried in a minute with the sessions' statement_timeout 100ms", a.Stats.Transient.Load())
	}
	for _, err := range logs.all() {
		if server, _ := stallEnded(err); !server {
			t.Fatalf("a commit attempt ended with %v, want the sessions' statement_timeout (57014)", err)
		}
	}
	cons := b.appenderConsumer(t)
	s.held(cons)

	s.release()
	b.storedOnce(t, total, cons, []func(){stop}, a)
}

// TestSlowBatchIsWrittenOneTurnAtATime: a batch whose insert is slower than
// a commit's deadline by itself, with no lock in its way, times out on
// every attempt; after maxTimeouts attempts in a row its turns are written
// one at a time, so every turn is stored once and none is refused or kept
// as a dead letter. Here a trigger on the test's episodes makes an insert
// of more than one new row sleep 5s, past the statement timeout (0.9s) an
// AckWait of 1s gives, while one new row goes in at once. Retried whole for
// ever, as a statement timeout was before it was bounded, the batch would
// never be written.
func TestSlowBatchIsWrittenOneTurnAtATime(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	for _, q := range []string{
		`CREATE FUNCTION test_slow_batches() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF (SELECT count(*) FROM new_rows) > 1 THEN
				PERFORM pg_sleep(5);
			END IF;
			RETURN NULL;
		END $$`,
		`CREATE TRIGGER test_slow_batches AFTER INSERT ON episodes REFERENCING NEW TABLE AS new_rows
			FOR EACH STATEMENT EXECUTE FUNCTION test_slow_batches()`,
	} {
		if _, err := b.pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	const total = 30
	b.publishTurns(t, total) // before the appender starts, so that its first batch is many turns
	logs := &errLog{}
	a, stop := b.runOn(t, b.pool, episodes.AppenderConfig{AckWait: episodes.Duration(time.Second), Writers: 1}, logs)

	// About 30s on this code (ten attempts of 0.9s and the backoff between
	// them); the wait is generous, and on a code that retries the batch
	// whole for ever it ends the test.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var n int
		if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM episodes`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		var info *jetstream.ConsumerInfo
		if n == total { // the consumer is the appender's, made once it runs
			info = b.appenderConsumerInfo(t)
			if info.NumPending == 0 && info.NumAckPending == 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d turns stored (consumer %+v) after %d attempts retried: a batch slow by itself is retried whole for ever",
				n, total, info, a.Stats.Transient.Load())
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	b.requireEachStoredOnce(t, total)
	if got := a.Stats.Accepted.Load(); got != total {
		t.Fatalf("accepted %d, want %d", got, total)
	}
	if got := a.Stats.Refused.Load() + a.Stats.DeadLetters.Load() + a.Stats.Failures.Load(); got != 0 {
		t.Fatalf("refused + dead letters + failures = %d, want 0", got)
	}
	if a.Stats.Isolated.Load() == 0 {
		t.Fatal("no batch was written one turn at a time, yet every multi-row insert sleeps past the deadline")
	}
	for _, err := range logs.all() {
		if _, ok := stallEnded(err); !ok {
			t.Fatalf("a commit attempt ended with %v, want its deadline (57014 query_canceled or context.DeadlineExceeded)", err)
		}
	}
	t.Logf("%d attempts retried, %d batches split, %d redelivered, %d duplicates",
		a.Stats.Transient.Load(), a.Stats.Isolated.Load(), a.Stats.Redelivered.Load(), a.Stats.Duplicates.Load())
}

// TestDeadlineBeginKeepsAShorterTimeout: the statement that begins a
// commit sets statement_timeout to the time left before the deadline less
// a second, unless the timeout in force is shorter (and not 0, none),
// whatever unit Postgres shows it in (SHOW gives 0, 250ms, 5s, 2min, 1h,
// 1d, or ms when no larger unit divides it).
func TestDeadlineBeginKeepsAShorterTimeout(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	const left = 2*3600*1000 - 1000 // ms: 2h less a second
	for in, want := range map[string]int64{
		"0": left, "9999ms": 9999, "5s": 5000, "2min": 120000, "1h": 3600000,
		"7100001ms": 7100001, "7199001ms": left, "2h": left, "1d": left, "2147483647": left,
	} {
		conn, err := pool.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `SET statement_timeout = '`+in+`'`); err != nil {
			t.Fatal(err)
		}
		var got int64
		err = func() error {
			if _, err := conn.Exec(ctx, episodes.DeadlineBegin(ctx)); err != nil {
				return err
			}
			defer conn.Exec(ctx, `ROLLBACK`)
			return conn.QueryRow(ctx, `SELECT setting::bigint FROM pg_settings WHERE name = 'statement_timeout'`).Scan(&got)
		}()
		_, _ = conn.Exec(ctx, `RESET statement_timeout`)
		conn.Release()
		if err != nil {
			t.Fatal(err)
		}
		// a few ms pass between the deadline's reading and now
		if want == left && (got > left || got < left-5000) || want != left && got != want {
			t.Errorf("session statement_timeout %s: the commit's is %dms, want %dms", in, got, want)
		}
	}
}
