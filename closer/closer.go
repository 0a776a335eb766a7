// Package closer is the close pass (SPEC §6): it reads a finished session,
// once per audience group, distils facts, entities and edges through an
// extract.Extractor, writes a dated extractive summary, and marks the
// session closed. Every row it writes points back to its episodes and
// carries the intersection of their audiences ('*' neutral). Every row's key
// is derived from what it says, so closing the same session again writes
// nothing new.
package closer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/lanes"
)

// MaxTurns is how many turns one extraction reads: a longer session (or
// audience group) is extracted in consecutive windows of this many turns,
// oldest first, so its early turns are read too.
const MaxTurns = 512

// MaxSessionTurns is how many turns of a session one close reads (the
// newest); past it the report says Truncated.
const MaxSessionTurns = 20000

// MaxClaim caps the claim of a fact the close pass writes, in bytes: what
// memorize takes (remember.MaxText, 16 KiB). The store takes longer claims
// (the claim's index holds its md5, migration 031) until the fact's search
// vector (tsv) passes 1 MB, which fails the insert (SQLSTATE 54000); a
// model's reply may be 4 MB. A claim past the cap is no fact a person
// stated: it is refused (checkFact), as is a subject or predicate past
// facts.CheckAxis's.
const MaxClaim = 16 << 10

// Request asks for one session to be closed (the payload of
// memhive.<member>.close, and of `memhive close`).
type Request struct {
	Member  string `json:"member"`
	Session string `json:"session"` // default "default"
	Channel string `json:"channel"`
	// Audience is who asked for the close. It does not narrow the pass:
	// every audience group of the session is closed, and each row written
	// carries its own turns' audience, so nothing is widened.
	Audience []string `json:"audience,omitempty"`
	Reason   string   `json:"reason,omitempty"` // explicit | idle | participants_changed; default explicit
	// ReplayAt is set by a replay (package replay) re-running a close the
	// live record completed, to the live run's time: it is written as the
	// session's closed_at instead of the store's clock (which is compared
	// with the turns' recorded_at), and the "closed since its last turn"
	// check is skipped. Never set from the wire.
	ReplayAt time.Time `json:"-"`
}

// Count is rows written and rows that already existed.
type Count struct {
	Written  int `json:"written"`
	Existing int `json:"existing"`
}

// Report says what a close pass did. It is what the close cell publishes.
type Report struct {
	Member    string `json:"member"`
	Session   string `json:"session"`
	Channel   string `json:"channel"`
	Reason    string `json:"reason"`
	Turns     int    `json:"turns"`
	Groups    int    `json:"groups"`    // audience groups read
	Truncated bool   `json:"truncated"` // the session had more than MaxSessionTurns turns
	Facts     Count  `json:"facts"`
	Entities  Count  `json:"entities"`
	Edges     Count  `json:"edges"`
	Summaries Count  `json:"summaries"`
	// Mentions are the pastime mentions kept (pastime_mentions rows written).
	Mentions int  `json:"pastime_mentions"`
	Dropped  int  `json:"dropped"` // facts whose turns shared no audience member
	Refused  int  `json:"refused"` // the extractor's facts refused (a field over its cap or not text): not written, each logged
	Ended    int  `json:"ended"`   // facts in force ended by a negative fact ("not any more")
	Closed   bool `json:"closed"`  // sessions.closed_at was set by this pass
	// Skipped says why the pass changed nothing: an idle or
	// participant-change close of a session that another pass (perhaps
	// another process) closed since its last turn (nothing is read), or a
	// close of a session closed since its last turn that found every row it
	// would write already there (a re-close). Its consolidation_log row has
	// status skipped, not completed: a replay re-runs completed closes only.
	Skipped string `json:"skipped,omitempty"`
	RunID   string `json:"run_id,omitempty"` // its consolidation_log row (kind close)
}

// Written is the number of rows this pass wrote (0 on a re-run).
func (r *Report) Written() int {
	return r.Facts.Written + r.Entities.Written + r.Edges.Written + r.Summaries.Written + r.Mentions
}

type turn struct {
	extract.Turn
	recordedAt time.Time
}

// Close runs the close pass for one session. ex is the extractor (use
// extract.Patterns{} for the default, which calls no model). logger may be
// nil.
func Close(ctx context.Context, pool *pgxpool.Pool, ex extract.Extractor, req Request, logger *slog.Logger) (*Report, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if !memhive.ValidMember(req.Member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", req.Member)
	}
	if strings.TrimSpace(req.Channel) == "" {
		return nil, memhive.Errorf(memhive.CodeMissingChannel, "closing a session needs its channel")
	}
	if req.Session == "" {
		req.Session = "default"
	}
	if req.Reason == "" {
		req.Reason = "explicit"
	}
	rep := &Report{Member: req.Member, Session: req.Session, Channel: req.Channel, Reason: req.Reason, RunID: ulid.Make().String()}
	// One pass per member at a time, across processes (LockMember).
	unlock, _, err := LockMember(ctx, pool, req.Member, true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if req.Reason != "explicit" && req.ReplayAt.IsZero() {
		// Idle and participant-change closes are found by every process's
		// scan: the first one closes, the others find it closed.
		done, err := closedSinceLastTurn(ctx, pool, req)
		if err != nil {
			return nil, err
		}
		if done {
			rep.Skipped = "closed since its last turn"
			return rep, logRun(ctx, pool, rep, "skipped", nil, nil, "")
		}
	}
	turns, err := readSession(ctx, pool, req, rep)
	if err != nil {
		return nil, err
	}
	if len(turns) == 0 {
		return rep, nil
	}

	// One extraction per audience group, outside any transaction (a model
	// extractor may be slow).
	type group struct {
		audience []string
		turns    []turn
		facts    []extract.Fact
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, t := range turns {
		k := strings.Join(t.Audience, "\x1f")
		g := byKey[k]
		if g == nil {
			g = &group{audience: t.Audience}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.turns = append(g.turns, t)
	}
	rep.Groups = len(groups)
	for _, g := range groups {
		for w := range slices.Chunk(g.turns, MaxTurns) {
			s := extract.Session{Member: req.Member, SessionID: req.Session, Channel: req.Channel}
			for _, t := range w {
				s.Turns = append(s.Turns, t.Turn)
			}
			fs, err := extractSafely(ctx, ex, s, logger)
			if err != nil {
				return nil, fmt.Errorf("close %s/%s: extract: %w", req.Member, req.Session, err)
			}
			for _, f := range fs {
				// a fact the store cannot take would fail the whole close,
				// every time it is tried: it alone is left out
				if field, err := checkFact(f, req.Member, req.Channel); err != nil {
					rep.Refused++
					logger.Warn("close: fact refused, not written", "member", req.Member, "session", req.Session,
						"channel", req.Channel, "field", field, "reason", err.Error(), "episodes", f.EpisodeIDs)
					continue
				}
				g.facts = append(g.facts, f)
			}
		}
	}

	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		w := &writer{tx: tx, member: req.Member, channel: req.Channel, rep: rep, entityIDs: map[string]string{}}
		for _, g := range groups {
			byID := map[string]turn{}
			for _, t := range g.turns {
				byID[t.EpisodeID] = t
			}
			var used []string
			for _, f := range g.facts {
				var auds [][]string
				for _, id := range f.EpisodeIDs {
					if t, ok := byID[id]; ok {
						auds = append(auds, t.Audience)
					}
				}
				aud := Intersect(auds...)
				if len(aud) == 0 {
					rep.Dropped++
					logger.Warn("close: fact dropped, its turns share no audience", "member", req.Member, "session", req.Session)
					continue
				}
				if err := w.fact(ctx, req.Session, f, aud); err != nil {
					return err
				}
				used = append(used, f.EpisodeIDs...)
			}
			if err := w.summary(ctx, req.Session, g.audience, g.turns, used); err != nil {
				return err
			}
		}
		if err := w.pastimes(ctx, req.Session, turns); err != nil {
			return err
		}
		if err := markClosed(ctx, tx, req, turns, rep); err != nil {
			return err
		}
		status := "completed"
		if !rep.Closed && rep.Written() == 0 && rep.Ended == 0 && w.replaced == 0 && req.ReplayAt.IsZero() {
			// closing a closed session again changed nothing: the log says
			// so (a replay, which re-runs completed closes, has nothing to
			// re-run; a replayed close is logged as the live one was)
			status, rep.Skipped = "skipped", "closed since its last turn, and every row it would write is there"
		}
		return logRun(ctx, tx, rep, status, &turns[0].At, &turns[len(turns)-1].At, "")
	})
	if err != nil {
		return nil, fmt.Errorf("close %s/%s: %w", req.Member, req.Session, err)
	}
	msg := "session closed"
	if rep.Skipped != "" {
		msg = "session read again: nothing new"
	}
	logger.Info(msg, "member", req.Member, "session", req.Session, "channel", req.Channel,
		"reason", req.Reason, "turns", rep.Turns, "facts_written", rep.Facts.Written, "facts_existing", rep.Facts.Existing,
		"facts_refused", rep.Refused, "edges_written", rep.Edges.Written)
	return rep, nil
}

// checkFact is what the close pass asks of each fact an extractor returns
// before writing it, whichever extractor it is (a model's reply is taken as
// given): every text field valid UTF-8 without control characters (tab,
// newline and carriage return allowed, as in a turn; lanes.CheckField), the
// subject and predicate within facts.CheckAxis's caps (btree keys), the
// claim within MaxClaim, the speaker within a turn's, and what every fact
// must carry (facts.Validate). It returns the field that failed and why.
func checkFact(f extract.Fact, member, channel string) (field string, err error) {
	type text struct{ name, v string }
	texts := []text{{"subject", f.Subject}, {"predicate", f.Predicate}, {"claim", f.Claim}}
	for _, e := range f.Entities {
		texts = append(texts, text{"entity", e.Name})
	}
	for _, e := range f.Edges {
		texts = append(texts, text{"edge", e.Src}, text{"edge", e.Relation}, text{"edge", e.Dst})
	}
	for _, t := range texts {
		// the length caps are the ones below (an entity too long for its
		// key is skipped by WriteEntity); this bound only keeps
		// CheckField from refusing first with another message
		if err := lanes.CheckField(t.name, t.v, len(t.v), true); err != nil {
			return t.name, err
		}
	}
	if err := lanes.CheckField("speaker", f.Speaker, lanes.MaxSpeaker, false); err != nil {
		return "speaker", err
	}
	if err := facts.CheckAxis(f.Subject, ""); err != nil {
		return "subject", err
	}
	if err := facts.CheckAxis("", f.Predicate); err != nil {
		return "predicate", err
	}
	if len(f.Claim) > MaxClaim {
		return "claim", memhive.Errorf(memhive.CodeFieldTooLong, "claim of %d bytes is over the cap of %d", len(f.Claim), MaxClaim)
	}
	// the audience is the writer's (Intersect: a fact whose turns share
	// none is Dropped), not the extractor's
	row := facts.Fact{Member: member, Subject: f.Subject, Predicate: f.Predicate, Claim: f.Claim, Kind: f.Kind,
		Confidence: f.Confidence, ValidFrom: f.ValidFrom, Channel: channel, Audience: []string{memhive.Public}}
	if err := facts.Validate(&row); err != nil {
		return "fact", err
	}
	return "", nil
}

func readSession(ctx context.Context, pool *pgxpool.Pool, req Request, rep *Report) ([]turn, error) {
	rows, err := pool.Query(ctx, `SELECT id, speaker, role, content, happened_at, audience, recorded_at FROM episodes
		WHERE member_id = $1 AND session_id = $2 AND channel = $3
		ORDER BY happened_at DESC, id DESC LIMIT $4`, req.Member, req.Session, req.Channel, MaxSessionTurns+1)
	if err != nil {
		return nil, fmt.Errorf("read session: %w", err)
	}
	var turns []turn
	var t turn
	_, err = pgx.ForEachRow(rows, []any{&t.EpisodeID, &t.Speaker, &t.Role, &t.Text, &t.At, &t.Audience, &t.recordedAt}, func() error {
		t.Audience = memhive.NormalizeAudience(t.Audience)
		turns = append(turns, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read session: %w", err)
	}
	if len(turns) > MaxSessionTurns {
		turns = turns[:MaxSessionTurns]
		rep.Truncated = true
	}
	slices.Reverse(turns)
	rep.Turns = len(turns)
	return turns, nil
}

// Intersect is the audience of a row derived from several sources: the
// intersection of their audiences, with '*' neutral. All '*' gives ["*"];
// nil means no one was present at every source.
func Intersect(auds ...[]string) []string {
	var out []string
	started := false
	for _, a := range auds {
		a = memhive.NormalizeAudience(a)
		if slices.Contains(a, memhive.Public) {
			if len(a) == 1 {
				continue
			}
			a = slices.DeleteFunc(slices.Clone(a), func(s string) bool { return s == memhive.Public })
		}
		if !started {
			out, started = slices.Clone(a), true
			continue
		}
		out = slices.DeleteFunc(out, func(s string) bool { return !slices.Contains(a, s) })
	}
	if !started {
		if len(auds) == 0 {
			return nil
		}
		return []string{memhive.Public}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ID derives a stable row id from its parts (a prefix and 26 hex digits),
// so writing the same row again conflicts instead of duplicating.
func ID(prefix string, parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return prefix + hex.EncodeToString(h.Sum(nil))[:26]
}

// oppositePreference pairs the preferences that cannot both hold.
var oppositePreference = map[string]string{"likes": "dislikes", "dislikes": "likes"}

type writer struct {
	tx        pgx.Tx
	axes      *facts.Axes // the member's predicate aliases and cardinalities, read once
	member    string
	channel   string
	rep       *Report
	entityIDs map[string]string // canon and audience → id
	replaced  int               // versions closed by replace
}

func (w *writer) fact(ctx context.Context, session string, f extract.Fact, aud []string) error {
	if f.Polarity == extract.Negative {
		return w.end(ctx, f, aud)
	}
	if opp, ok := oppositePreference[f.Predicate]; ok {
		// a preference turned round ("I don't like dark beer" after "I
		// like dark beer") ends the speaker's opposite one in force
		g := f
		g.Predicate, g.Polarity = opp, extract.Negative
		if err := w.end(ctx, g, aud); err != nil {
			return err
		}
	}
	prior, sources, err := w.restated(ctx, f, aud)
	if err != nil {
		return err
	}
	row := facts.Fact{Member: w.member, Subject: f.Subject, Predicate: f.Predicate, Claim: f.Claim, Kind: f.Kind,
		Confidence: f.Confidence, ValidFrom: f.ValidFrom, SourceEpisodeIDs: sources, Session: session,
		Channel: w.channel, Audience: aud, Speaker: f.Speaker, Origin: "close"}
	inserted, id, err := facts.Insert(ctx, w.tx, &row)
	if err != nil {
		return err
	}
	count(&w.rep.Facts, inserted)
	if inserted && prior != "" {
		if err := w.replace(ctx, prior, id, "close:restated"); err != nil {
			return err
		}
	}
	for _, e := range f.Entities {
		if _, err := w.entity(ctx, e.Name, e.Kind, aud); err != nil {
			return err
		}
	}
	src := ""
	if len(f.EpisodeIDs) > 0 {
		src = f.EpisodeIDs[0]
	}
	for _, e := range f.Edges {
		if err := WriteEdge(ctx, w.tx, w.member, e, id, src, w.channel, aud, w.entityIDs, &w.rep.Entities, &w.rep.Edges); err != nil {
			return err
		}
	}
	return nil
}

// replace closes the version old as update_memory closes one, by its
// successor next: superseded_by, expired_at now, closure_source source.
// Its valid_until stays open: what it said still holds, next says it with
// more turns.
func (w *writer) replace(ctx context.Context, old, next, source string) error {
	tag, err := w.tx.Exec(ctx, `UPDATE facts SET superseded_by = $3, expired_at = clock_timestamp(), closure_source = $4
		WHERE member_id = $1 AND id = $2 AND expired_at IS NULL`, w.member, old, next, source)
	if err != nil {
		return fmt.Errorf("close the version %s replaced: %w", source, err)
	}
	w.replaced += int(tag.RowsAffected())
	return nil
}

// RestatedSources is the most source turns a restated fact names: the
// first saying's and the newest others.
const RestatedSources = 24

// restated finds, for a world fact on a multi-valued axis (likes, owns,
// a relative), the version in force of the same claim said earlier by the
// same speaker to the same audience on this channel. Facts never change,
// so a claim said again in a later session is a new version that names
// the turns of every saying (the first and the newest, RestatedSources in
// all) and closes the earlier one as update_memory does (superseded_by,
// expired_at, closure_source 'close:restated'; its validity stays open).
// Recall then shows one item standing for every turn that said it, dated
// by the newest saying. On a single-valued axis (lives_in, job_title, a
// father) the claim is joined only to the axis's newest version, and only
// while that version is open: "I live in Berlin" said again is the version
// in force said again, but Berlin said after Lisbon is a move back, a new
// version on the chain, and after "I don't live in Berlin anymore" it is
// Berlin again, not the ended one. (Left to the chain, the nightly pass
// closed Berlin by Berlin, and recall showed the newest saying alone: the
// turns that said it first were no longer behind the item.) An experience
// or a plan said again is another event, not the same one.
func (w *writer) restated(ctx context.Context, f extract.Fact, aud []string) (prior string, src []string, err error) {
	src = f.EpisodeIDs
	if f.Kind != "" && f.Kind != extract.World {
		return "", src, nil
	}
	if w.axes == nil {
		if w.axes, err = facts.LoadAxes(ctx, w.tx, w.member); err != nil {
			return "", nil, err
		}
	}
	single := w.axes.Single(memhive.CanonPredicate(f.Predicate))
	var before []string
	// the same claim: the same canonical text, or the same stemmed words
	// ("dancing" and "dance", "dog" and "dogs"; the stored tsv holds the
	// subject, predicate and claim in NFC, as the one made here: migration
	// 032's memhive_fact_tsv), when it has any;
	// md5(claim_canon) is what facts_claim_md5_idx holds (migration 031)
	const same = `(f.claim_canon = $4 AND md5(f.claim_canon) = md5($4::text) OR w.words AND tsvector_to_array(f.tsv) = w.lx)`
	// on a multi-valued axis the newest version of the same claim; on a
	// single-valued one the axis's newest version, which must be the same
	// claim and still open
	claim, open := same, `true`
	if single {
		claim, open = `true`, same+` AND (f.valid_until IS NULL OR f.valid_until > $8)`
	}
	var joined bool
	err = w.tx.QueryRow(ctx, `WITH w AS (SELECT tsvector_to_array(to_tsvector('english', normalize($9::text, NFC))) AS lx,
			numnode(plainto_tsquery('english', $10::text)) > 0 AS words)
		SELECT f.id, f.source_episode_ids, `+open+` FROM facts f, w
		WHERE f.member_id = $1 AND f.subject_canon = $2 AND f.predicate_canon = $3 AND f.channel = $5
		  AND `+claim+`
		  AND f.audience = $6 AND coalesce(f.speaker, '') = $7 AND f.fact_kind = 'world' AND f.valid_from < $8
		  AND f.expired_at IS NULL AND `+facts.Settled("f")+`
		ORDER BY f.valid_from DESC, f.id DESC LIMIT 1`,
		w.member, memhive.Canon(f.Subject), memhive.CanonPredicate(f.Predicate), memhive.Canon(f.Claim), w.channel,
		memhive.NormalizeAudience(aud), f.Speaker, f.ValidFrom,
		f.Subject+" "+strings.ReplaceAll(f.Predicate, "_", " ")+" "+f.Claim, f.Claim).Scan(&prior, &before, &joined)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", src, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("read restated fact: %w", err)
	}
	if !joined {
		return "", src, nil
	}
	all := slices.Clone(before)
	for _, id := range src {
		if !slices.Contains(all, id) {
			all = append(all, id)
		}
	}
	if len(all) > RestatedSources {
		all = append([]string{all[0]}, all[len(all)-RestatedSources+1:]...)
	}
	return prior, all, nil
}

func (w *writer) entity(ctx context.Context, name, kind string, aud []string) (string, error) {
	return WriteEntity(ctx, w.tx, w.member, name, kind, w.channel, aud, w.entityIDs, &w.rep.Entities)
}

// Execer is what the graph writers need.
type Execer interface {
	facts.Querier
}

// MaxEntityName is the longest canonical name, in bytes, that names an
// entity. (member_id, canon) is a btree key, whose row holds at most about
// 2,700 bytes; a memorized claim may be remember.MaxText (16 KB) and the
// nightly run makes entities of memorized claims. A text that long names
// nothing a question would: it gets no entity and no edge.
const MaxEntityName = 1 << 10

// WriteEntity makes sure the entity named name exists (canon unique per
// member) and returns its id. cache maps canon to id and may be shared
// across calls; c counts written and existing rows. The first writer's
// audience and channel are kept: edges, not entities, carry what may be
// shown to whom. A name whose canon is over MaxEntityName bytes is no
// entity: WriteEntity writes nothing and returns "".
func WriteEntity(ctx context.Context, q Execer, member, name, kind, channel string, aud []string, cache map[string]string, c *Count) (string, error) {
	canon := memhive.Canon(name)
	if canon == "" {
		return "", fmt.Errorf("entity with an empty name")
	}
	if len(canon) > MaxEntityName {
		return "", nil
	}
	key := canon + "\x00" + strings.Join(aud, "\x1f")
	if id, ok := cache[key]; ok {
		return id, nil
	}
	if kind == "" {
		kind = "thing"
	}
	id := ID("ent_", member, canon)
	// A known entity's audience grows to everyone present at some mention
	// ('*' absorbs); a mention adding no one changes nothing.
	tag, err := q.Exec(ctx, `INSERT INTO entities AS en (member_id, id, name, canon, kind, audience, channel)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (member_id, canon) DO UPDATE SET audience = CASE WHEN '*' = ANY(EXCLUDED.audience) THEN '{*}'::text[]
			ELSE (SELECT array_agg(DISTINCT x COLLATE "C" ORDER BY x COLLATE "C") FROM unnest(en.audience || EXCLUDED.audience) AS x) END
		WHERE NOT ('*' = ANY(en.audience) OR EXCLUDED.audience <@ en.audience)`,
		member, id, strings.TrimSpace(name), canon, kind, aud, channel)
	if err != nil {
		return "", fmt.Errorf("write entity: %w", err)
	}
	if tag.RowsAffected() == 0 {
		if err := q.QueryRow(ctx, `SELECT id FROM entities WHERE member_id = $1 AND canon = $2`, member, canon).Scan(&id); err != nil {
			return "", fmt.Errorf("find entity: %w", err)
		}
	}
	count(c, tag.RowsAffected() == 1)
	cache[key] = id
	return id, nil
}

// WriteEdge writes one edge for fact factID (both endpoints made sure of),
// keyed by its endpoints, relation and fact, with its source episode,
// channel and audience. An endpoint too long to be an entity
// (MaxEntityName) makes no edge.
func WriteEdge(ctx context.Context, q Execer, member string, e extract.Edge, factID, episodeID, channel string, aud []string,
	cache map[string]string, entities, edges *Count) error {
	src, err := WriteEntity(ctx, q, member, e.Src, "", channel, aud, cache, entities)
	if err != nil {
		return err
	}
	dst, err := WriteEntity(ctx, q, member, e.Dst, "", channel, aud, cache, entities)
	if err != nil {
		return err
	}
	if src == "" || dst == "" {
		return nil
	}
	rel := memhive.CanonPredicate(e.Relation)
	id := ID("edg_", member, src, rel, dst, factID)
	tag, err := q.Exec(ctx, `INSERT INTO entity_edges (member_id, id, src_id, dst_id, relation, fact_id, source_episode_id, channel, audience)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
		member, id, src, dst, rel, nullable(factID), nullable(episodeID), channel, aud)
	if err != nil {
		return fmt.Errorf("write edge: %w", err)
	}
	count(edges, tag.RowsAffected() == 1)
	return nil
}

func count(c *Count, written bool) {
	if written {
		c.Written++
	} else {
		c.Existing++
	}
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// summary writes the group's dated extractive summary: the turns facts came
// from first, then the other non-assistant turns, a sentence each.
func (w *writer) summary(ctx context.Context, session string, aud []string, turns []turn, used []string) error {
	var picked []turn
	for _, t := range turns {
		if slices.Contains(used, t.EpisodeID) {
			picked = append(picked, t)
		}
	}
	for _, t := range turns {
		if len(picked) >= 6 {
			break
		}
		if t.Role != "assistant" && !slices.Contains(used, t.EpisodeID) && strings.TrimSpace(t.Text) != "" {
			picked = append(picked, t)
		}
	}
	if len(picked) > 6 {
		picked = picked[:6]
	}
	slices.SortStableFunc(picked, func(a, b turn) int { return a.At.Compare(b.At) })
	from, to := turns[0].At.UTC(), turns[len(turns)-1].At.UTC()
	var b strings.Builder
	fmt.Fprintf(&b, "%s", from.Format(time.DateOnly))
	if !sameDay(from, to) {
		fmt.Fprintf(&b, " to %s", to.Format(time.DateOnly))
	}
	fmt.Fprintf(&b, ", %s, session %s, %d turns:", w.channel, session, len(turns))
	for _, t := range picked {
		fmt.Fprintf(&b, " %s: %s", t.Speaker, firstSentence(t.Text, 160))
	}
	if len(picked) == 0 {
		b.WriteString(" (nothing said but by assistants)")
	}
	ids := make([]string, len(turns))
	for i, t := range turns {
		ids[i] = t.EpisodeID
	}
	text := b.String()
	id := ID("sum_", w.member, session, w.channel, strings.Join(aud, "\x1f"), strings.Join(ids, ","))
	tag, err := w.tx.Exec(ctx, `INSERT INTO summaries (member_id, id, session_id, channel, audience, from_at, to_at, text,
			source_episode_ids, tokens)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
		w.member, id, session, w.channel, aud, from, to, text, ids, facts.TokenEstimate(text))
	if err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	count(&w.rep.Summaries, tag.RowsAffected() == 1)
	return nil
}

func sameDay(a, b time.Time) bool { return a.Format(time.DateOnly) == b.Format(time.DateOnly) }

func firstSentence(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.IndexAny(s, ".!?"); i > 0 && i < len(s)-1 {
		s = s[:i+1]
	}
	if len(s) > max {
		r := []rune(s)
		if len(r) > max {
			s = string(r[:max]) + "…"
		}
	}
	return s
}

// markClosed records the close on the sessions row, unless it is already
// closed and no turn was recorded since (a re-run changes nothing).
func markClosed(ctx context.Context, tx pgx.Tx, req Request, turns []turn, rep *Report) error {
	var participants []string
	first, last, lastRec := turns[0].At, turns[0].At, turns[0].recordedAt
	for _, t := range turns {
		participants = append(participants, t.Speaker)
		for _, a := range t.Audience {
			if a != memhive.Public {
				participants = append(participants, a)
			}
		}
		if t.At.Before(first) {
			first = t.At
		}
		if t.At.After(last) {
			last = t.At
		}
		if t.recordedAt.After(lastRec) {
			lastRec = t.recordedAt
		}
	}
	var at *time.Time
	if !req.ReplayAt.IsZero() {
		at = &req.ReplayAt
	}
	tag, err := tx.Exec(ctx, `INSERT INTO sessions AS s (member_id, session_id, channel, participants, started_at, last_at, closed_at, close_reason)
		VALUES ($1, $2, $3, $4, $5, $6, coalesce($9::timestamptz, clock_timestamp()), $7)
		ON CONFLICT (member_id, session_id, channel) DO UPDATE
		SET closed_at = EXCLUDED.closed_at, close_reason = EXCLUDED.close_reason,
		    participants = EXCLUDED.participants, started_at = least(s.started_at, EXCLUDED.started_at),
		    last_at = greatest(s.last_at, EXCLUDED.last_at)
		WHERE s.closed_at IS NULL OR s.closed_at < $8`,
		req.Member, req.Session, req.Channel, memhive.NormalizeAudience(participants), first, last, req.Reason, lastRec, at)
	if err != nil {
		return fmt.Errorf("mark session closed: %w", err)
	}
	rep.Closed = tag.RowsAffected() == 1
	return nil
}

// extractSafely runs ex, turning a panic into an error: the extractor reads
// whatever text a member's turns hold, and a rule that fails on one of them
// must fail that session's close, which is then retried a bounded number of
// times and recorded as failed, not stop the cell that closes every
// member's sessions. The stack goes to the log, not into the error, which
// the failure record keeps.
func extractSafely(ctx context.Context, ex extract.Extractor, s extract.Session, logger *slog.Logger) (fs []extract.Fact, err error) {
	defer func() {
		if r := recover(); r != nil {
			logger.Error("close pass: the extractor panicked", "member", s.Member, "session", s.SessionID, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			fs, err = nil, fmt.Errorf("the extractor failed on this session (a bug, not the turns' fault): %v", r)
		}
	}()
	return ex.Extract(ctx, s)
}
