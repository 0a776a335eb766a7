package facts_test

import (
	"slices"
	"testing"
	"time"

	"github.com/memhive/memhive/facts"
)

func TestRuleResolve(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	day := func(n int) time.Time { return t0.AddDate(0, 0, n) }
	v := func(id, speaker, claim string, conf, from int) facts.Version {
		return facts.Version{ID: id, Speaker: speaker, ClaimCanon: claim, Confidence: conf, ValidFrom: day(from), RecordedAt: day(from)}
	}
	until := func(x facts.Version, d int) facts.Version { u := day(d); x.ValidUntil = &u; return x }
	hidden := func(x facts.Version) facts.Version { x.Hidden = true; return x }
	link := func(x facts.Version, to string) facts.Version { x.SupersededBy = to; return x }
	rule := facts.Rule{}
	cases := []struct {
		name     string
		vs       []facts.Version
		asOf     int
		inForce  []string // ids in force
		prev     map[string]string
		unknown  []string
		shownFor map[string]string // version → what is shown in its place
	}{
		{name: "one speaker: the later replaces the earlier",
			vs:   []facts.Version{v("berlin", "alice", "berlin", 70, 0), v("lisbon", "alice", "lisbon", 70, 30)},
			asOf: 40, inForce: []string{"lisbon"}, prev: map[string]string{"lisbon": "berlin"},
			shownFor: map[string]string{"berlin": "lisbon", "lisbon": "lisbon"}},
		{name: "as of before the change",
			vs:   []facts.Version{v("berlin", "alice", "berlin", 70, 0), v("lisbon", "alice", "lisbon", 70, 30)},
			asOf: 10, inForce: []string{"berlin"}, shownFor: map[string]string{"berlin": "berlin"}},
		{name: "two speakers stand side by side (Tom in Amsterdam, Tom in Paris)",
			vs:   []facts.Version{v("ams", "member:alice", "amsterdam", 70, 0), v("par", "person:bob", "paris", 70, 30)},
			asOf: 40, inForce: []string{"ams", "par"}, shownFor: map[string]string{"ams": "ams", "par": "par"}},
		{name: "below the threshold a statement replaces nothing",
			vs:   []facts.Version{v("34", "alice", "34", 80, 0), v("100", "alice", "100", 40, 30)},
			asOf: 40, inForce: []string{"34"}, shownFor: map[string]string{"100": "34"}},
		{name: "the first statement stands whatever its confidence",
			vs:   []facts.Version{v("weak", "alice", "x", 20, 0)},
			asOf: 40, inForce: []string{"weak"}},
		{name: "at the threshold it replaces",
			vs:   []facts.Version{v("a", "alice", "a", 90, 0), v("b", "alice", "b", facts.DefaultThreshold, 30)},
			asOf: 40, inForce: []string{"b"}, prev: map[string]string{"b": "a"}},
		{name: "a restatement is not a replacement",
			vs:   []facts.Version{v("a", "alice", "berlin", 70, 0), v("b", "alice", "lisbon", 70, 10), v("c", "alice", "lisbon", 70, 20)},
			asOf: 40, inForce: []string{"c"}, prev: map[string]string{"c": "a", "b": "a"}},
		{name: "a hidden later version: the shown one is uncertain, never replaced by it",
			vs:   []facts.Version{v("pub", "alice", "berlin", 70, 0), hidden(v("priv", "alice", "lisbon", 70, 30))},
			asOf: 40, inForce: []string{"pub"}, unknown: []string{"pub"}, shownFor: map[string]string{"pub": "pub", "priv": ""}},
		{name: "a hidden weak version raises no doubt",
			vs:   []facts.Version{v("pub", "alice", "berlin", 70, 0), hidden(v("priv", "alice", "lisbon", 10, 30))},
			asOf: 40, inForce: []string{"pub"}},
		{name: "the record's link joins speakers (update_memory by an assistant)",
			vs: []facts.Version{until(link(v("old", "member:alice", "berlin", 70, 0), "new"), 30),
				v("new", "assistant:talky", "lisbon", 30, 30)},
			asOf: 40, inForce: []string{"new"}, prev: map[string]string{"new": "old"}, shownFor: map[string]string{"old": "new"}},
		{name: "an ended version with nothing after it is in force for nobody, shown as it was",
			vs:   []facts.Version{until(v("a", "alice", "berlin", 70, 0), 20)},
			asOf: 40, shownFor: map[string]string{"a": "a"}},
		{name: "an ended later version does not bring the earlier back",
			vs:   []facts.Version{v("a", "alice", "berlin", 70, 0), until(v("b", "alice", "lisbon", 70, 10), 20)},
			asOf: 40, prev: map[string]string{"b": "a"}, shownFor: map[string]string{"a": "a", "b": "b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := rule.Resolve(c.vs, true, day(c.asOf))
			idx := map[string]int{}
			for i, x := range c.vs {
				idx[x.ID] = i
			}
			var in []string
			for i, x := range c.vs {
				if res.InForce[i] {
					in = append(in, x.ID)
				}
			}
			if len(in) != len(c.inForce) {
				t.Fatalf("in force %v, want %v", in, c.inForce)
			}
			for k := range in {
				if in[k] != c.inForce[k] {
					t.Fatalf("in force %v, want %v", in, c.inForce)
				}
			}
			for id, want := range c.prev {
				if p := res.Previously[idx[id]]; p < 0 || c.vs[p].ID != want {
					t.Errorf("previously of %s = %d, want %s", id, p, want)
				}
			}
			for i, x := range c.vs {
				_, want := c.prev[x.ID]
				if !want && res.Previously[i] >= 0 {
					t.Errorf("%s has previously %s, want none", x.ID, c.vs[res.Previously[i]].ID)
				}
			}
			un := map[string]bool{}
			for _, id := range c.unknown {
				un[id] = true
			}
			for i, x := range c.vs {
				if res.Unknown[i] != un[x.ID] {
					t.Errorf("unknown %s = %v, want %v", x.ID, res.Unknown[i], un[x.ID])
				}
			}
			for id, want := range c.shownFor {
				got := ""
				if s := res.Shown[idx[id]]; s >= 0 {
					got = c.vs[s].ID
				}
				if got != want {
					t.Errorf("shown for %s = %q, want %q", id, got, want)
				}
			}
		})
	}
}

func TestRuleSuccessors(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	v := func(id string, conf, day int) facts.Version {
		return facts.Version{ID: id, Confidence: conf, ValidFrom: t0.AddDate(0, 0, day), RecordedAt: t0}
	}
	// strong, weak, strong, weak: the weak ones never close anything; each
	// version is closed by the next accepted one; the last accepted and
	// what follows it stay open.
	vs := []facts.Version{v("s2", 80, 20), v("w1", 30, 10), v("s1", 80, 0), v("w2", 30, 30)}
	next := facts.Rule{}.Successors(vs)
	want := map[string]string{"s1": "s2", "w1": "s2", "s2": "", "w2": ""}
	for i, x := range vs {
		got := ""
		if next[i] >= 0 {
			got = vs[next[i]].ID
		}
		if got != want[x.ID] {
			t.Errorf("%s closed by %q, want %q", x.ID, got, want[x.ID])
		}
	}
	if got := (facts.Rule{Threshold: 20}).Successors(vs); vs[got[idxOf(vs, "s1")]].ID != "w1" {
		t.Errorf("with threshold 20 the weak version closes s1")
	}
}

func idxOf(vs []facts.Version, id string) int {
	for i, v := range vs {
		if v.ID == id {
			return i
		}
	}
	return -1
}

func TestSees(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		reader, row []string
		want        bool
	}{
		{[]string{"member:alice"}, []string{"member:alice", "person:bob"}, true},
		{[]string{"member:alice", "person:bob"}, []string{"member:alice"}, false},
		{[]string{"person:bob"}, []string{"*"}, true},
		{[]string{"member:alice"}, nil, false},
	} {
		if got := facts.Sees(c.reader, c.row); got != c.want {
			t.Errorf("Sees(%v, %v) = %v", c.reader, c.row, got)
		}
	}
}

func TestGroupByIndex(t *testing.T) {
	members, start := facts.GroupByIndex([]int32{2, 0, 2, 1, 0, 2}, 4)
	want := [][]int32{{1, 4}, {3}, {0, 2, 5}, nil}
	for g, w := range want {
		if got := members[start[g]:start[g+1]]; !slices.Equal(got, w) {
			t.Errorf("group %d: %v, want %v", g, got, w)
		}
	}
	if len(members) != 6 || start[4] != 6 {
		t.Errorf("members %v, start %v", members, start)
	}
}

// A profile line reads as a person would write it: an event said without
// its object ("we moved") is the event alone, never "moved: moved".
func TestStatementReads(t *testing.T) {
	for _, c := range []struct {
		pred, claim string
		person      bool
		want        string
	}{
		{"lives_in", "Munich", false, "lives in Munich"},
		{"moved", "moved", false, "moved"},
		{"married", "Married", false, "married"},
		{"started_job", "started job", false, "started job"},
		{"moved", "Munich", false, "moved: Munich"},
		{"sister", "Maya", true, "has a sister named Maya"},
		{"favorite_color", "blue", false, "favourite color: blue"},
		{"pastime", "camping", false, "has camping as a pastime"},
	} {
		if got := facts.Statement(c.pred, c.claim, c.person); got != c.want {
			t.Errorf("Statement(%q, %q) = %q, want %q", c.pred, c.claim, got, c.want)
		}
	}
}
