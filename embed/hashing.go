package embed

import (
	"context"
	"fmt"
	"strconv"
)

// Hashing is the feature-hashing embedder: lexical, deterministic, offline.
// Each word (lowercase, stop words dropped unless nothing else is left) adds
// ±1 to a hashed coordinate, and its character trigrams (with word
// boundaries) share another ±1 among theirs, so "trip" and "trips" meet. The
// vector is L2-normalised.
type Hashing struct {
	dims int
}

var _ Embedder = (*Hashing)(nil)

// NewHashing returns a hashing embedder of dims dimensions (at least 8;
// 256 is a good size). It panics on fewer, as it is a programming error.
func NewHashing(dims int) *Hashing {
	if dims < 8 {
		panic(fmt.Sprintf("embed: NewHashing(%d): want at least 8 dimensions", dims))
	}
	return &Hashing{dims: dims}
}

// Model returns "hash-<dims>".
func (h *Hashing) Model() string { return "hash-" + strconv.Itoa(h.dims) }

// Dimensions returns the dimension given to NewHashing.
func (h *Hashing) Dimensions() int { return h.dims }

// Embed returns the hashed vector of each text.
func (h *Hashing) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	for k, text := range texts {
		out[k] = h.vector(text)
	}
	return out, nil
}

func (h *Hashing) add(v []float32, feature string, w float32) {
	x := fnv64(feature)
	i := (x >> 1) % uint64(h.dims)
	if x&1 == 1 {
		w = -w
	}
	v[i] += w
}

func (h *Hashing) vector(text string) []float32 {
	v := make([]float32, h.dims)
	toks := tokens(text)
	content := 0
	for _, t := range toks {
		if !isStopWord(t) {
			content++
		}
	}
	for _, t := range toks {
		if content > 0 && isStopWord(t) {
			continue
		}
		h.add(v, "w:"+t, 1)
		padded := []rune("<" + t + ">")
		if len(padded) < 3 {
			continue
		}
		n := len(padded) - 2
		w := 1 / float32(n)
		for i := 0; i < n; i++ {
			h.add(v, "g:"+string(padded[i:i+3]), w)
		}
	}
	normalize(v)
	return v
}
