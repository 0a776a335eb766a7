-- Back to 004: tsv over the content alone, GIN indexes over tsv (001, 002)
-- and over (member_id, tsv) (003).
DROP INDEX IF EXISTS facts_mtsv_idx;
CREATE INDEX IF NOT EXISTS facts_tsv_idx        ON facts USING gin (tsv);
CREATE INDEX IF NOT EXISTS facts_member_tsv_idx ON facts USING gin (member_id, tsv);

DROP INDEX IF EXISTS episodes_mtsv_idx;
ALTER TABLE episodes
    DROP COLUMN tsv,
    ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED;
CREATE INDEX IF NOT EXISTS episodes_tsv_idx        ON episodes USING gin (tsv);
CREATE INDEX IF NOT EXISTS episodes_member_tsv_idx ON episodes USING gin (member_id, tsv);

DROP FUNCTION IF EXISTS memhive_episode_tsv(text, text);
DROP FUNCTION IF EXISTS memhive_mquery(text, text[], text);
DROP FUNCTION IF EXISTS memhive_mtsv(text, tsvector);
