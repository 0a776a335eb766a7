package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/cli"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/recall"
)

// cliDB is a migrated test schema the CLI reaches through
// MEMHIVE_DATABASE_URL, with assistant templates in MEMHIVE_TEMPLATES:
// "narrow" excludes telegram:dm, "heir" replaces narrow (its base) and
// keeps to world facts.
func cliDB(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool := dbtest.New(t)
	var schema string
	if err := pool.QueryRow(context.Background(), `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dbtest.URL())
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	t.Setenv("MEMHIVE_DATABASE_URL", u.String())
	t.Setenv("MEMHIVE_DATA", t.TempDir())
	dir := t.TempDir()
	for name, body := range map[string]string{
		"narrow": `{"name": "narrow", "memory_tier": "1", "scope": {"exclude_channels": ["telegram:dm"]}}`,
		"heir":   `{"name": "heir", "memory_tier": "1", "base": "narrow", "scope": {"kinds": ["world"]}}`,
	} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "template.json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("MEMHIVE_TEMPLATES", dir)
	return pool
}

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Main(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestEffectiveNamesTheClause is issue 12's must-show 2 on the CLI:
// `memhive effective` lists each row with the rule that decides it, and a
// row the assistant's scope hides is named by its clause; the replacement
// inherits its base's clause and adds its own; another assistant's draft
// is named as one; `memhive explain --assistant` agrees.
func TestEffectiveNamesTheClause(t *testing.T) {
	pool := cliDB(t)
	ctx := context.Background()
	when := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at) VALUES
		('alice', 'EWEB', 'default', 'web:chat', 'user', 'member:alice', '{member:alice}', 'on the web', $1),
		('alice', 'ETEL', 'default', 'telegram:dm', 'user', 'member:alice', '{member:alice}', 'on telegram', $1),
		('alice', 'EBOB', 'default', 'web:chat', 'user', 'member:alice', '{member:alice,person:bob}', 'with bob', $1)`, when)
	exec(`INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash, fact_kind, valid_from, channel, audience, draft, drafted_by) VALUES
		('alice', 'FPLAN', 'member:alice', 'plans', 'a trip', 'member:alice', 'plans', 'a trip', 'h1', 'foresight', $1, 'web:chat', '{member:alice}', NULL, '{}'),
		('alice', 'FDRAFT', 'member:alice', 'note', 'likes tea', 'member:alice', 'note', 'likes tea', 'h2', 'world', $1, 'web:chat', '{member:alice}', 'draft', '{talky}')`, when)

	out, stderr, code := runCLI(t, "effective", "--member", "alice", "--assistant", "heir", "--audience", "member:alice", "--channel", "web:chat", "--json")
	if code != 0 {
		t.Fatalf("effective: exit %d: %s", code, stderr)
	}
	var rep recall.EffectiveReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("effective --json: %v\n%s", err, out)
	}
	want := map[string]string{
		"EWEB":   "subset",
		"ETEL":   "scope:exclude_channels", // the base's clause
		"EBOB":   "subset",                 // alice alone listening: a subset of {alice, bob}
		"FPLAN":  "scope:kinds",            // the replacement's own clause
		"FDRAFT": "draft",                  // talky's draft
	}
	got := map[string]string{}
	for _, r := range rep.Rows {
		got[r.ID] = r.Rule
		if r.Visible != (r.Rule == "subset" || r.Rule == "public" || r.Rule == "open_history") {
			t.Errorf("%s: visible %v with rule %s", r.ID, r.Visible, r.Rule)
		}
	}
	for id, rule := range want {
		if got[id] != rule {
			t.Errorf("%s: rule %q, want %q (all: %v)", id, got[id], rule, got)
		}
	}
	if rep.ByRule["scope:exclude_channels"] != 1 || rep.Hidden != 3 || rep.Visible != 2 {
		t.Errorf("counts: visible %d hidden %d by rule %v", rep.Visible, rep.Hidden, rep.ByRule)
	}

	// The text form names the clause too, and --hidden lists only the hidden.
	out, stderr, code = runCLI(t, "effective", "--member", "alice", "--assistant", "heir", "--audience", "member:alice", "--channel", "web:chat", "--hidden")
	if code != 0 {
		t.Fatalf("effective: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "scope:exclude_channels") || strings.Contains(out, "EWEB") || !strings.Contains(out, "ETEL") {
		t.Errorf("effective --hidden:\n%s", out)
	}

	// The drafts' author sees its draft; bob listening hides alice's rows by the gate.
	out, _, code = runCLI(t, "effective", "--member", "alice", "--assistant", "talky", "--audience", "member:alice,person:bob", "--channel", "web:chat", "--json")
	if code != 0 {
		t.Fatalf("effective talky: exit %d", code)
	}
	rep = recall.EffectiveReport{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	got = map[string]string{}
	for _, r := range rep.Rows {
		got[r.ID] = r.Rule
	}
	if got["EBOB"] != "subset" || got["EWEB"] != "hidden" || got["FDRAFT"] != "hidden" {
		t.Errorf("talky with bob listening: %v", got)
	}
	out, _, code = runCLI(t, "effective", "--member", "alice", "--assistant", "talky", "--audience", "member:alice", "--channel", "web:chat", "--json")
	if code != 0 || !strings.Contains(out, `"FDRAFT"`) {
		t.Fatalf("effective talky alone: exit %d\n%s", code, out)
	}
	rep = recall.EffectiveReport{}
	_ = json.Unmarshal([]byte(out), &rep)
	for _, r := range rep.Rows {
		if r.ID == "FDRAFT" && (!r.Visible || r.Rule != "subset") {
			t.Errorf("talky's own draft: %+v", r)
		}
	}

	// explain --assistant names the same clause for one row.
	out, stderr, code = runCLI(t, "explain", "--member", "alice", "--assistant", "narrow", "--audience", "member:alice", "--channel", "web:chat", "--json", "ETEL")
	if code != 0 || !strings.Contains(out, `"scope:exclude_channels"`) || !strings.Contains(out, `"visible": false`) {
		t.Errorf("explain --assistant narrow: exit %d\n%s%s", code, out, stderr)
	}
	// An unknown assistant is a clear error, not an unscoped read.
	_, stderr, code = runCLI(t, "effective", "--member", "alice", "--assistant", "nobody", "--audience", "member:alice", "--channel", "web:chat")
	if code != 1 || !strings.Contains(stderr, "not_found") {
		t.Errorf("unknown assistant: exit %d: %s", code, stderr)
	}
}
