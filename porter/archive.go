package porter

import (
	"archive/tar"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
)

// An export travels over HTTP as one tar archive of its directory: the
// manifest and one JSONL file per table, flat, nothing else. Import reads
// the archive into a temporary directory and then imports it exactly as
// Import does (the same checks, all or nothing).

// DefaultMaxArchive caps an archive Archive.Import reads: 1 GiB.
const DefaultMaxArchive int64 = 1 << 30

// archiveName is a file an export may hold.
var archiveName = regexp.MustCompile(`^(manifest\.json|[a-z_]{1,64}\.jsonl)$`)

// Archive exports and imports members as tar archives, for the operators'
// HTTP routes.
type Archive struct {
	// Pool writes and reads the record (the runtime role may: it inserts
	// into every table an export carries).
	Pool *pgxpool.Pool
	// Analyze, when set, refreshes the planner's statistics after an
	// import (ANALYZE needs the tables' owner on Postgres 15).
	Analyze *pgxpool.Pool
	// MaxBytes caps an archive; 0: DefaultMaxArchive.
	MaxBytes int64
}

// Export writes member's export to w as a tar archive and returns its
// manifest. The export is made whole in a temporary directory first, so a
// refusal (an invalid member) comes before any byte is written.
func (a *Archive) Export(ctx context.Context, member string, w io.Writer) (*Manifest, error) {
	dir, err := os.MkdirTemp("", "memhive-export-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	m, err := Export(ctx, a.Pool, member, filepath.Join(dir, member), nil)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(w)
	files := []string{ManifestFile}
	for _, t := range m.Tables {
		files = append(files, t.File)
	}
	for _, name := range files {
		if err := addFile(tw, filepath.Join(dir, member, name), name); err != nil {
			return nil, err
		}
	}
	return m, tw.Close()
}

func addFile(tw *tar.Writer, path, name string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: st.Size(), ModTime: st.ModTime().UTC().Truncate(time.Second), Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	_, err = io.Copy(tw, f)
	return err
}

// Import reads a tar archive of an export from r and imports it (Import:
// every check first, then one transaction). An archive that is not a tar
// of an export — another kind of entry, a name outside the export's, a
// file twice, over MaxBytes — is refused whole (ErrCorrupt) with nothing
// written.
func (a *Archive) Import(ctx context.Context, r io.Reader) (*Report, error) {
	max := a.MaxBytes
	if max <= 0 {
		max = DefaultMaxArchive
	}
	dir, err := os.MkdirTemp("", "memhive-import-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	lr := &io.LimitedReader{R: r, N: max + 1}
	tr := tar.NewReader(lr)
	seen := map[string]bool{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if lr.N <= 0 {
				return nil, corrupt("the archive is over %d bytes", max)
			}
			return nil, corrupt("the archive is not a tar file: %v", err)
		}
		if h.Typeflag != tar.TypeReg || !archiveName.MatchString(h.Name) || seen[h.Name] {
			return nil, corrupt("the archive holds %q, which is no file of an export", h.Name)
		}
		seen[h.Name] = true
		f, err := os.OpenFile(filepath.Join(dir, h.Name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return nil, err
		}
		_, err = io.Copy(f, tr)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			if lr.N <= 0 {
				return nil, corrupt("the archive is over %d bytes", max)
			}
			return nil, corrupt("%s: %v", h.Name, err)
		}
	}
	if lr.N <= 0 {
		return nil, corrupt("the archive is over %d bytes", max)
	}
	if !seen[ManifestFile] {
		return nil, corrupt("the archive holds no %s", ManifestFile)
	}
	rep, err := Import(ctx, a.Pool, dir, nil)
	if err != nil {
		return nil, err
	}
	if a.Analyze != nil && rep.Written > 0 {
		// The import is committed; a failed ANALYZE is left to the hive's
		// analyzer, which runs it on its own schedule.
		_ = episodes.Analyze(ctx, a.Analyze)
	}
	return rep, nil
}
