// Package gate is the audience gate (SPEC §3) as one SQL predicate builder,
// used by every read: recall's tiers and legs, the memory tools
// (list_memories, review_memories, update_memory, forget, edit_profile) and
// the fact store's listing. It is a leaf: it imports nothing of the project
// but the shared words, so the fact store and recall can both use it.
//
// A Gate is the read's current audience, its channel and whether that
// channel is configured open_history, the assistant reading (Reader: drafts
// are visible only to the assistants that wrote them) and that assistant's
// Scope (scope.go), which narrows what the gate shows and never widens it.
// SQL renders the predicate for a table's row alias; Args are its values,
// which always travel as parameters:
//
//	g := gate.New(audience, channel, openHistory)
//	q := `SELECT … FROM facts f WHERE f.member_id = $1 AND ` + g.SQL(gate.Facts, "f", 2)
//	rows, err := db.Query(ctx, q, append([]any{member}, g.Args()...)...)
//
// Every table's predicate takes the same parameters, so one set of values
// serves a query that gates several tables (a join of edges and entities).
//
// Shows (shows.go) is the same gate in Go, for a reader that holds rows in
// memory and gates them there; it decides as SQL does on every row RowSQL
// reads, and refuses a scope with a since date (which reads the sessions
// table).
package gate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/memhive/memhive"
)

// Rules of the gate (SPEC §3), in the order they are tried. Rule returns
// one of these names.
const (
	RuleEmptyAudience = "empty_audience" // hidden: the row has no readable audience
	RulePublic        = "public"         // visible: the row is tagged "*"
	RuleSubset        = "subset"         // visible: everyone listening now was present then
	RuleOpenHistory   = "open_history"   // visible: the channel is open_history and the row is from it
	RuleHidden        = "hidden"         // hidden: no rule shows it
	RuleDraft         = "draft"          // hidden: a draft fact another assistant wrote (not yet approved)
	RuleRejected      = "draft_rejected" // hidden: a draft fact that was rejected
)

// Visible reports whether rule, as Rule names it, shows the row.
func Visible(rule string) bool {
	return rule == RulePublic || rule == RuleSubset || rule == RuleOpenHistory
}

// Table is the kind of row a predicate is for: the scope's clauses and the
// draft rule depend on its columns.
type Table string

// The gated tables.
const (
	Episodes  Table = "episodes"
	Facts     Table = "facts"
	Beliefs   Table = "beliefs"
	Entities  Table = "entities"
	Edges     Table = "entity_edges"
	Summaries Table = "summaries"
)

// Gate is the audience gate of one read.
type Gate struct {
	Audience []string // the audience listening now, normalised
	Channel  string   // the channel being read on
	Open     bool     // Channel is configured open_history
	// Reader is the assistant reading ("" when none is named: the member's
	// own tools, an operator's command). A draft fact is visible only to an
	// assistant that wrote it, until it is approved.
	Reader string
	// Scope narrows what the reader reads (its template's scope).
	Scope Scope
}

// New is the gate for a read by audience on channel; openHistory lists the
// channels configured open_history. The audience is normalised (blanks
// dropped, deduplicated, sorted): an empty result shows only what no rule
// needs an audience for, which is nothing but public rows; readers refuse
// such a read before asking (Empty).
func New(audience []string, channel string, openHistory []string) Gate {
	return Gate{
		Audience: memhive.NormalizeAudience(audience),
		Channel:  channel,
		Open:     channel != "" && slices.Contains(openHistory, channel),
	}
}

// For is g read by assistant reader through scope.
func (g Gate) For(reader string, scope Scope) Gate {
	g.Reader, g.Scope = strings.TrimSpace(reader), scope
	return g
}

// Empty reports whether the gate has no audience to read for.
func (g Gate) Empty() bool { return len(g.Audience) == 0 }

// NArgs is how many parameters SQL and Rule take.
const NArgs = 10

// params are the parameter numbers of one rendering.
type params struct {
	audience, channel, open, reader                                        int
	channels, excludeChannels, kinds, predicates, excludePredicates, since int
}

func numbered(first int) params {
	return params{first, first + 1, first + 2, first + 3, first + 4, first + 5, first + 6, first + 7, first + 8, first + 9}
}

// Args are the gate's values in the order SQL and Rule number them:
// audience (text[]), channel (text), open (boolean), reader (text), then
// the scope's channels, exclude_channels, kinds, predicates and
// exclude_predicates (text[] each) and since (timestamptz, NULL for none).
func (g Gate) Args() []any {
	aud := g.Audience
	if aud == nil {
		aud = []string{} // never NULL: '@> NULL' would be unknown, not false
	}
	return append([]any{aud, g.Channel, g.Open, g.Reader}, g.Scope.args()...)
}

// Where appends the gate's values to args and returns the predicate for a
// row of table t aliased a, numbered after the args already there.
func (g Gate) Where(t Table, a string, args []any) (string, []any) {
	return g.SQL(t, a, len(args)+1), append(args, g.Args()...)
}

// audienceSQL is THE audience predicate (SPEC §3) for a row aliased a with
// columns audience text[] and channel text. Rules 1–5 in order:
//  1. an empty, NULL or unreadable audience (a NULL or blank entry) hides;
//  2. '*' in the audience shows;
//  3. the current audience ⊆ the row's audience shows;
//  4. an open_history channel shows its own rows;
//  5. anything else is hidden.
//
// Rule 3 with an empty current audience would show everything; New never
// yields one for a reader that checked Empty, and the predicate guards it
// anyway (cardinality > 0).
func audienceSQL(a string, p params) string {
	return fmt.Sprintf(`(%[1]s.audience IS NOT NULL AND cardinality(%[1]s.audience) > 0`+
		` AND array_position(%[1]s.audience, NULL) IS NULL AND array_position(%[1]s.audience, '') IS NULL`+
		` AND ('*' = ANY(%[1]s.audience) OR (cardinality($%[2]d::text[]) > 0 AND %[1]s.audience @> $%[2]d::text[]) OR ($%[4]d::boolean AND %[1]s.channel = $%[3]d::text)))`,
		a, p.audience, p.channel, p.open)
}

// draftSQL is true when a row's draft state lets the reader see it: facts
// that are not drafts (draft IS NULL) or approved ones, and drafts to an
// assistant that wrote them (drafted_by). Rejected drafts are hidden from
// everyone. Other tables hold no drafts; their clause only types the
// reader's parameter.
func draftSQL(t Table, a string, p params) (draft, rejected string) {
	if t != Facts {
		return fmt.Sprintf("($%d::text IS NULL OR true)", p.reader), "false"
	}
	return fmt.Sprintf(`(%[1]s.draft IS NULL OR %[1]s.draft = 'approved' OR (%[1]s.draft = 'draft' AND $%[2]d::text <> '' AND $%[2]d::text = ANY(%[1]s.drafted_by)))`, a, p.reader),
		fmt.Sprintf(`%s.draft = 'rejected'`, a)
}

// SQL is the predicate of the whole gate for a row of table t aliased a:
// the audience rules (SPEC §3), then the draft rule, then the reader's
// scope, all ANDed, so nothing after the audience rules can show a row
// they hide. Its values are in parameters $first … $first+NArgs-1 (Args).
func (g Gate) SQL(t Table, a string, first int) string {
	p := numbered(first)
	draft, _ := draftSQL(t, a, p)
	parts := []string{audienceSQL(a, p), draft}
	for _, c := range clauses(t, a, p) {
		parts = append(parts, c.pass)
	}
	return "(" + strings.Join(parts, " AND ") + ")"
}

// Rule is the same gate as a CASE naming the rule or clause that decides,
// parameters numbered as for SQL: a hiding audience rule (RuleEmptyAudience,
// RuleHidden), else a hiding draft rule (RuleRejected, RuleDraft), else the
// first scope clause that hides (Clause*), else the audience rule that
// shows (RulePublic, RuleSubset, RuleOpenHistory). Explain and
// `memhive effective` use it; the tests check it agrees with SQL.
func (g Gate) Rule(t Table, a string, first int) string {
	p := numbered(first)
	audRule := fmt.Sprintf(`CASE`+
		` WHEN %[1]s.audience IS NULL OR cardinality(%[1]s.audience) = 0`+
		` OR array_position(%[1]s.audience, NULL) IS NOT NULL OR array_position(%[1]s.audience, '') IS NOT NULL THEN '`+RuleEmptyAudience+`'`+
		` WHEN '*' = ANY(%[1]s.audience) THEN '`+RulePublic+`'`+
		` WHEN cardinality($%[2]d::text[]) > 0 AND %[1]s.audience @> $%[2]d::text[] THEN '`+RuleSubset+`'`+
		` WHEN $%[4]d::boolean AND %[1]s.channel = $%[3]d::text THEN '`+RuleOpenHistory+`'`+
		` ELSE '`+RuleHidden+`' END`, a, p.audience, p.channel, p.open)
	draft, rejected := draftSQL(t, a, p)
	var b strings.Builder
	fmt.Fprintf(&b, `CASE WHEN NOT %s THEN (%s)`, audienceSQL(a, p), audRule)
	fmt.Fprintf(&b, ` WHEN %s THEN '%s'`, rejected, RuleRejected)
	fmt.Fprintf(&b, ` WHEN NOT %s THEN '%s'`, draft, RuleDraft)
	for _, c := range clauses(t, a, p) {
		fmt.Fprintf(&b, ` WHEN NOT %s THEN '%s'`, c.pass, c.name)
	}
	fmt.Fprintf(&b, ` ELSE (%s) END`, audRule)
	return b.String()
}
