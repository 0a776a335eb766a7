package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/lanes"
)

// buildBinary builds memhive once per test binary.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "memhive")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

type upProc struct {
	cmd  *exec.Cmd
	log  *os.File
	addr *config.Addresses
}

func startUp(t *testing.T, bin, data string) *upProc {
	t.Helper()
	logf, err := os.OpenFile(filepath.Join(data+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "up", "--data", data)
	cmd.Env = append(os.Environ(), "MEMHIVE_EMBEDDER=hash", "MEMHIVE_HTTP_ADDR=127.0.0.1:0", "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	cmd.Stdout, cmd.Stderr = logf, logf
	_ = os.Remove(config.AddressesFile(data))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &upProc{cmd: cmd, log: logf}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			_ = p.cmd.Wait()
		}
		logf.Close()
	})
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		if a, err := config.ReadAddresses(data); err == nil && a.PID == cmd.Process.Pid {
			p.addr = a
			return p
		}
		time.Sleep(100 * time.Millisecond)
	}
	logData, _ := os.ReadFile(data + ".log")
	t.Fatalf("memhive up did not come up in 120s; log:\n%s", logData)
	return nil
}

func runCLI(t *testing.T, bin, data string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("memhive %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestUpPublishEpisodes is the README's walk: memhive up with embedded NATS
// and a private Postgres, memhive publish, memhive episodes.
func TestUpPublishEpisodes(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	startUp(t, bin, data)
	runCLI(t, bin, data, "publish", "--member", "alice", "--session", "s-1", "--channel", "telegram:dm",
		"--audience", "member:alice,person:bob", "--speaker", "member:alice", "--ref", "tg-7", "see you in Lisbon")
	out := runCLI(t, bin, data, "episodes", "--member", "alice", "--json")
	var eps []struct {
		Audience []string `json:"audience"`
		Channel  string   `json:"channel"`
		Ref      string   `json:"ref"`
		Text     string   `json:"text"`
	}
	if err := json.Unmarshal([]byte(out), &eps); err != nil {
		t.Fatalf("episodes --json: %v\n%s", err, out)
	}
	if len(eps) != 1 || strings.Join(eps[0].Audience, ",") != "member:alice,person:bob" || eps[0].Channel != "telegram:dm" ||
		eps[0].Ref != "tg-7" || eps[0].Text != "see you in Lisbon" {
		t.Fatalf("episodes: %s", out)
	}
	// A refused turn exits non-zero with its code.
	cmd := exec.Command(bin, "publish", "--member", "alice", "--channel", "web:chat", "--speaker", "member:alice", "no audience")
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	b, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(b), "missing_audience") {
		t.Fatalf("publish without audience: err %v, output %s", err, b)
	}
}

// TestKill9KeepsAcknowledgedTurns publishes turns until the stream has
// acknowledged them, kills memhive with SIGKILL at once, restarts it, and
// expects every acknowledged turn in episodes.
func TestKill9KeepsAcknowledgedTurns(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	p := startUp(t, bin, data)
	nc, err := nats.Connect(p.addr.NATSURL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const n = 3000
	for i := range n {
		if err := c.Publish("kim", lanes.Turn{Channel: "web:chat", Audience: []string{"member:kim"}, Speaker: "member:kim",
			Text: fmt.Sprintf("acked turn %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case pe := <-c.Errors():
		t.Fatalf("publish error before the kill: %v", pe)
	default:
	}
	// Every turn is acknowledged by the stream: kill -9 now.
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()
	c.Close()
	nc.Close()

	p2 := startUp(t, bin, data)
	pool, err := pgxpool.New(ctx, p2.addr.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var got int
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if err := pool.QueryRow(ctx, `SELECT count(DISTINCT content) FROM episodes WHERE member_id = 'kim'`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got == n {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	var rows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE member_id = 'kim'`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if got != n || rows != n {
		t.Fatalf("after kill -9 and restart: %d distinct turns in %d rows, want %d acknowledged turns exactly once", got, rows, n)
	}
}
