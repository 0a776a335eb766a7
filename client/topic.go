package client

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
)

// EnterTopic tells memhive the conversation is entering topic, and returns
// its advice: at most one stored memory the gate allows (at most twice per
// topic per session, never the same memory twice in a session), or none.
// An assistant whose template sets no memory tier is told
// memory_not_configured, as for memory_recall.
func (a *Assistant) EnterTopic(ctx context.Context, topic string) (*advisor.Advice, error) {
	if a.tmpl.MemoryTier == "" {
		return nil, memhive.Errorf(memhive.CodeMemoryNotConfigured,
			"memory is not configured for assistant %q: its template sets no memory tier, so the advisor cannot answer", a.cfg.ID)
	}
	req := advisor.Request{Member: a.cfg.Member, Topic: topic, Session: a.cfg.Session, Audience: a.Audience(),
		Channel: a.cfg.Channel, Asker: a.cfg.Asker, Assistant: a.cfg.ID}
	data, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	msg := nats.NewMsg(advisor.Subject(a.cfg.Prefix, a.cfg.Member))
	msg.Data = data
	ctx, cancel := context.WithTimeout(ctx, a.cfg.Timeout)
	defer cancel()
	body, err := a.request(ctx, msg)
	if err != nil {
		return nil, err
	}
	var adv advisor.Advice
	if err := json.Unmarshal(body, &adv); err != nil {
		return nil, fmt.Errorf("decode advice: %w", err)
	}
	return &adv, nil
}
