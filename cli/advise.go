package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
)

func init() {
	extraCommands["advisor"] = command{"the mid-task advisor: enter a topic, list its decisions (advisor enter | advisor decisions)", cmdAdvisor}
}

func cmdAdvisor(e *env, args []string) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprintln(e.stdout, `usage: memhive advisor enter --member M --audience A,B --channel C [--session S] [--assistant A] [--json] TOPIC
       memhive advisor decisions --member M [--session S] [--json]

enter asks the running memhive's advisor (over NATS, as an assistant would)
for at most one stored memory for TOPIC; decisions lists what the advisor
decided, one record per entry (arm, outcome, picks). See docs/advisor.md.`)
		if len(args) == 0 {
			return usagef("advisor needs enter or decisions")
		}
		return nil
	}
	switch args[0] {
	case "enter":
		return cmdAdvisorEnter(e, args[1:])
	case "decisions":
		return cmdAdvisorDecisions(e, args[1:])
	}
	return usagef("advisor %s: want enter or decisions", args[0])
}

func cmdAdvisorEnter(e *env, args []string) error {
	fs := newFlags(e, "advisor enter", "advisor enter --member M --audience A,B --channel C [--session S] [--assistant A] [--json] TOPIC", `
Enter TOPIC in a session and print the advice: at most one stored memory the
audience may hear, at most twice per topic per session, never the same one
twice in a session. Each entry is recorded (advisor decisions).`)
	member := fs.String("member", "", "member id (required)")
	audience := fs.String("audience", "", "who is listening now, comma separated (required)")
	channel := fs.String("channel", "", "where (required)")
	session := fs.String("session", "default", "the session")
	asker := fs.String("asker", "", "who asks (default member:<member>)")
	assistant := fs.String("assistant", "", "the assistant entering the topic: recorded, and its template's scope and drafts apply")
	asJSON := fs.Bool("json", false, "print the advice as JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	topic := strings.TrimSpace(strings.Join(fs.Args(), " "))
	if *member == "" || topic == "" {
		return usagef("give --member and a topic")
	}
	if !memhive.ValidMember(*member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", *member)
	}
	return withNATS(*data, func(t *target, nc *nats.Conn) error {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		adv, err := natsAdvisor{nc: nc, prefix: t.prefix()}.Enter(ctx, advisor.Request{Member: *member, Topic: topic, Session: *session,
			Audience: memhive.SplitList(*audience), Channel: *channel, Asker: *asker, Assistant: *assistant})
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, adv)
		}
		e.printf("%s\n(%s, %s; decision %s)\n", adv.Text, adv.Arm, adv.Outcome, adv.Decision)
		return nil
	})
}

func cmdAdvisorDecisions(e *env, args []string) error {
	fs := newFlags(e, "advisor decisions", "advisor decisions --member M [--session S] [--json]", `
List the advisor's decisions for member M (every session, or --session),
oldest first: the topic, the mode, the arm (matcher, model, holdout), the
outcome (delivered, no_match, exhausted, holdout, declined), the delivered
pick, and the matcher's and the model's picks.`)
	member := fs.String("member", "", "member id (required)")
	session := fs.String("session", "", "only this session")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if err := checkMember(*member); err != nil {
		return err
	}
	return withDB(*data, func(ctx context.Context, _ *target, pool *pgxpool.Pool) error {
		recs, err := advisor.Decisions(ctx, pool, *member, *session)
		if err != nil {
			return err
		}
		if *asJSON {
			if recs == nil {
				recs = []advisor.Record{}
			}
			return printJSON(e.stdout, recs)
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "DECIDED\tSESSION\tTOPIC\tMODE\tARM\tOUTCOME\tPICK\tMATCHER\tMODEL")
		for _, r := range recs {
			mp := "-"
			if r.ModelPick != nil {
				mp = *r.ModelPick
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.DecidedAt.UTC().Format(time.RFC3339), r.Session, clipCell(r.Topic),
				r.Mode, r.Arm, r.Outcome, dash(r.PickID), dash(r.MatcherPick), mp)
		}
		return w.Flush()
	})
}

func clipCell(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return s
}
