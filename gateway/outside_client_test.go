package gateway_test

// What an outside client (Node's MCP SDK over fetch, nats.js) sends and
// must be read the same on every surface: an escape of half a surrogate
// pair; a limit of 0.

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/natstest"
)

// TestLoneSurrogateRefusedOnEverySurface: "\ud800" is no character; the
// lane refuses it (invalid_text), and so do HTTP, MCP and NATS, where
// encoding/json would have stored U+FFFD in its place.
func TestLoneSurrogateRefusedOnEverySurface(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc}))
	t.Cleanup(srv.Close)
	before := h.count(t, "facts")
	const sentence = "half a UTF-16 surrogate pair"

	for _, tc := range []struct{ route, body string }{
		{"memorize", `{"note":"a \ud800 b","audience":["member:alice"],"channel":"web:chat"}`},
		{"memorize", `{"note":"a b","audience":["member:alice","person:\udc00"],"channel":"web:chat"}`},
		{"recall", `{"query":"tea \ud83d","tier":"1","audience":["member:alice"],"channel":"web:chat"}`},
	} {
		status, b := post(t, srv.URL+"/v1/members/alice/"+tc.route, tc.body)
		if status != 400 || errCode(t, b) != memhive.CodeMalformedRequest || !strings.Contains(string(b), sentence) {
			t.Fatalf("HTTP %s %s: %d %s", tc.route, tc.body, status, b)
		}
	}
	status, b := postTool(t, srv.URL, "alice", gateway.ProfileTool, memBob, `{"op":"append","line":"likes \ud800"}`)
	if status != 400 || errCode(t, b) != memhive.CodeMalformedToolCall || !strings.Contains(string(b), sentence) {
		t.Fatalf("HTTP edit_profile: %d %s", status, b)
	}

	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memBob))
	for _, tool := range []string{gateway.MemorizeTool, gateway.RecallTool} {
		args := json.RawMessage(`{"note":"x \ud800"}`)
		if tool == gateway.RecallTool {
			args = json.RawMessage(`{"query":"x \udbff"}`)
		}
		res, text := callTool(t, cs, tool, args)
		if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall || !strings.Contains(text, sentence) {
			t.Fatalf("/mcp %s: %s", tool, text)
		}
	}

	ns := natstest.Start(t)
	nc := ns.Conn(t)
	rs, err := gateway.ServeNATS(nc, "memhive", h.rec, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rs.Stop() })
	_, b = natsRecall(t, nc, "memhive.alice.recall", `{"query":"x \ud800","tier":"1","audience":["member:alice"],"channel":"web:chat"}`)
	if errCode(t, b) != memhive.CodeMalformedRequest || !strings.Contains(string(b), sentence) {
		t.Fatalf("NATS recall: %s", b)
	}
	if h.count(t, "facts") != before || h.count(t, "beliefs") != 0 {
		t.Fatal("a refused request stored something")
	}
}

// TestLimitZeroRefusedOnEverySurface: a limit is 1..100 on every surface
// (docs/surfaces.md); 0 is refused on MCP, HTTP and NATS alike, each with
// its code for a bad argument, while a limit left out is the default.
func TestLimitZeroRefusedOnEverySurface(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc,
		TierFor: func(a string) (string, bool) { return "1", a == "talky" }}))
	t.Cleanup(srv.Close)
	ns := natstest.Start(t)
	nc := ns.Conn(t)
	rs, err := gateway.ServeNATS(nc, "memhive", h.rec, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rs.Stop() })
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memBob))
	const words = "limit must be a whole number of 1 or more, not "

	for _, limit := range []string{`0`, `0.0`, `"0"`} {
		body := `{"query":"walnuts","tier":"1","audience":["member:alice","person:bob"],"channel":"web:chat","limit":` + limit + `}`
		status, b := post(t, srv.URL+"/v1/members/alice/recall", body)
		if status != 400 || errCode(t, b) != memhive.CodeMalformedRequest || !strings.Contains(string(b), words) {
			t.Errorf("HTTP limit %s: %d %s", limit, status, b)
		}
		_, b = natsRecall(t, nc, "memhive.alice.recall", body)
		if errCode(t, b) != memhive.CodeMalformedRequest || !strings.Contains(string(b), words) {
			t.Errorf("NATS limit %s: %s", limit, b)
		}
		res, text := callTool(t, cs, gateway.RecallTool, json.RawMessage(`{"query":"walnuts","limit":`+limit+`}`))
		if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall || !strings.Contains(text, "1 or more, not ") {
			t.Errorf("/mcp limit %s: %s", limit, text)
		}
	}
	// left out: the default, everywhere
	body := `{"query":"walnuts","tier":"1","audience":["member:alice","person:bob"],"channel":"web:chat"}`
	if status, b := post(t, srv.URL+"/v1/members/alice/recall", body); status != 200 {
		t.Fatalf("HTTP without a limit: %d %s", status, b)
	}
	if _, b := natsRecall(t, nc, "memhive.alice.recall", body); strings.Contains(string(b), `"error"`) {
		t.Fatalf("NATS without a limit: %s", b)
	}
	if res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "walnuts"}); res.IsError {
		t.Fatalf("/mcp without a limit: %s", text)
	}
}
