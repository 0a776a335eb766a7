package gate_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/internal/dbtest"
)

// TestShowsAgreesWithSQL: over a random record (with some unreadable
// audiences: empty, a NULL entry, a blank entry) and random gates with
// random scopes, Shows on the row RowSQL reads decides as the SQL
// predicate does, for every row of every table it serves; a gate whose
// scope has Since is refused (ok false).
func TestShowsAgreesWithSQL(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 13))
	world(t, pool, r)
	ctx := context.Background()
	// rows older than migration 006 may hold such audiences: drop its
	// check in this test's schema to write some
	for _, tb := range []string{"facts", "entity_edges", "beliefs"} {
		if _, err := pool.Exec(ctx, `ALTER TABLE `+tb+` DROP CONSTRAINT `+tb+`_audience_canonical`); err != nil {
			t.Fatal(err)
		}
	}
	for i, aud := range []string{`'{}'`, `ARRAY[NULL, 'member:m1']::text[]`, `ARRAY['', 'member:m1']::text[]`, `ARRAY[NULL]::text[]`} {
		for _, st := range []string{
			`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, fact_kind, valid_from, channel, audience, drafted_by)
			 VALUES ($1, $2, 'alice', 'likes', $2, 'alice', 'likes', $2, $2, 'world', now(), 'web:chat', ` + aud + `, ARRAY[NULL, 'talky']::text[])`,
			`INSERT INTO entity_edges (member_id, id, src_id, dst_id, relation, channel, audience) VALUES ($1, $2, 'a', 'b', 'likes', 'web:chat', ` + aud + `)`,
			`INSERT INTO beliefs (member_id, id, holder, statement, channel, audience) VALUES ($1, $2, 'member:m1', $2, 'web:chat', ` + aud + `)`,
		} {
			if _, err := pool.Exec(ctx, st, member, "u"+string(rune('0'+i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	shown, hidden := 0, 0
	for range 80 {
		g := randomGate(r)
		since := g.Scope.Since
		g.Scope.Since = nil
		for _, tb := range []gate.Table{gate.Facts, gate.Edges, gate.Beliefs} {
			q := `SELECT r.id, ` + g.SQL(tb, "r", 2) + `, ` + gate.RowSQL(tb, "r") + ` FROM ` + string(tb) + ` r WHERE r.member_id = $1`
			rows, err := pool.Query(ctx, q, append([]any{member}, g.Args()...)...)
			if err != nil {
				t.Fatalf("%s: %v", tb, err)
			}
			var id string
			var want bool
			var w gate.Row
			_, err = pgx.ForEachRow(rows, append([]any{&id, &want}, w.Dest()...), func() error {
				got, ok := g.Shows(tb, w)
				if !ok {
					t.Fatalf("a gate with no since refused")
				}
				if got != want {
					t.Fatalf("%s row %s (%+v) under gate %+v scope %s: Shows %v, SQL %v", tb, id, w, g, g.Scope, got, want)
				}
				if want {
					shown++
				} else {
					hidden++
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", tb, err)
			}
		}
		if since != nil {
			g.Scope.Since = since
			if _, ok := g.Shows(gate.Facts, gate.Row{Readable: true, Audience: []string{"*"}}); ok {
				t.Fatal("Shows answered for a gate with since")
			}
		}
	}
	if shown == 0 || hidden == 0 {
		t.Fatalf("shown %d, hidden %d: the test checked only one side", shown, hidden)
	}
}
