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
		srv := modeltest.New(t, modeltest.Response{Content: `{"answer":"The memory does not contain this.","gap":"when it is","sources":[],"confidence":50}`})
		client, err := model.New(model.Config{URL: srv.URL, Model: "test-model"})
		if err != nil {
			t.Fatalf("model.New: %v", err)
		}
		svc := recall.New(pool, recall.Config{}, nil, slog.New(slog.DiscardHandler))
		svc.Synth = synth.New(client, model.NewDecisionLog(pool, slog.New(slog.DiscardHandler)),
			synth.Config{Logger: slog.New(slog.DiscardHandler)})
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

// MUST-SHOW 1 through the service: each refused reply gives the tier-1
// bundle (tier 1, its items) flagged downgraded with the reason; a good
// reply gives tier 2 with its sources.
func TestTier2ThroughServiceDowngradesToTier1Bundle(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	const channel = "web:chat"
	at := time.Date(2025, 5, 20, 9, 0, 0, 0, time.UTC)

	spent := model.NewBudget(1, 100)
	cases := []struct {
		member string
		resp   *modeltest.Response
		cfg    model.Config
		opts   []model.Option
		reason string // "" for a good answer
	}{
		{member: "s-good", reason: ""},
		{member: "s-gap", resp: &modeltest.Response{Content: `{"answer":"a trip","sources":[],"confidence":50}`}, reason: "gap_missing"},
		{member: "s-json", resp: &modeltest.Response{Content: `{"answer":`}, reason: "invalid_json"},
		{member: "s-src", resp: &modeltest.Response{Content: `{"answer":"a trip","gap":"none","sources":["01INVENTED"],"confidence":50}`}, reason: "invalid_sources"},
		{member: "s-slow", resp: &modeltest.Response{Content: `{}`, Delay: time.Minute}, cfg: model.Config{Timeout: 50 * time.Millisecond}, reason: "timeout"},
		{member: "s-500", resp: &modeltest.Response{Status: 500}, reason: "error"},
		{member: "s-budget", opts: []model.Option{model.WithBudget(spent)}, reason: "over_budget"},
	}
	if err := spent.Take("s-budget", time.Now()); err != nil {
		t.Fatalf("spend: %v", err)
	}
	for _, tc := range cases {
		t.Run(tc.member, func(t *testing.T) {
			t.Parallel()
			epID := ulid.Make().String()
			if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
                VALUES ($1, $2, 'default', $3, 'user', $4, $5, 'the kayak trip is in July', $6)`,
				tc.member, epID, channel, "member:"+tc.member, []string{"member:" + tc.member}, at); err != nil {
				t.Fatalf("insert episode: %v", err)
			}
			var rs []modeltest.Response
			switch {
			case tc.resp != nil:
				rs = append(rs, *tc.resp)
			case tc.reason == "":
				rs = append(rs, modeltest.Response{Content: `{"answer":"July","gap":"` + synth.CompleteGap + `","sources":["` + epID + `"],"confidence":90}`})
			}
			srv := modeltest.New(t, rs...)
			cfg := tc.cfg
			cfg.URL, cfg.Model = srv.URL, "test-model"
			client, err := model.New(cfg, tc.opts...)
			if err != nil {
				t.Fatalf("model.New: %v", err)
			}
			svc := recall.New(pool, recall.Config{}, nil, slog.New(slog.DiscardHandler))
			svc.Synth = synth.New(client, model.NewDecisionLog(pool, slog.New(slog.DiscardHandler)),
				synth.Config{Logger: slog.New(slog.DiscardHandler)})
			a, err := svc.Recall(ctx, recall.Request{Member: tc.member, Tier: "2", Query: "kayak trip",
				Audience: []string{"member:" + tc.member}, Channel: channel})
			if err != nil {
				t.Fatalf("Recall: %v", err)
			}
			if len(a.Items) == 0 || a.Items[0].ID != epID || !strings.Contains(a.Text, "kayak trip") {
				t.Fatalf("the tier-1 bundle is missing: items %+v, text %q", a.Items, a.Text)
			}
			if tc.reason == "" {
				if a.Tier != 2 || a.Downgraded != nil || a.Answer == nil || len(a.Answer.Sources) != 1 || a.Answer.Sources[0] != epID {
					t.Fatalf("good reply: tier %d, answer %+v, downgraded %+v", a.Tier, a.Answer, a.Downgraded)
				}
				// the text leads with the answer, its gap and its sources, then the bundle
				head := "ANSWER: " + a.Answer.Answer + "\nGAP: " + a.Answer.Gap + "\nSOURCES: " + epID + "\n"
				if !strings.HasPrefix(a.Text, head) || strings.Index(a.Text, "WHAT WAS SAID") < len(head) {
					t.Fatalf("good reply: the text does not lead with the answer:\n%s", a.Text)
				}
			} else if a.Tier != 1 || a.Answer != nil || a.Downgraded == nil || a.Downgraded.Reason != tc.reason {
				t.Fatalf("tier %d, answer %+v, downgraded %+v; want tier 1 downgraded %q", a.Tier, a.Answer, a.Downgraded, tc.reason)
			} else if !strings.HasPrefix(a.Text, "TIER 2 DOWNGRADED ("+tc.reason+")") {
				t.Fatalf("a downgrade should say so first:\n%s", a.Text)
			} else if refused := strings.Contains(a.Text, "answer was refused"); refused != (tc.reason == "gap_missing" || tc.reason == "invalid_json" || tc.reason == "invalid_sources") {
				// only an answer that came back can have been refused
				t.Fatalf("downgrade %s says refused = %v:\n%s", tc.reason, refused, a.Text)
			}
			var n int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM decision_log WHERE member_id = $1`, tc.member).Scan(&n); err != nil || n != 1 {
				t.Fatalf("decision_log rows = %d (%v), want 1", n, err)
			}
			if tc.reason == "over_budget" && srv.Count() != 0 {
				t.Fatalf("over budget: server saw %d requests, want 0", srv.Count())
			}
		})
	}
}
