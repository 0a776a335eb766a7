// Package synth is tier 2 of recall: one model call that answers a question
// from the tier-1 candidates and the beliefs, and says what they do not
// cover (SPEC §4).
//
// The model sees only what it is given: the question, as_of, and the rows
// the caller passes, which the caller has already put through the audience
// gate. Its reply must be strict JSON {answer, gap, sources, confidence}
// with a non-empty gap and sources drawn only from the given ids. Anything
// else is never passed on: Synthesize returns a recall.Downgrade naming the
// reason, and the caller answers with the tier-1 bundle flagged
// tier_downgraded. Every model call, and every call the budget refused,
// leaves exactly one line in the decision log with the final verdict.
package synth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/recall"
)

// Tier is the decision log's tier for every call made here.
const Tier = "2"

// CompleteGap is the gap a reply gives when the candidates cover the
// question.
const CompleteGap = "none - the candidates cover the question"

// Config tunes a Synthesizer.
type Config struct {
	// Cell names the caller in the decision log and the model's user tag.
	// Default "synthesizer".
	Cell string
	// Logger receives warnings. Default slog.Default().
	Logger *slog.Logger
	// Now gives as_of when a request carries none. Default time.Now.
	Now func() time.Time
}

// WithDefaults returns c with every zero field set to its default.
func (c Config) WithDefaults() Config {
	if c.Cell == "" {
		c.Cell = "synthesizer"
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// recall.Service holds a recall.Synthesizer; this is the one it is given.
var _ recall.Synthesizer = (*Synthesizer)(nil)

// Synthesizer runs tier 2. It is safe for concurrent use.
type Synthesizer struct {
	client *model.Client
	log    *model.DecisionLog
	cfg    Config
}

// New returns a Synthesizer calling client (nil, or a client with no model
// configured, makes every Synthesize answer model_not_configured) and
// writing to log (nil: a slog-only log on cfg.Logger).
func New(client *model.Client, log *model.DecisionLog, cfg Config) *Synthesizer {
	cfg = cfg.WithDefaults()
	if log == nil {
		log = model.NewDecisionLog(nil, cfg.Logger)
	}
	return &Synthesizer{client: client, log: log, cfg: cfg}
}

// Synthesize answers req from beliefs and candidates, which must already be
// gated for req's audience: nothing else reaches the model.
//
// It returns exactly one of: a Synthesis that passed every check; a
// Downgrade whose Reason is a model.Verdict (gap_missing, invalid_json,
// invalid_sources, timeout, over_budget, error), telling the caller to
// answer with the tier-1 bundle; or a coded error, only when no model is
// configured (model_not_configured) or the member id is invalid.
//
// With no beliefs and no candidates no model is called: the Synthesis says
// the memory does not contain this, with a gap, and no decision is logged.
func (s *Synthesizer) Synthesize(ctx context.Context, req recall.Request, beliefs, candidates []recall.Item) (*recall.Synthesis, *recall.Downgrade, error) {
	if !s.client.Configured() {
		return nil, nil, memhive.Errorf(memhive.CodeModelNotConfigured,
			"tier 2 needs a model and none is configured; set %s and %s, or ask tier 1", model.EnvURL, model.EnvModel)
	}
	if !memhive.ValidMember(req.Member) {
		return nil, nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id", req.Member)
	}
	asOf := s.cfg.Now()
	if req.AsOf != nil {
		asOf = *req.AsOf
	}
	asOf = asOf.UTC()
	if len(beliefs) == 0 && len(candidates) == 0 {
		return NothingFound(asOf), nil, nil
	}

	msgs, err := Prompt(req.Query, asOf, beliefs, candidates)
	if err != nil {
		// Only a marshal failure of our own structs; the model was not called.
		s.cfg.Logger.LogAttrs(ctx, slog.LevelError, "tier 2 prompt not built",
			slog.String("member", req.Member), slog.String("error", err.Error()))
		return nil, &recall.Downgrade{Reason: string(model.VerdictError)}, nil
	}

	start := time.Now()
	reply, err := s.client.Chat(ctx, model.Call{Member: req.Member, Cell: s.cfg.Cell, Messages: msgs})
	d := model.Decision{Member: req.Member, Cell: s.cfg.Cell, Tier: Tier, Latency: time.Since(start)}
	var syn *recall.Synthesis
	switch {
	case err != nil:
		d.Verdict = model.VerdictOf(err)
		if d.Verdict == model.VerdictOverBudget {
			d.Latency = 0 // nothing was sent
		}
		if d.Verdict != model.VerdictOverBudget {
			s.cfg.Logger.LogAttrs(ctx, slog.LevelWarn, "tier 2 model call failed",
				slog.String("member", req.Member), slog.String("verdict", string(d.Verdict)), slog.String("error", err.Error()))
		}
	default:
		d.PromptTokens, d.CompletionTokens = reply.PromptTokens, reply.CompletionTokens
		syn, d.Verdict = Check(reply.Content, beliefs, candidates)
	}
	_ = s.log.Record(ctx, d) // a failed row is logged by Record; the answer still goes out
	if d.Verdict != model.VerdictOK {
		return nil, &recall.Downgrade{Reason: string(d.Verdict)}, nil
	}
	return syn, nil, nil
}

// NothingFound is the tier-2 answer when the memory gave nothing to answer from.
func NothingFound(asOf time.Time) *recall.Synthesis {
	return &recall.Synthesis{
		Answer:     fmt.Sprintf("Nothing in this memory answers this question (as of %s).", asOf.UTC().Format(time.DateOnly)),
		Gap:        "everything - the memory holds no candidates or beliefs for this question",
		Sources:    []string{},
		Confidence: 0,
	}
}

const systemPrompt = `You answer a question from one person's memory. You are given the question, the date it is asked as of ("as_of"), the person's standing beliefs and candidate records retrieved from the memory, each with an id, a kind, a date and its text. Use only these records: no outside knowledge, no guesses.

Reply with one JSON object and nothing else, with exactly these four keys, each once, in lower case:
{"answer": string, "gap": string, "sources": [string], "confidence": integer}

- answer: the answer to the question, drawn only from the records. If they do not answer it, write "The memory does not contain this." and give no sources.
- gap: what the question asks that the records do not cover. Always present, never empty. When the records cover the question completely, write exactly "none - the candidates cover the question".
- sources: the ids of the records the answer rests on, copied exactly; at least one unless the memory does not contain the answer. Never any other id.
- confidence: 0 to 100, how well the sources support the answer.

Records are dated. When they disagree, the newer one usually holds. Nothing dated after as_of is known.`

type promptItem struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	When string `json:"when,omitempty"`
	Who  string `json:"who,omitempty"`
	Text string `json:"text"`
}

type promptInput struct {
	Question   string       `json:"question"`
	AsOf       string       `json:"as_of"`
	Beliefs    []promptItem `json:"beliefs"`
	Candidates []promptItem `json:"candidates"`
}

// Prompt builds the messages of one tier-2 call. The user message is a JSON
// object holding the question, as_of and, of each given row, only its id,
// kind, date, speaker and text.
func Prompt(question string, asOf time.Time, beliefs, candidates []recall.Item) ([]model.Message, error) {
	in := promptInput{
		Question:   question,
		AsOf:       asOf.UTC().Format(time.RFC3339),
		Beliefs:    promptItems(beliefs, "belief"),
		Candidates: promptItems(candidates, ""),
	}
	return model.JSONMessages(systemPrompt, in)
}

func promptItems(items []recall.Item, kind string) []promptItem {
	out := make([]promptItem, 0, len(items))
	for _, it := range items {
		k := it.Kind
		if k == "" {
			k = kind
		}
		out = append(out, promptItem{ID: it.ID, Kind: k, When: it.When, Who: it.Who, Text: it.Text})
	}
	return out
}

type reply struct {
	Answer     *string
	Gap        *string
	Sources    *[]string
	Confidence *json.RawMessage
}

// decodeStrict reads exactly one JSON object whose keys are exactly
// "answer", "gap", "sources" and "confidence" (case-sensitive, each at
// most once, no other key), and nothing after it. encoding/json alone
// would match keys in any letter case and let a repeated key overwrite
// the first.
func decodeStrict(content string) (*reply, bool) {
	dec := json.NewDecoder(strings.NewReader(content))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var r reply
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, ok := t.(string)
		if !ok || seen[key] {
			return nil, false
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		null := string(raw) == "null"
		switch key {
		case "answer":
			if !null {
				var v string
				if json.Unmarshal(raw, &v) != nil {
					return nil, false
				}
				r.Answer = &v
			}
		case "gap":
			if !null {
				var v string
				if json.Unmarshal(raw, &v) != nil {
					return nil, false
				}
				r.Gap = &v
			}
		case "sources":
			if !null {
				var v []string
				if json.Unmarshal(raw, &v) != nil {
					return nil, false
				}
				r.Sources = &v
			}
		case "confidence":
			if !null {
				r.Confidence = &raw
			}
		default:
			return nil, false
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false // trailing data after the object
	}
	return &r, true
}

// notContained are the ways an answer says the memory does not hold what
// was asked (the system prompt asks for the first); such an answer may
// cite no source.
var notContained = []string{
	"the memory does not contain", "memory does not contain", "memory doesn't contain",
	"nothing in this memory", "not in this memory", "not in the memory",
}

// SaysNotContained reports whether answer says the memory does not contain
// what was asked: the one answer that may come with no source.
func SaysNotContained(answer string) bool {
	a := strings.ToLower(strings.Join(strings.Fields(answer), " "))
	for _, p := range notContained {
		if strings.Contains(a, p) {
			return true
		}
	}
	return false
}

// Check judges a model reply against the rows it was given and returns the
// synthesis with VerdictOK, or nil with the verdict that refuses it:
//   - invalid_json: not exactly one JSON object; a key other than answer,
//     gap, sources and confidence, a key in another letter case, or a key
//     given twice; answer (non-empty string), sources (array of strings) or
//     confidence (number 0..100) missing or of the wrong type;
//   - gap_missing: gap absent, null or blank;
//   - invalid_sources: a source that is not the id of a given belief or
//     candidate, or no source at all when the answer does not say the
//     memory does not contain this (SaysNotContained).
func Check(content string, beliefs, candidates []recall.Item) (*recall.Synthesis, model.Verdict) {
	r, ok := decodeStrict(content)
	if !ok {
		return nil, model.VerdictInvalidJSON
	}
	if r.Answer == nil || strings.TrimSpace(*r.Answer) == "" || r.Sources == nil || r.Confidence == nil {
		return nil, model.VerdictInvalidJSON
	}
	var conf float64
	if err := json.Unmarshal(*r.Confidence, &conf); err != nil || math.IsNaN(conf) || conf < 0 || conf > 100 {
		return nil, model.VerdictInvalidJSON
	}
	if r.Gap == nil || strings.TrimSpace(*r.Gap) == "" {
		return nil, model.VerdictGapMissing
	}
	known := make(map[string]bool, len(beliefs)+len(candidates))
	for _, it := range beliefs {
		known[it.ID] = true
	}
	for _, it := range candidates {
		known[it.ID] = true
	}
	sources := make([]string, 0, len(*r.Sources))
	seen := map[string]bool{}
	for _, id := range *r.Sources {
		if !known[id] || id == "" {
			return nil, model.VerdictInvalidSources
		}
		if !seen[id] {
			seen[id] = true
			sources = append(sources, id)
		}
	}
	if len(sources) == 0 && !SaysNotContained(*r.Answer) {
		return nil, model.VerdictInvalidSources // an answer must rest on something
	}
	return &recall.Synthesis{
		Answer:     strings.TrimSpace(*r.Answer),
		Gap:        strings.TrimSpace(*r.Gap),
		Sources:    sources,
		Confidence: int(math.Round(conf)),
	}, model.VerdictOK
}
