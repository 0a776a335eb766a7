package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/porter"
)

func init() {
	extraCommands["export"] = command{"export a member's record to a directory (one JSONL per table, a manifest)", cmdExport}
}

// tableProgress prints one line per table, rewritten as rows go by.
func tableProgress(e *env, on bool) porter.Progress {
	if !on {
		return nil
	}
	return func(table string, rows, total int) {
		if rows == total { // done (an empty table too: interim calls have rows > 0, total 0)
			fmt.Fprintf(e.stderr, "\r%-22s %8d rows  done\n", table, rows)
			return
		}
		if total > 0 {
			fmt.Fprintf(e.stderr, "\r%-22s %8d/%d rows", table, rows, total)
			return
		}
		fmt.Fprintf(e.stderr, "\r%-22s %8d rows", table, rows)
	}
}

func cmdExport(e *env, args []string) error {
	fs := newFlags(e, "export", "export --member M [--json] [--quiet] DIR", `
Write member M's whole record into DIR (created; it must not hold an export
yet): one JSONL file per table (episodes, refusals, sessions, facts,
entities, edges, beliefs, embeddings, aliases, rejected pairs, predicate
cardinality, the consolidation and decision logs, summaries, and the
embedding models its vectors use), each row as Postgres renders it, and
manifest.json with the format version, each file's row count and sha256.
The rows are read in one consistent snapshot. The keyword index is not
exported: the importing hive rebuilds it. 'memhive import DIR' reads it back.`)
	member := fs.String("member", "", "the member to export (required)")
	data := fs.String("data", "", "data directory of a running memhive")
	asJSON := fs.Bool("json", false, "print the manifest as JSON")
	quiet := fs.Bool("quiet", false, "no progress lines")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *member == "" || fs.NArg() != 1 {
		return usagef("want --member M and one directory")
	}
	dir := fs.Arg(0)
	return withDB(*data, func(ctx context.Context, _ *target, pool *pgxpool.Pool) error {
		m, err := porter.Export(ctx, pool, *member, dir, tableProgress(e, !*quiet && !*asJSON))
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, m)
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "TABLE\tROWS\tSHA256")
		rows := 0
		for _, t := range m.Tables {
			fmt.Fprintf(w, "%s\t%d\t%s\n", t.Table, t.Rows, t.SHA256[:16])
			rows += t.Rows
		}
		w.Flush()
		e.printf("exported %s: %d rows into %s\n", m.Member, rows, dir)
		return nil
	})
}

// isExport reports whether path is a directory holding an export.
func isExport(path string) bool {
	st, err := os.Stat(filepath.Join(path, porter.ManifestFile))
	return err == nil && !st.IsDir()
}

// cmdImportExport is `memhive import DIR` for a directory that holds an
// export: all or nothing, in one transaction, existing rows winning.
func cmdImportExport(e *env, dir, data string, asJSON, quiet bool) error {
	e.jsonOut = asJSON
	return withDB(data, func(ctx context.Context, _ *target, pool *pgxpool.Pool) error {
		rep, err := porter.Import(ctx, pool, dir, tableProgress(e, !quiet && !asJSON))
		if err != nil {
			return err
		}
		if err := episodes.Analyze(ctx, pool); err != nil { // the planner's statistics for the new rows
			fmt.Fprintf(e.stderr, "memhive import: could not ANALYZE after the import (the hive's analyzer will): %v\n", err)
		}
		if asJSON {
			return printJSON(e.stdout, rep)
		}
		e.printf("imported %s: %d of %d rows were new\n", rep.Member, rep.Written, rep.Rows)
		return nil
	})
}
