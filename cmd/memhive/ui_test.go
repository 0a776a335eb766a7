package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memhive/memhive/config"
)

// TestUpServesTheInspector: memhive up serves the inspector at /ui on its
// HTTP address: 401 without the operator key (made into the data dir),
// pages with it, the health page listing the hive's cells and JetStream
// consumers.
func TestUpServesTheInspector(t *testing.T) {
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "data")
	p := startUp(t, bin, data)
	base := "http://" + p.addr.HTTPAddr
	opKey, err := os.ReadFile(config.OperatorKeyFile(data))
	if err != nil {
		t.Fatal(err)
	}
	key := strings.TrimSpace(string(opKey))
	for _, path := range []string{"/ui", "/ui/", "/ui/health", "/ui/members/alice/timeline", "/ui/members/alice/recall?q=x"} {
		if status, body := httpDo(t, "GET", base+path, "", ""); status != 401 || !strings.Contains(body, "operator key") {
			t.Fatalf("%s without a key: %d", path, status)
		}
		if status, body := httpDo(t, "GET", base+path, key, ""); status != 200 || !strings.Contains(body, "memhive inspector") {
			t.Fatalf("%s with the operator key: %d %s", path, status, body)
		}
	}
	_, health := httpDo(t, "GET", base+"/ui/health", key, "")
	for _, want := range []string{`<tr class="cell"><td>appender</td>`, "<strong>appender</strong>"} {
		if !strings.Contains(health, want) {
			t.Fatalf("the health page lacks %q:\n%s", want, health)
		}
	}
	if status, body := httpDo(t, "POST", base+"/ui/members/alice/aliases/x/revert", "", ""); status != 401 {
		t.Fatalf("an action without a key: %d %s", status, body)
	}
}
