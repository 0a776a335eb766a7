package synth_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/logbuf"
	"github.com/memhive/memhive/internal/modeltest"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/synth"
)

// The method recall.Service calls; *synth.Synthesizer must have exactly it.
var _ interface {
	Synthesize(ctx context.Context, req recall.Request, beliefs, candidates []recall.Item) (*recall.Synthesis, *recall.Downgrade, error)
} = (*synth.Synthesizer)(nil)

var asOf = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

var beliefs = []recall.Item{{Kind: "belief", ID: "b-diet", Text: "alice is vegetarian"}}

var candidates = []recall.Item{
	{Kind: "episode", ID: "ep-01", When: "2025-05-20T09:00:00Z", Who: "member:alice", Text: "We booked the cabin in Tromsø for July."},
	{Kind: "fact", ID: "f-02", When: "2025-05-21T10:00:00Z", Text: "alice travels_to Tromsø"},
}

// decisionLines returns the "model decision" slog lines in buf, decoded.
func decisionLines(t *testing.T, buf *logbuf.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("slog line %q: %v", l, err)
		}
		if m["msg"] == "model decision" {
			out = append(out, m)
		}
	}
	return out
}

type decisionRow struct {
	Cell, Tier, Verdict string
	LatencyMS, PT, CT   int
}

func decisionRows(t *testing.T, pool *pgxpool.Pool, member string) []decisionRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT cell, coalesce(tier, ''), verdict, latency_ms, prompt_tokens, completion_tokens
        FROM decision_log WHERE member_id = $1 ORDER BY id`, member)
	if err != nil {
		t.Fatalf("query decision_log: %v", err)
	}
	defer rows.Close()
	var out []decisionRow
	for rows.Next() {
		var r decisionRow
		if err := rows.Scan(&r.Cell, &r.Tier, &r.Verdict, &r.LatencyMS, &r.PT, &r.CT); err != nil {
			t.Fatalf("scan: %v", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("rows: %v", err)
	}
	return out
}

type bundle struct {
	srv  *modeltest.Server
	syn  *synth.Synthesizer
	logs *logbuf.Buffer
}

// setup returns a synthesizer on a scripted server, logging decisions to
// pool (shared by the cases, each with its own member) and to a buffer.
func setup(t *testing.T, pool *pgxpool.Pool, cfg model.Config, opts []model.Option, rs ...modeltest.Response) bundle {
	t.Helper()
	srv := modeltest.New(t, rs...)
	cfg.URL, cfg.Model = srv.URL, "test-model"
	client, err := model.New(cfg, opts...)
	if err != nil {
		t.Fatalf("model.New: %v", err)
	}
	logs := &logbuf.Buffer{}
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	var db model.Execer // a nil *pgxpool.Pool must stay a nil interface
	if pool != nil {
		db = pool
	}
	syn := synth.New(client, model.NewDecisionLog(db, logger), synth.Config{Logger: logger})
	return bundle{srv: srv, syn: syn, logs: logs}
}

func request(member string) recall.Request {
	at := asOf
	return recall.Request{Member: member, Query: "Where is alice going in July?", Tier: "2",
		Audience: []string{"member:" + member}, Channel: "web:chat", AsOf: &at}
}

func good(sources ...string) string {
	if sources == nil {
		sources = []string{}
	}
	b, _ := json.Marshal(map[string]any{"answer": "To Tromsø, a cabin booked for July.", "gap": synth.CompleteGap,
		"sources": sources, "confidence": 85})
	return string(b)
}

// MUST-SHOW 1 and 3: every scripted case gives the right result, and each
// call leaves exactly one decision_log row and one slog line with its verdict.
func TestSynthesizeVerdicts(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)

	spent := model.NewBudget(1, 100)
	if err := spent.Take("m-over-budget", time.Now()); err != nil {
		t.Fatalf("spend budget: %v", err)
	}

	cases := []struct {
		name     string
		resp     *modeltest.Response
		cfg      model.Config
		opts     []model.Option
		verdict  model.Verdict
		requests int
	}{
		{name: "good", resp: &modeltest.Response{Content: good("ep-01", "f-02", "b-diet", "ep-01"), PromptTokens: 300, CompletionTokens: 40},
			verdict: model.VerdictOK, requests: 1},
		{name: "missing gap", resp: &modeltest.Response{Content: `{"answer":"Tromsø","sources":["ep-01"],"confidence":80}`},
			verdict: model.VerdictGapMissing, requests: 1},
		{name: "empty gap", resp: &modeltest.Response{Content: `{"answer":"Tromsø","gap":"  ","sources":["ep-01"],"confidence":80}`},
			verdict: model.VerdictGapMissing, requests: 1},
		{name: "null gap", resp: &modeltest.Response{Content: `{"answer":"Tromsø","gap":null,"sources":["ep-01"],"confidence":80}`},
			verdict: model.VerdictGapMissing, requests: 1},
		{name: "invalid json", resp: &modeltest.Response{Content: `{"answer":"Tromsø","gap":"none`},
			verdict: model.VerdictInvalidJSON, requests: 1},
		{name: "prose not json", resp: &modeltest.Response{Content: `Alice is going to Tromsø.`},
			verdict: model.VerdictInvalidJSON, requests: 1},
		{name: "trailing text", resp: &modeltest.Response{Content: good("ep-01") + ` hope that helps`},
			verdict: model.VerdictInvalidJSON, requests: 1},
		{name: "sources not strings", resp: &modeltest.Response{Content: `{"answer":"Tromsø","gap":"none","sources":[1],"confidence":80}`},
			verdict: model.VerdictInvalidJSON, requests: 1},
		{name: "confidence out of range", resp: &modeltest.Response{Content: `{"answer":"Tromsø","gap":"none","sources":[],"confidence":400}`},
			verdict: model.VerdictInvalidJSON, requests: 1},
		{name: "invented source", resp: &modeltest.Response{Content: good("ep-01", "ep-99")},
			verdict: model.VerdictInvalidSources, requests: 1},
		{name: "timeout", resp: &modeltest.Response{Content: good("ep-01"), Delay: time.Minute},
			cfg: model.Config{Timeout: 50 * time.Millisecond}, verdict: model.VerdictTimeout, requests: 1},
		{name: "500", resp: &modeltest.Response{Status: 500},
			verdict: model.VerdictError, requests: 1},
		{name: "over budget", resp: nil, opts: []model.Option{model.WithBudget(spent)},
			verdict: model.VerdictOverBudget, requests: 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			member := "m-" + strings.ReplaceAll(tc.name, " ", "-")
			var rs []modeltest.Response
			if tc.resp != nil {
				rs = append(rs, *tc.resp)
			}
			b := setup(t, pool, tc.cfg, tc.opts, rs...)

			syn, down, err := b.syn.Synthesize(context.Background(), request(member), beliefs, candidates)
			if err != nil {
				t.Fatalf("Synthesize: %v", err)
			}
			if tc.verdict == model.VerdictOK {
				if down != nil || syn == nil {
					t.Fatalf("got synthesis %+v, downgrade %+v; want a synthesis", syn, down)
				}
				want := recall.Synthesis{Answer: "To Tromsø, a cabin booked for July.", Gap: synth.CompleteGap,
					Sources: []string{"ep-01", "f-02", "b-diet"}, Confidence: 85}
				if fmt.Sprint(*syn) != fmt.Sprint(want) {
					t.Fatalf("synthesis = %+v, want %+v", *syn, want)
				}
			} else {
				if syn != nil || down == nil || down.Reason != string(tc.verdict) {
					t.Fatalf("got synthesis %+v, downgrade %+v; want downgrade %q", syn, down, tc.verdict)
				}
			}
			if n := b.srv.Count(); n != tc.requests {
				t.Fatalf("server saw %d requests, want %d", n, tc.requests)
			}

			rows := decisionRows(t, pool, member)
			if len(rows) != 1 {
				t.Fatalf("decision_log rows = %d, want exactly 1: %+v", len(rows), rows)
			}
			r := rows[0]
			if r.Cell != "synthesizer" || r.Tier != "2" || r.Verdict != string(tc.verdict) {
				t.Fatalf("row = %+v, want cell synthesizer, tier 2, verdict %s", r, tc.verdict)
			}
			if tc.requests == 1 && tc.resp.Status == 0 && tc.resp.Delay == 0 {
				pt, ct := tc.resp.PromptTokens, tc.resp.CompletionTokens
				if pt == 0 {
					pt, ct = 11, 7 // modeltest's defaults
				}
				if r.PT != pt || r.CT != ct {
					t.Fatalf("row tokens = %d/%d, want %d/%d", r.PT, r.CT, pt, ct)
				}
			} else if r.PT != 0 || r.CT != 0 {
				t.Fatalf("row tokens = %d/%d, want 0/0 without a reply", r.PT, r.CT)
			}
			if tc.verdict == model.VerdictOverBudget && r.LatencyMS != 0 {
				t.Fatalf("over-budget latency = %d, want 0", r.LatencyMS)
			}

			lines := decisionLines(t, b.logs)
			if len(lines) != 1 {
				t.Fatalf("decision slog lines = %d, want exactly 1:\n%s", len(lines), b.logs.String())
			}
			l := lines[0]
			for k, v := range map[string]any{"member": member, "cell": "synthesizer", "tier": "2",
				"verdict": string(tc.verdict), "latency_ms": float64(r.LatencyMS),
				"prompt_tokens": float64(r.PT), "completion_tokens": float64(r.CT)} {
				if l[k] != v {
					t.Errorf("slog %s = %v, want %v", k, l[k], v)
				}
			}
			if strings.Contains(b.logs.String(), "Tromsø") {
				t.Errorf("logs carry memory text:\n%s", b.logs.String())
			}
		})
	}
}

// What was sent: the question, as_of, the given rows' ids, kinds, dates and
// texts, in JSON mode, at temperature 0, tagged with member and cell.
func TestSynthesizeSendsOnlyWhatItIsGiven(t *testing.T) {
	t.Parallel()
	b := setup(t, nil, model.Config{}, nil, modeltest.Response{Content: good("ep-01")})
	extra := candidates[0]
	extra.Previously = &recall.Item{Kind: "fact", ID: "f-old", Text: "alice travels_to Oslo"}
	extra.Extra = json.RawMessage(`{"secret":"not for the model"}`)
	if _, down, err := b.syn.Synthesize(context.Background(), request("alice"), beliefs,
		[]recall.Item{extra, candidates[1]}); err != nil || down != nil {
		t.Fatalf("Synthesize: down=%+v err=%v", down, err)
	}
	reqs := b.srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("requests = %d", len(reqs))
	}
	cr, err := reqs[0].Chat()
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if cr.User != "memhive:alice:synthesizer" || cr.Temperature == nil || *cr.Temperature != 0 ||
		cr.ResponseFormat == nil || cr.ResponseFormat.Type != "json_object" {
		t.Fatalf("request = %+v", cr)
	}
	if len(cr.Messages) != 2 || cr.Messages[0].Role != "system" || !strings.Contains(cr.Messages[0].Content, synth.CompleteGap) {
		t.Fatalf("messages = %+v", cr.Messages)
	}
	var in struct {
		Question   string
		AsOf       string `json:"as_of"`
		Beliefs    []map[string]string
		Candidates []map[string]string
	}
	if err := json.Unmarshal([]byte(cr.Messages[1].Content), &in); err != nil {
		t.Fatalf("user message is not JSON: %v\n%s", err, cr.Messages[1].Content)
	}
	if in.Question != "Where is alice going in July?" || in.AsOf != "2025-06-01T12:00:00Z" {
		t.Fatalf("question/as_of = %q/%q", in.Question, in.AsOf)
	}
	if len(in.Beliefs) != 1 || in.Beliefs[0]["id"] != "b-diet" || in.Beliefs[0]["kind"] != "belief" {
		t.Fatalf("beliefs = %+v", in.Beliefs)
	}
	wantC := []map[string]string{
		{"id": "ep-01", "kind": "episode", "when": "2025-05-20T09:00:00Z", "who": "member:alice", "text": "We booked the cabin in Tromsø for July."},
		{"id": "f-02", "kind": "fact", "when": "2025-05-21T10:00:00Z", "text": "alice travels_to Tromsø"},
	}
	if fmt.Sprint(in.Candidates) != fmt.Sprint(wantC) {
		t.Fatalf("candidates = %+v, want %+v", in.Candidates, wantC)
	}
	body := string(reqs[0].Body)
	for _, leak := range []string{"f-old", "Oslo", "not for the model"} {
		if strings.Contains(body, leak) {
			t.Fatalf("request body carries %q, which was not a given row's id or text", leak)
		}
	}
}

func TestSynthesizeWithNothingCallsNoModel(t *testing.T) {
	t.Parallel()
	b := setup(t, nil, model.Config{}, nil)
	syn, down, err := b.syn.Synthesize(context.Background(), request("alice"), nil, nil)
	if err != nil || down != nil || syn == nil {
		t.Fatalf("got %+v, %+v, %v; want a synthesis", syn, down, err)
	}
	if !strings.Contains(syn.Answer, "Nothing in this memory answers this question (as of 2025-06-01)") ||
		strings.TrimSpace(syn.Gap) == "" || syn.Sources == nil || len(syn.Sources) != 0 {
		t.Fatalf("synthesis = %+v", syn)
	}
	if n := b.srv.Count(); n != 0 {
		t.Fatalf("server saw %d requests, want 0", n)
	}
	if lines := decisionLines(t, b.logs); len(lines) != 0 {
		t.Fatalf("decision lines = %d, want 0 without a call", len(lines))
	}
}

func TestSynthesizeWithoutModel(t *testing.T) {
	t.Parallel()
	unconfigured, err := model.New(model.Config{})
	if err != nil {
		t.Fatalf("model.New: %v", err)
	}
	for _, c := range []*model.Client{nil, unconfigured} {
		s := synth.New(c, nil, synth.Config{})
		for _, cands := range [][]recall.Item{candidates, nil} {
			syn, down, err := s.Synthesize(context.Background(), request("alice"), nil, cands)
			if memhive.CodeOf(err) != memhive.CodeModelNotConfigured || syn != nil || down != nil {
				t.Fatalf("got %+v, %+v, %v; want model_not_configured", syn, down, err)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	cases := map[string]model.Verdict{
		good("ep-01"): model.VerdictOK,
		good():        model.VerdictInvalidSources, // an answer with no source rests on nothing
		`{"answer":"x","gap":"g","sources":["ep-01"],"confidence":72.6}`: model.VerdictOK,
		// no source only when the answer says the memory does not contain it
		`{"answer":"The memory does not contain this.","gap":"everything","sources":[],"confidence":0}`:     model.VerdictOK,
		`{"answer":"Berlin","gap":"none - the candidates cover the question","sources":[]}`:                 model.VerdictInvalidJSON,
		`{"answer":"Berlin","gap":"none - the candidates cover the question","sources":[],"confidence":90}`: model.VerdictInvalidSources,
		// exact keys: letter case, duplicates, strangers
		`{"Answer":"x","gap":"g","sources":["ep-01"],"confidence":1}`:                 model.VerdictInvalidJSON,
		`{"answer":"x","GAP":"g","gap":"g","sources":["ep-01"],"confidence":1}`:       model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","sources":["ep-01"],"Sources":[],"confidence":1}`:    model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","sources":["ep-01"],"confidence":1,"answer":"y"}`:    model.VerdictInvalidJSON,
		`{"answer":"x","gap":"","gap":"g","sources":["ep-01"],"confidence":1}`:        model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","sources":["ep-01"],"confidence":1,"reasoning":"r"}`: model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","sources":["ep-01"],"confidence":1} {}`:              model.VerdictInvalidJSON,
		`{"answer":"","gap":"g","sources":[],"confidence":1}`:                         model.VerdictInvalidJSON,
		`{"gap":"g","sources":[],"confidence":1}`:                                     model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","confidence":1}`:                                     model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","sources":[]}`:                                       model.VerdictInvalidJSON,
		`{"answer":"x","gap":"g","sources":[],"confidence":"hi"}`:                     model.VerdictInvalidJSON,
		`{"answer":"x","gap":7,"sources":[],"confidence":1}`:                          model.VerdictInvalidJSON,
		`[{"answer":"x"}]`: model.VerdictInvalidJSON,
		`null`:             model.VerdictInvalidJSON,
		``:                 model.VerdictInvalidJSON,
		"```json\n{}\n```": model.VerdictInvalidJSON,
		`{"answer":"x","gap":"","sources":[],"confidence":1}`:         model.VerdictGapMissing,
		`{"answer":"x","gap":"g","sources":[""],"confidence":1}`:      model.VerdictInvalidSources,
		`{"answer":"x","gap":"g","sources":["EP-01"],"confidence":1}`: model.VerdictInvalidSources,
	}
	for content, want := range cases {
		syn, got := synth.Check(content, beliefs, candidates)
		if got != want || (got == model.VerdictOK) != (syn != nil) {
			t.Errorf("Check(%s) = %+v, %s; want %s", content, syn, got, want)
		}
	}
	if syn, _ := synth.Check(`{"answer":"x","gap":"g","sources":["ep-01"],"confidence":72.6}`, beliefs, candidates); syn == nil || syn.Confidence != 73 {
		t.Errorf("confidence = %d, want 73", syn.Confidence)
	}
}

func FuzzCheck(f *testing.F) {
	f.Add(good("ep-01"))
	f.Add(`{"answer":"x","gap":"","sources":["zz"],"confidence":1e308}`)
	f.Add(`{"answer":"x","gap":"g","sources":["ep-01"],"confidence":-0}`)
	f.Fuzz(func(t *testing.T, content string) {
		syn, v := synth.Check(content, beliefs, candidates)
		if (v == model.VerdictOK) != (syn != nil) {
			t.Fatalf("verdict %s with synthesis %+v", v, syn)
		}
		if syn == nil {
			return
		}
		if strings.TrimSpace(syn.Gap) == "" || syn.Answer == "" || syn.Confidence < 0 || syn.Confidence > 100 {
			t.Fatalf("passed a bad synthesis: %+v", syn)
		}
		ok := map[string]bool{"ep-01": true, "f-02": true, "b-diet": true}
		for _, s := range syn.Sources {
			if !ok[s] {
				t.Fatalf("passed an invented source %q", s)
			}
		}
	})
}

// An endpoint that is down (connection refused) downgrades with "error".
func TestSynthesizeEndpointDown(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	url := "http://" + ln.Addr().String() + "/v1"
	ln.Close() // nothing listens there now
	client, err := model.New(model.Config{URL: url, Model: "m"})
	if err != nil {
		t.Fatalf("model.New: %v", err)
	}
	logs := &logbuf.Buffer{}
	s := synth.New(client, nil, synth.Config{Logger: slog.New(slog.NewJSONHandler(logs, nil))})
	syn, down, err := s.Synthesize(context.Background(), request("alice"), beliefs, candidates)
	if err != nil || syn != nil || down == nil || down.Reason != "error" {
		t.Fatalf("got %+v, %+v, %v; want downgrade error", syn, down, err)
	}
	if lines := decisionLines(t, logs); len(lines) != 1 || lines[0]["verdict"] != "error" {
		t.Fatalf("decision lines = %+v", lines)
	}
}
