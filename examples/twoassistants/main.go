// Command twoassistants shows a member's memory outliving one assistant.
//
// Alice talks with "talky" (the conversation template: an ambient tier-1
// bundle before every turn) and asks it to remember something; the session
// is closed. Then a second assistant, "planner", created afterwards from a
// template file (a reasoning core like cogny: no bundle, asks by tool call),
// is asked what it needs and recalls what talky was told, through
// memory_recall. The model is a scripted OpenAI-compatible server (the one
// the tests use), so the run needs no model and no key; point the SDK at a
// real model and the memory side is the same.
//
//	go run ./examples/twoassistants              # standalone: embedded NATS, a private Postgres
//	go run ./examples/twoassistants --data DIR   # against a running `memhive up --data DIR`
//	go run ./examples/twoassistants --model-url http://127.0.0.1:11434/v1 --model llama3.1   # a real model
//
// Standalone it runs a whole memhive in a temporary directory, like
// `memhive up` (MEMHIVE_DATABASE_URL, when set, is used instead of a
// private Postgres), and removes it at the end.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/client"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/node"
	"github.com/memhive/memhive/remember"
)

//go:embed planner.json
var plannerTemplate []byte

// showTools prints each tool result (--show-tools).
var showTools bool

func indent(s string) string {
	return "      " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n      ")
}

func main() {
	data := flag.String("data", "", "data directory of a running `memhive up` (default: run a memhive of our own)")
	member := flag.String("member", "alice", "the member")
	modelURL := flag.String("model-url", "", "an OpenAI-compatible /v1 base to use instead of the scripted model (e.g. http://127.0.0.1:11434/v1)")
	modelName := flag.String("model", "", "the model's name at --model-url")
	flag.BoolVar(&showTools, "show-tools", false, "print what each tool call returned to the model")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./examples/twoassistants [--data DIR] [--member M]")
		flag.PrintDefaults()
	}
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var (
		nc     *nats.Conn
		prefix string
		err    error
	)
	if *data != "" {
		nc, prefix, err = attach(*data)
		if err != nil {
			fail(err)
		}
		defer nc.Close()
	} else {
		dir, err := os.MkdirTemp("", "memhive-example-")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		cfg, err := config.Load("")
		if err != nil {
			fail(err)
		}
		cfg.DataDir, cfg.HTTPAddr, cfg.NATSPort = dir, "127.0.0.1:0", -1
		if cfg.Embedder == "" || cfg.Embedder == "wink" {
			cfg.Embedder = "hash" // no download needed
		}
		fmt.Fprintln(os.Stderr, "starting a memhive of our own in", dir, "(a private Postgres takes a few seconds) …")
		n, err := node.Start(ctx, cfg, logger)
		if err != nil {
			fail(err)
		}
		defer n.Stop(context.Background())
		nc, prefix = n.NC, cfg.Prefix
	}
	m := newChatModel(*modelURL, *modelName, os.Getenv("MEMHIVE_MODEL_KEY"))
	if *modelURL == "" {
		script := modeltest.Start(func(s string) { fmt.Fprintln(os.Stderr, "scripted model:", s) }, Script(*member)...)
		defer script.Close()
		m = newChatModel(script.URL, "scripted", "")
	}
	if _, err := Run(ctx, nc, prefix, *member, m, os.Stdout); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "twoassistants:", err)
	os.Exit(1)
}

// attach connects to the memhive running from dataDir, with its own NATS
// credentials (as the memhive CLI does).
func attach(dataDir string) (*nats.Conn, string, error) {
	cfg, err := config.Load("")
	if err != nil {
		return nil, "", err
	}
	cfg.DataDir = dataDir
	addr, err := config.ReadAddresses(dataDir)
	if err != nil {
		return nil, "", fmt.Errorf("no running memhive in %s (start one with `memhive up --data %s`): %w", dataDir, dataDir, err)
	}
	opts, err := node.NATSClientOptions(cfg, cfg.NATSURL == "")
	if err != nil {
		return nil, "", err
	}
	url := addr.NATSURL
	if cfg.NATSURL != "" {
		url = cfg.NATSURL
	}
	nc, err := nats.Connect(url, append(opts, nats.Name("memhive-example"))...)
	if err != nil {
		return nil, "", err
	}
	prefix := addr.Prefix
	if prefix == "" {
		prefix = cfg.Prefix
	}
	return nc, prefix, nil
}

// Transcript is what a run did, for the test.
type Transcript struct {
	TalkyTurns, TalkyBundles int
	PlannerBundles           int
	PlannerTools             []string
	PlannerCalls             []string // tool calls the planner ran
	Answer                   string   // the planner's last reply
}

// Run is the example: talky is told things, its session closes, planner is
// created and recalls them, with model m.
func Run(ctx context.Context, nc *nats.Conn, prefix, member string, m *chatModel, out io.Writer) (*Transcript, error) {
	if err := waitReady(ctx, nc); err != nil {
		return nil, err
	}
	tr := &Transcript{}
	me := "member:" + member
	talky, err := client.New(ctx, nc, client.Config{Member: member, Template: "talky", Prefix: prefix,
		Audience: []string{me}, Channel: "telegram:dm", Session: "trip-" + time.Now().UTC().Format("20060102T150405")})
	if err != nil {
		return nil, err
	}
	defer talky.Close()
	fmt.Fprintf(out, "== %s talks with talky (template %q: tier %s, ambient bundle every turn; tools %s)\n",
		member, talky.Template().Name, talky.Tier(), strings.Join(talky.ToolNames(), ", "))
	for _, text := range []string{
		"My sister Maya moved to Lisbon in May.",
		"Please remember that I am allergic to peanuts.",
	} {
		reply, b, _, err := turn(ctx, talky, m, me, text, out)
		if err != nil {
			return nil, err
		}
		tr.TalkyTurns++
		if b != nil {
			tr.TalkyBundles++
		}
		_ = reply
	}
	if err := talky.CloseSession(ctx); err != nil {
		return nil, err
	}
	fmt.Fprintln(out, "   (talky's session is closed; the close pass distils its facts)")

	dir, err := os.MkdirTemp("", "memhive-planner-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "planner.json")
	if err := os.WriteFile(file, plannerTemplate, 0o600); err != nil {
		return nil, err
	}
	planner, err := client.New(ctx, nc, client.Config{Member: member, TemplateFile: file, Prefix: prefix,
		Audience: []string{me}, Channel: "web:chat", Session: "plan-" + time.Now().UTC().Format("20060102T150405")})
	if err != nil {
		return nil, err
	}
	defer planner.Close()
	tr.PlannerTools = planner.ToolNames()
	fmt.Fprintf(out, "\n== a new assistant, planner (template file: tier %s, no bundle; tools %s), created afterwards\n",
		planner.Tier(), strings.Join(tr.PlannerTools, ", "))
	reply, b, calls, err := turn(ctx, planner, m, me, "I am visiting my sister next week. Which city is it again, and is there any food I must avoid?", out)
	if err != nil {
		return nil, err
	}
	if b != nil {
		tr.PlannerBundles++
	}
	tr.PlannerCalls, tr.Answer = calls, reply
	if err := planner.Flush(ctx); err != nil {
		return nil, err
	}
	return tr, nil
}

// turn is one turn of an assistant: the bundle when its template reads one,
// the member's turn published, the model asked with the assistant's tools
// until it answers, each tool call run by the SDK, the answer published.
func turn(ctx context.Context, a *client.Assistant, m *chatModel, speaker, text string, out io.Writer) (string, *client.Bundle, []string, error) {
	b, err := a.BeforeTurn(ctx, text)
	if err != nil {
		return "", nil, nil, err
	}
	system := "You are " + a.ID() + ", an assistant of " + speaker + ". Use the memory tools when you need to."
	if b != nil {
		system += "\n\nMEMORY (read before this turn):\n" + b.Text
		fmt.Fprintf(out, "   [bundle before the turn: tier %s, %d items, %d characters]\n", b.Tier, len(b.Answer.Items), len(b.Text))
	} else {
		fmt.Fprintln(out, "   [no bundle: this template asks by tool call]")
	}
	if _, err := a.Heard(speaker, text); err != nil {
		return "", nil, nil, err
	}
	fmt.Fprintf(out, "%s: %s\n", speaker, text)
	msgs := []message{{Role: "system", Content: system}, {Role: "user", Content: text}}
	var calls []string
	for range 5 {
		reply, err := m.chat(ctx, msgs, a.OpenAITools())
		if err != nil {
			return "", nil, nil, err
		}
		if len(reply.ToolCalls) == 0 {
			if _, err := a.Said(reply.Content); err != nil {
				return "", nil, nil, err
			}
			fmt.Fprintf(out, "%s: %s\n", a.Speaker(), reply.Content)
			return reply.Content, b, calls, nil
		}
		msgs = append(msgs, reply)
		for _, c := range reply.ToolCalls {
			res := a.Call(ctx, c.Function.Name, json.RawMessage(c.Function.Arguments))
			calls = append(calls, c.Function.Name)
			status := "ok"
			if res.Err != nil {
				status = string(res.Err.Code)
			}
			fmt.Fprintf(out, "   [tool %s %s → %s]\n", c.Function.Name, c.Function.Arguments, status)
			if showTools {
				fmt.Fprintln(out, indent(res.Content))
			}
			msgs = append(msgs, message{Role: "tool", ToolCallID: c.ID, Content: res.Content})
		}
	}
	return "", nil, nil, fmt.Errorf("%s: the model kept calling tools", a.ID())
}

// waitReady waits until the hive's lanes exist: a memhive that has just
// started creates its streams as its cells start.
func waitReady(ctx context.Context, nc *nats.Conn) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	for {
		_, e1 := js.Stream(ctx, lanes.EpisodeStream)
		_, e2 := js.Stream(ctx, remember.Stream)
		if e1 == nil && e2 == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("memhive's streams are not there (is its appender and remember cell on?): %v %v", e1, e2)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
