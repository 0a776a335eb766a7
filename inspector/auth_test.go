package inspector_test

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/nightly"
)

// routes are every /ui page and action.
func routes(h *hive, alias string) []struct{ method, path string } {
	return []struct{ method, path string }{
		{"GET", "/ui"},
		{"GET", "/ui/"},
		{"GET", "/ui/health"},
		{"GET", "/ui/members/alice/timeline"},
		{"GET", "/ui/members/alice/who?kind=episode&id=01HX0000000000000000000001"},
		{"GET", "/ui/members/alice/refusals"},
		{"GET", "/ui/members/alice/facts"},
		{"GET", "/ui/members/alice/recall?q=salary"},
		{"GET", "/ui/members/alice/decisions"},
		{"GET", "/ui/no/such/page"},
		{"POST", "/ui/logout"},
		{"POST", "/ui/members/alice/aliases/" + alias + "/revert"},
		{"POST", "/ui/login"},
	}
}

// TestEveryPageAndActionNeedsTheOperatorKey (must-show 4): without the
// operator key every /ui page and action answers 401 (a wrong or revoked
// key too; an assistant key 403), and the refused revert changed nothing.
// With the key, every page answers 200; a cookie action without the
// session's CSRF token is refused.
func TestEveryPageAndActionNeedsTheOperatorKey(t *testing.T) {
	t.Parallel()
	h := setup(t)
	alias := nightAlias(t, h)
	revoked := h.keys.MustCreate(apikey.Spec{Kind: apikey.KindOperator})
	rk, _ := h.keys.Check(t.Context(), revoked, "")
	h.keys.Revoke(rk.ID)
	for _, rt := range routes(h, alias) {
		form := url.Values{}
		for name, hdr := range map[string]map[string]string{
			"no key":        nil,
			"unknown key":   bearer("mhk_0000000000000000_" + strings.Repeat("0", 64)),
			"revoked key":   bearer(revoked),
			"Basic auth":    {"Authorization": "Basic b3A6b3A="},
			"forged cookie": {"Cookie": "memhive_ui=" + strings.Repeat("a", 64)},
		} {
			code, body := h.do(rt.method, rt.path, form, hdr)
			if code != http.StatusUnauthorized {
				t.Errorf("%s %s with %s: %d, want 401", rt.method, rt.path, name, code)
			}
			if !strings.Contains(body, `name="key"`) {
				t.Errorf("%s %s with %s: the 401 does not offer the login form", rt.method, rt.path, name)
			}
		}
		if rt.path == "/ui/login" {
			continue
		}
		if code, _ := h.do(rt.method, rt.path, form, bearer(h.aliceKey)); code != http.StatusForbidden {
			t.Errorf("%s %s with an assistant key: %d, want 403", rt.method, rt.path, code)
		}
	}
	as, err := nightly.ListAliases(t.Context(), h.pool, "alice")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.RevertedAt != nil {
			t.Fatalf("a refused revert reverted %s", a.ID)
		}
	}
	for _, rt := range routes(h, alias) {
		if rt.method != "GET" {
			continue
		}
		want := http.StatusOK
		if strings.HasPrefix(rt.path, "/ui/no/") {
			want = http.StatusNotFound
		}
		if code, body := h.do("GET", rt.path, nil, bearer(h.opKey)); code != want {
			t.Errorf("GET %s with the operator key: %d, want %d\n%s", rt.path, code, want, body)
		}
	}
	// the login form: a good key gets an HttpOnly, SameSite=Strict cookie
	code, cookie := login(t, h, h.opKey)
	if code != http.StatusSeeOther || !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Strict") {
		t.Fatalf("login: %d %q", code, cookie)
	}
	sess := map[string]string{"Cookie": strings.Split(cookie, ";")[0]}
	if code, _ := h.do("GET", "/ui/members/alice/facts", nil, sess); code != 200 {
		t.Fatalf("facts with the session cookie: %d", code)
	}
	if code, _ := h.do("POST", "/ui/members/alice/aliases/"+alias+"/revert", url.Values{"csrf": {"nope"}}, sess); code != http.StatusForbidden {
		t.Fatalf("revert without the session's csrf token: %d, want 403", code)
	}
	if code, _ := login(t, h, h.aliceKey); code != http.StatusForbidden {
		t.Fatalf("login with an assistant key: %d, want 403", code)
	}
	if code, _ := login(t, h, "mhk_nope"); code != http.StatusUnauthorized {
		t.Fatalf("login with a bad key: %d, want 401", code)
	}
}

func login(t *testing.T, h *hive, key string) (int, string) {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.PostForm(h.srv.URL+"/ui/login", url.Values{"key": {key}, "next": {"/ui/members/alice/facts"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Set-Cookie")
}

// nightAlias runs the two nights that alias occupation to job_title and
// supersede teacher through it, and returns the alias's id.
func nightAlias(t *testing.T, h *hive) string {
	t.Helper()
	for _, force := range []bool{false, true} {
		if _, err := nightly.Run(t.Context(), h.pool, nightly.Options{Member: "alice", Force: force}); err != nil {
			t.Fatal(err)
		}
	}
	var id string
	if err := h.pool.QueryRow(t.Context(), `SELECT id FROM aliases WHERE member_id = 'alice' AND alias = 'occupation' AND reverted_at IS NULL`).Scan(&id); err != nil {
		t.Fatalf("no occupation alias after two nights: %v", err)
	}
	return id
}

var dataID = regexp.MustCompile(`class="(episode|fact[^"]*|belief)" data-id="([^"]+)"`)

// shownIDs are the ids of the rows a page lists, by kind.
func shownIDs(body, kind string) []string {
	var out []string
	for _, m := range dataID.FindAllStringSubmatch(body, -1) {
		if strings.HasPrefix(m[1], kind) {
			out = append(out, m[2])
		}
	}
	sort.Strings(out)
	return out
}

// gated is what the gate shows audience on channel, by the gate's own SQL.
func gated(t *testing.T, h *hive, table string, aud []string, channel string) []string {
	t.Helper()
	g := gate.New(aud, channel, openHistory)
	rows, err := h.pool.Query(t.Context(), `SELECT r.id FROM `+table+` r WHERE r.member_id = 'alice' AND `+g.SQL(gate.Table(table), "r", 1)+` ORDER BY r.id`, g.Args()...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// TestViewAsShowsExactlyWhatTheGateShows (must-show 4): for every
// operator-chosen audience the timeline and the facts page list exactly
// the rows the gate lets through (never one it hides), the "who can see
// this" page agrees with it, and the playground (recall itself) never
// returns a hidden row.
func TestViewAsShowsExactlyWhatTheGateShows(t *testing.T) {
	t.Parallel()
	h := setup(t)
	op := bearer(h.opKey)
	_, all := h.do("GET", "/ui/members/alice/timeline", nil, op)
	if got := shownIDs(all, "episode"); len(got) != 4 {
		t.Fatalf("the operator's own view should list all 4 episodes: %v", got)
	}
	// the cases cover every rule: subset, public, open_history (bob reads
	// carol's team-room turn there, not on web:chat), hidden
	if !slices.Contains(gated(t, h, "episodes", []string{"person:bob"}, "team:room"), "01HX0000000000000000000004") ||
		slices.Contains(gated(t, h, "episodes", []string{"person:bob"}, "web:chat"), "01HX0000000000000000000004") {
		t.Fatal("the open_history channel should show its own rows, and only there")
	}
	for _, aud := range [][]string{{"member:alice"}, {"member:alice", "person:bob"}, {"person:bob"}, {"person:carol"}, {"member:alice", "person:carol"}, {"person:dave"}} {
		for _, ch := range []string{"web:chat", "team:room"} {
			q := url.Values{"as": {strings.Join(aud, ",")}, "on": {ch}}.Encode()
			_, tl := h.do("GET", "/ui/members/alice/timeline?"+q, nil, op)
			if got, want := shownIDs(tl, "episode"), gated(t, h, "episodes", aud, ch); !slices.Equal(got, want) {
				t.Errorf("timeline as %v on %s: shows %v, the gate shows %v", aud, ch, got, want)
			}
			_, fp := h.do("GET", "/ui/members/alice/facts?"+q, nil, op)
			if got, want := shownIDs(fp, "fact"), gated(t, h, "facts", aud, ch); !slices.Equal(got, want) {
				t.Errorf("facts as %v on %s: shows %v, the gate shows %v", aud, ch, got, want)
			}
			for _, id := range []string{"01HX0000000000000000000001", "01HX0000000000000000000002", "01HX0000000000000000000003", "01HX0000000000000000000004"} {
				_, who := h.do("GET", "/ui/members/alice/who?kind=episode&id="+id+"&"+q, nil, op)
				visible := slices.Contains(gated(t, h, "episodes", aud, ch), id)
				want := `data-audience="` + strings.Join(aud, ",") + `" data-visible="` + map[bool]string{true: "true", false: "false"}[visible] + `"`
				if !strings.Contains(who, want) {
					t.Errorf("who can see %s, as %v on %s: want %s", id, aud, ch, want)
				}
			}
			_, pg := h.do("GET", "/ui/members/alice/recall?q=salary+budget+offsite+office&"+q, nil, op)
			visible := gated(t, h, "episodes", aud, ch)
			for _, m := range regexp.MustCompile(`class="item" data-key="episode:([^"]+)"`).FindAllStringSubmatch(pg, -1) {
				if !slices.Contains(visible, m[1]) {
					t.Errorf("the playground as %v on %s returned episode %s the gate hides", aud, ch, m[1])
				}
			}
		}
	}
	// half a view is refused, never widened to everything
	_, half := h.do("GET", "/ui/members/alice/timeline?as=person:bob", nil, op)
	if got := shownIDs(half, "episode"); len(got) != 0 || !strings.Contains(half, "give the channel") {
		t.Errorf("an audience without a channel must list nothing and say why: %v", got)
	}
}
