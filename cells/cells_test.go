package cells_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"
	"go.uber.org/goleak"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/internal/natstest"
)

type flaky struct {
	runs  atomic.Int64
	stops atomic.Int64
}

func (f *flaky) Name() string { return "flaky" }
func (f *flaky) Run(ctx context.Context) error {
	if f.runs.Add(1) <= 2 {
		panic("boom")
	}
	<-ctx.Done()
	f.stops.Add(1)
	return nil
}
func (f *flaky) Stats() any { return map[string]int64{"runs": f.runs.Load()} }

func TestHiveRestartsPanickingCellAndListsServices(t *testing.T) {
	srv := natstest.Start(t)
	nc := srv.Conn(t)
	_, _ = nc.Request("warm.up.the.response.mux", nil, 100*time.Millisecond)
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	h := cells.New(nc, "memhive", nil)
	f := &flaky{}
	var order []string
	h.Add(f)
	h.Add(cells.Func{CellName: "second", RunFunc: func(ctx context.Context) error { <-ctx.Done(); order = append(order, "second"); return nil }})
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for f.runs.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if f.runs.Load() < 3 {
		t.Fatalf("cell ran %d times, want a restart after each panic", f.runs.Load())
	}
	// `nats micro ls` is a PING on $SRV.PING: both cells answer.
	inbox := nats.NewInbox()
	sub, _ := nc.SubscribeSync(inbox)
	defer sub.Unsubscribe()
	_ = nc.PublishRequest("$SRV.INFO", inbox, nil)
	names := map[string]bool{}
	for {
		m, err := sub.NextMsg(500 * time.Millisecond)
		if err != nil {
			break
		}
		var info micro.Info
		_ = json.Unmarshal(m.Data, &info)
		names[info.Name] = true
		if info.Version != memhive.ServiceVersion() {
			t.Errorf("service %s reports version %q, not memhive's %q", info.Name, info.Version, memhive.ServiceVersion())
		}
	}
	if !names["memhive-cell-flaky"] || !names["memhive-cell-second"] {
		t.Fatalf("services: %v", names)
	}
	resp, err := nc.Request("memhive.cell.flaky.status", nil, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var st cells.CellStatus
	if err := json.Unmarshal(resp.Data, &st); err != nil || st.Panics != 2 || st.Restarts != 2 || !st.Running {
		t.Fatalf("status %s: %+v %v", resp.Data, st, err)
	}
	h.Stop()
	h.Stop()
	if f.stops.Load() != 1 {
		t.Fatalf("flaky stopped %d times", f.stops.Load())
	}
}

func TestGuardRecoversHandlerPanic(t *testing.T) {
	srv := natstest.Start(t)
	nc := srv.Conn(t)
	h := cells.New(nc, "memhive", nil)
	var runs atomic.Int64
	h.Add(cells.Func{CellName: "echo", RunFunc: func(ctx context.Context) error {
		runs.Add(1)
		<-ctx.Done()
		return nil
	}})
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	sub, err := nc.Subscribe("echo", h.Guard("echo", func(m *nats.Msg) { panic("handler bug") }))
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	resp, err := nc.Request("echo", []byte("x"), 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Data) == "" {
		t.Fatal("no error reply")
	}
	deadline := time.Now().Add(5 * time.Second)
	for runs.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if runs.Load() < 2 {
		t.Fatal("cell was not restarted after its handler panicked")
	}
}
