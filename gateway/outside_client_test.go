package gateway_test

// What an outside client (Node's MCP SDK over fetch, nats.js) sends and
// must be read the same on every surface: audience entries and a channel
// that are not ASCII, percent-encoded in the binding headers; an escape
// of half a surrogate pair; a limit of 0.

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/remember"
)

// TestBindingHeadersPercentEncoded: fetch sends a header value as Latin-1
// bytes (and throws beyond it), so a JS client percent-encodes each
// audience entry, the channel, the asker and the session with
// encodeURIComponent; BindingFromHeaders reads them back, and
// gateway.HeaderList / HeaderText write what it reads back whole.
func TestBindingHeadersPercentEncoded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name              string
		audience, channel string
		wantAud           []string
		wantChannel       string
	}{
		{"plain ASCII", "member:alice,person:bob", "web:chat", []string{"member:alice", "person:bob"}, "web:chat"},
		{"Latin-1 letter", "member:alice,person:Zo%C3%AB", "web:chat", []string{"member:alice", "person:Zoë"}, "web:chat"},
		{"beyond Latin-1", "person:%E6%9D%B1", "web:%E8%81%8A%E5%A4%A9", []string{"person:東"}, "web:聊天"},
		{"a comma inside an entry", "person:Smith%2C%20Ann,member:alice", "web:chat", []string{"member:alice", "person:Smith, Ann"}, "web:chat"},
		{"a literal percent, encoded", "group:100%25", "web:50%25", []string{"group:100%"}, "web:50%"},
		{"a percent that starts no escape", "group:100%", "web:%zz", []string{"group:100%"}, "web:%zz"},
		{"plus stays plus", "person:a+b", "web:chat", []string{"person:a+b"}, "web:chat"},
		{"an invisible entry is blank", "%E2%80%8B,member:alice", "%E2%81%A0", []string{"member:alice"}, "\u2060"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := http.Header{}
			h.Set(gateway.HeaderAudience, tc.audience)
			h.Set(gateway.HeaderChannel, tc.channel)
			h.Set(gateway.HeaderAsker, "person:Zo%C3%AB")
			h.Set(gateway.HeaderSession, "s%C3%A9ance")
			b := gateway.BindingFromHeaders(h, nil)
			if !slices.Equal(b.Audience, tc.wantAud) || b.Channel != tc.wantChannel || b.Asker != "person:Zoë" || b.Session != "séance" {
				t.Fatalf("bound %q %q %q %q", b.Audience, b.Channel, b.Asker, b.Session)
			}
			// what the Go SDK writes is read back as it was
			h.Set(gateway.HeaderAudience, gateway.HeaderList(tc.wantAud))
			h.Set(gateway.HeaderChannel, gateway.HeaderText(tc.wantChannel))
			if b := gateway.BindingFromHeaders(h, nil); !slices.Equal(b.Audience, tc.wantAud) || b.Channel != tc.wantChannel {
				t.Fatalf("round trip: %q %q, want %q %q", b.Audience, b.Channel, tc.wantAud, tc.wantChannel)
			}
		})
	}
}

// TestNonASCIIAudienceOverEverySurface: memorize over /mcp and the memory
// tools over HTTP and NATS, bound by percent-encoded headers, store and
// read "person:Zoë" and "person:東"; the Latin-1 byte fetch would send
// unencoded is still refused (it is no UTF-8), and "\u200b" alone is no
// audience.
func TestNonASCIIAudienceOverEverySurface(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc}))
	t.Cleanup(srv.Close)
	hdr := func(audience string) http.Header {
		h := http.Header{}
		h.Set(gateway.HeaderMember, "alice")
		h.Set(gateway.HeaderAudience, audience)
		h.Set(gateway.HeaderChannel, "web:%E8%81%8A")
		h.Set(gateway.HeaderTier, "1")
		return h
	}
	want := []string{"member:alice", "person:Zoë", "person:東"}

	cs := connectHTTP(t, srv.URL+"/mcp", hdr("member:alice,person:Zo%C3%AB,person:%E6%9D%B1"))
	res, text := callTool(t, cs, gateway.MemorizeTool, map[string]any{"subject": "person:Zoë", "predicate": "likes", "claim": "tea"})
	got := structured[remember.Result](t, res, text)
	if !slices.Equal(got.Audience, want) || got.Channel != "web:聊" {
		t.Fatalf("/mcp memorize stored %q on %q, want %q on web:聊", got.Audience, got.Channel, want)
	}

	listed := func(b []byte) remember.ListResult {
		t.Helper()
		var l remember.ListResult
		if err := json.Unmarshal(b, &l); err != nil {
			t.Fatalf("list: %s", b)
		}
		return l
	}
	status, b := post(t, srv.URL+"/v1/members/alice/"+gateway.ListTool, `{"subject":"person:Zoë"}`,
		gateway.HeaderAudience, "member:alice,person:Zo%C3%AB,person:%E6%9D%B1", gateway.HeaderChannel, "web:%E8%81%8A", gateway.HeaderTier, "1")
	if l := listed(b); status != 200 || l.Count != 1 || !slices.Equal(l.Memories[0].Audience, want) {
		t.Fatalf("HTTP list_memories: %d %s", status, b)
	}
	for _, tc := range []struct {
		name, audience string
		code           memhive.Code
	}{
		{"a raw Latin-1 byte", "member:alice,person:Zo\xeb", memhive.CodeInvalidText},
		{"a zero-width space alone", "%E2%80%8B", memhive.CodeMissingAudience},
	} {
		status, b := post(t, srv.URL+"/v1/members/alice/"+gateway.ListTool, `{}`,
			gateway.HeaderAudience, tc.audience, gateway.HeaderChannel, "web:chat", gateway.HeaderTier, "1")
		if status != 400 || errCode(t, b) != tc.code {
			t.Fatalf("%s: want 400 %s, got %d %s", tc.name, tc.code, status, b)
		}
	}

	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeMemoryNATS(nc, "memhive", h.svc, quiet))
	msg := nats.NewMsg("memhive.alice." + gateway.ListTool)
	msg.Data = []byte(`{"subject":"person:Zoë"}`)
	for k, v := range hdr("member:alice,person:Zo%C3%AB,person:%E6%9D%B1") {
		msg.Header.Set(k, v[0])
	}
	reply, err := nc.RequestMsg(msg, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if l := listed(reply.Data); l.Count != 1 || !slices.Equal(l.Memories[0].Audience, want) {
		t.Fatalf("NATS list_memories: %s", reply.Data)
	}
}

// TestLoneSurrogateRefusedOnEverySurface: "\ud800" is no character; the
// lane refuses it (invalid_text), and so do HTTP, MCP and NATS, with the
// same code, where encoding/json would have stored U+FFFD in its place.
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
		if status != 400 || errCode(t, b) != memhive.CodeInvalidText || !strings.Contains(string(b), sentence) {
			t.Fatalf("HTTP %s %s: %d %s", tc.route, tc.body, status, b)
		}
	}
	status, b := postTool(t, srv.URL, "alice", gateway.ProfileTool, memBob, `{"op":"append","line":"likes \ud800"}`)
	if status != 400 || errCode(t, b) != memhive.CodeInvalidText || !strings.Contains(string(b), sentence) {
		t.Fatalf("HTTP edit_profile: %d %s", status, b)
	}

	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memBob))
	for _, tool := range []string{gateway.MemorizeTool, gateway.RecallTool} {
		args := json.RawMessage(`{"note":"x \ud800"}`)
		if tool == gateway.RecallTool {
			args = json.RawMessage(`{"query":"x \udbff"}`)
		}
		res, text := callTool(t, cs, tool, args)
		if code := toolErrorCode(t, res, text); code != memhive.CodeInvalidText || !strings.Contains(text, sentence) {
			t.Fatalf("/mcp %s: %s", tool, text)
		}
	}

	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeNATS(nc, "memhive", h.rec, quiet))
	_, b = natsRecall(t, nc, "memhive.alice.recall", `{"query":"x \ud800","tier":"1","audience":["member:alice"],"channel":"web:chat"}`)
	if errCode(t, b) != memhive.CodeInvalidText || !strings.Contains(string(b), sentence) {
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
	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeNATS(nc, "memhive", h.rec, quiet))
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
