package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestBobAliasThroughTheCLI (issue 9, must-show 4): against a running
// memhive, driven only by the memhive binary, the three natural Bob
// sentences are published in three sessions, each session is closed and
// the nightly pass run after each; `memhive alias list` then shows the
// decision that "bob" is "Robert (Bob) Smith", in its text table and in
// --json.
func TestBobAliasThroughTheCLI(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	startUp(t, bin, data)
	me := "member:alice"
	for i, s := range []struct{ session, at, text string }{
		{"s-1", "2026-01-05T19:00:00Z", "My brother Bob works at Siemens."},
		{"s-2", "2026-01-06T19:00:00Z", "bob called me from Munich today."},
		{"s-3", "2026-01-07T19:00:00Z", "Robert (Bob) Smith is visiting us next month."},
	} {
		runCLI(t, bin, data, "publish", "--member", "alice", "--session", s.session, "--channel", "web:chat",
			"--audience", me, "--speaker", me, "--at", s.at, s.text)
		out := runCLI(t, bin, data, "close", "--member", "alice", "--session", s.session, "--channel", "web:chat",
			"--audience", me, "--json")
		if !strings.Contains(out, `"facts"`) {
			t.Fatalf("close %s: %s", s.session, out)
		}
		out = runCLI(t, bin, data, "nightly", "run", "--member", "alice", "--json")
		if strings.Contains(out, `"failed"`) || !strings.Contains(out, `"alice"`) {
			t.Fatalf("nightly run after session %d: %s", i+1, out)
		}
	}

	// Text: a row aliasing bob to robert (bob) smith, decided by the
	// nightly pass and not reverted.
	text := runCLI(t, bin, data, "alias", "list", "--member", "alice")
	t.Logf("memhive alias list:\n%s", text)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "ID") || !strings.Contains(lines[0], "CANONICAL") {
		t.Fatalf("alias list: want a header and rows:\n%s", text)
	}
	found := false
	for _, l := range lines[1:] {
		if strings.Contains(l, "entity") && strings.Contains(l, " bob ") && strings.Contains(l, "robert (bob) smith") &&
			strings.Contains(l, "nightly:") && strings.HasSuffix(strings.TrimSpace(l), "-") {
			found = true
		}
	}
	if !found {
		t.Fatalf("alias list shows no live decision bob → robert (bob) smith:\n%s", text)
	}

	// JSON: the same decision, with the id `memhive alias revert` takes.
	var as []struct {
		ID         string  `json:"id"`
		Dimension  string  `json:"dimension"`
		Alias      string  `json:"alias"`
		Canonical  string  `json:"canonical"`
		DecidedBy  string  `json:"decided_by"`
		RevertedAt *string `json:"reverted_at"`
	}
	out := runCLI(t, bin, data, "alias", "list", "--member", "alice", "--json")
	if err := json.Unmarshal([]byte(out), &as); err != nil {
		t.Fatalf("alias list --json: %v\n%s", err, out)
	}
	var id string
	for _, a := range as {
		if a.Dimension == "entity" && a.Alias == "bob" && a.Canonical == "robert (bob) smith" && a.RevertedAt == nil {
			id = a.ID
		}
	}
	if id == "" {
		t.Fatalf("alias list --json: no bob → robert (bob) smith: %s", out)
	}
	if !strings.Contains(text, id) {
		t.Fatalf("the text table does not name the JSON's id %s:\n%s", id, text)
	}
}
