package node_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/logbuf"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/node"
)

// A NATS URL given with a password (MEMHIVE_NATS_URL) is logged without
// it: the start line says which server, never the secret.
func TestStartLogHoldsNoNATSPassword(t *testing.T) {
	t.Parallel()
	const password = "f423e73d-not-for-the-log"
	_, natsURL := natstest.StartUser(t, "memhive", password)

	pool := dbtest.New(t)
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	dbURL := dbtest.URL() + sep + "search_path=" + pool.Config().ConnConfig.RuntimeParams["search_path"]
	tmpl := filepath.Join(t.TempDir(), "hive.json")
	if err := os.WriteFile(tmpl, []byte(`{"prefix": "memhive", "cells": {
		"appender": {"enabled": false}, "embedder": {"enabled": false}, "synthesizer": {"enabled": false},
		"remember": {"enabled": false}, "clock": {"enabled": false}, "gateway": {"enabled": false}, "closer": {"enabled": false},
		"recall": {"enabled": false}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var logs logbuf.Buffer
	cfg := (&config.Config{DataDir: t.TempDir(), DatabaseURL: dbURL, NATSURL: natsURL, HTTPAddr: "127.0.0.1:0",
		Embedder: "none", HiveTemplate: tmpl}).WithDefaults()
	n, err := node.Start(context.Background(), cfg, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	if err != nil {
		t.Fatal(err)
	}
	n.Stop(context.Background())
	out := logs.String()
	if !strings.Contains(out, "memhive is up") || !strings.Contains(out, "nats://memhive:(set)@") {
		t.Fatalf("no start line naming the NATS server:\n%s", out)
	}
	if strings.Contains(out, password) {
		t.Fatalf("the NATS password is in the log:\n%s", out)
	}
}
