package bench

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
)

// LocomoOptions configure one LoCoMo run.
type LocomoOptions struct {
	File      string
	Embedder  string // wink | hash | none
	WithFacts bool   // close every session and run nightly before asking
	LegLimit  int    // recall.Config.LegLimit; 0 keeps the product default
	// Haystack is how many turns of other people's conversations each
	// member also holds (Haystack below): 0 for none.
	Haystack int
	Limit    int // tier-1 limit; default 50
	Parallel int // questions asked at once; default 2
	// AskAs, when "speaker_a" or "speaker_b", asks every question as that
	// speaker of the conversation (Request.Asker person:<name>) instead of
	// the member, so that the self leg (facts about the asker) takes part.
	AskAs string
	// Recall, when set, is a recall configuration (JSON, recall.Config's
	// keys) the service runs with instead of the default, for ablations.
	Recall string
	// Dump, when set, receives one JSON line per question (its evidence,
	// memhive's and BM25's first ten refs, every leg's first ten, and every
	// leg's whole ranked list as keys and as refs, for re-fusing off line).
	Dump     io.Writer
	Progress io.Writer // optional progress lines
	Logger   *slog.Logger
}

// LegStat is how a leg behaved over every question.
type LegStat struct {
	Leg            string         `json:"leg"`
	Voted          int            `json:"voted"` // questions where it ran with weight 1 and proposed something
	MeanCandidates float64        `json:"mean_candidates"`
	Modes          map[string]int `json:"modes,omitempty"`
	Missing        map[string]int `json:"missing,omitempty"`
}

// LocomoResult is everything a LoCoMo run measured.
type LocomoResult struct {
	Date      string             `json:"date"`
	Machine   Machine            `json:"machine"`
	Schema    string             `json:"schema"`
	Embedder  string             `json:"embedder"`
	WithFacts bool               `json:"with_facts"`
	LegLimit  int                `json:"leg_limit"`
	Limit     int                `json:"limit"`
	Samples   int                `json:"samples"`
	Turns     int                `json:"turns"`
	Questions int                `json:"questions"`
	Facts     int                `json:"facts,omitempty"`
	Entities  int                `json:"entities,omitempty"`
	Embedded  int                `json:"embedded"`
	Haystack  int                `json:"haystack_per_member"`
	Seconds   map[string]float64 `json:"seconds"`
	// RecallMS are tier-1 latencies of this run's questions (p50, p95, p99).
	RecallMS [3]float64 `json:"recall_ms_p50_p95_p99"`
	Memhive  Table      `json:"memhive"`
	// EpisodesOnly is Memhive with fact items counted as misses (only with facts).
	EpisodesOnly *Table `json:"episodes_only,omitempty"`
	BM25         Table  `json:"bm25"`
	// BM25Speaker is BM25 over each turn's text with its speaker's name
	// prepended: not the paper's baseline, a what-if for the recall owner
	// (LoCoMo questions name the speaker; the turns rarely do).
	BM25Speaker Table `json:"bm25_speaker"`
	// Split is memhive and BM25 on conversations 1–5 (the ones tuning may
	// look at) and on 6–10 (held out from tuning), from the same answers.
	Split    []Table   `json:"split,omitempty"`
	Ablation []Table   `json:"ablation"`
	Legs     []LegStat `json:"legs"`
	// RefusedMismatch counts questions whose "all legs" re-fusion differs from
	// the answer's own top 10 (it should be 0 without facts: version-chain
	// replacement is the only step the re-fusion leaves out).
	RefusedMismatch int `json:"refused_mismatch"`
}

type asked struct {
	sample  int
	q       locomo.Question
	items   [][]string // dia ids per answer position
	epOnly  [][]string
	legs    []recall.LegDiagnostic
	named   []string
	folds   []recall.FoldDiagnostic
	bm25    [][]string
	elapsed time.Duration
	keys    []string // the answer's items, kind:id
	refused []string // the "all legs" re-fusion's keys, when its top 10 differs
}

// RunLocomo imports the LoCoMo file into db, embeds it, optionally closes
// every session and runs nightly, then asks every question at tier 1 and
// scores the answers, the leg ablation and BM25 in the same run.
func RunLocomo(ctx context.Context, db *DB, o LocomoOptions) (*LocomoResult, error) {
	if o.Limit == 0 {
		o.Limit = 50
	}
	if o.Parallel <= 0 {
		o.Parallel = 2
	}
	progress := func(format string, args ...any) {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, format+"\n", args...)
		}
	}
	samples, err := locomo.Load(o.File)
	if err != nil {
		return nil, err
	}
	var cfg recall.Config
	if o.Recall != "" {
		dec := json.NewDecoder(strings.NewReader(o.Recall))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cfg); err != nil {
			return nil, fmt.Errorf("recall configuration %q: %w", o.Recall, err)
		}
	}
	if o.LegLimit != 0 {
		cfg.LegLimit = o.LegLimit
	}
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	res := &LocomoResult{Date: time.Now().UTC().Format(time.RFC3339), Machine: DescribeMachine(ctx, db.Pool),
		Schema: db.Schema, Embedder: o.Embedder, WithFacts: o.WithFacts, LegLimit: cfg.LegLimit, Limit: o.Limit,
		Samples: len(samples), Haystack: o.Haystack, Seconds: map[string]float64{}}
	pool := db.Pool

	// import
	t0 := time.Now()
	dia := map[string]string{} // episode id → dia id
	asOf := make([]time.Time, len(samples))
	hay := make([][]lanes.Turn, len(samples))
	for i, s := range samples {
		var eps []episodes.Episode
		for _, t := range s.Turns() {
			eps = append(eps, episodes.Episode{Member: locomo.Member(s.ID), ID: t.ID, Session: t.Session, Channel: t.Channel,
				Role: t.Role, Speaker: t.Speaker, Audience: t.Audience, Content: t.Text, Ref: t.Ref, HappenedAt: t.At})
			_, d, _ := strings.Cut(t.Ref, "/")
			dia[t.ID] = d
		}
		asOf[i] = s.Now()
		if o.Haystack > 0 {
			hay[i], asOf[i] = Haystack(samples, i, o.Haystack)
			for _, t := range hay[i] {
				eps = append(eps, episodes.Episode{Member: locomo.Member(s.ID), ID: t.ID, Session: t.Session, Channel: t.Channel,
					Role: t.Role, Speaker: t.Speaker, Audience: t.Audience, Content: t.Text, Ref: t.Ref, HappenedAt: t.At})
				dia[t.ID] = hayDia(t)
			}
		}
		res.Turns += len(eps)
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := episodes.Insert(ctx, tx, eps); err != nil {
				return err
			}
			return episodes.TouchSessions(ctx, tx, eps)
		})
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", s.ID, err)
		}
		res.Questions += len(s.Questions)
	}
	res.Seconds["import"] = time.Since(t0).Seconds()
	progress("imported %d turns of %d samples (%.1fs)", res.Turns, len(samples), res.Seconds["import"])

	// facts and graph
	if o.WithFacts {
		t0 = time.Now()
		for i, s := range samples {
			m := locomo.Member(s.ID)
			seen := map[string]bool{}
			for _, t := range hay[i] {
				if seen[t.Session] {
					continue
				}
				seen[t.Session] = true
				if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: m, Session: t.Session,
					Channel: t.Channel, Reason: "explicit"}, o.Logger); err != nil {
					return nil, fmt.Errorf("close %s haystack session %s: %w", s.ID, t.Session, err)
				}
			}
			for _, se := range s.Sessions {
				_, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: m, Session: fmt.Sprintf("session_%d", se.N),
					Channel: locomo.Channel, Audience: s.Audience(), Reason: "explicit"}, o.Logger)
				if err != nil {
					return nil, fmt.Errorf("close %s session %d: %w", s.ID, se.N, err)
				}
			}
			if _, err := nightly.Run(ctx, pool, nightly.Options{Member: m, Force: true, Now: asOf[i], Logger: o.Logger}); err != nil {
				return nil, fmt.Errorf("nightly %s: %w", s.ID, err)
			}
		}
		_ = pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM facts), (SELECT count(*) FROM entities)`).Scan(&res.Facts, &res.Entities)
		res.Seconds["close_and_nightly"] = time.Since(t0).Seconds()
		progress("close and nightly: %d facts, %d entities (%.1fs)", res.Facts, res.Entities, res.Seconds["close_and_nightly"])
	}

	// embeddings
	emb, closeEmb, err := NewEmbedder(o.Embedder)
	if err != nil {
		return nil, err
	}
	defer closeEmb()
	if emb != nil {
		t0 = time.Now()
		if res.Embedded, err = EmbedAll(ctx, pool, emb, 256, o.Logger); err != nil {
			return nil, err
		}
		res.Seconds["embed"] = time.Since(t0).Seconds()
		progress("embedded %d rows with %s (%.1fs)", res.Embedded, emb.Model(), res.Seconds["embed"])
	}
	sources, err := factSources(ctx, pool, dia)
	if err != nil {
		return nil, err
	}

	// BM25 per sample, over the very texts memhive stores
	// and, as a what-if, over "<speaker name>: <text>"
	bms, bmsSpk := make([]*BM25, len(samples)), make([]*BM25, len(samples))
	docs := make([][]string, len(samples))
	for i, s := range samples {
		var texts, withSpk []string
		for _, se := range s.Sessions {
			for _, t := range se.Turns {
				docs[i] = append(docs[i], t.DiaID)
				withSpk = append(withSpk, t.Speaker+": ")
			}
		}
		for k, t := range s.Turns() {
			texts = append(texts, t.Text)
			withSpk[k] += t.Text
		}
		for _, t := range hay[i] { // the haystack: every hit there is a miss
			docs[i] = append(docs[i], hayDia(t))
			texts = append(texts, t.Text)
			withSpk = append(withSpk, strings.TrimPrefix(t.Speaker, "person:")+": "+t.Text)
		}
		bms[i], bmsSpk[i] = NewBM25(texts, 1.5, 0.75), NewBM25(withSpk, 1.5, 0.75)
	}

	// ask
	var emb2 recall.Embedder
	if emb != nil {
		emb2 = emb
	}
	svc := recall.New(pool, cfg, emb2, o.Logger)
	var jobs []*asked
	for i, s := range samples {
		for _, q := range s.Questions {
			jobs = append(jobs, &asked{sample: i, q: q})
		}
	}
	t0 = time.Now()
	work := make(chan *asked)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	done := 0
	for w := 0; w < o.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				err := ask(ctx, svc, samples[j.sample], asOf[j.sample], j, o.Limit, o.AskAs, dia, sources)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				done++
				if done%250 == 0 {
					progress("asked %d/%d questions", done, len(jobs))
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		work <- j
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.Seconds["ask"] = time.Since(t0).Seconds()
	progress("asked %d questions (%.1fs)", len(jobs), res.Seconds["ask"])

	// score
	mem, epOnly, bm, bmSpk := NewAcc(), NewAcc(), NewAcc(), NewAcc()
	// [0] conversations 1–5, [1] 6–10: memhive and BM25
	splitMem, splitBM := [2]*Acc{NewAcc(), NewAcc()}, [2]*Acc{NewAcc(), NewAcc()}
	legNames := []string{recall.LegKeyword, recall.LegSemantic, recall.LegGraph, recall.LegTemporal, recall.LegSelf, recall.LegContext}
	type variant struct {
		name    string
		weight  func(leg string, w int) int64
		fusion  *recall.Fusion // nil: the service's
		depth   int            // each leg's first depth candidates; 0: all
		noNamed bool           // without the named-sessions boost
	}
	same := func(_ string, w int) int64 { return int64(w) }
	variants := []variant{{name: "all legs (re-fused)", weight: same}}
	for _, l := range legNames {
		variants = append(variants, variant{name: "without " + l, weight: func(x string, w int) int64 {
			if x == l {
				return 0
			}
			return int64(w)
		}})
	}
	for _, l := range legNames {
		variants = append(variants, variant{name: l + " only", weight: func(x string, w int) int64 {
			if x != l {
				return 0
			}
			return int64(w)
		}})
	}
	// weightings the service does not use, to show what a weight would do
	for _, kw := range []int64{2, 3} {
		variants = append(variants, variant{name: fmt.Sprintf("keyword weight ×%d", kw), weight: func(x string, w int) int64 {
			if x == recall.LegKeyword {
				return kw * int64(w)
			}
			return int64(w)
		}})
	}
	// SPEC §4's fusion as first written over the same legs: K 60, factor
	// 1 + 0.5×(legs−1), every voting leg weight 1, each leg's first 20
	spec := recall.SpecFusion
	ones := func(_ string, w int) int64 { return int64(min(w, 1)) }
	variants = append(variants, variant{name: "no named-session boost", weight: same, noNamed: true},
		variant{name: "SPEC fusion, 20 a leg", weight: ones, fusion: &spec, depth: 20, noNamed: true},
		variant{name: "SPEC fusion, all cands", weight: ones, fusion: &spec, noNamed: true},
		variant{name: "weights 1 (K, depth kept)", weight: ones})
	accs := make([]*Acc, len(variants))
	for i := range accs {
		accs[i] = NewAcc()
	}
	stats := map[string]*LegStat{}
	for _, l := range legNames {
		stats[l] = &LegStat{Leg: l, Modes: map[string]int{}, Missing: map[string]int{}}
	}
	var lat []time.Duration
	for _, j := range jobs {
		for _, i := range bms[j.sample].Search(j.q.Text, o.Limit) {
			j.bm25 = append(j.bm25, []string{docs[j.sample][i]})
		}
		var spk [][]string
		for _, i := range bmsSpk[j.sample].Search(j.q.Text, o.Limit) {
			spk = append(spk, []string{docs[j.sample][i]})
		}
		bmSpk.Add(j.q.Category, j.q.Evidence, spk)
		lat = append(lat, j.elapsed)
		mem.Add(j.q.Category, j.q.Evidence, j.items)
		epOnly.Add(j.q.Category, j.q.Evidence, j.epOnly)
		bm.Add(j.q.Category, j.q.Evidence, j.bm25)
		half := min(j.sample/5, 1)
		splitMem[half].Add(j.q.Category, j.q.Evidence, j.items)
		splitBM[half].Add(j.q.Category, j.q.Evidence, j.bm25)
		for vi, v := range variants {
			fu := cfg.Fusion()
			if v.fusion != nil {
				fu = *v.fusion
			}
			named := j.named
			if v.noNamed {
				named = nil
			}
			keys, err := RefuseFolded(fu, j.legs, v.weight, v.depth, named, j.folds, o.Limit)
			if err != nil {
				return nil, err
			}
			ranked := expand(keys, dia, sources)
			accs[vi].Add(j.q.Category, j.q.Evidence, ranked)
			if vi == 0 && !sameTop(ranked, j.items, 10) {
				res.RefusedMismatch++
				j.refused = keys
			}
		}
		for _, l := range j.legs {
			st := stats[l.Leg]
			if st == nil {
				continue
			}
			if l.Missing != "" {
				st.Missing[l.Missing]++
				continue
			}
			mode := l.Mode
			if strings.HasPrefix(mode, "window ") {
				mode = "window"
			}
			if mode != "" {
				st.Modes[mode]++
			}
			if l.Weight > 0 && len(l.Ranked) > 0 {
				st.Voted++
				st.MeanCandidates += float64(len(l.Ranked))
			}
		}
	}
	res.Memhive = mem.Table("memhive tier 1")
	if o.WithFacts {
		t := epOnly.Table("memhive tier 1, fact items counted as misses")
		res.EpisodesOnly = &t
	}
	res.BM25 = bm.Table("BM25 (k1 1.5, b 0.75), same run")
	res.BM25Speaker = bmSpk.Table("BM25 over \"speaker: text\" (what-if)")
	if len(samples) > 5 {
		res.Split = []Table{splitMem[0].Table("memhive, conversations 1-5 (tuning)"), splitBM[0].Table("BM25, conversations 1-5"),
			splitMem[1].Table("memhive, conversations 6-10 (held out)"), splitBM[1].Table("BM25, conversations 6-10")}
	}
	for i, v := range variants {
		res.Ablation = append(res.Ablation, accs[i].Table(v.name))
	}
	for _, l := range legNames {
		st := stats[l]
		if st.Voted > 0 {
			st.MeanCandidates /= float64(st.Voted)
		}
		res.Legs = append(res.Legs, *st)
	}
	res.RecallMS = Percentiles(lat)

	if o.Dump != nil {
		enc := json.NewEncoder(o.Dump)
		for _, j := range jobs {
			line := map[string]any{"sample": samples[j.sample].ID, "question": j.q.Text, "category": j.q.Category,
				"evidence": j.q.Evidence, "memhive": top(j.items, 10), "memhive_all": top(j.items, len(j.items)), "bm25": top(j.bm25, 10),
				"bm25_50": top(j.bm25, len(j.bm25))}
			legs := map[string]any{}
			for _, l := range j.legs {
				legs[l.Leg] = map[string]any{"mode": l.Mode, "missing": l.Missing, "weight": l.Weight, "top": top(expand(l.Ranked, dia, sources), 10),
					"ranked": l.Ranked, "ranks": l.Ranks, "ranked_dia": top(expand(l.Ranked, dia, sources), len(l.Ranked))}
			}
			line["legs"] = legs
			line["named"] = j.named
			line["folded"] = j.folds
			line["memhive_keys"] = j.keys
			if j.refused != nil {
				line["refused_keys"] = j.refused
				line["refused_top"] = top(expand(j.refused, dia, sources), 10)
			}
			if err := enc.Encode(line); err != nil {
				return nil, fmt.Errorf("dump: %w", err)
			}
		}
	}
	return res, nil
}

func ask(ctx context.Context, svc *recall.Service, s locomo.Sample, now time.Time, j *asked, limit int, askAs string, dia map[string]string, sources map[string][]string) error {
	start := time.Now()
	asker := ""
	switch askAs {
	case "speaker_a":
		asker = locomo.Person(s.SpeakerA)
	case "speaker_b":
		asker = locomo.Person(s.SpeakerB)
	}
	a, err := svc.Recall(ctx, recall.Request{Member: locomo.Member(s.ID), Query: j.q.Text, Tier: "1", Audience: s.Audience(),
		Channel: locomo.Channel, Asker: asker, AsOf: &now, Limit: limit, BudgetTokens: 1 << 20})
	j.elapsed = time.Since(start)
	if err != nil {
		return fmt.Errorf("recall %s %q: %w", s.ID, j.q.Text, err)
	}
	for _, it := range a.Items {
		k := it.Kind + ":" + it.ID
		j.keys = append(j.keys, k)
		j.items = append(j.items, expand([]string{k}, dia, sources)[0])
		if it.Kind == "episode" {
			j.epOnly = append(j.epOnly, expand([]string{k}, dia, sources)[0])
		} else {
			j.epOnly = append(j.epOnly, nil)
		}
	}
	var d recall.Diagnostic
	if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
		return fmt.Errorf("recall %s: diagnostic: %w", s.ID, err)
	}
	j.legs = d.Legs
	j.named = d.Named
	j.folds = d.Folded
	return nil
}

// Refuse re-fuses the legs' ranked keys with f (recall.Fusion.Score) and
// recall.SortFused (the service's own fusion and order), each leg's votes
// weighted by weight(leg, the leg's own weight) — 0 leaves the leg out —
// and returns the first limit keys. Legs with weight 0 in the diagnostic
// vote for nothing, as in the service.
func Refuse(f recall.Fusion, legs []recall.LegDiagnostic, weight func(leg string, w int) int64, limit int) ([]string, error) {
	return RefuseDepth(f, legs, weight, 0, nil, limit)
}

// RefuseDepth is Refuse with each leg cut to its first depth candidates
// (0: all of them) and the candidates in named boosted as the service
// boosts the sessions of people a query names (recall.BoostNamed;
// Diagnostic.Named).
func RefuseDepth(f recall.Fusion, legs []recall.LegDiagnostic, weight func(leg string, w int) int64, depth int, named []string, limit int) ([]string, error) {
	return RefuseFolded(f, legs, weight, depth, named, nil, limit)
}

// RefuseFolded is RefuseDepth that also folds candidates as the service
// folded them (Diagnostic.Folded: a fact into its source turn, a repeated
// claim into its first saying): a folded candidate's votes join the one it
// was folded into (recall.MergeVotes) and it leaves the list, when both
// are among the re-fused candidates (a variant that cuts or drops a leg
// may lose the one folded into; the other then stands on its own).
func RefuseFolded(f recall.Fusion, legs []recall.LegDiagnostic, weight func(leg string, w int) int64, depth int, named []string, folds []recall.FoldDiagnostic, limit int) ([]string, error) {
	votes := map[string][]recall.Vote{}
	best := map[string][2]int{} // best rank, leg index
	var keys []string
	for li, l := range legs {
		w := weight(l.Leg, l.Weight)
		if l.Weight == 0 || w == 0 {
			continue
		}
		for i, k := range l.Ranked {
			if depth > 0 && i == depth {
				break
			}
			if _, ok := votes[k]; !ok {
				keys = append(keys, k)
				best[k] = [2]int{1 << 30, len(legs)}
			}
			rank := i + 1
			if i < len(l.Ranks) {
				rank = l.Ranks[i]
			}
			votes[k] = append(votes[k], recall.Vote{Leg: l.Leg, Weight: w, Rank: rank})
			if b := best[k]; rank < b[0] || rank == b[0] && li < b[1] {
				best[k] = [2]int{rank, li}
			}
		}
	}
	gone := map[string]bool{}
	for _, fd := range folds {
		if votes[fd.Key] == nil || votes[fd.Into] == nil || gone[fd.Into] {
			continue
		}
		votes[fd.Into] = recall.MergeVotes(votes[fd.Into], votes[fd.Key])
		if b, c := best[fd.Into], best[fd.Key]; c[0] < b[0] || c[0] == b[0] && c[1] < b[1] {
			best[fd.Into] = c
		}
		gone[fd.Key] = true
	}
	fs := make([]recall.Fused, 0, len(keys))
	for _, k := range keys {
		if gone[k] {
			continue
		}
		score, num, den, n, err := f.Score(votes[k])
		if err != nil {
			return nil, fmt.Errorf("re-fuse: %w", err)
		}
		_, id, _ := strings.Cut(k, ":")
		fu := recall.Fused{Key: k, ID: id, Votes: n, BestRank: best[k][0], BestLeg: best[k][1]}
		fu.Score.Set(&score)
		fu.Num.Set(&num)
		fu.Den.Set(&den)
		fs = append(fs, fu)
	}
	recall.SortFused(fs)
	if len(named) > 0 {
		boost := map[string]bool{}
		for _, k := range named {
			boost[k] = true
		}
		if err := recall.BoostNamed(fs, boost); err != nil {
			return nil, fmt.Errorf("re-fuse: %w", err)
		}
	}
	var out []string
	for _, fu := range fs {
		if len(out) == limit {
			break
		}
		out = append(out, fu.Key)
	}
	return out, nil
}

// expand maps kind:id keys to the dia ids each stands for.
func expand(keys []string, dia map[string]string, sources map[string][]string) [][]string {
	out := make([][]string, len(keys))
	for i, k := range keys {
		kind, id, _ := strings.Cut(k, ":")
		switch kind {
		case "episode":
			if d, ok := dia[id]; ok {
				out[i] = []string{d}
			}
		case "fact":
			out[i] = sources[id]
		}
	}
	return out
}

// hayDia is what a haystack turn stands for in the metrics: no evidence,
// but a session of its own ("hay…-D3" from SessionOf), so a ranking's
// distinct sessions (SessionRecallAll) count the haystack's too.
func hayDia(t lanes.Turn) string { return t.Session + ":hay" }

// factSources maps every fact id to the dia ids of its source episodes.
func factSources(ctx context.Context, pool *pgxpool.Pool, dia map[string]string) (map[string][]string, error) {
	out := map[string][]string{}
	rows, err := pool.Query(ctx, `SELECT member_id, id, source_episode_ids FROM facts ORDER BY member_id, id`)
	if err != nil {
		return nil, fmt.Errorf("fact sources: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m, id string
		var src []string
		if err := rows.Scan(&m, &id, &src); err != nil {
			return nil, fmt.Errorf("fact sources: %w", err)
		}
		for _, e := range src {
			if d, ok := dia[e]; ok {
				out[id] = append(out[id], d)
			}
		}
	}
	return out, rows.Err()
}

func sameTop(a, b [][]string, k int) bool {
	for i := 0; i < k; i++ {
		var x, y []string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if !slices.Equal(x, y) {
			return false
		}
	}
	return true
}

func top(r [][]string, k int) []string {
	var out []string
	for i := 0; i < k && i < len(r); i++ {
		out = append(out, strings.Join(r[i], "+"))
	}
	return out
}

// Percentiles returns p50, p95 and p99 of ds in milliseconds (nearest rank).
func Percentiles(ds []time.Duration) [3]float64 {
	if len(ds) == 0 {
		return [3]float64{}
	}
	s := slices.Clone(ds)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	at := func(p float64) float64 {
		i := int(p*float64(len(s))+0.999999) - 1
		if i < 0 {
			i = 0
		}
		if i >= len(s) {
			i = len(s) - 1
		}
		return float64(s[i].Microseconds()) / 1000
	}
	return [3]float64{at(0.50), at(0.95), at(0.99)}
}

// Haystack is n turns of other people's conversations for sample i's
// member: the other samples' turns, taken round robin, each keeping its own
// speakers and sessions (session ids prefixed "hay<copy>-<sample>-"), heard
// by its own speakers and sample i's two (so sample i's audience sees it),
// on the same channel. Half are re-dated into the years before sample i's
// first session, half into the months after its last; asOf is an hour
// after the last of them (questions are asked as of then). Ids derive from
// the member and the turn's place, so the haystack is the same every run.
func Haystack(samples []locomo.Sample, i, n int) (turns []lanes.Turn, asOf time.Time) {
	s := samples[i]
	var first time.Time
	for k, se := range s.Sessions {
		if k == 0 || se.Start.Before(first) {
			first = se.Start
		}
	}
	last := s.Now()
	var others [][]lanes.Turn
	for j, o := range samples {
		if j != i {
			others = append(others, o.Turns())
		}
	}
	// cursor per other sample, round robin one session's worth at a time
	pos := make([]int, len(others))
	copies := make([]int, len(others))
	var picked []lanes.Turn
	for k := 0; len(picked) < n; k = (k + 1) % len(others) {
		ts := others[k]
		p := pos[k]
		sess := ts[p].Session
		for p < len(ts) && ts[p].Session == sess && len(picked) < n {
			t := ts[p]
			t.Session = fmt.Sprintf("hay%d-%d-%s", copies[k], k, t.Session)
			t.Audience = memhive.NormalizeAudience(append(append([]string{}, t.Audience...), s.Audience()...))
			t.Ref = ""
			picked = append(picked, t)
			p++
		}
		if p == len(ts) {
			p = 0
			copies[k]++
		}
		pos[k] = p
	}
	// re-date: the first half ends a week before the first session, the
	// second starts a week after the last, both a turn every ten minutes
	// within a session and a day between sessions
	half := len(picked) / 2
	redate := func(ts []lanes.Turn, start time.Time) time.Time {
		at := start
		prev := ""
		for k := range ts {
			if ts[k].Session != prev {
				at = at.Add(24 * time.Hour)
				prev = ts[k].Session
			} else {
				at = at.Add(10 * time.Minute)
			}
			ts[k].At = at
		}
		return at
	}
	span := func(ts []lanes.Turn) time.Duration {
		var d time.Duration
		prev := ""
		for _, t := range ts {
			if t.Session != prev {
				d += 24 * time.Hour
				prev = t.Session
			} else {
				d += 10 * time.Minute
			}
		}
		return d
	}
	redate(picked[:half], first.Add(-7*24*time.Hour-span(picked[:half])))
	end := redate(picked[half:], last.Add(7*24*time.Hour))
	member := locomo.Member(s.ID)
	for k := range picked {
		sum := sha256.Sum256([]byte(fmt.Sprintf("haystack/%s/%d", member, k)))
		var id ulid.ULID
		_ = id.SetTime(ulid.Timestamp(picked[k].At))
		_ = id.SetEntropy(sum[:10])
		picked[k].ID = id.String()
	}
	asOf = last
	if len(picked) > half {
		asOf = end.Add(time.Hour)
	}
	return picked, asOf
}
