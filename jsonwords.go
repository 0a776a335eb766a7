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
	if distinctPlainKeys(data) {
		return "", false
	}
	return repeatedKey(data)
}

// repeatedKey is RepeatedKey read by encoding/json's tokenizer: the
// answer for every payload distinctPlainKeys is not sure of.
func repeatedKey(data []byte) (string, bool) {
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
	if walkKeys(data, false, plainKey) {
		return nil
	}
	return checkJSONKeys(data)
}

// checkJSONKeys is CheckJSONKeys read by encoding/json's tokenizer: the
// answer for every payload whose keys walkKeys cannot show are all
// plainKey.
func checkJSONKeys(data []byte) error {
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

// The key checks' fast path. Reading a payload with encoding/json's
// Decoder.Token is about as costly as decoding it (BenchmarkDecodeKeyChecks
// in lanes), and nearly every payload has keys that are short plain
// names. walkKeys finds the keys by a byte scan that only tracks strings
// and brackets, and the checks ask encoding/json's tokenizer (the slow
// path, which alone gives every answer that is a fault) whenever the scan
// is not sure. The scan is sure only of what holds for every reading:
// before the first syntax error the tokenizer meets, the data is a prefix
// of valid JSON, where a string is an object key exactly when it follows
// '{' or ',' (whitespace between) inside an object, and a string ends at
// the first quote after an even run of backslashes; past that error the
// slow checks answer "no fault" (nil; "", false), so what the scan reads
// there cannot change an answer.

// walkKeys calls key with each object key in data as written (the bytes
// between its quotes) and the depth of its object (1 for an outermost
// one), in order, over every JSON value in data, or the first alone when
// first is set. It returns true when it reached the end (of data, or of
// the first value) with key true for every key; false when key said false
// or the scan met what it does not follow (a bracket closing none open, a
// string not closed).
func walkKeys(data []byte, first bool, key func(depth int, k []byte) bool) bool {
	var buf [32]bool // open brackets, true for an object
	open := buf[:0]
	prev := byte(0) // the last byte outside strings that is not whitespace
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r':
			continue
		case '{', '[':
			open = append(open, c == '{')
		case '}', ']':
			if len(open) == 0 {
				return false
			}
			open = open[:len(open)-1]
			if first && len(open) == 0 {
				return true
			}
		case '"':
			start := i + 1
			end := stringEnd(data, start)
			if end < 0 {
				return false
			}
			if (prev == '{' || prev == ',') && len(open) > 0 && open[len(open)-1] && !key(len(open), data[start:end]) {
				return false
			}
			i = end
			if first && len(open) == 0 {
				return true
			}
		}
		prev = data[i]
	}
	return true
}

// stringEnd is the index of the quote that closes the JSON string whose
// text starts at data[start], or -1 when none does.
func stringEnd(data []byte, start int) int {
	for i := start; ; {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			return -1
		}
		i += j
		n := 0 // backslashes before the quote
		for k := i - 1; k >= start && data[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return i
		}
		i++
	}
}

// plainKey reports whether a key as written can hold no fault
// CheckJSONKeys refuses: no escape (so no escaped control character or
// half a surrogate pair), no byte under 0x20, no DEL and no C1 control
// (U+0080–U+009F, 0xC2 0x80–0xC2 0x9F in UTF-8).
func plainKey(_ int, k []byte) bool {
	for i, b := range k {
		if b < 0x20 || b == '\\' || b == 0x7f || (b == 0xc2 && (i+1 == len(k) || k[i+1] < 0xa0)) {
			return false
		}
	}
	return true
}

// distinctPlainKeys reports whether it is sure that RepeatedKey's answer
// for data is "", false: the first value in data
// is no object, or it is one whose own keys are ASCII without escapes (so
// they fold by their ASCII letter case alone) and distinct without regard
// to letter case. A key repeated is left to the slow path to name.
func distinctPlainKeys(data []byte) bool {
	i := 0
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	if i == len(data) || data[i] != '{' {
		return true // the tokenizer's first token is no '{'
	}
	var buf [16][]byte
	keys := buf[:0]
	return walkKeys(data[i:], true, func(depth int, k []byte) bool {
		if depth != 1 {
			return true
		}
		for _, b := range k {
			if b < 0x20 || b >= 0x80 || b == '\\' {
				return false
			}
		}
		for _, o := range keys {
			if len(o) == len(k) && bytes.EqualFold(o, k) {
				return false
			}
		}
		keys = append(keys, k)
		return true
	})
}
