package cluster_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/internal/cluster"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/nightly"
)

// schemaURL is the test database's URL switched to pool's schema.
func schemaURL(pool *pgxpool.Pool) string {
	sep := "?"
	if strings.Contains(dbtest.URL(), "?") {
		sep = "&"
	}
	return dbtest.URL() + sep + "search_path=" + pool.Config().ConnConfig.RuntimeParams["search_path"]
}

type bed struct {
	nats  *cluster.NATS
	pool  *pgxpool.Pool
	js    jetstream.JetStream
	procs []*cluster.Proc
	url   string
	parts int
}

func newBed(t *testing.T, parts int) *bed {
	t.Helper()
	b := &bed{nats: cluster.StartNATS(t, 3), pool: dbtest.New(t), parts: parts}
	b.url = schemaURL(b.pool)
	var err error
	if b.js, err = jetstream.New(b.nats.Conn(t)); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *bed) start(t *testing.T, name string) *cluster.Proc {
	t.Helper()
	p := cluster.StartProc(t, cluster.ProcOptions{Name: name, NATSURL: b.nats.URLs(), DatabaseURL: b.url,
		Partitions: b.parts, Replicas: 3})
	b.procs = append(b.procs, p)
	return p
}

// owned sums memhive_partitions_owned over ps.
func owned(ps ...*cluster.Proc) int {
	n := 0
	for _, p := range ps {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if v := p.Metric(ctx, "memhive_partitions_owned"); v > 0 {
			n += int(v)
		}
		cancel()
	}
	return n
}

func waitUntil(t *testing.T, what string, d time.Duration, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > d {
			t.Fatalf("%s: not within %s", what, d)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return time.Since(start)
}

func (b *bed) verify(t *testing.T, in *cluster.Ingest) cluster.Report {
	t.Helper()
	if err := in.Wait(context.Background(), b.pool, 120*time.Second); err != nil {
		t.Fatal(err)
	}
	rep, err := in.Verify(context.Background(), b.pool)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("record: %s", rep)
	}
	return rep
}

// Must-show 1: the stream leader of a three-node cluster is killed during
// an ingest of 20,000 turns from 100 members; nothing acknowledged is lost
// or duplicated and each member's turns are committed in publish order.
func TestStreamLeaderKilledDuringIngest(t *testing.T) {
	b := newBed(t, 6)
	b.start(t, "a")
	b.start(t, "b")
	waitUntil(t, "three partitions each", 60*time.Second, func() bool { return owned(b.procs[0]) == 3 && owned(b.procs[1]) == 3 })
	in := &cluster.Ingest{Members: 100, PerMember: 200, Workers: 50}
	done := make(chan error, 1)
	began := time.Now()
	go func() { done <- in.Run(context.Background(), b.nats.Conn(t)) }()
	waitUntil(t, "a quarter acknowledged", 120*time.Second, func() bool { return in.Progress.Load() >= 5000 })
	leader := b.nats.StreamLeader(b.js, lanes.EpisodeStream)
	if leader < 0 {
		t.Fatal("no stream leader")
	}
	killedAt := in.Progress.Load()
	b.nats.Stop(leader)
	var newLeader int
	elected := waitUntil(t, "a new stream leader", 60*time.Second, func() bool {
		newLeader = b.nats.StreamLeader(b.js, lanes.EpisodeStream)
		return newLeader >= 0 && newLeader != leader
	})
	waitUntil(t, "ingest goes on", 120*time.Second, func() bool { return in.Progress.Load() >= killedAt+5000 })
	b.nats.Restart(leader)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	published := time.Since(began)
	rep := b.verify(t, in)
	t.Logf("MUST-SHOW 1: stream leader n%d stopped after %d acks, new leader n%d in %s; %s; publish retries %d; ingest %s, all committed %s",
		leader+1, killedAt, newLeader+1, elected.Round(time.Millisecond), rep, in.Retries.Load(), published.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}

// Must-show 3: three processes share nine partitions; one is killed with
// SIGKILL mid-ingest and its partitions move to the others; a fourth joins
// later and takes its share; nothing lost, duplicated or reordered; the
// close pass then runs once per member across the processes, and the
// night's run (fired by every process's clock with one run id) once per
// member.
func TestProcessKilledPartitionsMove(t *testing.T) {
	b := newBed(t, 9)
	a, bp, c := b.start(t, "a"), b.start(t, "b"), b.start(t, "c")
	waitUntil(t, "three partitions each", 60*time.Second, func() bool { return owned(a) == 3 && owned(bp) == 3 && owned(c) == 3 })
	in := &cluster.Ingest{Members: 100, PerMember: 100, Workers: 50}
	done := make(chan error, 1)
	go func() { done <- in.Run(context.Background(), b.nats.Conn(t)) }()
	waitUntil(t, "a third acknowledged", 120*time.Second, func() bool { return in.Progress.Load() >= 3000 })
	held := owned(bp)
	if held == 0 {
		t.Fatal("b holds no partition: killing it would show nothing")
	}
	bp.Kill()
	moved := waitUntil(t, "b's partitions taken over", 60*time.Second, func() bool { return owned(a, c) == 9 })
	t.Logf("b held %d partitions; a and c hold all nine %s after SIGKILL", held, moved.Round(time.Millisecond))
	waitUntil(t, "two thirds acknowledged", 120*time.Second, func() bool { return in.Progress.Load() >= 6000 })
	d := b.start(t, "d")
	share := waitUntil(t, "d takes its share", 60*time.Second, func() bool { return owned(d) >= 2 && owned(a, c, d) == 9 })
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	rep := b.verify(t, in)

	// close: one request per member on the close lane, each handled by one
	// of the live processes under the member's pass lock
	for m := range in.Members {
		member := cluster.Member(m)
		body, _ := json.Marshal(map[string]any{"session": "s1", "channel": "test:cluster", "audience": []string{"member:" + member}})
		if _, err := b.js.Publish(context.Background(), "memhive."+member+".close", body); err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(t, "every member closed", 120*time.Second, func() bool {
		var n int
		_ = b.pool.QueryRow(context.Background(), `SELECT count(DISTINCT member_id) FROM consolidation_log WHERE kind = 'close' AND status = 'completed'`).Scan(&n)
		return n == in.Members
	})
	var closeDup int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM (SELECT member_id FROM consolidation_log
		WHERE kind = 'close' AND status = 'completed' GROUP BY member_id HAVING count(*) > 1) x`).Scan(&closeDup); err != nil {
		t.Fatal(err)
	}
	if closeDup != 0 {
		t.Fatalf("%d members were closed more than once", closeDup)
	}

	// the night: every process's clock fires the same night's run at once
	runID := nightly.NightRunID(time.Now())
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := nightly.Run(context.Background(), b.pool, nightly.Options{RunID: runID})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var nightMembers, nightDup int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(DISTINCT member_id) FROM consolidation_log
		WHERE kind = 'nightly' AND run_id = $1 AND status IN ('completed', 'skipped')`, runID).Scan(&nightMembers); err != nil {
		t.Fatal(err)
	}
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM (SELECT member_id FROM consolidation_log
		WHERE kind = 'nightly' AND run_id = $1 GROUP BY member_id HAVING count(*) > 1) x`, runID).Scan(&nightDup); err != nil {
		t.Fatal(err)
	}
	if nightMembers != in.Members || nightDup != 0 {
		t.Fatalf("night %s: %d members ran, %d more than once; want %d and 0", runID, nightMembers, nightDup, in.Members)
	}
	t.Logf("MUST-SHOW 3: SIGKILL of b (%d partitions) → all nine owned again in %s; d joined and held its share in %s; %s; close once per member (%d), night %s once per member (%d)",
		held, moved.Round(time.Millisecond), share.Round(time.Millisecond), rep, in.Members, runID, nightMembers)
}
