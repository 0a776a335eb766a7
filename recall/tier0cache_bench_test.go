package recall

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/memhive/memhive/facts"
)

// BenchmarkTier0 is one tier-0 call on a member with about 3,000 facts
// about them (and their episodes' session), with the profile lines kept
// (kept: the path since migration 021), a reader whose lines are not kept
// made from the member's snapshot (new-reader: the kept lines are dropped
// before each call) and read and resolved in SQL on every call (uncached:
// the path before either). Compare them in one run:
//
//	go test -run '^$' -bench Tier0 -benchtime 200x ./recall/
func BenchmarkTier0(b *testing.B) {
	f := setup(b)
	seedProfile(f, "alice", 3000, 11)
	for i := range 12 {
		f.episode(ep{member: "alice", session: "s1", channel: "web:chat", content: "a turn of this session " + string(rune('a'+i)),
			audience: []string{"member:alice"}, at: t0.Add(time.Duration(i) * time.Minute)})
	}
	f.exec(`ANALYZE facts`)
	f.exec(`ANALYZE episodes`) // its own tables: a bare ANALYZE would reach every test schema of the database
	r := req("alice", "0", "", []string{"member:alice"}, "web:chat")
	r.Session = "s1"
	for _, mode := range []string{"kept", "new-reader", "uncached"} {
		b.Run(mode, func(b *testing.B) {
			s := New(f.pool, Config{}, nil, nil)
			s.t0.off = mode == "uncached"
			if _, err := s.Recall(f.ctx, r); err != nil { // fills the kept lines
				b.Fatal(err)
			}
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				if mode == "new-reader" {
					s.t0.dropLines()
				}
				start := time.Now()
				if _, err := s.Recall(f.ctx, r); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
			hits, misses := s.Tier0CacheStats()
			b.ReportMetric(float64(hits)/float64(hits+misses), "kept/call")
		})
	}
}

// BenchmarkFactInsertRecordVersion is what the record version costs a
// writer: one facts.Insert (one statement) with migration 021's trigger
// enabled (versioned) and disabled (plain), in one run:
//
//	go test -run '^$' -bench FactInsertRecordVersion -benchtime 1000x ./recall/
func BenchmarkFactInsertRecordVersion(b *testing.B) {
	f := setup(b)
	for _, mode := range []string{"versioned", "plain"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "plain" {
				f.exec(`ALTER TABLE facts DISABLE TRIGGER facts_version_ins`)
				defer f.exec(`ALTER TABLE facts ENABLE TRIGGER facts_version_ins`)
			}
			b.ResetTimer()
			for range b.N {
				f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: fmt.Sprintf("thing %d", idSeq.Add(1)),
					ValidFrom: t0, Channel: "web:chat", Audience: []string{"member:alice"}, Origin: "memorize"})
			}
		})
	}
}
