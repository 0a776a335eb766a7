package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/internal/nodetest"
	"github.com/memhive/memhive/node"
)

// The example's whole path, standalone (a memhive of its own with embedded
// NATS and its own credentials) on the test's Postgres schema: talky reads
// a bundle before each turn, the planner created afterwards reads none,
// declares memory_recall and recalls what talky was told.
func TestTwoAssistants(t *testing.T) {
	_, url := nodetest.Database(t)
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir, cfg.DatabaseURL, cfg.NATSURL, cfg.NATSPort, cfg.HTTPAddr, cfg.Embedder = t.TempDir(), url, "", -1, "127.0.0.1:0", "hash"
	n, err := node.Start(context.Background(), cfg, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		t.Fatal(err)
	}
	defer n.Stop(context.Background())
	showTools = true // what each recall returned, in the log, for a failure to be read
	model := modeltest.New(t, Script("alice")...)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tr, err := Run(ctx, n.NC, cfg.Prefix, "alice", newChatModel(model.URL, "scripted", ""), &out)
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	if tr.TalkyTurns != 2 || tr.TalkyBundles != tr.TalkyTurns {
		t.Errorf("talky: %d bundles for %d turns", tr.TalkyBundles, tr.TalkyTurns)
	}
	if tr.PlannerBundles != 0 || !slices.Contains(tr.PlannerTools, "memory_recall") {
		t.Errorf("planner: %d bundles, tools %v", tr.PlannerBundles, tr.PlannerTools)
	}
	if !slices.Equal(tr.PlannerCalls, []string{"memory_recall", "memory_recall"}) {
		t.Errorf("planner calls %v", tr.PlannerCalls)
	}
	if !strings.Contains(tr.Answer, "Lisbon") || !strings.Contains(tr.Answer, "peanuts") {
		t.Errorf("the planner did not recall what talky was told: %q", tr.Answer)
	}
	// What the model was sent: talky's every request carries the bundle,
	// the planner's none, and the planner's tool list has memory_recall.
	reqs := model.Requests()
	if len(reqs) != 5 {
		t.Fatalf("%d model requests, want 5", len(reqs))
	}
	for i, r := range reqs {
		c, err := r.Chat()
		if err != nil {
			t.Fatal(err)
		}
		hasBundle := strings.Contains(c.Messages[0].Content, "MEMORY (read before this turn)")
		if talky := i < 3; hasBundle != talky {
			t.Errorf("request %d: bundle in the system prompt %v, want %v", i, hasBundle, talky)
		}
		if i >= 3 && !slices.ContainsFunc(c.Tools, func(tl modeltest.Tool) bool { return tl.Function.Name == "memory_recall" }) {
			t.Errorf("request %d: no memory_recall in the tools", i)
		}
	}
}
