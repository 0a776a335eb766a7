package episodes_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// poison is a turn the hive must refuse and keep as a refusal.
type poison struct {
	name    string
	subject string // the lane subject, as published
	payload []byte
	code    memhive.Code
}

func poisons(t *testing.T) []poison {
	t.Helper()
	junk := make([]byte, 2100)
	if _, err := rand.Read(junk); err != nil {
		t.Fatal(err)
	}
	incompressible := base64.StdEncoding.EncodeToString(junk)[:2700]
	turn := func(fields string) []byte {
		return []byte(`{` + fields + `}`)
	}
	base := `"channel":"web:chat","audience":["member:alice"],"speaker":"member:alice"`
	return []poison{
		{"nul in text", "memhive.alice.episode", turn(base + `,"text":"a\u0000b"`), memhive.CodeInvalidText},
		{"nul in channel", "memhive.alice.episode", turn(`"channel":"web\u0000chat","audience":["member:alice"],"speaker":"member:alice","text":"t"`), memhive.CodeInvalidText},
		{"nul in speaker", "memhive.alice.episode", turn(`"channel":"c","audience":["member:alice"],"speaker":"member:\u0000","text":"t"`), memhive.CodeInvalidText},
		{"nul in session", "memhive.alice.episode", turn(base + `,"session":"s\u0000","text":"t"`), memhive.CodeInvalidText},
		{"nul in ref", "memhive.alice.episode", turn(base + `,"ref":"r\u0000","text":"t"`), memhive.CodeInvalidText},
		{"nul in audience", "memhive.alice.episode", turn(`"channel":"c","audience":["member:\u0000"],"speaker":"member:alice","text":"t"`), memhive.CodeInvalidText},
		// a control character in a field whose value means something else
		// too (a role, a ULID, a time, the lane's member) is invalid_text
		// like any other's, and a session of one is not taken for blank
		{"nul in role", "memhive.alice.episode", turn(base + `,"role":"user\u0000","text":"t"`), memhive.CodeInvalidText},
		{"escape in id", "memhive.alice.episode", turn(base + `,"id":"\u001b[2J","text":"t"`), memhive.CodeInvalidText},
		{"nul in at", "memhive.alice.episode", turn(base + `,"at":"2026-11-30T10:00:00Z\u0000","text":"t"`), memhive.CodeInvalidText},
		{"nul in member", "memhive.alice.episode", turn(base + `,"member":"alice\u0000","text":"t"`), memhive.CodeInvalidText},
		{"vertical tab as session", "memhive.alice.episode", turn(base + `,"session":"\u000b","text":"t"`), memhive.CodeInvalidText},
		{"unit separator in audience", "memhive.bob.episode", turn(`"channel":"c","audience":["person:bob\u001f*"],"speaker":"member:bob","text":"t"`), memhive.CodeInvalidText},
		{"incompressible channel", "memhive.bob.episode", turn(`"channel":"` + incompressible + `","audience":["member:bob"],"speaker":"member:bob","text":"t"`), memhive.CodeFieldTooLong},
		{"invalid utf-8 payload", "memhive.bob.episode", []byte("{\"channel\":\"c\",\"audience\":[\"a\"],\"speaker\":\"s\",\"text\":\"\xff\xfe\"}"), memhive.CodeInvalidText},
		{"invalid utf-8 subject token", "memhive.al\xffce.episode", turn(base + `,"text":"t"`), memhive.CodeInvalidMember},
		{"control character in subject token", "memhive.al\x01ce.episode", turn(base + `,"text":"t"`), memhive.CodeInvalidMember},
		{"long subject token", "memhive." + strings.Repeat("m", 3000) + ".episode", turn(base + `,"text":"t"`), memhive.CodeInvalidMember},
		// The decoder cannot know this one: the test's database refuses it
		// (a CHECK added below), so the appender's second line of defence
		// must isolate it and keep it as a store_refused refusal.
		{"store refuses the row", "memhive.carol.episode", turn(`"channel":"c","audience":["member:carol"],"speaker":"member:carol","text":"db-poison"`), memhive.CodeStoreRefused},
	}
}

// TestPoisonTurnsNeverHoldGoodOnes mixes every poison input, several times
// over, into 10,000 good turns from several members published through the
// real stream: every good turn is stored exactly once, every poison turn is
// a stored refusal with its raw bytes, and nothing is delivered twice.
func TestPoisonTurnsNeverHoldGoodOnes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	// A refusal only the store knows: the decoder lets "db-poison" through.
	if _, err := b.pool.Exec(ctx, `ALTER TABLE episodes ADD CONSTRAINT test_no_db_poison CHECK (content <> 'db-poison')`); err != nil {
		t.Fatal(err)
	}
	const good, members = 10000, 7
	ps := poisons(t)
	const rounds = 3 // each poison goes in three times, at different places

	c, err := lanes.NewClient(ctx, b.nc, lanes.ClientOptions{ListenRefusals: new(bool)})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var mu sync.Mutex
	var pubErrs []error
	go func() {
		for e := range c.Errors() {
			mu.Lock()
			pubErrs = append(pubErrs, e)
			mu.Unlock()
		}
	}()
	var wantRaw [][]byte
	for i := range good {
		m := fmt.Sprintf("m%d", i%members)
		tr := lanes.Turn{Session: fmt.Sprintf("s-%d", i%13), Channel: "web:chat", Audience: []string{"member:" + m},
			Speaker: "member:" + m, Text: fmt.Sprintf("good-%05d", i)}
		if err := c.Publish(m, tr); err != nil {
			t.Fatal(err)
		}
		if i%(good/(rounds*len(ps))+1) == 0 && len(wantRaw) < rounds*len(ps) {
			p := ps[len(wantRaw)%len(ps)]
			member := lanes.Subjects{}.MemberOf(p.subject)
			if memhive.ValidMember(member) {
				if err := c.PublishRaw(member, nil, p.payload); err != nil {
					t.Fatal(err)
				}
			} else { // raw NATS for the subjects the client (rightly) will not publish to
				msg := nats.NewMsg(p.subject)
				msg.Data = p.payload
				if _, err := b.js.PublishMsg(ctx, msg); err != nil {
					t.Fatalf("%s: %v", p.name, err)
				}
			}
			wantRaw = append(wantRaw, p.payload)
		}
	}
	if len(wantRaw) != rounds*len(ps) {
		t.Fatalf("published %d poison turns, want %d", len(wantRaw), rounds*len(ps))
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	a, _ := b.startAppender(t, episodes.AppenderConfig{Batch: 500})
	waitCount(t, b.pool, `SELECT count(*) FROM refusals`, len(wantRaw))
	waitCount(t, b.pool, `SELECT count(*) FROM episodes`, good)
	// Let anything that would be redelivered arrive before counting for good.
	cons, err := b.js.Consumer(ctx, lanes.EpisodeStream, lanes.AppenderDurable)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		info, err := cons.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if info.NumPending == 0 && info.NumAckPending == 0 {
			if info.NumRedelivered != 0 {
				t.Fatalf("consumer redelivered %d messages; want none", info.NumRedelivered)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("consumer still has %d pending, %d unacknowledged", info.NumPending, info.NumAckPending)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// Every good turn exactly once.
	var n, distinct int
	if err := b.pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT content) FROM episodes WHERE content LIKE 'good-%'`).Scan(&n, &distinct); err != nil {
		t.Fatal(err)
	}
	if n != good || distinct != good {
		t.Fatalf("good turns: %d rows, %d distinct; want %d each", n, distinct, good)
	}
	var other int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE content NOT LIKE 'good-%'`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	if other != 0 {
		t.Fatalf("%d poison turns were stored as episodes", other)
	}
	// Every poison turn a refusal with its raw bytes and its code.
	rs, err := episodes.Refusals(ctx, b.pool, "", 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(wantRaw) {
		t.Fatalf("%d refusals, want %d", len(rs), len(wantRaw))
	}
	for i, p := range wantRaw {
		want := ps[i%len(ps)]
		found := 0
		for _, r := range rs {
			if bytes.Equal(r.Raw, p) && r.Code == string(want.code) {
				found++
			}
		}
		// Identical payloads (same poison, several rounds) share a match.
		if found < 1 {
			t.Errorf("%s: no refusal with its raw bytes and code %s", want.name, want.code)
		}
	}
	codes := map[string]int{}
	for _, r := range rs {
		codes[r.Code]++
	}
	for _, p := range ps {
		if codes[string(p.code)] == 0 {
			t.Errorf("no refusal with code %s", p.code)
		}
	}
	if codes[string(memhive.CodeStoreRefused)] != rounds {
		t.Errorf("store_refused refusals: %d, want %d", codes[string(memhive.CodeStoreRefused)], rounds)
	}
	if got := a.Stats.Isolated.Load(); got == 0 {
		t.Errorf("no batch was isolated, yet the store refused %d rows", rounds)
	}
	if got := a.Stats.Redelivered.Load(); got != 0 {
		t.Errorf("appender saw %d redelivered messages, want 0", got)
	}
	if got := a.Stats.Failures.Load() + a.Stats.DeadLetters.Load(); got != 0 {
		t.Errorf("failures + dead letters = %d, want 0", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(pubErrs) > 0 {
		t.Fatalf("publish errors: %v", pubErrs[0])
	}
}
