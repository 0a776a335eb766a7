package remember_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/remember"
)

// A memorize request is read as clients send it, on HTTP as on the lane:
// a date at, a confidence as "80" or 80.0; an audience that is not a list
// is missing_audience (at Memorize, as on the lane), and every refusal
// names the field in words, never Go's types.
func TestMemorizeRequestAsClientsSendIt(t *testing.T) {
	var r remember.Request
	if err := json.Unmarshal([]byte(`{"note":"x","audience":["member:alice"],"channel":"c","at":"2026-11-25","confidence":"80"}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.At == nil || !r.At.Equal(time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)) || r.Confidence != 80 {
		t.Fatalf("request %+v", r)
	}
	if err := json.Unmarshal([]byte(`{"note":"x","audience":["member:alice"],"channel":"c","confidence":80.0}`), &r); err != nil || r.Confidence != 80 {
		t.Fatalf("confidence 80.0: %d, %v", r.Confidence, err)
	}
	var s remember.Request
	if err := json.Unmarshal([]byte(`{"note":"x","audience":"member:alice","channel":"c"}`), &s); err != nil || s.Audience != nil {
		t.Fatalf("a string audience: %v, %v", s.Audience, err)
	}
	s.Member = "alice"
	if _, err := remember.Fact(s, time.Now()); memhive.CodeOf(err) != memhive.CodeMissingAudience {
		t.Fatalf("a string audience at Memorize: %v", err)
	}
	for body, says := range map[string]string{
		`{"note":"x","audience":["a"],"channel":"c","confidence":0.9}`: "confidence must be a whole number",
		`{"note":"x","audience":["a"],"channel":"c","confidence":101}`: "confidence must be a whole number from 0 to 100",
		`{"note":"x","audience":["a"],"channel":"c","at":"yesterday"}`: "at: ",
		`{"note":"x","audience":["a"],"channel":"c","at":12}`:          "at must be an RFC 3339 time",
		`{"note":7,"audience":["a"],"channel":"c"}`:                    "note must be a string, not a JSON number",
		`{"note":"x","audience":["a"],"channel":"c","pinned":"yes"}`:   "pinned must be true or false",
		`{"note":"x","audience":["a"],"channel":"c","audiense":["a"]}`: `unknown field "audiense" (a memorize request has member, subject`,
		`["x"]`: "a memorize request is a JSON object",
		`{"note":"x","audience":["a","b"],"channel":"c","Audience":["a"]}`: `"Audience" is given twice`,
	} {
		var q remember.Request
		err := json.Unmarshal([]byte(body), &q)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want it to say %q", body, err, says)
			continue
		}
		if m := err.Error(); strings.Contains(m, "Go ") || strings.Contains(m, "struct") || strings.Contains(m, "unmarshal") {
			t.Errorf("%s: Go's words in %q", body, m)
		}
	}
}
