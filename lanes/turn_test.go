package lanes

import (
	"strings"
	"testing"

	"github.com/memhive/memhive"
)

func TestDecode(t *testing.T) {
	t.Parallel()
	ok := `{"session":"s-42","channel":"telegram:dm","audience":["person:bob","member:alice","person:bob",""],"role":"assistant","speaker":"assistant:talky","text":"hi","at":"2024-05-01T10:00:00Z","ref":"m-1"}`
	tr, err := Decode("alice", []byte(ok), 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(tr.Audience, ",") != "member:alice,person:bob" || tr.Role != "assistant" || tr.Ref != "m-1" || tr.At.IsZero() {
		t.Fatalf("%+v", tr)
	}
	tr, err = Decode("alice", []byte(`{"channel":"c","audience":["*"],"speaker":"x","text":"t"}`), 0)
	if err != nil || tr.Session != "default" || tr.Role != "user" {
		t.Fatalf("defaults: %+v %v", tr, err)
	}
	for _, tc := range []struct {
		member, in string
		code       memhive.Code
	}{
		{"alice", `{"channel":"c","speaker":"x","text":"t"}`, memhive.CodeMissingAudience},
		{"alice", `{"channel":"c","audience":[],"speaker":"x","text":"t"}`, memhive.CodeMissingAudience},
		{"alice", `{"channel":"c","audience":null,"speaker":"x","text":"t"}`, memhive.CodeMissingAudience},
		{"alice", `{"channel":"c","audience":[1],"speaker":"x","text":"t"}`, memhive.CodeMissingAudience},
		{"alice", `{"channel":" ","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeMissingChannel},
		{"alice", `{"member":"bob","channel":"c","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeMemberMismatch},
		{"-bad", `{"channel":"c","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeInvalidMember},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"` + strings.Repeat("y", 70000) + `"}`, memhive.CodeTextTooLarge},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","role":"god"}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","id":"nope"}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","at":"yesterday"}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","ref":"` + strings.Repeat("r", 129) + `"}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t"} {}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"text":"t"}`, memhive.CodeMalformedTurn},
	} {
		_, err := Decode(tc.member, []byte(tc.in), 0)
		if memhive.CodeOf(err) != tc.code {
			t.Errorf("Decode(%.60s) = %v, want %s", tc.in, err, tc.code)
		}
	}
}
