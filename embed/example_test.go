package embed_test

import (
	"context"
	"fmt"

	"github.com/memhive/memhive/embed"
)

// The hashing embedder needs nothing: texts that share words meet.
func ExampleNewHashing() {
	e := embed.NewHashing(256)
	v, err := e.Embed(context.Background(), []string{
		"Book the train to Lisbon",
		"the Lisbon train was late",
		"renew the car insurance",
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Model(), len(v[0]))
	fmt.Println(embed.Cosine(v[0], v[1]) > embed.Cosine(v[0], v[2]))
	// Output:
	// hash-256 256
	// true
}

// The word-vector embedder finds meaning beyond shared words; the file comes
// from scripts/vectors.sh.
func ExampleOpenWordVectors() {
	wv, err := embed.OpenWordVectors(embed.DefaultVectorsPath())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer wv.Close()
	v, err := wv.Embed(context.Background(), []string{"we went on a vacation", "our trip was great", "the invoice is due"})
	if err != nil {
		panic(err)
	}
	fmt.Println(wv.Model(), wv.Dimensions())
	fmt.Printf("related %.2f, unrelated %.2f\n", embed.Cosine(v[0], v[1]), embed.Cosine(v[0], v[2]))
	// Output:
	// wink-sg-100d 100
	// related 0.60, unrelated 0.18
}
