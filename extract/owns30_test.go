package extract

import (
	"testing"
	"time"
)

func TestOwns30(t *testing.T) {
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	type f struct{ s, p, c string }
	for _, tc := range []struct {
		text      string
		want, not []f
	}{
		{"gonna ring my sister Maja in Aarhus tonight", []f{{"Maja", "lives_in", "Aarhus"}}, nil},
		{"my son Theo in Year 5 loves it", nil, []f{{"Theo", "lives_in", "Year"}}},
		{"my brother Ivo is in Lisbon this week for work", nil, []f{{"Ivo", "lives_in", "Lisbon"}}},
	} {
		got := TurnFacts(tc.text, "person:me", at)
		has := func(x f) bool {
			for _, g := range got {
				if g.Subject == x.s && g.Predicate == x.p && g.Claim == x.c && g.Polarity == Positive {
					return true
				}
			}
			return false
		}
		for _, x := range tc.want {
			if !has(x) {
				t.Errorf("%q: want %v, got %v", tc.text, x, got)
			}
		}
		for _, x := range tc.not {
			if has(x) {
				t.Errorf("%q: must not give %v", tc.text, x)
			}
		}
	}
}
