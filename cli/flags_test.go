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
