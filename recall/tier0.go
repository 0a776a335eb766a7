package recall

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	audgate "github.com/memhive/memhive/gate"
)

// activeBeliefs is the member's profile as this reader sees it at as_of
// (tier 0's PROFILE and tier 2's beliefs): the active beliefs the gate
// shows that the nightly pass did not derive (edit_profile's lines, and any
// pinned line), and the derived lines made now, one per fact about the
// member in force for this reader at as_of by facts.Rule (the rule tier 1
// resolves chains by), so a profile line never names a version tier 1
// would not show, whether or not the nightly pass has run. A derived line
// has the id the nightly pass gives its belief (facts.BeliefID). Lines
// with one statement are shown once; pinned first, then by confidence,
// time and id; at most limit.
func (s *Service) activeBeliefs(ctx context.Context, q *query, limit int) ([]*row, error) {
	var batch pgx.Batch
	done := s.queueProfile(&batch, q, limit)
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	return done(ctx)
}

// t0ReaderFacts is the most facts about the member one reader's profile
// is resolved from (the first by valid_from).
const t0ReaderFacts = 5000

// queueProfile queues the profile's statements on batch (tier 0 sends them
// with its other parts, in one round trip) and returns what makes the
// profile once the batch has been read.
//
// The lines derived from the facts in force are the costly part (every
// fact about the member is read and resolved), so they are kept per member
// and reader in s.t0 (tier0cache.go), keyed by the member's record version
// (migration 021): the batch reads the version first, and the facts
// statements carry it as a one-time filter, so when the kept lines are
// still current the database skips them and the call's cost no longer
// grows with the member's history. A reader whose lines are not kept is
// made from the member's snapshot (t0Snap: every fact about the member,
// read once for all readers at the version), gated in memory; the
// snapshot is read in this batch only when it is not current. The output
// is the same either way.
func (s *Service) queueProfile(batch *pgx.Batch, q *query, limit int) func(context.Context) ([]*row, error) {
	holder := "member:" + q.member
	key, kept := s.t0.lookup(q)
	skip := int64(-1) // the version at which the beliefs need not be read; -1: read them
	if kept != nil {
		skip = kept.version
	}
	var snap *t0Snap
	useSnap := cacheable(q) && !s.t0.off
	if useSnap {
		if snap = s.t0.snapshot(q.member); snap != nil && snap.tooBig {
			useSnap, snap = false, nil
		}
	}
	// The facts and the axes need not be read when the kept lines or the
	// snapshot are current: at the larger of their versions (the record
	// version only grows, so the smaller cannot be the current one unless
	// they are equal).
	skipFacts := skip
	if snap != nil && snap.version > skipFacts {
		skipFacts = snap.version
	}
	bb := newSQLB(q.member, q.gate)
	beliefsSQL := `/* leg:tier0 */ SELECT b.id, b.holder, b.statement, b.channel, b.created_at, b.pinned, b.confidence FROM beliefs b
		WHERE b.member_id = $1 AND b.active AND (b.section <> 'derived' OR b.pinned) AND ` + bb.gate(tBeliefs, "b") + `
		  AND ` + recordVersionSQL + ` <> ` + bb.p(skip) + `
		ORDER BY b.pinned DESC, b.confidence DESC, b.created_at, b.id LIMIT ` + bb.p(limit)
	var lines []profileLine
	var fs []*profileFact
	var sfs []snapFact
	version := int64(-1)
	var next *time.Time
	batch.Queue(`/* leg:tier0 */ SELECT `+recordVersionSQL, q.member).Query(func(rows pgx.Rows) error {
		_, err := pgx.ForEachRow(rows, []any{&version}, func() error { return nil })
		return err
	})
	batch.Queue(beliefsSQL, bb.args...).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			r := &row{Item: Item{Kind: "belief"}}
			var l profileLine
			if err := rows.Scan(&r.ID, &r.Who, &r.Text, &r.Channel, &r.at, &l.pinned, &l.conf); err != nil {
				return err
			}
			r.When = fmtTime(r.at)
			l.r = r
			lines = append(lines, l)
		}
		return rows.Err()
	})
	if useSnap {
		batch.Queue(snapshotSQL, q.member, memhive.Canon(holder), skipFacts, s.t0.maxSnap()+1).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				var f snapFact
				dst := append([]any{&f.v.ClaimCanon, &f.v.Confidence, &f.v.RecordedAt, &f.v.SupersededBy}, f.g.Dest()...)
				r, err := scanFact(rows, dst...)
				if err != nil {
					return err
				}
				f.v.ID, f.v.Speaker, f.v.ValidFrom, f.v.ValidUntil = r.ID, r.Who, r.at, r.until
				f.r, f.kind, f.audience, f.line = r, f.g.Kind, f.g.Audience, new(atomic.Pointer[row])
				sfs = append(sfs, f)
			}
			return rows.Err()
		})
	} else {
		queueReaderFacts(batch, q, skip, &fs, &next)
	}
	ax := facts.QueueAxesUnless(batch, q.member, skipFacts, recordVersionSQL)
	return func(ctx context.Context) ([]*row, error) {
		if kept != nil && version == kept.version {
			s.t0.hits.Add(1)
			// profile sorts and stamps the written lines it is given: a copy
			return s.profile(q, limit, slices.Clone(kept.beliefs), kept.lines), nil
		}
		s.t0.misses.Add(1)
		if useSnap {
			switch {
			case snap != nil && version == snap.version:
				s.t0.snapHits.Add(1)
			case len(sfs) > s.t0.maxSnap():
				// too many facts about the member to keep them for every
				// reader: this reader's own statements, now and from now on
				s.t0.keepSnapshot(&t0Snap{member: q.member, version: version, tooBig: true})
				var b pgx.Batch
				queueReaderFacts(&b, q, -1, &fs, &next)
				if err := s.pool.SendBatch(ctx, &b).Close(); err != nil {
					return nil, fmt.Errorf("read profile facts: %w", err)
				}
				snap = nil
			default:
				snap = &t0Snap{member: q.member, version: version, facts: sfs, axes: ax}
				if version >= 0 {
					s.t0.keepSnapshot(snap)
				}
			}
			if snap != nil {
				fs, next = snap.reader(q)
				ax = snap.axes
			}
		}
		derived := s.inForceLines(q, fs, ax)
		if version >= 0 {
			s.keepProfile(key, q, version, lines, derived, fs, next)
		}
		return s.profile(q, limit, lines, derived), nil
	}
}

// snapshotSQL reads a member's snapshot (t0Snap): every fact about the
// member ($2) that is not retracted, ungated, with what the gate reads of
// it, unless the record version is $3; at most $4.
var snapshotSQL = `/* leg:tier0 */ SELECT ` + factCols("f") + `, f.claim_canon, f.confidence, f.recorded_at, coalesce(f.superseded_by, ''), ` +
	audgate.RowSQL(audgate.Facts, "f") + ` FROM facts f
	WHERE f.member_id = $1 AND f.subject_canon = $2 AND ` + notRetractedSQL("f") + ` AND ` + recordVersionSQL + ` <> $3
	ORDER BY f.valid_from, f.recorded_at, f.id LIMIT $4`

// queueReaderFacts queues on batch the reader's own statements for its
// profile facts (readerFactsSQL), read into fs and next.
func queueReaderFacts(batch *pgx.Batch, q *query, skip int64, fs *[]*profileFact, next **time.Time) {
	fsql, fargs, nsql, nargs := readerFactsSQL(q, skip)
	batch.Queue(fsql, fargs...).Query(func(rows pgx.Rows) error {
		var err error
		*fs, err = scanProfileFacts(rows)
		return err
	})
	batch.Queue(nsql, nargs...).Query(func(rows pgx.Rows) error {
		_, err := pgx.ForEachRow(rows, []any{next}, func() error { return nil })
		return err
	})
}

// readerFactsSQL are the reader's own statements for its profile facts:
// the facts about the member the gate shows that are valid at as_of (the
// first t0ReaderFacts), and the first instant after as_of at which a fact
// about the member becomes valid (the kept lines hold until then, or until
// a fact read stops being valid); neither reads anything when the record
// version is skip.
func readerFactsSQL(q *query, skip int64) (fsql string, fargs []any, nsql string, nargs []any) {
	holder := "member:" + q.member
	fb := newSQLB(q.member, q.gate)
	fsql = `/* leg:tier0 */ SELECT ` + factCols("f") + `, f.claim_canon, f.confidence, f.recorded_at, coalesce(f.superseded_by, ''),
			f.fact_kind, f.audience FROM facts f
		WHERE f.member_id = $1 AND f.subject_canon = ` + fb.p(memhive.Canon(holder)) + `
		  AND f.valid_from <= ` + fb.p(q.asOf) + ` AND ` + notRetractedSQL("f") + ` AND ` + fb.gate(tFacts, "f") + `
		  AND ` + recordVersionSQL + ` <> ` + fb.p(skip) + `
		ORDER BY f.valid_from, f.recorded_at, f.id LIMIT ` + fmt.Sprint(t0ReaderFacts)
	nsql = `/* leg:tier0 */ SELECT min(f.valid_from) FROM facts f
		WHERE f.member_id = $1 AND f.subject_canon = $2 AND f.valid_from > $3 AND ` + recordVersionSQL + ` <> $4`
	return fsql, fb.args, nsql, []any{q.member, memhive.Canon(holder), q.asOf, skip}
}

func scanProfileFacts(rows pgx.Rows) ([]*profileFact, error) {
	var fs []*profileFact
	for rows.Next() {
		f := new(profileFact)
		r, err := scanFact(rows, &f.v.ClaimCanon, &f.v.Confidence, &f.v.RecordedAt, &f.v.SupersededBy, &f.kind, &f.audience)
		if err != nil {
			return nil, err
		}
		f.v.ID, f.v.Speaker, f.v.ValidFrom, f.v.ValidUntil = r.ID, r.Who, r.at, r.until
		f.r = r
		fs = append(fs, f)
	}
	return fs, rows.Err()
}

// recordVersionSQL is the member's record version (migration 021; $1 is
// the member): its own counter plus the hive-wide one.
const recordVersionSQL = `(SELECT coalesce(sum(rv.version), 0)::bigint FROM record_versions rv WHERE rv.member_id IN ($1, '*'))`

type profileLine struct {
	r      *row
	pinned bool
	conf   int
	fact   *profileFact // a line derived from this fact: r is made when the line may be shown (lazy)
	at     time.Time
}

type profileFact struct {
	r        *row
	v        facts.Version
	kind     string
	audience []string
	// line, on a kept entry's fact (which calls share; nil elsewhere),
	// holds the profile line made from the fact (derivedLine) once first
	// shown: it depends only on the member and the fact.
	line *atomic.Pointer[row]
}

// compareLines is the profile's order but for ids: pinned first, then
// confidence, then time.
func compareLines(a, b profileLine) int {
	if a.pinned != b.pinned {
		if a.pinned {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(b.conf, a.conf); c != 0 {
		return c
	}
	return a.at.Compare(b.at)
}

// inForceLines are the profile lines derived from fs, the facts about the
// member this reader sees, one per fact in force at as_of by facts.Rule
// (foresight excepted), in the profile's order (compareLines, stable).
func (s *Service) inForceLines(q *query, fs []*profileFact, ax *facts.Axes) []profileLine {
	// the facts by axis, axes in the order they first appear, each axis's
	// facts in fs order (a counting sort into one array: a miss resolves
	// thousands of facts, and per-axis slices were most of its garbage)
	gid := map[string]int32{}
	of := make([]int32, len(fs))
	for i, f := range fs {
		k := ax.Pred(f.r.predicateCanon)
		g, ok := gid[k]
		if !ok {
			g = int32(len(gid))
			gid[k] = g
		}
		of[i] = g
	}
	byAxis, start := facts.GroupByIndex(of, len(gid))
	single := make([]bool, len(gid))
	for k, g := range gid {
		single[g] = ax.Single(k)
	}
	rule := s.cfg.rule()
	vs := make([]facts.Version, len(fs))
	var inForce []*profileFact // in the order of the axes, then of fs
	for g := range len(gid) {
		idx := byAxis[start[g]:start[g+1]]
		v := vs[start[g]:start[g+1]]
		for j, i := range idx {
			v[j] = fs[i].v
		}
		res := rule.Resolve(v, single[g], q.asOf)
		for j, i := range idx {
			if f := fs[i]; res.InForce[j] && f.kind != facts.Foresight {
				inForce = append(inForce, f)
			}
		}
	}
	// in the profile's order (compareLines; derived lines are never
	// pinned), stable: sorted by position where it ties
	ord := make([]int32, len(inForce))
	for i := range ord {
		ord[i] = int32(i)
	}
	slices.SortFunc(ord, func(a, b int32) int {
		fa, fb := inForce[a], inForce[b]
		if c := cmp.Compare(fb.v.Confidence, fa.v.Confidence); c != 0 {
			return c
		}
		if c := fa.r.at.Compare(fb.r.at); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	out := make([]profileLine, len(ord))
	for i, o := range ord {
		f := inForce[o]
		out[i] = profileLine{fact: f, conf: f.v.Confidence, at: f.r.at}
	}
	return out
}

// profile merges the written lines and the lines derived from the facts
// in force (inForceLines, not changed) into the profile this reader sees
// (see activeBeliefs).
func (s *Service) profile(q *query, limit int, written, derived []profileLine) []*row {
	holder := "member:" + q.member
	for i := range written {
		written[i].at = written[i].r.at
	}
	// The order is pinned first, confidence, time, id: the written lines
	// before the derived ones at equal rank, as a stable sort of the two
	// lists one after the other would put them. A derived line's
	// statement and id (a hash) are made only for the lines that may be
	// shown: the lines are ordered without their ids, and each run of
	// lines equal but for the id is completed and sorted by id when
	// reached.
	slices.SortStableFunc(written, compareLines)
	// The two lists are merged as far as the lines shown need, not in
	// full: a member of 100,000 turns has thousands of derived lines, of
	// which a call shows 20.
	lines := make([]profileLine, 0, min(len(written)+len(derived), 2*limit+8))
	wi, di := 0, 0
	fill := func(n int) {
		for len(lines) < n && (wi < len(written) || di < len(derived)) {
			if di == len(derived) || wi < len(written) && compareLines(written[wi], derived[di]) <= 0 {
				lines = append(lines, written[wi])
				wi++
			} else {
				lines = append(lines, derived[di])
				di++
			}
		}
	}
	var out []*row
	seen := map[string]bool{}
	for i := 0; len(out) < limit; {
		if fill(i + 1); i >= len(lines) {
			break
		}
		j := i + 1
		for fill(j + 1); j < len(lines) && lines[j].pinned == lines[i].pinned && lines[j].conf == lines[i].conf && lines[j].at.Equal(lines[i].at); fill(j + 1) {
			j++
		}
		run := lines[i:j]
		for k := range run {
			if run[k].r == nil {
				f := run[k].fact
				if f.line == nil {
					run[k].r = derivedLine(q, holder, f)
				} else if r := f.line.Load(); r != nil {
					run[k].r = r
				} else {
					run[k].r = derivedLine(q, holder, f)
					f.line.Store(run[k].r)
				}
			}
		}
		slices.SortStableFunc(run, func(a, b profileLine) int { return cmp.Compare(a.r.ID, b.r.ID) })
		for _, l := range run {
			c := memhive.Canon(l.r.Text)
			if seen[c] {
				continue
			}
			seen[c] = true
			r := *l.r // kept lines are shared between calls: hand out a copy
			out = append(out, &r)
			if len(out) == limit {
				break
			}
		}
		i = j
	}
	return out
}

// derivedLine is the profile line of a fact in force about the member: the
// belief the nightly pass would derive from it (same statement, same id).
func derivedLine(q *query, holder string, f *profileFact) *row {
	stmt := facts.Statement(f.r.predicateCanon, f.r.claim, extract.EntityKind(f.r.predicateCanon) == "person")
	aud := memhive.NormalizeAudience(f.audience)
	return &row{Item: Item{Kind: "belief", ID: facts.BeliefID(q.member, holder, stmt, aud, f.r.Channel),
		Who: holder, Text: stmt, Channel: f.r.Channel, When: f.r.When}, at: f.r.at}
}

// tier0 is the ambient bundle (SPEC §4): beliefs, open foresight facts and
// this session's episodes, each gated in SQL before its cap, sent in one
// round trip, then fitted to the budget whole item by whole item.
func (s *Service) tier0(ctx context.Context, q *query) (*Answer, error) {
	aheadSQL, beforeSQL, fargs := s.foresightSQL(q)

	eb := newSQLB(q.member, q.gate)
	episodesSQL := `/* leg:tier0 */ SELECT ` + episodeCols("e") + ` FROM episodes e
		WHERE e.member_id = $1 AND e.session_id = ` + eb.p(q.session) + ` AND e.channel = ` + eb.p(q.req.Channel) + `
		  AND e.happened_at <= ` + eb.p(q.asOf) + ` AND ` + eb.gate(tEpisodes, "e") + `
		ORDER BY e.happened_at DESC, e.id DESC LIMIT ` + eb.p(s.cfg.Tier0Episodes)

	var batch pgx.Batch
	var foresight, episodes []*row
	profile := s.queueProfile(&batch, q, s.cfg.Tier0Beliefs)
	for _, sql := range []string{aheadSQL, beforeSQL} {
		batch.Queue(sql, fargs...).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				r, err := scanFact(rows)
				if err != nil {
					return err
				}
				if len(foresight) < s.cfg.Tier0Foresight {
					foresight = append(foresight, r)
				}
			}
			return rows.Err()
		})
	}
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
	beliefs, err := profile(ctx)
	if err != nil {
		return nil, fmt.Errorf("tier 0: %w", err)
	}

	sections := []section{
		{title: "PROFILE", rows: beliefs, line: beliefLine},
		{title: "UPCOMING", rows: foresight, line: foresightLine},
		{title: "THIS SESSION (newest first)", rows: episodes, line: episodeLine},
	}
	text, kept, dropped, err := fit(sections, q.budget, "Nothing in this memory for this conversation yet.", false) // SPEC §4: dropped whole
	if err != nil {
		return nil, err
	}
	a := &Answer{Tier: 0, Text: text, Items: items(kept), Dropped: dropped}
	if q.asOfGiven {
		a.AsOf = fmtTime(q.asOf)
	}
	return a, nil
}

// foresightSQL is tier 0's open foresight, in two statements: ahead, the
// member's foresight valid from as_of on, soonest first (a plan with a
// date still to come); before, the rest, newest first (a plan said lately,
// or whose date has just passed). The section lists ahead, then before, up
// to the cap: a member who has talked for years sees what is coming and
// what they said lately, not the oldest plans they ever made. Each walks
// facts_kind_time_idx (migration 022) in its order from as_of and stops at
// the cap. The OFFSET 0 keeps the filters above the ordered walk, and as
// one CASE the planner cannot take them for "one row passes" and trade the
// walk for reading and sorting every foresight fact of the member (920 on
// the latency benchmark's 100,000-turn member), as it did.
func (s *Service) foresightSQL(q *query) (ahead, before string, args []any) {
	fb := newSQLB(q.member, q.gate)
	asOf := fb.p(q.asOf)
	open := `CASE WHEN (f.valid_until IS NULL OR f.valid_until > ` + asOf + `)
		  AND (f.expired_at IS NULL OR f.expired_at > ` + asOf + `)
		  AND ` + notRetractedSQL("f") + ` AND ` + fb.gate(tFacts, "f") + ` THEN true ELSE false END`
	limit := fb.p(s.cfg.Tier0Foresight)
	walk := func(cmp, order string) string {
		return `/* leg:tier0 */ SELECT ` + factCols("f") + ` FROM (
			SELECT * FROM facts w WHERE w.member_id = $1 AND w.fact_kind = 'foresight' AND w.valid_from ` + cmp + ` ` + asOf + `
			ORDER BY w.valid_from ` + order + `, w.id ` + order + ` OFFSET 0) f
		WHERE ` + open + `
		LIMIT ` + limit
	}
	return walk(">=", "ASC"), walk("<", "DESC"), fb.args
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
