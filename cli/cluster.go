package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/localpg"
)

func init() {
	extraCommands["nats"] = command{"run one NATS node (JetStream) from a config file, e.g. a node of scripts/cluster", cmdNATS}
	extraCommands["postgres"] = command{"run a private Postgres with pgvector in a directory, e.g. for scripts/cluster", cmdPostgres}
}

// cmdNATS runs the embedded nats-server from a NATS config file (the same
// files as deploy/nats/ and docker-compose.yml), with the addresses that
// differ on one host given as flags.
func cmdNATS(e *env, args []string) error {
	fs := newFlags(e, "nats", "nats --config FILE [--port N] [--cluster-port N] [--store DIR] [--monitor-port N]", `
Run one NATS server with JetStream in the foreground until interrupted, from
a NATS config file (deploy/nats/nats-1.conf …: users, sync_interval always,
the cluster and its authenticated routes; $VARIABLES in the file come from
the environment). The flags override what must differ when several nodes run
on one host: the client port, the cluster (route) port, the JetStream store
directory and the monitoring port (0, the default here, turns monitoring off).

It is the server memhive embeds (nats-server `+server.VERSION+`), so a host
without a recent nats-server can run a cluster: scripts/cluster up starts
three of these.`)
	file := fs.String("config", "", "NATS config file (required)")
	port := fs.Int("port", 0, "client port (0: the file's)")
	cport := fs.Int("cluster-port", 0, "cluster route port (0: the file's)")
	store := fs.String("store", "", "JetStream store directory (default: the file's)")
	mport := fs.Int("monitor-port", 0, "monitoring HTTP port on 127.0.0.1 (0: off)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *file == "" {
		fs.Usage()
		return usagef("--config is required")
	}
	opts, err := server.ProcessConfigFile(*file)
	if err != nil {
		return fmt.Errorf("nats config %s: %w", *file, err)
	}
	if *port > 0 {
		opts.Port = *port
	}
	if *cport > 0 {
		opts.Cluster.Port = *cport
	}
	if *store != "" {
		opts.StoreDir = *store
	}
	opts.HTTPPort, opts.HTTPHost = 0, ""
	if *mport > 0 {
		opts.HTTPHost, opts.HTTPPort = "127.0.0.1", *mport
	}
	opts.NoSigs = true
	s, err := server.NewServer(opts)
	if err != nil {
		return fmt.Errorf("nats: %w", err)
	}
	s.ConfigureLogger()
	go s.Start()
	if !s.ReadyForConnections(60 * time.Second) {
		s.Shutdown()
		return fmt.Errorf("nats %s did not start on port %d", opts.ServerName, opts.Port)
	}
	e.printf("nats %s: clients on %s, routes on %d, JetStream in %s\n", opts.ServerName, s.ClientURL(), opts.Cluster.Port, opts.StoreDir)
	ctx, cancel := signalContext()
	defer cancel()
	<-ctx.Done()
	s.Shutdown()
	s.WaitForShutdown()
	return nil
}

// cmdPostgres runs a private Postgres cluster (the one `memhive up` runs when
// no MEMHIVE_DATABASE_URL is set) on its own, so several memhive processes
// can share it.
func cmdPostgres(e *env, args []string) error {
	fs := newFlags(e, "postgres", "postgres --dir DIR [--url-file FILE]", `
Run a private Postgres cluster with pgvector in DIR (created on first start;
a unix socket, no TCP) in the foreground until interrupted, and print its URL
(also written to --url-file). Several memhive processes on this host can then
share it as MEMHIVE_DATABASE_URL; scripts/cluster up starts one when it is
given no database.`)
	dir := fs.String("dir", "", "cluster directory (required)")
	urlFile := fs.String("url-file", "", "write the URL here once it is ready")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		fs.Usage()
		return usagef("--dir is required")
	}
	cfg, err := config.Load("")
	if err != nil {
		return err
	}
	log := newLogger(cfg, e.stderr)
	ctx, cancel := signalContext()
	defer cancel()
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return err
	}
	pg, err := localpg.Start(ctx, localpg.Options{Dir: abs, RootHome: cfg.PGRootHome, SharedBuffers: cfg.PGSharedBuffers, Logger: log})
	if err != nil {
		return err
	}
	if *urlFile != "" {
		if err := os.WriteFile(*urlFile, []byte(pg.URL()+"\n"), 0o600); err != nil {
			_ = pg.Stop(ctx)
			return err
		}
	}
	e.printf("postgres: %s\n", strings.TrimSpace(pg.URL()))
	<-ctx.Done()
	return pg.Stop(ctx)
}
