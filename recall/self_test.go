package recall

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/facts"
)

// selfFullRankingSQL is the self leg's statement before migration 022:
// every fact about the asker ranked by ts_rank against the any-term
// tsquery, then valid_from desc, id desc. TestSelfLegEqualsFullRanking
// holds the leg to it.
func (s *Service) selfFullRankingSQL(q *query) (string, []any) {
	b := newSQLB(q.member, q.gate)
	nm := b.p(selfNames(q))
	_, _, anyq := tsQueries(terms(q.req.Query))
	rank := `0::float8`
	if anyq != "" {
		rank = `ts_rank(f.tsv, to_tsquery('english', ` + b.p(anyq) + `))::float8`
	}
	return `WITH names AS (
			SELECT unnest(` + nm + `::text[]) AS name
			UNION SELECT a.alias FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity' AND a.reverted_at IS NULL AND a.canonical = ANY(` + nm + `::text[])
			UNION SELECT a.canonical FROM aliases a WHERE a.member_id = $1 AND a.dimension = 'entity' AND a.reverted_at IS NULL AND a.alias = ANY(` + nm + `::text[]))
		SELECT ` + factCols("f") + `, ` + rank + ` AS score FROM facts f
		WHERE f.member_id = $1 AND f.subject_canon IN (SELECT name FROM names) AND ` + b.readFilter(q, "fact", "f") + `
		ORDER BY score DESC, f.valid_from DESC, f.id DESC LIMIT ` + b.p(s.cfg.LegLimit), b.args
}

// TestSelfLegEqualsFullRanking: the self leg (matching facts from the GIN
// index, then the newest others down facts_subject_time_idx) gives the
// rows, in the order, of ranking every fact about the asker: under limits
// the matching facts fill, half fill and leave empty, with hidden,
// retracted and future facts, an alias of the asker, facts about others,
// ties in time, and queries with no terms, no match, prefixes and stop
// words only.
func TestSelfLegEqualsFullRanking(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const m = "selfeq"
	me := []string{"member:" + m}
	withBob := []string{"member:" + m, "person:bob"}
	other := []string{"person:zed"}
	f.exec(`INSERT INTO aliases (member_id, id, dimension, alias, canonical, decided_by) VALUES ($1, $2, 'entity', 'sam', 'member:selfeq', 'test')`, m, newID("A"))
	r := rand.New(rand.NewPCG(7, 8))
	words := []string{"coffee", "tea", "hiking", "running", "painting", "music", "guitar", "dog", "cat", "kenya", "market", "beans"}
	subjects := []string{"member:" + m, "selfeq", "Sam", "Bob", "Carol"}
	auds := [][]string{me, me, withBob, other}
	for i := range 400 {
		claim := fmt.Sprintf("likes %s and %s %d", words[r.IntN(len(words))], words[r.IntN(len(words))], i)
		if i%5 == 0 {
			claim = fmt.Sprintf("went out %d", i) // matches no word
		}
		at := t0.Add(time.Duration(r.IntN(200)) * time.Hour) // ties in time
		id := f.fact(facts.Fact{Member: m, Subject: subjects[r.IntN(len(subjects))], Predicate: "note", Claim: claim,
			ValidFrom: at, Channel: "c", Audience: auds[r.IntN(len(auds))]})
		if i%37 == 0 {
			f.exec(`UPDATE facts SET expired_at = now(), closure_source = 'forget:test' WHERE member_id = $1 AND id = $2`, m, id)
		}
	}
	queries := []string{"coffee", "does she like coffee or tea", "what about hiking and running", "runn music guitars",
		"who is it", "the of and", "kenya beans at the market", "zebra", "?", // "?": no word at all
		"what is my job", "do I like coffee"} // about the asker: the newest others follow
	for _, limit := range []int{3, 20, 50, 500} {
		for _, fill := range []bool{true, false} {
			// fill: after the matching facts, the newest others (the full
			// ranking's tail; the default), or only the matching ones
			s := New(f.pool, Config{LegLimit: limit, SelfOnlyMatching: !fill}, nil, nil)
			for _, qt := range queries {
				for _, aud := range [][]string{me, withBob} {
					for _, asOf := range []time.Time{t0.Add(100 * time.Hour), t0.Add(1000 * time.Hour)} {
						q, err := s.prepare(Request{Member: m, Tier: "1", Query: qt, Audience: aud, Channel: "c", AsOf: &asOf})
						if err != nil {
							t.Fatal(err)
						}
						res, err := s.selfLeg(f.ctx, q)
						if err != nil {
							t.Fatal(err)
						}
						sql, args := s.selfFullRankingSQL(q)
						want, err := s.queryScored(f.ctx, "fact", sql, args)
						if err != nil {
							t.Fatal(err)
						}
						var got, exp []string
						for _, r := range res.rows {
							got = append(got, r.ID)
						}
						for _, w := range want {
							if fill && s.selfFills(qt) || w.score > 0 {
								exp = append(exp, w.r.ID)
							}
						}
						if !slices.Equal(got, exp) {
							t.Fatalf("limit %d, fill %v, query %q, audience %v, as_of %v:\n got %v\nwant %v", limit, fill, qt, aud, asOf, got, exp)
						}
						if limit == 20 && qt == "coffee" && len(got) == 0 {
							t.Fatal("the fixture gives the self leg nothing")
						}
						if qt == "zebra" && len(got) != 0 {
							t.Fatalf("a query matching no fact: the self leg proposed %v", got)
						}
					}
				}
			}
		}
	}
}

// TestSelfLegServedByIndexes: on a member with 5,000 facts about the
// asker, the self leg reads the facts that match the query through
// facts_mtsv_idx and the newest others down a time index
// (facts_subject_time_idx), stopping at its limit: never every fact about
// the asker, with the planner's statistics or without them (right after
// an import).
func TestSelfLegServedByIndexes(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const m = "selfbig"
	f.exec(`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, valid_from, channel, audience)
		SELECT $1, 'F' || lpad(i::text, 8, '0'), 'member:selfbig', 'note', c, 'member:selfbig', 'note', c, md5(c), $2::timestamptz + i * interval '1 hour', 'c', '{member:selfbig}'
		FROM generate_series(1, 5000) AS i, LATERAL (SELECT CASE WHEN i % 250 = 0 THEN 'bought kenya coffee ' || i ELSE 'wrote note number ' || i END AS c) z`, m, t0)
	s := New(f.pool, Config{}, nil, nil)
	asOf := t0.Add(10000 * time.Hour)
	check := func(stats string) {
		for _, qt := range []string{"where did I buy the kenya coffee", "my zebra"} {
			q, err := s.prepare(Request{Member: m, Tier: "1", Query: qt, Audience: []string{"member:" + m}, Channel: "c", AsOf: &asOf})
			if err != nil {
				t.Fatal(err)
			}
			sql, args := s.selfSQL(q)
			read := 0.0
			explain(t, f, sql, args).walk(func(n planNode) {
				if n.Relation != "facts" {
					return
				}
				switch {
				case n.NodeType == "Seq Scan":
					t.Errorf("%s, %q: a Seq Scan on facts", stats, qt)
				// facts_valid_idx is as good a walk here, where every fact of the
				// member is about the asker (the planner takes it with statistics)
				case n.IndexName != "" && n.IndexName != "facts_subject_time_idx" && n.IndexName != "facts_mtsv_idx" && n.IndexName != "facts_valid_idx":
					t.Errorf("%s, %q: facts read by %s %s", stats, qt, n.NodeType, n.IndexName)
				}
				read += n.ActualRows
			})
			if read > 500 {
				t.Errorf("%s, %q: %.0f facts read for a leg of %d", stats, qt, read, s.cfg.LegLimit)
			}
			res, err := s.selfLeg(f.ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.rows) != s.cfg.LegLimit {
				t.Fatalf("%s, %q: %d rows, want %d", stats, qt, len(res.rows), s.cfg.LegLimit)
			}
		}
	}
	check("without statistics")
	f.exec(`ANALYZE facts`)
	check("with statistics")
}

// TestTier0ForesightServedByIndex: tier 0's open foresight on a member
// with 3,000 foresight facts (and 3,000 others) walks a time index in its
// order (facts_kind_time_idx) and stops at its cap, with the planner's
// statistics or without them: no sort of every foresight fact of the
// member.
func TestTier0ForesightServedByIndex(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const m = "foresee"
	f.exec(`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, fact_kind, valid_from, channel, audience)
		SELECT $1, 'F' || lpad(i::text, 8, '0'), 'member:foresee', 'plans', c, 'member:foresee', 'plans', c, md5(c), 'foresight', $2::timestamptz + i * interval '1 hour', 'c', '{member:foresee}'
		FROM generate_series(1, 3000) AS i, LATERAL (SELECT 'will travel ' || i AS c) z`, m, t0)
	f.exec(`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, valid_from, channel, audience)
		SELECT $1, 'W' || lpad(i::text, 8, '0'), 'member:foresee', 'likes', c, 'member:foresee', 'likes', c, md5(c), $2::timestamptz + i * interval '1 hour', 'c', '{member:foresee}'
		FROM generate_series(1, 3000) AS i, LATERAL (SELECT 'likes tea ' || i AS c) z`, m, t0)
	s := New(f.pool, Config{}, nil, nil)
	asOf := t0.Add(100 * time.Hour)
	check := func(stats string) {
		q, err := s.prepare(Request{Member: m, Tier: "0", Audience: []string{"member:" + m}, Channel: "c", AsOf: &asOf})
		if err != nil {
			t.Fatal(err)
		}
		ahead, before, args := s.foresightSQL(q)
		for _, sql := range []string{ahead, before} {
			read := 0.0
			explain(t, f, sql, args).walk(func(n planNode) {
				if strings.Contains(n.NodeType, "Sort") {
					t.Errorf("%s: the plan sorts (%s)", stats, n.NodeType)
				}
				if n.Relation == "facts" {
					read += n.ActualRows
					if n.IndexName != "facts_kind_time_idx" && n.IndexName != "facts_valid_idx" { // both walk in the order
						t.Errorf("%s: facts read by %s %s", stats, n.NodeType, n.IndexName)
					}
				}
			})
			if read > 100 {
				t.Errorf("%s: %.0f facts read for %d lines", stats, read, s.cfg.Tier0Foresight)
			}
		}
	}
	check("without statistics")
	f.exec(`ANALYZE facts`)
	check("with statistics")
}
