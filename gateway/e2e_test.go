package gateway_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// hive is the real read path and ingress over a fresh schema, holding a
// private turn (only alice heard it) and a shared one (alice and bob).
type hive struct {
	rec    *recall.Service
	mem    *remember.Service
	schema string
}

const (
	privateTurn = "My salary review is on Friday, keep the salary figure between us"
	sharedTurn  = "Bob said the salary budget for the team offsite is fixed"
)

func setupHive(t *testing.T) hive {
	t.Helper()
	pool := dbtest.New(t)
	at := time.Date(2024, 5, 2, 9, 0, 0, 0, time.UTC)
	eps := []episodes.Episode{
		{Member: "alice", ID: "01HX0000000000000000000001", Session: "s-1", Channel: "web:chat", Role: "user",
			Speaker: "member:alice", Audience: []string{"member:alice"}, Content: privateTurn, HappenedAt: at},
		{Member: "alice", ID: "01HX0000000000000000000002", Session: "s-1", Channel: "web:chat", Role: "user",
			Speaker: "person:bob", Audience: []string{"member:alice", "person:bob"}, Content: sharedTurn, HappenedAt: at.Add(time.Minute)},
	}
	if _, err := episodes.Insert(context.Background(), pool, eps); err != nil {
		t.Fatal(err)
	}
	var schema string
	if err := pool.QueryRow(context.Background(), `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	return hive{rec: recall.New(pool, recall.Config{}, nil, nil), mem: remember.New(pool), schema: schema}
}

var (
	aliceAlone = gateway.Binding{Member: "alice", Audience: []string{"member:alice"}, Channel: "web:chat", Tier: "1", Session: "s-1"}
	aliceBob   = gateway.Binding{Member: "alice", Audience: []string{"member:alice", "person:bob"}, Channel: "web:chat", Tier: "1", Session: "s-1"}
)

func has(ans *recall.Answer, text string) bool {
	for _, it := range ans.Items {
		if strings.Contains(it.Text, text) {
			return true
		}
	}
	return false
}

// checkGate: alone, alice's question finds both turns; with bob listening
// only the shared one.
func checkGate(t *testing.T, surface string, alone, withBob *recall.Answer) {
	t.Helper()
	if !has(alone, privateTurn) || !has(alone, sharedTurn) || !strings.Contains(alone.Text, privateTurn) {
		t.Fatalf("%s: alone, alice should see both turns: %+v", surface, alone.Items)
	}
	if has(withBob, privateTurn) || strings.Contains(withBob.Text, "salary figure") || !has(withBob, sharedTurn) {
		t.Fatalf("%s: with bob listening the private turn must be hidden: %+v", surface, withBob.Items)
	}
	var semantic *recall.Leg
	for i := range alone.Legs {
		if alone.Legs[i].Leg == "semantic" {
			semantic = &alone.Legs[i]
		}
	}
	if semantic == nil || semantic.Missing == "" {
		t.Fatalf("%s: the semantic leg must be named missing without an embedder: %+v", surface, alone.Legs)
	}
}

func TestEndToEndNATS(t *testing.T) {
	t.Parallel()
	h := setupHive(t)
	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeNATS(nc, "memhive", h.rec, quiet))

	ask := func(aud string) *recall.Answer {
		_, b := natsRecall(t, nc, "memhive.alice.recall", `{"query":"salary","tier":"1","audience":`+aud+`,"channel":"web:chat"}`)
		var ans recall.Answer
		if err := json.Unmarshal(b, &ans); err != nil || ans.Tier != 1 {
			t.Fatalf("answer %s", b)
		}
		return &ans
	}
	checkGate(t, "nats", ask(`["member:alice"]`), ask(`["member:alice","person:bob"]`))

	for body, code := range map[string]memhive.Code{
		`{"query":"salary","audience":["member:alice"],"channel":"web:chat"}`:                                                     memhive.CodeMemoryNotConfigured,
		`{"query":"salary","tier":"1","channel":"web:chat"}`:                                                                      memhive.CodeMissingAudience,
		`{"query":"salary","tier":"1","audience":["member:alice"]}`:                                                               memhive.CodeMissingChannel,
		`{"query":"salary","tier":"1","audience":["member:alice"],"channel":"c","window_from":"2024-05-01T00:00:00Z"}`:            memhive.CodeHalfOpenWindow,
		`{"member":"bob","query":"salary","tier":"1","audience":["member:alice"],"channel":"web:chat"}`:                           memhive.CodeMemberMismatch,
		`{"query":"salary","tier":"1","audience":["member:alice","person:bob"],"channel":"web:chat","audience":["member:alice"]}`: memhive.CodeMalformedRequest,
	} {
		if _, b := natsRecall(t, nc, "memhive.alice.recall", body); errCode(t, b) != code {
			t.Fatalf("%s: want %s, got %s", body, code, b)
		}
	}
	// every refusal is a call in memhive_recall_calls_total, with its code
	if got := recallCalls(t, h.rec, "missing_audience") + recallCalls(t, h.rec, "member_mismatch"); got != 2 {
		t.Fatalf("%v refused calls counted (missing_audience, member_mismatch), want 2", got)
	}
}

// recallCalls is memhive_recall_calls_total for code, over every tier.
func recallCalls(t *testing.T, rec *recall.Service, code string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(rec.Collectors()...)
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var n float64
	for _, mf := range mfs {
		if mf.GetName() != "memhive_recall_calls_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "code" && l.GetValue() == code {
					n += m.GetCounter().GetValue()
				}
			}
		}
	}
	return n
}

func TestEndToEndHTTP(t *testing.T) {
	t.Parallel()
	h := setupHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.mem}))
	t.Cleanup(srv.Close)
	u := srv.URL + "/v1/members/alice/recall"
	ask := func(aud string) *recall.Answer {
		status, b := post(t, u, `{"query":"salary","tier":"1","audience":`+aud+`,"channel":"web:chat"}`)
		var ans recall.Answer
		if err := json.Unmarshal(b, &ans); status != 200 || err != nil {
			t.Fatalf("%d %s", status, b)
		}
		return &ans
	}
	checkGate(t, "http", ask(`["member:alice"]`), ask(`["member:alice","person:bob"]`))

	// memorize over HTTP, then find it.
	status, b := post(t, srv.URL+"/v1/members/alice/memorize",
		`{"subject":"person:bob","predicate":"favourite_band","claim":"Radiohead","audience":["member:alice","person:bob"],"channel":"web:chat"}`)
	if status != 201 {
		t.Fatalf("memorize %d %s", status, b)
	}
	status, b = post(t, u, `{"query":"Radiohead","tier":"1","audience":["member:alice","person:bob"],"channel":"web:chat"}`)
	if status != 200 || !strings.Contains(string(b), "Radiohead") {
		t.Fatalf("memorized fact not recalled: %d %s", status, b)
	}

	for _, tc := range []struct {
		body   string
		status int
		code   memhive.Code
	}{
		{`{"query":"salary","audience":["member:alice"],"channel":"web:chat"}`, 422, memhive.CodeMemoryNotConfigured},
		{`{"query":"salary","tier":"1","channel":"web:chat"}`, 400, memhive.CodeMissingAudience},
		{`{"query":"salary","tier":"1","audience":["member:alice"]}`, 400, memhive.CodeMissingChannel},
		{`{"query":"salary","tier":"1","audience":["member:alice"],"channel":"c","window_to":"2024-05-01T00:00:00Z"}`, 400, memhive.CodeHalfOpenWindow},
	} {
		status, b := post(t, u, tc.body)
		if status != tc.status || errCode(t, b) != tc.code {
			t.Fatalf("%s: want %d %s, got %d %s", tc.body, tc.status, tc.code, status, b)
		}
	}
	if status, _ := post(t, u, `{"query":"salary","tier":"1","audience":"member:alice","channel":"web:chat"}`); status != 400 {
		t.Fatalf("an audience given as a string: %d, want 400", status)
	}
	// every refusal is a call in memhive_recall_calls_total, with its code
	if got := recallCalls(t, h.rec, "missing_audience") + recallCalls(t, h.rec, "malformed_request"); got != 2 {
		t.Fatalf("%v refused calls counted (missing_audience, malformed_request), want 2", got)
	}
}

func TestEndToEndMCPStdio(t *testing.T) {
	t.Parallel()
	h := setupHive(t)
	alone := connectIO(t, gateway.NewMCPServer(h.rec, h.mem, aliceAlone, quiet))
	withBob := connectIO(t, gateway.NewMCPServer(h.rec, h.mem, aliceBob, quiet))
	answer := func(t *testing.T, b gateway.Binding) *recall.Answer {
		cs := alone
		if len(b.Audience) == 2 {
			cs = withBob
		}
		res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "salary"})
		if res.IsError {
			t.Fatalf("tool error %s", text)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var ans recall.Answer
		if err := json.Unmarshal(raw, &ans); err != nil || ans.Text != text {
			t.Fatalf("structured content %s", raw)
		}
		return &ans
	}
	checkGate(t, "mcp stdio", answer(t, aliceAlone), answer(t, aliceBob))

	// The model names an audience (here a narrower one): refused, whatever it names.
	res, text := callTool(t, withBob, gateway.RecallTool, map[string]any{"query": "salary", "audience": []string{"member:alice"}})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
		t.Fatalf("want malformed_tool_call, got %s", text)
	}

	// memorize with bob present, then recall: visible with bob, and alone.
	res, text = callTool(t, withBob, gateway.MemorizeTool, map[string]any{"subject": "person:bob", "predicate": "allergic_to", "claim": "walnuts"})
	if res.IsError {
		t.Fatal(text)
	}
	res, text = callTool(t, withBob, gateway.MemorizeTool, map[string]any{"subject": "person:bob", "predicate": "allergic_to", "claim": "walnuts"})
	if res.IsError {
		t.Fatal(text)
	}
	for _, b := range []gateway.Binding{aliceAlone, aliceBob} {
		cs := alone
		if len(b.Audience) == 2 {
			cs = withBob
		}
		res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "walnuts"})
		if res.IsError || !strings.Contains(text, "walnuts") {
			t.Fatalf("audience %v: memorized fact not recalled: %s", b.Audience, text)
		}
	}
	// A fact memorized with alice alone stays hidden when bob listens.
	if res, text := callTool(t, alone, gateway.MemorizeTool, map[string]any{"note": "planning a surprise party for bob"}); res.IsError {
		t.Fatal(text)
	}
	if _, text := callTool(t, withBob, gateway.RecallTool, map[string]any{"query": "surprise party"}); strings.Contains(text, "surprise party") {
		t.Fatalf("a private note leaked to bob: %s", text)
	}
	if _, text := callTool(t, alone, gateway.RecallTool, map[string]any{"query": "surprise party"}); !strings.Contains(text, "surprise party") {
		t.Fatalf("alice's own note not recalled: %s", text)
	}

	for _, tc := range []struct {
		edit func(*gateway.Binding)
		args map[string]any
		code memhive.Code
	}{
		{func(b *gateway.Binding) { b.Tier = "" }, map[string]any{"query": "salary"}, memhive.CodeMemoryNotConfigured},
		{func(b *gateway.Binding) { b.Audience = nil }, map[string]any{"query": "salary"}, memhive.CodeMissingAudience},
		{func(b *gateway.Binding) { b.Channel = "" }, map[string]any{"query": "salary"}, memhive.CodeMissingChannel},
		{func(b *gateway.Binding) {}, map[string]any{"query": "salary", "window_from": "2024-05-01T00:00:00Z"}, memhive.CodeHalfOpenWindow},
		// the arguments' own faults are the model's to fix: malformed_tool_call
		{func(b *gateway.Binding) {}, map[string]any{"query": "salary", "window_from": "2024-05-02", "window_to": "2024-05-01"}, memhive.CodeMalformedToolCall},
	} {
		b := aliceAlone
		tc.edit(&b)
		cs := connectIO(t, gateway.NewMCPServer(h.rec, h.mem, b, quiet))
		res, text := callTool(t, cs, gateway.RecallTool, tc.args)
		if code := toolErrorCode(t, res, text); code != tc.code {
			t.Fatalf("want %s, got %s", tc.code, text)
		}
	}
	cs := connectIO(t, gateway.NewMCPServer(h.rec, h.mem, aliceAlone, quiet))
	for _, args := range []map[string]any{{}, {"subject": "x"}, {"note": "n", "subject": "x", "predicate": "p", "claim": "c"}} {
		res, text := callTool(t, cs, gateway.MemorizeTool, args)
		if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
			t.Fatalf("memorize %v: want malformed_tool_call, got %s", args, text)
		}
	}
}

func TestEndToEndMCPStreamableHTTP(t *testing.T) {
	t.Parallel()
	h := setupHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.mem}))
	t.Cleanup(srv.Close)
	answer := func(b gateway.Binding) *recall.Answer {
		cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(b))
		res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "salary"})
		if res.IsError {
			t.Fatalf("tool error %s", text)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var ans recall.Answer
		if err := json.Unmarshal(raw, &ans); err != nil {
			t.Fatalf("structured content %s", raw)
		}
		return &ans
	}
	checkGate(t, "mcp http", answer(aliceAlone), answer(aliceBob))

	for _, tc := range []struct {
		edit func(*gateway.Binding)
		args map[string]any
		code memhive.Code
	}{
		{func(b *gateway.Binding) { b.Tier = "" }, map[string]any{"query": "salary"}, memhive.CodeMemoryNotConfigured},
		{func(b *gateway.Binding) { b.Audience = nil }, map[string]any{"query": "salary"}, memhive.CodeMissingAudience},
		{func(b *gateway.Binding) { b.Channel = "" }, map[string]any{"query": "salary"}, memhive.CodeMissingChannel},
		{func(b *gateway.Binding) {}, map[string]any{"query": "salary", "window_to": "2024-05-01T00:00:00Z"}, memhive.CodeHalfOpenWindow},
		{func(b *gateway.Binding) {}, map[string]any{"query": "salary", "audience": []string{"*"}}, memhive.CodeMalformedToolCall},
	} {
		b := aliceBob
		tc.edit(&b)
		cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(b))
		res, text := callTool(t, cs, gateway.RecallTool, tc.args)
		if code := toolErrorCode(t, res, text); code != tc.code {
			t.Fatalf("want %s, got %s", tc.code, text)
		}
	}
}

// TestEndToEndMCPRealStdio runs the MCP server as a child process on its
// real stdin and stdout through gateway.ServeStdio, the way an MCP host
// launches `memhive mcp`, and talks to it with the go-sdk client.
func TestEndToEndMCPRealStdio(t *testing.T) {
	t.Parallel()
	h := setupHive(t)
	connect := func(b gateway.Binding) *mcp.ClientSession {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), stdioChildEnv+"="+h.schema,
			"BIND_MEMBER="+b.Member, "BIND_AUDIENCE="+strings.Join(b.Audience, ","), "BIND_CHANNEL="+b.Channel, "BIND_TIER="+b.Tier)
		cmd.Stderr = os.Stderr
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cs.Close() })
		return cs
	}
	answer := func(cs *mcp.ClientSession) *recall.Answer {
		res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "salary"})
		if res.IsError {
			t.Fatalf("tool error %s", text)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var ans recall.Answer
		if err := json.Unmarshal(raw, &ans); err != nil || ans.Text != text {
			t.Fatalf("structured content %s", raw)
		}
		return &ans
	}
	alone, withBob := connect(aliceAlone), connect(aliceBob)
	checkGate(t, "mcp real stdio", answer(alone), answer(withBob))

	res, text := callTool(t, withBob, gateway.RecallTool, map[string]any{"query": "salary", "audience": []string{"*"}})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
		t.Fatalf("want malformed_tool_call, got %s", text)
	}
	// The memory tools come with remember.Service, over real stdio too:
	// memorize in bob's hearing, then list it and forget it.
	res, text = callTool(t, withBob, gateway.MemorizeTool, map[string]any{"subject": "person:bob", "predicate": "likes", "claim": "chess"})
	if res.IsError {
		t.Fatal(text)
	}
	var kept remember.Result
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &kept); err != nil || kept.ID == "" {
		t.Fatalf("memorize: %s", raw)
	}
	res, text = callTool(t, withBob, gateway.ListTool, map[string]any{"subject": "person:bob"})
	if res.IsError || !strings.Contains(text, "["+kept.ID+"] person:bob likes chess") {
		t.Fatalf("list_memories over real stdio: %s", text)
	}
	if res, text = callTool(t, withBob, gateway.ForgetTool, map[string]any{"id": kept.ID}); res.IsError {
		t.Fatalf("forget over real stdio: %s", text)
	}
	if res, text = callTool(t, withBob, gateway.ListTool, map[string]any{"subject": "person:bob"}); res.IsError || strings.Contains(text, "chess") {
		t.Fatalf("forgotten, still listed: %s", text)
	}
	for _, tc := range []struct {
		edit func(*gateway.Binding)
		args map[string]any
		code memhive.Code
	}{
		{func(b *gateway.Binding) { b.Tier = "" }, map[string]any{"query": "salary"}, memhive.CodeMemoryNotConfigured},
		{func(b *gateway.Binding) { b.Audience = nil }, map[string]any{"query": "salary"}, memhive.CodeMissingAudience},
		{func(b *gateway.Binding) { b.Channel = "" }, map[string]any{"query": "salary"}, memhive.CodeMissingChannel},
		{func(b *gateway.Binding) {}, map[string]any{"query": "salary", "window_from": "2024-05-01T00:00:00Z"}, memhive.CodeHalfOpenWindow},
	} {
		b := aliceAlone
		tc.edit(&b)
		res, text := callTool(t, connect(b), gateway.RecallTool, tc.args)
		if code := toolErrorCode(t, res, text); code != tc.code {
			t.Fatalf("want %s, got %s", tc.code, text)
		}
	}
}

// The real services are what the gateway serves.
var (
	_ gateway.Recaller  = (*recall.Service)(nil)
	_ gateway.Memorizer = (*remember.Service)(nil)
	_ gateway.Keeper    = (*remember.Service)(nil)
)
