package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// OpenAIConfig configures an OpenAI-compatible embeddings client.
type OpenAIConfig struct {
	// BaseURL is the API root ending in /v1, e.g. https://api.openai.com/v1
	// or http://127.0.0.1:11434/v1 for Ollama. Required.
	BaseURL string
	// Model is sent as "model" and is the Embedder's Model(). Required.
	Model string
	// APIKey is sent as a bearer token when set.
	APIKey string
	// Dimensions is the length of the vectors the model returns. Required.
	Dimensions int
	// SendDimensions sends "dimensions" in each request, for models that can
	// shorten their vectors (OpenAI text-embedding-3-*). Default false: many
	// compatible servers reject the field.
	SendDimensions bool
	// BatchSize is the largest number of texts in one request. Default 64.
	BatchSize int
	// Timeout bounds one request. Default 30s.
	Timeout time.Duration
	// Client is the HTTP client. Default: a new client.
	Client *http.Client
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c OpenAIConfig) WithDefaults() OpenAIConfig {
	if c.BatchSize <= 0 {
		c.BatchSize = 64
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.Client == nil {
		c.Client = &http.Client{}
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	return c
}

// Validate reports the first missing or malformed field.
func (c OpenAIConfig) Validate() error {
	switch {
	case c.BaseURL == "":
		return errors.New("openai embedder: BaseURL is required")
	case !strings.HasPrefix(c.BaseURL, "http://") && !strings.HasPrefix(c.BaseURL, "https://"):
		return fmt.Errorf("openai embedder: BaseURL %q is not an http(s) URL", c.BaseURL)
	case c.Model == "":
		return errors.New("openai embedder: Model is required")
	case c.Dimensions <= 0:
		return errors.New("openai embedder: Dimensions is required")
	}
	return nil
}

// OpenAI embeds through POST {BaseURL}/embeddings.
type OpenAI struct {
	cfg OpenAIConfig
}

var _ Embedder = (*OpenAI)(nil)

// NewOpenAI returns a client for an OpenAI-compatible embeddings endpoint.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &OpenAI{cfg: cfg}, nil
}

// Model returns the configured model name.
func (o *OpenAI) Model() string { return o.cfg.Model }

// Dimensions returns the configured dimension.
func (o *OpenAI) Dimensions() int { return o.cfg.Dimensions }

type openAIRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
	Dimensions     int      `json:"dimensions,omitempty"`
}

type openAIResponse struct {
	Data []struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Embed sends the texts in batches of BatchSize and returns their vectors
// in order.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += o.cfg.BatchSize {
		end := min(start+o.cfg.BatchSize, len(texts))
		vecs, err := o.batch(ctx, texts[start:end])
		if err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

func (o *OpenAI) batch(ctx context.Context, texts []string) ([][]float32, error) {
	ctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	req := openAIRequest{Model: o.cfg.Model, Input: make([]string, len(texts)), EncodingFormat: "float"}
	for i, t := range texts {
		// Some servers reject empty input; a blank stands for it.
		if strings.TrimSpace(t) == "" {
			t = " "
		}
		req.Input[i] = t
	}
	if o.cfg.SendDimensions {
		req.Dimensions = o.cfg.Dimensions
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("openai embedder: %w", err)
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, o.cfg.BaseURL+"/embeddings", bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("openai embedder: %w", err)
	}
	hr.Header.Set("Content-Type", "application/json")
	if o.cfg.APIKey != "" {
		hr.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	resp, err := o.cfg.Client.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("openai embedder: %s: %w", o.cfg.Model, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("openai embedder: read response: %w", err)
	}
	var r openAIResponse
	jsonErr := json.Unmarshal(raw, &r)
	if resp.StatusCode != http.StatusOK {
		msg := strings.TrimSpace(string(raw))
		if jsonErr == nil && r.Error != nil && r.Error.Message != "" {
			msg = r.Error.Message
		}
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
		return nil, fmt.Errorf("openai embedder: %s: status %d: %s", o.cfg.Model, resp.StatusCode, msg)
	}
	if jsonErr != nil {
		return nil, fmt.Errorf("openai embedder: decode response: %w", jsonErr)
	}
	if len(r.Data) != len(texts) {
		return nil, fmt.Errorf("openai embedder: %d vectors for %d texts", len(r.Data), len(texts))
	}
	out := make([][]float32, len(texts))
	for _, d := range r.Data {
		if d.Index < 0 || d.Index >= len(texts) || out[d.Index] != nil {
			return nil, fmt.Errorf("openai embedder: bad or repeated index %d", d.Index)
		}
		if len(d.Embedding) != o.cfg.Dimensions {
			return nil, fmt.Errorf("openai embedder: vector of %d dimensions, configured %d", len(d.Embedding), o.cfg.Dimensions)
		}
		out[d.Index] = d.Embedding
	}
	return out, nil
}
