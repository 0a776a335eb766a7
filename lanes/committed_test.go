package lanes_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
)

// committed is what the close pass asks: the member's newest turn now
// (LastTurn), acknowledged (Acked)?
func committed(ctx context.Context, js jetstream.JetStream, member string) (bool, uint64, error) {
	m, err := lanes.LastTurn(ctx, js, "memhive", member)
	if err != nil {
		return false, 0, err
	}
	ok, err := lanes.Acked(ctx, js, m)
	return ok, m.Seq, err
}

// TestCommitted: a member's turns count as committed only once the
// appender's consumer (shared, or the partition's holding the member's
// last turn) has acknowledged the newest of them.
func TestCommitted(t *testing.T) {
	for _, parts := range []int{0, 4} {
		t.Run(map[int]string{0: "shared", 4: "partitioned"}[parts], func(t *testing.T) {
			ctx := context.Background()
			nc := natstest.Start(t).Conn(t)
			js, err := jetstream.New(nc)
			if err != nil {
				t.Fatal(err)
			}
			if ok, _, err := committed(ctx, js, "ann"); err != nil || !ok {
				t.Fatalf("no stream yet: committed %v, %v; want true", ok, err)
			}
			if _, err := lanes.EnsureStream(ctx, js, lanes.StreamConfig{Partitions: parts}); err != nil {
				t.Fatal(err)
			}
			s := lanes.Subjects{Prefix: "memhive"}
			pub := func(member string) uint64 {
				a, err := js.Publish(ctx, s.Episode(member), []byte(`{}`))
				if err != nil {
					t.Fatal(err)
				}
				return a.Sequence
			}
			check := func(member string, want bool, wantSeq uint64) {
				t.Helper()
				ok, seq, err := committed(ctx, js, member)
				if err != nil || ok != want || seq != wantSeq {
					t.Fatalf("committed(%s) = %v, seq %d, %v; want %v, seq %d", member, ok, seq, err, want, wantSeq)
				}
			}
			check("ann", true, 0)
			a1 := pub("ann")
			check("ann", false, a1) // no consumer yet
			var cons []jetstream.Consumer
			if parts == 0 {
				c, err := lanes.EnsureConsumer(ctx, js, "memhive", time.Minute, 0)
				if err != nil {
					t.Fatal(err)
				}
				cons = append(cons, c)
			} else {
				for p := range parts {
					c, _, err := lanes.EnsurePartitionConsumer(ctx, js, "memhive", p, time.Minute, 0, false)
					if err != nil {
						t.Fatal(err)
					}
					cons = append(cons, c)
				}
			}
			check("ann", false, a1)
			// The appender has committed everything but bob's turn and
			// ann's newest: those stay delivered, unacknowledged.
			bob := pub("bob")
			a2 := pub("ann")
			held := map[uint64]jetstream.Msg{}
			for _, c := range cons {
				b, err := c.FetchNoWait(100)
				if err != nil {
					t.Fatal(err)
				}
				for m := range b.Messages() {
					md, _ := m.Metadata()
					if seq := md.Sequence.Stream; seq == a2 || seq == bob {
						held[seq] = m
						continue
					}
					if err := m.DoubleAck(ctx); err != nil {
						t.Fatal(err)
					}
				}
			}
			if len(held) != 2 {
				t.Fatalf("fetched %d of the two held turns", len(held))
			}
			check("ann", false, a2) // her first is committed, her newest is not
			if err := held[a2].DoubleAck(ctx); err != nil {
				t.Fatal(err)
			}
			// The floor is contiguous: bob's earlier turn, still being
			// written, holds ann back where they share a consumer.
			if err := held[bob].DoubleAck(ctx); err != nil {
				t.Fatal(err)
			}
			check("ann", true, a2)
			check("bob", true, bob)
		})
	}
}
