// Command locomosample draws the turns of the LoCoMo labelled set: 42 turns
// from each of the ten conversations, uniformly at random with a fixed seed,
// without looking at what any extractor finds in them. Each turn is put in
// the dev or the held-out split by the first byte of the SHA-256 of its ref
// (even: dev, odd: held-out), so the split is fixed before any labelling or
// tuning. It prints one JSON object a line with empty labels; the labels are
// written by hand into extract/testdata/locomo_labelled.jsonl.
//
//	go run ./internal/locomo/cmd/locomosample > /tmp/sample.jsonl
//
// A later, larger dev set is drawn the same way from the turns not drawn
// before: -exclude names the labelled file whose refs are left out, -seed
// and -per choose the draw, and -all-dev puts every drawn turn in dev (the
// held-out part stays the turns of the first draw):
//
//	go run ./internal/locomo/cmd/locomosample -seed 91 -per 20 -all-dev \
//	    -exclude extract/testdata/locomo_labelled.jsonl > /tmp/dev2.jsonl
//
// A fresh held-out draw, labelled before any extractor run on it, puts every
// drawn turn in a split of its own with -split (which overrides the hash
// split and -all-dev):
//
//	go run ./internal/locomo/cmd/locomosample -seed 2611 -per 30 -draw 3 \
//	    -split heldout2 -exclude extract/testdata/locomo_labelled.jsonl
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"time"

	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/lanes"
)

type row struct {
	Ref     string `json:"ref"`
	Split   string `json:"split"`
	Draw    int    `json:"draw,omitempty"`
	Speaker string `json:"speaker"`
	At      string `json:"at"`
	Text    string `json:"text"`
	Facts   []any  `json:"facts"`
}

func main() {
	seed := flag.Uint64("seed", 9, "seed of the draw (9: the first draw, issue 9)")
	per := flag.Int("per", 42, "turns drawn from each conversation")
	exclude := flag.String("exclude", "", "a JSONL file whose refs are not drawn again")
	allDev := flag.Bool("all-dev", false, "put every drawn turn in the dev split")
	draw := flag.Int("draw", 0, "the draw's number, written to each row (0: not written)")
	splitName := flag.String("split", "", "put every drawn turn in this split (overrides the hash split and -all-dev)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/locomo/cmd/locomosample [flags] > sample.jsonl\n\n"+
			"Draws LoCoMo turns uniformly at random per conversation for hand labelling.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	skip := map[string]bool{}
	if *exclude != "" {
		if err := readRefs(*exclude, skip); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	samples, err := locomo.Load("")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r := rand.New(rand.NewPCG(*seed, *seed))
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, s := range samples {
		var turns []lanes.Turn
		for _, t := range s.Turns() {
			if !skip[t.Ref] {
				turns = append(turns, t)
			}
		}
		n := min(*per, len(turns))
		idx := r.Perm(len(turns))[:n]
		sort.Ints(idx)
		for _, i := range idx {
			t := turns[i]
			sum := sha256.Sum256([]byte(t.Ref))
			split := "dev"
			if sum[0]%2 == 1 && !*allDev {
				split = "heldout"
			}
			if *splitName != "" {
				split = *splitName
			}
			_ = enc.Encode(row{Ref: t.Ref, Split: split, Draw: *draw, Speaker: t.Speaker, At: t.At.Format(time.RFC3339), Text: t.Text, Facts: []any{}})
		}
	}
}

func readRefs(path string, into map[string]bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r struct {
			Ref string `json:"ref"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		into[r.Ref] = true
	}
	return sc.Err()
}
