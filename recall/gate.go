package recall

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	audgate "github.com/memhive/memhive/gate"
)

// Gate rules (SPEC §3), in the order they are tried. Explain returns one of
// these names. They are package gate's names.
const (
	RuleEmptyAudience = audgate.RuleEmptyAudience // hidden: the row has no readable audience
	RulePublic        = audgate.RulePublic        // visible: the row is tagged "*"
	RuleSubset        = audgate.RuleSubset        // visible: everyone listening now was present then
	RuleOpenHistory   = audgate.RuleOpenHistory   // visible: the channel is open_history and the row is from it
	RuleHidden        = audgate.RuleHidden        // hidden: no rule shows it
)

// The gated tables, as package gate names them.
const (
	tEpisodes = audgate.Episodes
	tFacts    = audgate.Facts
	tBeliefs  = audgate.Beliefs
	tEntities = audgate.Entities
	tEdges    = audgate.Edges
)

// gate is the gate of one read: the current audience, the channel, whether
// that channel is configured open_history, the assistant reading and its
// scope. Its predicate is package gate's, the one builder every read uses
// (recall and the memory tools alike); the values travel as parameters.
type gate struct {
	g audgate.Gate
}

func newGate(audience []string, channel string, openHistory []string) gate {
	return gate{g: audgate.New(audience, channel, openHistory)}
}

// reading is g for a read by assistant (its drafts) through scope.
func (g gate) reading(assistant string, scope audgate.Scope) gate {
	return gate{g: g.g.For(assistant, scope)}
}

// gateParams are the positional parameter numbers a query gave the gate:
// the first of its audgate.NArgs values.
type gateParams struct{ first int }

// args appends the gate's values to args and returns the parameter numbers
// they got.
func (g gate) args(args []any) ([]any, gateParams) {
	n := len(args)
	return append(args, g.g.Args()...), gateParams{first: n + 1}
}

// sql is THE gate predicate (SPEC §3, package gate) for a row of table t
// aliased a.
func (g gate) sql(t audgate.Table, a string, p gateParams) string { return g.g.SQL(t, a, p.first) }

// rule is the same gate as a CASE naming the rule or scope clause that
// decides; Explain uses it and the tests check it agrees with sql.
func (g gate) rule(t audgate.Table, a string, p gateParams) string { return g.g.Rule(t, a, p.first) }

// IntersectAudience is the audience of a row derived from several sources
// (SPEC §3): the intersection of the sources' audiences, with "*" neutral.
// Every list is normalised first. All-public sources give ["*"]; an empty
// intersection gives nil, which the gate hides (and writers refuse).
func IntersectAudience(lists ...[]string) []string {
	var acc []string
	seen := false
	for _, l := range lists {
		l = memhive.NormalizeAudience(l)
		if len(l) == 0 {
			return nil // a source nobody may read makes the derived row unreadable
		}
		if slices.Contains(l, memhive.Public) {
			continue
		}
		if !seen {
			acc, seen = l, true
			continue
		}
		var next []string
		for _, a := range acc {
			if slices.Contains(l, a) {
				next = append(next, a)
			}
		}
		acc = next
		if len(acc) == 0 {
			return nil
		}
	}
	if !seen {
		if len(lists) == 0 {
			return nil
		}
		return []string{memhive.Public}
	}
	return acc
}

// explainTables maps a row kind to its table.
var explainTables = map[string]audgate.Table{
	"episode": tEpisodes,
	"fact":    tFacts,
	"belief":  tBeliefs,
	"edge":    tEdges,
	"entity":  tEntities,
}

// Explain says which gate rule shows or hides one row (kind episode, fact,
// belief, edge or entity) for the given audience and channel. openHistory
// lists the channels configured open_history (Config.OpenHistory). A row
// that does not exist is a not_found *memhive.Error.
func Explain(ctx context.Context, pool *pgxpool.Pool, member string, audience []string, channel, kind, id string, openHistory ...string) (rule string, visible bool, err error) {
	return ExplainFor(ctx, pool, member, audgate.New(audience, channel, openHistory), kind, id)
}
