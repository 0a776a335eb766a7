package bench

import (
	"context"
	"testing"

	"github.com/memhive/memhive/internal/dbtest"
)

// DescribeMachine records what a host charges for the small round trips
// memhive is made of: a system call and a Postgres round trip, each a
// positive median, and the server's settings beside them.
func TestDescribeMachineHostCosts(t *testing.T) {
	pool := dbtest.New(t)
	m := DescribeMachine(context.Background(), pool)
	if m.SyscallNS <= 0 || m.PGRoundTripUS <= 0 {
		t.Fatalf("host costs: syscall %v ns, round trip %v µs; want both > 0", m.SyscallNS, m.PGRoundTripUS)
	}
	if m.PGRoundTripUS*1000 < m.SyscallNS {
		t.Fatalf("a Postgres round trip (%v µs) took less than one system call (%v ns)", m.PGRoundTripUS, m.SyscallNS)
	}
	if m.Postgres == "" || m.SharedBuffers == "" {
		t.Fatalf("server not described: %+v", m)
	}
	t.Logf("system call %.0f ns, Postgres round trip %.0f µs", m.SyscallNS, m.PGRoundTripUS)
}
