package memhive

import "time"

// ParseRFC3339 reads an RFC 3339 date-time with its zone, as every surface
// takes one (a turn's at, recall's times, a fact's valid_from). Beyond what
// Go's time.RFC3339Nano layout takes, it accepts the forms RFC 3339 allows
// and that layout does not: a lowercase "t" or "z" (§5.6: "T" and "Z" may
// be lowercase) and a space for the "T" (§5.6's note), as in
// "2026-11-30t10:00:00z" and "2026-11-30 10:00:00Z". A time without a zone
// is refused: it would mean a different instant on every server.
func ParseRFC3339(s string) (time.Time, error) {
	return time.Parse(time.RFC3339Nano, NormalizeRFC3339(s))
}

// NormalizeRFC3339 writes the separator of an RFC 3339 date-time as "T"
// (for "t" or a space after the date) and a final "z" as "Z"; any other
// string is returned as it is.
func NormalizeRFC3339(s string) string {
	if len(s) > 10 && (s[10] == 't' || s[10] == ' ') && s[4] == '-' && s[7] == '-' {
		s = s[:10] + "T" + s[11:]
	}
	if n := len(s); n > 0 && s[n-1] == 'z' {
		s = s[:n-1] + "Z"
	}
	return s
}
