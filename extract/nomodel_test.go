package extract_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// TestDefaultPathMakesNoModelRequests proves the default extractor cannot
// call a model: nothing it links can open a network connection (no net
// package among its dependencies), and a run with every HTTP request of the
// process routed to a counting server makes zero requests.
func TestDefaultPathMakesNoModelRequests(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "github.com/memhive/memhive/extract").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 5 {
		t.Fatalf("go list returned too little: %v", deps)
	}
	for _, d := range deps {
		if d == "net" || strings.HasPrefix(d, "net/") || strings.HasPrefix(d, "github.com/memhive/memhive/model") {
			t.Fatalf("extract depends on %s: the default path could reach the network", d)
		}
	}

	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.WriteHeader(http.StatusTeapot)
	}))
	defer srv.Close()
	// The counter works: one request through the default transport counts.
	t.Setenv("HTTP_PROXY", srv.URL)
	if resp, err := http.Get(srv.URL); err == nil {
		resp.Body.Close()
	}
	before := requests.Load()
	if before != 1 {
		t.Fatalf("counting server saw %d requests, want 1", before)
	}
	facts, err := extract.Patterns{}.Extract(context.Background(), extract.Session{Member: "alice", Channel: "web:chat",
		Turns: []extract.Turn{{EpisodeID: "e1", Speaker: "member:alice", Role: "user", At: time.Now(),
			Text: "I live in Berlin. My manager is Dave. I'm going to Tokyo next week.", Audience: []string{"member:alice"}}}})
	if err != nil || len(facts) != 3 {
		t.Fatalf("extract: %d facts, %v", len(facts), err)
	}
	if n := requests.Load() - before; n != 0 {
		t.Fatalf("the default extractor made %d HTTP requests", n)
	}
}
