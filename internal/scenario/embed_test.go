package scenario

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
)

// TestFiveLegsWithWordVectors is the second half of issue 3's must-show 3,
// end to end: with the built-in word-vector embedder registered and the
// nightly pass's backfill drained, a first-person question with a time
// expression runs all five legs (none missing, every one proposing
// candidates), and "vacation" finds a turn that only says "trip" through
// the semantic leg, which the keyword leg cannot.
func TestFiveLegsWithWordVectors(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	wv, err := embed.OpenWordVectors(embed.DefaultVectorsPath())
	if err != nil {
		t.Fatalf("the word vectors are missing: run scripts/vectors.sh (or set MEMHIVE_VECTORS): %v", err)
	}
	t.Cleanup(func() { _ = wv.Close() })
	if err := embed.Register(ctx, pool, wv, true); err != nil {
		t.Fatal(err)
	}

	me := []string{"member:alice"}
	asOf := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	feb := time.Date(2026, 2, 10, 18, 0, 0, 0, time.UTC)
	record(t, pool, "alice",
		turn{session: "home", text: "I live in Berlin.", aud: me, at: asOf.AddDate(0, -5, 0)},
		turn{session: "home", text: "My sister Ines works at Siemens.", aud: me, at: asOf.AddDate(0, -5, 0).Add(time.Minute)},
		turn{session: "feb", text: "Our trip to the mountains was wonderful.", aud: me, at: feb},
		turn{session: "feb", text: "The invoice is due on Friday.", aud: me, at: feb.Add(time.Hour)},
		turn{session: "mar", text: "I paid the rent this month.", aud: me, at: asOf.AddDate(0, 0, -5)},
		turn{session: "mar", text: "The quarterly revenue grew by ten percent.", aud: me, at: asOf.AddDate(0, 0, -4)},
	)
	var tripID string
	if err := pool.QueryRow(ctx, `SELECT id FROM episodes WHERE member_id = 'alice' AND content LIKE 'Our trip%'`).Scan(&tripID); err != nil {
		t.Fatal(err)
	}

	// The nightly pass queues every row lacking a vector; the drainer embeds them.
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Backfill: func(ctx context.Context) (int, error) {
		return embed.Backfill(ctx, pool, wv.Model())
	}})
	if err != nil || rep.Backfilled == 0 {
		t.Fatalf("nightly backfill: %+v %v", rep, err)
	}
	d := embed.NewDrainer(pool, wv, embed.DrainerConfig{Batch: 4}, nil)
	for {
		n, err := d.DrainOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	if left, err := embed.Pending(ctx, pool, wv.Model()); err != nil || left != 0 {
		t.Fatalf("%d rows still queued: %v", left, err)
	}

	svc := recall.New(pool, recall.Config{}, wv, nil)
	a := ask(t, svc, "alice", "what did I do on vacation last month?", me, asOf)
	dg := diagnostic(t, a)
	for _, l := range a.Legs {
		// the context list (the turns around the keyword leg's hits) has
		// none here: the fixture's turns are hours apart
		if l.Missing != "" || l.Candidates == 0 && l.Leg != recall.LegContext {
			t.Errorf("leg %s: %d candidates, missing %q", l.Leg, l.Candidates, l.Missing)
		}
	}
	if len(a.Legs) != 6 {
		t.Errorf("%d legs reported, want the five legs and the context list: %+v", len(a.Legs), a.Legs)
	}
	for _, l := range dg.Legs {
		if l.Weight != recall.DefaultLegWeights[l.Leg] {
			t.Errorf("leg %s has weight %d (mode %q)", l.Leg, l.Weight, l.Mode)
		}
		t.Logf("leg %-8s mode %-45q ranked %v", l.Leg, l.Mode, l.Ranked)
	}
	if r := legRank(dg, recall.LegSemantic, "episode:"+tripID); r == 0 {
		t.Errorf("the semantic leg did not find the trip turn: %s", a.Diagnostic)
	}
	if itemByText(a.Items, "Our trip to the mountains") == nil {
		t.Errorf("the trip turn is not in the answer:\n%s", a.Text)
	}
	t.Logf("answer:\n%s", a.Text)

	// "vacation" alone: only the semantic leg can find the turn that says "trip".
	a = ask(t, svc, "alice", "vacation", me, asOf)
	dg = diagnostic(t, a)
	if r := legRank(dg, recall.LegSemantic, "episode:"+tripID); r != 1 {
		t.Errorf("\"vacation\": the trip turn is at semantic rank %d, want 1: %s", r, a.Diagnostic)
	}
	if r := legRank(dg, recall.LegKeyword, "episode:"+tripID); r != 0 {
		t.Errorf("\"vacation\": the keyword leg found the trip turn, so the test proves nothing")
	}
	if len(a.Items) == 0 || a.Items[0].ID != tripID {
		t.Errorf("\"vacation\": the trip turn is not the first item:\n%s", a.Text)
	}
	for _, it := range a.Items {
		if strings.Contains(it.Text, "invoice") || strings.Contains(it.Text, "revenue") {
			t.Errorf("\"vacation\": an unrelated turn passed the similarity floor: %q", it.Text)
		}
	}
}
