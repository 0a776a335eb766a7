package inspector_test

import (
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
