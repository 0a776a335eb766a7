package cli

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/drain"
)

func init() {
	extraCommands["drain"] = command{"bring an assistant CLI's own memory files into the record, as drafts", cmdDrain}
	extraCommands["drafts"] = command{"list, approve or reject drained drafts (drafts list | approve | reject)", cmdDrafts}
}

func cmdDrain(e *env, args []string) error {
	fs := newFlags(e, "drain", "drain --member M --assistant A [--audience A,B] [--channel C] [--max N] [--dry-run] [--json] PATH...", `
Read what an assistant's command-line tool remembered on its own and bring
each entry (one bullet or one paragraph) into the member's record as a
draft fact tagged with the assistant:

  Claude Code   MEMORY.md and the topic files (*.md) beside it
  Codex         *.md under a memories*/ directory
  Gemini CLI    the "## Gemini Added Memories" section of GEMINI.md

A PATH may be one of those files or a directory to search for them; any
other Markdown file named explicitly is read whole.

A draft is visible only to the assistants that drained it until an
operator approves it ("memhive drafts approve"); "memhive drafts reject"
marks it rejected (nothing is deleted). Entries are keyed by the hash of
their normalised text: draining the same files again writes nothing, and an
entry another assistant drained already only gains this assistant's tag.
At most --max entries are written or tagged a run; the rest are reported
and taken by the next run.`)
	member := fs.String("member", "", "member id (required)")
	assistant := fs.String("assistant", "", "the assistant whose memory files these are (required)")
	audience := fs.String("audience", "", "who may read the entries once approved (default member:<member>)")
	channel := fs.String("channel", "", "the channel the entries are filed under (default drain:<assistant>)")
	maxN := fs.Int("max", drain.DefaultMax, "entries written or tagged a run")
	dry := fs.Bool("dry-run", false, "list the entries that would be drained; write nothing")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *member == "" || *assistant == "" || fs.NArg() == 0 {
		return usagef("give --member, --assistant and at least one PATH")
	}
	if *maxN <= 0 {
		return usagef("--max must be positive")
	}
	files, err := drain.Collect(fs.Args())
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return memhive.Errorf(memhive.CodeNotFound, "no memory files under %s (MEMORY.md, memories*/*.md, GEMINI.md)", strings.Join(fs.Args(), ", "))
	}
	if *dry {
		entries := drain.Entries(files)
		if *asJSON {
			return printJSON(e.stdout, map[string]any{"files": len(files), "entries": entries})
		}
		for _, en := range entries {
			e.printf("%s:%d [%s] %s\n", en.Path, en.Line, en.Format, en.Text)
		}
		e.printf("%d entries in %d files (nothing written)\n", len(entries), len(files))
		return nil
	}
	opts := drain.Options{Member: *member, Assistant: *assistant, Audience: memhive.SplitList(*audience), Channel: *channel, Max: *maxN}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		rep, err := drain.Run(ctx, pool, opts, files, nil)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, rep)
		}
		for _, o := range rep.Outcomes {
			if o.Outcome == drain.Unchanged {
				continue
			}
			line := fmt.Sprintf("%-9s %s:%d %s", o.Outcome, o.Path, o.Line, clipText(o.Text, 70))
			if o.Reason != "" {
				line += " (" + o.Reason + ")"
			}
			e.printf("%s\n", line)
		}
		e.printf("%d files, %d entries: %d written, %d tagged, %d unchanged, %d refused, %d left for the next run\n",
			rep.Files, rep.Entries, rep.Written, rep.Tagged, rep.Unchanged, rep.Refused, rep.Left)
		if rep.Left > 0 {
			fmt.Fprintf(e.stderr, "memhive drain: %d entries over --max %d were left; run the same command again to take them\n", rep.Left, rep.Max)
		}
		return nil
	})
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-3]) + "..."
	}
	return s
}

func cmdDrafts(e *env, args []string) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprintln(e.stderr, `Usage: memhive drafts list|approve|reject [flags]

  drafts list    --member M [--assistant A] [--state draft|approved|rejected|all] [--json]
  drafts approve --member M [--by NAME] [--json] ID... | --all --assistant A
  drafts reject  --member M [--by NAME] [--json] ID... | --all --assistant A

Drafts are facts "memhive drain" brought in from an assistant's own memory
files: visible only to the assistants that drained them until approved.
Approving makes a draft an ordinary fact (read through the audience gate);
rejecting marks it rejected, hidden from everyone. Nothing is deleted, and a
decided draft is not decided again.`)
		if len(args) == 0 {
			return usagef("give list, approve or reject")
		}
		return nil
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "list":
		fs := newFlags(e, "drafts list", "drafts list --member M [--assistant A] [--state draft|approved|rejected|all] [--limit N] [--json]", "List a member's drafts, oldest first.")
		member := fs.String("member", "", "member id (required)")
		assistant := fs.String("assistant", "", "only the drafts this assistant drained")
		state := fs.String("state", "draft", "draft, approved, rejected or all")
		limit := fs.Int("limit", 500, "at most this many")
		asJSON := fs.Bool("json", false, "print JSON")
		data := fs.String("data", "", "data directory of a running memhive")
		if err := parseInterleaved(fs, rest); err != nil {
			return err
		}
		e.jsonOut = *asJSON
		if *member == "" {
			return usagef("give --member")
		}
		return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
			ds, err := drain.List(ctx, pool, *member, *state, *assistant, *limit)
			if err != nil {
				return err
			}
			if *asJSON {
				return printJSON(e.stdout, map[string]any{"drafts": ds, "count": len(ds)})
			}
			for _, d := range ds {
				e.printf("%s %-8s by %-20s %s\n", d.ID, d.State, strings.Join(d.DraftedBy, ","), clipText(d.Text, 80))
			}
			e.printf("%d drafts\n", len(ds))
			return nil
		})
	case "approve", "reject":
		fs := newFlags(e, "drafts "+sub, "drafts "+sub+" --member M [--by NAME] [--json] ID... | --all --assistant A",
			"Decide drafts by their fact ids, or every waiting draft one assistant drained (--all --assistant), in one transaction.")
		member := fs.String("member", "", "member id (required)")
		all := fs.Bool("all", false, "every draft still waiting that --assistant drained")
		assistant := fs.String("assistant", "", "with --all: whose drafts")
		by := fs.String("by", "", "who decides (default $USER, else operator)")
		asJSON := fs.Bool("json", false, "print JSON")
		data := fs.String("data", "", "data directory of a running memhive")
		if err := parseInterleaved(fs, rest); err != nil {
			return err
		}
		e.jsonOut = *asJSON
		switch {
		case *member == "":
			return usagef("give --member")
		case *all && (*assistant == "" || fs.NArg() > 0):
			return usagef("--all takes --assistant and no ids")
		case !*all && fs.NArg() == 0:
			return usagef("give at least one draft id, or --all --assistant A")
		}
		who := *by
		if who == "" {
			who = os.Getenv("USER")
		}
		state := drain.StateApproved
		if sub == "reject" {
			state = drain.StateRejected
		}
		return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
			ids := fs.Args()
			if *all {
				ds, err := drain.List(ctx, pool, *member, drain.StateDraft, *assistant, 10000)
				if err != nil {
					return err
				}
				if len(ds) == 0 {
					return memhive.Errorf(memhive.CodeNotFound, "no drafts of %s are waiting for member %s", *assistant, *member)
				}
				for _, d := range ds {
					ids = append(ids, d.ID)
				}
			}
			d, err := drain.Decide(ctx, pool, *member, state, ids, who)
			if err != nil {
				return err
			}
			if *asJSON {
				return printJSON(e.stdout, d)
			}
			for _, id := range d.Decided {
				e.printf("%s %s\n", state, id)
			}
			skipped := slices.Sorted(maps.Keys(d.Skipped))
			for _, id := range skipped {
				e.printf("skipped %s: %s\n", id, d.Skipped[id])
			}
			if len(d.Skipped) > 0 && len(d.Decided) == 0 {
				return memhive.Errorf(memhive.CodeNotFound, "no draft among the ids given was decided")
			}
			return nil
		})
	}
	return usagef("unknown drafts command %q (list, approve, reject)", sub)
}
