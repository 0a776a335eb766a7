package gateway_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
)

// rpcError is a JSON-RPC error response as /mcp answers one.
type rpcError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
		Data    struct {
			Code memhive.Code `json:"code"`
		} `json:"data"`
	} `json:"error"`
}

// TestMCPRefusalsAreJSONRPC: what curl or a hand-made client gets wrong
// on /mcp (the Content-Type, a body that is no JSON or no JSON-RPC
// message, the Accept header, the method) is answered with the status
// the MCP SDK and the spec use and a JSON-RPC error body
// (application/json), never the SDK's line of plain text; the id is the
// request's when it could be read, else null, and data holds memhive's
// code.
func TestMCPRefusalsAreJSONRPC(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}}))
	t.Cleanup(srv.Close)
	const list = `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`
	const accept = "application/json, text/event-stream"
	deep := `{"jsonrpc":"2.0","id":"d","method":"tools/call","params":{"name":"memory_recall","arguments":{"query":` +
		strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}}}`
	for _, tc := range []struct {
		name, method, contentType, accept, body string
		status                                  int
		rpc                                     int64
		id                                      string
		code                                    memhive.Code
	}{
		{"a text/plain body", "POST", "text/plain", accept, list, 415, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"no Content-Type", "POST", "", accept, list, 415, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"a form, as curl -d sends it", "POST", "application/x-www-form-urlencoded", accept, list, 415, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"JSON cut short", "POST", "application/json", accept, `{"jsonrpc":"2.0",`, 400, jsonrpc.CodeParseError, "null", memhive.CodeMalformedRequest},
		{"no body", "POST", "application/json", accept, ``, 400, jsonrpc.CodeParseError, "null", memhive.CodeMalformedRequest},
		{"not UTF-8", "POST", "application/json", accept, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"x\":\"\xff\"}", 400, jsonrpc.CodeParseError, "null", memhive.CodeInvalidText},
		{"nested too deep", "POST", "application/json", accept, deep, 400, jsonrpc.CodeInvalidRequest, `"d"`, memhive.CodeMalformedRequest},
		{"over the body cap", "POST", "application/json", accept, `{"x":"` + strings.Repeat("a", gateway.MaxBody) + `"}`, 413, jsonrpc.CodeInvalidRequest, "null", memhive.CodeTextTooLarge},
		// refused by the SDK, rewritten
		{"JSON that is no JSON-RPC message", "POST", "application/json", accept, `{"hello":1}`, 400, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"an Accept without text/event-stream", "POST", "application/json", "text/html", list, 400, jsonrpc.CodeInvalidRequest, "7", memhive.CodeMalformedRequest},
		// no failure of the transport: a JSON-RPC error for the call
		{"an unknown method", "POST", "application/json", accept, `{"jsonrpc":"2.0","id":"a","method":"nope/nope"}`, 200, jsonrpc.CodeMethodNotFound, `"a"`, memhive.CodeNotFound},
		// JSON that is no object: said so, without the SDK's "empty
		// batch" (of null) or its Go type's name (of 42)
		{"null", "POST", "application/json", accept, `null`, 400, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"a bare number", "POST", "application/json", accept, ` 42 `, 400, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"a bare string", "POST", "application/json", accept, `"tools/list"`, 400, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
		{"a GET (no stream: stateless)", "GET", "", "text/event-stream", ``, 405, jsonrpc.CodeInvalidRequest, "null", memhive.CodeMalformedRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, srv.URL+"/mcp", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range bindingHeaders(memAlone) {
				req.Header[k] = v
			}
			req.Header.Set("Authorization", "Bearer "+testKey)
			req.Header.Set("Accept", tc.accept)
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			var e rpcError
			if err := json.Unmarshal(b, &e); err != nil || resp.StatusCode != tc.status ||
				!strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || e.JSONRPC != "2.0" || e.Error == nil {
				t.Fatalf("want %d and a JSON-RPC error, got %d %s: %.300s", tc.status, resp.StatusCode, resp.Header.Get("Content-Type"), b)
			}
			if e.Error.Code != tc.rpc || string(e.ID) != tc.id || e.Error.Data.Code != tc.code || e.Error.Message == "" {
				t.Fatalf("want code %d, id %s, data %s: %.300s", tc.rpc, tc.id, tc.code, b)
			}
			if m := e.Error.Message; strings.Contains(m, "Go value") || strings.Contains(m, "jsonrpc2") || strings.Contains(m, "batch") {
				t.Fatalf("the sentence speaks of Go or of a batch: %s", m)
			}
			if tc.status == 405 && resp.Header.Get("Allow") != "POST" {
				t.Fatalf("405 without Allow: POST: %v", resp.Header)
			}
		})
	}
}

// TestMCPClientKeepsItsSessionOnARefusal: a message /mcp refuses before
// the SDK reads it (here, arguments nested past the envelope's depth) is
// a JSON-RPC error for the call's id, so the go-sdk client returns it as
// *jsonrpc.Error for that call and the next call on the same session is
// answered (with a plain-text or memhive body the client failed the
// session).
func TestMCPClientKeepsItsSessionOnARefusal(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}}))
	t.Cleanup(srv.Close)
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memAlone))
	deep := json.RawMessage(`{"query":` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}`)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: gateway.RecallTool, Arguments: deep})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidRequest || !strings.Contains(rpc.Message, "deeper than") {
		t.Fatalf("want a JSON-RPC error -32600, got %v", err)
	}
	if res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "walnuts"}); res.IsError {
		t.Fatalf("the next call: %s", text)
	}
}

// TestMCPInitializeAdvertisesToolsAlone: the tool list is fixed when a
// server is built and never changes, so the initialize result offers
// tools without listChanged; and memhive sends a client no log message,
// so it offers no logging (the SDK's default) nor anything else: over
// /mcp (read raw and by the go-sdk client) and over stdio framing.
func TestMCPInitializeAdvertisesToolsAlone(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}}))
	t.Cleanup(srv.Close)
	hdr := bindingHeaders(memAlone)
	for _, kv := range [][2]string{{"Authorization", "Bearer " + testKey}, {"Content-Type", "application/json"},
		{"Accept", "application/json, text/event-stream"}} {
		hdr.Set(kv[0], kv[1])
	}
	req, _ := http.NewRequest("POST", srv.URL+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize",`+
		`"params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"0"}}}`))
	req.Header = hdr
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var init struct {
		Result struct {
			Capabilities map[string]json.RawMessage `json:"capabilities"`
		} `json:"result"`
	}
	if err := json.Unmarshal(b, &init); err != nil || resp.StatusCode != 200 {
		t.Fatalf("initialize: %d %s", resp.StatusCode, b)
	}
	if tools, ok := init.Result.Capabilities["tools"]; !ok || string(tools) != `{}` || len(init.Result.Capabilities) != 1 {
		t.Fatalf("initialize offers %s, want tools ({}) alone", b)
	}
	for name, cs := range map[string]*mcp.ClientSession{
		"/mcp":  connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memAlone)),
		"stdio": connectIO(t, gateway.NewMCPServer(echo{}, &note{}, memAlone, quiet)),
	} {
		caps := cs.InitializeResult().Capabilities
		if caps.Tools == nil || caps.Tools.ListChanged {
			t.Errorf("%s: tools capability %+v, want present without listChanged", name, caps.Tools)
		}
		if caps.Logging != nil {
			t.Errorf("%s: logging capability %+v, want none", name, caps.Logging)
		}
	}
}

// TestMCPUnknownMethodIsMethodNotFound: a request /mcp has no method for
// is answered 200 with the JSON-RPC error -32601 for its id, as JSON-RPC
// 2.0 says, not refused as a bad HTTP request (the SDK's 400, -32600 "JSON
// RPC not handled", which the TypeScript SDK takes for a failed
// transport); a notification of a method it does not know is accepted
// (202, no body), as one it knows is. Raw, and by the go-sdk client
// sending a method of its own: it gets a *jsonrpc.Error for that call and
// its session answers the next one.
func TestMCPUnknownMethodIsMethodNotFound(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}}))
	t.Cleanup(srv.Close)
	post := func(body string) (*http.Response, []byte) {
		t.Helper()
		return postMCP(t, srv.URL+"/mcp", bindingHeaders(memAlone), body)
	}
	for _, tc := range []struct{ body, id string }{
		{`{"jsonrpc":"2.0","id":9,"method":"resources/subscribe_all","params":{}}`, "9"},
		{`{"jsonrpc":"2.0","id":"x-1","method":"nope"}`, `"x-1"`},
	} {
		resp, b := post(tc.body)
		var e rpcError
		if err := json.Unmarshal(b, &e); err != nil || resp.StatusCode != http.StatusOK || e.Error == nil ||
			!strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("%s: want 200 and a JSON-RPC error, got %d %s: %.300s", tc.body, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
		if e.JSONRPC != "2.0" || string(e.ID) != tc.id || e.Error.Code != jsonrpc.CodeMethodNotFound ||
			!strings.HasPrefix(e.Error.Message, "Method not found") || e.Error.Data.Code != memhive.CodeNotFound {
			t.Fatalf("%s: want -32601 \"Method not found\" for id %s: %s", tc.body, tc.id, b)
		}
	}
	for _, body := range []string{`{"jsonrpc":"2.0","method":"notifications/nope"}`, `{"jsonrpc":"2.0","method":"notifications/initialized"}`} {
		if resp, b := post(body); resp.StatusCode != http.StatusAccepted || len(b) != 0 {
			t.Fatalf("%s: want 202 with no body, got %d: %.300s", body, resp.StatusCode, b)
		}
	}

	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	if err := mcp.AddSendingCustomMethod[*mcp.ListToolsParams, *mcp.ListToolsResult](client, "acme/search"); err != nil {
		t.Fatal(err)
	}
	h := bindingHeaders(memAlone)
	h.Set("Authorization", "Bearer "+testKey)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL + "/mcp", DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: headerTransport{h: h, base: http.DefaultTransport}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	_, err = mcp.CallCustomMethod[*mcp.ListToolsParams, *mcp.ListToolsResult](context.Background(), cs, "acme/search", &mcp.ListToolsParams{})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeMethodNotFound {
		t.Fatalf("the go-sdk client: want a JSON-RPC error -32601, got %v", err)
	}
	if res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "walnuts"}); res.IsError {
		t.Fatalf("the next call: %s", text)
	}
}

// postMCP posts body to url as JSON-RPC with testKey and the headers in
// hdr (hdr becomes the request's), and returns the response with its body
// read.
func postMCP(t *testing.T, url string, hdr http.Header, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = hdr
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp, raw
}
