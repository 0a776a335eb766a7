-- The extensions stay: other schemas and indexes may use them.
DROP INDEX IF EXISTS aliases_canonical_idx;
DROP INDEX IF EXISTS entities_canon_trgm_idx;
DROP INDEX IF EXISTS facts_claim_canon_idx;
DROP INDEX IF EXISTS facts_valid_idx;
DROP INDEX IF EXISTS facts_member_tsv_idx;
DROP INDEX IF EXISTS episodes_member_tsv_idx;
