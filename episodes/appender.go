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
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/lanes"
)

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
	Accepted   atomic.Int64 // episode rows written
	Duplicates atomic.Int64 // accepted turns whose row already existed
	Refused    atomic.Int64
	Batches    atomic.Int64
	Failures   atomic.Int64 // transactions that failed and were left for redelivery
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
}

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
	return &Appender{pool: pool, nc: nc, js: js, cfg: cfg, log: logger, subj: lanes.Subjects{Prefix: cfg.Prefix}, after: after}, nil
}

// Run consumes the episode lanes until ctx ends. Messages in the batch being
// written when ctx ends are either committed and acknowledged, or left
// unacknowledged for redelivery; none is lost.
func (a *Appender) Run(ctx context.Context) error {
	if _, err := lanes.EnsureStream(ctx, a.js, lanes.StreamConfig{Prefix: a.cfg.Prefix}); err != nil {
		return err
	}
	cons, err := lanes.EnsureConsumer(ctx, a.js, a.cfg.Prefix, time.Duration(a.cfg.AckWait))
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
			a.write(ctx, batches)
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

// write commits the batches it receives until the channel closes.
func (a *Appender) write(ctx context.Context, batches <-chan []jetstream.Msg) {
	backoff := 100 * time.Millisecond
	for msgs := range batches {
		if err := a.handle(context.WithoutCancel(ctx), msgs); err != nil {
			a.Stats.Failures.Add(1)
			a.log.Error("batch not committed; its turns stay unacknowledged and will be redelivered", "turns", len(msgs), "err", err)
			for _, m := range msgs {
				_ = m.NakWithDelay(backoff)
			}
			sleep(ctx, backoff)
			backoff = min(backoff*2, 10*time.Second)
			continue
		}
		backoff = 100 * time.Millisecond
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

type refused struct {
	r       Refusal
	replyTo string
	turnID  string
	ref     string
	err     *memhive.Error
}

// handle writes one batch and acknowledges it after commit.
func (a *Appender) handle(ctx context.Context, msgs []jetstream.Msg) error {
	var eps []Episode
	var refs []refused
	seen := map[[2]string]bool{}
	for _, m := range msgs {
		meta, err := m.Metadata()
		if err != nil {
			return fmt.Errorf("message metadata: %w", err)
		}
		member := a.subj.MemberOf(m.Subject())
		t, err := lanes.Decode(member, m.Data(), a.cfg.MaxText)
		if err != nil {
			e := memhive.AsError(err)
			rf := refused{
				r: Refusal{Member: member, ID: SeqID(meta.Timestamp, meta.Sequence.Stream), Subject: m.Subject(),
					Code: string(e.Code), Message: e.Message, Raw: m.Data(), StreamSeq: meta.Sequence.Stream},
				replyTo: m.Headers().Get(lanes.HeaderReplyTo), err: e,
			}
			var peek struct{ ID, Ref string }
			_ = json.Unmarshal(m.Data(), &peek)
			rf.turnID, rf.ref = peek.ID, peek.Ref
			refs = append(refs, rf)
			continue
		}
		id := t.ID
		if id == "" {
			id = SeqID(meta.Timestamp, meta.Sequence.Stream)
		}
		at := t.At
		if at.IsZero() {
			at = meta.Timestamp
		}
		k := [2]string{member, id}
		if seen[k] {
			a.Stats.Duplicates.Add(1)
			continue
		}
		seen[k] = true
		eps = append(eps, Episode{Member: member, ID: id, Session: t.Session, Channel: t.Channel, Role: t.Role,
			Speaker: t.Speaker, Audience: t.Audience, Content: t.Text, Ref: t.Ref, HappenedAt: at,
			StreamSeq: meta.Sequence.Stream, Tokens: TokenEstimate(t.Text)})
	}

	var written []Episode
	err := pgx.BeginFunc(ctx, a.pool, func(tx pgx.Tx) error {
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
			for _, e := range eps {
				if got[[2]string{e.Member, e.ID}] {
					written = append(written, e)
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
		rs := make([]Refusal, len(refs))
		for i, r := range refs {
			rs[i] = r.r
		}
		return InsertRefusals(ctx, tx, rs)
	})
	if err != nil {
		return err
	}
	// Committed: now, and only now, acknowledge.
	for _, m := range msgs {
		if err := m.Ack(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
			a.log.Warn("ack failed; the turn will be redelivered and written zero more times", "err", err)
		}
	}
	a.Stats.Batches.Add(1)
	a.Stats.Accepted.Add(int64(len(written)))
	a.Stats.Duplicates.Add(int64(len(eps) - len(written)))
	a.Stats.Refused.Add(int64(len(refs)))
	for _, r := range refs {
		a.announce(r)
	}
	if a.OnCommit != nil && len(written) > 0 {
		a.OnCommit(written)
	}
	return nil
}

// announce publishes a refusal on the member's reject subject and answers
// the publisher's reply inbox when it gave one.
func (a *Appender) announce(r refused) {
	body, _ := json.Marshal(map[string]any{
		"error": r.err, "member": r.r.Member, "id": r.turnID, "ref": r.ref,
		"refusal": r.r.ID, "subject": r.r.Subject,
	})
	member := r.r.Member // a subject token, so a valid subject part even when not a valid member id
	if member == "" {
		member = "_"
	}
	_ = a.nc.Publish(a.subj.Reject(member), body)
	if r.replyTo != "" {
		_ = a.nc.Publish(r.replyTo, body)
	}
	a.log.Info("turn refused", "member", r.r.Member, "code", r.r.Code, "refusal", r.r.ID)
}
