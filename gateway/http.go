package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// MaxBody caps an API request body.
const MaxBody = 1 << 20

// HTTPConfig configures the HTTP surface.
type HTTPConfig struct {
	// Recaller answers /v1/members/{member}/recall and the memory_recall tool. Required.
	Recaller Recaller
	// Keys checks the API key every route but /healthz requires
	// (Authorization: Bearer <key> or X-Memhive-Key). Member routes and /mcp
	// need an assistant key covering the member; /metrics and /readyz an
	// operator key. Nil: every route but /healthz answers 401.
	Keys Authenticator
	// Memorizer serves /v1/members/{member}/memorize and the memorize tool;
	// nil leaves them out (memorize answers 404).
	Memorizer Memorizer
	// Keeper serves /v1/members/{member}/<tool> and the MCP tools of
	// update_memory, forget, list_memories, review_memories and
	// edit_profile. Nil: the Memorizer when it is a Keeper
	// (*remember.Service), else they answer 404.
	Keeper Keeper
	// Ready reports whether the process can serve (Postgres and NATS
	// reachable); /readyz answers 503 with its error. Nil: always ready.
	Ready func(ctx context.Context) error
	// Registry receives the HTTP metrics and is served on /metrics. Nil: a
	// new registry.
	Registry *prometheus.Registry
	// TierFor returns the configured memory tier of a named assistant: the
	// tier of every request is the tier of its key's assistant. Nil: no
	// templates, the request's own tier stands.
	TierFor func(assistant string) (string, bool)
	// Drainer serves the operator's drain and drafts routes (drain.go); nil:
	// they answer 404.
	Drainer Drainer
	// MaxChars caps the model-facing text of an answer. 0: 8000; negative: no cap.
	MaxChars int
	// RequestTimeout bounds one recall or memorize. Default 30s.
	RequestTimeout time.Duration
	// Logger; default slog.Default().
	Logger *slog.Logger
	// Transfer serves the operators' export and import routes
	// (transfer.go); nil leaves them out.
	Transfer Transfer
	// Advisor serves enter_topic on /mcp and /v1/members/{member}/enter_topic
	// (advisor.go); nil leaves them out.
	Advisor Advisor
}

type httpMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	errors   *prometheus.CounterVec
}

func register[T prometheus.Collector](reg *prometheus.Registry, c T) T {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(T); ok {
				return existing
			}
		}
		panic(err)
	}
	return c
}

func newHTTPMetrics(reg *prometheus.Registry) *httpMetrics {
	return &httpMetrics{
		requests: register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "memhive_http_requests_total",
			Help: "HTTP requests served, by route and status code.",
		}, []string{"route", "code"})),
		latency: register(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "memhive_http_request_duration_seconds",
			Help:    "HTTP request latency, by route and status code.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "code"})),
		errors: register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "memhive_http_errors_total",
			Help: "Coded errors answered over HTTP, by route and memhive error code.",
		}, []string{"route", "error"})),
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (m *httpMetrics) wrap(route string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		code := strconv.Itoa(sw.status)
		m.requests.WithLabelValues(route, code).Inc()
		m.latency.WithLabelValues(route, code).Observe(time.Since(start).Seconds())
	})
}

type api struct {
	cfg     HTTPConfig
	log     *slog.Logger
	metrics *httpMetrics
}

// NewHTTP returns the HTTP surface:
//
//	POST /v1/members/{member}/recall    body: recall.Request without member; answer JSON
//	POST /v1/members/{member}/memorize  body: remember.Request without member; result JSON
//	POST /v1/members/{member}/<tool>    update_memory, forget, list_memories, review_memories,
//	                                    edit_profile: body = the tool's arguments, audience,
//	                                    channel and asker in the X-Memhive-* headers; result JSON
//	GET  /healthz                       the process is alive (the one open route)
//	GET  /readyz                        Postgres and NATS are reachable (cfg.Ready); operator key
//	GET  /metrics                       Prometheus, over cfg.Registry; operator key
//	     /mcp                           MCP over streamable HTTP, bound by the key and the
//	                                    X-Memhive-* headers
//
// Every route but /healthz needs an API key (cfg.Keys): the member routes
// and /mcp an assistant key that covers the member, whose assistant fixes
// the tier; the operator routes an operator key. Every error is
// {"error": {"code", "message"}} with the status of Status: 401
// unauthenticated, 403 forbidden_member or forbidden; but an MCP message
// /mcp refuses is a JSON-RPC error, its code in the data (screenMCP).
func NewHTTP(cfg HTTPConfig) http.Handler {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
	}
	if cfg.MaxChars == 0 {
		cfg.MaxChars = DefaultMaxChars
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 30 * time.Second
	}
	if cfg.Keeper == nil {
		cfg.Keeper, _ = cfg.Memorizer.(Keeper)
	}
	a := &api{cfg: cfg, log: cfg.Logger.With("cell", "gateway"), metrics: newHTTPMetrics(cfg.Registry)}
	mux := http.NewServeMux()
	pathMember := func(r *http.Request) string { return r.PathValue("member") }
	headerMember := func(r *http.Request) string { return strings.TrimSpace(r.Header.Get(HeaderMember)) }
	member := func(pattern, route string, h http.HandlerFunc) {
		mux.Handle(pattern, a.metrics.wrap(route, a.authenticate(route, apikey.KindAssistant, pathMember, h)))
	}
	operator := func(pattern, route string, h http.Handler) {
		mux.Handle(pattern, a.metrics.wrap(route, a.authenticate(route, apikey.KindOperator, nil, h)))
	}
	member("POST /v1/members/{member}/recall", "recall", a.recall)
	member("POST /v1/members/{member}/memorize", "memorize", a.memorize)
	for _, name := range MemoryTools {
		member("POST /v1/members/{member}/"+name, name, a.memoryTool(name))
	}
	mux.Handle("GET /healthz", a.metrics.wrap("healthz", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "alive"})
	})))
	operator("GET /readyz", "readyz", http.HandlerFunc(a.ready))
	a.drainRoutes(operator)
	operator("GET /metrics", "metrics", promhttp.HandlerFor(cfg.Registry, promhttp.HandlerOpts{Registry: cfg.Registry}))
	a.transferRoutes(mux)
	a.advisorRoute(mux)
	mcpHandler := streamableMCP(func(req *http.Request) *mcp.Server {
		b, _ := req.Context().Value(bindingCtx{}).(Binding)
		return NewMCPServer(cfg.Recaller, cfg.Memorizer, b, cfg.Logger, WithMaxChars(cfg.MaxChars), WithKeeper(cfg.Keeper), WithAdvisor(cfg.Advisor))
	}, cfg.Logger)
	mux.Handle("/mcp", a.metrics.wrap("mcp", a.authenticate("mcp", apikey.KindAssistant, headerMember,
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, err := a.keyBinding(r, headerMember(r))
			if err != nil {
				a.fail(w, "mcp", err)
				return
			}
			mcpHandler.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bindingCtx{}, b)))
		}))))
	mux.Handle("/", a.metrics.wrap("other", a.authenticate("other", "", nil,
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// a route that is there for another method: 405, saying which
			for _, m := range []string{http.MethodPost, http.MethodGet} {
				if m == r.Method {
					continue
				}
				probe := r.Clone(r.Context())
				probe.Method = m
				if _, pattern := mux.Handler(probe); pattern != "/" && pattern != "" {
					w.Header().Set("Allow", m)
					writeJSON(w, http.StatusMethodNotAllowed, memhive.ErrorBody{Error: memhive.Errorf(memhive.CodeMalformedRequest,
						"%s takes %s, not %s", clip(r.URL.Path), m, clip(r.Method))})
					return
				}
			}
			a.fail(w, "other", memhive.Errorf(memhive.CodeNotFound, "no such endpoint: %s %s", r.Method, clip(r.URL.Path)))
		}))))
	return mux
}

type bindingCtx struct{}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

func (a *api) fail(w http.ResponseWriter, route string, err error) {
	e := wireError(err)
	if e.Code == memhive.CodeInternal {
		a.log.Error("request failed", "route", route, "error", err)
	}
	a.metrics.errors.WithLabelValues(route, string(e.Code)).Inc()
	writeJSON(w, Status(e.Code), memhive.ErrorBody{Error: e})
}

// readBody decodes a JSON object strictly into v.
func readBody(w http.ResponseWriter, r *http.Request, v any) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return memhive.Errorf(memhive.CodeTextTooLarge, "request body is over %d bytes", MaxBody)
		}
		return memhive.Errorf(memhive.CodeMalformedRequest, "request body could not be read")
	}
	if err := decodeStrict(data, v); err != nil {
		return decodeRefusal(err, memhive.CodeMalformedRequest, "request body is not a JSON request of this endpoint")
	}
	return nil
}

// pathMember checks the path member against the body's.
func pathMember(r *http.Request, body string) (string, error) {
	member := r.PathValue("member")
	if !memhive.ValidMember(member) {
		return "", memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	if body != "" && body != member {
		return "", memhive.Errorf(memhive.CodeMemberMismatch, "the body names member %q but the path names %q", clip(body), member)
	}
	return member, nil
}

// refuseRecall answers a recall call refused before the service (a body
// that does not decode, a tier the key may not ask for) and counts it.
func (a *api) refuseRecall(w http.ResponseWriter, req recall.Request, err error) {
	countRefused(a.cfg.Recaller, req, err)
	a.fail(w, "recall", err)
}

func (a *api) recall(w http.ResponseWriter, r *http.Request) {
	var req recall.Request
	if err := readBody(w, r, &req); err != nil {
		a.refuseRecall(w, req, err)
		return
	}
	member, err := pathMember(r, req.Member)
	if err != nil {
		a.refuseRecall(w, req, err)
		return
	}
	req.Member = member
	if k := keyOf(r); k != nil {
		req.Assistant = k.Assistant // the key's assistant reads through its scope and sees its drafts
	}
	// The tier may come in the body or, as on /mcp, in X-Memhive-Tier;
	// either must be the key's assistant's tier.
	tier := strings.TrimSpace(req.Tier)
	if h := recall.NormalizeTier(r.Header.Get(HeaderTier)); h != "" {
		if tier != "" && tier != h {
			a.refuseRecall(w, req, memhive.Errorf(memhive.CodeMalformedRequest, "the body asks for tier %q and the %s header for tier %q", clip(tier), HeaderTier, clip(h)))
			return
		}
		tier = h
	}
	if req.Tier, err = a.tierOf(keyOf(r), strings.TrimSpace(r.Header.Get(HeaderAssistant)), tier); err != nil {
		a.refuseRecall(w, req, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), a.cfg.RequestTimeout)
	defer cancel()
	ans, err := Answer(ctx, a.cfg.Recaller, req, a.cfg.MaxChars)
	if err != nil {
		a.fail(w, "recall", err)
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

func (a *api) memorize(w http.ResponseWriter, r *http.Request) {
	if a.cfg.Memorizer == nil {
		a.fail(w, "memorize", memhive.Errorf(memhive.CodeNotFound, "memorize is not served by this process"))
		return
	}
	var req remember.Request
	if err := readBody(w, r, &req); err != nil {
		a.fail(w, "memorize", err)
		return
	}
	member, err := pathMember(r, req.Member)
	if err != nil {
		a.fail(w, "memorize", err)
		return
	}
	req.Member = member
	ctx, cancel := context.WithTimeout(r.Context(), a.cfg.RequestTimeout)
	defer cancel()
	res, err := a.cfg.Memorizer.Memorize(ctx, req)
	if err != nil {
		a.fail(w, "memorize", err)
		return
	}
	status := http.StatusCreated
	if !res.Inserted {
		status = http.StatusOK
	}
	writeJSON(w, status, res)
}

// memoryTool serves one memory-management tool: the body is the tool's
// arguments (as an MCP tools/call gives them), the binding is the path's
// member and the X-Memhive-* headers (audience, channel, asker, tier or
// assistant), exactly as for /mcp.
func (a *api) memoryTool(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				a.fail(w, name, memhive.Errorf(memhive.CodeTextTooLarge, "request body is over %d bytes", MaxBody))
				return
			}
			a.fail(w, name, memhive.Errorf(memhive.CodeMalformedRequest, "request body could not be read"))
			return
		}
		member, err := pathMember(r, "")
		if err != nil {
			a.fail(w, name, err)
			return
		}
		if h := strings.TrimSpace(r.Header.Get(HeaderMember)); h != "" && h != member {
			a.fail(w, name, memhive.Errorf(memhive.CodeMemberMismatch, "the %s header names member %q but the path names %q", HeaderMember, clip(h), member))
			return
		}
		bind, err := a.keyBinding(r, member)
		if err != nil {
			a.fail(w, name, err)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), a.cfg.RequestTimeout)
		defer cancel()
		res, _, err := bind.CallMemoryTool(ctx, a.cfg.Keeper, name, data)
		if err != nil {
			a.fail(w, name, err)
			return
		}
		writeJSON(w, memoryStatus(name), res)
	}
}

func (a *api) ready(w http.ResponseWriter, r *http.Request) {
	if a.cfg.Ready != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
		defer cancel()
		if err := a.cfg.Ready(ctx); err != nil {
			a.log.Warn("not ready", "error", err)
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "reason": err.Error()})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}
