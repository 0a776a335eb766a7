package gateway_test

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/porter"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

type transferHive struct {
	pool *pgxpool.Pool
	srv  *httptest.Server
	rec  *recall.Service
}

func newTransferHive(t *testing.T, keys *apikey.Memory) *transferHive {
	t.Helper()
	pool := dbtest.New(t)
	rec := recall.New(pool, recall.Config{}.WithDefaults(), nil, quiet)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: keys, Recaller: rec,
		Transfer: &porter.Archive{Pool: pool}}))
	t.Cleanup(srv.Close)
	return &transferHive{pool: pool, srv: srv, rec: rec}
}

func (h *transferHive) do(t *testing.T, method, path, key string, body []byte) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, h.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data, resp.Header
}

func (h *transferHive) rows(t *testing.T) int {
	t.Helper()
	var n int
	if err := h.pool.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM episodes) + (SELECT count(*) FROM facts)`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// rewrite returns the archive with fn applied to each entry's bytes.
func rewrite(t *testing.T, archive []byte, fn func(name string, data []byte) (string, []byte)) []byte {
	t.Helper()
	var out bytes.Buffer
	tw := tar.NewWriter(&out)
	tr := tar.NewReader(bytes.NewReader(archive))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(tr)
		name, data := fn(h.Name, data)
		if name == "" {
			continue
		}
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		_, _ = tw.Write(data)
	}
	_ = tw.Close()
	return out.Bytes()
}

// Transfer over HTTP for operators: export from one hive, import into an
// empty one (same answers), again (0 rows), and corrupt archives refused
// whole; only the operator key reaches the routes.
func TestHTTPTransfer(t *testing.T) {
	t.Parallel()
	keys := apikey.NewMemory()
	op := keys.MustCreate(apikey.Spec{Kind: apikey.KindOperator})
	asst := keys.MustCreate(apikey.Spec{Members: []string{"alice"}, Assistant: "talky"})
	from, to := newTransferHive(t, keys), newTransferHive(t, keys)
	ctx := context.Background()
	var eps []episodes.Episode
	for i, text := range []string{"My sister Maya moved to Lisbon in May.", "Bob and I planned the Porto trip.", "I am allergic to peanuts."} {
		aud := []string{"member:alice"}
		if i == 1 {
			aud = append(aud, "person:bob")
		}
		eps = append(eps, episodes.Episode{Member: "alice", ID: "01J000000000000000000000X" + string(rune('A'+i)), Session: "s-1", Channel: "web:chat",
			Role: "user", Speaker: "member:alice", Audience: aud, Content: text, HappenedAt: time.Date(2026, 5, 1+i, 10, 0, 0, 0, time.UTC)})
	}
	if _, err := episodes.Insert(ctx, from.pool, eps); err != nil {
		t.Fatal(err)
	}
	if _, err := remember.Memorize(ctx, from.pool, remember.Request{Member: "alice", Subject: "person:maya", Predicate: "lives_in", Claim: "Lisbon",
		Audience: []string{"member:alice"}, Channel: "web:chat"}); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		key  string
		want int
	}{{"", 401}, {asst, 403}} {
		if code, body, _ := from.do(t, "GET", "/v1/operator/members/alice/export", c.key, nil); code != c.want {
			t.Fatalf("export with key %q: %d %s", c.key, code, body)
		}
		if code, body, _ := to.do(t, "POST", "/v1/operator/import", c.key, nil); code != c.want {
			t.Fatalf("import with key %q: %d %s", c.key, code, body)
		}
	}
	if code, body, _ := from.do(t, "GET", "/v1/operator/members/Not%20A%20Member/export", op, nil); code != 400 || !strings.Contains(string(body), "invalid_member") {
		t.Fatalf("invalid member: %d %s", code, body)
	}

	code, archive, hdr := from.do(t, "GET", "/v1/operator/members/alice/export", op, nil)
	if code != 200 || hdr.Get("Content-Type") != "application/x-tar" {
		t.Fatalf("export: %d %s", code, archive)
	}
	// Corrupt archives: refused whole, nothing written.
	for name, bad := range map[string][]byte{
		"not a tar": []byte("hello"),
		"altered bytes": rewrite(t, archive, func(n string, d []byte) (string, []byte) {
			if n == "episodes.jsonl" {
				d = bytes.Replace(d, []byte("Lisbon"), []byte("Madrid"), 1)
			}
			return n, d
		}),
		"truncated file": rewrite(t, archive, func(n string, d []byte) (string, []byte) {
			if n == "episodes.jsonl" {
				d = d[:len(d)/2]
			}
			return n, d
		}),
		"no manifest": rewrite(t, archive, func(n string, d []byte) (string, []byte) {
			if n == porter.ManifestFile {
				return "", nil
			}
			return n, d
		}),
		"a path outside": rewrite(t, archive, func(n string, d []byte) (string, []byte) {
			if n == "facts.jsonl" {
				return "../facts.jsonl", d
			}
			return n, d
		}),
		"another version": rewrite(t, archive, func(n string, d []byte) (string, []byte) {
			if n == porter.ManifestFile {
				d = bytes.Replace(d, []byte(`"version": 1`), []byte(`"version": 2`), 1)
			}
			return n, d
		}),
	} {
		code, body, _ := to.do(t, "POST", "/v1/operator/import", op, bad)
		if code != 422 || !strings.Contains(string(body), "export_refused") {
			t.Errorf("%s: %d %s", name, code, body)
		}
		if n := to.rows(t); n != 0 {
			t.Fatalf("%s: %d rows written", name, n)
		}
	}
	var rep porter.Report
	code, body, _ := to.do(t, "POST", "/v1/operator/import", op, archive)
	if code != 200 || json.Unmarshal(body, &rep) != nil || rep.Member != "alice" || rep.Written != rep.Rows || rep.Written == 0 {
		t.Fatalf("import: %d %s", code, body)
	}
	code, body, _ = to.do(t, "POST", "/v1/operator/import", op, archive)
	if code != 200 || json.Unmarshal(body, &rep) != nil || rep.Written != 0 {
		t.Fatalf("import again: %d %s", code, body)
	}
	// The same answers at tiers 0 and 1, for alice alone and with bob.
	asOf := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, aud := range [][]string{{"member:alice"}, {"member:alice", "person:bob"}} {
		for _, q := range []struct{ tier, query string }{{"0", ""}, {"1", "where does Maya live"}, {"1", "Porto trip"}, {"1", "peanuts"}} {
			req := recall.Request{Member: "alice", Tier: q.tier, Query: q.query, Audience: aud, Channel: "web:chat", Session: "s-1", AsOf: &asOf}
			a, err := from.rec.Recall(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			b, err := to.rec.Recall(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			a.Diagnostic, b.Diagnostic = nil, nil
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) {
				t.Errorf("tier %s %q %v differs after the move:\n%s\n%s", q.tier, q.query, aud, ja, jb)
			}
		}
	}
}
