package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/remember"
)

// Keeper serves the memory-management tools of SPEC §8; *remember.Service
// is one. Every method takes the caller's binding (remember.Who) apart from
// the tool's arguments.
type Keeper interface {
	UpdateMemory(ctx context.Context, w remember.Who, a remember.UpdateArgs) (*remember.UpdateResult, error)
	Forget(ctx context.Context, w remember.Who, a remember.ForgetArgs) (*remember.ForgetResult, error)
	ListMemories(ctx context.Context, w remember.Who, a remember.ListArgs) (*remember.ListResult, error)
	ReviewMemories(ctx context.Context, w remember.Who) (*facts.ReviewReport, error)
	EditProfile(ctx context.Context, w remember.Who, a remember.ProfileArgs) (*remember.ProfileResult, error)
}

// The memory-management tools' names: MCP tool names, the last segment of
// their HTTP route and of their NATS subject.
const (
	UpdateTool  = "update_memory"
	ForgetTool  = "forget"
	ListTool    = "list_memories"
	ReviewTool  = "review_memories"
	ProfileTool = "edit_profile"
)

// MemoryTools are the memory-management tools, in the order they are
// declared.
var MemoryTools = []string{ListTool, ReviewTool, UpdateTool, ForgetTool, ProfileTool}

// UpdateSchema is update_memory's input schema.
var UpdateSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "id": {"type": "string", "minLength": 1, "description": "The id of the memory to correct: the bracketed id that starts its line in list_memories (memory_recall's text shows no ids: call list_memories to find it)."},
    "claim": {"type": "string", "minLength": 1, "description": "What is true now, e.g. \"Lisbon\"."},
    "valid_from": {"type": "string", "description": "When it became true: RFC 3339 with a zone, or a date (its start); default now; not after now (a change to come is a plan: memorize it)."}
  },
  "required": ["id", "claim"],
  "additionalProperties": false
}`)

// ForgetSchema is forget's input schema.
var ForgetSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "id": {"type": "string", "minLength": 1, "description": "The id of the memory to forget: the bracketed id that starts its line in list_memories (memory_recall's text shows no ids: call list_memories to find it)."},
    "reason": {"type": "string", "description": "Why, in a few words (kept with the retraction)."}
  },
  "required": ["id"],
  "additionalProperties": false
}`)

// ListSchema is list_memories' input schema.
var ListSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "subject": {"type": "string", "description": "Only memories about this subject, e.g. \"member:alice\"."},
    "kind": {"type": "string", "enum": ["world", "experience", "foresight"], "description": "Only this kind of memory."},
    "channel": {"type": "string", "description": "Only memories learned on this channel, e.g. \"telegram:dm\"."},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many at most (default 50)."}
  },
  "additionalProperties": false
}`)

// ReviewSchema is review_memories' input schema: no arguments.
var ReviewSchema = json.RawMessage(`{"type": "object", "properties": {}, "additionalProperties": false}`)

// ProfileSchema is edit_profile's input schema. append needs a line and
// remove_line an id or a line, which are said in words (in op's and line's
// descriptions), not in an if/then or anyOf that hosts mishandle (see the
// comment above RecallSchema). A section is remember.SectionPattern, said
// as its "pattern".
var ProfileSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "op": {"type": "string", "enum": ["append", "replace_section", "remove_line"], "description": "append a line, replace a section's lines, or remove a line. append needs line; remove_line needs id or line."},
    "section": {"type": "string", "pattern": ` + jsonText(remember.SectionPattern) + `, "description": "The profile section (default \"profile\"): a letter or digit, then up to 31 more or _ and -, kept in lower case; \"derived\" is written from facts and cannot be edited."},
    "line": {"type": "string", "description": "append needs line: the line to add. replace_section: the section's new lines, one per text line (pinned lines stay); left out, the section is emptied. remove_line: the text of the line to remove, or give id."},
    "id": {"type": "string", "description": "remove_line: the id of the line to remove, instead of its text (one of the two is needed)."},
    "pinned": {"type": "boolean", "description": "Keep the new lines through every automatic rewrite and replace_section."}
  },
  "required": ["op"],
  "additionalProperties": false
}`)

// memoryTool is one memory-management tool: declared once, served the same
// way on MCP, HTTP and NATS.
type memoryTool struct {
	name, title, description string
	schema                   json.RawMessage
	usage                    string // the argument shape, for malformed_tool_call
	read                     bool   // a read: gated by the tier, like memory_recall
	idempotent, destructive  bool
	created                  bool // HTTP answers 201
	run                      func(ctx context.Context, k Keeper, w remember.Who, args json.RawMessage, usage string) (any, string, error)
}

var memoryTools = map[string]*memoryTool{
	UpdateTool: {name: UpdateTool, title: "Correct a memory", destructive: true, created: true,
		description: "Correct a memory: store what is true now as a new version of the memory with this id " +
			"(the old version is kept as history and shown as what it replaced). Only memories the people in " +
			"this conversation could have heard can be corrected; the correction is visible to them.",
		schema: UpdateSchema, usage: `{"id": string, "claim": string, "valid_from"?: RFC 3339 or a date}`,
		run: func(ctx context.Context, k Keeper, w remember.Who, args json.RawMessage, usage string) (any, string, error) {
			var a remember.UpdateArgs
			if err := decodeArgs(UpdateTool, usage, args, &a); err != nil {
				return nil, "", err
			}
			if err := a.Check(); err != nil { // its text before what it means, as memorize's
				return nil, "", err
			}
			if strings.TrimSpace(a.ID) == "" || strings.TrimSpace(a.Claim) == "" {
				return nil, "", memhive.Errorf(memhive.CodeMalformedToolCall, "update_memory needs a non-empty \"id\" and \"claim\"")
			}
			if err := checkWho(w.Member, w.Audience, w.Channel); err != nil {
				return nil, "", err
			}
			res, err := k.UpdateMemory(ctx, w, a)
			if err != nil {
				return nil, "", err
			}
			return res, updateText(res), nil
		}},
	ForgetTool: {name: ForgetTool, title: "Forget a memory", destructive: true, idempotent: true,
		description: "Forget the memory with this id: it no longer shows in recall (it is retracted, not deleted). " +
			"Only memories the people in this conversation could have heard can be forgotten.",
		schema: ForgetSchema, usage: `{"id": string, "reason"?: string}`,
		run: func(ctx context.Context, k Keeper, w remember.Who, args json.RawMessage, usage string) (any, string, error) {
			var a remember.ForgetArgs
			if err := decodeArgs(ForgetTool, usage, args, &a); err != nil {
				return nil, "", err
			}
			if err := a.Check(); err != nil { // its text before what it means, as memorize's
				return nil, "", err
			}
			if strings.TrimSpace(a.ID) == "" {
				return nil, "", memhive.Errorf(memhive.CodeMalformedToolCall, "forget needs a non-empty \"id\"")
			}
			if err := checkWho(w.Member, w.Audience, w.Channel); err != nil {
				return nil, "", err
			}
			res, err := k.Forget(ctx, w, a)
			if err != nil {
				return nil, "", err
			}
			return res, forgetText(res), nil
		}},
	ListTool: {name: ListTool, title: "List memories", read: true,
		description: "List the facts in the member's memory that are in force, limited to what the people in this " +
			"conversation could have heard; filter by subject, kind or channel. Each line starts with the id " +
			"update_memory and forget take.",
		schema: ListSchema, usage: `{"subject"?: string, "kind"?: "world"|"experience"|"foresight", "channel"?: string, "limit"?: 1..100}`,
		run: func(ctx context.Context, k Keeper, w remember.Who, args json.RawMessage, usage string) (any, string, error) {
			var a remember.ListArgs
			if err := decodeArgs(ListTool, usage, args, &a); err != nil {
				return nil, "", err
			}
			if err := a.Check(); err != nil { // its filters' text before what they mean, as a write's
				return nil, "", err
			}
			if a.Limit < 0 || a.Limit > remember.MaxList {
				return nil, "", memhive.Errorf(memhive.CodeMalformedToolCall, "limit %d is outside 1..%d", a.Limit, remember.MaxList)
			}
			if err := checkWho(w.Member, w.Audience, w.Channel); err != nil {
				return nil, "", err
			}
			res, err := k.ListMemories(ctx, w, a)
			if err != nil {
				return nil, "", err
			}
			return res, listText(res), nil
		}},
	ReviewTool: {name: ReviewTool, title: "Review memories", read: true,
		description: "Review the member's memory for contradictions (two claims in force where only one can be), " +
			"duplicates and stale facts (past plans, old unconfirmed facts), limited to what the people in this " +
			"conversation could have heard. Fix them with update_memory or forget.",
		schema: ReviewSchema, usage: `{} (no arguments)`,
		run: func(ctx context.Context, k Keeper, w remember.Who, args json.RawMessage, usage string) (any, string, error) {
			var a struct{}
			if err := decodeArgs(ReviewTool, usage, args, &a); err != nil {
				return nil, "", err
			}
			if err := checkWho(w.Member, w.Audience, w.Channel); err != nil {
				return nil, "", err
			}
			res, err := k.ReviewMemories(ctx, w)
			if err != nil {
				return nil, "", err
			}
			return res, reviewText(res), nil
		}},
	ProfileTool: {name: ProfileTool, title: "Edit the profile", destructive: true,
		description: "Edit the member's standing profile: append a line, replace a section's lines, or remove a line. " +
			"Pinned lines survive every automatic rewrite. New lines are visible to the people in this conversation. " +
			"The profile is bounded (1500 tokens by default); an edit past the bound is refused.",
		schema: ProfileSchema, usage: `{"op": "append"|"replace_section"|"remove_line", "section"?: string, "line"?: string, "id"?: string, "pinned"?: bool}`,
		run: func(ctx context.Context, k Keeper, w remember.Who, args json.RawMessage, usage string) (any, string, error) {
			var a remember.ProfileArgs
			if err := decodeArgs(ProfileTool, usage, args, &a); err != nil {
				return nil, "", err
			}
			if err := a.Check(); err != nil { // its text before what it means, as memorize's
				return nil, "", err
			}
			if a.Op != remember.OpAppend && a.Op != remember.OpReplaceSection && a.Op != remember.OpRemoveLine {
				return nil, "", memhive.Errorf(memhive.CodeMalformedToolCall, "edit_profile needs \"op\": append, replace_section or remove_line")
			}
			if err := checkWho(w.Member, w.Audience, w.Channel); err != nil {
				return nil, "", err
			}
			res, err := k.EditProfile(ctx, w, a)
			if err != nil {
				return nil, "", err
			}
			return res, profileText(res), nil
		}},
}

func decodeArgs(tool, usage string, args json.RawMessage, v any) error {
	if err := decodeStrict(args, v); err != nil {
		return decodeRefusal(err, memhive.CodeMalformedToolCall, tool+" takes "+usage+" only")
	}
	return nil
}

// who is the binding as the memory tools take it.
func (b Binding) who() remember.Who {
	return remember.Who{Member: b.Member, Audience: b.Audience, Channel: b.Channel, Asker: b.Asker, Assistant: b.Assistant}
}

// CallMemoryTool runs the memory-management tool name for this binding:
// the one path of every surface. Checks, in order: a read tool
// (list_memories, review_memories) without a tier → memory_not_configured;
// arguments (strict: an unknown one, "audience" included, is refused) →
// malformed_tool_call, an argument that is no text (a write tool's or a
// list_memories filter, as memorize's: remember's Check) → invalid_text,
// a filter over its field's cap → field_too_long; member, audience, channel → invalid_member,
// missing_audience, missing_channel. It returns the result and its
// model-facing text.
func (b Binding) CallMemoryTool(ctx context.Context, k Keeper, name string, args json.RawMessage) (any, string, error) {
	t, ok := memoryTools[name]
	if !ok {
		return nil, "", memhive.Errorf(memhive.CodeNotFound, "no memory tool named %q", clip(name))
	}
	if k == nil {
		return nil, "", memhive.Errorf(memhive.CodeNotFound, "%s is not served by this process", name)
	}
	if t.read && strings.TrimSpace(b.Tier) == "" {
		return nil, "", notConfiguredFor(b, name)
	}
	return t.run(ctx, k, b.who(), args, t.usage)
}

func notConfiguredFor(b Binding, tool string) *memhive.Error {
	if b.Assistant != "" {
		return memhive.Errorf(memhive.CodeMemoryNotConfigured,
			"memory is not configured for assistant %q: its template sets no memory tier, so %s cannot read the memory", b.Assistant, tool)
	}
	return memhive.Errorf(memhive.CodeMemoryNotConfigured,
		"memory is not configured for this caller: no memory tier is set, so %s cannot read the memory", tool)
}

func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// factLine is one fact as list_memories and review_memories show it.
func factLine(r *facts.Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "- [%s] %s %s %s (%s, since %s", r.ID, r.Subject, strings.ReplaceAll(r.Predicate, "_", " "), r.Claim, r.Kind, day(r.ValidFrom))
	if r.ValidUntil != nil {
		fmt.Fprintf(&b, " until %s", day(*r.ValidUntil))
	}
	fmt.Fprintf(&b, ", %s", r.Channel)
	if r.Speaker != "" {
		fmt.Fprintf(&b, ", said by %s", r.Speaker)
	}
	b.WriteString(")")
	return clipLine(memhive.OneLine(b.String()))
}

// clipLine cuts a memory's line to maxLine characters, so that one long
// claim cannot take the whole text's cap from the lines after it (the
// structured result has the claim whole, within its own cap).
func clipLine(l string) string {
	if r := []rune(l); len(r) > maxLine {
		return string(r[:maxLine]) + "… [cut]"
	}
	return l
}

const maxLine = 600

func updateText(res *remember.UpdateResult) string {
	return fmt.Sprintf("Updated: %s %s is now %q (was %q) since %s; version %s replaces %s.",
		res.Subject, strings.ReplaceAll(res.Predicate, "_", " "), res.Claim, res.Previous,
		res.ValidFrom.Format(time.RFC3339), res.ID, res.Replaced)
}

func forgetText(res *remember.ForgetResult) string {
	verb := "Forgotten"
	if !res.Forgotten {
		verb = "Already forgotten"
	}
	return fmt.Sprintf("%s: %s %s %s (%s); it no longer shows in recall.", verb,
		res.Subject, strings.ReplaceAll(res.Predicate, "_", " "), res.Claim, res.ID)
}

func listText(res *remember.ListResult) string {
	if len(res.Memories) == 0 {
		return "No memories match (among those the people in this conversation could have heard)."
	}
	lines := make([]string, 0, len(res.Memories)+2)
	lines = append(lines, fmt.Sprintf("MEMORIES (%d)", res.Count))
	for i := range res.Memories {
		lines = append(lines, factLine(&res.Memories[i]))
	}
	if res.More {
		lines = append(lines, "[more match: narrow the filter or raise the limit]")
	}
	return strings.Join(lines, "\n")
}

func reviewText(rep *facts.ReviewReport) string {
	if len(rep.Contradictions)+len(rep.Duplicates)+len(rep.Stale) == 0 {
		return "Nothing to review: no contradictions, duplicates or stale facts."
	}
	var lines []string
	if len(rep.Contradictions) > 0 {
		lines = append(lines, fmt.Sprintf("CONTRADICTIONS (%d): one of these is wrong, or each was said to different people", len(rep.Contradictions)))
		for _, g := range rep.Contradictions {
			lines = append(lines, fmt.Sprintf("%s %s:", g.Subject, strings.ReplaceAll(g.Predicate, "_", " ")))
			for i := range g.Facts {
				lines = append(lines, "  "+factLine(&g.Facts[i]))
			}
		}
	}
	if len(rep.Duplicates) > 0 {
		lines = append(lines, fmt.Sprintf("DUPLICATES (%d)", len(rep.Duplicates)))
		for _, g := range rep.Duplicates {
			lines = append(lines, fmt.Sprintf("%s %s %s:", g.Subject, strings.ReplaceAll(g.Predicate, "_", " "), g.Claim))
			for i := range g.Facts {
				lines = append(lines, "  "+factLine(&g.Facts[i]))
			}
		}
	}
	if len(rep.Stale) > 0 {
		lines = append(lines, fmt.Sprintf("STALE (%d)", len(rep.Stale)))
		for i := range rep.Stale {
			lines = append(lines, factLine(&rep.Stale[i].Fact)+" "+rep.Stale[i].Reason)
		}
	}
	return strings.Join(lines, "\n")
}

func profileText(res *remember.ProfileResult) string {
	var head string
	switch {
	case !res.Changed():
		head = "The profile already says that; nothing was changed."
	default:
		head = fmt.Sprintf("Profile edited: %d added, %d removed, %d pinned.", len(res.Added), len(res.Removed), len(res.Pinned))
	}
	lines := []string{head + fmt.Sprintf(" The lines shown hold %d tokens; the profile's bound is %d.", res.Tokens, res.Bound), "PROFILE"}
	section := ""
	for _, l := range res.Profile {
		if l.Section != section {
			section = l.Section
			lines = append(lines, "["+section+"]")
		}
		pin := ""
		if l.Pinned {
			pin = " (pinned)"
		}
		lines = append(lines, clipLine(memhive.OneLine(fmt.Sprintf("- [%s] %s%s", l.ID, l.Statement, pin))))
	}
	return strings.Join(lines, "\n")
}

// fitMemoryJSON returns v as JSON for MCP's structuredContent, with list
// and review entries dropped from the end until it is at most maxChars
// bytes (when maxChars > 0); a drop sets "capped". A list entry over
// maxChars by itself (a long note) is cut instead (fitCut: its claim, and
// claim_canon the cut claim's canonical form), which also sets "capped".
func fitMemoryJSON(v any, maxChars int) json.RawMessage {
	body, _ := json.Marshal(v)
	if maxChars <= 0 || len(body) <= maxChars {
		return body
	}
	switch r := v.(type) {
	case *remember.ListResult:
		out := *r
		out.Capped = true
		size := func(rows []facts.Row) int {
			o := out
			o.Memories = rows
			b, _ := json.Marshal(&o)
			return len(b)
		}
		cut := func(row facts.Row, fits func(facts.Row) bool) (facts.Row, bool) {
			c, ok := cutItemText(row.Claim, func(c string) bool {
				x := row
				x.Claim, x.ClaimCanon = c, memhive.Canon(c)
				return fits(x)
			})
			row.Claim, row.ClaimCanon = c, memhive.Canon(c)
			return row, ok
		}
		out.Memories, _ = fitCut(r.Memories, maxChars, size, cut)
		out.More = r.More || len(out.Memories) < len(r.Memories) // what was dropped still matches
		body, _ = json.Marshal(&out)
	case *facts.ReviewReport:
		out := struct {
			*facts.ReviewReport
			Capped bool `json:"capped"`
		}{&facts.ReviewReport{Contradictions: r.Contradictions, Duplicates: r.Duplicates, Stale: r.Stale}, true}
		for len(body) > maxChars {
			c, d, s := len(out.Contradictions), len(out.Duplicates), len(out.Stale)
			switch {
			case s > 0 && s >= d && s >= c:
				out.Stale = out.Stale[:s-1]
			case d > 0 && d >= c:
				out.Duplicates = out.Duplicates[:d-1]
			case c > 0:
				out.Contradictions = out.Contradictions[:c-1]
			}
			body, _ = json.Marshal(&out)
			if c+d+s == 0 {
				break
			}
		}
	}
	return body
}

// memoryStatus is the HTTP status of a tool's success.
func memoryStatus(name string) int {
	if t := memoryTools[name]; t != nil && t.created {
		return http.StatusCreated
	}
	return http.StatusOK
}
