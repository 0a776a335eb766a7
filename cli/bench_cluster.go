package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive/embed"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/bench"
	"github.com/memhive/memhive/lanes"
)

func init() { benches["cluster"] = benchCluster }

type clusterBenchResult struct {
	Turns      int                `json:"turns"`
	Rounds     int                `json:"rounds"`
	Partitions int                `json:"partitions"`
	EmbedQueue bool               `json:"embed_queue"`
	Cores      int                `json:"cores"`
	Copy4      float64            `json:"raw_copy_4_streams_turns_per_sec"` // median of every COPY of the run
	Procs      []clusterBenchProc `json:"memhive"`
}

type clusterBenchProc struct {
	Processes  int       `json:"processes"`
	PerSec     float64   `json:"turns_per_sec"`
	Ratio      float64   `json:"ratio"` // median over rounds of (this / that round's COPY)
	RoundRatio []float64 `json:"round_ratios"`
}

func benchCluster(e *env, args []string) error {
	fs := newFlags(e, "bench cluster", "bench cluster [--turns N] [--processes 1,2,3] [--partitions P] [--rounds R] [--json]", `
Measure ingest on a three-node JetStream cluster (embedded nats-servers on
loopback, sync always, the episode stream and leases at R3) with one, two
and three memhive appenders sharing the lanes by member partition, each
with its own NATS connection and Postgres pool as a memhive process has,
against a raw COPY of the same rows in four parallel streams (the bulk-load
limit) in the same run and on the same Postgres. Each measurement runs right
after its own COPY, on fresh schemas and a fresh stream; the median ratio
over rounds is reported. Schemas are dropped at the end.`)
	turns := fs.Int("turns", 20000, "how many turns")
	dbURL := fs.String("database", "", "Postgres URL (default MEMHIVE_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)")
	procList := fs.String("processes", "1,2,3", "process counts to measure; 0 is one process without partitions (the single-process default), for reference")
	parts := fs.Int("partitions", 12, "member partitions")
	queue := fs.Bool("embed-queue", true, "queue each row for embedding in the appender's transaction (as memhive up does with an embedder)")
	nRounds := fs.Int("rounds", 1, "rounds")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	var counts []int
	for _, s := range strings.Split(*procList, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || k < 0 {
			return usagef("--processes: want counts like 1,2,3 (0: one process without partitions, for reference)")
		}
		counts = append(counts, k)
	}
	u := *dbURL
	if u == "" {
		u = bench.DefaultURL()
	}
	ctx, cancel := signalContext()
	defer cancel()
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	dir, err := os.MkdirTemp("", "memhive-bench-cluster-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	urls, stop, err := startBenchNATS(dir)
	if err != nil {
		return err
	}
	defer stop()
	rows := makeTurns(*turns, 300)
	res := clusterBenchResult{Turns: *turns, Rounds: *nRounds, Partitions: *parts, EmbedQueue: *queue, Cores: runtime.NumCPU()}
	rates := make([][]float64, len(counts))
	ratios := make([][]float64, len(counts))
	var copies []float64
	for r := range *nRounds {
		for i, k := range counts {
			// the baseline right before each measurement: on a shared
			// machine the load drifts within a round
			c4, err := copyParallel(ctx, u, rows, 4)
			if err != nil {
				return err
			}
			copies = append(copies, c4)
			rate, err := clusterIngest(ctx, u, urls, rows, k, *parts, *queue, log)
			if err != nil {
				return fmt.Errorf("%d processes: %w", k, err)
			}
			rates[i] = append(rates[i], rate)
			ratios[i] = append(ratios[i], rate/c4)
			fmt.Fprintf(e.stderr, "round %d: raw COPY, 4 streams %.0f turns/s, then %d memhive processes %.0f turns/s: %.2f of COPY\n", r+1, c4, k, rate, rate/c4)
		}
	}
	res.Copy4 = median(copies)
	for i, k := range counts {
		p := clusterBenchProc{Processes: k, PerSec: median(rates[i]), Ratio: median(ratios[i])}
		for _, x := range ratios[i] {
			p.RoundRatio = append(p.RoundRatio, float64(int(x*100+0.5))/100)
		}
		res.Procs = append(res.Procs, p)
	}
	if *asJSON {
		return printJSON(e.stdout, res)
	}
	e.printf("turns %d (300-byte texts, 100 members), %d cores, 3 NATS nodes R3 sync always, %d partitions, embed queue %v, %d round(s)\n",
		res.Turns, res.Cores, res.Partitions, res.EmbedQueue, res.Rounds)
	e.printf("raw COPY, 4 streams   %8.0f turns/s\n", res.Copy4)
	for _, p := range res.Procs {
		e.printf("memhive × %d           %8.0f turns/s   ratio %.2f of COPY×4 (rounds %v)\n", p.Processes, p.PerSec, p.Ratio, p.RoundRatio)
	}
	return nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// startBenchNATS starts a three-node JetStream cluster on loopback.
func startBenchNATS(dir string) (string, func(), error) {
	free := func() (int, error) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		defer l.Close()
		return l.Addr().(*net.TCPAddr).Port, nil
	}
	var cports, rports [3]int
	for i := range 3 {
		var err error
		if cports[i], err = free(); err != nil {
			return "", nil, err
		}
		if rports[i], err = free(); err != nil {
			return "", nil, err
		}
	}
	var servers []*server.Server
	stop := func() {
		for _, s := range servers {
			s.Shutdown()
			s.WaitForShutdown()
		}
	}
	var urls []string
	for i := range 3 {
		var routes []*url.URL
		for j := range 3 {
			if j != i {
				routes = append(routes, &url.URL{Scheme: "nats", Host: "127.0.0.1:" + strconv.Itoa(rports[j])})
			}
		}
		s, err := server.NewServer(&server.Options{ServerName: fmt.Sprintf("bench-n%d", i+1), Host: "127.0.0.1", Port: cports[i],
			JetStream: true, StoreDir: filepath.Join(dir, strconv.Itoa(i)), SyncAlways: true, NoLog: true, NoSigs: true,
			Cluster: server.ClusterOpts{Name: "memhive-bench", Host: "127.0.0.1", Port: rports[i]}, Routes: routes})
		if err != nil {
			stop()
			return "", nil, err
		}
		go s.Start()
		servers = append(servers, s)
		urls = append(urls, s.ClientURL())
	}
	for _, s := range servers {
		if !s.ReadyForConnections(30 * time.Second) {
			stop()
			return "", nil, errors.New("nats cluster did not start")
		}
	}
	all := strings.Join(urls, ",")
	nc, err := nats.Connect(all)
	if err != nil {
		stop()
		return "", nil, err
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := js.AccountInfo(c)
		cancel()
		if err == nil {
			return all, stop, nil
		}
		if time.Now().After(deadline) {
			stop()
			return "", nil, fmt.Errorf("JetStream cluster not ready: %w", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// copyParallel COPYs rows into a fresh schema in n parallel streams and
// returns turns/s.
func copyParallel(ctx context.Context, u string, rows []episodes.Episode, n int) (float64, error) {
	db, err := bench.OpenSchema(ctx, u, "", "bench_copy4", false, int32(n+1))
	if err != nil {
		return 0, err
	}
	defer db.Drop(context.Background())
	start := time.Now()
	errs := make(chan error, n)
	per := (len(rows) + n - 1) / n
	for i := range n {
		part := rows[min(i*per, len(rows)):min((i+1)*per, len(rows))]
		go func() { errs <- rawCopy(ctx, db.Pool, part) }()
	}
	for range n {
		if err := <-errs; err != nil {
			return 0, err
		}
	}
	return float64(len(rows)) / time.Since(start).Seconds(), nil
}

// clusterIngest publishes rows through the cluster to k partitioned
// appenders on a fresh schema and stream, and returns turns/s from the
// first publish to the last commit.
func clusterIngest(ctx context.Context, u, natsURL string, rows []episodes.Episode, k, parts int, queue bool, log *slog.Logger) (float64, error) {
	db, err := bench.OpenSchema(ctx, u, "", "bench_cluster", false, 10)
	if err != nil {
		return 0, err
	}
	defer db.Drop(context.Background())
	nc, err := nats.Connect(natsURL)
	if err != nil {
		return 0, err
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	// a fresh stream and lease bucket each time
	if err := js.DeleteStream(ctx, lanes.EpisodeStream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		return 0, err
	}
	if err := js.DeleteKeyValue(ctx, episodes.LeaseBucket("")); err != nil && !errors.Is(err, jetstream.ErrBucketNotFound) {
		return 0, err
	}
	unpartitioned := k == 0
	if unpartitioned {
		k, parts = 1, 0
	}
	if _, err := lanes.EnsureStream(ctx, js, lanes.StreamConfig{Replicas: 3, Partitions: parts}); err != nil {
		return 0, err
	}
	var after episodes.AfterInsert
	if queue {
		h := embed.NewHashing(64)
		if err := embed.Register(ctx, db.Pool, h, true); err != nil {
			return 0, err
		}
		after = func(ctx context.Context, tx pgx.Tx, written []episodes.Episode) error {
			ms, ids := make([]string, len(written)), make([]string, len(written))
			for i, w := range written {
				ms[i], ids[i] = w.Member, w.ID
			}
			return embed.Enqueue(ctx, tx, h.Model(), embed.OwnerEpisode, ms, ids)
		}
	}
	var committed atomic.Int64
	done := make(chan struct{})
	var once sync.Once
	actx, acancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var closers []func()
	defer func() {
		// the appenders give their leases back before their connections close
		acancel()
		wg.Wait()
		for _, f := range closers {
			f()
		}
	}()
	var apps []*episodes.Appender
	for i := range k {
		pool, err := pgxpool.NewWithConfig(ctx, db.Pool.Config().Copy())
		if err != nil {
			return 0, err
		}
		closers = append(closers, pool.Close)
		anc, err := nats.Connect(natsURL, nats.MaxReconnects(-1))
		if err != nil {
			return 0, err
		}
		closers = append(closers, anc.Close)
		a, err := episodes.NewAppender(pool, anc, episodes.AppenderConfig{Partitions: parts, Replicas: 3, Process: fmt.Sprintf("bench-%d", i+1)}, after, log)
		if err != nil {
			return 0, err
		}
		a.OnCommit = func(w []episodes.Episode) {
			if committed.Add(int64(len(w))) >= int64(len(rows)) {
				once.Do(func() { close(done) })
			}
		}
		apps = append(apps, a)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := a.Run(actx); err != nil {
				log.Error("appender stopped", "process", i+1, "err", err)
			}
		}()
	}
	// every partition owned, and spread (each process at its share)
	deadline := time.Now().Add(60 * time.Second)
	for {
		total, spread := 0, true
		for _, a := range apps {
			st := a.Partitions()
			total += len(st.Owned)
			if st.Live != k || len(st.Owned) > (parts+k-1)/k {
				spread = false
			}
		}
		if unpartitioned || total == parts && spread {
			break
		}
		if time.Now().After(deadline) {
			var sts []episodes.PartitionStatus
			for _, a := range apps {
				sts = append(sts, a.Partitions())
			}
			return 0, fmt.Errorf("partitions not spread over %d processes in 60s: %+v", k, sts)
		}
		time.Sleep(100 * time.Millisecond)
	}
	c, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{Buffer: len(rows) + 1})
	if err != nil {
		return 0, err
	}
	defer c.Close()
	start := time.Now()
	for _, r := range rows {
		if err := c.Publish(r.Member, lanes.Turn{ID: r.ID, Session: r.Session, Channel: r.Channel, Audience: r.Audience,
			Role: r.Role, Speaker: r.Speaker, Text: r.Content, At: r.HappenedAt}); err != nil {
			return 0, err
		}
	}
	select {
	case <-done:
	case <-ctx.Done():
		return 0, ctx.Err()
	case <-time.After(10 * time.Minute):
		return 0, fmt.Errorf("only %d of %d committed in 10 minutes", committed.Load(), len(rows))
	}
	rate := float64(len(rows)) / time.Since(start).Seconds()
	var stored int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM episodes`).Scan(&stored); err != nil {
		return 0, err
	}
	if stored != len(rows) {
		return 0, fmt.Errorf("%d episodes stored, want %d", stored, len(rows))
	}
	return rate, nil
}
