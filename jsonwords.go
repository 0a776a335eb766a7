package memhive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"
)

// JSONKeys are the JSON keys of the fields of struct type t, in order
// (untagged fields and "-" left out): the list an unknown-field sentence
// gives, read from the struct so it cannot fall behind it.
func JSONKeys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// TypeWords says what a JSON value of the wrong type means for a client,
// in words and never in Go's type or struct names: "audience must be a
// list of strings, not a JSON string". what names the whole thing decoded
// ("a turn"); kinds say what each field takes by its JSON key (a field not
// in kinds is described by its Go kind: a string, a number, true or
// false, a list, an object).
func TypeWords(te *json.UnmarshalTypeError, what string, kinds map[string]string) string {
	field := te.Field
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	value := te.Value
	if value == "" {
		value = "value"
	}
	if field == "" {
		return fmt.Sprintf("%s is a JSON object, not a JSON %s", what, value)
	}
	kind, ok := kinds[field]
	if !ok {
		kind = "a string"
		if te.Type != nil {
			switch te.Type.Kind() {
			case reflect.Bool:
				kind = "true or false"
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
				reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
				kind = "a number"
			case reflect.Slice, reflect.Array:
				kind = "a list"
			case reflect.Struct, reflect.Map:
				kind = "an object"
			}
		}
	}
	if len(field) > 64 {
		field = field[:64] + "…"
	}
	return fmt.Sprintf("%s must be %s, not a JSON %s", field, kind, value)
}

// RepeatedKey returns a key that the JSON object in data holds twice, if
// any, compared as encoding/json matches keys to fields (without regard to
// letter case: "audience" and "Audience" fill one field). encoding/json
// keeps the last of two, so a turn saying "audience" twice would be stored
// with whichever came last while anything reading the first saw another;
// callers refuse such a payload instead. Only the object's own keys are
// compared. data that is not a JSON object gives false.
func RepeatedKey(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", false
		}
		k, _ := t.(string)
		// encoding/json's folding: letter case, and the Kelvin sign and
		// long s matching k and s
		f := strings.NewReplacer("\u212a", "k", "\u017f", "s").Replace(strings.ToLower(k))
		if seen[f] {
			return k, true
		}
		seen[f] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "", false
		}
	}
	return "", false
}

// LoneSurrogate reports whether data, valid JSON, escapes a UTF-16
// surrogate that is not half of a pair (a high \uD800–\uDBFF not followed
// by a low \uDC00–\uDFFF, or a low one alone). encoding/json reads such an
// escape as U+FFFD, silently: a text would be stored with a character its
// sender never wrote, so every entry point (the lanes, the gateway's JSON
// bodies and tool arguments) refuses it instead. In valid JSON every
// backslash starts an escape inside a string.
func LoneSurrogate(data []byte) bool {
	hex4 := func(b []byte) (rune, bool) {
		if len(b) < 4 {
			return 0, false
		}
		v, err := strconv.ParseUint(string(b[:4]), 16, 16)
		return rune(v), err == nil
	}
	for i := 0; i < len(data); {
		j := bytes.IndexByte(data[i:], '\\')
		if j < 0 || i+j+1 >= len(data) {
			return false
		}
		i += j
		if data[i+1] != 'u' {
			i += 2 // \\, \", \n …
			continue
		}
		r, ok := hex4(data[i+2:])
		if !ok {
			return false // not valid JSON: the decoder has said so
		}
		i += 6
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		case r >= 0xD800 && r <= 0xDBFF:
			if i+1 >= len(data) || data[i] != '\\' || data[i+1] != 'u' {
				return true
			}
			lo, ok := hex4(data[i+2:])
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 6
		}
	}
	return false
}

// CheckJSONKeys refuses JSON whose keys, at any depth, are not all names:
// a key holding a control character (C0 (tab, newline and carriage return
// too), DEL or C1, U+0080–U+009F) or escaping half a UTF-16 surrogate pair
// is invalid_text, naming the key, as such a value is. A key is text
// before it is a field: the turn lane, the remember lane and the
// gateway's bodies, payloads and tool arguments call this before they ask
// whether they know the key, so such a key is invalid_text on each, not an
// unknown field on one and bad text on another. data is valid UTF-8 (the caller
// checks that first); data that is no JSON gives nil, at the first syntax
// error, for the decoder that follows to say.
func CheckJSONKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct{ object, key bool } // an open object or array; for an object, whether a key comes next
	var stack []frame
	value := func() { // a value was read: in an object, a key comes next
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].key = true
		}
	}
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF, or a syntax error the decoder reports
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				value()
				stack = append(stack, frame{object: t == '{', key: t == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			n := len(stack)
			if n == 0 || !stack[n-1].object || !stack[n-1].key {
				value()
				continue
			}
			stack[n-1].key = false
			for _, r := range t {
				if unicode.IsControl(r) {
					return Errorf(CodeInvalidText, "the key %s holds the control character %U", quoteKey(t), r)
				}
			}
			if raw := data[start:dec.InputOffset()]; LoneSurrogate(raw) {
				// named as written: decoded, the half is U+FFFD
				raw = raw[bytes.IndexByte(raw, '"'):]
				if len(raw) > 64 {
					raw = append(bytes.ToValidUTF8(raw[:64:64], nil), "…"...)
				}
				return Errorf(CodeInvalidText, "the key %s escapes half a UTF-16 surrogate pair (\\uD800–\\uDFFF without its other half): that is no character", raw)
			}
		default:
			value()
		}
	}
}

// quoteKey is a key for a sentence: quoted (its control characters
// escaped) and cut at 64 bytes.
func quoteKey(k string) string {
	if len(k) > 64 {
		k = strings.ToValidUTF8(k[:64], "") + "…"
	}
	return strconv.Quote(k)
}
