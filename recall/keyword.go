package recall

import (
	"context"
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
// episode ranking reads in full (the rarest query terms' postings); the
// other lexemes are only probed for those candidates, while their upper
// bounds cannot lift an unseen row into the top. Each further round doubles
// it. A tuning of cost, never of the result: every round's answer is
// exact or the round is not the last. On a 10,000-turn member (LoCoMo
// questions) 1,000 cost less than 4,000 (fewer rows probed on every other
// lexeme) or 250 (more rounds).
const keywordEssentialPostings = 1000

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
// Episodes are ranked from the inverted index of migration 008
// (keyword_postings, keyword_terms) by MaxScore: the rarest terms'
// postings are read in full and their rows scored on every term (the
// others' lexemes are probed for those rows only); a row outside those
// postings scores less than the sum of the other terms' upper bounds
// (idf·(k1+1)), so when the limit-th visible row scores at least that sum
// the top is exact; otherwise more terms are read in full and the round
// runs again. Facts, few per member, are scored exactly in one statement
// from their tsv (the GIN index of migration 005 finds them).
func (s *Service) keywordLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegKeyword, weight: 1, mode: "bm25"}
	ts := terms(q.req.Query)
	if len(ts) == 0 {
		res.mode = "no_terms"
		return res, nil
	}
	each, _, _ := tsQueries(ts)
	limit := s.cfg.LegLimit
	eps, rounds, err := s.keywordEpisodes(ctx, q, each, limit)
	if err != nil {
		return nil, fmt.Errorf("keyword leg (episodes): %w", err)
	}
	if rounds > 1 {
		res.mode = fmt.Sprintf("bm25/%d", rounds)
	}
	fs, err := s.keywordFacts(ctx, q, each, limit)
	if err != nil {
		return nil, fmt.Errorf("keyword leg (facts): %w", err)
	}
	res.rows = mergeScored([][]scored{eps, fs}, limit)
	return res, nil
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
	df      int64
	idf     float64
}

// keywordEpisodes is the member's best limit visible episodes by BM25, and
// how many MaxScore rounds it took.
func (s *Service) keywordEpisodes(ctx context.Context, q *query, each []string, limit int) ([]scored, int, error) {
	// The member's totals (term '') and every lexeme the query's terms
	// match, with its document frequency: a range of keyword_terms' key per
	// term (a prefix, or the lexeme alone).
	rows, err := s.pool.Query(ctx, `/* leg:keyword */ WITH q AS MATERIALIZED (`+queryLexemesSQL+`)
		SELECT 0, k.term, k.df, k.len FROM keyword_terms k WHERE k.member_id = $1 AND k.term = ''
		UNION ALL
		SELECT q.ord, k.term, k.df, k.len FROM q JOIN keyword_terms k ON k.member_id = $1
			AND k.term >= q.lex COLLATE "C"
			AND k.term <= CASE WHEN q.prefix THEN q.lex || chr(1114111) ELSE q.lex END COLLATE "C"
			AND k.term <> ''`, q.member, each)
	if err != nil {
		return nil, 0, err
	}
	byOrd := map[int]map[string]int64{}
	var n, total int64
	for rows.Next() {
		var ord int
		var t string
		var df, ln int64
		if err := rows.Scan(&ord, &t, &df, &ln); err != nil {
			rows.Close()
			return nil, 0, err
		}
		if ord == 0 {
			n, total = df, ln
			continue
		}
		if byOrd[ord] == nil {
			byOrd[ord] = map[string]int64{}
		}
		byOrd[ord][t] = df
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
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
		}
		cls = append(cls, c)
	}
	if n == 0 || len(cls) == 0 {
		return nil, 0, nil
	}
	if err := s.classDFs(ctx, q.member, cls); err != nil {
		return nil, 0, err
	}
	avgdl := float64(total) / float64(n)
	if avgdl <= 0 {
		avgdl = 1
	}
	for i := range cls {
		df := float64(cls[i].df)
		cls[i].idf = math.Log(1 + (float64(n)-df+0.5)/(df+0.5))
	}
	// rarest first: the highest upper bound idf·(k1+1) first
	slices.SortFunc(cls, func(a, b kwClass) int {
		if a.df != b.df {
			if a.df < b.df {
				return -1
			}
			return 1
		}
		return strings.Compare(strings.Join(a.lexemes, " "), strings.Join(b.lexemes, " "))
	})
	budget := int64(keywordEssentialPostings)
	if s.kwBudget > 0 {
		budget = s.kwBudget
	}
	postings := func(c kwClass) (sum int64) {
		for _, d := range c.dfs {
			sum += d
		}
		return sum
	}
	e := 0 // classes [0, e) are read in full
	for round := 1; ; round++ {
		var read int64
		for i := range e {
			read += postings(cls[i])
		}
		for e < len(cls) && (e == 0 || read+postings(cls[e]) <= budget) {
			read += postings(cls[e])
			e++
		}
		var rest float64 // the most a row outside the read postings can score
		for _, c := range cls[e:] {
			rest += c.idf * (BM25K1 + 1)
		}
		out, err := s.keywordRound(ctx, q, cls, e, avgdl, limit)
		if err != nil {
			return nil, round, err
		}
		if e == len(cls) || (len(out) >= limit && out[limit-1].score >= rest+1e-9) {
			return out, round, nil
		}
		budget *= 2
		if e < len(cls) && read+postings(cls[e]) > budget {
			// the next class alone is past the doubled budget: read it anyway
			budget = read + postings(cls[e])
		}
	}
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
			WHERE m.member_id = $1 AND m.term = c.maxterm COLLATE "C" AND m.episode_id = p.episode_id)
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

// keywordRound scores, on every class, the visible episodes in the
// postings of the first e classes, and returns the best limit.
func (s *Service) keywordRound(ctx context.Context, q *query, cls []kwClass, e int, avgdl float64, limit int) ([]scored, error) {
	var ids []int
	var terms []string
	var idfs []float64
	var ess []bool
	for i, c := range cls {
		for _, t := range c.lexemes {
			ids, terms, idfs, ess = append(ids, i), append(terms, t), append(idfs, c.idf), append(ess, i < e)
		}
	}
	b := newSQLB(q.member, q.gate)
	tIDs, tTerms, tIdf, tEss := b.p(ids), b.p(terms), b.p(idfs), b.p(ess)
	tK1, tB, tAvg := b.p(BM25K1), b.p(BM25B), b.p(avgdl)
	// Scores are rounded to 1e-9: a float sum depends on the order of its
	// terms, which the aggregate does not fix, and equal rows (a repeated
	// turn) must tie exactly so that the id breaks the tie.
	//
	// ess: the essential classes' postings, read in full (an index range
	// scan of keyword_postings' key per lexeme); probe: the other lexemes'
	// postings of those rows only (one key lookup each); ct: each row's tf
	// per class; sc: each row's BM25 score. The rows are then taken best
	// first and kept if the gate and the filters let them through, until
	// limit are kept.
	sql := `/* leg:keyword */ WITH q AS MATERIALIZED (
			SELECT * FROM unnest(` + tIDs + `::int[], ` + tTerms + `::text[], ` + tIdf + `::float8[], ` + tEss + `::bool[]) AS q(cls, term, idf, essential)),
		ess AS MATERIALIZED (
			SELECT p.episode_id, q.cls, q.idf, p.tf, p.dl
			FROM q JOIN keyword_postings p ON p.member_id = $1 AND p.term = q.term COLLATE "C"
			WHERE q.essential),
		probe AS (
			SELECT c.episode_id, q.cls, q.idf, p.tf, p.dl
			FROM (SELECT DISTINCT episode_id FROM ess) c CROSS JOIN q
			JOIN keyword_postings p ON p.member_id = $1 AND p.term = q.term COLLATE "C" AND p.episode_id = c.episode_id
			WHERE NOT q.essential),
		ct AS (
			SELECT episode_id, max(idf) AS idf, sum(tf)::float8 AS tf, max(dl)::float8 AS dl
			FROM (SELECT * FROM ess UNION ALL SELECT * FROM probe) z
			GROUP BY episode_id, cls),
		sc AS MATERIALIZED (
			SELECT episode_id, round(sum(idf * tf * (` + tK1 + `::float8 + 1) / (tf + ` + tK1 + `::float8 * (1 - ` + tB + `::float8 + ` + tB + `::float8 * dl / ` + tAvg + `::float8)))::numeric, 9)::float8 AS score
			FROM ct GROUP BY episode_id)
		SELECT ` + colsOf("episode", "x") + `, s.score::float8
		FROM (SELECT * FROM sc ORDER BY score DESC, episode_id) s
		CROSS JOIN LATERAL (SELECT * FROM episodes x WHERE x.member_id = $1 AND x.id = s.episode_id) x
		WHERE ` + b.readFilter(q, "episode", "x") + `
		ORDER BY s.score DESC, s.episode_id
		LIMIT ` + b.p(limit)
	return s.queryScored(ctx, "episode", sql, b.args)
}

// keywordFacts is the member's best limit visible facts by BM25 over the
// member's facts, computed in one statement: the facts matching any query
// term (the GIN index over memhive_mtsv), their lexemes, each matched
// lexeme's document frequency among them (which is its frequency among all
// the member's facts: a fact holding the lexeme matches the term), and N
// and avgdl of the member's facts (factStats).
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
		sc AS (
			SELECT hit.id, sum(ln(1 + (greatest(` + tN + `::float8, df.df) - df.df + 0.5) / (df.df + 0.5))
				* hit.tf * (` + tK1 + `::float8 + 1) / (hit.tf + ` + tK1 + `::float8 * (1 - ` + tB + `::float8 + ` + tB + `::float8 * hit.dl / ` + tAvg + `::float8))) AS score
			FROM hit JOIN df USING (ord) GROUP BY hit.id)
		SELECT ` + colsOf("fact", "x") + `, sc.score::float8
		FROM sc JOIN facts x ON x.member_id = $1 AND x.id = sc.id
		WHERE ` + b.readFilter(q, "fact", "x") + `
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
