package replay_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/remember"
	"github.com/memhive/memhive/replay"
)

type live struct {
	t    testing.TB
	ctx  context.Context
	pool *pgxpool.Pool
}

// setup is a test database with the hashing embedder (64 dimensions)
// registered and active.
func setup(t testing.TB) *live {
	t.Helper()
	l := setupDB(t)
	if err := embed.Register(l.ctx, l.pool, embed.NewHashing(64), true); err != nil {
		t.Fatal(err)
	}
	return l
}

func setupDB(t testing.TB) *live {
	t.Helper()
	l := &live{t: t, ctx: context.Background(), pool: dbtest.New(t)}
	// The generations' schemas are outside the test's schema: drop them
	// (this cleanup runs before dbtest drops the test's schema).
	t.Cleanup(func() {
		rows, err := l.pool.Query(context.Background(), `SELECT schema_name FROM replays`)
		if err != nil {
			return
		}
		names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
		for _, n := range names {
			_, _ = l.pool.Exec(context.Background(), `DROP SCHEMA `+pgx.Identifier{n}.Sanitize()+` CASCADE`)
		}
	})
	return l
}

// turns appends turns of alice as the appender commits a batch: the
// episodes, the sessions they touch, the embedding queue for the active
// model, in one transaction.
func (l *live) turns(session string, at time.Time, audience []string, texts ...string) {
	l.t.Helper()
	var eps []episodes.Episode
	var ids, members []string
	for i, text := range texts {
		e := episodes.Episode{Member: "alice", ID: ulid.Make().String(), Session: session, Channel: "web:chat", Role: "user",
			Speaker: "member:alice", Audience: audience, Content: text, HappenedAt: at.Add(time.Duration(i) * time.Minute)}
		eps = append(eps, e)
		ids, members = append(ids, e.ID), append(members, e.Member)
	}
	err := pgx.BeginFunc(l.ctx, l.pool, func(tx pgx.Tx) error {
		if _, err := episodes.Insert(l.ctx, tx, eps); err != nil {
			return err
		}
		if err := episodes.TouchSessions(l.ctx, tx, eps); err != nil {
			return err
		}
		return embed.Enqueue(l.ctx, tx, "", embed.OwnerEpisode, members, ids)
	})
	if err != nil {
		l.t.Fatal(err)
	}
}

func (l *live) close(session, reason string) {
	l.t.Helper()
	rep, err := closer.Close(l.ctx, l.pool, extract.Patterns{}, closer.Request{Member: "alice", Session: session, Channel: "web:chat", Reason: reason}, nil)
	if err != nil || rep.Skipped != "" {
		l.t.Fatalf("close %s: %+v %v", session, rep, err)
	}
}

func (l *live) nightly(run string, now time.Time) *nightly.MemberReport {
	l.t.Helper()
	return l.nightlyWith(run, now, nil)
}

func (l *live) nightlyWith(run string, now time.Time, judge nightly.Judge) *nightly.MemberReport {
	l.t.Helper()
	rep, err := nightly.Run(l.ctx, l.pool, nightly.Options{Member: "alice", RunID: run, Now: now, Judge: judge,
		Backfill: func(ctx context.Context) (int, error) { return embed.Backfill(ctx, l.pool, "hash-64") }})
	if err != nil || rep.Members[0].Status != "completed" {
		l.t.Fatalf("nightly %s: %+v %v", run, rep, err)
	}
	return &rep.Members[0]
}

func (l *live) factID(claim string) string {
	l.t.Helper()
	var id string
	if err := l.pool.QueryRow(l.ctx, `SELECT id FROM facts WHERE member_id = 'alice' AND claim = $1`, claim).Scan(&id); err != nil {
		l.t.Fatalf("fact %q: %v", claim, err)
	}
	return id
}

func (l *live) hash() *replay.State {
	l.t.Helper()
	st, err := replay.StateHash(l.ctx, l.pool, "alice", replay.StateOptions{Lines: true})
	if err != nil {
		l.t.Fatal(err)
	}
	return st
}

// script lives a member through closes (explicit and idle, one session
// closed again after it grew), three nightly runs with supersession, alias
// decisions and beliefs, a memorize (one pinned), an update, a forget and an
// operator's alias revert.
func script(t *testing.T, l *live) {
	me := []string{"member:alice"}
	withBob := []string{"member:alice", "person:bob"}
	t0 := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	l.turns("s1", t0, me, "I live in Berlin. I love jazz.", "My friend Bob lives in Paris. Robert (Bob) Smith works at Acme.")
	l.close("s1", "explicit")
	at := t0.Add(2 * time.Hour)
	if _, err := remember.Memorize(l.ctx, l.pool, remember.Request{Member: "alice", Subject: "member:alice", Predicate: "resides in",
		Claim: "Lisbon", Audience: me, Channel: "web:chat", At: &at}); err != nil {
		t.Fatal(err)
	}
	if _, err := remember.Memorize(l.ctx, l.pool, remember.Request{Member: "alice", Note: "allergic to peanuts", Pinned: true,
		Audience: me, Channel: "web:chat", At: &at}); err != nil {
		t.Fatal(err)
	}
	l.nightly("n1", t0.Add(24*time.Hour))
	// edit_profile: lines of the member's own added, pinned and turned
	// off (it refuses to touch the derived section)
	svc, who := remember.New(l.pool), remember.Who{Member: "alice", Audience: me, Channel: "web:chat"}
	for _, a := range []remember.ProfileArgs{
		{Op: remember.OpAppend, Line: "prefers window seats"},
		{Op: remember.OpAppend, Line: "drinks tea", Pinned: true},
		{Op: remember.OpRemoveLine, Line: "prefers window seats"},
	} {
		if _, err := svc.EditProfile(l.ctx, who, a); err != nil {
			t.Fatalf("edit_profile %+v: %v", a, err)
		}
	}

	t1 := t0.AddDate(0, 1, 0)
	l.turns("s2", t1, withBob, "Robert Smith is my colleague. I'm going to see bob. My friend bob is great.", "I work at Globex.",
		"My friend Jonathan lives in Paris. My friend Jonathon lives in Rome.")
	l.close("s2", "idle")
	if _, err := facts.Update(l.ctx, l.pool, "alice", l.factID("jazz"), "blues", facts.Change{ValidFrom: t1.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := facts.Forget(l.ctx, l.pool, "alice", l.factID("Acme"), "wrong company"); err != nil {
		t.Fatal(err)
	}
	aliases, err := nightly.ListAliases(l.ctx, l.pool, "alice")
	if err != nil || len(aliases) == 0 {
		t.Fatalf("the first nightly run should have decided aliases: %v %v", aliases, err)
	}
	// n2 asks a model judge (a scripted model server) about the spelling
	// pair; a replay must not ask it again
	srv := modeltest.New(t, modeltest.Response{Content: `{"same": true}`, Repeat: true})
	client, err := model.New(model.Config{URL: srv.URL, Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	l.nightlyWith("n2", t1.Add(24*time.Hour), &nightly.ModelJudge{Client: client, Member: "alice",
		Log: model.NewDecisionLog(l.pool, slog.New(slog.DiscardHandler))})
	var judged int
	if err := l.pool.QueryRow(l.ctx, `SELECT count(*) FROM aliases WHERE member_id = 'alice' AND decided_by = 'judge'`).Scan(&judged); err != nil || judged != 1 {
		t.Fatalf("the judge should have decided one alias: %d %v", judged, err)
	}
	asked := srv.Count()
	t.Cleanup(func() {
		if srv.Count() != asked {
			t.Errorf("the replay asked the model judge again (%d calls, live made %d)", srv.Count(), asked)
		}
	})
	// an operator reverts one alias of each dimension; the predicate one
	// made supersessions, which its revert undoes (alias_effects)
	reverted := map[string]bool{}
	for _, a := range aliases {
		if !reverted[a.Dimension] {
			if _, err := nightly.RevertAlias(l.ctx, l.pool, "alice", a.ID); err != nil {
				t.Fatal(err)
			}
			reverted[a.Dimension] = true
		}
	}
	var undone int
	if err := l.pool.QueryRow(l.ctx, `SELECT count(*) FROM alias_effects WHERE member_id = 'alice' AND undone_at IS NOT NULL`).Scan(&undone); err != nil ||
		!reverted["entity"] || !reverted["predicate"] || undone == 0 {
		t.Fatalf("reverts: %v, %d effects undone, %v (aliases %+v)", reverted, undone, err, aliases)
	}

	// s1 grows after its close and is closed again; a new session moves alice.
	t2 := t1.AddDate(0, 1, 0)
	l.turns("s1", t2, me, "I love hiking.")
	l.close("s1", "participants_changed")
	l.turns("s3", t2.Add(time.Hour), me, "We moved to Porto!")
	l.close("s3", "explicit")
	// s2 goes on after its close with someone new; it is not closed again
	l.turns("s2", t2.Add(2*time.Hour), []string{"member:alice", "person:carol"}, "Carol says hi.")
	m := l.nightly("n3", t2.Add(24*time.Hour))
	if m.Superseded == 0 {
		t.Fatalf("the last run should supersede the move: %+v", m)
	}
}

// TestReplayEqualsLiveAndRepeats is must-show 4 of issue 11: the state hash
// of a replayed member equals the live one for a scripted member with
// closes, nightly runs, a memorize, an update, a forget and an alias
// decision; replaying twice gives the same hash; the live rows are not
// touched.
func TestReplayEqualsLiveAndRepeats(t *testing.T) {
	t.Parallel()
	l := setup(t)
	script(t, l)
	before := l.hash()
	for _, want := range []string{"facts", "entities", "entity_edges", "beliefs", "summaries", "aliases", "rejected_pairs",
		"alias_effects", "embeddings", "sessions"} {
		for _, th := range before.Tables {
			if th.Table == want && th.Rows == 0 {
				t.Errorf("the script left %s empty: the test would prove nothing about it", want)
			}
		}
	}

	first, err := replay.Run(l.ctx, l.pool, "alice", replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{replay.KindClose, replay.KindNightly, replay.KindMemorize, replay.KindUpdate, replay.KindForget,
		replay.KindRevert, replay.KindBelief} {
		if first.Inputs[k] == 0 {
			t.Errorf("no %s event replayed: %v", k, first.Inputs)
		}
	}
	if !first.Equal {
		t.Errorf("replay differs from live in %v", first.Differ)
		diffLines(t, l, first.Schema, before)
	}
	second, err := replay.Run(l.ctx, l.pool, "alice", replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if second.Generation != first.Generation+1 || second.Schema == first.Schema {
		t.Fatalf("generations: %d %s then %d %s", first.Generation, first.Schema, second.Generation, second.Schema)
	}
	if second.State.Hash != first.State.Hash {
		t.Errorf("two replays differ: %s vs %s in %v", first.State.Hash, second.State.Hash, replay.Diff(first.State, second.State))
	}
	if after := l.hash(); after.Hash != before.Hash {
		t.Errorf("the replay changed the live state in %v", replay.Diff(before, after))
	}
	var n int
	var status, hash string
	if err := l.pool.QueryRow(l.ctx, `SELECT count(*), min(status), min(state_hash) FROM replays WHERE member_id = 'alice'`).Scan(&n, &status, &hash); err != nil ||
		n != 2 || status != "completed" || hash != first.State.Hash {
		t.Fatalf("replays recorded: %d %s %s %v", n, status, hash, err)
	}
	// The guard keeps the record of generations.
	if _, err := l.pool.Exec(l.ctx, `DELETE FROM replays WHERE member_id = 'alice'`); err == nil {
		t.Fatal("a replay row was deleted")
	}
}

// TestStateHashSeesDerivedChanges: the hash moves when a derived row does
// (so the equality above can fail), and ignores the store clock.
func TestStateHashSeesDerivedChanges(t *testing.T) {
	t.Parallel()
	l := setup(t)
	me := []string{"member:alice"}
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	l.turns("s1", t0, me, "I live in Berlin.")
	l.close("s1", "explicit")
	a := l.hash()
	if _, err := l.pool.Exec(l.ctx, `UPDATE entities SET created_at = created_at - interval '1 day' WHERE member_id = 'alice'`); err != nil {
		t.Fatal(err)
	}
	if b := l.hash(); b.Hash != a.Hash {
		t.Fatalf("a clock column moved the hash: %v", replay.Diff(a, b))
	}
	cases := []struct {
		table, sql string
	}{
		{"facts", `UPDATE facts SET closure_source = 'forget' , expired_at = clock_timestamp() WHERE member_id = 'alice'`},
		{"beliefs", `INSERT INTO beliefs (member_id, id, holder, statement, channel, audience) VALUES ('alice', 'b1', 'member:alice', 'x', 'web:chat', '{member:alice}')`},
	}
	prev := a
	for _, c := range cases {
		if _, err := l.pool.Exec(l.ctx, c.sql); err != nil {
			t.Fatal(err)
		}
		next := l.hash()
		if d := replay.Diff(prev, next); next.Hash == prev.Hash || strings.Join(d, ",") != c.table {
			t.Fatalf("%s: hash %s→%s, differ %v", c.table, prev.Hash, next.Hash, d)
		}
		prev = next
	}
	if _, err := replay.StateHash(l.ctx, l.pool, "Alice!", replay.StateOptions{}); memhive.CodeOf(err) != memhive.CodeInvalidMember {
		t.Fatalf("bad member: %v", err)
	}
	if _, err := replay.Run(l.ctx, l.pool, "nobody", replay.Options{}); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("unknown member: %v", err)
	}
}

// diffLines prints the canonical rows that differ between live and a
// generation, so a failure names the rows.
func diffLines(t *testing.T, l *live, schema string, liveState *replay.State) {
	t.Helper()
	cfg := l.pool.Config().Copy()
	var sp string
	if err := l.pool.QueryRow(l.ctx, `SELECT current_setting('search_path')`).Scan(&sp); err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{schema}.Sanitize() + ", " + sp
	gp, err := pgxpool.NewWithConfig(l.ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer gp.Close()
	gen, err := replay.StateHash(l.ctx, gp, "alice", replay.StateOptions{Lines: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, lt := range liveState.Tables {
		gt := gen.Tables[i]
		if lt.Hash == gt.Hash {
			continue
		}
		in := map[string]bool{}
		for _, s := range gt.Lines {
			in[s] = true
		}
		for _, s := range lt.Lines {
			if !in[s] {
				t.Logf("%s only live:   %s", lt.Table, s)
			}
			delete(in, s)
		}
		for _, s := range gt.Lines {
			if in[s] {
				t.Logf("%s only replay: %s", gt.Table, s)
			}
		}
	}
}

// TestReplayWaitsForALivePass: the member's pass lock is shared with the
// live passes; a replay that finds it held waits (the close blocks, the
// nightly run retries while busy) and still reaches the live state.
func TestReplayWaitsForALivePass(t *testing.T) {
	t.Parallel()
	l := setup(t)
	t0 := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	l.turns("s1", t0, []string{"member:alice"}, "I live in Berlin.")
	l.close("s1", "explicit")
	l.turns("s2", t0.AddDate(0, 1, 0), []string{"member:alice"}, "We moved to Lisbon!")
	l.close("s2", "explicit")
	l.nightly("n1", t0.AddDate(0, 2, 0))
	held, ok, err := closer.LockMember(l.ctx, l.pool, "alice", false)
	if err != nil || !ok {
		t.Fatalf("lock: %v %v", ok, err)
	}
	// A failing check must still release the lock, or the pool's cleanup
	// waits for its connection until the test binary times out.
	unlock := sync.OnceFunc(held)
	t.Cleanup(unlock)
	type result struct {
		rep *replay.Report
		err error
	}
	done := make(chan result, 1)
	events := make(chan replay.Event, 8)
	go func() {
		rep, err := replay.Run(l.ctx, l.pool, "alice", replay.Options{Progress: func(_, _ int, ev replay.Event) { events <- ev }})
		done <- result{rep, err}
	}()
	// Nothing is replayed while a live pass holds the member.
	select {
	case ev := <-events:
		t.Fatalf("event %s replayed while the member's pass lock was held", ev.Kind)
	case r := <-done:
		t.Fatalf("replay finished while the lock was held: %+v %v", r.rep, r.err)
	case <-time.After(300 * time.Millisecond):
	}
	unlock()
	r := <-done
	if r.err != nil || !r.rep.Equal || r.rep.Inputs[replay.KindNightly] != 1 {
		t.Fatalf("replay after the lock was released: %+v %v", r.rep, r.err)
	}
}

// A generation's embeddings number their vectors in the generation's own
// vector_versions (migration 028's trigger names the table unqualified):
// making a generation's vector ready leaves the live counter as it was.
func TestGenerationNumbersItsOwnVectors(t *testing.T) {
	t.Parallel()
	l := setup(t)
	me := []string{"member:alice"}
	l.turns("s1", time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), me, "I live in Berlin.", "We adopted a cat.")
	l.close("s1", "explicit")
	gen, err := replay.Run(l.ctx, l.pool, "alice", replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	counter := `SELECT coalesce(sum(version), 0) FROM vector_versions WHERE member_id = 'alice'`
	var liveBefore, liveAfter, genCount, made int64
	if err := l.pool.QueryRow(l.ctx, counter).Scan(&liveBefore); err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(l.ctx, l.pool, func(tx pgx.Tx) error {
		// the generation's search path, as replay.Run's pool has it
		if _, err := tx.Exec(l.ctx, `SELECT set_config('search_path', $1 || ', ' || current_setting('search_path'), true)`,
			pgx.Identifier{gen.Schema}.Sanitize()); err != nil {
			return err
		}
		tag, err := tx.Exec(l.ctx, `UPDATE embeddings SET vec = array_fill(0.1::real, ARRAY[64])::vector, status = 'ready'
			WHERE member_id = 'alice' AND owner_kind = 'episode'`)
		made = tag.RowsAffected()
		if err != nil {
			return err
		}
		return tx.QueryRow(l.ctx, counter).Scan(&genCount)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.pool.QueryRow(l.ctx, counter).Scan(&liveAfter); err != nil {
		t.Fatal(err)
	}
	if made == 0 {
		t.Fatal("the generation has no episode embeddings: the test would prove nothing")
	}
	if liveAfter != liveBefore || genCount != made {
		t.Fatalf("live counter %d → %d, generation's %d for %d vectors made ready; want the live one unchanged and the generation's %d",
			liveBefore, liveAfter, genCount, made, made)
	}
}
