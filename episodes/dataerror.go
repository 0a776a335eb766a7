package episodes

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
)

// IsDataError reports whether err is Postgres refusing a row's data:
// SQLSTATE class 22 (data exception, e.g. a NUL in text), 23 (integrity
// constraint) or 54 (program limit exceeded, e.g. an index row too large).
// The same bytes are refused however often they are tried, so every lane
// (turns, memorize, close) refuses such a message instead of retrying it.
func IsDataError(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || len(pe.Code) < 2 {
		return false
	}
	switch pe.Code[:2] {
	case "22", "23", "54":
		return true
	}
	return false
}

// StoreReason is the part of a store error fit for a refusal's sentence.
func StoreReason(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return fmt.Sprintf("%s (SQLSTATE %s)", pe.Message, pe.Code)
	}
	return err.Error()
}
