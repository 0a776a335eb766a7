package synth_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/synth"
)

// MUST-SHOW 2: the rows tier 2 sends to the model are only those the gate
// shows the asking audience. Rows with several audiences go into a real
// Postgres schema; tier 2 runs through recall.Service on a scripted model
// server; the test reads the request body the server received.
func TestTier2SendsOnlyGatedRows(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	const member, channel = "alice", "web:chat"
	at := time.Date(2025, 5, 20, 9, 0, 0, 0, time.UTC)

	type row struct {
		id, token string
		audience  []string
	}
	// Asking as alice with bob present: visible iff {alice, bob} ⊆ audience, or "*".
	episodesRows := []row{
		{token: "PUBLICKAYAK", audience: []string{"*"}},
		{token: "BOBKAYAK", audience: []string{"member:alice", "person:bob"}},
		{token: "TRIOKAYAK", audience: []string{"member:alice", "person:bob", "person:carol"}},
		{token: "PRIVATEKAYAK", audience: []string{"member:alice"}},
		{token: "CAROLKAYAK", audience: []string{"member:alice", "person:carol"}},
	}
	hidden := map[string]bool{"PRIVATEKAYAK": true, "CAROLKAYAK": true}
	for i := range episodesRows {
		r := &episodesRows[i]
		r.id = ulid.Make().String()
		if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
            VALUES ($1, $2, 'default', $3, 'user', 'member:alice', $4, $5, $6)`,
			member, r.id, channel, r.audience, "the kayak trip note "+r.token, at.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatalf("insert episode: %v", err)
		}
	}
	factRows := []row{
		{token: "FACTPUBLIC", audience: []string{"*"}},
		{token: "FACTPRIVATE", audience: []string{"member:alice"}},
	}
	hidden["FACTPRIVATE"] = true
	for i := range factRows {
		r := &factRows[i]
		f := facts.Fact{Member: member, Subject: "member:alice", Predicate: "plans kayak trip " + strings.ToLower(r.token),
			Claim: "kayak trip " + r.token, ValidFrom: at, Channel: channel, Audience: r.audience, Speaker: "member:alice", Origin: "close"}
		ok, id, err := facts.Insert(ctx, pool, &f)
		if err != nil || !ok {
			t.Fatalf("insert fact: %v (inserted %v)", err, ok)
		}
		r.id = id
	}
	beliefRows := []row{
		{token: "BELIEFPUBLIC", audience: []string{"*"}},
		{token: "BELIEFPRIVATE", audience: []string{"member:alice"}},
	}
	hidden["BELIEFPRIVATE"] = true
	for i := range beliefRows {
		r := &beliefRows[i]
		r.id = ulid.Make().String()
		if _, err := pool.Exec(ctx, `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience)
            VALUES ($1, $2, 'member:alice', $3, $4, $5)`, member, r.id, "likes kayaks "+r.token, channel, r.audience); err != nil {
			t.Fatalf("insert belief: %v", err)
		}
	}
	all := append(append(append([]row{}, episodesRows...), factRows...), beliefRows...)

	ask := func(audience []string) (*recall.Answer, string) {
		t.Helper()
		srv := modeltest.New(t, modeltest.Response{Content: `{"answer":"a kayak trip","gap":"when it is","sources":[],"confidence":50}`})
		client, err := model.New(model.Config{URL: srv.URL, Model: "test-model"})
		if err != nil {
			t.Fatalf("model.New: %v", err)
		}
		svc := recall.New(pool, recall.Config{}, nil, slog.New(slog.DiscardHandler))
		svc.Synth = synth.New(client, model.NewDecisionLog(pool, slog.New(slog.DiscardHandler)), synth.Config{})
		a, err := svc.Recall(ctx, recall.Request{Member: member, Tier: "2", Query: "kayak trip",
			Audience: audience, Channel: channel})
		if err != nil {
			t.Fatalf("Recall: %v", err)
		}
		reqs := srv.Requests()
		if len(reqs) != 1 {
			t.Fatalf("model server saw %d requests, want 1", len(reqs))
		}
		return a, string(reqs[0].Body)
	}

	// Alice alone sees every row: this shows the legs do find all of them,
	// so their absence below is the gate's doing.
	a, body := ask([]string{"member:alice"})
	if a.Tier != 2 || a.Answer == nil || a.Downgraded != nil {
		t.Fatalf("alice alone: answer = %+v", a)
	}
	for _, r := range all {
		if !strings.Contains(body, r.id) || !strings.Contains(body, r.token) {
			t.Fatalf("alice alone: row %s (%s, audience %v) was not sent; the control is broken:\n%s", r.id, r.token, r.audience, body)
		}
	}

	// With bob listening, the hidden rows never reach the model.
	a, body = ask([]string{"member:alice", "person:bob"})
	if a.Tier != 2 || a.Answer == nil {
		t.Fatalf("alice with bob: answer = %+v", a)
	}
	for _, r := range all {
		sent := strings.Contains(body, r.id) || strings.Contains(body, r.token)
		if hidden[r.token] && sent {
			t.Errorf("row %s (%s, audience %v) is hidden from alice+bob but was sent to the model", r.id, r.token, r.audience)
		}
		if !hidden[r.token] && !sent {
			t.Errorf("row %s (%s, audience %v) is visible to alice+bob but was not sent", r.id, r.token, r.audience)
		}
	}
	if t.Failed() {
		t.Logf("body sent:\n%s", body)
	}
}
