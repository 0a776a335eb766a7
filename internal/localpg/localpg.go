package localpg

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

const (
	// Role is the cluster's superuser role, the user in URL.
	Role = "memhive"
	// port only names the socket file (.s.PGSQL.5432): there is no TCP.
	port = 5432

	logRotateSize = 16 << 20
	maxSocketPath = 107
)

// Options configure Start.
type Options struct {
	// Dir holds the cluster: data/, sock/, postgres.log, localpg.lock.
	// Required; created (0700) if absent.
	Dir string
	// Logger receives lifecycle events. Default: discard.
	Logger *slog.Logger
	// BinDir holds initdb and postgres. Default: `pg_config --bindir` when it
	// holds both, else the highest /usr/lib/postgresql/<major>/bin that does.
	BinDir string
	// Database is created on first start. Default "memhive".
	Database string
	// OSUser is the account initdb and postgres run as when memhive runs as
	// root (created with useradd --system if absent). Default "memhive".
	// Ignored when memhive is not root: the server then runs as memhive's user.
	OSUser string
	// RootHome is where, when memhive runs as root and OSUser cannot reach
	// Dir (for example under /root), the cluster's data and socket
	// directories go instead: RootHome/<hash of Dir>, owned by OSUser, 0700
	// (RootHome itself too). Default /var/lib/memhive-pg. No directory
	// outside it is opened up.
	RootHome string
	// StartTimeout bounds each wait for the server to accept connections,
	// crash recovery included. Default 2 minutes.
	StartTimeout time.Duration
	// SharedBuffers is the server's shared_buffers (a PostgreSQL size:
	// "2GB", "512MB"), given on the command line at every start. Default
	// (DefaultSharedBuffers): a quarter of the memory memhive may use (the
	// machine's, or its container's limit: PhysicalMemory), at least
	// 128MB and at most 2GB. PostgreSQL's own default, 128MB, is far below
	// a long-lived member's indexes: every insert and every recall then
	// reads its pages from the OS cache, one copy a page (on the latency
	// benchmark's record, 1 in 3 CPU seconds of an insert; BENCHMARKS.md).
	SharedBuffers string

	// noDeathSignal leaves the postmaster running when memhive dies (tests
	// use it to make a real orphan).
	noDeathSignal bool
	// initNoSync runs initdb --no-sync (tests: a fresh cluster in seconds
	// on a loaded machine; the server itself always fsyncs).
	initNoSync bool
}

// WithDefaults returns o with every unset field at its default.
func (o Options) WithDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Database == "" {
		o.Database = "memhive"
	}
	if o.OSUser == "" {
		o.OSUser = "memhive"
	}
	if o.StartTimeout <= 0 {
		o.StartTimeout = 2 * time.Minute
	}
	if o.RootHome == "" {
		o.RootHome = "/var/lib/memhive-pg"
	}
	if o.SharedBuffers == "" {
		o.SharedBuffers = DefaultSharedBuffers(PhysicalMemory())
	}
	return o
}

// DefaultSharedBuffers is the private cluster's shared_buffers on a machine
// of mem bytes (0: unknown): a quarter of it, at least 128MB, at most 2GB,
// in whole megabytes.
func DefaultSharedBuffers(mem uint64) string {
	const mb = 1 << 20
	n := uint64(128)
	if q := mem / 4 / mb; q > n {
		n = min(q, 2048)
	}
	return strconv.FormatUint(n, 10) + "MB"
}

// PhysicalMemory is the memory this process may use, in bytes: the
// machine's (/proc/meminfo's MemTotal), or the lowest memory limit of its
// cgroup and the cgroup's parents when that is lower (cgroup v2 memory.max,
// v1 memory.limit_in_bytes), as in a container or a systemd service with
// MemoryMax; 0 when it cannot be read.
func PhysicalMemory() uint64 {
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			return ""
		}
		return string(b)
	}
	var limits []string
	for _, f := range cgroupLimitFiles(read("/proc/self/cgroup")) {
		limits = append(limits, read(f))
	}
	return memoryLimit(read("/proc/meminfo"), limits...)
}

// cgroupLimitFiles are the memory limit files of the cgroups listed in
// /proc/self/cgroup's content and of their parents, up to each hierarchy's
// root (which is read too: with a cgroup namespace, the process's own
// cgroup is the root).
func cgroupLimitFiles(self string) []string {
	var out []string
	walk := func(root, file, path string) {
		for p := filepath.Clean("/" + path); ; p = filepath.Dir(p) {
			out = append(out, filepath.Join(root, p, file))
			if p == "/" {
				return
			}
		}
	}
	for _, l := range strings.Split(self, "\n") {
		parts := strings.SplitN(l, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			walk("/sys/fs/cgroup", "memory.max", parts[2])
		case slices.Contains(strings.Split(parts[1], ","), "memory"):
			walk("/sys/fs/cgroup/memory", "memory.limit_in_bytes", parts[2])
		}
	}
	if len(out) == 0 { // no /proc/self/cgroup: the roots alone
		out = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}
	}
	return out
}

// memoryLimit is PhysicalMemory over the contents of /proc/meminfo and of
// the cgroup limit files ("" for a file that could not be read).
func memoryLimit(meminfo string, limits ...string) uint64 {
	var total uint64
	for _, l := range strings.Split(meminfo, "\n") {
		if v, ok := strings.CutPrefix(l, "MemTotal:"); ok {
			if kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64); err == nil {
				total = kb << 10
			}
			break
		}
	}
	for _, c := range limits {
		// "max" (v2) or a page-rounded huge number (v1) is no limit
		if n, err := strconv.ParseUint(strings.TrimSpace(c), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	return total
}

// sizeRE is a PostgreSQL memory size as the server reads one: a number,
// optionally with a fraction, optionally a space, and a unit (B, kB, MB,
// GB, TB) or none (8 kB blocks).
var sizeRE = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)\s*(B|kB|MB|GB|TB)?$`)

// sizeBytes reads a shared_buffers value in bytes (ok false when it is not
// a size).
func sizeBytes(v string) (float64, bool) {
	m := sizeRE.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, false
	}
	unit := map[string]float64{"": 8 << 10, "B": 1, "kB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30, "TB": 1 << 40}[m[2]]
	return n * unit, true
}

// Validate reports an unusable configuration.
func (o Options) Validate() error {
	if o.Dir == "" {
		return errors.New("localpg: Options.Dir is required")
	}
	// PostgreSQL's own bounds: 16 blocks (128kB) up to 2^30−1 blocks
	if b, ok := sizeBytes(o.SharedBuffers); !ok {
		return fmt.Errorf("localpg: shared_buffers %q is not a PostgreSQL size such as 512MB or 2GB", o.SharedBuffers)
	} else if b < 128<<10 || b > float64(1<<30-1)*(8<<10) {
		return fmt.Errorf("localpg: shared_buffers %q is outside what PostgreSQL takes (128kB to about 8TB)", o.SharedBuffers)
	}
	return nil
}

// Cluster is a running private cluster. Its methods are safe for concurrent use.
type Cluster struct {
	opts    Options
	log     *slog.Logger
	dir     string
	home    string // holds data/ and sock/: dir, or RootHome/<hash> (see Options.RootHome)
	dataDir string
	sockDir string
	logPath string
	binDir  string
	major   int
	cred    *syscall.Credential // nil when not root
	lock    *os.File
	url     string

	stopCh   chan struct{}
	done     chan struct{}
	stopOnce sync.Once

	mu       sync.Mutex
	proc     *os.Process
	restarts int
}

// Start creates the cluster on first use, starts and supervises its
// postmaster, and makes sure Options.Database and the vector extension
// exist. ctx bounds the start only; the cluster runs until Stop.
func Start(ctx context.Context, opts Options) (*Cluster, error) {
	opts = opts.WithDefaults()
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	c := &Cluster{opts: opts, log: opts.Logger, stopCh: make(chan struct{}), done: make(chan struct{})}
	if err := c.prepare(ctx); err != nil {
		c.unlock()
		return nil, err
	}
	first := make(chan error, 1)
	go c.supervise(first)
	select {
	case err := <-first:
		if err != nil {
			<-c.done
			c.unlock()
			return nil, err
		}
	case <-ctx.Done():
		_ = c.Stop(context.WithoutCancel(ctx))
		return nil, fmt.Errorf("localpg: start: %w", ctx.Err())
	}
	if err := c.bootstrap(ctx); err != nil {
		_ = c.Stop(context.WithoutCancel(ctx))
		return nil, err
	}
	c.log.Info("localpg: private postgres ready", "dir", c.dir, "socket", c.sockDir, "version", c.major, "pid", c.PID(), "shared_buffers", c.opts.SharedBuffers)
	return c, nil
}

// URL is a connection string for pgx and libpq: the cluster's database over
// its unix socket, as the Role superuser, e.g.
// postgres://memhive@/memhive?host=%2Fdata%2Fpg%2Fsock&port=5432&sslmode=disable
func (c *Cluster) URL() string { return c.url }

// URLAs is URL with another role (the socket trusts any role that exists;
// see the package comment for who can reach the socket).
func (c *Cluster) URLAs(role string) string {
	u, _ := url.Parse(c.url)
	u.User = url.User(role)
	return u.String()
}

// SocketDir is the directory holding the cluster's unix socket.
func (c *Cluster) SocketDir() string { return c.sockDir }

// Version is the PostgreSQL major version of the binaries.
func (c *Cluster) Version() int { return c.major }

// PID is the postmaster's process id, or 0 while it is not running.
func (c *Cluster) PID() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.proc == nil {
		return 0
	}
	return c.proc.Pid
}

// Restarts counts the times the supervisor restarted a postmaster that died.
func (c *Cluster) Restarts() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.restarts
}

// Stop shuts the server down (fast shutdown: open transactions roll back,
// the data is checkpointed) and waits for it. If ctx ends first, it escalates
// to an immediate shutdown, then SIGKILL, and returns ctx's error. A second
// Stop waits for the first and returns nil.
func (c *Cluster) Stop(ctx context.Context) error {
	first := false
	c.stopOnce.Do(func() { first = true; close(c.stopCh) })
	var err error
	select {
	case <-c.done:
	case <-ctx.Done():
		err = fmt.Errorf("localpg: stop: %w", ctx.Err())
		c.signal(syscall.SIGQUIT)
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			c.signal(syscall.SIGKILL)
			<-c.done
		}
	}
	if first {
		c.unlock()
		c.log.Info("localpg: private postgres stopped", "dir", c.dir)
		return err
	}
	return nil
}

func (c *Cluster) signal(sig syscall.Signal) {
	c.mu.Lock()
	p := c.proc
	c.mu.Unlock()
	if p != nil {
		_ = p.Signal(sig)
	}
}

func (c *Cluster) unlock() {
	if c.lock != nil {
		_ = c.lock.Close() // releases the flock
		c.lock = nil
	}
}

// prepare does everything before the first postmaster: paths, lock, binaries,
// OS user, permissions, initdb, and clearing what a killed memhive left.
func (c *Cluster) prepare(ctx context.Context) error {
	dir, err := filepath.Abs(c.opts.Dir)
	if err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("localpg: create %s: %w", dir, err)
	}
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	c.dir = dir
	c.logPath = filepath.Join(dir, "postgres.log")
	if err := c.takeLock(); err != nil {
		return err
	}
	if c.binDir, err = findBinDir(c.opts.BinDir); err != nil {
		return err
	}
	if c.major, err = binMajor(ctx, c.binDir); err != nil {
		return err
	}
	c.home = dir
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		if uid, gid, err = ensureOSUser(ctx, c.opts.OSUser, c.log); err != nil {
			return err
		}
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}
		if err := c.chooseHome(uid, gid); err != nil {
			return err
		}
	}
	if c.home == dir {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("localpg: %w", err)
		}
		if err := os.Chown(dir, uid, gid); err != nil {
			return fmt.Errorf("localpg: chown %s: %w", dir, err)
		}
	}
	c.dataDir = filepath.Join(c.home, "data")
	if c.sockDir, err = socketDir(c.home, uid, gid); err != nil {
		return err
	}
	q := url.Values{"host": {c.sockDir}, "port": {strconv.Itoa(port)}, "sslmode": {"disable"}}
	c.url = (&url.URL{Scheme: "postgres", User: url.User(Role), Path: "/" + c.opts.Database, RawQuery: q.Encode()}).String()
	if err := c.initdb(ctx, uid, gid); err != nil {
		return err
	}
	return c.clearLeftovers(ctx)
}

func (c *Cluster) takeLock() error {
	path := filepath.Join(c.dir, "localpg.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("localpg: open lock: %w", err)
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	// A lock this process itself released a moment ago (Stop, then Start
	// again) can still be held for a few milliseconds by a child another
	// goroutine has forked and not yet exec'd: the child shares the lock's
	// open file until exec closes it (O_CLOEXEC). Only then is waiting
	// right; another process's lock fails at once.
	for wait := 0; errors.Is(err, syscall.EWOULDBLOCK) && wait < 40 && lockPID(path) == os.Getpid(); wait++ {
		time.Sleep(25 * time.Millisecond)
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	if err != nil {
		b, _ := os.ReadFile(path)
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return fmt.Errorf("localpg: %s is in use by another memhive (pid %s)", c.dir, strings.TrimSpace(string(b)))
		}
		return fmt.Errorf("localpg: lock %s: %w", path, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	c.lock = f
	return nil
}

// lockPID is the process id written in a lock file, or 0.
func lockPID(path string) int {
	b, _ := os.ReadFile(path)
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}

// findBinDir picks the PostgreSQL binaries: explicit, then pg_config, then
// the highest /usr/lib/postgresql/<major>/bin.
func findBinDir(explicit string) (string, error) {
	has := func(d string) bool {
		for _, b := range []string{"postgres", "initdb"} {
			if fi, err := os.Stat(filepath.Join(d, b)); err != nil || fi.IsDir() {
				return false
			}
		}
		return true
	}
	if explicit != "" {
		if !has(explicit) {
			return "", fmt.Errorf("localpg: %s does not hold postgres and initdb", explicit)
		}
		return explicit, nil
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if d := strings.TrimSpace(string(out)); d != "" && has(d) {
			return d, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	best, bestMajor := "", -1
	for _, d := range dirs {
		m, err := strconv.Atoi(filepath.Base(filepath.Dir(d)))
		if err == nil && m > bestMajor && has(d) {
			best, bestMajor = d, m
		}
	}
	if best == "" {
		return "", errors.New("localpg: no PostgreSQL server binaries found (no pg_config, no /usr/lib/postgresql/<major>/bin): install postgresql and run scripts/setup, or set MEMHIVE_DATABASE_URL")
	}
	return best, nil
}

var versionRe = regexp.MustCompile(`\(PostgreSQL\) (\d+)`)

func binMajor(ctx context.Context, binDir string) (int, error) {
	out, err := exec.CommandContext(ctx, filepath.Join(binDir, "postgres"), "--version").Output()
	if err != nil {
		return 0, fmt.Errorf("localpg: %s/postgres --version: %w", binDir, err)
	}
	m := versionRe.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("localpg: cannot read a version from %q", strings.TrimSpace(string(out)))
	}
	return strconv.Atoi(string(m[1]))
}

// ensureOSUser returns the uid and gid of name, creating a system user when absent.
func ensureOSUser(ctx context.Context, name string, log *slog.Logger) (int, int, error) {
	u, err := user.Lookup(name)
	if err != nil {
		var unknown user.UnknownUserError
		if !errors.As(err, &unknown) {
			return 0, 0, fmt.Errorf("localpg: look up user %s: %w", name, err)
		}
		out, err := exec.CommandContext(ctx, "useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name).CombinedOutput()
		if err != nil {
			// Another memhive may have created it at the same moment.
			if u2, err2 := user.Lookup(name); err2 == nil {
				u = u2
			} else {
				return 0, 0, fmt.Errorf("localpg: PostgreSQL refuses to run as root and creating the system user %s failed: %s: %w", name, strings.TrimSpace(string(out)), err)
			}
		} else {
			log.Info("localpg: created system user for postgres", "user", name)
			if u, err = user.Lookup(name); err != nil {
				return 0, 0, fmt.Errorf("localpg: look up user %s: %w", name, err)
			}
		}
	}
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return 0, 0, fmt.Errorf("localpg: uid of %s: %w", name, err)
	}
	gid, err := strconv.Atoi(u.Gid)
	if err != nil {
		return 0, 0, fmt.Errorf("localpg: gid of %s: %w", name, err)
	}
	if uid == 0 {
		return 0, 0, fmt.Errorf("localpg: user %s is root; PostgreSQL needs an unprivileged user", name)
	}
	return uid, gid, nil
}

// searchable reports whether uid/gid can search every directory from dir up to /.
func searchable(dir string, uid, gid int) (bool, error) {
	for p := dir; ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return false, fmt.Errorf("localpg: %w", err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		mode := fi.Mode().Perm()
		var ok bool
		switch {
		case int(st.Uid) == uid:
			ok = mode&0o100 != 0
		case int(st.Gid) == gid:
			ok = mode&0o010 != 0
		default:
			ok = mode&0o001 != 0
		}
		if !ok {
			return false, nil
		}
		if p == filepath.Dir(p) {
			return true, nil
		}
	}
}

// chooseHome (as root) keeps the cluster in dir when the server's user can
// reach it, and otherwise puts it in RootHome/<hash of dir>, owned by that
// user: nothing on the way to dir is opened up. A note in dir says where.
func (c *Cluster) chooseHome(uid, gid int) error {
	ok, err := searchable(filepath.Dir(c.dir), uid, gid)
	if err != nil || ok {
		return err
	}
	h := sha256.Sum256([]byte(c.dir))
	root := c.opts.RootHome
	home := filepath.Join(root, hex.EncodeToString(h[:8]))
	if ok, err := searchable(filepath.Dir(root), uid, gid); err != nil || !ok {
		return fmt.Errorf("localpg: the postgres user cannot reach %s nor %s; run memhive as a user, give Options.RootHome (or a --data) the postgres user can reach, or set MEMHIVE_DATABASE_URL", c.dir, root)
	}
	if _, err := os.Stat(filepath.Join(c.dir, "data", "PG_VERSION")); err == nil {
		if _, err := os.Stat(filepath.Join(home, "data")); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("localpg: %s holds a cluster the postgres user can no longer reach (an earlier memhive opened its parent directories): move it with `mkdir -p %s && mv %s %s`, then start again",
				filepath.Join(c.dir, "data"), home, filepath.Join(c.dir, "data"), filepath.Join(home, "data"))
		}
	}
	for _, d := range []string{root, home} {
		if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("localpg: %w", err)
		}
		if err := os.Chown(d, uid, gid); err != nil {
			return fmt.Errorf("localpg: chown %s: %w", d, err)
		}
		if err := os.Chmod(d, 0o700); err != nil {
			return fmt.Errorf("localpg: %w", err)
		}
	}
	note := fmt.Sprintf("The postgres user (uid %d) cannot reach this directory, so this private\ncluster's data and socket live in %s (owner-only).\n", uid, home)
	if err := os.WriteFile(filepath.Join(c.dir, "LOCATION"), []byte(note), 0o600); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	c.home = home
	c.log.Info("localpg: the postgres user cannot reach the data directory; the cluster lives in a directory of its own", "dir", c.dir, "cluster", home)
	return nil
}

// socketDir returns the socket directory, owned by uid and 0700: <dir>/sock,
// or /tmp/memhive-pg-<hash> when that path would be too long for a socket.
func socketDir(dir string, uid, gid int) (string, error) {
	s := filepath.Join(dir, "sock")
	if len(s)+len("/.s.PGSQL.5432") > maxSocketPath {
		h := sha256.Sum256([]byte(dir))
		s = filepath.Join(os.TempDir(), "memhive-pg-"+hex.EncodeToString(h[:6]))
	}
	if err := os.Mkdir(s, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("localpg: socket dir: %w", err)
	}
	fi, err := os.Lstat(s)
	if err != nil {
		return "", fmt.Errorf("localpg: socket dir: %w", err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() {
		return "", fmt.Errorf("localpg: socket dir %s is not a directory", s)
	}
	if int(st.Uid) != uid && int(st.Uid) != os.Getuid() {
		return "", fmt.Errorf("localpg: socket dir %s belongs to uid %d, not to us", s, st.Uid)
	}
	if err := os.Chown(s, uid, gid); err != nil {
		return "", fmt.Errorf("localpg: chown %s: %w", s, err)
	}
	if err := os.Chmod(s, 0o700); err != nil {
		return "", fmt.Errorf("localpg: %w", err)
	}
	return s, nil
}

// initdb creates the cluster once; later starts check it matches the binaries.
func (c *Cluster) initdb(ctx context.Context, uid, gid int) error {
	pv, err := os.ReadFile(filepath.Join(c.dataDir, "PG_VERSION"))
	if err == nil {
		v, _ := strconv.Atoi(strings.TrimSpace(string(pv)))
		if v != c.major {
			return fmt.Errorf("localpg: the cluster in %s was created by PostgreSQL %d but the binaries in %s are PostgreSQL %d: pg_upgrade it, or set Options.BinDir", c.dataDir, v, c.binDir, c.major)
		}
		return chownTree(c.dataDir, uid, gid)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("localpg: %w", err)
	}
	tmp := c.dataDir + ".init"
	if err := os.RemoveAll(tmp); err != nil {
		return fmt.Errorf("localpg: remove unfinished %s: %w", tmp, err)
	}
	if err := os.RemoveAll(c.dataDir); err != nil { // a data dir without PG_VERSION is not a cluster
		return fmt.Errorf("localpg: %w", err)
	}
	c.log.Info("localpg: creating private postgres cluster", "dir", c.dataDir, "version", c.major)
	run := func(locale string) error {
		args := []string{"-D", tmp, "-U", Role, "--auth=trust", "--encoding=UTF8", "--locale=" + locale, "--no-instructions"}
		if c.opts.initNoSync {
			args = append(args, "--no-sync")
		}
		cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, "initdb"), args...)
		cmd.Env = childEnv()
		cmd.Dir = c.home
		cmd.SysProcAttr = c.sysProcAttr()
		out, err := cmd.CombinedOutput()
		c.appendLog("initdb --locale="+locale, out)
		if err != nil {
			return fmt.Errorf("localpg: initdb: %w: %s", err, tail(out, 5))
		}
		return nil
	}
	if err := run("C.UTF-8"); err != nil {
		c.log.Warn("localpg: initdb with locale C.UTF-8 failed; trying C", "err", err)
		if err := os.RemoveAll(tmp); err != nil {
			return fmt.Errorf("localpg: %w", err)
		}
		if err := run("C"); err != nil {
			return err
		}
	}
	hba := "# memhive private cluster (internal/localpg): unix socket only, trust.\n" +
		"local all all trust\n"
	if err := writeOwned(filepath.Join(tmp, "pg_hba.conf"), hba, uid, gid); err != nil {
		return err
	}
	conf, err := os.ReadFile(filepath.Join(tmp, "postgresql.conf"))
	if err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	conf = append(conf, "\n# memhive private cluster (internal/localpg). The socket directory and\n"+
		"# listen_addresses are also given on the command line at every start.\n"+
		"listen_addresses = ''\n"+
		"unix_socket_permissions = 0700\n"...)
	if err := writeOwned(filepath.Join(tmp, "postgresql.conf"), string(conf), uid, gid); err != nil {
		return err
	}
	if err := os.Rename(tmp, c.dataDir); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	return nil
}

func writeOwned(path, content string, uid, gid int) error {
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	if err := os.Chown(path, uid, gid); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	return nil
}

// chownTree gives the data directory to uid when it belongs to someone else
// (memhive ran once as root, once as a user).
func chownTree(dir string, uid, gid int) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) == uid && int(st.Gid) == gid {
		return nil
	}
	if os.Getuid() != 0 {
		return fmt.Errorf("localpg: %s belongs to uid %d; run memhive as that user or as root", dir, fi.Sys().(*syscall.Stat_t).Uid)
	}
	return filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}

// clearLeftovers handles a postmaster.pid left by a killed memhive.
func (c *Cluster) clearLeftovers(ctx context.Context) error {
	pidFile := filepath.Join(c.dataDir, "postmaster.pid")
	b, err := os.ReadFile(pidFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || pid <= 0 {
		c.log.Warn("localpg: removing unreadable postmaster.pid", "file", pidFile)
		return removeFile(pidFile)
	}
	if !alive(pid) {
		return nil // postgres discards a stale pid file itself
	}
	if !c.isOurPostmaster(pid) {
		c.log.Warn("localpg: postmaster.pid names a process that is not this cluster's server; removing the stale file", "pid", pid)
		return removeFile(pidFile)
	}
	c.log.Warn("localpg: the postgres of an earlier memhive is still running on this data directory; stopping it (fast shutdown) to start a supervised one", "pid", pid)
	deadline := time.Now().Add(c.opts.StartTimeout)
	_ = syscall.Kill(pid, syscall.SIGINT)
	for sig := syscall.SIGQUIT; alive(pid); {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("localpg: waiting for the earlier postgres (pid %d) to stop: %w", pid, err)
		}
		if time.Now().After(deadline) {
			c.log.Warn("localpg: earlier postgres still running; escalating", "pid", pid, "signal", sig.String())
			_ = syscall.Kill(pid, sig)
			sig = syscall.SIGKILL
			deadline = time.Now().Add(10 * time.Second)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

func removeFile(p string) error {
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("localpg: %w", err)
	}
	return nil
}

// alive reports whether pid exists and is not a zombie.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// Fields after "(comm)": state is the first.
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
		return false
	}
	return true
}

// isOurPostmaster: the postmaster chdirs into its data directory.
func (c *Cluster) isOurPostmaster(pid int) bool {
	cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
	return err == nil && filepath.Clean(cwd) == c.dataDir
}

func childEnv() []string {
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == "TZ" || k == "TMPDIR" {
			env = append(env, kv)
		}
	}
	return env
}

func (c *Cluster) sysProcAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Credential: c.cred, Setpgid: true}
	if !c.opts.noDeathSignal {
		// SIGINT is PostgreSQL's fast shutdown. The kernel sends it when the
		// thread that started the process exits: supervise locks its thread.
		a.Pdeathsig = syscall.SIGINT
	}
	return a
}

// child is one postmaster process; done closes when it has exited.
type child struct {
	proc *os.Process
	done chan struct{}
	err  error
}

// supervise runs on one locked OS thread for the cluster's life, so the
// parent-death signal fires only when memhive itself dies. It reports the
// first start on first, then restarts a postmaster that dies until Stop.
func (c *Cluster) supervise(first chan<- error) {
	runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
	defer close(c.done)
	backoff := 100 * time.Millisecond
	var downSince time.Time // zero while postgres is up
	for {
		started := time.Now()
		ch, err := c.spawn()
		if err == nil {
			err = c.waitReady(ch)
		}
		if err == nil && !downSince.IsZero() {
			// the "down" line has its pair: an operator reading the log
			// sees the outage end, not only begin
			c.log.Info("localpg: private postgres is ready again", "restarts", c.Restarts(),
				"down_for", time.Since(downSince).Round(time.Millisecond))
			downSince = time.Time{}
		}
		if first != nil {
			if err != nil {
				c.shutdown(ch)
			}
			first <- err
			if err != nil {
				return
			}
			first = nil
		}
		if err == nil {
			select {
			case <-ch.done:
				c.setProc(nil)
				err = fmt.Errorf("postgres exited: %v", ch.err)
				if time.Since(started) > 30*time.Second {
					backoff = 100 * time.Millisecond
				}
			case <-c.stopCh:
				c.shutdown(ch)
				return
			}
		} else {
			c.shutdown(ch)
			select {
			case <-c.stopCh:
				return
			default:
			}
		}
		c.mu.Lock()
		c.restarts++
		n := c.restarts
		c.mu.Unlock()
		c.log.Error("localpg: private postgres is down; restarting", "err", err, "restart", n, "backoff", backoff, "log", c.logPath)
		if downSince.IsZero() {
			downSince = time.Now()
		}
		select {
		case <-c.stopCh:
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 10*time.Second)
	}
}

// spawn starts a postmaster in its own process group (a Ctrl-C meant for
// memhive does not reach it; memhive stops it in order).
func (c *Cluster) spawn() (*child, error) {
	logf, err := c.openLog()
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(filepath.Join(c.binDir, "postgres"),
		"-D", c.dataDir,
		"-p", strconv.Itoa(port),
		"-c", "listen_addresses=",
		"-c", "unix_socket_directories="+c.sockDir,
		"-c", "shared_buffers="+c.opts.SharedBuffers,
	)
	cmd.Env = childEnv()
	cmd.Dir = c.dataDir
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = c.sysProcAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("localpg: start postgres: %w", err)
	}
	ch := &child{proc: cmd.Process, done: make(chan struct{})}
	c.setProc(cmd.Process)
	go func() { ch.err = cmd.Wait(); close(ch.done) }()
	return ch, nil
}

func (c *Cluster) setProc(p *os.Process) {
	c.mu.Lock()
	c.proc = p
	c.mu.Unlock()
}

// shutdown asks a postmaster for a fast shutdown and waits for it to exit.
func (c *Cluster) shutdown(ch *child) {
	if ch == nil {
		return
	}
	select {
	case <-ch.done:
	default:
		_ = ch.proc.Signal(syscall.SIGINT)
		<-ch.done
	}
	c.setProc(nil)
}

// waitReady polls the socket until the server accepts connections.
func (c *Cluster) waitReady(ch *child) error {
	deadline := time.NewTimer(c.opts.StartTimeout)
	defer deadline.Stop()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, err := pgconn.Connect(ctx, c.urlFor("postgres"))
		cancel()
		if err == nil {
			_ = conn.Close(context.Background())
			return nil
		}
		select {
		case <-ch.done:
			return fmt.Errorf("localpg: postgres exited during start (%v); end of %s:\n%s", ch.err, c.logPath, c.logTail(15))
		case <-c.stopCh:
			return errors.New("localpg: stopped while starting")
		case <-deadline.C:
			return fmt.Errorf("localpg: postgres did not accept connections within %s (%v); end of %s:\n%s", c.opts.StartTimeout, err, c.logPath, c.logTail(15))
		case <-tick.C:
		}
	}
}

// urlFor is URL with another database.
func (c *Cluster) urlFor(db string) string {
	u, _ := url.Parse(c.url)
	u.Path = "/" + db
	return u.String()
}

// bootstrap creates the database and the vector extension.
func (c *Cluster) bootstrap(ctx context.Context) error {
	admin, err := pgx.Connect(ctx, c.urlFor("postgres"))
	if err != nil {
		return fmt.Errorf("localpg: connect: %w", err)
	}
	defer admin.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, c.opts.Database).Scan(&exists); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	if !exists {
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{c.opts.Database}.Sanitize()); err != nil {
			return fmt.Errorf("localpg: create database %s: %w", c.opts.Database, err)
		}
		c.log.Info("localpg: created database", "database", c.opts.Database)
	}
	var avail bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector')`).Scan(&avail); err != nil {
		return fmt.Errorf("localpg: %w", err)
	}
	if !avail {
		return fmt.Errorf("localpg: pgvector is not installed for PostgreSQL %d (%s): run scripts/setup", c.major, c.binDir)
	}
	conn, err := pgx.Connect(ctx, c.url)
	if err != nil {
		return fmt.Errorf("localpg: connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS vector`); err != nil {
		return fmt.Errorf("localpg: create extension vector: %w", err)
	}
	return nil
}

func (c *Cluster) openLog() (*os.File, error) {
	if fi, err := os.Stat(c.logPath); err == nil && fi.Size() > logRotateSize {
		_ = os.Rename(c.logPath, c.logPath+".1")
	}
	f, err := os.OpenFile(c.logPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("localpg: open %s: %w", c.logPath, err)
	}
	return f, nil
}

func (c *Cluster) appendLog(what string, out []byte) {
	f, err := c.openLog()
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "---- %s %s\n%s", time.Now().Format(time.RFC3339), what, out)
}

func (c *Cluster) logTail(n int) string {
	b, err := os.ReadFile(c.logPath)
	if err != nil {
		return ""
	}
	return tail(b, n)
}

func tail(b []byte, n int) string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
