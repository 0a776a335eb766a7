package cli

import (
	"bytes"
	"strings"
	"testing"
)

// A flag the command does not have, or a bad flag value, is a usage error:
// exit 2 and a pointer to --help, as for every other usage error.
func TestFlagErrorsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"episodes", "--bogus"}, {"episodes", "--member", "alice", "--limit", "many"}, {"facts", "--member"}} {
		var out, errb bytes.Buffer
		if rc := Main(args, strings.NewReader(""), &out, &errb); rc != 2 || !strings.Contains(errb.String(), "--help") {
			t.Errorf("%v: exit %d, stderr %q", args, rc, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if rc := Main([]string{"episodes", "--member", "Alice"}, strings.NewReader(""), &out, &errb); rc != 1 || !strings.Contains(errb.String(), "invalid_member") {
		t.Errorf("a member that is no member id: exit %d, stderr %q", rc, errb.String())
	}
}

// `memhive mcp --tier one` is refused at launch, a usage error naming the
// flag (exit 2): it started, and every memory_recall the model made was
// malformed_request, which the model could not fix. A tier as the rest of
// the CLI takes it (0, 1, 2, quoted, spaced, 1.0) passes the check: the
// command goes on to look for the running memhive (none here: exit 1).
func TestMCPTierCheckedAtLaunch(t *testing.T) {
	t.Setenv("MEMHIVE_NATS_URL", "")
	t.Setenv("MEMHIVE_DATABASE_URL", "")
	data := t.TempDir()
	run := func(tier string) (int, string) {
		var out, errb bytes.Buffer
		rc := Main([]string{"mcp", "--member", "alice", "--audience", "member:alice", "--channel", "web:chat", "--data", data, "--tier", tier},
			strings.NewReader(""), &out, &errb)
		return rc, errb.String()
	}
	for _, bad := range []string{"one", "3", "-1", "1.5", "tier1", `"two"`} {
		if rc, stderr := run(bad); rc != 2 || !strings.Contains(stderr, "--tier") || !strings.Contains(stderr, "0, 1 or 2") {
			t.Errorf("--tier %q: exit %d, stderr %q", bad, rc, stderr)
		}
	}
	for _, good := range []string{"0", "1", "2", `"1"`, " 2 ", "1.0", ""} {
		if rc, stderr := run(good); rc == 2 || strings.Contains(stderr, "--tier") {
			t.Errorf("--tier %q: exit %d, stderr %q", good, rc, stderr)
		}
	}
}
