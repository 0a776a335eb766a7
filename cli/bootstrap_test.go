package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/client"
	"github.com/memhive/memhive/internal/nodetest"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// A new assistant id reads what its gate allows from its first turn, with
// no handover; `memhive bootstrap` prints that first bundle.
func TestBootstrapNewAssistantReadsTheRecord(t *testing.T) {
	h := nodetest.Start(t)
	// The test's NATS has no users: the CLI finds it by its URL (t.Setenv:
	// not parallel).
	t.Setenv("MEMHIVE_NATS_URL", h.Node.NATSURL)
	ctx := context.Background()
	data := h.Node.Config.DataDir
	talky, err := client.New(ctx, h.NC, client.Config{Member: "alice", Template: "talky", Audience: []string{"member:alice"},
		Channel: "telegram:dm", Session: "s-1"})
	if err != nil {
		t.Fatal(err)
	}
	defer talky.Close()
	if _, err := talky.Heard("member:alice", "My sister Maya moved to Lisbon in May."); err != nil {
		t.Fatal(err)
	}
	if res := talky.Call(ctx, "memorize", json.RawMessage(`{"note":"dentist appointment on Tuesday","kind":"foresight"}`)); res.Err != nil {
		t.Fatal(res.Err)
	}
	if err := talky.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	nodetest.Eventually(t, "the turn in the record", 10*time.Second, func() bool { return h.Episodes(t, "alice") == 1 })

	base := []string{"bootstrap", "--data", data, "--member", "alice", "--assistant", "talky-2", "--template", "talky", "--channel", "web:chat"}
	out, errs, code := run(t, append(base, "--audience", "member:alice", "--text", "Where does Maya live?")...)
	if code != 0 || !strings.Contains(out, "Lisbon") || !strings.Contains(out, "assistant talky-2 of alice") {
		t.Fatalf("bootstrap (%d): %s\n%s", code, out, errs)
	}
	// Without a first message: the queryless tier-0 bundle, as JSON.
	out, errs, code = run(t, append(base, "--audience", "member:alice", "--json")...)
	var got bootstrapOut
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("bootstrap --json (%d): %s\n%s", code, out, errs)
	}
	if got.Bundle == nil || got.BundleTier != "0" || !strings.Contains(got.Bundle.Text, "dentist") || got.Assistant != "talky-2" || !got.Ambient {
		t.Fatalf("bootstrap --json: %+v", got)
	}
	// bob listening: the gate holds for a new assistant too.
	out, errs, code = run(t, append(base, "--audience", "member:alice,person:bob", "--text", "Where does Maya live?")...)
	if code != 0 || strings.Contains(out, "Lisbon") || strings.Contains(out, "dentist") {
		t.Fatalf("bootstrap with bob (%d): %s\n%s", code, out, errs)
	}
	// A template that asks by tool call receives no bundle.
	out, errs, code = run(t, "bootstrap", "--data", data, "--member", "alice", "--assistant", "cogny", "--audience", "member:alice", "--channel", "web:chat")
	if code != 0 || !strings.Contains(out, "receives no bundle") || !strings.Contains(out, "memory_recall") {
		t.Fatalf("bootstrap cogny (%d): %s\n%s", code, out, errs)
	}
	// No audience: a coded refusal, exit non-zero.
	_, errs, code = run(t, "bootstrap", "--data", data, "--member", "alice", "--assistant", "talky", "--channel", "web:chat")
	if code == 0 || !strings.Contains(errs, "missing_audience") {
		t.Fatalf("bootstrap without audience (%d): %s", code, errs)
	}
}

// memhive advisor enter|decisions against a running node.
func TestAdvisorCommands(t *testing.T) {
	h := nodetest.Start(t)
	t.Setenv("MEMHIVE_NATS_URL", h.Node.NATSURL)
	t.Setenv("MEMHIVE_DATABASE_URL", h.URL)
	ctx := context.Background()
	a, err := client.New(ctx, h.NC, client.Config{Member: "alice", Template: "talky", Audience: []string{"member:alice"}, Channel: "web:chat"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if res := a.Call(ctx, "memorize", json.RawMessage(`{"subject":"member:alice","predicate":"lisbon_hotel","claim":"Casa Azul"}`)); res.Err != nil {
		t.Fatal(res.Err)
	}
	data := h.Node.Config.DataDir
	enter := []string{"advisor", "enter", "--data", data, "--member", "alice", "--audience", "member:alice", "--channel", "web:chat", "--session", "s-1"}
	out, errs, code := run(t, append(enter, "the", "Lisbon", "hotel")...)
	if code != 0 || !strings.Contains(out, "Casa Azul") || !strings.Contains(out, "delivered") {
		t.Fatalf("advisor enter (%d): %s\n%s", code, out, errs)
	}
	out, errs, code = run(t, append(enter, "--json", "the Lisbon hotel")...)
	if code != 0 || !strings.Contains(out, `"delivered": false`) {
		t.Fatalf("advisor enter again (%d): %s\n%s", code, out, errs)
	}
	out, errs, code = run(t, "advisor", "decisions", "--data", data, "--member", "alice", "--json")
	var recs []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &recs) != nil || len(recs) != 2 || recs[0]["outcome"] != "delivered" || recs[1]["outcome"] != "no_match" {
		t.Fatalf("advisor decisions (%d): %s\n%s", code, out, errs)
	}
	if _, errs, code := run(t, append(enter[:len(enter)-2], "--audience", "", "x")...); code == 0 || !strings.Contains(errs, "missing_audience") {
		t.Fatalf("no audience (%d): %s", code, errs)
	}
}
