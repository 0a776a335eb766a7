package templates

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestAssistantTools(t *testing.T) {
	as, err := Assistants("")
	if err != nil {
		t.Fatal(err)
	}
	if got := as["cogny"].ToolList(); !slices.Equal(got, []string{"memory_recall", "memorize"}) {
		t.Fatalf("cogny's default tools %v", got)
	}
	dir := t.TempDir()
	write := func(name, body string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, err := LoadAssistant(write("planner.json", `{"memory_tier": "1", "tools": ["enter_topic", "forget", "memory_recall"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "planner" || !slices.Equal(a.ToolList(), []string{"memory_recall", "forget", "enter_topic"}) {
		t.Fatalf("%+v %v", a, a.ToolList())
	}
	if a, err := LoadAssistant(write("scout/config.json", `{"memory_tier": ""}`)); err != nil || a.Name != "scout" {
		t.Fatalf("%+v %v", a, err)
	}
	for body, want := range map[string]string{
		`{"memory_tier": "1", "tools": ["delete_everything"]}`: "unknown tool",
		`{"memory_tier": "3"}`:                                 "memory_tier",
		`{"memory_tier": "1", "colour": "blue"}`:               "unknown field",
	} {
		if _, err := LoadAssistant(write("bad.json", body)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", body, err, want)
		}
	}
	// The overlay directory is checked the same way.
	write("overlay/bad/template.json", `{"name": "bad", "memory_tier": "1", "tools": ["nope"]}`)
	if _, err := Assistants(filepath.Join(dir, "overlay")); err == nil || !strings.Contains(err.Error(), "unknown tool") {
		t.Fatalf("overlay: %v", err)
	}
}
