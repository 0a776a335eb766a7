package cluster

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/memhive/memhive/config"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// Binary builds cmd/memhive once per test binary and returns its path.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		out, err := exec.Command("go", "env", "GOMOD").Output()
		if err != nil {
			buildErr = fmt.Errorf("go env GOMOD: %w", err)
			return
		}
		root := filepath.Dir(strings.TrimSpace(string(out)))
		dir, err := os.MkdirTemp("", "memhive-cluster-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "memhive")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/memhive")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// ProcOptions say how to start one memhive process.
type ProcOptions struct {
	Name        string   // MEMHIVE_PROCESS; also the data directory's name
	NATSURL     string   // the cluster's URLs
	DatabaseURL string   // with search_path for a test schema
	Partitions  int      // MEMHIVE_PARTITIONS
	Replicas    int      // MEMHIVE_NATS_REPLICAS
	Env         []string // more KEY=value
}

// Proc is one memhive process, a child of the test.
type Proc struct {
	Name    string
	Dir     string
	LogFile string
	cmd     *exec.Cmd
	done    chan struct{}
	Addr    *config.Addresses
}

// StartProc starts `memhive up` and waits until it serves; it is stopped
// (SIGTERM) when the test ends if still running.
func StartProc(t testing.TB, o ProcOptions) *Proc {
	t.Helper()
	bin := Binary(t)
	dir := filepath.Join(t.TempDir(), o.Name)
	p := &Proc{Name: o.Name, Dir: dir, LogFile: dir + ".log", done: make(chan struct{})}
	logf, err := os.Create(p.LogFile)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "up", "--data", dir)
	cmd.Env = append(os.Environ(),
		"MEMHIVE_CONFIG=", "MEMHIVE_NATS_URL="+o.NATSURL, "MEMHIVE_DATABASE_URL="+o.DatabaseURL,
		"MEMHIVE_HTTP_ADDR=127.0.0.1:0", "MEMHIVE_EMBEDDER=hash", "MEMHIVE_PROCESS="+o.Name,
		"MEMHIVE_PARTITIONS="+strconv.Itoa(o.Partitions), "MEMHIVE_NATS_REPLICAS="+strconv.Itoa(max(o.Replicas, 1)))
	cmd.Env = append(cmd.Env, o.Env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.cmd = cmd
	go func() { _ = cmd.Wait(); logf.Close(); close(p.done) }()
	t.Cleanup(func() {
		p.Stop()
		if t.Failed() {
			t.Logf("log of %s:\n%s", p.Name, p.Tail(40))
		}
	})
	deadline := time.Now().Add(90 * time.Second)
	for {
		if a, err := config.ReadAddresses(dir); err == nil && a.PID == cmd.Process.Pid {
			p.Addr = a
			return p
		}
		select {
		case <-p.done:
			t.Fatalf("memhive %s exited while starting:\n%s", o.Name, p.Tail(40))
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("memhive %s not up after 90s:\n%s", o.Name, p.Tail(40))
		}
	}
}

// Kill sends SIGKILL and waits for the process to be gone.
func (p *Proc) Kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// Stop sends SIGTERM (a graceful stop) and waits, SIGKILL after 30s.
func (p *Proc) Stop() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		p.Kill()
	}
}

// Tail is the last n lines of the process's log.
func (p *Proc) Tail(n int) string {
	b, _ := os.ReadFile(p.LogFile)
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Get does an operator-keyed GET on the process's HTTP surface.
func (p *Proc) Get(ctx context.Context, path string) (int, string, error) {
	key, err := os.ReadFile(config.OperatorKeyFile(p.Dir))
	if err != nil {
		return 0, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+p.Addr.HTTPAddr+path, nil)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Authorization", "Bearer "+strings.TrimSpace(string(key)))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// Metric reads one unlabelled metric from the process's /metrics (-1 when
// absent or unreachable).
func (p *Proc) Metric(ctx context.Context, name string) float64 {
	code, body, err := p.Get(ctx, "/metrics")
	if err != nil || code != http.StatusOK {
		return -1
	}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, name+" "); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err == nil {
				return v
			}
		}
	}
	return -1
}

// Exited reports whether the process has ended.
func (p *Proc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// RemoveBinary removes the binary Binary built (call it from TestMain after
// the tests ran).
func RemoveBinary() {
	if binPath != "" {
		_ = os.RemoveAll(filepath.Dir(binPath))
	}
}
