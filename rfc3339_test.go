package memhive

import (
	"testing"
	"time"
)

func TestParseRFC3339(t *testing.T) {
	want := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	for _, s := range []string{
		"2026-11-30T10:00:00Z", "2026-11-30t10:00:00z", "2026-11-30T10:00:00z", "2026-11-30t10:00:00Z",
		"2026-11-30 10:00:00Z", "2026-11-30 10:00:00z", "2026-11-30 11:00:00+01:00", "2026-11-30t11:00:00.000+01:00",
	} {
		got, err := ParseRFC3339(s)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseRFC3339(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{
		"", "2026-11-30", "2026-11-30T10:00:00", "2026-11-30 10:00:00", "2026-11-30t10:00:00",
		"2026-11-30  10:00:00Z", "2026-11-30x10:00:00Z", "yesterday", "2026-11-30T10:00:00zz", "z",
	} {
		if got, err := ParseRFC3339(s); err == nil {
			t.Errorf("ParseRFC3339(%q) = %v, want an error", s, got)
		}
	}
}
