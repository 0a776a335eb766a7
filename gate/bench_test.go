package gate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/dbtest"
)

// BenchmarkPredicate measures what the gate's predicate costs per row: a
// full scan of one member's facts (and episodes) counting the visible rows,
// under the audience rules alone (the predicate before scopes and drafts),
// the whole gate with no scope (what every unscoped read now runs), and the
// whole gate with a scope of each kind. The scan is the worst case: a hot
// query applies the predicate only to its candidates. Compare the
// sub-benchmarks of one run (BENCHMARKS.md gives the ratios and the load):
//
//	go test -run '^$' -bench Predicate -benchtime 20x ./gate/
func BenchmarkPredicate(b *testing.B) {
	pool := dbtest.New(b)
	ctx := context.Background()
	const n = 50000
	for _, q := range []string{
		`INSERT INTO sessions (member_id, session_id, channel, started_at, last_at)
			SELECT 'm1', 's' || s, c, timestamptz '2024-01-01' + s * interval '30 days', timestamptz '2026-01-01'
			FROM generate_series(0, 19) s, unnest(ARRAY['web:chat', 'telegram:dm', 'slack:#team']) c`,
		`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash,
				fact_kind, valid_from, session_id, channel, audience)
			SELECT 'm1', 'f' || i, 'alice', p, 'c' || i, 'alice', p, 'c' || i, 'h' || i,
				(ARRAY['world', 'experience', 'foresight'])[1 + i % 3], timestamptz '2024-01-01' + i * interval '10 minutes',
				's' || (i % 20), (ARRAY['web:chat', 'telegram:dm', 'slack:#team'])[1 + i % 3],
				CASE i % 3 WHEN 0 THEN '{member:m1}'::text[] WHEN 1 THEN '{member:m1,person:bob}'::text[] ELSE '{*}'::text[] END
			FROM generate_series(1, $1) i, LATERAL (SELECT (ARRAY['lives_in', 'likes', 'note', 'works_at'])[1 + i % 4] AS p) x`,
		`INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			SELECT 'm1', 'e' || i, 's' || (i % 20), (ARRAY['web:chat', 'telegram:dm', 'slack:#team'])[1 + i % 3], 'user', 'member:m1',
				CASE i % 3 WHEN 0 THEN '{member:m1}'::text[] WHEN 1 THEN '{member:m1,person:bob}'::text[] ELSE '{*}'::text[] END, 'hello', timestamptz '2024-01-01' + i * interval '10 minutes'
			FROM generate_series(1, $1) i`,
		`ANALYZE facts`, `ANALYZE episodes`, `ANALYZE sessions`,
	} {
		var args []any
		if strings.Contains(q, "$1") {
			args = []any{n}
		}
		if _, err := pool.Exec(ctx, q, args...); err != nil {
			b.Fatal(err)
		}
	}
	since := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	base := New([]string{"member:m1"}, "web:chat", nil)
	cases := []struct {
		name string
		g    Gate
		only bool // the audience rules alone
	}{
		{"audience_only", base, true},
		{"gate_no_scope", base.For("talky", Scope{}), false},
		{"gate_exclude_channel", base.For("talky", Scope{ExcludeChannels: []string{"telegram:dm"}}), false},
		{"gate_kinds_predicates", base.For("talky", Scope{Kinds: []string{"world"}, Predicates: []string{"likes", "note"}}), false},
		{"gate_since", base.For("talky", Scope{Since: &since}), false},
	}
	for _, tb := range []Table{Facts, Episodes} {
		for _, c := range cases {
			b.Run(string(tb)+"/"+c.name, func(b *testing.B) {
				var q string
				var args []any
				if c.only {
					q = `SELECT count(*) FROM ` + string(tb) + ` r WHERE r.member_id = $1 AND ` + audienceSQL("r", numbered(2))
					args = append([]any{"m1"}, c.g.Args()[:3]...)
				} else {
					q = `SELECT count(*) FROM ` + string(tb) + ` r WHERE r.member_id = $1 AND ` + c.g.SQL(tb, "r", 2)
					args = append([]any{"m1"}, c.g.Args()...)
				}
				var visible int
				for b.Loop() {
					if err := pool.QueryRow(ctx, q, args...).Scan(&visible); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(visible), "visible")
			})
		}
	}
}
