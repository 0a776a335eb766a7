package embed_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/embed/embedtest"
)

var (
	realOnce sync.Once
	realWV   *embed.WordVectors
	realErr  error
)

// realVectors opens the converted wink vectors once for the package's tests.
// A missing file fails the test: run scripts/vectors.sh.
func realVectors(t *testing.T) *embed.WordVectors {
	t.Helper()
	realOnce.Do(func() { realWV, realErr = embed.OpenWordVectors(embed.DefaultVectorsPath()) })
	if realErr != nil {
		t.Fatalf("the word vectors are missing or broken: run scripts/vectors.sh (or set MEMHIVE_VECTORS to the file): %v", realErr)
	}
	return realWV
}

func TestWordVectorsConformance(t *testing.T) {
	t.Parallel()
	wv := realVectors(t)
	if wv.Model() != "wink-sg-100d" || wv.Dimensions() != 100 || wv.Len() != 341479 {
		t.Fatalf("model %q, %d dims, %d words; want wink-sg-100d, 100, 341479", wv.Model(), wv.Dimensions(), wv.Len())
	}
	embedtest.Run(t, wv)
}

func TestWordVectorsVacationMeetsTrip(t *testing.T) {
	t.Parallel()
	wv := realVectors(t)
	ctx := context.Background()
	query := "we went on a vacation"
	related := "our trip was great"
	unrelated := []string{
		"the invoice is due on friday",
		"the quarterly revenue grew by ten percent",
		"my dentist appointment moved to monday",
	}
	v, err := wv.Embed(ctx, append([]string{query, related}, unrelated...))
	if err != nil {
		t.Fatal(err)
	}
	near := embed.Cosine(v[0], v[1])
	t.Logf("cos(%q, %q) = %.3f", query, related, near)
	if near < 0.5 {
		t.Errorf("cosine %.3f is under recall's 0.5 similarity floor", near)
	}
	for i, u := range unrelated {
		far := embed.Cosine(v[0], v[2+i])
		t.Logf("cos(%q, %q) = %.3f", query, u, far)
		if near-far < 0.15 {
			t.Errorf("related %.3f is not clearly above unrelated %.3f (%q)", near, far, u)
		}
		if far >= 0.5 {
			t.Errorf("unrelated %q passes the 0.5 floor at %.3f", u, far)
		}
	}

	words, err := wv.Embed(ctx, []string{"vacation", "trip", "invoice"})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cos(vacation, trip) = %.3f, cos(vacation, invoice) = %.3f", embed.Cosine(words[0], words[1]), embed.Cosine(words[0], words[2]))
	if embed.Cosine(words[0], words[1]) <= embed.Cosine(words[0], words[2]) {
		t.Error("vacation is not closer to trip than to invoice")
	}
}

func TestWordVectorsTokens(t *testing.T) {
	t.Parallel()
	wv := realVectors(t)
	ctx := context.Background()
	v, err := wv.Embed(ctx, []string{
		"Vacation, TRIP!",          // case and punctuation
		"the vacation and a trip",  // stop words
		"the and a",                // nothing but stop words: still a vector
		"Zorblaxian Qwuffle",       // unknown words: still a vector
		"my Zorblaxian friend",     // shares the unknown word
		"my neighbour from Boston", // shares nothing
		"",                         // nothing at all: the zero vector
	})
	if err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(v[0], v[1]); c < 1-1e-6 {
		t.Errorf("stop words, case or punctuation changed the vector: cosine %v", c)
	}
	for i := 2; i <= 3; i++ {
		if embed.Cosine(v[i], v[i]) == 0 {
			t.Errorf("text %d embeds to zero", i)
		}
	}
	if a, b := embed.Cosine(v[3], v[4]), embed.Cosine(v[3], v[5]); a <= b+0.1 {
		t.Errorf("a shared unknown word does not bring texts together: %.3f vs %.3f", a, b)
	}
	for _, x := range v[6] {
		if x != 0 {
			t.Fatalf("empty text embeds to %v, want the zero vector", v[6])
		}
	}
	if vec, ok := wv.Vector("Vacation"); !ok || len(vec) != 100 {
		t.Errorf("Vector(Vacation) = %d dims, %v", len(vec), ok)
	}
	if _, ok := wv.Vector("zorblaxian"); ok {
		t.Error("Vector(zorblaxian) found an unknown word")
	}
}

// smallWink is a wink-format file of four 3-dimensional words, with the
// escapes and spacing a JSON writer may produce.
const smallWink = `{ "precision": 8, "l2NormIndex": 3, "wordIndex": 4, "size": 4, "dimensions": 3,
  "words": ["the", "caf\u00e9", "\"", "trip"],
  "vectors": {
    "the": [0.5, -0.25, 0.125, 0.57282196, 0],
    "caf\u00e9": [1e-1, 2E-1, -3.5e+0, 3.50713558, 1],
    "\"": [0, 0, 0, 0, 2],
    "trip" : [ -1 , 0.75 , 0.5 , 1.34629120 , 3 ]
  },
  "unkVector": [0, 0, 0, 0, -1]
}`

func TestConvertWinkSmall(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := embed.ConvertWink(strings.NewReader(smallWink), &buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "small.mhv")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	wv, err := embed.OpenWordVectors(path)
	if err != nil {
		t.Fatal(err)
	}
	defer wv.Close()
	if wv.Len() != 4 || wv.Dimensions() != 3 {
		t.Fatalf("%d words of %d dims, want 4 of 3", wv.Len(), wv.Dimensions())
	}
	for word, want := range map[string][]float32{
		"the":  {0.5, -0.25, 0.125},
		"café": {0.1, 0.2, -3.5},
		`"`:    {0, 0, 0},
		"trip": {-1, 0.75, 0.5},
	} {
		got, ok := wv.Vector(word)
		if !ok {
			t.Errorf("word %q missing", word)
			continue
		}
		for i := range want {
			// int8 quantization: error at most half a step of the largest component.
			if d := got[i] - want[i]; d > 0.015 || d < -0.015 {
				t.Errorf("%q[%d] = %v, want %v", word, i, got[i], want[i])
			}
		}
	}
	if err := wv.Close(); err != nil {
		t.Fatal(err)
	}
	if err := wv.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := wv.Embed(context.Background(), []string{"trip"}); !errors.Is(err, embed.ErrClosed) {
		t.Fatalf("Embed after Close: %v, want ErrClosed", err)
	}
}

func TestConvertWinkRejects(t *testing.T) {
	t.Parallel()
	for name, in := range map[string]string{
		"empty":           ``,
		"not an object":   `[1,2]`,
		"no vectors":      `{"dimensions":3,"l2NormIndex":3,"wordIndex":4}`,
		"short vector":    `{"dimensions":3,"l2NormIndex":3,"wordIndex":4,"vectors":{"a":[1,2,3,4]}}`,
		"no header":       `{"vectors":{"a":[1,2,3,4,0]}}`,
		"bad rank":        `{"dimensions":3,"l2NormIndex":3,"wordIndex":4,"vectors":{"a":[1,2,3,4,-1]}}`,
		"duplicate word":  `{"dimensions":3,"l2NormIndex":3,"wordIndex":4,"vectors":{"a":[1,2,3,4,0],"a":[1,2,3,4,1]}}`,
		"truncated":       `{"dimensions":3,"l2NormIndex":3,"wordIndex":4,"vectors":{"a":[1,2,`,
		"garbage number":  `{"dimensions":3,"l2NormIndex":3,"wordIndex":4,"vectors":{"a":[1,2,3x,4,0]}}`,
		"unterminated st": `{"dimensions":3,"l2NormIndex":3,"wordIndex":4,"vectors":{"a`,
	} {
		if err := embed.ConvertWink(strings.NewReader(in), new(bytes.Buffer)); err == nil {
			t.Errorf("%s: ConvertWink accepted %q", name, in)
		}
	}
}

func TestOpenWordVectorsRejectsBrokenFiles(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := embed.ConvertWink(strings.NewReader(smallWink), &buf); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	whole := buf.Bytes()
	for name, data := range map[string][]byte{
		"truncated": whole[:len(whole)-1],
		"tiny":      whole[:10],
		"magic":     append([]byte("NOTMAGIC"), whole[8:]...),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if wv, err := embed.OpenWordVectors(path); err == nil {
			wv.Close()
			t.Errorf("%s: OpenWordVectors accepted a broken file", name)
		}
	}
	if _, err := embed.OpenWordVectors(filepath.Join(dir, "absent")); err == nil || !strings.Contains(err.Error(), "scripts/vectors.sh") {
		t.Errorf("a missing file gives %v, want a hint to run scripts/vectors.sh", err)
	}
}

func TestDefaultVectorsPath(t *testing.T) {
	// Not parallel: it sets environment variables.
	t.Setenv("MEMHIVE_VECTORS", "")
	t.Setenv("MEMHIVE_VECTORS_DIR", "/srv/vec")
	if got := embed.DefaultVectorsPath(); got != "/srv/vec/wink-sg-100d.mhv" {
		t.Errorf("with MEMHIVE_VECTORS_DIR: %q", got)
	}
	t.Setenv("MEMHIVE_VECTORS", "/x/y.mhv")
	if got := embed.DefaultVectorsPath(); got != "/x/y.mhv" {
		t.Errorf("with MEMHIVE_VECTORS: %q", got)
	}
	t.Setenv("MEMHIVE_VECTORS", "")
	t.Setenv("MEMHIVE_VECTORS_DIR", "")
	t.Setenv("HOME", "/home/m")
	if got := embed.DefaultVectorsPath(); got != "/home/m/.cache/memhive/wink-sg-100d.mhv" {
		t.Errorf("default: %q", got)
	}
}
