package episodes_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// TestReplyOnlyToInbox: the appender answers a refusal on the publisher's
// Memhive-Reply-To only under the inbox prefix; any other subject (another
// member's lane, a wildcard) is ignored and counted.
func TestReplyOnlyToInbox(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	a, _ := b.startAppender(t, episodes.AppenderConfig{})
	inbox := b.nc.NewRespInbox()
	replies, err := b.nc.SubscribeSync(inbox)
	if err != nil {
		t.Fatal(err)
	}
	hijack, err := b.nc.SubscribeSync("memhive.bob.>")
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"memhive.bob.remember", inbox, "_INBOX.*", "_INBOX.>"} {
		m := nats.NewMsg("memhive.alice.episode")
		m.Data = []byte(`{"channel":"c","speaker":"x","text":"no audience"}`)
		m.Header.Set(lanes.HeaderReplyTo, to)
		if _, err := b.js.PublishMsg(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	waitCount(t, b.pool, `SELECT count(*) FROM refusals`, 4)
	if _, err := replies.NextMsg(10 * time.Second); err != nil {
		t.Fatalf("no refusal on the inbox: %v", err)
	}
	if m, err := hijack.NextMsg(500 * time.Millisecond); err == nil {
		t.Fatalf("the appender published on %s", m.Subject)
	}
	deadline := time.Now().Add(10 * time.Second)
	for a.Stats.RepliesIgnored.Load() != 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := a.Stats.RepliesIgnored.Load(); got != 3 {
		t.Fatalf("replies ignored: %d, want 3", got)
	}
}
