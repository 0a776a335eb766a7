package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/node"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// buildBinary builds memhive once per test binary.
func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "memhive-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "memhive")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
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
	cmd.Env = append(os.Environ(), "MEMHIVE_EMBEDDER=hash", "MEMHIVE_HTTP_ADDR=127.0.0.1:0", "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=",
		"MEMHIVE_PG_HOME="+pgHome(t, data))
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

// pgHome is where a private cluster goes when memhive runs as root and the
// postgres user cannot reach the test's temp dir: one per data dir, under
// a searchable temp dir, removed when the test ends (not /var/lib).
func pgHome(t *testing.T, data string) string {
	t.Helper()
	if d, ok := pgHomes.Load(data); ok {
		return d.(string)
	}
	d, err := os.MkdirTemp("", "memhive-up-pg-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	pgHomes.Store(data, filepath.Join(d, "pg"))
	return filepath.Join(d, "pg")
}

var pgHomes sync.Map

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

// firstJSON decodes the first JSON value in out (a command's combined
// output: a progress bar may come before it, a message on standard error
// after it).
func firstJSON(out string, v any) error {
	i := strings.Index(out, "{")
	if i < 0 {
		return fmt.Errorf("no JSON object in the output")
	}
	return json.NewDecoder(strings.NewReader(out[i:])).Decode(v)
}

// runCLIStatus runs the memhive binary against data and returns its
// combined output and exit status (a failure to run at all fails the test).
func runCLIStatus(t *testing.T, bin, data string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("memhive %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// connectNATS connects to the embedded NATS with memhive's own credentials.
func connectNATS(t *testing.T, data, url string, extra ...nats.Option) (*nats.Conn, error) {
	t.Helper()
	opts, err := node.NATSClientOptions(&config.Config{DataDir: data}, true)
	if err != nil {
		t.Fatal(err)
	}
	return nats.Connect(url, append(opts, extra...)...)
}

// httpDo sends a request to the running memhive with key ("" for none).
func httpDo(t *testing.T, method, url, key, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestUpAuth: memhive up keeps its secrets owner-only in the data dir; the
// operator key it made reads /metrics, nothing reads it without a key; a key
// made with memhive keys create reads its member and not another; NATS
// credentials made with keys create --nats are picked up by the running
// server and publish only into their member's lane.
func TestUpAuth(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	p := startUp(t, bin, data)
	base := "http://" + p.addr.HTTPAddr
	for _, f := range []string{config.OperatorKeyFile(data), config.NATSUserFile(data), config.CredentialsDir(data)} {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o077 != 0 {
			t.Fatalf("%s is %v: readable by others", f, fi.Mode())
		}
	}
	opKey, err := os.ReadFile(config.OperatorKeyFile(data))
	if err != nil {
		t.Fatal(err)
	}
	if status, body := httpDo(t, "GET", base+"/metrics", "", ""); status != 401 || !strings.Contains(body, "unauthenticated") {
		t.Fatalf("/metrics without a key: %d %s", status, body)
	}
	if status, body := httpDo(t, "GET", base+"/metrics", strings.TrimSpace(string(opKey)), ""); status != 200 || !strings.Contains(body, "memhive_http_requests_total") || !strings.Contains(body, "memhive_recall_tier0_profile_kept_total") {
		t.Fatalf("/metrics with the operator key: %d %s", status, body)
	}
	if status, _ := httpDo(t, "GET", base+"/healthz", "", ""); status != 200 {
		t.Fatalf("/healthz: %d", status)
	}
	var created struct {
		ID, Key, User, Password, InboxPrefix string `json:"-"`
	}
	out := runCLI(t, bin, data, "keys", "create", "--member", "alice", "--assistant", "talky", "--json")
	var k map[string]any
	if err := json.Unmarshal([]byte(out), &k); err != nil {
		t.Fatalf("keys create --json: %v\n%s", err, out)
	}
	created.Key, _ = k["key"].(string)
	created.ID, _ = k["id"].(string)
	recallBody := `{"query":"Lisbon","audience":["member:alice"],"channel":"web:chat"}`
	if status, body := httpDo(t, "POST", base+"/v1/members/alice/recall", created.Key, recallBody); status != 200 {
		t.Fatalf("recall alice with alice's key: %d %s", status, body)
	}
	if status, body := httpDo(t, "POST", base+"/v1/members/bob/recall", created.Key, recallBody); status != 403 || !strings.Contains(body, "forbidden_member") {
		t.Fatalf("recall bob with alice's key: %d %s", status, body)
	}
	if status, body := httpDo(t, "POST", base+"/v1/members/alice/recall", "", recallBody); status != 401 {
		t.Fatalf("recall without a key: %d %s", status, body)
	}
	if list := runCLI(t, bin, data, "keys", "list"); !strings.Contains(list, created.ID) || strings.Contains(list, created.Key) {
		t.Fatalf("keys list: %s", list)
	}
	runCLI(t, bin, data, "keys", "revoke", created.ID)
	if status, body := httpDo(t, "POST", base+"/v1/members/alice/recall", created.Key, recallBody); status != 401 {
		t.Fatalf("recall with a revoked key: %d %s", status, body)
	}

	// NATS: no credentials, no connection; an assistant's credentials publish into its member's lane only.
	if nc, err := nats.Connect(p.addr.NATSURL, nats.NoReconnect()); err == nil {
		nc.Close()
		t.Fatal("connected to the embedded NATS without credentials")
	}
	out = runCLI(t, bin, data, "keys", "create", "--nats", "--member", "alice", "--assistant", "talky", "--json")
	if err := json.Unmarshal([]byte(out), &k); err != nil {
		t.Fatalf("keys create --nats --json: %v\n%s", err, out)
	}
	created.User, _ = k["user"].(string)
	created.Password, _ = k["password"].(string)
	created.InboxPrefix, _ = k["inbox_prefix"].(string)
	var anc *nats.Conn
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		anc, err = nats.Connect(p.addr.NATSURL, nats.UserInfo(created.User, created.Password), nats.CustomInboxPrefix(created.InboxPrefix), nats.Timeout(10*time.Second))
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the new NATS credential was not picked up: %v", err)
		}
	}
	defer anc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := lanes.NewClient(ctx, anc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Publish("alice", lanes.Turn{Session: "s-n", Channel: "web:chat", Audience: []string{"member:alice"},
		Role: "user", Speaker: "member:alice", Text: "over assistant credentials"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	c.Close()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if out := runCLI(t, bin, data, "episodes", "--member", "alice", "--json"); strings.Contains(out, "over assistant credentials") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the assistant's turn was not stored")
		}
	}
}

// TestUpPublishEpisodes is the README's walk: memhive up with embedded NATS
// and a private Postgres, memhive publish, memhive episodes.
func TestUpPublishEpisodes(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	p := startUp(t, bin, data)
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
	// the same --ref again is the same turn: written once
	runCLI(t, bin, data, "publish", "--member", "alice", "--session", "s-1", "--channel", "telegram:dm",
		"--audience", "member:alice,person:bob", "--speaker", "member:alice", "--ref", "tg-7", "see you in Lisbon")
	if out := runCLI(t, bin, data, "episodes", "--member", "alice"); strings.Count(out, "see you in Lisbon") != 1 {
		t.Fatalf("the same --ref published twice:\n%s", out)
	}
	// A refused turn exits non-zero with its code.
	cmd := exec.Command(bin, "publish", "--member", "alice", "--channel", "web:chat", "--speaker", "member:alice", "no audience")
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	b, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(b), "missing_audience") {
		t.Fatalf("publish without audience: err %v, output %s", err, b)
	}
	// The same --id again: the same turn is accepted (a retry); another
	// turn under it is id_conflict, and the first stands.
	id := "01KB0000000000000000000001"
	runCLI(t, bin, data, "publish", "--member", "alice", "--channel", "web:chat", "--audience", "member:alice",
		"--speaker", "member:alice", "--id", id, "my cat is called Miso")
	runCLI(t, bin, data, "publish", "--member", "alice", "--channel", "web:chat", "--audience", "member:alice",
		"--speaker", "member:alice", "--id", id, "my cat is called Miso")
	cmd = exec.Command(bin, "publish", "--member", "alice", "--channel", "web:chat", "--audience", "member:alice",
		"--speaker", "member:alice", "--id", id, "my dog is called Rex")
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "id_conflict") {
		t.Fatalf("publish of another turn under a used id: err %v, output %s", err, b)
	}
	if out := runCLI(t, bin, data, "episodes", "--member", "alice"); !strings.Contains(out, "Miso") || strings.Contains(out, "Rex") {
		t.Fatalf("episodes after the id conflict:\n%s", out)
	}
	runCLI(t, bin, data, "recall", "--member", "alice", "--tier", "1", "--audience", "member:alice", "--channel", "web:chat", "Miso")
	// a nightly run for a mistyped member is not_found
	nightlyCmd := exec.Command(bin, "nightly", "run", "--member", "alcie")
	nightlyCmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	if b, err := nightlyCmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "not_found") {
		t.Fatalf("nightly run --member alcie: err %v, output %s", err, b)
	}
	// --assistant without --tier reads the template's tier: cogny has none,
	// and an assistant with no template has none either
	for _, as := range []string{"cogny", "nosuch"} {
		cmd := exec.Command(bin, "recall", "--member", "alice", "--assistant", as, "--audience", "member:alice", "--channel", "web:chat", "Miso")
		cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
		if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "memory_not_configured") {
			t.Fatalf("recall --assistant %s: err %v, output %s", as, err, b)
		}
	}
	// stopped, memhive says what it did: two turns written (the retry and
	// the conflict never reach the appender: the stream drops a repeated
	// Nats-Msg-Id), one refused, three recall calls of which the two
	// for assistants with no memory were refused
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	_ = p.cmd.Wait()
	logData, _ := os.ReadFile(data + ".log")
	if m := regexp.MustCompile(`msg=stopped .*`).Find(logData); m == nil ||
		!strings.Contains(string(m), "turns_accepted=2") || !strings.Contains(string(m), "turns_refused=1") ||
		!strings.Contains(string(m), "recall_calls=3 recall_refused=2 recall_failed=0") {
		t.Fatalf("the stop line does not count what was done: %q", m)
	}
	// no log line names an attribute twice (cell=recall cell=recall)
	checked := 0
	for _, line := range strings.Split(string(logData), "\n") {
		if !strings.HasPrefix(line, "time=") {
			continue
		}
		checked++
		seen := map[string]bool{}
		for _, m := range logKey.FindAllStringSubmatch(line, -1) {
			if seen[m[1]] {
				t.Errorf("log line repeats %s: %s", m[1], line)
			}
			seen[m[1]] = true
		}
	}
	if checked == 0 {
		t.Fatalf("no log lines read:\n%s", logData)
	}
}

// logKey finds the attribute keys of a text log line (outside quoted values).
var logKey = regexp.MustCompile(`(?:^|\s)([A-Za-z_][A-Za-z0-9_.]*)=(?:"(?:[^"\\]|\\.)*"|\S*)`)

// TestKill9KeepsAcknowledgedTurns publishes turns until the stream has
// acknowledged them, kills memhive with SIGKILL at once, restarts it, and
// expects every acknowledged turn in episodes.
func TestKill9KeepsAcknowledgedTurns(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	p := startUp(t, bin, data)
	nc, err := connectNATS(t, data, p.addr.NATSURL)
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

// TestTwoUpsSideBySide runs two memhive up with different data directories
// at once, with the default ports (4222 is the system NATS here, so both
// take free ports), and checks that each serves its own record.
func TestTwoUpsSideBySide(t *testing.T) {
	bin := buildBinary(t)
	// 4222 is the system NATS's on this machine kind; where it is free, hold
	// it so that the port-taken path is what this test exercises.
	if l, err := net.Listen("tcp", "127.0.0.1:4222"); err == nil {
		t.Cleanup(func() { l.Close() })
	}
	a := filepath.Join(t.TempDir(), "a")
	b := filepath.Join(t.TempDir(), "b")
	start := func(data string) *upProc {
		logf, _ := os.Create(data + ".log")
		cmd := exec.Command(bin, "up", "--data", data)
		cmd.Env = append(os.Environ(), "MEMHIVE_EMBEDDER=hash", "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=", "MEMHIVE_HTTP_ADDR=", "MEMHIVE_NATS_PORT=",
			"MEMHIVE_PG_HOME="+pgHome(t, data))
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait(); logf.Close() })
		return &upProc{cmd: cmd, log: logf}
	}
	pa, pb := start(a), start(b)
	wait := func(p *upProc, data string) *config.Addresses {
		deadline := time.Now().Add(150 * time.Second)
		for time.Now().Before(deadline) {
			if ad, err := config.ReadAddresses(data); err == nil && ad.PID == p.cmd.Process.Pid {
				return ad
			}
			time.Sleep(100 * time.Millisecond)
		}
		logData, _ := os.ReadFile(data + ".log")
		t.Fatalf("%s did not come up:\n%s", data, logData)
		return nil
	}
	aa, ab := wait(pa, a), wait(pb, b)
	if aa.NATSURL == ab.NATSURL || aa.HTTPAddr == ab.HTTPAddr || aa.DatabaseURL == ab.DatabaseURL {
		t.Fatalf("the two share an address: %+v %+v", aa, ab)
	}
	if strings.HasSuffix(aa.NATSURL, ":4222") || strings.HasSuffix(ab.NATSURL, ":4222") {
		t.Fatalf("an embedded NATS claims 4222, which the system NATS holds: %s %s", aa.NATSURL, ab.NATSURL)
	}
	logA, _ := os.ReadFile(a + ".log")
	if !strings.Contains(string(logA), "4222 is taken") {
		t.Fatalf("the log does not say the default port was replaced:\n%s", logA)
	}
	runCLI(t, bin, a, "publish", "--member", "ann", "--channel", "web:chat", "--audience", "member:ann", "--speaker", "member:ann", "in a")
	runCLI(t, bin, b, "publish", "--member", "ann", "--channel", "web:chat", "--audience", "member:ann", "--speaker", "member:ann", "in b")
	if out := runCLI(t, bin, a, "episodes", "--member", "ann"); !strings.Contains(out, "in a") || strings.Contains(out, "in b") {
		t.Fatalf("a's record: %s", out)
	}
	// Restarted, a takes the free port it took before, so the NATS URL
	// handed to its assistants (keys create --nats) still reaches it.
	_ = pa.cmd.Process.Signal(syscall.SIGTERM)
	_ = pa.cmd.Wait()
	if again := wait(start(a), a); again.NATSURL != aa.NATSURL {
		t.Fatalf("restarted, a's NATS moved from %s to %s", aa.NATSURL, again.NATSURL)
	}
}

// TestImportJSONL imports a JSONL file with one bad line and reports counts.
func TestImportJSONL(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	startUp(t, bin, data)
	f := filepath.Join(t.TempDir(), "turns.jsonl")
	lines := `{"member":"zoe","session":"s","channel":"web:chat","audience":["member:zoe"],"speaker":"member:zoe","text":"one"}
{"member":"zoe","session":"s","channel":"web:chat","audience":["member:zoe"],"speaker":"member:zoe","text":"one"}
{"session":"s","channel":"web:chat","audience":["member:zoe"],"speaker":"member:zoe","text":"two (member from the flag)"}
{"member":"zoe","session":"s","channel":"web:chat","speaker":"member:zoe","text":"no audience"}
`
	if err := os.WriteFile(f, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Turns, Accepted, Refused, New int
		Already                       int            `json:"already_in_record"`
		RefusedByCode                 map[string]int `json:"refused_by_code"`
		RefusedLines                  []struct {
			Line int
			Code string
		} `json:"refused_lines"`
	}
	// another publisher's turn before the import: the new rows are the
	// import's own, not the appender's count
	runCLI(t, bin, data, "publish", "--member", "zoe", "--channel", "web:chat", "--audience", "member:zoe", "--speaker", "member:zoe", "not imported")
	// a refused line leaves the import partial: exit status 3, not success
	out, code := runCLIStatus(t, bin, data, "import", "--member", "zoe", "--json", f)
	if code != 3 || !strings.Contains(out, "1 of 4 turns were refused") {
		t.Fatalf("import with a refused line: exit status %d, want 3 and the count\n%s", code, out)
	}
	if err := firstJSON(out, &sum); err != nil {
		t.Fatalf("import --json: %v\n%s", err, out)
	}
	if sum.Turns != 4 || sum.Accepted != 3 || sum.New != 3 || sum.Already != 0 || sum.Refused != 1 || sum.RefusedByCode["missing_audience"] != 1 {
		t.Fatalf("import summary %+v from %s", sum, out)
	}
	if len(sum.RefusedLines) != 1 || sum.RefusedLines[0].Line != 4 || sum.RefusedLines[0].Code != "missing_audience" {
		t.Fatalf("refused lines %+v, want line 4 missing_audience", sum.RefusedLines)
	}
	// the same file again (or an import resumed after it was cut off)
	// writes no turn twice: a line without an id gets one derived from it
	if out, code = runCLIStatus(t, bin, data, "import", "--member", "zoe", "--json", f); code != 3 {
		t.Fatalf("import again: exit status %d, want 3 (the line is still refused)\n%s", code, out)
	}
	if err := firstJSON(out, &sum); err != nil || sum.Accepted != 3 || sum.New != 0 || sum.Already != 3 {
		t.Fatalf("import again: %v %+v\n%s", err, sum, out)
	}
	if out := runCLI(t, bin, data, "episodes", "--member", "zoe"); !strings.Contains(out, "two (member from the flag)") {
		t.Fatalf("episodes: %s", out)
	}
	// the import leaves the planner its statistics
	up := startedAddresses(t, data)
	pool, err := pgxpool.New(context.Background(), up.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var rows int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM episodes WHERE member_id = 'zoe'`).Scan(&rows); err != nil || rows != 4 {
		t.Fatalf("zoe has %d episodes after importing the file twice (%v), want 4 (two lines \"one\" are two turns, and one published)", rows, err)
	}
	var analyzed bool
	if err := pool.QueryRow(context.Background(), `SELECT last_analyze IS NOT NULL FROM pg_stat_user_tables
		WHERE relname = 'episodes' AND schemaname = current_schema()`).Scan(&analyzed); err != nil || !analyzed {
		t.Fatalf("episodes not analyzed after the import (%v)", err)
	}

	// A ref is a message id within its chat: two chats' message 42 at the
	// same second are two turns (they were one id, and the second was
	// dropped as the first's duplicate).
	refs := filepath.Join(t.TempDir(), "refs.jsonl")
	if err := os.WriteFile(refs, []byte(`{"member":"yan","session":"a","channel":"telegram:chat-a","audience":["member:yan","person:fay"],"speaker":"person:fay","text":"Meeting moved to 3pm","ref":"42","at":"2026-03-01T10:00:00Z"}
{"member":"yan","session":"b","channel":"telegram:chat-b","audience":["member:yan","person:gus"],"speaker":"person:gus","text":"Gus here, running late","ref":"42","at":"2026-03-01T10:00:00Z"}
{"member":"yan","session":"c","channel":"telegram:chat-c","audience":["member:yan"],"speaker":"member:yan","text":"imported by an older memhive","ref":"7","at":"2026-03-01T11:00:00Z"}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	// the third line as an older memhive imported it: its id derived from
	// the member and the ref alone (this derivation must never change)
	key := sha256.Sum256([]byte("memhive import\x00yan\x00ref\x007"))
	var old ulid.ULID
	_ = old.SetTime(ulid.Timestamp(time.Date(2026, 3, 1, 11, 0, 0, 0, time.UTC)))
	_ = old.SetEntropy(key[:10])
	runCLI(t, bin, data, "publish", "--member", "yan", "--session", "c", "--channel", "telegram:chat-c", "--audience", "member:yan",
		"--speaker", "member:yan", "--id", old.String(), "--at", "2026-03-01T11:00:00Z", "imported by an older memhive")
	out = runCLI(t, bin, data, "import", "--json", refs)
	if err := firstJSON(out, &sum); err != nil || sum.Accepted != 3 || sum.New != 2 || sum.Already != 1 {
		t.Fatalf("refs per chat: %v %+v, want 3 in the record, 2 new (both message 42s), 1 already (the older import's)\n%s", err, sum, out)
	}
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM episodes WHERE member_id = 'yan'`).Scan(&rows); err != nil || rows != 3 {
		t.Fatalf("yan has %d episodes (%v), want 3", rows, err)
	}
}

func startedAddresses(t *testing.T, data string) *config.Addresses {
	t.Helper()
	a, err := config.ReadAddresses(data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestCloseNightlyFactsThroughTheCLI walks issue 5's commands against a
// running memhive: publish two dated sessions, close them, run the nightly
// pass, list the facts with their versions, ask recall as of two dates, and
// list the aliases.
func TestCloseNightlyFactsThroughTheCLI(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	startUp(t, bin, data)
	pub := func(session, at, text string) {
		runCLI(t, bin, data, "publish", "--member", "alice", "--session", session, "--channel", "web:chat",
			"--audience", "member:alice", "--speaker", "member:alice", "--at", at, text)
	}
	pub("s-1", "2026-01-05T10:00:00Z", "I live in Berlin.")
	pub("s-2", "2026-03-01T10:00:00Z", "We moved to Lisbon.")
	for _, s := range []string{"s-1", "s-2"} {
		out := runCLI(t, bin, data, "close", "--member", "alice", "--session", s, "--channel", "web:chat", "--audience", "member:alice", "--json")
		if !strings.Contains(out, `"facts"`) {
			t.Fatalf("close %s: %s", s, out)
		}
	}
	// a mistyped session closes nothing, and says so with a non-zero exit
	cmd := exec.Command(bin, "close", "--member", "alice", "--session", "s-3", "--channel", "web:chat", "--audience", "member:alice")
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "has no turns, so there was nothing to close") {
		t.Fatalf("close of a session with no turns: %v\n%s", err, out)
	}
	// before the nightly pass Berlin is still open, but Lisbon replaced it:
	// the listing says which one is in force
	var open []struct {
		Claim   string `json:"claim"`
		InForce *bool  `json:"in_force"`
	}
	if out := runCLI(t, bin, data, "facts", "--member", "alice", "--all-versions", "--json"); json.Unmarshal([]byte(out), &open) != nil {
		t.Fatalf("facts --all-versions --json: %s", out)
	}
	inForce := map[string]bool{}
	for _, r := range open {
		if r.InForce == nil {
			t.Fatalf("%s has no in_force in an all-versions listing", r.Claim)
		}
		inForce[strings.ToLower(r.Claim)] = *r.InForce
	}
	if !inForce["lisbon"] || inForce["berlin"] {
		t.Fatalf("before the nightly pass: in force %v, want Lisbon and not Berlin", inForce)
	}
	runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--json")
	out := runCLI(t, bin, data, "facts", "--member", "alice", "--all-versions", "--json")
	var rows []struct {
		Claim        string `json:"claim"`
		SupersededBy string `json:"superseded_by"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("facts --json: %v\n%s", err, out)
	}
	claims := map[string]string{}
	for _, r := range rows {
		claims[strings.ToLower(r.Claim)] = r.SupersededBy
	}
	if _, ok := claims["lisbon"]; !ok || claims["berlin"] == "" {
		t.Fatalf("want Berlin superseded and Lisbon in force, got %s", out)
	}
	ask := func(asOf string) string {
		return runCLI(t, bin, data, "recall", "--member", "alice", "--audience", "member:alice", "--channel", "web:chat",
			"--tier", "1", "--as-of", asOf, "where does alice live")
	}
	if before := ask("2026-02-01"); !strings.Contains(before, "Berlin") || strings.Contains(before, "Lisbon") {
		t.Fatalf("as of February:\n%s", before)
	}
	if after := ask("2026-04-01"); !strings.Contains(after, "Lisbon") || !strings.Contains(after, "previously") {
		t.Fatalf("as of April:\n%s", after)
	}
	if out := runCLI(t, bin, data, "alias", "list", "--member", "alice", "--json"); !strings.HasPrefix(strings.TrimSpace(out), "[") {
		t.Fatalf("alias list --json: %s", out)
	}
}
