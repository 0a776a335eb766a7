package gateway

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/porter"
)

// Transfer moves members between hives for operators; *porter.Archive is one.
type Transfer interface {
	Export(ctx context.Context, member string, w io.Writer) (*porter.Manifest, error)
	Import(ctx context.Context, r io.Reader) (*porter.Report, error)
}

// CodeExportRefused is an import refused whole: an archive or export that
// does not check out (porter.ErrCorrupt). Nothing was written.
const CodeExportRefused memhive.Code = "export_refused"

// transferRoutes adds the operators' transfer routes when cfg.Transfer is
// set:
//
//	GET  /v1/operator/members/{member}/export  the member's export as a tar archive
//	POST /v1/operator/import                   body: such an archive; the import report JSON
func (a *api) transferRoutes(mux *http.ServeMux) {
	if a.cfg.Transfer == nil {
		return
	}
	op := func(pattern, route string, h http.HandlerFunc) {
		mux.Handle(pattern, a.metrics.wrap(route, a.authenticate(route, apikey.KindOperator, nil, h)))
	}
	op("GET /v1/operator/members/{member}/export", "export", a.export)
	op("POST /v1/operator/import", "import", a.importArchive)
}

// transferTimeout bounds one export or import: a whole record moves.
const transferTimeout = 30 * time.Minute

func (a *api) export(w http.ResponseWriter, r *http.Request) {
	member := r.PathValue("member")
	if !memhive.ValidMember(member) {
		a.fail(w, "export", memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member)))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), transferTimeout)
	defer cancel()
	// The archive is made whole before the first byte goes out, so a
	// failure is still a JSON error with its status.
	pr, pw := io.Pipe()
	started := make(chan struct{})
	var once bool
	go func() {
		_, err := a.cfg.Transfer.Export(ctx, member, &startWriter{w: pw, started: started, once: &once})
		pw.CloseWithError(err)
		if !once {
			close(started)
		}
	}()
	<-started
	buf := make([]byte, 1)
	n, err := io.ReadFull(pr, buf)
	if n == 0 {
		if err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("the export of %s is empty", member)
		}
		a.fail(w, "export", err)
		return
	}
	w.Header().Set("Content-Type", "application/x-tar")
	w.Header().Set("Content-Disposition", `attachment; filename="`+member+`-export.tar"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf[:n])
	if _, err := io.Copy(w, pr); err != nil {
		a.log.Error("export stream broken", "member", member, "error", err)
	}
}

// startWriter closes started at the first write.
type startWriter struct {
	w       io.Writer
	started chan struct{}
	once    *bool
}

func (s *startWriter) Write(p []byte) (int, error) {
	if !*s.once {
		*s.once = true
		close(s.started)
	}
	return s.w.Write(p)
}

func (a *api) importArchive(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), transferTimeout)
	defer cancel()
	rep, err := a.cfg.Transfer.Import(ctx, r.Body)
	if err != nil {
		if errors.Is(err, porter.ErrCorrupt) {
			e := memhive.Errorf(CodeExportRefused, "%s; nothing was written", err.Error())
			a.metrics.errors.WithLabelValues("import", string(e.Code)).Inc()
			writeJSON(w, http.StatusUnprocessableEntity, memhive.ErrorBody{Error: e})
			return
		}
		a.fail(w, "import", err)
		return
	}
	a.log.Info("member imported", "member", rep.Member, "rows", rep.Rows, "written", rep.Written)
	writeJSON(w, http.StatusOK, rep)
}
