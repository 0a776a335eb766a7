package nightly

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
)

// DerivedSection is the beliefs section the nightly pass owns. Beliefs in
// other sections (edit_profile's) and pinned beliefs are never touched.
const DerivedSection = "derived"

// beliefs recomputes the derived profile: one active belief per
// non-foresight fact about the member that is in force for someone
// (facts.InForceForSomeone: for the audience it was said to), per audience
// and channel so the gate still applies, turned off when its facts are no
// longer in force. These rows are the profile's record (edit_profile's
// bound, export); recall and the profile tool decide what a reader sees by
// the same rule when they read (facts.Rule), so a reader who also sees a
// newer version elsewhere never sees the older line.
func beliefs(ctx context.Context, tx pgx.Tx, member string, opt Options, mr *MemberReport) error {
	holder := "member:" + member
	axes, err := facts.LoadAxes(ctx, tx, member)
	if err != nil {
		return err
	}
	all, err := facts.Versions(ctx, tx, member, holder, nil)
	if err != nil {
		return err
	}
	in := facts.InForceForSomeone(all, axes, facts.Rule{Threshold: opt.Threshold}, opt.Now)
	type want struct {
		id, stmt, channel string
		aud, sources      []string
		conf              int
	}
	wants := map[string]*want{}
	var order []string
	slices.SortStableFunc(all, func(a, b facts.Row) int {
		if c := a.ValidFrom.Compare(b.ValidFrom); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	for _, f := range all {
		if !in[f.ID] || f.Kind == facts.Foresight {
			continue
		}
		aud := memhive.NormalizeAudience(f.Audience)
		if aud == nil {
			continue
		}
		stmt := facts.Statement(f.PredicateCanon, f.Claim, extract.EntityKind(f.PredicateCanon) == "person")
		bid := facts.BeliefID(member, holder, stmt, aud, f.Channel)
		w := wants[bid]
		if w == nil {
			w = &want{id: bid, stmt: stmt, channel: f.Channel, aud: aud}
			wants[bid] = w
			order = append(order, bid)
		}
		w.sources = append(w.sources, f.ID)
		w.conf = max(w.conf, f.Confidence)
	}
	for _, bid := range order {
		w := wants[bid]
		slices.Sort(w.sources)
		tag, err := tx.Exec(ctx, `INSERT INTO beliefs AS b (member_id, id, holder, statement, section, confidence, source_fact_ids, channel, audience, tokens)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
			ON CONFLICT (member_id, id) DO UPDATE SET active = true, updated_at = clock_timestamp()
			WHERE NOT b.active AND NOT b.pinned`,
			member, bid, holder, w.stmt, DerivedSection, w.conf, w.sources, w.channel, w.aud, facts.TokenEstimate(w.stmt))
		if err != nil {
			return fmt.Errorf("write belief: %w", err)
		}
		mr.BeliefsOn += int(tag.RowsAffected())
	}
	if order == nil {
		order = []string{}
	}
	tag, err := tx.Exec(ctx, `UPDATE beliefs SET active = false, updated_at = clock_timestamp()
		WHERE member_id = $1 AND section = $2 AND active AND NOT pinned AND id <> ALL($3::text[])`, member, DerivedSection, order)
	if err != nil {
		return fmt.Errorf("turn beliefs off: %w", err)
	}
	mr.BeliefsOff += int(tag.RowsAffected())
	return nil
}

// compress folds session summaries older than CompressAfter, per channel,
// audience and month, into one summary marked [compressed] that names its
// sources. The originals stay.
func compress(ctx context.Context, tx pgx.Tx, member string, opt Options, mr *MemberReport) error {
	rows, err := tx.Query(ctx, `SELECT s.id, s.channel, s.audience, s.from_at, s.to_at, s.text FROM summaries s
		WHERE s.member_id = $1 AND NOT s.compressed AND s.to_at < $2
		  AND NOT EXISTS (SELECT 1 FROM summaries c WHERE c.member_id = s.member_id AND c.compressed AND s.id = ANY(c.source_summary_ids))
		ORDER BY s.from_at, s.id`, member, opt.Now.Add(-opt.CompressAfter))
	if err != nil {
		return err
	}
	type sum struct {
		id, channel, text string
		aud               []string
		from, to          time.Time
	}
	groups := map[string][]sum{}
	var order []string
	var s sum
	_, err = pgx.ForEachRow(rows, []any{&s.id, &s.channel, &s.aud, &s.from, &s.to, &s.text}, func() error {
		k := s.channel + "\x00" + strings.Join(s.aud, "\x1f") + "\x00" + s.from.UTC().Format("2006-01")
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], s)
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "[compressed] %s, %s, %d sessions:", g[0].from.UTC().Format("2006-01"), g[0].channel, len(g))
		ids := make([]string, len(g))
		from, to := g[0].from, g[0].to
		for i, x := range g {
			ids[i] = x.id
			if x.to.After(to) {
				to = x.to
			}
			body := x.text
			if _, rest, ok := strings.Cut(body, "turns:"); ok {
				body = rest
			}
			body = strings.TrimSpace(body)
			if r := []rune(body); len(r) > 160 {
				body = string(r[:160]) + "…"
			}
			fmt.Fprintf(&b, " [%s] %s", x.from.UTC().Format(time.DateOnly), body)
		}
		text := b.String()
		id := closer.ID("sum_", member, "compressed", strings.Join(ids, ","))
		tag, err := tx.Exec(ctx, `INSERT INTO summaries (member_id, id, session_id, channel, audience, from_at, to_at, text, compressed, source_summary_ids, tokens)
			VALUES ($1, $2, NULL, $3, $4, $5, $6, $7, true, $8, $9) ON CONFLICT DO NOTHING`,
			member, id, g[0].channel, g[0].aud, from, to, text, ids, facts.TokenEstimate(text))
		if err != nil {
			return fmt.Errorf("write compressed summary: %w", err)
		}
		mr.Summaries += int(tag.RowsAffected())
	}
	return nil
}
