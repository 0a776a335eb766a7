package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/synth"
)

// The fact in force through the CLI (issue 9, must-show 3 and 6): a running
// memhive with tier 2 on a scripted model that reads its prompt, driven
// only by the memhive binary (publish, close, nightly run, alias, recall
// and the MCP server over stdio).

// promptIn is the JSON tier 2 sends the model (synth.Prompt).
type promptIn struct {
	Question string `json:"question"`
	Beliefs  []struct {
		ID, Kind, Text string
	} `json:"beliefs"`
	Candidates []struct {
		ID, Kind, Text string
	} `json:"candidates"`
}

// readingModel answers from its prompt as a careful model would: the first
// fact among the candidates, else the first belief, citing it; with
// neither, that the memory does not contain this.
func readingModel(t *testing.T) *modeltest.Server {
	return modeltest.New(t, modeltest.Response{Repeat: true, Reply: func(c modeltest.ChatRequest) string {
		var in promptIn
		if len(c.Messages) > 0 {
			_ = json.Unmarshal([]byte(c.Messages[len(c.Messages)-1].Content), &in)
		}
		out := map[string]any{"answer": "The memory does not contain this.", "gap": "everything", "sources": []string{}, "confidence": 0}
		for _, cand := range in.Candidates {
			if cand.Kind == "fact" {
				out = map[string]any{"answer": cand.Text, "gap": synth.CompleteGap, "sources": []string{cand.ID}, "confidence": 80}
				break
			}
		}
		if out["confidence"] == 0 && len(in.Beliefs) > 0 {
			b := in.Beliefs[0]
			out = map[string]any{"answer": b.Text, "gap": synth.CompleteGap, "sources": []string{b.ID}, "confidence": 70}
		}
		b, _ := json.Marshal(out)
		return string(b)
	}})
}

// embedded waits until the embed cell has drained its queue, so the
// semantic leg sees every row before answers are compared.
func embedded(t *testing.T, data string) {
	t.Helper()
	a, err := config.ReadAddresses(data)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, a.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM embeddings WHERE status = 'queued'`).Scan(&n); err == nil && n == 0 {
			return
		}
	}
	t.Fatal("the embedding queue did not drain in 60s")
}

// upWithModel starts memhive up with tier 2 on srv.
func upWithModel(t *testing.T, srv *modeltest.Server) (bin, data string) {
	t.Setenv("MEMHIVE_MODEL_URL", srv.URL)
	t.Setenv("MEMHIVE_MODEL", "modeltest")
	bin = buildBinary(t)
	data = filepath.Join(t.TempDir(), "data")
	startUp(t, bin, data)
	return bin, data
}

// prompts are the tier-2 prompts the model received since from.
func prompts(t *testing.T, srv *modeltest.Server, from int) []promptIn {
	var out []promptIn
	for _, r := range srv.Requests()[from:] {
		c, err := r.Chat()
		if err != nil {
			t.Fatal(err)
		}
		var in promptIn
		if err := json.Unmarshal([]byte(c.Messages[len(c.Messages)-1].Content), &in); err != nil {
			t.Fatalf("prompt: %v", err)
		}
		out = append(out, in)
	}
	return out
}

// factsAndBeliefs is what a prompt gives the model as standing knowledge.
func (p promptIn) factsAndBeliefs() string {
	var b strings.Builder
	for _, x := range p.Beliefs {
		b.WriteString("belief: " + x.Text + "\n")
	}
	for _, x := range p.Candidates {
		if x.Kind == "fact" {
			b.WriteString("fact: " + x.Text + "\n")
		}
	}
	return b.String()
}

type tiers struct{ t0, t1, t2 string }

// askTiers asks tiers 0, 1 and 2 through `memhive recall` (text output).
func askTiers(t *testing.T, bin, data, audience, asOf, q string) tiers {
	t.Helper()
	ask := func(tier string) string {
		args := []string{"recall", "--member", "alice", "--audience", audience, "--channel", "web:chat", "--tier", tier}
		if asOf != "" {
			args = append(args, "--as-of", asOf)
		}
		return runCLI(t, bin, data, append(args, q)...)
	}
	return tiers{ask("0"), ask("1"), ask("2")}
}

// TestTomLivesInTwoPlacesThroughTheCLI: Alice says "Tom lives in
// Amsterdam", Bob later says "Tom lives in Paris" (both with both present).
// Nightly supersedes nothing (one speaker never replaces another), and no
// tier says Paris replaced Amsterdam: both stand, Bob's named as his.
func TestTomLivesInTwoPlacesThroughTheCLI(t *testing.T) {
	srv := readingModel(t)
	bin, data := upWithModel(t, srv)
	both := "member:alice,person:bob"
	runCLI(t, bin, data, "publish", "--member", "alice", "--session", "s-1", "--channel", "web:chat",
		"--audience", both, "--speaker", "member:alice", "--at", "2026-01-05T10:00:00Z", "Tom lives in Amsterdam.")
	runCLI(t, bin, data, "publish", "--member", "alice", "--session", "s-2", "--channel", "web:chat",
		"--audience", both, "--speaker", "person:bob", "--at", "2026-02-10T10:00:00Z", "Tom lives in Paris.")
	for _, s := range []string{"s-1", "s-2"} {
		runCLI(t, bin, data, "close", "--member", "alice", "--session", s, "--channel", "web:chat", "--audience", both, "--json")
	}
	out := runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--json")
	if !strings.Contains(out, `"superseded": 0`) && !strings.Contains(out, `"superseded":0`) {
		t.Fatalf("nightly superseded across speakers: %s", out)
	}
	rows := factRows(t, bin, data)
	for _, city := range []string{"amsterdam", "paris"} {
		r, ok := rows[city]
		if !ok || r.SupersededBy != "" {
			t.Fatalf("%s: want a fact in force, got %+v (all: %+v)", city, r, rows)
		}
	}
	embedded(t, data)
	before := len(srv.Requests())
	got := askTiers(t, bin, data, both, "2026-03-01", "where does Tom live")
	t.Logf("tier 1:\n%s\ntier 2:\n%s", got.t1, got.t2)
	for name, text := range map[string]string{"tier 1": got.t1, "tier 2": got.t2} {
		if !strings.Contains(text, "Tom lives in Amsterdam") || !strings.Contains(text, "Tom lives in Paris (said by person:bob)") {
			t.Errorf("%s: want both claims, Bob's named as his:\n%s", name, text)
		}
		if strings.Contains(text, "previously") {
			t.Errorf("%s: one speaker's claim shown as replacing another's:\n%s", name, text)
		}
	}
	if strings.Contains(got.t0, "Paris") || strings.Contains(got.t0, "previously") {
		t.Errorf("tier 0 says something of Tom:\n%s", got.t0)
	}
	ps := prompts(t, srv, before)
	if len(ps) != 1 {
		t.Fatalf("tier 2 made %d model calls, want 1", len(ps))
	}
	if fb := ps[0].factsAndBeliefs(); !strings.Contains(fb, "Tom lives in Amsterdam") || !strings.Contains(fb, "Tom lives in Paris") {
		t.Errorf("tier 2 was not given both speakers' claims:\n%s", fb)
	}
}

// TestBerlinLisbonPerAudienceThroughTheCLI: Berlin said to Alice alone, then
// Lisbon with Bob present. Per audience, tier 0's profile, tier 1 and what
// tier 2 is given agree on the one version in force: for Alice alone,
// Lisbon (having replaced Berlin, her earlier statement she also sees);
// with Bob, Lisbon (Berlin was never said before him); before the move,
// Berlin for Alice alone and nothing for Bob.
func TestBerlinLisbonPerAudienceThroughTheCLI(t *testing.T) {
	srv := readingModel(t)
	bin, data := upWithModel(t, srv)
	alone, both := "member:alice", "member:alice,person:bob"
	runCLI(t, bin, data, "publish", "--member", "alice", "--session", "s-1", "--channel", "web:chat",
		"--audience", alone, "--speaker", "member:alice", "--at", "2026-01-05T10:00:00Z", "I live in Berlin.")
	runCLI(t, bin, data, "publish", "--member", "alice", "--session", "s-2", "--channel", "web:chat",
		"--audience", both, "--speaker", "member:alice", "--at", "2026-03-01T10:00:00Z", "We moved to Lisbon.")
	runCLI(t, bin, data, "close", "--member", "alice", "--session", "s-1", "--channel", "web:chat", "--audience", alone, "--json")
	runCLI(t, bin, data, "close", "--member", "alice", "--session", "s-2", "--channel", "web:chat", "--audience", both, "--json")

	check := func(when string) {
		embedded(t, data)
		for _, c := range []struct {
			audience, asOf, want, not string
		}{
			{alone, "2026-02-01", "Berlin", "Lisbon"},
			{alone, "2026-04-01", "Lisbon", "Berlin"},
			{both, "2026-04-01", "Lisbon", "Berlin"},
		} {
			before := len(srv.Requests())
			got := askTiers(t, bin, data, c.audience, c.asOf, "where do I live")
			ps := prompts(t, srv, before)
			if len(ps) != 1 {
				t.Fatalf("%s: tier 2 made %d model calls, want 1", when, len(ps))
			}
			given := ps[0].factsAndBeliefs()
			current := strings.Split(got.t1, "(previously")[0] // what tier 1 shows in force
			if !strings.Contains(got.t0, "lives in "+c.want) || strings.Contains(got.t0, c.not) {
				t.Errorf("%s, %s as of %s: tier 0's profile should say %s only:\n%s", when, c.audience, c.asOf, c.want, got.t0)
			}
			if !strings.Contains(current, "lives in "+c.want) || strings.Contains(current, "lives in "+c.not) {
				t.Errorf("%s, %s as of %s: tier 1 should hold %s in force:\n%s", when, c.audience, c.asOf, c.want, got.t1)
			}
			if !strings.Contains(given, "lives in "+c.want) || strings.Contains(given, "lives in "+c.not) {
				t.Errorf("%s, %s as of %s: tier 2 should be given %s, not %s:\n%s", when, c.audience, c.asOf, c.want, c.not, given)
			}
			if !strings.HasPrefix(got.t2, "ANSWER: ") || !strings.Contains(strings.SplitN(got.t2, "\n", 2)[0], c.want) {
				t.Errorf("%s, %s as of %s: tier 2 should answer %s first:\n%s", when, c.audience, c.asOf, c.want, got.t2)
			}
			// Must-show 6 on the CLI: the gap and the sources follow the
			// answer, before the tier-1 bundle.
			if lines := strings.SplitN(got.t2, "\n", 4); len(lines) < 4 || !strings.HasPrefix(lines[1], "GAP: ") ||
				!strings.HasPrefix(lines[2], "SOURCES: ") || strings.TrimSpace(strings.TrimPrefix(lines[2], "SOURCES: ")) == "" ||
				(strings.Contains(got.t2, "FACTS") && strings.Index(got.t2, "GAP: ") > strings.Index(got.t2, "FACTS")) {
				t.Errorf("%s, %s as of %s: tier 2's text should lead with ANSWER, GAP, SOURCES, then the bundle:\n%s", when, c.audience, c.asOf, got.t2)
			}
			if c.audience == both && strings.Contains(got.t0+got.t1+got.t2, "Berlin") {
				t.Errorf("%s: Berlin, said to Alice alone, reached Bob's conversation", when)
			}
		}
	}
	check("before nightly")
	runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--json")
	if rows := factRows(t, bin, data); rows["berlin"].SupersededBy != "" {
		t.Fatalf("nightly superseded across audiences: %+v", rows)
	}
	check("after nightly")
}

type factRow struct {
	ID           string `json:"id"`
	Predicate    string `json:"predicate"`
	Claim        string `json:"claim"`
	SupersededBy string `json:"superseded_by"`
	ValidUntil   string `json:"valid_until"`
}

// factRows is `memhive facts --all-versions --json` by lower-case claim.
func factRows(t *testing.T, bin, data string) map[string]factRow {
	t.Helper()
	out := runCLI(t, bin, data, "facts", "--member", "alice", "--all-versions", "--json")
	var rows []factRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("facts --json: %v\n%s", err, out)
	}
	m := map[string]factRow{}
	for _, r := range rows {
		m[strings.ToLower(r.Claim)] = r
	}
	return m
}

// mcpClient drives `memhive mcp` over stdio (newline-delimited JSON-RPC).
type mcpClient struct {
	t    *testing.T
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	next int
}

func startMCP(t *testing.T, bin, data string, args ...string) *mcpClient {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"mcp"}, args...)...)
	cmd.Env = append(os.Environ(), "MEMHIVE_DATA="+data, "MEMHIVE_DATABASE_URL=", "MEMHIVE_NATS_URL=")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &mcpClient{t: t, cmd: cmd, in: in, out: bufio.NewScanner(out)}
	c.out.Buffer(make([]byte, 1<<20), 1<<24)
	t.Cleanup(func() {
		_ = in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	c.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "memhive-test", "version": "0"}})
	c.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return c
}

func (c *mcpClient) send(msg any) {
	b, _ := json.Marshal(msg)
	if _, err := c.in.Write(append(b, '\n')); err != nil {
		c.t.Fatalf("mcp write: %v", err)
	}
}

// call sends one request and returns its result.
func (c *mcpClient) call(method string, params any) json.RawMessage {
	c.t.Helper()
	c.next++
	id := c.next
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for c.out.Scan() {
		var m struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(c.out.Bytes(), &m) != nil || m.ID == nil || *m.ID != id {
			continue
		}
		if m.Error != nil {
			c.t.Fatalf("mcp %s: %s", method, m.Error)
		}
		return m.Result
	}
	c.t.Fatalf("mcp %s: no answer (%v)", method, c.out.Err())
	return nil
}

// tool calls a tool and returns its text content.
func (c *mcpClient) tool(name string, args map[string]any) string {
	c.t.Helper()
	var res struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	raw := c.call("tools/call", map[string]any{"name": name, "arguments": args})
	if err := json.Unmarshal(raw, &res); err != nil || len(res.Content) == 0 {
		c.t.Fatalf("%s: %s", name, raw)
	}
	if res.IsError {
		c.t.Fatalf("%s refused: %s", name, res.Content[0].Text)
	}
	return res.Content[0].Text
}

// TestTeacherNurseRevertThroughTheCLI: the member memorizes "job title
// teacher", then "occupation nurse". A nightly run aliases occupation to
// job_title and the next supersedes teacher through that alias. Reverting
// every alias, then two more nights, gives back every answer of tiers 0, 1
// and 2 (CLI text and the MCP tool's text) as it was before the alias: the
// revert undid the supersession, and no night re-applied it.
func TestTeacherNurseRevertThroughTheCLI(t *testing.T) {
	srv := readingModel(t)
	bin, data := upWithModel(t, srv)
	mcp := startMCP(t, bin, data, "--member", "alice", "--audience", "member:alice", "--channel", "web:chat", "--tier", "2")
	mcp.tool("memorize", map[string]any{"subject": "member:alice", "predicate": "job_title", "claim": "teacher"})
	time.Sleep(20 * time.Millisecond) // the second statement is the later one
	mcp.tool("memorize", map[string]any{"subject": "member:alice", "predicate": "occupation", "claim": "nurse"})
	asOf := time.Now().UTC().Add(time.Minute).Format(time.RFC3339)
	embedded(t, data)

	questions := []string{"what is my job?", "what is my occupation?", "am I a teacher or a nurse?"}
	golden := func() []string {
		var out []string
		for _, q := range questions {
			g := askTiers(t, bin, data, "member:alice", asOf, q)
			out = append(out, g.t0, g.t1, g.t2)
		}
		return out
	}
	before := golden()
	for i, q := range questions {
		if !strings.Contains(before[3*i+1], "teacher") || !strings.Contains(before[3*i+1], "nurse") || strings.Contains(before[3*i+1], "previously") {
			t.Fatalf("%q before the alias: want teacher and nurse side by side:\n%s", q, before[3*i+1])
		}
	}
	if !strings.Contains(before[0], "works as teacher") || !strings.Contains(before[0], "occupation: nurse") {
		t.Fatalf("tier 0 before the alias:\n%s", before[0])
	}

	// night 1 decides the alias; night 2 supersedes through it
	runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--force", "--json")
	runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--force", "--json")
	rows := factRows(t, bin, data)
	if rows["teacher"].SupersededBy != rows["nurse"].ID || rows["nurse"].ID == "" {
		t.Fatalf("the alias did not supersede teacher: %+v", rows)
	}
	during := askTiers(t, bin, data, "member:alice", asOf, "what is my job?")
	if !strings.Contains(during.t1, "occupation nurse (previously: teacher)") {
		t.Fatalf("tier 1 with the alias:\n%s", during.t1)
	}
	if strings.Contains(during.t0, "teacher") || !strings.Contains(during.t0, "nurse") {
		t.Fatalf("tier 0 with the alias should agree with tier 1 (nurse only):\n%s", during.t0)
	}

	var aliases []struct {
		ID         string  `json:"id"`
		RevertedAt *string `json:"reverted_at"`
	}
	if err := json.Unmarshal([]byte(runCLI(t, bin, data, "alias", "list", "--member", "alice", "--json")), &aliases); err != nil || len(aliases) == 0 {
		t.Fatalf("alias list: %v %+v", err, aliases)
	}
	for _, a := range aliases {
		if a.RevertedAt == nil {
			runCLI(t, bin, data, "alias", "revert", "--member", "alice", a.ID)
		}
	}
	runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--json")
	runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--force", "--json")
	rows = factRows(t, bin, data)
	if rows["teacher"].SupersededBy != "" || rows["teacher"].ValidUntil != "" {
		t.Fatalf("after the revert and two nights teacher is still closed: %+v", rows["teacher"])
	}
	embedded(t, data)
	after := golden()
	for i := range before {
		if after[i] != before[i] {
			t.Errorf("%q tier %d differs from before the alias:\nbefore:\n%s\nafter:\n%s", questions[i/3], i%3, before[i], after[i])
		}
	}

	// Must-show 6 on MCP: the tool's text leads with the answer and gap.
	text := mcp.tool("memory_recall", map[string]any{"query": "what is my job?"})
	if !strings.HasPrefix(text, "ANSWER: ") || !strings.Contains(text, "\nGAP: ") || !strings.Contains(text, "\nSOURCES: ") {
		t.Errorf("MCP text content does not lead with the tier-2 answer:\n%s", text)
	}
	if i, j := strings.Index(text, "GAP: "), strings.Index(text, "FACTS"); i < 0 || j < 0 || i > j {
		t.Errorf("the gap should come before the tier-1 bundle:\n%s", text)
	}
}
