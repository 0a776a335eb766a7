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
// gets the code the write side gives the same fault (lanes.CheckField):
// invalid_text, field_too_long, never malformed_request.
func TestCheckFieldCodesAreTheWriteSides(t *testing.T) {
	for _, tc := range []struct {
		name, v   string
		max       int
		multiline bool
	}{
		{"a control character", "web\x07chat", 256, false},
		{"DEL", "web\x7fchat", 256, false},
		{"a NUL in text", "tea\x00", 8192, true},
		{"a newline in a key", "web\nchat", 256, false},
		{"bytes not UTF-8", "Zo\xeb", 256, false},
		{"over the cap", strings.Repeat("c", 257), 256, false},
	} {
		read := CheckField("channel", tc.v, tc.max, tc.multiline)
		write := lanes.CheckField("channel", tc.v, tc.max, tc.multiline)
		if read == nil || memhive.CodeOf(read) != memhive.CodeOf(write) {
			t.Errorf("%s: the read side says %v, the write side %v", tc.name, read, write)
		}
	}
	if err := CheckField("the query", "tea\tand\r\ncake", 8192, true); err != nil {
		t.Errorf("tab, newline and carriage return in text: %v", err)
	}
}
