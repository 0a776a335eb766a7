package drain_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memhive/memhive/drain"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/remember"
)

func write(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// memoryFiles lays out the three assistant CLIs' memory files under dir.
func memoryFiles(t *testing.T, dir string) (claude, codex, gemini string) {
	t.Helper()
	claude = filepath.Join(dir, "claude", "memory")
	write(t, claude, "MEMORY.md", `# Project memory

- The user prefers pnpm over npm.
- Alice's editor is Helix.
- Tests run against a real Postgres;
  never mock it.
- [debugging.md](debugging.md)

The build is slow on the shared machine, so
run only the packages you touch.
`)
	write(t, claude, "debugging.md", `---
name: debugging
---
## Debugging

1. Flaky NATS tests usually mean a port clash.
2. The user prefers pnpm over npm.
`)
	codex = filepath.Join(dir, "codex", "memories")
	write(t, codex, "user.md", "* Alice works at Globex.\n* Alice's cat is called Miso.\n")
	gemini = write(t, dir, "GEMINI.md", `# Project

Use tabs.

## Gemini Added Memories
- The user's birthday is on 3 March.
- the user's   BIRTHDAY is on 3 March.

## Other notes
- not a memory of Gemini's
`)
	return claude, codex, gemini
}

func TestEntries(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	claude, codex, gemini := memoryFiles(t, dir)
	files, err := drain.Collect([]string{filepath.Join(claude, "MEMORY.md"), codex, gemini})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	formats := map[string]string{}
	for _, e := range drain.Entries(files) {
		got = append(got, e.Text)
		formats[e.Text] = e.Format
	}
	want := []string{
		"Flaky NATS tests usually mean a port clash.", "The user prefers pnpm over npm.", // debugging.md (path order)
		"The user prefers pnpm over npm.", "Alice's editor is Helix.", "Tests run against a real Postgres; never mock it.",
		"The build is slow on the shared machine, so run only the packages you touch.",
		"Alice works at Globex.", "Alice's cat is called Miso.",
		"The user's birthday is on 3 March.", "the user's BIRTHDAY is on 3 March.",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("entries:\n got %q\nwant %q", got, want)
	}
	if formats["Alice works at Globex."] != drain.Codex || formats["Flaky NATS tests usually mean a port clash."] != drain.Claude ||
		formats["The user's birthday is on 3 March."] != drain.Gemini {
		t.Fatalf("formats: %v", formats)
	}
	if drain.Hash("The user's birthday is on 3 March.") != drain.Hash("  the user's   BIRTHDAY is on 3 March. ") {
		t.Fatal("the hash is not of the normalised text")
	}
}

// visible is what assistant a lists of alice's memories alone on web:chat
// (list_memories, through the gate): their claims.
func visible(t *testing.T, svc *remember.Service, a string) []string {
	t.Helper()
	res, err := svc.ListMemories(context.Background(), remember.Who{Member: "alice", Audience: []string{"member:alice"}, Channel: "web:chat", Assistant: a}, remember.ListArgs{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range res.Memories {
		out = append(out, r.Claim)
	}
	return out
}

// TestDrainTwiceAndDrafts is issue 12's must-show 4: draining the same
// files twice writes no new facts; a duplicate drained by another assistant
// only gains its tag; drafts are invisible to other assistants until
// approved, and a rejected draft is hidden from everyone, author included,
// and is still there. At most Max entries a run; the rest are reported
// and taken by the next run.
func TestDrainTwiceAndDrafts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	svc := remember.New(pool)
	dir := t.TempDir()
	claude, codex, gemini := memoryFiles(t, dir)
	facts := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'alice'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	run := func(a string, max int, paths ...string) *drain.Report {
		t.Helper()
		files, err := drain.Collect(paths)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := drain.Run(ctx, pool, drain.Options{Member: "alice", Assistant: a, Max: max}, files, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}

	// Claude's files: 5 distinct entries (one repeated across two files), capped at 3.
	rep := run("claude-code", 3, filepath.Join(claude, "MEMORY.md"))
	if rep.Entries != 5 || rep.Written != 3 || rep.Left != 2 || facts() != 3 {
		t.Fatalf("first capped run: %+v, %d facts", rep, facts())
	}
	rep = run("claude-code", 3, filepath.Join(claude, "MEMORY.md"))
	if rep.Written != 2 || rep.Unchanged != 3 || rep.Left != 0 || facts() != 5 {
		t.Fatalf("second run takes the rest: %+v, %d facts", rep, facts())
	}
	rep = run("claude-code", 0, filepath.Join(claude, "MEMORY.md"))
	if rep.Written != 0 || rep.Tagged != 0 || rep.Unchanged != 5 || facts() != 5 {
		t.Fatalf("draining the same files again wrote: %+v, %d facts", rep, facts())
	}

	// Gemini's section holds one entry twice (same normalised text): one fact.
	rep = run("gemini", 0, gemini)
	if rep.Entries != 1 || rep.Written != 1 || facts() != 6 {
		t.Fatalf("gemini: %+v, %d facts", rep, facts())
	}
	// Codex remembers two new things; a copy of Claude's entry only gains codex's tag.
	write(t, codex, "more.md", "- the user prefers PNPM over npm.\n")
	rep = run("codex", 0, codex)
	if rep.Written != 2 || rep.Tagged != 1 || facts() != 8 {
		t.Fatalf("codex: %+v, %d facts", rep, facts())
	}
	var by []string
	if err := pool.QueryRow(ctx, `SELECT drafted_by FROM facts WHERE member_id = 'alice' AND claim = 'The user prefers pnpm over npm.'`).Scan(&by); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(by, []string{"claude-code", "codex"}) {
		t.Fatalf("drafted_by %v", by)
	}
	if rep = run("codex", 0, codex); rep.Written+rep.Tagged != 0 || facts() != 8 {
		t.Fatalf("codex again: %+v", rep)
	}

	// Drafts: each author sees its own; talky (another assistant) and the
	// member's own unnamed read see none.
	if got := visible(t, svc, "talky"); len(got) != 0 {
		t.Fatalf("talky sees drafts: %q", got)
	}
	if got := visible(t, svc, ""); len(got) != 0 {
		t.Fatalf("an unnamed reader sees drafts: %q", got)
	}
	if got := visible(t, svc, "gemini"); !slices.Equal(got, []string{"The user's birthday is on 3 March."}) {
		t.Fatalf("gemini sees %q", got)
	}
	if got := visible(t, svc, "codex"); len(got) != 3 {
		t.Fatalf("codex sees %q", got)
	}

	// Approve gemini's, reject one of claude's: talky sees the approved one only.
	drafts, err := drain.List(ctx, pool, "alice", "", "claude-code", 0)
	if err != nil || len(drafts) != 5 {
		t.Fatalf("claude's drafts: %v %v", drafts, err)
	}
	var birthday, build string
	all, _ := drain.List(ctx, pool, "alice", "", "", 0)
	for _, d := range all {
		if strings.Contains(d.Text, "birthday") {
			birthday = d.ID
		}
		if strings.Contains(d.Text, "build is slow") {
			build = d.ID
		}
	}
	dec, err := drain.Decide(ctx, pool, "alice", drain.StateApproved, []string{birthday, "nope"}, "ops")
	if err != nil || dec.Approved != 1 || dec.Skipped["nope"] == "" {
		t.Fatalf("approve: %+v %v", dec, err)
	}
	if _, err := drain.Decide(ctx, pool, "alice", drain.StateRejected, []string{build}, "ops"); err != nil {
		t.Fatal(err)
	}
	if got := visible(t, svc, "talky"); !slices.Equal(got, []string{"The user's birthday is on 3 March."}) {
		t.Fatalf("talky after approval sees %q", got)
	}
	for _, got := range visible(t, svc, "claude-code") {
		if strings.Contains(got, "build is slow") {
			t.Fatal("the author still sees its rejected draft")
		}
	}
	// A decided draft is not decided again, and nothing was deleted.
	dec, err = drain.Decide(ctx, pool, "alice", drain.StateApproved, []string{build}, "ops")
	if err != nil || dec.Approved != 0 || dec.Skipped[build] != "already rejected" {
		t.Fatalf("approving a rejected draft: %+v %v", dec, err)
	}
	if facts() != 8 {
		t.Fatalf("%d facts after decisions", facts())
	}
	// The database holds the state machine too.
	if _, err := pool.Exec(ctx, `UPDATE facts SET draft = 'draft' WHERE member_id = 'alice' AND id = $1`, build); err == nil {
		t.Fatal("a rejected draft was moved back to draft")
	}
	// Draining the rejected entry again does not revive it.
	if rep = run("claude-code", 0, filepath.Join(claude, "MEMORY.md")); rep.Written != 0 || facts() != 8 {
		t.Fatalf("re-drain after rejection: %+v", rep)
	}
	var sources int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM drain_sources WHERE member_id = 'alice'`).Scan(&sources); err != nil || sources != 9 {
		t.Fatalf("drain_sources: %d %v", sources, err)
	}
}

// TestNightlyIgnoresDrafts: the nightly pass derives beliefs, supersession
// and the graph only from settled facts, so a draft never reaches another
// assistant through a profile line built from it.
func TestNightlyIgnoresDrafts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	files := []drain.File{{Path: "memory/MEMORY.md", Data: []byte("- Alice's secret project is called Bluebird.\n")}}
	if _, err := drain.Run(ctx, pool, drain.Options{Member: "alice", Assistant: "claude-code"}, files, nil); err != nil {
		t.Fatal(err)
	}
	// A settled note of the same kind, which the pass does make a belief of.
	if _, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Note: "Alice likes long walks.", Audience: []string{"member:alice"}, Channel: "web:chat", Speaker: "member:alice"}); err != nil {
		t.Fatal(err)
	}
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"}); err != nil {
		t.Fatal(err)
	}
	var fromDraft, fromNote int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE statement ILIKE '%bluebird%'), count(*) FILTER (WHERE statement ILIKE '%long walks%')
		FROM beliefs WHERE member_id = 'alice'`).Scan(&fromDraft, &fromNote); err != nil {
		t.Fatal(err)
	}
	if fromDraft != 0 {
		t.Fatalf("the nightly pass made %d beliefs from a draft", fromDraft)
	}
	if fromNote == 0 {
		t.Fatal("the nightly pass made no belief of the settled note either: the check above proves nothing")
	}
}
