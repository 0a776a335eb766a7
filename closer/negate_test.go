package closer_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
)

// TestNegativeFactEndsTheFactInForce: "I don't live in Berlin anymore, we
// moved to Lisbon" ends Berlin (valid_until, nothing deleted) and states
// Lisbon; a denial heard by fewer people than the fact ends nothing; "I
// don't like dark beer" states a dislike and ends the like said before.
func TestNegativeFactEndsTheFactInForce(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 2, 2, 18, 0, 0, 0, time.UTC)
	alone := []string{"member:alice"}
	withBob := []string{"member:alice", "person:bob"}
	insert(t, pool, "alice",
		ep{"s1", "web:chat", "user", "member:alice", "I live in Berlin. I work at Siemens.", alone, t0},
		ep{"s1", "web:chat", "user", "member:alice", "I like jazz.", withBob, t0},
		ep{"s2", "web:chat", "user", "member:alice", "I don't live in Berlin anymore, we moved to Lisbon.", withBob, t0.Add(24 * time.Hour)},
		ep{"s3", "web:chat", "user", "member:alice", "I don't like jazz anymore.", alone, t0.Add(48 * time.Hour)},
		ep{"s4", "web:chat", "user", "member:alice", "I like dark beer.", alone, t0.Add(72 * time.Hour)},
		ep{"s5", "web:chat", "user", "member:alice", "Honestly, I don't like dark beer.", alone, t0.Add(96 * time.Hour)},
	)
	for _, s := range []string{"s1", "s2", "s3", "s4", "s5"} {
		if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: s, Channel: "web:chat"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	type row struct {
		until  *time.Time
		source string
	}
	read := func(pred, claim string) []row {
		rows, err := pool.Query(ctx, `SELECT valid_until, coalesce(closure_source, '') FROM facts
			WHERE member_id = 'alice' AND predicate_canon = $1 AND claim = $2 ORDER BY valid_from`, pred, claim)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.until, &r.source); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	berlin := read("lives_in", "Berlin")
	if len(berlin) != 1 || berlin[0].until == nil || !berlin[0].until.Equal(t0.Add(24*time.Hour)) || berlin[0].source != "close:negated" {
		t.Fatalf("Berlin should be one fact ended when the denial was said: %+v", berlin)
	}
	if lisbon := read("lives_in", "Lisbon"); len(lisbon) != 1 || lisbon[0].until != nil {
		t.Fatalf("Lisbon should be stated and open: %+v", lisbon)
	}
	if siemens := read("works_at", "Siemens"); len(siemens) != 1 || siemens[0].until != nil {
		t.Fatalf("Siemens is untouched: %+v", siemens)
	}
	// Jazz was said with Bob present; the denial to Alice alone must not end
	// what Bob can see.
	if jazz := read("likes", "jazz"); len(jazz) != 1 || jazz[0].until != nil {
		t.Fatalf("a denial heard by fewer people ends nothing: %+v", jazz)
	}
	// A preference turned round: the dislike is stated and ends the like.
	if like := read("likes", "dark beer"); len(like) != 1 || like[0].until == nil || !like[0].until.Equal(t0.Add(96*time.Hour)) || like[0].source != "close:negated" {
		t.Fatalf("the like of dark beer should end when the dislike was said: %+v", like)
	}
	if dislike := read("dislikes", "dark beer"); len(dislike) != 1 || dislike[0].until != nil {
		t.Fatalf("the dislike of dark beer should be stated and open: %+v", dislike)
	}
}
