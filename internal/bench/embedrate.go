package bench

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/locomo"
)

// EmbedOptions configure the embedding-rate benchmark (`memhive bench
// embed`).
type EmbedOptions struct {
	Turns   int           // turns imported (default 250,000)
	Every   time.Duration // rate sample interval (default 10s)
	Timeout time.Duration // give up after (default 30m)
	Drainer embed.DrainerConfig
	// ImportBatch is the rows per import transaction (the appender's batch:
	// default 1000).
	ImportBatch int
	Logger      *slog.Logger
	Progress    io.Writer // one line per sample, or nil
}

// EmbedSample is the drain's progress at one moment.
type EmbedSample struct {
	Seconds    float64 `json:"s"`
	Embedded   int64   `json:"embedded"`
	RowsPerSec float64 `json:"rows_per_sec"` // over the interval before
	Phase      string  `json:"phase"`        // embedding | building_index | done
	Load       string  `json:"loadavg"`
}

// EmbedMark is when the drain passed a count of rows.
type EmbedMark struct {
	Rows       int64   `json:"rows"`
	Seconds    float64 `json:"s"`
	RowsPerSec float64 `json:"rows_per_sec"` // since the previous mark
}

// EmbedResult is what the benchmark found.
type EmbedResult struct {
	Turns        int     `json:"turns"`
	Members      int     `json:"members"`
	Copies       int     `json:"copies"`
	Model        string  `json:"model"`
	Batch        int     `json:"batch"`
	Workers      int     `json:"workers"`
	BulkBacklog  int     `json:"bulk_backlog"`
	ImportSec    float64 `json:"import_s"`
	ImportPerSec float64 `json:"import_rows_per_sec"`
	// The drain: DrainSec until no row is queued, ReadySec until the HNSW
	// index is also valid (the semantic leg fully caught up).
	DrainSec     float64       `json:"drain_s"`
	ReadySec     float64       `json:"ready_s"`
	DrainPerSec  float64       `json:"drain_rows_per_sec"` // Turns / ReadySec
	IndexBuilds  int64         `json:"index_builds"`
	Samples      []EmbedSample `json:"samples"`
	Marks        []EmbedMark   `json:"marks"`
	MinSampleRPS float64       `json:"min_sample_rows_per_sec"` // slowest full interval while embedding
	// Baselines in the same run: the embedder alone in Go (same texts,
	// same batches, same context; no database), and raw Postgres: COPY of
	// those vectors into a bare table, then one HNSW build.
	GoSec       float64 `json:"go_embed_s"`
	GoPerSec    float64 `json:"go_embed_rows_per_sec"`
	RawSec      float64 `json:"raw_copy_build_s"`
	RawCopySec  float64 `json:"raw_copy_s"`
	RawPerSec   float64 `json:"raw_rows_per_sec"`
	RatioGo     float64 `json:"ratio_to_go"`  // DrainPerSec / GoPerSec
	RatioRaw    float64 `json:"ratio_to_raw"` // DrainPerSec / RawPerSec
	Checked     int     `json:"vectors_checked"`
	Mismatched  int     `json:"vectors_mismatched"` // cosine to the Go vector < 0.9999
	Machine     Machine `json:"machine"`
	LoadAfter   string  `json:"loadavg_after"`
	IndexMemory string  `json:"build_memory"`
	// TimedOut: the drain did not end within the timeout; the samples say
	// how far it got, and nothing after the drain ran.
	TimedOut bool `json:"timed_out,omitempty"`
}

// EmbedTurns re-homes LoCoMo's conversations into n turns: copy c of
// conversation s goes to member "e<c>_<s>", every date moved c·29 days
// back, new ids; speakers, sessions, texts and audiences as they are.
func EmbedTurns(samples []locomo.Sample, n int) (eps []episodes.Episode, members, copies int) {
	for c := 0; len(eps) < n; c++ {
		copies = c + 1
		shift := -time.Duration(c) * 29 * 24 * time.Hour
		for _, s := range samples {
			if len(eps) >= n {
				break
			}
			member := fmt.Sprintf("e%03d_%s", c, locomo.Member(s.ID))
			members++
			for _, t := range s.Turns() {
				if len(eps) >= n {
					break
				}
				at := t.At.Add(shift)
				sum := sha256.Sum256([]byte(member + "/" + t.Ref))
				var id ulid.ULID
				_ = id.SetTime(ulid.Timestamp(at))
				_ = id.SetEntropy(sum[:10])
				eps = append(eps, episodes.Episode{Member: member, ID: id.String(), Session: t.Session, Channel: t.Channel,
					Role: t.Role, Speaker: t.Speaker, Audience: t.Audience, Content: t.Text, HappenedAt: at,
					Tokens: episodes.TokenEstimate(t.Text)})
			}
		}
	}
	return eps, members, copies
}

// ImportQueued writes eps as the appender does, batch rows per transaction:
// INSERT … FROM unnest, the sessions upsert and the embedding queue
// (embed.Enqueue for model) in the same transaction.
func ImportQueued(ctx context.Context, db *DB, eps []episodes.Episode, model string, batch int) error {
	for i := 0; i < len(eps); i += batch {
		chunk := eps[i:min(i+batch, len(eps))]
		err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
			keys, err := episodes.Insert(ctx, tx, chunk)
			if err != nil {
				return err
			}
			if len(keys) != len(chunk) {
				return fmt.Errorf("import: %d of %d rows written", len(keys), len(chunk))
			}
			if err := episodes.TouchSessions(ctx, tx, chunk); err != nil {
				return err
			}
			ms, ids := make([]string, len(chunk)), make([]string, len(chunk))
			for j, e := range chunk {
				ms[j], ids[j] = e.Member, e.ID
			}
			return embed.Enqueue(ctx, tx, model, embed.OwnerEpisode, ms, ids)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// GoVectors embeds eps in Go as the drainer does (speaker and content, the
// two previous turns of the session within ContextGap, batch by batch with
// each text embedded once per batch), with no database: the embedder's
// own ceiling, and the reference the stored vectors are checked against.
// eps must be in session order (EmbedTurns' order).
func GoVectors(ctx context.Context, e embed.Embedder, eps []episodes.Episode, cfg embed.DrainerConfig) ([][]float32, error) {
	cfg = cfg.WithDefaults()
	out := make([][]float32, len(eps))
	prev := func(i int) []int {
		var ps []int
		for j := i - 1; j >= 0 && len(ps) < cfg.PrevTurns; j-- {
			p, q := eps[j], eps[i]
			if p.Member != q.Member || p.Session != q.Session || q.HappenedAt.Sub(p.HappenedAt) > cfg.ContextGap {
				break
			}
			ps = append(ps, j) // same channel and audience throughout a LoCoMo session
		}
		return ps
	}
	for lo := 0; lo < len(eps); lo += cfg.Batch {
		hi := min(lo+cfg.Batch, len(eps))
		var batch []string
		at := map[string]int{}
		add := func(t string) int {
			if j, ok := at[t]; ok {
				return j
			}
			at[t] = len(batch)
			batch = append(batch, t)
			return len(batch) - 1
		}
		self := make([]int, hi-lo)
		ctxOf := make([][]int, hi-lo)
		for i := lo; i < hi; i++ {
			self[i-lo] = add(embed.EpisodeText(eps[i].Speaker, eps[i].Content))
			for _, j := range prev(i) {
				ctxOf[i-lo] = append(ctxOf[i-lo], add(embed.EpisodeText(eps[j].Speaker, eps[j].Content)))
			}
		}
		vs, err := e.Embed(ctx, batch)
		if err != nil {
			return nil, err
		}
		for i := lo; i < hi; i++ {
			var cs [][]float32
			for _, c := range ctxOf[i-lo] {
				cs = append(cs, vs[c])
			}
			out[i] = embed.WithContext(vs[self[i-lo]], cs, float32(cfg.PrevTurnWeight))
		}
	}
	return out, nil
}

// RunEmbed imports o.Turns turns into db (fresh, migrated), then runs a
// Drainer configured as memhive up configures it (o.Drainer) and samples
// its progress until every row is ready and the model's HNSW index is
// valid; then the baselines, then it checks every stored vector against
// the one computed in Go.
func RunEmbed(ctx context.Context, db *DB, e embed.Embedder, o EmbedOptions, res *EmbedResult) error {
	if o.Turns <= 0 {
		o.Turns = 250000
	}
	if o.Every <= 0 {
		o.Every = 10 * time.Second
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Minute
	}
	if o.ImportBatch <= 0 {
		o.ImportBatch = 1000
	}
	cfg := o.Drainer.WithDefaults()
	logf := func(format string, args ...any) {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, format+"\n", args...)
		}
	}
	samples, err := locomo.Load("")
	if err != nil {
		return err
	}
	eps, members, copies := EmbedTurns(samples, o.Turns)
	*res = EmbedResult{Turns: len(eps), Members: members, Copies: copies, Model: e.Model(), Batch: cfg.Batch,
		Workers: cfg.Workers, BulkBacklog: cfg.BulkBacklog, IndexMemory: cfg.BuildMemory}
	res.Machine = DescribeMachine(ctx, db.Pool)

	// Baseline 1: the embedder alone.
	start := time.Now()
	want, err := GoVectors(ctx, e, eps, cfg)
	if err != nil {
		return err
	}
	res.GoSec = time.Since(start).Seconds()
	res.GoPerSec = float64(len(eps)) / res.GoSec
	logf("go embed: %d rows in %.1fs (%.0f rows/s)", len(eps), res.GoSec, res.GoPerSec)

	// The import, as the appender writes, queue included.
	if err := embed.Register(ctx, db.Pool, e, true); err != nil {
		return err
	}
	start = time.Now()
	if err := ImportQueued(ctx, db, eps, e.Model(), o.ImportBatch); err != nil {
		return err
	}
	res.ImportSec = time.Since(start).Seconds()
	res.ImportPerSec = float64(len(eps)) / res.ImportSec
	logf("import: %d turns, %d members in %.1fs (%.0f rows/s), queue filled", len(eps), members, res.ImportSec, res.ImportPerSec)

	// The drain.
	d := embed.NewDrainer(db.Pool, e, o.Drainer, o.Logger)
	start = time.Now()
	if err := d.Start(ctx); err != nil {
		return err
	}
	defer d.Stop()
	var lastN int64
	lastT := start
	nextMark := int64(25000)
	markT, markN := start, int64(0)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	nextSample := start.Add(o.Every)
	deadline := start.Add(o.Timeout)
	res.MinSampleRPS = math.Inf(1)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		now := time.Now()
		n := d.Stats.Embedded.Load()
		for n >= nextMark && nextMark <= int64(len(eps)) {
			s := now.Sub(start).Seconds()
			res.Marks = append(res.Marks, EmbedMark{Rows: nextMark, Seconds: round1(s), RowsPerSec: math.Round(float64(nextMark-markN) / now.Sub(markT).Seconds())})
			markT, markN = now, nextMark
			nextMark += 25000
		}
		drained := n >= int64(len(eps))
		if drained && res.DrainSec == 0 {
			res.DrainSec = round1(now.Sub(start).Seconds())
			if len(res.Marks) == 0 || res.Marks[len(res.Marks)-1].Rows != n {
				res.Marks = append(res.Marks, EmbedMark{Rows: n, Seconds: res.DrainSec, RowsPerSec: math.Round(float64(n-markN) / now.Sub(markT).Seconds())})
			}
		}
		ready := false
		if drained {
			if ready, err = indexValid(ctx, db, e.Model()); err != nil {
				return err
			}
		}
		if now.After(nextSample) || ready {
			phase := "embedding"
			if drained {
				phase = "building_index"
			}
			if ready {
				phase = "done"
			}
			rps := float64(n-lastN) / now.Sub(lastT).Seconds()
			if phase == "embedding" && now.Sub(lastT) >= o.Every/2 {
				res.MinSampleRPS = min(res.MinSampleRPS, rps)
			}
			res.Samples = append(res.Samples, EmbedSample{Seconds: round1(now.Sub(start).Seconds()), Embedded: n,
				RowsPerSec: math.Round(rps), Phase: phase, Load: LoadAvg()})
			logf("  %6.1fs %7d rows  %6.0f rows/s  %s  (load %s)", now.Sub(start).Seconds(), n, rps, phase, LoadAvg())
			lastN, lastT = n, now
			nextSample = now.Add(o.Every)
		}
		if ready {
			res.ReadySec = round1(now.Sub(start).Seconds())
			break
		}
		if now.After(deadline) {
			// Report what was measured: the rate over time is the point.
			res.TimedOut = true
			res.Samples = append(res.Samples, EmbedSample{Seconds: round1(now.Sub(start).Seconds()), Embedded: n,
				RowsPerSec: math.Round(float64(n-lastN) / now.Sub(lastT).Seconds()), Phase: "timed_out", Load: LoadAvg()})
			res.LoadAfter = LoadAvg()
			return nil
		}
	}
	d.Stop()
	if math.IsInf(res.MinSampleRPS, 1) {
		res.MinSampleRPS = 0
	}
	res.MinSampleRPS = math.Round(res.MinSampleRPS)
	res.IndexBuilds = d.Stats.Builds.Load()
	res.DrainPerSec = math.Round(float64(len(eps)) / res.ReadySec)
	if n, err := embed.Pending(ctx, db.Pool, e.Model()); err != nil {
		return err
	} else if n != 0 {
		return fmt.Errorf("%d rows still queued after the drain", n)
	}

	// Baseline 2: raw Postgres, COPY of the same vectors and one build.
	if err := rawVectors(ctx, db, want, eps, cfg.BuildMemory, res); err != nil {
		return err
	}
	res.RatioGo = round2(res.DrainPerSec / res.GoPerSec)
	res.RatioRaw = round2(res.DrainPerSec / res.RawPerSec)
	logf("raw COPY + HNSW build: %.1fs (copy %.1fs; %.0f rows/s)", res.RawSec, res.RawCopySec, res.RawPerSec)

	// Every stored vector against the one computed in Go.
	if err := checkVectors(ctx, db, e.Model(), eps, want, res); err != nil {
		return err
	}
	res.LoadAfter = LoadAvg()
	return nil
}

func indexValid(ctx context.Context, db *DB, model string) (bool, error) {
	var ok bool
	err := db.Pool.QueryRow(ctx, `SELECT coalesce(bool_and(i.indisvalid), false) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		WHERE c.relname = $1 AND i.indrelid = 'embeddings'::regclass`, embed.IndexName(model)).Scan(&ok)
	return ok, err
}

func rawVectors(ctx context.Context, db *DB, vecs [][]float32, eps []episodes.Episode, memory string, res *EmbedResult) error {
	dims := len(vecs[0])
	if _, err := db.Pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE raw_vectors (member_id text, owner_id text, vec vector(%d))`, dims)); err != nil {
		return err
	}
	defer db.Pool.Exec(context.WithoutCancel(ctx), `DROP TABLE IF EXISTS raw_vectors`)
	// pgvector's binary form: dimensions (int16), unused (int16), then
	// big-endian float32s.
	lits := make([][]byte, len(vecs))
	for i, v := range vecs {
		b := binary.BigEndian.AppendUint16(nil, uint16(len(v)))
		b = binary.BigEndian.AppendUint16(b, 0)
		for _, x := range v {
			b = binary.BigEndian.AppendUint32(b, math.Float32bits(x))
		}
		lits[i] = b
	}
	start := time.Now()
	_, err := db.Pool.CopyFrom(ctx, pgx.Identifier{"raw_vectors"}, []string{"member_id", "owner_id", "vec"},
		pgx.CopyFromSlice(len(vecs), func(i int) ([]any, error) { return []any{eps[i].Member, eps[i].ID, lits[i]}, nil }))
	if err != nil {
		return fmt.Errorf("raw copy: %w", err)
	}
	res.RawCopySec = round1(time.Since(start).Seconds())
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT set_config('maintenance_work_mem', $1, false)`, memory); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `RESET maintenance_work_mem`)
	if _, err := conn.Exec(ctx, `CREATE INDEX ON raw_vectors USING hnsw (vec vector_cosine_ops)`); err != nil {
		return fmt.Errorf("raw build: %w", err)
	}
	res.RawSec = round1(time.Since(start).Seconds())
	res.RawPerSec = math.Round(float64(len(vecs)) / time.Since(start).Seconds())
	return nil
}

func checkVectors(ctx context.Context, db *DB, model string, eps []episodes.Episode, want [][]float32, res *EmbedResult) error {
	idx := make(map[[2]string]int, len(eps))
	for i, e := range eps {
		idx[[2]string{e.Member, e.ID}] = i
	}
	rows, err := db.Pool.Query(ctx, `SELECT member_id, owner_id, vec::text FROM embeddings WHERE model = $1 AND owner_kind = 'episode'`, model)
	if err != nil {
		return err
	}
	var m, id string
	var lit *string
	_, err = pgx.ForEachRow(rows, []any{&m, &id, &lit}, func() error {
		i, ok := idx[[2]string{m, id}]
		if !ok {
			return fmt.Errorf("a vector for %s/%s, which was not imported", m, id)
		}
		res.Checked++
		w := want[i]
		var zero = true
		for _, x := range w {
			if x != 0 {
				zero = false
			}
		}
		if lit == nil {
			if !zero {
				res.Mismatched++
			}
			return nil
		}
		got, err := parseVec(*lit)
		if err != nil {
			return err
		}
		if len(got) != len(w) || embed.Cosine(got, w) < 0.9999 {
			res.Mismatched++
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("check vectors: %w", err)
	}
	if res.Checked != len(eps) {
		return fmt.Errorf("check vectors: %d stored for %d turns", res.Checked, len(eps))
	}
	return nil
}

func parseVec(s string) ([]float32, error) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	parts := strings.Split(s, ",")
	out := make([]float32, len(parts))
	for i, p := range parts {
		f, err := strconv.ParseFloat(p, 32)
		if err != nil {
			return nil, fmt.Errorf("vector %q: %w", s, err)
		}
		out[i] = float32(f)
	}
	return out, nil
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
func round2(x float64) float64 { return math.Round(x*100) / 100 }
