package recall

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
)

// planNode is one node of EXPLAIN (FORMAT JSON).
type planNode struct {
	NodeType   string     `json:"Node Type"`
	IndexName  string     `json:"Index Name"`
	Direction  string     `json:"Scan Direction"`
	Relation   string     `json:"Relation Name"`
	ActualRows float64    `json:"Actual Rows"`
	Plans      []planNode `json:"Plans"`
}

func (n planNode) walk(fn func(planNode)) {
	fn(n)
	for _, c := range n.Plans {
		c.walk(fn)
	}
}

func explain(t *testing.T, f *fixture, sql string, args []any) planNode {
	t.Helper()
	var out []byte
	if err := f.pool.QueryRow(f.ctx, `EXPLAIN (ANALYZE, FORMAT JSON) `+sql, args...).Scan(&out); err != nil {
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

// A window question on a member of 40,000 turns is served by the time
// index: the plan walks episodes_time_idx (facts_valid_idx for facts)
// backwards and reads about as many rows as it returns, with no
// sequential scan and no sort of the window.
func TestTemporalWindowServedByTimeIndex(t *testing.T) {
	// not parallel: its bulk writes would load the other tests
	f := setup(t)
	me := []string{"member:alice"}
	asOf := time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC)
	// 40,000 turns over 2023–2024, one every ~26 minutes; another member's
	// rows around them
	for _, m := range []string{"alice", "zed"} {
		f.exec(`INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			SELECT $1, 'E' || lpad(g::text, 10, '0'), 's' || (g / 20), 'c', 'user', 'member:' || $1, $2,
			       'we listened to ' || (ARRAY['jazz','rock','folk','techno'])[1 + g % 4] || ' music on day ' || g,
			       timestamptz '2023-01-01' + g * interval '26 minutes'
			FROM generate_series(1, 40000) g`, m, []string{"member:" + m})
	}
	f.exec(`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash,
			valid_from, channel, audience)
		SELECT 'alice', 'F' || lpad(g::text, 10, '0'), 'alice', 'listened_to', 'album ' || g, 'alice', 'listened to', 'album ' || g, 'h' || g,
		       timestamptz '2023-01-01' + g * interval '3 hours', 'c', $1
		FROM generate_series(1, 5000) g`, me)
	f.exec(`ANALYZE episodes`)
	f.exec(`ANALYZE facts`)

	s := New(f.pool, Config{}, nil, nil)
	r := req("alice", "1", "what music did we listen to last year", me, "c")
	r.AsOf = &asOf
	q, err := s.prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	from, to, ok := ResolveTime(r.Query, asOf)
	if !ok {
		t.Fatal("last year did not resolve")
	}
	to = to.Add(-time.Microsecond)
	// the statement of the leg's fallback (no term matched in the window,
	// or none asked: the window's newest rows)
	for kind, idx := range map[string]string{"episode": "episodes_time_idx", "fact": "facts_valid_idx"} {
		sql, args := temporalSQL(q, kind, from, to, nil, s.cfg.LegLimit)
		plan := explain(t, f, sql, args)
		var used bool
		plan.walk(func(n planNode) {
			switch {
			case n.NodeType == "Seq Scan" || strings.Contains(n.NodeType, "Sort") || strings.HasPrefix(n.NodeType, "Bitmap"):
				t.Errorf("%s: plan has a %s (on %s)", kind, n.NodeType, n.Relation)
			case n.IndexName == idx:
				used = true
				if n.Direction != "Backward" {
					t.Errorf("%s: %s scanned %s", kind, idx, n.Direction)
				}
				if n.ActualRows > float64(2*s.cfg.LegLimit) {
					t.Errorf("%s: the index scan read %v rows for %d candidates", kind, n.ActualRows, s.cfg.LegLimit)
				}
			}
		})
		if !used {
			t.Errorf("%s: the plan does not use %s", kind, idx)
		}
		if t.Failed() {
			var text []string
			rows, _ := f.pool.Query(f.ctx, `EXPLAIN `+sql, args...)
			for rows.Next() {
				var l string
				rows.Scan(&l)
				text = append(text, l)
			}
			rows.Close()
			t.Logf("%s plan:\n%s", kind, strings.Join(text, "\n"))
		}
	}

	// the statement with terms: the same backward walk, stopped after
	// temporalScanRows visible rows; only those are scored and sorted.
	// (Episodes only: for the fixture's 5,000 facts, all of one member,
	// the planner rightly reads the small table whole rather than 2,000
	// index entries; a member's share of a big table takes the index.)
	for kind, idx := range map[string]string{"episode": "episodes_time_idx"} {
		each, _, _ := tsQueries(temporalTerms("what jazz music did we listen to last year"))
		sql, args := temporalSQL(q, kind, from, to, each, s.cfg.LegLimit)
		plan := explain(t, f, sql, args)
		var used bool
		plan.walk(func(n planNode) {
			switch {
			case n.NodeType == "Seq Scan" || strings.HasPrefix(n.NodeType, "Bitmap"):
				t.Errorf("%s with terms: plan has a %s (on %s)", kind, n.NodeType, n.Relation)
			case n.IndexName == idx:
				used = true
				if n.Direction != "Backward" || n.ActualRows > float64(temporalScanRows+s.cfg.LegLimit) {
					t.Errorf("%s with terms: %s scanned %s, %v rows", kind, idx, n.Direction, n.ActualRows)
				}
			}
		})
		if !used {
			t.Errorf("%s with terms: the plan does not use %s", kind, idx)
		}
	}

	// the leg itself. A question with terms: the window's rows that match
	// them, most terms first (here: the jazz rows of 2024, newest first;
	// every row says "music" and "listened")
	q.req.Query = "what jazz music did we listen to last year"
	start := time.Now()
	res, err := s.temporalLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("window with terms on 40,000 turns: %v (mode %s)", time.Since(start), res.mode)
	if res.weight != 1 || len(res.rows) != s.cfg.LegLimit || !strings.HasSuffix(res.mode, " terms") {
		t.Fatalf("weight %d, %d rows, mode %q", res.weight, len(res.rows), res.mode)
	}
	for i, row := range res.rows {
		if row.at.Year() != 2024 || row.Kind != "episode" || !strings.Contains(row.Text, "jazz") {
			t.Fatalf("row %d %s at %v (%q): not a jazz row of last year", i, row.Kind, row.at, row.Text)
		}
		if i > 0 && row.at.After(res.rows[i-1].at) {
			t.Fatalf("row %d at %v after row %d at %v", i, row.at, i-1, res.rows[i-1].at)
		}
	}
	// a question with no terms besides its time: the window's newest rows,
	// newest first, from the time index (the plans above)
	q.req.Query = "what did we do last year"
	if res, err = s.temporalLeg(f.ctx, q); err != nil {
		t.Fatal(err)
	}
	if res.weight != 1 || len(res.rows) != s.cfg.LegLimit || !strings.HasSuffix(res.mode, " newest") {
		t.Fatalf("weight %d, %d rows, mode %q", res.weight, len(res.rows), res.mode)
	}
	for i, row := range res.rows {
		if row.at.Year() != 2024 {
			t.Fatalf("row %d at %v outside last year", i, row.at)
		}
		if i > 0 && row.at.After(res.rows[i-1].at) {
			t.Fatalf("row %d at %v after row %d at %v", i, row.at, i-1, res.rows[i-1].at)
		}
	}
	var newest time.Time
	f.pool.QueryRow(f.ctx, `SELECT max(happened_at) FROM episodes WHERE member_id = 'alice' AND happened_at < '2025-01-01'`).Scan(&newest)
	if !res.rows[0].at.Equal(newest) {
		t.Fatalf("newest row %v, want the window's newest %v", res.rows[0].at, newest)
	}
}

// boundedFixture is a small member every leg but semantic can answer.
func boundedFixture(t *testing.T) (*fixture, Request) {
	f := setup(t)
	me := []string{"member:alice"}
	f.episode(ep{member: "alice", channel: "web:chat", content: "I went hiking with Bob in the Alps", audience: me, at: t0})
	bob := f.entity("alice", "Bob", "web:chat", me)
	alps := f.entity("alice", "Alps", "web:chat", me)
	f.edge("alice", bob, alps, "hiked_in", "web:chat", me)
	f.fact(facts.Fact{Member: "alice", Subject: "Alps", Predicate: "is_a", Claim: "mountain range", ValidFrom: t0, Channel: "web:chat", Audience: me})
	r := req("alice", "1", "hiking with Bob yesterday", me, "web:chat")
	r.AsOf = ptr(t0.Add(24 * time.Hour))
	return f, r
}

func legsOf(a *Answer) map[string]Leg {
	out := map[string]Leg{}
	for _, l := range a.Legs {
		out[l.Leg] = l
	}
	return out
}

// A leg whose statement fails is named missing "error"; a leg past its
// budget (a real pg_sleep on the store) is cancelled and named missing
// "timeout"; the other legs answer, and the call returns within its budget.
func TestFailingAndSlowLegsAreNamedMissing(t *testing.T) {
	t.Parallel()
	f, r := boundedFixture(t)
	s := New(f.pool, Config{LegBudgetMS: 2000, CallBudgetMS: 6000}, nil, nil)
	s.wrapLeg = func(leg string, fn legFunc) legFunc {
		switch leg {
		case LegGraph: // a database error
			return func(ctx context.Context, q *query) (*legResult, error) {
				var x int
				err := s.pool.QueryRow(ctx, `/* leg:graph */ SELECT 1 / (SELECT count(*) FROM entities WHERE member_id = $1 AND false)::int`, q.member).Scan(&x)
				return nil, err
			}
		case LegTemporal: // far past its budget
			return func(ctx context.Context, q *query) (*legResult, error) {
				_, err := s.pool.Exec(ctx, `/* leg:temporal */ SELECT pg_sleep(30)`)
				if err == nil {
					return fn(ctx, q)
				}
				return nil, err
			}
		}
		return fn
	}
	start := time.Now()
	a, err := s.Recall(f.ctx, r)
	took := time.Since(start)
	if err != nil {
		t.Fatalf("the call failed: %v", err)
	}
	if took > time.Duration(s.cfg.CallBudgetMS)*time.Millisecond {
		t.Fatalf("the call took %v, over its budget %d ms", took, s.cfg.CallBudgetMS)
	}
	legs := legsOf(a)
	if l := legs[LegGraph]; l.Missing != MissingError || l.Candidates != 0 {
		t.Fatalf("graph leg %+v, want missing %q", l, MissingError)
	}
	if l := legs[LegTemporal]; l.Missing != MissingTimeout || l.Candidates != 0 {
		t.Fatalf("temporal leg %+v, want missing %q", l, MissingTimeout)
	}
	if l := legs[LegKeyword]; l.Missing != "" || l.Candidates == 0 {
		t.Fatalf("keyword leg %+v did not answer", l)
	}
	if !strings.Contains(a.Text, "I went hiking with Bob in the Alps") {
		t.Fatalf("text:\n%s", a.Text)
	}
	// the pool is whole afterwards: the same service answers again
	s.wrapLeg = nil
	a, err = s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if l := legsOf(a)[LegTemporal]; l.Missing != "" {
		t.Fatalf("temporal leg after: %+v", l)
	}

	// the caller's own end still ends the call
	ctx, cancel := context.WithCancel(f.ctx)
	cancel()
	if _, err := s.Recall(ctx, r); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled call: %v", err)
	}
}

// An 8 KB query (the longest any surface takes) answers within the call's
// budget; one character more is refused query_too_long.
func TestLongQueryBoundedAndRefusedBeyondMax(t *testing.T) {
	t.Parallel()
	f, r := boundedFixture(t)
	me := []string{"member:alice"}
	for i := range 300 {
		f.entity("alice", "Person Number"+string(rune('a'+i%26))+string(rune('a'+i/26)), "web:chat", me)
	}
	// words that miss every entity exactly, so the graph leg seeds fuzzily
	var b strings.Builder
	ws := []string{"hikinng", "mountains", "persson", "numbr", "yesterday", "travelling", "alpine", "lakes"}
	for i := 0; b.Len() < MaxQueryChars; i++ {
		b.WriteString(ws[i%len(ws)])
		b.WriteByte(' ')
	}
	r.Query = b.String()[:MaxQueryChars]
	s := New(f.pool, Config{}, nil, nil)
	s.wrapLeg = func(leg string, fn legFunc) legFunc {
		return func(ctx context.Context, q *query) (*legResult, error) {
			start := time.Now()
			res, err := fn(ctx, q)
			t.Logf("%s leg: %v (%v)", leg, time.Since(start), err)
			return res, err
		}
	}
	start := time.Now()
	a, err := s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > time.Duration(s.cfg.CallBudgetMS)*time.Millisecond {
		t.Fatalf("an 8 KB query took %v, over the call budget %d ms", took, s.cfg.CallBudgetMS)
	}
	for _, l := range a.Legs {
		if l.Missing == MissingTimeout || l.Missing == MissingError {
			t.Fatalf("leg %+v", l)
		}
	}
	if g := grams(r.Query); len(g) > maxGrams {
		t.Fatalf("%d grams", len(g))
	}
	if ts := terms(r.Query); len(ts) > maxTerms {
		t.Fatalf("%d terms", len(ts))
	}
	r.Query += "x"
	if _, err := s.Recall(f.ctx, r); memhive.CodeOf(err) != memhive.CodeQueryTooLong {
		t.Fatalf("a longer query: %v", err)
	}
	// characters, not bytes: 8192 two-byte letters are taken
	r.Query = strings.Repeat("é", MaxQueryChars)
	if err := Validate(r); err != nil {
		t.Fatal(err)
	}
}

func TestRequestTierStringOrNumber(t *testing.T) {
	for in, want := range map[string]string{
		`{"tier": 1}`: "1", `{"tier": "1"}`: "1", `{"tier": 0}`: "0", `{"tier": "2"}`: "2",
		`{}`: "", `{"tier": null}`: "", `{"tier": " 1 "}`: "1", `{"tier": 2.0}`: "2", // 2.0 as a limit of 2.0 is 2
		`{"tier": "1.0"}`: "1", `{"tier": " \"2\" "}`: "2",
	} {
		var r Request
		if err := json.Unmarshal([]byte(in), &r); err != nil || r.Tier != want {
			t.Errorf("%s: tier %q, %v; want %q", in, r.Tier, err, want)
		}
	}
	for _, in := range []string{`{"tier": 1e300}`, `{"tier": 1.5}`, `{"tier": true}`, `{"tier": [1]}`, `{"tier": 1, "tiers": 2}`} {
		var r Request
		if err := json.Unmarshal([]byte(in), &r); err == nil {
			t.Errorf("%s accepted (tier %q)", in, r.Tier)
		}
	}
	var r Request
	if err := json.Unmarshal([]byte(`{"member": "alice", "query": "q", "tier": 3, "audience": ["member:alice"], "channel": "c"}`), &r); err != nil {
		t.Fatal(err)
	}
	if memhive.CodeOf(Validate(r)) != memhive.CodeMalformedRequest || r.Member != "alice" || !slices.Equal(r.Audience, []string{"member:alice"}) {
		t.Fatalf("tier 3: %+v %v", r, Validate(r))
	}
}

// TestRequestLimitZeroRefused: a limit given as 0 (0, 0.0, "0") is
// refused, as the MCP tool refuses it; absent or null is the default.
func TestRequestLimitZeroRefused(t *testing.T) {
	for _, tc := range []struct {
		in    string
		limit int
		ok    bool
	}{
		{`{}`, 0, true},
		{`{"limit": null}`, 0, true},
		{`{"limit": 5}`, 5, true},
		{`{"limit": "5"}`, 5, true},
		{`{"limit": 0}`, 0, false},
		{`{"limit": 0.0}`, 0, false},
		{`{"limit": " 0 "}`, 0, false},
		{`{"limit": -0}`, 0, false},
	} {
		var r Request
		err := json.Unmarshal([]byte(tc.in), &r)
		if tc.ok != (err == nil) || r.Limit != tc.limit {
			t.Errorf("%s: limit %d, %v; want %d, taken %v", tc.in, r.Limit, err, tc.limit, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "limit must be a whole number of 1 or more, not") {
			t.Errorf("%s: %q does not say what limit takes", tc.in, err)
		}
	}
}

func TestNormalizeTier(t *testing.T) {
	for in, want := range map[string]string{"1": "1", " 1 ": "1", `"1"`: "1", "1.0": "1", " 2.00 ": "2", "0.0": "0",
		"": "", "1.5": "1.5", "3.0": "3.0", "one": "one"} { // what is not a tier stays as it came, for Validate to name
		if got := NormalizeTier(in); got != want {
			t.Errorf("NormalizeTier(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRequestFreshBooleanOrString(t *testing.T) {
	for in, want := range map[string]bool{
		`{"fresh": true}`: true, `{"fresh": "true"}`: true, `{"fresh": " TRUE "}`: true,
		`{"fresh": false}`: false, `{"fresh": "false"}`: false, `{}`: false, `{"fresh": null}`: false,
	} {
		var r Request
		if err := json.Unmarshal([]byte(in), &r); err != nil || r.Fresh != want {
			t.Errorf("%s: fresh %v, %v; want %v", in, r.Fresh, err, want)
		}
	}
	for _, in := range []string{`{"fresh": 1}`, `{"fresh": "yes"}`, `{"fresh": [true]}`, `{"fresh": ""}`, `{"fresh": "null"}`, `{"fresh": "t"}`} {
		var r Request
		err := json.Unmarshal([]byte(in), &r)
		if err == nil || !strings.Contains(err.Error(), "fresh must be true or false") {
			t.Errorf("%s: %v, want a refusal naming fresh", in, err)
		}
	}
}
