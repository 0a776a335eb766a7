package closer

import (
	"context"
	"fmt"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/extract"
)

// end applies a negative fact ("I don't live in Berlin anymore"): the
// speaker's facts in force with the same subject, predicate and claim end
// at the negative fact's valid_from (valid_until is set; nothing else
// changes, nothing is deleted). Only facts whose audience heard the denial
// too are ended, so no one learns of a change they were not present for.
// No row is written for the denial itself; its episode keeps it.
// md5(claim_canon) is what facts_claim_md5_idx holds (migration 031).
func (w *writer) end(ctx context.Context, f extract.Fact, aud []string) error {
	tag, err := w.tx.Exec(ctx, `/* close:negate */ UPDATE facts SET valid_until = $6, closure_source = 'close:negated'
		WHERE member_id = $1 AND subject_canon = $2 AND predicate_canon = $3 AND claim_canon = $4 AND md5(claim_canon) = md5($4::text)
		  AND speaker IS NOT DISTINCT FROM $5 AND valid_until IS NULL AND expired_at IS NULL AND valid_from <= $6
		  AND ('*' = ANY($7::text[]) OR audience <@ $7::text[])`,
		w.member, memhive.Canon(f.Subject), memhive.CanonPredicate(f.Predicate), memhive.Canon(f.Claim),
		nullable(f.Speaker), f.ValidFrom, aud)
	if err != nil {
		return fmt.Errorf("end negated fact: %w", err)
	}
	w.rep.Ended += int(tag.RowsAffected())
	return nil
}
