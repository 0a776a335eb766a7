package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/remember"
)

// TestSameFaultSameCodeOnEverySurface: a channel that holds a control
// character (a C1 too, or only one that is white space), is not UTF-8, or
// is over its 256-byte cap is the same fault whether a read or a write
// carries it, in a body, a payload or a binding header: invalid_text,
// invalid_text, field_too_long on HTTP (recall, memorize, a memory tool),
// NATS (recall, a memory tool, the remember lane) and MCP (memory_recall,
// memorize), as on the turn lane. Reads said malformed_request, and a
// control character in a body or in tool arguments malformed_request or
// malformed_tool_call; reads took a C1 control, called a channel of "\t"
// or "\u0085" missing, and a header's "web%C2%85%20" was trimmed to "web".
// The same channel as list_memories' filter (HTTP, NATS, MCP) gets the
// same codes (it was malformed_tool_call over 256 bytes, and taken with a
// C1 control or a tab); the subject filter's cap is memorize's, 1 KiB
// (it was 256 bytes, malformed_tool_call). Nothing is stored.
func TestSameFaultSameCodeOnEverySurface(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h, srv, nc, js := serveEverySurface(t)
	before := h.count(t, "facts")

	long := strings.Repeat("c", 300)
	for _, f := range []struct {
		name   string
		json   string // the channel as a JSON string (a raw byte where it is no UTF-8)
		header string // the channel as X-Memhive-Channel carries it (percent-encoded)
		code   memhive.Code
		named  bool // every answer names the channel (a body not UTF-8 is refused whole)
	}{
		{"a control character", `"web\u0007chat"`, "web%07chat", memhive.CodeInvalidText, true},
		{"bytes not UTF-8", "\"web\xffchat\"", "web%FFchat", memhive.CodeInvalidText, false},
		{"over the cap", `"` + long + `"`, long, memhive.CodeFieldTooLong, true},
		// a C1 control, which reads took (and found nothing by), and a
		// channel of only a control character that is white space,
		// which reads called missing and headers trimmed to nothing
		{"a C1 control", `"web\u0085chat"`, "web%C2%85chat", memhive.CodeInvalidText, true},
		{"a C1 control alone", `"\u0085"`, "%C2%85", memhive.CodeInvalidText, true},
		{"a tab alone", `"\t"`, "%09", memhive.CodeInvalidText, true},
		{"a C1 control after a space", `"web\u0085 "`, "web%C2%85%20", memhive.CodeInvalidText, true},
	} {
		t.Run(f.name, func(t *testing.T) {
			recallBody := `{"query":"tea","tier":"1","audience":["member:alice"],"channel":` + f.json + `}`
			memorizeBody := `{"note":"tea","audience":["member:alice"],"channel":` + f.json + `}`
			hdr := http.Header{}
			hdr.Set(gateway.HeaderMember, "alice")
			hdr.Set(gateway.HeaderAudience, "member:alice")
			hdr.Set(gateway.HeaderChannel, f.header)
			hdr.Set(gateway.HeaderTier, "1")
			cs := connectHTTP(t, srv.URL+"/mcp", hdr)

			got := map[string]memhive.Code{}
			answers := map[string]string{}
			note := func(surface string, code memhive.Code, b []byte) {
				got[surface], answers[surface] = code, string(b)
			}
			_, err := lanes.Decode("alice", []byte(`{"channel":`+f.json+`,"audience":["member:alice"],"speaker":"member:alice","text":"tea"}`), 0)
			note("the turn lane", memhive.CodeOf(err), []byte(fmt.Sprint(err)))
			_, b := post(t, srv.URL+"/v1/members/alice/recall", recallBody)
			note("HTTP recall", errCode(t, b), b)
			_, b = post(t, srv.URL+"/v1/members/alice/memorize", memorizeBody)
			note("HTTP memorize", errCode(t, b), b)
			_, b = post(t, srv.URL+"/v1/members/alice/"+gateway.ListTool, `{}`,
				gateway.HeaderAudience, "member:alice", gateway.HeaderChannel, f.header, gateway.HeaderTier, "1")
			note("HTTP list_memories", errCode(t, b), b)

			_, b = natsRecall(t, nc, "memhive.alice.recall", recallBody)
			note("NATS recall", errCode(t, b), b)
			msg := nats.NewMsg("memhive.alice." + gateway.ListTool)
			msg.Data = []byte(`{}`)
			msg.Header.Set(gateway.HeaderAudience, "member:alice")
			msg.Header.Set(gateway.HeaderChannel, f.header)
			msg.Header.Set(gateway.HeaderTier, "1")
			reply, err := nc.RequestMsg(msg, 30*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			note("NATS list_memories", errCode(t, reply.Data), reply.Data)
			out := rememberLane(t, nc, js, memorizeBody)
			note("NATS remember lane", errCode(t, out.Data), out.Data)

			for _, tool := range []struct {
				name string
				args map[string]any
			}{{gateway.RecallTool, map[string]any{"query": "tea"}}, {gateway.MemorizeTool, map[string]any{"note": "tea"}}} {
				res, text := callTool(t, cs, tool.name, tool.args)
				note("MCP "+tool.name, toolErrorCode(t, res, text), []byte(text))
			}
			// the same channel as list_memories' filter, under a good
			// binding: a filter is the field it filters by
			filter := `{"channel":` + f.json + `}`
			_, b = postTool(t, srv.URL, "alice", gateway.ListTool, memAlone, filter)
			note("HTTP list_memories filter", errCode(t, b), b)
			_, b = natsTool(t, nc, "alice", gateway.ListTool, memAlone, filter)
			note("NATS list_memories filter", errCode(t, b), b)
			code, text := mcpCall(t, srv.URL+"/mcp", memAlone, gateway.ListTool, filter)
			note("MCP list_memories filter", code, []byte(text))
			for surface, code := range got {
				if code != f.code || (f.named && !strings.Contains(answers[surface], "channel")) {
					t.Errorf("%s: %s, want %s naming the channel: %.200s", surface, code, f.code, answers[surface])
				}
			}
		})
	}
	// list_memories' subject filter has memorize's cap (MaxSubject, 1 KiB,
	// canonical): a fact with a subject of 1000 bytes is found by it, one
	// byte over the cap is field_too_long (both were malformed_tool_call,
	// over 256 bytes), on every surface
	long = "person:" + strings.Repeat("s", 1000)
	if _, err := h.svc.Memorize(ctx, remember.Request{Member: "alice", Subject: long, Predicate: "likes", Claim: "tea",
		Audience: memAlone.Audience, Channel: memAlone.Channel}); err != nil {
		t.Fatal(err)
	}
	before = h.count(t, "facts")
	for _, sf := range []struct {
		subject string
		code    memhive.Code // "": the fact is listed
	}{
		{long, ""},
		{"  " + strings.ToUpper(long) + " ", ""}, // its canonical form is the fact's
		{strings.Repeat("s", remember.MaxSubject+1), memhive.CodeFieldTooLong},
	} {
		filter := `{"subject":"` + sf.subject + `"}`
		answers := map[string][2]string{}
		_, b := postTool(t, srv.URL, "alice", gateway.ListTool, memAlone, filter)
		answers["HTTP"] = [2]string{codeOf(b), string(b)}
		_, b = natsTool(t, nc, "alice", gateway.ListTool, memAlone, filter)
		answers["NATS"] = [2]string{codeOf(b), string(b)}
		code, text := mcpCall(t, srv.URL+"/mcp", memAlone, gateway.ListTool, filter)
		answers["MCP"] = [2]string{string(code), text}
		for surface, got := range answers {
			switch {
			case got[0] != string(sf.code):
				t.Errorf("a subject filter of %d bytes on %s: %q, want %q: %.300s", len(sf.subject), surface, got[0], sf.code, got[1])
			case sf.code == "" && !strings.Contains(got[1], `"count":1`) && !strings.Contains(got[1], "MEMORIES (1)"):
				t.Errorf("a subject filter of %d bytes on %s did not list the fact: %.300s", len(sf.subject), surface, got[1])
			case sf.code != "" && !strings.Contains(got[1], "subject of"):
				t.Errorf("a subject filter of %d bytes on %s: the refusal does not name the subject: %.300s", len(sf.subject), surface, got[1])
			}
		}
	}
	// in a tool's arguments, on MCP: the same code as in a body
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memAlone))
	for tool, args := range map[string]map[string]any{
		gateway.MemorizeTool: {"note": "tea\u0007"}, gateway.RecallTool: {"query": "tea\u0000"}, gateway.ForgetTool: {"id": "x", "reason": "\u001b[31m"},
	} {
		res, text := callTool(t, cs, tool, args)
		if code := toolErrorCode(t, res, text); code != memhive.CodeInvalidText || !strings.Contains(text, "holds the control character") {
			t.Errorf("MCP %s %v: %s", tool, args, text)
		}
	}
	if n := h.count(t, "facts"); n != before {
		t.Fatalf("facts went from %d to %d", before, n)
	}
}

// serveEverySurface is a hive served on every surface a fault can come in
// by: HTTP (MCP too, talky at tier 1), NATS (recall and the memory tools)
// and the remember lane on js.
func serveEverySurface(t *testing.T) (memHive, *httptest.Server, *nats.Conn, jetstream.JetStream) {
	t.Helper()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc,
		TierFor: func(a string) (string, bool) { return "1", a == "talky" }}))
	t.Cleanup(srv.Close)
	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeNATS(nc, "memhive", h.rec, quiet))
	serving(t)(gateway.ServeMemoryNATS(nc, "memhive", h.svc, quiet))
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	lane, err := remember.Consume(context.Background(), js, h.pool, "memhive", quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lane.Stop)
	return h, srv, nc, js
}

// rememberLane publishes body on alice's remember lane with a reply
// inbox and returns the outcome the lane answers there.
func rememberLane(t *testing.T, nc *nats.Conn, js jetstream.JetStream, body string) *nats.Msg {
	t.Helper()
	inbox := nats.NewInbox()
	sub, err := nc.SubscribeSync(inbox)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	lm := nats.NewMsg(remember.Subject("memhive", "alice"))
	lm.Data = []byte(body)
	lm.Header.Set(remember.ReplyHeader, inbox)
	if _, err := js.PublishMsg(context.Background(), lm); err != nil {
		t.Fatal(err)
	}
	out, err := sub.NextMsg(30 * time.Second)
	if err != nil {
		t.Fatalf("the remember lane: no outcome: %v", err)
	}
	return out
}

// mcpCall posts one tools/call to /mcp as raw bytes (the go-sdk client
// would mend bytes that are not UTF-8 before sending them) and returns
// memhive's code: a JSON-RPC error's data.code, a tool error's code, or
// "" for a result that is no error.
func mcpCall(t *testing.T, url string, b gateway.Binding, tool, args string) (memhive.Code, string) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
	hdr := http.Header{}
	for k, v := range bindingHeaders(b) {
		if v[0] != "" {
			hdr[k] = v
		}
	}
	resp, raw := postMCP(t, url, hdr, body)
	var out struct {
		Error *struct {
			Data struct {
				Code memhive.Code `json:"code"`
			} `json:"data"`
		} `json:"error"`
		Result *struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("/mcp %s: not JSON-RPC: %d %.300s", tool, resp.StatusCode, raw)
	}
	switch {
	case out.Error != nil:
		return out.Error.Data.Code, string(raw)
	case out.Result != nil && out.Result.IsError && len(out.Result.Content) == 1:
		var e memhive.ErrorBody
		if json.Unmarshal([]byte(out.Result.Content[0].Text), &e) != nil || e.Error == nil {
			t.Fatalf("/mcp %s: a tool error that is no error body: %.300s", tool, raw)
		}
		return e.Error.Code, out.Result.Content[0].Text
	case out.Result != nil && !out.Result.IsError:
		return "", string(raw)
	}
	t.Fatalf("/mcp %s: neither result nor error: %.300s", tool, raw)
	return "", ""
}

// writeState is what a write tool changes of alice's memory: her facts,
// those closed (updated or forgotten), their closure sources, and her
// profile lines.
func writeState(t *testing.T, h memHive) string {
	t.Helper()
	var s string
	if err := h.pool.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM facts WHERE member_id = 'alice') || '/' ||
		(SELECT count(*) FROM facts WHERE member_id = 'alice' AND (expired_at IS NOT NULL OR superseded_by IS NOT NULL)) || '/' ||
		(SELECT coalesce(string_agg(closure_source, ','), '') FROM facts WHERE member_id = 'alice') || '/' ||
		(SELECT count(*) FROM beliefs WHERE member_id = 'alice')`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWriteToolTextFaultsOnEverySurface: every string argument of every
// tool that writes (update_memory's claim, forget's reason, edit_profile's
// line, and the names beside them: ids, valid_from, section, op,
// memorize's kind) holding a C1 control (escaped or as its bytes), a NUL,
// a control character alone or bytes not UTF-8 is refused invalid_text,
// naming the argument where the fault is the argument's, on HTTP, NATS and
// MCP, as memorize refuses its claim and note; nothing is stored, updated
// or forgotten. The strict decoder refuses C0 and DEL in any string, and
// bytes not UTF-8 in any body, but not the C1 controls: the claim, the
// reason and the line were stored with them (a claim's trailing U+0085
// trimmed off, as white space), and an id, a time, a section or an op
// holding one was not_found or malformed_tool_call. list_memories'
// filters (subject, channel, kind) are checked as the same fields of a
// write are (remember.ListArgs.Check): they were taken, trimmed, and
// matched.
func TestWriteToolTextFaultsOnEverySurface(t *testing.T) {
	t.Parallel()
	h := setupMemHive(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc}))
	t.Cleanup(srv.Close)
	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeMemoryNATS(nc, "memhive", h.svc, quiet))
	before := writeState(t, h)

	// each argument with the fault in its place (X), the rest good: the
	// ids are of a fact memBob's conversation sees, so a call that got
	// through would change it
	type arg struct {
		tool, name, args string
		text             bool // free text: the fault in the middle of words, and a tab passes
	}
	args := []arg{
		{gateway.UpdateTool, "claim", `{"id":"` + h.shared + `","claim":"pea X nuts"}`, true},
		{gateway.ForgetTool, "reason", `{"id":"` + h.public + `","reason":"moved X away"}`, true},
		{gateway.ProfileTool, "line", `{"op":"append","line":"likes X tea"}`, true},
		{gateway.ProfileTool, "line", `{"op":"replace_section","section":"food","line":"tea\nX"}`, true},
		{gateway.ProfileTool, "line", `{"op":"remove_line","line":"likes X tea"}`, true},
		{gateway.UpdateTool, "id", `{"id":"` + h.shared + `X","claim":"peanuts"}`, false},
		{gateway.UpdateTool, "valid_from", `{"id":"` + h.shared + `","claim":"peanuts","valid_from":"2025-01-01X"}`, false},
		{gateway.ForgetTool, "id", `{"id":"X` + h.public + `"}`, false},
		{gateway.ProfileTool, "section", `{"op":"append","section":"foodX","line":"tea"}`, false},
		{gateway.ProfileTool, "op", `{"op":"appendX","line":"tea"}`, false},
		{gateway.ProfileTool, "id", `{"op":"remove_line","id":"01M8NGZH485GVCV7CYCKZ63ZHKX"}`, false},
		{gateway.MemorizeTool, "kind", `{"note":"tea","kind":"worldX"}`, false},
		{gateway.MemorizeTool, "subject", `{"subject":"person:Xsam","predicate":"works at","claim":"Acme"}`, false},
		{gateway.MemorizeTool, "predicate", `{"subject":"person:sam","predicate":"worksXat","claim":"Acme"}`, false},
		// list_memories' filters, as the fields they filter by: a subject
		// of "\u0085" was trimmed to blank and listed everything, and
		// "member:alice\u0085" listed member:alice's facts
		{gateway.ListTool, "subject", `{"subject":"member:aliceX"}`, false},
		{gateway.ListTool, "subject", `{"subject":"X"}`, false},
		{gateway.ListTool, "channel", `{"channel":"telegram:dmX"}`, false},
		{gateway.ListTool, "kind", `{"kind":"worldX"}`, false},
	}
	faults := []struct {
		name, x string
		named   bool // the refusal names the argument (bytes not UTF-8 are the body's fault)
	}{
		{"a C1 control", `\u0085`, true},
		{"a C1 control as its bytes", "\u0085", true},
		{"another C1 control", `\u009b`, true},
		{"a NUL", `\u0000`, true},
		{"an escape", `\u001b`, true},
		{"bytes not UTF-8", "\xff", false},
	}
	for _, a := range args {
		for _, f := range faults {
			body := strings.Replace(a.args, "X", f.x, 1)
			name := a.tool + " " + a.name + ", " + f.name
			answers := map[string][2]string{} // surface: code, answer
			_, b := postTool(t, srv.URL, "alice", a.tool, memBob, body)
			if a.tool == gateway.MemorizeTool { // memorize's binding is its body's over HTTP
				_, b = post(t, srv.URL+"/v1/members/alice/memorize",
					strings.Replace(body, "{", `{"audience":["member:alice","person:bob"],"channel":"web:chat",`, 1))
			} else {
				_, nb := natsTool(t, nc, "alice", a.tool, memBob, body)
				answers["NATS"] = [2]string{codeOf(nb), string(nb)}
			}
			answers["HTTP"] = [2]string{codeOf(b), string(b)}
			code, text := mcpCall(t, srv.URL+"/mcp", memBob, a.tool, body)
			answers["MCP"] = [2]string{string(code), text}
			for surface, got := range answers {
				if got[0] != string(memhive.CodeInvalidText) || (f.named && !regexp.MustCompile(`^\W*`+a.name+`\W* holds the control character`).MatchString(got[1][strings.Index(got[1], `"message":`)+len(`"message":`):])) {
					t.Errorf("%s on %s: %s, want invalid_text naming %s: %.300s", name, surface, got[0], a.name, got[1])
				}
			}
			if now := writeState(t, h); now != before {
				t.Errorf("%s: alice's memory went from %s to %s", name, before, now)
				before = now
			}
		}
	}
	// a name (an id, a time, a section, an op, a kind, a fact's subject
	// or predicate, a filter) holds no tab nor newline: memorize stored
	// "person:\tsam" and "works\nat" as they came
	for _, a := range args {
		if a.text {
			continue
		}
		for _, x := range []string{`\t`, `\n`} {
			if code, text := mcpCall(t, srv.URL+"/mcp", memBob, a.tool, strings.Replace(a.args, "X", x, 1)); code != memhive.CodeInvalidText ||
				!strings.Contains(text, a.name+` holds the control character`) {
				t.Errorf("%s %s with %s: %s, want invalid_text naming it: %.300s", a.tool, a.name, x, code, text)
			}
		}
	}
	if now := writeState(t, h); now != before {
		t.Fatalf("names with a tab or a newline: alice's memory went from %s to %s", before, now)
	}
	// the free text with a tab is taken, as memorize's claim and note are
	// (the check is no blanket refusal): the fact is updated, the other
	// forgotten, the line added, replaced and removed
	for _, a := range args {
		if !a.text {
			continue
		}
		if code, text := mcpCall(t, srv.URL+"/mcp", memBob, a.tool, strings.Replace(a.args, "X", `\t`, 1)); code != "" {
			t.Errorf("%s %s with a tab: %s", a.tool, a.name, text)
		}
	}
	if now := writeState(t, h); now == before {
		t.Fatalf("the calls with a tab changed nothing: %s", now)
	}
}

// TestKeyTextFaultSameCodeOnEverySurface: a key holding a control
// character (a C1 one, escaped or as its bytes, a C0 one, a tab) or half a
// surrogate pair is invalid_text naming the key on every surface and both
// lanes, whatever the body, payload or arguments (memhive.CheckJSONKeys):
// its text is looked at before whether the key is known, as a value's is
// before what it means. The turn lane and the remember lane called such a
// key an unknown field (malformed_turn, malformed_request), and so did the
// gateway of a C1 one or half a pair (malformed_request,
// malformed_tool_call), while it said invalid_text of a C0 one. A key
// that is a name but no field's keeps each surface's code for the shape
// of a call. Nothing is stored.
func TestKeyTextFaultSameCodeOnEverySurface(t *testing.T) {
	t.Parallel()
	h, srv, nc, js := serveEverySurface(t)
	before := writeState(t, h)

	for _, k := range []struct {
		name, key string // the key as JSON
		code      string // "" for the shape's code of each surface
		says      string
	}{
		{"a C1 control", `"x\u0085"`, "invalid_text", `the key "x\u0085" holds the control character U+0085`},
		{"a C1 control as its bytes", "\"x\u0085\"", "invalid_text", `the key "x\u0085" holds the control character U+0085`},
		{"a known field's name and a C1 control", `"text\u009b"`, "invalid_text", `the key "text\u009b" holds the control character U+009B`},
		{"a bell", `"x\u0007"`, "invalid_text", `the key "x\a" holds the control character U+0007`},
		{"a NUL alone", `"\u0000"`, "invalid_text", `the key "\x00" holds the control character U+0000`},
		{"a tab", `"x\t"`, "invalid_text", `the key "x\t" holds the control character U+0009`},
		{"half a surrogate pair", `"x\ud800"`, "invalid_text", `the key "x\ud800" escapes half a UTF-16 surrogate pair`},
		{"a name no field has", `"xyz"`, "", `"xyz"`},
	} {
		t.Run(k.name, func(t *testing.T) {
			with := func(body string) string { return strings.Replace(body, "{", "{"+k.key+":1,", 1) }
			recallBody := with(`{"query":"tea","tier":"1","audience":["member:alice"],"channel":"web:chat"}`)
			memorizeBody := with(`{"note":"tea","audience":["member:alice"],"channel":"web:chat"}`)
			got := map[string][2]string{} // surface: code, answer
			_, err := lanes.Decode("alice", []byte(with(`{"channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"tea"}`)), 0)
			got["the turn lane"] = [2]string{string(memhive.CodeOf(err)), memhive.AsError(err).Message}
			_, b := post(t, srv.URL+"/v1/members/alice/recall", recallBody)
			got["HTTP recall"] = [2]string{codeOf(b), messageOf(string(b))}
			_, b = post(t, srv.URL+"/v1/members/alice/memorize", memorizeBody)
			got["HTTP memorize"] = [2]string{codeOf(b), messageOf(string(b))}
			_, b = postTool(t, srv.URL, "alice", gateway.UpdateTool, memBob, with(`{"id":"`+h.shared+`","claim":"peanuts"}`))
			got["HTTP update_memory"] = [2]string{codeOf(b), messageOf(string(b))}
			_, b = natsRecall(t, nc, "memhive.alice.recall", recallBody)
			got["NATS recall"] = [2]string{codeOf(b), messageOf(string(b))}
			_, b = natsTool(t, nc, "alice", gateway.ProfileTool, memBob, with(`{"op":"append","line":"tea"}`))
			got["NATS edit_profile"] = [2]string{codeOf(b), messageOf(string(b))}
			out := rememberLane(t, nc, js, memorizeBody)
			got["NATS remember lane"] = [2]string{codeOf(out.Data), messageOf(string(out.Data))}
			for tool, args := range map[string]string{
				gateway.RecallTool: `{"query":"tea"}`, gateway.MemorizeTool: `{"note":"tea"}`, gateway.ForgetTool: `{"id":"` + h.public + `"}`,
			} {
				code, text := mcpCall(t, srv.URL+"/mcp", memBob, tool, with(args))
				got["MCP "+tool] = [2]string{string(code), messageOf(text)}
			}
			for surface, g := range got {
				want := k.code
				if want == "" { // the shape's code: a turn's, a request's or a tool call's
					switch {
					case surface == "the turn lane":
						want = "malformed_turn"
					case strings.HasPrefix(surface, "MCP"), strings.HasSuffix(surface, "update_memory"), strings.HasSuffix(surface, "edit_profile"):
						want = "malformed_tool_call"
					default:
						want = "malformed_request"
					}
				}
				if g[0] != want || !strings.Contains(g[1], k.says) {
					t.Errorf("%s: %s, want %s saying %s: %.300s", surface, g[0], want, k.says, g[1])
				}
			}
		})
	}
	if now := writeState(t, h); now != before {
		t.Fatalf("alice's memory went from %s to %s", before, now)
	}
}

// messageOf is the message of an error body ("" for none).
func messageOf(b string) string {
	var body memhive.ErrorBody
	if json.Unmarshal([]byte(b), &body) != nil || body.Error == nil {
		return ""
	}
	return body.Error.Message
}
