package gateway_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/memhive/memhive"
)

// FuzzRecallArgs: whatever a model sends, the request keeps the binding's
// member, audience, channel, asker and tier, or the call is refused with a
// coded error and a sentence.
func FuzzRecallArgs(f *testing.F) {
	for _, s := range []string{
		`{"query":"q"}`, `{"query":"q","audience":["*"]}`, `{"query":"q","window_from":"2024-01-01T00:00:00Z","window_to":"2024-02-01T00:00:00Z","limit":3}`,
		`{"query":"q","Audience":["*"]}`, `{"query":"q","query":"r"}`, `{"QUERY":"q","MEMBER":"bob"}`, `null`, `[]`, `{"query":"q"}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		req, err := alice.RecallRequest(json.RawMessage(args))
		if err != nil {
			var e *memhive.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("uncoded refusal %v", err)
			}
			return
		}
		if req.Member != alice.Member || !slices.Equal(req.Audience, alice.Audience) || req.Channel != alice.Channel ||
			req.Asker != alice.Asker || req.Tier != alice.Tier || req.Session != alice.Session {
			t.Fatalf("args %q changed the binding: %+v", args, req)
		}
	})
}
