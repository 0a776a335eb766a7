package node

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/episodes"
)

// clusterAppenderConfig carries the process's cluster settings
// (MEMHIVE_PARTITIONS, MEMHIVE_NATS_REPLICAS, MEMHIVE_PROCESS) into the
// appender's, over the hive template's.
func clusterAppenderConfig(cfg *config.Config, acfg *episodes.AppenderConfig) {
	if cfg.Partitions > 0 {
		acfg.Partitions = cfg.Partitions
	}
	if cfg.NATSReplicas > 0 {
		acfg.Replicas = cfg.NATSReplicas
	}
	if cfg.ProcessName != "" {
		acfg.Process = cfg.ProcessName
	}
}

// registerClusterMetrics puts the appender's partitions, lag, batch sizes
// and commit latency on /metrics.
func (n *Node) registerClusterMetrics(a *episodes.Appender) {
	n.Registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "memhive_partitions_owned",
			Help: "Member partitions of the episode lanes this process reads now (0 when not partitioned).",
		}, func() float64 { return float64(len(a.Partitions().Owned)) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "memhive_partition_live_processes",
			Help: "Processes sharing the partitions, as this process last counted them.",
		}, func() float64 { return float64(a.Partitions().Live) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "memhive_consumer_lag",
			Help: "Turns waiting or unacknowledged in the partitions this process reads (sampled every lease renewal).",
		}, func() float64 { return float64(a.Partitions().Lag) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "memhive_partition_acquired_total",
			Help: "Partition leases this process took.",
		}, func() float64 { return float64(a.Partitions().Acquired) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "memhive_partition_released_total",
			Help: "Partition leases this process gave back (rebalance or stop).",
		}, func() float64 { return float64(a.Partitions().Released) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "memhive_partition_lost_total",
			Help: "Partition leases that ran out before this process renewed them.",
		}, func() float64 { return float64(a.Partitions().Lost) }),
	)
	size := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "memhive_appender_batch_messages",
		Help:    "Messages per committed appender batch.",
		Buckets: prometheus.ExponentialBuckets(1, 2, 11),
	})
	took := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "memhive_appender_commit_seconds",
		Help:    "Time of each appender transaction, begin to commit.",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
	})
	n.Registry.MustRegister(size, took)
	a.OnBatch = func(messages int, d time.Duration) {
		size.Observe(float64(messages))
		took.Observe(d.Seconds())
	}
}

// passRuns is the process's pass-run counter (memhive_pass_runs_total by
// kind and status), registered on first use.
func (n *Node) passRuns() *prometheus.CounterVec {
	if n.passRunsVec == nil {
		n.passRunsVec = prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "memhive_pass_runs_total",
			Help: "Close and nightly pass runs in this process, by kind (close, nightly) and status (completed, skipped, busy, done, failed; nightly counts members).",
		}, []string{"kind", "status"})
		n.Registry.MustRegister(n.passRunsVec)
	}
	return n.passRunsVec
}
