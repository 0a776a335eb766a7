package remember_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/internal/testtext"
	"github.com/memhive/memhive/remember"
)

func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

type factRow struct {
	Subject, Predicate, Claim, Kind, Channel, Origin, Speaker string
	Audience                                                  []string
	ValidFrom                                                 time.Time
}

func readFacts(t *testing.T, pool *pgxpool.Pool, member string) map[string]factRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id, subject, predicate, claim, fact_kind, channel, origin,
		coalesce(speaker, ''), audience, valid_from FROM facts WHERE member_id = $1`, member)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]factRow{}
	for rows.Next() {
		var id string
		var f factRow
		if err := rows.Scan(&id, &f.Subject, &f.Predicate, &f.Claim, &f.Kind, &f.Channel, &f.Origin, &f.Speaker, &f.Audience, &f.ValidFrom); err != nil {
			t.Fatal(err)
		}
		out[id] = f
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMemorizeFactAndNote(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()

	req := remember.Request{Member: "alice", Subject: "member:alice", Predicate: "Lives In", Claim: "Lisbon",
		Audience: []string{"person:bob", " member:alice", "person:bob"}, Channel: "web:chat", At: at("2024-05-01T10:00:00Z")}
	res, err := remember.Memorize(ctx, pool, req)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Inserted || res.ID == "" || res.Kind != "world" {
		t.Fatalf("first memorize: %+v", res)
	}
	again, err := remember.Memorize(ctx, pool, req)
	if err != nil {
		t.Fatal(err)
	}
	if again.Inserted || again.ID != res.ID {
		t.Fatalf("memorizing the same fact again wrote a row: first %+v, again %+v", res, again)
	}

	note, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Note: "  allergic to peanuts ",
		Audience: []string{"member:alice"}, Channel: "telegram:dm", Speaker: "member:alice", Kind: "experience"})
	if err != nil {
		t.Fatal(err)
	}
	// Without a time (a model's call, a client's retry), the same fact in
	// force is already memorized: the retry writes nothing.
	retry, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Note: "allergic to peanuts",
		Audience: []string{"member:alice"}, Channel: "telegram:dm", Speaker: "member:alice", Kind: "experience"})
	if err != nil || retry.Inserted || retry.ID != note.ID {
		t.Fatalf("a retry without a time: %+v, %v (first %s)", retry, err, note.ID)
	}
	// said to other people, it is another fact
	other, err := remember.Memorize(ctx, pool, remember.Request{Member: "alice", Note: "allergic to peanuts",
		Audience: []string{"member:alice", "person:bob"}, Channel: "telegram:dm", Speaker: "member:alice", Kind: "experience"})
	if err != nil || !other.Inserted {
		t.Fatalf("the same note to other people: %+v, %v", other, err)
	}

	got := readFacts(t, pool, "alice")
	if len(got) != 3 {
		t.Fatalf("want 3 facts, got %d: %+v", len(got), got)
	}
	f := got[res.ID]
	if f.Subject != "member:alice" || f.Predicate != "Lives In" || f.Claim != "Lisbon" || f.Origin != "memorize" ||
		f.Channel != "web:chat" || f.Speaker != "member:alice" || !f.ValidFrom.Equal(*req.At) {
		t.Fatalf("fact row: %+v", f)
	}
	if want := []string{"member:alice", "person:bob"}; len(f.Audience) != 2 || f.Audience[0] != want[0] || f.Audience[1] != want[1] {
		t.Fatalf("audience not normalised: %v", f.Audience)
	}
	n := got[note.ID]
	if n.Subject != "member:alice" || n.Predicate != remember.NotePredicate || n.Claim != "allergic to peanuts" ||
		n.Kind != "experience" || n.Channel != "telegram:dm" {
		t.Fatalf("note row: %+v", n)
	}
	if len(readFacts(t, pool, "bob")) != 0 {
		t.Fatal("a fact leaked to another member")
	}
}

func TestMemorizeRefusals(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	base := remember.Request{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "tea",
		Audience: []string{"member:alice"}, Channel: "web:chat"}
	for _, tc := range []struct {
		name string
		edit func(*remember.Request)
		code memhive.Code
	}{
		{"no audience", func(r *remember.Request) { r.Audience = nil }, memhive.CodeMissingAudience},
		{"blank audience", func(r *remember.Request) { r.Audience = []string{" ", ""} }, memhive.CodeMissingAudience},
		{"no channel", func(r *remember.Request) { r.Channel = "  " }, memhive.CodeMissingChannel},
		{"bad member", func(r *remember.Request) { r.Member = "Alice!" }, memhive.CodeInvalidMember},
		{"fact and note", func(r *remember.Request) { r.Note = "also this" }, memhive.CodeMalformedRequest},
		{"half a fact", func(r *remember.Request) { r.Claim = "" }, memhive.CodeMalformedRequest},
		{"nothing", func(r *remember.Request) { r.Subject, r.Predicate, r.Claim = "", "", "" }, memhive.CodeMalformedRequest},
		{"bad kind", func(r *remember.Request) { r.Kind = "rumour" }, memhive.CodeMalformedRequest},
		{"too large", func(r *remember.Request) { r.Claim = strings.Repeat("a", remember.MaxText+1) }, memhive.CodeTextTooLarge},
		// what the turn lane refuses of the same fields, refused the same
		// way on every way in (HTTP and the memorize tool call Memorize)
		{"a NUL in the claim", func(r *remember.Request) { r.Claim = "x\x00y" }, memhive.CodeInvalidText},
		{"a NUL in the subject", func(r *remember.Request) { r.Subject = "member:\x00alice" }, memhive.CodeInvalidText},
		{"a bell in a note", func(r *remember.Request) { r.Subject, r.Predicate, r.Claim, r.Note = "", "", "", "bell\x07" }, memhive.CodeInvalidText},
		{"an escape in the channel", func(r *remember.Request) { r.Channel = "c\x1b" }, memhive.CodeInvalidText},
		{"a control in an audience entry", func(r *remember.Request) { r.Audience = []string{"member:po\x01ison"} }, memhive.CodeInvalidText},
		{"a NUL in the speaker", func(r *remember.Request) { r.Speaker = "person:\x00" }, memhive.CodeInvalidText},
		{"a C1 control in the session", func(r *remember.Request) { r.Session = "s\u0085" }, memhive.CodeInvalidText},
		{"not UTF-8", func(r *remember.Request) { r.Claim = "tea \xff" }, memhive.CodeInvalidText},
		{"a long channel", func(r *remember.Request) { r.Channel = strings.Repeat("c", 5000) }, memhive.CodeFieldTooLong},
		{"a long audience entry", func(r *remember.Request) { r.Audience = []string{"person:" + strings.Repeat("a", 300)} }, memhive.CodeFieldTooLong},
		{"a long speaker", func(r *remember.Request) { r.Speaker = strings.Repeat("s", 257) }, memhive.CodeFieldTooLong},
		// keys of btree indexes, whose row holds about 2,700 bytes (a 12 KB
		// subject was refused by the store, SQLSTATE 54000)
		{"a long subject", func(r *remember.Request) { r.Subject = testtext.Incompressible(12000) }, memhive.CodeFieldTooLong},
		{"a subject over MaxSubject", func(r *remember.Request) { r.Subject = strings.Repeat("s", remember.MaxSubject+1) }, memhive.CodeFieldTooLong},
		{"a long predicate", func(r *remember.Request) { r.Predicate = strings.Repeat("p", remember.MaxPredicate+1) }, memhive.CodeFieldTooLong},
		// under the cap in bytes, over it folded (ΐ, 2 bytes, folds to 6)
		{"a subject that folds longer", func(r *remember.Request) { r.Subject = strings.Repeat("ΐ", remember.MaxSubject/4) }, memhive.CodeFieldTooLong},
		{"a large audience", func(r *remember.Request) {
			r.Audience = nil
			for i := range 10000 {
				r.Audience = append(r.Audience, fmt.Sprintf("person:p%d", i))
			}
		}, memhive.CodeFieldTooLong},
		{"the zero time", func(r *remember.Request) { r.At = new(time.Time) }, memhive.CodeMalformedRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := base
			tc.edit(&r)
			_, err := remember.Memorize(ctx, pool, r)
			var e *memhive.Error
			if !errors.As(err, &e) || e.Code != tc.code || e.Message == "" {
				t.Fatalf("want %s with a sentence, got %v", tc.code, err)
			}
		})
	}
	if n := len(readFacts(t, pool, "alice")); n != 0 {
		t.Fatalf("refused requests wrote %d facts", n)
	}
}

// A note of 12 KB that does not compress, well under MaxText, is stored
// (it was refused with SQLSTATE 54000 while facts_claim_canon_idx held the
// whole claim: migration 031), and memorizing it again is the same fact.
func TestMemorizeLongNote(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	req := remember.Request{Member: "alice", Note: testtext.Incompressible(12000), Audience: []string{"member:alice"}, Channel: "web:chat"}
	res, err := remember.Memorize(ctx, pool, req)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Inserted || len(res.Claim) != 12000 {
		t.Fatalf("first memorize: inserted %v, claim of %d bytes", res.Inserted, len(res.Claim))
	}
	// no time given: found as the same fact in force
	again, err := remember.Memorize(ctx, pool, req)
	if err != nil {
		t.Fatal(err)
	}
	if again.Inserted || again.ID != res.ID {
		t.Fatalf("memorizing the long note again: first %s, again %s (inserted %v)", res.ID, again.ID, again.Inserted)
	}
	// a time given: written once by claim_hash
	req.At = at("2024-05-01T10:00:00Z")
	for i, want := range []bool{true, false} {
		r, err := remember.Memorize(ctx, pool, req)
		if err != nil || r.Inserted != want {
			t.Fatalf("memorize at a time, #%d: %+v, %v", i+1, r, err)
		}
	}
	if n := len(readFacts(t, pool, "alice")); n != 2 {
		t.Fatalf("want 2 facts (now and at the time given), got %d", n)
	}
	// the longest subject and predicate the caps allow, with a long claim
	long := remember.Request{Member: "alice", Subject: testtext.Incompressible(remember.MaxSubject), Predicate: testtext.Incompressible(remember.MaxPredicate),
		Claim: testtext.Incompressible(12000), Audience: []string{"member:alice"}, Channel: "web:chat"}
	if r, err := remember.Memorize(ctx, pool, long); err != nil || !r.Inserted {
		t.Fatalf("the longest subject and predicate: %+v, %v", r, err)
	}
}

func TestMemorizePinnedWritesOneBelief(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	req := remember.Request{Member: "alice", Subject: "member:alice", Predicate: "prefers", Claim: "short answers",
		Audience: []string{"member:alice"}, Channel: "web:chat", At: at("2024-01-02T03:04:05Z"), Pinned: true}
	res, err := remember.Memorize(ctx, pool, req)
	if err != nil {
		t.Fatal(err)
	}
	if res.BeliefID == "" {
		t.Fatal("pinned memorize wrote no belief")
	}
	if _, err := remember.Memorize(ctx, pool, req); err != nil {
		t.Fatal(err)
	}
	var n int
	var statement string
	var pinned bool
	var src []string
	if err := pool.QueryRow(ctx, `SELECT count(*) OVER (), statement, pinned, source_fact_ids FROM beliefs WHERE member_id = 'alice'`).
		Scan(&n, &statement, &pinned, &src); err != nil {
		t.Fatal(err)
	}
	if n != 1 || !pinned || statement != "member:alice prefers short answers" || len(src) != 1 || src[0] != res.ID {
		t.Fatalf("belief: n=%d pinned=%v statement=%q src=%v", n, pinned, statement, src)
	}
}

func TestServiceStoreRefused(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	svc := remember.New(pool)
	pool.Close() // the store is gone
	_, err := svc.Memorize(context.Background(), remember.Request{Member: "alice", Note: "x",
		Audience: []string{"member:alice"}, Channel: "web:chat"})
	if memhive.CodeOf(err) != memhive.CodeStoreRefused {
		t.Fatalf("want store_refused, got %v", err)
	}
}

func TestDecode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, member, body string
		code               memhive.Code
	}{
		{"ok", "alice", `{"note":"hi","audience":["member:alice"],"channel":"web:chat"}`, ""},
		{"ok same member", "alice", `{"member":"alice","note":"hi","audience":["member:alice"],"channel":"c"}`, ""},
		{"mismatch", "alice", `{"member":"bob","note":"hi","audience":["member:alice"],"channel":"c"}`, memhive.CodeMemberMismatch},
		{"no audience", "alice", `{"note":"hi","channel":"c"}`, memhive.CodeMissingAudience},
		{"audience not a list", "alice", `{"note":"hi","audience":"member:alice","channel":"c"}`, memhive.CodeMissingAudience},
		{"unknown field", "alice", `{"note":"hi","audience":["a"],"channel":"c","tier":"1"}`, memhive.CodeMalformedRequest},
		{"not json", "alice", `hello`, memhive.CodeMalformedRequest},
		{"trailing", "alice", `{"note":"hi","audience":["a"],"channel":"c"} {}`, memhive.CodeMalformedRequest},
		{"bad member", "Alice", `{"note":"hi","audience":["a"],"channel":"c"}`, memhive.CodeInvalidMember},
		{"half a surrogate pair", "alice", `{"note":"hi \ud800","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a whole surrogate pair", "alice", `{"note":"hi \ud83d\ude00","audience":["member:alice"],"channel":"c"}`, ""},
		{"a low surrogate alone", "alice", `{"note":"hi \udc00","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"tab and newline in a note", "alice", `{"note":"a\tb\nc\r","audience":["member:alice"],"channel":"c"}`, ""},
		{"tab and newline in a claim", "alice", `{"subject":"person:sam","predicate":"works at","claim":"Acme\tLtd\nBerlin","audience":["member:alice"],"channel":"c"}`, ""},
		// the subject and the predicate are key fields (btree keys, the
		// names a fact is found by): they were stored with the tab
		{"a tab in the subject", "alice", `{"subject":"person:\tsam","predicate":"works at","claim":"Acme","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a newline in the predicate", "alice", `{"subject":"person:sam","predicate":"works\nat","claim":"Acme","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a carriage return in the subject", "alice", `{"subject":"person:sam\r","predicate":"works at","claim":"Acme","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		// what the turn lane refuses, refused before the store is asked: a
		// NUL the store refused was retried forever
		{"a NUL in the note", "alice", `{"note":"x\u0000y","audience":["member:poison"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a NUL in the subject", "alice", `{"subject":"x\u0000","predicate":"p","claim":"c","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a NUL in the speaker", "alice", `{"note":"x","speaker":"a\u0000","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a bell in the note", "alice", `{"note":"bell\u0007","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"an escape in the channel", "alice", `{"note":"x","audience":["member:alice"],"channel":"c\u001b"}`, memhive.CodeInvalidText},
		{"a control in the audience", "alice", `{"note":"x","audience":["member:po\u0001ison"],"channel":"c"}`, memhive.CodeInvalidText},
		{"raw bytes not UTF-8", "alice", "{\"note\":\"x\xff\",\"audience\":[\"member:alice\"],\"channel\":\"c\"}", memhive.CodeInvalidText},
		{"a long channel", "alice", `{"note":"x","audience":["member:alice"],"channel":"` + strings.Repeat("c", 5000) + `"}`, memhive.CodeFieldTooLong},
		{"the zero time", "alice", `{"note":"x","audience":["member:alice"],"channel":"c","at":"0001-01-01T00:00:00Z"}`, memhive.CodeMalformedRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := remember.Decode(tc.member, []byte(tc.body))
			if tc.code == "" {
				if err != nil || req.Member != tc.member {
					t.Fatalf("want ok, got %v %+v", err, req)
				}
				return
			}
			if memhive.CodeOf(err) != tc.code {
				t.Fatalf("want %s, got %v", tc.code, err)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("alice", []byte(`{"note":"hi","audience":["member:alice"],"channel":"web:chat"}`))
	f.Add("alice", []byte(`{"subject":"s","predicate":"p","claim":"c","audience":["*"],"channel":"x","at":"2024-01-01T00:00:00Z"}`))
	f.Add("bob", []byte(`{"audience":null}`))
	f.Fuzz(func(t *testing.T, member string, data []byte) {
		req, err := remember.Decode(member, data)
		if err != nil {
			var e *memhive.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("uncoded error %v", err)
			}
			return
		}
		if req.Member != member || len(memhive.NormalizeAudience(req.Audience)) == 0 {
			t.Fatalf("accepted %+v", req)
		}
	})
}

type lane struct {
	pool *pgxpool.Pool
	nc   *nats.Conn
	js   jetstream.JetStream
	c    *remember.Consumer
}

func setupLane(t *testing.T) lane {
	t.Helper()
	pool := dbtest.New(t)
	srv := natstest.Start(t)
	nc := srv.Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	c, err := remember.Consume(context.Background(), js, pool, "memhive", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Stop)
	return lane{pool: pool, nc: nc, js: js, c: c}
}

// publish puts body on the lane with a reply header and returns the outcome.
// consumerInfo is the lane's durable consumer as the server sees it.
func (l lane) consumerInfo(t *testing.T) *jetstream.ConsumerInfo {
	t.Helper()
	cons, err := l.js.Consumer(context.Background(), remember.Stream, remember.Durable)
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info
}

func (l lane) publish(t *testing.T, member string, body string, msgID string) []byte {
	t.Helper()
	inbox := nats.NewInbox()
	sub, err := l.nc.SubscribeSync(inbox)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	msg := nats.NewMsg(remember.Subject("memhive", member))
	msg.Data = []byte(body)
	msg.Header.Set(remember.ReplyHeader, inbox)
	if msgID != "" {
		msg.Header.Set(jetstream.MsgIDHeader, msgID)
	}
	if _, err := l.js.PublishMsg(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	out, err := sub.NextMsg(30 * time.Second)
	if err != nil {
		t.Fatalf("no outcome on the reply subject: %v", err)
	}
	return out.Data
}

func TestLaneMemorizes(t *testing.T) {
	t.Parallel()
	l := setupLane(t)
	out := l.publish(t, "alice", `{"subject":"member:alice","predicate":"works_at","claim":"Acme",
		"audience":["member:alice","person:carol"],"channel":"slack:#team","speaker":"person:carol"}`, "m1")
	var res remember.Result
	if err := json.Unmarshal(out, &res); err != nil || !res.Inserted || res.ID == "" {
		t.Fatalf("outcome %s: %v", out, err)
	}
	got := readFacts(t, l.pool, "alice")
	f, ok := got[res.ID]
	if len(got) != 1 || !ok || f.Claim != "Acme" || f.Speaker != "person:carol" || f.Origin != "memorize" {
		t.Fatalf("facts: %+v", got)
	}
	// The lane's message is acknowledged after the commit.
	info := l.consumerInfo(t)
	if info.AckFloor.Stream != 1 || info.NumAckPending != 0 {
		t.Fatalf("ack floor %d, pending %d", info.AckFloor.Stream, info.NumAckPending)
	}
}

func TestLaneRefuses(t *testing.T) {
	t.Parallel()
	l := setupLane(t)
	rejects, err := l.nc.SubscribeSync("memhive.alice.reject")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		body string
		code memhive.Code
	}{
		{`{"note":"secret","channel":"web:chat"}`, memhive.CodeMissingAudience},
		{`{"note":"secret","audience":["member:alice"]}`, memhive.CodeMissingChannel},
		{`{"member":"bob","note":"secret","audience":["member:alice"],"channel":"c"}`, memhive.CodeMemberMismatch},
		{`{"note":"secret","audience":["member:alice"],"channel":"c","audiences":["*"]}`, memhive.CodeMalformedRequest},
	} {
		out := l.publish(t, "alice", tc.body, "")
		var body memhive.ErrorBody
		if err := json.Unmarshal(out, &body); err != nil || body.Error == nil || body.Error.Code != tc.code || body.Error.Message == "" {
			t.Fatalf("%s: want %s, got %s", tc.body, tc.code, out)
		}
		rej, err := rejects.NextMsg(30 * time.Second)
		if err != nil {
			t.Fatalf("no reject published: %v", err)
		}
		var rb memhive.ErrorBody
		if err := json.Unmarshal(rej.Data, &rb); err != nil || rb.Error.Code != tc.code {
			t.Fatalf("reject %s", rej.Data)
		}
	}
	if n := len(readFacts(t, l.pool, "alice")); n != 0 {
		t.Fatalf("refused requests wrote %d facts", n)
	}
	var n int
	var raw []byte
	if err := l.pool.QueryRow(context.Background(), `SELECT count(*) OVER (), raw FROM refusals
		WHERE member_id = 'alice' AND code = 'missing_audience'`).Scan(&n, &raw); err != nil {
		t.Fatal(err)
	}
	if n != 1 || string(raw) != `{"note":"secret","channel":"web:chat"}` {
		t.Fatalf("refusal row: n=%d raw=%s", n, raw)
	}
	var total int
	if err := l.pool.QueryRow(context.Background(), `SELECT count(*) FROM refusals WHERE member_id = 'alice'`).Scan(&total); err != nil {
		t.Fatal(err)
	}
	if total != 4 {
		t.Fatalf("want 4 refusals kept, got %d", total)
	}
}

// A request whose data the store refuses (here an index row over
// Postgres's limit, SQLSTATE 54000: no retry can change it) is refused
// store_refused, kept in refusals and answered, not retried forever; and
// the consumer's deliveries are bounded, so what the store never takes
// ends as a refusal too.
func TestLaneRefusesWhatTheStoreRefuses(t *testing.T) {
	t.Parallel()
	l := setupLane(t)
	// A row this schema's facts refuse (a check constraint, SQLSTATE
	// 23514): the same bytes are refused on every delivery. (A 12 KB note
	// once did this by overflowing a btree row; migration 031.)
	if _, err := l.pool.Exec(context.Background(), `ALTER TABLE facts ADD CONSTRAINT no_poison CHECK (claim <> 'poison')`); err != nil {
		t.Fatal(err)
	}
	out := l.publish(t, "alice", `{"note":"poison","audience":["member:alice"],"channel":"c"}`, "")
	var body memhive.ErrorBody
	if err := json.Unmarshal(out, &body); err != nil || body.Error == nil || body.Error.Code != memhive.CodeStoreRefused ||
		!strings.Contains(body.Error.Message, "SQLSTATE 23") {
		t.Fatalf("want store_refused naming the SQLSTATE, got %.300s", out)
	}
	var code string
	if err := l.pool.QueryRow(context.Background(), `SELECT code FROM refusals WHERE member_id = 'alice'`).Scan(&code); err != nil || code != "store_refused" {
		t.Fatalf("refusal kept: %q, %v", code, err)
	}
	// the lane moved on, and takes a long note that does not compress
	for _, note := range []string{"tea", testtext.Incompressible(12000)} {
		out = l.publish(t, "alice", `{"note":"`+note+`","audience":["member:alice"],"channel":"c"}`, "")
		if !strings.Contains(string(out), `"inserted":true`) {
			t.Fatalf("outcome %.300s", out)
		}
	}
	info := l.consumerInfo(t)
	if info.Config.MaxDeliver <= 0 || info.NumAckPending != 0 {
		t.Fatalf("max deliver %d (want a bound), pending %d", info.Config.MaxDeliver, info.NumAckPending)
	}
}

func TestLaneDuplicatesWriteOnce(t *testing.T) {
	t.Parallel()
	l := setupLane(t)
	body := `{"note":"call mum on sunday","kind":"foresight","audience":["member:alice"],"channel":"web:chat"}`
	l.publish(t, "alice", body, "dup-1")
	// The same id again is dropped by the stream; a later message proves the
	// lane moved past it without writing a second fact.
	msg := nats.NewMsg(remember.Subject("memhive", "alice"))
	msg.Data = []byte(body)
	msg.Header.Set(jetstream.MsgIDHeader, "dup-1")
	ack, err := l.js.PublishMsg(context.Background(), msg)
	if err != nil || !ack.Duplicate {
		t.Fatalf("want a duplicate ack, got %+v %v", ack, err)
	}
	l.publish(t, "alice", `{"note":"other","audience":["member:alice"],"channel":"web:chat"}`, "dup-2")
	if n := len(readFacts(t, l.pool, "alice")); n != 2 {
		t.Fatalf("want 2 facts, got %d", n)
	}
}

func TestConsumerStopTwice(t *testing.T) {
	t.Parallel()
	l := setupLane(t)
	l.c.Stop()
	l.c.Stop()
	if err := l.c.Start(context.Background()); err != nil {
		t.Fatalf("restart after stop: %v", err)
	}
	out := l.publish(t, "alice", `{"note":"after restart","audience":["member:alice"],"channel":"c"}`, "")
	var res remember.Result
	if err := json.Unmarshal(out, &res); err != nil || !res.Inserted {
		t.Fatalf("outcome %s", out)
	}
}

func TestConsumerEndsWithItsContext(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	srv := natstest.Start(t)
	nc := srv.Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c, err := remember.Consume(ctx, js, pool, "memhive", nil)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	c.Stop() // returns: fetching has stopped, nothing is in hand
	l := lane{pool: pool, nc: nc, js: js}
	if _, err := js.Publish(context.Background(), remember.Subject("memhive", "alice"),
		[]byte(`{"note":"while stopped","audience":["member:alice"],"channel":"c"}`)); err != nil {
		t.Fatal(err)
	}
	// A new consumer on the same durable picks the message up, before the
	// next one (one durable, in order).
	c2, err := remember.Consume(context.Background(), js, pool, "memhive", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c2.Stop)
	out := l.publish(t, "alice", `{"note":"after","audience":["member:alice"],"channel":"c"}`, "")
	if !strings.Contains(string(out), `"inserted":true`) {
		t.Fatalf("outcome %s", out)
	}
	if n := len(readFacts(t, l.pool, "alice")); n != 2 {
		t.Fatalf("want both notes written in order, got %d", n)
	}
}

// A memorize reply goes only to an inbox: memhive answers with its own
// rights, so a Memhive-Reply-To naming another member's lane (or the
// JetStream API) is not answered there — the fact is still memorized.
func TestLaneRepliesOnlyToAnInbox(t *testing.T) {
	t.Parallel()
	l := setupLane(t)
	bob := "memhive.bob.episode"
	sub, err := l.nc.SubscribeSync(bob)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	msg := nats.NewMsg(remember.Subject("memhive", "alice"))
	msg.Data = []byte(`{"note":"inject","audience":["member:alice"],"channel":"web:chat"}`)
	msg.Header.Set(remember.ReplyHeader, bob)
	if _, err := l.js.PublishMsg(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	// the next, with an inbox, is answered: by then the first is handled
	out := l.publish(t, "alice", `{"note":"a second note","audience":["member:alice"],"channel":"web:chat"}`, "")
	if !strings.Contains(string(out), `"inserted":true`) {
		t.Fatalf("the inbox reply: %s", out)
	}
	for deadline := time.Now().Add(20 * time.Second); len(readFacts(t, l.pool, "alice")) < 2; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("facts: %d, want both notes", len(readFacts(t, l.pool, "alice")))
		}
	}
	// both handled: a reply on bob's lane would have been published by now
	if err := l.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	if m, err := sub.NextMsg(500 * time.Millisecond); err == nil {
		t.Fatalf("memhive answered on another member's lane: %s", m.Data)
	}
}

// update_memory's valid_from is read as every surface reads a time: RFC
// 3339 with a zone, or a date (its start); a time without a zone and an
// unknown field are refused.
func TestUpdateArgsValidFrom(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"id":"f","claim":"c","valid_from":"2026-11-30T10:00:00+01:00"}`: "2026-11-30T09:00:00Z",
		`{"id":"f","claim":"c","valid_from":"2026-11-30"}`:                "2026-11-30T00:00:00Z",
		`{"id":"f","claim":"c"}`:                                          "",
	} {
		var a remember.UpdateArgs
		if err := json.Unmarshal([]byte(in), &a); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got := ""
		if a.ValidFrom != nil {
			got = a.ValidFrom.UTC().Format(time.RFC3339)
		}
		if got != want || a.ID != "f" || a.Claim != "c" {
			t.Errorf("%s: %+v (valid_from %q), want %q", in, a, got, want)
		}
	}
	for _, in := range []string{`{"id":"f","claim":"c","valid_from":"2026-11-30T10:00:00"}`, `{"id":"f","claim":"c","whatever":1}`} {
		var a remember.UpdateArgs
		if err := json.Unmarshal([]byte(in), &a); err == nil {
			t.Errorf("%s: accepted %+v", in, a)
		}
	}
}
