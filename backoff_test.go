package memhive

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		n    uint64
		want time.Duration
	}{{0, 2 * time.Second}, {1, 2 * time.Second}, {2, 4 * time.Second}, {3, 8 * time.Second}, {6, time.Minute}, {60, time.Minute}} {
		if got := Backoff(2*time.Second, time.Minute, tc.n); got != tc.want {
			t.Errorf("Backoff(2s, 1m, %d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}
