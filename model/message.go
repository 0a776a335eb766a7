package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/memhive/memhive"
)

// JSONMessages is the two messages every memhive model call sends: the
// system rules, and the input as indented JSON (HTML left unescaped, so the
// model reads the text as it was written).
func JSONMessages(system string, input any) ([]Message, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(input); err != nil {
		return nil, fmt.Errorf("encode model input: %w", err)
	}
	return []Message{
		{Role: "system", Content: system},
		{Role: "user", Content: strings.TrimSpace(buf.String())},
	}, nil
}

// VerdictOf maps an error from Chat to the decision log's verdict.
func VerdictOf(err error) Verdict {
	switch {
	case memhive.CodeOf(err) == memhive.CodeOverBudget:
		return VerdictOverBudget
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return VerdictTimeout
	default:
		return VerdictError
	}
}
