package lanes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/natstest"
)

// asciiEscaped writes s as a JSON string the way Python's json.dumps does by
// default (ensure_ascii): every non-ASCII character as \uXXXX, a surrogate
// pair above U+FFFF. With all, every character is escaped, ASCII too.
func asciiEscaped(s string, all bool) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r >= 0x10000:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		case r >= 0x80 || all || r == '"' || r == '\\' || r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func rawTurn(text string) []byte {
	return []byte(`{"channel":"c","audience":["a"],"speaker":"x","text":` + text + `}`)
}

// TestDecodeTextCapIgnoresEscaping: the text cap is on the text's UTF-8
// bytes, whatever the escaping. 14,000 × "東" is 42,000 bytes of text,
// 84,000 escaped: taken both ways; one byte over the cap is refused both
// ways with a sentence that names the text cap and the excess.
func TestDecodeTextCapIgnoresEscaping(t *testing.T) {
	t.Parallel()
	east := strings.Repeat("東", 14000)
	for _, in := range [][]byte{rawTurn(asciiEscaped(east, false)), rawTurn(`"` + east + `"`)} {
		tr, err := Decode("alice", in, 0)
		if err != nil || tr.Text != east {
			t.Fatalf("Decode(%d bytes) = %v", len(in), err)
		}
	}
	// At the cap exactly, in the worst escaping (6 bytes a byte) and with
	// surrogate pairs (12 bytes for 4): taken.
	atCap := strings.Repeat("a", DefaultMaxText)
	emoji := strings.Repeat("😀", DefaultMaxText/4)
	for _, in := range [][]byte{rawTurn(asciiEscaped(atCap, true)), rawTurn(asciiEscaped(emoji, false)), rawTurn(`"` + atCap + `"`)} {
		if _, err := Decode("alice", in, 0); err != nil {
			t.Fatalf("Decode(text at the cap, %d bytes) = %v", len(in), err)
		}
	}
	over := strings.Repeat("東", DefaultMaxText/3) + "ab" // 65,535 + 2 bytes
	if len(over) != DefaultMaxText+1 {
		t.Fatalf("over is %d bytes", len(over))
	}
	want := fmt.Sprintf("text of %d bytes (UTF-8, its JSON escapes read) is over the %d-byte text cap by 1 byte", DefaultMaxText+1, DefaultMaxText)
	for _, in := range [][]byte{rawTurn(asciiEscaped(over, false)), rawTurn(asciiEscaped(over, true)), rawTurn(`"` + over + `"`)} {
		_, err := Decode("alice", in, 0)
		if memhive.CodeOf(err) != memhive.CodeTextTooLarge || memhive.AsError(err).Message != want {
			t.Errorf("Decode(text over the cap, %d bytes) = %v, want %q", len(in), err, want)
		}
	}
}

// TestDecodeRawBound: a payload over MaxPayload is refused before it is
// read, with a sentence that names that bound (not the text cap) and the
// excess; the largest valid turn, every field at its cap and every
// character escaped, is under it.
func TestDecodeRawBound(t *testing.T) {
	t.Parallel()
	maxText := 1024
	max := MaxPayload(maxText)
	in := rawTurn(`"t"` + strings.Repeat(" ", max))
	_, err := Decode("alice", in, maxText)
	want := fmt.Sprintf("payload of %d bytes is over the %d-byte bound on a whole turn by %d bytes", len(in), max, len(in)-max)
	if memhive.CodeOf(err) != memhive.CodeTextTooLarge || !strings.Contains(err.Error(), want) {
		t.Errorf("Decode(%d bytes) = %v, want %q", len(in), err, want)
	}

	big := largestTurn()
	if len(big) > MaxPayload(DefaultMaxText) {
		t.Fatalf("the largest valid turn escaped is %d bytes, over MaxPayload %d", len(big), MaxPayload(DefaultMaxText))
	}
	tr, err := Decode(strings.Repeat("a", 64), []byte(big), 0)
	if err != nil || len(tr.Audience) != MaxAudience || len(tr.Text) != DefaultMaxText {
		t.Fatalf("Decode(largest valid turn, %d bytes) = %v", len(big), err)
	}
}

// largestTurn is the largest valid turn for the default caps, as JSON with
// every field at its cap, every character escaped as \uXXXX (a surrogate
// pair in ref), spaces around every token, on the lane of a 64-character
// member.
func largestTurn() string {
	aud := make([]string, MaxAudience)
	for i := range aud {
		aud[i] = asciiEscaped(fmt.Sprintf("%03d", i)+strings.Repeat("p", MaxAudienceEntry-3), true)
	}
	f := func(n int) string { return asciiEscaped(strings.Repeat("s", n), true) }
	key := func(k string) string { return asciiEscaped(k, true) }
	return fmt.Sprintf(`{ %s : %s , %s : %s , %s : %s , %s : %s , %s : [ %s ] , %s : %s , %s : %s , %s : %s , %s : %s , %s : %s , %s : %s }`,
		key("v"), `1`, key("id"), asciiEscaped("01ARZ3NDEKTSV4RRFFQ69G5FAV", true), key("member"), asciiEscaped(strings.Repeat("a", 64), true),
		key("session"), f(MaxSession), key("audience"), strings.Join(aud, " , "), key("channel"), f(MaxChannel),
		key("role"), asciiEscaped("assistant", true), key("speaker"), f(MaxSpeaker), key("text"), asciiEscaped(strings.Repeat("a", DefaultMaxText), true),
		key("at"), asciiEscaped("2026-11-30T10:00:00.123456789+01:00", true), key("ref"), asciiEscaped(strings.Repeat("😀", MaxRef), false))
}

// TestStreamAdmitsLargestTurn: JetStream's stream (and NATS's default
// max_payload) take the largest valid turn, so it reaches the appender.
func TestStreamAdmitsLargestTurn(t *testing.T) {
	t.Parallel()
	nc := natstest.Start(t).Conn(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := EnsureStream(ctx, js, StreamConfig{}); err != nil {
		t.Fatal(err)
	}
	if s, err := js.Stream(ctx, EpisodeStream); err != nil {
		t.Fatal(err)
	} else if info, err := s.Info(ctx); err != nil || int(info.Config.MaxMsgSize) < MaxPayload(DefaultMaxText) {
		t.Fatalf("stream max_msg_size %v < MaxPayload %d (%v)", info, MaxPayload(DefaultMaxText), err)
	}
	if nc.MaxPayload() < int64(MaxPayload(DefaultMaxText)) {
		t.Fatalf("NATS max_payload %d < MaxPayload %d", nc.MaxPayload(), MaxPayload(DefaultMaxText))
	}
	if _, err := js.Publish(ctx, Subjects{}.Episode(strings.Repeat("a", 64)), []byte(largestTurn())); err != nil {
		t.Fatalf("publish the largest valid turn: %v", err)
	}
}

// TestDecodeWrongTypes: a field of the wrong JSON type is refused with a
// sentence that names the field and what it takes, never Go's types.
func TestDecodeWrongTypes(t *testing.T) {
	t.Parallel()
	base := map[string]any{"channel": "c", "audience": []string{"a"}, "speaker": "x", "text": "t"}
	fields := []string{"v", "id", "member", "session", "channel", "audience", "role", "speaker", "text", "at", "ref"}
	wrong := []any{"one", 2, 1.5, true, []any{1}, map[string]any{"a": 1}, []string{"x"}}
	for _, field := range fields {
		for _, w := range wrong {
			if _, ok := w.(string); ok && strings.Contains(turnFieldKinds[field], "a string") && field != "id" && field != "at" && field != "member" {
				continue // any string is a session, channel, speaker, text or ref
			}
			m := map[string]any{}
			for k, v := range base {
				m[k] = v
			}
			m[field] = w
			if field == "audience" {
				if _, ok := w.([]string); ok {
					continue // a list of strings is an audience
				}
			}
			in, _ := json.Marshal(m)
			_, err := Decode("alice", in, 0)
			if err == nil {
				t.Errorf("Decode(%s) took %s = %v", in, field, w)
				continue
			}
			msg := memhive.AsError(err).Message
			if !strings.Contains(msg, field) || strings.Contains(msg, "Go") || strings.Contains(msg, "struct") ||
				strings.Contains(msg, "unmarshal") || strings.Contains(msg, "wireTurn") || strings.Contains(msg, "*string") {
				t.Errorf("Decode(%s) = %q: want a plain sentence naming %s", in, msg, field)
			}
		}
	}
	for in, want := range map[string]string{
		`{"v":"1","channel":"c","audience":["a"],"speaker":"x","text":"t"}`:  "",
		`{"v":1.0,"channel":"c","audience":["a"],"speaker":"x","text":"t"}`:  "",
		`{"v":null,"channel":"c","audience":["a"],"speaker":"x","text":"t"}`: "",
		`{"v":2,"channel":"c","audience":["a"],"speaker":"x","text":"t"}`:    "v must be the number 1 (the turn format's version): turn version 2 is not supported",
		`{"v":"2","channel":"c","audience":["a"],"speaker":"x","text":"t"}`:  `v must be the number 1 (the turn format's version): turn version "2" is not supported`,
		`{"v":true,"channel":"c","audience":["a"],"speaker":"x","text":"t"}`: "v must be the number 1 (the turn format's version), not a JSON bool",
		`{"channel":5,"audience":["a"],"speaker":"x","text":"t"}`:            `channel must be a string, e.g. "web:chat", not a JSON number`,
		`{"channel":"c","audience":"a","speaker":"x","text":"t"}`:            `audience must be a list of strings, e.g. ["member:alice"], not a JSON string`,
		`{"channel":"c","audience":["a"],"speaker":"x","text":"t","at":1}`:   `at must be an RFC 3339 time as a string, e.g. "2026-11-30T10:00:00Z", not a JSON number`,
		`[1,2]`: "a turn is a JSON object, not a JSON array",
		`"hi"`:  "a turn is a JSON object, not a JSON string",
		`null`:  "a turn is a JSON object, not null",
		// nothing visible is no one and nowhere
		`{"channel":"c","audience":["\u200b"],"speaker":"x","text":"t"}`:           `turn audience is empty: say who was present, e.g. ["member:alice"]`,
		`{"channel":"c","audience":["\ufeff","\u2060 "],"speaker":"x","text":"t"}`: `turn audience is empty: say who was present, e.g. ["member:alice"]`,
		`{"channel":"\u200d","audience":["a"],"speaker":"x","text":"t"}`:           `turn has no channel: say where it happened, e.g. "web:chat"`,
		`{"channel":"\u00a0","audience":["a"],"speaker":"x","text":"t"}`:           `turn has no channel: say where it happened, e.g. "web:chat"`,
		`12`: "a turn is a JSON object, not a JSON number",
		`-1`: "a turn is a JSON object, not a JSON number",
		// not JSON at all: no "JSON number" (an outside client's report),
		// but what it starts with; a byte-order mark by its name
		`hello this is not json`: `payload is not JSON: it starts with 'h', and a turn is a JSON object starting with '{'`,
		"  \u00e9t\u00e9":        `payload is not JSON: it starts with 'é', and a turn is a JSON object starting with '{'`,
		"\x7f{}":                 `payload is not JSON: it starts with '\x7f', and a turn is a JSON object starting with '{'`,
		"\ufeff" + `{"channel":"c","audience":["a"],"speaker":"x","text":"t"}`:                  "payload starts with a byte-order mark (U+FEFF): a turn is a JSON object starting with '{'; send it without the mark",
		`{"channel":"c","audience":["member:alice"],"speaker":"x","text":"esc \ud800 x"}`:       `payload escapes half a UTF-16 surrogate pair (\uD800–\uDFFF without its other half): that is no character`,
		`{"channel":"c","audience":["member:alice"],"speaker":"x","text":"esc \udc00"}`:         `payload escapes half a UTF-16 surrogate pair (\uD800–\uDFFF without its other half): that is no character`,
		`{"channel":"c","audience":["member:alice"],"speaker":"x","text":"esc \ud83d\ude00 x"}`: "",
		`{"channel":"c","audience":["member:alice"],"speaker":"x","text":"esc \\ud800 x"}`:      "", // a backslash, then the letters

		`{"channel":"c","audience":["member:alice"],"speaker":"x","text":"t","audience":["*"]}`: `turn gives "audience" twice (keys are matched without regard to case); give each field once`,
		`{"channel":"c","audience":["member:alice"],"speaker":"x","text":"t","Audience":["*"]}`: `turn gives "Audience" twice (keys are matched without regard to case); give each field once`,
		`{"channel":`:       "payload is not a JSON turn object: it ends before the object does",
		`{"channel":"c",,}`: "payload is not a JSON turn object: invalid character ',' looking for beginning of object key string (at byte 16)",
		`{"chanel":"c"}`:    `turn has an unknown field "chanel" (a turn has v, id, member, session, channel, audience, role, speaker, text, at, ref)`,
		// a key is text before it is a field: one holding a control
		// character (C0, DEL, C1, a tab) or half a surrogate pair is
		// invalid_text, as the gateway says of the same key, not an
		// unknown field; however good the rest, known name or not
		`{"channel":"c","audience":["a"],"speaker":"x","text":"t","x\u0007":1}`: `the key "x\a" holds the control character U+0007`,
		`{"channel":"c","audience":["a"],"speaker":"x","text":"t","x\u007f":1}`: `the key "x\x7f" holds the control character U+007F`,
		`{"channel":"c","audience":["a"],"speaker":"x","text\u0085":"t"}`:       `the key "text\u0085" holds the control character U+0085`,
		`{"channel":"c","audience":["a"],"speaker":"x","text":"t","\t":1}`:      `the key "\t" holds the control character U+0009`,
		`{"\u0000":1,"chanel":"c"}`: `the key "\x00" holds the control character U+0000`,
		`{"channel":"c","audience":["a"],"speaker":"x","text":"t","k\udc00":1}`: `the key "k\udc00" escapes half a UTF-16 surrogate pair (\uD800–\uDFFF without its other half): that is no character`,
	} {
		_, err := Decode("alice", []byte(in), 0)
		if want == "" {
			if err != nil {
				t.Errorf("Decode(%s) = %v, want it taken", in, err)
			}
			continue
		}
		if err == nil || memhive.AsError(err).Message != want {
			t.Errorf("Decode(%s) = %v, want %q", in, err, want)
		}
	}
}

// TestDecodeAtForms: every RFC 3339 form of at is taken (a lowercase t or
// z, a space for the T); a time without a zone, or a date, is not.
func TestDecodeAtForms(t *testing.T) {
	t.Parallel()
	want := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	at := func(s string) []byte {
		return []byte(`{"channel":"c","audience":["a"],"speaker":"x","text":"t","at":"` + s + `"}`)
	}
	for _, s := range []string{"2026-11-30T10:00:00Z", "2026-11-30t10:00:00z", "2026-11-30 10:00:00Z", "2026-11-30 11:00:00+01:00", "2026-11-30t10:00:00.000Z"} {
		tr, err := Decode("alice", at(s), 0)
		if err != nil || !tr.At.Equal(want) {
			t.Errorf("at %q: %v, %v", s, tr, err)
		}
	}
	for _, s := range []string{"2026-11-30 10:00:00", "2026-11-30t10:00:00", "2026-11-30", "30/11/2026 10:00"} {
		_, err := Decode("alice", at(s), 0)
		if memhive.CodeOf(err) != memhive.CodeMalformedTurn || !strings.Contains(err.Error(), "is not an RFC 3339 time with a zone") {
			t.Errorf("at %q: %v, want malformed_turn", s, err)
		}
	}
}
