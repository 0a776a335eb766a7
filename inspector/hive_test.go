package inspector_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/inspector"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
)

// hive is a running memhive HTTP surface over a fresh schema: the API
// (gateway.NewHTTP) with the inspector mounted at /ui, as memhive up serves
// them, over the real read path.
type hive struct {
	t        testing.TB
	pool     *pgxpool.Pool
	srv      *httptest.Server
	keys     *apikey.Memory
	opKey    string // operator
	aliceKey string // assistant key for alice
	loKey    string // assistant key for the LoCoMo member
	lo       locomo.Sample
	loMember string
	// the teacher and nurse versions of alice's job (the alias scenario)
	teacher, nurse string
	asOf           time.Time
}

var quiet = slog.New(slog.DiscardHandler)

// openHistory: the team room is configured open_history (the gate's rule 4).
var openHistory = []string{"team:room"}

const (
	privateTurn = "My salary review is on Friday, keep the salary figure between us"
	sharedTurn  = "Bob said the salary budget for the team offsite is fixed"
	publicTurn  = "The office opens at nine on weekdays"
)

func setup(t testing.TB) *hive {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.New(t)
	h := &hive{t: t, pool: pool, keys: apikey.NewMemory()}
	h.opKey = h.keys.MustCreate(apikey.Spec{Kind: apikey.KindOperator})
	at := time.Date(2024, 5, 2, 9, 0, 0, 0, time.UTC)
	eps := []episodes.Episode{
		{Member: "alice", ID: "01HX0000000000000000000001", Session: "s-1", Channel: "web:chat", Role: "user",
			Speaker: "member:alice", Audience: []string{"member:alice"}, Content: privateTurn, HappenedAt: at, Ref: "ref-private"},
		{Member: "alice", ID: "01HX0000000000000000000002", Session: "s-1", Channel: "web:chat", Role: "user",
			Speaker: "person:bob", Audience: []string{"member:alice", "person:bob"}, Content: sharedTurn, HappenedAt: at.Add(time.Minute)},
		{Member: "alice", ID: "01HX0000000000000000000003", Session: "s-2", Channel: "team:room", Role: "peer",
			Speaker: "person:carol", Audience: []string{"*"}, Content: publicTurn, HappenedAt: at.Add(time.Hour)},
		{Member: "alice", ID: "01HX0000000000000000000004", Session: "s-2", Channel: "team:room", Role: "peer",
			Speaker: "person:carol", Audience: []string{"member:alice", "person:carol"}, Content: "Carol's budget for the offsite is a secret between us", HappenedAt: at.Add(2 * time.Hour)},
	}
	samples, err := locomo.Load("")
	if err != nil {
		t.Fatal(err)
	}
	h.lo = samples[0]
	h.loMember = locomo.Member(h.lo.ID)
	for _, tr := range h.lo.Turns() {
		eps = append(eps, episodes.Episode{Member: h.loMember, ID: tr.ID, Session: tr.Session, Channel: tr.Channel, Role: tr.Role,
			Speaker: tr.Speaker, Audience: tr.Audience, Content: tr.Text, Ref: tr.Ref, HappenedAt: tr.At})
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := episodes.Insert(ctx, tx, eps); err != nil {
			return err
		}
		if err := episodes.TouchSessions(ctx, tx, eps); err != nil {
			return err
		}
		return episodes.InsertRefusals(ctx, tx, []episodes.Refusal{{Member: "alice", ID: "01HX00000000000000000000R1",
			Subject: "memhive.alice.episode", Code: "invalid_text", Message: "the text holds a control character",
			Raw: []byte("{\"text\":\"bad \x01 byte \xff\"}")}})
	})
	if err != nil {
		t.Fatal(err)
	}
	// alice's job: teacher, and a month later (said as "occupation") nurse
	t0 := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	ins := func(pred, claim string, at time.Time, aud ...string) string {
		t.Helper()
		f := facts.Fact{Member: "alice", Subject: "member:alice", Predicate: pred, Claim: claim, Confidence: 70, ValidFrom: at,
			Channel: "web:chat", Audience: aud, Speaker: "member:alice", Origin: "memorize", SourceEpisodeIDs: []string{"01HX0000000000000000000001"}}
		_, id, err := facts.Insert(ctx, pool, &f)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	h.teacher = ins("job_title", "teacher", t0, "member:alice")
	h.nurse = ins("occupation", "nurse", t0.AddDate(0, 1, 9), "member:alice")
	ins("salary", "95k", t0, "member:alice")
	ins("offsite_budget", "fixed", t0, "member:alice", "person:bob")
	h.asOf = t0.AddDate(0, 3, 0)

	rec := recall.New(pool, recall.Config{OpenHistory: openHistory}, nil, quiet)
	h.aliceKey = h.keys.MustCreate(apikey.Spec{Kind: apikey.KindAssistant, Members: []string{"alice"}, Assistant: "talky"})
	h.loKey = h.keys.MustCreate(apikey.Spec{Kind: apikey.KindAssistant, Members: []string{h.loMember}, Assistant: "talky"})
	// the hive's lane: embedded NATS with JetStream, the appender cell
	ns := natstest.Start(t)
	nc := ns.Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	app, err := episodes.NewAppender(pool, nc, episodes.AppenderConfig{}, nil, quiet)
	if err != nil {
		t.Fatal(err)
	}
	hv := cells.New(nc, "memhive", quiet)
	hv.Add(cells.Func{CellName: "appender", RunFunc: app.Run})
	if err := hv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hv.Stop)
	if _, err := lanes.EnsureStream(ctx, js, lanes.StreamConfig{}); err != nil {
		t.Fatal(err)
	}
	lc, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := lc.Publish("carol", lanes.Turn{Session: "s-c", Channel: "web:chat", Audience: []string{"member:carol"},
		Role: "user", Speaker: "member:carol", Text: "a turn over the lane"}); err != nil {
		t.Fatal(err)
	}
	if err := lc.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	lc.Close()
	reg := prometheus.NewRegistry()
	api := gateway.NewHTTP(gateway.HTTPConfig{Recaller: rec, Keys: h.keys, Registry: reg, Logger: quiet})
	price, err := model.ParsePrice("0.15", "0.60")
	if err != nil {
		t.Fatal(err)
	}
	in, err := inspector.New(inspector.Config{Pool: pool, Recaller: rec, Keys: h.keys, Registry: reg, Price: price, Cells: hv.Status, JS: js, OpenHistory: openHistory, Logger: slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn})),
		SampleEvery: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(in.Stop)
	h.srv = httptest.NewServer(in.Mount(api))
	t.Cleanup(h.srv.Close)
	return h
}

// apiRecall asks the HTTP API (POST /v1/members/{member}/recall).
func (h *hive) apiRecall(key, member string, req map[string]any) *recall.Answer {
	h.t.Helper()
	body, _ := json.Marshal(req)
	r, _ := http.NewRequest("POST", h.srv.URL+"/v1/members/"+member+"/recall", bytes.NewReader(body))
	r.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		h.t.Fatalf("recall %s: %d %s", body, resp.StatusCode, b)
	}
	var ans recall.Answer
	if err := json.Unmarshal(b, &ans); err != nil {
		h.t.Fatal(err)
	}
	return &ans
}

// jobQuestion is the golden tier-1 question of the alias scenario.
func (h *hive) jobAnswer() string {
	return h.apiRecall(h.aliceKey, "alice", map[string]any{"query": "what is my job?", "tier": "1", "audience": []string{"member:alice"},
		"channel": "web:chat", "as_of": h.asOf.Format(time.RFC3339)}).Text
}

// get fetches a /ui path with the given headers; it never follows redirects.
func (h *hive) do(method, path string, form url.Values, hdr map[string]string) (int, string) {
	h.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	r, _ := http.NewRequest(method, h.srv.URL+path, body)
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(r)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func bearer(key string) map[string]string { return map[string]string{"Authorization": "Bearer " + key} }

// testLog writes the inspector's warnings and errors to the test's log.
type testLog struct{ t testing.TB }

func (w testLog) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
