package embed

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"
)

// WordVectorsModel is the model name of the built-in word-vector embedder.
const WordVectorsModel = "wink-sg-100d"

// VectorsFileName is the name scripts/vectors.sh gives the converted file.
const VectorsFileName = "wink-sg-100d.mhv"

// commonRanks is how many of the most frequent words estimate the common
// direction.
const commonRanks = 50000

// SIFWeight is the a of the smooth-inverse-frequency weight a/(a+p(w)).
const SIFWeight = 1e-3

// DefaultVectorsPath is where memhive looks for the converted word vectors:
// $MEMHIVE_VECTORS if set, else $MEMHIVE_VECTORS_DIR/wink-sg-100d.mhv, else
// $HOME/.cache/memhive/wink-sg-100d.mhv (the default of scripts/vectors.sh).
func DefaultVectorsPath() string {
	if p := os.Getenv("MEMHIVE_VECTORS"); p != "" {
		return p
	}
	dir := os.Getenv("MEMHIVE_VECTORS_DIR")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			home = "."
		}
		dir = filepath.Join(home, ".cache", "memhive")
	}
	return filepath.Join(dir, VectorsFileName)
}

// WordVectors is the word-vector embedder: a sentence vector is the
// SIF-weighted average of the vectors of its words, L2-normalised.
//
// Words are lowercase runs of letters and digits; stop words are dropped
// unless nothing else is left. A word's weight is a/(a+p(w)) with a =
// SIFWeight and p(w) estimated from its frequency rank r by Zipf's law,
// p = 1/((r+1)·H) with H the harmonic number of the vocabulary size. A word
// missing from the vocabulary contributes a pseudo-random vector derived from
// its hash, with the weight of the rarest word, so that two texts sharing an
// unknown name still meet. Before normalising, the sentence vector loses its
// projection on the common direction of the vocabulary (the mean vector of
// the 50,000 most frequent words), the cheap form of SIF's common-component
// removal: it pulls unrelated sentences apart.
//
// The file is memory-mapped read-only; Close unmaps it. A WordVectors is safe
// for concurrent use.
type WordVectors struct {
	mu      sync.RWMutex
	data    []byte
	unmap   func([]byte) error
	dims    int
	count   int
	offsets []uint32
	words   []byte
	scales  []float32
	ranks   []uint32
	matrix  []int8
	harm    float64   // harmonic number of count
	oovNorm float32   // typical vector norm, for unknown words
	common  []float32 // unit direction shared by all words, removed from sentences
}

var _ Embedder = (*WordVectors)(nil)

// OpenWordVectors maps the word-vector file at path (see scripts/vectors.sh
// and ConvertWinkFile).
func OpenWordVectors(path string) (*WordVectors, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open word vectors (run scripts/vectors.sh to make %s): %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("open word vectors: %w", err)
	}
	if st.Size() < wvHeaderSize {
		return nil, fmt.Errorf("open word vectors %s: file too small (%d bytes)", path, st.Size())
	}
	data, unmap, err := mapFile(f, int(st.Size()))
	if err != nil {
		return nil, fmt.Errorf("open word vectors %s: %w", path, err)
	}
	wv, err := newWordVectors(data)
	if err != nil {
		_ = unmap(data)
		return nil, fmt.Errorf("open word vectors %s: %w", path, err)
	}
	wv.unmap = unmap
	return wv, nil
}

func newWordVectors(data []byte) (*WordVectors, error) {
	le := binary.LittleEndian
	if len(data) < wvHeaderSize {
		return nil, fmt.Errorf("file too small (%d bytes)", len(data))
	}
	if string(data[:8]) != wvMagic {
		return nil, fmt.Errorf("not a memhive word-vector file (magic %q)", data[:8])
	}
	if v := le.Uint32(data[8:]); v != wvVersion {
		return nil, fmt.Errorf("unsupported format version %d", v)
	}
	h := wvHeader{
		Dims: le.Uint32(data[12:]), Count: le.Uint32(data[16:]), Encoding: le.Uint32(data[20:]),
		OffsetsOff: le.Uint64(data[24:]), WordsOff: le.Uint64(data[32:]), ScalesOff: le.Uint64(data[40:]),
		RanksOff: le.Uint64(data[48:]), MatrixOff: le.Uint64(data[56:]), Size: le.Uint64(data[64:]),
	}
	if h.Encoding != wvEncInt8 {
		return nil, fmt.Errorf("unsupported encoding %d", h.Encoding)
	}
	n, dims := uint64(h.Count), uint64(h.Dims)
	if n == 0 || dims == 0 || dims > 65536 {
		return nil, fmt.Errorf("bad header: %d words of %d dimensions", n, dims)
	}
	if h.Size != uint64(len(data)) {
		return nil, fmt.Errorf("file is %d bytes, header says %d (truncated?)", len(data), h.Size)
	}
	within := func(off, size uint64) bool {
		return off%4 == 0 && off >= wvHeaderSize && off <= h.Size && size <= h.Size-off
	}
	if !within(h.OffsetsOff, 4*(n+1)) || !within(h.ScalesOff, 4*n) || !within(h.RanksOff, 4*n) ||
		!within(h.MatrixOff, n*dims) || h.WordsOff > h.Size {
		return nil, fmt.Errorf("bad header: section out of bounds")
	}
	wv := &WordVectors{data: data, dims: int(dims), count: int(n)}
	wv.offsets = unsafe.Slice((*uint32)(unsafe.Pointer(&data[h.OffsetsOff])), n+1)
	if uint64(wv.offsets[n]) > h.Size-h.WordsOff {
		return nil, fmt.Errorf("bad header: word bytes out of bounds")
	}
	for i := uint64(0); i < n; i++ {
		if wv.offsets[i] > wv.offsets[i+1] {
			return nil, fmt.Errorf("bad word table at %d", i)
		}
	}
	wv.words = data[h.WordsOff : h.WordsOff+uint64(wv.offsets[n])]
	wv.scales = unsafe.Slice((*float32)(unsafe.Pointer(&data[h.ScalesOff])), n)
	wv.ranks = unsafe.Slice((*uint32)(unsafe.Pointer(&data[h.RanksOff])), n)
	wv.matrix = unsafe.Slice((*int8)(unsafe.Pointer(&data[h.MatrixOff])), n*dims)
	for k := 1; k <= int(n); k++ {
		wv.harm += 1 / float64(k)
	}
	// The norm of a mid-frequency word stands in for unknown words.
	var sum float64
	var cnt int
	for i := 0; i < int(n); i += 97 {
		if r := wv.ranks[i]; r > 1000 && r < 50000 {
			sum += wv.norm(i)
			cnt++
		}
	}
	wv.oovNorm = 1
	if cnt > 0 {
		wv.oovNorm = float32(sum / float64(cnt))
	}
	// GloVe vectors share a common direction that makes unrelated sentences
	// look alike; its estimate is the mean of the frequent words' vectors.
	wv.common = make([]float32, wv.dims)
	for i := 0; i < int(n); i++ {
		if wv.ranks[i] < commonRanks {
			wv.addRow(wv.common, i, 1)
		}
	}
	normalize(wv.common)
	return wv, nil
}

// Model returns "wink-sg-100d".
func (wv *WordVectors) Model() string { return WordVectorsModel }

// Dimensions returns 100 for the wink vectors.
func (wv *WordVectors) Dimensions() int { return wv.dims }

// Len is the size of the vocabulary.
func (wv *WordVectors) Len() int { return wv.count }

// Close unmaps the file; a second Close is a no-op.
func (wv *WordVectors) Close() error {
	wv.mu.Lock()
	defer wv.mu.Unlock()
	if wv.data == nil {
		return nil
	}
	data := wv.data
	wv.data, wv.offsets, wv.words, wv.scales, wv.ranks, wv.matrix = nil, nil, nil, nil, nil, nil
	if wv.unmap != nil {
		return wv.unmap(data)
	}
	return nil
}

func (wv *WordVectors) word(i int) string {
	b := wv.words[wv.offsets[i]:wv.offsets[i+1]]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// lookup returns the row of word, or -1.
func (wv *WordVectors) lookup(word string) int {
	lo, hi := 0, wv.count
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if wv.word(m) < word {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < wv.count && wv.word(lo) == word {
		return lo
	}
	return -1
}

func (wv *WordVectors) norm(i int) float64 {
	var s float64
	for _, q := range wv.matrix[i*wv.dims : (i+1)*wv.dims] {
		s += float64(q) * float64(q)
	}
	return math.Sqrt(s) * float64(wv.scales[i])
}

// weight is the SIF weight of a word of frequency rank r.
func (wv *WordVectors) weight(rank uint32) float32 {
	p := 1 / (float64(rank+1) * wv.harm)
	return float32(SIFWeight / (SIFWeight + p))
}

// Vector returns the stored vector of word (lowercased) and whether it is in
// the vocabulary.
func (wv *WordVectors) Vector(word string) ([]float32, bool) {
	wv.mu.RLock()
	defer wv.mu.RUnlock()
	if wv.data == nil {
		return nil, false
	}
	i := wv.lookup(strings.ToLower(word))
	if i < 0 {
		return nil, false
	}
	v := make([]float32, wv.dims)
	wv.addRow(v, i, 1)
	return v, true
}

func (wv *WordVectors) addRow(dst []float32, i int, w float32) {
	s := w * wv.scales[i]
	for j, q := range wv.matrix[i*wv.dims : (i+1)*wv.dims] {
		dst[j] += float32(q) * s
	}
}

// addUnknown adds the pseudo-random vector of an out-of-vocabulary word.
func (wv *WordVectors) addUnknown(dst []float32, word string, w float32) {
	tmp := make([]float32, wv.dims)
	seed := fnv64(word)
	for j := range tmp {
		seed = splitmix(seed)
		tmp[j] = float32(int64(seed>>11))/float32(1<<52) - 1
	}
	normalize(tmp)
	for j := range tmp {
		dst[j] += tmp[j] * wv.oovNorm * w
	}
}

// Embed returns the SIF sentence vector of each text.
func (wv *WordVectors) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	wv.mu.RLock()
	defer wv.mu.RUnlock()
	if wv.data == nil {
		return nil, ErrClosed
	}
	out := make([][]float32, len(texts))
	rareWeight := wv.weight(uint32(wv.count))
	for k, text := range texts {
		v := make([]float32, wv.dims)
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
			if i := wv.lookup(t); i >= 0 {
				wv.addRow(v, i, wv.weight(wv.ranks[i]))
			} else {
				wv.addUnknown(v, t, rareWeight)
			}
		}
		var d float32
		for j := range v {
			d += v[j] * wv.common[j]
		}
		for j := range v {
			v[j] -= d * wv.common[j]
		}
		normalize(v)
		out[k] = v
	}
	return out, nil
}
