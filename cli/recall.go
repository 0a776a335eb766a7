package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
	"github.com/memhive/memhive/templates"
)

// parseTime reads a time flag as every surface does (recall.ParseTime):
// RFC 3339 with a zone, or a date, which is its end when end (--as-of,
// --window-to: "as of 2026-11-30" includes that day) and else its start.
func parseTime(flagName, s string, end bool) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, err := recall.ParseTime(s, end)
	if err != nil {
		return nil, usagef("--%s: %v", flagName, err)
	}
	return &t, nil
}

func cmdRecall(e *env, args []string) error {
	fs := newFlags(e, "recall", `recall --member M --audience A,B --channel C [--asker P] [--assistant A] [--session S] --tier 0|1|2 [--limit K] [--as-of T] [--window-from T --window-to T] [--json] "query"`, `
Ask memory_recall of the running memhive (over NATS) and print the
model-facing text, or the whole answer with --json. Only rows the audience
could have heard come back; with --assistant, only those that assistant's
scope lets it read, and its own drafts.`)
	member := fs.String("member", "", "member id (required)")
	audience := fs.String("audience", "", "who is listening now, comma separated (required)")
	channel := fs.String("channel", "", "where (required)")
	asker := fs.String("asker", "", "who asks (default member:<member>)")
	assistant := fs.String("assistant", "", "ask as this assistant (its template's scope, its drafts)")
	session := fs.String("session", "", "tier 0's session (default \"default\")")
	tier := fs.String("tier", "", "0, 1 or 2 (default: with --assistant, its template's memory_tier; else 1)")
	limit := fs.Int("limit", 0, "tier-1 items (default 20)")
	asOf := fs.String("as-of", "", "answer as of this time (RFC 3339 or YYYY-MM-DD)")
	wf := fs.String("window-from", "", "window start (with --window-to)")
	wt := fs.String("window-to", "", "window end (with --window-from)")
	budget := fs.Int("budget", 0, "token budget (default 1200 tier 0, 2000 tier 1)")
	fresh := fs.Bool("fresh", false, "first wait (up to fresh_wait_ms) until the turns already sent are written, so the answer reads them")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if err := checkMember(*member); err != nil {
		return err
	}
	*tier = recall.NormalizeTier(*tier) // " 1 " and 1.0 are tier 1, as on every surface
	if *tier == "" && strings.TrimSpace(*assistant) == "" {
		*tier = "1"
	}
	req := recall.Request{Member: *member, Query: strings.Join(fs.Args(), " "), Tier: *tier, Audience: memhive.SplitList(*audience),
		Channel: *channel, Asker: *asker, Assistant: strings.TrimSpace(*assistant), Session: *session, Limit: *limit, BudgetTokens: *budget, Fresh: *fresh}
	var err error
	if req.AsOf, err = parseTime("as-of", *asOf, true); err != nil {
		return err
	}
	if req.WindowFrom, err = parseTime("window-from", *wf, false); err != nil {
		return err
	}
	if req.WindowTo, err = parseTime("window-to", *wt, true); err != nil {
		return err
	}
	// Refuse what the server would refuse before looking for it (the
	// tier an assistant's template gives is the server's to find).
	v := req
	if v.Tier == "" {
		v.Tier = "1"
	}
	if err := recall.Validate(v); err != nil {
		return err
	}
	return withNATS(*data, func(t *target, nc *nats.Conn) error {
		body, _ := json.Marshal(req)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		msg := nats.NewMsg(lanes.Subjects{Prefix: t.prefix()}.Recall(*member))
		msg.Data = body
		if req.Assistant != "" {
			msg.Header.Set(gateway.HeaderAssistant, req.Assistant) // its scope and drafts, and its tier when none is given
		}
		resp, err := nc.RequestMsgWithContext(ctx, msg)
		if err != nil {
			return fmt.Errorf("recall over NATS (is memhive up?): %w", err)
		}
		var eb memhive.ErrorBody
		if json.Unmarshal(resp.Data, &eb) == nil && eb.Error != nil {
			return eb.Error
		}
		if *asJSON {
			_, err := e.stdout.Write(append(resp.Data, '\n'))
			return err
		}
		var ans recall.Answer
		if err := json.Unmarshal(resp.Data, &ans); err != nil {
			return fmt.Errorf("recall answer: %w", err)
		}
		e.printf("%s\n", strings.TrimRight(ans.Text, "\n"))
		for _, l := range ans.Legs {
			if l.Missing != "" {
				fmt.Fprintf(e.stderr, "leg %s missing: %s\n", l.Leg, l.Missing)
			}
		}
		if ans.Downgraded != nil {
			fmt.Fprintf(e.stderr, "tier_downgraded: %s\n", ans.Downgraded.Reason)
		}
		return nil
	})
}

func cmdExplain(e *env, args []string) error {
	fs := newFlags(e, "explain", "explain --member M --audience A,B --channel C [--assistant A] [--kind episode|fact|belief|edge] ID", `
Say which rule of the audience gate (SPEC §3) shows or hides one row to an
audience on a channel. With --assistant, the read is that assistant's: its
drafts and its template's scope count, and a row the scope hides names the
clause (scope:exclude_channels, …). "memhive effective" lists every row.`)
	member := fs.String("member", "", "member id (required)")
	audience := fs.String("audience", "", "who is listening now (required)")
	channel := fs.String("channel", "", "where (required)")
	kind := fs.String("kind", "episode", "episode, fact, belief or edge")
	assistant := fs.String("assistant", "", "read as this assistant (its template's scope, its drafts)")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() != 1 || *member == "" {
		return usagef("give --member and one row id")
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		g, err := readerGate(t, *assistant, memhive.SplitList(*audience), *channel)
		if err != nil {
			return err
		}
		rule, visible, err := recall.ExplainFor(ctx, pool, *member, g, *kind, fs.Arg(0))
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, map[string]any{"id": fs.Arg(0), "kind": *kind, "visible": visible, "rule": rule})
		}
		word := "hidden"
		if visible {
			word = "visible"
		}
		e.printf("%s %s is %s: %s\n", *kind, fs.Arg(0), word, rule)
		return nil
	})
}

func cmdMCP(e *env, args []string) error {
	fs := newFlags(e, "mcp", "mcp --member M --audience A,B --channel C [--asker P] [--assistant NAME] [--tier T]", `
Serve memhive's tools over MCP on standard input and output (memory_recall,
memorize, update_memory, forget, list_memories, review_memories, edit_profile
and enter_topic), bound to one member, audience and channel: the model's tool
arguments can never change who it is speaking to. The tier is the
assistant's configured one (--assistant NAME reads its template) or --tier.
Answers come from the memhive running on this machine (over NATS).`)
	member := fs.String("member", "", "member id (required)")
	audience := fs.String("audience", "", "who is listening, comma separated (required)")
	channel := fs.String("channel", "", "where (required)")
	asker := fs.String("asker", "", "who asks (default member:<member>)")
	assistant := fs.String("assistant", "", "the assistant's template name (talky, cogny, …)")
	tier := fs.String("tier", "", "memory tier 0, 1 or 2, overriding the assistant's template")
	session := fs.String("session", "", "tier 0's session")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// Checked at launch: a model calling the tools could not fix them (a
	// tier that is none was every memory_recall's malformed_request).
	*tier = recall.NormalizeTier(*tier) // " 1 ", "\"1\"" and 1.0 are tier 1, as for recall
	switch {
	case *member == "" || *channel == "" || len(memhive.NormalizeAudience(memhive.SplitList(*audience))) == 0:
		return usagef("--member, --audience and --channel are required: they bind every tool call")
	case !memhive.ValidMember(*member):
		return usagef("--member %q is not a member id (want [a-z0-9][a-z0-9_-]{0,63})", *member)
	case *tier != "" && *tier != "0" && *tier != "1" && *tier != "2":
		return usagef("--tier %q is not a memory tier: give 0, 1 or 2, or leave it out for the assistant's template's", *tier)
	}
	t, err := resolve(*data)
	if err != nil {
		return err
	}
	bind := gateway.Binding{Member: *member, Audience: memhive.SplitList(*audience), Channel: *channel, Asker: *asker,
		Assistant: *assistant, Tier: *tier, Session: *session}
	if bind.Tier == "" && *assistant != "" {
		as, err := assistantTemplates(t)
		if err != nil {
			return err
		}
		a, ok := as[*assistant]
		if !ok {
			return usagef("no assistant template named %q", *assistant)
		}
		bind.Tier = a.MemoryTier
	}
	nc, err := t.connectNATS()
	if err != nil {
		return err
	}
	defer nc.Close()
	ctx, cancel := signalContext()
	defer cancel()
	var mem gateway.Memorizer
	if pool, err := t.connectRuntimeDB(ctx); err == nil {
		defer pool.Close()
		if mem, err = rememberService(t, pool); err != nil {
			return err
		}
	}
	srv := gateway.NewMCPServer(natsRecaller{nc: nc, prefix: t.prefix()}, mem, bind, newLogger(t.cfg, e.stderr),
		gateway.WithAdvisor(natsAdvisor{nc: nc, prefix: t.prefix()}))
	return gateway.ServeStdio(ctx, srv)
}

// natsRecaller asks the running memhive over NATS.
type natsRecaller struct {
	nc     *nats.Conn
	prefix string
}

func (r natsRecaller) Recall(ctx context.Context, req recall.Request) (*recall.Answer, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	msg := nats.NewMsg(lanes.Subjects{Prefix: r.prefix}.Recall(req.Member))
	msg.Data = body
	if req.Assistant != "" { // not in the body: the recall cell reads it from the header (its scope, its drafts)
		msg.Header.Set(gateway.HeaderAssistant, req.Assistant)
	}
	resp, err := r.nc.RequestMsgWithContext(ctx, msg)
	if err != nil {
		return nil, memhive.Errorf(memhive.CodeStoreRefused, "memhive did not answer over NATS: %v", err)
	}
	var eb memhive.ErrorBody
	if json.Unmarshal(resp.Data, &eb) == nil && eb.Error != nil {
		return nil, eb.Error
	}
	var ans recall.Answer
	if err := json.Unmarshal(resp.Data, &ans); err != nil {
		return nil, fmt.Errorf("recall answer: %w", err)
	}
	return &ans, nil
}

func assistantTemplates(t *target) (map[string]templates.Assistant, error) {
	return templates.Assistants(t.cfg.TemplatesDir)
}

// rememberService is the memory tools on pool, reading through the
// assistants' scopes (their templates') as the running memhive does.
func rememberService(t *target, pool *pgxpool.Pool) (gateway.Memorizer, error) {
	as, err := assistantTemplates(t)
	if err != nil {
		return nil, err
	}
	scopes, err := templates.Scopes(as)
	if err != nil {
		return nil, err
	}
	return remember.New(pool, remember.WithScopes(scopes)), nil
}
