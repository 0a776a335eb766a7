// Package dbtest gives each test its own Postgres schema, migrated, on the
// real server named by MEMHIVE_TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres). It lives under internal/
// because it is a test helper and never ships in the binary.
//
// A missing or unreachable Postgres, or one without pgvector, fails the test:
// it never skips, under CI=true or anywhere else.
package dbtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
)

// URL is the server the tests use.
func URL() string {
	if u := os.Getenv("MEMHIVE_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres"
}

// New returns a pool whose search_path is a fresh schema (then public, where
// the vector extension lives), with every migration applied. The schema is
// dropped when the test ends. Session settings given in params (for example
// recall.SessionParams, so a test sees the plans the read path gets) are set
// on every connection.
func New(t testing.TB, params ...map[string]string) *pgxpool.Pool {
	t.Helper()
	pool, schema := NewUnmigrated(t, params...)
	if err := episodes.Migrate(context.Background(), pool, nil); err != nil {
		t.Fatalf("dbtest: migrate schema %s: %v", schema, err)
	}
	return pool
}

// NewUnmigrated is New without the migrations; it also returns the schema name.
func NewUnmigrated(t testing.TB, params ...map[string]string) (*pgxpool.Pool, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, URL())
	if err != nil {
		t.Fatalf("dbtest: Postgres at %s is not reachable (set MEMHIVE_TEST_DATABASE_URL, or run scripts/test which sets it up): %v", URL(), err)
	}
	defer admin.Close(ctx)
	// Parallel tests on a database without the extension race to create
	// it; IF NOT EXISTS does not stop the loser's unique violation, and a
	// second try finds it made.
	_, err = admin.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS vector`)
	if err != nil && strings.Contains(err.Error(), "23505") {
		_, err = admin.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS vector`)
	}
	if err != nil {
		t.Fatalf("dbtest: pgvector is not available on %s (scripts/setup installs it): %v", URL(), err)
	}
	schema := fmt.Sprintf("t_%d_%08x", time.Now().UnixNano()%1e9, rand.Uint32())
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("dbtest: create schema: %v", err)
	}
	cfg, err := pgxpool.ParseConfig(URL())
	if err != nil {
		t.Fatalf("dbtest: parse url: %v", err)
	}
	for _, ps := range params {
		for k, v := range ps {
			cfg.ConnConfig.RuntimeParams[k] = v
		}
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema + ",public"
	cfg.MaxConns = 8
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatalf("dbtest: pool: %v", err)
	}
	t.Cleanup(func() {
		pool.Close()
		if os.Getenv("MEMHIVE_TEST_KEEP_SCHEMA") != "" {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, URL())
		if err != nil {
			return
		}
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
	})
	return pool, schema
}
