package model

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/oklog/ulid/v2"
)

// Verdict is the final word on one model call.
type Verdict string

// The verdicts of the decision log.
const (
	VerdictOK             Verdict = "ok"
	VerdictGapMissing     Verdict = "gap_missing"
	VerdictInvalidJSON    Verdict = "invalid_json"
	VerdictInvalidSources Verdict = "invalid_sources"
	VerdictTimeout        Verdict = "timeout"
	VerdictOverBudget     Verdict = "over_budget"
	VerdictError          Verdict = "error"
)

// Decision is one line of the decision log: one model call (or one call
// refused by the budget) and its final verdict. No text of the question,
// the memory or the reply is in it.
type Decision struct {
	ID               string // ULID; made when empty
	Member           string
	Cell             string // "synthesizer", "judge", …
	Tier             string // "2" for tier 2; empty when not a recall tier
	Verdict          Verdict
	Latency          time.Duration
	PromptTokens     int
	CompletionTokens int
}

// Execer is what the decision log needs from Postgres: a pool, a
// connection or a transaction.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// DecisionLog writes each decision as one slog line ("model decision") and,
// when it has a database, as one row of decision_log.
type DecisionLog struct {
	db  Execer
	log *slog.Logger
}

// NewDecisionLog returns a log writing to db (nil: slog only) and logger
// (nil: slog.Default()).
func NewDecisionLog(db Execer, logger *slog.Logger) *DecisionLog {
	if logger == nil {
		logger = slog.Default()
	}
	return &DecisionLog{db: db, log: logger}
}

const insertDecision = `INSERT INTO decision_log
    (member_id, id, cell, tier, verdict, latency_ms, prompt_tokens, completion_tokens)
VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6, $7, $8)`

// Record writes d: always the slog line, then the row. The row is written
// even when ctx is already cancelled (the call it records happened); an
// error writing it is returned and also logged.
func (l *DecisionLog) Record(ctx context.Context, d Decision) error {
	if l == nil {
		return errors.New("record decision: no decision log")
	}
	if d.ID == "" {
		d.ID = ulid.Make().String()
	}
	ms := d.Latency.Milliseconds()
	l.log.LogAttrs(ctx, slog.LevelInfo, "model decision",
		slog.String("member", d.Member),
		slog.String("cell", d.Cell),
		slog.String("tier", d.Tier),
		slog.String("verdict", string(d.Verdict)),
		slog.Int64("latency_ms", ms),
		slog.Int("prompt_tokens", d.PromptTokens),
		slog.Int("completion_tokens", d.CompletionTokens),
		slog.String("id", d.ID),
	)
	if l.db == nil {
		return nil
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := l.db.Exec(wctx, insertDecision, d.Member, d.ID, d.Cell, d.Tier, string(d.Verdict),
		ms, d.PromptTokens, d.CompletionTokens); err != nil {
		err = fmt.Errorf("record decision %s: %w", d.ID, err)
		l.log.LogAttrs(ctx, slog.LevelWarn, "decision log row not written",
			slog.String("member", d.Member), slog.String("id", d.ID), slog.String("error", err.Error()))
		return err
	}
	return nil
}
