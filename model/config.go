package model

import (
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/memhive/memhive"
)

// Defaults of Config.
const (
	DefaultTimeout            = 30 * time.Second
	DefaultMemberCallsPerHour = 60
	DefaultFleetCallsPerDay   = 5000
	DefaultMaxTokens          = 800
)

// The environment variables ConfigFromEnv reads.
const (
	EnvURL                = "MEMHIVE_MODEL_URL"
	EnvModel              = "MEMHIVE_MODEL"
	EnvKey                = "MEMHIVE_MODEL_KEY"
	EnvTimeout            = "MEMHIVE_MODEL_TIMEOUT"
	EnvMemberCallsPerHour = "MEMHIVE_MODEL_MEMBER_CALLS_PER_HOUR"
	EnvFleetCallsPerDay   = "MEMHIVE_MODEL_FLEET_CALLS_PER_DAY"
)

// Config says which OpenAI-compatible endpoint to call and how much.
//
// An empty URL and Model together mean "no model configured": the client
// then answers every call with memhive.CodeModelNotConfigured and sends
// nothing. Setting one of the two without the other is a configuration
// error.
type Config struct {
	// URL is the API base, ending in /v1: https://api.openai.com/v1,
	// http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8000/v1 (vLLM),
	// http://127.0.0.1:8080/v1 (llama.cpp server). The client posts to
	// URL + "/chat/completions". A trailing slash is dropped.
	URL string
	// Model is the model name the endpoint knows ("gpt-4o-mini", "llama3.1").
	Model string
	// Key is sent as "Authorization: Bearer <Key>" when set. Ollama, vLLM and
	// llama.cpp need none. Never logged.
	Key string
	// Timeout bounds one call, from sending the request to reading the whole
	// reply. Default 30s.
	Timeout time.Duration
	// MemberCallsPerHour is the ceiling of calls one member may make in a
	// clock hour (UTC). Default 60.
	MemberCallsPerHour int
	// FleetCallsPerDay is the ceiling of calls the whole process may make in
	// a UTC day, all members together. Default 5000.
	FleetCallsPerDay int
	// MaxTokens is the completion ceiling sent with each call (max_tokens).
	// Default 800.
	MaxTokens int
}

// WithDefaults returns c with every zero field set to its default.
func (c Config) WithDefaults() Config {
	c.URL = strings.TrimRight(strings.TrimSpace(c.URL), "/")
	c.Model = strings.TrimSpace(c.Model)
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MemberCallsPerHour == 0 {
		c.MemberCallsPerHour = DefaultMemberCallsPerHour
	}
	if c.FleetCallsPerDay == 0 {
		c.FleetCallsPerDay = DefaultFleetCallsPerDay
	}
	if c.MaxTokens == 0 {
		c.MaxTokens = DefaultMaxTokens
	}
	return c
}

// Configured reports whether c names a model to call.
func (c Config) Configured() bool { return c.URL != "" || c.Model != "" }

// Validate checks a config that has been through WithDefaults.
func (c Config) Validate() error {
	if !c.Configured() {
		return nil
	}
	if c.URL == "" || c.Model == "" {
		return memhive.Errorf(memhive.CodeModelNotConfigured,
			"the model needs both %s (the base URL ending in /v1) and %s (the model name)", EnvURL, EnvModel)
	}
	u, err := url.Parse(c.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return memhive.Errorf(memhive.CodeModelNotConfigured, "model url %q is not an http(s) URL", c.URL)
	}
	if !strings.HasSuffix(u.Path, "/v1") {
		return memhive.Errorf(memhive.CodeModelNotConfigured,
			"model url %q must be the API base ending in /v1, such as http://127.0.0.1:11434/v1", c.URL)
	}
	switch {
	case c.Timeout < 0:
		return fmt.Errorf("model config: timeout %s is negative", c.Timeout)
	case c.MemberCallsPerHour < 0:
		return fmt.Errorf("model config: member calls per hour %d is negative", c.MemberCallsPerHour)
	case c.FleetCallsPerDay < 0:
		return fmt.Errorf("model config: fleet calls per day %d is negative", c.FleetCallsPerDay)
	case c.MaxTokens < 0:
		return fmt.Errorf("model config: max tokens %d is negative", c.MaxTokens)
	}
	return nil
}

// ConfigFromEnv reads MEMHIVE_MODEL_URL, MEMHIVE_MODEL, MEMHIVE_MODEL_KEY,
// MEMHIVE_MODEL_TIMEOUT (a Go duration such as "45s", or whole seconds),
// MEMHIVE_MODEL_MEMBER_CALLS_PER_HOUR and MEMHIVE_MODEL_FLEET_CALLS_PER_DAY.
// Unset variables keep the defaults; the result has been through
// WithDefaults and Validate.
func ConfigFromEnv() (Config, error) { return configFrom(os.Getenv) }

func configFrom(getenv func(string) string) (Config, error) {
	c := Config{URL: getenv(EnvURL), Model: getenv(EnvModel), Key: getenv(EnvKey)}
	if s := strings.TrimSpace(getenv(EnvTimeout)); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			n, nerr := strconv.Atoi(s)
			if nerr != nil {
				return Config{}, fmt.Errorf("model config: %s=%q is not a duration: %w", EnvTimeout, s, err)
			}
			d = time.Duration(n) * time.Second
		}
		if d <= 0 {
			return Config{}, fmt.Errorf("model config: %s=%q must be positive", EnvTimeout, s)
		}
		c.Timeout = d
	}
	for _, v := range []struct {
		env string
		dst *int
	}{{EnvMemberCallsPerHour, &c.MemberCallsPerHour}, {EnvFleetCallsPerDay, &c.FleetCallsPerDay}} {
		s := strings.TrimSpace(getenv(v.env))
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return Config{}, fmt.Errorf("model config: %s=%q must be a positive whole number", v.env, s)
		}
		*v.dst = n
	}
	c = c.WithDefaults()
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}
