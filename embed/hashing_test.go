package embed_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/embed/embedtest"
)

func TestHashingConformance(t *testing.T) {
	t.Parallel()
	for _, dims := range []int{8, 64, 256} {
		e := embed.NewHashing(dims)
		t.Run(e.Model(), func(t *testing.T) {
			t.Parallel()
			embedtest.Run(t, e)
		})
	}
}

func TestHashingModelName(t *testing.T) {
	t.Parallel()
	if got := embed.NewHashing(256).Model(); got != "hash-256" {
		t.Fatalf("Model() = %q, want hash-256", got)
	}
}

func TestHashingIsLexical(t *testing.T) {
	t.Parallel()
	e := embed.NewHashing(256)
	v, err := e.Embed(context.Background(), []string{
		"Book the trip to Lisbon",
		"our TRIPS to lisbon were long",
		"the invoice is due on friday",
		"The trip, to Lisbon!",
	})
	if err != nil {
		t.Fatal(err)
	}
	shared, unrelated := embed.Cosine(v[0], v[1]), embed.Cosine(v[0], v[2])
	t.Logf("shared words %.3f, unrelated %.3f", shared, unrelated)
	if shared <= unrelated+0.2 {
		t.Errorf("texts sharing words (%.3f) are not clearly closer than unrelated ones (%.3f)", shared, unrelated)
	}
	// Case, punctuation and stop words do not change the vector.
	bare, err := e.Embed(context.Background(), []string{"trip lisbon"})
	if err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(bare[0], v[3]); c < 1-1e-6 {
		t.Errorf("stop words or punctuation changed the vector: cosine %v", c)
	}
}

func TestHashingRejectsTinyDims(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("NewHashing(4) did not panic")
		}
	}()
	embed.NewHashing(4)
}
