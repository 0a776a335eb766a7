package gateway

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/drain"
)

// Drainer serves the operator's drain and drafts routes; *drain.Service is one.
type Drainer interface {
	Drain(ctx context.Context, o drain.Options, files []drain.File) (*drain.Report, error)
	Drafts(ctx context.Context, member, state, assistant string, limit int) ([]drain.Draft, error)
	Decide(ctx context.Context, member, state string, ids []string, by string) (*drain.Decision, error)
}

var _ Drainer = (*drain.Service)(nil)

// DrainRequest is the body of POST /v1/members/{member}/drain: the memory
// files' names (which decide their format, as on disk: MEMORY.md,
// memories/…/x.md, GEMINI.md) and contents, and whose they are.
type DrainRequest struct {
	Assistant string   `json:"assistant"`
	Audience  []string `json:"audience,omitempty"`
	Channel   string   `json:"channel,omitempty"`
	Max       int      `json:"max,omitempty"`
	Files     []struct {
		Path    string `json:"path"`
		Content string `json:"content"`
	} `json:"files"`
}

// DecideRequest is the body of POST /v1/members/{member}/drafts/approve and …/reject.
type DecideRequest struct {
	IDs []string `json:"ids"`
	By  string   `json:"by,omitempty"`
}

// drainRoutes adds the operator's routes of the drain (operator key; 404
// when no Drainer is configured):
//
//	POST /v1/members/{member}/drain            body: DrainRequest; drain.Report
//	GET  /v1/members/{member}/drafts           ?state=draft|approved|rejected|all&assistant=&limit=
//	POST /v1/members/{member}/drafts/approve   body: DecideRequest; drain.Decision
//	POST /v1/members/{member}/drafts/reject    body: DecideRequest; drain.Decision
func (a *api) drainRoutes(operator func(pattern, route string, h http.Handler)) {
	need := func(route string, h http.HandlerFunc) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if a.cfg.Drainer == nil {
				a.fail(w, route, memhive.Errorf(memhive.CodeNotFound, "the drain is not served by this process"))
				return
			}
			h(w, r)
		})
	}
	operator("POST /v1/members/{member}/drain", "drain", need("drain", func(w http.ResponseWriter, r *http.Request) {
		var req DrainRequest
		if err := readBody(w, r, &req); err != nil {
			a.fail(w, "drain", err)
			return
		}
		files := make([]drain.File, 0, len(req.Files))
		for _, f := range req.Files {
			if strings.TrimSpace(f.Path) == "" {
				a.fail(w, "drain", memhive.Errorf(memhive.CodeMalformedRequest, "every file needs its path (its name decides its format)"))
				return
			}
			files = append(files, drain.File{Path: f.Path, Data: []byte(f.Content)})
		}
		if len(files) == 0 {
			a.fail(w, "drain", memhive.Errorf(memhive.CodeMalformedRequest, "no files to drain"))
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), a.cfg.RequestTimeout)
		defer cancel()
		rep, err := a.cfg.Drainer.Drain(ctx, drain.Options{Member: r.PathValue("member"), Assistant: req.Assistant,
			Audience: req.Audience, Channel: req.Channel, Max: req.Max}, files)
		if err != nil {
			a.fail(w, "drain", err)
			return
		}
		writeJSON(w, http.StatusOK, rep)
	}))
	operator("GET /v1/members/{member}/drafts", "drafts", need("drafts", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		limit := 0
		if s := q.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n <= 0 {
				a.fail(w, "drafts", memhive.Errorf(memhive.CodeMalformedRequest, "limit %q is not a positive number", clip(s)))
				return
			}
			limit = n
		}
		ds, err := a.cfg.Drainer.Drafts(r.Context(), r.PathValue("member"), q.Get("state"), q.Get("assistant"), limit)
		if err != nil {
			a.fail(w, "drafts", err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"drafts": ds, "count": len(ds)})
	}))
	for _, d := range []struct{ verb, state string }{{"approve", drain.StateApproved}, {"reject", drain.StateRejected}} {
		route := "drafts_" + d.verb
		operator("POST /v1/members/{member}/drafts/"+d.verb, route, need(route, func(w http.ResponseWriter, r *http.Request) {
			var req DecideRequest
			if err := readBody(w, r, &req); err != nil {
				a.fail(w, route, err)
				return
			}
			dec, err := a.cfg.Drainer.Decide(r.Context(), r.PathValue("member"), d.state, req.IDs, req.By)
			if err != nil {
				a.fail(w, route, err)
				return
			}
			writeJSON(w, http.StatusOK, dec)
		}))
	}
}
