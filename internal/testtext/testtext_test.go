package testtext_test

import (
	"bytes"
	"compress/flate"
	"strings"
	"testing"

	"github.com/memhive/memhive/internal/testtext"
)

// Incompressible is n lowercase letters, the same on every call, and a
// compressor leaves 12,000 of them over the 2,704 bytes a btree row holds.
func TestIncompressible(t *testing.T) {
	for _, n := range []int{0, 1, 300, 12000} {
		s := testtext.Incompressible(n)
		if len(s) != n || strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Fatalf("Incompressible(%d) = %.40q (%d bytes)", n, s, len(s))
		}
		if testtext.Incompressible(n) != s {
			t.Fatalf("Incompressible(%d) differs between calls", n)
		}
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(testtext.Incompressible(12000)))
	w.Close()
	if buf.Len() <= 2704 {
		t.Fatalf("12,000 letters deflate to %d bytes, under a btree row's 2,704", buf.Len())
	}
}
