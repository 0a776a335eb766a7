package recall

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The keyword leg's facts, from memory for members with many facts.
//
// A member's facts are few next to its episodes, but a member of 100,000
// turns has thousands (6,577 on the production-like record), and the SQL
// statement of keywordFacts unnests the lexemes of every fact matching any
// query term: tens of milliseconds for a common word. A member with at
// least kwFactsMin facts has its facts' keyword index (lexemes, tf, length
// per fact) kept like its episodes' (kwIndex, the same LRU and budget) and
// ranked the same way: every matching fact scored in Go, the best checked
// against the gate and the request's filters in SQL, in score order.
//
// Facts change (supersession, retraction, forgetting, new facts), so the
// index is kept at the member's record version (migration 021: every
// statement on facts bumps it in the writer's transaction): each call
// reads the version in the same round trip as its query lexemes; a
// different version drops the index, answers from SQL, and loads it again
// in the background. N and avgdl are the index's own, exact at its version
// (the SQL path takes them from factStats, cached a minute).
const kwFactsMin = 500

func kwFactsKey(member string) string { return "fact|" + member }

// kwFactsLoadSQL is every fact of the member with its lexemes and tf, and
// the member's record version, in one snapshot.
const kwFactsLoadSQL = `/* leg:keyword */ SELECT coalesce((SELECT v.version FROM record_versions v WHERE v.member_id = $1), 0),
		f.id, l.terms, l.tfs
	FROM facts f
	CROSS JOIN LATERAL (SELECT coalesce(array_agg(x.term), '{}') AS terms, coalesce(array_agg(x.tf), '{}') AS tfs
		FROM memhive_keyword_lexemes(f.tsv) x) l
	WHERE f.member_id = $1
	ORDER BY f.id`

// keywordFactsAny is the leg's facts: from memory when the member's facts
// index is held and current, else from SQL (keywordFacts).
func (s *Service) keywordFactsAny(ctx context.Context, q *query, each []string, limit int, pre *kwPre) ([]scored, error) {
	key := kwFactsKey(q.member)
	if fx := s.kwGet(key); fx != nil {
		fs, ok, err := s.keywordFactsCached(ctx, q, fx, each, limit, pre)
		if err != nil {
			return nil, err
		}
		if ok {
			return fs, nil
		}
		s.kwDrop(key) // the member's facts changed: load them again
	}
	fs, err := s.keywordFacts(ctx, q, each, limit)
	if err != nil {
		return nil, err
	}
	if n, _, err := s.factStats(ctx, q.member); err == nil && n >= kwFactsMin {
		s.kwMaybeLoadKey(key, int64(n), func(ctx context.Context) error { return s.kwLoadFacts(ctx, q.member) })
	}
	return fs, nil
}

// kwVersionSQL is the member's record version (0 before its first write).
const kwVersionSQL = `/* leg:keyword */ SELECT coalesce((SELECT v.version FROM record_versions v WHERE v.member_id = $1), 0)`

// keywordFactsCached ranks the member's facts from fx; false when fx is not
// at the member's record version. The version and the query's lexemes are
// pre's when it has them (read by the episodes' round trip), else read here.
func (s *Service) keywordFactsCached(ctx context.Context, q *query, fx *kwIndex, each []string, limit int, pre *kwPre) ([]scored, bool, error) {
	if pre != nil && pre.have {
		if pre.version != fx.version {
			return nil, false, nil
		}
		cands, ids := fx.rank(pre.qls)
		fs, err := s.kwVisibleTop(ctx, q, "fact", cands, ids, limit)
		return fs, err == nil, err
	}
	b := &pgx.Batch{}
	b.Queue(kwVersionSQL, q.member)
	b.Queue(strings.ReplaceAll(queryLexemesSQL, "$2", "$1"), each)
	br := s.pool.SendBatch(ctx, b)
	var version int64
	if err := br.QueryRow().Scan(&version); err != nil {
		br.Close()
		return nil, false, err
	}
	rows, err := br.Query()
	if err != nil {
		br.Close()
		return nil, false, err
	}
	qls, err := scanKwQLex(rows)
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, false, err
	}
	if version != fx.version {
		return nil, false, nil
	}
	cands, ids := fx.rank(qls)
	fs, err := s.kwVisibleTop(ctx, q, "fact", cands, ids, limit)
	return fs, err == nil, err
}

func scanKwQLex(rows pgx.Rows) ([]kwQLex, error) {
	defer rows.Close()
	var out []kwQLex
	for rows.Next() {
		var l kwQLex
		if err := rows.Scan(&l.ord, &l.lex, &l.prefix); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// kwLoadFacts reads the member's facts index and keeps it.
func (s *Service) kwLoadFacts(ctx context.Context, member string) error {
	t0 := time.Now()
	rows, err := s.pool.Query(ctx, kwFactsLoadSQL, member)
	if err != nil {
		s.kw.loadFails.Add(1)
		return fmt.Errorf("keyword cache load (facts): %w", err)
	}
	x := newKwIndex(member)
	x.key = kwFactsKey(member)
	for rows.Next() {
		var id string
		var terms []string
		var tfs []int32
		if err := rows.Scan(&x.version, &id, &terms, &tfs); err != nil {
			rows.Close()
			s.kw.loadFails.Add(1)
			return fmt.Errorf("keyword cache load (facts): %w", err)
		}
		if err := x.add(int64(len(x.ids))+1, id, terms, tfs); err != nil {
			rows.Close()
			s.kw.loadFails.Add(1)
			return err
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		s.kw.loadFails.Add(1)
		return fmt.Errorf("keyword cache load (facts): %w", err)
	}
	if len(x.ids) == 0 {
		return nil
	}
	x.sortTerms()
	took := time.Since(t0)
	s.kw.loads.Add(1)
	s.kw.loadNanos.Add(int64(took))
	kept := s.kwPut(x)
	s.logger.Debug("keyword cache: member facts index loaded", "member", member, "facts", len(x.ids),
		"version", x.version, "ms", took.Milliseconds(), "kept", kept)
	return nil
}
