package replay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/nightly"
)

// DerivedTables are the tables a generation gets fresh copies of: every row
// in them is derived from the record (or is a pass's own log, or the
// sessions' close marks), so the replayed passes write them from nothing.
// Everything else (episodes, refusals, the seeded predicate_cardinality,
// emb_models, api keys) is read from the live schema.
var DerivedTables = []string{
	"facts", "entities", "entity_edges", "beliefs", "summaries", "embeddings", "aliases", "rejected_pairs",
	"alias_effects", "consolidation_log", "decision_log", "sessions", "pastime_mentions",
	// the generation's embeddings number their vectors in its own counter
	// (migration 028's trigger names vector_versions unqualified, and the
	// generation's schema comes first on its search_path), never the live one
	"vector_versions",
}

// Event kinds, in the order events at the same instant are replayed.
const (
	KindMemorize = "memorize" // a fact memorized or imported (origin memorize | import): an input
	KindUpdate   = "update"   // update_memory: a new version closing the old (origin update)
	KindBelief   = "belief"   // a profile line written by hand (edit_profile, memorize pinned)
	KindForget   = "forget"   // forget: a retraction
	KindRevert   = "revert"   // an operator's alias revert
	KindClose    = "close"    // a completed close pass
	KindNightly  = "nightly"  // a completed nightly run
)

var kindRank = map[string]int{KindMemorize: 0, KindUpdate: 1, KindBelief: 2, KindForget: 3, KindRevert: 4, KindClose: 5, KindNightly: 6}

// Event is one input replayed, at the store time it happened live.
type Event struct {
	At   time.Time `json:"at"`
	Kind string    `json:"kind"`
	// ID names what the event is about: the fact (memorize, update, forget),
	// the belief, the alias (revert), the run (close, nightly).
	ID string `json:"id"`

	session, channel, reason string     // close
	now                      time.Time  // nightly: the live run's window end
	judged                   bool       // nightly: the live run asked a judge (model calls)
	oldID                    string     // update: the version it closed
	oldExpired               *time.Time // update: when it closed it
	forgetReason             string     // forget: the reason
}

// Options configure a replay.
type Options struct {
	// Extractor is the close pass's extractor; default extract.Patterns{}.
	// A model extractor asks its model again, so its replay is only as
	// repeatable as the model.
	Extractor extract.Extractor
	// Threshold and CompressAfter are the nightly pass's (nightly.Options);
	// give the hive's values.
	Threshold     int
	CompressAfter time.Duration
	// NoBackfill leaves the embedding queue of facts and beliefs alone after
	// each nightly run (a hive whose nightly pass has no embedder). The
	// episodes are always queued for the active model, as the appender did.
	NoBackfill bool
	// Progress, when set, is called after each event.
	Progress func(done, total int, ev Event)
	Logger   *slog.Logger
}

// Report says what a replay did.
type Report struct {
	Member     string         `json:"member"`
	Generation int            `json:"generation"`
	Schema     string         `json:"schema"`
	Inputs     map[string]int `json:"inputs"` // events replayed, by kind
	State      *State         `json:"state"`  // the generation's state hash
	Live       *State         `json:"live"`   // the live state's, read when the replay finished
	Equal      bool           `json:"equal"`  // State.Hash == Live.Hash
	Differ     []string       `json:"differ,omitempty"`
	Elapsed    string         `json:"elapsed"`
}

// Run replays member: it makes a new generation (a schema with fresh
// DerivedTables, recorded in the replays table), replays the member's
// inputs into it in the order they happened live, and hashes both the
// generation's and the live derived state. The live rows are not touched.
// pool must be the owner's (it creates a schema); its search_path names the
// live schema first.
func Run(ctx context.Context, pool *pgxpool.Pool, member string, opt Options) (*Report, error) {
	start := time.Now()
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	if opt.Extractor == nil {
		opt.Extractor = extract.Patterns{}
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	var live, searchPath string
	if err := pool.QueryRow(ctx, `SELECT current_schema(), current_setting('search_path')`).Scan(&live, &searchPath); err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	var known bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM episodes WHERE member_id = $1)
		OR EXISTS (SELECT 1 FROM facts WHERE member_id = $1)`, member).Scan(&known); err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if !known {
		return nil, memhive.Errorf(memhive.CodeNotFound, "member %s has no episodes and no facts to replay", member)
	}
	events, err := collect(ctx, pool, member)
	if err != nil {
		return nil, fmt.Errorf("replay %s: read the record: %w", member, err)
	}
	rep := &Report{Member: member, Inputs: map[string]int{}}
	for _, ev := range events {
		rep.Inputs[ev.Kind]++
	}
	inputs, _ := json.Marshal(rep.Inputs)
	err = pool.QueryRow(ctx, `/* pass:replay */ INSERT INTO replays (member_id, generation, schema_name, status, inputs)
		SELECT $1, g, $2 || '_g' || g, 'running', $3
		FROM (SELECT coalesce(max(generation), 0) + 1 AS g FROM replays WHERE member_id = $1) x
		RETURNING generation, schema_name`, member, schemaPrefix(live, member), inputs).Scan(&rep.Generation, &rep.Schema)
	if err != nil {
		return nil, fmt.Errorf("replay %s: record the generation: %w", member, err)
	}
	finish := func(status string, cause error) error {
		var gen, lv *string
		if rep.State != nil {
			gen, lv = &rep.State.Hash, &rep.Live.Hash
		}
		var msg *string
		if cause != nil {
			s := cause.Error()
			msg = &s
		}
		_, err := pool.Exec(context.WithoutCancel(ctx), `/* pass:replay */ UPDATE replays SET status = $3, state_hash = $4, live_hash = $5,
				error = $6, finished_at = clock_timestamp() WHERE member_id = $1 AND generation = $2`,
			member, rep.Generation, status, gen, lv, msg)
		return err
	}
	fail := func(err error) (*Report, error) {
		err = fmt.Errorf("replay %s generation %d: %w", member, rep.Generation, err)
		if ferr := finish("failed", err); ferr != nil {
			err = errors.Join(err, fmt.Errorf("record the failure: %w", ferr))
		}
		opt.Logger.Error("replay failed", "member", member, "generation", rep.Generation, "schema", rep.Schema, "err", err)
		return nil, err
	}
	if err := makeGeneration(ctx, pool, live, rep.Schema, member); err != nil {
		return fail(err)
	}
	cfg := pool.Config().Copy()
	cfg.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{rep.Schema}.Sanitize() + ", " + searchPath
	// The passes replayed here take the member's pass lock of the live
	// hive, so a replay waits for a live close or nightly run and the other
	// way round (closer.HiveSetting).
	cfg.ConnConfig.RuntimeParams[closer.HiveSetting] = live
	cfg.MaxConns = 4
	gpool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return fail(err)
	}
	defer gpool.Close()
	opt.Logger.Info("replay started", "member", member, "generation", rep.Generation, "schema", rep.Schema, "events", len(events))
	for i, ev := range events {
		if err := apply(ctx, gpool, live, member, ev, opt); err != nil {
			return fail(fmt.Errorf("event %d of %d (%s %s at %s): %w", i+1, len(events), ev.Kind, ev.ID,
				ev.At.UTC().Format(time.RFC3339Nano), err))
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(events), ev)
		}
	}
	// The appender queued every episode for the model active then; the
	// generation queues them for the model active now.
	if err := setHorizon(ctx, gpool, member, infinity); err != nil {
		return fail(err)
	}
	if err := queue(ctx, gpool, member, false); err != nil {
		return fail(err)
	}
	if rep.State, err = StateHash(ctx, gpool, member, StateOptions{}); err != nil {
		return fail(err)
	}
	if rep.Live, err = StateHash(ctx, pool, member, StateOptions{}); err != nil {
		return fail(err)
	}
	rep.Equal = rep.State.Hash == rep.Live.Hash
	rep.Differ = Diff(rep.State, rep.Live)
	rep.Elapsed = time.Since(start).Round(time.Millisecond).String()
	if err := finish("completed", nil); err != nil {
		return nil, fmt.Errorf("replay %s: record the outcome: %w", member, err)
	}
	opt.Logger.Info("replay done", "member", member, "generation", rep.Generation, "schema", rep.Schema,
		"hash", rep.State.Hash, "equal_to_live", rep.Equal)
	return rep, nil
}

var infinity = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

// schemaPrefix names a member's generation schemas: short (identifiers are
// at most 63 bytes; member ids up to 64), and distinct per live schema and
// member.
func schemaPrefix(live, member string) string {
	h := sha256.Sum256([]byte(live + "\x00" + member))
	return "mhreplay_" + hex.EncodeToString(h[:6])
}

var onTable = regexp.MustCompile(`^(CREATE (?:CONSTRAINT )?TRIGGER \S+ .*? ON )(\S+)( .*)$`)

// makeGeneration creates the generation's schema: a fresh copy of each
// derived table (columns, defaults, checks, indexes and the guard triggers
// that keep rows from being deleted), and episodes as a view of the live record up to the replay's
// horizon, so a replayed pass sees the turns its live run saw.
func makeGeneration(ctx context.Context, pool *pgxpool.Pool, live, schema, member string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		gs, ls := pgx.Identifier{schema}.Sanitize(), pgx.Identifier{live}.Sanitize()
		if _, err := tx.Exec(ctx, `CREATE SCHEMA `+gs); err != nil {
			return fmt.Errorf("create schema: %w", err)
		}
		for _, t := range DerivedTables {
			gt, lt := gs+"."+pgx.Identifier{t}.Sanitize(), ls+"."+pgx.Identifier{t}.Sanitize()
			if _, err := tx.Exec(ctx, `CREATE TABLE `+gt+` (LIKE `+lt+` INCLUDING ALL)`); err != nil {
				return fmt.Errorf("create %s: %w", t, err)
			}
			rows, err := tx.Query(ctx, `SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t
				JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE n.nspname = $1 AND c.relname = $2 AND NOT t.tgisinternal ORDER BY t.tgname`, live, t)
			if err != nil {
				return err
			}
			defs, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return err
			}
			for _, d := range defs {
				m := onTable.FindStringSubmatch(d)
				if m == nil {
					return fmt.Errorf("copy trigger of %s: cannot read %q", t, d)
				}
				if _, err := tx.Exec(ctx, m[1]+gt+m[3]); err != nil {
					return fmt.Errorf("copy trigger of %s: %w", t, err)
				}
			}
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE `+gs+`.replay_clock (member_id text NOT NULL PRIMARY KEY, horizon timestamptz NOT NULL)`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO `+gs+`.replay_clock VALUES ($1, '0001-01-01 00:00:00+00')`, member); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE VIEW `+gs+`.episodes AS SELECT e.* FROM `+ls+`.episodes e
			JOIN `+gs+`.replay_clock c ON c.member_id = e.member_id AND e.recorded_at <= c.horizon`); err != nil {
			return fmt.Errorf("episodes view: %w", err)
		}
		return nil
	})
}

// setHorizon moves the generation's horizon to at: the turns recorded up
// to at become visible, and the sessions they belong to are touched as the
// appender touched them when it committed them (episodes.TouchSessions:
// participants are a union, first and last turn a min and a max, so
// touching by horizon step gives what the appender's batches gave).
func setHorizon(ctx context.Context, gpool *pgxpool.Pool, member string, at time.Time) error {
	return pgx.BeginFunc(ctx, gpool, func(tx pgx.Tx) error {
		var prev time.Time
		if err := tx.QueryRow(ctx, `SELECT horizon FROM replay_clock WHERE member_id = $1 FOR UPDATE`, member).Scan(&prev); err != nil {
			return fmt.Errorf("replay clock: %w", err)
		}
		if !at.After(prev) {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE replay_clock SET horizon = $2 WHERE member_id = $1`, member, at); err != nil {
			return fmt.Errorf("replay clock: %w", err)
		}
		rows, err := tx.Query(ctx, `/* pass:replay */ SELECT session_id, channel, speaker, audience, happened_at FROM episodes
			WHERE member_id = $1 AND recorded_at > $2 ORDER BY recorded_at, id`, member, prev)
		if err != nil {
			return err
		}
		var eps []episodes.Episode
		e := episodes.Episode{Member: member}
		_, err = pgx.ForEachRow(rows, []any{&e.Session, &e.Channel, &e.Speaker, &e.Audience, &e.HappenedAt}, func() error {
			eps = append(eps, e)
			return nil
		})
		if err != nil {
			return err
		}
		if len(eps) == 0 {
			return nil
		}
		return episodes.TouchSessions(ctx, tx, eps)
	})
}

// collect reads the member's inputs from the live record, in the order
// they happened (store time; ties by kind, then id).
func collect(ctx context.Context, pool *pgxpool.Pool, member string) ([]Event, error) {
	var out []Event
	// completed passes; verdicts name a close's session, channel and reason
	rows, err := pool.Query(ctx, `/* pass:replay */ SELECT kind, run_id, started_at, window_to, model_calls > 0,
			coalesce(verdicts->>'session', ''), coalesce(verdicts->>'channel', ''), coalesce(verdicts->>'reason', ''),
			coalesce(verdicts->>'alias', '')
		FROM consolidation_log WHERE member_id = $1 AND status = 'completed' AND kind IN ('close', 'nightly', 'revert')`, member)
	if err != nil {
		return nil, err
	}
	var ev Event
	var windowTo *time.Time
	var alias string
	_, err = pgx.ForEachRow(rows, []any{&ev.Kind, &ev.ID, &ev.At, &windowTo, &ev.judged, &ev.session, &ev.channel, &ev.reason, &alias}, func() error {
		e := ev
		switch e.Kind {
		case KindNightly:
			if windowTo == nil {
				return fmt.Errorf("nightly run %s has no window end", e.ID)
			}
			e.now = *windowTo
		case KindRevert:
			e.ID = alias
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// memorized, imported and updated facts; forgotten facts
	rows, err = pool.Query(ctx, `/* pass:replay */ SELECT f.id, f.origin, f.recorded_at, o.id, o.expired_at
		FROM facts f
		LEFT JOIN LATERAL (SELECT p.id, p.expired_at FROM facts p WHERE p.member_id = f.member_id AND p.superseded_by = f.id
			AND p.closure_source = 'update' ORDER BY p.id LIMIT 1) o ON f.origin = 'update'
		WHERE f.member_id = $1 AND f.origin IN ('memorize', 'import', 'update')`, member)
	if err != nil {
		return nil, err
	}
	var origin string
	var oldID *string
	var oldExp *time.Time
	_, err = pgx.ForEachRow(rows, []any{&ev.ID, &origin, &ev.At, &oldID, &oldExp}, func() error {
		e := Event{ID: ev.ID, At: ev.At, Kind: KindMemorize}
		if origin == "update" && oldID != nil {
			// an update whose old version's link survives; otherwise (a
			// later forget cleared it) the new version is written as recorded
			e.Kind, e.oldID, e.oldExpired = KindUpdate, *oldID, oldExp
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	rows, err = pool.Query(ctx, `/* pass:replay */ SELECT id, expired_at, closure_source FROM facts
		WHERE member_id = $1 AND closure_source LIKE 'forget%' AND expired_at IS NOT NULL`, member)
	if err != nil {
		return nil, err
	}
	var src string
	_, err = pgx.ForEachRow(rows, []any{&ev.ID, &ev.At, &src}, func() error {
		out = append(out, Event{ID: ev.ID, At: ev.At, Kind: KindForget, forgetReason: strings.TrimPrefix(strings.TrimPrefix(src, "forget"), ":")})
		return nil
	})
	if err != nil {
		return nil, err
	}
	rows, err = pool.Query(ctx, `/* pass:replay */ SELECT id, created_at FROM beliefs WHERE member_id = $1 AND section <> $2`,
		member, nightly.DerivedSection)
	if err != nil {
		return nil, err
	}
	_, err = pgx.ForEachRow(rows, []any{&ev.ID, &ev.At}, func() error {
		out = append(out, Event{ID: ev.ID, At: ev.At, Kind: KindBelief})
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Event) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		if c := kindRank[a.Kind] - kindRank[b.Kind]; c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// apply replays one event into the generation (gpool's search_path names
// it first), with the episodes visible up to the event's time.
func apply(ctx context.Context, gpool *pgxpool.Pool, live, member string, ev Event, opt Options) error {
	if err := setHorizon(ctx, gpool, member, ev.At); err != nil {
		return err
	}
	lf := pgx.Identifier{live, "facts"}.Sanitize()
	switch ev.Kind {
	case KindMemorize:
		// the input as recorded; only what later closures set is not copied
		_, err := gpool.Exec(ctx, `/* pass:replay */ INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon,
				predicate_canon, claim_canon, claim_hash, fact_kind, confidence, valid_from, valid_until, source_episode_ids,
				session_id, channel, audience, speaker, origin, tokens)
			SELECT member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, fact_kind,
				confidence, valid_from,
				CASE WHEN closure_source = 'update' OR closure_source LIKE 'nightly:%' THEN NULL ELSE valid_until END,
				source_episode_ids, session_id, channel, audience, speaker, origin, tokens
			FROM `+lf+` WHERE member_id = $1 AND id = $2 ON CONFLICT DO NOTHING`, member, ev.ID)
		return err
	case KindUpdate:
		var nv struct {
			claim, channel, speaker string
			validFrom               time.Time
			conf                    int
			aud, src                []string
		}
		err := gpool.QueryRow(ctx, `SELECT claim, channel, coalesce(speaker, ''), valid_from, confidence, audience, source_episode_ids
			FROM `+lf+` WHERE member_id = $1 AND id = $2`, member, ev.ID).
			Scan(&nv.claim, &nv.channel, &nv.speaker, &nv.validFrom, &nv.conf, &nv.aud, &nv.src)
		if err != nil {
			return err
		}
		ch := facts.Change{ValidFrom: nv.validFrom, Confidence: nv.conf, Channel: nv.channel, Audience: nv.aud,
			Speaker: nv.speaker, SourceEpisodeIDs: nv.src}
		if ev.oldExpired != nil {
			ch.Now = *ev.oldExpired
		}
		old, err := sameFact(ctx, gpool, lf, member, ev.oldID)
		if err != nil {
			return err
		}
		id, err := facts.Update(ctx, gpool, member, old, nv.claim, ch)
		if err != nil {
			return err
		}
		if id != ev.ID {
			opt.Logger.Warn("replay: an update made a version with another id (written before fact ids were derived)",
				"member", member, "live", ev.ID, "replayed", id)
		}
		return nil
	case KindForget:
		id, err := sameFact(ctx, gpool, lf, member, ev.ID)
		if err != nil {
			return err
		}
		return facts.Forget(ctx, gpool, member, id, ev.forgetReason)
	case KindBelief:
		_, err := gpool.Exec(ctx, `/* pass:replay */ INSERT INTO beliefs (member_id, id, holder, statement, section, confidence, active,
				pinned, source_fact_ids, channel, audience, tokens)
			SELECT member_id, id, holder, statement, section, confidence, active, pinned, source_fact_ids, channel, audience, tokens
			FROM `+pgx.Identifier{live, "beliefs"}.Sanitize()+` WHERE member_id = $1 AND id = $2 ON CONFLICT DO NOTHING`, member, ev.ID)
		return err
	case KindRevert:
		_, err := nightly.RevertAlias(ctx, gpool, member, ev.ID)
		return err
	case KindClose:
		rep, err := closer.Close(ctx, gpool, opt.Extractor, closer.Request{Member: member, Session: ev.session, Channel: ev.channel,
			Reason: ev.reason, ReplayAt: ev.At}, opt.Logger)
		if err != nil {
			return err
		}
		if rep.Skipped != "" {
			return fmt.Errorf("close skipped: %s", rep.Skipped)
		}
		return nil
	case KindNightly:
		nopt := nightly.Options{Member: member, RunID: ev.ID, Now: ev.now, Force: true, Threshold: opt.Threshold,
			CompressAfter: opt.CompressAfter, Logger: opt.Logger}
		if ev.judged {
			nopt.Judge = &recordedJudge{pool: gpool, live: live, member: member, run: ev.ID}
		}
		if !opt.NoBackfill {
			nopt.Backfill = func(ctx context.Context) (int, error) { return 0, queue(ctx, gpool, member, true) }
		}
		// The member's pass lock is shared with the live passes: a live
		// pass running now makes the run busy; wait for it (up to a minute).
		started := time.Now()
		for wait := 100 * time.Millisecond; ; wait = min(2*wait, 5*time.Second) {
			rep, err := nightly.Run(ctx, gpool, nopt)
			if err != nil {
				return err
			}
			m := rep.Members[0]
			if m.Status == "completed" {
				return nil
			}
			if m.Status != "busy" || time.Since(started) > time.Minute {
				return fmt.Errorf("nightly run %s: %s %s", ev.ID, m.Status, m.Error)
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
	}
	return fmt.Errorf("unknown event kind %q", ev.Kind)
}

// sameFact is the generation's id of the live fact id: the one with its
// claim_hash. It is id itself for facts whose ids are derived; a fact
// written before ids were derived (a ULID) gets a derived id when replayed.
func sameFact(ctx context.Context, gpool *pgxpool.Pool, liveFacts, member, id string) (string, error) {
	var out string
	err := gpool.QueryRow(ctx, `/* pass:replay */ SELECT g.id FROM facts g JOIN `+liveFacts+` l
		ON l.member_id = g.member_id AND l.claim_hash = g.claim_hash WHERE l.member_id = $1 AND l.id = $2`, member, id).Scan(&out)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", memhive.Errorf(memhive.CodeNotFound, "fact %s of the live record was not replayed before it was changed", id)
	}
	return out, err
}

// recordedJudge answers the nightly pass's judge questions from the live
// record instead of asking the model again: "same" when the live run (its
// run id is in the alias id) recorded the alias as decided by the judge,
// otherwise "not the same" (the live judge refused the pair, which
// rejected_pairs holds). A replayed run gets one only when its live run
// asked a judge, so a run without one decides by the rules, as it did live.
type recordedJudge struct {
	pool              *pgxpool.Pool
	live, member, run string
}

func (j *recordedJudge) Same(ctx context.Context, dimension, a, b string) (bool, error) {
	var same bool
	err := j.pool.QueryRow(ctx, `/* pass:replay */ SELECT EXISTS (SELECT 1 FROM `+pgx.Identifier{j.live, "aliases"}.Sanitize()+`
		WHERE member_id = $1 AND id = $2 AND decided_by = 'judge')`,
		j.member, closer.ID("als_", j.member, dimension, a, b, j.run)).Scan(&same)
	return same, err
}

// queue is the generation's embedding queue for the active model: the
// member's visible episodes (the appender's part) and, with all, its facts
// and beliefs (the nightly backfill's part, scoped to the member).
func queue(ctx context.Context, gpool *pgxpool.Pool, member string, all bool) error {
	model, _, ok, err := embed.ActiveModel(ctx, gpool)
	if err != nil || !ok {
		return err
	}
	sql := `/* pass:replay */ INSERT INTO embeddings (member_id, owner_kind, owner_id, model)
		SELECT member_id, 'episode', id, $2 FROM episodes WHERE member_id = $1`
	if all {
		sql += ` UNION ALL SELECT member_id, 'fact', id, $2 FROM facts WHERE member_id = $1
		UNION ALL SELECT member_id, 'belief', id, $2 FROM beliefs WHERE member_id = $1`
	}
	if _, err := gpool.Exec(ctx, sql+` ON CONFLICT DO NOTHING`, member, model); err != nil {
		return fmt.Errorf("queue embeddings: %w", err)
	}
	return nil
}

// Generation is one recorded replay of a member (a row of replays).
type Generation struct {
	Member     string         `json:"member"`
	Generation int            `json:"generation"`
	Schema     string         `json:"schema"`
	Status     string         `json:"status"` // running | completed | failed
	Inputs     map[string]int `json:"inputs"`
	StateHash  string         `json:"state_hash,omitempty"`
	LiveHash   string         `json:"live_hash,omitempty"` // the live state's hash when it finished
	Error      string         `json:"error,omitempty"`
	StartedAt  time.Time      `json:"started_at"`
	FinishedAt *time.Time     `json:"finished_at,omitempty"`
}

// Generations lists member's replays, oldest first.
func Generations(ctx context.Context, q Querier, member string) ([]Generation, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	rows, err := q.Query(ctx, `/* pass:replay */ SELECT member_id, generation, schema_name, status, inputs, coalesce(state_hash, ''),
			coalesce(live_hash, ''), coalesce(error, ''), started_at, finished_at
		FROM replays WHERE member_id = $1 ORDER BY generation`, member)
	if err != nil {
		return nil, fmt.Errorf("list replays: %w", err)
	}
	out := []Generation{}
	var g Generation
	_, err = pgx.ForEachRow(rows, []any{&g.Member, &g.Generation, &g.Schema, &g.Status, &g.Inputs, &g.StateHash, &g.LiveHash,
		&g.Error, &g.StartedAt, &g.FinishedAt}, func() error {
		out = append(out, g)
		g = Generation{}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list replays: %w", err)
	}
	return out, nil
}
