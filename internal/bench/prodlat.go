package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/node"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/templates"
)

// ProdOptions configure the production-like latency benchmark: a record of
// real conversational text (the LoCoMo turns, re-homed into every member
// with shifted dates), written through the appender, closed session by
// session and passed through nightly, then asked at a steady rate while
// turns keep arriving, all through the node assembly `memhive up` runs.
type ProdOptions struct {
	// VectorCacheMB is the measuring node's vector_cache_mb (0: its
	// default; -1: off, the exact semantic scan in SQL).
	VectorCacheMB int
	Big           int // turns of the one big member (default 100,000)
	Mid           int // members of MidSize turns (default 10)
	MidSize       int // default 10,000
	Small         int // members of SmallSize turns (default 800)
	SmallSize     int // default 1,000
	// EmbedSmall is how many small members get vectors (the big and the
	// mid members always do); questions to small members go to these.
	EmbedSmall int
	Questions  int     // distinct questions, each asked at tiers 0 and 1 of one member of each size (default 300)
	QueryRate  float64 // questions a second, open loop (default 20)
	IngestRate float64 // turns a second published while the questions run (default 100)
	Closers    int     // close-pass workers while building (default 3)
	// CloseAll closes every member's sessions; by default only the members
	// questions go to (the big, the mid and the embedded small ones).
	CloseAll bool
	Embedder string // wink | hash | none
	File     string // LoCoMo file ("" = built in)
	Seed     uint64
	Progress io.Writer
	Logger   *slog.Logger
	// Profile, when set, receives a CPU profile (runtime/pprof) of the
	// measure: the questions and the ingest alongside, not the build.
	Profile io.Writer
}

func (o *ProdOptions) defaults() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.Big, 100000)
	def(&o.Mid, 10)
	def(&o.MidSize, 10000)
	def(&o.Small, 800)
	def(&o.SmallSize, 1000)
	def(&o.Questions, 300)
	def(&o.Closers, 3)
	if o.QueryRate <= 0 {
		o.QueryRate = 20
	}
	if o.IngestRate <= 0 {
		o.IngestRate = 100
	}
	if o.Embedder == "" {
		o.Embedder = "wink"
	}
}

// ProdResult is what the production-like benchmark measured.
type ProdResult struct {
	Date     string             `json:"date"`
	Machine  Machine            `json:"machine"`
	Schema   string             `json:"schema"`
	Members  map[string]int     `json:"members_by_size"`
	Episodes int                `json:"episodes"`
	Facts    int                `json:"facts"`
	Entities int                `json:"entities"`
	Edges    int                `json:"edges"`
	Beliefs  int                `json:"beliefs"`
	Vectors  int                `json:"vectors"`
	Private  float64            `json:"private_share"` // rows heard by the member alone
	Seconds  map[string]float64 `json:"seconds"`
	// Tiers: per tier and member size, p50/p95/p99 ms from the moment each
	// question was due (open loop: a slow answer delays no other question).
	Tiers []ProdTier `json:"tiers"`
	// Legs: tier 1's per-leg wall time (ms) inside the call, per size; and
	// "outside", the call's time outside its legs' longest path.
	Legs       []ProdLeg      `json:"tier1_legs"`
	Missing    map[string]int `json:"tier1_legs_missing"`
	Errors     int            `json:"errors"` // questions that failed (not counted in the percentiles)
	FirstError string         `json:"first_error,omitempty"`
	Ingested   int            `json:"ingested_turns"`
	IngestRate float64        `json:"ingest_rate_achieved"`
	QueryRate  float64        `json:"query_rate_achieved"`
	LoadAvg    string         `json:"loadavg_start"`
	LoadAvgEnd string         `json:"loadavg_end"`
	// BusyCPUs is how many of the machine's CPUs were busy on average while
	// the questions ran (memhive, Postgres and anything else): near the CPU
	// count, calls wait for a CPU and the tails grow.
	BusyCPUs    float64 `json:"busy_cpus"`
	PoolMaxConn int32   `json:"pool_max_conns"`
	// KeywordCache is the keyword cache's counters over the measure
	// (recall/kwcache.go): calls from memory, calls by the SQL path, loads.
	KeywordCache [3]int64 `json:"keyword_cache_hits_misses_loads"`
	// VectorCache is the vector cache's counters over the measure
	// (recall/veccache.go): exact scans from a current copy, whole reads,
	// delta reads.
	VectorCache [3]int64 `json:"vector_cache_hits_loads_deltas"`
	// Tier0Kept and Tier0Resolved count the measured tier-0 calls whose
	// member's profile lines were kept and current, and those that read
	// and resolved the member's facts (recall.Service.Tier0CacheStats).
	Tier0Kept     int64 `json:"tier0_profile_kept"`
	Tier0Resolved int64 `json:"tier0_profile_resolved"`
	// Tier0Snapshot counts the resolved ones made from a current member
	// snapshot (recall.Service.Tier0SnapshotServed).
	Tier0Snapshot int64 `json:"tier0_profile_from_snapshot"`
	// PoolAcquires, PoolWaited and PoolWaitMS are the recall pool's
	// connection acquisitions while the questions ran, how many of them
	// found no idle connection, and the time spent acquiring in all (ms).
	PoolAcquires int64   `json:"pool_acquires"`
	PoolWaited   int64   `json:"pool_acquires_waited"`
	PoolWaitMS   float64 `json:"pool_acquire_ms"`
}

// ProdTier is one tier at one member size.
type ProdTier struct {
	Tier    string     `json:"tier"`
	Size    string     `json:"size"`
	Queries int        `json:"queries"`
	P       [3]float64 `json:"p50_p95_p99"`
	Max     float64    `json:"max"`
	Items   float64    `json:"mean_items"`
}

// ProdLeg is one leg at one member size.
type ProdLeg struct {
	Leg  string     `json:"leg"`
	Size string     `json:"size"`
	P    [3]float64 `json:"p50_p95_p99"`
}

type prodMember struct {
	id, size string
	n        int
	embed    bool
	people   []string // the member's circle
}

func prodMembers(o ProdOptions) []prodMember {
	ms := []prodMember{{id: "life", size: "100k", n: o.Big, embed: true}}
	for i := range o.Mid {
		ms = append(ms, prodMember{id: fmt.Sprintf("mid%02d", i), size: "10k", n: o.MidSize, embed: true})
	}
	for i := range o.Small {
		ms = append(ms, prodMember{id: fmt.Sprintf("m%04d", i), size: "1k", n: o.SmallSize, embed: i < o.EmbedSmall})
	}
	for i := range ms {
		for j := range 4 {
			ms[i].people = append(ms[i].people, fmt.Sprintf("person:%s_friend%d", ms[i].id, j))
		}
	}
	return ms
}

// prodSpan is the record's time span: from 2021 to the start of 2026, or
// to two days before now if that is earlier, so the record is the same
// whenever it is built and dated in the past.
func prodSpan(now time.Time) (start, end time.Time) {
	start = time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	end = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if e := now.Add(-48 * time.Hour); e.Before(end) {
		end = e
	}
	return start, end
}

// prodTurns re-homes the LoCoMo turns into member m: conversations taken in
// a member-dependent order, copy after copy, each session following the
// one before after its conversation's own gap (an hour to a month); the
// member speaks for one side. About a third
// of the sessions are heard by the member alone, the rest by the member
// and one to three of their people. Text and session structure are real.
// A member whose copies would run past end (the big members: a hundred
// LoCoMo conversations run for a century) has its sessions' starts
// compressed linearly into [start, end), so every turn is dated in the
// past, as the appender requires (episodes.MaxFutureSkew); turns keep
// their second-apart spacing inside a session and their order.
func prodTurns(samples []locomo.Sample, m prodMember, start, end time.Time, seed uint64) []lanes.Turn {
	out, pos := prodTurnsUnfitted(samples, m, start, seed)
	last, lastSess, inMax := start, start, time.Duration(0)
	for i, t := range out {
		in := time.Duration(pos[i]) * time.Second
		if t.At.After(last) {
			last = t.At
		}
		if s := t.At.Add(-in); s.After(lastSess) {
			lastSess = s
		}
		inMax = max(inMax, in)
	}
	if !last.After(end) {
		return out
	}
	// Session starts go into [start, end-inMax], so a session's last turn
	// is still before end.
	f := float64(end.Add(-inMax).Sub(start)) / float64(lastSess.Sub(start))
	for i := range out {
		in := time.Duration(pos[i]) * time.Second
		sess := out[i].At.Add(-in)
		out[i].At = start.Add(time.Duration(float64(sess.Sub(start))*f) + in).Truncate(time.Millisecond)
	}
	return out
}

// prodTurnsUnfitted is prodTurns before the fitting; pos[i] is turn i's
// place in its session.
func prodTurnsUnfitted(samples []locomo.Sample, m prodMember, start time.Time, seed uint64) ([]lanes.Turn, []int) {
	r := rand.New(rand.NewPCG(seed, uint64(len(m.id))*7919+uint64(m.n)))
	var out []lanes.Turn
	var pos []int
	at := start // the next session's start
	member := "member:" + m.id
	for copyN := 0; len(out) < m.n; copyN++ {
		s := samples[(copyN+int(r.IntN(len(samples))))%len(samples)]
		for si, se := range s.Sessions {
			aud := []string{member}
			if r.IntN(3) != 0 {
				k := 1 + r.IntN(3)
				perm := r.Perm(len(m.people))
				for _, p := range perm[:k] {
					aud = append(aud, m.people[p])
				}
			}
			aud = sortedAudience(aud)
			other := aud[len(aud)-1]
			if other == member {
				other = "assistant:talky"
			}
			sid := fmt.Sprintf("c%d-s%d", copyN, se.N)
			channel := []string{"chat:main", "chat:family", "voice:car"}[se.N%3]
			for i, t := range se.Turns {
				speaker := member
				if t.Speaker != s.SpeakerA {
					speaker = other
				}
				text := t.Text
				if t.Caption != "" {
					text += " [shares a photo: " + t.Caption + "]"
				}
				out = append(out, lanes.Turn{Session: sid, Channel: channel, Audience: aud, Role: "user", Speaker: speaker,
					Text: text, At: at.Add(time.Duration(i) * time.Second)})
				pos = append(pos, i)
				if len(out) == m.n {
					return out, pos
				}
			}
			// The next session follows after the conversation's own gap,
			// kept between an hour and a month; a week between copies.
			gap := 7 * 24 * time.Hour
			if si+1 < len(s.Sessions) {
				gap = min(max(s.Sessions[si+1].Start.Sub(se.Start), time.Hour), 30*24*time.Hour)
			}
			at = at.Add(max(gap, time.Duration(len(se.Turns))*time.Second))
		}
	}
	return out, pos
}

func sortedAudience(a []string) []string {
	sort.Strings(a)
	return a
}

// prodNode starts the node assembly of `memhive up` over the benchmark's
// schema with an embedded NATS in a temporary data directory.
func prodNode(ctx context.Context, db *DB, embedder string, vectorCacheMB int, logger *slog.Logger) (*node.Node, func(), error) {
	dir, err := os.MkdirTemp("", "memhive-bench-")
	if err != nil {
		return nil, nil, err
	}
	tmpl := dir + "/hive.json"
	// the hive template memhive ships, but no idle closes and no clock:
	// the benchmark closes and runs nightly itself while building
	h, err := templates.LoadHive("")
	if err != nil {
		return nil, nil, err
	}
	for _, c := range []string{"closer", "clock"} {
		cc := h.Cells[c]
		cc.Enabled = false
		h.Cells[c] = cc
	}
	body, err := json.Marshal(h)
	if err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(tmpl, body, 0o600); err != nil {
		return nil, nil, err
	}
	sep := "?"
	if strings.Contains(db.url, "?") {
		sep = "&"
	}
	cfg := (&config.Config{DataDir: dir, DatabaseURL: db.url + sep + "search_path=" + db.Schema + ",public",
		HTTPAddr: "127.0.0.1:0", Embedder: embedder, HiveTemplate: tmpl, VectorCacheMB: vectorCacheMB}).WithDefaults()
	// recall's statements are timed by the leg that sent them (Tracer)
	n, err := node.Start(node.WithRecallTracer(ctx, Tracer{}), cfg, logger)
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	stop := func() { n.Stop(context.Background()); os.RemoveAll(dir) }
	// the appender cell creates the episode stream as it starts
	for deadline := time.Now().Add(30 * time.Second); ; {
		if _, err := n.JS.Stream(ctx, lanes.EpisodeStream); err == nil {
			break
		}
		if time.Now().After(deadline) {
			stop()
			return nil, nil, fmt.Errorf("the node's episode stream did not appear within 30s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return n, stop, nil
}

// BuildProduction builds the record: every member's turns published on the
// lanes and written by the node's appender, every session closed, one
// nightly pass, vectors for the members that get them.
func BuildProduction(ctx context.Context, db *DB, o ProdOptions, res *ProdResult) error {
	o.defaults()
	progress := func(format string, args ...any) {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, format+"\n", args...)
		}
	}
	samples, err := locomo.Load(o.File)
	if err != nil {
		return err
	}
	members := prodMembers(o)
	total := 0
	for _, m := range members {
		total += m.n
	}
	n, stop, err := prodNode(ctx, db, "none", o.VectorCacheMB, o.Logger)
	if err != nil {
		return err
	}
	t0 := time.Now()
	var failed atomic.Int64
	c, err := lanes.NewClient(ctx, n.NC, lanes.ClientOptions{OnError: func(e *lanes.PublishError) { failed.Add(1) }})
	if err != nil {
		stop()
		return err
	}
	start, end := prodSpan(time.Now())
	for i, m := range members {
		for _, t := range prodTurns(samples, m, start, end, o.Seed+uint64(i)) {
			for {
				err := c.Publish(m.id, t)
				if err == nil {
					break
				}
				if !errors.Is(err, lanes.ErrBufferFull) {
					c.Close()
					stop()
					return err
				}
				time.Sleep(20 * time.Millisecond) // the client drains its buffer in the background
			}
		}
	}
	c.Close()
	for last := -1; ; {
		var got, refused int
		var why string
		if err := db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM episodes), (SELECT count(*) FROM refusals),
			coalesce((SELECT code || ': ' || message FROM refusals LIMIT 1), '')`).Scan(&got, &refused, &why); err != nil {
			stop()
			return err
		}
		if refused > 0 {
			// A refused turn never becomes an episode: waiting would never end.
			stop()
			return fmt.Errorf("the appender refused %d of the record's turns (%d written so far), e.g. %s", refused, got, why)
		}
		if got+int(failed.Load()) >= total {
			break
		}
		if got != last {
			progress("appended %d/%d turns", got, total)
			last = got
		}
		select {
		case <-ctx.Done():
			stop()
			return ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
	stop()
	if f := failed.Load(); f > 0 {
		return fmt.Errorf("%d turns were refused or failed to publish", f)
	}
	res.Seconds["append"] = time.Since(t0).Seconds()
	progress("appended %d turns through the lanes (%.0fs)", total, res.Seconds["append"])
	if _, err := db.Pool.Exec(ctx, `VACUUM ANALYZE`); err != nil {
		return err
	}

	// close every session, a few at a time
	t0 = time.Now()
	// the members questions go to (big, mid, embedded small) have every
	// session closed; with CloseAll, everyone (slow: the close pass runs
	// at tens of sessions a second on two cores)
	var asked []string
	for _, m := range members {
		if o.CloseAll || m.embed || o.Embedder == "none" {
			asked = append(asked, m.id)
		}
	}
	rows, err := db.Pool.Query(ctx, `SELECT DISTINCT member_id, session_id, channel FROM episodes
		WHERE member_id = ANY($1) ORDER BY 1, 2, 3`, asked)
	if err != nil {
		return err
	}
	var reqs []closer.Request
	var r closer.Request
	if _, err := pgx.ForEachRow(rows, []any{&r.Member, &r.Session, &r.Channel}, func() error {
		r.Reason = "explicit"
		reqs = append(reqs, r)
		return nil
	}); err != nil {
		return err
	}
	work := make(chan closer.Request)
	var wg sync.WaitGroup
	var done atomic.Int64
	var cerr atomic.Value
	for range o.Closers {
		wg.Go(func() {
			for r := range work {
				if _, err := closer.Close(ctx, db.Pool, extract.Patterns{}, r, nil); err != nil {
					cerr.Store(err)
				}
				if d := done.Add(1); d%5000 == 0 {
					progress("closed %d/%d sessions", d, len(reqs))
				}
			}
		})
	}
	for _, r := range reqs {
		work <- r
	}
	close(work)
	wg.Wait()
	if err, _ := cerr.Load().(error); err != nil {
		return fmt.Errorf("close: %w", err)
	}
	res.Seconds["close"] = time.Since(t0).Seconds()
	progress("closed %d sessions (%.0fs)", len(reqs), res.Seconds["close"])

	t0 = time.Now()
	if _, err := nightly.Run(ctx, db.Pool, nightly.Options{Now: time.Now()}); err != nil {
		return fmt.Errorf("nightly: %w", err)
	}
	res.Seconds["nightly"] = time.Since(t0).Seconds()
	progress("nightly pass (%.0fs)", res.Seconds["nightly"])

	emb, closeEmb, err := NewEmbedder(o.Embedder)
	if err != nil {
		return err
	}
	defer closeEmb()
	if emb != nil {
		t0 = time.Now()
		for _, m := range members {
			if m.embed {
				k, err := copyVectors(ctx, db.Pool, emb, m.id)
				if err != nil {
					return err
				}
				res.Vectors += k
			}
		}
		if _, err := db.Pool.Exec(ctx, `SET maintenance_work_mem = '512MB'`); err != nil {
			return err
		}
		// the members the semantic leg searches through the HNSW index
		// (as the node's drainer would put them there), before it is built
		if _, err := embed.IndexMembers(ctx, db.Pool, emb.Model(), recall.Config{}.WithDefaults().ExactVectorBelow); err != nil {
			return err
		}
		if err := embed.Register(ctx, db.Pool, emb, true); err != nil {
			return err
		}
		res.Seconds["vectors"] = time.Since(t0).Seconds()
		progress("%d vectors and their index (%.0fs)", res.Vectors, res.Seconds["vectors"])
	}
	_, err = db.Pool.Exec(ctx, `VACUUM ANALYZE`)
	return err
}

type prodProbe struct {
	member prodMember
	tier   string
	query  string
	aud    []string
	due    time.Time
	took   time.Duration
	items  int
	legs   map[string]float64
	sql    map[string]float64 // tier 1: statement time (ms) by the tag of the leg that sent it (Tracer)
	start  float64            // ms from due to the call's start
	miss   []string
	err    error
}

// RunProduction starts the node assembly over the built record and, while
// o.IngestRate turns a second arrive on the lanes, asks o.Questions
// questions at tiers 0 and 1 of one member of each size, o.QueryRate a
// second, open loop.
func RunProduction(ctx context.Context, db *DB, o ProdOptions, res *ProdResult) error {
	o.defaults()
	samples, err := locomo.Load(o.File)
	if err != nil {
		return err
	}
	var questions []string
	for _, s := range samples {
		for _, q := range s.Questions {
			questions = append(questions, q.Text)
		}
	}
	members := prodMembers(o)
	bySize := map[string][]prodMember{}
	for _, m := range members {
		if m.embed || o.Embedder == "none" {
			bySize[m.size] = append(bySize[m.size], m)
		}
	}
	res.Members = map[string]int{}
	for _, m := range members {
		res.Members[m.size]++
	}
	_ = db.Pool.QueryRow(ctx, `SELECT count(*), coalesce(avg((cardinality(audience) = 1)::int), 0) FROM episodes`).Scan(&res.Episodes, &res.Private)
	_ = db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM facts), (SELECT count(*) FROM entities), (SELECT count(*) FROM entity_edges),
		(SELECT count(*) FROM beliefs), (SELECT count(*) FROM embeddings WHERE status = 'ready')`).Scan(&res.Facts, &res.Entities, &res.Edges, &res.Beliefs, &res.Vectors)

	n, stop, err := prodNode(ctx, db, o.Embedder, o.VectorCacheMB, o.Logger)
	if err != nil {
		return err
	}
	defer stop()
	res.PoolMaxConn = n.RecallPool.Config().MaxConns // the read path's own pool (recall runs on it)
	r := rand.New(rand.NewPCG(o.Seed+11, 3))
	var probes []*prodProbe
	for range o.Questions {
		q := questions[r.IntN(len(questions))]
		for _, size := range []string{"100k", "10k", "1k"} {
			ms := bySize[size]
			if len(ms) == 0 {
				continue
			}
			m := ms[r.IntN(len(ms))]
			aud := []string{"member:" + m.id}
			if r.IntN(2) == 0 { // the member with one of their people
				aud = sortedAudience(append(aud, m.people[r.IntN(len(m.people))]))
			}
			for _, tier := range []string{"0", "1"} {
				probes = append(probes, &prodProbe{member: m, tier: tier, query: q, aud: aud})
			}
		}
	}
	r.Shuffle(len(probes), func(i, j int) { probes[i], probes[j] = probes[j], probes[i] })
	now := time.Now()
	ask := func(ctx context.Context, p *prodProbe) {
		var mu sync.Mutex
		legs := map[string]float64{}
		ctx = recall.WithLegTimer(ctx, func(leg string, took time.Duration) {
			mu.Lock()
			legs[leg] = float64(took.Microseconds()) / 1000
			mu.Unlock()
		})
		lt := newLegTimes()
		ctx = context.WithValue(ctx, legTimesKey{}, lt)
		p.start = float64(time.Since(p.due).Microseconds()) / 1000
		a, err := n.Recall.Recall(ctx, recall.Request{Member: p.member.id, Query: p.query, Tier: p.tier, Audience: p.aud,
			Channel: "chat:family", Session: "c0-s1", AsOf: &now})
		p.took = time.Since(p.due)
		if err != nil {
			p.err = err
			return
		}
		p.items = len(a.Items)
		if p.tier == "1" {
			mu.Lock()
			p.legs = legs
			mu.Unlock()
			lt.mu.Lock()
			p.sql = map[string]float64{}
			for tag, d := range lt.d {
				p.sql[tag] = float64(d.Microseconds()) / 1000
			}
			lt.mu.Unlock()
			for _, l := range a.Legs {
				if l.Missing != "" {
					p.miss = append(p.miss, l.Leg+": "+l.Missing)
				}
			}
		}
	}
	// warm up (not counted): a long-running process holds the keyword
	// indexes (recall/kwcache.go) of the members it answers, so every member
	// the measure asks is asked first, at both tiers, until a round starts
	// no index load (one load runs at a time; a call that finds another
	// loading does not start one, so a round may leave members behind);
	// loads during the measure would be a process's first minutes, not its
	// steady state
	waitLoads := func() {
		for t := time.Now(); n.Recall.KeywordCacheLoading() > 0 && time.Since(t) < 2*time.Minute; {
			time.Sleep(50 * time.Millisecond)
		}
	}
	warm := map[string]*prodProbe{}
	var warmOrder []string
	for _, p := range probes {
		k := p.member.id + "|" + p.tier
		if warm[k] == nil {
			warm[k] = p
			warmOrder = append(warmOrder, k)
		}
	}
	for round := 0; round < 6; round++ {
		_, _, before, _, _ := n.Recall.KeywordCacheStats()
		for _, k := range warmOrder {
			w := *warm[k]
			w.due = time.Now()
			ask(ctx, &w)
			waitLoads()
		}
		if _, _, after, _, _ := n.Recall.KeywordCacheStats(); after == before {
			break
		}
	}
	kwHits, kwMisses, kwLoads, _, _ := n.Recall.KeywordCacheStats()
	vcHits, vcLoads, vcDeltas, _, _ := n.Recall.VectorCacheStats()
	defer func() {
		h, m, l, _, _ := n.Recall.KeywordCacheStats()
		res.KeywordCache = [3]int64{h - kwHits, m - kwMisses, l - kwLoads}
		h, l, d, _, _ := n.Recall.VectorCacheStats()
		res.VectorCache = [3]int64{h - vcHits, l - vcLoads, d - vcDeltas}
	}()

	// described before the ingest starts, so the host's costs are its own
	res.Machine = DescribeMachine(ctx, db.Pool)

	// ingest alongside
	ictx, icancel := context.WithCancel(ctx)
	defer icancel()
	var ingested atomic.Int64
	var iwg sync.WaitGroup
	client, err := lanes.NewClient(ctx, n.NC, lanes.ClientOptions{})
	if err != nil {
		return err
	}
	defer client.Close()
	var turns []lanes.Turn
	for _, s := range samples[:2] {
		turns = append(turns, s.Turns()...)
	}
	iwg.Go(func() {
		tick := time.NewTicker(time.Duration(float64(time.Second) / o.IngestRate))
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-ictx.Done():
				return
			case <-tick.C:
			}
			m := members[r2(i, len(members))]
			t := turns[i%len(turns)]
			t.ID, t.At, t.Session, t.Channel = "", time.Now(), "live", "chat:main"
			t.Audience, t.Speaker, t.Role = []string{"member:" + m.id}, "member:"+m.id, "user"
			if client.Publish(m.id, t) == nil {
				ingested.Add(1)
			}
		}
	})

	res.LoadAvg = LoadAvg()
	busy0, total0 := CPUTime()
	kept0, resolved0 := n.Recall.Tier0CacheStats()
	snap0 := n.Recall.Tier0SnapshotServed()
	ps0 := n.RecallPool.Stat()
	if o.Profile != nil {
		if err := pprof.StartCPUProfile(o.Profile); err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	t0 := time.Now()
	interval := time.Duration(float64(time.Second) / o.QueryRate)
	var wg sync.WaitGroup
	for i, p := range probes {
		p.due = t0.Add(time.Duration(i) * interval)
		if d := time.Until(p.due); d > 0 {
			time.Sleep(d)
		}
		wg.Go(func() { ask(ctx, p) })
		if o.Progress != nil && i%300 == 0 {
			fmt.Fprintf(o.Progress, "asked %d/%d (load %s)\n", i, len(probes), LoadAvg())
		}
	}
	wg.Wait()
	elapsed := time.Since(t0)
	kept1, resolved1 := n.Recall.Tier0CacheStats()
	res.Tier0Kept, res.Tier0Resolved = kept1-kept0, resolved1-resolved0
	res.Tier0Snapshot = n.Recall.Tier0SnapshotServed() - snap0
	ps1 := n.RecallPool.Stat()
	res.PoolAcquires = ps1.AcquireCount() - ps0.AcquireCount()
	res.PoolWaited = ps1.EmptyAcquireCount() - ps0.EmptyAcquireCount()
	res.PoolWaitMS = float64((ps1.AcquireDuration() - ps0.AcquireDuration()).Microseconds()) / 1000
	icancel()
	iwg.Wait()
	res.LoadAvgEnd = LoadAvg()
	busy1, total1 := CPUTime()
	res.BusyCPUs = BusyCPUs(busy0, total0, busy1, total1, res.Machine.CPUs)
	res.Ingested = int(ingested.Load())
	res.IngestRate = float64(res.Ingested) / elapsed.Seconds()
	res.QueryRate = float64(len(probes)) / elapsed.Seconds()
	res.Seconds["questions"] = elapsed.Seconds()
	res.Missing = map[string]int{}
	for _, tier := range []string{"0", "1"} {
		for _, size := range []string{"100k", "10k", "1k"} {
			var ds []time.Duration
			var items int
			var mx time.Duration
			for _, p := range probes {
				if p.tier != tier || p.member.size != size {
					continue
				}
				if p.err != nil {
					res.Errors++
					continue
				}
				ds, items, mx = append(ds, p.took), items+p.items, max(mx, p.took)
				for _, m := range p.miss {
					res.Missing[size+" "+m]++
				}
			}
			if len(ds) == 0 {
				continue
			}
			res.Tiers = append(res.Tiers, ProdTier{Tier: tier, Size: size, Queries: len(ds), P: Percentiles(ds),
				Max: float64(mx.Microseconds()) / 1000, Items: float64(items) / float64(len(ds))})
		}
	}
	// "outside" is the call's time outside its legs' longest path (the
	// context list runs after the keyword leg, the others alongside):
	// waiting to start, fusion, the version chains, rendering
	outside := func(p *prodProbe) float64 {
		crit := p.legs[recall.LegKeyword] + p.legs[recall.LegContext]
		for _, l := range []string{recall.LegSemantic, recall.LegGraph, recall.LegTemporal, recall.LegSelf} {
			crit = max(crit, p.legs[l])
		}
		return max(0, float64(p.took.Microseconds())/1000-crit)
	}
	// and, inside "outside": "start", the wait from when the call was due
	// to when it began; and "sql:<tag>", the call's statement time by the
	// tag of the part that sent it (Tracer: "fold", "other" for the
	// version chains, "people" for the named sessions, …), summed
	tags := map[string]bool{}
	for _, p := range probes {
		for tag := range p.sql {
			tags["sql:"+tag] = true
		}
	}
	parts := []string{recall.LegKeyword, recall.LegSemantic, recall.LegGraph, recall.LegTemporal, recall.LegSelf, recall.LegContext, "outside", "start"}
	for _, tag := range slices.Sorted(maps.Keys(tags)) {
		parts = append(parts, tag)
	}
	for _, leg := range parts {
		for _, size := range []string{"100k", "10k", "1k"} {
			var ds []time.Duration
			for _, p := range probes {
				if p.tier == "1" && p.member.size == size && p.legs != nil {
					ms := p.legs[leg]
					switch {
					case leg == "outside":
						ms = outside(p)
					case leg == "start":
						ms = p.start
					case strings.HasPrefix(leg, "sql:"):
						ms = p.sql[strings.TrimPrefix(leg, "sql:")]
					}
					ds = append(ds, time.Duration(ms*float64(time.Millisecond)))
				}
			}
			if len(ds) > 0 {
				res.Legs = append(res.Legs, ProdLeg{Leg: leg, Size: size, P: Percentiles(ds)})
			}
		}
	}
	for _, p := range probes {
		if p.err != nil { // counted above; the first one is named
			res.FirstError = fmt.Sprintf("%s tier %s: %v", p.member.id, p.tier, p.err)
			break
		}
	}
	return nil
}

// r2 spreads the live turns over the members (a cheap deterministic hash).
func r2(i, n int) int { return int((uint64(i)*0x9e3779b97f4a7c15)>>33) % n }
