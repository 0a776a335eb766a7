package cli

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/memhive/memhive/internal/bench"
)

func init() { benches["locomo"] = benchLocomo }

func benchLocomo(e *env, args []string) error {
	fs := newFlags(e, "bench locomo", "bench locomo [--file F] [--database URL] [--embedder wink|hash|none] [--with-facts] [--leg-limit N] [--recall-config JSON] [--ask-as speaker_a|speaker_b] [--keep] [--reuse SCHEMA] [--dump FILE] [--json]", `
LoCoMo retrieval (shared/eval/README.md): import the ten conversations into a
fresh schema (one member each), embed them, ask all 1,986 questions at tier 1
with limit 50, audience both speakers, as of an hour after the last session,
and report turn- and session-level recall@5/10/25/50 per category, overall
(all five categories) and for categories 1-4; conversations 1-5 (the only
ones to tune on) and 6-10 (held out) apart, with the cells where memhive is
not above BM25; a leg ablation re-fused from tier 1's diagnostic (also SPEC
§4's first fusion, K 60 and x1.5 per further leg, over the same legs); and
BM25 over the same turns in the same run.
--with-facts closes every session (deterministic extractor) and runs the
nightly pass before asking. --haystack N[,N…] also gives each member N turns
of other people's conversations (the other nine samples' turns, round robin,
their own speakers and sessions, heard by them and the member's two
speakers, on the same channel; half re-dated into the years before the
conversation, half into the months after it, questions asked as of an hour
after the last): one fresh schema per N, in the same run, then a summary.
See docs/benchmarks-method.md.`)
	file := fs.String("file", "", "the LoCoMo file (default: $MEMHIVE_LOCOMO, else the copy built into memhive)")
	dbURL := fs.String("database", "", "Postgres URL (default MEMHIVE_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)")
	embedder := fs.String("embedder", "wink", "built-in embedder: wink, hash or none")
	withFacts := fs.Bool("with-facts", false, "close every session and run nightly before asking")
	legLimit := fs.Int("leg-limit", 0, "candidates per tier-1 leg (0: recall's default)")
	recallCfg := fs.String("recall-config", "", `a recall configuration (JSON, the keys of the hive template's recall params, e.g. {"session_spread_cap": -1}) to ask with instead of the default`)
	askAs := fs.String("ask-as", "", "ask as speaker_a or speaker_b of each conversation (default: as the member), so that the self leg (facts about the asker) takes part; with --with-facts")
	limit := fs.Int("limit", 50, "tier-1 limit")
	parallel := fs.Int("parallel", 2, "questions asked at once")
	keep := fs.Bool("keep", false, "keep the schema at the end (its name is printed)")
	reuse := fs.String("reuse", "", "reuse this kept schema instead of a fresh one (import is idempotent)")
	dump := fs.String("dump", "", "write one JSON line per question to this file")
	haystack := fs.String("haystack", "0", "turns of other people's conversations per member; a comma-separated list runs each")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	var hays []int
	for _, f := range strings.Split(*haystack, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return usagef("--haystack wants counts ≥ 0 separated by commas, not %q", *haystack)
		}
		hays = append(hays, n)
	}
	if len(hays) > 1 && (*reuse != "" || *dump != "") {
		return usagef("--reuse and --dump take one --haystack count")
	}
	url := *dbURL
	if url == "" {
		url = bench.DefaultURL()
	}
	ctx, cancel := signalContext()
	defer cancel()
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if len(hays) > 1 {
		var all []*bench.LocomoResult
		for _, n := range hays {
			fmt.Fprintf(e.stderr, "haystack %d turns a member\n", n)
			db, err := bench.OpenSchema(ctx, url, "", "bench_locomo", false, 8)
			if err != nil {
				return err
			}
			res, err := bench.RunLocomo(ctx, db, bench.LocomoOptions{File: *file, Embedder: *embedder, WithFacts: *withFacts,
				LegLimit: *legLimit, Limit: *limit, Parallel: *parallel, Haystack: n, Progress: e.stderr, Logger: log})
			closeSchema(e, db, *keep)
			if err != nil {
				return err
			}
			all = append(all, res)
		}
		if *asJSON {
			return printJSON(e.stdout, all)
		}
		for _, r := range all {
			fmt.Fprintf(e.stdout, "\n=== haystack %d turns a member ===\n", r.Haystack)
			printLocomo(e.stdout, r)
		}
		printHaystackSummary(e.stdout, all)
		return nil
	}

	db, err := bench.OpenSchema(ctx, url, *reuse, "bench_locomo", *reuse != "", 8)
	if err != nil {
		return err
	}
	defer closeSchema(e, db, *keep || *reuse != "")
	if *askAs != "" && *askAs != "speaker_a" && *askAs != "speaker_b" {
		return usagef("--ask-as %q: want speaker_a or speaker_b", *askAs)
	}
	o := bench.LocomoOptions{File: *file, Embedder: *embedder, WithFacts: *withFacts, LegLimit: *legLimit, Limit: *limit, Recall: *recallCfg, AskAs: *askAs,
		Parallel: *parallel, Haystack: hays[0], Progress: e.stderr, Logger: log}
	if *dump != "" {
		f, err := os.Create(*dump)
		if err != nil {
			return err
		}
		defer f.Close()
		o.Dump = f
	}
	res, err := bench.RunLocomo(ctx, db, o)
	if err != nil {
		return err
	}
	if *asJSON {
		return printJSON(e.stdout, res)
	}
	printLocomo(e.stdout, res)
	return nil
}

func printLocomo(w io.Writer, r *bench.LocomoResult) {
	fmt.Fprintf(w, "LoCoMo retrieval, %s\n", r.Date)
	fmt.Fprintf(w, "machine: %d CPUs (%s), %s, PostgreSQL %s, pgvector %s, load average %s\n", r.Machine.CPUs, r.Machine.CPUModel, r.Machine.MemoryGB, r.Machine.Postgres, r.Machine.PGVector, r.Machine.LoadAvg)
	fmt.Fprintf(w, "%d samples, %d turns (haystack %d a member), %d questions; embedder %s; facts %v", r.Samples, r.Turns, r.Haystack, r.Questions, r.Embedder, r.WithFacts)
	if r.WithFacts {
		fmt.Fprintf(w, " (%d facts, %d entities)", r.Facts, r.Entities)
	}
	fmt.Fprintf(w, "; tier 1 limit %d, leg limit %d\n", r.Limit, r.LegLimit)
	fmt.Fprintf(w, "tier-1 latency in this run: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms\n\n", r.RecallMS[0], r.RecallMS[1], r.RecallMS[2])

	fmt.Fprintln(w, "Turn-level recall@k (%)")
	printRecallTable(w, []bench.Table{r.Memhive, r.BM25}, measureTurn)
	fmt.Fprintln(w, "\nSession-level recall@k (%)")
	printRecallTable(w, []bench.Table{r.Memhive, r.BM25}, measureSession)
	fmt.Fprintln(w, "\nSession recall_all@k (%): every evidence session among the first k distinct sessions")
	printRecallTable(w, []bench.Table{r.Memhive, r.BM25}, measureAll)
	if len(r.Split) == 4 {
		fmt.Fprintln(w, "\nTurn-level recall@k (%), conversations 1-5 (tuning)")
		printRecallTable(w, r.Split[:2], measureTurn)
		fmt.Fprintln(w, "\nTurn-level recall@k (%), conversations 6-10 (held out from tuning)")
		printRecallTable(w, r.Split[2:], measureTurn)
		fmt.Fprintf(w, "\nmemhive not above BM25, conversations 1-5: %s\n", notAbove(r.Split[0], r.Split[1]))
		fmt.Fprintf(w, "memhive not above BM25, conversations 6-10 (held out): %s\n", notAbove(r.Split[2], r.Split[3]))
	}
	if r.EpisodesOnly != nil {
		fmt.Fprintln(w, "\nTurn-level recall@k (%), fact items counted as misses")
		printRecallTable(w, []bench.Table{*r.EpisodesOnly}, measureTurn)
	}
	m, b := r.Memhive.Row("overall").Turn, r.BM25.Row("overall").Turn
	fmt.Fprintf(w, "\nmemhive / BM25, overall turn recall: @5 %.2f  @10 %.2f  @25 %.2f  @50 %.2f\n",
		ratio(m[0], b[0]), ratio(m[1], b[1]), ratio(m[2], b[2]), ratio(m[3], b[3]))

	fmt.Fprintln(w, "\nLeg ablation (re-fused from the diagnostic), turn-level recall@k (%), overall | categories 1-4")
	fmt.Fprintf(w, "  %-22s %6s %6s %6s %6s | %6s %6s %6s %6s\n", "variant", "@5", "@10", "@25", "@50", "@5", "@10", "@25", "@50")
	for _, t := range r.Ablation {
		o, c := t.Row("overall").Turn, t.Row("1-4").Turn
		fmt.Fprintf(w, "  %-22s %6.1f %6.1f %6.1f %6.1f | %6.1f %6.1f %6.1f %6.1f\n", t.Name, o[0], o[1], o[2], o[3], c[0], c[1], c[2], c[3])
	}
	fmt.Fprintf(w, "  (re-fused top 10 differs from the answer's in %d of %d questions)\n", r.RefusedMismatch, r.Questions)

	fmt.Fprintln(w, "\nLegs")
	for _, l := range r.Legs {
		fmt.Fprintf(w, "  %-9s voted in %4d questions, mean %.1f candidates", l.Leg, l.Voted, l.MeanCandidates)
		if len(l.Modes) > 0 {
			fmt.Fprintf(w, "; modes %v", l.Modes)
		}
		if len(l.Missing) > 0 {
			fmt.Fprintf(w, "; missing %v", l.Missing)
		}
		fmt.Fprintln(w)
	}
	var secs []string
	for _, k := range []string{"import", "close_and_nightly", "embed", "ask"} {
		if v, ok := r.Seconds[k]; ok {
			secs = append(secs, fmt.Sprintf("%s %.1fs", k, v))
		}
	}
	fmt.Fprintf(w, "\ntime: %s\n", strings.Join(secs, ", "))
}

// The measures printRecallTable prints.
const (
	measureTurn    = iota // Row.Turn
	measureSession        // Row.Session
	measureAll            // Row.SessionAll
)

func printRecallTable(w io.Writer, ts []bench.Table, measure int) {
	fmt.Fprintf(w, "  %-16s %5s", "category", "n")
	for _, t := range ts {
		fmt.Fprintf(w, " | %-27s", shortName(t.Name))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  %-16s %5s", "", "")
	for range ts {
		fmt.Fprintf(w, " | %6s %6s %6s %6s", "@5", "@10", "@25", "@50")
	}
	fmt.Fprintln(w)
	for _, g := range bench.Groups {
		row := ts[0].Row(g)
		if row.Questions == 0 {
			continue
		}
		fmt.Fprintf(w, "  %-16s %5d", g+" "+shortGroup(g), row.Questions)
		for _, t := range ts {
			v := t.Row(g).Turn
			switch measure {
			case measureSession:
				v = t.Row(g).Session
			case measureAll:
				v = t.Row(g).SessionAll
			}
			fmt.Fprintf(w, " | %6.1f %6.1f %6.1f %6.1f", v[0], v[1], v[2], v[3])
		}
		fmt.Fprintln(w)
	}
}

func shortName(n string) string {
	if i := strings.Index(n, ","); i > 0 {
		return n[:i]
	}
	return n
}

func shortGroup(g string) string {
	switch g {
	case "overall", "1-4":
		return ""
	}
	return bench.GroupNames[g]
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// printHaystackSummary is overall turn recall@k of memhive and BM25 at each
// haystack size of one run, and memhive's change from the first size.
func printHaystackSummary(w io.Writer, rs []*bench.LocomoResult) {
	fmt.Fprintln(w, "\nHaystack summary, overall turn-level recall@k (%)")
	fmt.Fprintf(w, "  %9s | %-27s | %-27s | %s\n", "haystack", "memhive @5 @10 @25 @50", "BM25 @5 @10 @25 @50", "memhive @10 change")
	base := rs[0].Memhive.Row("overall").Turn[1]
	for _, r := range rs {
		m, b := r.Memhive.Row("overall").Turn, r.BM25.Row("overall").Turn
		fmt.Fprintf(w, "  %9d | %6.1f %6.1f %6.1f %6.1f | %6.1f %6.1f %6.1f %6.1f | %+.1f\n", r.Haystack,
			m[0], m[1], m[2], m[3], b[0], b[1], b[2], b[3], m[1]-base)
	}
}

// notAbove lists the cells (group @k) where m's turn recall is not above
// b's, or says none.
func notAbove(m, b bench.Table) string {
	var out []string
	for _, g := range bench.Groups {
		mr, br := m.Row(g), b.Row(g)
		if mr.Questions == 0 {
			continue
		}
		for i, k := range bench.Ks {
			if mr.Turn[i] <= br.Turn[i] {
				out = append(out, fmt.Sprintf("%s @%d (%.1f vs %.1f)", g, k, mr.Turn[i], br.Turn[i]))
			}
		}
	}
	if len(out) == 0 {
		return "none (above at every k in every category)"
	}
	return strings.Join(out, ", ")
}
