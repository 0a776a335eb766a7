package recall

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// Every call is counted by tier and outcome, answered calls are timed, and
// a leg the answer names missing is counted by its reason's class.
func TestRecallMetrics(t *testing.T) {
	t.Parallel()
	f := setup(t)
	aud := []string{"member:alice"}
	f.episode(ep{member: "alice", channel: "web:chat", content: "I adopted a cat called Miso", audience: aud, at: t0})
	s := New(f.pool, Config{}, nil, nil) // no embedder: the semantic leg is missing, unavailable
	for _, r := range []Request{
		req("alice", "0", "", aud, "web:chat"),
		req("alice", "1", "cat", aud, "web:chat"),
		req("alice", "1", "cat", aud, "web:chat"),
		req("alice", "7", "cat", aud, "web:chat"),
		req("alice", "2", "cat", aud, "web:chat"), // no synthesis model
	} {
		_, _ = s.Recall(f.ctx, r)
	}
	for _, c := range []struct {
		labels []string
		want   float64
	}{
		{[]string{"0", "ok"}, 1}, {[]string{"1", "ok"}, 2}, {[]string{"other", "malformed_request"}, 1},
		{[]string{"2", "model_not_configured"}, 1},
	} {
		if got := testutil.ToFloat64(s.m.calls.WithLabelValues(c.labels...)); got != c.want {
			t.Errorf("calls %v = %v, want %v", c.labels, got, c.want)
		}
	}
	if n := testutil.CollectAndCount(s.m.seconds); n != 2 { // tiers 0 and 1
		t.Errorf("timed series %d, want 2", n)
	}
	if got := testutil.ToFloat64(s.m.missing.WithLabelValues(LegSemantic, "unavailable")); got != 2 {
		t.Errorf("semantic leg missing %v times, want 2", got)
	}
	if err := testutil.CollectAndCompare(s.m.calls, strings.NewReader(`
# HELP memhive_recall_calls_total Recall calls by tier and outcome: ok, or the error code the caller got (malformed_request, internal, …).
# TYPE memhive_recall_calls_total counter
memhive_recall_calls_total{code="malformed_request",tier="other"} 1
memhive_recall_calls_total{code="model_not_configured",tier="2"} 1
memhive_recall_calls_total{code="ok",tier="0"} 1
memhive_recall_calls_total{code="ok",tier="1"} 2
`)); err != nil {
		t.Error(err)
	}
}
