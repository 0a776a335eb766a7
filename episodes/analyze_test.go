package episodes_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
)

// The analyzer ANALYZEs a table once many rows arrived since its last
// ANALYZE (autovacuum off, as when it has not got to it yet), and not
// again until as many more arrive.
func TestAnalyzerAfterManyRows(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	for _, tb := range episodes.AnalyzedTables {
		if _, err := pool.Exec(ctx, `ALTER TABLE `+tb+` SET (autovacuum_enabled = false)`); err != nil {
			t.Fatal(err)
		}
	}
	a := &episodes.Analyzer{Pool: pool, Rows: 5000}
	stats := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'episodes'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	insert := func(from, n int) {
		if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			SELECT 'alice', 'E' || lpad(g::text, 10, '0'), 's', 'c', 'user', 'member:alice', '{member:alice}', 'turn ' || g,
			       timestamptz '2024-01-01' + g * interval '1 minute'
			FROM generate_series($1::int, $2::int) g`, from, from+n-1); err != nil {
			t.Fatal(err)
		}
	}
	// Postgres counts changed rows asynchronously (each backend reports
	// within a second or so): look until the count is seen
	waitOnce := func() []string {
		deadline := time.Now().Add(30 * time.Second)
		for {
			done, err := a.Once(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(done) > 0 || time.Now().After(deadline) {
				return done
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	insert(1, 100)
	time.Sleep(2 * time.Second)
	if done, err := a.Once(ctx); err != nil || len(done) != 0 {
		t.Fatalf("after 100 rows: analyzed %v (%v)", done, err)
	}
	insert(101, 6000)
	if done := waitOnce(); !slices.Equal(done, []string{"episodes"}) {
		t.Fatalf("after 6,100 rows: analyzed %v", done)
	}
	if stats() == 0 {
		t.Fatal("no statistics after the analyzer ran")
	}
	if done, err := a.Once(ctx); err != nil || len(done) != 0 {
		t.Fatalf("right after: analyzed %v (%v)", done, err)
	}
}
