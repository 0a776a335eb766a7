package recall

import (
	"math"
	"sync"

	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// A cl100k_base token count for ASCII text without the regexp engine.
//
// tiktoken-go splits text into pieces with cl100k_base's pattern on a
// backtracking regexp engine (regexp2), which was three quarters of the
// cost of counting a recall line: about 2.7 ms of every tier-1 call on the
// latency benchmark, whose lines are mostly new. For text that is all ASCII
// the pattern
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// has simple classes (letters [A-Za-z], numbers [0-9], whitespace
// [ \t\n\v\f\r]) and is matched here by hand, alternative by alternative
// as the backtracking engine tries them; each piece is then counted by the
// same byte-pair merge tiktoken-go runs (lowest rank first, the leftmost of
// equal ranks), and its count kept, since words repeat. Text with any other
// byte goes to tiktoken-go. TestASCIICountEqualsTiktoken compares the two
// on generated and real text.

var (
	ranksOnce sync.Once
	ranks     map[string]int
	ranksErr  error

	pieceMu    sync.Mutex
	pieceCount = map[string]int{}
)

const pieceCountMax = 200000

func cl100kRanks() (map[string]int, error) {
	ranksOnce.Do(func() {
		ranks, ranksErr = tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe("https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken")
	})
	return ranks, ranksErr
}

func asciiLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func asciiDigit(c byte) bool  { return c >= '0' && c <= '9' }
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
func asciiNewline(c byte) bool { return c == '\r' || c == '\n' }

// asciiOther: [^\s\p{L}\p{N}] for an ASCII byte.
func asciiOther(c byte) bool { return !asciiSpace(c) && !asciiLetter(c) && !asciiDigit(c) }

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiPiece is the length of cl100k_base's piece at the start of s (ASCII,
// not empty).
func asciiPiece(s string) int {
	n := len(s)
	run := func(from int, in func(byte) bool) int {
		for from < n && in(s[from]) {
			from++
		}
		return from
	}
	c := s[0]
	// (?i:'s|'t|'re|'ve|'m|'ll|'d)
	if c == '\'' && n >= 2 {
		switch s[1] | 0x20 {
		case 's', 't', 'm', 'd':
			return 2
		}
		if n >= 3 {
			switch two := string([]byte{s[1] | 0x20, s[2] | 0x20}); two {
			case "re", "ve", "ll":
				if asciiLetter(s[1]) && asciiLetter(s[2]) {
					return 3
				}
			}
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if !asciiNewline(c) && !asciiLetter(c) && !asciiDigit(c) && n >= 2 && asciiLetter(s[1]) {
		return run(1, asciiLetter)
	}
	if asciiLetter(c) {
		return run(0, asciiLetter)
	}
	// \p{N}{1,3}
	if asciiDigit(c) {
		return min(run(0, asciiDigit), 3)
	}
	// ' '?[^\s\p{L}\p{N}]+[\r\n]*
	if c == ' ' && n >= 2 && asciiOther(s[1]) {
		return run(run(1, asciiOther), asciiNewline)
	}
	if asciiOther(c) {
		return run(run(0, asciiOther), asciiNewline)
	}
	// c is whitespace: \s*[\r\n]+ ends after the run's last newline
	end := run(0, asciiSpace)
	for k := end - 1; k >= 0; k-- {
		if asciiNewline(s[k]) {
			return k + 1
		}
	}
	// \s+(?!\S), else \s+
	if end == n || end == 1 {
		return end
	}
	return end - 1
}

// bpeCount is how many tokens the byte-pair merge makes of piece (as
// tiktoken-go's bytePairMerge: the lowest-ranked adjacent pair is merged
// first, the leftmost among equals).
func bpeCount(piece string, ranks map[string]int) int {
	if _, ok := ranks[piece]; ok || len(piece) == 1 {
		return 1
	}
	type part struct{ start, rank int }
	parts := make([]part, len(piece)+1)
	rankAt := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := ranks[piece[parts[i].start:parts[i+skip+2].start]]; ok {
				return r
			}
		}
		return math.MaxInt
	}
	for i := range parts {
		parts[i] = part{i, math.MaxInt}
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i].rank = rankAt(i, 0)
	}
	for len(parts) > 1 {
		minRank, at := math.MaxInt, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < minRank {
				minRank, at = parts[i].rank, i
			}
		}
		if at < 0 {
			break
		}
		parts[at].rank = rankAt(at, 1)
		if at > 0 {
			parts[at-1].rank = rankAt(at-1, 1)
		}
		parts = append(parts[:at+1], parts[at+2:]...)
	}
	return len(parts) - 1
}

// countASCII is s's cl100k_base token count; ok is false when s holds a
// byte that is not ASCII (count it with tiktoken-go).
func countASCII(s string) (n int, ok bool, err error) {
	if !isASCII(s) {
		return 0, false, nil
	}
	rk, err := cl100kRanks()
	if err != nil {
		return 0, false, err
	}
	for len(s) > 0 {
		l := asciiPiece(s)
		piece := s[:l]
		s = s[l:]
		pieceMu.Lock()
		c, seen := pieceCount[piece]
		pieceMu.Unlock()
		if !seen {
			c = bpeCount(piece, rk)
			pieceMu.Lock()
			if len(pieceCount) >= pieceCountMax {
				clear(pieceCount)
			}
			pieceCount[piece] = c
			pieceMu.Unlock()
		}
		n += c
	}
	return n, true, nil
}
