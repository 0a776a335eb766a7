// Package porter moves one member's record between hives (SPEC §10):
// Export writes one JSONL file per table and a manifest with each file's
// row count and sha256; Import checks the whole export first (format
// version, hashes, counts, every line) and then writes it in one
// transaction, merging on each table's primary key with the rows already
// there winning (but for the closings of facts, factsClosings), so
// importing the same export twice writes nothing the second time.
//
// Rows travel as Postgres renders them (row_to_json) and come back through
// json_populate_recordset, so every column keeps its type (text[], bytea,
// vector, jsonb, timestamps to the microsecond) without a Go mapping per
// table. Generated columns are left out on both sides and recomputed.
package porter

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
)

// Format and Version name the export format; Import refuses any other.
const (
	Format  = "memhive-export"
	Version = 1
)

// ManifestFile is the manifest's name in an export directory.
const ManifestFile = "manifest.json"

// Tables are the member's tables an export carries, in import order.
// emb_models (hive-wide) travels too, for the models the member's vectors
// were made with.
var Tables = []string{
	"episodes", "refusals", "sessions", "facts", "entities", "entity_edges", "beliefs",
	"embeddings", "aliases", "alias_effects", "rejected_pairs", "predicate_cardinality", "consolidation_log",
	"decision_log", "summaries", "advisor_decisions", "drain_sources", "pastime_mentions",
}

// Derived are tables with member_id that an export leaves out, with why:
// they are rebuilt on import, or they are not the member's record.
var Derived = map[string]string{
	"keyword_postings": "the keyword index, rebuilt from episodes by its trigger",
	"keyword_terms":    "the keyword index's counters, rebuilt from episodes by its trigger",
	"keyword_docs":     "the keyword index's episode ordinals (migration 025), rebuilt from episodes by its trigger",
	"api_key_members":  "API keys are the hive's credentials, not the member's record",
	"replays":          "replay generations of this hive (docs/replay.md): their schemas do not travel; replay again after import",
	"record_versions":  "a change counter for caches (migration 021), bumped by the import's own writes",
	"vector_versions":  "the ready vectors' numbering for caches (migration 028), made by the import's own writes",
}

// Manifest describes an export.
type Manifest struct {
	Format     string      `json:"format"`
	Version    int         `json:"version"`
	Member     string      `json:"member"`
	ExportedAt time.Time   `json:"exported_at"`
	Schema     int         `json:"schema_version"` // the exporting hive's migration version
	Tables     []TableFile `json:"tables"`
}

// TableFile is one table's file in an export.
type TableFile struct {
	Table  string `json:"table"`
	File   string `json:"file"`
	Rows   int    `json:"rows"`
	SHA256 string `json:"sha256"`
}

// Progress is told rows as they are written or read; nil is fine.
type Progress func(table string, rows, total int)

// Report is what an import wrote.
type Report struct {
	Member  string         `json:"member"`
	Rows    int            `json:"rows"`    // rows in the export
	Written int            `json:"written"` // rows that were new
	Tables  map[string]int `json:"written_by_table"`
}

// columns are table's columns that are not generated, in order.
func columns(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, table string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT a.attname FROM pg_attribute a
		WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
		ORDER BY a.attnum`, table)
	if err != nil {
		return nil, err
	}
	cols, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("table %s not found", table)
	}
	return cols, nil
}

func colList(cols []string) string {
	q := make([]string, len(cols))
	for i, c := range cols {
		q[i] = pgx.Identifier{c}.Sanitize()
	}
	return strings.Join(q, ", ")
}

// HasRecord reports whether any table of the member's record (Tables)
// holds a row of member: a mistyped member id has none, so an export or an
// operator's nightly run of it is an error, not an empty export or a log
// row that makes it look like a member.
func HasRecord(ctx context.Context, pool *pgxpool.Pool, member string) (bool, error) {
	for _, t := range Tables {
		var ok bool
		q := `SELECT EXISTS (SELECT 1 FROM ` + pgx.Identifier{t}.Sanitize() + ` WHERE member_id = $1)`
		if err := pool.QueryRow(ctx, q, member).Scan(&ok); err != nil {
			return false, err
		}
		if ok {
			return true, nil
		}
	}
	return false, nil
}

// Export writes member's record into dir (created if missing; it must hold
// no manifest yet) and returns the manifest it wrote. The rows are read in
// one repeatable-read transaction, so the export is one consistent state.
func Export(ctx context.Context, pool *pgxpool.Pool, member, dir string, progress Progress) (*Manifest, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", member)
	}
	if _, err := os.Stat(filepath.Join(dir, ManifestFile)); err == nil {
		return nil, fmt.Errorf("export: %s already holds an export (%s); give an empty directory", dir, ManifestFile)
	}
	if ok, err := HasRecord(ctx, pool, member); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	} else if !ok {
		return nil, memhive.Errorf(memhive.CodeNotFound, "member %q has no record in this hive: no row of any exported table names it; nothing was exported", member)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	ver, err := episodes.Version(ctx, pool)
	if err != nil {
		return nil, err
	}
	m := &Manifest{Format: Format, Version: Version, Member: member, ExportedAt: time.Now().UTC(), Schema: ver}
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		for _, t := range append(slices.Clone(Tables), "emb_models") {
			cols, err := columns(ctx, tx, t)
			if err != nil {
				return err
			}
			where := `WHERE member_id = $1`
			if t == "emb_models" {
				where = `WHERE name IN (SELECT model FROM embeddings WHERE member_id = $1)`
			}
			tf, err := exportTable(ctx, tx, t, cols, where, member, dir, progress)
			if err != nil {
				return fmt.Errorf("export %s: %w", t, err)
			}
			m.Tables = append(m.Tables, tf)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), append(body, '\n'), 0o600); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return m, nil
}

func exportTable(ctx context.Context, tx pgx.Tx, table string, cols []string, where, member, dir string, progress Progress) (TableFile, error) {
	tf := TableFile{Table: table, File: table + ".jsonl"}
	f, err := os.OpenFile(filepath.Join(dir, tf.File), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return tf, err
	}
	defer f.Close()
	h := sha256.New()
	w := bufio.NewWriter(io.MultiWriter(f, h))
	// ordered by every column: a canonical order, the primary key first
	// where it leads (member_id, id …)
	rows, err := tx.Query(ctx, `SELECT row_to_json(r)::text FROM (SELECT `+colList(cols)+` FROM `+pgx.Identifier{table}.Sanitize()+
		` `+where+` ORDER BY `+colList(cols)+`) r`, member)
	if err != nil {
		return tf, err
	}
	var line string
	_, err = pgx.ForEachRow(rows, []any{&line}, func() error {
		w.WriteString(line)
		w.WriteByte('\n')
		tf.Rows++
		if progress != nil && tf.Rows%1000 == 0 {
			progress(table, tf.Rows, 0)
		}
		return nil
	})
	if err != nil {
		return tf, err
	}
	if err := w.Flush(); err != nil {
		return tf, err
	}
	if progress != nil {
		progress(table, tf.Rows, tf.Rows)
	}
	tf.SHA256 = hex.EncodeToString(h.Sum(nil))
	return tf, f.Close()
}

// ErrCorrupt is wrapped by every refusal of an export that does not check
// out (missing or altered files, wrong version, a bad line).
var ErrCorrupt = errors.New("export refused")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// Read reads and checks the export in dir whole: the manifest's format and
// version, every file's sha256 and row count, and every line (a JSON object
// of the manifest's member). It returns the manifest and the lines of each
// table; nothing is written. Whether the store can hold each row is the
// store's to say, in Import.
func Read(dir string) (*Manifest, map[string][][]byte, error) {
	body, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, nil, corrupt("%s: %v", ManifestFile, err)
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, nil, corrupt("%s: %v", ManifestFile, err)
	}
	if m.Format != Format || m.Version != Version {
		return nil, nil, corrupt("%s: format %q version %d; this memhive reads %q version %d", ManifestFile, m.Format, m.Version, Format, Version)
	}
	if !memhive.ValidMember(m.Member) {
		return nil, nil, corrupt("%s: member %q is not a valid member id", ManifestFile, m.Member)
	}
	known := map[string]bool{"emb_models": true}
	for _, t := range Tables {
		known[t] = true
	}
	lines := map[string][][]byte{}
	for _, tf := range m.Tables {
		if !known[tf.Table] || tf.File != tf.Table+".jsonl" || lines[tf.Table] != nil {
			return nil, nil, corrupt("%s: unexpected table entry %q (%s)", ManifestFile, tf.Table, tf.File)
		}
		data, err := os.ReadFile(filepath.Join(dir, tf.File))
		if err != nil {
			return nil, nil, corrupt("%s: %v", tf.File, err)
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != tf.SHA256 {
			return nil, nil, corrupt("%s: sha256 %x does not match the manifest's %s (altered or truncated)", tf.File, sum, tf.SHA256)
		}
		var ls [][]byte
		for n, l := range bytes.Split(data, []byte("\n")) {
			if len(l) == 0 {
				if n == len(bytes.Split(data, []byte("\n")))-1 {
					continue
				}
				return nil, nil, corrupt("%s line %d: empty", tf.File, n+1)
			}
			var row map[string]json.RawMessage
			if err := json.Unmarshal(l, &row); err != nil {
				return nil, nil, corrupt("%s line %d: %v", tf.File, n+1, err)
			}
			if tf.Table != "emb_models" {
				var member string
				if err := json.Unmarshal(row["member_id"], &member); err != nil || member != m.Member {
					return nil, nil, corrupt("%s line %d: member_id %s is not the export's member %q", tf.File, n+1, row["member_id"], m.Member)
				}
			}
			// No cap for new input is applied here (facts.CheckAxis's, say):
			// an export holds what the store accepted, some of it before
			// such a cap or over it, and restoring it must lose nothing.
			// What the store cannot hold (a key too long for its index,
			// text Postgres refuses) it refuses in Import, naming the line.
			ls = append(ls, l)
		}
		if len(ls) != tf.Rows {
			return nil, nil, corrupt("%s: %d rows, the manifest says %d", tf.File, len(ls), tf.Rows)
		}
		lines[tf.Table] = ls
	}
	return &m, lines, nil
}

// factsClosings is how an imported fact meets the one already there: the
// row there wins, but a closing the export carries and it lacks (a fact
// forgotten, ended or superseded in the exporting hive since an earlier
// copy) is taken: valid_until, expired_at and superseded_by fill where they
// are empty, never the other way, so a fact forgotten there is forgotten
// here too (a privacy matter), and nothing closed is reopened. A forget's
// reason comes with its expired_at.
const factsClosings = `UPDATE facts f SET
	valid_until = coalesce(f.valid_until, x.valid_until),
	expired_at = coalesce(f.expired_at, x.expired_at),
	superseded_by = coalesce(f.superseded_by, x.superseded_by),
	closure_source = CASE WHEN f.expired_at IS NULL AND x.expired_at IS NOT NULL THEN x.closure_source
		ELSE coalesce(f.closure_source, x.closure_source) END
	FROM json_populate_recordset(NULL::facts, $1::json) x
	WHERE f.member_id = x.member_id AND f.id = x.id
	  AND (f.valid_until IS NULL AND x.valid_until IS NOT NULL
	    OR f.expired_at IS NULL AND x.expired_at IS NOT NULL
	    OR f.superseded_by IS NULL AND x.superseded_by IS NOT NULL)`

// Import reads the export in dir (Read: refused whole when anything does
// not check out) and writes it in one transaction: each table's rows
// inserted on its primary key, rows already there winning. A row Postgres
// refuses (a type, a check, text it cannot hold, a key too long for its
// index) aborts the whole import and names its file and line, and for a key
// too long the field and the limit (tooLong). Imported models are never
// made active: which model serves is the hive's choice.
func Import(ctx context.Context, pool *pgxpool.Pool, dir string, progress Progress) (*Report, error) {
	m, lines, err := Read(dir)
	if err != nil {
		return nil, err
	}
	rep := &Report{Member: m.Member, Tables: map[string]int{}}
	order := append([]string{"emb_models"}, Tables...)
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, t := range order {
			ls := lines[t]
			rep.Rows += len(ls)
			if len(ls) == 0 {
				continue
			}
			cols, err := columns(ctx, tx, t)
			if err != nil {
				return err
			}
			sels := make([]string, len(cols))
			for i, c := range cols {
				sels[i] = pgx.Identifier{c}.Sanitize()
				if t == "emb_models" && c == "active" {
					sels[i] = "false"
				}
			}
			// every statement counts the rows it wrote
			ins := `WITH ins AS (INSERT INTO ` + pgx.Identifier{t}.Sanitize() + ` (` + colList(cols) + `) SELECT ` + strings.Join(sels, ", ") +
				` FROM json_populate_recordset(NULL::` + pgx.Identifier{t}.Sanitize() + `, $1::json) ON CONFLICT DO NOTHING RETURNING 1)`
			if t == "facts" {
				ins += `, closed AS (` + factsClosings + ` RETURNING 1)
					SELECT (SELECT count(*) FROM ins) + (SELECT count(*) FROM closed)`
			} else {
				ins += ` SELECT count(*) FROM ins`
			}
			const batch = 500
			for i := 0; i < len(ls); i += batch {
				j := min(i+batch, len(ls))
				n, err := insertLines(ctx, tx, ins, ls[i:j])
				if err != nil {
					// find the first line Postgres refuses, to name it
					for k := i; k < j; k++ {
						if _, lerr := insertLines(ctx, tx, ins, ls[k:k+1]); lerr != nil {
							if why, ok := tooLong(ctx, tx, t, ls[k], lerr); ok {
								return corrupt("%s.jsonl line %d: the store cannot hold it: %s", t, k+1, why)
							}
							return corrupt("%s.jsonl line %d: the store refuses it: %v", t, k+1, lerr)
						}
					}
					return fmt.Errorf("import %s.jsonl lines %d-%d: %w", t, i+1, j, err)
				}
				rep.Tables[t] += n
				rep.Written += n
				if progress != nil {
					progress(t, j, len(ls))
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// insertLines writes lines (JSON objects) with ins, which returns how many
// rows it wrote, inside a savepoint, so a refused batch leaves the
// transaction usable.
func insertLines(ctx context.Context, tx pgx.Tx, ins string, lines [][]byte) (int, error) {
	arr := append([]byte{'['}, bytes.Join(lines, []byte{','})...)
	arr = append(arr, ']')
	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	var n int
	if err := sp.QueryRow(ctx, ins, string(arr)).Scan(&n); err != nil {
		_ = sp.Rollback(ctx)
		return 0, err
	}
	return n, sp.Commit(ctx)
}

// indexRowMax is the most bytes a btree index row holds on Postgres's 8 KiB
// pages (a third of a page, less the page's own overhead: BTMaxItemSize),
// after the row's long values are compressed. A fact's subject_canon and
// predicate_canon are such keys (facts_axis_idx holds both, with the member
// and valid_from; facts_subject_time_idx the first); a longer row is
// refused with SQLSTATE 54000. How much text fits depends on how well it
// compresses, so only the store can say whether a row fits: an import
// checks no length of its own, and facts.CheckAxis's caps (for new input,
// well within it) are not applied to an export.
const indexRowMax = 2704

// tooLong says, for a line the store refused with err, which field is too
// long for an index and the limit, when err is a limit Postgres met
// (SQLSTATE 54000, program_limit_exceeded) and a field of the line is a
// btree key of table that can be the cause: a key of the index Postgres
// names, or, when it names none (a row over a page, even compressed), the
// line's longest key over indexRowMax. The sentence ends with Postgres's
// own error.
func tooLong(ctx context.Context, tx pgx.Tx, table string, line []byte, err error) (string, bool) {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "54000" {
		return "", false
	}
	// the btree indexes of table (or the one Postgres names) by key column;
	// the tx is usable: the refused insert's savepoint was rolled back
	rows, qerr := tx.Query(ctx, `SELECT a.attname, ic.relname
		FROM pg_index i
		JOIN pg_class ic ON ic.oid = i.indexrelid
		JOIN pg_am am ON am.oid = ic.relam AND am.amname = 'btree'
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[]) AND a.attnum > 0
		WHERE i.indrelid = to_regclass($1) AND ($2 = '' OR ic.relname = $2)
		ORDER BY ic.relname`, table, pe.ConstraintName)
	if qerr != nil {
		return "", false
	}
	indexes := map[string][]string{}
	var col, idx string
	if _, qerr = pgx.ForEachRow(rows, []any{&col, &idx}, func() error {
		indexes[col] = append(indexes[col], idx)
		return nil
	}); qerr != nil {
		return "", false
	}
	var row map[string]json.RawMessage
	if json.Unmarshal(line, &row) != nil {
		return "", false
	}
	field, size := "", 0
	for c := range indexes {
		var v string
		if json.Unmarshal(row[c], &v) == nil && (len(v) > size || len(v) == size && c < field) {
			field, size = c, len(v)
		}
	}
	if field == "" || pe.ConstraintName == "" && size <= indexRowMax {
		return "", false
	}
	which := "the index " + indexes[field][0]
	if len(indexes[field]) > 1 {
		which = "the indexes " + strings.Join(indexes[field], " and ")
	}
	return fmt.Sprintf("%s of %d bytes is a key of %s, and an index row holds at most %d bytes after compression (%s; SQLSTATE %s)",
		field, size, which, indexRowMax, pe.Message, pe.Code), true
}
