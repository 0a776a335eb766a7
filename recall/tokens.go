package recall

import (
	"fmt"
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
	e, err := encoding()
	if err != nil {
		return 0, err
	}
	n = len(e.EncodeOrdinary(s))
	countMu.Lock()
	if len(countCache) >= countCacheMax {
		clear(countCache)
	}
	countCache[s] = n
	countMu.Unlock()
	return n, nil
}
