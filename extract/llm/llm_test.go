package llm_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/extract/llm"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

func session(member string) extract.Session {
	return extract.Session{Member: member, SessionID: "s1", Channel: "web:chat", Turns: []extract.Turn{
		{EpisodeID: "e1", Speaker: "member:" + member, Role: "user", Text: "I live in Berlin.", At: t0},
		{EpisodeID: "e2", Speaker: "assistant:bot", Role: "assistant", Text: "I live in the cloud.", At: t0.Add(time.Minute)},
		{EpisodeID: "e3", Speaker: "member:" + member, Role: "user", Text: "Actually we moved to Lisbon. My sister is Carol.", At: t0.Add(2 * time.Minute)},
	}}
}

func newExtractor(t *testing.T, pool *pgxpool.Pool, srv *modeltest.Server, opts ...model.Option) *llm.Model {
	t.Helper()
	c, err := model.New(model.Config{URL: srv.URL, Model: "m"}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	return &llm.Model{Client: c, Log: model.NewDecisionLog(pool, logger), Logger: logger}
}

func decisions(t *testing.T, pool *pgxpool.Pool, member string) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(),
		`SELECT verdict FROM decision_log WHERE member_id = $1 AND cell = 'extractor' ORDER BY at`, member)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGoodReplyGivesFactsWithTheirEpisodes(t *testing.T) {
	pool := dbtest.New(t)
	srv := modeltest.New(t, modeltest.Response{Content: `{"facts":[
		{"verdict":"add","subject":"member:alice","predicate":"lives in","claim":"Berlin","kind":"world","episode_ids":["e1"],"confidence":70},
		{"verdict":"correct","subject":"member:alice","predicate":"lives_in","claim":"Lisbon","kind":"world","episode_ids":["e3"],"confidence":80},
		{"verdict":"add","subject":"member:alice","predicate":"sister","claim":"Carol","kind":"world","episode_ids":["e3","e1"],"confidence":60},
		{"verdict":"retract","subject":"member:alice","predicate":"likes","claim":"tea","kind":"world","episode_ids":["e3"],"confidence":50}]}`})
	m := newExtractor(t, pool, srv)
	facts, rep, err := m.ExtractReport(context.Background(), session("alice"))
	if err != nil {
		t.Fatal(err)
	}
	if rep != (llm.Report{Added: 2, Corrected: 1, Retracted: 1}) {
		t.Fatalf("report = %+v", rep)
	}
	if len(facts) != 3 {
		t.Fatalf("got %d facts: %+v", len(facts), facts)
	}
	berlin, lisbon, sister := facts[0], facts[1], facts[2]
	if berlin.Predicate != "lives_in" || berlin.Claim != "Berlin" || strings.Join(berlin.EpisodeIDs, ",") != "e1" ||
		!berlin.ValidFrom.Equal(t0) || berlin.Speaker != "member:alice" || berlin.Confidence != 70 {
		t.Fatalf("berlin = %+v", berlin)
	}
	if lisbon.Claim != "Lisbon" || strings.Join(lisbon.EpisodeIDs, ",") != "e3" || lisbon.Confidence != 90 ||
		!lisbon.ValidFrom.Equal(t0.Add(2*time.Minute)) {
		t.Fatalf("lisbon = %+v", lisbon)
	}
	if strings.Join(sister.EpisodeIDs, ",") != "e1,e3" || !sister.ValidFrom.Equal(t0) || len(sister.Edges) != 1 ||
		sister.Edges[0] != (extract.Edge{Src: "member:alice", Relation: "sister", Dst: "Carol"}) {
		t.Fatalf("sister = %+v", sister)
	}
	// One request, tagged, JSON mode, carrying the user turns and not the assistant's.
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	chat, err := reqs[0].Chat()
	if err != nil {
		t.Fatal(err)
	}
	if chat.User != model.UserTag("alice", llm.DefaultCell) || chat.ResponseFormat == nil || chat.ResponseFormat.Type != "json_object" {
		t.Fatalf("request = %+v", chat)
	}
	user := chat.Messages[len(chat.Messages)-1].Content
	if !strings.Contains(user, `"episode_id": "e3"`) || !strings.Contains(user, "Lisbon") || strings.Contains(user, "cloud") {
		t.Fatalf("user message = %s", user)
	}
	if got := decisions(t, pool, "alice"); strings.Join(got, ",") != "ok" {
		t.Fatalf("decisions = %v", got)
	}
}

func TestInventedOrMalformedItemsAreDropped(t *testing.T) {
	pool := dbtest.New(t)
	srv := modeltest.New(t, modeltest.Response{Content: `{"facts":[
		{"verdict":"add","subject":"member:bob","predicate":"lives_in","claim":"Berlin","kind":"world","episode_ids":["e1"],"confidence":70},
		{"verdict":"add","subject":"member:bob","predicate":"lives_in","claim":"Paris","kind":"world","episode_ids":["e1","e99"],"confidence":70},
		{"verdict":"add","subject":"assistant:bot","predicate":"lives_in","claim":"cloud","kind":"world","episode_ids":["e2"],"confidence":70},
		{"verdict":"merge","subject":"member:bob","predicate":"likes","claim":"tea","kind":"world","episode_ids":["e1"],"confidence":70},
		{"verdict":"add","subject":"member:bob","predicate":"likes","kind":"world","episode_ids":["e1"],"confidence":70},
		{"verdict":"add","subject":"member:bob","predicate":"likes","claim":"tea","kind":"opinion","episode_ids":["e1"],"confidence":70},
		{"verdict":"add","subject":"member:bob","predicate":"likes","claim":"tea","kind":"world","episode_ids":[],"confidence":70},
		{"verdict":"add","subject":"member:bob","predicate":"likes","claim":"tea","kind":"world","episode_ids":["e1"],"confidence":170},
		"not an object"]}`})
	m := newExtractor(t, pool, srv)
	facts, rep, err := m.ExtractReport(context.Background(), session("bob"))
	if err != nil {
		t.Fatal(err)
	}
	if len(facts) != 1 || facts[0].Claim != "Berlin" || rep != (llm.Report{Added: 1, Dropped: 8}) {
		t.Fatalf("facts = %+v, report = %+v", facts, rep)
	}
	if got := decisions(t, pool, "bob"); strings.Join(got, ",") != "invalid_sources" {
		t.Fatalf("decisions = %v", got)
	}
}

func TestInvalidJSONIsAnErrorWithOneDecision(t *testing.T) {
	pool := dbtest.New(t)
	for i, content := range []string{`{"facts": [`, `{"facts": []} trailing`, `{"items": []}`, `[]`} {
		member := "carol" + string(rune('a'+i))
		srv := modeltest.New(t, modeltest.Response{Content: content})
		m := newExtractor(t, pool, srv)
		facts, err := m.Extract(context.Background(), session(member))
		if !errors.Is(err, llm.ErrInvalidReply) || facts != nil {
			t.Fatalf("%q: facts %v, err %v", content, facts, err)
		}
		if got := decisions(t, pool, member); strings.Join(got, ",") != "invalid_json" {
			t.Fatalf("%q: decisions = %v", content, got)
		}
	}
}

func TestOverBudgetSendsNothing(t *testing.T) {
	pool := dbtest.New(t)
	srv := modeltest.New(t)
	b := model.NewBudget(1, 100)
	if err := b.Take("dave", time.Now()); err != nil {
		t.Fatal(err)
	}
	m := newExtractor(t, pool, srv, model.WithBudget(b))
	_, err := m.Extract(context.Background(), session("dave"))
	if memhive.CodeOf(err) != memhive.CodeOverBudget {
		t.Fatalf("err = %v, want over_budget", err)
	}
	if srv.Count() != 0 {
		t.Fatalf("%d requests sent over budget", srv.Count())
	}
	if got := decisions(t, pool, "dave"); strings.Join(got, ",") != "over_budget" {
		t.Fatalf("decisions = %v", got)
	}
}

func TestNoModelConfiguredAndNoUserTurns(t *testing.T) {
	c, err := model.New(model.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := &llm.Model{Client: c}
	if _, err := m.Extract(context.Background(), session("erin")); memhive.CodeOf(err) != memhive.CodeModelNotConfigured {
		t.Fatalf("err = %v, want model_not_configured", err)
	}
	srv := modeltest.New(t)
	m = newExtractor(t, nil, srv)
	s := session("erin")
	s.Turns = s.Turns[1:2] // the assistant's turn only
	facts, err := m.Extract(context.Background(), s)
	if err != nil || facts != nil || srv.Count() != 0 {
		t.Fatalf("facts %v, err %v, %d requests", facts, err, srv.Count())
	}
}
