package gateway_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
	"github.com/memhive/memhive/synth"
	"github.com/memhive/memhive/templates"
)

// TestScopeHidesChannelEverywhere is issue 12's must-show 2 on the read
// surfaces: an assistant whose template excludes a channel (and a
// replacement whose template only names it as its base) never sees that
// channel's rows, on tier 0, tier 1, tier 2 (the rows sent to the model),
// list_memories, review_memories or update_memory, while an assistant with no scope, in the same
// conversation, sees them.
func TestScopeHidesChannelEverywhere(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	scopes, err := templates.Scopes(map[string]templates.Assistant{
		"wide":   {Name: "wide", MemoryTier: "1"},
		"narrow": {Name: "narrow", MemoryTier: "1", Scope: &gate.Scope{ExcludeChannels: []string{"telegram:dm"}}},
		"heir":   {Name: "heir", MemoryTier: "1", Base: "narrow"},
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := recall.New(pool, recall.Config{}, nil, nil)
	rec.Scopes = scopes
	keeper := remember.New(pool, remember.WithScopes(scopes))

	aud := []string{"member:alice"}
	when := time.Date(2024, 5, 2, 9, 0, 0, 0, time.UTC)
	hidden := map[string]bool{}      // ids of the telegram rows
	hiddenFacts := map[string]bool{} // the facts among them
	shown := map[string]bool{}
	fact := func(channel, speaker, pred, claim, kind string) {
		f := facts.Fact{Member: "alice", Subject: "member:alice", Predicate: pred, Claim: claim, Kind: kind, Channel: channel,
			Audience: aud, Speaker: speaker, ValidFrom: when, Origin: "memorize"}
		if _, id, err := facts.Insert(ctx, pool, &f); err != nil {
			t.Fatal(err)
		} else if channel == "telegram:dm" {
			hidden[id], hiddenFacts[id] = true, true
		} else {
			shown[id] = true
		}
	}
	fact("web:chat", "member:alice", "lives_in", "Berlin", "")
	fact("telegram:dm", "person:bob", "lives_in", "Lisbon", "") // a contradiction review_memories reports only with both visible
	fact("telegram:dm", "member:alice", "plans", "kayak trip to Norway", facts.Foresight)
	fact("web:chat", "member:alice", "likes", "kayak racing", "")
	for i, ch := range []string{"web:chat", "telegram:dm"} {
		var id string
		if err := pool.QueryRow(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $1, 'default', $2, 'user', 'member:alice', $3, 'I bought a new kayak paddle', $4) RETURNING id`,
			[]string{"01HZEP000000000000000000W1", "01HZEP000000000000000000T1"}[i], ch, aud, when).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if err := pool.QueryRow(ctx, `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience)
			VALUES ('alice', $1, 'member:alice', $2, $3, $4) RETURNING id`, "belief-"+ch, "paddles a kayak on "+ch, ch, aud).Scan(new(string)); err != nil {
			t.Fatal(err)
		}
		if ch == "telegram:dm" {
			hidden[id], hidden["belief-"+ch] = true, true
		} else {
			shown[id], shown["belief-"+ch] = true, true
		}
	}

	// seen is every id a read by assistant a shows, per surface.
	seen := func(t *testing.T, a string, channel string) map[string]map[string]bool {
		t.Helper()
		b := gateway.Binding{Member: "alice", Audience: aud, Channel: channel, Assistant: a, Tier: "1"}
		out := map[string]map[string]bool{}
		for _, tier := range []string{"0", "1"} {
			b.Tier = tier
			req, err := b.RecallRequest(json.RawMessage(`{"query": "kayak Berlin Lisbon"}`))
			if err != nil {
				t.Fatal(err)
			}
			ans, err := rec.Recall(ctx, req)
			if err != nil {
				t.Fatalf("tier %s: %v", tier, err)
			}
			out["tier"+tier] = map[string]bool{}
			for _, it := range ans.Items {
				out["tier"+tier][it.ID] = true
			}
		}
		// Tier 2: what reaches the model is what the reader may read.
		srv := modeltest.New(t, modeltest.Response{Repeat: true, Content: `{"answer":"The memory does not contain this.","gap":"everything","sources":[],"confidence":0}`})
		client, err := model.New(model.Config{URL: srv.URL, Model: "test-model"})
		if err != nil {
			t.Fatal(err)
		}
		rec.Synth = synth.New(client, nil, synth.Config{})
		b.Tier = "2"
		req, err := b.RecallRequest(json.RawMessage(`{"query": "kayak Berlin Lisbon"}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Recall(ctx, req); err != nil {
			t.Fatalf("tier 2: %v", err)
		}
		rec.Synth = nil
		out["tier2_model"] = map[string]bool{}
		for _, r := range srv.Requests() {
			for id := range hidden {
				if strings.Contains(string(r.Body), id) {
					out["tier2_model"][id] = true
				}
			}
		}
		b.Tier = "1"
		res, _, err := b.CallMemoryTool(ctx, keeper, "list_memories", json.RawMessage(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		out["list_memories"] = map[string]bool{}
		for _, r := range res.(*remember.ListResult).Memories {
			out["list_memories"][r.ID] = true
		}
		rep, _, err := b.CallMemoryTool(ctx, keeper, "review_memories", json.RawMessage(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		out["review_memories"] = map[string]bool{}
		raw, _ := json.Marshal(rep)
		for id := range hidden {
			if strings.Contains(string(raw), id) {
				out["review_memories"][id] = true
			}
		}
		out["update_memory"] = map[string]bool{}
		for id := range hiddenFacts {
			_, _, err := b.CallMemoryTool(ctx, keeper, "update_memory", json.RawMessage(`{"id": "`+id+`", "claim": "unchanged"}`))
			switch {
			case err == nil:
				out["update_memory"][id] = true
			case memhive.CodeOf(err) == memhive.CodeNotFound:
			default:
				t.Fatalf("update_memory %s: %v", id, err)
			}
		}
		return out
	}

	// The scoped readers first: update_memory on a row they can see would
	// write a new version.
	for _, a := range []string{"narrow", "heir"} {
		for _, channel := range []string{"web:chat", "telegram:dm"} {
			got := seen(t, a, channel)
			for surface, ids := range got {
				for id := range ids {
					if hidden[id] {
						t.Errorf("assistant %s reading on %s: %s shows %s, a row of the excluded channel", a, channel, surface, id)
					}
				}
			}
		}
	}
	// The unscoped reader sees the telegram rows on the read surfaces (so
	// the hiding above is the scope's doing, not the gate's or the query's).
	got := seen(t, "wide", "telegram:dm")
	for _, surface := range []string{"tier0", "tier1", "tier2_model", "list_memories", "review_memories"} {
		n := 0
		for id := range got[surface] {
			if hidden[id] {
				n++
			}
		}
		if n == 0 {
			t.Errorf("assistant wide: %s shows none of the telegram rows (%v)", surface, got[surface])
		}
	}
	if len(got["update_memory"]) == 0 {
		t.Error("assistant wide could update none of the telegram facts")
	}
}
