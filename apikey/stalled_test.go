package apikey_test

import (
	"context"
	"errors"
	"testing"

	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/internal/dbtest"
)

// A key store that does not answer (Postgres stopped mid-flight) fails
// Check with an error within CheckTimeout, whatever the caller's context:
// every keyed request waits on it, and the gateway answers it 503
// unavailable instead of hanging with the store.
func TestCheckGivesUpOnAStalledStore(t *testing.T) {
	t.Parallel()
	s := apikey.NewStore(dbtest.Stalled(t))
	key := apikey.NewMemory().MustCreate(apikey.Spec{Members: []string{"alice"}, Assistant: "talky"})
	for _, member := range []string{"alice", ""} {
		_, err := s.Check(context.Background(), key, member)
		if err == nil || errors.Is(err, apikey.ErrUnknown) || errors.Is(err, apikey.ErrMember) {
			t.Fatalf("member %q: want a store error, got %v", member, err)
		}
	}
}
