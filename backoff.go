package memhive

import "time"

// Backoff is the delay before the next try after the n-th failed one
// (n from 1): first, doubled with each try, at most max. The lanes that
// redeliver a message the store did not take (close requests, memorize)
// wait this long between deliveries.
func Backoff(first, max time.Duration, n uint64) time.Duration {
	d := first
	for i := uint64(1); i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}
