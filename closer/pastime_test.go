package closer_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
)

// A pastime spoken of in one session is kept as a mention only; spoken of
// again in a second session heard by the same people it becomes one
// pastime fact naming both turns, and a third session's mention makes a new
// version naming all three that closes the first; a mention heard by
// someone else, an assistant's turn and a re-run change nothing.
func TestPastimeFactFromMentionsInTwoSessions(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	alone := []string{"member:alice"}
	withBob := []string{"person:bob", "member:alice"}
	s1 := insert(t, pool, "alice",
		ep{"s1", "web:chat", "user", "member:alice", "We went camping by the lake last weekend, it was lovely.", alone, t0},
		ep{"s1", "web:chat", "assistant", "assistant:talky", "I went camping too, in a manner of speaking.", alone, t0.Add(time.Minute)},
		ep{"s1", "web:chat", "user", "member:alice", "Have you ever been kayaking?", alone, t0.Add(2 * time.Minute)},
	)
	close := func(session string) *closer.Report {
		t.Helper()
		rep, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: session, Channel: "web:chat"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	pastimeFacts := func() map[string][]string {
		t.Helper()
		rows, err := pool.Query(ctx, `SELECT claim, audience, source_episode_ids FROM facts WHERE member_id = 'alice' AND predicate = 'pastime' AND expired_at IS NULL ORDER BY claim, id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string][]string{}
		for rows.Next() {
			var claim string
			var aud, src []string
			if err := rows.Scan(&claim, &aud, &src); err != nil {
				t.Fatal(err)
			}
			out[claim+" "+aud[0]] = src
		}
		return out
	}
	if rep := close("s1"); rep.Mentions != 1 {
		t.Fatalf("first session: %d mentions kept, want 1 (the assistant's and the question are not)", rep.Mentions)
	}
	if got := pastimeFacts(); len(got) != 0 {
		t.Fatalf("one session makes no pastime fact: %v", got)
	}

	s2 := insert(t, pool, "alice",
		ep{"s2", "web:chat", "user", "member:alice", "I took the kids camping again, the tent leaked all night.", alone, t0.Add(72 * time.Hour)},
		ep{"s2b", "web:chat", "user", "member:alice", "We went camping with Bob.", withBob, t0.Add(73 * time.Hour)},
	)
	close("s2")
	close("s2b")
	got := pastimeFacts()
	if want := []string{s1[0], s2[0]}; len(got) != 1 || !slices.Equal(got["camping member:alice"], want) {
		t.Fatalf("after two sessions: %v, want camping heard by Alice alone from %v", got, want)
	}

	s3 := insert(t, pool, "alice",
		ep{"s3", "web:chat", "user", "member:alice", "I camped in the mountains this time.", alone, t0.Add(240 * time.Hour)},
	)
	close("s3")
	if got, want := pastimeFacts()["camping member:alice"], []string{s1[0], s2[0], s3[0]}; !slices.Equal(got, want) {
		t.Fatalf("after a third session the version in force names %v, want %v", got, want)
	}
	// the first version stays, closed by the second
	var n int
	var by string
	if err := pool.QueryRow(ctx, `SELECT count(*), max(superseded_by) FROM facts WHERE member_id = 'alice' AND predicate = 'pastime'`).Scan(&n, &by); err != nil || n != 2 || by == "" {
		t.Fatalf("pastime versions: %d, superseded_by %q, %v; want two, the first closed by the second", n, by, err)
	}
	if rep := close("s3"); rep.Written() != 0 {
		t.Fatalf("a re-run wrote %+v", rep)
	}
	// a fourth mention has not grown the three by half: no new version yet;
	// a fifth has
	s4 := insert(t, pool, "alice", ep{"s4", "web:chat", "user", "member:alice", "We went camping at the coast.", alone, t0.Add(300 * time.Hour)})
	close("s4")
	if got, want := pastimeFacts()["camping member:alice"], []string{s1[0], s2[0], s3[0]}; !slices.Equal(got, want) {
		t.Fatalf("after a fourth mention the version in force names %v, want still %v", got, want)
	}
	s5 := insert(t, pool, "alice",
		ep{"s5", "web:chat", "user", "member:alice", "I'd never go camping in winter.", alone, t0.Add(400 * time.Hour)},
		ep{"s5", "web:chat", "user", "member:alice", "We camped in the rain this time.", alone, t0.Add(401 * time.Hour)})
	close("s5")
	if got, want := pastimeFacts()["camping member:alice"], []string{s1[0], s2[0], s3[0], s4[0], s5[1]}; !slices.Equal(got, want) {
		t.Fatalf("after a fifth mention the version in force names %v, want %v", got, want)
	}
}

// A liking, or a place lived in, said again in a later session is a new
// version naming both turns that closes the first; a plan and a liking said
// by someone else or to someone else are not joined.
func TestRestatedClaimNamesEverySaying(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	alone := []string{"member:alice"}
	withBob := []string{"person:bob", "member:alice"}
	a := insert(t, pool, "alice",
		ep{"s1", "web:chat", "user", "member:alice", "I love jazz. I live in Berlin.", alone, t0},
		ep{"s2", "web:chat", "user", "member:alice", "Honestly, I love jazz. I live in Berlin.", alone, t0.Add(48 * time.Hour)},
		ep{"s3", "web:chat", "user", "member:alice", "I love jazz.", withBob, t0.Add(96 * time.Hour)},
		ep{"s4", "web:chat", "user", "member:alice", "I love hiking.", alone, t0.Add(120 * time.Hour)},
		ep{"s5", "web:chat", "user", "member:alice", "I love hikes.", alone, t0.Add(144 * time.Hour)},
	)
	for _, s := range []string{"s1", "s2", "s3", "s4", "s5"} {
		if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: s, Channel: "web:chat"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	type version struct {
		src     []string
		aud     []string
		closure string
	}
	rows, err := pool.Query(ctx, `SELECT predicate, source_episode_ids, audience, coalesce(closure_source, '') FROM facts
		WHERE member_id = 'alice' AND predicate IN ('likes', 'lives_in') ORDER BY predicate, valid_from, id`)
	// likes: jazz, jazz, jazz (with Bob), hiking, hikes
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]version{}
	for rows.Next() {
		var p, c string
		var src, aud []string
		if err := rows.Scan(&p, &src, &aud, &c); err != nil {
			t.Fatal(err)
		}
		got[p] = append(got[p], version{src, aud, c})
	}
	rows.Close()
	likes := got["likes"]
	// "hikes" says "hiking" again in other words (the same stems)
	if h := likes[3:]; len(h) != 2 || h[0].closure != "close:restated" || !slices.Equal(h[1].src, []string{a[3], a[4]}) {
		t.Errorf("likes hiking, then hikes: %+v; want the second naming both turns and closing the first", h)
	}
	likes = likes[:3]
	if len(likes) != 3 || likes[0].closure != "close:restated" || likes[1].closure != "" || likes[2].closure != "" ||
		!slices.Equal(likes[1].src, []string{a[0], a[1]}) || !slices.Equal(likes[2].src, []string{a[2]}) {
		t.Errorf("likes jazz: %+v; want the second saying to name both turns and close the first, the one heard with Bob apart", likes)
	}
	if l := got["lives_in"]; len(l) != 2 || l[0].closure != "close:restated" || l[1].closure != "" || !slices.Equal(l[1].src, []string{a[0], a[1]}) {
		t.Errorf("lives_in Berlin twice: %+v; want the second saying to name both turns and close the first", l)
	}
}

// On a single-valued axis a claim is joined only to the axis's newest
// version while it is open: Berlin said again after Berlin is one version
// naming both turns, Berlin after Lisbon is a move back (a new version on
// the chain), and Berlin after "I don't live in Berlin anymore" is not the
// ended version either.
func TestRestatedSingleAxisJoinsOnlyTheOpenNewest(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	alone := []string{"member:alice"}
	lines := []string{"I live in Berlin.", "I live in Berlin.", "I live in Lisbon.", "I live in Berlin.",
		"I don't live in Berlin anymore.", "I live in Berlin."}
	var a []string
	for i, text := range lines {
		s := fmt.Sprintf("s%d", i)
		a = append(a, insert(t, pool, "alice", ep{s, "web:chat", "user", "member:alice", text, alone, t0.Add(time.Duration(i) * 48 * time.Hour)})...)
		if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: s, Channel: "web:chat"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	type version struct {
		claim, closure string
		src            []string
	}
	rows, err := pool.Query(ctx, `SELECT claim, coalesce(closure_source, ''), source_episode_ids FROM facts
		WHERE member_id = 'alice' AND predicate = 'lives_in' ORDER BY valid_from, id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []version
	for rows.Next() {
		var v version
		if err := rows.Scan(&v.claim, &v.closure, &v.src); err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []version{
		{"Berlin", "close:restated", []string{a[0]}},
		{"Berlin", "close:negated", []string{a[0], a[1]}}, // "anymore" ends every Berlin
		{"Lisbon", "", []string{a[2]}},
		{"Berlin", "close:negated", []string{a[3]}},
		{"Berlin", "", []string{a[5]}},
	}
	if len(got) != len(want) {
		t.Fatalf("lives_in versions: %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i].claim != want[i].claim || got[i].closure != want[i].closure || !slices.Equal(got[i].src, want[i].src) {
			t.Errorf("version %d: %+v; want %+v", i, got[i], want[i])
		}
	}
}
