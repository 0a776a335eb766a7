package episodes_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// BenchmarkCommitDeadline is what the commit's statement_timeout costs: the
// appender's transaction (Insert and TouchSessions of a batch, under a
// deadline of one AckWait) with no timeout set (none), with it set in
// BEGIN's round trip as the appender does (begin: deadlineBegin), with the
// same statement in a round trip of its own after BEGIN (statement), and
// as it was set before (pg_settings: its own round trip, reading the
// timeout in force from pg_settings), taking turns within each iteration
// so that all see the same load and the same table; X/none is the ratio
// of their times. Batches of 1 (a lane at a trickle) and 100:
//
//	go test -run '^$' -bench CommitDeadline -benchtime 500x ./episodes/
func BenchmarkCommitDeadline(b *testing.B) {
	pool := dbtest.New(b)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var seq uint64
	batch := func(n int) []episodes.Episode {
		eps := make([]episodes.Episode, n)
		for i := range eps {
			seq++
			at := base.Add(time.Duration(seq) * time.Millisecond)
			m := fmt.Sprintf("m%02d", seq%20)
			eps[i] = episodes.Episode{Member: m, ID: episodes.SeqID(at, seq), Session: "s1", Channel: "web:chat", Role: "user",
				Speaker: "member:" + m, Audience: []string{"member:" + m}, Content: "we went to lisbon on the trip and the coffee was good", HappenedAt: at}
		}
		return eps
	}
	modes := []struct {
		name string
		tx   func(ctx context.Context, fn func(pgx.Tx) error) error
	}{
		{"none", func(ctx context.Context, fn func(pgx.Tx) error) error {
			return pgx.BeginFunc(ctx, pool, fn)
		}},
		{"begin", func(ctx context.Context, fn func(pgx.Tx) error) error {
			return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{BeginQuery: episodes.DeadlineBegin(ctx)}, fn)
		}},
		{"statement", func(ctx context.Context, fn func(pgx.Tx) error) error {
			set, ok := strings.CutPrefix(episodes.DeadlineBegin(ctx), "BEGIN; ")
			if !ok {
				return fmt.Errorf("deadlineBegin does not begin with BEGIN")
			}
			return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				if _, err := tx.Exec(ctx, set); err != nil {
					return err
				}
				return fn(tx)
			})
		}},
		{"pg_settings", func(ctx context.Context, fn func(pgx.Tx) error) error {
			dl, _ := ctx.Deadline()
			left := time.Until(dl)
			left -= min(left/10, time.Second)
			return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				if _, err := tx.Exec(ctx, `SELECT set_config('statement_timeout', least(nullif(setting::bigint, 0), $1)::text, true)
					FROM pg_settings WHERE name = 'statement_timeout'`, max(left.Milliseconds(), 1)); err != nil {
					return err
				}
				return fn(tx)
			})
		}},
	}
	for _, size := range []int{1, 100} {
		b.Run(fmt.Sprintf("batch%d", size), func(b *testing.B) {
			took := make([]time.Duration, len(modes))
			for b.Loop() {
				for m, mode := range modes {
					eps := batch(size)
					start := time.Now()
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					err := mode.tx(ctx, func(tx pgx.Tx) error {
						if _, err := episodes.Insert(ctx, tx, eps); err != nil {
							return err
						}
						return episodes.TouchSessions(ctx, tx, eps)
					})
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					took[m] += time.Since(start)
				}
			}
			for m, mode := range modes {
				b.ReportMetric(float64(took[m].Microseconds())/float64(b.N), mode.name+"-us")
			}
			for m, mode := range modes[1:] {
				b.ReportMetric(float64(took[m+1])/float64(took[0]), mode.name+"/none")
			}
		})
	}
}
