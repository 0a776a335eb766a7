package remember

import (
	"github.com/memhive/memhive"
	"github.com/memhive/memhive/lanes"
)

// checkFields refuses what the turn lane refuses of the same fields, with
// the same codes, on every way in (the lane, HTTP, the memorize tool):
// text that is not UTF-8 or holds a control character is invalid_text (a
// NUL the store itself would refuse, and one would otherwise be retried as
// a store failure); a channel, speaker, session or audience entry over
// lanes' caps, or an audience of more entries than lanes.MaxAudience, is
// field_too_long (they are keys and index entries, as on a turn); an at of
// the zero time is malformed_request (it would read as "no at" and become
// now). The claim, the note, subject and predicate may hold tab, newline
// and carriage return, as a turn's text may; their length is MaxText's.
func checkFields(req Request) error {
	if err := lanes.CheckKeys(req.Channel, req.Session, req.Audience); err != nil {
		return err
	}
	if err := lanes.CheckField("speaker", req.Speaker, lanes.MaxSpeaker, false); err != nil {
		return err
	}
	if n := len(memhive.NormalizeAudience(req.Audience)); n > lanes.MaxAudience {
		return memhive.Errorf(memhive.CodeFieldTooLong, "memorize audience has %d entries, over the cap of %d", n, lanes.MaxAudience)
	}
	texts := []struct{ name, v string }{
		{"subject", req.Subject}, {"predicate", req.Predicate}, {"claim", req.Claim}, {"note", req.Note},
	}
	for _, t := range texts {
		// the text cap is MaxText, checked on the fact; this bound only
		// keeps CheckField's from refusing first with another code
		if err := lanes.CheckField(t.name, t.v, len(t.v), true); err != nil {
			return err
		}
	}
	if req.At != nil && req.At.IsZero() {
		return memhive.Errorf(memhive.CodeMalformedRequest, "at is the zero time (0001-01-01T00:00:00Z), no time a fact became true: leave at out for \"now\"")
	}
	return nil
}
