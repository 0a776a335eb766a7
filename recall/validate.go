package recall

import (
	"github.com/memhive/memhive"
)

// Limits of a recall request's fields (and of any read binding: the memory
// tools check the same). Postgres refuses a NUL byte or invalid UTF-8 in a
// text value, so they are refused here, with a code, before a query runs.
const (
	// MaxQueryBytes caps the query's bytes (UTF-8 takes at most four a
	// character); MaxQueryChars, its characters, is the cap a client meets.
	MaxQueryBytes = 4 * MaxQueryChars
	// MaxFieldBytes caps the channel, the asker, the session and each
	// audience entry.
	MaxFieldBytes = 256
	// MaxAudience caps the number of audience entries, after
	// normalising: a turn's cap (lanes.MaxAudience), so that whoever was
	// present at a turn can ask about it together.
	MaxAudience = 256
)

// CheckField refuses a value that is not valid UTF-8 (invalid_text), is
// longer than max bytes (field_too_long) or holds a control character
// (invalid_text: C0, DEL or C1, U+0080–U+009F; tab, newline and carriage
// return are allowed where multiline is true): memhive.CheckField, the
// write side's check (lanes.CheckField) too, so a value a write refuses a
// read refuses with the same code and message on every surface, rather
// than looking for a key no stored row can hold.
func CheckField(name, s string, max int, multiline bool) error {
	return memhive.CheckField(name, s, max, multiline)
}

// CheckBinding refuses a read binding whose audience, channel, asker or
// session could not be a stored value (CheckField, MaxFieldBytes:
// invalid_text, field_too_long; more than MaxAudience audience entries:
// field_too_long). Presence (an empty audience or channel) is Validate's
// and Check's job.
func CheckBinding(audience []string, channel, asker, session string) error {
	if len(audience) > MaxAudience {
		if n := len(memhive.NormalizeAudience(audience)); n > MaxAudience {
			return memhive.Errorf(memhive.CodeFieldTooLong, "the audience has %d entries, over the cap of %d", n, MaxAudience)
		}
	}
	for _, a := range audience {
		if err := CheckField("an audience entry", a, MaxFieldBytes, false); err != nil {
			return err
		}
	}
	for _, f := range []struct{ name, v string }{{"channel", channel}, {"asker", asker}, {"session", session}} {
		if err := CheckField(f.name, f.v, MaxFieldBytes, false); err != nil {
			return err
		}
	}
	return nil
}
