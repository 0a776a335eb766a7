package bench

import (
	"context"
	"runtime"
	"testing"
	"time"

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

// BusyCPUs turns two /proc/stat readings into CPUs kept busy, and says 0
// when the readings cannot tell (no time passed, a counter went back).
func TestBusyCPUs(t *testing.T) {
	for _, c := range []struct {
		b0, t0, b1, t1 uint64
		cpus           int
		want           float64
	}{
		{100, 1000, 400, 2000, 2, 0.6}, // 300 of 1000 ticks busy on 2 CPUs
		{0, 0, 1000, 1000, 2, 2},
		{100, 1000, 100, 1000, 2, 0}, // no time passed
		{500, 1000, 400, 2000, 2, 0}, // busy went back
	} {
		if got := BusyCPUs(c.b0, c.t0, c.b1, c.t1, c.cpus); got != c.want {
			t.Errorf("BusyCPUs(%d, %d, %d, %d, %d) = %v, want %v", c.b0, c.t0, c.b1, c.t1, c.cpus, got, c.want)
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	b0, t0 := CPUTime()
	b1, t1 := b0, t0
	// spend CPU until the busy count moves (a clock tick is 10 ms), at
	// most two seconds
	for start := time.Now(); (b1 <= b0 || t1 <= t0) && time.Since(start) < 2*time.Second; b1, t1 = CPUTime() {
		for i := 0; i < 1e6; i++ {
			sink += i
		}
	}
	if b1 <= b0 || t1 <= t0 {
		t.Fatalf("CPUTime did not move in 2 s of spinning: busy %d → %d, total %d → %d", b0, b1, t0, t1)
	}
	if got := BusyCPUs(b0, t0, b1, t1, runtime.NumCPU()); got <= 0 || got > float64(runtime.NumCPU()) {
		t.Fatalf("busy %v CPUs of %d", got, runtime.NumCPU())
	}
}

var sink int
