package gate

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/memhive/memhive"
)

// Scope narrows what one assistant reads (the "scope" of its template,
// SPEC §9): channels, fact kinds, predicates and sessions older than a date.
// It is applied after the audience gate, as more clauses ANDed to it, so a
// scope can hide what the gate shows and can never show what the gate
// hides. The zero Scope narrows nothing.
//
// Which rows a clause reaches depends on the columns they have:
//   - Channels and ExcludeChannels: every gated row (episodes, facts,
//     beliefs, entities, edges, summaries all carry the channel they came from);
//   - Kinds: facts only (fact_kind); other rows are not facts and pass;
//   - Predicates and ExcludePredicates: facts (predicate_canon) and graph
//     edges (relation); other rows pass;
//   - Since: rows that belong to a session (episodes, facts with a session,
//     summaries of one session) are hidden when that session started before
//     Since (the sessions table), and episodes also when they happened
//     before it. Rows without a session (beliefs, entities, edges, facts kept
//     by memorize) are not dated by a session and pass.
type Scope struct {
	// Channels, when set, are the only channels the assistant reads.
	Channels []string `json:"channels,omitempty"`
	// ExcludeChannels are channels the assistant never reads.
	ExcludeChannels []string `json:"exclude_channels,omitempty"`
	// Kinds, when set, are the only fact kinds it reads (world, experience, foresight).
	Kinds []string `json:"kinds,omitempty"`
	// Predicates, when set, are the only predicates (relation keys) of the
	// facts and edges it reads, compared in canonical form (snake_case).
	Predicates []string `json:"predicates,omitempty"`
	// ExcludePredicates are predicates whose facts and edges it never reads.
	ExcludePredicates []string `json:"exclude_predicates,omitempty"`
	// Since hides sessions that started before it (RFC 3339).
	Since *time.Time `json:"since,omitempty"`
}

// Scope clause names: the rule Rule returns for a row the scope hides.
const (
	ClauseChannels          = "scope:channels"           // hidden: its channel is not one the scope lists
	ClauseExcludeChannels   = "scope:exclude_channels"   // hidden: its channel is one the scope excludes
	ClauseKinds             = "scope:kinds"              // hidden: a fact of a kind the scope does not list
	ClausePredicates        = "scope:predicates"         // hidden: a fact or edge whose predicate the scope does not list
	ClauseExcludePredicates = "scope:exclude_predicates" // hidden: a fact or edge whose predicate the scope excludes
	ClauseSince             = "scope:since"              // hidden: from a session older than the scope's date
)

// IsZero reports whether s narrows nothing.
func (s Scope) IsZero() bool {
	return len(s.Channels) == 0 && len(s.ExcludeChannels) == 0 && len(s.Kinds) == 0 &&
		len(s.Predicates) == 0 && len(s.ExcludePredicates) == 0 && s.Since == nil
}

// Normalize returns s with every list trimmed, canonical (predicates in
// snake_case), deduplicated and sorted, and Since in UTC, or a
// malformed_request *memhive.Error naming the first bad value.
func (s Scope) Normalize() (Scope, error) {
	var err error
	norm := func(field string, in []string, canon func(string) string, ok func(string) bool) []string {
		var out []string
		for _, v := range in {
			c := canon(v)
			if c == "" || !ok(c) {
				if err == nil {
					err = memhive.Errorf(memhive.CodeMalformedRequest, "scope %s: %q is not a valid value", field, v)
				}
				continue
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		slices.Sort(out)
		return out
	}
	trim := strings.TrimSpace
	any := func(string) bool { return true }
	out := Scope{
		Channels:        norm("channels", s.Channels, trim, any),
		ExcludeChannels: norm("exclude_channels", s.ExcludeChannels, trim, any),
		Kinds: norm("kinds", s.Kinds, func(v string) string { return strings.ToLower(trim(v)) }, func(k string) bool {
			return k == "world" || k == "experience" || k == "foresight"
		}),
		Predicates:        norm("predicates", s.Predicates, memhive.CanonPredicate, any),
		ExcludePredicates: norm("exclude_predicates", s.ExcludePredicates, memhive.CanonPredicate, any),
	}
	if s.Since != nil {
		t := s.Since.UTC()
		out.Since = &t
	}
	if err != nil {
		return Scope{}, err
	}
	return out, nil
}

// Narrow is the scope that applies both s and o: a replacement assistant
// reads through its base's scope and its own (SPEC §9: a scope never
// widens). Allow-lists intersect (a value both list; when only one lists,
// its list), exclusions add up, and the later Since wins.
func (s Scope) Narrow(o Scope) Scope {
	allow := func(a, b []string) []string {
		switch {
		case len(a) == 0:
			return slices.Clone(b)
		case len(b) == 0:
			return slices.Clone(a)
		}
		out := []string{}
		for _, v := range a {
			if slices.Contains(b, v) {
				out = append(out, v)
			}
		}
		if len(out) == 0 {
			// Nothing is in both: read nothing of this dimension, which an
			// empty list cannot say (it means "all"). A value no row can
			// carry says it.
			out = []string{nothingValue}
		}
		return out
	}
	deny := func(a, b []string) []string {
		out := slices.Clone(a)
		for _, v := range b {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		slices.Sort(out)
		return out
	}
	n := Scope{
		Channels:          allow(s.Channels, o.Channels),
		ExcludeChannels:   deny(s.ExcludeChannels, o.ExcludeChannels),
		Kinds:             allow(s.Kinds, o.Kinds),
		Predicates:        allow(s.Predicates, o.Predicates),
		ExcludePredicates: deny(s.ExcludePredicates, o.ExcludePredicates),
		Since:             s.Since,
	}
	if o.Since != nil && (n.Since == nil || o.Since.After(*n.Since)) {
		n.Since = o.Since
	}
	return n
}

// nothingValue is an allow-list entry no channel, kind or predicate can be
// (it holds a control character, which the ingress refuses in every key).
const nothingValue = "\x1fnone"

// String is the scope in one line, for logs and explanations.
func (s Scope) String() string {
	if s.IsZero() {
		return "no scope"
	}
	var parts []string
	add := func(name string, v []string) {
		if len(v) > 0 {
			parts = append(parts, name+"="+strings.Join(v, ","))
		}
	}
	add("channels", s.Channels)
	add("exclude_channels", s.ExcludeChannels)
	add("kinds", s.Kinds)
	add("predicates", s.Predicates)
	add("exclude_predicates", s.ExcludePredicates)
	if s.Since != nil {
		parts = append(parts, "since="+s.Since.UTC().Format(time.RFC3339))
	}
	return strings.Join(parts, " ")
}

// scopeArgs are the scope's values, in the order the predicates number them
// after the gate's own (channels, exclude_channels, kinds, predicates,
// exclude_predicates, since). Lists are never NULL.
func (s Scope) args() []any {
	l := func(v []string) []string {
		if v == nil {
			return []string{}
		}
		return v
	}
	var since any
	if s.Since != nil {
		since = *s.Since
	}
	return []any{l(s.Channels), l(s.ExcludeChannels), l(s.Kinds), l(s.Predicates), l(s.ExcludePredicates), since}
}

// clause is one scope clause rendered for a table: its name and the SQL
// that is true when the clause lets the row through.
type clause struct {
	name string
	pass string
}

// clauses are the scope's clauses for table t, row alias a, with the
// parameters p. Every parameter is referenced by every table (an unused
// parameter would leave Postgres unable to type it): a clause a table's
// rows cannot fail is written as a test of its parameter's type alone.
func clauses(t Table, a string, p params) []clause {
	always := func(n int, typ string) string { return fmt.Sprintf("($%d::%s IS NULL OR true)", n, typ) }
	cs := []clause{
		{ClauseChannels, fmt.Sprintf("(cardinality($%[2]d::text[]) = 0 OR %[1]s.channel = ANY($%[2]d::text[]))", a, p.channels)},
		{ClauseExcludeChannels, fmt.Sprintf("NOT (%[1]s.channel = ANY($%[2]d::text[]))", a, p.excludeChannels)},
	}
	kinds := always(p.kinds, "text[]")
	preds := always(p.predicates, "text[]")
	xpreds := always(p.excludePredicates, "text[]")
	since := always(p.since, "timestamptz")
	// A session older than since: the sessions table says when it started.
	older := func(session, channel string) string {
		return fmt.Sprintf(`EXISTS (SELECT 1 FROM sessions s WHERE s.member_id = %[1]s.member_id AND s.session_id = %[2]s AND s.channel = %[3]s AND s.started_at < $%[4]d::timestamptz)`,
			a, session, channel, p.since)
	}
	switch t {
	case Facts:
		kinds = fmt.Sprintf("(cardinality($%[2]d::text[]) = 0 OR %[1]s.fact_kind = ANY($%[2]d::text[]))", a, p.kinds)
		preds = fmt.Sprintf("(cardinality($%[2]d::text[]) = 0 OR %[1]s.predicate_canon = ANY($%[2]d::text[]))", a, p.predicates)
		xpreds = fmt.Sprintf("NOT (%[1]s.predicate_canon = ANY($%[2]d::text[]))", a, p.excludePredicates)
		since = fmt.Sprintf("($%[2]d::timestamptz IS NULL OR %[1]s.session_id IS NULL OR NOT %[3]s)", a, p.since, older(a+".session_id", a+".channel"))
	case Edges:
		preds = fmt.Sprintf("(cardinality($%[2]d::text[]) = 0 OR %[1]s.relation = ANY($%[2]d::text[]))", a, p.predicates)
		xpreds = fmt.Sprintf("NOT (%[1]s.relation = ANY($%[2]d::text[]))", a, p.excludePredicates)
	case Episodes:
		since = fmt.Sprintf("($%[2]d::timestamptz IS NULL OR (%[1]s.happened_at >= $%[2]d::timestamptz AND NOT %[3]s))", a, p.since, older(a+".session_id", a+".channel"))
	case Summaries:
		since = fmt.Sprintf("($%[2]d::timestamptz IS NULL OR %[1]s.session_id IS NULL OR NOT %[3]s)", a, p.since, older(a+".session_id", a+".channel"))
	}
	return append(cs, clause{ClauseKinds, kinds}, clause{ClausePredicates, preds},
		clause{ClauseExcludePredicates, xpreds}, clause{ClauseSince, since})
}

// Scopes are the scopes of the named assistants (templates.Scopes builds
// them from the assistant templates, each replacement already narrowed by
// its base's). An assistant not in the map reads with no scope: the
// audience gate alone.
type Scopes map[string]Scope

// Of is the scope of assistant name.
func (m Scopes) Of(name string) Scope { return m[name] }
