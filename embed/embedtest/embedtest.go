// Package embedtest is the conformance suite every embed.Embedder runs, in
// the manner of a driver test suite: call Run from the implementation's test.
// It is a test helper and never ships in the binary.
package embedtest

import (
	"context"
	"math"
	"testing"

	"github.com/memhive/memhive/embed"
)

// Texts are the ordinary sentences the suite embeds.
var Texts = []string{
	"We went on a vacation to Portugal last summer.",
	"Our trip was great, the beaches were lovely.",
	"The quarterly invoice is due on Friday.",
	"My sister adopted a puppy named Biscuit.",
	"Remind me to call the dentist about the appointment.",
}

// Run checks the contract of Embedder: a model name, vectors of the
// declared dimension, one per text and in order, finite and non-zero for
// ordinary text, the same on every call, the same alone as in a batch,
// different for different texts, nothing for nothing, and an error for a
// canceled context.
func Run(t *testing.T, e embed.Embedder) {
	t.Helper()
	ctx := context.Background()
	if e.Model() == "" {
		t.Fatal("Model() is empty")
	}
	dims := e.Dimensions()
	if dims <= 0 {
		t.Fatalf("Dimensions() = %d", dims)
	}

	batch, err := e.Embed(ctx, Texts)
	if err != nil {
		t.Fatalf("Embed(batch): %v", err)
	}
	if len(batch) != len(Texts) {
		t.Fatalf("Embed returned %d vectors for %d texts", len(batch), len(Texts))
	}
	for i, v := range batch {
		if len(v) != dims {
			t.Fatalf("vector %d has %d dimensions, Dimensions() = %d", i, len(v), dims)
		}
		var norm float64
		for j, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				t.Fatalf("vector %d component %d is %v", i, j, x)
			}
			norm += float64(x) * float64(x)
		}
		if norm == 0 {
			t.Fatalf("vector %d of %q is zero", i, Texts[i])
		}
	}

	again, err := e.Embed(ctx, Texts)
	if err != nil {
		t.Fatalf("Embed(again): %v", err)
	}
	for i := range Texts {
		if c := embed.Cosine(batch[i], again[i]); c < 1-1e-5 {
			t.Errorf("not deterministic: text %d cosine %v between two calls", i, c)
		}
	}

	for i, text := range Texts {
		one, err := e.Embed(ctx, []string{text})
		if err != nil {
			t.Fatalf("Embed(single %d): %v", i, err)
		}
		if len(one) != 1 || len(one[0]) != dims {
			t.Fatalf("Embed(single %d) returned %d vectors", i, len(one))
		}
		if c := embed.Cosine(batch[i], one[0]); c < 1-1e-5 {
			t.Errorf("batch differs from single for text %d: cosine %v", i, c)
		}
	}

	// Reversed order gives the same vectors, reversed.
	rev := make([]string, len(Texts))
	for i, text := range Texts {
		rev[len(Texts)-1-i] = text
	}
	rv, err := e.Embed(ctx, rev)
	if err != nil {
		t.Fatalf("Embed(reversed): %v", err)
	}
	for i := range Texts {
		if c := embed.Cosine(batch[i], rv[len(Texts)-1-i]); c < 1-1e-5 {
			t.Errorf("order not kept: text %d cosine %v", i, c)
		}
	}

	for i := range batch {
		for j := i + 1; j < len(batch); j++ {
			if c := embed.Cosine(batch[i], batch[j]); c > 1-1e-4 {
				t.Errorf("texts %d and %d embed the same (cosine %v)", i, j, c)
			}
		}
	}

	none, err := e.Embed(ctx, nil)
	if err != nil {
		t.Fatalf("Embed(nil): %v", err)
	}
	if len(none) != 0 {
		t.Fatalf("Embed(nil) returned %d vectors", len(none))
	}

	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := e.Embed(canceled, Texts[:1]); err == nil {
		t.Error("Embed with a canceled context returned no error")
	}
}
