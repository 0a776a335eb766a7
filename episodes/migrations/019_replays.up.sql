-- Replays (docs/replay.md). `memhive replay --member M` rebuilds the
-- member's derived state from the record into a generation of its own: a
-- schema (schema_name) holding fresh derived tables, while the live derived
-- rows stay as they are. This table records every generation: what it
-- replayed and the state hash it reached. Nothing here is deleted; a row is
-- written when the replay starts and only its outcome columns are filled in
-- when it ends.
CREATE TABLE replays (
    member_id    text        NOT NULL,
    generation   integer     NOT NULL CHECK (generation > 0),
    schema_name  text        NOT NULL,
    status       text        NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
    inputs       jsonb       NOT NULL DEFAULT '{}',   -- events replayed, by kind
    state_hash   text,                                -- the generation's state hash
    live_hash    text,                                -- the live state's hash when it finished
    error        text,
    started_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    finished_at  timestamptz,
    PRIMARY KEY (member_id, generation)
);
CREATE UNIQUE INDEX replays_schema_idx ON replays (schema_name);

CREATE FUNCTION memhive_replays_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'memhive: replays are never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    IF (NEW.member_id, NEW.generation, NEW.schema_name, NEW.started_at)
       IS DISTINCT FROM (OLD.member_id, OLD.generation, OLD.schema_name, OLD.started_at) THEN
        RAISE EXCEPTION 'memhive: only the outcome of a replay may change' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER replays_guard BEFORE UPDATE OR DELETE ON replays
    FOR EACH ROW EXECUTE FUNCTION memhive_replays_guard();
