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
// now). The claim and the note may hold tab, newline and carriage return,
// as a turn's text may; their length is MaxText's. The subject and the
// predicate are key fields (btree keys, MaxSubject and MaxPredicate, the
// names a fact is found by), and may hold none: "person:\tsam" was stored
// with its tab.
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
	texts := []struct {
		name, v string
		text    bool
	}{
		{"subject", req.Subject, false}, {"predicate", req.Predicate, false}, {"claim", req.Claim, true}, {"note", req.Note, true},
	}
	for _, t := range texts {
		// the caps (MaxText; MaxSubject and MaxPredicate, canonical) are
		// checked on the fact; this bound only keeps CheckField's from
		// refusing first with another code
		if err := lanes.CheckField(t.name, t.v, len(t.v), t.text); err != nil {
			return err
		}
	}
	if err := lanes.CheckField("kind", req.Kind, len(req.Kind), false); err != nil {
		return err
	}
	if req.At != nil && req.At.IsZero() {
		return memhive.Errorf(memhive.CodeMalformedRequest, "at is the zero time (0001-01-01T00:00:00Z), no time a fact became true: leave at out for \"now\"")
	}
	return nil
}

// argText is one string argument of a memory tool, as checkArgs looks at
// it: text (the claim, the reason, a profile line) may hold tab, newline
// and carriage return, as memorize's claim and note may; a name (an id, a
// section, an op, a time) may not.
type argText struct {
	name, v string
	text    bool
}

// checkArgs refuses a memory tool's string argument that is no text, as
// memorize refuses its claim and note (lanes.CheckField): bytes that are
// not UTF-8 or a control character (C0, DEL or C1) are invalid_text,
// naming the argument, before anything looks at what the argument means
// (strings.TrimSpace takes U+0085 for white space: a claim of "x\u0085"
// would be stored as "x", one of "\u0085" refused as empty). Lengths are
// the tools' own caps, said after (MaxText for the text, text_too_large,
// as memorize's; MaxID for an id).
func checkArgs(args ...argText) error {
	for _, a := range args {
		if err := lanes.CheckField(a.name, a.v, len(a.v), a.text); err != nil {
			return err
		}
	}
	return nil
}

// Check refuses update_memory's arguments when one is no text
// (invalid_text: checkArgs); the claim may hold tab, newline and carriage
// return. Every surface calls it before anything else looks at the
// arguments, and UpdateMemory calls it again.
func (a UpdateArgs) Check() error {
	return checkArgs(argText{"id", a.ID, false}, argText{"claim", a.Claim, true})
}

// Check refuses forget's arguments when one is no text (invalid_text:
// checkArgs); the reason may hold tab, newline and carriage return.
func (a ForgetArgs) Check() error {
	return checkArgs(argText{"id", a.ID, false}, argText{"reason", a.Reason, true})
}

// Check refuses edit_profile's arguments when one is no text
// (invalid_text: checkArgs); the line may hold tab, newline and carriage
// return (each text line is a profile line).
func (a ProfileArgs) Check() error {
	return checkArgs(argText{"op", a.Op, false}, argText{"section", a.Section, false},
		argText{"line", a.Line, true}, argText{"id", a.ID, false})
}

// Check refuses list_memories' filters as every surface refuses the same
// fields of a write ("One fault, one code"): a filter that is no text (not
// UTF-8, a control character: C0, DEL or C1, tab and newline included,
// as a key field holds none) is invalid_text naming it, one over its
// field's cap field_too_long, before anything looks at what the filter
// means. The subject's cap is memorize's (MaxSubject, canonical, so any
// stored subject can be filtered), the channel's a channel's
// (lanes.MaxChannel). A subject of "\u0085" was trimmed to blank and
// listed everything, "member:alice\u0085" listed member:alice's facts,
// and a channel of 300 bytes was malformed_tool_call. Every surface calls
// it after decoding the arguments, and ListMemories again.
func (a ListArgs) Check() error {
	if err := lanes.CheckField("subject", a.Subject, len(a.Subject), false); err != nil {
		return err
	}
	if n := len(memhive.Canon(a.Subject)); n > MaxSubject {
		return memhive.Errorf(memhive.CodeFieldTooLong, "subject of %d bytes (canonical) is over the cap of %d", n, MaxSubject)
	}
	if err := lanes.CheckField("channel", a.Channel, lanes.MaxChannel, false); err != nil {
		return err
	}
	return lanes.CheckField("kind", a.Kind, len(a.Kind), false)
}
