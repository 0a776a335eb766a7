package node

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/closer"
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
func EnsureCloseStream(ctx context.Context, js jetstream.JetStream, prefix string) (jetstream.Stream, error) {
	return js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
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
	// Extractor: "patterns" (default: deterministic, no model) or "model"
	// (the OpenAI-compatible model of MEMHIVE_MODEL_URL / MEMHIVE_MODEL).
	Extractor string `json:"extractor,omitempty"`
}

// closerCell runs the close pass: on explicit requests from the close lane,
// on idle sessions (checked every minute), and when a different set of
// participants starts talking on a channel (seen in the appender's commits).
type closerCell struct {
	pool   *pgxpool.Pool
	nc     *nats.Conn
	js     jetstream.JetStream
	prefix string
	idle   time.Duration
	log    *slog.Logger
	seen   chan []episodes.Episode
	ex     extract.Extractor
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
	c := &closerCell{pool: n.Pool, nc: n.NC, js: n.JS, prefix: n.Config.Prefix, idle: idle,
		log: n.Log.With("cell", "closer"), seen: make(chan []episodes.Episode, 64), ex: extract.Patterns{}}
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
	if _, err := EnsureCloseStream(ctx, c.js, c.prefix); err != nil {
		return fmt.Errorf("close stream: %w", err)
	}
	cons, err := c.js.CreateOrUpdateConsumer(ctx, CloseStream, jetstream.ConsumerConfig{
		Durable: "closer", AckPolicy: jetstream.AckExplicitPolicy, AckWait: 5 * time.Minute, MaxDeliver: -1,
	})
	if err != nil {
		return err
	}
	cc, err := cons.Consume(func(m jetstream.Msg) { c.handle(ctx, m) })
	if err != nil {
		return err
	}
	defer cc.Stop()
	tick := time.NewTicker(time.Minute)
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
				c.close(ctx, r)
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
					if r.Session == e.Session {
						continue // the session that is talking now stays open
					}
					r.Reason = "participants_changed"
					c.close(ctx, r)
				}
			}
		}
	}
}

func (c *closerCell) handle(ctx context.Context, m jetstream.Msg) {
	member := lanes.Subjects{Prefix: c.prefix}.MemberOf(m.Subject())
	var req closer.Request
	if err := json.Unmarshal(m.Data(), &req); err != nil || !memhive.ValidMember(member) || (req.Member != "" && req.Member != member) {
		msg := "close request is not JSON {session, channel, audience}"
		if err == nil {
			msg = "close request's member does not match its subject"
		}
		body, _ := json.Marshal(memhive.ErrorBody{Error: memhive.Errorf(memhive.CodeMalformedRequest, "%s", msg)})
		_ = c.nc.Publish(lanes.Subjects{Prefix: c.prefix}.Reject(member), body)
		_ = m.Term()
		return
	}
	req.Member = member
	if req.Reason == "" {
		req.Reason = "explicit"
	}
	if err := c.close(ctx, req); err != nil {
		_ = m.NakWithDelay(10 * time.Second) // failures retry from the queue
		return
	}
	_ = m.Ack()
}

func (c *closerCell) close(ctx context.Context, req closer.Request) error {
	rep, err := closer.Close(ctx, c.pool, c.ex, req, c.log)
	if err != nil {
		c.log.Error("close pass failed; it will be retried", "member", req.Member, "session", req.Session, "err", err)
		return err
	}
	body, _ := json.Marshal(rep)
	_ = c.nc.Publish(ClosedSubject(c.prefix, req.Member), body)
	c.log.Info("session closed", "member", req.Member, "session", req.Session, "channel", req.Channel, "reason", req.Reason, "written", rep.Written())
	return nil
}

type clockParams struct {
	NightlyAt string `json:"nightly_at,omitempty"`
}

func newClockCell(n *Node, t *templates.Hive) (cells.Cell, error) {
	var p clockParams
	if err := t.Params("clock", &p); err != nil {
		return nil, err
	}
	pool, log := n.Pool, n.Log.With("cell", "clock")
	emb := n.Embedder
	clk := &nightly.Clock{At: p.NightlyAt, Logger: log, Run: func(ctx context.Context) error {
		rep, err := nightly.Run(ctx, pool, nightly.Options{Logger: log, Backfill: backfill(pool, emb)})
		if err != nil {
			return err
		}
		log.Info("nightly pass done", "run", rep.RunID, "members", len(rep.Members), "written", rep.Written())
		return nil
	}}
	return startStopCell{name: "clock", start: clk.Start, stop: clk.Stop}, nil
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
