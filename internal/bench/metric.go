package bench

import (
	"fmt"
	"strings"
)

// Ks are the cut-offs every recall figure is reported at.
var Ks = [4]int{5, 10, 25, 50}

// At is a recall figure at each of Ks, in percent.
type At [4]float64

// TurnRecall is the share of evidence dia ids found in the first k
// positions of ranked. ranked[i] lists the dia ids position i stands for:
// one for an episode, the source turns for a distilled fact, none for a row
// that is no turn. No evidence counts as 1, as the LoCoMo paper does.
func TurnRecall(evidence []string, ranked [][]string, k int) float64 {
	if len(evidence) == 0 {
		return 1
	}
	got := map[string]bool{}
	for i := 0; i < k && i < len(ranked); i++ {
		for _, d := range ranked[i] {
			got[d] = true
		}
	}
	n := 0
	for _, e := range evidence {
		if got[e] {
			n++
		}
	}
	return float64(n) / float64(len(evidence))
}

// SessionOf is the session part of a dia id: "D3:7" → "D3".
func SessionOf(dia string) string {
	s, _, _ := strings.Cut(dia, ":")
	return s
}

// SessionRecall is TurnRecall over sessions: the share of evidence
// sessions among the sessions of the first k positions.
func SessionRecall(evidence []string, ranked [][]string, k int) float64 {
	if len(evidence) == 0 {
		return 1
	}
	var ev []string
	seen := map[string]bool{}
	for _, e := range evidence {
		if s := SessionOf(e); !seen[s] {
			seen[s] = true
			ev = append(ev, s)
		}
	}
	rs := make([][]string, len(ranked))
	for i, p := range ranked {
		for _, d := range p {
			rs[i] = append(rs[i], SessionOf(d))
		}
	}
	return TurnRecall(ev, rs, k)
}

// SessionRecallAll is the outside benchmark's session measure (as its
// report describes it: "session recall_all@k"): the sessions ranked by the
// first position that stands for one of their turns, and 1 when every
// evidence session is among the first k distinct sessions, else 0. A
// ranking whose items crowd into few sessions reaches few sessions, which
// SessionRecall (k items, however many sessions they span) cannot show.
// Positions that stand for no turn are skipped.
func SessionRecallAll(evidence []string, ranked [][]string, k int) float64 {
	if len(evidence) == 0 {
		return 1
	}
	rank := map[string]int{}
	for _, p := range ranked {
		for _, d := range p {
			if s := SessionOf(d); s != "" {
				if _, ok := rank[s]; !ok {
					rank[s] = len(rank)
				}
			}
		}
	}
	for _, e := range evidence {
		if r, ok := rank[SessionOf(e)]; !ok || r >= k {
			return 0
		}
	}
	return 1
}

// Groups are the rows of every recall table: each category, all five
// ("overall", as the paper reports it) and categories 1 to 4.
var Groups = []string{"1", "2", "3", "4", "5", "overall", "1-4"}

// GroupNames label Groups.
var GroupNames = map[string]string{"1": "multi-hop", "2": "temporal", "3": "open-domain", "4": "single-hop",
	"5": "adversarial", "overall": "overall (1–5)", "1-4": "categories 1–4"}

// Acc accumulates recall@k per group.
type Acc struct {
	turn, sess, all map[string]*At
	n               map[string]int
}

// NewAcc returns an empty accumulator.
func NewAcc() *Acc {
	return &Acc{turn: map[string]*At{}, sess: map[string]*At{}, all: map[string]*At{}, n: map[string]int{}}
}

// Add scores one question of category cat.
func (a *Acc) Add(cat int, evidence []string, ranked [][]string) {
	gs := []string{fmt.Sprint(cat), "overall"}
	if cat >= 1 && cat <= 4 {
		gs = append(gs, "1-4")
	}
	for _, g := range gs {
		if a.turn[g] == nil {
			a.turn[g], a.sess[g], a.all[g] = &At{}, &At{}, &At{}
		}
		a.n[g]++
		for i, k := range Ks {
			a.turn[g][i] += TurnRecall(evidence, ranked, k)
			a.sess[g][i] += SessionRecall(evidence, ranked, k)
			a.all[g][i] += SessionRecallAll(evidence, ranked, k)
		}
	}
}

// Row is one group's recall, in percent.
type Row struct {
	Group     string `json:"group"`
	Questions int    `json:"questions"`
	Turn      At     `json:"turn_recall"`
	Session   At     `json:"session_recall"`
	// SessionAll is SessionRecallAll: every evidence session among the
	// first k distinct sessions.
	SessionAll At `json:"session_recall_all"`
}

// Table is one ranking's recall over every group.
type Table struct {
	Name string `json:"name"`
	Rows []Row  `json:"rows"`
}

// Table returns the accumulated means in percent, one row per group seen.
func (a *Acc) Table(name string) Table {
	t := Table{Name: name}
	for _, g := range Groups {
		n := a.n[g]
		if n == 0 {
			continue
		}
		r := Row{Group: g, Questions: n}
		for i := range Ks {
			r.Turn[i] = 100 * a.turn[g][i] / float64(n)
			r.Session[i] = 100 * a.sess[g][i] / float64(n)
			r.SessionAll[i] = 100 * a.all[g][i] / float64(n)
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}

// Row returns the row of group g (zero if absent).
func (t Table) Row(g string) Row {
	for _, r := range t.Rows {
		if r.Group == g {
			return r
		}
	}
	return Row{Group: g}
}
