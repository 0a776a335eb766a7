package embed_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/internal/dbtest"
)

var benchTexts = []string{
	"We went on a vacation to Portugal last summer and loved the food.",
	"Caroline said the support group meeting moved to Thursday evening.",
	"Remind me to renew the car insurance before the end of the month.",
	"Our trip was great, although the train to Porto was two hours late.",
}

func BenchmarkWordVectorsEmbed(b *testing.B) {
	wv, err := embed.OpenWordVectors(embed.DefaultVectorsPath())
	if err != nil {
		b.Fatalf("run scripts/vectors.sh: %v", err)
	}
	defer wv.Close()
	ctx := context.Background()
	for b.Loop() {
		if _, err := wv.Embed(ctx, benchTexts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchTexts)), "ns/text")
}

func BenchmarkOpenWordVectors(b *testing.B) {
	for b.Loop() {
		wv, err := embed.OpenWordVectors(embed.DefaultVectorsPath())
		if err != nil {
			b.Fatalf("run scripts/vectors.sh: %v", err)
		}
		wv.Close()
	}
}

func BenchmarkHashingEmbed(b *testing.B) {
	h := embed.NewHashing(256)
	ctx := context.Background()
	for b.Loop() {
		if _, err := h.Embed(ctx, benchTexts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchTexts)), "ns/text")
}

// BenchmarkEnqueue is the appender's marginal cost: one Enqueue of one
// episode inside its already open write transaction (the active model is
// resolved in SQL). The commit is the appender's and is not counted.
func BenchmarkEnqueue(b *testing.B) {
	pool := dbtest.New(b)
	ctx := context.Background()
	if err := embed.Register(ctx, pool, embed.NewHashing(64), true); err != nil {
		b.Fatal(err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback(ctx)
	i := 0
	for b.Loop() {
		i++
		if err := embed.Enqueue(ctx, tx, "", embed.OwnerEpisode, []string{"alice"}, []string{fmt.Sprintf("E%09d", i)}); err != nil {
			b.Fatal(err)
		}
	}
}
