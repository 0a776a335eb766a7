package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
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

// gate is the audience gate of one read: the current audience, the channel,
// and whether that channel is configured open_history. Its predicate is
// package gate's, the one builder every read uses (recall and the memory
// tools alike); the values travel as parameters.
type gate struct {
	audience []string // normalised, non-empty
	channel  string
	open     bool
}

func newGate(audience []string, channel string, openHistory []string) gate {
	g := audgate.New(audience, channel, openHistory)
	return gate{audience: g.Audience, channel: g.Channel, open: g.Open}
}

// shared is the gate as package gate's value.
func (g gate) shared() audgate.Gate {
	return audgate.Gate{Audience: g.audience, Channel: g.channel, Open: g.open}
}

// gateParams are the positional parameter numbers a query gave the gate:
// the audience; the channel and open follow it.
type gateParams struct{ first int }

// args appends the gate's values to args and returns the parameter numbers
// they got.
func (g gate) args(args []any) ([]any, gateParams) {
	n := len(args)
	return append(args, g.shared().Args()...), gateParams{first: n + 1}
}

// gateSQL is THE audience predicate (SPEC §3, package gate) for a row
// aliased a with columns audience text[] and channel text.
func gateSQL(a string, p gateParams) string { return audgate.Gate{}.SQL(a, p.first) }

// ruleSQL is the same gate as a CASE naming the rule that decides; Explain
// uses it and the tests check it agrees with gateSQL.
func ruleSQL(a string, p gateParams) string { return audgate.Gate{}.Rule(a, p.first) }

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
var explainTables = map[string]string{
	"episode": "episodes",
	"fact":    "facts",
	"belief":  "beliefs",
	"edge":    "entity_edges",
	"entity":  "entities",
}

// Explain says which gate rule shows or hides one row (kind episode, fact,
// belief, edge or entity) for the given audience and channel. openHistory
// lists the channels configured open_history (Config.OpenHistory). A row
// that does not exist is a not_found *memhive.Error.
func Explain(ctx context.Context, pool *pgxpool.Pool, member string, audience []string, channel, kind, id string, openHistory ...string) (rule string, visible bool, err error) {
	if !memhive.ValidMember(member) {
		return "", false, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	g := newGate(audience, channel, openHistory)
	if len(g.audience) == 0 {
		return "", false, memhive.Errorf(memhive.CodeMissingAudience, "explain needs the audience listening now")
	}
	if strings.TrimSpace(channel) == "" {
		return "", false, memhive.Errorf(memhive.CodeMissingChannel, "explain needs the channel being read on")
	}
	table, ok := explainTables[kind]
	if !ok {
		return "", false, memhive.Errorf(memhive.CodeMalformedRequest, "kind %q is not episode, fact, belief, edge or entity", kind)
	}
	args, p := g.args([]any{member, id})
	q := `SELECT ` + ruleSQL("r", p) + `, ` + gateSQL("r", p) + ` FROM ` + table + ` r WHERE r.member_id = $1 AND r.id = $2`
	if err := pool.QueryRow(ctx, q, args...).Scan(&rule, &visible); err != nil {
		if err == pgx.ErrNoRows {
			return "", false, memhive.Errorf(memhive.CodeNotFound, "no %s %q for member %s", kind, id, member)
		}
		return "", false, fmt.Errorf("explain %s %s: %w", kind, id, err)
	}
	return rule, visible, nil
}
