package nightly_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/nightly"
)

func modelJudge(t *testing.T, pool *pgxpool.Pool, member string, srv *modeltest.Server, opts ...model.Option) *nightly.ModelJudge {
	t.Helper()
	c, err := model.New(model.Config{URL: srv.URL, Model: "m"}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return &nightly.ModelJudge{Client: c, Log: model.NewDecisionLog(pool, slog.New(slog.NewTextHandler(io.Discard, nil))), Member: member}
}

func judgeVerdicts(t *testing.T, pool *pgxpool.Pool, member string) string {
	t.Helper()
	rows, err := pool.Query(context.Background(),
		`SELECT verdict FROM decision_log WHERE member_id = $1 AND cell = 'judge' ORDER BY at`, member)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, ",")
}

func TestModelJudgeYesNoInvalid(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	srv := modeltest.New(t,
		modeltest.Response{Content: `{"same": true}`},
		modeltest.Response{Content: `{"same": false}`},
		modeltest.Response{Content: `{"same": "yes"}`},
		modeltest.Response{Content: `{}`},
		modeltest.Response{Content: `{"same": true, "why": "x"}`},
		modeltest.Response{Content: `{"same": true} {"same": false}`},
	)
	j := modelJudge(t, pool, "alice", srv)
	if same, err := j.Same(ctx, "entity", "jonathan", "jonathon"); err != nil || !same {
		t.Fatalf("yes: %v %v", same, err)
	}
	if same, err := j.Same(ctx, "predicate", "lives_in", "works_at"); err != nil || same {
		t.Fatalf("no: %v %v", same, err)
	}
	for i := 0; i < 4; i++ {
		if same, err := j.Same(ctx, "entity", "a", "b"); !errors.Is(err, nightly.ErrInvalidJudgement) || same {
			t.Fatalf("invalid %d: %v %v", i, same, err)
		}
	}
	if got := judgeVerdicts(t, pool, "alice"); got != "ok,ok,invalid_json,invalid_json,invalid_json,invalid_json" {
		t.Fatalf("decisions = %s", got)
	}
	chat, err := srv.Requests()[0].Chat()
	if err != nil {
		t.Fatal(err)
	}
	if chat.User != model.UserTag("alice", nightly.JudgeCell) || !strings.Contains(chat.Messages[len(chat.Messages)-1].Content, `"a":"jonathan"`) {
		t.Fatalf("request = %+v", chat)
	}
}

func TestModelJudgeErrorsAndBudget(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	srv := modeltest.New(t, modeltest.Response{Status: 500})
	b := model.NewBudget(1, 100)
	j := modelJudge(t, pool, "bob", srv, model.WithBudget(b))
	if same, err := j.Same(ctx, "entity", "a", "b"); err == nil || same {
		t.Fatalf("500: %v %v", same, err)
	}
	// The one call of the hour is spent: nothing is sent.
	if same, err := j.Same(ctx, "entity", "a", "b"); memhive.CodeOf(err) != memhive.CodeOverBudget || same {
		t.Fatalf("over budget: %v %v", same, err)
	}
	if srv.Count() != 1 {
		t.Fatalf("%d requests, want 1", srv.Count())
	}
	if got := judgeVerdicts(t, pool, "bob"); got != "error,over_budget" {
		t.Fatalf("decisions = %s", got)
	}
	none, err := model.New(model.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&nightly.ModelJudge{Client: none, Member: "bob"}).Same(ctx, "entity", "a", "b"); memhive.CodeOf(err) != memhive.CodeModelNotConfigured {
		t.Fatalf("no model: %v", err)
	}
}

// TestModelJudgeInNightlyRun puts the judge to a real run: a "yes" makes an
// alias decided by the judge.
func TestModelJudgeInNightlyRun(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	say(t, pool, ep{"s1", "My friend Jonathan lives in Paris. My friend Jonathon lives in Rome.", me, time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)})
	srv := modeltest.New(t, modeltest.Response{Content: `{"same": true}`})
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", Judge: modelJudge(t, pool, "alice", srv)})
	if err != nil || rep.Members[0].ModelCalls != 1 || srv.Count() != 1 {
		t.Fatalf("run: %+v %v, %d requests", rep.Members, err, srv.Count())
	}
	list, err := nightly.ListAliases(ctx, pool, "alice")
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, a := range list {
		if a.DecidedBy == "judge" && strings.HasPrefix(a.Alias, "jonath") && strings.HasPrefix(a.Canonical, "jonath") {
			judged++
		}
	}
	if judged != 1 {
		t.Fatalf("aliases = %+v", list)
	}
}
