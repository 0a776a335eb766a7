// Package config is memhive's process configuration: one documented struct
// read from an optional JSON file and then from MEMHIVE_* environment
// variables (which win), with defaults filled by WithDefaults and checked
// by Validate. `memhive config show` prints the effective result.
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/templates"
)

// Config is memhive's configuration. Each field's env variable is in its
// `env` tag; defaults are stated in the comments.
type Config struct {
	// DataDir holds the embedded NATS state, the private Postgres cluster
	// and the addresses a running `memhive up` serves (addresses.json).
	// Default: $HOME/.memhive.
	DataDir string `json:"data_dir,omitempty" env:"MEMHIVE_DATA"`
	// DatabaseURL points at an existing Postgres. Empty: memhive runs a
	// private cluster in DataDir/pg.
	DatabaseURL string `json:"database_url,omitempty" env:"MEMHIVE_DATABASE_URL"`
	// NATSURL points at an existing NATS with JetStream. Empty: memhive
	// runs an embedded server with its state in DataDir/nats.
	NATSURL string `json:"nats_url,omitempty" env:"MEMHIVE_NATS_URL"`
	// NATSCreds is a NATS .creds file (JWT and nkey seed) for NATSURL.
	// Credentials may also be in the URL (nats://user:password@host,
	// nats://token@host).
	NATSCreds string `json:"nats_creds,omitempty" env:"MEMHIVE_NATS_CREDS"`
	// NATSNKey is a file holding an nkey seed (SU…) for NATSURL.
	NATSNKey string `json:"nats_nkey,omitempty" env:"MEMHIVE_NATS_NKEY"`
	// AppDatabaseURL, with DatabaseURL, is a second login for memhive's
	// queries at run time (a role granted the runtime privileges, see
	// docs/surfaces.md); DatabaseURL then only migrates. Empty: memhive
	// switches DatabaseURL's connections to the NOLOGIN role memhive_app
	// with SET ROLE.
	AppDatabaseURL string `json:"app_database_url,omitempty" env:"MEMHIVE_APP_DATABASE_URL"`
	// PGRootHome is where the private Postgres cluster lives when memhive
	// runs as root and the postgres system user cannot reach DataDir
	// (internal/localpg). Default /var/lib/memhive-pg.
	PGRootHome string `json:"pg_root_home,omitempty" env:"MEMHIVE_PG_HOME"`
	// PGSharedBuffers is the private Postgres cluster's shared_buffers
	// ("2GB", "512MB"). Default: a quarter of the machine's memory, at
	// least 128MB and at most 2GB (internal/localpg). Ignored with
	// DatabaseURL: size that server's shared_buffers yourself
	// (docs/operations.md).
	PGSharedBuffers string `json:"pg_shared_buffers,omitempty" env:"MEMHIVE_PG_SHARED_BUFFERS"`
	// NATSPort is the embedded server's port. 0: 4222, or a free port when
	// 4222 is taken (said in the log and recorded in DataDir).
	NATSPort int `json:"nats_port,omitempty" env:"MEMHIVE_NATS_PORT"`
	// HTTPAddr is where the HTTP API, /metrics and /mcp listen. Empty:
	// 127.0.0.1:7077, or a free port when that is taken.
	HTTPAddr string `json:"http_addr,omitempty" env:"MEMHIVE_HTTP_ADDR"`
	// Prefix of every NATS subject. Default "memhive".
	Prefix string `json:"prefix,omitempty" env:"MEMHIVE_PREFIX"`
	// HiveTemplate is a hive template file. Empty: the built-in one.
	HiveTemplate string `json:"hive_template,omitempty" env:"MEMHIVE_HIVE_TEMPLATE"`
	// TemplatesDir holds assistant templates (*/*/config.json, */template.json)
	// that add to or replace the built-in ones.
	TemplatesDir string `json:"templates_dir,omitempty" env:"MEMHIVE_TEMPLATES"`
	// Embedder: "wink" (built-in word vectors; default), "hash" (feature
	// hashing, no download), "openai" (an OpenAI-compatible endpoint) or "none".
	Embedder string `json:"embedder,omitempty" env:"MEMHIVE_EMBEDDER"`
	// Vectors is the converted word-vector file. Default: scripts/vectors.sh's output.
	Vectors string `json:"vectors,omitempty" env:"MEMHIVE_VECTORS"`
	// EmbedURL, EmbedModel, EmbedKey configure the "openai" embedder.
	EmbedURL   string `json:"embed_url,omitempty" env:"MEMHIVE_EMBED_URL"`
	EmbedModel string `json:"embed_model,omitempty" env:"MEMHIVE_EMBED_MODEL"`
	EmbedKey   string `json:"embed_key,omitempty" env:"MEMHIVE_EMBED_KEY" secret:"true"`
	EmbedDims  int    `json:"embed_dims,omitempty" env:"MEMHIVE_EMBED_DIMS"`
	// ModelURL (base URL ending in /v1), Model and ModelKey configure tier 2.
	ModelURL string `json:"model_url,omitempty" env:"MEMHIVE_MODEL_URL"`
	Model    string `json:"model,omitempty" env:"MEMHIVE_MODEL"`
	ModelKey string `json:"model_key,omitempty" env:"MEMHIVE_MODEL_KEY" secret:"true"`
	// OpenHistory lists channels whose history any audience on the channel may read.
	OpenHistory []string `json:"open_history,omitempty" env:"MEMHIVE_OPEN_HISTORY"`
	// DBPool is the most connections the writers share (the appender's
	// writers, the embed drainer, the close and nightly passes, the memory
	// tools). Default 10.
	DBPool int `json:"db_pool,omitempty" env:"MEMHIVE_DB_POOL"`
	// RecallWorkers is how many recall requests one process answers at
	// once over NATS. Default 4.
	RecallWorkers int `json:"recall_workers,omitempty" env:"MEMHIVE_RECALL_WORKERS"`
	// RecallPool is the read path's own connection pool, which the writers
	// cannot starve: a tier-1 call runs its five legs at once. Default
	// RecallWorkers × 5.
	RecallPool int `json:"recall_pool,omitempty" env:"MEMHIVE_RECALL_POOL"`
	// KeywordCacheMB is the memory, in MiB, this process may spend on the
	// keyword leg's in-memory indexes of big members (recall/kwcache.go;
	// about 20 MiB a member of 100,000 turns). -1 turns the cache off.
	// Default 256.
	KeywordCacheMB int `json:"keyword_cache_mb,omitempty" env:"MEMHIVE_KEYWORD_CACHE_MB"`
	// VectorCacheMB is the memory, in MiB, this process may spend on copies
	// of members' vectors for the semantic leg's exact scan
	// (recall/veccache.go; about 4.5 MiB a member of 10,000 vectors of 100
	// dimensions). -1 turns the cache off. Default 256.
	VectorCacheMB int `json:"vector_cache_mb,omitempty" env:"MEMHIVE_VECTOR_CACHE_MB"`
	// Partitions splits the episode lanes into member partitions so that
	// several memhive processes share them, each member read by one process
	// at a time (docs/cluster.md). Every process on the same NATS must set
	// the same number. Default 0: one shared consumer, for one process.
	Partitions int `json:"partitions,omitempty" env:"MEMHIVE_PARTITIONS"`
	// NATSReplicas is the replica count of memhive's streams and lease
	// bucket on a clustered NATS (3 on a three-node cluster). Default 1.
	NATSReplicas int `json:"nats_replicas,omitempty" env:"MEMHIVE_NATS_REPLICAS"`
	// ProcessName names this process in the partition leases and its logs.
	// Default: host, pid and a random suffix.
	ProcessName string `json:"process_name,omitempty" env:"MEMHIVE_PROCESS"`
	// LogLevel: debug, info (default), warn, error.
	LogLevel string `json:"log_level,omitempty" env:"MEMHIVE_LOG_LEVEL"`
	// LogFormat: text (default) or json.
	LogFormat string `json:"log_format,omitempty" env:"MEMHIVE_LOG_FORMAT"`
}

// Load reads file (when not "") and then the environment.
func Load(file string) (*Config, error) {
	c := &Config{}
	if file == "" {
		file = os.Getenv("MEMHIVE_CONFIG")
	}
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("config: %w", err)
		}
		if err := templates.DecodeStrict(data, c); err != nil {
			return nil, fmt.Errorf("config %s: %w", file, err)
		}
	}
	if err := c.fromEnv(); err != nil {
		return nil, err
	}
	c.WithDefaults()
	return c, c.Validate()
}

func (c *Config) fromEnv() error {
	v := reflect.ValueOf(c).Elem()
	t := v.Type()
	for i := range t.NumField() {
		name := t.Field(i).Tag.Get("env")
		s, ok := os.LookupEnv(name)
		if !ok || s == "" {
			continue
		}
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(s)
		case reflect.Int:
			n, err := strconv.Atoi(s)
			if err != nil {
				return fmt.Errorf("config: %s=%q is not a number", name, s)
			}
			f.SetInt(int64(n))
		case reflect.Slice:
			var parts []string
			for _, p := range memhive.SplitList(s) {
				if p = strings.TrimSpace(p); p != "" {
					parts = append(parts, p)
				}
			}
			f.Set(reflect.ValueOf(parts))
		}
	}
	return nil
}

// DefaultDataDir is $HOME/.memhive.
func DefaultDataDir() string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ".memhive"
	}
	return filepath.Join(home, ".memhive")
}

// WithDefaults fills the zero fields.
func (c *Config) WithDefaults() *Config {
	if c.DataDir == "" {
		c.DataDir = DefaultDataDir()
	}
	if c.Prefix == "" {
		c.Prefix = "memhive"
	}
	if c.Embedder == "" {
		c.Embedder = "wink"
	}
	if c.LogLevel == "" {
		c.LogLevel = "info"
	}
	if c.DBPool == 0 {
		c.DBPool = 10
	}
	if c.RecallWorkers == 0 {
		c.RecallWorkers = 4
	}
	if c.RecallPool == 0 {
		c.RecallPool = c.RecallWorkers * 5
	}
	if c.KeywordCacheMB == 0 {
		c.KeywordCacheMB = 256
	}
	if c.VectorCacheMB == 0 {
		c.VectorCacheMB = 256
	}
	if c.LogFormat == "" {
		c.LogFormat = "text"
	}
	return c
}

// Validate checks the values.
func (c *Config) Validate() error {
	switch c.Embedder {
	case "wink", "hash", "openai", "none":
	default:
		return fmt.Errorf("config: embedder %q is not wink, hash, openai or none", c.Embedder)
	}
	if c.Embedder == "openai" && (c.EmbedURL == "" || c.EmbedModel == "") {
		return fmt.Errorf("config: the openai embedder needs MEMHIVE_EMBED_URL and MEMHIVE_EMBED_MODEL")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("config: log level %q is not debug, info, warn or error", c.LogLevel)
	}
	for _, p := range []struct {
		name string
		n    int
	}{{"db_pool (MEMHIVE_DB_POOL)", c.DBPool}, {"recall_workers", c.RecallWorkers}, {"recall_pool", c.RecallPool}} {
		if p.n < 0 || p.n > 1000 {
			return fmt.Errorf("config: %s %d is outside 1..1000", p.name, p.n)
		}
	}
	if c.Partitions < 0 || c.Partitions > 4096 {
		return fmt.Errorf("config: partitions (MEMHIVE_PARTITIONS) %d is outside 0 (none)..4096", c.Partitions)
	}
	if c.KeywordCacheMB < -1 || c.KeywordCacheMB > 1<<20 {
		return fmt.Errorf("config: keyword_cache_mb %d is outside -1 (off)..1048576", c.KeywordCacheMB)
	}
	if c.VectorCacheMB < -1 || c.VectorCacheMB > 1<<20 {
		return fmt.Errorf("config: vector_cache_mb %d is outside -1 (off)..1048576", c.VectorCacheMB)
	}
	if c.NATSPort < 0 || c.NATSPort > 65535 {
		return fmt.Errorf("config: nats port (MEMHIVE_NATS_PORT) %d is outside 0 (4222, or a free port)..65535", c.NATSPort)
	}
	return nil
}

// Redacted returns a copy safe to print: secrets and passwords in URLs hidden.
func (c *Config) Redacted() Config {
	out := *c
	v := reflect.ValueOf(&out).Elem()
	t := v.Type()
	for i := range t.NumField() {
		if t.Field(i).Tag.Get("secret") == "true" && v.Field(i).String() != "" {
			v.Field(i).SetString("(set)")
		}
	}
	out.DatabaseURL = redactURL(out.DatabaseURL)
	out.AppDatabaseURL = redactURL(out.AppDatabaseURL)
	out.NATSURL = redactURL(out.NATSURL)
	return out
}

func redactURL(u string) string {
	if strings.Contains(u, ",") {
		parts := strings.Split(u, ",")
		for i, p := range parts {
			parts[i] = redactURL(p)
		}
		return strings.Join(parts, ",")
	}
	at := strings.LastIndex(u, "@")
	scheme := strings.Index(u, "://")
	if at < 0 || scheme < 0 || at < scheme {
		return u
	}
	cred := u[scheme+3 : at]
	if user, _, ok := strings.Cut(cred, ":"); ok {
		return u[:scheme+3] + user + ":(set)" + u[at:]
	}
	if strings.HasPrefix(u, "nats") || strings.HasPrefix(u, "tls") {
		return u[:scheme+3] + "(token)" + u[at:] // nats://token@host
	}
	return u
}

// Addresses is what a running `memhive up` records in its data directory
// so that client commands on the same machine find it with no flags.
type Addresses struct {
	PID         int    `json:"pid"`
	NATSURL     string `json:"nats_url"`
	DatabaseURL string `json:"database_url"`
	HTTPAddr    string `json:"http_addr"`
	DataDir     string `json:"data_dir"`
	Prefix      string `json:"prefix"`
}

// AddressesFile is the path of the addresses file in dataDir.
func AddressesFile(dataDir string) string { return filepath.Join(dataDir, "addresses.json") }

// WriteAddresses records a.
func WriteAddresses(a Addresses) error {
	data, _ := json.MarshalIndent(a, "", "  ")
	tmp := AddressesFile(a.DataDir) + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, AddressesFile(a.DataDir))
}

// ReadAddresses reads what `memhive up` recorded in dataDir.
func ReadAddresses(dataDir string) (*Addresses, error) {
	data, err := os.ReadFile(AddressesFile(dataDir))
	if err != nil {
		return nil, err
	}
	var a Addresses
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("%s: %w", AddressesFile(dataDir), err)
	}
	return &a, nil
}
