// Package templates holds the JSON templates the hive is configured by:
// the hive template (which cells run, with their params) and the assistant
// templates (which memory tier an assistant reads). They are embedded in
// the binary; a file on disk may replace each. Unknown keys are errors.
package templates

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/memhive/memhive/gate"
)

//go:embed hive/template.json assistant/*/config.json cogny/template.json
var files embed.FS

// CellConfig is one cell's block in the hive template.
type CellConfig struct {
	Enabled bool            `json:"enabled"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Hive is the hive template.
type Hive struct {
	Prefix string                `json:"prefix"`
	Cells  map[string]CellConfig `json:"cells"`
}

// Known cells, in start order.
var CellOrder = []string{"appender", "embedder", "recall", "synthesizer", "remember", "closer", "clock", "gateway"}

// Assistant is an assistant's template.
type Assistant struct {
	Name        string `json:"name"`
	Kind        string `json:"kind,omitempty"`
	Description string `json:"description,omitempty"`
	// MemoryTier is "0", "1" or "2" for an assistant that reads memory, ""
	// for one that is not configured (memory_recall answers memory_not_configured).
	MemoryTier string `json:"memory_tier"`
	// Ambient: the assistant reads a bundle every turn rather than asking by tool call.
	Ambient bool `json:"ambient"`
	// Tools the assistant offers its model (ToolNames); none named: DefaultTools.
	Tools []string `json:"tools,omitempty"`

	// Base names the assistant this one replaces: it inherits the base's
	// scope (narrowed further by its own, never widened). Scopes resolves it.
	Base string `json:"base,omitempty"`
	// Scope narrows what the assistant reads (docs/scopes.md): channels,
	// fact kinds, predicates, sessions older than a date. It never widens
	// the audience gate.
	Scope *gate.Scope `json:"scope,omitempty"`
}

// DecodeStrict decodes JSON into v, refusing unknown keys and trailing data.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after the JSON object")
	}
	return nil
}

// LoadHive reads the hive template from file, or the embedded one when file is "".
func LoadHive(file string) (*Hive, error) {
	data, err := read(file, "hive/template.json")
	if err != nil {
		return nil, err
	}
	var h Hive
	if err := DecodeStrict(data, &h); err != nil {
		return nil, fmt.Errorf("hive template %s: %w", nameOr(file), err)
	}
	known := map[string]bool{}
	for _, c := range CellOrder {
		known[c] = true
	}
	for name := range h.Cells {
		if !known[name] {
			return nil, fmt.Errorf("hive template %s: unknown cell %q (known: %s)", nameOr(file), name, strings.Join(CellOrder, ", "))
		}
	}
	return &h, nil
}

// Enabled reports whether the template runs cell name.
func (h *Hive) Enabled(name string) bool { return h.Cells[name].Enabled }

// Params decodes cell name's params into v, refusing unknown keys.
func (h *Hive) Params(name string, v any) error {
	p := h.Cells[name].Params
	if len(p) == 0 {
		return nil
	}
	if err := DecodeStrict(p, v); err != nil {
		return fmt.Errorf("hive template: cell %s params: %w", name, err)
	}
	return nil
}

// Assistants returns the embedded assistant templates by name, overlaid by
// any */config.json or */template.json under dir when dir is not "".
func Assistants(dir string) (map[string]Assistant, error) {
	out := map[string]Assistant{}
	add := func(fsys fs.FS, p string) error {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		var a Assistant
		if err := DecodeStrict(data, &a); err != nil {
			return fmt.Errorf("assistant template %s: %w", p, err)
		}
		if err := checkAssistant(&a); err != nil {
			return fmt.Errorf("assistant template %s: %w", p, err)
		}
		if a.Name == "" {
			a.Name = path.Base(path.Dir(p))
		}
		if a.Scope != nil {
			sc, err := a.Scope.Normalize()
			if err != nil {
				return fmt.Errorf("assistant template %s: %w", p, err)
			}
			a.Scope = &sc
		}
		out[a.Name] = a
		return nil
	}
	for _, p := range []string{"assistant/talky/config.json", "cogny/template.json"} {
		if err := add(files, p); err != nil {
			return nil, err
		}
	}
	if dir != "" {
		fsys := os.DirFS(dir)
		matches, _ := fs.Glob(fsys, "*/*/config.json")
		more, _ := fs.Glob(fsys, "*/template.json")
		matches = append(matches, more...)
		sort.Strings(matches)
		for _, p := range matches {
			if strings.HasPrefix(p, "hive/") {
				continue
			}
			if err := add(fsys, p); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func read(file, embedded string) ([]byte, error) {
	if file == "" {
		return files.ReadFile(embedded)
	}
	return os.ReadFile(file)
}

func nameOr(file string) string {
	if file == "" {
		return "(built in)"
	}
	return file
}

// Scopes is each assistant's effective scope: its own, narrowed by its
// base's, and that base's base's, and so on (a replacement inherits the
// scope of the assistant it replaces, SPEC §9). A base that names no known
// template, or a chain of bases that loops, is an error.
func Scopes(assistants map[string]Assistant) (gate.Scopes, error) {
	out := gate.Scopes{}
	for name := range assistants {
		sc, err := ScopeOf(assistants, name)
		if err != nil {
			return nil, err
		}
		if !sc.IsZero() {
			out[name] = sc
		}
	}
	return out, nil
}

// ScopeOf is the effective scope of assistant name (see Scopes), and the
// zero scope for a name no template has.
func ScopeOf(assistants map[string]Assistant, name string) (gate.Scope, error) {
	var sc gate.Scope
	seen := map[string]bool{}
	for n := name; n != ""; {
		a, ok := assistants[n]
		if !ok {
			if n == name {
				return gate.Scope{}, nil
			}
			return gate.Scope{}, fmt.Errorf("assistant template %s: base %q is not a known assistant template", name, n)
		}
		if seen[n] {
			return gate.Scope{}, fmt.Errorf("assistant template %s: its chain of bases loops at %q", name, n)
		}
		seen[n] = true
		if a.Scope != nil {
			sc = sc.Narrow(*a.Scope)
		}
		n = a.Base
	}
	return sc, nil
}
