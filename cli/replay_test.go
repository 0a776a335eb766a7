package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/cli"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/replay"
)

// memhive replay and memhive state-hash against a member with a close and a
// nightly run: the replay's report, the hashes both commands print, and the
// coded errors.
func TestReplayAndStateHashCommands(t *testing.T) {
	ctx := context.Background()
	pool, schema := dbtest.NewUnmigrated(t)
	if err := episodes.Migrate(ctx, pool, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		rows, err := pool.Query(context.Background(), `SELECT schema_name FROM replays`)
		if err != nil {
			return
		}
		names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
		for _, n := range names {
			_, _ = pool.Exec(context.Background(), `DROP SCHEMA `+pgx.Identifier{n}.Sanitize()+` CASCADE`)
		}
	})
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	t.Setenv("MEMHIVE_DATABASE_URL", dbtest.URL()+sep+"search_path="+schema+",public")
	t.Setenv("MEMHIVE_DATA", t.TempDir())
	t0 := time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC)
	for i, text := range []string{"I live in Berlin.", "I love jazz."} {
		if _, err := pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $1, 's1', 'web:chat', 'user', 'member:alice', '{member:alice}', $2, $3)`,
			ulid.Make().String(), text, t0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: "alice", Session: "s1", Channel: "web:chat"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice", RunID: "n1"}); err != nil {
		t.Fatal(err)
	}

	run := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := cli.Main(args, strings.NewReader(""), &out, &errb)
		return out.String(), errb.String(), code
	}
	out, stderr, code := run("replay", "--member", "alice", "--json")
	if code != 0 {
		t.Fatalf("replay: %d %s %s", code, out, stderr)
	}
	if !strings.Contains(stderr, "2/2 events") {
		t.Errorf("no progress on stderr: %q", stderr)
	}
	var rep replay.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !rep.Equal || rep.Generation != 1 || rep.Inputs["close"] != 1 || rep.Inputs["nightly"] != 1 {
		t.Fatalf("replay report: %+v", rep)
	}
	hashOf := func(args ...string) replay.State {
		t.Helper()
		out, stderr, code := run(append([]string{"state-hash", "--member", "alice", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("state-hash %v: %d %s %s", args, code, out, stderr)
		}
		var st replay.State
		if err := json.Unmarshal([]byte(out), &st); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return st
	}
	liveSt, gen := hashOf(), hashOf("--generation", "1")
	if liveSt.Hash != rep.Live.Hash || gen.Hash != rep.State.Hash || len(liveSt.Tables) != len(replay.Tables()) {
		t.Fatalf("state-hash: live %s gen %s, replay said %s %s", liveSt.Hash, gen.Hash, rep.Live.Hash, rep.State.Hash)
	}
	for _, th := range liveSt.Tables {
		if th.Table == "facts" && th.Rows != 2 {
			t.Fatalf("facts counted: %+v", th)
		}
	}
	out, _, code = run("state-hash", "--member", "alice")
	if code != 0 || !strings.Contains(out, liveSt.Hash) || !strings.Contains(out, "entity_edges") {
		t.Fatalf("text output: %d %s", code, out)
	}
	out, _, code = run("state-hash", "--member", "alice", "--lines")
	if code != 0 || !strings.Contains(out, "facts\t[") || !strings.Contains(out, "Berlin") {
		t.Fatalf("--lines: %d %s", code, out)
	}
	out, _, code = run("replay", "--list", "--member", "alice", "--json")
	var gens []replay.Generation
	if err := json.Unmarshal([]byte(out), &gens); code != 0 || err != nil || len(gens) != 1 || gens[0].Status != "completed" ||
		gens[0].StateHash != rep.State.Hash || gens[0].Schema != rep.Schema || gens[0].Inputs["close"] != 1 {
		t.Fatalf("replay --list: %d %v %s", code, err, out)
	}
	out, _, code = run("replay", "--list", "--member", "alice")
	if code != 0 || !strings.Contains(out, rep.Schema) || !strings.Contains(out, "completed") {
		t.Fatalf("replay --list text: %d %s", code, out)
	}
	for _, c := range []struct {
		args []string
		code string
	}{
		{[]string{"state-hash", "--member", "Alice!", "--json"}, "invalid_member"},
		{[]string{"state-hash", "--member", "alice", "--generation", "9", "--json"}, "not_found"},
		{[]string{"replay", "--member", "nobody", "--json"}, "not_found"},
	} {
		out, stderr, code := run(c.args...)
		if code == 0 || !strings.Contains(out+stderr, `"code": "`+c.code+`"`) && !strings.Contains(out+stderr, `"code":"`+c.code+`"`) {
			t.Errorf("%v: exit %d, %s %s; want error %s", c.args, code, out, stderr, c.code)
		}
	}
}
