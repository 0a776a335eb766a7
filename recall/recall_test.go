package recall

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
)

func TestValidationCodes(t *testing.T) {
	t.Parallel()
	f := setup(t)
	s := New(f.pool, Config{}, nil, nil)
	aud := []string{"member:alice"}
	cases := []struct {
		name string
		req  Request
		code memhive.Code
	}{
		{"empty tier", Request{Member: "alice", Audience: aud, Channel: "web:chat"}, memhive.CodeMemoryNotConfigured},
		{"bad tier", Request{Member: "alice", Tier: "3", Audience: aud, Channel: "web:chat"}, memhive.CodeMalformedRequest},
		{"no audience", Request{Member: "alice", Tier: "1", Audience: []string{" "}, Channel: "web:chat"}, memhive.CodeMissingAudience},
		{"no channel", Request{Member: "alice", Tier: "0", Audience: aud}, memhive.CodeMissingChannel},
		{"invisible audience", Request{Member: "alice", Tier: "1", Audience: []string{"\u200b", "\ufeff"}, Channel: "web:chat"}, memhive.CodeMissingAudience},
		{"invisible channel", Request{Member: "alice", Tier: "0", Audience: aud, Channel: "\u2060"}, memhive.CodeMissingChannel},
		{"half window", Request{Member: "alice", Tier: "1", Audience: aud, Channel: "c", WindowFrom: ptr(t0)}, memhive.CodeHalfOpenWindow},
		{"other half window", Request{Member: "alice", Tier: "1", Audience: aud, Channel: "c", WindowTo: ptr(t0)}, memhive.CodeHalfOpenWindow},
		{"reversed window", Request{Member: "alice", Tier: "1", Audience: aud, Channel: "c", WindowFrom: ptr(t0), WindowTo: ptr(t0.Add(-time.Hour))}, memhive.CodeMalformedRequest},
		{"bad member", Request{Member: "Alice!", Tier: "1", Audience: aud, Channel: "c"}, memhive.CodeInvalidMember},
		{"negative limit", Request{Member: "alice", Tier: "1", Audience: aud, Channel: "c", Limit: -1}, memhive.CodeMalformedRequest},
		{"tier 2 without model", Request{Member: "alice", Tier: "2", Query: "trip", Audience: aud, Channel: "c"}, memhive.CodeModelNotConfigured},
		{"tier 1 without a query", Request{Member: "alice", Tier: "1", Query: " ", Audience: aud, Channel: "c"}, memhive.CodeMalformedRequest},
		{"tier 2 without a query", Request{Member: "alice", Tier: "2", Audience: aud, Channel: "c"}, memhive.CodeMalformedRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := s.Recall(f.ctx, c.req)
			if memhive.CodeOf(err) != c.code {
				t.Fatalf("got %v, want code %s", err, c.code)
			}
			var me *memhive.Error
			if err != nil && !strings.Contains(err.Error(), " ") {
				t.Fatalf("error %v has no sentence (%T %v)", err, me, err)
			}
		})
	}
}

// seedTier0 writes a session with beliefs, foresight and many turns.
func seedTier0(f *fixture, member string) {
	me := "member:" + member
	aud := []string{me}
	for i := range 25 {
		f.belief(member, me, fmt.Sprintf("belief number %d: %s likes long walks by river %d", i, member, i), "web:chat", aud, i%7 == 0)
	}
	for i := range 12 {
		f.fact(facts.Fact{Member: member, Subject: member, Predicate: "plans", Claim: fmt.Sprintf("to visit city %d next month", i),
			Kind: facts.Foresight, ValidFrom: t0.Add(time.Duration(i) * time.Hour), Channel: "web:chat", Audience: aud})
	}
	for i := range 40 {
		f.episode(ep{member: member, channel: "web:chat", content: fmt.Sprintf("turn %d: %s", i, strings.Repeat("words in the turn ", 1+i%5)),
			audience: aud, at: t0.Add(time.Duration(i) * time.Minute)})
	}
	// hidden from a different audience, and another session/channel
	f.belief(member, me, "a secret belief only bob heard", "web:chat", []string{"person:bob"}, true)
	f.episode(ep{member: member, channel: "web:chat", content: "private with carol", audience: []string{"person:carol"}, at: t0.Add(time.Hour)})
	f.episode(ep{member: member, channel: "web:other", content: "other channel, same session id", audience: aud, at: t0.Add(time.Hour)})
}

func TestTier0DeterministicBudgetedAndCounted(t *testing.T) {
	t.Parallel()
	f := setup(t)
	seedTier0(f, "alice")
	r := req("alice", "0", "", []string{"member:alice"}, "web:chat")
	r.AsOf = ptr(t0.Add(24 * time.Hour))

	first, err := New(f.pool, Config{}, nil, nil).Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	firstJSON, _ := json.Marshal(first)
	s := New(f.pool, Config{}, nil, nil)
	for i := range 5 {
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		j, _ := json.Marshal(a)
		if a.Text != first.Text || string(j) != string(firstJSON) {
			t.Fatalf("call %d differs:\n%s\n---\n%s", i, j, firstJSON)
		}
	}
	// a new Service (a restart) answers byte-identically
	again, err := New(f.pool, Config{}, nil, nil).Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if j, _ := json.Marshal(again); string(j) != string(firstJSON) {
		t.Fatal("a restarted service answers differently")
	}
	n, _ := CountTokens(first.Text)
	if n > 1200 {
		t.Fatalf("tier 0 text has %d tokens, budget 1200", n)
	}
	// 20 beliefs + 10 foresight + 12 episodes were candidates
	if got := len(first.Items) + first.Dropped; got != 42 {
		t.Fatalf("kept %d + dropped %d = %d, want 42", len(first.Items), first.Dropped, got)
	}
	if first.AsOf != "2024-05-11T12:00:00Z" {
		t.Fatalf("as_of %q", first.AsOf)
	}
	for _, it := range first.Items {
		if strings.Contains(it.Text, "secret") || strings.Contains(it.Text, "carol") || it.Channel == "web:other" {
			t.Fatalf("tier 0 leaked %+v", it)
		}
	}

	// a small budget drops whole items and says how many
	r.BudgetTokens = 200
	small, err := s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	n, _ = CountTokens(small.Text)
	if n > 200 || small.Dropped == 0 || len(small.Items)+small.Dropped != 42 {
		t.Fatalf("budget 200: %d tokens, %d kept, %d dropped", n, len(small.Items), small.Dropped)
	}
	want := fmt.Sprintf("(%d items dropped to fit the budget of 200 tokens)", small.Dropped)
	if !strings.HasSuffix(small.Text, want) {
		t.Fatalf("no dropped line %q in:\n%s", want, small.Text)
	}
	for _, it := range small.Items {
		if !strings.Contains(small.Text, it.Text) {
			t.Fatalf("item %s is not whole in the text", it.ID)
		}
	}
	// beliefs fill first: pinned ones lead
	if small.Items[0].Kind != "belief" {
		t.Fatalf("first item %+v", small.Items[0])
	}
	// no as_of given: none in the output
	r.AsOf = nil
	a, err := s.Recall(f.ctx, r)
	if err != nil || a.AsOf != "" {
		t.Fatalf("as_of %q, %v", a.AsOf, err)
	}
}

func TestTier0EpisodesNewestFirstAndGatedBeforeCap(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	var visible []string
	for i := range 30 {
		aud := me
		if i%2 == 1 {
			aud = []string{"person:zed"}
		}
		id := f.episode(ep{member: "alice", channel: "web:chat", content: fmt.Sprintf("t%d", i), audience: aud, at: t0.Add(time.Duration(i) * time.Second)})
		if i%2 == 0 {
			visible = append(visible, id)
		}
	}
	a, err := New(f.pool, Config{}, nil, nil).Recall(f.ctx, req("alice", "0", "", me, "web:chat"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(visible)
	var got []string
	for _, it := range a.Items {
		got = append(got, it.ID)
	}
	if !slices.Equal(got, visible[:12]) {
		t.Fatalf("got %v\nwant %v", got, visible[:12])
	}
}

func TestTier1WithoutEmbedderNamesSemanticMissing(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	f.episode(ep{member: "alice", channel: "web:chat", content: "I went hiking with Bob in the Alps", audience: me, at: t0})
	f.episode(ep{member: "alice", channel: "web:chat", content: "Bob's sister plays the violin", audience: me, at: t0.Add(time.Hour)})
	bob := f.entity("alice", "Bob", "web:chat", me)
	alps := f.entity("alice", "Alps", "web:chat", me)
	f.edge("alice", bob, alps, "hiked_in", "web:chat", me)
	f.fact(facts.Fact{Member: "alice", Subject: "Alps", Predicate: "is_a", Claim: "mountain range", ValidFrom: t0, Channel: "web:chat", Audience: me})
	f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "likes", Claim: "hiking", ValidFrom: t0, Channel: "web:chat", Audience: me})

	r := req("alice", "1", "hiking with Bob yesterday", me, "web:chat")
	r.AsOf = ptr(t0.Add(24 * time.Hour))
	a, err := New(f.pool, Config{}, nil, nil).Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	var running []string
	for _, l := range a.Legs {
		if l.Missing == "" {
			running = append(running, l.Leg)
		} else if l.Leg != LegSemantic || l.Missing != "no embedder configured" {
			t.Fatalf("leg %+v missing", l)
		}
	}
	if !slices.Equal(running, []string{LegKeyword, LegGraph, LegTemporal, LegSelf, LegContext}) {
		t.Fatalf("running legs %v", running)
	}
	var d Diagnostic
	if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
		t.Fatal(err)
	}
	for _, l := range d.Legs {
		if l.Leg != LegSemantic && l.Leg != LegContext && len(l.Ranked) == 0 { // the fixture's turns have no neighbours
			t.Fatalf("leg %s proposed nothing: %s", l.Leg, a.Diagnostic)
		}
	}
	if !strings.Contains(a.Text, "FACTS") || !strings.Contains(a.Text, "WHAT WAS SAID") || !strings.Contains(a.Text, "I went hiking with Bob in the Alps") {
		t.Fatalf("text:\n%s", a.Text)
	}
	for _, it := range a.Items {
		if it.Score == "" || it.Kind == "" || it.ID == "" || it.When == "" {
			t.Fatalf("incomplete item %+v", it)
		}
	}
	// nothing found
	r.Query = "quantum chromodynamics"
	r.AsOf = ptr(t0.Add(-24 * time.Hour))
	a, err = New(f.pool, Config{}, nil, nil).Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if a.Text != "Nothing in this memory answers this question (as of 2024-05-09T12:00:00Z)." || len(a.Items) != 0 {
		t.Fatalf("text %q items %d", a.Text, len(a.Items))
	}
}

func TestKeywordRanksByBM25WithPrefixes(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	both := f.episode(ep{member: "alice", channel: "c", content: "the violinist practiced scales", audience: me, at: t0})
	rare := f.episode(ep{member: "alice", channel: "c", content: "a violinist", audience: me, at: t0})
	for i := range 30 {
		f.episode(ep{member: "alice", channel: "c", content: fmt.Sprintf("practiced something %d", i), audience: me, at: t0})
	}
	s := New(f.pool, Config{LegLimit: 20}, nil, nil)
	q, err := s.prepare(req("alice", "1", "Who practiced the violin?", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.keywordLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.mode, "bm25") || len(res.rows) != 20 {
		t.Fatalf("mode %s, %d rows", res.mode, len(res.rows))
	}
	// the rare term's rows first (in BM25's order: "practiced" is in
	// nearly every row, so its weight is small and the shorter turn wins),
	// then the common term's
	if res.rows[0].ID != rare || res.rows[1].ID != both {
		t.Fatalf("ranking %s %s, want %s %s", res.rows[0].ID, res.rows[1].ID, rare, both)
	}
	// prefix: "violin" finds "violinist"
	q.req.Query = "violin"
	res, err = s.keywordLeg(f.ctx, q)
	if err != nil || len(res.rows) != 2 {
		t.Fatalf("prefix: mode %s rows %d err %v", res.mode, len(res.rows), err)
	}
}

func TestResolveTime(t *testing.T) {
	t.Parallel()
	asOf := time.Date(2024, 5, 15, 10, 0, 0, 0, time.UTC) // a Wednesday
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		q        string
		from, to time.Time
		ok       bool
	}{
		{"what did I do yesterday?", d(2024, 5, 14), d(2024, 5, 15), true},
		{"today", d(2024, 5, 15), d(2024, 5, 16), true},
		{"plans made last week", d(2024, 5, 6), d(2024, 5, 13), true},
		{"this week", d(2024, 5, 13), d(2024, 5, 20), true},
		{"last month", d(2024, 4, 1), d(2024, 5, 1), true},
		{"what happened in May 2023", d(2023, 5, 1), d(2023, 6, 1), true},
		{"2 weeks ago", d(2024, 4, 29), d(2024, 5, 6), true},
		{"3 days ago", d(2024, 5, 12), d(2024, 5, 13), true},
		{"in 2022", d(2022, 1, 1), d(2023, 1, 1), true},
		{"back in December", d(2023, 12, 1), d(2024, 1, 1), true},
		{"in March", d(2024, 3, 1), d(2024, 4, 1), true},
		{"last year", d(2023, 1, 1), d(2024, 1, 1), true},
		{"may I ask about Bob", time.Time{}, time.Time{}, false},
		{"who is Bob", time.Time{}, time.Time{}, false},
	}
	for _, c := range cases {
		from, to, ok := ResolveTime(c.q, asOf)
		if ok != c.ok || !from.Equal(c.from) || !to.Equal(c.to) {
			t.Errorf("%q: got %v %v %v, want %v %v %v", c.q, from, to, ok, c.from, c.to, c.ok)
		}
	}
}

func TestTemporalLegWindowAndPoint(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	in1 := f.episode(ep{member: "alice", channel: "c", content: "dinner with Bob", audience: me, at: t0.Add(-24 * time.Hour)})
	in2 := f.episode(ep{member: "alice", channel: "c", content: "went swimming", audience: me, at: t0.Add(-20 * time.Hour)})
	f.episode(ep{member: "alice", channel: "c", content: "dinner again", audience: me, at: t0.Add(-72 * time.Hour)})
	s := New(f.pool, Config{}, nil, nil)
	r := req("alice", "1", "what did I do yesterday", me, "c")
	r.AsOf = ptr(t0)
	q, _ := s.prepare(r)
	res, err := s.temporalLeg(f.ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if res.weight != 1 || len(res.rows) != 2 || res.rows[0].ID != in2 || res.rows[1].ID != in1 {
		t.Fatalf("window: weight %d rows %v", res.weight, res.rows)
	}
	if !strings.HasSuffix(res.mode, " newest") {
		t.Fatalf("a query without terms besides its time ranks by time: mode %q", res.mode)
	}
	// the window filters, the terms rank: only the window's dinner, not the
	// newer swim nor the dinner of three days ago
	q.req.Query = "dinner yesterday"
	res, _ = s.temporalLeg(f.ctx, q)
	if len(res.rows) != 1 || res.rows[0].ID != in1 || !strings.HasSuffix(res.mode, " terms") {
		t.Fatalf("terms rank within the window: %v (mode %q)", res.rows, res.mode)
	}
	// an equal BM25 score: the newer row first
	tie := f.episode(ep{member: "alice", channel: "c", content: "a dinner party", audience: me, at: t0.Add(-20 * time.Hour)})
	res, _ = s.temporalLeg(f.ctx, q)
	if len(res.rows) != 2 || res.rows[0].ID != tie || res.rows[1].ID != in1 {
		t.Fatalf("the newer of two equal matches first: %v", res.rows)
	}
	// a row matching more of the query's terms first, whatever its time
	q.req.Query = "bob dinner yesterday"
	res, _ = s.temporalLeg(f.ctx, q)
	if len(res.rows) != 2 || res.rows[0].ID != in1 {
		t.Fatalf("two terms before one: %v", res.rows)
	}
	// no row of the window matches: the window's rows, newest first
	q.req.Query = "kayak yesterday"
	res, _ = s.temporalLeg(f.ctx, q)
	if len(res.rows) != 3 || res.rows[0].ID != in2 && res.rows[0].ID != tie || res.rows[2].ID != in1 {
		t.Fatalf("no match falls back to time: %v", res.rows)
	}
	q.req.Query = "dinner"
	res, _ = s.temporalLeg(f.ctx, q)
	if res.weight != 0 || len(res.rows) != 0 || res.mode != "point" {
		t.Fatalf("point mode: %+v", res)
	}
}

// TestTier0UpcomingAheadThenLatest: tier 0's UPCOMING lists the plans
// dated from as_of on, soonest first, then the others newest first, up to
// its cap; a member who made plans years ago does not see those before
// this week's. A plan that was ended, or that this audience did not hear,
// is not listed.
func TestTier0UpcomingAheadThenLatest(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const m = "planner"
	me := "member:" + m
	asOf := t0.Add(730 * 24 * time.Hour)
	plan := func(claim string, from time.Time, aud ...string) {
		if len(aud) == 0 {
			aud = []string{me}
		}
		f.fact(facts.Fact{Member: m, Subject: m, Predicate: "plans", Claim: claim, Kind: facts.Foresight, ValidFrom: from,
			Channel: "web:chat", Audience: aud})
	}
	plan("learn the cello", t0)                                            // said two years ago, no date
	plan("run a marathon", asOf.Add(-7*24*time.Hour))                      // said last week
	plan("see the dentist", asOf.Add(-24*time.Hour))                       // its date passed yesterday
	plan("fly to Lisbon", asOf.Add(30*24*time.Hour))                       // next month
	plan("dinner with Ana", asOf.Add(7*24*time.Hour))                      // next week
	plan("surprise party for Bob", asOf.Add(2*24*time.Hour), "person:bob") // not heard by the member alone
	f.fact(facts.Fact{Member: m, Subject: m, Predicate: "plans", Claim: "move to Berlin", Kind: facts.Foresight,
		ValidFrom: asOf.Add(-48 * time.Hour), ValidUntil: ptr(asOf.Add(-time.Hour)), Channel: "web:chat", Audience: []string{me}})

	upcoming := func(cap int) []string {
		t.Helper()
		r := req(m, "0", "", []string{me}, "web:chat")
		r.AsOf = &asOf
		a, err := New(f.pool, Config{Tier0Foresight: cap}, nil, nil).Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range a.Items {
			if it.Kind == "fact" {
				got = append(got, it.Text)
			}
		}
		return got
	}
	want := []string{"dinner with Ana", "fly to Lisbon", "see the dentist", "run a marathon", "learn the cello"}
	check := func(cap int, want []string) {
		t.Helper()
		got := upcoming(cap)
		if len(got) != len(want) {
			t.Fatalf("cap %d: upcoming %q, want %q", cap, got, want)
		}
		for i := range want {
			if !strings.Contains(got[i], want[i]) {
				t.Fatalf("cap %d: upcoming %q, want %q", cap, got, want)
			}
		}
	}
	check(10, want)
	check(3, want[:3])
	check(1, want[:1])
}
