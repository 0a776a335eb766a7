package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/client"
	"github.com/memhive/memhive/recall"
)

func init() {
	extraCommands["bootstrap"] = command{"print the first bundle a (new) assistant of a member would receive", cmdBootstrap}
}

// bootstrapOut is `memhive bootstrap --json`.
type bootstrapOut struct {
	Member     string         `json:"member"`
	Assistant  string         `json:"assistant"`
	Template   string         `json:"template"`
	Tier       string         `json:"tier"`
	Ambient    bool           `json:"ambient"`
	Tools      []string       `json:"tools"`
	Audience   []string       `json:"audience"`
	Channel    string         `json:"channel"`
	Session    string         `json:"session"`
	Query      string         `json:"query,omitempty"`
	Bundle     *recall.Answer `json:"bundle"` // null: the template reads no bundle
	BundleTier string         `json:"bundle_tier,omitempty"`
}

func cmdBootstrap(e *env, args []string) error {
	fs := newFlags(e, "bootstrap", `bootstrap --member M --assistant A [--template T] --audience A,B --channel C [--session S] [--text "first message"] [--json]`, `
Print the first bundle assistant A of member M would receive, read from the
running memhive over NATS exactly as the assistant SDK (package client)
reads it before a turn. Nothing is written.

The record belongs to the member: a new assistant id reads everything the
audience gate allows from its first turn, with no handover from the
assistant it replaces. Its template (--template, default the assistant id
when a template has that name) says what it reads: an ambient template
(talky) reads a bundle before every turn — at its tier for --text, the
member's first message, or the queryless tier-0 bundle (profile, plans,
this session) when no text is given; a template that asks by tool call
(cogny) receives no bundle, and the command says which tools it has.`)
	member := fs.String("member", "", "member id (required)")
	assistant := fs.String("assistant", "", "the assistant's id, e.g. talky-2 (required)")
	tmpl := fs.String("template", "", "its template's name (default: the assistant id)")
	tdir := fs.String("templates", "", "directory of assistant templates (default $MEMHIVE_TEMPLATES)")
	audience := fs.String("audience", "", "who is listening now, comma separated (required)")
	channel := fs.String("channel", "", "where, e.g. web:chat (required)")
	session := fs.String("session", "", "the session of the first turn (default \"default\")")
	asker := fs.String("asker", "", "who asks (default member:<member>)")
	text := fs.String("text", "", "the member's first message: the question of a tier-1 or tier-2 bundle")
	asJSON := fs.Bool("json", false, "print the assistant and its bundle as JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *member == "" || *assistant == "" {
		return usagef("--member and --assistant are required")
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (the first message goes in --text)", fs.Arg(0))
	}
	if *tmpl == "" {
		*tmpl = *assistant
	}
	if !memhive.ValidMember(*member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", *member)
	}
	return withNATS(*data, func(t *target, nc *nats.Conn) error {
		dir := *tdir
		if dir == "" {
			dir = t.cfg.TemplatesDir
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		a, err := client.New(ctx, nc, client.Config{Member: *member, ID: *assistant, Template: *tmpl, TemplatesDir: dir,
			Audience: memhive.SplitList(*audience), Channel: *channel, Session: *session, Asker: *asker, Prefix: t.prefix()})
		if err != nil {
			return err
		}
		defer a.Close()
		b, err := a.BeforeTurn(ctx, *text)
		if err != nil {
			return err
		}
		out := bootstrapOut{Member: *member, Assistant: a.ID(), Template: a.Template().Name, Tier: a.Tier(), Ambient: a.Ambient(),
			Tools: a.ToolNames(), Audience: memhive.NormalizeAudience(memhive.SplitList(*audience)), Channel: *channel,
			Session: a.Session(), Query: *text}
		if b != nil {
			out.Bundle, out.BundleTier = b.Answer, b.Tier
		}
		if *asJSON {
			return printJSON(e.stdout, out)
		}
		tier := out.Tier
		if tier == "" {
			tier = "none (memory_recall answers memory_not_configured)"
		}
		e.printf("assistant %s of %s (template %s, memory tier %s; tools: %s)\n", out.Assistant, out.Member, out.Template, tier, strings.Join(out.Tools, ", "))
		e.printf("listening: %s on %s, session %s\n", strings.Join(out.Audience, ", "), out.Channel, out.Session)
		if b == nil {
			e.printf("it receives no bundle: its template asks by tool call\n")
			return nil
		}
		what := "tier " + b.Tier + " for " + fmt.Sprintf("%q", *text)
		if *text == "" || b.Tier == "0" {
			what = "tier 0, the queryless bundle (give --text for the bundle of a first message)"
		}
		e.printf("first bundle (%s; %d items):\n\n%s\n", what, len(b.Answer.Items), strings.TrimRight(b.Text, "\n"))
		return nil
	})
}
