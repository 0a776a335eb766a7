package recall

import (
	"slices"
	"testing"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
)

func TestGateRules(t *testing.T) {
	t.Parallel()
	f := setup(t)
	// Rule 1 hides rows with an unreadable audience. Since migration 006 the
	// database refuses to write them; rows from before it can remain (the
	// constraint stays NOT VALID there), which this schema stands for.
	for _, tb := range []string{"episodes", "beliefs"} {
		if _, err := f.pool.Exec(f.ctx, `ALTER TABLE `+tb+` DROP CONSTRAINT `+tb+`_audience_canonical`); err != nil {
			t.Fatal(err)
		}
	}
	const m = "alice"
	alice, bob, carol := "member:alice", "person:bob", "person:carol"
	rows := map[string]string{
		"public":       f.episode(ep{member: m, channel: "web:chat", content: "public", audience: []string{"*"}, at: t0}),
		"pair":         f.episode(ep{member: m, channel: "web:chat", content: "pair", audience: []string{alice, bob}, at: t0}),
		"trio":         f.episode(ep{member: m, channel: "web:chat", content: "trio", audience: []string{alice, bob, carol}, at: t0}),
		"alone":        f.episode(ep{member: m, channel: "web:chat", content: "alone", audience: []string{alice}, at: t0}),
		"team":         f.episode(ep{member: m, channel: "slack:#team", content: "team", audience: []string{alice}, at: t0}),
		"blank_member": f.episode(ep{member: m, channel: "web:chat", content: "blank", audience: []string{""}, at: t0}),
	}
	emptyBelief := f.belief(m, alice, "an unreadable belief", "web:chat", []string{}, false)
	cases := []struct {
		name, row, kind string
		audience        []string
		channel         string
		rule            string
		visible         bool
	}{
		{"public shows to anyone", "public", "episode", []string{carol}, "web:chat", RulePublic, true},
		{"subset shows", "pair", "episode", []string{alice}, "web:chat", RuleSubset, true},
		{"equal set shows", "pair", "episode", []string{bob, alice}, "web:chat", RuleSubset, true},
		{"a stranger listening hides", "pair", "episode", []string{alice, carol}, "web:chat", RuleHidden, false},
		{"superset of row audience hides", "alone", "episode", []string{alice, bob}, "web:chat", RuleHidden, false},
		{"subset of a trio shows", "trio", "episode", []string{bob, carol}, "web:chat", RuleSubset, true},
		{"open history channel shows its rows", "team", "episode", []string{alice, bob}, "slack:#team", RuleOpenHistory, true},
		{"open history does not reach other channels", "alone", "episode", []string{alice, bob}, "slack:#team", RuleHidden, false},
		{"blank audience entry hides", "blank_member", "episode", []string{alice}, "web:chat", RuleEmptyAudience, false},
		{"empty audience hides even on open channel", "", "belief", []string{alice}, "web:chat", RuleEmptyAudience, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := rows[c.row]
			if c.kind == "belief" {
				id = emptyBelief
			}
			rule, visible, err := Explain(f.ctx, f.pool, m, c.audience, c.channel, c.kind, id, "slack:#team", "web:chat-open")
			if err != nil {
				t.Fatal(err)
			}
			if rule != c.rule || visible != c.visible {
				t.Fatalf("Explain = %s/%v, want %s/%v", rule, visible, c.rule, c.visible)
			}
		})
	}
	t.Run("open history shows a hidden row from its own channel", func(t *testing.T) {
		rule, visible, err := Explain(f.ctx, f.pool, m, []string{carol}, "web:chat", "episode", rows["alone"], "web:chat")
		if err != nil || rule != RuleOpenHistory || !visible {
			t.Fatalf("got %s/%v/%v", rule, visible, err)
		}
	})
	t.Run("missing audience and channel are refused", func(t *testing.T) {
		_, _, err := Explain(f.ctx, f.pool, m, nil, "web:chat", "episode", rows["pair"])
		if memhive.CodeOf(err) != memhive.CodeMissingAudience {
			t.Fatalf("got %v", err)
		}
		_, _, err = Explain(f.ctx, f.pool, m, []string{alice}, " ", "episode", rows["pair"])
		if memhive.CodeOf(err) != memhive.CodeMissingChannel {
			t.Fatalf("got %v", err)
		}
		_, _, err = Explain(f.ctx, f.pool, m, []string{alice}, "web:chat", "episode", "nope")
		if memhive.CodeOf(err) != memhive.CodeNotFound {
			t.Fatalf("got %v", err)
		}
	})
}

// goGate is the gate rule (SPEC §3) re-implemented in Go, independently of
// the SQL, for the tests.
func goGate(rowAudience []string, rowChannel string, audience []string, channel string, open []string) bool {
	if len(rowAudience) == 0 {
		return false
	}
	for _, a := range rowAudience {
		if a == "" {
			return false
		}
	}
	if slices.Contains(rowAudience, "*") {
		return true
	}
	subset := true
	for _, a := range memhive.NormalizeAudience(audience) {
		if !slices.Contains(rowAudience, a) {
			subset = false
		}
	}
	if subset {
		return true
	}
	return slices.Contains(open, channel) && rowChannel == channel
}

func TestIntersectAudience(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   [][]string
		want []string
	}{
		{[][]string{{"b", "a"}}, []string{"a", "b"}},
		{[][]string{{"a", "b"}, {"b", "c"}}, []string{"b"}},
		{[][]string{{"*"}, {"a", "b"}}, []string{"a", "b"}},
		{[][]string{{"*"}, {"*"}}, []string{"*"}},
		{[][]string{{"a"}, {"b"}}, nil},
		{[][]string{{"a"}, {}}, nil},
		{[][]string{{"a", " b "}, {"b", "a", "a"}, {"*"}}, []string{"a", "b"}},
		{nil, nil},
	}
	for _, c := range cases {
		if got := IntersectAudience(c.in...); !slices.Equal(got, c.want) {
			t.Errorf("IntersectAudience(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestExistenceChecksGated: the graph and self legs' "is there anything?"
// checks are gated, so a stranger cannot tell a member with private facts
// and entities from a member with none.
func TestExistenceChecksGated(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	e := f.episode(ep{member: "alice", channel: "c", content: "bob lives in Lisbon", audience: me, at: t0})
	f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "lives_in", Claim: "Lisbon", ValidFrom: t0,
		SourceEpisodeIDs: []string{e}, Channel: "c", Audience: me})
	f.entity("alice", "lisbon", "c", me)
	s := New(f.pool, Config{}, nil, nil)
	legs := func(member string, audience []string) (self, graph string) {
		t.Helper()
		q, err := s.prepare(req(member, "1", "where do I live in lisbon", audience, "c"))
		if err != nil {
			t.Fatal(err)
		}
		sl, err := s.selfLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		gl, err := s.graphLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return sl.missing, gl.missing
	}
	if self, graph := legs("alice", me); self != "" || graph != "" {
		t.Fatalf("alice alone: self %q, graph %q; want both to run", self, graph)
	}
	strangerSelf, strangerGraph := legs("alice", []string{"person:zed"})
	emptySelf, emptyGraph := legs("nobody", []string{"person:zed"})
	if strangerSelf != emptySelf || strangerGraph != emptyGraph || strangerSelf == "" || strangerGraph == "" {
		t.Fatalf("a stranger tells alice (%q, %q) from an empty member (%q, %q)", strangerSelf, strangerGraph, emptySelf, emptyGraph)
	}
}
