package recall

import (
	"fmt"
	"strings"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

var (
	encOnce sync.Once
	enc     *tiktoken.Tiktoken
	encErr  error

	countMu    sync.Mutex
	countCache = map[string]int{}
)

const countCacheMax = 50000

func encoding() (*tiktoken.Tiktoken, error) {
	encOnce.Do(func() {
		tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
		enc, encErr = tiktoken.GetEncoding("cl100k_base")
		if encErr != nil {
			encErr = fmt.Errorf("load cl100k_base tokenizer: %w", encErr)
		}
	})
	return enc, encErr
}

// CountTokens counts s in cl100k_base tokens, the unit of every recall
// budget. Counts of recent lines are cached (rows are immutable text).
func CountTokens(s string) (int, error) {
	countMu.Lock()
	n, ok := countCache[s]
	countMu.Unlock()
	if ok {
		return n, nil
	}
	n, ascii, err := countASCII(s) // asciitok.go
	if err != nil {
		return 0, err
	}
	if !ascii {
		e, err := encoding()
		if err != nil {
			return 0, err
		}
		n = len(e.EncodeOrdinary(s))
	}
	countMu.Lock()
	if len(countCache) >= countCacheMax {
		clear(countCache)
	}
	countCache[s] = n
	countMu.Unlock()
	return n, nil
}

// CountLines counts strings.Join(lines, "\n") in cl100k_base tokens without
// encoding the joined text: the sum of each line's count with its newline,
// the last one's without. It is exact when no line holds a newline:
// cl100k_base's pre-tokenizer never makes a piece that runs past a newline
// into the next line's text (a piece holding a newline ends at the last
// newline of its run: `\s*[\r\n]+`, and punctuation with the newlines after
// it; letters, numbers and contractions hold none), and byte-pair encoding
// works piece by piece. So the count of a text of recall lines is a sum of
// cached line counts, where encoding the whole text of every answer was a
// sixth of the read path's CPU on the latency benchmark. A line with a
// newline is counted by encoding the joined text (TestCountLinesExact).
func CountLines(lines []string) (int, error) {
	total := 0
	for i, l := range lines {
		// a newline inside a line, or a line of whitespace alone (its
		// newline and the one before it are one piece), is counted whole
		if strings.ContainsAny(l, "\r\n") || (i > 0 && strings.TrimSpace(l) == "") {
			return CountTokens(strings.Join(lines, "\n"))
		}
		if i < len(lines)-1 {
			l += "\n"
		}
		n, err := CountTokens(l)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}
