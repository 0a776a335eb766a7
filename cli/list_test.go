package cli_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/episodes"
)

// TestListLimitZeroIsAll: `memhive episodes --limit 0` and `memhive
// refusals --limit 0` list every row, as their help says ("0: all"), not
// the store's default of 50; no --limit is 20, --limit 5 is 5.
func TestListLimitZeroIsAll(t *testing.T) {
	pool := cliDB(t)
	ctx := context.Background()
	const n = 60 // over the store's default of 50
	t0 := time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC)
	eps := make([]episodes.Episode, n)
	rs := make([]episodes.Refusal, n)
	for i := range n {
		at := t0.Add(time.Duration(i) * time.Minute)
		id := ulid.MustNew(ulid.Timestamp(at), nil).String()
		eps[i] = episodes.Episode{Member: "alice", ID: id, Session: "s", Channel: "web:chat", Role: "user",
			Speaker: "member:alice", Audience: []string{"member:alice"}, Content: "turn", HappenedAt: at}
		rs[i] = episodes.Refusal{Member: "alice", ID: id, Subject: "memhive.alice.turn", Code: "malformed_turn",
			Message: "a turn is a JSON object", Raw: []byte("hello")}
	}
	if _, err := episodes.Insert(ctx, pool, eps); err != nil {
		t.Fatal(err)
	}
	if err := episodes.InsertRefusals(ctx, pool, rs); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		limit []string
		want  int
	}{
		{[]string{"--limit", "0"}, n},
		{nil, 20},
		{[]string{"--limit", "5"}, 5},
		{[]string{"--limit", "55"}, 55},
	} {
		for _, cmd := range [][]string{{"episodes", "--member", "alice"}, {"refusals", "--member", "alice"}} {
			args := append(append(append([]string{}, cmd...), tc.limit...), "--json")
			out, stderr, code := runCLI(t, args...)
			var rows []json.RawMessage
			if code != 0 || json.Unmarshal([]byte(out), &rows) != nil {
				t.Fatalf("%v: %d %s %s", args, code, out, stderr)
			}
			if len(rows) != tc.want {
				t.Errorf("%v: %d rows, want %d", args, len(rows), tc.want)
			}
		}
	}
}
