package memhive

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

var folder = cases.Fold()

// Canon is the canonical form of a name or claim (SPEC §2): Unicode NFC,
// case folded, white space collapsed to single spaces and trimmed.
func Canon(s string) string {
	s = folder.String(norm.NFC.String(s))
	return strings.Join(strings.Fields(s), " ")
}

// CanonPredicate is the canonical form of a relation key: Canon, then
// snake_case ("Lives In" and "lives-in" both become "lives_in").
func CanonPredicate(s string) string {
	s = Canon(s)
	var b strings.Builder
	under := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
			continue
		}
		under = true
	}
	return b.String()
}
