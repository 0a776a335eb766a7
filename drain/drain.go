package drain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/recall"
)

// DefaultMax is how many entries one run writes or tags at most.
const DefaultMax = 200

// MaxEntryBytes caps one entry's text (memorize's cap on a note).
const MaxEntryBytes = 16 << 10

// Predicate is the predicate drained entries are stored under: they are
// notes, free text about the member.
const Predicate = "note"

// Options say whose record a run drains into and as whom.
type Options struct {
	Member    string   // required
	Assistant string   // required: the assistant whose memory files these are (its template name)
	Audience  []string // who may read the entries once approved; default ["member:<member>"]
	Channel   string   // default "drain:<assistant>"
	Max       int      // entries written or tagged a run; default DefaultMax
	// Now is the clock (valid_from of new drafts); default time.Now.
	Now func() time.Time
}

// WithDefaults fills the defaults.
func (o Options) WithDefaults() Options {
	o.Member, o.Assistant, o.Channel = strings.TrimSpace(o.Member), strings.TrimSpace(o.Assistant), strings.TrimSpace(o.Channel)
	if len(memhive.NormalizeAudience(o.Audience)) == 0 {
		o.Audience = []string{"member:" + o.Member}
	}
	o.Audience = memhive.NormalizeAudience(o.Audience)
	if o.Channel == "" {
		o.Channel = "drain:" + o.Assistant
	}
	if o.Max <= 0 {
		o.Max = DefaultMax
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Validate refuses options no run can use, with a coded error.
func (o Options) Validate() error {
	switch {
	case !memhive.ValidMember(o.Member):
		return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", o.Member)
	case o.Assistant == "" || len(o.Assistant) > 64 || !utf8.ValidString(o.Assistant) || strings.ContainsFunc(o.Assistant, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
		return memhive.Errorf(memhive.CodeMalformedRequest, "drain needs the assistant whose memory this is: a name of 1-64 characters without spaces")
	case o.Max > 10000:
		return memhive.Errorf(memhive.CodeMalformedRequest, "max %d is over 10000 entries a run", o.Max)
	}
	return recall.CheckBinding(o.Audience, o.Channel, "", "") // what no stored audience or channel could hold
}

// Outcomes of an entry.
const (
	Written   = "written"   // a new draft
	Tagged    = "tagged"    // the entry was there; the assistant was added to its authors
	Unchanged = "unchanged" // the entry was there, with this assistant already
	Left      = "left"      // over the run's cap: the next run takes it
	Refused   = "refused"   // not a storable entry (too long)
)

// Outcome is one entry's fate in a run.
type Outcome struct {
	Entry
	Outcome string `json:"outcome"`
	FactID  string `json:"fact_id,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// Report is one run.
type Report struct {
	Member    string    `json:"member"`
	Assistant string    `json:"assistant"`
	Files     int       `json:"files"`
	Entries   int       `json:"entries"` // distinct entries read (by hash)
	Written   int       `json:"written"`
	Tagged    int       `json:"tagged"`
	Unchanged int       `json:"unchanged"`
	Left      int       `json:"left"` // for the next run
	Refused   int       `json:"refused"`
	Max       int       `json:"max"`
	Outcomes  []Outcome `json:"outcomes"`
}

// Run drains entries into member's record as drafts by o.Assistant, in one
// transaction (all of a run or none of it), serialized per member with an
// advisory lock. Entries with the same hash count once. See the package
// comment for the rules.
func Run(ctx context.Context, pool *pgxpool.Pool, o Options, files []File, progress func(done, total int)) (*Report, error) {
	o = o.WithDefaults()
	if err := o.Validate(); err != nil {
		return nil, err
	}
	for _, f := range files {
		if !utf8.ValidString(f.Path) || strings.ContainsFunc(f.Path, unicode.IsControl) || len(f.Path) > 1024 {
			return nil, memhive.Errorf(memhive.CodeMalformedRequest, "file path %q is not 1-1024 bytes of text without control characters", clip(f.Path, 64))
		}
		if len(f.Data) > MaxFileBytes {
			return nil, memhive.Errorf(memhive.CodeTextTooLarge, "%s: %d bytes is over the %d-byte cap of a memory file", f.Path, len(f.Data), MaxFileBytes)
		}
	}
	entries := Entries(files)
	rep := &Report{Member: o.Member, Assistant: o.Assistant, Files: len(files), Max: o.Max, Outcomes: []Outcome{}}
	var uniq []Entry
	seen := map[string]bool{}
	for _, e := range entries {
		if !seen[e.Hash] {
			seen[e.Hash] = true
			uniq = append(uniq, e)
		}
	}
	rep.Entries = len(uniq)
	hashes := make([]string, len(uniq))
	for i, e := range uniq {
		hashes[i] = e.Hash
	}
	now := o.Now().UTC()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('memhive.drain.' || $1))`, o.Member); err != nil {
			return err
		}
		type have struct {
			id string
			by []string
		}
		existing := map[string]have{}
		rows, err := tx.Query(ctx, `SELECT drain_hash, id, drafted_by FROM facts WHERE member_id = $1 AND drain_hash = ANY($2::text[])`, o.Member, hashes)
		if err != nil {
			return fmt.Errorf("read drained entries: %w", err)
		}
		for rows.Next() {
			var h string
			var x have
			if err := rows.Scan(&h, &x.id, &x.by); err != nil {
				rows.Close()
				return err
			}
			existing[h] = x
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		budget := o.Max
		for i, e := range uniq {
			if progress != nil {
				progress(i, len(uniq))
			}
			out := Outcome{Entry: e}
			x, ok := existing[e.Hash]
			switch {
			case ok && slices.Contains(x.by, o.Assistant):
				out.Outcome, out.FactID = Unchanged, x.id
				rep.Unchanged++
			case len(e.Text) > MaxEntryBytes:
				out.Outcome, out.Reason = Refused, fmt.Sprintf("the entry is %d bytes; at most %d are kept", len(e.Text), MaxEntryBytes)
				rep.Refused++
			case budget == 0:
				out.Outcome = Left
				rep.Left++
			case ok:
				if _, err := tx.Exec(ctx, `/* drain */ UPDATE facts SET drafted_by = drafted_by || ARRAY[$3::text]
					WHERE member_id = $1 AND id = $2 AND NOT ($3::text = ANY(drafted_by))`, o.Member, x.id, o.Assistant); err != nil {
					return fmt.Errorf("tag entry %s: %w", x.id, err)
				}
				out.Outcome, out.FactID = Tagged, x.id
				rep.Tagged++
				budget--
			default:
				f := &facts.Fact{Member: o.Member, Subject: "member:" + o.Member, Predicate: Predicate, Claim: e.Text,
					Kind: facts.World, ValidFrom: now, Channel: o.Channel, Audience: o.Audience,
					Speaker: "assistant:" + o.Assistant, Origin: "drain", Draft: &facts.Draft{By: o.Assistant, Hash: e.Hash}}
				inserted, id, err := facts.Insert(ctx, tx, f)
				if err != nil {
					return err
				}
				if !inserted { // runs are serialized per member, so only a writer outside the drain can cause this
					return fmt.Errorf("entry %s appeared during the run (another drain of member %s?)", e.Hash[:12], o.Member)
				}
				out.Outcome, out.FactID = Written, id
				rep.Written++
				budget--
			}
			if out.Outcome == Written || out.Outcome == Tagged {
				if _, err := tx.Exec(ctx, `INSERT INTO drain_sources (member_id, drain_hash, assistant, fact_id, path, format, drained_at)
					VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
					o.Member, e.Hash, o.Assistant, out.FactID, e.Path, e.Format, now); err != nil {
					return fmt.Errorf("record the entry's source: %w", err)
				}
			}
			rep.Outcomes = append(rep.Outcomes, out)
		}
		if progress != nil {
			progress(len(uniq), len(uniq))
		}
		return nil
	})
	if err != nil {
		var coded *memhive.Error
		if errors.As(err, &coded) {
			return nil, coded
		}
		return nil, fmt.Errorf("drain: %w", err)
	}
	return rep, nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
