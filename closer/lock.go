package closer

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"
)

// passLockClass is the first key of the advisory lock the passes take per
// member ("pa" "ss" in ASCII); the second hashes the hive and the member_id
// (advisory locks are per database, and hives in two schemas of one
// database must not wait for each other). The hive is the connection's
// schema, or the setting memhive.hive where a pool names it: a replay's
// generation pool reads another schema first but must wait for the live
// passes of its member (HiveSetting).
const passLockClass = 0x70617373

// HiveSetting is the run-time setting that names a connection's hive for
// the pass lock when its schema is not the hive's own (replay.Run sets it
// on a generation's pool to the live schema).
const HiveSetting = "memhive.hive"

// LockMember takes the per-member pass lock: the close pass and the nightly
// pass run under it, so two memhive processes on one database never run a
// pass for the same member at once. It is a session-level Postgres advisory
// lock held on a connection of its own, so a process that dies mid-pass
// drops the connection and with it the lock: another process picks the
// member up. With wait it blocks until the lock is free (or ctx ends);
// without, it answers ok=false at once when another holder has it. unlock
// releases the lock and the connection; call it once, when ok.
//
// Two members whose ids hash alike share a lock: they serialise, which is
// harmless.
func LockMember(ctx context.Context, pool *pgxpool.Pool, member string, wait bool) (unlock func(), ok bool, err error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("pass lock for %s: %w", member, err)
	}
	if wait {
		_, err = conn.Exec(ctx, `/* pass:lock */ SELECT pg_advisory_lock($1, hashtext(coalesce(nullif(current_setting('memhive.hive', true), ''), current_schema()) || chr(31) || $2))`, passLockClass, member)
		ok = err == nil
	} else {
		err = conn.QueryRow(ctx, `/* pass:lock */ SELECT pg_try_advisory_lock($1, hashtext(coalesce(nullif(current_setting('memhive.hive', true), ''), current_schema()) || chr(31) || $2))`, passLockClass, member).Scan(&ok)
	}
	if err != nil || !ok {
		conn.Release()
		if err != nil {
			return nil, false, fmt.Errorf("pass lock for %s: %w", member, err)
		}
		return nil, false, nil
	}
	return func() {
		// A failed unlock (the connection is gone) released the lock with it.
		if _, err := conn.Exec(context.WithoutCancel(ctx), `/* pass:lock */ SELECT pg_advisory_unlock($1, hashtext(coalesce(nullif(current_setting('memhive.hive', true), ''), current_schema()) || chr(31) || $2))`, passLockClass, member); err != nil {
			conn.Conn().Close(context.WithoutCancel(ctx)) //nolint:errcheck // closing drops the lock
		}
		conn.Release()
	}, true, nil
}

// closedSinceLastTurn reports whether req's session was closed after its
// newest turn was recorded.
func closedSinceLastTurn(ctx context.Context, pool *pgxpool.Pool, req Request) (bool, error) {
	var done bool
	err := pool.QueryRow(ctx, `/* pass:close */ SELECT EXISTS (SELECT 1 FROM sessions s
		WHERE s.member_id = $1 AND s.session_id = $2 AND s.channel = $3 AND s.closed_at IS NOT NULL
		  AND s.closed_at >= (SELECT max(e.recorded_at) FROM episodes e
		                      WHERE e.member_id = $1 AND e.session_id = $2 AND e.channel = $3))`,
		req.Member, req.Session, req.Channel).Scan(&done)
	if err != nil {
		return false, fmt.Errorf("close %s/%s: is it closed: %w", req.Member, req.Session, err)
	}
	return done, nil
}

type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// logRun records one close pass in consolidation_log (kind close): status
// completed, skipped or failed, the report (session and channel included)
// as its verdicts, the session's first and last turn as its window.
func logRun(ctx context.Context, q execer, rep *Report, status string, from, to *time.Time, failure string) error {
	verdicts, err := json.Marshal(struct {
		*Report
		Error string `json:"error,omitempty"`
	}{rep, failure})
	if err != nil {
		return err
	}
	if _, err := q.Exec(ctx, `/* pass:close */ INSERT INTO consolidation_log (member_id, run_id, kind, window_from, window_to, status, verdicts, finished_at)
		VALUES ($1, $2, 'close', $3, $4, $5, $6, clock_timestamp())`, rep.Member, rep.RunID, from, to, status, verdicts); err != nil {
		return fmt.Errorf("log close run: %w", err)
	}
	return nil
}

// RecordFailure records a close that failed for good (its retries spent):
// a consolidation_log row with status failed and the last error. The idle
// scan does not propose the session again until a newer turn arrives.
func RecordFailure(ctx context.Context, pool *pgxpool.Pool, req Request, attempts int, cause error) error {
	if req.Session == "" {
		req.Session = "default"
	}
	rep := &Report{Member: req.Member, Session: req.Session, Channel: req.Channel, Reason: req.Reason, RunID: ulid.Make().String()}
	return logRun(ctx, pool, rep, "failed", nil, nil, fmt.Sprintf("after %d attempts: %v", attempts, cause))
}
