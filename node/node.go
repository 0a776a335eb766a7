// Package node assembles one memhive process: NATS (embedded or given),
// Postgres (a private cluster or given), the migrations, the embedder, and
// the hive of cells the template names. `memhive up` is node.Run; tests
// start a node the same way.
package node

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/drain"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/localpg"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/porter"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
	"github.com/memhive/memhive/synth"
	"github.com/memhive/memhive/templates"
)

// Node is a running memhive process.
type Node struct {
	Config *config.Config
	Log    *slog.Logger
	NATS   *server.Server // nil when NATSURL was given
	NC     *nats.Conn
	JS     jetstream.JetStream
	PG     *localpg.Cluster // nil when DatabaseURL was given
	Pool   *pgxpool.Pool    // as the runtime role (episodes.RuntimeRole): no UPDATE or DELETE of the record
	Keys   *apikey.Store    // the HTTP surfaces' API keys
	// OperatorKeyFile holds the operator API key (/metrics, /readyz), 0600.
	OperatorKeyFile string
	Hive            *cells.Hive
	Recall          *recall.Service
	Embedder        embed.Embedder // nil when none
	Model           *model.Client  // the one model client (tier 2, the model extractor); nil when the synthesizer cell is off
	EmbedNote       string         // why there is no embedder, when there is none
	Registry        *prometheus.Registry
	HTTPAddr        string
	NATSURL         string
	DBURL           string

	// RecallPool is the read path's own pool (Config.RecallPool
	// connections), so writers never starve recall.
	RecallPool *pgxpool.Pool

	owner    *pgxpool.Pool   // the schema owner's pool, during Start only (migrations, grants, keys, indexes)
	natsOpts *server.Options // the embedded server's, for reloads of its users
	stopBg   context.CancelFunc

	httpSrv  *http.Server
	ln       net.Listener
	onCommit []func([]episodes.Episode)
	advisor  *advisor.Service // node/advisor.go
	// tierFor is the configured memory tier of a named assistant (its
	// template's memory_tier), for every surface that checks one.
	tierFor func(assistant string) (string, bool)

	passRunsVec *prometheus.CounterVec // memhive_pass_runs_total (cluster.go)
	dirLock     *os.File               // the data directory's lock (lockDataDir)
}

// Start brings a node up. On error everything started so far is stopped.
func Start(ctx context.Context, cfg *config.Config, logger *slog.Logger) (n *Node, err error) {
	n = &Node{Config: cfg, Log: logger, Registry: prometheus.NewRegistry()}
	defer func() {
		if err != nil {
			n.Stop(context.Background())
			n = nil
		}
	}()
	n.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return n, fmt.Errorf("data directory %s: %w", cfg.DataDir, err)
	}
	if n.dirLock, err = lockDataDir(cfg.DataDir); err != nil {
		return n, err
	}
	hiveT, err := templates.LoadHive(cfg.HiveTemplate)
	if err != nil {
		return n, err
	}
	assistants, err := templates.Assistants(cfg.TemplatesDir)
	if err != nil {
		return n, err
	}
	if err := n.startNATS(); err != nil {
		return n, err
	}
	if err := n.startDB(ctx); err != nil {
		return n, err
	}
	if err := n.startEmbedder(ctx); err != nil {
		return n, err
	}
	if err := n.ensureOperatorKey(ctx); err != nil {
		return n, err
	}
	// Everything else runs as the runtime role. The owner's pool stays open
	// for maintenance only, which Postgres 15 grants no other role: the
	// analyzer's ANALYZE and the drainer's index drop and rebuild.

	var rcfg recall.Config
	if err := hiveT.Params("recall", &rcfg); err != nil {
		return n, err
	}
	if len(cfg.OpenHistory) > 0 {
		rcfg.OpenHistory = cfg.OpenHistory
	}
	var remb recall.Embedder
	if n.Embedder != nil {
		remb = n.Embedder
	}
	// the keyword cache's memory is the process's (config keyword_cache_mb)
	rcfg.KeywordCacheMB = cfg.KeywordCacheMB
	rcfg.VectorCacheMB = cfg.VectorCacheMB // so is the vector cache's (vector_cache_mb)
	n.Recall = recall.New(n.RecallPool, rcfg.WithDefaults(), remb, logger.With("cell", "recall"))
	n.Registry.MustRegister(n.Recall.Collectors()...)
	// a fresh recall (a tool call) first waits for the appender to write
	// the member's turns already in the episode stream
	js, prefix := n.JS, cfg.Prefix
	n.Recall.Committed = func(ctx context.Context, member string, wait time.Duration) (bool, error) {
		_, ok, err := lanes.WaitCommitted(ctx, js, prefix, member, wait)
		return ok, err
	}
	n.Registry.MustRegister(n.Recall.Tier0CacheCollectors()...)
	n.Registry.MustRegister(n.Recall.KeywordCacheCollectors()...)
	n.Registry.MustRegister(n.Recall.VectorCacheCollectors()...)
	if n.Recall.Scopes, err = templates.Scopes(assistants); err != nil { // every tier and tool reads through them
		return n, err
	}
	// The one model client: tier 2 and the optional model extractor. Timeout
	// and budgets come from MEMHIVE_MODEL_*; the endpoint may come from the
	// config file. With no endpoint it answers model_not_configured.
	if n.Model, err = ModelClient(cfg); err != nil {
		return n, err
	}
	if hiveT.Enabled("synthesizer") && cfg.ModelURL != "" {
		n.Recall.Synth = synth.New(n.Model, model.NewDecisionLog(n.Pool, logger), synth.Config{Logger: logger})
	}
	tierFor := func(name string) (string, bool) {
		a, ok := assistants[name]
		return a.MemoryTier, ok
	}
	n.tierFor = tierFor

	n.Hive = cells.New(n.NC, cfg.Prefix, logger)
	var streamReady <-chan struct{} // the appender's: the episode stream exists
	if hiveT.Enabled("appender") {
		var acfg episodes.AppenderConfig
		if err := hiveT.Params("appender", &acfg); err != nil {
			return n, err
		}
		acfg.Prefix = cfg.Prefix
		clusterAppenderConfig(cfg, &acfg)
		var after episodes.AfterInsert
		if n.Embedder != nil {
			model := n.Embedder.Model()
			after = func(ctx context.Context, tx pgx.Tx, written []episodes.Episode) error {
				ms, ids := make([]string, len(written)), make([]string, len(written))
				for i, e := range written {
					ms[i], ids[i] = e.Member, e.ID
				}
				return embed.Enqueue(ctx, tx, model, embed.OwnerEpisode, ms, ids)
			}
		}
		a, err := episodes.NewAppender(n.Pool, n.NC, acfg, after, logger.With("cell", "appender"))
		if err != nil {
			return n, err
		}
		a.OnCommit = func(written []episodes.Episode) {
			for _, f := range n.onCommit {
				f(written)
			}
		}
		n.Hive.Add(appenderCell{a})
		streamReady = a.StreamReady()
		n.registerClusterMetrics(a)
		for name, v := range a.Stats.Counters() {
			n.Registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name: "memhive_appender_" + name + "_total",
				Help: "Appender " + name + " since start (turns, or batches and failed transactions).",
			}, func() float64 { return float64(v.Load()) }))
		}
	}
	if hiveT.Enabled("embedder") && n.Embedder != nil {
		var p struct {
			Provider string `json:"provider"`
			Batch    int    `json:"batch"`
		}
		if err := hiveT.Params("embedder", &p); err != nil {
			return n, err
		}
		d := embed.NewDrainer(n.Pool, n.Embedder, embed.DrainerConfig{Batch: p.Batch, IndexPool: n.owner,
			// a member enters the HNSW index at the size from which recall searches it there
			IndexFrom: n.Recall.Config().ExactVectorBelow}, logger)
		n.Hive.Add(startStopCell{name: "embedder", start: d.Start, stop: d.Stop})
	}
	if hiveT.Enabled("recall") {
		rec := n.Recall
		nc := n.NC
		prefix := cfg.Prefix
		n.Hive.Add(cells.Func{CellName: "recall", RunFunc: func(ctx context.Context) error {
			svc, err := gateway.ServeNATS(nc, prefix, rec, logger, gateway.WithTierFor(tierFor), gateway.WithWorkers(cfg.RecallWorkers))
			if err != nil {
				return err
			}
			<-ctx.Done()
			return svc.Stop()
		}})
	}
	if hiveT.Enabled("recall") {
		keeper := remember.New(n.Pool, remember.WithSupersedeThreshold(n.Recall.Config().SupersedeThreshold), remember.WithOpenHistory(n.Recall.Config().OpenHistory), remember.WithScopes(n.Recall.Scopes))
		nc, prefix := n.NC, cfg.Prefix
		n.Hive.Add(cells.Func{CellName: "memory", RunFunc: func(ctx context.Context) error {
			svc, err := gateway.ServeMemoryNATS(nc, prefix, keeper, logger, gateway.WithTierFor(tierFor))
			if err != nil {
				return err
			}
			<-ctx.Done()
			return svc.Stop()
		}})
	}
	if hiveT.Enabled("remember") {
		c := remember.NewConsumer(n.JS, n.Pool, remember.Config{Prefix: cfg.Prefix, Replicas: cfg.NATSReplicas, Logger: logger.With("cell", "remember")})
		n.Hive.Add(startStopCell{name: "remember", start: c.Start, stop: c.Stop})
	}
	for _, extra := range extraCells {
		if hiveT.Enabled(extra.name) {
			c, err := extra.make(n, hiveT)
			if err != nil {
				return n, err
			}
			if c != nil {
				n.Hive.Add(c)
			}
		}
	}
	if err := n.Hive.Start(ctx); err != nil {
		return n, err
	}
	// The addresses file says memhive is up: by then the episode stream
	// exists, so a client that publishes at once finds it (the appender
	// makes it as it starts; on a cluster still electing its leaders that
	// may take a while, and memhive goes on after streamWait, the appender
	// still trying).
	if streamReady != nil {
		select {
		case <-streamReady:
		case <-ctx.Done():
			return n, ctx.Err()
		case <-time.After(streamWait):
			logger.Warn("the episode stream is not there yet; going on (the appender keeps trying)", "waited", streamWait)
		}
	}
	if hiveT.Enabled("gateway") {
		if err := n.startHTTP(tierFor); err != nil {
			return n, err
		}
	}
	if err := config.WriteAddresses(config.Addresses{PID: os.Getpid(), NATSURL: n.NATSURL, DatabaseURL: n.DBURL,
		HTTPAddr: n.HTTPAddr, DataDir: cfg.DataDir, Prefix: cfg.Prefix}); err != nil {
		return n, fmt.Errorf("record addresses: %w", err)
	}
	emb := "none (" + n.EmbedNote + ")"
	if n.Embedder != nil {
		emb = n.Embedder.Model()
	}
	tier2 := "off (set MEMHIVE_MODEL_URL and MEMHIVE_MODEL)"
	if n.Recall.Synth != nil {
		tier2 = cfg.Model + " at " + cfg.ModelURL
	}
	logger.Info("memhive is up",
		"nats", redact(n.NATSURL)+natsKind(n), // a given URL may carry a password
		"database", redact(n.DBURL)+dbKind(n),
		"http", "http://"+n.HTTPAddr,
		"mcp", "http://"+n.HTTPAddr+"/mcp",
		"ui", "http://"+n.HTTPAddr+"/ui",
		"data", cfg.DataDir,
		"operator_key", n.OperatorKeyFile,
		"embedder", emb,
		"tier2", tier2,
		"cells", fmt.Sprint(n.Hive.Names()))
	return n, nil
}

// extraCells are cells other files of this package add (closer, clock).
var extraCells []struct {
	name string
	make func(n *Node, t *templates.Hive) (cells.Cell, error)
}

func natsKind(n *Node) string {
	if n.NATS != nil {
		return " (embedded, JetStream in " + filepath.Join(n.Config.DataDir, "nats") + ")"
	}
	return " (given)"
}

func dbKind(n *Node) string {
	if n.PG != nil {
		return " (private cluster in " + filepath.Join(n.Config.DataDir, "pg") + ")"
	}
	return " (given)"
}

func redact(u string) string { c := config.Config{DatabaseURL: u}; return c.Redacted().DatabaseURL }

func portFree(host string, port int) bool {
	l, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

func (n *Node) startNATS() error {
	cfg := n.Config
	if cfg.NATSURL == "" {
		port := cfg.NATSPort
		switch {
		case port == 0:
			port = 4222
			if !portFree("127.0.0.1", port) {
				// The free port taken last time, so the URLs handed to
				// assistants (keys create --nats) outlive a restart.
				port = -1
				if p, ok := lastNATSPort(cfg.DataDir); ok && portFree("127.0.0.1", p) {
					port = p
				}
			}
		case port > 0 && !portFree("127.0.0.1", port):
			// the server would fail to bind with its logging off, and
			// ReadyForConnections would say so only after its 30 s
			return fmt.Errorf("embedded nats: port %d is in use (MEMHIVE_NATS_PORT / nats_port pins it): free it, pick another, or leave it unset for 4222 or a free port", port)
		}
		users, err := natsUsers(cfg.DataDir, cfg.Prefix)
		if err != nil {
			return err
		}
		opts := &server.Options{
			Users:      users, // no anonymous client: docs/surfaces.md, "Trust"
			ServerName: "memhive",
			Host:       "127.0.0.1",
			Port:       port,
			JetStream:  true,
			StoreDir:   filepath.Join(cfg.DataDir, "nats"),
			SyncAlways: true, // an acknowledged publish is on disk
			NoSigs:     true,
			NoLog:      true,
		}
		s, err := server.NewServer(opts)
		if err != nil {
			return fmt.Errorf("embedded nats: %w", err)
		}
		go s.Start()
		if !s.ReadyForConnections(30 * time.Second) {
			s.Shutdown()
			return fmt.Errorf("embedded nats did not start on port %d within 30 s", port)
		}
		n.NATS = s
		n.natsOpts = opts
		bg, cancel := context.WithCancel(context.Background())
		n.stopBg = cancel
		go watchNATSUsers(bg, s, *opts, cfg.DataDir, cfg.Prefix, n.Log)
		n.NATSURL = s.ClientURL()
		if cfg.NATSPort == 0 && port != 4222 {
			n.Log.Warn("port 4222 is taken; the embedded NATS listens on a free port instead (the same one next time while it stays free; MEMHIVE_NATS_PORT pins one)", "nats", n.NATSURL)
			if err := keepNATSPort(cfg.DataDir, s.Addr()); err != nil {
				n.Log.Warn("the embedded NATS port was not recorded for the next start", "err", err)
			}
		}
	} else {
		n.NATSURL = cfg.NATSURL
	}
	copts, err := NATSClientOptions(cfg, n.NATS != nil)
	if err != nil {
		return err
	}
	copts = append(copts, nats.Name("memhive"), nats.MaxReconnects(-1))
	if n.NATS != nil {
		// the node's own connection to its embedded server goes through
		// memory, not the loopback socket: every publish, fetch and ack of
		// the lanes saves its system calls (the server still listens for
		// assistants and the CLI at NATSURL)
		copts = append(copts, nats.InProcessServer(n.NATS))
	}
	nc, err := nats.Connect(n.NATSURL, copts...)
	if err != nil {
		return fmt.Errorf("nats at %s: %w", n.NATSURL, err)
	}
	n.NC = nc
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	n.JS = js
	return nil
}

// startDB connects as the owner, migrates, grants the runtime role its
// privileges, and opens the runtime pool: on the private cluster as the
// login role memhive_app; with MEMHIVE_APP_DATABASE_URL as that login;
// otherwise on the owner's URL switched to memhive_app with SET ROLE on
// every connection (docs/surfaces.md says what each holds against).
func (n *Node) startDB(ctx context.Context) error {
	cfg := n.Config
	url := cfg.DatabaseURL
	if url == "" {
		pg, err := localpg.Start(ctx, localpg.Options{Dir: filepath.Join(cfg.DataDir, "pg"), RootHome: cfg.PGRootHome, SharedBuffers: cfg.PGSharedBuffers, Logger: n.Log.With("component", "postgres")})
		if err != nil {
			return fmt.Errorf("private postgres: %w", err)
		}
		n.PG = pg
		url = pg.URL()
	}
	n.DBURL = url
	owner, err := openPool(ctx, url, "", 2, nil)
	if err != nil {
		return err
	}
	n.owner = owner
	if err := episodes.Migrate(ctx, owner, n.Log); err != nil {
		return err
	}
	if err := episodes.GrantRuntime(ctx, owner, episodes.RuntimeRole, n.PG != nil); err != nil {
		return err
	}
	runURL, setRole := url, episodes.RuntimeRole
	switch {
	case n.PG != nil:
		runURL, setRole = n.PG.URLAs(episodes.RuntimeRole), ""
	case cfg.AppDatabaseURL != "":
		runURL, setRole = cfg.AppDatabaseURL, ""
	}
	// two pools: the writers' and the read path's own, so that a busy
	// appender never leaves a recall waiting for a connection
	if n.Pool, err = openPool(ctx, runURL, setRole, cfg.DBPool, nil); err != nil {
		return err
	}
	if n.RecallPool, err = openPool(ctx, runURL, setRole, cfg.RecallPool, recallTracer(ctx)); err != nil {
		return err
	}
	var who string
	if err := n.Pool.QueryRow(ctx, `SELECT current_user`).Scan(&who); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	n.Log.Debug("database: runtime role", "role", who)
	n.Keys = apikey.NewStore(n.Pool)
	return nil
}

// openPool opens a pool on url with recall's session parameters, switched
// to role with SET ROLE on every new connection when role is not "", of
// at most maxConns connections (0: pgx's default).
// streamWait is how long Start waits for the episode stream before it says
// memhive is up anyway.
const streamWait = 30 * time.Second

type recallTracerKey struct{}

// WithRecallTracer is ctx carrying a tracer for the read path's pool:
// Start gives it to RecallPool's connections. Benchmarks use it to time
// recall's statements by the leg that sent them.
func WithRecallTracer(ctx context.Context, t pgx.QueryTracer) context.Context {
	return context.WithValue(ctx, recallTracerKey{}, t)
}

func recallTracer(ctx context.Context) pgx.QueryTracer {
	t, _ := ctx.Value(recallTracerKey{}).(pgx.QueryTracer)
	return t
}

func openPool(ctx context.Context, url, role string, maxConns int, tracer pgx.QueryTracer) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	if tracer != nil {
		pcfg.ConnConfig.Tracer = tracer
	}
	if maxConns > 0 {
		pcfg.MaxConns = int32(maxConns)
	}
	for k, v := range recall.SessionParams {
		pcfg.ConnConfig.RuntimeParams[k] = v
	}
	if role != "" {
		pcfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
			_, err := c.Exec(ctx, "SET ROLE "+pgx.Identifier{role}.Sanitize())
			return err
		}
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database at %s: %w", redact(url), err)
	}
	return pool, nil
}

// ensureOperatorKey makes sure the operator key in the data directory is a
// live key of this database, making one on first start.
func (n *Node) ensureOperatorKey(ctx context.Context) error {
	dir := n.Config.DataDir
	n.OperatorKeyFile = config.OperatorKeyFile(dir)
	owner := apikey.NewStore(n.owner)
	if b, err := os.ReadFile(n.OperatorKeyFile); err == nil {
		if k, err := owner.Check(ctx, strings.TrimSpace(string(b)), ""); err == nil && k.Kind == apikey.KindOperator {
			return nil
		}
		n.Log.Warn("the operator key in the data directory is not a live key of this database; making a new one", "file", n.OperatorKeyFile)
	}
	key, _, err := owner.Create(ctx, apikey.Spec{Kind: apikey.KindOperator, Note: "made by memhive up in " + dir})
	if err != nil {
		return err
	}
	if err := config.EnsureCredentialsDir(dir); err != nil {
		return fmt.Errorf("credentials directory: %w", err)
	}
	if err := config.WriteSecret(n.OperatorKeyFile, []byte(key+"\n")); err != nil {
		return fmt.Errorf("operator key: %w", err)
	}
	n.Log.Info("made an operator API key", "file", n.OperatorKeyFile)
	return nil
}

func (n *Node) startEmbedder(ctx context.Context) error {
	cfg := n.Config
	var e embed.Embedder
	switch cfg.Embedder {
	case "none":
		n.EmbedNote = "no embedder configured"
		return nil
	case "hash":
		e = embed.NewHashing(256)
	case "openai":
		o, err := embed.NewOpenAI(embed.OpenAIConfig{BaseURL: cfg.EmbedURL, Model: cfg.EmbedModel, APIKey: cfg.EmbedKey, Dimensions: cfg.EmbedDims})
		if err != nil {
			return err
		}
		e = o
	case "wink":
		path := cfg.Vectors
		if path == "" {
			path = embed.DefaultVectorsPath()
		}
		wv, err := embed.OpenWordVectors(path)
		if err != nil {
			n.EmbedNote = fmt.Sprintf("no embedder configured: word vectors not loaded from %s (run scripts/setup): %v", path, err)
			n.Log.Warn("semantic leg off: word vectors not found; scripts/setup fetches and converts them", "path", path, "err", err)
			return nil
		}
		e = wv
	}
	if err := embed.Register(ctx, n.owner, e, true); err != nil { // may create an index: the owner's
		return fmt.Errorf("register embedder %s: %w", e.Model(), err)
	}
	n.Embedder = e
	return nil
}

func (n *Node) startHTTP(tierFor func(string) (string, bool)) error {
	addr := n.Config.HTTPAddr
	if addr == "" {
		addr = "127.0.0.1:7077"
		if !portFree("127.0.0.1", 7077) {
			addr = "127.0.0.1:0"
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("http listen on %s (MEMHIVE_HTTP_ADDR, host:port): %w", addr, err)
	}
	n.ln = ln
	n.HTTPAddr = ln.Addr().String()
	h := gateway.NewHTTP(gateway.HTTPConfig{
		Keys:      n.Keys,
		Recaller:  n.Recall,
		Drainer:   drain.NewService(n.Pool),
		Memorizer: remember.New(n.Pool, remember.WithSupersedeThreshold(n.Recall.Config().SupersedeThreshold), remember.WithOpenHistory(n.Recall.Config().OpenHistory), remember.WithScopes(n.Recall.Scopes)),
		Ready:     n.Ready,
		Registry:  n.Registry,
		TierFor:   tierFor,
		Logger:    n.Log,
		Transfer:  &porter.Archive{Pool: n.Pool, Analyze: n.owner},
		Advisor:   n.gatewayAdvisor(),
	})
	h, stopUI, err := n.mountInspector(h)
	if err != nil {
		return err
	}
	n.httpSrv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	n.httpSrv.RegisterOnShutdown(stopUI)
	go func() {
		if err := n.httpSrv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			n.Log.Error("http server", "err", err)
		}
	}()
	return nil
}

// ReadyTimeout bounds Ready's ping of Postgres: a store that does not
// answer (its processes stopped, its host silent) is not ready, and
// /readyz says so with a 503 instead of hanging with it.
const ReadyTimeout = 2 * time.Second

// Ready reports whether Postgres and NATS answer.
func (n *Node) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, ReadyTimeout)
	defer cancel()
	if err := n.Pool.Ping(ctx); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	if !n.NC.IsConnected() {
		return errors.New("nats: not connected")
	}
	return nil
}

// Stop stops everything in reverse order: HTTP, cells (each commits or
// leaves unacknowledged what it holds), the pool, Postgres, NATS.
func (n *Node) Stop(ctx context.Context) {
	if n.httpSrv != nil {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		_ = n.httpSrv.Shutdown(sctx)
		cancel()
	}
	if n.Hive != nil {
		n.Hive.Stop()
	}
	if n.NC != nil {
		_ = n.NC.Drain()
		n.NC.Close()
	}
	if n.stopBg != nil {
		n.stopBg()
	}
	if n.owner != nil {
		n.owner.Close()
	}
	if n.RecallPool != nil {
		n.RecallPool.Close()
	}
	if n.Pool != nil {
		n.Pool.Close()
	}
	if n.PG != nil {
		_ = n.PG.Stop(ctx)
	}
	if n.NATS != nil {
		n.NATS.Shutdown()
		n.NATS.WaitForShutdown()
	}
	if n.Config != nil && n.dirLock != nil {
		// only the memhive that holds the data directory says it is gone
		_ = os.Remove(config.AddressesFile(n.Config.DataDir))
	}
	if n.dirLock != nil {
		_ = n.dirLock.Close() // releases the lock
		n.dirLock = nil
	}
}

// lockDataDir takes the data directory for this process: an exclusive
// flock on <dir>/memhive.lock, held while the node runs and released by
// the kernel when the process ends, however it ends. A second memhive on
// the same directory would share its JetStream store, its addresses file
// and its private Postgres, so it is refused, saying which process holds
// it.
func lockDataDir(dir string) (*os.File, error) {
	path := filepath.Join(dir, "memhive.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("data directory %s: open its lock: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		b, _ := os.ReadFile(path)
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("data directory %s is in use by another memhive (pid %s): stop it, or give this one another --data", dir, strings.TrimSpace(string(b)))
		}
		return nil, fmt.Errorf("data directory %s: lock: %w", dir, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return f, nil
}

type appenderCell struct{ a *episodes.Appender }

func (c appenderCell) Name() string                  { return "appender" }
func (c appenderCell) Run(ctx context.Context) error { return c.a.Run(ctx) }
func (c appenderCell) Stats() any {
	out := map[string]int64{}
	for name, v := range c.a.Stats.Counters() {
		out[name] = v.Load()
	}
	return out
}

// startStopCell adapts a Start(ctx)/Stop() component to a Cell.
type startStopCell struct {
	name  string
	start func(ctx context.Context) error
	stop  func()
}

func (c startStopCell) Name() string { return c.name }
func (c startStopCell) Run(ctx context.Context) error {
	if err := c.start(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	c.stop()
	return nil
}

// natsPortFile records the free port the embedded NATS took when 4222 was
// taken, so that the next start takes it again while it is free.
func natsPortFile(dataDir string) string { return filepath.Join(dataDir, "nats", "port") }

// lastNATSPort is the port natsPortFile records, if any.
func lastNATSPort(dataDir string) (int, bool) {
	b, err := os.ReadFile(natsPortFile(dataDir))
	if err != nil {
		return 0, false
	}
	p, err := strconv.Atoi(strings.TrimSpace(string(b)))
	return p, err == nil && p > 0 && p < 65536 && p != 4222
}

// keepNATSPort records addr's port in natsPortFile.
func keepNATSPort(dataDir string, addr net.Addr) error {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return fmt.Errorf("embedded nats listens on %v, not TCP", addr)
	}
	if err := os.MkdirAll(filepath.Dir(natsPortFile(dataDir)), 0o700); err != nil {
		return err
	}
	return os.WriteFile(natsPortFile(dataDir), []byte(strconv.Itoa(ta.Port)+"\n"), 0o600)
}
