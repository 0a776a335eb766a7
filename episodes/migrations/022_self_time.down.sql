CREATE INDEX facts_kind_idx ON facts (member_id, fact_kind, valid_from);
DROP INDEX IF EXISTS facts_kind_time_idx;
DROP INDEX IF EXISTS facts_subject_time_idx;
