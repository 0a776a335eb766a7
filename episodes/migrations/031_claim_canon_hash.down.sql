-- Fails while a fact's claim_canon is too long for a btree row: the old
-- index could never hold it.
DROP INDEX IF EXISTS facts_claim_md5_idx;
CREATE INDEX facts_claim_canon_idx ON facts (member_id, claim_canon);
