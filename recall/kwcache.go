package recall

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
)

// The keyword leg's in-process index (a cache of migrations 008 and 025).
//
// A member with at least Config.KeywordCacheMinEpisodes episodes is ranked
// from an exact copy of its keyword index kept in process memory (kwIndex:
// each lexeme's postings with their tf, each episode's id and length, the
// member's N and total length), instead of the SQL threshold algorithm of
// keyword.go, whose cost grows with the member. The ranking is the same:
// the same classes (a query term's lexemes, prefixes included), the same
// idf, tf part, summation order, rounding and tie rule (kwScore,
// kwByScore); every matching episode is scored, in Go; the gate and the
// request's filters are then checked in SQL for the best episodes in score
// order, in batches, until the leg's limit of visible rows is reached.
//
// Freshness. keyword_docs (migration 025) numbers each member's episodes
// 1..N, gap-free, in commit order. An index holding ords 1..n asks, on every
// call, for the episodes with ord > n (one index range, empty in the common
// case; in the same round trip as the query's lexemes) and adds them before
// scoring: an episode committed by any process before the call's statement
// is seen. Episodes are append-only, so nothing held ever changes.
//
// Loading. A member not held is answered by the SQL path while its index is
// loaded in the background (one load at a time per process; a call that
// finds a load running does not start another); the next calls use it.
// Memory is bounded by Config.KeywordCacheMB over all members, least
// recently used first out. Each process keeps its own cache: which process
// answers never changes the answer.

// kwPost is one posting: an episode (its ordinal − 1) and the lexeme's tf.
type kwPost struct{ doc, tf int32 }

// kwIndex is one member's keyword index in memory.
type kwIndex struct {
	member string
	key    string // member, or "fact|" + member for its facts' index
	// version is the member's record version (migration 021) a facts
	// index was read at; a facts index is current while it is unchanged.
	version int64

	mu     sync.RWMutex
	ids    []string // episode id by doc (ord − 1); only appended to
	dls    []int32  // episode length (sum of its lexemes' tf) by doc
	total  int64    // sum of dls
	termID map[string]int32
	names  []string   // lexeme by term id
	posts  [][]kwPost // postings by term id, in doc order
	sorted []int32    // term ids in byte order of their lexeme (prefix ranges), for the first len(sorted) ids...
	// ...the ids from len(sorted) on are pending (few): scanned one by one.
	bytes int64 // estimated memory
}

func newKwIndex(member string) *kwIndex {
	return &kwIndex{member: member, key: member, termID: map[string]int32{}}
}

// Estimated memory per item (Go headers and map overhead included, roughly).
const (
	kwDocBytes     = 16 + 4 + 8
	kwTermBytes    = 16 + 24 + 4 + 64
	kwPostingBytes = 8 + 2 // slack of append growth
	kwPendingMax   = 4096
)

var errKwGap = errors.New("keyword cache: episode ordinals out of sequence")

// errKwBehind: more episodes were written since the index was read than a
// call catches up with (kwCatchUpStatements of kwDeltaStep).
var errKwBehind = errors.New("keyword cache: index far behind")

// kwCatchUpStatements is how many freshness statements (of kwDeltaStep
// episodes) a call reads at most before it gives the index up to a reload.
const kwCatchUpStatements = 2

// add appends the episode of ordinal ord (which must be the next one).
func (x *kwIndex) add(ord int64, id string, terms []string, tfs []int32) error {
	if ord != int64(len(x.ids))+1 {
		return fmt.Errorf("%w: member %s holds %d, got %d", errKwGap, x.member, len(x.ids), ord)
	}
	if len(terms) != len(tfs) {
		return fmt.Errorf("keyword cache: %d lexemes, %d counts", len(terms), len(tfs))
	}
	doc := int32(len(x.ids))
	var dl int64
	for i, t := range terms {
		tid, ok := x.termID[t]
		if !ok {
			tid = int32(len(x.names))
			x.termID[t] = tid
			x.names = append(x.names, t)
			x.posts = append(x.posts, nil)
			x.bytes += int64(len(t)) + kwTermBytes
		}
		x.posts[tid] = append(x.posts[tid], kwPost{doc: doc, tf: tfs[i]})
		dl += int64(tfs[i])
	}
	x.ids = append(x.ids, id)
	x.dls = append(x.dls, int32(dl))
	x.total += dl
	x.bytes += int64(len(id)) + kwDocBytes + int64(len(terms))*kwPostingBytes
	if len(x.names)-len(x.sorted) > kwPendingMax {
		x.sortTerms()
	}
	return nil
}

// sortTerms puts every term id into sorted.
func (x *kwIndex) sortTerms() {
	if len(x.sorted) == len(x.names) {
		return
	}
	s := make([]int32, len(x.names))
	for i := range s {
		s[i] = int32(i)
	}
	slices.SortFunc(s, func(a, b int32) int { return strings.Compare(x.names[a], x.names[b]) })
	x.sorted = s
}

// match is the term ids lex matches: itself, or with prefix every lexeme it
// is a prefix of (the SQL path's range of keyword_terms' key in COLLATE "C",
// which is byte order).
func (x *kwIndex) match(lex string, prefix bool) []int32 {
	if !prefix {
		if tid, ok := x.termID[lex]; ok {
			return []int32{tid}
		}
		return nil
	}
	var out []int32
	i, _ := slices.BinarySearchFunc(x.sorted, lex, func(tid int32, l string) int { return strings.Compare(x.names[tid], l) })
	for ; i < len(x.sorted) && strings.HasPrefix(x.names[x.sorted[i]], lex); i++ {
		out = append(out, x.sorted[i])
	}
	for tid := len(x.sorted); tid < len(x.names); tid++ {
		if strings.HasPrefix(x.names[tid], lex) {
			out = append(out, int32(tid))
		}
	}
	return out
}

// kwDeltaSQL is the member's episodes with ord > $2, in ord order, each with
// its lexemes and their tf (from its tsv, as the trigger writes the
// postings). One statement: one snapshot. Each episode is a key probe
// (OFFSET 0: no plan can turn it into a scan of the member's episodes).
const kwDeltaSQL = `/* leg:keyword */ SELECT d.ord, d.episode_id, l.terms, l.tfs
	FROM keyword_docs d
	CROSS JOIN LATERAL (SELECT e.tsv FROM episodes e WHERE e.member_id = d.member_id AND e.id = d.episode_id OFFSET 0) e
	CROSS JOIN LATERAL (SELECT coalesce(array_agg(x.term), '{}') AS terms, coalesce(array_agg(x.tf), '{}') AS tfs
		FROM memhive_keyword_lexemes(e.tsv) x) l
	WHERE d.member_id = $1 AND d.ord > $2
	ORDER BY d.ord`

// kwDeltaStep is how many episodes a call's freshness check reads at most
// in one statement (LIMIT: a plan for a few rows, never a parallel sort of
// the member's ordinals); more are read by further statements.
const kwDeltaStep = 1000

// kwDelta is episodes read by kwDeltaSQL.
type kwDelta struct {
	ord   int64
	id    string
	terms []string
	tfs   []int32
}

func scanKwDelta(rows pgx.Rows) ([]kwDelta, error) {
	defer rows.Close()
	var out []kwDelta
	for rows.Next() {
		var d kwDelta
		if err := rows.Scan(&d.ord, &d.id, &d.terms, &d.tfs); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// apply adds the episodes of ds it does not hold yet (another call may have
// added some meanwhile) and returns the change in its estimated memory.
func (x *kwIndex) apply(ds []kwDelta) (int64, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	before := x.bytes
	for _, d := range ds {
		if d.ord <= int64(len(x.ids)) {
			continue
		}
		if err := x.add(d.ord, d.id, d.terms, d.tfs); err != nil {
			return x.bytes - before, err
		}
	}
	return x.bytes - before, nil
}

// kwCache is the process's keyword indexes, least recently used first out
// past the byte budget.
type kwCache struct {
	mu      sync.Mutex
	entries map[string]*list.Element // of *kwIndex
	lru     list.List                // most recent first
	used    int64
	loading map[string]bool
	busy    atomic.Bool // a load is running

	hits, misses, loads, loadFails, evictions atomic.Int64
	loadNanos                                 atomic.Int64
	bytes, members                            atomic.Int64
}

// kwBudgetBytes is the cache's budget in bytes; 0: off.
func (s *Service) kwBudgetBytes() int64 {
	if s.kwBudgetOverride > 0 {
		return s.kwBudgetOverride
	}
	if s.cfg.KeywordCacheMB < 0 {
		return 0
	}
	return int64(s.cfg.KeywordCacheMB) << 20
}

// kwGet is the index under key (a member, or "fact|" + member) when held
// (and marks it used).
func (s *Service) kwGet(member string) *kwIndex {
	c := &s.kw
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[member]
	if !ok {
		return nil
	}
	c.lru.MoveToFront(el)
	return el.Value.(*kwIndex)
}

// kwDrop forgets member's index (it will be loaded again).
func (s *Service) kwDrop(member string) {
	c := &s.kw
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[member]; ok {
		c.remove(el)
	}
}

func (c *kwCache) remove(el *list.Element) {
	x := el.Value.(*kwIndex)
	c.lru.Remove(el)
	delete(c.entries, x.key)
	x.mu.RLock()
	c.used -= x.bytes
	x.mu.RUnlock()
	c.bytes.Store(c.used)
	c.members.Store(int64(len(c.entries)))
}

// kwGrew accounts for delta more bytes held by x and evicts past the budget.
func (s *Service) kwGrew(x *kwIndex, delta int64) {
	if delta == 0 {
		return
	}
	c := &s.kw
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[x.key]; ok && el.Value.(*kwIndex) == x {
		c.used += delta
		s.kwEvict(x)
	}
}

// kwEvict drops least recently used indexes while the cache is over budget,
// keep last (c.mu held).
func (s *Service) kwEvict(keep *kwIndex) {
	c := &s.kw
	budget := s.kwBudgetBytes()
	for c.used > budget && c.lru.Len() > 0 {
		el := c.lru.Back()
		if el.Value.(*kwIndex) == keep && c.lru.Len() > 1 {
			el = el.Prev()
		}
		c.remove(el)
		c.evictions.Add(1)
	}
	c.bytes.Store(c.used)
	c.members.Store(int64(len(c.entries)))
}

// kwPut keeps x, if it fits the budget at all.
func (s *Service) kwPut(x *kwIndex) bool {
	c := &s.kw
	c.mu.Lock()
	defer c.mu.Unlock()
	if x.bytes > s.kwBudgetBytes() {
		return false
	}
	if c.entries == nil {
		c.entries = map[string]*list.Element{}
	}
	if el, ok := c.entries[x.key]; ok {
		c.remove(el)
	}
	c.entries[x.key] = c.lru.PushFront(x)
	c.used += x.bytes
	s.kwEvict(x)
	return true
}

// kwMaybeLoad starts loading member's index in the background when the
// member has at least KeywordCacheMinEpisodes episodes (n, read by the SQL
// path), none is held or loading, and no other load runs.
func (s *Service) kwMaybeLoad(member string, n int64) {
	if n < int64(s.cfg.KeywordCacheMinEpisodes) {
		return
	}
	s.kwMaybeLoadKey(member, n, func(ctx context.Context) error { return s.kwLoad(ctx, member) })
}

// kwMaybeLoadKey runs load in the background for the index under key (of
// about n items) unless the cache is off, the index would not fit, it is
// held or loading, or another load runs.
func (s *Service) kwMaybeLoadKey(key string, n int64, load func(ctx context.Context) error) {
	if s.kwBudgetBytes() == 0 || n <= 0 {
		return
	}
	// an estimate of the index's size before reading it: ~12 postings an item
	if n*(kwDocBytes+26+12*kwPostingBytes) > s.kwBudgetBytes() {
		return
	}
	c := &s.kw
	c.mu.Lock()
	_, held := c.entries[key]
	if held || c.loading[key] || !c.busy.CompareAndSwap(false, true) {
		c.mu.Unlock()
		return
	}
	if c.loading == nil {
		c.loading = map[string]bool{}
	}
	c.loading[key] = true
	c.mu.Unlock()
	go func() {
		defer func() {
			c.mu.Lock()
			delete(c.loading, key)
			c.mu.Unlock()
			c.busy.Store(false)
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		if err := load(ctx); err != nil {
			s.logger.Warn("keyword cache: load failed; the member stays on the SQL path", "key", key, "err", err)
		}
	}()
}

// kwLoad reads member's whole index and keeps it.
func (s *Service) kwLoad(ctx context.Context, member string) error {
	t0 := time.Now()
	rows, err := s.pool.Query(ctx, kwDeltaSQL, member, int64(0))
	if err != nil {
		s.kw.loadFails.Add(1)
		return fmt.Errorf("keyword cache load: %w", err)
	}
	x := newKwIndex(member)
	var postings int64
	for rows.Next() {
		var d kwDelta
		if err := rows.Scan(&d.ord, &d.id, &d.terms, &d.tfs); err != nil {
			rows.Close()
			s.kw.loadFails.Add(1)
			return fmt.Errorf("keyword cache load: %w", err)
		}
		if err := x.add(d.ord, d.id, d.terms, d.tfs); err != nil {
			rows.Close()
			s.kw.loadFails.Add(1)
			return err
		}
		postings += int64(len(d.terms))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		s.kw.loadFails.Add(1)
		return fmt.Errorf("keyword cache load: %w", err)
	}
	x.sortTerms()
	took := time.Since(t0)
	s.kw.loads.Add(1)
	s.kw.loadNanos.Add(int64(took))
	kept := s.kwPut(x)
	lvl := s.logger.Debug
	if len(x.ids) >= 10_000 || !kept {
		lvl = s.logger.Info
	}
	lvl("keyword cache: member index loaded", "member", member, "episodes", len(x.ids), "lexemes", len(x.names),
		"postings", postings, "mib", fmt.Sprintf("%.1f", float64(x.bytes)/(1<<20)), "ms", took.Milliseconds(), "kept", kept)
	return nil
}

// kwQLex is one of a query's lexemes (queryLexemesSQL): the query term it
// comes from, and whether it is a prefix.
type kwQLex struct {
	ord    int
	lex    string
	prefix bool
}

// kwPre is what the episodes' round trip read for the facts' index: the
// query's lexemes and, when have, the member's record version.
type kwPre struct {
	qls     []kwQLex
	version int64
	have    bool
}

// kwCand is a scored episode of the cache path.
type kwCand struct {
	score float64
	doc   int32
}

// keywordEpisodesCached is keywordEpisodes from member's index in memory.
// errKwGap means the index is out of step with keyword_docs, errKwBehind
// that it is far behind it (it is dropped; the caller answers from SQL, and
// the SQL path loads it again in the background).
//
// When fx (the member's facts index) is held, the member's record version is
// read in the same round trip, and returned with the query's lexemes in pre
// for keywordFactsAny, which then needs no round trip of its own for them.
func (s *Service) keywordEpisodesCached(ctx context.Context, q *query, x *kwIndex, fx *kwIndex, each []string, limit int) ([]scored, *kwPre, error) {
	x.mu.RLock()
	held := int64(len(x.ids))
	x.mu.RUnlock()
	b := &pgx.Batch{}
	b.Queue("/* leg:keyword */ "+strings.ReplaceAll(queryLexemesSQL, "$2", "$1"), each)
	step := kwDeltaStep
	if s.kwStep > 0 {
		step = s.kwStep
	}
	b.Queue(kwDeltaSQL+` LIMIT $3`, q.member, held, step)
	if fx != nil {
		b.Queue(kwVersionSQL, q.member)
	}
	br := s.pool.SendBatch(ctx, b)
	var qls []kwQLex
	rows, err := br.Query()
	if err != nil {
		br.Close()
		return nil, nil, err
	}
	for rows.Next() {
		var l kwQLex
		if err := rows.Scan(&l.ord, &l.lex, &l.prefix); err != nil {
			rows.Close()
			br.Close()
			return nil, nil, err
		}
		qls = append(qls, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		br.Close()
		return nil, nil, err
	}
	rows, err = br.Query()
	if err != nil {
		br.Close()
		return nil, nil, err
	}
	ds, err := scanKwDelta(rows)
	pre := &kwPre{qls: qls}
	if err == nil && fx != nil {
		pre.have = true
		err = br.QueryRow().Scan(&pre.version)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, nil, err
	}
	for st := 1; len(ds) > 0; st++ {
		grew, err := x.apply(ds)
		s.kwGrew(x, grew)
		if err != nil {
			return nil, nil, err
		}
		if len(ds) < step {
			break
		}
		if st == kwCatchUpStatements {
			// a bulk import since: catching up here would make this call
			// slow; the SQL path answers and the index is loaded again
			return nil, nil, fmt.Errorf("%w: member %s, more than %d new episodes", errKwBehind, q.member, st*step)
		}
		// read on from what the last batch ended at
		rows, err := s.pool.Query(ctx, kwDeltaSQL+` LIMIT $3`, q.member, ds[len(ds)-1].ord, step)
		if err != nil {
			return nil, nil, err
		}
		if ds, err = scanKwDelta(rows); err != nil {
			return nil, nil, err
		}
	}

	cands, ids := x.rank(qls)
	eps, err := s.kwVisibleTop(ctx, q, "episode", cands, ids, limit)
	if err != nil {
		return nil, nil, err
	}
	return eps, pre, nil
}

// rank scores every episode (or fact) of x holding a lexeme the query's
// lexemes qls match, and returns them with x's ids (indexed by doc).
func (x *kwIndex) rank(qls []kwQLex) ([]kwCand, []string) {
	// classes and scores, under the read lock
	x.mu.RLock()
	ids, dls := x.ids, x.dls
	n := int64(len(ids))
	byOrd := map[int]map[int32]bool{}
	for _, l := range qls {
		for _, tid := range x.match(l.lex, l.prefix) {
			if byOrd[l.ord] == nil {
				byOrd[l.ord] = map[int32]bool{}
			}
			byOrd[l.ord][tid] = true
		}
	}
	type mcls struct {
		kwClass
		tids []int32
	}
	seen := map[string]bool{}
	var cls []mcls
	for _, m := range byOrd {
		var c mcls
		for tid := range m {
			c.tids = append(c.tids, tid)
		}
		slices.SortFunc(c.tids, func(a, b int32) int { return strings.Compare(x.names[a], x.names[b]) })
		for _, tid := range c.tids {
			c.lexemes = append(c.lexemes, x.names[tid])
		}
		key := strings.Join(c.lexemes, " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		cls = append(cls, c)
	}
	if n == 0 || len(cls) == 0 {
		x.mu.RUnlock()
		return nil, nil
	}
	avgdl := float64(x.total) / float64(n)
	if avgdl <= 0 {
		avgdl = 1
	}
	// df of a class: the episodes holding any of its lexemes
	buf := kwBufs.Get().(*kwBuf)
	defer kwBufs.Put(buf)
	if int64(cap(buf.slot)) < n {
		buf.slot = make([]int32, n+n/4)
	}
	slot := buf.slot[:n] // doc → 1 + its index into touched, 0: not touched (zero between calls)
	touched := buf.touched[:0]
	var mark []uint64
	for i := range cls {
		if len(cls[i].tids) == 1 {
			cls[i].df = int64(len(x.posts[cls[i].tids[0]]))
			continue
		}
		if mark == nil {
			mark = make([]uint64, (n+63)/64)
		} else {
			clear(mark)
		}
		for _, tid := range cls[i].tids {
			for _, p := range x.posts[tid] {
				if mark[p.doc>>6]&(1<<(p.doc&63)) == 0 {
					mark[p.doc>>6] |= 1 << (p.doc & 63)
					cls[i].df++
				}
			}
		}
	}
	for i := range cls {
		cls[i].idf = bm25IDF(n, cls[i].df)
	}
	slices.SortFunc(cls, func(a, b mcls) int { return compareClasses(a.kwClass, b.kwClass) })
	nc := len(cls)
	var most int64 // the most episodes the classes can touch
	for c := range cls {
		most += cls[c].df
	}
	most = min(most, n)
	if int64(cap(buf.tfs)) < most*int64(nc) {
		buf.tfs = make([]int32, most*int64(nc)+most*int64(nc)/4)
	}
	tfs := buf.tfs[:most*int64(nc)]
	for c := range cls {
		for _, tid := range cls[c].tids {
			for _, p := range x.posts[tid] {
				k := slot[p.doc] - 1
				if k < 0 {
					k = int32(len(touched))
					slot[p.doc] = k + 1
					touched = append(touched, p.doc)
				}
				tfs[int(k)*nc+c] += p.tf
			}
		}
	}
	x.mu.RUnlock()
	idfs := make([]float64, nc)
	for i := range cls {
		idfs[i] = cls[i].idf
	}
	cands := make([]kwCand, len(touched))
	for k, doc := range touched {
		row := tfs[k*nc : (k+1)*nc]
		cands[k] = kwCand{score: kwScore(idfs, row, int(dls[doc]), avgdl), doc: doc}
		clear(row)
		slot[doc] = 0
	}
	buf.touched = touched

	return cands, ids
}

// kwVisibleTop is the best limit of cands (by score, then id) that the gate
// and the request's filters show, read from kind's table by batches in
// score order.
func (s *Service) kwVisibleTop(ctx context.Context, q *query, kind string, cands []kwCand, ids []string, limit int) ([]scored, error) {
	// the best visible, in score order (id breaks ties), batch by batch
	better := func(a, b kwCand) bool {
		if a.score != b.score {
			return a.score > b.score
		}
		return ids[a.doc] < ids[b.doc]
	}
	var out []scored
	var cursor *kwCand
	batch := 3*limit + 16
	for len(out) < limit {
		next := kwTopAfter(cands, cursor, batch, better)
		if len(next) == 0 {
			break
		}
		cursor = &next[len(next)-1]
		bIDs := make([]string, len(next))
		for i, c := range next {
			bIDs[i] = ids[c.doc]
		}
		vis, err := s.keywordVisible(ctx, q, kind, bIDs)
		if err != nil {
			return nil, err
		}
		for _, c := range next {
			if r, ok := vis[ids[c.doc]]; ok && len(out) < limit {
				out = append(out, scored{r, c.score})
			}
		}
		batch *= 2
	}
	return out, nil
}

// kwBuf is a call's scratch space, kept between calls: slot is all zero
// and tfs too when it is put back.
type kwBuf struct {
	slot, touched, tfs []int32
}

var kwBufs = sync.Pool{New: func() any { return &kwBuf{} }}

// kwTopAfter is the k best of cands (by better) that come after cursor (all
// when nil), best first: a bounded heap, not a sort of every candidate.
func kwTopAfter(cands []kwCand, cursor *kwCand, k int, better func(a, b kwCand) bool) []kwCand {
	h := make([]kwCand, 0, k) // min-heap by better: h[0] is the worst kept
	less := func(i, j int) bool { return better(h[j], h[i]) }
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			m := l
			if r := l + 1; r < len(h) && less(r, l) {
				m = r
			}
			if !less(m, i) {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for _, c := range cands {
		if cursor != nil && !better(*cursor, c) {
			continue
		}
		if len(h) < k {
			h = append(h, c)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !less(i, p) {
					break
				}
				h[i], h[p] = h[p], h[i]
				i = p
			}
			continue
		}
		if better(c, h[0]) {
			h[0] = c
			down(0)
		}
	}
	slices.SortFunc(h, func(a, b kwCand) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	return h
}

// keywordVisible reads the rows of kind ("episode" or "fact") with ids
// that the gate and the request's filters show.
func (s *Service) keywordVisible(ctx context.Context, q *query, kind string, ids []string) (map[string]*row, error) {
	b := newSQLB(q.member, q.gate)
	sql := `/* leg:keyword */ SELECT ` + colsOf(kind, "x") + `
		FROM unnest(` + b.p(ids) + `::text[]) AS n(id)
		CROSS JOIN LATERAL (
			SELECT * FROM ` + tableOf(kind) + ` x
			WHERE x.member_id = $1 AND x.id = n.id AND ` + b.readFilter(q, kind, "x") + `
			OFFSET 0) x`
	res, err := s.pool.Query(ctx, sql, b.args...)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	out := map[string]*row{}
	for res.Next() {
		r, err := scanOf(kind, res)
		if err != nil {
			return nil, err
		}
		out[r.ID] = r
	}
	return out, res.Err()
}

// KeywordCacheStats reports the keyword cache's calls served from memory,
// calls answered by the SQL path, loads, and the bytes and members held.
func (s *Service) KeywordCacheStats() (hits, misses, loads, bytes, members int64) {
	c := &s.kw
	return c.hits.Load(), c.misses.Load(), c.loads.Load(), c.bytes.Load(), c.members.Load()
}

// KeywordCacheLoad loads member's keyword index now and keeps it if it fits
// the budget (harnesses: a cold load's time; tests). It reports whether it
// is held.
func (s *Service) KeywordCacheLoad(ctx context.Context, member string) (bool, error) {
	if s.kwBudgetBytes() == 0 {
		return false, nil
	}
	if err := s.kwLoad(ctx, member); err != nil {
		return false, err
	}
	return s.kwGet(member) != nil, nil
}

// KeywordCacheCollectors are the keyword cache's metrics for a Prometheus
// registry.
func (s *Service) KeywordCacheCollectors() []prometheus.Collector {
	c := &s.kw
	counter := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	gauge := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	return []prometheus.Collector{
		counter("memhive_recall_keyword_cache_hits_total", "Keyword-leg calls ranked from the member's index in memory.", &c.hits),
		counter("memhive_recall_keyword_cache_misses_total", "Keyword-leg calls ranked by the SQL path (member not held, small, or loading).", &c.misses),
		counter("memhive_recall_keyword_cache_loads_total", "Keyword indexes (a member's episodes, or its facts) loaded into memory.", &c.loads),
		counter("memhive_recall_keyword_cache_load_failures_total", "Member keyword index loads that failed.", &c.loadFails),
		counter("memhive_recall_keyword_cache_evictions_total", "Member keyword indexes dropped to stay within keyword_cache_mb.", &c.evictions),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "memhive_recall_keyword_cache_load_seconds_total", Help: "Time spent loading member keyword indexes."},
			func() float64 { return float64(c.loadNanos.Load()) / 1e9 }),
		gauge("memhive_recall_keyword_cache_bytes", "Estimated memory held by the keyword cache.", &c.bytes),
		gauge("memhive_recall_keyword_cache_members", "Keyword indexes held in memory (a member's episodes, or its facts).", &c.members),
	}
}

// KeywordCacheLoading reports how many member indexes are being loaded in
// the background (harnesses wait for it before measuring warm).
func (s *Service) KeywordCacheLoading() int {
	c := &s.kw
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.loading)
}
