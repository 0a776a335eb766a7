package episodes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/lanes"
)

// MaxFutureSkew is how far after its arrival a turn's at may lie (clocks
// drift): a turn dated later is refused malformed_turn, since a fact read
// from it would stand in force before it was said.
const MaxFutureSkew = 24 * time.Hour

// AppenderConfig configures the appender cell.
type AppenderConfig struct {
	// Prefix of the lane subjects. Default "memhive".
	Prefix string `json:"prefix,omitempty"`
	// Batch is the most turns written in one transaction. Default 1000.
	Batch int `json:"batch,omitempty"`
	// MaxWait is kept for templates that set it; the appender no longer
	// waits to fill a batch (it takes what has arrived). Default 20ms.
	MaxWait Duration `json:"max_wait,omitempty"`
	// MaxText caps a turn's text in bytes. Default 64 KiB.
	MaxText int `json:"max_text,omitempty"`
	// AckWait is how long JetStream waits for an ack before redelivering. Default 30s.
	AckWait Duration `json:"ack_wait,omitempty"`
	// Writers is how many batches are written concurrently, each in its own
	// transaction and acknowledged after its own commit; several hide each
	// commit's WAL flush behind the others' work. Default 4.
	Writers int `json:"writers,omitempty"`
	// MaxDeliver is how many deliveries of one turn the appender tries
	// before it keeps the turn as a dead letter (a refusal with code
	// dead_letter and the raw bytes) and acknowledges it. Only failures that
	// are neither a refusal nor transient count: a turn the store refuses
	// becomes a refusal at once, and while Postgres is unreachable the
	// appender holds its turns and retries without redelivery. The stream's
	// consumer gives up five deliveries later. Default 10.
	MaxDeliver int `json:"max_deliver,omitempty"`
	// ReplyPrefix is the subject prefix a Memhive-Reply-To header must have
	// for the appender to answer there (the publisher's inbox); other reply
	// subjects are ignored, logged and counted. Default "_INBOX": nats.go's
	// inboxes (_INBOX.…) and the per-assistant inbox prefixes the embedded
	// NATS grants its assistant users (_INBOX_<user>.…).
	ReplyPrefix string `json:"reply_prefix,omitempty"`
	// Partitions, when > 0, splits the lanes into that many member
	// partitions, each read by one process at a time under a lease, so
	// several processes share the lanes and each member's turns are still
	// appended in stream order (docs/cluster.md). Every process sharing the
	// lanes must set the same number. Default 0: one shared consumer, for
	// one process.
	Partitions int `json:"partitions,omitempty"`
	// Replicas of the episode stream and the lease bucket on a clustered
	// NATS. Default 1.
	Replicas int `json:"replicas,omitempty"`
	// LeaseTTL is how long a partition lease lives without renewal: a
	// process that dies without a word loses its partitions this long after
	// its last renewal (renewed every LeaseTTL/3). Default 6s.
	LeaseTTL Duration `json:"lease_ttl,omitempty"`
	// Process names this process in the leases. Default: host, pid and a
	// random suffix.
	Process string `json:"process,omitempty"`
}

// WithDefaults fills the zero fields.
func (c AppenderConfig) WithDefaults() AppenderConfig {
	if c.Prefix == "" {
		c.Prefix = lanes.DefaultPrefix
	}
	if c.Batch <= 0 {
		c.Batch = 1000
	}
	if c.MaxWait == 0 {
		c.MaxWait = Duration(20 * time.Millisecond)
	}
	if c.MaxText <= 0 {
		c.MaxText = lanes.DefaultMaxText
	}
	if c.AckWait == 0 {
		c.AckWait = Duration(30 * time.Second)
	}
	if c.Writers <= 0 {
		c.Writers = 4
	}
	if c.MaxDeliver <= 0 {
		c.MaxDeliver = 10
	}
	if c.ReplyPrefix == "" {
		c.ReplyPrefix = lanes.DefaultReplyPrefix
	}
	if c.Replicas <= 0 {
		c.Replicas = 1
	}
	if c.LeaseTTL <= 0 {
		c.LeaseTTL = Duration(6 * time.Second)
	}
	if c.Process == "" {
		c.Process = defaultProcessName()
	}
	return c
}

// Duration is a time.Duration that reads "250ms" or a number of nanoseconds from JSON.
type Duration time.Duration

// UnmarshalJSON reads "1s" or 1000000000.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return err
		}
		*d = Duration(v)
		return nil
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("duration: want a string like \"250ms\": %w", err)
	}
	*d = Duration(n)
	return nil
}

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// AfterInsert is called inside the appender's transaction with the rows it
// wrote (not those that already existed); the embed queue hooks in here.
type AfterInsert func(ctx context.Context, tx pgx.Tx, written []Episode) error

// Stats counts what an appender did.
type Stats struct {
	Accepted       atomic.Int64 // episode rows written
	Duplicates     atomic.Int64 // accepted turns whose row already existed
	Refused        atomic.Int64 // refusals written (dead letters included)
	Batches        atomic.Int64 // transactions committed
	Failures       atomic.Int64 // turns left for redelivery after a failure that was neither a refusal nor transient
	Isolated       atomic.Int64 // batches whose transaction failed and whose turns were then written one by one
	StoreRefused   atomic.Int64 // turns the store refused (a per-row data error), kept as refusals
	DeadLetters    atomic.Int64 // turns kept as dead letters after MaxDeliver deliveries
	Transient      atomic.Int64 // transient store errors (connection lost, Postgres restarting), retried in place
	Redelivered    atomic.Int64 // messages that arrived more than once
	RepliesIgnored atomic.Int64 // Memhive-Reply-To subjects outside ReplyPrefix, not answered
	Resets         atomic.Int64 // partition consumers remade after a gap in their deliveries
}

// Counters names every counter of s (for /metrics and the cell's status).
func (s *Stats) Counters() map[string]*atomic.Int64 {
	return map[string]*atomic.Int64{
		"accepted": &s.Accepted, "duplicates": &s.Duplicates, "refused": &s.Refused, "batches": &s.Batches,
		"failures": &s.Failures, "isolated": &s.Isolated, "store_refused": &s.StoreRefused,
		"dead_letters": &s.DeadLetters, "transient": &s.Transient, "redelivered": &s.Redelivered,
		"replies_ignored": &s.RepliesIgnored, "partition_resets": &s.Resets,
	}
}

// Appender turns lane messages into episode rows exactly once: it writes a
// batch in one transaction and acknowledges the messages only after commit.
type Appender struct {
	pool  *pgxpool.Pool
	nc    *nats.Conn
	js    jetstream.JetStream
	cfg   AppenderConfig
	log   *slog.Logger
	subj  lanes.Subjects
	after AfterInsert
	Stats Stats
	// OnCommit, when set, is called after each commit with the rows written.
	OnCommit func(written []Episode)
	// OnBatch, when set, is called after each commit with the batch's size
	// (messages) and how long the transaction took.
	OnBatch func(messages int, took time.Duration)

	parts partitionState

	streamOnce  sync.Once
	streamReady chan struct{}
}

// StreamReady is closed once Run has made sure the episode stream exists,
// so that a client publishing at once finds it (memhive up waits for it
// before it says it is up).
func (a *Appender) StreamReady() <-chan struct{} { return a.streamReady }

func (a *Appender) streamMade() { a.streamOnce.Do(func() { close(a.streamReady) }) }

// NewAppender returns an appender; Run starts it.
func NewAppender(pool *pgxpool.Pool, nc *nats.Conn, cfg AppenderConfig, after AfterInsert, logger *slog.Logger) (*Appender, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.WithDefaults()
	return &Appender{pool: pool, nc: nc, js: js, cfg: cfg, log: logger, subj: lanes.Subjects{Prefix: cfg.Prefix}, after: after,
		streamReady: make(chan struct{})}, nil
}

// Run consumes the episode lanes until ctx ends. Messages in the batch being
// written when ctx ends are either committed and acknowledged, or left
// unacknowledged for redelivery; none is lost.
func (a *Appender) Run(ctx context.Context) error {
	if a.cfg.Partitions > 0 {
		return a.runPartitioned(ctx)
	}
	if _, err := lanes.EnsureStream(ctx, a.js, lanes.StreamConfig{Prefix: a.cfg.Prefix, Replicas: a.cfg.Replicas}); err != nil {
		return err
	}
	a.streamMade()
	cons, err := lanes.EnsureConsumer(ctx, a.js, a.cfg.Prefix, time.Duration(a.cfg.AckWait), a.cfg.MaxDeliver+5)
	if err != nil {
		return err
	}
	// The fetch loop hands batches to the writers; each writer commits and
	// acknowledges its own batches, so a batch in flight when ctx ends is
	// either committed and acknowledged or left for redelivery.
	batches := make(chan []jetstream.Msg)
	var wg sync.WaitGroup
	for range a.cfg.Writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for msgs := range batches {
				a.handle(ctx, msgs)
			}
		}()
	}
	defer wg.Wait()
	defer close(batches)
	for ctx.Err() == nil {
		batch, err := cons.FetchNoWait(a.cfg.Batch)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			a.log.Warn("fetch failed", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		var msgs []jetstream.Msg
		for m := range batch.Messages() {
			msgs = append(msgs, m)
		}
		if len(msgs) == 0 {
			// Nothing waiting: block for the next message (a fetch of many
			// would wait to fill up), then take whatever else has arrived.
			batch, err = cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				continue
			}
			for m := range batch.Messages() {
				msgs = append(msgs, m)
			}
			if len(msgs) == 0 {
				continue
			}
			if more, err := cons.FetchNoWait(a.cfg.Batch - 1); err == nil {
				for m := range more.Messages() {
					msgs = append(msgs, m)
				}
			}
		}
		select {
		case batches <- msgs:
		case <-ctx.Done():
			// Not handed to a writer: left unacknowledged, redelivered later.
			return nil
		}
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// item is one message of a batch on its way to the store: an episode to
// write, or a refusal to keep.
type item struct {
	msg  jetstream.Msg
	meta *jetstream.MsgMetadata
	ep   *Episode
	ref  *refused
	dup  bool // a second message with the key of an earlier one in the batch
}

type refused struct {
	r       Refusal
	replyTo string
	turnID  string
	ref     string
	err     *memhive.Error
	// stored is set on a dead letter: the turn it gives up on. commit keeps
	// no dead letter for a turn already stored (another delivery of the
	// same message wrote it, see handleOne).
	stored *Episode
}

// prepare decodes msgs into items.
func (a *Appender) prepare(msgs []jetstream.Msg) []*item {
	items := make([]*item, 0, len(msgs))
	seen := map[[2]string]bool{}
	for _, m := range msgs {
		meta, err := m.Metadata()
		if err != nil {
			// Not a JetStream message: nothing to write, nothing to ack.
			a.log.Warn("message without metadata skipped", "subject", CleanText(m.Subject(), 200), "err", err)
			continue
		}
		it := &item{msg: m, meta: meta}
		items = append(items, it)
		if meta.NumDelivered > 1 {
			a.Stats.Redelivered.Add(1)
		}
		member := a.subj.MemberOf(m.Subject())
		t, err := lanes.Decode(member, m.Data(), a.cfg.MaxText)
		if err == nil && t.At.After(meta.Timestamp.Add(MaxFutureSkew)) {
			// decided against the stream's own time for the message, so a
			// redelivery decides the same
			err = memhive.Errorf(memhive.CodeMalformedTurn, "at %s is after the turn reached memhive (%s): a turn is dated when it was said, and a date to come would stand in force before it happens",
				t.At.UTC().Format(time.RFC3339), meta.Timestamp.UTC().Format(time.RFC3339))
		}
		if err != nil {
			it.ref = a.refusal(m, meta, memhive.AsError(err))
			continue
		}
		id := t.ID
		if id == "" {
			id = headerID(m)
		}
		if id == "" {
			id = SeqID(meta.Timestamp, meta.Sequence.Stream)
		}
		at := t.At
		if at.IsZero() {
			at = meta.Timestamp
		}
		it.ep = &Episode{Member: member, ID: id, Session: t.Session, Channel: t.Channel, Role: t.Role,
			Speaker: t.Speaker, Audience: t.Audience, Content: t.Text, Ref: t.Ref, HappenedAt: at,
			StreamSeq: meta.Sequence.Stream, Tokens: TokenEstimate(t.Text)}
		k := [2]string{member, id}
		// a repeat of an earlier key in the batch is not written; commit
		// compares it with the row the key holds then
		it.dup = seen[k]
		seen[k] = true
	}
	return items
}

// headerID is the turn's id from its Nats-Msg-Id header when that is a
// ULID (lanes.Client sets one on every turn), so a turn published as raw
// bytes without an id still gets the id its publisher knows.
func headerID(m jetstream.Msg) string {
	h := m.Headers()
	if h == nil {
		return ""
	}
	v := h.Get(jetstream.MsgIDHeader)
	if v == "" {
		return ""
	}
	id, err := ulid.ParseStrict(v)
	if err != nil {
		return ""
	}
	return id.String()
}

// conflict is the refusal of it, a turn whose id already names a
// different turn of its member.
func (a *Appender) conflict(it *item) *refused {
	return a.refusal(it.msg, it.meta, memhive.Errorf(memhive.CodeIDConflict,
		"id %s already names a different turn in %s's record (other words, speaker or audience); this turn was not written over it and is kept here: publish it with its own id",
		it.ep.ID, it.ep.Member))
}

// refusal builds the refusal of m with e.
func (a *Appender) refusal(m jetstream.Msg, meta *jetstream.MsgMetadata, e *memhive.Error) *refused {
	member := a.subj.MemberOf(m.Subject())
	rf := &refused{
		r: Refusal{Member: member, ID: SeqID(meta.Timestamp, meta.Sequence.Stream), Subject: m.Subject(),
			Code: string(e.Code), Message: e.Message, Raw: m.Data(), StreamSeq: meta.Sequence.Stream},
		err: e,
	}
	if h := m.Headers(); h != nil {
		rf.replyTo = h.Get(lanes.HeaderReplyTo)
	}
	var peek struct {
		ID  string `json:"id"`
		Ref string `json:"ref"`
	}
	_ = json.Unmarshal(m.Data(), &peek)
	if peek.ID == "" {
		// the publisher's Nats-Msg-Id, the turn's id when the body names
		// none: a publisher matches the refusal to its publish by it
		peek.ID = headerID(m)
	}
	rf.turnID, rf.ref = CleanText(peek.ID, 64), CleanText(peek.Ref, 512)
	return rf
}

// handle writes one batch and acknowledges its messages after commit. When
// the batch's transaction fails for a reason that is not transient, its
// turns are written one by one, so that one turn never holds another; while
// the store is unreachable the batch is held and retried in place, nothing
// acknowledged and nothing redelivered. It returns when every message is
// acknowledged, left for redelivery, or ctx has ended.
func (a *Appender) handle(ctx context.Context, msgs []jetstream.Msg) {
	items := a.prepare(msgs)
	if len(items) == 0 {
		return
	}
	err := a.retryTransient(ctx, items, func() error { return a.commitWithin(ctx, items) })
	if err == nil || ctx.Err() != nil {
		return
	}
	a.Stats.Isolated.Add(1)
	a.log.Warn("batch not committed; writing its turns one by one", "turns", len(items), "err", err)
	for _, it := range items {
		if ctx.Err() != nil {
			return // left unacknowledged, redelivered later
		}
		a.handleOne(ctx, it)
	}
}

// handleOne writes one item on its own after its batch failed.
func (a *Appender) handleOne(ctx context.Context, it *item) {
	// on its own, a repeat of an earlier key of the batch is inserted like
	// any turn: the earlier one may have failed
	it.dup = false
	one := []*item{it}
	write := func() error { return a.commitWithin(ctx, one) }
	err := a.retryTransient(ctx, one, write)
	if err == nil || ctx.Err() != nil {
		return
	}
	if it.ep != nil && IsDataError(err) {
		// The store refuses this row: keep it as a refusal, raw bytes and all.
		a.Stats.StoreRefused.Add(1)
		it.ref = a.refusal(it.msg, it.meta, memhive.Errorf(memhive.CodeStoreRefused,
			"the store refused this turn: %s", StoreReason(err)))
		it.ep = nil
		if err = a.retryTransient(ctx, one, write); err == nil || ctx.Err() != nil {
			return
		}
	}
	if int(it.meta.NumDelivered) >= a.cfg.MaxDeliver {
		// Whatever still fails after MaxDeliver deliveries is kept as a dead
		// letter, unless the turn is stored by then: redeliveries during a
		// long stall count toward MaxDeliver while the first delivery's batch
		// is still retried, and may write the turn (commit checks, counted
		// in commit).
		ref := a.refusal(it.msg, it.meta, memhive.Errorf(memhive.CodeDeadLetter,
			"delivered %d times and never written: %s", it.meta.NumDelivered, StoreReason(err)))
		ref.stored = it.ep
		it.ref = ref
		it.ep = nil
		if err = a.retryTransient(ctx, one, write); err == nil || ctx.Err() != nil {
			return
		}
	}
	a.Stats.Failures.Add(1)
	a.log.Error("turn not written; left for redelivery", "member", CleanText(a.subj.MemberOf(it.msg.Subject()), 80),
		"stream_seq", it.meta.Sequence.Stream, "deliveries", it.meta.NumDelivered, "err", err)
	_ = it.msg.NakWithDelay(time.Duration(it.meta.NumDelivered) * time.Second)
}

// maxTimeouts is how many attempts in a row of one write may end in a
// statement timeout (57014, most often the commit's own deadline,
// deadlineBegin) before retryTransient gives the write up, as it gives
// up after six strikes. A timeout alone cannot tell a stall (a lock held by
// a migration, a VACUUM FULL, an operator's transaction) from a batch too
// slow for AckWait by itself (a big batch under load, a small AckWait):
// the first is best retried whole, since its turns one at a time would each
// wait on the same lock, and the second is never written whole, so after
// maxTimeouts its turns are written one at a time. Ten attempts at the
// default AckWait (30s: each attempt ends after about 29s, and the backoff
// between them adds about 21s) keep a stall of up to about five minutes
// retried whole, the time a lock taken for a migration or a table rewrite
// may well last, while a batch slow by itself waits those five minutes
// once before its turns go in; at an AckWait of 1s it is about 30s. A
// stall longer still is split too: its turns then wait on the lock one at
// a time, each up to maxTimeouts attempts before it is left for
// redelivery (handleOne).
const maxTimeouts = 10

// retryTransient runs write until it succeeds, fails for a reason that is
// not transient (returned), or ctx ends. While the store is unreachable it
// backs off and keeps the messages in progress, so JetStream neither
// redelivers them nor counts a delivery. It gives up (returns the error)
// after six errors that are not from Postgres while Postgres answers, and
// after maxTimeouts attempts in a row ended by a statement timeout.
func (a *Appender) retryTransient(ctx context.Context, items []*item, write func() error) error {
	backoff := 100 * time.Millisecond
	strikes := 0  // errors that are not from Postgres while Postgres answers
	timeouts := 0 // attempts in a row ended by a statement timeout
	for {
		err := write()
		if err == nil {
			return nil
		}
		tr, pingOK := a.transient(ctx, err)
		if pingOK {
			strikes++
		}
		if statementTimedOut(err) {
			timeouts++
		} else {
			timeouts = 0
		}
		if !tr || strikes > 5 || timeouts >= maxTimeouts {
			return err
		}
		a.Stats.Transient.Add(1)
		a.log.Warn("store unreachable; holding the turns and retrying", "turns", len(items), "retry_in", backoff, "err", err)
		for _, it := range items {
			_ = it.msg.InProgress()
		}
		sleep(ctx, backoff)
		if ctx.Err() != nil {
			return ctx.Err() // left unacknowledged, redelivered later
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

// statementTimedOut reports whether err is Postgres canceling a statement
// (57014 query_canceled): its statement_timeout, the commit's own deadline
// (deadlineBegin) or a session's shorter one.
func statementTimedOut(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "57014"
}

// transient reports whether err is about reaching the store rather than
// about the rows: a lost connection, Postgres restarting or out of
// resources, a serialization failure, a deadlock, a lock wait timeout or a
// statement canceled (57014: the commit's own deadline, deadlineBegin).
// An error that is not from Postgres (a connection cut mid-statement) is
// transient too; pingOK then says Postgres answers again, and retryTransient
// gives up after a few such errors, so a bug cannot stall the lane.
func (a *Appender) transient(ctx context.Context, err error) (transient, pingOK bool) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code[:2] {
		case "08", "53", "57", "58": // connection, resources, operator intervention, system
			return true, false
		case "40": // serialization failure, deadlock
			return true, false
		}
		return pe.Code == "55P03", false // lock not available
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	return true, a.pool.Ping(pctx) == nil
}

// commitWithin is commit with its own deadline, one AckWait, and not ctx's
// end: a commit once begun is finished even while the appender stops (a
// stop waits for it), but a store that stops answering mid-commit (its
// processes stopped, its host silent) fails it as a transient error, logged
// and retried by retryTransient, instead of hanging the writer with no word.
// A commit past AckWait has lost its messages to redelivery anyway.
//
// Postgres is told the deadline too (deadlineBegin): a statement still
// running at it, most often one waiting on a lock, is canceled by the
// server (SQLSTATE 57014, transient like every class 57 error), the
// connection answers and stays in the pool, and no backend is left behind
// waiting on the lock for the client that gave up. pgx sends no cancel
// request on the deadline (its default context handler, which the pools
// keep, sets a deadline on the socket and drops the connection), and a
// backend waiting on a lock does not notice its client gone until the
// lock goes. A stall so ended is a PgError, not a strike of
// retryTransient, so a long stall keeps the batch retried whole with
// backoff instead of sending it to be written one turn at a time, up to
// maxTimeouts attempts in a row: a batch slower than the deadline by
// itself would time out for ever, and is written one turn at a time then.
//
// Giving up can never write a turn twice: when the deadline falls after
// Postgres committed but before it said so, the retry finds every key
// written, compares the turns (Conflicting) and counts them duplicates;
// refusals are keyed too (ON CONFLICT DO NOTHING). What the retry cannot
// redo is OnCommit for those turns, as after any commit whose answer was
// lost (a connection cut during COMMIT).
func (a *Appender) commitWithin(ctx context.Context, items []*item) error {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Duration(a.cfg.AckWait))
	defer cancel()
	return a.commit(cctx, items)
}

// commit writes items in one transaction and, after commit, acknowledges
// their messages and announces the refusals.
func (a *Appender) commit(ctx context.Context, items []*item) error {
	var eps []Episode
	var refs []*refused
	var repeats []*item // items not written: repeats in the batch, then keys the record held
	for _, it := range items {
		switch {
		case it.ref != nil:
			refs = append(refs, it.ref)
		case it.dup:
			repeats = append(repeats, it)
		case it.ep != nil:
			eps = append(eps, *it.ep)
		}
	}
	inBatch := len(repeats)
	var written []Episode
	var conflicts []*refused // turns whose id names a different, older turn
	var kept []*refused      // refs less the dead letters of turns already stored
	began := time.Now()
	err := pgx.BeginTxFunc(ctx, a.pool, pgx.TxOptions{BeginQuery: deadlineBegin(ctx)}, func(tx pgx.Tx) error {
		conflicts, repeats = conflicts[:0], repeats[:inBatch]
		keys, err := Insert(ctx, tx, eps)
		if err != nil {
			return err
		}
		if len(keys) == len(eps) {
			written = eps
		} else {
			got := make(map[[2]string]bool, len(keys))
			for _, k := range keys {
				got[k] = true
			}
			written = written[:0]
			for _, it := range items {
				if it.ref != nil || it.dup || it.ep == nil {
					continue
				}
				if got[[2]string{it.ep.Member, it.ep.ID}] {
					written = append(written, *it.ep)
				} else {
					repeats = append(repeats, it)
				}
			}
		}
		if len(repeats) > 0 {
			// Compared with the row the key holds now (an earlier turn, or
			// the batch's first of that key, just inserted): the same turn
			// is a duplicate, another is a conflict.
			reps := make([]Episode, len(repeats))
			for i, it := range repeats {
				reps[i] = *it.ep
			}
			bad, err := Conflicting(ctx, tx, reps)
			if err != nil {
				return err
			}
			for i, it := range repeats {
				if bad[i] {
					conflicts = append(conflicts, a.conflict(it))
				}
			}
		}
		if len(written) > 0 {
			if err := TouchSessions(ctx, tx, written); err != nil {
				return err
			}
			if a.after != nil {
				if err := a.after(ctx, tx, written); err != nil {
					return err
				}
			}
		}
		var err2 error
		if kept, err2 = a.unstored(ctx, tx, refs); err2 != nil {
			return err2
		}
		rs := make([]Refusal, 0, len(kept)+len(conflicts))
		for _, r := range kept {
			rs = append(rs, r.r)
		}
		for _, r := range conflicts {
			rs = append(rs, r.r)
		}
		return InsertRefusals(ctx, tx, rs)
	})
	if err != nil {
		return err
	}
	// Committed: now, and only now, acknowledge.
	for _, it := range items {
		if err := it.msg.Ack(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
			a.log.Warn("ack failed; the turn will be redelivered and written zero more times", "err", err)
		}
	}
	a.Stats.Batches.Add(1)
	if a.OnBatch != nil {
		a.OnBatch(len(items), time.Since(began))
	}
	a.Stats.Accepted.Add(int64(len(written)))
	a.Stats.Duplicates.Add(int64(len(repeats) - len(conflicts) + len(refs) - len(kept)))
	a.Stats.Refused.Add(int64(len(kept) + len(conflicts)))
	for _, r := range kept {
		if r.stored != nil {
			a.Stats.DeadLetters.Add(1)
		}
	}
	for _, r := range append(kept, conflicts...) {
		a.announce(r)
	}
	if a.OnCommit != nil && len(written) > 0 {
		a.OnCommit(written)
	}
	return nil
}

// unstored is refs less the dead letters whose turn is a stored episode
// (its key holding the same turn, as Conflicting compares), read in tx,
// the transaction that inserts the refusals: during a long stall the first
// delivery of a message may still be retried (with backoff past AckWait)
// while its redeliveries reach MaxDeliver, and when that batch wrote the
// turn first, a dead letter for it would record the turn twice with
// contradicting outcomes, and a replay of dead letters would submit a
// stored turn again. Such a message is acknowledged with the rest
// and counted a duplicate.
//
// Read committed: an episode committed before this read is seen. One
// committed after it (the converse order, the stalled batch still
// writing) is written all the same, keyed; the dead letter is then left
// as it is, its raw bytes kept: the turn is stored once and nothing is
// lost (a replay that keeps the turn's id is a duplicate of that key).
func (a *Appender) unstored(ctx context.Context, tx pgx.Tx, refs []*refused) ([]*refused, error) {
	var keys [][2]string
	var eps []Episode
	for _, r := range refs {
		if r.stored != nil {
			keys = append(keys, [2]string{r.stored.Member, r.stored.ID})
			eps = append(eps, *r.stored)
		}
	}
	if len(keys) == 0 {
		return refs, nil
	}
	have, err := Existing(ctx, tx, keys)
	if err != nil {
		return nil, err
	}
	other, err := Conflicting(ctx, tx, eps) // a different turn under the key: the dead letter is kept
	if err != nil {
		return nil, err
	}
	kept := make([]*refused, 0, len(refs))
	i := 0
	for _, r := range refs {
		if r.stored == nil {
			kept = append(kept, r)
			continue
		}
		if have[keys[i]] && !other[i] {
			a.log.Info("dead letter not kept: the turn is stored", "member", CleanText(r.stored.Member, 80),
				"id", CleanText(r.stored.ID, 64), "stream_seq", r.r.StreamSeq)
		} else {
			kept = append(kept, r)
		}
		i++
	}
	return kept, nil
}

// deadlineBegin is the statement that begins a commit's transaction and
// sets its statement_timeout to a little less than the time left before
// ctx's deadline, so that Postgres ends a statement still running then
// (57014 query_canceled) just before the client would give up on it; a
// shorter statement_timeout the session already has is kept. The timeout
// counts per statement, so a transaction of several statements can still
// outlast the deadline (the client then gives up first); the statement
// left running ends at most one timeout after it began. Without a deadline
// it is "" (pgx's plain BEGIN) and sets nothing.
//
// The timeout in force is read from current_setting, which SHOWs it with
// a unit (0, 250ms, 30s, 2min, 1h, 1d: always a whole number of the
// largest unit that divides it) that reads as an interval, and not from
// pg_settings, a view that builds every setting to give one (about a
// millisecond of the server's time for each commit, which made a commit
// of one turn 1.7 times as long: BenchmarkCommitDeadline). Both go in
// BEGIN's round trip (one simple query, the number written in it), where
// a statement of their own took one more. Should the SELECT fail, BEGIN
// has run: the connection is left in a failed transaction, and the pool
// closes it rather than take it back.
func deadlineBegin(ctx context.Context) string {
	dl, ok := ctx.Deadline()
	if !ok {
		return ""
	}
	left := time.Until(dl)
	left -= min(left/10, time.Second) // the server's error has to reach the client in time
	return fmt.Sprintf(`BEGIN; SELECT set_config('statement_timeout', least(nullif((extract(epoch FROM
		current_setting('statement_timeout')::interval) * 1000)::bigint, 0), %d::bigint)::text, true)`, max(left.Milliseconds(), 1))
}

// announce publishes a refusal on the member's reject subject and answers
// the publisher's reply inbox when it gave one within ReplyPrefix.
func (a *Appender) announce(r *refused) {
	body, _ := json.Marshal(map[string]any{
		"error": r.err, "member": CleanText(r.r.Member, 256), "id": r.turnID, "ref": r.ref,
		"refusal": r.r.ID, "subject": CleanText(r.r.Subject, 4096),
	})
	member := r.r.Member // a subject token, so a valid subject part even when not a valid member id
	if member == "" {
		member = "_"
	}
	_ = a.nc.Publish(a.subj.Reject(member), body)
	if r.replyTo != "" {
		if a.replyAllowed(r.replyTo) {
			_ = a.nc.Publish(r.replyTo, body)
		} else {
			a.Stats.RepliesIgnored.Add(1)
			a.log.Warn("reply subject outside the inbox prefix; not answered", "reply_to", CleanText(r.replyTo, 120),
				"prefix", a.cfg.ReplyPrefix, "member", CleanText(r.r.Member, 80))
		}
	}
	a.log.Info("turn refused", "member", CleanText(r.r.Member, 80), "code", r.r.Code, "refusal", r.r.ID)
}

// replyAllowed reports whether subj is a literal subject under the
// configured reply prefix (lanes.ReplyAllowed).
func (a *Appender) replyAllowed(subj string) bool { return lanes.ReplyAllowed(a.cfg.ReplyPrefix, subj) }
