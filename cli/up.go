package cli

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/node"
)

func cmdUp(e *env, args []string) error {
	fs := newFlags(e, "up", "up [--data DIR] [--config FILE]", `
Run memhive in the foreground until interrupted (Ctrl-C or SIGTERM).

With no configuration it runs an embedded NATS server with JetStream (state
in DIR/nats; port 4222, or when 4222 is taken a free port, the same one
again on the next start while it is free) and, when
MEMHIVE_DATABASE_URL is unset, a private Postgres cluster in DIR/pg on a unix
socket. It applies the migrations, starts the cells the hive template names,
serves HTTP (API, /metrics, /mcp) on 127.0.0.1:7077 or a free port, and
records what runs where in DIR/addresses.json for the other commands.

Nothing is open: every HTTP route but /healthz needs an API key (memhive
keys create); on first start memhive makes an operator key (for /metrics
and /readyz) into DIR/credentials/operator.key and its own NATS password
into DIR/credentials/nats.json (0600, directory 0700); the embedded NATS
refuses clients without credentials. The log line "memhive is up" says
where the operator key is.

Environment: MEMHIVE_DATA, MEMHIVE_DATABASE_URL, MEMHIVE_NATS_URL,
MEMHIVE_NATS_PORT, MEMHIVE_NATS_CREDS, MEMHIVE_NATS_NKEY,
MEMHIVE_APP_DATABASE_URL, MEMHIVE_PG_HOME, MEMHIVE_PG_SHARED_BUFFERS,
MEMHIVE_HTTP_ADDR, MEMHIVE_EMBEDDER (wink|hash|openai|none),
MEMHIVE_MODEL_URL and MEMHIVE_MODEL (tier 2); see docs/ and memhive config show.`)
	data := fs.String("data", "", "data directory (default $MEMHIVE_DATA or ~/.memhive)")
	file := fs.String("config", "", "config file (JSON)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := config.Load(*file)
	if err != nil {
		return err
	}
	if *data != "" {
		cfg.DataDir = *data
	}
	log := newLogger(cfg, e.stderr)
	ctx, cancel := signalContext()
	defer cancel()
	n, err := node.Start(ctx, cfg, log)
	if err != nil {
		return err
	}
	<-ctx.Done()
	log.Info("stopping: in-flight turns are committed or left unacknowledged for redelivery")
	sctx, scancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer scancel()
	n.Stop(sctx)
	log.Info("stopped", n.Summary()...)
	return nil
}

func cmdMigrate(e *env, args []string) error {
	fs := newFlags(e, "migrate", "migrate [--data DIR]", `
Apply the database migrations to the database of the memhive running from
DIR, or to MEMHIVE_DATABASE_URL. Safe to run concurrently with a running
memhive: migrators take an advisory lock. `+"`memhive up`"+` migrates on start.`)
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		cfg := t.cfg
		if err := episodes.Migrate(ctx, pool, newLogger(cfg, e.stderr)); err != nil {
			return err
		}
		v, err := episodes.Version(ctx, pool)
		if err != nil {
			return err
		}
		e.printf("schema at version %d\n", v)
		return nil
	})
}
