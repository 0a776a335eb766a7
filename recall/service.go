package recall

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	audgate "github.com/memhive/memhive/gate"
)

// Service answers recall requests for every member of one store.
type Service struct {
	pool   *pgxpool.Pool
	cfg    Config
	emb    Embedder
	logger *slog.Logger

	// Synth is tier 2's model call; nil answers tier 2 with
	// model_not_configured.
	Synth Synthesizer

	// Scopes are the assistants' scopes (their templates'): a request that
	// names its Assistant reads through that assistant's scope on every
	// tier, and sees that assistant's drafts. Nil: no assistant is scoped.
	Scopes audgate.Scopes
	// Committed waits, up to wait, until every turn of member published
	// before the call is a row, and reports whether it is (the node sets
	// it from the episode stream: lanes.WaitCommitted). A fresh request
	// (Request.Fresh) calls it first. Nil: fresh requests are answered at
	// once, as written.
	Committed func(ctx context.Context, member string, wait time.Duration) (bool, error)

	// now is the clock (tests may replace it).
	now func() time.Time
	// kwBudget and kwChunk replace keywordEssentialPostings and
	// keywordChunk when > 0 (tests).
	kwBudget, kwChunk int64
	// m counts and times the calls (metrics.go).
	m *metrics
	// t0 keeps tier 0's profile lines per member and reader (tier0cache.go).
	t0 tier0Cache
	// kw keeps big members' keyword indexes in memory (kwcache.go).
	kw kwCache
	// vc keeps members' vectors in memory for the exact semantic scan
	// (veccache.go).
	vc vecCache
	// kwBudgetOverride, when > 0, is the keyword cache's budget in bytes
	// (tests).
	kwBudgetOverride int64
	// kwStep, when > 0, replaces kwDeltaStep (tests).
	kwStep int

	// wrapLeg, when set (tests only), wraps each tier-1 leg function.
	wrapLeg func(leg string, fn legFunc) legFunc
	// exactWhole, when set (tests only), makes the exact semantic scan sort
	// every vector instead of its nearest exactHead (semantic.go).
	exactWhole bool
	// exactReruns counts the exact scans that sorted every vector after
	// their head (tests).
	exactReruns atomic.Int64

	vecMu    sync.Mutex
	vecCount map[string]vecCount // member|model → ready vectors, cached
}

type vecCount struct {
	n   int
	avg float64 // the keyword leg's fact stats: mean length
	at  time.Time
}

// New returns a Service reading from pool. emb may be nil (the semantic leg
// is then reported missing); logger may be nil. cfg gets WithDefaults.
func New(pool *pgxpool.Pool, cfg Config, emb Embedder, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Service{
		pool: pool, cfg: cfg.WithDefaults(), emb: emb, logger: logger,
		now: time.Now, vecCount: map[string]vecCount{}, m: newMetrics(),
	}
}

// Config returns the effective configuration.
func (s *Service) Config() Config { return s.cfg }

// Explain is the package Explain with the service's open_history channels.
func (s *Service) Explain(ctx context.Context, member string, audience []string, channel, kind, id string) (string, bool, error) {
	return Explain(ctx, s.pool, member, audience, channel, kind, id, s.cfg.OpenHistory...)
}

// query is a validated request with its defaults applied.
type query struct {
	req       Request
	member    string
	gate      gate
	asOf      time.Time
	asOfGiven bool
	from, to  *time.Time
	session   string
	asker     string
	limit     int
	budget    int
}

// MaxQueryChars is the longest query (in characters) any surface takes
// (SPEC §11 "Bounded work"): longer is refused query_too_long. The MCP
// tool schema declares it as the query's maxLength.
const MaxQueryChars = 8192

// Validate checks a request the way Recall does and returns the coded
// error a caller should send back, or nil.
func Validate(req Request) error {
	switch {
	case req.Tier == "" && req.Assistant != "":
		return memhive.Errorf(memhive.CodeMemoryNotConfigured, "assistant %q has no memory tier configured (its template sets no memory_tier, or no template has that name), so it cannot recall", req.Assistant)
	case req.Tier == "":
		return memhive.Errorf(memhive.CodeMemoryNotConfigured, "no memory tier: the request gives no tier and names no assistant whose template gives one (send \"tier\": 0, 1 or 2)")
	case req.Tier != "0" && req.Tier != "1" && req.Tier != "2":
		return memhive.Errorf(memhive.CodeMalformedRequest, "tier %q is not 0, 1 or 2", req.Tier)
	case !memhive.ValidMember(req.Member):
		return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", req.Member)
	}
	// The binding is read as text before its presence, as the write side
	// reads it: a channel of "\t" or "\u0085" is invalid_text on both
	// sides, not missing_channel here because it is blank once trimmed.
	if err := CheckBinding(req.Audience, req.Channel, req.Asker, req.Session); err != nil {
		return err
	}
	switch {
	case len(memhive.NormalizeAudience(req.Audience)) == 0:
		return memhive.Errorf(memhive.CodeMissingAudience, "a recall needs the audience listening now; without it nothing can be shown")
	case memhive.Blank(req.Channel):
		return memhive.Errorf(memhive.CodeMissingChannel, "a recall needs the channel it is asked on")
	case (req.WindowFrom == nil) != (req.WindowTo == nil):
		return memhive.Errorf(memhive.CodeHalfOpenWindow, "give both window_from and window_to, or neither")
	case req.WindowFrom != nil && req.WindowTo.Before(*req.WindowFrom):
		return memhive.Errorf(memhive.CodeMalformedRequest, "window_to is before window_from")
	case req.Limit < 0:
		return memhive.Errorf(memhive.CodeMalformedRequest, "limit %d is negative", req.Limit)
	case req.BudgetTokens < 0:
		return memhive.Errorf(memhive.CodeMalformedRequest, "budget_tokens %d is negative", req.BudgetTokens)
	case utf8.RuneCountInString(req.Query) > MaxQueryChars:
		return memhive.Errorf(memhive.CodeQueryTooLong, "the query is %d characters long; at most %d are read", utf8.RuneCountInString(req.Query), MaxQueryChars)
	}
	if err := CheckField("the query", req.Query, MaxQueryBytes, true); err != nil { // its bytes' cap, UTF-8, control characters
		return err
	}
	if req.Tier != "0" && strings.TrimSpace(req.Query) == "" && req.WindowFrom == nil {
		return memhive.Errorf(memhive.CodeMalformedRequest, "a tier-%s recall needs a query (or a window); tier 0 needs none", req.Tier)
	}
	return nil
}

func (s *Service) prepare(req Request) (*query, error) {
	if err := Validate(req); err != nil {
		return nil, err
	}
	// as the lanes store them: a turn's channel and session are trimmed
	req.Channel, req.Session, req.Asker = strings.TrimSpace(req.Channel), strings.TrimSpace(req.Session), strings.TrimSpace(req.Asker)
	q := &query{req: req, member: req.Member, gate: newGate(req.Audience, req.Channel, s.cfg.OpenHistory).reading(req.Assistant, s.Scopes.Of(req.Assistant))}
	if req.AsOf != nil {
		q.asOf, q.asOfGiven = req.AsOf.UTC(), true
	} else {
		q.asOf = s.now().UTC()
	}
	if req.WindowFrom != nil {
		f, t := req.WindowFrom.UTC(), req.WindowTo.UTC()
		q.from, q.to = &f, &t
	}
	q.session = req.Session
	if q.session == "" {
		q.session = "default"
	}
	q.asker = req.Asker
	if q.asker == "" {
		q.asker = "member:" + req.Member
	}
	q.limit = req.Limit
	if q.limit == 0 {
		q.limit = s.cfg.Limit
	}
	q.budget = req.BudgetTokens
	return q, nil
}

// Recall answers req at its tier. Validation failures are *memhive.Error
// (memory_not_configured, missing_audience, missing_channel,
// half_open_window, invalid_member, malformed_request).
func (s *Service) Recall(ctx context.Context, req Request) (*Answer, error) {
	began := time.Now()
	a, err := s.recall(ctx, req)
	s.m.observe(req, a, err, time.Since(began))
	return a, err
}

// Refused counts a recall call that a surface refused before it reached
// Recall (a malformed body, a tool call's bad arguments, a request the
// gateway's checks refuse), in memhive_recall_calls_total with the code
// the caller got, so that the metric counts every call on every surface.
func (s *Service) Refused(req Request, err error) {
	if err != nil {
		s.m.observe(req, nil, err, 0)
	}
}

func (s *Service) recall(ctx context.Context, req Request) (*Answer, error) {
	q, err := s.prepare(req)
	if err != nil {
		return nil, err
	}
	if req.Fresh && s.Committed != nil {
		ok, err := s.Committed(ctx, q.member, time.Duration(s.cfg.FreshWaitMS)*time.Millisecond)
		if err != nil && ctx.Err() != nil {
			return nil, fmt.Errorf("recall: waiting for the member's turns: %w", ctx.Err())
		}
		if err != nil {
			s.logger.Warn("fresh recall: could not tell whether the member's turns are written; answering from what is", "member", q.member, "err", err)
		}
		if !ok {
			s.m.behind.Inc()
			a, err := s.answer(ctx, q, req.Tier)
			if err != nil {
				return nil, err
			}
			b := *a // a tier-0 answer may be the cache's own
			b.Behind = true
			b.Text = BehindNote + "\n" + b.Text
			return &b, nil
		}
	}
	return s.answer(ctx, q, req.Tier)
}

// BehindNote heads the text of a fresh answer given before the member's
// latest turns were written (Answer.Behind).
const BehindNote = "NOTE: the member's latest turns were still being written; they may be missing below."

// answer answers q at tier.
func (s *Service) answer(ctx context.Context, q *query, tier string) (*Answer, error) {
	switch tier {
	case "0":
		if q.budget == 0 {
			q.budget = s.cfg.Tier0Budget
		}
		return s.tier0(ctx, q)
	case "1":
		if q.budget == 0 {
			q.budget = s.cfg.Tier1Budget
		}
		ctx, cancel := s.callBudget(ctx)
		defer cancel()
		a, _, err := s.tier1(ctx, q)
		return a, err
	default:
		if q.budget == 0 {
			q.budget = s.cfg.Tier1Budget
		}
		return s.tier2(ctx, q)
	}
}

// callBudget bounds a tier-1 call (Config.CallBudgetMS): its legs each
// have their own smaller budget; fusion and version chains run in what is
// left. Tier 2's model call is not under it.
func (s *Service) callBudget(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, time.Duration(s.cfg.CallBudgetMS)*time.Millisecond)
}

func (s *Service) tier2(ctx context.Context, q *query) (*Answer, error) {
	if s.Synth == nil {
		return nil, memhive.Errorf(memhive.CodeModelNotConfigured, "tier 2 needs a synthesis model and none is configured (set MEMHIVE_MODEL_URL and MEMHIVE_MODEL, or the hive template's synthesizer cell)")
	}
	tctx, cancel := s.callBudget(ctx)
	a, cands, err := s.tier1(tctx, q)
	cancel()
	if err != nil {
		return nil, err
	}
	beliefs, err := s.activeBeliefs(ctx, q, s.cfg.Tier0Beliefs)
	if err != nil {
		return nil, err
	}
	bi := make([]Item, len(beliefs))
	for i, b := range beliefs {
		bi[i] = b.Item
	}
	syn, down, err := s.Synth.Synthesize(ctx, q.req, bi, cands)
	if err != nil {
		return nil, fmt.Errorf("tier 2 synthesis: %w", err)
	}
	if down == nil && syn == nil {
		down = &Downgrade{Reason: "no_synthesis"}
	}
	if down != nil {
		a.Downgraded = down
		a.Text = "TIER 2 DOWNGRADED (" + down.Reason + "): " + downgradeWhy(down.Reason) + "; the tier-1 bundle follows.\n\n" + a.Text
		return a, nil
	}
	a.Tier = 2
	a.Answer = syn
	a.Text = Tier2Text(syn) + "\n\n" + a.Text
	return a, nil
}

// downgradeWhy says in words why tier 2 fell back: a refused answer is
// not the same as no answer.
func downgradeWhy(reason string) string {
	switch reason {
	case "timeout":
		return "the model did not answer in time"
	case "error":
		return "the model could not be asked"
	case "over_budget":
		return "the model's budget is spent"
	case "no_synthesis":
		return "the model gave no answer"
	}
	return "the model's answer was refused"
}

// Tier2Text is how a tier-2 answer leads the model-facing text on every
// surface (the CLI's text output, the MCP tool's text content, HTTP's
// "text"): the answer, its gap and its sources first, then the tier-1
// bundle they were drawn from.
func Tier2Text(syn *Synthesis) string {
	src := "none"
	if len(syn.Sources) > 0 {
		src = strings.Join(syn.Sources, ", ")
	}
	return fmt.Sprintf("ANSWER: %s\nGAP: %s\nSOURCES: %s\nCONFIDENCE: %d", syn.Answer, syn.Gap, src, syn.Confidence)
}
