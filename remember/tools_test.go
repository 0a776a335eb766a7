package remember_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

var (
	alone   = remember.Who{Member: "alice", Audience: []string{"member:alice"}, Channel: "web:chat"}
	withBob = remember.Who{Member: "alice", Audience: []string{"member:alice", "person:bob"}, Channel: "web:chat", Asker: "assistant:talky"}
)

// seed memorizes a fact and returns its id.
func seed(t *testing.T, svc *remember.Service, who remember.Who, subject, predicate, claim, when string) string {
	t.Helper()
	res, err := svc.Memorize(context.Background(), remember.Request{Member: who.Member, Subject: subject, Predicate: predicate,
		Claim: claim, Audience: who.Audience, Channel: who.Channel, At: at(when)})
	if err != nil || !res.Inserted {
		t.Fatalf("seed %s %s %s: %v", subject, predicate, claim, err)
	}
	return res.ID
}

func count(t *testing.T, pool *pgxpool.Pool, table string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table+` WHERE member_id = 'alice'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func wantCode(t *testing.T, err error, code memhive.Code) *memhive.Error {
	t.Helper()
	var e *memhive.Error
	if !errors.As(err, &e) || e.Code != code || e.Message == "" {
		t.Fatalf("want %s with a sentence, got %v", code, err)
	}
	return e
}

// recalled reports whether a tier-1 recall for who shows the fact id.
func recalled(t *testing.T, rec *recall.Service, who remember.Who, query, id string) bool {
	t.Helper()
	ans, err := rec.Recall(context.Background(), recall.Request{Member: who.Member, Query: query, Tier: "1",
		Audience: who.Audience, Channel: who.Channel})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ans.Items {
		if it.ID == id {
			return true
		}
	}
	return false
}

func TestUpdateMemoryGateAndChain(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)
	shared := seed(t, svc, withBob, "member:alice", "lives_in", "Berlin", "2024-01-01T00:00:00Z")
	private := seed(t, svc, alone, "member:alice", "salary", "90k", "2024-01-01T00:00:00Z")

	// bob is listening: the private fact cannot be updated, and the refusal
	// reads exactly like the one for an id that does not exist.
	_, errHidden := svc.UpdateMemory(ctx, withBob, remember.UpdateArgs{ID: private, Claim: "100k"})
	eh := wantCode(t, errHidden, memhive.CodeNotFound)
	_, errMissing := svc.UpdateMemory(ctx, withBob, remember.UpdateArgs{ID: "01HXNOSUCHFACT000000000000", Claim: "100k"})
	em := wantCode(t, errMissing, memhive.CodeNotFound)
	if strings.ReplaceAll(eh.Message, private, "X") != strings.ReplaceAll(em.Message, "01HXNOSUCHFACT000000000000", "X") {
		t.Fatalf("a hidden fact must read like a missing one:\n%s\n%s", eh.Message, em.Message)
	}
	// A turn's id is said to be a turn when the audience may see it; a
	// hidden turn reads like a missing id.
	for _, e := range []struct {
		id       string
		audience []string
	}{{"01HXSHAREDTURN000000000000", []string{"member:alice", "person:bob"}}, {"01HXPRIVATETURN00000000000", []string{"member:alice"}}} {
		if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $1, 's', 'web:chat', 'user', 'member:alice', $2, 'I moved to Berlin', now())`, e.id, e.audience); err != nil {
			t.Fatal(err)
		}
	}
	_, errTurn := svc.Forget(ctx, withBob, remember.ForgetArgs{ID: "01HXSHAREDTURN000000000000"})
	if et := wantCode(t, errTurn, memhive.CodeNotFound); !strings.Contains(et.Message, "is a turn") {
		t.Fatalf("forget of a turn's id: %s", et.Message)
	}
	_, errPrivTurn := svc.Forget(ctx, withBob, remember.ForgetArgs{ID: "01HXPRIVATETURN00000000000"})
	if ep := wantCode(t, errPrivTurn, memhive.CodeNotFound); strings.ReplaceAll(ep.Message, "01HXPRIVATETURN00000000000", "X") != strings.ReplaceAll(em.Message, "01HXNOSUCHFACT000000000000", "X") {
		t.Fatalf("a hidden turn must read like a missing id:\n%s\n%s", ep.Message, em.Message)
	}
	if n := count(t, pool, "facts"); n != 2 {
		t.Fatalf("refused updates wrote rows: %d facts", n)
	}

	// a version said to hold from a date to come is refused: it would
	// stand beside the one in force until then
	later := time.Now().AddDate(4, 0, 0)
	if _, err := svc.UpdateMemory(ctx, withBob, remember.UpdateArgs{ID: shared, Claim: "Lisbon", ValidFrom: &later}); memhive.CodeOf(err) != memhive.CodeMalformedRequest ||
		!strings.Contains(err.Error(), "foresight") {
		t.Fatalf("update from a date to come: %v", err)
	}
	if _, err := svc.Memorize(ctx, remember.Request{Member: "alice", Audience: []string{"member:alice"}, Channel: "web:chat",
		Speaker: "assistant:talky", Subject: "member:alice", Predicate: "lives_in", Claim: "Mars", At: &later}); memhive.CodeOf(err) != memhive.CodeMalformedRequest {
		t.Fatalf("memorize from a date to come: %v", err)
	}

	moved := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	res, err := svc.UpdateMemory(ctx, withBob, remember.UpdateArgs{ID: shared, Claim: "Lisbon", ValidFrom: &moved})
	if err != nil {
		t.Fatal(err)
	}
	if res.Replaced != shared || res.Previous != "Berlin" || res.Claim != "Lisbon" || !res.ValidFrom.Equal(moved) ||
		strings.Join(res.Audience, ",") != "member:alice,person:bob" || res.Channel != "web:chat" {
		t.Fatalf("update result %+v", res)
	}
	var expired bool
	var supersededBy, closure, speaker string
	if err := pool.QueryRow(ctx, `SELECT expired_at IS NOT NULL, superseded_by, closure_source FROM facts WHERE member_id = 'alice' AND id = $1`, shared).
		Scan(&expired, &supersededBy, &closure); err != nil {
		t.Fatal(err)
	}
	if !expired || supersededBy != res.ID || closure != "update" {
		t.Fatalf("old version: expired=%v superseded_by=%s closure=%s", expired, supersededBy, closure)
	}
	if err := pool.QueryRow(ctx, `SELECT speaker FROM facts WHERE member_id = 'alice' AND id = $1`, res.ID).Scan(&speaker); err != nil || speaker != "assistant:talky" {
		t.Fatalf("new version speaker %q, %v", speaker, err)
	}
	if n := count(t, pool, "facts"); n != 3 {
		t.Fatalf("want both versions kept and one added: %d facts", n)
	}

	// The correction is said to alice alone now: the new version carries
	// that audience, so bob will not see it.
	res2, err := svc.UpdateMemory(ctx, alone, remember.UpdateArgs{ID: res.ID, Claim: "Porto"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(res2.Audience, ",") != "member:alice" {
		t.Fatalf("new version audience %v", res2.Audience)
	}
	if _, err := svc.UpdateMemory(ctx, withBob, remember.UpdateArgs{ID: res2.ID, Claim: "Faro"}); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("bob's conversation cannot update alice's private version: %v", err)
	}
	// An old version is not the one to update, nor to forget: the refusal
	// names the version in force when the audience may see it, and does
	// not when it may not (res2 was said to alice alone).
	if _, err := svc.UpdateMemory(ctx, withBob, remember.UpdateArgs{ID: shared, Claim: "Madrid"}); memhive.CodeOf(err) != memhive.CodeMalformedRequest ||
		strings.Contains(err.Error(), res2.ID) {
		t.Fatalf("updating a closed version with bob: %v", err)
	}
	if _, err := svc.Forget(ctx, alone, remember.ForgetArgs{ID: shared}); memhive.CodeOf(err) != memhive.CodeMalformedRequest ||
		!strings.Contains(err.Error(), res2.ID) || !strings.Contains(err.Error(), "Porto") {
		t.Fatalf("forgetting a replaced version, alice alone: %v", err)
	}
	if _, err := svc.Forget(ctx, withBob, remember.ForgetArgs{ID: shared}); memhive.CodeOf(err) != memhive.CodeMalformedRequest ||
		strings.Contains(err.Error(), res2.ID) || strings.Contains(err.Error(), "Porto") {
		t.Fatalf("forgetting a replaced version with bob: %v", err)
	}
	for _, a := range []remember.UpdateArgs{{ID: shared}, {Claim: "x"}} {
		if _, err := svc.UpdateMemory(ctx, withBob, a); memhive.CodeOf(err) != memhive.CodeMalformedToolCall {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	if _, err := svc.UpdateMemory(ctx, remember.Who{Member: "alice", Channel: "web:chat"}, remember.UpdateArgs{ID: shared, Claim: "x"}); memhive.CodeOf(err) != memhive.CodeMissingAudience {
		t.Fatalf("no audience: %v", err)
	}
}

func TestForgetHidesFromRecallDeletesNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)
	rec := recall.New(pool, recall.Config{}, nil, nil)
	walnuts := seed(t, svc, withBob, "person:bob", "allergic_to", "walnuts", "2024-01-01T00:00:00Z")
	private := seed(t, svc, alone, "member:alice", "allergic_to", "penicillin", "2024-01-01T00:00:00Z")
	if !recalled(t, rec, withBob, "walnuts allergy", walnuts) || !recalled(t, rec, alone, "penicillin", private) {
		t.Fatal("the facts should be recalled before forget")
	}
	before := count(t, pool, "facts")

	_, err := svc.Forget(ctx, withBob, remember.ForgetArgs{ID: private, Reason: "not for bob"})
	wantCode(t, err, memhive.CodeNotFound)
	if !recalled(t, rec, alone, "penicillin", private) {
		t.Fatal("a refused forget must change nothing")
	}

	res, err := svc.Forget(ctx, withBob, remember.ForgetArgs{ID: walnuts, Reason: "said in jest"})
	if err != nil || !res.Forgotten || res.Claim != "walnuts" {
		t.Fatalf("forget: %+v %v", res, err)
	}
	if recalled(t, rec, withBob, "walnuts allergy", walnuts) || recalled(t, rec, alone, "walnuts allergy", walnuts) {
		t.Fatal("a forgotten fact must not be recalled")
	}
	again, err := svc.Forget(ctx, withBob, remember.ForgetArgs{ID: walnuts})
	if err != nil || again.Forgotten {
		t.Fatalf("forgetting twice: %+v %v", again, err)
	}
	var closure string
	if err := pool.QueryRow(ctx, `SELECT closure_source FROM facts WHERE member_id = 'alice' AND id = $1`, walnuts).Scan(&closure); err != nil || closure != "forget:said in jest" {
		t.Fatalf("closure %q %v", closure, err)
	}
	if after := count(t, pool, "facts"); after != before {
		t.Fatalf("forget changed the row count: %d → %d", before, after)
	}
	// Gone from the list too.
	list, err := svc.ListMemories(ctx, withBob, remember.ListArgs{})
	if err != nil || list.Count != 0 {
		t.Fatalf("list after forget: %+v %v", list, err)
	}
}

func TestListAndReviewAreGated(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)
	seed(t, svc, withBob, "member:alice", "lives_in", "Berlin", "2024-01-01T00:00:00Z")
	seed(t, svc, alone, "member:alice", "lives_in", "Lisbon", "2024-02-01T00:00:00Z") // said privately: nightly never supersedes across audiences
	seed(t, svc, withBob, "person:bob", "likes", "chess", "2024-01-01T00:00:00Z")
	telegram := remember.Who{Member: "alice", Audience: []string{"*"}, Channel: "telegram:dm"}
	seed(t, svc, telegram, "member:alice", "plans", "dentist", "2024-01-03T00:00:00Z")

	// list_memories lists the versions in force for the reader (facts.Rule,
	// as recall does): alice alone sees both her statements, and Lisbon,
	// the later one, replaces Berlin for her; with bob, Berlin stands.
	all, err := svc.ListMemories(ctx, alone, remember.ListArgs{})
	if err != nil || all.Count != 3 {
		t.Fatalf("alone sees three: %+v %v", all, err)
	}
	for _, r := range all.Memories {
		if r.Claim == "Berlin" {
			t.Fatalf("alone: Berlin listed in force though Lisbon replaced it for this reader: %+v", all.Memories)
		}
	}
	shared, err := svc.ListMemories(ctx, withBob, remember.ListArgs{})
	if err != nil || shared.Count != 3 {
		t.Fatalf("with bob: %+v %v", shared, err)
	}
	for _, r := range shared.Memories {
		if r.Claim == "Lisbon" {
			t.Fatal("the private fact is listed with bob listening")
		}
	}
	for _, tc := range []struct {
		args remember.ListArgs
		want int
	}{
		{remember.ListArgs{Subject: "person:bob"}, 1},
		{remember.ListArgs{Channel: "telegram:dm"}, 1},
		{remember.ListArgs{Subject: "member:alice", Kind: "world"}, 2},
		{remember.ListArgs{Limit: 2}, 2},
	} {
		got, err := svc.ListMemories(ctx, withBob, tc.args)
		if err != nil || got.Count != tc.want {
			t.Fatalf("%+v: %+v %v", tc.args, got, err)
		}
		if tc.args.Limit == 2 && !got.More {
			t.Fatal("limit 2 of 3 should say more")
		}
	}
	for _, a := range []remember.ListArgs{{Limit: remember.MaxList + 1}, {Limit: -1}, {Kind: "rumour"}} {
		if _, err := svc.ListMemories(ctx, withBob, a); memhive.CodeOf(err) != memhive.CodeMalformedToolCall {
			t.Fatalf("%+v: %v", a, err)
		}
	}

	// Berlin (with bob) and Lisbon (alone) are both in force on a single
	// axis: a contradiction alice alone can see, bob's conversation cannot.
	rep, err := svc.ReviewMemories(ctx, alone)
	if err != nil || len(rep.Contradictions) != 1 || len(rep.Contradictions[0].Facts) != 2 {
		t.Fatalf("alone: %+v %v", rep, err)
	}
	rep, err = svc.ReviewMemories(ctx, withBob)
	if err != nil || len(rep.Contradictions) != 0 {
		t.Fatalf("with bob the contradiction must not show (it would reveal the private fact): %+v %v", rep, err)
	}
}

func activeLines(t *testing.T, pool *pgxpool.Pool) map[string]bool {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT statement, pinned FROM beliefs WHERE member_id = 'alice' AND active`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var s string
		var p bool
		if err := rows.Scan(&s, &p); err != nil {
			t.Fatal(err)
		}
		out[s] = p
	}
	return out
}

func TestEditProfile(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)

	res, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpAppend, Line: "prefers short answers", Pinned: true})
	if err != nil || len(res.Added) != 1 || !res.Added[0].Pinned || res.Section != "profile" || res.Tokens == 0 || res.Bound != 1500 {
		t.Fatalf("append pinned: %+v %v", res, err)
	}
	if strings.Join(res.Added[0].Audience, ",") != "member:alice,person:bob" || res.Added[0].Channel != "web:chat" {
		t.Fatalf("a new line carries the binding's audience and channel: %+v", res.Added[0])
	}
	if _, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpAppend, Line: "vegetarian\nruns on sundays"}); err != nil {
		t.Fatal(err)
	}
	// Said with bob present: the same line is not written twice.
	again, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpAppend, Line: "Vegetarian"})
	if err != nil || again.Changed() {
		t.Fatalf("append twice: %+v %v", again, err)
	}
	private, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Section: "health", Line: "sees a therapist"})
	if err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, "beliefs"); n != 4 {
		t.Fatalf("want 4 lines, got %d", n)
	}
	// bob's conversation is not told how much alice's private line takes:
	// its edits say the tokens of the lines it sees
	seen, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpAppend, Line: "vegetarian"})
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, l := range seen.Profile {
		shown += l.Tokens
	}
	if seen.Tokens != shown || private.Tokens <= shown {
		t.Fatalf("tokens told to bob's conversation %d, of the lines it sees %d (alice alone: %d)", seen.Tokens, shown, private.Tokens)
	}
	// bob's conversation does not see the private line and cannot remove it.
	if _, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpRemoveLine, ID: private.Added[0].ID}); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("remove a hidden line: %v", err)
	}
	vis, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpReplaceSection, Section: "profile", Line: "runs on sundays\nlikes jazz"})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range vis.Profile {
		if l.Statement == "sees a therapist" {
			t.Fatal("the profile shown with bob listening holds the private line")
		}
	}
	// replace_section: the pinned line survives, vegetarian is turned off,
	// "runs on sundays" is kept as it was, "likes jazz" is added.
	if len(vis.Removed) != 1 || vis.Removed[0].Statement != "vegetarian" || len(vis.Added) != 1 || vis.Added[0].Statement != "likes jazz" {
		t.Fatalf("replace: removed %+v added %+v", vis.Removed, vis.Added)
	}
	lines := activeLines(t, pool)
	if !lines["prefers short answers"] || lines["vegetarian"] || !func() bool { _, ok := lines["runs on sundays"]; return ok }() ||
		!func() bool { _, ok := lines["sees a therapist"]; return ok }() {
		t.Fatalf("after replace: %v", lines)
	}
	if _, err := svc.EditProfile(ctx, withBob, remember.ProfileArgs{Op: remember.OpRemoveLine, Line: "likes jazz"}); err != nil {
		t.Fatal(err)
	}
	if _, ok := activeLines(t, pool)["likes jazz"]; ok {
		t.Fatal("remove_line left the line active")
	}
	if n := count(t, pool, "beliefs"); n != 5 {
		t.Fatalf("nothing is deleted: want 5 rows, got %d", n)
	}

	// Refusals.
	for _, a := range []remember.ProfileArgs{
		{Op: "rewrite", Line: "x"},
		{Op: remember.OpAppend},
		{Op: remember.OpAppend, Section: "derived", Line: "x"},
		{Op: remember.OpReplaceSection, Section: "derived"},
		{Op: remember.OpAppend, Section: "Not A Section!", Line: "x"},
		{Op: remember.OpRemoveLine},
		{Op: remember.OpRemoveLine, Line: "x", ID: "y"},
		{Op: remember.OpRemoveLine, Line: "x", Pinned: true},
		{Op: remember.OpAppend, Line: "x", ID: "y"},
	} {
		if _, err := svc.EditProfile(ctx, withBob, a); memhive.CodeOf(err) != memhive.CodeMalformedToolCall {
			t.Fatalf("%+v: %v", a, err)
		}
	}
}

func TestEditProfileBound(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)
	// Fill the profile close to 1500 tokens with lines of known size.
	line := strings.TrimSpace(strings.Repeat("likes long walks by the river ", 20))
	n, err := recall.CountTokens(line)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for i := 0; total+n+10 <= remember.ProfileBound; i++ {
		l := line + " " + string(rune('a'+i%26)) + strings.Repeat("z", i/26)
		res, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: l})
		if err != nil {
			t.Fatalf("line %d at %d tokens: %v", i, total, err)
		}
		total = res.Tokens
	}
	before := count(t, pool, "beliefs")
	_, err = svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: line + " and one more"})
	e := wantCode(t, err, remember.CodeProfileFull)
	if !strings.Contains(e.Message, "1500") || !strings.Contains(e.Message, "remove_line") {
		t.Fatalf("the sentence should give the bound and the way out: %s", e.Message)
	}
	if count(t, pool, "beliefs") != before {
		t.Fatal("a refused append wrote a line")
	}
	// A replace that stays over the bound is refused too; one that frees
	// room is taken, and then the append fits.
	var big strings.Builder
	for i := range 20 {
		fmt.Fprintf(&big, "%s %d\n", line, i)
	}
	if _, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpReplaceSection, Line: big.String()}); memhive.CodeOf(err) != remember.CodeProfileFull {
		t.Fatalf("replace past the bound: %v", err)
	}
	if _, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpReplaceSection, Line: "likes walks"}); err != nil {
		t.Fatal(err)
	}
	res, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: line + " and one more"})
	if err != nil || res.Tokens > remember.ProfileBound {
		t.Fatalf("after making room: %+v %v", res, err)
	}
	// The bound is configurable.
	small := remember.New(pool, remember.WithProfileBound(res.Tokens+2))
	if _, err := small.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: "one two three four five"}); memhive.CodeOf(err) != remember.CodeProfileFull {
		t.Fatalf("configured bound: %v", err)
	}
}

// Pinned lines and edit_profile's sections survive the nightly pass, which
// rewrites only its own "derived" section; a derived line cannot be removed
// by hand (it would come back): the refusal names its facts.
func TestProfileSurvivesNightly(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)
	home := seed(t, svc, alone, "member:alice", "lives_in", "Berlin", "2024-01-01T00:00:00Z")
	if _, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: "call me Ali", Pinned: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Section: "work", Line: "on call in March"}); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2024, 3, 1, 3, 0, 0, 0, time.UTC)
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Now: now, Force: true}); err != nil {
		t.Fatal(err)
	}
	lines := activeLines(t, pool)
	if !lines["call me Ali"] || !func() bool { _, ok := lines["on call in March"]; return ok }() || !func() bool { _, ok := lines["lives in Berlin"]; return ok }() {
		t.Fatalf("after nightly: %v", lines)
	}
	_, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpRemoveLine, Line: "lives in Berlin"})
	e := wantCode(t, err, memhive.CodeMalformedToolCall)
	if !strings.Contains(e.Message, home) {
		t.Fatalf("the refusal should name the fact: %s", e.Message)
	}
	if _, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Section: "derived", Line: "x"}); memhive.CodeOf(err) != memhive.CodeMalformedToolCall {
		t.Fatalf("append to derived: %v", err)
	}
	// After the fact moves on, nightly turns its derived line off and still
	// leaves the hand-made ones alone.
	if _, err := svc.UpdateMemory(ctx, alone, remember.UpdateArgs{ID: home, Claim: "Lisbon", ValidFrom: ptr(now.Add(time.Hour))}); err != nil {
		t.Fatal(err)
	}
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Now: now.Add(48 * time.Hour), Force: true}); err != nil {
		t.Fatal(err)
	}
	lines = activeLines(t, pool)
	if _, ok := lines["lives in Berlin"]; ok || !lines["call me Ali"] {
		t.Fatalf("after the move: %v", lines)
	}
	if _, ok := lines["lives in Lisbon"]; !ok {
		t.Fatalf("after the move: %v", lines)
	}
}

func ptr[T any](v T) *T { return &v }

// A pinned memorize about the member joins the profile, so the bound holds
// there too: past it nothing is stored.
func TestMemorizePinnedRespectsProfileBound(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool, remember.WithProfileBound(12))
	req := remember.Request{Member: "alice", Subject: "member:alice", Predicate: "prefers", Claim: "short answers",
		Audience: []string{"member:alice"}, Channel: "web:chat", At: at("2024-01-02T03:04:05Z"), Pinned: true}
	if _, err := svc.Memorize(ctx, req); err != nil {
		t.Fatal(err)
	}
	req.Claim = "very long answers with many details and examples"
	_, err := svc.Memorize(ctx, req)
	wantCode(t, err, remember.CodeProfileFull)
	if count(t, pool, "facts") != 1 || count(t, pool, "beliefs") != 1 {
		t.Fatal("a refused pinned memorize stored something")
	}
	// About someone else it is not the member's profile.
	req.Subject = "person:bob"
	if _, err := svc.Memorize(ctx, req); err != nil {
		t.Fatal(err)
	}
}

// TestWhoCheckReadsTextBeforePresence: a binding's channel or audience
// entry of only a control character that is white space ("\t", U+0085) is
// invalid_text, as memorize and the turn lane say, not missing_channel or
// missing_audience; only spaces are missing.
func TestWhoCheckReadsTextBeforePresence(t *testing.T) {
	t.Parallel()
	if err := alone.Check(); err != nil {
		t.Fatalf("the binding unspoilt: %v", err)
	}
	for _, tc := range []struct {
		w    remember.Who
		code memhive.Code
	}{
		{remember.Who{Member: "alice", Audience: []string{"member:alice"}, Channel: "\u0085"}, memhive.CodeInvalidText},
		{remember.Who{Member: "alice", Audience: []string{"member:alice"}, Channel: "\t"}, memhive.CodeInvalidText},
		{remember.Who{Member: "alice", Audience: []string{"\u0085"}, Channel: "web:chat"}, memhive.CodeInvalidText},
		{remember.Who{Member: "alice", Audience: []string{"member:alice"}, Channel: "web\u009bchat"}, memhive.CodeInvalidText},
		{remember.Who{Member: "alice", Audience: []string{"member:alice"}, Channel: "  "}, memhive.CodeMissingChannel},
		{remember.Who{Member: "alice", Audience: []string{" "}, Channel: "web:chat"}, memhive.CodeMissingAudience},
	} {
		if err := tc.w.Check(); memhive.CodeOf(err) != tc.code {
			t.Errorf("%q in %q: %v, want %s", tc.w.Channel, tc.w.Audience, err, tc.code)
		}
	}
}

// TestToolArgsTextBeforeMeaning: a Go caller of the memory tools (a
// Keeper behind no decoder) gets what every surface gets: an argument
// holding a control character (C1, NUL, ESC, DEL; in a name a tab too)
// or bytes not UTF-8 is invalid_text naming it, before the tool looks at
// what it means, and nothing is written (a NUL reached the store as a
// store failure; a claim ending in U+0085 was stored trimmed, an id or a
// section starting with one was trimmed and matched). Free text (the
// claim, the reason, a profile line) may hold tab, newline and carriage
// return, as memorize's claim and note may; its cap is memorize's,
// MaxText, text_too_large.
func TestToolArgsTextBeforeMeaning(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := remember.New(pool)
	id := seed(t, svc, alone, "member:alice", "lives_in", "Berlin", "2024-01-01T00:00:00Z")
	state := func() string {
		var s string
		if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM facts WHERE member_id = 'alice' AND expired_at IS NULL AND superseded_by IS NULL)
			|| '/' || (SELECT count(*) FROM facts WHERE member_id = 'alice') || '/' || (SELECT count(*) FROM beliefs WHERE member_id = 'alice')`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := state()
	for _, bad := range []string{"\u0085", "\u009f", "\x00", "\x1b", "\x7f", "\xff", "\xed\xa0\x80"} {
		for _, c := range []struct {
			name string
			call func(x string) error
			text bool
		}{
			{"claim", func(x string) error {
				_, err := svc.UpdateMemory(ctx, alone, remember.UpdateArgs{ID: id, Claim: "Lisbon" + x})
				return err
			}, true},
			{"id", func(x string) error {
				_, err := svc.UpdateMemory(ctx, alone, remember.UpdateArgs{ID: x + id, Claim: "Lisbon"})
				return err
			}, false},
			{"reason", func(x string) error {
				_, err := svc.Forget(ctx, alone, remember.ForgetArgs{ID: id, Reason: "moved" + x})
				return err
			}, true},
			{"id", func(x string) error {
				_, err := svc.Forget(ctx, alone, remember.ForgetArgs{ID: id + x})
				return err
			}, false},
			{"line", func(x string) error {
				_, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: "likes" + x + " tea"})
				return err
			}, true},
			{"section", func(x string) error {
				_, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Section: x + "food", Line: "tea"})
				return err
			}, false},
			{"op", func(x string) error {
				_, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend + x, Line: "tea"})
				return err
			}, false},
			{"id", func(x string) error {
				_, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpRemoveLine, ID: "01M8NGZH485GVCV7CYCKZ63ZHK" + x})
				return err
			}, false},
			// list_memories' filters: a subject of "\u0085" was trimmed to
			// blank (everything listed), "member:alice\u0085" matched
			// member:alice
			{"subject", func(x string) error {
				_, err := svc.ListMemories(ctx, alone, remember.ListArgs{Subject: "member:alice" + x})
				return err
			}, false},
			{"subject", func(x string) error {
				_, err := svc.ListMemories(ctx, alone, remember.ListArgs{Subject: x})
				return err
			}, false},
			{"channel", func(x string) error {
				_, err := svc.ListMemories(ctx, alone, remember.ListArgs{Channel: x + "web:chat"})
				return err
			}, false},
			{"kind", func(x string) error {
				_, err := svc.ListMemories(ctx, alone, remember.ListArgs{Kind: "world" + x})
				return err
			}, false},
		} {
			err := c.call(bad)
			if memhive.CodeOf(err) != memhive.CodeInvalidText || !strings.HasPrefix(memhive.AsError(err).Message, c.name+" ") {
				t.Errorf("%s with %q: %v, want invalid_text naming %s", c.name, bad, err, c.name)
			}
			if c.text {
				continue
			}
			if err := c.call("\t"); memhive.CodeOf(err) != memhive.CodeInvalidText {
				t.Errorf("%s with a tab: %v, want invalid_text", c.name, err)
			}
		}
	}
	if now := state(); now != before {
		t.Fatalf("refused calls wrote: %s, then %s", before, now)
	}
	// free text takes tab, newline and carriage return
	if _, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: "likes\ttea\r\nreads"}); err != nil {
		t.Fatalf("a line with a tab and a CRLF: %v", err)
	}
	if _, err := svc.UpdateMemory(ctx, alone, remember.UpdateArgs{ID: id, Claim: "Lisbon,\tnear the river"}); err != nil {
		t.Fatalf("a claim with a tab: %v", err)
	}
	// memorize's cap, with its code
	_, err := svc.EditProfile(ctx, alone, remember.ProfileArgs{Op: remember.OpAppend, Line: strings.Repeat("a", remember.MaxText+1)})
	wantCode(t, err, memhive.CodeTextTooLarge)
	_, err = svc.Forget(ctx, alone, remember.ForgetArgs{ID: id, Reason: strings.Repeat("a", remember.MaxText+1)})
	wantCode(t, err, memhive.CodeTextTooLarge)
	// a filter's cap is its field's: a channel's 256 bytes, a subject's
	// memorize's (MaxSubject, canonical), field_too_long
	_, err = svc.ListMemories(ctx, alone, remember.ListArgs{Channel: strings.Repeat("c", 257)})
	wantCode(t, err, memhive.CodeFieldTooLong)
	_, err = svc.ListMemories(ctx, alone, remember.ListArgs{Subject: strings.Repeat("s", remember.MaxSubject+1)})
	wantCode(t, err, memhive.CodeFieldTooLong)
	if _, err := svc.ListMemories(ctx, alone, remember.ListArgs{Subject: strings.Repeat("s", remember.MaxSubject), Channel: strings.Repeat("c", 256)}); err != nil {
		t.Fatalf("filters at their caps: %v", err)
	}
	if res, err := svc.ListMemories(ctx, alone, remember.ListArgs{Subject: " Member:Alice ", Kind: "world"}); err != nil || res.Count != 1 {
		t.Fatalf("a subject filter in another case, with spaces: %v %+v", err, res)
	}
}
