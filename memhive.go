// Package memhive holds the few words every part of the hive shares: the
// member id and its shape, the audience and how it is normalised, and the
// coded error that crosses every wire (NATS, HTTP, MCP, CLI).
//
// It is a leaf: it imports nothing of the project, and everything imports it.
package memhive

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Public is the audience entry that makes a row visible to everyone.
const Public = "*"

var memberRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// ValidMember reports whether id has the shape of a member id (SPEC §0).
func ValidMember(id string) bool { return memberRE.MatchString(id) }

// NormalizeAudience returns the audience deduplicated, with blank entries
// (Blank) dropped and the rest trimmed and sorted. The result is nil when
// nothing is left, which every caller treats as a missing audience.
func NormalizeAudience(in []string) []string {
	var out []string
	for _, a := range in {
		a = strings.TrimSpace(a)
		if Blank(a) {
			continue
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		return nil
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Blank reports whether s shows nothing: it is empty, or made only of
// white space and Unicode format characters (category Cf: the zero-width
// space U+200B, joiners U+200C and U+200D, the word joiner U+2060, the
// byte-order mark U+FEFF, direction marks, the soft hyphen …). An
// audience entry or a channel that is blank names no one and nowhere:
// stored, a zero-width space would be an audience nobody can ever be in,
// and one no person reading a record could see.
func Blank(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// SplitList splits a comma-separated flag value such as "member:alice,person:bob".
func SplitList(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// Version is memhive's version: `memhive version`, the MCP server's
// implementation version and every NATS micro service's version. Set it at
// build time with -ldflags "-X github.com/memhive/memhive.Version=…".
var Version = "0.1.0-dev"

// ServiceVersion is Version as NATS micro services require it (semantic
// versioning: a leading "v" dropped; a version that is not semver, such as
// a bare commit, becomes 0.0.0-<it>).
func ServiceVersion() string {
	v := strings.TrimPrefix(Version, "v")
	if semverRE.MatchString(v) {
		return v
	}
	clean := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' {
			return r
		}
		return '-'
	}, v)
	return "0.0.0-" + strings.Trim(clean, "-")
}

var semverRE = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// Code is a stable error code: the same string over NATS, HTTP, MCP and the CLI.
type Code string

// The codes of SPEC §1 and §4.
const (
	CodeMissingAudience     Code = "missing_audience"
	CodeMissingChannel      Code = "missing_channel"
	CodeMalformedTurn       Code = "malformed_turn"
	CodeTextTooLarge        Code = "text_too_large"
	CodeMemberMismatch      Code = "member_mismatch"
	CodeInvalidMember       Code = "invalid_member"
	CodeMalformedToolCall   Code = "malformed_tool_call"
	CodeMemoryNotConfigured Code = "memory_not_configured"
	CodeHalfOpenWindow      Code = "half_open_window"
	CodeStoreRefused        Code = "store_refused"
	CodeMalformedRequest    Code = "malformed_request"
	CodeQueryTooLong        Code = "query_too_long"
	CodeModelNotConfigured  Code = "model_not_configured"
	CodeOverBudget          Code = "over_budget"
	CodeNotFound            Code = "not_found"
	CodeProfileFull         Code = "profile_full"
	CodeInternal            Code = "internal"
)

// The codes of the write path's defences (issue 10): what Postgres would
// refuse is refused first, with a code, so one bad turn never holds another.
const (
	// CodeInvalidText: a control character (other than tab, newline and
	// carriage return in the text) or bytes that are not UTF-8.
	CodeInvalidText Code = "invalid_text"
	// CodeFieldTooLong: a key or index field over its cap.
	CodeFieldTooLong Code = "field_too_long"
	// CodeDeadLetter: a turn the store failed to write, redelivered up to
	// the appender's bound and then kept as a refusal with its raw bytes.
	CodeDeadLetter Code = "dead_letter"
	// CodeCanceled: the caller's own context was canceled before memhive
	// answered (a client library's code: nothing went wrong in memhive).
	CodeCanceled Code = "canceled"
	// CodeTimeout: no answer within the caller's deadline (memhive may
	// be down, slow, or unreachable with these credentials).
	CodeTimeout Code = "timeout"
	// CodeIDConflict: a turn whose id already names a different turn of
	// the member (other words, speaker or audience). The first stands; the
	// second is kept as a refusal, not dropped as a duplicate.
	CodeIDConflict Code = "id_conflict"
)

// Error is an error with a stable code and a sentence a person can act on.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`

	cause error // what it wraps (Wrapf), for errors.Is; not on the wire
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Unwrap returns the error e was made from by Wrapf, or nil.
func (e *Error) Unwrap() error { return e.cause }

// Wrapf is Errorf that keeps cause for errors.Is and errors.As (a
// context's cancellation, say); the wire carries the code and sentence.
func Wrapf(cause error, code Code, format string, args ...any) *Error {
	e := Errorf(code, format, args...)
	e.cause = cause
	return e
}

// Errorf returns an *Error with the code and a formatted sentence.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of err when it is or wraps an *Error, and
// CodeInternal otherwise.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// AsError returns err as an *Error, wrapping unknown errors as internal.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: CodeInternal, Message: err.Error()}
}

// ErrorBody is the JSON shape of an error on every surface:
// {"error": {"code": "...", "message": "..."}}.
type ErrorBody struct {
	Error *Error `json:"error"`
}

// Count is a tool argument's "how many": a whole number of 1 or more, sent
// as 2, 2.0 (JSON Schema's "integer" allows it) or "2", as clients
// reasonably send it (SPEC §11). Absent or null leaves it 0, which means
// the tool's default; an explicit 0, a negative number or a fraction is
// refused with a sentence.
type Count int

// UnmarshalJSON reads a Count.
func (c *Count) UnmarshalJSON(b []byte) error {
	n, ok, err := ParseWhole(b)
	if !ok {
		return nil
	}
	if err != nil || n < 1 || n > math.MaxInt32 {
		s := strings.TrimSpace(string(b))
		if len(s) > 40 {
			s = s[:40] + "…"
		}
		return fmt.Errorf("a count must be a whole number of 1 or more, not %s", s)
	}
	*c = Count(n)
	return nil
}

// OneLine returns s with every line break (\r\n, \n, \r, vertical tab,
// form feed, NEL, U+2028, U+2029) shown as " ⏎ ", for a model-facing
// text that is a list of lines: stored text a member or a model wrote is
// shown whole, but cannot start a line of its own, so it can never pass
// for a section header or another item ("WHAT WAS SAID", "- [date] …").
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n\v\f\u0085\u2028\u2029") {
		return s
	}
	return lineBreaks.Replace(s)
}

var lineBreaks = strings.NewReplacer("\r\n", " ⏎ ", "\n", " ⏎ ", "\r", " ⏎ ", "\v", " ⏎ ", "\f", " ⏎ ",
	"\u0085", " ⏎ ", "\u2028", " ⏎ ", "\u2029", " ⏎ ")
