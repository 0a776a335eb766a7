package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/jackc/pgx/v5"
)

// namedSessionFactor multiplies the fused score of an episode from a
// session in which a person the query names took part (namedSessions).
const namedSessionFactor = 4

// namedSessions: a question that names people ("what did Caroline say
// about the adoption agency?") is about the conversations those people
// took part in. Of the candidates' sessions, it returns those in which a
// person named in the query spoke (a visible turn of theirs: gated like
// every read), and the ids it looked for. Names are the query's 1–3-word
// grams as participant ids ("caroline" → person:caroline,
// member:caroline; "mary ann" → person:mary_ann), as the graph leg seeds
// them (and the bare grams, which name a fact's subject: the caller
// boosts facts about a named person too). One statement: a candidate
// session is first looked up in sessions (its primary key), whose
// participants (every speaker and listener, kept by the appender in the
// turn's own transaction, episodes.TouchSessions) must hold a named id;
// only then is it an index range of episodes_session_idx stopped at the
// named speaker's first visible turn. Without the lookup, every candidate
// session of a person the query names but who never spoke in it was read
// whole (5.3 ms a call, median, on the latency benchmark's 100,000-turn
// member, on the critical path after fusion). A query naming nobody who speaks
// in the record (a first-person question to an assistant) changes
// nothing; neither does a record whose every session holds the named
// people (all candidates are multiplied alike).
func (s *Service) namedSessions(ctx context.Context, q *query, rows map[string]*row) (map[string]bool, []string, error) {
	var batch pgx.Batch
	done := queueNamedSessions(&batch, q, rows)
	if batch.Len() > 0 {
		if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
			return nil, nil, fmt.Errorf("named sessions: %w", err)
		}
	}
	sess, ids := done()
	return sess, ids, nil
}

// queueNamedSessions queues namedSessions' statement on batch, if it has
// one to run, so that tier 1 sends it with the version chains' first
// statements in one round trip; done returns the result once the batch has
// been read.
func queueNamedSessions(batch *pgx.Batch, q *query, rows map[string]*row) (done func() (map[string]bool, []string)) {
	var ids []string
	seen := map[string]bool{}
	for _, g := range grams(q.req.Query) {
		u := strings.ReplaceAll(g, " ", "_")
		for _, id := range []string{"person:" + u, "member:" + u, g} {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	var sessions []string
	ss := map[string]bool{}
	for _, r := range rows {
		if r.Kind == "episode" && r.Session != "" && !ss[r.Session] {
			ss[r.Session] = true
			sessions = append(sessions, r.Session)
		}
	}
	if len(ids) == 0 || len(sessions) == 0 {
		return func() (map[string]bool, []string) { return nil, ids }
	}
	slices.Sort(sessions)
	b := newSQLB(q.member, q.gate)
	pids := b.p(ids)
	sql := `/* leg:people */ SELECT s.id FROM unnest(` + b.p(sessions) + `::text[]) AS s(id)
		WHERE EXISTS (SELECT 1 FROM sessions ps WHERE ps.member_id = $1 AND ps.session_id = s.id
			AND ps.participants && ` + pids + `::text[])
		  AND EXISTS (SELECT 1 FROM episodes x WHERE x.member_id = $1 AND x.session_id = s.id
			AND x.speaker = ANY(` + pids + `::text[]) AND ` + b.readFilter(q, "episode", "x") + `)`
	out := map[string]bool{}
	batch.Queue(sql, b.args...).Query(func(rs pgx.Rows) error {
		var id string
		_, err := pgx.ForEachRow(rs, []any{&id}, func() error { out[id] = true; return nil })
		return err
	})
	return func() (map[string]bool, []string) { return out, ids }
}

// BoostNamed multiplies the exact score of each fused candidate in boosted
// by namedSessionFactor and sorts again (SortFused).
func BoostNamed(fs []Fused, boosted map[string]bool) error {
	if len(boosted) == 0 {
		return nil
	}
	for i := range fs {
		if !boosted[fs[i].Key] {
			continue
		}
		f := &fs[i]
		if _, err := decCtx.Mul(&f.Num, &f.Num, apd.New(namedSessionFactor, 0)); err != nil {
			return err
		}
		if _, err := decCtx.Quo(&f.Score, &f.Num, &f.Den); err != nil {
			return err
		}
	}
	SortFused(fs)
	return nil
}
