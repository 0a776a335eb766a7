package recall

import (
	"testing"
	"time"
)

func TestResolveTimeDates(t *testing.T) {
	t.Parallel()
	asOf := time.Date(2024, 5, 15, 10, 0, 0, 0, time.UTC)
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		q        string
		from, to time.Time
		ok       bool
	}{
		{"What painting did Melanie show on October 13, 2023?", d(2023, 10, 13), d(2023, 10, 14), true},
		{"what did Gina find on 1 February, 2023?", d(2023, 2, 1), d(2023, 2, 2), true},
		{"the 3rd of March 2022", d(2022, 3, 3), d(2022, 3, 4), true},
		{"dinner on May 3rd", d(2024, 5, 3), d(2024, 5, 4), true},
		{"dinner on May 30", d(2023, 5, 30), d(2023, 5, 31), true}, // latest May 30 not after as_of
		{"13th october", d(2023, 10, 13), d(2023, 10, 14), true},
		{"on 31 April 2023", d(2023, 4, 1), d(2023, 5, 1), true}, // no such day: the month with its year
		{"13 days ago", d(2024, 5, 2), d(2024, 5, 3), true},
		{"in May 2023", d(2023, 5, 1), d(2023, 6, 1), true},
		{"may I ask about the 3 dogs", time.Time{}, time.Time{}, false},
	}
	for _, c := range cases {
		from, to, ok := ResolveTime(c.q, asOf)
		if ok != c.ok || !from.Equal(c.from) || !to.Equal(c.to) {
			t.Errorf("%q: got %v %v %v, want %v %v %v", c.q, from, to, ok, c.from, c.to, c.ok)
		}
	}
}
