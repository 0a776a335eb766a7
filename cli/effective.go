package cli

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/templates"
)

func init() {
	extraCommands["effective"] = command{"list what an assistant can read of a member, and which rule hides the rest", cmdEffective}
}

// readerGate is the gate a named assistant reads through in this hive: the
// audience and channel of the moment, the hive's open_history channels (the
// hive template's recall params, then the config's, as `memhive up` takes
// them), and the assistant's scope from its template (its base's included).
func readerGate(t *target, assistant string, audience []string, channel string) (gate.Gate, error) {
	hive, err := templates.LoadHive(t.cfg.HiveTemplate)
	if err != nil {
		return gate.Gate{}, err
	}
	var rcfg recall.Config
	if err := hive.Params("recall", &rcfg); err != nil {
		return gate.Gate{}, err
	}
	open := rcfg.OpenHistory
	if len(t.cfg.OpenHistory) > 0 {
		open = t.cfg.OpenHistory
	}
	g := gate.New(audience, strings.TrimSpace(channel), open)
	assistant = strings.TrimSpace(assistant)
	if assistant == "" {
		return g, nil
	}
	as, err := templates.Assistants(t.cfg.TemplatesDir)
	if err != nil {
		return gate.Gate{}, err
	}
	if _, ok := as[assistant]; !ok {
		names := make([]string, 0, len(as))
		for n := range as {
			names = append(names, n)
		}
		sort.Strings(names)
		return gate.Gate{}, memhive.Errorf(memhive.CodeNotFound, "no assistant template named %q (known: %s)", assistant, strings.Join(names, ", "))
	}
	sc, err := templates.ScopeOf(as, assistant)
	if err != nil {
		return gate.Gate{}, err
	}
	return g.For(assistant, sc), nil
}

func cmdEffective(e *env, args []string) error {
	fs := newFlags(e, "effective", "effective --member M --assistant A --audience A,B --channel C [--hidden] [--limit N] [--json]", `
List what one assistant can read of a member's record, talking to an
audience on a channel: every episode, fact, belief, entity, edge and summary,
visible or hidden, and for each the rule that decides it. A hidden row names
what hides it: a rule of the audience gate (empty_audience, hidden), a draft
rule (draft: another assistant's draft; draft_rejected) or a clause of the
assistant's scope (scope:channels, scope:exclude_channels, scope:kinds,
scope:predicates, scope:exclude_predicates, scope:since). A visible row
names the gate rule that shows it (public, subset, open_history).

The assistant's scope is its template's (--assistant names it; a template
with a base inherits the base's scope), read from the templates directory
of the config (MEMHIVE_TEMPLATES), as "memhive up" reads it. Without
--assistant the read is the member's own: the gate alone, no drafts.

Counts cover every row; at most --limit rows of each kind are listed.
"memhive explain" answers for one row.`)
	member := fs.String("member", "", "member id (required)")
	assistant := fs.String("assistant", "", "the assistant's template name (its scope and its drafts)")
	audience := fs.String("audience", "", "who is listening now, comma separated (required)")
	channel := fs.String("channel", "", "where (required)")
	hidden := fs.Bool("hidden", false, "list only the rows hidden from the assistant")
	limit := fs.Int("limit", 200, "rows listed per kind")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *member == "" || fs.NArg() != 0 {
		return usagef("give --member, --audience and --channel (and --assistant), no other arguments")
	}
	if *limit <= 0 {
		return usagef("--limit must be positive")
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		g, err := readerGate(t, *assistant, memhive.SplitList(*audience), *channel)
		if err != nil {
			return err
		}
		rep, err := recall.Effective(ctx, pool, *member, g, *limit, *hidden)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, rep)
		}
		printEffective(e, rep)
		return nil
	})
}

func printEffective(e *env, rep *recall.EffectiveReport) {
	who := "the member's own read"
	if rep.Assistant != "" {
		who = "assistant " + rep.Assistant
	}
	e.printf("%s of member %s, audience %s on %s", who, rep.Member, strings.Join(rep.Audience, ","), rep.Channel)
	if rep.Open {
		e.printf(" (open_history)")
	}
	e.printf("\nscope: %s\n", rep.Scope)
	var rules []string
	for r := range rep.ByRule {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	var vis, hid []string
	for _, r := range rules {
		s := fmt.Sprintf("%s %d", r, rep.ByRule[r])
		if gate.Visible(r) {
			vis = append(vis, s)
		} else {
			hid = append(hid, s)
		}
	}
	e.printf("visible %d (%s); hidden %d (%s)\n", rep.Visible, strings.Join(vis, ", "), rep.Hidden, strings.Join(hid, ", "))
	for _, r := range rep.Rows {
		word := "visible"
		if !r.Visible {
			word = "HIDDEN "
		}
		text := strings.Join(strings.Fields(r.Text), " ")
		if r := []rune(text); len(r) > 80 {
			text = string(r[:77]) + "..."
		}
		e.printf("%s %-24s %-7s %s  %s  %s\n", word, r.Rule, r.Kind, r.ID, r.Channel, text)
	}
	if rep.Truncated {
		e.printf("(more rows than --limit; the counts above cover them all)\n")
	}
}
