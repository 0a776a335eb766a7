package templates

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The memory tools an assistant template may offer its model (key "tools").
// The advisor's enter_topic is one of them: the model says which topic it
// enters and may be handed one stored memory.
var ToolNames = []string{"memory_recall", "memorize", "update_memory", "forget", "list_memories", "enter_topic"}

// DefaultTools are the tools of a template that names none: every assistant
// may ask (memory_recall answers memory_not_configured when its template
// sets no tier) and keep (memorize is not gated by the tier).
var DefaultTools = []string{"memory_recall", "memorize"}

// ToolList is the tools the template offers, in ToolNames order.
func (a Assistant) ToolList() []string {
	if len(a.Tools) == 0 {
		return append([]string(nil), DefaultTools...)
	}
	want := map[string]bool{}
	for _, t := range a.Tools {
		want[t] = true
	}
	var out []string
	for _, t := range ToolNames {
		if want[t] {
			out = append(out, t)
		}
	}
	return out
}

// checkTools refuses a tool name the template cannot offer.
func checkTools(tools []string) error {
	for _, t := range tools {
		ok := false
		for _, k := range ToolNames {
			ok = ok || t == k
		}
		if !ok {
			return fmt.Errorf("unknown tool %q in \"tools\" (known: %s)", t, strings.Join(ToolNames, ", "))
		}
	}
	return nil
}

// checkAssistant checks what DecodeStrict cannot: the tier and the tools.
func checkAssistant(a *Assistant) error {
	switch a.MemoryTier {
	case "", "0", "1", "2":
	default:
		return fmt.Errorf("memory_tier %q is not \"\", \"0\", \"1\" or \"2\"", a.MemoryTier)
	}
	return checkTools(a.Tools)
}

// LoadAssistant reads one assistant template from file, strictly (unknown
// keys are errors). A template without a name is named for its directory
// (assistant/<name>/config.json), or for the file (<name>.json).
func LoadAssistant(file string) (Assistant, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Assistant{}, fmt.Errorf("assistant template: %w", err)
	}
	var a Assistant
	if err := DecodeStrict(data, &a); err != nil {
		return Assistant{}, fmt.Errorf("assistant template %s: %w", file, err)
	}
	if err := checkAssistant(&a); err != nil {
		return Assistant{}, fmt.Errorf("assistant template %s: %w", file, err)
	}
	if a.Name == "" {
		base := filepath.Base(file)
		if base == "config.json" || base == "template.json" {
			a.Name = filepath.Base(filepath.Dir(file))
		} else {
			a.Name = strings.TrimSuffix(base, filepath.Ext(base))
		}
	}
	return a, nil
}
