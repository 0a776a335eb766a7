package recall

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	audgate "github.com/memhive/memhive/gate"
)

// EffectiveRow is one stored row and what the gate decides for it.
type EffectiveRow struct {
	Kind    string    `json:"kind"` // episode | fact | belief | entity | edge | summary
	ID      string    `json:"id"`
	Channel string    `json:"channel"`
	Session string    `json:"session,omitempty"`
	When    time.Time `json:"when"`
	Text    string    `json:"text"`
	Visible bool      `json:"visible"`
	// Rule is the rule or clause that decides (package gate's names): the
	// audience rule that shows the row, or the audience rule, draft rule or
	// scope clause that hides it.
	Rule string `json:"rule"`
}

// EffectiveReport is what one reader can read of a member's record.
type EffectiveReport struct {
	Member    string         `json:"member"`
	Assistant string         `json:"assistant,omitempty"`
	Audience  []string       `json:"audience"`
	Channel   string         `json:"channel"`
	Open      bool           `json:"open_history"`
	Scope     audgate.Scope  `json:"scope"`
	Visible   int            `json:"visible"`
	Hidden    int            `json:"hidden"`
	ByRule    map[string]int `json:"by_rule"` // every row counted under the rule that decides it
	Rows      []EffectiveRow `json:"rows"`
	// Truncated: more rows than the limit matched (the counts are whole).
	Truncated bool `json:"truncated"`
}

// effectiveKinds are the gated tables, with how a row is shown: its text,
// its time and its session.
var effectiveKinds = []struct {
	kind          string
	table         audgate.Table
	text, at, ses string
}{
	{"episode", tEpisodes, "r.content", "r.happened_at", "r.session_id"},
	{"fact", tFacts, "r.subject || ' ' || replace(r.predicate, '_', ' ') || ' ' || r.claim", "r.valid_from", "coalesce(r.session_id, '')"},
	{"belief", tBeliefs, "r.statement", "r.created_at", "''"},
	{"entity", tEntities, "r.name", "r.created_at", "''"},
	{"edge", tEdges, "r.src_id || ' ' || r.relation || ' ' || r.dst_id", "r.created_at", "''"},
	{"summary", audgate.Summaries, "r.text", "r.to_at", "coalesce(r.session_id, '')"},
}

// Effective lists what the gate g (its audience, channel, reader and scope)
// lets a reader see of member's record, and for every row it hides, the
// rule or scope clause that hides it: Explain for a whole record. Counts
// cover every row; at most limit rows per kind are listed (oldest first),
// only the hidden ones when hiddenOnly.
func Effective(ctx context.Context, pool *pgxpool.Pool, member string, g audgate.Gate, limit int, hiddenOnly bool) (*EffectiveReport, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	if g.Empty() {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "effective needs the audience listening now")
	}
	if memhive.Blank(g.Channel) {
		return nil, memhive.Errorf(memhive.CodeMissingChannel, "effective needs the channel being read on")
	}
	if limit <= 0 {
		limit = 200
	}
	rep := &EffectiveReport{Member: member, Assistant: g.Reader, Audience: g.Audience, Channel: g.Channel, Open: g.Open,
		Scope: g.Scope, ByRule: map[string]int{}, Rows: []EffectiveRow{}}
	for _, k := range effectiveKinds {
		args := append([]any{member}, g.Args()...)
		rule := g.Rule(k.table, "r", 2)
		counts, err := pool.Query(ctx, `SELECT rule, count(*) FROM (SELECT `+rule+` AS rule FROM `+string(k.table)+` r WHERE r.member_id = $1) x GROUP BY rule`, args...)
		if err != nil {
			return nil, fmt.Errorf("effective %s: %w", k.kind, err)
		}
		var n int
		if err := forEach(counts, func(r pgx.Rows) error {
			var name string
			var c int
			if err := r.Scan(&name, &c); err != nil {
				return err
			}
			rep.ByRule[name] += c
			if audgate.Visible(name) {
				rep.Visible += c
			} else {
				rep.Hidden += c
				if hiddenOnly {
					n += c
				}
			}
			if !hiddenOnly {
				n += c
			}
			return nil
		}); err != nil {
			return nil, fmt.Errorf("effective %s: %w", k.kind, err)
		}
		if n > limit {
			rep.Truncated = true
		}
		where := ""
		if hiddenOnly {
			where = ` AND NOT ` + g.SQL(k.table, "r", 2)
		}
		rows, err := pool.Query(ctx, `SELECT r.id, r.channel, `+k.ses+`, `+k.at+`, `+k.text+`, `+rule+`
			FROM `+string(k.table)+` r WHERE r.member_id = $1`+where+` ORDER BY `+k.at+`, r.id LIMIT `+fmt.Sprint(limit), args...)
		if err != nil {
			return nil, fmt.Errorf("effective %s: %w", k.kind, err)
		}
		if err := forEach(rows, func(r pgx.Rows) error {
			row := EffectiveRow{Kind: k.kind}
			if err := r.Scan(&row.ID, &row.Channel, &row.Session, &row.When, &row.Text, &row.Rule); err != nil {
				return err
			}
			row.Visible = audgate.Visible(row.Rule)
			rep.Rows = append(rep.Rows, row)
			return nil
		}); err != nil {
			return nil, fmt.Errorf("effective %s: %w", k.kind, err)
		}
	}
	return rep, nil
}

// forEach calls fn for every row and closes rows.
func forEach(rows pgx.Rows, fn func(pgx.Rows) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ExplainFor is Explain for a read through the whole gate g: its reader's
// drafts and scope included, so a row the scope hides is named by its
// clause (audgate.Clause*).
func ExplainFor(ctx context.Context, pool *pgxpool.Pool, member string, g audgate.Gate, kind, id string) (rule string, visible bool, err error) {
	if !memhive.ValidMember(member) {
		return "", false, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	if g.Empty() {
		return "", false, memhive.Errorf(memhive.CodeMissingAudience, "explain needs the audience listening now")
	}
	if memhive.Blank(g.Channel) {
		return "", false, memhive.Errorf(memhive.CodeMissingChannel, "explain needs the channel being read on")
	}
	table, ok := explainTables[kind]
	if !ok {
		return "", false, memhive.Errorf(memhive.CodeMalformedRequest, "kind %q is not episode, fact, belief, edge or entity", kind)
	}
	args := append([]any{member, id}, g.Args()...)
	q := `SELECT ` + g.Rule(table, "r", 3) + `, ` + g.SQL(table, "r", 3) + ` FROM ` + string(table) + ` r WHERE r.member_id = $1 AND r.id = $2`
	if err := pool.QueryRow(ctx, q, args...).Scan(&rule, &visible); err != nil {
		if err == pgx.ErrNoRows {
			return "", false, memhive.Errorf(memhive.CodeNotFound, "no %s %q for member %s", kind, id, member)
		}
		return "", false, fmt.Errorf("explain %s %s: %w", kind, id, err)
	}
	return rule, visible, nil
}
