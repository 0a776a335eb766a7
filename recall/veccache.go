package recall

import (
	"container/list"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
)

// The semantic leg's in-process vectors (a cache of embeddings, migration
// 028).
//
// A member with at least Config.VectorCacheMinVectors and fewer than
// Config.ExactVectorBelow ready vectors is scanned exactly from a copy of
// its vectors kept in process memory (vecSet), instead of reading every
// one of its rows from the embeddings table on every call (about 10 ms for
// 10,000 vectors on a quiet store, most of it visiting the rows). The
// distances are computed in Go, in float64, from the stored float32
// values; the gate and the request's filters are then checked in SQL for
// the nearest candidates in distance order, batch by batch (the leg's
// limit, then doubling; each batch's visible rows read in the same round
// trip), until the leg's limit of visible rows is reached, as the SQL scan
// does.
//
// Freshness. vector_versions numbers each member's ready vectors in commit
// order (vver); an operator's removal of a ready vector bumps gen. The
// semantic leg reads the member's (gen, version) in the statement it
// already sends for the active model; a copy at that gen and at least that
// version is current; one behind reads the vectors with vver above its
// version (one index range), and one at another gen is read again whole.
// So is one made before vector_versions was made again (its oid is the
// epoch: a migration run down and up, a restore), whose numbers restart.
// A vector made ready by any process before the call's first statement is
// therefore seen.
//
// Loading. The first call for a member reads its vectors (one statement)
// and keeps them; calls for the same member wait for that read (as long as
// their context lets them) rather than start another, and at most
// vecLoadsAtOnce whole reads run at once. A scan runs on the snapshot it
// took, outside the set's lock. Memory is bounded by Config.VectorCacheMB
// over all members, least recently used first out; a member whose copy
// would take more than a quarter of it is scanned in SQL (vcFits). Each
// process keeps its own copy,
// and every process computes the same distances from the same stored
// vectors: which process answers never changes the answer. (The SQL scan,
// for members below VectorCacheMinVectors or with the cache off, has
// pgvector's float32 sums: two vectors within its rounding of each other
// may come in the other order there.)

// vecVersion is where a member's vectors stand: vector_versions' epoch (the
// table's oid), the member's gen and version.
type vecVersion struct{ epoch, gen, version int64 }

// vecEpochSQL is the epoch as SQL.
const vecEpochSQL = `'vector_versions'::regclass::oid::bigint`

// vecSet is one member's ready vectors of one model in memory.
type vecSet struct {
	key  string // member|model
	dims int

	// lock (one slot) is held while the set is refreshed; a call waits for
	// it as long as its context lets it
	lock   chan struct{}
	loaded bool
	vecVersion
	at    map[string]int32 // kindKey → index
	bytes int64
	// snap is what scans read, replaced under lock: a scan runs on the
	// snapshot it took, while the next refresh makes another
	snap atomic.Pointer[vecSnap]

	// accounted is what the cache counts for this set (under vecCache.mu)
	accounted int64
}

// vecSnap is a set's vectors at one version. Later snapshots may share its
// arrays, past its length (appended) only: a vector made again is written
// into a copy.
type vecSnap struct {
	fact  []bool   // owner kind: fact (else episode)
	ids   []string // owner id
	vecs  []float32
	norms []float64 // |v|
}

// vecCache holds the sets, least recently used last.
type vecCache struct {
	mu      sync.Mutex
	entries map[string]*list.Element
	lru     list.List // of *vecSet
	bytes   int64
	loading chan struct{} // slots for whole reads at once (vecLoadsAtOnce)

	hits, loads, deltas, evictions atomic.Int64
}

// vecLoadsAtOnce bounds the whole reads running at once: each briefly holds
// its rows twice.
const vecLoadsAtOnce = 2

// Estimated memory per vector beyond its floats (id string header, map
// entry, norm, kind).
const vecRowBytes = 16 + 8 + 1 + 64

// vcBudgetBytes is the cache's budget in bytes; 0: off.
func (s *Service) vcBudgetBytes() int64 {
	if s.cfg.VectorCacheMB < 0 {
		return 0
	}
	return int64(s.cfg.VectorCacheMB) << 20
}

// vcFits reports whether a member of n vectors of dims goes through the
// cache: the cache is on and the member's copy would take at most a quarter
// of its budget (a bigger one would push out every other member, or not
// fit at all: the SQL scan serves it).
func (s *Service) vcFits(n, dims int) bool {
	budget := s.vcBudgetBytes()
	return budget > 0 && int64(n)*(int64(dims)*4+vecRowBytes+26) <= budget/4
}

// vcSet is the set for member and model, made (empty, not loaded) when
// missing, and marked used.
func (s *Service) vcSet(member, model string, dims int) *vecSet {
	c := &s.vc
	key := member + "|" + model
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*list.Element{}
	}
	if el, ok := c.entries[key]; ok && el.Value.(*vecSet).dims == dims {
		c.lru.MoveToFront(el)
		return el.Value.(*vecSet)
	} else if ok {
		c.bytes -= el.Value.(*vecSet).accounted
		c.lru.Remove(el)
		delete(c.entries, key)
	}
	vs := &vecSet{key: key, dims: dims, lock: make(chan struct{}, 1)}
	c.entries[key] = c.lru.PushFront(vs)
	return vs
}

// vcGrew accounts for delta bytes added to vs and drops the least recently
// used sets (never vs) while the cache is over its budget.
func (s *Service) vcGrew(vs *vecSet, delta int64) {
	c := &s.vc
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[vs.key]; !ok || el.Value.(*vecSet) != vs {
		return // dropped meanwhile: not counted
	}
	c.bytes += delta
	vs.accounted += delta
	budget := s.vcBudgetBytes()
	for c.bytes > budget {
		el := c.lru.Back()
		if el == nil || el.Value.(*vecSet) == vs {
			break
		}
		old := el.Value.(*vecSet)
		c.bytes -= old.accounted
		c.lru.Remove(el)
		delete(c.entries, old.key)
		c.evictions.Add(1)
	}
}

// VectorCacheCollectors are the vector cache's metrics.
func (s *Service) VectorCacheCollectors() []prometheus.Collector {
	c := &s.vc
	counter := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	gauge := func(name, help string, f func(c *vecCache) int64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
			c.mu.Lock()
			defer c.mu.Unlock()
			return float64(f(c))
		})
	}
	return []prometheus.Collector{
		counter("memhive_recall_vector_cache_hits_total", "Exact semantic scans from a member's vectors in memory that needed no read.", &c.hits),
		counter("memhive_recall_vector_cache_loads_total", "Members' vectors read whole into memory.", &c.loads),
		counter("memhive_recall_vector_cache_deltas_total", "Reads of the vectors made ready since a member's copy was read.", &c.deltas),
		counter("memhive_recall_vector_cache_evictions_total", "Members' vectors dropped to stay within vector_cache_mb.", &c.evictions),
		gauge("memhive_recall_vector_cache_bytes", "Estimated memory held by the vector cache.", func(c *vecCache) int64 { return c.bytes }),
		gauge("memhive_recall_vector_cache_members", "Members (and models) whose vectors are held in memory.", func(c *vecCache) int64 { return int64(len(c.entries)) }),
	}
}

// VectorCacheStats reports the semantic leg's vector cache: calls answered
// from a current copy, whole reads, delta reads, and its size.
func (s *Service) VectorCacheStats() (hits, loads, deltas, bytes, members int64) {
	c := &s.vc
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits.Load(), c.loads.Load(), c.deltas.Load(), c.bytes, int64(len(c.entries))
}

// vcRefresh brings vs (locked by the caller) to at least at: whole when
// not loaded or at another epoch or gen, else the vectors numbered above its
// version. A failed read leaves vs as it was.
func (s *Service) vcRefresh(ctx context.Context, vs *vecSet, member, model string, at vecVersion) error {
	if vs.loaded && vs.epoch == at.epoch && vs.gen == at.gen && vs.version >= at.version {
		s.vc.hits.Add(1)
		return nil
	}
	whole := !vs.loaded || vs.epoch != at.epoch || vs.gen != at.gen
	if whole {
		c := &s.vc
		c.mu.Lock()
		if c.loading == nil {
			c.loading = make(chan struct{}, vecLoadsAtOnce)
		}
		slots := c.loading
		c.mu.Unlock()
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	sql := `/* leg:semantic */ SELECT ` + vecEpochSQL + `, v.gen, v.version, NULL::text, NULL::text, NULL::real[]
		FROM (SELECT coalesce(max(gen), 0) AS gen, coalesce(max(version), 0) AS version FROM vector_versions
			WHERE member_id = $1 AND model = $2) v
		UNION ALL
		SELECT NULL, NULL, NULL, m.owner_kind, m.owner_id, m.vec::real[] FROM embeddings m
		WHERE m.member_id = $1 AND m.model = $2 AND m.status = 'ready' AND m.owner_kind IN ('episode', 'fact')`
	args := []any{member, model}
	if !whole {
		sql += ` AND m.vver > $3`
		args = append(args, vs.version)
	}
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return fmt.Errorf("semantic leg: read vectors: %w", err)
	}
	type got struct {
		fact bool
		id   string
		vec  []float32 // nil: the text embedded to nothing (stored NULL)
	}
	var (
		in     []got
		now    vecVersion
		marker bool
	)
	for rows.Next() {
		var e, g, v *int64
		var kind, id *string
		var vec []float32
		if err := rows.Scan(&e, &g, &v, &kind, &id, &vec); err != nil {
			rows.Close()
			return fmt.Errorf("semantic leg: read vectors: %w", err)
		}
		if kind == nil {
			if e == nil || g == nil || v == nil {
				rows.Close()
				return fmt.Errorf("semantic leg: read vectors: no version row")
			}
			now, marker = vecVersion{*e, *g, *v}, true
			continue
		}
		if vec != nil && len(vec) != vs.dims {
			rows.Close()
			return fmt.Errorf("semantic leg: vector of %s:%s has %d dimensions, want %d", *kind, *id, len(vec), vs.dims)
		}
		in = append(in, got{fact: *kind == "fact", id: *id, vec: vec})
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("semantic leg: read vectors: %w", err)
	}
	if !marker {
		return fmt.Errorf("semantic leg: read vectors: no version row")
	}
	if !whole {
		reread := now.epoch != vs.epoch || now.gen != vs.gen // removed meanwhile, or numbered anew
		for _, g := range in {
			if _, held := vs.at[kindKey(g.fact, g.id)]; held && g.vec == nil {
				reread = true // a vector made again as nothing: gone from the scan
			}
		}
		if reread {
			vs.loaded = false
			return s.vcRefresh(ctx, vs, member, model, now)
		}
	}
	before := vs.bytes
	var sn vecSnap
	if whole {
		sn = vecSnap{fact: make([]bool, 0, len(in)), ids: make([]string, 0, len(in)),
			vecs: make([]float32, 0, len(in)*vs.dims), norms: make([]float64, 0, len(in))}
		vs.at = make(map[string]int32, len(in))
		vs.bytes = 0
		s.vc.loads.Add(1)
	} else {
		sn = *vs.snap.Load()
		s.vc.deltas.Add(1)
	}
	copied := false
	for _, g := range in {
		if g.vec == nil {
			continue // NULL: the SQL scan never finds it either
		}
		var n float64
		for _, x := range g.vec {
			n += float64(x) * float64(x)
		}
		k := kindKey(g.fact, g.id)
		if i, ok := vs.at[k]; ok { // a vector made again: replaced, in a copy
			if !copied {
				sn.vecs, sn.norms, copied = slices.Clone(sn.vecs), slices.Clone(sn.norms), true
			}
			copy(sn.vecs[int(i)*vs.dims:], g.vec)
			sn.norms[i] = math.Sqrt(n)
			continue
		}
		vs.at[k] = int32(len(sn.ids))
		sn.fact = append(sn.fact, g.fact)
		sn.ids = append(sn.ids, g.id)
		sn.vecs = append(sn.vecs, g.vec...)
		sn.norms = append(sn.norms, math.Sqrt(n))
		vs.bytes += int64(vs.dims*4+len(g.id)) + vecRowBytes
	}
	vs.snap.Store(&sn)
	vs.loaded, vs.vecVersion = true, now
	s.vcGrew(vs, vs.bytes-before)
	return nil
}

func kindKey(fact bool, id string) string {
	if fact {
		return "f:" + id
	}
	return "e:" + id
}

// vecNear is one vector's distance from the query.
type vecNear struct {
	dist float64
	i    int32
}

// nearest is every vector of sn within maxDist of qv (cosine distance,
// 1 − cos, clamped as pgvector clamps), nearest first, ties by kind
// (episode before fact) and id, as the SQL scan orders them.
func (sn *vecSnap) nearest(qv []float32, maxDist float64) []vecNear {
	var qn float64
	q := make([]float64, len(qv))
	for i, x := range qv {
		q[i] = float64(x)
		qn += q[i] * q[i]
	}
	qn = math.Sqrt(qn)
	var out []vecNear
	d := len(qv)
	for i := range sn.ids {
		v := sn.vecs[i*d : (i+1)*d]
		var dot float64
		for j, x := range v {
			dot += q[j] * float64(x)
		}
		sim := 0.0
		if den := qn * sn.norms[i]; den > 0 {
			sim = max(-1, min(1, dot/den))
		} else {
			sim = math.NaN() // pgvector: NaN for a zero vector, never within a floor
		}
		if dist := 1 - sim; dist <= maxDist {
			out = append(out, vecNear{dist: dist, i: int32(i)})
		}
	}
	slices.SortFunc(out, func(a, b vecNear) int {
		if a.dist != b.dist {
			if a.dist < b.dist {
				return -1
			}
			return 1
		}
		if fa, fb := sn.fact[a.i], sn.fact[b.i]; fa != fb {
			if !fa {
				return -1 // "episode" < "fact"
			}
			return 1
		}
		return strings.Compare(sn.ids[a.i], sn.ids[b.i])
	})
	return out
}

// semanticCached is the exact semantic scan from the member's vectors in
// memory (see the top of this file): at is where the member's vectors
// stood when the call's first statement read them.
func (s *Service) semanticCached(ctx context.Context, q *query, res *legResult, model string, dims int, qv []float32, at vecVersion) (*legResult, error) {
	vs := s.vcSet(q.member, model, dims)
	select {
	case vs.lock <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	err := s.vcRefresh(ctx, vs, q.member, model, at)
	sn := vs.snap.Load()
	<-vs.lock
	if err != nil {
		return nil, err
	}
	near := sn.nearest(qv, 1-s.cfg.SimilarityFloor)
	cands := make([]vecHit, len(near))
	for k, n := range near {
		kind := "episode"
		if sn.fact[n.i] {
			kind = "fact"
		}
		cands[k] = vecHit{kind, sn.ids[n.i], n.dist}
	}
	res.mode = "exact_memory"

	// the gate and the filters, nearest first, batch by batch: each batch's
	// visible rows are read whole (one round trip), in distance order,
	// until the leg has its limit. The first batch is the limit itself (a
	// reader who sees everything needs no more), then doubling: a row read
	// is a row the SQL scan's gate check would have visited too.
	batch := s.cfg.LegLimit
	for from := 0; from < len(cands) && len(res.rows) < s.cfg.LegLimit; {
		to := min(from+batch, len(cands))
		rows, err := s.hitRows(ctx, q, cands[from:to], s.cfg.LegLimit-len(res.rows))
		if err != nil {
			return nil, fmt.Errorf("semantic leg (memory): %w", err)
		}
		res.rows = append(res.rows, rows...)
		from, batch = to, 2*batch
	}
	return res, nil
}
