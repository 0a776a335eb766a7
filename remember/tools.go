package remember

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/recall"
)

// Who is the binding of a memory tool call: whose memory, who is listening
// now, where, and who asks. It comes from the caller (launch flags, the
// X-Memhive-* headers, the NATS subject), never from a tool's arguments.
type Who struct {
	Member   string
	Audience []string
	Channel  string
	Asker    string // default "member:<member>"
	// Assistant is the assistant calling, from its binding: it reads
	// through its template's scope (WithScopes) and sees its own drafts.
	Assistant string
}

// Check refuses a binding without a valid member, an audience or a channel.
func (w Who) Check() error {
	if !memhive.ValidMember(w.Member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(w.Member))
	}
	// what no stored value could hold (invalid_text, field_too_long), before
	// presence as on the write side: a channel of "\t" is not missing
	if err := recall.CheckBinding(w.Audience, w.Channel, w.Asker, ""); err != nil {
		return err
	}
	if len(memhive.NormalizeAudience(w.Audience)) == 0 {
		return memhive.Errorf(memhive.CodeMissingAudience, "no audience is bound: say who is listening now (e.g. member:%s)", w.Member)
	}
	if memhive.Blank(w.Channel) {
		return memhive.Errorf(memhive.CodeMissingChannel, "no channel is bound: say where this conversation happens (e.g. web:chat)")
	}
	return nil
}

func (w Who) asker() string {
	if a := strings.TrimSpace(w.Asker); a != "" {
		return a
	}
	return "member:" + w.Member
}

func (w Who) audience() []string { return memhive.NormalizeAudience(w.Audience) }

// gate is the binding's gate: package gate's predicate, the one every read
// uses (recall's included), with the service's open_history channels
// (rule 4), read by the binding's assistant through its scope.
func (s *Service) gate(w Who) gate.Gate {
	a := strings.TrimSpace(w.Assistant)
	return gate.New(w.Audience, strings.TrimSpace(w.Channel), s.openHistory).For(a, s.scopes.Of(a))
}

// MaxID caps a memory id in a tool's arguments (ids are 26-character
// ULIDs; a longer one names nothing).
const MaxID = 128

// checkID refuses an id no memory could have: malformed_tool_call.
func checkID(tool, id string) error {
	if len(id) > MaxID {
		return memhive.Errorf(memhive.CodeMalformedToolCall, "%s: an id of %d bytes is over the %d-byte cap", tool, len(id), MaxID)
	}
	return nil
}

// hiddenOrMissing is the one answer for a fact that does not exist and a
// fact the audience may not see: the sentence must not tell them apart.
func hiddenOrMissing(id string) *memhive.Error {
	return memhive.Errorf(memhive.CodeNotFound, "no memory with id %q is visible in this conversation", clip(id))
}

// visibleFact returns the fact id when the binding's audience can see it,
// else not_found (the same error whether it is hidden or does not exist).
func visibleFact(ctx context.Context, db facts.DB, g gate.Gate, w Who, id string) (*facts.Row, error) {
	var ok bool
	pred, args := g.Where(gate.Facts, "f", []any{w.Member, id})
	err := db.QueryRow(ctx, `SELECT true FROM facts f WHERE f.member_id = $1 AND f.id = $2 AND `+pred, args...).Scan(&ok)
	if errors.Is(err, pgx.ErrNoRows) {
		// A turn's id (recall lists turns and facts alike) is said so,
		// when the audience may see that turn; a hidden one stays
		// not_found like any hidden id.
		epred, eargs := g.Where(gate.Episodes, "e", []any{w.Member, id})
		if db.QueryRow(ctx, `SELECT true FROM episodes e WHERE e.member_id = $1 AND e.id = $2 AND `+epred, eargs...).Scan(&ok) == nil {
			return nil, memhive.Errorf(memhive.CodeNotFound, "%q is a turn (what was said), not a memory: turns are kept as they were said; update_memory and forget take a fact's id (recall's FACTS items, or list_memories)", clip(id))
		}
		return nil, hiddenOrMissing(id)
	}
	if err != nil {
		return nil, &StoreError{Err: fmt.Errorf("read fact: %w", err)}
	}
	row, err := facts.Get(ctx, db, w.Member, id)
	if err != nil {
		return nil, storeOr(err)
	}
	return row, nil
}

// storeOr keeps a coded error and marks anything else as a store failure.
func storeOr(err error) error {
	var coded *memhive.Error
	if errors.As(err, &coded) {
		return coded
	}
	return &StoreError{Err: err}
}

// UpdateArgs are update_memory's arguments.
type UpdateArgs struct {
	// ID of the version in force to replace. Required.
	ID string `json:"id"`
	// Claim of the new version. Required.
	Claim string `json:"claim"`
	// ValidFrom is when the new claim became true; default now (never
	// before the old version's start).
	ValidFrom *time.Time `json:"valid_from,omitempty"`
}

// UnmarshalJSON reads valid_from as every surface reads a time
// (recall.ParseTime): RFC 3339 with a zone, or a date (its start); one
// that is no text (a control character) is invalid_text, not a bad time.
func (a *UpdateArgs) UnmarshalJSON(data []byte) error {
	type plain UpdateArgs
	var w struct {
		plain
		ValidFrom *string `json:"valid_from,omitempty"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return err
	}
	*a = UpdateArgs(w.plain)
	if w.ValidFrom != nil {
		// its text before its time, as every argument's (checkArgs)
		if err := checkArgs(argText{"valid_from", *w.ValidFrom, false}); err != nil {
			return err
		}
		t, err := recall.ParseTime(*w.ValidFrom, false)
		if err != nil {
			return fmt.Errorf("valid_from: %w", err)
		}
		a.ValidFrom = &t
	}
	return nil
}

// UpdateResult is the new version.
type UpdateResult struct {
	ID        string    `json:"id"`       // the new version
	Replaced  string    `json:"replaced"` // the version it closed
	Subject   string    `json:"subject"`
	Predicate string    `json:"predicate"`
	Claim     string    `json:"claim"`
	Previous  string    `json:"previous"` // the replaced version's claim
	Kind      string    `json:"kind"`
	ValidFrom time.Time `json:"valid_from"`
	Audience  []string  `json:"audience"`
	Channel   string    `json:"channel"`
}

// UpdateMemory is update_memory (SPEC §8): a new version of a fact on its
// chain, through facts.Update. Only a fact the binding's audience can see
// may be updated (otherwise not_found, as for a fact that does not exist);
// the new version carries the binding's audience and channel and the
// asker as speaker, since that is who heard the correction.
func (s *Service) UpdateMemory(ctx context.Context, w Who, a UpdateArgs) (*UpdateResult, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	if err := a.Check(); err != nil {
		return nil, err
	}
	id, claim := strings.TrimSpace(a.ID), strings.TrimSpace(a.Claim)
	if id == "" || claim == "" {
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "update_memory needs the fact's \"id\" and the new \"claim\"")
	}
	if err := checkID("update_memory", id); err != nil {
		return nil, err
	}
	if len(claim) > MaxText {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "the new claim of %d bytes is over the %d-byte cap", len(claim), MaxText)
	}
	g := s.gate(w)
	old, err := visibleFact(ctx, s.pool, g, w, id)
	if err != nil {
		return nil, err
	}
	if old.SupersededBy != "" {
		return nil, s.replacedBy(ctx, g, w, old, "update_memory")
	}
	ch := facts.Change{Audience: w.audience(), Channel: strings.TrimSpace(w.Channel), Speaker: w.asker()}
	if a.ValidFrom != nil {
		ch.ValidFrom = a.ValidFrom.UTC()
	}
	newID, err := facts.Update(ctx, s.pool, w.Member, id, claim, ch)
	if err != nil {
		return nil, storeOr(err)
	}
	nv, err := facts.Get(ctx, s.pool, w.Member, newID)
	if err != nil {
		return nil, storeOr(err)
	}
	return &UpdateResult{ID: nv.ID, Replaced: old.ID, Subject: nv.Subject, Predicate: nv.Predicate, Claim: nv.Claim,
		Previous: old.Claim, Kind: nv.Kind, ValidFrom: nv.ValidFrom.UTC(), Audience: nv.Audience, Channel: nv.Channel}, nil
}

// ForgetArgs are forget's arguments.
type ForgetArgs struct {
	ID     string `json:"id"`               // the fact to retract. Required.
	Reason string `json:"reason,omitempty"` // kept in closure_source as forget:<reason>
}

// ForgetResult says what was retracted.
type ForgetResult struct {
	ID        string `json:"id"`
	Forgotten bool   `json:"forgotten"` // false: it was already forgotten
	Subject   string `json:"subject"`
	Predicate string `json:"predicate"`
	Claim     string `json:"claim"`
}

// Forget is forget (SPEC §8): a retraction through facts.Forget that hides
// the fact from recall; nothing is deleted. Only a fact the binding's
// audience can see may be forgotten (otherwise not_found).
func (s *Service) Forget(ctx context.Context, w Who, a ForgetArgs) (*ForgetResult, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	if err := a.Check(); err != nil {
		return nil, err
	}
	id := strings.TrimSpace(a.ID)
	if id == "" {
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "forget needs the fact's \"id\"")
	}
	if err := checkID("forget", id); err != nil {
		return nil, err
	}
	if len(a.Reason) > MaxText {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "the reason of %d bytes is over the %d-byte cap", len(a.Reason), MaxText)
	}
	g := s.gate(w)
	row, err := visibleFact(ctx, s.pool, g, w, id)
	if err != nil {
		return nil, err
	}
	if row.SupersededBy != "" {
		// An old version: forgetting it would leave what recall shows in
		// place. Name the version in force when this audience may see it.
		return nil, s.replacedBy(ctx, g, w, row, "forget")
	}
	res := &ForgetResult{ID: row.ID, Forgotten: !row.Retracted(), Subject: row.Subject, Predicate: row.Predicate, Claim: row.Claim}
	if !res.Forgotten {
		return res, nil
	}
	if err := facts.Forget(ctx, s.pool, w.Member, id, a.Reason); err != nil {
		return nil, storeOr(err)
	}
	return res, nil
}

// replacedBy is the refusal of tool on row, a version another replaced:
// it names the newest visible version of its chain (following
// superseded_by), or, when none is visible, says only that the version is
// no longer in force.
func (s *Service) replacedBy(ctx context.Context, g gate.Gate, w Who, row *facts.Row, tool string) error {
	cur := row
	for range 64 { // chains are short; the bound only stops a cycle
		if cur.SupersededBy == "" {
			break
		}
		next, err := visibleFact(ctx, s.pool, g, w, cur.SupersededBy)
		if err != nil {
			cur = nil
			break
		}
		cur = next
	}
	if cur == nil || cur == row || cur.ExpiredAt != nil {
		return memhive.Errorf(memhive.CodeMalformedRequest, "fact %s is no longer in force: a later version replaced it; %s takes the version in force (list_memories shows it)", row.ID, tool)
	}
	return memhive.Errorf(memhive.CodeMalformedRequest, "fact %s is an old version: %s (%s %s %s) replaced it and is in force; %s that one to change what recall shows",
		row.ID, cur.ID, cur.Subject, strings.ReplaceAll(cur.Predicate, "_", " "), clip(cur.Claim), tool)
}

// ListArgs are list_memories' arguments (filters; all optional).
type ListArgs struct {
	Subject string        `json:"subject,omitempty"`
	Kind    string        `json:"kind,omitempty"`
	Channel string        `json:"channel,omitempty"` // the channel a fact was learned on (a filter, not the binding)
	Limit   memhive.Count `json:"limit,omitempty"`   // 1..MaxList, default DefaultList
}

// List sizes.
const (
	DefaultList = 50
	MaxList     = 100
)

// ListResult is list_memories' answer: the versions in force the binding's
// audience can see.
type ListResult struct {
	Memories []facts.Row `json:"memories"`
	Count    int         `json:"count"`
	More     bool        `json:"more"`             // more match than the limit
	Capped   bool        `json:"capped,omitempty"` // the MCP surface dropped rows to fit its cap
}

// ListMemories is list_memories (SPEC §8) through facts.List, gated by the
// binding's audience. Its filters are checked as every surface checks them
// (ListArgs.Check).
func (s *Service) ListMemories(ctx context.Context, w Who, a ListArgs) (*ListResult, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	if err := a.Check(); err != nil {
		return nil, err
	}
	if a.Limit < 0 || a.Limit > MaxList {
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "limit %d is outside 1..%d", a.Limit, MaxList)
	}
	if a.Kind != "" && a.Kind != facts.World && a.Kind != facts.Experience && a.Kind != facts.Foresight {
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "kind %q is not world, experience or foresight", clip(a.Kind))
	}
	limit := int(a.Limit)
	if limit == 0 {
		limit = DefaultList
	}
	g := s.gate(w)
	rows, err := facts.List(ctx, s.pool, w.Member, facts.Filter{Subject: a.Subject, Kind: a.Kind,
		Channel: strings.TrimSpace(a.Channel), Gate: &g, Limit: limit + 1, Rule: s.rule})
	if err != nil {
		return nil, storeOr(err)
	}
	res := &ListResult{Memories: rows}
	if len(rows) > limit {
		res.Memories, res.More = rows[:limit], true
	}
	if res.Memories == nil {
		res.Memories = []facts.Row{}
	}
	res.Count = len(res.Memories)
	return res, nil
}

// ReviewMemories is review_memories (SPEC §8) through facts.Review, over
// the facts the binding's audience can see.
func (s *Service) ReviewMemories(ctx context.Context, w Who) (*facts.ReviewReport, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	g := s.gate(w)
	rep, err := facts.ReviewRule(ctx, s.pool, w.Member, time.Now(), &g, s.rule)
	if err != nil {
		return nil, storeOr(err)
	}
	return rep, nil
}
