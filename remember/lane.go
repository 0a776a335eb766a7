package remember

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// Stream and consumer names of the remember lane.
const (
	Stream        = "MEMHIVE_REMEMBER"
	Durable       = "rememberer"
	DefaultPrefix = "memhive"
	// ReplyHeader names the subject a publisher wants the outcome on. A
	// JetStream publish has no reply subject of its own (the reply is the
	// stream's ack), so the lane reads this header instead. The outcome is
	// a Result on success and {"error": {"code", "message"}} on refusal.
	ReplyHeader = "Memhive-Reply-To"
)

// Subject is the remember lane of member.
func Subject(prefix, member string) string { return pfx(prefix) + "." + member + ".remember" }

// RejectSubject is where every refusal of member's requests is published.
func RejectSubject(prefix, member string) string { return pfx(prefix) + "." + member + ".reject" }

func pfx(p string) string {
	if p == "" {
		return DefaultPrefix
	}
	return p
}

// Config says how the lane is consumed.
type Config struct {
	// Prefix of every subject. Default "memhive".
	Prefix string
	// AckWait before an unacknowledged message is redelivered. Default 30s.
	AckWait time.Duration
	// Replicas of the stream in a clustered NATS. Default 1.
	Replicas int
	// Duplicates is the Nats-Msg-Id dedup window. Default 10 minutes.
	Duplicates time.Duration
	// MaxAge of a message in the stream; the record is Postgres. Default 7 days.
	MaxAge time.Duration
	// RetryDelay before a message the store did not take is redelivered
	// the first time; it doubles with each delivery, up to MaxRetryDelay.
	// Default 2s.
	RetryDelay time.Duration
	// MaxRetryDelay bounds the delay between two deliveries. Default 1 minute.
	MaxRetryDelay time.Duration
	// MaxDeliver is how many deliveries of one request the lane tries to
	// write; what the store still has not taken at the last is kept as a
	// refusal (dead_letter), answered and terminated. The server's own
	// bound is 5 more, room to keep that refusal. Default 10 (about five
	// minutes of retries at the default delays).
	MaxDeliver int
	// Logger; default slog.Default().
	Logger *slog.Logger
}

// WithDefaults fills the zero fields.
func (c Config) WithDefaults() Config {
	c.Prefix = pfx(c.Prefix)
	if c.AckWait == 0 {
		c.AckWait = 30 * time.Second
	}
	if c.Replicas == 0 {
		c.Replicas = 1
	}
	if c.Duplicates == 0 {
		c.Duplicates = 10 * time.Minute
	}
	if c.MaxAge == 0 {
		c.MaxAge = 7 * 24 * time.Hour
	}
	if c.RetryDelay == 0 {
		c.RetryDelay = 2 * time.Second
	}
	if c.MaxRetryDelay == 0 {
		c.MaxRetryDelay = time.Minute
	}
	if c.MaxDeliver <= 0 {
		c.MaxDeliver = 10
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// EnsureStream creates or updates the MEMHIVE_REMEMBER stream (file
// storage) on <prefix>.*.remember.
func EnsureStream(ctx context.Context, js jetstream.JetStream, cfg Config) (jetstream.Stream, error) {
	cfg = cfg.WithDefaults()
	s, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        Stream,
		Description: "memhive: memorize requests on their way into the facts table",
		Subjects:    []string{cfg.Prefix + ".*.remember"},
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		Duplicates:  cfg.Duplicates,
		MaxAge:      cfg.MaxAge,
		Replicas:    cfg.Replicas,
		MaxMsgSize:  MaxText + 64<<10,
	})
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", Stream, err)
	}
	return s, nil
}

// Consumer drains the remember lane into the facts table through a durable
// pull consumer: one message at a time, acknowledged after its commit. A
// refused request is kept in refusals, published on <prefix>.<member>.reject,
// answered to the ReplyHeader subject when there is one, and terminated. A
// request whose data the store refuses (a Postgres data exception,
// constraint or limit: no retry can change it) is refused store_refused the
// same way. A write the store did not take for any other reason (it is
// down, slow) is retried with a growing delay, MaxDeliver times, and then
// refused dead_letter: never retried forever.
type Consumer struct {
	js   jetstream.JetStream
	pool *pgxpool.Pool
	cfg  Config

	mu       sync.Mutex
	cc       jetstream.ConsumeContext
	cancel   context.CancelFunc
	inflight sync.WaitGroup
}

// NewConsumer returns a stopped consumer; Start runs it.
func NewConsumer(js jetstream.JetStream, pool *pgxpool.Pool, cfg Config) *Consumer {
	return &Consumer{js: js, pool: pool, cfg: cfg.WithDefaults()}
}

// Consume is NewConsumer followed by Start: the shape the lead's wiring calls.
func Consume(ctx context.Context, js jetstream.JetStream, pool *pgxpool.Pool, prefix string, logger *slog.Logger) (*Consumer, error) {
	c := NewConsumer(js, pool, Config{Prefix: prefix, Logger: logger})
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// Start ensures the stream and the durable consumer and begins consuming.
// ctx bounds the consumer's life: messages are handled until Stop, or until
// ctx ends (which abandons the message in hand; it is redelivered).
func (c *Consumer) Start(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cc != nil {
		return errors.New("remember: consumer already started")
	}
	if _, err := EnsureStream(ctx, c.js, c.cfg); err != nil {
		return err
	}
	cons, err := c.js.CreateOrUpdateConsumer(ctx, Stream, jetstream.ConsumerConfig{
		Durable:       Durable,
		Description:   "memhive rememberer: memorize requests into facts, acked after commit",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       c.cfg.AckWait,
		MaxAckPending: 1000,
		MaxDeliver:    c.cfg.MaxDeliver + 5,
		FilterSubject: c.cfg.Prefix + ".*.remember",
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return fmt.Errorf("ensure consumer %s: %w", Durable, err)
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	cc, err := cons.Consume(func(msg jetstream.Msg) {
		c.inflight.Add(1)
		defer c.inflight.Done()
		c.handle(runCtx, msg)
	}, jetstream.PullMaxMessages(64))
	if err != nil {
		cancel()
		return fmt.Errorf("consume %s: %w", Durable, err)
	}
	// ctx ending stops fetching and abandons the work in hand (it is
	// redelivered); Stop is the graceful way.
	stop := context.AfterFunc(ctx, func() { cc.Stop(); cancel() })
	c.cc, c.cancel = cc, func() { stop(); cancel() }
	c.cfg.Logger.Info("remember lane consuming", "lane", "remember", "stream", Stream, "durable", Durable)
	return nil
}

// Stop stops fetching, waits for the message in hand to be committed (or
// left unacknowledged) and returns. A second Stop does nothing.
func (c *Consumer) Stop() {
	c.mu.Lock()
	cc, cancel := c.cc, c.cancel
	c.cc, c.cancel = nil, nil
	c.mu.Unlock()
	if cc == nil {
		return
	}
	cc.Stop()
	<-cc.Closed()
	c.inflight.Wait()
	cancel()
}

// handle processes one message; it never panics on any payload.
func (c *Consumer) handle(ctx context.Context, msg jetstream.Msg) {
	log := c.cfg.Logger.With("lane", "remember", "subject", msg.Subject())
	member := memberOf(c.cfg.Prefix, msg.Subject())
	var seq, delivered uint64
	received := time.Now()
	if md, err := msg.Metadata(); err == nil {
		seq = md.Sequence.Stream
		received = md.Timestamp
		delivered = md.NumDelivered
	}
	req, err := Decode(member, msg.Data())
	var res *Result
	if err == nil {
		res, err = memorize(ctx, c.pool, *req, received, ProfileBound)
	}
	var se *StoreError
	switch {
	case err == nil:
		if aerr := msg.DoubleAck(ctx); aerr != nil {
			// The row is committed; a redelivery writes nothing (claim_hash).
			log.Warn("ack after commit failed", "member", member, "error", aerr)
		}
		log.Debug("memorized", "member", member, "fact", res.ID, "inserted", res.Inserted)
		c.reply(msg, res)
	case errors.As(err, &se) && episodes.IsDataError(se.Err):
		// the same bytes will be refused every time: a refusal, not a retry
		log.Warn("store refused a memorize's data", "member", member, "error", se.Err)
		c.turnDown(ctx, log, member, msg, seq, delivered, memhive.Errorf(memhive.CodeStoreRefused,
			"the store refused this memorize: %s", episodes.StoreReason(se.Err)))
	case errors.As(err, &se) && ctx.Err() == nil && delivered >= uint64(c.cfg.MaxDeliver):
		log.Error("memorize never written; kept as a dead letter", "member", member, "deliveries", delivered, "error", se.Err)
		c.turnDown(ctx, log, member, msg, seq, delivered, memhive.Errorf(memhive.CodeDeadLetter,
			"delivered %d times and never written: %s", delivered, episodes.StoreReason(se.Err)))
	case errors.As(err, &se):
		log.Warn("store did not take a memorize; will retry", "member", member, "deliveries", delivered, "error", se.Err)
		_ = msg.NakWithDelay(memhive.Backoff(c.cfg.RetryDelay, c.cfg.MaxRetryDelay, delivered))
	default:
		c.turnDown(ctx, log, member, msg, seq, delivered, memhive.AsError(err))
	}
}

// turnDown refuses a request: kept in refusals, terminated, published on
// the member's reject subject and answered. A refusal that cannot be kept
// (the store is down) leaves the message for redelivery.
func (c *Consumer) turnDown(ctx context.Context, log *slog.Logger, member string, msg jetstream.Msg, seq, delivered uint64, coded *memhive.Error) {
	if rerr := c.refuse(ctx, member, msg, seq, coded); rerr != nil {
		log.Warn("could not keep a refusal; will retry", "member", member, "code", coded.Code, "error", rerr)
		_ = msg.NakWithDelay(memhive.Backoff(c.cfg.RetryDelay, c.cfg.MaxRetryDelay, delivered))
		return
	}
	log.Info("memorize refused", "member", member, "code", coded.Code)
	_ = msg.Term()
	body, _ := json.Marshal(memhive.ErrorBody{Error: coded})
	if memhive.ValidMember(member) {
		if perr := c.js.Conn().Publish(RejectSubject(c.cfg.Prefix, member), body); perr != nil {
			log.Warn("publish reject", "member", member, "error", perr)
		}
	}
	c.reply(msg, memhive.ErrorBody{Error: coded})
}

// refuse keeps the refusal with its raw bytes.
func (c *Consumer) refuse(ctx context.Context, member string, msg jetstream.Msg, seq uint64, coded *memhive.Error) error {
	var s any
	if seq > 0 {
		s = int64(seq)
	}
	_, err := c.pool.Exec(ctx, `INSERT INTO refusals (member_id, id, subject, code, message, raw, stream_seq)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		member, ulid.Make().String(), msg.Subject(), string(coded.Code), coded.Message, msg.Data(), s)
	if err != nil {
		return fmt.Errorf("insert refusal: %w", err)
	}
	return nil
}

func (c *Consumer) reply(msg jetstream.Msg, v any) {
	to := msg.Headers().Get(ReplyHeader)
	if to == "" {
		return
	}
	if !lanes.ReplyAllowed(lanes.DefaultReplyPrefix, to) {
		// answered with memhive's rights: never another lane, never the
		// JetStream API
		c.cfg.Logger.Warn("memorize reply subject outside the inbox prefix; not answered", "lane", "remember",
			"reply_to", strings.ToValidUTF8(to[:min(len(to), 120)], "?"), "prefix", lanes.DefaultReplyPrefix)
		return
	}
	body, err := json.Marshal(v)
	if err != nil {
		return
	}
	if err := c.js.Conn().PublishMsg(&nats.Msg{Subject: to, Data: body}); err != nil {
		c.cfg.Logger.Warn("reply to memorize publisher", "lane", "remember", "error", err)
	}
}

func memberOf(prefix, subject string) string {
	rest, ok := strings.CutPrefix(subject, prefix+".")
	if !ok {
		return ""
	}
	member, _, _ := strings.Cut(rest, ".")
	return member
}

// MaxPayload bounds a memorize request's raw bytes on the lane: room for a
// text at MaxText written wholly as JSON escapes, and the other fields.
const MaxPayload = 6*MaxText + 64<<10

// Decode parses a memorize request published on the lane of member. Unknown
// fields are refused (malformed_request; a key holding a control character
// or half a surrogate pair is invalid_text first), a payload member other than the
// subject's is refused (member_mismatch), and an audience that is not a
// list of strings is refused as missing_audience. It never panics.
func Decode(member string, data []byte) (*Request, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q in the subject is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	// The text's cap (MaxText) is checked on the decoded text; this bound
	// on the raw payload only stops absurd ones early, and no request
	// within the text cap reaches it however its JSON is escaped (\uXXXX
	// is 6 bytes for at most 3 of UTF-8).
	if len(data) > MaxPayload {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "payload of %d bytes is over the %d-byte payload bound (the text itself may be %d bytes)", len(data), MaxPayload, MaxText)
	}
	if !utf8.Valid(data) {
		// encoding/json would store U+FFFD for each bad byte, silently; the
		// turn lane and HTTP refuse the same payload with the same code
		return nil, memhive.Errorf(memhive.CodeInvalidText, "payload is not valid UTF-8")
	}
	// a key's text before whether a request has it, as on the turn lane
	// and every gateway surface: invalid_text, not an unknown field
	if err := memhive.CheckJSONKeys(data); err != nil {
		return nil, err
	}
	// The audience is read apart so a wrong type reads as missing_audience.
	var probe struct {
		Audience json.RawMessage `json:"audience"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "payload is not a JSON memorize object: %s", clip(err.Error()))
	}
	raw := bytes.TrimSpace(probe.Audience)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "memorize needs the audience it was said in, e.g. [\"member:%s\"]; nothing was stored", member)
	}
	var aud []string
	if err := json.Unmarshal(raw, &aud); err != nil {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "memorize audience is not a list of strings; nothing was stored")
	}
	var req Request
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "payload is not a memorize request: %s", clip(err.Error()))
	}
	if dec.More() {
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "payload has data after the memorize object")
	}
	if memhive.LoneSurrogate(data) {
		// encoding/json would store U+FFFD in its place, silently; the
		// turn lane refuses the same payload with the same code
		return nil, memhive.Errorf(memhive.CodeInvalidText, "payload escapes half a UTF-16 surrogate pair (\\uD800–\\uDFFF without its other half): that is no character")
	}
	if req.Member != "" && req.Member != member {
		return nil, memhive.Errorf(memhive.CodeMemberMismatch, "request names member %q but was published on the lane of %q", clip(req.Member), member)
	}
	req.Member = member
	// Control characters (a NUL the store would refuse), over-long keys
	// and the zero time are refused here, before the store is asked;
	// Memorize asks the same of every other way in.
	if err := checkFields(req); err != nil {
		return nil, err
	}
	return &req, nil
}
