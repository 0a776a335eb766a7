package recall

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/facts"
)

// Diagnostic is tier 1's separate record of how an answer was made: every
// leg's ranked candidates and the fused scores (Answer.Diagnostic).
type Diagnostic struct {
	Legs     []LegDiagnostic   `json:"legs"`
	Fused    []FusedDiagnostic `json:"fused"`
	Folded   []FoldDiagnostic  `json:"folded,omitempty"` // fold.go
	Replaced []replacement     `json:"replaced,omitempty"`
	// Named are the candidates from sessions of people the query names,
	// whose fused score was multiplied by NamedFactor (people.go), kind:id
	// sorted.
	Named []string `json:"named,omitempty"`
	// FusionK, AgreementPct and NamedFactor are the constants the fused
	// scores were computed with (fuse.go), so that anyone reading the
	// diagnostic can recompute every score exactly from the legs' ranks.
	FusionK      int64 `json:"fusion_k"`
	AgreementPct int64 `json:"agreement_pct"`
	NamedFactor  int64 `json:"named_factor,omitempty"`
}

// LegDiagnostic is one leg's ranked ids (kind:id, best first).
type LegDiagnostic struct {
	Leg     string   `json:"leg"`
	Weight  int      `json:"weight"`
	Mode    string   `json:"mode,omitempty"`
	Missing string   `json:"missing,omitempty"`
	Ranked  []string `json:"ranked"`
	// Ranks, when present, is each ranked key's rank (the context list
	// ranks a neighbour at its source's rank); else rank = position.
	Ranks []int `json:"ranks,omitempty"`
}

// FusedDiagnostic is one fused candidate.
type FusedDiagnostic struct {
	Key      string `json:"key"`
	Score    string `json:"score"`
	Votes    int    `json:"votes"`
	BestRank int    `json:"best_rank"`
}

type legFunc func(context.Context, *query) (*legResult, error)

// Why a leg that ran gave nothing (LegResult.Missing, SPEC §11 "Bounded
// work"): it passed its time budget, or it failed.
const (
	MissingTimeout = "timeout"
	MissingError   = "error"
)

// legs are the five leg functions in leg order; a test may wrap them
// (Service.wrapLeg) to inject an error or a delay.
func (s *Service) legs() []legFunc {
	fns := []legFunc{s.keywordLeg, s.semanticLeg, s.graphLeg, s.temporalLeg, s.selfLeg}
	if s.wrapLeg != nil {
		for i, fn := range fns {
			fns[i] = s.wrapLeg(legOrder[i], fn)
		}
	}
	return fns
}

// runLeg runs one leg under its time budget (Config.LegBudgetMS). A leg
// past its budget is named missing "timeout", a leg that fails "error"
// (logged with the cause): either way the other legs answer. Only the
// call's own end (the caller gone, the call's budget spent) fails the call.
// LegTimer is told how long each tier-1 leg of a call took (its wall time,
// budget included). Benchmarks and operators' tools use it; the answer
// itself carries no timing, so it stays the same for the same record.
type LegTimer func(leg string, took time.Duration)

type legTimerKey struct{}

// WithLegTimer returns a context whose tier-1 calls report each leg's time
// to t (called from the legs' goroutines: t must be safe for concurrent use).
func WithLegTimer(ctx context.Context, t LegTimer) context.Context {
	return context.WithValue(ctx, legTimerKey{}, t)
}

func (s *Service) runLeg(ctx context.Context, i int, fn legFunc, q *query) (*legResult, error) {
	lctx, cancel := context.WithTimeout(ctx, time.Duration(s.cfg.LegBudgetMS)*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := fn(lctx, q)
	if t, ok := ctx.Value(legTimerKey{}).(LegTimer); ok {
		t(legOrder[i], time.Since(start))
	}
	if err == nil && res != nil {
		return res, nil
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("tier 1: %w", ctx.Err())
	}
	out := &legResult{name: legOrder[i], weight: 1, missing: MissingError}
	if legOrder[i] == LegTemporal {
		out.weight = 0
	}
	if lctx.Err() != nil {
		out.missing = MissingTimeout
		s.logger.Warn("recall leg over its budget", "leg", legOrder[i], "member", q.member,
			"budget_ms", s.cfg.LegBudgetMS, "took_ms", time.Since(start).Milliseconds())
		return out, nil
	}
	s.logger.Error("recall leg failed", "leg", legOrder[i], "member", q.member, "err", err)
	return out, nil
}

// tier1 runs the five legs concurrently, fuses them, resolves version
// chains, and fits the result to the budget. It also returns the kept
// items (tier 2's candidates).
func (s *Service) tier1(ctx context.Context, q *query) (*Answer, []Item, error) {
	fns := s.legs()
	// results[ci] is the context list (context.go): it starts as soon as
	// the keyword leg has answered, in that leg's goroutine, while the
	// other legs still run
	ci := len(fns)
	results := make([]*legResult, ci+1)
	errs := make([]error, ci+1)
	ctxOff := false
	if w, set := s.cfg.legWeight(LegContext); set && w == 0 {
		ctxOff = true
		results[ci] = &legResult{name: LegContext, missing: "disabled by configuration"}
	}
	runContext := func() {
		if ctxOff {
			return
		}
		kw := results[0]
		results[ci], errs[ci] = s.runLeg(ctx, ci, func(ctx context.Context, q *query) (*legResult, error) { return s.contextLeg(ctx, q, kw) }, q)
	}
	// the member's predicate aliases and cardinalities, which the version
	// chains need, read while the legs run
	var ax *facts.Axes
	var axErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		var batch pgx.Batch
		a := facts.QueueAxes(&batch, q.member)
		if axErr = s.pool.SendBatch(ctx, &batch).Close(); axErr == nil {
			ax = a
		}
	})
	for i, fn := range fns {
		if w, set := s.cfg.legWeight(legOrder[i]); set && w == 0 {
			results[i] = &legResult{name: legOrder[i], missing: "disabled by configuration"}
			if i == 0 {
				runContext() // no keyword leg: an empty list, no SQL
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = s.runLeg(ctx, i, fn, q)
			if i == 0 && errs[i] == nil {
				runContext()
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	if results[ci] == nil { // the keyword leg failed the call
		results[ci] = &legResult{name: LegContext}
	}
	// a voting leg gets its weight (Config.LegWeights, else
	// DefaultLegWeights); a leg with weight 0 (temporal in point mode)
	// stays 0
	for _, l := range results {
		if l.weight > 0 {
			l.weight = s.cfg.weightOf(l.name)
		}
	}

	fused, rows, votes, err := fuseVotes(s.cfg.Fusion(), results)
	if err != nil {
		return nil, nil, fmt.Errorf("tier 1 fusion: %w", err)
	}
	// One round trip after fusion: the fact candidates' source turns (for
	// the fold, fold.go), the version chains (chain.go) and the sessions of
	// people the query names (people.go). The chains and the named
	// sessions depend on which candidates there are, not on their order,
	// so they are read for the candidates before the fold (a folded fact's
	// chain is read and not used). A failure of this round trip costs the
	// boost, never the call: the sources and the chains are read again,
	// alone.
	if axErr != nil && ctx.Err() == nil {
		s.logger.Warn("recall: predicate axes", "member", q.member, "err", axErr) // resolveChains reads them again
	}
	var named []string
	var batch pgx.Batch
	var chains *chainJob
	srcDone := queueFactSources(&batch, q, rows)
	hasFact := slices.ContainsFunc(fused, func(f Fused) bool { return rows[f.Key].Kind == "fact" })
	if hasFact && ax != nil {
		cands := make([]*row, len(fused))
		for i, f := range fused {
			cands[i] = rows[f.Key]
		}
		chains = s.queueChains(&batch, q, cands, ax)
	}
	nsDone := queueNamedSessions(&batch, q, rows)
	var nsErr error
	if batch.Len() > 0 {
		if nsErr = s.pool.SendBatch(ctx, &batch).Close(); nsErr != nil {
			chains = nil // read again below, alone
		}
	}
	var sources map[string][]string
	switch {
	case nsErr != nil && ctx.Err() != nil:
		return nil, nil, fmt.Errorf("tier 1: %w", ctx.Err())
	case nsErr != nil:
		if sources, err = s.factSources(ctx, q, rows); err != nil {
			return nil, nil, fmt.Errorf("tier 1 fusion: %w", err)
		}
	case srcDone != nil:
		sources = srcDone()
	}
	folded, err := s.fold(ctx, q, &fused, rows, votes, ax, sources) // fold.go
	if err != nil {
		return nil, nil, fmt.Errorf("tier 1 fusion: %w", err)
	}
	if nsErr != nil {
		s.logger.Warn("recall: named sessions", "member", q.member, "err", nsErr)
	} else if sess, ids := nsDone(); len(sess) > 0 {
		boosted := map[string]bool{}
		for k, r := range rows {
			if r.Kind == "episode" && sess[r.Session] ||
				r.Kind == "fact" && r.subjectCanon != "" && slices.Contains(ids, r.subjectCanon) {
				boosted[k] = true
			}
		}
		if len(boosted) < len(rows) { // all alike: the order stands
			if err := BoostNamed(fused, boosted); err != nil {
				return nil, nil, fmt.Errorf("tier 1 fusion: %w", err)
			}
			for k := range boosted {
				named = append(named, k)
			}
			slices.Sort(named)
		}
	}
	ranked := make([]*row, len(fused))
	for i, f := range fused {
		r := *rows[f.Key]
		r.Score = f.Score.Text('f')
		ranked[i] = &r
	}
	var resolved []*row
	var reps []replacement
	var axisOf axisFunc
	if chains != nil {
		resolved, reps, axisOf = chains.finish(ranked)
	} else if resolved, reps, axisOf, err = s.resolveChains(ctx, q, ranked, ax); err != nil {
		return nil, nil, err
	}
	// a replacement keeps its hit's score; two hits resolving to one
	// version keep the first (higher) one
	for i, r := range resolved {
		if r != ranked[i] {
			r.Score = ranked[i].Score
		}
	}
	picked := s.pick(resolved, q.limit)
	// what each kept fact replaced (one round trip, only for what is kept)
	if err := s.fillPreviously(ctx, q, picked, axisOf); err != nil {
		return nil, nil, err
	}

	a := &Answer{Tier: 1, AsOf: fmtTime(q.asOf)}
	for _, l := range results {
		leg := Leg{Leg: l.name, Candidates: len(l.rows), Missing: l.missing}
		if l.weight == 0 {
			leg.Candidates = 0
		}
		a.Legs = append(a.Legs, leg)
	}
	empty := "Nothing in this memory answers this question (as of " + q.asOf.Format(time.RFC3339) + ")."
	render := func(picked []*row) (string, []*row, int, error) {
		var facts, said []*row
		for _, r := range picked {
			// a fact someone other than the member said about someone else
			// names its speaker: chains never join speakers, so two speakers'
			// claims on one axis stand side by side, each with its source
			if r.Kind == "fact" && r.Who != "" && r.Who != "member:"+q.member && r.Who != r.subjectCanon {
				r.saidBy = r.Who
			}
			if r.Kind == "fact" {
				facts = append(facts, r)
			} else {
				said = append(said, r)
			}
		}
		return fit([]section{
			{title: "FACTS", rows: facts, line: factLine},
			{title: "WHAT WAS SAID", rows: said, line: saidLine},
		}, q.budget, empty, true)
	}
	text, kept, dropped, err := render(picked)
	if err != nil {
		return nil, nil, err
	}
	// Items too long for the budget give their places to the next
	// candidates in fused order (a few rounds), so a small limit is not
	// spent on what cannot be shown.
	if dropped > 0 {
		inList := map[string]bool{}
		for _, r := range picked {
			inList[r.key()] = true
		}
		next := 0
		for round := 0; round < 3 && dropped > 0; round++ {
			keptSet := map[*row]bool{}
			for _, r := range kept {
				keptSet[r] = true
			}
			var more []*row
			for ; next < len(resolved) && len(more) < dropped; next++ {
				if r := resolved[next]; !inList[r.key()] {
					inList[r.key()] = true
					more = append(more, r)
				}
			}
			if len(more) == 0 {
				break
			}
			if err := s.fillPreviously(ctx, q, more, axisOf); err != nil {
				return nil, nil, err
			}
			var refill []*row
			for _, r := range picked {
				if keptSet[r] {
					refill = append(refill, r)
				}
			}
			refill = append(refill, more...)
			t2, k2, d2, err := render(refill)
			if err != nil {
				return nil, nil, err
			}
			if len(k2) <= len(kept) {
				break // the newcomers did not fit either: keep what was shown
			}
			picked, text, kept, dropped = refill, t2, k2, d2
		}
	}
	if len(picked) == 0 {
		text = empty
	}
	keptSet := map[*row]bool{}
	for _, r := range kept {
		keptSet[r] = true
	}
	for _, r := range picked { // items in fused order
		if keptSet[r] {
			a.Items = append(a.Items, r.Item)
		}
	}
	if a.Items == nil {
		a.Items = []Item{}
	}
	a.Text, a.Dropped = text, dropped

	fu := s.cfg.Fusion()
	d := Diagnostic{Replaced: reps, Named: named, Folded: folded, FusionK: fu.K, AgreementPct: fu.AgreementPct}
	if len(named) > 0 {
		d.NamedFactor = namedSessionFactor
	}
	for _, l := range results {
		ld := LegDiagnostic{Leg: l.name, Weight: l.weight, Mode: l.mode, Missing: l.missing, Ranked: []string{}}
		for _, r := range l.rows {
			ld.Ranked = append(ld.Ranked, r.key())
		}
		if l.ranks != nil {
			ld.Ranks = l.ranks
		}
		d.Legs = append(d.Legs, ld)
	}
	for _, f := range fused {
		d.Fused = append(d.Fused, FusedDiagnostic{Key: f.Key, Score: f.Score.Text('f'), Votes: f.Votes, BestRank: f.BestRank})
	}
	if a.Diagnostic, err = json.Marshal(d); err != nil {
		return nil, nil, fmt.Errorf("tier 1 diagnostic: %w", err)
	}
	return a, a.Items, nil
}

func factLine(r *row) string {
	l := "- [" + day(r.at)
	if r.until != nil {
		l += " to " + day(*r.until)
	}
	l += "] " + r.Text
	if r.Previously != nil {
		prev := r.prevText
		if prev == "" {
			prev = r.Previously.Text
		}
		l += " (previously: " + prev + ")"
	}
	if r.saidBy != "" {
		l += " (said by " + r.saidBy + ")"
	}
	if r.SupersessionUnknown {
		l += " (a newer version may exist that this audience cannot see)"
	}
	return l
}

func saidLine(r *row) string {
	return "- [" + fmtTime(r.at) + "] " + r.Who + " (" + r.Channel + "): " + r.Text
}

// pick is tier 1's list: the first limit of resolved (in fused order), a
// row once (two hits resolving to one version keep the first), spread over
// sessions past the head (Config.SessionSpreadHeadPct of limit,
// SessionSpreadCap): an episode of a session that already has the cap of
// episodes in the list waits, in order, until every other candidate is
// placed. The head keeps the fused order whole.
func (s *Service) pick(resolved []*row, limit int) []*row {
	head, capN := limit*s.cfg.SessionSpreadHeadPct/100, s.cfg.SessionSpreadCap
	var picked, waiting []*row
	seen := map[string]bool{}
	perSession := map[string]int{}
	for _, r := range resolved {
		if len(picked) == limit {
			break
		}
		if seen[r.key()] {
			continue
		}
		seen[r.key()] = true
		if r.Kind == "episode" {
			sk := r.Session + "\x00" + r.Channel
			if capN >= 0 && len(picked) >= head && perSession[sk] >= capN {
				waiting = append(waiting, r)
				continue
			}
			perSession[sk]++
		}
		picked = append(picked, r)
	}
	for _, r := range waiting {
		if len(picked) == limit {
			break
		}
		picked = append(picked, r)
	}
	return picked
}
