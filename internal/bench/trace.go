package bench

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// legOf names the part of the read path a statement belongs to, from the
// tag recall puts at the start of each of its statements: "/* leg:keyword */
// SELECT …" is the keyword leg's. Tags name the five tier-1 legs, "tier0"
// (the ambient bundle) and "beliefs" (tier 2's beliefs). A statement without
// a tag is "other" (the version chains, recall/chain.go); so are transaction
// control statements, which Tracer attributes by their connection instead.
func legOf(sql string) string {
	const open = "/* leg:"
	rest, ok := strings.CutPrefix(strings.TrimLeft(sql, " \t\r\n"), open)
	if !ok {
		return "other"
	}
	name, _, ok := strings.Cut(rest, " */")
	if !ok || name == "" || strings.ContainsAny(name, " \t\r\n*/") {
		return "other"
	}
	return name
}

// txControl reports whether sql is pgx's BEGIN, COMMIT or ROLLBACK (what
// pgx.BeginFunc sends; recall cannot tag them).
func txControl(sql string) (begin, end bool) {
	s := strings.ToLower(strings.TrimSpace(sql))
	switch {
	case s == "begin" || strings.HasPrefix(s, "begin "):
		return true, false
	case s == "commit" || s == "rollback":
		return false, true
	}
	return false, false
}

type legTimesKey struct{}

// legTimes collects one request's SQL time per leg.
type legTimes struct {
	mu sync.Mutex
	d  map[string]time.Duration
	n  map[string]int
	// tx is the open transaction on each of the request's connections: its
	// BEGIN waits there until the first tagged statement names its leg.
	tx map[*pgx.Conn]*openTx
	// sqls, when not nil, records each statement under its leg (tests).
	sqls map[string][]string
}

type openTx struct {
	leg   string        // "" until a tagged statement runs in it
	begin time.Duration // the BEGIN's time, until leg is known
	sql   string        // the BEGIN's text
}

func newLegTimes() *legTimes {
	return &legTimes{d: map[string]time.Duration{}, n: map[string]int{}, tx: map[*pgx.Conn]*openTx{}}
}

// addLocked counts one statement of leg; lt.mu is held.
func (lt *legTimes) addLocked(leg, sql string, d time.Duration) {
	lt.d[leg] += d
	lt.n[leg]++
	if lt.sqls != nil {
		lt.sqls[leg] = append(lt.sqls[leg], sql)
	}
}

// add attributes one finished statement on conn. A BEGIN is held until the
// transaction's first tagged statement (legs run concurrently, each on its
// own connection, so a connection's transaction belongs to one leg); a
// COMMIT or ROLLBACK goes to the transaction's leg, "other" when nothing
// tagged ran in it.
func (lt *legTimes) add(conn *pgx.Conn, sql string, d time.Duration) {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	begin, end := txControl(sql)
	switch {
	case begin:
		lt.tx[conn] = &openTx{begin: d, sql: sql}
	case end:
		leg := "other"
		if t := lt.tx[conn]; t != nil {
			if t.leg != "" {
				leg = t.leg
			} else {
				lt.addLocked(leg, t.sql, t.begin)
			}
			delete(lt.tx, conn)
		}
		lt.addLocked(leg, sql, d)
	default:
		leg := legOf(sql)
		if t := lt.tx[conn]; t != nil && t.leg == "" && leg != "other" {
			t.leg = leg
			lt.addLocked(leg, t.sql, t.begin)
		}
		lt.addLocked(leg, sql, d)
	}
}

type traceStart struct {
	sql string
	at  time.Time
}

type traceKey struct{}

// batchTrace is the time the previous result of a batch was read.
type batchTrace struct{ last time.Time }

type batchKey struct{}

// Tracer is a pgx.QueryTracer and pgx.BatchTracer that adds each
// statement's time to the request's legTimes (carried in ctx), by legOf:
// a statement's time runs from its send to its rows closed; a batched
// statement's from the end of the previous one of its batch (from the
// batch's send, for the first) to its rows closed, so a batch's time is
// split over its statements without gaps.
type Tracer struct{}

var (
	_ pgx.QueryTracer = Tracer{}
	_ pgx.BatchTracer = Tracer{}
)

// TraceQueryStart implements pgx.QueryTracer.
func (Tracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	if ctx.Value(legTimesKey{}) == nil {
		return ctx
	}
	return context.WithValue(ctx, traceKey{}, traceStart{sql: d.SQL, at: time.Now()})
}

// TraceQueryEnd implements pgx.QueryTracer.
func (Tracer) TraceQueryEnd(ctx context.Context, conn *pgx.Conn, _ pgx.TraceQueryEndData) {
	lt, _ := ctx.Value(legTimesKey{}).(*legTimes)
	st, ok := ctx.Value(traceKey{}).(traceStart)
	if lt == nil || !ok {
		return
	}
	lt.add(conn, st.sql, time.Since(st.at))
}

// TraceBatchStart implements pgx.BatchTracer.
func (Tracer) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	if ctx.Value(legTimesKey{}) == nil {
		return ctx
	}
	return context.WithValue(ctx, batchKey{}, &batchTrace{last: time.Now()})
}

// TraceBatchQuery implements pgx.BatchTracer.
func (Tracer) TraceBatchQuery(ctx context.Context, conn *pgx.Conn, d pgx.TraceBatchQueryData) {
	lt, _ := ctx.Value(legTimesKey{}).(*legTimes)
	bt, _ := ctx.Value(batchKey{}).(*batchTrace)
	if lt == nil || bt == nil {
		return
	}
	now := time.Now()
	lt.add(conn, d.SQL, now.Sub(bt.last))
	bt.last = now
}

// TraceBatchEnd implements pgx.BatchTracer.
func (Tracer) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}
