package recall

import (
	"container/list"
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive/facts"
	audgate "github.com/memhive/memhive/gate"
)

// Bounds of the tier-0 profile cache: how many (member, reader) entries and
// how many derived lines in all it keeps before dropping the least recently
// used.
const (
	tier0CacheEntries = 1024
	tier0CacheLines   = 200_000
)

// tier0Cache keeps, per member and reader (the gate's values, and whether
// as_of was given), the profile lines derived from the facts in force
// (inForceLines, in the profile's order, each with its fact), so that tier 0 need not read and resolve every
// fact about the member on every call. An entry is current while
//   - the member's record version (migration 021: bumped in the writer's
//     transaction by every statement on facts, beliefs, aliases and
//     predicate_cardinality) is the one it was made at: the version is read
//     in the same round trip as the rest of tier 0, so a write through any
//     process is seen at the next call; and
//   - as_of is within [from, until): from is the as_of it was resolved at,
//     until the first later instant at which a fact about the member
//     becomes valid or a fact read stops being valid, the only two ways
//     time alone changes which facts are in force (facts.Rule).
//
// The zero value is ready to use.
type tier0Cache struct {
	mu      sync.Mutex
	off     bool // tests and benchmarks: never keep (the path before the cache)
	entries map[t0Key]*list.Element
	lru     list.List // of *t0Entry, most recent first
	lines   int
	hits    atomic.Int64
	misses  atomic.Int64

	// member snapshots (t0Snap), by member, most recent first
	snaps     map[string]*list.Element
	snapLRU   list.List
	snapFacts int
	snapHits  atomic.Int64 // misses of the kept lines served by a current snapshot
	snapMax   int          // tests: replaces t0SnapMax when > 0
}

// maxSnap is the most facts about one member a snapshot holds.
func (c *tier0Cache) maxSnap() int {
	if c.snapMax > 0 {
		return c.snapMax
	}
	return t0SnapMax
}

type t0Key struct {
	member    string
	gate      string
	asOfGiven bool
}

type t0Entry struct {
	key         t0Key
	version     int64
	from, until time.Time // until zero: no end
	lines       []profileLine
	// beliefs are the written profile lines (beliefs) the reader was given
	// at version: they too follow the record version (migration 021), and
	// hold no time of their own, so a current entry serves them as well.
	beliefs []profileLine
}

// cacheable reports whether q's profile lines may be kept: not when the
// reader's scope has a since date, whose gate reads the sessions table,
// which the record version does not follow.
func cacheable(q *query) bool { return q.gate.g.Scope.Since == nil }

func tier0Key(q *query) t0Key {
	return t0Key{member: q.member, gate: fmt.Sprintf("%#v", q.gate.g.Args()), asOfGiven: q.asOfGiven}
}

// lookup returns q's key and the entry that may serve q at its as_of, if
// any (its version is checked against the database's by the caller).
func (c *tier0Cache) lookup(q *query) (t0Key, *t0Entry) {
	k := tier0Key(q)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.off || c.entries == nil || !cacheable(q) {
		return k, nil
	}
	el, ok := c.entries[k]
	if !ok {
		return k, nil
	}
	e := el.Value.(*t0Entry)
	if q.asOf.Before(e.from) || !e.until.IsZero() && !q.asOf.Before(e.until) {
		return k, nil
	}
	c.lru.MoveToFront(el)
	return k, e
}

// keep stores the derived lines (sorted) resolved for q at version, read
// with fs (the facts they were resolved from) and next (the first
// valid_from after as_of of a fact about the member, nil for none).
func (s *Service) keepProfile(k t0Key, q *query, version int64, beliefs, derived []profileLine, fs []*profileFact, next *time.Time) {
	c := &s.t0
	if c.off || len(derived) > tier0CacheLines || !cacheable(q) {
		return
	}
	var until time.Time
	if next != nil {
		until = *next
	}
	for _, f := range fs {
		if u := f.v.ValidUntil; u != nil && u.After(q.asOf) && (until.IsZero() || u.Before(until)) {
			until = *u
		}
	}
	// A kept line keeps its fact (a copy, so that the facts read that are
	// not in force are not kept with it), not the line made from it: a
	// line's statement and id are made when it may be shown (profile), a
	// handful a call, not every line at once on a miss (2,900 on the latency
	// benchmark's 100,000-turn member, most of the miss's time in Go).
	lines := make([]profileLine, len(derived))
	for i, l := range derived {
		if f := l.fact; f.line == nil {
			l.fact = &profileFact{r: f.r, v: f.v, kind: f.kind, audience: f.audience, line: new(atomic.Pointer[row])}
		} // else a snapshot's fact: kept as it is, its memo shared with the snapshot's other readers
		lines[i] = l
	}
	e := &t0Entry{key: k, version: version, from: q.asOf, until: until, lines: lines, beliefs: slices.Clone(beliefs)}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[t0Key]*list.Element{}
	}
	if el, ok := c.entries[k]; ok {
		old := el.Value.(*t0Entry)
		if old.version > version {
			return // a newer one was kept meanwhile
		}
		c.lines -= len(old.lines)
		c.lru.Remove(el)
		delete(c.entries, k)
	}
	c.entries[k] = c.lru.PushFront(e)
	c.lines += len(lines)
	for c.lru.Len() > tier0CacheEntries || c.lines > tier0CacheLines {
		el := c.lru.Back()
		old := el.Value.(*t0Entry)
		c.lru.Remove(el)
		delete(c.entries, old.key)
		c.lines -= len(old.lines)
	}
}

// Tier0CacheStats reports how many tier-0 (and tier-2 profile) reads found
// their member's profile lines kept and current, and how many did not.
func (s *Service) Tier0CacheStats() (hits, misses int64) {
	return s.t0.hits.Load(), s.t0.misses.Load()
}

// Tier0SnapshotServed reports how many of the reads that did not find
// their profile lines kept were made from a current member snapshot
// instead of the reader's own statements.
func (s *Service) Tier0SnapshotServed() int64 { return s.t0.snapHits.Load() }

// Tier0CacheCollectors are the kept profile lines' counters for a
// Prometheus registry: memhive_recall_tier0_profile_kept_total (calls that
// used kept lines) and memhive_recall_tier0_profile_resolved_total (calls
// that read and resolved the member's facts) and
// memhive_recall_tier0_profile_snapshot_total (those of them made from the
// member's snapshot).
func (s *Service) Tier0CacheCollectors() []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "memhive_recall_tier0_profile_kept_total",
			Help: "Tier-0 and tier-2 profile reads served by the kept in-force lines (record version unchanged).",
		}, func() float64 { return float64(s.t0.hits.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "memhive_recall_tier0_profile_resolved_total",
			Help: "Tier-0 and tier-2 profile reads that read and resolved the member's facts (nothing kept, or kept lines out of date).",
		}, func() float64 { return float64(s.t0.misses.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "memhive_recall_tier0_profile_snapshot_total",
			Help: "Of the resolved tier-0 and tier-2 profile reads, those gated and resolved from the member's kept facts (a current snapshot) rather than read in SQL.",
		}, func() float64 { return float64(s.t0.snapHits.Load()) }),
	}
}

// Bounds of the member snapshots: how many members and how many facts in
// all they keep (a kept fact takes about 950 bytes with its row, so about
// 47 MB at most), and the most facts about one member a snapshot holds (a
// member with more is read per reader, in SQL, as before).
const (
	t0SnapMembers = 256
	t0SnapFacts   = 50_000
	t0SnapMax     = 20_000
)

// t0Snap is every fact about a member that is not retracted, read once for
// all readers at a record version, each with what the gate reads of it
// (gate.Row), in the order the reader's statement gives (valid_from,
// recorded_at, id), and the predicate axes at that version. A reader whose
// profile lines are not kept is gated and resolved from it in memory
// (Gate.Shows, which decides as the SQL predicate does), so that a member
// asked by a new audience, on a new channel or by another assistant does
// not have every fact about them read again: on the latency benchmark's
// 100,000-turn member each reader's first call read and scanned up to
// 5,000 facts. Facts are shared by the snapshot's readers, their
// profile-line memo (profileFact.line) with them.
type t0Snap struct {
	member  string
	version int64
	facts   []snapFact
	axes    *facts.Axes
	// tooBig: the member had more than t0SnapMax facts about them at
	// version; no snapshot is made for them (facts are never deleted, so
	// it stays too big), and each reader reads its own in SQL.
	tooBig bool
}

type snapFact struct {
	profileFact
	g audgate.Row
}

// snapshot returns the member's snapshot, current or not (the caller
// compares its version with the database's), or nil.
func (c *tier0Cache) snapshot(member string) *t0Snap {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.off || c.snaps == nil {
		return nil
	}
	el, ok := c.snaps[member]
	if !ok {
		return nil
	}
	c.snapLRU.MoveToFront(el)
	return el.Value.(*t0Snap)
}

// keepSnapshot stores sn unless a newer one of its member is kept.
func (c *tier0Cache) keepSnapshot(sn *t0Snap) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.off {
		return
	}
	if c.snaps == nil {
		c.snaps = map[string]*list.Element{}
	}
	if el, ok := c.snaps[sn.member]; ok {
		old := el.Value.(*t0Snap)
		if old.version > sn.version {
			return
		}
		c.snapFacts -= len(old.facts)
		c.snapLRU.Remove(el)
	}
	c.snaps[sn.member] = c.snapLRU.PushFront(sn)
	c.snapFacts += len(sn.facts)
	for c.snapLRU.Len() > t0SnapMembers || c.snapFacts > t0SnapFacts {
		el := c.snapLRU.Back()
		old := el.Value.(*t0Snap)
		c.snapLRU.Remove(el)
		delete(c.snaps, old.member)
		c.snapFacts -= len(old.facts)
	}
}

// reader is what the reader's own statement would have read from the
// snapshot: the facts the gate shows that are valid at as_of, the first
// 5,000 in order, and the first valid_from after as_of of any fact about
// the member (nil for none).
func (sn *t0Snap) reader(q *query) (fs []*profileFact, next *time.Time) {
	n := sort.Search(len(sn.facts), func(i int) bool { return sn.facts[i].v.ValidFrom.After(q.asOf) })
	if n < len(sn.facts) {
		next = &sn.facts[n].v.ValidFrom
	}
	for i := range sn.facts[:n] {
		f := &sn.facts[i]
		if ok, _ := q.gate.g.Shows(audgate.Facts, f.g); ok {
			if fs = append(fs, &f.profileFact); len(fs) == t0ReaderFacts {
				break
			}
		}
	}
	return fs, next
}
