package inspector

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gate"
)

// viewAs is the audience and channel an operator chose to see a list as
// ("as" and "on" in the query): the gate every list then applies. Zero: the
// operator's own view, every row.
type viewAs struct {
	Audience []string
	Channel  string
	gate     *gate.Gate
}

// AudienceText is the audience as the form shows it.
func (v viewAs) AudienceText() string { return strings.Join(v.Audience, ",") }

// On reports whether a gate applies.
func (v viewAs) On() bool { return v.gate != nil }

// readViewAs reads "as" and "on": both or neither.
func (in *Inspector) readViewAs(r *http.Request) (viewAs, error) {
	aud := memhive.NormalizeAudience(splitList(r.FormValue("as")))
	ch := strings.TrimSpace(r.FormValue("on"))
	v := viewAs{Audience: aud, Channel: ch}
	switch {
	case len(aud) == 0 && ch == "":
		return v, nil
	case len(aud) == 0:
		return v, memhive.Errorf(memhive.CodeMissingAudience, "to view as someone, give the audience listening (as) as well as the channel")
	case ch == "":
		return v, memhive.Errorf(memhive.CodeMissingChannel, "to view as an audience, give the channel it reads on (on) too: the gate depends on it")
	}
	g := gate.New(aud, ch, in.cfg.OpenHistory)
	v.gate = &g
	return v, nil
}

// where appends the view's gate (if any) for a row aliased a.
func (v viewAs) where(t gate.Table, a string, sql string, args []any) (string, []any) {
	if v.gate == nil {
		return sql, args
	}
	p, args := v.gate.Where(t, a, args)
	return sql + " AND " + p, args
}

type episodeRow struct {
	ID, Session, Channel, Role, Speaker, Content string
	Ref                                          *string
	Audience                                     []string
	HappenedAt, RecordedAt                       time.Time
}

type timelineData struct {
	View                                viewAs
	Session, Channel, Speaker, Aud, IDs string
	Rows                                []episodeRow
	Sessions                            []sessionRow
	Speakers, Channels, Audiences       []string
	Offset, Next, Prev                  int
	More                                bool
	Error                               string
}

type sessionRow struct {
	Session, Channel string
	Participants     []string
	StartedAt        time.Time
	LastAt           time.Time
	ClosedAt         *time.Time
	CloseReason      *string
}

const pageRows = 100

func (in *Inspector) timeline(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx, member := r.Context(), r.PathValue("member")
	d := timelineData{Session: r.FormValue("session"), Channel: r.FormValue("channel"), Speaker: r.FormValue("speaker"),
		Aud: strings.TrimSpace(r.FormValue("aud")), IDs: r.FormValue("ids")}
	d.Offset, _ = strconv.Atoi(r.FormValue("offset"))
	d.Offset = max(d.Offset, 0)
	var err error
	d.View, err = in.readViewAs(r)
	if err != nil {
		d.Error = err.Error()
	}
	ids := splitList(d.IDs)
	q := `/* ui:timeline */ SELECT e.id, e.session_id, e.channel, e.role, e.speaker, e.content, e.ref, e.audience, e.happened_at, e.recorded_at
		FROM episodes e WHERE e.member_id = $1 AND ($2 = '' OR e.session_id = $2) AND ($3 = '' OR e.channel = $3)
		AND ($4 = '' OR e.speaker = $4) AND ($5 = '' OR $5 = ANY(e.audience)) AND (cardinality($6::text[]) = 0 OR e.id = ANY($6::text[]))`
	args := []any{member, d.Session, d.Channel, d.Speaker, d.Aud, nonNil(ids)}
	if d.Error == "" {
		q, args = d.View.where(gate.Episodes, "e", q, args)
		q += fmt.Sprintf(" ORDER BY e.happened_at DESC, e.id DESC LIMIT %d OFFSET %d", pageRows+1, d.Offset)
		rows, err := in.cfg.Pool.Query(ctx, q, args...)
		if err != nil {
			in.fail(w, r, a, err)
			return
		}
		d.Rows, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (episodeRow, error) {
			var e episodeRow
			return e, row.Scan(&e.ID, &e.Session, &e.Channel, &e.Role, &e.Speaker, &e.Content, &e.Ref, &e.Audience, &e.HappenedAt, &e.RecordedAt)
		})
		if err != nil {
			in.fail(w, r, a, err)
			return
		}
		if len(d.Rows) > pageRows {
			d.Rows, d.More = d.Rows[:pageRows], true
		}
	}
	d.Next, d.Prev = d.Offset+pageRows, max(d.Offset-pageRows, 0)
	if err := in.timelineChoices(ctx, member, &d); err != nil {
		in.fail(w, r, a, err)
		return
	}
	in.render(w, http.StatusOK, "timeline", page{Title: member + ": timeline", Member: member, Section: "timeline", CSRF: a.csrf, Data: d})
}

// timelineChoices fills the filters' choices: sessions, speakers,
// channels and audience entries of the member.
func (in *Inspector) timelineChoices(ctx context.Context, member string, d *timelineData) error {
	rows, err := in.cfg.Pool.Query(ctx, `/* ui:sessions */ SELECT session_id, channel, participants, started_at, last_at, closed_at, close_reason
		FROM sessions WHERE member_id = $1 ORDER BY last_at DESC LIMIT 200`, member)
	if err != nil {
		return err
	}
	if d.Sessions, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (sessionRow, error) {
		var s sessionRow
		return s, row.Scan(&s.Session, &s.Channel, &s.Participants, &s.StartedAt, &s.LastAt, &s.ClosedAt, &s.CloseReason)
	}); err != nil {
		return err
	}
	list := func(q string) ([]string, error) {
		rows, err := in.cfg.Pool.Query(ctx, q, member)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if d.Speakers, err = list(`/* ui:speakers */ SELECT DISTINCT speaker FROM episodes WHERE member_id = $1 ORDER BY 1 LIMIT 100`); err != nil {
		return err
	}
	if d.Channels, err = list(`/* ui:channels */ SELECT DISTINCT channel FROM episodes WHERE member_id = $1 ORDER BY 1 LIMIT 100`); err != nil {
		return err
	}
	d.Audiences, err = in.audienceEntries(ctx, member)
	return err
}

// audienceEntries are the distinct audience entries of the member's episodes.
func (in *Inspector) audienceEntries(ctx context.Context, member string) ([]string, error) {
	rows, err := in.cfg.Pool.Query(ctx, `/* ui:audiences */ SELECT DISTINCT a FROM episodes e, unnest(e.audience) AS a
		WHERE e.member_id = $1 ORDER BY 1 LIMIT 100`, member)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// whoTables maps the kinds "who can see this" explains to their tables.
var whoTables = map[string]string{"episode": "episodes", "fact": "facts", "belief": "beliefs"}

type whoAnswer struct {
	Audience []string
	Channel  string
	Rule     string
	Visible  bool
	Why      string
}

type whoData struct {
	Kind, ID, Text, Channel string
	Audience                []string
	View                    viewAs
	Answers                 []whoAnswer
	Error                   string
}

// ruleWhy says each gate rule in a sentence.
var ruleWhy = map[string]string{
	gate.RuleEmptyAudience: "hidden: the row has no readable audience",
	gate.RulePublic:        "shown: the row is public (*)",
	gate.RuleSubset:        "shown: everyone listening now was present then",
	gate.RuleOpenHistory:   "shown: this channel is configured open_history and the row is from it",
	gate.RuleHidden:        "hidden: someone listening now was not present then",
}

// who is "who can see this": the gate's rule for one row per audience
// asked — each entry of the row's audience alone, the row's audience whole,
// every other audience entry of the member alone, and the operator's own
// (as, on) — on the row's channel (and the operator's).
func (in *Inspector) who(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx, member := r.Context(), r.PathValue("member")
	d := whoData{Kind: r.FormValue("kind"), ID: r.FormValue("id")}
	table, ok := whoTables[d.Kind]
	if !ok {
		in.fail(w, r, a, memhive.Errorf(memhive.CodeMalformedRequest, "kind %q is not episode, fact or belief", clip(d.Kind)))
		return
	}
	text := map[string]string{"episodes": "content", "facts": "subject || ' ' || predicate || ' ' || claim", "beliefs": "statement"}[table]
	err := in.cfg.Pool.QueryRow(ctx, `/* ui:who */ SELECT `+text+`, channel, audience FROM `+table+` WHERE member_id = $1 AND id = $2`,
		member, d.ID).Scan(&d.Text, &d.Channel, &d.Audience)
	if err == pgx.ErrNoRows {
		in.fail(w, r, a, memhive.Errorf(memhive.CodeNotFound, "member %s has no %s %q", member, d.Kind, clip(d.ID)))
		return
	}
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.View, err = in.readViewAs(r); err != nil {
		d.Error = err.Error()
	}
	others, err := in.audienceEntries(ctx, member)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	type ask struct {
		aud []string
		ch  string
	}
	var asks []ask
	seen := map[string]bool{}
	add := func(aud []string, ch string) {
		aud = memhive.NormalizeAudience(aud)
		k := strings.Join(aud, ",") + "|" + ch
		if len(aud) == 0 || seen[k] {
			return
		}
		seen[k] = true
		asks = append(asks, ask{aud, ch})
	}
	if d.View.On() {
		add(d.View.Audience, d.View.Channel)
	}
	add(d.Audience, d.Channel)
	for _, e := range d.Audience {
		add([]string{e}, d.Channel)
	}
	add([]string{"member:" + member}, d.Channel)
	for _, e := range others {
		add([]string{e}, d.Channel)
	}
	for _, k := range asks {
		g := gate.New(k.aud, k.ch, in.cfg.OpenHistory)
		args := append([]any{member, d.ID}, g.Args()...)
		var ans whoAnswer
		ans.Audience, ans.Channel = k.aud, k.ch
		if err := in.cfg.Pool.QueryRow(ctx, `/* ui:who */ SELECT `+g.Rule(gate.Table(table), "r", 3)+`, `+g.SQL(gate.Table(table), "r", 3)+` FROM `+table+
			` r WHERE r.member_id = $1 AND r.id = $2`, args...).Scan(&ans.Rule, &ans.Visible); err != nil {
			in.fail(w, r, a, err)
			return
		}
		ans.Why = ruleWhy[ans.Rule]
		d.Answers = append(d.Answers, ans)
	}
	in.render(w, http.StatusOK, "who", page{Title: member + ": who can see this", Member: member, Section: "timeline", CSRF: a.csrf, Data: d})
}

type refusalRow struct {
	ID, Subject, Code, Message string
	Raw                        []byte
	StreamSeq                  *int64
	RecordedAt                 time.Time
}

type refusalsData struct {
	Code  string
	Codes []string
	Rows  []refusalRow
}

// maxRaw is how many raw bytes of a refusal the page shows.
const maxRaw = 4096

// RawShown is the part of the raw bytes the page shows.
func (r refusalRow) RawShown() []byte {
	if len(r.Raw) > maxRaw {
		return r.Raw[:maxRaw]
	}
	return r.Raw
}

// Cut reports whether the raw bytes were cut for the page.
func (r refusalRow) Cut() bool { return len(r.Raw) > maxRaw }

func (in *Inspector) refusals(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx, member := r.Context(), r.PathValue("member")
	d := refusalsData{Code: r.FormValue("code")}
	rows, err := in.cfg.Pool.Query(ctx, `/* ui:refusals */ SELECT id, subject, code, message, raw, stream_seq, recorded_at FROM refusals
		WHERE member_id = $1 AND ($2 = '' OR code = $2) ORDER BY recorded_at DESC, id DESC LIMIT 200`, member, d.Code)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Rows, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (refusalRow, error) {
		var f refusalRow
		return f, row.Scan(&f.ID, &f.Subject, &f.Code, &f.Message, &f.Raw, &f.StreamSeq, &f.RecordedAt)
	}); err != nil {
		in.fail(w, r, a, err)
		return
	}
	rows, err = in.cfg.Pool.Query(ctx, `/* ui:refusal-codes */ SELECT DISTINCT code FROM refusals WHERE member_id = $1 ORDER BY 1`, member)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Codes, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		in.fail(w, r, a, err)
		return
	}
	in.render(w, http.StatusOK, "refusals", page{Title: member + ": refusals", Member: member, Section: "refusals", CSRF: a.csrf, Data: d})
}
