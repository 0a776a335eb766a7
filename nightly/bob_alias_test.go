package nightly_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
)

// TestBobAliasFromNaturalSentences (issue 9): the three Bob sentences, each
// its own session, closed by the default extractor, then one nightly run:
// "bob" becomes an alias of "robert (bob) smith".
func TestBobAliasFromNaturalSentences(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	t0 := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	say(t, pool,
		ep{"s1", "My brother Bob works at Siemens.", me, t0},
		ep{"s2", "bob called me from Munich today.", me, t0.Add(24 * time.Hour)},
		ep{"s3", "Robert (Bob) Smith is visiting us next month.", me, t0.Add(48 * time.Hour)},
	)
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "r1"}); err != nil {
		t.Fatal(err)
	}
	aliases, err := nightly.ListAliases(ctx, pool, "alice")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range aliases {
		if a.Dimension == "entity" && a.Alias == "bob" && a.Canonical == "robert (bob) smith" && a.RevertedAt == nil {
			return
		}
	}
	t.Fatalf("no alias bob → robert (bob) smith: %+v", aliases)
}
