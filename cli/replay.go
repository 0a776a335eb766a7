package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/replay"
	"github.com/memhive/memhive/templates"
)

func init() {
	extraCommands["replay"] = command{"rebuild a member's derived state from the record into a new generation, and compare", cmdReplay}
	extraCommands["state-hash"] = command{"print a hash of a member's derived state (live or a replay generation)", cmdStateHash}
}

func cmdReplay(e *env, args []string) error {
	fs := newFlags(e, "replay", "replay --member M [--no-backfill] [--quiet] [--json] | replay --list --member M [--json]", `
Rebuild every row memhive derived for a member (facts, entities, edges,
beliefs, summaries, the nightly pass's alias decisions, the embedding queue)
from the record: the episodes, and the member's other inputs (memorize,
update_memory, forget, hand-written profile lines, operator alias reverts),
replayed in the order they happened, with every completed close and nightly
run re-run at its place (the nightly run with its live run id and window).

Nothing is deleted: the replay writes a new generation, a schema of its own
holding fresh derived tables (named in the report), recorded
in the replays table; the live rows stay as they are. The report gives the
generation's state hash and the live one's and, when they differ, the tables
that differ (see memhive state-hash --generation N --lines). The close pass
is replayed with the deterministic pattern extractor. --list lists the
member's generations instead (status, hashes, schema). docs/replay.md.`)
	member := fs.String("member", "", "member id (required)")
	noBackfill := fs.Bool("no-backfill", false, "do not queue embeddings of facts and beliefs after each nightly run (a hive without an embedder)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	list := fs.Bool("list", false, "list the member's replay generations instead of replaying")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if err := checkMember(*member); err != nil {
		return err
	}
	if !memhive.ValidMember(*member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a valid member id", *member)
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		if *list {
			gens, err := replay.Generations(ctx, pool, *member)
			if err != nil {
				return err
			}
			if *asJSON {
				return printJSON(e.stdout, gens)
			}
			w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "GENERATION\tSTATUS\tSTARTED\tSCHEMA\tSTATE HASH\tEQUAL TO LIVE THEN")
			for _, g := range gens {
				short, eq := "-", "-"
				if g.StateHash != "" {
					short, eq = g.StateHash[:16], fmt.Sprint(g.StateHash == g.LiveHash)
				}
				fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\n", g.Generation, g.Status, g.StartedAt.UTC().Format(time.RFC3339), g.Schema, short, eq)
			}
			return w.Flush()
		}
		logger := newLogger(t.cfg, e.stderr)
		var rcfg recall.Config
		if hive, err := templates.LoadHive(t.cfg.HiveTemplate); err == nil {
			if err := hive.Params("recall", &rcfg); err != nil {
				return err
			}
			var cp struct {
				Extractor string `json:"extractor"`
			}
			if raw := hive.Cells["closer"].Params; len(raw) > 0 && json.Unmarshal(raw, &cp) == nil && cp.Extractor == "model" {
				logger.Warn("the hive's close pass uses the model extractor; the replay uses the pattern extractor, so facts the model distilled will differ")
			}
		}
		started := time.Now()
		opt := replay.Options{Threshold: rcfg.SupersedeThreshold, NoBackfill: *noBackfill, Logger: logger}
		if !*quiet {
			opt.Progress = func(done, total int, ev replay.Event) {
				const width = 30
				filled := done * width / total
				fmt.Fprintf(e.stderr, "\r[%s%s] %d/%d events  %-8s %s", strings.Repeat("#", filled), strings.Repeat(".", width-filled),
					done, total, ev.Kind, time.Since(started).Round(time.Millisecond))
				if done == total {
					fmt.Fprintln(e.stderr)
				}
			}
		}
		rep, err := replay.Run(ctx, pool, *member, opt)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, rep)
		}
		e.printf("member %s: generation %d in schema %s, %s\n", rep.Member, rep.Generation, rep.Schema, rep.Elapsed)
		var kinds []string
		for _, k := range []string{replay.KindClose, replay.KindNightly, replay.KindMemorize, replay.KindUpdate, replay.KindForget,
			replay.KindBelief, replay.KindRevert} {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, rep.Inputs[k]))
		}
		e.printf("replayed: %s\n", strings.Join(kinds, ", "))
		printStates(e, rep.State, rep.Live)
		if rep.Equal {
			e.printf("state hash %s: equal to the live state\n", rep.State.Hash)
		} else {
			e.printf("state hash %s, live %s: they differ in %s\n", rep.State.Hash, rep.Live.Hash, strings.Join(rep.Differ, ", "))
		}
		return nil
	})
}

func printStates(e *env, gen, live *replay.State) {
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "TABLE\tROWS\tLIVE ROWS\tHASH\tSAME")
	for i, t := range gen.Tables {
		lt := live.Tables[i]
		same := "yes"
		if t.Hash != lt.Hash {
			same = "NO"
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\n", t.Table, t.Rows, lt.Rows, t.Hash[:16], same)
	}
	w.Flush()
}

func cmdStateHash(e *env, args []string) error {
	fs := newFlags(e, "state-hash", "state-hash --member M [--generation N] [--lines] [--json]", `
Print a hash of a member's derived state (facts, entities, edges, beliefs,
summaries, aliases, refused pairs, alias effects, the embedding queue, the
sessions' close marks) in a canonical order. Ids and timestamps that come from
a clock rather than from the record are left out or kept only as "set or
not" (docs/replay.md lists them), so a replay of an unchanged member hashes
the same as its live state. --json also lists each table's row count and
hash, so a difference can be found; --lines prints the canonical rows
themselves (diff two of them). --generation reads a replay's generation
instead of the live state.`)
	member := fs.String("member", "", "member id (required)")
	gen := fs.Int("generation", 0, "a replay generation of the member (memhive replay); 0 is the live state")
	lines := fs.Bool("lines", false, "print the canonical rows, one a line, prefixed by their table")
	asJSON := fs.Bool("json", false, "print JSON: the hash and each table's rows and hash")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if err := checkMember(*member); err != nil {
		return err
	}
	if !memhive.ValidMember(*member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a valid member id", *member)
	}
	if *gen < 0 {
		return usagef("--generation is a replay's generation number (1, 2, …), or 0 for the live state")
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		q := pool
		if *gen > 0 {
			var schema, status, sp string
			err := pool.QueryRow(ctx, `SELECT schema_name, status, current_setting('search_path') FROM replays
				WHERE member_id = $1 AND generation = $2`, *member, *gen).Scan(&schema, &status, &sp)
			if errors.Is(err, pgx.ErrNoRows) {
				return memhive.Errorf(memhive.CodeNotFound, "member %s has no replay generation %d (see memhive replay)", *member, *gen)
			}
			if err != nil {
				return err
			}
			cfg := pool.Config().Copy()
			cfg.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{schema}.Sanitize() + ", " + sp
			gp, err := pgxpool.NewWithConfig(ctx, cfg)
			if err != nil {
				return err
			}
			defer gp.Close()
			q = gp
		}
		st, err := replay.StateHash(ctx, q, *member, replay.StateOptions{Lines: *lines})
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, st)
		}
		if *lines {
			for _, t := range st.Tables {
				for _, l := range t.Lines {
					e.printf("%s\t%s\n", t.Table, l)
				}
			}
			return nil
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "TABLE\tROWS\tHASH")
		for _, t := range st.Tables {
			fmt.Fprintf(w, "%s\t%d\t%s\n", t.Table, t.Rows, t.Hash)
		}
		w.Flush()
		e.printf("%s\n", st.Hash)
		return nil
	})
}
