package gateway

import (
	"context"

	"github.com/memhive/memhive/recall"
)

// Answer is the HTTP API's recall after its request is bound: the checks of
// CheckRequest, the Recaller's answer (its diagnostic included), capped to
// maxChars (CapAnswer). The inspector's playground calls it too, so the
// breakdown an operator sees is the one the API returns for the same call.
func Answer(ctx context.Context, rec Recaller, req recall.Request, maxChars int) (*recall.Answer, error) {
	if err := CheckRequest(req); err != nil {
		countRefused(rec, req, err)
		return nil, err
	}
	ans, err := rec.Recall(ctx, req)
	if err != nil {
		return nil, err
	}
	return CapAnswer(ans, maxChars), nil
}
