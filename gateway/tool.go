// Package gateway serves the memory tools on every surface an assistant
// uses: an MCP server (stdio and streamable HTTP at /mcp), an HTTP JSON API
// (/v1/members/{member}/recall, /memorize and /<tool> for the memory tools,
// /healthz, /readyz, /metrics), the NATS micro service "memhive-recall" on
// <prefix>.<member>.recall and "memhive-memory" on <prefix>.<member>.<tool>.
// The memory tools are update_memory, forget, list_memories,
// review_memories and edit_profile (SPEC §8), served from a Keeper.
//
// Who is asking is never the model's to say. Member, audience, channel,
// asker, session and tier come from the caller's Binding: the MCP server's
// launch flags, the X-Memhive-* headers of an /mcp request (or of a memory
// tool's HTTP or NATS request), or the body of a recall or memorize request
// made by the assistant's runtime. A tool call carries only its arguments;
// any other argument, "audience" included, is refused as
// malformed_tool_call.
//
// Errors cross every wire as {"error": {"code", "message"}} with the codes of
// package memhive (an MCP message /mcp refuses: a JSON-RPC error whose
// data holds the code); see docs/surfaces.md for the status and header
// mapping.
package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// DefaultMaxChars caps the model-facing text of a recall answer (SPEC §4).
const DefaultMaxChars = 8000

// MaxLimit is the largest limit a tool call or request may ask for.
const MaxLimit = 100

// Recaller answers a recall request; *recall.Service is one.
type Recaller interface {
	Recall(ctx context.Context, req recall.Request) (*recall.Answer, error)
}

// refusalCounter is a Recaller that counts the calls a surface refuses
// before they reach it (*recall.Service: memhive_recall_calls_total).
type refusalCounter interface {
	Refused(req recall.Request, err error)
}

// countRefused tells r, when it counts them, that a recall call was
// refused with err before reaching it.
func countRefused(r Recaller, req recall.Request, err error) {
	if c, ok := r.(refusalCounter); ok && err != nil {
		c.Refused(req, err)
	}
}

// Memorizer keeps a fact or note; *remember.Service is one.
type Memorizer interface {
	Memorize(ctx context.Context, req remember.Request) (*remember.Result, error)
}

// Binding is who is asking, fixed by the caller (launch flags, headers, the
// assistant's template), never by a model.
type Binding struct {
	Member    string   // the member whose memory is read
	Audience  []string // who is listening now
	Channel   string   // where
	Asker     string   // who asks; default "member:<member>"
	Assistant string   // the calling assistant's name (for its configured tier)
	Tier      string   // the assistant's configured tier: "0", "1", "2"; "" = memory not configured
	Session   string   // tier 0's session; default "default"
}

// RecallArgs are the memory_recall tool's arguments: the only things a
// model chooses.
type RecallArgs struct {
	Query      string        `json:"query"`
	WindowFrom string        `json:"window_from,omitempty"`
	WindowTo   string        `json:"window_to,omitempty"`
	Limit      memhive.Count `json:"limit,omitempty"`
}

// MemorizeArgs are the memorize tool's arguments.
type MemorizeArgs struct {
	Subject   string `json:"subject,omitempty"`
	Predicate string `json:"predicate,omitempty"`
	Claim     string `json:"claim,omitempty"`
	Note      string `json:"note,omitempty"`
	Kind      string `json:"kind,omitempty"`
}

// The tools' input schemas are flat: type object, properties and a
// required list of each argument no call may leave out. A rule that holds
// only with another argument (a window's two ends, memorize's note or
// fact, edit_profile's append with a line) is said in words, in the
// description of the tool or of the property, and the server refuses a
// call that breaks it (TestToolSchemasSayWhatTheServerRefuses). No schema
// has if, then, else, dependentRequired, dependentSchemas, allOf, anyOf,
// oneOf, not, enum or const at its root: they are valid JSON Schema
// 2020-12, but hosts mishandle them: Claude Code drops a tool whose schema
// has a root-level allOf or if/then without a word
// (anthropics/claude-code#95504), the Anthropic API refuses every request
// whose tool list holds a root-level oneOf, anyOf or allOf, and OpenAI's
// strict function calling takes no if/then/else or dependentRequired. A
// memorize tool that silently vanishes is worse than a schema that says
// less. The schemas are JSON Schema 2020-12, the dialect of a schema that
// names none since MCP 2025-11-25, and name no "$schema" (a draft-07
// validator, Ajv's default class, would refuse one for a meta-schema it
// does not have).

// RecallSchema is the memory_recall tool's input schema. The query's
// maxLength is recall.MaxQueryChars (TestRecallSchemaMaxLength); a window
// is both ends or neither (half_open_window), said in both ends'
// descriptions.
var RecallSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "query": {"type": "string", "minLength": 1, "maxLength": 8192, "description": "The question to answer from the member's memory, in plain words."},
    "window_from": {"type": "string", "description": "Start of a time window: RFC 3339 with a zone (2026-11-30T12:00:00Z), or a date (2026-11-30, its start). window_from and window_to go together: give both or neither."},
    "window_to": {"type": "string", "description": "End of the time window: RFC 3339 with a zone, or a date (2026-11-30, its end). window_from and window_to go together: give both or neither."},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many items at most (default 20)."}
  },
  "required": ["query"],
  "additionalProperties": false
}`)

// MemorizeSchema is the memorize tool's input schema. No one argument is
// always required: a call gives a note, or else a fact (subject, predicate
// and claim, all three), not both, which is said in words (MemorizeRule).
var MemorizeSchema = json.RawMessage(`{
  "type": "object",
  "description": "` + MemorizeRule + `; kind is optional.",
  "properties": {
    "subject": {"type": "string", "description": "Who or what the fact is about, e.g. \"member:alice\" or \"Alice's sister\"."},
    "predicate": {"type": "string", "description": "The relation, e.g. \"lives_in\", \"likes\"."},
    "claim": {"type": "string", "description": "The value, e.g. \"Lisbon\"."},
    "note": {"type": "string", "description": "Free text to keep instead of a fact (then no subject, predicate or claim)."},
    "kind": {"type": "string", "enum": ["world", "experience", "foresight"], "description": "world (default), experience or foresight (a plan or expectation)."}
  },
  "additionalProperties": false
}`)

// Tool descriptions.
const (
	RecallDescription = "Search the member's long-term memory: facts and what was said, " +
		"limited to what the people in this conversation could have heard. " +
		"Ask in plain words; give window_from and window_to (RFC 3339) to look in a time range."
	MemorizeDescription = "Keep a fact (subject, predicate, claim) or a note in the member's long-term memory, " +
		"visible later only to the people present now. " + MemorizeRule + "."
	// MemorizeRule is what memorize's schema cannot say without a
	// conditional, in the tool's description and its schema's.
	MemorizeRule = "Send either note, or subject+predicate+claim together — not both"
)

// decodeStrict decodes one JSON object into v, refusing unknown fields,
// trailing data, nesting deeper than maxDepth, and text that is no text:
// bytes that are not UTF-8, escapes of half a UTF-16 surrogate pair
// (encoding/json would turn either into U+FFFD silently:
// memhive.LoneSurrogate), values holding a control character other than
// tab, newline and carriage return (which Postgres would refuse, or which
// no field means) and keys holding any (memhive.CheckJSONKeys: a key is
// no known field then, but its text is looked at first, as on the lanes). Text that is no text is a coded *memhive.Error,
// invalid_text, as the lanes refuse it; the callers keep its code
// (decodeRefusal) and give any other refusal theirs.
func decodeStrict(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	if !utf8.Valid(data) {
		return memhive.Errorf(memhive.CodeInvalidText, "the JSON is not valid UTF-8")
	}
	if err := checkJSON(data, maxDepth, true); err != nil {
		return err
	}
	if err := memhive.CheckJSONKeys(data); err != nil { // a key's text before whether it is known, as on the lanes
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF { // dec.More misses a stray ']' or '}'
		return fmt.Errorf("data after the object")
	}
	if memhive.LoneSurrogate(data) { // valid JSON by now, as it needs
		return memhive.Errorf(memhive.CodeInvalidText, "a string escapes half a UTF-16 surrogate pair (\\uD800–\\uDFFF without its other half): that is no character")
	}
	if k, ok := memhive.RepeatedKey(data); ok {
		// encoding/json would take the last: one request read two ways
		return fmt.Errorf("%q is given twice (keys are matched without regard to case)", k)
	}
	return nil
}

// decodeRefusal is the refusal of what decodeStrict refused: its own
// coded error as it is (invalid_text, on every surface), anything else
// code with the sentence "<what>: <why>".
func decodeRefusal(err error, code memhive.Code, what string) *memhive.Error {
	var e *memhive.Error
	if errors.As(err, &e) {
		return e
	}
	return memhive.Errorf(code, "%s: %s", what, clipErr(err))
}

// maxDepth is how deep a request's JSON may nest; none of ours nests past 3.
const maxDepth = 16

// checkJSON walks data's tokens once: no nesting past depth and, with
// controls, no value string with a control character other than tab,
// newline and carriage return (invalid_text, naming the field; a key's
// text, which may hold none, is memhive.CheckJSONKeys's). Syntax errors
// are left to the decoder that follows.
func checkJSON(data []byte, depth int, controls bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	// one frame an open object or array: for an object, whether a key
	// comes next and the last key (an array's values are its key's)
	type frame struct {
		object, key bool
		name        string
	}
	var stack []frame
	value := func() string { // the field the value at hand belongs to, and a value was read
		if len(stack) == 0 {
			return ""
		}
		top := &stack[len(stack)-1]
		if top.object {
			top.key = true
		}
		return top.name
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF, or a syntax error the real decode reports
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				if len(stack) >= depth {
					return fmt.Errorf("the JSON nests deeper than %d levels", depth)
				}
				name := value()
				stack = append(stack, frame{object: t == '{', key: t == '{', name: name})
			} else {
				stack = stack[:len(stack)-1]
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].key {
				stack[n-1].key, stack[n-1].name = false, t
				continue // a key's text is memhive.CheckJSONKeys's
			}
			what := "a string"
			if name := value(); name != "" {
				what = fmt.Sprintf("%q", clip(name))
			}
			if !controls {
				continue
			}
			for _, r := range t {
				if (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f {
					return memhive.Errorf(memhive.CodeInvalidText, "%s holds the control character U+%04X", what, r)
				}
			}
		default:
			value()
		}
	}
}

// RecallRequest builds the recall request of a tool call: the binding says
// who, the arguments say what. Every refusal is a coded *memhive.Error.
func (b Binding) RecallRequest(args json.RawMessage) (recall.Request, error) {
	if strings.TrimSpace(b.Tier) == "" {
		return recall.Request{}, notConfigured(b)
	}
	var a RecallArgs
	if err := decodeStrict(args, &a); err != nil {
		return recall.Request{}, decodeRefusal(err, memhive.CodeMalformedToolCall,
			`memory_recall takes {"query": string, "window_from"?, "window_to"?, "limit"?} only`)
	}
	if strings.TrimSpace(a.Query) == "" {
		return recall.Request{}, memhive.Errorf(memhive.CodeMalformedToolCall, "memory_recall needs a non-empty \"query\"")
	}
	if a.Limit < 0 || a.Limit > MaxLimit {
		return recall.Request{}, memhive.Errorf(memhive.CodeMalformedToolCall, "limit %d is outside 1..%d", a.Limit, MaxLimit)
	}
	if err := checkWho(b.Member, b.Audience, b.Channel); err != nil {
		return recall.Request{}, err
	}
	req := recall.Request{
		Member:    b.Member,
		Query:     a.Query,
		Tier:      recall.NormalizeTier(b.Tier),
		Audience:  b.Audience,
		Channel:   b.Channel,
		Asker:     b.Asker,
		Assistant: b.Assistant,
		Session:   b.Session,
		Limit:     int(a.Limit),
		// a question asked mid-conversation must see the turns said just
		// before it, by any assistant of the member (recall.Request.Fresh)
		Fresh: true,
	}
	for _, w := range []struct {
		name string
		in   string
		out  **time.Time
		end  bool // a date is the day's end
	}{{"window_from", a.WindowFrom, &req.WindowFrom, false}, {"window_to", a.WindowTo, &req.WindowTo, true}} {
		if w.in == "" {
			continue
		}
		t, err := recall.ParseTime(w.in, w.end)
		if err != nil {
			return recall.Request{}, memhive.Errorf(memhive.CodeMalformedToolCall, "%s: %v", w.name, err)
		}
		*w.out = &t
	}
	if req.WindowFrom != nil && req.WindowTo != nil && req.WindowTo.Before(*req.WindowFrom) {
		return recall.Request{}, memhive.Errorf(memhive.CodeMalformedToolCall, "window_to is before window_from")
	}
	return req, CheckRequest(req)
}

// MemorizeRequest builds the memorize request of a tool call.
func (b Binding) MemorizeRequest(args json.RawMessage) (remember.Request, error) {
	var a MemorizeArgs
	if err := decodeStrict(args, &a); err != nil {
		return remember.Request{}, decodeRefusal(err, memhive.CodeMalformedToolCall,
			`memorize takes {"subject", "predicate", "claim"} or {"note"}, and an optional "kind", only`)
	}
	if err := checkWho(b.Member, b.Audience, b.Channel); err != nil {
		return remember.Request{}, err
	}
	speaker := b.Asker
	if speaker == "" {
		speaker = "member:" + b.Member
	}
	req := remember.Request{
		Member:    b.Member,
		Subject:   a.Subject,
		Predicate: a.Predicate,
		Claim:     a.Claim,
		Note:      a.Note,
		Kind:      a.Kind,
		Audience:  b.Audience,
		Channel:   b.Channel,
		Speaker:   speaker,
		Session:   b.Session,
	}
	// the binding is checked above: what the store would refuse now is the
	// arguments' shape (a fact and a note, half a fact…), the model's to fix
	if _, err := remember.Fact(req, time.Now()); memhive.CodeOf(err) == memhive.CodeMalformedRequest {
		return remember.Request{}, memhive.Errorf(memhive.CodeMalformedToolCall, "%s", memhive.AsError(err).Message)
	}
	return req, nil
}

func notConfigured(b Binding) *memhive.Error {
	if b.Assistant != "" {
		return memhive.Errorf(memhive.CodeMemoryNotConfigured,
			"memory is not configured for assistant %q: its template sets no memory tier, so memory_recall cannot answer", b.Assistant)
	}
	return memhive.Errorf(memhive.CodeMemoryNotConfigured,
		"memory is not configured for this caller: no memory tier is set, so memory_recall cannot answer")
}

// CheckRequest refuses what no surface may pass on, with the codes of
// recall.Validate (memory_not_configured for an empty tier, invalid_member,
// missing_audience, missing_channel, half_open_window, malformed_request)
// plus a limit above MaxLimit. recall.Service checks again; checking here
// gives the same codes in front of any Recaller.
func CheckRequest(req recall.Request) error {
	if err := recall.Validate(req); err != nil {
		return err
	}
	if req.Limit > MaxLimit {
		return memhive.Errorf(memhive.CodeMalformedRequest, "limit %d is over %d", req.Limit, MaxLimit)
	}
	return nil
}

func checkWho(member string, audience []string, channel string) error {
	if !memhive.ValidMember(member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	if err := recall.CheckBinding(audience, channel, "", ""); err != nil { // text before presence, as on the write side
		return err
	}
	if len(memhive.NormalizeAudience(audience)) == 0 {
		return memhive.Errorf(memhive.CodeMissingAudience,
			"no audience is bound: say who is listening now (e.g. member:%s), in the launch flags or the X-Memhive-Audience header", member)
	}
	if memhive.Blank(channel) {
		return memhive.Errorf(memhive.CodeMissingChannel,
			"no channel is bound: say where this conversation happens (e.g. web:chat), in the launch flags or the X-Memhive-Channel header")
	}
	return nil
}

// CapAnswer returns a copy of ans whose Text is at most maxChars runes.
// When it had to cut, the text ends on a visible line starting with
// "[memory_capped" and Capped is true. maxChars 0 means DefaultMaxChars; a
// negative maxChars disables the cap.
func CapAnswer(ans *recall.Answer, maxChars int) *recall.Answer {
	if ans == nil {
		return nil
	}
	out := *ans
	if maxChars == 0 {
		maxChars = DefaultMaxChars
	}
	if maxChars < 0 {
		return &out
	}
	text, capped := capText(out.Text, maxChars, "ask a narrower question or a shorter time window")
	if !capped {
		return &out
	}
	out.Text = text
	out.Capped = true
	return &out
}

// capText cuts text to at most maxChars runes (maxChars > 0), ending on a
// whole line where one is near the cut, then on a visible line
// "[memory_capped: … <hint>]". It reports whether it cut.
func capText(text string, maxChars int, hint string) (string, bool) {
	if maxChars <= 0 || utf8.RuneCountInString(text) <= maxChars {
		return text, false
	}
	total := utf8.RuneCountInString(text)
	note := fmt.Sprintf("\n[memory_capped: this answer was cut to %d of %d characters; %s]", maxChars, total, hint)
	keep := max(maxChars-utf8.RuneCountInString(note), 0)
	cut := cutRunes(text, keep)
	// End on a whole line when one is near the cut.
	if i := strings.LastIndexByte(cut, '\n'); i >= 0 && i >= len(cut)*3/4 {
		cut = cut[:i]
	}
	out := cut + note
	if utf8.RuneCountInString(out) > maxChars { // maxChars smaller than the note itself
		out = cutRunes(out, maxChars)
	}
	return out, true
}

// fitJSON returns ans as JSON without its diagnostic, with items dropped
// from the end until the items' JSON is at most maxChars bytes (when
// maxChars > 0), except that an item over maxChars by itself is cut instead
// (fitCut); a dropped or cut item marks the answer capped. The text is
// capped apart, by CapAnswer.
func fitJSON(ans *recall.Answer, maxChars int) ([]byte, *recall.Answer) {
	out := *ans
	out.Diagnostic = nil
	if maxChars > 0 {
		size := func(items []recall.Item) int {
			b, _ := json.Marshal(items)
			return len(b)
		}
		cut := func(it recall.Item, fits func(recall.Item) bool) (recall.Item, bool) {
			t, ok := cutItemText(it.Text, func(t string) bool {
				c := it
				c.Text = t
				return fits(c)
			})
			it.Text = t
			return it, ok
		}
		var capped bool
		if out.Items, capped = fitCut(out.Items, maxChars, size, cut); capped {
			out.Capped = true
		}
	}
	body, _ := json.Marshal(&out)
	return body, &out
}

// fitCut returns what of list to keep so that size(kept) <= max, in list's
// order, and whether that is not all of it whole: the entries within max by
// themselves, dropped from the end until they fit; then the first entry
// over max by itself (a long note, which no cap of this size could hold
// whole) in its place, cut by cut to the room they leave (cut is told
// whether an entry fits; false: not even a short head does). Entries that
// fit whole come before the cut one, as in recall's budget. list is not
// changed.
func fitCut[T any](list []T, max int, size func([]T) int, cut func(e T, fits func(T) bool) (T, bool)) ([]T, bool) {
	if size(list) <= max {
		return list, false
	}
	var whole []int
	over := -1
	for i, e := range list {
		if size([]T{e}) <= max {
			whole = append(whole, i)
		} else if over < 0 {
			over = i
		}
	}
	// pick is the first n entries of whole, with e in its place when at >= 0
	pick := func(n, at int, e T) []T {
		out := make([]T, 0, n+1)
		placed := at < 0
		for _, i := range whole[:n] {
			if !placed && at < i {
				out, placed = append(out, e), true
			}
			out = append(out, list[i])
		}
		if !placed {
			out = append(out, e)
		}
		return out
	}
	var none T
	n := len(whole)
	for n > 0 && size(pick(n, -1, none)) > max {
		n--
	}
	if over >= 0 {
		if c, ok := cut(list[over], func(e T) bool { return size(pick(n, over, e)) <= max }); ok {
			return pick(n, over, c), true
		}
	}
	return pick(n, -1, none), true
}

// minCutChars is the fewest characters of its text an item cut to fit the
// cap shows: with less room left it is dropped.
const minCutChars = 64

// cutItemText is the longest head of text (whole characters, a letter kept
// with the marks after it) that, ended by "… [cut: N of M characters
// shown]", makes fits true, and whether one of at least minCutChars
// characters does. fits must hold for a head when it holds for a longer
// one (the JSON holding it grows with it).
func cutItemText(text string, fits func(string) bool) (string, bool) {
	rs := []rune(text)
	head := func(k int) string {
		for k > 0 && k < len(rs) && (unicode.Is(unicode.M, rs[k]) || rs[k] == '\u200d') {
			k--
		}
		h := strings.TrimRightFunc(string(rs[:k]), unicode.IsSpace)
		return h + fmt.Sprintf("… [cut: %d of %d characters shown]", utf8.RuneCountInString(h), len(rs))
	}
	if len(rs) <= minCutChars || !fits(head(minCutChars)) {
		return "", false
	}
	lo, hi := minCutChars, len(rs)-1 // lo fits; the whole text did not
	for lo < hi {
		k := (lo + hi + 1) / 2
		if fits(head(k)) {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return head(lo), true
}

func cutRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// Status is the HTTP status of an error code.
func Status(code memhive.Code) int {
	switch code {
	case memhive.CodeMalformedRequest, memhive.CodeMalformedToolCall, memhive.CodeMalformedTurn,
		memhive.CodeMissingAudience, memhive.CodeMissingChannel, memhive.CodeHalfOpenWindow,
		memhive.CodeInvalidMember, memhive.CodeQueryTooLong, memhive.CodeInvalidText, memhive.CodeFieldTooLong:
		return http.StatusBadRequest
	case memhive.CodeNotFound:
		return http.StatusNotFound
	case CodeUnauthenticated:
		return http.StatusUnauthorized
	case CodeForbiddenMember, CodeForbidden:
		return http.StatusForbidden
	case memhive.CodeMemberMismatch:
		return http.StatusConflict
	case memhive.CodeMemoryNotConfigured, memhive.CodeModelNotConfigured, remember.CodeProfileFull:
		return http.StatusUnprocessableEntity
	case memhive.CodeTextTooLarge:
		return http.StatusRequestEntityTooLarge
	case memhive.CodeOverBudget:
		return http.StatusTooManyRequests
	case memhive.CodeStoreRefused, CodeUnavailable:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}

// wireError is err as it crosses a wire: a coded error keeps its code and
// sentence; anything else becomes internal with a sentence that leaks no
// detail (the detail is logged).
func wireError(err error) *memhive.Error {
	var e *memhive.Error
	if errors.As(err, &e) {
		return e
	}
	var se *remember.StoreError
	if errors.As(err, &se) {
		return se.Coded()
	}
	return memhive.Errorf(memhive.CodeInternal, "memhive could not answer this request; the error is in its log")
}

func errorJSON(e *memhive.Error) []byte {
	b, _ := json.Marshal(memhive.ErrorBody{Error: e})
	return b
}

// jsonText is s as a JSON string, for a schema built around a constant.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func clip(s string) string {
	if len(s) > 80 {
		s = cutRunes(s, 80) + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// clipErr is a decoding error for a client: its sentence whole (up to
// 240 characters; the decoders' own sentences clip the values they quote).
func clipErr(err error) string {
	s := strings.TrimPrefix(err.Error(), "json: ")
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) { // in words, not Go's types: which argument, and what it takes
		s = memhive.TypeWords(te, "the tool call", nil)
	}
	if len(s) > 240 {
		s = cutRunes(s, 240) + "…"
	}
	return strings.ToValidUTF8(s, "?")
}
