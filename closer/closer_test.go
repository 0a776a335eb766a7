package closer_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
)

type ep struct {
	session, channel, role, speaker, text string
	audience                              []string
	at                                    time.Time
}

func insert(t *testing.T, pool *pgxpool.Pool, member string, eps ...ep) []string {
	t.Helper()
	var ids []string
	for _, e := range eps {
		id := ulid.Make().String()
		_, err := pool.Exec(context.Background(), `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, member, id, e.session, e.channel, e.role, e.speaker, memhive.NormalizeAudience(e.audience), e.text, e.at)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

func TestCloseOncePerAudienceGroupAndRerunWritesNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 2, 2, 18, 0, 0, 0, time.UTC)
	alone := []string{"member:alice"}
	withBob := []string{"person:bob", "member:alice"}
	ids := insert(t, pool, "alice",
		ep{"s1", "web:chat", "user", "member:alice", "I live in Berlin. My manager is Dave Chen.", alone, t0},
		ep{"s1", "web:chat", "assistant", "assistant:talky", "I live in the cloud.", alone, t0.Add(time.Minute)},
		ep{"s1", "web:chat", "user", "member:alice", "My sister Carol lives in Rome.", withBob, t0.Add(2 * time.Minute)},
		ep{"s1", "web:chat", "peer", "person:bob", "I live in Dublin.", withBob, t0.Add(3 * time.Minute)},
		ep{"s2", "web:chat", "user", "member:alice", "I live in Paris.", alone, t0}, // another session: untouched
	)

	idle, err := closer.IdleSessions(ctx, pool, 2*time.Hour, t0.Add(3*time.Hour))
	if err != nil || len(idle) != 2 || idle[0].Reason != "idle" {
		t.Fatalf("idle before close: %+v %v", idle, err)
	}
	if idle, _ := closer.IdleSessions(ctx, pool, 2*time.Hour, t0.Add(time.Hour)); len(idle) != 0 {
		t.Fatalf("sessions silent for an hour are not idle: %+v", idle)
	}
	pc, err := closer.ParticipantChange(ctx, pool, "alice", "web:chat", alone, t0.Add(time.Hour))
	if err != nil || len(pc) != 1 || pc[0].Session != "s1" || pc[0].Reason != "participants_changed" {
		t.Fatalf("participant change: %+v %v", pc, err)
	}

	rep, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Turns != 4 || rep.Groups != 2 || rep.Facts.Written != 5 || rep.Summaries.Written != 2 || !rep.Closed || rep.Edges.Written == 0 {
		t.Fatalf("first close: %+v", rep)
	}
	type row struct {
		claim    string
		audience []string
		sources  []string
		speaker  string
	}
	got := map[string]row{}
	rows, _ := pool.Query(ctx, `SELECT claim, audience, source_episode_ids, speaker FROM facts WHERE member_id = 'alice' AND session_id = 's1' AND origin = 'close'`)
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.claim, &r.audience, &r.sources, &r.speaker); err != nil {
			t.Fatal(err)
		}
		got[r.claim] = r
	}
	if r := got["Berlin"]; !slices.Equal(r.audience, alone) || !slices.Equal(r.sources, ids[:1]) || r.speaker != "member:alice" {
		t.Fatalf("Berlin: %+v", r)
	}
	if r := got["Rome"]; !slices.Equal(r.audience, []string{"member:alice", "person:bob"}) || !slices.Equal(r.sources, ids[2:3]) {
		t.Fatalf("Rome: %+v", r)
	}
	if r := got["Dublin"]; r.speaker != "person:bob" {
		t.Fatalf("Dublin: %+v", r)
	}
	if _, ok := got["the cloud"]; ok {
		t.Fatal("an assistant's first person became a fact")
	}
	var edgeOK bool
	if err := pool.QueryRow(ctx, `SELECT e.audience = '{member:alice,person:bob}' AND e.source_episode_id = $1 AND e.channel = 'web:chat'
		FROM entity_edges e JOIN entities d ON d.member_id = e.member_id AND d.id = e.dst_id
		WHERE e.member_id = 'alice' AND d.canon = 'rome'`, ids[2]).Scan(&edgeOK); err != nil || !edgeOK {
		t.Fatalf("edge to Rome lacks its episode, channel or audience: %v %v", edgeOK, err)
	}
	var sum string
	if err := pool.QueryRow(ctx, `SELECT text FROM summaries WHERE member_id = 'alice' AND audience = '{member:alice}'`).Scan(&sum); err != nil ||
		sum != "2026-02-02, web:chat, session s1, 2 turns: member:alice: I live in Berlin." {
		t.Fatalf("summary %q %v", sum, err)
	}

	again, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Written() != 0 || again.Facts.Existing != 5 || again.Summaries.Existing != 2 || again.Closed {
		t.Fatalf("re-run wrote rows: %+v", again)
	}
	// the re-run changed nothing, and its log row says so: skipped, not a
	// second completed close (which a replay would run again)
	if again.Skipped == "" {
		t.Fatalf("re-run that changed nothing is not reported skipped: %+v", again)
	}
	if runs := closeRuns(t, pool, "alice")["s1"]; runs["completed"] != 1 || runs["skipped"] != 1 || len(runs) != 2 {
		t.Fatalf("close runs of s1 after a re-run: %v, want one completed and one skipped", runs)
	}
	idle, _ = closer.IdleSessions(ctx, pool, 2*time.Hour, t0.Add(3*time.Hour))
	if len(idle) != 1 || idle[0].Session != "s2" {
		t.Fatalf("idle after close: %+v", idle)
	}
	if pc, _ := closer.ParticipantChange(ctx, pool, "alice", "web:chat", alone, t0.Add(time.Hour)); len(pc) != 0 {
		t.Fatalf("closed session reported as changed: %+v", pc)
	}
	// a session that grew since its close is closed again: a completed run
	insert(t, pool, "alice", ep{"s1", "web:chat", "user", "member:alice", "I live in Lisbon now.", alone, t0.Add(4 * time.Minute)})
	grown, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !grown.Closed || grown.Skipped != "" || grown.Facts.Written == 0 {
		t.Fatalf("close of a grown session: %+v", grown)
	}
	if runs := closeRuns(t, pool, "alice")["s1"]; runs["completed"] != 2 || runs["skipped"] != 1 {
		t.Fatalf("close runs of s1 after it grew: %v, want two completed and one skipped", runs)
	}
}

func TestIntersect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   [][]string
		want []string
	}{
		{[][]string{{"*"}, {"*"}}, []string{"*"}},
		{[][]string{{"*"}, {"b", "a"}}, []string{"a", "b"}},
		{[][]string{{"a", "b"}, {"b", "c"}}, []string{"b"}},
		{[][]string{{"a"}, {"c"}}, nil},
		{nil, nil},
	} {
		if got := closer.Intersect(tc.in...); !slices.Equal(got, tc.want) {
			t.Errorf("Intersect(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// A session longer than one extraction's window is read whole: its first
// turn's fact is written too (the close read only the newest 512 turns, so
// a long session lost its early facts for good).
func TestLongSessionIsReadWhole(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 2, 2, 18, 0, 0, 0, time.UTC)
	me := []string{"member:hana"}
	eps := []ep{{"long", "web:chat", "user", "member:hana", "I work at Siemens.", me, t0}}
	for i := 1; i < closer.MaxTurns+90; i++ {
		eps = append(eps, ep{"long", "web:chat", "user", "member:hana", "ok, sounds good", me, t0.Add(time.Duration(i) * time.Minute)})
	}
	eps = append(eps, ep{"long", "web:chat", "user", "member:hana", "My sister Carla lives in Porto.", me, t0.Add(10 * time.Hour)})
	insert(t, pool, "hana", eps...)
	rep, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "hana", Session: "long", Channel: "web:chat"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Turns != len(eps) || rep.Truncated {
		t.Fatalf("read %d of %d turns (truncated %v)", rep.Turns, len(eps), rep.Truncated)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'hana' AND predicate IN ('works_at', 'sister')`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d of the first and the last turn's facts written (%v), want both: %+v", n, err, rep)
	}
}

// panicky is an extractor with a bug: it panics on a word.
type panicky struct{}

func (panicky) Extract(ctx context.Context, s extract.Session) ([]extract.Fact, error) {
	for _, t := range s.Turns {
		if strings.Contains(t.Text, "poison") {
			var xs []int
			_ = xs[len(t.Text)] // index out of range
		}
	}
	return extract.Patterns{}.Extract(ctx, s)
}

// An extractor that panics on a session's text fails that session's close
// with an error (which the closer cell retries and then records as failed)
// and writes nothing; it does not take the caller down, and other sessions
// still close.
func TestExtractorPanicFailsTheClose(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 2, 2, 18, 0, 0, 0, time.UTC)
	me := []string{"member:ivy"}
	insert(t, pool, "ivy",
		ep{"bad", "web:chat", "user", "member:ivy", "I live in Oslo. Here is a poison turn.", me, t0},
		ep{"good", "web:chat", "user", "member:ivy", "I live in Bergen.", me, t0})
	_, err := closer.Close(ctx, pool, panicky{}, closer.Request{Member: "ivy", Session: "bad", Channel: "web:chat"}, nil)
	if err == nil || !strings.Contains(err.Error(), "the extractor failed on this session") {
		t.Fatalf("close of the poisoned session: %v, want the extractor's failure as an error", err)
	}
	if _, err := closer.Close(ctx, pool, panicky{}, closer.Request{Member: "ivy", Session: "good", Channel: "web:chat"}, nil); err != nil {
		t.Fatalf("close of another session: %v", err)
	}
	var bad, good int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE claim = 'Oslo'), count(*) FILTER (WHERE claim = 'Bergen') FROM facts WHERE member_id = 'ivy'`).Scan(&bad, &good); err != nil {
		t.Fatal(err)
	}
	if bad != 0 || good != 1 {
		t.Fatalf("facts: %d from the poisoned session (want 0), %d from the other (want 1)", bad, good)
	}
}
