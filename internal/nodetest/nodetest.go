// Package nodetest starts one whole memhive node for a test: the test's own
// Postgres schema (dbtest), its own embedded NATS with JetStream
// (natstest), and the cells an assistant talks to (appender, recall and the
// memory tools, remember, closer, the advisor), so that tests of the
// assistant SDK and of the examples run against the real thing. It lives
// under internal/ because it is a test helper and never ships.
package nodetest

import (
	"context"
	"log/slog"
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
	"github.com/memhive/memhive/remember"
)

// Hive is a running node and what a test needs around it.
type Hive struct {
	Node *node.Node
	Pool *pgxpool.Pool // the test's schema, as its owner
	NC   *nats.Conn    // an anonymous connection to the test's NATS
	URL  string        // the database URL the node uses (search_path set)
}

// HiveTemplate is the node's hive template: no embedder, no clock, no
// HTTP, no model; the closer idles for an hour (tests close explicitly).
const HiveTemplate = `{"prefix": "memhive", "cells": {
	"appender": {"enabled": true, "params": {"max_wait": "5ms"}},
	"embedder": {"enabled": false}, "recall": {"enabled": true}, "synthesizer": {"enabled": false},
	"remember": {"enabled": true}, "clock": {"enabled": false}, "gateway": {"enabled": false},
	"closer": {"enabled": true, "params": {"idle": "1h"}}}}`

// Start starts the node; tweak may change its config before it starts.
// Everything stops when the test ends.
func Start(t testing.TB, tweak ...func(*config.Config)) *Hive {
	t.Helper()
	pool, url := Database(t)
	ns := natstest.Start(t)
	tmpl := filepath.Join(t.TempDir(), "hive.json")
	if err := os.WriteFile(tmpl, []byte(HiveTemplate), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := (&config.Config{DataDir: t.TempDir(), DatabaseURL: url, NATSURL: ns.ClientURL(), HTTPAddr: "127.0.0.1:0",
		Embedder: "none", HiveTemplate: tmpl}).WithDefaults()
	for _, f := range tweak {
		f(cfg)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	n, err := node.Start(context.Background(), cfg, logger)
	if err != nil {
		t.Fatalf("nodetest: start node: %v", err)
	}
	t.Cleanup(func() { n.Stop(context.Background()) })
	h := &Hive{Node: n, Pool: pool, NC: ns.Conn(t), URL: url}
	h.WaitStreams(t)
	return h
}

// Database is the test's own migrated schema (dbtest) and a database URL
// whose search_path names it, for a node or a command to use.
func Database(t testing.TB) (*pgxpool.Pool, string) {
	t.Helper()
	pool := dbtest.New(t)
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	return pool, dbtest.URL() + sep + "search_path=" + pool.Config().ConnConfig.RuntimeParams["search_path"]
}

// WaitStreams waits until the episode and remember streams exist.
func (h *Hive) WaitStreams(t testing.TB) {
	t.Helper()
	js, err := jetstream.New(h.NC)
	if err != nil {
		t.Fatal(err)
	}
	Eventually(t, "the episode and remember streams", 20*time.Second, func() bool {
		_, e1 := js.Stream(context.Background(), lanes.EpisodeStream)
		_, e2 := js.Stream(context.Background(), remember.Stream)
		return e1 == nil && e2 == nil
	})
}

// Episodes counts member's stored turns.
func (h *Hive) Episodes(t testing.TB, member string) int {
	t.Helper()
	var n int
	if err := h.Pool.QueryRow(context.Background(), `SELECT count(*) FROM episodes WHERE member_id = $1`, member).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Eventually polls cond every 20ms until it holds, failing the test after d.
func Eventually(t testing.TB, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", d, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
