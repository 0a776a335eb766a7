package recall

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
)

// axis is one (subject, predicate) version chain; pred is the predicate
// resolved one hop through live 'predicate' aliases.
type axis struct{ subject, pred string }

// resolveChains replaces every fact on a single-cardinality axis by the
// version in force at as_of (SPEC §4): gate-visible, valid_from ≤ as_of,
// valid_until NULL or after as_of, not retracted. The replacement carries
// the hit's score. Where a newer version (valid_from ≤ as_of) exists but the
// gate hides it, the shown version is marked SupersessionUnknown. Every
// shown fact then carries the version it replaced as Previously
// (fillPreviously), whether it was a hit itself or stands in for one.
// Cardinality comes from predicate_cardinality (the member's rows and the
// hive-wide '*' rows; seeded > judged > learned, the member's before '*');
// an unknown predicate is multi and its facts stand as they are.
//
// It also returns axisOf, which fillPreviously needs: a fact's axis
// spellings and whether its axis is single.
func (s *Service) resolveChains(ctx context.Context, q *query, rs []*row) ([]*row, []replacement, axisFunc, error) {
	var preds []string
	seenPred := map[string]bool{}
	for _, r := range rs {
		if r.Kind == "fact" && !seenPred[r.predicateCanon] {
			seenPred[r.predicateCanon] = true
			preds = append(preds, r.predicateCanon)
		}
	}
	if len(preds) == 0 {
		return rs, nil, noAxis, nil
	}
	// one hop: alias → canonical
	resolved := map[string]string{}
	rows, err := s.pool.Query(ctx, `SELECT alias, canonical FROM aliases
		WHERE member_id = $1 AND dimension = 'predicate' AND reverted_at IS NULL AND alias = ANY($2::text[])`, q.member, preds)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("version chain: aliases: %w", err)
	}
	for rows.Next() {
		var a, c string
		if err := rows.Scan(&a, &c); err != nil {
			rows.Close()
			return nil, nil, nil, err
		}
		resolved[a] = c
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, nil, err
	}
	canonPred := func(p string) string {
		if c, ok := resolved[p]; ok {
			return c
		}
		return p
	}
	var canon []string
	seen := map[string]bool{}
	for _, p := range preds {
		if c := canonPred(p); !seen[c] {
			seen[c] = true
			canon = append(canon, c)
		}
	}
	// cardinality: first row per predicate by precedence wins
	single := map[string]bool{}
	rows, err = s.pool.Query(ctx, `SELECT DISTINCT ON (predicate) predicate, cardinality FROM predicate_cardinality
		WHERE member_id IN ($1, '*') AND predicate = ANY($2::text[])
		ORDER BY predicate, CASE source WHEN 'seeded' THEN 0 WHEN 'judged' THEN 1 ELSE 2 END, (member_id = $1) DESC`, q.member, canon)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("version chain: cardinality: %w", err)
	}
	for rows.Next() {
		var p, c string
		if err := rows.Scan(&p, &c); err != nil {
			rows.Close()
			return nil, nil, nil, err
		}
		single[p] = c == "single"
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, nil, err
	}
	// every spelling of each single predicate: itself and its live aliases
	spellings := map[string][]string{}
	var singles []string
	for _, c := range canon {
		if single[c] {
			singles = append(singles, c)
			spellings[c] = []string{c}
		}
	}
	if len(singles) == 0 {
		out := slices.Clone(rs)
		reps, err := s.followUpdates(ctx, q, out, func(*row) bool { return false })
		if err != nil {
			return nil, nil, nil, err
		}
		return out, reps, noAxis, nil
	}
	rows, err = s.pool.Query(ctx, `SELECT canonical, alias FROM aliases
		WHERE member_id = $1 AND dimension = 'predicate' AND reverted_at IS NULL AND canonical = ANY($2::text[])
		ORDER BY canonical, alias`, q.member, singles)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("version chain: spellings: %w", err)
	}
	for rows.Next() {
		var c, a string
		if err := rows.Scan(&c, &a); err != nil {
			rows.Close()
			return nil, nil, nil, err
		}
		spellings[c] = append(spellings[c], a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, nil, err
	}

	// one round trip: the in-force version of every single axis hit
	axes := map[axis]*row{}
	var order []axis
	for _, r := range rs {
		if r.Kind != "fact" || !single[canonPred(r.predicateCanon)] {
			continue
		}
		ax := axis{r.subjectCanon, canonPred(r.predicateCanon)}
		if _, ok := axes[ax]; !ok {
			axes[ax] = nil
			order = append(order, ax)
		}
	}
	var batch pgx.Batch
	for _, ax := range order {
		b := newSQLB(q.member, q.gate)
		asOf := b.p(q.asOf)
		sql := `SELECT ` + factCols("f") + ` FROM facts f
			WHERE f.member_id = $1 AND f.subject_canon = ` + b.p(ax.subject) + ` AND f.predicate_canon = ANY(` + b.p(spellings[ax.pred]) + `::text[])
			  AND f.valid_from <= ` + asOf + ` AND (f.valid_until IS NULL OR f.valid_until > ` + asOf + `)
			  AND ` + notRetractedSQL("f") + ` AND ` + b.gate("f") + `
			ORDER BY f.valid_from DESC, f.id DESC LIMIT 1`
		batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				r, err := scanFact(rows)
				if err != nil {
					return err
				}
				axes[ax] = r
			}
			return rows.Err()
		})
	}
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, nil, nil, fmt.Errorf("version chain: in force: %w", err)
	}

	// what is shown per hit, then one round trip for hidden newer versions
	out := make([]*row, len(rs))
	var reps []replacement
	type check struct {
		i  int
		ax axis
	}
	var checks []check
	for i, r := range rs {
		out[i] = r
		if r.Kind != "fact" || !single[canonPred(r.predicateCanon)] {
			continue
		}
		ax := axis{r.subjectCanon, canonPred(r.predicateCanon)}
		if cur := axes[ax]; cur != nil && cur.ID != r.ID {
			rep := *cur
			out[i] = &rep
			reps = append(reps, replacement{From: r.key(), To: cur.key()})
		}
		checks = append(checks, check{i, ax})
	}
	batch = pgx.Batch{}
	for _, c := range checks {
		shown := out[c.i]
		b := newSQLB(q.member, q.gate)
		sql := `SELECT EXISTS (SELECT 1 FROM facts f
			WHERE f.member_id = $1 AND f.subject_canon = ` + b.p(c.ax.subject) + ` AND f.predicate_canon = ANY(` + b.p(spellings[c.ax.pred]) + `::text[])
			  AND f.valid_from <= ` + b.p(q.asOf) + ` AND f.valid_from > ` + b.p(shown.at) + `
			  AND ` + notRetractedSQL("f") + ` AND NOT ` + b.gate("f") + `)`
		i := c.i
		batch.Queue(sql, b.args...).QueryRow(func(row pgx.Row) error {
			var hidden bool
			if err := row.Scan(&hidden); err != nil {
				return err
			}
			if hidden {
				cp := *out[i]
				cp.SupersessionUnknown = true
				out[i] = &cp
			}
			return nil
		})
	}
	if len(checks) > 0 {
		if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
			return nil, nil, nil, fmt.Errorf("version chain: hidden versions: %w", err)
		}
	}
	more, err := s.followUpdates(ctx, q, out, func(r *row) bool { return single[canonPred(r.predicateCanon)] })
	if err != nil {
		return nil, nil, nil, err
	}
	reps = append(reps, more...)
	return out, reps, func(r *row) ([]string, bool) {
		if !single[canonPred(r.predicateCanon)] {
			return nil, false
		}
		return spellings[canonPred(r.predicateCanon)], true
	}, nil
}

// axisFunc gives a fact's axis spellings and whether the axis is single.
type axisFunc func(*row) ([]string, bool)

func noAxis(*row) ([]string, bool) { return nil, false }

// followUpdates handles fact hits off single-cardinality axes (where
// resolveChains does not pick a version in force): a hit that a later
// version replaced (update_memory sets superseded_by, on any axis) is
// replaced by the newest version of its superseded_by chain with
// valid_from ≤ as_of that the gate shows, and marked SupersessionUnknown
// when a newer one (valid_from ≤ as_of) exists that the gate hides.
// Retracted versions are not on the chain.
func (s *Service) followUpdates(ctx context.Context, q *query, out []*row, single func(*row) bool) ([]replacement, error) {
	type link struct {
		r       *row
		depth   int
		visible bool
	}
	chains := make([][]link, len(out))
	var batch pgx.Batch
	for i, r := range out {
		if r.Kind != "fact" || single(r) {
			continue
		}
		b := newSQLB(q.member, q.gate)
		sql := `WITH RECURSIVE ch(id, depth) AS (
				SELECT f.superseded_by, 1 FROM facts f WHERE f.member_id = $1 AND f.id = ` + b.p(r.ID) + ` AND f.superseded_by IS NOT NULL
				UNION ALL
				SELECT f.superseded_by, ch.depth + 1 FROM ch JOIN facts f ON f.member_id = $1 AND f.id = ch.id
				WHERE f.superseded_by IS NOT NULL AND ch.depth < 64)
			SELECT ` + factCols("f") + `, ch.depth, ` + b.gate("f") + ` FROM ch JOIN facts f ON f.member_id = $1 AND f.id = ch.id
			WHERE f.valid_from <= ` + b.p(q.asOf) + ` AND ` + notRetractedSQL("f") + `
			ORDER BY ch.depth`
		batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				var l link
				r, err := scanFact(rows, &l.depth, &l.visible)
				if err != nil {
					return err
				}
				l.r = r
				chains[i] = append(chains[i], l)
			}
			return rows.Err()
		})
	}
	if batch.Len() == 0 {
		return nil, nil
	}
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("version chain: updates: %w", err)
	}
	var reps []replacement
	for i, ch := range chains {
		if len(ch) == 0 {
			continue
		}
		var shown *row
		hidden := false
		for _, l := range ch { // by depth: the last visible wins, a hidden one after it is unknown
			if l.visible {
				shown, hidden = l.r, false
			} else {
				hidden = true
			}
		}
		cp := *out[i]
		if shown != nil {
			reps = append(reps, replacement{From: out[i].key(), To: shown.key()})
			cp = *shown
		}
		cp.SupersessionUnknown = cp.SupersessionUnknown || hidden
		out[i] = &cp
	}
	return reps, nil
}

// fillPreviously sets Previously on every shown fact to the version it
// replaced, whether the fact was a hit itself or stands in for an older
// hit: the gate-visible, not retracted fact with a different claim that
// names it as superseded_by, else (on a single-cardinality axis) the
// latest visible older version on the axis with a different claim (a
// restatement of the same claim is not a replacement). A fact with no such
// version has no Previously. axisOf gives a fact's axis spellings and
// whether the axis is single.
func (s *Service) fillPreviously(ctx context.Context, q *query, out []*row, axisOf axisFunc) error {
	var batch pgx.Batch
	for i, r := range out {
		if r.Kind != "fact" {
			continue
		}
		if r.Previously != nil {
			cp := *r
			cp.Previously, cp.prevText = nil, ""
			out[i] = &cp
		}
		// Both kinds of predecessor lie on the shown fact's axis (nightly and
		// update_memory keep subject and predicate), so the lookup is a range
		// of facts_axis_idx, never a scan of the member's facts.
		b := newSQLB(q.member, q.gate)
		id := b.p(r.ID)
		sp, single := axisOf(r)
		older := `false`
		if !single {
			sp = []string{r.predicateCanon}
		} else {
			at := b.p(r.at)
			older = `(f.valid_from < ` + at + ` OR (f.valid_from = ` + at + ` AND f.id < ` + id + `))`
		}
		sql := `SELECT ` + factCols("f") + ` FROM facts f
			WHERE f.member_id = $1 AND f.subject_canon = ` + b.p(r.subjectCanon) + ` AND f.predicate_canon = ANY(` + b.p(sp) + `::text[])
			  AND f.id <> ` + id + `
			  AND f.claim_canon <> (SELECT c.claim_canon FROM facts c WHERE c.member_id = $1 AND c.id = ` + id + `)
			  AND (f.superseded_by = ` + id + ` OR ` + older + `)
			  AND ` + notRetractedSQL("f") + ` AND ` + b.gate("f") + `
			ORDER BY (f.superseded_by IS NOT DISTINCT FROM ` + id + `) DESC, f.valid_from DESC, f.id DESC LIMIT 1`
		batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				p, err := scanFact(rows)
				if err != nil {
					return err
				}
				cp := *out[i]
				prev := p.Item
				cp.Previously = &prev
				cp.prevText = p.Text
				if p.subjectCanon == cp.subjectCanon {
					cp.prevText = p.claim
				}
				out[i] = &cp
			}
			return rows.Err()
		})
	}
	if batch.Len() == 0 {
		return nil
	}
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return fmt.Errorf("version chain: previous versions: %w", err)
	}
	return nil
}

// replacement records a hit replaced by its in-force version (diagnostic).
type replacement struct {
	From string `json:"from"`
	To   string `json:"to"`
}
