// Package apikey issues and checks the API keys of memhive's HTTP and
// MCP-over-HTTP surfaces.
//
// A key is "mhk_<id>_<secret>": a 16-character id that names its row and a
// 256-bit random secret. Only the sha256 of the whole key is stored; a
// check looks the row up by id and compares hashes in constant time. A key
// has a kind:
//
//   - assistant: bound to one member or a list of members and to one
//     assistant name. A request may name only a member the key covers; the
//     assistant (so its template's tier) comes from the key.
//   - operator: reaches the operator routes (/metrics, /readyz) and the
//     inspector (/ui, which shows every member's memory to the operator);
//     never the member routes or /mcp.
//
// Keys are created, listed and revoked (never deleted) with `memhive keys`.
package apikey

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
)

// Kinds of key.
const (
	KindAssistant = "assistant"
	KindOperator  = "operator"
)

// Prefix starts every key.
const Prefix = "mhk_"

// Errors of Check.
var (
	// ErrUnknown: no key, a malformed key, an unknown id, a wrong secret or a
	// revoked key. Callers answer 401 and do not say which.
	ErrUnknown = errors.New("apikey: unknown or revoked key")
	// ErrMember: the key is valid but does not cover the member asked for.
	ErrMember = errors.New("apikey: the key does not cover this member")
)

// Key is a key's row, never its secret.
type Key struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"`
	Assistant string     `json:"assistant,omitempty"`
	Members   []string   `json:"members,omitempty"` // List fills it; Check leaves it nil
	Note      string     `json:"note,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	RevokedAt *time.Time `json:"revoked_at,omitempty"`
}

// Spec is what a new key is bound to.
type Spec struct {
	Kind      string   // KindAssistant (default) or KindOperator
	Members   []string // assistant keys: one or more member ids
	Assistant string   // assistant keys: the assistant's name
	Note      string   // free text, ≤ 200 characters
}

// Validate checks s and normalises its members (sorted, distinct).
func (s *Spec) Validate() error {
	if s.Kind == "" {
		s.Kind = KindAssistant
	}
	if len(s.Note) > 200 {
		return memhive.Errorf(memhive.CodeMalformedRequest, "the note is over 200 characters")
	}
	switch s.Kind {
	case KindOperator:
		if len(s.Members) > 0 || s.Assistant != "" {
			return memhive.Errorf(memhive.CodeMalformedRequest, "an operator key is bound to no member and no assistant")
		}
	case KindAssistant:
		if len(s.Members) == 0 {
			return memhive.Errorf(memhive.CodeMalformedRequest, "an assistant key needs at least one member")
		}
		for _, m := range s.Members {
			if !memhive.ValidMember(m) {
				return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", m)
			}
		}
		if s.Assistant = strings.TrimSpace(s.Assistant); s.Assistant == "" || len(s.Assistant) > 64 {
			return memhive.Errorf(memhive.CodeMalformedRequest, "an assistant key needs an assistant name (≤ 64 characters)")
		}
		s.Members = slices.Compact(slices.Sorted(slices.Values(s.Members)))
	default:
		return memhive.Errorf(memhive.CodeMalformedRequest, "key kind %q is not assistant or operator", s.Kind)
	}
	return nil
}

// newSecret returns a fresh key and its id.
func newSecret() (key, id string) {
	b := make([]byte, 8+32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	id = hex.EncodeToString(b[:8])
	return Prefix + id + "_" + hex.EncodeToString(b[8:]), id
}

// parse returns the id of a well-formed key.
func parse(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, Prefix)
	if !ok || len(rest) != 16+1+64 || rest[16] != '_' {
		return "", false
	}
	for _, c := range rest[:16] + rest[17:] {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return "", false
		}
	}
	return rest[:16], true
}

// Hash is the stored form of a key.
func Hash(key string) []byte { h := sha256.Sum256([]byte(key)); return h[:] }

// Store keeps keys in Postgres (api_keys, api_key_members; migration 007).
// Create and Revoke need the owner's role; Check and List only SELECT.
type Store struct{ pool *pgxpool.Pool }

// NewStore returns a store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// Create issues a key for spec and returns it (the only time the secret is
// seen) with its row.
func (s *Store) Create(ctx context.Context, spec Spec) (string, *Key, error) {
	if err := spec.Validate(); err != nil {
		return "", nil, err
	}
	key, id := newSecret()
	k := &Key{ID: id, Kind: spec.Kind, Assistant: spec.Assistant, Members: spec.Members, Note: spec.Note}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO api_keys (key_id, hash, kind, assistant, note) VALUES ($1, $2, $3, $4, $5)
			RETURNING created_at`, id, Hash(key), spec.Kind, spec.Assistant, spec.Note).Scan(&k.CreatedAt); err != nil {
			return err
		}
		for _, m := range spec.Members {
			if _, err := tx.Exec(ctx, `INSERT INTO api_key_members (member_id, key_id) VALUES ($1, $2)`, m, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", nil, fmt.Errorf("apikey: create: %w", err)
	}
	return key, k, nil
}

// CheckTimeout bounds Check's reads: every keyed request waits on them, so
// a store that does not answer (its processes stopped, its host silent)
// fails the request as unavailable (503) within it instead of holding it
// open with no word in the log.
const CheckTimeout = 3 * time.Second

// Check authenticates key and, when member is not "", checks that the key
// covers member. It answers ErrUnknown or ErrMember, or a database error.
func (s *Store) Check(ctx context.Context, key, member string) (*Key, error) {
	id, ok := parse(key)
	if !ok {
		return nil, ErrUnknown
	}
	ctx, cancel := context.WithTimeout(ctx, CheckTimeout)
	defer cancel()
	k := &Key{ID: id}
	var hash []byte
	err := s.pool.QueryRow(ctx, `/* auth:key */ SELECT hash, kind, assistant, note, created_at, revoked_at FROM api_keys WHERE key_id = $1`, id).
		Scan(&hash, &k.Kind, &k.Assistant, &k.Note, &k.CreatedAt, &k.RevokedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrUnknown
	}
	if err != nil {
		return nil, fmt.Errorf("apikey: check: %w", err)
	}
	if subtle.ConstantTimeCompare(hash, Hash(key)) != 1 || k.RevokedAt != nil {
		return nil, ErrUnknown
	}
	if member != "" {
		var covered bool
		if err := s.pool.QueryRow(ctx, `/* auth:member */ SELECT EXISTS (SELECT 1 FROM api_key_members WHERE member_id = $1 AND key_id = $2)`,
			member, id).Scan(&covered); err != nil {
			return nil, fmt.Errorf("apikey: check: %w", err)
		}
		if !covered {
			return k, ErrMember
		}
	}
	return k, nil
}

// List returns every key, revoked ones too, oldest first. It reads
// api_key_members across members: an operator's listing, not a hot path.
func (s *Store) List(ctx context.Context) ([]Key, error) {
	rows, err := s.pool.Query(ctx, `SELECT k.key_id, k.kind, k.assistant, k.note, k.created_at, k.revoked_at,
		coalesce((SELECT array_agg(m.member_id ORDER BY m.member_id) FROM api_key_members m WHERE m.key_id = k.key_id), '{}')
		FROM api_keys k ORDER BY k.created_at, k.key_id`)
	if err != nil {
		return nil, fmt.Errorf("apikey: list: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Key, error) {
		var k Key
		err := r.Scan(&k.ID, &k.Kind, &k.Assistant, &k.Note, &k.CreatedAt, &k.RevokedAt, &k.Members)
		return k, err
	})
	if err != nil {
		return nil, fmt.Errorf("apikey: list: %w", err)
	}
	return out, nil
}

// Revoke marks the key with id revoked (the row stays). Revoking a revoked
// key is a no-op; an unknown id is not_found.
func (s *Store) Revoke(ctx context.Context, id string) (*Key, error) {
	k := &Key{ID: id}
	err := s.pool.QueryRow(ctx, `UPDATE api_keys SET revoked_at = coalesce(revoked_at, clock_timestamp()) WHERE key_id = $1
		RETURNING kind, assistant, note, created_at, revoked_at`, id).Scan(&k.Kind, &k.Assistant, &k.Note, &k.CreatedAt, &k.RevokedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, memhive.Errorf(memhive.CodeNotFound, "no key with id %q (memhive keys list shows them)", id)
	}
	if err != nil {
		return nil, fmt.Errorf("apikey: revoke: %w", err)
	}
	return k, nil
}

// Memory is an in-process key set with Store's Check semantics, for a
// gateway embedded in another program (and for tests). Safe for concurrent use.
type Memory struct {
	mu   sync.Mutex
	keys map[string]memKey
}

type memKey struct {
	hash []byte
	key  Key
}

// NewMemory returns an empty key set.
func NewMemory() *Memory { return &Memory{keys: map[string]memKey{}} }

// Create issues a key.
func (m *Memory) Create(spec Spec) (string, *Key, error) {
	if err := spec.Validate(); err != nil {
		return "", nil, err
	}
	key, id := newSecret()
	k := Key{ID: id, Kind: spec.Kind, Assistant: spec.Assistant, Members: spec.Members, Note: spec.Note, CreatedAt: time.Now()}
	m.mu.Lock()
	m.keys[id] = memKey{hash: Hash(key), key: k}
	m.mu.Unlock()
	return key, &k, nil
}

// MustCreate is Create that panics on a bad spec.
func (m *Memory) MustCreate(spec Spec) string {
	key, _, err := m.Create(spec)
	if err != nil {
		panic(err)
	}
	return key
}

// Revoke revokes the key with id.
func (m *Memory) Revoke(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if mk, ok := m.keys[id]; ok && mk.key.RevokedAt == nil {
		now := time.Now()
		mk.key.RevokedAt = &now
		m.keys[id] = mk
	}
}

// Check is Store.Check.
func (m *Memory) Check(_ context.Context, key, member string) (*Key, error) {
	id, ok := parse(key)
	if !ok {
		return nil, ErrUnknown
	}
	m.mu.Lock()
	mk, found := m.keys[id]
	m.mu.Unlock()
	if !found || subtle.ConstantTimeCompare(mk.hash, Hash(key)) != 1 || mk.key.RevokedAt != nil {
		return nil, ErrUnknown
	}
	k := mk.key
	k.Members = nil
	if member != "" && !slices.Contains(mk.key.Members, member) {
		return &k, ErrMember
	}
	return &k, nil
}
