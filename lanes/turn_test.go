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

// TestDecodeTextFaultInEveryField: a control character (NUL, another C0,
// DEL, a C1; a tab, which only the text may hold; one alone, which some
// fields would read as blank) or bytes that are not UTF-8 are invalid_text
// in every string field of a turn, the sentence naming the field, whatever
// else is wrong with the value: a role, an id, an at or a v so spoilt is
// no role, ULID, time or version either, a member is not the lane's, and a
// session of "\u000b" is blank to strings.TrimSpace. A key over its cap is
// field_too_long (the text's cap: text_too_large), a blank key too.
func TestDecodeTextFaultInEveryField(t *testing.T) {
	t.Parallel()
	good := []struct{ name, value string }{ // a turn's string fields, as JSON
		{"v", `"1"`}, {"id", `"01ARZ3NDEKTSV4RRFFQ69G5FAV"`}, {"member", `"alice"`}, {"session", `"s-1"`},
		{"channel", `"web:chat"`}, {"audience", `["member:alice","person:bob"]`}, {"role", `"assistant"`},
		{"speaker", `"assistant:talky"`}, {"text", `"hi"`}, {"at", `"2026-11-30T10:00:00Z"`}, {"ref", `"m-1"`},
	}
	payload := func(field, value string) []byte {
		var b strings.Builder
		for i, f := range good {
			if i > 0 {
				b.WriteByte(',')
			}
			v := f.value
			if f.name == field {
				v = value
				if field == "audience" { // the second entry spoilt
					v = `["member:alice",` + value + `]`
				}
			}
			fmt.Fprintf(&b, "%q:%s", f.name, v)
		}
		return []byte("{" + b.String() + "}")
	}
	if _, err := Decode("alice", payload("", ""), 0); err != nil {
		t.Fatalf("the turn unspoilt: %v", err)
	}
	for _, f := range good {
		// the field's value with a fault in it, and whether the refusal
		// names the field (bytes not UTF-8 are the whole payload's fault)
		for _, c := range []struct {
			value string
			named bool
		}{
			{`"x\u0000"`, true}, {`"\u0000"`, true}, {`"x\u001b[31m"`, true}, {`"\u000b"`, true}, {`"x\u007f"`, true},
			{`"x\u0085"`, true}, {`"\u0085"`, true}, {`"x\u009b"`, true}, {`"\t"`, true}, {"\"x\xff\"", false},
		} {
			if f.name == "text" && c.value == `"\t"` {
				continue // the text may hold a tab
			}
			_, err := Decode("alice", payload(f.name, c.value), 0)
			if memhive.CodeOf(err) != memhive.CodeInvalidText || (c.named && !strings.HasPrefix(memhive.AsError(err).Message, f.name)) {
				t.Errorf("%s %s: %v, want invalid_text naming %s", f.name, c.value, err, f.name)
			}
		}
	}
	for _, c := range []struct {
		field, value string
		code         memhive.Code
	}{
		{"session", `"` + strings.Repeat("s", MaxSession+1) + `"`, memhive.CodeFieldTooLong},
		{"session", `"` + strings.Repeat(" ", MaxSession+1) + `"`, memhive.CodeFieldTooLong},
		{"channel", `"` + strings.Repeat("c", MaxChannel+1) + `"`, memhive.CodeFieldTooLong},
		{"channel", `"` + strings.Repeat(" ", MaxChannel+1) + `"`, memhive.CodeFieldTooLong},
		{"audience", `"` + strings.Repeat("a", MaxAudienceEntry+1) + `"`, memhive.CodeFieldTooLong},
		{"speaker", `"` + strings.Repeat("x", MaxSpeaker+1) + `"`, memhive.CodeFieldTooLong},
		{"ref", `"` + strings.Repeat("r", MaxRef+1) + `"`, memhive.CodeFieldTooLong},
		{"ref", `"` + strings.Repeat("東", MaxRef+1) + `"`, memhive.CodeFieldTooLong},
		{"text", `"` + strings.Repeat("t", DefaultMaxText+1) + `"`, memhive.CodeTextTooLarge},
		// a key over its cap holding a control character too: its cap first
		{"channel", `"\u0000` + strings.Repeat("c", MaxChannel) + `"`, memhive.CodeFieldTooLong},
		// what is wrong with the value and is not its text keeps its code
		{"role", `"god"`, memhive.CodeMalformedTurn},
		{"id", `"nope"`, memhive.CodeMalformedTurn},
		{"at", `"yesterday"`, memhive.CodeMalformedTurn},
		{"v", `"2"`, memhive.CodeMalformedTurn},
		{"member", `"bob"`, memhive.CodeMemberMismatch},
		{"channel", `" "`, memhive.CodeMissingChannel},
		{"speaker", `" "`, memhive.CodeMalformedTurn},
		{"text", `" \n\t "`, memhive.CodeMalformedTurn},
	} {
		_, err := Decode("alice", payload(c.field, c.value), 0)
		if memhive.CodeOf(err) != c.code {
			t.Errorf("%s %.40s: %v, want %s", c.field, c.value, err, c.code)
		}
	}
}
