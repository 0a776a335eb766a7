package gateway_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/natstest"
)

// echoAdvisor answers with the request it was given, to show what each
// surface bound (the real advisor is tested in package advisor and, over
// NATS, in package client).
type echoAdvisor struct{}

func (echoAdvisor) Enter(_ context.Context, req advisor.Request) (*advisor.Advice, error) {
	b, _ := json.Marshal(req)
	return &advisor.Advice{Topic: req.Topic, Text: string(b), Arm: advisor.ArmMatcher, Outcome: advisor.OutcomeNone}, nil
}

// enter_topic on MCP and HTTP: the binding comes from the caller, never
// from the arguments; no tier is memory_not_configured.
func TestEnterTopicSurfaces(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bind := gateway.Binding{Member: "alice", Audience: []string{"member:alice", "person:bob"}, Channel: "web:chat",
		Assistant: "talky", Tier: "1", Session: "s-9"}
	connect := func(b gateway.Binding) *mcp.ClientSession {
		st, ct := mcp.NewInMemoryTransports()
		ss, err := gateway.NewMCPServer(echo{}, nil, b, quiet, gateway.WithAdvisor(echoAdvisor{})).Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ss.Close() })
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	cs := connect(bind)
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tl := range tools.Tools {
		found = found || tl.Name == gateway.TopicTool
	}
	if !found {
		t.Fatal("enter_topic is not declared")
	}
	_, text := callTool(t, cs, gateway.TopicTool, map[string]any{"topic": "the trip"})
	var got advisor.Request
	if err := json.Unmarshal([]byte(text), &got); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if got.Member != "alice" || got.Session != "s-9" || got.Assistant != "talky" || len(got.Audience) != 2 || got.Topic != "the trip" {
		t.Fatalf("bound %+v", got)
	}
	res, text := callTool(t, cs, gateway.TopicTool, map[string]any{"topic": "x", "audience": []string{"*"}})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMalformedToolCall {
		t.Fatalf("binding argument: %s %s", code, text)
	}
	// a blank topic is a bad tool call, as every other tool's bad
	// argument; a topic that is no text is invalid_text, as anywhere
	for topic, want := range map[string]memhive.Code{"": memhive.CodeMalformedToolCall, "  ": memhive.CodeMalformedToolCall,
		"a\x00b": memhive.CodeInvalidText} {
		res, text = callTool(t, cs, gateway.TopicTool, map[string]any{"topic": topic})
		if code := toolErrorCode(t, res, text); code != want {
			t.Fatalf("topic %q: %s %s, want %s", topic, code, text, want)
		}
	}
	nb := bind
	nb.Tier = ""
	res, text = callTool(t, connect(nb), gateway.TopicTool, map[string]any{"topic": "x"})
	if code := toolErrorCode(t, res, text); code != memhive.CodeMemoryNotConfigured {
		t.Fatalf("no tier: %s %s", code, text)
	}

	keys := apikey.NewMemory()
	key := keys.MustCreate(apikey.Spec{Members: []string{"alice"}, Assistant: "talky"})
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: keys, Recaller: echo{}, Advisor: echoAdvisor{},
		TierFor: func(string) (string, bool) { return "1", true }}))
	t.Cleanup(srv.Close)
	post := func(member, body string) (int, string) {
		req, _ := http.NewRequest("POST", srv.URL+"/v1/members/"+member+"/enter_topic", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set(gateway.HeaderAudience, "member:alice")
		req.Header.Set(gateway.HeaderChannel, "web:chat")
		req.Header.Set(gateway.HeaderSession, "s-1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := post("alice", `{"topic":"the trip"}`); code != 200 || !strings.Contains(body, `\"session\":\"s-1\"`) || !strings.Contains(body, `\"assistant\":\"talky\"`) {
		t.Fatalf("HTTP enter_topic: %d %s", code, body)
	}
	if code, body := post("bob", `{"topic":"the trip"}`); code != 403 {
		t.Fatalf("another member: %d %s", code, body)
	}
	if code, body := post("alice", `{"topic":"x","channel":"slack:#all"}`); code != 400 || !strings.Contains(body, "malformed_tool_call") {
		t.Fatalf("binding in the body: %d %s", code, body)
	}
	if code, body := post("alice", `{"topic":""}`); code != 400 || !strings.Contains(body, "malformed_tool_call") {
		t.Fatalf("empty topic: %d %s", code, body)
	}
}

// The advisor over NATS checks the assistant's memory tier as HTTP does:
// an assistant whose template sets none (named in the payload or in the
// X-Memhive-Assistant header) is memory_not_configured; one with a tier,
// or one no template of this process knows (the SDK's own template file),
// is answered.
func TestEnterTopicNATSTier(t *testing.T) {
	t.Parallel()
	nc := natstest.Start(t).Conn(t)
	tiers := map[string]string{"talky": "1", "cogny": ""}
	serving(t)(gateway.ServeAdvisorNATS(nc, "memhive", echoAdvisor{}, quiet, gateway.WithWorkers(1),
		gateway.WithTierFor(func(a string) (string, bool) { t, ok := tiers[a]; return t, ok })))
	entry := func(assistant, header string) *nats.Msg {
		t.Helper()
		msg := nats.NewMsg("memhive.alice.topic")
		msg.Data = []byte(`{"topic":"Miso the cat","session":"s-new1","audience":["member:alice"],"channel":"telegram:dm"` + assistant + `}`)
		if header != "" {
			msg.Header.Set(gateway.HeaderAssistant, header)
		}
		reply, err := nc.RequestMsg(msg, 30*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return reply
	}
	for _, tc := range []struct{ body, header string }{{`,"assistant":"cogny"`, ""}, {"", "cogny"}, {`,"assistant":"cogny"`, "cogny"}} {
		reply := entry(tc.body, tc.header)
		if errCode(t, reply.Data) != memhive.CodeMemoryNotConfigured || reply.Header.Get(micro.ErrorCodeHeader) != "422" {
			t.Fatalf("cogny (%q, header %q): %s %v", tc.body, tc.header, reply.Data, reply.Header)
		}
	}
	for _, tc := range []struct{ body, header string }{{`,"assistant":"talky"`, ""}, {"", "talky"}, {`,"assistant":"own-file"`, ""}, {"", ""}} {
		reply := entry(tc.body, tc.header)
		var adv advisor.Advice
		if err := json.Unmarshal(reply.Data, &adv); err != nil || adv.Topic != "Miso the cat" {
			t.Fatalf("(%q, header %q): %s", tc.body, tc.header, reply.Data)
		}
	}
}
