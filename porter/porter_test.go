package porter_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/bench"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/testtext"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/porter"
	"github.com/memhive/memhive/recall"
)

var t0 = time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)

// record writes a member with what a record holds: turns in several
// sessions and audiences, closed (facts, entities, edges, summaries), a
// nightly pass (supersession, beliefs), vectors.
func record(t *testing.T, pool *pgxpool.Pool, emb embed.Embedder) {
	t.Helper()
	ctx := context.Background()
	alone := []string{"member:alice"}
	withBob := []string{"member:alice", "person:bob"}
	say := []struct {
		session, speaker, text string
		aud                    []string
	}{
		{"s1", "member:alice", "I live in Berlin. My sister Carol lives in Rome.", alone},
		{"s1", "member:alice", "My manager is Dave Chen and I work at Siemens.", alone},
		{"s1", "assistant:talky", "Noted, Berlin and Siemens.", alone},
		{"s2", "member:alice", "Bob, we are off to Lisbon for the summer vacation.", withBob},
		{"s2", "person:bob", "I love Lisbon, I lived there for two years.", withBob},
		{"s2", "member:alice", "I drank coffee with Carol this morning.", withBob},
		{"s3", "member:alice", "I moved to Lisbon last month. I live in Lisbon now.", alone},
		{"s3", "member:alice", "I want to learn to surf next summer.", alone},
		{"s3", "member:alice", "My dog Rex loves the beach.", alone},
	}
	var eps []episodes.Episode
	for i, s := range say {
		at := t0.Add(time.Duration(i) * 24 * time.Hour)
		eps = append(eps, episodes.Episode{Member: "alice", ID: episodes.SeqID(at, uint64(i+1)), Session: s.session, Channel: "web:chat",
			Role: "user", Speaker: s.speaker, Audience: s.aud, Content: s.text, Ref: fmt.Sprintf("ref-%d", i), HappenedAt: at})
	}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := episodes.Insert(ctx, tx, eps); err != nil {
			return err
		}
		return episodes.TouchSessions(ctx, tx, eps)
	}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"s1", "s2", "s3"} {
		if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: s, Channel: "web:chat"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Now: t0.Add(30 * 24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, err := bench.EmbedAll(ctx, pool, emb, 64, nil); err != nil {
		t.Fatal(err)
	}
}

var golden = []string{
	"where does Alice live", "Berlin", "Lisbon", "vacation", "trip to Portugal", "sister", "Carol", "Rome",
	"who is the manager", "Dave", "Siemens job", "coffee", "this morning", "surf", "dog", "Rex beach",
	"Bob", "what did Bob say about Lisbon", "moved last month", "summer plans", "where does Carol live", "Alice",
}

var askers = []struct {
	aud     []string
	session string
}{{[]string{"member:alice"}, "s3"}, {[]string{"member:alice", "person:bob"}, "s2"}, {[]string{"person:bob"}, "s2"}}

// answers asks every golden question of every asker at tiers 0 and 1 and
// returns the answers' text, items and legs, by question.
func answers(t *testing.T, pool *pgxpool.Pool, emb embed.Embedder) map[string]string {
	t.Helper()
	svc := recall.New(pool, recall.Config{}, emb, nil)
	asOf := t0.Add(40 * 24 * time.Hour)
	out := map[string]string{}
	for _, a := range askers {
		for _, tier := range []string{"0", "1"} {
			for _, q := range golden {
				ans, err := svc.Recall(context.Background(), recall.Request{Member: "alice", Query: q, Tier: tier, Audience: a.aud,
					Channel: "web:chat", Session: a.session, AsOf: &asOf})
				if err != nil {
					t.Fatalf("%v tier %s %q: %v", a.aud, tier, q, err)
				}
				body, _ := json.Marshal(struct {
					Text  string
					Items []recall.Item
					Legs  []recall.Leg
				}{ans.Text, ans.Items, ans.Legs})
				out[fmt.Sprintf("%v/%s/%s", a.aud, tier, q)] = string(body)
			}
		}
	}
	return out
}

func counts(t *testing.T, pool *pgxpool.Pool) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, tb := range append(slices.Clone(porter.Tables), "emb_models") {
		var n int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM `+tb).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[tb] = n
	}
	return out
}

// SPEC §10: exported and imported into an empty hive, a member answers tier
// 0 and tier 1 identically; importing the same export again writes 0 rows.
func TestExportImportAnswersIdentically(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	emb := embed.NewHashing(256)
	a := dbtest.New(t)
	record(t, a, emb)
	before := answers(t, a, emb)
	dir := t.TempDir()
	m, err := porter.Export(ctx, a, "alice", dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, tf := range m.Tables {
		rows += tf.Rows
	}
	if rows == 0 || m.Tables[0].Rows != 9 {
		t.Fatalf("manifest %+v", m)
	}

	// A member with no row anywhere (a mistyped id) is not found, and
	// nothing is written.
	none := filepath.Join(t.TempDir(), "none")
	var me *memhive.Error
	if _, err := porter.Export(ctx, a, "alcie", none, nil); !errors.As(err, &me) || me.Code != memhive.CodeNotFound {
		t.Fatalf("export of a member with no record: %v", err)
	}
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Fatalf("export of a member with no record made %s: %v", none, err)
	}

	b := dbtest.New(t)
	if err := embed.Register(ctx, b, emb, true); err != nil { // the new hive runs the same embedder
		t.Fatal(err)
	}
	rep, err := porter.Import(ctx, b, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	// every row is new but the model row the new hive registered itself
	if rep.Rows != rows || rep.Written != rows-1 {
		t.Fatalf("import wrote %d of %d rows (%d exported): %+v", rep.Written, rep.Rows, rows, rep.Tables)
	}
	ca, cb := counts(t, a), counts(t, b)
	for tb, n := range ca {
		if cb[tb] != n {
			t.Errorf("table %s: %d rows in the imported hive, %d in the exporting one", tb, cb[tb], n)
		}
	}
	after := answers(t, b, emb)
	if len(after) < 20*2 {
		t.Fatalf("only %d golden answers", len(after))
	}
	diff := 0
	for k, v := range before {
		if after[k] != v {
			diff++
			if diff <= 3 {
				t.Errorf("%s differs after the move:\nbefore %s\nafter  %s", k, v, after[k])
			}
		}
	}
	if diff > 0 {
		t.Fatalf("%d of %d answers differ", diff, len(before))
	}
	again, err := porter.Import(ctx, b, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Written != 0 {
		t.Fatalf("importing again wrote %d rows: %+v", again.Written, again.Tables)
	}
}

// A fact forgotten (or superseded) in the exporting hive after an earlier
// copy is forgotten in the importing one when the newer export is imported:
// the rows there win, but the closings they lack are taken, and nothing is
// reopened; importing the same export again writes nothing.
func TestReimportCarriesForgetting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	emb := embed.NewHashing(256)
	a, b := dbtest.New(t), dbtest.New(t)
	record(t, a, emb)
	if err := embed.Register(ctx, b, emb, true); err != nil {
		t.Fatal(err)
	}
	first := t.TempDir()
	if _, err := porter.Export(ctx, a, "alice", first, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := porter.Import(ctx, b, first, nil); err != nil {
		t.Fatal(err)
	}
	var id string
	if err := a.QueryRow(ctx, `SELECT id FROM facts WHERE member_id = 'alice' AND predicate = 'has_pet' AND expired_at IS NULL`).Scan(&id); err != nil {
		t.Fatalf("the dog fact: %v", err)
	}
	if _, err := a.Exec(ctx, `UPDATE facts SET expired_at = now(), closure_source = 'forget:privacy' WHERE member_id = 'alice' AND id = $1`, id); err != nil {
		t.Fatal(err)
	}
	second := t.TempDir()
	if _, err := porter.Export(ctx, a, "alice", second, nil); err != nil {
		t.Fatal(err)
	}
	rep, err := porter.Import(ctx, b, second, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tables["facts"] != 1 {
		t.Fatalf("the newer export wrote %d facts rows, want the one forgotten: %+v", rep.Tables["facts"], rep.Tables)
	}
	var reason string
	if err := b.QueryRow(ctx, `SELECT coalesce(closure_source, '') FROM facts WHERE member_id = 'alice' AND id = $1 AND expired_at IS NOT NULL`, id).Scan(&reason); err != nil || reason != "forget:privacy" {
		t.Fatalf("the forgotten fact in the importing hive: %q, %v", reason, err)
	}
	// importing the first (older) export again reopens nothing, writes nothing
	again, err := porter.Import(ctx, b, first, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Written != 0 {
		t.Fatalf("the older export wrote %d rows: %+v", again.Written, again.Tables)
	}
	var open int
	if err := b.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'alice' AND id = $1 AND expired_at IS NULL`, id).Scan(&open); err != nil || open != 0 {
		t.Fatalf("the older export reopened the forgotten fact (%d, %v)", open, err)
	}
}

// A corrupt export (altered bytes, a truncated file, another version, a
// row of another member, a row the store refuses) is refused whole: nothing
// is written.
func TestCorruptExportRefusedWhole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	emb := embed.NewHashing(64)
	a := dbtest.New(t)
	record(t, a, emb)
	dir := t.TempDir()
	if _, err := porter.Export(ctx, a, "alice", dir, nil); err != nil {
		t.Fatal(err)
	}
	copyDir := func(t *testing.T) string {
		d := t.TempDir()
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			if err := os.WriteFile(filepath.Join(d, e.Name()), b, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	edit := func(d, file string, f func([]byte) []byte) {
		b, err := os.ReadFile(filepath.Join(d, file))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, file), f(b), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rehash := func(d string) { // a consistent manifest for an edited file
		var m porter.Manifest
		b, _ := os.ReadFile(filepath.Join(d, porter.ManifestFile))
		_ = json.Unmarshal(b, &m)
		for i, tf := range m.Tables {
			data, _ := os.ReadFile(filepath.Join(d, tf.File))
			m.Tables[i].SHA256 = sha(data)
			m.Tables[i].Rows = len(splitLines(data))
		}
		b, _ = json.Marshal(m)
		_ = os.WriteFile(filepath.Join(d, porter.ManifestFile), b, 0o600)
	}
	cases := []struct {
		name   string
		mangle func(d string)
		want   string
	}{
		{"altered byte", func(d string) {
			edit(d, "facts.jsonl", func(b []byte) []byte { b[len(b)/2] ^= 1; return b })
		}, "sha256"},
		{"truncated file", func(d string) {
			edit(d, "episodes.jsonl", func(b []byte) []byte { return b[:len(b)-40] })
		}, "sha256"},
		{"another version", func(d string) {
			edit(d, porter.ManifestFile, func(b []byte) []byte {
				return []byte(replace(string(b), `"version": 1`, `"version": 2`))
			})
		}, "version 2"},
		{"another member's row", func(d string) {
			edit(d, "facts.jsonl", func(b []byte) []byte {
				return []byte(replace(string(b), `"member_id":"alice"`, `"member_id":"mallory"`))
			})
			rehash(d)
		}, "line 1: member_id"},
		{"a row the store refuses", func(d string) {
			edit(d, "episodes.jsonl", func(b []byte) []byte {
				return []byte(replace(string(b), `"happened_at":"2026-04-0`, `"happened_at":"not a time 2026-04-0`))
			})
			rehash(d)
		}, "line 1: the store refuses it"},
		// a fact's subject_canon is a btree key (facts_axis_idx,
		// facts_subject_time_idx): 12 KB that compresses poorly is more than
		// the store can hold, every time, and Postgres names the index;
		// memorize's caps are not the limit
		// (TestImportTakesFactsOverTheInputCaps)
		{"a subject the store cannot hold", func(d string) {
			edit(d, "facts.jsonl", func(b []byte) []byte {
				return []byte(setField(setField(string(b), "subject", testtext.Incompressible(12000)), "subject_canon", testtext.Incompressible(12000)))
			})
			rehash(d)
		}, "facts.jsonl line 1: the store cannot hold it: subject_canon of 12000 bytes is a key of the index facts_axis_idx, and an index row holds at most 2704 bytes after compression"},
		// a subject that does not compress at all is over a whole index
		// page, and Postgres names no index: the longest key is named
		{"a subject that does not compress", func(d string) {
			edit(d, "facts.jsonl", func(b []byte) []byte {
				return []byte(setField(setField(string(b), "subject", random(12000)), "subject_canon", random(12000)))
			})
			rehash(d)
		}, "facts.jsonl line 1: the store cannot hold it: subject_canon of 12000 bytes is a key of the indexes facts_axis_idx and facts_subject_time_idx, and an index row holds at most 2704 bytes after compression"},
		// text Postgres cannot hold: a NUL
		{"a subject holding a NUL", func(d string) {
			edit(d, "facts.jsonl", func(b []byte) []byte {
				return []byte(setField(string(b), "subject", `a\u0000b`))
			})
			rehash(d)
		}, "facts.jsonl line 1: the store refuses it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := copyDir(t)
			c.mangle(d)
			b := dbtest.New(t)
			empty := counts(t, b) // the migrations' seeded rows
			_, err := porter.Import(ctx, b, d, nil)
			if !errors.Is(err, porter.ErrCorrupt) || !contains(err.Error(), c.want) {
				t.Fatalf("import: %v; want a refusal naming %q", err, c.want)
			}
			for tb, n := range counts(t, b) {
				if n != empty[tb] {
					t.Errorf("refused import wrote %d rows into %s", n-empty[tb], tb)
				}
			}
		})
	}
}

// An export holds what the store accepted, and importing it takes it all:
// a fact whose predicate (300 bytes) and subject (1.5 KB, neither
// compressible, so the index rows fit as they are) are over memorize's caps (facts.CheckAxis), as the close pass wrote them
// before it checked them (facts.Insert takes them: the index rows fit), is
// exported and imported into an empty hive with every other fact.
func TestImportTakesFactsOverTheInputCaps(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := dbtest.New(t)
	subject, predicate := random(1500), random(300)
	if facts.CheckAxis(subject, "") == nil || facts.CheckAxis("", predicate) == nil {
		t.Fatalf("subject of %d bytes and predicate of %d are within memorize's caps; the test needs them over", len(subject), len(predicate))
	}
	for _, f := range []*facts.Fact{
		{Member: "alice", Subject: subject, Predicate: predicate, Claim: "a fact the close pass wrote before its caps"},
		{Member: "alice", Subject: "member:alice", Predicate: "lives_in", Claim: "Alice lives in Lisbon"},
	} {
		f.Channel, f.Audience, f.ValidFrom = "web:chat", []string{"member:alice"}, t0
		if ok, _, err := facts.Insert(ctx, a, f); err != nil || !ok {
			t.Fatalf("facts.Insert(%.40s…): %v, %v", f.Subject, ok, err)
		}
	}
	dir := t.TempDir()
	if _, err := porter.Export(ctx, a, "alice", dir, nil); err != nil {
		t.Fatal(err)
	}
	b := dbtest.New(t)
	rep, err := porter.Import(ctx, b, dir, nil)
	if err != nil {
		t.Fatalf("import of an export of facts the store took: %v", err)
	}
	if rep.Tables["facts"] != 2 {
		t.Fatalf("import wrote %d facts, want 2: %+v", rep.Tables["facts"], rep.Tables)
	}
	all := func(pool *pgxpool.Pool) []string {
		rows, err := pool.Query(ctx, `SELECT row_to_json(f)::text FROM (SELECT * FROM facts ORDER BY id) f`)
		if err != nil {
			t.Fatal(err)
		}
		out, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if fa, fb := all(a), all(b); !slices.Equal(fa, fb) {
		t.Fatalf("facts differ after the move:\nexported %.300q\nimported %.300q", fa, fb)
	}
	var n int
	if err := b.QueryRow(ctx, `SELECT count(*) FROM facts WHERE subject = $1 AND predicate = $2`, subject, predicate).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the long fact in the importing hive: %d, %v", n, err)
	}
}

// Every table of a hive that carries member_id is either exported or left
// out on purpose: a new table makes this test ask which.
func TestEveryMemberTableIsExportedOrDerived(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	rows, err := pool.Query(context.Background(), `SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
		WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attname = 'member_id' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		if _, derived := porter.Derived[tb]; !slices.Contains(porter.Tables, tb) && !derived {
			t.Errorf("table %s has member_id but is neither in porter.Tables nor porter.Derived", tb)
		}
	}
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func splitLines(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

func replace(s, old, new string) string { return strings.Replace(s, old, new, 1) }

// setField sets the first text field named field of the JSON lines in s to v.
func setField(s, field, v string) string {
	re := regexp.MustCompile(`"` + regexp.QuoteMeta(field) + `":"(?:[^"\\]|\\.)*"`)
	done := false
	return re.ReplaceAllStringFunc(s, func(m string) string {
		if done {
			return m
		}
		done = true
		return `"` + field + `":"` + v + `"`
	})
}

// random is n characters of base64 that no compressor shortens (sha256
// chained), the same every run.
func random(n int) string {
	var b strings.Builder
	h := sha256.Sum256(nil)
	for b.Len() < n {
		h = sha256.Sum256(h[:])
		b.WriteString(base64.RawURLEncoding.EncodeToString(h[:]))
	}
	return b.String()[:n]
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// A member with no row (a mistyped id) has no record; one turn makes one.
// memhive export and memhive nightly run refuse the first.
func TestHasRecord(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if ok, err := porter.HasRecord(ctx, pool, "alcie"); err != nil || ok {
		t.Fatalf("a member with no row: %v, %v", ok, err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
		VALUES ('alice', '01HXAAAAAAAAAAAAAAAAAAAAAA', 's', 'c', 'user', 'member:alice', '{member:alice}', 'hi', now())`); err != nil {
		t.Fatal(err)
	}
	if ok, err := porter.HasRecord(ctx, pool, "alice"); err != nil || !ok {
		t.Fatalf("a member with a turn: %v, %v", ok, err)
	}
}
