package node_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/recall"
)

// A fresh recall (a tool call) reads the turns published before it: with
// no appender running it waits its fresh_wait_ms, then answers without
// the turn and says it is behind; once an appender has written the turn,
// a fresh answer that is not behind holds it. A recall that is not fresh
// answers at once from what is written, as before.
func TestFreshRecallReadsTheTurnsSentBefore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := newHive(t)
	if _, err := lanes.EnsureStream(ctx, h.js, lanes.StreamConfig{Prefix: "memhive"}); err != nil {
		t.Fatal(err)
	}
	if _, err := lanes.EnsureConsumer(ctx, h.js, "memhive", 0, 0); err != nil {
		t.Fatal(err)
	}
	reader := h.start(t, `{"prefix": "memhive", "cells": {
		"appender": {"enabled": false}, "embedder": {"enabled": false}, "synthesizer": {"enabled": false},
		"remember": {"enabled": false}, "clock": {"enabled": false}, "gateway": {"enabled": false}, "closer": {"enabled": false},
		"recall": {"enabled": true, "params": {"fresh_wait_ms": 300}}}}`)
	h.publish(t, "gus", lanes.Turn{Session: "s1", Channel: "web:chat", Audience: []string{"member:gus"}, Role: "user",
		Speaker: "member:gus", Text: "My sister Maya moved to Lisbon in May.", At: time.Now().Add(-time.Minute).UTC()})
	ask := func(n interface {
		Recall(context.Context, recall.Request) (*recall.Answer, error)
	}, fresh bool) *recall.Answer {
		t.Helper()
		a, err := n.Recall(ctx, recall.Request{Member: "gus", Query: "Which city does my sister live in?", Tier: "1",
			Audience: []string{"member:gus"}, Channel: "web:chat", Fresh: fresh})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	holds := func(a *recall.Answer) bool {
		for _, it := range a.Items {
			if strings.Contains(it.Text, "Lisbon") {
				return true
			}
		}
		return false
	}

	began := time.Now()
	a := ask(reader.Recall, true)
	if !a.Behind || holds(a) || !strings.HasPrefix(a.Text, recall.BehindNote) {
		t.Fatalf("fresh, no appender: behind %v, holds the turn %v, text %q; want behind, without it, saying so", a.Behind, holds(a), a.Text)
	}
	if waited := time.Since(began); waited < 300*time.Millisecond {
		t.Errorf("a fresh call answered behind after %s, before its fresh_wait_ms (300ms)", waited)
	}
	if a := ask(reader.Recall, false); a.Behind || holds(a) {
		t.Fatalf("not fresh: behind %v, holds the turn %v; want neither", a.Behind, holds(a))
	}

	writer := h.start(t, hiveTemplate(true, "")) // the appender comes; its recall waits up to 2 s
	for i := 0; ; i++ {
		a := ask(writer.Recall, true)
		if !a.Behind {
			if !holds(a) {
				t.Fatalf("a fresh answer that is not behind lacks the turn published before it: %q", a.Text)
			}
			break
		}
		if i == 10 {
			t.Fatal("every fresh answer was behind with the appender running")
		}
	}
	if a := ask(reader.Recall, true); a.Behind || !holds(a) {
		t.Fatalf("fresh after the write: behind %v, holds the turn %v; want the turn", a.Behind, holds(a))
	}
}
