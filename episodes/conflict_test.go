package episodes_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

// A turn whose id already names a different turn of the member (a client
// that reuses ids) is not dropped as a duplicate: the first stands and the
// second is kept as an id_conflict refusal, announced on the reject
// subject. The same turn published again (a retry) stays a duplicate. Both
// are tried across batches (the row exists) and inside one batch.
func TestIDConflictIsRefusedNotDropped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	rejects := make(chan *nats.Msg, 16)
	sub, err := b.nc.ChanSubscribe("memhive.*.reject", rejects)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()

	// raw publishes, each with its own Nats-Msg-Id, so the stream's own
	// deduplication does not hide the repeats from the appender
	publish := func(member, id, text, speaker string) {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"id": id, "session": "s-1", "channel": "web:chat",
			"audience": []string{"member:" + member}, "speaker": speaker, "text": text, "at": "2026-01-02T10:00:00Z"})
		if _, err := b.js.PublishMsg(ctx, &nats.Msg{Subject: "memhive." + member + ".episode", Data: body}); err != nil {
			t.Fatal(err)
		}
	}
	id1, id2, id3 := lanes.NewID(), lanes.NewID(), lanes.NewID()

	// across batches: the row is written first
	a, stop := b.startAppender(t, episodes.AppenderConfig{})
	publish("alice", id1, "I moved to Lisbon", "member:alice")
	publish("carol", id3, "I play the cello", "member:carol")
	waitCount(t, b.pool, `SELECT count(*) FROM episodes WHERE member_id IN ('alice', 'carol')`, 2)
	publish("alice", id1, "I moved to Lisbon", "member:alice")    // a retry
	publish("alice", id1, "I moved to Porto", "member:alice")     // another turn under the same id
	publish("alice", id1, "I moved to Lisbon", "assistant:talky") // another speaker
	waitCount(t, b.pool, `SELECT count(*) FROM refusals WHERE member_id = 'alice'`, 2)
	stop()

	// inside one batch: published before the appender runs
	publish("bob", id2, "We adopted a cat", "member:bob")
	publish("bob", id2, "We adopted a cat", "member:bob")
	publish("bob", id2, "We adopted a dog", "member:bob")
	// a conflict, then a retry of the stored turn, in one batch: the
	// retry is compared with the stored row, not with the conflict
	publish("carol", id3, "I play the violin", "member:carol")
	publish("carol", id3, "I play the cello", "member:carol")
	a2, stop2 := b.startAppender(t, episodes.AppenderConfig{})
	defer stop2()
	waitCount(t, b.pool, `SELECT count(*) FROM refusals WHERE member_id IN ('bob', 'carol')`, 2)

	for member, want := range map[string]string{"alice": "I moved to Lisbon", "bob": "We adopted a cat", "carol": "I play the cello"} {
		var n int
		var text string
		if err := b.pool.QueryRow(ctx, `SELECT count(*), min(content) FROM episodes WHERE member_id = $1`, member).Scan(&n, &text); err != nil {
			t.Fatal(err)
		}
		if n != 1 || text != want {
			t.Fatalf("%s: %d rows, %q; want the first turn alone", member, n, text)
		}
	}
	rows, err := b.pool.Query(ctx, `SELECT member_id, code, convert_from(raw, 'UTF8') FROM refusals ORDER BY member_id, raw`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var m, code, raw string
		if err := rows.Scan(&m, &code, &raw); err != nil {
			t.Fatal(err)
		}
		if code != string(memhive.CodeIDConflict) {
			t.Fatalf("refusal of %s: code %s", m, code)
		}
		got = append(got, m+": "+raw)
	}
	if len(got) != 4 || !strings.Contains(got[3], "violin") {
		t.Fatalf("refusals %q, want the two other alice turns, bob's dog and carol's violin", got)
	}
	if a.Stats.Duplicates.Load() != 1 || a.Stats.Refused.Load() != 2 || a2.Stats.Duplicates.Load() != 2 || a2.Stats.Refused.Load() != 2 {
		t.Fatalf("stats: duplicates %d/%d, refused %d/%d", a.Stats.Duplicates.Load(), a2.Stats.Duplicates.Load(), a.Stats.Refused.Load(), a2.Stats.Refused.Load())
	}
	deadline := time.After(10 * time.Second)
	for seen := 0; seen < 4; seen++ {
		select {
		case m := <-rejects:
			var r struct {
				Error struct{ Code string } `json:"error"`
				ID    string                `json:"id"`
			}
			if err := json.Unmarshal(m.Data, &r); err != nil || r.Error.Code != string(memhive.CodeIDConflict) || (r.ID != id1 && r.ID != id2 && r.ID != id3) {
				t.Fatalf("announcement %s (%v)", m.Data, err)
			}
		case <-deadline:
			t.Fatalf("%d of 4 conflicts announced", seen)
		}
	}
}
