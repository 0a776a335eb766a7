package episodes_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/cluster"
)

// The check is not vacuous: two processes on the one shared consumer (no
// partitions) commit members' turns out of publish order.
func TestSharedConsumerLosesMemberOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cfg := episodes.AppenderConfig{Batch: 20}
	b.runAppender(t, cfg)
	b.runAppender(t, cfg)
	in := &cluster.Ingest{Members: 10, PerMember: 200, Workers: 10}
	if err := in.Run(context.Background(), b.nc); err != nil {
		t.Fatal(err)
	}
	if err := in.Wait(context.Background(), b.pool, 60*time.Second); err != nil {
		t.Fatal(err)
	}
	rep, err := in.Verify(context.Background(), b.pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("shared consumer: %s", rep)
	if rep.Lost != 0 || rep.Duplicated != 0 {
		t.Fatalf("record: %s", rep)
	}
	if rep.OutOfOrder == 0 {
		t.Fatalf("two processes on one consumer kept every member's order (%s): the order check may be blind", rep)
	}
}
