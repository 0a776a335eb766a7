package episodes

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/lanes"
)

// Partitioned consumption (AppenderConfig.Partitions > 0).
//
// The episode stream stores each member's turns under one of N partition
// subjects (lanes/partition.go). A process reads a partition only while it
// holds the partition's lease: a key p.<P> in the JetStream KV bucket
// LeaseBucket, created with Create (so one holder at a time) and renewed
// with Update on its revision every LeaseTTL/3. The bucket's max age is
// LeaseTTL, so the lease of a process that dies without a word expires by
// itself. Every process also keeps a heartbeat key proc.<name>; from the
// number of live processes each one computes its fair share ceil(N/live),
// gives back partitions above it (after committing what it holds) and takes
// free ones up to it, in a per-process rendezvous order, so partitions move
// when a process leaves or joins and spread without a coordinator.
//
// Inside a partition one reader fetches, commits and acknowledges batch
// after batch: a member's turns are committed in stream order. A new owner
// remakes the partition's consumer from its acknowledgement floor when the
// previous owner left turns unacknowledged (lanes.EnsurePartitionConsumer),
// so those come first; what was committed but not acknowledged is skipped
// by the key (member_id, id).

// LeaseBucket is the KV bucket of the partition leases for prefix.
func LeaseBucket(prefix string) string {
	if prefix == "" || prefix == lanes.DefaultPrefix {
		return "memhive_leases"
	}
	return "memhive_leases_" + keySafe(prefix)
}

func keySafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
}

func defaultProcessName() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-%04x", host, os.Getpid(), rand.Uint32()&0xffff)
}

// PartitionStatus is what the partitioned appender holds now.
type PartitionStatus struct {
	Process    string `json:"process"`
	Partitions int    `json:"partitions"`
	Owned      []int  `json:"owned"`
	Live       int    `json:"live_processes"`
	Lag        uint64 `json:"lag"`      // turns waiting in the owned partitions
	Acquired   int64  `json:"acquired"` // leases taken since start
	Released   int64  `json:"released"` // leases given back since start
	Lost       int64  `json:"lost"`     // leases that ran out before renewal
}

type partitionState struct {
	mu       sync.Mutex
	owned    map[int]*lease
	live     int
	acquired atomic.Int64
	released atomic.Int64
	lost     atomic.Int64
}

type lease struct {
	p       int
	rev     uint64
	until   atomic.Int64 // unix nanoseconds; the holder reads nothing after it
	cancel  context.CancelFunc
	done    chan struct{}
	pending atomic.Uint64
}

func (l *lease) valid() bool { return time.Now().UnixNano() < l.until.Load() }

// Partitions reports the partitioned appender's state (zero when not partitioned).
func (a *Appender) Partitions() PartitionStatus {
	st := PartitionStatus{Process: a.cfg.Process, Partitions: a.cfg.Partitions,
		Acquired: a.parts.acquired.Load(), Released: a.parts.released.Load(), Lost: a.parts.lost.Load()}
	a.parts.mu.Lock()
	defer a.parts.mu.Unlock()
	st.Live = a.parts.live
	for p, l := range a.parts.owned {
		st.Owned = append(st.Owned, p)
		st.Lag += l.pending.Load()
	}
	slices.Sort(st.Owned)
	return st
}

// rank orders partitions for one process: highest first is most wanted.
func rank(process string, p int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(process))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(p)))
	return h.Sum64()
}

func (a *Appender) runPartitioned(ctx context.Context) error {
	cfg := a.cfg
	ttl := time.Duration(cfg.LeaseTTL)
	var kv jetstream.KeyValue
	// The stream and the bucket may take a while on a busy or electing
	// cluster: retry (a partition mismatch is an operator's error: return it).
	for attempt := 1; ; attempt++ {
		_, err := lanes.EnsureStream(ctx, a.js, lanes.StreamConfig{Prefix: cfg.Prefix, Replicas: cfg.Replicas, Partitions: cfg.Partitions})
		if err == nil {
			a.streamMade()
			kv, err = a.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
				Bucket:      LeaseBucket(cfg.Prefix),
				Description: "memhive: which process reads which member partition",
				TTL:         ttl,
				History:     1,
				Storage:     jetstream.FileStorage,
				Replicas:    cfg.Replicas,
			})
			if err != nil {
				err = fmt.Errorf("lease bucket: %w", err)
			}
		}
		if err == nil {
			break
		}
		if errors.Is(err, lanes.ErrPartitionMismatch) || ctx.Err() != nil || attempt >= 10 {
			return err
		}
		a.log.Warn("episode stream or lease bucket not ready; retrying", "attempt", attempt, "err", err)
		sleep(ctx, time.Duration(attempt)*time.Second)
	}
	a.parts.mu.Lock()
	a.parts.owned = map[int]*lease{}
	a.parts.mu.Unlock()
	order := make([]int, cfg.Partitions)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		rx, ry := rank(cfg.Process, x), rank(cfg.Process, y)
		switch {
		case rx > ry:
			return -1
		case rx < ry:
			return 1
		}
		return 0
	})
	sem := make(chan struct{}, cfg.Writers)
	procKey := "proc." + keySafe(cfg.Process)
	defer func() {
		// Leaving: finish the batches in hand, then give every lease back so
		// the others take the partitions at their next tick.
		bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		a.parts.mu.Lock()
		owned := make([]*lease, 0, len(a.parts.owned))
		for _, l := range a.parts.owned {
			owned = append(owned, l)
		}
		a.parts.mu.Unlock()
		for _, l := range owned {
			a.release(bg, kv, l, "stopping")
		}
		_ = kv.Delete(bg, procKey)
	}()
	a.log.Info("partitioned appender starting", "process", cfg.Process, "partitions", cfg.Partitions, "lease_ttl", ttl)
	tick := time.NewTicker(ttl / 3)
	defer tick.Stop()
	for {
		a.balance(ctx, kv, procKey, order, sem)
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

func leaseKey(p int) string { return "p." + strconv.Itoa(p) }

// balance renews this process's heartbeat and leases, then gives back or
// takes partitions toward its fair share.
func (a *Appender) balance(ctx context.Context, kv jetstream.KeyValue, procKey string, order []int, sem chan struct{}) {
	ttl := time.Duration(a.cfg.LeaseTTL)
	started := time.Now()
	if _, err := kv.Put(ctx, procKey, []byte(a.cfg.Process)); err != nil {
		if ctx.Err() == nil {
			a.log.Warn("lease heartbeat failed", "err", err)
		}
	}
	a.parts.mu.Lock()
	owned := make([]*lease, 0, len(a.parts.owned))
	for _, l := range a.parts.owned {
		owned = append(owned, l)
	}
	a.parts.mu.Unlock()
	// Renew every lease at once: one slow round trip must not make the
	// others run out.
	var wg sync.WaitGroup
	for _, l := range owned {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.renew(ctx, kv, l, started)
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return
	}
	live := 0
	if lister, err := kv.ListKeys(ctx); err == nil {
		for k := range lister.Keys() {
			if strings.HasPrefix(k, "proc.") {
				live++
			}
		}
	} else if !errors.Is(err, jetstream.ErrNoKeysFound) {
		a.log.Warn("lease bucket: list processes failed", "err", err)
		return
	}
	live = max(live, 1)
	target := (a.cfg.Partitions + live - 1) / live
	a.parts.mu.Lock()
	a.parts.live = live
	n := len(a.parts.owned)
	a.parts.mu.Unlock()
	if n > target {
		// give back the least wanted first
		for i := len(order) - 1; i >= 0 && n > target; i-- {
			a.parts.mu.Lock()
			l := a.parts.owned[order[i]]
			a.parts.mu.Unlock()
			if l != nil {
				a.release(ctx, kv, l, "rebalance")
				n--
			}
		}
		return
	}
	for _, p := range order {
		if n >= target || ctx.Err() != nil {
			return
		}
		a.parts.mu.Lock()
		_, mine := a.parts.owned[p]
		a.parts.mu.Unlock()
		if mine {
			continue
		}
		if _, err := kv.Get(ctx, leaseKey(p)); !errors.Is(err, jetstream.ErrKeyNotFound) {
			continue // held by another (or unknown: try next tick)
		}
		rev, err := kv.Create(ctx, leaseKey(p), []byte(a.cfg.Process))
		if err != nil {
			continue // someone was quicker
		}
		a.acquire(ctx, p, rev, started.Add(ttl*2/3), sem)
		n++
	}
}

// renew renews lease l (or drops it when its reader stopped or it was lost)
// and samples its partition's lag.
func (a *Appender) renew(ctx context.Context, kv jetstream.KeyValue, l *lease, started time.Time) {
	select {
	case <-l.done: // the reader stopped (its lease ran out): give it back
		a.drop(ctx, kv, l, "reader stopped")
		return
	default:
	}
	rev, err := kv.Update(ctx, leaseKey(l.p), []byte(a.cfg.Process), l.rev)
	if err != nil {
		if ctx.Err() != nil {
			return
		}
		if !l.valid() || errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyNotFound) {
			a.parts.lost.Add(1)
			a.log.Warn("partition lease lost", "partition", l.p, "err", err)
			a.drop(ctx, kv, l, "lease lost")
		} else {
			a.log.Warn("partition lease not renewed; retrying", "partition", l.p, "err", err)
		}
		return
	}
	l.rev = rev
	l.until.Store(started.Add(time.Duration(a.cfg.LeaseTTL) * 2 / 3).UnixNano())
	if c, err := a.js.Consumer(ctx, lanes.EpisodeStream, lanes.PartitionConsumer(l.p)); err == nil {
		l.pending.Store(c.CachedInfo().NumPending + uint64(c.CachedInfo().NumAckPending))
	}
}

// acquire starts reading partition p under a fresh lease.
func (a *Appender) acquire(ctx context.Context, p int, rev uint64, until time.Time, sem chan struct{}) {
	wctx, cancel := context.WithCancel(ctx)
	l := &lease{p: p, rev: rev, cancel: cancel, done: make(chan struct{})}
	l.until.Store(until.UnixNano())
	a.parts.mu.Lock()
	a.parts.owned[p] = l
	a.parts.mu.Unlock()
	a.parts.acquired.Add(1)
	a.log.Info("partition acquired", "partition", p, "process", a.cfg.Process)
	go a.readPartition(wctx, l, sem)
}

// release stops partition l's reader (its batch in hand committed and
// acknowledged, or left unacknowledged) and gives the lease back.
func (a *Appender) release(ctx context.Context, kv jetstream.KeyValue, l *lease, why string) {
	l.cancel()
	<-l.done
	if err := kv.Delete(ctx, leaseKey(l.p), jetstream.LastRevision(l.rev)); err != nil {
		a.log.Warn("partition lease not given back; it runs out by itself", "partition", l.p, "err", err)
	}
	a.parts.mu.Lock()
	delete(a.parts.owned, l.p)
	a.parts.mu.Unlock()
	a.parts.released.Add(1)
	a.log.Info("partition released", "partition", l.p, "process", a.cfg.Process, "why", why)
}

// drop forgets a lease that is no longer this process's.
func (a *Appender) drop(ctx context.Context, kv jetstream.KeyValue, l *lease, why string) {
	l.cancel()
	<-l.done
	if why == "reader stopped" {
		_ = kv.Delete(ctx, leaseKey(l.p), jetstream.LastRevision(l.rev))
	}
	a.parts.mu.Lock()
	delete(a.parts.owned, l.p)
	a.parts.mu.Unlock()
	a.log.Info("partition dropped", "partition", l.p, "process", a.cfg.Process, "why", why)
}

// readPartition is partition l's one reader: fetch, commit, acknowledge,
// in stream order, while the lease is valid.
func (a *Appender) readPartition(ctx context.Context, l *lease, sem chan struct{}) {
	defer close(l.done)
	var (
		cons   jetstream.Consumer
		last   uint64 // the last delivery sequence this reader saw
		reset  bool
		resets int
	)
	ready := func() bool {
		for ctx.Err() == nil && l.valid() {
			var err error
			cons, last, err = lanes.EnsurePartitionConsumer(ctx, a.js, a.cfg.Prefix, l.p, time.Duration(a.cfg.AckWait), a.cfg.MaxDeliver+5, reset)
			if err == nil {
				reset = false
				return true
			}
			a.log.Warn("partition consumer not ready; retrying", "partition", l.p, "err", err)
			sleep(ctx, time.Second)
		}
		return false
	}
	if !ready() {
		return
	}
	for ctx.Err() == nil {
		if !l.valid() {
			a.log.Warn("partition lease not renewed in time; reading stops", "partition", l.p)
			return
		}
		msgs, err := a.fetch(ctx, cons)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			a.log.Warn("fetch failed", "partition", l.p, "err", err)
			sleep(ctx, time.Second)
			continue
		}
		if len(msgs) == 0 {
			continue
		}
		if !l.valid() {
			return // left unacknowledged: the next owner reads them first
		}
		// Every delivery must follow the last one seen: a gap means
		// messages were handed to a fetch that never reached this reader
		// (a leader change), and they would come back only after the ack
		// wait, behind newer turns. Commit nothing of this batch; remake
		// the consumer from its floor so they come first.
		if gap := deliveryGap(msgs, last); gap != "" {
			resets++
			a.Stats.Resets.Add(1)
			a.log.Warn("delivery gap; remaking the partition's consumer from its ack floor", "partition", l.p, "gap", gap, "resets", resets)
			reset = true
			if !ready() {
				return
			}
			continue
		}
		if meta, err := msgs[len(msgs)-1].Metadata(); err == nil {
			last = meta.Sequence.Consumer
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return
		}
		a.handle(ctx, msgs)
		<-sem
	}
}

// deliveryGap says where msgs do not follow delivery sequence last one by
// one ("" when they do).
func deliveryGap(msgs []jetstream.Msg, last uint64) string {
	want := last + 1
	for _, m := range msgs {
		meta, err := m.Metadata()
		if err != nil {
			continue
		}
		if meta.Sequence.Consumer != want {
			return fmt.Sprintf("delivery %d where %d was due", meta.Sequence.Consumer, want)
		}
		want++
	}
	return ""
}

// fetch takes what is waiting (up to Batch), or waits up to a second for
// the next message and then takes what else has arrived.
func (a *Appender) fetch(ctx context.Context, cons jetstream.Consumer) ([]jetstream.Msg, error) {
	batch, err := cons.FetchNoWait(a.cfg.Batch)
	if err != nil {
		return nil, err
	}
	var msgs []jetstream.Msg
	for m := range batch.Messages() {
		msgs = append(msgs, m)
	}
	if len(msgs) > 0 || ctx.Err() != nil {
		return msgs, nil
	}
	batch, err = cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
	if err != nil {
		return nil, nil
	}
	for m := range batch.Messages() {
		msgs = append(msgs, m)
	}
	if len(msgs) == 0 {
		return nil, nil
	}
	if more, err := cons.FetchNoWait(a.cfg.Batch - 1); err == nil {
		for m := range more.Messages() {
			msgs = append(msgs, m)
		}
	}
	return msgs, nil
}
