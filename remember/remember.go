// Package remember is the memorize ingress (SPEC §8): a fact or a note that
// a member (or an assistant on the member's behalf) asks the hive to keep,
// with the audience it was said in. It is written through facts.Insert with
// origin "memorize", so memorizing the same thing twice writes nothing.
//
// Two ways in share one function, Memorize: direct calls (the HTTP API and
// the MCP memorize tool, through Service) and the JetStream lane
// <prefix>.<member>.remember (Consumer), which acknowledges a message only
// after its row is committed.
package remember

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gate"
)

// MaxText caps the claim or note of one memorize request, in bytes.
const MaxText = 16 << 10

// MaxSubject and MaxPredicate cap a fact's subject and predicate in their
// canonical forms, in bytes (facts.CheckAxis says why); the three together
// stay within MaxText.
const (
	MaxSubject   = facts.MaxSubject
	MaxPredicate = facts.MaxPredicate
)

// NotePredicate is the predicate a note is stored under.
const NotePredicate = "note"

// Request is one memorize request: either a fact (Subject, Predicate,
// Claim) or a note (Note), never both. Audience and Channel are required.
type Request struct {
	// Member whose memory this is. On the lane it comes from the subject; a
	// payload member that differs is refused (member_mismatch).
	Member string `json:"member,omitempty"`
	// Subject, Predicate and Claim make a fact.
	Subject   string `json:"subject,omitempty"`
	Predicate string `json:"predicate,omitempty"`
	Claim     string `json:"claim,omitempty"`
	// Note is free text, stored as a fact (Speaker or "member:<m>", "note", Note).
	Note string `json:"note,omitempty"`
	// Kind is world (default), experience or foresight.
	Kind string `json:"kind,omitempty"`
	// Confidence 0..100; 0 means the default 70.
	Confidence int `json:"confidence,omitempty"`
	// Audience present when this was said or learned. Required.
	Audience []string `json:"audience"`
	// Channel it was said on. Required.
	Channel string `json:"channel"`
	// Speaker who asked to remember; default "member:<member>".
	Speaker string `json:"speaker,omitempty"`
	// Session it was said in; optional.
	Session string `json:"session,omitempty"`
	// At is when it became true (valid_from); default now (on the lane: the
	// time the stream stored the message, so a redelivery writes nothing).
	At *time.Time `json:"at,omitempty"`
	// Pinned also writes a pinned belief of the subject (profile line) that
	// survives every automatic rewrite. Written only with a new fact. When
	// the subject is the member ("member:<m>") the line joins the profile
	// and its bound applies: past it the whole request is refused
	// (profile_full) and nothing is stored.
	Pinned bool `json:"pinned,omitempty"`
}

// Result says what was stored.
type Result struct {
	ID        string   `json:"id"`       // the fact's id (the existing one when nothing was written)
	Inserted  bool     `json:"inserted"` // false: the same fact was already memorized
	Subject   string   `json:"subject"`
	Predicate string   `json:"predicate"`
	Claim     string   `json:"claim"`
	Kind      string   `json:"kind"`
	Audience  []string `json:"audience"`
	Channel   string   `json:"channel"`
	BeliefID  string   `json:"belief_id,omitempty"` // the pinned belief, when one was written
}

// Fact turns a request into the fact to write, or a coded refusal. now is
// the valid_from used when the request has no At.
func Fact(req Request, now time.Time) (*facts.Fact, error) {
	if !memhive.ValidMember(req.Member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(req.Member))
	}
	if err := checkFields(req); err != nil {
		return nil, err
	}
	aud := memhive.NormalizeAudience(req.Audience)
	if len(aud) == 0 {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "memorize needs the audience it was said in, e.g. [\"member:%s\"]; nothing was stored", req.Member)
	}
	channel := strings.TrimSpace(req.Channel)
	if memhive.Blank(channel) {
		return nil, memhive.Errorf(memhive.CodeMissingChannel, "memorize needs the channel it was said on, e.g. \"web:chat\"; nothing was stored")
	}
	speaker := strings.TrimSpace(req.Speaker)
	if speaker == "" {
		speaker = "member:" + req.Member
	}
	note := strings.TrimSpace(req.Note)
	triple := strings.TrimSpace(req.Subject) != "" || strings.TrimSpace(req.Predicate) != "" || strings.TrimSpace(req.Claim) != ""
	f := &facts.Fact{
		Member:     req.Member,
		Kind:       req.Kind,
		Confidence: req.Confidence,
		Session:    strings.TrimSpace(req.Session),
		Channel:    channel,
		Audience:   aud,
		Speaker:    speaker,
		Origin:     "memorize",
	}
	switch {
	case note != "" && triple:
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "memorize takes a fact (subject, predicate, claim) or a note, not both")
	case note != "":
		f.Subject, f.Predicate, f.Claim = speaker, NotePredicate, note
	case triple:
		f.Subject, f.Predicate, f.Claim = strings.TrimSpace(req.Subject), strings.TrimSpace(req.Predicate), strings.TrimSpace(req.Claim)
		if f.Subject == "" || f.Predicate == "" || f.Claim == "" {
			return nil, memhive.Errorf(memhive.CodeMalformedRequest, "a fact needs a subject, a predicate and a claim")
		}
	default:
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "memorize needs a fact (subject, predicate, claim) or a note")
	}
	if len(f.Subject)+len(f.Predicate)+len(f.Claim) > MaxText {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "memorize text of %d bytes is over the %d-byte cap", len(f.Subject)+len(f.Predicate)+len(f.Claim), MaxText)
	}
	if err := facts.CheckAxis(f.Subject, f.Predicate); err != nil {
		return nil, err
	}
	if req.At != nil && !req.At.IsZero() {
		if err := facts.CheckValidFrom(*req.At, now); err != nil {
			return nil, err
		}
		f.ValidFrom = req.At.UTC()
	} else {
		f.ValidFrom = now.UTC()
	}
	if err := facts.Validate(f); err != nil {
		return nil, err
	}
	return f, nil
}

// Memorize validates req and writes it in one transaction: the fact (once,
// by claim_hash) and, when Pinned and the fact is new, a pinned belief.
// A refusal is a *memhive.Error with its code; a store failure is a
// *memhive.Error with code store_refused wrapping nothing the caller must
// parse (the cause is logged by the caller).
func Memorize(ctx context.Context, pool *pgxpool.Pool, req Request) (*Result, error) {
	return memorize(ctx, pool, req, time.Now(), ProfileBound)
}

func memorize(ctx context.Context, pool *pgxpool.Pool, req Request, now time.Time, bound int) (*Result, error) {
	f, err := Fact(req, now)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if req.At == nil || req.At.IsZero() {
			// No time given (a model's tool call, an HTTP client's retry):
			// the same fact, said by the same speaker to the same people on
			// the same channel and still in force, is already memorized.
			// (md5(claim_canon) is what facts_claim_md5_idx holds: a claim
			// may be too long for a btree row; migration 031.)
			var id string
			err := tx.QueryRow(ctx, `SELECT id FROM facts WHERE member_id = $1 AND subject_canon = $2 AND predicate_canon = $3
				AND claim_canon = $4 AND md5(claim_canon) = md5($4::text) AND fact_kind = $5
				AND channel = $6 AND audience = $7 AND coalesce(speaker, '') = $8
				AND expired_at IS NULL AND superseded_by IS NULL AND draft IS NULL
				AND valid_from <= $9 AND (valid_until IS NULL OR valid_until > $9)
				ORDER BY valid_from DESC, id DESC LIMIT 1`,
				f.Member, memhive.Canon(f.Subject), memhive.CanonPredicate(f.Predicate), memhive.Canon(f.Claim), factKind(f),
				f.Channel, memhive.NormalizeAudience(f.Audience), f.Speaker, f.ValidFrom).Scan(&id)
			if err == nil {
				res.ID = id
				return nil
			}
			if !errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("find the same fact in force: %w", err)
			}
		}
		inserted, id, err := facts.Insert(ctx, tx, f)
		if err != nil {
			return err
		}
		res.ID, res.Inserted = id, inserted
		if req.Pinned && inserted {
			// derived from the fact (written once, by claim_hash), so a
			// replay of the member writes the same belief (docs/replay.md)
			res.BeliefID = PinnedBeliefID(f.Member, id)
			statement := f.Subject + " " + strings.ReplaceAll(memhive.CanonPredicate(f.Predicate), "_", " ") + " " + f.Claim
			if f.Predicate == NotePredicate {
				statement = f.Claim
			}
			if f.Subject == holder(f.Member) {
				if err := checkBound(ctx, tx, Who{Member: f.Member, Audience: f.Audience, Channel: f.Channel}, statement, bound); err != nil {
					return err
				}
			}
			conf := f.Confidence
			if conf == 0 {
				conf = 70
			}
			_, err := tx.Exec(ctx, `INSERT INTO beliefs (member_id, id, holder, statement, confidence, pinned,
					source_fact_ids, channel, audience, tokens)
				VALUES ($1, $2, $3, $4, $5, true, $6, $7, $8, $9)`,
				f.Member, res.BeliefID, f.Subject, statement, conf, []string{id}, f.Channel, f.Audience,
				facts.TokenEstimate(statement))
			if err != nil {
				return fmt.Errorf("insert pinned belief: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		var coded *memhive.Error
		if errors.As(err, &coded) {
			return nil, coded
		}
		return nil, &StoreError{Err: err}
	}
	kind := f.Kind
	if kind == "" {
		kind = facts.World
	}
	res.Subject, res.Predicate, res.Claim, res.Kind = f.Subject, f.Predicate, f.Claim, kind
	res.Audience, res.Channel = f.Audience, f.Channel
	return res, nil
}

// StoreError is a write the store did not take (Postgres down, a constraint
// the request cannot fix). It reads as code store_refused on every wire;
// the lane retries it instead of refusing the message.
type StoreError struct{ Err error }

func (e *StoreError) Error() string { return "memorize: store refused the write: " + e.Err.Error() }
func (e *StoreError) Unwrap() error { return e.Err }

// Coded returns the error as it crosses a wire.
func (e *StoreError) Coded() *memhive.Error {
	return memhive.Errorf(memhive.CodeStoreRefused, "the memory store did not take the write; try again later")
}

// Service is the memory tools bound to a pool: Memorize (the Memorizer
// the gateway serves), UpdateMemory, Forget, ListMemories, ReviewMemories
// and EditProfile.
type Service struct {
	pool         *pgxpool.Pool
	profileBound int
	rule         facts.Rule // the fact in force (list_memories, review_memories, the profile)
	openHistory  []string
	scopes       gate.Scopes // the assistants' scopes (WithScopes)
}

// Option tunes a Service.
type Option func(*Service)

// WithProfileBound sets the profile's bound in tokens (default
// ProfileBound, 1500); n <= 0 keeps the default.
func WithProfileBound(n int) Option {
	return func(s *Service) {
		if n > 0 {
			s.profileBound = n
		}
	}
}

// WithSupersedeThreshold sets the confidence threshold of the rule for the
// fact in force (facts.Rule) that list_memories, review_memories and the
// profile apply: the hive's one value, recall's supersede_threshold.
// 0 keeps facts.DefaultThreshold.
func WithSupersedeThreshold(n int) Option {
	return func(s *Service) { s.rule = facts.Rule{Threshold: n} }
}

// WithOpenHistory names the channels configured open_history (recall's
// Config.OpenHistory): the memory tools apply gate rule 4 with them, as
// recall does.
func WithOpenHistory(channels []string) Option {
	return func(s *Service) { s.openHistory = slices.Clone(channels) }
}

// WithScopes gives the assistants' scopes (their templates'): a tool call
// whose binding names its Assistant reads through that assistant's scope.
func WithScopes(scopes gate.Scopes) Option {
	return func(s *Service) { s.scopes = scopes }
}

// New returns a Service writing to pool.
func New(pool *pgxpool.Pool, opts ...Option) *Service {
	s := &Service{pool: pool, profileBound: ProfileBound}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Memorize is the package function Memorize on the service's pool, with
// store failures returned as store_refused *memhive.Error values.
func (s *Service) Memorize(ctx context.Context, req Request) (*Result, error) {
	res, err := memorize(ctx, s.pool, req, time.Now(), s.profileBound)
	var se *StoreError
	if errors.As(err, &se) {
		return nil, fmt.Errorf("%w (%w)", se.Coded(), se.Err)
	}
	return res, err
}

func clip(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// factKind is f's kind as stored (world when unset).
func factKind(f *facts.Fact) string {
	if f.Kind == "" {
		return facts.World
	}
	return f.Kind
}

// PinnedBeliefID is the id of the pinned belief memorize writes with a new
// fact: "pin_" and 26 hex digits of a hash of the member and the fact id.
func PinnedBeliefID(member, factID string) string {
	h := sha256.New()
	h.Write([]byte(member))
	h.Write([]byte{0})
	h.Write([]byte(factID))
	return "pin_" + hex.EncodeToString(h.Sum(nil))[:26]
}
