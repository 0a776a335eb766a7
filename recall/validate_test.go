package recall

import (
	"fmt"
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
	if err := CheckBinding(over, "c", "", ""); memhive.CodeOf(err) != memhive.CodeMalformedRequest {
		t.Errorf("an audience of %d: %v, want malformed_request", len(over), err)
	}
}
