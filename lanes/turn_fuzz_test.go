package lanes

import (
	"strings"
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
	f.Add("alice", []byte(`{"channel":"c","audience":["person:bob\u001f*"],"speaker":"x","text":"t"}`))
	f.Add("alice", []byte(`{"channel":"c\u0000","audience":["a"],"speaker":"x","text":"t\u0000"}`))
	f.Add("al\xffce", []byte(`{"channel":"c","audience":["a"],"speaker":"x","text":"t"}`))
	f.Add("alice", []byte(`{"session":"s\u0085","channel":"c","audience":["a"],"speaker":"x","text":"t\ud800"}`))
	f.Add("alice", []byte(`{"v":"1","channel":"c","audience":["a"],"speaker":"x","text":"\u6771\u6771","at":"2026-11-30t10:00:00z"}`))
	f.Add("alice", []byte(`{"v":1.0,"channel":5,"audience":"a","speaker":[],"text":{},"at":"2026-11-30 10:00:00Z"}`))
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
			for _, goish := range []string{"Go ", "struct", "unmarshal", "wireTurn", "json:"} {
				if strings.Contains(e.Message, goish) {
					t.Fatalf("refusal in Go's words: %v", err)
				}
			}
			return
		}
		if len(tr.Audience) == 0 || tr.Channel == "" || tr.Speaker == "" || tr.Member != member {
			t.Fatalf("accepted an incomplete turn: %+v", tr)
		}
		if len(tr.Text) > 4096 {
			t.Fatalf("accepted text over the cap")
		}
		// Whatever the decoder accepts, the store can insert: no control
		// characters, valid UTF-8, every key field under its cap.
		// (episodes.FuzzDecodeInsert checks the same against Postgres.)
		if !memhive.ValidMember(tr.Member) || !ValidText(tr.Text, true) {
			t.Fatalf("accepted member %q or text %q", tr.Member, tr.Text)
		}
		for _, f := range []struct {
			v   string
			max int
		}{{tr.Session, MaxSession}, {tr.Channel, MaxChannel}, {tr.Speaker, MaxSpeaker}, {tr.Role, 16}, {tr.Ref, 4 * MaxRef}, {tr.ID, 26}} {
			if len(f.v) > f.max || !ValidText(f.v, false) {
				t.Fatalf("accepted field %q (cap %d)", f.v, f.max)
			}
		}
		if len(tr.Audience) > MaxAudience {
			t.Fatalf("accepted %d audience entries", len(tr.Audience))
		}
		for i, a := range tr.Audience {
			if a == "" || len(a) > MaxAudienceEntry || !ValidText(a, false) || (i > 0 && tr.Audience[i-1] >= a) {
				t.Fatalf("accepted audience %q", tr.Audience)
			}
		}
	})
}
