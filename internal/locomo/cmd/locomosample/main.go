// Command locomosample draws the turns of the LoCoMo labelled set: 42 turns
// from each of the ten conversations, uniformly at random with a fixed seed,
// without looking at what any extractor finds in them. Each turn is put in
// the dev or the held-out split by the first byte of the SHA-256 of its ref
// (even: dev, odd: held-out), so the split is fixed before any labelling or
// tuning. It prints one JSON object a line with empty labels; the labels are
// written by hand into extract/testdata/locomo_labelled.jsonl.
//
//	go run ./internal/locomo/cmd/locomosample > /tmp/sample.jsonl
package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"time"

	"github.com/memhive/memhive/internal/locomo"
)

const (
	seed    = 9 // issue 9
	perConv = 42
)

type row struct {
	Ref     string `json:"ref"`
	Split   string `json:"split"`
	Speaker string `json:"speaker"`
	At      string `json:"at"`
	Text    string `json:"text"`
	Facts   []any  `json:"facts"`
}

func main() {
	samples, err := locomo.Load("")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r := rand.New(rand.NewPCG(seed, seed))
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, s := range samples {
		turns := s.Turns()
		idx := r.Perm(len(turns))[:perConv]
		sort.Ints(idx)
		for _, i := range idx {
			t := turns[i]
			sum := sha256.Sum256([]byte(t.Ref))
			split := "dev"
			if sum[0]%2 == 1 {
				split = "heldout"
			}
			_ = enc.Encode(row{Ref: t.Ref, Split: split, Speaker: t.Speaker, At: t.At.Format(time.RFC3339), Text: t.Text, Facts: []any{}})
		}
	}
}
