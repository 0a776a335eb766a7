package lanes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

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
	// to the Errors channel, dropped when nobody reads it.
	OnError func(*PublishError)
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
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	c := &Client{
		nc: nc, js: js, subj: Subjects{opts.Prefix}, opts: opts,
		in:     make(chan pending, opts.Buffer),
		errs:   make(chan *PublishError, 1024),
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

// Publish queues a turn of member. It never blocks: it returns ErrBufferFull
// when the buffer is full and ErrClosed after Close. Everything that goes
// wrong later comes back through OnError or Errors.
func (c *Client) Publish(member string, t Turn) error {
	t.V = 1
	if t.Member == "" {
		t.Member = member
	}
	data, err := json.Marshal(t)
	if err != nil {
		return err
	}
	return c.PublishRaw(member, &t, data)
}

// PublishRaw queues data, as given, on member's lane; t may be nil and is
// used only for the id (as Nats-Msg-Id) and for error reports.
func (c *Client) PublishRaw(member string, t *Turn, data []byte) error {
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

func (c *Client) deliver(pe *PublishError) {
	if c.opts.OnError != nil {
		c.opts.OnError(pe)
		return
	}
	select {
	case c.errs <- pe:
	default:
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
	if p.turn != nil && p.turn.ID != "" {
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
		// A duplicate id or a batch error: send one by one, where the
		// stream's dedup window drops what it already holds.
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
		resp, err := c.nc.RequestMsg(m, 10*time.Second)
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
