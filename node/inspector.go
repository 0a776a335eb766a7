package node

import (
	"context"
	"net/http"

	"github.com/memhive/memhive/inspector"
	"github.com/memhive/memhive/model"
)

// mountInspector serves the web inspector at /ui beside the HTTP API h
// (operator key; docs/inspector.md). It returns the handler and the stop
// of the inspector's metrics sampling.
func (n *Node) mountInspector(h http.Handler) (http.Handler, func(), error) {
	price, err := model.PriceFromEnv()
	if err != nil {
		return nil, nil, err
	}
	in, err := inspector.New(inspector.Config{
		Price:       price,
		Pool:        n.Pool,
		Recaller:    n.Recall,
		Keys:        n.Keys,
		OpenHistory: n.Recall.Config().OpenHistory,
		Threshold:   n.Recall.Config().SupersedeThreshold,
		Registry:    n.Registry,
		Cells:       n.Hive.Status,
		JS:          n.JS,
		Logger:      n.Log,
	})
	if err != nil {
		return nil, nil, err
	}
	if err := in.Start(context.Background()); err != nil {
		return nil, nil, err
	}
	return in.Mount(h), in.Stop, nil
}
