package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/client"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/nodetest"
	"github.com/memhive/memhive/lanes"
)

func newAssistant(t *testing.T, h *nodetest.Hive, cfg client.Config) *client.Assistant {
	t.Helper()
	if cfg.Member == "" {
		cfg.Member = "alice"
	}
	if cfg.Audience == nil {
		cfg.Audience = []string{"member:alice"}
	}
	if cfg.Channel == "" {
		cfg.Channel = "web:chat"
	}
	a, err := client.New(context.Background(), h.NC, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	return a
}

// Must-show 1: talky reads a bundle before each turn; cogny reads none and
// declares memory_recall (with the gateway's schema) in its tool list.
func TestTalkyBundleEachTurnCognyTool(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	ctx := context.Background()
	talky := newAssistant(t, h, client.Config{Template: "talky", Session: "s-talky"})
	cogny := newAssistant(t, h, client.Config{Template: "cogny", Session: "s-cogny"})

	turns := []string{"My sister Maya moved to Lisbon in May.", "What should I bring Maya from Berlin?", "Thanks, bye."}
	bundles := 0
	for i, text := range turns {
		b, err := talky.BeforeTurn(ctx, text)
		if err != nil {
			t.Fatalf("talky turn %d: %v", i, err)
		}
		if b == nil || b.Answer == nil || b.Text == "" {
			t.Fatalf("talky turn %d: no bundle", i)
		}
		if b.Tier != "1" {
			t.Fatalf("talky bundle tier %q, want 1", b.Tier)
		}
		bundles++
		if i == 1 && !strings.Contains(b.Text, "Lisbon") {
			t.Errorf("turn 2's bundle does not hold turn 1 (Lisbon):\n%s", b.Text)
		}
		if _, err := talky.Heard("member:alice", text); err != nil {
			t.Fatal(err)
		}
		if _, err := talky.Said("Noted."); err != nil {
			t.Fatal(err)
		}
		if err := talky.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		want := 2 * (i + 1)
		nodetest.Eventually(t, "the turns in the record", 10*time.Second, func() bool { return h.Episodes(t, "alice") >= want })
	}
	if bundles != len(turns) {
		t.Fatalf("%d bundles for %d turns", bundles, len(turns))
	}

	b, err := cogny.BeforeTurn(ctx, "What should I bring Maya?")
	if err != nil || b != nil {
		t.Fatalf("cogny read a bundle: %v, %v", b, err)
	}
	if !slices.Contains(cogny.ToolNames(), gateway.RecallTool) {
		t.Fatalf("cogny's tools %v lack memory_recall", cogny.ToolNames())
	}
	var decl *client.OpenAITool
	for _, ot := range cogny.OpenAITools() {
		if ot.Function.Name == gateway.RecallTool {
			decl = &ot
		}
	}
	if decl == nil || decl.Type != "function" || string(decl.Function.Parameters) != string(gateway.RecallSchema) ||
		decl.Function.Description != gateway.RecallDescription {
		t.Fatalf("memory_recall is not declared with the gateway's schema: %+v", decl)
	}
	if mt := cogny.MCPTools(); len(mt) == 0 || mt[0].Name != gateway.RecallTool {
		t.Fatalf("MCP tools: %v", mt)
	}
	// cogny's template sets no tier: its memory_recall says so, coded.
	res := cogny.Call(ctx, gateway.RecallTool, json.RawMessage(`{"query":"where does Maya live?"}`))
	if res.Err == nil || res.Err.Code != memhive.CodeMemoryNotConfigured || !strings.Contains(res.Content, "memory_not_configured") {
		t.Fatalf("cogny memory_recall: %+v", res)
	}
}

// Tool calls run with the builder's binding over NATS; a model cannot
// widen it, and a tool the template does not offer is refused.
func TestToolCallsUseTheBinding(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	ctx := context.Background()
	dir := t.TempDir()
	file := filepath.Join(dir, "keeper.json")
	if err := os.WriteFile(file, []byte(`{"name": "keeper", "kind": "reasoning", "memory_tier": "1", "ambient": false,
		"tools": ["memory_recall", "memorize", "list_memories", "forget"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	k := newAssistant(t, h, client.Config{TemplateFile: file, ID: "keeper-1", Session: "s-1"})
	if got := k.ToolNames(); !slices.Equal(got, []string{"memory_recall", "memorize", "forget", "list_memories"}) {
		t.Fatalf("tools %v", got)
	}
	res := k.Call(ctx, "memorize", json.RawMessage(`{"subject":"member:alice","predicate":"allergic_to","claim":"peanuts"}`))
	if res.Err != nil {
		t.Fatalf("memorize: %v", res.Err)
	}
	var mem struct {
		ID       string   `json:"id"`
		Audience []string `json:"audience"`
		Channel  string   `json:"channel"`
	}
	if err := json.Unmarshal(res.JSON, &mem); err != nil || mem.ID == "" || mem.Channel != "web:chat" || !slices.Equal(mem.Audience, []string{"member:alice"}) {
		t.Fatalf("memorize result %s (%v)", res.JSON, err)
	}
	res = k.Call(ctx, "memory_recall", json.RawMessage(`{"query":"what is alice allergic to?"}`))
	if res.Err != nil || !strings.Contains(res.Content, "peanuts") {
		t.Fatalf("recall: %+v", res)
	}
	// The remember lane's refusal comes back coded, through the reply inbox.
	res = k.Call(ctx, "memorize", json.RawMessage(`{"subject":"member:alice"}`))
	if res.Err == nil || res.Err.Code == memhive.CodeInternal || !strings.Contains(res.Content, `"error"`) {
		t.Fatalf("an incomplete memorize: %+v", res)
	}
	// bob listening: the private fact is not there.
	bob := newAssistant(t, h, client.Config{TemplateFile: file, ID: "keeper-2", Audience: []string{"member:alice", "person:bob"}})
	res = bob.Call(ctx, "list_memories", json.RawMessage(`{}`))
	if res.Err != nil || strings.Contains(res.Content, "peanuts") {
		t.Fatalf("list_memories with bob listening: %+v", res)
	}
	res = k.Call(ctx, "list_memories", json.RawMessage(`{}`))
	if res.Err != nil || !strings.Contains(res.Content, "peanuts") {
		t.Fatalf("list_memories: %+v", res)
	}
	// A model cannot widen the audience, nor call a tool not offered.
	for _, c := range []struct{ tool, args string }{
		{"memory_recall", `{"query":"peanuts","audience":["*"]}`},
		{"memorize", `{"note":"x","channel":"slack:#all"}`},
		{"update_memory", `{"id":"` + mem.ID + `","claim":"walnuts"}`},
	} {
		res := k.Call(ctx, c.tool, json.RawMessage(c.args))
		if res.Err == nil || res.Err.Code != memhive.CodeMalformedToolCall {
			t.Errorf("%s %s: %+v, want malformed_tool_call", c.tool, c.args, res)
		}
	}
	res = k.Call(ctx, "forget", json.RawMessage(`{"id":"`+mem.ID+`","reason":"test"}`))
	if res.Err != nil {
		t.Fatalf("forget: %v", res.Err)
	}
	res = k.Call(ctx, "memory_recall", json.RawMessage(`{"query":"what is alice allergic to?"}`))
	if res.Err != nil || strings.Contains(res.Content, "peanuts") {
		t.Fatalf("recall after forget: %+v", res)
	}
}

// Turns get ids; what the appender refuses comes back through OnError.
func TestPublishIDsAndRefusals(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	refused := make(chan *lanes.PublishError, 4)
	a := newAssistant(t, h, client.Config{Template: "talky", OnError: func(pe *lanes.PublishError) { refused <- pe }})
	id, err := a.Heard("member:alice", "hello")
	if err != nil || id == "" {
		t.Fatalf("id %q, %v", id, err)
	}
	bad, err := a.Heard("member:alice", "bell \x07 rings")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case pe := <-refused:
		if pe.ID != bad || memhive.CodeOf(pe.Err) != memhive.CodeInvalidText {
			t.Fatalf("refusal %+v (code %s), want invalid_text of %s", pe, memhive.CodeOf(pe.Err), bad)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("no refusal came back")
	}
	nodetest.Eventually(t, "the good turn", 10*time.Second, func() bool { return h.Episodes(t, "alice") == 1 })
	if _, err := client.New(context.Background(), h.NC, client.Config{Member: "alice", Template: "talky", Channel: "web:chat"}); memhive.CodeOf(err) != memhive.CodeMissingAudience {
		t.Fatalf("no audience: %v", err)
	}
}

// EnterTopic goes over NATS to the advisor: one memory for the topic, the
// gate holding, and memory_not_configured for a template without a tier.
func TestEnterTopic(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	ctx := context.Background()
	talky := newAssistant(t, h, client.Config{Template: "talky", Session: "s-1"})
	if res := talky.Call(ctx, "memorize", json.RawMessage(`{"subject":"member:alice","predicate":"lisbon_hotel","claim":"Casa Azul"}`)); res.Err != nil {
		t.Fatal(res.Err)
	}
	adv, err := talky.EnterTopic(ctx, "the Lisbon hotel")
	if err != nil || !adv.Delivered || !strings.Contains(adv.Text, "Casa Azul") || adv.Decision == "" {
		t.Fatalf("advice %+v, %v", adv, err)
	}
	again, err := talky.EnterTopic(ctx, "the Lisbon hotel")
	if err != nil || again.Delivered {
		t.Fatalf("the same memory twice: %+v, %v", again, err)
	}
	bob := newAssistant(t, h, client.Config{Template: "talky", ID: "talky-bob", Session: "s-2", Audience: []string{"member:alice", "person:bob"}})
	if adv, err := bob.EnterTopic(ctx, "the Lisbon hotel"); err != nil || adv.Delivered {
		t.Fatalf("bob listening: %+v, %v", adv, err)
	}
	// The tool form, as a model calls it.
	file := filepath.Join(t.TempDir(), "topical.json")
	if err := os.WriteFile(file, []byte(`{"memory_tier": "1", "ambient": false, "tools": ["enter_topic"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tp := newAssistant(t, h, client.Config{TemplateFile: file, Session: "s-3"})
	if res := tp.Call(ctx, "enter_topic", json.RawMessage(`{"topic":"hotel in Lisbon"}`)); res.Err != nil || !strings.Contains(res.Content, "Casa Azul") {
		t.Fatalf("enter_topic: %+v", res)
	}
	if res := tp.Call(ctx, "enter_topic", json.RawMessage(`{"topic":"x","session":"s-1"}`)); res.Err == nil || res.Err.Code != memhive.CodeMalformedToolCall {
		t.Fatalf("enter_topic with a binding argument: %+v", res)
	}
	cogny := newAssistant(t, h, client.Config{Template: "cogny"})
	if _, err := cogny.EnterTopic(ctx, "hotel"); memhive.CodeOf(err) != memhive.CodeMemoryNotConfigured {
		t.Fatalf("cogny: %v", err)
	}
}

// Someone joins: after Present, the bundle and memory_recall read with the
// new audience, so bob is never shown what alice said without him, and the
// turns after carry him. A canceled call says canceled, not internal.
func TestPresentWhenSomeoneJoins(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	ctx := context.Background()
	a := newAssistant(t, h, client.Config{Template: "talky", Session: "s-join"})
	if _, err := a.Heard("member:alice", "Keep it secret from Bob: the surprise party for Bob is on Friday."); err != nil {
		t.Fatal(err)
	}
	if err := a.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	nodetest.Eventually(t, "alice's turn in the record", 10*time.Second, func() bool { return h.Episodes(t, "alice") >= 1 })
	if b, err := a.BeforeTurn(ctx, "the surprise party"); err != nil || !strings.Contains(b.Text, "surprise party") {
		t.Fatalf("alone, alice's bundle: %v\n%v", err, b)
	}
	if err := a.Present(); memhive.CodeOf(err) != memhive.CodeMissingAudience {
		t.Fatalf("Present with nobody: %v", err)
	}
	if err := a.Present("member:alice", "person:bob"); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Audience(), []string{"member:alice", "person:bob"}) {
		t.Fatalf("audience after Present: %v", a.Audience())
	}
	b, err := a.BeforeTurn(ctx, "the surprise party")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.Text, "surprise") {
		t.Fatalf("bob joined, and the bundle shows what was said without him:\n%s", b.Text)
	}
	if r := a.Call(ctx, gateway.RecallTool, json.RawMessage(`{"query":"surprise party"}`)); r.Err != nil || strings.Contains(r.Content, "Friday") {
		t.Fatalf("memory_recall with bob present: %+v", r)
	}
	if _, err := a.Heard("person:bob", "Hi all!"); err != nil {
		t.Fatal(err)
	}
	if err := a.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	nodetest.Eventually(t, "bob's turn in the record", 10*time.Second, func() bool { return h.Episodes(t, "alice") >= 2 })
	var aud []string
	if err := h.Pool.QueryRow(ctx, `SELECT audience FROM episodes WHERE member_id = 'alice' AND speaker = 'person:bob'`).Scan(&aud); err != nil ||
		!slices.Equal(aud, []string{"member:alice", "person:bob"}) {
		t.Fatalf("bob's turn heard by %v (%v)", aud, err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if r := a.Call(canceled, gateway.RecallTool, json.RawMessage(`{"query":"party"}`)); r.Err == nil || r.Err.Code != memhive.CodeCanceled ||
		!errors.Is(r.Err, context.Canceled) {
		t.Fatalf("a canceled call: %+v", r.Err)
	}
}

// New checks the lane's field caps, so a session every turn of which would
// be refused is an error at once.
func TestNewChecksFieldCaps(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	_, err := client.New(context.Background(), h.NC, client.Config{Member: "alice", Template: "talky", Audience: []string{"member:alice"},
		Channel: "web:chat", Session: strings.Repeat("s", 300)})
	if memhive.CodeOf(err) != memhive.CodeFieldTooLong {
		t.Fatalf("a 300-byte session: %v", err)
	}
}

// A memory_recall tool call finds the turn the assistant published just
// before it, every time: the call sends the assistant's queued turns to
// the stream first, and memhive waits for the stream's turns to be rows
// (a tool call is fresh). Without either, a reviewer's loop missed it in
// 9 to 13 calls of 30.
func TestRecallReadsTheTurnJustHeard(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	ctx := context.Background()
	a := newAssistant(t, h, client.Config{Template: "talky", Session: "s-fresh"})
	for i := range 15 {
		word := "pangolin" + string(rune('a'+i))
		if _, err := a.Heard("member:alice", "My pet is a "+word+"."); err != nil {
			t.Fatal(err)
		}
		res := a.Call(ctx, "memory_recall", json.RawMessage(`{"query":"`+word+`"}`))
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		if !strings.Contains(res.Content, word) {
			t.Fatalf("call %d: the turn heard just before is not in the answer: %q", i, res.Content)
		}
	}
}
