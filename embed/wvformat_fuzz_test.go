package embed

import (
	"bytes"
	"strings"
	"testing"
)

const fuzzWink = `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":2,"dimensions":3,"words":["a","b"],` +
	`"vectors":{"a":[0.5,-0.25,0.125,0.5,0],"b":[1,2,3,4,1]},"unkVector":[0,0,0,0,-1]}`

// FuzzConvertWink feeds the converter arbitrary input: it must fail cleanly
// or produce a file that opens and embeds.
func FuzzConvertWink(f *testing.F) {
	f.Add(fuzzWink)
	f.Add(`{"dimensions":1,"l2NormIndex":1,"wordIndex":2,"vectors":{"\u00e9\"":[1,1,0]}}`)
	f.Fuzz(func(t *testing.T, in string) {
		var buf bytes.Buffer
		if err := ConvertWink(strings.NewReader(in), &buf); err != nil {
			return
		}
		wv, err := newWordVectors(buf.Bytes())
		if err != nil {
			t.Fatalf("converted file does not open: %v", err)
		}
		if _, err := wv.Embed(t.Context(), []string{"a b c"}); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzOpenWordVectors checks that a corrupt file is refused, never a panic.
func FuzzOpenWordVectors(f *testing.F) {
	var buf bytes.Buffer
	if err := ConvertWink(strings.NewReader(fuzzWink), &buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		wv, err := newWordVectors(data)
		if err != nil {
			return
		}
		_, _ = wv.Embed(t.Context(), []string{"a b zz"})
		_, _ = wv.Vector("b")
	})
}
