package advisor_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
	audgate "github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

var (
	alice    = []string{"member:alice"}
	aliceBob = []string{"member:alice", "person:bob"}
)

type seeded struct {
	pool    *pgxpool.Pool
	rec     *recall.Service
	private map[string]bool // facts bob may not see
}

// setup seeds alice's memory: some facts bob heard, some he did not.
func setup(t *testing.T) *seeded {
	t.Helper()
	pool := dbtest.New(t)
	s := &seeded{pool: pool, rec: recall.New(pool, recall.Config{}.WithDefaults(), nil, nil), private: map[string]bool{}}
	for _, f := range []struct {
		subj, pred, claim string
		aud               []string
	}{
		{"person:maya", "lives_in", "Lisbon", aliceBob},
		{"member:alice", "flight_to_lisbon", "booked for June 3", aliceBob},
		{"member:alice", "lisbon_hotel", "Casa Azul near the river", alice},
		{"member:alice", "lisbon_trip_budget", "2000 euros", aliceBob},
		{"member:alice", "salary", "100k at Acme", alice},
		{"member:alice", "works_at", "Acme", aliceBob},
		{"member:alice", "allergic_to", "peanuts", aliceBob},
		{"member:alice", "food_dislike", "coriander", alice},
	} {
		res, err := remember.Memorize(context.Background(), pool, remember.Request{Member: "alice", Subject: f.subj, Predicate: f.pred,
			Claim: f.claim, Audience: f.aud, Channel: "telegram:dm", Speaker: "member:alice"})
		if err != nil {
			t.Fatal(err)
		}
		if len(f.aud) == 1 {
			s.private[res.ID] = true
		}
	}
	return s
}

func (s *seeded) advisor(t *testing.T, cfg advisor.Config) *advisor.Service {
	t.Helper()
	a, err := advisor.New(s.pool, s.rec, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func enter(t *testing.T, a *advisor.Service, session string, aud []string, topic string) *advisor.Advice {
	t.Helper()
	adv, err := a.Enter(context.Background(), advisor.Request{Member: "alice", Session: session, Audience: aud, Channel: "web:chat",
		Assistant: "talky", Topic: topic})
	if err != nil {
		t.Fatalf("enter %q: %v", topic, err)
	}
	return adv
}

// Must-show 5, first part: a scripted session that enters three topics
// (one of them three times) gets at most one memory per entry, at most two
// per topic, never the same one twice, never one the gate hides; every
// entry leaves one decision record.
func TestAdvisorSessionRules(t *testing.T) {
	t.Parallel()
	s := setup(t)
	decided := advisor.NewDecidedCounter()
	a := s.advisor(t, advisor.Config{Decided: decided})
	script := []string{"the trip to Lisbon", "Lisbon trip", "trip to lisbon", "food and allergies", "work at Acme"}
	seen := map[string]bool{}
	perTopic := map[string]int{}
	for i, topic := range script {
		adv := enter(t, a, "s-1", aliceBob, topic)
		if adv.Arm != advisor.ArmMatcher || adv.Decision == "" {
			t.Fatalf("entry %d: %+v", i, adv)
		}
		if !adv.Delivered {
			if adv.Memory != nil {
				t.Fatalf("entry %d: a memory without delivery", i)
			}
			continue
		}
		m := adv.Memory
		if m.Kind != "fact" {
			t.Errorf("entry %d delivered a %s", i, m.Kind)
		}
		if s.private[m.ID] {
			t.Errorf("entry %d (%q) delivered %q, which bob never heard", i, topic, m.Text)
		}
		if seen[m.ID] {
			t.Errorf("entry %d delivered %q a second time", i, m.Text)
		}
		seen[m.ID] = true
		perTopic[memhive.Canon(topic)]++
		t.Logf("%q → %s", topic, m.Text)
	}
	for k, n := range perTopic {
		if n > 2 {
			t.Errorf("topic %q delivered %d times", k, n)
		}
	}
	recs, err := advisor.Decisions(context.Background(), s.pool, "alice", "s-1")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(script) {
		t.Fatalf("%d decision records for %d entries", len(recs), len(script))
	}
	if n := testutil.ToFloat64(decided.WithLabelValues(advisor.ArmMatcher, advisor.OutcomeDelivered)); int(n) != len(seen) {
		t.Errorf("metric: %v delivered, %d seen", n, len(seen))
	}
	for _, r := range recs {
		if r.Outcome == advisor.OutcomeDelivered && (r.PickID == "" || r.PickID != r.MatcherPick) {
			t.Errorf("record %+v", r)
		}
	}
	// Another session starts afresh. Alice alone has four Lisbon facts; one
	// topic (however it is spelt) delivers two, then is exhausted although
	// memories remain.
	var got []string
	for i, topic := range []string{"trip to Lisbon", "Trip to  lisbon", "TRIP TO LISBON"} {
		adv := enter(t, a, "s-2", alice, topic)
		if i < 2 {
			if !adv.Delivered || slices.Contains(got, adv.Memory.ID) {
				t.Fatalf("entry %d of the topic: %+v", i, adv)
			}
			got = append(got, adv.Memory.ID)
			continue
		}
		if adv.Delivered || adv.Outcome != advisor.OutcomeExhausted {
			t.Fatalf("third entry of the topic: %+v, want exhausted", adv)
		}
	}
	if adv := enter(t, a, "s-2", alice, "my salary"); !adv.Delivered || slices.Contains(got, adv.Memory.ID) {
		t.Fatalf("another topic in the session: %+v", adv)
	}
	// Nothing matching: no memory, still recorded.
	adv := enter(t, a, "s-2", alice, "quantum chromodynamics")
	if adv.Delivered || adv.Outcome != advisor.OutcomeNone {
		t.Fatalf("no match: %+v", adv)
	}
}

// The gate holds for every entry (a property): facts with random
// audiences (public, alice alone, alice with bob, alice with carol, all
// three), sessions with random listeners entering random topics: every
// delivered fact's audience holds everyone listening (or is public), and
// no session is given one fact twice.
func TestAdvisorNeverDeliversHidden(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12, 34))
	people := [][]string{{"*"}, {"member:alice"}, {"member:alice", "person:bob"}, {"member:alice", "person:carol"},
		{"member:alice", "person:bob", "person:carol"}}
	words := []string{"lisbon", "porto", "hotel", "budget", "flight", "salary", "garden", "piano", "dentist", "tennis"}
	for i := range 60 {
		w1, w2 := words[rng.IntN(len(words))], words[rng.IntN(len(words))]
		if _, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Subject: "member:alice",
			Predicate: w1 + "_note", Claim: fmt.Sprintf("%s and %s %d", w1, w2, i), Audience: people[rng.IntN(len(people))],
			Channel: "telegram:dm", Speaker: "member:alice"}); err != nil {
			t.Fatal(err)
		}
	}
	a, err := advisor.New(pool, recall.New(pool, recall.Config{}.WithDefaults(), nil, nil), advisor.Config{PerTopic: 3})
	if err != nil {
		t.Fatal(err)
	}
	delivered := 0
	for sess := range 12 {
		listening := people[1+rng.IntN(len(people)-1)]
		given := map[string]bool{}
		for range 8 {
			topic := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]
			adv, err := a.Enter(ctx, advisor.Request{Member: "alice", Session: fmt.Sprintf("p-%d", sess), Audience: listening,
				Channel: "web:chat", Topic: topic})
			if err != nil {
				t.Fatal(err)
			}
			if !adv.Delivered {
				continue
			}
			delivered++
			var aud []string
			if err := pool.QueryRow(ctx, `SELECT audience FROM facts WHERE member_id = 'alice' AND id = $1`, adv.Memory.ID).Scan(&aud); err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(aud, "*") {
				for _, p := range listening {
					if !slices.Contains(aud, p) {
						t.Fatalf("session %d (%v) was given %q, heard by %v only", sess, listening, adv.Memory.Text, aud)
					}
				}
			}
			if given[adv.Memory.ID] {
				t.Fatalf("session %d was given %q twice", sess, adv.Memory.Text)
			}
			given[adv.Memory.ID] = true
		}
	}
	if delivered < 10 {
		t.Fatalf("only %d deliveries: the property was barely exercised", delivered)
	}
	t.Logf("%d deliveries checked", delivered)
}

// rankingModel picks the last candidate it is shown, so its pick differs
// from the matcher's (the first) whenever there are two.
func rankingModel(t *testing.T) *modeltest.Server {
	return modeltest.New(t, modeltest.Response{Repeat: true, Reply: func(c modeltest.ChatRequest) string {
		var in struct {
			Candidates []struct{ ID string } `json:"candidates"`
		}
		_ = json.Unmarshal([]byte(c.Messages[len(c.Messages)-1].Content), &in)
		pick := ""
		if len(in.Candidates) > 0 {
			pick = in.Candidates[len(in.Candidates)-1].ID
		}
		return `{"pick": "` + pick + `"}`
	}})
}

func modelClient(t *testing.T, srv *modeltest.Server) *model.Client {
	t.Helper()
	c, err := model.New(model.Config{URL: srv.URL, Model: "ranker"}.WithDefaults())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Must-show 5, shadow mode: the delivered pick is the matcher's, the
// model's pick is recorded beside it, and the model call is in the
// decision log.
func TestAdvisorShadowAndRank(t *testing.T) {
	t.Parallel()
	s := setup(t)
	srv := rankingModel(t)
	matcher := s.advisor(t, advisor.Config{})
	shadow := s.advisor(t, advisor.Config{Mode: advisor.ModeShadow, Model: modelClient(t, srv), Decisions: model.NewDecisionLog(s.pool, nil)})
	rank := s.advisor(t, advisor.Config{Mode: advisor.ModeRank, Model: modelClient(t, srv), Decisions: model.NewDecisionLog(s.pool, nil)})

	want := enter(t, matcher, "m-1", alice, "trip to Lisbon")
	got := enter(t, shadow, "sh-1", alice, "trip to Lisbon")
	if !got.Delivered || got.Memory.ID != want.Memory.ID || got.Arm != advisor.ArmMatcher {
		t.Fatalf("shadow delivered %+v, the matcher picks %+v", got.Memory, want.Memory)
	}
	recs, err := advisor.Decisions(context.Background(), s.pool, "alice", "sh-1")
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v %v", recs, err)
	}
	r := recs[0]
	if r.Mode != advisor.ModeShadow || r.PickID != want.Memory.ID || r.ModelPick == nil || *r.ModelPick == "" ||
		*r.ModelPick == r.MatcherPick || r.Verdict != string(model.VerdictOK) || r.Candidates < 2 {
		t.Fatalf("shadow record %+v (model pick %v)", r, r.ModelPick)
	}
	var calls int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM decision_log WHERE member_id = 'alice' AND cell = 'advisor' AND verdict = 'ok'`).Scan(&calls); err != nil || calls != 1 {
		t.Fatalf("decision_log rows %d (%v)", calls, err)
	}
	// rank: the model's pick is delivered.
	got = enter(t, rank, "rk-1", alice, "trip to Lisbon")
	recs, _ = advisor.Decisions(context.Background(), s.pool, "alice", "rk-1")
	if !got.Delivered || got.Arm != advisor.ArmModel || len(recs) != 1 || recs[0].ModelPick == nil || got.Memory.ID != *recs[0].ModelPick || got.Memory.ID == want.Memory.ID {
		t.Fatalf("rank delivered %+v, records %+v", got, recs)
	}
}

// Must-show 5, holdout: a held-out session gets nothing delivered and its
// decision (with the pick it would have had) is recorded; the model is not
// asked.
func TestAdvisorHoldout(t *testing.T) {
	t.Parallel()
	s := setup(t)
	srv := rankingModel(t)
	a := s.advisor(t, advisor.Config{Mode: advisor.ModeShadow, HoldoutPercent: 100, Model: modelClient(t, srv)})
	for _, topic := range []string{"trip to Lisbon", "food", "work"} {
		adv := enter(t, a, "h-1", aliceBob, topic)
		if adv.Delivered || adv.Memory != nil || adv.Arm != advisor.ArmHoldout {
			t.Fatalf("holdout %q: %+v", topic, adv)
		}
	}
	recs, err := advisor.Decisions(context.Background(), s.pool, "alice", "h-1")
	if err != nil || len(recs) != 3 {
		t.Fatalf("%v %v", recs, err)
	}
	if r := recs[0]; r.Arm != advisor.ArmHoldout || r.Outcome != advisor.OutcomeHoldout || r.MatcherPick == "" || r.PickID != "" {
		t.Fatalf("holdout record %+v", r)
	}
	if srv.Count() != 0 {
		t.Fatalf("the model was asked %d times for a held-out session", srv.Count())
	}
	// The split is stable per session and near its percentage.
	in := 0
	for i := range 2000 {
		s := fmt.Sprintf("session-%d", i)
		if advisor.Holdout("alice", s, 30) != advisor.Holdout("alice", s, 30) {
			t.Fatal("holdout is not stable")
		}
		if advisor.Holdout("alice", s, 30) {
			in++
		}
	}
	if in < 500 || in > 700 {
		t.Fatalf("%d of 2000 sessions held out at 30%%", in)
	}
	if advisor.Holdout("alice", "x", 0) || !advisor.Holdout("alice", "x", 100) {
		t.Fatal("0% and 100%")
	}
}

func TestAdvisorRefusals(t *testing.T) {
	t.Parallel()
	s := setup(t)
	a := s.advisor(t, advisor.Config{})
	for _, c := range []struct {
		req  advisor.Request
		code memhive.Code
	}{
		{advisor.Request{Member: "alice", Topic: " ", Audience: alice, Channel: "web:chat"}, memhive.CodeMalformedRequest},
		{advisor.Request{Member: "alice", Topic: "x", Channel: "web:chat"}, memhive.CodeMissingAudience},
		{advisor.Request{Member: "alice", Topic: "x", Audience: alice}, memhive.CodeMissingChannel},
		{advisor.Request{Member: "Alice!", Topic: "x", Audience: alice, Channel: "web:chat"}, memhive.CodeInvalidMember},
		{advisor.Request{Member: "alice", Topic: strings.Repeat("x", advisor.MaxTopic+1), Audience: alice, Channel: "web:chat"}, memhive.CodeQueryTooLong},
	} {
		if _, err := a.Enter(context.Background(), c.req); memhive.CodeOf(err) != c.code {
			t.Errorf("%+v: %v, want %s", c.req, err, c.code)
		}
	}
	if _, err := advisor.New(s.pool, s.rec, advisor.Config{Mode: advisor.ModeRank}); err == nil {
		t.Error("rank without a model was accepted")
	}
	recs, _ := advisor.Decisions(context.Background(), s.pool, "alice", "")
	if len(recs) != 0 || slices.ContainsFunc(recs, func(r advisor.Record) bool { return true }) {
		t.Errorf("refused entries left records: %v", recs)
	}
}

// Concurrent entries of one session: still at most two deliveries of the
// topic and never one memory twice.
func TestAdvisorConcurrentEntries(t *testing.T) {
	t.Parallel()
	s := setup(t)
	a := s.advisor(t, advisor.Config{})
	const n = 8
	advs := make(chan *advisor.Advice, n)
	errs := make(chan error, n)
	for range n {
		go func() {
			adv, err := a.Enter(context.Background(), advisor.Request{Member: "alice", Session: "c-1", Audience: alice, Channel: "web:chat", Topic: "trip to Lisbon"})
			advs <- adv
			errs <- err
		}()
	}
	given := map[string]bool{}
	delivered := 0
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		adv := <-advs
		if !adv.Delivered {
			continue
		}
		delivered++
		if given[adv.Memory.ID] {
			t.Fatalf("%q given twice", adv.Memory.Text)
		}
		given[adv.Memory.ID] = true
	}
	if delivered != 2 {
		t.Fatalf("%d deliveries of one topic, want 2", delivered)
	}
	recs, err := advisor.Decisions(context.Background(), s.pool, "alice", "c-1")
	if err != nil || len(recs) != n {
		t.Fatalf("%d records (%v)", len(recs), err)
	}
}

// Must-show 5, the scope: an assistant whose template excludes a channel is
// never advised a memory from it, though the gate alone would allow it; an
// unscoped assistant on the same entry is.
func TestAdvisorKeepsTheScope(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Subject: "member:alice", Predicate: "dentist",
		Claim: "Dr Silva on Rua Augusta", Audience: alice, Channel: "work:slack", Speaker: "member:alice"}); err != nil {
		t.Fatal(err)
	}
	rec := recall.New(pool, recall.Config{}.WithDefaults(), nil, nil)
	rec.Scopes = audgate.Scopes{"narrow": {ExcludeChannels: []string{"work:slack"}}}
	a, err := advisor.New(pool, rec, advisor.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ask := func(assistant, session string) *advisor.Advice {
		adv, err := a.Enter(ctx, advisor.Request{Member: "alice", Session: session, Audience: alice, Channel: "work:slack",
			Assistant: assistant, Topic: "dentist appointment"})
		if err != nil {
			t.Fatal(err)
		}
		return adv
	}
	if adv := ask("narrow", "s-narrow"); adv.Delivered {
		t.Fatalf("the scoped assistant was advised %q from an excluded channel", adv.Memory.Text)
	}
	if adv := ask("talky", "s-talky"); !adv.Delivered {
		t.Fatalf("the unscoped assistant was advised nothing (outcome %s): the scope test proves nothing", adv.Outcome)
	}
}
