package cli

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
)

// natsAdvisor asks the running memhive's advisor over NATS
// (<prefix>.<member>.topic), for `memhive mcp`'s enter_topic tool.
type natsAdvisor struct {
	nc     *nats.Conn
	prefix string
}

func (a natsAdvisor) Enter(ctx context.Context, req advisor.Request) (*advisor.Advice, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	resp, err := a.nc.RequestWithContext(ctx, advisor.Subject(a.prefix, req.Member), body)
	if err != nil {
		return nil, memhive.Errorf(memhive.CodeStoreRefused, "memhive's advisor did not answer over NATS: %v", err)
	}
	var eb memhive.ErrorBody
	if json.Unmarshal(resp.Data, &eb) == nil && eb.Error != nil {
		return nil, eb.Error
	}
	var adv advisor.Advice
	if err := json.Unmarshal(resp.Data, &adv); err != nil {
		return nil, fmt.Errorf("advice: %w", err)
	}
	return &adv, nil
}
