package inspector

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/model"
)

//go:embed templates/*.html static/*
var assets embed.FS

// Prefix is the path the inspector is served under.
const Prefix = "/ui"

// CookieName is the inspector's session cookie (HttpOnly, SameSite=Strict, Path /ui).
const CookieName = "memhive_ui"

// Config configures the inspector.
type Config struct {
	// Pool reads the member's record and reverts alias decisions (as the
	// runtime role). Required.
	Pool *pgxpool.Pool
	// Recaller answers the playground through gateway.Answer, the HTTP
	// API's own path. Required.
	Recaller gateway.Recaller
	// Keys checks the operator key. Nil: every route answers 401.
	Keys gateway.Authenticator
	// OpenHistory lists the channels configured open_history (the gate's
	// rule 4), as recall is configured.
	OpenHistory []string
	// Threshold is the fact rule's supersede threshold (facts.Rule), as
	// recall is configured. 0: facts.DefaultThreshold.
	Threshold int
	// MaxChars caps the playground's answer text as the HTTP API does. 0:
	// gateway.DefaultMaxChars.
	MaxChars int
	// Price turns the decision log's tokens into a cost on the Decisions
	// page (model.PriceFromEnv). Zero: tokens only, and the page says so.
	Price model.Price
	// Registry is sampled every SampleEvery for the Health charts. Nil: no charts.
	Registry *prometheus.Registry
	// Cells reports the hive's cells. Nil: none shown.
	Cells func() []cells.CellStatus
	// JS lists the JetStream consumers for their lag. Nil: none shown.
	JS jetstream.JetStream
	// SampleEvery is the Health sampling interval. Default 15s (an hour is
	// 240 samples).
	SampleEvery time.Duration
	// SessionTTL is how long a login lasts. Default 12h.
	SessionTTL time.Duration
	// RequestTimeout bounds one page or action. Default 30s.
	RequestTimeout time.Duration
	// Logger; default slog.Default().
	Logger *slog.Logger
}

// WithDefaults returns cfg with its defaults filled in.
func (cfg Config) WithDefaults() Config {
	if cfg.SampleEvery <= 0 {
		cfg.SampleEvery = 15 * time.Second
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 30 * time.Second
	}
	if cfg.MaxChars == 0 {
		cfg.MaxChars = gateway.DefaultMaxChars
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return cfg
}

// Validate reports a configuration the inspector cannot run with.
func (cfg Config) Validate() error {
	switch {
	case cfg.Pool == nil:
		return errors.New("inspector: Config.Pool is required")
	case cfg.Recaller == nil:
		return errors.New("inspector: Config.Recaller is required")
	}
	return nil
}

// Inspector serves the /ui pages.
type Inspector struct {
	cfg     Config
	log     *slog.Logger
	tmpl    map[string]*template.Template
	css     template.CSS
	js      template.JS
	sampler *sampler

	requests *prometheus.CounterVec // memhive_ui_requests_total{route,code}

	mu       sync.Mutex
	sessions map[string]*session
}

type session struct {
	key     string // the operator key, kept in memory only
	keyID   string
	csrf    string
	expires time.Time
}

// New returns an inspector; Start begins the Health sampling.
func New(cfg Config) (*Inspector, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	in := &Inspector{cfg: cfg, log: cfg.Logger.With("cell", "inspector"), tmpl: map[string]*template.Template{}, sessions: map[string]*session{}}
	css, err := fs.ReadFile(assets, "static/style.css")
	if err != nil {
		return nil, err
	}
	js, err := fs.ReadFile(assets, "static/app.js")
	if err != nil {
		return nil, err
	}
	in.css, in.js = template.CSS(css), template.JS(js)
	pages, err := fs.Glob(assets, "templates/*.html")
	if err != nil {
		return nil, err
	}
	for _, p := range pages {
		name := strings.TrimSuffix(strings.TrimPrefix(p, "templates/"), ".html")
		if name == "layout" {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "templates/layout.html", p)
		if err != nil {
			return nil, fmt.Errorf("inspector: template %s: %w", name, err)
		}
		in.tmpl[name] = t
	}
	in.sampler = newSampler(cfg.Registry, cfg.SampleEvery)
	in.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "memhive_ui_requests_total",
		Help: "Inspector (/ui) requests, by route pattern and status code.",
	}, []string{"route", "code"})
	if cfg.Registry != nil {
		if err := cfg.Registry.Register(in.requests); err != nil {
			var are prometheus.AlreadyRegisteredError
			if !errors.As(err, &are) {
				return nil, fmt.Errorf("inspector: metrics: %w", err)
			}
			in.requests = are.ExistingCollector.(*prometheus.CounterVec)
		}
	}
	return in, nil
}

// Start begins sampling the registry for the Health charts; Stop ends it.
func (in *Inspector) Start(ctx context.Context) error {
	in.sampler.start(ctx)
	return nil
}

// Stop stops the sampling. A second Stop does nothing.
func (in *Inspector) Stop() { in.sampler.stop() }

// Handler serves every /ui route. Mount it at Prefix ("/ui" and "/ui/").
func (in *Inspector) Handler() http.Handler {
	mux := http.NewServeMux()
	page := func(pattern string, h func(w http.ResponseWriter, r *http.Request, s *auth)) {
		mux.Handle(pattern, in.guard(false, h))
	}
	action := func(pattern string, h func(w http.ResponseWriter, r *http.Request, s *auth)) {
		mux.Handle(pattern, in.guard(true, h))
	}
	mux.HandleFunc("POST /ui/login", in.login)
	action("POST /ui/logout", in.logout)
	page("GET /ui", in.index)
	page("GET /ui/{$}", in.index)
	page("GET /ui/health", in.health)
	page("GET /ui/members/{member}/timeline", in.timeline)
	page("GET /ui/members/{member}/who", in.who)
	page("GET /ui/members/{member}/refusals", in.refusals)
	page("GET /ui/members/{member}/facts", in.facts)
	page("GET /ui/members/{member}/recall", in.playground)
	page("GET /ui/members/{member}/decisions", in.decisions)
	action("POST /ui/members/{member}/aliases/{id}/revert", in.revert)
	page("/ui/", func(w http.ResponseWriter, r *http.Request, s *auth) {
		in.fail(w, r, s, memhive.Errorf(memhive.CodeNotFound, "no such page: %s %s", r.Method, r.URL.Path))
	})
	return in.logRequests(mux)
}

// auth is an authenticated request's operator.
type auth struct {
	keyID string
	csrf  string // "" for a Bearer request (no ambient credential to forge)
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

// reqInfo is what the handlers tell the request log: the key's id and the
// route pattern that served the request.
type reqInfo struct {
	keyID string
	route string
}

type reqInfoCtx struct{}

func info(r *http.Request) *reqInfo {
	if p, ok := r.Context().Value(reqInfoCtx{}).(*reqInfo); ok {
		return p
	}
	return &reqInfo{}
}

// logRequests logs and counts every request: method, path, status, the
// key's id, time.
func (in *Inspector) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		ri := &reqInfo{}
		h.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), reqInfoCtx{}, ri)))
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		route := ri.route
		if route == "" {
			route = "other"
		}
		in.requests.WithLabelValues(route, strconv.Itoa(rec.status)).Inc()
		in.log.Info("ui request", "method", r.Method, "path", r.URL.Path, // not the query: it may hold a recall question
			"status", rec.status, "key", ri.keyID, "ms", time.Since(start).Milliseconds())
	})
}

func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// bearer is the key a request carries in Authorization: Bearer or X-Memhive-Key.
func bearer(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if scheme, v, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(v)
		}
	}
	return strings.TrimSpace(r.Header.Get(gateway.HeaderKey))
}

// check reports the operator key's id, or a coded error.
func (in *Inspector) check(ctx context.Context, key string) (string, error) {
	if in.cfg.Keys == nil {
		return "", memhive.Errorf(gateway.CodeUnauthenticated, "this server has no API keys configured")
	}
	k, err := in.cfg.Keys.Check(ctx, key, "")
	switch {
	case errors.Is(err, apikey.ErrUnknown):
		return "", memhive.Errorf(gateway.CodeUnauthenticated, "the key is unknown or revoked")
	case err != nil:
		return "", err
	case k.Kind != apikey.KindOperator:
		return "", memhive.Errorf(gateway.CodeForbidden, "the inspector needs an operator key; this is an %s key", k.Kind)
	}
	return k.ID, nil
}

// guard authenticates a page or action: a Bearer operator key, or the
// session cookie (whose key is checked again on every request, so a revoked
// key ends its sessions). An action by cookie must carry the session's CSRF
// token. Without either the answer is 401 with the login form.
func (in *Inspector) guard(isAction bool, h func(w http.ResponseWriter, r *http.Request, s *auth)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		info(r).route = r.Pattern
		var a auth
		if key := bearer(r); key != "" {
			id, err := in.check(ctx, key)
			if err != nil {
				in.denied(w, r, err)
				return
			}
			a.keyID = id
		} else {
			s := in.session(r)
			if s == nil {
				in.denied(w, r, memhive.Errorf(gateway.CodeUnauthenticated, "sign in with the operator key (<data>/credentials/operator.key)"))
				return
			}
			id, err := in.check(ctx, s.key)
			if err != nil {
				in.dropSession(r)
				in.denied(w, r, err)
				return
			}
			a.keyID, a.csrf = id, s.csrf
			if isAction && subtle.ConstantTimeCompare([]byte(r.PostFormValue("csrf")), []byte(s.csrf)) != 1 {
				in.log.Warn("ui action refused: bad csrf token", "path", r.URL.Path, "key", id)
				in.fail(w, r, &a, memhive.Errorf(gateway.CodeForbidden, "this form is stale or was not sent from the inspector; reload the page and try again"))
				return
			}
		}
		info(r).keyID = a.keyID
		if m := r.PathValue("member"); m != "" && !memhive.ValidMember(m) {
			in.fail(w, r, &a, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(m)))
			return
		}
		tctx, cancel := context.WithTimeout(ctx, in.cfg.RequestTimeout)
		defer cancel()
		h(w, r.WithContext(tctx), &a)
	})
}

func (in *Inspector) session(r *http.Request) *session {
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	s := in.sessions[c.Value]
	if s == nil || time.Now().After(s.expires) {
		delete(in.sessions, c.Value)
		return nil
	}
	return s
}

func (in *Inspector) dropSession(r *http.Request) {
	if c, err := r.Cookie(CookieName); err == nil {
		in.mu.Lock()
		delete(in.sessions, c.Value)
		in.mu.Unlock()
	}
}

// denied answers 401 (403 for a key of the wrong kind) with the login form.
func (in *Inspector) denied(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusUnauthorized
	var me *memhive.Error
	if errors.As(err, &me) && me.Code == gateway.CodeForbidden {
		status = http.StatusForbidden
	} else if errors.As(err, &me) && me.Code != gateway.CodeUnauthenticated {
		status = gateway.Status(me.Code)
	}
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="memhive"`)
	}
	next := r.URL.RequestURI()
	if r.Method != http.MethodGet {
		next = Prefix + "/"
	}
	in.render(w, status, "login", page{Title: "Sign in", Data: loginData{Next: next, Error: err.Error()}})
}

type loginData struct {
	Next  string
	Error string
}

// login takes the operator key from the form; a good key gets a session.
func (in *Inspector) login(w http.ResponseWriter, r *http.Request) {
	info(r).route = r.Pattern
	key := strings.TrimSpace(r.PostFormValue("key"))
	next := r.PostFormValue("next")
	if u, err := url.Parse(next); err != nil || u.Host != "" || u.Scheme != "" || !strings.HasPrefix(u.Path, Prefix) {
		next = Prefix + "/"
	}
	if key == "" {
		in.render(w, http.StatusUnauthorized, "login", page{Title: "Sign in", Data: loginData{Next: next, Error: "give the operator key"}})
		return
	}
	id, err := in.check(r.Context(), key)
	if err != nil {
		in.log.Warn("ui login refused", "error", err)
		in.denied(w, r, err)
		return
	}
	info(r).keyID = id
	tok := newToken()
	in.mu.Lock()
	now := time.Now()
	for t, s := range in.sessions {
		if now.After(s.expires) {
			delete(in.sessions, t)
		}
	}
	in.sessions[tok] = &session{key: key, keyID: id, csrf: newToken(), expires: now.Add(in.cfg.SessionTTL)}
	in.mu.Unlock()
	in.log.Info("ui action", "action", "login", "key", id)
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: tok, Path: Prefix, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil, MaxAge: int(in.cfg.SessionTTL.Seconds())})
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (in *Inspector) logout(w http.ResponseWriter, r *http.Request, a *auth) {
	in.dropSession(r)
	in.log.Info("ui action", "action", "logout", "key", a.keyID)
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: "", Path: Prefix, HttpOnly: true, SameSite: http.SameSiteStrictMode, MaxAge: -1})
	http.Redirect(w, r, Prefix+"/", http.StatusSeeOther)
}

// page is what the layout renders around a page's own data.
type page struct {
	Title   string
	Member  string
	Section string
	CSRF    string
	Data    any
	CSS     template.CSS
	JS      template.JS
	Nonce   string // the script's CSP nonce, new for every page
}

func (in *Inspector) render(w http.ResponseWriter, status int, name string, p page) {
	t := in.tmpl[name]
	if t == nil {
		http.Error(w, "no template "+name, http.StatusInternalServerError)
		return
	}
	p.CSS, p.JS, p.Nonce = in.css, in.js, newToken()[:32]
	var b strings.Builder
	if err := t.Execute(&b, p); err != nil {
		in.log.Error("ui render", "page", name, "error", err)
		http.Error(w, "the page could not be rendered", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-"+p.Nonce+"'; img-src data:; form-action 'self'; frame-ancestors 'none'")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(b.String()))
}

type errorData struct {
	Code    string
	Message string
}

// fail renders a coded error page with the status of its code.
func (in *Inspector) fail(w http.ResponseWriter, r *http.Request, a *auth, err error) {
	var me *memhive.Error
	code, msg := memhive.CodeInternal, "internal error"
	if errors.As(err, &me) {
		code, msg = me.Code, me.Message
	} else if errors.Is(err, context.DeadlineExceeded) {
		code, msg = memhive.CodeInternal, "the page took too long to read"
	}
	if code == memhive.CodeInternal {
		in.log.Error("ui page failed", "path", r.URL.Path, "error", err)
	}
	p := page{Title: "Error", Member: r.PathValue("member"), Data: errorData{Code: string(code), Message: msg}}
	if a != nil {
		p.CSRF = a.csrf
	}
	in.render(w, gateway.Status(code), "error", p)
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// members lists the members with any record, for the index.
func (in *Inspector) members(ctx context.Context) ([]memberRow, error) {
	rows, err := in.cfg.Pool.Query(ctx, `/* ui:members */ SELECT member_id, sum(episodes)::bigint, sum(facts)::bigint, max(last_at) FROM (
		SELECT member_id, count(*) AS episodes, 0 AS facts, max(happened_at) AS last_at FROM episodes GROUP BY member_id
		UNION ALL SELECT member_id, 0, count(*), max(recorded_at) FROM facts GROUP BY member_id) m
		GROUP BY member_id ORDER BY member_id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (memberRow, error) {
		var m memberRow
		return m, r.Scan(&m.Member, &m.Episodes, &m.Facts, &m.LastAt)
	})
}

type memberRow struct {
	Member   string
	Episodes int64
	Facts    int64
	LastAt   *time.Time
}

func (in *Inspector) index(w http.ResponseWriter, r *http.Request, a *auth) {
	ms, err := in.members(r.Context())
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	in.render(w, http.StatusOK, "index", page{Title: "Members", CSRF: a.csrf, Data: ms})
}

// Mount serves the inspector at Prefix beside h, which serves the rest.
func (in *Inspector) Mount(h http.Handler) http.Handler {
	ui := in.Handler()
	mux := http.NewServeMux()
	mux.Handle(Prefix, ui)
	mux.Handle(Prefix+"/", ui)
	mux.Handle("/", h)
	return mux
}
