package lanes

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
)

// DefaultMaxText is the default cap on a turn's text (SPEC §1): 64 KiB.
const DefaultMaxText = 64 << 10

// maxRaw bounds the whole payload we are willing to decode: the text cap
// plus generous room for the other fields.
const maxRawSlack = 16 << 10

// Roles a turn may have.
var roles = map[string]bool{"user": true, "assistant": true, "peer": true}

// Turn is the wire format of a turn, version 1 (SPEC §1).
type Turn struct {
	V        int       `json:"v,omitempty"`
	ID       string    `json:"id,omitempty"`
	Member   string    `json:"member,omitempty"`
	Session  string    `json:"session,omitempty"`
	Channel  string    `json:"channel"`
	Audience []string  `json:"audience"`
	Role     string    `json:"role,omitempty"`
	Speaker  string    `json:"speaker"`
	Text     string    `json:"text"`
	At       time.Time `json:"at,omitzero"`
	Ref      string    `json:"ref,omitempty"`
}

// wireTurn is what Decode reads: pointers and raw values so that a missing
// field and a wrong type can be told apart from an empty one.
type wireTurn struct {
	V        *int            `json:"v"`
	ID       *string         `json:"id"`
	Member   *string         `json:"member"`
	Session  *string         `json:"session"`
	Channel  *string         `json:"channel"`
	Audience json.RawMessage `json:"audience"`
	Role     *string         `json:"role"`
	Speaker  *string         `json:"speaker"`
	Text     *string         `json:"text"`
	At       *string         `json:"at"`
	Ref      *string         `json:"ref"`
}

// Decode parses and validates one turn published on the lane of member
// (the member token of the subject). The returned turn is normalised:
// audience deduplicated and sorted, session defaulted, role defaulted to
// "user". A nil At means "when received". Every failure is a *memhive.Error
// carrying the refusal code; Decode never panics on any input.
func Decode(member string, data []byte, maxText int) (*Turn, error) {
	if maxText <= 0 {
		maxText = DefaultMaxText
	}
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q in the subject is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	if len(data) > maxText+maxRawSlack {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "payload of %d bytes is over the %d-byte text cap", len(data), maxText)
	}
	if !utf8.Valid(data) {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "payload is not valid UTF-8")
	}
	var w wireTurn
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&w); err != nil {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "payload is not a JSON turn object: %s", clip(err.Error()))
	}
	if dec.More() {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "payload has data after the turn object")
	}
	if w.V != nil && *w.V != 1 {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "turn version %d is not supported (want 1)", *w.V)
	}
	if w.Member != nil && *w.Member != member {
		return nil, memhive.Errorf(memhive.CodeMemberMismatch, "turn names member %q but was published on the lane of %q", clip(*w.Member), member)
	}
	// Audience: must be present, a list of strings, non-empty after normalising.
	var aud []string
	raw := bytes.TrimSpace(w.Audience)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "turn has no audience: say who was present, e.g. [\"member:%s\"]", member)
	}
	if err := json.Unmarshal(raw, &aud); err != nil {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "turn audience is not a list of strings")
	}
	aud = memhive.NormalizeAudience(aud)
	if len(aud) == 0 {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "turn audience is empty: say who was present, e.g. [\"member:%s\"]", member)
	}
	if w.Channel == nil || strings.TrimSpace(*w.Channel) == "" {
		return nil, memhive.Errorf(memhive.CodeMissingChannel, "turn has no channel: say where it happened, e.g. \"web:chat\"")
	}
	if w.Text == nil {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "turn has no text")
	}
	if len(*w.Text) > maxText {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "turn text of %d bytes is over the %d-byte cap", len(*w.Text), maxText)
	}
	if w.Speaker == nil || strings.TrimSpace(*w.Speaker) == "" {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "turn has no speaker")
	}
	t := &Turn{
		V:        1,
		Member:   member,
		Channel:  strings.TrimSpace(*w.Channel),
		Audience: aud,
		Speaker:  strings.TrimSpace(*w.Speaker),
		Text:     *w.Text,
		Session:  "default",
		Role:     "user",
	}
	if w.Session != nil && strings.TrimSpace(*w.Session) != "" {
		t.Session = strings.TrimSpace(*w.Session)
		if len(t.Session) > 256 {
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "session id is over 256 bytes")
		}
	}
	if w.Role != nil && *w.Role != "" {
		if !roles[*w.Role] {
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "role %q is not user, assistant or peer", clip(*w.Role))
		}
		t.Role = *w.Role
	}
	if w.ID != nil && *w.ID != "" {
		id, err := ulid.ParseStrict(*w.ID)
		if err != nil {
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "turn id %q is not a ULID", clip(*w.ID))
		}
		t.ID = id.String()
	}
	if w.At != nil && *w.At != "" {
		at, err := time.Parse(time.RFC3339Nano, *w.At)
		if err != nil {
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "at %q is not an RFC 3339 time", clip(*w.At))
		}
		t.At = at
	}
	if w.Ref != nil {
		if len(*w.Ref) > 128 {
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "ref is over 128 characters")
		}
		t.Ref = *w.Ref
	}
	return t, nil
}

func clip(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}
