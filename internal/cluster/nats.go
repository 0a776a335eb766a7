package cluster

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// NATS is a JetStream cluster of embedded servers on loopback.
type NATS struct {
	t       testing.TB
	Servers []*server.Server // nil where a server is stopped
	opts    []*server.Options
}

// FreePort returns a loopback TCP port that was free a moment ago.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("cluster: free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// ServerOptions are the options of node i of an n-node JetStream cluster
// named name, whose client and route ports are given; state goes to dir.
// scripts/cluster starts the same shape (memhive nats).
func ServerOptions(name string, i int, clientPorts, routePorts []int, dir string) *server.Options {
	var routes []*url.URL
	for j, p := range routePorts {
		if j != i {
			routes = append(routes, &url.URL{Scheme: "nats", Host: "127.0.0.1:" + strconv.Itoa(p)})
		}
	}
	return &server.Options{
		ServerName: fmt.Sprintf("%s-n%d", name, i+1),
		Host:       "127.0.0.1",
		Port:       clientPorts[i],
		JetStream:  true,
		StoreDir:   dir,
		SyncAlways: true, // an acknowledged publish is on disk on every replica that acknowledged it
		NoSigs:     true,
		NoLog:      true,
		Cluster: server.ClusterOpts{
			Name: name,
			Host: "127.0.0.1",
			Port: routePorts[i],
		},
		Routes: routes,
	}
}

// StartNATS starts an n-node JetStream cluster (n >= 3 for R3 streams),
// stopped when the test ends, and waits until it has a meta leader.
func StartNATS(t testing.TB, n int) *NATS {
	t.Helper()
	c := &NATS{t: t, Servers: make([]*server.Server, n), opts: make([]*server.Options, n)}
	cports, rports := make([]int, n), make([]int, n)
	for i := range n {
		cports[i], rports[i] = FreePort(t), FreePort(t)
	}
	base := t.TempDir()
	for i := range n {
		c.opts[i] = ServerOptions("memhive-test", i, cports, rports, filepath.Join(base, "n"+strconv.Itoa(i+1)))
	}
	for i := range n {
		c.start(i)
	}
	t.Cleanup(func() {
		for i := range c.Servers {
			c.Stop(i)
		}
	})
	c.WaitReady(60 * time.Second)
	return c
}

func (c *NATS) start(i int) {
	c.t.Helper()
	s, err := server.NewServer(c.opts[i])
	if err != nil {
		c.t.Fatalf("cluster: nats node %d: %v", i+1, err)
	}
	go s.Start()
	if !s.ReadyForConnections(30 * time.Second) {
		c.t.Fatalf("cluster: nats node %d not ready", i+1)
	}
	c.Servers[i] = s
}

// Stop shuts node i down (its state stays on disk for Restart).
func (c *NATS) Stop(i int) {
	if s := c.Servers[i]; s != nil {
		s.Shutdown()
		s.WaitForShutdown()
		c.Servers[i] = nil
	}
}

// Restart starts node i again over its state.
func (c *NATS) Restart(i int) { c.start(i) }

// URLs is every node's client URL, comma-separated (a client fails over).
func (c *NATS) URLs() string {
	var us []string
	for _, o := range c.opts {
		us = append(us, "nats://127.0.0.1:"+strconv.Itoa(o.Port))
	}
	return strings.Join(us, ",")
}

// Conn connects to the cluster (any node, reconnecting forever), closed
// when the test ends.
func (c *NATS) Conn(t testing.TB) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(c.URLs(), nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	if err != nil {
		t.Fatalf("cluster: connect: %v", err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// WaitReady waits until JetStream answers through the cluster.
func (c *NATS) WaitReady(d time.Duration) {
	c.t.Helper()
	nc := c.Conn(c.t)
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		c.t.Fatal(err)
	}
	deadline := time.Now().Add(d)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := js.AccountInfo(ctx)
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("cluster: JetStream not ready after %s: %v", d, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// StreamLeader is the index of the node leading stream (-1: none now).
func (c *NATS) StreamLeader(js jetstream.JetStream, stream string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return -1
	}
	info, err := s.Info(ctx)
	if err != nil || info.Cluster == nil {
		return -1
	}
	for i, o := range c.opts {
		if o.ServerName == info.Cluster.Leader {
			return i
		}
	}
	return -1
}
