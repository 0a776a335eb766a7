package drain

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
)

// Draft states (facts.draft).
const (
	StateDraft    = "draft"
	StateApproved = "approved"
	StateRejected = "rejected"
)

// Draft is one drafted fact as an operator reviews it.
type Draft struct {
	ID         string     `json:"id"`
	Text       string     `json:"text"`
	State      string     `json:"state"`
	DraftedBy  []string   `json:"drafted_by"`
	Channel    string     `json:"channel"`
	Audience   []string   `json:"audience"`
	RecordedAt time.Time  `json:"recorded_at"`
	DecidedAt  *time.Time `json:"decided_at,omitempty"`
	DecidedBy  string     `json:"decided_by,omitempty"`
}

// List returns member's drafted facts in state (StateDraft by default; "all"
// for every state), oldest first, those by assistant only when it is not "".
func List(ctx context.Context, pool *pgxpool.Pool, member, state, assistant string, limit int) ([]Draft, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	switch state {
	case "":
		state = StateDraft
	case StateDraft, StateApproved, StateRejected, "all":
	default:
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "state %q is not draft, approved, rejected or all", state)
	}
	if limit <= 0 {
		limit = 500
	}
	rows, err := pool.Query(ctx, `/* drafts */ SELECT id, claim, draft, drafted_by, channel, audience, recorded_at, draft_decided_at, coalesce(draft_decided_by, '')
		FROM facts WHERE member_id = $1 AND draft IS NOT NULL AND ($2 = 'all' OR draft = $2) AND ($3 = '' OR $3 = ANY(drafted_by))
		ORDER BY recorded_at, id LIMIT $4`, member, state, strings.TrimSpace(assistant), limit)
	if err != nil {
		return nil, fmt.Errorf("list drafts: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Draft, error) {
		var d Draft
		err := r.Scan(&d.ID, &d.Text, &d.State, &d.DraftedBy, &d.Channel, &d.Audience, &d.RecordedAt, &d.DecidedAt, &d.DecidedBy)
		return d, err
	})
}

// Decision is the result of Decide: the drafts it moved, and the ids it
// did not (not a draft of this member, or decided already) with why.
type Decision struct {
	State    string            `json:"state"`
	Decided  []string          `json:"decided"`
	Skipped  map[string]string `json:"skipped,omitempty"`
	Approved int               `json:"approved,omitempty"`
	Rejected int               `json:"rejected,omitempty"`
}

// Decide approves (state StateApproved) or rejects (StateRejected) member's
// drafts ids, as decidedBy (an operator's name). Only a fact in state draft
// moves; nothing is deleted: a rejected draft stays, hidden from everyone.
// All ids are decided in one transaction.
func Decide(ctx context.Context, pool *pgxpool.Pool, member, state string, ids []string, decidedBy string) (*Decision, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	if state != StateApproved && state != StateRejected {
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "a draft is approved or rejected, not %q", state)
	}
	if len(ids) == 0 {
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "name the drafts to decide (their fact ids)")
	}
	if strings.TrimSpace(decidedBy) == "" {
		decidedBy = "operator"
	}
	d := &Decision{State: state, Decided: []string{}, Skipped: map[string]string{}}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `/* drafts */ UPDATE facts SET draft = $3, draft_decided_at = clock_timestamp(), draft_decided_by = $4
			WHERE member_id = $1 AND id = ANY($2::text[]) AND draft = 'draft' RETURNING id`, member, ids, state, decidedBy)
		if err != nil {
			return err
		}
		decided, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		d.Decided = append(d.Decided, decided...)
		states := map[string]string{}
		rows, err = tx.Query(ctx, `SELECT id, coalesce(draft, '') FROM facts WHERE member_id = $1 AND id = ANY($2::text[])`, member, ids)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id, st string
			if err := rows.Scan(&id, &st); err != nil {
				rows.Close()
				return err
			}
			states[id] = st
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			if slices.Contains(d.Decided, id) {
				continue
			}
			switch st, ok := states[id]; {
			case !ok:
				d.Skipped[id] = "no fact with this id"
			case st == "":
				d.Skipped[id] = "not a draft"
			default:
				d.Skipped[id] = "already " + st
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("decide drafts: %w", err)
	}
	if state == StateApproved {
		d.Approved = len(d.Decided)
	} else {
		d.Rejected = len(d.Decided)
	}
	return d, nil
}

// Service is the drain and the drafts on one pool, for the surfaces that
// serve them (the operator's HTTP routes).
type Service struct{ pool *pgxpool.Pool }

// NewService returns the drain on pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Drain is Run on the service's pool.
func (s *Service) Drain(ctx context.Context, o Options, files []File) (*Report, error) {
	return Run(ctx, s.pool, o, files, nil)
}

// Drafts is List on the service's pool.
func (s *Service) Drafts(ctx context.Context, member, state, assistant string, limit int) ([]Draft, error) {
	return List(ctx, s.pool, member, state, assistant, limit)
}

// Decide is the package's Decide on the service's pool.
func (s *Service) Decide(ctx context.Context, member, state string, ids []string, by string) (*Decision, error) {
	return Decide(ctx, s.pool, member, state, ids, by)
}
