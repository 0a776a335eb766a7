package lanes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
)

// Header names the lanes use.
const (
	// HeaderReplyTo names an inbox where the appender sends a refusal of
	// this turn, as {"error": {...}} JSON.
	HeaderReplyTo = "Memhive-Reply-To"

	hdrBatchID     = "Nats-Batch-Id"
	hdrBatchSeq    = "Nats-Batch-Sequence"
	hdrBatchCommit = "Nats-Batch-Commit"
)

// ErrClosed is returned by Publish after Close.
var ErrClosed = errors.New("lanes: client closed")

// ErrBufferFull is returned by Publish when the client's buffer is full;
// the turn was not taken. Publish never blocks instead.
var ErrBufferFull = errors.New("lanes: publish buffer full")

// PublishError reports a turn that did not make it into the stream, or that
// the appender refused.
type PublishError struct {
	Member string
	ID     string // the turn's id, when it had one
	Ref    string
	Err    error // a *memhive.Error when the appender refused the turn
}

func (e *PublishError) Error() string {
	return fmt.Sprintf("publish turn of %s (id %q): %v", e.Member, e.ID, e.Err)
}

func (e *PublishError) Unwrap() error { return e.Err }

// Overflow says what the client does with a failed or refused turn when
// nobody set OnError and the Errors channel is full.
type Overflow int

const (
	// OverflowDropNewest drops the report that does not fit (the default).
	OverflowDropNewest Overflow = iota
	// OverflowDropOldest drops the oldest report waiting in the channel to
	// make room for the new one.
	OverflowDropOldest
	// OverflowBlock waits until the caller reads the channel: the client's
	// sending (and the delivery of refusals) stalls until it does.
	OverflowBlock
)

// ClientStats counts what a client did; read with Client.Stats.
type ClientStats struct {
	Dropped int64 // error reports dropped because the Errors channel was full
	Retried int64 // atomic batches that failed or got no commit reply and were sent again one by one
}

// ClientOptions configure a Client.
type ClientOptions struct {
	// Prefix of the subjects. Default "memhive".
	Prefix string
	// BatchSize is how many turns go into one atomic batch. Default 256
	// (the server takes at most 1000).
	BatchSize int
	// Buffer is how many turns may wait to be sent. Default 65536.
	Buffer int
	// OnError receives every failed or refused turn. It is called from the
	// client's goroutines and must not block for long. Default: errors go
	// to the Errors channel; when it is full, Overflow says what happens,
	// and every dropped report is counted (Stats) and logged.
	OnError func(*PublishError)
	// ErrorBuffer is the size of the Errors channel. Default 1024.
	ErrorBuffer int
	// Overflow is the policy for a full Errors channel. Default OverflowDropNewest.
	Overflow Overflow
	// Logger receives the client's warnings (dropped reports). Default: slog.Default().
	Logger *slog.Logger
	// CommitWait is how long the client waits for the stream's reply to an
	// atomic batch's commit before it sends the batch again one by one
	// (every turn carries an id, so the stream drops what it already holds).
	// Default 10s.
	CommitWait time.Duration
	// ListenRefusals subscribes an inbox so that the appender's refusals of
	// this client's turns come back through OnError. Default true.
	ListenRefusals *bool
}

type pending struct {
	member string
	turn   *Turn
	data   []byte
}

// Client publishes turns for assistants. Publish returns at once; turns are
// sent in atomic batches (one disk sync per batch) by a background
// goroutine, and what fails comes back through OnError or Errors.
type Client struct {
	nc     *nats.Conn
	js     jetstream.JetStream
	subj   Subjects
	opts   ClientOptions
	atomic bool
	inbox  string
	sub    *nats.Subscription

	in     chan pending
	errs   chan *PublishError
	done   chan struct{}
	closed chan struct{}

	dropped     atomic.Int64
	retried     atomic.Int64
	lastDropLog atomic.Int64 // unix nanoseconds of the last "dropped" log line

	mu       sync.Mutex
	cond     *sync.Cond
	queued   int64 // accepted by Publish
	finished int64 // acked or failed
	isClosed bool
}

// NewClient starts a client on nc. It asks the server once whether the
// episode stream takes atomic batches and falls back to asynchronous
// single publishes when it does not.
func NewClient(ctx context.Context, nc *nats.Conn, opts ClientOptions) (*Client, error) {
	if opts.Prefix == "" {
		opts.Prefix = DefaultPrefix
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 256
	}
	if opts.BatchSize > 1000 {
		opts.BatchSize = 1000
	}
	if opts.Buffer <= 0 {
		opts.Buffer = 1 << 16
	}
	if opts.ErrorBuffer <= 0 {
		opts.ErrorBuffer = 1024
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.CommitWait <= 0 {
		opts.CommitWait = 10 * time.Second
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	c := &Client{
		nc: nc, js: js, subj: Subjects{opts.Prefix}, opts: opts,
		in:     make(chan pending, opts.Buffer),
		errs:   make(chan *PublishError, opts.ErrorBuffer),
		done:   make(chan struct{}),
		closed: make(chan struct{}),
	}
	c.cond = sync.NewCond(&c.mu)
	s, err := js.Stream(ctx, EpisodeStream)
	if err != nil {
		return nil, fmt.Errorf("lanes: stream %s (is memhive running?): %w", EpisodeStream, err)
	}
	c.atomic = s.CachedInfo().Config.AllowAtomicPublish
	if opts.ListenRefusals == nil || *opts.ListenRefusals {
		c.inbox = nc.NewRespInbox()
		c.sub, err = nc.Subscribe(c.inbox, c.onRefusal)
		if err != nil {
			return nil, err
		}
	}
	go c.run()
	return c, nil
}

// Atomic reports whether the client sends atomic batches.
func (c *Client) Atomic() bool { return c.atomic }

// Errors returns the channel failed turns go to when no OnError is set.
func (c *Client) Errors() <-chan *PublishError { return c.errs }

// Stats returns the client's counters.
func (c *Client) Stats() ClientStats {
	return ClientStats{Dropped: c.dropped.Load(), Retried: c.retried.Load()}
}

// NewID returns a fresh turn id (a ULID).
func NewID() string { return ulid.Make().String() }

// Publish queues a turn of member. It never blocks: it returns ErrBufferFull
// when the buffer is full, ErrClosed after Close, and an invalid_member
// error when member is not a member id (SPEC §0). A turn without an id gets
// one (a ULID, also its Nats-Msg-Id), so every retry of it is idempotent;
// set t.ID beforehand (NewID) to know it. Everything that goes wrong later
// comes back through OnError or Errors.
func (c *Client) Publish(member string, t Turn) error {
	if err := checkMember(member); err != nil {
		return err
	}
	t.V = 1
	if t.Member == "" {
		t.Member = member
	}
	if t.ID == "" {
		t.ID = NewID()
	}
	data, err := json.Marshal(t)
	if err != nil {
		return err
	}
	return c.PublishRaw(member, &t, data)
}

// PublishRaw queues data, as given, on member's lane; t may be nil and is
// used for the id and for error reports. The id (t.ID, or a fresh ULID
// written into t.ID when t has none) goes out as Nats-Msg-Id, so a retry is
// dropped by the stream, and the appender takes it as the turn's id when
// the payload names none. Like Publish, it refuses an invalid member id.
func (c *Client) PublishRaw(member string, t *Turn, data []byte) error {
	if err := checkMember(member); err != nil {
		return err
	}
	if t == nil {
		t = &Turn{}
	}
	if t.ID == "" {
		t.ID = NewID()
	}
	c.mu.Lock()
	if c.isClosed {
		c.mu.Unlock()
		return ErrClosed
	}
	select {
	case c.in <- pending{member: member, turn: t, data: data}:
		c.queued++
		c.mu.Unlock()
		return nil
	default:
		c.mu.Unlock()
		return ErrBufferFull
	}
}

// Flush waits until every turn published so far is acknowledged by the
// stream or reported as failed.
func (c *Client) Flush(ctx context.Context) error {
	c.mu.Lock()
	target := c.queued
	c.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { c.mu.Lock(); c.cond.Broadcast(); c.mu.Unlock() })
	defer stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.finished < target {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.cond.Wait()
	}
	return nil
}

// Close sends what is queued, waits for it, and stops the client. A second
// Close does nothing.
func (c *Client) Close() {
	c.mu.Lock()
	if c.isClosed {
		c.mu.Unlock()
		<-c.done
		return
	}
	c.isClosed = true
	close(c.closed)
	c.mu.Unlock()
	<-c.done
	if c.sub != nil {
		_ = c.sub.Unsubscribe()
	}
}

func (c *Client) finish(n int) {
	c.mu.Lock()
	c.finished += int64(n)
	c.cond.Broadcast()
	c.mu.Unlock()
}

func (c *Client) report(p pending, err error) {
	pe := &PublishError{Member: p.member, Err: err}
	if p.turn != nil {
		pe.ID, pe.Ref = p.turn.ID, p.turn.Ref
	}
	c.deliver(pe)
}

// checkMember refuses a member id that could not name a lane: a subject
// token like "*", ">" or "a.b" would publish elsewhere or nowhere.
func checkMember(member string) error {
	if !memhive.ValidMember(member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	return nil
}

func (c *Client) deliver(pe *PublishError) {
	if c.opts.OnError != nil {
		c.opts.OnError(pe)
		return
	}
	select {
	case c.errs <- pe:
		return
	default:
	}
	switch c.opts.Overflow {
	case OverflowBlock:
		c.errs <- pe
		return
	case OverflowDropOldest:
		for {
			select {
			case old := <-c.errs:
				c.drop(old)
			default:
			}
			select {
			case c.errs <- pe:
				return
			default:
			}
		}
	default:
		c.drop(pe)
	}
}

// drop counts a report that did not fit and logs it, at most once a second.
func (c *Client) drop(pe *PublishError) {
	n := c.dropped.Add(1)
	now := time.Now().UnixNano()
	last := c.lastDropLog.Load()
	if now-last >= int64(time.Second) && c.lastDropLog.CompareAndSwap(last, now) {
		c.opts.Logger.Warn("lanes: errors channel full; report dropped (read Client.Errors or set OnError)",
			"member", pe.Member, "id", pe.ID, "err", pe.Err, "dropped_total", n)
	}
}

func (c *Client) onRefusal(m *nats.Msg) {
	var body struct {
		Error  *memhive.Error `json:"error"`
		Member string         `json:"member"`
		ID     string         `json:"id"`
		Ref    string         `json:"ref"`
	}
	if err := json.Unmarshal(m.Data, &body); err != nil || body.Error == nil {
		return
	}
	c.deliver(&PublishError{Member: body.Member, ID: body.ID, Ref: body.Ref, Err: body.Error})
}

func (c *Client) run() {
	defer close(c.done)
	batch := make([]pending, 0, c.opts.BatchSize)
	for {
		batch = batch[:0]
		select {
		case p := <-c.in:
			batch = append(batch, p)
		case <-c.closed:
			// Drain what is left, then stop.
			for {
				select {
				case p := <-c.in:
					batch = append(batch, p)
					if len(batch) == c.opts.BatchSize {
						c.send(batch)
						batch = batch[:0]
					}
					continue
				default:
				}
				break
			}
			if len(batch) > 0 {
				c.send(batch)
			}
			return
		}
	fill:
		for len(batch) < c.opts.BatchSize {
			select {
			case p := <-c.in:
				batch = append(batch, p)
			default:
				break fill
			}
		}
		c.send(batch)
	}
}

func (c *Client) msg(p pending) *nats.Msg {
	m := nats.NewMsg(c.subj.Episode(p.member))
	m.Data = p.data
	if p.turn != nil && p.turn.ID != "" { // always set by Publish and PublishRaw
		m.Header.Set(jetstream.MsgIDHeader, p.turn.ID)
	}
	if c.inbox != "" {
		m.Header.Set(HeaderReplyTo, c.inbox)
	}
	return m
}

func (c *Client) send(batch []pending) {
	if c.atomic && len(batch) > 1 {
		if err := c.sendAtomic(batch); err == nil {
			c.finish(len(batch))
			return
		}
		// A duplicate id, a batch error or no commit reply (the batch may
		// have committed): send one by one. Every turn carries an id as
		// Nats-Msg-Id, so the stream's dedup window drops what it holds.
		c.retried.Add(1)
	}
	c.sendEach(batch)
}

type pubAck struct {
	Stream string `json:"stream"`
	Seq    uint64 `json:"seq"`
	Count  int    `json:"count"`
	Error  *struct {
		Code        int    `json:"code"`
		ErrCode     int    `json:"err_code"`
		Description string `json:"description"`
	} `json:"error"`
}

func (c *Client) sendAtomic(batch []pending) error {
	id := nuid.Next()
	for i, p := range batch {
		m := c.msg(p)
		m.Header.Set(hdrBatchID, id)
		m.Header.Set(hdrBatchSeq, strconv.Itoa(i+1))
		if i < len(batch)-1 {
			if err := c.nc.PublishMsg(m); err != nil {
				return err
			}
			continue
		}
		m.Header.Set(hdrBatchCommit, "1")
		resp, err := c.nc.RequestMsg(m, c.opts.CommitWait)
		if err != nil {
			return err
		}
		var ack pubAck
		if err := json.Unmarshal(resp.Data, &ack); err != nil {
			return err
		}
		if ack.Error != nil {
			return fmt.Errorf("atomic batch: %s (%d)", ack.Error.Description, ack.Error.ErrCode)
		}
	}
	return nil
}

func (c *Client) sendEach(batch []pending) {
	futures := make([]jetstream.PubAckFuture, len(batch))
	for i, p := range batch {
		f, err := c.js.PublishMsgAsync(c.msg(p))
		if err != nil {
			c.report(p, err)
			c.finish(1)
			continue
		}
		futures[i] = f
	}
	for i, f := range futures {
		if f == nil {
			continue
		}
		select {
		case <-f.Ok():
		case err := <-f.Err():
			c.report(batch[i], err)
		case <-time.After(30 * time.Second):
			c.report(batch[i], errors.New("no acknowledgement from the stream in 30s"))
		}
		c.finish(1)
	}
}
