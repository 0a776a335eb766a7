package facts

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
)

// DefaultThreshold is the confidence at or above which a statement may
// supersede the version in force on a single-cardinality axis (SPEC §4).
const DefaultThreshold = 60

// Rule is THE rule for the fact in force (docs/facts.md, "The fact in
// force"): recall's tiers 0, 1 and 2, list_memories, review_memories, the
// profile and the nightly pass all decide through it, so they never
// disagree.
//
// Versions are grouped into chains. Two versions are on one chain when the
// record links them (one names the other as superseded_by: update_memory,
// or a nightly supersession) or, on a single-cardinality axis, when one
// speaker said both; never otherwise, so one speaker never replaces what
// another said. Along a chain, ordered by valid_from, recorded_at and id,
// the first version the reader can see is accepted; a later one is accepted
// when the record links it to an earlier one or its confidence is at least
// Threshold. The version in force is the last accepted one, when its
// validity still holds at as_of. A version the reader cannot see is never
// shown and never accepted; it only tells that a newer version may exist.
type Rule struct {
	// Threshold is the confidence (0..100) a statement needs to supersede
	// an earlier version on a single-cardinality axis. 0 means
	// DefaultThreshold.
	Threshold int
}

// Limit returns the effective threshold.
func (r Rule) Limit() int {
	if r.Threshold <= 0 {
		return DefaultThreshold
	}
	return min(r.Threshold, 100)
}

// Version is one fact on one axis as one reader sees it.
type Version struct {
	ID           string
	Speaker      string
	ClaimCanon   string
	Confidence   int
	ValidFrom    time.Time
	ValidUntil   *time.Time
	RecordedAt   time.Time
	SupersededBy string
	// Hidden: the reader's audience gate hides this version.
	Hidden bool
	// Linked: some version (possibly not in this set) names this one as
	// its superseded_by. A linked version is always accepted.
	Linked bool
}

// Resolution is what Rule.Resolve decides for each given version (indexes
// into the slice it was given; -1 for none).
type Resolution struct {
	// Shown is the version to show in place of version i: the version in
	// force on i's chain, or i itself when none is in force (a historical
	// version stays as it was). -1 for a hidden i.
	Shown []int
	// Previously is, for an accepted version, the accepted visible version
	// before it on its chain with a different claim (what it replaced).
	Previously []int
	// Unknown is true for a visible version when a version the reader
	// cannot see, valid from later on the same chain, would replace it.
	Unknown []bool
	// InForce is true for the version in force on its chain.
	InForce []bool
}

// order sorts version indexes along a chain.
func order(vs []Version, idx []int) {
	slices.SortFunc(idx, func(a, b int) int {
		if c := vs[a].ValidFrom.Compare(vs[b].ValidFrom); c != 0 {
			return c
		}
		if c := vs[a].RecordedAt.Compare(vs[b].RecordedAt); c != 0 {
			return c
		}
		return cmp.Compare(vs[a].ID, vs[b].ID)
	})
}

// Chains groups versions into chains (see Rule): by record links, and on a
// single-cardinality axis by speaker. Each chain is ordered.
func Chains(vs []Version, single bool) [][]int {
	parent := make([]int, len(vs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int) {
		if ra, rb := find(a), find(b); ra != rb {
			parent[max(ra, rb)] = min(ra, rb)
		}
	}
	byID := make(map[string]int, len(vs))
	bySpeaker := map[string]int{}
	for i, v := range vs {
		byID[v.ID] = i
	}
	for i, v := range vs {
		if j, ok := byID[v.SupersededBy]; ok && v.SupersededBy != "" {
			union(i, j)
		}
		if single {
			if j, ok := bySpeaker[v.Speaker]; ok {
				union(i, j)
			} else {
				bySpeaker[v.Speaker] = i
			}
		}
	}
	// A chain's root is its smallest index (union keeps the smaller), so
	// chains are numbered in the order of their first version, and each is
	// a slice of one array holding every index (most chains off single
	// axes are one version long: a slice each was most of a profile's
	// garbage).
	chain := make([]int, len(vs))
	chains := 0
	for i := range vs {
		if r := find(i); r == i {
			chain[i] = chains
			chains++
		} else {
			chain[i] = chain[r]
		}
	}
	flat, start := GroupByIndex(chain, chains)
	out := make([][]int, chains)
	for k := range out {
		g := flat[start[k]:start[k+1]:start[k+1]]
		order(vs, g)
		out[k] = g
	}
	return out
}

// GroupByIndex is a counting sort of the positions 0..len(group)-1 by their
// group (each in 0..groups-1): members holds every position, grouped, each
// group in position order, and group g's positions are
// members[start[g]:start[g+1]]. One array for all groups: most groups of a
// profile are one position long, and a slice each was most of its garbage.
func GroupByIndex[I int | int32](group []I, groups int) (members, start []I) {
	start = make([]I, groups+1)
	for _, g := range group {
		start[g+1]++
	}
	for g := range groups {
		start[g+1] += start[g]
	}
	members = make([]I, len(group))
	next := slices.Clone(start[:groups])
	for i, g := range group {
		members[next[g]] = I(i)
		next[g]++
	}
	return members, start
}

// accepts reports whether version v may follow an accepted version.
func (r Rule) accepts(v Version) bool { return v.Linked || v.Confidence >= r.Limit() }

// Resolve decides, for one reader at asOf, which of vs (the versions of one
// axis, or of one record-linked chain, the reader's hidden ones marked) is
// in force, what each shown version replaced, and where a hidden newer
// version may exist. Versions valid only after asOf are ignored. Retracted
// versions must not be given.
func (r Rule) Resolve(vs []Version, single bool, asOf time.Time) Resolution {
	n := len(vs)
	res := Resolution{Shown: make([]int, n), Previously: make([]int, n), Unknown: make([]bool, n), InForce: make([]bool, n)}
	linked := map[string]bool{}
	for _, v := range vs {
		if v.SupersededBy != "" {
			linked[v.SupersededBy] = true
		}
	}
	for i := range vs {
		res.Shown[i], res.Previously[i] = -1, -1
		if linked[vs[i].ID] {
			vs[i].Linked = true
		}
	}
	var accepted []int // per chain: visible, in order
	for _, chain := range Chains(vs, single) {
		accepted = accepted[:0]
		for _, i := range chain {
			v := vs[i]
			if v.ValidFrom.After(asOf) || v.Hidden {
				continue
			}
			if len(accepted) > 0 && !r.accepts(v) {
				continue
			}
			for k := len(accepted) - 1; k >= 0; k-- {
				if vs[accepted[k]].ClaimCanon != v.ClaimCanon {
					res.Previously[i] = accepted[k]
					break
				}
			}
			accepted = append(accepted, i)
		}
		cur := -1
		if len(accepted) > 0 {
			last := accepted[len(accepted)-1]
			if u := vs[last].ValidUntil; u == nil || u.After(asOf) {
				cur = last
				res.InForce[last] = true
			}
		}
		for _, i := range chain {
			if vs[i].Hidden || vs[i].ValidFrom.After(asOf) {
				continue
			}
			shown := cur
			if shown < 0 {
				shown = i
			}
			res.Shown[i] = shown
		}
		// a hidden version valid from after a shown one, that would be
		// accepted, makes that shown version uncertain for this reader
		for _, i := range chain {
			h := vs[i]
			if !h.Hidden || h.ValidFrom.After(asOf) || !r.accepts(h) && len(accepted) > 0 {
				continue
			}
			for _, j := range chain {
				if !vs[j].Hidden && !vs[j].ValidFrom.After(asOf) && h.ValidFrom.After(vs[j].ValidFrom) {
					res.Unknown[j] = true
				}
			}
		}
	}
	return res
}

// Successors is the nightly pass's side of the rule: for versions all on
// one chain (one subject, predicate, speaker and audience, so every reader
// who sees one sees all), the index of the accepted version that closes
// each one, or -1. A version is closed by the next accepted version after
// it; the last accepted version and the ones after it stay open.
func (r Rule) Successors(vs []Version) []int {
	idx := make([]int, len(vs))
	for i := range idx {
		idx[i] = i
	}
	order(vs, idx)
	out := make([]int, len(vs))
	var acc []int
	for _, i := range idx {
		out[i] = -1
		if len(acc) == 0 || r.accepts(vs[i]) {
			acc = append(acc, i)
		}
	}
	next := -1
	for k := len(idx) - 1; k >= 0; k-- {
		i := idx[k]
		out[i] = next
		if slices.Contains(acc, i) {
			next = i
		}
	}
	return out
}

// PredicateAliases returns the member's live predicate aliases, alias →
// canonical and alias → alias id (lookup is one hop).
func PredicateAliases(ctx context.Context, db DB, member string) (canon, ids map[string]string, err error) {
	rows, err := db.Query(ctx, `SELECT alias, canonical, id FROM aliases
		WHERE member_id = $1 AND dimension = 'predicate' AND reverted_at IS NULL`, member)
	if err != nil {
		return nil, nil, fmt.Errorf("read predicate aliases: %w", err)
	}
	canon, ids = map[string]string{}, map[string]string{}
	var a, c, id string
	if _, err := pgx.ForEachRow(rows, []any{&a, &c, &id}, func() error { canon[a], ids[a] = c, id; return nil }); err != nil {
		return nil, nil, fmt.Errorf("read predicate aliases: %w", err)
	}
	return canon, ids, nil
}

// Axes groups rows by axis: subject and predicate resolved one hop through
// aliases; single reports the axis's cardinality. It is the grouping every
// reader of in-force facts uses.
type Axes struct {
	Aliases       map[string]string // predicate alias → canonical
	Cardinalities map[string]string // predicate → single | multi
}

// LoadAxes reads what Axes needs for member.
func LoadAxes(ctx context.Context, db DB, member string) (*Axes, error) {
	al, _, err := PredicateAliases(ctx, db, member)
	if err != nil {
		return nil, err
	}
	card, err := Cardinalities(ctx, db, member)
	if err != nil {
		return nil, err
	}
	return &Axes{Aliases: al, Cardinalities: card}, nil
}

// QueueAxes queues on b the two statements LoadAxes runs, so a reader can
// fetch them in its own round trip; the returned Axes is filled when the
// batch's results are read.
func QueueAxes(b *pgx.Batch, member string) *Axes { return queueAxes(b, member, "", 0) }

// QueueAxesUnless is QueueAxes that reads nothing when versionSQL, an
// expression of the member ($1) such as recall's record version, equals
// skip: a caller that kept what it derived from the axes at that version
// does not need them again (-1 reads them always).
func QueueAxesUnless(b *pgx.Batch, member string, skip int64, versionSQL string) *Axes {
	return queueAxes(b, member, " AND "+versionSQL+" <> $2", skip)
}

// queueAxes queues the two statements of the axes, each with cond (which
// may read $2 = skip) added to its filter when cond is not empty.
func queueAxes(b *pgx.Batch, member, cond string, skip int64) *Axes {
	args := []any{member}
	if cond != "" {
		args = append(args, skip)
	}
	a := &Axes{Aliases: map[string]string{}, Cardinalities: map[string]string{}}
	b.Queue(`/* leg:chain */ SELECT alias, canonical FROM aliases
		WHERE member_id = $1 AND dimension = 'predicate' AND reverted_at IS NULL`+cond, args...).Query(func(rows pgx.Rows) error {
		var x, c string
		_, err := pgx.ForEachRow(rows, []any{&x, &c}, func() error { a.Aliases[x] = c; return nil })
		return err
	})
	b.Queue(`/* leg:chain */ SELECT * FROM (`+cardinalitySQL+`) c WHERE true`+cond, args...).Query(func(rows pgx.Rows) error {
		var p, c string
		_, err := pgx.ForEachRow(rows, []any{&p, &c}, func() error { a.Cardinalities[p] = c; return nil })
		return err
	})
	return a
}

// Pred is a predicate resolved one hop through the live aliases.
func (a *Axes) Pred(p string) string {
	if c, ok := a.Aliases[p]; ok {
		return c
	}
	return p
}

// Single reports whether the axis of predicate p is single-cardinality.
func (a *Axes) Single(p string) bool { return a.Cardinalities[a.Pred(p)] == Single }

// InForce applies rule to rows (a reader's visible, not retracted facts;
// hidden ones may be included with Hidden set by visible) at asOf and
// returns the ids of the versions in force, and what each replaced.
func InForce(rows []Row, axes *Axes, rule Rule, asOf time.Time, hidden func(*Row) bool) (inForce map[string]bool, previously map[string]string) {
	groups := map[string][]int{}
	var keys []string
	for i := range rows {
		k := rows[i].SubjectCanon + "\x00" + axes.Pred(rows[i].PredicateCanon)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	inForce, previously = map[string]bool{}, map[string]string{}
	for _, k := range keys {
		g := groups[k]
		vs := make([]Version, len(g))
		for j, i := range g {
			vs[j] = rows[i].Version()
			if hidden != nil {
				vs[j].Hidden = hidden(&rows[i])
			}
		}
		res := rule.Resolve(vs, axes.Single(rows[g[0]].PredicateCanon), asOf)
		for j := range vs {
			if res.InForce[j] {
				inForce[vs[j].ID] = true
				if p := res.Previously[j]; p >= 0 {
					previously[vs[j].ID] = vs[p].ID
				}
			}
		}
	}
	return inForce, previously
}

// InForceForSomeone returns the ids of the versions in force at asOf for
// the audience they were said to (the widest reader who sees them): reader
// A sees a version tagged '*' or said before everyone in A. A version not
// in force for its own audience is in force for nobody, since every reader
// who sees it also sees what replaced it. The nightly pass's derived
// beliefs and review_memories use it.
func InForceForSomeone(rows []Row, axes *Axes, rule Rule, asOf time.Time) map[string]bool {
	byAud := map[string][]string{}
	var keys []string
	for i := range rows {
		a := memhive.NormalizeAudience(rows[i].Audience)
		if a == nil {
			continue
		}
		k := strings.Join(a, "\x1f")
		if _, ok := byAud[k]; !ok {
			keys = append(keys, k)
			byAud[k] = a
		}
	}
	out := map[string]bool{}
	for _, k := range keys {
		reader := byAud[k]
		in, _ := InForce(rows, axes, rule, asOf, func(r *Row) bool { return !Sees(reader, r.Audience) })
		for i := range rows {
			if in[rows[i].ID] && strings.Join(memhive.NormalizeAudience(rows[i].Audience), "\x1f") == k {
				out[rows[i].ID] = true
			}
		}
	}
	return out
}

// Sees is gate rules 1-3 (SPEC §3) in Go: reader sees a row with audience
// aud when aud is readable and tagged '*' or holds everyone in reader.
func Sees(reader, aud []string) bool {
	aud = memhive.NormalizeAudience(aud)
	if len(aud) == 0 {
		return false
	}
	if slices.Contains(aud, memhive.Public) {
		return true
	}
	for _, r := range reader {
		if !slices.Contains(aud, r) {
			return false
		}
	}
	return true
}

// Version is the row as the rule sees it.
func (r *Row) Version() Version {
	return Version{ID: r.ID, Speaker: r.Speaker, ClaimCanon: r.ClaimCanon, Confidence: r.Confidence,
		ValidFrom: r.ValidFrom, ValidUntil: r.ValidUntil, RecordedAt: r.RecordedAt, SupersededBy: r.SupersededBy}
}

// Statement renders a fact about its holder as a profile line ("lives in
// Lisbon"). The nightly pass's derived beliefs and recall's live profile
// both use it. namesPerson: the predicate names a person (the extractor's
// EntityKind says "person"), as sister or colleague do.
func Statement(pred, claim string, namesPerson bool) string {
	switch pred {
	case "name":
		return "is called " + claim
	case "age":
		return "is " + claim + " years old"
	case "birthday":
		return "has their birthday on " + claim
	case "lives_in":
		return "lives in " + claim
	case "from":
		return "is from " + claim
	case "works_at":
		return "works at " + claim
	case "job_title":
		return "works as " + claim
	case "manager":
		return "has " + claim + " as manager"
	case "married_to":
		return "is married to " + claim
	case "likes":
		return "likes " + claim
	case "dislikes":
		return "dislikes " + claim
	case "prefers":
		return "prefers " + claim
	case "has_pet":
		return "has a pet named " + claim
	case "owns":
		return "owns " + claim
	case "pastime":
		return "has " + claim + " as a pastime"
	case "allergic_to":
		return "is allergic to " + claim
	}
	if strings.HasPrefix(pred, "favorite_") {
		return "favourite " + strings.ReplaceAll(strings.TrimPrefix(pred, "favorite_"), "_", " ") + ": " + claim
	}
	if words := strings.ReplaceAll(pred, "_", " "); strings.EqualFold(strings.TrimSpace(claim), words) {
		return words // an event said without its object ("we moved"): "moved", not "moved: moved"
	}
	if namesPerson {
		return "has a " + strings.ReplaceAll(pred, "_", " ") + " named " + claim
	}
	return strings.ReplaceAll(pred, "_", " ") + ": " + claim
}

// BeliefID is the id of the derived belief holding statement for an
// audience and channel: the nightly pass writes it, recall's live profile
// shows it, so one line has one id wherever it appears.
func BeliefID(member, holder, statement string, audience []string, channel string) string {
	h := sha256.New()
	for _, p := range []string{member, holder, memhive.Canon(statement), strings.Join(audience, "\x1f"), channel} {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return "bel_" + hex.EncodeToString(h.Sum(nil))[:26]
}
