package nightly

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/model"
)

// JudgeCell names the model judge in the decision log and the user tag.
const JudgeCell = "judge"

var _ Judge = (*ModelJudge)(nil)

// ModelJudge is the optional model judge of alias pairs: one call per pair,
// strict JSON {"same": true|false}. Client is required (nil, or a client
// with no model configured, answers model_not_configured); Log nil writes
// decisions to slog only; Member is whose memory the pairs come from (the
// budget and the decision log name it). Any error answers (false, err), and
// the run stops at that pair (Run returns the error) rather than guessing.
type ModelJudge struct {
	Client *model.Client
	Log    *model.DecisionLog
	Member string
}

// ErrInvalidJudgement is wrapped by Same's error when the reply is not
// exactly {"same": true|false}.
var ErrInvalidJudgement = errors.New("model judge reply is not the agreed JSON")

const judgeSystemPrompt = `You decide whether two strings from one person's memory name the same thing. You are given the dimension ("entity": a person, place, organisation, animal or thing; "predicate": a relation key such as lives_in) and the two strings, already lower-cased. Answer true only when they are certainly the same (a spelling variant, a nickname, an abbreviation, a synonym key); when unsure, answer false.

Reply with one JSON object and nothing else: {"same": true} or {"same": false}`

// ForMember is the judge for one member's pairs: the same client and log,
// billed to member. nightly.Run calls it per member, so one judge serves a
// run over every member.
func (j *ModelJudge) ForMember(member string) Judge {
	c := *j
	c.Member = member
	return &c
}

// Same asks the model whether a and b name one thing in dimension.
func (j *ModelJudge) Same(ctx context.Context, dimension, a, b string) (bool, error) {
	if !j.Client.Configured() {
		return false, memhive.Errorf(memhive.CodeModelNotConfigured,
			"the model judge needs a model and none is configured; set %s and %s", model.EnvURL, model.EnvModel)
	}
	user, err := json.Marshal(map[string]string{"dimension": dimension, "a": a, "b": b})
	if err != nil {
		return false, fmt.Errorf("encode judge prompt: %w", err)
	}
	log := j.Log
	if log == nil {
		log = model.NewDecisionLog(nil, nil)
	}
	start := time.Now()
	reply, err := j.Client.Chat(ctx, model.Call{Member: j.Member, Cell: JudgeCell, Messages: []model.Message{
		{Role: "system", Content: judgeSystemPrompt},
		{Role: "user", Content: string(user)},
	}})
	d := model.Decision{Member: j.Member, Cell: JudgeCell, Latency: time.Since(start)}
	if err != nil {
		if d.Verdict = model.VerdictOf(err); d.Verdict == model.VerdictOverBudget {
			d.Latency = 0 // nothing was sent
		}
		_ = log.Record(ctx, d)
		return false, fmt.Errorf("model judge: %w", err)
	}
	d.PromptTokens, d.CompletionTokens = reply.PromptTokens, reply.CompletionTokens
	same, err := parseJudgement(reply.Content)
	d.Verdict = model.VerdictOK
	if err != nil {
		d.Verdict = model.VerdictInvalidJSON
	}
	_ = log.Record(ctx, d) // a failed row is logged by Record
	if err != nil {
		return false, err
	}
	return same, nil
}

func parseJudgement(content string) (bool, error) {
	dec := json.NewDecoder(strings.NewReader(content))
	dec.DisallowUnknownFields()
	var r struct {
		Same *bool `json:"same"`
	}
	if err := dec.Decode(&r); err != nil {
		return false, fmt.Errorf("%w: %w", ErrInvalidJudgement, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return false, fmt.Errorf("%w: trailing data after the object", ErrInvalidJudgement)
	}
	if r.Same == nil {
		return false, fmt.Errorf("%w: no boolean \"same\"", ErrInvalidJudgement)
	}
	return *r.Same, nil
}
