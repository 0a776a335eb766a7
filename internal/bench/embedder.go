package bench

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/embed"
)

// NewEmbedder returns the named built-in embedder: "wink" (the word-vector
// default, from embed.DefaultVectorsPath), "hash" (feature hashing, 256
// dimensions as memhive up uses) or "none" (nil: recall runs without its
// semantic leg). close releases it.
func NewEmbedder(name string) (e embed.Embedder, close func(), err error) {
	switch name {
	case "wink":
		wv, err := embed.OpenWordVectors(embed.DefaultVectorsPath())
		if err != nil {
			return nil, nil, fmt.Errorf("word vectors (run scripts/vectors.sh, or pick --embedder hash): %w", err)
		}
		return wv, func() { _ = wv.Close() }, nil
	case "hash":
		return embed.NewHashing(256), func() {}, nil
	case "none", "":
		return nil, func() {}, nil
	}
	return nil, nil, fmt.Errorf("embedder %q is not wink, hash or none", name)
}

// EmbedAll registers e as the active model, queues every owner lacking a
// vector and drains the queue in batches until nothing is left. It returns
// how many rows it embedded.
func EmbedAll(ctx context.Context, pool *pgxpool.Pool, e embed.Embedder, batch int, logger *slog.Logger) (int, error) {
	if err := embed.Register(ctx, pool, e, true); err != nil {
		return 0, fmt.Errorf("register %s: %w", e.Model(), err)
	}
	if _, err := embed.Backfill(ctx, pool, e.Model()); err != nil {
		return 0, fmt.Errorf("backfill %s: %w", e.Model(), err)
	}
	d := embed.NewDrainer(pool, e, embed.DrainerConfig{Batch: batch}, logger)
	total := 0
	for {
		n, err := d.DrainOnce(ctx)
		if err != nil {
			return total, fmt.Errorf("embed %s: %w", e.Model(), err)
		}
		if n == 0 {
			return total, nil
		}
		total += n
	}
}
