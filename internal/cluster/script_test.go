package cluster_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/internal/cluster"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/lanes"
)

// Must-show 6: scripts/cluster up brings up three NATS nodes from the
// configs of deploy/nats/ and two memhive processes; a turn published
// through the cluster is appended by whichever process owns its member's
// partition, and recalled over HTTP through the other process; down stops
// everything it started.
func TestScriptsClusterUpSmoke(t *testing.T) {
	bin := cluster.Binary(t)
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(filepath.Dir(strings.TrimSpace(string(out))), "scripts", "cluster")
	pool := dbtest.New(t)
	dir := t.TempDir()
	ports := func(n int) string {
		var ps []string
		for range n {
			ps = append(ps, fmt.Sprint(cluster.FreePort(t)))
		}
		return strings.Join(ps, " ")
	}
	http1, http2 := cluster.FreePort(t), cluster.FreePort(t)
	env := append(os.Environ(), "MEMHIVE_CLUSTER_DIR="+dir, "MEMHIVE_BIN="+bin, "MEMHIVE_DATABASE_URL="+schemaURL(pool),
		"MEMHIVE_CLUSTER_NATS_PORTS="+ports(3), "MEMHIVE_CLUSTER_ROUTE_PORTS="+ports(3),
		fmt.Sprintf("MEMHIVE_CLUSTER_HTTP_PORTS=%d %d", http1, http2), "MEMHIVE_CLUSTER_PROCS=2", "MEMHIVE_PARTITIONS=4")
	run := func(arg string) string {
		cmd := exec.Command(script, arg)
		cmd.Env = env
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("scripts/cluster %s: %v\n%s", arg, err, b)
		}
		return string(b)
	}
	t.Cleanup(func() { run("down") })
	t.Logf("%s", run("up"))

	secrets := readEnv(t, filepath.Join(dir, "secrets.env"))
	var urls []string
	for _, p := range strings.Fields(envOf(env, "MEMHIVE_CLUSTER_NATS_PORTS")) {
		urls = append(urls, "nats://127.0.0.1:"+p)
	}
	nc, err := nats.Connect(strings.Join(urls, ","), nats.UserInfo("memhive", secrets["MEMHIVE_NATS_PASSWORD"]))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if _, err := nats.Connect(strings.Join(urls, ",")); err == nil {
		t.Fatal("the cluster let in a client without credentials")
	}
	// the processes make the R3 streams as their cells start, once the new
	// cluster has elected its leaders
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the episode stream", 60*time.Second, func() bool {
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := js.Stream(sctx, lanes.EpisodeStream)
		return err == nil
	})
	c, err := lanes.NewClient(context.Background(), nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Publish("alice", lanes.Turn{Session: "s1", Channel: "web:chat", Audience: []string{"member:alice"},
		Role: "user", Speaker: "member:alice", Text: "I moved to Lisbon in March"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	c.Close()

	// an assistant key (keys live in Postgres: one key serves both processes)
	cmd := exec.Command(bin, "keys", "create", "--member", "alice", "--assistant", "talky", "--json", "--data", filepath.Join(dir, "memhive-1"))
	cmd.Env = env
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("keys create: %v", err)
	}
	var key struct{ Key string }
	if err := json.Unmarshal(b, &key); err != nil || key.Key == "" {
		t.Fatalf("keys create: %s", b)
	}
	body := `{"query":"Lisbon","audience":["member:alice"],"channel":"web:chat"}`
	var got string
	recalled := func() bool {
		req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("http://127.0.0.1:%d/v1/members/alice/recall", http2), strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key.Key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			got = err.Error()
			return false
		}
		defer resp.Body.Close()
		rb, _ := io.ReadAll(resp.Body)
		got = fmt.Sprintf("%s: %s", resp.Status, rb)
		return resp.StatusCode == http.StatusOK && strings.Contains(string(rb), "Lisbon")
	}
	// generous: one CI run (the whole suite on two cores) did not see the
	// turn within 60 s, and could not say why; if it happens again the
	// failure below says whether the append or the recall was missing
	for start := time.Now(); !recalled(); time.Sleep(100 * time.Millisecond) {
		if time.Since(start) > 120*time.Second {
			// say which half failed: the append or the recall
			var n int
			if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM episodes WHERE member_id = 'alice'`).Scan(&n); err != nil {
				t.Logf("counting alice's episodes: %v", err)
			}
			for _, name := range []string{"memhive-1", "memhive-2"} {
				b, _ := os.ReadFile(filepath.Join(dir, name+".log"))
				t.Logf("%s.log (last 4 KB):\n%s", name, tail(b, 4096))
			}
			t.Fatalf("the turn recalled through memhive-2: not within 120s; alice has %d episodes; last answer: %.400s", n, got)
		}
	}
	t.Logf("MUST-SHOW 6: recalled through memhive-2: %.200s", got)
	st := run("status")
	if strings.Count(st, ": running") != 5 { // 3 nats, 2 memhive; no private postgres here
		t.Fatalf("status:\n%s", st)
	}
	run("down")
	if st := run("status"); strings.Contains(st, ": running") {
		t.Fatalf("after down:\n%s", st)
	}
}

func readEnv(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			out[k] = v
		}
	}
	return out
}

func envOf(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], key+"="); ok {
			return v
		}
	}
	return ""
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
