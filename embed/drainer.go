package embed

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultBuildMemory is the maintenance_work_mem (at least) an HNSW index
// is built with: enough for about a million 100-dimension vectors in
// pgvector's in-memory build; past it the build goes on disk, slower.
const DefaultBuildMemory = "1GB"

// DrainerConfig configures a Drainer.
type DrainerConfig struct {
	// Batch is the most rows embedded per round. Default 64.
	Batch int
	// IndexPool drops and builds the model's index for a bulk backlog
	// (BulkBacklog): it must be the index's owner. Default the drainer's
	// own pool.
	IndexPool *pgxpool.Pool
	// Idle is the wait between polls when the queue is empty. Default 1s.
	Idle time.Duration
	// MinBackoff is the first wait after an embedder or database error; it
	// doubles up to MaxBackoff while errors go on. Defaults 500ms and 30s.
	MinBackoff time.Duration
	MaxBackoff time.Duration
	// ActivateWhenDrained makes the drainer's model the active one as soon
	// as none of its rows is queued (see ActivateIfDrained). Default false.
	ActivateWhenDrained bool
	// PrevTurns and PrevTurnWeight give an episode's vector its context:
	// an episode is embedded as unit(v(turn)) + w·Σ unit(v(p)) over the
	// PrevTurns turns just before it in its session, normalised, each p used
	// only when everyone who may see the episode may see p too (see
	// Drainer). A reply ("Their name is Luna.") means little without what
	// it answers. Defaults 2 and 1; PrevTurns < 0 or PrevTurnWeight < 0:
	// no context.
	PrevTurns      int
	PrevTurnWeight float64
	// ContextGap is how long before an episode a previous turn may have
	// happened and still count as its context: a reply follows what it
	// answers within minutes; a turn an hour later has moved on. Default
	// 10 minutes.
	ContextGap time.Duration
	// Workers is how many rounds run at once (each its own transaction
	// and connection; SKIP LOCKED keeps them apart), so that one round
	// embeds in Go while another waits on Postgres. Default 2.
	Workers int
	// BulkBacklog: when at least this many of the model's rows are queued,
	// and at least as many as are already ready, the drainer drops the
	// model's HNSW index (DROP INDEX CONCURRENTLY), embeds the backlog
	// without maintaining it, then builds it again (CREATE INDEX
	// CONCURRENTLY, with BuildMemory as maintenance_work_mem), since one
	// build costs far less than as many graph inserts (see doc.go and
	// BENCHMARKS.md). Writes never wait on either statement; meanwhile the
	// semantic leg scans exactly. Default 20,000; negative: never.
	BulkBacklog int
	// BuildMemory is maintenance_work_mem for the index build: the graph
	// must fit in it for pgvector's in-memory build (about 1 KB a
	// 100-dimension row). Default DefaultBuildMemory; a larger server
	// setting is kept.
	BuildMemory string
	// IndexFrom is how many ready vectors a member has when its vectors
	// enter the model's HNSW index (IndexMember): recall searches a member
	// through the index only from a size on (its ExactVectorBelow, which
	// the node passes here) and compares a smaller member's vectors
	// exactly, so a small member's vectors in the graph cost a graph insert
	// each and serve no search. Default 20,000; negative: every member from
	// its first vector.
	IndexFrom int
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c DrainerConfig) WithDefaults() DrainerConfig {
	if c.Batch <= 0 {
		c.Batch = 64
	}
	if c.Idle <= 0 {
		c.Idle = time.Second
	}
	if c.MinBackoff <= 0 {
		c.MinBackoff = 500 * time.Millisecond
	}
	if c.MaxBackoff < c.MinBackoff {
		c.MaxBackoff = max(30*time.Second, c.MinBackoff)
	}
	if c.PrevTurns == 0 {
		c.PrevTurns = 2
	}
	if c.PrevTurnWeight == 0 {
		c.PrevTurnWeight = 1
	}
	if c.ContextGap <= 0 {
		c.ContextGap = 10 * time.Minute
	}
	if c.Workers <= 0 {
		c.Workers = 2
	}
	if c.BulkBacklog == 0 {
		c.BulkBacklog = 20000
	}
	if c.IndexFrom == 0 {
		c.IndexFrom = 20000
	}
	if c.IndexFrom < 0 {
		c.IndexFrom = 1
	}
	if c.BuildMemory == "" {
		c.BuildMemory = DefaultBuildMemory
	}
	if c.PrevTurns < 0 || c.PrevTurnWeight < 0 {
		c.PrevTurns, c.PrevTurnWeight = 0, 0
	}
	return c
}

// Drainer embeds the queued rows of its embedder's model in batches: it
// claims them with FOR UPDATE SKIP LOCKED (so several drainers share a
// queue), reads each owner's text, embeds and marks the rows ready, all in
// one transaction. When the embedder fails the transaction rolls back, the
// rows stay queued and the drainer backs off and retries; since the queue is
// a table, the backlog survives restarts.
//
// The owner text is an episode's speaker's name and content (see spoken), a
// fact's subject, predicate (with spaces for underscores) and claim, or
// beliefs.statement. An episode's vector also carries its session's
// previous turns (PrevTurns, PrevTurnWeight) that happened within
// ContextGap before it, each only when it is on the same channel and
// visible to everyone who may see the episode: public, or (the episode not
// public) its audience a superset of the episode's. So a vector never holds
// words its readers could not read. A text that embeds to the zero vector
// (no tokens) is marked ready with no vector, and a queued row whose owner
// does not exist is dropped from the queue.
type Drainer struct {
	pool   *pgxpool.Pool
	e      Embedder
	cfg    DrainerConfig
	logger *slog.Logger

	wake chan struct{}

	// Stats counts what the drainer did since it was made.
	Stats DrainerStats

	// cursor is DrainOnce's claim position (see claim).
	cursorMu sync.Mutex
	cursor   time.Time

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// NewDrainer returns a drainer for e's model; logger may be nil.
func NewDrainer(pool *pgxpool.Pool, e Embedder, cfg DrainerConfig, logger *slog.Logger) *Drainer {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Drainer{
		pool: pool, e: e, cfg: cfg.WithDefaults(),
		logger: logger.With("cell", "embed", "model", e.Model()),
		wake:   make(chan struct{}, 1),
	}
}

// Start checks that the model is registered and starts draining in the
// background until Stop or until ctx ends.
func (d *Drainer) Start(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done != nil {
		return errors.New("embed drainer: already started")
	}
	var dims int
	err := d.pool.QueryRow(ctx, `SELECT dimensions FROM emb_models WHERE name = $1`, d.e.Model()).Scan(&dims)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("embed drainer: %w: %s", ErrUnknownModel, d.e.Model())
	}
	if err != nil {
		return fmt.Errorf("embed drainer: %w", err)
	}
	if dims != d.e.Dimensions() {
		return fmt.Errorf("embed drainer: %s registered with %d dimensions, embedder has %d", d.e.Model(), dims, d.e.Dimensions())
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel)
	d.cancel = func() { stop(); cancel() }
	d.done = make(chan struct{})
	go d.run(runCtx, d.done)
	return nil
}

// Stop stops draining and waits for the current round to end. A second Stop,
// or a Stop without Start, does nothing.
func (d *Drainer) Stop() {
	d.mu.Lock()
	cancel, done := d.cancel, d.done
	d.cancel, d.done = nil, nil
	d.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
}

// Wake asks a waiting drainer to poll now (after a write, for instance).
func (d *Drainer) Wake() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

func (d *Drainer) run(ctx context.Context, done chan struct{}) {
	defer close(done)
	backoff := d.cfg.MinBackoff
	activated := false
	bulk := false // the index is dropped; build it once the backlog is drained
	// building is the index build under way, if any: it runs beside the
	// rounds, so turns written meanwhile are embedded meanwhile (CREATE
	// INDEX CONCURRENTLY takes in the rows they change).
	var building chan error
	defer func() {
		if building != nil {
			<-building // canceled with ctx; an invalid index is dropped
		}
	}()
	// the start's sweep runs beside the rounds: its scan, and the graph
	// inserts of a member it indexes, must not hold up the queue
	swept := make(chan struct{})
	go func() { defer close(swept); d.sweepIndex(ctx) }()
	defer func() { <-swept }()
	for {
		if !bulk {
			var err error
			if bulk, err = d.startBulk(ctx); err != nil && ctx.Err() == nil {
				d.logger.Warn("bulk check failed; draining with the index", "err", err)
			}
		}
		drained, err := d.drainBusy(ctx)
		if ctx.Err() != nil {
			return
		}
		if err == nil && drained && bulk && building == nil {
			building = make(chan error, 1)
			go func() { building <- d.buildIndex(ctx) }()
		}
		if building != nil {
			select {
			case berr := <-building:
				building = nil
				if berr == nil {
					bulk = false
				} else if err == nil {
					err = berr
				}
			default:
			}
		}
		var wait time.Duration
		switch {
		case err != nil:
			d.Stats.Failures.Add(1)
			d.logger.Warn("embedding failed; rows stay queued", "err", err, "retry_in", backoff)
			wait = backoff
			backoff = min(2*backoff, d.cfg.MaxBackoff)
		case !drained:
			backoff = d.cfg.MinBackoff
			continue
		default:
			backoff = d.cfg.MinBackoff
			if d.cfg.ActivateWhenDrained && !activated {
				ok, err := ActivateIfDrained(ctx, d.pool, d.e.Model())
				if err != nil {
					d.logger.Warn("activation failed", "err", err)
				} else if ok {
					activated = true
					d.logger.Info("model active")
					continue // the switch queued rows
				}
			}
			wait = d.cfg.Idle
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-d.wake:
			t.Stop()
		case <-t.C:
		}
	}
}

// busyPeriod bounds one stretch of rounds, after which run looks at the
// backlog again (a bulk import may have begun meanwhile).
const busyPeriod = 30 * time.Second

// drainBusy runs Workers rounds at once until each worker's last round
// was short (drained), an error, or busyPeriod.
func (d *Drainer) drainBusy(ctx context.Context) (drained bool, err error) {
	until := time.Now().Add(busyPeriod)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allShort := true
	for range d.cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var cursor time.Time
			for ctx.Err() == nil {
				n, e := d.drainOnce(ctx, &cursor)
				if e != nil {
					mu.Lock()
					if err == nil {
						err = e
					}
					mu.Unlock()
					return
				}
				if n < d.cfg.Batch {
					return
				}
				if time.Now().After(until) {
					mu.Lock()
					allShort = false
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	return allShort && err == nil && ctx.Err() == nil, err
}

// DrainerStats are a drainer's counters.
type DrainerStats struct {
	Embedded atomic.Int64 // rows settled (ready, or dropped as orphans)
	Rounds   atomic.Int64 // committed rounds
	Failures atomic.Int64 // failed rounds (rolled back, retried)
	Builds   atomic.Int64 // HNSW index builds after a bulk backlog
	Indexed  atomic.Int64 // members whose vectors it put into the HNSW index
}

type queued struct {
	member, kind, id string
	at               time.Time
}

// DrainOnce embeds up to Batch queued rows of the model in one transaction
// and returns how many rows it settled: fewer than Batch means the queue
// was drained (for this call). On an embedder error nothing changes and
// the error is returned. Calls on one Drainer must not overlap (Start's
// workers each keep their own position); separate Drainers may.
func (d *Drainer) DrainOnce(ctx context.Context) (int, error) {
	d.cursorMu.Lock()
	defer d.cursorMu.Unlock()
	return d.drainOnce(ctx, &d.cursor)
}

// claim locks up to Batch queued rows, oldest first, from *cursor on. The
// cursor spares each round the queue index's entries of rows already
// drained: an UPDATE leaves them behind, dead, until a vacuum (which may be
// far off during a bulk import), and a claim from the start of the queue
// would step over all of them every round. A short claim (the cursor may
// have passed rows committed late, or rows another worker let go) starts
// again from the beginning, so nothing queued is passed over for good.
func (d *Drainer) claim(ctx context.Context, tx pgx.Tx, cursor *time.Time) ([]queued, error) {
	get := func(from time.Time) ([]queued, error) {
		rows, err := tx.Query(ctx, `/* embed:claim */
			SELECT member_id, owner_kind, owner_id, queued_at FROM embeddings
			WHERE model = $1 AND status = 'queued' AND queued_at >= $3
			ORDER BY queued_at
			LIMIT $2
			FOR UPDATE SKIP LOCKED`, d.e.Model(), d.cfg.Batch, from)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, func(r pgx.CollectableRow) (queued, error) {
			var q queued
			err := r.Scan(&q.member, &q.kind, &q.id, &q.at)
			return q, err
		})
	}
	from := *cursor
	*cursor = time.Time{}
	claimed, err := get(from)
	if err == nil && len(claimed) == 0 && !from.IsZero() {
		claimed, err = get(time.Time{})
	}
	if err != nil {
		return nil, err
	}
	if len(claimed) == d.cfg.Batch {
		*cursor = claimed[len(claimed)-1].at
	}
	return claimed, nil
}

func (d *Drainer) drainOnce(ctx context.Context, cursor *time.Time) (int, error) {
	model := d.e.Model()
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("drain embeddings %s: %w", model, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))

	claimed, err := d.claim(ctx, tx, cursor)
	if err != nil {
		return 0, fmt.Errorf("drain embeddings %s: claim: %w", model, err)
	}
	if len(claimed) == 0 {
		return 0, nil
	}
	// A round that fails leaves its rows queued behind the cursor.
	ok := false
	defer func() {
		if !ok {
			*cursor = time.Time{}
		}
	}()
	members, kinds, ids := make([]string, len(claimed)), make([]string, len(claimed)), make([]string, len(claimed))
	for i, q := range claimed {
		members[i], kinds[i], ids[i] = q.member, q.kind, q.id
	}

	// Each owner is read by its primary key: the LATERAL joins (OFFSET 0
	// keeps them from being flattened) keep the planner, which may have no
	// statistics during a bulk import, from hashing the whole facts or
	// beliefs table every round.
	// The previous turns (session index, PrevTurns rows) count only when
	// every reader of the episode may read them: same channel, a well-formed
	// audience, and public, or the episode not public and the previous
	// audience a superset of the episode's (gate rules 2 and 3; rule 4 is
	// per channel, and the channel is the same).
	rows, err := tx.Query(ctx, `/* embed:owners */
		SELECT u.ord, COALESCE(ep.content,
		                       f.subject || ' ' || replace(f.predicate, '_', ' ') || ' ' || f.claim,
		                       b.statement),
		       ep.speaker, pv.contents, pv.speakers
		FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(member_id, kind, id, ord)
		LEFT JOIN episodes ep ON u.kind = 'episode' AND ep.member_id = u.member_id AND ep.id = u.id
		LEFT JOIN LATERAL (
			SELECT array_agg(p.content ORDER BY p.happened_at DESC, p.id DESC) FILTER (WHERE
				p.channel = ep.channel
				AND cardinality(p.audience) > 0 AND array_position(p.audience, NULL) IS NULL AND NOT '' = ANY(p.audience)
				AND ('*' = ANY(p.audience) OR (NOT '*' = ANY(ep.audience) AND p.audience @> ep.audience))) AS contents,
			       array_agg(p.speaker ORDER BY p.happened_at DESC, p.id DESC) FILTER (WHERE
				p.channel = ep.channel
				AND cardinality(p.audience) > 0 AND array_position(p.audience, NULL) IS NULL AND NOT '' = ANY(p.audience)
				AND ('*' = ANY(p.audience) OR (NOT '*' = ANY(ep.audience) AND p.audience @> ep.audience))) AS speakers
			FROM (SELECT p.content, p.speaker, p.channel, p.audience, p.happened_at, p.id FROM episodes p
				WHERE p.member_id = ep.member_id AND p.session_id = ep.session_id
				  AND (p.happened_at, p.id) < (ep.happened_at, ep.id)
				  AND p.happened_at >= ep.happened_at - make_interval(secs => $5)
				ORDER BY p.happened_at DESC, p.id DESC LIMIT $4) p) pv ON true
		LEFT JOIN LATERAL (SELECT f.subject, f.predicate, f.claim FROM facts f
			WHERE u.kind = 'fact' AND f.member_id = u.member_id AND f.id = u.id OFFSET 0) f ON true
		LEFT JOIN LATERAL (SELECT b.statement FROM beliefs b
			WHERE u.kind = 'belief' AND b.member_id = u.member_id AND b.id = u.id OFFSET 0) b ON true`,
		members, kinds, ids, d.cfg.PrevTurns, d.cfg.ContextGap.Seconds())
	if err != nil {
		return 0, fmt.Errorf("drain embeddings %s: read owners: %w", model, err)
	}
	texts := make([]*string, len(claimed))
	prevs := make([][]string, len(claimed))
	var ord int64
	var text, speaker *string
	var prev, prevSpeakers []string
	_, err = pgx.ForEachRow(rows, []any{&ord, &text, &speaker, &prev, &prevSpeakers}, func() error {
		if text != nil && speaker != nil {
			t := spoken(*speaker, *text)
			text = &t
		}
		texts[ord-1] = text
		for k, p := range prev {
			if k < len(prevSpeakers) {
				p = spoken(prevSpeakers[k], p)
			}
			prevs[ord-1] = append(prevs[ord-1], p)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("drain embeddings %s: read owners: %w", model, err)
	}

	var live []int
	var orphans []int
	var toIndex []string // members this round takes to IndexFrom
	batch := make([]string, 0, len(claimed))
	at := map[string]int{} // text → its index in batch (each text embedded once)
	add := func(t string) int {
		if j, ok := at[t]; ok {
			return j
		}
		at[t] = len(batch)
		batch = append(batch, t)
		return len(batch) - 1
	}
	self := make([]int, len(claimed))
	ctxOf := make([][]int, len(claimed))
	for i, t := range texts {
		if t == nil {
			orphans = append(orphans, i)
			continue
		}
		live = append(live, i)
		self[i] = add(*t)
		for _, p := range prevs[i] {
			ctxOf[i] = append(ctxOf[i], add(p))
		}
	}
	embedded, err := d.e.Embed(ctx, batch)
	if err != nil {
		return 0, fmt.Errorf("drain embeddings %s: %w", model, err)
	}
	if len(embedded) != len(batch) {
		return 0, fmt.Errorf("drain embeddings %s: embedder returned %d vectors for %d texts", model, len(embedded), len(batch))
	}
	dims := d.e.Dimensions()
	vecs := make([][]float32, len(live))
	for j, i := range live {
		v := embedded[self[i]]
		if len(ctxOf[i]) > 0 && len(v) == dims {
			var cs [][]float32
			for _, c := range ctxOf[i] {
				if len(embedded[c]) == dims {
					cs = append(cs, embedded[c])
				}
			}
			v = withContext(v, cs, float32(d.cfg.PrevTurnWeight))
		}
		vecs[j] = v
	}
	um, uk, ui, uv := make([]string, len(live)), make([]string, len(live)), make([]string, len(live)), make([]string, len(live))
	for j, i := range live {
		if len(vecs[j]) != dims {
			return 0, fmt.Errorf("drain embeddings %s: vector of %d dimensions, want %d", model, len(vecs[j]), dims)
		}
		um[j], uk[j], ui[j] = members[i], kinds[i], ids[i]
		if !isZero(vecs[j]) {
			uv[j] = vectorLiteral(vecs[j])
		}
	}
	if len(live) > 0 {
		// The write numbers each member's new vectors (migration 028's row
		// trigger takes the member's vector_versions row, locked until the
		// commit). Take those rows first, in member order, so that two
		// drainers writing the same members never wait on each other in
		// opposite orders.
		// Each member's count so far comes back with its row: a member
		// that this write takes to IndexFrom is indexed after the commit.
		vrows, err := tx.Query(ctx, `/* embed:write */
			INSERT INTO vector_versions AS v (member_id, model)
			SELECT DISTINCT m, $1 FROM unnest($2::text[]) AS u(m) ORDER BY 1
			ON CONFLICT (member_id, model) DO UPDATE SET version = v.version
			RETURNING member_id, version, ann`, model, um)
		if err != nil {
			return 0, fmt.Errorf("drain embeddings %s: lock vector versions: %w", model, err)
		}
		written := map[string]int64{}
		for _, m := range um {
			written[m]++
		}
		var (
			m       string
			version int64
			ann     bool
		)
		_, err = pgx.ForEachRow(vrows, []any{&m, &version, &ann}, func() error {
			if !ann && version+written[m] >= int64(d.cfg.IndexFrom) {
				toIndex = append(toIndex, m)
			}
			return nil
		})
		if err != nil {
			return 0, fmt.Errorf("drain embeddings %s: lock vector versions: %w", model, err)
		}
		_, err = tx.Exec(ctx, `/* embed:write */
			UPDATE embeddings AS e
			SET vec = NULLIF(u.vec, '')::vector, status = 'ready', ready_at = clock_timestamp()
			FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(member_id, kind, id, vec)
			WHERE e.member_id = u.member_id AND e.owner_kind = u.kind AND e.owner_id = u.id AND e.model = $1`,
			model, um, uk, ui, uv)
		if err != nil {
			return 0, fmt.Errorf("drain embeddings %s: write: %w", model, err)
		}
	}
	if len(orphans) > 0 {
		om, ok, oi := make([]string, len(orphans)), make([]string, len(orphans)), make([]string, len(orphans))
		for j, i := range orphans {
			om[j], ok[j], oi[j] = members[i], kinds[i], ids[i]
		}
		_, err = tx.Exec(ctx, `
			DELETE FROM embeddings AS e
			USING unnest($2::text[], $3::text[], $4::text[]) AS u(member_id, kind, id)
			WHERE e.member_id = u.member_id AND e.owner_kind = u.kind AND e.owner_id = u.id
			  AND e.model = $1 AND e.status = 'queued'`, model, om, ok, oi)
		if err != nil {
			return 0, fmt.Errorf("drain embeddings %s: drop orphans: %w", model, err)
		}
		d.logger.Warn("dropped queued rows without an owner", "rows", len(orphans))
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("drain embeddings %s: commit: %w", model, err)
	}
	ok = true
	d.Stats.Rounds.Add(1)
	d.Stats.Embedded.Add(int64(len(claimed)))
	d.indexMembers(ctx, toIndex)
	return len(claimed), nil
}

// sweepIndex indexes, as the drainer starts (beside its first rounds), the
// members that reached IndexFrom ready vectors without being indexed: those
// whose vectors were written before migration 029, or imported, or whose
// indexing failed. The members' counts are exact (a scan of the model's
// rows, once a start).
func (d *Drainer) sweepIndex(ctx context.Context) {
	start := time.Now()
	ms, err := IndexMembers(ctx, d.pool, d.e.Model(), d.cfg.IndexFrom)
	d.Stats.Indexed.Add(int64(len(ms)))
	if err != nil && ctx.Err() == nil {
		d.logger.Warn("indexing members' vectors failed; their searches stay exact", "err", err)
	}
	if len(ms) > 0 {
		d.logger.Info("members' vectors now in the HNSW index", "members", len(ms), "from", d.cfg.IndexFrom,
			"took", time.Since(start).Round(time.Millisecond))
	}
}

// indexMembers puts members' vectors into the model's HNSW index
// (IndexMember). A failure is logged and left: the member's next vector,
// or the next start's sweep, tries again, and meanwhile its searches are
// exact.
func (d *Drainer) indexMembers(ctx context.Context, members []string) {
	for _, m := range members {
		start := time.Now()
		ok, err := IndexMember(ctx, d.pool, d.e.Model(), m)
		if err != nil {
			if ctx.Err() == nil {
				d.logger.Warn("indexing a member's vectors failed; its searches stay exact", "member", m, "err", err)
			}
			continue
		}
		if ok {
			d.Stats.Indexed.Add(1)
			d.logger.Info("member's vectors now in the HNSW index", "member", m, "from", d.cfg.IndexFrom,
				"took", time.Since(start).Round(time.Millisecond))
		}
	}
}

// EpisodeText is an episode's text as the drainer embeds it (see spoken).
func EpisodeText(speaker, content string) string { return spoken(speaker, content) }

// WithContext is an episode's vector from its own v and its previous
// turns' cs, as the drainer makes it: unit(v) + w·Σ unit(c), normalised.
func WithContext(v []float32, cs [][]float32, w float32) []float32 { return withContext(v, cs, w) }

// spoken is an episode's text as embedded: the speaker's name, a colon and
// the content ("caroline: I went to the support group"), since who said a
// turn is part of what it says. The name is the speaker id without its kind
// ("person:mary_ann" gives "mary ann"). Content without a letter or digit
// stays as it is (it embeds to nothing, whoever said it).
func spoken(speaker, content string) string {
	if !strings.ContainsFunc(content, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return content
	}
	if _, bare, ok := strings.Cut(speaker, ":"); ok {
		speaker = bare
	}
	speaker = strings.TrimSpace(strings.ReplaceAll(speaker, "_", " "))
	if speaker == "" {
		return content
	}
	return speaker + ": " + content
}

// withContext is unit(v) + w·Σ unit(c), normalised; a zero vector counts
// for nothing.
func withContext(v []float32, cs [][]float32, w float32) []float32 {
	out := make([]float32, len(v))
	nv := l2(v)
	if nv == 0 {
		return out // a turn with no words has no vector, whatever precedes it
	}
	for j := range v {
		out[j] = v[j] / nv
	}
	for _, c := range cs {
		if nc := l2(c); nc > 0 {
			for j := range c {
				out[j] += w * c[j] / nc
			}
		}
	}
	if n := l2(out); n > 0 {
		for j := range out {
			out[j] /= n
		}
	}
	return out
}

func l2(v []float32) float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return float32(math.Sqrt(s))
}

// vectorLiteral formats v as pgvector's text form, [x,y,…].
func vectorLiteral(v []float32) string {
	b := make([]byte, 0, len(v)*10+2)
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, float64(x), 'g', -1, 32)
	}
	return string(append(b, ']'))
}
