package recall

import (
	"strings"
	"testing"
	"time"
)

// TestParseTimeRFC3339Forms: every RFC 3339 form is taken, on every
// surface that reads a time through ParseTime: a lowercase t or z and a
// space for the T (RFC 3339 §5.6 and its note); a time without a zone is
// still refused with the sentence that says to add one.
func TestParseTimeRFC3339Forms(t *testing.T) {
	t.Parallel()
	want := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	for _, s := range []string{"2026-11-30T10:00:00Z", "2026-11-30t10:00:00z", "2026-11-30 10:00:00Z", " 2026-11-30 11:00:00+01:00 "} {
		got, err := ParseTime(s, false)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if got, err := ParseTime("2026-11-30", true); err != nil || !got.Equal(want.Add(14*time.Hour-time.Nanosecond)) {
		t.Errorf("ParseTime(date, end) = %v, %v", got, err)
	}
	for _, s := range []string{"2026-11-30 10:00:00", "2026-11-30t10:00:00", "2026-11-30T10:00:00"} {
		if _, err := ParseTime(s, false); err == nil || !strings.Contains(err.Error(), "no time zone") {
			t.Errorf("ParseTime(%q) = %v, want the no-zone sentence", s, err)
		}
	}
	if _, err := ParseTime("yesterday", false); err == nil || !strings.Contains(err.Error(), "is not an RFC 3339 time") {
		t.Errorf("ParseTime(yesterday) = %v", err)
	}
}
