// Package nightly is the nightly pass (SPEC §7). Per member, over the window
// since its last completed run, in order: supersede on single-cardinality
// axes; canonicalise entity spellings and relation keys into alias
// records; recompute derived beliefs; build entities and edges for facts
// lacking them; fold old session summaries into compressed ones; and, once
// for the hive, backfill embeddings. A member with nothing new since the
// last completed run is skipped without work. Nothing is deleted, and every
// step writes only what is missing, so re-running over the same window
// writes 0 rows.
//
// Clock fires the pass daily at 03:00 UTC (configurable); missed firings
// are not replayed.
package nightly

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
)

// Judge is an optional model judge for alias pairs the deterministic rules
// are unsure of (edit distance). Same reports whether a and b (canonical
// forms, in dimension entity or predicate) name one thing.
type Judge interface {
	Same(ctx context.Context, dimension, a, b string) (bool, error)
}

// Options configure one run.
type Options struct {
	Member string // "" runs every member with rows
	// RunID names the run in consolidation_log; default a new ULID. A
	// member for whom this run id already completed (or was skipped) is
	// not run again: the clock names each night's run (NightRunID), so two
	// processes firing the same night run each member once.
	RunID string
	Now   time.Time // default time.Now(); the window's end and the expired_at written
	Judge Judge     // optional
	// Backfill, when set, runs once after the members (package embed's
	// backlog drain); its count is reported.
	Backfill func(ctx context.Context) (int, error)
	// Force runs the steps even when nothing is new (they still write only
	// what is missing).
	Force bool
	// CompressAfter is how old a session summary must be before it is
	// folded into a compressed one. Default 30 days.
	CompressAfter time.Duration
	// Threshold is the confidence a later statement needs to supersede the
	// version in force on a single-cardinality axis (facts.Rule). 0 means
	// facts.DefaultThreshold; recall must be given the same
	// (recall.Config.SupersedeThreshold), and memhive up gives both the
	// hive's one value.
	Threshold int
	Logger    *slog.Logger
}

// MemberReport is one member's part of a run.
type MemberReport struct {
	Member string `json:"member"`
	// Status: completed | skipped (nothing new) | failed | busy (another
	// process holds the member's pass lock) | done (this run id already
	// ran for the member).
	Status     string     `json:"status"`
	WindowFrom *time.Time `json:"window_from,omitempty"`
	WindowTo   time.Time  `json:"window_to"`
	Superseded int        `json:"superseded"`
	Aliases    int        `json:"aliases"`
	Rejected   int        `json:"rejected"`
	BeliefsOn  int        `json:"beliefs_on"`
	BeliefsOff int        `json:"beliefs_off"`
	Entities   int        `json:"entities"`
	Edges      int        `json:"edges"`
	Summaries  int        `json:"summaries"`
	ModelCalls int        `json:"model_calls"`
	Error      string     `json:"error,omitempty"`
}

// Written is the number of rows the member's run wrote or changed.
func (m *MemberReport) Written() int {
	return m.Superseded + m.Aliases + m.Rejected + m.BeliefsOn + m.BeliefsOff + m.Entities + m.Edges + m.Summaries
}

// Report is a run's outcome.
type Report struct {
	RunID      string         `json:"run_id"`
	Members    []MemberReport `json:"members"`
	Backfilled int            `json:"backfilled"`
}

// Written sums the members' rows written.
func (r *Report) Written() int {
	n := 0
	for i := range r.Members {
		n += r.Members[i].Written()
	}
	return n
}

// Run runs the nightly pass. A member whose run fails is reported failed
// (and logged in consolidation_log); the others still run; the error
// returned joins the failures.
func Run(ctx context.Context, pool *pgxpool.Pool, opt Options) (*Report, error) {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.RunID == "" {
		opt.RunID = ulid.Make().String()
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	if opt.CompressAfter <= 0 {
		opt.CompressAfter = 30 * 24 * time.Hour
	}
	var members []string
	if opt.Member != "" {
		if !memhive.ValidMember(opt.Member) {
			return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", opt.Member)
		}
		members = []string{opt.Member}
	} else {
		rows, err := pool.Query(ctx, `SELECT member_id FROM episodes GROUP BY member_id
			UNION SELECT member_id FROM facts GROUP BY member_id ORDER BY 1`)
		if err != nil {
			return nil, fmt.Errorf("nightly: list members: %w", err)
		}
		if members, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return nil, fmt.Errorf("nightly: list members: %w", err)
		}
	}
	rep := &Report{RunID: opt.RunID}
	var errs []error
	for _, m := range members {
		mr, err := runMember(ctx, pool, m, opt)
		if err != nil {
			errs = append(errs, fmt.Errorf("nightly %s: %w", m, err))
		}
		rep.Members = append(rep.Members, *mr)
	}
	if opt.Backfill != nil {
		n, err := opt.Backfill(ctx)
		if err != nil {
			errs = append(errs, fmt.Errorf("nightly: backfill embeddings: %w", err))
		}
		rep.Backfilled = n
	}
	opt.Logger.Info("nightly run", "run", opt.RunID, "members", len(rep.Members), "written", rep.Written(), "backfilled", rep.Backfilled)
	return rep, errors.Join(errs...)
}

func runMember(ctx context.Context, pool *pgxpool.Pool, member string, opt Options) (*MemberReport, error) {
	mr := &MemberReport{Member: member, WindowTo: opt.Now}
	// One pass per member at a time, across processes: a member another
	// process is running now is left to it.
	unlock, ok, err := closer.LockMember(ctx, pool, member, false)
	if err != nil {
		return mr, err
	}
	if !ok {
		mr.Status = "busy"
		opt.Logger.Info("nightly skipped, another process is running this member", "member", member, "run", opt.RunID)
		return mr, nil
	}
	defer unlock()
	// A run id already finished for this member (the clock's run id names
	// the night, so every process's clock shares it) is not run again.
	var prior string
	err = pool.QueryRow(ctx, `SELECT status FROM consolidation_log WHERE member_id = $1 AND run_id = $2 AND kind = 'nightly'`,
		member, opt.RunID).Scan(&prior)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return mr, fmt.Errorf("read this run: %w", err)
	}
	if prior == "completed" || prior == "skipped" {
		mr.Status = "done"
		opt.Logger.Info("nightly skipped, this run already ran for this member", "member", member, "run", opt.RunID, "status", prior)
		return mr, nil
	}
	if pj, ok := opt.Judge.(interface{ ForMember(string) Judge }); ok {
		opt.Judge = pj.ForMember(member) // budgets and the decision log name the member judged
	}
	var from *time.Time
	err = pool.QueryRow(ctx, `SELECT window_to FROM consolidation_log
		WHERE member_id = $1 AND kind = 'nightly' AND status = 'completed'
		ORDER BY window_to DESC NULLS LAST LIMIT 1`, member).Scan(&from)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return mr, fmt.Errorf("read last run: %w", err)
	}
	mr.WindowFrom = from
	var fresh bool
	err = pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM facts WHERE member_id = $1 AND ($2::timestamptz IS NULL OR recorded_at > $2))
		OR EXISTS (SELECT 1 FROM episodes WHERE member_id = $1 AND ($2::timestamptz IS NULL OR recorded_at > $2))
		OR EXISTS (SELECT 1 FROM aliases WHERE member_id = $1 AND reverted_at > $2)`, member, from).Scan(&fresh)
	if err != nil {
		return mr, fmt.Errorf("look for new rows: %w", err)
	}
	if !fresh && !opt.Force {
		mr.Status = "skipped"
		_, err := pool.Exec(ctx, `INSERT INTO consolidation_log (member_id, run_id, kind, window_from, window_to, status, finished_at)
			VALUES ($1, $2, 'nightly', $3, $4, 'skipped', clock_timestamp()) ON CONFLICT DO NOTHING`, member, opt.RunID, from, opt.Now)
		if err != nil {
			return mr, fmt.Errorf("log skipped run: %w", err)
		}
		opt.Logger.Info("nightly skipped, nothing new", "member", member, "run", opt.RunID)
		return mr, nil
	}
	if _, err := pool.Exec(ctx, `INSERT INTO consolidation_log (member_id, run_id, kind, window_from, window_to, status)
		VALUES ($1, $2, 'nightly', $3, $4, 'running')
		ON CONFLICT (member_id, run_id) DO UPDATE SET status = 'running', window_from = EXCLUDED.window_from,
			window_to = EXCLUDED.window_to, started_at = clock_timestamp(), finished_at = NULL`, member, opt.RunID, from, opt.Now); err != nil {
		return mr, fmt.Errorf("log run: %w", err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		steps := []struct {
			name string
			fn   func(context.Context, pgx.Tx, string, Options, *MemberReport) error
		}{
			{"supersede", supersede},
			{"aliases", canonicalise},
			{"beliefs", beliefs},
			{"graph", graph},
			{"summaries", compress},
		}
		for _, s := range steps {
			if err := s.fn(ctx, tx, member, opt, mr); err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
		}
		return nil
	})
	status := "completed"
	if err != nil {
		status, mr.Error = "failed", err.Error()
		mr.Superseded, mr.Aliases, mr.Rejected, mr.BeliefsOn, mr.BeliefsOff, mr.Entities, mr.Edges, mr.Summaries = 0, 0, 0, 0, 0, 0, 0, 0
	}
	mr.Status = status
	verdicts, _ := json.Marshal(mr)
	if _, lerr := pool.Exec(context.WithoutCancel(ctx), `UPDATE consolidation_log SET status = $3, verdicts = $4, model_calls = $5,
			finished_at = clock_timestamp() WHERE member_id = $1 AND run_id = $2`, member, opt.RunID, status, verdicts, mr.ModelCalls); lerr != nil && err == nil {
		err = fmt.Errorf("log run: %w", lerr)
	}
	opt.Logger.Info("nightly member done", "member", member, "run", opt.RunID, "status", status, "written", mr.Written())
	return mr, err
}

// liveAliases returns alias → canonical for one dimension.
func liveAliases(ctx context.Context, tx pgx.Tx, member, dim string) (map[string]string, error) {
	rows, err := tx.Query(ctx, `SELECT alias, canonical FROM aliases WHERE member_id = $1 AND dimension = $2 AND reverted_at IS NULL`, member, dim)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var a, c string
	_, err = pgx.ForEachRow(rows, []any{&a, &c}, func() error { out[a] = c; return nil })
	return out, err
}

type live struct {
	id, subject, pred, rawPred, claim, speaker, audKey string
	confidence                                         int
	validFrom, recordedAt                              time.Time
	validUntil                                         *time.Time
	linked                                             bool
}

// supersede closes, on every single-cardinality axis, each version that a
// later accepted one follows (facts.Rule.Successors: at or above the
// confidence threshold, or linked by the record): same member, subject,
// predicate (one hop through live predicate aliases), speaker and audience
// set, so every reader who sees the older version sees the newer one too.
// Retracted and already closed versions are not on the chain. A
// supersession that went through a predicate alias is recorded in
// alias_effects, so reverting the alias undoes it (RevertAlias).
func supersede(ctx context.Context, tx pgx.Tx, member string, opt Options, mr *MemberReport) error {
	preds, aliasIDs, err := facts.PredicateAliases(ctx, tx, member)
	if err != nil {
		return err
	}
	card, err := facts.Cardinalities(ctx, tx, member)
	if err != nil {
		return err
	}
	// versions the record names as a successor (update_memory, an earlier
	// run) are always accepted
	lrows, err := tx.Query(ctx, `SELECT DISTINCT superseded_by FROM facts WHERE member_id = $1 AND superseded_by IS NOT NULL`, member)
	if err != nil {
		return err
	}
	targets, err := pgx.CollectRows(lrows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	linked := map[string]bool{}
	for _, t := range targets {
		linked[t] = true
	}
	rows, err := tx.Query(ctx, `SELECT f.id, f.subject_canon, f.predicate_canon, f.claim_canon, coalesce(f.speaker, ''), f.audience,
			f.confidence, f.valid_from, f.recorded_at, f.valid_until
		FROM facts f WHERE f.member_id = $1 AND f.expired_at IS NULL AND `+facts.Settled("f")+`
		ORDER BY f.subject_canon, f.predicate_canon, f.valid_from, f.recorded_at, f.id`, member)
	if err != nil {
		return err
	}
	axes := map[string][]live{}
	var order []string
	var f live
	var aud []string
	_, err = pgx.ForEachRow(rows, []any{&f.id, &f.subject, &f.rawPred, &f.claim, &f.speaker, &aud, &f.confidence, &f.validFrom,
		&f.recordedAt, &f.validUntil}, func() error {
		f.pred = f.rawPred
		if c, ok := preds[f.pred]; ok {
			f.pred = c
		}
		if card[f.pred] != facts.Single {
			return nil
		}
		f.linked = linked[f.id]
		f.audKey = strings.Join(memhive.NormalizeAudience(aud), "\x1f")
		k := f.subject + "\x00" + f.pred + "\x00" + f.speaker + "\x00" + f.audKey
		if _, ok := axes[k]; !ok {
			order = append(order, k)
		}
		axes[k] = append(axes[k], f)
		return nil
	})
	if err != nil {
		return err
	}
	src := "nightly:" + opt.RunID
	rule := facts.Rule{Threshold: opt.Threshold}
	for _, k := range order {
		chain := axes[k]
		vs := make([]facts.Version, len(chain))
		for i, c := range chain {
			vs[i] = facts.Version{ID: c.id, Speaker: c.speaker, ClaimCanon: c.claim, Confidence: c.confidence,
				ValidFrom: c.validFrom, RecordedAt: c.recordedAt, Linked: c.linked}
		}
		next := rule.Successors(vs)
		for i, j := range next {
			if j < 0 {
				continue
			}
			older, newer := chain[i], chain[j]
			tag, err := tx.Exec(ctx, `UPDATE facts SET valid_until = coalesce(valid_until, $3), superseded_by = $4,
					expired_at = $5, closure_source = $6
				WHERE member_id = $1 AND id = $2 AND expired_at IS NULL`, member, older.id, newer.validFrom, newer.id, opt.Now, src)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				continue
			}
			mr.Superseded++
			// the aliases it went through: the one that made either
			// version's predicate the axis's
			var via []string
			for _, p := range []string{older.rawPred, newer.rawPred} {
				if id, ok := aliasIDs[p]; ok && !slices.Contains(via, id) {
					via = append(via, id)
				}
			}
			for _, id := range via {
				if _, err := tx.Exec(ctx, `INSERT INTO alias_effects (member_id, alias_id, fact_id, run_id, superseded_by, set_valid_until)
					VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
					member, id, older.id, opt.RunID, newer.id, older.validUntil == nil); err != nil {
					return fmt.Errorf("record alias effect: %w", err)
				}
			}
		}
	}
	return nil
}

// entityKind is extract.EntityKind, also for synonyms of its predicates
// (resides_in names a place as lives_in does). The edge keeps the fact's
// own relation key: aliases are applied when reading, never written in.
func entityKind(pred string) string {
	if k := extract.EntityKind(pred); k != "" {
		return k
	}
	return extract.EntityKind(predicateSynonyms[pred])
}

// graph builds entities and edges for facts whose predicate names an entity
// and that have no edge yet (memorized or imported facts, or facts written
// before the close pass made edges).
func graph(ctx context.Context, tx pgx.Tx, member string, _ Options, mr *MemberReport) error {
	rows, err := tx.Query(ctx, `SELECT f.id, f.subject, f.predicate_canon, f.claim, f.channel, f.audience, f.source_episode_ids
		FROM facts f WHERE f.member_id = $1 AND `+facts.Settled("f")+`
		  AND NOT EXISTS (SELECT 1 FROM entity_edges e WHERE e.member_id = f.member_id AND e.fact_id = f.id)
		ORDER BY f.recorded_at, f.id`, member)
	if err != nil {
		return err
	}
	type todo struct {
		id, subject, pred, claim, channel string
		aud, src                          []string
	}
	var list []todo
	var t todo
	_, err = pgx.ForEachRow(rows, []any{&t.id, &t.subject, &t.pred, &t.claim, &t.channel, &t.aud, &t.src}, func() error {
		if entityKind(t.pred) != "" {
			list = append(list, t)
		}
		return nil
	})
	if err != nil {
		return err
	}
	cache := map[string]string{}
	var ents, edges closer.Count
	for _, t := range list {
		aud := memhive.NormalizeAudience(t.aud)
		if aud == nil {
			continue
		}
		if _, err := closer.WriteEntity(ctx, tx, member, t.subject, "person", t.channel, aud, cache, &ents); err != nil {
			return err
		}
		if _, err := closer.WriteEntity(ctx, tx, member, t.claim, entityKind(t.pred), t.channel, aud, cache, &ents); err != nil {
			return err
		}
		src := ""
		if len(t.src) > 0 {
			src = t.src[0]
		}
		if err := closer.WriteEdge(ctx, tx, member, extract.Edge{Src: t.subject, Relation: t.pred, Dst: t.claim}, t.id, src, t.channel, aud, cache, &ents, &edges); err != nil {
			return err
		}
	}
	mr.Entities += ents.Written
	mr.Edges += edges.Written
	return nil
}
