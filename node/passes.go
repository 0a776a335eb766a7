package node

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/extract/llm"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/templates"
)

// CloseStream holds close-pass requests (SPEC §1: memhive.<member>.close).
const CloseStream = "MEMHIVE_CLOSE"

// ClosedSubject is where the close cell publishes each close report.
func ClosedSubject(prefix, member string) string { return prefix + "." + member + ".closed" }

func init() {
	extraCells = append(extraCells,
		struct {
			name string
			make func(n *Node, t *templates.Hive) (cells.Cell, error)
		}{"closer", newCloserCell},
		struct {
			name string
			make func(n *Node, t *templates.Hive) (cells.Cell, error)
		}{"clock", newClockCell},
	)
}

// EnsureCloseStream creates the close lane's stream.
// replicas > 0 (at most one value) sets its replica count on a cluster.
func EnsureCloseStream(ctx context.Context, js jetstream.JetStream, prefix string, replicas ...int) (jetstream.Stream, error) {
	r := 1
	if len(replicas) > 0 && replicas[0] > 0 {
		r = replicas[0]
	}
	return js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Replicas:    r,
		Name:        CloseStream,
		Description: "memhive: close-pass requests",
		Subjects:    []string{prefix + ".*.close"},
		Storage:     jetstream.FileStorage,
		Duplicates:  10 * time.Minute,
		MaxAge:      7 * 24 * time.Hour,
	})
}

type closerParams struct {
	Idle episodes.Duration `json:"idle,omitempty"`
	// Attempts is how many times a close is tried before it is recorded
	// as failed (consolidation_log, kind close, status failed). Default 5;
	// retries back off from Backoff, doubling, to at most 5 minutes.
	Attempts int `json:"attempts,omitempty"`
	// Backoff is the first retry's delay. Default 10s.
	Backoff episodes.Duration `json:"backoff,omitempty"`
	// IdleCheck is how often idle sessions are looked for. Default 1m.
	IdleCheck episodes.Duration `json:"idle_check,omitempty"`
	// CommitWait is how long a close waits for the appender to commit the
	// member's turns that the episode stream already holds (an assistant
	// flushes its last turns to the stream, then asks for the close)
	// before the attempt counts as failed and is retried. Default 30s.
	CommitWait episodes.Duration `json:"commit_wait,omitempty"`
	// Extractor: "patterns" (default: deterministic, no model) or "model"
	// (the OpenAI-compatible model of MEMHIVE_MODEL_URL / MEMHIVE_MODEL).
	Extractor string `json:"extractor,omitempty"`
}

// closerCell runs the close pass: on explicit requests from the close lane,
// on idle sessions (checked every minute), and when a different set of
// participants starts talking on a channel (seen in the appender's commits).
type closerCell struct {
	pool     *pgxpool.Pool
	nc       *nats.Conn
	js       jetstream.JetStream
	prefix   string
	idle     time.Duration
	log      *slog.Logger
	seen     chan []episodes.Episode
	ex       extract.Extractor
	attempts int
	backoff  time.Duration
	every    time.Duration
	wait     time.Duration // CommitWait
	// handlers is how many close requests the cell handles at once: each
	// holds two of the writers' connections (the member's lock and its
	// work), and the appender's writers (its template's writers) need
	// theirs, so it is what the pool leaves them, 1 to 4.
	handlers int
	replicas int
	runs     *prometheus.CounterVec
}

func newCloserCell(n *Node, t *templates.Hive) (cells.Cell, error) {
	var p closerParams
	if err := t.Params("closer", &p); err != nil {
		return nil, err
	}
	idle := time.Duration(p.Idle)
	if idle == 0 {
		idle = closer.DefaultIdle
	}
	if p.Attempts < 0 {
		return nil, fmt.Errorf("hive template: closer attempts %d is negative", p.Attempts)
	}
	if p.Attempts == 0 {
		p.Attempts = 5
	}
	c := &closerCell{pool: n.Pool, nc: n.NC, js: n.JS, prefix: n.Config.Prefix, idle: idle,
		log: n.Log.With("cell", "closer"), seen: make(chan []episodes.Episode, 64), ex: extract.Patterns{}, attempts: p.Attempts,
		backoff: time.Duration(p.Backoff), every: time.Duration(p.IdleCheck), replicas: n.Config.NATSReplicas, runs: n.passRuns()}
	if c.backoff <= 0 {
		c.backoff = 10 * time.Second
	}
	if c.every <= 0 {
		c.every = time.Minute
	}
	if c.wait = time.Duration(p.CommitWait); c.wait <= 0 {
		c.wait = 30 * time.Second
	}
	writers := 0 // the appender's writers in this process, on the same pool
	if t.Enabled("appender") {
		var acfg episodes.AppenderConfig
		if err := t.Params("appender", &acfg); err != nil {
			return nil, err
		}
		writers = acfg.WithDefaults().Writers
	}
	c.handlers = max(1, min(4, (int(n.Pool.Config().MaxConns)-writers)/2))
	switch p.Extractor {
	case "", "patterns":
	case "model":
		if n.Model == nil || n.Config.ModelURL == "" {
			return nil, fmt.Errorf("hive template: the closer's extractor is \"model\" but no model is configured (set MEMHIVE_MODEL_URL and MEMHIVE_MODEL)")
		}
		c.ex = &llm.Model{Client: n.Model, Log: model.NewDecisionLog(n.Pool, n.Log), Logger: c.log}
	default:
		return nil, fmt.Errorf("hive template: closer extractor %q is not \"patterns\" or \"model\"", p.Extractor)
	}
	n.onCommit = append(n.onCommit, func(written []episodes.Episode) {
		select {
		case c.seen <- written:
		default: // busy: the idle check catches what is missed here
		}
	})
	return c, nil
}

func (c *closerCell) Name() string { return "closer" }

func (c *closerCell) Run(ctx context.Context) error {
	if _, err := EnsureCloseStream(ctx, c.js, c.prefix, c.replicas); err != nil {
		return fmt.Errorf("close stream: %w", err)
	}
	cons, err := c.js.CreateOrUpdateConsumer(ctx, CloseStream, jetstream.ConsumerConfig{
		Durable: "closer", AckPolicy: jetstream.AckExplicitPolicy, AckWait: 5 * time.Minute, MaxDeliver: c.attempts,
	})
	if err != nil {
		return err
	}
	// Several closes at once (c.handlers): one waiting for the appender
	// (committed) does not hold the others back. Two closes of one member
	// serialize on its advisory lock (closer.LockMember).
	slots := make(chan struct{}, c.handlers)
	var running sync.WaitGroup
	defer running.Wait()
	cc, err := cons.Consume(func(m jetstream.Msg) {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return // left unacknowledged: redelivered
		}
		running.Go(func() {
			defer func() { <-slots }()
			c.handle(ctx, m)
		})
	})
	if err != nil {
		return err
	}
	defer cc.Stop()
	tick := time.NewTicker(c.every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			reqs, err := closer.IdleSessions(ctx, c.pool, c.idle, time.Now())
			if err != nil {
				c.log.Warn("idle check failed", "err", err)
				continue
			}
			for _, r := range reqs {
				r.Reason = "idle"
				c.enqueue(ctx, r)
			}
		case eps := <-c.seen:
			type key struct{ member, channel, aud string }
			done := map[key]bool{}
			for _, e := range eps {
				k := key{e.Member, e.Channel, fmt.Sprint(e.Audience)}
				if done[k] {
					continue
				}
				done[k] = true
				reqs, err := closer.ParticipantChange(ctx, c.pool, e.Member, e.Channel, e.Audience, e.HappenedAt)
				if err != nil {
					c.log.Warn("participant check failed", "member", e.Member, "err", err)
					continue
				}
				for _, r := range reqs {
					if r.Session == e.Session && r.Session != "default" {
						// A named session that is talking now stays open;
						// turns with no session id all share "default", so
						// there the change of participants is the only
						// boundary there is.
						continue
					}
					r.Reason = "participants_changed"
					c.enqueue(ctx, r)
				}
			}
		}
	}
}

// enqueue puts a close the cell found itself (idle, participants changed)
// on the close lane, so it is retried like any other and, when several
// processes find the same session, deduplicated by JetStream (the message
// id names the session, the reason and the minute); the per-member pass
// lock and the closed-since check stop whatever gets past that.
func (c *closerCell) enqueue(ctx context.Context, r closer.Request) {
	body, err := json.Marshal(r)
	if err != nil {
		return
	}
	id := fmt.Sprintf("close:%s/%s/%s/%s/%s", r.Member, r.Session, r.Channel, r.Reason, time.Now().UTC().Format("200601021504"))
	if _, err := c.js.Publish(ctx, lanes.Subjects{Prefix: c.prefix}.Close(r.Member), body, jetstream.WithMsgID(id)); err != nil {
		c.log.Warn("could not queue a close", "member", r.Member, "session", r.Session, "reason", r.Reason, "err", err)
	}
}

// refusedClose reports whether err is the request's fault (retrying cannot
// help): such a request is refused, not retried.
func refusedClose(err error) bool {
	switch memhive.CodeOf(err) {
	case memhive.CodeMissingChannel, memhive.CodeMissingAudience, memhive.CodeInvalidMember,
		memhive.CodeMalformedRequest, memhive.CodeMemberMismatch, memhive.CodeInvalidText, memhive.CodeFieldTooLong:
		return true
	}
	return false
}

func (c *closerCell) handle(ctx context.Context, m jetstream.Msg) {
	subjects := lanes.Subjects{Prefix: c.prefix}
	member := subjects.MemberOf(m.Subject())
	var req closer.Request
	if err := json.Unmarshal(m.Data(), &req); err != nil || !memhive.ValidMember(member) || (req.Member != "" && req.Member != member) {
		msg := "close request is not JSON {session, channel, audience}"
		code := memhive.CodeMalformedRequest
		switch {
		case !memhive.ValidMember(member):
			code, msg = memhive.CodeInvalidMember, "close request's subject names no valid member"
		case err == nil:
			code, msg = memhive.CodeMemberMismatch, "close request's member does not match its subject"
		}
		c.refuse(ctx, m, member, memhive.Errorf(code, "%s", msg))
		return
	}
	req.Member = member
	if req.Reason == "" {
		req.Reason = "explicit"
	}
	// what the turn lane refuses of the same fields (a NUL the store
	// itself refuses, a key over its cap): no such session can exist
	if err := lanes.CheckKeys(req.Channel, req.Session, req.Audience); err != nil {
		c.refuse(ctx, m, member, memhive.AsError(err))
		return
	}
	err := c.committed(ctx, member)
	if err == nil {
		err = c.close(ctx, req)
	}
	if err == nil {
		_ = m.Ack()
		return
	}
	if refusedClose(err) {
		c.refuse(ctx, m, member, memhive.AsError(err))
		return
	}
	if episodes.IsDataError(err) {
		// the same request is refused by the store every time
		c.refuse(ctx, m, member, memhive.Errorf(memhive.CodeStoreRefused, "the store refused this close request: %s", episodes.StoreReason(err)))
		return
	}
	n := uint64(1)
	if md, merr := m.Metadata(); merr == nil {
		n = md.NumDelivered
	}
	if n < uint64(c.attempts) {
		c.log.Warn("close pass failed; it will be retried", "member", req.Member, "session", req.Session,
			"attempt", n, "of", c.attempts, "err", err)
		_ = m.NakWithDelay(memhive.Backoff(c.backoff, 5*time.Minute, n))
		return
	}
	c.log.Error("close pass failed for good", "member", req.Member, "session", req.Session, "attempts", n, "err", err)
	if ferr := closer.RecordFailure(context.WithoutCancel(ctx), c.pool, req, int(n), err); ferr != nil {
		c.log.Error("could not record the failed close", "member", req.Member, "session", req.Session, "err", ferr)
	}
	body, _ := json.Marshal(struct {
		closer.Request
		Failed string `json:"failed"`
	}{req, err.Error()})
	_ = c.nc.Publish(ClosedSubject(c.prefix, req.Member), body)
	_ = m.Term()
}

// refuse answers a close request that can never succeed: a refusals row
// with the raw request (member "-" when the subject names none), the
// refusal on the member's reject subject, and the message terminated so it
// is never redelivered.
func (c *closerCell) refuse(ctx context.Context, m jetstream.Msg, member string, e *memhive.Error) {
	c.log.Warn("close request refused", "member", member, "code", e.Code, "err", e.Message)
	rm := member
	if !memhive.ValidMember(rm) {
		rm = "-"
	}
	var seq uint64
	if md, err := m.Metadata(); err == nil {
		seq = md.Sequence.Stream
	}
	r := episodes.Refusal{Member: rm, ID: episodes.SeqID(time.Now(), seq), Subject: m.Subject(), Code: string(e.Code),
		Message: e.Message, Raw: m.Data(), StreamSeq: seq}
	if err := pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error { return episodes.InsertRefusals(ctx, tx, []episodes.Refusal{r}) }); err != nil {
		c.log.Error("could not store the refused close request", "member", member, "err", err)
	}
	body, _ := json.Marshal(memhive.ErrorBody{Error: e})
	_ = c.nc.Publish(lanes.Subjects{Prefix: c.prefix}.Reject(member), body)
	_ = m.Term()
}

// committed waits (up to the cell's CommitWait) until the appender has
// committed every turn of member that the episode stream held when the
// request came, so the close reads the session whole: without it a close
// requested right after the last turns can run before they are rows and
// mark the session closed without them. Turns that come later (the member
// goes on talking elsewhere) do not hold it back.
func (c *closerCell) committed(ctx context.Context, member string) error {
	mark, ok, err := lanes.WaitCommitted(ctx, c.js, c.prefix, member, c.wait)
	switch {
	case err != nil:
		return fmt.Errorf("close: are the member's turns committed? %w", err)
	case !ok:
		return fmt.Errorf("close: the appender (%s) has not committed the member's turns up to stream sequence %d after %s", mark.Consumer, mark.Seq, c.wait)
	}
	return nil
}

func (c *closerCell) close(ctx context.Context, req closer.Request) error {
	rep, err := closer.Close(ctx, c.pool, c.ex, req, c.log)
	if err != nil {
		c.runs.WithLabelValues("close", "failed").Inc()
		return err
	}
	if rep.Skipped == "" {
		c.runs.WithLabelValues("close", "completed").Inc()
	} else {
		c.runs.WithLabelValues("close", "skipped").Inc()
	}
	body, _ := json.Marshal(rep)
	_ = c.nc.Publish(ClosedSubject(c.prefix, req.Member), body)
	if rep.Skipped == "" {
		c.log.Info("session closed", "member", req.Member, "session", req.Session, "channel", req.Channel, "reason", req.Reason, "written", rep.Written())
	}
	return nil
}

type clockParams struct {
	NightlyAt string `json:"nightly_at,omitempty"`
	// Judge: "" (none: deterministic alias matching only) or "model": the
	// model judge (MEMHIVE_MODEL_URL / MEMHIVE_MODEL) decides the alias
	// pairs the rules are unsure of, billed to each member judged within
	// the model's budgets.
	Judge string `json:"judge,omitempty"`
}

func newClockCell(n *Node, t *templates.Hive) (cells.Cell, error) {
	var p clockParams
	if err := t.Params("clock", &p); err != nil {
		return nil, err
	}
	pool, log := n.Pool, n.Log.With("cell", "clock")
	judge, err := NightlyJudge(p.Judge, n.Model, pool, n.Log)
	if err != nil {
		return nil, fmt.Errorf("hive template: clock: %w", err)
	}
	emb := n.Embedder
	// one threshold for the fact in force: recall's (the hive template's
	// recall.supersede_threshold), so the pass and the tiers agree
	threshold := 0
	if n.Recall != nil {
		threshold = n.Recall.Config().SupersedeThreshold
	}
	runs := n.passRuns()
	clk := &nightly.Clock{At: p.NightlyAt, Logger: log, Run: func(ctx context.Context, at time.Time) error {
		rep, err := nightly.Run(ctx, pool, nightly.Options{RunID: nightly.NightRunID(at), Logger: log, Judge: judge, Backfill: backfill(pool, emb),
			Threshold: threshold})
		if err != nil {
			runs.WithLabelValues("nightly", "failed").Inc()
			return err
		}
		for _, m := range rep.Members {
			runs.WithLabelValues("nightly", m.Status).Inc()
		}
		log.Info("nightly pass done", "run", rep.RunID, "members", len(rep.Members), "written", rep.Written())
		return nil
	}}
	return startStopCell{name: "clock", start: clk.Start, stop: clk.Stop}, nil
}

// ModelClient is the one model client of a process (tier 2, the model
// extractor, the nightly judge): budgets from MEMHIVE_MODEL_*, the endpoint
// from cfg. With no endpoint it answers model_not_configured.
func ModelClient(cfg *config.Config) (*model.Client, error) {
	mcfg, err := model.ConfigFromEnv()
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	mcfg.URL, mcfg.Model, mcfg.Key = cfg.ModelURL, cfg.Model, cfg.ModelKey
	c, err := model.New(mcfg)
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	return c, nil
}

// NightlyJudge is the nightly pass's alias judge for kind: "" or "none" is
// none; "model" is the model judge over client (which must be configured).
func NightlyJudge(kind string, client *model.Client, pool *pgxpool.Pool, logger *slog.Logger) (nightly.Judge, error) {
	switch kind {
	case "", "none":
		return nil, nil
	case "model":
		if client == nil || !client.Configured() {
			return nil, memhive.Errorf(memhive.CodeModelNotConfigured,
				"the nightly judge is \"model\" but no model is configured (set %s and %s)", model.EnvURL, model.EnvModel)
		}
		return &nightly.ModelJudge{Client: client, Log: model.NewDecisionLog(pool, logger)}, nil
	}
	return nil, fmt.Errorf("judge %q is not \"model\" or \"none\"", kind)
}

// backfill queues embeddings for rows that lack them (the nightly pass's last step).
func backfill(pool *pgxpool.Pool, emb embed.Embedder) func(ctx context.Context) (int, error) {
	if emb == nil {
		return nil
	}
	return func(ctx context.Context) (int, error) { return embed.Backfill(ctx, pool, emb.Model()) }
}

// Backfill is the nightly pass's embedding backfill for a CLI run.
func Backfill(pool *pgxpool.Pool, model string) func(ctx context.Context) (int, error) {
	if model == "" {
		return nil
	}
	return func(ctx context.Context) (int, error) { return embed.Backfill(ctx, pool, model) }
}
