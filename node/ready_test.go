package node_test

import (
	"context"
	"testing"

	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/node"
)

// A Postgres that does not answer (its processes stopped) is not ready:
// Ready says so within ReadyTimeout, whatever the caller's context, so
// /readyz answers 503 instead of hanging with the store.
func TestReadyGivesUpOnAStalledStore(t *testing.T) {
	t.Parallel()
	n := &node.Node{Pool: dbtest.Stalled(t)}
	if err := n.Ready(context.Background()); err == nil {
		t.Fatal("a stalled Postgres read as ready")
	}
}
