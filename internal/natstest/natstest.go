// Package natstest starts an embedded nats-server with JetStream for one
// test, on a random port with its state in the test's temporary directory.
// It lives under internal/ because it is a test helper.
package natstest

import (
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Server is a running embedded server.
type Server struct {
	*server.Server
	Dir string
}

// Start starts a server with JetStream and sync_interval always (every
// acknowledged publish is on disk), stopped when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartIn(t, t.TempDir())
}

// StartIn is Start with the JetStream state in dir, so a test can stop the
// server and start another over the same state.
func StartIn(t testing.TB, dir string) *Server {
	t.Helper()
	return start(t, dir, "", "")
}

// StartUser is Start with one user and password required of every
// client, as a NATS given to memhive (MEMHIVE_NATS_URL) may ask. It
// returns the URL that carries them.
func StartUser(t testing.TB, user, password string) (*Server, string) {
	t.Helper()
	s := start(t, t.TempDir(), user, password)
	return s, strings.Replace(s.ClientURL(), "nats://", "nats://"+user+":"+password+"@", 1)
}

func start(t testing.TB, dir, user, password string) *Server {
	t.Helper()
	opts := &server.Options{
		Username:   user,
		Password:   password,
		Host:       "127.0.0.1",
		Port:       -1,
		JetStream:  true,
		StoreDir:   dir,
		NoLog:      true,
		NoSigs:     true,
		SyncAlways: true,
	}
	s, err := server.NewServer(opts)
	if err != nil {
		t.Fatalf("natstest: new server: %v", err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatalf("natstest: server not ready")
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return &Server{Server: s, Dir: dir}
}

// Conn connects to the server, closed when the test ends.
func (s *Server) Conn(t testing.TB) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(s.ClientURL())
	if err != nil {
		t.Fatalf("natstest: connect: %v", err)
	}
	t.Cleanup(nc.Close)
	return nc
}
