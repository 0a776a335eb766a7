package closer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/facts"
)

// PastimeSessions is in how many sessions a person must have spoken of
// taking part in a pastime before the close pass writes it down as a
// `pastime` fact: one outing is an episode, a pastime is what recurs.
const PastimeSessions = 2

// PastimeSources is the most source turns a pastime fact names: its first
// mention and the newest others. Every mention stays in pastime_mentions.
const PastimeSources = 24

// PastimeConfidence is the confidence of a pastime fact: below the rules
// that read a liking said outright, since it is inferred from what was done.
const PastimeConfidence = 60

// pastimes keeps the pastime mentions of the session's turns (one row a
// person, pastime and turn, with the turn's audience) and, for each pastime
// mentioned, writes the `pastime` fact of everyone who has now spoken of it
// in PastimeSessions sessions heard by the same audience on this channel:
// one version chain per person, pastime, audience and channel, whose
// version in force names the mentions' turns as its sources (the first and
// the newest, PastimeSources in all; pastimeVersion). The mentions are
// never deleted. An assistant's turns are not read, as for every other
// fact.
func (w *writer) pastimes(ctx context.Context, session string, turns []turn) error {
	type key struct{ subject, pastime string }
	var touched []key
	for _, t := range turns {
		if t.Role == "assistant" || strings.TrimSpace(t.Speaker) == "" {
			continue
		}
		for _, p := range extract.Pastimes(t.Text) {
			tag, err := w.tx.Exec(ctx, `INSERT INTO pastime_mentions (member_id, subject, pastime, episode_id, session_id,
				channel, audience, happened_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
				w.member, t.Speaker, p, t.EpisodeID, session, w.channel, memhive.NormalizeAudience(t.Audience), t.At)
			if err != nil {
				return fmt.Errorf("write pastime mention: %w", err)
			}
			w.rep.Mentions += int(tag.RowsAffected())
			if k := (key{t.Speaker, p}); !slices.Contains(touched, k) {
				touched = append(touched, k)
			}
		}
	}
	for _, k := range touched {
		if err := w.pastime(ctx, session, k.subject, k.pastime); err != nil {
			return err
		}
	}
	return nil
}

// pastime writes or extends one person's pastime facts from its mentions.
func (w *writer) pastime(ctx context.Context, session, subject, pastime string) error {
	rows, err := w.tx.Query(ctx, `SELECT episode_id, session_id, audience, happened_at FROM pastime_mentions
		WHERE member_id = $1 AND subject = $2 AND pastime = $3 AND channel = $4
		ORDER BY happened_at, episode_id`, w.member, subject, pastime, w.channel)
	if err != nil {
		return fmt.Errorf("read pastime mentions: %w", err)
	}
	type group struct {
		audience []string
		sessions []string
		episodes []string
		times    []time.Time
	}
	var groups []*group
	byAud := map[string]*group{}
	var ep, sess string
	var aud []string
	var at time.Time
	for rows.Next() {
		if err := rows.Scan(&ep, &sess, &aud, &at); err != nil {
			rows.Close()
			return fmt.Errorf("read pastime mentions: %w", err)
		}
		k := strings.Join(aud, "\x1f")
		g := byAud[k]
		if g == nil {
			g = &group{audience: aud}
			byAud[k] = g
			groups = append(groups, g)
		}
		if !slices.Contains(g.sessions, sess) {
			g.sessions = append(g.sessions, sess)
		}
		g.episodes = append(g.episodes, ep)
		g.times = append(g.times, at)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read pastime mentions: %w", err)
	}
	for _, g := range groups {
		if len(g.sessions) < PastimeSessions {
			continue
		}
		if err := w.pastimeVersion(ctx, session, subject, pastime, g.audience, g.episodes, g.times); err != nil {
			return err
		}
	}
	return nil
}

// pastimeVersion writes the version of one pastime fact that names eps,
// the mentions' turns at times (capped to PastimeSources), unless there is
// a version in force and the mentions have not grown by half since it was
// written. Facts never change, so a pastime spoken of again is a new
// version on the fact's chain, dated by its newest mention, and the one it
// replaces is closed as update_memory closes one (superseded_by, expired_at,
// closure_source 'close:pastime'; its valid_until stays open: the pastime
// still holds). The first version is dated by the first mention. Growth by
// half keeps a pastime spoken of n times to about log n versions, each a
// candidate of recall's legs.
func (w *writer) pastimeVersion(ctx context.Context, session, subject, pastime string, aud, eps []string, times []time.Time) error {
	first, last := times[0], times[len(times)-1]
	src := eps
	if len(src) > PastimeSources {
		src = append([]string{src[0]}, src[len(src)-PastimeSources+1:]...)
	}
	var cur string
	var curSrc []string
	var curFrom time.Time
	err := w.tx.QueryRow(ctx, `SELECT id, source_episode_ids, valid_from FROM facts
		WHERE member_id = $1 AND subject = $2 AND predicate = 'pastime' AND claim = $3 AND channel = $4 AND audience = $5
		  AND expired_at IS NULL
		ORDER BY valid_from DESC, recorded_at DESC, id DESC LIMIT 1`, w.member, subject, pastime, w.channel, aud).Scan(&cur, &curSrc, &curFrom)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("read pastime fact: %w", err)
	}
	if cur != "" {
		// the mentions the version in force stood for: its sources, or
		// (once capped) every mention up to its date
		then := len(curSrc)
		if len(curSrc) == PastimeSources {
			then = 0
			for _, t := range times {
				if !t.After(curFrom) {
					then++
				}
			}
		}
		if 2*len(eps) < 3*then || slices.Equal(curSrc, src) {
			return nil // not grown by half: versions stay few (about log n of n mentions)
		}
	}
	from := first
	if cur != "" {
		from = last
	}
	f := facts.Fact{Member: w.member, Subject: subject, Predicate: "pastime", Claim: pastime, Kind: facts.World,
		Confidence: PastimeConfidence, ValidFrom: from, SourceEpisodeIDs: src, Session: session,
		Channel: w.channel, Audience: aud, Speaker: subject, Origin: "close"}
	inserted, id, err := facts.Insert(ctx, w.tx, &f)
	if err != nil {
		return err
	}
	count(&w.rep.Facts, inserted)
	if cur == "" || id == cur {
		return nil
	}
	return w.replace(ctx, cur, id, "close:pastime")
}
