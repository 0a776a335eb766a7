package bench

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/recall"
)

// LatencyOptions configure the latency benchmark.
type LatencyOptions struct {
	Members  int // small members
	Episodes int // episodes in all, the big member's included
	Big      int // episodes of the one big member
	Queries  int // per tier
	// EmbedSmall is how many small members get vectors (the big one always
	// does); tier-1 queries to small members go to these.
	EmbedSmall int
	BigShare   float64 // share of queries that go to the big member; default 0.7
	Embedder   string  // wink | hash | none
	File       string  // LoCoMo file: its turns give the vocabulary, its questions the queries
	Seed       uint64
	Progress   io.Writer
	Logger     *slog.Logger
}

// TierLatency is one tier's percentiles, in milliseconds.
type TierLatency struct {
	Tier    string     `json:"tier"`
	Queries int        `json:"queries"`
	All     [3]float64 `json:"all_p50_p95_p99"`
	Big     [3]float64 `json:"big_member_p50_p95_p99"`
	Small   [3]float64 `json:"small_members_p50_p95_p99"`
	Max     float64    `json:"max"`
	Items   float64    `json:"mean_items"`
}

// LegTime is the SQL time one leg spent per tier-1 query (summed over its
// statements; legs run concurrently, so the slowest leg bounds the answer).
type LegTime struct {
	Leg        string     `json:"leg"`
	Statements float64    `json:"statements_per_query"`
	Big        [3]float64 `json:"big_member_p50_p95_p99"`
	Small      [3]float64 `json:"small_members_p50_p95_p99"`
}

// LatencyResult is what the latency benchmark measured.
type LatencyResult struct {
	Date         string             `json:"date"`
	Machine      Machine            `json:"machine"`
	Schema       string             `json:"schema"`
	Members      int                `json:"members"`
	Episodes     int                `json:"episodes"`
	Big          int                `json:"big"`
	Embedded     int                `json:"embedded"`
	Embedder     string             `json:"embedder"`
	Seconds      map[string]float64 `json:"seconds"`
	Tiers        []TierLatency      `json:"tiers"`
	Legs         []LegTime          `json:"tier1_legs_sql_ms"`
	SemanticMode map[string]int     `json:"semantic_modes"`
	KeywordMode  map[string]int     `json:"keyword_modes"`
	// LoadAvgEnd is the load average when the queries ended (Machine has it
	// at their start).
	LoadAvgEnd string `json:"loadavg_end"`
}

const bigMember = "big"

func smallMember(i int) string { return fmt.Sprintf("m%04d", i) }

// circle is every member's people; audiences are drawn from it.
var circle = []string{"person:owner", "person:ana", "person:ben", "person:cleo", "person:dev"}

var channels = []string{"chat:main", "chat:family", "voice:car"}

// audiences and their weights (per cent): mostly pairs, some solo, some
// groups, a few public rows.
var audiences = []struct {
	aud []string
	w   int
}{
	{[]string{"person:ana", "person:owner"}, 40},
	{[]string{"person:owner"}, 20},
	{[]string{"person:ana", "person:ben", "person:owner"}, 20},
	{[]string{"person:ben", "person:cleo", "person:owner"}, 10},
	{[]string{"*"}, 5},
	{[]string{"person:cleo", "person:dev"}, 5},
}

// queryAudiences are who asks: mostly the owner with Ana, sometimes the
// owner alone.
var queryAudiences = [][]string{{"person:ana", "person:owner"}, {"person:ana", "person:owner"}, {"person:owner"}}

// gen makes synthetic turns: Zipf-distributed words of the LoCoMo
// vocabulary (ranked by frequency in its turns), 6 to 30 words a turn.
type gen struct {
	r     *rand.Rand
	zipf  *rand.Zipf
	vocab []string
}

func newGen(seed uint64, vocab []string) *gen {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return &gen{r: r, zipf: rand.NewZipf(r, 1.07, 2, uint64(len(vocab)-1)), vocab: vocab}
}

func (g *gen) text() string {
	n := 6 + g.r.IntN(25)
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := g.vocab[g.zipf.Uint64()]
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
	}
	b.WriteByte('.')
	return b.String()
}

func (g *gen) audience() []string {
	x := g.r.IntN(100)
	for _, a := range audiences {
		if x < a.w {
			return a.aud
		}
		x -= a.w
	}
	return audiences[0].aud
}

// vocabulary ranks the words of the LoCoMo turns by frequency.
func vocabulary(samples []locomo.Sample) []string {
	freq := map[string]int{}
	for _, s := range samples {
		for _, t := range s.Turns() {
			for _, w := range Tokens(t.Text) {
				freq[w]++
			}
		}
	}
	var words []string
	for w := range freq {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if freq[words[i]] != freq[words[j]] {
			return freq[words[i]] > freq[words[j]]
		}
		return words[i] < words[j]
	})
	return words
}

var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// span is the time a member's record covers.
const span = 2 * 365 * 24 * time.Hour

// BuildLatency fills db with the synthetic record: o.Big episodes for the
// member "big" and the rest spread over o.Members members, loaded by COPY
// with the episodes indexes dropped and rebuilt after (the same
// definitions), then vectors for the big member and o.EmbedSmall small
// members, written by COPY and indexed by embed.Register.
func BuildLatency(ctx context.Context, db *DB, o LatencyOptions, res *LatencyResult) error {
	progress := func(format string, args ...any) {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, format+"\n", args...)
		}
	}
	samples, err := locomo.Load(o.File)
	if err != nil {
		return err
	}
	vocab := vocabulary(samples)
	pool := db.Pool
	if _, err := pool.Exec(ctx, `SET maintenance_work_mem = '512MB'`); err != nil {
		return err
	}

	// drop the episodes' secondary indexes; rebuilt after the load
	rows, err := pool.Query(ctx, `SELECT indexname, indexdef FROM pg_indexes
		WHERE schemaname = current_schema() AND tablename = 'episodes' AND indexname <> 'episodes_pkey'`)
	if err != nil {
		return fmt.Errorf("read indexes: %w", err)
	}
	type idx struct{ name, def string }
	idxs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (idx, error) {
		var x idx
		return x, r.Scan(&x.name, &x.def)
	})
	if err != nil {
		return fmt.Errorf("read indexes: %w", err)
	}
	for _, x := range idxs {
		if _, err := pool.Exec(ctx, `DROP INDEX `+pgx.Identifier{x.name}.Sanitize()); err != nil {
			return fmt.Errorf("drop index %s: %w", x.name, err)
		}
	}

	t0 := time.Now()
	perSmall := 0
	if o.Members > 0 {
		perSmall = (o.Episodes - o.Big) / o.Members
	}
	members := []struct {
		id string
		n  int
	}{{bigMember, o.Big}}
	for i := 0; i < o.Members; i++ {
		members = append(members, struct {
			id string
			n  int
		}{smallMember(i), perSmall})
	}
	// two loaders share the members
	var wg sync.WaitGroup
	errs := make([]error, 2)
	var mu sync.Mutex
	loaded := 0
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := pool.Acquire(ctx)
			if err != nil {
				errs[w] = err
				return
			}
			defer conn.Release()
			g := newGen(o.Seed+uint64(w)*7919, vocab)
			var batch [][]any
			flush := func() error {
				if len(batch) == 0 {
					return nil
				}
				_, err := conn.Conn().CopyFrom(ctx, pgx.Identifier{"episodes"},
					[]string{"member_id", "id", "session_id", "channel", "role", "speaker", "audience", "content", "happened_at", "tokens"},
					pgx.CopyFromRows(batch))
				mu.Lock()
				loaded += len(batch)
				if loaded/100000 != (loaded-len(batch))/100000 {
					progress("loaded %d episodes", loaded)
				}
				mu.Unlock()
				batch = batch[:0]
				return err
			}
			for mi := w; mi < len(members); mi += 2 {
				m := members[mi]
				step := span / time.Duration(m.n+1)
				for i := 0; i < m.n; i++ {
					at := epoch.Add(time.Duration(i+1) * step)
					var id ulid.ULID
					_ = id.SetTime(ulid.Timestamp(at))
					var ent [10]byte
					binary.BigEndian.PutUint64(ent[2:], uint64(i))
					_ = id.SetEntropy(ent[:])
					aud := g.audience()
					speaker := aud[g.r.IntN(len(aud))]
					if speaker == "*" {
						speaker = "person:owner"
					}
					text := g.text()
					batch = append(batch, []any{m.id, id.String(), "s" + strconv.Itoa(i/20), channels[(i/20)%len(channels)], "peer",
						speaker, aud, text, at, int32(episodes.TokenEstimate(text))})
					if len(batch) == 5000 {
						if err := flush(); err != nil {
							errs[w] = fmt.Errorf("copy episodes: %w", err)
							return
						}
					}
				}
			}
			if err := flush(); err != nil {
				errs[w] = fmt.Errorf("copy episodes: %w", err)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	res.Seconds["copy_episodes"] = time.Since(t0).Seconds()
	progress("copied %d episodes (%.0fs)", loaded, res.Seconds["copy_episodes"])

	t0 = time.Now()
	// two index builds at a time
	sem := make(chan struct{}, 2)
	ierrs := make([]error, len(idxs))
	for i, x := range idxs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			conn, err := pool.Acquire(ctx)
			if err != nil {
				ierrs[i] = err
				return
			}
			defer conn.Release()
			_, _ = conn.Exec(ctx, `SET maintenance_work_mem = '512MB'`)
			if _, err := conn.Exec(ctx, x.def); err != nil {
				ierrs[i] = fmt.Errorf("rebuild index %s: %w", x.name, err)
			}
		}()
	}
	wg.Wait()
	for _, err := range ierrs {
		if err != nil {
			return err
		}
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE episodes`); err != nil {
		return fmt.Errorf("vacuum analyze: %w", err)
	}
	res.Seconds["index_episodes"] = time.Since(t0).Seconds()
	progress("rebuilt %d episode indexes and analysed (%.0fs)", len(idxs), res.Seconds["index_episodes"])

	// vectors
	emb, closeEmb, err := NewEmbedder(o.Embedder)
	if err != nil {
		return err
	}
	defer closeEmb()
	if emb == nil {
		return nil
	}
	t0 = time.Now()
	targets := []string{bigMember}
	for i := 0; i < o.EmbedSmall && i < o.Members; i++ {
		targets = append(targets, smallMember(i))
	}
	for _, m := range targets {
		n, err := copyVectors(ctx, pool, emb, m)
		if err != nil {
			return err
		}
		res.Embedded += n
	}
	res.Seconds["embed"] = time.Since(t0).Seconds()
	progress("embedded %d episodes of %d members with %s (%.0fs)", res.Embedded, len(targets), emb.Model(), res.Seconds["embed"])
	t0 = time.Now()
	if _, err := pool.Exec(ctx, `SET maintenance_work_mem = '512MB'`); err != nil {
		return err
	}
	if err := embed.Register(ctx, pool, emb, true); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE embeddings`); err != nil {
		return fmt.Errorf("vacuum analyze: %w", err)
	}
	res.Seconds["index_vectors"] = time.Since(t0).Seconds()
	progress("built the HNSW index (%.0fs)", res.Seconds["index_vectors"])
	return nil
}

// copyVectors embeds every episode of member in Go and writes the vectors
// with a text COPY, ready (what the Drainer would write, without its
// per-batch claim and update).
func copyVectors(ctx context.Context, pool *pgxpool.Pool, e embed.Embedder, member string) (int, error) {
	rows, err := pool.Query(ctx, `SELECT id, content FROM episodes WHERE member_id = $1 ORDER BY id`, member)
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", member, err)
	}
	var ids, texts []string
	for rows.Next() {
		var id, t string
		if err := rows.Scan(&id, &t); err != nil {
			rows.Close()
			return 0, err
		}
		ids, texts = append(ids, id), append(texts, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	readyAt := time.Now().UTC().Format(time.RFC3339Nano)
	pr, pw := io.Pipe()
	go func() {
		var err error
		defer func() { pw.CloseWithError(err) }()
		for i := 0; i < len(texts); i += 1000 {
			j := min(i+1000, len(texts))
			var vecs [][]float32
			if vecs, err = e.Embed(ctx, texts[i:j]); err != nil {
				return
			}
			var b strings.Builder
			for k, v := range vecs {
				b.WriteString(member + "\tepisode\t" + ids[i+k] + "\t" + e.Model() + "\tready\t" + readyAt + "\t")
				b.WriteByte('[')
				for d, x := range v {
					if d > 0 {
						b.WriteByte(',')
					}
					b.WriteString(strconv.FormatFloat(float64(x), 'g', 7, 32))
				}
				b.WriteString("]\n")
			}
			if _, err = io.WriteString(pw, b.String()); err != nil {
				return
			}
		}
	}()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Release()
	tag, err := conn.Conn().PgConn().CopyFrom(ctx, pr, `COPY embeddings (member_id, owner_kind, owner_id, model, status, ready_at, vec) FROM STDIN`)
	if err != nil {
		return 0, fmt.Errorf("copy vectors of %s: %w", member, err)
	}
	return int(tag.RowsAffected()), nil
}

type probe struct {
	member   string
	big      bool
	tier     string
	query    string
	session  string
	channel  string
	audience []string
	elapsed  time.Duration
	items    int
	legs     *legTimes
	semMode  string
	kwMode   string
}

// RunLatency asks o.Queries questions at tier 0 and at tier 1, one at a
// time, and reports their percentiles and, for tier 1, each leg's SQL time.
func RunLatency(ctx context.Context, db *DB, o LatencyOptions, res *LatencyResult) error {
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
	emb, closeEmb, err := NewEmbedder(o.Embedder)
	if err != nil {
		return err
	}
	defer closeEmb()
	var remb recall.Embedder
	if emb != nil {
		remb = emb
	}
	svc := recall.New(db.Pool, recall.Config{}, remb, o.Logger)
	r := rand.New(rand.NewPCG(o.Seed+1, 2))
	nSmall := o.Members
	if emb != nil && o.EmbedSmall > 0 {
		nSmall = min(o.EmbedSmall, o.Members)
	}
	now := epoch.Add(span + 24*time.Hour)
	var probes []*probe
	for _, tier := range []string{"0", "1"} {
		for i := 0; i < o.Queries; i++ {
			p := &probe{tier: tier, member: bigMember, big: true, query: questions[r.IntN(len(questions))],
				audience: queryAudiences[r.IntN(len(queryAudiences))]}
			n := o.Big
			if nSmall > 0 && r.Float64() >= o.BigShare {
				p.member, p.big, n = smallMember(r.IntN(nSmall)), false, (o.Episodes-o.Big)/o.Members
			}
			k := r.IntN(max(1, n/20))
			p.session, p.channel = "s"+strconv.Itoa(k), channels[k%len(channels)]
			probes = append(probes, p)
		}
	}
	// warm up: a few of each, not counted
	for i, p := range probes {
		if i%(o.Queries/10+1) == 0 {
			if _, err := svc.Recall(ctx, request(p, now)); err != nil {
				return err
			}
		}
	}
	for i, p := range probes {
		if i%250 == 0 && o.Progress != nil {
			fmt.Fprintf(o.Progress, "asked %d/%d\n", i, len(probes))
		}
		lt := newLegTimes()
		qctx := context.WithValue(ctx, legTimesKey{}, lt)
		start := time.Now()
		a, err := svc.Recall(qctx, request(p, now))
		p.elapsed = time.Since(start)
		if err != nil {
			return fmt.Errorf("recall %s tier %s: %w", p.member, p.tier, err)
		}
		p.items, p.legs = len(a.Items), lt
		if p.tier == "1" {
			var d recall.Diagnostic
			if err := json.Unmarshal(a.Diagnostic, &d); err == nil {
				for _, l := range d.Legs {
					switch l.Leg {
					case recall.LegSemantic:
						p.semMode = l.Mode + l.Missing
					case recall.LegKeyword:
						p.kwMode = l.Mode
					}
				}
			}
		}
	}
	res.LoadAvgEnd = LoadAvg()
	res.SemanticMode, res.KeywordMode = map[string]int{}, map[string]int{}
	for _, tier := range []string{"0", "1"} {
		var all, big, small []time.Duration
		var items, count int
		var maxd time.Duration
		for _, p := range probes {
			if p.tier != tier {
				continue
			}
			all = append(all, p.elapsed)
			if p.big {
				big = append(big, p.elapsed)
			} else {
				small = append(small, p.elapsed)
			}
			items += p.items
			count++
			maxd = max(maxd, p.elapsed)
			if tier == "1" {
				res.SemanticMode[fmt.Sprintf("%s %s", map[bool]string{true: "big", false: "small"}[p.big], p.semMode)]++
				res.KeywordMode[fmt.Sprintf("%s %s", map[bool]string{true: "big", false: "small"}[p.big], p.kwMode)]++
			}
		}
		res.Tiers = append(res.Tiers, TierLatency{Tier: tier, Queries: count, All: Percentiles(all), Big: Percentiles(big),
			Small: Percentiles(small), Max: float64(maxd.Microseconds()) / 1000, Items: float64(items) / float64(max(count, 1))})
	}
	for _, leg := range []string{recall.LegKeyword, recall.LegSemantic, recall.LegGraph, recall.LegTemporal, recall.LegSelf, "other"} {
		lt := LegTime{Leg: leg}
		var big, small []time.Duration
		stmts, n := 0, 0
		for _, p := range probes {
			if p.tier != "1" {
				continue
			}
			n++
			stmts += p.legs.n[leg]
			if p.big {
				big = append(big, p.legs.d[leg])
			} else {
				small = append(small, p.legs.d[leg])
			}
		}
		lt.Statements = float64(stmts) / float64(max(n, 1))
		lt.Big, lt.Small = Percentiles(big), Percentiles(small)
		res.Legs = append(res.Legs, lt)
	}
	return nil
}

func request(p *probe, now time.Time) recall.Request {
	return recall.Request{Member: p.member, Query: p.query, Tier: p.tier, Audience: p.audience, Channel: p.channel,
		Session: p.session, AsOf: &now}
}
