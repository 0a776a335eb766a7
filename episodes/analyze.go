package episodes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// AnalyzedTables are the tables whose planner statistics recall depends on:
// without them (right after a bulk import, before autovacuum's ANALYZE)
// the planner misjudges a member's rows.
var AnalyzedTables = []string{"episodes", "embeddings", "facts"}

// Analyze runs ANALYZE on tables (default AnalyzedTables) in the pool's
// schema, so the planner has statistics at once after a bulk import.
func Analyze(ctx context.Context, pool *pgxpool.Pool, tables ...string) error {
	if len(tables) == 0 {
		tables = AnalyzedTables
	}
	for _, t := range tables {
		if _, err := pool.Exec(ctx, `ANALYZE `+pgx.Identifier{t}.Sanitize()); err != nil {
			return fmt.Errorf("analyze %s: %w", t, err)
		}
	}
	return nil
}

// Analyzer ANALYZEs the recall tables when many rows arrived since their
// last ANALYZE (by Postgres' own count, n_mod_since_analyze), instead of
// waiting for autovacuum: its threshold grows with the table (10% of it),
// so a 50,000-turn import into a table of a million rows would wait for
// hours, and the import's member would be planned without statistics.
type Analyzer struct {
	Pool *pgxpool.Pool
	// Rows is how many inserted or changed rows since a table's last
	// ANALYZE make the analyzer run one. Default 10,000.
	Rows int64
	// Every is how often it looks. Default 30 s.
	Every  time.Duration
	Logger *slog.Logger
	// Tables it watches. Default AnalyzedTables.
	Tables []string
}

func (a *Analyzer) defaults() {
	if a.Rows <= 0 {
		a.Rows = 10000
	}
	if a.Every <= 0 {
		a.Every = 30 * time.Second
	}
	if a.Logger == nil {
		a.Logger = slog.New(slog.DiscardHandler)
	}
	if len(a.Tables) == 0 {
		a.Tables = AnalyzedTables
	}
}

// Run looks every a.Every until ctx ends.
func (a *Analyzer) Run(ctx context.Context) error {
	a.defaults()
	t := time.NewTicker(a.Every)
	defer t.Stop()
	for {
		if _, err := a.Once(ctx); err != nil && ctx.Err() == nil {
			a.Logger.Warn("analyzer", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Once ANALYZEs each watched table of the current schema with at least
// a.Rows rows inserted, updated or deleted since its last ANALYZE (manual
// or automatic), and returns the tables it analyzed.
func (a *Analyzer) Once(ctx context.Context) ([]string, error) {
	a.defaults()
	rows, err := a.Pool.Query(ctx, `SELECT relname FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = ANY($1) AND n_mod_since_analyze >= $2
		ORDER BY relname`, a.Tables, a.Rows)
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	due, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	for _, t := range due {
		start := time.Now()
		if err := Analyze(ctx, a.Pool, t); err != nil {
			return nil, err
		}
		a.Logger.Info("analyzed", "table", t, "took_ms", time.Since(start).Milliseconds())
	}
	return due, nil
}
