package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"
)

// Ingest publishes turns for many members, each member's turns one after
// the other (the next only after the stream acknowledged the previous), so
// that publish order is stream order; members run concurrently. A publish
// that fails or times out (a NATS node going away) is retried with the same
// Nats-Msg-Id until acknowledged, as a careful client does.
type Ingest struct {
	Prefix    string // default "memhive"
	Members   int
	PerMember int
	Workers   int // members published concurrently; default 16

	// Acked holds, per member, the ids of the turns the stream
	// acknowledged, in publish order.
	Acked    map[string][]string
	mu       sync.Mutex
	Retries  atomic.Int64
	Progress atomic.Int64 // turns acknowledged so far
}

// Member is the i-th member's id.
func Member(i int) string { return fmt.Sprintf("m%03d", i) }

// Run publishes every turn; it returns when all are acknowledged or ctx ends.
func (in *Ingest) Run(ctx context.Context, nc *nats.Conn) error {
	if in.Prefix == "" {
		in.Prefix = "memhive"
	}
	if in.Workers <= 0 {
		in.Workers = 16
	}
	in.Acked = map[string][]string{}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	next := make(chan int)
	errs := make(chan error, in.Workers)
	var wg sync.WaitGroup
	for range in.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range next {
				if err := in.member(ctx, js, Member(m)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
feed:
	for m := range in.Members {
		select {
		case next <- m:
		case <-ctx.Done():
			break feed
		case err := <-errs:
			close(next)
			wg.Wait()
			return err
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	return ctx.Err()
}

func (in *Ingest) member(ctx context.Context, js jetstream.JetStream, member string) error {
	subject := in.Prefix + "." + member + ".episode"
	for i := range in.PerMember {
		id := ulid.Make().String()
		body, _ := json.Marshal(map[string]any{
			"id": id, "session": "s1", "channel": "test:cluster", "audience": []string{"member:" + member},
			"role": "user", "speaker": "member:" + member, "text": fmt.Sprintf("turn %d of %s", i, member),
			"ref": fmt.Sprint(i),
		})
		msg := &nats.Msg{Subject: subject, Data: body, Header: nats.Header{}}
		msg.Header.Set(jetstream.MsgIDHeader, id)
		for attempt := 0; ; attempt++ {
			pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			_, err := js.PublishMsg(pctx, msg)
			cancel()
			if err == nil {
				break
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if attempt > 200 {
				return fmt.Errorf("publish %s turn %d: %w", member, i, err)
			}
			in.Retries.Add(1)
			time.Sleep(100 * time.Millisecond)
		}
		in.mu.Lock()
		in.Acked[member] = append(in.Acked[member], id)
		in.mu.Unlock()
		in.Progress.Add(1)
	}
	return nil
}

// Total is how many turns were acknowledged.
func (in *Ingest) Total() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	n := 0
	for _, ids := range in.Acked {
		n += len(ids)
	}
	return n
}

// Report is what Verify found in the record.
type Report struct {
	Acked      int // turns the stream acknowledged
	Rows       int // episode rows of the ingest's members
	Lost       int // acknowledged turns with no row
	Duplicated int // rows beyond one per acknowledged turn (rows with an id nobody acked included)
	OutOfOrder int // rows committed before an earlier-published turn of the same member
}

func (r Report) String() string {
	return fmt.Sprintf("acked %d, rows %d, lost %d, duplicated %d, out of order %d", r.Acked, r.Rows, r.Lost, r.Duplicated, r.OutOfOrder)
}

// OK reports whether nothing was lost, duplicated or reordered.
func (r Report) OK() bool {
	return r.Lost == 0 && r.Duplicated == 0 && r.OutOfOrder == 0 && r.Rows == r.Acked
}

// ErrNotYet is Wait's error when the record did not catch up in time.
var ErrNotYet = errors.New("cluster: the record did not reach the acknowledged count in time")

// Wait waits until the ingest's members hold at least in.Total() rows.
func (in *Ingest) Wait(ctx context.Context, pool *pgxpool.Pool, d time.Duration) error {
	want := in.Total()
	deadline := time.Now().Add(d)
	for {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM episodes WHERE member_id = ANY($1)`, in.members()).Scan(&n); err != nil {
			return err
		}
		if n >= want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: %d of %d", ErrNotYet, n, want)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (in *Ingest) members() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	ms := make([]string, 0, len(in.Acked))
	for m := range in.Acked {
		ms = append(ms, m)
	}
	return ms
}

// Verify reads the ingest's members' episodes and checks them against what
// was acknowledged: each acknowledged turn one row, nothing else, and per
// member the commit order (recorded_at, the store's clock at insert, then
// the stream sequence) equal to publish order.
func (in *Ingest) Verify(ctx context.Context, pool *pgxpool.Pool) (Report, error) {
	var r Report
	r.Acked = in.Total()
	in.mu.Lock()
	pos := map[string]map[string]int{}
	for m, ids := range in.Acked {
		pos[m] = make(map[string]int, len(ids))
		for i, id := range ids {
			pos[m][id] = i
		}
	}
	in.mu.Unlock()
	rows, err := pool.Query(ctx, `SELECT member_id, id FROM episodes WHERE member_id = ANY($1)
		ORDER BY member_id, recorded_at, stream_seq`, in.members())
	if err != nil {
		return r, err
	}
	defer rows.Close()
	seen := map[string]map[string]bool{}
	last := map[string]int{}
	for rows.Next() {
		var m, id string
		if err := rows.Scan(&m, &id); err != nil {
			return r, err
		}
		r.Rows++
		if seen[m] == nil {
			seen[m] = map[string]bool{}
			last[m] = -1
		}
		i, ok := pos[m][id]
		if !ok || seen[m][id] {
			r.Duplicated++
			continue
		}
		seen[m][id] = true
		if i < last[m] {
			r.OutOfOrder++
		}
		last[m] = max(last[m], i)
	}
	if err := rows.Err(); err != nil {
		return r, err
	}
	for m, ids := range pos {
		for id := range ids {
			if !seen[m][id] {
				r.Lost++
			}
		}
	}
	return r, nil
}
