// Package modeltest is a real OpenAI-compatible chat-completions server on
// loopback (net/http/httptest) for tests. Each test scripts the replies it
// wants, in order (content, status, delay), and reads back every request
// body the server received, so a test can check both what the client did
// with a reply and what it sent.
//
// It lives under internal/ because it is a test helper and never ships.
package modeltest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Response is one scripted reply.
type Response struct {
	// Content is choices[0].message.content. Ignored when Raw is set.
	Content string
	// Status is the HTTP status; 0 means 200. A non-200 reply carries an
	// OpenAI-style error body.
	Status int
	// Delay holds the reply back this long, or until the client gives up
	// or the server closes, whichever comes first.
	Delay time.Duration
	// Raw, when set, is the whole reply body, sent as is.
	Raw string
	// Reply, when set, makes Content from the request (a model that reads
	// its prompt). Ignored when Raw is set.
	Reply func(ChatRequest) string
	// Repeat keeps this reply queued: it answers every later request too.
	Repeat bool
	// PromptTokens and CompletionTokens are reported in usage; 0 means 11
	// and 7.
	PromptTokens, CompletionTokens int
	// ToolCalls, when set, are the reply's tool calls (finish_reason
	// "tool_calls"), as an OpenAI-compatible model asks for a function.
	ToolCalls []ToolCall
}

// ToolCall is one function call of a reply.
type ToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"` // "function"
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"` // JSON text, as OpenAI sends it
	} `json:"function"`
}

// Call is a tool call of function name with arguments args (JSON text).
func Call(id, name, args string) ToolCall {
	c := ToolCall{ID: id, Type: "function"}
	c.Function.Name, c.Function.Arguments = name, args
	return c
}

// Request is one request the server received.
type Request struct {
	Method string
	Path   string
	Header http.Header
	Body   []byte
}

// Chat decodes the body as a chat-completions request.
func (r Request) Chat() (ChatRequest, error) {
	var c ChatRequest
	err := json.Unmarshal(r.Body, &c)
	return c, err
}

// ChatRequest is the part of a chat-completions request tests look at.
type ChatRequest struct {
	Model          string    `json:"model"`
	Messages       []Message `json:"messages"`
	Temperature    *float64  `json:"temperature"`
	ResponseFormat *struct {
		Type string `json:"type"`
	} `json:"response_format"`
	User      string `json:"user"`
	MaxTokens int    `json:"max_tokens"`
	Tools     []Tool `json:"tools"`
}

// Tool is one entry of a request's tools list.
type Tool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

// Message is one chat message.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

// Server is the scripted endpoint.
type Server struct {
	// URL is the API base, ending in /v1, to put in model.Config.URL.
	URL string

	t      reporter
	srv    *httptest.Server
	closed chan struct{}

	mu       sync.Mutex
	queue    []Response
	requests []Request
}

// New starts a server that replies with rs in order; more can be queued
// with Push. A request with nothing left in the queue gets a 500 and fails
// the test. The server closes when the test ends.
func New(t testing.TB, rs ...Response) *Server {
	t.Helper()
	s := &Server{t: t, queue: rs, closed: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	s.URL = s.srv.URL + "/v1"
	t.Cleanup(s.Close)
	return s
}

// reporter is the part of testing.TB the server uses.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// logReporter reports to a function, for a server outside a test.
type logReporter func(string)

func (logReporter) Helper() {}
func (f logReporter) Errorf(format string, args ...any) {
	f(fmt.Sprintf(format, args...))
}

// Start is New outside a test (a runnable example drives the same scripted
// model): problems go to report, and Close stops the server.
func Start(report func(string), rs ...Response) *Server {
	s := &Server{t: logReporter(report), queue: rs, closed: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	s.URL = s.srv.URL + "/v1"
	return s
}

// Close stops a server made by Start (New's closes with its test).
func (s *Server) Close() {
	select {
	case <-s.closed:
		return
	default:
	}
	close(s.closed)
	s.srv.Close()
}

// Push queues more replies.
func (s *Server) Push(rs ...Response) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, rs...)
}

// Requests returns a copy of every request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Count returns how many requests the server has received.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// Pending returns how many scripted replies are still queued.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.t.Errorf("modeltest: read request body: %v", err)
	}
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	var resp Response
	ok := len(s.queue) > 0
	if ok {
		resp = s.queue[0]
		if !resp.Repeat {
			s.queue = s.queue[1:]
		}
	}
	s.mu.Unlock()

	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		s.t.Errorf("modeltest: unexpected %s %s", r.Method, r.URL.Path)
		writeError(w, http.StatusNotFound, "not found")
		return
	}
	if !ok {
		s.t.Errorf("modeltest: request %d has no scripted response", s.Count())
		writeError(w, http.StatusInternalServerError, "modeltest: no scripted response")
		return
	}
	if resp.Delay > 0 {
		timer := time.NewTimer(resp.Delay)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-r.Context().Done():
			return
		case <-s.closed:
			return
		}
	}
	status := resp.Status
	if status == 0 {
		status = http.StatusOK
	}
	if status != http.StatusOK {
		writeError(w, status, fmt.Sprintf("modeltest: scripted status %d", status))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if resp.Raw != "" {
		_, _ = io.WriteString(w, resp.Raw)
		return
	}
	if resp.Reply != nil {
		var c ChatRequest
		if err := json.Unmarshal(body, &c); err != nil {
			s.t.Errorf("modeltest: decode request: %v", err)
		}
		resp.Content = resp.Reply(c)
	}
	msg := map[string]any{"role": "assistant", "content": resp.Content}
	finish := "stop"
	if len(resp.ToolCalls) > 0 {
		msg["tool_calls"] = resp.ToolCalls
		finish = "tool_calls"
	}
	pt, ct := resp.PromptTokens, resp.CompletionTokens
	if pt == 0 {
		pt = 11
	}
	if ct == 0 {
		ct = 7
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id":      fmt.Sprintf("chatcmpl-modeltest-%d", s.Count()),
		"object":  "chat.completion",
		"created": 0,
		"model":   "modeltest",
		"choices": []map[string]any{{
			"index":         0,
			"message":       msg,
			"finish_reason": finish,
		}},
		"usage": map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	})
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": "server_error"}})
}

// JSON marshals v for a scripted Content, failing the test on error.
func JSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("modeltest: marshal: %v", err)
	}
	return string(b)
}
