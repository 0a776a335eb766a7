package embed_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/embed"
)

// TestHNSWFilteredSearch shows the semantic search recall runs: the model's
// partial HNSW index, filtered by member_id, with iterative scans on so that
// a member whose rows are far from the query among many near rows of other
// members still gets its k nearest rows.
func TestHNSWFilteredSearch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)

	const query = "trip to lisbon by train"
	var owners []owner
	// bob holds many rows right next to the query ...
	for i := range 1500 {
		owners = append(owners, owner{"bob", embed.OwnerEpisode, b.id("E"), fmt.Sprintf("%s number %d", query, i)})
	}
	// ... alice few, some of them about the query.
	aliceTexts := []string{
		"a train trip to lisbon", "lisbon in spring", "the train was late",
		"the invoice is due", "buy milk and eggs", "call the dentist", "a recipe for soup",
		"my cat sleeps all day", "football on sunday", "the garden needs water",
	}
	for _, text := range aliceTexts {
		owners = append(owners, owner{"alice", embed.OwnerEpisode, b.id("E"), text})
	}
	b.write(t, owners...)
	// every member's vectors in the index (IndexFrom -1): bob's crowd it
	b.drainAll(t, embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 500, IndexFrom: -1}, nil))
	if _, err := b.pool.Exec(b.ctx, `ANALYZE embeddings`); err != nil {
		t.Fatal(err)
	}

	// Exact answer, computed in Go.
	qv, err := h.Embed(b.ctx, []string{query})
	if err != nil {
		t.Fatal(err)
	}
	const k = 5
	type scored struct {
		id  string
		sim float64
	}
	var exact []scored
	for _, o := range owners {
		if o.member != "alice" {
			continue
		}
		v, _ := h.Embed(b.ctx, []string{o.text})
		exact = append(exact, scored{o.id, embed.Cosine(qv[0], v[0])})
	}
	slices.SortFunc(exact, func(x, y scored) int {
		if x.sim > y.sim {
			return -1
		}
		if x.sim < y.sim {
			return 1
		}
		return strings.Compare(x.id, y.id)
	})
	var want []string
	for _, s := range exact[:k] {
		want = append(want, s.id)
	}

	pred, err := embed.ModelPredicate("hash-64")
	if err != nil {
		t.Fatal(err)
	}
	search := fmt.Sprintf(`SELECT owner_id FROM embeddings
		WHERE %s AND member_id = $1 AND status = 'ready'
		ORDER BY %s <=> $2::%s LIMIT %d`, pred, embed.VecExpr(64), embed.VecType(64), k)
	qlit := "[" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(qv[0])), ","), "[]") + "]"

	run := func(iterative string) (ids []string, plan string) {
		t.Helper()
		err := pgx.BeginFunc(b.ctx, b.pool, func(tx pgx.Tx) error {
			// For a member this small the planner rightly prefers the
			// primary key and an exact sort; forbidding sorts puts it on
			// the vector index, the plan it takes for a large member.
			for _, s := range []string{
				"SET LOCAL hnsw.iterative_scan = " + iterative,
				"SET LOCAL enable_seqscan = off",
				"SET LOCAL enable_sort = off",
			} {
				if _, err := tx.Exec(b.ctx, s); err != nil {
					return err
				}
			}
			rows, err := tx.Query(b.ctx, "EXPLAIN "+search, "alice", qlit)
			if err != nil {
				return err
			}
			lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return err
			}
			plan = strings.Join(lines, "\n")
			rows, err = tx.Query(b.ctx, search, "alice", qlit)
			if err != nil {
				return err
			}
			ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return ids, plan
	}

	got, plan := run("relaxed_order")
	t.Logf("plan:\n%s", plan)
	if !strings.Contains(plan, embed.IndexName("hash-64")) {
		t.Fatalf("the search does not use the model's HNSW index:\n%s", plan)
	}
	if len(got) != k {
		t.Fatalf("iterative scan returned %d rows, want %d: %v", len(got), k, got)
	}
	// relaxed_order may swap near-ties, so compare as sets.
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("nearest alice rows = %v, want %v", got, want)
	}

	// Without iterative scans the same search starves: the index's first
	// ef_search candidates are all bob's.
	starved, _ := run("off")
	t.Logf("without iterative scan: %d of %d rows", len(starved), k)
}
