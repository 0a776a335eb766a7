package remember

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/recall"
)

// UnmarshalJSON reads a memorize request as clients reasonably send it
// (SPEC §11), on every surface (HTTP, the remember lane): unknown fields
// are refused; an audience that is not a list of strings reads as none,
// which Memorize refuses missing_audience; at is RFC 3339 with a zone or a
// date (its start), as recall.ParseTime reads every time; confidence is a
// whole number 0..100 given as 80, 80.0 or "80". Errors name the field and
// what it takes, never Go's types.
func (r *Request) UnmarshalJSON(data []byte) error {
	type plain Request
	var w struct {
		plain
		Audience   json.RawMessage `json:"audience"`
		At         json.RawMessage `json:"at"`
		Confidence json.RawMessage `json:"confidence"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return plainError(err)
	}
	if k, ok := memhive.RepeatedKey(data); ok {
		return fmt.Errorf("%q is given twice (keys are matched without regard to case); give each field once", k)
	}
	*r = Request(w.plain)
	var aud []string
	if json.Unmarshal(w.Audience, &aud) == nil {
		r.Audience = aud
	}
	if raw := bytes.TrimSpace(w.At); len(raw) > 0 && string(raw) != "null" {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return errors.New(`at must be an RFC 3339 time as a string, e.g. "2026-11-30T12:00:00Z", or a date, "2026-11-30"`)
		}
		t, err := recall.ParseTime(s, false)
		if err != nil {
			return fmt.Errorf("at: %w", err)
		}
		r.At = &t
	}
	if n, ok, err := memhive.ParseWhole(w.Confidence); ok {
		if err != nil || n < 0 || n > 100 {
			return fmt.Errorf("confidence must be a whole number from 0 to 100, not %.40s", bytes.TrimSpace(w.Confidence))
		}
		r.Confidence = int(n)
	}
	return nil
}

// requestKeys are Request's JSON keys, for the unknown-field sentence.
var requestKeys = strings.Join(memhive.JSONKeys(reflect.TypeFor[Request]()), ", ")

// plainError says what a decoding error means for a memorize request:
// which field, and what it takes.
func plainError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return errors.New(memhive.TypeWords(te, "a memorize request", nil))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s (a memorize request has %s)", f, requestKeys)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON at byte %d: %s", se.Offset, strings.TrimPrefix(err.Error(), "json: "))
	}
	return err
}
