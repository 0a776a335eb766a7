DROP TRIGGER IF EXISTS facts_draft_guard ON facts;
DROP FUNCTION IF EXISTS memhive_facts_draft_guard();
DROP INDEX IF EXISTS facts_draft_idx;
DROP INDEX IF EXISTS facts_drain_hash_idx;
ALTER TABLE facts
    DROP COLUMN IF EXISTS draft_decided_by,
    DROP COLUMN IF EXISTS draft_decided_at,
    DROP COLUMN IF EXISTS drain_hash,
    DROP COLUMN IF EXISTS drafted_by,
    DROP COLUMN IF EXISTS draft;
