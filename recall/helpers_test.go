package recall

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
)

var idSeq atomic.Int64

// newID returns a unique, ordered, ULID-shaped test id with a prefix.
func newID(prefix string) string {
	return fmt.Sprintf("%s%024d", prefix, idSeq.Add(1))
}

type fixture struct {
	t    testing.TB
	pool *pgxpool.Pool
	ctx  context.Context
}

func setup(t testing.TB) *fixture {
	t.Helper()
	// the read path's session settings, as memhive up sets them: the plans
	// the tests read and the answers they check are the ones it gets
	return &fixture{t: t, pool: dbtest.New(t, SessionParams), ctx: context.Background()}
}

var t0 = time.Date(2024, 5, 10, 12, 0, 0, 0, time.UTC)

type ep struct {
	member, session, channel, speaker, content, ref string
	audience                                        []string
	at                                              time.Time
}

func (f *fixture) episode(e ep) string {
	f.t.Helper()
	id := newID("E")
	if e.session == "" {
		e.session = "default"
	}
	if e.speaker == "" {
		e.speaker = "member:" + e.member
	}
	var ref any
	if e.ref != "" {
		ref = e.ref
	}
	_, err := f.pool.Exec(f.ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, ref, happened_at)
		VALUES ($1, $2, $3, $4, 'user', $5, $6, $7, $8, $9)`,
		e.member, id, e.session, e.channel, e.speaker, e.audience, e.content, ref, e.at)
	if err != nil {
		f.t.Fatalf("insert episode: %v", err)
	}
	// the session's row, as the appender keeps it in the turn's transaction
	err = pgx.BeginFunc(f.ctx, f.pool, func(tx pgx.Tx) error {
		return episodes.TouchSessions(f.ctx, tx, []episodes.Episode{{Member: e.member, Session: e.session, Channel: e.channel,
			Speaker: e.speaker, Audience: e.audience, HappenedAt: e.at}})
	})
	if err != nil {
		f.t.Fatalf("touch session: %v", err)
	}
	return id
}

func (f *fixture) fact(fa facts.Fact) string {
	f.t.Helper()
	if fa.ID == "" {
		fa.ID = newID("F")
	}
	ok, id, err := facts.Insert(f.ctx, f.pool, &fa)
	if err != nil || !ok {
		f.t.Fatalf("insert fact: %v (inserted %v)", err, ok)
	}
	return id
}

func (f *fixture) belief(member, holder, statement, channel string, audience []string, pinned bool) string {
	f.t.Helper()
	id := newID("B")
	_, err := f.pool.Exec(f.ctx, `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience, pinned)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, member, id, holder, statement, channel, audience, pinned)
	if err != nil {
		f.t.Fatalf("insert belief: %v", err)
	}
	return id
}

func (f *fixture) entity(member, name, channel string, audience []string) string {
	f.t.Helper()
	id := newID("N")
	_, err := f.pool.Exec(f.ctx, `INSERT INTO entities (member_id, id, name, canon, channel, audience)
		VALUES ($1, $2, $3, $4, $5, $6)`, member, id, name, memhive.Canon(name), channel, audience)
	if err != nil {
		f.t.Fatalf("insert entity: %v", err)
	}
	return id
}

func (f *fixture) edge(member, src, dst, relation, channel string, audience []string) string {
	f.t.Helper()
	id := newID("X")
	_, err := f.pool.Exec(f.ctx, `INSERT INTO entity_edges (member_id, id, src_id, dst_id, relation, channel, audience)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, member, id, src, dst, relation, channel, audience)
	if err != nil {
		f.t.Fatalf("insert edge: %v", err)
	}
	return id
}

func (f *fixture) exec(sql string, args ...any) {
	f.t.Helper()
	if _, err := f.pool.Exec(f.ctx, sql, args...); err != nil {
		f.t.Fatalf("%s: %v", sql, err)
	}
}

func ptr[T any](v T) *T { return &v }

func req(member, tier, query string, audience []string, channel string) Request {
	return Request{Member: member, Tier: tier, Query: query, Audience: audience, Channel: channel}
}
