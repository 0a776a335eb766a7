package gateway_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/drain"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
)

// TestDrainHTTP: the operator drains memory files sent in the body, twice
// (the second writes nothing), lists the drafts and approves one; an
// assistant key reaches none of these routes.
func TestDrainHTTP(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	keys := apikey.NewMemory()
	op := keys.MustCreate(apikey.Spec{Kind: apikey.KindOperator})
	talky := keys.MustCreate(apikey.Spec{Members: []string{"alice"}, Assistant: "talky"})
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: keys, Recaller: echo{}, Drainer: drain.NewService(pool)}))
	t.Cleanup(srv.Close)
	call := func(key, method, path, body string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	body := `{"assistant": "gemini", "files": [{"path": "GEMINI.md", "content": "# P\n\n- not this\n\n## Gemini Added Memories\n- Alice is vegetarian.\n- Alice's sister is Ana.\n"}]}`
	if status, b := call(talky, "POST", "/v1/members/alice/drain", body); status != http.StatusForbidden {
		t.Fatalf("an assistant key drained: %d %s", status, b)
	}
	var rep drain.Report
	status, b := call(op, "POST", "/v1/members/alice/drain", body)
	if status != 200 || json.Unmarshal(b, &rep) != nil || rep.Written != 2 || rep.Entries != 2 {
		t.Fatalf("drain: %d %s", status, b)
	}
	status, b = call(op, "POST", "/v1/members/alice/drain", body)
	if status != 200 || json.Unmarshal(b, &rep) != nil || rep.Written != 0 || rep.Unchanged != 2 {
		t.Fatalf("drain again: %d %s", status, b)
	}
	if status, b := call(op, "POST", "/v1/members/alice/drain", `{"assistant": "gemini", "files": []}`); status != 400 || !strings.Contains(string(b), "malformed_request") {
		t.Fatalf("no files: %d %s", status, b)
	}
	var listed struct {
		Drafts []drain.Draft `json:"drafts"`
	}
	status, b = call(op, "GET", "/v1/members/alice/drafts?assistant=gemini", "")
	if status != 200 || json.Unmarshal(b, &listed) != nil || len(listed.Drafts) != 2 {
		t.Fatalf("drafts: %d %s", status, b)
	}
	var dec drain.Decision
	status, b = call(op, "POST", "/v1/members/alice/drafts/approve", `{"ids": ["`+listed.Drafts[0].ID+`"], "by": "ops"}`)
	if status != 200 || json.Unmarshal(b, &dec) != nil || dec.Approved != 1 {
		t.Fatalf("approve: %d %s", status, b)
	}
	status, b = call(op, "GET", "/v1/members/alice/drafts", "")
	if status != 200 || json.Unmarshal(b, &listed) != nil || len(listed.Drafts) != 1 {
		t.Fatalf("drafts left: %d %s", status, b)
	}
}
