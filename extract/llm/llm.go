// Package llm is the optional model extractor (SPEC §6): one call to an
// OpenAI-compatible model per audience group of a session, asking for
// strict JSON verdicts (add, correct, retract) on the facts the turns state.
//
// It lives in its own package, not in package extract, so that the default
// extractor (extract.Patterns) keeps linking nothing that can reach the
// network; extract's own test proves that.
//
// The reply is checked strictly. A reply that is not one JSON object of the
// agreed shape is an error (the close pass retries the session later) and
// leaves a decision-log line with verdict invalid_json. Inside a valid
// reply, an item with an unknown verdict or kind, a missing field, a
// confidence outside 0..100, or an episode id the session did not give is
// dropped and counted; the rest are kept.
package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/model"
)

// DefaultCell names the extractor in the decision log and the user tag.
const DefaultCell = "extractor"

// correctionBoost is added to a correction's confidence (capped at 100), so
// a correction outranks the fact it corrects when both are read together.
const correctionBoost = 10

var _ extract.Extractor = (*Model)(nil)

// Model is the model extractor. Client is required (nil, or a client with
// no model configured, makes every Extract fail with model_not_configured);
// Log nil writes the decision only to slog.Default(); Cell "" is
// DefaultCell; Logger nil is slog.Default().
type Model struct {
	Client *model.Client
	Log    *model.DecisionLog
	Cell   string
	Logger *slog.Logger
}

// Report counts what one call's reply held.
type Report struct {
	Added     int // add items kept
	Corrected int // correct items kept
	Retracted int // retract items seen (valid ones); never applied
	Dropped   int // items refused by the checks
}

// Extract implements extract.Extractor; see ExtractReport.
func (m *Model) Extract(ctx context.Context, s extract.Session) ([]extract.Fact, error) {
	facts, rep, err := m.ExtractReport(ctx, s)
	if err != nil {
		return nil, err
	}
	if rep.Retracted > 0 || rep.Dropped > 0 {
		m.logger().LogAttrs(ctx, slog.LevelInfo, "model extractor reply",
			slog.String("member", s.Member), slog.String("session", s.SessionID),
			slog.Int("added", rep.Added), slog.Int("corrected", rep.Corrected),
			slog.Int("retracted", rep.Retracted), slog.Int("dropped", rep.Dropped))
	}
	return facts, nil
}

// ExtractReport makes one model call for s and returns the facts it kept
// and the counts of the reply. Assistant turns are not sent (an assistant's
// "I" is not the member); a session with no other turns makes no call.
//
// add and correct items both become facts: a correction is a new version
// whose higher confidence and later turn let the nightly pass supersede the
// old fact on its chain. retract items are only counted in the Report and
// logged: a model's say-so never removes or hides a fact; retracting stays
// the member's act (forget) or a reviewer's after review_memories.
func (m *Model) ExtractReport(ctx context.Context, s extract.Session) ([]extract.Fact, Report, error) {
	var rep Report
	if !m.Client.Configured() {
		return nil, rep, memhive.Errorf(memhive.CodeModelNotConfigured,
			"the model extractor needs a model and none is configured; set %s and %s", model.EnvURL, model.EnvModel)
	}
	turns := make(map[string]extract.Turn, len(s.Turns))
	var sent []extract.Turn
	for _, t := range s.Turns {
		if t.Role == "assistant" || t.EpisodeID == "" {
			continue
		}
		turns[t.EpisodeID] = t
		sent = append(sent, t)
	}
	if len(sent) == 0 {
		return nil, rep, nil
	}
	msgs, err := Prompt(s, sent)
	if err != nil {
		return nil, rep, err
	}
	cell := m.cell()
	start := time.Now()
	reply, err := m.Client.Chat(ctx, model.Call{Member: s.Member, Cell: cell, Messages: msgs})
	d := model.Decision{Member: s.Member, Cell: cell, Latency: time.Since(start)}
	if err != nil {
		d.Verdict = model.VerdictOf(err)
		if d.Verdict == model.VerdictOverBudget {
			d.Latency = 0 // nothing was sent
		}
		_ = m.log().Record(ctx, d)
		return nil, rep, fmt.Errorf("model extractor: %w", err)
	}
	d.PromptTokens, d.CompletionTokens = reply.PromptTokens, reply.CompletionTokens
	facts, rep, verdict, err := Check(reply.Content, s.Member, turns)
	d.Verdict = verdict
	_ = m.log().Record(ctx, d) // a failed row is logged by Record
	if err != nil {
		return nil, rep, err
	}
	return facts, rep, nil
}

func (m *Model) cell() string {
	if m.Cell == "" {
		return DefaultCell
	}
	return m.Cell
}

func (m *Model) logger() *slog.Logger {
	if m.Logger == nil {
		return slog.Default()
	}
	return m.Logger
}

func (m *Model) log() *model.DecisionLog {
	if m.Log == nil {
		return model.NewDecisionLog(nil, m.logger())
	}
	return m.Log
}

const systemPrompt = `You distil durable facts about people from the turns of one conversation. Each turn has an episode id, a speaker, a date and its text. Use only these turns: no outside knowledge, no guesses.

Reply with one JSON object and nothing else:
{"facts": [{"verdict": "add" | "correct" | "retract", "subject": string, "predicate": string, "claim": string, "kind": "world" | "experience" | "foresight", "episode_ids": [string], "confidence": integer}]}

- verdict: "add" for a new fact; "correct" when a speaker corrects or updates something said before ("actually we moved to Lisbon"); "retract" when a speaker takes something back without replacing it.
- subject: who the fact is about. First person ("I", "my", "we") is the turn's speaker id, copied exactly (for example "member:alice"); anyone else by name as written.
- predicate: a short snake_case relation key: lives_in, works_at, sister, manager, likes, owns, plans, age, name …
- claim: the value, as written ("Berlin", "Acme", "Carol").
- kind: "world" for standing facts, "experience" for things that happened, "foresight" for plans.
- episode_ids: the ids of the turns the fact is read from, copied exactly. Never any other id.
- confidence: 0 to 100.

Return {"facts": []} when the turns state no facts.`

type promptTurn struct {
	EpisodeID string `json:"episode_id"`
	Speaker   string `json:"speaker"`
	When      string `json:"when"`
	Text      string `json:"text"`
}

type promptInput struct {
	Member  string       `json:"member"`
	Channel string       `json:"channel,omitempty"`
	Turns   []promptTurn `json:"turns"`
}

// Prompt builds the messages of one extraction call: the system rules and
// a user message holding the turns (episode id, speaker, date, text).
func Prompt(s extract.Session, turns []extract.Turn) ([]model.Message, error) {
	in := promptInput{Member: "member:" + s.Member, Channel: s.Channel, Turns: make([]promptTurn, 0, len(turns))}
	for _, t := range turns {
		in.Turns = append(in.Turns, promptTurn{EpisodeID: t.EpisodeID, Speaker: t.Speaker,
			When: t.At.UTC().Format(time.RFC3339), Text: t.Text})
	}
	return model.JSONMessages(systemPrompt, in)
}

type replyItem struct {
	Verdict    *string   `json:"verdict"`
	Subject    *string   `json:"subject"`
	Predicate  *string   `json:"predicate"`
	Claim      *string   `json:"claim"`
	Kind       *string   `json:"kind"`
	EpisodeIDs *[]string `json:"episode_ids"`
	Confidence *float64  `json:"confidence"`
}

// ErrInvalidReply is wrapped by Check's error when the reply is not one
// JSON object {"facts": [...]}.
var ErrInvalidReply = errors.New("model extractor reply is not the agreed JSON")

// Check reads a reply against the turns that were sent (by episode id) and
// returns the facts kept, the counts, and the call's verdict: invalid_json
// with an error wrapping ErrInvalidReply when the reply is not one object
// with a "facts" array; invalid_sources when some item named an episode id
// that was not sent (those items are dropped, the rest kept); ok otherwise.
func Check(content, member string, turns map[string]extract.Turn) ([]extract.Fact, Report, model.Verdict, error) {
	var rep Report
	dec := json.NewDecoder(strings.NewReader(content))
	var r struct {
		Facts *[]json.RawMessage `json:"facts"`
	}
	if err := dec.Decode(&r); err != nil {
		return nil, rep, model.VerdictInvalidJSON, fmt.Errorf("%w: %w", ErrInvalidReply, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, rep, model.VerdictInvalidJSON, fmt.Errorf("%w: trailing data after the object", ErrInvalidReply)
	}
	if r.Facts == nil {
		return nil, rep, model.VerdictInvalidJSON, fmt.Errorf("%w: no facts array", ErrInvalidReply)
	}
	verdict := model.VerdictOK
	var out []extract.Fact
	for _, raw := range *r.Facts {
		var it replyItem
		if err := json.Unmarshal(raw, &it); err != nil {
			rep.Dropped++
			continue
		}
		f, v, ok, badSource := item(it, turns)
		if !ok {
			rep.Dropped++
			if badSource {
				verdict = model.VerdictInvalidSources
			}
			continue
		}
		switch v {
		case "add":
			rep.Added++
			out = append(out, f)
		case "correct":
			rep.Corrected++
			f.Confidence = min(100, f.Confidence+correctionBoost)
			out = append(out, f)
		case "retract":
			rep.Retracted++
		}
	}
	return out, rep, verdict, nil
}

// item checks one reply item and builds its fact. badSource reports that
// it was refused for an episode id that was not sent.
func item(it replyItem, turns map[string]extract.Turn) (f extract.Fact, verdict string, ok, badSource bool) {
	if it.Verdict == nil || it.Subject == nil || it.Predicate == nil || it.Claim == nil ||
		it.Kind == nil || it.EpisodeIDs == nil || it.Confidence == nil {
		return f, "", false, false
	}
	verdict = *it.Verdict
	if verdict != "add" && verdict != "correct" && verdict != "retract" {
		return f, "", false, false
	}
	kind := *it.Kind
	if kind != "world" && kind != "experience" && kind != "foresight" {
		return f, "", false, false
	}
	subject, claim := strings.TrimSpace(*it.Subject), strings.TrimSpace(*it.Claim)
	pred := memhive.CanonPredicate(*it.Predicate)
	conf := *it.Confidence
	if subject == "" || claim == "" || pred == "" || conf < 0 || conf > 100 || conf != conf {
		return f, "", false, false
	}
	if len(*it.EpisodeIDs) == 0 {
		return f, "", false, false
	}
	var ids []string
	seen := map[string]bool{}
	var first extract.Turn
	for _, id := range *it.EpisodeIDs {
		t, known := turns[id]
		if !known {
			return f, "", false, true
		}
		if seen[id] {
			continue
		}
		if len(ids) == 0 {
			first = t
		} else if t.Speaker != first.Speaker {
			// Supersession never crosses speakers, so a fact has one.
			return f, "", false, false
		}
		seen[id] = true
		ids = append(ids, id)
		if t.At.Before(first.At) {
			first.At = t.At
		}
	}
	sort.SliceStable(ids, func(i, j int) bool { return turns[ids[i]].At.Before(turns[ids[j]].At) })
	f = extract.Fact{Subject: subject, Predicate: pred, Claim: claim, Kind: kind, ValidFrom: first.At,
		Confidence: int(conf + 0.5), Speaker: first.Speaker, EpisodeIDs: ids}
	sk := "person"
	if pred == "is_a" {
		sk = "animal"
	}
	f.Entities = append(f.Entities, extract.Entity{Name: subject, Kind: sk})
	if ek := extract.EntityKind(pred); ek != "" {
		f.Entities = append(f.Entities, extract.Entity{Name: claim, Kind: ek})
		f.Edges = append(f.Edges, extract.Edge{Src: subject, Relation: pred, Dst: claim})
	}
	return f, verdict, true, false
}
