package gateway_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
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
// Nothing is stored.
func TestSameFaultSameCodeOnEverySurface(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
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
	lane, err := remember.Consume(ctx, js, h.pool, "memhive", quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lane.Stop)
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
			inbox := nats.NewInbox()
			sub, err := nc.SubscribeSync(inbox)
			if err != nil {
				t.Fatal(err)
			}
			defer sub.Unsubscribe()
			lm := nats.NewMsg(remember.Subject("memhive", "alice"))
			lm.Data = []byte(memorizeBody)
			lm.Header.Set(remember.ReplyHeader, inbox)
			if _, err := js.PublishMsg(ctx, lm); err != nil {
				t.Fatal(err)
			}
			out, err := sub.NextMsg(30 * time.Second)
			if err != nil {
				t.Fatalf("the remember lane: no outcome: %v", err)
			}
			note("NATS remember lane", errCode(t, out.Data), out.Data)

			for _, tool := range []struct {
				name string
				args map[string]any
			}{{gateway.RecallTool, map[string]any{"query": "tea"}}, {gateway.MemorizeTool, map[string]any{"note": "tea"}}} {
				res, text := callTool(t, cs, tool.name, tool.args)
				note("MCP "+tool.name, toolErrorCode(t, res, text), []byte(text))
			}
			for surface, code := range got {
				if code != f.code || (f.named && !strings.Contains(answers[surface], "channel")) {
					t.Errorf("%s: %s, want %s naming the channel: %.200s", surface, code, f.code, answers[surface])
				}
			}
		})
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
