package memhive_test

import (
	"strings"
	"testing"

	"github.com/memhive/memhive"
)

// TestCheckField: the one field check both sides call (lanes.CheckField,
// recall.CheckField) refuses each fault with its code and a message naming
// the field, UTF-8 first, then the length, then control characters.
func TestCheckField(t *testing.T) {
	for _, tc := range []struct {
		name, v string
		max     int
		text    bool
		want    string // the error as text; "" for none
	}{
		{"plain", "web:chat", 256, false, ""},
		{"at the cap", strings.Repeat("c", 256), 256, false, ""},
		{"tab, newline and CR in text", "tea\tand\r\ncake", 256, true, ""},
		{"a character past the C1 block", "web\u00a0chat", 256, false, ""},
		{"bytes not UTF-8", "Zo\xeb", 256, false, "invalid_text: channel is not valid UTF-8"},
		{"half a surrogate pair as bytes", "web\xed\xa0\x80", 256, true, "invalid_text: channel is not valid UTF-8"},
		{"over the cap", strings.Repeat("c", 257), 256, false, "field_too_long: channel of 257 bytes is over the cap of 256"},
		{"a NUL", "tea\x00", 256, true, "invalid_text: channel holds the control character U+0000 at byte 3"},
		{"a bell", "web\x07chat", 256, false, "invalid_text: channel holds the control character U+0007 at byte 3"},
		{"a tab in a key", "web\tchat", 256, false, "invalid_text: channel holds the control character U+0009 at byte 3"},
		{"a newline in a key", "web\nchat", 256, false, "invalid_text: channel holds the control character U+000A at byte 3"},
		{"DEL", "web\x7fchat", 256, false, "invalid_text: channel holds the control character U+007F at byte 3"},
		{"a C1 control", "é\u0085", 256, true, "invalid_text: channel holds the control character U+0085 at byte 2"},
		{"the last C1 control", "\u009f", 256, true, "invalid_text: channel holds the control character U+009F at byte 0"},
		// two faults at once: UTF-8 before length, length before control characters
		{"not UTF-8 over the cap", strings.Repeat("\xeb", 257), 256, false, "invalid_text: channel is not valid UTF-8"},
		{"not UTF-8 with a control character", "\x07\xeb", 256, false, "invalid_text: channel is not valid UTF-8"},
		{"a control character over the cap", "\x07" + strings.Repeat("c", 256), 256, false, "field_too_long: channel of 257 bytes is over the cap of 256"},
	} {
		err := memhive.CheckField("channel", tc.v, tc.max, tc.text)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestControlChar: the first control character's offset and rune, C0, DEL
// and C1, tab, newline and CR only outside text.
func TestControlChar(t *testing.T) {
	for r := rune(0); r < 0x300; r++ {
		control := r < 0x20 || (r >= 0x7f && r <= 0x9f)
		for _, text := range []bool{false, true} {
			want := control && !(text && (r == '\t' || r == '\n' || r == '\r'))
			i, got := memhive.ControlChar("ü"+string(r), text)
			if want && (i != 2 || got != r) || !want && (i != -1 || got != 0) {
				t.Errorf("%U (text %v): %d, %U", r, text, i, got)
			}
		}
	}
}
