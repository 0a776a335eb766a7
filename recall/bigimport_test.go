package recall

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/embed"
)

// bigImport writes n turns and their ready vectors into member, in a
// schema whose tables autovacuum may not touch: the planner has no column
// statistics for them, as right after a bulk import. The model's HNSW
// index is built after the rows (inserting 50,000 vectors one by one into
// it takes minutes on the shared test machine); its build sets the
// table's row count, not column statistics.
func bigImport(t *testing.T, f *fixture, member string, n int, emb wordHash) {
	t.Helper()
	for _, tb := range []string{"episodes", "embeddings", "facts"} {
		f.exec(`ALTER TABLE ` + tb + ` SET (autovacuum_enabled = false)`)
	}
	f.exec(`INSERT INTO emb_models (name, dimensions, active) VALUES ($1, $2, true)`, emb.Model(), emb.Dimensions())
	words := strings.Fields(`coffee tea music concert guitar piano hiking mountain lake beach trip flight
		hotel dinner lunch breakfast recipe garden flowers dog cat vet doctor dentist school class teacher
		homework exam project deadline meeting manager office salary promotion interview resume bike car
		train bus ticket museum painting book novel poem movie series episode game football tennis swim
		gym yoga run marathon birthday party gift wedding anniversary baby sister brother mother father
		friend neighbour apartment rent move furniture kitchen paint weekend holiday winter summer spring`)
	fill := strings.Fields(`i we you really think went had got saw made yesterday today again maybe
		with my our the a about for very and then`)
	rng := rand.New(rand.NewPCG(8, uint64(n)))
	start := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	const chunk = 5000
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		ids, contents, vecs := make([]string, 0, chunk), make([]string, 0, chunk), make([]string, 0, chunk)
		ats := make([]time.Time, 0, chunk)
		for i := lo; i < hi; i++ {
			var b strings.Builder
			for w := range 6 + rng.IntN(10) {
				if w > 0 {
					b.WriteByte(' ')
				}
				if rng.IntN(3) == 0 {
					b.WriteString(words[rng.IntN(len(words))])
				} else {
					b.WriteString(fill[rng.IntN(len(fill))])
				}
			}
			ids = append(ids, fmt.Sprintf("E%09d", i))
			contents = append(contents, b.String())
			ats = append(ats, start.Add(time.Duration(i)*17*time.Minute))
			v, _ := emb.Embed(f.ctx, []string{b.String()})
			vecs = append(vecs, vecText(v[0]))
		}
		f.exec(`INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			SELECT $1, u.id, 's' || (u.ord / 20), 'web:chat', 'user', 'member:' || $1, ARRAY['member:' || $1], u.content, u.at
			FROM unnest($2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS u(id, content, at, ord)`, member, ids, contents, ats)
		f.exec(`INSERT INTO embeddings (member_id, owner_kind, owner_id, model, status, vec, ready_at)
			SELECT $1, 'episode', u.id, $2, 'ready', u.vec::vector, now()
			FROM unnest($3::text[], $4::text[]) AS u(id, vec)`, member, emb.Model(), ids, vecs)
		t.Logf("%d turns written", hi)
	}
	// the member big enough to be searched through the HNSW index, its
	// vectors in it (migration 029)
	if ok, err := embed.IndexMember(f.ctx, f.pool, emb.Model(), member); err != nil || !ok {
		t.Fatalf("index %s: %v, %v", member, ok, err)
	}
	pred, err := embed.ModelPredicate(emb.Model())
	if err != nil {
		t.Fatal(err)
	}
	f.exec(`CREATE INDEX ON embeddings USING hnsw ((vec::vector(` + strconv.Itoa(emb.dims) + `)) vector_cosine_ops) WHERE ` + pred)
}

// noStats fails the test when the planner has column statistics for the
// recall tables.
func noStats(t *testing.T, f *fixture) {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(f.ctx, `SELECT count(*) FROM pg_stats WHERE schemaname = current_schema()
		AND tablename IN ('episodes', 'embeddings')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("the planner has %d column statistics: the test would not show a plan without them", n)
	}
}

// An import of 50,000 turns into one member, followed at once by tier-1
// questions with no ANALYZE (autovacuum off for the tables): every call
// answers within the call budget with every leg answering (none named
// timeout or error), so no leg's statement turns quadratic when
// statistics are missing (the semantic leg's old join took over 30 s a
// call on such a member). The semantic leg runs in HNSW mode (50,000
// vectors is over ExactVectorBelow), and its plan and the temporal leg's
// are read: the HNSW index with primary-key probes, the time index walked
// backwards; no sequential scan, no episodes_time_idx range per vector.
// The leg budget is 5 s (default 2 s): the shared test machine runs at a
// load of 20–40, where a 50,000-vector HNSW walk alone took 0.5–3.2 s;
// the old plan took over 30 s.
func TestBigImportAnsweredWithoutStatistics(t *testing.T) {
	// not parallel: its bulk writes would load the other tests
	f := setup(t)
	emb := wordHash{dims: 64}
	const n = 50000
	start := time.Now()
	bigImport(t, f, "big", n, emb)
	t.Logf("imported %d turns with vectors in %v", n, time.Since(start).Round(time.Millisecond))
	noStats(t, f)

	s := New(f.pool, Config{LegBudgetMS: 5000, CallBudgetMS: 15000}, emb, nil)
	s.wrapLeg = func(leg string, fn legFunc) legFunc {
		return func(ctx context.Context, q *query) (*legResult, error) {
			start := time.Now()
			res, err := fn(ctx, q)
			t.Logf("  %s leg: %v", leg, time.Since(start).Round(time.Millisecond))
			return res, err
		}
	}
	me := []string{"member:big"}
	asOf := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)

	// the plans, as the planner makes them without statistics
	r := req("big", "1", "what did we say about the coffee and the concert", me, "web:chat")
	r.AsOf = &asOf
	q, err := s.prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := emb.Embed(f.ctx, []string{r.Query})
	b := newSQLB(q.member, q.gate)
	dist := `(m.vec::vector(64)) <=> ` + b.p(vecText(v[0])) + `::vector(64)`
	plan := explainIn(t, f, semanticSettings, s.semanticHNSWSQL(q, b, dist, emb.Model()), b.args)
	var hnsw bool
	plan.walk(func(n planNode) {
		switch {
		case n.NodeType == "Seq Scan" || n.IndexName == "episodes_time_idx" || strings.HasPrefix(n.NodeType, "Bitmap"):
			t.Errorf("semantic plan has %s %s on %s", n.NodeType, n.IndexName, n.Relation)
		case n.Relation == "embeddings" && strings.HasSuffix(n.IndexName, "vec_idx"):
			hnsw = true
		case n.Relation == "episodes" && n.IndexName != "episodes_pkey":
			t.Errorf("semantic plan reads episodes by %s %s", n.NodeType, n.IndexName)
		}
	})
	if !hnsw {
		t.Errorf("semantic plan does not walk the HNSW index")
	}
	from, to, _ := ResolveTime("last year", asOf)
	tsql, targs := temporalSQL(q, "episode", from, to, nil, s.cfg.LegLimit)
	explainIn(t, f, "", tsql, targs).walk(func(n planNode) {
		if n.NodeType == "Seq Scan" || strings.Contains(n.NodeType, "Sort") {
			t.Errorf("temporal plan has a %s on %s", n.NodeType, n.Relation)
		}
	})

	for _, question := range []string{
		"what did we say about the coffee and the concert",
		"the dentist appointment for my sister",
		"what music did we listen to last year",
		"marathon training in the spring",
		"zzzz nothing matches this",
	} {
		r := req("big", "1", question, me, "web:chat")
		r.AsOf = &asOf
		t0 := time.Now()
		a, err := s.Recall(f.ctx, r)
		took := time.Since(t0)
		if err != nil {
			t.Fatalf("%q: %v", question, err)
		}
		t.Logf("%q: %v", question, took.Round(time.Millisecond))
		if took > time.Duration(s.cfg.CallBudgetMS)*time.Millisecond {
			t.Errorf("%q took %v, over the call budget %d ms", question, took, s.cfg.CallBudgetMS)
		}
		for _, l := range a.Legs {
			if l.Missing == MissingTimeout || l.Missing == MissingError {
				t.Errorf("%q: leg %s missing (%s)", question, l.Leg, l.Missing)
			}
		}
		var d Diagnostic
		_ = json.Unmarshal(a.Diagnostic, &d)
		for _, l := range d.Legs {
			if l.Leg == LegSemantic && l.Mode != "hnsw" {
				t.Errorf("semantic leg in mode %q, want hnsw", l.Mode)
			}
		}
	}
	noStats(t, f)
}

// explainIn is explain inside a transaction that first runs settings.
func explainIn(t *testing.T, f *fixture, settings, sql string, args []any) planNode {
	t.Helper()
	tx, err := f.pool.Begin(f.ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(f.ctx)
	if settings != "" {
		if _, err := tx.Exec(f.ctx, settings); err != nil {
			t.Fatal(err)
		}
	}
	var out []byte
	if err := tx.QueryRow(f.ctx, `EXPLAIN (FORMAT JSON) `+sql, args...).Scan(&out); err != nil {
		t.Fatalf("explain: %v", err)
	}
	var plans []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal(out, &plans); err != nil || len(plans) != 1 {
		t.Fatalf("explain json: %v %s", err, out)
	}
	return plans[0].Plan
}
