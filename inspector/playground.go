package inspector

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/recall"
)

// playgroundForm is the playground's form, as given.
type playgroundForm struct {
	Query, Audience, Channel, Asker, Tier, AsOf, From, To, Session, Limit string
}

// legBreak is one leg's part in one fused score: its rank of the item
// (0: the leg did not propose it), its weight, and w/(K+rank).
type legBreak struct {
	Leg          string
	Rank, Weight int
	Share        string // the fraction w/(K+rank), as text
	ShareDec     string // the same as a decimal, for reading
}

// fusedRow is one fused candidate with its score broken down by leg.
type fusedRow struct {
	recall.FusedDiagnostic
	Legs     []legBreak
	Factor   string // the agreement factor 1 + 0.5×(votes−1)
	Check    string // the score recomputed from the breakdown (recall.FuseScore)
	Agrees   bool   // Check equals the diagnostic's score
	Kind, ID string
	Shown    bool     // the item is in the answer
	Folded   []string // candidates folded into this one, whose votes it carries
}

type playgroundData struct {
	Form     playgroundForm
	Tiers    []string
	Ran      bool
	Error    string
	Code     string
	Answer   *recall.Answer
	Diag     *recall.Diagnostic
	Fused    []fusedRow
	Missing  []recall.LegDiagnostic
	Request  string // the request as JSON (what the HTTP API would be sent)
	Elapsed  time.Duration
	Channels []string
	// FusionK and AgreementPct are the fusion's constants, from the
	// diagnostic (recall.Fusion).
	FusionK, AgreementPct int64
}

// parseTime reads RFC 3339, or a datetime-local value (taken as UTC).
func parseTime(s string) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			t = t.UTC()
			return &t, nil
		}
	}
	return nil, memhive.Errorf(memhive.CodeMalformedRequest, "%q is not a time (RFC 3339, e.g. 2026-01-05T19:00:00Z)", clip(s))
}

// request builds the recall request the form describes.
func (f playgroundForm) request(member string) (recall.Request, error) {
	req := recall.Request{Member: member, Query: f.Query, Tier: recall.NormalizeTier(f.Tier), Audience: splitList(f.Audience),
		Channel: strings.TrimSpace(f.Channel), Asker: strings.TrimSpace(f.Asker), Session: strings.TrimSpace(f.Session)}
	var err error
	if req.AsOf, err = parseTime(f.AsOf); err != nil {
		return req, err
	}
	if req.WindowFrom, err = parseTime(f.From); err != nil {
		return req, err
	}
	if req.WindowTo, err = parseTime(f.To); err != nil {
		return req, err
	}
	if s := strings.TrimSpace(f.Limit); s != "" {
		if req.Limit, err = strconv.Atoi(s); err != nil {
			return req, memhive.Errorf(memhive.CodeMalformedRequest, "limit %q is not a number", clip(s))
		}
	}
	return req, nil
}

func (in *Inspector) playground(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx, member := r.Context(), r.PathValue("member")
	f := playgroundForm{Query: r.FormValue("q"), Audience: r.FormValue("as"), Channel: r.FormValue("on"), Asker: r.FormValue("asker"),
		Tier: r.FormValue("tier"), AsOf: r.FormValue("as_of"), From: r.FormValue("from"), To: r.FormValue("to"),
		Session: r.FormValue("session"), Limit: r.FormValue("limit")}
	d := playgroundData{Tiers: []string{"0", "1", "2"}}
	var err error
	if d.Channels, err = in.recentChannels(r, member); err != nil {
		in.fail(w, r, a, err)
		return
	}
	if f.Tier == "" {
		f.Tier = "1"
	}
	if !r.Form.Has("as") {
		f.Audience = "member:" + member
	}
	if !r.Form.Has("on") && len(d.Channels) > 0 {
		f.Channel = d.Channels[0]
	}
	d.Form = f
	if strings.TrimSpace(f.Query) != "" {
		d.Ran = true
		req, err := f.request(member)
		if err == nil {
			b, _ := json.Marshal(req)
			d.Request = string(b)
			start := time.Now()
			d.Answer, err = gateway.Answer(ctx, in.cfg.Recaller, req, in.cfg.MaxChars)
			d.Elapsed = time.Since(start).Round(time.Millisecond)
		}
		if err == nil {
			err = d.breakdown()
		}
		if err != nil {
			var me *memhive.Error
			if asCoded(err, &me) {
				d.Code, d.Error = string(me.Code), me.Message
			} else {
				in.log.Error("ui playground", "member", member, "error", err)
				d.Code, d.Error = string(memhive.CodeInternal), "the recall failed; the log has the cause"
			}
		}
		in.log.Info("ui action", "action", "recall", "member", member, "key", a.keyID, "tier", f.Tier, "audience", f.Audience,
			"channel", f.Channel, "code", d.Code)
	}
	in.render(w, http.StatusOK, "playground", page{Title: member + ": recall playground", Member: member, Section: "recall", CSRF: a.csrf, Data: d})
}

// breakdown reads the answer's diagnostic (tier 1 and the tier-1 bundle of
// tier 2) and breaks every fused score down by leg.
func (d *playgroundData) breakdown() error {
	if d.Answer == nil || len(d.Answer.Diagnostic) == 0 {
		return nil
	}
	var diag recall.Diagnostic
	if err := json.Unmarshal(d.Answer.Diagnostic, &diag); err != nil {
		return fmt.Errorf("playground: diagnostic: %w", err)
	}
	d.Diag = &diag
	shown := map[string]bool{}
	for _, it := range d.Answer.Items {
		shown[it.Kind+":"+it.ID] = true
	}
	rank := make([]map[string]int, len(diag.Legs))
	for i, l := range diag.Legs {
		rank[i] = map[string]int{}
		for j, k := range l.Ranked {
			r := j + 1
			if j < len(l.Ranks) { // the context list votes at its source's rank
				r = l.Ranks[j]
			}
			if _, ok := rank[i][k]; !ok {
				rank[i][k] = r
			}
		}
		if l.Missing != "" {
			d.Missing = append(d.Missing, l)
		}
	}
	fu := recall.Fusion{K: diag.FusionK, AgreementPct: diag.AgreementPct}
	if fu.K <= 0 { // a diagnostic from before the constants were recorded
		fu = recall.SpecFusion
	}
	d.FusionK, d.AgreementPct = fu.K, fu.AgreementPct
	named := map[string]bool{}
	for _, k := range diag.Named {
		named[k] = true
	}
	// a candidate folded into another (one place per piece of evidence)
	// brings its votes to it
	foldedInto := map[string][]string{}
	for _, f := range diag.Folded {
		foldedInto[f.Into] = append(foldedInto[f.Into], f.Key)
	}
	legVotes := func(key string) []recall.Vote {
		var vs []recall.Vote
		for i, l := range diag.Legs {
			if r := rank[i][key]; r > 0 && l.Weight > 0 {
				vs = append(vs, recall.Vote{Leg: l.Leg, Weight: int64(l.Weight), Rank: r})
			}
		}
		return vs
	}
	for _, fd := range diag.Fused {
		row := fusedRow{FusedDiagnostic: fd, Shown: shown[fd.Key]}
		row.Kind, row.ID, _ = strings.Cut(fd.Key, ":")
		var votes []recall.Vote
		for i, l := range diag.Legs {
			b := legBreak{Leg: l.Leg, Weight: l.Weight, Rank: rank[i][fd.Key]}
			if b.Rank > 0 && l.Weight > 0 {
				b.Share = fmt.Sprintf("%d/(%d+%d)", l.Weight, fu.K, b.Rank)
				b.ShareDec = strconv.FormatFloat(float64(l.Weight)/float64(fu.K+int64(b.Rank)), 'f', 6, 64)
				votes = append(votes, recall.Vote{Leg: l.Leg, Weight: int64(l.Weight), Rank: b.Rank})
			}
			row.Legs = append(row.Legs, b)
		}
		for _, k := range foldedInto[fd.Key] {
			votes = recall.MergeVotes(votes, legVotes(k))
			row.Folded = append(row.Folded, k)
		}
		a := float64(fu.AgreementPct) / 100
		row.Factor = fmt.Sprintf("1 + %s×(%d−1) = %s", strconv.FormatFloat(a, 'f', -1, 64), len(votes), strconv.FormatFloat(1+a*float64(len(votes)-1), 'f', -1, 64))
		fs := []recall.Fused{{Key: fd.Key}}
		var err error
		fs[0].Score, fs[0].Num, fs[0].Den, _, err = fu.Score(votes)
		if err != nil {
			return err
		}
		if named[fd.Key] && diag.NamedFactor > 0 {
			row.Factor += fmt.Sprintf("; ×%d (a session of a person the question names)", diag.NamedFactor)
			if err := recall.BoostNamed(fs, map[string]bool{fd.Key: true}); err != nil {
				return err
			}
		}
		score := fs[0].Score
		row.Check = score.Text('f')
		row.Agrees = row.Check == fd.Score
		d.Fused = append(d.Fused, row)
	}
	return nil
}

// recentChannels are the member's channels, the most recent first.
func (in *Inspector) recentChannels(r *http.Request, member string) ([]string, error) {
	rows, err := in.cfg.Pool.Query(r.Context(), `/* ui:channels */ SELECT channel FROM episodes WHERE member_id = $1
		GROUP BY channel ORDER BY max(happened_at) DESC LIMIT 20`, member)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
