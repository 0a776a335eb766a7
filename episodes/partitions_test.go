package episodes_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/cluster"
	"github.com/memhive/memhive/lanes"
)

// waitOwned waits until cond holds for the appenders' partition states.
func waitOwned(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %s", what, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Two processes share eight partitions: the second takes its half when it
// joins, the first takes everything back when the second leaves, and every
// member's turns are committed once each, in publish order, throughout.
func TestPartitionsMoveAndKeepMemberOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cfg := episodes.AppenderConfig{Partitions: 8, LeaseTTL: episodes.Duration(900 * time.Millisecond), Batch: 50}
	cfgA, cfgB := cfg, cfg
	cfgA.Process, cfgB.Process = "proc-a", "proc-b"
	a, stopA := b.startAppender(t, cfgA)
	waitOwned(t, "a owns all eight", 10*time.Second, func() bool { return len(a.Partitions().Owned) == 8 })

	// the stream is partitioned: the stored subject carries the partition
	s, err := b.js.Stream(context.Background(), lanes.EpisodeStream)
	if err != nil {
		t.Fatal(err)
	}
	if got := lanes.StreamPartitions(&s.CachedInfo().Config); got != 8 {
		t.Fatalf("stream partitions = %d, want 8", got)
	}
	// a process set to another count refuses to start
	other, err := episodes.NewAppender(b.pool, b.nc, episodes.AppenderConfig{Partitions: 4}, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := other.Run(ctx); err == nil {
		t.Fatal("an appender with 4 partitions started on a stream of 8")
	}

	in := &cluster.Ingest{Members: 40, PerMember: 60, Workers: 8}
	done := make(chan error, 1)
	go func() { done <- in.Run(context.Background(), b.nc) }()
	waitOwned(t, "ingest under way", 20*time.Second, func() bool { return in.Progress.Load() > 300 })
	bApp, _ := b.startAppender(t, cfgB)
	waitOwned(t, "four each", 10*time.Second, func() bool {
		return len(a.Partitions().Owned) == 4 && len(bApp.Partitions().Owned) == 4
	})
	waitOwned(t, "ingest past half", 30*time.Second, func() bool { return in.Progress.Load() > 1200 })
	stopA()
	waitOwned(t, "b owns all eight", 10*time.Second, func() bool { return len(bApp.Partitions().Owned) == 8 })
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := in.Wait(context.Background(), b.pool, 60*time.Second); err != nil {
		t.Fatal(err)
	}
	rep, err := in.Verify(context.Background(), b.pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("partitions: %s; a %+v; b %+v", rep, a.Partitions(), bApp.Partitions())
	if !rep.OK() {
		t.Fatalf("record: %s", rep)
	}
}
