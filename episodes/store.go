package episodes

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"
)

// Episode is one stored turn.
type Episode struct {
	Member     string    `json:"member"`
	ID         string    `json:"id"`
	Session    string    `json:"session"`
	Channel    string    `json:"channel"`
	Role       string    `json:"role"`
	Speaker    string    `json:"speaker"`
	Audience   []string  `json:"audience"`
	Content    string    `json:"text"`
	Ref        string    `json:"ref,omitempty"`
	HappenedAt time.Time `json:"at"`
	RecordedAt time.Time `json:"recorded_at,omitzero"`
	StreamSeq  uint64    `json:"stream_seq,omitempty"`
	Tokens     int       `json:"tokens"`
}

// Refusal is one refused turn, with the bytes that came in.
type Refusal struct {
	Member     string    `json:"member"`
	ID         string    `json:"id"`
	Subject    string    `json:"subject"`
	Code       string    `json:"code"`
	Message    string    `json:"message"`
	Raw        []byte    `json:"raw"`
	StreamSeq  uint64    `json:"stream_seq,omitempty"`
	RecordedAt time.Time `json:"recorded_at,omitzero"`
}

// SeqID derives a ULID from a JetStream message's time and stream sequence,
// so a redelivered message always maps to the same id.
func SeqID(at time.Time, seq uint64) string {
	var entropy [10]byte
	binary.BigEndian.PutUint64(entropy[2:], seq)
	var id ulid.ULID
	_ = id.SetTime(ulid.Timestamp(at))
	_ = id.SetEntropy(entropy[:])
	return id.String()
}

// TokenEstimate is the cheap per-row token estimate (about four bytes a
// token); budgets are enforced with a real tokenizer at read time.
func TokenEstimate(s string) int { return (len(s) + 3) / 4 }

// Execer is a pool, a connection or a transaction.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Querier is a pool, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// The audiences of a batch travel as arrays end to end: every row's entries
// one after another in one text[] ($7), and each row's first and last
// position in it ($13, $14), sliced back into that row's text[]. No entry is
// ever joined into a string and split again, so no character in an entry
// can change the array it lands in.
const insertEpisodesSQL = `
INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, ref, happened_at, stream_seq, tokens)
SELECT m, i, s, c, r, sp, ($7::text[])[lo:hi], t, nullif(rf, ''), h, nullif(q, 0), k
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $8::text[], $9::text[],
            $10::timestamptz[], $11::bigint[], $12::int[], $13::int[], $14::int[]) AS u(m, i, s, c, r, sp, t, rf, h, q, k, lo, hi)
ON CONFLICT (member_id, id) DO NOTHING
RETURNING member_id, id`

// flatten lays arrays end to end and returns each one's 1-based first and
// last position (an empty array gets hi = lo-1, which slices to '{}').
func flatten(arrs [][]string) (flat []string, lo, hi []int32) {
	lo, hi = make([]int32, len(arrs)), make([]int32, len(arrs))
	for i, a := range arrs {
		lo[i] = int32(len(flat) + 1)
		flat = append(flat, a...)
		hi[i] = int32(len(flat))
	}
	if flat == nil {
		flat = []string{}
	}
	return flat, lo, hi
}

// Insert writes eps in one statement, skipping rows whose (member_id, id)
// exists, and returns the keys of the rows it wrote.
func Insert(ctx context.Context, q Querier, eps []Episode) (written [][2]string, err error) {
	if len(eps) == 0 {
		return nil, nil
	}
	n := len(eps)
	ms, ids, ss, cs, rs, sps, ts, rfs := make([]string, n), make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	as := make([][]string, n)
	hs, qs, ks := make([]time.Time, n), make([]int64, n), make([]int32, n)
	for i, e := range eps {
		ms[i], ids[i], ss[i], cs[i], rs[i], sps[i] = e.Member, e.ID, e.Session, e.Channel, e.Role, e.Speaker
		as[i] = e.Audience
		ts[i], rfs[i], hs[i], qs[i] = e.Content, e.Ref, e.HappenedAt, int64(e.StreamSeq)
		ks[i] = int32(e.Tokens)
		if ks[i] == 0 {
			ks[i] = int32(TokenEstimate(e.Content))
		}
	}
	flat, lo, hi := flatten(as)
	rows, err := q.Query(ctx, insertEpisodesSQL, ms, ids, ss, cs, rs, sps, flat, ts, rfs, hs, qs, ks, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("insert episodes: %w", err)
	}
	written, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
		var k [2]string
		err := r.Scan(&k[0], &k[1])
		return k, err
	})
	if err != nil {
		return nil, fmt.Errorf("insert episodes: %w", err)
	}
	return written, nil
}

// Conflicting reports, for each of eps, whether its (member_id, id)
// already names a row holding a different turn: other text, speaker,
// role, session, channel or audience. A redelivery, or a publisher's retry
// of the same turn, is not a conflict (its time may differ when the turn
// gave none, so time is not compared). eps may repeat a key.
func Conflicting(ctx context.Context, q Querier, eps []Episode) ([]bool, error) {
	out := make([]bool, len(eps))
	if len(eps) == 0 {
		return out, nil
	}
	ms, ids := make([]string, len(eps)), make([]string, len(eps))
	want := make(map[[2]string][]int, len(eps))
	for i := range eps {
		ms[i], ids[i] = eps[i].Member, eps[i].ID
		k := [2]string{eps[i].Member, eps[i].ID}
		want[k] = append(want[k], i)
	}
	rows, err := q.Query(ctx, `/* appender:conflicts */
		SELECT DISTINCT e.member_id, e.id, e.content, e.speaker, e.role, e.session_id, e.channel, e.audience
		FROM unnest($1::text[], $2::text[]) AS k(m, i)
		JOIN episodes e ON e.member_id = k.m AND e.id = k.i`, ms, ids)
	if err != nil {
		return nil, fmt.Errorf("read the rows of repeated ids: %w", err)
	}
	var got Episode
	_, err = pgx.ForEachRow(rows, []any{&got.Member, &got.ID, &got.Content, &got.Speaker, &got.Role, &got.Session, &got.Channel, &got.Audience}, func() error {
		for _, i := range want[[2]string{got.Member, got.ID}] {
			out[i] = !sameTurn(&eps[i], &got)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the rows of repeated ids: %w", err)
	}
	return out, nil
}

// sameTurn reports whether a and b are one turn said once: the same words
// by the same speaker to the same people on the same session and channel.
func sameTurn(a, b *Episode) bool {
	return a.Content == b.Content && a.Speaker == b.Speaker && a.Role == b.Role && a.Session == b.Session &&
		a.Channel == b.Channel && slices.Equal(a.Audience, b.Audience)
}

const insertRefusalsSQL = `
INSERT INTO refusals (member_id, id, subject, code, message, raw, stream_seq)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bytea[], $7::bigint[])
ON CONFLICT (member_id, id) DO NOTHING`

// CleanText returns s as text Postgres always takes, cut to at most max
// bytes: s itself when it is valid UTF-8 without control characters;
// otherwise s with every byte that is not UTF-8, every control character and
// every backslash written as an escape (\xNN, \u00NN, \\), so that the
// original can be read back from it. A refusal must never fail to insert:
// its subject and member token come from the wire as they are.
func CleanText(s string, max int) string {
	clean := utf8.ValidString(s)
	if clean {
		for _, r := range s {
			if unicode.IsControl(r) {
				clean = false
				break
			}
		}
	}
	if !clean {
		var b strings.Builder
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n <= 1:
				fmt.Fprintf(&b, "\\x%02x", s[i])
			case r == '\\':
				b.WriteString("\\\\")
			case unicode.IsControl(r):
				fmt.Fprintf(&b, "\\u%04x", r)
			default:
				b.WriteString(s[i : i+n])
			}
			i += n
		}
		s = b.String()
	}
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
	}
	return s
}

// InsertRefusals writes refusals, skipping those already written. Every
// text column goes through CleanText, so no refusal is ever refused.
func InsertRefusals(ctx context.Context, tx Execer, rs []Refusal) error {
	if len(rs) == 0 {
		return nil
	}
	n := len(rs)
	ms, ids, ss, cs, msgs := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	raws, qs := make([][]byte, n), make([]int64, n)
	for i, r := range rs {
		ms[i], ids[i], ss[i], cs[i], msgs[i], raws[i], qs[i] = CleanText(r.Member, 256), CleanText(r.ID, 64), CleanText(r.Subject, 4096),
			CleanText(r.Code, 64), CleanText(r.Message, 4096), r.Raw, int64(r.StreamSeq)
		if raws[i] == nil {
			raws[i] = []byte{}
		}
	}
	if _, err := tx.Exec(ctx, insertRefusalsSQL, ms, ids, ss, cs, msgs, raws, qs); err != nil {
		return fmt.Errorf("insert refusals: %w", err)
	}
	return nil
}

const upsertSessionsSQL = `
INSERT INTO sessions (member_id, session_id, channel, participants, started_at, last_at)
SELECT m, s, c, ($4::text[])[lo:hi], f, l
FROM unnest($1::text[], $2::text[], $3::text[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::int[]) AS u(m, s, c, f, l, lo, hi)
ON CONFLICT (member_id, session_id, channel) DO UPDATE SET
    participants = ARRAY(SELECT DISTINCT x COLLATE "C" FROM unnest(sessions.participants || EXCLUDED.participants) AS x ORDER BY 1),
    started_at = least(sessions.started_at, EXCLUDED.started_at),
    last_at = greatest(sessions.last_at, EXCLUDED.last_at)`

// TouchSessions records the sessions eps belong to: participants (audience
// and speakers), first and last turn times.
func TouchSessions(ctx context.Context, tx pgx.Tx, eps []Episode) error {
	type key struct{ m, s, c string }
	type agg struct {
		parts       []string
		first, last time.Time
	}
	byKey := map[key]*agg{}
	var order []key
	for _, e := range eps {
		k := key{e.Member, e.Session, e.Channel}
		a := byKey[k]
		if a == nil {
			a = &agg{first: e.HappenedAt, last: e.HappenedAt}
			byKey[k] = a
			order = append(order, k)
		}
		a.parts = append(a.parts, e.Audience...)
		a.parts = append(a.parts, e.Speaker)
		if e.HappenedAt.Before(a.first) {
			a.first = e.HappenedAt
		}
		if e.HappenedAt.After(a.last) {
			a.last = e.HappenedAt
		}
	}
	// A stable order keeps concurrent upserts from deadlocking.
	slices.SortFunc(order, func(a, b key) int {
		return strings.Compare(a.m+"\x00"+a.s+"\x00"+a.c, b.m+"\x00"+b.s+"\x00"+b.c)
	})
	n := len(order)
	ms, ss, cs, ps := make([]string, n), make([]string, n), make([]string, n), make([][]string, n)
	fs, ls := make([]time.Time, n), make([]time.Time, n)
	for i, k := range order {
		a := byKey[k]
		slices.Sort(a.parts)
		ms[i], ss[i], cs[i], ps[i], fs[i], ls[i] = k.m, k.s, k.c, slices.Compact(a.parts), a.first, a.last
	}
	flat, lo, hi := flatten(ps)
	if _, err := tx.Exec(ctx, upsertSessionsSQL, ms, ss, cs, flat, fs, ls, lo, hi); err != nil {
		return fmt.Errorf("touch sessions: %w", err)
	}
	return nil
}

// All is the limit of List and Refusals that lists every row (`memhive
// episodes --limit 0`); a limit of 0 is their default, 50.
const All = -1

// ListOptions filter List.
type ListOptions struct {
	Session string
	Limit   int // default 50; All (any negative) for every episode
}

// sqlLimit is limit as a LIMIT parameter: NULL, no limit, for All.
func sqlLimit(limit int) any {
	if limit < 0 {
		return nil
	}
	return limit
}

// List returns a member's newest episodes first.
func List(ctx context.Context, pool *pgxpool.Pool, member string, o ListOptions) ([]Episode, error) {
	if o.Limit == 0 {
		o.Limit = 50
	}
	rows, err := pool.Query(ctx, `
		SELECT member_id, id, session_id, channel, role, speaker, audience, content, coalesce(ref, ''), happened_at,
		       recorded_at, coalesce(stream_seq, 0), tokens
		FROM episodes
		WHERE member_id = $1 AND ($2 = '' OR session_id = $2)
		ORDER BY happened_at DESC, id DESC
		LIMIT $3`, member, o.Session, sqlLimit(o.Limit))
	if err != nil {
		return nil, fmt.Errorf("list episodes: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Episode, error) {
		var e Episode
		var seq int64
		err := r.Scan(&e.Member, &e.ID, &e.Session, &e.Channel, &e.Role, &e.Speaker, &e.Audience, &e.Content, &e.Ref,
			&e.HappenedAt, &e.RecordedAt, &seq, &e.Tokens)
		e.StreamSeq = uint64(seq)
		return e, err
	})
}

// Refusals returns refusals newest first, of one member or of all when
// member is "": limit of them (0: 50; All: every one).
func Refusals(ctx context.Context, pool *pgxpool.Pool, member string, limit int) ([]Refusal, error) {
	if limit == 0 {
		limit = 50
	}
	rows, err := pool.Query(ctx, `
		SELECT member_id, id, subject, code, message, raw, coalesce(stream_seq, 0), recorded_at
		FROM refusals
		WHERE ($1 = '' OR member_id = $1)
		ORDER BY recorded_at DESC, id DESC
		LIMIT $2`, member, sqlLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("list refusals: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Refusal, error) {
		var x Refusal
		var seq int64
		err := r.Scan(&x.Member, &x.ID, &x.Subject, &x.Code, &x.Message, &x.Raw, &seq, &x.RecordedAt)
		x.StreamSeq = uint64(seq)
		return x, err
	})
}

// Existing returns which of keys ((member, id) pairs) are stored episodes:
// the read-back that tells a publisher its turns are in the record.
func Existing(ctx context.Context, q Querier, keys [][2]string) (map[[2]string]bool, error) {
	out := make(map[[2]string]bool, len(keys))
	const chunk = 5000
	for start := 0; start < len(keys); start += chunk {
		part := keys[start:min(start+chunk, len(keys))]
		ms, ids := make([]string, len(part)), make([]string, len(part))
		for i, k := range part {
			ms[i], ids[i] = k[0], k[1]
		}
		rows, err := q.Query(ctx, `/* cli:readback */
			SELECT e.member_id, e.id FROM unnest($1::text[], $2::text[]) AS k(m, i)
			JOIN episodes e ON e.member_id = k.m AND e.id = k.i`, ms, ids)
		if err != nil {
			return nil, fmt.Errorf("read back episodes: %w", err)
		}
		got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
			var k [2]string
			err := r.Scan(&k[0], &k[1])
			return k, err
		})
		if err != nil {
			return nil, fmt.Errorf("read back episodes: %w", err)
		}
		for _, k := range got {
			out[k] = true
		}
	}
	return out, nil
}

// ChannelsOf returns the channel of each of keys (member, id) that names an
// episode: what the import compares to tell a turn it wrote before under
// an older id from another turn that happens to share that id.
func ChannelsOf(ctx context.Context, q Querier, keys [][2]string) (map[[2]string]string, error) {
	out := make(map[[2]string]string, len(keys))
	const chunk = 5000
	for start := 0; start < len(keys); start += chunk {
		part := keys[start:min(start+chunk, len(keys))]
		ms, ids := make([]string, len(part)), make([]string, len(part))
		for i, k := range part {
			ms[i], ids[i] = k[0], k[1]
		}
		rows, err := q.Query(ctx, `/* cli:readback */
			SELECT e.member_id, e.id, e.channel FROM unnest($1::text[], $2::text[]) AS k(m, i)
			JOIN episodes e ON e.member_id = k.m AND e.id = k.i`, ms, ids)
		if err != nil {
			return nil, fmt.Errorf("read back episodes: %w", err)
		}
		var k [2]string
		var ch string
		_, err = pgx.ForEachRow(rows, []any{&k[0], &k[1], &ch}, func() error {
			out[k] = ch
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("read back episodes: %w", err)
		}
	}
	return out, nil
}
