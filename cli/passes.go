package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/node"
	"github.com/memhive/memhive/porter"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/templates"
)

func init() {
	extraCommands["close"] = command{"close a session now: distil its facts, entities and edges", cmdClose}
	extraCommands["nightly"] = command{"run the nightly pass now (nightly run)", cmdNightly}
	extraCommands["alias"] = command{"list or revert alias decisions (alias list | alias revert)", cmdAlias}
	extraCommands["facts"] = command{"list a member's facts, with their version chains", cmdFacts}
}

func cmdClose(e *env, args []string) error {
	fs := newFlags(e, "close", "close --member M --session S --channel C --audience A,B [--json]", `
Ask the running memhive to close a session: the close cell reads it whole,
once per audience group, and distils facts, entities and edges that point
back to their episodes. Prints the close report. Closing again writes nothing new.`)
	member := fs.String("member", "", "member id (required)")
	session := fs.String("session", "default", "session id")
	channel := fs.String("channel", "", "channel (required)")
	audience := fs.String("audience", "", "who asks, comma separated (required)")
	wait := fs.Duration("wait", 60*time.Second, "how long to wait for the report")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	switch {
	case !memhive.ValidMember(*member):
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a valid member id", *member)
	case *channel == "":
		return memhive.Errorf(memhive.CodeMissingChannel, "--channel is required: the session's channel")
	case len(memhive.NormalizeAudience(memhive.SplitList(*audience))) == 0:
		return memhive.Errorf(memhive.CodeMissingAudience, "--audience is required: who asks for the close")
	}
	return withNATS(*data, func(t *target, nc *nats.Conn) error {
		ctx, cancel := context.WithTimeout(context.Background(), *wait+10*time.Second)
		defer cancel()
		sub, err := nc.SubscribeSync(node.ClosedSubject(t.prefix(), *member))
		if err != nil {
			return err
		}
		defer sub.Unsubscribe()
		js, err := jetstream.New(nc)
		if err != nil {
			return err
		}
		body, _ := json.Marshal(closer.Request{Member: *member, Session: *session, Channel: *channel,
			Audience: memhive.NormalizeAudience(memhive.SplitList(*audience)), Reason: "explicit"})
		if _, err := js.Publish(ctx, lanes.Subjects{Prefix: t.prefix()}.Close(*member), body); err != nil {
			return fmt.Errorf("close lane (is memhive up?): %w", err)
		}
		deadline := time.Now().Add(*wait)
		for time.Now().Before(deadline) {
			m, err := sub.NextMsg(time.Until(deadline))
			if err != nil {
				break
			}
			var rep closer.Report
			if json.Unmarshal(m.Data, &rep) != nil || rep.Session != *session || rep.Channel != *channel {
				continue
			}
			if *asJSON {
				if err := printJSON(e.stdout, rep); err != nil {
					return err
				}
			}
			if rep.Turns == 0 {
				return fmt.Errorf("%s/%s on %s has no turns, so there was nothing to close (a mistyped session or channel? memhive episodes --member %s lists them)",
					*member, *session, *channel, *member)
			}
			if *asJSON {
				return nil
			}
			verb := "closed"
			if !rep.Closed {
				verb = "read again (it was closed before)" // "closed": false in --json
			}
			e.printf("%s %s/%s on %s: %d turns in %s; written: %d facts, %d entities, %d edges, %s (already there: %d facts)\n",
				verb, *member, *session, *channel, rep.Turns, countOf(rep.Groups, "audience group"), rep.Facts.Written, rep.Entities.Written, rep.Edges.Written,
				countOf(rep.Summaries.Written, "summary"), rep.Facts.Existing)
			return nil
		}
		return fmt.Errorf("no close report within %s; the request is queued and will be retried", *wait)
	})
}

func cmdNightly(e *env, args []string) error {
	fs := newFlags(e, "nightly", "nightly run [--member M] [--force] [--judge] [--json]", `
Run the nightly pass now (it also runs at 03:00 UTC in the clock cell):
supersede on single-cardinality axes, record alias decisions, recompute
beliefs, build entities and edges, backfill embeddings. The window starts
where the last completed run ended; with nothing new it is skipped. A member
whose pass another memhive process is running now is left to it (status
busy). --judge asks the configured model about the alias pairs the
deterministic rules are unsure of (one call per pair, within the model's
budgets, each in the decision log); the hive template's clock cell does the
same with "judge": "model".`)
	if len(args) > 0 && isHelp(args[0]) {
		fs.Usage()
		return flag.ErrHelp
	}
	if len(args) == 0 || args[0] != "run" {
		fs.Usage()
		return usagef("want `memhive nightly run`")
	}
	member := fs.String("member", "", "only this member")
	force := fs.Bool("force", false, "run the steps even when nothing is new")
	judge := fs.Bool("judge", false, "let the model (MEMHIVE_MODEL_URL, MEMHIVE_MODEL) judge the alias pairs the rules are unsure of, within its budgets")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *member != "" {
		if err := checkMember(*member); err != nil {
			return err
		}
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		if *member != "" {
			// a mistyped id must not leave a log row that makes it look like a member
			if ok, err := porter.HasRecord(ctx, pool, *member); err != nil {
				return err
			} else if !ok {
				return memhive.Errorf(memhive.CodeNotFound, "member %q has no record here (no turns, no facts); nothing was run", *member)
			}
		}
		logger := newLogger(t.cfg, e.stderr)
		var j nightly.Judge
		if *judge {
			client, err := node.ModelClient(t.cfg)
			if err != nil {
				return err
			}
			if j, err = node.NightlyJudge("model", client, pool, logger); err != nil {
				return err
			}
		}
		model, _, _, _ := embed.ActiveModel(ctx, pool)
		// the hive's one threshold for the fact in force (recall's
		// supersede_threshold), so this run and the tiers agree
		var rcfg recall.Config
		if hive, err := templates.LoadHive(t.cfg.HiveTemplate); err == nil {
			if err := hive.Params("recall", &rcfg); err != nil {
				return err
			}
		}
		rep, err := nightly.Run(ctx, pool, nightly.Options{Member: *member, Force: *force, Judge: j, Backfill: node.Backfill(pool, model),
			Threshold: rcfg.SupersedeThreshold, Logger: logger})
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, rep)
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "MEMBER\tSTATUS\tSUPERSEDED\tALIASES\tREJECTED\tBELIEFS ON/OFF\tENTITIES\tEDGES\tSUMMARIES")
		for _, m := range rep.Members {
			fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d/%d\t%d\t%d\t%d\n", m.Member, m.Status, m.Superseded, m.Aliases, m.Rejected,
				m.BeliefsOn, m.BeliefsOff, m.Entities, m.Edges, m.Summaries)
		}
		w.Flush()
		e.printf("run %s: %d rows written, %d embeddings queued\n", rep.RunID, rep.Written(), rep.Backfilled)
		return nil
	})
}

func cmdAlias(e *env, args []string) error {
	fs := newFlags(e, "alias", "alias list --member M [--json] | alias revert --member M ID", `
List the alias decisions of the nightly pass (entity spellings and relation
keys that mean one thing), or revert one: reverting sets reverted_at, records
the pair as refused so it is not proposed again, undoes the supersessions the
nightly pass made through it, and deletes nothing. After a revert, answers
are what they were before the alias.`)
	if len(args) > 0 && isHelp(args[0]) {
		fs.Usage()
		return flag.ErrHelp
	}
	if len(args) == 0 || (args[0] != "list" && args[0] != "revert") {
		fs.Usage()
		return usagef("want `memhive alias list` or `memhive alias revert`")
	}
	sub := args[0]
	member := fs.String("member", "", "member id (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args[1:]); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if err := checkMember(*member); err != nil {
		return err
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		if sub == "revert" {
			if fs.NArg() != 1 {
				return usagef("give the alias id to revert (see memhive alias list)")
			}
			a, err := nightly.RevertAlias(ctx, pool, *member, fs.Arg(0))
			if err != nil {
				return err
			}
			if *asJSON {
				return printJSON(e.stdout, a)
			}
			if a.AlreadyReverted {
				e.printf("%s was already reverted (%s): %s %q does not mean %q; nothing changed\n", a.ID,
					a.RevertedAt.UTC().Format(time.RFC3339), a.Dimension, a.Alias, a.Canonical)
				return nil
			}
			e.printf("reverted %s: %s %q no longer means %q\n", a.ID, a.Dimension, a.Alias, a.Canonical)
			return nil
		}
		as, err := nightly.ListAliases(ctx, pool, *member)
		if err != nil {
			return err
		}
		if *asJSON {
			if as == nil {
				as = []nightly.Alias{}
			}
			return printJSON(e.stdout, as)
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tDIMENSION\tALIAS\tCANONICAL\tDECIDED BY\tREVERTED")
		for _, a := range as {
			rev := "-"
			if a.RevertedAt != nil {
				rev = a.RevertedAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", a.ID, a.Dimension, a.Alias, a.Canonical, a.DecidedBy, rev)
		}
		return w.Flush()
	})
}

func cmdFacts(e *env, args []string) error {
	fs := newFlags(e, "facts", "facts --member M [--subject X] [--all-versions] [--json]", `
List a member's facts (the operator's view: every audience). With
--all-versions, closed versions (superseded, updated, forgotten) are listed
too, with what closed them, and each open one says whether it is in force
now, by the rule every read uses (a version a later one replaced is not in
force, before the nightly pass closes it too).`)
	member := fs.String("member", "", "member id (required)")
	subject := fs.String("subject", "", "only facts about this subject")
	all := fs.Bool("all-versions", false, "include closed versions")
	limit := fs.Int("limit", 200, "how many")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if err := checkMember(*member); err != nil {
		return err
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		rows, err := facts.List(ctx, pool, *member, facts.Filter{Subject: *subject, AllVersions: *all, Limit: *limit})
		if err != nil {
			return err
		}
		if *all {
			// which versions are in force now, by the rule every read uses
			// (a replaced version the nightly pass has not closed yet is
			// open, yet not in force)
			now, err := facts.List(ctx, pool, *member, facts.Filter{Subject: *subject, Limit: 100000})
			if err != nil {
				return err
			}
			in := map[string]bool{}
			for _, r := range now {
				in[r.ID] = true
			}
			for i := range rows {
				v := in[rows[i].ID]
				rows[i].InForce = &v
			}
		}
		if *asJSON {
			if rows == nil {
				rows = []facts.Row{}
			}
			return printJSON(e.stdout, rows)
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tSUBJECT\tPREDICATE\tCLAIM\tVALID FROM\tCLOSED\tAUDIENCE")
		for _, r := range rows {
			closed := "-"
			if r.InForce != nil {
				closed = "in force"
				if !*r.InForce {
					// replaced by a later version the nightly pass has not
					// closed yet, ended, or not begun
					closed = "not in force now"
					if r.ValidUntil != nil {
						closed = "ended " + r.ValidUntil.UTC().Format("2006-01-02")
						if r.ClosureSource != "" {
							closed += " (" + r.ClosureSource + ")"
						}
					}
				}
			}
			if r.ExpiredAt != nil {
				closed = r.ClosureSource
				if r.SupersededBy != "" {
					closed += " → " + r.SupersededBy
				}
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Subject, r.Predicate, short(r.Claim, 40),
				r.ValidFrom.UTC().Format("2006-01-02"), closed, strings.Join(r.Audience, ","))
		}
		return w.Flush()
	})
}

// countOf is n and its noun, plural unless n is 1 ("1 summary", "2 summaries").
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
