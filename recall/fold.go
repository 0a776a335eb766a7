package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/facts"
)

// FoldDiagnostic records one candidate folded into another (Diagnostic.Folded).
type FoldDiagnostic struct {
	Key  string `json:"key"`  // the candidate given up (kind:id)
	Into string `json:"into"` // the candidate that carries its evidence and votes
}

// foldEvidence gives one piece of evidence one place in the fused list. A
// fact read from turns that are all candidates themselves is folded into
// the best placed of those turns, wherever it stands, unless onChain says
// it is on a version chain (a single-cardinality axis: the version in force
// and what it replaced are what the fact adds to its turn, so it keeps its
// own place); a fact saying what a
// fact fused above it says (same speaker, subject, predicate and claim), or read
// from a subset of that fact's turns, is folded into that fact. A folded
// candidate leaves the list and its votes join the one it was folded into
// (per leg the better rank, so no leg counts twice), which is scored again
// with f; the list is then sorted again (SortFused), so fusion stays exact
// and deterministic. Episodes are never folded, and a candidate with no
// known evidence (a belief, a fact with no sources) only by its claim.
// Without this a fact and its own source turn, or one claim read from
// several turns, took several of the first k places for one piece of
// evidence and pushed other evidence out.
//
// votes holds each candidate's votes (fuseVotes); sources each fact's
// source episode ids. intoTurns false (a topical request,
// Request.Topical) folds no fact into its turns, only facts into facts. It
// returns the new list and what was folded into what, in the order folded.
func foldEvidence(f Fusion, fused []Fused, votes map[string][]Vote, rows map[string]*row, sources map[string][]string, onChain func(*row) bool, intoTurns bool) ([]Fused, []FoldDiagnostic, error) {
	var folds []FoldDiagnostic
	pos := map[string]int{}
	for i, fu := range fused {
		pos[fu.Key] = i
	}
	gone := map[string]bool{}
	for _, fu := range fused {
		r := rows[fu.Key]
		if !intoTurns || r.Kind != "fact" || len(sources[r.ID]) == 0 || onChain != nil && onChain(r) {
			continue
		}
		t, all := -1, true
		for _, e := range sources[r.ID] {
			j, ok := pos["episode:"+e]
			all = all && ok
			if ok && (t < 0 || j < t) {
				t = j
			}
		}
		if all {
			gone[fu.Key] = true
			folds = append(folds, FoldDiagnostic{Key: fu.Key, Into: fused[t].Key})
		}
	}
	type kept struct {
		idx int
		ev  []string
	}
	var keep, facts []kept
	same := map[string]int{} // speaker, subject, predicate, claim -> index in fused
	for i, fu := range fused {
		if gone[fu.Key] {
			continue
		}
		r := rows[fu.Key]
		if r.Kind != "fact" {
			keep = append(keep, kept{idx: i})
			continue
		}
		ev := sources[r.ID]
		sk := r.Who + "\x00" + r.subjectCanon + "\x00" + r.predicateCanon + "\x00" + strings.ToLower(strings.TrimSpace(r.claim))
		target, ok := same[sk]
		if !ok && len(ev) > 0 {
			target = -1
			for _, k := range facts {
				if subset(ev, k.ev) {
					target = k.idx
					break
				}
			}
			ok = target >= 0
		}
		if ok {
			folds = append(folds, FoldDiagnostic{Key: fu.Key, Into: fused[target].Key})
			continue
		}
		keep = append(keep, kept{idx: i})
		facts = append(facts, kept{idx: i, ev: ev})
		same[sk] = i
	}
	if len(folds) == 0 {
		return fused, nil, nil
	}
	merged := map[string][]Vote{}
	for _, fd := range folds {
		if merged[fd.Into] == nil {
			merged[fd.Into] = slices.Clone(votes[fd.Into])
		}
		merged[fd.Into] = MergeVotes(merged[fd.Into], votes[fd.Key])
	}
	out := make([]Fused, 0, len(keep))
	for _, k := range keep {
		fu := fused[k.idx]
		if vs, ok := merged[fu.Key]; ok {
			nf, err := scoreFused(f, fu.Key, fu.ID, vs)
			if err != nil {
				return nil, nil, fmt.Errorf("fold: %w", err)
			}
			fu = nf
		}
		out = append(out, fu)
	}
	SortFused(out)
	return out, folds, nil
}

// MergeVotes adds b's votes to a: a leg already voting keeps its better
// (lower) rank, so no leg counts twice. It is how a folded candidate's
// votes join the one it was folded into (Diagnostic.Folded), for those who
// recompute a fused score from the diagnostic (the inspector's playground).
func MergeVotes(a, b []Vote) []Vote {
	for _, v := range b {
		i := slices.IndexFunc(a, func(x Vote) bool { return x.Leg == v.Leg })
		switch {
		case i < 0:
			a = append(a, v)
		case v.Rank < a[i].Rank:
			a[i].Rank = v.Rank
		}
	}
	return a
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// factSources reads the source episode ids of the fact candidates in rows
// (one round trip; none when there is no fact).
func (s *Service) factSources(ctx context.Context, q *query, rows map[string]*row) (map[string][]string, error) {
	var batch pgx.Batch
	done := queueFactSources(&batch, q, rows)
	if done == nil {
		return nil, nil
	}
	if err := s.pool.SendBatch(ctx, &batch).Close(); err != nil {
		return nil, fmt.Errorf("fact sources: %w", err)
	}
	return done(), nil
}

// queueFactSources queues on batch the statement factSources sends and
// returns what gives its result once the batch has been read (a non-nil
// map); nil when rows hold no fact (nothing queued).
func queueFactSources(batch *pgx.Batch, q *query, rows map[string]*row) func() map[string][]string {
	var ids []string
	for _, r := range rows {
		if r.Kind == "fact" {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	out := map[string][]string{}
	batch.Queue(`/* leg:fold */ SELECT id, source_episode_ids FROM facts
		WHERE member_id = $1 AND id = ANY($2::text[])`, q.member, ids).Query(func(rs pgx.Rows) error {
		var id string
		var src []string
		_, err := pgx.ForEachRow(rs, []any{&id, &src}, func() error {
			out[id] = src
			src = nil
			return nil
		})
		if err != nil {
			return fmt.Errorf("fact sources: %w", err)
		}
		return nil
	})
	return func() map[string][]string { return out }
}

// fold applies foldEvidence to tier 1's fused list in place, with sources
// the fact candidates' source episode ids (queueFactSources; nil when there
// is no fact: nothing folds). ax is the member's predicate axes as tier 1
// read them while its legs ran; nil (that read failed) reads them again.
func (s *Service) fold(ctx context.Context, q *query, fused *[]Fused, rows map[string]*row, votes map[string][]Vote, ax *facts.Axes, sources map[string][]string) ([]FoldDiagnostic, error) {
	if sources == nil { // no fact among the candidates
		return nil, nil
	}
	var err error
	if ax == nil {
		if ax, err = facts.LoadAxes(ctx, s.pool, q.member); err != nil {
			return nil, fmt.Errorf("fold: %w", err)
		}
	}
	onChain := func(r *row) bool { return ax.Single(r.predicateCanon) }
	out, folds, err := foldEvidence(s.cfg.Fusion(), *fused, votes, rows, sources, onChain, !q.req.Topical)
	if err != nil {
		return nil, err
	}
	*fused = out
	return folds, nil
}
