package recall

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
)

// selfLeg: facts whose subject is the asker (its canonical id, its bare
// name, and live entity aliases one hop either way), ranked by the query
// (ts_rank) then recency: valid_from desc, id desc.
//
// A fact that matches no term of the query ranks 0 (ts_rank is positive
// exactly when the any-term tsquery matches: its terms are runs of letters
// and digits, each one lexeme or none, joined by |; a term the text-search
// parser split into several lexemes would make a phrase, which ts_rank
// scores lexeme by lexeme and @@ does not, but no such term has been
// found), so the leg is the facts that
// match, best ts_rank first, followed, when fewer than LegLimit match, by
// the newest others. selfSQL reads it that way, so that its cost no longer
// grows with how many facts there are about the asker (every one of them
// was ranked and sorted on every call before, 2,900 on the latency
// benchmark's 100,000-turn member): the matching facts are found through
// the GIN index over the member's lexemes (facts_mtsv_idx, as the keyword
// leg finds them) and only they are ranked; the others are read newest
// first down facts_subject_time_idx (migration 022), one range per name,
// stopping at the limit. The order and the rows are the ones of ranking
// every fact about the asker (TestSelfLegEqualsFullRanking).
func (s *Service) selfLeg(ctx context.Context, q *query) (*legResult, error) {
	res := &legResult{name: LegSelf, weight: 1}
	// whether the member has facts, and the leg's statement, in one round
	// trip
	var exists bool
	var batch pgx.Batch
	eb := newSQLB(q.member, q.gate) // gated: a stranger must not learn whether the member has facts
	batch.Queue(`/* leg:self */ SELECT EXISTS (SELECT 1 FROM facts f WHERE f.member_id = $1 AND `+eb.gate(tFacts, "f")+`)`, eb.args...).QueryRow(func(r pgx.Row) error {
		return r.Scan(&exists)
	})
	sql, args := s.selfSQL(q)
	fill := s.selfFills(q.req.Query)
	batch.Queue(sql, args...).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			var score float64
			r, err := scanFact(rows, &score)
			if err != nil {
				return err
			}
			if score <= 0 && !fill {
				continue // a fact that matches no term of the query proposes nothing
			}
			res.rows = append(res.rows, r)
		}
		return rows.Err()
	})
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("self leg: %w", err)
	}
	if !exists {
		res.rows = nil
		res.missing = "no facts yet"
	}
	return res, nil
}

// selfFills reports whether the self leg follows the facts about the
// asker that match the query with the newest others: when the question is
// about the asker ("what is my job?" finds "occupation nurse", which shares
// no word with it: a first-person word), or has no word to match (a
// window question); never under Config.SelfOnlyMatching. A question about
// anything else ("xylophone quantum zebra") gets only matching facts, so
// an answer with nothing relevant says so instead of listing the asker's
// newest facts.
func (s *Service) selfFills(query string) bool {
	if s.cfg.SelfOnlyMatching {
		return false
	}
	empty, first := firstPersonQuery(query)
	return empty || first
}

// firstPersonQuery reports whether query has no word at all, and whether
// it has a first-person word (firstPerson: "my", "I'm", "we").
func firstPersonQuery(query string) (empty, first bool) {
	words := strings.FieldsFunc(strings.ToLower(query), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’'
	})
	for _, w := range words {
		if firstPerson[strings.ReplaceAll(w, "’", "'")] {
			return false, true
		}
	}
	return len(words) == 0, false
}

// firstPerson are the words that make a question one about its asker.
var firstPerson = map[string]bool{"i": true, "me": true, "my": true, "mine": true, "myself": true, "i'm": true, "im": true,
	"i've": true, "ive": true, "i'd": true, "i'll": true, "we": true, "us": true, "our": true, "ours": true, "ourselves": true,
	"we're": true, "we've": true}

// selfNames are the asker's canonical names the self leg looks up (before
// aliases): its id, its bare name, and for the member itself the member id.
func selfNames(q *query) []string {
	names := []string{memhive.Canon(q.asker)}
	if _, bare, ok := strings.Cut(q.asker, ":"); ok && bare != "" {
		names = append(names, memhive.Canon(bare))
	}
	if q.asker == "member:"+q.member {
		names = append(names, memhive.Canon(q.member))
	}
	return names
}

// selfSQL is the self leg's statement (see selfLeg). names: the asker's
// names and their live entity aliases one hop either way. m: the facts
// about the asker matching the any-term tsquery, from the GIN index over
// memhive_mtsv (every fact the tsquery matches is there: the index's
// lexemes are the fact's, member-qualified), each checked against the
// tsquery itself, ranked, the best LegLimit. o: per name, the facts about
// it that do not match, newest first down facts_subject_time_idx (an
// OFFSET 0 subquery in index order with the filters above it as one CASE,
// as the temporal leg does, so the planner cannot trade the ordered walk
// for a sort of every fact), at most as many as m left room for (none when
// m is full). A query without terms ranks every fact 0: the newest only.
func (s *Service) selfSQL(q *query) (string, []any) {
	b := newSQLB(q.member, q.gate)
	nm := b.p(selfNames(q))
	limit := b.p(s.cfg.LegLimit)
	each, _, anyq := tsQueries(terms(q.req.Query))
	names := `names AS MATERIALIZED (
			SELECT unnest(` + nm + `::text[]) AS name
			UNION SELECT a.alias FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity' AND a.reverted_at IS NULL AND a.canonical = ANY(` + nm + `::text[])
			UNION SELECT a.canonical FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity' AND a.reverted_at IS NULL AND a.alias = ANY(` + nm + `::text[]))`
	others := func(notMatch, room string) string {
		return `SELECT o.* FROM names n CROSS JOIN LATERAL (
				SELECT ` + factCols("f") + `, 0::float8 AS score FROM (
					SELECT * FROM facts w WHERE w.member_id = $1 AND w.subject_canon = n.name
					ORDER BY w.valid_from DESC, w.id DESC OFFSET 0) f
				WHERE CASE WHEN ` + notMatch + b.readFilter(q, "fact", "f") + ` THEN true ELSE false END
				LIMIT ` + room + `) o`
	}
	if anyq == "" {
		return `/* leg:self */ WITH ` + names + `
		SELECT * FROM (` + others("", limit) + `) u
		ORDER BY u.valid_from DESC, u.id DESC LIMIT ` + limit, b.args
	}
	tq := b.p(anyq)
	ev := b.p(each)
	room := `greatest(` + limit + ` - (SELECT count(*) FROM m), 0)`
	if !s.selfFills(q.req.Query) {
		room = "0" // the matching facts only: the others' walk stops at once
	}
	sql := `/* leg:self */ WITH ` + names + `,
		tq AS MATERIALIZED (SELECT to_tsquery('english', ` + tq + `) AS q),
		m AS MATERIALIZED (
			SELECT ` + factCols("f") + `, ts_rank(f.tsv, tq.q)::float8 AS score
			FROM ` + mtsvScan("fact", mquerySQL(ev, "|")) + ` f CROSS JOIN tq
			WHERE f.member_id = $1 AND f.subject_canon IN (SELECT name FROM names) AND f.tsv @@ tq.q
			  AND ` + b.readFilter(q, "fact", "f") + `
			ORDER BY score DESC, f.valid_from DESC, f.id DESC LIMIT ` + limit + `)
		SELECT * FROM (
			SELECT * FROM m
			UNION ALL
			` + others(`NOT (f.tsv @@ (SELECT q FROM tq)) AND `, room) + `) u
		ORDER BY u.score DESC, u.valid_from DESC, u.id DESC LIMIT ` + limit
	return sql, b.args
}
