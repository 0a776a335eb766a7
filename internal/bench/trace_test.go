package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/recall"
)

func TestLegOf(t *testing.T) {
	for sql, want := range map[string]string{
		"/* leg:keyword */ SELECT 1":                 "keyword",
		"\n\t/* leg:semantic */ SET LOCAL jit = off": "semantic",
		"/* leg:tier0 */ SELECT b.id FROM beliefs b": "tier0",
		"SELECT 1 /* leg:keyword */":                 "other", // a tag only counts at the start
		"/* leg: */ SELECT 1":                        "other",
		"/* leg:keyword SELECT 1":                    "other",
		"/* leg:two words */ SELECT 1":               "other",
		"SELECT alias, canonical FROM aliases":       "other",
		"begin":                                      "other",
		"/* something else */ SELECT ts_rank_cd(x)":  "other",
	} {
		if got := legOf(sql); got != want {
			t.Errorf("legOf(%q) = %q, want %q", sql, got, want)
		}
	}
}

// TestTracerAttribution drives the tracer as pgx does: two legs'
// transactions interleaved on two connections (their BEGIN and COMMIT carry
// no tag and go to the leg of the transaction's tagged statements), an
// untagged statement, a transaction in which nothing tagged ran, and a
// batch of three statements.
func TestTracerAttribution(t *testing.T) {
	lt := newLegTimes()
	lt.sqls = map[string][]string{}
	ctx := context.WithValue(context.Background(), legTimesKey{}, lt)
	var tr Tracer
	kw, sem, other := new(pgx.Conn), new(pgx.Conn), new(pgx.Conn)
	run := func(c *pgx.Conn, sql string) {
		qctx := tr.TraceQueryStart(ctx, c, pgx.TraceQueryStartData{SQL: sql})
		tr.TraceQueryEnd(qctx, c, pgx.TraceQueryEndData{})
	}
	run(kw, "begin")
	run(sem, "begin")
	run(sem, "/* leg:semantic */ SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL hnsw.ef_search = 100")
	run(kw, "/* leg:keyword */ SET LOCAL jit = off")
	run(other, "SELECT alias, canonical FROM aliases WHERE member_id = $1")
	run(kw, "/* leg:keyword */ WITH terms AS MATERIALIZED (SELECT 1)")
	run(sem, "/* leg:semantic */ SELECT kind, id, dist FROM (SELECT 1) nn")
	run(kw, "/* leg:keyword */ WITH terms AS MATERIALIZED (SELECT 2)")
	run(sem, "commit")
	run(kw, "commit")
	run(other, "begin")
	run(other, "rollback")
	run(kw, "/* leg:temporal */ SELECT 1") // the connection's transaction is over
	bctx := tr.TraceBatchStart(ctx, other, pgx.TraceBatchStartData{})
	for _, sql := range []string{"/* leg:tier0 */ SELECT 1", "/* leg:tier0 */ SELECT 2", "SELECT 3"} {
		tr.TraceBatchQuery(bctx, other, pgx.TraceBatchQueryData{SQL: sql})
	}
	tr.TraceBatchEnd(bctx, other, pgx.TraceBatchEndData{})

	want := map[string]int{"keyword": 5, "semantic": 4, "temporal": 1, "tier0": 2, "other": 4}
	for leg, n := range want {
		if lt.n[leg] != n {
			t.Errorf("%s: %d statements, want %d: %q", leg, lt.n[leg], n, lt.sqls[leg])
		}
	}
	for leg := range lt.n {
		if _, ok := want[leg]; !ok {
			t.Errorf("unexpected leg %q: %q", leg, lt.sqls[leg])
		}
	}
	for _, leg := range []string{"keyword", "semantic"} {
		s := lt.sqls[leg]
		if len(s) < 2 || s[0] != "begin" || s[len(s)-1] != "commit" {
			t.Errorf("%s: %q, want its BEGIN first and its COMMIT last", leg, s)
		}
	}
	if len(lt.tx) != 0 {
		t.Errorf("%d transactions still open", len(lt.tx))
	}
	// a request without legTimes is not traced
	plain := tr.TraceQueryStart(context.Background(), kw, pgx.TraceQueryStartData{SQL: "/* leg:keyword */ SELECT 1"})
	tr.TraceQueryEnd(plain, kw, pgx.TraceQueryEndData{})
	if lt.n["keyword"] != 5 {
		t.Errorf("an untraced request was counted")
	}
}

// TestTracerRecallLegs runs recall itself over a real Postgres with the
// tracer on its pool: every statement of a tier-1 answer in which every
// leg runs (keyword in BM25 mode, semantic through HNSW in its own
// transaction, temporal on a date) is attributed to the leg that sent it, and
// tier 0's batch to tier0.
func TestTracerRecallLegs(t *testing.T) {
	ctx := context.Background()
	base := dbtest.New(t)
	cfg := base.Config()
	cfg.ConnConfig.Tracer = Tracer{}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	day := time.Date(2023, 10, 13, 15, 0, 0, 0, time.UTC)
	aud := []string{"member:alice", "person:bob"}
	var eps []episodes.Episode
	for i, text := range []string{
		"we had a picnic by the river with sandwiches",
		"the picnic was rained out in the afternoon",
		"bob brought lemonade to the park",
		"I started painting a sunrise over the lake",
		"the museum trip is next week",
	} {
		at := day.Add(time.Duration(i) * time.Minute)
		if i >= 3 {
			at = day.AddDate(0, -2, 0).Add(time.Duration(i) * time.Minute)
		}
		eps = append(eps, episodes.Episode{Member: "alice", ID: fmt.Sprintf("01JTRACE%018d", i), Session: "s1", Channel: "chat",
			Role: "user", Speaker: aud[i%2], Audience: aud, Content: text, HappenedAt: at})
	}
	if _, err := episodes.Insert(ctx, base, eps); err != nil {
		t.Fatal(err)
	}
	if ok, _, err := facts.Insert(ctx, base, &facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "picnics",
		ValidFrom: day, Channel: "chat", Audience: aud, Origin: "import"}); err != nil || !ok {
		t.Fatalf("insert fact: %v (%v)", err, ok)
	}
	if _, err := base.Exec(ctx, `INSERT INTO entities (member_id, id, name, canon, channel, audience)
		VALUES ('alice', 'N1', 'river', 'river', 'chat', $1)`, aud); err != nil {
		t.Fatal(err)
	}
	emb, closeEmb, err := NewEmbedder("hash")
	if err != nil {
		t.Fatal(err)
	}
	defer closeEmb()
	if _, err := EmbedAll(ctx, base, emb, 64, nil); err != nil {
		t.Fatal(err)
	}

	// ExactVectorBelow 1 and alice's vectors in the index: the semantic leg
	// takes the HNSW path, in a transaction, like the big member's
	if ok, err := embed.IndexMember(ctx, base, emb.Model(), "alice"); err != nil || !ok {
		t.Fatalf("index alice: %v, %v", ok, err)
	}
	svc := recall.New(pool, recall.Config{ExactVectorBelow: 1}, emb, nil)
	ask := func(tier, query string) (*recall.Answer, *legTimes) {
		t.Helper()
		lt := newLegTimes()
		lt.sqls = map[string][]string{}
		a, err := svc.Recall(context.WithValue(ctx, legTimesKey{}, lt), recall.Request{Member: "alice", Tier: tier, Query: query,
			Audience: aud, Channel: "chat", Session: "s1", AsOf: &[]time.Time{day.AddDate(0, 1, 0)}[0]})
		if err != nil {
			t.Fatal(err)
		}
		if len(lt.tx) != 0 {
			t.Errorf("tier %s: %d transactions left open in the tracer", tier, len(lt.tx))
		}
		return a, lt
	}

	a, lt := ask("1", "What did we say about the river picnic and the lemonade on October 13, 2023?")
	var d recall.Diagnostic
	if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
		t.Fatal(err)
	}
	modes := map[string]string{}
	for _, l := range d.Legs {
		modes[l.Leg] = l.Mode + l.Missing
	}
	// the test's premise: both transactions happen, temporal has a window
	if !strings.HasPrefix(modes[recall.LegKeyword], "bm25") || modes[recall.LegSemantic] != "hnsw" || !strings.HasPrefix(modes[recall.LegTemporal], "window") {
		t.Fatalf("leg modes %v, want keyword bm25, semantic hnsw, temporal window", modes)
	}
	for _, leg := range []string{recall.LegKeyword, recall.LegSemantic, recall.LegGraph, recall.LegTemporal, recall.LegSelf} {
		sqls := lt.sqls[leg]
		if len(sqls) == 0 {
			t.Errorf("%s: no statement attributed", leg)
		}
		for _, s := range sqls {
			if b, e := txControl(s); !b && !e && !strings.HasPrefix(s, "/* leg:"+leg+" */") {
				t.Errorf("%s: statement of another leg: %.80q", leg, s)
			}
		}
	}
	for _, leg := range []string{recall.LegSemantic} {
		s := lt.sqls[leg]
		if !slices.ContainsFunc(s, func(x string) bool { b, _ := txControl(x); return b }) ||
			!slices.ContainsFunc(s, func(x string) bool { _, e := txControl(x); return e }) {
			t.Errorf("%s: its transaction's BEGIN and COMMIT are not among its statements: %q", leg, s)
		}
	}
	if n := lt.n[recall.LegTemporal]; n != 2 {
		t.Errorf("temporal: %d statements, want 2 (episodes, facts)", n)
	}
	for _, s := range lt.sqls["other"] {
		if b, e := txControl(s); b || e || strings.HasPrefix(s, "/* leg:") || strings.Contains(s, "SET LOCAL") {
			t.Errorf("other holds %.80q", s)
		}
	}
	for leg := range lt.n {
		// chain: the version-chain lookups after fusion (recall/chain.go);
		// context: the turns around the keyword leg's hits (recall/context.go);
		// people: the sessions of people the question names (recall/people.go);
		// fold: the fact candidates' source turns (recall/fold.go)
		if !slices.Contains([]string{recall.LegKeyword, recall.LegSemantic, recall.LegGraph, recall.LegTemporal, recall.LegSelf, recall.LegContext, "people", "chain", "fold", "other"}, leg) {
			t.Errorf("tier 1: statements under %q: %q", leg, lt.sqls[leg])
		}
	}

	_, lt0 := ask("0", "")
	// tier 0: its batched statements (the member's record version, beliefs,
	// the member's snapshot of facts, from which the profile's facts and
	// the next instant a fact's validity changes are taken in memory,
	// foresight ahead of as_of and before it, the session's turns;
	// recall/tier0cache.go, recall/tier0.go) and the predicate axes the
	// profile's facts need, nothing else
	if lt0.n["tier0"] != 6 {
		t.Errorf("tier 0: %v, want its 6 batched statements under tier0", lt0.n)
	}
	for part := range lt0.n {
		if part != "tier0" && part != "chain" {
			t.Errorf("tier 0: statements under %q: %q", part, lt0.sqls[part])
		}
	}
}
