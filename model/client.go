// Package model is the one model client memhive uses: an OpenAI-compatible
// chat-completions client (OpenAI, Ollama, vLLM, llama.cpp server) that sends
// JSON-mode requests at temperature 0, tags each call with the member and the
// cell, enforces the call budgets before any request leaves the process, and
// keeps the decision log (one line per call, with its final verdict).
//
// The client only transports: it returns the raw content and the token
// usage. Whether the content is acceptable is the caller's verdict, which the
// caller writes with DecisionLog.Record, exactly once per call.
package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/memhive/memhive"
)

// ErrTimeout is wrapped by Chat's error when the call ran out of time, its
// own Timeout or the caller's deadline.
var ErrTimeout = errors.New("model call timed out")

// StatusError is Chat's error when the endpoint answered with a status other
// than 200.
type StatusError struct {
	Status int
	Body   string // the start of the reply body, for the operator
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("model endpoint answered %d: %s", e.Status, e.Body)
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system | user | assistant
	Content string `json:"content"`
}

// Call is one chat-completions request.
type Call struct {
	Member   string // whose memory this is; the budget and the user tag name it
	Cell     string // who is calling ("synthesizer", "judge"); the user tag names it
	Messages []Message
}

// Reply is what the endpoint answered.
type Reply struct {
	Content          string // choices[0].message.content, untouched
	PromptTokens     int
	CompletionTokens int
}

// Client calls one OpenAI-compatible endpoint. It is safe for concurrent use.
// A nil *Client behaves like one with no model configured.
type Client struct {
	cfg    Config
	http   *http.Client
	budget *Budget
	now    func() time.Time
}

// Option changes a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client (default: a fresh one; the call timeout
// is applied per request, not through http.Client.Timeout).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithClock sets the clock the budget windows are read from (default time.Now).
func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

// WithBudget shares one budget between several clients (default: each client
// has its own, sized by the config's ceilings).
func WithBudget(b *Budget) Option { return func(c *Client) { c.budget = b } }

// New returns a client for cfg after WithDefaults and Validate. A config that
// names no model gives a client whose calls all answer
// memhive.CodeModelNotConfigured.
func New(cfg Config, opts ...Option) (*Client, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	c := &Client{cfg: cfg, http: &http.Client{}, now: time.Now}
	for _, o := range opts {
		o(c)
	}
	if c.budget == nil {
		c.budget = NewBudget(cfg.MemberCallsPerHour, cfg.FleetCallsPerDay)
	}
	return c, nil
}

// Configured reports whether c has a model to call.
func (c *Client) Configured() bool { return c != nil && c.cfg.Configured() }

// Config returns the client's config, defaults applied.
func (c *Client) Config() Config {
	if c == nil {
		return Config{}.WithDefaults()
	}
	return c.cfg
}

// Budget returns the budget the client spends from.
func (c *Client) Budget() *Budget {
	if c == nil {
		return nil
	}
	return c.budget
}

// UserTag is the per-call "user" field: "memhive:<member>:<cell>".
func UserTag(member, cell string) string { return "memhive:" + member + ":" + cell }

type chatRequest struct {
	Model          string         `json:"model"`
	Messages       []Message      `json:"messages"`
	Temperature    float64        `json:"temperature"` // always sent, 0
	ResponseFormat responseFormat `json:"response_format"`
	User           string         `json:"user"`
	MaxTokens      int            `json:"max_tokens,omitempty"`
	Stream         bool           `json:"stream"`
}

type responseFormat struct {
	Type string `json:"type"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

const maxReplyBytes = 4 << 20

// Chat sends one JSON-mode chat-completions request and returns the raw
// content and usage.
//
// Before anything is sent: a client with no model answers
// memhive.CodeModelNotConfigured, and a spent budget answers
// memhive.CodeOverBudget; in both cases no request is made. After: a call
// that runs out of time wraps ErrTimeout, a non-200 reply is a *StatusError,
// and any other failure is a plain wrapped error.
func (c *Client) Chat(ctx context.Context, call Call) (*Reply, error) {
	if !c.Configured() {
		return nil, memhive.Errorf(memhive.CodeModelNotConfigured,
			"no model is configured for tier 2; set %s and %s", EnvURL, EnvModel)
	}
	if !memhive.ValidMember(call.Member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", call.Member)
	}
	if err := c.budget.Take(call.Member, c.now()); err != nil {
		return nil, err
	}
	body, err := json.Marshal(chatRequest{
		Model:          c.cfg.Model,
		Messages:       call.Messages,
		Temperature:    0,
		ResponseFormat: responseFormat{Type: "json_object"},
		User:           UserTag(call.Member, call.Cell),
		MaxTokens:      c.cfg.MaxTokens,
	})
	if err != nil {
		return nil, fmt.Errorf("encode chat request: %w", err)
	}

	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.URL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("build chat request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.cfg.Key != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.Key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, classify(ctx, fmt.Errorf("post chat request: %w", err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	if err != nil {
		return nil, classify(ctx, fmt.Errorf("read chat reply: %w", err))
	}
	if resp.StatusCode != http.StatusOK {
		return nil, &StatusError{Status: resp.StatusCode, Body: truncate(string(raw), 300)}
	}
	var cr chatResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return nil, fmt.Errorf("decode chat reply: %w", err)
	}
	if len(cr.Choices) == 0 || cr.Choices[0].Message.Content == nil {
		return nil, errors.New("decode chat reply: no choices[0].message.content")
	}
	return &Reply{
		Content:          *cr.Choices[0].Message.Content,
		PromptTokens:     cr.Usage.PromptTokens,
		CompletionTokens: cr.Usage.CompletionTokens,
	}, nil
}

// classify wraps ErrTimeout around err when the call ran out of time.
func classify(ctx context.Context, err error) error {
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) ||
		(errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("%w: %w", ErrTimeout, err)
	}
	return err
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
