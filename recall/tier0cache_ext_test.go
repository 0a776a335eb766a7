package recall_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// Every kind of write that changes what is in force reaches the next
// tier-0 bundle of a service that keeps the member's profile lines: a
// memorize, a session close, a nightly pass and a supersession link, an
// alias and its revert. After each, the kept service answers exactly as a
// new service (nothing kept) does, and the bundle changed where the write
// changes what is in force; with no write in between, the lines are kept.
func TestTier0CacheSeesEveryWrite(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t, recall.SessionParams)
	ctx := context.Background()
	alone := []string{"member:alice"}
	at := func(d int) *time.Time { v := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC).AddDate(0, 0, d); return &v }
	memorize := func(pred, claim string, conf int, when *time.Time) string {
		t.Helper()
		res, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Subject: "member:alice", Predicate: pred, Claim: claim,
			Confidence: conf, Audience: alone, Channel: "web:chat", At: when})
		if err != nil {
			t.Fatalf("memorize %s %s: %v", pred, claim, err)
		}
		return res.ID
	}
	kept := recall.New(pool, recall.Config{}, nil, nil)
	r := recall.Request{Member: "alice", Tier: "0", Audience: alone, Channel: "web:chat", Session: "s9"}
	ask := func(step string) string {
		t.Helper()
		a, err := kept.Recall(ctx, r)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		b, err := recall.New(pool, recall.Config{}, nil, nil).Recall(ctx, r)
		if err != nil {
			t.Fatalf("%s (fresh service): %v", step, err)
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Fatalf("%s: the kept profile is stale:\n%s\n--- a new service answers:\n%s", step, a.Text, b.Text)
		}
		return a.Text
	}
	has := func(step, text string, want []string, not []string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Fatalf("%s: no %q in:\n%s", step, w, text)
			}
		}
		for _, w := range not {
			if strings.Contains(text, w) {
				t.Fatalf("%s: %q still in:\n%s", step, w, text)
			}
		}
	}

	memorize("lives_in", "Lisbon", 0, at(0))
	text := ask("first")
	has("first", text, []string{"lives in Lisbon"}, nil)
	h0, _ := kept.Tier0CacheStats()
	if again := ask("again"); again != text {
		t.Fatalf("no write, yet the bundle changed:\n%s\n---\n%s", text, again)
	}
	if h, _ := kept.Tier0CacheStats(); h != h0+1 {
		t.Fatalf("a call with no write in between did not use the kept lines (hits %d → %d)", h0, h)
	}

	// a memorize
	memorize("likes", "green tea", 0, at(1))
	text = ask("memorize")
	has("memorize", text, []string{"likes green tea", "lives in Lisbon"}, nil)

	// a close: the session's turns become facts about the member
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', 'E00000000000000000000000001', 's1', 'web:chat', 'user', 'member:alice', $1, 'My manager is Dave Chen.', $2)`,
		alone, *at(2)); err != nil {
		t.Fatal(err)
	}
	if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil); err != nil {
		t.Fatal(err)
	}
	text = ask("close")
	has("close", text, []string{"has Dave Chen as manager"}, nil)

	// a statement too weak to replace Lisbon on its own ...
	porto := memorize("lives_in", "Porto", 30, at(3))
	text = ask("weak statement")
	has("weak statement", text, []string{"lives in Lisbon"}, []string{"lives in Porto"})
	// ... a nightly pass (the rule agrees: nothing changes, but what it
	// writes is seen) ...
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "n1", Force: true}); err != nil {
		t.Fatal(err)
	}
	ask("nightly")
	// ... and a supersession link (update_memory's and the nightly pass's
	// record link) makes it the version in force
	if _, err := pool.Exec(ctx, `UPDATE facts SET superseded_by = $1, expired_at = clock_timestamp()
		WHERE member_id = 'alice' AND predicate_canon = 'lives_in' AND claim = 'Lisbon'`, porto); err != nil {
		t.Fatal(err)
	}
	text = ask("supersession")
	has("supersession", text, []string{"lives in Porto"}, []string{"lives in Lisbon"})

	// an alias puts resides_in on lives_in's axis: Braga, said later by
	// the same speaker, replaces Porto; its revert brings Porto back
	memorize("resides_in", "Braga", 90, at(4))
	text = ask("second axis")
	has("second axis", text, []string{"lives in Porto", "Braga"}, nil)
	if _, err := pool.Exec(ctx, `INSERT INTO aliases (member_id, id, dimension, alias, canonical, decided_by)
		VALUES ('alice', 'al1', 'predicate', 'resides_in', 'lives_in', 'test')`); err != nil {
		t.Fatal(err)
	}
	text = ask("alias")
	has("alias", text, []string{"Braga"}, []string{"lives in Porto"})
	if _, err := nightly.RevertAlias(ctx, pool, "alice", "al1"); err != nil {
		t.Fatal(err)
	}
	text = ask("alias revert")
	has("alias revert", text, []string{"lives in Porto", "Braga"}, nil)

	// a belief written, then put aside: the profile's written lines follow
	if _, err := pool.Exec(ctx, `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience, pinned)
		VALUES ('alice', 'b1', 'member:alice', 'prefers mornings for calls', 'web:chat', $1, true)`, alone); err != nil {
		t.Fatal(err)
	}
	text = ask("belief")
	has("belief", text, []string{"prefers mornings for calls", "lives in Porto"}, nil)
	if again := ask("belief again"); again != text {
		t.Fatalf("no write, yet the bundle changed:\n%s\n---\n%s", text, again)
	}
	if _, err := pool.Exec(ctx, `UPDATE beliefs SET active = false WHERE member_id = 'alice' AND id = 'b1'`); err != nil {
		t.Fatal(err)
	}
	text = ask("belief put aside")
	has("belief put aside", text, []string{"lives in Porto"}, []string{"prefers mornings for calls"})
}
