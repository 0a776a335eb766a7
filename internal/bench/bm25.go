package bench

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// Tokens are the lowercased word tokens of s (runs of letters and digits),
// the tokenisation of the BM25 baseline. No stemming and no stop words: the
// plain baseline the LoCoMo paper compares against.
func Tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// BM25 is an in-memory Okapi BM25 index over a fixed list of documents.
type BM25 struct {
	K1, B  float64
	docs   []map[string]int // term frequencies
	lens   []int
	avgLen float64
	df     map[string]int
}

// NewBM25 indexes docs with parameters k1 and b (the protocol's: 1.5, 0.75).
func NewBM25(docs []string, k1, b float64) *BM25 {
	x := &BM25{K1: k1, B: b, df: map[string]int{}}
	total := 0
	for _, d := range docs {
		tf := map[string]int{}
		ts := Tokens(d)
		for _, t := range ts {
			tf[t]++
		}
		for t := range tf {
			x.df[t]++
		}
		x.docs = append(x.docs, tf)
		x.lens = append(x.lens, len(ts))
		total += len(ts)
	}
	if len(docs) > 0 {
		x.avgLen = float64(total) / float64(len(docs))
	}
	return x
}

// IDF is ln(1 + (N − df + 0.5)/(df + 0.5)), the non-negative BM25 idf.
func (x *BM25) IDF(term string) float64 {
	n := float64(len(x.docs))
	df := float64(x.df[term])
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// Score is document i's BM25 score for the query's tokens (a repeated
// query token counts each time, as rank_bm25 does).
func (x *BM25) Score(query []string, i int) float64 {
	var s float64
	norm := x.K1 * (1 - x.B + x.B*float64(x.lens[i])/x.avgLen)
	for _, t := range query {
		tf := float64(x.docs[i][t])
		if tf == 0 {
			continue
		}
		s += x.IDF(t) * tf * (x.K1 + 1) / (tf + norm)
	}
	return s
}

// Search returns the indexes of the k best documents for query, best
// first; ties go to the earlier document. Documents scoring 0 (no query
// token) are not returned.
func (x *BM25) Search(query string, k int) []int {
	q := Tokens(query)
	type hit struct {
		i int
		s float64
	}
	var hits []hit
	for i := range x.docs {
		if s := x.Score(q, i); s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].s > hits[b].s })
	if len(hits) > k {
		hits = hits[:k]
	}
	out := make([]int, len(hits))
	for j, h := range hits {
		out[j] = h.i
	}
	return out
}
