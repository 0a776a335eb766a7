package gate

import "slices"

// Row is what the gate reads of a stored row, for a reader that holds rows
// in memory and gates them there (recall's tier 0 keeps every fact about a
// member once and gates it for each reader). Read it with RowSQL, so that
// an audience Postgres would call unreadable arrives as such.
type Row struct {
	// Readable is false when the row's audience is empty or holds a NULL
	// or blank entry (SPEC §3, rule 1); Audience is then not looked at.
	Readable bool
	Audience []string
	Channel  string
	// Facts only: Draft is "" when the column is NULL (never a draft),
	// else draft, approved or rejected; DraftedBy lists who wrote it.
	Draft     string
	DraftedBy []string
	Kind      string // facts: fact_kind
	Predicate string // facts: predicate_canon; edges: relation
}

// RowSQL is the select list that fills a Row, in field order, for a row of
// table t aliased a: (readable, audience, channel, draft, drafted_by, kind,
// predicate). Tables without a column read a constant.
func RowSQL(t Table, a string) string {
	readable := `(` + a + `.audience IS NOT NULL AND cardinality(` + a + `.audience) > 0` +
		` AND array_position(` + a + `.audience, NULL) IS NULL AND array_position(` + a + `.audience, '') IS NULL)`
	cols := readable + `, CASE WHEN ` + readable + ` THEN ` + a + `.audience ELSE '{}'::text[] END, ` + a + `.channel`
	switch t {
	case Facts:
		return cols + `, coalesce(` + a + `.draft, ''), array_remove(` + a + `.drafted_by, NULL), ` + a + `.fact_kind, ` + a + `.predicate_canon`
	case Edges:
		return cols + `, '', '{}'::text[], '', ` + a + `.relation`
	}
	return cols + `, '', '{}'::text[], '', ''`
}

// Dest are the scan destinations of RowSQL's columns, in order.
func (r *Row) Dest() []any {
	return []any{&r.Readable, &r.Audience, &r.Channel, &r.Draft, &r.DraftedBy, &r.Kind, &r.Predicate}
}

// Shows reports whether g shows r, a row of table t, exactly as SQL's
// predicate would: the audience rules, the draft rule, then the scope's
// clauses. A scope with Since needs the sessions table, which a Row does
// not carry: ok is false for such a gate, and the caller must gate in SQL.
func (g Gate) Shows(t Table, r Row) (visible, ok bool) {
	if g.Scope.Since != nil {
		return false, false
	}
	if !r.Readable {
		return false, true
	}
	aud := slices.Contains(r.Audience, "*") ||
		len(g.Audience) > 0 && subsetOf(g.Audience, r.Audience) ||
		g.Open && r.Channel == g.Channel
	if !aud {
		return false, true
	}
	if t == Facts && r.Draft != "" && r.Draft != "approved" &&
		(r.Draft != "draft" || g.Reader == "" || !slices.Contains(r.DraftedBy, g.Reader)) {
		return false, true
	}
	s := g.Scope
	if len(s.Channels) > 0 && !slices.Contains(s.Channels, r.Channel) || slices.Contains(s.ExcludeChannels, r.Channel) {
		return false, true
	}
	if t == Facts && len(s.Kinds) > 0 && !slices.Contains(s.Kinds, r.Kind) {
		return false, true
	}
	if t == Facts || t == Edges {
		if len(s.Predicates) > 0 && !slices.Contains(s.Predicates, r.Predicate) || slices.Contains(s.ExcludePredicates, r.Predicate) {
			return false, true
		}
	}
	return true, true
}

// subsetOf reports whether every element of a is in b (SQL's b @> a).
func subsetOf(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}
