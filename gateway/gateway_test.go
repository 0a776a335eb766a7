package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/logbuf"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// quiet keeps the servers' logs out of the test output.
var quiet = slog.New(slog.DiscardHandler)

// The HTTP surfaces' keys in these tests: testKey is assistant talky's for
// alice and bob (post and connectHTTP send it unless told otherwise),
// opKey an operator's.
var (
	testKeys = apikey.NewMemory()
	testKey  = testKeys.MustCreate(apikey.Spec{Members: []string{"alice", "bob"}, Assistant: "talky"})
	opKey    = testKeys.MustCreate(apikey.Spec{Kind: apikey.KindOperator})
)

// echo is a Recaller that answers with the request it was given, so a test
// can see exactly what each surface bound. It stands in for the read path,
// not for Postgres or NATS.
type echo struct{}

func (echo) Recall(_ context.Context, req recall.Request) (*recall.Answer, error) {
	if err := recall.Validate(req); err != nil {
		return nil, err
	}
	b, _ := json.Marshal(req)
	text := "ECHO " + string(b)
	if n, ok := strings.CutPrefix(req.Query, "long:"); ok {
		text = strings.Repeat("line of memory é\n", len(n)*100)
	}
	return &recall.Answer{Tier: 1, AsOf: "2024-01-01T00:00:00Z", Text: text,
		Items:      []recall.Item{{Kind: "episode", ID: "E1", Text: string(b)}},
		Diagnostic: json.RawMessage(`{"legs":{}}`)}, nil
}

// echoed reads back the request an echo answer carries.
func echoed(t *testing.T, ans *recall.Answer) recall.Request {
	t.Helper()
	var req recall.Request
	if err := json.Unmarshal([]byte(strings.TrimPrefix(ans.Text, "ECHO ")), &req); err != nil {
		t.Fatalf("not an echo answer: %q", ans.Text)
	}
	return req
}

// note is a Memorizer that keeps requests in memory (again standing in for
// the ingress, which has its own tests on Postgres).
type note struct{ got []remember.Request }

func (n *note) Memorize(_ context.Context, req remember.Request) (*remember.Result, error) {
	if _, err := remember.Fact(req, time.Now()); err != nil {
		return nil, err
	}
	n.got = append(n.got, req)
	return &remember.Result{ID: "F1", Inserted: true}, nil
}

var alice = gateway.Binding{Member: "alice", Audience: []string{"member:alice", "person:bob"}, Channel: "web:chat",
	Asker: "assistant:talky", Assistant: "talky", Tier: "1", Session: "s-1"}

func TestRecallRequestFromBinding(t *testing.T) {
	t.Parallel()
	req, err := alice.RecallRequest(json.RawMessage(`{"query":"where does bob live","window_from":"2024-05-01T00:00:00Z","window_to":"2024-05-31T00:00:00Z","limit":5}`))
	if err != nil {
		t.Fatal(err)
	}
	if req.Member != "alice" || req.Channel != "web:chat" || req.Asker != "assistant:talky" || req.Tier != "1" ||
		req.Session != "s-1" || len(req.Audience) != 2 || req.Limit != 5 || req.WindowFrom == nil || req.WindowTo == nil ||
		req.Query != "where does bob live" || !req.Fresh { // a tool call reads the turns sent before it
		t.Fatalf("request %+v", req)
	}
}

// A limit is read as clients send it (SPEC §11): 5, 5.0 (JSON Schema's
// "integer") or "5"; absent is the default (0 here).
func TestRecallArgsLimitAsClientsSendIt(t *testing.T) {
	t.Parallel()
	for args, want := range map[string]int{
		`{"query":"q","limit":5}`: 5, `{"query":"q","limit":5.0}`: 5, `{"query":"q","limit":" 5 "}`: 5,
		`{"query":"q","limit":null}`: 0, `{"query":"q"}`: 0,
	} {
		req, err := alice.RecallRequest(json.RawMessage(args))
		if err != nil || req.Limit != want {
			t.Errorf("%s: limit %d, %v; want %d", args, req.Limit, err, want)
		}
	}
}

func TestToolCallRefusals(t *testing.T) {
	t.Parallel()
	noTier := alice
	noTier.Tier = ""
	noAud := alice
	noAud.Audience = []string{" "}
	noChan := alice
	noChan.Channel = ""
	badMember := alice
	badMember.Member = "../etc"
	for _, tc := range []struct {
		name string
		b    gateway.Binding
		args string
		code memhive.Code
	}{
		// The model cannot say who is listening, who is asking, or whose memory it is.
		{"audience arg", alice, `{"query":"q","audience":["*"]}`, memhive.CodeMalformedToolCall},
		{"member arg", alice, `{"query":"q","member":"bob"}`, memhive.CodeMalformedToolCall},
		{"channel arg", alice, `{"query":"q","channel":"slack:#all"}`, memhive.CodeMalformedToolCall},
		{"tier arg", alice, `{"query":"q","tier":"2"}`, memhive.CodeMalformedToolCall},
		{"asker arg", alice, `{"query":"q","asker":"member:alice"}`, memhive.CodeMalformedToolCall},
		{"no query", alice, `{}`, memhive.CodeMalformedToolCall},
		{"blank query", alice, `{"query":"  "}`, memhive.CodeMalformedToolCall},
		{"query not a string", alice, `{"query":42}`, memhive.CodeMalformedToolCall},
		{"not an object", alice, `["q"]`, memhive.CodeMalformedToolCall},
		{"query twice", alice, `{"query":"q","Query":"other"}`, memhive.CodeMalformedToolCall},
		{"bad window", alice, `{"query":"q","window_from":"May 1st","window_to":"2024-05-31T00:00:00Z"}`, memhive.CodeMalformedToolCall},
		{"limit too big", alice, `{"query":"q","limit":1000}`, memhive.CodeMalformedToolCall},
		{"limit zero", alice, `{"query":"q","limit":0}`, memhive.CodeMalformedToolCall},
		{"limit fraction", alice, `{"query":"q","limit":2.5}`, memhive.CodeMalformedToolCall},
		{"limit negative", alice, `{"query":"q","limit":"-3"}`, memhive.CodeMalformedToolCall},
		{"half-open window", alice, `{"query":"q","window_from":"2024-05-01T00:00:00Z"}`, memhive.CodeHalfOpenWindow},
		{"no tier", noTier, `{"query":"q"}`, memhive.CodeMemoryNotConfigured},
		{"no tier beats bad args", noTier, `{"audience":["*"]}`, memhive.CodeMemoryNotConfigured},
		{"no audience", noAud, `{"query":"q"}`, memhive.CodeMissingAudience},
		{"no channel", noChan, `{"query":"q"}`, memhive.CodeMissingChannel},
		{"bad member", badMember, `{"query":"q"}`, memhive.CodeInvalidMember},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.b.RecallRequest(json.RawMessage(tc.args))
			var e *memhive.Error
			if !errors.As(err, &e) || e.Code != tc.code || len(e.Message) < 10 {
				t.Fatalf("want %s with a sentence, got %v", tc.code, err)
			}
			if strings.Contains(e.Message, "Go ") || strings.Contains(e.Message, "unmarshal") || strings.Contains(e.Message, "gateway.") {
				t.Fatalf("Go's words in %q", e.Message)
			}
		})
	}
}

func TestMemorizeRequestFromBinding(t *testing.T) {
	t.Parallel()
	req, err := alice.MemorizeRequest(json.RawMessage(`{"note":"bob is vegetarian"}`))
	if err != nil {
		t.Fatal(err)
	}
	if req.Member != "alice" || req.Channel != "web:chat" || req.Speaker != "assistant:talky" || len(req.Audience) != 2 ||
		req.Note != "bob is vegetarian" || req.Session != "s-1" {
		t.Fatalf("request %+v", req)
	}
	if _, err := alice.MemorizeRequest(json.RawMessage(`{"note":"x","audience":["*"]}`)); memhive.CodeOf(err) != memhive.CodeMalformedToolCall {
		t.Fatalf("an audience argument must be refused, got %v", err)
	}
	noAud := alice
	noAud.Audience = nil
	if _, err := noAud.MemorizeRequest(json.RawMessage(`{"note":"x"}`)); memhive.CodeOf(err) != memhive.CodeMissingAudience {
		t.Fatalf("want missing_audience, got %v", err)
	}
}

func TestCapAnswer(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é memory line\n", 1000) // 14000 runes
	for _, max := range []int{0, 8000, 500, 50} {
		capped := gateway.CapAnswer(&recall.Answer{Text: long}, max)
		limit := max
		if limit == 0 {
			limit = gateway.DefaultMaxChars
		}
		if n := utf8.RuneCountInString(capped.Text); n > limit || !capped.Capped || !utf8.ValidString(capped.Text) {
			t.Fatalf("max %d: %d runes, capped=%v", max, n, capped.Capped)
		}
		if limit >= 200 && !strings.Contains(capped.Text, "[memory_capped:") {
			t.Fatalf("max %d: no visible memory_capped line", max)
		}
	}
	short := gateway.CapAnswer(&recall.Answer{Text: "short"}, 0)
	if short.Capped || short.Text != "short" {
		t.Fatalf("short answer changed: %+v", short)
	}
	off := gateway.CapAnswer(&recall.Answer{Text: long}, -1)
	if off.Capped || off.Text != long {
		t.Fatal("a negative cap must not cut")
	}
}

// --- MCP ---------------------------------------------------------------

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("want one content block, got %d", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T", res.Content[0])
	}
	return res, tc.Text
}

func toolErrorCode(t *testing.T, res *mcp.CallToolResult, text string) memhive.Code {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want a tool error, got %s", text)
	}
	var body memhive.ErrorBody
	if err := json.Unmarshal([]byte(text), &body); err != nil || body.Error == nil || body.Error.Message == "" {
		t.Fatalf("tool error text is not {\"error\":{code,message}}: %s", text)
	}
	return body.Error.Code
}

// connectIO runs server over a pair of pipes with newline-delimited JSON:
// the framing of stdio, which ServeStdio uses on the real stdin and stdout.
func connectIO(t *testing.T, server *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, &mcp.IOTransport{Reader: c2sR, Writer: s2cW}) }()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: s2cR, Writer: c2sW}, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cs.Close()
		cancel()
		<-done
	})
	return cs
}

func TestMCPStdioFraming(t *testing.T) {
	t.Parallel()
	mem := &note{}
	cs := connectIO(t, gateway.NewMCPServer(echo{}, mem, alice, quiet))

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]*mcp.Tool{}
	for _, tool := range tools.Tools {
		names[tool.Name] = tool
	}
	rt := names[gateway.RecallTool]
	if rt == nil || names[gateway.MemorizeTool] == nil {
		t.Fatalf("tools: %v", names)
	}
	schema, _ := json.Marshal(rt.InputSchema)
	if !strings.Contains(string(schema), `"required":["query"]`) || !strings.Contains(string(schema), `"additionalProperties":false`) {
		t.Fatalf("memory_recall schema: %s", schema)
	}

	res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "bob's birthday"})
	if res.IsError {
		t.Fatalf("tool error: %s", text)
	}
	got := echoed(t, &recall.Answer{Text: text})
	if got.Member != "alice" || got.Tier != "1" || got.Asker != "assistant:talky" || got.Channel != "web:chat" ||
		strings.Join(got.Audience, ",") != "member:alice,person:bob" {
		t.Fatalf("bound request %+v", got)
	}
	var structured recall.Answer
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &structured); err != nil || len(structured.Items) != 1 || structured.Diagnostic != nil {
		t.Fatalf("structured content %s", raw)
	}

	// A model trying to widen the audience is refused, not obeyed.
	res, text = callTool(t, cs, gateway.RecallTool, map[string]any{"query": "secrets", "audience": []string{"*"}})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
		t.Fatalf("want malformed_tool_call, got %s", code)
	}
	res, text = callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q", "window_to": "2024-05-01T00:00:00Z"})
	if code := toolErrorCode(t, res, text); code != memhive.CodeHalfOpenWindow {
		t.Fatalf("want half_open_window, got %s", code)
	}

	res, text = callTool(t, cs, gateway.MemorizeTool, map[string]any{"subject": "person:bob", "predicate": "likes", "claim": "jazz"})
	if res.IsError || !strings.HasPrefix(text, "Memorized:") || !strings.Contains(text, "id F1") {
		t.Fatalf("memorize: %s", text)
	}
	if len(mem.got) != 1 || mem.got[0].Channel != "web:chat" || mem.got[0].Speaker != "assistant:talky" ||
		strings.Join(mem.got[0].Audience, ",") != "member:alice,person:bob" {
		t.Fatalf("memorize bound %+v", mem.got)
	}
	res, text = callTool(t, cs, gateway.MemorizeTool, map[string]any{"note": "x", "channel": "public"})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
		t.Fatalf("want malformed_tool_call, got %s", code)
	}
}

func TestMCPCodedErrorsInMemory(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(*gateway.Binding)
		code memhive.Code
	}{
		{"not configured", func(b *gateway.Binding) { b.Tier = "" }, memhive.CodeMemoryNotConfigured},
		{"no audience", func(b *gateway.Binding) { b.Audience = nil }, memhive.CodeMissingAudience},
		{"no channel", func(b *gateway.Binding) { b.Channel = "" }, memhive.CodeMissingChannel},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := alice
			tc.edit(&b)
			st, ct := mcp.NewInMemoryTransports()
			ctx := context.Background()
			ss, err := gateway.NewMCPServer(echo{}, nil, b, quiet).Connect(ctx, st, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ss.Close()
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q"})
			if code := toolErrorCode(t, res, text); code != tc.code {
				t.Fatalf("want %s, got %s: %s", tc.code, code, text)
			}
		})
	}
}

func TestMCPCapsLongAnswers(t *testing.T) {
	t.Parallel()
	cs := connectIO(t, gateway.NewMCPServer(echo{}, nil, alice, quiet, gateway.WithMaxChars(1000)))
	res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "long:xxxxxxxxxx"})
	if res.IsError || utf8.RuneCountInString(text) > 1000 || !strings.Contains(text, "[memory_capped:") {
		t.Fatalf("capped text: %d runes, %q", utf8.RuneCountInString(text), text[max(0, len(text)-200):])
	}
	raw, _ := json.Marshal(res.StructuredContent)
	var ans recall.Answer
	if err := json.Unmarshal(raw, &ans); err != nil || !ans.Capped {
		t.Fatalf("structured content must stay valid JSON flagged capped: %v %s", err, raw[:min(200, len(raw))])
	}
}

// headerTransport adds the binding headers to every request, as an
// assistant runtime would.
type headerTransport struct {
	h    http.Header
	base http.RoundTripper
}

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range t.h {
		r.Header[k] = v
	}
	return t.base.RoundTrip(r)
}

func connectHTTP(t *testing.T, url string, h http.Header) *mcp.ClientSession {
	t.Helper()
	cs, err := tryConnectHTTP(url, h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// tryConnectHTTP opens an MCP session over /mcp with the headers h and,
// unless h has one, testKey.
func tryConnectHTTP(url string, h http.Header) (*mcp.ClientSession, error) {
	h = h.Clone()
	if _, ok := h["Authorization"]; !ok {
		h.Set("Authorization", "Bearer "+testKey)
	}
	tr := &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: headerTransport{h: h, base: http.DefaultTransport}}}
	return mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(), tr, nil)
}

func bindingHeaders(b gateway.Binding) http.Header {
	h := http.Header{}
	h.Set(gateway.HeaderMember, b.Member)
	h.Set(gateway.HeaderAudience, strings.Join(b.Audience, ","))
	h.Set(gateway.HeaderChannel, b.Channel)
	h.Set(gateway.HeaderAsker, b.Asker)
	h.Set(gateway.HeaderAssistant, b.Assistant)
	h.Set(gateway.HeaderTier, b.Tier)
	h.Set(gateway.HeaderSession, b.Session)
	return h
}

func TestMCPOverHTTPHeaders(t *testing.T) {
	t.Parallel()
	tiers := func(name string) (string, bool) {
		if name == "cogny" {
			return "", true // a reasoning core with no memory tier
		}
		return "0", name == "talky"
	}
	cognyKey := testKeys.MustCreate(apikey.Spec{Members: []string{"alice"}, Assistant: "cogny"})
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}, TierFor: tiers}))
	t.Cleanup(srv.Close)

	// The key's assistant (talky) fixes the tier: its template says 0.
	h := bindingHeaders(alice)
	h.Del(gateway.HeaderTier)
	cs := connectHTTP(t, srv.URL+"/mcp", h)
	res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q"})
	if res.IsError {
		t.Fatal(text)
	}
	if got := echoed(t, &recall.Answer{Text: text}); got.Member != "alice" || got.Tier != "0" || got.Session != "s-1" ||
		strings.Join(got.Audience, ",") != "member:alice,person:bob" {
		t.Fatalf("bound %+v", got)
	}
	// A header that names another tier or another assistant than the key's is refused.
	for _, hdr := range [][2]string{{gateway.HeaderTier, "1"}, {gateway.HeaderAssistant, "cogny"}} {
		h := bindingHeaders(alice)
		h.Del(gateway.HeaderTier)
		h.Set(hdr[0], hdr[1])
		if _, err := tryConnectHTTP(srv.URL+"/mcp", h); err == nil || !strings.Contains(err.Error(), "Forbidden") {
			t.Fatalf("%s: %s: want 403, got %v", hdr[0], hdr[1], err)
		}
	}
	// A key of an assistant whose template sets no tier.
	h = bindingHeaders(alice)
	h.Del(gateway.HeaderTier)
	h.Del(gateway.HeaderAssistant)
	h.Set("Authorization", "Bearer "+cognyKey)
	cs = connectHTTP(t, srv.URL+"/mcp", h)
	res, text = callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q"})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMemoryNotConfigured || !strings.Contains(text, "cogny") {
		t.Fatalf("want memory_not_configured naming cogny, got %s", text)
	}
}

// --- HTTP API ------------------------------------------------------------

func post(t *testing.T, url string, body string, hdr ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+testKey)
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			req.Header.Del(hdr[i])
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// get GETs url with key ("" for none).
func get(t *testing.T, url, key string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func errCode(t *testing.T, b []byte) memhive.Code {
	t.Helper()
	var body memhive.ErrorBody
	if err := json.Unmarshal(b, &body); err != nil || body.Error == nil || body.Error.Message == "" {
		t.Fatalf("not an error body: %s", b)
	}
	return body.Error.Code
}

func TestHTTPRecallAndErrors(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	ready := errors.New("nats: no servers available")
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Registry: reg,
		Ready: func(context.Context) error { return ready },
		TierFor: func(a string) (string, bool) {
			if a == "talky" {
				return "1", true
			}
			return "", false
		}}))
	t.Cleanup(srv.Close)
	u := srv.URL + "/v1/members/alice/recall"

	status, b := post(t, u, `{"query":"q","tier":"1","audience":["member:alice"],"channel":"web:chat","session":"s-9"}`)
	if status != 200 {
		t.Fatalf("%d %s", status, b)
	}
	var ans recall.Answer
	if err := json.Unmarshal(b, &ans); err != nil {
		t.Fatal(err)
	}
	if got := echoed(t, &ans); got.Member != "alice" || got.Tier != "1" || got.Session != "s-9" {
		t.Fatalf("bound %+v", got)
	}
	// The key's assistant's tier fills an empty tier.
	status, b = post(t, u, `{"query":"q","audience":["member:alice"],"channel":"web:chat"}`, gateway.HeaderAssistant, "talky")
	if status != 200 || !strings.Contains(string(b), `\"tier\":\"1\"`) {
		t.Fatalf("%d %s", status, b)
	}

	for _, tc := range []struct {
		name, path, body string
		status           int
		code             memhive.Code
	}{
		{"tier not the key's", "alice", `{"query":"q","tier":"0","audience":["member:alice"],"channel":"c"}`, 403, gateway.CodeForbidden},
		{"missing audience", "alice", `{"query":"q","tier":"1","channel":"c"}`, 400, memhive.CodeMissingAudience},
		{"missing channel", "alice", `{"query":"q","tier":"1","audience":["member:alice"]}`, 400, memhive.CodeMissingChannel},
		{"half-open window", "alice", `{"query":"q","tier":"1","audience":["a"],"channel":"c","window_from":"2024-05-01T00:00:00Z"}`, 400, memhive.CodeHalfOpenWindow},
		{"member mismatch", "alice", `{"member":"bob","query":"q","tier":"1","audience":["a"],"channel":"c"}`, 409, memhive.CodeMemberMismatch},
		{"invalid member", "Alice", `{"query":"q","tier":"1","audience":["a"],"channel":"c"}`, 400, memhive.CodeInvalidMember},
		{"unknown field", "alice", `{"query":"q","tier":"1","audience":["a"],"channel":"c","everyone":true}`, 400, memhive.CodeMalformedRequest},
		{"not json", "alice", `query=q`, 400, memhive.CodeMalformedRequest},
		{"bad tier", "alice", `{"query":"q","tier":"9","audience":["a"],"channel":"c"}`, 400, memhive.CodeMalformedRequest}, // no tier at all, whatever the key allows
		{"member the key does not cover", "carol", `{"query":"q","tier":"1","audience":["a"],"channel":"c"}`, 403, gateway.CodeForbiddenMember},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, b := post(t, srv.URL+"/v1/members/"+tc.path+"/recall", tc.body)
			if status != tc.status || errCode(t, b) != tc.code {
				t.Fatalf("want %d %s, got %d %s", tc.status, tc.code, status, b)
			}
		})
	}

	status, b = post(t, srv.URL+"/v1/members/alice/memorize", `{"note":"x","audience":["a"],"channel":"c"}`)
	if status != 404 || errCode(t, b) != memhive.CodeNotFound {
		t.Fatalf("memorize without a memorizer: %d %s", status, b)
	}
	status, b = get(t, srv.URL+"/nowhere", testKey)
	if status != 404 || errCode(t, b) != memhive.CodeNotFound {
		t.Fatalf("unknown route: %d %s", status, b)
	}
	// a route asked with the wrong method: 405, saying which it takes
	status, b = get(t, srv.URL+"/v1/members/alice/recall", testKey)
	if status != 405 || errCode(t, b) != memhive.CodeMalformedRequest || !strings.Contains(string(b), "takes POST, not GET") {
		t.Fatalf("GET of the recall route: %d %s", status, b)
	}

	for path, want := range map[string]int{"/healthz": 200, "/readyz": 503} {
		if status, b := get(t, srv.URL+path, opKey); status != want {
			t.Fatalf("%s: %d %s", path, status, b)
		}
	}
	_, b = get(t, srv.URL+"/metrics", opKey)
	for _, want := range []string{
		`memhive_http_requests_total{code="200",route="recall"} 2`,
		`memhive_http_requests_total{code="400",route="recall"}`,
		`memhive_http_requests_total{code="503",route="readyz"} 1`,
		`memhive_http_request_duration_seconds_bucket{code="200",route="recall",le="+Inf"} 2`,
		`memhive_http_errors_total{error="half_open_window",route="recall"} 1`,
	} {
		if !bytes.Contains(b, []byte(want)) {
			t.Fatalf("metrics lack %s:\n%s", want, b)
		}
	}
}

func TestHTTPMemorize(t *testing.T) {
	t.Parallel()
	mem := &note{}
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: mem}))
	t.Cleanup(srv.Close)
	status, b := post(t, srv.URL+"/v1/members/alice/memorize", `{"subject":"person:bob","predicate":"likes","claim":"jazz","audience":["member:alice"],"channel":"web:chat"}`)
	if status != 201 || len(mem.got) != 1 || mem.got[0].Member != "alice" {
		t.Fatalf("%d %s %+v", status, b, mem.got)
	}
	status, b = post(t, srv.URL+"/v1/members/alice/memorize", `{"note":"x","channel":"web:chat"}`)
	if status != 400 || errCode(t, b) != memhive.CodeMissingAudience {
		t.Fatalf("%d %s", status, b)
	}
	status, b = post(t, srv.URL+"/v1/members/alice/memorize", `{"member":"bob","note":"x","audience":["a"],"channel":"c"}`)
	if status != 409 || errCode(t, b) != memhive.CodeMemberMismatch {
		t.Fatalf("%d %s", status, b)
	}
}

// --- NATS ------------------------------------------------------------------

// serving takes what gateway.ServeNATS, ServeMemoryNATS or
// ServeAdvisorNATS return, fails the test if the service did not start,
// and stops it when the test ends:
//
//	nc := natstest.Start(t).Conn(t) // the test's own embedded NATS
//	svc := serving(t)(gateway.ServeNATS(nc, "memhive", echo{}, quiet))
func serving(t *testing.T) func(micro.Service, error) micro.Service {
	return func(svc micro.Service, err error) micro.Service {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = svc.Stop() })
		return svc
	}
}

func natsRecall(t *testing.T, nc *nats.Conn, subject, body string) (*nats.Msg, []byte) {
	t.Helper()
	msg, err := nc.Request(subject, []byte(body), 30*time.Second)
	if err != nil {
		t.Fatalf("request %s: %v", subject, err)
	}
	return msg, msg.Data
}

func TestNATSRecallEcho(t *testing.T) {
	t.Parallel()
	nc := natstest.Start(t).Conn(t)
	svc := serving(t)(gateway.ServeNATS(nc, "memhive", echo{}, quiet, gateway.WithWorkers(2)))

	_, b := natsRecall(t, nc, "memhive.alice.recall", `{"query":"q","tier":"1","audience":["member:alice"],"channel":"web:chat"}`)
	var ans recall.Answer
	if err := json.Unmarshal(b, &ans); err != nil {
		t.Fatalf("%s", b)
	}
	if got := echoed(t, &ans); got.Member != "alice" {
		t.Fatalf("member from the subject: %+v", got)
	}
	for _, tc := range []struct {
		subject, body string
		code          memhive.Code
		status        string
	}{
		{"memhive.alice.recall", `{"member":"bob","query":"q","tier":"1","audience":["a"],"channel":"c"}`, memhive.CodeMemberMismatch, "409"},
		{"memhive.alice.recall", `{"query":"q","audience":["a"],"channel":"c"}`, memhive.CodeMemoryNotConfigured, "422"},
		{"memhive.alice.recall", `{"query":"q","tier":"1","channel":"c"}`, memhive.CodeMissingAudience, "400"},
		{"memhive.alice.recall", `{"query":"q","tier":"1","audience":["a"]}`, memhive.CodeMissingChannel, "400"},
		{"memhive.alice.recall", `{"query":"q","tier":"1","audience":["a"],"channel":"c","window_to":"2024-01-01T00:00:00Z"}`, memhive.CodeHalfOpenWindow, "400"},
		{"memhive.Alice.recall", `{"query":"q","tier":"1","audience":["a"],"channel":"c"}`, memhive.CodeInvalidMember, "400"},
		{"memhive.alice.recall", `not json`, memhive.CodeMalformedRequest, "400"},
	} {
		msg, b := natsRecall(t, nc, tc.subject, tc.body)
		if errCode(t, b) != tc.code || msg.Header.Get(gateway.HeaderErrorCode) != string(tc.code) ||
			msg.Header.Get(micro.ErrorCodeHeader) != tc.status || !strings.HasPrefix(msg.Header.Get(micro.ErrorHeader), string(tc.code)+": ") {
			t.Fatalf("%s: want %s, got %s %v", tc.body, tc.code, b, msg.Header)
		}
	}

	// Visible to `nats micro ls`: the service answers the discovery subjects.
	info, err := nc.Request("$SRV.INFO."+gateway.ServiceName, nil, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var si micro.Info
	if err := json.Unmarshal(info.Data, &si); err != nil || si.Name != gateway.ServiceName || len(si.Endpoints) != 2 ||
		si.Endpoints[0].Subject != "memhive.*.recall" || si.Endpoints[0].QueueGroup != gateway.QueueGroup {
		t.Fatalf("service info %s", info.Data)
	}
	stats := svc.Stats()
	var reqs, errs int
	for _, e := range stats.Endpoints {
		reqs += e.NumRequests
		errs += e.NumErrors
	}
	if reqs != 8 || errs != 7 {
		t.Fatalf("stats: %d requests, %d errors", reqs, errs)
	}
}

// Two processes in one queue group answer each request once.
func TestNATSQueueGroupSharesRequests(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	nc1, nc2, client := srv.Conn(t), srv.Conn(t), srv.Conn(t)
	s1 := serving(t)(gateway.ServeNATS(nc1, "memhive", echo{}, quiet, gateway.WithWorkers(1)))
	s2 := serving(t)(gateway.ServeNATS(nc2, "memhive", echo{}, quiet, gateway.WithWorkers(1)))
	for range 40 {
		natsRecall(t, client, "memhive.alice.recall", `{"query":"q","tier":"1","audience":["a"],"channel":"c"}`)
	}
	n1, n2 := s1.Stats().Endpoints[0].NumRequests, s2.Stats().Endpoints[0].NumRequests
	if n1+n2 != 40 {
		t.Fatalf("requests answered %d + %d, want 40 in all", n1, n2)
	}
}

// TestMCPOverHTTPLogsQuietly: a tool call over the stateless /mcp writes
// no line of the SDK's own at info level ("server session connected" and
// the like, three a call) to memhive's log; memhive's own lines stay.
func TestMCPOverHTTPLogsQuietly(t *testing.T) {
	t.Parallel()
	var buf logbuf.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	tiers := func(name string) (string, bool) { return "0", name == "talky" }
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: logger, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}, TierFor: tiers}))
	t.Cleanup(srv.Close)
	h := bindingHeaders(alice)
	h.Del(gateway.HeaderTier)
	cs := connectHTTP(t, srv.URL+"/mcp", h)
	if res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q"}); res.IsError {
		t.Fatal(text)
	}
	if res, _ := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q", "tier": 2}); !res.IsError {
		t.Fatal("a tool call that binds was not refused")
	}
	out := buf.String()
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "level=INFO") && strings.Contains(line, "session") && !strings.Contains(line, "cell=") {
			t.Errorf("the SDK's info line reached memhive's log: %s", line)
		}
	}
	if !strings.Contains(out, "memory_recall refused") {
		t.Errorf("memhive's own line on the refused call is missing from its log:\n%s", out)
	}
}
