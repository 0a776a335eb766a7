package recall

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive"
)

// metrics count and time every recall call, on every surface (NATS, HTTP,
// MCP, the CLI through them): they all pass through Service.Recall. The
// labels are bounded: tier 0–2 (other for a request refused before its
// tier is known), the error code (ok when answered), the leg names and a
// missing leg's reason class.
type metrics struct {
	calls   *prometheus.CounterVec
	seconds *prometheus.HistogramVec
	missing *prometheus.CounterVec
	downs   *prometheus.CounterVec
	behind  prometheus.Counter
}

func newMetrics() *metrics {
	return &metrics{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "memhive_recall_calls_total",
			Help: "Recall calls by tier and outcome: ok, or the error code the caller got (malformed_request, internal, …).",
		}, []string{"tier", "code"}),
		seconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "memhive_recall_seconds",
			Help:    "Time to answer a recall call, by tier (answered calls only).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"tier"}),
		missing: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "memhive_recall_leg_missing_total",
			Help: "Tier-1 legs named missing in an answer, by leg and reason: timeout (over its time budget), error (its statement failed), unavailable (no embedder, no facts yet, disabled).",
		}, []string{"leg", "reason"}),
		downs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "memhive_recall_tier2_downgraded_total",
			Help: "Tier-2 calls answered with tier 1 instead, by reason.",
		}, []string{"reason"}),
		behind: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "memhive_recall_fresh_behind_total",
			Help: "Fresh recall calls answered before the appender had written the member's turns published before them (fresh_wait_ms passed).",
		}),
	}
}

// Collectors are the recall service's metrics for a registry: calls,
// their time, missing legs, tier-2 downgrades and fresh calls answered
// behind.
func (s *Service) Collectors() []prometheus.Collector {
	return []prometheus.Collector{s.m.calls, s.m.seconds, s.m.missing, s.m.downs, s.m.behind}
}

// observe records one call that took d.
func (m *metrics) observe(req Request, a *Answer, err error, d time.Duration) {
	tier := req.Tier
	if tier != "0" && tier != "1" && tier != "2" {
		tier = "other"
	}
	if err != nil {
		code := string(memhive.CodeInternal)
		var me *memhive.Error
		switch {
		case errors.As(err, &me):
			code = string(me.Code)
		case errors.Is(err, context.Canceled):
			code = "canceled"
		case errors.Is(err, context.DeadlineExceeded):
			code = "timeout"
		}
		m.calls.WithLabelValues(tier, code).Inc()
		return
	}
	m.calls.WithLabelValues(tier, "ok").Inc()
	m.seconds.WithLabelValues(tier).Observe(d.Seconds())
	if a == nil {
		return
	}
	for _, l := range a.Legs {
		if l.Missing == "" {
			continue
		}
		reason := "unavailable"
		if l.Missing == MissingTimeout || l.Missing == MissingError {
			reason = l.Missing
		}
		m.missing.WithLabelValues(l.Leg, reason).Inc()
	}
	if a.Downgraded != nil {
		m.downs.WithLabelValues(downReason(a.Downgraded.Reason)).Inc()
	}
}

// downReason keeps a downgrade's reason a bounded label: the reasons are
// codes (no_synthesis, the model's verdicts); anything else is other.
func downReason(r string) string {
	if r == "" || len(r) > 40 {
		return "other"
	}
	for _, c := range r {
		if (c < 'a' || c > 'z') && c != '_' {
			return "other"
		}
	}
	return r
}
