package model_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
)

func newClient(t *testing.T, srv *modeltest.Server, cfg model.Config, opts ...model.Option) *model.Client {
	t.Helper()
	cfg.URL, cfg.Model = srv.URL, "test-model"
	c, err := model.New(cfg, opts...)
	if err != nil {
		t.Fatalf("model.New: %v", err)
	}
	return c
}

func TestChatSendsJSONModeTemperatureZeroAndUserTag(t *testing.T) {
	t.Parallel()
	srv := modeltest.New(t, modeltest.Response{Content: `{"ok":true}`, PromptTokens: 40, CompletionTokens: 9})
	c := newClient(t, srv, model.Config{Key: "sk-test"})

	reply, err := c.Chat(context.Background(), model.Call{Member: "alice", Cell: "synthesizer",
		Messages: []model.Message{{Role: "system", Content: "be brief"}, {Role: "user", Content: "hi"}}})
	if err != nil {
		t.Fatalf("Chat: %v", err)
	}
	if reply.Content != `{"ok":true}` || reply.PromptTokens != 40 || reply.CompletionTokens != 9 {
		t.Fatalf("reply = %+v", reply)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server saw %d requests, want 1", len(reqs))
	}
	if reqs[0].Path != "/v1/chat/completions" {
		t.Errorf("path = %q", reqs[0].Path)
	}
	if got := reqs[0].Header.Get("Authorization"); got != "Bearer sk-test" {
		t.Errorf("Authorization = %q", got)
	}
	cr, err := reqs[0].Chat()
	if err != nil {
		t.Fatalf("decode sent body: %v", err)
	}
	if cr.Model != "test-model" {
		t.Errorf("model = %q", cr.Model)
	}
	if cr.Temperature == nil || *cr.Temperature != 0 {
		t.Errorf("temperature = %v, want an explicit 0", cr.Temperature)
	}
	if cr.ResponseFormat == nil || cr.ResponseFormat.Type != "json_object" {
		t.Errorf("response_format = %+v, want json_object", cr.ResponseFormat)
	}
	if cr.User != "memhive:alice:synthesizer" {
		t.Errorf("user = %q", cr.User)
	}
	if cr.MaxTokens != model.DefaultMaxTokens {
		t.Errorf("max_tokens = %d", cr.MaxTokens)
	}
	if len(cr.Messages) != 2 || cr.Messages[1].Content != "hi" {
		t.Errorf("messages = %+v", cr.Messages)
	}
}

func TestChatWithoutKeySendsNoAuthorization(t *testing.T) {
	t.Parallel()
	srv := modeltest.New(t, modeltest.Response{Content: `{}`})
	c := newClient(t, srv, model.Config{})
	if _, err := c.Chat(context.Background(), model.Call{Member: "alice", Cell: "synthesizer"}); err != nil {
		t.Fatalf("Chat: %v", err)
	}
	if got := srv.Requests()[0].Header.Get("Authorization"); got != "" {
		t.Errorf("Authorization = %q, want none", got)
	}
}

func TestChatFailures(t *testing.T) {
	t.Parallel()
	t.Run("status 500 is a StatusError", func(t *testing.T) {
		t.Parallel()
		srv := modeltest.New(t, modeltest.Response{Status: 500})
		_, err := newClient(t, srv, model.Config{}).Chat(context.Background(), model.Call{Member: "alice", Cell: "c"})
		var se *model.StatusError
		if !errors.As(err, &se) || se.Status != 500 {
			t.Fatalf("err = %v, want StatusError 500", err)
		}
		if errors.Is(err, model.ErrTimeout) {
			t.Fatalf("a 500 is not a timeout")
		}
	})
	t.Run("timeout wraps ErrTimeout", func(t *testing.T) {
		t.Parallel()
		srv := modeltest.New(t, modeltest.Response{Content: `{}`, Delay: time.Minute})
		_, err := newClient(t, srv, model.Config{Timeout: 50 * time.Millisecond}).
			Chat(context.Background(), model.Call{Member: "alice", Cell: "c"})
		if !errors.Is(err, model.ErrTimeout) {
			t.Fatalf("err = %v, want ErrTimeout", err)
		}
	})
	t.Run("reply without choices is an error", func(t *testing.T) {
		t.Parallel()
		srv := modeltest.New(t, modeltest.Response{Raw: `{"choices":[]}`})
		_, err := newClient(t, srv, model.Config{}).Chat(context.Background(), model.Call{Member: "alice", Cell: "c"})
		if err == nil || errors.Is(err, model.ErrTimeout) {
			t.Fatalf("err = %v, want a decode error", err)
		}
	})
	t.Run("reply that is not JSON is an error", func(t *testing.T) {
		t.Parallel()
		srv := modeltest.New(t, modeltest.Response{Raw: `<html>bad gateway</html>`})
		_, err := newClient(t, srv, model.Config{}).Chat(context.Background(), model.Call{Member: "alice", Cell: "c"})
		if err == nil {
			t.Fatalf("err = nil, want a decode error")
		}
	})
}

func TestNotConfiguredSendsNothing(t *testing.T) {
	t.Parallel()
	c, err := model.New(model.Config{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for _, cl := range []*model.Client{c, nil} {
		_, err = cl.Chat(context.Background(), model.Call{Member: "alice", Cell: "synthesizer"})
		if memhive.CodeOf(err) != memhive.CodeModelNotConfigured {
			t.Fatalf("err = %v, want model_not_configured", err)
		}
	}
}

func TestOverBudgetSendsNoRequest(t *testing.T) {
	t.Parallel()
	srv := modeltest.New(t, modeltest.Response{Content: `{}`}, modeltest.Response{Content: `{}`})
	now := time.Date(2025, 3, 4, 10, 15, 0, 0, time.UTC)
	c := newClient(t, srv, model.Config{MemberCallsPerHour: 2, FleetCallsPerDay: 3},
		model.WithClock(func() time.Time { return now }))
	call := func(member string) error {
		_, err := c.Chat(context.Background(), model.Call{Member: member, Cell: "synthesizer"})
		return err
	}
	for i := range 2 {
		if err := call("alice"); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if err := call("alice"); memhive.CodeOf(err) != memhive.CodeOverBudget {
		t.Fatalf("third call by alice in the hour: err = %v, want over_budget", err)
	}
	if n := srv.Count(); n != 2 {
		t.Fatalf("server saw %d requests, want 2 (the over-budget call must send nothing)", n)
	}

	// Bob has his own hour but shares the fleet's day: one call left.
	srv.Push(modeltest.Response{Content: `{}`})
	if err := call("bob"); err != nil {
		t.Fatalf("bob: %v", err)
	}
	if err := call("bob"); memhive.CodeOf(err) != memhive.CodeOverBudget {
		t.Fatalf("fleet ceiling: err = %v, want over_budget", err)
	}
	if n := srv.Count(); n != 3 {
		t.Fatalf("server saw %d requests, want 3", n)
	}

	// The next hour frees the member window but not the fleet's day.
	now = now.Add(time.Hour)
	if err := call("alice"); memhive.CodeOf(err) != memhive.CodeOverBudget {
		t.Fatalf("next hour, same day: err = %v, want over_budget (fleet)", err)
	}
	// The next day frees both.
	now = now.Add(24 * time.Hour)
	srv.Push(modeltest.Response{Content: `{}`})
	if err := call("alice"); err != nil {
		t.Fatalf("next day: %v", err)
	}
	if n := srv.Count(); n != 4 {
		t.Fatalf("server saw %d requests, want 4", n)
	}
}

func TestBudgetUnderConcurrency(t *testing.T) {
	t.Parallel()
	b := model.NewBudget(25, 40)
	now := time.Date(2025, 3, 4, 10, 0, 0, 0, time.UTC)
	var ok, refused atomic.Int64
	var wg sync.WaitGroup
	for g := range 8 {
		member := []string{"alice", "bob"}[g%2]
		wg.Go(func() {
			for range 20 {
				if err := b.Take(member, now); err == nil {
					ok.Add(1)
				} else if memhive.CodeOf(err) == memhive.CodeOverBudget {
					refused.Add(1)
				} else {
					t.Errorf("Take: %v", err)
				}
			}
		})
	}
	wg.Wait()
	// 160 attempts; each member may take 25, the fleet 40 in all.
	if ok.Load() != 40 || refused.Load() != 120 {
		t.Fatalf("ok=%d refused=%d, want 40 and 120", ok.Load(), refused.Load())
	}
	a, fleet := b.Used("alice")
	bb, _ := b.Used("bob")
	if fleet != 40 || a > 25 || bb > 25 || a+bb != 40 {
		t.Fatalf("used alice=%d bob=%d fleet=%d", a, bb, fleet)
	}
}

func TestConfig(t *testing.T) {
	t.Parallel()
	bad := []model.Config{
		{URL: "http://127.0.0.1:11434/v1"},                      // no model
		{Model: "llama3.1"},                                     // no url
		{URL: "http://127.0.0.1:11434", Model: "llama3.1"},      // not /v1
		{URL: "ftp://127.0.0.1/v1", Model: "llama3.1"},          // not http
		{URL: "http://127.0.0.1/v1", Model: "m", Timeout: -1},   // negative
		{URL: "http://127.0.0.1/v1", Model: "m", MaxTokens: -1}, // negative
	}
	for _, c := range bad {
		if err := c.WithDefaults().Validate(); err == nil {
			t.Errorf("Validate(%+v) = nil, want an error", c)
		}
	}
	c := model.Config{URL: " http://127.0.0.1:11434/v1/ ", Model: "llama3.1"}.WithDefaults()
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if c.URL != "http://127.0.0.1:11434/v1" || c.Timeout != model.DefaultTimeout ||
		c.MemberCallsPerHour != model.DefaultMemberCallsPerHour || c.FleetCallsPerDay != model.DefaultFleetCallsPerDay {
		t.Fatalf("defaults = %+v", c)
	}
}

// Not parallel: t.Setenv.
func TestConfigFromEnv(t *testing.T) {
	t.Setenv(model.EnvURL, "http://127.0.0.1:11434/v1")
	t.Setenv(model.EnvModel, "llama3.1")
	t.Setenv(model.EnvKey, "k")
	t.Setenv(model.EnvTimeout, "45")
	t.Setenv(model.EnvMemberCallsPerHour, "7")
	t.Setenv(model.EnvFleetCallsPerDay, "70")
	c, err := model.ConfigFromEnv()
	if err != nil {
		t.Fatalf("ConfigFromEnv: %v", err)
	}
	want := model.Config{URL: "http://127.0.0.1:11434/v1", Model: "llama3.1", Key: "k", Timeout: 45 * time.Second,
		MemberCallsPerHour: 7, FleetCallsPerDay: 70, MaxTokens: model.DefaultMaxTokens}
	if c != want {
		t.Fatalf("config = %+v, want %+v", c, want)
	}
	t.Setenv(model.EnvTimeout, "2m")
	if c, err = model.ConfigFromEnv(); err != nil || c.Timeout != 2*time.Minute {
		t.Fatalf("timeout 2m: %+v, %v", c, err)
	}
	t.Setenv(model.EnvTimeout, "soon")
	if _, err = model.ConfigFromEnv(); err == nil {
		t.Fatalf("timeout \"soon\" accepted")
	}
	t.Setenv(model.EnvTimeout, "")
	t.Setenv(model.EnvMemberCallsPerHour, "-3")
	if _, err = model.ConfigFromEnv(); err == nil {
		t.Fatalf("negative budget accepted")
	}
	t.Setenv(model.EnvMemberCallsPerHour, "")
	t.Setenv(model.EnvURL, "")
	t.Setenv(model.EnvModel, "")
	if c, err = model.ConfigFromEnv(); err != nil || c.Configured() {
		t.Fatalf("empty env: %+v, %v; want a valid unconfigured config", c, err)
	}
}

func TestDecisionLogWritesOneRowAndOneLine(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	var buf bytes.Buffer
	dl := model.NewDecisionLog(pool, slog.New(slog.NewJSONHandler(&buf, nil)))
	ctx := context.Background()
	d := model.Decision{Member: "alice", Cell: "synthesizer", Tier: "2", Verdict: model.VerdictGapMissing,
		Latency: 1234 * time.Millisecond, PromptTokens: 321, CompletionTokens: 45}
	if err := dl.Record(ctx, d); err != nil {
		t.Fatalf("Record: %v", err)
	}
	// A cancelled context still records: the call happened.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := dl.Record(cctx, model.Decision{Member: "alice", Cell: "judge", Verdict: model.VerdictOK}); err != nil {
		t.Fatalf("Record with cancelled ctx: %v", err)
	}

	rows, err := pool.Query(ctx, `SELECT cell, coalesce(tier, ''), verdict, latency_ms, prompt_tokens, completion_tokens
        FROM decision_log WHERE member_id = $1 ORDER BY id`, "alice")
	if err != nil {
		t.Fatalf("query: %v", err)
	}
	type row struct {
		cell, tier, verdict string
		ms, pt, ct          int
	}
	var got []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.cell, &r.tier, &r.verdict, &r.ms, &r.pt, &r.ct); err != nil {
			t.Fatalf("scan: %v", err)
		}
		got = append(got, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("rows: %v", err)
	}
	want := []row{{"synthesizer", "2", "gap_missing", 1234, 321, 45}, {"judge", "", "ok", 0, 0, 0}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("rows = %+v, want %+v", got, want)
	}

	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	if len(lines) != 2 {
		t.Fatalf("slog lines = %d, want 2:\n%s", len(lines), buf.String())
	}
	var line map[string]any
	if err := json.Unmarshal(lines[0], &line); err != nil {
		t.Fatalf("slog line: %v", err)
	}
	for k, v := range map[string]any{"msg": "model decision", "member": "alice", "cell": "synthesizer", "tier": "2",
		"verdict": "gap_missing", "latency_ms": 1234.0, "prompt_tokens": 321.0, "completion_tokens": 45.0} {
		if line[k] != v {
			t.Errorf("slog %s = %v, want %v", k, line[k], v)
		}
	}
}
