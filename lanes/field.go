package lanes

// CheckField is the check the turn decoder makes of each string field, for
// the other ways in that take the same fields (the remember lane, the
// memorize endpoint): over max bytes is field_too_long, a control
// character (C0, DEL or C1; tab, newline and carriage return allowed when
// text is true) is invalid_text, each refusal naming the field. v must be
// valid UTF-8; the caller checks the payload first, as Decode does.
func CheckField(name, v string, max int, text bool) error {
	return checkField(name, v, max, text)
}
