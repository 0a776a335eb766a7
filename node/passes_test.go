package node_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/node"
)

// hive is memhive nodes ("processes") on one database and one NATS, with
// the closer's idle time and retries shortened.
type hive struct {
	pool  *pgxpool.Pool
	nc    *nats.Conn
	js    jetstream.JetStream
	nodes []*node.Node
	url   string // the database, on the test's schema
	nats  string // the NATS server's client URL
}

// hiveTemplate is the tests' hive: appender (when appender), recall and the
// closer with closerParams; nothing that needs a model or an embedder.
func hiveTemplate(appender bool, closerParams string) string {
	return `{"prefix": "memhive", "cells": {
		"appender": {"enabled": ` + fmt.Sprint(appender) + `, "params": {"max_wait": "5ms"}},
		"embedder": {"enabled": false}, "recall": {"enabled": true}, "synthesizer": {"enabled": false},
		"remember": {"enabled": false}, "clock": {"enabled": false}, "gateway": {"enabled": false},
		"closer": {"enabled": ` + fmt.Sprint(closerParams != "") + `, "params": ` + cmp.Or(closerParams, "{}") + `}}}`
}

func startHive(t *testing.T, nodes int, closerParams string, tweak ...func(*config.Config)) *hive {
	t.Helper()
	h := newHive(t)
	for range nodes {
		h.start(t, hiveTemplate(true, closerParams), tweak...)
	}
	return h
}

func newHive(t *testing.T) *hive {
	t.Helper()
	pool := dbtest.New(t)
	ns := natstest.Start(t)
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	h := &hive{pool: pool, nc: ns.Conn(t), nats: ns.ClientURL(),
		url: dbtest.URL() + sep + "search_path=" + pool.Config().ConnConfig.RuntimeParams["search_path"]}
	var err error
	if h.js, err = jetstream.New(h.nc); err != nil {
		t.Fatal(err)
	}
	return h
}

// start starts one more node with the hive template tmpl.
func (h *hive) start(t *testing.T, tmpl string, tweak ...func(*config.Config)) *node.Node {
	t.Helper()
	f := filepath.Join(t.TempDir(), "hive.json")
	if err := os.WriteFile(f, []byte(tmpl), 0o600); err != nil {
		t.Fatal(err)
	}
	i := len(h.nodes)
	cfg := (&config.Config{DataDir: t.TempDir(), DatabaseURL: h.url, NATSURL: h.nats, HTTPAddr: "127.0.0.1:0",
		Embedder: "none", HiveTemplate: f}).WithDefaults()
	for _, f := range tweak {
		f(cfg)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})).With("node", i)
	n, err := node.Start(context.Background(), cfg, logger)
	if err != nil {
		t.Fatalf("node %d: %v", i, err)
	}
	t.Cleanup(func() { n.Stop(context.Background()) })
	h.nodes = append(h.nodes, n)
	return n
}

func (h *hive) publish(t *testing.T, member string, turns ...lanes.Turn) {
	t.Helper()
	// no wait for the stream: Start returns once it exists
	c, err := lanes.NewClient(context.Background(), h.nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, tr := range turns {
		if err := c.Publish(member, tr); err != nil {
			t.Fatal(err)
		}
	}
}

func waitFor(t *testing.T, what string, d time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Two processes on one database close each idle session once (must-show 7
// of issue 9; the nightly half is nightly's TestTwoProcessesRunEachMemberOncePerNight).
// Start returns (and memhive up writes its addresses file) only once the
// episode stream exists: a client that publishes at once finds it (a CI
// run once saw "stream not found" right after memhive up came up).
func TestStartReturnsWithTheEpisodeStream(t *testing.T) {
	t.Parallel()
	h := startHive(t, 1, "{}")
	if _, err := h.js.Stream(context.Background(), lanes.EpisodeStream); err != nil {
		t.Fatalf("right after Start: %v", err)
	}
}

// A second memhive on a data directory in use is refused, naming the
// process that holds it, and leaves the first one's addresses file, which
// the other commands find it by; once the first stops, the directory can
// be used again.
func TestSecondNodeOnADataDirectoryIsRefused(t *testing.T) {
	t.Parallel()
	h := startHive(t, 1, "{}")
	first := *h.nodes[0].Config
	addrs := config.AddressesFile(first.DataDir)
	if _, err := os.Stat(addrs); err != nil {
		t.Fatalf("the first node's addresses file: %v", err)
	}
	second := first
	second.HTTPAddr = "127.0.0.1:0"
	n, err := node.Start(context.Background(), &second, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil {
		n.Stop(context.Background())
		t.Fatal("a second node started on a data directory in use")
	}
	if want := fmt.Sprintf("in use by another memhive (pid %d)", os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q does not say %q", err, want)
	}
	if _, err := os.Stat(addrs); err != nil {
		t.Fatalf("the refused node removed the first one's addresses file: %v", err)
	}
	h.nodes[0].Stop(context.Background())
	n, err = node.Start(context.Background(), &second, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	n.Stop(context.Background())
}

func TestTwoNodesCloseEachIdleSessionOnce(t *testing.T) {
	t.Parallel()
	h := startHive(t, 2, `{"idle": "1s", "idle_check": "100ms", "backoff": "100ms"}`)
	const sessions = 8
	at := time.Now().Add(-time.Hour).UTC()
	for i := range sessions {
		h.publish(t, "alice", lanes.Turn{Session: fmt.Sprintf("s%d", i), Channel: "web:chat", Audience: []string{"member:alice"},
			Role: "user", Speaker: "member:alice", Text: "I live in Berlin.", At: at.Add(time.Duration(i) * time.Second)})
	}
	waitFor(t, "every session closed", 60*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM sessions WHERE member_id = 'alice' AND closed_at IS NOT NULL`) == sessions
	})
	time.Sleep(2 * time.Second) // both nodes' idle scans go on meanwhile
	rows, err := h.pool.Query(context.Background(), `SELECT verdicts->>'session', count(*) FROM consolidation_log
		WHERE member_id = 'alice' AND kind = 'close' AND status = 'completed' GROUP BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := 0
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			t.Fatal(err)
		}
		got++
		if n != 1 {
			t.Errorf("session %s closed %d times, want once", s, n)
		}
	}
	if got != sessions {
		t.Fatalf("%d sessions have a completed close, want %d", got, sessions)
	}
}

// A close request that can never succeed is refused (a refusals row, a
// message on the reject subject) and terminated, never redelivered.
func TestMalformedCloseRequestRefusedNotRedelivered(t *testing.T) {
	t.Parallel()
	h := startHive(t, 1, `{"backoff": "100ms"}`)
	rejects, err := h.nc.SubscribeSync("memhive.alice.reject")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	waitFor(t, "the close stream", 10*time.Second, func() bool {
		_, err := h.js.Stream(ctx, node.CloseStream)
		return err == nil
	})
	// a NUL the store refuses (SQLSTATE 22021) was tried Attempts times
	bodies := map[string]string{`{"session": "s1"}`: "missing_channel", `not json`: "malformed_request",
		`{"session": "s\u0000", "channel": "web:chat"}`:                                "invalid_text",
		`{"session": "s1", "channel": "web:chat", "audience": ["member:al\u0001ice"]}`: "invalid_text"}
	for body := range bodies {
		if _, err := h.js.Publish(ctx, "memhive.alice.close", []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]int{}
	for _, code := range bodies {
		want[code]++
	}
	got := map[string]int{}
	for range bodies {
		m, err := rejects.NextMsg(10 * time.Second)
		if err != nil {
			t.Fatal("no refusal on the reject subject:", err)
		}
		var body struct{ Error struct{ Code string } }
		_ = json.Unmarshal(m.Data, &body)
		got[body.Error.Code]++
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("refusals %v, want %v", got, want)
	}
	waitFor(t, "a refusals row each", 10*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM refusals WHERE member_id = 'alice' AND subject = 'memhive.alice.close'`) == len(bodies)
	})
	time.Sleep(time.Second)
	cons, err := h.js.Consumer(ctx, node.CloseStream, "closer")
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.NumRedelivered != 0 || info.NumAckPending != 0 || info.NumPending != 0 {
		t.Fatalf("refused requests are still in flight: redelivered %d, ack pending %d, pending %d",
			info.NumRedelivered, info.NumAckPending, info.NumPending)
	}
	if _, err := rejects.NextMsg(500 * time.Millisecond); err == nil {
		t.Fatal("a refused close request was handled again")
	}
}

// A close that keeps failing is tried Attempts times with backoff, then
// recorded as failed and never tried again.
func TestFailingCloseRetriedBoundedThenRecorded(t *testing.T) {
	t.Parallel()
	// The model extractor against an endpoint that refuses connections.
	h := startHive(t, 1, `{"extractor": "model", "attempts": 3, "backoff": "100ms"}`, func(c *config.Config) {
		c.ModelURL, c.Model = "http://127.0.0.1:1/v1", "none"
	})
	h.publish(t, "carol", lanes.Turn{Session: "s1", Channel: "web:chat", Audience: []string{"member:carol"},
		Role: "user", Speaker: "member:carol", Text: "I live in Oslo."})
	waitFor(t, "the turn", 10*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM episodes WHERE member_id = 'carol'`) == 1
	})
	reports, err := h.nc.SubscribeSync("memhive.carol.closed")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"session": "s1", "channel": "web:chat", "audience": []string{"member:carol"}})
	if _, err := h.js.Publish(context.Background(), "memhive.carol.close", body); err != nil {
		t.Fatal(err)
	}
	m, err := reports.NextMsg(30 * time.Second)
	if err != nil {
		t.Fatal("no failure report:", err)
	}
	if !strings.Contains(string(m.Data), `"failed"`) {
		t.Fatalf("report %s, want a failure", m.Data)
	}
	waitFor(t, "the failed close recorded", 10*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM consolidation_log WHERE member_id = 'carol' AND kind = 'close' AND status = 'failed'`) == 1
	})
	cons, err := h.js.Consumer(context.Background(), node.CloseStream, "closer")
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	info, _ := cons.Info(context.Background())
	if info.NumAckPending != 0 || info.NumPending != 0 {
		t.Fatalf("the failed close is still in flight: %+v", info)
	}
	if info.NumRedelivered > 0 && info.Delivered.Consumer != 3 {
		t.Fatalf("delivered %d times, want 3 attempts", info.Delivered.Consumer)
	}
	if n := count(t, h.pool, `SELECT count(*) FROM decision_log WHERE member_id = 'carol'`); n != 3 {
		t.Fatalf("%d model calls recorded, want one per attempt (3)", n)
	}
}

// Turns with no session id share "default": a change of participants
// closes it (what was said before the change is distilled).
func TestParticipantChangeClosesTheDefaultSession(t *testing.T) {
	t.Parallel()
	h := startHive(t, 1, `{"idle": "2h"}`)
	at := time.Now().Add(-time.Minute).UTC()
	alone := []string{"member:dora"}
	h.publish(t, "dora", lanes.Turn{Channel: "web:chat", Audience: alone, Role: "user", Speaker: "member:dora", Text: "I live in Vienna.", At: at})
	waitFor(t, "the first turn", 10*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM episodes WHERE member_id = 'dora'`) == 1
	})
	h.publish(t, "dora", lanes.Turn{Channel: "web:chat", Audience: []string{"member:dora", "person:eve"}, Role: "user",
		Speaker: "member:dora", Text: "Eve, meet my assistant.", At: at.Add(time.Second)})
	waitFor(t, "the default session closed on the change of participants", 30*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM consolidation_log WHERE member_id = 'dora' AND kind = 'close'
			AND status = 'completed' AND verdicts->>'session' = 'default' AND verdicts->>'reason' = 'participants_changed'`) == 1
	})
	if n := count(t, h.pool, `SELECT count(*) FROM facts WHERE member_id = 'dora' AND claim = 'Vienna'`); n != 1 {
		t.Fatalf("%d Vienna facts, want 1", n)
	}
}

// A pinned NATS port that is in use is refused at once, naming the port
// and the setting, instead of a start that waits for a server that cannot
// bind and then suggests pinning the port that is pinned.
func TestPinnedNATSPortInUseIsRefused(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	cfg := (&config.Config{DataDir: t.TempDir(), DatabaseURL: dbtest.URL(), NATSPort: port, HTTPAddr: "127.0.0.1:0", Embedder: "none"}).WithDefaults()
	n, err := node.Start(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil {
		n.Stop(context.Background())
		t.Fatal("started on a pinned port in use")
	}
	if want := fmt.Sprintf("port %d is in use (MEMHIVE_NATS_PORT", port); !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q does not say %q", err, want)
	}
}

// A close requested while the session's last turns are in the episode
// stream but not yet rows waits for the appender: the pass reads the
// session whole. (An assistant's CloseSession flushes its turns to the
// stream, not to Postgres; the close used to run first now and then and
// mark the session closed without its last turns' facts.)
func TestCloseWaitsForTheAppender(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := newHive(t)
	if _, err := lanes.EnsureStream(ctx, h.js, lanes.StreamConfig{Prefix: "memhive"}); err != nil {
		t.Fatal(err)
	}
	if _, err := lanes.EnsureConsumer(ctx, h.js, "memhive", 0, 0); err != nil {
		t.Fatal(err)
	}
	h.start(t, hiveTemplate(false, `{"idle": "2h", "backoff": "100ms"}`)) // a closer, no appender yet
	at := time.Now().Add(-time.Minute).UTC()
	h.publish(t, "fay", lanes.Turn{Session: "s1", Channel: "web:chat", Audience: []string{"member:fay"}, Role: "user",
		Speaker: "member:fay", Text: "I live in Porto.", At: at})
	body, _ := json.Marshal(map[string]any{"session": "s1", "channel": "web:chat", "audience": []string{"member:fay"}})
	if _, err := h.js.Publish(ctx, "memhive.fay.close", body); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	if n := count(t, h.pool, `SELECT count(*) FROM consolidation_log WHERE member_id = 'fay' AND kind = 'close'`); n != 0 {
		t.Fatalf("%d close runs logged before the turn was a row, want 0 (the close must wait)", n)
	}
	h.start(t, hiveTemplate(true, "")) // the appender comes
	waitFor(t, "the session closed with its turn", 30*time.Second, func() bool {
		return count(t, h.pool, `SELECT count(*) FROM consolidation_log WHERE member_id = 'fay' AND kind = 'close'
			AND status = 'completed' AND verdicts->>'session' = 's1'`) == 1
	})
	if n := count(t, h.pool, `SELECT count(*) FROM facts WHERE member_id = 'fay' AND claim = 'Porto'`); n != 1 {
		t.Fatalf("%d Porto facts, want 1", n)
	}
}
