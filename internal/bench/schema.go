package bench

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/localpg"
)

// DefaultURL is the server a benchmark uses when none is given: the test
// server (MEMHIVE_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
func DefaultURL() string {
	if u := os.Getenv("MEMHIVE_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres"
}

// DB is a benchmark's own schema on a server.
type DB struct {
	Pool   *pgxpool.Pool
	Schema string
	url    string
}

var schemaRE = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// OpenSchema returns a pool whose search_path is schema, then public (where
// the vector extension lives). With reuse false the schema is created (it
// must not exist) and migrated; with reuse true it must exist already. An
// empty schema name gets a fresh one with the given prefix. configure, if
// given, adjusts the pool's configuration (a tracer, say).
func OpenSchema(ctx context.Context, url, schema, prefix string, reuse bool, maxConns int32, configure ...func(*pgxpool.Config)) (*DB, error) {
	if schema == "" {
		if reuse {
			return nil, fmt.Errorf("reuse needs a schema name")
		}
		schema = fmt.Sprintf("%s_%s", prefix, time.Now().UTC().Format("20060102_150405"))
	}
	if !schemaRE.MatchString(schema) {
		return nil, fmt.Errorf("schema name %q: want lowercase letters, digits and _", schema)
	}
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("postgres at %s: %w", url, err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS vector`); err != nil {
		return nil, fmt.Errorf("pgvector: %w", err)
	}
	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)`, schema).Scan(&exists); err != nil {
		return nil, fmt.Errorf("schema %s: %w", schema, err)
	}
	switch {
	case reuse && !exists:
		return nil, fmt.Errorf("schema %s does not exist (run once with --keep)", schema)
	case !reuse && exists:
		return nil, fmt.Errorf("schema %s exists already (drop it, or reuse it with --reuse)", schema)
	case !reuse:
		if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
			return nil, fmt.Errorf("create schema %s: %w", schema, err)
		}
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema + ",public"
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	for _, f := range configure {
		f(cfg)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pool: %w", err)
	}
	d := &DB{Pool: pool, Schema: schema, url: url}
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		pool.Close()
		if !reuse {
			_ = d.Drop(ctx)
		}
		return nil, fmt.Errorf("migrate %s: %w", schema, err)
	}
	return d, nil
}

// Drop closes the pool and drops the schema with everything in it.
func (d *DB) Drop(ctx context.Context) error {
	d.Pool.Close()
	c, err := pgx.Connect(ctx, d.url)
	if err != nil {
		return fmt.Errorf("drop schema %s: %w", d.Schema, err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "DROP SCHEMA "+d.Schema+" CASCADE"); err != nil {
		return fmt.Errorf("drop schema %s: %w", d.Schema, err)
	}
	return nil
}

// Machine describes where a benchmark ran.
type Machine struct {
	CPUs     int    `json:"cpus"`
	CPUModel string `json:"cpu_model,omitempty"`
	MemoryGB string `json:"memory,omitempty"`
	Postgres string `json:"postgres"`
	PGVector string `json:"pgvector,omitempty"`
	// SharedBuffers is the server's shared_buffers: a record larger than
	// it is read from the OS cache page by page, which costs CPU on every
	// call (PostgreSQL's default is 128MB).
	SharedBuffers string `json:"shared_buffers,omitempty"`
	GoOS          string `json:"goos"`
	GoArch        string `json:"goarch"`
	// LoadAvg is /proc/loadavg's 1, 5 and 15 minute load when described:
	// the machine is shared, and a load above the CPU count inflates every
	// latency measured.
	LoadAvg string `json:"loadavg,omitempty"`
	// SyscallNS is the median time of one cheap system call (getppid) in
	// nanoseconds, and PGRoundTripUS the median time of one `SELECT 1` to
	// the server in microseconds: memhive's write and read paths are many
	// small round trips (to Postgres and NATS), and hosts differ most there.
	// A virtual machine that traps every system call to its hypervisor
	// (session 16's firecracker host: about 1 µs a call, against tens of
	// nanoseconds elsewhere) runs the same work at several times the CPU.
	SyscallNS     float64 `json:"syscall_ns,omitempty"`
	PGRoundTripUS float64 `json:"pg_round_trip_us,omitempty"`
}

// DescribeMachine reads the CPU count, model and memory (from /proc on
// Linux) and the server's version.
func DescribeMachine(ctx context.Context, pool *pgxpool.Pool) Machine {
	m := Machine{CPUs: runtime.NumCPU(), GoOS: runtime.GOOS, GoArch: runtime.GOARCH}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPUModel = strings.TrimSpace(v)
				break
			}
		}
	}
	if mem := localpg.PhysicalMemory(); mem > 0 { // the machine's, or the container's limit
		m.MemoryGB = fmt.Sprintf("%.1f GiB", float64(mem)/(1<<30))
	}
	m.LoadAvg = LoadAvg()
	_ = pool.QueryRow(ctx, `SHOW server_version`).Scan(&m.Postgres)
	_ = pool.QueryRow(ctx, `SELECT extversion FROM pg_extension WHERE extname = 'vector'`).Scan(&m.PGVector)
	_ = pool.QueryRow(ctx, `SHOW shared_buffers`).Scan(&m.SharedBuffers)
	m.SyscallNS = syscallNS()
	m.PGRoundTripUS = roundTripUS(ctx, pool)
	return m
}

// syscallNS is the median of 21 timings of 2,000 getppid calls, per call.
func syscallNS() float64 {
	var ts []float64
	for range 21 {
		t := time.Now()
		for range 2000 {
			_ = os.Getppid()
		}
		ts = append(ts, float64(time.Since(t).Nanoseconds())/2000)
	}
	slices.Sort(ts)
	return ts[len(ts)/2]
}

// roundTripUS is the median time of 101 `SELECT 1` on one connection of
// pool (0 when it cannot be had).
func roundTripUS(ctx context.Context, pool *pgxpool.Pool) float64 {
	c, err := pool.Acquire(ctx)
	if err != nil {
		return 0
	}
	defer c.Release()
	var ts []float64
	for range 101 {
		t := time.Now()
		var one int
		if err := c.QueryRow(ctx, `SELECT 1`).Scan(&one); err != nil {
			return 0
		}
		ts = append(ts, float64(time.Since(t).Nanoseconds())/1000)
	}
	slices.Sort(ts)
	return ts[len(ts)/2]
}

// CPUTime is the machine's busy and total CPU time so far, in clock ticks,
// from /proc/stat's first line (busy: user, nice, system, irq, softirq and
// steal; total adds idle and iowait); zeros off Linux. BusyCPUs turns two
// readings into the CPUs kept busy between them.
func CPUTime() (busy, total uint64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0
	}
	for i, v := range f[1:9] {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0
		}
		total += n
		if i != 3 && i != 4 { // idle, iowait
			busy += n
		}
	}
	return busy, total
}

// BusyCPUs is how many of cpus CPUs were busy on average between two
// CPUTime readings (0 when they cannot tell).
func BusyCPUs(busy0, total0, busy1, total1 uint64, cpus int) float64 {
	if total1 <= total0 || busy1 < busy0 {
		return 0
	}
	return float64(busy1-busy0) / float64(total1-total0) * float64(cpus)
}

// LoadAvg is the 1, 5 and 15 minute load average ("" off Linux).
func LoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}
