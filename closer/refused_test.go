package closer_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/extract/llm"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/logbuf"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
)

// randomHex is n bytes of random hex digits: a text the store cannot
// compress to fit a btree row.
func randomHex(t *testing.T, n int) string {
	t.Helper()
	b := make([]byte, (n+1)/2)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)[:n]
}

// jsonLogger is a logger that writes JSON records to buf.
func jsonLogger(buf *logbuf.Buffer) *slog.Logger { return slog.New(slog.NewJSONHandler(buf, nil)) }

// refused returns the "fact refused" records in buf, field by field.
func refused(t *testing.T, buf *logbuf.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for line := range strings.Lines(buf.String()) {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if r["msg"] == "close: fact refused, not written" {
			out = append(out, r)
		}
	}
	return out
}

type storedFact struct{ subject, predicate, claim string }

func storedFacts(t *testing.T, pool *pgxpool.Pool, member string) []storedFact {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT subject, predicate, claim FROM facts WHERE member_id = $1 ORDER BY predicate`, member)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (storedFact, error) {
		var f storedFact
		return f, r.Scan(&f.subject, &f.predicate, &f.claim)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A model's reply is taken as given by the model extractor: a fact with a
// subject of 12 KB that does not compress failed the store (a btree row too
// large, SQLSTATE 54000), and with it the whole close, every time, so the
// session's good fact was never written either. The close pass refuses
// that fact alone: the close completes, the good fact is written, the
// report counts one refused and the log names the session, the field and
// why.
func TestModelFactOverTheCapIsRefusedTheRestWritten(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 2, 2, 18, 0, 0, 0, time.UTC)
	ids := insert(t, pool, "kai", ep{"s1", "web:chat", "user", "member:kai", "I live in Berlin and I like tea.", []string{"member:kai"}, t0})
	huge := randomHex(t, 12000)
	type item struct {
		Verdict    string   `json:"verdict"`
		Subject    string   `json:"subject"`
		Predicate  string   `json:"predicate"`
		Claim      string   `json:"claim"`
		Kind       string   `json:"kind"`
		EpisodeIDs []string `json:"episode_ids"`
		Confidence int      `json:"confidence"`
	}
	srv := modeltest.New(t, modeltest.Response{Content: modeltest.JSON(t, map[string][]item{"facts": {
		{"add", huge, "likes", "tea", "world", ids, 70},
		{"add", "member:kai", "lives_in", "Berlin", "world", ids, 80},
	}})})
	client, err := model.New(model.Config{URL: srv.URL, Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	var logs logbuf.Buffer
	logger := jsonLogger(&logs)
	ex := &llm.Model{Client: client, Log: model.NewDecisionLog(pool, logger), Logger: logger}

	rep, err := closer.Close(ctx, pool, ex, closer.Request{Member: "kai", Session: "s1", Channel: "web:chat"}, logger)
	if err != nil {
		t.Fatalf("close with one fact the store cannot take: %v", err)
	}
	if srv.Count() != 1 {
		t.Fatalf("%d model calls, want 1", srv.Count())
	}
	if rep.Refused != 1 || rep.Facts.Written != 1 || rep.Dropped != 0 || !rep.Closed || rep.Skipped != "" {
		t.Fatalf("report %+v: want 1 refused, 1 fact written, closed", rep)
	}
	if got := storedFacts(t, pool, "kai"); len(got) != 1 || got[0] != (storedFact{"member:kai", "lives_in", "Berlin"}) {
		t.Fatalf("facts stored: %d %.200v, want only lives_in Berlin", len(got), got)
	}
	if runs := closeRuns(t, pool, "kai")["s1"]; runs["completed"] != 1 || len(runs) != 1 {
		t.Fatalf("close runs of s1: %v, want one completed", runs)
	}
	var logged string
	if err := pool.QueryRow(ctx, `SELECT verdicts->>'refused' FROM consolidation_log WHERE member_id = 'kai' AND kind = 'close'`).Scan(&logged); err != nil || logged != "1" {
		t.Fatalf("consolidation_log's refused count %q (%v), want 1", logged, err)
	}
	recs := refused(t, &logs)
	if len(recs) != 1 {
		t.Fatalf("%d refusals logged, want 1", len(recs))
	}
	r := recs[0]
	if r["session"] != "s1" || r["member"] != "kai" || r["field"] != "subject" ||
		r["reason"] != "field_too_long: subject of 12000 bytes (canonical) is over the cap of 1024" || r["level"] != "WARN" {
		t.Fatalf("refusal logged as %v", r)
	}
}

// fixed is an extractor that returns the same facts for every session,
// each read from the session's first turn.
type fixed []extract.Fact

func (fs fixed) Extract(_ context.Context, s extract.Session) ([]extract.Fact, error) {
	out := make([]extract.Fact, len(fs))
	for i, f := range fs {
		f.EpisodeIDs = []string{s.Turns[0].EpisodeID}
		f.Speaker, f.ValidFrom = s.Turns[0].Speaker, s.Turns[0].At
		out[i] = f
	}
	return out, nil
}

// Every way a fact from an extractor can fail the store, or is no fact,
// is refused alone, whichever extractor made it: a NUL or invalid UTF-8
// (the store refuses the insert), another control character, a predicate
// or claim over its cap, a name of an entity or an edge that is not text,
// an unknown kind. The close completes with the one good fact.
func TestEveryBadFactIsRefusedAlone(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 2, 2, 18, 0, 0, 0, time.UTC)
	insert(t, pool, "lea", ep{"s1", "web:chat", "user", "member:lea", "I live in Oslo.", []string{"member:lea"}, t0})
	good := extract.Fact{Subject: "member:lea", Predicate: "lives_in", Claim: "Oslo", Kind: extract.World, Confidence: 80}
	bad := []struct {
		field, reason string
		f             extract.Fact
	}{
		{"claim", "invalid_text: claim holds the control character U+0000 at byte 3",
			extract.Fact{Subject: "member:lea", Predicate: "likes", Claim: "tea\x00", Confidence: 70}},
		{"subject", "invalid_text: subject is not valid UTF-8",
			extract.Fact{Subject: "caf\xe9", Predicate: "likes", Claim: "tea", Confidence: 70}},
		{"subject", "invalid_text: subject holds the control character U+0007 at byte 3",
			extract.Fact{Subject: "Bob\a", Predicate: "likes", Claim: "tea", Confidence: 70}},
		{"predicate", "field_too_long: predicate of 300 bytes (canonical) is over the cap of 256",
			extract.Fact{Subject: "member:lea", Predicate: strings.Repeat("p", 300), Claim: "tea", Confidence: 70}},
		{"claim", "field_too_long: claim of 20000 bytes is over the cap of 16384",
			extract.Fact{Subject: "member:lea", Predicate: "note", Claim: randomHex(t, 20000), Confidence: 70}},
		{"entity", "invalid_text: entity holds the control character U+0000 at byte 3",
			extract.Fact{Subject: "member:lea", Predicate: "sister", Claim: "Ana", Confidence: 70,
				Entities: []extract.Entity{{Name: "Ana\x00", Kind: "person"}}}},
		{"edge", "invalid_text: edge is not valid UTF-8",
			extract.Fact{Subject: "member:lea", Predicate: "sister", Claim: "Eva", Confidence: 70,
				Edges: []extract.Edge{{Src: "member:lea", Relation: "sister", Dst: "Eva\xff"}}}},
		{"fact", `malformed_request: fact kind "opinion" is not world, experience or foresight`,
			extract.Fact{Subject: "member:lea", Predicate: "likes", Claim: "jazz", Kind: "opinion", Confidence: 70}},
	}
	ex := fixed{good}
	for _, b := range bad {
		ex = append(ex, b.f)
	}
	var logs logbuf.Buffer
	rep, err := closer.Close(ctx, pool, ex, closer.Request{Member: "lea", Session: "s1", Channel: "web:chat"}, jsonLogger(&logs))
	if err != nil {
		t.Fatalf("close with facts the store cannot take: %v", err)
	}
	if rep.Refused != len(bad) || rep.Facts.Written != 1 || !rep.Closed {
		t.Fatalf("report %+v: want %d refused, 1 fact written, closed", rep, len(bad))
	}
	if got := storedFacts(t, pool, "lea"); len(got) != 1 || got[0] != (storedFact{"member:lea", "lives_in", "Oslo"}) {
		t.Fatalf("facts stored: %.300v, want only lives_in Oslo", got)
	}
	var ents int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM entities WHERE member_id = 'lea' AND canon IN ('ana', 'eva')`).Scan(&ents); err != nil || ents != 0 {
		t.Fatalf("%d entities of refused facts written (%v)", ents, err)
	}
	recs := refused(t, &logs)
	if len(recs) != len(bad) {
		t.Fatalf("%d refusals logged, want %d", len(recs), len(bad))
	}
	for i, b := range bad {
		if r := recs[i]; r["session"] != "s1" || r["field"] != b.field || r["reason"] != b.reason {
			t.Errorf("refusal %d logged as %v, want field %s, reason %q", i, r, b.field, b.reason)
		}
	}
}
