package node_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/logbuf"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/node"
)

// TestTwoNodesOneNightlyRunPerMemberAndOneClosePerSession (issue 9,
// must-show 7): two memhive nodes — each with its own NATS connection and
// its own database pool, on one database and one NATS — run the closer
// (idle closes) and the clock (the nightly pass at a minute set just ahead)
// at the same time. Every idle session is closed once, and when both
// clocks fire the same night every member is run once: for each member one
// node runs the pass and the other logs that it is busy or already done.
func TestTwoNodesOneNightlyRunPerMemberAndOneClosePerSession(t *testing.T) {
	t.Parallel()
	// The night's firing: the next whole minute at least 45 s away, so both
	// nodes are up and the sessions closed before it.
	fire := time.Now().UTC().Add(45 * time.Second).Truncate(time.Minute).Add(time.Minute)
	pool := dbtest.New(t)
	ns := natstest.Start(t)
	tmpl := filepath.Join(t.TempDir(), "hive.json")
	err := os.WriteFile(tmpl, []byte(`{"prefix": "memhive", "cells": {
		"appender": {"enabled": true, "params": {"max_wait": "5ms"}},
		"embedder": {"enabled": false}, "recall": {"enabled": true}, "synthesizer": {"enabled": false},
		"remember": {"enabled": false}, "gateway": {"enabled": false},
		"clock": {"enabled": true, "params": {"nightly_at": "`+fire.Format("15:04")+`"}},
		"closer": {"enabled": true, "params": {"idle": "1s", "idle_check": "100ms", "backoff": "100ms"}}}}`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	url := dbtest.URL() + sep + "search_path=" + pool.Config().ConnConfig.RuntimeParams["search_path"]
	logs := []*logbuf.Buffer{{}, {}}
	for i := range 2 {
		cfg := (&config.Config{DataDir: t.TempDir(), DatabaseURL: url, NATSURL: ns.ClientURL(), HTTPAddr: "127.0.0.1:0",
			Embedder: "none", HiveTemplate: tmpl}).WithDefaults()
		logger := slog.New(slog.NewTextHandler(logs[i], &slog.HandlerOptions{Level: slog.LevelInfo})).With("node", i)
		n, err := node.Start(context.Background(), cfg, logger)
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		t.Cleanup(func() { n.Stop(context.Background()) })
	}
	h := &hive{pool: pool, nc: ns.Conn(t)}
	if h.js, err = jetstream.New(h.nc); err != nil {
		t.Fatal(err)
	}

	// Six members, two sessions each, said an hour ago (idle already).
	members := []string{"ann", "ben", "cat", "dan", "eli", "fay"}
	at := time.Now().Add(-time.Hour).UTC()
	for _, m := range members {
		me := []string{"member:" + m}
		h.publish(t, m,
			lanes.Turn{Session: "s1", Channel: "web:chat", Audience: me, Role: "user", Speaker: me[0], Text: "I live in Berlin.", At: at},
			lanes.Turn{Session: "s2", Channel: "web:chat", Audience: me, Role: "user", Speaker: me[0], Text: "I live in Lisbon now.",
				At: at.Add(time.Minute)})
	}
	sessions := 2 * len(members)
	waitFor(t, "every session closed", 60*time.Second, func() bool {
		return count(t, pool, `SELECT count(*) FROM sessions WHERE closed_at IS NOT NULL`) == sessions
	})
	if time.Now().After(fire) {
		t.Fatalf("the closes took until %s, past the nightly firing %s; the night would not see them", time.Now().UTC(), fire)
	}

	night := nightly.NightRunID(fire)
	waitFor(t, "both nodes' clocks fired and finished the night "+night, time.Until(fire)+90*time.Second, func() bool {
		for _, l := range logs {
			if !strings.Contains(l.String(), "nightly pass done") {
				return false
			}
		}
		return true
	})

	// One close per session: a completed close row each, never two.
	if n := count(t, pool, `SELECT count(*) FROM (SELECT member_id, verdicts->>'session' FROM consolidation_log
		WHERE kind = 'close' AND status = 'completed' GROUP BY 1, 2 HAVING count(*) > 1) d`); n != 0 {
		t.Errorf("%d sessions closed more than once", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM consolidation_log WHERE kind = 'close' AND status = 'completed'`); n != sessions {
		t.Errorf("%d completed closes, want %d (one per session)", n, sessions)
	}

	// One nightly run per member for the night: the night's row is
	// completed for every member, and for each member exactly one node
	// stood aside (busy, or the run already done).
	if n := count(t, pool, `SELECT count(*) FROM consolidation_log WHERE kind = 'nightly' AND run_id = $1 AND status = 'completed'`,
		night); n != len(members) {
		t.Errorf("%d members completed the night %s, want %d", n, night, len(members))
	}
	if n := count(t, pool, `SELECT count(*) FROM consolidation_log WHERE kind = 'nightly'`); n != len(members) {
		t.Errorf("%d nightly rows, want %d (one night, once per member)", n, len(members))
	}
	aside := regexp.MustCompile(`msg="nightly skipped, (?:another process is running this member|this run already ran for this member)" .*?member=(\w+)`)
	stoodAside := map[string]int{}
	for _, l := range logs {
		for _, m := range aside.FindAllStringSubmatch(l.String(), -1) {
			stoodAside[m[1]]++
		}
	}
	for _, m := range members {
		if stoodAside[m] != 1 {
			t.Errorf("member %s: %d nodes stood aside in the night, want exactly 1 (the other ran it)", m, stoodAside[m])
		}
	}
	// Each member's Berlin was superseded by Lisbon once, by the night.
	if n := count(t, pool, `SELECT count(*) FROM facts WHERE claim = 'Berlin' AND closure_source = 'nightly:' || $1`, night); n != len(members) {
		t.Errorf("%d Berlin facts closed by the night, want %d", n, len(members))
	}
	if t.Failed() {
		for i, l := range logs {
			t.Logf("node %d log:\n%s", i, l.String())
		}
	}
}
