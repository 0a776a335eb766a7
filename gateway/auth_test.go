package gateway_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/gateway"
)

// TestHTTPAuth: without a key every route but /healthz answers 401
// unauthenticated; a key bound to alice asking for bob answers 403
// forbidden_member; an operator key reaches the operator routes and no
// member's memory, an assistant key no operator route; a revoked key is 401.
func TestHTTPAuth(t *testing.T) {
	t.Parallel()
	keys := apikey.NewMemory()
	aliceKey := keys.MustCreate(apikey.Spec{Members: []string{"alice"}, Assistant: "talky"})
	opKey := keys.MustCreate(apikey.Spec{Kind: apikey.KindOperator})
	revoked, k, _ := keys.Create(apikey.Spec{Members: []string{"alice"}, Assistant: "talky"})
	keys.Revoke(k.ID)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: keys, Recaller: echo{}, Memorizer: &note{}}))
	t.Cleanup(srv.Close)

	type route struct{ method, path string }
	var memberRoutes []route
	for _, tool := range append([]string{"recall", "memorize"}, gateway.MemoryTools...) {
		memberRoutes = append(memberRoutes, route{"POST", "/v1/members/%s/" + tool})
	}
	operatorRoutes := []route{{"GET", "/readyz"}, {"GET", "/metrics"}}
	do := func(r route, member string, hdr ...string) (int, string) {
		t.Helper()
		path := r.path
		if strings.Contains(path, "%s") {
			path = strings.Replace(path, "%s", member, 1)
		}
		req, err := http.NewRequest(r.method, srv.URL+path, strings.NewReader(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set(gateway.HeaderMember, member)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		_, _ = io.Copy(&b, resp.Body)
		return resp.StatusCode, b.String()
	}
	mcpRoutes := []route{{"POST", "/mcp"}, {"GET", "/mcp"}, {"DELETE", "/mcp"}}
	all := append(append(append(append([]route{}, memberRoutes...), operatorRoutes...), mcpRoutes...), route{"GET", "/nowhere"})

	for _, r := range all {
		for _, hdr := range [][]string{nil, {"Authorization", "Bearer " + revoked}, {"Authorization", "Bearer mhk_nonsense"},
			{"Authorization", "Basic " + aliceKey}, {gateway.HeaderKey, revoked}} {
			status, body := do(r, "alice", hdr...)
			if status != 401 || !strings.Contains(body, `"code":"unauthenticated"`) {
				t.Fatalf("%s %s with %v: want 401 unauthenticated, got %d %s", r.method, r.path, hdr, status, body)
			}
		}
	}
	// An unknown key is 401 before anything is said of the member: /mcp
	// with no member header, or one that is not a member id.
	for _, member := range []string{"", "Not A Member"} {
		if status, body := do(mcpRoutes[0], member, "Authorization", "Bearer mhk_nonsense"); status != 401 || !strings.Contains(body, `"code":"unauthenticated"`) {
			t.Fatalf("/mcp with an unknown key and member %q: want 401, got %d %s", member, status, body)
		}
		if status, body := do(mcpRoutes[0], member, "Authorization", "Bearer "+aliceKey); status != 400 || !strings.Contains(body, `"code":"invalid_member"`) {
			t.Fatalf("/mcp with alice's key and member %q: want 400 invalid_member, got %d %s", member, status, body)
		}
	}
	if status, body := do(route{"GET", "/healthz"}, ""); status != 200 {
		t.Fatalf("/healthz: %d %s", status, body)
	}

	// alice's key, for bob: 403 forbidden_member on every member route and /mcp.
	for _, r := range append(append([]route{}, memberRoutes...), mcpRoutes[0]) {
		for _, hdr := range [][]string{{"Authorization", "Bearer " + aliceKey}, {gateway.HeaderKey, aliceKey}} {
			status, body := do(r, "bob", hdr...)
			if status != 403 || !strings.Contains(body, `"code":"forbidden_member"`) {
				t.Fatalf("%s %s for bob: want 403 forbidden_member, got %d %s", r.method, r.path, status, body)
			}
			// For alice it passes authentication (whatever the empty body then earns).
			if status, body := do(r, "alice", hdr...); status == 401 || status == 403 {
				t.Fatalf("%s %s for alice: %d %s", r.method, r.path, status, body)
			}
		}
		if status, body := do(r, "alice", "Authorization", "Bearer "+opKey); status != 403 || !strings.Contains(body, `"code":"forbidden"`) {
			t.Fatalf("%s %s with the operator key: want 403 forbidden, got %d %s", r.method, r.path, status, body)
		}
	}
	for _, r := range operatorRoutes {
		if status, body := do(r, "", "Authorization", "Bearer "+aliceKey); status != 403 || !strings.Contains(body, `"code":"forbidden"`) {
			t.Fatalf("%s with an assistant key: want 403, got %d %s", r.path, status, body)
		}
		if status, body := do(r, "", "Authorization", "Bearer "+opKey); status != 200 {
			t.Fatalf("%s with the operator key: %d %s", r.path, status, body)
		}
	}
}
