package recall

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/lanes"
)

// TestAudienceCapIsATurns: whoever can be present at a turn can ask about
// it together (the caps are equal), and the cap counts people, not copies.
func TestAudienceCapIsATurns(t *testing.T) {
	if MaxAudience != lanes.MaxAudience {
		t.Fatalf("recall's audience cap %d differs from a turn's %d", MaxAudience, lanes.MaxAudience)
	}
	var full, over, copies []string
	for i := range MaxAudience + 1 {
		p := fmt.Sprintf("person:p%03d", i)
		if i < MaxAudience {
			full = append(full, p)
		}
		over = append(over, p)
		copies = append(copies, "member:alice", " ")
	}
	if err := CheckBinding(full, "c", "", ""); err != nil {
		t.Errorf("an audience of %d: %v", len(full), err)
	}
	if err := CheckBinding(copies, "c", "", ""); err != nil {
		t.Errorf("one person %d times: %v", len(copies)/2, err)
	}
	if err := CheckBinding(over, "c", "", ""); memhive.CodeOf(err) != memhive.CodeFieldTooLong {
		t.Errorf("an audience of %d: %v, want field_too_long", len(over), err)
	}
}

// TestCheckFieldCodesAreTheWriteSides: a read's field refused for a fault
// gets the code and message the write side gives the same fault
// (lanes.CheckField; both are memhive.CheckField, whose codes and messages
// TestCheckField holds): invalid_text, field_too_long, never
// malformed_request.
func TestCheckFieldCodesAreTheWriteSides(t *testing.T) {
	for _, tc := range []struct {
		name, v   string
		max       int
		multiline bool
	}{
		{"a control character", "web\x07chat", 256, false},
		{"DEL", "web\x7fchat", 256, false},
		{"a C1 control", "web\u0085chat", 256, false},
		{"a C1 control in text", "tea\u009b31m", 8192, true},
		{"a NUL in text", "tea\x00", 8192, true},
		{"a newline in a key", "web\nchat", 256, false},
		{"bytes not UTF-8", "Zo\xeb", 256, false},
		{"over the cap", strings.Repeat("c", 257), 256, false},
		// two faults at once: each side looks at the bytes' UTF-8 first
		{"bytes not UTF-8 over the cap", strings.Repeat("\xeb", 257), 256, false},
	} {
		read := CheckField("channel", tc.v, tc.max, tc.multiline)
		write := lanes.CheckField("channel", tc.v, tc.max, tc.multiline)
		if read == nil || memhive.CodeOf(read) != memhive.CodeOf(write) || write == nil || read.Error() != write.Error() {
			t.Errorf("%s: the read side says %v, the write side %v", tc.name, read, write)
		}
	}
	if err := CheckField("the query", "tea\tand\r\ncake", 8192, true); err != nil {
		t.Errorf("tab, newline and carriage return in text: %v", err)
	}
	// Every character of the first 256 and a few past them, in a key and
	// in text: what one side takes the other takes, what one refuses the
	// other refuses with the same code.
	for r := rune(0); r < 0x300; r++ {
		for _, multiline := range []bool{false, true} {
			v := "web" + string(r) + "chat"
			read := CheckField("channel", v, 256, multiline)
			write := lanes.CheckField("channel", v, 256, multiline)
			if (read == nil) != (write == nil) || memhive.CodeOf(read) != memhive.CodeOf(write) || read != nil && read.Error() != write.Error() {
				t.Errorf("%U (multiline %v): the read side says %v, the write side %v", r, multiline, read, write)
			}
		}
	}
}

// TestValidateReadsTextBeforePresence: a binding of only a control
// character that is white space is invalid_text, as the write side says,
// not missing (it was missing_channel or missing_audience, or taken, for a
// session); only spaces are missing.
func TestValidateReadsTextBeforePresence(t *testing.T) {
	ok := Request{Member: "alice", Tier: "1", Query: "tea", Audience: []string{"member:alice"}, Channel: "web:chat"}
	if err := Validate(ok); err != nil {
		t.Fatalf("the request unspoilt: %v", err)
	}
	for _, tc := range []struct {
		name  string
		spoil func(*Request)
		code  memhive.Code
	}{
		{"a channel of U+0085", func(r *Request) { r.Channel = "\u0085" }, memhive.CodeInvalidText},
		{"a channel of a tab", func(r *Request) { r.Channel = "\t" }, memhive.CodeInvalidText},
		{"an audience entry of a newline", func(r *Request) { r.Audience = []string{"\n"} }, memhive.CodeInvalidText},
		{"a session of U+000B", func(r *Request) { r.Session = "\v" }, memhive.CodeInvalidText},
		{"an asker of U+009C", func(r *Request) { r.Asker = "\u009c" }, memhive.CodeInvalidText},
		{"a channel of spaces", func(r *Request) { r.Channel = "  " }, memhive.CodeMissingChannel},
		{"an audience of spaces", func(r *Request) { r.Audience = []string{" ", "\u00a0"} }, memhive.CodeMissingAudience},
	} {
		req := ok
		tc.spoil(&req)
		if err := Validate(req); memhive.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
}
