package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// TestLongNoteRecalledOnHTTPAndMCP: a note of 10 KB (memorize takes 16 KiB)
// is over the recall budget by itself (2000 tokens) and over MCP's 8000
// bytes of structured items; memory_recall dropped it ("(1 item dropped to
// fit the budget of 2000 tokens)", no item) and list_memories' structured
// result left it out (no memory, capped). Now it comes back cut, with a
// visible marker: in the text within the budget, in MCP's structured items
// and list within the cap, and whole in HTTP's items.
func TestLongNoteRecalledOnHTTPAndMCP(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc, Keeper: h.svc}))
	t.Cleanup(srv.Close)
	var b strings.Builder
	for i := 1; b.Len() < 10_000; i++ {
		fmt.Fprintf(&b, "Day %d: the wombat dug a new burrow under the old gum tree near the creek, and I counted %d scratches on the fence. ", i, i*7)
	}
	note := strings.TrimSpace(b.String())
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memBob))
	res, text := callTool(t, cs, gateway.MemorizeTool, map[string]any{"note": note})
	stored := structured[remember.Result](t, res, text)

	within := func(surface, text string) {
		t.Helper()
		n, err := recall.CountTokens(text)
		if err != nil || n > 2000 || !strings.Contains(text, note[:300]) || strings.Contains(text, "dropped") ||
			!strings.Contains(text, "… [cut to fit the budget of 2000 tokens: ") {
			t.Fatalf("%s: %d tokens (%v):\n%.300s\n…\n%s", surface, n, err, text, text[max(0, len(text)-300):])
		}
	}

	// MCP memory_recall: the text, and the structured item cut to the cap
	res, text = callTool(t, cs, gateway.RecallTool, map[string]any{"query": "wombat"})
	within("MCP text", text)
	ans := structured[recall.Answer](t, res, text)
	items, _ := json.Marshal(ans.Items)
	if len(ans.Items) != 1 || ans.Items[0].ID != stored.ID || ans.Dropped != 0 || !ans.Capped || len(items) > gateway.DefaultMaxChars ||
		!strings.Contains(ans.Items[0].Text, note[:300]) || !strings.HasSuffix(ans.Items[0].Text, fmt.Sprintf(" of %d characters shown]", len("assistant:talky note "+note))) {
		t.Fatalf("MCP structured: %d items, dropped %d, capped %v, %d bytes of items: %.300s", len(ans.Items), ans.Dropped, ans.Capped, len(items), items)
	}

	// MCP list_memories: the note among the memories, its claim cut to the
	// room the two short ones leave
	res, text = callTool(t, cs, gateway.ListTool, map[string]any{})
	list := structured[remember.ListResult](t, res, text)
	raw, _ := json.Marshal(res.StructuredContent)
	var found *string
	for i := range list.Memories {
		if list.Memories[i].ID == stored.ID {
			found = &list.Memories[i].Claim
		}
	}
	if found == nil || len(list.Memories) != list.Count || !list.Capped || list.More || len(raw) > gateway.DefaultMaxChars || !strings.HasPrefix(*found, note[:300]) ||
		!strings.Contains(*found, " characters shown]") || !strings.Contains(text, stored.ID) {
		t.Fatalf("MCP list: %d memories of %d, capped %v, more %v, %d bytes: %.400s", len(list.Memories), list.Count, list.Capped, list.More, len(raw), raw)
	}

	// HTTP recall: the text cut within the budget, the item whole
	status, body := post(t, srv.URL+"/v1/members/alice/recall",
		`{"query":"wombat","tier":"1","audience":["member:alice","person:bob"],"channel":"web:chat"}`)
	var got recall.Answer
	if err := json.Unmarshal(body, &got); err != nil || status != 200 {
		t.Fatalf("HTTP recall: %d %.300s", status, body)
	}
	within("HTTP text", got.Text)
	if len(got.Items) != 1 || got.Items[0].ID != stored.ID || !strings.HasSuffix(got.Items[0].Text, " "+note) || got.Dropped != 0 {
		t.Fatalf("HTTP items: %d, dropped %d", len(got.Items), got.Dropped)
	}
	// the same record and budget, the same bytes
	_, again := post(t, srv.URL+"/v1/members/alice/recall",
		`{"query":"wombat","tier":"1","audience":["member:alice","person:bob"],"channel":"web:chat"}`)
	var second recall.Answer
	if err := json.Unmarshal(again, &second); err != nil || second.Text != got.Text {
		t.Fatalf("HTTP recall twice: not the same text (%v)", err)
	}

	// a smaller cap, and a short memory beside the note: the short one is
	// kept whole wherever it ranks, the note cut to the room it leaves
	short, err := h.svc.Memorize(context.Background(), remember.Request{Member: "alice", Subject: "person:bob", Predicate: "likes",
		Claim: "wombats", Audience: memBob.Audience, Channel: "web:chat"})
	if err != nil {
		t.Fatal(err)
	}
	small := connectIO(t, gateway.NewMCPServer(h.rec, h.svc, memBob, quiet, gateway.WithMaxChars(3000)))
	res, text = callTool(t, small, gateway.RecallTool, map[string]any{"query": "wombat"})
	ans = structured[recall.Answer](t, res, text)
	items, _ = json.Marshal(ans.Items)
	ids := map[string]string{}
	for _, it := range ans.Items {
		ids[it.ID] = it.Text
	}
	if len(ans.Items) != 2 || !strings.HasSuffix(ids[short.ID], "wombats") || !strings.Contains(ids[stored.ID], " characters shown]") ||
		len(items) > 3000 || len(items) < 2800 || !ans.Capped {
		t.Fatalf("MCP structured at 3000: %d items, capped %v, %d bytes: %s", len(ans.Items), ans.Capped, len(items), items)
	}
}
