package extract_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/locomo"
)

// BenchmarkTurnFactsChat is the extractor's cost on real chat rather than
// one chosen turn: every 20th turn of the ten LoCoMo conversations (294
// turns of one to six sentences), one op a pass over all of them, with
// ns/turn reported. go test -run '^$' -bench TurnFactsChat ./extract/
func BenchmarkTurnFactsChat(b *testing.B) {
	samples, err := locomo.Load("")
	if err != nil {
		b.Fatal(err)
	}
	var turns []string
	n := 0
	for _, s := range samples {
		for _, tr := range s.Turns() {
			if n++; n%20 == 0 {
				turns = append(turns, tr.Text)
			}
		}
	}
	at := time.Date(2023, 5, 8, 13, 0, 0, 0, time.UTC)
	extract.TurnFacts(turns[0], "person:caroline", at) // load the tagger's model once
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, text := range turns {
			extract.TurnFacts(text, "person:caroline", at)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(turns)), "ns/turn")
}

// BenchmarkTurnFactsLong is the cost of one long turn (a pasted document
// or a poison turn) by its size: the LoCoMo turns joined until the turn is
// 4, 16 and 64 KiB (the lanes' default cap). ns/byte stays about level
// when the cost grows with the length, as TurnFacts' pieces make it.
// go test -run '^$' -bench TurnFactsLong ./extract/
func BenchmarkTurnFactsLong(b *testing.B) {
	samples, err := locomo.Load("")
	if err != nil {
		b.Fatal(err)
	}
	var all strings.Builder
	for _, s := range samples {
		for _, tr := range s.Turns() {
			all.WriteString(tr.Text)
			all.WriteString(" ")
		}
	}
	at := time.Date(2023, 5, 8, 13, 0, 0, 0, time.UTC)
	for _, kib := range []int{4, 16, 64} {
		text := all.String()[:kib<<10]
		b.Run(fmt.Sprintf("%dKiB", kib), func(b *testing.B) {
			for b.Loop() {
				extract.TurnFacts(text, "person:caroline", at)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(text)), "ns/byte")
		})
	}
}
