package facts_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/internal/dbtest"
)

func TestCardinalitySeededAndPrecedence(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	for p, want := range map[string]string{"Lives In": facts.Single, "works_at": facts.Single, "likes": facts.Multi, "never_heard_of": facts.Multi} {
		got, err := facts.Cardinality(ctx, pool, "alice", p)
		if err != nil || got != want {
			t.Fatalf("%s: %s %v, want %s", p, got, err, want)
		}
	}
	// A learned row for the member never beats the seeded list; a judged one
	// decides an unseeded predicate.
	if _, err := pool.Exec(ctx, `INSERT INTO predicate_cardinality (member_id, predicate, cardinality, source) VALUES
		('alice', 'lives_in', 'multi', 'learned'), ('alice', 'gym', 'single', 'learned'), ('alice', 'gym', 'multi', 'judged')`); err != nil {
		t.Fatal(err)
	}
	if got, _ := facts.Cardinality(ctx, pool, "alice", "lives_in"); got != facts.Single {
		t.Fatalf("seeded must win: %s", got)
	}
	if got, _ := facts.Cardinality(ctx, pool, "alice", "gym"); got != facts.Multi {
		t.Fatalf("judged must beat learned: %s", got)
	}
}

func TestUpdateForgetListReview(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)
	pub := []string{"*"}
	ins := func(subject, pred, claim, kind string, at time.Time, aud []string) string {
		t.Helper()
		f := facts.Fact{Member: "alice", Subject: subject, Predicate: pred, Claim: claim, Kind: kind, ValidFrom: at,
			Channel: "web:chat", Audience: aud, Speaker: "member:alice"}
		_, id, err := facts.Insert(ctx, pool, &f)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	berlin := ins("member:alice", "lives_in", "Berlin", "", t0, pub)
	ins("member:alice", "likes", "jazz", "", t0, pub)
	ins("member:alice", "likes", "Jazz", "", t0.Add(time.Hour), pub) // duplicate triple
	ins("member:alice", "works_at", "Siemens", "", t0, pub)
	ins("member:alice", "works_at", "Bosch", "", t0.Add(time.Hour), []string{"member:alice"}) // contradiction (other audience)
	trip := ins("member:alice", "travels_to", "Tokyo", facts.Foresight, t0.AddDate(0, 0, 7), pub)

	lisbon, err := facts.Update(ctx, pool, "alice", berlin, "Lisbon", facts.Change{ValidFrom: t0.AddDate(0, 2, 0)})
	if err != nil || lisbon == "" {
		t.Fatalf("update: %q %v", lisbon, err)
	}
	old, err := facts.Get(ctx, pool, "alice", berlin)
	if err != nil {
		t.Fatal(err)
	}
	if old.SupersededBy != lisbon || old.ValidUntil == nil || !old.ValidUntil.Equal(t0.AddDate(0, 2, 0)) || old.ExpiredAt == nil || old.ClosureSource != "update" || old.Retracted() {
		t.Fatalf("old version not closed right: %+v", old)
	}
	if _, err := facts.Update(ctx, pool, "alice", berlin, "Porto", facts.Change{}); memhive.CodeOf(err) != memhive.CodeMalformedRequest {
		t.Fatalf("updating a closed version: %v", err)
	}
	if _, err := facts.Update(ctx, pool, "alice", "nope", "Porto", facts.Change{}); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("updating a missing fact: %v", err)
	}

	cur, err := facts.List(ctx, pool, "alice", facts.Filter{Subject: "MEMBER:alice", Predicate: "lives in"})
	if err != nil || len(cur) != 1 || cur[0].Claim != "Lisbon" || cur[0].Origin != "update" {
		t.Fatalf("current versions: %+v %v", cur, err)
	}
	all, err := facts.List(ctx, pool, "alice", facts.Filter{Predicate: "lives_in", AllVersions: true})
	if err != nil || len(all) != 2 {
		t.Fatalf("all versions: %d %v", len(all), err)
	}
	g := gate.New([]string{"member:alice", "person:bob"}, "web:chat", nil)
	gated, err := facts.List(ctx, pool, "alice", facts.Filter{Predicate: "works_at", Gate: &g})
	if err != nil || len(gated) != 1 || gated[0].Claim != "Siemens" {
		t.Fatalf("gated list must hide the private fact from bob: %+v %v", gated, err)
	}

	rep, err := facts.Review(ctx, pool, "alice", t0.AddDate(0, 3, 0), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Contradictions) != 1 || rep.Contradictions[0].Predicate != "works_at" || len(rep.Contradictions[0].Facts) != 2 {
		t.Fatalf("contradictions: %+v", rep.Contradictions)
	}
	if len(rep.Duplicates) != 1 || rep.Duplicates[0].Predicate != "likes" {
		t.Fatalf("duplicates: %+v", rep.Duplicates)
	}
	if len(rep.Stale) != 1 || rep.Stale[0].Fact.ID != trip || rep.Stale[0].Reason != "past_plan" {
		t.Fatalf("stale: %+v", rep.Stale)
	}

	if err := facts.Forget(ctx, pool, "alice", lisbon, "user asked"); err != nil {
		t.Fatal(err)
	}
	if err := facts.Forget(ctx, pool, "alice", lisbon, "again"); err != nil {
		t.Fatalf("forgetting twice: %v", err)
	}
	got, _ := facts.Get(ctx, pool, "alice", lisbon)
	if !got.Retracted() || got.ClosureSource != "forget:user asked" {
		t.Fatalf("forgotten row: %+v", got)
	}
	// Forgetting the superseded Berlin hides it too: superseded_by cleared.
	if err := facts.Forget(ctx, pool, "alice", berlin, ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := facts.Get(ctx, pool, "alice", berlin); !got.Retracted() || got.ValidUntil == nil {
		t.Fatalf("forgotten superseded row: %+v", got)
	}
	if err := facts.Forget(ctx, pool, "alice", "nope", ""); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("forget missing: %v", err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'alice'`).Scan(&n); err != nil || n != 7 {
		t.Fatalf("nothing is deleted: %d rows %v", n, err)
	}
}
