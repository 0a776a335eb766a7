package nightly_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
)

// TestRecallAfterNightly: with the close and nightly passes done, tier 1
// answers where Alice lived as of before and after the move, and the
// superseded version is never shown as current.
func TestRecallAfterNightly(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	berlinAt := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	lisbonAt := berlinAt.AddDate(0, 0, 6*7)
	say(t, pool,
		ep{"s1", "I live in Berlin.", me, berlinAt},
		ep{"s2", "We moved to Lisbon.", me, lisbonAt},
	)
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"}); err != nil {
		t.Fatal(err)
	}
	svc := recall.New(pool, recall.Config{}, nil, nil)
	ask := func(asOf time.Time, aud []string) *recall.Item {
		t.Helper()
		a, err := svc.Recall(ctx, recall.Request{Member: "alice", Query: "where does alice live", Tier: "1",
			Audience: aud, Channel: "web:chat", AsOf: &asOf})
		if err != nil {
			t.Fatal(err)
		}
		for i := range a.Items {
			if a.Items[i].Kind == "fact" {
				return &a.Items[i]
			}
		}
		t.Fatalf("no fact in the answer as of %s: %s", asOf, a.Text)
		return nil
	}
	if it := ask(lisbonAt.AddDate(0, 0, -7), me); it.Text == "" || !contains(it.Text, "Berlin") {
		t.Fatalf("before the move: %+v", it)
	}
	// After the move Lisbon is in force, carries Berlin as what it replaced
	// (also when Lisbon is itself the hit), and Berlin is never shown as
	// current.
	after := lisbonAt.AddDate(0, 0, 7)
	a, err := svc.Recall(ctx, recall.Request{Member: "alice", Query: "where does alice live", Tier: "1",
		Audience: me, Channel: "web:chat", AsOf: &after})
	if err != nil {
		t.Fatal(err)
	}
	var lisbon bool
	for _, it := range a.Items {
		if it.Kind != "fact" {
			continue
		}
		if contains(it.Text, "Berlin") {
			t.Fatalf("Berlin shown as in force after the move: %+v", it)
		}
		if contains(it.Text, "Lisbon") {
			lisbon = true
			if it.Previously == nil || !contains(it.Previously.Text, "Berlin") {
				t.Fatalf("Lisbon without Berlin as previously: %+v", it)
			}
		}
	}
	if !lisbon {
		t.Fatalf("after the move: %s", a.Text)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
