package recall

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/memhive/memhive"
)

// Request is one memory_recall question (SPEC §4). Member, Audience,
// Channel and Asker come from the caller's binding, never from a model.
type Request struct {
	Member   string   `json:"member"`
	Query    string   `json:"query"`
	Tier     string   `json:"tier"` // "0", "1" or "2"
	Audience []string `json:"audience"`
	Channel  string   `json:"channel"`
	Asker    string   `json:"asker,omitempty"` // default "member:<member>"
	// Assistant is the assistant asking, from the caller's binding (its API
	// key, its X-Memhive-Assistant header), never from a body: it reads
	// through its template's scope and sees its own drafts.
	Assistant    string     `json:"-"`
	Session      string     `json:"session,omitempty"` // tier 0's session; default "default"
	AsOf         *time.Time `json:"as_of,omitempty"`   // default now
	WindowFrom   *time.Time `json:"window_from,omitempty"`
	WindowTo     *time.Time `json:"window_to,omitempty"`
	Limit        int        `json:"limit,omitempty"`         // tier 1 items; 0: the default, 20 (in JSON: absent; a given 0 is refused)
	BudgetTokens int        `json:"budget_tokens,omitempty"` // default 1200 (tier 0), 2000 (tier 1)
	// Fresh asks the answer to read every turn of the member published
	// before the request (read your writes): the call first waits, up to
	// Config.FreshWaitMS, until the appender has committed them, and says
	// in Answer.Behind when it could not. The turns are written
	// asynchronously (an assistant never waits for the write), so a
	// question asked right after a turn may otherwise miss it. A tool call
	// (memory_recall) is fresh; an ambient bundle, whose conversation is
	// in the model's window anyway, is not unless asked. true or "true".
	Fresh bool `json:"fresh,omitempty"`
	// Topical asks tier 1 for what the query itself reaches, one item per
	// memory: the mid-task advisor's question (docs/advisor.md), which
	// picks one fact about a topic. A fact read from turns that are
	// candidates too is not folded into them (it keeps its own place, with
	// its text and date; facts still fold into facts), and the graph walk
	// does not pass through a participant's node it did not start from
	// (from "Miso" through the member's own node, every place the member
	// travels to is two hops away). Set in-process by the advisor, never
	// from a body.
	Topical bool `json:"-"`
}

// UnmarshalJSON reads a request whose tier is a JSON string ("1") or a
// JSON number (1), as answers carry it (SPEC §11: accept what clients
// reasonably send); so are limit and budget_tokens (2, 2.0 or "2"). A
// limit given as 0 is refused (absent or null is the default). A time
// (as_of, window_from, window_to) is RFC 3339 with a zone, or a date: as_of
// and window_to then mean the end of that day (UTC), window_from its
// start. Any other value is refused with a sentence that names the field
// and what it takes; Validate then checks that the tier is 0, 1 or 2.
// Unknown fields are refused (a misspelt field is an error, not a silent
// default).
func (r *Request) UnmarshalJSON(data []byte) error {
	type plain Request
	var w struct {
		plain
		Tier         json.RawMessage `json:"tier"`
		Limit        json.RawMessage `json:"limit"`
		BudgetTokens json.RawMessage `json:"budget_tokens"`
		Fresh        json.RawMessage `json:"fresh"`
		AsOf         json.RawMessage `json:"as_of"`
		WindowFrom   json.RawMessage `json:"window_from"`
		WindowTo     json.RawMessage `json:"window_to"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return plainJSONError(err)
	}
	tier, err := tierJSON(w.Tier)
	if err != nil {
		return err
	}
	*r = Request(w.plain)
	r.Tier = tier
	if r.Limit, err = wholeJSON("limit", w.Limit); err != nil {
		return err
	}
	if _, given, _ := memhive.ParseWhole(w.Limit); given && r.Limit == 0 {
		// 0 is the in-process "default" of a Go caller, but a client
		// that sends it asked for nothing: refused, as the MCP tool
		// refuses it, so that every surface reads limit the same way
		return fmt.Errorf("limit must be a whole number of 1 or more, not %s (leave limit out for the default)", clipRaw(w.Limit))
	}
	if r.BudgetTokens, err = wholeJSON("budget_tokens", w.BudgetTokens); err != nil {
		return err
	}
	if r.Fresh, err = boolJSON("fresh", w.Fresh); err != nil {
		return err
	}
	for _, t := range []struct {
		name string
		raw  json.RawMessage
		dst  **time.Time
		end  bool
	}{{"as_of", w.AsOf, &r.AsOf, true}, {"window_from", w.WindowFrom, &r.WindowFrom, false}, {"window_to", w.WindowTo, &r.WindowTo, true}} {
		if *t.dst, err = timeJSON(t.name, t.raw, t.end); err != nil {
			return err
		}
	}
	return nil
}

// fieldKinds say what each request field takes, for plainJSONError.
var fieldKinds = map[string]string{
	"member": "a member id (a string)", "query": "a string", "audience": `a list of strings, e.g. ["member:alice"]`,
	"channel": "a string", "asker": "a string", "session": "a string",
}

// requestFields are Request's JSON keys, in its order.
var requestFields = memhive.JSONKeys(reflect.TypeFor[Request]())

// plainJSONError says what a decoding error means for a request, without
// Go's type names: which field, and what it takes.
func plainJSONError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return errors.New(memhive.TypeWords(te, "a request", fieldKinds))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s (a recall request has %s)", f, strings.Join(requestFields, ", "))
	}
	return err
}

// boolJSON is a boolean given as JSON (true, false) or as a string
// ("true", "false", in any letter case, spaces around ignored); absent or
// JSON null is false. Any other value, an empty string included, is
// refused.
func boolJSON(name string, raw json.RawMessage) (bool, error) {
	v := strings.TrimSpace(string(raw))
	if v == "" || v == "null" {
		return false, nil
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = strings.ToLower(strings.TrimSpace(v[1 : len(v)-1]))
	}
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%s must be true or false, not %s", name, clipRaw(raw))
}

// wholeJSON is a whole number given as a JSON number (2 or 2.0) or a
// string ("2"); absent or null is 0.
func wholeJSON(name string, raw json.RawMessage) (int, error) {
	n, _, err := memhive.ParseWhole(raw)
	switch {
	case errors.Is(err, memhive.ErrNotWhole):
		return 0, fmt.Errorf("%s must be a whole number, not %s", name, clipRaw(raw))
	case err != nil || n > math.MaxInt32 || n < -math.MaxInt32:
		return 0, fmt.Errorf("%s %s is out of range (at most %d)", name, clipRaw(raw), math.MaxInt32)
	}
	return int(n), nil
}

// timeJSON is a time given as an RFC 3339 string with a zone, or a date
// (2006-01-02): its end (the day's last nanosecond, UTC) when end, else its
// start. Absent or null is nil.
func timeJSON(name string, raw json.RawMessage, end bool) (*time.Time, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("%s must be an RFC 3339 time as a string, e.g. \"2026-11-30T12:00:00Z\", or a date, \"2026-11-30\"", name)
	}
	t, err := ParseTime(s, end)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &t, nil
}

// ParseTime reads a time as every surface takes it: RFC 3339 with a zone
// ("2026-11-30T12:00:00Z", "…+01:00", and the forms memhive.ParseRFC3339
// also takes: "2026-11-30t12:00:00z", "2026-11-30 12:00:00Z"), or a date
// ("2026-11-30"), which is its end (the day's last nanosecond, UTC) when
// end, else its start. A time without a zone is refused: it would mean a
// different instant on every server.
func ParseTime(s string, end bool) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := memhive.ParseRFC3339(s); err == nil {
		return t, nil
	}
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		if end {
			d = d.Add(24*time.Hour - time.Nanosecond)
		}
		return d, nil
	}
	if _, err := time.Parse("2006-01-02T15:04:05.999999999", memhive.NormalizeRFC3339(s)); err == nil {
		return time.Time{}, fmt.Errorf("%q has no time zone: add one, e.g. %q", clipStr(s), clipStr(s)+"Z")
	}
	return time.Time{}, fmt.Errorf("%q is not an RFC 3339 time (e.g. \"2026-11-30T12:00:00Z\") or a date (\"2026-11-30\")", clipStr(s))
}

func clipRaw(raw json.RawMessage) string { return clipStr(string(raw)) }

func clipStr(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// tierJSON is a tier given as a JSON string or an integer number.
func tierJSON(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return NormalizeTier(s), nil
	}
	// a number: 1.0 is the tier 1, as a limit of 2.0 is 2; Validate then
	// refuses any whole number but 0, 1 and 2
	if n, _, err := memhive.ParseWhole(raw); err == nil {
		return fmt.Sprint(n), nil
	}
	return "", fmt.Errorf("tier %s is not 0, 1 or 2", clipRaw(raw))
}

// NormalizeTier trims a tier given as text: spaces and one pair of quotes
// ("\"1\"" and " 1 " are "1"), and reads a whole number written as a
// decimal ("1.0" is "1"), for tiers read from headers, flags and strings.
func NormalizeTier(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	// a whole number written as one (1.0, as a JSON body's tier may be)
	if v, err := strconv.ParseFloat(s, 64); err == nil && (v == 0 || v == 1 || v == 2) && s != strconv.Itoa(int(v)) {
		return strconv.Itoa(int(v))
	}
	return s
}

// Item is one returned row.
type Item struct {
	Kind                string          `json:"kind"` // episode | fact | belief
	ID                  string          `json:"id"`
	Session             string          `json:"session,omitempty"`
	Channel             string          `json:"channel,omitempty"`
	Ref                 string          `json:"ref,omitempty"`
	Text                string          `json:"text"`
	When                string          `json:"when,omitempty"` // RFC 3339
	Who                 string          `json:"who,omitempty"`
	Score               string          `json:"score,omitempty"` // exact decimal, tier 1
	Previously          *Item           `json:"previously,omitempty"`
	SupersessionUnknown bool            `json:"supersession_unknown"`
	Extra               json.RawMessage `json:"extra,omitempty"`
}

// Leg reports one tier-1 leg: how many candidates it gave, or why it could not run.
type Leg struct {
	Leg        string `json:"leg"`
	Candidates int    `json:"candidates"`
	Missing    string `json:"missing,omitempty"`
}

// Synthesis is tier 2's model answer.
type Synthesis struct {
	Answer     string   `json:"answer"`
	Gap        string   `json:"gap"`
	Sources    []string `json:"sources"`
	Confidence int      `json:"confidence"`
}

// Downgrade says why a tier-2 answer fell back to the tier-1 bundle.
type Downgrade struct {
	Reason string `json:"reason"`
}

// Answer is the reply on every surface (SPEC §4).
type Answer struct {
	Tier       int        `json:"tier"`
	AsOf       string     `json:"as_of,omitempty"`
	Text       string     `json:"text"`
	Items      []Item     `json:"items"`
	Legs       []Leg      `json:"legs,omitempty"`
	Dropped    int        `json:"dropped"`
	Capped     bool       `json:"capped"`
	Answer     *Synthesis `json:"answer,omitempty"`
	Downgraded *Downgrade `json:"downgraded,omitempty"`
	// Behind says that a fresh request (Request.Fresh) was answered before
	// the appender had committed every turn published before it: the
	// newest turns may be missing (the text says so too).
	Behind     bool            `json:"behind,omitempty"`
	Diagnostic json.RawMessage `json:"diagnostic,omitempty"`
}
