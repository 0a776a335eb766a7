package lanes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
)

// DefaultMaxText is the default cap on a turn's text (SPEC §1): 64 KiB.
const DefaultMaxText = 64 << 10

// maxRawSlack is the room MaxPayload leaves for every field but the text:
// each of them at its cap with every character escaped (an audience of
// MaxAudience entries of MaxAudienceEntry bytes written as \uXXXX is
// 256 × (6 × 256 + 3) = 393,984 bytes; session, channel, speaker, ref, id,
// member, role, at and the keys take under 10 KB more), with room to spare
// for whitespace.
const maxRawSlack = 512 << 10

// MaxPayload is the bound on a whole turn's payload in bytes for a text cap
// of maxText bytes, checked before the JSON is read so that an absurd
// payload is refused early. No valid turn written as JSON can reach it,
// however it escapes its strings: \uXXXX is 6 bytes for up to 3 bytes of
// UTF-8 (and a surrogate pair 12 bytes for 4), so a text at the cap is at
// most 6 × maxText bytes escaped, and maxRawSlack holds every other field
// escaped. For the default cap it is 6 × 64 KiB + 512 KiB = 896 KiB, under
// NATS's default max_payload of 1 MiB.
func MaxPayload(maxText int) int {
	if maxText <= 0 {
		maxText = DefaultMaxText
	}
	return 6*maxText + maxRawSlack
}

// Caps on the fields that are keys or index entries, in bytes (SPEC §11:
// refuse what the store would refuse). Postgres keeps a btree entry under
// about 2.7 KB; the sessions key is (member, session, channel), so these
// caps keep it well under that whatever the characters.
const (
	MaxSession       = 256 // bytes
	MaxChannel       = 256 // bytes
	MaxSpeaker       = 256 // bytes
	MaxAudienceEntry = 256 // bytes, each entry
	MaxAudience      = 256 // entries, after normalising
	MaxRef           = 128 // characters (SPEC §1), and at most 512 bytes
)

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
	V        json.RawMessage `json:"v"` // 1, 1.0 or "1": see version
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
	if max := MaxPayload(maxText); len(data) > max {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "payload of %d bytes is over the %d-byte bound on a whole turn by %s (6 × the %d-byte text cap, room for a text escaped as \\uXXXX, plus %d bytes for the other fields)", len(data), max, plural(len(data)-max, "byte"), maxText, maxRawSlack)
	}
	if !utf8.Valid(data) {
		return nil, memhive.Errorf(memhive.CodeInvalidText, "payload is not valid UTF-8")
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "%s", notAnObject(t))
	}
	// a key's text before whether a turn has it: a key holding a control
	// character is invalid_text, as in every field and on every surface,
	// not an unknown field (malformed_turn)
	if err := memhive.CheckJSONKeys(data); err != nil {
		return nil, err
	}
	var w wireTurn
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields() // a "timestamp" for "at" would be dropped, not kept
	if err := dec.Decode(&w); err != nil {
		return nil, plainJSONError(err)
	}
	if _, err := dec.Token(); err != io.EOF { // dec.More misses a stray ']' or '}'
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "payload has data after the turn object")
	}
	if memhive.LoneSurrogate(data) {
		// encoding/json would store U+FFFD in its place, silently
		return nil, memhive.Errorf(memhive.CodeInvalidText, "payload escapes half a UTF-16 surrogate pair (\\uD800–\\uDFFF without its other half): that is no character")
	}
	if k, ok := memhive.RepeatedKey(data); ok {
		// encoding/json would keep the last one: a turn whose first
		// "audience" is private and whose second is "*" would be public
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "turn gives %q twice (keys are matched without regard to case); give each field once", clip(k))
	}
	var aud []string
	var audErr error // missing_audience, said once the text is looked at
	if raw := bytes.TrimSpace(w.Audience); len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		audErr = memhive.Errorf(memhive.CodeMissingAudience, "turn has no audience: say who was present, e.g. [\"member:%s\"]", member)
	} else if err := json.Unmarshal(raw, &aud); err != nil {
		aud, audErr = nil, memhive.Errorf(memhive.CodeMissingAudience, "audience must be %s, not %s", turnFieldKinds["audience"], jsonKind(raw))
	}
	if err := checkStrings(&w, aud, maxText); err != nil {
		return nil, err
	}
	if err := version(w.V); err != nil {
		return nil, err
	}
	if w.Member != nil && *w.Member != member {
		return nil, memhive.Errorf(memhive.CodeMemberMismatch, "turn names member %q but was published on the lane of %q", clip(*w.Member), member)
	}
	// Audience: must be present, a list of strings, non-empty after normalising.
	if audErr != nil {
		return nil, audErr
	}
	aud = memhive.NormalizeAudience(aud)
	if len(aud) == 0 {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "turn audience is empty: say who was present, e.g. [\"member:%s\"]", member)
	}
	if len(aud) > MaxAudience {
		return nil, memhive.Errorf(memhive.CodeFieldTooLong, "turn audience has %d entries, over the cap of %d", len(aud), MaxAudience)
	}
	if w.Channel == nil || memhive.Blank(*w.Channel) {
		return nil, memhive.Errorf(memhive.CodeMissingChannel, "turn has no channel: say where it happened, e.g. \"web:chat\"")
	}
	if w.Text == nil || strings.TrimSpace(*w.Text) == "" {
		return nil, memhive.Errorf(memhive.CodeMalformedTurn, "turn has no text")
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
		at, err := memhive.ParseRFC3339(*w.At) // also "…t…z" and a space for the T (RFC 3339 §5.6)
		if err != nil {
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "at %q is not an RFC 3339 time with a zone, e.g. \"2026-11-30T10:00:00Z\"", clip(*w.At))
		}
		if at.IsZero() { // would read as "no at" and become the time received
			return nil, memhive.Errorf(memhive.CodeMalformedTurn, "at %q is the zero time, no time a turn was said: leave at out for \"when received\"", clip(*w.At))
		}
		t.At = at
	}
	if w.Ref != nil {
		t.Ref = *w.Ref
	}
	return t, nil
}

// checkStrings looks at every string a turn gives as text, before what any
// of them means: over its field's cap is field_too_long (the text's cap is
// text_too_large), and a control character is invalid_text (tab, newline
// and carriage return are allowed in the text alone), whichever field holds
// it. So a fault of the text has one code in every field: a role of
// "\u0000" is not refused as no role (malformed_turn), a member of
// "alice\u0000" not as another member's (member_mismatch), and a session of
// "\u000b" is not taken for a blank one (the default) nor a channel of "\t"
// refused as missing. aud is the audience as read, nil when it is not a
// list of strings (that is missing_audience, said after).
func checkStrings(w *wireTurn, aud []string, maxText int) error {
	if v := bytes.TrimSpace(w.V); len(v) > 0 && v[0] == '"' { // "1" is taken for 1 (version)
		var s string
		if json.Unmarshal(v, &s) == nil {
			if err := memhive.CheckField("v", s, len(s), false); err != nil {
				return err
			}
		}
	}
	for _, f := range []struct {
		name string
		v    *string
		max  int // bytes; 0: no cap of its own (what it must be is said after)
	}{
		{"id", w.ID, 0}, {"member", w.Member, 0}, {"session", w.Session, MaxSession}, {"channel", w.Channel, MaxChannel},
		{"role", w.Role, 0}, {"speaker", w.Speaker, MaxSpeaker}, {"at", w.At, 0}, {"ref", w.Ref, 4 * MaxRef},
	} {
		if f.v == nil {
			continue
		}
		max := f.max
		if max == 0 {
			max = len(*f.v)
		}
		if err := memhive.CheckField(f.name, *f.v, max, false); err != nil {
			return err
		}
	}
	if w.Ref != nil {
		if n := utf8.RuneCountInString(*w.Ref); n > MaxRef {
			return memhive.Errorf(memhive.CodeFieldTooLong, "ref of %d characters is over the cap of %d", n, MaxRef)
		}
	}
	for i, a := range aud {
		if err := memhive.CheckField(fmt.Sprintf("audience[%d]", i), a, MaxAudienceEntry, false); err != nil {
			return err
		}
	}
	if w.Text != nil {
		// The cap is on the text itself, in bytes of UTF-8 once its JSON
		// escapes are read: the same text is refused or taken however it
		// was escaped.
		if len(*w.Text) > maxText {
			return memhive.Errorf(memhive.CodeTextTooLarge, "text of %d bytes (UTF-8, its JSON escapes read) is over the %d-byte text cap by %s", len(*w.Text), maxText, plural(len(*w.Text)-maxText, "byte"))
		}
		if err := memhive.CheckField("text", *w.Text, maxText, true); err != nil {
			return err
		}
	}
	return nil
}

// turnFields are a turn's JSON keys, in wireTurn's order.
const turnFields = "v, id, member, session, channel, audience, role, speaker, text, at, ref"

// turnFieldKinds say what each field of a turn takes, for plainJSONError.
var turnFieldKinds = map[string]string{
	"v":        "the number 1 (the turn format's version)",
	"id":       "a ULID as a string",
	"member":   "the member id of the lane, as a string",
	"session":  "a string",
	"channel":  `a string, e.g. "web:chat"`,
	"audience": `a list of strings, e.g. ["member:alice"]`,
	"role":     `"user", "assistant" or "peer"`,
	"speaker":  `a string, e.g. "member:alice"`,
	"text":     "a string",
	"at":       `an RFC 3339 time as a string, e.g. "2026-11-30T10:00:00Z"`,
	"ref":      "a string",
}

// plainJSONError says what a decoding error means for a turn, without Go's
// type or struct names: which field, and what it takes (as
// recall.plainJSONError does for a recall request). Every error is
// malformed_turn.
func plainJSONError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return memhive.Errorf(memhive.CodeMalformedTurn, "%s", memhive.TypeWords(te, "a turn", turnFieldKinds))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return memhive.Errorf(memhive.CodeMalformedTurn, "turn has an unknown field %s (a turn has %s)", clip(f), turnFields)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return memhive.Errorf(memhive.CodeMalformedTurn, "payload is not a JSON turn object: %s (at byte %d)", clip(se.Error()), se.Offset)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return memhive.Errorf(memhive.CodeMalformedTurn, "payload is not a JSON turn object: it ends before the object does")
	}
	return memhive.Errorf(memhive.CodeMalformedTurn, "payload is not a JSON turn object: %s", clip(strings.TrimPrefix(err.Error(), "json: ")))
}

// notAnObject says why a trimmed payload t that does not start with '{' is
// no turn: another JSON value ("a turn is a JSON object, not a JSON
// string"), or no JSON at all, naming what it starts with. A byte-order
// mark is named as one: an editor or a Windows tool may put it before a
// good object, and "it starts with '\ufeff'" would leave the sender
// looking for a character they cannot see.
func notAnObject(t []byte) string {
	switch {
	case bytes.HasPrefix(t, []byte("\uFEFF")):
		return "payload starts with a byte-order mark (U+FEFF): a turn is a JSON object starting with '{'; send it without the mark"
	case len(t) > 0 && t[0] == '[':
		return "a turn is a JSON object, not a JSON array"
	case len(t) > 0 && !jsonStart(t[0]):
		r, _ := utf8.DecodeRune(t) // the payload is valid UTF-8 here
		return fmt.Sprintf("payload is not JSON: it starts with %s, and a turn is a JSON object starting with '{'", strconv.QuoteRune(r))
	}
	return "a turn is a JSON object, not " + jsonKind(t)
}

// jsonStart reports whether c can start a JSON value.
func jsonStart(c byte) bool {
	return strings.IndexByte(`{["-0123456789tfn`, c) >= 0
}

// jsonKind names the kind of the JSON value raw, for a sentence: "a JSON
// string", "a JSON number", … (and "something that is not JSON" for what
// starts no JSON value: a payload's first byte is checked before).
func jsonKind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a JSON string"
	case '{':
		return "a JSON object"
	case '[':
		return "a JSON list that holds something other than strings"
	case 't', 'f':
		return "a JSON bool"
	case 'n':
		return "null"
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return "a JSON number"
	default:
		return "something that is not JSON"
	}
}

// version checks a turn's v: absent or null (version 1), or 1. A client that
// sends the version as a string ("1") or as a float (1.0, as a number in
// JavaScript or Python may come out) means 1 unambiguously, and is taken.
func version(raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] != '"' && raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') && string(raw) != "null" {
		return memhive.Errorf(memhive.CodeMalformedTurn, "v must be %s, not %s", turnFieldKinds["v"], jsonKind(raw))
	}
	if n, ok, err := memhive.ParseWhole(raw); ok && (err != nil || n != 1) {
		return memhive.Errorf(memhive.CodeMalformedTurn, "v must be %s: turn version %s is not supported", turnFieldKinds["v"], clip(string(raw)))
	}
	return nil
}

// ValidText reports whether s is valid UTF-8 without control characters
// (tab, newline and carriage return allowed when text is true): what the
// decoder asks of every string field.
func ValidText(s string, text bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	i, _ := memhive.ControlChar(s, text)
	return i < 0
}

func clip(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// DefaultReplyPrefix is the prefix a Memhive-Reply-To subject must have
// unless configured otherwise: nats.go's inboxes (_INBOX.…) and the
// per-assistant inbox prefixes the embedded NATS grants its assistant
// users (_INBOX_<user>.…).
const DefaultReplyPrefix = "_INBOX"

// ReplyAllowed reports whether subj may be answered on a publisher's
// behalf: a literal subject (no wildcard, no blank token, no space or
// control character, at most 512 bytes) under prefix. memhive answers with
// its own rights, so anything else (another member's lane, the JetStream
// API) would be a write the publisher could not make itself.
func ReplyAllowed(prefix, subj string) bool {
	if !strings.HasPrefix(subj, prefix) || len(subj) > 512 || !utf8.ValidString(subj) {
		return false
	}
	for _, tok := range strings.Split(subj, ".") {
		if tok == "" || tok == "*" || tok == ">" {
			return false
		}
	}
	return !strings.ContainsFunc(subj, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
}

// plural is n and its noun, with an s unless n is 1: "1 byte", "2 bytes".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
