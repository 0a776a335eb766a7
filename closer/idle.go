package closer

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
)

// Lookback bounds how far back IdleSessions and ParticipantChange look for
// turns (by recorded_at): a session whose last turn was recorded longer ago
// and never closed is not found by them (close it with Close).
const Lookback = 14 * 24 * time.Hour

// DefaultIdle is how long a session may be silent before it is closed.
const DefaultIdle = 2 * time.Hour

// IdleSessions returns the sessions to close at now: their last turn
// happened more than idle ago and no close has run since their last turn
// was recorded, and no close of it failed for good since then
// (RecordFailure). It is a hive-wide scan over the turns recorded within
// Lookback, grouped by member first. Each Request has Reason "idle".
func IdleSessions(ctx context.Context, pool *pgxpool.Pool, idle time.Duration, now time.Time) ([]Request, error) {
	if idle <= 0 {
		idle = DefaultIdle
	}
	rows, err := pool.Query(ctx, `WITH recent AS (
			SELECT member_id, session_id, channel, max(happened_at) AS last_at, max(recorded_at) AS last_rec
			FROM episodes WHERE recorded_at > $2
			GROUP BY member_id, session_id, channel)
		SELECT r.member_id, r.session_id, r.channel FROM recent r
		LEFT JOIN sessions s ON s.member_id = r.member_id AND s.session_id = r.session_id AND s.channel = r.channel
		WHERE r.last_at < $1 AND (s.closed_at IS NULL OR s.closed_at < r.last_rec)
		  AND NOT EXISTS (SELECT 1 FROM consolidation_log c
		                  WHERE c.member_id = r.member_id AND c.kind = 'close' AND c.status = 'failed'
		                    AND c.verdicts->>'session' = r.session_id AND c.verdicts->>'channel' = r.channel
		                    AND c.started_at > r.last_rec)
		ORDER BY r.member_id, r.last_at, r.session_id, r.channel`, now.Add(-idle), now.Add(-Lookback))
	if err != nil {
		return nil, fmt.Errorf("find idle sessions: %w", err)
	}
	var out []Request
	var r Request
	_, err = pgx.ForEachRow(rows, []any{&r.Member, &r.Session, &r.Channel}, func() error {
		r.Reason = "idle"
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find idle sessions: %w", err)
	}
	return out, nil
}

// ParticipantChange returns the open sessions on member's channel whose
// latest turn before at was heard by a different audience than audience:
// call it with a new turn's audience and time, and close what it returns
// (Reason "participants_changed"). The turn's own session is included: a
// session is one set of participants, and closing it is idempotent, so a
// later close of the same session id writes only what is new.
func ParticipantChange(ctx context.Context, pool *pgxpool.Pool, member, channel string, audience []string, at time.Time) ([]Request, error) {
	aud := memhive.NormalizeAudience(audience)
	if aud == nil {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "participant change needs the new turn's audience")
	}
	rows, err := pool.Query(ctx, `SELECT DISTINCT ON (e.session_id) e.session_id, e.audience, e.recorded_at, s.closed_at
		FROM episodes e
		LEFT JOIN sessions s ON s.member_id = e.member_id AND s.session_id = e.session_id AND s.channel = e.channel
		WHERE e.member_id = $1 AND e.channel = $2 AND e.happened_at < $3 AND e.recorded_at > $4
		ORDER BY e.session_id, e.happened_at DESC, e.id DESC`, member, channel, at, at.Add(-Lookback))
	if err != nil {
		return nil, fmt.Errorf("participant change: %w", err)
	}
	var out []Request
	var (
		session  string
		last     []string
		rec      time.Time
		closedAt *time.Time
	)
	_, err = pgx.ForEachRow(rows, []any{&session, &last, &rec, &closedAt}, func() error {
		if closedAt != nil && !closedAt.Before(rec) {
			return nil // closed since its last turn
		}
		if !slices.Equal(memhive.NormalizeAudience(last), aud) {
			out = append(out, Request{Member: member, Session: session, Channel: channel, Reason: "participants_changed"})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("participant change: %w", err)
	}
	return out, nil
}
