package node

import (
	"context"

	"github.com/memhive/memhive/cells"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/templates"
)

// The analyzer cell runs wherever the appender does: it ANALYZEs the
// recall tables when many rows arrived since their last ANALYZE
// (episodes.Analyzer), so a member just imported is planned with
// statistics within one look (30 s) rather than whenever autovacuum gets
// to a big table.
func init() {
	extraCells = append(extraCells, struct {
		name string
		make func(n *Node, t *templates.Hive) (cells.Cell, error)
	}{"appender", newAnalyzerCell})
}

func newAnalyzerCell(n *Node, _ *templates.Hive) (cells.Cell, error) {
	a := &episodes.Analyzer{Pool: n.owner, Logger: n.Log.With("cell", "analyzer")} // ANALYZE needs the tables' owner
	return cells.Func{CellName: "analyzer", RunFunc: func(ctx context.Context) error { return a.Run(ctx) }}, nil
}
