package embed

import (
	"context"
	"errors"
	"math"
)

// Embedder turns texts into vectors of a fixed dimension.
//
// Embed returns one vector per text, in order, each of length Dimensions().
// The same text gives the same vector whether it is embedded alone or in a
// batch. A text with no usable token may give the zero vector; the Drainer
// stores no vector for it.
type Embedder interface {
	// Model names the vector space; rows of different models never mix.
	Model() string
	// Dimensions is the length of every vector Embed returns.
	Dimensions() int
	// Embed returns one vector per text. A canceled ctx is an error.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// ErrClosed is returned by an embedder used after Close.
var ErrClosed = errors.New("embed: embedder is closed")

// normalize scales v to unit length in place; a zero vector stays zero.
func normalize(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
}

// isZero reports whether every component of v is zero.
func isZero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// Cosine returns the cosine similarity of a and b (0 when either is zero).
func Cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
