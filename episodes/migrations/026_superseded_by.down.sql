DROP INDEX IF EXISTS facts_superseded_by_idx;
