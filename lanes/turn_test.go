package lanes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memhive/memhive"
)

func manyAudience(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\"person:p%d\"", i)
	}
	return b.String()
}

// TestDecodeKeepsTextWhitespace: tab, newline and carriage return are text.
func TestDecodeKeepsTextWhitespace(t *testing.T) {
	t.Parallel()
	tr, err := Decode("alice", []byte(`{"channel":"c","audience":["a"],"speaker":"x","text":"a\tb\nc\r\n","ref":"`+strings.Repeat("é", 128)+`"}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Text != "a\tb\nc\r\n" {
		t.Fatalf("text %q", tr.Text)
	}
}

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
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","at":"0001-01-01T00:00:00Z"}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","ref":"` + strings.Repeat("r", 129) + `"}`, memhive.CodeFieldTooLong},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t"} {}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"text":"t"}`, memhive.CodeMalformedTurn},
		// no text to keep, or a field the turn does not have (it would be dropped)
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":""}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":" \n\t "}`, memhive.CodeMalformedTurn},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","timestamp":"2020-01-01T00:00:00Z"}`, memhive.CodeMalformedTurn},
		// What Postgres would refuse never gets past the decoder.
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t\u0000"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c\u0000","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x\u0000","text":"t"}`, memhive.CodeInvalidText},
		{"alice", `{"session":"s\u0000","channel":"c","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","ref":"r\u0000"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["a\u0000"],"speaker":"x","text":"t"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["person:bob\u001f*"],"speaker":"x","text":"t"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["\u001f"],"speaker":"x","text":"t"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"bell\u0007"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"c1\u0085"}`, memhive.CodeInvalidText},
		{"alice", `{"channel":"web\tchat","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeInvalidText},
		{"alice", "{\"channel\":\"c\",\"audience\":[\"a\"],\"speaker\":\"x\",\"text\":\"\xff\"}", memhive.CodeInvalidText},
		{"al\xffce", `{"channel":"c","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeInvalidMember},
		{"alice", `{"channel":"` + strings.Repeat("c", 2700) + `","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeFieldTooLong},
		{"alice", `{"session":"` + strings.Repeat("s", 257) + `","channel":"c","audience":["a"],"speaker":"x","text":"t"}`, memhive.CodeFieldTooLong},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"` + strings.Repeat("x", 257) + `","text":"t"}`, memhive.CodeFieldTooLong},
		{"alice", `{"channel":"c","audience":["` + strings.Repeat("a", 257) + `"],"speaker":"x","text":"t"}`, memhive.CodeFieldTooLong},
		{"alice", `{"channel":"c","audience":[` + manyAudience(257) + `],"speaker":"x","text":"t"}`, memhive.CodeFieldTooLong},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","ref":"` + strings.Repeat("é", 129) + `"}`, memhive.CodeFieldTooLong},
	} {
		_, err := Decode(tc.member, []byte(tc.in), 0)
		if memhive.CodeOf(err) != tc.code {
			t.Errorf("Decode(%.60s) = %v, want %s", tc.in, err, tc.code)
		}
	}
}
