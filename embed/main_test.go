package embed_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package when a test leaves a goroutine behind (a
// Drainer that did not stop, a pool that was not closed).
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
