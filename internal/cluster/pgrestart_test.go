package cluster_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/internal/cluster"
	"github.com/memhive/memhive/internal/localpg"
	"github.com/memhive/memhive/internal/natstest"
)

// Must-show 2: Postgres is stopped and started again during an ingest (a
// private cluster the test runs, never the shared server): memhive does not
// crash, says so in its log and on /readyz, and recovers by itself; no
// acknowledged turn is lost or duplicated and member order holds.
func TestPostgresRestartDuringIngest(t *testing.T) {
	ctx := context.Background()
	home, err := os.MkdirTemp("", "memhive-pgrestart-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	if err := os.Chmod(home, 0o755); err != nil {
		t.Fatal(err)
	}
	opts := localpg.Options{Dir: filepath.Join(t.TempDir(), "pg"), RootHome: filepath.Join(home, "pg")}
	pg, err := localpg.Start(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pg.Stop(context.Background()) })
	ns := natstest.Start(t)
	p := cluster.StartProc(t, cluster.ProcOptions{Name: "a", NATSURL: ns.ClientURL(), DatabaseURL: pg.URL(), Partitions: 4})
	ready := func() int {
		rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		code, _, err := p.Get(rctx, "/readyz")
		if err != nil {
			return 0
		}
		return code
	}
	if code := ready(); code != http.StatusOK {
		t.Fatalf("/readyz before the outage: %d", code)
	}
	// an assistant key for member m000, made while the database is up
	keyCmd := exec.Command(cluster.Binary(t), "keys", "create", "--member", cluster.Member(0), "--assistant", "talky", "--json", "--data", p.Dir)
	keyCmd.Env = append(os.Environ(), "MEMHIVE_CONFIG=")
	kb, err := keyCmd.Output()
	if err != nil {
		t.Fatalf("keys create: %v", err)
	}
	var key struct{ Key string }
	if err := json.Unmarshal(kb, &key); err != nil || key.Key == "" {
		t.Fatalf("keys create: %s", kb)
	}
	recall := func() (int, string) {
		body := `{"query":"turn","audience":["member:` + cluster.Member(0) + `"],"channel":"test:cluster"}`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+p.Addr.HTTPAddr+"/v1/members/"+cluster.Member(0)+"/recall", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key.Key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	in := &cluster.Ingest{Members: 50, PerMember: 120, Workers: 10}
	done := make(chan error, 1)
	go func() { done <- in.Run(ctx, ns.Conn(t)) }()
	waitUntil(t, "ingest under way", 60*time.Second, func() bool { return in.Progress.Load() >= 1500 })

	down := time.Now()
	if err := pg.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	notReady := waitUntil(t, "/readyz says not ready", 20*time.Second, func() bool { return ready() == http.StatusServiceUnavailable })
	if code, body := recall(); code != http.StatusServiceUnavailable {
		t.Fatalf("recall while Postgres is down: %d %s, want 503", code, body)
	}
	time.Sleep(3 * time.Second) // the outage: turns keep arriving in the stream
	atRestart := in.Progress.Load()
	pg2, err := localpg.Start(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pg2.Stop(context.Background()) })
	outage := time.Since(down)
	if pg2.URL() != pg.URL() {
		t.Fatalf("the restarted cluster moved: %s, was %s", pg2.URL(), pg.URL())
	}
	recovered := waitUntil(t, "/readyz ready again", 60*time.Second, func() bool { return ready() == http.StatusOK })
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, pg2.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := in.Wait(ctx, pool, 120*time.Second); err != nil {
		t.Fatal(err)
	}
	rep, err := in.Verify(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("record: %s", rep)
	}
	if code, body := recall(); code != http.StatusOK || !strings.Contains(body, "turn ") {
		t.Fatalf("recall after the restart: %d %.300s", code, body)
	}
	if p.Exited() {
		t.Fatalf("memhive exited during the outage:\n%s", p.Tail(30))
	}
	log, _ := os.ReadFile(p.LogFile)
	if !strings.Contains(string(log), "store unreachable") {
		t.Fatalf("the outage is not in memhive's log:\n%s", p.Tail(30))
	}
	t.Logf("MUST-SHOW 2: Postgres down %s (acks during it: %d), /readyz 503 after %s, 200 again %s after restart; recall 503 during, 200 after; %s",
		outage.Round(time.Millisecond), atRestart, notReady.Round(time.Millisecond), recovered.Round(time.Millisecond), rep)
}
