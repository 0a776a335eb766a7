package templates_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/templates"
)

// TestScopes: a template's scope is read and normalised; a replacement
// (base) inherits its base's scope narrowed by its own, through a chain;
// a base that is no template, a loop of bases, or a bad clause is an error.
func TestScopes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	put := func(name, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "template.json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("desk", `{"name": "desk", "memory_tier": "1", "scope": {"channels": ["web:chat", "slack:#help"], "exclude_predicates": ["Salary"]}}`)
	put("desk2", `{"name": "desk2", "memory_tier": "1", "base": "desk", "scope": {"channels": ["web:chat", "telegram:dm"]}}`)
	put("desk3", `{"name": "desk3", "memory_tier": "1", "base": "desk2"}`)
	as, err := templates.Assistants(dir)
	if err != nil {
		t.Fatal(err)
	}
	scopes, err := templates.Scopes(as)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := scopes["talky"]; ok {
		t.Fatal("talky has no scope but got one")
	}
	for _, name := range []string{"desk2", "desk3"} {
		s := scopes.Of(name)
		if !slices.Equal(s.Channels, []string{"web:chat"}) || !slices.Equal(s.ExcludePredicates, []string{"salary"}) {
			t.Fatalf("%s: %+v", name, s)
		}
	}
	if s := scopes.Of("nobody"); !s.IsZero() {
		t.Fatalf("an unknown assistant got a scope: %+v", s)
	}

	bad := func(as map[string]templates.Assistant, want string) {
		t.Helper()
		if _, err := templates.Scopes(as); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("want an error with %q, got %v", want, err)
		}
	}
	bad(map[string]templates.Assistant{"a": {Name: "a", Base: "ghost"}}, "not a known assistant template")
	bad(map[string]templates.Assistant{"a": {Name: "a", Base: "b"}, "b": {Name: "b", Base: "a", Scope: &gate.Scope{Kinds: []string{"world"}}}}, "loops")

	put("broken", `{"name": "broken", "memory_tier": "1", "scope": {"kinds": ["dreams"]}}`)
	if _, err := templates.Assistants(dir); err == nil || !strings.Contains(err.Error(), "dreams") {
		t.Fatalf("a bad kind in a scope: %v", err)
	}
	put("broken", `{"name": "broken", "memory_tier": "1", "scope": {"chanels": ["x"]}}`)
	if _, err := templates.Assistants(dir); err == nil {
		t.Fatal("an unknown scope key was accepted")
	}
}
