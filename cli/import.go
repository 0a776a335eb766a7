package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/porter"
)

func cmdImport(e *env, args []string) error {
	fs := newFlags(e, "import", "import [--member M] FILE.jsonl | import --locomo FILE | import DIR (an export)", `
Import turns through the lanes, exactly as live turns arrive: each line of a
JSONL file is one turn (format v1; "member" in the line or --member), or
--locomo maps the LoCoMo file (member = sample id, ref = <sample_id>/<dia_id>,
audience = both speakers). Shows a progress bar, waits for the appender to
commit, and prints how many turns are in the record (read back from episodes
by id: every turn without an id is given one) and how many were refused.
Refused lines are named (line, code, sentence; the first 20) on standard
error and in --json's refused_lines. Importing the same file twice, or
again after an import was cut off, writes
nothing twice: a line without an id is given one derived from its channel
and ref (the client's own message id, unique within its chat: message 42
of two chats is two turns), or, without a ref, from its bytes and how many
identical lines came before it (LoCoMo's ids derive from its refs). A line
an older memhive imported under the id it derived from the ref alone, in
the same channel, keeps that id: importing the file again writes nothing.
A directory written by 'memhive export' is imported whole or not at all (its
manifest, hashes and every line are checked first; the first bad line is
named), in one transaction, rows already there winning: importing the same
export twice writes 0 rows.

Exit status: 0 when every turn is in the record; 3 when the import finished
but some lines are not in it (refused now, named as above, or on an earlier
run of the file; the rest are in the record); 1 on an error (a turn not
published, the record not read back, the appender still committing); 2 on
a usage error.`)
	member := fs.String("member", "", "member for lines without one")
	loco := fs.String("locomo", "", "a LoCoMo file (\"builtin\": the copy built into memhive)")
	data := fs.String("data", "", "data directory of a running memhive")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 1 && *loco == "" {
		if isExport(fs.Arg(0)) {
			return cmdImportExport(e, fs.Arg(0), *data, *asJSON, *quiet)
		}
		if st, err := os.Stat(fs.Arg(0)); err == nil && st.IsDir() {
			return usagef("%s is a directory without %s: not an export (memhive export writes one), nor a JSONL file", fs.Arg(0), porter.ManifestFile)
		}
	}
	e.jsonOut = *asJSON
	type item struct {
		member string
		turn   *lanes.Turn
		raw    []byte
		// channel, and legacy: the id an older memhive derived from the
		// line's ref (legacyRefID), for a line whose id is derived
		channel, legacy string
		line            int // in the file (JSONL), for the refusals' report
	}
	var items []item
	switch {
	case *loco != "":
		path := *loco
		if path == "builtin" {
			path = ""
		}
		samples, err := locomo.Load(path)
		if err != nil {
			return err
		}
		for _, s := range samples {
			for _, t := range s.Turns() {
				t := t
				b, _ := json.Marshal(t)
				items = append(items, item{member: locomo.Member(s.ID), turn: &t, raw: b})
			}
		}
	case fs.NArg() == 1:
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		seenLines := map[[32]byte]int{} // lineID's occurrences
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 4<<20)
		line := 0
		for sc.Scan() {
			line++
			b := append([]byte(nil), sc.Bytes()...)
			if strings.TrimSpace(string(b)) == "" {
				continue
			}
			var head struct {
				Member  string `json:"member"`
				ID      string `json:"id"`
				Ref     string `json:"ref"`
				At      string `json:"at"`
				Channel string `json:"channel"`
			}
			_ = json.Unmarshal(b, &head)
			m := head.Member
			if m == "" {
				m = *member
			}
			if m == "" {
				return usagef("line %d has no member and --member is not given", line)
			}
			ch, legacy := strings.TrimSpace(head.Channel), ""
			if head.ID == "" {
				head.ID = lineID(m, ch, head.Ref, head.At, b, seenLines)
				if head.Ref != "" {
					legacy = legacyRefID(m, head.Ref, head.At)
				}
			}
			items = append(items, item{member: m, turn: &lanes.Turn{ID: head.ID, Ref: head.Ref}, raw: b, channel: ch, legacy: legacy, line: line})
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
	default:
		fs.Usage()
		return usagef("give one JSONL file or --locomo FILE")
	}

	return withNATS(*data, func(t *target, nc *nats.Conn) error {
		ctx, cancel := signalContext()
		defer cancel()
		var mu sync.Mutex
		refused := map[memhive.Code]int{}
		var refusedLines []refusedLine // the first maxRefusedLines, by line
		lineOf := map[[2]string]int{}  // member and id → line (JSONL)
		for _, it := range items {
			if it.line > 0 {
				lineOf[[2]string{it.member, canonicalID(it.turn.ID)}] = it.line
			}
		}
		failed := 0
		c, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{Prefix: t.prefix(), Buffer: len(items) + 1, OnError: func(pe *lanes.PublishError) {
			mu.Lock()
			defer mu.Unlock()
			if me, ok := pe.Err.(*memhive.Error); ok {
				refused[me.Code]++
				if len(refusedLines) < maxRefusedLines {
					refusedLines = append(refusedLines, refusedLine{Line: lineOf[[2]string{pe.Member, canonicalID(pe.ID)}], ID: pe.ID, Code: me.Code, Message: me.Message})
				}
			} else {
				failed++
			}
		}})
		if err != nil {
			return err
		}
		defer c.Close()
		// What the record holds of these turns before: the new rows are
		// the rest of what it holds after (the appender's counters would
		// count other publishers' turns too).
		allKeys := make([][2]string, len(items))
		before, beforeOK := map[[2]string]bool(nil), false
		if pool, err := t.connectDB(ctx); err == nil {
			ms, chs, legacy, turns := make([]string, len(items)), make([]string, len(items)), make([]string, len(items)), make([]*lanes.Turn, len(items))
			for i, it := range items {
				ms[i], chs[i], legacy[i], turns[i] = it.member, it.channel, it.legacy, it.turn
			}
			if err := keepLegacyIDs(ctx, pool, ms, chs, legacy, turns); err != nil {
				pool.Close()
				return err
			}
			for i, it := range items {
				allKeys[i] = [2]string{it.member, canonicalID(it.turn.ID)}
			}
			before, err = episodes.Existing(ctx, pool, allKeys)
			beforeOK = err == nil
			pool.Close()
		}
		bar := newProgress(e.stderr, len(items), !*quiet)
		start := time.Now()
		const chunk = 500
		published := make([]bool, len(items))
		for i, it := range items {
			// The client refuses a member id that could not name a lane.
			if err := c.PublishRaw(it.member, it.turn, it.raw); err != nil {
				if code := memhive.CodeOf(err); code == memhive.CodeInvalidMember {
					mu.Lock()
					refused[code]++
					mu.Unlock()
					continue
				}
				return err
			}
			published[i] = true
			if (i+1)%chunk == 0 {
				if err := flushImport(ctx, c, i+1); err != nil {
					return err
				}
				bar.set(i + 1)
			}
		}
		if err := flushImport(ctx, c, len(items)); err != nil {
			return err
		}
		bar.set(len(items))
		bar.done()
		idle := waitCommitted(ctx, nc, 5*time.Minute)
		if idle {
			analyzeAfterImport(ctx, e, t)
		}
		// Rows committed: read back from the record by id, not inferred
		// from the refusals that came back.
		keys := make([][2]string, 0, len(items))
		for i, it := range items {
			if published[i] {
				keys = append(keys, [2]string{it.member, canonicalID(it.turn.ID)})
			}
		}
		inRecord, newRows := -1, -1
		why := ""
		if pool, err := t.connectDB(ctx); err != nil {
			why = "could not read the record: " + err.Error()
		} else {
			got, err := episodes.Existing(ctx, pool, keys)
			pool.Close()
			if err != nil {
				why = err.Error()
			} else {
				inRecord = len(got)
				if beforeOK {
					newRows = 0
					for k := range got {
						if !before[k] {
							newRows++
						}
					}
				}
			}
		}
		mu.Lock()
		defer mu.Unlock()
		nRefused := 0
		for _, n := range refused {
			nRefused += n
		}
		sum := map[string]any{"turns": len(items), "accepted": inRecord, "committed": inRecord, "refused": nRefused,
			"refused_by_code": refused, "failed": failed, "appender_idle": idle, "seconds": time.Since(start).Seconds()}
		missing := 0 // lines not in the record though neither refused now nor failed
		if inRecord >= 0 {
			missing = max(len(items)-nRefused-failed-inRecord, 0)
			sum["missing"] = missing
		} else {
			sum["reason"] = why
		}
		slices.SortFunc(refusedLines, func(a, b refusedLine) int { return cmp.Compare(a.Line, b.Line) })
		if len(refusedLines) > 0 {
			sum["refused_lines"] = refusedLines
		}
		if newRows >= 0 {
			// Turns the record held before were dropped by the stream's
			// dedup window or by the record's key: either way they are in it.
			sum["new"] = newRows
			sum["already_in_record"] = inRecord - newRows
		}
		if *asJSON {
			if err := printJSON(e.stdout, sum); err != nil {
				return err
			}
			return importOutcome(failed, inRecord, idle, why, nRefused, missing, len(items))
		}
		if inRecord >= 0 {
			e.printf("imported %d turns in %.1fs: %d in the record (read back), %d refused", len(items), time.Since(start).Seconds(), inRecord, nRefused)
			if missing > 0 && idle {
				e.printf(", %d not in the record (refused now or on an earlier run of this file: memhive refusals; or a line repeating an earlier line's id or channel and ref, taken as that turn)", missing)
			} else if missing > 0 {
				e.printf(", %d not (yet) in the record", missing)
			}
		} else {
			e.printf("imported %d turns in %.1fs: %d refused; %s", len(items), time.Since(start).Seconds(), nRefused, why)
		}
		if newRows >= 0 && inRecord >= 0 {
			e.printf("; %d new rows, %d already in the record", newRows, sum["already_in_record"])
		}
		for code, n := range refused {
			e.printf(" (%s: %d)", code, n)
		}
		if failed > 0 {
			e.printf(", %d not published (see errors above)", failed)
		}
		if !idle {
			e.printf("; the appender is still committing")
		}
		e.printf("\n")
		for _, r := range refusedLines {
			where := "turn " + r.ID
			if r.Line > 0 {
				where = fmt.Sprintf("line %d", r.Line)
			}
			fmt.Fprintf(e.stderr, "  %s refused: %s: %s\n", where, r.Code, r.Message)
		}
		if nRefused > len(refusedLines) {
			fmt.Fprintf(e.stderr, "  … and %d more (memhive refusals --member M lists every one)\n", nRefused-len(refusedLines))
		}
		return importOutcome(failed, inRecord, idle, why, nRefused, missing, len(items))
	})
}

// importFlushTimeout bounds the wait for the stream to take one chunk of
// an import (memhive stopped mid-import would otherwise hold it for ever).
const importFlushTimeout = 2 * time.Minute

// flushImport waits until the stream holds the first n turns published.
func flushImport(ctx context.Context, c *lanes.Client, n int) error {
	fctx, cancel := context.WithTimeout(ctx, importFlushTimeout)
	defer cancel()
	if err := c.Flush(fctx); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("import interrupted after %d turns were published: run it again to resume (a turn's id is derived from its line, so none is written twice)", n)
		}
		return fmt.Errorf("the stream did not take the turns within %s (is memhive running?); %d were published: run the import again to resume (a turn's id is derived from its line, so none is written twice): %w", importFlushTimeout, n, err)
	}
	return nil
}

// importOutcome is the import's exit: an error (exit 1) when a turn was
// not published, the record could not be read back, or the appender had
// not committed everything; the summary above says which. An import that
// finished with refused lines, or with lines not in the record after the
// appender went idle (refused on an earlier run), exits 3 (partialError):
// the rest is in the record, but a script must not take the file as
// imported whole.
func importOutcome(failed, inRecord int, idle bool, why string, refused, missing, turns int) error {
	switch {
	case failed > 0:
		return fmt.Errorf("%d turns were not published (see above); run the import again to resume", failed)
	case inRecord < 0:
		return fmt.Errorf("the record could not be read back, so the import is not confirmed: %s", why)
	case !idle:
		return errors.New("the appender had not committed every turn when the import stopped waiting; run the import again to confirm (nothing is written twice)")
	case refused > 0:
		return partialError{fmt.Sprintf("%d of %d turns were refused and are not in the record (named above; memhive refusals --member M lists every one)", refused, turns)}
	case missing > 0:
		return partialError{fmt.Sprintf("%d of %d turns are not in the record: refused on an earlier run of this file (memhive refusals --member M), or lines repeating another line's id", missing, turns)}
	}
	return nil
}

// refusedLine is one refused turn of an import, for its report.
type refusedLine struct {
	Line    int          `json:"line,omitempty"` // in the JSONL file
	ID      string       `json:"id"`
	Code    memhive.Code `json:"code"`
	Message string       `json:"message"`
}

// maxRefusedLines is how many refused turns an import names.
const maxRefusedLines = 20

// canonicalID is id as the appender stores it (a ULID in its canonical
// upper-case form); anything else is returned as is.
func canonicalID(id string) string {
	if u, err := ulid.ParseStrict(id); err == nil {
		return u.String()
	}
	return id
}

// progress is a one-line progress bar on a terminal-ish writer.
type progress struct {
	w       io.Writer
	total   int
	on      bool
	started time.Time
}

func newProgress(w io.Writer, total int, on bool) *progress {
	return &progress{w: w, total: total, on: on, started: time.Now()}
}

func (p *progress) set(n int) {
	if !p.on || p.total == 0 {
		return
	}
	const width = 30
	filled := n * width / p.total
	rate := float64(n) / max(time.Since(p.started).Seconds(), 1e-3)
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d turns  %.0f/s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), n, p.total, rate)
}

func (p *progress) done() {
	if p.on {
		fmt.Fprintln(p.w)
	}
}

// lineID is the id of an imported line that names none, the same on every
// run of the same file, so that importing it again, or resuming an import
// that was cut off, writes no turn twice (the id goes out as the message's
// Nats-Msg-Id and becomes the episode's id). It is derived from the
// member, the channel and the line's ref (the client's own message id,
// which repeats across chats: Telegram numbers each chat's messages from
// 1) when it has one, else from the line's bytes and how many identical
// lines of that member came before it; its time part is the line's at
// when there is one.
func lineID(member, channel, ref, at string, raw []byte, seen map[[32]byte]int) string {
	var key [32]byte
	if ref != "" {
		key = sha256.Sum256([]byte("memhive import\x00" + member + "\x00ref\x00" + channel + "\x00" + ref))
	} else {
		k := sha256.Sum256(append([]byte("memhive import\x00"+member+"\x00line\x00"), bytes.TrimSpace(raw)...))
		n := seen[k]
		seen[k] = n + 1
		key = sha256.Sum256(append(k[:], strconv.Itoa(n)...))
	}
	return keyedID(key, at)
}

// legacyRefID is the id a line with a ref got before the channel was part
// of it (member and ref only): two chats' messages with one number and one
// time got one id, and the second was lost as the first's duplicate. An
// import or publish still uses it for a turn the record holds under it in
// the same channel, so that a file imported before is not written twice.
func legacyRefID(member, ref, at string) string {
	return keyedID(sha256.Sum256([]byte("memhive import\x00"+member+"\x00ref\x00"+ref)), at)
}

func keyedID(key [32]byte, at string) string {
	var id ulid.ULID
	if t, err := time.Parse(time.RFC3339Nano, at); err == nil && t.After(time.Unix(0, 0)) {
		_ = id.SetTime(ulid.Timestamp(t))
	}
	_ = id.SetEntropy(key[:10])
	return id.String()
}

// keepLegacyIDs gives each turn whose legacy id (legacyRefID) names a turn
// of the same member and channel in the record that legacy id, so that
// importing again what an older memhive imported writes nothing twice.
// legacy[i] is turn i's legacy id ("" when it has none); channels[i] its
// channel.
func keepLegacyIDs(ctx context.Context, q episodes.Querier, members, channels, legacy []string, turns []*lanes.Turn) error {
	var keys [][2]string
	for i, l := range legacy {
		if l != "" {
			keys = append(keys, [2]string{members[i], canonicalID(l)})
		}
	}
	if len(keys) == 0 {
		return nil
	}
	got, err := episodes.ChannelsOf(ctx, q, keys)
	if err != nil {
		return err
	}
	for i, l := range legacy {
		if ch, ok := got[[2]string{members[i], canonicalID(l)}]; ok && l != "" && ch == channels[i] {
			turns[i].ID = l
		}
	}
	return nil
}
