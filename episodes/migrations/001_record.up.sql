-- The record: episodes (append-only turns) and refusals (every turn that was
-- refused, with its raw bytes). member_id leads every key: it is the shard key.

CREATE TABLE episodes (
    member_id    text        NOT NULL CHECK (member_id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
    id           text        NOT NULL,               -- ULID
    session_id   text        NOT NULL,
    channel      text        NOT NULL CHECK (channel <> ''),
    role         text        NOT NULL CHECK (role IN ('user', 'assistant', 'peer')),
    speaker      text        NOT NULL,
    audience     text[]      NOT NULL CHECK (cardinality(audience) > 0),
    content      text        NOT NULL,
    ref          text        CHECK (length(ref) <= 128),
    happened_at  timestamptz NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    stream_seq   bigint,
    tsv          tsvector    GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
    tokens       integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, id)
);

CREATE INDEX episodes_session_idx ON episodes (member_id, session_id, happened_at DESC, id DESC);
CREATE INDEX episodes_time_idx    ON episodes (member_id, happened_at, id);
CREATE INDEX episodes_tsv_idx     ON episodes USING gin (tsv);

-- Append-only, held by the database itself.
CREATE FUNCTION memhive_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'memhive: % is append-only; % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER episodes_append_only
    BEFORE UPDATE OR DELETE ON episodes
    FOR EACH ROW EXECUTE FUNCTION memhive_append_only();
CREATE TRIGGER episodes_no_truncate
    BEFORE TRUNCATE ON episodes
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_append_only();

CREATE TABLE refusals (
    member_id    text        NOT NULL,               -- the subject's member token, as received
    id           text        NOT NULL,               -- ULID
    subject      text        NOT NULL,
    code         text        NOT NULL,
    message      text        NOT NULL,
    raw          bytea       NOT NULL,
    stream_seq   bigint,
    recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, id)
);
CREATE INDEX refusals_time_idx ON refusals (member_id, recorded_at);

CREATE TRIGGER refusals_append_only
    BEFORE UPDATE OR DELETE ON refusals
    FOR EACH ROW EXECUTE FUNCTION memhive_append_only();

-- Sessions: one row per (member, session, channel); the close pass fills closed_at.
CREATE TABLE sessions (
    member_id    text        NOT NULL,
    session_id   text        NOT NULL,
    channel      text        NOT NULL,
    participants text[]      NOT NULL DEFAULT '{}',
    started_at   timestamptz NOT NULL,
    last_at      timestamptz NOT NULL,
    closed_at    timestamptz,
    close_reason text,
    PRIMARY KEY (member_id, session_id, channel)
);
