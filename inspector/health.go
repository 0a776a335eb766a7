package inspector

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/memhive/memhive/cells"
)

// series kinds: how a chart turns successive samples into points.
const (
	kindRate  = "per second"           // a counter: its increase per second
	kindValue = "value"                // a gauge
	kindMean  = "mean per observation" // a histogram: Δsum/Δcount
)

// sample is the registry's figures at one moment: per family, its total
// (counters, gauges) or its sum and count (histograms).
type sample struct {
	at    time.Time
	value map[string]float64
	count map[string]float64
}

// sampler keeps the last hour of samples of the registry, taken in-process.
type sampler struct {
	reg   *prometheus.Registry
	every time.Duration
	keep  int

	mu      sync.Mutex
	samples []sample
	kinds   map[string]string
	help    map[string]string

	cancel context.CancelFunc
	done   chan struct{}
}

func newSampler(reg *prometheus.Registry, every time.Duration) *sampler {
	return &sampler{reg: reg, every: every, keep: int(time.Hour/every) + 1, kinds: map[string]string{}, help: map[string]string{}}
}

// charted says whether a family gets a chart: memhive's own, and a few of
// the process's.
func charted(name string) bool {
	switch name {
	case "go_goroutines", "process_resident_memory_bytes", "go_memstats_heap_alloc_bytes", "process_open_fds":
		return true
	}
	return strings.HasPrefix(name, "memhive_")
}

// take gathers the registry once.
func (s *sampler) take() (sample, error) {
	smp := sample{at: time.Now(), value: map[string]float64{}, count: map[string]float64{}}
	if s.reg == nil {
		return smp, nil
	}
	fams, err := s.reg.Gather()
	if err != nil {
		return smp, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range fams {
		name := f.GetName()
		if !charted(name) {
			continue
		}
		s.help[name] = f.GetHelp()
		for _, m := range f.GetMetric() {
			switch f.GetType() {
			case dto.MetricType_COUNTER:
				s.kinds[name] = kindRate
				smp.value[name] += m.GetCounter().GetValue()
			case dto.MetricType_GAUGE:
				s.kinds[name] = kindValue
				smp.value[name] += m.GetGauge().GetValue()
			case dto.MetricType_HISTOGRAM:
				s.kinds[name] = kindMean
				smp.value[name] += m.GetHistogram().GetSampleSum()
				smp.count[name] += float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return smp, nil
}

func (s *sampler) add(smp sample) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.samples = append(s.samples, smp)
	if len(s.samples) > s.keep {
		s.samples = append(s.samples[:0], s.samples[len(s.samples)-s.keep:]...)
	}
}

func (s *sampler) start(ctx context.Context) {
	s.mu.Lock()
	if s.cancel != nil || s.reg == nil {
		s.mu.Unlock()
		return
	}
	ctx, s.cancel = context.WithCancel(ctx)
	s.done = make(chan struct{})
	s.mu.Unlock()
	go func() {
		defer close(s.done)
		t := time.NewTicker(s.every)
		defer t.Stop()
		for {
			if smp, err := s.take(); err == nil {
				s.add(smp)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
}

func (s *sampler) stop() {
	s.mu.Lock()
	cancel, done := s.cancel, s.done
	s.cancel = nil
	s.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// chart is one family over the last hour as an inline SVG polyline.
type chart struct {
	Name, Help, Kind string
	Last, Max        string
	Points           string // SVG polyline points in a 300×60 box
	N                int
	Span             string // how far back the chart reaches (at most an hour)
	Flat             bool   // no activity in the window
}

const chartW, chartH = 300.0, 60.0

// charts turns the kept samples and a fresh one into one chart per family.
func (s *sampler) charts() []chart {
	if s.reg == nil {
		return nil
	}
	now, err := s.take()
	s.mu.Lock()
	defer s.mu.Unlock()
	smps := append([]sample(nil), s.samples...)
	if err == nil {
		smps = append(smps, now)
	}
	if len(smps) == 0 {
		return nil
	}
	names := make([]string, 0, len(s.kinds))
	for n := range s.kinds {
		names = append(names, n)
	}
	sort.Strings(names)
	// the window: the last hour, or since the first sample when the
	// process is younger than that
	end := smps[len(smps)-1].at
	from := end.Add(-time.Hour)
	if smps[0].at.After(from) {
		from = smps[0].at
	}
	span := end.Sub(from).Seconds()
	if span <= 0 {
		span = 1
	}
	var out []chart
	for _, name := range names {
		kind := s.kinds[name]
		type pt struct {
			t time.Time
			v float64
		}
		var pts []pt
		for i, smp := range smps {
			v, ok := smp.value[name]
			if !ok {
				continue
			}
			switch kind {
			case kindValue:
				pts = append(pts, pt{smp.at, v})
			case kindRate, kindMean:
				if i == 0 {
					continue
				}
				prev, ok := smps[i-1].value[name]
				dt := smp.at.Sub(smps[i-1].at).Seconds()
				if !ok || dt <= 0 || v < prev { // a reset: no point
					continue
				}
				if kind == kindRate {
					pts = append(pts, pt{smp.at, (v - prev) / dt})
				} else if dc := smp.count[name] - smps[i-1].count[name]; dc > 0 {
					pts = append(pts, pt{smp.at, (v - prev) / dc})
				} else {
					pts = append(pts, pt{smp.at, 0})
				}
			}
		}
		c := chart{Name: name, Help: s.help[name], Kind: kind, N: len(pts), Span: end.Sub(from).Round(time.Second).String()}
		hi := 0.0
		for _, p := range pts {
			hi = math.Max(hi, p.v)
		}
		c.Flat = hi == 0
		if len(pts) > 0 {
			c.Last = figure(pts[len(pts)-1].v)
		}
		c.Max = figure(hi)
		var b strings.Builder
		for _, p := range pts {
			x := chartW * p.t.Sub(from).Seconds() / span
			y := chartH - 2
			if hi > 0 {
				y = chartH - 2 - (chartH-4)*p.v/hi
			}
			fmt.Fprintf(&b, "%.1f,%.1f ", math.Max(x, 0), y)
		}
		c.Points = strings.TrimSpace(b.String())
		out = append(out, c)
	}
	return out
}

func figure(v float64) string {
	switch {
	case v == 0:
		return "0"
	case math.Abs(v) >= 1e9:
		return strconv.FormatFloat(v/1e9, 'f', 2, 64) + "G"
	case math.Abs(v) >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', 2, 64) + "M"
	case math.Abs(v) >= 1e3:
		return strconv.FormatFloat(v/1e3, 'f', 2, 64) + "k"
	case math.Abs(v) >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

type lagRow struct {
	Stream, Consumer                       string
	Pending, AckPending, Redelivered, Wait uint64
	LastActive                             *time.Time
}

type backlogRow struct {
	Member, Model string
	Queued        int
	Oldest        *time.Time
}

type nightlyRow struct {
	Member, RunID, Status string
	WindowTo              *time.Time
	FinishedAt            *time.Time
	StartedAt             time.Time
}

type healthData struct {
	Cells    []cells.CellStatus
	Lag      []lagRow
	LagError string
	Backlog  []backlogRow
	Nightly  []nightlyRow
	Charts   []chart
	Quiet    []chart
	Every    time.Duration
	Now      time.Time
}

// Width and Height are the charts' SVG box.
func (healthData) Width() float64  { return chartW }
func (healthData) Height() float64 { return chartH }

func (in *Inspector) health(w http.ResponseWriter, r *http.Request, a *auth) {
	ctx := r.Context()
	d := healthData{Every: in.cfg.SampleEvery, Now: time.Now().UTC()}
	if in.cfg.Cells != nil {
		d.Cells = in.cfg.Cells()
	}
	if in.cfg.JS != nil {
		d.Lag, d.LagError = in.lag(ctx)
	}
	rows, err := in.cfg.Pool.Query(ctx, `/* ui:embedding-backlog */ SELECT member_id, model, count(*)::int, min(queued_at) FROM embeddings
		WHERE status = 'queued' GROUP BY member_id, model ORDER BY count(*) DESC, member_id, model LIMIT 100`)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Backlog, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (backlogRow, error) {
		var b backlogRow
		return b, row.Scan(&b.Member, &b.Model, &b.Queued, &b.Oldest)
	}); err != nil {
		in.fail(w, r, a, err)
		return
	}
	rows, err = in.cfg.Pool.Query(ctx, `/* ui:last-nightly */ SELECT DISTINCT ON (member_id) member_id, run_id, status, window_to, finished_at, started_at
		FROM consolidation_log WHERE kind = 'nightly' ORDER BY member_id, started_at DESC LIMIT 500`)
	if err != nil {
		in.fail(w, r, a, err)
		return
	}
	if d.Nightly, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (nightlyRow, error) {
		var n nightlyRow
		return n, row.Scan(&n.Member, &n.RunID, &n.Status, &n.WindowTo, &n.FinishedAt, &n.StartedAt)
	}); err != nil {
		in.fail(w, r, a, err)
		return
	}
	for _, c := range in.sampler.charts() {
		if c.Flat {
			d.Quiet = append(d.Quiet, c)
		} else {
			d.Charts = append(d.Charts, c)
		}
	}
	in.render(w, http.StatusOK, "health", page{Title: "Health", Section: "health", CSRF: a.csrf, Data: d})
}

// lag lists every JetStream consumer's backlog.
func (in *Inspector) lag(ctx context.Context) ([]lagRow, string) {
	var out []lagRow
	streams := in.cfg.JS.ListStreams(ctx)
	for si := range streams.Info() {
		s, err := in.cfg.JS.Stream(ctx, si.Config.Name)
		if err != nil {
			return out, err.Error()
		}
		cons := s.ListConsumers(ctx)
		for ci := range cons.Info() {
			l := lagRow{Stream: si.Config.Name, Consumer: ci.Name, Pending: ci.NumPending, AckPending: uint64(ci.NumAckPending),
				Redelivered: uint64(ci.NumRedelivered), Wait: uint64(ci.NumWaiting)}
			if ci.Delivered.Last != nil {
				t := ci.Delivered.Last.UTC()
				l.LastActive = &t
			}
			out = append(out, l)
		}
		if err := cons.Err(); err != nil {
			return out, err.Error()
		}
	}
	if err := streams.Err(); err != nil {
		return out, err.Error()
	}
	return out, ""
}
