package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/memhive/memhive/config"
)

// A memhive started on a given NATS (MEMHIVE_NATS_URL with a password)
// records that URL in its addresses and writes no nats.json: a client
// command given only the data directory connects with the URL's own
// credentials, as `memhive close --data DIR` must.
func TestClientReachesANodeOnAGivenNATS(t *testing.T) {
	t.Setenv("MEMHIVE_NATS_URL", "") // the data directory alone names the node
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, NoSigs: true, NoLog: true,
		Username: "memhive", Password: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats did not start")
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	dir := t.TempDir()
	url := strings.Replace(s.ClientURL(), "nats://", "nats://memhive:s3cret@", 1)
	if err := config.WriteAddresses(config.Addresses{DataDir: dir, NATSURL: url, Prefix: "memhive"}); err != nil {
		t.Fatal(err)
	}
	tg, err := resolve(dir)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := tg.connectNATS()
	if err != nil {
		t.Fatalf("connect through the addresses: %v", err)
	}
	nc.Close()
}
