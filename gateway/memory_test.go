package gateway_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// memHive is a schema holding three facts of alice's: one said with bob
// present, one said to alice alone, one public.
type memHive struct {
	pool                    *pgxpool.Pool
	rec                     *recall.Service
	svc                     *remember.Service
	shared, private, public string
}

func setupMemHive(t *testing.T) memHive {
	t.Helper()
	pool := dbtest.New(t)
	h := memHive{pool: pool, rec: recall.New(pool, recall.Config{}, nil, nil), svc: remember.New(pool)}
	when := time.Date(2024, 5, 2, 9, 0, 0, 0, time.UTC)
	for _, f := range []struct {
		id                *string
		aud               []string
		subj, pred, claim string
		channel           string
	}{
		{&h.shared, []string{"member:alice", "person:bob"}, "person:bob", "allergic_to", "walnuts", "web:chat"},
		{&h.private, []string{"member:alice"}, "member:alice", "salary", "90k a year", "web:chat"},
		{&h.public, []string{"*"}, "member:alice", "lives_in", "Berlin", "telegram:dm"},
	} {
		res, err := h.svc.Memorize(context.Background(), remember.Request{Member: "alice", Subject: f.subj, Predicate: f.pred,
			Claim: f.claim, Audience: f.aud, Channel: f.channel, At: &when})
		if err != nil {
			t.Fatal(err)
		}
		*f.id = res.ID
	}
	return h
}

func (h memHive) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := h.pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table+` WHERE member_id = 'alice'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// fact reads one fact as the operator sees it.
func (h memHive) fact(t *testing.T, id string) *facts.Row {
	t.Helper()
	r, err := facts.Get(context.Background(), h.pool, "alice", id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// recalls reports whether a tier-1 recall in b's conversation shows id.
func (h memHive) recalls(t *testing.T, b gateway.Binding, query, id string) bool {
	t.Helper()
	ans, err := h.rec.Recall(context.Background(), recall.Request{Member: "alice", Query: query, Tier: "1", Audience: b.Audience, Channel: b.Channel})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ans.Items {
		if it.ID == id {
			return true
		}
	}
	return false
}

var (
	memBob   = gateway.Binding{Member: "alice", Audience: []string{"member:alice", "person:bob"}, Channel: "web:chat", Asker: "assistant:talky", Tier: "1"}
	memAlone = gateway.Binding{Member: "alice", Audience: []string{"member:alice"}, Channel: "web:chat", Tier: "1"}
)

func structured[T any](t *testing.T, res *mcp.CallToolResult, text string) T {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text)
	}
	var v T
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("structured content %s: %v", raw, err)
	}
	return v
}

func TestMemoryToolsMCP(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	cs := connectIO(t, gateway.NewMCPServer(h.rec, h.svc, memBob, quiet))
	ctx := context.Background()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]*mcp.Tool{}
	for _, tl := range tools.Tools {
		declared[tl.Name] = tl
	}
	for _, name := range append([]string{gateway.RecallTool, gateway.MemorizeTool}, gateway.MemoryTools...) {
		tl := declared[name]
		if tl == nil {
			t.Fatalf("tool %s not declared: %v", name, declared)
		}
		schema, _ := json.Marshal(tl.InputSchema)
		if !strings.Contains(string(schema), `"additionalProperties":false`) {
			t.Fatalf("%s schema must refuse extra arguments: %s", name, schema)
		}
	}
	if !declared[gateway.ListTool].Annotations.ReadOnlyHint || declared[gateway.ForgetTool].Annotations.ReadOnlyHint {
		t.Fatal("read-only hints")
	}

	// list_memories is gated by the bound audience: bob is listening.
	res, text := callTool(t, cs, gateway.ListTool, map[string]any{})
	list := structured[remember.ListResult](t, res, text)
	if list.Count != 2 || strings.Contains(text, "90k") || !strings.Contains(text, "walnuts") || !strings.Contains(text, h.shared) {
		t.Fatalf("list with bob listening: %s", text)
	}

	// A model cannot widen (or name) the audience, member, channel or asker.
	before := h.count(t, "facts")
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{gateway.ListTool, map[string]any{"audience": []string{"member:alice"}}},
		{gateway.ListTool, map[string]any{"member": "bob"}},
		{gateway.ReviewTool, map[string]any{"audience": []string{"*"}}},
		{gateway.UpdateTool, map[string]any{"id": h.private, "claim": "100k", "audience": []string{"member:alice"}}},
		{gateway.ForgetTool, map[string]any{"id": h.private, "audience": []string{"member:alice"}}},
		{gateway.ForgetTool, map[string]any{"id": h.shared, "asker": "member:alice"}},
		{gateway.ProfileTool, map[string]any{"op": "append", "line": "x", "audience": []string{"*"}}},
		{gateway.ProfileTool, map[string]any{"op": "append", "line": "x", "channel": "slack:#all"}},
	} {
		res, text := callTool(t, cs, c.tool, c.args)
		if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
			t.Fatalf("%s %v: want malformed_tool_call, got %s", c.tool, c.args, text)
		}
	}
	if h.count(t, "facts") != before || h.count(t, "beliefs") != 0 || h.fact(t, h.private).ExpiredAt != nil || h.fact(t, h.shared).ExpiredAt != nil {
		t.Fatal("a refused call changed the memory")
	}

	// The private fact cannot be updated or forgotten from bob's
	// conversation, and the refusal is the one for an unknown id.
	for _, tool := range []string{gateway.UpdateTool, gateway.ForgetTool} {
		args := func(id string) map[string]any {
			if tool == gateway.UpdateTool {
				return map[string]any{"id": id, "claim": "100k"}
			}
			return map[string]any{"id": id}
		}
		res, hidden := callTool(t, cs, tool, args(h.private))
		if code := toolErrorCode(t, res, hidden); code != memhive.CodeNotFound {
			t.Fatalf("%s on a hidden fact: %s", tool, hidden)
		}
		_, missing := callTool(t, cs, tool, args("01HXNOSUCHFACT000000000000"))
		if strings.ReplaceAll(hidden, h.private, "X") != strings.ReplaceAll(missing, "01HXNOSUCHFACT000000000000", "X") {
			t.Fatalf("hidden and missing must read the same:\n%s\n%s", hidden, missing)
		}
	}
	if h.fact(t, h.private).ExpiredAt != nil || !h.recalls(t, memAlone, "salary", h.private) {
		t.Fatal("the private fact was touched")
	}

	// update_memory: a new version with the binding's audience and channel.
	res, text = callTool(t, cs, gateway.UpdateTool, map[string]any{"id": h.shared, "claim": "peanuts", "valid_from": "2024-06-01T00:00:00Z"})
	up := structured[remember.UpdateResult](t, res, text)
	if up.Replaced != h.shared || up.Claim != "peanuts" || strings.Join(up.Audience, ",") != "member:alice,person:bob" ||
		up.Channel != "web:chat" || !strings.Contains(text, `was "walnuts"`) {
		t.Fatalf("update: %s", text)
	}
	if old := h.fact(t, h.shared); old.SupersededBy != up.ID || old.ExpiredAt == nil {
		t.Fatalf("old version %+v", old)
	}

	// forget hides it from recall; nothing is deleted.
	if !h.recalls(t, memBob, "peanuts", up.ID) {
		t.Fatal("the new version should be recalled")
	}
	n := h.count(t, "facts")
	res, text = callTool(t, cs, gateway.ForgetTool, map[string]any{"id": up.ID, "reason": "was a joke"})
	if fg := structured[remember.ForgetResult](t, res, text); !fg.Forgotten {
		t.Fatalf("forget: %s", text)
	}
	if h.recalls(t, memBob, "peanuts", up.ID) || h.recalls(t, memAlone, "peanuts", up.ID) {
		t.Fatal("a forgotten fact is still recalled")
	}
	res, text = callTool(t, cs, gateway.RecallTool, map[string]any{"query": "peanuts allergy"})
	if res.IsError || strings.Contains(text, "peanuts") {
		t.Fatalf("memory_recall over MCP still shows the forgotten fact: %s", text)
	}
	if h.count(t, "facts") != n {
		t.Fatal("forget deleted or wrote a row")
	}

	// review_memories: no arguments, gated.
	res, text = callTool(t, cs, gateway.ReviewTool, map[string]any{})
	if rep := structured[facts.ReviewReport](t, res, text); len(rep.Contradictions)+len(rep.Duplicates) != 0 || !strings.Contains(text, "Nothing to review") {
		t.Fatalf("review: %s", text)
	}

	// edit_profile: the line carries the binding's audience.
	res, text = callTool(t, cs, gateway.ProfileTool, map[string]any{"op": "append", "line": "prefers short answers", "pinned": true})
	pr := structured[remember.ProfileResult](t, res, text)
	if len(pr.Added) != 1 || !pr.Added[0].Pinned || strings.Join(pr.Added[0].Audience, ",") != "member:alice,person:bob" ||
		!strings.Contains(text, "prefers short answers (pinned)") {
		t.Fatalf("edit_profile: %s", text)
	}
}

// postTool calls POST /v1/members/{member}/<tool> with the binding in the
// X-Memhive-* headers (nil binding fields are left out).
func postTool(t *testing.T, base, member, tool string, b gateway.Binding, body string) (int, []byte) {
	t.Helper()
	var hdr []string
	for k, v := range bindingHeaders(b) {
		if v[0] != "" {
			hdr = append(hdr, k, v[0])
		}
	}
	return post(t, base+"/v1/members/"+member+"/"+tool, body, hdr...)
}

func TestMemoryToolsHTTP(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc}))
	t.Cleanup(srv.Close)
	noMember := memBob
	noMember.Member = ""

	status, b := postTool(t, srv.URL, "alice", gateway.ListTool, noMember, `{}`)
	var list remember.ListResult
	if status != 200 || json.Unmarshal(b, &list) != nil || list.Count != 2 || strings.Contains(string(b), "90k") {
		t.Fatalf("list: %d %s", status, b)
	}
	status, b = postTool(t, srv.URL, "alice", gateway.ListTool, memAlone, `{"subject":"member:alice","limit":10}`)
	if status != 200 || json.Unmarshal(b, &list) != nil || list.Count != 2 || !strings.Contains(string(b), "90k") {
		t.Fatalf("list alone: %d %s", status, b)
	}
	status, b = postTool(t, srv.URL, "alice", gateway.ReviewTool, memBob, ``)
	if status != 200 || !strings.Contains(string(b), `"contradictions":[]`) {
		t.Fatalf("review: %d %s", status, b)
	}

	before := h.count(t, "facts")
	noTier := memBob
	noTier.Tier = ""
	noAud := memBob
	noAud.Audience = nil
	noChan := memBob
	noChan.Channel = ""
	other := memBob
	other.Member = "bob"
	for _, c := range []struct {
		tool   string
		b      gateway.Binding
		body   string
		code   memhive.Code
		status int
	}{
		{gateway.UpdateTool, memBob, `{"id":"` + h.private + `","claim":"100k"}`, memhive.CodeNotFound, 404},
		{gateway.ForgetTool, memBob, `{"id":"` + h.private + `"}`, memhive.CodeNotFound, 404},
		{gateway.UpdateTool, memBob, `{"id":"` + h.private + `","claim":"100k","audience":["member:alice"]}`, memhive.CodeMalformedToolCall, 400},
		{gateway.ListTool, memBob, `{"audience":["member:alice"]}`, memhive.CodeMalformedToolCall, 400},
		{gateway.ListTool, memBob, `{"limit":500}`, memhive.CodeMalformedToolCall, 400},
		{gateway.ListTool, memBob, `{"limit":0}`, memhive.CodeMalformedToolCall, 400},
		{gateway.ListTool, noTier, `{}`, memhive.CodeMemoryNotConfigured, 422},
		{gateway.ForgetTool, noAud, `{"id":"` + h.shared + `"}`, memhive.CodeMissingAudience, 400},
		{gateway.ForgetTool, noChan, `{"id":"` + h.shared + `"}`, memhive.CodeMissingChannel, 400},
		{gateway.ForgetTool, other, `{"id":"` + h.shared + `"}`, memhive.CodeMemberMismatch, 409},
		{gateway.ProfileTool, memBob, `{"op":"rewrite"}`, memhive.CodeMalformedToolCall, 400},
		{gateway.ProfileTool, memBob, `not json`, memhive.CodeMalformedToolCall, 400},
	} {
		status, b := postTool(t, srv.URL, "alice", c.tool, c.b, c.body)
		if status != c.status || errCode(t, b) != c.code {
			t.Fatalf("%s %s: want %d %s, got %d %s", c.tool, c.body, c.status, c.code, status, b)
		}
	}
	if h.count(t, "facts") != before || h.fact(t, h.private).ExpiredAt != nil || h.fact(t, h.shared).ExpiredAt != nil {
		t.Fatal("a refused request changed the memory")
	}

	// update_memory answers 201 with the new version; memorize's Keeper is
	// the remember.Service, found without configuring it.
	status, b = postTool(t, srv.URL, "alice", gateway.UpdateTool, memBob, `{"id":"`+h.shared+`","claim":"peanuts"}`)
	var up remember.UpdateResult
	if status != 201 || json.Unmarshal(b, &up) != nil || up.Replaced != h.shared || up.Previous != "walnuts" {
		t.Fatalf("update: %d %s", status, b)
	}
	status, b = postTool(t, srv.URL, "alice", gateway.ForgetTool, memBob, `{"id":"`+up.ID+`","reason":"wrong"}`)
	if status != 200 || !strings.Contains(string(b), `"forgotten":true`) {
		t.Fatalf("forget: %d %s", status, b)
	}
	if h.recalls(t, memBob, "peanuts", up.ID) {
		t.Fatal("forgotten, still recalled")
	}
	status, b = postTool(t, srv.URL, "alice", gateway.ProfileTool, memBob, `{"op":"append","section":"food","line":"vegetarian"}`)
	if status != 200 || !strings.Contains(string(b), `"statement":"vegetarian"`) {
		t.Fatalf("edit_profile: %d %s", status, b)
	}
	if h.count(t, "facts") != before+1 {
		t.Fatal("want one new version and nothing deleted")
	}

	// The same tools over /mcp, bound by the same headers.
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memBob))
	res, text := callTool(t, cs, gateway.ListTool, map[string]any{"subject": "member:alice"})
	if l := structured[remember.ListResult](t, res, text); l.Count != 1 || l.Memories[0].Claim != "Berlin" {
		t.Fatalf("/mcp list: %s", text)
	}
	res, text = callTool(t, cs, gateway.ForgetTool, map[string]any{"id": h.private})
	if code := toolErrorCode(t, res, text); code != memhive.CodeNotFound {
		t.Fatalf("/mcp forget hidden: %s", text)
	}

	// The profile bound, as a coded error with a sentence.
	tiny := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec,
		Keeper: remember.New(h.pool, remember.WithProfileBound(4))}))
	t.Cleanup(tiny.Close)
	status, b = postTool(t, tiny.URL, "alice", gateway.ProfileTool, memBob, `{"op":"append","line":"likes long walks by the river at dawn"}`)
	if status != 422 || errCode(t, b) != remember.CodeProfileFull {
		t.Fatalf("profile bound: %d %s", status, b)
	}
	// Without a Keeper the routes say so.
	bare := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec}))
	t.Cleanup(bare.Close)
	if status, b := postTool(t, bare.URL, "alice", gateway.ListTool, memBob, `{}`); status != 404 || errCode(t, b) != memhive.CodeNotFound {
		t.Fatalf("no keeper: %d %s", status, b)
	}
}

// natsTool sends a tool call with the binding in the headers.
func natsTool(t *testing.T, nc *nats.Conn, member, tool string, b gateway.Binding, body string) (*nats.Msg, []byte) {
	t.Helper()
	msg := nats.NewMsg("memhive." + member + "." + tool)
	msg.Data = []byte(body)
	for k, v := range bindingHeaders(b) {
		if v[0] != "" {
			msg.Header.Set(k, v[0])
		}
	}
	reply, err := nc.RequestMsg(msg, 30*time.Second)
	if err != nil {
		t.Fatalf("request %s: %v", msg.Subject, err)
	}
	return reply, reply.Data
}

func TestMemoryToolsNATS(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	nc := natstest.Start(t).Conn(t)
	tiers := func(name string) (string, bool) { return "1", name == "talky" }
	serving(t)(gateway.ServeMemoryNATS(nc, "memhive", h.svc, quiet, gateway.WithWorkers(2), gateway.WithTierFor(tiers)))

	// The tier comes from the assistant's template when no tier header is set.
	viaTemplate := memBob
	viaTemplate.Tier, viaTemplate.Assistant = "", "talky"
	_, b := natsTool(t, nc, "alice", gateway.ListTool, viaTemplate, `{}`)
	var list remember.ListResult
	if json.Unmarshal(b, &list) != nil || list.Count != 2 || strings.Contains(string(b), "90k") {
		t.Fatalf("list: %s", b)
	}
	_, b = natsTool(t, nc, "alice", gateway.ReviewTool, memAlone, `{}`)
	var rep facts.ReviewReport
	if json.Unmarshal(b, &rep) != nil || rep.Contradictions == nil {
		t.Fatalf("review: %s", b)
	}

	before := h.count(t, "facts")
	for _, c := range []struct {
		tool, body string
		b          gateway.Binding
		code       memhive.Code
		status     string
	}{
		{gateway.UpdateTool, `{"id":"` + h.private + `","claim":"100k"}`, memBob, memhive.CodeNotFound, "404"},
		{gateway.ForgetTool, `{"id":"` + h.private + `"}`, memBob, memhive.CodeNotFound, "404"},
		{gateway.ListTool, `{"audience":["member:alice"]}`, memBob, memhive.CodeMalformedToolCall, "400"},
		{gateway.ForgetTool, `{"id":"` + h.shared + `"}`, gateway.Binding{Member: "bob", Audience: memBob.Audience, Channel: "web:chat"}, memhive.CodeMemberMismatch, "409"},
		{gateway.ForgetTool, `{"id":"` + h.shared + `"}`, gateway.Binding{Channel: "web:chat"}, memhive.CodeMissingAudience, "400"},
	} {
		msg, b := natsTool(t, nc, "alice", c.tool, c.b, c.body)
		if errCode(t, b) != c.code || msg.Header.Get(gateway.HeaderErrorCode) != string(c.code) || msg.Header.Get(micro.ErrorCodeHeader) != c.status {
			t.Fatalf("%s %s: want %s, got %s %v", c.tool, c.body, c.code, b, msg.Header)
		}
	}
	if h.count(t, "facts") != before || h.fact(t, h.private).ExpiredAt != nil {
		t.Fatal("a refused request changed the memory")
	}

	_, b = natsTool(t, nc, "alice", gateway.UpdateTool, memBob, `{"id":"`+h.shared+`","claim":"peanuts"}`)
	var up remember.UpdateResult
	if json.Unmarshal(b, &up) != nil || up.Replaced != h.shared {
		t.Fatalf("update: %s", b)
	}
	_, b = natsTool(t, nc, "alice", gateway.ForgetTool, memBob, `{"id":"`+up.ID+`"}`)
	if !strings.Contains(string(b), `"forgotten":true`) || h.recalls(t, memBob, "peanuts", up.ID) {
		t.Fatalf("forget: %s", b)
	}
	_, b = natsTool(t, nc, "alice", gateway.ProfileTool, memBob, `{"op":"append","line":"vegetarian"}`)
	_, b2 := natsTool(t, nc, "alice", gateway.ProfileTool, memBob, `{"op":"remove_line","line":"vegetarian"}`)
	if !strings.Contains(string(b), `"statement":"vegetarian"`) || !strings.Contains(string(b2), `"removed":[{`) {
		t.Fatalf("edit_profile: %s / %s", b, b2)
	}
	if h.count(t, "facts") != before+1 || h.count(t, "beliefs") != 1 {
		t.Fatal("nothing is deleted: one new version, one line turned off")
	}

	info, err := nc.Request("$SRV.INFO."+gateway.MemoryServiceName, nil, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var si micro.Info
	if err := json.Unmarshal(info.Data, &si); err != nil || si.Name != gateway.MemoryServiceName || len(si.Endpoints) != 2*len(gateway.MemoryTools) {
		t.Fatalf("service info %s", info.Data)
	}
	subjects := map[string]bool{}
	for _, e := range si.Endpoints {
		subjects[e.Subject] = e.QueueGroup == gateway.MemoryQueueGroup
	}
	for _, tool := range gateway.MemoryTools {
		if !subjects["memhive.*."+tool] {
			t.Fatalf("no endpoint on memhive.*.%s in queue group %s: %v", tool, gateway.MemoryQueueGroup, subjects)
		}
	}
}

// A long list is cut on MCP like a long recall answer: a visible capped
// line in the text, rows dropped from the structured JSON with "capped".
func TestMemoryToolsMCPCap(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	when := time.Date(2024, 5, 3, 9, 0, 0, 0, time.UTC)
	for i := range 30 {
		if _, err := h.svc.Memorize(context.Background(), remember.Request{Member: "alice", Subject: "person:bob", Predicate: "likes",
			Claim: strings.Repeat("x", i+1) + " board games of every kind", Audience: memBob.Audience, Channel: "web:chat", At: &when}); err != nil {
			t.Fatal(err)
		}
	}
	cs := connectIO(t, gateway.NewMCPServer(h.rec, h.svc, memBob, quiet, gateway.WithMaxChars(1200)))
	res, text := callTool(t, cs, gateway.ListTool, map[string]any{"limit": 100})
	list := structured[remember.ListResult](t, res, text)
	raw, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(text, "[memory_capped: ") || len([]rune(text)) > 1200 || !list.Capped || !list.More || list.Count != 32 ||
		len(list.Memories) == 0 || len(list.Memories) >= 32 || len(raw) > 1200 {
		t.Fatalf("capped list: %d runes, %d rows of %d, capped=%v, %d bytes of JSON", len([]rune(text)), len(list.Memories), list.Count, list.Capped, len(raw))
	}
}

// One long claim does not take the text's cap from the memories after it:
// its line is cut.
func TestListLongClaimLineIsCut(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	when := time.Date(2024, 5, 3, 9, 0, 0, 0, time.UTC)
	for _, c := range []string{strings.Repeat("long words ", 900), "chess"} {
		if _, err := h.svc.Memorize(context.Background(), remember.Request{Member: "alice", Subject: "person:bob", Predicate: "likes",
			Claim: c, Audience: memBob.Audience, Channel: "web:chat", At: &when}); err != nil {
			t.Fatal(err)
		}
	}
	cs := connectIO(t, gateway.NewMCPServer(h.rec, h.svc, memBob, quiet, gateway.WithMaxChars(4000)))
	_, text := callTool(t, cs, gateway.ListTool, map[string]any{})
	if !strings.Contains(text, "chess") || !strings.Contains(text, "… [cut]") || strings.Contains(text, "[memory_capped: ") {
		t.Fatalf("list text:\n%s", text)
	}
}
