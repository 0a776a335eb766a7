package remember

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gate"
	"github.com/memhive/memhive/recall"
)

// ProfileBound is the default bound of a member's profile, in cl100k_base
// tokens (SPEC §8), over every active line the member holds.
const ProfileBound = 1500

// DefaultSection is the section edit_profile writes when none is named.
const DefaultSection = "profile"

// DerivedSection is the nightly pass's section: its lines are recomputed
// from facts, so edit_profile neither writes into it nor removes from it.
const DerivedSection = "derived"

// CodeProfileFull refuses an edit_profile that would take the profile past
// its bound. (It belongs with the codes of package memhive; it lives here
// until it moves.)
const CodeProfileFull = memhive.CodeProfileFull

// The edit_profile operations.
const (
	OpAppend         = "append"
	OpReplaceSection = "replace_section"
	OpRemoveLine     = "remove_line"
)

// SectionPattern is what a section name is: a letter or digit (ASCII),
// then up to 31 more or "_" and "-". EditProfile matches it on the section
// trimmed of spaces, and keeps the section in lower case ("Food" is
// "food"); edit_profile's input schema says it as its "pattern" (the same
// constant), which ECMA-262 and RE2 read alike.
const SectionPattern = `^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$`

var sectionRE = regexp.MustCompile(SectionPattern)

// ProfileArgs are edit_profile's arguments.
type ProfileArgs struct {
	// Op is append, replace_section or remove_line. Required.
	Op string `json:"op"`
	// Section to edit; default "profile". "derived" is the nightly pass's.
	Section string `json:"section,omitempty"`
	// Line is the text: for append one line (several, one per text line);
	// for replace_section the section's new lines, one per text line (none:
	// the section is emptied, pinned lines aside); for remove_line the text
	// of the line to turn off (or give ID).
	Line string `json:"line,omitempty"`
	// ID of the line to remove (remove_line only), as recall shows it.
	ID string `json:"id,omitempty"`
	// Pinned lines survive every automatic rewrite and replace_section.
	Pinned bool `json:"pinned,omitempty"`
}

// ProfileLine is one line of the profile (a belief held by the member).
type ProfileLine struct {
	ID        string   `json:"id"`
	Section   string   `json:"section"`
	Statement string   `json:"statement"`
	Pinned    bool     `json:"pinned"`
	Channel   string   `json:"channel"`
	Audience  []string `json:"audience"`
	Tokens    int      `json:"tokens"`

	derived []string // source fact ids (derived lines)
	visible bool
	canon   string
}

// ProfileResult is what edit_profile changed and the profile after it.
type ProfileResult struct {
	Op      string        `json:"op"`
	Section string        `json:"section,omitempty"`
	Added   []ProfileLine `json:"added"`
	Removed []ProfileLine `json:"removed"` // turned off (active = false), not deleted
	Pinned  []ProfileLine `json:"pinned"`  // lines that were already there and are pinned now
	Tokens  int           `json:"tokens"`  // the lines shown (this audience's), after the edit
	Bound   int           `json:"bound"`
	// Profile is the active lines this audience can see, after the edit.
	Profile []ProfileLine `json:"profile"`
}

// Changed reports whether the edit wrote anything.
func (r *ProfileResult) Changed() bool {
	return len(r.Added)+len(r.Removed)+len(r.Pinned) > 0
}

// EditProfile is edit_profile (SPEC §8) over the beliefs held by
// "member:<member>":
//   - append adds a line (one row per text line) with the binding's audience
//     and channel; a line the audience already sees in the section is not
//     written twice (pinned=true pins it);
//   - replace_section turns off the section's lines this audience can see,
//     except pinned lines and lines that are also in the new text, and adds
//     the rest of the new text;
//   - remove_line turns off the visible line named by id or text (active =
//     false; nothing is deleted); a line the audience cannot see is
//     not_found, and a derived line is refused (forget or update its facts).
//
// The profile (every active line the member holds, in every section and
// audience) is bounded at the service's bound (default 1500 tokens, counted
// with recall.CountTokens); an edit past it is refused with profile_full and
// changes nothing. Edits of one member are serialised.
func (s *Service) EditProfile(ctx context.Context, w Who, a ProfileArgs) (*ProfileResult, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	if err := a.Check(); err != nil {
		return nil, err
	}
	section := strings.TrimSpace(a.Section)
	if section == "" && a.Op != OpRemoveLine {
		section = DefaultSection
	}
	if section != "" && !sectionRE.MatchString(section) {
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "section %q is not a section name: a letter or digit, then up to 31 more or _ and - (%s)", clip(a.Section), SectionPattern)
	}
	section = strings.ToLower(section) // ASCII alone, matched above
	if len(a.Line) > MaxText {
		return nil, memhive.Errorf(memhive.CodeTextTooLarge, "the line of %d bytes is over the %d-byte cap", len(a.Line), MaxText)
	}
	switch a.Op {
	case OpAppend, OpReplaceSection:
		if section == DerivedSection {
			return nil, memhive.Errorf(memhive.CodeMalformedToolCall,
				"the %q section is rewritten by the nightly pass from facts; edit another section, or memorize, update_memory or forget the facts", DerivedSection)
		}
		if a.ID != "" {
			return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "\"id\" is for remove_line only")
		}
		if a.Op == OpAppend && len(splitLines(a.Line)) == 0 {
			return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "append needs a non-empty \"line\"")
		}
	case OpRemoveLine:
		if (strings.TrimSpace(a.ID) == "") == (strings.TrimSpace(a.Line) == "") {
			return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "remove_line needs the line's \"id\" or its text in \"line\", one of them")
		}
		if err := checkID("edit_profile", strings.TrimSpace(a.ID)); err != nil {
			return nil, err
		}
		if a.Pinned {
			return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "\"pinned\" is for append and replace_section")
		}
	default:
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "op %q is not append, replace_section or remove_line", clip(a.Op))
	}
	g := s.gate(w)
	res := &ProfileResult{Op: a.Op, Section: section, Added: []ProfileLine{}, Removed: []ProfileLine{}, Pinned: []ProfileLine{}, Bound: s.profileBound}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('memhive:profile:' || $1, 0))`, w.Member); err != nil {
			return fmt.Errorf("lock profile: %w", err)
		}
		lines, err := loadProfile(ctx, tx, w, g, s.rule)
		if err != nil {
			return err
		}
		total := 0
		for _, l := range lines {
			total += l.Tokens
		}
		var add []ProfileLine
		var off, pin []ProfileLine
		switch a.Op {
		case OpAppend:
			add, pin = plan(lines, section, splitLines(a.Line), a.Pinned)
		case OpReplaceSection:
			add, pin = plan(lines, section, splitLines(a.Line), a.Pinned)
			keep := map[string]bool{}
			for _, l := range splitLines(a.Line) {
				keep[memhive.Canon(l)] = true
			}
			for _, l := range lines {
				if l.visible && l.Section == section && !l.Pinned && !keep[l.canon] {
					off = append(off, l)
				}
			}
		case OpRemoveLine:
			off, err = toRemove(lines, section, a)
			if err != nil {
				return err
			}
		}
		after := total
		for _, l := range off {
			after -= l.Tokens
		}
		for i := range add {
			n, err := recall.CountTokens(add[i].Statement)
			if err != nil {
				return err
			}
			add[i].Tokens, add[i].Channel, add[i].Audience = n, strings.TrimSpace(w.Channel), w.audience()
			after += n
		}
		if len(add) > 0 && after > s.profileBound {
			// Neither total is said: lines this audience cannot see count
			// toward the bound, and their size is not this audience's to learn.
			added := 0
			for i := range add {
				added += add[i].Tokens
			}
			return memhive.Errorf(CodeProfileFull,
				"the new lines (%d tokens) would take the profile over its bound of %d tokens; nothing was changed: remove a line (remove_line) or replace a section (replace_section) to make room",
				added, s.profileBound)
		}
		for _, l := range off {
			if _, err := tx.Exec(ctx, `UPDATE beliefs SET active = false, updated_at = clock_timestamp()
				WHERE member_id = $1 AND id = $2 AND active`, w.Member, l.ID); err != nil {
				return fmt.Errorf("turn profile line off: %w", err)
			}
		}
		for _, l := range pin {
			if _, err := tx.Exec(ctx, `UPDATE beliefs SET pinned = true, updated_at = clock_timestamp()
				WHERE member_id = $1 AND id = $2`, w.Member, l.ID); err != nil {
				return fmt.Errorf("pin profile line: %w", err)
			}
		}
		for i := range add {
			l := &add[i]
			l.ID = ulid.Make().String()
			if _, err := tx.Exec(ctx, `INSERT INTO beliefs (member_id, id, holder, statement, section, pinned, channel, audience, tokens)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
				w.Member, l.ID, holder(w.Member), l.Statement, l.Section, l.Pinned, l.Channel, l.Audience, l.Tokens); err != nil {
				return fmt.Errorf("add profile line: %w", err)
			}
		}
		if len(add) > 0 || len(off) > 0 {
			lines, err = loadProfile(ctx, tx, w, g, s.rule)
			if err != nil {
				return err
			}
		}
		res.Tokens = 0
		res.Profile = []ProfileLine{}
		for _, l := range lines {
			if l.visible { // the size of lines this audience cannot see is not told
				res.Tokens += l.Tokens
				res.Profile = append(res.Profile, l)
			}
		}
		res.Added = append(res.Added, add...)
		res.Removed = append(res.Removed, off...)
		for _, l := range pin {
			l.Pinned = true
			res.Pinned = append(res.Pinned, l)
		}
		for i := range res.Profile {
			for _, p := range pin {
				if res.Profile[i].ID == p.ID {
					res.Profile[i].Pinned = true
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, storeOr(err)
	}
	return res, nil
}

func holder(member string) string { return "member:" + member }

// checkBound refuses adding statement to the member's profile when it would
// pass bound; it takes the profile lock for the rest of tx.
func checkBound(ctx context.Context, tx pgx.Tx, w Who, statement string, bound int) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('memhive:profile:' || $1, 0))`, w.Member); err != nil {
		return fmt.Errorf("lock profile: %w", err)
	}
	lines, err := loadProfile(ctx, tx, w, gate.New(w.Audience, w.Channel, nil), facts.Rule{}) // the whole profile counts, seen or not
	if err != nil {
		return err
	}
	total := 0
	for _, l := range lines {
		total += l.Tokens
	}
	n, err := recall.CountTokens(statement)
	if err != nil {
		return err
	}
	if total+n > bound {
		return memhive.Errorf(CodeProfileFull,
			"a pinned line of %d tokens would take the profile over its bound of %d tokens; nothing was stored: memorize without pinned, or make room with edit_profile",
			n, bound)
	}
	return nil
}

// plan says which of the new text lines to add to section and which
// existing lines to pin: a text line the audience already sees there is
// not added again.
func plan(lines []ProfileLine, section string, text []string, pinned bool) (add, pin []ProfileLine) {
	seen := map[string]bool{}
	for _, t := range text {
		c := memhive.Canon(t)
		if seen[c] {
			continue
		}
		seen[c] = true
		var have *ProfileLine
		for i := range lines {
			if lines[i].visible && lines[i].Section == section && lines[i].canon == c {
				have = &lines[i]
				break
			}
		}
		if have != nil {
			if pinned && !have.Pinned {
				pin = append(pin, *have)
			}
			continue
		}
		add = append(add, ProfileLine{Section: section, Statement: t, Pinned: pinned, canon: c, visible: true})
	}
	return add, pin
}

// toRemove finds the visible lines remove_line names.
func toRemove(lines []ProfileLine, section string, a ProfileArgs) ([]ProfileLine, error) {
	id := strings.TrimSpace(a.ID)
	canon := memhive.Canon(a.Line)
	var match, derived []ProfileLine
	for _, l := range lines {
		if !l.visible || (section != "" && l.Section != section) {
			continue
		}
		if (id != "" && l.ID == id) || (id == "" && l.canon == canon) {
			if l.Section == DerivedSection {
				derived = append(derived, l)
			} else {
				match = append(match, l)
			}
		}
	}
	if len(match) > 0 {
		return match, nil
	}
	if len(derived) > 0 {
		var src []string
		for _, d := range derived {
			src = append(src, d.derived...)
		}
		slices.Sort(src)
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall,
			"%q is derived by the nightly pass from the facts %s and would come back; forget or update those facts instead",
			clip(derived[0].Statement), strings.Join(slices.Compact(src), ", "))
	}
	what := "id " + clip(id)
	if id == "" {
		what = fmt.Sprintf("text %q", clip(strings.TrimSpace(a.Line)))
	}
	return nil, memhive.Errorf(memhive.CodeNotFound, "no active profile line with %s is visible in this conversation", what)
}

// loadProfile reads every active line the member holds, marking the ones
// the binding's gate shows (package gate's predicate, in SQL), ordered by
// section, pinned first, then age.
func loadProfile(ctx context.Context, tx pgx.Tx, w Who, g gate.Gate, rule facts.Rule) ([]ProfileLine, error) {
	pred, args := g.Where(gate.Beliefs, "b", []any{w.Member, holder(w.Member)})
	rows, err := tx.Query(ctx, `SELECT b.id, b.section, b.statement, b.pinned, b.channel, b.audience, b.source_fact_ids, `+pred+`
		FROM beliefs b WHERE b.member_id = $1 AND b.holder = $2 AND b.active
		ORDER BY b.section, b.pinned DESC, b.created_at, b.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	var out []ProfileLine
	var l ProfileLine
	_, err = pgx.ForEachRow(rows, []any{&l.ID, &l.Section, &l.Statement, &l.Pinned, &l.Channel, &l.Audience, &l.derived, &l.visible}, func() error {
		n, err := recall.CountTokens(l.Statement)
		if err != nil {
			return err
		}
		l.Tokens, l.canon = n, memhive.Canon(l.Statement)
		if l.Audience == nil {
			l.Audience = []string{}
		}
		out = append(out, l)
		l.Audience, l.derived = nil, nil
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	return out, derivedInForce(ctx, tx, w, g, out, rule)
}

// derivedInForce applies the rule for the fact in force (facts.Rule, the
// one recall's tiers use) to the derived lines: a derived line is visible
// only when one of its facts is in force now for the binding's audience,
// so a reader who also sees a newer version (said to another audience, or
// not yet closed by the nightly pass) does not see the older line.
func derivedInForce(ctx context.Context, tx pgx.Tx, w Who, g gate.Gate, lines []ProfileLine, rule facts.Rule) error {
	has := false
	for _, l := range lines {
		has = has || (l.visible && l.Section == DerivedSection)
	}
	if !has {
		return nil
	}
	axes, err := facts.LoadAxes(ctx, tx, w.Member)
	if err != nil {
		return err
	}
	rows, err := facts.Versions(ctx, tx, w.Member, holder(w.Member), &g)
	if err != nil {
		return err
	}
	in, _ := facts.InForce(rows, axes, rule, time.Now(), nil)
	for i := range lines {
		l := &lines[i]
		if !l.visible || l.Section != DerivedSection {
			continue
		}
		l.visible = false
		for _, id := range l.derived {
			l.visible = l.visible || in[id]
		}
	}
	return nil
}

// splitLines is the non-blank lines of s, trimmed.
func splitLines(s string) []string {
	var out []string
	for l := range strings.Lines(s) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
