package recall

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// activeBeliefs reads the gated active beliefs, pinned first, then by
// confidence, age and id. Beliefs are the standing profile: as_of does not
// filter them (see docs/recall.md).
func (s *Service) activeBeliefs(ctx context.Context, q *query, limit int) ([]*row, error) {
	b := newSQLB(q.member, q.gate)
	sql := `/* leg:beliefs */ SELECT b.id, b.holder, b.statement, b.channel, b.created_at FROM beliefs b
		WHERE b.member_id = $1 AND b.active AND ` + b.gate("b") + `
		ORDER BY b.pinned DESC, b.confidence DESC, b.created_at, b.id LIMIT ` + b.p(limit)
	rows, err := s.pool.Query(ctx, sql, b.args...)
	if err != nil {
		return nil, fmt.Errorf("read beliefs: %w", err)
	}
	return pgx.CollectRows(rows, scanBelief)
}

func scanBelief(rows pgx.CollectableRow) (*row, error) {
	r := &row{Item: Item{Kind: "belief"}}
	if err := rows.Scan(&r.ID, &r.Who, &r.Text, &r.Channel, &r.at); err != nil {
		return nil, err
	}
	r.When = fmtTime(r.at)
	return r, nil
}

// tier0 is the ambient bundle (SPEC §4): beliefs, open foresight facts and
// this session's episodes, each gated in SQL before its cap, sent in one
// round trip, then fitted to the budget whole item by whole item.
func (s *Service) tier0(ctx context.Context, q *query) (*Answer, error) {
	bb := newSQLB(q.member, q.gate)
	beliefsSQL := `/* leg:tier0 */ SELECT b.id, b.holder, b.statement, b.channel, b.created_at FROM beliefs b
		WHERE b.member_id = $1 AND b.active AND ` + bb.gate("b") + `
		ORDER BY b.pinned DESC, b.confidence DESC, b.created_at, b.id LIMIT ` + bb.p(s.cfg.Tier0Beliefs)

	fb := newSQLB(q.member, q.gate)
	asOf := fb.p(q.asOf)
	foresightSQL := `/* leg:tier0 */ SELECT ` + factCols("f") + ` FROM facts f
		WHERE f.member_id = $1 AND f.fact_kind = 'foresight'
		  AND (f.valid_until IS NULL OR f.valid_until > ` + asOf + `)
		  AND (f.expired_at IS NULL OR f.expired_at > ` + asOf + `)
		  AND ` + notRetractedSQL("f") + ` AND ` + fb.gate("f") + `
		ORDER BY f.valid_from, f.id LIMIT ` + fb.p(s.cfg.Tier0Foresight)

	eb := newSQLB(q.member, q.gate)
	episodesSQL := `/* leg:tier0 */ SELECT ` + episodeCols("e") + ` FROM episodes e
		WHERE e.member_id = $1 AND e.session_id = ` + eb.p(q.session) + ` AND e.channel = ` + eb.p(q.req.Channel) + `
		  AND e.happened_at <= ` + eb.p(q.asOf) + ` AND ` + eb.gate("e") + `
		ORDER BY e.happened_at DESC, e.id DESC LIMIT ` + eb.p(s.cfg.Tier0Episodes)

	var batch pgx.Batch
	var beliefs, foresight, episodes []*row
	batch.Queue(beliefsSQL, bb.args...).Query(func(rows pgx.Rows) error {
		var err error
		beliefs, err = pgx.CollectRows(rows, scanBelief)
		return err
	})
	batch.Queue(foresightSQL, fb.args...).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			r, err := scanFact(rows)
			if err != nil {
				return err
			}
			foresight = append(foresight, r)
		}
		return rows.Err()
	})
	batch.Queue(episodesSQL, eb.args...).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			r, err := scanEpisode(rows)
			if err != nil {
				return err
			}
			episodes = append(episodes, r)
		}
		return rows.Err()
	})
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("tier 0: %w", err)
	}

	sections := []section{
		{title: "PROFILE", rows: beliefs, line: beliefLine},
		{title: "UPCOMING", rows: foresight, line: foresightLine},
		{title: "THIS SESSION (newest first)", rows: episodes, line: episodeLine},
	}
	text, kept, dropped, err := fit(sections, q.budget, "Nothing in this memory for this conversation yet.")
	if err != nil {
		return nil, err
	}
	a := &Answer{Tier: 0, Text: text, Items: items(kept), Dropped: dropped}
	if q.asOfGiven {
		a.AsOf = fmtTime(q.asOf)
	}
	return a, nil
}

func items(rs []*row) []Item {
	out := make([]Item, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.Item)
	}
	return out
}

func beliefLine(r *row) string { return "- " + r.Who + ": " + r.Text }

func foresightLine(r *row) string {
	l := "- [" + day(r.at) + "] " + r.Text
	if r.until != nil {
		l += " (until " + day(*r.until) + ")"
	}
	return l
}

func episodeLine(r *row) string {
	return "- [" + fmtTime(r.at) + "] " + r.Who + " (" + r.Channel + "): " + r.Text
}

func day(t time.Time) string { return t.UTC().Format("2006-01-02") }
