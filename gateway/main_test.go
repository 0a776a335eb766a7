package gateway_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/goleak"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// stdioChildEnv makes the test binary an MCP server on its own stdin and
// stdout (see TestEndToEndMCPRealStdio); its value is the schema to read.
const stdioChildEnv = "MEMHIVE_GATEWAY_STDIO_CHILD"

// Every consumer, server and pool the tests start is stopped: no goroutine
// outlives the tests.
func TestMain(m *testing.M) {
	if schema := os.Getenv(stdioChildEnv); schema != "" {
		os.Exit(stdioChild(schema))
	}
	goleak.VerifyTestMain(m)
}

// stdioChild is what `memhive mcp --member alice --audience … --channel …
// --tier …` does: bind from the command line (here the environment), serve
// over stdio until the client hangs up. Logs go to stderr.
func stdioChild(schema string) int {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(dbtest.URL())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema + ",public"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer pool.Close()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	bind := gateway.Binding{
		Member:   os.Getenv("BIND_MEMBER"),
		Audience: memhive.SplitList(os.Getenv("BIND_AUDIENCE")),
		Channel:  os.Getenv("BIND_CHANNEL"),
		Tier:     os.Getenv("BIND_TIER"),
	}
	server := gateway.NewMCPServer(recall.New(pool, recall.Config{}, nil, log), remember.New(pool), bind, log)
	if err := gateway.ServeStdio(ctx, server); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
