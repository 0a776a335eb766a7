package node

import (
	"strings"

	"github.com/memhive/memhive"
)

// Summary is what this process did since it started, for the log line
// that says it stopped: turns written, refused and repeated by the
// appender, recall calls in all, those refused (the caller's mistake: a
// malformed request, an assistant with no memory configured) and those
// that failed (internal, timeout), read from the node's own
// metrics (so the log and /metrics never disagree). Counters the node
// does not run (no appender cell) are left out.
func (n *Node) Summary() []any {
	mfs, err := n.Registry.Gather()
	if err != nil {
		return []any{"summary_error", err.Error()}
	}
	var out []any
	var calls, refused, failed float64
	seenCalls := false
	for _, mf := range mfs {
		name := mf.GetName()
		switch name {
		case "memhive_appender_accepted_total", "memhive_appender_refused_total", "memhive_appender_duplicates_total":
			for _, m := range mf.GetMetric() {
				key := "turns_" + strings.TrimSuffix(strings.TrimPrefix(name, "memhive_appender_"), "_total")
				out = append(out, key, int64(m.GetCounter().GetValue()))
			}
		case "memhive_recall_calls_total":
			seenCalls = true
			for _, m := range mf.GetMetric() {
				v := m.GetCounter().GetValue()
				calls += v
				for _, l := range m.GetLabel() {
					if l.GetName() != "code" {
						continue
					}
					switch memhive.Code(l.GetValue()) {
					case "ok":
					case memhive.CodeInternal, memhive.CodeTimeout:
						failed += v
					default:
						refused += v
					}
				}
			}
		}
	}
	if seenCalls || n.Recall != nil {
		out = append(out, "recall_calls", int64(calls), "recall_refused", int64(refused), "recall_failed", int64(failed))
	}
	return out
}
