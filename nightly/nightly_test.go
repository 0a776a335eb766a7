package nightly_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"
	"go.uber.org/goleak"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
)

type ep struct {
	session, text string
	audience      []string
	at            time.Time
}

// say records turns of member alice on web:chat and closes their sessions.
func say(t *testing.T, pool *pgxpool.Pool, eps ...ep) {
	t.Helper()
	ctx := context.Background()
	sessions := map[string]bool{}
	for _, e := range eps {
		_, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $1, $2, 'web:chat', 'user', 'member:alice', $3, $4, $5)`, ulid.Make().String(), e.session, e.audience, e.text, e.at)
		if err != nil {
			t.Fatal(err)
		}
		sessions[e.session] = true
	}
	for s := range sessions {
		if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: s, Channel: "web:chat"}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

type fact struct {
	id, claim, supersededBy, closure string
	validFrom                        time.Time
	validUntil, expiredAt            *time.Time
}

func livesIn(t *testing.T, pool *pgxpool.Pool) map[string]fact {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id, claim, coalesce(superseded_by, ''), coalesce(closure_source, ''), valid_from, valid_until, expired_at
		FROM facts WHERE member_id = 'alice' AND predicate_canon = 'lives_in'`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]fact{}
	for rows.Next() {
		var f fact
		if err := rows.Scan(&f.id, &f.claim, &f.supersededBy, &f.closure, &f.validFrom, &f.validUntil, &f.expiredAt); err != nil {
			t.Fatal(err)
		}
		out[f.claim] = f
	}
	return out
}

func TestBerlinToLisbonSupersedesAndRerunsWriteNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	berlinAt := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	lisbonAt := berlinAt.AddDate(0, 0, 6*7)
	say(t, pool,
		ep{"s1", "I live in Berlin. I love jazz.", me, berlinAt},
		ep{"s2", "We moved to Lisbon!", me, lisbonAt},
	)
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "run1"})
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Members[0]
	if m.Status != "completed" || m.Superseded != 1 || m.BeliefsOn != 3 {
		t.Fatalf("first run: %+v", m)
	}
	got := livesIn(t, pool)
	b, l := got["Berlin"], got["Lisbon"]
	if b.id == "" || l.id == "" {
		t.Fatalf("both versions must exist: %+v", got)
	}
	if b.supersededBy != l.id || b.validUntil == nil || !b.validUntil.Equal(lisbonAt) || b.expiredAt == nil || b.closure != "nightly:run1" {
		t.Fatalf("Berlin not superseded by Lisbon: %+v", b)
	}
	if l.expiredAt != nil || l.supersededBy != "" || !l.validFrom.Equal(lisbonAt) {
		t.Fatalf("Lisbon must stay in force: %+v", l)
	}
	var stmts []string
	rows, _ := pool.Query(ctx, `SELECT statement FROM beliefs WHERE member_id = 'alice' AND active ORDER BY statement`)
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		stmts = append(stmts, s)
	}
	if strings.Join(stmts, "|") != "likes jazz|lives in Lisbon|moved: Lisbon" { // the move is an event of its own
		t.Fatalf("beliefs: %v", stmts)
	}

	// Same window, forced: every step finds its rows written.
	again, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "run2", Force: true})
	if err != nil || again.Written() != 0 || again.Members[0].Status != "completed" {
		t.Fatalf("re-run wrote rows: %+v %v", again.Members, err)
	}
	// Nothing new since the last completed run: skipped without work.
	skip, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "run3"})
	if err != nil || skip.Members[0].Status != "skipped" || skip.Written() != 0 {
		t.Fatalf("night with nothing new: %+v %v", skip.Members, err)
	}
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM consolidation_log WHERE member_id = 'alice' AND run_id = 'run3'`).Scan(&status); err != nil || status != "skipped" {
		t.Fatalf("log: %q %v", status, err)
	}
	// Re-closing the sessions writes nothing either.
	for _, s := range []string{"s1", "s2"} {
		r, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: s, Channel: "web:chat"}, nil)
		if err != nil || r.Written() != 0 {
			t.Fatalf("re-close %s: %+v %v", s, r, err)
		}
	}

	// Something new: Porto arrives, the window moves on, Lisbon is closed.
	say(t, pool, ep{"s3", "I recently moved to Porto.", me, lisbonAt.AddDate(0, 3, 0)})
	next, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "run4"})
	if err != nil || next.Members[0].Status != "completed" || next.Members[0].Superseded != 1 || next.Members[0].BeliefsOff != 1 {
		t.Fatalf("run after new turns: %+v %v", next.Members, err)
	}
	if wf := next.Members[0].WindowFrom; wf == nil || wf.IsZero() {
		t.Fatalf("window must start where the last completed run ended: %v", wf)
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM beliefs WHERE member_id = 'alice'`).Scan(&n)
	if n != 5 { // likes jazz, lives in Lisbon (off), lives in Porto, moved: Lisbon, moved: Porto
		t.Fatalf("beliefs are turned off, never deleted: %d rows", n)
	}
}

// Forgetting the fact a nightly supersession was made for reopens what it
// closed: "forget that I moved to Lisbon" leaves Berlin in force, with no
// end, and no later night closes it again.
func TestForgettingTheSupersederReopensWhatItClosed(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	berlinAt := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	say(t, pool,
		ep{"s1", "I live in Berlin.", me, berlinAt},
		ep{"s2", "We moved to Lisbon!", me, berlinAt.AddDate(0, 1, 0)},
	)
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "run1"}); err != nil {
		t.Fatal(err)
	}
	got := livesIn(t, pool)
	if got["Berlin"].supersededBy != got["Lisbon"].id {
		t.Fatalf("Berlin not superseded: %+v", got)
	}
	if err := facts.Forget(ctx, pool, "alice", got["Lisbon"].id, "wrong"); err != nil {
		t.Fatal(err)
	}
	for _, run := range []string{"", "run2"} {
		if run != "" {
			if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: run, Force: true}); err != nil {
				t.Fatal(err)
			}
		}
		b := livesIn(t, pool)["Berlin"]
		if b.supersededBy != "" || b.validUntil != nil || b.expiredAt != nil || b.closure != "" {
			t.Fatalf("after forgetting Lisbon (nightly %q): Berlin still closed: %+v", run, b)
		}
	}
	list, err := facts.List(ctx, pool, "alice", facts.Filter{Predicate: "lives_in"})
	if err != nil || len(list) != 1 || list[0].Claim != "Berlin" {
		t.Fatalf("in force after the forget: %+v %v", list, err)
	}
}

func TestPrivateCorrectionNeverSupersedesPublicFact(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	say(t, pool,
		ep{"pub", "I live in Berlin.", []string{"*"}, t0},
		ep{"priv", "I live in Lisbon.", []string{"member:alice"}, t0.AddDate(0, 1, 0)},
	)
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"})
	if err != nil || rep.Members[0].Superseded != 0 {
		t.Fatalf("run: %+v %v", rep, err)
	}
	got := livesIn(t, pool)
	if b := got["Berlin"]; b.expiredAt != nil || b.supersededBy != "" || b.validUntil != nil {
		t.Fatalf("the public fact was superseded by a private correction: %+v", b)
	}
}

func TestAliasesRecordedAndRevertible(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	t0 := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	say(t, pool,
		ep{"s1", "My friend Bob lives in Paris. Robert (Bob) Smith works at Acme.", me, t0},
		ep{"s2", "Robert Smith is my colleague. I'm going to see bob. My friend bob is great.", me, t0.Add(time.Hour)},
	)
	if _, err := pool.Exec(ctx, `INSERT INTO facts (member_id, id, subject, predicate, claim, subject_canon, predicate_canon, claim_canon, claim_hash,
			valid_from, channel, audience, origin)
		VALUES ('alice', 'f-syn', 'member:alice', 'resides in', 'Lisbon', 'member:alice', 'resides_in', 'lisbon', 'h-syn', $1, 'web:chat', '{member:alice}', 'memorize')`,
		t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "a1"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Members[0].Edges == 0 {
		t.Fatalf("the memorized lives-in fact should have gained an edge: %+v", rep.Members[0])
	}
	list, err := nightly.ListAliases(ctx, pool, "alice")
	if err != nil {
		t.Fatal(err)
	}
	decided := map[string]nightly.Alias{}
	for _, a := range list {
		decided[a.Dimension+":"+a.Alias] = a
	}
	bob := decided["entity:bob"]
	if bob.Canonical != "robert (bob) smith" || bob.DecidedBy != "nightly:containment" || bob.ID == "" {
		t.Fatalf("bob alias: %+v (all: %+v)", bob, list)
	}
	if a := decided["entity:robert smith"]; a.Canonical != "robert (bob) smith" {
		t.Fatalf("robert smith alias: %+v", a)
	}
	if a := decided["entity:alice"]; a.Canonical != "member:alice" || a.DecidedBy != "nightly:name" {
		t.Fatalf("alice alias: %+v", a)
	}
	if a := decided["predicate:resides_in"]; a.Canonical != "lives_in" || a.DecidedBy != "nightly:synonym" {
		t.Fatalf("predicate alias: %+v", a)
	}
	var entities int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM entities WHERE member_id = 'alice' AND canon = 'bob'`).Scan(&entities)
	if entities != 1 {
		t.Fatalf("'Bob' and 'bob' are one entity by canonical form: %d", entities)
	}

	rev, err := nightly.RevertAlias(ctx, pool, "alice", bob.ID)
	if err != nil || rev.RevertedAt == nil {
		t.Fatalf("revert: %+v %v", rev, err)
	}
	if _, err := nightly.RevertAlias(ctx, pool, "alice", "nope"); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("revert unknown: %v", err)
	}
	// reverted twice: said so, nothing more written
	var logs int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM consolidation_log WHERE member_id = 'alice' AND kind = 'revert'`).Scan(&logs)
	twice, err := nightly.RevertAlias(ctx, pool, "alice", bob.ID)
	var logs2 int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM consolidation_log WHERE member_id = 'alice' AND kind = 'revert'`).Scan(&logs2)
	if err != nil || !twice.AlreadyReverted || !twice.RevertedAt.Equal(*rev.RevertedAt) || logs2 != logs || logs != 1 {
		t.Fatalf("revert twice: %+v %v; revert log rows %d then %d", twice, err, logs, logs2)
	}
	again, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "a2", Force: true})
	if err != nil || again.Written() != 0 {
		t.Fatalf("a reverted alias must not be proposed again: %+v %v", again.Members, err)
	}
	list, _ = nightly.ListAliases(ctx, pool, "alice")
	var live, reverted int
	for _, a := range list {
		if a.Alias == "bob" {
			if a.RevertedAt == nil {
				live++
			} else {
				reverted++
			}
		}
	}
	if live != 0 || reverted != 1 {
		t.Fatalf("bob: %d live, %d reverted", live, reverted)
	}
}

type judge struct{ calls int }

func (j *judge) Same(_ context.Context, _, a, b string) (bool, error) { j.calls++; return false, nil }

func TestJudgeRefusalIsRecordedAndNotAskedAgain(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	say(t, pool, ep{"s1", "My friend Jonathan lives in Paris. My friend Jonathon lives in Rome.", me, time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)})
	j := &judge{}
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Judge: j})
	if err != nil || j.calls != 1 || rep.Members[0].Rejected != 1 || rep.Members[0].ModelCalls != 1 {
		t.Fatalf("judge: calls %d, %+v %v", j.calls, rep.Members, err)
	}
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Judge: j, Force: true}); err != nil || j.calls != 1 {
		t.Fatalf("a refused pair was put to the judge again: %d calls %v", j.calls, err)
	}
	list, _ := nightly.ListAliases(ctx, pool, "alice")
	for _, a := range list {
		if strings.HasPrefix(a.Alias, "jonath") {
			t.Fatalf("refused pair became an alias: %+v", a)
		}
	}
}

func TestSummariesCompressedNeverDropped(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	t0 := time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)
	say(t, pool,
		ep{"a", "I love jazz.", me, t0},
		ep{"b", "I hate cilantro.", me, t0.AddDate(0, 0, 7)},
	)
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"})
	if err != nil || rep.Members[0].Summaries != 1 {
		t.Fatalf("compress: %+v %v", rep.Members, err)
	}
	var text string
	var sources []string
	if err := pool.QueryRow(ctx, `SELECT text, source_summary_ids FROM summaries WHERE member_id = 'alice' AND compressed`).Scan(&text, &sources); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "[compressed] 2025-06, web:chat, 2 sessions:") || !strings.Contains(text, "cilantro") || len(sources) != 2 {
		t.Fatalf("compressed summary: %q %v", text, sources)
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM summaries WHERE member_id = 'alice' AND NOT compressed`).Scan(&n)
	if n != 2 {
		t.Fatalf("originals: %d", n)
	}
}

func TestClockNextAndStop(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, tc := range []struct{ now, at, want string }{
		{"2026-03-04T02:59:00Z", "", "2026-03-04T03:00:00Z"},
		{"2026-03-04T03:00:00Z", "03:00", "2026-03-05T03:00:00Z"},
		{"2026-03-04T23:30:00+02:00", "03:00", "2026-03-05T03:00:00Z"},
		{"2026-03-04T10:00:00Z", "09:15", "2026-03-05T09:15:00Z"},
	} {
		now, _ := time.Parse(time.RFC3339, tc.now)
		got, err := nightly.Next(now, tc.at)
		if err != nil || got.Format(time.RFC3339) != tc.want {
			t.Errorf("Next(%s, %q) = %s %v, want %s", tc.now, tc.at, got.Format(time.RFC3339), err, tc.want)
		}
	}
	if _, err := nightly.Next(time.Now(), "3 am"); err == nil {
		t.Error("a malformed time was accepted")
	}
	c := &nightly.Clock{At: "03:00", Run: func(context.Context, time.Time) error { return nil }}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := c.Start(context.Background()); err == nil {
		t.Fatal("second Start accepted")
	}
	c.Stop()
	c.Stop()
}

// TestThresholdAndRevertThatLasts: a statement below the confidence
// threshold never supersedes; a supersession made through a predicate
// alias is undone by reverting the alias (recorded in alias_effects,
// nothing deleted), and later runs, forced or not, never make it again.
func TestThresholdAndRevertThatLasts(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	ins := func(pred, claim string, conf int, at time.Time) string {
		t.Helper()
		f := facts.Fact{Member: "alice", Subject: "member:alice", Predicate: pred, Claim: claim, Confidence: conf, ValidFrom: at,
			Channel: "web:chat", Audience: []string{"member:alice"}, Speaker: "member:alice", Origin: "memorize"}
		_, id, err := facts.Insert(ctx, pool, &f)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	age34 := ins("age", "34", 90, t0)
	age100 := ins("age", "100", 40, t0.AddDate(0, 0, 3)) // "I'm 100% sure", weakly read
	teacher := ins("job_title", "teacher", 70, t0)
	nurse := ins("occupation", "nurse", 70, t0.AddDate(0, 1, 9))
	closed := func(id string) (by, src string, until *time.Time) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT coalesce(superseded_by, ''), coalesce(closure_source, ''), valid_until FROM facts WHERE member_id = 'alice' AND id = $1`, id).
			Scan(&by, &src, &until); err != nil {
			t.Fatal(err)
		}
		return by, src, until
	}
	run := func(force bool) nightly.MemberReport {
		t.Helper()
		rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Force: force})
		if err != nil {
			t.Fatal(err)
		}
		return rep.Members[0]
	}
	run(false) // decides occupation → job_title
	run(true)  // supersedes teacher through it
	if by, _, _ := closed(age34); by != "" {
		t.Fatalf("a statement below the threshold superseded age 34 (by %s)", by)
	}
	if by, _, _ := closed(age100); by != "" {
		t.Fatalf("age 100 closed by %s", by)
	}
	by, src, until := closed(teacher)
	if by != nurse || !strings.HasPrefix(src, "nightly:") || until == nil {
		t.Fatalf("teacher not superseded through the alias: %q %q %v", by, src, until)
	}
	var aliasID string
	if err := pool.QueryRow(ctx, `SELECT id FROM aliases WHERE member_id = 'alice' AND alias = 'occupation'`).Scan(&aliasID); err != nil {
		t.Fatal(err)
	}
	var effects int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM alias_effects WHERE member_id = 'alice' AND alias_id = $1 AND fact_id = $2 AND undone_at IS NULL`,
		aliasID, teacher).Scan(&effects); err != nil || effects != 1 {
		t.Fatalf("alias effect not recorded: %d %v", effects, err)
	}
	var n0 int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'alice'`).Scan(&n0); err != nil {
		t.Fatal(err)
	}
	if _, err := nightly.RevertAlias(ctx, pool, "alice", aliasID); err != nil {
		t.Fatal(err)
	}
	if by, src, until := closed(teacher); by != "" || src != "" || until != nil {
		t.Fatalf("the revert did not undo the supersession: %q %q %v", by, src, until)
	}
	if m := run(false); m.Status != "completed" {
		t.Fatalf("the run after a revert should recompute, got %s", m.Status)
	}
	run(true)
	if by, _, _ := closed(teacher); by != "" {
		t.Fatalf("a later run re-applied the reverted decision: teacher closed by %s", by)
	}
	var n1, undone, live int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM facts WHERE member_id = 'alice'),
			(SELECT count(*) FROM alias_effects WHERE member_id = 'alice' AND undone_by = 'revert:' || $1),
			(SELECT count(*) FROM aliases WHERE member_id = 'alice' AND alias = 'occupation' AND reverted_at IS NULL)`, aliasID).
		Scan(&n1, &undone, &live); err != nil {
		t.Fatal(err)
	}
	if n1 != n0 || undone != 1 || live != 0 {
		t.Fatalf("facts %d → %d, undone effects %d, live occupation aliases %d", n0, n1, undone, live)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM alias_effects WHERE member_id = 'alice'`); err == nil {
		t.Fatal("alias effects were deleted")
	}
}
