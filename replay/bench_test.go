package replay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/memhive/memhive/replay"
)

// BenchmarkReplay lives a synthetic member through sessions (each closed)
// and a nightly run every ten sessions, then replays it. It reports the
// live passes' time, the replay's, and their ratio (the baseline is the
// live passes, measured in the same process), plus the state hash's time.
//
//	go test -run '^$' -bench BenchmarkReplay -benchtime 1x ./replay/
func BenchmarkReplay(b *testing.B) {
	for _, sessions := range []int{20, 60} {
		b.Run(fmt.Sprintf("sessions=%d", sessions), func(b *testing.B) {
			for b.Loop() {
				l := setup(b)
				places := []string{"Berlin", "Lisbon", "Porto", "Madrid", "Vienna", "Oslo", "Prague"}
				likes := []string{"jazz", "chess", "hiking", "tea", "sushi", "opera", "cycling", "poetry"}
				friends := []string{"Maria Lopez", "Tom Becker", "Anna Novak", "Luis Ortega", "Ines Costa"}
				t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
				var live time.Duration
				for s := 0; s < sessions; s++ {
					at := t0.Add(time.Duration(s) * 36 * time.Hour)
					sid := fmt.Sprintf("s%03d", s)
					l.turns(sid, at, []string{"member:alice"},
						fmt.Sprintf("I live in %s. I love %s.", places[s%len(places)], likes[s%len(likes)]),
						fmt.Sprintf("My friend %s lives in %s.", friends[s%len(friends)], places[(s+3)%len(places)]),
						fmt.Sprintf("I work at Company%d.", s%4))
					start := time.Now()
					l.close(sid, "explicit")
					if s%10 == 9 {
						l.nightly(fmt.Sprintf("n%03d", s), at.Add(24*time.Hour))
					}
					live += time.Since(start)
				}
				start := time.Now()
				rep, err := replay.Run(l.ctx, l.pool, "alice", replay.Options{})
				if err != nil {
					b.Fatal(err)
				}
				took := time.Since(start)
				if !rep.Equal {
					b.Fatalf("replay differs from live in %v", rep.Differ)
				}
				start = time.Now()
				if _, err := replay.StateHash(l.ctx, l.pool, "alice", replay.StateOptions{}); err != nil {
					b.Fatal(err)
				}
				hash := time.Since(start)
				b.ReportMetric(float64(live.Milliseconds()), "live-passes-ms")
				b.ReportMetric(float64(took.Milliseconds()), "replay-ms")
				b.ReportMetric(took.Seconds()/live.Seconds(), "replay/live")
				b.ReportMetric(float64(hash.Milliseconds()), "state-hash-ms")
			}
		})
	}
}
