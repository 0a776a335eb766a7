package cli

import (
	"testing"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/internal/natstest"
)

// A memhive started on a given NATS (MEMHIVE_NATS_URL with a password)
// records that URL in its addresses and writes no nats.json: a client
// command given only the data directory connects with the URL's own
// credentials, as `memhive close --data DIR` must.
func TestClientReachesANodeOnAGivenNATS(t *testing.T) {
	t.Setenv("MEMHIVE_NATS_URL", "") // the data directory alone names the node
	_, url := natstest.StartUser(t, "memhive", "s3cret")
	dir := t.TempDir()
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
