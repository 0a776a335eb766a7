package lanes

import (
	"testing"

	"github.com/memhive/memhive"
)

// FuzzDecode checks that the decoder never panics and that every input is
// either a valid turn or a coded refusal.
func FuzzDecode(f *testing.F) {
	f.Add("alice", []byte(`{"session":"s","channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"hi"}`))
	f.Add("alice", []byte(`{"channel":"web:chat","speaker":"member:alice","text":"hi"}`))
	f.Add("alice", []byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","channel":"c","audience":["*"],"speaker":"x","text":"","at":"2024-01-02T03:04:05Z","ref":"r"}`))
	f.Add("Alice", []byte(`{}`))
	f.Add("bob", []byte(`[1,2,3]`))
	f.Add("bob", []byte("\xff\xfe"))
	f.Fuzz(func(t *testing.T, member string, data []byte) {
		tr, err := Decode(member, data, 4096)
		if err != nil {
			if tr != nil {
				t.Fatalf("both a turn and an error")
			}
			e := memhive.AsError(err)
			if e.Code == memhive.CodeInternal || e.Message == "" {
				t.Fatalf("refusal without a code or sentence: %v", err)
			}
			return
		}
		if len(tr.Audience) == 0 || tr.Channel == "" || tr.Speaker == "" || tr.Member != member {
			t.Fatalf("accepted an incomplete turn: %+v", tr)
		}
		if len(tr.Text) > 4096 {
			t.Fatalf("accepted text over the cap")
		}
	})
}
