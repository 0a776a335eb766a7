package replay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/memhive/memhive"
)

// Querier is what the state hash reads through: a pool (its search_path
// picks the live state or a generation's) or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// hashed is one table of the derived state: the canonical columns of a row
// (ids and timestamps that are not derived from the record are left out,
// or kept only as "set or not"; docs/replay.md lists them and why).
type hashed struct {
	table   string
	columns []string // SQL expressions over the table, each rendered as text by jsonb
}

// ts renders a timestamp in UTC at microsecond precision, whatever the
// session's TimeZone.
func ts(col string) string {
	return `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

// hashedTables is the derived state, in the order the hash reads it.
var hashedTables = []hashed{
	{"facts", []string{"id", "subject", "predicate", "claim", "subject_canon", "predicate_canon", "claim_canon", "claim_hash",
		"fact_kind", "confidence", ts("valid_from"), ts("valid_until"), "expired_at IS NOT NULL", "superseded_by",
		"closure_source", "source_episode_ids", "session_id", "channel", "audience", "speaker", "origin", "tokens"}},
	{"entities", []string{"id", "name", "canon", "kind", "audience", "channel"}},
	{"entity_edges", []string{"id", "src_id", "dst_id", "relation", "fact_id", "source_episode_id", "channel", "audience"}},
	{"beliefs", []string{"id", "holder", "statement", "section", "confidence", "active", "pinned", "source_fact_ids",
		"channel", "audience", "tokens"}},
	{"summaries", []string{"id", "session_id", "channel", "audience", ts("from_at"), ts("to_at"), "text", "compressed",
		"source_episode_ids", "source_summary_ids", "tokens"}},
	{"aliases", []string{"id", "dimension", "alias", "canonical", "decided_by", "reverted_at IS NOT NULL"}},
	{"rejected_pairs", []string{"dimension", "a", "b", "decided_by"}},
	{"alias_effects", []string{"alias_id", "fact_id", "run_id", "superseded_by", "set_valid_until", "undone_at IS NOT NULL", "undone_by"}},
	{"embeddings", []string{"owner_kind", "owner_id", "model"}},
	{"sessions", []string{"session_id", "channel", "participants", ts("started_at"), ts("last_at"), "closed_at IS NOT NULL", "close_reason"}},
}

// Tables names the tables the state hash covers, in its order.
func Tables() []string {
	out := make([]string, len(hashedTables))
	for i, h := range hashedTables {
		out[i] = h.table
	}
	return out
}

// TableHash is one table's part of a state hash.
type TableHash struct {
	Table string `json:"table"`
	Rows  int    `json:"rows"`
	Hash  string `json:"hash"` // sha256 of the canonical rows, sorted, one a line
	// Lines are the canonical rows themselves (only with StateOptions.Lines),
	// so two states can be diffed line by line.
	Lines []string `json:"lines,omitempty"`
}

// State is the state hash of one member's derived state.
type State struct {
	Member string      `json:"member"`
	Hash   string      `json:"hash"` // sha256 over "table rows hash" lines, in Tables order
	Tables []TableHash `json:"tables"`
}

// StateOptions tune StateHash.
type StateOptions struct {
	Lines bool // keep each table's canonical rows in the answer
}

// StateHash hashes member's derived state as q sees it (q's search_path
// decides whether that is the live state or a generation's), in a canonical
// order: each row is a JSON array of its canonical columns, the rows of a
// table are sorted byte-wise, and the per-table hashes are hashed in a fixed
// table order. It reads in one repeatable-read snapshot when q is a pool.
func StateHash(ctx context.Context, q Querier, member string, opt StateOptions) (*State, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	if b, ok := q.(interface {
		BeginTx(context.Context, pgx.TxOptions) (pgx.Tx, error)
	}); ok {
		tx, err := b.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
		if err != nil {
			return nil, fmt.Errorf("state hash: %w", err)
		}
		defer tx.Rollback(context.WithoutCancel(ctx))
		q = tx
	}
	st := &State{Member: member}
	total := sha256.New()
	for _, h := range hashedTables {
		// jsonb_build_array renders text, arrays, numbers and booleans the
		// same way on every server; timestamps are rendered by ts().
		sql := `/* pass:state-hash */ SELECT jsonb_build_array(` + strings.Join(h.columns, ", ") + `)::text FROM ` +
			pgx.Identifier{h.table}.Sanitize() + ` WHERE member_id = $1`
		rows, err := q.Query(ctx, sql, member)
		if err != nil {
			return nil, fmt.Errorf("state hash %s: %w", h.table, err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, fmt.Errorf("state hash %s: %w", h.table, err)
		}
		slices.Sort(lines) // byte-wise, whatever the database's collation
		th := sha256.New()
		for _, l := range lines {
			th.Write([]byte(l))
			th.Write([]byte{'\n'})
		}
		t := TableHash{Table: h.table, Rows: len(lines), Hash: hex.EncodeToString(th.Sum(nil))}
		if opt.Lines {
			t.Lines = lines
		}
		fmt.Fprintf(total, "%s %d %s\n", t.Table, t.Rows, t.Hash)
		st.Tables = append(st.Tables, t)
	}
	st.Hash = hex.EncodeToString(total.Sum(nil))
	return st, nil
}

// Diff lists the tables whose hashes differ between a and b.
func Diff(a, b *State) []string {
	var out []string
	bt := map[string]TableHash{}
	for _, t := range b.Tables {
		bt[t.Table] = t
	}
	for _, t := range a.Tables {
		if o, ok := bt[t.Table]; !ok || o.Hash != t.Hash {
			out = append(out, t.Table)
		}
	}
	return out
}
