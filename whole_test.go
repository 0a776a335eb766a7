package memhive_test

import (
	"errors"
	"testing"

	"github.com/memhive/memhive"
)

func TestParseWhole(t *testing.T) {
	for raw, want := range map[string]int64{`2`: 2, `2.0`: 2, `"2"`: 2, `" 2 "`: 2, `-3`: -3, `"-3.0"`: -3, `0`: 0} {
		if n, ok, err := memhive.ParseWhole([]byte(raw)); n != want || !ok || err != nil {
			t.Errorf("%s: %d, %v, %v; want %d", raw, n, ok, err, want)
		}
	}
	for _, raw := range []string{``, ` `, `null`} {
		if _, ok, err := memhive.ParseWhole([]byte(raw)); ok || err != nil {
			t.Errorf("%q: given %v, %v", raw, ok, err)
		}
	}
	for raw, want := range map[string]error{`2.5`: memhive.ErrNotWhole, `"two"`: memhive.ErrNotWhole, `true`: memhive.ErrNotWhole,
		`[1]`: memhive.ErrNotWhole, `"NaN"`: memhive.ErrNotWhole, `1e300`: memhive.ErrWholeRange, `"Inf"`: memhive.ErrWholeRange} {
		if _, ok, err := memhive.ParseWhole([]byte(raw)); !ok || !errors.Is(err, want) {
			t.Errorf("%s: %v, %v; want %v", raw, ok, err, want)
		}
	}
}
