package advisor_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/recall"
)

// closeTurn writes alice's turn and the facts the close pass distils from
// it as closer writes them: each fact with the turn as its source, its
// entities and its edge (closer.WriteEdge). It returns the facts' ids.
func closeTurn(t *testing.T, pool *pgxpool.Pool, at time.Time, content string, aud []string, fs ...[3]string) []string {
	t.Helper()
	ctx := context.Background()
	ep := ulid.Make().String()
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', $1, 's-old', 'telegram:dm', 'user', 'member:alice', $2, $3, $4)`, ep, aud, content, at); err != nil {
		t.Fatal(err)
	}
	cache := map[string]string{}
	var ents, edges closer.Count
	var ids []string
	for _, f := range fs {
		row := facts.Fact{Member: "alice", Subject: f[0], Predicate: f[1], Claim: f[2], ValidFrom: at,
			SourceEpisodeIDs: []string{ep}, Session: "s-old", Channel: "telegram:dm", Audience: aud,
			Speaker: "member:alice", Origin: "close"}
		_, id, err := facts.Insert(ctx, pool, &row)
		if err != nil {
			t.Fatal(err)
		}
		e := extract.Edge{Src: f[0], Relation: f[1], Dst: f[2]}
		if err := closer.WriteEdge(ctx, pool, "alice", e, id, ep, "telegram:dm", aud, cache, &ents, &edges); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// The reviewer's case: a fact folded into its source turn by tier 1 is
// still the advisor's to give, and a fact the graph leg reached only by
// walking through the member's own node (Miso → member:alice → Lisbon) is
// not about the topic.
func TestAdvisorFoldedFacts(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	at := time.Now().Add(-72 * time.Hour).UTC().Truncate(time.Second)
	miso := closeTurn(t, pool, at, "I adopted a cat named Miso", alice,
		[3]string{"member:alice", "has_pet", "Miso"}, [3]string{"member:alice", "adopted", "Miso"})
	lisbon := closeTurn(t, pool, at.Add(time.Hour), "I'm travelling to Lisbon next month", aliceBob,
		[3]string{"member:alice", "travels_to", "Lisbon"})
	rec := recall.New(pool, recall.Config{}.WithDefaults(), nil, nil)
	a, err := advisor.New(pool, rec, advisor.Config{})
	if err != nil {
		t.Fatal(err)
	}
	isMiso := map[string]bool{miso[0]: true, miso[1]: true}
	for _, session := range []string{"s-new1", "s-new2"} {
		adv := enter(t, a, session, alice, "Miso the cat")
		if !adv.Delivered || !isMiso[adv.Memory.ID] {
			t.Fatalf("%s, topic Miso the cat: want a Miso fact, got %+v (memory %+v)", session, adv, adv.Memory)
		}
		// the second entry of the topic: nothing else is about Miso
		adv = enter(t, a, session, alice, "Miso the cat")
		if adv.Delivered {
			t.Fatalf("%s, second Miso entry delivered %q, which is not about Miso", session, adv.Memory.Text)
		}
	}
	adv := enter(t, a, "s-new3", aliceBob, "Lisbon")
	if !adv.Delivered || adv.Memory.ID != lisbon[0] {
		t.Fatalf("topic Lisbon: want %s (travels to Lisbon), got %+v (memory %+v)", lisbon[0], adv, adv.Memory)
	}
	// and nothing about Miso follows for Lisbon (reached through alice's node)
	adv = enter(t, a, "s-new3", alice, "Lisbon")
	if adv.Delivered {
		t.Fatalf("second Lisbon entry delivered %q, which is not about Lisbon", adv.Memory.Text)
	}

	// Recall itself is unchanged for everyone else: the turn carries its facts.
	ans, err := rec.Recall(context.Background(), recall.Request{Member: "alice", Tier: "1", Query: "Miso the cat",
		Audience: alice, Channel: "telegram:dm"})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ans.Items {
		if it.Kind == "fact" && isMiso[it.ID] {
			t.Fatalf("plain recall now lists the folded fact %q beside its turn", it.Text)
		}
	}
}
