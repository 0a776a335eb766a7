package gateway_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/remember"
)

// toolSchema is what a client reads of a tool's input schema to know
// which arguments it must send: the keywords of JSON Schema that say so.
type toolSchema struct {
	Type        string                 `json:"type"`
	Pattern     string                 `json:"pattern"`
	Description string                 `json:"description"`
	Properties  map[string]*toolSchema `json:"properties"`
	Const       any                    `json:"const"`
	Required    []string               `json:"required"`
}

// refuses reports whether the schema refuses args, and the argument
// whose absence (or value) it refuses them for.
func (s *toolSchema) refuses(args map[string]any) (string, bool) {
	if s == nil {
		return "", false
	}
	for _, r := range s.Required {
		if _, ok := args[r]; !ok {
			return r, true
		}
	}
	for k, p := range s.Properties {
		if v, ok := args[k]; ok && p.Const != nil && v != p.Const {
			return k, true
		}
	}
	return "", false
}

// rootConditionals are the keywords no tool schema has at its root: valid
// JSON Schema 2020-12, but Claude Code drops a tool whose schema has a
// root-level allOf or if/then (anthropics/claude-code#95504), the
// Anthropic API refuses a root-level oneOf, anyOf or allOf, and OpenAI's
// strict mode takes no if/then/else or dependentRequired.
var rootConditionals = []string{"if", "then", "else", "dependentRequired", "dependentSchemas",
	"allOf", "anyOf", "oneOf", "not", "enum", "const"}

// wordRule is a rule of a tool the schema cannot say without a
// conditional: said in words in the tool's description (in == "") or a
// property's, and kept by the server.
type wordRule struct {
	in, words string
	refuses   func(args map[string]any) (string, bool) // and the argument named
}

func given(args map[string]any, k string) bool { _, ok := args[k]; return ok }

var wordRules = map[string][]wordRule{
	gateway.RecallTool: {
		{in: "window_from", words: "window_from and window_to go together"},
		{in: "window_to", words: "window_from and window_to go together", refuses: func(a map[string]any) (string, bool) {
			switch {
			case given(a, "window_from") && !given(a, "window_to"):
				return "window_to", true
			case given(a, "window_to") && !given(a, "window_from"):
				return "window_from", true
			}
			return "", false
		}},
	},
	gateway.MemorizeTool: {{in: "", words: "Send either note, or subject+predicate+claim together — not both",
		refuses: func(a map[string]any) (string, bool) {
			if given(a, "note") {
				return "", false // with a fact too, refused as well; no call below has both
			}
			for _, k := range []string{"subject", "predicate", "claim"} {
				if !given(a, k) {
					return k, true
				}
			}
			return "", false
		}}},
	gateway.ProfileTool: {
		{in: "op", words: "append needs line"},
		{in: "line", words: "append needs line", refuses: func(a map[string]any) (string, bool) {
			return "line", a["op"] == "append" && !given(a, "line")
		}},
	},
}

// rulesRefuse reports whether a rule said in words refuses args.
func rulesRefuse(tool string, args map[string]any) (string, bool) {
	for _, r := range wordRules[tool] {
		if r.refuses == nil {
			continue
		}
		if name, no := r.refuses(args); no {
			return name, true
		}
	}
	return "", false
}

// TestToolSchemasSayWhatTheServerRefuses lists the tools over /mcp with
// the go-sdk client, as any MCP client reads them, and holds each schema
// to the real server (recall, remember and the advisor on Postgres): a
// call that is good but for one argument left out is refused, with a
// coded error that names it, exactly when the schema's required refuses
// it or a rule said in words in a description (wordRules) does; the
// required arguments alone are a good call unless the schema or such a
// rule refuses them. So no schema hides an argument the server needs, and
// none requires one it does not. No schema has a conditional or a
// combinator at its root (rootConditionals), which hosts drop or refuse.
func TestToolSchemasSayWhatTheServerRefuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := setupMemHive(t)
	adv, err := advisor.New(h.pool, h.rec, advisor.Config{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Recaller: h.rec, Memorizer: h.svc,
		Advisor: adv, TierFor: func(a string) (string, bool) { return "1", a == "talky" }}))
	t.Cleanup(srv.Close)
	cs := connectHTTP(t, srv.URL+"/mcp", bindingHeaders(memAlone))

	var n atomic.Int64 // each good call its own words, so no write is a duplicate
	fresh := func() string { return fmt.Sprint(n.Add(1)) }
	// a fact in force that memAlone sees, for update_memory and forget
	fact := func() string {
		when := time.Date(2024, 5, 2, 9, 0, 0, 0, time.UTC)
		res, err := h.svc.Memorize(ctx, remember.Request{Member: "alice", Subject: "person:bob", Predicate: "likes",
			Claim: "tea no. " + fresh(), Audience: memAlone.Audience, Channel: memAlone.Channel, At: &when})
		if err != nil {
			t.Fatal(err)
		}
		return res.ID
	}
	// good calls, with every argument that one call can take
	good := map[string][]func() map[string]any{
		gateway.RecallTool: {func() map[string]any {
			return map[string]any{"query": "walnuts", "window_from": "2024-01-01", "window_to": "2024-12-31", "limit": 5}
		}},
		gateway.MemorizeTool: {
			func() map[string]any {
				return map[string]any{"subject": "person:bob", "predicate": "likes", "claim": "green tea no. " + fresh(), "kind": "world"}
			},
			func() map[string]any { return map[string]any{"note": "call mum, no. " + fresh(), "kind": "foresight"} },
		},
		gateway.UpdateTool: {func() map[string]any {
			return map[string]any{"id": fact(), "claim": "coffee no. " + fresh(), "valid_from": "2025-01-01"}
		}},
		gateway.ForgetTool: {func() map[string]any { return map[string]any{"id": fact(), "reason": "moved on"} }},
		gateway.ListTool: {func() map[string]any {
			return map[string]any{"subject": "person:bob", "kind": "world", "channel": "web:chat", "limit": 5}
		}},
		gateway.ReviewTool: {func() map[string]any { return map[string]any{} }},
		// remove_line needs an id or a line: said in the words of the
		// schema, not in its keywords (gateway.ProfileSchema)
		gateway.ProfileTool: {
			func() map[string]any {
				return map[string]any{"op": "replace_section", "section": "food", "line": "likes tea no. " + fresh(), "pinned": true}
			},
			func() map[string]any {
				return map[string]any{"op": "append", "section": "food", "line": "likes tea no. " + fresh(), "pinned": false}
			},
		},
		gateway.TopicTool: {func() map[string]any { return map[string]any{"topic": "bob's allergies"} }},
	}

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if want := slices.Sorted(maps.Keys(good)); !slices.Equal(slices.Sorted(slices.Values(names)), want) {
		t.Fatalf("tools listed %v, want %v", names, want)
	}

	call := func(name string, args map[string]any) (bool, string) {
		t.Helper()
		res, text := callTool(t, cs, name, args)
		if res.IsError {
			toolErrorCode(t, res, text) // a coded error with a sentence
		}
		return res.IsError, text
	}
	for _, tool := range tools.Tools {
		t.Run(tool.Name, func(t *testing.T) {
			raw, _ := json.Marshal(tool.InputSchema)
			var top map[string]json.RawMessage
			var s *toolSchema
			if err := json.Unmarshal(raw, &top); err != nil || json.Unmarshal(raw, &s) != nil || s.Type != "object" {
				t.Fatalf("schema %s", raw)
			}
			for _, k := range rootConditionals {
				if _, ok := top[k]; ok {
					t.Errorf("%q at the root of the schema: hosts drop the tool or refuse the request", k)
				}
			}
			for _, k := range s.Required {
				if _, ok := s.Properties[k]; !ok {
					t.Errorf("the schema requires %q, which it does not declare", k)
				}
			}
			// each rule the schema cannot say is said in words
			for _, r := range wordRules[tool.Name] {
				desc := tool.Description + " " + s.Description
				if r.in != "" {
					if p := s.Properties[r.in]; p != nil {
						desc = p.Description
					} else {
						desc = ""
					}
				}
				if !strings.Contains(desc, r.words) {
					t.Errorf("the description of %q does not say %q: %q", cmp.Or(r.in, tool.Name), r.words, desc)
				}
			}
			// the schema is JSON Schema 2020-12 (MCP's default dialect),
			// read by a validator of that dialect, which must agree with
			// this test's reading of it on every call below; the server
			// refuses what the schema or a rule in words refuses
			valid := validator2020(t, raw)
			for i, mk := range good[tool.Name] {
				args := mk()
				if err := valid(args); err != nil {
					t.Fatalf("good call %d %v: the 2020-12 validator refuses it: %v", i, args, err)
				}
				if refused, text := call(tool.Name, args); refused {
					t.Fatalf("good call %d %v refused: %s", i, args, text)
				}
				for _, r := range s.Required {
					if _, ok := args[r]; !ok {
						t.Errorf("good call %d took no %q, which the schema requires", i, r)
					}
				}
				for k := range args {
					less := mk()
					delete(less, k)
					name, bySchema := s.refuses(less)
					if err := valid(less); (err != nil) != bySchema {
						t.Errorf("without %q: the 2020-12 validator says %v, this test's reading refuses %v", k, err, bySchema)
					}
					want := bySchema
					if !bySchema {
						name, want = rulesRefuse(tool.Name, less)
					}
					refused, text := call(tool.Name, less)
					switch {
					case refused != want:
						t.Errorf("without %q: the server refused %v, the schema and its words refuse %v (%v); %s", k, refused, want, less, text)
					case refused && name != "" && !strings.Contains(text, name):
						t.Errorf("without %q: the refusal does not name %q: %s", k, name, text)
					}
				}
				only := mk() // fresh values
				for k := range only {
					if !slices.Contains(s.Required, k) {
						delete(only, k)
					}
				}
				_, want := s.refuses(only)
				if _, byWords := rulesRefuse(tool.Name, only); byWords {
					want = true
				}
				if refused, text := call(tool.Name, only); refused != want {
					t.Errorf("the required arguments alone %v: the server refused %v, the schema and its words refuse %v; %s", only, refused, want, text)
				}
			}
		})
	}
	// what the schemas declare, as a client reads them
	schemaOf := func(name string) *toolSchema {
		i := slices.IndexFunc(tools.Tools, func(tool *mcp.Tool) bool { return tool.Name == name })
		raw, _ := json.Marshal(tools.Tools[i].InputSchema)
		var s *toolSchema
		_ = json.Unmarshal(raw, &s)
		return s
	}
	for name, required := range map[string][]string{
		gateway.RecallTool: {"query"}, gateway.MemorizeTool: nil, gateway.UpdateTool: {"id", "claim"}, gateway.ForgetTool: {"id"},
		gateway.ListTool: nil, gateway.ReviewTool: nil, gateway.ProfileTool: {"op"}, gateway.TopicTool: {"topic"},
	} {
		if got := schemaOf(name).Required; !slices.Equal(got, required) {
			t.Errorf("%s requires %q, want %q", name, got, required)
		}
	}
	// edit_profile's section: the schema's pattern is the one the server
	// matches (remember.SectionPattern), and the server refuses a section
	// exactly when the pattern does (JSON Schema's patterns are ECMA-262;
	// this one reads alike in RE2)
	section := schemaOf(gateway.ProfileTool).Properties["section"]
	if section == nil || section.Pattern != remember.SectionPattern {
		t.Fatalf("edit_profile's section has the pattern %+v, want %q", section, remember.SectionPattern)
	}
	i := slices.IndexFunc(tools.Tools, func(tool *mcp.Tool) bool { return tool.Name == gateway.ProfileTool })
	raw, _ := json.Marshal(tools.Tools[i].InputSchema)
	valid := validator2020(t, raw)
	for _, sec := range []string{"food", "Food", "0", "work-life_2", strings.Repeat("a", 32), strings.Repeat("a", 33),
		"-food", "_food", "fo od", "food!", "café", "\u212aitchen", "食べ物"} {
		args := map[string]any{"op": "append", "section": sec, "line": "likes tea no. " + fresh()}
		schemaRefuses := valid(args) != nil
		refused, text := call(gateway.ProfileTool, args)
		if refused != schemaRefuses {
			t.Errorf("section %q: the server refused %v, the schema refuses %v: %s", sec, refused, schemaRefuses, text)
		}
	}
}

// validator2020 reads schema as JSON Schema 2020-12 (google/jsonschema-go,
// the go-sdk's) and returns what it says of a call's arguments, which it
// sees as JSON (numbers as float64).
func validator2020(t *testing.T, schema []byte) func(args map[string]any) error {
	t.Helper()
	var js jsonschema.Schema
	if err := json.Unmarshal(schema, &js); err != nil {
		t.Fatalf("schema %s: %v", schema, err)
	}
	rs, err := js.Resolve(nil)
	if err != nil {
		t.Fatalf("schema %s is no valid JSON Schema 2020-12: %v", schema, err)
	}
	return func(args map[string]any) error {
		b, err := json.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		return rs.Validate(v)
	}
}
