package cli_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memhive/memhive/drain"
)

// TestDrainCLI drives `memhive drain` and `memhive drafts` as an operator
// would: the second drain of the same files writes nothing, the drafts are
// listed, approved and rejected by id, and a decided one is not decided again.
func TestDrainCLI(t *testing.T) {
	pool := cliDB(t)
	dir := t.TempDir()
	mem := filepath.Join(dir, "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("# Memory\n\n- Alice prefers tea.\n- Alice runs on Sundays.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "drain", "--member", "alice", "--assistant", "claude-code", "--json", dir)
	if code != 0 {
		t.Fatalf("drain: exit %d: %s", code, stderr)
	}
	var rep drain.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Written != 2 {
		t.Fatalf("first drain: %v\n%s", err, out)
	}
	out, _, code = runCLI(t, "drain", "--member", "alice", "--assistant", "claude-code", dir)
	if code != 0 || !strings.Contains(out, "0 written, 0 tagged, 2 unchanged") {
		t.Fatalf("second drain: exit %d\n%s", code, out)
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM facts WHERE member_id = 'alice'`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d facts (%v)", n, err)
	}

	out, _, code = runCLI(t, "drafts", "list", "--member", "alice", "--json")
	var listed struct {
		Drafts []drain.Draft `json:"drafts"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &listed) != nil || len(listed.Drafts) != 2 {
		t.Fatalf("drafts list: exit %d\n%s", code, out)
	}
	tea, run := listed.Drafts[0].ID, listed.Drafts[1].ID
	if out, _, code = runCLI(t, "drafts", "approve", "--member", "alice", "--by", "ops", tea); code != 0 || !strings.Contains(out, "approved "+tea) {
		t.Fatalf("approve: exit %d\n%s", code, out)
	}
	if out, _, code = runCLI(t, "drafts", "reject", "--member", "alice", run); code != 0 || !strings.Contains(out, "rejected "+run) {
		t.Fatalf("reject: exit %d\n%s", code, out)
	}
	out, stderr, code = runCLI(t, "drafts", "approve", "--member", "alice", run)
	if code != 1 || !strings.Contains(out, "already rejected") || !strings.Contains(stderr, "not_found") {
		t.Fatalf("approving a rejected draft: exit %d\n%s%s", code, out, stderr)
	}
	// --all --assistant decides every waiting draft of one assistant.
	if err := os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- Alice learns Portuguese.\n- Alice has a dog.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, code = runCLI(t, "drain", "--member", "alice", "--assistant", "codex", dir); code != 0 {
		t.Fatal("drain codex")
	}
	if out, _, code = runCLI(t, "drafts", "approve", "--member", "alice", "--all", "--assistant", "codex", "--json"); code != 0 || !strings.Contains(out, `"approved": 2`) {
		t.Fatalf("approve --all: exit %d\n%s", code, out)
	}
	if _, stderr, code = runCLI(t, "drafts", "approve", "--member", "alice", "--all", "--assistant", "codex"); code != 1 || !strings.Contains(stderr, "not_found") {
		t.Fatalf("approve --all with none waiting: exit %d %s", code, stderr)
	}
	out, _, _ = runCLI(t, "drafts", "list", "--member", "alice", "--state", "all")
	if !strings.Contains(out, "approved") || !strings.Contains(out, "rejected") || !strings.Contains(out, "4 drafts") {
		t.Fatalf("drafts list --state all:\n%s", out)
	}
}
