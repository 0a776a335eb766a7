package templates

import (
	"os"
	"path/filepath"
	"testing"
)

func TestBuiltInTemplates(t *testing.T) {
	h, err := LoadHive("")
	if err != nil {
		t.Fatal(err)
	}
	if !h.Enabled("appender") || h.Prefix != "memhive" {
		t.Fatalf("hive %+v", h)
	}
	as, err := Assistants("")
	if err != nil {
		t.Fatal(err)
	}
	if as["talky"].MemoryTier != "1" || !as["talky"].Ambient || as["cogny"].MemoryTier != "" {
		t.Fatalf("assistants %+v", as)
	}
}

func TestUnknownKeysAreErrors(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "hive.json")
	os.WriteFile(f, []byte(`{"prefix":"memhive","cells":{"appender":{"enabled":true}},"colour":"blue"}`), 0o644)
	if _, err := LoadHive(f); err == nil {
		t.Fatal("unknown top-level key accepted")
	}
	os.WriteFile(f, []byte(`{"prefix":"memhive","cells":{"apender":{"enabled":true}}}`), 0o644)
	if _, err := LoadHive(f); err == nil {
		t.Fatal("unknown cell accepted")
	}
	os.WriteFile(f, []byte(`{"prefix":"memhive","cells":{"appender":{"enabled":true,"params":{"batchsize":3}}}}`), 0o644)
	h, err := LoadHive(f)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Batch int `json:"batch"`
	}
	if err := h.Params("appender", &p); err == nil {
		t.Fatal("unknown param accepted")
	}
	os.MkdirAll(filepath.Join(dir, "assistant", "x"), 0o755)
	os.WriteFile(filepath.Join(dir, "assistant", "x", "config.json"), []byte(`{"name":"x","memory_tier":"1","mood":"sunny"}`), 0o644)
	if _, err := Assistants(dir); err == nil {
		t.Fatal("unknown assistant key accepted")
	}
}
