package embed_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/embed/embedtest"
)

// fakeOpenAI is an OpenAI-compatible /v1/embeddings server that embeds with
// the hashing embedder and answers each batch in reverse order, so a client
// that ignores "index" gets the order wrong.
type fakeOpenAI struct {
	t       *testing.T
	key     string
	inner   *embed.Hashing
	mu      sync.Mutex
	batches []int // sizes of the inputs received
	bodies  []map[string]any
	status  int  // when non-zero, every request fails with it
	badDims bool // when set, vectors come back one dimension short
	block   chan struct{}
}

func newFakeOpenAI(t *testing.T, dims int) (*fakeOpenAI, *httptest.Server) {
	f := &fakeOpenAI{t: t, key: "sk-test-secret", inner: embed.NewHashing(dims)}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeOpenAI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		http.Error(w, `{"error":{"message":"no such route"}}`, http.StatusNotFound)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+f.key {
		http.Error(w, `{"error":{"message":"bad key"}}`, http.StatusUnauthorized)
		return
	}
	if f.block != nil {
		select {
		case <-f.block:
		case <-r.Context().Done():
			return
		}
	}
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	status, badDims := f.status, f.badDims
	f.bodies = append(f.bodies, body)
	f.mu.Unlock()
	if status != 0 {
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"error":{"message":"the model is overloaded"}}`))
		return
	}
	raw, _ := body["input"].([]any)
	texts := make([]string, len(raw))
	for i, x := range raw {
		texts[i], _ = x.(string)
	}
	f.mu.Lock()
	f.batches = append(f.batches, len(texts))
	f.mu.Unlock()
	vecs, err := f.inner.Embed(r.Context(), texts)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	var data []item
	for i := len(vecs) - 1; i >= 0; i-- {
		v := vecs[i]
		if badDims {
			v = v[:len(v)-1]
		}
		data = append(data, item{Object: "embedding", Index: i, Embedding: v})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "model": body["model"], "data": data})
}

func newClient(t *testing.T, srv *httptest.Server, mod func(*embed.OpenAIConfig)) *embed.OpenAI {
	cfg := embed.OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "test-embed", APIKey: "sk-test-secret", Dimensions: 32, BatchSize: 2}
	if mod != nil {
		mod(&cfg)
	}
	c, err := embed.NewOpenAI(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestOpenAIConformance(t *testing.T) {
	t.Parallel()
	_, srv := newFakeOpenAI(t, 32)
	embedtest.Run(t, newClient(t, srv, nil))
}

func TestOpenAIBatchesAndMatchesServer(t *testing.T) {
	t.Parallel()
	f, srv := newFakeOpenAI(t, 32)
	c := newClient(t, srv, func(c *embed.OpenAIConfig) { c.BaseURL += "/"; c.BatchSize = 3 })
	texts := []string{"one", "two", "three", "four", "five", "six", "seven"}
	got, err := c.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if want := []int{3, 3, 1}; !equalInts(f.batches, want) {
		t.Errorf("batches %v, want %v", f.batches, want)
	}
	want, _ := embed.NewHashing(32).Embed(context.Background(), texts)
	for i := range texts {
		if c := embed.Cosine(got[i], want[i]); c < 1-1e-6 {
			t.Errorf("text %d: cosine %v with the server's vector", i, c)
		}
	}
	if f.bodies[0]["model"] != "test-embed" || f.bodies[0]["encoding_format"] != "float" {
		t.Errorf("request body %v", f.bodies[0])
	}
	if _, ok := f.bodies[0]["dimensions"]; ok {
		t.Errorf("dimensions sent without SendDimensions: %v", f.bodies[0])
	}
}

func TestOpenAISendsDimensions(t *testing.T) {
	t.Parallel()
	f, srv := newFakeOpenAI(t, 32)
	c := newClient(t, srv, func(c *embed.OpenAIConfig) { c.SendDimensions = true })
	if _, err := c.Embed(context.Background(), []string{"hello"}); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.bodies[0]["dimensions"] != float64(32) {
		t.Errorf("dimensions = %v, want 32", f.bodies[0]["dimensions"])
	}
}

func TestOpenAIErrors(t *testing.T) {
	t.Parallel()
	t.Run("status", func(t *testing.T) {
		t.Parallel()
		f, srv := newFakeOpenAI(t, 32)
		f.status = http.StatusServiceUnavailable
		_, err := newClient(t, srv, nil).Embed(context.Background(), []string{"x"})
		if err == nil || !strings.Contains(err.Error(), "503") || !strings.Contains(err.Error(), "overloaded") {
			t.Fatalf("err = %v, want status 503 with the server's message", err)
		}
		if strings.Contains(err.Error(), "sk-test-secret") {
			t.Fatalf("error leaks the key: %v", err)
		}
	})
	t.Run("bad key", func(t *testing.T) {
		t.Parallel()
		_, srv := newFakeOpenAI(t, 32)
		_, err := newClient(t, srv, func(c *embed.OpenAIConfig) { c.APIKey = "wrong" }).Embed(context.Background(), []string{"x"})
		if err == nil || !strings.Contains(err.Error(), "401") {
			t.Fatalf("err = %v, want 401", err)
		}
	})
	t.Run("wrong dimensions", func(t *testing.T) {
		t.Parallel()
		f, srv := newFakeOpenAI(t, 32)
		f.badDims = true
		_, err := newClient(t, srv, nil).Embed(context.Background(), []string{"x"})
		if err == nil || !strings.Contains(err.Error(), "31 dimensions") {
			t.Fatalf("err = %v, want a dimension mismatch", err)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		t.Parallel()
		f, srv := newFakeOpenAI(t, 32)
		f.block = make(chan struct{})
		defer close(f.block)
		_, err := newClient(t, srv, func(c *embed.OpenAIConfig) { c.Timeout = 20 * time.Millisecond }).Embed(context.Background(), []string{"x"})
		if err == nil || !strings.Contains(err.Error(), "deadline") {
			t.Fatalf("err = %v, want a deadline error", err)
		}
	})
}

func TestOpenAIConfigValidate(t *testing.T) {
	t.Parallel()
	for name, cfg := range map[string]embed.OpenAIConfig{
		"no url":   {Model: "m", Dimensions: 3},
		"bad url":  {BaseURL: "localhost:8080/v1", Model: "m", Dimensions: 3},
		"no model": {BaseURL: "http://x/v1", Dimensions: 3},
		"no dims":  {BaseURL: "http://x/v1", Model: "m"},
	} {
		if _, err := embed.NewOpenAI(cfg); err == nil {
			t.Errorf("%s: NewOpenAI accepted %+v", name, cfg)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
