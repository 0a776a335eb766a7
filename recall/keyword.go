package recall

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// BM25 parameters of the keyword leg (and of the bm25 agreement harness,
// internal/bench/bm25exact.go, which computes the same ranking on its own).
const (
	BM25K1 = 1.2
	BM25B  = 0.75
)

// keywordEssentialPostings is how many postings the first round of the
// episode ranking reads; each round after reads four times more. A round
// spends them on the classes with the fewest postings left, read to their
// end, while they fit, and shares the rest among the other lexemes (at
// least keywordChunk each), read shortest episode first. Tunings of cost,
// never of the result: a round's answer is exact or the round is not the
// last.
const (
	keywordEssentialPostings = 1000
	keywordChunk             = 16
)

// keywordLeg: BM25 with prefix matching over all of the member's matching
// rows (SPEC §4 tier 1, "ranking at least as good as BM25").
//
// A query term (terms: words without stop words) is stemmed by
// to_tsvector('english'); a term of four letters or more matches every
// lexeme it is a prefix of (tsTerm). The lexemes a query term matches are
// one BM25 term (kwClass): its tf in a row is the sum of their counts, its
// df the number of the member's episodes holding any of them; a row's score
// is the sum over the query's terms it holds of
// idf·tf·(k1+1)/(tf + k1·(1 − b + b·dl/avgdl)),
// idf = ln(1 + (N − df + 0.5)/(df + 0.5)), with N, df, dl and avgdl from the
// member's episodes (all of them: document frequencies do not depend on who
// asks; the gate and the request filters decide which rows are candidates).
//
// Episodes are ranked from the inverted index of migrations 008 and 012
// (keyword_postings keyed by member, lexeme, episode length and id;
// keyword_terms) by a threshold algorithm (keywordRank): each term's
// postings are read shortest episode first, every row seen is scored
// exactly on all the query's terms from its own tsv, and reading stops
// when no row not yet seen can score above the limit-th visible row. A
// term's contribution falls as the episode's length grows, so on a member
// of 100,000 turns a common term (a speaker's name, a short stem) is read
// for its shortest rows only, not in full. Facts, few per member, are
// scored exactly in one statement from their tsv (the GIN index of
// migration 005 finds them).
func (s *Service) keywordLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegKeyword, weight: 1, mode: "bm25"}
	ts := terms(q.req.Query)
	if len(ts) == 0 {
		res.mode = "no_terms"
		return res, nil
	}
	each, _, _ := tsQueries(ts)
	limit := s.cfg.LegLimit
	var eps []scored
	var pre *kwPre
	cached := false
	if x := s.kwGet(q.member); x != nil {
		var err error
		eps, pre, err = s.keywordEpisodesCached(ctx, q, x, s.kwGet(kwFactsKey(q.member)), each, limit)
		switch {
		case errors.Is(err, errKwGap), errors.Is(err, errKwBehind): // answer from SQL, load again later
			s.kwDrop(q.member)
			s.logger.Info("keyword cache: index dropped", "member", q.member, "err", err)
		case err != nil:
			return nil, fmt.Errorf("keyword leg (episodes, cached): %w", err)
		default:
			cached = true
			s.kw.hits.Add(1)
			res.mode = "bm25/cache"
		}
	}
	if !cached {
		s.kw.misses.Add(1)
		var rounds int
		var n int64
		var err error
		eps, rounds, n, err = s.keywordEpisodes(ctx, q, each, limit)
		if err != nil {
			return nil, fmt.Errorf("keyword leg (episodes): %w", err)
		}
		if rounds > 1 {
			res.mode = fmt.Sprintf("bm25/%d", rounds)
		}
		s.kwMaybeLoad(q.member, n)
	}
	fs, err := s.keywordFactsAny(ctx, q, each, limit, pre)
	if err != nil {
		return nil, fmt.Errorf("keyword leg (facts): %w", err)
	}
	res.rows = mergeScored([][]scored{eps, fs}, limit)
	return res, nil
}

// bm25IDF is the idf of a BM25 term held by df of a member's n episodes.
// The SQL path and the in-memory index (kwcache.go) both use it, so that
// they score alike to the bit.
func bm25IDF(n, df int64) float64 {
	d := float64(df)
	return math.Log(1 + (float64(n)-d+0.5)/(d+0.5))
}

// compareClasses orders a query's BM25 terms rarest first, then by their
// lexemes: the order their contributions are summed in, on both paths.
func compareClasses(a, b kwClass) int {
	if a.df != b.df {
		return cmp.Compare(a.df, b.df)
	}
	return strings.Compare(strings.Join(a.lexemes, " "), strings.Join(b.lexemes, " "))
}

// queryLexemesSQL is the query terms $2 (tsTerm form) as (ord, lex,
// prefix) rows: each term's lexemes under to_tsvector('english') (none for
// a stop word), prefix when the term ends in ':*'.
const queryLexemesSQL = `SELECT DISTINCT t.ord::int AS ord, l AS lex, right(t.term, 2) = ':*' AS prefix
	FROM unnest($2::text[]) WITH ORDINALITY AS t(term, ord)
	CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', t.term))) AS l`

// kwClass is one BM25 term of a query: the lexemes of the member's episodes
// that one query term matches (its lexeme, or every lexeme it is a prefix
// of), counted as one term: tf is the sum of their counts in a row, df the
// number of rows holding any of them.
type kwClass struct {
	lexemes []string
	dfs     []int64 // each lexeme's document frequency
	maxTFs  []int64 // each lexeme's largest tf in the member's postings
	df      int64
	idf     float64
}

// keywordEpisodes is the member's best limit visible episodes by BM25, how
// many rounds it took, and the member's number of episodes.
func (s *Service) keywordEpisodes(ctx context.Context, q *query, each []string, limit int) ([]scored, int, int64, error) {
	// The member's totals (term '') and every lexeme the query's terms
	// match, with its document frequency: a range of keyword_terms' key per
	// term (a prefix, or the lexeme alone).
	rows, err := s.pool.Query(ctx, `/* leg:keyword */ WITH q AS MATERIALIZED (`+queryLexemesSQL+`)
		SELECT 0, k.term, k.df, k.len, k.max_tf FROM keyword_terms k WHERE k.member_id = $1 AND k.term = ''
		UNION ALL
		SELECT q.ord, k.term, k.df, k.len, k.max_tf FROM q JOIN keyword_terms k ON k.member_id = $1
			AND k.term >= q.lex COLLATE "C"
			AND k.term <= CASE WHEN q.prefix THEN q.lex || chr(1114111) ELSE q.lex END COLLATE "C"
			AND k.term <> ''`, q.member, each)
	if err != nil {
		return nil, 0, 0, err
	}
	byOrd := map[int]map[string]int64{}
	maxTF := map[string]int64{}
	var n, total int64
	for rows.Next() {
		var ord int
		var t string
		var df, ln, mtf int64
		if err := rows.Scan(&ord, &t, &df, &ln, &mtf); err != nil {
			rows.Close()
			return nil, 0, 0, err
		}
		if ord == 0 {
			n, total = df, ln
			continue
		}
		if byOrd[ord] == nil {
			byOrd[ord] = map[string]int64{}
		}
		byOrd[ord][t] = df
		maxTF[t] = mtf
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, 0, err
	}
	// one class per distinct lexeme set (two terms matching the same
	// lexemes are one term)
	seen := map[string]bool{}
	var cls []kwClass
	for _, m := range byOrd {
		var c kwClass
		for t := range m {
			c.lexemes = append(c.lexemes, t)
		}
		slices.Sort(c.lexemes)
		key := strings.Join(c.lexemes, " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		for _, t := range c.lexemes {
			c.dfs = append(c.dfs, m[t])
			c.maxTFs = append(c.maxTFs, maxTF[t])
		}
		cls = append(cls, c)
	}
	if n == 0 || len(cls) == 0 {
		return nil, 0, n, nil
	}
	if err := s.classDFs(ctx, q.member, cls); err != nil {
		return nil, 0, n, err
	}
	avgdl := float64(total) / float64(n)
	if avgdl <= 0 {
		avgdl = 1
	}
	for i := range cls {
		cls[i].idf = bm25IDF(n, cls[i].df)
	}
	// rarest first (a deterministic order: the scores are summed in it)
	slices.SortFunc(cls, compareClasses)
	eps, rounds, err := s.keywordRank(ctx, q, cls, avgdl, limit)
	return eps, rounds, n, err
}

// kwLexeme is one lexeme of a query's class and how far its postings have
// been read, in key order (episode length dl, then id): every posting up to
// (dl, id) has been, all of them when done.
type kwLexeme struct {
	term  string
	cls   int
	df    int64
	maxTF int64
	dl    int
	id    string
	got   int64 // postings read
	done  bool
}

// read reports whether the posting of an episode of length dl, if it has
// one, has surely been read: the lexeme is read to its end or past that
// length. (At the length it is read to, ids decide, in the database's
// collation: such a posting counts as not read, which only loosens a bound.)
func (l *kwLexeme) read(dl int) bool { return l.done || dl < l.dl }

// kwRow is an episode met in the postings: its length, the tf read so far
// per class, and, once resolved (read from episodes: gate, filters and its
// tf per class from its own tsv), whether it is visible and its score.
type kwRow struct {
	id       string
	dl       int
	tfs      []int
	resolved bool
	visible  bool
	score    float64 // exact once resolved
	ub       float64 // the most it can score while not resolved
	row      *row    // the episode, once resolved and visible
}

// kwW is BM25's tf part: tf·(k1+1)/(tf + k1·(1 − b + b·dl/avgdl)).
func kwW(tf, dl int, avgdl float64) float64 {
	if tf <= 0 {
		return 0
	}
	f := float64(tf)
	return f * (BM25K1 + 1) / (f + BM25K1*(1-BM25B+BM25B*float64(dl)/avgdl))
}

// kwThreshold is the most a row not met yet in any posting can score. Such
// a row of length d holds none of the lexemes read past length d (it would
// have been met), and each of the others once at most (every posting whose
// tf is above 1 is read in the first round), so a class's tf in it is at
// most the number of its lexemes not read past d, and at most d. The bound at d only rises
// where a lexeme's read position is: the most over those lengths is the
// most over every length.
func kwThreshold(cls []kwClass, lx []kwLexeme, avgdl float64) float64 {
	var best float64
	t := make([]int64, len(cls))
	for _, at := range lx {
		if at.done {
			continue
		}
		d := max(at.dl, 1)
		clear(t)
		for _, l := range lx {
			if !l.done && l.dl <= d {
				t[l.cls]++
			}
		}
		var sum float64
		for c := range cls {
			if t[c] > 0 {
				sum += cls[c].idf * kwW(int(min(t[c], int64(d))), d, avgdl)
			}
		}
		best = math.Max(best, sum)
	}
	return best
}

// kwUpper is the most row r can score from what has been read: each
// class's tf read so far, plus 1 for each of its lexemes whose posting of r
// may not have been read (its tf is 1: the others are read in the first
// round); at most r's length.
func kwUpper(cls []kwClass, lx []kwLexeme, r *kwRow, avgdl float64) float64 {
	t := make([]int64, len(cls))
	for c, n := range r.tfs {
		t[c] = int64(n)
	}
	for _, l := range lx {
		if !l.read(r.dl) {
			t[l.cls]++
		}
	}
	var sum float64
	for c := range cls {
		sum += cls[c].idf * kwW(int(min(t[c], int64(r.dl))), r.dl, avgdl)
	}
	return sum
}

// keywordRank is the member's best limit visible episodes by BM25 over the
// query's classes cls (rarest first), and how many rounds it took: a
// threshold algorithm over postings read shortest episode first, without
// random access to the postings.
//
// Each round reads, for every lexeme not read to its end, its next postings
// in key order, from the index alone (kwPlan: keywordEssentialPostings in
// the first round, four times more each round after, spent first on the
// classes with the fewest postings left; the first round also reads every
// posting whose tf is above 1). A row met is known to score at most kwUpper; the rows that
// could still reach the top are resolved, best bound first: read from
// episodes (the gate and the request's filters decide whether it is
// visible) and scored on every class from its own tsv, exactly. The round
// is the last when limit visible rows are resolved, the limit-th scores
// more than any row not met can (kwThreshold), and every row met that
// could reach it has been resolved; or when every lexeme has been read.
func (s *Service) keywordRank(ctx context.Context, q *query, cls []kwClass, avgdl float64, limit int) ([]scored, int, error) {
	var lx []kwLexeme
	for c, k := range cls {
		for j, t := range k.lexemes {
			lx = append(lx, kwLexeme{term: t, cls: c, df: k.dfs[j], maxTF: k.maxTFs[j]})
		}
	}
	budget := int64(keywordEssentialPostings)
	if s.kwBudget > 0 {
		budget = s.kwBudget
	}
	rows := map[string]*kwRow{}
	var met []*kwRow // in the order met: the work below does not depend on map order
	least := int64(keywordChunk)
	if s.kwChunk > 0 {
		least = s.kwChunk
	}
	for round := 1; ; round++ {
		if err := s.keywordRead(ctx, q, lx, kwPlan(lx, len(cls), budget, least), round == 1, rows, &met, len(cls)); err != nil {
			return nil, round, err
		}
		done := true
		for _, l := range lx {
			done = done && l.done
		}
		theta := kwThreshold(cls, lx, avgdl)
		for _, r := range met {
			if !r.resolved {
				r.ub = kwUpper(cls, lx, r, avgdl)
			}
		}
		// Resolving (a read of episodes per row) pays only once the top can
		// be above theta: when limit rows met, taken as visible, score at
		// least theta by what has been read of them. Until then read on.
		most := 4*limit + 64
		if !done && !kwCanStop(cls, met, theta, limit, avgdl, most) {
			budget *= 4
			continue
		}
		// resolve the rows that could reach the top, best bound first,
		// until the limit-th visible row is above every unresolved bound
		var top []*kwRow
		batch := 2*limit + 64
		for {
			top = top[:0]
			var open []*kwRow
			for _, r := range met {
				switch {
				case r.resolved && r.visible:
					top = append(top, r)
				case !r.resolved:
					open = append(open, r)
				}
			}
			slices.SortFunc(top, kwByScore)
			if len(top) > limit {
				top = top[:limit]
			}
			kth := math.Inf(-1)
			if len(top) == limit {
				kth = top[limit-1].score
			}
			slices.SortFunc(open, func(a, b *kwRow) int {
				if a.ub != b.ub {
					if a.ub > b.ub {
						return -1
					}
					return 1
				}
				return strings.Compare(a.id, b.id)
			})
			n := 0
			for n < len(open) && open[n].ub >= kth-1e-9 && n < batch {
				n++
			}
			batch *= 2
			if n == 0 {
				break
			}
			if err := s.keywordResolve(ctx, q, cls, lx, open[:n], avgdl); err != nil {
				return nil, round, err
			}
		}
		if done || (len(top) == limit && top[limit-1].score >= theta+1e-9) {
			out := make([]scored, len(top))
			for i, r := range top {
				out[i] = scored{r.row, r.score}
			}
			return out, round, nil
		}
		budget *= 4
	}
}

// kwPlan is how many postings each lexeme reads in a round of budget
// postings: the classes with the fewest postings left are read to their
// end while they fit the budget (a class read to its end adds nothing to
// the bound of the rows not met); the other lexemes share what is left,
// at least least each.
func kwPlan(lx []kwLexeme, nCls int, budget, least int64) []int64 {
	rem := make([]int64, nCls)
	for _, l := range lx {
		if !l.done {
			rem[l.cls] += max(l.df-l.got, 0) + 1
		}
	}
	var order []int
	for c := range nCls {
		if rem[c] > 0 {
			order = append(order, c)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rem[a], rem[b]) })
	full := make([]bool, nCls)
	var used int64
	for _, c := range order {
		if used+rem[c] > budget {
			break
		}
		used += rem[c]
		full[c] = true
	}
	var rest int64
	for _, l := range lx {
		if !l.done && !full[l.cls] {
			rest++
		}
	}
	per := least
	if rest > 0 {
		per = max((budget-used)/rest, least)
	}
	lim := make([]int64, len(lx))
	for i, l := range lx {
		switch {
		case l.done:
		case full[l.cls]:
			lim[i] = max(l.df-l.got, 0) + 1 // all of them: fewer than asked marks the end
		default:
			lim[i] = per
		}
	}
	return lim
}

// kwCanStop reports whether resolving now may end the ranking at a
// bearable cost: limit rows met score at least theta by what has been read
// of them (their exact score once resolved; hidden rows do not count), and
// at most most rows not resolved could score above the limit-th of those.
// Otherwise reading on (a posting costs about a hundredth of a row
// resolved) tightens the bounds.
func kwCanStop(cls []kwClass, met []*kwRow, theta float64, limit int, avgdl float64, most int) bool {
	lbs := make([]float64, 0, len(met))
	for _, r := range met {
		sc := r.score
		if !r.resolved {
			sc = 0
			for c, tf := range r.tfs {
				sc += cls[c].idf * kwW(tf, r.dl, avgdl)
			}
		} else if !r.visible {
			continue
		}
		lbs = append(lbs, sc)
	}
	if len(lbs) < limit {
		return false
	}
	slices.SortFunc(lbs, func(a, b float64) int { return cmp.Compare(b, a) })
	kth := lbs[limit-1]
	if kth < theta+1e-9 {
		return false
	}
	n := 0
	for _, r := range met {
		if !r.resolved && r.ub >= kth-1e-9 {
			if n++; n > most {
				return false
			}
		}
	}
	return true
}

func kwByScore(a, b *kwRow) int {
	if a.score != b.score {
		if a.score > b.score {
			return -1
		}
		return 1
	}
	return strings.Compare(a.id, b.id)
}

// keywordRead reads the next postings of every lexeme not read to its end
// (an index-only range of keyword_postings' key each) into rows.
func (s *Service) keywordRead(ctx context.Context, q *query, lx []kwLexeme, lim []int64, first bool,
	rows map[string]*kwRow, met *[]*kwRow, nCls int) error {
	var multi []int // the first round also reads every posting whose tf is above 1
	if first {
		for i, l := range lx {
			if l.maxTF > 1 {
				multi = append(multi, i)
			}
		}
	}
	var ri, rdl []int
	var rterm, rid []string
	var rlim []int64
	for i, l := range lx {
		if l.done || lim[i] <= 0 {
			continue
		}
		ri, rterm, rdl, rid, rlim = append(ri, i), append(rterm, l.term), append(rdl, l.dl), append(rid, l.id), append(rlim, lim[i])
	}
	if len(ri) == 0 && len(multi) == 0 {
		return nil
	}
	mterm := make([]string, len(multi))
	for j, i := range multi {
		mterm[j] = lx[i].term
	}
	res, err := s.pool.Query(ctx, `/* leg:keyword */ SELECT r.i, p.episode_id, p.dl, p.tf
		FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::bigint[]) AS r(i, term, adl, aid, lim)
		CROSS JOIN LATERAL (
			SELECT p.episode_id, p.dl, p.tf FROM keyword_postings p
			WHERE p.member_id = $1 AND p.term = r.term COLLATE "C" AND (p.dl, p.episode_id) > (r.adl, r.aid) AND p.tf = 1
			ORDER BY p.dl, p.episode_id LIMIT r.lim) p
		UNION ALL
		SELECT r.i, p.episode_id, p.dl, p.tf
		FROM unnest($7::int[], $8::text[]) AS r(i, term)
		CROSS JOIN LATERAL (
			SELECT p.episode_id, p.dl, p.tf FROM keyword_postings p
			WHERE p.member_id = $1 AND p.term = r.term COLLATE "C" AND p.tf > 1) p`, q.member, ri, rterm, rdl, rid, rlim, multi, mterm)
	if err != nil {
		return err
	}
	defer res.Close()
	got := make([]int64, len(lx))
	last := make([]struct {
		dl int
		id string
	}, len(lx))
	for res.Next() {
		var i, dl, tf int
		var id string
		if err := res.Scan(&i, &id, &dl, &tf); err != nil {
			return err
		}
		if tf > 1 { // read in full: not part of the shortest-first walk
			lx[i].got++
		} else {
			got[i]++
			if got[i] == 1 || dl > last[i].dl || (dl == last[i].dl && id > last[i].id) {
				last[i].dl, last[i].id = dl, id
			}
		}
		r := rows[id]
		if r == nil {
			r = &kwRow{id: id, dl: dl, tfs: make([]int, nCls)}
			rows[id] = r
			*met = append(*met, r)
		}
		r.tfs[lx[i].cls] += tf
	}
	if err := res.Err(); err != nil {
		return err
	}
	for j, i := range ri {
		lx[i].got += got[i]
		if got[i] > 0 {
			lx[i].dl, lx[i].id = last[i].dl, last[i].id
		}
		if got[i] < rlim[j] {
			lx[i].done = true
		}
	}
	return nil
}

// keywordResolve reads rs from episodes: those the gate and the request's
// filters show are scored on every class from their own tsv (the lexemes
// and counts the index was written from); the others are marked hidden.
func (s *Service) keywordResolve(ctx context.Context, q *query, cls []kwClass, lx []kwLexeme, rs []*kwRow, avgdl float64) error {
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.id
	}
	qCls := make([]int, len(lx))
	qTerms := make([]string, len(lx))
	for i, l := range lx {
		qCls[i], qTerms[i] = l.cls, l.term
	}
	b := newSQLB(q.member, q.gate)
	sql := `/* leg:keyword */ WITH q AS MATERIALIZED (SELECT * FROM unnest(` + b.p(qCls) + `::int[], ` + b.p(qTerms) + `::text[]) AS q(cls, term))
		SELECT ` + colsOf("episode", "x") + `, t.cls, t.tf
		FROM unnest(` + b.p(ids) + `::text[]) AS n(id)
		CROSS JOIN LATERAL (
			SELECT * FROM episodes x
			WHERE x.member_id = $1 AND x.id = n.id AND ` + b.readFilter(q, "episode", "x") + `
			OFFSET 0) x
		CROSS JOIN LATERAL (
			SELECT coalesce(array_agg(q.cls), '{}') AS cls, coalesce(array_agg(greatest(coalesce(cardinality(l.positions), 0), 1)), '{}') AS tf
			FROM unnest(x.tsv) l JOIN q ON q.term = l.lexeme) t`
	res, err := s.pool.Query(ctx, sql, b.args...)
	if err != nil {
		return err
	}
	defer res.Close()
	tfs := map[string][]int{}
	got := map[string]*row{}
	for res.Next() {
		var cs, ts []int32
		r, err := scanEpisode(res, &cs, &ts)
		if err != nil {
			return err
		}
		t := make([]int, len(cls))
		for j, c := range cs {
			t[c] += int(ts[j])
		}
		tfs[r.ID], got[r.ID] = t, r
	}
	if err := res.Err(); err != nil {
		return err
	}
	idfs := make([]float64, len(cls))
	for c := range cls {
		idfs[c] = cls[c].idf
	}
	for _, r := range rs {
		r.resolved = true
		if t, ok := tfs[r.id]; ok {
			r.visible, r.row = true, got[r.id]
			r.tfs = t
			r.score = kwScore(idfs, t, r.dl, avgdl)
		}
	}
	return nil
}

// kwScore is a row's BM25 score from its tf per class and the classes'
// idfs (summed in the classes' order, rounded to 1e-9 so that equal rows
// tie exactly and the id breaks the tie). The SQL path and the in-memory
// index (kwcache.go) both score with it, so they agree to the bit.
func kwScore[T int | int32](idfs []float64, tfs []T, dl int, avgdl float64) float64 {
	norm := BM25K1 * (1 - BM25B + BM25B*float64(dl)/avgdl)
	var sc float64
	for c, n := range tfs {
		if n == 0 {
			continue
		}
		tf := float64(n)
		sc += idfs[c] * tf * (BM25K1 + 1) / (tf + norm)
	}
	return math.Round(sc*1e9) / 1e9
}

// classDFs sets each class's document frequency: its lexeme's for a class
// of one; for a class of several, the most frequent lexeme's plus the rows
// holding another of its lexemes but not that one (an index range per
// lesser lexeme, a key probe per posting read: bounded by the lesser
// lexemes' postings).
func (s *Service) classDFs(ctx context.Context, member string, cls []kwClass) error {
	var ids []int
	var terms, maxTerms []string
	for i := range cls {
		c := &cls[i]
		m := 0
		for j := range c.dfs {
			if c.dfs[j] > c.dfs[m] {
				m = j
			}
		}
		c.df = c.dfs[m]
		for j, t := range c.lexemes {
			if j != m {
				ids, terms, maxTerms = append(ids, i), append(terms, t), append(maxTerms, c.lexemes[m])
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	rows, err := s.pool.Query(ctx, `/* leg:keyword */ SELECT c.i, count(DISTINCT p.episode_id)
		FROM unnest($2::int[], $3::text[], $4::text[]) AS c(i, term, maxterm)
		JOIN keyword_postings p ON p.member_id = $1 AND p.term = c.term COLLATE "C"
		WHERE NOT EXISTS (SELECT 1 FROM keyword_postings m
			WHERE m.member_id = $1 AND m.term = c.maxterm COLLATE "C" AND m.dl = p.dl AND m.episode_id = p.episode_id)
		GROUP BY c.i`, member, ids, terms, maxTerms)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var i int
		var more int64
		if err := rows.Scan(&i, &more); err != nil {
			return err
		}
		cls[i].df += more
	}
	return rows.Err()
}

// keywordFacts is the member's best limit visible facts by BM25 over the
// member's facts, computed in one statement: the facts matching any query
// term (the GIN index over memhive_mtsv), their lexemes, each matched
// lexeme's document frequency among them (which is its frequency among all
// the member's facts: a fact holding the lexeme matches the term), and N
// and avgdl of the member's facts (factStats). The gate and the filters are
// checked per scored fact by key (a LATERAL probe, OFFSET 0): joined as a
// set, the planner took the gated facts for one row and re-scanned the
// scores once per fact, quadratic on a member of thousands of facts (1.3 s
// for one question on a member of 6,577 facts).
func (s *Service) keywordFacts(ctx context.Context, q *query, each []string, limit int) ([]scored, error) {
	n, avgdl, err := s.factStats(ctx, q.member)
	if err != nil || n == 0 {
		return nil, err
	}
	b := newSQLB(q.member, q.gate)
	b.p(each) // $2, read by queryLexemesSQL
	tN, tK1, tB, tAvg := b.p(float64(n)), b.p(BM25K1), b.p(BM25B), b.p(avgdl)
	sql := `/* leg:keyword */ WITH q AS MATERIALIZED (` + queryLexemesSQL + `),
		m AS MATERIALIZED (
			SELECT x.id, l.term, l.tf, sum(l.tf) OVER (PARTITION BY x.id) AS dl
			FROM ` + mtsvScan("fact", mquerySQL("$2", "|")) + ` x
			CROSS JOIN LATERAL memhive_keyword_lexemes(x.tsv) l
			WHERE x.member_id = $1),
		mq AS MATERIALIZED (
			SELECT DISTINCT m.id, q.ord, m.term, m.tf, m.dl FROM m JOIN q
				ON m.term = q.lex OR (q.prefix AND starts_with(m.term, q.lex))),
		hit AS MATERIALIZED (
			SELECT id, ord, sum(tf)::float8 AS tf, max(dl)::float8 AS dl FROM mq GROUP BY id, ord),
		cls AS (
			SELECT DISTINCT ON (lexemes) ord FROM (
				SELECT ord, array_agg(DISTINCT term ORDER BY term) AS lexemes FROM mq GROUP BY ord) z
			ORDER BY lexemes, ord),
		df AS (SELECT ord, count(*)::float8 AS df FROM hit WHERE ord IN (SELECT ord FROM cls) GROUP BY ord),
		sc AS MATERIALIZED (
			SELECT hit.id, sum(ln(1 + (greatest(` + tN + `::float8, df.df) - df.df + 0.5) / (df.df + 0.5))
				* hit.tf * (` + tK1 + `::float8 + 1) / (hit.tf + ` + tK1 + `::float8 * (1 - ` + tB + `::float8 + ` + tB + `::float8 * hit.dl / ` + tAvg + `::float8))) AS score
			FROM hit JOIN df USING (ord) GROUP BY hit.id)
		SELECT ` + colsOf("fact", "x") + `, sc.score::float8
		FROM sc CROSS JOIN LATERAL (
			SELECT * FROM facts x WHERE x.member_id = $1 AND x.id = sc.id AND ` + b.readFilter(q, "fact", "x") + `
			OFFSET 0) x
		ORDER BY sc.score DESC, x.id LIMIT ` + b.p(limit)
	return s.queryScored(ctx, "fact", sql, b.args)
}

// factStats is how many facts the member has and their mean length in
// lexemes, cached for a minute once it has some (memorize and the close
// pass add facts meanwhile: N is then a little low, and the score takes N
// as at least the document frequency it counts).
func (s *Service) factStats(ctx context.Context, member string) (int, float64, error) {
	key := "factstats|" + member
	s.vecMu.Lock()
	c, ok := s.vecCount[key]
	s.vecMu.Unlock()
	if ok && s.now().Sub(c.at) < time.Minute {
		return c.n, c.avg, nil
	}
	var n int
	var avg float64
	err := s.pool.QueryRow(ctx, `/* leg:keyword */ SELECT count(*), coalesce(avg(coalesce((SELECT sum(l.tf) FROM memhive_keyword_lexemes(f.tsv) l), 0)), 0)::float8
		FROM facts f WHERE f.member_id = $1`, member).Scan(&n, &avg)
	if err != nil {
		return 0, 0, fmt.Errorf("fact stats: %w", err)
	}
	if avg <= 0 {
		avg = 1
	}
	if n > 0 { // a member with no facts yet is asked again: memorize writes one at once
		s.vecMu.Lock()
		s.vecCount[key] = vecCount{n: n, avg: avg, at: s.now()}
		s.vecMu.Unlock()
	}
	return n, avg, nil
}

// KeywordRanking runs the keyword leg alone for req (validated as Recall
// validates it) and returns the ids of its rows, best first, as
// "episode:<id>" or "fact:<id>", and the leg's mode. It is for harnesses
// that check the leg's ranking (memhive bench bm25).
func (s *Service) KeywordRanking(ctx context.Context, req Request) ([]string, string, error) {
	q, err := s.prepare(req)
	if err != nil {
		return nil, "", err
	}
	res, err := s.keywordLeg(ctx, q)
	if err != nil {
		return nil, "", err
	}
	out := make([]string, len(res.rows))
	for i, r := range res.rows {
		out[i] = r.key()
	}
	return out, res.mode, nil
}

// queryScoredOn runs a statement whose rows are kind's columns and a score,
// on a pool or a transaction.
func queryScoredOn(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, kind, sql string, args []any) ([]scored, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []scored
	for rows.Next() {
		var sc float64
		r, err := scanOf(kind, rows, &sc)
		if err != nil {
			return nil, err
		}
		out = append(out, scored{r, sc})
	}
	return out, rows.Err()
}

// mquerySQL is the SQL of the member-qualified tsquery (memhive_mquery,
// migration 005) over the keyword terms terms (a text[] SQL expression, in
// tsTerm form), joined with op ("&" or "|"); the member is $1.
func mquerySQL(terms, op string) string {
	return `memhive_mquery($1, ` + terms + `::text[], '` + op + `')`
}

// mtsvScan is the rows of kind's table whose member-qualified lexemes
// (memhive_mtsv(member_id, tsv), the GIN expression index of migration 005;
// the expression here must stay identical to the index's) match the tsquery
// SQL mq, as a subquery to select from: a bitmap scan of that index alone.
// member_id = $1 is checked above it (OFFSET 0 keeps it there), never ANDed
// into the bitmap: the planner, taking member_id and the lexemes as
// independent, would otherwise AND the member's btree bitmap in — every row
// of the member to remove no row, since the lexemes already carry the member.
func mtsvScan(kind, mq string) string {
	return `(SELECT * FROM ` + tableOf(kind) + ` WHERE memhive_mtsv(member_id, tsv) @@ ` + mq + ` OFFSET 0)`
}
