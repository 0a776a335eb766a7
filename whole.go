package memhive

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
)

// The errors of ParseWhole; callers word their own sentence from them.
var (
	ErrNotWhole   = errors.New("not a whole number")
	ErrWholeRange = errors.New("a whole number too large to hold")
)

// ParseWhole reads a whole number as clients reasonably send one (SPEC
// §11): a JSON number (2 or 2.0) or a string holding one ("2", " 2 "). ok
// is false when raw is absent or null. A fraction, another JSON type or
// text that is no number is ErrNotWhole; beyond ±2^53 (where a float no
// longer holds every whole number) ErrWholeRange. Callers check their own
// range (a limit's 1..100, a confidence's 0..100).
func ParseWhole(raw []byte) (n int64, ok bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false, nil
	}
	s := string(raw)
	switch {
	case raw[0] == '"':
		if json.Unmarshal(raw, &s) != nil {
			return 0, true, ErrNotWhole
		}
		s = strings.TrimSpace(s)
	case raw[0] != '-' && (raw[0] < '0' || raw[0] > '9'):
		return 0, true, ErrNotWhole // true, [1], {…}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f != math.Trunc(f) {
		return 0, true, ErrNotWhole
	}
	if math.Abs(f) > 1<<53 {
		return 0, true, ErrWholeRange
	}
	return int64(f), true, nil
}
