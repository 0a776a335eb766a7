package recall

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/facts"
)

// axis is one (subject, predicate) version chain; pred is the predicate
// resolved one hop through live 'predicate' aliases.
type axis struct{ subject, pred string }

// resolveChains replaces every fact on a single-cardinality axis by the
// version in force at as_of for this reader, decided by facts.Rule, the one
// rule every tier, tool and the profile use (docs/facts.md): chains never
// join different speakers (unless the record links them), a later version
// replaces an earlier one only at or above the confidence threshold, and
// the versions the gate hides are never shown (a shown version they would
// replace is marked SupersessionUnknown). The replacement carries the
// hit's score and, as Previously, the version it replaced on its chain.
// Cardinality comes from predicate_cardinality (the member's rows and the
// hive-wide '*' rows; seeded > judged > learned, the member's before '*');
// an unknown predicate is multi and its facts follow only the record's
// links (followUpdates).
//
// It also returns axisOf, which fillPreviously needs: a fact's axis
// spellings and whether its axis is single. ax are the member's predicate
// aliases and cardinalities when the caller has read them already (nil:
// read here).
//
// Every statement it needs (each single axis's versions, and the update
// links of every other fact hit, followUpdates) goes in one round trip.
func (s *Service) resolveChains(ctx context.Context, q *query, rs []*row, ax *facts.Axes) ([]*row, []replacement, axisFunc, error) {
	if !slices.ContainsFunc(rs, func(r *row) bool { return r.Kind == "fact" }) {
		return rs, nil, noAxis, nil
	}
	if ax == nil {
		var err error
		if ax, err = facts.LoadAxes(ctx, s.pool, q.member); err != nil {
			return nil, nil, nil, fmt.Errorf("version chain: %w", err)
		}
	}
	var batch pgx.Batch
	j := s.queueChains(&batch, q, rs, ax)
	if batch.Len() > 0 {
		if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
			return nil, nil, nil, fmt.Errorf("version chain: in force: %w", err)
		}
	}
	out, reps, axisOf := j.finish(rs)
	return out, reps, axisOf, nil
}

// chainJob is resolveChains' work for one set of hits: the statements it
// queued and what it needs to resolve them once they have been read.
type chainJob struct {
	s      *Service
	q      *query
	spell  func(string) []string
	single func(*row) bool
	pred   func(string) string
	axes   map[axis]*axisVersions
	order  []axis
	// updates are the successors of each fact hit off single axes, by id
	updates map[string][]updateLink
}

type axisVersions struct {
	rows []*row
	vs   []facts.Version
}

// queueChains queues on batch every statement resolveChains needs for the
// hits rs (in any order: the statements depend on which hits there are,
// not on their order), with ax the member's predicate aliases and
// cardinalities; finish resolves them once the batch has been read.
func (s *Service) queueChains(batch *pgx.Batch, q *query, rs []*row, ax *facts.Axes) *chainJob {
	// every spelling of each single predicate: itself and its live aliases
	spellings := map[string][]string{}
	for a, c := range ax.Aliases {
		if ax.Cardinalities[c] == facts.Single {
			spellings[c] = append(spellings[c], a)
		}
	}
	for c := range spellings {
		spellings[c] = append(spellings[c], c)
		slices.Sort(spellings[c])
	}
	j := &chainJob{s: s, q: q, axes: map[axis]*axisVersions{}, pred: ax.Pred}
	j.spell = func(p string) []string {
		if sp, ok := spellings[p]; ok {
			return sp
		}
		return []string{p}
	}
	j.single = func(r *row) bool { return ax.Single(r.predicateCanon) }

	// every version of every single axis hit, hidden ones marked, up to
	// as_of (retracted versions are on no chain)
	for _, r := range rs {
		if r.Kind != "fact" || !j.single(r) {
			continue
		}
		k := axis{r.subjectCanon, ax.Pred(r.predicateCanon)}
		if _, ok := j.axes[k]; !ok {
			j.axes[k] = &axisVersions{}
			j.order = append(j.order, k)
		}
	}
	for _, k := range j.order {
		b := newSQLB(q.member, q.gate)
		sql := `/* leg:chain */ SELECT ` + factCols("f") + `, f.claim_canon, f.confidence, f.recorded_at, coalesce(f.superseded_by, ''),
				NOT ` + b.gate(tFacts, "f") + ` FROM facts f
			WHERE f.member_id = $1 AND f.subject_canon = ` + b.p(k.subject) + ` AND f.predicate_canon = ANY(` + b.p(j.spell(k.pred)) + `::text[])
			  AND f.valid_from <= ` + b.p(q.asOf) + ` AND ` + notRetractedSQL("f") + `
			ORDER BY f.valid_from, f.recorded_at, f.id LIMIT 1000`
		av := j.axes[k]
		batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				var v facts.Version
				r, err := scanFact(rows, &v.ClaimCanon, &v.Confidence, &v.RecordedAt, &v.SupersededBy, &v.Hidden)
				if err != nil {
					return err
				}
				v.ID, v.Speaker, v.ValidFrom, v.ValidUntil = r.ID, r.Who, r.at, r.until
				av.rows = append(av.rows, r)
				av.vs = append(av.vs, v)
			}
			return rows.Err()
		})
	}
	// the update links of the fact hits off single axes, in the same
	// batch: resolving the single axes leaves those hits as they are
	j.updates = queueUpdates(batch, q, rs, j.single)
	return j
}

// finish resolves the chains of the hits rs (ranked) from what the batch
// read.
func (j *chainJob) finish(rs []*row) ([]*row, []replacement, axisFunc) {
	q := j.q
	// what is shown per hit: the version in force on its chain, with what
	// it replaced and whether a hidden version may replace it
	shownOf := map[string]*row{}
	for _, k := range j.order {
		av := j.axes[k]
		res := j.s.cfg.rule().Resolve(av.vs, true, q.asOf)
		for i, r := range av.rows {
			x := res.Shown[i]
			if x < 0 {
				continue
			}
			cp := *av.rows[x]
			cp.Previously, cp.prevText = nil, ""
			if p := res.Previously[x]; p >= 0 {
				prev := av.rows[p].Item
				cp.Previously = &prev
				cp.prevText = av.rows[p].claim
			}
			cp.SupersessionUnknown = res.Unknown[x]
			cp.resolved = true
			shownOf[r.ID] = &cp
		}
	}
	out := make([]*row, len(rs))
	var reps []replacement
	for i, r := range rs {
		out[i] = r
		if r.Kind != "fact" || !j.single(r) {
			continue
		}
		sh := shownOf[r.ID]
		if sh == nil {
			continue
		}
		if sh.ID != r.ID {
			reps = append(reps, replacement{From: r.key(), To: sh.key()})
		}
		cp := *sh
		out[i] = &cp
	}
	reps = append(reps, j.s.followUpdates(q, out, j.single, j.updates)...)
	return out, reps, func(r *row) ([]string, bool) {
		if !j.single(r) {
			return nil, false
		}
		return j.spell(j.pred(r.predicateCanon)), true
	}
}

// axisFunc gives a fact's axis spellings and whether the axis is single.
type axisFunc func(*row) ([]string, bool)

func noAxis(*row) ([]string, bool) { return nil, false }

// followUpdates handles fact hits off single-cardinality axes (where
// resolveChains does not resolve the axis): on a multi axis only the
// record's links make a chain (update_memory sets superseded_by, on any
// axis), so the hit and the versions its superseded_by chain leads to
// (valid_from ≤ as_of, not retracted) go through the same facts.Rule: the
// hit is replaced by the version in force on that chain, and marked
// SupersessionUnknown when a version the gate hides may replace it.
// chains are the successors of the hits off single axes, nearest first
// (queueUpdates), by hit id.
func (s *Service) followUpdates(q *query, out []*row, single func(*row) bool, chains map[string][]updateLink) []replacement {
	rule := s.cfg.rule()
	var reps []replacement
	for i, hit := range out {
		if hit.Kind != "fact" || single(hit) {
			continue
		}
		ch := chains[hit.ID]
		if len(ch) == 0 {
			continue
		}
		// the hit heads its chain (its successors start no earlier)
		vs := []facts.Version{{ID: hit.ID, Speaker: hit.Who, ValidFrom: hit.at, ValidUntil: hit.until, SupersededBy: ch[0].v.ID}}
		rows := []*row{hit}
		for _, l := range ch {
			vs = append(vs, l.v)
			rows = append(rows, l.r)
		}
		res := rule.Resolve(vs, false, q.asOf)
		j := res.Shown[0]
		if j < 0 {
			continue
		}
		cp := *rows[j]
		if j > 0 {
			reps = append(reps, replacement{From: hit.key(), To: cp.key()})
		} else {
			cp = *hit
		}
		cp.SupersessionUnknown = cp.SupersessionUnknown || res.Unknown[j]
		out[i] = &cp
	}
	return reps
}

// updateLink is one successor on a hit's superseded_by chain.
type updateLink struct {
	r *row
	v facts.Version
}

// queueUpdates queues on batch one statement that walks the superseded_by
// chain of every fact hit off a single axis (at most 64 links each), and
// returns each hit's successors by the hit's id, nearest first; filled
// when the batch has been read. One statement for all the
// hits (it was one per hit: fifty statements to plan for a fused list of
// fifty facts, nearly all of which have no successor).
func queueUpdates(batch *pgx.Batch, q *query, rs []*row, single func(*row) bool) map[string][]updateLink {
	chains := map[string][]updateLink{}
	seen := map[string]bool{}
	var ids []string
	for _, r := range rs {
		if r.Kind != "fact" || single(r) || seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		ids = append(ids, r.ID)
	}
	if len(ids) == 0 {
		return chains
	}
	b := newSQLB(q.member, q.gate)
	sql := `/* leg:chain */ WITH RECURSIVE ch(src, id, depth) AS (
			SELECT f.id, f.superseded_by, 1 FROM facts f WHERE f.member_id = $1 AND f.id = ANY(` + b.p(ids) + `::text[]) AND f.superseded_by IS NOT NULL
			UNION ALL
			SELECT ch.src, f.superseded_by, ch.depth + 1 FROM ch JOIN facts f ON f.member_id = $1 AND f.id = ch.id
			WHERE f.superseded_by IS NOT NULL AND ch.depth < 64)
		SELECT ` + factCols("f") + `, f.claim_canon, f.confidence, f.recorded_at, coalesce(f.superseded_by, ''), NOT ` + b.gate(tFacts, "f") + `, ch.src
		FROM ch JOIN facts f ON f.member_id = $1 AND f.id = ch.id
		WHERE f.valid_from <= ` + b.p(q.asOf) + ` AND ` + notRetractedSQL("f") + `
		ORDER BY ch.src, ch.depth`
	batch.Queue(sql, b.args...).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			var l updateLink
			var src string
			r, err := scanFact(rows, &l.v.ClaimCanon, &l.v.Confidence, &l.v.RecordedAt, &l.v.SupersededBy, &l.v.Hidden, &src)
			if err != nil {
				return err
			}
			l.v.ID, l.v.Speaker, l.v.ValidFrom, l.v.ValidUntil = r.ID, r.Who, r.at, r.until
			l.r = r
			chains[src] = append(chains[src], l)
		}
		return rows.Err()
	})
	return chains
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
		if r.Kind != "fact" || r.resolved {
			continue // single axes: resolveChains set Previously by the rule
		}
		if r.Previously != nil {
			cp := *r
			cp.Previously, cp.prevText = nil, ""
			out[i] = &cp
		}
		// Both kinds of predecessor lie on the shown fact's axis (nightly and
		// update_memory keep subject and predicate). The fact naming it as
		// superseded_by is found by facts_superseded_by_idx (migration 026),
		// not by reading the axis; on a single axis, when there is none, the
		// newest older version is a walk of facts_axis_idx.
		b := newSQLB(q.member, q.gate)
		id := b.p(r.ID)
		sp, single := axisOf(r)
		if !single {
			sp = []string{r.predicateCanon}
		}
		same := `f.member_id = $1 AND f.subject_canon = ` + b.p(r.subjectCanon) + ` AND f.predicate_canon = ANY(` + b.p(sp) + `::text[])
			  AND f.id <> ` + id + `
			  AND f.claim_canon <> (SELECT c.claim_canon FROM facts c WHERE c.member_id = $1 AND c.id = ` + id + `)
			  AND ` + notRetractedSQL("f") + ` AND ` + b.gate(tFacts, "f")
		sql := `/* leg:chain */ (SELECT ` + factCols("f") + ` FROM facts f
			WHERE f.superseded_by = ` + id + ` AND ` + same + `
			ORDER BY f.valid_from DESC, f.id DESC LIMIT 1)`
		if single {
			at := b.p(r.at)
			sql += ` UNION ALL (SELECT ` + factCols("f") + ` FROM facts f
			WHERE (f.valid_from < ` + at + ` OR (f.valid_from = ` + at + ` AND f.id < ` + id + `)) AND ` + same + `
			ORDER BY f.valid_from DESC, f.id DESC LIMIT 1) LIMIT 1`
		}
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
