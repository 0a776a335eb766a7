// Package testtext makes texts for tests. It has a package of its own
// because the tests of several packages (episodes, porter, remember) need
// a long text that Postgres cannot compress to fit an index row, and a
// copy of it in each was three copies. It lives under internal/ because it
// is a test helper and never ships in the binary.
package testtext

import "strings"

// Incompressible is n letters without a pattern (a hash-like sequence, the
// same on every run): Postgres's pglz takes 12,000 of them to about 6,500
// bytes, so such a text stays well over the 2,704 bytes a btree row holds.
func Incompressible(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteByte("abcdefghijklmnopqrstuvwxyz"[(i*i*7919+i*31)%104729%26])
	}
	return b.String()
}
