package dbtest

import (
	"net"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Stalled returns a pool whose server accepts connections and never says a
// word: what a Postgres whose processes are stopped (SIGSTOP), or a host
// gone silent behind a firewall, looks like to a client. It is no mock of
// Postgres, only a dead server, for tests that a caller gives up on a
// store that does not answer instead of hanging. The listener and every
// connection it held are closed when the test ends.
func Stalled(t testing.TB) *pgxpool.Pool {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("dbtest: listen: %v", err)
	}
	var mu sync.Mutex
	var held []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	pool, err := pgxpool.New(t.Context(), "postgres://postgres@"+l.Addr().String()+"/postgres?sslmode=disable")
	if err != nil {
		t.Fatalf("dbtest: stalled pool: %v", err)
	}
	t.Cleanup(func() {
		l.Close()
		<-done
		mu.Lock()
		for _, c := range held {
			c.Close()
		}
		mu.Unlock()
		pool.Close()
	})
	return pool
}
