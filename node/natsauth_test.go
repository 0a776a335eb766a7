package node

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/lanes"
)

func addAssistant(t *testing.T, dataDir, member string) (config.AssistantUser, string) {
	t.Helper()
	u := config.AssistantUser{User: "talky-" + config.RandomSecret(4), Members: []string{member}, Assistant: "talky", CreatedAt: time.Now()}
	pw := config.RandomSecret(12)
	var err error
	if u.Hash, err = HashNATSPassword(pw); err != nil {
		t.Fatal(err)
	}
	us, err := config.ReadAssistantUsers(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := config.WriteAssistantUsers(dataDir, append(us, u)); err != nil {
		t.Fatal(err)
	}
	return u, pw
}

// TestEmbeddedNATSCredentials: without credentials a client on the same
// machine can neither read the stream nor publish into a lane; with an
// assistant's credentials it publishes only to its member's lanes, and
// reads nothing of the stream; memhive's own user does everything.
func TestEmbeddedNATSCredentials(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	data := t.TempDir()
	alice, alicePW := addAssistant(t, data, "alice")
	users, err := natsUsers(data, "memhive")
	if err != nil {
		t.Fatal(err)
	}
	opts := &server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: filepath.Join(data, "nats"),
		NoSigs: true, NoLog: true, Users: users}
	s, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats did not start")
	}
	t.Cleanup(s.Shutdown)
	url := s.ClientURL()

	// memhive's own user, from the data directory.
	mopts, err := NATSClientOptions(&config.Config{DataDir: data}, true)
	if err != nil {
		t.Fatal(err)
	}
	mnc, err := nats.Connect(url, mopts...)
	if err != nil {
		t.Fatal(err)
	}
	defer mnc.Close()
	mjs, _ := jetstream.New(mnc)
	if _, err := lanes.EnsureStream(ctx, mjs, lanes.StreamConfig{Prefix: "memhive"}); err != nil {
		t.Fatal(err)
	}
	turn := []byte(`{"session":"s","channel":"web:chat","audience":["member:alice"],"role":"user","speaker":"member:alice","text":"hi"}`)
	if _, err := mjs.Publish(ctx, "memhive.alice.episode", turn); err != nil {
		t.Fatal(err)
	}
	count := func() uint64 {
		t.Helper()
		st, err := mjs.Stream(ctx, lanes.EpisodeStream)
		if err != nil {
			t.Fatal(err)
		}
		return st.CachedInfo().State.Msgs
	}

	// No credentials, wrong ones, or memhive's user name with a guess: refused at connect.
	for _, o := range [][]nats.Option{nil, {nats.UserInfo("memhive", "guess")}, {nats.UserInfo(alice.User, "guess")},
		{nats.UserInfo(alice.User, alice.Hash)}, {nats.Token("memhive")}} {
		var err error
		for range 5 { // a loaded machine may time a connect out before the server answers
			nc, cerr := nats.Connect(url, append(o, nats.NoReconnect(), nats.Timeout(10*time.Second))...)
			if cerr == nil {
				nc.Close()
				t.Fatalf("connected with %d options", len(o))
			}
			if err = cerr; errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization") {
				break
			}
		}
		if !errors.Is(err, nats.ErrAuthorization) && !strings.Contains(strings.ToLower(err.Error()), "authorization") {
			t.Fatalf("want an authorization error, got %v", err)
		}
	}

	// The assistant for alice.
	perm := make(chan error, 16)
	// The server checks a bcrypt hash at connect: give a loaded machine time.
	anc, err := nats.Connect(url, nats.UserInfo(alice.User, alicePW), nats.CustomInboxPrefix(alice.InboxPrefix()), nats.Timeout(30*time.Second),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { perm <- err }))
	if err != nil {
		t.Fatal(err)
	}
	defer anc.Close()
	ajs, _ := jetstream.New(anc)
	before := count()
	if _, err := ajs.Publish(ctx, "memhive.alice.episode", turn); err != nil {
		t.Fatalf("alice's lane: %v", err)
	}
	c, err := lanes.NewClient(ctx, anc, lanes.ClientOptions{})
	if err != nil {
		t.Fatalf("lanes client with assistant credentials: %v", err)
	}
	if err := c.Publish("alice", lanes.Turn{Session: "s", Channel: "web:chat", Audience: []string{"member:alice"}, Role: "user", Speaker: "member:alice", Text: "via client"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	c.Close()
	for deadline := time.Now().Add(30 * time.Second); count() != before+2; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("stream has %d messages, want %d", count(), before+2)
		}
	}
	// Another member's lanes, or anything else: not published.
	for _, subj := range []string{"memhive.bob.episode", "memhive.bob.close", "memhive.bob.remember", "memhive.alice.reject", "other"} {
		_ = anc.Publish(subj, turn)
	}
	pctx, pcancel := context.WithTimeout(ctx, 2*time.Second)
	_, err = ajs.Publish(pctx, "memhive.bob.episode", turn)
	pcancel()
	if err == nil {
		t.Fatal("published into bob's lane")
	}
	_ = anc.Flush()
	if got := count(); got != before+2 {
		t.Fatalf("stream grew to %d after publishes outside alice's lanes", got)
	}
	// Nothing of the stream can be read: no consumer, no direct get, no
	// subscription to the lanes.
	short := func() context.Context {
		c, cancel := context.WithTimeout(ctx, 2*time.Second)
		t.Cleanup(cancel)
		return c
	}
	if _, err := ajs.CreateOrUpdateConsumer(short(), lanes.EpisodeStream, jetstream.ConsumerConfig{}); err == nil {
		t.Fatal("assistant created a consumer on the episode stream")
	}
	if st, err := ajs.Stream(ctx, lanes.EpisodeStream); err != nil {
		t.Fatalf("stream info (the lanes client asks it): %v", err)
	} else if _, err := st.GetMsg(short(), 1); err == nil {
		t.Fatal("assistant read a message of the stream")
	}
	sub, err := anc.SubscribeSync("memhive.>")
	if err != nil {
		t.Fatal(err)
	}
	_ = anc.Flush()
	if _, err := mjs.Publish(ctx, "memhive.alice.episode", turn); err != nil {
		t.Fatal(err)
	}
	if m, err := sub.NextMsg(500 * time.Millisecond); err == nil {
		t.Fatalf("assistant received %s", m.Subject)
	}
	select {
	case err := <-perm:
		if !strings.Contains(strings.ToLower(err.Error()), "permissions violation") {
			t.Fatalf("want a permissions violation, got %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no permissions violation reported")
	}

	// A credential added while the server runs is picked up by a reload;
	// a revoked one is refused.
	bob, bobPW := addAssistant(t, data, "bob")
	us, _ := config.ReadAssistantUsers(data)
	for i := range us {
		if us[i].User == alice.User {
			us[i].Revoked = true
		}
	}
	if err := config.WriteAssistantUsers(data, us); err != nil {
		t.Fatal(err)
	}
	if err := reloadNATSUsers(s, *opts, data, "memhive"); err != nil {
		t.Fatal(err)
	}
	bnc, err := nats.Connect(url, nats.UserInfo(bob.User, bobPW), nats.CustomInboxPrefix(bob.InboxPrefix()), nats.Timeout(30*time.Second))
	if err != nil {
		t.Fatalf("bob's new credential after reload: %v", err)
	}
	bnc.Close()
	if nc, err := nats.Connect(url, nats.UserInfo(alice.User, alicePW), nats.NoReconnect(), nats.Timeout(30*time.Second)); err == nil {
		nc.Close()
		t.Fatal("a revoked credential connected")
	}
}
