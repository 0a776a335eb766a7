package advisor_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// BenchmarkEnter measures one topic entry (matcher mode) against the
// tier-1 recall of the same topic it is built on, in the same process:
// the advisor's own cost is the ratio's excess over 1 (the lock, the
// session's past deliveries, the decision row). Each entry uses a new
// session so every entry does the whole work.
func BenchmarkEnter(b *testing.B) {
	pool := dbtest.New(b)
	ctx := context.Background()
	topics := []string{"lisbon", "porto", "hotel", "budget", "flight", "salary", "garden", "piano"}
	for i := range 400 {
		w := topics[i%len(topics)]
		if _, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Subject: "member:alice", Predicate: w + "_note",
			Claim: fmt.Sprintf("%s note number %d", w, i), Audience: []string{"member:alice"}, Channel: "web:chat"}); err != nil {
			b.Fatal(err)
		}
	}
	rec := recall.New(pool, recall.Config{}.WithDefaults(), nil, nil)
	a, err := advisor.New(pool, rec, advisor.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("recall-tier1", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if _, err := rec.Recall(ctx, recall.Request{Member: "alice", Tier: "1", Query: "the " + topics[i%len(topics)] + " plan",
				Audience: []string{"member:alice"}, Channel: "web:chat", Limit: 20}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("enter", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if _, err := a.Enter(ctx, advisor.Request{Member: "alice", Session: fmt.Sprintf("b-%d", i), Topic: "the " + topics[i%len(topics)] + " plan",
				Audience: []string{"member:alice"}, Channel: "web:chat"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
