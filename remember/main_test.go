package remember_test

import (
	"testing"

	"go.uber.org/goleak"
)

// Every consumer, server and pool the tests start is stopped: no goroutine
// outlives the tests.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
