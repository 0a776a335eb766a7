package localpg

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/goleak"

	"github.com/memhive/memhive/internal/logbuf"
)

// Helper mode: the test binary re-executed as a stand-in for `memhive up`, so
// a test can kill -9 it while its cluster runs.
const (
	helperDirEnv     = "LOCALPG_TEST_HELPER_DIR"
	helperNoDeathEnv = "LOCALPG_TEST_HELPER_NO_DEATH_SIGNAL"
	helperRootEnv    = "LOCALPG_TEST_HELPER_ROOT_HOME"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(helperDirEnv); dir != "" {
		runHelper(dir)
		return
	}
	goleak.VerifyTestMain(m)
}

func runHelper(dir string) {
	ctx := context.Background()
	c, err := Start(ctx, Options{Dir: dir, RootHome: os.Getenv(helperRootEnv), noDeathSignal: os.Getenv(helperNoDeathEnv) != "", initNoSync: true})
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	conn, err := pgx.Connect(ctx, c.URL())
	if err == nil {
		_, err = conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS kept (v text); INSERT INTO kept VALUES ('from helper')`)
	}
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	fmt.Println("READY", c.PID())
	select {} // wait for kill -9
}

// deadline bounds waits so a broken cluster fails the test instead of hanging;
// nothing asserts on how long anything took.
const deadline = 3 * time.Minute

type logWriter struct {
	mu   sync.Mutex
	t    testing.TB
	done bool
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

func testLogger(t testing.TB) *slog.Logger {
	w := &logWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// start starts a cluster whose initdb skips fsync, stopped when the test ends.
func start(t *testing.T, opts Options) *Cluster {
	t.Helper()
	opts.initNoSync = true
	return startSynced(t, opts)
}

// startSynced is start with the production initdb.
func startSynced(t *testing.T, opts Options) *Cluster {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = testLogger(t)
	}
	if opts.RootHome == "" {
		opts.RootHome = testRootHome(t)
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	c, err := Start(ctx, opts)
	if err != nil {
		t.Fatalf("Start(%s): %v", opts.Dir, err)
	}
	t.Cleanup(func() { stop(t, c) })
	return c
}

// testRootHome is an Options.RootHome for one test, reachable by the
// postgres user (under /tmp, which is 1777), removed at the end.
func testRootHome(t *testing.T) string {
	t.Helper()
	if d, ok := rootHomes.Load(t.Name()); ok {
		return d.(string)
	}
	d, err := os.MkdirTemp("", "memhive-pg-roothome-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o755); err != nil { // MkdirTemp makes 0700: the parent of RootHome must be searchable
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d); rootHomes.Delete(t.Name()) })
	rootHomes.Store(t.Name(), filepath.Join(d, "pg"))
	return filepath.Join(d, "pg")
}

// rootHomes keeps one RootHome per test, so a test's restarts find its cluster.
var rootHomes sync.Map

func stop(t *testing.T, c *Cluster) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	if err := c.Stop(ctx); err != nil {
		t.Errorf("Stop: %v", err)
	}
}

func connect(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect %s: %v", url, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func queryString(t *testing.T, conn *pgx.Conn, sql string) string {
	t.Helper()
	var s string
	if err := conn.QueryRow(context.Background(), sql).Scan(&s); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return s
}

func exec1(t *testing.T, conn *pgx.Conn, sql string) {
	t.Helper()
	if _, err := conn.Exec(context.Background(), sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func TestStartStopStartKeepsData(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "pg")
	c := startSynced(t, Options{Dir: dir, SharedBuffers: "96MB"})

	conn := connect(t, c.URL())
	if got := queryString(t, conn, `SHOW shared_buffers`); got != "96MB" {
		t.Fatalf("shared_buffers = %q, want the option's 96MB", got)
	}
	var dist float64
	if err := conn.QueryRow(context.Background(), `SELECT '[1,2,3]'::vector <-> '[1,2,5]'::vector`).Scan(&dist); err != nil {
		t.Fatalf("vector distance: %v", err)
	}
	if dist != 2 {
		t.Fatalf("vector distance = %v, want 2", dist)
	}
	if got := queryString(t, conn, `SELECT current_database() || ' ' || current_user`); got != "memhive memhive" {
		t.Fatalf("database and user = %q, want %q", got, "memhive memhive")
	}
	if got := queryString(t, conn, `SHOW listen_addresses`); got != "" {
		t.Fatalf("listen_addresses = %q, want empty (unix socket only)", got)
	}
	if got := queryString(t, conn, `SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = current_database()`); got != "UTF8" {
		t.Fatalf("encoding = %q, want UTF8", got)
	}
	if os.Getuid() == 0 {
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.PID()))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(status), "\nUid:\t") || strings.Contains(string(status), "\nUid:\t0\t") {
			t.Fatalf("postmaster runs as root:\n%s", status)
		}
	}
	exec1(t, conn, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('persisted')`)
	conn.Close(context.Background())

	// The URL works for libpq too (people paste it into psql).
	out, err := exec.Command(filepath.Join(c.binDir, "psql"), c.URL(), "-XAtc", "SELECT v FROM kept").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "persisted" {
		t.Fatalf("psql %s: %v: %s", c.URL(), err, out)
	}

	stop(t, c)
	stop(t, c) // a second Stop is harmless
	if c.PID() != 0 {
		t.Fatalf("PID after Stop = %d, want 0", c.PID())
	}
	if _, err := os.Stat(filepath.Join(c.dataDir, "postmaster.pid")); !os.IsNotExist(err) {
		t.Fatalf("postmaster.pid after a clean stop: %v", err)
	}

	c2 := start(t, Options{Dir: dir})
	conn2 := connect(t, c2.URL())
	if got := queryString(t, conn2, `SELECT v FROM kept`); got != "persisted" {
		t.Fatalf("after restart kept.v = %q", got)
	}
	if got := queryString(t, conn2, `SELECT extversion FROM pg_extension WHERE extname = 'vector'`); got == "" {
		t.Fatal("vector extension missing after restart")
	}
}

func TestTwoClustersSideBySide(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	var cs [2]*Cluster
	var errs [2]error
	var wg sync.WaitGroup
	for i := range cs {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			cs[i], errs[i] = Start(ctx, Options{Dir: filepath.Join(base, strconv.Itoa(i)), RootHome: testRootHome(t), Logger: testLogger(t), initNoSync: true})
		})
	}
	wg.Wait()
	for i := range cs {
		if cs[i] != nil {
			t.Cleanup(func() { stop(t, cs[i]) })
		}
		if errs[i] != nil {
			t.Fatalf("cluster %d: %v", i, errs[i])
		}
	}
	if cs[0].URL() == cs[1].URL() || cs[0].PID() == cs[1].PID() {
		t.Fatalf("two clusters share a server: %s (pid %d) and %s (pid %d)", cs[0].URL(), cs[0].PID(), cs[1].URL(), cs[1].PID())
	}
	for i, c := range cs {
		conn := connect(t, c.URL())
		exec1(t, conn, fmt.Sprintf(`CREATE TABLE who (v text); INSERT INTO who VALUES ('cluster %d')`, i))
	}
	for i, c := range cs {
		conn := connect(t, c.URL())
		if got := queryString(t, conn, `SELECT string_agg(v, ',') FROM who`); got != fmt.Sprintf("cluster %d", i) {
			t.Fatalf("cluster %d holds %q", i, got)
		}
	}
}

func TestSameDirTwiceIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	start(t, Options{Dir: dir})
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	c, err := Start(ctx, Options{Dir: dir, RootHome: testRootHome(t), Logger: testLogger(t)})
	if err == nil {
		_ = c.Stop(ctx)
		t.Fatal("second Start on the same directory succeeded")
	}
	if !strings.Contains(err.Error(), "in use by another memhive") {
		t.Fatalf("second Start: %v, want an in-use error", err)
	}
}

func TestLongDirPutsSocketInTmp(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 100))
	if os.Getuid() == 0 {
		// As root the postgres user cannot reach a 0700 temp dir: make it
		// reachable, so the cluster stays in dir and its socket path is long.
		if err := os.Chmod(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for p := filepath.Dir(filepath.Dir(dir)); p != os.TempDir() && p != "/"; p = filepath.Dir(p) {
			if err := os.Chmod(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	c := start(t, Options{Dir: dir})
	t.Cleanup(func() { os.RemoveAll(c.SocketDir()) })
	if !strings.HasPrefix(c.SocketDir(), filepath.Join(os.TempDir(), "memhive-pg-")) {
		t.Fatalf("socket dir %s, want one under %s", c.SocketDir(), os.TempDir())
	}
	conn := connect(t, c.URL())
	if got := queryString(t, conn, `SELECT current_setting('data_directory')`); got != filepath.Join(dir, "data") {
		t.Fatalf("data_directory = %s, want %s", got, filepath.Join(dir, "data"))
	}
}

func TestSupervisorRestartsKilledPostmaster(t *testing.T) {
	t.Parallel()
	var logs logbuf.Buffer
	c := start(t, Options{Dir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	conn := connect(t, c.URL())
	exec1(t, conn, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('before kill')`)
	conn.Close(context.Background())

	old := c.PID()
	if err := syscall.Kill(old, syscall.SIGKILL); err != nil {
		t.Fatalf("kill -9 %d: %v", old, err)
	}
	end := time.Now().Add(deadline)
	for {
		if pid := c.PID(); pid != 0 && pid != old && c.Restarts() >= 1 {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			conn, err := pgx.Connect(ctx, c.URL())
			if err == nil {
				var v string
				err = conn.QueryRow(ctx, `SELECT v FROM kept`).Scan(&v)
				conn.Close(ctx)
				cancel()
				if err == nil && v == "before kill" {
					break
				}
			} else {
				cancel()
			}
			if err != nil {
				t.Logf("not ready yet: %v", err)
			}
		}
		if time.Now().After(end) {
			t.Fatalf("postmaster not restarted after kill -9 (pid %d, restarts %d)", c.PID(), c.Restarts())
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The outage is logged at both ends: down, and ready again.
	for !strings.Contains(logs.String(), "private postgres is ready again") {
		if time.Now().After(end) {
			t.Fatalf("no line saying postgres is back:\n%s", logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if out := logs.String(); !strings.Contains(out, "private postgres is down") {
		t.Fatalf("no line saying postgres went down:\n%s", out)
	}
}

// startHelper runs a stand-in memhive with its cluster in dir and returns it
// with its postmaster's pid once the cluster is up.
func startHelper(t *testing.T, dir, rootHome string, noDeathSignal bool) (*exec.Cmd, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperDirEnv+"="+dir, helperRootEnv+"="+rootHome)
	if noDeathSignal {
		cmd.Env = append(cmd.Env, helperNoDeathEnv+"=1")
	}
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("helper: %v", err)
	}
	var pid int
	if _, err := fmt.Sscanf(line, "READY %d", &pid); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("helper said %q", line)
	}
	return cmd, pid
}

func kill9(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
}

// kill -9 of memhive: the parent-death signal stops its postmaster, and the
// next Start is not blocked by the lock or by postmaster.pid.
func TestStartAfterMemhiveKilled(t *testing.T) {
	t.Parallel()
	dir, root := t.TempDir(), testRootHome(t)
	cmd, _ := startHelper(t, dir, root, false)
	kill9(t, cmd)
	c := start(t, Options{Dir: dir, RootHome: root})
	conn := connect(t, c.URL())
	if got := queryString(t, conn, `SELECT v FROM kept`); got != "from helper" {
		t.Fatalf("kept.v = %q", got)
	}
}

// A postmaster orphaned by a killed memhive (no parent-death signal) is
// stopped and replaced by a supervised one.
func TestStartStopsOrphanedPostmaster(t *testing.T) {
	t.Parallel()
	dir, root := t.TempDir(), testRootHome(t)
	cmd, orphan := startHelper(t, dir, root, true)
	kill9(t, cmd)
	if !alive(orphan) {
		t.Fatalf("postmaster %d died with its memhive; the test needs an orphan", orphan)
	}
	c := start(t, Options{Dir: dir, RootHome: root})
	if alive(orphan) {
		t.Fatalf("orphaned postmaster %d still running after Start", orphan)
	}
	if c.PID() == orphan || c.PID() == 0 {
		t.Fatalf("cluster pid %d, want a new postmaster (orphan was %d)", c.PID(), orphan)
	}
	conn := connect(t, c.URL())
	if got := queryString(t, conn, `SELECT v FROM kept`); got != "from helper" {
		t.Fatalf("kept.v = %q", got)
	}
}

// TestRootOpensNoParentDirectory: as root, with the data directory under a
// 0700 directory the postgres user cannot search (like /root), Start
// changes no parent's mode; the cluster lives in RootHome/<hash>, owned by
// the postgres user and 0700, and a note in the data directory says so.
// Not as root, the cluster is in the data directory itself.
func TestRootOpensNoParentDirectory(t *testing.T) {
	t.Parallel()
	closed := t.TempDir() // 0700, like /root
	dir := filepath.Join(closed, "home", ".memhive", "pg")
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		t.Fatal(err)
	}
	modes := map[string]os.FileMode{}
	for p := filepath.Dir(dir); p != "/"; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		modes[p] = fi.Mode()
	}
	root := testRootHome(t)
	c := start(t, Options{Dir: dir, RootHome: root})
	conn := connect(t, c.URL())
	if got := queryString(t, conn, `SELECT 'ok'`); got != "ok" {
		t.Fatal(got)
	}
	for p, m := range modes {
		if fi, err := os.Stat(p); err != nil || fi.Mode() != m {
			t.Fatalf("%s: mode %v, was %v (%v)", p, fi.Mode(), m, err)
		}
	}
	if os.Getuid() != 0 {
		if c.home != c.dir {
			t.Fatalf("not root: cluster in %s, want %s", c.home, c.dir)
		}
		return
	}
	if !strings.HasPrefix(c.dataDir, root+"/") || !strings.HasPrefix(c.SocketDir(), root+"/") {
		t.Fatalf("data %s, socket %s: want both under %s", c.dataDir, c.SocketDir(), root)
	}
	for _, d := range []string{root, c.home, c.dataDir, c.SocketDir()} {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o077 != 0 || fi.Sys().(*syscall.Stat_t).Uid != c.cred.Uid {
			t.Fatalf("%s: mode %v uid %d, want owner-only and the postgres user's", d, fi.Mode(), fi.Sys().(*syscall.Stat_t).Uid)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "LOCATION")); err != nil || !strings.Contains(string(b), c.home) {
		t.Fatalf("LOCATION note: %q %v", b, err)
	}
	// A second start finds the same cluster.
	exec1(t, conn, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('x')`)
	conn.Close(context.Background())
	stop(t, c)
	c2 := start(t, Options{Dir: dir, RootHome: root})
	if got := queryString(t, connect(t, c2.URL()), `SELECT v FROM kept`); got != "x" {
		t.Fatal(got)
	}
}

func TestDefaultSharedBuffers(t *testing.T) {
	t.Parallel()
	const gb = 1 << 30
	for _, c := range []struct {
		mem  uint64
		want string
	}{
		{0, "128MB"},         // unknown
		{256 << 20, "128MB"}, // at least PostgreSQL's own default
		{2 * gb, "512MB"},    // a quarter
		{24 * gb, "2048MB"},  // at most 2GB
		{3*gb + 1, "768MB"},  // whole megabytes
	} {
		if got := DefaultSharedBuffers(c.mem); got != c.want {
			t.Errorf("DefaultSharedBuffers(%d) = %s, want %s", c.mem, got, c.want)
		}
	}
	for _, bad := range []string{"lots", "-1MB", "0", "1", "1kB", "9999999999TB", "2 G"} {
		if err := (Options{Dir: "x", SharedBuffers: bad}).Validate(); err == nil {
			t.Errorf("Validate accepted shared_buffers %q", bad)
		}
	}
	for _, good := range []string{"2GB", "2 GB", "1.5GB", "128kB", "16", "512MB"} { // as PostgreSQL reads them
		if err := (Options{Dir: "x", SharedBuffers: good}).Validate(); err != nil {
			t.Errorf("Validate refused %q: %v", good, err)
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	t.Parallel()
	const meminfo = "MemTotal:       24641536 kB\nMemFree:        18000000 kB\n"
	host := uint64(24641536) << 10
	for _, c := range []struct {
		name, meminfo string
		limits        []string
		want          uint64
	}{
		{"no cgroup files", meminfo, nil, host},
		{"v2 without a limit", meminfo, []string{"max\n"}, host},
		{"v1 without a limit", meminfo, []string{"9223372036854771712\n"}, host},
		{"a limit below the machine", meminfo, []string{"max", "2147483648\n", ""}, 2 << 30},
		{"the lowest of a cgroup and its parents", meminfo, []string{"4294967296", "max", "1073741824\n"}, 1 << 30},
		{"limit above the machine", meminfo, []string{"99999999999999\n"}, host},
		{"nothing readable", "", nil, 0},
		{"a limit without meminfo", "", []string{"1073741824"}, 1 << 30},
	} {
		if got := memoryLimit(c.meminfo, c.limits...); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

func TestCgroupLimitFiles(t *testing.T) {
	t.Parallel()
	got := cgroupLimitFiles("12:pids:/x\n4:memory:/process_api/a161\n0::/system.slice/memhive.service\n")
	want := []string{
		"/sys/fs/cgroup/memory/process_api/a161/memory.limit_in_bytes",
		"/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes",
		"/sys/fs/cgroup/memory/memory.limit_in_bytes",
		"/sys/fs/cgroup/system.slice/memhive.service/memory.max",
		"/sys/fs/cgroup/system.slice/memory.max",
		"/sys/fs/cgroup/memory.max",
	}
	if !slices.Equal(got, want) {
		t.Errorf("cgroupLimitFiles = %q, want %q", got, want)
	}
	if got := cgroupLimitFiles(""); len(got) != 2 {
		t.Errorf("without /proc/self/cgroup: %q, want the two roots", got)
	}
}
