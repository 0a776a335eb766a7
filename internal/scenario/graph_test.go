package scenario

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
)

// TestMultiHopThroughTheGraph is issue 5's must-show 6: "where does the
// sister of Alice's manager live?" is answered through the graph leg. The
// close pass turns the three sentences into edges member:alice -manager→
// Carol -sister→ Dana -lives_in→ Porto; the graph leg seeds "Alice" (the
// participant id member:alice) and walks two hops to Dana, whose facts
// include Porto. The first-person form ("my manager's sister") seeds the
// asker and walks the same way.
func TestMultiHopThroughTheGraph(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	record(t, pool, "alice",
		turn{session: "work", text: "My manager is Carol.", aud: me, at: t0},
		turn{session: "work", text: "The quarterly review went fine.", aud: me, at: t0.Add(time.Minute)},
		turn{session: "family", text: "Carol's sister is Dana.", aud: me, at: t0.AddDate(0, 0, 3)},
		turn{session: "travel", text: "Dana lives in Porto.", aud: me, at: t0.AddDate(0, 0, 9)},
		turn{session: "travel", text: "Bruno lives in Madrid.", aud: me, at: t0.AddDate(0, 0, 9).Add(time.Minute)},
	)
	if rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"}); err != nil || rep.Members[0].Status != "completed" {
		t.Fatalf("nightly: %+v %v", rep, err)
	}
	var porto string
	if err := pool.QueryRow(ctx, `SELECT id FROM facts WHERE member_id = 'alice' AND subject_canon = 'dana'
		AND predicate_canon = 'lives_in' AND claim = 'Porto'`).Scan(&porto); err != nil {
		t.Fatalf("the close pass did not distil Dana lives in Porto: %v", err)
	}
	var edges int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM entity_edges x JOIN entities s ON s.member_id = x.member_id AND s.id = x.src_id
		JOIN entities d ON d.member_id = x.member_id AND d.id = x.dst_id
		WHERE x.member_id = 'alice' AND (s.canon, x.relation, d.canon) IN
			(('member:alice', 'manager', 'carol'), ('carol', 'sister', 'dana'), ('dana', 'lives_in', 'porto'))`).Scan(&edges)
	if edges != 3 {
		t.Fatalf("%d of the 3 edges of the chain exist", edges)
	}

	var madrid string
	if err := pool.QueryRow(ctx, `SELECT id FROM facts WHERE member_id = 'alice' AND subject_canon = 'bruno' AND claim = 'Madrid'`).Scan(&madrid); err != nil {
		t.Fatalf("Bruno lives in Madrid: %v", err)
	}

	svc := recall.New(pool, recall.Config{}, nil, nil)
	for _, q := range []string{
		"where does the sister of Alice's manager live?",
		"where does my manager's sister live?",
	} {
		a := ask(t, svc, "alice", q, me, t0.AddDate(0, 1, 0))
		d := diagnostic(t, a)
		rank := legRank(d, recall.LegGraph, "fact:"+porto)
		if rank == 0 {
			t.Errorf("%q: the graph leg did not reach the Porto fact: %s", q, a.Diagnostic)
			continue
		}
		it := itemByText(factItems(a), "Dana lives in Porto")
		if it == nil || it.ID != porto {
			t.Errorf("%q: the Porto fact is not in the answer:\n%s", q, a.Text)
			continue
		}
		if legRank(d, recall.LegGraph, "fact:"+madrid) != 0 {
			t.Errorf("%q: the graph leg reached Bruno, who is not on the chain", q)
		}
		// the graph's vote lifts Porto above Madrid, which only the keyword leg finds
		pi, mi := -1, -1
		for i, x := range a.Items {
			switch x.ID {
			case porto:
				pi = i
			case madrid:
				mi = i
			}
		}
		if mi >= 0 && mi < pi {
			t.Errorf("%q: Madrid (keyword only) ranks above Porto (graph and keyword)", q)
		}
		t.Logf("%q: graph leg rank %d of the Porto fact; answer:\n%s", q, rank, a.Text)
	}
}
