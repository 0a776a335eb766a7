-- Where each drained entry came from (issue 12, `memhive drain`): one row
-- per (member, entry hash, assistant), naming the file it was read from and
-- when. Append-only: it is the provenance of drafts, never rewritten.
CREATE TABLE drain_sources (
    member_id   text        NOT NULL,
    drain_hash  text        NOT NULL,
    assistant   text        NOT NULL,
    fact_id     text        NOT NULL,
    path        text        NOT NULL,
    format      text        NOT NULL CHECK (format IN ('claude', 'codex', 'gemini', 'markdown')),
    drained_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, drain_hash, assistant)
);
CREATE INDEX drain_sources_fact_idx ON drain_sources (member_id, fact_id);

CREATE TRIGGER drain_sources_append_only
    BEFORE UPDATE OR DELETE ON drain_sources
    FOR EACH ROW EXECUTE FUNCTION memhive_append_only();
