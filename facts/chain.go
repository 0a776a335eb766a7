package facts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gate"
)

// DB is what the chain operations need: a pool or a transaction.
type DB interface {
	Querier
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Cardinalities.
const (
	Single = "single"
	Multi  = "multi"
)

// cardinalitySQL picks, per predicate, the row of highest precedence:
// seeded, then judged, then learned; the member's own row before the
// hive-wide '*' row at equal precedence.
const cardinalitySQL = `SELECT DISTINCT ON (predicate) predicate, cardinality FROM predicate_cardinality
	WHERE member_id IN ($1, '*')
	ORDER BY predicate, CASE source WHEN 'seeded' THEN 0 WHEN 'judged' THEN 1 ELSE 2 END, (member_id = '*')`

// Cardinalities returns every predicate with a known cardinality for member.
// A predicate not in the map is multi.
func Cardinalities(ctx context.Context, db DB, member string) (map[string]string, error) {
	rows, err := db.Query(ctx, cardinalitySQL, member)
	if err != nil {
		return nil, fmt.Errorf("read predicate cardinality: %w", err)
	}
	out := map[string]string{}
	var p, c string
	_, err = pgx.ForEachRow(rows, []any{&p, &c}, func() error { out[p] = c; return nil })
	if err != nil {
		return nil, fmt.Errorf("read predicate cardinality: %w", err)
	}
	return out, nil
}

// Cardinality returns single or multi for one predicate (canonicalised);
// unknown predicates are multi.
func Cardinality(ctx context.Context, db DB, member, predicate string) (string, error) {
	m, err := Cardinalities(ctx, db, member)
	if err != nil {
		return "", err
	}
	if c, ok := m[memhive.CanonPredicate(predicate)]; ok {
		return c, nil
	}
	return Multi, nil
}

// Row is a stored fact with its chain columns.
type Row struct {
	ID               string     `json:"id"`
	Subject          string     `json:"subject"`
	Predicate        string     `json:"predicate"`
	Claim            string     `json:"claim"`
	SubjectCanon     string     `json:"subject_canon"`
	PredicateCanon   string     `json:"predicate_canon"`
	ClaimCanon       string     `json:"claim_canon"`
	Kind             string     `json:"kind"`
	Confidence       int        `json:"confidence"`
	ValidFrom        time.Time  `json:"valid_from"`
	ValidUntil       *time.Time `json:"valid_until,omitempty"`
	RecordedAt       time.Time  `json:"recorded_at"`
	ExpiredAt        *time.Time `json:"expired_at,omitempty"`
	SupersededBy     string     `json:"superseded_by,omitempty"`
	ClosureSource    string     `json:"closure_source,omitempty"`
	SourceEpisodeIDs []string   `json:"source_episode_ids"`
	Session          string     `json:"session,omitempty"`
	Channel          string     `json:"channel"`
	Audience         []string   `json:"audience"`
	Speaker          string     `json:"speaker,omitempty"`
	Origin           string     `json:"origin"`
	// InForce, when set (an all-versions listing, `memhive facts
	// --all-versions`), says whether the version is the one in force now
	// by Rule: the nightly pass may not have closed a replaced one yet.
	InForce *bool `json:"in_force,omitempty"`
}

// Retracted reports whether the row was forgotten (SPEC §8): expired, not
// superseded, closed by forget.
func (r *Row) Retracted() bool {
	return r.ExpiredAt != nil && r.SupersededBy == "" && strings.HasPrefix(r.ClosureSource, "forget")
}

const rowColumns = `id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, fact_kind, confidence,
	valid_from, valid_until, recorded_at, expired_at, coalesce(superseded_by, ''), coalesce(closure_source, ''),
	source_episode_ids, coalesce(session_id, ''), channel, audience, coalesce(speaker, ''), origin`

func scanRow(row pgx.Row) (*Row, error) {
	var r Row
	err := row.Scan(&r.ID, &r.Subject, &r.Predicate, &r.Claim, &r.SubjectCanon, &r.PredicateCanon, &r.ClaimCanon,
		&r.Kind, &r.Confidence, &r.ValidFrom, &r.ValidUntil, &r.RecordedAt, &r.ExpiredAt, &r.SupersededBy,
		&r.ClosureSource, &r.SourceEpisodeIDs, &r.Session, &r.Channel, &r.Audience, &r.Speaker, &r.Origin)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Get returns one fact, or a not_found error.
func Get(ctx context.Context, db DB, member, id string) (*Row, error) {
	r, err := scanRow(db.QueryRow(ctx, `SELECT `+rowColumns+` FROM facts WHERE member_id = $1 AND id = $2`, member, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, memhive.Errorf(memhive.CodeNotFound, "member %s has no fact %s", member, id)
	}
	if err != nil {
		return nil, fmt.Errorf("get fact: %w", err)
	}
	return r, nil
}

// Change says how Update makes the new version. Zero fields take the old
// version's value (ValidFrom: now, never before the old version's start).
type Change struct {
	ValidFrom        time.Time
	Confidence       int
	Channel          string
	Audience         []string
	Speaker          string
	SourceEpisodeIDs []string
	Now              time.Time // the transaction time written to expired_at; default time.Now()
}

// Update is update_memory (SPEC §8): it adds a new version with newClaim on
// the fact's (subject, predicate) axis and closes the old one: valid_until
// (if unset) = the new version's valid_from, superseded_by = the new id,
// expired_at = now, closure_source 'update'. Only a version still in force
// (not expired) can be updated. It returns the new version's id.
// MaxFutureSkew is how far after now a fact written by a tool may say it
// holds from (clocks drift), as a turn may be dated (episodes'
// MaxFutureSkew).
const MaxFutureSkew = 24 * time.Hour

// CheckValidFrom refuses a valid_from after now (beyond MaxFutureSkew): a
// fact recorded as holding from a date to come would stand beside the
// version in force until then, and every later update would start there
// too. A change to come is a plan: memorize it as foresight.
func CheckValidFrom(from, now time.Time) error {
	if !from.IsZero() && from.After(now.Add(MaxFutureSkew)) {
		return memhive.Errorf(memhive.CodeMalformedRequest, "valid_from %s is after now (%s): a fact is recorded from when it holds, not from a date to come; memorize a change to come as a plan (kind foresight)",
			from.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339))
	}
	return nil
}

func Update(ctx context.Context, db DB, member, id, newClaim string, ch Change) (string, error) {
	if strings.TrimSpace(newClaim) == "" {
		return "", memhive.Errorf(memhive.CodeMalformedRequest, "update_memory needs the new claim")
	}
	now := ch.Now
	if now.IsZero() {
		now = time.Now()
	}
	if err := CheckValidFrom(ch.ValidFrom, now); err != nil {
		return "", err
	}
	var newID string
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		old, err := scanRow(tx.QueryRow(ctx, `SELECT `+rowColumns+` FROM facts WHERE member_id = $1 AND id = $2 FOR UPDATE`, member, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return memhive.Errorf(memhive.CodeNotFound, "member %s has no fact %s", member, id)
		}
		if err != nil {
			return fmt.Errorf("update fact: %w", err)
		}
		if old.ExpiredAt != nil {
			return memhive.Errorf(memhive.CodeMalformedRequest, "fact %s is no longer in force (closed by %s); update the version in force", id, old.ClosureSource)
		}
		f := Fact{Member: member, Subject: old.Subject, Predicate: old.Predicate, Claim: newClaim, Kind: old.Kind,
			Confidence: old.Confidence, ValidFrom: ch.ValidFrom, Session: old.Session, Channel: old.Channel,
			Audience: old.Audience, Speaker: old.Speaker, Origin: "update", SourceEpisodeIDs: ch.SourceEpisodeIDs}
		if ch.Confidence != 0 {
			f.Confidence = ch.Confidence
		}
		if ch.Channel != "" {
			f.Channel = ch.Channel
		}
		if len(ch.Audience) > 0 {
			f.Audience = ch.Audience
		}
		if ch.Speaker != "" {
			f.Speaker = ch.Speaker
		}
		if f.ValidFrom.IsZero() {
			f.ValidFrom = now
			if f.ValidFrom.Before(old.ValidFrom) {
				f.ValidFrom = old.ValidFrom
			}
		}
		if f.ValidFrom.Before(old.ValidFrom) {
			return memhive.Errorf(memhive.CodeMalformedRequest, "the new version cannot start (%s) before the old one (%s)",
				f.ValidFrom.UTC().Format(time.RFC3339), old.ValidFrom.UTC().Format(time.RFC3339))
		}
		_, nid, err := Insert(ctx, tx, &f)
		if err != nil {
			return err
		}
		if nid == id {
			return memhive.Errorf(memhive.CodeMalformedRequest, "the new version is identical to fact %s", id)
		}
		newID = nid
		_, err = tx.Exec(ctx, `UPDATE facts SET valid_until = coalesce(valid_until, $3), superseded_by = $4,
				expired_at = $5, closure_source = 'update'
			WHERE member_id = $1 AND id = $2`, member, id, f.ValidFrom, nid, now)
		if err != nil {
			return fmt.Errorf("close old version: %w", err)
		}
		return nil
	})
	return newID, err
}

// Forget is the forget tool (SPEC §8): a retraction that hides the fact from
// recall; nothing is deleted. expired_at is set, closure_source becomes
// 'forget' or 'forget:<reason>', and superseded_by is cleared, so a
// forgotten older version no longer shows as what its successor replaced.
// Forgetting a forgotten fact changes nothing. A version the nightly pass
// closed because this fact superseded it is reopened (its supersession, and
// the end of validity it set, undone), as an alias revert undoes the
// supersessions it caused: a forgotten fact replaces nothing, so "forget
// that I moved to Lisbon" leaves Berlin in force, not ended.
func Forget(ctx context.Context, db DB, member, id, reason string) error {
	src := "forget"
	if r := strings.Join(strings.Fields(reason), " "); r != "" {
		if len(r) > 200 {
			r = r[:200]
		}
		src += ":" + r
	}
	// one transaction: the retraction and the reopening of what it had
	// replaced stand or fall together
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("forget fact: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	tag, err := tx.Exec(ctx, `UPDATE facts SET expired_at = coalesce(expired_at, clock_timestamp()), superseded_by = NULL,
			closure_source = $3
		WHERE member_id = $1 AND id = $2 AND NOT (expired_at IS NOT NULL AND superseded_by IS NULL AND closure_source LIKE 'forget%')`,
		member, id, src)
	if err != nil {
		return fmt.Errorf("forget fact: %w", err)
	}
	if tag.RowsAffected() > 0 {
		if _, err := tx.Exec(ctx, `UPDATE facts o SET superseded_by = NULL, expired_at = NULL, closure_source = NULL,
				valid_until = CASE WHEN o.valid_until = f.valid_from THEN NULL ELSE o.valid_until END
			FROM facts f
			WHERE o.member_id = $1 AND o.superseded_by = $2 AND o.closure_source LIKE 'nightly:%'
			  AND f.member_id = $1 AND f.id = $2`, member, id); err != nil {
			return fmt.Errorf("forget fact: reopen what it replaced: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("forget fact: %w", err)
	}
	if tag.RowsAffected() == 0 {
		if _, err := Get(ctx, db, member, id); err != nil {
			return err
		}
	}
	return nil
}

// Filter narrows List.
type Filter struct {
	Subject     string // matched on its canonical form
	Predicate   string
	Kind        string
	Channel     string
	AllVersions bool // every version, closed ones included (superseded, updated, forgotten)
	// Gate, when set, applies the audience gate (SPEC §3, package gate:
	// the one predicate every read uses, open_history included). Tool
	// surfaces must set it; nil is the operator's view.
	Gate  *gate.Gate
	Limit int // default 500
	// AsOf is when the versions listed are in force (default now); Rule
	// decides which are (docs/facts.md). Neither applies to AllVersions.
	AsOf time.Time
	Rule Rule
}

// gated is the audience gate over facts for g, its parameters numbered from
// first, and their values; nil g is the operator's view (no gate), which
// is the record: it leaves out drafts not approved (`memhive drafts list`
// shows those), so nothing derived from the record — the nightly pass's
// beliefs among them — is made from a draft. An empty gate is refused.
func gated(g *gate.Gate, first int, what string) (string, []any, error) {
	if g == nil {
		return Settled("facts"), nil, nil
	}
	if g.Empty() {
		return "", nil, memhive.Errorf(memhive.CodeMissingAudience, "%s for an audience needs the audience", what)
	}
	return g.SQL(gate.Facts, "facts", first), g.Args(), nil
}

// Settled is the predicate of a fact that is part of the record for every
// reader the gate allows: not a draft (draft IS NULL) or an approved one.
// Passes that derive rows from facts (supersession, beliefs, the graph)
// read only settled facts, so a draft never reaches another assistant
// through what is derived from it.
func Settled(a string) string {
	return fmt.Sprintf(`(%[1]s.draft IS NULL OR %[1]s.draft = 'approved')`, a)
}

// List is list_memories (SPEC §8): the member's facts ordered by subject,
// predicate and validity. Without AllVersions it lists the versions in
// force at AsOf for the audience, by Rule: the same versions recall shows
// (a version on a chain another visible version replaced is not listed,
// whatever the nightly pass has or has not closed yet).
func List(ctx context.Context, db DB, member string, f Filter) ([]Row, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 500
	}
	if f.AllVersions {
		g, gargs, err := gated(f.Gate, 7, "listing memories")
		if err != nil {
			return nil, err
		}
		rows, err := db.Query(ctx, `SELECT `+rowColumns+` FROM facts
			WHERE member_id = $1
			  AND ($2 = '' OR subject_canon = $2)
			  AND ($3 = '' OR predicate_canon = $3)
			  AND ($4 = '' OR fact_kind = $4)
			  AND ($5 = '' OR channel = $5)
			  AND `+g+`
			ORDER BY subject_canon, predicate_canon, valid_from, recorded_at, id
			LIMIT $6`,
			append([]any{member, canonOrEmpty(f.Subject), predOrEmpty(f.Predicate), f.Kind, f.Channel, limit}, gargs...)...)
		if err != nil {
			return nil, fmt.Errorf("list facts: %w", err)
		}
		return collect(rows)
	}
	asOf := f.AsOf
	if asOf.IsZero() {
		asOf = time.Now()
	}
	axes, err := LoadAxes(ctx, db, member)
	if err != nil {
		return nil, err
	}
	all, err := Versions(ctx, db, member, f.Subject, f.Gate)
	if err != nil {
		return nil, err
	}
	in, _ := InForce(all, axes, f.Rule, asOf, nil)
	pred := predOrEmpty(f.Predicate)
	var out []Row
	for _, r := range all {
		upcoming := r.ValidFrom.After(asOf) && r.ExpiredAt == nil
		if !(in[r.ID] || upcoming) || (pred != "" && r.PredicateCanon != pred) || (f.Kind != "" && r.Kind != f.Kind) ||
			(f.Channel != "" && r.Channel != f.Channel) {
			continue
		}
		out = append(out, r)
		if len(out) == limit {
			break
		}
	}
	return out, nil
}

// Versions reads every not retracted version of the member's facts (of one
// subject when given) that the gate lets through (nil: all). The whole
// axis is needed to know which version is in force; List's other filters
// apply to the versions in force.
func Versions(ctx context.Context, db DB, member, subject string, g *gate.Gate) ([]Row, error) {
	gs, gargs, err := gated(g, 3, "listing memories")
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(ctx, `SELECT `+rowColumns+` FROM facts
		WHERE member_id = $1
		  AND ($2 = '' OR subject_canon = $2)
		  AND NOT (expired_at IS NOT NULL AND superseded_by IS NULL AND coalesce(closure_source, '') LIKE 'forget%')
		  AND `+gs+`
		ORDER BY subject_canon, predicate_canon, valid_from, recorded_at, id`,
		append([]any{member, canonOrEmpty(subject)}, gargs...)...)
	if err != nil {
		return nil, fmt.Errorf("list facts: %w", err)
	}
	return collect(rows)
}

func collect(rows pgx.Rows) ([]Row, error) {
	defer rows.Close()
	var out []Row
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, fmt.Errorf("scan fact: %w", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read facts: %w", err)
	}
	return out, nil
}

func canonOrEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return memhive.Canon(s)
}

func predOrEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return memhive.CanonPredicate(s)
}

// Group is a set of facts review_memories shows together.
type Group struct {
	Subject   string `json:"subject"`
	Predicate string `json:"predicate"`
	Claim     string `json:"claim,omitempty"`
	Facts     []Row  `json:"facts"`
}

// Stale is a fact review_memories suggests checking.
type Stale struct {
	Reason string `json:"reason"` // past_plan | old_unconfirmed
	Fact   Row    `json:"fact"`
}

// ReviewReport is review_memories' answer.
type ReviewReport struct {
	Contradictions []Group `json:"contradictions"` // ≥2 claims in force on one single-cardinality axis
	Duplicates     []Group `json:"duplicates"`     // one canonical triple stored more than once, in force
	Stale          []Stale `json:"stale"`
}

// Review is review_memories (SPEC §8) at now. g, when set, gates the
// facts read as List does. It reads the versions in force for someone (by
// the default Rule, for the audience each version was said to): a
// contradiction is two such claims on one single-cardinality axis, which
// happens when different speakers said them, or when versions said to
// different audiences are each in force for their own (a private
// correction of a public fact).
func Review(ctx context.Context, db DB, member string, now time.Time, g *gate.Gate) (*ReviewReport, error) {
	return ReviewRule(ctx, db, member, now, g, Rule{})
}

// ReviewRule is Review with the hive's rule (its confidence threshold).
func ReviewRule(ctx context.Context, db DB, member string, now time.Time, g *gate.Gate, rule Rule) (*ReviewReport, error) {
	axes, err := LoadAxes(ctx, db, member)
	if err != nil {
		return nil, err
	}
	all, err := Versions(ctx, db, member, "", g)
	if err != nil {
		return nil, err
	}
	in := InForceForSomeone(all, axes, rule, now)
	var rows []Row
	for _, r := range all {
		if in[r.ID] || (r.ValidFrom.After(now) && r.ExpiredAt == nil) {
			rows = append(rows, r)
		}
	}
	rep := &ReviewReport{Contradictions: []Group{}, Duplicates: []Group{}, Stale: []Stale{}}
	axesOf := map[string][]Row{}
	triples := map[string][]Row{}
	var axisOrder, tripleOrder []string
	for _, r := range rows {
		if r.Kind == Foresight && r.ValidFrom.Before(now.Add(-24*time.Hour)) {
			rep.Stale = append(rep.Stale, Stale{Reason: "past_plan", Fact: r})
		} else if r.Confidence < 50 && r.RecordedAt.Before(now.AddDate(0, 0, -180)) {
			rep.Stale = append(rep.Stale, Stale{Reason: "old_unconfirmed", Fact: r})
		}
		tk := r.SubjectCanon + "\x00" + r.PredicateCanon + "\x00" + r.ClaimCanon
		if _, ok := triples[tk]; !ok {
			tripleOrder = append(tripleOrder, tk)
		}
		triples[tk] = append(triples[tk], r)
		if axes.Single(r.PredicateCanon) {
			ak := r.SubjectCanon + "\x00" + axes.Pred(r.PredicateCanon)
			if _, ok := axesOf[ak]; !ok {
				axisOrder = append(axisOrder, ak)
			}
			axesOf[ak] = append(axesOf[ak], r)
		}
	}
	for _, k := range axisOrder {
		g := axesOf[k]
		claims := map[string]bool{}
		for _, r := range g {
			claims[r.ClaimCanon] = true
		}
		if len(claims) >= 2 {
			rep.Contradictions = append(rep.Contradictions, Group{Subject: g[0].Subject, Predicate: g[0].PredicateCanon, Facts: g})
		}
	}
	for _, k := range tripleOrder {
		if g := triples[k]; len(g) >= 2 {
			rep.Duplicates = append(rep.Duplicates, Group{Subject: g[0].Subject, Predicate: g[0].PredicateCanon, Claim: g[0].Claim, Facts: g})
		}
	}
	slices.SortStableFunc(rep.Stale, func(a, b Stale) int { return a.Fact.ValidFrom.Compare(b.Fact.ValidFrom) })
	return rep, nil
}
