// Package cells is the hive runtime. A cell is a Go type with a name, a
// config block from the hive template, and a Run loop bound to NATS
// subjects. The Hive starts the cells the template names, supervises them
// (a panic or an error is logged with the cell's name and the cell restarts
// with backoff; the process stays up), registers each as a NATS micro
// service so `nats micro ls` lists it with its stats, and stops them in
// reverse order of start, each committing or leaving unacknowledged its
// in-flight messages before Run returns.
package cells

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
)

// Cell is one actor of the hive.
type Cell interface {
	// Name is the cell's name in the template and in logs.
	Name() string
	// Run does the cell's work until ctx ends. It returns nil after a clean
	// stop and an error when it cannot go on (the hive restarts it).
	Run(ctx context.Context) error
}

// StatsReporter is implemented by cells that expose counters in their
// micro service's stats.
type StatsReporter interface {
	Stats() any
}

// Hive supervises cells.
type Hive struct {
	nc     *nats.Conn
	log    *slog.Logger
	prefix string

	mu      sync.Mutex
	cells   []*supervised
	started bool
	stopped bool
}

type supervised struct {
	cell     Cell
	cancel   context.CancelFunc
	done     chan struct{}
	svc      micro.Service
	restarts atomic.Int64
	panics   atomic.Int64
	running  atomic.Bool
	lastErr  atomic.Value // string
	kick     chan struct{}
}

// New returns a hive that registers its cells' services on nc (nil: no
// services) and logs to logger.
func New(nc *nats.Conn, prefix string, logger *slog.Logger) *Hive {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if prefix == "" {
		prefix = "memhive"
	}
	return &Hive{nc: nc, log: logger, prefix: prefix}
}

// Add adds a cell; cells start in the order they were added.
func (h *Hive) Add(c Cell) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cells = append(h.cells, &supervised{cell: c, kick: make(chan struct{}, 1)})
}

// Names lists the cells in start order.
func (h *Hive) Names() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, s := range h.cells {
		out = append(out, s.cell.Name())
	}
	return out
}

// Start starts every cell under supervision.
func (h *Hive) Start(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.started {
		return errors.New("cells: hive already started")
	}
	h.started = true
	for _, s := range h.cells {
		if h.nc != nil {
			svc, err := h.register(s)
			if err != nil {
				return fmt.Errorf("cells: register %s: %w", s.cell.Name(), err)
			}
			s.svc = svc
		}
		cctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		s.cancel = cancel
		s.done = make(chan struct{})
		go h.supervise(cctx, s)
		h.log.Info("cell started", "cell", s.cell.Name())
	}
	return nil
}

func (h *Hive) register(s *supervised) (micro.Service, error) {
	name := s.cell.Name()
	svc, err := micro.AddService(h.nc, micro.Config{
		Name:        "memhive-cell-" + name, // not "memhive-recall": the recall cell's status is not the recall API
		Version:     memhive.ServiceVersion(),
		Description: "memhive cell " + name,
		StatsHandler: func(*micro.Endpoint) any {
			return h.stats(s)
		},
	})
	if err != nil {
		return nil, err
	}
	err = svc.AddEndpoint("status", micro.HandlerFunc(func(r micro.Request) {
		_ = r.RespondJSON(h.stats(s))
	}), micro.WithEndpointSubject(h.prefix+".cell."+name+".status"))
	if err != nil {
		_ = svc.Stop()
		return nil, err
	}
	return svc, nil
}

// CellStatus is what a cell's status endpoint and micro stats report.
type CellStatus struct {
	Cell     string `json:"cell"`
	Running  bool   `json:"running"`
	Restarts int64  `json:"restarts"`
	Panics   int64  `json:"panics"`
	LastErr  string `json:"last_error,omitempty"`
	Stats    any    `json:"stats,omitempty"`
}

func (h *Hive) stats(s *supervised) CellStatus {
	st := CellStatus{Cell: s.cell.Name(), Running: s.running.Load(), Restarts: s.restarts.Load(), Panics: s.panics.Load()}
	if e, ok := s.lastErr.Load().(string); ok {
		st.LastErr = e
	}
	if r, ok := s.cell.(StatsReporter); ok {
		st.Stats = r.Stats()
	}
	return st
}

// Status reports every cell.
func (h *Hive) Status() []CellStatus {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []CellStatus
	for _, s := range h.cells {
		out = append(out, h.stats(s))
	}
	return out
}

func (h *Hive) supervise(ctx context.Context, s *supervised) {
	defer close(s.done)
	backoff := 100 * time.Millisecond
	for {
		start := time.Now()
		err := h.runOnce(ctx, s)
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			err = errors.New("returned before it was stopped")
		}
		s.restarts.Add(1)
		s.lastErr.Store(err.Error())
		if time.Since(start) > time.Minute {
			backoff = 100 * time.Millisecond
		}
		h.log.Error("cell failed; restarting", "cell", s.cell.Name(), "err", err, "backoff", backoff)
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		backoff = min(backoff*2, 30*time.Second)
	}
}

func (h *Hive) runOnce(ctx context.Context, s *supervised) (err error) {
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.kick:
			cancel()
		case <-rctx.Done():
		}
	}()
	s.running.Store(true)
	defer s.running.Store(false)
	defer func() {
		if r := recover(); r != nil {
			s.panics.Add(1)
			h.log.Error("cell panicked", "cell", s.cell.Name(), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	err = s.cell.Run(rctx)
	if err == nil && ctx.Err() == nil && rctx.Err() != nil {
		err = errors.New("restarted after a handler panic")
	}
	return err
}

// Guard wraps a NATS message handler of cell so that a panic is logged with
// the cell's name, answered with an internal error when the message wants a
// reply, and makes the hive restart the cell.
func (h *Hive) Guard(cell string, fn nats.MsgHandler) nats.MsgHandler {
	return func(m *nats.Msg) {
		defer func() {
			if r := recover(); r != nil {
				h.log.Error("handler panicked", "cell", cell, "subject", m.Subject, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				if m.Reply != "" {
					body, _ := json.Marshal(map[string]any{"error": map[string]string{"code": "internal", "message": "the " + cell + " cell failed on this request; it is restarting"}})
					_ = m.Respond(body)
				}
				h.mu.Lock()
				for _, s := range h.cells {
					if s.cell.Name() == cell {
						s.panics.Add(1)
						select {
						case s.kick <- struct{}{}:
						default:
						}
					}
				}
				h.mu.Unlock()
			}
		}()
		fn(m)
	}
}

// Stop stops the cells in reverse order, waiting for each Run to return.
// A second Stop does nothing.
func (h *Hive) Stop() {
	h.mu.Lock()
	if h.stopped || !h.started {
		h.stopped = true
		h.mu.Unlock()
		return
	}
	h.stopped = true
	cells := append([]*supervised(nil), h.cells...)
	h.mu.Unlock()
	for i := len(cells) - 1; i >= 0; i-- {
		s := cells[i]
		s.cancel()
		<-s.done
		if s.svc != nil {
			_ = s.svc.Stop()
		}
		h.log.Info("cell stopped", "cell", s.cell.Name())
	}
}

// Func adapts a name and a run function to a Cell.
type Func struct {
	CellName string
	RunFunc  func(ctx context.Context) error
}

// Name implements Cell.
func (f Func) Name() string { return f.CellName }

// Run implements Cell.
func (f Func) Run(ctx context.Context) error { return f.RunFunc(ctx) }
