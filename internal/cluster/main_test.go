package cluster_test

import (
	"os"
	"testing"

	"github.com/memhive/memhive/internal/cluster"
)

func TestMain(m *testing.M) {
	code := m.Run()
	cluster.RemoveBinary()
	os.Exit(code)
}
