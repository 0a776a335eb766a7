package gateway_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// tierBodies are recall requests with the tier as a JSON number and as a
// JSON string, and the tier each must bind.
var tierBodies = func() map[string]string {
	out := map[string]string{}
	for _, tier := range []string{"0", "1", "2"} {
		for _, lit := range []string{tier, `"` + tier + `"`} {
			out[`{"query":"q","tier":`+lit+`,"audience":["member:alice"],"channel":"web:chat"}`] = tier
		}
	}
	return out
}()

// A query one character over recall.MaxQueryChars.
var tooLong = strings.Repeat("a", recall.MaxQueryChars+1)

func TestTierNumberOrStringHTTP(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}}))
	t.Cleanup(srv.Close)
	u := srv.URL + "/v1/members/alice/recall"
	for body, tier := range tierBodies {
		status, b := post(t, u, body)
		var ans recall.Answer
		if status != 200 || json.Unmarshal(b, &ans) != nil {
			t.Fatalf("%s: %d %s", body, status, b)
		}
		if got := echoed(t, &ans); got.Tier != tier {
			t.Fatalf("%s: bound tier %q", body, got.Tier)
		}
	}
	for _, body := range []string{
		`{"query":"q","tier":1.5,"audience":["member:alice"],"channel":"c"}`,
		`{"query":"q","tier":true,"audience":["member:alice"],"channel":"c"}`,
		`{"query":"q","tier":3,"audience":["member:alice"],"channel":"c"}`,
	} {
		if status, b := post(t, u, body); status != 400 || errCode(t, b) != memhive.CodeMalformedRequest {
			t.Fatalf("%s: %d %s", body, status, b)
		}
	}
	status, b := post(t, u, `{"query":"`+tooLong+`","tier":1,"audience":["member:alice"],"channel":"c"}`)
	if status != 400 || errCode(t, b) != memhive.CodeQueryTooLong {
		t.Fatalf("a long query: %d %s", status, b)
	}
}

// TestHTTPRequestErrorsSayWhatToFix: a value that is no tier is the
// request's fault (malformed_request) even when the key's assistant has a
// tier; fields of the wrong JSON type are named with what they take, in
// words a client author reads (no Go type names); a tier-1 question needs a
// query.
func TestHTTPRequestErrorsSayWhatToFix(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{},
		TierFor: func(string) (string, bool) { return "1", true }}))
	t.Cleanup(srv.Close)
	u := srv.URL + "/v1/members/alice/recall"
	for _, c := range []struct {
		body   string
		status int
		code   memhive.Code
		says   string
	}{
		{`{"query":"q","tier":3,"audience":["member:alice"],"channel":"c"}`, 400, memhive.CodeMalformedRequest, `tier "3" is not 0, 1 or 2`},
		{`{"query":"q","tier":"one","audience":["member:alice"],"channel":"c"}`, 400, memhive.CodeMalformedRequest, `tier "one" is not 0, 1 or 2`},
		{`{"query":"q","tier":2,"audience":["member:alice"],"channel":"c"}`, 403, gateway.CodeForbidden, `configured for tier "1"`},
		{`{"query":"q","audience":"member:alice","channel":"c"}`, 400, memhive.CodeMalformedRequest, `audience must be a list of strings`},
		{`{"query":"q","audience":["member:alice"],"channel":"c","limit":"two"}`, 400, memhive.CodeMalformedRequest, `limit must be a whole number`},
		{`{"query":"q","audience":["member:alice"],"channel":"c","as_of":"2026-11-30T10:00:00"}`, 400, memhive.CodeMalformedRequest, `has no time zone`},
		{`{"query":"q","audience":["member:alice"],"channel":"c","as_of":"yesterday"}`, 400, memhive.CodeMalformedRequest, `as_of: "yesterday" is not an RFC 3339 time`},
		{`{"query":"q","audience":["member:alice"],"channel":"c","tmie":1}`, 400, memhive.CodeMalformedRequest, `unknown field "tmie"`},
		{`[]`, 400, memhive.CodeMalformedRequest, `a request is a JSON object, not a JSON array`},
		{`{"query":" ","audience":["member:alice"],"channel":"c"}`, 400, memhive.CodeMalformedRequest, `needs a query`},
	} {
		status, b := post(t, u, c.body)
		var eb memhive.ErrorBody
		_ = json.Unmarshal(b, &eb)
		if status != c.status || errCode(t, b) != c.code || eb.Error == nil || !strings.Contains(eb.Error.Message, c.says) {
			t.Errorf("%s: %d %s, want %d %s saying %q", c.body, status, b, c.status, c.code, c.says)
		}
		if strings.Contains(string(b), "Go ") || strings.Contains(string(b), "struct") || strings.Contains(string(b), "[]string") {
			t.Errorf("%s: the error names Go's types: %s", c.body, b)
		}
	}
	// the tier in X-Memhive-Tier, as on /mcp: another tier than the key's
	// is 403, the key's binds, and one that contradicts the body is refused
	body := `{"query":"q","audience":["member:alice"],"channel":"c"}`
	if status, b := post(t, u, body, gateway.HeaderTier, "0"); status != 403 || errCode(t, b) != gateway.CodeForbidden {
		t.Errorf("X-Memhive-Tier 0 for a tier-1 key: %d %s", status, b)
	}
	if status, b := post(t, u, `{"query":"q","tier":1,"audience":["member:alice"],"channel":"c"}`, gateway.HeaderTier, "0"); status != 400 ||
		errCode(t, b) != memhive.CodeMalformedRequest {
		t.Errorf("body tier 1, header tier 0: %d %s", status, b)
	}
	if status, b := post(t, u, body, gateway.HeaderTier, " 1 "); status != 200 {
		t.Errorf("X-Memhive-Tier 1 for a tier-1 key: %d %s", status, b)
	}
	// what clients reasonably send is read: a whole limit as 2, 2.0 or "2", a date as_of as that day's end
	for _, body := range []string{
		`{"query":"q","audience":["member:alice"],"channel":"c","limit":2,"as_of":"2026-11-30"}`,
		`{"query":"q","audience":["member:alice"],"channel":"c","limit":2.0,"as_of":"2026-11-30"}`,
		`{"query":"q","audience":["member:alice"],"channel":"c","limit":"2","as_of":"2026-11-30"}`,
	} {
		status, b := post(t, u, body)
		var ans recall.Answer
		if status != 200 || json.Unmarshal(b, &ans) != nil {
			t.Fatalf("%s: %d %s", body, status, b)
		}
		got := echoed(t, &ans)
		if got.Limit != 2 || got.AsOf == nil || !got.AsOf.Equal(time.Date(2026, 11, 30, 23, 59, 59, 999999999, time.UTC)) {
			t.Fatalf("%s: bound limit %d, as_of %v", body, got.Limit, got.AsOf)
		}
	}
}

func TestTierNumberOrStringNATS(t *testing.T) {
	t.Parallel()
	nc := natstest.Start(t).Conn(t)
	serving(t)(gateway.ServeNATS(nc, "memhive", echo{}, quiet))
	for body, tier := range tierBodies {
		_, b := natsRecall(t, nc, "memhive.alice.recall", body)
		var ans recall.Answer
		if err := json.Unmarshal(b, &ans); err != nil || ans.Text == "" {
			t.Fatalf("%s: %s", body, b)
		}
		if got := echoed(t, &ans); got.Tier != tier {
			t.Fatalf("%s: bound tier %q", body, got.Tier)
		}
	}
	_, b := natsRecall(t, nc, "memhive.alice.recall", `{"query":"q","tier":1.5,"audience":["member:alice"],"channel":"c"}`)
	if errCode(t, b) != memhive.CodeMalformedRequest {
		t.Fatalf("tier 1.5: %s", b)
	}
	_, b = natsRecall(t, nc, "memhive.alice.recall", `{"query":"`+tooLong+`","tier":"1","audience":["member:alice"],"channel":"c"}`)
	if errCode(t, b) != memhive.CodeQueryTooLong {
		t.Fatalf("a long query: %s", b)
	}
	// X-Memhive-Tier, as the memory tools read it on NATS
	ask := func(body, tier string) []byte {
		t.Helper()
		m := nats.NewMsg("memhive.alice.recall")
		m.Data = []byte(body)
		m.Header.Set(gateway.HeaderTier, tier)
		resp, err := nc.RequestMsg(m, 30*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return resp.Data
	}
	var ans recall.Answer
	if b := ask(`{"query":"q","audience":["member:alice"],"channel":"c"}`, " 2 "); json.Unmarshal(b, &ans) != nil || echoed(t, &ans).Tier != "2" {
		t.Fatalf("tier from the header: %s", b)
	}
	if b := ask(`{"query":"q","tier":1,"audience":["member:alice"],"channel":"c"}`, "0"); errCode(t, b) != memhive.CodeMalformedRequest {
		t.Fatalf("payload tier 1, header tier 0: %s", b)
	}
}

// Over MCP the tier is the caller's binding (a header or a launch flag),
// never the model's: it binds whether written 1 or "1".
func TestTierNumberOrStringMCP(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: echo{}, Memorizer: &note{}}))
	t.Cleanup(srv.Close)
	for _, tier := range []string{"0", "1", "2"} {
		for _, lit := range []string{tier, `"` + tier + `"`, " " + tier + " "} {
			h := bindingHeaders(alice)
			h.Set(gateway.HeaderTier, lit)
			cs := connectHTTP(t, srv.URL+"/mcp", h)
			res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": "q"})
			if res.IsError {
				t.Fatalf("tier %q: %s", lit, text)
			}
			if got := echoed(t, &recall.Answer{Text: text}); got.Tier != tier {
				t.Fatalf("tier header %q bound %q", lit, got.Tier)
			}
		}
	}
	// the query's maxLength is declared, and a longer query is refused
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(alice))
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var schema string
	for _, tl := range tools.Tools {
		if tl.Name == gateway.RecallTool {
			b, _ := json.Marshal(tl.InputSchema)
			schema = string(b)
		}
	}
	if !strings.Contains(schema, fmt.Sprintf(`"maxLength":%d`, recall.MaxQueryChars)) {
		t.Fatalf("memory_recall schema without maxLength %d: %s", recall.MaxQueryChars, schema)
	}
	res, text := callTool(t, cs, gateway.RecallTool, map[string]any{"query": tooLong})
	if code := toolErrorCode(t, res, text); code != memhive.CodeQueryTooLong {
		t.Fatalf("a long query over MCP: %s", text)
	}
}

// Both NATS micro services report memhive's version.
func TestNATSServicesReportMemhiveVersion(t *testing.T) {
	t.Parallel()
	nc := natstest.Start(t).Conn(t)
	svc := serving(t)(gateway.ServeNATS(nc, "memhive", echo{}, quiet))
	mem := serving(t)(gateway.ServeMemoryNATS(nc, "memhive", remember.New(nil), quiet)) // no call reaches the store
	for _, s := range []interface{ Info() micro.Info }{svc, mem} {
		if v := s.Info().Version; v != memhive.ServiceVersion() || v == "" {
			t.Errorf("%s reports version %q, want %q", s.Info().Name, v, memhive.ServiceVersion())
		}
	}
}
