package client_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive/client"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/nodetest"
	"github.com/memhive/memhive/node"
)

// An assistant with its own NATS credential (memhive keys create --nats)
// can do everything the SDK does for its member — turns, the bundle,
// memorize, the memory tools, the advisor, a close — and nothing for
// another member.
func TestSDKWithAnAssistantCredential(t *testing.T) {
	t.Parallel()
	_, url := nodetest.Database(t)
	data := t.TempDir()
	u := config.AssistantUser{User: "talky-" + config.RandomSecret(4), Members: []string{"alice"}, Assistant: "talky", CreatedAt: time.Now()}
	pw := config.RandomSecret(12)
	var err error
	if u.Hash, err = node.HashNATSPassword(pw); err != nil {
		t.Fatal(err)
	}
	if err := config.EnsureCredentialsDir(data); err != nil {
		t.Fatal(err)
	}
	if err := config.WriteAssistantUsers(data, []config.AssistantUser{u}); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir, cfg.DatabaseURL, cfg.NATSURL, cfg.NATSPort, cfg.HTTPAddr, cfg.Embedder = data, url, "", -1, "127.0.0.1:0", "none"
	n, err := node.Start(context.Background(), cfg, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		t.Fatal(err)
	}
	defer n.Stop(context.Background())
	nc, err := nats.Connect(n.NATSURL, nats.UserInfo(u.User, pw), nats.CustomInboxPrefix(u.InboxPrefix()), nats.Timeout(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	var a *client.Assistant
	deadline := time.Now().Add(20 * time.Second)
	for { // the node's cells create the streams as they start
		a, err = client.New(ctx, nc, client.Config{Member: "alice", Template: "talky", Audience: []string{"member:alice"}, Channel: "web:chat", Session: "s-1"})
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.BeforeTurn(ctx, "hello"); err != nil {
		t.Fatalf("bundle: %v", err)
	}
	if _, err := a.Heard("member:alice", "I moved to Porto last week."); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args string }{
		{"memorize", `{"subject":"member:alice","predicate":"lives_in","claim":"Porto"}`},
		{"memory_recall", `{"query":"where do I live?"}`},
	} {
		if res := a.Call(ctx, c.tool, json.RawMessage(c.args)); res.Err != nil {
			t.Fatalf("%s: %v", c.tool, res.Err)
		}
	}
	if adv, err := a.EnterTopic(ctx, "living in Porto"); err != nil || !adv.Delivered {
		t.Fatalf("advisor: %+v, %v", adv, err)
	}
	if err := a.CloseSession(ctx); err != nil {
		t.Fatalf("close: %v", err)
	}
	// Another member is out of reach: its recall subject is not this credential's.
	b, err := client.New(ctx, nc, client.Config{Member: "bob", Template: "talky", Audience: []string{"member:bob"}, Channel: "web:chat", Timeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if res := b.Call(ctx, "memory_recall", json.RawMessage(`{"query":"anything"}`)); res.Err == nil || res.Err.Code != gateway.CodeForbiddenMember {
		t.Fatalf("recall of another member: %+v (want forbidden_member, what NATS said, not a timeout)", res.Err)
	}
	if _, err := b.EnterTopic(ctx, "anything"); err == nil {
		t.Fatal("the advisor answered for another member")
	}
}
