// Package facts owns the facts table: claims distilled from episodes,
// each on a version chain along its (subject, predicate) axis. A fact is
// never deleted; only its supersession columns change (the database holds
// that). Which version is in force is decided when a question is asked.
package facts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/memhive/memhive"
)

// Kinds of fact.
const (
	World      = "world"
	Experience = "experience"
	Foresight  = "foresight"
)

// Fact is one claim to write.
type Fact struct {
	ID               string // made when empty: DerivedID of the member and the claim_hash
	Member           string
	Subject          string
	Predicate        string
	Claim            string
	Kind             string // world (default) | experience | foresight
	Confidence       int    // 0..100; 0 means the default 70
	ValidFrom        time.Time
	ValidUntil       *time.Time
	SourceEpisodeIDs []string
	Session          string
	Channel          string
	Audience         []string
	Speaker          string
	Origin           string // close | memorize | update | import | drain
	// Draft, when set, writes the fact as a draft (migration 016): visible
	// only to the assistant that wrote it until approved, and unique by its
	// hash (a second Insert with the same hash writes nothing).
	Draft *Draft
}

// Draft is how a drafted fact is written: its author and the hash of the
// normalised text it was drained from.
type Draft struct {
	By   string // the assistant that wrote it
	Hash string // the drain hash: one fact per member and hash
}

// Querier is what Insert needs: a pool, a connection or a transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Hash is the claim_hash that makes writing the same fact twice write
// nothing: the canonical triple, the audience, the channel and valid_from.
func Hash(f *Fact) string {
	h := sha256.New()
	for _, s := range []string{
		memhive.Canon(f.Subject), memhive.CanonPredicate(f.Predicate), memhive.Canon(f.Claim),
		strings.Join(memhive.NormalizeAudience(f.Audience), "\x1f"), f.Channel,
		f.ValidFrom.UTC().Format(time.RFC3339Nano),
	} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// MaxSubject and MaxPredicate cap the subject and predicate of a new fact
// in their canonical forms (memhive.Canon, memhive.CanonPredicate), in
// bytes. The canonical forms are btree keys (facts_axis_idx holds the
// member, both and valid_from; facts_subject_time_idx the member, the
// subject, valid_from and the id), and a btree row holds at most 2,704
// bytes once its long values are compressed: a subject that does not fit
// even compressed (a model's 12 KB subject) is refused by the store
// (SQLSTATE 54000) every time it is tried. The caps keep new input well
// within that, however little it compresses (both at their caps, with the
// longest member id, make a row under 1.5 KB). They are not the store's limit: a fact between a cap
// and what the index holds is stored (Insert applies no cap, and the close
// pass applied none before it called CheckAxis), and an export holding one
// is imported whole (porter). Case folding may lengthen a text (up to three
// times), so the cap is on the form the index holds. The claim has no such
// key (facts_claim_md5_idx holds its md5).
const (
	MaxSubject   = 1 << 10
	MaxPredicate = 256
)

// CheckAxis refuses a subject or predicate over its cap (MaxSubject,
// MaxPredicate), canonical, with code field_too_long and a sentence naming
// the field and the cap. The ways a new fact comes in from outside check
// it: memorize (remember.Fact) and the close pass, on every fact an
// extractor returns (a model's are taken as given; closer.MaxClaim); the
// drain's are fixed ("member:<m>", "note"). Insert does not, nor does an
// export's import (porter), which restores facts the store took, some of
// them over the caps; there the store alone refuses what it cannot hold.
func CheckAxis(subject, predicate string) error {
	if n := len(memhive.Canon(subject)); n > MaxSubject {
		return memhive.Errorf(memhive.CodeFieldTooLong, "subject of %d bytes (canonical) is over the cap of %d", n, MaxSubject)
	}
	if n := len(memhive.CanonPredicate(predicate)); n > MaxPredicate {
		return memhive.Errorf(memhive.CodeFieldTooLong, "predicate of %d bytes (canonical) is over the cap of %d", n, MaxPredicate)
	}
	return nil
}

// Validate checks what every fact must carry.
func Validate(f *Fact) error {
	switch {
	case !memhive.ValidMember(f.Member):
		return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", f.Member)
	case len(memhive.NormalizeAudience(f.Audience)) == 0:
		return memhive.Errorf(memhive.CodeMissingAudience, "a fact needs the audience it was learned in")
	case memhive.Blank(f.Channel):
		return memhive.Errorf(memhive.CodeMissingChannel, "a fact needs the channel it was learned on")
	case strings.TrimSpace(f.Subject) == "" || strings.TrimSpace(f.Predicate) == "" || strings.TrimSpace(f.Claim) == "":
		return memhive.Errorf(memhive.CodeMalformedRequest, "a fact needs a subject, a predicate and a claim")
	case f.Kind != "" && f.Kind != World && f.Kind != Experience && f.Kind != Foresight:
		return memhive.Errorf(memhive.CodeMalformedRequest, "fact kind %q is not world, experience or foresight", f.Kind)
	case f.Confidence < 0 || f.Confidence > 100:
		return memhive.Errorf(memhive.CodeMalformedRequest, "confidence %d is outside 0..100", f.Confidence)
	case f.ValidFrom.IsZero():
		return memhive.Errorf(memhive.CodeMalformedRequest, "a fact needs valid_from")
	}
	return nil
}

// DerivedID is the id of a new fact: "fct_" and 26 hex digits of a hash of
// the member and the fact's claim_hash. (member_id, claim_hash) is unique, so
// the id is too, and the same fact written again (a re-run, a replay of the
// member: docs/replay.md) gets the same id, as do the rows that point at it
// (edges, beliefs, superseded_by). Facts written before ids were derived
// keep their ULIDs.
func DerivedID(member, claimHash string) string {
	h := sha256.New()
	h.Write([]byte(member))
	h.Write([]byte{0})
	h.Write([]byte(claimHash))
	return "fct_" + hex.EncodeToString(h.Sum(nil))[:26]
}

// TokenEstimate is the cheap token estimate stored with rows (about four
// bytes a token); budgets are enforced with a real tokenizer at read time.
func TokenEstimate(s string) int { return (len(s) + 3) / 4 }

// Insert writes f unless a fact with the same claim_hash exists. It reports
// whether a row was written and the id of the stored fact (the existing
// one's when nothing was written).
func Insert(ctx context.Context, q Querier, f *Fact) (inserted bool, id string, err error) {
	if err := Validate(f); err != nil {
		return false, "", err
	}
	hash := Hash(f)
	if f.ID == "" {
		f.ID = DerivedID(f.Member, hash)
	}
	kind := f.Kind
	if kind == "" {
		kind = World
	}
	conf := f.Confidence
	if conf == 0 {
		conf = 70
	}
	origin := f.Origin
	if origin == "" {
		origin = "close"
	}
	src := f.SourceEpisodeIDs
	if src == nil {
		src = []string{}
	}
	args := []any{f.Member, f.ID, f.Subject, f.Predicate, f.Claim, memhive.Canon(f.Subject), memhive.CanonPredicate(f.Predicate),
		memhive.Canon(f.Claim), hash, kind, conf, f.ValidFrom, f.ValidUntil, src, nullable(f.Session),
		f.Channel, memhive.NormalizeAudience(f.Audience), nullable(f.Speaker), origin,
		TokenEstimate(f.Subject + " " + f.Predicate + " " + f.Claim)}
	stmt := insertSQL + ` ON CONFLICT (member_id, claim_hash) DO NOTHING`
	existing, key := `SELECT id FROM facts WHERE member_id = $1 AND claim_hash = $2`, hash
	if d := f.Draft; d != nil {
		if strings.TrimSpace(d.By) == "" || d.Hash == "" {
			return false, "", memhive.Errorf(memhive.CodeMalformedRequest, "a draft needs its assistant and its hash")
		}
		stmt = `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon,
			claim_canon, claim_hash, fact_kind, confidence, valid_from, valid_until, source_episode_ids, session_id,
			channel, audience, speaker, origin, tokens, draft, drafted_by, drain_hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'draft', ARRAY[$21::text], $22)
		ON CONFLICT DO NOTHING`
		args = append(args, d.By, d.Hash)
		existing, key = `SELECT id FROM facts WHERE member_id = $1 AND drain_hash = $2`, d.Hash
	}
	tag, err := q.Exec(ctx, stmt, args...)
	if err != nil {
		return false, "", fmt.Errorf("insert fact: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return true, f.ID, nil
	}
	err = q.QueryRow(ctx, existing, f.Member, key).Scan(&id)
	if err != nil {
		return false, "", fmt.Errorf("find existing fact: %w", err)
	}
	return false, id, nil
}

const insertSQL = `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon,
			claim_canon, claim_hash, fact_kind, confidence, valid_from, valid_until, source_episode_ids, session_id,
			channel, audience, speaker, origin, tokens)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
