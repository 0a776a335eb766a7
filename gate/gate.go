// Package gate is the audience gate (SPEC §3) as one SQL predicate builder,
// used by every read: recall's tiers and legs, the memory tools
// (list_memories, review_memories, update_memory, forget, edit_profile) and
// the fact store's listing. It is a leaf: it imports nothing of the project
// but the shared words, so the fact store and recall can both use it.
//
// A Gate is the read's current audience, its channel and whether that
// channel is configured open_history. SQL renders the predicate for a row
// alias; Args are its three values, which always travel as parameters:
//
//	g := gate.New(audience, channel, openHistory)
//	q := `SELECT … FROM facts f WHERE f.member_id = $1 AND ` + g.SQL("f", 2)
//	rows, err := db.Query(ctx, q, append([]any{member}, g.Args()...)...)
package gate

import (
	"fmt"
	"slices"

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
)

// Gate is the audience gate of one read.
type Gate struct {
	Audience []string // the audience listening now, normalised
	Channel  string   // the channel being read on
	Open     bool     // Channel is configured open_history
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

// Empty reports whether the gate has no audience to read for.
func (g Gate) Empty() bool { return len(g.Audience) == 0 }

// Args are the gate's values in the order SQL and Rule number them:
// audience (text[]), channel (text), open (boolean).
func (g Gate) Args() []any {
	aud := g.Audience
	if aud == nil {
		aud = []string{} // never NULL: '@> NULL' would be unknown, not false
	}
	return []any{aud, g.Channel, g.Open}
}

// Where appends the gate's values to args and returns the predicate for a
// row aliased a, numbered after the args already there.
func (g Gate) Where(a string, args []any) (string, []any) {
	return g.SQL(a, len(args)+1), append(args, g.Args()...)
}

// SQL is THE audience predicate (SPEC §3) for a row aliased a with columns
// audience text[] and channel text, its values in parameters $first (the
// audience), $first+1 (the channel) and $first+2 (open). Rules 1–5 in
// order:
//  1. an empty, NULL or unreadable audience (a NULL or blank entry) hides;
//  2. '*' in the audience shows;
//  3. the current audience ⊆ the row's audience shows;
//  4. an open_history channel shows its own rows;
//  5. anything else is hidden.
//
// Rule 3 with an empty current audience would show everything; New never
// yields one for a reader that checked Empty, and the predicate guards it
// anyway (cardinality > 0).
func (Gate) SQL(a string, first int) string {
	return fmt.Sprintf(`(%[1]s.audience IS NOT NULL AND cardinality(%[1]s.audience) > 0`+
		` AND array_position(%[1]s.audience, NULL) IS NULL AND array_position(%[1]s.audience, '') IS NULL`+
		` AND ('*' = ANY(%[1]s.audience) OR (cardinality($%[2]d::text[]) > 0 AND %[1]s.audience @> $%[2]d::text[]) OR ($%[4]d::boolean AND %[1]s.channel = $%[3]d::text)))`,
		a, first, first+1, first+2)
}

// Rule is the same gate as a CASE naming the rule that decides (one of the
// Rule* names), parameters numbered as for SQL. Explain uses it, and the
// tests check it agrees with SQL.
func (Gate) Rule(a string, first int) string {
	return fmt.Sprintf(`CASE`+
		` WHEN %[1]s.audience IS NULL OR cardinality(%[1]s.audience) = 0`+
		` OR array_position(%[1]s.audience, NULL) IS NOT NULL OR array_position(%[1]s.audience, '') IS NOT NULL THEN '`+RuleEmptyAudience+`'`+
		` WHEN '*' = ANY(%[1]s.audience) THEN '`+RulePublic+`'`+
		` WHEN cardinality($%[2]d::text[]) > 0 AND %[1]s.audience @> $%[2]d::text[] THEN '`+RuleSubset+`'`+
		` WHEN $%[4]d::boolean AND %[1]s.channel = $%[3]d::text THEN '`+RuleOpenHistory+`'`+
		` ELSE '`+RuleHidden+`' END`, a, first, first+1, first+2)
}
