package lanes

import (
	"fmt"

	"github.com/memhive/memhive"
)

// CheckField is memhive.CheckField, the check the turn decoder makes of
// each string field, for the other ways in that take the same fields (the
// remember lane, the memorize endpoint, the close lane): bytes that are not
// UTF-8 (a Go caller's request has not been through a decoder) are
// invalid_text, then over max bytes is field_too_long, then a control
// character (C0, DEL or C1; tab, newline and carriage return allowed when
// text is true) is invalid_text, each refusal naming the field. (A read's
// fields are recall.CheckField's, the same function.)
func CheckField(name, v string, max int, text bool) error {
	return memhive.CheckField(name, v, max, text)
}

// CheckKeys is CheckField for the fields every lane keys its rows by, at
// their caps: the channel, the session and each audience entry (the
// memorize lane and the close lane take them as a turn does). Empty
// fields pass: whether one is required is the caller's to say.
func CheckKeys(channel, session string, audience []string) error {
	if err := CheckField("channel", channel, MaxChannel, false); err != nil {
		return err
	}
	if err := CheckField("session", session, MaxSession, false); err != nil {
		return err
	}
	for i, a := range audience {
		if err := CheckField(fmt.Sprintf("audience[%d]", i), a, MaxAudienceEntry, false); err != nil {
			return err
		}
	}
	return nil
}
