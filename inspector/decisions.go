package inspector

import (
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/nightly"
)

// aliasRow is one alias decision with what it did: the supersessions a
// nightly run made through it, and how many a revert undid.
type aliasRow struct {
	nightly.Alias
	Effects, Undone int
	Revert          *runRow // the revert's consolidation_log row, once reverted
}

// runRow is one consolidation_log row: a nightly run, a close pass or a revert.
type runRow struct {
	RunID, Kind, Status  string
	WindowFrom, WindowTo *time.Time
	Verdicts             []byte
	ModelCalls, Tokens   int
	StartedAt            time.Time
	FinishedAt           *time.Time
	Written              int  // rows written (nightly), or versions reopened (revert)
	HasWritten           bool // Written applies
	Alias                string
	VerdictPairs         []pair
}

type pair struct{ K, V string }

// callRow is one model call from decision_log.
type callRow struct {
	ID, Cell, Verdict           string
	Tier                        *string
	LatencyMS, Prompt, Complete int
	At                          time.Time
	Cost                        string // US dollars at the configured price; "" without one
}

type decisionsData struct {
	Aliases                []aliasRow
	Runs                   []runRow
	Calls                  []callRow
	Dim, State             string // alias filters
	Kind, Status           string // run filters
	Cell, Verdict          string // model call filters
	Reverted               *aliasRow
	CallTotals             struct{ Calls, Prompt, Complete, LatencyMS int }
	Priced                 bool   // a model price is configured (Config.Price)
	CostTotal              string // the shown calls' cost, US dollars
	Kinds, Statuses, Cells []string
	Verdicts               []string
}

func (in *Inspector) decisions(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx, member := r.Context(), r.PathValue("member")
	d := decisionsData{Dim: r.FormValue("dim"), State: r.FormValue("state"), Kind: r.FormValue("kind"), Status: r.FormValue("status"),
		Cell: r.FormValue("cell"), Verdict: r.FormValue("verdict")}
	all, err := nightly.ListAliases(ctx, in.cfg.Pool, member)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	type eff struct{ n, undone int }
	effs := map[string]eff{}
	rows, err := in.cfg.Pool.Query(ctx, `/* ui:alias-effects */ SELECT alias_id, count(*)::int, count(undone_at)::int FROM alias_effects
		WHERE member_id = $1 GROUP BY alias_id`, member)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	var id string
	var e eff
	if _, err := pgx.ForEachRow(rows, []any{&id, &e.n, &e.undone}, func() error { effs[id] = e; return nil }); err != nil {
		in.fail(w, r, a, err)
		return
	}
	// every run of the member, newest first; the reverts are matched to their aliases
	rows, err = in.cfg.Pool.Query(ctx, `/* ui:runs */ SELECT run_id, kind, status, window_from, window_to, verdicts, model_calls, model_tokens, started_at, finished_at
		FROM consolidation_log WHERE member_id = $1 ORDER BY started_at DESC, run_id DESC LIMIT 1000`, member)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	runs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (runRow, error) {
		var x runRow
		return x, row.Scan(&x.RunID, &x.Kind, &x.Status, &x.WindowFrom, &x.WindowTo, &x.Verdicts, &x.ModelCalls, &x.Tokens, &x.StartedAt, &x.FinishedAt)
	})
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	reverts := map[string]*runRow{}
	kinds, statuses := map[string]bool{}, map[string]bool{}
	for i := range runs {
		x := &runs[i]
		x.explain()
		kinds[x.Kind], statuses[x.Status] = true, true
		if x.Kind == "revert" && x.Alias != "" && reverts[x.Alias] == nil {
			reverts[x.Alias] = x
		}
		if (d.Kind == "" || x.Kind == d.Kind) && (d.Status == "" || x.Status == d.Status) && len(d.Runs) < 200 {
			d.Runs = append(d.Runs, *x)
		}
	}
	d.Kinds, d.Statuses = keys(kinds), keys(statuses)
	revertedID := r.FormValue("reverted")
	for i := len(all) - 1; i >= 0; i-- { // newest first
		al := aliasRow{Alias: all[i], Effects: effs[all[i].ID].n, Undone: effs[all[i].ID].undone, Revert: reverts[all[i].ID]}
		if al.ID == revertedID {
			c := al
			d.Reverted = &c
		}
		state := "live"
		if al.RevertedAt != nil {
			state = "reverted"
		}
		if (d.Dim == "" || al.Dimension == d.Dim) && (d.State == "" || d.State == state) {
			d.Aliases = append(d.Aliases, al)
		}
	}
	rows, err = in.cfg.Pool.Query(ctx, `/* ui:model-calls */ SELECT id, cell, tier, verdict, latency_ms, prompt_tokens, completion_tokens, at
		FROM decision_log WHERE member_id = $1 AND ($2 = '' OR cell = $2) AND ($3 = '' OR verdict = $3) ORDER BY at DESC, id DESC LIMIT 200`,
		member, d.Cell, d.Verdict)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Calls, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (callRow, error) {
		var c callRow
		return c, row.Scan(&c.ID, &c.Cell, &c.Tier, &c.Verdict, &c.LatencyMS, &c.Prompt, &c.Complete, &c.At)
	}); err != nil {
		in.fail(w, r, a, err)
		return
	}
	for i, c := range d.Calls {
		d.CallTotals.Calls++
		d.CallTotals.Prompt += c.Prompt
		d.CallTotals.Complete += c.Complete
		d.CallTotals.LatencyMS += c.LatencyMS
		d.Calls[i].Cost, _ = in.cfg.Price.Cost(c.Prompt, c.Complete)
	}
	// The total is priced from the summed tokens: exact, as each row is.
	d.CostTotal, d.Priced = in.cfg.Price.Cost(d.CallTotals.Prompt, d.CallTotals.Complete)
	choices := func(col string) ([]string, error) {
		rows, err := in.cfg.Pool.Query(ctx, `/* ui:model-call-choices */ SELECT DISTINCT `+col+` FROM decision_log WHERE member_id = $1 ORDER BY 1 LIMIT 100`, member)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if d.Cells, err = choices("cell"); err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Verdicts, err = choices("verdict"); err != nil {
		in.fail(w, r, a, err)
		return
	}
	in.render(w, http.StatusOK, "decisions", page{Title: member + ": decisions", Member: member, Section: "decisions", CSRF: a.csrf, Data: d})
}

// explain reads a run's verdicts: the rows a nightly run wrote, the
// versions a revert reopened, and the verdicts as pairs.
func (x *runRow) explain() {
	var m map[string]any
	if json.Unmarshal(x.Verdicts, &m) != nil {
		return
	}
	switch x.Kind {
	case "nightly":
		var mr nightly.MemberReport
		if json.Unmarshal(x.Verdicts, &mr) == nil && len(m) > 0 {
			x.Written, x.HasWritten = mr.Written(), true
		}
	case "revert":
		x.Alias, _ = m["alias"].(string)
		if n, ok := m["undone"].(float64); ok {
			x.Written, x.HasWritten = int(n), true
		}
	}
	for k, v := range m {
		switch k {
		case "member", "window_from", "window_to":
			continue
		}
		if f, ok := v.(float64); ok && f == 0 {
			continue // the zero counters say nothing
		}
		b, _ := json.Marshal(v)
		x.VerdictPairs = append(x.VerdictPairs, pair{k, strings.Trim(string(b), `"`)})
	}
	sort.Slice(x.VerdictPairs, func(i, j int) bool { return x.VerdictPairs[i].K < x.VerdictPairs[j].K })
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// revert reverts one alias decision (nightly.RevertAlias: nothing is
// deleted; the revert is recorded in consolidation_log) and shows the
// decisions page with what it changed.
func (in *Inspector) revert(w http.ResponseWriter, r *http.Request, a *auth) {
	member, id := r.PathValue("member"), r.PathValue("id")
	al, err := nightly.RevertAlias(r.Context(), in.cfg.Pool, member, id)
	if err != nil {
		in.log.Warn("ui action failed", "action", "revert_alias", "member", member, "alias", id, "key", a.keyID, "error", err)
		in.fail(w, r, a, err)
		return
	}
	in.log.Info("ui action", "action", "revert_alias", "member", member, "alias", id, "key", a.keyID,
		"dimension", al.Dimension, "from", al.Alias, "to", al.Canonical)
	http.Redirect(w, r, Prefix+"/members/"+url.PathEscape(member)+"/decisions?reverted="+url.QueryEscape(id)+"#alias-"+url.QueryEscape(id), http.StatusSeeOther)
}
