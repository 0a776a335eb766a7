package advisor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
)

// Modes of the model ranker.
const (
	ModeMatcher = "matcher" // the deterministic matcher alone (default)
	ModeShadow  = "shadow"  // deliver the matcher's pick; ask the model too and record its pick
	ModeRank    = "rank"    // deliver the model's pick (the matcher's when the model fails)
)

// MaxTopic caps a topic, in characters.
const MaxTopic = 512

// Recaller is the gated read path the advisor picks candidates from;
// *recall.Service is one. Every candidate it returns has passed the
// audience gate (and whatever else the read path applies) in its own SQL.
type Recaller interface {
	Recall(ctx context.Context, req recall.Request) (*recall.Answer, error)
}

// Chatter is the model the ranker asks; *model.Client is one (its budgets
// apply).
type Chatter interface {
	Chat(ctx context.Context, call model.Call) (*model.Reply, error)
}

// Config configures the advisor.
type Config struct {
	// Mode is matcher (default), shadow or rank. shadow and rank need a Model.
	Mode string
	// HoldoutPercent of sessions (0..100, hashed from member and session)
	// get nothing delivered; their decision is still recorded. Default 0.
	HoldoutPercent int
	// PerTopic is how many memories one topic may deliver in one session.
	// Default 2.
	PerTopic int
	// Candidates is how many tier-1 items the matcher looks at. Default 20.
	Candidates int
	// Model is the ranker's model (shadow, rank). Its client's budgets apply.
	Model Chatter
	// Decisions logs each model call (decision_log); nil: slog only.
	Decisions *model.DecisionLog
	// Logger; default slog.Default().
	Logger *slog.Logger
	// Decided, when set, counts decisions by arm and outcome (labels "arm",
	// "outcome"); the node registers it as memhive_advisor_decisions_total.
	Decided *prometheus.CounterVec
}

// NewDecidedCounter is the counter Config.Decided takes.
func NewDecidedCounter() *prometheus.CounterVec {
	return prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "memhive_advisor_decisions_total",
		Help: "Topic entries the advisor decided, by arm (matcher, model, holdout) and outcome (delivered, no_match, exhausted, holdout, declined).",
	}, []string{"arm", "outcome"})
}

// WithDefaults fills the zero fields.
func (c Config) WithDefaults() Config {
	if c.Mode == "" {
		c.Mode = ModeMatcher
	}
	if c.PerTopic <= 0 {
		c.PerTopic = 2
	}
	if c.Candidates <= 0 {
		c.Candidates = 20
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Decisions == nil {
		c.Decisions = model.NewDecisionLog(nil, c.Logger)
	}
	return c
}

// Validate refuses a mode it does not know, a ranker mode without a model
// and a holdout outside 0..100.
func (c Config) Validate() error {
	switch c.Mode {
	case ModeMatcher:
	case ModeShadow, ModeRank:
		if c.Model == nil {
			return fmt.Errorf("advisor: mode %s needs a model (MEMHIVE_MODEL_URL and MEMHIVE_MODEL)", c.Mode)
		}
	default:
		return fmt.Errorf("advisor: mode %q is not matcher, shadow or rank", c.Mode)
	}
	if c.HoldoutPercent < 0 || c.HoldoutPercent > 100 {
		return fmt.Errorf("advisor: holdout %d%% is outside 0..100", c.HoldoutPercent)
	}
	return nil
}

// Service answers topic entries.
type Service struct {
	pool *pgxpool.Pool
	rec  Recaller
	cfg  Config
}

// New returns the advisor over pool (its decisions) and rec (its
// candidates).
func New(pool *pgxpool.Pool, rec Recaller, cfg Config) (*Service, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Service{pool: pool, rec: rec, cfg: cfg}, nil
}

// Holdout reports whether member's session is held out, for a holdout
// percentage: a stable hash of member and session, so one session is
// always on the same side.
func Holdout(member, session string, percent int) bool {
	if percent <= 0 {
		return false
	}
	h := fnv.New32a()
	h.Write([]byte(member))
	h.Write([]byte{0})
	h.Write([]byte(session))
	return int(h.Sum32()%100) < percent
}

// check refuses what no surface may pass on, with the codes of recall.
func check(req *Request) error {
	req.Topic = strings.TrimSpace(req.Topic)
	if req.Topic == "" {
		return memhive.Errorf(memhive.CodeMalformedRequest, "a topic entry needs a non-empty \"topic\"")
	}
	if n := utf8.RuneCountInString(req.Topic); n > MaxTopic {
		return memhive.Errorf(memhive.CodeQueryTooLong, "the topic is %d characters long; at most %d are read", n, MaxTopic)
	}
	if req.Session == "" {
		req.Session = "default"
	}
	if req.Asker == "" {
		req.Asker = "member:" + req.Member
	}
	if err := recall.CheckField("assistant", req.Assistant, 256, false); err != nil {
		return err
	}
	return recall.Validate(candidateRequest(*req, 20))
}

// candidateRequest is the tier-1 question the matcher asks: the topic, with
// the caller's binding (its assistant too, so its scope and drafts apply).
// It is topical (recall.Request.Topical): a fact whose source turn matched
// the topic too stays a candidate of its own instead of being folded into
// that turn (a turn is never delivered, so a folded fact was lost), and the
// graph leg does not walk on through the asker's or a listener's node, from
// which every entity of theirs is a hop away.
func candidateRequest(req Request, limit int) recall.Request {
	return recall.Request{Member: req.Member, Query: req.Topic, Tier: "1", Audience: req.Audience, Channel: req.Channel,
		Asker: req.Asker, Session: req.Session, Limit: limit, Assistant: req.Assistant, Topical: true}
}

// Enter answers one topic entry: at most one memory, and one decision
// record whatever happens.
func (s *Service) Enter(ctx context.Context, req Request) (*Advice, error) {
	if err := check(&req); err != nil {
		return nil, err
	}
	key := memhive.Canon(req.Topic)
	d := decision{id: ulid.Make().String(), req: req, key: key, mode: s.cfg.Mode}
	// Decide without holding a connection (the recall and a model call take
	// their time and their own connections), from a first look at what the
	// session was given; then settle under the session's lock against what
	// it was given meanwhile, and record.
	delivered, topicCount, err := past(ctx, s.pool, req.Member, req.Session, key)
	if err != nil {
		return nil, err
	}
	if err := s.decide(ctx, &d, delivered, topicCount); err != nil {
		return nil, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// One member's session settles one entry at a time, so two entries
		// cannot both take the last delivery of a topic or the same memory.
		if _, err := tx.Exec(ctx, `/* leg:advisor */ SELECT pg_advisory_xact_lock(hashtextextended($1 || chr(31) || $2, 15))`, req.Member, req.Session); err != nil {
			return err
		}
		delivered, topicCount, err := past(ctx, tx, req.Member, req.Session, key)
		if err != nil {
			return err
		}
		d.settle(delivered, topicCount, s.cfg.PerTopic)
		return d.insert(ctx, tx)
	})
	if err != nil {
		return nil, err
	}
	if s.cfg.Decided != nil {
		s.cfg.Decided.WithLabelValues(d.arm, d.outcome).Inc()
	}
	s.cfg.Logger.LogAttrs(ctx, slog.LevelDebug, "advisor decision", slog.String("member", req.Member),
		slog.String("arm", d.arm), slog.String("outcome", d.outcome), slog.String("id", d.id))
	return d.advice(), nil
}

// past reads what this session was given: every delivered memory, and how
// many deliveries the topic had.
func past(ctx context.Context, db interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, member, session, key string) (map[string]bool, int, error) {
	rows, err := db.Query(ctx, `/* leg:advisor */ SELECT pick_id, topic_key FROM advisor_decisions
		WHERE member_id = $1 AND session_id = $2 AND outcome = 'delivered'`, member, session)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	delivered, n := map[string]bool{}, 0
	for rows.Next() {
		var id, k string
		if err := rows.Scan(&id, &k); err != nil {
			return nil, 0, err
		}
		delivered[id] = true
		if k == key {
			n++
		}
	}
	return delivered, n, rows.Err()
}

type decision struct {
	id, key, mode          string
	req                    Request
	arm, outcome           string
	pick                   *recall.Item
	cands                  []recall.Item // in the matcher's order
	matcherPick, modelPick *string
	verdict                string
	candidates             int
}

// settle checks a delivery against what the session was given while it
// was being decided (a concurrent entry of the same session): past the
// topic's deliveries it is exhausted; a pick given meanwhile gives way to
// the matcher's next candidate, or to nothing.
func (d *decision) settle(delivered map[string]bool, topicCount, perTopic int) {
	if d.outcome != OutcomeDelivered {
		return
	}
	if topicCount >= perTopic {
		d.outcome, d.pick = OutcomeExhausted, nil
		return
	}
	if !delivered[d.pick.ID] {
		return
	}
	d.pick, d.arm = nil, ArmMatcher
	for i := range d.cands {
		if !delivered[d.cands[i].ID] {
			d.pick = &d.cands[i]
			return
		}
	}
	d.outcome = OutcomeNone
}

func strp(s string) *string { return &s }

// decide fills d: the arm, the outcome and the pick.
func (s *Service) decide(ctx context.Context, d *decision, delivered map[string]bool, topicCount int) error {
	d.arm = ArmMatcher
	if s.cfg.Mode == ModeRank {
		d.arm = ArmModel
	}
	holdout := Holdout(d.req.Member, d.req.Session, s.cfg.HoldoutPercent)
	if holdout {
		d.arm = ArmHoldout
	}
	if topicCount >= s.cfg.PerTopic {
		d.outcome = OutcomeExhausted
		return nil
	}
	ans, err := s.rec.Recall(ctx, candidateRequest(d.req, s.cfg.Candidates))
	if err != nil {
		return err
	}
	topical := topicalKeys(ans)
	var cands []recall.Item
	for _, it := range ans.Items {
		if (it.Kind != "fact" && it.Kind != "belief") || delivered[it.ID] {
			continue
		}
		if !topical[it.Kind+":"+it.ID] && (it.Previously == nil || !topical[it.Previously.Kind+":"+it.Previously.ID]) {
			continue
		}
		cands = append(cands, it)
	}
	d.candidates, d.cands = len(cands), cands
	if len(cands) == 0 {
		d.outcome = OutcomeNone
		if holdout {
			d.outcome = OutcomeHoldout
		}
		return nil
	}
	// The matcher: the best-ranked memory of the tier-1 answer to the topic
	// (exact fused scores, deterministic ties) not given in this session.
	matcher := cands[0]
	d.matcherPick = strp(matcher.ID)
	pick := &matcher
	if s.cfg.Mode != ModeMatcher && !holdout {
		mp, verdict := s.rank(ctx, d.req, cands)
		d.modelPick, d.verdict = mp, string(verdict)
		if s.cfg.Mode == ModeRank {
			switch {
			case verdict != model.VerdictOK:
				d.arm = ArmMatcher // the model failed: the matcher answers
			case *mp == "":
				d.outcome = OutcomeDeclined
				return nil
			default:
				for i := range cands {
					if cands[i].ID == *mp {
						pick = &cands[i]
					}
				}
			}
		}
	}
	if holdout {
		d.outcome = OutcomeHoldout
		return nil
	}
	d.outcome, d.pick = OutcomeDelivered, pick
	return nil
}

// topicalKeys are the items ("kind:id") of a tier-1 answer that a leg
// reading the topic proposed. The self leg proposes the asker's own facts
// whatever the question, so a memory it alone proposed is not about the
// topic: pushing it unasked would be noise.
func topicalKeys(ans *recall.Answer) map[string]bool {
	out := map[string]bool{}
	var d recall.Diagnostic
	if len(ans.Diagnostic) == 0 || json.Unmarshal(ans.Diagnostic, &d) != nil {
		return out
	}
	for _, l := range d.Legs {
		if l.Leg == "self" {
			continue
		}
		for _, k := range l.Ranked {
			out[k] = true
		}
	}
	return out
}

// rankPrompt is the ranker's instruction.
const rankPrompt = "You help an assistant that is entering a topic of conversation. " +
	"From the member's stored memories below, pick the ONE most useful to have in mind for this topic, " +
	"or none when none is clearly relevant. Answer with JSON only: {\"pick\": \"<id>\"} or {\"pick\": \"\"}."

// rank asks the model for its pick among cands: the id ("" = none) and
// the call's verdict; one decision_log row per call.
func (s *Service) rank(ctx context.Context, req Request, cands []recall.Item) (*string, model.Verdict) {
	type cand struct {
		ID   string `json:"id"`
		Text string `json:"text"`
	}
	in := struct {
		Topic      string `json:"topic"`
		Candidates []cand `json:"candidates"`
	}{Topic: req.Topic}
	for _, c := range cands {
		in.Candidates = append(in.Candidates, cand{c.ID, c.Text})
	}
	body, _ := json.Marshal(in)
	start := time.Now()
	reply, err := s.cfg.Model.Chat(ctx, model.Call{Member: req.Member, Cell: "advisor",
		Messages: []model.Message{{Role: "system", Content: rankPrompt}, {Role: "user", Content: string(body)}}})
	dl := model.Decision{Member: req.Member, Cell: "advisor", Latency: time.Since(start)}
	var pick *string
	if err != nil {
		dl.Verdict = model.VerdictOf(err)
	} else {
		dl.PromptTokens, dl.CompletionTokens = reply.PromptTokens, reply.CompletionTokens
		pick, dl.Verdict = parsePick(reply.Content, cands)
	}
	_ = s.cfg.Decisions.Record(ctx, dl)
	return pick, dl.Verdict
}

// parsePick reads {"pick": id}; an id that is not a candidate is
// invalid_sources.
func parsePick(content string, cands []recall.Item) (*string, model.Verdict) {
	var out struct {
		Pick *string `json:"pick"`
	}
	dec := json.NewDecoder(strings.NewReader(strings.TrimSpace(content)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil || out.Pick == nil {
		return nil, model.VerdictInvalidJSON
	}
	if *out.Pick == "" {
		return out.Pick, model.VerdictOK
	}
	for _, c := range cands {
		if c.ID == *out.Pick {
			return out.Pick, model.VerdictOK
		}
	}
	return nil, model.VerdictInvalidSources
}

func (d *decision) insert(ctx context.Context, tx pgx.Tx) error {
	var kind, id *string
	if d.pick != nil {
		kind, id = &d.pick.Kind, &d.pick.ID
	}
	var verdict *string
	if d.verdict != "" {
		verdict = &d.verdict
	}
	_, err := tx.Exec(ctx, `/* leg:advisor */ INSERT INTO advisor_decisions
		(member_id, id, session_id, channel, assistant, topic, topic_key, mode, arm, outcome,
		 pick_kind, pick_id, matcher_pick, model_pick, model_verdict, candidates)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
		d.req.Member, d.id, d.req.Session, d.req.Channel, d.req.Assistant, d.req.Topic, d.key, d.mode, d.arm, d.outcome,
		kind, id, d.matcherPick, d.modelPick, verdict, d.candidates)
	if err != nil {
		return fmt.Errorf("advisor: record decision: %w", err)
	}
	return nil
}

func (d *decision) advice() *Advice {
	a := &Advice{Topic: d.req.Topic, Arm: d.arm, Outcome: d.outcome, Decision: d.id}
	switch d.outcome {
	case OutcomeDelivered:
		a.Delivered, a.Memory = true, d.pick
		a.Text = "A memory for the topic " + quote(d.req.Topic) + ": " + d.pick.Text
		if d.pick.When != "" {
			a.Text += " (since " + day(d.pick.When) + ")"
		}
	case OutcomeExhausted:
		a.Text = "Nothing more for " + quote(d.req.Topic) + ": this topic had its memories in this conversation."
	default:
		a.Text = "No stored memory to add for " + quote(d.req.Topic) + "."
	}
	return a
}

func quote(s string) string { return `"` + s + `"` }

func day(when string) string {
	if t, err := time.Parse(time.RFC3339Nano, when); err == nil {
		return t.UTC().Format(time.DateOnly)
	}
	return when
}

// ErrNoPool is returned by Decisions without a pool.
var ErrNoPool = errors.New("advisor: no database")

// Record is one decision as Decisions reads it back.
type Record struct {
	ID          string    `json:"id"`
	Session     string    `json:"session"`
	Assistant   string    `json:"assistant"`
	Topic       string    `json:"topic"`
	Mode        string    `json:"mode"`
	Arm         string    `json:"arm"`
	Outcome     string    `json:"outcome"`
	PickKind    string    `json:"pick_kind,omitempty"`
	PickID      string    `json:"pick_id,omitempty"`
	MatcherPick string    `json:"matcher_pick,omitempty"`
	ModelPick   *string   `json:"model_pick,omitempty"`
	Verdict     string    `json:"model_verdict,omitempty"`
	Candidates  int       `json:"candidates"`
	DecidedAt   time.Time `json:"decided_at"`
}

// Decisions reads member's decisions in session ("" = every session), oldest first.
func Decisions(ctx context.Context, db interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, member, session string) ([]Record, error) {
	if db == nil {
		return nil, ErrNoPool
	}
	rows, err := db.Query(ctx, `SELECT id, session_id, assistant, topic, mode, arm, outcome,
		coalesce(pick_kind, ''), coalesce(pick_id, ''), coalesce(matcher_pick, ''), model_pick, coalesce(model_verdict, ''),
		candidates, decided_at
		FROM advisor_decisions WHERE member_id = $1 AND ($2 = '' OR session_id = $2) ORDER BY decided_at, id`, member, session)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Record, error) {
		var x Record
		err := r.Scan(&x.ID, &x.Session, &x.Assistant, &x.Topic, &x.Mode, &x.Arm, &x.Outcome, &x.PickKind, &x.PickID,
			&x.MatcherPick, &x.ModelPick, &x.Verdict, &x.Candidates, &x.DecidedAt)
		return x, err
	})
}
