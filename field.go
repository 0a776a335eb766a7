package memhive

import (
	"unicode"
	"unicode/utf8"
)

// CheckField is the one check of a field's text, on writes (lanes.CheckField,
// the turn decoder, memorize, the close lane) and reads (recall.CheckField):
// bytes that are not UTF-8 (half a surrogate pair among them: its bytes,
// ED A0 80–ED BF BF, are not UTF-8) are invalid_text; then a value over max
// bytes is field_too_long; then a control character (C0, DEL or C1,
// U+0080–U+009F; tab, newline and carriage return allowed when text is
// true) is invalid_text. Each refusal names the field. In this order on
// every side, so a value with two faults gets one code wherever it is sent.
func CheckField(name, s string, max int, text bool) error {
	if !utf8.ValidString(s) {
		return Errorf(CodeInvalidText, "%s is not valid UTF-8", name)
	}
	if len(s) > max {
		return Errorf(CodeFieldTooLong, "%s of %d bytes is over the cap of %d", name, len(s), max)
	}
	if i, r := ControlChar(s, text); i >= 0 {
		return Errorf(CodeInvalidText, "%s holds the control character %U at byte %d", name, r, i)
	}
	return nil
}

// ControlChar returns the byte offset and the rune of the first control
// character in s (C0, DEL or C1), or -1 and 0. With text, tab, newline and
// carriage return are allowed.
func ControlChar(s string, text bool) (int, rune) {
	for i, r := range s {
		if !unicode.IsControl(r) {
			continue
		}
		if text && (r == '\t' || r == '\n' || r == '\r') {
			continue
		}
		return i, r
	}
	return -1, 0
}
