package recall

import (
	"fmt"
	"strings"
	"testing"
)

// TestPickSpreadsTheTailOverSessions: the list's head keeps the fused
// order whole; past it, an episode of a session already in the list waits
// until the other candidates are placed; facts are never held back; a cap
// of -1 keeps the fused order; a row is picked once.
func TestPickSpreadsTheTailOverSessions(t *testing.T) {
	ep := func(id, session string) *row {
		return &row{Item: Item{Kind: "episode", ID: id, Session: session, Channel: "c"}}
	}
	// fused order: five turns of session a, a fact, then b, c, a again, d
	cands := []*row{ep("a1", "a"), ep("a2", "a"), ep("a3", "a"), ep("a4", "a"), ep("a5", "a"),
		{Item: Item{Kind: "fact", ID: "f1", Session: "a", Channel: "c"}}, ep("b1", "b"), ep("c1", "c"), ep("a1", "a"), ep("d1", "d")}
	ids := func(rs []*row) string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		head, cap, limit int
		want             string
	}{
		{50, 1, 8, "a1 a2 a3 a4 f1 b1 c1 d1"},     // head 4: a1..a4 whole; then a5 waits
		{50, 1, 10, "a1 a2 a3 a4 a5 f1 b1 c1 d1"}, // head 5: every a; a1 once
		{25, 1, 6, "a1 f1 b1 c1 d1 a2"},           // head 1 (6 × 25 %); a2 waits, then fills the list
		{50, 2, 8, "a1 a2 a3 a4 f1 b1 c1 d1"},     // a already has 4 ≥ 2
		{50, -1, 8, "a1 a2 a3 a4 a5 f1 b1 c1"},    // off: the fused order
		{100, 1, 8, "a1 a2 a3 a4 a5 f1 b1 c1"},    // all head
		{0, 1, 10, "a1 f1 b1 c1 d1 a2 a3 a4 a5"},  // no head
	} {
		s := &Service{cfg: Config{SessionSpreadHeadPct: tc.head, SessionSpreadCap: tc.cap}}
		if got := ids(s.pick(cands, tc.limit)); got != tc.want {
			t.Errorf("head %d%%, cap %d, limit %d: %s, want %s", tc.head, tc.cap, tc.limit, got, fmt.Sprint(tc.want))
		}
	}
}
