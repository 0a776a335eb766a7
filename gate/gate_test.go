package gate_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/internal/dbtest"
)

const member = "m1"

// row is one stored row as the oracle sees it.
type row struct {
	table     gate.Table
	id        string
	audience  []string
	channel   string
	session   string // "" none
	happened  time.Time
	kind      string // facts
	predicate string // facts, edges
	draft     string // facts: "", draft, approved, rejected
	draftedBy []string
}

var (
	audiences = [][]string{{"member:m1"}, {"member:m1", "person:bob"}, {"*"}, {"person:bob"}, {"member:m1", "person:bob", "person:carol"}}
	channels  = []string{"web:chat", "telegram:dm", "slack:#team"}
	kinds     = []string{"world", "experience", "foresight"}
	preds     = []string{"lives_in", "likes", "note"}
	sessions  = []string{"s1", "s2", "s3"}
	readers   = []string{"", "talky", "cogny"}
	days      = []time.Time{
		time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func subset(r *rand.Rand, xs []string) []string {
	var out []string
	for _, x := range xs {
		if r.IntN(3) == 0 {
			out = append(out, x)
		}
	}
	return out
}

// world writes a random record: sessions, episodes, facts (some drafts),
// edges and beliefs, and returns the rows and each session's start.
func world(t *testing.T, pool *pgxpool.Pool, r *rand.Rand) ([]row, map[string]time.Time) {
	t.Helper()
	ctx := context.Background()
	started := map[string]time.Time{}
	for _, s := range sessions {
		for _, c := range channels {
			st := pick(r, days)
			started[s+"|"+c] = st
			if _, err := pool.Exec(ctx, `INSERT INTO sessions (member_id, session_id, channel, started_at, last_at) VALUES ($1, $2, $3, $4, $4)`, member, s, c, st); err != nil {
				t.Fatal(err)
			}
		}
	}
	var rows []row
	for i := range 40 {
		w := row{table: gate.Episodes, id: fmt.Sprintf("e%02d", i), audience: pick(r, audiences), channel: pick(r, channels), session: pick(r, sessions),
			happened: pick(r, days).Add(time.Duration(r.IntN(48)-24) * time.Hour)}
		if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ($1, $2, $3, $4, 'user', 'member:m1', $5, 'hello', $6)`, member, w.id, w.session, w.channel, w.audience, w.happened); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, w)
	}
	for i := range 80 {
		w := row{table: gate.Facts, id: fmt.Sprintf("f%02d", i), audience: pick(r, audiences), channel: pick(r, channels),
			kind: pick(r, kinds), predicate: pick(r, preds), happened: pick(r, days)}
		if r.IntN(4) > 0 {
			w.session = pick(r, sessions)
		}
		var draft any
		if r.IntN(2) == 0 {
			w.draft = pick(r, []string{"draft", "approved", "rejected"})
			draft = w.draft
			w.draftedBy = subset(r, []string{"talky", "cogny"})
		}
		var sess any
		if w.session != "" {
			sess = w.session
		}
		by := w.draftedBy
		if by == nil {
			by = []string{}
		}
		if _, err := pool.Exec(ctx, `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash,
				fact_kind, valid_from, session_id, channel, audience, draft, drafted_by)
			VALUES ($1, $2, 'alice', $3, $2, 'alice', $3, $2, $2, $4, $5, $6, $7, $8, $9, $10)`,
			member, w.id, w.predicate, w.kind, w.happened, sess, w.channel, w.audience, draft, by); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, w)
	}
	for i := range 20 {
		w := row{table: gate.Edges, id: fmt.Sprintf("x%02d", i), audience: pick(r, audiences), channel: pick(r, channels), predicate: pick(r, preds)}
		if _, err := pool.Exec(ctx, `INSERT INTO entity_edges (member_id, id, src_id, dst_id, relation, channel, audience) VALUES ($1, $2, 'a', 'b', $3, $4, $5)`,
			member, w.id, w.predicate, w.channel, w.audience); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, w)
	}
	for i := range 20 {
		w := row{table: gate.Beliefs, id: fmt.Sprintf("b%02d", i), audience: pick(r, audiences), channel: pick(r, channels)}
		if _, err := pool.Exec(ctx, `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience) VALUES ($1, $2, 'member:m1', $2, $3, $4)`,
			member, w.id, w.channel, w.audience); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, w)
	}
	return rows, started
}

// audienceRule is SPEC §3 written out in Go: the oracle of the audience rules.
func audienceRule(g gate.Gate, w row) string {
	switch {
	case len(w.audience) == 0:
		return gate.RuleEmptyAudience
	case slices.Contains(w.audience, "*"):
		return gate.RulePublic
	case len(g.Audience) > 0 && isSubset(g.Audience, w.audience):
		return gate.RuleSubset
	case g.Open && w.channel == g.Channel:
		return gate.RuleOpenHistory
	}
	return gate.RuleHidden
}

func isSubset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// oracle is the whole gate in Go: the rule that decides, as Rule names it.
func oracle(g gate.Gate, w row, started map[string]time.Time) string {
	aud := audienceRule(g, w)
	if !gate.Visible(aud) {
		return aud
	}
	if w.table == gate.Facts {
		switch {
		case w.draft == "rejected":
			return gate.RuleRejected
		case w.draft == "draft" && (g.Reader == "" || !slices.Contains(w.draftedBy, g.Reader)):
			return gate.RuleDraft
		}
	}
	s := g.Scope
	if len(s.Channels) > 0 && !slices.Contains(s.Channels, w.channel) {
		return gate.ClauseChannels
	}
	if slices.Contains(s.ExcludeChannels, w.channel) {
		return gate.ClauseExcludeChannels
	}
	if w.table == gate.Facts && len(s.Kinds) > 0 && !slices.Contains(s.Kinds, w.kind) {
		return gate.ClauseKinds
	}
	hasPred := w.table == gate.Facts || w.table == gate.Edges
	if hasPred && len(s.Predicates) > 0 && !slices.Contains(s.Predicates, w.predicate) {
		return gate.ClausePredicates
	}
	if hasPred && slices.Contains(s.ExcludePredicates, w.predicate) {
		return gate.ClauseExcludePredicates
	}
	if s.Since != nil && w.session != "" && (w.table == gate.Facts || w.table == gate.Episodes) {
		if st, ok := started[w.session+"|"+w.channel]; ok && st.Before(*s.Since) {
			return gate.ClauseSince
		}
		if w.table == gate.Episodes && w.happened.Before(*s.Since) {
			return gate.ClauseSince
		}
	}
	return aud
}

func randomGate(r *rand.Rand) gate.Gate {
	var open []string
	if r.IntN(3) == 0 {
		open = []string{pick(r, channels)}
	}
	g := gate.New(pick(r, audiences), pick(r, channels), open)
	var sc gate.Scope
	if r.IntN(4) > 0 {
		sc = gate.Scope{Channels: subset(r, channels), ExcludeChannels: subset(r, channels), Kinds: subset(r, kinds),
			Predicates: subset(r, preds), ExcludePredicates: subset(r, preds)}
		if r.IntN(2) == 0 {
			d := pick(r, days).Add(time.Hour)
			sc.Since = &d
		}
	}
	return g.For(pick(r, readers), sc)
}

// TestScopeNeverWidens is the property of issue 12 (must-show 2): over a
// random record and random gates with random scopes, a row the scoped gate
// shows is always one the audience gate alone shows; and the SQL, the
// rule's CASE and a Go oracle of SPEC §3 plus the scope agree on every row.
func TestScopeNeverWidens(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 12))
	rows, started := world(t, pool, r)
	byID := map[string]row{}
	for _, w := range rows {
		byID[w.id] = w
	}
	ctx := context.Background()
	narrowed := 0
	for range 60 {
		g := randomGate(r)
		bare := g.For(g.Reader, gate.Scope{}) // the same read without the scope
		for _, tb := range []gate.Table{gate.Episodes, gate.Facts, gate.Edges, gate.Beliefs} {
			args := append([]any{member}, g.Args()...)
			args = append(args, bare.Args()...)
			q := `SELECT r.id, ` + g.SQL(tb, "r", 2) + `, ` + g.Rule(tb, "r", 2) + `, ` + bare.SQL(tb, "r", 2+gate.NArgs) +
				` FROM ` + string(tb) + ` r WHERE r.member_id = $1`
			type result struct {
				id, rule         string
				scoped, unscoped bool
			}
			res, err := pool.Query(ctx, q, args...)
			if err != nil {
				t.Fatalf("%s: %v", tb, err)
			}
			got, err := pgx.CollectRows(res, func(rw pgx.CollectableRow) (result, error) {
				var x result
				err := rw.Scan(&x.id, &x.scoped, &x.rule, &x.unscoped)
				return x, err
			})
			if err != nil {
				t.Fatalf("%s: %v", tb, err)
			}
			for _, x := range got {
				if x.scoped && !x.unscoped {
					t.Fatalf("row %s: the scope %s shows it but the gate alone hides it", x.id, g.Scope)
				}
				if gate.Visible(x.rule) != x.scoped {
					t.Fatalf("row %s: rule %s but predicate %v", x.id, x.rule, x.scoped)
				}
				if want := oracle(g, byID[x.id], started); want != x.rule {
					t.Fatalf("row %s (%+v) under gate %+v scope %s: rule %s, oracle %s", x.id, byID[x.id], g, g.Scope, x.rule, want)
				}
				if x.unscoped && !x.scoped && strings.HasPrefix(x.rule, "scope:") {
					narrowed++
				}
			}
		}
	}
	if narrowed == 0 {
		t.Fatal("no scope hid any row the gate shows: the test checked nothing")
	}
}

func TestScopeNormalizeAndNarrow(t *testing.T) {
	t.Parallel()
	s, err := gate.Scope{Channels: []string{" web:chat ", "web:chat"}, Kinds: []string{"World"}, Predicates: []string{"Lives In"}}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Channels, []string{"web:chat"}) || !slices.Equal(s.Kinds, []string{"world"}) || !slices.Equal(s.Predicates, []string{"lives_in"}) {
		t.Fatalf("normalised: %+v", s)
	}
	if _, err := (gate.Scope{Kinds: []string{"dream"}}).Normalize(); err == nil {
		t.Fatal("kind dream accepted")
	}
	d1, d2 := days[0], days[1]
	base := gate.Scope{Channels: []string{"telegram:dm", "web:chat"}, ExcludePredicates: []string{"likes"}, Since: &d2}
	own := gate.Scope{Channels: []string{"slack:#team", "web:chat"}, ExcludeChannels: []string{"x"}, Since: &d1}
	n := base.Narrow(own)
	if !slices.Equal(n.Channels, []string{"web:chat"}) || !slices.Equal(n.ExcludeChannels, []string{"x"}) ||
		!slices.Equal(n.ExcludePredicates, []string{"likes"}) || !n.Since.Equal(d2) {
		t.Fatalf("narrowed: %+v", n)
	}
	// Disjoint allow-lists read nothing of that dimension, never everything.
	none := gate.Scope{Kinds: []string{"world"}}.Narrow(gate.Scope{Kinds: []string{"foresight"}})
	if len(none.Kinds) != 1 || slices.Contains(kinds, none.Kinds[0]) {
		t.Fatalf("disjoint kinds narrowed to %v", none.Kinds)
	}
}
