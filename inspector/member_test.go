package inspector_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestTimelineFiltersAndRefusals: the timeline's filters (session,
// channel, speaker, an audience entry, ids) narrow the rows, and the
// refusals page shows the code, the sentence and the raw bytes (control and
// invalid bytes escaped, and as hex).
func TestTimelineFiltersAndRefusals(t *testing.T) {
	t.Parallel()
	h := setup(t)
	op := bearer(h.opKey)
	for q, want := range map[string][]string{
		"session=s-2":        {"01HX0000000000000000000003", "01HX0000000000000000000004"},
		"channel=web:chat":   {"01HX0000000000000000000001", "01HX0000000000000000000002"},
		"speaker=person:bob": {"01HX0000000000000000000002"},
		"aud=person:carol":   {"01HX0000000000000000000004"},
		"aud=*":              {"01HX0000000000000000000003"},
		"ids=01HX0000000000000000000001,01HX0000000000000000000003": {"01HX0000000000000000000001", "01HX0000000000000000000003"},
		"session=s-2&speaker=member:alice":                          nil,
	} {
		v, _ := url.ParseQuery(q)
		code, body := h.do("GET", "/ui/members/alice/timeline?"+v.Encode(), nil, op)
		if got := shownIDs(body, "episode"); code != 200 || !slices.Equal(got, want) {
			t.Errorf("timeline?%s: %d %v, want %v", q, code, got, want)
		}
	}
	_, body := h.do("GET", "/ui/members/alice/timeline", nil, op)
	for _, want := range []string{`href="/ui/members/alice/timeline?aud=person%3Abob">person:bob</a>`, "ref-private",
		`href="/ui/members/alice/who?id=01HX0000000000000000000002&amp;kind=episode">who can see this</a>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the timeline lacks %q", want)
		}
	}
	_, body = h.do("GET", "/ui/members/alice/refusals", nil, op)
	for _, want := range []string{"invalid_text", "the text holds a control character", `bad \x01 byte \xff`, "7b 22 74 65 78 74"} {
		if !strings.Contains(body, want) {
			t.Errorf("the refusals page lacks %q", want)
		}
	}
	_, body = h.do("GET", "/ui/members/alice/refusals?code=dead_letter", nil, op)
	if strings.Contains(body, "invalid_text</code>") {
		t.Error("the code filter let another code through")
	}
}

// TestModelCallsArePriced: with a model price configured, each call of the
// decision log and their total are shown in dollars, exactly.
func TestModelCallsArePriced(t *testing.T) {
	t.Parallel()
	h := setup(t)
	for i, tok := range [][2]int{{1000, 500}, {3000, 0}} {
		if _, err := h.pool.Exec(t.Context(), `INSERT INTO decision_log (member_id, id, cell, tier, verdict, latency_ms, prompt_tokens, completion_tokens)
			VALUES ('alice', $1, 'synth', '2', 'ok', 40, $2, $3)`, fmt.Sprintf("dl-%d", i), tok[0], tok[1]); err != nil {
			t.Fatal(err)
		}
	}
	code, body := h.do("GET", "/ui/members/alice/decisions", nil, bearer(h.opKey))
	if code != 200 {
		t.Fatalf("decisions: %d", code)
	}
	// $0.15 and $0.60 per million tokens: 1000/500 → 0.00045, 3000/0 →
	// 0.00045, together 4000/500 → 0.0009.
	for _, want := range []string{`<td class="num">0.00045</td>`, "cost $0.0009 at the configured price"} {
		if !strings.Contains(body, want) {
			t.Errorf("the decisions page lacks %q", want)
		}
	}
}
