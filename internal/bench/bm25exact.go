package bench

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/oklog/ulid/v2"
	"golang.org/x/text/unicode/norm"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/recall"
)

// BM25AgreeOptions configure the keyword leg's agreement run (memhive bench
// bm25): for each size, one member holding that many LoCoMo turns, every
// question asked of the keyword leg alone and of an exact BM25 computed here.
type BM25AgreeOptions struct {
	File     string // LoCoMo file; "" is the built-in copy
	Sizes    []int  // member sizes in turns; default 1,000, 10,000, 100,000
	Queries  int    // questions per size, spread over all of them; 0 = all
	K        int    // the compared top; default 20
	Progress io.Writer
}

// BM25AgreeSize is one size's figures.
type BM25AgreeSize struct {
	Turns   int `json:"turns"`
	Queries int `json:"queries"`
	// Equal counts the questions whose leg top-K equals BM25's top-K as sets
	// (ties at BM25's K-th score broken by episode id, as the leg breaks
	// them); Percent is Equal over Queries.
	Equal   int     `json:"equal"`
	Percent float64 `json:"percent"`
	// MeanOverlap is the mean |leg top-K ∩ BM25 top-K| / |BM25 top-K|.
	MeanOverlap float64 `json:"mean_overlap"`
	// Empty counts questions where BM25 matches no row (both sides empty
	// counts as equal).
	Empty int `json:"empty"`
	// LegMS is the keyword leg's latency as recall runs it (the whole leg:
	// for a member of at least keyword_cache_min_episodes, its index in
	// memory, loaded before the questions: warm; else the SQL path), p50,
	// p95, p99 in milliseconds.
	LegMS [3]float64 `json:"leg_ms_p50_p95_p99"`
	// SQLEqual and SQLLegMS are the same for the SQL path alone (the cache
	// off), the same questions asked right after.
	SQLEqual int        `json:"sql_equal"`
	SQLLegMS [3]float64 `json:"sql_leg_ms_p50_p95_p99"`
	// CacheLoadSeconds is the cold load of the member's index into memory
	// (0: the member stays on the SQL path); CacheMiB its estimated size.
	CacheLoadSeconds float64 `json:"cache_load_seconds"`
	CacheMiB         float64 `json:"cache_mib"`
	// Rounds counts questions by the leg's rounds (its mode).
	Modes         map[string]int `json:"modes"`
	ImportSeconds float64        `json:"import_seconds"`
	// Mismatches are a few questions whose sets differ, for reading.
	Mismatches []string `json:"mismatches,omitempty"`
}

// BM25AgreeResult is a whole run.
type BM25AgreeResult struct {
	Date    string          `json:"date"`
	Machine Machine         `json:"machine"`
	Schema  string          `json:"schema"`
	K1      float64         `json:"k1"`
	B       float64         `json:"b"`
	K       int             `json:"k"`
	Sizes   []BM25AgreeSize `json:"sizes"`
}

// bm25Owner is the one participant every re-homed turn is shared with.
const bm25Owner = "person:owner"

// RunBM25Agree builds each member (LoCoMo's turns in order, the ten
// conversations one after another, repeated with dates shifted by 400 days
// per repetition until the size is reached: real conversational text), then
// asks every (or every n-th) LoCoMo question of the keyword leg
// (recall.Service.KeywordRanking) and of exactBM25, and compares the top K.
func RunBM25Agree(ctx context.Context, db *DB, o BM25AgreeOptions) (*BM25AgreeResult, error) {
	if len(o.Sizes) == 0 {
		o.Sizes = []int{1000, 10000, 100000}
	}
	if o.K <= 0 {
		o.K = 20
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
	var turns []locomoTurn
	var questions []string
	var last time.Time
	for _, s := range samples {
		for _, t := range s.Turns() {
			turns = append(turns, locomoTurn{speaker: t.Speaker, text: t.Text, at: t.At, session: s.ID + "_" + t.Session})
			if t.At.After(last) {
				last = t.At
			}
		}
		for _, q := range s.Questions {
			questions = append(questions, q.Text)
		}
	}
	if o.Queries > 0 && o.Queries < len(questions) {
		step := float64(len(questions)) / float64(o.Queries)
		var picked []string
		for i := range o.Queries {
			picked = append(picked, questions[int(float64(i)*step)])
		}
		questions = picked
	}
	res := &BM25AgreeResult{Date: time.Now().UTC().Format(time.RFC3339), Machine: DescribeMachine(ctx, db.Pool),
		Schema: db.Schema, K1: recall.BM25K1, B: recall.BM25B, K: o.K}
	svc := recall.New(db.Pool, recall.Config{}, nil, nil)
	sqlSvc := recall.New(db.Pool, recall.Config{KeywordCacheMB: -1}, nil, nil)
	for _, size := range o.Sizes {
		member := fmt.Sprintf("bm25_%d", size)
		t0 := time.Now()
		asOf, err := buildBM25Member(ctx, db, member, turns, last, size)
		if err != nil {
			return nil, err
		}
		sz := BM25AgreeSize{Turns: size, Modes: map[string]int{}, ImportSeconds: time.Since(t0).Seconds()}
		progress("member %s: %d turns imported (%.1fs)", member, size, sz.ImportSeconds)
		ex, err := loadExactBM25(ctx, db, member, recall.BM25K1, recall.BM25B)
		if err != nil {
			return nil, err
		}
		if size >= svc.Config().KeywordCacheMinEpisodes {
			_, _, _, b0, _ := svc.KeywordCacheStats()
			t1 := time.Now()
			held, err := svc.KeywordCacheLoad(ctx, member)
			if err != nil {
				return nil, err
			}
			_, _, _, b1, _ := svc.KeywordCacheStats()
			if held {
				sz.CacheLoadSeconds, sz.CacheMiB = time.Since(t1).Seconds(), float64(b1-b0)/(1<<20)
				progress("  keyword index of %s loaded into memory in %.2fs (%.1f MiB)", member, sz.CacheLoadSeconds, sz.CacheMiB)
			}
		}
		var lat, sqlLat []time.Duration
		var overlap float64
		for qi, qt := range questions {
			want, err := ex.top(ctx, db, qt, o.K)
			if err != nil {
				return nil, err
			}
			req := recall.Request{Member: member, Tier: "1", Query: qt, Audience: []string{bm25Owner},
				Channel: locomo.Channel, AsOf: &asOf}
			t1 := time.Now()
			sqlGot, _, err := sqlSvc.KeywordRanking(ctx, req)
			sqlLat = append(sqlLat, time.Since(t1))
			if err != nil {
				return nil, fmt.Errorf("keyword leg (SQL path), %q: %w", qt, err)
			}
			if sameKeywordTop(sqlGot, want, o.K) {
				sz.SQLEqual++
			}
			t1 = time.Now()
			got, mode, err := svc.KeywordRanking(ctx, req)
			lat = append(lat, time.Since(t1))
			if err != nil {
				return nil, fmt.Errorf("keyword leg, %q: %w", qt, err)
			}
			sz.Modes[mode]++
			if len(got) > o.K {
				got = got[:o.K]
			}
			gotSet := map[string]bool{}
			for _, g := range got {
				gotSet[strings.TrimPrefix(g, "episode:")] = true
			}
			common := 0
			for _, w := range want {
				if gotSet[w] {
					common++
				}
			}
			if len(want) == 0 {
				sz.Empty++
				overlap++
			} else {
				overlap += float64(common) / float64(len(want))
			}
			if common == len(want) && len(got) == len(want) {
				sz.Equal++
			} else if len(sz.Mismatches) < 5 {
				sz.Mismatches = append(sz.Mismatches, fmt.Sprintf("%q: %d of %d in common (leg %d rows)", qt, common, len(want), len(got)))
			}
			sz.Queries++
			if (qi+1)%500 == 0 {
				progress("  %d/%d questions", qi+1, len(questions))
			}
		}
		sz.Percent = 100 * float64(sz.Equal) / float64(max(sz.Queries, 1))
		sz.MeanOverlap = overlap / float64(max(sz.Queries, 1))
		sz.LegMS = Percentiles(lat)
		sz.SQLLegMS = Percentiles(sqlLat)
		progress("  %d turns: %d/%d top-%d sets equal (%.1f%%), leg p50 %.1f ms p95 %.1f ms; SQL path %d equal, p50 %.1f ms p95 %.1f ms",
			size, sz.Equal, sz.Queries, o.K, sz.Percent, sz.LegMS[0], sz.LegMS[1], sz.SQLEqual, sz.SQLLegMS[0], sz.SQLLegMS[1])
		res.Sizes = append(res.Sizes, sz)
	}
	return res, nil
}

// sameKeywordTop reports whether the leg's first k rows (keys "episode:<id>") are
// the set want.
func sameKeywordTop(got, want []string, k int) bool {
	if len(got) > k {
		got = got[:k]
	}
	if len(got) != len(want) {
		return false
	}
	set := map[string]bool{}
	for _, g := range got {
		set[strings.TrimPrefix(g, "episode:")] = true
	}
	for _, w := range want {
		if !set[w] {
			return false
		}
	}
	return true
}

type locomoTurn struct {
	speaker, text, session string
	at                     time.Time
}

// buildBM25Member writes size turns into member: turns[k % len] for k <
// size, the r-th repetition dated r×400 days later, in transactions of 2,000
// (the insert path the appender uses, so the keyword index is written as in
// production), then vacuums and analyzes. It returns an as-of after the
// last turn.
func buildBM25Member(ctx context.Context, db *DB, member string, turns []locomoTurn, last time.Time, size int) (time.Time, error) {
	shift := 400 * 24 * time.Hour
	var asOf time.Time
	for start := 0; start < size; start += 2000 {
		var eps []episodes.Episode
		for k := start; k < min(start+2000, size); k++ {
			t := turns[k%len(turns)]
			r := k / len(turns)
			at := t.at.Add(time.Duration(r) * shift)
			var id ulid.ULID
			_ = id.SetTime(ulid.Timestamp(at))
			var ent [10]byte
			copy(ent[:], fmt.Sprintf("%010d", k))
			_ = id.SetEntropy(ent[:])
			eps = append(eps, episodes.Episode{Member: member, ID: id.String(), Session: fmt.Sprintf("%s_r%d", t.session, r),
				Channel: locomo.Channel, Role: "peer", Speaker: t.speaker, Audience: []string{bm25Owner},
				Content: t.text, HappenedAt: at})
			if end := last.Add(time.Duration(r) * shift); end.After(asOf) {
				asOf = end
			}
		}
		err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
			_, err := episodes.Insert(ctx, tx, eps)
			return err
		})
		if err != nil {
			return time.Time{}, fmt.Errorf("import %s: %w", member, err)
		}
	}
	// the steady state autovacuum reaches: planner statistics, and a
	// visibility map that lets the postings be read from the index alone
	if _, err := db.Pool.Exec(ctx, `VACUUM (ANALYZE) episodes, keyword_postings, keyword_terms`); err != nil {
		return time.Time{}, err
	}
	return asOf.Add(time.Hour), nil
}

// exactBM25 is BM25 over one member's episodes, computed here from the
// episodes' tsv (to_tsvector's lexemes and positions: the leg's tokens),
// without the keyword leg's index tables.
type exactBM25 struct {
	k1, b   float64
	ids     []string           // by document number
	lens    []float64          // document length: the sum of its lexemes' counts
	avg     float64            // mean length over all the member's episodes
	post    map[string][]tfDoc // lexeme → its documents
	lexicon []string           // sorted lexemes
}

type tfDoc struct {
	doc int
	tf  float64
}

func loadExactBM25(ctx context.Context, db *DB, member string, k1, b float64) (*exactBM25, error) {
	x := &exactBM25{k1: k1, b: b, post: map[string][]tfDoc{}}
	rows, err := db.Pool.Query(ctx, `SELECT e.id, coalesce(l.lexeme, ''), coalesce(cardinality(l.positions), 0)
		FROM episodes e LEFT JOIN LATERAL unnest(e.tsv) l ON true
		WHERE e.member_id = $1 ORDER BY e.id`, member)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	doc := -1
	var total float64
	for rows.Next() {
		var id, lex string
		var npos int
		if err := rows.Scan(&id, &lex, &npos); err != nil {
			return nil, err
		}
		if doc < 0 || x.ids[doc] != id {
			x.ids = append(x.ids, id)
			x.lens = append(x.lens, 0)
			doc++
		}
		if lex == "" {
			continue
		}
		tf := float64(max(npos, 1))
		x.post[lex] = append(x.post[lex], tfDoc{doc, tf})
		x.lens[doc] += tf
		total += tf
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(x.ids) > 0 {
		x.avg = total / float64(len(x.ids))
	}
	for l := range x.post {
		x.lexicon = append(x.lexicon, l)
	}
	sort.Strings(x.lexicon)
	return x, nil
}

// queryClasses are the BM25 terms of a question: its words (runs of
// letters, digits and combining marks of its text in NFC, lower-cased, as
// the lexemes are made from NFC since migration 032; first occurrence, at
// most 16 that stem to something), each stemmed by to_tsvector('english') (a stop word stems to
// nothing); a word of four letters or more matches every lexeme of the
// member it is a prefix of. A word's matched lexemes are one term (its
// class): tf is the sum of their counts in a document, df the number of
// documents holding any. Words matching the same lexemes are one term.
func (x *exactBM25) queryClasses(ctx context.Context, db *DB, q string) ([][]string, error) {
	ws := strings.FieldsFunc(strings.ToLower(norm.NFC.String(q)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.M, r)
	})
	seen := map[string]bool{}
	var uniq []string
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			uniq = append(uniq, w)
		}
	}
	var out [][]string
	seenClass := map[string]bool{}
	used := 0
	for _, w := range uniq {
		if used == 16 {
			break
		}
		var stems []string
		if err := db.Pool.QueryRow(ctx, `SELECT tsvector_to_array(to_tsvector('english', $1))`, w).Scan(&stems); err != nil {
			return nil, err
		}
		if len(stems) == 0 {
			continue
		}
		used++
		prefix := len([]rune(w)) >= 4
		cls := map[string]bool{}
		for _, s := range stems {
			if !prefix {
				if _, ok := x.post[s]; ok {
					cls[s] = true
				}
				continue
			}
			i := sort.SearchStrings(x.lexicon, s)
			for ; i < len(x.lexicon) && strings.HasPrefix(x.lexicon[i], s); i++ {
				cls[x.lexicon[i]] = true
			}
		}
		if len(cls) == 0 {
			continue
		}
		var lex []string
		for l := range cls {
			lex = append(lex, l)
		}
		sort.Strings(lex)
		if key := strings.Join(lex, " "); !seenClass[key] {
			seenClass[key] = true
			out = append(out, lex)
		}
	}
	return out, nil
}

// top is the ids of the k best-scoring episodes for q, best first: score
// (rounded to 1e-9, as the leg rounds) descending, then id ascending.
func (x *exactBM25) top(ctx context.Context, db *DB, q string, k int) ([]string, error) {
	classes, err := x.queryClasses(ctx, db, q)
	if err != nil {
		return nil, err
	}
	n := float64(len(x.ids))
	score := map[int]float64{}
	for _, cls := range classes {
		tf := map[int]float64{}
		for _, l := range cls {
			for _, p := range x.post[l] {
				tf[p.doc] += p.tf
			}
		}
		df := float64(len(tf))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		for d, f := range tf {
			norm := x.k1 * (1 - x.b + x.b*x.lens[d]/x.avg)
			score[d] += idf * f * (x.k1 + 1) / (f + norm)
		}
	}
	type hit struct {
		doc int
		s   float64
	}
	hits := make([]hit, 0, len(score))
	for d, s := range score {
		hits = append(hits, hit{d, math.Round(s*1e9) / 1e9})
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].s != hits[j].s {
			return hits[i].s > hits[j].s
		}
		return x.ids[hits[i].doc] < x.ids[hits[j].doc]
	})
	if len(hits) > k {
		hits = hits[:k]
	}
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = x.ids[h.doc]
	}
	return out, nil
}
