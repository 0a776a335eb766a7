package node

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/model"
	"github.com/memhive/memhive/templates"
)

// The advisor's settings (docs/advisor.md).
const (
	// EnvAdvisorMode is matcher (default), shadow or rank; shadow and rank
	// use the model of MEMHIVE_MODEL_URL / MEMHIVE_MODEL and its budgets.
	EnvAdvisorMode = "MEMHIVE_ADVISOR_MODE"
	// EnvAdvisorHoldout is the percentage of sessions held out (0..100).
	EnvAdvisorHoldout = "MEMHIVE_ADVISOR_HOLDOUT"
)

func init() {
	// The advisor reads through recall: it runs wherever the recall cell does.
	extraCells = append(extraCells, struct {
		name string
		make func(n *Node, t *templates.Hive) (cells.Cell, error)
	}{"recall", newAdvisorCell})
}

// AdvisorConfig reads the advisor's settings from the environment.
func AdvisorConfig() (advisor.Config, error) {
	c := advisor.Config{Mode: strings.TrimSpace(os.Getenv(EnvAdvisorMode))}
	if h := strings.TrimSpace(os.Getenv(EnvAdvisorHoldout)); h != "" {
		n, err := strconv.Atoi(strings.TrimSuffix(h, "%"))
		if err != nil {
			return c, fmt.Errorf("%s=%q is not a percentage", EnvAdvisorHoldout, h)
		}
		c.HoldoutPercent = n
	}
	return c, nil
}

func newAdvisorCell(n *Node, _ *templates.Hive) (cells.Cell, error) {
	cfg, err := AdvisorConfig()
	if err != nil {
		return nil, err
	}
	if cfg.Mode == advisor.ModeShadow || cfg.Mode == advisor.ModeRank {
		if !n.Model.Configured() {
			return nil, fmt.Errorf("%s=%s needs a model: set MEMHIVE_MODEL_URL and MEMHIVE_MODEL", EnvAdvisorMode, cfg.Mode)
		}
		cfg.Model = n.Model
	}
	cfg.Logger = n.Log.With("cell", "advisor")
	cfg.Decisions = model.NewDecisionLog(n.Pool, cfg.Logger)
	cfg.Decided = advisor.NewDecidedCounter()
	if err := n.Registry.Register(cfg.Decided); err != nil {
		return nil, fmt.Errorf("advisor metrics: %w", err)
	}
	svc, err := advisor.New(n.Pool, n.Recall, cfg)
	if err != nil {
		return nil, err
	}
	n.advisor = svc // the gateway's enter_topic (HTTP, /mcp) answers from it too
	nc, prefix, log, tierFor := n.NC, n.Config.Prefix, n.Log, n.tierFor
	return cells.Func{CellName: "advisor", RunFunc: func(ctx context.Context) error {
		// the assistant's template's memory tier, checked as the recall
		// service and the HTTP route check it
		s, err := gateway.ServeAdvisorNATS(nc, prefix, svc, log, gateway.WithTierFor(tierFor))
		if err != nil {
			return err
		}
		<-ctx.Done()
		return s.Stop()
	}}, nil
}

// gatewayAdvisor is the advisor the HTTP gateway serves enter_topic from:
// nil (no route, no tool) when the recall cell, and so the advisor, is off.
func (n *Node) gatewayAdvisor() gateway.Advisor {
	if n.advisor == nil {
		return nil
	}
	return n.advisor
}
