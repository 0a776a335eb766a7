// Package cli is the memhive command line: one function per command, each
// with its own flags and --help. Client commands find a `memhive up` on the
// same machine through the addresses it records in its data directory.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/localpg"
	"github.com/memhive/memhive/node"
	"github.com/memhive/memhive/recall"
)

// Version is memhive.Version (set at build time with -ldflags
// "-X github.com/memhive/memhive.Version=…").
var Version = memhive.Version

type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// jsonOut is set by commands given --json, so that their errors are JSON too.
	jsonOut bool
}

type command struct {
	summary string
	run     func(e *env, args []string) error
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"up":       {"run memhive: embedded NATS, a private Postgres (unless given), every cell", cmdUp},
		"migrate":  {"apply the database migrations", cmdMigrate},
		"publish":  {"publish one turn on a member's lane", cmdPublish},
		"import":   {"import turns from JSONL or the LoCoMo file, with a progress bar", cmdImport},
		"episodes": {"list a member's stored turns", cmdEpisodes},
		"refusals": {"list refused turns with their codes", cmdRefusals},
		"recall":   {"ask memory_recall (tier 0, 1 or 2)", cmdRecall},
		"explain":  {"say which audience-gate rule shows or hides a row", cmdExplain},
		"mcp":      {"serve memory_recall, memorize and the memory tools over MCP on stdio", cmdMCP},
		"config":   {"show the effective configuration (config show)", cmdConfig},
		"bench":    {"run a benchmark: bench ingest | locomo | latency | embed | bm25 | cluster", cmdBench},
		"version":  {"print the version", cmdVersion},
	}
}

// extraCommands are added by other files of this package.
var extraCommands = map[string]command{}

// Main runs the command line and returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	// Other files' init functions add their commands; they may run after ours.
	for name, c := range extraCommands {
		commands[name] = c
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "memhive: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	err := c.run(e, args[1:])
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if isFlagError(err) { // the flag package's own words: a usage error too
		fmt.Fprintf(stderr, "memhive %s: %v\n(see memhive %s --help)\n", args[0], err, args[0])
		return 2
	}
	var pe partialError
	if errors.As(err, &pe) {
		fmt.Fprintf(stderr, "memhive %s: %s\n", args[0], pe.msg)
		return exitPartial
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "memhive %s: %s\n(see memhive %s --help)\n", args[0], ue.msg, args[0])
		return 2
	}
	var me *memhive.Error
	if errors.As(err, &me) {
		if e.jsonOut {
			_ = json.NewEncoder(stdout).Encode(memhive.ErrorBody{Error: me})
		}
		fmt.Fprintf(stderr, "memhive %s: %s: %s\n", args[0], me.Code, me.Message)
		return 1
	}
	fmt.Fprintf(stderr, "memhive %s: %v\n", args[0], err)
	return 1
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `memhive: a member's long-term memory for AI assistants.

Usage: memhive <command> [flags]

Commands:`)
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s %s\n", width, n, commands[n].summary)
	}
	fmt.Fprintln(w, `
Every command takes --help. Client commands find the memhive that "memhive up"
runs on this machine through <data>/addresses.json (--data DIR, MEMHIVE_DATA,
default ~/.memhive); MEMHIVE_NATS_URL and MEMHIVE_DATABASE_URL point them elsewhere.`)
}

// partialError ends a command that did part of its work and said which
// part it did not (an import some of whose lines were refused): exit
// status exitPartial, so a script can tell it from success (0), an error
// (1) and a usage error (2).
type partialError struct{ msg string }

func (p partialError) Error() string { return p.msg }

// exitPartial is the exit status of a partialError.
const exitPartial = 3

type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func newFlags(e *env, name, synopsis, help string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: memhive %s\n\n%s\n", synopsis, strings.TrimSpace(help))
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 { // a command with subcommands has its flags on them
			fmt.Fprintf(e.stderr, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// isHelp reports whether arg asks for help; commands with a subcommand
// check it before the subcommand.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: lvl}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// target is where a client command connects.
type target struct {
	cfg  *config.Config
	addr *config.Addresses
}

// resolve loads the config and the addresses of a running memhive.
func resolve(dataDir string) (*target, error) {
	cfg, err := config.Load("")
	if err != nil {
		return nil, err
	}
	if dataDir != "" {
		cfg.DataDir = dataDir
	}
	t := &target{cfg: cfg}
	if a, err := config.ReadAddresses(cfg.DataDir); err == nil {
		t.addr = a
	}
	return t, nil
}

func (t *target) natsURL() (string, error) {
	if t.cfg.NATSURL != "" {
		return t.cfg.NATSURL, nil
	}
	if t.addr != nil && t.addr.NATSURL != "" {
		return t.addr.NATSURL, nil
	}
	return "", fmt.Errorf("no running memhive found in %s (start one with `memhive up`, or set MEMHIVE_NATS_URL)", t.cfg.DataDir)
}

func (t *target) dbURL() (string, error) {
	if t.cfg.DatabaseURL != "" {
		return t.cfg.DatabaseURL, nil
	}
	if t.addr != nil && t.addr.DatabaseURL != "" {
		return t.addr.DatabaseURL, nil
	}
	return "", fmt.Errorf("no database: no running memhive found in %s (start one with `memhive up`, or set MEMHIVE_DATABASE_URL)", t.cfg.DataDir)
}

func (t *target) prefix() string {
	if t.addr != nil && t.addr.Prefix != "" && t.cfg.NATSURL == "" {
		return t.addr.Prefix
	}
	return t.cfg.Prefix
}

func (t *target) connectNATS() (*nats.Conn, error) {
	u, err := t.natsURL()
	if err != nil {
		return nil, err
	}
	// The embedded server of a memhive on this machine: its own credentials
	// from the data directory; a given NATS: MEMHIVE_NATS_URL's credentials,
	// MEMHIVE_NATS_CREDS or MEMHIVE_NATS_NKEY. A memhive started on a given
	// NATS records that URL, credentials and all, and writes no nats.json:
	// found through its addresses, the URL's own credentials serve.
	embedded := t.cfg.NATSURL == ""
	if embedded {
		_, err := os.Stat(config.NATSUserFile(t.cfg.DataDir))
		embedded = !errors.Is(err, fs.ErrNotExist)
	}
	opts, err := node.NATSClientOptions(t.cfg, embedded)
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect(u, append(opts, nats.Name("memhive-cli"))...)
	if err != nil {
		return nil, fmt.Errorf("nats at %s: %w", u, err)
	}
	return nc, nil
}

func (t *target) connectDB(ctx context.Context) (*pgxpool.Pool, error) {
	u, err := t.dbURL()
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.New(ctx, u)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database: %w", err)
	}
	return pool, nil
}

// connectRuntimeDB connects as memhive's runtime role (for the commands
// that serve memory, not administer it): MEMHIVE_APP_DATABASE_URL when set,
// else the owner's URL switched to episodes.RuntimeRole with SET ROLE.
func (t *target) connectRuntimeDB(ctx context.Context) (*pgxpool.Pool, error) {
	u, err := t.dbURL()
	if err != nil {
		return nil, err
	}
	role := episodes.RuntimeRole
	if t.cfg.AppDatabaseURL != "" {
		u, role = t.cfg.AppDatabaseURL, ""
	}
	pcfg, err := pgxpool.ParseConfig(u)
	if err != nil {
		return nil, err
	}
	if role != "" {
		pcfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
			_, err := c.Exec(ctx, "SET ROLE "+pgx.Identifier{role}.Sanitize())
			return err
		}
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database: %w", err)
	}
	return pool, nil
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func cmdVersion(e *env, args []string) error {
	fs := newFlags(e, "version", "version [--json]", "Print memhive's version.")
	asJSON := fs.Bool("json", false, "print as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *asJSON {
		return printJSON(e.stdout, map[string]string{"version": Version})
	}
	fmt.Fprintln(e.stdout, "memhive", Version)
	return nil
}

func cmdConfig(e *env, args []string) error {
	fs := newFlags(e, "config", "config show [--config FILE] [--data DIR] [--json]",
		"Print the effective configuration, as JSON: the config file (--config or MEMHIVE_CONFIG), then MEMHIVE_* variables, then defaults. Secrets are hidden.")
	file := fs.String("config", "", "config file (JSON)")
	data := fs.String("data", "", "data directory, as `memhive up --data DIR` would use it (MEMHIVE_DATA)")
	_ = fs.Bool("json", true, "print JSON (always: the configuration is JSON)")
	if len(args) > 0 && isHelp(args[0]) {
		fs.Usage()
		return flag.ErrHelp
	}
	if len(args) == 0 || args[0] != "show" {
		fs.Usage()
		return usagef("want `memhive config show`")
	}
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	cfg, err := config.Load(*file)
	if err != nil {
		return err
	}
	if *data != "" {
		cfg.DataDir = *data
	}
	red := cfg.Redacted()
	b, err := json.Marshal(red)
	if err != nil {
		return err
	}
	var set map[string]any
	if err := json.Unmarshal(b, &set); err != nil {
		return err
	}
	// A setting left unset is said, with what it means, on standard error:
	// standard output stays a config file memhive reads back.
	var keys []string
	for key := range unsetMeans {
		if _, ok := set[key]; !ok {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	for _, key := range keys {
		means := unsetMeans[key]
		if key == "pg_shared_buffers" {
			if cfg.DatabaseURL != "" {
				means = "not used: database_url is set (size that server's shared_buffers yourself)"
			} else {
				means = "the private Postgres gets " + localpg.DefaultSharedBuffers(localpg.PhysicalMemory()) + " (a quarter of the memory this machine or its container gives memhive, 128MB to 2GB)"
			}
		}
		fmt.Fprintf(e.stderr, "# %s unset: %s\n", key, means)
	}
	// what the read path's connections are set to (not a setting)
	var params []string
	for k, v := range recall.SessionParams {
		params = append(params, k+" = "+v)
	}
	sort.Strings(params)
	fmt.Fprintf(e.stderr, "# recall_pool: %d connections of the read path's own, each with %s\n", cfg.RecallPool, strings.Join(params, ", "))
	return printJSON(e.stdout, red)
}

// unsetMeans says what memhive up does with each setting left unset.
var unsetMeans = map[string]string{
	"database_url":      "a private Postgres in data_dir/pg, on a unix socket",
	"nats_url":          "an embedded NATS with JetStream, files in data_dir/nats",
	"nats_port":         "4222, or a free port when 4222 is taken",
	"http_addr":         "127.0.0.1:7077, or a free port when that is taken",
	"hive_template":     "the built-in templates/hive/template.json",
	"templates_dir":     "the built-in assistant templates",
	"partitions":        "0, one stream for every member; see docs/cluster.md",
	"nats_replicas":     "1",
	"app_database_url":  "database_url's connections switch to the NOLOGIN role memhive_app",
	"process_name":      "host, pid and a random suffix",
	"pg_shared_buffers": "", // said by cmdConfig: it depends on database_url and the machine
	"open_history":      "none",
}

// withDB resolves the memhive of dataDir, connects to its database and
// calls fn; the context ends on Ctrl-C or SIGTERM.
func withDB(dataDir string, fn func(ctx context.Context, t *target, pool *pgxpool.Pool) error) error {
	t, err := resolve(dataDir)
	if err != nil {
		return err
	}
	ctx, cancel := signalContext()
	defer cancel()
	pool, err := t.connectDB(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	return fn(ctx, t, pool)
}

// withNATS resolves the memhive of dataDir, connects to its NATS and calls fn.
func withNATS(dataDir string, fn func(t *target, nc *nats.Conn) error) error {
	t, err := resolve(dataDir)
	if err != nil {
		return err
	}
	nc, err := t.connectNATS()
	if err != nil {
		return err
	}
	defer nc.Close()
	return fn(t, nc)
}

// checkMember is the --member check of every command that reads or writes
// one member: missing is a usage error, a string that is no member id is
// invalid_member (a mistyped "Alice" lists nothing rather than an error
// otherwise).
func checkMember(m string) error {
	if m == "" {
		return usagef("--member is required")
	}
	if !memhive.ValidMember(m) {
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a member id (want [a-z0-9][a-z0-9_-]{0,63})", m)
	}
	return nil
}

// isFlagError reports whether err is the flag package's parse error (an
// unknown flag, a bad value, a missing argument), which it returns as a
// plain error.
func isFlagError(err error) bool {
	m := err.Error()
	return strings.HasPrefix(m, "flag provided but not defined") || strings.HasPrefix(m, "invalid value ") ||
		strings.HasPrefix(m, "invalid boolean value ") || strings.HasPrefix(m, "flag needs an argument") ||
		strings.HasPrefix(m, "bad flag syntax")
}
