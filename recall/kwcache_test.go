package recall

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/facts"
)

// kwPair is the same store read by the SQL path (cache off) and by the
// cache path (every member held from its first load).
func kwPair(f *fixture) (sqlPath, cached *Service) {
	sqlPath = New(f.pool, Config{LegLimit: 20, KeywordCacheMB: -1}, nil, nil)
	cached = New(f.pool, Config{LegLimit: 20}, nil, nil)
	return sqlPath, cached
}

// kwCompare runs the keyword leg on both services and fails unless the rows
// and their order are the same; the cached one must have answered from
// memory.
func kwCompare(t *testing.T, f *fixture, sqlPath, cached *Service, r Request) int {
	t.Helper()
	var got [2][]string
	for i, s := range []*Service{sqlPath, cached} {
		res := kwLeg(t, f, s, r)
		if i == 1 && res.mode != "bm25/cache" {
			t.Fatalf("%q: cached service answered in mode %s", r.Query, res.mode)
		}
		if i == 0 && res.mode == "bm25/cache" {
			t.Fatalf("%q: the SQL-path service answered from a cache", r.Query)
		}
		for _, row := range res.rows {
			got[i] = append(got[i], row.ID)
		}
	}
	if strings.Join(got[0], " ") != strings.Join(got[1], " ") {
		t.Fatalf("%q (audience %v): SQL path %v\ncache    %v", r.Query, r.Audience, got[0], got[1])
	}
	return len(got[0])
}

// kwLeg runs s's keyword leg for r.
func kwLeg(t *testing.T, f *fixture, s *Service, r Request) *legResult {
	t.Helper()
	q, err := s.prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.keywordLeg(f.ctx, q)
	if err != nil {
		t.Fatalf("%q: %v", r.Query, err)
	}
	return res
}

// sameRows fails unless got and want list the same rows in the same order.
func sameRows(t *testing.T, what string, got, want *legResult) {
	t.Helper()
	if len(got.rows) != len(want.rows) {
		t.Fatalf("%s: %d rows, the SQL path %d", what, len(got.rows), len(want.rows))
	}
	for i := range want.rows {
		if got.rows[i].ID != want.rows[i].ID {
			t.Fatalf("%s: row %d is %s, the SQL path's %s", what, i, got.rows[i].ID, want.rows[i].ID)
		}
	}
}

// otherWriter is a second pool on the test's schema: writes from other
// connections (another process, as far as the cache can tell).
func otherWriter(t *testing.T, f *fixture) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.NewWithConfig(f.ctx, f.pool.Config().Copy())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

func otherEpisode(t *testing.T, f *fixture, p *pgxpool.Pool, member, content string, aud []string) string {
	t.Helper()
	id := newID("E")
	_, err := p.Exec(f.ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ($1, $2, 'default', 'c', 'user', $3, $4, $5, $6)`, member, id, "member:"+member, aud, content, t0)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// The cache path ranks exactly as the SQL path on random members: common
// and rare words, words said several times, turns of every length (some
// with no lexeme at all), prefix terms matching several lexemes, a reader
// who sees about a third of the rows, and episodes written by another
// connection between calls (which the next call must see).
func TestKeywordCacheEqualsSQLPathOnRandomMembers(t *testing.T) {
	t.Parallel()
	f := setup(t)
	rng := rand.New(rand.NewPCG(25, 8))
	words := strings.Fields("zebra hippo lion tiger panda koala otter moose bison camel llama yak walk walker walking walks wallaby the and of")
	me := []string{"member:hal"}
	shared := []string{"member:hal", "person:eve"}
	turn := func() string {
		var ws []string
		for range rng.IntN(15) {
			ws = append(ws, words[min(int(rng.ExpFloat64()*4), len(words)-1)])
		}
		return strings.Join(ws, " ")
	}
	aud := func() []string {
		if rng.IntN(3) == 0 {
			return shared
		}
		return me
	}
	for range 400 {
		f.episode(ep{member: "hal", channel: "c", content: turn(), audience: aud(), at: t0})
	}
	sqlPath, cached := kwPair(f)
	cached.kwStep = 16 // the 30 rows written between rounds take two statements
	if ok, err := cached.KeywordCacheLoad(f.ctx, "hal"); err != nil || !ok {
		t.Fatalf("load: held %v, %v", ok, err)
	}
	w := otherWriter(t, f)
	queries := []string{"walks", "walking zebra", "wall", "yak llama camel", "hippo", "zebra zebras lion", "nothing here"}
	for round := range 4 {
		for range 6 {
			var qw []string
			for range 1 + rng.IntN(4) {
				x := words[rng.IntN(len(words))]
				if len(x) > 4 && rng.IntN(2) == 0 {
					x = x[:4+rng.IntN(len(x)-4)] // a prefix of a word
				}
				qw = append(qw, x)
			}
			queries = append(queries, strings.Join(qw, " "))
		}
		total := 0
		for _, qt := range queries {
			total += kwCompare(t, f, sqlPath, cached, req("hal", "1", qt, me, "c"))
			kwCompare(t, f, sqlPath, cached, req("hal", "1", qt, []string{"person:eve"}, "c"))
		}
		if total == 0 {
			t.Fatal("no query found anything: the comparison shows nothing")
		}
		// writes from elsewhere, some with a new word
		for i := range 30 {
			c := turn()
			if i == 0 {
				c = fmt.Sprintf("okapi%d walker", round)
			}
			otherEpisode(t, f, w, "hal", c, aud())
		}
		queries = append(queries, fmt.Sprintf("okapi%d", round))
	}
	var n, maxOrd int64
	if err := f.pool.QueryRow(f.ctx, `SELECT count(*), coalesce(max(ord), 0) FROM keyword_docs WHERE member_id = 'hal'`).Scan(&n, &maxOrd); err != nil {
		t.Fatal(err)
	}
	if n != 520 || maxOrd != 520 {
		t.Fatalf("keyword_docs: %d rows, max ord %d; want 520 and 520", n, maxOrd)
	}
}

// A row written by another connection after the index was loaded is found
// by the very next call, first.
func TestKeywordCacheSeesRowsWrittenElsewhere(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:ivy"}
	for range 50 {
		f.episode(ep{member: "ivy", channel: "c", content: "we walked the dog by the river", audience: me, at: t0})
	}
	_, s := kwPair(f)
	if ok, err := s.KeywordCacheLoad(f.ctx, "ivy"); err != nil || !ok {
		t.Fatalf("load: held %v, %v", ok, err)
	}
	id := otherEpisode(t, f, otherWriter(t, f), "ivy", "the dog found a marmot by the river", me)
	q, err := s.prepare(req("ivy", "1", "marmot river", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.keywordLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if res.mode != "bm25/cache" || len(res.rows) == 0 || res.rows[0].ID != id {
		t.Fatalf("mode %s, %d rows: the row written elsewhere is not first", res.mode, len(res.rows))
	}
}

// Two connections writing one member at once: ordinals stay 1..N without a
// gap or a repeat (the cache's freshness rests on it).
func TestKeywordDocsOrdinalsUnderConcurrentWriters(t *testing.T) {
	t.Parallel()
	f := setup(t)
	w := otherWriter(t, f)
	var wg sync.WaitGroup
	for _, p := range []*pgxpool.Pool{f.pool, w} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				tx, err := p.Begin(context.Background())
				if err != nil {
					t.Error(err)
					return
				}
				for range 1 + i%3 {
					if _, err := tx.Exec(context.Background(), `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
						VALUES ('jo', $1, 'default', 'c', 'user', 'member:jo', '{member:jo}', 'two writers at once', $2)`, newID("E"), t0); err != nil {
						t.Error(err)
					}
				}
				if i%7 == 3 {
					_ = tx.Rollback(context.Background()) // a rollback leaves no number behind
					continue
				}
				if err := tx.Commit(context.Background()); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	var n, eps, maxOrd, distinct int64
	if err := f.pool.QueryRow(f.ctx, `SELECT count(*), coalesce(max(ord), 0), count(DISTINCT episode_id),
			(SELECT count(*) FROM episodes WHERE member_id = 'jo') FROM keyword_docs WHERE member_id = 'jo'`).Scan(&n, &maxOrd, &distinct, &eps); err != nil {
		t.Fatal(err)
	}
	if n != eps || maxOrd != eps || distinct != eps {
		t.Fatalf("%d episodes: %d ordinals, max %d, %d distinct episodes numbered", eps, n, maxOrd, distinct)
	}
}

// Past its byte budget the cache drops the least recently used member; that
// member is then answered by the SQL path (and loaded again in the
// background), with the same rows.
func TestKeywordCacheEvictsUnderBudget(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := func(m string) []string { return []string{"member:" + m} }
	for _, m := range []string{"kim", "lou", "max"} {
		for i := range 120 {
			f.episode(ep{member: m, channel: "c", content: fmt.Sprintf("a walk with %s number %d along the canal", m, i), audience: me(m), at: t0})
		}
	}
	sqlPath, _ := kwPair(f)
	// 1 MiB holds two of these members at most when each is above 1/3 MiB:
	// measure one, then set the budget to hold two
	probe := New(f.pool, Config{KeywordCacheMinEpisodes: 1}, nil, nil)
	if ok, err := probe.KeywordCacheLoad(f.ctx, "kim"); err != nil || !ok {
		t.Fatalf("load: %v %v", ok, err)
	}
	_, _, _, one, _ := probe.KeywordCacheStats()
	s := New(f.pool, Config{LegLimit: 20, KeywordCacheMinEpisodes: 1}, nil, nil)
	s.kwBudgetOverride = 2*one + one/2
	for _, m := range []string{"kim", "lou", "max"} {
		if ok, err := s.KeywordCacheLoad(f.ctx, m); err != nil || !ok {
			t.Fatalf("load %s: %v %v", m, ok, err)
		}
	}
	_, _, loads, bytes, members := s.KeywordCacheStats()
	if loads != 3 || members != 2 || bytes > s.kwBudgetBytes() {
		t.Fatalf("loads %d, members %d, bytes %d (budget %d)", loads, members, bytes, s.kwBudgetBytes())
	}
	if s.kwGet("kim") != nil || s.kwGet("lou") == nil || s.kwGet("max") == nil {
		t.Fatal("the least recently used member (kim) is not the one dropped")
	}
	// kim now goes through the SQL path, with the SQL path's rows
	r := req("kim", "1", "walk canal kim", me("kim"), "c")
	res, want := kwLeg(t, f, s, r), kwLeg(t, f, sqlPath, r)
	if res.mode == "bm25/cache" || len(res.rows) != 20 || len(want.rows) != 20 {
		t.Fatalf("evicted member: mode %s, %d rows (SQL path %d)", res.mode, len(res.rows), len(want.rows))
	}
	sameRows(t, "evicted member", res, want)
	// a member bigger than the whole budget is not kept
	tiny := New(f.pool, Config{KeywordCacheMinEpisodes: 1}, nil, nil)
	tiny.kwBudgetOverride = one / 2
	if ok, err := tiny.KeywordCacheLoad(f.ctx, "kim"); err != nil || ok {
		t.Fatalf("a member above the budget: held %v (%v)", ok, err)
	}
}

// A member at the size threshold is answered by the SQL path while its index
// loads in the background, and from memory after, with the same rows.
func TestKeywordCacheLoadsInTheBackground(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:ned"}
	for i := range 40 {
		f.episode(ep{member: "ned", channel: "c", content: fmt.Sprintf("the heron %d stood in the reeds", i), audience: me, at: t0})
	}
	small := New(f.pool, Config{LegLimit: 20, KeywordCacheMinEpisodes: 41}, nil, nil)
	s := New(f.pool, Config{LegLimit: 20, KeywordCacheMinEpisodes: 40}, nil, nil)
	ask := func(s *Service) *legResult {
		t.Helper()
		q, err := s.prepare(req("ned", "1", "heron reeds", me, "c"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.keywordLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := ask(s)
	if first.mode == "bm25/cache" {
		t.Fatal("the first call was answered from a cache nothing had loaded")
	}
	deadline := time.Now().Add(time.Minute)
	for s.kwGet("ned") == nil {
		if time.Now().After(deadline) {
			t.Fatal("the member's index was never loaded")
		}
		time.Sleep(10 * time.Millisecond)
	}
	second := ask(s)
	if second.mode != "bm25/cache" || len(second.rows) != len(first.rows) || len(first.rows) != 20 {
		t.Fatalf("after the load: mode %s, %d rows (first %d)", second.mode, len(second.rows), len(first.rows))
	}
	for i := range first.rows {
		if first.rows[i].ID != second.rows[i].ID {
			t.Fatalf("row %d differs after the load", i)
		}
	}
	// below the threshold: never loaded (a load is marked loading before the
	// call returns)
	ask(small)
	if small.KeywordCacheLoading() != 0 || small.kwGet("ned") != nil {
		t.Fatal("a member below keyword_cache_min_episodes was loaded")
	}
}

// The facts' index ranks the member's facts as the SQL statement does
// (scores equal to 1e-9: the statement sums in its own order), for a reader
// who sees part of them; a fact written afterwards changes the member's
// record version, and the next call answers from SQL (with the new fact)
// instead of a stale index.
func TestKeywordFactsIndexEqualsSQLAndFollowsTheRecordVersion(t *testing.T) {
	t.Parallel()
	f := setup(t)
	rng := rand.New(rand.NewPCG(3, 25))
	words := strings.Fields("coffee tea bread market garden walking walker bicycle kenya lisbon sister brother the of")
	me := []string{"member:oli"}
	shared := []string{"member:oli", "person:eve"}
	pick := func() string {
		var ws []string
		for range 1 + rng.IntN(4) {
			ws = append(ws, words[min(int(rng.ExpFloat64()*4), len(words)-1)])
		}
		return strings.Join(ws, " ")
	}
	for i := range 90 {
		aud := me
		if i%3 == 0 {
			aud = shared
		}
		f.fact(facts.Fact{Member: "oli", Subject: "Oli", Predicate: "likes", Claim: pick() + fmt.Sprintf(" %d", i), ValidFrom: t0, Channel: "c", Audience: aud})
	}
	sqlPath, cached := kwPair(f)
	if err := cached.kwLoadFacts(f.ctx, "oli"); err != nil || cached.kwGet(kwFactsKey("oli")) == nil {
		t.Fatalf("facts index not held (%v)", err)
	}
	key := func(rs []scored) string {
		var b strings.Builder
		for _, r := range rs {
			fmt.Fprintf(&b, "%s@%.6f ", r.r.ID, r.score)
		}
		return b.String()
	}
	run := func(s *Service, qt string, aud []string, cachedPath bool) []scored {
		t.Helper()
		q, err := s.prepare(req("oli", "1", qt, aud, "c"))
		if err != nil {
			t.Fatal(err)
		}
		each, _, _ := tsQueries(terms(qt))
		if cachedPath {
			fs, ok, err := s.keywordFactsCached(f.ctx, q, s.kwGet(kwFactsKey("oli")), each, 20, nil)
			if err != nil || !ok {
				t.Fatalf("%q: cached facts: ok %v, %v", qt, ok, err)
			}
			return fs
		}
		fs, err := s.keywordFacts(f.ctx, q, each, 20)
		if err != nil {
			t.Fatal(err)
		}
		return fs
	}
	found := 0
	for _, qt := range []string{"coffee", "walks market", "kenya coffee bread", "brother sister", "garden tea lisbon", "bicy", "nothing"} {
		for _, aud := range [][]string{me, {"person:eve"}} {
			want, got := run(sqlPath, qt, aud, false), run(cached, qt, aud, true)
			// order by (score to 1e-6, id) on both sides: equal scores may
			// differ in the last bits
			norm := func(rs []scored) []scored {
				out := slices.Clone(rs)
				slices.SortStableFunc(out, func(a, b scored) int {
					if d := math.Round(a.score*1e6) - math.Round(b.score*1e6); d != 0 {
						if d > 0 {
							return -1
						}
						return 1
					}
					return strings.Compare(a.r.ID, b.r.ID)
				})
				return out
			}
			if key(norm(want)) != key(norm(got)) {
				t.Fatalf("%q %v:\nSQL   %s\ncache %s", qt, aud, key(norm(want)), key(norm(got)))
			}
			found += len(got)
		}
	}
	if found == 0 {
		t.Fatal("no fact found: the comparison shows nothing")
	}
	// a new fact: the index is out of date
	fresh := f.fact(facts.Fact{Member: "oli", Subject: "Oli", Predicate: "bought", Claim: "a zither", ValidFrom: t0, Channel: "c", Audience: me})
	q, err := cached.prepare(req("oli", "1", "zither", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	each, _, _ := tsQueries(terms("zither"))
	fs, err := cached.keywordFactsAny(f.ctx, q, each, 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].r.ID != fresh {
		t.Fatalf("after a new fact: %d facts, want the zither", len(fs))
	}
	if cached.kwGet(kwFactsKey("oli")) != nil {
		t.Fatal("the stale facts index is still held")
	}
}

// With both of a member's indexes held, the leg reads the record version in
// the episodes' round trip: a fact written since is found by the next call
// (from SQL) and the facts' index is dropped; before it, the leg's rows are
// the SQL path's.
func TestKeywordLegWithBothIndexesFollowsTheRecordVersion(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:pia"}
	for i := range 40 {
		f.episode(ep{member: "pia", channel: "c", content: fmt.Sprintf("we cooked lentils and rice, day %d", i), audience: me, at: t0})
		f.fact(facts.Fact{Member: "pia", Subject: "Pia", Predicate: "cooked", Claim: fmt.Sprintf("lentil soup number %d", i), ValidFrom: t0, Channel: "c", Audience: me})
	}
	sqlPath, cached := kwPair(f)
	if ok, err := cached.KeywordCacheLoad(f.ctx, "pia"); err != nil || !ok {
		t.Fatalf("load: %v %v", ok, err)
	}
	if err := cached.kwLoadFacts(f.ctx, "pia"); err != nil || cached.kwGet(kwFactsKey("pia")) == nil {
		t.Fatalf("facts index not held (%v)", err)
	}
	ids := func(s *Service, qt string) (map[string]bool, string) {
		t.Helper()
		q, err := s.prepare(req("pia", "1", qt, me, "c"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.keywordLeg(f.ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, r := range res.rows {
			out[r.key()] = true
		}
		return out, res.mode
	}
	want, _ := ids(sqlPath, "lentils soup")
	got, mode := ids(cached, "lentils soup")
	if mode != "bm25/cache" || len(got) != 20 || len(want) != 20 {
		t.Fatalf("mode %s, %d rows (SQL path %d)", mode, len(got), len(want))
	}
	for k := range want {
		if !got[k] {
			t.Fatalf("%s is in the SQL path's rows, not in the cached leg's", k)
		}
	}
	fresh := f.fact(facts.Fact{Member: "pia", Subject: "Pia", Predicate: "bought", Claim: "a tagine", ValidFrom: t0, Channel: "c", Audience: me})
	got, _ = ids(cached, "tagine")
	if !got["fact:"+fresh] {
		t.Fatal("the fact written after the facts index was loaded is not found")
	}
	if cached.kwGet(kwFactsKey("pia")) != nil {
		t.Fatal("the stale facts index is still held")
	}
}

// A bulk write since the index was read (more than a call catches up with):
// the call is answered by the SQL path, with its rows, the index is dropped,
// and it is loaded again in the background, with every row.
func TestKeywordCacheFarBehindAnswersFromSQLAndReloads(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:quin"}
	for i := range 30 {
		f.episode(ep{member: "quin", channel: "c", content: fmt.Sprintf("the ferry left at %d with the cargo", i), audience: me, at: t0})
	}
	sqlPath, _ := kwPair(f)
	s := New(f.pool, Config{LegLimit: 20, KeywordCacheMinEpisodes: 10}, nil, nil)
	s.kwStep = 5
	if ok, err := s.KeywordCacheLoad(f.ctx, "quin"); err != nil || !ok {
		t.Fatalf("load: %v %v", ok, err)
	}
	w := otherWriter(t, f)
	for i := range 11 { // more than 2 statements of 5
		otherEpisode(t, f, w, "quin", fmt.Sprintf("the ferry cargo was late, crate %d", i), me)
	}
	r := req("quin", "1", "ferry cargo crate", me, "c")
	res, want := kwLeg(t, f, s, r), kwLeg(t, f, sqlPath, r)
	if res.mode == "bm25/cache" || len(res.rows) != 20 || len(want.rows) != 20 {
		t.Fatalf("far behind: mode %s, %d rows (SQL path %d)", res.mode, len(res.rows), len(want.rows))
	}
	sameRows(t, "far behind", res, want)
	deadline := time.Now().Add(time.Minute)
	for {
		x := s.kwGet("quin")
		if x != nil {
			x.mu.RLock()
			n := len(x.ids)
			x.mu.RUnlock()
			if n != 41 {
				t.Fatalf("reloaded index holds %d episodes, want 41", n)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the index was never loaded again")
		}
		time.Sleep(10 * time.Millisecond)
	}
	kwCompare(t, f, sqlPath, s, r)
}
