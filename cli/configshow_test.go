package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// `memhive config show` prints a config file memhive reads back on standard
// output and, on standard error, what the unset settings mean and how the
// read path's own pool is set up: its size and its connections' settings.
func TestConfigShowSaysTheReadPathsPool(t *testing.T) {
	t.Setenv("MEMHIVE_CONFIG", "")
	t.Setenv("MEMHIVE_RECALL_POOL", "12")
	out, errOut, code := run(t, "config", "show", "--data", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var cfg map[string]any
	if err := json.Unmarshal([]byte(out), &cfg); err != nil {
		t.Fatalf("standard output is not the config: %v\n%s", err, out)
	}
	if cfg["recall_pool"] != float64(12) {
		t.Fatalf("recall_pool %v, want 12: %s", cfg["recall_pool"], out)
	}
	want := "# recall_pool: 12 connections of the read path's own, each with jit = off, plan_cache_mode = force_generic_plan"
	if !strings.Contains(errOut, want+"\n") {
		t.Fatalf("standard error lacks %q:\n%s", want, errOut)
	}
}
