package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/lanes"
)

func cmdImport(e *env, args []string) error {
	fs := newFlags(e, "import", "import [--member M] FILE.jsonl | import --locomo FILE | import DIR (an export)", `
Import turns through the lanes, exactly as live turns arrive: each line of a
JSONL file is one turn (format v1; "member" in the line or --member), or
--locomo maps the LoCoMo file (member = sample id, ref = <sample_id>/<dia_id>,
audience = both speakers). Shows a progress bar, waits for the appender to
commit, and prints how many turns were accepted and refused. Importing the
same LoCoMo file twice writes nothing new (ids derive from the refs).
A directory written by 'memhive export' is imported whole or not at all (its
manifest, hashes and every line are checked first; the first bad line is
named), in one transaction, rows already there winning: importing the same
export twice writes 0 rows.`)
	member := fs.String("member", "", "member for lines without one")
	loco := fs.String("locomo", "", "a LoCoMo file (\"builtin\": the copy built into memhive)")
	data := fs.String("data", "", "data directory of a running memhive")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 1 && *loco == "" && isExport(fs.Arg(0)) {
		return cmdImportExport(e, fs.Arg(0), *data, *asJSON, *quiet)
	}
	e.jsonOut = *asJSON
	type item struct {
		member string
		turn   *lanes.Turn
		raw    []byte
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
				Member string `json:"member"`
				ID     string `json:"id"`
				Ref    string `json:"ref"`
			}
			_ = json.Unmarshal(b, &head)
			m := head.Member
			if m == "" {
				m = *member
			}
			if m == "" {
				return usagef("line %d has no member and --member is not given", line)
			}
			items = append(items, item{member: m, turn: &lanes.Turn{ID: head.ID, Ref: head.Ref}, raw: b})
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
		failed := 0
		c, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{Prefix: t.prefix(), Buffer: len(items) + 1, OnError: func(pe *lanes.PublishError) {
			mu.Lock()
			defer mu.Unlock()
			if me, ok := pe.Err.(*memhive.Error); ok {
				refused[me.Code]++
			} else {
				failed++
			}
		}})
		if err != nil {
			return err
		}
		defer c.Close()
		before, beforeOK := appenderCounts(nc, t.prefix())
		bar := newProgress(e.stderr, len(items), !*quiet)
		start := time.Now()
		const chunk = 500
		for i, it := range items {
			// A lane member token must be a subject token; anything else is refused by the appender.
			if err := c.PublishRaw(it.member, it.turn, it.raw); err != nil {
				return err
			}
			if (i+1)%chunk == 0 {
				if err := c.Flush(ctx); err != nil {
					return err
				}
				bar.set(i + 1)
			}
		}
		if err := c.Flush(ctx); err != nil {
			return err
		}
		bar.set(len(items))
		bar.done()
		committed := waitCommitted(ctx, nc, 5*time.Minute)
		after, afterOK := appenderCounts(nc, t.prefix())
		mu.Lock()
		defer mu.Unlock()
		nRefused := 0
		for _, n := range refused {
			nRefused += n
		}
		sum := map[string]any{"turns": len(items), "accepted": len(items) - nRefused - failed, "refused": nRefused,
			"refused_by_code": refused, "failed": failed, "committed": committed, "seconds": time.Since(start).Seconds()}
		newRows := -1
		if beforeOK && afterOK {
			newRows = int(after["accepted"] - before["accepted"])
			sum["new"] = newRows
			// Turns seen before are dropped by the stream's dedup window or,
			// later, by the record's key: either way they are already in it.
			sum["already_in_record"] = max(len(items)-nRefused-failed-newRows, 0)
		}
		if *asJSON {
			return printJSON(e.stdout, sum)
		}
		e.printf("imported %d turns in %.1fs: %d accepted, %d refused", len(items), time.Since(start).Seconds(), len(items)-nRefused-failed, nRefused)
		if newRows >= 0 {
			e.printf("; %d new rows, %d already in the record", newRows, sum["already_in_record"])
		}
		for code, n := range refused {
			e.printf(" (%s: %d)", code, n)
		}
		if failed > 0 {
			e.printf(", %d not published (see errors above)", failed)
		}
		if !committed {
			e.printf("; the appender is still committing")
		}
		e.printf("\n")
		return nil
	})
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

// appenderCounts asks the appender cell for its counters (accepted rows,
// duplicates); ok is false when it does not answer. With several memhive
// processes it is one process's view, so the import summary treats it as a hint.
func appenderCounts(nc *nats.Conn, prefix string) (map[string]int64, bool) {
	resp, err := nc.Request(prefix+".cell.appender.status", nil, 2*time.Second)
	if err != nil {
		return nil, false
	}
	var st struct {
		Stats map[string]int64 `json:"stats"`
	}
	if json.Unmarshal(resp.Data, &st) != nil || st.Stats == nil {
		return nil, false
	}
	return st.Stats, true
}
