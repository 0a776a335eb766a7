package lanes_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
)

func newClient(t *testing.T, opts lanes.ClientOptions) *lanes.Client {
	t.Helper()
	srv := natstest.Start(t)
	nc := srv.Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lanes.EnsureStream(context.Background(), js, lanes.StreamConfig{}); err != nil {
		t.Fatal(err)
	}
	c, err := lanes.NewClient(context.Background(), nc, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// TestPublishRefusesInvalidMember: a member id that is not one (SPEC §0)
// never reaches a subject, whatever it would match there.
func TestPublishRefusesInvalidMember(t *testing.T) {
	t.Parallel()
	c := newClient(t, lanes.ClientOptions{})
	tr := lanes.Turn{Channel: "c", Audience: []string{"*"}, Speaker: "x", Text: "t"}
	for _, m := range []string{">", "*", "a.b", "Alice", "", "al\xffce", strings.Repeat("a", 65)} {
		if err := c.Publish(m, tr); memhive.CodeOf(err) != memhive.CodeInvalidMember {
			t.Errorf("Publish(%q) = %v, want invalid_member", m, err)
		}
		if err := c.PublishRaw(m, nil, []byte(`{}`)); memhive.CodeOf(err) != memhive.CodeInvalidMember {
			t.Errorf("PublishRaw(%q) = %v, want invalid_member", m, err)
		}
	}
}

// TestPublishRawAssignsID: a turn without an id gets a ULID the caller can read.
func TestPublishRawAssignsID(t *testing.T) {
	t.Parallel()
	c := newClient(t, lanes.ClientOptions{})
	tr := &lanes.Turn{}
	if err := c.PublishRaw("alice", tr, []byte(`{"channel":"c","audience":["*"],"speaker":"x","text":"t"}`)); err != nil {
		t.Fatal(err)
	}
	if len(tr.ID) != 26 {
		t.Fatalf("id %q, want a ULID", tr.ID)
	}
}

// TestErrorOverflow: with the Errors channel full, each policy does what it
// says and no report vanishes without being counted and logged.
func TestErrorOverflow(t *testing.T) {
	t.Parallel()
	// Over the server's 1 MB max payload: every publish fails in the client.
	huge := bytes.Repeat([]byte("x"), 2<<20)
	for _, tc := range []struct {
		name    string
		policy  lanes.Overflow
		dropped int64
	}{
		{"drop newest", lanes.OverflowDropNewest, 3},
		{"drop oldest", lanes.OverflowDropOldest, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var logs bytes.Buffer
			c := newClient(t, lanes.ClientOptions{ErrorBuffer: 2, Overflow: tc.policy, BatchSize: 1,
				Logger: slog.New(slog.NewTextHandler(&logs, nil)), ListenRefusals: new(bool)})
			var ids []string
			for range 5 {
				tr := &lanes.Turn{}
				if err := c.PublishRaw("alice", tr, huge); err != nil {
					t.Fatal(err)
				}
				ids = append(ids, tr.ID)
			}
			if err := c.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := c.Stats().Dropped; got != tc.dropped {
				t.Fatalf("dropped %d, want %d", got, tc.dropped)
			}
			if !strings.Contains(logs.String(), "report dropped") {
				t.Fatalf("no log line for the dropped reports: %q", logs.String())
			}
			first := (<-c.Errors()).ID
			want := ids[0]
			if tc.policy == lanes.OverflowDropOldest {
				want = ids[3]
			}
			if first != want {
				t.Fatalf("first report kept is %s, want %s", first, want)
			}
		})
	}
	t.Run("block", func(t *testing.T) {
		t.Parallel()
		c := newClient(t, lanes.ClientOptions{ErrorBuffer: 1, Overflow: lanes.OverflowBlock, BatchSize: 1,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), ListenRefusals: new(bool)})
		for range 5 {
			if err := c.PublishRaw("alice", nil, huge); err != nil {
				t.Fatal(err)
			}
		}
		got := 0
		for got < 5 {
			select {
			case <-c.Errors():
				got++
			case <-time.After(30 * time.Second):
				t.Fatalf("%d of 5 reports, then nothing", got)
			}
		}
		if err := c.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if c.Stats().Dropped != 0 {
			t.Fatalf("dropped %d under the blocking policy", c.Stats().Dropped)
		}
	})
}
