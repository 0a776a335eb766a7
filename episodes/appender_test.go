package episodes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
)

type bundle struct {
	pool *pgxpool.Pool
	nc   *nats.Conn
	js   jetstream.JetStream
	srv  *natstest.Server
}

func setup(t *testing.T) *bundle {
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
	return &bundle{pool: dbtest.New(t), nc: nc, js: js, srv: srv}
}

// runAppender runs an appender until the returned stop is called.
func (b *bundle) runAppender(t *testing.T, cfg episodes.AppenderConfig) (stop func()) {
	t.Helper()
	_, stop = b.startAppender(t, cfg)
	return stop
}

// startAppender is runAppender that also returns the appender (its Stats).
func (b *bundle) startAppender(t *testing.T, cfg episodes.AppenderConfig) (a *episodes.Appender, stop func()) {
	t.Helper()
	return b.runOn(t, b.pool, cfg, slog.DiscardHandler)
}

func waitCount(t *testing.T, pool *pgxpool.Pool, sql string, want int, args ...any) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	var n int
	for time.Now().Before(deadline) {
		if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n >= want {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s: %d rows, want %d", sql, n, want)
}

func TestAppenderWritesTurnWithAudienceChannelRef(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.runAppender(t, episodes.AppenderConfig{})
	c, err := lanes.NewClient(context.Background(), b.nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Publish("alice", lanes.Turn{Session: "s-1", Channel: "telegram:dm", Audience: []string{"person:bob", "member:alice", "person:bob", " "},
		Speaker: "member:alice", Text: "hello bob", Ref: "tg-42"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitCount(t, b.pool, `SELECT count(*) FROM episodes WHERE member_id = 'alice'`, 1)
	eps, err := episodes.List(context.Background(), b.pool, "alice", episodes.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := eps[0]
	if strings.Join(e.Audience, ",") != "member:alice,person:bob" || e.Channel != "telegram:dm" || e.Ref != "tg-42" ||
		e.Session != "s-1" || e.Role != "user" || e.Content != "hello bob" {
		t.Fatalf("episode = %+v", e)
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.runAppender(t, episodes.AppenderConfig{MaxText: 1024})
	ctx := context.Background()

	rejects := make(chan *nats.Msg, 16)
	sub, err := b.nc.ChanSubscribe("memhive.*.reject", rejects)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	replies := make(chan *lanes.PublishError, 16)
	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{OnError: func(e *lanes.PublishError) { replies <- e }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	cases := []struct {
		name, member, payload string
		code                  memhive.Code
	}{
		{"no audience", "alice", `{"channel":"web:chat","speaker":"member:alice","text":"hi"}`, memhive.CodeMissingAudience},
		{"empty audience", "alice", `{"channel":"web:chat","audience":[" ",""],"speaker":"member:alice","text":"hi"}`, memhive.CodeMissingAudience},
		{"audience not a list", "alice", `{"channel":"web:chat","audience":"member:alice","speaker":"member:alice","text":"hi"}`, memhive.CodeMissingAudience},
		{"no channel", "alice", `{"audience":["member:alice"],"speaker":"member:alice","text":"hi"}`, memhive.CodeMissingChannel},
		{"too large", "alice", `{"channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"` + strings.Repeat("x", 2000) + `"}`, memhive.CodeTextTooLarge},
		{"member mismatch", "alice", `{"member":"mallory","channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"hi"}`, memhive.CodeMemberMismatch},
		{"invalid member", "Alice", `{"channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"hi"}`, memhive.CodeInvalidMember},
		{"not json", "alice", `{"channel":`, memhive.CodeMalformedTurn},
		{"dated to come", "alice", `{"channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"I live in Mars Base Alpha.","at":"2999-01-01T00:00:00Z"}`, memhive.CodeMalformedTurn},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !memhive.ValidMember(tc.member) {
				// The client refuses to name a lane with an invalid member
				// id; a publisher without it reaches the appender, which
				// refuses the turn in turn.
				err := c.PublishRaw(tc.member, nil, []byte(tc.payload))
				if memhive.CodeOf(err) != memhive.CodeInvalidMember {
					t.Fatalf("client PublishRaw(%q) = %v, want invalid_member", tc.member, err)
				}
				if _, err := b.js.Publish(ctx, "memhive."+tc.member+".episode", []byte(tc.payload)); err != nil {
					t.Fatal(err)
				}
			} else {
				if err := c.PublishRaw(tc.member, nil, []byte(tc.payload)); err != nil {
					t.Fatal(err)
				}
				select {
				case e := <-replies:
					if memhive.CodeOf(e.Err) != tc.code {
						t.Fatalf("reply code %v, want %s", e.Err, tc.code)
					}
					if msg := memhive.AsError(e.Err).Message; len(msg) < 10 {
						t.Fatalf("refusal sentence too thin: %q", msg)
					}
				case <-time.After(20 * time.Second):
					t.Fatal("no error reply")
				}
			}
			select {
			case m := <-rejects:
				if m.Subject != "memhive."+tc.member+".reject" || !bytes.Contains(m.Data, []byte(tc.code)) {
					t.Fatalf("reject message %s %s", m.Subject, m.Data)
				}
				// the client's Nats-Msg-Id names the turn when its body has no id
				var rj struct{ ID string }
				if err := json.Unmarshal(m.Data, &rj); err != nil || (memhive.ValidMember(tc.member) && rj.ID == "") {
					t.Fatalf("reject message names no turn id: %s (%v)", m.Data, err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("no message on the reject subject")
			}
			var raw []byte
			var code string
			err := b.pool.QueryRow(ctx, `SELECT raw, code FROM refusals WHERE member_id = $1 AND raw = $2`, tc.member, []byte(tc.payload)).Scan(&raw, &code)
			if err != nil || code != string(tc.code) || !bytes.Equal(raw, []byte(tc.payload)) {
				t.Fatalf("refusals row: code %q err %v", code, err)
			}
		})
	}
	var n, r int
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM episodes), (SELECT count(*) FROM refusals)`).Scan(&n, &r); err != nil {
		t.Fatal(err)
	}
	if n != 0 || r != len(cases) {
		t.Fatalf("episodes %d (want 0), refusals %d (want %d)", n, r, len(cases))
	}
}

// TestExactlyOnce publishes 10,000 turns, some twice with the same id, with
// a consumer that takes a batch and dies before acking (part of it already
// committed), and an appender stopped and restarted midway. Every expected
// turn must end up as exactly one episode.
func TestExactlyOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const total = 10000
	cons, err := lanes.EnsureConsumer(ctx, b.js, "memhive", time.Second, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !c.Atomic() {
		t.Fatal("the embedded server (2.15) takes atomic batches; the client did not detect it")
	}
	var mu sync.Mutex
	var pubErrs []error
	go func() {
		for e := range c.Errors() {
			mu.Lock()
			pubErrs = append(pubErrs, e)
			mu.Unlock()
		}
	}()
	turn := func(i int) lanes.Turn {
		tr := lanes.Turn{Session: fmt.Sprintf("s-%d", i%17), Channel: "web:chat", Audience: []string{"member:m" + fmt.Sprint(i%5)},
			Speaker: "member:m" + fmt.Sprint(i%5), Text: fmt.Sprintf("turn-%05d", i)}
		if i%3 == 0 {
			tr.ID = ulid.MustNew(uint64(1700000000000+i), bytes.NewReader(bytes.Repeat([]byte{byte(i)}, 16))).String()
		}
		return tr
	}
	for i := range total {
		tr := turn(i)
		if err := c.Publish(fmt.Sprintf("m%d", i%5), tr); err != nil {
			t.Fatal(err)
		}
		if tr.ID != "" && i%6 == 0 { // a retry with the same id
			if err := c.Publish(fmt.Sprintf("m%d", i%5), tr); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	// A consumer takes 700 messages and dies without acking; it had committed 300 of them.
	batch, err := cons.Fetch(700, jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var early []episodes.Episode
	got := 0
	for m := range batch.Messages() {
		got++
		if got > 300 {
			continue
		}
		meta, _ := m.Metadata()
		member := lanes.Subjects{}.MemberOf(m.Subject())
		tr, err := lanes.Decode(member, m.Data(), 0)
		if err != nil {
			t.Fatal(err)
		}
		id := tr.ID
		if id == "" {
			id = episodes.SeqID(meta.Timestamp, meta.Sequence.Stream)
		}
		early = append(early, episodes.Episode{Member: member, ID: id, Session: tr.Session, Channel: tr.Channel, Role: tr.Role,
			Speaker: tr.Speaker, Audience: tr.Audience, Content: tr.Text, HappenedAt: meta.Timestamp, StreamSeq: meta.Sequence.Stream})
	}
	if got != 700 {
		t.Fatalf("fetched %d, want 700", got)
	}
	if _, err := episodes.Insert(ctx, b.pool, early); err != nil {
		t.Fatal(err)
	}

	// An appender runs, is stopped midway, and another takes over.
	stop := b.runAppender(t, episodes.AppenderConfig{AckWait: episodes.Duration(time.Second), Batch: 500})
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, total/3)
	stop()
	b.runAppender(t, episodes.AppenderConfig{AckWait: episodes.Duration(time.Second), Batch: 500})
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, total)
	// Let redeliveries of the unacked batch arrive before counting for good.
	time.Sleep(2500 * time.Millisecond)

	rows, err := b.pool.Query(ctx, `SELECT content, count(*) FROM episodes GROUP BY content`)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			t.Fatal(err)
		}
		seen[s] = n
	}
	if len(seen) != total {
		t.Fatalf("%d distinct turns, want %d", len(seen), total)
	}
	for i := range total {
		if n := seen[fmt.Sprintf("turn-%05d", i)]; n != 1 {
			t.Fatalf("turn %d stored %d times", i, n)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(pubErrs) > 0 {
		t.Fatalf("publish errors: %v", pubErrs[0])
	}
}
