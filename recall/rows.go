package recall

import (
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	audgate "github.com/memhive/memhive/gate"
)

// sqlb collects positional arguments while a query's text is written, so
// every value (never user text in the SQL) travels as a parameter.
type sqlb struct {
	args []any
	g    gate
	gp   *gateParams
}

func newSQLB(member string, g gate) *sqlb { return &sqlb{args: []any{member}, g: g} }

// p adds v and returns its placeholder.
func (b *sqlb) p(v any) string {
	b.args = append(b.args, v)
	return fmt.Sprintf("$%d", len(b.args))
}

// gate returns the gate's predicate (audience, drafts, the reader's scope)
// for a row of table t aliased a (parameters added once, shared by every
// table the query gates).
func (b *sqlb) gate(t audgate.Table, a string) string {
	if b.gp == nil {
		var gp gateParams
		b.args, gp = b.g.args(b.args)
		b.gp = &gp
	}
	return b.g.sql(t, a, *b.gp)
}

// notRetractedSQL: a retracted fact (forgotten: expired, superseded by
// nothing, closed by forget) never appears anywhere.
func notRetractedSQL(a string) string {
	return fmt.Sprintf(`NOT (%[1]s.expired_at IS NOT NULL AND %[1]s.superseded_by IS NULL AND coalesce(%[1]s.closure_source, '') LIKE 'forget%%')`, a)
}

// row is one candidate as read from the store: the item plus what ranking
// and version resolution need.
type row struct {
	Item
	at             time.Time  // happened_at or valid_from
	until          *time.Time // facts: valid_until
	subjectCanon   string
	predicateCanon string
	claim          string // facts: the claim as written
	// prevText is how the model-facing line names Previously: its claim
	// alone when it is about the same subject ("previously: Berlin"),
	// else its whole text.
	prevText string
	// resolved: the version chain rule placed this fact (single axis) and
	// set Previously and SupersessionUnknown.
	resolved bool
	// saidBy names the speaker in the model-facing line (tier1).
	saidBy string
}

func (r *row) key() string { return r.Kind + ":" + r.ID }

// Column lists and scanners for episodes and facts, shared by every leg.
func episodeCols(a string) string {
	return fmt.Sprintf(`%[1]s.id, %[1]s.session_id, %[1]s.channel, coalesce(%[1]s.ref, ''), %[1]s.content, %[1]s.happened_at, %[1]s.speaker`, a)
}

func scanEpisode(rows pgx.Rows, extra ...any) (*row, error) {
	r := &row{Item: Item{Kind: "episode"}}
	dst := append([]any{&r.ID, &r.Session, &r.Channel, &r.Ref, &r.Text, &r.at, &r.Who}, extra...)
	if err := rows.Scan(dst...); err != nil {
		return nil, err
	}
	r.When = fmtTime(r.at)
	return r, nil
}

func factCols(a string) string {
	return fmt.Sprintf(`%[1]s.id, coalesce(%[1]s.session_id, ''), %[1]s.channel, %[1]s.subject, %[1]s.predicate, %[1]s.claim,`+
		` %[1]s.valid_from, %[1]s.valid_until, coalesce(%[1]s.speaker, ''), %[1]s.subject_canon, %[1]s.predicate_canon`, a)
}

func scanFact(rows pgx.Rows, extra ...any) (*row, error) {
	r := &row{Item: Item{Kind: "fact"}}
	var subj, pred, claim string
	var until *time.Time
	dst := append([]any{&r.ID, &r.Session, &r.Channel, &subj, &pred, &claim, &r.at, &until, &r.Who, &r.subjectCanon, &r.predicateCanon}, extra...)
	if err := rows.Scan(dst...); err != nil {
		return nil, err
	}
	r.Text = factText(subj, pred, claim)
	r.claim = claim
	r.When = fmtTime(r.at)
	r.until = until
	return r, nil
}

func factText(subj, pred, claim string) string {
	words := strings.ReplaceAll(pred, "_", " ")
	if strings.EqualFold(strings.TrimSpace(claim), words) {
		return subj + " " + words // an event said without its object: "member:bea moved"
	}
	return subj + " " + words + " " + claim
}

func fmtTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
