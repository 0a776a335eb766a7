package gateway

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
)

// Error codes of the HTTP surfaces' authentication.
const (
	// CodeUnauthenticated: no API key, or one that is unknown or revoked (401).
	CodeUnauthenticated memhive.Code = "unauthenticated"
	// CodeForbiddenMember: the key does not cover the member asked for (403).
	CodeForbiddenMember memhive.Code = "forbidden_member"
	// CodeForbidden: the key's kind does not reach this route, or the request
	// names an assistant or tier other than the key's (403).
	CodeForbidden memhive.Code = "forbidden"
	// CodeUnavailable: the key could not be checked because the store is
	// unreachable (Postgres restarting); try again shortly (503).
	CodeUnavailable memhive.Code = "unavailable"
)

// HeaderKey carries an API key when Authorization: Bearer is not used.
const HeaderKey = "X-Memhive-Key"

// Authenticator checks an API key; *apikey.Store and *apikey.Memory are
// ones. member is "" for routes that name no member. It answers
// apikey.ErrUnknown or apikey.ErrMember (with the key) for a refused key.
type Authenticator interface {
	Check(ctx context.Context, key, member string) (*apikey.Key, error)
}

// requestKey is the key a request carries: Authorization: Bearer <key>, or
// X-Memhive-Key.
func requestKey(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if scheme, v, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(v)
		}
	}
	return strings.TrimSpace(r.Header.Get(HeaderKey))
}

type keyCtx struct{}

// keyOf is the key authenticate put on the request's context.
func keyOf(r *http.Request) *apikey.Key {
	k, _ := r.Context().Value(keyCtx{}).(*apikey.Key)
	return k
}

// authenticate wraps h: the request must carry a key of kind (any kind
// when kind is ""), and for assistant keys the member (the path's, or member(r) when the route has
// no path member) must be one the key covers.
func (a *api) authenticate(route, kind string, member func(r *http.Request) string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := requestKey(r)
		if key == "" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="memhive"`)
			a.fail(w, route, memhive.Errorf(CodeUnauthenticated, "this route needs an API key: Authorization: Bearer <key> (memhive keys create makes one)"))
			return
		}
		if a.cfg.Keys == nil {
			a.fail(w, route, memhive.Errorf(CodeUnauthenticated, "this server has no API keys configured"))
			return
		}
		m := ""
		var badMember error
		if kind == apikey.KindAssistant {
			m = member(r)
			if m == "" {
				badMember = memhive.Errorf(memhive.CodeInvalidMember, "name the member: the path, or the %s header on /mcp", HeaderMember)
			} else if !memhive.ValidMember(m) {
				badMember = memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(m))
			}
			if badMember != nil {
				m = "" // the key is checked first: an unknown key is 401 whatever the member
			}
		}
		k, err := a.cfg.Keys.Check(r.Context(), key, m)
		if badMember != nil && !errors.Is(err, apikey.ErrUnknown) && (err == nil || errors.Is(err, apikey.ErrMember)) {
			a.fail(w, route, badMember)
			return
		}
		switch {
		case errors.Is(err, apikey.ErrUnknown):
			w.Header().Set("WWW-Authenticate", `Bearer realm="memhive", error="invalid_token"`)
			a.fail(w, route, memhive.Errorf(CodeUnauthenticated, "the API key is unknown or revoked"))
			return
		case err != nil && !errors.Is(err, apikey.ErrMember):
			// The key store did not answer: the service is unavailable, not
			// broken (/readyz then says not ready, as it should).
			a.log.Warn("API key not checked: the store did not answer", "route", route, "err", err)
			w.Header().Set("Retry-After", "1")
			a.fail(w, route, memhive.Errorf(CodeUnavailable, "the key store is unreachable; try again shortly"))
			return
		case kind != "" && k.Kind != kind:
			a.fail(w, route, memhive.Errorf(CodeForbidden, "this route needs an %s key; this is an %s key", kind, k.Kind))
			return
		case errors.Is(err, apikey.ErrMember):
			a.fail(w, route, memhive.Errorf(CodeForbiddenMember, "this key does not cover member %q", m))
			return
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyCtx{}, k)))
	})
}

// tierOf is the tier of a keyed request: the key's assistant's configured
// tier. A request that names another assistant, or (when the assistant's
// template is known) another tier, is refused. With no TierFor (a gateway
// embedded without templates) the request's tier stands.
func (a *api) tierOf(k *apikey.Key, assistant, tier string) (string, error) {
	if assistant != "" && assistant != k.Assistant {
		return "", memhive.Errorf(CodeForbidden, "the request names assistant %q but the key is bound to %q", clip(assistant), k.Assistant)
	}
	if a.cfg.TierFor == nil {
		return tier, nil
	}
	t, ok := a.cfg.TierFor(k.Assistant)
	if !ok {
		t = ""
	}
	if tier != "" && tier != "0" && tier != "1" && tier != "2" {
		// not a tier at all: the request's fault, whatever the key allows
		return "", memhive.Errorf(memhive.CodeMalformedRequest, "tier %q is not 0, 1 or 2", clip(tier))
	}
	if tier != "" && tier != t {
		return "", memhive.Errorf(CodeForbidden, "the request asks for tier %q but assistant %q is configured for tier %q", clip(tier), k.Assistant, t)
	}
	return t, nil
}

// keyBinding binds an /mcp or memory-tool request: the key's assistant and
// its tier, the member the key was checked for.
func (a *api) keyBinding(r *http.Request, member string) (Binding, error) {
	b := BindingFromHeaders(r.Header, nil)
	k := keyOf(r)
	t, err := a.tierOf(k, b.Assistant, b.Tier)
	if err != nil {
		return b, err
	}
	b.Member, b.Assistant, b.Tier = member, k.Assistant, t
	return b, nil
}
