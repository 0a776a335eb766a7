package extract_test

import (
	"testing"
	"time"
)

// TestOutsideRules holds the sentences of the rules written in session 15
// for chat that is not LoCoMo (lower-case texting, a member talking to an
// assistant, persona chat): each rule with sentences it must read and
// sentences it must leave. None is copied from a labelled turn.
func TestOutsideRules(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A common place's name after a travel word in lower case.
		{"i'm going to japan next month", []want{fut(me, "travels_to", "Japan", "")}},
		{"we live in phoenix", []want{w(me, "lives_in", "Phoenix")}},
		{"i'm reading a book about japan", nil},
		{"i went back to reading after dinner", nil},
		// A relative or a pet named in lower case after "my".
		{"my sister jo just moved to cork", []want{w(me, "sister", "Jo"), w("Jo", "lives_in", "Cork")}},
		{"my partner sam is a chef", []want{w(me, "partner", "Sam"), w("Sam", "job_title", "chef")}},
		{"my dog luna is 3", []want{w(me, "has_pet", "Luna")}},
		{"my brother will call me later", []want{w(me, "brother", "Alice's brother")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
