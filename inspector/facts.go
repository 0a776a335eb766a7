package inspector

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gate"
)

// axis is one (subject, predicate) axis: its versions, in chains, on a
// time line from the earliest valid_from to now (or the latest end).
type axis struct {
	Subject, Predicate string
	Single             bool
	Chains             [][]version
	From, To           time.Time
	Ticks              []tick
}

type tick struct {
	Left  string
	Label string
}

// version is one fact version with its place on the axis's time line.
type version struct {
	facts.Row
	InForce   bool
	Retracted bool
	Left      string // CSS percentages of the time line
	Width     string
}

type belief struct {
	ID, Holder, Statement, Section, Channel string
	Confidence                              int
	Active, Pinned                          bool
	SourceFactIDs, Audience                 []string
	CreatedAt, UpdatedAt                    time.Time
}

type factsData struct {
	View               viewAs
	Subject, Predicate string
	Axes               []axis
	Beliefs            []belief
	Review             *facts.ReviewReport
	Now                time.Time
	Error              string
	Truncated          bool
}

const maxFactRows = 2000

func (in *Inspector) facts(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx, member := r.Context(), r.PathValue("member")
	now := time.Now().UTC()
	d := factsData{Subject: strings.TrimSpace(r.FormValue("subject")), Predicate: strings.TrimSpace(r.FormValue("predicate")), Now: now}
	var err error
	if d.View, err = in.readViewAs(r); err != nil {
		d.Error = err.Error()
		in.render(w, http.StatusOK, "facts", page{Title: member + ": facts", Member: member, Section: "facts", CSRF: a.csrf, Data: d})
		return
	}
	rows, err := facts.List(ctx, in.cfg.Pool, member, facts.Filter{Subject: d.Subject, Predicate: d.Predicate, AllVersions: true, Gate: d.View.gate, Limit: maxFactRows + 1})
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if len(rows) > maxFactRows {
		rows, d.Truncated = rows[:maxFactRows], true
	}
	axes, err := facts.LoadAxes(ctx, in.cfg.Pool, member)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	var live []facts.Row
	for _, f := range rows {
		if !f.Retracted() {
			live = append(live, f)
		}
	}
	inForce := facts.InForceForSomeone(live, axes, facts.Rule{Threshold: in.cfg.Threshold}, now)
	d.Axes = buildAxes(rows, axes, inForce, now)

	q := `/* ui:beliefs */ SELECT b.id, b.holder, b.statement, b.section, b.channel, b.confidence, b.active, b.pinned, b.source_fact_ids, b.audience, b.created_at, b.updated_at
		FROM beliefs b WHERE b.member_id = $1`
	args := []any{member}
	q, args = d.View.where(gate.Beliefs, "b", q, args)
	brows, err := in.cfg.Pool.Query(ctx, q+` ORDER BY b.section, b.pinned DESC, b.active DESC, b.updated_at DESC, b.id LIMIT 500`, args...)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Beliefs, err = pgx.CollectRows(brows, func(row pgx.CollectableRow) (belief, error) {
		var b belief
		return b, row.Scan(&b.ID, &b.Holder, &b.Statement, &b.Section, &b.Channel, &b.Confidence, &b.Active, &b.Pinned, &b.SourceFactIDs, &b.Audience, &b.CreatedAt, &b.UpdatedAt)
	}); err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Review, err = facts.ReviewRule(ctx, in.cfg.Pool, member, now, d.View.gate, facts.Rule{Threshold: in.cfg.Threshold}); err != nil {
		in.fail(w, r, a, err)
		return
	}
	in.render(w, http.StatusOK, "facts", page{Title: member + ": facts", Member: member, Section: "facts", CSRF: a.csrf, Data: d})
}

// buildAxes groups rows by axis (subject and predicate through the alias
// table, as every reader of in-force facts does), each axis into its
// chains (facts.Chains), and places every version on the axis's time line.
func buildAxes(rows []facts.Row, axes *facts.Axes, inForce map[string]bool, now time.Time) []axis {
	type key struct{ s, p string }
	groups := map[key][]facts.Row{}
	var order []key
	for _, f := range rows {
		k := key{f.SubjectCanon, axes.Pred(f.PredicateCanon)}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], f)
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].s != order[j].s {
			return order[i].s < order[j].s
		}
		return order[i].p < order[j].p
	})
	out := make([]axis, 0, len(order))
	for _, k := range order {
		vs := groups[k]
		sort.SliceStable(vs, func(i, j int) bool {
			if !vs[i].ValidFrom.Equal(vs[j].ValidFrom) {
				return vs[i].ValidFrom.Before(vs[j].ValidFrom)
			}
			if !vs[i].RecordedAt.Equal(vs[j].RecordedAt) {
				return vs[i].RecordedAt.Before(vs[j].RecordedAt)
			}
			return vs[i].ID < vs[j].ID
		})
		ax := axis{Subject: vs[0].Subject, Predicate: k.p, Single: axes.Single(k.p)} // the axis: the predicate through the aliases
		ax.From, ax.To = vs[0].ValidFrom, now
		for _, f := range vs {
			if f.ValidFrom.After(ax.To) {
				ax.To = f.ValidFrom
			}
			if f.ValidUntil != nil && f.ValidUntil.After(ax.To) {
				ax.To = *f.ValidUntil
			}
		}
		span := ax.To.Sub(ax.From)
		if span <= 0 {
			span = time.Hour
			ax.To = ax.From.Add(span)
		}
		pct := func(t time.Time) float64 { return 100 * float64(t.Sub(ax.From)) / float64(span) }
		for i := 0; i <= 4; i++ {
			t := ax.From.Add(span * time.Duration(i) / 4)
			ax.Ticks = append(ax.Ticks, tick{Left: fmt.Sprintf("%.2f%%", float64(i)*25), Label: t.UTC().Format("2006-01-02")})
		}
		fv := make([]facts.Version, len(vs))
		for i := range vs {
			fv[i] = vs[i].Version()
		}
		for _, chain := range facts.Chains(fv, ax.Single) {
			var c []version
			for _, i := range chain {
				f := vs[i]
				end := ax.To
				if f.ValidUntil != nil {
					end = *f.ValidUntil
				} else if f.ExpiredAt != nil && f.ExpiredAt.After(f.ValidFrom) {
					end = *f.ExpiredAt
				}
				left, right := pct(f.ValidFrom), pct(end)
				width := max(right-left, 1.5)
				if left+width > 100 {
					left = max(100-width, 0)
				}
				c = append(c, version{Row: f, InForce: inForce[f.ID], Retracted: f.Retracted(),
					Left: fmt.Sprintf("%.2f%%", left), Width: fmt.Sprintf("%.2f%%", width)})
			}
			ax.Chains = append(ax.Chains, c)
		}
		out = append(out, ax)
	}
	return out
}
