package embed_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/internal/dbtest"
)

type bundle struct {
	ctx  context.Context
	pool *pgxpool.Pool
	seq  atomic.Int64
}

func setup(t *testing.T) *bundle {
	t.Helper()
	return &bundle{ctx: context.Background(), pool: dbtest.New(t)}
}

func (b *bundle) id(prefix string) string {
	return fmt.Sprintf("%s%06d", prefix, b.seq.Add(1))
}

// owner is one row that can be embedded, with the text the drainer must embed.
type owner struct {
	member, kind, id, text string
}

// write inserts the owners in one transaction and, as the appender does,
// queues their embeddings in the same transaction (model "" = the active one).
func (b *bundle) write(t *testing.T, owners ...owner) {
	t.Helper()
	err := pgx.BeginFunc(b.ctx, b.pool, func(tx pgx.Tx) error {
		byKind := map[string][2][]string{}
		for _, o := range owners {
			var err error
			switch o.kind {
			case embed.OwnerEpisode:
				// each episode its own session: no previous turn (TestDrainerPrevTurn covers context)
				_, err = tx.Exec(b.ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
					VALUES ($1, $2, 's-'||$2, 'chat', 'user', 'member:'||$1, ARRAY['member:'||$1], $3, now())`, o.member, o.id, o.text)
			case embed.OwnerFact:
				// text is "subject|predicate|claim"
				p := strings.SplitN(o.text, "|", 3)
				_, err = tx.Exec(b.ctx, `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, valid_from, channel, audience)
					VALUES ($1, $2, $3, $4, $5, lower($3), $4, lower($5), $2, now(), 'chat', ARRAY['member:'||$1])`, o.member, o.id, p[0], p[1], p[2])
			case embed.OwnerBelief:
				_, err = tx.Exec(b.ctx, `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience)
					VALUES ($1, $2, 'member:'||$1, $3, 'chat', ARRAY['member:'||$1])`, o.member, o.id, o.text)
			}
			if err != nil {
				return err
			}
			k := byKind[o.kind]
			k[0], k[1] = append(k[0], o.member), append(k[1], o.id)
			byKind[o.kind] = k
		}
		for kind, k := range byKind {
			if err := embed.Enqueue(b.ctx, tx, "", kind, k[0], k[1]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("write: %v", err)
	}
}

// embedText is the text the drainer embeds for an owner: an episode's is
// its speaker's name (member:alice → alice), a colon and its content, unless
// the content has no word.
func embedText(o owner) string {
	switch o.kind {
	case embed.OwnerFact:
		p := strings.SplitN(o.text, "|", 3)
		return p[0] + " " + strings.ReplaceAll(p[1], "_", " ") + " " + p[2]
	case embed.OwnerEpisode:
		if strings.ContainsFunc(o.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			return o.member + ": " + o.text
		}
	}
	return o.text
}

type row struct {
	status string
	vec    []float32 // nil when NULL
}

// notes writes n episodes of member, the i-th saying fmt.Sprintf(format,
// i), and returns them.
func (b *bundle) notes(t *testing.T, member string, n int, format string) []owner {
	t.Helper()
	owners := make([]owner, n)
	for i := range owners {
		owners[i] = owner{member, embed.OwnerEpisode, b.id("E"), fmt.Sprintf(format, i)}
	}
	b.write(t, owners...)
	return owners
}

// drainAll runs d's rounds until one finds nothing queued.
func (b *bundle) drainAll(t *testing.T, d *embed.Drainer) {
	t.Helper()
	for {
		n, err := d.DrainOnce(b.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

func (b *bundle) rows(t *testing.T, model string) map[string]row {
	t.Helper()
	rs, err := b.pool.Query(b.ctx, `SELECT member_id, owner_kind, owner_id, status, vec::text FROM embeddings WHERE model = $1`, model)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]row{}
	var m, k, id, st string
	var vec *string
	_, err = pgx.ForEachRow(rs, []any{&m, &k, &id, &st, &vec}, func() error {
		r := row{status: st}
		if vec != nil {
			for _, f := range strings.Split(strings.Trim(*vec, "[]"), ",") {
				x, err := strconv.ParseFloat(f, 32)
				if err != nil {
					return err
				}
				r.vec = append(r.vec, float32(x))
			}
		}
		out[m+"/"+k+"/"+id] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (b *bundle) pending(t *testing.T, model string) int {
	t.Helper()
	n, err := embed.Pending(b.ctx, b.pool, model)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (b *bundle) register(t *testing.T, e embed.Embedder, activate bool) {
	t.Helper()
	if err := embed.Register(b.ctx, b.pool, e, activate); err != nil {
		t.Fatal(err)
	}
}

// checkEmbedded asserts every owner has a ready row for e holding e's vector
// of its text.
func (b *bundle) checkEmbedded(t *testing.T, e embed.Embedder, owners []owner) {
	t.Helper()
	got := b.rows(t, e.Model())
	for _, o := range owners {
		r, ok := got[o.member+"/"+o.kind+"/"+o.id]
		if !ok || r.status != "ready" {
			t.Errorf("%s/%s/%s: %+v, want ready", o.member, o.kind, o.id, r)
			continue
		}
		want, err := e.Embed(context.Background(), []string{embedText(o)})
		if err != nil {
			t.Fatal(err)
		}
		if c := embed.Cosine(r.vec, want[0]); c < 0.9999 {
			t.Errorf("%s/%s/%s: stored vector has cosine %.5f with the embedding of %q", o.member, o.kind, o.id, c, embedText(o))
		}
	}
}

func TestRegister(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	if _, _, ok, err := embed.ActiveModel(b.ctx, b.pool); err != nil || ok {
		t.Fatalf("ActiveModel on an empty registry: ok=%v err=%v", ok, err)
	}
	b.register(t, h, false)
	b.register(t, h, false) // idempotent
	if _, _, ok, _ := embed.ActiveModel(b.ctx, b.pool); ok {
		t.Fatal("a model registered without activate is active")
	}
	var def string
	if err := b.pool.QueryRow(b.ctx, `SELECT pg_get_indexdef(to_regclass($1))`, embed.IndexName("hash-64")).Scan(&def); err != nil {
		t.Fatalf("index %s: %v", embed.IndexName("hash-64"), err)
	}
	for _, want := range []string{"hnsw", "vector(64)", "vector_cosine_ops", "'hash-64'"} {
		if !strings.Contains(def, want) {
			t.Errorf("index definition %q lacks %q", def, want)
		}
	}
	b.register(t, h, true)
	name, dims, ok, err := embed.ActiveModel(b.ctx, b.pool)
	if err != nil || !ok || name != "hash-64" || dims != 64 {
		t.Fatalf("ActiveModel = %q, %d, %v, %v", name, dims, ok, err)
	}

	if err := embed.Register(b.ctx, b.pool, renamed{embed.NewHashing(32), "hash-64"}, false); err == nil {
		t.Error("re-registering hash-64 with 32 dimensions succeeded")
	}
	if err := embed.Register(b.ctx, b.pool, renamed{h, "bad name'; drop table x"}, false); err == nil {
		t.Error("an invalid model name was registered")
	}
	if err := embed.Activate(b.ctx, b.pool, "never-registered"); !errors.Is(err, embed.ErrUnknownModel) {
		t.Errorf("Activate(unknown) = %v, want ErrUnknownModel", err)
	}
}

// renamed gives an embedder another model name.
type renamed struct {
	embed.Embedder
	name string
}

func (r renamed) Model() string { return r.name }

func TestIndexName(t *testing.T) {
	t.Parallel()
	a, b := embed.IndexName("BAAI/bge-small-en-v1.5"), embed.IndexName("baai_bge-small-en-v1.5")
	if a == b {
		t.Errorf("two models share index name %s", a)
	}
	long := embed.IndexName(strings.Repeat("x", 128))
	if len(long) > 63 || !strings.HasPrefix(long, "embeddings_hnsw_") {
		t.Errorf("IndexName of a long model = %q (%d bytes)", long, len(long))
	}
}

func TestEnqueueDrain(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	owners := []owner{
		{"alice", embed.OwnerEpisode, b.id("E"), "We went on a vacation to Lisbon"},
		{"alice", embed.OwnerEpisode, b.id("E"), "Our trip was great"},
		{"bob", embed.OwnerEpisode, b.id("E"), "The invoice is due on Friday"},
		{"alice", embed.OwnerFact, b.id("F"), "Alice|lives_in|Lisbon"},
		{"bob", embed.OwnerFact, b.id("F"), "Bob|works_at|the bakery"},
		{"alice", embed.OwnerBelief, b.id("B"), "Alice loves travelling"},
	}

	// No active model: writes queue nothing.
	b.write(t, owners[0])
	if n := b.pending(t, "hash-64"); n != 0 {
		t.Fatalf("%d rows queued with no active model", n)
	}
	b.register(t, h, true)
	b.write(t, owners[1:]...)
	if n := b.pending(t, "hash-64"); n != 5 {
		t.Fatalf("pending = %d, want 5", n)
	}
	// Idempotent: queuing again changes nothing.
	if err := embed.Enqueue(b.ctx, b.pool, "", embed.OwnerEpisode, []string{"alice"}, []string{owners[1].id}); err != nil {
		t.Fatal(err)
	}
	if n := b.pending(t, "hash-64"); n != 5 {
		t.Fatalf("pending after a repeated enqueue = %d, want 5", n)
	}

	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 3}, nil)
	for _, want := range []int{3, 2, 0} {
		n, err := d.DrainOnce(b.ctx)
		if err != nil || n != want {
			t.Fatalf("DrainOnce = %d, %v; want %d", n, err, want)
		}
	}
	b.checkEmbedded(t, h, owners[1:])

	// The nightly backfill catches the row written before a model was active.
	q, err := embed.Backfill(b.ctx, b.pool, "hash-64")
	if err != nil || q != 1 {
		t.Fatalf("Backfill = %d, %v; want 1", q, err)
	}
	if q, err := embed.Backfill(b.ctx, b.pool, "hash-64"); err != nil || q != 0 {
		t.Fatalf("second Backfill = %d, %v; want 0", q, err)
	}
	if n, err := d.DrainOnce(b.ctx); err != nil || n != 1 {
		t.Fatalf("DrainOnce after backfill = %d, %v", n, err)
	}
	b.checkEmbedded(t, h, owners)
	if _, err := embed.Backfill(b.ctx, b.pool, "nope"); !errors.Is(err, embed.ErrUnknownModel) {
		t.Errorf("Backfill(unknown) = %v", err)
	}
}

func TestEnqueueRejects(t *testing.T) {
	t.Parallel()
	b := setup(t)
	if err := embed.Enqueue(b.ctx, b.pool, "m", "turn", []string{"a"}, []string{"1"}); err == nil {
		t.Error("Enqueue accepted owner kind turn")
	}
	if err := embed.Enqueue(b.ctx, b.pool, "m", embed.OwnerEpisode, []string{"a", "b"}, []string{"1"}); err == nil {
		t.Error("Enqueue accepted 2 members for 1 id")
	}
	if err := embed.Enqueue(b.ctx, b.pool, "m", embed.OwnerEpisode, nil, nil); err != nil {
		t.Errorf("Enqueue of nothing: %v", err)
	}
}

func TestDrainOrphansAndEmptyText(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)
	empty := owner{"alice", embed.OwnerEpisode, b.id("E"), "..."}
	b.write(t, empty)
	if err := embed.Enqueue(b.ctx, b.pool, "", embed.OwnerBelief, []string{"alice"}, []string{"no-such-belief"}); err != nil {
		t.Fatal(err)
	}
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{}, nil)
	if n, err := d.DrainOnce(b.ctx); err != nil || n != 2 {
		t.Fatalf("DrainOnce = %d, %v; want 2", n, err)
	}
	rows := b.rows(t, "hash-64")
	if len(rows) != 1 {
		t.Fatalf("rows = %v, want only the empty episode's", rows)
	}
	r := rows["alice/episode/"+empty.id]
	if r.status != "ready" || r.vec != nil {
		t.Errorf("text without tokens: %+v, want ready with no vector", r)
	}
}

// flaky is an embedder that fails until it is switched on, counting calls.
type flaky struct {
	embed.Embedder
	up    atomic.Bool
	calls atomic.Int64
	texts atomic.Int64
}

func (f *flaky) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	f.calls.Add(1)
	if !f.up.Load() {
		return nil, errors.New("embedder unavailable: connection refused")
	}
	f.texts.Add(int64(len(texts)))
	return f.Embedder.Embed(ctx, texts)
}

// eventually polls cond until it holds; the limit only bounds a broken run.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestDrainerOutage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := &flaky{Embedder: embed.NewHashing(64)}
	b.register(t, f, true)
	d := embed.NewDrainer(b.pool, f, embed.DrainerConfig{Batch: 4, Idle: 5 * time.Millisecond, MinBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}, nil)
	if err := d.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	defer d.Stop()
	if err := d.Start(b.ctx); err == nil {
		t.Error("a second Start succeeded")
	}

	var owners []owner
	for i := range 10 {
		o := owner{"alice", embed.OwnerEpisode, b.id("E"), fmt.Sprintf("turn %d about the trip to Lisbon", i)}
		b.write(t, o) // commits while the embedder is down
		owners = append(owners, o)
		d.Wake()
	}
	eventually(t, "the drainer retrying", func() bool { return f.calls.Load() >= 3 })
	if n := b.pending(t, "hash-64"); n != 10 {
		t.Fatalf("pending during the outage = %d, want 10", n)
	}
	for _, r := range b.rows(t, "hash-64") {
		if r.status != "queued" || r.vec != nil {
			t.Fatalf("row changed during the outage: %+v", r)
		}
	}
	// More writes during the outage still commit.
	more := owner{"bob", embed.OwnerBelief, b.id("B"), "Bob prefers trains"}
	b.write(t, more)
	owners = append(owners, more)

	f.up.Store(true)
	eventually(t, "the backlog drained", func() bool { return b.pending(t, "hash-64") == 0 })
	b.checkEmbedded(t, f.Embedder, owners)
	if got := f.texts.Load(); got != int64(len(owners)) {
		t.Errorf("embedded %d texts for %d rows", got, len(owners))
	}
	d.Stop()
	d.Stop() // tolerated
}

func TestDrainersShareQueue(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := &flaky{Embedder: embed.NewHashing(32)}
	f.up.Store(true)
	b.register(t, f, true)
	var owners []owner
	for i := range 200 {
		owners = append(owners, owner{fmt.Sprintf("m%d", i%7), embed.OwnerEpisode, b.id("E"), fmt.Sprintf("episode number %d", i)})
	}
	b.write(t, owners...)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := embed.NewDrainer(b.pool, f, embed.DrainerConfig{Batch: 16}, nil)
			for {
				n, err := d.DrainOnce(b.ctx)
				if err != nil {
					t.Error(err)
					return
				}
				if n == 0 {
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := b.pending(t, "hash-32"); n != 0 {
		t.Fatalf("pending = %d after the drainers finished", n)
	}
	if got := f.texts.Load(); got != 200 {
		t.Errorf("three drainers embedded %d texts for 200 rows: SKIP LOCKED let rows through twice", got)
	}
	b.checkEmbedded(t, f.Embedder, owners)
}

func TestStartRequiresRegisteredModel(t *testing.T) {
	t.Parallel()
	b := setup(t)
	d := embed.NewDrainer(b.pool, embed.NewHashing(64), embed.DrainerConfig{}, nil)
	if err := d.Start(b.ctx); !errors.Is(err, embed.ErrUnknownModel) {
		t.Fatalf("Start with an unregistered model = %v", err)
	}
	d.Stop() // a Stop without a Start is harmless
}

func TestSwitchModels(t *testing.T) {
	t.Parallel()
	b := setup(t)
	a, c := embed.NewHashing(64), embed.NewHashing(32)
	b.register(t, a, true)
	owners := []owner{
		{"alice", embed.OwnerEpisode, b.id("E"), "a walk on the beach"},
		{"alice", embed.OwnerFact, b.id("F"), "Alice|likes|the sea"},
		{"bob", embed.OwnerBelief, b.id("B"), "Bob is a night owl"},
	}
	b.write(t, owners...)
	if _, err := embed.NewDrainer(b.pool, a, embed.DrainerConfig{}, nil).DrainOnce(b.ctx); err != nil {
		t.Fatal(err)
	}

	// The gapless switch: register, backfill, drain, then activate.
	b.register(t, c, false)
	if q, err := embed.Backfill(b.ctx, b.pool, "hash-32"); err != nil || q != 3 {
		t.Fatalf("Backfill = %d, %v", q, err)
	}
	if ok, err := embed.ActivateIfDrained(b.ctx, b.pool, "hash-32"); err != nil || ok {
		t.Fatalf("ActivateIfDrained with a backlog = %v, %v; want false", ok, err)
	}
	if name, _, _, _ := embed.ActiveModel(b.ctx, b.pool); name != "hash-64" {
		t.Fatalf("active = %s during the backlog, want the old hash-64 still serving", name)
	}
	dc := embed.NewDrainer(b.pool, c, embed.DrainerConfig{ActivateWhenDrained: true, Idle: 5 * time.Millisecond}, nil)
	if err := dc.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, "hash-32 active once drained", func() bool {
		name, _, _, err := embed.ActiveModel(b.ctx, b.pool)
		return err == nil && name == "hash-32"
	})
	dc.Stop()
	b.checkEmbedded(t, c, owners)
	b.checkEmbedded(t, a, owners) // the old rows stay

	// The immediate switch back queues hash-64 rows for owners it lacks.
	late := owner{"alice", embed.OwnerEpisode, b.id("E"), "written while hash-32 was active"}
	b.write(t, late)
	if err := embed.Activate(b.ctx, b.pool, "hash-64"); err != nil {
		t.Fatal(err)
	}
	if name, _, _, _ := embed.ActiveModel(b.ctx, b.pool); name != "hash-64" {
		t.Fatalf("active = %s, want hash-64", name)
	}
	if n := b.pending(t, "hash-64"); n != 1 {
		t.Fatalf("pending hash-64 after switching back = %d, want 1 (the late episode)", n)
	}
	var active int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM emb_models WHERE active`).Scan(&active); err != nil || active != 1 {
		t.Fatalf("%d active models, %v", active, err)
	}
}

func TestRegisterConcurrently(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- embed.Register(b.ctx, b.pool, embed.NewHashing(48), true)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent Register: %v", err)
		}
	}
	if name, dims, ok, err := embed.ActiveModel(b.ctx, b.pool); err != nil || !ok || name != "hash-48" || dims != 48 {
		t.Fatalf("ActiveModel = %q, %d, %v, %v", name, dims, ok, err)
	}
}
