package gateway_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// FuzzRecallArgs: whatever a model sends, the request keeps the binding's
// member, audience, channel, asker and tier, or the call is refused with a
// coded error and a sentence.
func FuzzRecallArgs(f *testing.F) {
	for _, s := range []string{
		`{"query":"q"}`, `{"query":"q","audience":["*"]}`, `{"query":"q","window_from":"2024-01-01T00:00:00Z","window_to":"2024-02-01T00:00:00Z","limit":3}`,
		`{"query":"q","Audience":["*"]}`, `{"query":"q","query":"r"}`, `{"QUERY":"q","MEMBER":"bob"}`, `null`, `[]`, `{"query":"q"}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		req, err := alice.RecallRequest(json.RawMessage(args))
		if err != nil {
			var e *memhive.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("uncoded refusal %v", err)
			}
			return
		}
		if req.Member != alice.Member || !slices.Equal(req.Audience, alice.Audience) || req.Channel != alice.Channel ||
			req.Asker != alice.Asker || req.Tier != alice.Tier || req.Session != alice.Session {
			t.Fatalf("args %q changed the binding: %+v", args, req)
		}
	})
}

// clean reports whether s is a value Postgres can store and no field
// means otherwise: valid UTF-8 with no control character but tab, newline
// and carriage return.
func clean(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f {
			return false
		}
	}
	return true
}

// FuzzRecallRequest: whatever arrives on a member's recall subject (or as
// an HTTP recall body, which takes the same decoder and check), it is
// refused with a coded error and a sentence, or it becomes a request for
// that member whose every text is clean and within its cap.
func FuzzRecallRequest(f *testing.F) {
	for _, s := range []string{
		`{"query":"where does bob live","tier":"1","audience":["member:alice"],"channel":"web:chat"}`,
		`{"member":"alice","query":"q","tier":"0","audience":["*"],"channel":"c","session":"s","as_of":"2024-01-01T00:00:00Z"}`,
		`{"member":"bob","query":"q","tier":"1","audience":["member:alice"],"channel":"c"}`,
		`{"query":"q\u0000","tier":"1","audience":["member:alice"],"channel":"c"}`,
		`{"query":"q","tier":"1","audience":["member:alice\u001f*"],"channel":"web:chat\u0007"}`,
		`{"query":"q","tier":"1","audience":["a"],"channel":"c","window_from":"2024-02-01T00:00:00Z","window_to":"2024-01-01T00:00:00Z"}`,
		`{"query":"q","tier":"1","audience":"member:alice","channel":"c"}`, `{"query":1}`, `[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]`,
		"{\"query\":\"\xff\xfe\",\"tier\":\"1\",\"audience\":[\"a\"],\"channel\":\"c\"}", `null`, ``, `{}{}`,
		`{"query":"'; DROP TABLE episodes; --","tier":"1","audience":["memhive.*.>"],"channel":"memhive.>"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := gateway.DecodeRecallRequest("alice", data)
		if err == nil {
			err = gateway.CheckRequest(req)
		}
		if err != nil {
			var e *memhive.Error
			if !errors.As(err, &e) || e.Code == "" || e.Message == "" {
				t.Fatalf("uncoded refusal %v", err)
			}
			return
		}
		if req.Member != "alice" {
			t.Fatalf("payload %q changed the member: %+v", data, req)
		}
		texts := append([]string{req.Query, req.Channel, req.Asker, req.Session, req.Tier}, req.Audience...)
		for _, s := range texts {
			if !clean(s) {
				t.Fatalf("payload %q let through %q", data, s)
			}
		}
		if len(req.Query) > recall.MaxQueryBytes || len(memhive.NormalizeAudience(req.Audience)) > recall.MaxAudience {
			t.Fatalf("payload %q let through a request over its caps", data)
		}
	})
}

// recorder is a Keeper that keeps what reached it: the memory tools' store
// has its own tests on Postgres; here only the decoder in front of it is
// fuzzed.
type recorder struct {
	who  remember.Who
	args any
}

func (r *recorder) UpdateMemory(_ context.Context, w remember.Who, a remember.UpdateArgs) (*remember.UpdateResult, error) {
	r.who, r.args = w, a
	return &remember.UpdateResult{}, nil
}

func (r *recorder) Forget(_ context.Context, w remember.Who, a remember.ForgetArgs) (*remember.ForgetResult, error) {
	r.who, r.args = w, a
	return &remember.ForgetResult{}, nil
}

func (r *recorder) ListMemories(_ context.Context, w remember.Who, a remember.ListArgs) (*remember.ListResult, error) {
	r.who, r.args = w, a
	return &remember.ListResult{Memories: []facts.Row{}}, nil
}

func (r *recorder) ReviewMemories(_ context.Context, w remember.Who) (*facts.ReviewReport, error) {
	r.who, r.args = w, nil
	return &facts.ReviewReport{}, nil
}

func (r *recorder) EditProfile(_ context.Context, w remember.Who, a remember.ProfileArgs) (*remember.ProfileResult, error) {
	r.who, r.args = w, a
	return &remember.ProfileResult{}, nil
}

// FuzzMemoryToolCall: whatever a model sends as a memory tool's arguments
// (on MCP, HTTP or NATS: the one CallMemoryTool path), the call is refused
// with a coded error and a sentence, or it reaches the store with the
// binding untouched and every argument text clean.
func FuzzMemoryToolCall(f *testing.F) {
	for i, s := range []string{
		`{"id":"01HX","claim":"Lisbon"}`, `{"id":"01HX","reason":"wrong"}`, `{"subject":"bob","kind":"world","limit":5}`, `{}`,
		`{"op":"append","line":"likes tea\nand coffee","pinned":true}`, `{"op":"remove_line","id":"01HX"}`,
		`{"id":"x\u0000","claim":"y"}`, `{"subject":"bob","audience":["*"]}`, `{"op":"append","section":"'; DROP TABLE beliefs; --","line":"x"}`,
		"{\"id\":\"\xc3\x28\",\"claim\":\"y\"}", `{"limit":"5"}`, `{"id":{"a":[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}}`, `[]`, `null`,
	} {
		f.Add(uint8(i), []byte(s))
	}
	f.Fuzz(func(t *testing.T, which uint8, args []byte) {
		tool := gateway.MemoryTools[int(which)%len(gateway.MemoryTools)]
		k := &recorder{}
		_, _, err := alice.CallMemoryTool(context.Background(), k, tool, json.RawMessage(args))
		if err != nil {
			var e *memhive.Error
			if !errors.As(err, &e) || e.Code == "" || e.Message == "" {
				t.Fatalf("%s: uncoded refusal %v", tool, err)
			}
			return
		}
		if k.who.Member != alice.Member || !slices.Equal(k.who.Audience, alice.Audience) || k.who.Channel != alice.Channel || k.who.Asker != alice.Asker {
			t.Fatalf("%s: args %q changed the binding: %+v", tool, args, k.who)
		}
		out, err := json.Marshal(k.args)
		if err != nil {
			t.Fatal(err)
		}
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case string:
				if !clean(v) {
					t.Fatalf("%s: args %q let through %q", tool, args, v)
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			case map[string]any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		var v any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatal(err)
		}
		walk(v)
	})
}
