package replay_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/node"
	"github.com/memhive/memhive/remember"
	"github.com/memhive/memhive/replay"
)

// TestReplayOfARunningHive drives a member through a running memhive (the
// appender on JetStream, the close cell on an explicit close and on idle,
// memorize over the remember lane, the embedder draining its queue) and
// two nightly runs, then replays it: the generation's state hash equals the
// live one.
func TestReplayOfARunningHive(t *testing.T) {
	t.Parallel()
	l := setupDB(t)
	ns := natstest.Start(t)
	tmpl := filepath.Join(t.TempDir(), "hive.json")
	if err := os.WriteFile(tmpl, []byte(`{"prefix": "memhive", "cells": {
		"appender": {"enabled": true, "params": {"max_wait": "5ms"}},
		"embedder": {"enabled": true}, "recall": {"enabled": false}, "synthesizer": {"enabled": false},
		"remember": {"enabled": true}, "clock": {"enabled": false}, "gateway": {"enabled": false},
		"closer": {"enabled": true, "params": {"idle": "1h", "idle_check": "100ms", "backoff": "100ms"}}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	cfg := (&config.Config{DataDir: t.TempDir(), DatabaseURL: dbtest.URL() + sep + "search_path=" + l.pool.Config().ConnConfig.RuntimeParams["search_path"],
		NATSURL: ns.ClientURL(), HTTPAddr: "127.0.0.1:0", Embedder: "hash", HiveTemplate: tmpl}).WithDefaults()
	n, err := node.Start(l.ctx, cfg, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Stop(context.Background()) })
	nc := ns.Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the episode stream", func() bool { _, err := js.Stream(l.ctx, lanes.EpisodeStream); return err == nil })
	client, err := lanes.NewClient(l.ctx, nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	me := []string{"member:alice"}
	publish := func(session string, at time.Time, texts ...string) {
		t.Helper()
		for i, text := range texts {
			if err := client.Publish("alice", lanes.Turn{Session: session, Channel: "web:chat", Audience: me, Role: "user",
				Speaker: "member:alice", Text: text, At: at.Add(time.Duration(i) * time.Minute)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	count := func(sql string) int {
		var c int
		if err := l.pool.QueryRow(l.ctx, sql).Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	// Session s1, said now (so not idle: the close cell's idle is an hour),
	// closed explicitly over the close lane.
	t0 := time.Now().UTC().Truncate(time.Second)
	publish("s1", t0, "I live in Berlin. I love jazz.", "My friend Bob lives in Paris.")
	waitFor(t, "s1 appended", func() bool { return count(`SELECT count(*) FROM episodes WHERE member_id = 'alice'`) == 2 })
	body, _ := json.Marshal(closer.Request{Member: "alice", Session: "s1", Channel: "web:chat", Audience: me})
	if _, err := js.Publish(l.ctx, lanes.Subjects{Prefix: "memhive"}.Close("alice"), body); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "s1 closed", func() bool {
		return count(`SELECT count(*) FROM consolidation_log WHERE member_id = 'alice' AND kind = 'close' AND status = 'completed'`) == 1
	})
	// A memorize over the remember lane.
	body, _ = json.Marshal(remember.Request{Member: "alice", Subject: "member:alice", Predicate: "lives in", Claim: "Lisbon",
		Audience: me, Channel: "web:chat"})
	if _, err := js.Publish(l.ctx, remember.Subject("memhive", "alice"), body); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the memorize", func() bool {
		return count(`SELECT count(*) FROM facts WHERE member_id = 'alice' AND origin = 'memorize'`) == 1
	})
	run := func(id string) {
		t.Helper()
		// the close cell may still hold the member's pass lock (busy)
		waitFor(t, "nightly "+id, func() bool {
			rep, err := nightly.Run(l.ctx, l.pool, nightly.Options{Member: "alice", RunID: id, Backfill: node.Backfill(l.pool, "hash-256")})
			if err != nil || (rep.Members[0].Status != "completed" && rep.Members[0].Status != "busy") {
				t.Fatalf("nightly %s: %+v %v", id, rep, err)
			}
			return rep.Members[0].Status == "completed"
		})
	}
	run("n1")
	// Session s2, said two hours ago, closes on idle.
	publish("s2", time.Now().Add(-2*time.Hour).UTC(), "We moved to Porto!", "I work at Globex.")
	waitFor(t, "s2 closed on idle", func() bool {
		return count(`SELECT count(*) FROM sessions WHERE member_id = 'alice' AND session_id = 's2' AND closed_at IS NOT NULL`) == 1
	})
	run("n2")
	n.Stop(l.ctx)
	if got := count(`SELECT count(*) FROM consolidation_log WHERE member_id = 'alice' AND kind = 'close' AND status = 'completed' AND verdicts->>'reason' = 'idle'`); got != 1 {
		t.Fatalf("idle closes: %d", got)
	}

	rep, err := replay.Run(l.ctx, l.pool, "alice", replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Equal {
		t.Errorf("replay of a running hive's member differs from live in %v", rep.Differ)
		diffLines(t, l, rep.Schema, l.hash())
	}
	if rep.Inputs[replay.KindClose] != 2 || rep.Inputs[replay.KindNightly] != 2 || rep.Inputs[replay.KindMemorize] != 1 {
		t.Fatalf("inputs: %v", rep.Inputs)
	}
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
