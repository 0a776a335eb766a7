package memhive_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/memhive/memhive"
)

func TestJSONKeysAndTypeWords(t *testing.T) {
	type req struct {
		Query    string   `json:"query"`
		Audience []string `json:"audience,omitempty"`
		Secret   string   `json:"-"`
		Limit    int      `json:"limit"`
		Pinned   bool     `json:"pinned"`
		Plain    string
	}
	if got := memhive.JSONKeys(reflect.TypeFor[req]()); !slices.Equal(got, []string{"query", "audience", "limit", "pinned"}) {
		t.Fatalf("JSONKeys = %v", got)
	}
	kinds := map[string]string{"audience": `a list of strings, e.g. ["member:alice"]`}
	for body, want := range map[string]string{
		`{"audience":"member:alice"}`: `audience must be a list of strings, e.g. ["member:alice"], not a JSON string`,
		`{"query":7}`:                 "query must be a string, not a JSON number",
		`{"limit":"two"}`:             "limit must be a number, not a JSON string",
		`{"pinned":"yes"}`:            "pinned must be true or false, not a JSON string",
		`[1]`:                         "a request is a JSON object, not a JSON array",
	} {
		var r req
		var te *json.UnmarshalTypeError
		if err := json.Unmarshal([]byte(body), &r); !errors.As(err, &te) {
			t.Fatalf("%s: %v", body, err)
		}
		if got := memhive.TypeWords(te, "a request", kinds); got != want {
			t.Errorf("%s: %q, want %q", body, got, want)
		}
	}
}

func TestRepeatedKey(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1,"b":2}`: "",
		`{"audience":["x"],"text":"t","audience":["*"]}`: "audience",
		`{"audience":["x"],"Audience":["*"]}`:            "Audience",
		`{"ak":1,"a\u212a":2}`:                           "a\u212a",
		`{"a":{"b":1,"b":2}}`:                            "", // only the object's own keys
		`[1,2]`:                                          "",
		`null`:                                           "",
		`{"text":"a \"text\": b","text2":1}`:             "",
	} {
		got, ok := memhive.RepeatedKey([]byte(in))
		if got != want || ok != (want != "") {
			t.Errorf("RepeatedKey(%s) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// TestLoneSurrogate: half a surrogate pair, escaped, is found wherever it
// stands; a whole pair, an escaped backslash before the letters, and
// unescaped text are not.
func TestLoneSurrogate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		json string
		want bool
	}{
		{`{"text":"\ud800"}`, true},
		{`{"text":"a \uDBFF b"}`, true},
		{`{"text":"\udc00"}`, true},
		{`{"text":"\ud800\u0041"}`, true}, // a high half, then no low half
		{`{"\ud800":"key"}`, true},
		{`["\ud83d\ude00", "\ud800"]`, true},
		{`{"text":"\ud83d\ude00"}`, false},
		{`{"text":"\\ud800"}`, false}, // a backslash, then the letters
		{`{"text":"\u00e9 \n \" \\"}`, false},
		{`{"text":"plain"}`, false},
	} {
		if got := memhive.LoneSurrogate([]byte(tc.json)); got != tc.want {
			t.Errorf("LoneSurrogate(%s) = %v, want %v", tc.json, got, tc.want)
		}
	}
}

// TestCheckJSONKeys: a key at any depth that holds a control character
// (tab and newline too: a key is a name) or half a surrogate pair is
// invalid_text naming it, escaped; the same characters in a value are not
// its business, nor are keys that are names or JSON that is no JSON.
func TestCheckJSONKeys(t *testing.T) {
	for _, c := range []struct {
		body string
		want string // the sentence's start; "" for no fault
	}{
		{`{"a\u0007":1}`, `the key "a\a" holds the control character U+0007`},
		{`{"\u0000":1}`, `the key "\x00" holds`},
		{`{"a\t":1}`, `the key "a\t" holds the control character U+0009`},
		{`{"a\n":1}`, `the key "a\n" holds`},
		{`{"a\u007f":1}`, `the key "a\x7f" holds the control character U+007F`},
		{`{"a\u0085":1}`, `the key "a\u0085" holds the control character U+0085`},
		{"{\"a\u0085\":1}", `the key "a\u0085" holds`}, // raw, not escaped
		{`{"a\u009f":1}`, `the key "a\u009f" holds the control character U+009F`},
		{`{"ok":1,"b\ud800":2}`, `the key "b\ud800" escapes half a UTF-16 surrogate pair`},
		{`{"ok":{"deep":[{"x":{"y\u0085":1}}]}}`, `the key "y\u0085" holds`},
		{`{"ok":[1,"v",{"k\u0001":null}]}`, `the key "k\x01" holds`},
		// what is not a key
		{`{"text":"a\u0085\u0007\t"}`, ""},
		{`{"list":["\u0085","\u0000"],"k":"\ud800"}`, ""},
		{`["\u0085",{"ok":"\u0000"}]`, ""},
		{`"\u0085"`, ""},
		{`{"ok":1,"😀":2,"é":3,"\ud83d\ude00":4}`, ""},
		{`{"ok":`, ""}, // no JSON: the decoder says so
		{`{"a\u0085"`, `the key "a\u0085" holds`},
	} {
		err := memhive.CheckJSONKeys([]byte(c.body))
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v, want none", c.body, err)
			}
			continue
		}
		if memhive.CodeOf(err) != memhive.CodeInvalidText || !strings.HasPrefix(memhive.AsError(err).Message, c.want) {
			t.Errorf("%s: %v, want invalid_text %q", c.body, err, c.want)
		}
	}
}
